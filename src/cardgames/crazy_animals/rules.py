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

The transitions advance a position in place (see ``_position.py``), each action through `_act`:
`State.apply` advances a copy of the state's position, and a random playout (`_play_out`) its
own copy, step after step, with the same `_legal` and the same `_act`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Final, cast

from cardgames._draws import Turn, turn_of
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
# Knowledge rows of one slot, by player count as `_LEGAL` (tuples: compiled, an index is a C
# array read, where a dict is a hash lookup): every viewer sure of the same card, no viewer sure
# of anything, and only one viewer sure of a card.
_SAME: Final = tuple(tuple((card,) * n for card in range(_DRAW_TWO + 1)) for n in range(7))
_BLANK: Final = tuple((_UNKNOWN,) * n for n in range(7))
_ONLY_ROW: Final = tuple(
    tuple(
        tuple((_UNKNOWN,) * viewer + (card,) + (_UNKNOWN,) * (n - viewer - 1) for card in range(13))
        for viewer in range(n)
    )
    for n in range(7)
)

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


def _play_out(
    pos: _Position, turn: Turn, uniform: Callable[[], float], limit: int, last_round: int
) -> _Position | None:
    """`State.playout`'s random loop, run natively on a copy of ``pos`` that the rules advance.

    The same plays as the engine's loop (`cardgames._hot.playout`): the action at
    ``int(uniform() * len(legal))`` of `_legal`, the legal actions `State.legal_actions` lists,
    advanced by `_act`, as `State._advance` advances it. It stops when the match ends or round
    ``last_round`` has (-1: never), and returns the last position, or ``None`` after ``limit``
    actions (-1: no limit); ``turn.step`` counts the actions, as the log would.
    """
    pos = pos.copy()
    players = len(pos.totals)
    played = 0
    while True:
        if pos.to_move is None or (last_round >= 0 and pos.round != last_round):
            return pos
        if played == limit:
            return None
        legal = _legal(pos, players)
        draw: float = uniform()
        _act(turn, pos, legal[int(draw * float(len(legal)))], None)
        turn.step += 1
        played += 1


def _acted(turn: Turn, pos: _Position, action: Action) -> list[Event] | None:
    """`_act`, returning the events it told (``None`` where no one reads them)."""
    events: list[Event] | None = [] if turn.told else None
    _act(turn, pos, action, events)
    return events


def _scores(pos: _Position) -> tuple[int, ...]:
    """Each seat's total of points so far (`State.scores`)."""
    return pos.totals


def _outcome(pos: _Position) -> Outcome | None:
    """Once the match is over, the lowest totals win, ties sharing the win (CA-8)."""
    if pos.step != _OVER:
        return None
    return Outcome(winners=_winners(pos.totals), scores=pos.totals)


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
        return _scores(self._pos)

    @property
    def outcome(self) -> Outcome | None:
        """The lowest totals win, ties sharing the win (CA-8)."""
        return _outcome(self._pos)

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
        events: list[Event] = []
        pos = _deal_round(rng, players, 1, rules.first_player, (0,) * players, events)
        return pos, events

    @classmethod
    def _from_setup(cls, rules: Rules, players: int, setup: Setup) -> tuple[_Position, list[Event]]:
        _check_scenario(setup, players, rules.round_count(players), rules.first_player)
        slots = [card.face for row in setup.slots for card in row]
        discard = [card.face for card in setup.discard_pile]
        stock = [card.face for card in setup.stock]
        starter = (rules.first_player + setup.round - 1) % players
        events: list[Event] = []
        pos = _start_round(
            players, setup.round, starter, setup.scores, slots, stock, discard, events
        )
        pos.to_move = setup.to_move
        pos.turns = min(setup.turns_taken, players)
        return pos, events

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

    def _advance(self, action: Action) -> tuple[_Position, Sequence[Event]]:
        # The rules advance a copy in place: the position a state holds never changes.
        pos = self._pos.copy()
        events = _acted(turn_of(self), pos, action)
        return pos, () if events is None else events

    _random_playout = staticmethod(_play_out)
    _act_in_place = staticmethod(_acted)
    _scores_in = staticmethod(_scores)
    _outcome_in = staticmethod(_outcome)

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
        perturbed = pos.copy()
        slots = perturbed.slots
        known = perturbed.knowledge
        for i in hidden:
            card = slots[i] = mixed.pop()
            known[i] = tuple(_UNKNOWN if c == _UNKNOWN else card for c in known[i])
        if held:
            perturbed.drawn = mixed.pop()
        perturbed.stock = mixed
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


