"""Which build of the package is running: pure Python, or with some modules compiled by mypyc.

The compiled build (``make compiled``) compiles some modules of this same source to C
extensions; every other module, and the whole pure-Python build, runs as Python. A module is
compiled when Python imports it from an extension module (``.so``/``.pyd``) rather than from
its ``.py`` file: this module looks for those files beside its own, importing nothing.

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

__all__ = ["COMPILED", "COMPILED_MODULES", "describe"]


def _compiled_modules() -> tuple[str, ...]:
    # An extension module beside a .py file of the same name is what the import system loads.
    root = Path(__file__).resolve().parent
    # The longest suffix first: ".cpython-311-x86_64-linux-gnu.so" before ".so".
    suffixes = sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True)
    found = set()
    for path in root.rglob("*"):
        suffix = next((s for s in suffixes if path.name.endswith(s)), None)
        if suffix is not None:
            parts = path.relative_to(root).with_name(path.name.removesuffix(suffix)).parts
            found.add(".".join(("cardgames", *parts)))
    return tuple(sorted(found))


COMPILED_MODULES: tuple[str, ...] = _compiled_modules()
"""The modules of the package that run compiled, sorted (empty in the pure-Python build)."""

COMPILED: bool = bool(COMPILED_MODULES)
"""Whether any module of the package runs compiled."""


def describe() -> str:
    """Return one line naming the build, for test and benchmark reports."""
    if not COMPILED:
        return "pure Python"
    return f"compiled by mypyc: {', '.join(COMPILED_MODULES)}"
