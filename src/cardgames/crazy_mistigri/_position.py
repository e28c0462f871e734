"""How the engine holds a moment of a Crazy Mistigri match (internal).

A position is a record of plain values: the hands and the pile as card ids (read by
`_value_of` and `_colour_of` below), the arrow, the aids, and what the seat to move decides now
(the phase), with the turn's pending effects. The rules (`rules.py`), the views (`view.py`),
the scenarios (`scenario.py`) and the sampler (`sampler.py`) all read it.

The rules advance a position in place, as a player moves the cards on the table: a card drawn
leaves one hand (a list) and joins another, a pair discarded joins the pile (a list); what
changes at most once per turn (the aids, the 5+5 recipients, a `_Match`) is replaced by a new
immutable value. A state's position is still never changed once a transition has returned it:
`State.apply` advances a `_Position.copy`, and only a search's own worlds and a playout's copy
are advanced where they stand. `cardgames.testing.check_positions_unchanged` holds every game
to that. In the compiled build this module is compiled: the records are native classes, whose
fields are C struct members, and a copy made by the compiled rules is a direct C call.
"""

from __future__ import annotations

from typing import Final, final

from cardgames._mypyc import mypyc_attr
from cardgames._pickling import reduced
from cardgames.engine import Outcome

# --- Card ids (CM-1, CM-4) -----------------------------------------------------------------
# A position holds its cards as small ints: the value in the high bits, the colour in the low
# four. The functions that read an id are here, compiled with the rules that call them on every
# action (`cardgames.crazy_mistigri.cards`, which is not compiled, names them for the rest).


def _card_id(value: int, colour: int) -> int:
    """The id of the card of ``value`` and ``colour`` (both 1..10): 16 * value + colour."""
    return value << 4 | colour


def _value_of(card_id: int) -> int:
    """The value of the card whose id is ``card_id``."""
    return card_id >> 4


def _colour_of(card_id: int) -> int:
    """The colour of the card whose id is ``card_id``."""
    return card_id & 15


def _pair(a: int, b: int) -> bool:
    """Whether the cards of ids ``a`` and ``b`` pair: same value or same colour (CM-4).

    The Mistigri is the only card of its value and of its colour, so it never pairs.
    """
    return _value_of(a) == _value_of(b) or _colour_of(a) == _colour_of(b)


# What the seat to move decides now (Final: the compiled rules inline them).
_DRAW: Final = 0
_SWAP: Final = 1
_DISCARD: Final = 2
_ONES: Final = 3
_FORCE: Final = 4
_THREES: Final = 5
_GIVE: Final = 6
_PICK: Final = 7
_BONUS: Final = 8
_OVER: Final = 9
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

# The fields of each record: its ``__slots__`` in the pure build, and what pickling stores (mypyc
# ignores ``__slots__``: a compiled record's fields are C struct members).
_MATCH_FIELDS: Final = ("round", "start", "scores", "winners", "twins")
_POSITION_FIELDS: Final = (
    "hands",
    "pile",
    "direction",
    "passed",
    "phase",
    "to_move",
    "mover",
    "source",
    "draws",
    "forced",
    "swapper",
    "recipients",
    "match",
)


# acyclic: a record holds only lists and tuples of ints, ints and another record, never itself,
# so the compiled class stays out of the garbage collector's lists.
@final
@mypyc_attr(acyclic=True)
class _Match:
    """What carries over from one round to the next."""

    __slots__ = _MATCH_FIELDS

    round: int  # the 1-based index of the round in play
    start: int  # the starting player of this round
    scores: tuple[int, ...]  # penalty totals of the finished rounds
    winners: tuple[int, ...] | None  # once the match is over
    twins: bool  # whether the layout has twin cards (same value and colour)

    def __init__(
        self,
        *,
        round: int,  # noqa: A002 - the name of the field
        start: int,
        scores: tuple[int, ...],
        winners: tuple[int, ...] | None,
        twins: bool,
    ) -> None:
        """Name every field: a match record is built once per round."""
        self.round = round
        self.start = start
        self.scores = scores
        self.winners = winners
        self.twins = twins

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle by the constructor's arguments (a compiled record has no instance dict)."""
        fields = {name: getattr(self, name) for name in _MATCH_FIELDS}
        return _rebuilt, (_Match, fields)


@final
@mypyc_attr(acyclic=True)
class _Position:
    """A moment of a round: the cards, the arrow, the aids and what the seat to move decides."""

    __slots__ = _POSITION_FIELDS

    hands: list[list[int]]  # card ids, in fan order
    pile: list[int]  # bottom first
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

    # No __init__: ``_Position()`` is then a bare instance, made in C in either build (with an
    # __init__, the pure build would run one more Python call per copy: about twice the cost of
    # a copy). `_new_position` names every field of a new one.

    @property
    def round(self) -> int:
        """The 1-based index of the round (read at every step of a round-horizon playout)."""
        return self.match.round

    def copy(self) -> _Position:
        """A copy of this position that the rules may advance in place; this one is unchanged.

        The hands and the pile are copied (the rules change them in place), the rest shared
        (the rules replace it). The one place that copies every field: a new field is added
        here, in `_new_position` and in `_POSITION_FIELDS`, and nowhere else.
        """
        after = _Position()
        after.hands = [hand.copy() for hand in self.hands]
        after.pile = self.pile.copy()
        after.direction = self.direction
        after.passed = self.passed
        after.phase = self.phase
        after.to_move = self.to_move
        after.mover = self.mover
        after.source = self.source
        after.draws = self.draws
        after.forced = self.forced
        after.swapper = self.swapper
        after.recipients = self.recipients
        after.match = self.match
        return after

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle by the constructor's arguments (a compiled record has no instance dict)."""
        return reduced(self, _POSITION_FIELDS)


def _rebuilt(cls: type[_Match], fields: dict[str, object]) -> _Match:
    """Rebuild a pickled match record (see ``__reduce__``) through its constructor."""
    return cls(**fields)  # type: ignore[arg-type]


def _new_position(
    *,
    hands: list[list[int]],
    pile: list[int],
    direction: int,
    passed: tuple[bool, ...],
    phase: int,
    to_move: int | None,
    mover: int,
    source: int,
    draws: int,
    forced: int,
    swapper: int,
    recipients: tuple[int, ...],
    match: _Match,
    into: _Position | None = None,
) -> _Position:
    """A new position, every field named: the deal, a scenario and the sampler build them so.

    It takes ``hands`` and ``pile`` as they are: the rules will change them in place. With
    ``into``, every field of that position is set instead (a round dealt where the rules stand).
    """
    pos = _Position() if into is None else into
    pos.hands = hands
    pos.pile = pile
    pos.direction = direction
    pos.passed = passed
    pos.phase = phase
    pos.to_move = to_move
    pos.mover = mover
    pos.source = source
    pos.draws = draws
    pos.forced = forced
    pos.swapper = swapper
    pos.recipients = recipients
    pos.match = match
    return pos


def _outcome(match: _Match) -> Outcome | None:
    """The lowest penalty total(s) win (CM-10); no seat is named loser."""
    if match.winners is None:
        return None
    return Outcome(winners=match.winners, scores=match.scores)
