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
import sys
from collections.abc import Sequence
from operator import itemgetter
from typing import Final, TypeVar

from cardgames._build import is_compiled
from cardgames._mypyc import i64

__all__ = ["NATIVE", "SEED_LIMIT", "Rng", "below_at", "fresh_seed", "seed_key"]

_T = TypeVar("_T")

SEED_LIMIT = 2**64
"""Seeds are integers in ``range(SEED_LIMIT)``."""

_MASK = SEED_LIMIT - 1
_M32: Final = 0xFFFFFFFF
_GOLDEN = 0x9E3779B97F4A7C15

_HALVES_N: Final = 2**30  # bounds within which the halves never overflow 64 bits
_HALVES_STEP: Final = 2**31
_HALVES_PURPOSE: Final = 2**16
_BUCKETED: Final = 128  # the most items `_bucketed` orders (a bound below 256)

NATIVE: Final = is_compiled(sys.modules[__name__])
"""Whether this module runs compiled: then `below_at` computes in machine integers."""


_PACK = struct.Struct("<QQ").pack


def _unpack(count: int, material: bytes) -> tuple[int, ...]:
    return struct.unpack(f"<{count}Q", material)


def below_at(key: int, step: int, purpose: int, n: int) -> int:
    """One uniform integer in ``range(n)`` (``n`` positive): the fast path of a single draw.

    The output of the SplitMix64 stream keyed by ``key`` (a `seed_key`) and ``purpose``
    at ``step``, reduced to ``range(n)`` by Lemire's multiply-shift. Interpreted, Python's
    big integers compute it fastest; compiled (`NATIVE`), 32-bit halves in machine integers
    do, and give the same numbers (a test compares the two on random inputs in both builds).
    """
    if NATIVE and n < _HALVES_N and step < _HALVES_STEP and purpose < _HALVES_PURPOSE:
        return _below_at_halves(key >> 32, key & _M32, step, purpose, n)
    return _below_at_big(key, step, purpose, n)


def _below_at_big(key: int, step: int, purpose: int, n: int) -> int:
    return (_stream_key_big(key, step, purpose) * n) >> 64


def _times(hi: i64, lo: i64, c3: i64, c2: i64, c1: i64, c0: i64) -> tuple[i64, i64]:  # noqa: PLR0917
    """``(hi * 2**32 + lo) * c mod 2**64`` as 32-bit halves; ``c``'s 16-bit digits c3..c0.

    Every product is below 2**48 and every sum below 2**52: no 64-bit overflow anywhere.
    """
    m32: i64 = 0xFFFFFFFF
    m16: i64 = 0xFFFF
    a = lo * c0
    b = lo * c1
    low = (a & m32) + ((b & m16) << 16)
    high = (
        (a >> 32)
        + (b >> 16)
        + (low >> 32)
        + lo * c2
        + ((lo * c3 & m16) << 16)
        + hi * c0
        + ((hi * c1 & m16) << 16)
    )
    return high & m32, low & m32


def _below_at_halves(key_hi: i64, key_lo: i64, step: i64, purpose: i64, n: i64) -> i64:
    """`_below_at_big` on the two 32-bit halves of each 64-bit value (for the compiled build)."""
    hi, lo = _stream_halves(key_hi, key_lo, step, purpose)
    return (hi * n + ((lo * n) >> 32)) >> 32


def _stream_halves(key_hi: i64, key_lo: i64, step: i64, purpose: i64) -> tuple[i64, i64]:
    """`_stream_key` as 32-bit halves (high, low), computed on 32-bit halves."""
    m32: i64 = 0xFFFFFFFF
    t = (step << 16) + purpose + 1  # below 2**47 for any match
    hi, lo = _times(t >> 32, t & m32, 0x9E37, 0x79B9, 0x7F4A, 0x7C15)  # t * _GOLDEN
    low = lo + key_lo
    return _mix_halves((hi + key_hi + (low >> 32)) & m32, low & m32)


def _mix_halves(hi: i64, lo: i64) -> tuple[i64, i64]:
    """`_mix` on the 32-bit halves of a 64-bit value."""
    m32: i64 = 0xFFFFFFFF
    lo ^= ((lo >> 30) | (hi << 2)) & m32
    hi ^= hi >> 30
    hi, lo = _times(hi, lo, 0xBF58, 0x476D, 0x1CE4, 0xE5B9)
    lo ^= ((lo >> 27) | (hi << 5)) & m32
    hi ^= hi >> 27
    hi, lo = _times(hi, lo, 0x94D0, 0x49BB, 0x1331, 0x11EB)
    lo ^= ((lo >> 31) | (hi << 1)) & m32
    hi ^= hi >> 31
    return hi, lo


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _stream_key(key: int, step: int, purpose: int) -> int:
    """The stream key of ``purpose`` at ``step``: the SplitMix64 output `below_at` reduces."""
    if NATIVE and step < _HALVES_STEP and purpose < _HALVES_PURPOSE:
        hi, lo = _stream_halves(key >> 32, key & _M32, step, purpose)
        return int(hi) << 32 | int(lo)
    return _stream_key_big(key, step, purpose)


