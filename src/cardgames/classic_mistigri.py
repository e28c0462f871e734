"""Classic Mistigri (Djeco): Old Maid with sixteen pairs and one odd cat.

The module reads like the rulebook (see ``docs/games/classic-mistigri.md`` for the clauses):
the cards (CL-1), the rules options, the action, the events, the position and its transitions:
the deal (CL-2), pairs laid at once (CL-3), the blind draw from the left neighbour (CL-4),
players leaving play (CL-5) and the end of the match (CL-6, CL-7).

>>> from cardgames import classic_mistigri
>>> state = classic_mistigri.GAME.new(3, seed=7)
>>> state.legal_actions()[:2]
(Draw(position=0), Draw(position=1))
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar, NamedTuple, cast

import attrs

from cardgames import cards
from cardgames.engine import Action, Dealt, Event, Game, Outcome
from cardgames.engine import State as _BaseState
from cardgames.engine import View as _BaseView
from cardgames.errors import InvalidSetupError
from cardgames.rng import Rng

__all__ = [
    "DECK",
    "GAME",
    "MISTIGRI",
    "Card",
    "Dealt",
    "Draw",
    "Drew",
    "LeftPlay",
    "MatchEnded",
    "PairsLaid",
    "Rules",
    "Setup",
    "State",
    "View",
    "scenario",
]

MOTIFS = 16
"""The number of pair motifs (CL-1)."""

# --- Cards (CL-1) ---------------------------------------------------------------------------


@attrs.frozen(slots=True, cache_hash=True)
class Card(cards.Card):
    """A classic Mistigri card: one of two copies of a motif ``1..16``, or the Mistigri (``0``)."""

    motif: int = attrs.field()

    @motif.validator
    def _check_motif(self, _: object, motif: int) -> None:
        if not isinstance(motif, int) or isinstance(motif, bool) or not 0 <= motif <= MOTIFS:
            msg = f"a classic Mistigri card's motif is 0 (the Mistigri) or 1..16, not {motif!r}"
            raise ValueError(msg)

    @property
    def is_mistigri(self) -> bool:
        """Whether this is the odd cat, the Mistigri."""
        return self.motif == 0

    @property
    def code(self) -> str:
        """``"mistigri"`` or ``"m1"`` .. ``"m16"``."""
        return "mistigri" if self.motif == 0 else f"m{self.motif}"

    @classmethod
    def from_code(cls, code: str) -> Card:
        """Return the card whose :attr:`code` is ``code`` (``KeyError`` if there is none)."""
        return DECK.card(code)

    def __str__(self) -> str:
        """Return ``Mistigri`` or ``motif 7``."""
        return "Mistigri" if self.motif == 0 else f"motif {self.motif}"


MISTIGRI = Card(0)
"""The odd cat: it has no twin and its final holder loses."""

DECK: cards.Deck[Card] = cards.Deck(
    [Card(m) for m in range(1, MOTIFS + 1) for _ in range(2)] + [MISTIGRI]
)
"""The 33 cards (CL-1): two of each motif 1..16, then the Mistigri."""

_CARDS = {card.motif: card for card in DECK}

# --- Rules options ------------------------------------------------------------------------


def _check_first_player(_: object, __: object, value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        msg = f"first_player must be a seat number (an int >= 0), not {value!r}"
        raise InvalidSetupError(msg)


@attrs.frozen(slots=True)
class Rules:
    """The options of classic Mistigri; the defaults are the rulebook's game."""

    first_player: int = attrs.field(default=0, validator=_check_first_player)
    """The seat that is dealt to first and plays first (the rulebook's youngest player)."""
    most_pairs_wins: bool = attrs.field(default=False, validator=attrs.validators.instance_of(bool))
    """CL-7: when true, among the players without the Mistigri only those with the most pairs
    laid are winners. Off by default: everyone but the Mistigri's holder wins."""


# --- Actions -----------------------------------------------------------------------------


@attrs.frozen(slots=True, cache_hash=True)
class Draw(Action):
    """Draw blindly the card at ``position`` of the fanned hand of the player on your left.

    The holder's fan is reshuffled with the match's randomness before every draw, so every
    position is equally likely to hold any of their cards (CL-4).
    """

    kind: ClassVar[str] = "draw"
    interchangeable: ClassVar[bool] = True
    position: int

    def __str__(self) -> str:
        """Return ``draw #3``."""
        return f"draw #{self.position}"


_DRAWS = tuple(Draw(i) for i in range(len(DECK)))
_BETWEEN = tuple(tuple(frozenset({a, b}) for b in range(4)) for a in range(4))

