"""Live tables: bots at some seats, the turn check, refusals that leak nothing, cursors, saves."""

from __future__ import annotations

import base64
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardgames
from cardgames.bots import play_match
from cardgames.bots.spec import BotSpec
from cardgames.engine import Action, Game, State
from cardgames.errors import (
    CardGameError,
    IllegalActionError,
    InvalidCursorError,
    InvalidSeatError,
    InvalidSetupError,
    InvalidStateError,
    NotYourTurnError,
    UnknownGameError,
)
from cardgames.rng import Rng
from cardgames.table import Table
from strategies import game_and_players

GAMES = list(cardgames.GAMES.values())
COUNTS = [(g, n) for g in GAMES for n in range(g.min_players, g.max_players + 1)]


def _play_humans(table: Table, rng: random.Random, moves: int | None = None) -> None:
    """Play random legal moves for the humans, `moves` of them or to the end, bots between."""
    done = 0
    table.play_bots()
    while not table.is_over and (moves is None or done < moves):
        seat = table.to_move
        assert seat is not None
        table.act(seat, rng.choice(table.view(seat).legal_actions), cursor=table.cursor)
        table.play_bots()
        done += 1


@pytest.mark.parametrize(("game", "players"), COUNTS, ids=lambda v: getattr(v, "slug", str(v)))
def test_a_whole_match_with_bots_at_some_seats(game: Game[Any], players: int) -> None:
    """Humans at seats 0 and 2 and bots elsewhere play a whole match; only humans are asked."""
    bots = {seat: "heuristic" if seat % 2 else "random" for seat in range(players) if seat != 0}
    bots.pop(2, None)
    table = Table.new(game.slug, players=players, bots=bots, seed=players)
    assert table.humans == tuple(s for s in range(players) if s not in bots)
    asked: set[int] = set()
    rng = random.Random(players)
    table.play_bots()
    while not table.is_over:
        seat = table.to_move
        assert seat in table.humans
        assert table.bot_turn() is None
        asked.add(seat)
        table.act(seat, rng.choice(table.view(seat).legal_actions), cursor=table.cursor)
        table.play_bots()
    assert asked <= set(table.humans)
    assert table.to_move is None
    assert table.outcome is not None
    assert table.outcome == table.state.outcome


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_an_all_bot_table_replays_play_match(game: Game[Any]) -> None:
    """A table of bots only, played by `play_bots`, plays the very match `play_match` plays."""
    players = game.min_players + 1
    ismcts = "ismcts:iterations=2:playout=random"
    specs = ["heuristic", "random", ismcts, "heuristic", "random"][:players]
    table = Table.new(game, players=players, bots=dict(enumerate(specs)), seed=2024)
    bots = [BotSpec.parse(spec).build(game.slug) for spec in specs]
    assert table.cursor == len(game.new(players, seed=2024).events)  # new played no bot
    played = table.play_bots()
    assert played == len(table.state.history)
    assert table.is_over
    assert table.humans == ()
    assert table.state == play_match(game, bots, seed=2024)


def test_a_seeded_table_replays_exactly() -> None:
    """Two tables from the same seed, bots and human moves give the same saved document."""
    docs = []
    for _ in range(2):
        bots = {1: "ismcts:iterations=2:playout=random", 3: "heuristic"}
        table = Table.new("kitten-tricks", players=4, bots=bots, seed=9)
        _play_humans(table, random.Random(3))
        docs.append(table.to_json())
    assert docs[0] == docs[1]


