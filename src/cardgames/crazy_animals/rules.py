"""The Crazy Animals rules engine: the match's `State`, the transitions and the `GAME` object.

It reads like the rulebook (see ``docs/games/crazy-animals.md`` for the clauses): the cards
(CA-1) are in ``cards.py``, the rules options in ``options.py``, the actions and events in
``actions.py`` and ``events.py``, the position record in ``_position.py``; here are the legal
actions of each step with the checks that say why another action is not legal, then the
transitions: a turn (CA-3) and the special cards (CA-4), the stock reshuffle (CA-5), knocking
(CA-6), scoring (CA-7), the match (CA-8) and the deal with its first look (CA-2). Views
(``view.py``) carry each seat's perfect-recall knowledge of the table, derived from what that
seat saw (CA-9).

What the seat to move decides in each step (``State.step`` names it):

| step | legal actions | transitions | clause |
| --- | --- | --- | --- |
| `_TURN` | `TakeDiscard` (top not special), `Draw` | `_take_discard`, `_draw_card` | CA-3 |
| `_DRAWN` | `Discard`; `Replace` (a number) or the special's use | `_discard` and below | CA-3, 4 |
| `_CHANCE` | as `_DRAWN`, and `DrawAgain` | as `_DRAWN`, `_draw_again` | CA-4, CA-10 |
| `_KNOCKING` | `Knock`, `NoKnock` | `_knock`, `_no_knock` | CA-6 |
| `_OVER` | none | | CA-7, CA-8 |

A special's use is `Swap` (a slot for another seat's), `Peek` (a slot of one's own) or
`DrawTwo`, transitions `_swap`, `_peek` and `_draw_two`; `Replace` goes to `_put_in_slot`.
`_legal` reads the legal actions from tables built once (`_LEGAL`); `_why_not` holds each
step's rule, and a test holds the two equal. A turn ends in `_end_turn` (the knock decision,
CA-6), a round in `_end_round` (CA-7, CA-8).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Final, cast

from cardgames._events import new_event, set_field
from cardgames._hot import HotContract
from cardgames._mypyc import mypyc_attr
from cardgames.crazy_animals import events as _event_types
from cardgames.crazy_animals._position import (
    _CHANCE,
    _DRAWN,
    _KNOCKING,
    _OVER,
    _TURN,
    _new_position,
    _Position,
)
from cardgames.crazy_animals._view_build import _build_view, _knowledge_of
from cardgames.crazy_animals.actions import (
    _DISCARD,
    _DRAW,
    _DRAW_AGAIN,
    _DRAW_TWO_USE,
    _KNOCK_CHOICE,
    _PEEKS,
    _REPLACES,
    _TAKES,
    Discard,
    Draw,
    DrawAgain,
    DrawTwo,
    Knock,
    NoKnock,
    Peek,
    Replace,
    Swap,
    TakeDiscard,
)
from cardgames.crazy_animals.cards import (
    _CARDS,
    _DECK_FACES,
    _DRAW_TWO,
    _PEEK,
    _SWAP,
    _UNKNOWN,
    DECK,
    DRAW_TWO,
    PEEK,
    SLOTS,
    SWAP,
    Card,
    _as_cards,
)
from cardgames.crazy_animals.events import (
    Looked,
    MatchEnded,
    RoundDealt,
    RoundScored,
    SpecialReplaced,
    StockReshuffled,
    Swapped,
    TookDiscard,
    _discarded,
    _draw_two_played,
    _drew,
    _knocked,
    _looked,
    _peeked,
    _replaced,
    _round_dealt,
    _special_discarded,
    _special_replaced,
    _swapped,
    _took_discard,
)
from cardgames.crazy_animals.informed import informed_position
from cardgames.crazy_animals.options import MAX_ROUNDS, Rules
from cardgames.crazy_animals.sampler import sample_position
from cardgames.crazy_animals.scenario import Setup, _check_scenario, scenario
from cardgames.crazy_animals.view import View
from cardgames.engine import NOT_THIS_STEP, Action, Event, Game, Outcome
from cardgames.engine import State as _BaseState
from cardgames.rng import Rng

__all__ = ["GAME", "MAX_ROUNDS", "Rules", "State", "scenario"]

# --- Legal actions and knowledge rows ----------------------------------------------------


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


# By player count (none below 2), then mover.
_LEGAL: Final = tuple(tuple(_legal_table(n, m) for m in range(n)) for n in range(7))
# Knowledge rows of one slot: every viewer sure of the same card (or of nothing), and only
# one viewer sure of a card.
_SAME: Final = {
    n: {card: (card,) * n for card in range(_UNKNOWN, _DRAW_TWO + 1)} for n in range(2, 7)
}
_ONLY_ROW: Final = {
    n: tuple(
        tuple((_UNKNOWN,) * viewer + (card,) + (_UNKNOWN,) * (n - viewer - 1) for card in range(13))
        for viewer in range(n)
    )
    for n in range(2, 7)
}

# The slots in the order specials are replaced at scoring (CA-7): the knocker's first, then
# clockwise; by player count, then knocker.
_SCORING_ORDER: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    n: tuple((*range(SLOTS * k, SLOTS * n), *range(SLOTS * k)) for k in range(n))
    for n in range(2, 7)
}

# Events are immutable values with few possible contents, so each is built once per process
# and shared by every transition that reports it (see ``events.py``): the small families as
# tables built here, indexed by seat, slot and card face; the larger ones on first use, keyed by
# an int packing their fields. A table index costs a few instructions, a call into
# ``events.py`` a Python frame.
_SEATS: Final = range(6)
_FACES: Final = range(_DRAW_TWO + 1)
_DREW: Final = tuple(tuple(_drew(s, c) for c in _FACES) for s in _SEATS)
_DISCARDED: Final = tuple(tuple(_discarded(s, c) for c in _FACES) for s in _SEATS)
_SPECIAL_DISCARDED: Final = tuple(tuple(_special_discarded(s, c) for c in _FACES) for s in _SEATS)
_REPLACED: Final = tuple(
    tuple(tuple(_replaced(s, k, c) for c in _FACES) for k in range(SLOTS)) for s in _SEATS
)
_PEEKED: Final = tuple(
    tuple(tuple(_peeked(s, k, c) for c in _FACES) for k in range(SLOTS)) for s in _SEATS
)
_DRAW_TWO_PLAYED: Final = tuple(_draw_two_played(s) for s in _SEATS)
_KNOCKED: Final = tuple(_knocked(s) for s in _SEATS)
# `_CARDS` under a Final name: a C variable in the compiled build, not a dictionary lookup.
_CARD: Final = _CARDS
# Bounded by their keys: at most 6 * 4 * 13 * 13 takes, 6 * 4 * 6 * 4 swaps, 6 * 13 * 13 looks,
# `MAX_ROUNDS` * 6 * 13 deals, and 6 * 4 * 3 * 13 specials replaced by their first draw (one
# replaced past other specials is built each time: such runs are rare and many).
_TOOK_DISCARD: Final[dict[int, TookDiscard]] = {}
_SWAPPED: Final[dict[int, Swapped]] = {}
_LOOKED: Final[dict[int, Looked]] = {}
_ROUND_DEALT: Final[dict[int, RoundDealt]] = {}
_SPECIAL_REPLACED: Final[dict[int, SpecialReplaced]] = {}
# The events of a round's end, whose fields do not repeat, are built field by field (see
# `cardgames._events`); `tests/crazy_animals/test_rules.py` compares them with the events their
# classes build.
_ROUND_SCORED: Final = RoundScored
_MATCH_ENDED: Final = MatchEnded

# --- Scenarios ---------------------------------------------------------------------------


# --- Position and transitions ------------------------------------------------------------


# An ordinary Python class in the compiled build too, whose methods are compiled: the engine's
# State stays interpreted (see the Performance page: a crash with the engine compiled). Tests
# and your own code may subclass it.
@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class State(HotContract, _BaseState[_Position]):
    """A moment of a Crazy Animals match."""

    __slots__ = ()

    @property
    def rules(self) -> Rules:
        """The rules options this match is played with."""
        # A property rather than a narrowing annotation of the base's property, which mypyc
        # cannot compile.
        return cast("Rules", self._rules)

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
    def in_play(self) -> tuple[Card, ...]:
        """The Draw-twos played this turn whose action is not complete yet, in the order played.

        They are face up but not on the discard pile: each goes there once the card(s) it drew
        are discarded or used, the last one played first (CA-10).
        """
        return _as_cards(self._pos.in_play)

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
        return _knowledge_of(self._pos, self._check_seat(seat))

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
        """Each seat's slots and drawn card in hand, the stock, the discard pile and ``in_play``.

        ``in_play`` holds the Draw-twos played this turn whose action is not complete (CA-10).
        """
        pos = self._pos
        out: dict[str, tuple[Card, ...]] = {}
        for seat, row in enumerate(self.slots):
            out[f"slots/{seat}"] = row
        for seat in range(self._players):
            held = seat == pos.to_move and pos.drawn != _UNKNOWN
            out[f"hand/{seat}"] = (_CARDS[pos.drawn],) if held else ()
        out["stock"] = _as_cards(pos.stock)
        out["discard"] = _as_cards(pos.discard)
        out["in_play"] = _as_cards(pos.in_play)
        return out

    def visible_zones(self, seat: object) -> frozenset[str]:
        """The discard pile, ``in_play``, the seat's drawn card; every slot once it is over."""
        seat = self._check_seat(seat)
        seen = {"discard", "in_play", f"hand/{seat}"}
        if self._pos.step == _OVER:
            seen.update(f"slots/{s}" for s in range(self._players))
        return frozenset(seen)

    def view(self, seat: object) -> View:
        """Return what ``seat`` may know: its memory of the table, its drawn card, the piles."""
        seat = self._check_seat(seat)
        rounds = self.rules.round_count(self._players)
        head = self._view_head(seat)
        return _build_view(head, self._pos, seat, self.starting_player, rounds, self.outcome)

    # -- hooks ------------------------------------------------------------------------------

    @classmethod
    def _deal(cls, rules: Rules, players: int, rng: Rng) -> tuple[_Position, list[Event]]:
        return _deal_round(rng, players, 1, rules.first_player, (0,) * players)

    @classmethod
    def _from_setup(cls, rules: Rules, players: int, setup: Setup) -> tuple[_Position, list[Event]]:
        _check_scenario(setup, players, rules.round_count(players), rules.first_player)
        slots = tuple(card.face for row in setup.slots for card in row)
        discard = tuple(card.face for card in setup.discard_pile)
        stock = tuple(card.face for card in setup.stock)
        starter = (rules.first_player + setup.round - 1) % players
        pos, events = _start_round(
            players, setup.round, starter, setup.scores, slots, stock, discard
        )
        at_turn = pos.but()
        at_turn.to_move = setup.to_move
        at_turn.turns = min(setup.turns_taken, players)
        return at_turn, events

    @property
    def is_over(self) -> bool:
        """Whether the whole match has ended (checked once per step of every simulation)."""
        return self._pos.to_move is None

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of ``to_move``, in a deterministic order; ``()`` once over.

        Computed once per state and cached (the base's contract, one call shorter).
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = _legal(self._pos, self._players)
        return legal

    def _compute_legal_actions(self) -> tuple[Action, ...]:
        return _legal(self._pos, self._players)

    def _rule_against(self, action: Action) -> str | None:
        if type(action) not in _ACTIONS:
            return None  # another game's action: the engine names the kinds offered
        for name in _SLOT_FIELDS.get(type(action), ()):
            # Only an action built around its validators gets here with a bad slot.
            value = getattr(action, name)
            if type(value) is not int or not 0 <= value < SLOTS:
                return f"{name} must be a slot number 0..{SLOTS - 1}, not {value!r}"
        # The step's own checks, the ones its legal actions pass (see `_why_not`).
        return _why_not(self._pos, action)

    def _advance(self, action: Action) -> tuple[_Position, list[Event]]:  # noqa: PLR0911 - a handler per type
        # The handler of the action's type, tested most frequent first (in random play): a
        # direct C call in the compiled build, where a table of handlers called each through
        # Python (its arguments parsed, its result boxed into a tuple and unboxed).
        pos = self._pos
        kind = type(action)
        if kind is _TAKE_DISCARD_T:
            return _take_discard(self, pos, action)
        if kind is _DRAW_T:
            return _draw_card(self, pos, action)
        if kind is _REPLACE_T:
            return _put_in_slot(self, pos, action)
        if kind is _KNOCK_T:
            return _knock(self, pos, action)
        if kind is _DISCARD_T:
            return _discard(self, pos, action)
        if kind is _SWAP_T:
            return _swap(self, pos, action)
        if kind is _PEEK_T:
            return _peek(self, pos, action)
        if kind is _DRAW_TWO_T:
            return _draw_two(self, pos, action)
        if kind is _DRAW_AGAIN_T:
            return _draw_again(self, pos, action)
        return _no_knock(self, pos, action)  # only a legal action gets here

    @classmethod
    def _sample_position(cls, view: View, rng: random.Random) -> _Position:
        """A table ``view.seat`` cannot tell from the real one (see ``sampler.py``)."""
        return sample_position(view, rng)

    @classmethod
    def _informed_position(cls, view: View, rng: random.Random) -> _Position:
        """A world weighted by how well the other seats' past moves fit it (``informed.py``)."""
        return informed_position(view, rng)

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
        perturbed = pos.but()
        perturbed.slots = tuple(slots)
        perturbed.stock = tuple(mixed)
        perturbed.drawn = drawn
        perturbed.knowledge = tuple(known)
        return self._replace_position(perturbed)


# --- The legal actions and their checks, by step ----------------------------------------------


def _legal(pos: _Position, players: int) -> tuple[Action, ...]:
    """The legal actions of ``pos``, read from `_LEGAL` by step and drawn card.

    The rule of each step is `_why_not`'s: an action is listed exactly when `_why_not` passes
    it (a test holds the two equal on random matches).
    """
    mover = pos.to_move
    if mover is None:
        return ()
    table = _LEGAL[players][mover]
    step = pos.step
    if step == _TURN:
        return table[0] if pos.discard[-1] < _SWAP else table[1]
    if step == _KNOCKING:
        return table[10]
    use = 0 if pos.drawn < _SWAP else pos.drawn - _SWAP + 1
    return table[2 + use] if step == _DRAWN else table[6 + use]


def _why_not(pos: _Position, action: Action) -> str | None:
    """Why the well-formed ``action`` is not legal in ``pos``, or ``None`` if it is legal."""
    if pos.to_move is None:
        return NOT_THIS_STEP
    step = pos.step
    if step == _TURN:
        return _why_not_turn(pos, action)
    if step == _KNOCKING:
        return None if isinstance(action, Knock | NoKnock) else _not_now(pos, action)
    return _why_not_drawn(pos, action)  # _DRAWN, _CHANCE


def _why_not_turn(pos: _Position, action: Action) -> str | None:
    """CA-3: draw from the stock, or take the discard pile's top into a slot, unless special."""
    if isinstance(action, Draw):
        return None
    if not isinstance(action, TakeDiscard):
        return _not_now(pos, action)
    top = _CARDS[pos.discard[-1]]
    if not top.is_special:
        return None
    return (
        f"the top of the discard pile is a {top}, and a special card can never be taken from "
        "the discard pile (CA-3): draw from the stock instead"
    )


def _why_not_drawn(pos: _Position, action: Action) -> str | None:  # noqa: PLR0911 - per rule
    """CA-3, CA-4: discard the drawn card, put a number in a slot, or use the special drawn.

    A card drawn through a Draw-two (the `_CHANCE` step) may also be discarded for another.
    """
    if isinstance(action, Discard):
        return None
    if isinstance(action, DrawAgain):
        if pos.step == _CHANCE:
            return None
        return (
            "only the first card drawn through a Draw-two may be discarded to draw another (CA-4)"
        )
    drawn = _CARDS[pos.drawn]
    if isinstance(action, Replace):
        if not drawn.is_special:
            return None
        return (
            f"the drawn {drawn} is a special card: it is used or discarded, never put into a "
            "slot (CA-3)"
        )
    if not isinstance(action, Swap | Peek | DrawTwo):
        return _not_now(pos, action)
    special = _SPECIAL_OF[type(action)]
    if drawn != special:
        return f"the drawn card is the {drawn}, not a {special}"
    if isinstance(action, Swap):
        mover = pos.to_move
        players = len(pos.totals)
        other = action.other
        if type(other) is not int or not 0 <= other < players or other == mover:
            return (
                f"a Swap exchanges a slot of yours with a slot of another seat (0.."
                f"{players - 1} but {mover}, not {other})"
            )
    return None


def _not_now(pos: _Position, action: Action) -> str:
    """Why an action of a kind that another step takes is not legal in ``pos``'s step."""
    if isinstance(action, TakeDiscard | Draw):
        return f"seat {pos.to_move} has already chosen its action for this turn"
    if isinstance(action, Knock | NoKnock):
        if pos.knocker != _UNKNOWN:
            return f"seat {pos.knocker} has already knocked this round (CA-6)"
        return (
            "knocking is decided after a completed turn, once every player has had a turn this "
            "round (CA-6)"
        )
    return f"seat {pos.to_move} holds no drawn card"


# --- Transitions: the handlers of `State._advance`, by action type ---------------------


# Module-level functions rather than methods, taking the state whose position they advance:
# the compiled build calls one directly, where a method of `State` (an ordinary Python class)
# is looked up on the instance at every call. They read the player count as the length of
# the position's totals (one per seat), which compiled code indexes directly, rather than as
# the state's `_players` (a Python attribute lookup).


def _drawn(  # noqa: PLR0917 - a transition's parts, positionally for speed
    state: State,
    pos: _Position,
    discard: tuple[int, ...],
    in_play: tuple[int, ...],
    step: int,
    events: list[Event],
) -> _Position:
    """The mover draws the top of the stock, reshuffled from the discard pile if empty."""
    stock = pos.stock
    if not stock:
        # CA-5, CA-11: the stock is rebuilt only now that a card must be drawn from it:
        # every discarded card but the pile's top, as it is at this moment, is shuffled in.
        # A Draw-two being played is in play, not on the pile (CA-10), so it stays out.
        rng = state._rng(_RESHUFFLE)  # noqa: SLF001 - the state's own stream
        stock = rng.shuffled(discard[:-1])
        events.append(StockReshuffled(count=len(stock)))
        discard = discard[-1:]
    card = stock[-1]
    stock = stock[:-1]
    mover: int = pos.to_move  # type: ignore[assignment]
    events.append(_DREW[mover][card])
    after = pos.but()
    after.stock = stock
    after.discard = discard
    after.step = step
    after.drawn = card
    after.in_play = in_play
    return after


def _take_discard(state: State, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
    slot: int = action.slot  # type: ignore[attr-defined]
    mover: int = pos.to_move  # type: ignore[assignment]
    n = len(pos.totals)  # the player count
    index = mover * SLOTS + slot
    discard = pos.discard
    top = discard[-1]
    slots, known = list(pos.slots), list(pos.knowledge)
    old = slots[index]
    slots[index] = top
    # Everybody saw which card went in: every seat now knows that slot.
    known[index] = _SAME[n][top]
    key = ((index * 13) + top) * 13 + old
    took = _TOOK_DISCARD.get(key)
    if took is None:
        took = _TOOK_DISCARD[key] = _took_discard(mover, slot, top, old)
    events: list[Event] = [took]
    return _end_turn(state, pos, tuple(slots), (*discard[:-1], old), tuple(known), events)


def _draw_card(state: State, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
    del action
    events: list[Event] = []
    return _drawn(state, pos, pos.discard, (), _DRAWN, events), events


def _discard(state: State, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
    del action
    drawn = pos.drawn
    mover: int = pos.to_move  # type: ignore[assignment]
    events: list[Event] = [_DISCARDED[mover][drawn]]
    return _end_turn(state, pos, pos.slots, (*pos.discard, drawn), pos.knowledge, events)


def _put_in_slot(state: State, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
    slot: int = action.slot  # type: ignore[attr-defined]
    mover: int = pos.to_move  # type: ignore[assignment]
    n = len(pos.totals)  # the player count
    index = mover * SLOTS + slot
    drawn = pos.drawn
    slots, known = list(pos.slots), list(pos.knowledge)
    old = slots[index]
    slots[index] = drawn
    # Only the mover saw the card put in; whoever knew the old card no longer knows it.
    known[index] = _ONLY_ROW[n][mover][drawn]
    events: list[Event] = [_REPLACED[mover][slot][old]]
    return _end_turn(state, pos, tuple(slots), (*pos.discard, old), tuple(known), events)


def _swap(state: State, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
    assert isinstance(action, Swap)  # noqa: S101 - only legal actions reach here
    mover: int = pos.to_move  # type: ignore[assignment]
    a = mover * SLOTS + action.slot
    b = action.other * SLOTS + action.other_slot
    slots, known = list(pos.slots), list(pos.knowledge)
    slots[a], slots[b] = slots[b], slots[a]
    # Nobody looks, so each seat's memory of the two cards moves with them (CA-4).
    known[a], known[b] = known[b], known[a]
    # The Swap goes onto the pile once the exchange is done (CA-10).
    key = a * SLOTS * 6 + b
    swapped = _SWAPPED.get(key)
    if swapped is None:
        swapped = _SWAPPED[key] = _swapped(mover, action.slot, action.other, action.other_slot)
    events: list[Event] = [swapped, _SPECIAL_DISCARDED[mover][_SWAP]]
    return _end_turn(state, pos, tuple(slots), (*pos.discard, _SWAP), tuple(known), events)


def _peek(state: State, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
    slot: int = action.slot  # type: ignore[attr-defined]
    mover: int = pos.to_move  # type: ignore[assignment]
    index = mover * SLOTS + slot
    card = pos.slots[index]
    known = list(pos.knowledge)
    row = list(known[index])
    row[mover] = card
    known[index] = tuple(row)
    # The Peek goes onto the pile once the look is done (CA-10).
    events: list[Event] = [_PEEKED[mover][slot][card], _SPECIAL_DISCARDED[mover][_PEEK]]
    return _end_turn(state, pos, pos.slots, (*pos.discard, _PEEK), tuple(known), events)


def _draw_two(state: State, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
    del action
    mover: int = pos.to_move  # type: ignore[assignment]
    events: list[Event] = [_DRAW_TWO_PLAYED[mover]]
    # The Draw-two lies face up in play, off the discard pile, until the card(s) it draws
    # are discarded or used (CA-10); then its first card is drawn (CA-4).
    in_play = (*pos.in_play, _DRAW_TWO)
    return _drawn(state, pos, pos.discard, in_play, _CHANCE, events), events


def _draw_again(state: State, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
    del action
    mover: int = pos.to_move  # type: ignore[assignment]
    events: list[Event] = [_DISCARDED[mover][pos.drawn]]
    discard = (*pos.discard, pos.drawn)
    return _drawn(state, pos, discard, pos.in_play, _DRAWN, events), events


def _knock(state: State, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
    del state, action
    mover: int = pos.to_move  # type: ignore[assignment]
    n = len(pos.totals)  # the player count
    after = pos.but()
    after.to_move = (mover + 1) % n
    after.step = _TURN
    after.drawn = _UNKNOWN
    after.in_play = ()
    after.knocker = mover
    after.final_left = n - 1
    return after, [_KNOCKED[mover]]


def _no_knock(state: State, pos: _Position, action: Action) -> tuple[_Position, list[Event]]:
    del state, action
    after = pos.but()
    after.to_move = (pos.to_move + 1) % len(pos.totals)  # type: ignore[operator]
    after.step = _TURN
    after.drawn = _UNKNOWN
    after.in_play = ()
    return after, []


def _end_turn(  # noqa: PLR0917 - a transition's parts, positionally for speed
    state: State,
    pos: _Position,
    slots: tuple[int, ...],
    discard: tuple[int, ...],
    known: tuple[tuple[int, ...], ...],
    events: list[Event],
) -> tuple[_Position, list[Event]]:
    """Close the mover's turn: the knock decision, the next turn or the end of the round."""
    mover: int = pos.to_move  # type: ignore[assignment]
    n = len(pos.totals)  # the player count
    in_play = pos.in_play
    if in_play:
        # CA-10: each Draw-two played this turn goes onto the pile now that the card it
        # drew was used; the one played last completes first, so the first ends on top.
        done = in_play[::-1]
        events.extend([_SPECIAL_DISCARDED[mover][card] for card in done])
        discard = (*discard, *done)
    turns = pos.turns + 1 if pos.turns < n else n
    knocker = pos.knocker
    final_left = pos.final_left
    if knocker != _UNKNOWN:
        final_left -= 1
        if not final_left:
            return _end_round(state, pos, slots, discard, events)
        to_move, step = (mover + 1) % n, _TURN
    elif turns >= n or turns >= state.rules.knock_turns(n):
        # CA-6: a knock may follow once every player has had a turn, or sooner under the
        # knock_after house rule (never later): the rules are asked only before that.
        to_move, step = mover, _KNOCKING
    else:
        to_move, step = (mover + 1) % n, _TURN
    after = pos.but()
    after.slots = slots
    after.discard = discard
    after.knowledge = known
    after.to_move = to_move
    after.step = step
    after.drawn = _UNKNOWN
    after.in_play = ()
    after.turns = turns
    after.final_left = final_left
    return after, events


def _end_round(
    state: State,
    pos: _Position,
    slots: tuple[int, ...],
    discard: tuple[int, ...],
    events: list[Event],
) -> tuple[_Position, list[Event]]:
    """Replace specials (CA-7), score the round, then deal the next or end the match."""
    n = len(pos.totals)  # the player count
    stock = pos.stock
    if any(card >= _SWAP for card in slots):
        slots, stock, discard = _replace_specials(state, pos, slots, discard, events)
    points = _round_points(slots, n)
    totals = tuple([pos.totals[seat] + points[seat] for seat in range(n)])
    # The events from here on are told only where someone reads them (not in a playout), as
    # are the replacements' above (which count them where they are not built).
    told = state._told  # noqa: SLF001
    if told:
        cards_ = [_CARD[card] for card in slots]
        rows = tuple([tuple(cards_[i : i + SLOTS]) for i in range(0, SLOTS * n, SLOTS)])
        events.append(_round_scored(pos.round, rows, points, totals))
    rules = state.rules
    if pos.round >= rules.round_count(n):
        if told:
            events.append(_match_ended(_winners(totals), totals))
        # Every slot is face up now, so every seat knows the whole table.
        known = tuple([_SAME[n][card] for card in slots])
        over = _new_position(
            slots=slots,
            stock=stock,
            discard=discard,
            knowledge=known,
            to_move=None,
            step=_OVER,
            drawn=_UNKNOWN,
            in_play=(),
            turns=n,
            knocker=pos.knocker,
            final_left=0,
            round=pos.round,
            totals=totals,
        )
        return over, events
    starter = (rules.first_player + pos.round) % n
    if not state._deals_on:  # noqa: SLF001 - a playout that stops at this round's end
        # No one plays the next round: the match as it stands, the next starter to move.
        undealt = pos.but()
        undealt.to_move = starter
        undealt.round = pos.round + 1
        undealt.totals = totals
        return undealt, events
    rng = state._rng(_DEAL)  # noqa: SLF001 - the state's own stream
    new, dealt = _deal_round(rng, n, pos.round + 1, starter, totals, told=told)
    events.extend(dealt)
    return new, events


def _round_points(slots: tuple[int, ...], players: int) -> tuple[int, ...]:
    """CA-7: each seat's points for the round, the sum of the numbers in its four slots.

    Summed in one native loop over the table, where a ``sum`` of each seat's slice is a call
    and a tuple per seat.
    """
    points = [0] * players
    for index, card in enumerate(slots):
        points[index // SLOTS] += card
    return tuple(points)


def _replace_specials(
    state: State,
    pos: _Position,
    slots: tuple[int, ...],
    discard: tuple[int, ...],
    events: list[Event],
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Replace each special in a slot by drawing to a number, knocker first (CA-7).

    Returns the slots, the stock and the discard pile.
    """
    # Typed, so that the compiled build reads and compares C integers.
    table: list[int] = list(slots)
    pile: list[int] = list(pos.stock)
    faces: list[int] = list(discard)
    # A reshuffle's stream is numbered by the events before it. Where no one reads them (a
    # playout: `State._told`) the events of the replacements are counted, not built.
    told = state._told  # noqa: SLF001
    counted = len(events)
    index: int
    for index in _SCORING_ORDER[len(pos.totals)][pos.knocker]:
        special = table[index]
        if special < _SWAP:
            continue
        faces.append(special)
        drawn: list[int] = []
        while True:
            if not pile:
                # CA-5 applies here too: the discard pile but its top is the stock.
                rng = state._rng(_RESHUFFLE + counted)  # noqa: SLF001 - the state's own stream
                pile, faces = list(rng.shuffled(faces[:-1])), faces[-1:]
                counted += 1
                if told:
                    events.append(StockReshuffled(count=len(pile)))
            card = pile.pop()
            drawn.append(card)
            if card < _SWAP:
                break
            faces.append(card)
        table[index] = card
        counted += 1
        if told:
            events.append(_replacement(index, special, drawn))
    return tuple(table), tuple(pile), tuple(faces)


def _replacement(index: int, special: int, drawn: list[int]) -> SpecialReplaced:
    """The event of the special in slot ``index`` replaced after ``drawn`` (CA-7), shared."""
    seat, slot = index // SLOTS, index % SLOTS
    if len(drawn) > 1:
        return _special_replaced(seat, slot, special, tuple(drawn))
    card = drawn[0]
    key = (index * 13 + special) * 13 + card
    replaced = _SPECIAL_REPLACED.get(key)
    if replaced is None:
        replaced = _SPECIAL_REPLACED[key] = _special_replaced(seat, slot, special, (card,))
    return replaced


# Purposes of the random streams of one transition: the next deal, and a reshuffle (at scoring,
# plus the number of events so far, since the stock may run out more than once).
_DEAL: Final = 1
_RESHUFFLE: Final = 2

# The action types, each advanced by its handler in `State._advance`.
_ACTIONS: Final = (
    TakeDiscard,
    Draw,
    Discard,
    Replace,
    Swap,
    Peek,
    DrawTwo,
    DrawAgain,
    Knock,
    NoKnock,
)
# Under Final names, so that the compiled `_advance` reads them from C variables.
_TAKE_DISCARD_T: Final = TakeDiscard
_DRAW_T: Final = Draw
_DISCARD_T: Final = Discard
_REPLACE_T: Final = Replace
_SWAP_T: Final = Swap
_PEEK_T: Final = Peek
_DRAW_TWO_T: Final = DrawTwo
_DRAW_AGAIN_T: Final = DrawAgain
_KNOCK_T: Final = Knock
_SPECIAL_OF: Final[dict[type[Action], Card]] = {Swap: SWAP, Peek: PEEK, DrawTwo: DRAW_TWO}
_SLOT_FIELDS: Final[dict[type[Action], tuple[str, ...]]] = {
    TakeDiscard: ("slot",),
    Replace: ("slot",),
    Peek: ("slot",),
    Swap: ("slot", "other_slot"),
}


def _round_scored(
    round_: int,
    rows: tuple[tuple[Card, ...], ...],
    points: tuple[int, ...],
    totals: tuple[int, ...],
) -> Event:
    """``RoundScored(round_, rows, points, totals)``, public, built field by field (see above)."""
    event = new_event(_ROUND_SCORED)
    set_field(event, "visible_to", None)
    set_field(event, "round", round_)
    set_field(event, "slots", rows)
    set_field(event, "points", points)
    set_field(event, "totals", totals)
    return event


def _match_ended(winners: tuple[int, ...], totals: tuple[int, ...]) -> Event:
    """``MatchEnded(winners, totals)``, public, built field by field (see `_round_scored`)."""
    event = new_event(_MATCH_ENDED)
    set_field(event, "visible_to", None)
    set_field(event, "winners", winners)
    set_field(event, "totals", totals)
    return event


def _winners(totals: tuple[int, ...]) -> tuple[int, ...]:
    best = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def _deal_round(
    rng: Rng,
    players: int,
    round_: int,
    starter: int,
    totals: tuple[int, ...],
    *,
    told: bool = True,
) -> tuple[_Position, list[Event]]:
    """Shuffle the 66 cards, deal 4 face down to each seat and turn one face up (CA-2).

    With ``told`` false (no one reads the events: a playout), its events are left out.
    """
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
        told=told,
    )


def _start_round(  # noqa: PLR0917 - the parts of a fresh table
    players: int,
    round_: int,
    starter: int,
    totals: tuple[int, ...],
    slots: tuple[int, ...],
    stock: tuple[int, ...],
    discard: tuple[int, ...],
    *,
    told: bool = True,
) -> tuple[_Position, list[Event]]:
    """The table at the start of a round, after each seat's look at its slots 0 and 3.

    With ``told`` false (no one reads the events: a playout), its events are left out.
    """
    blank = _SAME[players][_UNKNOWN]
    known = [blank] * (SLOTS * players)
    rows = _ONLY_ROW[players]
    events: list[Event] = []
    if told:
        face_up = discard[-1]
        key = (round_ * 6 + starter) * 13 + face_up
        dealt = _ROUND_DEALT.get(key)
        if dealt is None:
            dealt = _ROUND_DEALT[key] = _round_dealt(round_, starter, face_up)
        events.append(dealt)
    for seat in range(players):
        first, last = seat * SLOTS, seat * SLOTS + SLOTS - 1
        known[first] = rows[seat][slots[first]]
        known[last] = rows[seat][slots[last]]
        if not told:
            continue
        key = (seat * 13 + slots[first]) * 13 + slots[last]
        looked = _LOOKED.get(key)
        if looked is None:
            looked = _LOOKED[key] = _looked(seat, slots[first], slots[last])
        events.append(looked)
    pos = _new_position(
        slots=slots,
        stock=stock,
        discard=discard,
        knowledge=tuple(known),
        to_move=starter,
        step=_TURN,
        drawn=_UNKNOWN,
        in_play=(),
        turns=0,
        knocker=_UNKNOWN,
        final_left=0,
        round=round_,
        totals=totals,
    )
    return pos, events


GAME: Game[State] = Game(
    slug="crazy-animals",
    title="Crazy Animals",
    min_players=2,
    max_players=6,
    rules=Rules,
    state=State,
    view=View,
    actions=_ACTIONS,
    events=(
        _event_types.RoundDealt,
        _event_types.Looked,
        _event_types.TookDiscard,
        _event_types.Drew,
        _event_types.Discarded,
        _event_types.Replaced,
        _event_types.SpecialDiscarded,
        _event_types.SpecialReplaced,
        _event_types.DrawTwoPlayed,
        _event_types.Peeked,
        _event_types.Swapped,
        _event_types.Knocked,
        _event_types.StockReshuffled,
        _event_types.RoundScored,
        _event_types.MatchEnded,
    ),
    deck=lambda _players, _rules: DECK,
    card=DECK.card,
    setup=Setup,
    better_scores="lower",
    parts={
        "encoding": "cardgames.crazy_animals.encoding:ENCODING",
        "board": "cardgames.crazy_animals.board:BOARD",
        "handbook": "cardgames.crazy_animals.handbook:Handbook",
        "heuristic_bot": "cardgames.crazy_animals.bot:HeuristicBot",
        "memory": "cardgames.crazy_animals.memory:Memory",
        "statistics": "cardgames.crazy_animals.stats:STATISTICS",
        "text": "cardgames.crazy_animals.text:Text",
    },
)
"""The Crazy Animals game object (slug ``crazy-animals``, 2-6 players)."""
