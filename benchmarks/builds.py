"""The pure and the compiled build side by side, against the peers, in one run (`make bench`).

For each game and player count, random matches are played through the public API (the loop of
``benchmarks/throughput.py``) by the pure build (this interpreter, normally ``.venv``) and by
the compiled build (``--compiled-python``, normally ``.venv-compiled/bin/python``), each in a
process of its own. The peers of ``benchmarks/baselines.py`` (RLCard's ``uno``; OpenSpiel's C++
``crazy_eights``, ``hearts`` and ``go_fish``) are measured in this process, in the same run. The
repeats are interleaved (peers, pure, compiled, then again) so that a slow spell of a shared
machine hits every column, and each figure is the best of its repeats.

Rates are actions per CPU second of the measuring process (``time.process_time``), which other
jobs on a shared machine disturb far less than the wall clock; the ratios use them. Wall-clock
rates are printed too. Peak memory is tracemalloc's peak for a whole match whose every state is
kept alive, divided by the number of states. Progress goes to stderr; the Markdown table to
stdout.

Usage: ``python benchmarks/builds.py [--compiled-python PATH] [--seconds 2] [--repeat 3]``
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import baselines

HERE = Path(__file__).resolve().parent
PEERS = ("rlcard-uno", "openspiel-crazy_eights", "openspiel-hearts", "openspiel-go_fish")


def progress(message: str) -> None:
    """Say on stderr what is being measured."""
    print(f"[builds] {message}", file=sys.stderr, flush=True)


def measure_peer(name: str, seconds: float) -> tuple[float, float] | None:
    """One run of peer ``name``: (actions per CPU second, actions per wall second), or None."""
    cpu = time.process_time()
    run = baselines.BASELINES[name](seconds)
    if run is None:
        return None
    _, actions, wall = run
    return actions / (time.process_time() - cpu), actions / wall


def measure_build(python: str, seconds: float) -> dict[str, Any]:
    """One run of every game and player count by the build that ``python`` imports."""
    command = [python, str(HERE / "throughput.py"), "--games-only", "--seconds", str(seconds)]
    done = subprocess.run(  # noqa: S603 - our own interpreters and script
        command, check=True, capture_output=True, text=True, cwd=HERE.parent
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def machine() -> str:
    """The machine, Python and load average, for the table's caption."""
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return (
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, load average {load}"
    )


def main() -> None:
    """Measure, then print the Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled-python", default=".venv-compiled/bin/python")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per configuration")
    args = parser.parse_args()
    builds = {"pure": sys.executable, "compiled": args.compiled_python}
    peers: dict[str, tuple[float, float]] = {}
    rows: dict[tuple[str, int], dict[str, Any]] = {}
    described: dict[str, str] = {}
    before = machine()
    for repeat in range(1, args.repeat + 1):
        for name in PEERS:
            progress(f"run {repeat}/{args.repeat}: {name}")
            figure = measure_peer(name, args.seconds)
            if figure is not None:
                old = peers.get(name, (0.0, 0.0))
                peers[name] = (max(old[0], figure[0]), max(old[1], figure[1]))
        for build, python in builds.items():
            progress(f"run {repeat}/{args.repeat}: the {build} build, every game")
            result = measure_build(python, args.seconds)
            described[build] = result["build"]
            for row in result["rows"]:
                entry = rows.setdefault((row["game"], row["players"]), {})
                cpu_rate = row["actions"] / row["cpu_s"]
                wall_rate = row["actions"] / row["wall_s"]
                best = entry.get(build)
                if best is None or cpu_rate > best["cpu"]:
                    entry[build] = {
                        "cpu": cpu_rate,
                        "wall": max(wall_rate, best["wall"] if best else 0.0),
                        "bytes": row["peak_bytes_per_state"],
                    }
    print_table(builds, described, peers, rows, before, machine(), args)


def print_table(  # noqa: PLR0917 - one call, from main
    builds: dict[str, str],
    described: dict[str, str],
    peers: dict[str, tuple[float, float]],
    rows: dict[tuple[str, int], dict[str, Any]],
    before: str,
    after: str,
    args: argparse.Namespace,
) -> None:
    """The Markdown table: per configuration, both builds and their ratios to the peers."""
    print(f"Machine: {before} (at the start; at the end: {after.rsplit('load average ', 1)[1]}).")
    print(f"Command: `python benchmarks/builds.py --seconds {args.seconds} --repeat {args.repeat}`")
    for build, python in builds.items():
        print(f"- {build} build ({python}): {described.get(build, '?')}")
    print()
    print("Peers, actions per CPU second (wall-clock in brackets):")
    print()
    for name in PEERS:
        if name in peers:
            cpu, wall = peers[name]
            print(f"- {name}: {cpu:,.0f} ({wall:,.0f})")
        else:
            print(f"- {name}: not measured ({baselines.unavailable(name)})")
    print()
    eights = peers.get("openspiel-crazy_eights", (0.0, 0.0))[0] or None
    uno = peers.get("rlcard-uno", (0.0, 0.0))[0] or None
    print(
        "| game | players | pure actions/s | compiled actions/s | compiled / pure "
        "| pure x crazy_eights | compiled x crazy_eights | compiled x uno "
        "| bytes per state (pure / compiled) |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for (game, players), entry in rows.items():
        pure, comp = entry.get("pure"), entry.get("compiled")
        if pure is None or comp is None:
            continue

        def ratio(value: float, base: float | None) -> str:
            return "-" if base is None else f"{value / base:.2f}"

        print(
            f"| {game} | {players} | {pure['cpu']:,.0f} | {comp['cpu']:,.0f} "
            f"| {comp['cpu'] / pure['cpu']:.2f} | {ratio(pure['cpu'], eights)} "
            f"| {ratio(comp['cpu'], eights)} | {ratio(comp['cpu'], uno)} "
            f"| {pure['bytes']:,.0f} / {comp['bytes']:,.0f} |"
        )


if __name__ == "__main__":
    main()
