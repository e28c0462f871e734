"""The rules engine of kitten tricks, in the order of the rulebook.

The rules options, the action, the scenarios, then the position's transitions: playing to a
trick (KT-2), who wins it and the Coup de patte (KT-3), collections and the loss of a colour
reaching four cards (KT-4), the end of a round and its Super Chat cards (KT-5), and the match
to three Super Chats (KT-6). The cards and the deal's deck (KT-1) are in `cards`, the events
in `events`, the position records in `_position`, a seat's view in `view`, and the worlds a
seat cannot tell apart in `sampler`.

What the seat to move decides (a match has a single kind of turn):

| phase | legal actions | transition | clause |
| --- | --- | --- | --- |
| in play (`to_move` set) | `PlayCard` of each card in hand | `State._advance` | KT-2 to KT-4 |
| over (`to_move` is `None`) | none | | KT-6 |

The end of a round is no decision: the trick that ends it also scores it and deals the next
round (`_end_round`, KT-5, KT-6). The legal plays (`_legal`) and the reason another action is
not legal (`_why_not`) read the same rule, the mover's hand.

Examples:
    >>> from cardgames.kitten_tricks import GAME, Rules
    >>> state = GAME.new(5, seed=1, rules=Rules(first_player=2))
    >>> state.to_move, len(state.legal_actions())
    (2, 6)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Final, cast

from cardgames._draws import Turn, turn_of
from cardgames._events import dealt
from cardgames._hot import HotContract
from cardgames._memo import LastOf
from cardgames._mypyc import mypyc_attr
from cardgames.engine import NOT_THIS_STEP, Action, Dealt, Event, Game, Outcome
from cardgames.engine import State as _BaseState
from cardgames.errors import InvalidSetupError
from cardgames.kitten_tricks import events as _event_types
from cardgames.kitten_tricks._card_ints import card_int, colour_of, value_of
from cardgames.kitten_tricks._position import _new_position, _new_round_record, _Position
from cardgames.kitten_tricks.actions import (
    _PLAY_INT,
    _PLAYS,
    PlayCard,
    _hand_cards,
    _hand_ints,
    _plays,
)
from cardgames.kitten_tricks.cards import (
    _CARD,
    _INT,
    COLOUR_NAMES,
    Card,
    _as_cards,
    _as_ints,
    _by_colour,
    _card,
    _deck,
    _flat_cards,
)
from cardgames.kitten_tricks.events import (
    CardReceived,
    ColourLost,
    MatchEnded,
    Played,
    RoundEnded,
    RoundStarted,
    TrickWon,
)
from cardgames.kitten_tricks.options import (
    HAND_SIZES,
    LOSS_THRESHOLD,
    SUPER_CHATS_TO_WIN,
    Rules,
    deck,
)
from cardgames.kitten_tricks.sampler import sample_position
from cardgames.kitten_tricks.scenario import (
    Setup,
    _check_scenario,
    scenario,
)
from cardgames.kitten_tricks.view import View
from cardgames.rng import Rng

if TYPE_CHECKING:
    import random

__all__ = [
    "GAME",
    "HAND_SIZES",
    "LOSS_THRESHOLD",
    "SUPER_CHATS_TO_WIN",
    "PlayCard",
    "Rules",
    "Setup",
    "State",
    "deck",
    "scenario",
]

# --- Events' records -----------------------------------------------------------------------

# The module's tables are `Final`: the compiled build keeps them in C variables instead of
# looking their names up in the module's dict at each use.

# The ``visible_to`` of an event that only its own seat sees, by seat.
_ONLY: Final = tuple(frozenset({seat}) for seat in range(max(HAND_SIZES)))

# Plays are the commonest event: one immutable record per seat and card, made once, each held
# as the one-event tuple a play that does not end the trick returns (no tuple built per play).
_PLAYED: Final = tuple(
    [None if c is None else (Played(seat=s, card=c),) for c in _CARD]
    for s in range(max(HAND_SIZES))
)

# Every trick has one; the records are immutable, so each is made once and then shared. Likewise
# each card dealt out of a lost colour, and each round's start for the first `_SHARED_ROUNDS`
# rounds only (beyond, the key space has no bound: those rounds build their record). Each table
# is keyed by `_shared_key`.
_TRICKS_WON: Final[dict[int, TrickWon]] = {}
_CARDS_RECEIVED: Final[dict[int, CardReceived]] = {}
_ROUNDS_STARTED: Final[dict[int, RoundStarted]] = {}
_SHARED_ROUNDS: Final = 64

_LOSS_THRESHOLD: Final = LOSS_THRESHOLD
# Each card int's colour and value, read per card of every trick: `colour_of` and `value_of`
# as tables, since the pure build pays a Python call per card for the functions (3.4 to 4.3%
# more instructions per action, measured with `benchmarks/instructions.py`); a test holds
# them equal to the functions.
_COLOUR_OF: Final = tuple(colour_of(c) for c in range(256))
_VALUE_OF: Final = tuple(value_of(c) for c in range(256))
# The card and the action of each card int, and the card int of each action, read in native
# code (a `Final` name is a C variable, where an imported one is looked up in the module's dict).
_CARD_OF: Final = _CARD
_PLAY_OF: Final = _PLAYS
_INT_OF_PLAY: Final = _PLAY_INT


def _shared_key(seat: int, card: int, *, other: int = 0, flag: bool = False) -> int:
    """The key of a shared event in its table: one int for a seat, a card, a number and a flag.

    An int hashes more cheaply than a tuple. ``seat`` is below 8, ``card`` a card int (below
    256), ``other`` another seat or a round number below `_SHARED_ROUNDS`.
    """
    return ((other << 3 | seat) << 8 | card) << 1 | flag


# --- The match -----------------------------------------------------------------------------


def _play_out(
    pos: _Position, turn: Turn, uniform: Callable[[], float], limit: int, last_round: int
) -> _Position | None:
    """`State.playout`'s random loop, run natively on a copy of ``pos`` that the rules advance.

    The same plays as the engine's loop (`cardgames._hot.playout`): the card at
    ``int(uniform() * len(hand))`` of the mover's hand, which is `legal_actions` in order. It
    stops when the match ends or round ``last_round`` has (-1: never), and returns the last
    position, or ``None`` after ``limit`` actions (-1: no limit); ``turn.step`` counts the
    actions, as the log would.
    """
    pos = pos.copy()
    played = 0
    while True:
        mover = pos.to_move
        if mover is None or (last_round >= 0 and pos.table.number != last_round):
            return pos
        if played == limit:
            return None
        draw: float = uniform()
        _play(turn, pos, int(draw * float(len(pos.hands[mover]))))
        turn.step += 1
        played += 1


def _act(turn: Turn, pos: _Position, action: Action) -> Sequence[Event]:
    """KT-2: the mover plays the legal ``action``'s card; ``pos`` advances (see `_play`)."""
    return _play(turn, pos, _index_in_hand(pos, action))


