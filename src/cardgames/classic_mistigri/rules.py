"""The rules engine of classic Mistigri, in the order of the rulebook.

The cards (CL-1) are in `cardgames.classic_mistigri.cards`, the rules options in `options`, the
action in `actions`, the events in `events`, the scenario setups with their checks in
`scenario` (records, which stay interpreted Python in the compiled build) and the position
record in `_position`; this module holds the match's `State` and the transitions: the deal
(CL-2), pairs laid at once (CL-3), the blind draw from the left neighbour (CL-4), players leaving
play (CL-5) and the end of the match (CL-6, CL-7). `GAME` ties them together at the bottom.

What the seat to move decides (a match has a single kind of turn):

| phase | legal actions | transition | clause |
| --- | --- | --- | --- |
| in play | `Draw` at each fan position of `draw_from` | `State._advance` | CL-3 to CL-5 |
| over (`to_move` is `None`) | none | | CL-6, CL-7 |

The draw's legal actions (`_legal`) and the reason another action is not legal (`_why_not`)
read the same check, the size of the fan drawn from. A draw that empties a hand ends in
`_settle` (the next holder, CL-5; the end of the match, CL-6), as the deal does.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Final, cast

from cardgames import cards
from cardgames._draws import random_below
from cardgames._events import dealt, new_event, set_field
from cardgames._hot import HotContract
from cardgames._mypyc import i64, mypyc_attr
from cardgames.classic_mistigri import events as _event_types
from cardgames.classic_mistigri._position import _new_position, _Position
from cardgames.classic_mistigri.actions import _DRAWS, Draw
from cardgames.classic_mistigri.cards import _CARDS, DECK, Card
from cardgames.classic_mistigri.events import Drew, LeftPlay, MatchEnded, PairsLaid
from cardgames.classic_mistigri.options import Rules
from cardgames.classic_mistigri.sampler import sample_hands
from cardgames.classic_mistigri.scenario import Setup, _check_scenario, scenario
from cardgames.classic_mistigri.view import View
from cardgames.engine import NOT_THIS_STEP, Action, Event, Game, Outcome
from cardgames.engine import State as _BaseState
from cardgames.rng import Rng

__all__ = ["GAME", "Draw", "Rules", "Setup", "State", "scenario"]

# The tables below are `Final`: mypyc keeps a Final module constant in a C static instead of
# looking it up in the module's dict at every use.
_BETWEEN: Final = tuple(tuple(frozenset({a, b}) for b in range(4)) for a in range(4))

# The deck as motif numbers: the deal shuffles these (the same permutation as of the cards, since
# a shuffle depends only on the number of items) and builds each card tuple once per hand.
_MOTIFS: Final = tuple(card.motif for card in DECK.cards)
_BY_MOTIF: Final = tuple(_CARDS[m] for m in range(len(_CARDS)))
_ONE: Final = tuple((m,) for m in range(len(_CARDS)))  # (motif,), to append to a hand

# Every event a draw can cause, built once (events are frozen values): the hot path of a match
# looks them up instead of running attrs' __init__ per action.
_SEATS: Final = range(4)
_MOTIF_RANGE: Final = range(len(_BY_MOTIF))
_DREW: Final = tuple(
    tuple(
        tuple(
            Drew(seat=mover, source=source, card=card, visible_to=_BETWEEN[mover][source])
            for card in _BY_MOTIF
        )
        for source in _SEATS
    )
    for mover in _SEATS
)
_PAIR_LAID: Final = tuple(
    tuple(PairsLaid(seat=s, motifs=(m,)) for m in range(len(_BY_MOTIF))) for s in _SEATS
)
# The events of a draw that ends nobody's play, as the (immutable) sequences `_advance` returns:
# [mover][source][motif] -> (Drew,) when the card pairs nothing, (Drew, PairsLaid) when it does.
# Annotated as tuples of any length: inferred as (Drew,) and (Drew, PairsLaid), mypyc would read
# each as a C struct and box a new tuple per draw instead of returning the shared one.
_EventTable = tuple[tuple[tuple[tuple[Event, ...], ...], ...], ...]
_DREW_ALONE: Final[_EventTable] = tuple(
    tuple(tuple((_DREW[mover][source][m],) for m in _MOTIF_RANGE) for source in _SEATS)
    for mover in _SEATS
)
_DREW_PAIRED: Final[_EventTable] = tuple(
    tuple(
        tuple((_DREW[mover][source][m], _PAIR_LAID[mover][m]) for m in _MOTIF_RANGE)
        for source in _SEATS
    )
    for mover in _SEATS
)
_LEFT_PLAY: Final = tuple(LeftPlay(seat=s) for s in _SEATS)
# The legal actions with n cards to draw from: every prefix of the draws, built once.
_DRAWS_OF: Final = tuple(_DRAWS[:n] for n in range(len(_DRAWS) + 1))
# The end of a match is one of few events, built once: (loser, winners) -> MatchEnded, for every
# non-empty set of winners among the other seats.
_ENDINGS: Final = {
    (loser, winners): MatchEnded(loser=loser, winners=winners)
    for loser in _SEATS
    for size in range(1, len(_SEATS))
    for winners in combinations([s for s in _SEATS if s != loser], size)
}
# The deal's `PairsLaid`, whose fields do not repeat, is built field by field (see
# `cardgames._events`); `tests/classic_mistigri` compares it with the event its class builds.
_PAIRS_LAID: Final = PairsLaid

# --- The match -----------------------------------------------------------------------------


# An ordinary Python class in the compiled build too, whose methods are compiled: the engine's
# State stays interpreted (see the Performance page: a crash with the engine compiled). Tests
# and your own code may subclass it.
@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class State(HotContract, _BaseState[_Position]):
    """A moment of a classic Mistigri match."""

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
    def pairs(self) -> tuple[tuple[int, ...], ...]:
        """The motifs each seat has laid, in the order laid."""
        return self._pos.pairs

    @property
    def draw_from(self) -> int | None:
        """The seat that ``to_move`` draws from: the nearest seat on their left holding cards."""
        return self._pos.source

    @property
    def scores(self) -> tuple[int, ...]:
        """The number of pairs each seat has laid."""
        return tuple(len(p) for p in self._pos.pairs)

    @property
    def outcome(self) -> Outcome | None:
        """The Mistigri's holder loses; the others win (CL-6), or only the best of them (CL-7)."""
        loser = self._pos.loser
        if loser is None:
            return None
        return _outcome(loser, self.scores, self.rules)

    def zones(self) -> Mapping[str, tuple[Card, ...]]:
        """Each hand, and each seat's laid pairs (both cards of every pair)."""
        out: dict[str, tuple[Card, ...]] = {}
        for seat, hand in enumerate(self._pos.hands):
            out[f"hand/{seat}"] = _as_cards(hand)
        for seat, motifs in enumerate(self._pos.pairs):
            out[f"pairs/{seat}"] = tuple(_CARDS[m] for m in motifs for _ in range(2))
        return out

    def visible_zones(self, seat: object) -> frozenset[str]:
        """The seat's own hand and every seat's laid pairs (face up)."""
        seat = self._check_seat(seat)
        return frozenset({f"hand/{seat}", *(f"pairs/{s}" for s in range(self.players))})

    def view(self, seat: object) -> View:
        """Return what ``seat`` may know: its own hand, the public table and hand sizes."""
        seat = self._check_seat(seat)
        pos = self._pos
        # The engine's fields in their order (`State._view_head`), then the game's by name.
        return View(
            *self._view_head(seat),
            hand=_as_cards(pos.hands[seat]),
            hand_sizes=tuple(len(h) for h in pos.hands),
            pairs=pos.pairs,
            draw_from=self.draw_from,
            outcome=self.outcome,
        )

    # -- hooks ------------------------------------------------------------------------------

    @classmethod
    def _deal(cls, rules: Rules, players: int, rng: Rng) -> tuple[_Position, list[Event]]:
        dealt = cards.deal_round_robin(rng.shuffled(_MOTIFS), players, rules.first_player)
        events = _dealt_events(tuple(_as_cards(h) for h in dealt))
        hands: list[tuple[int, ...]] = []
        pairs: list[tuple[int, ...]] = []
        for seat in range(players):
            hand, laid = _lay_pairs(dealt[seat])
            hands.append(hand)
            pairs.append(laid)
            if laid:
                events.append(_pairs_laid(seat, laid))
            if not hand:  # the opening pairs emptied the hand: out of the match, and told
                events.append(_LEFT_PLAY[seat])
        return _settle(tuple(hands), tuple(pairs), rules.first_player, rules, events, start=True)

    @classmethod
    def _from_setup(cls, rules: Rules, players: int, setup: Setup) -> tuple[_Position, list[Event]]:
        _check_scenario(setup, players)
        events = _dealt_events(setup.hands)
        hands = tuple(tuple(c.motif for c in h) for h in setup.hands)
        return _settle(hands, setup.pairs, setup.to_move, rules, events, start=True)

    @property
    def is_over(self) -> bool:
        """Whether the match has ended (read once per step of every simulation)."""
        return self._pos.to_move is None

    def legal_actions(self) -> tuple[Action, ...]:
        """Every position of the fan drawn from, as a blind draw; ``()`` once over (CL-4).

        Computed once per state and cached (the base's contract, one call shorter).
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = _legal(self._pos)
        return legal

    def _compute_legal_actions(self) -> tuple[Action, ...]:
        return _legal(self._pos)

    def _rule_against(self, action: Action) -> str | None:
        # The draw's own check, the one its legal actions pass (see `_why_not`).
        return _why_not(self._pos, action)

    def _advance(self, action: Action) -> tuple[_Position, Sequence[Event]]:
        assert isinstance(action, Draw)  # noqa: S101 - only legal actions reach here
        pos = self._pos
        mover: int = pos.to_move  # type: ignore[assignment]
        source: int = pos.source  # type: ignore[assignment]
        fan = pos.hands[source]
        # Reshuffling the fan and taking the card at ``position`` picks each card with equal
        # probability; a random rotation of the fan gives that distribution in O(1).
        index = (random_below(self, len(fan)) + action.position) % len(fan)
        motif = fan[index]
        hands = list(pos.hands)
        hands[source] = fan[:index] + fan[index + 1 :]
        pairs = pos.pairs
        own = hands[mover]
        if motif in own:
            at = own.index(motif)
            hands[mover] = own[:at] + own[at + 1 :]
            laid = list(pairs)
            laid[mover] = pairs[mover] + _ONE[motif]
            pairs = tuple(laid)
            drew: tuple[Event, ...] = _DREW_PAIRED[mover][source][motif]
        else:
            hands[mover] = own + _ONE[motif]
            drew = _DREW_ALONE[mover][source][motif]
        if hands[source] and hands[mover]:
            # Nobody left play, so the seat drawn from plays next (CL-4) and draws from the
            # nearest seat on its left that holds cards.
            players = self._players
            after = (source + 1) % players
            while not hands[after]:
                after = (after + 1) % players
            moved = pos.but()
            moved.hands = tuple(hands)
            moved.pairs = pairs
            moved.to_move = source
            moved.source = after
            return moved, drew
        events = list(drew)
        if not hands[source]:
            events.append(_LEFT_PLAY[source])
        if not hands[mover]:
            events.append(_LEFT_PLAY[mover])
        return _settle(tuple(hands), pairs, mover, self.rules, events, start=False)

    @classmethod
    def _sample_position(cls, view: View, rng: random.Random) -> _Position:
        """The position of a world sampled from ``view``: the hidden hands from the sampler."""
        outcome = view.outcome
        return _new_position(
            hands=sample_hands(view, rng),
            pairs=view.pairs,
            to_move=view.to_move,
            source=view.draw_from,
            loser=outcome.losers[0] if outcome is not None else None,
        )

    def _perturbed(self, seat: int, rng: Rng) -> State | None:
        """Swap cards that ``seat`` never saw between other hands, and reorder those hands."""
        seen = set(self._pos.hands[seat])
        for event in self.events:
            if event.is_visible_to(seat):
                seen.update(c.motif for c in event.cards() if isinstance(c, Card))
        hands = [list(h) for h in self._pos.hands]
        slots = [
            (s, i)
            for s in range(self.players)
            if s != seat
            for i, c in enumerate(hands[s])
            if c not in seen
        ]
        for _ in range(4 * len(slots)):
            (a, i), (b, j) = slots[rng.below(len(slots))], slots[rng.below(len(slots))]
            x, y = hands[a][i], hands[b][j]
            if a != b and x not in hands[b] and y not in hands[a]:
                hands[a][i], hands[b][j] = y, x
        new_hands = tuple(tuple(h) if s == seat else rng.shuffled(h) for s, h in enumerate(hands))
        perturbed = self._pos.but()
        perturbed.hands = new_hands
        return self._replace_position(perturbed)


# --- The draw (CL-4): its legal actions and their check -----------------------------------------


def _legal(pos: _Position) -> tuple[Action, ...]:
    """CL-4: the mover draws blind from the fan of ``source``: one action per position."""
    if pos.to_move is None:
        return ()
    return _DRAWS_OF[len(pos.hands[pos.source])]  # type: ignore[index]  # in play: a source


def _why_not(pos: _Position, action: Action) -> str | None:
    """Why ``action`` is not legal in ``pos``, or ``None`` if it is one of `_legal`'s.

    The same rule as `_legal`: a draw at a position of the fan of ``source`` (a test holds the
    two equal on random matches).
    """
    if pos.to_move is None or not isinstance(action, Draw):
        return NOT_THIS_STEP
    source: int = pos.source  # type: ignore[assignment]  # in play: a source
    size = len(pos.hands[source])
    if 0 <= action.position < size:
        return None
    return (
        f"seat {source}, on their left, holds {size} cards, so the position must be 0..{size - 1}"
    )


def _dealt_events(hands: tuple[tuple[Card, ...], ...]) -> list[Event]:
    """One private ``Dealt`` event per seat, seen by that seat alone."""
    events: list[Event] = []
    for seat, hand in enumerate(hands):
        events.append(dealt(seat, hand, _BETWEEN[seat][seat]))
    return events


def _pairs_laid(seat: int, motifs: tuple[int, ...]) -> Event:
    """``PairsLaid(seat, motifs)``, public, built as `_dealt_events` builds its events."""
    event = new_event(_PAIRS_LAID)
    set_field(event, "visible_to", None)
    set_field(event, "seat", seat)
    set_field(event, "motifs", motifs)
    return event


def _as_cards(motifs: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple([_BY_MOTIF[m] for m in motifs])


def _lay_pairs(hand: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Lay every pair of a hand (CL-3): return the motifs kept and the motifs laid."""
    # A bit per motif (motifs are 0..16): set while its card waits for its twin. Machine
    # integers (`i64`, declared without a value: nothing to run in the pure build) keep the bit
    # arithmetic inline in compiled code.
    unpaired: i64 = 0
    motif: i64
    laid: list[int] = []
    for motif in hand:
        bit = 1 << motif
        if unpaired & bit:
            laid.append(motif)
        unpaired ^= bit
    return tuple([m for m in hand if unpaired >> m & 1]), tuple(laid)


