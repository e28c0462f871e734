"""The compiled build against OpenSpiel's C++ `crazy_eights`, in interleaved pairs of slices.

On a shared machine the speed of both sides moves by 10-30% within a minute, so a table of
best-of-N rates measured minutes apart (``builds.py``) can put a slow spell on one side only.
Here every measurement is a pair of short slices run back to back in one process of the
compiled build: ``--seconds`` of CPU time of `crazy_eights`, then as long of one game and
player count (or the other way round: the order alternates from pair to pair, so that a
machine slowing down or speeding up favours neither side), both driven by the same
random-playout loop. Each pair gives one ratio (the game's actions per CPU second over
`crazy_eights`'); the table shows, per configuration, the median of ``--rounds`` pairs and the
lowest and highest. A slow spell that hits a pair hits both of its sides, so the median moves
far less than either rate. Every slice of the game plays matches of its own seeds (a game
keeps shared events between matches, so repeating seeds would flatter it), each slice of
`crazy_eights` starts from the same random state (it keeps nothing between matches), and the
first pair of each configuration is a warm-up that the table leaves out (both sides are
measured warm, as a long simulation runs).

Usage: ``python benchmarks/paired.py [--compiled-python PATH] [--game SLUG ...] [--rounds 15]
[--seconds 0.3]`` (the compiled build needs OpenSpiel: the ``openspiel`` or ``bench`` extra).
Progress goes to stderr, the Markdown table to stdout.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import baselines
import throughput

import cardgames
from cardgames.engine import Game

HERE = Path(__file__).resolve().parent

# The measuring side: run in the compiled build's own interpreter, it prints the pairs as JSON.
WORKER = """
import sys
sys.path.insert(0, sys.argv[1])
import json, paired
print(json.dumps(paired.pairs(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]))))
"""


def progress(message: str) -> None:
    """Say on stderr what is being measured."""
    print(f"[paired] {message}", file=sys.stderr, flush=True)


def eights_rate(seconds: float) -> float:
    """`crazy_eights`' actions per CPU second over one slice of about ``seconds``."""
    cpu = time.process_time()
    run = baselines.BASELINES["openspiel-crazy_eights"](seconds)
    if run is None:
        sys.exit("paired.py needs OpenSpiel in the compiled build: the 'openspiel' extra")
    return run[1] / (time.process_time() - cpu)


def game_rate(game: Game[Any], players: int, seconds: float, seed: int) -> tuple[float, int]:
    """The game's actions per CPU second over one slice from ``seed`` on, and the next seed."""
    matches, actions, _, cpu = throughput.play_timed(game, players, seconds, first_seed=seed)
    return actions / cpu, seed + matches


def pairs(slug: str, players: int, rounds: int, seconds: float) -> list[tuple[float, float]]:
    """``rounds`` pairs (game rate, `crazy_eights` rate), after one pair of warm-up.

    Pair ``k`` measures `crazy_eights` first when ``k`` is even and the game first when it is
    odd; each slice of the game starts at seeds it has not played yet.
    """
    game = cardgames.get_game(slug)
    measured: list[tuple[float, float]] = []
    seed = 0
    for k in range(rounds + 1):
        if k % 2 == 0:
            theirs = eights_rate(seconds)
            ours, seed = game_rate(game, players, seconds, seed)
        else:
            ours, seed = game_rate(game, players, seconds, seed)
            theirs = eights_rate(seconds)
        if k:  # the first pair warms both sides up
            measured.append((ours, theirs))
    return measured


def measure(
    python: str, slug: str, players: int, rounds: int, seconds: float
) -> list[tuple[float, float]]:
    """The pairs of one configuration, measured in a fresh process of ``python``."""
    done = subprocess.run(  # noqa: S603 - our own interpreter and script
        [python, "-c", WORKER, str(HERE), slug, str(players), str(rounds), str(seconds)],
        check=True,
        capture_output=True,
        text=True,
        cwd=HERE.parent,
    )
    return [(float(a), float(b)) for a, b in json.loads(done.stdout)]


def main() -> None:
    """Measure the pairs, then print the Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled-python", default=".venv-compiled/bin/python")
    parser.add_argument("--game", action="append", help="a slug (default: every game)")
    parser.add_argument("--rounds", type=int, default=15, help="pairs per configuration")
    parser.add_argument("--seconds", type=float, default=0.3, help="CPU seconds per side of a pair")
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
            progress(f"{slug}, {players} players: {args.rounds} pairs of {args.seconds} s")
            measured = measure(args.compiled_python, slug, players, args.rounds, args.seconds)
            ours = [a for a, _ in measured]
            theirs = [b for _, b in measured]
            ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
            print(
                f"| {slug} | {players} | {statistics.median(ours):,.0f} "
                f"| {statistics.median(theirs):,.0f} | {statistics.median(ratios):.2f} "
                f"| {min(ratios):.2f} | {max(ratios):.2f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