def _legal_at(pos: _Position) -> tuple[Action, ...]:
    """`_legal` of ``pos``, for as many players as it has totals (`State._legal_in`)."""
    return _legal(pos, len(pos.totals))


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


# --- Transitions: the handlers of `_act`, by action type -----------------------------------


# Module-level functions rather than methods, handed the match's `Turn` and the position they
# advance in place: the compiled build calls one directly, where a method of `State` (an
# ordinary Python class) is looked up on the instance at every call. They read the player count
# as the length of the position's totals (one per seat), which compiled code indexes directly.
# ``events`` collects what each action tells, or is ``None`` where no one reads them (a
# playout: `Turn.told`); a turn's end still counts them (``counted``), since a reshuffle at
# scoring numbers its random stream by the events before it (CA-7).


def _act(turn: Turn, pos: _Position, action: Action, events: list[Event] | None) -> None:  # noqa: PLR0911 - a handler per type
    """Advance ``pos`` in place by the legal ``action``: the handler of the action's type.

    Tested most frequent first (in random play): a direct C call in the compiled build, where
    a table of handlers would call each through Python.
    """
    kind = type(action)
    if kind is _TAKE_DISCARD_T:
        return _take_discard(turn, pos, action, events)
    if kind is _DRAW_T:
        return _draw_card(turn, pos, events)
    if kind is _REPLACE_T:
        return _put_in_slot(turn, pos, action, events)
    if kind is _KNOCK_T:
        return _knock(pos, events)
    if kind is _DISCARD_T:
        return _discard(turn, pos, events)
    if kind is _SWAP_T:
        return _swap(turn, pos, action, events)
    if kind is _PEEK_T:
        return _peek(turn, pos, action, events)
    if kind is _DRAW_TWO_T:
        return _draw_two(turn, pos, events)
    if kind is _DRAW_AGAIN_T:
        return _draw_again(turn, pos, events)
    return _no_knock(pos)  # only a legal action gets here


def _drawn(turn: Turn, pos: _Position, step: int, events: list[Event] | None) -> None:
    """The mover draws the top of the stock, reshuffled from the discard pile if empty."""
    stock = pos.stock
    if not stock:
        # CA-5, CA-11: the stock is rebuilt only now that a card must be drawn from it:
        # every discarded card but the pile's top, as it is at this moment, is shuffled in.
        # A Draw-two being played is in play, not on the pile (CA-10), so it stays out.
        discard = pos.discard
        stock = pos.stock = list(turn.rng(_RESHUFFLE).shuffled(discard[:-1]))
        del discard[:-1]
        if events is not None:
            events.append(StockReshuffled(count=len(stock)))
    card = stock.pop()
    if events is not None:
        events.append(_DREW[pos.to_move][card])  # type: ignore[index]  # in play
    pos.step = step
    pos.drawn = card


def _take_discard(turn: Turn, pos: _Position, action: Action, events: list[Event] | None) -> None:
    slot: int = action.slot  # type: ignore[attr-defined]
    mover: int = pos.to_move  # type: ignore[assignment]
    index = mover * SLOTS + slot
    discard = pos.discard
    top = discard[-1]
    slots = pos.slots
    old = slots[index]
    slots[index] = top
    # Everybody saw which card went in: every seat now knows that slot.
    pos.knowledge[index] = _SAME[len(pos.totals)][top]
    # The card it replaces goes face up where the taken card was.
    discard[-1] = old
    if events is not None:
        key = ((index * 13) + top) * 13 + old
        took = _TOOK_DISCARD.get(key)
        if took is None:
            took = _TOOK_DISCARD[key] = _took_discard(mover, slot, top, old)
        events.append(took)
    _end_turn(turn, pos, events, 1)


