"""How the engine holds a moment of a kitten tricks match (internal).

A position is a record of plain values: the hands (each card as the interned action that plays
it), the trick, its leader, the seat to move, the collections, and a `_Round` record of what
changes at most once per trick (the trump card, the stock, the discard, the Super Chats, the
round's number and starter, the winners once the match is over). The transitions of `State`
advance them, the world sampler deals them, and a seat's `View` is read from them.

The rules advance a position in place, as a player moves the cards on the table: a card played
leaves its hand (a list) and joins the trick (a list); what changes once per trick (the
collections, a `_Round`) is replaced by a new immutable value. A state's position is still never
changed once a transition has returned it: `State.apply` advances a `copy()`, and only a search's
own worlds and a playout's copy are advanced where they stand.
`cardgames.testing.check_positions_unchanged` holds every game to that. In the compiled build
this module is compiled: the records are native classes whose fields are C struct members.
"""

from __future__ import annotations

from typing import Final, final

from cardgames._mypyc import mypyc_attr
from cardgames._pickling import reduced
from cardgames.kitten_tricks.actions import PlayCard

# The fields of each record: its ``__slots__`` in the pure build, and what pickling stores (mypyc
# ignores ``__slots__``: a compiled record's fields are C struct members).
_ROUND_FIELDS: Final = (
    "trump",
    "stock",
    "discard",
    "super_chats",
    "number",
    "starter",
    "winners",
)
_POSITION_FIELDS: Final = ("hands", "trick", "leader", "to_move", "collections", "table")


# acyclic: a record holds only lists, tuples, ints, interned actions and another record, never
# itself, so the compiled class stays out of the garbage collector's lists.
@final
@mypyc_attr(acyclic=True)
class _Round:
    """The parts of a position that change at most once per trick."""

    __slots__ = _ROUND_FIELDS

    trump: int  # the face-up trump card (a card int, see _card_ints)
    stock: tuple[int, ...]  # the unused cards of the round, face down
    discard: tuple[int, ...]  # the cards discarded face down this round
    super_chats: tuple[int, ...]  # each seat's Super Chat cards
    number: int  # the 1-based index of the round
    starter: int  # the seat that led the round's first trick
    winners: tuple[int, ...] | None  # set once the match is over

    # No __init__: ``_Round()`` is a bare instance, made in C in either build. `_new_round_record`
    # names every field of a new one.

    def but(self) -> _Round:
        """A copy of this record, for a transition to change before it returns it.

        The one place that copies every field: a new field is added here, in
        `_new_round_record` and in `_ROUND_FIELDS`, and nowhere else.
        """
        after = _Round()
        after.trump = self.trump
        after.stock = self.stock
        after.discard = self.discard
        after.super_chats = self.super_chats
        after.number = self.number
        after.starter = self.starter
        after.winners = self.winners
        return after

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle by the fields (a compiled record has no instance dict)."""
        return reduced(self, _ROUND_FIELDS)


@final
@mypyc_attr(acyclic=True)
class _Position:
    """A moment of a round: the hands, the trick, whose turn it is, the collections, the round."""

    __slots__ = _POSITION_FIELDS

    # Cards are small ints (see _card_ints); the public properties turn them back into cards.
    # A hand holds each of its cards as the interned action that plays it (any card of the hand
    # may be played, KT-2), so that the legal actions are the hand itself, in its order.
    hands: list[list[PlayCard]]
    trick: list[int]  # the cards played to the current trick, in play order
    leader: int  # the seat that led the current trick
    to_move: int | None  # None once the match is over
    collections: tuple[tuple[tuple[int, ...], ...], ...]  # seat -> colour -> cards
    table: _Round

    # No __init__ (see `_Round`): `_new_position` names every field of a new one.

    @property
    def round(self) -> int:
        """The 1-based index of the round (read at every step of a round-horizon playout)."""
        return self.table.number

    def copy(self) -> _Position:
        """A copy of this position that the rules may advance in place; this one is unchanged.

        The hands and the trick are copied (the rules change them in place), the rest shared
        (the rules replace it). The one place that copies every field: a new field is added
        here, in `_new_position` and in `_POSITION_FIELDS`, and nowhere else.
        """
        after = _Position()
        after.hands = [hand.copy() for hand in self.hands]
        after.trick = self.trick.copy()
        after.leader = self.leader
        after.to_move = self.to_move
        after.collections = self.collections
        after.table = self.table
        return after

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle by the fields (a compiled record has no instance dict)."""
        return reduced(self, _POSITION_FIELDS)


def _new_round_record(
    *,
    trump: int,
    stock: tuple[int, ...],
    discard: tuple[int, ...],
    super_chats: tuple[int, ...],
    number: int,
    starter: int,
    winners: tuple[int, ...] | None,
) -> _Round:
    """A new round record, every field named: the deal, a scenario and the sampler build them."""
    table = _Round()
    table.trump = trump
    table.stock = stock
    table.discard = discard
    table.super_chats = super_chats
    table.number = number
    table.starter = starter
    table.winners = winners
    return table


def _new_position(
    *,
    hands: list[list[PlayCard]],
    trick: list[int],
    leader: int,
    to_move: int | None,
    collections: tuple[tuple[tuple[int, ...], ...], ...],
    table: _Round,
    into: _Position | None = None,
) -> _Position:
    """A new position, every field named: the deal, a scenario and the sampler build them so.

    It takes ``hands`` and ``trick`` as they are: the rules will change them in place. With
    ``into``, every field of that position is set instead (a round dealt where the rules stand).
    """
    pos = _Position() if into is None else into
    pos.hands = hands
    pos.trick = trick
    pos.leader = leader
    pos.to_move = to_move
    pos.collections = collections
    pos.table = table
    return pos
