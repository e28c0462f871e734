"""What the benchmarks that measure both builds share: one process per build, JSON back.

A benchmark script measures the build its interpreter imports when run with ``--worker`` and
prints its figures as JSON; `each_build` runs it so under this interpreter (the pure build) and
under the compiled build's (`make compiled`), each in a process of its own. `under_callgrind`
runs a command under valgrind's callgrind and returns the instructions it executed;
`command_line` is the line each table starts with, and `print_rows` prints the builds' rows.
"""

from __future__ import annotations

import json
import os
import platform
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def run_worker(python: str, script: str, options: Sequence[str]) -> dict[str, Any]:
    """The figures that ``script --worker OPTIONS`` prints, run by ``python``.

    Its progress goes straight to our stderr.
    """
    command = [python, str(HERE / script), "--worker", *options]
    done = subprocess.run(  # noqa: S603 - our own interpreters and script
        command, check=True, stdout=subprocess.PIPE, text=True, cwd=HERE.parent
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def each_build(
    script: str,
    options: Sequence[str],
    compiled_python: str,
    progress: Callable[[str], None],
    only: Sequence[str] = (),
) -> dict[str, dict[str, Any]]:
    """Each build's figures by its name, ``pure`` then ``compiled`` (or those named in ``only``).

    Without a compiled build at ``compiled_python``, the pure build's alone.
    """
    builds: dict[str, dict[str, Any]] = {}
    for build, python in (("pure", sys.executable), ("compiled", compiled_python)):
        if only and build not in only:
            continue
        if build == "compiled" and not Path(python).exists():
            progress(f"no compiled build at {python} (make compiled): pure build only")
            continue
        progress(f"the {build} build")
        builds[build] = run_worker(python, script, options)
    return builds


def under_callgrind(command: Sequence[str], *, keep_path: bool = True) -> tuple[str, int]:
    """Run ``command`` under ``valgrind --tool=callgrind``: (its stdout, instructions executed).

    With ``PYTHONHASHSEED=0``, so that a Python command runs the same instructions each time;
    ``keep_path=False`` also drops ``PYTHONPATH``, so that the interpreter imports its own build.
    """
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if not keep_path:
        env.pop("PYTHONPATH", None)
    done = subprocess.run(  # noqa: S603 - valgrind on our own interpreters and scripts
        [
            shutil.which("valgrind") or "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            *command,
        ],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    )
    collected = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if collected is None:
        msg = f"callgrind reported no count for {' '.join(command[1:])}"
        raise RuntimeError(msg)
    return done.stdout, int(collected.group(1))


def command_line(command: str) -> str:
    """The line a benchmark's tables start with: ``command``, the machine and its load."""
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return (
        f"Command: `{command}`; {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, load average {load}.\n"
    )


def print_rows(
    builds: Mapping[str, Mapping[str, Any]], columns: Sequence[tuple[str, str, str]]
) -> None:
    """Print every build's rows (``builds[build]["rows"]``) as one Markdown table.

    Each column is ``(title, key, spec)``: the row's value at ``key`` (``"build"``: the build's
    name) written with the format ``spec``. A column with a spec holds numbers, aligned right.
    """
    print("| " + " | ".join(title for title, _, _ in columns) + " |")
    print("| " + " | ".join("---:" if spec else "---" for _, _, spec in columns) + " |")
    for build, result in builds.items():
        for row in result["rows"]:
            cells = {**row, "build": build}
            print("| " + " | ".join(format(cells[key], spec) for _, key, spec in columns) + " |")