def _scores(pos: _Position) -> tuple[int, ...]:
    """Each seat's Super Chat cards (`State.scores`)."""
    return pos.table.super_chats


def _outcome(pos: _Position) -> Outcome | None:
    """The winners once the match is over, with the Super Chats (`State.outcome`)."""
    table = pos.table
    if table.winners is None:
        return None
    return Outcome(winners=table.winners, scores=table.super_chats)


# An ordinary Python class in the compiled build too, whose methods are compiled: the engine's
# State stays interpreted (see the Performance page: a crash with the engine compiled). Tests
# and your own code may subclass it.
@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)
class State(HotContract, _BaseState[_Position]):
    """A moment of a kitten tricks match."""

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
        """Every seat's hand (full information: not for players' eyes)."""
        return tuple(map(_hand_cards, self._pos.hands))

    @property
    def trump(self) -> Card:
        """The face-up trump card of the round."""
        return _card(self._pos.table.trump)

    @property
    def trump_colour(self) -> str:
        """The trump colour of the round."""
        return COLOUR_NAMES[colour_of(self._pos.table.trump)]

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards played to the current trick, in play order."""
        return _as_cards(self._pos.trick)

    @property
    def leader(self) -> int:
        """The seat that led the current trick."""
        return self._pos.leader

    @property
    def collections(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's collection, colour by colour (in colour order)."""
        return _collection_cards(self._pos.collections)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The unused cards of the round (face down)."""
        return _as_cards(self._pos.table.stock)

    @property
    def discard(self) -> tuple[Card, ...]:
        """The cards discarded face down this round."""
        return _as_cards(self._pos.table.discard)

    @property
    def super_chats(self) -> tuple[int, ...]:
        """Each seat's Super Chat cards."""
        return self._pos.table.super_chats

    @property
    def starter(self) -> int:
        """The seat that led the first trick of this round."""
        return self._pos.table.starter

    @property
    def scores(self) -> tuple[int, ...]:
        """The Super Chat cards of each seat (higher is better)."""
        return _scores(self._pos)

    @property
    def outcome(self) -> Outcome | None:
        """The seats that reached three Super Chats together, or the leaders at the limit."""
        return _outcome(self._pos)

    def zones(self) -> Mapping[str, tuple[Card, ...]]:
        """Each hand and collection, the trick, the trump card, the stock and the discard."""
        pos = self._pos
        out: dict[str, tuple[Card, ...]] = {}
        for seat, hand in enumerate(pos.hands):
            out[f"hand/{seat}"] = _hand_cards(hand)
        for seat, collection in enumerate(pos.collections):
            out[f"collection/{seat}"] = _flat_cards(collection)
        out["trick"] = _as_cards(pos.trick)
        out["trump"] = (_card(pos.table.trump),)
        out["stock"] = _as_cards(pos.table.stock)
        out["discard"] = _as_cards(pos.table.discard)
        return out

    def visible_zones(self, seat: object) -> frozenset[str]:
        """The seat's own hand, the trick, the trump card and every collection."""
        seat = self._check_seat(seat)
        collections = (f"collection/{s}" for s in range(self.players))
        return frozenset({f"hand/{seat}", "trick", "trump", *collections})

    def view(self, seat: object) -> View:
        """Return what ``seat`` may know: its hand, the table, and the sizes of hidden piles."""
        seat = self._check_seat(seat)
        pos = self._pos
        table = pos.table
        # The engine's fields in their order (`State._view_head`), then the game's by name.
        return View(
            *self._view_head(seat),
            hand=_hand_cards(pos.hands[seat]),
            hand_sizes=tuple(len(h) for h in pos.hands),
            trump=_card(table.trump),
            trump_colour=self.trump_colour,
            trick=_as_cards(pos.trick),
            leader=pos.leader,
            collections=self.collections,
            super_chats=table.super_chats,
            starter=table.starter,
            stock_size=len(table.stock),
            discard_size=len(table.discard),
            outcome=self.outcome,
        )

    # -- hooks ------------------------------------------------------------------------------

    @classmethod
    def _check_setup(cls, rules: Rules, players: int) -> None:
        super()._check_setup(rules, players)
        needed = HAND_SIZES[players] * players + 1
        size = rules.colours * rules.values
        if size < needed:
            msg = (
                f"a deck of {rules.colours} colours x {rules.values} values has {size} cards; "
                f"{players} players need {needed} ({HAND_SIZES[players]} each and the trump card)"
            )
            raise InvalidSetupError(msg)

    @classmethod
    def _deal(cls, rules: Rules, players: int, rng: Rng) -> tuple[_Position, list[Event]]:
        events: list[Event] = []
        pos = _new_round(rules, players, rng, 1, rules.first_player, (0,) * players, events)
        return pos, events

    @classmethod
    def _from_setup(cls, rules: Rules, players: int, setup: Setup) -> tuple[_Position, list[Event]]:
        _check_scenario(setup, players, rules)
        trick = _as_ints(setup.trick)
        table = _new_round_record(
            trump=_INT[setup.trump],
            stock=_as_ints(setup.stock),
            discard=_as_ints(setup.discard),
            super_chats=setup.super_chats,
            number=setup.round,
            starter=setup.starter,
            winners=None,
        )
        pos = _new_position(
            hands=[list(_plays(_as_ints(h))) for h in setup.hands],
            trick=list(trick),
            leader=(setup.to_move - len(trick)) % players,
            to_move=setup.to_move,
            collections=tuple(_by_colour(_as_ints(c), rules.colours) for c in setup.collections),
            table=table,
        )
        events: list[Event] = [
            RoundStarted(round=setup.round, starter=setup.starter, trump=setup.trump)
        ]
        events += [
            Dealt(seat=s, count=len(h), hand=h, visible_to=_ONLY[s])
            for s, h in enumerate(setup.hands)
        ]
        return pos, events

    @property
    def is_over(self) -> bool:
        """Whether the whole match has ended (checked once per step of every simulation)."""
        return self._pos.to_move is None

    def legal_actions(self) -> tuple[Action, ...]:
        """Every card of the mover's hand, in hand order; ``()`` once over (KT-2).

        Computed once per state and cached (the base's contract, one call shorter).
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = _legal(self._pos)
        return legal

    def _compute_legal_actions(self) -> tuple[Action, ...]:
        return _legal(self._pos)

    def _rule_against(self, action: Action) -> str | None:
        # The play's own check, the one its legal actions pass (see `_why_not`).
        return _why_not(self._pos, action)

    def _advance(self, action: Action) -> tuple[_Position, Sequence[Event]]:
        # The rules advance a copy in place: the position a state holds never changes.
        pos = self._pos.copy()
        return pos, _act(turn_of(self), pos, action)

    _random_playout = staticmethod(_play_out)
    _act_in_place = staticmethod(_act)
    _scores_in = staticmethod(_scores)
    _outcome_in = staticmethod(_outcome)

    @classmethod
    def _sample_position(cls, view: View, rng: random.Random) -> _Position:
        """Deal the cards ``view``'s seat cannot see where it cannot rule them out (KT sampler)."""
        return sample_position(view, rng)

    def _perturbed(self, seat: int, rng: Rng) -> State | None:
        """Shuffle every card ``seat`` cannot see (other hands, stock, discard) among them."""
        pos = self._pos
        table = pos.table
        others = [s for s in range(self.players) if s != seat]
        hidden = [c for s in others for c in _hand_ints(pos.hands[s])]
        mixed = rng.shuffled([*hidden, *table.stock, *table.discard])
        perturbed = pos.copy()
        k = 0
        for s in others:
            size = len(perturbed.hands[s])
            perturbed.hands[s] = list(_plays(mixed[k : k + size]))
            k += size
        mixed_table = table.but()
        mixed_table.stock = mixed[k : k + len(table.stock)]
        mixed_table.discard = mixed[k + len(table.stock) :]
        perturbed.table = mixed_table
        return self._replace_position(perturbed)


