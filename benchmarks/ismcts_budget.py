"""What an ISMCTS decision costs: the measurement behind `MAX_ITERATIONS` and the time budget.

For each game at its largest player count, the script takes the first decisions of seeded
matches (the dearest: the hands are full, so each simulation plays the longest rest of the
match) and times the `ismcts` bot spec of live tables (`ISMCTS_DEFAULTS`: the heuristic
playout) for `--iterations` iterations, through `cardgames.table.decide` as a server calls it.
It prints the CPU milliseconds per iteration of each game (the worst decision and the median),
the CPU time `MAX_ITERATIONS` would take at the worst rate, and then, for a spec with both the
largest iteration budget and a time budget (`--seconds`), the slowest answer seen on the wall
clock: the time budget is what bounds a live table's answer. The first line gives the machine's
load average, which the wall-clock figure depends on. Timings are never asserted by tests:
speed is measured here.

Usage: ``python benchmarks/ismcts_budget.py [--iterations 60] [--decisions 4] [--seconds 0.8]
[--json]``
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

import cardgames
from cardgames.bots.ismcts import MAX_ITERATIONS
from cardgames.table import BotTurn, Table, decide


def progress(message: str) -> None:
    """Say on stderr what is being measured."""
    print(f"[ismcts_budget] {message}", file=sys.stderr, flush=True)


def first_turns(slug: str, players: int, decisions: int, spec: str) -> list[BotTurn]:
    """The first bot decision of `decisions` seeded all-bot tables of `slug`."""
    turns = []
    for seed in range(decisions):
        bots = dict.fromkeys(range(players), spec)
        table = Table.new(slug, players=players, bots=bots, seed=seed)
        turn = table.bot_turn()
        # A decision with one choice costs nothing; play on to the first real choice.
        while turn is not None and choices(turn) < 2:  # noqa: PLR2004
            table.apply_bot(decide(turn))
            turn = table.bot_turn()
        if turn is not None:
            turns.append(turn)
    return turns


def choices(turn: BotTurn) -> int:
    """The distinct choices of a turn: the blind draws of a fanned hand count as one."""
    legal = turn.view.legal_actions
    blind = {type(action) for action in legal if type(action).interchangeable}
    return sum(not type(action).interchangeable for action in legal) + len(blind)


def timed(turn: BotTurn) -> tuple[float, float]:
    """The CPU seconds and the wall-clock seconds `decide` takes on `turn`."""
    cpu, wall = time.process_time(), time.perf_counter()
    decide(turn)
    return time.process_time() - cpu, time.perf_counter() - wall


def main() -> int:
    """Measure and print the figures (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--decisions", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=0.8)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for game in cardgames.GAMES.values():
        players = game.max_players
        progress(f"{game.slug}, {players} players, {args.iterations} iterations")
        spec = f"ismcts:iterations={args.iterations}"
        turns = first_turns(game.slug, players, args.decisions, spec)
        if not turns:
            progress(f"{game.slug}: no decision with two choices (nothing to search)")
            continue
        rates = [timed(turn)[0] / args.iterations for turn in turns]
        budget = f"ismcts:iterations={MAX_ITERATIONS}:seconds={args.seconds}"
        progress(f"{game.slug}: {budget}")
        budgeted = first_turns(game.slug, players, args.decisions, budget)
        bounded = [timed(turn)[1] for turn in budgeted]
        rows.append(
            {
                "game": game.slug,
                "players": players,
                "ms_per_iteration_worst": 1000 * max(rates),
                "ms_per_iteration_median": 1000 * statistics.median(rates),
                "max_iterations_seconds": max(rates) * MAX_ITERATIONS,
                "budgeted_answer_worst_seconds": max(bounded),
            }
        )
    load = os.getloadavg()[0]
    if args.json:
        print(json.dumps({"load": load, "rows": rows}, indent=2))
        return 0
    print(f"load average {load:.2f}; MAX_ITERATIONS = {MAX_ITERATIONS}")
    print(
        f"{'game':<18}{'cpu ms/iter worst':>18}{'median':>8}{'MAX_ITER cpu s':>16}"
        f"{f'seconds={args.seconds} worst s':>26}"
    )
    for row in rows:
        print(
            f"{row['game']:<18}{row['ms_per_iteration_worst']:>18.2f}"
            f"{row['ms_per_iteration_median']:>8.2f}{row['max_iterations_seconds']:>16.1f}"
            f"{row['budgeted_answer_worst_seconds']:>26.3f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
