"""The web table's server without a browser: its store, its API, its WebSocket, its page data."""

from __future__ import annotations

import contextlib
import json
import random
import types
import urllib.error
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

import cardgames
from cardgames.cli import build_parser
from cardgames.protocol import Act, Sync
from cardgames.table import Table
from cardgames.text import Narrator
from cardgames.web.app import Limits
from cardgames.web.page import Presenter, Sketch, _generic_board, _paths
from cardgames.web.store import TableStore

from .conftest import Server
from .conftest import receive_json as _receive
from .conftest import seat_socket as _socket
from .conftest import until_turn as _turn

NAMES = ["Ana", "Ben", "Chloé", "Dan", "Eva", "Farid"]


def test_the_store_keeps_a_table_and_its_seat_tokens(tmp_path: Path) -> None:
    """A saved table loads back equal; each human seat has its own unguessable token."""
    store = TableStore(tmp_path / "tables.sqlite3")
    table = Table.new("crazy-mistigri", players=4, bots={2: "random"}, seed=9)
    saved = store.create(table, language="en")
    assert sorted(saved.tokens) == [0, 1, 3]
    assert len(set(saved.tokens.values())) == 3
    assert all(len(token) >= 32 for token in saved.tokens.values())
    mover = table.to_move
    assert mover is not None
    table.act(mover, table.view(mover).legal_actions[0])
    store.save(saved.table_id, table)
    store.close()
    reopened = TableStore(tmp_path / "tables.sqlite3")
    assert reopened.load(saved.table_id).to_json() == table.to_json()
    assert reopened.seat_of(saved.tokens[3]) == (saved.table_id, 3)
    assert reopened.seat_of("not-a-token") is None
    assert reopened.language(saved.table_id) == "en"
    with pytest.raises(KeyError):
        reopened.load("no-such-table")
    reopened.close()


@pytest.mark.parametrize(
    ("request_body", "words"),
    [
        ({"game": "bridge", "players": 3, "names": ["a", "b", "c"], "bots": {}}, "bridge"),
        ({"game": "kitten-tricks", "players": 9, "names": ["a"] * 9, "bots": {}}, "3 to 5"),
        ({"game": "kitten-tricks", "players": 3, "names": ["a", "b"], "bots": {}}, "one name"),
        (
            {
                "game": "kitten-tricks",
                "players": 3,
                "names": ["a", "b", "c"],
                "bots": {"7": "random"},
            },
            "seat",
        ),
        (
            {
                "game": "kitten-tricks",
                "players": 3,
                "names": ["a", "b", "c"],
                "bots": {"1": "deep"},
            },
            "bot",
        ),
        (
            {
                "game": "kitten-tricks",
                "players": 3,
                "names": ["a", "b", "c"],
                "bots": {"0": "random", "1": "random", "2": "random"},
            },
            "at least one person",
        ),
        (
            {
                "game": "kitten-tricks",
                "players": 3,
                "names": ["a", "b", "c"],
                "bots": {},
                "language": "de",
            },
            "language",
        ),
        (
            {
                "game": "kitten-tricks",
                "players": 3,
                "names": ["a", "b", "c"],
                "bots": {},
                "seed": "x",
            },
            "seed",
        ),
        (["not", "an", "object"], "object"),
    ],
)
def test_a_bad_request_to_open_a_table_gets_one_clear_error(
    server: Server, request_body: object, words: str
) -> None:
    """Opening a table with a bad setting answers 400 and a message naming what to fix."""
    with pytest.raises(urllib.error.HTTPError) as caught:
        server.post("api/tables", request_body)
    assert caught.value.code == 400
    assert words in json.loads(caught.value.read())["error"]
    caught.value.close()


