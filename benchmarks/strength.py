"""Measured bot strength: each game's heuristic bot against RandomBot, ISMCTSBot against it.

A *hero* bot takes one seat and the *field* bot every other seat; the hero's seat rotates from
match to match, so no seat's advantage favours either side. The hero's score in a match is its
share of the win (``1 / len(winners)`` if it is among the winners, else 0). Averaged over the
matches, it is compared with the fair share ``1 / players`` that the hero would get were it no
stronger than the field: the hero is stronger when the whole 95% confidence interval of its
mean lies above the fair share.

Usage: ``python benchmarks/strength.py [--matches 400] [--ismcts-matches 120]
[--iterations 100] [--playout heuristic|random] [--prior-weight 3] [--margin-weight 0.85]
[--game SLUG ...] [--json]``.

ISMCTS matches are one round long (the ``Rules`` of multi-round games set to a single round)
to bound the cost of its simulations, which the heuristic bot plays by default; the
heuristic-versus-random matches use the default rules.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs

import cardgames
from cardgames.bots import Bot, ISMCTSBot, RandomBot, heuristic_bot, play_match
from cardgames.engine import Action, Game, View

PLAYERS = 3
"""Every game is measured at three players (a count all four games allow)."""

ONE_ROUND: dict[str, dict[str, int]] = {
    "crazy-mistigri": {"rounds": 1, "max_rounds": 1},
    "kitten-tricks": {"max_rounds": 1},
    "crazy-animals": {"rounds": 1},
}
"""The ``Rules`` options that make each multi-round game a single round."""


class _Timed:
    """Wraps a bot and adds up the time it spends choosing."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.seconds = 0.0
        self.decisions = 0

    def choose(self, view: View, rng: random.Random) -> Action:
        start = time.perf_counter()
        action = self.bot.choose(view, rng)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action


@attrs.frozen
class Search:
    """The ISMCTS settings of a measurement."""

    iterations: int
    playout: str
    prior_weight: float
    margin_weight: float

    def bot(self, slug: str) -> Bot:
        """The ISMCTSBot these settings describe, for the game ``slug``."""
        if self.playout == "random":
            return ISMCTSBot(
                self.iterations, prior_weight=self.prior_weight, margin_weight=self.margin_weight
            )
        # With the heuristic bot as the opponents' model, the tree branches on the searching
        # bot's own decisions only (search_opponents=False): see ISMCTSBot.
        return ISMCTSBot(
            self.iterations,
            playout=heuristic_bot(slug),
            search_opponents=False,
            prior_weight=self.prior_weight,
            margin_weight=self.margin_weight,
        )


def _one_match(job: tuple[str, str, str, Search, int, bool]) -> tuple[float, float, int]:
    """Play one match: (hero's win share, hero's seconds choosing, hero's decisions)."""
    slug, hero_name, field_name, search, seed, one_round = job
    game = cardgames.get_game(slug)
    rules = game.Rules(**ONE_ROUND.get(slug, {})) if one_round else None
    hero = _Timed(_make(hero_name, slug, search))
    field = _make(field_name, slug, search)
    seat = seed % PLAYERS
    bots: list[Bot] = [hero if s == seat else field for s in range(PLAYERS)]
    outcome = play_match(game, bots, seed=seed, rules=rules).outcome
    assert outcome is not None  # noqa: S101 - play_match plays to the end
    winners = outcome.winners
    share = 1.0 / len(winners) if seat in winners else 0.0
    return share, hero.seconds, hero.decisions


def _make(name: str, slug: str, search: Search) -> Bot:
    factories: dict[str, Callable[[], Bot]] = {
        "random": RandomBot,
        "heuristic": lambda: heuristic_bot(slug),
        "ismcts": lambda: search.bot(slug),
    }
    return factories[name]()


def measure(
    pool: ProcessPoolExecutor,
    game: Game[Any],
    hero: str,
    field: str,
    *,
    matches: int,
    search: Search,
    one_round: bool,
) -> dict[str, Any]:
    """Play ``matches`` matches of ``hero`` against ``field`` and summarise them."""
    jobs = [(game.slug, hero, field, search, seed, one_round) for seed in range(matches)]
    results = list(pool.map(_one_match, jobs, chunksize=4))
    shares = [share for share, _, _ in results]
    seconds = sum(s for _, s, _ in results)
    decisions = sum(d for _, _, d in results)
    mean = statistics.fmean(shares)
    half = 1.96 * statistics.stdev(shares) / math.sqrt(len(shares))
    return {
        "game": game.slug,
        "hero": hero,
        "field": field,
        "matches": matches,
        "rounds": "one" if one_round else "default",
        "hero_share": round(mean, 3),
        "ci95": [round(mean - half, 3), round(mean + half, 3)],
        "fair_share": round(1 / PLAYERS, 3),
        "stronger": mean - half > 1 / PLAYERS,
        "ms_per_decision": round(1000 * seconds / max(decisions, 1), 2),
        "search": attrs.asdict(search) if "ismcts" in (hero, field) else None,
    }


def main(argv: Sequence[str] | None = None) -> None:
    """Measure and print the table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=400, help="heuristic vs random matches")
    parser.add_argument("--ismcts-matches", type=int, default=120, help="ISMCTS vs heuristic")
    parser.add_argument("--iterations", type=int, default=100, help="ISMCTS iterations per move")
    parser.add_argument(
        "--playout",
        choices=["random", "heuristic"],
        default="heuristic",
        help="the bot that plays ISMCTS's simulations",
    )
    parser.add_argument("--prior-weight", type=float, default=3.0, help="ISMCTS prior_weight")
    parser.add_argument("--margin-weight", type=float, default=0.85, help="ISMCTS margin_weight")
    parser.add_argument("--game", action="append", choices=list(cardgames.GAMES))
    parser.add_argument("--workers", type=int, default=2, help="processes playing matches")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    if min(args.matches, args.ismcts_matches) < 2:  # noqa: PLR2004 - a spread needs two
        parser.error("a confidence interval needs at least 2 matches per matchup")
    games = [cardgames.get_game(slug) for slug in args.game or cardgames.GAMES]
    search = Search(args.iterations, args.playout, args.prior_weight, args.margin_weight)
    rows = []
    with ProcessPoolExecutor(args.workers) as pool:
        for game in games:
            rows.append(
                measure(
                    pool,
                    game,
                    "heuristic",
                    "random",
                    matches=args.matches,
                    search=search,
                    one_round=False,
                )
            )
            rows.append(
                measure(
                    pool,
                    game,
                    "ismcts",
                    "heuristic",
                    matches=args.ismcts_matches,
                    search=search,
                    one_round=True,
                )
            )
    if args.json:
        print(json.dumps({"players": PLAYERS, "search": attrs.asdict(search), "rows": rows}))
        return
    print(
        f"{PLAYERS} players; hero in one seat (rotating), field in the others; ISMCTS: "
        f"{args.iterations} iterations, simulations by the {args.playout} bot, "
        f"prior_weight {args.prior_weight}, margin_weight {args.margin_weight}."
    )
    print(
        "| game | hero vs field | rounds | matches | hero's win share (95% CI) "
        "| stronger | ms/move |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        hero = row["hero"] if row["hero"] != "ismcts" else f"ismcts-{args.iterations}"
        low, high = row["ci95"]
        print(
            f"| {row['game']} | {hero} vs {row['field']} | {row['rounds']} | {row['matches']} | "
            f"{row['hero_share']:.3f} ({low:.3f}-{high:.3f}) | "
            f"{'yes' if row['stronger'] else 'no'} | {row['ms_per_decision']} |"
        )


if __name__ == "__main__":
    main()
