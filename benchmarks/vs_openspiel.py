"""A peer as a yardstick: OpenSpiel's search bots against this library's bots, at equal time.

Through the OpenSpiel adapter (`cardgames.adapters.openspiel`), OpenSpiel's own bots play the
library's games:

* `os-ismcts`: OpenSpiel's information-set MCTS (`open_spiel.python.algorithms.ismcts`), with
  its default settings (UCT, unlimited world samples, most-visited move) and random rollouts
  (`RandomRolloutEvaluator`), `uct_c = sqrt(2)` times the utility range (1), as OpenSpiel's own
  tools set it;
* `os-mcts`: OpenSpiel's MCTS (`open_spiel.python.algorithms.mcts.MCTSBot`, same evaluator and
  constant). MCTS is a perfect-information search: given the true state it would see every hand
  and, here, every future reshuffle. So each move it searches one world resampled from its own
  information state (one determinization), and never sees what a player may not.

They face the library's `ISMCTSBot` (`ismcts`: simulations played by the game's heuristic bot,
the tree on its own decisions, as `benchmarks/strength.py` measures it) and its heuristic bot
(`heuristic`). Every search bot gets the same time per move (`--seconds`); OpenSpiel's bots,
which count simulations, stop at the first simulation that starts after the deadline. A move
with one legal action is played without search by every bot.

Duplicate deals: each deal (seed) is played once in each rotation of the seats, the OpenSpiel
bot (the *hero*) in one seat and the library's bot in the others, so the luck of the deal is
shared. The hero's score in a deal is its mean share of the win over the rotations (a match
share is `1 / len(winners)` if it is among the winners, else 0); the table gives its mean over
deals with a 95% confidence interval (normal approximation over deals), against the fair
share `1 / players` it would get were it no stronger than the field.

Matches are one round long (each multi-round game's `Rules` set to a single round, as in
`benchmarks/strength.py`) to bound the cost of the search. Classic Mistigri is left out: its
only decisions are blind draws, which the engine reshuffles, so no bot can be better than
another.

Usage: `python benchmarks/vs_openspiel.py [--deals 24] [--seconds 0.05] [--players 3]
[--game SLUG ...] [--workers 2] [--json]`; needs `pip install -e '.[openspiel]'`. Progress goes
to stderr, the table to stdout.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import cardgames
from cardgames.adapters import openspiel
from cardgames.bots import Bot, ISMCTSBot, heuristic_bot
from cardgames.encoding import ActionSpace

GAMES = ("crazy-mistigri", "kitten-tricks", "crazy-animals")
"""The games measured: every game where a decision can matter."""
ONE_ROUND: dict[str, dict[str, int]] = {
    "crazy-mistigri": {"rounds": 1, "max_rounds": 1},
    "kitten-tricks": {"max_rounds": 1},
    "crazy-animals": {"rounds": 1},
}
"""The `Rules` options that make each multi-round game a single round."""
HEROES = ("os-ismcts", "os-mcts")
FIELDS = ("ismcts", "heuristic")


class _OutOfTime(Exception):  # noqa: N818 - a signal, not an error
    """Raised at the start of a simulation once the time per move is spent."""


UCT_C = math.sqrt(2)
"""OpenSpiel's exploration constant: sqrt(2) times the utility range (returns lie in [0, 1])."""


class TimedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]  # untyped base
    """OpenSpiel's ISMCTS, unchanged, with its loop of simulations cut at a deadline."""

    def __init__(self, game: Any, seconds: float, rs: Any) -> None:  # noqa: ANN401 - pyspiel
        """Random rollouts, `UCT_C`, OpenSpiel's defaults for everything else."""
        evaluator = mcts.RandomRolloutEvaluator(1, rs)
        super().__init__(game, evaluator, UCT_C, 10**9, random_state=rs)
        self.seconds = seconds
        self.deadline = 0.0
        self.started = 0

    def run_search(self, state: Any) -> Any:  # noqa: ANN401 - pyspiel types
        """Search until the deadline, then return OpenSpiel's final policy."""
        self.deadline = time.perf_counter() + self.seconds
        self.started = 0
        try:
            return super().run_search(state)
        except _OutOfTime:
            return self.get_final_policy(state, self._root_node)

    def sample_root_state(self, state: Any) -> Any:  # noqa: ANN401 - pyspiel types
        """Start a simulation, unless the time is spent."""
        # Two simulations give the root its first visit (the first one expands it).
        if self.started >= 2 and time.perf_counter() >= self.deadline:  # noqa: PLR2004
            raise _OutOfTime
        self.started += 1
        return super().sample_root_state(state)


