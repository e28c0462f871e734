"""A one-entry cache keyed by identity, for work derived from a view.

A search samples many worlds from one view, and a game's sampler first reads what the view's
events tell about the hidden cards. ``LastOf(derive)`` does that reading once per view object:
it remembers the last argument (by identity, so equal but distinct views are read afresh) and
what ``derive`` returned for it. The pair is read and replaced whole, so concurrent callers
never mix two views.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

_K = TypeVar("_K")
_V = TypeVar("_V")


class LastOf(Generic[_K, _V]):
    """Calls ``derive`` once per distinct argument object in a row; see the module docstring."""

    __slots__ = ("_derive", "_last")

    def __init__(self, derive: Callable[[_K], _V]) -> None:
        """Wrap ``derive``."""
        self._derive = derive
        self._last: tuple[_K, _V] | None = None

    def __call__(self, key: _K) -> _V:
        """Return ``derive(key)``, reusing the last result when ``key`` is the last object."""
        last = self._last
        if last is not None and last[0] is key:
            return last[1]
        value = self._derive(key)
        self._last = (key, value)
        return value
