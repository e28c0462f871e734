"""Crazy Animals: the memory game of four face-down cards, blind swaps and peeks.

The module reads like the rulebook (see ``docs/games/crazy-animals.md`` for the clauses): the
cards (CA-1), the rules options, the actions, the events, the position and its transitions:
the deal and the first look (CA-2), a turn (CA-3) and the special cards (CA-4), the stock
reshuffle (CA-5), knocking (CA-6), scoring (CA-7) and the match (CA-8). Views carry each seat's
perfect-recall knowledge of the table, derived from what that seat saw (CA-9).

>>> from cardgames import crazy_animals
>>> state = crazy_animals.GAME.new(3, seed=7)
>>> state.legal_actions()[-1]
Draw()
>>> [len(row) for row in state.view(0).knowledge]
[4, 4, 4]
"""

from __future__ import annotations

import functools
import operator
import random
from collections.abc import Mapping, Sequence
from typing import ClassVar, Final, NamedTuple, cast

import attrs

from cardgames import cards
from cardgames._memo import LastOf
from cardgames.engine import Action, Event, Game, Outcome
from cardgames.engine import State as _BaseState
from cardgames.engine import View as _BaseView
from cardgames.errors import InvalidSetupError
from cardgames.rng import Rng

__all__ = [
    "DECK",
    "DRAW_TWO",
    "GAME",
    "MAX_ROUNDS",
    "PEEK",
    "SLOTS",
    "SWAP",
    "Card",
    "Discard",
    "Discarded",
    "Draw",
    "DrawAgain",
    "DrawTwo",
    "DrawTwoPlayed",
    "Drew",
    "Knock",
    "Knocked",
    "Looked",
    "MatchEnded",
    "NoKnock",
    "Peek",
    "Peeked",
    "Replace",
    "Replaced",
    "RoundDealt",
    "RoundScored",
    "Rules",
    "Setup",
    "SpecialReplaced",
    "State",
    "StockReshuffled",
    "Swap",
    "Swapped",
    "TakeDiscard",
    "TookDiscard",
    "View",
    "scenario",
]

SLOTS: Final = 4
"""Each player's face-down cards lie in slots ``0 .. 3`` (CA-2)."""

_SWAP, _PEEK, _DRAW_TWO = 10, 11, 12
_NAMES = {_SWAP: "Swap", _PEEK: "Peek", _DRAW_TWO: "Draw-two"}
_CODES = {_SWAP: "swap", _PEEK: "peek", _DRAW_TWO: "draw-two"}

# --- Cards (CA-1) ---------------------------------------------------------------------------


@attrs.frozen(slots=True, cache_hash=True)
class Card(cards.Card):
    """A Crazy Animals card: a number ``0 .. 9`` or a special (``face`` 10, 11, 12).

    The specials are :data:`SWAP` (face 10), :data:`PEEK` (11) and :data:`DRAW_TWO` (12).
    """

    face: int = attrs.field()

    @face.validator
    def _check_face(self, _: object, face: int) -> None:
        if not isinstance(face, int) or isinstance(face, bool) or not 0 <= face <= _DRAW_TWO:
            msg = (
                "a Crazy Animals card's face is a number 0..9, or 10 (Swap), 11 (Peek) or "
                f"12 (Draw-two), not {face!r}"
            )
            raise ValueError(msg)

    @property
    def is_special(self) -> bool:
        """Whether this is a Swap, Peek or Draw-two card."""
        return self.face >= _SWAP

    @property
    def value(self) -> int | None:
        """The points of a number card; ``None`` for a special, which has no fixed value."""
        return None if self.face >= _SWAP else self.face

    @property
    def code(self) -> str:
        """``"0"`` .. ``"9"``, ``"swap"``, ``"peek"`` or ``"draw-two"``."""
        return _CODES.get(self.face, str(self.face))

    @classmethod
    def from_code(cls, code: str) -> Card:
        """Return the card whose :attr:`code` is ``code`` (``KeyError`` if there is none)."""
        return DECK.card(code)

    def __str__(self) -> str:
        """Return ``7``, ``Swap``, ``Peek`` or ``Draw-two``."""
        return _NAMES.get(self.face, str(self.face))


SWAP = Card(_SWAP)
"""Swap: exchange one of your slots with a slot of another player, unseen (CA-4)."""
PEEK = Card(_PEEK)
"""Peek: look at one of your own slots (CA-4)."""
DRAW_TWO = Card(_DRAW_TWO)
"""Draw-two: draw a card, with one chance to discard it for another (CA-4)."""

DECK: cards.Deck[Card] = cards.Deck(
    [Card(v) for v in range(9) for _ in range(4)]
    + [Card(9)] * 9
    + [SWAP] * 9
    + [PEEK] * 7
    + [DRAW_TWO] * 5
)
"""The 66 cards (CA-1): four each of 0..8, nine 9s, 9 Swap, 7 Peek and 5 Draw-two."""

_CARDS = tuple(Card(face) for face in range(_DRAW_TWO + 1))
_DECK_FACES = tuple(card.face for card in DECK)
_UNKNOWN = -1

# --- Rules options ------------------------------------------------------------------------

MAX_ROUNDS = 100
"""The most rounds a match may be set to."""


