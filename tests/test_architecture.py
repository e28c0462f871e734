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
from pathlib import Path

import pytest

import cardgames

SRC = Path(cardgames.__file__).resolve().parent
CORE = frozenset(
    {
        "cardgames._build",
        "cardgames._chain",
        "cardgames._codec",
        "cardgames._draws",
        "cardgames._events",
        "cardgames._memo",
        "cardgames._mypyc",
        "cardgames._records",
        "cardgames.cards",
        "cardgames.engine",
        "cardgames.errors",
        "cardgames.rng",
        "cardgames.seats",
    }
)
"""The shared core: small, and the only part of the package a game may import."""
GAME_PACKAGES = frozenset(
    game.State.__module__.rsplit(".", 1)[0] for game in cardgames.GAMES.values()
)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(path): path for path in sorted(SRC.rglob("*.py"))}


def _imports(name: str, path: Path, source: str | None = None) -> set[str]:
    """Every ``cardgames`` module that the module ``name`` (at ``path``) imports."""
    text = path.read_text(encoding="utf-8") if source is None else source
    tree = ast.parse(text, str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
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
                found.add(submodule if submodule in MODULES else base)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.add(node.args[0].value)
    return {module for module in found if module.split(".")[0] == "cardgames"}


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
    """Each registered game lives in its own package ``cardgames.<game>``, with its modules."""
    assert len(GAME_PACKAGES) == len(cardgames.GAMES)
    for package in GAME_PACKAGES:
        folder = SRC / package.split(".")[1]
        assert (folder / "__init__.py").is_file(), f"{package} is not a package"


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
    assert games == set(GAME_PACKAGES)


def test_machinery_reaches_bots_through_registered_parts() -> None:
    """Every part a game registers names a module inside that game's own package."""
    for game in cardgames.GAMES.values():
        package = _game_of(game.State.__module__)
        for part in game.parts:
            path = game._parts[part]  # the registration itself, not the loaded object
            assert _game_of(path.partition(":")[0]) == package, f"{game.slug}: {part} -> {path}"