class TimedMCTS(mcts.MCTSBot):  # type: ignore[misc]  # untyped base
    """OpenSpiel's MCTS, unchanged, with its loop of simulations cut at a deadline."""

    def __init__(self, game: Any, seconds: float, rs: Any) -> None:  # noqa: ANN401 - pyspiel
        """Random rollouts, `UCT_C`, OpenSpiel's defaults for everything else."""
        evaluator = mcts.RandomRolloutEvaluator(1, rs)
        super().__init__(game, UCT_C, 10**9, evaluator, random_state=rs)
        self.seconds = seconds
        self.deadline = 0.0
        self.started = 0
        self.root: Any = None

    def mcts_search(self, state: Any) -> Any:  # noqa: ANN401 - pyspiel types
        """Search until the deadline, then return the root."""
        self.deadline = time.perf_counter() + self.seconds
        self.started = 0
        try:
            return super().mcts_search(state)
        except _OutOfTime:
            return self.root

    def _apply_tree_policy(self, root: Any, state: Any) -> Any:  # noqa: ANN401 - pyspiel types
        if self.started >= 2 and time.perf_counter() >= self.deadline:  # noqa: PLR2004
            raise _OutOfTime
        self.root = root
        self.started += 1
        return super()._apply_tree_policy(root, state)


def _library_bot(name: str, slug: str, seconds: float) -> Bot:
    if name == "heuristic":
        return heuristic_bot(slug)
    return ISMCTSBot(10**9, seconds=seconds, playout=heuristic_bot(slug), search_opponents=False)


def _one_match(job: tuple[str, str, str, int, float, int, int]) -> dict[str, Any]:
    """Play one match; return the hero's share, and each side's search time and decisions."""
    slug, hero, field, players, seconds, seed, hero_seat = job
    library = cardgames.get_game(slug)
    rules = library.Rules(**ONE_ROUND.get(slug, {}))
    game = pyspiel.load_game(
        openspiel.SHORT_NAMES[slug],
        {"players": players, "rules": openspiel.rules_parameter(rules)},
    )
    space = ActionSpace(library, players, rules)
    rs = np.random.RandomState(seed * 7919 + hero_seat)
    hero_bot = (TimedISMCTS if hero == "os-ismcts" else TimedMCTS)(game, seconds, rs)
    field_bot = _library_bot(field, slug, seconds)
    rng = random.Random(seed * 31 + hero_seat)
    state = game.new_initial_state()
    for part in openspiel.seed_outcomes(seed):
        state.apply_action(part)
    spent = {"hero": [0.0, 0], "field": [0.0, 0]}
    simulations = 0
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        side = "hero" if seat == hero_seat else "field"
        start = time.perf_counter()
        if side == "field":
            view = openspiel.library_state(state).view(seat)  # type: ignore[union-attr]
            action = space.index(field_bot.choose(view, rng))
        elif hero == "os-mcts":
            world = state.resample_from_infostate(seat, rs.uniform)
            action = hero_bot.step(world)
        else:
            action = hero_bot.step(state)
        if side == "hero":
            simulations += hero_bot.started
        spent[side][0] += time.perf_counter() - start
        spent[side][1] += 1
        state.apply_action(int(action))
    final = openspiel.library_state(state)
    outcome = final.outcome if final is not None else None
    winners = outcome.winners if outcome is not None else tuple(range(players))  # truncated
    share = 1.0 / len(winners) if hero_seat in winners else 0.0
    return {"seed": seed, "share": share, "spent": spent, "simulations": simulations}