# --- Events ------------------------------------------------------------------------------


@attrs.frozen(slots=True)
class PairsLaid(Event):
    """``seat`` laid the pairs of ``motifs`` face up (CL-3); public.

    After the deal a seat lays all its pairs at once (one event); after a draw, at most one.
    """

    kind: ClassVar[str] = "pairs-laid"
    seat: int
    motifs: tuple[int, ...]

    def __str__(self) -> str:
        """Describe the pairs."""
        if len(self.motifs) == 1:
            return f"seat {self.seat} lays the pair of motif {self.motifs[0]}"
        listed = ", ".join(map(str, self.motifs))
        return f"seat {self.seat} lays the pairs of motifs {listed}"


@attrs.frozen(slots=True)
class Drew(Event):
    """``seat`` drew ``card`` from ``source``; only the two of them see the card (CL-4)."""

    kind: ClassVar[str] = "drew"
    seat: int
    source: int
    card: Card | None

    def redacted(self) -> Drew:
        """Hide the card."""
        return attrs.evolve(self, card=None)

    def __str__(self) -> str:
        """Describe the draw."""
        what = "a card" if self.card is None else f"the {self.card}"
        return f"seat {self.seat} draws {what} from seat {self.source}"


@attrs.frozen(slots=True)
class LeftPlay(Event):
    """``seat`` has no cards left and is out of play, safe (CL-5); public."""

    kind: ClassVar[str] = "left-play"
    seat: int

    def __str__(self) -> str:
        """Describe the departure."""
        return f"seat {self.seat} has no cards left and is safe"


@attrs.frozen(slots=True)
class MatchEnded(Event):
    """Only the Mistigri is left in any hand: ``loser`` holds it (CL-6); public."""

    kind: ClassVar[str] = "match-ended"
    loser: int
    winners: tuple[int, ...]

    def __str__(self) -> str:
        """Name the loser and the winners."""
        winners = ", ".join(f"seat {s}" for s in self.winners) or "nobody"
        return f"seat {self.loser} is left with the Mistigri and loses; winners: {winners}"


# --- Scenarios ---------------------------------------------------------------------------


@attrs.frozen(slots=True)
class Setup:
    """An explicit position: each seat's hand in fan order, the motifs laid, whose turn."""

    hands: tuple[tuple[Card, ...], ...]
    pairs: tuple[tuple[int, ...], ...]
    to_move: int


def scenario(
    hands: Sequence[Sequence[Card]],
    *,
    pairs: Sequence[Sequence[int]] | None = None,
    to_move: int = 0,
    seed: int | None = None,
    rules: Rules | None = None,
) -> State:
    """Build a state from an explicit position, to test or teach a chosen situation.

    Args:
        hands: one hand per seat (so ``len(hands)`` is the player count), in fan order.
        pairs: the motifs each seat has already laid, in the order laid; ``None`` means no
            pair has been laid yet (the hands then hold all 33 cards).
        to_move: the seat whose turn it is; it must hold cards (unless the match is over).
        seed: drives the blind draws from here on.
        rules: the options (``first_player`` is not used by a scenario).

    Raises:
        InvalidSetupError: the cards are not exactly the 33 of the deck (hands plus two per laid
            pair), a hand holds a pair (pairs are laid at once, CL-3), or ``to_move`` is not a
            seat holding cards.
    """
    players = len(hands)
    setup = Setup(
        hands=tuple(tuple(hand) for hand in hands),
        pairs=tuple(tuple(p) for p in pairs) if pairs is not None else ((),) * players,
        to_move=to_move,
    )
    return GAME._from_setup(players, setup, seed, rules)  # noqa: SLF001


# --- Position and transitions ------------------------------------------------------------


class _Position(NamedTuple):
    # Hands hold motif numbers (0 is the Mistigri): the hot path compares small ints, and the
    # public properties turn them back into cards.
    hands: tuple[tuple[int, ...], ...]
    pairs: tuple[tuple[int, ...], ...]
    to_move: int | None
    source: int | None  # the seat to_move draws from
    loser: int | None


