"""What a heuristic bot's decision costs: CPU µs per `choose`, per game, player count and build.

For each game and player count, seeded matches are played with the same bot in every seat, the
`medium` level (`heuristic_bot(slug)`) and then the `easy` one (`CasualBot`: the heuristic with
slips and, in Crazy Animals, a poor memory), and every `choose` call is timed on the CPU clock
(``time.process_time``) until ``--decisions`` decisions or ``--budget`` CPU seconds of choosing,
whichever comes first. Building the views and applying the moves is not counted: only the
bot's own work. Classic Mistigri's heuristic bot is `RandomBot`, so its row is the floor.

The pure build runs in this interpreter's process of its own, the compiled build in
``--compiled-python``'s (skipped when it is missing). Progress goes to stderr, the Markdown
table to stdout.

Usage: ``python benchmarks/heuristics.py [--compiled-python PATH] [--decisions 3000]
[--budget 1.5]``
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from _builds import command_line, each_build

LEVELS = ("medium", "easy")


def progress(message: str) -> None:
    """Say on stderr what is being measured."""
    print(f"[heuristics] {message}", file=sys.stderr, flush=True)


def measure(decisions: int, budget: float) -> dict[str, Any]:
    """CPU µs per decision of each level's bot, per game and player count, in this build."""
    # The build under test, imported by the worker process only.
    import cardgames
    from cardgames import _build
    from cardgames.bots import heuristic_bot
    from cardgames.bots.levels import CasualBot

    build = _build.short()
    rows: list[dict[str, Any]] = []
    for slug, game in cardgames.GAMES.items():
        for players in range(game.min_players, game.max_players + 1):
            row: dict[str, Any] = {"game": slug, "players": players}
            for level in LEVELS:
                seconds = 0.0
                count = seed = 0
                while count < decisions and seconds < budget:
                    bots = [
                        heuristic_bot(slug) if level == "medium" else CasualBot(slug)
                        for _ in range(players)
                    ]
                    rngs = [random.Random(seed * 100 + seat) for seat in range(players)]
                    state = game.new(players, seed=seed)
                    while not state.is_over and count < decisions:
                        seat = state.to_move
                        view = state.view(seat)
                        start = time.process_time()
                        action = bots[seat].choose(view, rngs[seat])
                        seconds += time.process_time() - start
                        count += 1
                        state = state.apply(action)
                    seed += 1
                row[level] = 1e6 * seconds / count
                row[f"{level}_decisions"] = count
            rows.append(row)
            progress(f"{build}: {slug}, {players} players: {row['medium']:.1f} µs")
    return {"build": build, "rows": rows}


def main() -> None:
    """Measure each build, then print the Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled-python", default=".venv-compiled/bin/python")
    parser.add_argument("--decisions", type=int, default=3000, help="per level and configuration")
    parser.add_argument(
        "--budget", type=float, default=1.5, help="CPU seconds of choosing per level, at most"
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(measure(args.decisions, args.budget)))
        return
    options = ["--decisions", str(args.decisions), "--budget", str(args.budget)]
    builds = each_build("heuristics.py", options, args.compiled_python, progress)
    print(
        command_line(
            f"python benchmarks/heuristics.py --decisions {args.decisions} --budget {args.budget:g}"
        )
    )
    names = list(builds)
    header = "| game | players |" + "".join(
        f" {level} µs ({build}) |" for level in LEVELS for build in names
    )
    print(header)
    print("| --- | ---: |" + " ---: |" * (len(LEVELS) * len(names)))
    first = builds[names[0]]["rows"]
    for index, row in enumerate(first):
        cells = "".join(
            f" {builds[build]['rows'][index][level]:,.1f} |" for level in LEVELS for build in names
        )
        print(f"| {row['game']} | {row['players']} |{cells}")


if __name__ == "__main__":
    main()
