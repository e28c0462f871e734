"""The rules engine of Crazy Mistigri, in the order of the rulebook.

The cards (CM-1) are in `cardgames.crazy_mistigri.cards`, the actions and the events in
`actions` and `events`, the position records in `_position`; here are the rules options, the
match's `State`, then the deal (CM-2) and one section per phase of a turn, each with its legal
actions, the reason an action is not legal (from the same checks) and its transition: the
draw (CM-3), the pairs (CM-4) and their effects (CM-5), players leaving the round (CM-6), the
two ends of a round (CM-8, CM-9), the match (CM-10) and the starting player of each round
(CM-11). What each seat sees (CM-7) is built in `view`, setups are checked in `scenario` and
worlds for search are sampled in `sampler`.

What the seat to move decides in each phase (``State.step`` names it):

| phase | legal actions | transition | clause |
| --- | --- | --- | --- |
| `_DRAW` | `Draw` at each fan position, or `DrawChosen` | `_draw` | CM-3; CM-5 2+2, 7+7, 8+8 |
| `_SWAP` | `SwapWithPile`: a card in hand for a pile card | `_swap` | CM-5 3+3 |
| `_DISCARD` | `DiscardPair` of each pair in hand, `Pass` | `_discard_or_pass` | CM-4, CM-9 |
| `_ONES` | `DiscardOnes`, `Reverse` | `_choose` | CM-5 1+1 |
| `_FORCE` | `ForceCard` of each card in hand, `Reverse` | `_choose` | CM-5 2+2 |
| `_THREES` | `SwapLater`, `Reverse` | `_choose` | CM-5 3+3 |
| `_GIVE` | `GiveCard`: a card to another seat in the round | `_give` | CM-5 4+4 |
| `_PICK` | `PilePick` of each pile card for the next recipient | `_pile_pick` | CM-5 5+5 |
| `_BONUS` | `DiscardPair` of each pair in hand, `EndTurn` | `_discard_or_pass` | CM-5 6+6 |
| `_OVER` | none | | CM-10 |

In `_FORCE` with an empty hand the choices are `Reverse` and `EndTurn`; a 3+3 swap comes after
the next player's draws. Each phase's section below holds its legal actions, the checks that
say why another action is not legal (`_why_not`) and its transition. A turn ends in
`_finish_turn` (the aid, CM-9; the next player, CM-3, CM-6), a round in `_end_round` (CM-8 to
CM-11). The transitions advance a position in place (`_act` picks the phase's): `State.apply`
runs them on a copy of the state's position, and a random playout on a copy of its own, in
`_play_out`, with the same legal actions.

Examples:
    >>> from cardgames import crazy_mistigri
    >>> state = crazy_mistigri.GAME.new(4, seed=7)
    >>> state.to_move, state.draw_from, state.legal_actions()[:2]
    (0, 3, (Draw(position=0), Draw(position=1)))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Final, TypeVar, cast

from cardgames import cards
from cardgames._draws import Turn, turn_of
from cardgames._events import dealt
from cardgames._hot import HotContract
from cardgames._mypyc import mypyc_attr
from cardgames.crazy_mistigri import events as _event_types
from cardgames.crazy_mistigri._position import (
    _BONUS,
    _DISCARD,
    _DRAW,
    _FORCE,
    _GIVE,
    _ONES,
    _OVER,
    _PICK,
    _STEPS,
    _SWAP,
    _THREES,
    _Match,
    _new_position,
    _outcome,
    _pair,
    _Position,
    _value_of,
)
from cardgames.crazy_mistigri._view_build import _view
from cardgames.crazy_mistigri.actions import (
    _ACTION_TYPES,
    DiscardOnes,
    DiscardPair,
    Draw,
    DrawChosen,
    EndTurn,
    ForceCard,
    GiveCard,
    Pass,
    PilePick,
    Reverse,
    SwapLater,
    SwapWithPile,
)
from cardgames.crazy_mistigri.cards import (
    _CARD,
    _MISTIGRI_ID,
    MISTIGRI,
    Card,
    _as_cards,
    _deck_ids,
    _deck_of,
    _has_twins,
    _id,
)
from cardgames.crazy_mistigri.events import (
    CardChosen,
    CardGiven,
    Dealt,
    Drew,
    EffectLapsed,
    LeftRound,
    MatchEnded,
    OnesDiscarded,
    PairDiscarded,
    Passed,
    PileCardTaken,
    Reversed,
    RoundEnded,
    RoundStarted,
    SwapAwaited,
    SwappedWithPile,
)
from cardgames.crazy_mistigri.options import Rules
from cardgames.crazy_mistigri.sampler import sample_position
from cardgames.crazy_mistigri.scenario import Setup, _check_setup, scenario
from cardgames.crazy_mistigri.view import View
from cardgames.engine import NOT_THIS_STEP, Action, Event, Game, Outcome
from cardgames.engine import State as _BaseState
from cardgames.rng import Rng
from cardgames.seats import Direction

__all__ = ["GAME", "HAND_SIZE", "Rules", "State", "scenario"]

_T = TypeVar("_T")

HAND_SIZE = 9
"""Cards dealt to each player; the player on the dealer's right gets one more (CM-2)."""

_LAST_PLAYER, _ALL_PASSED = "last-player", "all-passed"
_CLOCKWISE: Final = int(Direction.CLOCKWISE)  # the arrow of a new round (CM-2)

# --- Interned actions and events ------------------------------------------------------------

# The tables below are `Final` and live here rather than beside their records: compiled, a
# Final name of this module is a C variable, while a name imported from an interpreted module
# costs a dictionary lookup at each use, and the transitions read them on every action.

_CARDS: Final = tuple(_CARD)  # the cards by id, in a C variable when compiled

