"""Counter-based, seeded randomness.

Every random outcome of a match is a pure function of the match seed and of *where* in the match
it happens (the number of actions applied so far, and a small purpose tag). There is no hidden
generator state to carry between transitions, so states stay immutable and cheap to copy, the
same seed and actions give the same match in any process, and ``PYTHONHASHSEED`` plays no part.

The mixing function is SplitMix64 (Steele, Lea & Flood 2014), a well-studied 64-bit finalizer;
uniform integers below ``n`` use Lemire's multiply-shift reduction, whose bias (at most
``n / 2**64``) is far below anything a card game can observe.
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from collections.abc import Sequence
from operator import itemgetter
from typing import TypeVar

__all__ = ["SEED_LIMIT", "Rng", "fresh_seed", "seed_key"]

_T = TypeVar("_T")

SEED_LIMIT = 2**64
"""Seeds are integers in ``range(SEED_LIMIT)``."""

_MASK = SEED_LIMIT - 1
_GOLDEN = 0x9E3779B97F4A7C15


_PACK = struct.Struct("<QQ").pack


def _unpack(count: int, material: bytes) -> tuple[int, ...]:
    return struct.unpack(f"<{count}Q", material)


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _stream_key(key: int, step: int, purpose: int) -> int:
    return _mix((key + ((step << 16) + purpose + 1) * _GOLDEN) & _MASK)


def seed_key(seed: int) -> int:
    """Return the 64-bit key that every stream of ``seed`` derives from."""
    return _mix(seed & _MASK)


def fresh_seed() -> int:
    """Return a new seed drawn from the operating system's entropy source."""
    return secrets.randbits(64)


class Rng:
    """A deterministic stream of random numbers for one point of a match.

    ``Rng(seed, step, purpose)`` always yields the same numbers for the same arguments. Engines
    key it by the number of actions applied so far (``step``) and a small tag saying what the
    numbers are for (``purpose``), so that two random outcomes of one step never share numbers.
    """

    __slots__ = ("_counter", "_key")

    def __init__(self, seed: int, step: int = 0, purpose: int = 0, *, keyed: bool = False) -> None:
        """Start the stream for ``seed`` at ``step`` for ``purpose`` (non-negative ints).

        With ``keyed=True``, ``seed`` is already ``seed_key(seed)`` (what `from_key` passes).
        """
        self._key = _stream_key(seed if keyed else seed_key(seed), step, purpose)
        self._counter = 0

    @classmethod
    def from_key(cls, key: int, step: int, purpose: int = 0) -> Rng:
        """Like ``Rng(seed, step, purpose)`` given ``key = seed_key(seed)``, computed once."""
        # Through the constructor, not cls.__new__(cls): the mypyc build compiles this class,
        # and a compiled class cannot be instantiated without its __init__.
        return cls(key, step, purpose, keyed=True)

    @staticmethod
    def below_at(key: int, step: int, purpose: int, n: int) -> int:
        """A single uniform integer in ``range(n)``, as cheaply as possible.

        The ``step``-th output of the SplitMix64 stream keyed by ``key`` and ``purpose``: the
        fast path for a draw that needs one random number.
        """
        z = (key + ((step << 16) + purpose + 1) * _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def next64(self) -> int:
        """Return the next uniformly distributed 64-bit integer of the stream."""
        self._counter += 1
        return _mix((self._key + self._counter * _GOLDEN) & _MASK)

    def below(self, n: int) -> int:
        """Return a uniform integer in ``range(n)``; ``n`` must be positive."""
        if n <= 0:
            msg = f"Rng.below needs a positive bound, got {n!r}"
            raise ValueError(msg)
        return (self.next64() * n) >> 64

    def shuffled(self, items: Sequence[_T]) -> tuple[_T, ...]:
        """Return the items in a uniformly random order.

        Each item gets a 64-bit random key and the items are sorted by key (ties, with odds
        below ``n**2 / 2**65``, keep their order). Deals are the hot spot of short matches, so
        all keys come from one SHAKE-256 output and the sort runs in C.
        """
        n = len(items)
        if n < 2:  # noqa: PLR2004 - nothing to shuffle
            return tuple(items)
        self._counter += 1
        material = hashlib.shake_256(_PACK(self._key, self._counter)).digest(8 * n)
        keys = _unpack(n, material)
        # With two or more indices, itemgetter builds the tuple in C.
        return itemgetter(*sorted(range(n), key=keys.__getitem__))(items)  # type: ignore[no-any-return]
