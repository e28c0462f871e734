"""Crazy Mistigri: pairs by colour or by value, eight value effects, an arrow, several rounds.

The module reads like the rulebook (see ``docs/games/crazy-mistigri.md`` for the clauses): the
cards (CM-1), the rules options, the actions, the events, the scenarios, then the position and
its transitions: the deal (CM-2), the draw (CM-3), the pairs (CM-4) and their effects (CM-5),
players leaving the round (CM-6), what each seat sees (CM-7), the two ends of a round (CM-8,
CM-9), the match (CM-10) and the starting player of each round (CM-11).

Cards are small ints inside the position (``value << 4 | colour``): two cards pair when their
values or their colours are equal, and ``Card`` objects appear only at the API edge.

>>> from cardgames import crazy_mistigri
>>> state = crazy_mistigri.GAME.new(4, seed=7)
>>> state.to_move, state.draw_from, state.legal_actions()[:2]
(0, 3, (Draw(position=0), Draw(position=1)))
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from itertools import combinations
from operator import not_
from typing import ClassVar, NamedTuple, cast

import attrs

from cardgames import cards
from cardgames._memo import LastOf
from cardgames.engine import Action, Dealt, Event, Game, Outcome
from cardgames.engine import State as _BaseState
from cardgames.engine import View as _BaseView
from cardgames.errors import InvalidSetupError
from cardgames.rng import Rng
from cardgames.seats import Direction, seats_from

__all__ = [
    "DEFAULT_LAYOUT",
    "GAME",
    "HAND_SIZE",
    "MISTIGRI",
    "Card",
    "CardChosen",
    "CardGiven",
    "Dealt",
    "DiscardOnes",
    "DiscardPair",
    "Draw",
    "DrawChosen",
    "Drew",
    "EffectLapsed",
    "EndTurn",
    "ForceCard",
    "GiveCard",
    "LeftRound",
    "MatchEnded",
    "OnesDiscarded",
    "PairDiscarded",
    "Pass",
    "Passed",
    "PileCardTaken",
    "PilePick",
    "Reverse",
    "Reversed",
    "RoundEnded",
    "RoundStarted",
    "Rules",
    "Setup",
    "State",
    "SwapAwaited",
    "SwapLater",
    "SwapWithPile",
    "SwappedWithPile",
    "View",
    "scenario",
]

HAND_SIZE = 9
"""Cards dealt to each player; the player on the dealer's right gets one more (CM-2)."""

# --- Cards (CM-1) ---------------------------------------------------------------------------

_MISTIGRI_VALUE = 10
_CODE = re.compile(r"([1-9])c([1-9])")


@attrs.frozen(slots=True, cache_hash=True)
class Card(cards.Card):
    """A cat card: a ``value`` 1..9 and a ``colour`` 1..9, or the Mistigri (10 of colour 10)."""

    value: int
    colour: int

    def __attrs_post_init__(self) -> None:
        """Refuse a card that no layout can hold."""
        v, c = self.value, self.colour
        ok = all(isinstance(x, int) and not isinstance(x, bool) for x in (v, c)) and (
            (v == c == _MISTIGRI_VALUE) or (1 <= v <= 9 and 1 <= c <= 9)  # noqa: PLR2004
        )
        if not ok:
            msg = (
                "a Crazy Mistigri card has a value and a colour in 1..9, or is the Mistigri "
                f"(value 10, colour 10); not value={v!r}, colour={c!r}"
            )
            raise ValueError(msg)

    @property
    def is_mistigri(self) -> bool:
        """Whether this is the Mistigri, which pairs with nothing."""
        return self.value == _MISTIGRI_VALUE

    @property
    def code(self) -> str:
        """``"mistigri"``, or the value, ``c`` and the colour: ``"5c3"``."""
        return "mistigri" if self.value == _MISTIGRI_VALUE else f"{self.value}c{self.colour}"

    @classmethod
    def from_code(cls, code: str) -> Card:
        """Return the card whose :attr:`code` is ``code`` (``KeyError`` if there is none)."""
        if code == "mistigri":
            return MISTIGRI
        match = _CODE.fullmatch(code) if isinstance(code, str) else None
        if match is None:
            msg = f"no Crazy Mistigri card with code {code!r} (expected e.g. '5c3' or 'mistigri')"
            raise KeyError(msg)
        return _CARD[int(match[1]) << 4 | int(match[2])]  # type: ignore[return-value]

    def __str__(self) -> str:
        """Return ``Mistigri`` or the code, ``5c3``."""
        return "Mistigri" if self.value == _MISTIGRI_VALUE else self.code


def _id(card: Card) -> int:
    return card.value << 4 | card.colour


_CARD: list[Card | None] = [None] * 256
for _v in range(1, 10):
    for _c in range(1, 10):
        _CARD[_v << 4 | _c] = Card(_v, _c)
MISTIGRI = Card(_MISTIGRI_VALUE, _MISTIGRI_VALUE)
"""The Mistigri: value 10, the only card of its colour; it never pairs."""
_CARD[_id(MISTIGRI)] = MISTIGRI
_MISTIGRI_ID = _id(MISTIGRI)

DEFAULT_LAYOUT: tuple[tuple[int, ...], ...] = tuple(tuple(range(1, 11 - v)) for v in range(1, 10))
"""CM-1: the colours of the cards of each value 1..9: value ``v`` comes in colours ``1..10-v``.

So colour 1 holds values 1..9, colour 2 values 1..8, ..., colour 9 only a 1.
"""


def _as_cards(ids: Sequence[int]) -> tuple[Card, ...]:
    return tuple(map(_CARD.__getitem__, ids))  # type: ignore[arg-type]


# --- Rules options ------------------------------------------------------------------------