def _cards_of_collections(
    collections: tuple[tuple[tuple[int, ...], ...], ...],
) -> tuple[tuple[Card, ...], ...]:
    """Each seat's collection as cards, colour by colour."""
    return tuple(_flat_cards(c) for c in collections)


_collection_cards = LastOf(_cards_of_collections)
"""`_cards_of_collections`, kept for the very same tuple: every view holds the collections, and
they change only when a trick is won, so a search's rollouts (a view at every move) mostly ask
again for the tuple the positions passed on unchanged."""


_DEAL_PURPOSE: Final = 0x100
_LOSS_PURPOSE: Final = 0x200


def _play(turn: Turn, pos: _Position, index: int) -> Sequence[Event]:
    """KT-2: the mover plays the card at ``index`` of its hand to the trick; ``pos`` advances.

    The trick's last card also ends it (KT-3, KT-4), and maybe the round. Returns the events,
    or ``()`` once the trick ends where no one reads them (``turn.told`` is false).
    """
    mover: int = pos.to_move  # type: ignore[assignment]  # in play
    hands = pos.hands
    card = _INT_OF_PLAY[hands[mover].pop(index)]
    trick = pos.trick
    trick.append(card)
    # Typed of any length: mypyc would unbox a one-item tuple type, and box it again.
    played: tuple[Event, ...] = _PLAYED[mover][card]  # type: ignore[assignment]
    players = len(hands)
    if len(trick) < players:
        pos.to_move = (mover + 1) % players
        return played
    if not turn.told:
        _end_trick(turn, pos, None)
        return ()
    events: list[Event] = [played[0]]
    _end_trick(turn, pos, events)
    return events


