"""War: the rules engine of a two-player game written only for the tests.

It is the fifth game of the suite, added as a game of one's own would be: this folder and
nothing else. Its clauses are numbered on its rules page (``rules.md``, beside this module).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar, NamedTuple

import attrs

from cardgames import cards
from cardgames._codec import is_int
from cardgames.engine import Action, Dealt, Event, Game, Outcome, View
from cardgames.engine import State as _BaseState
from cardgames.errors import InvalidSetupError
from cardgames.rng import Rng

__all__ = ["DECK", "GAME", "Battle", "Card", "Flip", "Flipped", "Rules", "Setup", "State"]

VALUES = 8
"""Clause 1: the deck holds two cards of each value 1..8."""


@attrs.frozen(slots=True)
class Card(cards.Card):
    """A war card: only its value counts."""

    value: int

    def __attrs_post_init__(self) -> None:
        """Refuse a value outside 1..8."""
        if not is_int(self.value) or not 1 <= self.value <= VALUES:
            msg = f"a war card's value is 1..{VALUES}, not {self.value!r}"
            raise ValueError(msg)

    @property
    def code(self) -> str:
        """The value, such as ``7``."""
        return str(self.value)

    def __str__(self) -> str:
        """The value."""
        return self.code


DECK = cards.Deck(Card(value) for value in range(1, VALUES + 1) for _ in range(2))
"""Clause 1: sixteen cards."""


def _check_first(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not is_int(value) or value not in {0, 1}:
        msg = f"{attribute.name} must be seat 0 or 1, not {value!r}"
        raise InvalidSetupError(msg)


@attrs.frozen
class Rules:
    """War's one option."""

    first_player: int = attrs.field(default=0, validator=_check_first)
    """The seat that flips first in the first battle (clause 3)."""


@attrs.frozen
class Flip(Action):
    """Turn the top card of one's own pile face up (clause 3)."""

    kind: ClassVar[str] = "flip"

    def __str__(self) -> str:
        """``flip``."""
        return "flip"


FLIP = Flip()


@attrs.frozen(slots=True)
class Flipped(Event):
    """``seat`` turned ``card`` face up."""

    kind: ClassVar[str] = "flipped"
    seat: int
    card: Card

    def __str__(self) -> str:
        """Describe the flip."""
        return f"seat {self.seat} flips {self.card}"


@attrs.frozen(slots=True)
class Battle(Event):
    """A battle ended: ``winner`` took both cards, or ``None`` for a tie."""

    kind: ClassVar[str] = "battle"
    winner: int | None

    def __str__(self) -> str:
        """Describe the battle."""
        return "a tie" if self.winner is None else f"seat {self.winner} wins the battle"


@attrs.frozen
class Setup:
    """An explicit start: each seat's face-down pile, top card last, and who flips first."""

    piles: tuple[tuple[Card, ...], ...]
    to_move: int = 0


@attrs.frozen
class WarView(View):
    """What one seat knows: nothing of the piles but their sizes, everything face up."""

    game: ClassVar[str] = "war"
    pile_sizes: tuple[int, ...]
    table: tuple[Card, ...]
    won: tuple[tuple[Card, ...], ...]
    ties: tuple[Card, ...]
    outcome: Outcome | None


class _Position(NamedTuple):
    piles: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    won: tuple[tuple[Card, ...], ...]
    ties: tuple[Card, ...]
    to_move: int | None
    leader: int
    """The seat that flipped first in the current battle."""