@attrs.frozen(slots=True)
class View(_BaseView):
    """What one seat of classic Mistigri may know."""

    game: ClassVar[str] = "classic-mistigri"
    hand: tuple[Card, ...]
    """This seat's own cards, in fan order."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    pairs: tuple[tuple[int, ...], ...]
    """The motifs each seat has laid, in the order laid (public)."""
    draw_from: int | None
    """The seat that ``to_move`` will draw from."""
    outcome: Outcome | None
    """How the match ended, once it is over."""


class State(_BaseState[_Position]):
    """A moment of a classic Mistigri match."""

    __slots__ = ()
    rules: Rules

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
    def to_move(self) -> int | None:
        """The seat whose turn it is, or ``None`` once the match is over."""
        return self._pos.to_move

    @property
    def round(self) -> int:
        """Classic Mistigri is a single round."""
        return 1

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

    def visible_zones(self, seat: int) -> frozenset[str]:
        """The seat's own hand and every seat's laid pairs (face up)."""
        seat = self._check_seat(seat)
        return frozenset({f"hand/{seat}", *(f"pairs/{s}" for s in range(self.players))})

    def view(self, seat: int) -> View:
        """Return what ``seat`` may know: its own hand, the public table and hand sizes."""
        seat = self._check_seat(seat)
        pos = self._pos
        return View(
            **self._view_base(seat),
            hand=_as_cards(pos.hands[seat]),
            hand_sizes=tuple(len(h) for h in pos.hands),
            pairs=pos.pairs,
            draw_from=self.draw_from,
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
        dealt = cards.deal_round_robin(rng.shuffled(DECK.cards), players, rules.first_player)
        events = _dealt_events(dealt)
        hands: list[tuple[int, ...]] = []
        pairs: list[tuple[int, ...]] = []
        for seat in range(players):
            hand, laid = _lay_pairs(tuple(c.motif for c in dealt[seat]))
            hands.append(hand)
            pairs.append(laid)
            if laid:
                events.append(PairsLaid(seat=seat, motifs=laid))
        return _settle(tuple(hands), tuple(pairs), rules.first_player, rules, events, start=True)

    @classmethod
    def _from_setup(cls, rules: Rules, players: int, setup: Setup) -> tuple[_Position, list[Event]]:
        _check_scenario(setup, players)
        events = _dealt_events(setup.hands)
        hands = tuple(tuple(c.motif for c in h) for h in setup.hands)
        return _settle(hands, setup.pairs, setup.to_move, rules, events, start=True)

    def _compute_legal_actions(self) -> tuple[Action, ...]:
        pos = self._pos
        return _DRAWS[: len(pos.hands[pos.source])]  # type: ignore[index]

    def _why_illegal(self, action: Action) -> str:
        source = self.draw_from
        if isinstance(action, Draw) and source is not None:
            size = len(self._pos.hands[source])
            return (
                f"seat {source}, on their left, holds {size} cards, so the position must be "
                f"0..{size - 1}"
            )
        return super()._why_illegal(action)  # pragma: no cover - Draw is the only action

    def _advance(self, action: Action) -> tuple[_Position, list[Event]]:
        assert isinstance(action, Draw)  # noqa: S101 - only legal actions reach here
        pos = self._pos
        mover: int = pos.to_move  # type: ignore[assignment]
        source: int = pos.source  # type: ignore[assignment]
        fan = pos.hands[source]
        # Reshuffling the fan and taking the card at ``position`` picks each card with equal
        # probability; a random rotation of the fan gives that distribution in O(1).
        index = (self._random_below(len(fan)) + action.position) % len(fan)
        motif = fan[index]
        hands = list(pos.hands)
        hands[source] = fan[:index] + fan[index + 1 :]
        events: list[Event] = [
            Drew(seat=mover, source=source, card=_CARDS[motif], visible_to=_BETWEEN[mover][source])
        ]
        pairs = pos.pairs
        own = hands[mover]
        if motif in own:
            at = own.index(motif)
            hands[mover] = own[:at] + own[at + 1 :]
            pairs = (*pairs[:mover], (*pairs[mover], motif), *pairs[mover + 1 :])
            events.append(PairsLaid(seat=mover, motifs=(motif,)))
        else:
            hands[mover] = (*own, motif)
        if hands[source] and hands[mover]:
            # Nobody left play, so the seat drawn from plays next (CL-4) and draws from the
            # nearest seat on its left that holds cards.
            players = self._players
            after = (source + 1) % players
            while not hands[after]:
                after = (after + 1) % players
            return _Position(tuple(hands), pairs, source, after, None), events
        if not hands[source]:
            events.append(LeftPlay(seat=source))
        if not hands[mover]:
            events.append(LeftPlay(seat=mover))
        return _settle(tuple(hands), pairs, mover, self.rules, events, start=False)

    @classmethod
    def _sample_position(cls, view: View, rng: random.Random) -> _Position:
        """Deal the cards ``view.seat`` has not seen among the other hands, as it may believe.

        Every card is followed through the seat's events with the set of hands it may be in:
        a card drawn from the seat is in the drawer's hand, a card the seat drew came from its
        source; a blind draw between two other seats lets every card of the source's possible
        hands move to the drawer; laid pairs leave play. The sample respects those sets, every
        hand size and the rule that no hand holds a pair (CL-3).
        """
        seat = view.seat
        tokens = _card_whereabouts(view)
        sizes = list(view.hand_sizes)
        sizes[seat] = 0
        hidden = [(motif, places) for motif, places in tokens if places != {seat}]
        hands = _place_tokens(hidden, sizes, rng)
        hands[seat] = [c.motif for c in view.hand]
        for s, hand in enumerate(hands):
            if s != seat:
                rng.shuffle(hand)
        outcome = view.outcome
        return _Position(
            tuple(map(tuple, hands)),
            view.pairs,
            view.to_move,
            view.draw_from,
            outcome.losers[0] if outcome is not None else None,
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
        return self._replace_position(self._pos._replace(hands=new_hands))


def _card_whereabouts(view: View) -> list[tuple[int, set[int]]]:
    """Each card still in a hand, as (motif, the seats that may hold it) for ``view.seat``."""
    seat, players = view.seat, view.players
    others = set(range(players)) - {seat}
    tokens: list[tuple[int, set[int]]] = []
    for event in view.events:
        if isinstance(event, Dealt) and event.seat == seat:
            own = [c.motif for c in event.hand]
            # Pairs laid by the end of the view (a scenario may start with some) are out of
            # play: their draws before being laid do not matter to where the rest is.
            laid = {m for motifs in view.pairs for m in motifs}
            rest = [c.motif for c in DECK if c.motif not in laid]
            for m in own:
                if m not in laid:
                    rest.remove(m)
            own = [m for m in own if m not in laid]
            tokens = [(m, {seat}) for m in own] + [(m, set(others)) for m in rest]
        elif isinstance(event, PairsLaid):
            laid = set(event.motifs)
            tokens = [t for t in tokens if t[0] not in laid]
        elif isinstance(event, Drew):
            tokens = _follow_draw(tokens, event)
        elif isinstance(event, LeftPlay):
            for _, places in tokens:
                places.discard(event.seat)
    return tokens


def _follow_draw(tokens: list[tuple[int, set[int]]], event: Drew) -> list[tuple[int, set[int]]]:
    """Update the whereabouts of the cards after a draw, as the viewing seat saw it."""
    drawer, source = event.seat, event.source
    if event.card is None:  # a blind draw between two other seats
        for _, places in tokens:
            if source in places:
                places.add(drawer)
        return tokens
    motif = event.card.motif
    # The copies of the drawn motif that may have been in the source's hand: one of them moved.
    candidates = [i for i, (m, places) in enumerate(tokens) if m == motif and source in places]
    if not candidates:  # a motif laid by the end of the view: out of the picture
        return tokens
    moved = candidates[0]
    if len(candidates) > 1:
        # Which copy moved is unknown: the one left may be wherever either copy could be.
        left = set().union(*(tokens[i][1] for i in candidates))
        for i in candidates[1:]:
            tokens[i] = (motif, set(left))
    tokens[moved] = (motif, {drawer})
    return tokens


def _place_tokens(
    tokens: list[tuple[int, set[int]]], sizes: list[int], rng: random.Random
) -> list[list[int]]:
    """Give each card a hand among its possible ones: exact sizes, no hand holding a pair.

    A randomized greedy pass (most constrained card first) nearly always succeeds; after a
    few failed passes an exhaustive search finds an arrangement (the real one exists).
    """
    for _ in range(_GREEDY_TRIES):
        hands: list[list[int]] = [[] for _ in sizes]
        room = list(sizes)
        order = sorted(tokens, key=lambda t: (len(t[1]), rng.random()))
        for motif, places in order:
            options = [s for s in places if room[s] and motif not in hands[s]]
            if not options:
                break
            chosen = options[rng.randrange(len(options))] if len(options) > 1 else options[0]
            hands[chosen].append(motif)
            room[chosen] -= 1
        else:
            return hands
    return _place_exhaustively(tokens, sizes, rng)


def _place_exhaustively(
    tokens: list[tuple[int, set[int]]], sizes: list[int], rng: random.Random
) -> list[list[int]]:
    hands: list[list[int]] = [[] for _ in sizes]
    room = list(sizes)
    order = sorted(tokens, key=lambda t: len(t[1]))

    def place(i: int) -> bool:
        if i == len(order):
            return True
        motif, places = order[i]
        options = [s for s in places if room[s] and motif not in hands[s]]
        rng.shuffle(options)
        for s in options:
            hands[s].append(motif)
            room[s] -= 1
            if place(i + 1):
                return True
            hands[s].pop()
            room[s] += 1
        return False

    if not place(0):
        msg = "no arrangement of the hidden cards agrees with this view"
        raise ValueError(msg)
    return hands


_GREEDY_TRIES = 20


def _dealt_events(hands: tuple[tuple[Card, ...], ...]) -> list[Event]:
    """One private ``Dealt`` event per seat, seen by that seat alone."""
    return [
        Dealt(seat=s, count=len(h), hand=h, visible_to=_BETWEEN[s][s]) for s, h in enumerate(hands)
    ]


def _as_cards(motifs: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(_CARDS[m] for m in motifs)


def _lay_pairs(hand: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Lay every pair of a hand (CL-3): return the motifs kept and the motifs laid."""
    unpaired: set[int] = set()
    laid: list[int] = []
    for motif in hand:
        if motif in unpaired:
            unpaired.remove(motif)
            laid.append(motif)
        else:
            unpaired.add(motif)
    return tuple(m for m in hand if m in unpaired), tuple(laid)


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
        outcome = _outcome(loser, tuple(len(p) for p in pairs), rules)
        events.append(MatchEnded(loser=loser, winners=outcome.winners))
        return _Position(hands, pairs, None, None, loser), events
    to_move = after if start and hands[after] else _next_holder(after, holders)
    return _Position(hands, pairs, to_move, _next_holder(to_move, holders), None), events


