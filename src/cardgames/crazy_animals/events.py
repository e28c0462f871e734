"""The Crazy Animals events: what happened, in order, and who sees it in full (CA-9).

Public events carry ``visible_to=None``; a private one (a first look, a draw, a peek) names
its seat and shows every other seat its `redacted` form, without the cards.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from cardgames.crazy_animals.cards import _CARDS, Card
from cardgames.engine import Event

__all__ = [
    "Discarded",
    "DrawTwoPlayed",
    "Drew",
    "Knocked",
    "Looked",
    "MatchEnded",
    "Peeked",
    "Replaced",
    "RoundDealt",
    "RoundScored",
    "SpecialDiscarded",
    "SpecialReplaced",
    "StockReshuffled",
    "Swapped",
    "TookDiscard",
]


@attrs.frozen(slots=True)
class RoundDealt(Event):
    """Round ``round`` is dealt, ``starter`` plays first and ``face_up`` starts the discard pile.

    Public. Every seat has 4 face-down cards in slots 0..3 (CA-2).
    """

    kind: ClassVar[str] = "round-dealt"
    round: int
    starter: int
    face_up: Card

    def __str__(self) -> str:
        """Describe the deal."""
        return (
            f"round {self.round} is dealt: seat {self.starter} starts, "
            f"the {self.face_up} starts the discard pile"
        )


@attrs.frozen(slots=True)
class Looked(Event):
    """``seat`` looks once at its slots 0 and 3 (``seen``, in that order); only it sees them."""

    kind: ClassVar[str] = "looked"
    seat: int
    seen: tuple[Card, ...] = ()

    def redacted(self) -> Looked:
        """Hide the cards."""
        return attrs.evolve(self, seen=())

    def __str__(self) -> str:
        """Describe the look."""
        if not self.seen:
            return f"seat {self.seat} looks at its slots 0 and 3"
        first, last = self.seen
        return f"seat {self.seat} looks at its slots 0 and 3: the {first} and the {last}"


@attrs.frozen(slots=True)
class TookDiscard(Event):
    """``seat`` took ``card`` from the discard pile into ``slot``; ``revealed`` left it (public).

    The engine always gives ``card``. A person's screen (`cardgames.shown`) shows this event
    with ``card`` ``None``: the card now lies face down, and remembering it is the game.
    """

    kind: ClassVar[str] = "took-discard"
    seat: int
    slot: int
    card: Card | None
    revealed: Card

    def __str__(self) -> str:
        """Describe the exchange."""
        what = "the top card" if self.card is None else f"the {self.card}"
        return (
            f"seat {self.seat} takes {what} from the discard pile into slot "
            f"{self.slot} and discards the {self.revealed} that was there"
        )


@attrs.frozen(slots=True)
class StockReshuffled(Event):
    """The stock ran out: the discard pile but its top card, ``count`` cards, became the stock."""

    kind: ClassVar[str] = "stock-reshuffled"
    count: int

    def __str__(self) -> str:
        """Describe the reshuffle."""
        return f"the stock is empty: {self.count} discarded cards are shuffled into a new stock"


@attrs.frozen(slots=True)
class Drew(Event):
    """``seat`` drew ``card`` from the stock; only that seat sees which (CA-9)."""

    kind: ClassVar[str] = "drew"
    seat: int
    card: Card | None

    def redacted(self) -> Drew:
        """Hide the card."""
        return attrs.evolve(self, card=None)

    def __str__(self) -> str:
        """Describe the draw."""
        what = "a card" if self.card is None else f"the {self.card}"
        return f"seat {self.seat} draws {what} from the stock"


@attrs.frozen(slots=True)
class Discarded(Event):
    """``seat`` put its drawn ``card`` face up on the discard pile, unused (public)."""

    kind: ClassVar[str] = "discarded"
    seat: int
    card: Card

    def __str__(self) -> str:
        """Describe the discard."""
        return f"seat {self.seat} discards the {self.card}"


@attrs.frozen(slots=True)
class Replaced(Event):
    """``seat`` put its drawn card into ``slot``, whose card ``revealed`` went face up (public).

    Only ``seat`` knows the card put in: the one its own ``Drew`` event showed (CA-3, CA-9).
    """

    kind: ClassVar[str] = "replaced"
    seat: int
    slot: int
    revealed: Card

    def __str__(self) -> str:
        """Describe the replacement."""
        return (
            f"seat {self.seat} puts the drawn card into slot {self.slot} and discards the "
            f"{self.revealed} that was there"
        )


@attrs.frozen(slots=True)
class Swapped(Event):
    """``seat`` used a Swap on its ``slot`` and seat ``other``'s ``other_slot`` (public, unseen)."""

    kind: ClassVar[str] = "swapped"
    seat: int
    slot: int
    other: int
    other_slot: int

    def __str__(self) -> str:
        """Describe the swap."""
        return (
            f"seat {self.seat} plays a Swap: its slot {self.slot} and seat {self.other}'s "
            f"slot {self.other_slot} change places, unseen"
        )


@attrs.frozen(slots=True)
class Peeked(Event):
    """``seat`` used a Peek on its ``slot`` and saw ``card``; only that seat sees it."""

    kind: ClassVar[str] = "peeked"
    seat: int
    slot: int
    card: Card | None

    def redacted(self) -> Peeked:
        """Hide the card."""
        return attrs.evolve(self, card=None)

    def __str__(self) -> str:
        """Describe the peek."""
        what = "" if self.card is None else f": the {self.card}"
        return f"seat {self.seat} plays a Peek and looks at its slot {self.slot}{what}"