def test_new_checks_its_arguments() -> None:
    """Names, bots, players and the game are checked with errors that say what is allowed."""
    with pytest.raises(UnknownGameError):
        Table.new("poker", players=3)
    with pytest.raises(InvalidSetupError, match="2 to 4 players"):
        Table.new("classic-mistigri", players=5)
    with pytest.raises(InvalidSetupError, match="one name per seat"):
        Table.new("classic-mistigri", players=3, names=["Ana", "Ben"])
    with pytest.raises(InvalidSetupError, match="printable"):
        Table.new("classic-mistigri", players=2, names=["Ana", "\x1b[2J"])
    with pytest.raises(InvalidSetupError, match="printable"):
        Table.new("classic-mistigri", players=2, names=["Ana", "x" * 65])
    with pytest.raises(InvalidSetupError, match=r"seats are 0\.\.2"):
        Table.new("classic-mistigri", players=3, bots={3: "random"})
    with pytest.raises(InvalidSetupError, match="no bot 'genius'"):
        Table.new("classic-mistigri", players=3, bots={1: "genius"})
    with pytest.raises(InvalidSetupError, match="no option 'depth'"):
        Table.new("classic-mistigri", players=3, bots={1: BotSpec("ismcts", {"depth": 3})})
    with pytest.raises(InvalidSetupError, match="takes no options"):
        Table.new("classic-mistigri", players=3, bots={1: BotSpec("random", {"iterations": 3})})
    with pytest.raises(InvalidSetupError, match="factory"):
        Table.new("classic-mistigri", players=3, bots={1: BotSpec.of(cardgames.bots.RandomBot)})
    with pytest.raises(InvalidSetupError, match="BotSpec"):
        Table.new("classic-mistigri", players=3, bots={1: 42})  # type: ignore[dict-item]


def test_the_table_reads_as_documented() -> None:
    """Names, bots (specs), humans, game and players read back as given."""
    table = Table.new(
        "crazy-animals",
        players=4,
        names=["Ana", "Ben", "Chloé", "Dan"],
        bots={1: "heuristic", 3: BotSpec("ismcts", {"iterations": 5})},
        seed=42,
    )
    table.play_bots()
    assert table.game is cardgames.get_game("crazy-animals")
    assert table.players == 4
    assert table.names == ("Ana", "Ben", "Chloé", "Dan")
    assert table.bots == {1: BotSpec("heuristic"), 3: BotSpec("ismcts", {"iterations": 5})}
    assert table.humans == (0, 2)
    assert table.to_move in (0, 2)
    assert table.cursor == len(table.state.events)
    assert "crazy-animals" in repr(table)


def _crazy_animals_table() -> Table:
    return Table.new("crazy-animals", players=3, names=["Ana", "Ben", "Chloé"], seed=5)


def test_an_out_of_turn_move_is_refused_with_whose_turn_it_is() -> None:
    """Another seat than `to_move` gets `NotYourTurnError` naming the seat to move only."""
    table = _crazy_animals_table()
    mover = table.to_move
    assert mover is not None
    other = (mover + 1) % 3
    before = table.to_json()
    with pytest.raises(NotYourTurnError) as error:
        table.act(other, table.view(mover).legal_actions[0])
    assert str(error.value) == (
        f"it is seat {mover}'s ({table.names[mover]}) turn, not seat {other}'s"
    )
    assert isinstance(error.value, IllegalActionError)
    assert table.to_json() == before


def test_a_move_at_a_bots_seat_is_refused() -> None:
    """A move for a seat a bot plays is refused as out of turn, the table unchanged."""
    table = Table.new("classic-mistigri", players=3, bots={1: "random"}, seed=1)
    before = table.to_json()
    with pytest.raises(NotYourTurnError, match="seat 1 is played by a bot"):
        table.act(1, cardgames.classic_mistigri.Draw(0))
    assert table.to_json() == before


@pytest.mark.parametrize("seat", [-1, 3, True, "0", None, 1.0])
def test_an_unknown_seat_is_refused(seat: object) -> None:
    """A seat the table does not have raises `InvalidSeatError` from act, view and events."""
    table = _crazy_animals_table()
    before = table.to_json()
    with pytest.raises(InvalidSeatError, match=r"seats are 0\.\.2"):
        table.act(seat, cardgames.crazy_animals.Draw())  # type: ignore[arg-type]
    with pytest.raises(InvalidSeatError):
        table.view(seat)  # type: ignore[arg-type]
    with pytest.raises(InvalidSeatError):
        table.events(seat)  # type: ignore[arg-type]
    assert table.to_json() == before