def _next_holder(seat: int, holders: list[int]) -> int:
    """The nearest seat on the left of ``seat`` that holds cards (CL-4); ``holders`` is sorted."""
    for holder in holders:
        if holder > seat:
            return holder
    return holders[0]


def _outcome(loser: int, scores: tuple[int, ...], rules: Rules) -> Outcome:
    others = [s for s in range(len(scores)) if s != loser]
    if rules.most_pairs_wins:
        best = max(scores[s] for s in others)
        others = [s for s in others if scores[s] == best]
    return Outcome(winners=tuple(others), scores=scores, losers=(loser,))


def _check_scenario(setup: Setup, players: int) -> None:  # noqa: C901 - one check per clause
    if len(setup.pairs) != players:
        msg = (
            f"pairs must list the motifs laid by each of the {players} seats, "
            f"got {len(setup.pairs)}"
        )
        raise InvalidSetupError(msg)
    for seat, hand in enumerate(setup.hands):
        for card in cast("tuple[object, ...]", hand):  # scenarios come from users: check
            if not isinstance(card, Card):
                msg = f"seat {seat}'s hand holds {card!r}, which is not a classic Mistigri card"
                raise InvalidSetupError(msg)
        held = [c.motif for c in hand]
        twins = sorted({m for m in held if held.count(m) > 1})
        if twins:
            msg = (
                f"seat {seat}'s hand holds a pair of motif {twins[0]}; pairs are laid at once "
                "(CL-3), so list it in pairs instead"
            )
            raise InvalidSetupError(msg)
    laid: list[Card] = []
    for seat, motifs in enumerate(setup.pairs):
        for m in motifs:
            if not isinstance(m, int) or isinstance(m, bool) or not 1 <= m <= MOTIFS:
                msg = f"seat {seat} laid a pair of motif {m!r}; motifs are 1..{MOTIFS}"
                raise InvalidSetupError(msg)
            laid += [_CARDS[m], _CARDS[m]]
    missing, extra = DECK.missing_and_extra([c for h in setup.hands for c in h] + laid)
    if missing or extra:
        msg = (
            "the hands and laid pairs must hold each of the 33 cards exactly once; "
            f"missing: {sorted(map(str, missing.elements()))}, "
            f"extra: {sorted(map(str, extra.elements()))}"
        )
        raise InvalidSetupError(msg)
    over = sum(len(h) for h in setup.hands) == 1
    to_move = setup.to_move
    if not over and (
        not isinstance(to_move, int)
        or isinstance(to_move, bool)
        or not 0 <= to_move < players
        or not setup.hands[to_move]
    ):
        msg = f"to_move must be a seat holding cards, not {to_move!r}"
        raise InvalidSetupError(msg)


GAME: Game[State] = Game(
    slug="classic-mistigri",
    title="Classic Mistigri",
    min_players=2,
    max_players=4,
    rules=Rules,
    state=State,
    actions=(Draw,),
    deck=lambda _players, _rules: DECK,
    card=DECK.card,
    setup=Setup,
)
"""The classic Mistigri game object (slug ``classic-mistigri``, 2-4 players)."""
