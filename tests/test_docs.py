"""Every code block of the docs and the README runs, every example runs, every doctest passes."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

import cardgames

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
# The learning example trains for minutes by default: tests/test_learn_example.py runs it short.
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*.py") if p.name != "learn_pettingzoo.py")
BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_python_blocks_run(page: Path) -> None:
    """The page's python blocks run in order, in one namespace, without error."""
    namespace: dict[str, object] = {"__name__": f"docs_{page.stem}"}
    for block in BLOCK.findall(page.read_text(encoding="utf-8")):
        exec(compile(block, str(page), "exec"), namespace)  # noqa: S102 - our own docs


@pytest.mark.parametrize("script", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_runs(script: Path) -> None:
    """The example script exits 0 and prints something."""
    done = subprocess.run(  # noqa: S603 - runs this interpreter on our own example
        [sys.executable, str(script)], capture_output=True, text=True, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


@pytest.mark.parametrize("slug", list(cardgames.GAMES))
def test_narrated_match_plays_every_game(slug: str) -> None:
    """The demo narrates a match of any registered game and names its winners."""
    done = subprocess.run(  # noqa: S603 - runs this interpreter on our own example
        [sys.executable, str(ROOT / "examples" / "narrated_match.py"), slug, "5"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert cardgames.get_game(slug).title in done.stdout
    assert re.search(r" wins?\. Scores: ", done.stdout)


MODULES = sorted(m.name for m in pkgutil.walk_packages(cardgames.__path__, prefix="cardgames."))


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(name: str) -> None:
    """The module's docstring examples pass."""
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_public_names_exist() -> None:
    """Each public module's ``__all__`` names what the module defines (ruff keeps it sorted)."""
    for name in MODULES:
        if name.rpartition(".")[2].startswith("_"):
            continue
        module = importlib.import_module(name)
        exported = list(getattr(module, "__all__", []))
        assert exported, f"{name} has no __all__"
        for attr in exported:
            assert hasattr(module, attr), f"{name}.{attr}"