def _index_in_hand(pos: _Position, action: Action) -> int:
    """Where the legal ``action`` is in the mover's hand: each card is held as its action."""
    hand = pos.hands[pos.to_move]  # type: ignore[index]  # in play
    for index, play in enumerate(hand):
        if play is action:
            return index
    return hand.index(action)  # type: ignore[arg-type]  # an equal action (never reached: interned)


def _end_trick(turn: Turn, pos: _Position, events: list[Event] | None) -> None:
    """Give the complete trick to its winner (KT-3, KT-4); end the round if it is over.

    ``events`` is ``None`` when no one reads them.
    """
    # The transitions are module functions: compiled, a call between them is a direct C call,
    # where a method of the (interpreted) `State` class is looked up and called through Python.
    table = pos.table
    trick = pos.trick
    rules: Rules = turn.rules
    at, coup = _trick_winner(trick, _COLOUR_OF[table.trump], rules.values)
    players = len(pos.hands)
    winner = (pos.leader + at) % players
    if events is not None:
        key = _shared_key(winner, trick[at], flag=coup)
        won = _TRICKS_WON.get(key)
        if won is None:
            won = _TRICKS_WON[key] = TrickWon(
                seat=winner, card=_card(trick[at]), coup_de_patte=coup
            )
        events.append(won)
    collection = list(pos.collections[winner])
    # Only a colour this trick added to can reach the loss threshold (KT-4); checked here in
    # native code rather than by ``max(map(len, collection))``, three builtin calls.
    loses = False
    for c in trick:
        colour = _COLOUR_OF[c]
        collection[colour] += (c,)
        if len(collection[colour]) >= _LOSS_THRESHOLD:
            loses = True
    if loses:
        _lose_colours(turn, pos, winner, collection, events)
    collections = list(pos.collections)
    collections[winner] = tuple(collection)
    pos.collections = tuple(collections)
    trick.clear()
    pos.leader = winner
    if _every_colour(collection):
        pos.to_move = None
        _end_round(turn, pos, "all-colours", winner, events)
        return
    emptied = _first_empty_hand(pos.hands, winner)
    if emptied >= 0:
        pos.to_move = None
        _end_round(turn, pos, "empty-hand", emptied, events)
        return
    pos.to_move = winner