def _check_seat_number(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        msg = f"{attribute.name} must be a seat number (an int >= 0), not {value!r}"
        raise InvalidSetupError(msg)


def _check_layout(_: object, __: object, layout: tuple[tuple[int, ...], ...]) -> None:
    if layout is DEFAULT_LAYOUT:  # every new match builds the default Rules(): keep it cheap
        return
    shape_ok = isinstance(layout, tuple) and len(layout) == 9  # noqa: PLR2004
    for v, colours in enumerate(layout if shape_ok else (), start=1):
        if not isinstance(colours, tuple) or len(colours) != 10 - v:
            msg = f"colour_layout[{v - 1}] must list the {10 - v} colours of the {v}s: {colours!r}"
            raise InvalidSetupError(msg)
        for c in colours:
            if not isinstance(c, int) or isinstance(c, bool) or not 1 <= c <= 9:  # noqa: PLR2004
                msg = f"colour_layout: the colours of the {v}s must be 1..9, got {c!r}"
                raise InvalidSetupError(msg)
    if not shape_ok:
        msg = f"colour_layout must be 9 tuples of colours (values 1..9), got {layout!r}"
        raise InvalidSetupError(msg)


def _check_rounds(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 1000:  # noqa: PLR2004
        msg = f"{attribute.name} must be an int in 1..1000, not {value!r}"
        raise InvalidSetupError(msg)


@attrs.frozen(slots=True)
class Rules:
    """The options of Crazy Mistigri; the defaults are the rulebook's game and its rulings."""

    first_player: int = attrs.field(default=0, validator=_check_seat_number)
    """The seat that starts (deals and plays first) in round 1: the rulebook's youngest player."""
    colour_layout: tuple[tuple[int, ...], ...] = attrs.field(
        default=DEFAULT_LAYOUT, validator=_check_layout
    )
    """CM-1: for each value 1..9, the colours (1..9) of its ``10 - value`` cards. The rulebook
    does not print the colours; enter your own deck's layout here. Two cards of the same value
    and colour make a value pair (CM-4)."""
    rounds: int = attrs.field(default=2, validator=_check_rounds)
    """CM-10: the rounds of a match before a tie-break."""
    max_rounds: int = attrs.field(default=10, validator=_check_rounds)
    """CM-10: the last round; a lowest total still tied then is a shared win."""

    def __attrs_post_init__(self) -> None:
        """Refuse a last round before the regular ones."""
        if self.max_rounds < self.rounds:
            msg = f"max_rounds ({self.max_rounds}) must be at least rounds ({self.rounds})"
            raise InvalidSetupError(msg)


_DECKS: dict[tuple[int, tuple[tuple[int, ...], ...] | None], tuple[int, ...]] = {}


def _deck_ids(players: int, layout: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """The cards of a match as ids: 4 players drop the 1s, 3 also the 2s and the 9 (CM-1)."""
    # Tuples do not cache their hash: the default layout is looked up by identity first.
    key = (players, None if layout is DEFAULT_LAYOUT else layout)
    ids = _DECKS.get(key)
    if ids is None:
        dropped = {1} if players == 4 else {1, 2, 9} if players == 3 else set()  # noqa: PLR2004
        ids = (
            *(
                v << 4 | c
                for v, colours in enumerate(layout, start=1)
                if v not in dropped
                for c in colours
            ),
            _MISTIGRI_ID,
        )
        _DECKS[key] = ids
    return ids


_DECK_OBJECTS: dict[tuple[int, tuple[tuple[int, ...], ...] | None], cards.Deck[Card]] = {}


def _deck(players: int, rules: Rules) -> cards.Deck[Card]:
    layout = rules.colour_layout
    key = (players, None if layout is DEFAULT_LAYOUT else layout)
    deck = _DECK_OBJECTS.get(key)
    if deck is None:
        deck = _DECK_OBJECTS[key] = cards.Deck(_as_cards(_deck_ids(players, rules.colour_layout)))
    return deck


# --- Actions -----------------------------------------------------------------------------


@attrs.frozen(slots=True, cache_hash=True)
class Draw(Action):
    """Draw blindly the card at ``position`` of the fan of the player you draw from (CM-3).

    The fan is reshuffled with the match's randomness before every draw, so every position is
    equally likely to hold any of the cards.
    """

    kind: ClassVar[str] = "draw"
    interchangeable: ClassVar[bool] = True
    position: int

    def __str__(self) -> str:
        """Return ``draw #3``."""
        return f"draw #{self.position}"


@attrs.frozen(slots=True)
class DrawChosen(Action):
    """Draw the card the player you draw from chose for you with a 2+2 (CM-5)."""

    kind: ClassVar[str] = "draw-chosen"

    def __str__(self) -> str:
        """Return ``draw the chosen card``."""
        return "draw the chosen card"


@attrs.frozen(slots=True, cache_hash=True)
class DiscardPair(Action):
    """Discard two cards of the same colour or the same value (CM-4); the order does not matter.

    The lower card (by value, then colour) is kept as ``first``, so ``DiscardPair(a, b)`` and
    ``DiscardPair(b, a)`` are the same action.
    """

    kind: ClassVar[str] = "discard-pair"
    first: Card
    second: Card

    def __attrs_post_init__(self) -> None:
        """Put the lower card first."""
        a, b = self.first, self.second
        if isinstance(a, Card) and isinstance(b, Card) and _id(a) > _id(b):
            object.__setattr__(self, "first", b)
            object.__setattr__(self, "second", a)

    def __str__(self) -> str:
        """Return ``discard 5c1 + 5c3``."""
        return f"discard {self.first} + {self.second}"


@attrs.frozen(slots=True)
class Pass(Action):
    """Discard nothing this turn: say "I pass" and turn your player aid face down (CM-9)."""

    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        """Return ``pass``."""
        return "pass"


@attrs.frozen(slots=True)
class EndTurn(Action):
    """End your turn without using what is left of it.

    After a 6+6: discard no second pair. After a 2+2 that emptied your hand: take the
    card-choosing option, which then does nothing (CM-5).
    """

    kind: ClassVar[str] = "end-turn"

    def __str__(self) -> str:
        """Return ``end turn``."""
        return "end turn"


@attrs.frozen(slots=True)
class Reverse(Action):
    """Turn the arrow: play goes the other way (the other option of 1+1, 2+2 and 3+3)."""

    kind: ClassVar[str] = "reverse"

    def __str__(self) -> str:
        """Return ``reverse``."""
        return "reverse"


@attrs.frozen(slots=True)
class DiscardOnes(Action):
    """1+1: discard every other 1 of your hand (nothing happens if you hold none)."""

    kind: ClassVar[str] = "discard-ones"

    def __str__(self) -> str:
        """Return ``discard the other 1s``."""
        return "discard the other 1s"


@attrs.frozen(slots=True, cache_hash=True)
class ForceCard(Action):
    """2+2: the next player will draw ``card`` from your hand instead of a random card."""

    kind: ClassVar[str] = "force-card"
    card: Card

    def __str__(self) -> str:
        """Return ``force 3c2``."""
        return f"force {self.card}"


@attrs.frozen(slots=True)
class SwapLater(Action):
    """3+3: after the next player has drawn from you, swap a card with the discard pile."""

    kind: ClassVar[str] = "swap-later"

    def __str__(self) -> str:
        """Return ``swap after the next draw``."""
        return "swap after the next draw"


@attrs.frozen(slots=True, cache_hash=True)
class SwapWithPile(Action):
    """3+3, after the next player's draw: discard ``discard`` and take ``take`` from the pile."""

    kind: ClassVar[str] = "swap-with-pile"
    discard: Card
    take: Card

    def __str__(self) -> str:
        """Return ``swap 4c1 for 7c2``."""
        return f"swap {self.discard} for {self.take}"


@attrs.frozen(slots=True, cache_hash=True)
class GiveCard(Action):
    """4+4: give ``card`` from your hand to seat ``to``, who is still in the round."""

    kind: ClassVar[str] = "give-card"
    card: Card
    to: int

    def __str__(self) -> str:
        """Return ``give 3c2 to seat 1``."""
        return f"give {self.card} to seat {self.to}"


@attrs.frozen(slots=True, cache_hash=True)
class PilePick(Action):
    """5+5: seat ``to`` takes ``card`` from the discard pile into their hand."""

    kind: ClassVar[str] = "pile-pick"
    card: Card
    to: int

    def __str__(self) -> str:
        """Return ``pile 5c1 to seat 2``."""
        return f"pile {self.card} to seat {self.to}"


_ACTION_TYPES: tuple[type[Action], ...] = (
    Draw,
    DrawChosen,
    DiscardPair,
    Pass,
    EndTurn,
    Reverse,
    DiscardOnes,
    ForceCard,
    SwapLater,
    SwapWithPile,
    GiveCard,
    PilePick,
)

# Interned actions: legal_actions() hands out these objects, so apply() finds them by identity.
_DRAWS = tuple(Draw(i) for i in range(64))
_DRAW_CHOSEN = DrawChosen()
_PASS = Pass()
_END_TURN = EndTurn()
_REVERSE = Reverse()
_DISCARD_ONES = DiscardOnes()
_SWAP_LATER = SwapLater()
_PASS_ONLY: tuple[Action, ...] = (_PASS,)  # the pass closes the list of discards
_END_TURN_ONLY: tuple[Action, ...] = (_END_TURN,)
_IDS = [i for i, card in enumerate(_CARD) if card is not None and i != _MISTIGRI_ID]
# The action discarding cards (a, b), a <= b, for every two cards that pair (CM-4).
_PAIRS: dict[tuple[int, int], DiscardPair] = {
    (a, b): DiscardPair(_CARD[a], _CARD[b])  # type: ignore[arg-type]
    for a in _IDS
    for b in _IDS
    if a <= b and (a >> 4 == b >> 4 or a & 15 == b & 15)
}
# The card ids of each interned pair action, by object identity: apply() hands _advance the
# very object listed by legal_actions().
_PAIR_IDS = {id(action): ids for ids, action in _PAIRS.items()}
# Rows indexed by card id (None where there is no card): _FORCES[card], _GIFTS[to][card],
# _PICKS[to][card] and, built on first use, _SWAPS[give][take].
_FORCES = [None if c is None else ForceCard(c) for c in _CARD]
_GIFTS = [[None if c is None else GiveCard(c, to) for c in _CARD] for to in range(5)]
_PICKS = [[None if c is None else PilePick(c, to) for c in _CARD] for to in range(5)]
_SWAPS: list[list[SwapWithPile | None] | None] = [None] * 256

# --- Events ------------------------------------------------------------------------------

_ONLY = tuple(frozenset({s}) for s in range(5))
_BETWEEN = tuple(tuple(frozenset({a, b}) for b in range(5)) for a in range(5))
_EFFECTS = {
    1: "discard the other 1s or reverse",
    2: "choose the card drawn next or reverse",
    3: "swap with the pile after the next draw or reverse",
    4: "give a card",
    5: "a pile card for each opponent",
    6: "discard another pair",
    7: "the next player draws 2 cards",
    8: "the next player draws 3 cards",
}


@attrs.frozen(slots=True)
class RoundStarted(Event):
    """Round ``round`` begins; ``starting_player`` deals and plays first (CM-2, CM-11); public."""

    kind: ClassVar[str] = "round-started"
    round: int
    starting_player: int

    def __str__(self) -> str:
        """Describe the start."""
        return f"round {self.round} starts with seat {self.starting_player}"


@attrs.frozen(slots=True)
class Drew(Event):
    """``seat`` drew ``card`` from ``source``; only the two of them see the card (CM-7).

    ``chosen`` says that ``source`` had chosen the card with a 2+2.
    """

    kind: ClassVar[str] = "drew"
    seat: int
    source: int
    card: Card | None
    chosen: bool = False

    def redacted(self) -> Drew:
        """Hide the card."""
        return attrs.evolve(self, card=None)

    def __str__(self) -> str:
        """Describe the draw."""
        what = "a card" if self.card is None else str(self.card)
        how = ", the one chosen for them" if self.chosen else ""
        return f"seat {self.seat} draws {what} from seat {self.source}{how}"


@attrs.frozen(slots=True)
class PairDiscarded(Event):
    """``seat`` discarded ``pair`` face up; ``effect`` is the value of a value pair, else 0."""

    kind: ClassVar[str] = "pair-discarded"
    seat: int
    pair: tuple[Card, ...]
    effect: int

    def __str__(self) -> str:
        """Describe the pair and its effect."""
        a, b = self.pair
        if not self.effect:
            return f"seat {self.seat} discards {a} and {b} (same colour, no effect)"
        n = self.effect
        return f"seat {self.seat} discards {a} and {b}: {n}+{n}, {_EFFECTS.get(n, 'no effect')}"


@attrs.frozen(slots=True)
class Passed(Event):
    """``seat`` discarded nothing this turn and turned its player aid face down (CM-9)."""

    kind: ClassVar[str] = "passed"
    seat: int

    def __str__(self) -> str:
        """Say it."""
        return f'seat {self.seat}: "I pass"'


@attrs.frozen(slots=True)
class Reversed(Event):
    """``seat`` turned the arrow; play now goes ``direction``."""

    kind: ClassVar[str] = "reversed"
    seat: int
    direction: Direction

    def __str__(self) -> str:
        """Describe the new direction."""
        return f"seat {self.seat} reverses the direction: now {self.direction}"


@attrs.frozen(slots=True)
class OnesDiscarded(Event):
    """1+1: ``seat`` discarded its other 1s, ``ones`` (maybe none)."""

    kind: ClassVar[str] = "ones-discarded"
    seat: int
    ones: tuple[Card, ...]

    def __str__(self) -> str:
        """List the cards."""
        if not self.ones:
            return f"seat {self.seat} has no other 1 to discard"
        return f"seat {self.seat} discards its other 1s: {', '.join(map(str, self.ones))}"


@attrs.frozen(slots=True)
class CardChosen(Event):
    """2+2: ``seat`` chose ``card`` for the next player to draw; only ``seat`` sees which."""

    kind: ClassVar[str] = "card-chosen"
    seat: int
    card: Card | None

    def redacted(self) -> CardChosen:
        """Hide the card."""
        return attrs.evolve(self, card=None)

    def __str__(self) -> str:
        """Describe the choice."""
        what = "a card" if self.card is None else str(self.card)
        return f"seat {self.seat} chooses {what} for the next player to draw"


@attrs.frozen(slots=True)
class SwapAwaited(Event):
    """3+3: ``seat`` will swap a card with the discard pile after the next draw; public."""

    kind: ClassVar[str] = "swap-awaited"
    seat: int

    def __str__(self) -> str:
        """Describe the promise."""
        return f"seat {self.seat} will swap a card with the discard pile after the next draw"


@attrs.frozen(slots=True)
class SwappedWithPile(Event):
    """3+3: ``seat`` discarded ``discarded`` and took ``taken`` from the pile; public (CM-7)."""

    kind: ClassVar[str] = "swapped-with-pile"
    seat: int
    discarded: Card
    taken: Card

    def __str__(self) -> str:
        """Describe the swap."""
        return f"seat {self.seat} discards {self.discarded} and takes {self.taken} from the pile"


@attrs.frozen(slots=True)
class CardGiven(Event):
    """4+4: ``seat`` gave ``card`` to ``to``; only the two of them see the card (CM-7)."""

    kind: ClassVar[str] = "card-given"
    seat: int
    to: int
    card: Card | None

    def redacted(self) -> CardGiven:
        """Hide the card."""
        return attrs.evolve(self, card=None)

    def __str__(self) -> str:
        """Describe the gift."""
        what = "a card" if self.card is None else str(self.card)
        return f"seat {self.seat} gives {what} to seat {self.to}"


@attrs.frozen(slots=True)
class PileCardTaken(Event):
    """5+5: ``seat`` takes ``card`` from the pile, chosen by ``chooser``; public (CM-7)."""

    kind: ClassVar[str] = "pile-card-taken"
    seat: int
    chooser: int
    card: Card

    def __str__(self) -> str:
        """Describe the gift."""
        return f"seat {self.seat} takes {self.card} from the pile, chosen by seat {self.chooser}"


@attrs.frozen(slots=True)
class EffectLapsed(Event):
    """The ``value`` + ``value`` effect of ``seat`` does nothing, for ``reason``; public."""

    kind: ClassVar[str] = "effect-lapsed"
    seat: int
    value: int
    reason: str

    def __str__(self) -> str:
        """Say which effect and why."""
        n = self.value
        return f"the {n}+{n} of seat {self.seat} does nothing: {self.reason}"


@attrs.frozen(slots=True)
class LeftRound(Event):
    """``seat`` has no cards left and leaves the round, safe (CM-6); public."""

    kind: ClassVar[str] = "left-round"
    seat: int

    def __str__(self) -> str:
        """Say it."""
        return f'seat {self.seat} has no cards left: "MIAOUUUUU!" and leaves the round'


@attrs.frozen(slots=True)
class RoundEnded(Event):
    """Round ``round`` ended for ``reason``; each seat takes ``penalties``, now ``scores``.

    ``reason`` is ``"last-player"`` (CM-8) or ``"all-passed"`` (CM-9).
    """

    kind: ClassVar[str] = "round-ended"
    round: int
    reason: str
    penalties: tuple[int, ...]
    scores: tuple[int, ...]

    def __str__(self) -> str:
        """Describe the end and the penalties."""
        why = "every player still in play passed" if self.reason == "all-passed" else None
        why = why or "one player or fewer holds cards"
        points = ", ".join(f"seat {s} +{p}" for s, p in enumerate(self.penalties) if p)
        return f"round {self.round} ends ({why}); penalties: {points or 'none'}"


@attrs.frozen(slots=True)
class MatchEnded(Event):
    """The match is over: ``winners`` have the lowest total of ``scores`` (CM-10); public."""

    kind: ClassVar[str] = "match-ended"
    winners: tuple[int, ...]
    scores: tuple[int, ...]

    def __str__(self) -> str:
        """Name the winners."""
        winners = ", ".join(f"seat {s}" for s in self.winners)
        return f"the match is over; lowest total {min(self.scores)}: {winners}"


# Events are immutable values: the most frequent ones are interned, like the actions.
_PASSED = tuple(Passed(seat=s) for s in range(5))
_LEFT = tuple(LeftRound(seat=s) for s in range(5))
_DREW: dict[int, Drew] = {}
_DISCARDED: dict[tuple[int, int, int], PairDiscarded] = {}

# --- Scenarios ---------------------------------------------------------------------------


@attrs.frozen(slots=True)
class Setup:
    """An explicit position at the start of a turn (see :func:`scenario`)."""

    hands: tuple[tuple[Card, ...], ...]
    pile: tuple[Card, ...]
    to_move: int
    direction: int  # 1 clockwise, -1 counterclockwise
    aids_face_down: tuple[bool, ...]
    round_number: int
    scores: tuple[int, ...]
    starting_player: int


def scenario(
    hands: Sequence[Sequence[Card]],
    *,
    pile: Sequence[Card] = (),
    to_move: int = 0,
    direction: Direction | int = Direction.CLOCKWISE,
    aids_face_down: Sequence[bool] | None = None,
    round_number: int = 1,
    scores: Sequence[int] | None = None,
    starting_player: int | None = None,
    seed: int | None = None,
    rules: Rules | None = None,
) -> State:
    """Build a state at the start of ``to_move``'s turn, to test or teach a chosen situation.

    Args:
        hands: one hand per seat (so ``len(hands)`` is the player count), in fan order; an
            empty hand is a seat that has left the round.
        pile: the discard pile, bottom card first.
        to_move: the seat whose turn starts (with its draw); it must hold cards.
        direction: the arrow: ``Direction.CLOCKWISE`` (``1``) or ``COUNTERCLOCKWISE`` (``-1``).
        aids_face_down: for each seat, whether its player aid is face down (it passed).
        round_number: the round being played (1-based).
        scores: each seat's penalty total from the earlier rounds.
        starting_player: who started this round (it decides the next starter on ties, CM-11);
            default ``to_move``.
        seed: drives the blind draws and later deals.
        rules: the options (``first_player`` is not used by a scenario).

    Raises:
        InvalidSetupError: the hands and pile do not hold exactly the cards of this player
            count, fewer than two seats hold cards, or a part is malformed; the message says which.
    """
    players = len(hands)
    try:
        arrow = Direction(direction)
    except ValueError:
        msg = (
            f"direction must be Direction.CLOCKWISE (1) or COUNTERCLOCKWISE (-1), not {direction!r}"
        )
        raise InvalidSetupError(msg) from None
    setup = Setup(
        hands=tuple(tuple(hand) for hand in hands),
        pile=tuple(pile),
        to_move=to_move,
        direction=int(arrow),
        aids_face_down=tuple(aids_face_down) if aids_face_down is not None else (False,) * players,
        round_number=round_number,
        scores=tuple(scores) if scores is not None else (0,) * players,
        starting_player=to_move if starting_player is None else starting_player,
    )
    return GAME._from_setup(players, setup, seed, rules)  # noqa: SLF001


def _check_scenario(setup: Setup, players: int, rules: Rules) -> None:  # noqa: C901, PLR0912
    def is_int(x: object) -> bool:
        return isinstance(x, int) and not isinstance(x, bool)

    for seat, hand in enumerate(setup.hands):
        for card in cast("tuple[object, ...]", hand):  # scenarios come from users: check
            if not isinstance(card, Card):
                msg = f"seat {seat}'s hand holds {card!r}, which is not a Crazy Mistigri card"
                raise InvalidSetupError(msg)
    for card in cast("tuple[object, ...]", setup.pile):
        if not isinstance(card, Card):
            msg = f"the discard pile holds {card!r}, which is not a Crazy Mistigri card"
            raise InvalidSetupError(msg)
    deck = _deck(players, rules)
    missing, extra = deck.missing_and_extra([c for h in setup.hands for c in h] + [*setup.pile])
    if missing or extra:
        msg = (
            f"the hands and the pile must hold each of the {len(deck)} cards of a "
            f"{players}-player game exactly once; missing: {sorted(map(str, missing.elements()))}, "
            f"extra: {sorted(map(str, extra.elements()))}"
        )
        raise InvalidSetupError(msg)
    if sum(1 for h in setup.hands if h) < 2:  # noqa: PLR2004
        msg = "at least two seats must hold cards, or the round would be over (CM-8)"
        raise InvalidSetupError(msg)
    to_move = setup.to_move
    if not is_int(to_move) or not 0 <= to_move < players or not setup.hands[to_move]:
        msg = f"to_move must be a seat holding cards, not {to_move!r}"
        raise InvalidSetupError(msg)
    if setup.direction not in {1, -1} or not is_int(setup.direction):
        msg = f"direction must be 1 (clockwise) or -1 (counterclockwise), not {setup.direction!r}"
        raise InvalidSetupError(msg)
    aids = cast("tuple[object, ...]", setup.aids_face_down)
    if len(aids) != players or not all(isinstance(a, bool) for a in aids):
        msg = f"aids_face_down must hold one bool per seat ({players}), got {aids!r}"
        raise InvalidSetupError(msg)
    if not is_int(setup.round_number) or not 1 <= setup.round_number <= rules.max_rounds:
        msg = f"round_number must be in 1..{rules.max_rounds}, not {setup.round_number!r}"
        raise InvalidSetupError(msg)
    scores = cast("tuple[object, ...]", setup.scores)
    if len(scores) != players or not all(is_int(s) and s >= 0 for s in scores):  # type: ignore[operator]
        msg = (
            f"scores must hold one penalty total (an int >= 0) per seat ({players}), got {scores!r}"
        )
        raise InvalidSetupError(msg)
    start = setup.starting_player
    if not is_int(start) or not 0 <= start < players:
        msg = f"starting_player must be a seat of the {players}-player table, not {start!r}"
        raise InvalidSetupError(msg)


# --- Position and transitions ------------------------------------------------------------

# What the seat to move decides now.
_DRAW, _SWAP, _DISCARD, _ONES, _FORCE, _THREES, _GIVE, _PICK, _BONUS, _OVER = range(10)
_STEPS = (
    "draw",
    "swap-with-pile",
    "discard-or-pass",
    "discard-ones-or-reverse",
    "force-card-or-reverse",
    "swap-later-or-reverse",
    "give-card",
    "pile-pick",
    "second-pair-or-end-turn",
    "over",
)
_LAST_PLAYER, _ALL_PASSED = "last-player", "all-passed"


class _Match(NamedTuple):
    round: int
    start: int  # the starting player of this round
    scores: tuple[int, ...]  # penalty totals of the finished rounds
    winners: tuple[int, ...] | None
    twins: bool  # whether the layout has twin cards (same value and colour)


_NEW = tuple.__new__  # builds a _Position without the NamedTuple's Python-level __new__


class _Position(NamedTuple):
    hands: tuple[tuple[int, ...], ...]  # card ids, in fan order
    pile: tuple[int, ...]  # bottom first
    direction: int  # +1 clockwise, -1 counterclockwise
    passed: tuple[bool, ...]  # player aids face down
    phase: int
    to_move: int | None
    mover: int  # whose turn it is (-1 once over)
    source: int  # in _DRAW: the seat drawn from
    draws: int  # in _DRAW: draws left (7+7, 8+8)
    forced: int  # in _DRAW: the card chosen with a 2+2, or -1
    swapper: int  # the seat with a 3+3 swap due after this turn's draws, or -1
    recipients: tuple[int, ...]  # in _PICK: the seats still to get a pile card
    match: _Match


@attrs.frozen(slots=True)
class View(_BaseView):
    """What one seat of Crazy Mistigri may know."""

    game: ClassVar[str] = "crazy-mistigri"
    hand: tuple[Card, ...]
    """This seat's own cards, in fan order."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds (0: out of the round)."""
    discard_pile: tuple[Card, ...]
    """The discard pile, face up, bottom card first."""
    direction: Direction
    """The arrow: the direction of play."""
    aids_face_down: tuple[bool, ...]
    """For each seat, whether its player aid is face down (it passed, CM-9)."""
    starting_player: int
    """Who started this round."""
    turn_of: int | None
    """Whose turn it is (``to_move`` differs only during a 3+3 swap)."""
    step: str
    """What ``to_move`` decides now, e.g. ``"draw"`` or ``"discard-or-pass"``."""
    draw_from: int | None
    """While ``to_move`` draws: the seat drawn from."""
    draws_due: int
    """While ``to_move`` draws: how many draws are left (2 or 3 after a 7+7 or 8+8)."""
    card_is_chosen: bool
    """Whether the next draw takes a card chosen with a 2+2."""
    chosen_card: Card | None
    """That card, shown only to the seat that chose it."""
    swap_due: int | None
    """The seat that will swap with the pile after this turn's draws (3+3)."""
    pile_picks_for: tuple[int, ...]
    """During a 5+5: the seats still to get a pile card, the first one next."""
    outcome: Outcome | None
    """How the match ended, once it is over."""


class State(_BaseState[_Position]):
    """A moment of a Crazy Mistigri match."""

    __slots__ = ()
    rules: Rules

    # -- public, game-specific reading ----------------------------------------------------

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand, in fan order (full information: not for players' eyes)."""
        return tuple(_as_cards(h) for h in self._pos.hands)

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile, face up, bottom card first."""
        return _as_cards(self._pos.pile)

    @property
    def direction(self) -> Direction:
        """The arrow: the direction of play."""
        return Direction(self._pos.direction)

    @property
    def aids_face_down(self) -> tuple[bool, ...]:
        """For each seat, whether its player aid is face down (it passed, CM-9)."""
        return self._pos.passed

    @property
    def turn_of(self) -> int | None:
        """Whose turn it is; ``to_move`` differs from it only while a 3+3 swap is decided."""
        mover = self._pos.mover
        return None if mover < 0 else mover

    @property
    def draw_from(self) -> int | None:
        """While ``to_move`` draws: the seat drawn from (CM-3)."""
        pos = self._pos
        return pos.source if pos.phase == _DRAW else None

    @property
    def step(self) -> str:
        """What ``to_move`` decides now, e.g. ``"draw"`` or ``"discard-or-pass"``."""
        return _STEPS[self._pos.phase]

    @property
    def starting_player(self) -> int:
        """Who started this round (CM-2, CM-11)."""
        return self._pos.match.start

    @property
    def to_move(self) -> int | None:
        """The seat deciding now, or ``None`` once the match is over."""
        return self._pos.to_move

    @property
    def round(self) -> int:
        """The 1-based index of the current round."""
        return self._pos.match.round

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's penalty points so far (lower is better; the round in play not counted)."""
        return self._pos.match.scores

    @property
    def outcome(self) -> Outcome | None:
        """The lowest penalty total(s) win (CM-10); no seat is named loser."""
        match = self._pos.match
        if match.winners is None:
            return None
        return Outcome(winners=match.winners, scores=match.scores)

    def zones(self) -> Mapping[str, tuple[Card, ...]]:
        """Each hand (``hand/<seat>``) and the discard pile (``discard-pile``)."""
        out = {f"hand/{seat}": _as_cards(hand) for seat, hand in enumerate(self._pos.hands)}
        out["discard-pile"] = _as_cards(self._pos.pile)
        return out

    def visible_zones(self, seat: int) -> frozenset[str]:
        """The seat's own hand and the discard pile (face up)."""
        seat = self._check_seat(seat)
        return frozenset({f"hand/{seat}", "discard-pile"})

    def view(self, seat: int) -> View:
        """Return what ``seat`` may know: its hand, the public table and hand sizes (CM-7)."""
        seat = self._check_seat(seat)
        pos = self._pos
        drawing = pos.phase == _DRAW
        chosen = drawing and pos.forced >= 0
        return View(
            **self._view_base(seat),
            hand=_as_cards(pos.hands[seat]),
            hand_sizes=tuple(len(h) for h in pos.hands),
            discard_pile=_as_cards(pos.pile),
            direction=Direction(pos.direction),
            aids_face_down=pos.passed,
            starting_player=pos.match.start,
            turn_of=self.turn_of,
            step=_STEPS[pos.phase],
            draw_from=pos.source if drawing else None,
            draws_due=pos.draws if drawing else 0,
            card_is_chosen=chosen,
            chosen_card=_CARD[pos.forced] if chosen and seat == pos.source else None,
            swap_due=pos.swapper if pos.swapper >= 0 else None,
            pile_picks_for=pos.recipients,
            outcome=self.outcome,
        )

    # -- hooks: setup ---------------------------------------------------------------------

    @classmethod
    def _check_setup(cls, rules: Rules, players: int) -> None:
        if rules.first_player >= players:
            msg = f"first_player {rules.first_player} is not a seat of a {players}-player match"
            raise InvalidSetupError(msg)

    @classmethod
    def _deal(cls, rules: Rules, players: int, rng: Rng) -> tuple[_Position, list[Event]]:
        match = _Match(1, rules.first_player, (0,) * players, None, _has_twins(rules))
        return _new_round(rules, players, rng, match)

    @classmethod
    def _from_setup(cls, rules: Rules, players: int, setup: Setup) -> tuple[_Position, list[Event]]:
        _check_scenario(setup, players, rules)
        hands = tuple(tuple(_id(c) for c in h) for h in setup.hands)
        match = _Match(
            setup.round_number, setup.starting_player, setup.scores, None, _has_twins(rules)
        )
        events: list[Event] = [RoundStarted(round=match.round, starting_player=match.start)]
        events += [
            Dealt(seat=s, count=len(h), hand=h, visible_to=_ONLY[s])
            for s, h in enumerate(setup.hands)
        ]
        direction = setup.direction
        to_move = setup.to_move
        pos = _Position(
            hands,
            tuple(_id(c) for c in setup.pile),
            direction,
            setup.aids_face_down,
            _DRAW,
            to_move,
            to_move,
            _holder_before(hands, to_move, direction),
            1,
            -1,
            -1,
            (),
            match,
        )
        return pos, events

    # -- hooks: legal actions ---------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of ``to_move``, in a deterministic order; ``()`` once over.

        Computed once per state and cached (the base's contract, one call shorter).
        """
        legal = self._legal
        if legal is None:
            pos = self._pos
            legal = self._legal = _LEGAL[pos.phase](pos)
        return legal

    @property
    def is_over(self) -> bool:
        """Whether the whole match (all its rounds) has ended."""
        return self._pos.to_move is None

    def _compute_legal_actions(self) -> tuple[Action, ...]:
        pos = self._pos
        return _LEGAL[pos.phase](pos)

    def _why_illegal(self, action: Action) -> str:  # noqa: C901, PLR0911 - one case per kind
        if type(action) not in {type(a) for a in self.legal_actions()}:
            # A kind that is not legal now: the engine names the kinds that are.
            return super()._why_illegal(action)
        pos = self._pos
        hand = pos.hands[pos.mover]
        if isinstance(action, Draw):
            size = len(pos.hands[pos.source])
            return f"seat {pos.source} holds {size} cards, so the position must be 0..{size - 1}"
        if isinstance(action, DiscardPair):
            a, b = action.first, action.second
            held = list(hand)
            for card in (a, b):
                if _id(card) not in held:
                    again = "another " if card == a == b else ""
                    return f"seat {pos.mover} does not hold {again}{card}"
                held.remove(_id(card))
            if MISTIGRI in (a, b):
                return "the Mistigri is the only card of its colour and value: it never pairs"
            return f"{a} and {b} are neither the same colour nor the same value"
        if isinstance(action, ForceCard | GiveCard) and _id(action.card) not in hand:
            return f"seat {pos.mover} does not hold {action.card}"
        if isinstance(action, GiveCard):
            return f"seat {action.to} is not another seat still in the round"
        if isinstance(action, PilePick):
            if _id(action.card) not in pos.pile:
                return f"{action.card} is not in the discard pile"
            return f"the next pile card goes to seat {pos.recipients[0]}, not seat {action.to}"
        if isinstance(action, SwapWithPile):
            if _id(action.discard) not in pos.hands[pos.swapper]:
                return f"seat {pos.swapper} does not hold {action.discard}"
            return f"{action.take} is not in the discard pile"
        return super()._why_illegal(action)  # pragma: no cover - every kind is covered above

    # -- hooks: transitions -----------------------------------------------------------------

    def _advance(self, action: Action) -> tuple[_Position, list[Event]]:
        return _TRANSITIONS[self._pos.phase](self, self._pos, action)

    def _draw(self, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
        """One draw from the source (CM-3), then the 3+3 swap or the mover's discard."""
        mover, source = pos.mover, pos.source
        fan = pos.hands[source]
        chosen = pos.forced >= 0
        if chosen:
            index = fan.index(pos.forced)
        else:
            # Reshuffling the fan and taking the card at ``position`` picks each card with
            # equal probability; a random rotation of the fan gives that distribution in O(1).
            index = (self._random_below(len(fan)) + action.position) % len(fan)  # type: ignore[attr-defined]
        card = fan[index]
        hands = list(pos.hands)
        rest = hands[source] = fan[:index] + fan[index + 1 :]
        hands[mover] = (*hands[mover], card)
        key = (mover * 8 + source) << 9 | card << 1 | chosen
        drew = _DREW.get(key)
        if drew is None:
            drew = _DREW[key] = Drew(
                mover, source, _CARD[card], chosen, visible_to=_BETWEEN[mover][source]
            )
        events: list[Event] = [drew]
        draws = pos.draws - 1
        if not rest:
            # The source leaves the round: no further draw of a 7+7 / 8+8 is possible, and a
            # 3+3 swap of theirs lapses. A mover left alone finishes the turn (CM-8).
            events.append(_LEFT[source])
            draws = 0
        if draws:
            return pos._replace(hands=tuple(hands), draws=draws, forced=-1), events
        swapper = pos.swapper
        if swapper >= 0:
            if hands[swapper]:
                return _mid_turn(
                    pos, tuple(hands), pos.pile, _SWAP, swapper, swapper=swapper
                ), events
            events.append(EffectLapsed(seat=swapper, value=3, reason="no cards left to swap"))
        after = _NEW(
            _Position,
            (
                tuple(hands),
                pos.pile,
                pos.direction,
                pos.passed,
                _DISCARD,
                mover,
                mover,
                -1,
                0,
                -1,
                -1,
                (),
                pos.match,
            ),
        )
        return after, events

    def _swap(self, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
        """3+3: the swapper's card goes to the pile, the chosen pile card to their hand."""
        assert isinstance(action, SwapWithPile)  # noqa: S101 - only legal actions reach here
        swapper = pos.swapper
        give, take = _id(action.discard), _id(action.take)
        hands = _replace_hand(pos.hands, swapper, (*_without(pos.hands[swapper], give), take))
        pile = (*_without(pos.pile, take), give)
        event = SwappedWithPile(seat=swapper, discarded=action.discard, taken=action.take)
        return _mid_turn(pos, hands, pile, _DISCARD, pos.mover), [event]

    def _discard_or_pass(self, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
        if action is _PASS:
            return self._finish_turn(pos, pos.hands, pos.pile, [_PASSED[pos.mover]], passed=True)
        if action is _END_TURN:
            return self._finish_turn(pos, pos.hands, pos.pile, [])
        assert isinstance(action, DiscardPair)  # noqa: S101 - only legal actions reach here
        mover = pos.mover
        if pos.passed[mover]:  # playing again turns the aid face up (CM-9)
            aids = pos.passed
            pos = _NEW(_Position, (*pos[:3], (*aids[:mover], False, *aids[mover + 1 :]), *pos[4:]))
        a, b = _PAIR_IDS[id(action)]
        hand = _without(_without(pos.hands[mover], a), b)
        hands = _replace_hand(pos.hands, mover, hand)
        pile = (*pos.pile, a, b)
        value = a >> 4 if a >> 4 == b >> 4 else 0
        key = (mover, a, b)
        discarded = _DISCARDED.get(key)
        if discarded is None:
            pair = (action.first, action.second)
            discarded = _DISCARDED[key] = PairDiscarded(seat=mover, pair=pair, effect=value)
        events: list[Event] = [discarded]
        if not hand:
            events.append(_LEFT[mover])
            if _holders(hands) <= 1:
                return self._end_round(pos, hands, pile, _LAST_PLAYER, events)
        if not value:
            return self._finish_turn(pos, hands, pile, events)
        return self._start_effect(pos, hands, pile, value, events)

    def _start_effect(  # noqa: PLR0911 - one case per effect
        self,
        pos: _Position,
        hands: tuple[tuple[int, ...], ...],
        pile: tuple[int, ...],
        value: int,
        events: list[Event],
    ) -> tuple[_Position, list[Event]]:
        """Set up a value pair's effect (CM-5); what needs another player lapses (CM-8)."""
        mover = pos.mover
        others = _turn_order(hands, mover, pos.direction)
        if value == 1:
            return _mid_turn(pos, hands, pile, _ONES, mover), events
        if value == 6:  # noqa: PLR2004
            if _pair_actions(hands[mover], twins=pos.match.twins):
                return _mid_turn(pos, hands, pile, _BONUS, mover), events
            return self._finish_turn(pos, hands, pile, events)
        if not others:
            why = "no other player in the round"
            events.append(EffectLapsed(seat=mover, value=value, reason=why))
            return self._finish_turn(pos, hands, pile, events)
        if value == 4:  # noqa: PLR2004
            if hands[mover]:
                return _mid_turn(pos, hands, pile, _GIVE, mover), events
            events.append(EffectLapsed(seat=mover, value=4, reason="no card left to give"))
            return self._finish_turn(pos, hands, pile, events)
        if value == 5:  # noqa: PLR2004
            return _mid_turn(pos, hands, pile, _PICK, mover, recipients=tuple(others)), events
        if value in {7, 8}:
            return self._finish_turn(pos, hands, pile, events, draws=value - 5)
        return _mid_turn(pos, hands, pile, _FORCE if value == 2 else _THREES, mover), events  # noqa: PLR2004

    def _choose(self, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:  # noqa: PLR0911
        """The decisions of 1+1, 2+2 and 3+3: their own option, or reverse."""
        mover, hands, pile = pos.mover, pos.hands, pos.pile
        events: list[Event] = []
        if action is _REVERSE:
            if _holders(hands) == 1:
                events.append(EffectLapsed(seat=mover, value=1, reason="no next player"))
                return self._finish_turn(pos, hands, pile, events)
            direction = -pos.direction
            events.append(Reversed(seat=mover, direction=Direction(direction)))
            return self._finish_turn(pos._replace(direction=direction), hands, pile, events)
        if action is _DISCARD_ONES:
            hand = hands[mover]
            ones = tuple(c for c in hand if c >> 4 == 1)
            events.append(OnesDiscarded(seat=mover, ones=_as_cards(ones)))
            if ones:
                hands = _replace_hand(hands, mover, tuple(c for c in hand if c >> 4 != 1))
                pile = (*pile, *ones)
                if not hands[mover]:
                    events.append(_LEFT[mover])
                    if _holders(hands) <= 1:
                        return self._end_round(pos, hands, pile, _LAST_PLAYER, events)
            return self._finish_turn(pos, hands, pile, events)
        if isinstance(action, ForceCard):
            events.append(CardChosen(seat=mover, card=action.card, visible_to=_ONLY[mover]))
            forced = _id(action.card)
            return self._finish_turn(pos, hands, pile, events, forced=forced)
        if action is _SWAP_LATER:
            events.append(SwapAwaited(seat=mover))
            return self._finish_turn(pos, hands, pile, events, swap=True)
        # End turn after a 2+2 that emptied the hand: the card-choosing option does nothing.
        events.append(EffectLapsed(seat=mover, value=2, reason="no card left to choose"))
        return self._finish_turn(pos, hands, pile, events)

    def _give(self, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
        """4+4: the card goes to the chosen player, seen by the two of them only (CM-7)."""
        assert isinstance(action, GiveCard)  # noqa: S101 - only legal actions reach here
        mover, to, card = pos.mover, action.to, _id(action.card)
        given = list(pos.hands)
        given[mover] = _without(given[mover], card)
        given[to] = (*given[to], card)
        hands = tuple(given)
        events: list[Event] = [
            CardGiven(seat=mover, to=to, card=action.card, visible_to=_BETWEEN[mover][to])
        ]
        if not hands[mover]:
            events.append(_LEFT[mover])
            if _holders(hands) <= 1:
                return self._end_round(pos, hands, pos.pile, _LAST_PLAYER, events)
        return self._finish_turn(pos, hands, pos.pile, events)

    def _pile_pick(self, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
        """5+5: one pile card for the next recipient; the effect ends with them or the pile."""
        assert isinstance(action, PilePick)  # noqa: S101 - only legal actions reach here
        to, card = action.to, _id(action.card)
        pile = _without(pos.pile, card)
        hands = _replace_hand(pos.hands, to, (*pos.hands[to], card))
        events: list[Event] = [PileCardTaken(seat=to, chooser=pos.mover, card=action.card)]
        rest = pos.recipients[1:]
        if rest and pile:
            return pos._replace(hands=hands, pile=pile, recipients=rest), events
        return self._finish_turn(pos, hands, pile, events)

    def _finish_turn(
        self,
        pos: _Position,
        hands: tuple[tuple[int, ...], ...],
        pile: tuple[int, ...],
        events: list[Event],
        *,
        passed: bool = False,
        draws: int = 1,
        forced: int = -1,
        swap: bool = False,
    ) -> tuple[_Position, list[Event]]:
        """End the turn: the aid (CM-9), the end of the round (CM-8, CM-9), or the next turn.

        ``draws``, ``forced`` and ``swap`` are what the turn's effects ask of the next turn
        (7+7 / 8+8, 2+2, 3+3); they lapse if the mover has left the round.
        """
        mover, direction = pos.mover, pos.direction
        aids = pos.passed
        if aids[mover] is not passed:
            aids = (*aids[:mover], passed, *aids[mover + 1 :])
        players = self._players
        if hands.count(()) >= players - 1:
            return self._end_round(pos._replace(passed=aids), hands, pile, _LAST_PLAYER, events)
        # Only a pass, or a mover leaving the round, can leave every aid in play face down.
        if (passed or not hands[mover]) and all(map(bool.__or__, aids, map(not_, hands))):
            return self._end_round(pos._replace(passed=aids), hands, pile, _ALL_PASSED, events)
        players = self._players
        after = (mover + direction) % players
        while not hands[after]:
            after = (after + direction) % players
        source = mover
        if not hands[mover]:
            source = _holder_before(hands, after, direction)
            if draws != 1 or forced >= 0 or swap:
                value = 3 if swap else 2 if forced >= 0 else draws + 5
                events.append(EffectLapsed(seat=mover, value=value, reason="no cards left"))
                draws, forced, swap = 1, -1, False
        nxt = _NEW(
            _Position,
            (
                hands,
                pile,
                direction,
                aids,
                _DRAW,
                after,
                after,
                source,
                draws,
                forced,
                mover if swap else -1,
                (),
                pos.match,
            ),
        )
        return nxt, events

    def _end_round(
        self,
        pos: _Position,
        hands: tuple[tuple[int, ...], ...],
        pile: tuple[int, ...],
        reason: str,
        events: list[Event],
    ) -> tuple[_Position, list[Event]]:
        """Score the round (the values left in each hand), then deal the next or end (CM-10)."""
        match = pos.match
        penalties = tuple(sum(c >> 4 for c in hand) for hand in hands)
        scores = tuple(a + b for a, b in zip(match.scores, penalties, strict=True))
        events.append(
            RoundEnded(round=match.round, reason=reason, penalties=penalties, scores=scores)
        )
        rules: Rules = self._rules  # type: ignore[assignment]
        low = min(scores)
        if match.round >= rules.max_rounds or (
            match.round >= rules.rounds and scores.count(low) == 1
        ):
            winners = tuple(s for s, total in enumerate(scores) if total == low)
            events.append(MatchEnded(winners=winners, scores=scores))
            final = match._replace(scores=scores, winners=winners)
            over = _mid_turn(pos, hands, pile, _OVER, None)._replace(mover=-1, match=final)
            return over, events
        # CM-11: the highest total starts; a tie goes to the first of the tied players
        # clockwise from the previous starting player, that player included.
        start = max(seats_from(match.start, self._players), key=scores.__getitem__)
        following = _Match(match.round + 1, start, scores, None, match.twins)
        nxt, dealt = _new_round(rules, self._players, self._rng(1), following)
        events.extend(dealt)
        return nxt, events

    # -- hooks: search ----------------------------------------------------------------------

    @classmethod
    def _sample_position(cls, view: View, rng: random.Random) -> _Position:
        """Deal the cards ``view``'s seat cannot see anew, as far as its observations allow.

        The seat's hand, the pile, the hand sizes and the whole turn (step, draws due, a 2+2
        card, a 3+3 swap, 5+5 recipients) are kept; every card the seat cannot see goes to a
        hand where it may be (see :func:`_observations`), in a random fan order.
        """
        return _sample_position(view, rng)

    # -- hooks: the contract checks ---------------------------------------------------------

    def _perturbed(self, seat: int, rng: Rng) -> State | None:
        """Swap cards ``seat`` never saw between other hands, and reorder those hands."""
        pos = self._pos
        seen = set(pos.hands[seat])
        for event in self.events:
            if event.is_visible_to(seat):
                seen.update(_id(c) for c in event.cards() if isinstance(c, Card))
        hands = [list(h) for h in pos.hands]
        forced = pos.forced
        owner = pos.source  # who holds a card chosen with a 2+2
        slots = [
            (s, i)
            for s in range(self.players)
            if s != seat
            for i, c in enumerate(hands[s])
            if c not in seen
        ]
        for _ in range(4 * len(slots)):
            (a, i), (b, j) = slots[rng.below(len(slots))], slots[rng.below(len(slots))]
            if a == b:
                continue
            x, y = hands[a][i], hands[b][j]
            hands[a][i], hands[b][j] = y, x
            # A chosen card the seat did not see may be any card of its holder's hand.
            if forced == x and a == owner:
                forced = y
            elif forced == y and b == owner:
                forced = x
        new_hands = tuple(tuple(h) if s == seat else rng.shuffled(h) for s, h in enumerate(hands))
        return self._replace_position(pos._replace(hands=new_hands, forced=forced))


# --- Helpers -------------------------------------------------------------------------------


def _mid_turn(
    pos: _Position,
    hands: tuple[tuple[int, ...], ...],
    pile: tuple[int, ...],
    phase: int,
    to_move: int | None,
    *,
    swapper: int = -1,
    recipients: tuple[int, ...] = (),
) -> _Position:
    return _NEW(
        _Position,
        (
            hands,
            pile,
            pos.direction,
            pos.passed,
            phase,
            to_move,
            pos.mover,
            -1,
            0,
            -1,
            swapper,
            recipients,
            pos.match,
        ),
    )


def _has_twins(rules: Rules) -> bool:
    if rules.colour_layout is DEFAULT_LAYOUT:
        return False
    return any(len(set(colours)) < len(colours) for colours in rules.colour_layout)


def _legal_draws(pos: _Position) -> tuple[Action, ...]:
    if pos.forced >= 0:
        return (_DRAW_CHOSEN,)
    return _DRAWS[: len(pos.hands[pos.source])]


def _legal_swaps(pos: _Position) -> tuple[Action, ...]:
    twins = pos.match.twins
    pile = _each_once(pos.pile, twins)
    found: list[Action] = []
    for give in _each_once(pos.hands[pos.swapper], twins):
        found += map(_swap_row(give).__getitem__, pile)  # type: ignore[arg-type]
    return tuple(found)


def _legal_discards(pos: _Position) -> tuple[Action, ...]:
    if pos.match.twins:
        return _pair_actions(pos.hands[pos.mover], twins=True) + _PASS_ONLY
    return (
        tuple(filter(None, map(_PAIRS.get, combinations(sorted(pos.hands[pos.mover]), 2))))
        + _PASS_ONLY
    )


def _legal_second_pairs(pos: _Position) -> tuple[Action, ...]:
    return _pair_actions(pos.hands[pos.mover], twins=pos.match.twins) + _END_TURN_ONLY


def _legal_ones(_: _Position) -> tuple[Action, ...]:
    return (_DISCARD_ONES, _REVERSE)


def _legal_forced_cards(pos: _Position) -> tuple[Action, ...]:
    hand = pos.hands[pos.mover]
    if not hand:
        return (_REVERSE, _END_TURN)
    return (*map(_FORCES.__getitem__, _each_once(hand, pos.match.twins)), _REVERSE)  # type: ignore[arg-type]


def _legal_threes(_: _Position) -> tuple[Action, ...]:
    return (_SWAP_LATER, _REVERSE)


def _legal_gifts(pos: _Position) -> tuple[Action, ...]:
    mover = pos.mover
    others = [_GIFTS[seat] for seat, hand in enumerate(pos.hands) if hand and seat != mover]
    cards_ = _each_once(pos.hands[mover], pos.match.twins)
    return tuple([row[card] for card in cards_ for row in others])  # type: ignore[misc]


def _legal_pile_picks(pos: _Position) -> tuple[Action, ...]:
    row = _PICKS[pos.recipients[0]]
    return tuple(map(row.__getitem__, _each_once(pos.pile, pos.match.twins)))  # type: ignore[arg-type]


def _legal_none(_: _Position) -> tuple[Action, ...]:  # pragma: no cover - the base never asks
    return ()


_LEGAL = (
    _legal_draws,
    _legal_swaps,
    _legal_discards,
    _legal_ones,
    _legal_forced_cards,
    _legal_threes,
    _legal_gifts,
    _legal_pile_picks,
    _legal_second_pairs,
    _legal_none,
)
_TRANSITIONS = (
    State._draw,  # noqa: SLF001 - the table of the State's own transitions
    State._swap,  # noqa: SLF001
    State._discard_or_pass,  # noqa: SLF001
    State._choose,  # noqa: SLF001
    State._choose,  # noqa: SLF001
    State._choose,  # noqa: SLF001
    State._give,  # noqa: SLF001
    State._pile_pick,  # noqa: SLF001
    State._discard_or_pass,  # noqa: SLF001
)


def _new_round(
    rules: Rules, players: int, rng: Rng, match: _Match
) -> tuple[_Position, list[Event]]:
    """Deal a round (CM-2): 9 cards each, the last one to the starting player's right."""
    deck = rng.shuffled(_deck_ids(players, rules.colour_layout))
    start = match.start
    right = (start - 1) % players
    hands: list[tuple[int, ...]] = [()] * players
    for k in range(players):
        seat = (start + k) % players
        hands[seat] = deck[k * HAND_SIZE : (k + 1) * HAND_SIZE]
    hands[right] = (*hands[right], deck[-1])
    events: list[Event] = [RoundStarted(round=match.round, starting_player=start)]
    events += [
        Dealt(seat=s, count=len(h), hand=_as_cards(h), visible_to=_ONLY[s])
        for s, h in enumerate(hands)
    ]
    pos = _Position(
        tuple(hands), (), 1, (False,) * players, _DRAW, start, start, right, 1, -1, -1, (), match
    )
    return pos, events


def _pair_actions(hand: tuple[int, ...], *, twins: bool) -> tuple[DiscardPair, ...]:
    """Every pair of ``hand`` (same colour or same value; CM-4), lower cards first.

    ``twins``: the layout has twin cards, so a pair may be found twice and is listed once.
    """
    found = tuple(filter(None, map(_PAIRS.get, combinations(sorted(hand), 2))))
    return tuple(dict.fromkeys(found)) if twins else found


def _each_once(cards_: tuple[int, ...], twins: bool) -> list[int]:
    """The cards in id order, twin cards (custom layouts) listed once."""
    return sorted(set(cards_) if twins else cards_)


def _swap_row(give: int) -> list[SwapWithPile | None]:
    row = _SWAPS[give]
    if row is None:
        given = _CARD[give]
        row = _SWAPS[give] = [None if c is None else SwapWithPile(given, c) for c in _CARD]  # type: ignore[arg-type]
    return row


def _without(cards_: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards_.index(card)
    return cards_[:i] + cards_[i + 1 :]


def _replace_hand(
    hands: tuple[tuple[int, ...], ...], seat: int, hand: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return (*hands[:seat], hand, *hands[seat + 1 :])


def _holders(hands: tuple[tuple[int, ...], ...]) -> int:
    return len(hands) - hands.count(())


def _holder_before(hands: tuple[tuple[int, ...], ...], seat: int, direction: int) -> int:
    """The nearest seat before ``seat`` in ``direction`` that holds cards (CM-3)."""
    players = len(hands)
    source = (seat - direction) % players
    while not hands[source]:
        source = (source - direction) % players
    return source


def _turn_order(hands: tuple[tuple[int, ...], ...], mover: int, direction: int) -> list[int]:
    """The other seats holding cards, in turn order from the next player (CM-5)."""
    players = len(hands)
    return [seat for k in range(1, players) if hands[seat := (mover + k * direction) % players]]


# --- Sampling worlds from a view (for search) ------------------------------------------------
#
# A seat sees its own hand, the pile and the hand sizes. Of the cards it cannot see it knows
# where some may be: a card it gave away or that was drawn from it, and a pile card taken by
# someone, is in that hand until a third seat draws from it (then it may be in either); a
# seat that threw its other 1s (1+1) holds no 1 until it draws again. Every other card may be
# in any hand it could have reached. The sampler keeps, per card, the set of possible holders
# (a bitmask of seats) and deals the hidden cards into hands of the right sizes within them.

_STEP_PHASES = {step: phase for phase, step in enumerate(_STEPS)}
_GREEDY_TRIES = 8


class _Observations(NamedTuple):
    """What one view says about the hidden cards, worked out once per view."""

    classes: tuple[tuple[tuple[int, ...], list[int]], ...]  # (possible holders, cards)
    sizes: tuple[int, ...]  # the sizes of the hands to deal (0 for the seat's own)
    hidden: tuple[tuple[int, int], ...]  # (possible holders as a mask, card), for the fallback
    holders: int  # the mask of the seats that hold cards the view's seat cannot see
    template: _Position  # the position with the view's seat's hand and other hands empty


def _sample_position(view: View, rng: random.Random) -> _Position:
    seen = _observed(view)
    hands = _deal_hidden(seen, rng)
    if hands is None:
        hands = _deal_exactly(seen, rng)
    seat = view.seat
    for s, hand in enumerate(hands):
        if s != seat and len(hand) > 1:
            rng.shuffle(hand)  # the fan order is hidden too
    template = seen.template
    own = template.hands[seat]
    dealt = tuple(own if s == seat else tuple(h) for s, h in enumerate(hands))
    forced = template.forced
    if view.card_is_chosen and forced < 0:
        # A 2+2 card chosen by another seat: any card of the chooser's hand.
        fan = dealt[template.source]
        forced = fan[rng.randrange(len(fan))]
    return template._replace(hands=dealt, forced=forced)


def _observe(view: View) -> _Observations:
    """Work out the possible holders of every card ``view``'s seat cannot see."""
    seat, players, rules = view.seat, view.players, view.rules
    holders = 0
    for s, size in enumerate(view.hand_sizes):
        if size and s != seat:
            holders |= 1 << s
    placed, by_value = _observations(view.events, seat, players)
    own = tuple(map(_id, view.hand))
    unseen = list(_deck_ids(players, rules.colour_layout))
    for card in (*own, *map(_id, view.discard_pile)):
        unseen.remove(card)
    hidden: list[tuple[int, int]] = []
    for card in unseen:
        masks = placed.get(card)
        mask = masks.pop() if masks else by_value[card >> 4]
        hidden.append((mask & holders, card))
    if not _has_a_deal(hidden, view.hand_sizes, holders):
        # Only a custom layout with twin cards can get here: the seat cannot tell which of
        # two twins moved, so their holders are relaxed to every hand (the sizes still hold).
        hidden = [(holders, card) for _, card in hidden]
    by_mask: dict[int, list[int]] = {}
    for mask, card in hidden:
        by_mask.setdefault(mask, []).append(card)
    # Most constrained first: singletons go straight to their hand, the widest class last.
    classes = tuple(
        (tuple(s for s in range(players) if mask >> s & 1), cards_)
        for mask, cards_ in sorted(by_mask.items(), key=lambda item: (item[0].bit_count(), item[0]))
    )
    outcome = view.outcome
    match = _Match(
        view.round,
        view.starting_player,
        view.scores,
        None if outcome is None else outcome.winners,
        _has_twins(rules),
    )
    phase = _STEP_PHASES[view.step]
    chosen = view.chosen_card
    template = _Position(
        tuple(own if s == seat else () for s in range(players)),
        tuple(map(_id, view.discard_pile)),
        int(view.direction),
        view.aids_face_down,
        phase,
        view.to_move,
        -1 if view.turn_of is None else view.turn_of,
        -1 if view.draw_from is None else view.draw_from,
        view.draws_due,
        -1 if chosen is None else _id(chosen),
        -1 if view.swap_due is None else view.swap_due,
        view.pile_picks_for,
        match,
    )
    sizes = tuple(size if holders >> s & 1 else 0 for s, size in enumerate(view.hand_sizes))
    return _Observations(classes, sizes, tuple(hidden), holders, template)


# A search samples many worlds from one view: read each view's events once.
_observed = LastOf(_observe)


def _observations(  # noqa: C901, PLR0912, PLR0915 - one case per kind of event
    events: Sequence[Event], seat: int, players: int
) -> tuple[dict[int, list[int]], list[int]]:
    """Replay this round's events as ``seat`` saw them: where its unseen cards may be.

    Returns the possible holders (bitmasks) of the copies of each card that moved in sight of
    the seat into a hidden hand (``placed``), and, by value, those of every other unseen card.
    """
    start = 0
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], RoundStarted):
            start = i
            break
    me = 1 << seat
    others = ((1 << players) - 1) & ~me
    by_value = [others] * (_MISTIGRI_VALUE + 1)
    placed: dict[int, list[int]] = {}

    def arrive(card: Card | None, holder: int) -> None:
        if card is not None:
            placed.setdefault(_id(card), []).append(1 << holder)

    def leave(card: Card | None, holder: int) -> None:
        masks = placed.get(_id(card)) if card is not None else None
        if masks:
            bit = 1 << holder
            fits = [m for m in masks if m & bit]
            if fits:  # the tightest known copy (only twin cards have several)
                masks.remove(min(fits, key=int.bit_count))

    def unseen_move(source: int, to: int) -> None:
        # Any card that may have been in ``source`` may now be in ``to``.
        s, t = 1 << source, 1 << to
        for v, mask in enumerate(by_value):
            if mask & s:
                by_value[v] = mask | t
        for masks in placed.values():
            for i, mask in enumerate(masks):
                if mask & s:
                    masks[i] = mask | t

    for event in events[start:]:
        if isinstance(event, Drew):
            if event.seat == seat:
                leave(event.card, event.source)
            elif event.source == seat:
                arrive(event.card, event.seat)
            else:
                unseen_move(event.source, event.seat)
        elif isinstance(event, PairDiscarded):
            if event.seat != seat:
                for card in event.pair:
                    leave(card, event.seat)
        elif isinstance(event, CardGiven):
            if event.seat == seat:
                arrive(event.card, event.to)
            elif event.to == seat:
                leave(event.card, event.seat)
            else:
                unseen_move(event.seat, event.to)
        elif isinstance(event, PileCardTaken):
            if event.seat != seat:
                arrive(event.card, event.seat)
        elif isinstance(event, SwappedWithPile):
            if event.seat != seat:
                leave(event.discarded, event.seat)
                arrive(event.taken, event.seat)
        elif isinstance(event, OnesDiscarded) and event.seat != seat:
            for card in event.ones:
                leave(card, event.seat)
            # 1+1 throws every other 1: that hand holds none now.
            keep = ~(1 << event.seat)
            by_value[1] &= keep
            for one, masks in placed.items():
                if one >> 4 == 1:
                    masks[:] = [m & keep for m in masks]
    return placed, by_value


def _deal_hidden(seen: _Observations, rng: random.Random) -> list[list[int]] | None:
    """Deal the hidden cards at random within their possible holders; ``None`` if stuck.

    Randomized greedy, most constrained cards first, each to a possible holder with room
    (weighted by that room), with a few restarts.
    """
    for _ in range(_GREEDY_TRIES):
        hands = _try_to_deal(seen, rng)
        if hands is not None:
            return hands
    return None


def _try_to_deal(seen: _Observations, rng: random.Random) -> list[list[int]] | None:
    classes = seen.classes
    room = list(seen.sizes)
    hands: list[list[int]] = [[] for _ in room]
    last = len(classes) - 1
    for k, (seats_, cards_) in enumerate(classes):
        if k == last:
            # The widest class fills exactly the room left.
            if sum(room) != len(cards_) or sum(room[s] for s in seats_) != len(cards_):
                return None
            pool = rng.sample(cards_, len(cards_))
            at = 0
            for s in seats_:
                hands[s] += pool[at : at + room[s]]
                at += room[s]
            return hands
        if len(seats_) == 1:
            s = seats_[0]
            room[s] -= len(cards_)
            if room[s] < 0:
                return None
            hands[s] += cards_
            continue
        for card in cards_:
            pick = rng.randrange(sum(room[s] for s in seats_) or 1)
            for s in seats_:
                pick -= room[s]
                if pick < 0:
                    break
            else:
                return None  # no room left in any possible holder
            room[s] -= 1
            hands[s].append(card)
    return hands


def _deal_exactly(seen: _Observations, rng: random.Random) -> list[list[int]]:
    """Deal the hidden cards one by one, each to a holder that leaves a complete deal possible.

    The fallback of :func:`_deal_hidden`: slower, but it never fails, since the real deal is
    one of the possible ones.
    """
    hidden = sorted(seen.hidden, key=lambda item: item[0].bit_count())
    room = list(seen.sizes)
    hands: list[list[int]] = [[] for _ in room]
    for i, (mask, card) in enumerate(hidden):
        seats_ = [s for s in range(len(room)) if mask >> s & 1 and room[s]]
        rng.shuffle(seats_)
        for s in seats_:
            room[s] -= 1
            if _has_a_deal(hidden[i + 1 :], room, seen.holders):
                hands[s].append(card)
                break
            room[s] += 1
        else:  # pragma: no cover - _observe made sure a deal exists
            msg = "no hand can take a hidden card: the view's observations are inconsistent"
            raise AssertionError(msg)
    return hands


def _has_a_deal(hidden: Sequence[tuple[int, int]], room: Sequence[int], holders: int) -> bool:
    """Whether the cards fit the hands' room within their possible holders (Hall's condition).

    They do when, for every set of hands, the cards that can only go there fit in their room.
    """
    counts: dict[int, int] = {}
    for mask, _ in hidden:
        counts[mask] = counts.get(mask, 0) + 1
    if sum(counts.values()) != sum(room[s] for s in range(len(room)) if holders >> s & 1):
        return False
    subset = holders
    while True:
        need = sum(n for mask, n in counts.items() if not mask & ~subset)
        if need > sum(room[s] for s in range(len(room)) if subset >> s & 1):
            return False
        if not subset:
            return True
        subset = (subset - 1) & holders


GAME: Game[State] = Game(
    slug="crazy-mistigri",
    title="Crazy Mistigri",
    min_players=3,
    max_players=5,
    rules=Rules,
    state=State,
    actions=_ACTION_TYPES,
    deck=_deck,
    card=Card.from_code,
    setup=Setup,
    better_scores="lower",
    parts={"heuristic_bot": "cardgames.bots.crazy_mistigri:HeuristicBot"},
)
"""The Crazy Mistigri game object (slug ``crazy-mistigri``, 3-5 players)."""
