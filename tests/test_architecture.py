"""The layers of the package import each other only downwards (docs: architecture page).

* The core (cards, seats, randomness, the engine base, errors and their private helpers) knows
  no game and no machinery.
* A game is one package, ``cardgames.<game>``: it imports the core and itself, never another
  game, never the machinery, never the registry.
* The machinery (bots, simulation, tables, adapters, the CLI, the web table, contract checks)
  knows a game only through the contract and the parts the game registers (``Game.part``): it
  imports no game package.
* Only the registry, ``cardgames/__init__.py``, names the games: one line per game.

The test reads every module's imports with :mod:`ast` (``import``, ``from ... import``, relative
imports, imports under ``TYPE_CHECKING`` and ``importlib.import_module("...")`` with a literal
name), so it holds whether or not a module is ever imported at run time.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Collection
from pathlib import Path

import pytest

import cardgames
from tested import GAMES, TEST_ONLY

SRC = Path(cardgames.__file__).resolve().parent
CORE = frozenset(
    {
        "cardgames._build",
        "cardgames._chain",
        "cardgames._codec",
        "cardgames._draws",
        "cardgames._events",
        "cardgames._hot",
        "cardgames._memo",
        "cardgames._mypyc",
        "cardgames._pickling",
        "cardgames._records",
        "cardgames._shuffle",
        "cardgames.cards",
        "cardgames.engine",
        "cardgames.errors",
        "cardgames.rng",
        "cardgames.seats",
    }
)
"""The shared core: small, and the only part of the package a game may import."""
GAME_PACKAGES = frozenset(game.State.__module__.rsplit(".", 1)[0] for game in GAMES.values())
"""Every tested game's package: the library's, and those written for the tests."""
TEST_ONLY_PACKAGES = frozenset(GAMES[slug].State.__module__.rsplit(".", 1)[0] for slug in TEST_ONLY)
"""The packages of the games written for the tests, each a folder of ``tests/``."""
ROOTS = frozenset({"cardgames", *TEST_ONLY_PACKAGES})
"""The top-level packages whose imports are read."""


def _module_name(path: Path, base: Path) -> str:
    parts = list(path.relative_to(base).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    """Every module of the package, and those of the test-only games (their tests left out)."""
    found = {_module_name(path, SRC.parent): path for path in sorted(SRC.rglob("*.py"))}
    for package in sorted(TEST_ONLY_PACKAGES):
        folder = Path(__import__(package).__file__ or "").resolve().parent
        for path in sorted(folder.rglob("*.py")):
            if not path.name.startswith("test_"):
                found[_module_name(path, folder.parent)] = path
    return found


MODULES = _modules()


def _is_type_checking(node: ast.AST) -> bool:
    """Whether ``node`` is ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``)."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _nodes(tree: ast.AST, *, at_run_time: bool) -> list[ast.AST]:
    """Every node of ``tree``; with ``at_run_time``, none under ``if TYPE_CHECKING:``."""
    found: list[ast.AST] = []
    waiting = [tree]
    while waiting:
        node = waiting.pop()
        found.append(node)
        if at_run_time and _is_type_checking(node):
            assert isinstance(node, ast.If)
            waiting.extend(node.orelse)  # the ``else`` branch runs
            continue
        waiting.extend(ast.iter_child_nodes(node))
    return found


def _imports(
    name: str,
    path: Path,
    source: str | None = None,
    *,
    at_run_time: bool = False,
    modules: Collection[str] | None = None,
) -> set[str]:
    """Every ``cardgames`` module that the module ``name`` (at ``path``) imports.

    With ``at_run_time``, the imports that only the type checker reads (under
    ``if TYPE_CHECKING:``) are left out: they never run, so they cannot close a cycle.
    ``modules`` are the module names that exist (by default, the package's).
    """
    known = MODULES if modules is None else modules
    text = path.read_text(encoding="utf-8") if source is None else source
    tree = ast.parse(text, str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _nodes(tree, at_run_time=at_run_time):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            # ``from cardgames import cards`` imports a module; ``from cardgames.cards import
            # Card`` imports a name of one.
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in known else base)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.add(node.args[0].value)
    return {module for module in found if module.split(".")[0] in ROOTS}