def test_every_browser_at_a_table_hears_each_move_at_once(server: Server) -> None:
    """Two seats connected: a move by one reaches both, each with its own view."""
    links = server.open_table(
        game="crazy-animals", players=2, names=NAMES[:2], bots={}, seed=2, language="en"
    )
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(_socket(server, link)) for link in links]
        first = [_receive(socket) for socket in sockets]
        seat = first[0]["update"]["view"]["to_move"]
        move = first[seat]["page"]["moves"][0]
        sockets[seat].send(json.dumps(move["act"]))
        second = [_receive(socket) for socket in sockets]
    for mine, (before, after) in enumerate(zip(first, second, strict=True)):
        assert after["update"]["seat"] == mine
        assert after["update"]["view"]["seat"] == mine
        assert after["update"]["cursor"] > before["update"]["cursor"]
        assert after["page"]["events"]


@pytest.mark.parametrize(
    "forge",
    [
        "not json",
        '{"type": "act"}',
        "[]",
        "x" * 20_000,
        "seat-1",
        "bot-seat",
        "out-of-turn",
        "illegal",
    ],
)
def test_a_forged_message_is_refused_and_changes_nothing(server: Server, forge: str) -> None:
    """Garbage, another seat's move, a bot's seat, an out-of-turn or illegal move: refused."""
    links = server.open_table(
        game="kitten-tricks", players=3, names=NAMES[:3], bots={"2": "random"}, seed=4
    )
    table_id = server.table_id
    table = server.settled()
    store = TableStore(server.database)
    to_move = table.to_move
    assert to_move in (0, 1)
    waiting = 1 - to_move
    legal = table.view(to_move).legal_actions
    deck = table.game.deck(3, table.view(0).rules).cards
    foreign = next(
        a
        for a in (type(legal[0])(card) for card in deck)  # type: ignore[call-arg]
        if a not in legal
    )
    messages = {
        "seat-1": (to_move, Act(seat=waiting, action=legal[0], cursor=table.cursor)),
        "bot-seat": (to_move, Act(seat=2, action=legal[0], cursor=table.cursor)),
        "out-of-turn": (waiting, Act(seat=waiting, action=legal[0], cursor=table.cursor)),
        "illegal": (to_move, Act(seat=to_move, action=foreign, cursor=table.cursor)),
    }
    seat, message = messages.get(forge, (to_move, None))
    text = forge if message is None else message.to_json()
    with _socket(server, links[seat]) as socket:
        _receive(socket)
        socket.send(text)
        reply = _receive(socket)
    assert reply["type"] == "refused"
    expected = {
        "seat-1": "wrong-seat",
        "bot-seat": "wrong-seat",
        "out-of-turn": "not-your-turn",
        "illegal": "illegal-action",
    }
    assert reply["refused"]["code"] == expected.get(forge, "malformed")
    assert store.load(table_id).to_json() == table.to_json()
    store.close()


def test_an_unknown_link_opens_no_seat(server: Server) -> None:
    """A made-up token gets a 404 page and a WebSocket closed with code 4404."""
    with pytest.raises(urllib.error.HTTPError) as caught:
        server.get("play/made-up-token")
    assert caught.value.code == 404
    caught.value.close()
    with (
        _socket(server, {"url": "/play/made-up-token"}) as socket,
        pytest.raises(ConnectionClosed) as closed,
    ):
        socket.recv(timeout=10)
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == 4404


def test_a_reconnecting_browser_gets_only_what_it_missed(server: Server) -> None:
    """`?since=N` on connecting, or a `Sync` from N, brings the events from N on and the view."""
    links = server.open_table(
        game="classic-mistigri", players=2, names=NAMES[:2], bots={"1": "random"}, seed=6
    )
    with _socket(server, links[0]) as socket:
        first = _turn(socket)
        socket.send(json.dumps(first["page"]["moves"][0]["act"]))
        missed: list[Any] = []
        second = _turn(socket, missed)
    cursor = first["update"]["cursor"]
    with _socket(server, links[0], since=cursor) as again:
        resumed = _receive(again)
    with _socket(server, links[0]) as synced:
        _receive(synced)
        synced.send(Sync(seat=0, cursor=cursor).to_json())
        answered = _receive(synced)
    assert answered["update"] == resumed["update"]
    assert resumed["update"]["cursor"] == second["update"]["cursor"]
    assert resumed["update"]["view"] == second["update"]["view"]
    assert resumed["update"]["events"] == missed


