"""The plain path needs only attrs; a surface whose extra is missing says so in one line.

A subprocess hides every package of every extra (a meta-path finder that refuses them, as a
plain install lacks them) and imports each module of the package: a module on the plain path
that imports an optional package fails here, whether or not the extra is installed in the
environment under test.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import cardgames
from cardgames import _build, _extras
from cardgames.cli import main
from cardgames.errors import CardGameError, MissingExtraError

ROOT = Path(__file__).resolve().parent.parent

# The modules that exist only for an extra: importing one without it raises MissingExtraError.
EXTRA_MODULES = {
    "cardgames.adapters.openspiel": "openspiel",
    "cardgames.adapters.pettingzoo": "pettingzoo",
    "cardgames.web.app": "web",
    "cardgames.web.postgres": "postgres",
    "cardgames.web.server": "web",
}

# Tools of the test and docs environments: the plain path may not import them either.
TOOLS = ("hypothesis", "pytest", "jsonschema", "playwright", "mkdocs", "rlcard")

HIDE = """
import importlib.abc, importlib.util, json, pkgutil, sys
hidden = set(json.loads(sys.argv[1]))
class Hide(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in hidden:
            raise ModuleNotFoundError(f"No module named {name!r} (hidden: a plain install)")
        return None
sys.meta_path.insert(0, Hide())
importlib.util.find_spec = lambda name, package=None: (
    None if name.partition(".")[0] in hidden else _find_spec(name, package))
"""


def _hidden() -> list[str]:
    return sorted({m for modules in _extras.EXTRAS.values() for m in modules} | set(TOOLS))


def _run_hidden(code: str) -> subprocess.CompletedProcess[str]:
    script = "import importlib.util\n_find_spec = importlib.util.find_spec\n" + HIDE + code
    return subprocess.run(  # noqa: S603 - this interpreter on our own code
        [sys.executable, "-c", script, json.dumps(_hidden())],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


def test_every_module_on_the_plain_path_imports_no_optional_package() -> None:
    """Each module but the extras' own imports with every extra's packages hidden."""
    code = f"""
import cardgames
failed = []
for info in pkgutil.walk_packages(cardgames.__path__, prefix="cardgames."):
    if info.name not in {sorted(EXTRA_MODULES)!r}:
        try:
            importlib.import_module(info.name)
        except ImportError as error:
            failed.append(f"{{info.name}}: {{error}}")
print(json.dumps(failed))
"""
    done = _run_hidden(code)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


@pytest.mark.parametrize(("name", "extra"), sorted(EXTRA_MODULES.items()))
def test_a_module_of_an_extra_names_its_extra_when_it_is_missing(name: str, extra: str) -> None:
    """Importing an extra's module without it raises MissingExtraError with its one line."""
    code = f"""
from cardgames.errors import MissingExtraError
try:
    importlib.import_module({name!r})
except MissingExtraError as error:
    print(error)
"""
    done = _run_hidden(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith(
        f"needs the {extra} extra: pip install 'cardgames-rules[{extra}]'"
    )


def test_the_blocker_catches_a_module_that_imports_an_optional_package() -> None:
    """The hiding finder refuses an optional package, so the plain-path check can fail."""
    done = _run_hidden("import starlette\n")
    assert done.returncode != 0
    assert "hidden: a plain install" in done.stderr


@pytest.mark.parametrize(
    ("argv", "extra"),
    [
        (["serve"], "web"),
        (["simulate", "crazy-animals", "--bots", "random", "--plot", "out.png"], "plot"),
        (["simulate", "crazy-animals", "--bots", "random", "--html", "out.html"], "plot"),
        (["simulate", "crazy-animals", "--bots", "random", "--dask", "tcp://127.0.0.1:1"], "dask"),
        (["tournament", "kitten-tricks", "--bots", "random,heuristic", "--plot", "o.png"], "plot"),
    ],
)
def test_a_command_without_its_extra_prints_one_line_and_exits_2(
    argv: list[str], extra: str
) -> None:
    """`serve`, `--plot` and `--dask` without their extra: exit 2, one line, no traceback."""
    command = f"cardgames {argv[0]}" if argv[0] == "serve" else f"cardgames {argv[0]} {argv[-2]}"
    code = f"""
from cardgames.cli import main
sys.exit(main({argv!r}))
"""
    done = _run_hidden(code)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.splitlines() == [_extras.message(command, extra)]


def test_extras_map_the_packages_pyproject_declares() -> None:
    """Every runtime extra of pyproject.toml is one of EXTRAS (the ones the code checks)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = set(project["optional-dependencies"])
    # Tools and bundles of other extras, which no surface of the package checks for.
    tools = {"test", "lint", "docs", "bench", "simulate", "dev"}
    assert set(_extras.EXTRAS) == declared - tools
    assert project["dependencies"] == ["attrs>=23.1"]


def test_missing_extra_error_is_an_import_error_and_a_card_game_error() -> None:
    """`except ImportError` and `except CardGameError` both catch a missing extra."""
    assert issubclass(MissingExtraError, ImportError)
    assert issubclass(MissingExtraError, CardGameError)


def test_require_passes_when_the_extra_is_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    """`require` says nothing when every package of the extra is found, and never imports it."""
    monkeypatch.setattr(_extras, "EXTRAS", {"fake": ("json", "os")})
    _extras.require("a test", "fake")
    monkeypatch.setattr(_extras, "EXTRAS", {"fake": ("json", "cardgames_no_such_package")})
    with pytest.raises(MissingExtraError, match=r"^a test needs the fake extra: pip install"):
        _extras.require("a test", "fake")


def test_version_runs_without_any_extra(capsys: pytest.CaptureFixture[str]) -> None:
    """`cardgames --version` prints the version and which build is imported, on one line."""
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"cardgames {cardgames.__version__}, {_build.short()}\n"