def _settle(
    hands: tuple[tuple[int, ...], ...],
    pairs: tuple[tuple[int, ...], ...],
    after: int,
    rules: Rules,
    events: list[Event],
    *,
    start: bool,
) -> tuple[_Position, list[Event]]:
    """Find whose turn is next, or end the match when only the Mistigri is left (CL-6)."""
    holders = [s for s, h in enumerate(hands) if h]
    if len(holders) == 1:
        # Every card but the Mistigri has its twin in some hand until both are laid, so a
        # single holder holds the Mistigri alone.
        loser = holders[0]
        winners = _winners(loser, tuple([len(p) for p in pairs]), rules)
        events.append(_ENDINGS[loser, winners])
        end = _new_position(hands=hands, pairs=pairs, to_move=None, source=None, loser=loser)
        return end, events
    to_move = after if start and hands[after] else _next_holder(after, holders)
    source = _next_holder(to_move, holders)
    return _new_position(
        hands=hands, pairs=pairs, to_move=to_move, source=source, loser=None
    ), events


def _next_holder(seat: int, holders: list[int]) -> int:
    """The nearest seat on the left of ``seat`` that holds cards (CL-4); ``holders`` is sorted."""
    for holder in holders:
        if holder > seat:
            return holder
    return holders[0]


def _outcome(loser: int, scores: tuple[int, ...], rules: Rules) -> Outcome:
    return Outcome(winners=_winners(loser, scores, rules), scores=scores, losers=(loser,))