@pytest.mark.parametrize("slug", sorted(cardgames.GAMES))
def test_a_page_message_shows_no_card_hidden_from_its_seat(slug: str) -> None:
    """Through a whole match, no message to a seat names a card its seat cannot see."""
    game = cardgames.get_game(slug)
    players = game.min_players + 1
    table = Table.new(slug, players=players, bots={}, seed=13)
    rng = random.Random(slug)
    presenter = Presenter(table, "en")
    cursors = dict.fromkeys(range(players), 0)
    steps = 0
    while not table.is_over and steps < 60:
        for seat in range(players):
            message = presenter.message(seat, since=cursors[seat])
            cursors[seat] = table.cursor
            state = table.state
            hidden = {
                card.code
                for zone, cards in state.zones().items()
                if zone not in state.visible_zones(seat)
                for card in cards
            }
            seen = {card.code for event in table.events(seat) for card in event.cards()} | {
                card.code for zone in state.visible_zones(seat) for card in state.zones()[zone]
            }
            page = message["page"]
            shown = board_codes(page)
            assert not (shown & (hidden - seen)), f"seat {seat} is shown {shown & (hidden - seen)}"
        mover = table.to_move
        assert mover is not None
        table.act(mover, rng.choice(table.view(mover).legal_actions))
        steps += 1


def board_codes(page: dict[str, Any]) -> set[str]:
    """Every card code a page message shows on its board or names in its moves' picks."""
    board = page["board"]
    rows = [row["cards"] for row in board["players"]]
    rows += [row["collection"]["cards"] for row in board["players"] if "collection" in row]
    rows += [pile["cards"] for pile in board["centre"]] + [board["hand"]["cards"]]
    codes = {card["code"] for cards in rows for card in cards if card["code"] is not None}
    picks = {pick for move in page["moves"] for path in move["paths"] for pick in path}
    return codes | {pick[2:] for pick in picks if pick.startswith(("h:", "p:"))}


@pytest.mark.parametrize("slug", sorted(cardgames.GAMES))
def test_every_pick_of_a_move_is_a_card_or_a_player_on_the_board(slug: str) -> None:
    """Through a whole match, each move's picks name places the page draws as clickable."""
    table = Table.new(slug, players=3, bots={1: "medium", 2: "easy"}, seed=21)
    rng = random.Random(slug)
    presenter = Presenter(table, "fr")
    while True:
        table.play_bots()
        if table.is_over:
            break
        page = presenter.message(0, since=0)["page"]
        board = page["board"]
        places = {row.get("pick") for row in board["players"]}
        for cards in (
            [row["cards"] for row in board["players"]]
            + [pile["cards"] for pile in board["centre"]]
            + [board["hand"]["cards"]]
        ):
            places |= {card["pick"] for card in cards}
        for move in page["moves"]:
            for path in move["paths"]:
                assert set(path) <= places, f"{move['label']}: {path} not on the board"
        table.act(0, rng.choice(table.view(0).legal_actions))


def test_a_crazy_animals_board_names_no_face_down_card_without_the_memory_aid() -> None:
    """The board leaves every slot face down (the glimpse turns them); the aid shows known ones."""
    for aid in (False, True):
        table = Table.new("crazy-animals", players=2, bots={1: "medium"}, seed=4, memory_aid=aid)
        table.memorised(0)
        table.act(0, table.view(0).legal_actions[-1])
        table.play_bots()
        page = Presenter(table, "en").message(0, since=0)["page"]
        slots = [card["code"] for row in page["board"]["players"] for card in row["cards"]]
        assert any(code is not None for code in slots) is aid
        assert page["memoryAid"] is aid


def test_serve_is_a_subcommand_with_a_database_option() -> None:
    """`cardgames serve --help` names the database option and its default file."""
    parser = build_parser()
    args = parser.parse_args(["serve", "--port", "0", "--database", "x.sqlite3"])
    assert (args.port, args.database, args.host) == (0, "x.sqlite3", "127.0.0.1")
    assert "cardgames-tables.sqlite3" in parser.parse_args(["serve"]).database