# Interned actions: legal_actions() hands out these objects, so apply() finds them by identity.
_DRAWS: Final = tuple(Draw(i) for i in range(64))
_DRAW_CHOSEN: Final = DrawChosen()
_PASS: Final = Pass()
_END_TURN: Final = EndTurn()
_REVERSE: Final = Reverse()
_DISCARD_ONES: Final = DiscardOnes()
_SWAP_LATER: Final = SwapLater()
_PASS_ONLY: Final[tuple[Action, ...]] = (_PASS,)  # the pass closes the list of discards
_END_TURN_ONLY: Final[tuple[Action, ...]] = (_END_TURN,)
_IDS: Final = [i for i, card in enumerate(_CARD) if card is not None and i != _MISTIGRI_ID]
# The action discarding cards (a, b), a <= b, for every two cards that pair (CM-4).
_PAIRS: Final[dict[tuple[int, int], DiscardPair]] = {
    (a, b): DiscardPair(_CARD[a], _CARD[b])  # type: ignore[arg-type]
    for a in _IDS
    for b in _IDS
    if a <= b and _pair(a, b)
}


def _effect_of(a: int, b: int) -> int:
    """The effect of discarding ``a`` and ``b``: a value pair's value, 0 for colours (CM-5)."""
    value = _value_of(a)
    return value if value == _value_of(b) else 0


# The card ids and the effect of each interned pair action, by object identity: apply() hands
# _discard_or_pass the very object listed by legal_actions().
_DISCARDS: Final = {id(action): (a, b, _effect_of(a, b)) for (a, b), action in _PAIRS.items()}


def _pair_rows() -> list[list[DiscardPair | None]]:
    """The pairs as rows indexed by card id: ``[a][b]`` is the pair of ids a <= b, or None."""
    rows: list[list[DiscardPair | None]] = [[None] * len(_CARD) for _ in _CARD]
    for (a, b), pair in _PAIRS.items():
        rows[a][b] = pair
    return rows


_PAIR_ROWS: Final = _pair_rows()
# Rows indexed by card id (None where there is no card): _FORCES[card], _GIFTS[to][card],
# _PICKS[to][card] and, built on first use, _SWAPS[give][take].
_FORCES: Final = [None if c is None else ForceCard(c) for c in _CARD]
_GIFTS: Final = [[None if c is None else GiveCard(c, to) for c in _CARD] for to in range(5)]
_PICKS: Final = [[None if c is None else PilePick(c, to) for c in _CARD] for to in range(5)]
_SWAPS: Final[list[list[SwapWithPile | None] | None]] = [None] * 256

# Who sees a private event in full, by seat(s).
_ONLY: Final = tuple(frozenset({s}) for s in range(5))
_BETWEEN: Final = tuple(tuple(frozenset({a, b}) for b in range(5)) for a in range(5))

# Events are immutable values, so those whose fields come from a small set are built once and
# shared: building one costs about 7,700 instructions, 8 to 10% of an action when every action
# built one (see the Performance page). The smallest families are tables built here; the others
# fill a dict on first use, keyed by `_shared_key` and bounded by the seats and cards that exist.
_PASSED: Final = tuple(Passed(seat=s) for s in range(5))
_LEFT: Final = tuple(LeftRound(seat=s) for s in range(5))
_SWAP_AWAITED: Final = tuple(SwapAwaited(seat=s) for s in range(5))
_REVERSED: Final = {
    (s, int(direction)): Reversed(seat=s, direction=direction)
    for s in range(5)
    for direction in Direction
}
_DREW: Final[dict[int, Drew]] = {}
_DISCARDED: Final[dict[int, PairDiscarded]] = {}
_TAKEN: Final[dict[int, PileCardTaken]] = {}
_GIVEN: Final[dict[int, CardGiven]] = {}
_CHOSEN: Final[dict[int, CardChosen]] = {}
_SWAPPED: Final[dict[int, SwappedWithPile]] = {}


def _shared_key(seat: int, *, other: int = 0, card: int = 0, second: int = 0) -> int:
    """The key of a shared event in its table: one int for a seat, another seat and two cards.

    An int hashes more cheaply than a tuple. ``other`` is a seat (or a flag), ``card`` and
    ``second`` are card ids (or 0); each field has room for every value it takes.
    """
    return ((seat << 3 | other) << 8 | card) << 8 | second


# --- Rules options (the record: `cardgames.crazy_mistigri.options`) ---------------------


def _deck(players: int, rules: Rules) -> cards.Deck[Card]:
    return _deck_of(players, rules.colour_layout)


# --- The match ---------------------------------------------------------------------------


def _act(turn: Turn, pos: _Position, action: Action) -> list[Event] | None:  # noqa: PLR0911
    """Apply the legal ``action`` to ``pos``, which advances in place; returns the events.

    The events are ``None`` where no one reads them (``turn.told`` is false, a playout): each
    transition then leaves out the events it would build or look up only to be dropped. One
    branch per phase, the commonest first, rather than a table of functions: compiled, each
    branch is a direct native call, a table entry a call through Python.
    """
    events: list[Event] | None = [] if turn.told else None
    phase = pos.phase
    if phase == _DRAW:
        return _draw(turn, pos, action, events)
    if phase == _DISCARD:
        return _discard_or_pass(turn, pos, action, events)
    if phase == _PICK:
        return _pile_pick(turn, pos, action, events)
    if phase == _GIVE:
        return _give(turn, pos, action, events)
    if phase == _SWAP:
        return _swap(pos, action, events)
    if phase == _BONUS:
        return _discard_or_pass(turn, pos, action, events)
    return _choose(turn, pos, action, events)  # _ONES, _FORCE, _THREES


def _tell(events: list[Event] | None, event: Event) -> None:
    """Add ``event`` to the transition's ``events``, unless no one reads them (``None``)."""
    if events is not None:
        events.append(event)


def _scores(pos: _Position) -> tuple[int, ...]:
    """Each seat's penalty points so far (`State.scores`)."""
    return pos.match.scores


def _outcome_at(pos: _Position) -> Outcome | None:
    """The lowest penalty total(s) win once the match is over (CM-10, `State.outcome`)."""
    return _outcome(pos.match)