def test_an_illegal_move_lists_only_the_seats_own_actions() -> None:
    """An illegal action's message names it and lists the mover's own legal actions."""
    game = cardgames.get_game("kitten-tricks")
    table = Table.new(game, players=3, seed=8)
    seat = table.to_move
    assert seat is not None
    own = table.view(seat).legal_actions
    held = set(table.view(seat).hand)  # type: ignore[attr-defined]
    foreign = next(cardgames.kitten_tricks.PlayCard(c) for c in game.deck(3).cards if c not in held)
    before = table.to_json()
    with pytest.raises(IllegalActionError) as error:
        table.act(seat, foreign)
    message = str(error.value)
    assert str(foreign) in message
    assert all(str(action) in message for action in own)
    assert table.to_json() == before


def test_a_move_after_the_end_is_refused() -> None:
    """Once the match is over every move is refused and nothing changes."""
    table = Table.new("classic-mistigri", players=2, bots={1: "random"}, seed=3)
    _play_humans(table, random.Random(0))
    before = table.to_json()
    with pytest.raises(IllegalActionError, match="the match is over"):
        table.act(0, cardgames.classic_mistigri.Draw(0))
    assert table.to_json() == before


# -- no refusal tells a seat what it may not know -----------------------------------------------


def _action_pool(game: Game[Any], players: int, seed: int) -> list[Action]:
    """Well-formed actions of `game` met along a random match: mostly illegal elsewhere."""
    state: State[Any] = game.new(players, seed=seed)
    rng = random.Random(seed)
    pool: dict[Action, None] = {}
    while not state.is_over and len(pool) < 60:
        legal = state.legal_actions()
        pool.update(dict.fromkeys(legal[:8]))
        state = state.apply(rng.choice(legal))
    return list(pool)


def _malformed(action: Action) -> Iterator[object]:
    """The action with each field holding a value of a wrong type."""
    fields = attrs.fields(type(action))  # type: ignore[arg-type]
    for field in fields:
        for wrong in ("x", None, 10**30, (1, 2)):
            bad = object.__new__(type(action))
            for other in fields:
                object.__setattr__(bad, other.name, getattr(action, other.name))
            object.__setattr__(bad, field.name, wrong)
            yield bad


def _attempts(table: Table, seat: int, pool: list[Action], foreign: list[Action]) -> list[object]:
    """Moves `seat` may not make now: out of turn, illegal, foreign, malformed, not actions."""
    mover = table.to_move
    tries: list[object] = [*pool, *foreign, "draw", None, 3, {"kind": "draw"}]
    if mover is not None:
        legal = table.view(mover).legal_actions
        tries += legal[:4]  # the mover's moves: out of turn for every other seat
        tries += list(_malformed(legal[0]))
        if seat == mover:
            tries = [t for t in tries if not isinstance(t, Action) or t not in legal]
    return tries


_WORD = r"(?<![\w-]){}(?![\w-])"


def _hidden_texts(table: Table, seat: int) -> list[re.Pattern[str]]:
    """The codes and names of the cards in zones hidden from `seat` that its view never shows.

    Words of the game's own vocabulary (its title, its action types) are not card mentions,
    nor are the faces of which the deck holds several copies (the rules name them: "a
    Draw-two"); a message that depends on where those lie is caught by the perturbed twin.
    """
    state = table.state
    visible = state.visible_zones(seat)
    vocabulary = [table.game.title, *(cls.__name__ for cls in table.game._actions.values())]
    shown = " ".join([table.view(seat).to_json(), *vocabulary])
    copies = state.deck.counts()
    cards = {
        card
        for zone, cards in state.zones().items()
        if zone not in visible
        for card in cards
        if copies[card] == 1 and not re.search(_WORD.format(re.escape(card.code)), shown)
    }
    texts = sorted({text for card in cards for text in (card.code, str(card))})
    patterns = [re.compile(_WORD.format(re.escape(text))) for text in texts]
    return [pattern for pattern in patterns if not pattern.search(shown)]


def _perturbed_table(table: Table, seat: int, seed: int) -> Table | None:
    """The table with what `seat` cannot know changed, or `None` if the game offers none."""
    other = table.state._perturbed(seat, Rng(seed, 1, 2))
    if other is None:
        return None
    return Table(other, table.names, table.bots, {})


