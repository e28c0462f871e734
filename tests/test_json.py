"""One JSON convention: `to_dict` gives plain data, `to_json` text; every document loads back."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import cardgames
from cardgames.bots import ISMCTSBot
from cardgames.engine import Event, Game, State, View
from cardgames.errors import InvalidStateError

GAMES = list(cardgames.GAMES.values())
COUNTS = [(g, n) for g in GAMES for n in range(g.min_players, g.max_players + 1)]


def _random_match(game: Game[Any], players: int, seed: int) -> list[State[Any]]:
    """Every state of one random match."""
    state: State[Any] = game.new(players, seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@pytest.mark.parametrize(("game", "players"), COUNTS, ids=lambda v: getattr(v, "slug", str(v)))
def test_views_events_and_actions_load_back(game: Game[Any], players: int) -> None:
    """Views, events (whole and redacted) and actions load back equal from JSON text and dicts.

    Every seat's view at several points of a random match, every legal action there, and every
    event of the match.
    """
    states = _random_match(game, players, seed=players)
    for state in [*states[:: max(1, len(states) // 6)], states[-1]]:
        for seat in range(players):
            view = state.view(seat)
            assert game.view_from_json(view.to_json()) == view
            assert game.view_from_dict(json.loads(json.dumps(view.to_dict()))) == view
        for action in state.legal_actions():
            assert isinstance(action.to_json(), str)
            assert game.action_from_json(action.to_json()) == action
            assert game.action_from_dict(action.to_dict()) == action
    for event in states[-1].events:
        for shown in (event, event.redacted()):
            assert isinstance(shown.to_json(), str)
            assert game.event_from_json(shown.to_json()) == shown
            assert game.event_from_dict(shown.to_dict()) == shown


@pytest.mark.parametrize(("game", "players"), COUNTS, ids=lambda v: getattr(v, "slug", str(v)))
def test_bots_and_samplers_accept_loaded_views(game: Game[Any], players: int) -> None:
    """A view loaded from JSON feeds `sample_world` and `ISMCTSBot` like the view itself."""
    states = _random_match(game, players, seed=players + 10)
    state = states[len(states) // 2]
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    loaded = game.view_from_json(view.to_json())
    world = game.sample_world(loaded, random.Random(1))
    assert world.view(seat).legal_actions == view.legal_actions
    bot = ISMCTSBot(4)
    assert bot.choose(loaded, random.Random(2)) == bot.choose(view, random.Random(2))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_each_game_registers_every_event_it_produces(game: Game[Any]) -> None:
    """`Game(events=...)` lists every event kind a match produces, each once."""
    assert len(set(game.event_kinds)) == len(game.event_types)
    assert all(issubclass(cls, Event) for cls in game.event_types)
    seen = {
        event.kind
        for players in range(game.min_players, game.max_players + 1)
        for event in _random_match(game, players, seed=3)[-1].events
    }
    assert seen <= set(game.event_kinds)
    assert issubclass(game.view_type, View)
    assert game.view_type.game == game.slug


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_a_state_loads_from_its_dict(game: Game[Any]) -> None:
    """`game.from_dict(state.to_dict())` rebuilds the state; `to_json` is that dict as text."""
    state = _random_match(game, game.min_players, seed=8)[-1]
    assert json.loads(state.to_json()) == state.to_dict()
    assert game.from_dict(state.to_dict()) == state
    with pytest.raises(InvalidStateError, match="expected a JSON object"):
        game.from_dict([state.to_dict()])


def _view_doc() -> dict[str, Any]:
    state: State[Any] = cardgames.get_game("kitten-tricks").new(3, seed=4)
    return state.view(0).to_dict()


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d.update(format="cardgames/state"), "format"),
        (lambda d: d.update(version=1), "version"),
        (lambda d: d.update(version=True), "version"),
        (lambda d: d.update(game="crazy-animals"), "game"),
        (lambda d: d.update(hand=["joker"]), r"view.hand\[0\]: unknown card"),
        (lambda d: d.update(seat="0"), "view.seat: expected an integer"),
        (lambda d: d.update(spy=1), "unknown key 'spy'"),
        (lambda d: d.pop("trump"), "missing key 'trump'"),
        (lambda d: d["events"].append({"kind": "fly"}), r"view.events\[\d+\]: unknown kind"),
        (lambda d: d["legal_actions"].append({"kind": "draw"}), r"legal_actions\[\d+\]"),
        (lambda d: d["rules"].update(colours=[1]), "rules"),
        (lambda d: d.update(rules=None), "rules"),
    ],
)
def test_a_forged_view_document_is_refused(change: Any, where: str) -> None:  # noqa: ANN401
    """`view_from_dict` checks the format, version, game and every field, naming the path."""
    doc = _view_doc()
    change(doc)
    with pytest.raises(InvalidStateError, match=where):
        cardgames.get_game("kitten-tricks").view_from_dict(doc)
    with pytest.raises(InvalidStateError, match=where):
        cardgames.get_game("kitten-tricks").view_from_json(json.dumps(doc))


@pytest.mark.parametrize("text", ["", "[1]", "NaN", "[" * 100_000, b"\xfe", None])
def test_documents_that_are_no_json_object_are_refused(text: object) -> None:
    """Every text loader refuses what is not the JSON text of an object."""
    game = cardgames.get_game("crazy-animals")
    for load in (game.view_from_json, game.event_from_json, game.action_from_json):
        with pytest.raises(InvalidStateError):
            load(text)  # type: ignore[arg-type]


def test_an_event_of_an_unknown_kind_is_refused() -> None:
    """`event_from_dict` names the kinds the game knows."""
    game = cardgames.get_game("classic-mistigri")
    with pytest.raises(InvalidStateError, match="expected one of"):
        game.event_from_dict({"kind": "fly", "visible_to": None})
    with pytest.raises(InvalidStateError, match=r"event.seat: expected an integer"):
        game.event_from_dict({"kind": "left-play", "visible_to": None, "seat": "1"})