def _check_first_player(_: object, __: object, value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        msg = f"first_player must be a seat number (an int >= 0), not {value!r}"
        raise InvalidSetupError(msg)


def _check_rounds(_: object, __: object, value: int | None) -> None:
    if value is None:
        return
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_ROUNDS:
        msg = (
            f"rounds must be None (the rulebook's count) or an int in 1..{MAX_ROUNDS}, "
            f"not {value!r}"
        )
        raise InvalidSetupError(msg)


@attrs.frozen(slots=True)
class Rules:
    """The options of Crazy Animals; the defaults are the rulebook's game."""

    first_player: int = attrs.field(default=0, validator=_check_first_player)
    """The seat that plays first in round 1 (the rulebook's player left of the oldest); each
    later round starts one seat further clockwise (CA-8)."""
    rounds: int | None = attrs.field(default=None, validator=_check_rounds)
    """The number of rounds of a match; ``None`` is the rulebook's count: as many rounds as
    players, 4 with 2 players (CA-8)."""

    def round_count(self, players: int) -> int:
        """The number of rounds a match of ``players`` seats lasts under these rules."""
        if self.rounds is not None:
            return self.rounds
        return 4 if players == 2 else players  # noqa: PLR2004 - the rulebook's exception


# --- Actions -----------------------------------------------------------------------------


def _check_slot(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < SLOTS:
        msg = f"{attribute.name} must be a slot number 0..3, not {value!r}"
        raise ValueError(msg)


def _check_seat_number(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        msg = f"{attribute.name} must be a seat number (an int >= 0), not {value!r}"
        raise ValueError(msg)


@attrs.frozen(slots=True, cache_hash=True)
class TakeDiscard(Action):
    """Action A: take the number on top of the discard pile into your ``slot``, unseen.

    The card that was in the slot goes face up onto the discard pile (CA-3).
    """

    kind: ClassVar[str] = "take-discard"
    slot: int = attrs.field(validator=_check_slot)

    def __str__(self) -> str:
        """Return ``take the discard into slot 2``."""
        return f"take the discard into slot {self.slot}"


@attrs.frozen(slots=True, cache_hash=True)
class Draw(Action):
    """Action B: draw the top card of the stock and look at it (CA-3)."""

    kind: ClassVar[str] = "draw"

    def __str__(self) -> str:
        """Return ``draw from the stock``."""
        return "draw from the stock"


@attrs.frozen(slots=True, cache_hash=True)
class Discard(Action):
    """Put the drawn card face up on the discard pile, a special unused (CA-3)."""

    kind: ClassVar[str] = "discard"

    def __str__(self) -> str:
        """Return ``discard the drawn card``."""
        return "discard the drawn card"


@attrs.frozen(slots=True, cache_hash=True)
class Replace(Action):
    """Put the drawn number into your ``slot``; the slot's card goes face up (CA-3)."""

    kind: ClassVar[str] = "replace"
    slot: int = attrs.field(validator=_check_slot)

    def __str__(self) -> str:
        """Return ``put the drawn card into slot 1``."""
        return f"put the drawn card into slot {self.slot}"


@attrs.frozen(slots=True, cache_hash=True)
class Swap(Action):
    """Use a drawn Swap: exchange your ``slot`` with slot ``other_slot`` of seat ``other``.

    Nobody looks at the two cards (CA-4).
    """

    kind: ClassVar[str] = "swap"
    slot: int = attrs.field(validator=_check_slot)
    other: int = attrs.field(validator=_check_seat_number)
    other_slot: int = attrs.field(validator=_check_slot)

    def __str__(self) -> str:
        """Return ``swap slot 1 with seat 2's slot 3``."""
        return f"swap slot {self.slot} with seat {self.other}'s slot {self.other_slot}"


@attrs.frozen(slots=True, cache_hash=True)
class Peek(Action):
    """Use a drawn Peek: look at your own ``slot`` (CA-4)."""

    kind: ClassVar[str] = "peek"
    slot: int = attrs.field(validator=_check_slot)

    def __str__(self) -> str:
        """Return ``peek at slot 0``."""
        return f"peek at slot {self.slot}"


@attrs.frozen(slots=True, cache_hash=True)
class DrawTwo(Action):
    """Use a drawn Draw-two: discard it and draw a card that may be traded once (CA-4)."""

    kind: ClassVar[str] = "draw-two"

    def __str__(self) -> str:
        """Return ``play the Draw-two``."""
        return "play the Draw-two"


@attrs.frozen(slots=True, cache_hash=True)
class DrawAgain(Action):
    """During a Draw-two: discard the first card drawn and draw the one you must use (CA-4)."""

    kind: ClassVar[str] = "draw-again"

    def __str__(self) -> str:
        """Return ``discard it and draw again``."""
        return "discard it and draw again"


@attrs.frozen(slots=True, cache_hash=True)
class Knock(Action):
    """After your turn: knock, so that every other player has one last turn (CA-6)."""

    kind: ClassVar[str] = "knock"

    def __str__(self) -> str:
        """Return ``knock``."""
        return "knock"


@attrs.frozen(slots=True, cache_hash=True)
class NoKnock(Action):
    """After your turn: do not knock; play passes to the left (CA-6)."""

    kind: ClassVar[str] = "no-knock"

    def __str__(self) -> str:
        """Return ``do not knock``."""
        return "do not knock"


_TAKES = tuple(TakeDiscard(k) for k in range(SLOTS))
_REPLACES = tuple(Replace(k) for k in range(SLOTS))
_PEEKS = tuple(Peek(k) for k in range(SLOTS))
_DRAW, _DISCARD, _DRAW_TWO_USE, _DRAW_AGAIN = Draw(), Discard(), DrawTwo(), DrawAgain()
_KNOCK_CHOICE = (Knock(), NoKnock())

# Steps of a turn.
_TURN, _DRAWN, _CHANCE, _KNOCKING, _OVER = 0, 1, 2, 3, 4
_STEP_NAMES = ("turn", "drawn", "draw-two", "knock", "over")


def _legal_table(players: int, mover: int) -> tuple[tuple[Action, ...], ...]:
    """Every legal-action tuple of ``mover``, built once: see ``State._compute_legal_actions``."""
    swaps = tuple(
        Swap(k, other, j)
        for k in range(SLOTS)
        for other in range(players)
        if other != mover
        for j in range(SLOTS)
    )
    uses: tuple[tuple[Action, ...], ...] = (_REPLACES, swaps, _PEEKS, (_DRAW_TWO_USE,))
    return (
        (*_TAKES, _DRAW),
        (_DRAW,),
        *((_DISCARD, *use) for use in uses),
        *((_DISCARD, _DRAW_AGAIN, *use) for use in uses),
        _KNOCK_CHOICE,
    )


_LEGAL = {n: tuple(_legal_table(n, m) for m in range(n)) for n in range(2, 7)}
_ONLY = tuple(frozenset({seat}) for seat in range(6))
# Knowledge rows of one slot: every viewer sure of the same card (or of nothing), and only
# one viewer sure of a card.
_SAME = {n: {card: (card,) * n for card in range(_UNKNOWN, _DRAW_TWO + 1)} for n in range(2, 7)}
_ONLY_ROW = {
    n: tuple(
        tuple((_UNKNOWN,) * viewer + (card,) + (_UNKNOWN,) * (n - viewer - 1) for card in range(13))
        for viewer in range(n)
    )
    for n in range(2, 7)
}

# Each seat's part of the slots, by player count.
_SEAT_SLOTS = {
    n: tuple(slice(SLOTS * seat, SLOTS * seat + SLOTS) for seat in range(n)) for n in range(2, 7)
}
# The slots in the order specials are replaced at scoring (CA-7): the knocker's first, then
# clockwise; by player count, then knocker.
_SCORING_ORDER = {
    n: tuple((*range(SLOTS * k, SLOTS * n), *range(SLOTS * k)) for k in range(n))
    for n in range(2, 7)
}

# --- Events ------------------------------------------------------------------------------


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
    """``seat`` took ``card`` from the discard pile into ``slot``; ``revealed`` left it (public)."""

    kind: ClassVar[str] = "took-discard"
    seat: int
    slot: int
    card: Card
    revealed: Card

    def __str__(self) -> str:
        """Describe the exchange."""
        return (
            f"seat {self.seat} takes the {self.card} from the discard pile into slot "
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
    """``seat`` played a Draw-two: it goes to the discard pile and a card is drawn (public)."""

    kind: ClassVar[str] = "draw-two-played"
    seat: int

    def __str__(self) -> str:
        """Describe the Draw-two."""
        return f"seat {self.seat} plays a Draw-two"


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


# Events are immutable values with few possible contents (a seat, a slot, a card or two), so
# each one is built once per process and shared by every transition that reports it: building
# an attrs record costs about a tenth of a whole turn. The arguments are the position's ints.


@functools.cache
def _round_dealt(round_: int, starter: int, face_up: int) -> RoundDealt:
    return RoundDealt(round=round_, starter=starter, face_up=_CARDS[face_up])


@functools.cache
def _looked(seat: int, first: int, last: int) -> Looked:
    return Looked(seat=seat, seen=(_CARDS[first], _CARDS[last]), visible_to=_ONLY[seat])


@functools.cache
def _drew(seat: int, card: int) -> Drew:
    return Drew(seat=seat, card=_CARDS[card], visible_to=_ONLY[seat])


@functools.cache
def _took_discard(seat: int, slot: int, card: int, revealed: int) -> TookDiscard:
    return TookDiscard(seat=seat, slot=slot, card=_CARDS[card], revealed=_CARDS[revealed])


@functools.cache
def _discarded(seat: int, card: int) -> Discarded:
    return Discarded(seat=seat, card=_CARDS[card])


@functools.cache
def _replaced(seat: int, slot: int, revealed: int) -> Replaced:
    return Replaced(seat=seat, slot=slot, revealed=_CARDS[revealed])


@functools.cache
def _swapped(seat: int, slot: int, other: int, other_slot: int) -> Swapped:
    return Swapped(seat=seat, slot=slot, other=other, other_slot=other_slot)


@functools.cache
def _peeked(seat: int, slot: int, card: int) -> Peeked:
    return Peeked(seat=seat, slot=slot, card=_CARDS[card], visible_to=_ONLY[seat])


# Bounded: ``drawn`` may list any run of specials before its number.
@functools.lru_cache(maxsize=4096)
def _special_replaced(
    seat: int, slot: int, special: int, drawn: tuple[int, ...]
) -> SpecialReplaced:
    return SpecialReplaced(
        seat=seat, slot=slot, special=_CARDS[special], drawn=tuple(map(_CARDS.__getitem__, drawn))
    )


@functools.cache
def _draw_two_played(seat: int) -> DrawTwoPlayed:
    return DrawTwoPlayed(seat=seat)


@functools.cache
def _knocked(seat: int) -> Knocked:
    return Knocked(seat=seat)


# --- Scenarios ---------------------------------------------------------------------------


@attrs.frozen(slots=True)
class Setup:
    """An explicit position at the start of someone's turn (see :func:`scenario`)."""

    slots: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    to_move: int
    turns_taken: int
    round: int
    scores: tuple[int, ...]


def scenario(
    slots: Sequence[Sequence[Card]],
    *,
    stock: Sequence[Card],
    discard_pile: Sequence[Card],
    to_move: int = 0,
    turns_taken: int = 0,
    round: int = 1,  # noqa: A002 - the game's own word, as in State.round
    scores: Sequence[int] | None = None,
    seed: int | None = None,
    rules: Rules | None = None,
) -> State:
    """Build a state from an explicit table, to test or teach a chosen situation.

    The position is at the start of ``to_move``'s turn; every seat has just looked at its own
    slots 0 and 3 (CA-2), and knows nothing else yet.

    Args:
        slots: four cards per seat, slots 0..3 (so ``len(slots)`` is the player count).
        stock: the face-down stock, bottom first: the LAST card is drawn first.
        discard_pile: the face-up discard pile, bottom first: the last card is its top.
        to_move: the seat whose turn starts.
        turns_taken: the turns already completed this round (knocking is allowed once every
            seat has had a turn, CA-6: ``turns_taken >= players`` allows it after this turn).
        round: the round being played (1-based); it fixes the starting player of later rounds.
        scores: each seat's total from earlier rounds; ``None`` means zeros.
        seed: drives the reshuffles and later deals from here on.
        rules: the options.

    Raises:
        InvalidSetupError: the cards are not exactly the 66 of the deck, a seat has not 4
            cards, the discard pile is empty, or a number is out of range.
    """
    players = len(slots)
    setup = Setup(
        slots=tuple(tuple(row) for row in slots),
        stock=tuple(stock),
        discard_pile=tuple(discard_pile),
        to_move=to_move,
        turns_taken=turns_taken,
        round=round,
        scores=tuple(scores) if scores is not None else (0,) * players,
    )
    return GAME._from_setup(players, setup, seed, rules)  # noqa: SLF001


# --- Position and transitions ------------------------------------------------------------


class _Position(NamedTuple):
    # Cards are small ints (0..9 numbers, 10 Swap, 11 Peek, 12 Draw-two); the public
    # properties turn them back into cards.
    slots: tuple[int, ...]  # seat * 4 + slot
    stock: tuple[int, ...]  # face down; the last card is the top
    discard: tuple[int, ...]  # face up; the last card is the top
    # What each seat is sure of, grown from its own observations: row seat * 4 + slot holds,
    # for each viewer, the card that viewer is sure lies in that slot, or -1. A change to one
    # slot is then one row for every viewer.
    knowledge: tuple[tuple[int, ...], ...]
    to_move: int | None
    step: int
    drawn: int  # the card to_move holds after drawing, -1 if none
    turns: int  # turns completed this round, counted up to the number of players
    knocker: int  # -1 until someone knocks
    final_left: int  # turns still to play after the knock
    round: int
    totals: tuple[int, ...]


# Every transition builds a position: tuple.__new__ skips the Python-level __new__ that
# NamedTuple generates, about 0.17 us of the 5 us a random-play step costs.
_new_position = functools.partial(tuple.__new__, _Position)


@attrs.frozen(slots=True)
class View(_BaseView):
    """What one seat of Crazy Animals may know.

    ``knowledge`` is the seat's perfect memory; an app offering the memory challenge to a
    human hides it (see :meth:`without_knowledge`).
    """

    game: ClassVar[str] = "crazy-animals"
    knowledge: tuple[tuple[Card | None, ...], ...]
    """For every seat's slots 0..3, the card this seat is sure lies there now, else ``None``."""
    drawn: Card | None
    """The card this seat drew and has not placed yet (``None`` when it holds none)."""
    step: str
    """Where ``to_move`` is in its turn: ``"turn"`` (take the discard or draw), ``"drawn"``
    (place the drawn card), ``"draw-two"`` (the first card of a Draw-two, which may be
    traded), ``"knock"`` (decide whether to knock) or ``"over"``."""
    discard_pile: tuple[Card, ...]
    """The face-up discard pile, bottom first (its last card is the top)."""
    stock_size: int
    """How many face-down cards the stock holds."""
    knocker: int | None
    """The seat that knocked this round, if any."""
    final_turns: int
    """After a knock, how many players still have their last turn (0 before a knock)."""
    everyone_has_played: bool
    """Whether every seat has had a turn this round: from then on, until someone knocks, a
    seat that completes a turn may knock (CA-6)."""
    starting_player: int
    """The seat that played first this round."""
    rounds: int
    """How many rounds the match lasts."""
    outcome: Outcome | None
    """How the match ended, once it is over."""

    def without_knowledge(self) -> View:
        """Return this view with every ``knowledge`` entry unknown, for a human's memory test.

        The events still show what the seat saw, when it saw it; an app offering the memory
        challenge shows those as they happen and does not list them again.
        """
        blank = tuple((None,) * len(row) for row in self.knowledge)
        return attrs.evolve(self, knowledge=blank)


class State(_BaseState[_Position]):
    """A moment of a Crazy Animals match."""

    __slots__ = ()
    rules: Rules

    # -- public, game-specific reading ----------------------------------------------------

    @property
    def slots(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's face-down cards, slots 0..3 (full information: not for players' eyes)."""
        s = self._pos.slots
        return tuple(_as_cards(s[i : i + SLOTS]) for i in range(0, len(s), SLOTS))

    @property
    def stock(self) -> tuple[Card, ...]:
        """The face-down stock, bottom first (full information: not for players' eyes)."""
        return _as_cards(self._pos.stock)

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The face-up discard pile, bottom first."""
        return _as_cards(self._pos.discard)

    @property
    def drawn(self) -> Card | None:
        """The card ``to_move`` drew and has not placed yet, if any."""
        drawn = self._pos.drawn
        return None if drawn == _UNKNOWN else _CARDS[drawn]

    @property
    def knocker(self) -> int | None:
        """The seat that knocked this round, if any."""
        knocker = self._pos.knocker
        return None if knocker == _UNKNOWN else knocker

    @property
    def starting_player(self) -> int:
        """The seat that played first this round (CA-8)."""
        return (self.rules.first_player + self._pos.round - 1) % self._players

    def knowledge(self, seat: int) -> tuple[tuple[Card | None, ...], ...]:
        """For every seat's slots, the card ``seat`` is sure lies there now, else ``None``."""
        seat = self._check_seat(seat)
        known = [row[seat] for row in self._pos.knowledge]
        return tuple(
            tuple(None if c == _UNKNOWN else _CARDS[c] for c in known[i : i + SLOTS])
            for i in range(0, len(known), SLOTS)
        )

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or ``None`` once the match is over."""
        return self._pos.to_move

    @property
    def is_over(self) -> bool:
        """Whether the whole match has ended (checked once per step of every simulation)."""
        return self._pos.to_move is None

    @property
    def round(self) -> int:
        """The 1-based index of the current round."""
        return self._pos.round

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's total of points so far; the lowest total wins."""
        return self._pos.totals

    @property
    def outcome(self) -> Outcome | None:
        """The lowest totals win, ties sharing the win (CA-8)."""
        if self._pos.step != _OVER:
            return None
        return Outcome(winners=_winners(self._pos.totals), scores=self._pos.totals)

    def zones(self) -> Mapping[str, tuple[Card, ...]]:
        """Each seat's slots and drawn card in hand, the stock and the discard pile."""
        pos = self._pos
        out: dict[str, tuple[Card, ...]] = {}
        for seat, row in enumerate(self.slots):
            out[f"slots/{seat}"] = row
        for seat in range(self._players):
            held = seat == pos.to_move and pos.drawn != _UNKNOWN
            out[f"hand/{seat}"] = (_CARDS[pos.drawn],) if held else ()
        out["stock"] = _as_cards(pos.stock)
        out["discard"] = _as_cards(pos.discard)
        return out

    def visible_zones(self, seat: int) -> frozenset[str]:
        """The discard pile and the seat's drawn card; every slot once the match is over."""
        seat = self._check_seat(seat)
        seen = {"discard", f"hand/{seat}"}
        if self._pos.step == _OVER:
            seen.update(f"slots/{s}" for s in range(self._players))
        return frozenset(seen)

    def view(self, seat: int) -> View:
        """Return what ``seat`` may know: its memory of the table, its drawn card, the piles."""
        seat = self._check_seat(seat)
        pos = self._pos
        return View(
            **self._view_base(seat),
            knowledge=self.knowledge(seat),
            drawn=self.drawn if seat == pos.to_move else None,
            step=_STEP_NAMES[pos.step],
            discard_pile=_as_cards(pos.discard),
            stock_size=len(pos.stock),
            knocker=self.knocker,
            final_turns=pos.final_left,
            everyone_has_played=pos.turns >= self._players,
            starting_player=self.starting_player,
            rounds=self.rules.round_count(self._players),
            outcome=self.outcome,
        )

    # -- hooks ------------------------------------------------------------------------------

    @classmethod
    def _check_setup(cls, rules: Rules, players: int) -> None:
        if rules.first_player >= players:
            msg = f"first_player {rules.first_player} is not a seat of a {players}-player match"
            raise InvalidSetupError(msg)

    @classmethod
    def _deal(cls, rules: Rules, players: int, rng: Rng) -> tuple[_Position, list[Event]]:
        return _deal_round(rng, players, 1, rules.first_player, (0,) * players)

    @classmethod
    def _from_setup(cls, rules: Rules, players: int, setup: Setup) -> tuple[_Position, list[Event]]:
        _check_scenario(setup, players, rules)
        slots = tuple(card.face for row in setup.slots for card in row)
        discard = tuple(card.face for card in setup.discard_pile)
        stock = tuple(card.face for card in setup.stock)
        starter = (rules.first_player + setup.round - 1) % players
        pos, events = _start_round(
            players, setup.round, starter, setup.scores, slots, stock, discard
        )
        turns = min(setup.turns_taken, players)
        return pos._replace(to_move=setup.to_move, turns=turns), events

    def _compute_legal_actions(self) -> tuple[Action, ...]:
        pos = self._pos
        table = _LEGAL[self._players][pos.to_move]  # type: ignore[index]
        step = pos.step
        if step == _TURN:
            return table[0] if pos.discard[-1] < _SWAP else table[1]
        if step == _KNOCKING:
            return table[10]
        use = 0 if pos.drawn < _SWAP else pos.drawn - _SWAP + 1
        return table[2 + use] if step == _DRAWN else table[6 + use]

    def _why_illegal(self, action: Action) -> str:  # noqa: C901, PLR0911, PLR0912 - one reason per rule
        pos = self._pos
        step = pos.step
        mover = pos.to_move
        if type(action) not in _HANDLERS:
            return super()._why_illegal(action)  # another game's action
        if isinstance(action, TakeDiscard | Draw):
            if step != _TURN:
                return f"seat {mover} has already chosen its action for this turn"
            top = _CARDS[pos.discard[-1]]
            if isinstance(action, TakeDiscard) and top.is_special:
                return (
                    f"the top of the discard pile is a {top}, and a special card can never be "
                    "taken from the discard pile (CA-3): draw from the stock instead"
                )
        elif isinstance(action, Knock | NoKnock):
            if step != _KNOCKING:
                if pos.knocker != _UNKNOWN:
                    return f"seat {pos.knocker} has already knocked this round (CA-6)"
                return (
                    "knocking is decided after a completed turn, once every player has had a "
                    "turn this round (CA-6)"
                )
        elif step in {_TURN, _KNOCKING}:
            return f"seat {mover} holds no drawn card"
        else:
            drawn = _CARDS[pos.drawn]
            if isinstance(action, DrawAgain) and step == _DRAWN:
                return (
                    "only the first card drawn through a Draw-two may be discarded to draw "
                    "another (CA-4)"
                )
            if isinstance(action, Replace) and drawn.is_special:
                return (
                    f"the drawn {drawn} is a special card: it is used or discarded, never put "
                    "into a slot (CA-3)"
                )
            if isinstance(action, Swap | Peek | DrawTwo) and drawn != _SPECIAL_OF[type(action)]:
                return f"the drawn card is the {drawn}, not a {_SPECIAL_OF[type(action)]}"
            if isinstance(action, Swap) and (
                action.other == mover or action.other >= self._players
            ):
                return (
                    f"a Swap exchanges a slot of yours with a slot of another seat (0.."
                    f"{self._players - 1} but {mover}, not {action.other})"
                )
        return super()._why_illegal(action)

    def _advance(self, action: Action) -> tuple[_Position, list[Event]]:
        return _HANDLERS[type(action)](self, self._pos, action)

    def _drawn(
        self, pos: _Position, discard: tuple[int, ...], step: int, events: list[Event]
    ) -> _Position:
        """The mover draws the top of the stock, reshuffled from the discard pile if empty."""
        stock = pos.stock
        if not stock:
            # CA-5: every discarded card but the top one is shuffled into a new stock.
            stock = self._rng(_RESHUFFLE).shuffled(discard[:-1])
            events.append(StockReshuffled(count=len(stock)))
            discard = discard[-1:]
        card = stock[-1]
        stock = stock[:-1]
        mover: int = pos.to_move  # type: ignore[assignment]
        events.append(_drew(mover, card))
        return _new_position(
            (
                pos.slots,
                stock,
                discard,
                pos.knowledge,
                mover,
                step,
                card,
                pos.turns,
                pos.knocker,
                pos.final_left,
                pos.round,
                pos.totals,
            )
        )

    def _take_discard(self, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
        slot: int = action.slot  # type: ignore[attr-defined]
        mover: int = pos.to_move  # type: ignore[assignment]
        n = self._players
        index = mover * SLOTS + slot
        discard = pos.discard
        top = discard[-1]
        slots, known = list(pos.slots), list(pos.knowledge)
        old = slots[index]
        slots[index] = top
        # Everybody saw which card went in: every seat now knows that slot.
        known[index] = _SAME[n][top]
        events: list[Event] = [_took_discard(mover, slot, top, old)]
        return self._end_turn(pos, tuple(slots), (*discard[:-1], old), tuple(known), events)

    def _draw_card(self, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
        del action
        events: list[Event] = []
        return self._drawn(pos, pos.discard, _DRAWN, events), events

    def _discard(self, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
        del action
        drawn = pos.drawn
        events: list[Event] = [_discarded(pos.to_move, drawn)]
        return self._end_turn(pos, pos.slots, (*pos.discard, drawn), pos.knowledge, events)

    def _put_in_slot(self, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
        slot: int = action.slot  # type: ignore[attr-defined]
        mover: int = pos.to_move  # type: ignore[assignment]
        n = self._players
        index = mover * SLOTS + slot
        drawn = pos.drawn
        slots, known = list(pos.slots), list(pos.knowledge)
        old = slots[index]
        slots[index] = drawn
        # Only the mover saw the card put in; whoever knew the old card no longer knows it.
        known[index] = _ONLY_ROW[n][mover][drawn]
        events: list[Event] = [_replaced(mover, slot, old)]
        return self._end_turn(pos, tuple(slots), (*pos.discard, old), tuple(known), events)

    def _swap(self, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
        assert isinstance(action, Swap)  # noqa: S101 - only legal actions reach here
        mover: int = pos.to_move  # type: ignore[assignment]
        a = mover * SLOTS + action.slot
        b = action.other * SLOTS + action.other_slot
        slots, known = list(pos.slots), list(pos.knowledge)
        slots[a], slots[b] = slots[b], slots[a]
        # Nobody looks, so each seat's memory of the two cards moves with them (CA-4).
        known[a], known[b] = known[b], known[a]
        events: list[Event] = [_swapped(mover, action.slot, action.other, action.other_slot)]
        return self._end_turn(pos, tuple(slots), (*pos.discard, _SWAP), tuple(known), events)

    def _peek(self, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
        slot: int = action.slot  # type: ignore[attr-defined]
        mover: int = pos.to_move  # type: ignore[assignment]
        index = mover * SLOTS + slot
        card = pos.slots[index]
        known = list(pos.knowledge)
        row = list(known[index])
        row[mover] = card
        known[index] = tuple(row)
        events: list[Event] = [_peeked(mover, slot, card)]
        return self._end_turn(pos, pos.slots, (*pos.discard, _PEEK), tuple(known), events)

    def _draw_two(self, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
        del action
        events: list[Event] = [_draw_two_played(pos.to_move)]
        # The Draw-two goes face up first, then its first card is drawn (CA-4).
        return self._drawn(pos, (*pos.discard, _DRAW_TWO), _CHANCE, events), events

    def _draw_again(self, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
        del action
        events: list[Event] = [_discarded(pos.to_move, pos.drawn)]
        return self._drawn(pos, (*pos.discard, pos.drawn), _DRAWN, events), events

    def _knock(self, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
        del action
        mover: int = pos.to_move  # type: ignore[assignment]
        n = self._players
        new = _new_position(
            (
                pos.slots,
                pos.stock,
                pos.discard,
                pos.knowledge,
                (mover + 1) % n,
                _TURN,
                _UNKNOWN,
                pos.turns,
                mover,
                n - 1,
                pos.round,
                pos.totals,
            )
        )
        return new, [_knocked(mover)]

    def _no_knock(self, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
        del action
        new = _new_position(
            (
                pos.slots,
                pos.stock,
                pos.discard,
                pos.knowledge,
                (pos.to_move + 1) % self._players,  # type: ignore[operator]
                _TURN,
                _UNKNOWN,
                pos.turns,
                pos.knocker,
                pos.final_left,
                pos.round,
                pos.totals,
            )
        )
        return new, []

    def _end_turn(
        self,
        pos: _Position,
        slots: tuple[int, ...],
        discard: tuple[int, ...],
        known: tuple[tuple[int, ...], ...],
        events: list[Event],
    ) -> tuple[_Position, list[Event]]:
        """Close the mover's turn: the knock decision, the next turn or the end of the round."""
        mover: int = pos.to_move  # type: ignore[assignment]
        n = self._players
        turns = pos.turns + 1 if pos.turns < n else n
        knocker = pos.knocker
        final_left = pos.final_left
        if knocker != _UNKNOWN:
            final_left -= 1
            if not final_left:
                return self._end_round(pos, slots, discard, events)
            to_move, step = (mover + 1) % n, _TURN
        elif turns == n:
            to_move, step = mover, _KNOCKING
        else:
            to_move, step = (mover + 1) % n, _TURN
        new = _new_position(
            (
                slots,
                pos.stock,
                discard,
                known,
                to_move,
                step,
                _UNKNOWN,
                turns,
                knocker,
                final_left,
                pos.round,
                pos.totals,
            )
        )
        return new, events

    def _end_round(
        self,
        pos: _Position,
        slots: tuple[int, ...],
        discard: tuple[int, ...],
        events: list[Event],
    ) -> tuple[_Position, list[Event]]:
        """Replace specials (CA-7), score the round, then deal the next or end the match."""
        n = self._players
        stock = pos.stock
        if max(slots) >= _SWAP:
            slots, stock, discard = self._replace_specials(pos, slots, discard, events)
        cards_ = _as_cards(slots)
        seats = _SEAT_SLOTS[n]
        rows = tuple([cards_[seat] for seat in seats])
        points = tuple([sum(slots[seat]) for seat in seats])
        totals = tuple(map(operator.add, pos.totals, points))
        events.append(RoundScored(round=pos.round, slots=rows, points=points, totals=totals))
        if pos.round >= self.rules.round_count(n):
            events.append(MatchEnded(winners=_winners(totals), totals=totals))
            # Every slot is face up now, so every seat knows the whole table.
            known = tuple([_SAME[n][card] for card in slots])
            over = _new_position(
                (
                    slots,
                    stock,
                    discard,
                    known,
                    None,
                    _OVER,
                    _UNKNOWN,
                    n,
                    pos.knocker,
                    0,
                    pos.round,
                    totals,
                )
            )
            return over, events
        starter = (self.rules.first_player + pos.round) % n
        new, dealt = _deal_round(self._rng(_DEAL), n, pos.round + 1, starter, totals)
        events.extend(dealt)
        return new, events

    def _replace_specials(
        self,
        pos: _Position,
        slots: tuple[int, ...],
        discard: tuple[int, ...],
        events: list[Event],
    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """Replace each special in a slot by drawing to a number, knocker first (CA-7).

        Returns the slots, the stock and the discard pile.
        """
        table, pile, faces = list(slots), list(pos.stock), list(discard)
        for index in _SCORING_ORDER[self._players][pos.knocker]:
            special = table[index]
            if special < _SWAP:
                continue
            faces.append(special)
            drawn: list[int] = []
            while True:
                if not pile:
                    # CA-5 applies here too: the discard pile but its top is the stock.
                    rng = self._rng(_RESHUFFLE + len(events))
                    pile, faces = list(rng.shuffled(faces[:-1])), faces[-1:]
                    events.append(StockReshuffled(count=len(pile)))
                card = pile.pop()
                drawn.append(card)
                if card < _SWAP:
                    break
                faces.append(card)
            table[index] = card
            seat, slot = divmod(index, SLOTS)
            events.append(_special_replaced(seat, slot, special, tuple(drawn)))
        return tuple(table), tuple(pile), tuple(faces)

    @classmethod
    def _sample_position(cls, view: View, rng: random.Random) -> _Position:
        """A table ``view.seat`` cannot tell from the real one: its unseen cards redealt.

        What the seat knows stays put: the discard pile, every slot its ``knowledge`` names,
        its drawn card, the stock's size, whose turn and its step, the knock and the scores.
        The other cards are dealt among the places it cannot see (the slots it does not know,
        the stock, another seat's drawn card) as the seat's events allow: see
        :func:`_whereabouts`. Each other seat knows the slots the events show it knows.
        """
        return _sampled_position(view, _whereabouts(view), rng)

    def _perturbed(self, seat: int, rng: Rng) -> State | None:
        """Shuffle every card ``seat`` cannot place among the places it cannot see into.

        Those places are the stock, every slot the seat does not know, and another seat's
        drawn card. Other seats' memories follow the cards, so that they stay true.
        """
        pos = self._pos
        hidden = [i for i, row in enumerate(pos.knowledge) if row[seat] == _UNKNOWN]
        held = pos.drawn != _UNKNOWN and pos.to_move != seat
        pool = [pos.slots[i] for i in hidden] + list(pos.stock)
        if held:
            pool.append(pos.drawn)
        mixed = list(rng.shuffled(pool))
        slots = list(pos.slots)
        known = list(pos.knowledge)
        for i in hidden:
            card = slots[i] = mixed.pop()
            known[i] = tuple(_UNKNOWN if c == _UNKNOWN else card for c in known[i])
        drawn = mixed.pop() if held else pos.drawn
        new = pos._replace(
            slots=tuple(slots), stock=tuple(mixed), drawn=drawn, knowledge=tuple(known)
        )
        return self._replace_position(new)


# Purposes of the random streams of one transition: the next deal, and a reshuffle (at scoring,
# plus the number of events so far, since the stock may run out more than once).
_DEAL, _RESHUFFLE = 1, 2

_HANDLERS = {
    TakeDiscard: State._take_discard,  # noqa: SLF001 - the dispatch table of _advance
    Draw: State._draw_card,  # noqa: SLF001
    Discard: State._discard,  # noqa: SLF001
    Replace: State._put_in_slot,  # noqa: SLF001
    Swap: State._swap,  # noqa: SLF001
    Peek: State._peek,  # noqa: SLF001
    DrawTwo: State._draw_two,  # noqa: SLF001
    DrawAgain: State._draw_again,  # noqa: SLF001
    Knock: State._knock,  # noqa: SLF001
    NoKnock: State._no_knock,  # noqa: SLF001
}
_SPECIAL_OF: dict[type[Action], Card] = {Swap: SWAP, Peek: PEEK, DrawTwo: DRAW_TWO}


def _as_cards(faces: Sequence[int]) -> tuple[Card, ...]:
    return tuple(map(_CARDS.__getitem__, faces))


def _winners(totals: tuple[int, ...]) -> tuple[int, ...]:
    best = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def _deal_round(
    rng: Rng, players: int, round_: int, starter: int, totals: tuple[int, ...]
) -> tuple[_Position, list[Event]]:
    """Shuffle the 66 cards, deal 4 face down to each seat and turn one face up (CA-2)."""
    faces = rng.shuffled(_DECK_FACES)
    dealt = SLOTS * players
    return _start_round(
        players,
        round_,
        starter,
        totals,
        faces[:dealt],
        faces[dealt + 1 :],
        faces[dealt : dealt + 1],
    )


def _start_round(  # noqa: PLR0917 - the parts of a fresh table
    players: int,
    round_: int,
    starter: int,
    totals: tuple[int, ...],
    slots: tuple[int, ...],
    stock: tuple[int, ...],
    discard: tuple[int, ...],
) -> tuple[_Position, list[Event]]:
    """The table at the start of a round, after each seat's look at its slots 0 and 3."""
    blank = _SAME[players][_UNKNOWN]
    known = [blank] * (SLOTS * players)
    rows = _ONLY_ROW[players]
    events: list[Event] = [_round_dealt(round_, starter, discard[-1])]
    for seat in range(players):
        first, last = seat * SLOTS, seat * SLOTS + SLOTS - 1
        known[first] = rows[seat][slots[first]]
        known[last] = rows[seat][slots[last]]
        events.append(_looked(seat, slots[first], slots[last]))
    pos = _new_position(
        (
            slots,
            stock,
            discard,
            tuple(known),
            starter,
            _TURN,
            _UNKNOWN,
            0,
            _UNKNOWN,
            0,
            round_,
            totals,
        )
    )
    return pos, events


def _check_scenario(setup: Setup, players: int, rules: Rules) -> None:  # noqa: C901 - one check per field
    for seat, row in enumerate(setup.slots):
        if len(row) != SLOTS:
            msg = f"seat {seat} must have exactly 4 cards in its slots, not {len(row)}"
            raise InvalidSetupError(msg)
    named = (
        *((f"seat {s}'s slots", row) for s, row in enumerate(setup.slots)),
        ("the stock", setup.stock),
        ("the discard pile", setup.discard_pile),
    )
    for where, pile in named:
        for card in cast("tuple[object, ...]", pile):  # scenarios come from users: check
            if not isinstance(card, Card):
                msg = f"{where} holds {card!r}, which is not a Crazy Animals card"
                raise InvalidSetupError(msg)
    if not setup.discard_pile:
        msg = "the discard pile must hold at least one face-up card"
        raise InvalidSetupError(msg)
    everything = [c for row in setup.slots for c in row] + [*setup.stock, *setup.discard_pile]
    missing, extra = DECK.missing_and_extra(everything)
    if missing or extra:
        msg = (
            "the slots, stock and discard pile must hold each of the 66 cards exactly once; "
            f"missing: {sorted(map(str, missing.elements()))}, "
            f"extra: {sorted(map(str, extra.elements()))}"
        )
        raise InvalidSetupError(msg)
    numbers = {
        "to_move": (setup.to_move, 0, players - 1),
        "turns_taken": (setup.turns_taken, 0, 10**6),
        "round": (setup.round, 1, rules.round_count(players)),
    }
    for name, (value, low, high) in numbers.items():
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            msg = f"{name} must be an int in {low}..{high}, not {value!r}"
            raise InvalidSetupError(msg)
    if len(setup.scores) != players or not all(
        isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in setup.scores
    ):
        msg = (
            f"scores must give a non-negative total for each of the {players} seats, "
            f"not {setup.scores!r}"
        )
        raise InvalidSetupError(msg)


# --- Worlds sampled from a view (for bots) -------------------------------------------------
#
# Which unseen card may lie where follows from the stock's history. Until the first reshuffle
# of a round, the unseen cards were dealt at random among the unknown slots and the stock, so
# any of them may be in any unseen place. A reshuffle happens only when the stock is empty: at
# that moment every unseen card lies in a slot (or is known), and the new stock holds exactly
# the discarded cards, which everybody saw. So the seat can sort the unseen cards into
# *batches*: batch 0, the cards of the deal, and one batch per reshuffle, the cards it turned
# into the stock. Every unseen place holds a card of one known batch: a dealt slot batch 0, the
# stock and a card just drawn the latest batch, a slot filled by another seat's drawn card the
# batch it was drawn from; a Swap carries the slot's batch along. A card shown later (revealed
# from a slot, discarded from a hand, seen by a Peek or a draw) leaves the batch of the place
# it was seen in. Within a batch nothing tells the cards apart, so a sample shuffles each batch
# into its places.


class _Whereabouts(NamedTuple):
    """What a view tells of where its unseen cards lie, computed once per view."""

    slots: tuple[int, ...]  # the seat's known cards, -1 in the slots it does not know
    batches: tuple[tuple[int, ...], ...]  # per batch, its unseen cards
    places: tuple[tuple[int, ...], ...]  # per batch, the unknown slots holding its cards
    latest: int  # the batch of the stock and of another seat's drawn card
    masks: tuple[int, ...]  # per slot, the seats that know its card (bit per seat)
    drawn: int  # the seat's own drawn card, -1 if none
    other_holds: bool  # whether another seat holds a drawn card now
    to_move: int | None
    step: int
    turns: int


_DECK_COUNTS = tuple(_DECK_FACES.count(face) for face in range(_DRAW_TWO + 1))
# _ROWS[players][mask][card]: the knowledge row of a slot holding ``card`` known to ``mask``.
_ROWS = {
    n: tuple(
        tuple(
            tuple(card if mask >> v & 1 else _UNKNOWN for v in range(n))
            for card in range(_DRAW_TWO + 1)
        )
        for mask in range(1 << n)
    )
    for n in range(2, 7)
}


class _Inconsistent(Exception):  # noqa: N818 - internal signal, never escapes
    """The events do not add up (a view built by hand): fall back to the view alone."""


def _find_whereabouts(view: View) -> _Whereabouts:
    """Sort ``view.seat``'s unseen cards into batches and its unseen places by batch."""
    try:
        return _follow_round(view)
    except _Inconsistent:
        return _view_only(view)


# A search samples many worlds from one view: read each view's events once.
_whereabouts = LastOf(_find_whereabouts)


def _turn_of(view: View) -> tuple[int, int, int]:
    """The position's ``step``, ``turns`` and own ``drawn`` card that ``view`` implies."""
    step = _STEP_NAMES.index(view.step)
    n = view.players
    if view.everyone_has_played or view.to_move is None:
        turns = n
    else:
        # Before everyone has played, turns go once round the table from the starting seat.
        turns = (view.to_move - view.starting_player) % n
    drawn = _UNKNOWN if view.drawn is None else view.drawn.face
    return step, turns, drawn


def _view_only(view: View) -> _Whereabouts:
    """The unseen cards as one batch, from the view's fields alone (no event history)."""
    n, seat = view.players, view.seat
    step, turns, drawn = _turn_of(view)
    slots = tuple(_UNKNOWN if c is None else c.face for row in view.knowledge for c in row)
    counts = list(_DECK_COUNTS)
    for face in (*(c.face for c in view.discard_pile), *slots):
        if face != _UNKNOWN:
            counts[face] -= 1
    if drawn != _UNKNOWN:
        counts[drawn] -= 1
    everybody = (1 << n) - 1
    known = everybody if view.is_over else 1 << seat
    return _Whereabouts(
        slots=slots,
        batches=(tuple(face for face in range(_DRAW_TWO + 1) for _ in range(counts[face])),),
        places=(tuple(i for i, face in enumerate(slots) if face == _UNKNOWN),),
        latest=0,
        masks=tuple(0 if face == _UNKNOWN else known for face in slots),
        drawn=drawn,
        other_holds=view.to_move != seat and step in {_DRAWN, _CHANCE},
        to_move=view.to_move,
        step=step,
        turns=turns,
    )


def _follow_round(view: View) -> _Whereabouts:  # noqa: C901, PLR0912, PLR0915 - one branch per event
    """Replay the round's events as ``view.seat`` saw them (see the section comment)."""
    events = view.events
    start = len(events) - 1
    while start >= 0 and type(events[start]) is not RoundDealt:
        start -= 1
    if view.is_over or start < 0:
        raise _Inconsistent
    n, seat = view.players, view.seat
    everybody = (1 << n) - 1
    dealt = events[start]
    assert isinstance(dealt, RoundDealt)  # noqa: S101 - found by its type above
    pile = [dealt.face_up.face]
    counts = [list(_DECK_COUNTS)]
    counts[0][pile[0]] -= 1
    batch = [0] * (SLOTS * n)  # the batch of each slot's card
    known = [_UNKNOWN] * (SLOTS * n)  # the seat's memory
    masks = [0] * (SLOTS * n)
    latest = held_batch = 0
    held = _UNKNOWN  # the seat's own drawn card
    draws = 0
    reshuffled = False

    def unseen(batch_of: int, face: int) -> None:
        row = counts[batch_of]
        row[face] -= 1
        if row[face] < 0:
            raise _Inconsistent

    for event in events[start + 1 :]:
        kind = type(event)
        if kind is Drew:
            assert isinstance(event, Drew)  # noqa: S101 - narrowed for mypy
            draws += 1
            if event.seat == seat:
                held = event.card.face  # type: ignore[union-attr]  # the seat's own draw
                unseen(latest, held)
            else:
                held_batch = latest
        elif kind is Looked:
            assert isinstance(event, Looked)  # noqa: S101
            first = event.seat * SLOTS
            masks[first] |= 1 << event.seat
            masks[first + SLOTS - 1] |= 1 << event.seat
            if event.seat == seat:
                known[first], known[first + SLOTS - 1] = (c.face for c in event.seen)
                unseen(0, known[first])
                unseen(0, known[first + SLOTS - 1])
        elif kind is TookDiscard:
            assert isinstance(event, TookDiscard)  # noqa: S101
            index = event.seat * SLOTS + event.slot
            if known[index] == _UNKNOWN:
                unseen(batch[index], event.revealed.face)
            known[index] = event.card.face
            masks[index] = everybody
            pile[-1] = event.revealed.face
        elif kind is Replaced:
            assert isinstance(event, Replaced)  # noqa: S101
            index = event.seat * SLOTS + event.slot
            if known[index] == _UNKNOWN:
                unseen(batch[index], event.revealed.face)
            pile.append(event.revealed.face)
            masks[index] = 1 << event.seat
            if event.seat == seat:
                known[index] = held
            else:
                known[index] = _UNKNOWN
                batch[index] = held_batch
        elif kind is Discarded:
            assert isinstance(event, Discarded)  # noqa: S101
            if event.seat != seat:
                unseen(held_batch, event.card.face)
            pile.append(event.card.face)
        elif kind is Swapped:
            assert isinstance(event, Swapped)  # noqa: S101
            a = event.seat * SLOTS + event.slot
            b = event.other * SLOTS + event.other_slot
            known[a], known[b] = known[b], known[a]
            batch[a], batch[b] = batch[b], batch[a]
            masks[a], masks[b] = masks[b], masks[a]
            if event.seat != seat:
                unseen(held_batch, _SWAP)
            pile.append(_SWAP)
        elif kind is Peeked:
            assert isinstance(event, Peeked)  # noqa: S101
            index = event.seat * SLOTS + event.slot
            masks[index] |= 1 << event.seat
            if event.seat == seat:
                if known[index] == _UNKNOWN:
                    known[index] = event.card.face  # type: ignore[union-attr]  # its own peek
                    unseen(batch[index], known[index])
            else:
                unseen(held_batch, _PEEK)
            pile.append(_PEEK)
        elif kind is DrawTwoPlayed:
            assert isinstance(event, DrawTwoPlayed)  # noqa: S101
            if event.seat != seat:
                unseen(held_batch, _DRAW_TWO)
            pile.append(_DRAW_TWO)
        elif kind is StockReshuffled:
            assert isinstance(event, StockReshuffled)  # noqa: S101
            turned = [0] * (_DRAW_TWO + 1)
            for face in pile[:-1]:
                turned[face] += 1
            hidden_below = event.count - (len(pile) - 1)
            if not reshuffled and hidden_below:
                # A scenario's discard pile had cards below the round's first face-up card,
                # which the events never named: they are still counted in batch 0, so the
                # new stock's cards join that batch (a looser but sound constraint).
                counts[latest] = list(map(operator.add, counts[latest], turned))
            else:
                counts.append(turned)
                latest = len(counts) - 1
            reshuffled = True
            pile = pile[-1:]
    if not reshuffled:
        # A scenario may start with more than one discarded card: those never left the
        # bottom of the pile and were never unseen.
        initial_stock = view.stock_size + draws
        for card in view.discard_pile[: len(DECK) - SLOTS * n - 1 - initial_stock]:
            unseen(0, card.face)
    slots = tuple(_UNKNOWN if c is None else c.face for row in view.knowledge for c in row)
    if tuple(known) != slots:
        raise _Inconsistent
    step, turns, drawn = _turn_of(view)
    other_holds = view.to_move != seat and step in {_DRAWN, _CHANCE}
    places = tuple(
        tuple(i for i, face in enumerate(slots) if face == _UNKNOWN and batch[i] == b)
        for b in range(len(counts))
    )
    for b, row in enumerate(counts):
        room = len(places[b])
        if b == latest:
            room += view.stock_size + other_holds
        if sum(row) != room:
            raise _Inconsistent
    return _Whereabouts(
        slots=slots,
        batches=tuple(
            tuple(face for face in range(_DRAW_TWO + 1) for _ in range(row[face])) for row in counts
        ),
        places=places,
        latest=latest,
        masks=tuple(masks),
        drawn=drawn,
        other_holds=other_holds,
        to_move=view.to_move,
        step=step,
        turns=turns,
    )


def _sampled_position(view: View, where: _Whereabouts, rng: random.Random) -> _Position:
    """Shuffle each batch of unseen cards into its places (see the section comment)."""
    slots = list(where.slots)
    stock: tuple[int, ...] = ()
    drawn = where.drawn
    for b, cards_ in enumerate(where.batches):
        mixed = list(cards_)
        rng.shuffle(mixed)
        places = where.places[b]
        for i, index in enumerate(places):
            slots[index] = mixed[i]
        if b == where.latest:
            rest = mixed[len(places) :]
            if where.other_holds:
                drawn = rest.pop()
            stock = tuple(rest)
    rows = _ROWS[view.players]
    knowledge = tuple([rows[m][card] for m, card in zip(where.masks, slots, strict=True)])
    return _new_position(
        (
            tuple(slots),
            stock,
            tuple([c.face for c in view.discard_pile]),
            knowledge,
            where.to_move,
            where.step,
            drawn,
            where.turns,
            _UNKNOWN if view.knocker is None else view.knocker,
            view.final_turns,
            view.round,
            view.scores,
        )
    )


GAME: Game[State] = Game(
    slug="crazy-animals",
    title="Crazy Animals",
    min_players=2,
    max_players=6,
    rules=Rules,
    state=State,
    actions=(TakeDiscard, Draw, Discard, Replace, Swap, Peek, DrawTwo, DrawAgain, Knock, NoKnock),
    deck=lambda _players, _rules: DECK,
    card=DECK.card,
    setup=Setup,
    better_scores="lower",
    parts={"heuristic_bot": "cardgames.bots.crazy_animals:HeuristicBot"},
)
"""The Crazy Animals game object (slug ``crazy-animals``, 2-6 players)."""
