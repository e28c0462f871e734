"""The contract checks themselves: each one catches the broken game it is meant to catch."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from cardgames import classic_mistigri as cm
from cardgames import testing
from cardgames.engine import Action, Event, Game, Outcome, State
from cardgames.rng import Rng


class HonestState(State[Any]):
    """Classic Mistigri by delegation to its real State, for the broken games to subclass.

    Not a subclass of ``cm.State``: in the compiled build, a game's compiled methods accept only
    that game's own class, so the broken States delegate instead.
    """

    __slots__ = ()

    def _honest(self) -> cm.State:
        return cm.State(self._rules, self._players, self._seed, self._setup, self._pos, self._log)

    @classmethod
    def _deal(cls, rules: cm.Rules, players: int, rng: Rng) -> tuple[Any, Any]:
        return cm.State._deal(rules, players, rng)

    @classmethod
    def _check_setup(cls, rules: cm.Rules, players: int) -> None:
        cm.State._check_setup(rules, players)

    @classmethod
    def _from_setup(cls, rules: cm.Rules, players: int, setup: cm.Setup) -> tuple[Any, Any]:
        return cm.State._from_setup(rules, players, setup)

    def _compute_legal_actions(self) -> tuple[Action, ...]:
        return self._honest().legal_actions()

    def _advance(self, action: Action) -> tuple[Any, Sequence[Event]]:
        return self._honest()._advance(action)

    def _perturbed(self, seat: int, rng: Rng) -> HonestState | None:
        other = self._honest()._perturbed(seat, rng)
        return None if other is None else self._replace_position(other._pos)

    @property
    def hands(self) -> tuple[tuple[cm.Card, ...], ...]:
        """Every seat's hand."""
        return self._honest().hands

    @property
    def to_move(self) -> int | None:
        """The seat to move."""
        return self._honest().to_move

    @property
    def round(self) -> int:
        """The round."""
        return self._honest().round

    @property
    def scores(self) -> tuple[int, ...]:
        """The scores."""
        return self._honest().scores

    @property
    def outcome(self) -> Outcome | None:
        """The outcome."""
        return self._honest().outcome

    def zones(self) -> dict[str, tuple[cm.Card, ...]]:
        """The honest zones."""
        return dict(self._honest().zones())

    def visible_zones(self, seat: int) -> frozenset[str]:
        """The honest visible zones."""
        return self._honest().visible_zones(seat)

    def view(self, seat: object) -> cm.View:
        """The honest view."""
        return self._honest().view(seat)


def broken_game(state_cls: type[HonestState]) -> Game[Any]:
    """A copy of classic Mistigri whose State is ``state_cls``."""
    return Game(
        slug="broken-mistigri",
        title="Broken Mistigri",
        min_players=2,
        max_players=4,
        rules=cm.Rules,
        state=state_cls,
        actions=(cm.Draw,),
        events=cm.GAME.event_types,
        deck=lambda _players, _rules: cm.DECK,
        card=cm.DECK.card,
        setup=cm.Setup,
    )


class LeakyState(HonestState):
    """Shows every seat the hand of its left neighbour."""

    __slots__ = ()

    def view(self, seat: object) -> cm.View:
        """Return the honest view with the neighbour's hand put in its place."""
        view = super().view(seat)
        return type(view)(
            **{
                **_fields(view),
                "hand": self.hands[(self._check_seat(seat) + 1) % self.players],
            }
        )


class LosingState(HonestState):
    """Forgets one card of the source's hand after every draw."""

    __slots__ = ()

    def zones(self) -> dict[str, tuple[cm.Card, ...]]:
        """Return the honest zones minus the first card found."""
        zones = dict(super().zones())
        for name, cards in zones.items():
            if cards:
                zones[name] = cards[1:]
                break
        return zones


class SeedShowingState(HonestState):
    """Puts the seed in the view's pairs."""

    __slots__ = ()

    def view(self, seat: object) -> cm.View:
        """Return the honest view with the seed among the pairs."""
        view = super().view(seat)
        return type(view)(**{**_fields(view), "pairs": (*view.pairs, (self.seed,))})


class PeekingState(HonestState):
    """Shows every seat, among the pairs, a card of its neighbour's hand."""

    __slots__ = ()

    def view(self, seat: object) -> cm.View:
        """Return the honest view with one foreign card appended to the hand."""
        view = super().view(seat)
        other = self.hands[(self._check_seat(seat) + 1) % self.players]
        return type(view)(**{**_fields(view), "hand": (*view.hand, *other[:1])})


def _fields(view: cm.View) -> dict[str, Any]:
    import attrs  # noqa: PLC0415 - keep the module's imports to what the tests exercise

    return {f.name: getattr(view, f.name) for f in attrs.fields(type(view))}


def test_check_game_passes_on_the_real_game() -> None:
    """The unmodified game passes every check."""
    testing.check_game(cm.GAME, players=[3], seeds=[987_654_321])


def test_leaky_view_is_caught() -> None:
    """A view showing another seat's hand fails the perturbation check."""
    game = broken_game(LeakyState)
    state = game.new(3, seed=1_000_000_007)
    with pytest.raises(testing.ContractViolation, match=r"cannot know|has not seen"):
        testing.check_views(state, Rng(1))


def test_unseen_card_in_view_is_caught() -> None:
    """A view showing a card the seat never saw fails, naming the card."""
    game = broken_game(PeekingState)
    state = game.new(3, seed=1_000_000_007)
    with pytest.raises(testing.ContractViolation, match="a card it has not seen"):
        testing.check_views(state)


def test_lost_card_is_caught() -> None:
    """Zones that miss a card fail the conservation check, naming the card."""
    game = broken_game(LosingState)
    state = game.new(2, seed=5)
    with pytest.raises(testing.ContractViolation, match="missing"):
        testing.check_conservation(state)


def test_seed_in_view_is_caught() -> None:
    """A view containing the seed fails the view check."""
    game = broken_game(SeedShowingState)
    state = game.new(2, seed=1_000_000_007)
    with pytest.raises(testing.ContractViolation, match="shows the seed"):
        testing.check_views(state)


def test_endless_match_is_caught() -> None:
    """random_match stops a match that does not end and says so."""
    with pytest.raises(testing.ContractViolation, match="did not end within 3 actions"):
        list(testing.random_match(cm.GAME, 4, 1, max_actions=3))
