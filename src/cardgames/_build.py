"""Which build of the package is imported: pure Python, or with some modules compiled by mypyc.

The compiled build (``make compiled``, see the Performance page) compiles a few modules of this
same source to C extensions; every other module, and the whole pure-Python build, runs as
Python. A module is compiled when Python loaded it from an extension module (``.so`` or
``.pyd``) rather than from its ``.py`` file: this module looks for those files beside its own,
importing nothing of the package.

Examples:
    >>> from cardgames import _build
    >>> _build.COMPILED == bool(_build.COMPILED_MODULES)
    True
    >>> _build.describe().startswith(("pure Python", "compiled by mypyc"))
    True
"""

from __future__ import annotations

import importlib.machinery
from pathlib import Path
from types import ModuleType

__all__ = ["COMPILED", "COMPILED_MODULES", "describe", "is_compiled", "short"]

_ROOT = Path(__file__).resolve().parent
# The longest suffix first: ".cpython-311-x86_64-linux-gnu.so" before ".so".
_SUFFIXES = sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True)


def _compiled_modules() -> tuple[str, ...]:
    found = set()
    for path in _ROOT.rglob("*"):
        suffix = next((s for s in _SUFFIXES if path.name.endswith(s)), None)
        if suffix is not None:
            parts = path.relative_to(_ROOT).with_name(path.name.removesuffix(suffix)).parts
            found.add(".".join(("cardgames", *parts)))
    return tuple(sorted(found))


COMPILED_MODULES: tuple[str, ...] = _compiled_modules()
"""The modules of the package that run compiled, sorted (empty in the pure-Python build)."""

COMPILED: bool = bool(COMPILED_MODULES)
"""Whether any module of the package runs compiled."""


def is_compiled(module: ModuleType) -> bool:
    """Return whether ``module`` was loaded from an extension module (compiled) or from Python."""
    origin = getattr(module, "__file__", None) or ""
    return any(origin.endswith(suffix) for suffix in _SUFFIXES)


def describe() -> str:
    """Return one line naming the build, for test and benchmark reports."""
    if not COMPILED:
        return "pure Python"
    return f"compiled by mypyc: {', '.join(COMPILED_MODULES)}"


def short() -> str:
    """Return the build in a few words, for `cardgames --version`."""
    if not COMPILED:
        return "pure Python build"
    return f"compiled build ({len(COMPILED_MODULES)} modules compiled by mypyc)"
