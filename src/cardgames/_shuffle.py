"""`random.Random`'s shuffle, sample and randrange, drawn the same but cheaper (for the samplers).

A search samples a world per iteration, and each world is mostly shuffles: the interpreted
``Random.shuffle`` costs a Python call to ``Random._randbelow`` per card, in either build. The
functions here draw the very same numbers (``getrandbits`` of the same widths, the same
rejections) and so give the same permutations and leave the generator in the same state, for
the same ``rng`` state: the worlds, the bots' decisions and their recorded strength do not
change. They loop without the extra call and track the width of each draw instead of asking
``int.bit_length`` for it; in the compiled build the loop is C.

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
    getrandbits = rng.getrandbits
    i = len(items) - 1
    if i < 1:
        return
    width = (i + 1).bit_length()  # of the bound, i + 1, as `Random._randbelow` takes it
    floor = 1 << (width - 1)  # the least bound of that width
    while i > 0:
        if i + 1 < floor:  # the bound fell below a power of two: one bit fewer
            width -= 1
            floor >>= 1
        j: int = getrandbits(width)
        while j > i:
            j = getrandbits(width)
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
    getrandbits = rng.getrandbits
    pool = list(population)
    result: list[_T] = []
    if not k:
        return result
    width = n.bit_length()
    floor = 1 << (width - 1)
    for i in range(k):
        bound = n - i
        if bound < floor:
            width -= 1
            floor >>= 1
        j: int = getrandbits(width)
        while j >= bound:
            j = getrandbits(width)
        result.append(pool[j])
        pool[j] = pool[bound - 1]  # the one not chosen takes the chosen one's place
    return result


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