def _every_colour(collection: list[tuple[int, ...]]) -> bool:
    """KT-5: whether ``collection`` holds a card of every colour (a native loop, no call)."""
    for pile in collection:  # noqa: SIM110 - ``all()`` of a generator costs the pure build more
        if not pile:
            return False
    return True


def _first_empty_hand(hands: list[list[PlayCard]], winner: int) -> int:
    """KT-5: the first seat from ``winner`` on whose hand is empty, or -1 if none is."""
    players = len(hands)
    for k in range(players):
        seat = (winner + k) % players
        if not hands[seat]:
            return seat
    return -1


def _lose_colours(
    turn: Turn,
    pos: _Position,
    winner: int,
    collection: list[tuple[int, ...]],
    events: list[Event] | None,
) -> None:
    """KT-4: each colour of ``collection`` holding four cards or more is dealt out."""
    hands = pos.hands
    players = len(hands)
    discard = pos.table.discard
    for colour, lost in enumerate(collection):
        if len(lost) < _LOSS_THRESHOLD:
            continue
        collection[colour] = ()
        if events is not None:
            # Fields by position (seat, colour, lost, discarded): a keyword to a Python class
            # costs a dict entry; the cards converted in a native loop rather than `_as_cards`.
            discarded = len(lost) - (players - 1)
            shown: tuple[Card, ...] = tuple([_CARD_OF[c] for c in lost])  # type: ignore[misc]
            events.append(ColourLost(winner, COLOUR_NAMES[colour], shown, discarded))
        # Shuffling face down and dealing the top cards: a partial Fisher-Yates shuffle
        # picks the dealt cards uniformly, one random number per receiver.
        cards_ = list(lost)
        for k in range(players - 1):
            j = k + turn.below(len(cards_) - k, _LOSS_PURPOSE + 8 * colour + k)
            cards_[k], cards_[j] = cards_[j], cards_[k]
            receiver = (winner + k + 1) % players
            play: PlayCard = _PLAY_OF[cards_[k]]  # type: ignore[assignment]  # a card
            hands[receiver].append(play)
            if events is None:
                continue
            key = _shared_key(receiver, cards_[k], other=winner)
            received = _CARDS_RECEIVED.get(key)
            if received is None:
                received = _CARDS_RECEIVED[key] = CardReceived(
                    seat=receiver,
                    source=winner,
                    card=_card(cards_[k]),
                    visible_to=_ONLY[receiver],
                )
            events.append(received)
        discard += tuple(cards_[players - 1 :])
    table = pos.table.but()
    table.discard = discard
    pos.table = table


