"""The table protocol: requests and replies as JSON, and `handle` against forged messages."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardgames
from cardgames.engine import Event
from cardgames.errors import InvalidStateError
from cardgames.protocol import (
    CODES,
    MAX_REQUEST_LENGTH,
    PROTOCOL_VERSION,
    Act,
    Memorised,
    Refused,
    Request,
    Sync,
    Update,
    handle,
    reply_from_json,
    request_from_json,
    update,
)
from cardgames.shown import shown
from cardgames.table import Table
from strategies import JSON_VALUES


def _table() -> Table:
    table = Table.new("crazy-mistigri", players=4, bots={1: "heuristic", 3: "random"}, seed=12)
    table.play_bots()
    return table


def test_an_accepted_act_gets_the_events_since_its_cursor() -> None:
    """A legal `Act` plays, and its `Update` holds the seat's view and the events since."""
    table = _table()
    seat = table.to_move
    assert seat is not None
    cursor = table.cursor
    action = table.view(seat).legal_actions[0]
    (reply,) = handle(table, seat, Act(seat, action, cursor).to_json())
    assert isinstance(reply, Update)
    assert reply.seat == seat
    assert reply.cursor == table.cursor
    assert reply.events == table.events(seat, cursor)
    assert reply.view.events == ()
    assert reply.full_view(table.events(seat)[:cursor]) == table.view(seat)


def test_a_sync_tells_what_happened_since_the_cursor() -> None:
    """A `Sync` changes nothing and answers with the events since its cursor."""
    table = _table()
    before = table.state
    (reply,) = handle(table, 2, Sync(2, 3).to_json())
    assert table.state is before
    assert isinstance(reply, Update)
    assert reply.events == table.events(2, 3)
    assert reply.full_view(table.events(2)[:3]) == table.view(2)


@pytest.mark.parametrize("game", list(cardgames.GAMES.values()), ids=lambda g: g.slug)
def test_replies_and_requests_load_back(game: Any) -> None:  # noqa: ANN401
    """Every message survives its JSON text: requests, updates (view, events) and refusals."""
    table = Table.new(game, players=game.min_players, bots={1: "random"}, seed=3)
    table.play_bots()
    rng = random.Random(3)
    logs: dict[int, list[Event]] = {seat: [] for seat in table.humans}
    while not table.is_over:
        seat = table.to_move
        assert seat is not None
        log = logs[seat]
        # The client catches up first, then moves at the cursor its update gave.
        for step in ("sync", "memorised", "act"):
            request: Request = (
                Sync(seat, len(log))
                if step == "sync"
                else Memorised(seat, len(log))
                if step == "memorised"
                else Act(seat, rng.choice(table.view(seat).legal_actions), table.cursor)
            )
            assert request_from_json(game, request.to_json()) == request
            assert request_from_json(game, json.dumps(request.to_dict())) == request
            (reply,) = handle(table, seat, request.to_json())
            loaded = reply_from_json(game, reply.to_json())
            assert loaded == reply
            assert isinstance(loaded, Update)
            assert loaded.to_dict()["version"] == PROTOCOL_VERSION
            full = loaded.full_view(log)
            log.extend(loaded.events)
            # A person's seat: what its screen may show (the whole view but in Crazy Animals).
            assert full == shown(table, seat).view
        table.play_bots()
    assert request_from_json(game, Sync(0, 5).to_json()) == Sync(0, 5)
    refused = Refused("malformed", "document: not valid JSON")
    assert reply_from_json(game, refused.to_json()) == refused


def test_updates_for_other_seats_cover_each_clients_gap() -> None:
    """`update(table, seat, since)` brings any client from its own cursor to the table's."""
    table = _table()
    cursors = dict.fromkeys(range(4), 0)
    logs: dict[int, list[Event]] = {seat: [] for seat in range(4)}
    rng = random.Random(1)
    while not table.is_over:
        seat = table.to_move
        assert seat is not None
        table.act(seat, rng.choice(table.view(seat).legal_actions), cursor=table.cursor)
        table.play_bots()
        for other in range(4):
            if rng.random() < 0.5:  # some clients fall behind, then catch up
                reply = update(table, other, cursors[other])
                logs[other] += reply.events
                cursors[other] = reply.cursor
    for seat in range(4):
        reply = update(table, seat, cursors[seat])
        assert reply.full_view(logs[seat]) == table.view(seat)


def _refused(table: Table, seat: Any, text: Any) -> Refused:  # noqa: ANN401
    before = table.state
    replies = handle(table, seat, text)
    assert table.state is before
    assert len(replies) == 1
    (reply,) = replies
    assert isinstance(reply, Refused)
    assert reply.code in CODES
    return reply


