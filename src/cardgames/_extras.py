"""The optional extras of the distribution, and the one-line error when one is missing.

The library and the CLI's core commands need only `attrs`. Every other surface (the web table,
plots, Dask, progress bars, the learning adapters) lives in an extra of `cardgames-rules`, and
imports its packages only where it uses them. A surface that finds its extra missing raises
[`MissingExtraError`][cardgames.errors.MissingExtraError] through `require`, whose message is
the one line the CLI prints: what needs the extra, and the command that installs it.

Examples:
    >>> from cardgames import _extras
    >>> _extras.message("cardgames serve", "web")
    "cardgames serve needs the web extra: pip install 'cardgames-rules[web]'"
"""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping
from types import MappingProxyType

from cardgames.errors import MissingExtraError

__all__ = ["EXTRAS", "message", "require"]

EXTRAS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "dask": ("distributed",),
        "openspiel": ("pyspiel", "numpy"),
        "pettingzoo": ("pettingzoo", "gymnasium", "numpy"),
        "plot": ("matplotlib",),
        "progress": ("tqdm",),
        "web": ("starlette", "uvicorn", "websockets"),
    }
)
"""Each extra that a surface of the package needs, with the top-level modules it provides."""


def message(what: str, extra: str) -> str:
    """Return the one line that says `what` needs `extra`, and how to install it."""
    return f"{what} needs the {extra} extra: pip install 'cardgames-rules[{extra}]'"


def require(what: str, extra: str) -> None:
    """Check that every package of `extra` can be imported, without importing it.

    Raises:
        MissingExtraError: a package of the extra is not installed; the message is
            [`message`][cardgames._extras.message]`(what, extra)`.
    """
    if any(importlib.util.find_spec(module) is None for module in EXTRAS[extra]):
        raise MissingExtraError(message(what, extra))
