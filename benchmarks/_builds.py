"""What the benchmarks that measure both builds share: one process per build, JSON back.

A benchmark script measures the build its interpreter imports when run with ``--worker`` and
prints its figures as JSON; `each_build` runs it so under this interpreter (the pure build) and
under the compiled build's (`make compiled`), each in a process of its own.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable, Sequence
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
) -> dict[str, dict[str, Any]]:
    """Each build's figures by its name, ``pure`` then ``compiled``.

    Without a compiled build at ``compiled_python``, the pure build's alone.
    """
    builds: dict[str, dict[str, Any]] = {}
    for build, python in (("pure", sys.executable), ("compiled", compiled_python)):
        if build == "compiled" and not Path(python).exists():
            progress(f"no compiled build at {python} (make compiled): pure build only")
            continue
        progress(f"the {build} build")
        builds[build] = run_worker(python, script, options)
    return builds
