"""A state's single random draws, for the games' transitions (compiled in the compiled build).

Every single draw of a match is `rng.below_at` keyed by the match's seed key, the number of
actions applied so far and a purpose tag (see `State._random_below`, which calls
`random_below`). The games' transitions call `random_below` directly: in the compiled build
this module is compiled with them, so a draw is a direct C call that reads the state's two
slots, rather than a call to an interpreted method of the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgames.rng import _GOLDEN, _MASK, NATIVE, below_at

if TYPE_CHECKING:
    from cardgames.engine import State

__all__ = ["random_below"]


def random_below(state: State[Any], n: int, purpose: int = 0) -> int:
    """One uniform integer in ``range(n)`` for ``state``'s point of the match (the fast path).

    Equal to ``rng.below_at(seed_key(seed), len(history), purpose, n)``, which it calls when
    `cardgames.rng` runs compiled (machine integers compute it several times faster);
    interpreted, it is inlined here, because every blind draw calls it (a test compares the
    two).
    """
    key: int = state._key  # noqa: SLF001 - engine-internal: the seed's key
    step: int = state._log._len - 1  # noqa: SLF001 - the chain's length: one Python call fewer
    if NATIVE:
        return below_at(key, step, purpose, n)
    z = (key + ((step << 16) + purpose + 1) * _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return ((z ^ (z >> 31)) * n) >> 64
