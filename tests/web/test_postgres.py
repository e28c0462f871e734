"""The web table past one process: its tables in PostgreSQL, several servers on one database.

The session's PostgreSQL is a private cluster (`LocalCluster`: Debian's `initdb` in a temporary
folder, a free port of 127.0.0.1, run as `nobody` under root); each test has a database of its
own. Without PostgreSQL's programs or psycopg these tests skip, saying so.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import time
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidMessage

from cardgames.protocol import Act
from cardgames.table import Table
from cardgames.web.database import open_store

from .conftest import Server, drain, each_move, receive_json, seat_socket

NAMES = ["Ana", "Ben", "Chloé"]


@pytest.fixture
def database(postgres: Any) -> str:  # noqa: ANN401 - a LocalCluster
    """A fresh database on the session's PostgreSQL; its URL."""
    url: str = postgres.new_database()
    return url


@pytest.fixture
def two_servers(database: str) -> Iterator[tuple[Server, Server]]:
    """Two `cardgames serve` processes on one PostgreSQL database."""
    servers = (Server(database), Server(database))
    yield servers
    for running in servers:
        running.stop()


def test_postgres_store_commits_from_the_latest_save(database: str) -> None:
    """A commit from an outdated copy applies to the latest save, and versions count saves."""
    first, second = open_store(database), open_store(database)
    try:
        table = Table.new("classic-mistigri", players=2, seed=3)
        saved = first.create(table, language="en")
        known = first.fetch(saved.table_id)
        assert known.version == 0

        def play(moved: Table) -> bool:
            seat = moved.to_move
            assert seat is not None
            moved.act(seat, moved.view(seat).legal_actions[0])
            return True

        one = second.commit(saved.table_id, known, play)
        two = first.commit(saved.table_id, known, play)  # known is one save behind now
        assert (one.stored.version, two.stored.version) == (1, 2)
        expected = table.copy()
        play(expected)
        play(expected)
        assert first.fetch(saved.table_id).table.to_json() == expected.to_json()
        assert second.seat_of(saved.tokens[0]) == (saved.table_id, 0)
        assert first.purge(finished_after=1, abandoned_after=10**6) == 0
        assert first.purge(finished_after=1, abandoned_after=10**-6) == 1
        with pytest.raises(KeyError):
            first.fetch(saved.table_id)
    finally:
        first.close()
        second.close()


def test_postgres_rematch_moves_every_seat_link_once(database: str) -> None:
    """PostgreSQL's rematch saves the next match and moves the seat links to it, once."""
    store = open_store(database)
    try:
        table = Table.new("kitten-tricks", players=3, bots={2: "medium"}, seed=1)
        saved = store.create(table, language="en")
        again = Table.new("kitten-tricks", players=3, bots={2: "medium"}, seed=2)
        new_id = store.rematch(saved.table_id, again, language="en")
        assert new_id is not None
        assert store.seat_of(saved.tokens[1]) == (new_id, 1)
        assert store.rematch(saved.table_id, again, language="en") is None
        assert store.fetch(new_id).table.to_json() == again.to_json()
    finally:
        store.close()


def test_postgres_a_move_reaches_a_browser_of_another_process(
    two_servers: tuple[Server, Server],
) -> None:
    """A move made through one server reaches the other seat's socket on the other (NOTIFY)."""
    one, two = two_servers
    links = one.open_table(game="classic-mistigri", players=2, names=NAMES[:2], bots={}, seed=4)
    table = one.settled()
    mover = table.to_move
    assert mover is not None
    with seat_socket(one, links[mover]) as mine, seat_socket(two, links[1 - mover]) as theirs:
        act = receive_json(mine)["page"]["moves"][0]["act"]
        start = receive_json(theirs)["update"]["cursor"]
        mine.send(json.dumps(act))
        assert receive_json(mine)["type"] == "update"
        heard = receive_json(theirs, timeout=10)
    assert heard["update"]["cursor"] > start
    assert heard["update"]["view"]["to_move"] == 1 - mover


def test_postgres_two_processes_play_one_move_of_two_at_one_position(
    two_servers: tuple[Server, Server],
) -> None:
    """Two moves chosen at one position, sent to two processes at once: the database keeps one."""
    one, two = two_servers
    links = one.open_table(game="classic-mistigri", players=2, names=NAMES[:2], bots={}, seed=5)
    before = one.settled()
    mover = before.to_move
    assert mover is not None
    legal = before.view(mover).legal_actions
    assert len(legal) >= 2
    with seat_socket(one, links[mover]) as left, seat_socket(two, links[mover]) as right:
        receive_json(left)
        receive_json(right)
        left.send(Act(mover, legal[0], cursor=before.cursor).to_json())
        right.send(Act(mover, legal[1], cursor=before.cursor).to_json())
        answers = [drain(ws) for ws in (left, right)]
    refused = [m["refused"]["code"] for ms in answers for m in ms if m["type"] == "refused"]
    assert refused == ["stale"]
    played = each_move(before, mover)
    store = open_store(str(one.database))
    try:
        stored = store.fetch(one.table_id)
    finally:
        store.close()
    assert stored.version == 1
    assert stored.table.to_json() in played


def test_postgres_workers_share_a_port_and_outlive_a_killed_one(database: str) -> None:
    """`--workers 2` shares one port; with one worker killed the other serves, and one restarts."""
    server = Server(database, "--workers", "2")
    try:
        assert len(server.workers) == 2
        links = server.open_table(
            game="kitten-tricks", players=3, names=NAMES, bots={"1": "heuristic"}, seed=2
        )
        os.kill(server.workers[0], signal.SIGKILL)
        served = 0
        for _ in range(10):
            # A connection that the kernel gave the dying socket is reset (at the handshake or at
            # the first frame): the page reconnects.
            with (
                contextlib.suppress(OSError, InvalidMessage, ConnectionClosed),
                seat_socket(server, links[0]) as ws,
            ):
                served += receive_json(ws)["type"] == "update"
        assert served >= 8
        assert server.process is not None
        assert server.process.stdout is not None
        line = server.process.stdout.readline()
        assert line.startswith("cardgames serve: worker ")
        assert line.strip().endswith(" up")
        time.sleep(0.2)
        assert server.process.poll() is None
    finally:
        server.stop()


def test_postgres_a_rematch_reaches_the_browsers_of_every_process(
    two_servers: tuple[Server, Server],
) -> None:
    """After « Rejouer » on one server, the browser held by the other is told too (NOTIFY)."""
    one, two = two_servers
    finished = Table.new("classic-mistigri", players=2, names=NAMES[:2], seed=8)
    while not finished.is_over:
        seat = finished.to_move
        assert seat is not None
        finished.act(seat, finished.view(seat).legal_actions[0])
    store = open_store(str(one.database))
    try:
        saved = store.create(finished, language="fr")
    finally:
        store.close()
    links = [{"url": f"/play/{saved.tokens[seat]}"} for seat in (0, 1)]
    with seat_socket(one, links[0]) as mine, seat_socket(two, links[1]) as theirs:
        assert receive_json(mine)["type"] == "update"
        assert receive_json(theirs)["type"] == "update"
        answer = one.post("api/rematch", {"token": saved.tokens[0]})
        assert answer["table"] != saved.table_id
        assert receive_json(mine, timeout=10) == {"type": "moved"}
        assert receive_json(theirs, timeout=10) == {"type": "moved"}
        assert not [m for m in drain(mine) if m.get("type") == "moved"]  # told once