def _draw_card(turn: Turn, pos: _Position, events: list[Event] | None) -> None:
    pos.in_play = ()
    _drawn(turn, pos, _DRAWN, events)


def _discard(turn: Turn, pos: _Position, events: list[Event] | None) -> None:
    _discard_drawn(pos, events)
    _end_turn(turn, pos, events, 1)


def _discard_drawn(pos: _Position, events: list[Event] | None) -> None:
    """The card drawn goes face up onto the discard pile."""
    drawn = pos.drawn
    pos.discard.append(drawn)
    if events is not None:
        events.append(_DISCARDED[pos.to_move][drawn])  # type: ignore[index]  # in play


def _put_in_slot(turn: Turn, pos: _Position, action: Action, events: list[Event] | None) -> None:
    slot: int = action.slot  # type: ignore[attr-defined]
    mover: int = pos.to_move  # type: ignore[assignment]
    index = mover * SLOTS + slot
    drawn = pos.drawn
    slots = pos.slots
    old = slots[index]
    slots[index] = drawn
    # Only the mover saw the card put in; whoever knew the old card no longer knows it.
    pos.knowledge[index] = _ONLY_ROW[len(pos.totals)][mover][drawn]
    pos.discard.append(old)
    if events is not None:
        events.append(_REPLACED[mover][slot][old])
    _end_turn(turn, pos, events, 1)


def _swap(turn: Turn, pos: _Position, action: Action, events: list[Event] | None) -> None:
    assert isinstance(action, Swap)  # noqa: S101 - only legal actions reach here
    mover: int = pos.to_move  # type: ignore[assignment]
    a = mover * SLOTS + action.slot
    b = action.other * SLOTS + action.other_slot
    slots, known = pos.slots, pos.knowledge
    slots[a], slots[b] = slots[b], slots[a]
    # Nobody looks, so each seat's memory of the two cards moves with them (CA-4).
    known[a], known[b] = known[b], known[a]
    # The Swap goes onto the pile once the exchange is done (CA-10).
    pos.discard.append(_SWAP)
    if events is not None:
        key = a * SLOTS * 6 + b
        swapped = _SWAPPED.get(key)
        if swapped is None:
            swapped = _SWAPPED[key] = _swapped(mover, action.slot, action.other, action.other_slot)
        events.append(swapped)
        events.append(_SPECIAL_DISCARDED[mover][_SWAP])
    _end_turn(turn, pos, events, 2)


def _peek(turn: Turn, pos: _Position, action: Action, events: list[Event] | None) -> None:
    slot: int = action.slot  # type: ignore[attr-defined]
    mover: int = pos.to_move  # type: ignore[assignment]
    index = mover * SLOTS + slot
    card = pos.slots[index]
    known = pos.knowledge
    row = list(known[index])
    row[mover] = card
    known[index] = tuple(row)
    # The Peek goes onto the pile once the look is done (CA-10).
    pos.discard.append(_PEEK)
    if events is not None:
        events.append(_PEEKED[mover][slot][card])
        events.append(_SPECIAL_DISCARDED[mover][_PEEK])
    _end_turn(turn, pos, events, 2)


def _draw_two(turn: Turn, pos: _Position, events: list[Event] | None) -> None:
    if events is not None:
        events.append(_DRAW_TWO_PLAYED[pos.to_move])  # type: ignore[index]  # in play
    # The Draw-two lies face up in play, off the discard pile, until the card(s) it draws
    # are discarded or used (CA-10); then its first card is drawn (CA-4).
    pos.in_play = (*pos.in_play, _DRAW_TWO)
    _drawn(turn, pos, _CHANCE, events)