class State(_BaseState[_Position]):
    """A moment of a war match."""

    __slots__ = ()

    @property
    def round(self) -> int:
        """War is one round."""
        return 1

    @property
    def scores(self) -> tuple[int, ...]:
        """Clause 5: the cards each seat has won."""
        return tuple(len(won) for won in self._pos.won)

    @property
    def outcome(self) -> Outcome | None:
        """Clause 5: the seats with the most cards won (a tie shares the win)."""
        if self._pos.to_move is not None:
            return None
        scores = self.scores
        best = max(scores)
        return Outcome(tuple(s for s, n in enumerate(scores) if n == best), scores)

    def zones(self) -> Mapping[str, tuple[Card, ...]]:
        """Each pile, the battle on the table, each seat's won cards and the ties."""
        pos = self._pos
        out: dict[str, tuple[Card, ...]] = {}
        for seat in range(2):
            out[f"pile/{seat}"] = pos.piles[seat]
            out[f"won/{seat}"] = pos.won[seat]
        out["table"] = pos.table
        out["ties"] = pos.ties
        return out

    def visible_zones(self, seat: object) -> frozenset[str]:
        """Clause 2: every zone but the face-down piles, one's own included."""
        self._check_seat(seat)
        return frozenset({"table", "ties", "won/0", "won/1"})

    def view(self, seat: object) -> WarView:
        """The sizes of the piles and everything face up."""
        seat = self._check_seat(seat)
        pos = self._pos
        return WarView(
            **self._view_base(seat),
            pile_sizes=tuple(len(p) for p in pos.piles),
            table=pos.table,
            won=pos.won,
            ties=pos.ties,
            outcome=self.outcome,
        )

    @classmethod
    def _deal(cls, rules: Rules, players: int, rng: Rng) -> tuple[_Position, list[Event]]:
        shuffled = rng.shuffled(DECK.cards)
        half = len(shuffled) // players
        piles = (tuple(shuffled[:half]), tuple(shuffled[half:]))
        return _start(piles, rules.first_player)

    @classmethod
    def _from_setup(cls, rules: Rules, players: int, setup: Setup) -> tuple[_Position, list[Event]]:
        del rules
        if len(setup.piles) != players:
            msg = f"piles: one pile per player, got {len(setup.piles)}"
            raise InvalidSetupError(msg)
        if len({len(pile) for pile in setup.piles}) != 1:
            sizes = [len(p) for p in setup.piles]
            msg = f"piles: clause 2 deals the piles evenly, got sizes {sizes}"
            raise InvalidSetupError(msg)
        missing, extra = DECK.missing_and_extra([c for pile in setup.piles for c in pile])
        if missing or extra:
            msg = "piles: the piles must hold the sixteen cards of the deck, each once"
            raise InvalidSetupError(msg)
        if not is_int(setup.to_move) or setup.to_move not in {0, 1}:
            msg = f"to_move: seat 0 or 1, not {setup.to_move!r}"
            raise InvalidSetupError(msg)
        return _start(setup.piles, setup.to_move)

    def _compute_legal_actions(self) -> tuple[Action, ...]:
        return (FLIP,)

    def _advance(self, action: Action) -> tuple[_Position, Sequence[Event]]:
        del action  # the only action is a flip
        pos = self._pos
        mover: int = pos.to_move  # type: ignore[assignment]  # only legal actions reach here
        pile = pos.piles[mover]
        card = pile[-1]
        piles = tuple(pile[:-1] if s == mover else p for s, p in enumerate(pos.piles))
        table = (*pos.table, card)
        events: list[Event] = [Flipped(mover, card)]
        if len(table) == 1:
            # Clause 3: the other seat answers the battle.
            return pos._replace(piles=piles, table=table, to_move=1 - mover), events
        # Clause 4: the higher card takes both; equal cards go to the ties.
        first, second = table
        if first.value == second.value:
            winner, leader = None, pos.leader
            won, ties = pos.won, (*pos.ties, *table)
        else:
            winner = pos.leader if first.value > second.value else 1 - pos.leader
            leader = winner
            won = tuple((*w, *table) if s == winner else w for s, w in enumerate(pos.won))
            ties = pos.ties
        events.append(Battle(winner))
        to_move = leader if piles[leader] else None
        return _Position(piles, (), won, ties, to_move, leader), events

    @classmethod
    def _sample_position(cls, view: WarView, rng: random.Random) -> _Position:
        """Every card not face up, shuffled into piles of the sizes the view shows."""
        face_up = [*view.table, *view.ties, *(card for won in view.won for card in won)]
        unseen, _ = DECK.missing_and_extra(face_up)
        rest = list(unseen.elements())
        rng.shuffle(rest)
        size = view.pile_sizes[0]
        piles = (tuple(rest[:size]), tuple(rest[size:]))
        to_move = view.to_move
        # The leader of the battle under way: the seat that flipped the card on the table.
        if to_move is None:
            leader = 0
        elif view.table:
            leader = 1 - to_move
        else:
            leader = to_move
        return _Position(piles, view.table, view.won, view.ties, to_move, leader)


def _start(piles: tuple[tuple[Card, ...], ...], first: int) -> tuple[_Position, list[Event]]:
    events: list[Event] = [Dealt(seat, len(pile)) for seat, pile in enumerate(piles)]
    return _Position(piles, (), ((), ()), (), first, first), events


def scenario(
    piles: Sequence[Sequence[Card]],
    *,
    to_move: int = 0,
    seed: int | None = None,
    rules: Rules | None = None,
) -> State:
    """A match from explicit piles (top card last), to test a chosen battle."""
    setup = Setup(tuple(tuple(pile) for pile in piles), to_move)
    game: Game[State] = Game.of_setup(Setup)
    return game.from_setup(len(setup.piles), setup, seed=seed, rules=rules)


GAME: Game[State] = Game(
    slug="war",
    title="War",
    min_players=2,
    max_players=2,
    rules=Rules,
    state=State,
    view=WarView,
    actions=(Flip,),
    events=(Dealt, Flipped, Battle),
    deck=lambda _players, _rules: DECK,
    card=DECK.card,
    setup=Setup,
    better_scores="higher",
)
"""War (slug ``war``, two players): registered by the test session only."""
