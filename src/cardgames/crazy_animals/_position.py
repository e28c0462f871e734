"""How the engine holds a moment of a Crazy Animals match (internal).

Private to the package: `State` wraps a position and turns its ints back into cards, a `View`
is built from one (see ``view.py``) and the sampler builds one from a view.

The rules advance a position in place, as a player moves the cards on the table: a card drawn
leaves the stock (a list), a card discarded joins the pile (a list), a card put into a slot
replaces the one there (the slots and the knowledge rows are lists); what changes rarely (the
Draw-twos in play, the totals) is replaced by a new immutable value. A state's position is still
never changed once a transition has returned it: `State.apply` advances a `copy()`, and only a
playout's own copy is advanced where it stands. `cardgames.testing.check_positions_unchanged`
holds every game to that. In the compiled build this module is compiled: the record is a native
class whose fields are C struct members.
"""

from __future__ import annotations

from typing import Final, final

from cardgames._mypyc import mypyc_attr
from cardgames._pickling import reduced

# Steps of a turn; Final, so that the compiled build inlines them.
_TURN: Final = 0
_DRAWN: Final = 1
_CHANCE: Final = 2
_KNOCKING: Final = 3
_OVER: Final = 4
_STEP_NAMES = ("turn", "drawn", "draw-two", "knock", "over")


# The fields of the record: its ``__slots__`` in the pure build, and what pickling stores (mypyc
# ignores ``__slots__``: a compiled record's fields are C struct members).
_POSITION_FIELDS: Final = (
    "slots",
    "stock",
    "discard",
    "knowledge",
    "to_move",
    "step",
    "drawn",
    "in_play",
    "turns",
    "knocker",
    "final_left",
    "round",
    "totals",
)


# acyclic: a position holds only lists, tuples and ints, never itself, so the compiled class stays
# out of the garbage collector's lists.
@final
@mypyc_attr(acyclic=True)
class _Position:
    """A moment of a round: the cards, what each seat is sure of, the turn, round and totals."""

    __slots__ = _POSITION_FIELDS

    # Cards are small ints (0..9 numbers, 10 Swap, 11 Peek, 12 Draw-two); the public
    # properties turn them back into cards.
    slots: list[int]  # seat * 4 + slot
    stock: list[int]  # face down; the last card is the top
    discard: list[int]  # face up; the last card is the top
    # What each seat is sure of, grown from its own observations: row seat * 4 + slot holds,
    # for each viewer, the card that viewer is sure lies in that slot, or -1. A change to one
    # slot is then one row (a shared tuple) for every viewer.
    knowledge: list[tuple[int, ...]]
    to_move: int | None
    step: int
    drawn: int  # the card to_move holds after drawing, -1 if none
    # The Draw-twos to_move played this turn, in order, face up but not yet on the discard
    # pile: each goes there once its action is complete (CA-10).
    in_play: tuple[int, ...]
    turns: int  # turns completed this round, counted up to the number of players
    knocker: int  # -1 until someone knocks
    final_left: int  # turns still to play after the knock
    round: int
    totals: tuple[int, ...]

    # No __init__: ``_Position()`` is then a bare instance, made in C in either build (an
    # __init__ would cost the pure build one more Python call per copy). `_new_position` names
    # every field of a new one.

    def copy(self) -> _Position:
        """A copy of this position that the rules may advance in place; this one is unchanged.

        The slots, the stock, the discard pile and the knowledge rows are copied (the rules
        change them in place), the rest shared (the rules replace it). The one place that copies
        every field: a new field is added here, in `_new_position` and in `_POSITION_FIELDS`,
        and nowhere else.
        """
        after = _Position()
        after.slots = self.slots.copy()
        after.stock = self.stock.copy()
        after.discard = self.discard.copy()
        after.knowledge = self.knowledge.copy()
        after.to_move = self.to_move
        after.step = self.step
        after.drawn = self.drawn
        after.in_play = self.in_play
        after.turns = self.turns
        after.knocker = self.knocker
        after.final_left = self.final_left
        after.round = self.round
        after.totals = self.totals
        return after

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle by the fields (a compiled record has no instance dict)."""
        return reduced(self, _POSITION_FIELDS)


def _new_position(
    *,
    slots: list[int],
    stock: list[int],
    discard: list[int],
    knowledge: list[tuple[int, ...]],
    to_move: int | None,
    step: int,
    drawn: int,
    in_play: tuple[int, ...],
    turns: int,
    knocker: int,
    final_left: int,
    round: int,  # noqa: A002 - the name of the field
    totals: tuple[int, ...],
    into: _Position | None = None,
) -> _Position:
    """A new position, every field named: a round's deal, a scenario and the sampler build them.

    It takes the lists as they are: the rules will change them in place. With ``into``, every
    field of that position is set instead (a round dealt where the rules stand).
    """
    pos = _Position() if into is None else into
    pos.slots = slots
    pos.stock = stock
    pos.discard = discard
    pos.knowledge = knowledge
    pos.to_move = to_move
    pos.step = step
    pos.drawn = drawn
    pos.in_play = in_play
    pos.turns = turns
    pos.knocker = knocker
    pos.final_left = final_left
    pos.round = round
    pos.totals = totals
    return pos
