"""The release configuration builds what the install page promises, for the versions claimed."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
WORKFLOW = (ROOT / ".github" / "workflows" / "wheels.yml").read_text(encoding="utf-8")


def _claimed_versions() -> list[str]:
    prefix = "Programming Language :: Python :: 3."
    return [
        f"3{c.removeprefix(prefix)}"
        for c in PYPROJECT["project"]["classifiers"]
        if c.startswith(prefix)
    ]


def test_compiled_wheels_are_built_for_every_python_the_classifiers_claim() -> None:
    """The release builds CPython wheels for exactly the 3.x versions of the classifiers."""
    builds = PYPROJECT["tool"]["cibuildwheel"]["build"]
    assert builds == [f"cp{v}-*" for v in _claimed_versions()]
    assert PYPROJECT["project"]["requires-python"] == f">=3.{_claimed_versions()[0][1:]}"


def test_the_release_wheels_are_compiled_and_tested() -> None:
    """The wheels turn the mypyc hook on, and each is tested compiled on the golden matches."""
    settings = PYPROJECT["tool"]["cibuildwheel"]
    assert settings["environment"] == {"HATCH_BUILD_HOOK_ENABLE_MYPYC": "true"}
    commands = " && ".join(settings["test-command"])
    assert "_build.COMPILED" in commands
    assert "test_build.py -k golden" in commands


def test_the_workflow_builds_every_platform_and_the_pure_wheel() -> None:
    """The workflow builds on Linux (both processors), macOS and Windows, plus the sdist."""
    runners = re.search(r"os: \[(.*)\]", WORKFLOW)
    assert runners is not None
    assert {"ubuntu-latest", "ubuntu-24.04-arm", "macos-latest", "windows-latest"} <= {
        r.strip() for r in runners.group(1).split(",")
    }
    assert "pypa/cibuildwheel@" in WORKFLOW
    assert "python -m build --sdist --wheel" in WORKFLOW


def test_the_mypyc_hook_stays_off_by_default() -> None:
    """A plain `pip wheel .` gives the pure wheel: the hook runs only when it is asked for."""
    hook = PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    assert hook["enable-by-default"] is False