def test_forged_messages_are_refused_and_change_nothing() -> None:
    """Another seat, bad JSON, wrong types, unknown fields and huge input are refused."""
    table = _table()
    mover = table.to_move
    assert mover is not None
    other = 2 if mover == 0 else 0
    action = table.view(mover).legal_actions[0].to_dict()
    act = {"type": "act", "seat": mover, "action": action, "cursor": table.cursor}
    cases = [
        (mover, {**act, "seat": other}, "wrong-seat"),
        (other, act, "wrong-seat"),
        (other, {**act, "seat": other}, "not-your-turn"),
        (1, {**act, "seat": 1}, "not-your-turn"),
        (
            mover,
            {**act, "action": {"kind": "discard-pair", "first": "1c1", "second": "1c2"}},
            "illegal-action",
        ),
        (mover, {**act, "action": {"kind": "fly"}}, "malformed"),
        (mover, {**act, "action": {"kind": "draw", "position": "0"}}, "malformed"),
        (mover, {**act, "seat": True}, "malformed"),
        (mover, {**act, "cursor": -1}, "malformed"),
        (mover, {**act, "cursor": "²"}, "malformed"),
        (mover, {**act, "cursor": 10**6}, "stale"),
        (mover, {**act, "cursor": table.cursor - 1}, "stale"),
        (mover, {"type": "sync", "seat": mover, "cursor": 10**6}, "malformed"),
        (mover, {**act, "extra": 1}, "malformed"),
        (mover, {"type": "update", "seat": mover}, "malformed"),
        (mover, [act], "malformed"),
        (mover, {"seat": mover}, "malformed"),
        (4, act, "unknown-seat"),
        (-1, act, "unknown-seat"),
        ("0", act, "unknown-seat"),
    ]
    for seat, doc, code in cases:
        reply = _refused(table, seat, json.dumps(doc))
        assert reply.code == code, (doc, reply)
    for text in ["", "{", "NaN", "[" * 50_000, "x" * (MAX_REQUEST_LENGTH + 1), b"\xff", None]:
        assert _refused(table, mover, text).code == "malformed"


def test_a_refusal_tells_only_whose_turn_it_is() -> None:
    """A move out of turn is refused with a message naming the seat to move and nothing else."""
    table = _table()
    mover = table.to_move
    assert mover is not None
    other = 2 if mover == 0 else 0
    action = table.view(mover).legal_actions[0]
    reply = _refused(table, other, Act(other, action, table.cursor).to_json())
    assert reply.message == f"it is seat {mover}'s (Seat {mover}) turn, not seat {other}'s"


@given(value=JSON_VALUES, seat=st.integers(min_value=-1, max_value=4))
def test_handle_never_raises_on_arbitrary_json(value: object, seat: int) -> None:
    """Any JSON value as a message, from any seat, is answered (never raises)."""
    table = _table()
    before = table.state
    replies = handle(table, seat, json.dumps(value))
    assert replies
    if isinstance(replies[0], Refused):
        assert table.state is before


@given(
    changes=st.dictionaries(
        st.sampled_from(["type", "seat", "action", "cursor", "kind", "position"]), JSON_VALUES
    )
)
def test_handle_refuses_mangled_acts(changes: dict[str, object]) -> None:
    """An `Act` with fields replaced by arbitrary JSON is refused or, if still legal, played."""
    table = _table()
    mover = table.to_move
    assert mover is not None
    action = table.view(mover).legal_actions[0].to_dict()
    doc: dict[str, Any] = {"type": "act", "seat": mover, "action": action, "cursor": table.cursor}
    for key, value in changes.items():
        target = doc["action"] if key in {"kind", "position"} else doc
        if isinstance(target, dict):
            target[key] = value
    before = table.state
    (reply,) = handle(table, mover, json.dumps(doc))
    assert isinstance(reply, Update) or table.state is before


def test_messages_check_their_own_fields() -> None:
    """Messages refuse impossible fields when built in Python too."""
    with pytest.raises(ValueError, match="code must be one of"):
        Refused("teapot", "no")
    with pytest.raises(TypeError, match="cursor"):
        Sync(0, -1)
    with pytest.raises(TypeError, match="seat"):
        Sync(True, 0)  # noqa: FBT003 - the wrong type is the point


@pytest.mark.parametrize(
    "doc",
    [
        {"type": "refused", "code": "teapot", "message": "x"},
        {"type": "refused", "code": "malformed", "message": 3},
        {"type": "update", "version": 2, "seat": 0, "cursor": 0, "view": {}, "events": []},
        {"type": "update", "version": 2, "seat": 0, "cursor": 0, "view": None, "events": {}},
        {"type": "update", "seat": 0, "cursor": 0, "view": None, "events": []},
        {"type": "act", "seat": 0, "cursor": 0},
    ],
)
def test_forged_replies_are_refused(doc: dict[str, Any]) -> None:
    """`reply_from_json` checks the type, the code, the version, the view and the events."""
    with pytest.raises(InvalidStateError):
        reply_from_json(cardgames.get_game("crazy-mistigri"), json.dumps(doc))


def test_a_forged_update_names_the_bad_event() -> None:
    """An update whose events hold an unknown kind is refused with its path."""
    table = _table()
    doc = update(table, 0).to_dict()
    doc["events"][1] = {"kind": "fly"}
    with pytest.raises(InvalidStateError, match=r"events\[1\]"):
        reply_from_json(table.game, json.dumps(doc))
