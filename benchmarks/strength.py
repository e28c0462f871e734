"""Measured bot strength: each game's heuristic bot against RandomBot, ISMCTSBot against it.

A *hero* bot takes one seat and the *field* bot every other seat; the hero's seat rotates from
match to match, so no seat's advantage favours either side. The hero's score in a match is its
share of the win (``1 / len(winners)`` if it is among the winners, else 0). Averaged over the
matches, it is compared with the fair share ``1 / players`` that the hero would get were it no
stronger than the field: the hero is stronger when the whole 95% confidence interval of its
mean lies above the fair share.

Usage: ``python benchmarks/strength.py [--matches 400] [--ismcts-matches 120]
[--iterations 100] [--playout heuristic|random] [--game SLUG ...] [--json]``.

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

import cardgames
from cardgames.bots import Bot, ISMCTSBot, RandomBot, heuristic_bot
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


def _one_match(job: tuple[str, str, str, int, str, int, bool]) -> tuple[float, float, int]:
    """Play one match: (hero's win share, hero's seconds choosing, hero's decisions)."""
    slug, hero_name, field_name, iterations, playout, seed, one_round = job
    game = cardgames.get_game(slug)
    rules = game.Rules(**ONE_ROUND.get(slug, {})) if one_round else None
    hero = _Timed(_make(hero_name, slug, iterations, playout))
    field = _make(field_name, slug, iterations, playout)
    seat = seed % PLAYERS
    bots: list[Bot] = [hero if s == seat else field for s in range(PLAYERS)]
    state = game.new(PLAYERS, seed=seed, rules=rules)
    rngs = [random.Random(f"{seed}/{s}") for s in range(PLAYERS)]
    while not state.is_over:
        mover = state.to_move
        state = state.apply(bots[mover].choose(state.view(mover), rngs[mover]))
    winners = state.outcome.winners
    share = 1.0 / len(winners) if seat in winners else 0.0
    return share, hero.seconds, hero.decisions


def _make(name: str, slug: str, iterations: int, playout: str) -> Bot:
    factories: dict[str, Callable[[], Bot]] = {
        "random": RandomBot,
        "heuristic": lambda: heuristic_bot(slug),
        # With the heuristic bot as the opponents' model, the tree branches on the searching
        # bot's own decisions only (search_opponents=False): see ISMCTSBot.
        "ismcts": lambda: (
            ISMCTSBot(iterations, playout=heuristic_bot(slug), search_opponents=False)
            if playout == "heuristic"
            else ISMCTSBot(iterations)
        ),
    }
    return factories[name]()


def measure(
    pool: ProcessPoolExecutor,
    game: Game[Any],
    hero: str,
    field: str,
    *,
    matches: int,
    iterations: int,
    playout: str,
    one_round: bool,
) -> dict[str, Any]:
    """Play ``matches`` matches of ``hero`` against ``field`` and summarise them."""
    jobs = [
        (game.slug, hero, field, iterations, playout, seed, one_round) for seed in range(matches)
    ]
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
    parser.add_argument("--game", action="append", choices=list(cardgames.GAMES))
    parser.add_argument("--workers", type=int, default=2, help="processes playing matches")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    if min(args.matches, args.ismcts_matches) < 2:  # noqa: PLR2004 - a spread needs two
        parser.error("a confidence interval needs at least 2 matches per matchup")
    games = [cardgames.get_game(slug) for slug in args.game or cardgames.GAMES]
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
                    iterations=0,
                    playout=args.playout,
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
                    iterations=args.iterations,
                    playout=args.playout,
                    one_round=True,
                )
            )
    if args.json:
        settings = {"players": PLAYERS, "iterations": args.iterations, "playout": args.playout}
        print(json.dumps({**settings, "rows": rows}))
        return
    print(
        f"{PLAYERS} players; hero in one seat (rotating), field in the others; "
        f"ISMCTS simulations played by the {args.playout} bot."
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
