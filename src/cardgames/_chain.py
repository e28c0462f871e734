"""A persistent append-only sequence: O(1) append that shares the whole past.

States keep their action history and event log as chains, so that producing a successor state
never copies the log. Reading the log as a tuple walks it once and caches the result.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, ClassVar, Generic, TypeVar

_T = TypeVar("_T")


class Chain(Generic[_T]):
    """An immutable sequence whose `push` is O(1) and shares structure."""

    __slots__ = ("_items", "_last", "_len", "_prev", "_seen")

    keeps: ClassVar[bool] = True
    """Whether the chain keeps its items (`Tally`, which only counts them, does not)."""
    deals_on: ClassVar[bool] = True
    """Whether the rounds after the current one are dealt (`RoundTally` says they are not)."""

    def __init__(self) -> None:
        """Create the empty chain."""
        self._prev: Chain[_T] | None = None
        self._last: _T | None = None
        self._len = 0
        self._items: tuple[_T, ...] | None = ()
        # A reader's cache, by key: `cardgames.engine` keeps here, per seat, the events of the
        # chain as that seat saw them. Every node is built with ``None``.
        self._seen: dict[int, tuple[Any, ...]] | None = None

    @classmethod
    def of(cls, items: tuple[_T, ...]) -> Chain[_T]:
        """Return a chain holding ``items``, built in one node (no deeper than the empty chain)."""
        node: Chain[_T] = cls()
        if items:
            node._last = items[-1]
            node._len = len(items)
            node._items = items
        return node

    def push(self, item: _T) -> Chain[_T]:
        """Return a new chain with ``item`` appended; this one is unchanged."""
        # `State.apply` does the same inline, once per action: keep the two alike.
        node: Chain[_T] = Chain.__new__(Chain)
        node._prev = self
        node._last = item
        node._len = self._len + 1
        node._items = None
        node._seen = None
        return node

    def extend(self, items: Iterable[_T]) -> Chain[_T]:
        """Return a new chain with every item of ``items`` appended in order."""
        node = self
        for item in items:
            node = node.push(item)
        return node

    @property
    def last(self) -> _T:
        """The newest item; `IndexError` on the empty chain."""
        if not self._len:
            msg = "the empty chain has no last item"
            raise IndexError(msg)
        return self._last  # type: ignore[return-value]

    def __len__(self) -> int:
        """Return the number of items."""
        return self._len

    def to_tuple(self) -> tuple[_T, ...]:
        """Return the items as a tuple (computed once per chain, then cached)."""
        if self._items is not None:
            return self._items
        pending: list[_T] = []
        node: Chain[_T] = self
        while node._items is None:
            pending.append(node._last)  # type: ignore[arg-type]
            assert node._prev is not None  # noqa: S101 - only the empty chain has no parent
            node = node._prev
        pending.reverse()
        self._items = node._items + tuple(pending)  # noqa: SLF001 - same class
        return self._items

    def __iter__(self) -> Iterator[_T]:
        """Iterate over the items, oldest first."""
        return iter(self.to_tuple())

    def __copy__(self) -> Chain[_T]:
        """Return the chain itself: it is immutable."""
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Chain[_T]:
        """Return the chain itself: it is immutable."""
        del memo
        return self

    def __reduce__(self) -> tuple[object, tuple[tuple[_T, ...]]]:
        """Pickle the items as one tuple: a chain as long as a match must not nest that deep."""
        return Chain.of, (self.to_tuple(),)


class Tally(Chain[_T]):
    """A chain that only counts what is pushed onto it: a playout's log (`State.playout`).

    The playout sets its length itself and pushes nothing; its items are never read.
    """

    __slots__ = ()

    keeps = False


class RoundTally(Tally[_T]):
    """The log of a playout that stops at the end of its round (`State.playout`'s round horizon).

    It counts the actions as a `Tally` does, and tells the game's transitions that the next
    round is never played (`State._deals_on`): nothing reads its deal.
    """

    __slots__ = ()

    deals_on = False
