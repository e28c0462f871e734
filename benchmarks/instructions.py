"""Instructions per action of every game, in both builds and for OpenSpiel's `crazy_eights`.

A deterministic companion to ``builds.py``: CPU time on a shared machine moves by 10-30% from one
run to the next, while the number of instructions a random playout executes does not. Each
configuration runs the playout loop of ``throughput.py`` under ``valgrind --tool=callgrind``
for a small and a large number of matches (``--matches``), with ``PYTHONHASHSEED=0``, and the
figure is the difference of the instruction counts divided by the difference of the actions,
so that the interpreter's start-up and the imports cancel out. OpenSpiel's C++ `crazy_eights`
is driven by the loop of ``baselines.py`` (its chance nodes sampled, not counted as actions).

Instructions are not time: the interpreter executes more instructions per cycle on some code
than on other, so a game that executes as many instructions per action as `crazy_eights` can
still take longer per action. Use this table to judge a change A/B, and ``builds.py`` for the
time ratios.

``--path playout`` measures the search's simulation instead, `State.playout` from each match's
deal with its default random policy: the instructions are counted under callgrind as above and
divided by the actions that the same random choices take through `apply` (counted in a run of
its own, outside callgrind, since a playout keeps no history).

Usage: ``python benchmarks/instructions.py [--compiled-python PATH] [--game SLUG ...]
[--matches 50 200] [--no-peer] [--path apply|playout]`` (needs ``valgrind``; several minutes).
Progress goes to stderr, the Markdown table to stdout.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from _builds import under_callgrind

import cardgames

PLAYOUT = """
import random, sys
import cardgames
slug, players, matches = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
game = cardgames.get_game(slug)
rng = random.Random(players)
actions = 0
for seed in range(matches):
    state = game.new(players, seed=seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        actions += 1
print(actions)
"""

OPENSPIEL = """
import random, sys
import pyspiel
game = pyspiel.load_game(sys.argv[1])
rng = random.Random(0)
actions = 0
for _ in range(int(sys.argv[3])):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
print(actions)
"""

# The search's simulation: `State.playout` with its default random policy, from each match's
# deal. Its per-action figure divides by the actions that the same choices take through `apply`
# (counted by the ordinary loop of ``count``, outside callgrind: the playout keeps no history).
PLAYOUT_PATH = """
import random, sys
import cardgames
slug, players, matches, mode = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
game = cardgames.get_game(slug)
rng = random.Random(players)
actions = 0
for seed in range(matches):
    state = game.new(players, seed=seed)
    if mode == "playout":
        state.playout(rng)
        continue
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[int(rng.random() * len(legal))])
        actions += 1
print(actions)
"""


VALGRIND = shutil.which("valgrind")


def progress(message: str) -> None:
    """Say on stderr what is being measured."""
    print(f"[instructions] {message}", file=sys.stderr, flush=True)


def counted(python: str, script: Path, args: list[str]) -> tuple[int, int]:
    """Run ``script`` under callgrind: (actions it printed, instructions executed)."""
    printed, executed = under_callgrind([python, str(script), *args], keep_path=False)
    return int(printed.split()[-1]), executed


def per_action(python: str, script: Path, name: str, players: int, matches: list[int]) -> float:
    """Instructions per action between the small and the large run."""
    (a1, c1), (a2, c2) = (counted(python, script, [name, str(players), str(m)]) for m in matches)
    return (c2 - c1) / (a2 - a1)


def per_playout_action(
    python: str, script: Path, name: str, players: int, matches: list[int]
) -> float:
    """Instructions per action of `State.playout` between the small and the large run."""
    steps = []
    for m in matches:
        args = [name, str(players), str(m)]
        counts = subprocess.run(  # noqa: S603 - our own interpreter and script
            [python, str(script), *args, "count"], check=True, capture_output=True, text=True
        )
        steps.append(int(counts.stdout.split()[-1]))
    (_, c1), (_, c2) = (
        counted(python, script, [name, str(players), str(m), "playout"]) for m in matches
    )
    return (c2 - c1) / (steps[1] - steps[0])


def main() -> None:
    """Measure, then print the Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled-python", default=".venv-compiled/bin/python")
    parser.add_argument("--game", action="append", help="a slug (default: every game)")
    parser.add_argument("--matches", type=int, nargs=2, default=[50, 200])
    parser.add_argument(
        "--peer",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="measure OpenSpiel's crazy_eights too (needs the bench extra)",
    )
    parser.add_argument(
        "--path",
        choices=("apply", "playout"),
        default="apply",
        help="the loop measured: apply (the default) or State.playout, the search's simulation",
    )
    args = parser.parse_args()
    if VALGRIND is None:
        sys.exit("instructions.py needs valgrind (Debian: apt-get install valgrind)")
    builds = {"pure": sys.executable, "compiled": args.compiled_python}
    with tempfile.TemporaryDirectory() as tmp:
        playout, openspiel = Path(tmp, "playout.py"), Path(tmp, "openspiel.py")
        playout.write_text(PLAYOUT if args.path == "apply" else PLAYOUT_PATH)
        measure = per_action if args.path == "apply" else per_playout_action
        openspiel.write_text(OPENSPIEL)
        eights = None
        if args.peer:
            progress("openspiel crazy_eights")
            try:
                eights = per_action(sys.executable, openspiel, "crazy_eights", 0, [20, 80])
            except subprocess.CalledProcessError:
                progress("openspiel crazy_eights: not measured (pip install -e '.[bench]')")
        print(
            f"Command: `python benchmarks/instructions.py --matches {args.matches[0]} "
            f"{args.matches[1]} --path {args.path}`"
        )
        if eights is not None:
            print(f"\nOpenSpiel's C++ `crazy_eights`: {eights:,.0f} instructions per action.\n")
        print("| game | players | pure | compiled | compiled / pure |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for slug, game in cardgames.GAMES.items():
            if args.game and slug not in args.game:
                continue
            for players in range(game.min_players, game.max_players + 1):
                figures = {}
                for build, python in builds.items():
                    progress(f"{slug}, {players} players, the {build} build")
                    figures[build] = measure(python, playout, slug, players, args.matches)
                print(
                    f"| {slug} | {players} | {figures['pure']:,.0f} | "
                    f"{figures['compiled']:,.0f} | {figures['compiled'] / figures['pure']:.2f} |"
                )


if __name__ == "__main__":
    main()
