"""A designer's sweep at scale: 8 rules variants x 20,000 matches each, on every core.

Every variant plays the same deals with the same bots (`cardgames.arena.compare`), so each
difference from the first variant is paired deal by deal. One progress bar (tqdm, or a line
every few seconds) covers the whole sweep and gives the time left.

Usage: `python benchmarks/sweep.py [--game crazy-animals] [--matches 20000] [--seed 2026]
[--workers N] [--dask ADDRESS] [--json FILE] [--html FILE]`.

The 8 variants change one option each of the game's `Rules` (see `cardgames rules SLUG`).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from cardgames.arena import compare

SWEEPS: dict[str, dict[str, str]] = {
    "crazy-animals": {
        "rulebook": "",
        "knock after 2 turns": "knock_after=2",
        "knock after 1 turn": "knock_after=1",
        "first player 1": "first_player=1",
        "1 round": "rounds=1",
        "2 rounds": "rounds=2",
        "4 rounds": "rounds=4",
        "6 rounds": "rounds=6",
    },
    "crazy-mistigri": {
        "rulebook": "",
        "1 round": "rounds=1",
        "3 rounds": "rounds=3",
        "4 rounds": "rounds=4",
        "1 round, no tie-break": "rounds=1,max_rounds=1",
        "2 rounds, no tie-break": "rounds=2,max_rounds=2",
        "first player 1": "first_player=1",
        "first player 2": "first_player=2",
    },
    "kitten-tricks": {
        "rulebook": "",
        "4 colours": "colours=4",
        "6 colours": "colours=6",
        "values 1-6": "values=6",
        "values 1-8": "values=8",
        "limit 3 rounds": "max_rounds=3",
        "limit 5 rounds": "max_rounds=5",
        "first player 1": "first_player=1",
    },
    "classic-mistigri": {
        "rulebook": "",
        "most pairs win": "most_pairs_wins=true",
        "first player 1": "first_player=1",
        "first player 2": "first_player=2",
        "most pairs, first 1": "most_pairs_wins=true,first_player=1",
        "most pairs, first 2": "most_pairs_wins=true,first_player=2",
        "rulebook again": "",
        "most pairs again": "most_pairs_wins=true",
    },
}
"""Eight variants per game, the first the reference."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the sweep, print its table, write the JSON and HTML asked for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="crazy-animals", choices=sorted(SWEEPS))
    parser.add_argument("--matches", type=int, default=20_000, help="matches per variant")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=None, help="default: every core")
    parser.add_argument("--dask", default=None, metavar="ADDRESS")
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--html", type=Path, default=None)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    result = compare(
        args.game,
        SWEEPS[args.game],
        ["heuristic", "random"],
        args.matches,
        players=3,
        seed=args.seed,
        executor=args.dask,
        workers=None if args.dask else args.workers,
        progress=True,
    )
    seconds = time.perf_counter() - start
    print(result.table())
    total = args.matches * len(result.variants)
    print(
        f"\n{total:,} matches in {seconds:.1f} s ({total / seconds:,.0f} matches/s) on "
        f"{result.variants[0].report.timing.executor}"
    )
    if args.json:
        args.json.write_text(result.to_json() + "\n", encoding="utf-8")
    if args.html:
        from cardgames.arena.html import write_html

        write_html(result, args.html, " ".join(["python", "benchmarks/sweep.py", *sys.argv[1:]]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