def _end_round(
    turn: Turn, pos: _Position, reason: str, seat: int, events: list[Event] | None
) -> None:
    """KT-5: Super Chats to the most colours; KT-6: the match ends or a new round is dealt.

    ``pos`` is the position after the round's last trick, with nobody to move yet.
    """
    players = len(pos.hands)
    table = pos.table
    number, starter = table.number, table.starter
    # The colours each seat collected: its non-empty piles, counted in native code.
    colours = tuple([len([pile for pile in c if pile]) for c in pos.collections])
    most = max(colours)
    super_chats = tuple([n + (colours[s] == most) for s, n in enumerate(table.super_chats)])
    if events is not None:
        gainers = tuple([s for s in range(players) if colours[s] == most])
        # Fields by position (round, reason, seat, colours, gainers, super_chats).
        events.append(RoundEnded(number, reason, seat, colours, gainers, super_chats))
    leaders = max(super_chats)
    rules: Rules = turn.rules
    if leaders >= SUPER_CHATS_TO_WIN or number >= rules.max_rounds:
        winners = tuple([s for s in range(players) if super_chats[s] == leaders])
        by_limit = leaders < SUPER_CHATS_TO_WIN
        if events is not None:
            events.append(MatchEnded(winners, super_chats, by_limit))  # by position, as above
        # The match is over (KT-6): the last position keeps the table as the last trick left it.
        final = table.but()
        final.super_chats = super_chats
        final.winners = winners
        pos.table = final
        return
    if not turn.deals_on:
        # No one plays the next round: the match as it stands, the next starter to move.
        following = table.but()
        following.number = number + 1
        following.starter = (starter + 1) % players
        following.super_chats = super_chats
        pos.table = following
        pos.to_move = following.starter
        return
    rng = turn.rng(_DEAL_PURPOSE)
    _new_round(rules, players, rng, number + 1, (starter + 1) % players, super_chats, events, pos)


# --- Playing to a trick (KT-2): the legal plays and their check ----------------------------------


def _legal(pos: _Position) -> tuple[Action, ...]:
    """KT-2: any card of the mover's hand may be played: the hand holds their actions."""
    to_move = pos.to_move
    return () if to_move is None else tuple(pos.hands[to_move])


def _why_not(pos: _Position, action: Action) -> str | None:
    """Why ``action`` is not legal in ``pos``, or ``None`` if it is one of `_legal`'s.

    The same rule as `_legal`: a card of the mover's hand (a test holds the two equal on random
    matches).
    """
    to_move = pos.to_move
    if to_move is None or not isinstance(action, PlayCard):
        return NOT_THIS_STEP
    if action in pos.hands[to_move]:
        return None
    return (
        f"seat {to_move} does not hold the {action.card}; any card of the hand may be played (KT-2)"
    )


