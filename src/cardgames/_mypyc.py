"""Hints for the optional mypyc build; in the pure-Python package they change nothing.

mypyc reads ``mypyc_attr`` from ``mypy_extensions`` when it type-checks the source, and handles
the decorator itself. At run time (the pure build, and the modules the compiled build leaves
as Python) the same name is a decorator that returns the class unchanged, so the package never
needs ``mypy_extensions`` installed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__all__ = ["i64", "mypyc_attr"]

if TYPE_CHECKING:
    from mypy_extensions import i64, mypyc_attr
else:
    i64 = int
    """A 64-bit machine integer to mypyc, an ordinary ``int`` to Python.

    Arithmetic on it must stay far from 2**63 (mypyc wraps around where Python would not).
    """

    def mypyc_attr(*_args: object, **_kwargs: object) -> object:
        """Return a class decorator that leaves the class unchanged."""
        return lambda cls: cls
