"""The compiled build against OpenSpiel's C++ `crazy_eights`, in back-to-back pairs of runs.

On a shared machine the speed of both sides moves by 10-30% within a minute, so a table of
best-of-N rates measured minutes apart (``builds.py``) can put a slow spell on one side only.
Here every measurement is a pair: `crazy_eights` for ``--seconds`` in this process,
then at once one game and player count for as long in a fresh process of the compiled build,
both driven by the same random-playout loop. Each pair gives one ratio (the game's actions per
CPU second over `crazy_eights`'); the table shows, per configuration, the median of
``--rounds`` pairs and the lowest and highest. A slow spell that hits a pair hits both of its
sides, so the median moves far less than either rate.

Usage: ``python benchmarks/paired.py [--compiled-python PATH] [--game SLUG ...] [--rounds 5]
[--seconds 1]`` (needs the bench extra for OpenSpiel). Progress goes to stderr, the Markdown
table to stdout.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

import baselines

import cardgames

HERE = Path(__file__).resolve().parent

# The game's side: the random-playout loop of throughput.py, in the build's own interpreter.
PLAYOUT = """
import sys
sys.path.insert(0, sys.argv[1])
import cardgames, throughput
_, actions, _, cpu = throughput.play_timed(
    cardgames.get_game(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
)
print(actions / cpu)
"""


def progress(message: str) -> None:
    """Say on stderr what is being measured."""
    print(f"[paired] {message}", file=sys.stderr, flush=True)


def eights_rate(seconds: float) -> float:
    """`crazy_eights`' actions per CPU second over one run of about ``seconds``."""
    cpu = time.process_time()
    run = baselines.BASELINES["openspiel-crazy_eights"](seconds)
    if run is None:
        sys.exit("paired.py needs OpenSpiel: pip install -e '.[bench]'")
    return run[1] / (time.process_time() - cpu)


def game_rate(python: str, slug: str, players: int, seconds: float) -> float:
    """The game's actions per CPU second over one run, in a fresh process of ``python``."""
    done = subprocess.run(  # noqa: S603 - our own interpreter and script
        [python, "-c", PLAYOUT, str(HERE), slug, str(players), str(seconds)],
        check=True,
        capture_output=True,
        text=True,
        cwd=HERE.parent,
    )
    return float(done.stdout)


def main() -> None:
    """Measure the pairs, then print the Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled-python", default=".venv-compiled/bin/python")
    parser.add_argument("--game", action="append", help="a slug (default: every game)")
    parser.add_argument("--rounds", type=int, default=5, help="pairs per configuration")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per side")
    args = parser.parse_args()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}, load average {load} at the start."
    )
    print(
        f"Command: `python benchmarks/paired.py --rounds {args.rounds} --seconds {args.seconds}`"
        f" (compiled build: {args.compiled_python})\n"
    )
    print(
        "| game | players | compiled actions/s (median) | crazy_eights actions/s (median) "
        "| compiled x crazy_eights: median | lowest | highest |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for slug, game in cardgames.GAMES.items():
        if args.game and slug not in args.game:
            continue
        for players in range(game.min_players, game.max_players + 1):
            ours: list[float] = []
            theirs: list[float] = []
            for round_ in range(1, args.rounds + 1):
                progress(f"{slug}, {players} players: pair {round_}/{args.rounds}")
                theirs.append(eights_rate(args.seconds))
                ours.append(game_rate(args.compiled_python, slug, players, args.seconds))
            ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
            print(
                f"| {slug} | {players} | {statistics.median(ours):,.0f} "
                f"| {statistics.median(theirs):,.0f} | {statistics.median(ratios):.2f} "
                f"| {min(ratios):.2f} | {max(ratios):.2f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