@given(
    found=game_and_players(cardgames.GAMES),
    seed=st.integers(min_value=0, max_value=2**32),
    moves=st.integers(min_value=0, max_value=40),
    bots=st.sets(st.integers(min_value=1, max_value=5), max_size=3),
)
def test_refusals_tell_no_seat_a_hidden_card(
    found: tuple[Game[Any], int], seed: int, moves: int, bots: set[int]
) -> None:
    """No refusal tells a seat a card hidden from it, and no refusal depends on hidden cards.

    Every seat's out-of-turn, illegal, foreign and malformed moves are refused, the table
    unchanged, with messages that show no card hidden from that seat and that stay the same
    when what the seat cannot know changes.
    """
    game, players = found
    table = Table.new(
        game, players=players, bots={s: "random" for s in bots if s < players}, seed=seed
    )
    _play_humans(table, random.Random(seed), moves)
    pool = _action_pool(game, players, seed + 1)[:24]
    other_game = GAMES[(GAMES.index(game) + 1) % len(GAMES)]
    foreign = _action_pool(other_game, other_game.min_players, seed)[:4]
    state = table.state
    for seat in range(players):
        hidden = _hidden_texts(table, seat)
        twin = _perturbed_table(table, seat, seed)
        for attempt in _attempts(table, seat, pool, foreign):
            with pytest.raises(CardGameError) as error:
                table.act(seat, attempt)  # type: ignore[arg-type]
            assert table.state is state
            message = str(error.value)
            sent = " ".join([repr(attempt), str(attempt)])
            for pattern in hidden:
                assert not pattern.search(message) or pattern.search(sent), (
                    f"{message!r} shows {pattern.pattern!r}, hidden from seat {seat}"
                )
            if twin is not None:
                with pytest.raises(CardGameError) as again:
                    twin.act(seat, attempt)  # type: ignore[arg-type]
                assert str(again.value) == message


# -- cursors ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_events_since_cursors_concatenate_to_each_seats_log(game: Game[Any]) -> None:
    """The pieces `events(seat, since)` taken at each cursor make up that seat's whole log."""
    players = game.max_players
    table = Table.new(game, players=players, bots={1: "heuristic"}, seed=11)
    pieces: dict[int, list[Any]] = {seat: list(table.events(seat)) for seat in range(players)}
    cursor = table.cursor
    rng = random.Random(5)
    while not table.is_over:
        seat = table.to_move
        assert seat is not None
        if table.bot_turn() is None:
            table.act(seat, rng.choice(table.view(seat).legal_actions), cursor=table.cursor)
        else:
            table.play_bots(limit=1)
        for s in range(players):
            pieces[s] += table.events(s, cursor)
        assert table.events(0, table.cursor) == ()
        cursor = table.cursor
    for seat in range(players):
        assert tuple(pieces[seat]) == table.view(seat).events == table.events(seat)
        assert len(pieces[seat]) == table.cursor


@pytest.mark.parametrize("since", [-1, 10**6, True, "0", None])
def test_a_cursor_outside_the_log_is_refused(since: object) -> None:
    """`events` refuses a `since` that is not an int in `0 .. cursor`."""
    table = _crazy_animals_table()
    with pytest.raises(InvalidCursorError, match=rf"0\.\.{table.cursor}"):
        table.events(0, since)  # type: ignore[arg-type]


# -- saving and loading -------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_a_table_loaded_mid_match_plays_on_identically(game: Game[Any]) -> None:
    """A table saved mid-match and loaded plays on exactly as the original, bots included."""
    players = game.min_players + 1
    bots = {1: "ismcts:iterations=3:playout=random", players - 1: "heuristic"}
    table = Table.new(game, players=players, names=None, bots=bots, seed=77)
    _play_humans(table, random.Random(1), 4)
    loaded = Table.from_json(table.to_json())
    assert loaded.to_json() == table.to_json()
    assert (loaded.names, loaded.bots, loaded.humans) == (table.names, table.bots, table.humans)
    _play_humans(table, random.Random(2))
    _play_humans(loaded, random.Random(2))
    assert loaded.to_json() == table.to_json()
    assert loaded.state == table.state