def test_an_effect_is_explained_on_the_move_that_chooses_it() -> None:
    """A Crazy Mistigri pair with an effect carries the handbook's explanation to the page."""
    table = Table.new("crazy-mistigri", players=3, bots={1: "medium", 2: "medium"}, seed=5)
    rng = random.Random(5)
    presenter = Presenter(table, "fr")
    explained: set[str] = set()
    while not explained:
        table.play_bots()
        if table.to_move is None:
            break
        page = presenter.message(0, since=0)["page"]
        explained = {m["explain"] for m in page["moves"] if m["explain"] and len(m["paths"]) == 2}
        table.act(0, rng.choice(table.view(0).legal_actions))
    assert explained, "no pair with an effect in the match"
    assert all(" + " in text for text in explained)


def test_the_bot_pace_is_an_option_from_0_to_60_seconds() -> None:
    """`--bot-pace` takes seconds from 0 (no pacing) to 60; `Limits` refuses a negative pace."""
    parser = build_parser()
    assert parser.parse_args(["serve"]).bot_pace == pytest.approx(0.8)
    assert parser.parse_args(["serve", "--bot-pace", "0"]).bot_pace == 0
    for bad in ("-1", "61", "soon"):
        with pytest.raises(SystemExit):
            parser.parse_args(["serve", "--bot-pace", bad])
    assert Limits(bot_pace=0).bot_pace == 0
    with pytest.raises(ValueError, match="bot_pace must be a number >= 0"):
        Limits(bot_pace=-0.5)


def test_a_rematch_moves_every_seat_link_to_the_new_table(tmp_path: Path) -> None:
    """The store saves the next match and moves the seat links to it, once."""
    with TableStore(tmp_path / "t.sqlite3") as store:
        table = Table.new("kitten-tricks", players=3, bots={2: "medium"}, seed=1)
        saved = store.create(table, language="fr")
        again = Table.new("kitten-tricks", players=3, bots={2: "medium"}, seed=2)
        new_id = store.rematch(saved.table_id, again, language="fr")
        assert new_id is not None
        assert {store.seat_of(token) for token in saved.tokens.values()} == {
            (new_id, 0),
            (new_id, 1),
        }
        assert store.rematch(saved.table_id, again, language="fr") is None
        assert store.load(new_id).to_json() == again.to_json()


def test_a_game_without_a_board_part_gets_fans_and_a_hand() -> None:
    """Without a part "board", blind draws are picked in the fan and the seat's hand is drawn."""
    table = Table.new("classic-mistigri", players=3, bots={}, seed=3)
    seat = table.to_move
    assert seat is not None
    view: Any = table.view(seat)  # a Classic Mistigri view
    presenter = Presenter(table, "en")
    partless = types.SimpleNamespace(parts=())
    picks = {p for a in view.legal_actions for path in _paths(partless, view, a) for p in path}
    assert picks == {f"f:{view.draw_from}:{a.position}" for a in view.legal_actions}
    sketch = Sketch(presenter, Narrator(table.game, lang="en"), seat, view, picks)
    _generic_board(view, sketch)
    board = sketch.board()
    fan = board["players"][view.draw_from]["cards"]
    assert {card["pick"] for card in fan} == picks
    assert sorted(card["code"] for card in board["hand"]["cards"]) == sorted(
        card.code for card in view.hand
    )