def measure(
    pool: ProcessPoolExecutor,
    slug: str,
    hero: str,
    field: str,
    *,
    players: int,
    deals: int,
    seconds: float,
) -> dict[str, Any]:
    """Play `deals` duplicate deals of `hero` against `field` and summarise them."""
    jobs = [
        (slug, hero, field, players, seconds, seed, seat)
        for seed in range(deals)
        for seat in range(players)
    ]
    by_deal: dict[int, list[float]] = {}
    spent = {"hero": [0.0, 0], "field": [0.0, 0]}
    simulations = 0
    futures = [pool.submit(_one_match, job) for job in jobs]
    for done, future in enumerate(as_completed(futures), 1):
        result = future.result()
        by_deal.setdefault(result["seed"], []).append(result["share"])
        simulations += result["simulations"]
        for side, total in spent.items():
            total[0] += result["spent"][side][0]
            total[1] += result["spent"][side][1]
        print(
            f"\r{slug}: {hero} vs {field}: {done}/{len(jobs)} matches",
            end="",
            file=sys.stderr,
            flush=True,
        )
    scores = [statistics.fmean(shares) for shares in by_deal.values()]
    mean = statistics.fmean(scores)
    half = 1.96 * statistics.stdev(scores) / math.sqrt(len(scores))
    fair = 1 / players
    print(f" -> {mean:.3f} +- {half:.3f}", file=sys.stderr, flush=True)
    return {
        "game": slug,
        "hero": hero,
        "field": field,
        "deals": deals,
        "matches": len(jobs),
        "hero_share": round(mean, 3),
        "ci95": [round(max(mean - half, 0.0), 3), round(min(mean + half, 1.0), 3)],
        "fair_share": round(fair, 3),
        "verdict": "stronger" if mean - half > fair else "weaker" if mean + half < fair else "-",
        "ms_per_move": {
            side: round(1000 * total / max(count, 1), 1) for side, (total, count) in spent.items()
        },
        "hero_simulations_per_move": round(simulations / max(spent["hero"][1], 1), 1),
    }


def main(argv: Sequence[str] | None = None) -> None:
    """Measure and print the table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=24, help="duplicate deals per matchup")
    parser.add_argument("--seconds", type=float, default=0.05, help="search time per move")
    parser.add_argument("--players", type=int, default=3, help="seats per match")
    parser.add_argument("--game", action="append", choices=GAMES, help="default: all three")
    parser.add_argument("--hero", action="append", choices=HEROES, help="default: both")
    parser.add_argument("--field", action="append", choices=FIELDS, help="default: both")
    parser.add_argument("--workers", type=int, default=2, help="processes playing matches")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    if args.deals < 2:  # noqa: PLR2004 - a spread needs two
        parser.error("a confidence interval needs at least 2 deals per matchup")
    if not args.seconds > 0:
        parser.error("--seconds must be positive")
    for slug in args.game or GAMES:
        cardgames.get_game(slug).check_players(args.players)
    start = time.perf_counter()
    matchups = [
        (slug, hero, field)
        for slug in args.game or GAMES
        for hero in args.hero or HEROES
        for field in args.field or FIELDS
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [
            measure(pool, *matchup, players=args.players, deals=args.deals, seconds=args.seconds)
            for matchup in matchups
        ]
    wall = time.perf_counter() - start
    print(f"done in {wall:.0f} s", file=sys.stderr)
    if args.json:
        print(json.dumps({"players": args.players, "seconds": args.seconds, "rows": rows}))
        return
    print(
        f"{args.players} players, one round; {args.seconds * 1000:g} ms of search per move; "
        f"the OpenSpiel bot in one seat, the library's bot in the others, every deal played "
        f"in every rotation; fair share {1 / args.players:.3f}."
    )
    print(
        "| game | OpenSpiel bot vs library bot | deals (matches) "
        "| OpenSpiel bot's win share (95% CI) | verdict | ms/move (OpenSpiel, library) "
        "| OpenSpiel simulations/move |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        low, high = row["ci95"]
        ms = row["ms_per_move"]
        print(
            f"| {row['game']} | {row['hero']} vs {row['field']} | {row['deals']} "
            f"({row['matches']}) | {row['hero_share']:.3f} ({low:.3f}-{high:.3f}) | "
            f"{row['verdict']} | {ms['hero']}, {ms['field']} | "
            f"{row['hero_simulations_per_move']} |"
        )


if __name__ == "__main__":
    main()