def _stream_key_big(key: int, step: int, purpose: int) -> int:
    return _mix((key + ((step << 16) + purpose + 1) * _GOLDEN) & _MASK)


def seed_key(seed: int) -> int:
    """Return the 64-bit key that every stream of ``seed`` derives from."""
    z = seed & _MASK
    if NATIVE:
        hi, lo = _mix_halves(z >> 32, z & _M32)
        return int(hi) << 32 | int(lo)
    return _mix(z)


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
        # and a compiled class cannot be instantiated without its __init__. Naming the class
        # makes that a direct call when compiled; ``cls(...)`` would parse the keyword through
        # a dict (about 2,500 instructions more per deal or reshuffle).
        if cls is Rng:
            return Rng(key, step, purpose, keyed=True)
        return cls(key, step, purpose, keyed=True)

    @staticmethod
    def below_at(key: int, step: int, purpose: int, n: int) -> int:
        """A single uniform integer in ``range(n)``, as cheaply as possible (`below_at`)."""
        return below_at(key, step, purpose, n)

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
        all keys come from one SHAKE-256 output and the sort runs in C. Compiled (`NATIVE`),
        the order is first read off the keys' top bits (`_bucketed`), which gives the same order
        several times faster.
        """
        n = len(items)
        if n < 2:  # noqa: PLR2004 - nothing to shuffle
            return tuple(items)
        self._counter += 1
        material = hashlib.shake_256(_PACK(self._key, self._counter)).digest(8 * n)
        if NATIVE and n <= _BUCKETED:
            ordered = _bucketed(material, items if isinstance(items, tuple) else tuple(items), n)
            if ordered is not None:
                return tuple(ordered)
        # With two or more indices, itemgetter builds the tuple in C.
        return itemgetter(*_order(material, n))(items)  # type: ignore[no-any-return]


def _order(material: bytes, n: int) -> list[int]:
    """The indices ``0..n-1`` sorted by the keys ``material`` holds (8 bytes each, little-endian).

    Sorted stably: of two equal keys, the lower index comes first. This is the reference order
    of `Rng.shuffled`.
    """
    keys = _unpack(n, material)
    return sorted(range(n), key=keys.__getitem__)


def _top(material: bytes, j: i64) -> i64:
    """Key ``j``'s top 23 bits (its bytes come least significant first, so they end in byte 5)."""
    at = 8 * j
    return i64(material[at + 7]) << 15 | i64(material[at + 6]) << 7 | i64(material[at + 5]) >> 1


def _bucketed(material: bytes, items: tuple[_T, ...], n: i64) -> list[_T] | None:
    """The items in `_order`'s order, read off the top 23 bits of each key; None if two tie.

    A distribution sort: each index goes to the bucket of its key's top bits (about ``n``
    buckets), into a chain kept sorted by the top 23 bits. When no two keys share their top
    23 bits, those bits alone decide every comparison of full keys, so walking the buckets in
    order lists the items in `_order`'s order. Otherwise (odds about ``n**2 / 2**24``) it
    returns None and the caller sorts the full keys. Every number the lists hold is in
    ``range(256)``: a small integer that CPython never allocates and unboxes on a fast path.
    """
    end: i64 = _BUCKETED  # no index: `n` is at most `_BUCKETED`
    bits: i64 = int(n).bit_length()
    shift = 23 - bits  # a bucket is the top `bits` bits of a key
    heads: list[i64] = [end] * (1 << bits)  # the first index of each bucket
    after: list[i64] = [end] * n  # the next index in the same bucket
    for j in range(n):
        top = _top(material, j)
        bucket = top >> shift
        before = end
        at = heads[bucket]
        while at != end:
            other = _top(material, at)
            if other >= top:
                if other == top:
                    return None
                break
            before, at = at, after[at]
        after[j] = at
        if before == end:
            heads[bucket] = j
        else:
            after[before] = j
    ordered: list[_T] = []
    for first in heads:
        at = first
        while at != end:
            ordered.append(items[at])
            at = after[at]
    return ordered
