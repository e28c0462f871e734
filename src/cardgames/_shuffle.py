"""`random.Random`'s shuffle, sample and randrange, drawn the same but cheaper (for the samplers).

A search samples a world per iteration, and each world is mostly shuffles: the interpreted
``Random.shuffle`` costs a Python call to ``Random._randbelow`` per card, in either build. The
functions here draw the very same numbers (``getrandbits`` of the same widths, the same
rejections) and so give the same permutations and leave the generator in the same state, for
the same ``rng`` state: the worlds, the bots' decisions and their recorded strength do not
change. They loop without the extra call and track the width of each draw instead of asking
``int.bit_length`` for it; in the compiled build the loop is C. `shuffle` and `sample` draw
the generator's words a block at a time (`_Words`): one ``getrandbits`` call for a whole
shuffle unless a draw is rejected.

They take the fast path only for a plain ``random.Random`` (a subclass may draw otherwise) and
only when a check at import found that this interpreter's ``random`` draws as they do (CPython
3.11 to 3.13 do; a later version that changed its algorithm gets the standard methods).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TypeVar

__all__ = ["below", "sample", "shuffle"]

_T = TypeVar("_T")


def shuffle(rng: random.Random, items: list[_T]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` would."""
    if type(rng) is not _FAST_TYPE:
        rng.shuffle(items)
        return
    i = len(items) - 1
    if i < 1:
        return
    width = (i + 1).bit_length()  # of the bound, i + 1, as `Random._randbelow` takes it
    floor = 1 << (width - 1)  # the least bound of that width
    words = _Words(rng)
    while i > 0:
        if i + 1 < floor:  # the bound fell below a power of two: one bit fewer
            width -= 1
            floor >>= 1
        j = words.next(i) >> (32 - width)
        while j > i:
            j = words.next(i) >> (32 - width)
        items[i], items[j] = items[j], items[i]
        i -= 1


def sample(rng: random.Random, population: Sequence[_T], k: int) -> list[_T]:
    """Return ``rng.sample(population, k)``, drawn the same way."""
    n = len(population)
    # The standard library draws from a list up to a population of `_set_size(k)`, which is at
    # least 21 + 3k: only a larger population needs it computed (two calls to math).
    list_up_to = 21 + 3 * k if k > 5 else 21  # noqa: PLR2004 - the library's threshold
    if type(rng) is not _FAST_TYPE or not 0 <= k <= n or (n > list_up_to and n > _set_size(k)):
        return rng.sample(population, k)
    pool = list(population)
    result: list[_T] = []
    if not k:
        return result
    width = n.bit_length()
    floor = 1 << (width - 1)
    words = _Words(rng)
    for i in range(k):
        bound = n - i
        if bound < floor:
            width -= 1
            floor >>= 1
        j = words.next(k - i) >> (32 - width)
        while j >= bound:
            j = words.next(k - i) >> (32 - width)
        result.append(pool[j])
        pool[j] = pool[bound - 1]  # the one not chosen takes the chosen one's place
    return result


class _Words:
    """The generator's 32-bit outputs, in order, drawn a block at a time (for `shuffle`, `sample`).

    ``getrandbits(w)`` for ``w <= 32`` is the generator's next 32-bit output shifted right by
    ``32 - w``, and ``getrandbits(32 * m)`` is its next ``m`` outputs, the first the least
    significant: one call draws the words of ``m`` draws. A block is never larger than the
    draws still to come (each takes at least one word, a rejection one more), so the generator
    ends where the standard library's draws leave it.
    """

    __slots__ = ("_at", "_block", "_end", "_rng")

    def __init__(self, rng: random.Random) -> None:
        """Words of ``rng``; none drawn yet."""
        self._rng = rng
        self._block = b""
        self._at = 0
        self._end = 0

    def next(self, draws: int) -> int:
        """The generator's next 32-bit output; ``draws`` draws (this one included) are to come."""
        at = self._at
        if at == self._end:
            # A new block: a word for each draw still to come.
            self._block = self._rng.getrandbits(32 * draws).to_bytes(4 * draws, "little")
            at = 0
            self._end = 4 * draws
        block = self._block
        self._at = at + 4
        return block[at] | block[at + 1] << 8 | block[at + 2] << 16 | block[at + 3] << 24


def below(rng: random.Random, n: int) -> int:
    """Return ``rng.randrange(n)``, drawn the same way."""
    if type(rng) is not _FAST_TYPE or n <= 0:
        return rng.randrange(n)
    width = n.bit_length()
    j: int = rng.getrandbits(width)
    while j >= n:
        j = rng.getrandbits(width)
    return j


def _set_size(k: int) -> int:
    """The population size up to which ``Random.sample`` draws from a list (as it computes it)."""
    size = 21
    if k > 5:  # noqa: PLR2004 - the standard library's threshold
        size += 4 ** math.ceil(math.log(k * 3, 4))
    return size


def _draws_as_the_standard_library() -> bool:
    """Whether `shuffle`, `sample` and `below` give what ``random.Random`` gives, here."""
    ours, theirs = random.Random(2026), random.Random(2026)  # noqa: S311 - not secrets
    for n in (0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33, 64, 65, 130):
        mine, standard = list(range(n)), list(range(n))
        shuffle(ours, mine)
        theirs.shuffle(standard)
        if mine != standard:
            return False
        for k in {0, n // 3, n}:
            if sample(ours, range(n), k) != theirs.sample(range(n), k):
                return False
        if n and below(ours, n) != theirs.randrange(n):
            return False
    return ours.getstate() == theirs.getstate()


_FAST_TYPE: type[random.Random] | None = random.Random
"""The generators drawn from here: ``random.Random``, or none if the check below failed."""
if not _draws_as_the_standard_library():  # pragma: no cover - CPython 3.11 to 3.13 pass it
    _FAST_TYPE = None
