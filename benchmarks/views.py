"""What a view costs, per game and build: asked move by move, and asked of a state cold.

A live table and the arena build every seat's view after every move: `State.view` then redacts
only the events since that seat's last view (the events it saw are kept on the newest node of
the match's log). A state nobody asked about before (a match just loaded, an older state of a
search tree) redacts its whole history once. For each game, the script plays seeded random
matches with 4 seats and measures the CPU microseconds of `state.view(seat)`:

- *move by move*: every seat's view of every state in turn, as a table asks;
- *cold*: the same views of the same states, each one freshly loaded from its JSON, so no view
  of its match was built before (the load itself is not timed).

Both builds are measured, each in its own process (`make compiled` builds the compiled one).
Timings are never asserted by tests: speed is measured here.

Usage: `python benchmarks/views.py [--matches 20] [--compiled-python PATH]`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from _builds import command_line, each_build

import cardgames
from cardgames import _build
from cardgames.engine import State

PLAYERS = 4


def progress(line: str) -> None:
    """One line of progress on stderr."""
    print(line, file=sys.stderr, flush=True)


def _matches(slug: str, count: int) -> list[list[State[object]]]:
    """``count`` seeded random matches of game ``slug``, each as the list of its states."""
    game = cardgames.get_game(slug)
    matches = []
    for seed in range(count):
        rng = random.Random(seed)
        state = game.new(PLAYERS, seed=seed)
        states = [state]
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            states.append(state)
        matches.append(states)
    return matches


def measure(count: int) -> dict[str, object]:
    """This build's µs per view, move by move and cold, for each game."""
    build = _build.short()
    rows = []
    for slug in sorted(cardgames.GAMES):
        matches = _matches(slug, count)
        game = cardgames.get_game(slug)
        # Loaded before the clock starts: a cold state has no view of its match built yet.
        cold_states = [[game.from_json(state.to_json()) for state in states] for states in matches]
        views = sum(len(states) for states in matches) * PLAYERS
        start = time.process_time()
        for states in matches:
            for state in states:
                for seat in range(PLAYERS):
                    state.view(seat)
        by_move = time.process_time() - start
        start = time.process_time()
        for states in cold_states:
            for state in states:
                state.view(0)
        cold = time.process_time() - start
        actions = sum(len(states) - 1 for states in matches)
        rows.append(
            {
                "game": slug,
                "actions_per_match": actions / count,
                "move_by_move_us": 1e6 * by_move / views,
                "cold_us": 1e6 * cold / (views // PLAYERS),
            }
        )
        progress(f"[views] {build}: {slug}: {rows[-1]['move_by_move_us']:.1f} µs per view")
    return {"build": build, "rows": rows}


def main() -> None:
    """Measure each build, then print the Markdown table."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--compiled-python", default=".venv-compiled/bin/python")
    parser.add_argument("--matches", type=int, default=20, help="random matches per game")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(measure(args.matches)))
        return
    options = ["--matches", str(args.matches)]
    builds = each_build("views.py", options, args.compiled_python, progress)
    print(command_line(f"python benchmarks/views.py --matches {args.matches}"))
    names = list(builds)
    print(
        "| game | actions per match |"
        + "".join(f" µs per view, move by move ({b}) | µs per view, cold ({b}) |" for b in names)
    )
    print("| --- | ---: |" + " ---: | ---: |" * len(names))
    for index, row in enumerate(builds[names[0]]["rows"]):
        cells = "".join(
            f" {builds[b]['rows'][index]['move_by_move_us']:,.1f} |"
            f" {builds[b]['rows'][index]['cold_us']:,.1f} |"
            for b in names
        )
        print(f"| {row['game']} | {row['actions_per_match']:,.0f} |{cells}")


if __name__ == "__main__":
    main()