def _game_of(module: str) -> str | None:
    for package in GAME_PACKAGES:
        if module == package or module.startswith(f"{package}."):
            return package
    return None


def _layer(module: str) -> str:
    if module == "cardgames":
        return "registry"
    if module in CORE:
        return "core"
    if _game_of(module) is not None:
        return "game"
    return "machinery"


def test_every_game_is_one_package() -> None:
    """Each tested game lives in its own package (``cardgames.<game>``), with its modules."""
    assert len(GAME_PACKAGES) == len(GAMES)
    for package in GAME_PACKAGES:
        assert package in MODULES, f"{package} is not a package"
        assert MODULES[package].name == "__init__.py", f"{package} is not a package"


def _violations(name: str, imported: set[str]) -> list[str]:
    layer = _layer(name)
    if layer == "registry":
        allowed = {"core", "game", "registry"}
    elif layer == "core":
        allowed = {"core"}
    elif layer == "game":
        allowed = {"core", "game"}
    else:
        # The machinery reads the registry (``cardgames.get_game``) and the core, and other
        # machinery; a game only through the contract and ``Game.part``.
        allowed = {"core", "registry", "machinery"}
    wrong = [f"{m} ({_layer(m)})" for m in sorted(imported) if _layer(m) not in allowed]
    if layer == "game":
        wrong += [
            f"{m} (another game)"
            for m in sorted(imported)
            if _game_of(m) != _game_of(name) and _layer(m) == "game"
        ]
    return wrong


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_go_only_downwards(name: str) -> None:
    """A module imports only the layers below it; no game imports another game."""
    wrong = _violations(name, _imports(name, MODULES[name]))
    assert not wrong, f"{name} ({_layer(name)}) imports {wrong}"


@pytest.mark.parametrize(
    ("name", "source"),
    [
        ("cardgames.bots", "from cardgames.crazy_animals import HeuristicBot"),
        ("cardgames.bots", "import cardgames.kitten_tricks.bot"),
        ("cardgames.arena", "importlib.import_module('cardgames.crazy_mistigri.bot')"),
        ("cardgames.engine", "from cardgames import bots"),
        ("cardgames.crazy_animals.bot", "from cardgames.kitten_tricks.cards import Card"),
        ("cardgames.crazy_animals.rules", "from ..bots import RandomBot"),
        ("cardgames.kitten_tricks.rules", "from cardgames import get_game"),
    ],
)
def test_the_import_rule_catches_each_kind_of_breach(name: str, source: str) -> None:
    """Each kind of breach is reported: machinery or core importing a game, a game another."""
    path = SRC / "module.py"
    assert _violations(name, _imports(name, path, source))


def test_the_registry_names_each_game_once() -> None:
    """``cardgames/__init__.py`` imports each game package and no game's internals."""
    imported = _imports("cardgames", MODULES["cardgames"])
    games = {m for m in imported if _layer(m) == "game"}
    assert games == set(GAME_PACKAGES - TEST_ONLY_PACKAGES)


