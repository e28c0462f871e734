"""Adapters to learning toolkits, each an optional extra; see the docs' research page.

* `cardgames.adapters.openspiel`: every game registered as an OpenSpiel game, for OpenSpiel's
  algorithms and tests (``pip install 'cardgames-rules[openspiel]'``).
* `cardgames.adapters.pettingzoo`: PettingZoo AEC and parallel environments for every game
  (``pip install 'cardgames-rules[pettingzoo]'``).

The adapters read a game only through `cardgames.encoding` (action indices, observations,
returns, the returns of a truncated match) and the engine contract, so they serve every game of
the library alike. Each is imported on first use, so importing this package needs none of the
toolkits.
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["openspiel", "pettingzoo"]


def __getattr__(name: str) -> ModuleType:
    """Import the adapter ``name`` on first use (it needs its toolkit installed)."""
    if name in __all__:
        return importlib.import_module(f"{__name__}.{name}")
    msg = f"module {__name__!r} has no attribute {name!r}"
    raise AttributeError(msg)