@attrs.frozen(slots=True)
class DrawTwoPlayed(Event):
    """``seat`` played a Draw-two: it lies face up in play while its cards are drawn (public).

    It goes onto the discard pile only once its action is complete (CA-10): see
    `SpecialDiscarded`.
    """

    kind: ClassVar[str] = "draw-two-played"
    seat: int

    def __str__(self) -> str:
        """Describe the Draw-two."""
        return f"seat {self.seat} plays a Draw-two"


@attrs.frozen(slots=True)
class SpecialDiscarded(Event):
    """``seat``'s used special ``card`` goes face up onto the discard pile (public; CA-10).

    It follows the events of the special's action: a Swap's exchange, a Peek's look, and for
    a Draw-two the use or discard of the card(s) it drew. A Draw-two played during a Draw-two
    completes first, so the Draw-two played first ends on top of the pile.
    """

    kind: ClassVar[str] = "special-discarded"
    seat: int
    card: Card

    def __str__(self) -> str:
        """Describe the discard."""
        return f"seat {self.seat} puts the used {self.card} on the discard pile"


@attrs.frozen(slots=True)
class Knocked(Event):
    """``seat`` knocked: every other seat has one more turn, then the round ends (public)."""

    kind: ClassVar[str] = "knocked"
    seat: int

    def __str__(self) -> str:
        """Describe the knock."""
        return f"seat {self.seat} knocks: last turn for everybody else"


@attrs.frozen(slots=True)
class SpecialReplaced(Event):
    """At scoring, the ``special`` in ``seat``'s ``slot`` was replaced (CA-7; public).

    ``drawn`` lists the cards drawn from the stock for it: any specials (discarded), then the
    number that now lies in the slot.
    """

    kind: ClassVar[str] = "special-replaced"
    seat: int
    slot: int
    special: Card
    drawn: tuple[Card, ...]

    def __str__(self) -> str:
        """Describe the replacement."""
        passed = "".join(f" past the {card}" for card in self.drawn[:-1])
        return (
            f"seat {self.seat}'s slot {self.slot} held the {self.special}: seat {self.seat} "
            f"draws{passed} "
            f"to the {self.drawn[-1]}"
        )


@attrs.frozen(slots=True)
class RoundScored(Event):
    """Round ``round`` ended: every slot is shown (``slots``), with ``points`` and ``totals``."""

    kind: ClassVar[str] = "round-scored"
    round: int
    slots: tuple[tuple[Card, ...], ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]

    def cards(self) -> tuple[Card, ...]:
        """Return every card shown: all the slots, seat by seat."""
        return tuple(card for row in self.slots for card in row)

    def __str__(self) -> str:
        """Describe the scoring."""
        shown = "; ".join(
            f"seat {seat} {' '.join(map(str, row))} = {self.points[seat]}"
            for seat, row in enumerate(self.slots)
        )
        return f"round {self.round} ends: {shown}; totals {list(self.totals)}"


@attrs.frozen(slots=True)
class MatchEnded(Event):
    """The last round is scored: the lowest ``totals`` win (``winners``; ties share)."""

    kind: ClassVar[str] = "match-ended"
    winners: tuple[int, ...]
    totals: tuple[int, ...]

    def __str__(self) -> str:
        """Name the winners."""
        winners = ", ".join(f"seat {s}" for s in self.winners)
        verb = "wins" if len(self.winners) == 1 else "win"
        return f"the match is over: {winners} {verb} with {min(self.totals)} points"


# The builders of the events the transitions report. Events are immutable values with few
# possible contents (a seat, a slot, a card or two), so `cardgames.crazy_animals.rules` builds
# each one once per process, through these, and shares it: building an attrs record costs about
# a tenth of a whole turn. The arguments are the position's ints.

# The seats that see a private event in full.
_ONLY = tuple(frozenset({seat}) for seat in range(6))


def _round_dealt(round_: int, starter: int, face_up: int) -> RoundDealt:
    return RoundDealt(round=round_, starter=starter, face_up=_CARDS[face_up])


def _looked(seat: int, first: int, last: int) -> Looked:
    return Looked(seat=seat, seen=(_CARDS[first], _CARDS[last]), visible_to=_ONLY[seat])


def _drew(seat: int, card: int) -> Drew:
    return Drew(seat=seat, card=_CARDS[card], visible_to=_ONLY[seat])


def _took_discard(seat: int, slot: int, card: int, revealed: int) -> TookDiscard:
    return TookDiscard(seat=seat, slot=slot, card=_CARDS[card], revealed=_CARDS[revealed])


def _discarded(seat: int, card: int) -> Discarded:
    return Discarded(seat=seat, card=_CARDS[card])


def _replaced(seat: int, slot: int, revealed: int) -> Replaced:
    return Replaced(seat=seat, slot=slot, revealed=_CARDS[revealed])


def _swapped(seat: int, slot: int, other: int, other_slot: int) -> Swapped:
    return Swapped(seat=seat, slot=slot, other=other, other_slot=other_slot)


def _peeked(seat: int, slot: int, card: int) -> Peeked:
    return Peeked(seat=seat, slot=slot, card=_CARDS[card], visible_to=_ONLY[seat])


def _special_replaced(
    seat: int, slot: int, special: int, drawn: tuple[int, ...]
) -> SpecialReplaced:
    return SpecialReplaced(
        seat=seat, slot=slot, special=_CARDS[special], drawn=tuple(map(_CARDS.__getitem__, drawn))
    )


def _draw_two_played(seat: int) -> DrawTwoPlayed:
    return DrawTwoPlayed(seat=seat)


def _special_discarded(seat: int, card: int) -> SpecialDiscarded:
    return SpecialDiscarded(seat=seat, card=_CARDS[card])


def _knocked(seat: int) -> Knocked:
    return Knocked(seat=seat)