def test_machinery_reaches_bots_through_registered_parts() -> None:
    """Every part a game registers names a module inside that game's own package."""
    for game in cardgames.GAMES.values():
        package = _game_of(game.State.__module__)
        for part in game.parts:
            path = game._parts[part]  # the registration itself, not the loaded object
            assert _game_of(path.partition(":")[0]) == package, f"{game.slug}: {part} -> {path}"


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` (module -> the modules it imports), or ``None``."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        # Depth-first, with the path from ``start`` kept: an edge back into it is a cycle.
        path: list[str] = []
        on_path: set[str] = set()
        stack: list[tuple[str, list[str]]] = [(start, sorted(graph[start]))]
        path.append(start)
        on_path.add(start)
        while stack:
            node, todo = stack[-1]
            if not todo:
                stack.pop()
                path.pop()
                on_path.discard(node)
                done.add(node)
                continue
            nxt = todo.pop(0)
            if nxt in on_path:
                return [*path[path.index(nxt) :], nxt]
            if nxt in done or nxt not in graph:
                continue
            stack.append((nxt, sorted(graph[nxt])))
            path.append(nxt)
            on_path.add(nxt)
    return None


def _run_time_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    return {name: _imports(name, path, at_run_time=True) - {name} for name, path in modules.items()}


def test_no_import_cycles() -> None:
    """No module imports itself through others at run time, not even inside a function.

    Every import that runs counts: at the top of a module, inside a function or a method, or
    through ``importlib.import_module`` with a literal name; only those under
    ``if TYPE_CHECKING:`` are left out. A package's ``__init__.py`` counts as the package.
    """
    cycle = _cycle(_run_time_graph(MODULES))
    assert cycle is None, "import cycle: " + " -> ".join(cycle or ())


@pytest.mark.parametrize(
    ("sources", "expected"),
    [
        (
            {
                "cardgames.alpha": "from cardgames import beta",
                "cardgames.beta": "def later():\n    from cardgames.alpha import thing\n",
            },
            ["cardgames.alpha", "cardgames.beta", "cardgames.alpha"],
        ),
        (
            {
                "cardgames.alpha": "import cardgames.beta",
                "cardgames.beta": "import importlib\nimportlib.import_module('cardgames.gamma')",
                "cardgames.gamma": "from cardgames.alpha import x",
            },
            ["cardgames.alpha", "cardgames.beta", "cardgames.gamma", "cardgames.alpha"],
        ),
        (
            {
                "cardgames.alpha": "from cardgames import beta",
                "cardgames.beta": "if TYPE_CHECKING:\n    from cardgames.alpha import A\n",
            },
            None,
        ),
    ],
    ids=["inside-a-function", "through-import-module", "type-checking-only"],
)
def test_the_cycle_check_sees_every_import_that_runs(
    tmp_path: Path, sources: dict[str, str], expected: list[str] | None
) -> None:
    """A cycle closed inside a function or by ``import_module`` is found; a typing one is not."""
    graph = {
        name: _imports(name, tmp_path / "module.py", text, at_run_time=True, modules=sources)
        for name, text in sources.items()
    }
    assert _cycle(graph) == expected


def _names(package: str, slug: str) -> re.Pattern[str]:
    """An import of ``package``, its slug quoted, or a path into its folder."""
    return re.compile(
        rf"\b(?:import|from) {package}\b|[\"']{re.escape(slug)}[\"']|\btests/{package}/"
    )


def test_a_fifth_game_touches_its_folder_alone() -> None:
    """A game written for the tests is in no registry, and no shared file of code names it.

    Issue 27: the mypyc list, the docs nav and the suite's per-game tables come from the
    registry or the game's own folder, so the test-only game (a folder of ``tests/``) passes the
    contract suite, the rule-coverage test and this one with no line of any other file.
    """
    root = Path(__file__).resolve().parent.parent  # the checkout (SRC may be site-packages)
    shared = [
        *sorted(SRC.rglob("*.py")),
        *sorted((root / "tests").glob("*.py")),
        root / "pyproject.toml",
        root / "mkdocs.yml",
        root / "Makefile",
    ]
    assert TEST_ONLY, "no game written for the tests was found"
    for slug in TEST_ONLY:
        assert slug not in cardgames.GAMES
        package = GAMES[slug].State.__module__.rsplit(".", 1)[0]
        pattern = _names(package, slug)
        naming = [
            str(path.relative_to(root))
            for path in shared
            if pattern.search(path.read_text(encoding="utf-8"))
        ]
        assert not naming, f"{slug} is named outside its folder, in {naming}"