def test_the_memory_aid_is_asked_on_the_form_and_told_to_every_seat(server: Server) -> None:
    """A table opened with the memory aid tells each person's page so (it is off by default)."""
    body = {"game": "crazy-animals", "players": 3, "names": ["Ana", "Ben", "Chloé"], "seed": 2}
    answer = server.post("api/tables", {**body, "bots": {"2": "easy"}, "memoryAid": True})
    assert len(answer["links"]) == 2
    for link in answer["links"]:
        with _socket(server, link) as socket:
            page = _receive(socket)["page"]
        assert page["memoryAid"] is True
        assert page["memoryAidText"].startswith("Memory aid on")
    games = json.loads(server.get("api/games"))
    assert [g["slug"] for g in games["games"] if g["memory"]] == ["crazy-animals"]
    assert games["bots"] == ["easy", "medium", "hard"]
    assert games["levels"]["fr"] == {"easy": "facile", "medium": "moyen", "hard": "difficile"}


@pytest.mark.parametrize(
    ("slug", "language", "options", "expected"),
    [
        ("classic-mistigri", "fr", {}, ""),
        ("crazy-mistigri", "fr", {}, "Manche 1"),
        ("crazy-mistigri", "fr", {"rounds": 1, "max_rounds": 1}, ""),
        ("kitten-tricks", "en", {}, "Round 1"),
        ("kitten-tricks", "en", {"max_rounds": 1}, ""),
        ("crazy-animals", "en", {}, "Round 1"),
    ],
)
def test_the_header_names_the_round_only_in_a_match_of_several(
    slug: str, language: str, options: dict[str, int], expected: str
) -> None:
    """A one-round match (Classic Mistigri, or options of one round) names no round."""
    rules = cardgames.get_game(slug).Rules(**options)
    table = Table.new(slug, players=3, bots={1: "random", 2: "random"}, seed=2, rules=rules)
    page = Presenter(table, language).message(0, since=0)["page"]
    assert page["round"] == expected


def test_ones_own_box_says_how_many_cards_one_holds_first() -> None:
    """One's own box on the board starts with one's count of cards, as the others' boxes do."""
    table = Table.new("classic-mistigri", players=3, bots={1: "random", 2: "random"}, seed=2)
    page = Presenter(table, "fr").message(0, since=0)["page"]
    mine = page["board"]["players"][0]
    count = len(table.view(0).hand)  # type: ignore[attr-defined]
    assert mine["note"].startswith(f"{count} cartes")


def test_a_classic_mistigri_result_names_the_winners_and_the_loser() -> None:
    """Classic Mistigri ends with winners and the Mistigri's holder: no « tie », no round sheet."""
    table = Table.new("classic-mistigri", players=3, names=["Ana", "Ben", "Chloé"], seed=0)
    while not table.is_over:
        seat = table.to_move
        assert seat is not None
        table.act(seat, table.view(seat).legal_actions[0])
    outcome = table.outcome
    assert outcome is not None
    assert len(outcome.winners) == 2
    assert len(outcome.losers) == 1
    (loser,) = outcome.losers
    page = Presenter(table, "fr").message(loser, since=0)["page"]
    first, second = (table.names[seat] for seat in outcome.winners)
    assert page["result"]["text"] == f"Gagnants : {first} et {second} · Perdant : vous"
    assert page["sheet"] is None


def test_a_flood_of_syncs_at_one_cursor_builds_one_message(monkeypatch: pytest.MonkeyPatch) -> None:
    """A live table builds a seat's message once per save, however often a browser asks again."""
    from cardgames.web.app import _LiveTable  # noqa: PLC0415 - the live table is private
    from cardgames.web.store import Stored  # noqa: PLC0415

    built: list[tuple[int, int]] = []
    message = Presenter.message

    def counted(self: Presenter, seat: int, *, since: int) -> dict[str, Any]:
        built.append((seat, since))
        return message(self, seat, since=since)

    monkeypatch.setattr(Presenter, "message", counted)
    table = Table.new("crazy-animals", players=2, bots={1: "medium"}, seed=3)
    live = _LiveTable("t", Stored(table, 1), "fr")
    texts = {live.text(0, 0) for _ in range(500)}
    assert len(texts) == 1
    assert built == [(0, 0)]
    assert json.loads(texts.pop())["page"]["seat"] == 0
    live.stored = Stored(table.copy(), 2)  # a new save: the message is built afresh
    live.text(0, 0)
    assert built == [(0, 0), (0, 0)]