def _winners(loser: int, scores: tuple[int, ...], rules: Rules) -> tuple[int, ...]:
    """Everyone but the Mistigri's holder (CL-6), or only the best of them (CL-7)."""
    others = [s for s in range(len(scores)) if s != loser]
    if rules.most_pairs_wins:
        best = max(scores[s] for s in others)
        others = [s for s in others if scores[s] == best]
    return tuple(others)


GAME: Game[State] = Game(
    slug="classic-mistigri",
    title="Classic Mistigri",
    min_players=2,
    max_players=4,
    rules=Rules,
    state=State,
    view=View,
    actions=(Draw,),
    events=(
        _event_types.Dealt,
        _event_types.Drew,
        _event_types.PairsLaid,
        _event_types.LeftPlay,
        _event_types.MatchEnded,
    ),
    deck=lambda _players, _rules: DECK,
    card=DECK.card,
    setup=Setup,
    parts={
        "encoding": "cardgames.classic_mistigri.encoding:ENCODING",
        "board": "cardgames.classic_mistigri.board:BOARD",
        "handbook": "cardgames.classic_mistigri.handbook:Handbook",
        "statistics": "cardgames.classic_mistigri.stats:STATISTICS",
        "text": "cardgames.classic_mistigri.text:Text",
    },
)
"""The classic Mistigri game object (slug ``classic-mistigri``, 2-4 players)."""