def _play_out(
    pos: _Position, turn: Turn, uniform: Callable[[], float], limit: int, last_round: int
) -> _Position | None:
    """`State.playout`'s random loop, run natively on a copy of ``pos`` that the rules advance.

    The same plays as the engine's loop (`cardgames._hot.playout`): the legal action at
    ``int(uniform() * len(legal))`` of `_legal`, the list `legal_actions` gives, applied by
    `_act`, the transition `State.apply` runs. It stops when the match ends or round
    ``last_round`` has (-1: never), and returns the last position, or ``None`` after ``limit``
    actions (-1: no limit); ``turn.step`` counts the actions, as the log would.
    """
    pos = pos.copy()
    played = 0
    while True:
        if pos.to_move is None or (last_round >= 0 and pos.match.round != last_round):
            return pos
        if played == limit:
            return None
        legal = _legal(pos)
        draw: float = uniform()
        _act(turn, pos, legal[int(draw * float(len(legal)))])
        turn.step += 1
        played += 1


# An ordinary Python class in the compiled build too, whose methods are compiled: the engine's
# State stays interpreted (see the Performance page: a crash with the engine compiled). Tests
# and your own code may subclass it.
@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class State(HotContract, _BaseState[_Position]):
    """A moment of a Crazy Mistigri match."""

    __slots__ = ()

    @property
    def rules(self) -> Rules:
        """The rules options this match is played with."""
        # A property rather than a narrowing annotation of the base's property, which mypyc
        # cannot compile.
        return cast("Rules", self._rules)

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
    def scores(self) -> tuple[int, ...]:
        """Each seat's penalty points so far (lower is better; the round in play not counted)."""
        return _scores(self._pos)

    @property
    def outcome(self) -> Outcome | None:
        """The lowest penalty total(s) win (CM-10); no seat is named loser."""
        return _outcome_at(self._pos)

    def zones(self) -> Mapping[str, tuple[Card, ...]]:
        """Each hand (``hand/<seat>``) and the discard pile (``discard-pile``)."""
        out = {f"hand/{seat}": _as_cards(hand) for seat, hand in enumerate(self._pos.hands)}
        out["discard-pile"] = _as_cards(self._pos.pile)
        return out

    def visible_zones(self, seat: object) -> frozenset[str]:
        """The seat's own hand and the discard pile (face up)."""
        seat = self._check_seat(seat)
        return frozenset({f"hand/{seat}", "discard-pile"})

    def view(self, seat: object) -> View:
        """Return what ``seat`` may know: its hand, the public table and hand sizes (CM-7)."""
        seat = self._check_seat(seat)
        return _view(self._pos, seat, self._view_head(seat))

    # -- hooks: setup ---------------------------------------------------------------------

    @classmethod
    def _deal(cls, rules: Rules, players: int, rng: Rng) -> tuple[_Position, list[Event]]:
        twins = _has_twins(rules.colour_layout)
        match = _Match(
            round=1, start=rules.first_player, scores=(0,) * players, winners=None, twins=twins
        )
        return _new_round(rules, players, rng, match)

    @classmethod
    def _from_setup(cls, rules: Rules, players: int, setup: Setup) -> tuple[_Position, list[Event]]:
        _check_setup(setup, players, rules.colour_layout, rules.max_rounds)
        hands = [[_id(c) for c in h] for h in setup.hands]
        match = _Match(
            round=setup.round_number,
            start=setup.starting_player,
            scores=setup.scores,
            winners=None,
            twins=_has_twins(rules.colour_layout),
        )
        events: list[Event] = [RoundStarted(round=match.round, starting_player=match.start)]
        events += [
            Dealt(seat=s, count=len(h), hand=h, visible_to=_ONLY[s])
            for s, h in enumerate(setup.hands)
        ]
        to_move = setup.to_move
        pos = _new_position(
            hands=hands,
            pile=[_id(c) for c in setup.pile],
            direction=setup.direction,
            passed=setup.aids_face_down,
            phase=_DRAW,
            to_move=to_move,
            mover=to_move,
            source=_holder_before(hands, to_move, setup.direction),
            draws=1,
            forced=-1,
            swapper=-1,
            recipients=(),
            match=match,
        )
        return pos, events

    # -- hooks: legal actions ---------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the whole match (all its rounds) has ended."""
        return self._pos.to_move is None

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of ``to_move``, in a deterministic order; ``()`` once over.

        Computed once per state and cached (the base's contract, one call shorter).
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = _legal(self._pos)
        return legal

    def _compute_legal_actions(self) -> tuple[Action, ...]:
        return _legal(self._pos)

    def _rule_against(self, action: Action) -> str | None:
        # The phase's own checks, the ones its legal actions pass (see `_why_not`).
        return _why_not(self._pos, action)

    # -- hooks: transitions -----------------------------------------------------------------

    def _advance(self, action: Action) -> tuple[_Position, Sequence[Event]]:
        # The rules advance a copy in place: the position a state holds never changes.
        pos = self._pos.copy()
        events = _act(turn_of(self), pos, action)
        return pos, () if events is None else events

    _random_playout = staticmethod(_play_out)
    _act_in_place = staticmethod(_act)
    _scores_in = staticmethod(_scores)
    _outcome_in = staticmethod(_outcome_at)

    # -- hooks: search ----------------------------------------------------------------------

    @classmethod
    def _sample_position(cls, view: View, rng: random.Random) -> _Position:
        """Deal the cards ``view``'s seat cannot see anew, as far as its observations allow.

        The seat's hand, the pile, the hand sizes and the whole turn (step, draws due, a 2+2
        card, a 3+3 swap, 5+5 recipients) are kept; every card the seat cannot see goes to a
        hand where it may be (see `cardgames.crazy_mistigri.sampler`), in a random fan order.
        """
        return sample_position(view, rng)

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
        perturbed = pos.copy()
        perturbed.hands = [h if s == seat else list(rng.shuffled(h)) for s, h in enumerate(hands)]
        perturbed.forced = forced
        return self._replace_position(perturbed)


# --- The deal (CM-2) -----------------------------------------------------------------------


def _new_round(
    rules: Rules,
    players: int,
    rng: Rng,
    match: _Match,
    *,
    told: bool = True,
    into: _Position | None = None,
) -> tuple[_Position, list[Event]]:
    """Deal a round (CM-2): 9 cards each, the last one to the starting player's right.

    ``told``: whether anyone reads the events of the deal (not in a playout, `State._told`).
    The round is dealt ``into`` a position that the rules advance (every field is set), or a
    new one.
    """
    deck = rng.shuffled(_deck_ids(players, rules.colour_layout))
    start = match.start
    right = (start - 1) % players
    hands: list[list[int]] = [[] for _ in range(players)]
    for k in range(players):
        seat = (start + k) % players
        hands[seat] = list(deck[k * HAND_SIZE : (k + 1) * HAND_SIZE])
    hands[right].append(deck[-1])
    events: list[Event] = []
    if told:
        events.append(RoundStarted(match.round, start))
        for seat, hand in enumerate(hands):
            events.append(dealt(seat, tuple([_CARDS[c] for c in hand]), _ONLY[seat]))
    # The starting player draws first, from the player on their right (CM-3).
    first = _new_position(
        hands=hands,
        pile=[],
        direction=_CLOCKWISE,
        passed=(False,) * players,
        phase=_DRAW,
        to_move=start,
        mover=start,
        source=right,
        draws=1,
        forced=-1,
        swapper=-1,
        recipients=(),
        match=match,
        into=into,
    )
    return first, events


# --- The legal actions and their checks, by phase ----------------------------------------------


def _legal(pos: _Position) -> tuple[Action, ...]:  # noqa: PLR0911 - one case per phase
    """The legal actions of ``pos``: one branch per phase, the commonest first (see `_advance`)."""
    phase = pos.phase
    if phase == _DRAW:
        return _legal_draws(pos)
    if phase == _DISCARD:
        return _legal_discards(pos)
    if phase == _BONUS:
        return _legal_second_pairs(pos)
    if phase == _ONES:
        return _legal_ones(pos)
    if phase == _THREES:
        return _legal_threes(pos)
    if phase == _FORCE:
        return _legal_forced_cards(pos)
    if phase == _PICK:
        return _legal_pile_picks(pos)
    if phase == _GIVE:
        return _legal_gifts(pos)
    if phase == _SWAP:
        return _legal_swaps(pos)
    return ()  # pragma: no cover - the base never asks once the match is over


def _why_not(pos: _Position, action: Action) -> str | None:  # noqa: PLR0911 - one case per phase
    """Why ``action`` is not legal in ``pos``, or ``None`` if it is one of `_legal`'s.

    Each phase's check sits beside its legal actions and reads the same rule: an action passes
    it exactly when `_legal` lists it (a test holds the two equal on random matches).
    """
    phase = pos.phase
    if phase == _DRAW:
        return _why_not_draw(pos, action)
    if phase in {_DISCARD, _BONUS}:
        return _why_not_discard(pos, action)
    if phase in {_ONES, _THREES, _FORCE}:
        return _why_not_choice(pos, action)
    if phase == _PICK:
        return _why_not_pile_pick(pos, action)
    if phase == _GIVE:
        return _why_not_gift(pos, action)
    if phase == _SWAP:
        return _why_not_swap(pos, action)
    return NOT_THIS_STEP


def _holds(hand: list[int], card: Card) -> bool:
    return _id(card) in hand


# --- Draw (CM-3) ---------------------------------------------------------------------------


def _legal_draws(pos: _Position) -> tuple[Action, ...]:
    """A blind draw at each position of the source's fan, or the card chosen with a 2+2."""
    if pos.forced >= 0:
        return (_DRAW_CHOSEN,)
    return _DRAWS[: len(pos.hands[pos.source])]


def _why_not_draw(pos: _Position, action: Action) -> str | None:
    if isinstance(action, DrawChosen):
        return None if pos.forced >= 0 else NOT_THIS_STEP
    if not isinstance(action, Draw) or pos.forced >= 0:
        return NOT_THIS_STEP
    size = len(pos.hands[pos.source])
    if 0 <= action.position < size:
        return None
    return f"seat {pos.source} holds {size} cards, so the position must be 0..{size - 1}"


def _draw(
    turn: Turn, pos: _Position, action: Action, events: list[Event] | None
) -> list[Event] | None:
    """One draw from the source (CM-3), then the 3+3 swap or the mover's discard."""
    mover, source = pos.mover, pos.source
    hands = pos.hands
    fan = hands[source]
    chosen = pos.forced >= 0
    if chosen:
        index = fan.index(pos.forced)
    else:
        # Reshuffling the fan and taking the card at ``position`` picks each card with
        # equal probability; a random rotation of the fan gives that distribution in O(1).
        offset = turn.below(len(fan))
        position: int = action.position  # type: ignore[attr-defined]
        index = (offset + position) % len(fan)
    card = fan.pop(index)
    hands[mover].append(card)
    if events is not None:
        key = _shared_key(mover, other=source, card=card, second=chosen)
        drew = _DREW.get(key)
        if drew is None:
            drew = _DREW[key] = Drew(
                mover, source, _CARD[card], chosen, visible_to=_BETWEEN[mover][source]
            )
        events.append(drew)
    draws = pos.draws - 1
    if not fan:
        # The source leaves the round: no further draw of a 7+7 / 8+8 is possible, and a
        # 3+3 swap of theirs lapses. A mover left alone finishes the turn (CM-8).
        _tell(events, _LEFT[source])
        draws = 0
    pos.forced = -1
    if draws:  # 7+7, 8+8: the next draw, from the same source
        pos.draws = draws
        return events
    # The draws are done: the 3+3 swap due, if its swapper still holds cards, then the discard.
    pos.phase = _DISCARD
    pos.source = -1
    pos.draws = 0
    swapper = pos.swapper
    if swapper >= 0:
        if hands[swapper]:
            pos.phase = _SWAP
            pos.to_move = swapper
            return events
        _tell(events, EffectLapsed(swapper, 3, "no cards left to swap"))
        pos.swapper = -1
    return events


# --- 3+3: the swap with the pile (CM-5) ----------------------------------------------------


def _legal_swaps(pos: _Position) -> tuple[Action, ...]:
    """Each card of the swapper's hand for each card of the pile."""
    twins = pos.match.twins
    pile = _each_once(pos.pile, twins)
    rows = [_swap_row(give) for give in _each_once(pos.hands[pos.swapper], twins)]
    # A comprehension rather than map(row.__getitem__, pile): compiled, map makes a call
    # through Python per card.
    return tuple([row[take] for row in rows for take in pile])  # type: ignore[misc]


def _why_not_swap(pos: _Position, action: Action) -> str | None:
    if not isinstance(action, SwapWithPile):
        return NOT_THIS_STEP
    if not _holds(pos.hands[pos.swapper], action.discard):
        return f"seat {pos.swapper} does not hold {action.discard}"
    if not _holds(pos.pile, action.take):
        return f"{action.take} is not in the discard pile"
    return None


def _swap(pos: _Position, action: Action, events: list[Event] | None) -> list[Event] | None:
    """3+3: the swapper's card goes to the pile, the chosen pile card to their hand."""
    assert isinstance(action, SwapWithPile)  # noqa: S101 - only legal actions reach here
    swapper = pos.swapper
    give, take = _id(action.discard), _id(action.take)
    if events is not None:
        key = _shared_key(swapper, card=give, second=take)
        event = _SWAPPED.get(key)
        if event is None:
            event = _SWAPPED[key] = SwappedWithPile(swapper, action.discard, action.take)
        events.append(event)
    hand = pos.hands[swapper]
    _remove(hand, give)
    hand.append(take)
    pile = pos.pile
    _remove(pile, take)
    pile.append(give)
    pos.phase = _DISCARD
    pos.to_move = pos.mover
    pos.swapper = -1
    return events


# --- Discard a pair or pass (CM-4, CM-9); the second pair of a 6+6 (CM-5) -----------------


def _legal_discards(pos: _Position) -> tuple[Action, ...]:
    """Each pair of the mover's hand, then the pass."""
    if pos.match.twins:
        return _pair_actions(pos.hands[pos.mover], twins=True) + _PASS_ONLY
    found = _pairs_of(sorted(pos.hands[pos.mover]))
    found.append(_PASS)  # the pass closes the list: one tuple built, not two
    return tuple(found)


def _legal_second_pairs(pos: _Position) -> tuple[Action, ...]:
    """6+6: each pair of the mover's hand, then the end of the turn."""
    return _pair_actions(pos.hands[pos.mover], twins=pos.match.twins) + _END_TURN_ONLY


def _why_not_discard(pos: _Position, action: Action) -> str | None:  # noqa: PLR0911 - per check
    if isinstance(action, Pass):
        return None if pos.phase == _DISCARD else NOT_THIS_STEP
    if isinstance(action, EndTurn):
        return None if pos.phase == _BONUS else NOT_THIS_STEP
    if not isinstance(action, DiscardPair):
        return NOT_THIS_STEP
    a, b = action.first, action.second
    held = list(pos.hands[pos.mover])
    for card in (a, b):
        if _id(card) not in held:
            again = "another " if card == a == b else ""
            return f"seat {pos.mover} does not hold {again}{card}"
        held.remove(_id(card))
    if MISTIGRI in (a, b):
        return "the Mistigri is the only card of its colour and value: it never pairs"
    if not _pair(_id(a), _id(b)):
        return f"{a} and {b} are neither the same colour nor the same value"
    return None


def _discard_or_pass(
    turn: Turn, pos: _Position, action: Action, events: list[Event] | None
) -> list[Event] | None:
    if action is _PASS:
        _tell(events, _PASSED[pos.mover])
        return _finish_turn(turn, pos, events, passed=True)
    if action is _END_TURN:
        return _finish_turn(turn, pos, events)
    mover = pos.mover
    a, b, value = _DISCARDS[id(action)]  # only legal actions reach here: a pair of the hand
    hand = pos.hands[mover]
    _remove(hand, a)
    _remove(hand, b)
    pile = pos.pile
    pile.append(a)
    pile.append(b)
    if events is not None:
        key = _shared_key(mover, card=a, second=b)
        discarded = _DISCARDED.get(key)
        if discarded is None:
            pair_action = cast("DiscardPair", action)
            pair = (pair_action.first, pair_action.second)
            discarded = _DISCARDED[key] = PairDiscarded(seat=mover, pair=pair, effect=value)
        events.append(discarded)
    if pos.passed[mover]:  # playing again turns the aid face up (CM-9)
        pos.passed = _replaced(pos.passed, mover, item=False)
    if not hand:
        _tell(events, _LEFT[mover])
        if _holders(pos.hands) <= 1:
            return _end_round(turn, pos, _LAST_PLAYER, events)
    if not value:
        return _finish_turn(turn, pos, events)
    return _start_effect(turn, pos, value, events)


# --- The effects of value pairs (CM-5) -------------------------------------------------------


def _start_effect(  # noqa: PLR0911 - one case per effect
    turn: Turn, pos: _Position, value: int, events: list[Event] | None
) -> list[Event] | None:
    """Set up a value pair's effect (CM-5); what needs another player lapses (CM-8).

    The mover then decides the effect in its phase (``pos.phase``), or the turn ends.
    """
    mover = pos.mover
    hands = pos.hands
    if value == 1:
        pos.phase = _ONES
        return events
    if value == 6:  # noqa: PLR2004
        if _pair_actions(hands[mover], twins=pos.match.twins):
            pos.phase = _BONUS
            return events
        return _finish_turn(turn, pos, events)
    others = _turn_order(hands, mover, pos.direction)
    if not others:
        why = "no other player in the round"
        _tell(events, EffectLapsed(mover, value, why))
        return _finish_turn(turn, pos, events)
    if value == 4:  # noqa: PLR2004
        if hands[mover]:
            pos.phase = _GIVE
            return events
        _tell(events, EffectLapsed(mover, 4, "no card left to give"))
        return _finish_turn(turn, pos, events)
    if value == 5:  # noqa: PLR2004
        pos.phase = _PICK
        pos.recipients = tuple(others)
        return events
    if value in {7, 8}:
        return _finish_turn(turn, pos, events, draws=value - 5)
    pos.phase = _FORCE if value == 2 else _THREES  # noqa: PLR2004
    return events


# --- 1+1, 2+2, 3+3: the effect's option or reverse (CM-5) -------------------------------------


def _legal_ones(_: _Position) -> tuple[Action, ...]:
    return (_DISCARD_ONES, _REVERSE)


def _legal_forced_cards(pos: _Position) -> tuple[Action, ...]:
    """2+2: each card of the mover's hand for the next player to draw, or reverse."""
    hand = pos.hands[pos.mover]
    if not hand:
        return (_REVERSE, _END_TURN)
    found: list[Action] = [_FORCES[card] for card in _each_once(hand, pos.match.twins)]  # type: ignore[misc]
    found.append(_REVERSE)
    return tuple(found)


def _legal_threes(_: _Position) -> tuple[Action, ...]:
    return (_SWAP_LATER, _REVERSE)


def _why_not_choice(pos: _Position, action: Action) -> str | None:
    phase = pos.phase
    if isinstance(action, Reverse):
        return None
    if isinstance(action, DiscardOnes):
        return None if phase == _ONES else NOT_THIS_STEP
    if isinstance(action, SwapLater):
        return None if phase == _THREES else NOT_THIS_STEP
    hand = pos.hands[pos.mover]
    if isinstance(action, EndTurn):  # a 2+2 that emptied the hand has no card to choose
        return None if phase == _FORCE and not hand else NOT_THIS_STEP
    if not isinstance(action, ForceCard) or phase != _FORCE or not hand:
        return NOT_THIS_STEP
    return None if _holds(hand, action.card) else f"seat {pos.mover} does not hold {action.card}"


def _choose(  # noqa: C901, PLR0911 - one case per decision
    turn: Turn, pos: _Position, action: Action, events: list[Event] | None
) -> list[Event] | None:
    """The decisions of 1+1, 2+2 and 3+3: their own option, or reverse."""
    mover, hands = pos.mover, pos.hands
    if action is _REVERSE:
        if _holders(hands) == 1:
            _tell(events, EffectLapsed(mover, 1, "no next player"))
            return _finish_turn(turn, pos, events)
        pos.direction = -pos.direction
        _tell(events, _REVERSED[mover, pos.direction])
        return _finish_turn(turn, pos, events)
    if action is _DISCARD_ONES:
        hand = hands[mover]
        ones = tuple(c for c in hand if _value_of(c) == 1)
        _tell(events, OnesDiscarded(mover, _as_cards(ones)))
        if ones:
            hands[mover] = [c for c in hand if _value_of(c) != 1]
            pos.pile.extend(ones)
            if not hands[mover]:
                _tell(events, _LEFT[mover])
                if _holders(hands) <= 1:
                    return _end_round(turn, pos, _LAST_PLAYER, events)
        return _finish_turn(turn, pos, events)
    if isinstance(action, ForceCard):
        forced = _id(action.card)
        if events is not None:
            key = _shared_key(mover, card=forced)
            chosen = _CHOSEN.get(key)
            if chosen is None:
                chosen = _CHOSEN[key] = CardChosen(mover, action.card, visible_to=_ONLY[mover])
            events.append(chosen)
        return _finish_turn(turn, pos, events, forced=forced)
    if action is _SWAP_LATER:
        _tell(events, _SWAP_AWAITED[mover])
        return _finish_turn(turn, pos, events, swap=True)
    # End turn after a 2+2 that emptied the hand: the card-choosing option does nothing.
    _tell(events, EffectLapsed(mover, 2, "no card left to choose"))
    return _finish_turn(turn, pos, events)


# --- 4+4: give a card (CM-5) -------------------------------------------------------------


def _legal_gifts(pos: _Position) -> tuple[Action, ...]:
    """Each card of the mover's hand to each other seat still in the round."""
    rows = [_GIFTS[seat] for seat in _others_in_round(pos)]
    cards_ = _each_once(pos.hands[pos.mover], pos.match.twins)
    return tuple([row[card] for card in cards_ for row in rows])  # type: ignore[misc]


def _why_not_gift(pos: _Position, action: Action) -> str | None:
    if not isinstance(action, GiveCard):
        return NOT_THIS_STEP
    if not _holds(pos.hands[pos.mover], action.card):
        return f"seat {pos.mover} does not hold {action.card}"
    if action.to not in _others_in_round(pos):
        return f"seat {action.to} is not another seat still in the round"
    return None


def _others_in_round(pos: _Position) -> list[int]:
    """The seats other than the mover's that still hold cards, in seat order."""
    mover = pos.mover
    return [seat for seat, hand in enumerate(pos.hands) if hand and seat != mover]


def _give(
    turn: Turn, pos: _Position, action: Action, events: list[Event] | None
) -> list[Event] | None:
    """4+4: the card goes to the chosen player, seen by the two of them only (CM-7)."""
    assert isinstance(action, GiveCard)  # noqa: S101 - only legal actions reach here
    mover, to, card = pos.mover, action.to, _id(action.card)
    hands = pos.hands
    _remove(hands[mover], card)
    hands[to].append(card)
    if events is not None:
        key = _shared_key(mover, other=to, card=card)
        given_event = _GIVEN.get(key)
        if given_event is None:
            given_event = _GIVEN[key] = CardGiven(
                mover, to, action.card, visible_to=_BETWEEN[mover][to]
            )
        events.append(given_event)
    if not hands[mover]:
        _tell(events, _LEFT[mover])
        if _holders(hands) <= 1:
            return _end_round(turn, pos, _LAST_PLAYER, events)
    return _finish_turn(turn, pos, events)


# --- 5+5: the pile picks (CM-5) ------------------------------------------------------------


def _legal_pile_picks(pos: _Position) -> tuple[Action, ...]:
    """Each pile card, for the next recipient."""
    row = _PICKS[pos.recipients[0]]
    return tuple([row[card] for card in _each_once(pos.pile, pos.match.twins)])  # type: ignore[misc]


def _why_not_pile_pick(pos: _Position, action: Action) -> str | None:
    if not isinstance(action, PilePick):
        return NOT_THIS_STEP
    if not _holds(pos.pile, action.card):
        return f"{action.card} is not in the discard pile"
    if action.to != pos.recipients[0]:
        return f"the next pile card goes to seat {pos.recipients[0]}, not seat {action.to}"
    return None


def _pile_pick(
    turn: Turn, pos: _Position, action: Action, events: list[Event] | None
) -> list[Event] | None:
    """5+5: one pile card for the next recipient; the effect ends with them or the pile."""
    assert isinstance(action, PilePick)  # noqa: S101 - only legal actions reach here
    to, card = action.to, _id(action.card)
    pile = pos.pile
    _remove(pile, card)
    pos.hands[to].append(card)
    if events is not None:
        key = _shared_key(to, other=pos.mover, card=card)
        taken = _TAKEN.get(key)
        if taken is None:
            taken = _TAKEN[key] = PileCardTaken(to, pos.mover, action.card)
        events.append(taken)
    rest = pos.recipients[1:]
    if rest and pile:
        pos.recipients = rest
        return events
    return _finish_turn(turn, pos, events)


# --- The end of a turn (CM-3, CM-6, CM-9) ----------------------------------------------------


def _finish_turn(  # noqa: C901 - the seat loops are inlined (see below)
    turn: Turn,
    pos: _Position,
    events: list[Event] | None,
    *,
    passed: bool = False,
    draws: int = 1,
    forced: int = -1,
    swap: bool = False,
) -> list[Event] | None:
    """End the turn: the aid (CM-9), the end of the round (CM-8, CM-9), or the next turn.

    ``draws``, ``forced`` and ``swap`` are what the turn's effects ask of the next turn
    (7+7 / 8+8, 2+2, 3+3); they lapse if the mover has left the round.
    """
    mover, direction = pos.mover, pos.direction
    if pos.passed[mover] is not passed:
        pos.passed = _replaced(pos.passed, mover, passed)
    aids = pos.passed
    hands = pos.hands
    # Plain loops over the seats rather than tuple.count and all(map(...)): compiled, each of
    # those is a call through Python, a loop a few machine instructions per seat.
    players = len(hands)
    holders = 0
    for hand in hands:
        if hand:
            holders += 1
    if holders <= 1:
        return _end_round(turn, pos, _LAST_PLAYER, events)
    # Only a pass, or a mover leaving the round, can leave every aid in play face down.
    if passed or not hands[mover]:
        for seat, hand in enumerate(hands):
            if hand and not aids[seat]:
                break
        else:
            return _end_round(turn, pos, _ALL_PASSED, events)
    nxt = (mover + direction) % players
    while not hands[nxt]:
        nxt = (nxt + direction) % players
    source = mover
    if not hands[mover]:
        source = _holder_before(hands, nxt, direction)
        if draws != 1 or forced >= 0 or swap:
            value = 3 if swap else 2 if forced >= 0 else draws + 5
            _tell(events, EffectLapsed(mover, value, "no cards left"))
            draws, forced, swap = 1, -1, False
    # The next player draws from the previous one, or the nearest before them still in the round.
    pos.phase = _DRAW
    pos.to_move = pos.mover = nxt
    pos.source = source
    pos.draws = draws
    pos.forced = forced
    pos.swapper = mover if swap else -1
    pos.recipients = ()
    return events


# --- The end of a round (CM-8, CM-9) and of the match (CM-10, CM-11) ---------------------------


def _end_round(
    turn: Turn, pos: _Position, reason: str, events: list[Event] | None
) -> list[Event] | None:
    """Score the round (the values left in each hand), then deal the next or end (CM-10)."""
    match = pos.match
    hands = pos.hands
    penalties = tuple(sum(_value_of(c) for c in hand) for hand in hands)
    scores = tuple([match.scores[seat] + penalties[seat] for seat in range(len(hands))])
    if events is not None:
        events.append(RoundEnded(match.round, reason, penalties, scores))
    rules: Rules = turn.rules
    players = len(hands)
    low = min(scores)
    if match.round >= rules.max_rounds or (match.round >= rules.rounds and scores.count(low) == 1):
        winners = tuple(s for s, total in enumerate(scores) if total == low)
        if events is not None:
            events.append(MatchEnded(winners, scores))
        pos.phase = _OVER
        pos.to_move = None
        pos.mover = -1
        pos.source = -1
        pos.draws = 0
        pos.forced = -1
        pos.swapper = -1
        pos.recipients = ()
        pos.match = _Match(
            round=match.round, start=match.start, scores=scores, winners=winners, twins=match.twins
        )
        return events
    start = _next_starter(scores, match.start)
    following = _Match(
        round=match.round + 1, start=start, scores=scores, winners=None, twins=match.twins
    )
    if not turn.deals_on:  # a playout that stops at this round's end
        # No one plays the next round: the match as it stands, the next starter to move.
        pos.to_move = start
        pos.match = following
        return events
    _, dealt_ = _new_round(
        rules, players, turn.rng(1), following, told=events is not None, into=pos
    )
    if events is not None:
        events.extend(dealt_)
    return events


def _next_starter(scores: tuple[int, ...], previous: int) -> int:
    """Who starts the next round: the highest total (CM-11).

    A tie goes to the first of the tied players clockwise from the previous starting player,
    that player included. A loop over the seats rather than ``max`` with a key: compiled, the
    key is a call through Python per seat.
    """
    players = len(scores)
    start = previous
    for k in range(1, players):
        seat = (previous + k) % players
        if scores[seat] > scores[start]:  # strictly: the first of the tied players stays
            start = seat
    return start


# --- Helpers -------------------------------------------------------------------------------


def _pair_actions(hand: list[int], *, twins: bool) -> tuple[Action, ...]:
    """Every pair of ``hand`` (same colour or same value; CM-4), lower cards first.

    ``twins``: the layout has twin cards, so a pair may be found twice and is listed once.
    """
    if not twins:
        return tuple(_pairs_of(sorted(hand)))
    return tuple(dict.fromkeys(_pairs_in(sorted(hand))))


def _pairs_in(hand: list[int]) -> tuple[DiscardPair, ...]:
    """The pair actions of the sorted card ids ``hand``, as ``combinations(hand, 2)`` orders them.

    Two loops over a table row rather than a dict lookup per combination: compiled, this is a
    few machine instructions per combination instead of hashing a tuple.
    """
    rows = _PAIR_ROWS  # one global lookup per call, not one per card
    found: list[DiscardPair] = []
    # enumerate() without a start: compiled, that form is a plain index loop.
    for i, first in enumerate(hand):
        row = rows[first]
        for second in hand[i + 1 :]:
            pair = row[second]
            if pair is not None:
                found.append(pair)
    return tuple(found)


def _pairs_of(hand: list[int]) -> list[Action]:
    """`_pairs_in` for sorted card ids that are all distinct (a layout without twin cards).

    A list, to which `_legal_discards` adds the pass before it makes the tuple.

    Each card meets only the cards after it, in its row of the pairs table, read by index:
    compiled, that is half the reads of a loop over the whole hand and no slice (measured: the
    rule's own test, `_pair`, for every two cards cost more than the table read).
    """
    rows = _PAIR_ROWS  # one global lookup per call, not one per card
    found: list[Action] = []
    size = len(hand)
    # enumerate() without a start: compiled, that form is a plain index loop.
    for i, first in enumerate(hand):
        row = rows[first]
        for j in range(i + 1, size):
            pair = row[hand[j]]
            if pair is not None:
                found.append(pair)
    return found


def _each_once(cards_: list[int], twins: bool) -> list[int]:
    """The cards in id order, twin cards (custom layouts) listed once."""
    return sorted(set(cards_) if twins else cards_)


def _swap_row(give: int) -> list[SwapWithPile | None]:
    row = _SWAPS[give]
    if row is None:
        given = _CARD[give]
        row = _SWAPS[give] = [None if c is None else SwapWithPile(given, c) for c in _CARD]  # type: ignore[arg-type]
    return row


def _remove(cards_: list[int], card: int) -> None:
    """Take the first copy of ``card``, which ``cards_`` holds, out of it (the order kept).

    A loop and ``pop`` rather than ``list.remove``: compiled, the loop compares native ints and
    ``pop`` is a direct C call, where the method is a call through Python that compares objects.
    """
    for i in range(len(cards_)):
        if cards_[i] == card:
            cards_.pop(i)
            return
    raise ValueError(card)  # pragma: no cover - only cards held reach here


def _replaced(items: tuple[_T, ...], seat: int, item: _T) -> tuple[_T, ...]:
    """``items`` with the one of ``seat`` replaced by ``item`` (a hand, an aid)."""
    given = list(items)  # one list and one tuple, where unpacking two slices builds five
    given[seat] = item
    return tuple(given)


def _holders(hands: list[list[int]]) -> int:
    """How many seats still hold cards."""
    holders = 0
    for hand in hands:
        if hand:
            holders += 1
    return holders


def _holder_before(hands: list[list[int]], seat: int, direction: int) -> int:
    """The nearest seat before ``seat`` in ``direction`` that holds cards (CM-3)."""
    players = len(hands)
    source = (seat - direction) % players
    while not hands[source]:
        source = (source - direction) % players
    return source


def _turn_order(hands: list[list[int]], mover: int, direction: int) -> list[int]:
    """The other seats holding cards, in turn order from the next player (CM-5)."""
    players = len(hands)
    return [seat for k in range(1, players) if hands[seat := (mover + k * direction) % players]]


GAME: Game[State] = Game(
    slug="crazy-mistigri",
    title="Crazy Mistigri",
    min_players=3,
    max_players=5,
    rules=Rules,
    state=State,
    view=View,
    actions=_ACTION_TYPES,
    events=(
        _event_types.Dealt,
        _event_types.RoundStarted,
        _event_types.OnesDiscarded,
        _event_types.PairDiscarded,
        _event_types.Drew,
        _event_types.CardChosen,
        _event_types.CardGiven,
        _event_types.PileCardTaken,
        _event_types.SwappedWithPile,
        _event_types.SwapAwaited,
        _event_types.Reversed,
        _event_types.Passed,
        _event_types.EffectLapsed,
        _event_types.LeftRound,
        _event_types.RoundEnded,
        _event_types.MatchEnded,
    ),
    deck=_deck,
    card=Card.from_code,
    setup=Setup,
    better_scores="lower",
    parts={
        "encoding": "cardgames.crazy_mistigri.encoding:ENCODING",
        "board": "cardgames.crazy_mistigri.board:BOARD",
        "handbook": "cardgames.crazy_mistigri.handbook:Handbook",
        "heuristic_bot": "cardgames.crazy_mistigri.bot:HeuristicBot",
        "statistics": "cardgames.crazy_mistigri.stats:STATISTICS",
        "text": "cardgames.crazy_mistigri.text:Text",
    },
)
"""The Crazy Mistigri game object (slug ``crazy-mistigri``, 3-5 players)."""


# A position's legal actions, for a search that plays bare positions (`State._legal_in`): set
# here, below the rule it names.
State._legal_in = staticmethod(_legal)  # noqa: SLF001