def _draw_again(turn: Turn, pos: _Position, events: list[Event] | None) -> None:
    _discard_drawn(pos, events)
    _drawn(turn, pos, _DRAWN, events)


def _knock(pos: _Position, events: list[Event] | None) -> None:
    mover: int = pos.to_move  # type: ignore[assignment]
    n = len(pos.totals)  # the player count
    if events is not None:
        events.append(_KNOCKED[mover])
    pos.to_move = (mover + 1) % n
    pos.step = _TURN
    pos.drawn = _UNKNOWN
    pos.in_play = ()
    pos.knocker = mover
    pos.final_left = n - 1


def _no_knock(pos: _Position) -> None:
    pos.to_move = (pos.to_move + 1) % len(pos.totals)  # type: ignore[operator]
    pos.step = _TURN
    pos.drawn = _UNKNOWN
    pos.in_play = ()


def _end_turn(turn: Turn, pos: _Position, events: list[Event] | None, counted: int) -> None:
    """Close the mover's turn: the knock decision, the next turn or the end of the round.

    ``counted`` is the number of events this action has told so far (or would have told).
    """
    mover: int = pos.to_move  # type: ignore[assignment]
    n = len(pos.totals)  # the player count
    in_play = pos.in_play
    if in_play:
        # CA-10: each Draw-two played this turn goes onto the pile now that the card it
        # drew was used; the one played last completes first, so the first ends on top.
        done = in_play[::-1]
        if events is not None:
            events.extend([_SPECIAL_DISCARDED[mover][card] for card in done])
        counted += len(done)
        pos.discard.extend(done)
        pos.in_play = ()
    pos.drawn = _UNKNOWN
    turns = pos.turns = pos.turns + 1 if pos.turns < n else n
    if pos.knocker != _UNKNOWN:
        pos.final_left -= 1
        if not pos.final_left:
            _end_round(turn, pos, events, counted)
            return
        pos.to_move, pos.step = (mover + 1) % n, _TURN
        return
    rules: Rules = turn.rules
    if turns >= n or turns >= rules.knock_turns(n):
        # CA-6: a knock may follow once every player has had a turn, or sooner under the
        # knock_after house rule (never later): the rules are asked only before that.
        pos.step = _KNOCKING
    else:
        pos.to_move, pos.step = (mover + 1) % n, _TURN


def _end_round(turn: Turn, pos: _Position, events: list[Event] | None, counted: int) -> None:
    """Replace specials (CA-7), score the round, then deal the next or end the match."""
    n = len(pos.totals)  # the player count
    slots = pos.slots
    if any(card >= _SWAP for card in slots):
        _replace_specials(turn, pos, events, counted)
    points = _round_points(slots, n)
    totals = tuple([pos.totals[seat] + points[seat] for seat in range(n)])
    if events is not None:
        cards_ = [_CARD[card] for card in slots]
        rows = tuple([tuple(cards_[i : i + SLOTS]) for i in range(0, SLOTS * n, SLOTS)])
        events.append(_round_scored(pos.round, rows, points, totals))
    rules: Rules = turn.rules
    if pos.round >= rules.round_count(n):
        if events is not None:
            events.append(_match_ended(_winners(totals), totals))
        # Every slot is face up now, so every seat knows the whole table.
        pos.knowledge = [_SAME[n][card] for card in slots]
        pos.to_move = None
        pos.step = _OVER
        pos.turns = n
        pos.totals = totals
        return
    starter = (rules.first_player + pos.round) % n
    if not turn.deals_on:
        # No one plays the next round: the match as it stands, the next starter to move.
        pos.to_move = starter
        pos.step = _TURN
        pos.round += 1
        pos.totals = totals
        return
    _deal_round(turn.rng(_DEAL), n, pos.round + 1, starter, totals, events, pos)