def _saved() -> dict[str, Any]:
    table = Table.new("crazy-mistigri", players=3, names=["A", "B", "C"], bots={2: "random"})
    return json.loads(table.to_json())  # type: ignore[no-any-return]


def _forge(change: str) -> str:  # noqa: C901, PLR0912 - one forgery per case
    doc = _saved()
    if change == "format":
        doc["format"] = "cardgames/state"
    elif change == "version":
        doc["version"] = 3
    elif change == "game":
        doc["game"] = "poker"
    elif change == "names":
        doc["names"] = ["A", "B"]
    elif change == "name-type":
        doc["names"][0] = 7
    elif change == "bots-type":
        doc["bots"] = {"2": "random"}
    elif change == "bot-seat":
        doc["bots"][0]["seat"] = 3
    elif change == "bot-twice":
        doc["bots"].append(dict(doc["bots"][0]))
    elif change == "bot-kind":
        doc["bots"][0]["kind"] = "genius"
    elif change == "bot-option":
        doc["bots"][0]["options"] = {"iterations": 3}
    elif change == "rng":
        doc["bots"][0]["rng"] = base64.b64encode(b"short").decode()
    elif change == "rng-text":
        doc["bots"][0]["rng"] = "not base64!"
    elif change == "rng-index":
        doc["bots"][0]["rng"] = base64.b64encode(b"\xff" * 2500).decode()
    elif change == "gauss":
        doc["bots"][0]["gauss"] = "x"
    elif change == "state":
        doc["state"]["history"].append([0, 99])
    elif change == "extra-key":
        doc["owner"] = "me"
    else:
        doc["state"] = "{}"
    return json.dumps(doc)


@pytest.mark.parametrize(
    "change",
    [
        "format",
        "version",
        "game",
        "names",
        "name-type",
        "bots-type",
        "bot-seat",
        "bot-twice",
        "bot-kind",
        "bot-option",
        "rng",
        "rng-text",
        "rng-index",
        "gauss",
        "state",
        "extra-key",
        "state-type",
    ],
)
def test_a_forged_table_document_is_refused(change: str) -> None:
    """Every part of a saved table is checked on load, with `InvalidStateError` only."""
    with pytest.raises(InvalidStateError):
        Table.from_json(_forge(change))


@pytest.mark.parametrize("text", ["", "[]", "NaN", "{" * 100_000, b"\xff", 3])
def test_a_table_document_that_is_no_json_object_is_refused(text: object) -> None:
    """Text that is no JSON object, or no text at all, is refused with `InvalidStateError`."""
    with pytest.raises(InvalidStateError):
        Table.from_json(text)  # type: ignore[arg-type]


def test_a_table_document_longer_than_the_limit_is_refused() -> None:
    """`max_length` bounds the document before it is parsed; `None` lifts the bound."""
    text = Table.new("classic-mistigri", players=2, seed=1).to_json()
    with pytest.raises(InvalidStateError, match="longer than"):
        Table.from_json(text, max_length=len(text) - 1)
    assert Table.from_json(text, max_length=None).to_json() == text
    with pytest.raises(TypeError, match="max_length"):
        Table.from_json(text, max_length=-1)


def test_fault_5_a_loaded_table_at_a_bots_turn_plays_no_bot() -> None:
    """Issue 25, fault 5: `from_json` of a table at a bot's turn plays nothing; `play_bots` does."""
    table = Table.new("classic-mistigri", players=3, seed=6)
    doc = json.loads(table.to_json())
    mover = table.to_move
    assert mover is not None
    saved = Table.new("classic-mistigri", players=3, bots={mover: "random"}, seed=6)
    doc["bots"] = [json.loads(saved.to_json())["bots"][0]]
    text = json.dumps(doc, separators=(",", ":"))
    loaded = Table.from_json(text)
    assert loaded.to_json() == text
    assert (loaded.to_move, loaded.cursor) == (mover, table.cursor)
    turn = loaded.bot_turn()
    assert turn is not None
    assert (turn.seat, turn.cursor) == (mover, table.cursor)
    assert loaded.play_bots() >= 1
    assert loaded.to_move != mover or loaded.is_over
    assert loaded.cursor > table.cursor