def _trick_winner(trick: list[int], trump: int, top: int) -> tuple[int, bool]:
    """KT-3: the index of the winning card, and whether it won as a Coup de patte.

    The highest trump wins if any trump was played, else the highest card of the led colour;
    a 1 counts as ``top + 1`` when its colour's ``top`` card is in the trick.
    """
    colours = [_COLOUR_OF[c] for c in trick]
    target = trump if trump in colours else colours[0]
    best = at = 0
    for i, colour in enumerate(colours):
        if colour == target:
            c = trick[i]
            value = _VALUE_OF[c]
            if value == 1 and card_int(colour, top) in trick:
                value = top + 1
            if value > best:
                best, at = value, i
    return at, best > top


def _new_round(  # noqa: PLR0917 - private helper of the deal
    rules: Rules,
    players: int,
    rng: Rng,
    number: int,
    starter: int,
    super_chats: tuple[int, ...],
    events: list[Event] | None,
    into: _Position | None = None,
) -> _Position:
    """Deal a round (KT-1) and record its events: one shuffle, hands sorted, the trump card.

    ``events`` is ``None`` when no one reads them (a playout, `State._told`). The round is
    dealt ``into`` a position that the rules advance (every field is set), or a new one.
    """
    order = rng.shuffled(_deck(rules.colours, rules.values)[1])
    size = HAND_SIZES[players]
    held = [sorted(order[s * size : (s + 1) * size]) for s in range(players)]
    trump = order[players * size]
    if events is not None:
        key = _shared_key(starter, trump, other=number)
        started = _ROUNDS_STARTED.get(key)
        if started is None:
            started = RoundStarted(round=number, starter=starter, trump=_card(trump))
            if number < _SHARED_ROUNDS:
                _ROUNDS_STARTED[key] = started
        events.append(started)
    hands: list[list[PlayCard]] = []
    for s, h in enumerate(held):
        # `_as_cards` and `_plays` inlined as comprehensions over `Final` tables: compiled,
        # native loops, where ``map`` calls a list's ``__getitem__`` through Python per card.
        if events is not None:
            hand: tuple[Card, ...] = tuple([_CARD_OF[c] for c in h])  # type: ignore[misc]
            events.append(dealt(s, hand, _ONLY[s]))
        hands.append([_PLAY_OF[c] for c in h])  # type: ignore[misc]
    stock = order[players * size + 1 :]
    table = _new_round_record(
        trump=trump,
        stock=stock,
        discard=(),
        super_chats=super_chats,
        number=number,
        starter=starter,
        winners=None,
    )
    empty = (((),) * rules.colours,) * players
    return _new_position(
        hands=hands,
        trick=[],
        leader=starter,
        to_move=starter,
        collections=empty,
        table=table,
        into=into,
    )


GAME: Game[State] = Game(
    slug="kitten-tricks",
    title="Kitten tricks",
    min_players=3,
    max_players=5,
    rules=Rules,
    state=State,
    view=View,
    actions=(PlayCard,),
    events=(
        _event_types.Dealt,
        _event_types.RoundStarted,
        _event_types.Played,
        _event_types.TrickWon,
        _event_types.CardReceived,
        _event_types.ColourLost,
        _event_types.RoundEnded,
        _event_types.MatchEnded,
    ),
    deck=lambda _players, rules: deck(rules),
    card=Card.from_code,
    setup=Setup,
    better_scores="higher",
    parts={
        "encoding": "cardgames.kitten_tricks.encoding:ENCODING",
        "board": "cardgames.kitten_tricks.board:BOARD",
        "handbook": "cardgames.kitten_tricks.handbook:Handbook",
        "heuristic_bot": "cardgames.kitten_tricks.bot:HeuristicBot",
        "statistics": "cardgames.kitten_tricks.stats:STATISTICS",
        "text": "cardgames.kitten_tricks.text:Text",
    },
)
"""The kitten tricks game object (slug ``kitten-tricks``, 3-5 players)."""


# A position's legal actions, for a search that plays bare positions (`State._legal_in`): set
# here, below the rule it names.
State._legal_in = staticmethod(_legal)  # noqa: SLF001
