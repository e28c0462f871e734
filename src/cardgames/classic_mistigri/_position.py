"""How the engine holds a moment of a classic Mistigri match (internal).

A position is a record of plain values: each hand and each seat's laid pairs as motif numbers
(see `cardgames.classic_mistigri.cards`; 0 is the Mistigri), whose turn it is, the seat that
player draws from, and the loser once the match is over. The rules (`rules.py`) build and read
it; the public properties of `State` turn its motifs back into cards.

A position is never changed once a transition has returned it: a transition copies the
position it starts from with `_Position.but` and sets the fields that change on the copy, and
`cardgames.testing.check_positions_unchanged` holds every game to that. In the compiled build
this module is compiled: the record is a native class whose fields are C struct members.
"""

from __future__ import annotations

from typing import Final, final

from cardgames._mypyc import mypyc_attr
from cardgames._pickling import reduced

# The fields of the record: its ``__slots__`` in the pure build, and what pickling stores (mypyc
# ignores ``__slots__``: a compiled record's fields are C struct members).
_POSITION_FIELDS: Final = ("hands", "pairs", "to_move", "source", "loser")


# acyclic: a position holds only tuples and ints, never itself, so the compiled class stays out
# of the garbage collector's lists (as the tuple it replaced did).
@final
@mypyc_attr(acyclic=True)
class _Position:
    """A moment of the match: the hands, the laid pairs, who draws from whom, the loser."""

    __slots__ = _POSITION_FIELDS

    hands: tuple[tuple[int, ...], ...]  # motif numbers, in fan order
    pairs: tuple[tuple[int, ...], ...]  # the motifs each seat has laid, in the order laid
    to_move: int | None  # None once the match is over
    source: int | None  # the seat to_move draws from (CL-4)
    loser: int | None  # the Mistigri's holder, once the match is over (CL-6)

    # No __init__: ``_Position()`` is then a bare instance, made in C in either build (an
    # __init__ would cost the pure build one more Python call per copy). `_new_position` names
    # every field of a new one.

    @property
    def round(self) -> int:
        """The 1-based index of the round: a match of classic Mistigri is one round."""
        return 1

    def but(self) -> _Position:
        """A copy of this position, for a transition to change before it returns it.

        The one place that copies every field: a new field is added here, in `_new_position`
        and in `_POSITION_FIELDS`, and nowhere else.
        """
        after = _Position()
        after.hands = self.hands
        after.pairs = self.pairs
        after.to_move = self.to_move
        after.source = self.source
        after.loser = self.loser
        return after

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle by the fields (a compiled record has no instance dict)."""
        return reduced(self, _POSITION_FIELDS)


def _new_position(
    *,
    hands: tuple[tuple[int, ...], ...],
    pairs: tuple[tuple[int, ...], ...],
    to_move: int | None,
    source: int | None,
    loser: int | None,
) -> _Position:
    """A new position, every field named: the deal, a scenario, a player leaving play, the end."""
    pos = _Position()
    pos.hands = hands
    pos.pairs = pairs
    pos.to_move = to_move
    pos.source = source
    pos.loser = loser
    return pos
