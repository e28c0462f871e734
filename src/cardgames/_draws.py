"""What a game's transition reads of the match besides its position (compiled when built so).

Every single draw of a match is `rng.below_at` keyed by the match's seed key, the number of
actions applied so far and a purpose tag (see `State._random_below`, which calls
`random_below`). A game whose rules advance a position in place (Kitten tricks, Crazy
Mistigri, Crazy Animals; not classic Mistigri) is handed a `Turn`: the rules options, that key,
that count, and whether anyone reads the events or plays the next round, in one native record,
so that the transition and a game's own playout loop read them as C struct members rather than
through the interpreted `State`. In the compiled build this module is compiled with the games'
rules, so a draw is a direct C call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, final

from cardgames._mypyc import mypyc_attr
from cardgames.rng import _GOLDEN, _MASK, NATIVE, Rng, below_at

if TYPE_CHECKING:
    from cardgames.engine import State

__all__ = ["Turn", "random_below", "turn_of"]


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


_TURN_FIELDS: Final = ("rules", "key", "step", "told", "deals_on")


# acyclic: it holds the rules options (a frozen record), ints and flags, never itself.
@final
@mypyc_attr(acyclic=True)
class Turn:
    """The match around a transition: what it reads besides the position it advances.

    ``step`` is the number of actions applied before the one being applied: a playout loop
    adds one after each action, as `State.apply` adds an entry to the log. ``told`` and
    ``deals_on`` are `State._told` and `State._deals_on`.
    """

    __slots__ = _TURN_FIELDS

    rules: Any  # the match's rules options (each game's own `Rules`)
    key: int  # the seed's key (`cardgames.rng.seed_key`)
    step: int  # the actions applied before this one
    told: bool  # whether anyone reads the events the transition returns
    deals_on: bool  # whether anyone plays the rounds after this one

    def __init__(self, rules: Any, key: int, step: int, *, told: bool, deals_on: bool) -> None:  # noqa: ANN401 - a game's rules
        """The turn of a match with these ``rules`` and seed ``key`` after ``step`` actions."""
        self.rules = rules
        self.key = key
        self.step = step
        self.told = told
        self.deals_on = deals_on

    def below(self, n: int, purpose: int = 0) -> int:
        """One uniform integer in ``range(n)`` for this point of the match (`random_below`)."""
        # Compiled, a C call; interpreted, one Python call, as `random_below`'s inlined body.
        return below_at(self.key, self.step, purpose, n)

    def rng(self, purpose: int = 0) -> Rng:
        """The random stream of this point of the match (`State._rng`)."""
        return Rng.from_key(self.key, self.step, purpose)


def turn_of(state: State[Any]) -> Turn:
    """The `Turn` of ``state``'s next action: what `State.apply` hands a transition."""
    log = state._log  # noqa: SLF001 - engine-internal: the chain and its flags
    return Turn(
        state._rules,  # noqa: SLF001
        state._key,  # noqa: SLF001
        log._len - 1,  # noqa: SLF001
        told=log.keeps,
        deals_on=log.deals_on,
    )
