"""The games the test session checks: the library's registry, and the games written for tests.

Every folder ``tests/<package>/`` whose ``__init__.py`` declares ``SUPPORT`` (a
`support.Support`) is a game's test folder. A game of the library declares its support there;
a game written only for the tests is that folder whole, and is
registered here, by the test session, never in `cardgames.GAMES`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import cardgames
from cardgames.engine import Game
from support import ROOT, Support


def _declared() -> dict[str, Support]:
    found: dict[str, Support] = {}
    for init in sorted((ROOT / "tests").glob("*/__init__.py")):
        module = importlib.import_module(init.parent.name)
        support = getattr(module, "SUPPORT", None)
        if isinstance(support, Support):
            found[support.game.slug] = support
    return found


_FOUND = _declared()
_UNDECLARED = [slug for slug in cardgames.GAMES if slug not in _FOUND]
if _UNDECLARED:
    msg = f"no tests/<package>/__init__.py declares SUPPORT for {_UNDECLARED}"
    raise LookupError(msg)
SUPPORT: Mapping[str, Support] = MappingProxyType(
    {slug: _FOUND[slug] for slug in cardgames.GAMES}
    | {slug: support for slug, support in _FOUND.items() if slug not in cardgames.GAMES}
)
"""Every tested game's support, by slug: the library's games in registry order, then the rest."""
GAMES: Mapping[str, Game[Any]] = MappingProxyType(
    {slug: support.game for slug, support in SUPPORT.items()}
)
"""Every game the test session checks, by slug."""
TEST_ONLY: frozenset[str] = frozenset(SUPPORT) - frozenset(cardgames.GAMES)
"""The slugs of the games written only for the tests."""