def _round_points(slots: list[int], players: int) -> tuple[int, ...]:
    """CA-7: each seat's points for the round, the sum of the numbers in its four slots.

    Each seat's four slots added by index: compiled, native additions of C integers, where a
    ``sum`` of each seat's slice is a call and a list per seat, and a running total per seat
    kept in a list is a generic in-place addition per card.
    """
    return tuple(
        [
            slots[first] + slots[first + 1] + slots[first + 2] + slots[first + 3]
            for first in range(0, SLOTS * players, SLOTS)
        ]
    )


def _replace_specials(turn: Turn, pos: _Position, events: list[Event] | None, counted: int) -> None:
    """Replace each special in a slot by drawing to a number, knocker first (CA-7).

    A reshuffle's random stream is numbered by the events before it, ``counted`` of them at
    first: those no one reads (``events`` is ``None``) are counted, not built.
    """
    # Typed, so that the compiled build reads and compares C integers.
    table: list[int] = pos.slots
    pile: list[int] = pos.stock
    faces: list[int] = pos.discard
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
                rng = turn.rng(_RESHUFFLE + counted)
                pile = pos.stock = list(rng.shuffled(faces[:-1]))
                del faces[:-1]
                counted += 1
                if events is not None:
                    events.append(StockReshuffled(count=len(pile)))
            card = pile.pop()
            drawn.append(card)
            if card < _SWAP:
                break
            faces.append(card)
        table[index] = card
        counted += 1
        if events is not None:
            events.append(_replacement(index, special, drawn))


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

# The action types, each advanced by its handler in `_act`.
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
# Under Final names, so that the compiled `_act` reads them from C variables.
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


def _deal_round(  # noqa: PLR0917 - the parts of a deal
    rng: Rng,
    players: int,
    round_: int,
    starter: int,
    totals: tuple[int, ...],
    events: list[Event] | None,
    into: _Position | None = None,
) -> _Position:
    """Shuffle the 66 cards, deal 4 face down to each seat and turn one face up (CA-2).

    ``events`` is ``None`` when no one reads them (a playout). The round is dealt ``into`` a
    position that the rules advance (every field is set), or a new one.
    """
    faces = rng.shuffled(_DECK_FACES)
    dealt = SLOTS * players
    return _start_round(
        players,
        round_,
        starter,
        totals,
        list(faces[:dealt]),
        list(faces[dealt + 1 :]),
        list(faces[dealt : dealt + 1]),
        events,
        into,
    )


def _start_round(  # noqa: PLR0917 - the parts of a fresh table
    players: int,
    round_: int,
    starter: int,
    totals: tuple[int, ...],
    slots: list[int],
    stock: list[int],
    discard: list[int],
    events: list[Event] | None,
    into: _Position | None = None,
) -> _Position:
    """The table at the start of a round, after each seat's look at its slots 0 and 3.

    ``events`` is ``None`` when no one reads them (a playout). It takes the lists as they
    are, for the rules to change in place; ``into``, as `_deal_round` says.
    """
    known = [_BLANK[players]] * (SLOTS * players)
    rows = _ONLY_ROW[players]
    if events is not None:
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
        if events is None:
            continue
        key = (seat * 13 + slots[first]) * 13 + slots[last]
        looked = _LOOKED.get(key)
        if looked is None:
            looked = _LOOKED[key] = _looked(seat, slots[first], slots[last])
        events.append(looked)
    return _new_position(
        slots=slots,
        stock=stock,
        discard=discard,
        knowledge=known,
        to_move=starter,
        step=_TURN,
        drawn=_UNKNOWN,
        in_play=(),
        turns=0,
        knocker=_UNKNOWN,
        final_left=0,
        round=round_,
        totals=totals,
        into=into,
    )


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
        "tuned_bot": "cardgames.crazy_animals.bot:tuned_bot",
    },
)
"""The Crazy Animals game object (slug ``crazy-animals``, 2-6 players)."""


# A position's legal actions, for a search that plays bare positions (`State._legal_in`): set
# here, below the rule it names.
State._legal_in = staticmethod(_legal_at)  # noqa: SLF001
