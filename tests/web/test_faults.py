"""The server's half of issue 25: one test (or more) per numbered fault, named after it.

Each test starts its own `cardgames serve` (with the limits it needs) on 127.0.0.1, or uses the
module's server; the double click in Chromium is in `test_browser.py`; PostgreSQL is in
`test_postgres.py`.
"""

from __future__ import annotations

import contextlib
import json
import select
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardgames.cli import build_parser
from cardgames.cli.serve import duration
from cardgames.protocol import Act, Sync
from cardgames.table import Table
from cardgames.web.store import TableStore

from .conftest import OPENER, Server, drain, each_move, receive_json, seat_socket, until_turn

NAMES = ["Ana", "Ben", "Chloé", "Dan", "Eva"]


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Any]:
    """Start servers of the test's own, with `cardgames serve` options; stop them after."""
    started: list[Server] = []

    def make(*options: str, database: Path | None = None) -> Server:
        running = Server(database or tmp_path / f"tables-{len(started)}.sqlite3", *options)
        started.append(running)
        return running

    yield make
    for running in started:
        running.stop()


def _request(
    server: Server, path: str, body: bytes, headers: dict[str, str]
) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(  # noqa: S310 - a fixed http://127.0.0.1 URL
        server.url + path, data=body, method="POST", headers=headers
    )
    try:
        with OPENER.open(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        with error:
            return error.code, dict(error.headers), error.read()


def _open_body(**more: Any) -> dict[str, Any]:  # noqa: ANN401
    body = {"game": "classic-mistigri", "players": 2, "names": NAMES[:2], "bots": {}, "seed": 5}
    return {**body, **more}


def _rss(pid: int) -> int:
    """The resident memory of process ``pid``, in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    msg = f"no VmRSS for {pid}"
    raise AssertionError(msg)


def _pid(server: Server) -> int:
    assert server.process is not None
    return server.process.pid


# -- 1. a stale or repeated move is played again ----------------------------------------------


def test_fault_1_the_same_act_sent_twice_is_played_once(server: Server) -> None:
    """Fault 1: one `Act` sent twice on one socket plays one move; the second is refused."""
    links = server.open_table(**_open_body(seed=7))
    before = server.settled()
    mover = before.to_move
    assert mover is not None
    with seat_socket(server, links[mover]) as ws:
        first = receive_json(ws)
        act = first["page"]["moves"][0]["act"]
        ws.send(json.dumps(act))
        ws.send(json.dumps(act))
        replies = [receive_json(ws) for _ in range(2)]
    refused = [r["refused"]["code"] for r in replies if r["type"] == "refused"]
    assert refused in (["stale"], ["not-your-turn"])
    expected = before.copy()
    expected.act(mover, before.view(mover).legal_actions[0])
    assert server.settled().to_json() == expected.to_json()


def test_fault_1_two_sockets_of_one_seat_play_one_move(server: Server) -> None:
    """Fault 1: two sockets of one seat send two moves chosen at one position: one is played."""
    links = server.open_table(**_open_body(seed=8))
    before = server.settled()
    mover = before.to_move
    assert mover is not None
    legal = before.view(mover).legal_actions
    assert len(legal) >= 2
    with seat_socket(server, links[mover]) as one, seat_socket(server, links[mover]) as two:
        receive_json(one)
        receive_json(two)
        one.send(Act(mover, legal[0], cursor=before.cursor).to_json())
        two.send(Act(mover, legal[1], cursor=before.cursor).to_json())
        answers = [message for ws in (one, two) for message in drain(ws)]
    assert sorted(a["type"] for a in answers) == ["refused", "update", "update"]
    after = server.settled()
    played = each_move(before, mover)
    assert after.to_json() in played


# -- 2. one socket that stops reading freezes its table ----------------------------------------


def _raw_socket(server: Server, token: str) -> socket.socket:
    """A WebSocket opened by hand on a socket with a tiny receive buffer, that never reads."""
    raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.connect(("127.0.0.1", server.port))
    raw.sendall(
        (
            f"GET /ws/{token} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += raw.recv(1)
    assert b" 101 " in head
    return raw


def _frame(text: str) -> bytes:
    """A masked text frame (the mask is four zero bytes, so the payload goes as it is)."""
    data = text.encode()
    assert len(data) < 126
    return bytes([0x81, 0x80 | len(data), 0, 0, 0, 0]) + data


def _close_code(raw: socket.socket, seconds: float) -> int | None:
    """Read the frames of ``raw`` until a close frame; its code (None: the socket ended)."""
    raw.settimeout(seconds)
    buffer = b""
    while True:
        while len(buffer) >= 2:
            opcode, size, at = buffer[0] & 0x0F, buffer[1] & 0x7F, 2
            if size == 126:
                size, at = int.from_bytes(buffer[2:4]), 4
            elif size == 127:
                size, at = int.from_bytes(buffer[2:10]), 10
            if len(buffer) < at + size:
                break
            if opcode == 0x8:
                return int.from_bytes(buffer[at : at + 2])
            buffer = buffer[at + size :]
        chunk = raw.recv(1 << 20)
        if not chunk:
            return None
        buffer += chunk


def test_fault_2_a_socket_that_stops_reading_does_not_delay_the_others(
    make_server: Any,  # noqa: ANN401
) -> None:
    """Fault 2: a socket that floods `Sync`s and never reads is dropped (4408); others play on."""
    server = make_server(
        "--queue", "4", "--messages-per-second", "1e5", "--message-burst", "100000"
    )
    links = server.open_table(**_open_body())
    table = server.settled()
    # The slow reader is a second socket of seat 0: its own seat's updates keep coming.
    slow = _raw_socket(server, links[0]["url"].rsplit("/", 1)[1])
    flood = _frame(Sync(seat=0, cursor=0).to_json()) * 3000
    slow.settimeout(0.0)
    with contextlib.suppress(BlockingIOError):
        slow.send(flood)  # as much as the kernel takes: the server then falls behind sending
    slow.settimeout(None)
    latencies = []
    with seat_socket(server, links[0]) as zero, seat_socket(server, links[1]) as one:
        sockets = {0: zero, 1: one}
        last = {seat: receive_json(ws) for seat, ws in sockets.items()}
        for _ in range(6):
            mover = table.to_move
            assert mover in sockets
            started = time.perf_counter()
            sockets[mover].send(json.dumps(last[mover]["page"]["moves"][0]["act"]))
            last = {seat: receive_json(ws, timeout=5) for seat, ws in sockets.items()}
            latencies.append(time.perf_counter() - started)
            table = server.settled()
    assert max(latencies) < 1.0, latencies
    assert _close_code(slow, 30) == 4408
    slow.close()


# -- 3. the whole body is read before the 16 KiB check ------------------------------------------


def test_fault_3_a_50_mb_body_with_a_length_is_refused_unread(
    make_server: Any,  # noqa: ANN401
) -> None:
    """Fault 3: a declared 50 MB body gets 413 before any of it is sent; memory stays put."""
    server = make_server()
    before = _rss(_pid(server))
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
        raw.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 50000000\r\n\r\n"
        )
        answer = raw.recv(4096)
    assert answer.startswith(b"HTTP/1.1 413")
    assert _rss(_pid(server)) - before < 10_000_000


def test_fault_3_a_50_mb_chunked_body_is_refused_past_the_cap(
    make_server: Any,  # noqa: ANN401
) -> None:
    """Fault 3: a chunked body gets 413 once past 16 KiB, long before 50 MB; memory stays put."""
    server = make_server()
    before = _rss(_pid(server))
    chunk = b"10000\r\n" + b"x" * 0x10000 + b"\r\n"
    sent = 0
    answer = b""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
        raw.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        while sent < 50_000_000:
            readable, writable, _ = select.select([raw], [raw], [], 10)
            if readable:
                answer = raw.recv(4096)
                break
            if writable:
                try:
                    raw.sendall(chunk)
                except OSError:
                    break
                sent += len(chunk)
        if not answer:
            with contextlib.suppress(OSError):
                answer = raw.recv(4096)
    assert answer.startswith(b"HTTP/1.1 413")
    assert sent < 20_000_000
    assert _rss(_pid(server)) - before < 10_000_000


# -- 4. a failed save leaves the move in memory, then loses it -----------------------------------


def test_fault_4_a_failed_save_refuses_the_move_and_changes_nothing(
    make_server: Any,  # noqa: ANN401
) -> None:
    """Fault 4: a locked sqlite file refuses the move (`unavailable`) and shows it to no one.

    Other requests stay fast meanwhile, and the same move plays once the lock is gone.
    """
    server = make_server("--lock-timeout", "1s")
    links = server.open_table(**_open_body(seed=3))
    before = server.settled()
    mover = before.to_move
    assert mover is not None
    other = 1 - mover
    with seat_socket(server, links[mover]) as mine, seat_socket(server, links[other]) as theirs:
        act = receive_json(mine)["page"]["moves"][0]["act"]
        receive_json(theirs)
        lock = sqlite3.connect(server.database, isolation_level=None)
        lock.execute("BEGIN EXCLUSIVE")
        try:
            mine.send(json.dumps(act))
            started = time.perf_counter()
            server.get("api/games")
            server.get(links[other]["url"].lstrip("/"))
            unrelated = time.perf_counter() - started
            answer = receive_json(mine, timeout=10)
        finally:
            lock.execute("ROLLBACK")
            lock.close()
        assert answer["type"] == "refused"
        assert answer["refused"]["code"] == "unavailable"
        assert unrelated < 0.5
        with pytest.raises(TimeoutError):
            theirs.recv(timeout=0.5)
        mine.send(Sync(seat=mover, cursor=0).to_json())
        assert receive_json(mine)["update"]["cursor"] == before.cursor
        assert server.settled().to_json() == before.to_json()
        mine.send(json.dumps(act))
        assert receive_json(mine)["type"] == "update"
        assert receive_json(theirs)["type"] == "update"
    expected = before.copy()
    expected.act(mover, before.view(mover).legal_actions[0])
    assert server.settled().to_json() == expected.to_json()


# -- 5. bots on the event loop; loading plays the bots -----------------------------------------


def test_fault_5_the_person_is_answered_at_once_and_the_hardest_bot_within_a_second(
    server: Server,
) -> None:
    """Fault 5: the mover is answered before the bots think; each ISMCTS move follows in 1 s.

    ISMCTS is the form's hardest bot; other requests stay fast while it thinks.
    """
    links = server.open_table(
        game="kitten-tricks", players=3, names=NAMES[:3], bots={"1": "ismcts", "2": "ismcts"}
    )
    with seat_socket(server, links[0]) as ws:
        first = until_turn(ws)
        started = time.perf_counter()
        ws.send(json.dumps(first["page"]["moves"][0]["act"]))
        mine = receive_json(ws)
        answered = time.perf_counter() - started
        assert mine["type"] == "update"
        assert mine["update"]["view"]["to_move"] == 1
        gaps, unrelated = [], []
        while True:
            probe = time.perf_counter()
            server.get("api/games")
            unrelated.append(time.perf_counter() - probe)
            message = receive_json(ws, timeout=5)
            gaps.append(time.perf_counter() - started)
            started = time.perf_counter()
            if message["page"]["yourTurn"] or message["page"]["result"]:
                break
    assert answered < 0.5
    assert gaps
    assert max(gaps) < 1.0, gaps
    assert max(unrelated) < 0.3, unrelated


def test_fault_5_a_loaded_table_plays_no_bot_until_the_server_asks(
    make_server: Any,  # noqa: ANN401
    tmp_path: Path,
) -> None:
    """Fault 5: a saved table at a bot's turn stays as saved until a browser joins it."""
    database = tmp_path / "saved.sqlite3"
    table = next(
        t
        for seed in range(50)
        if (
            t := Table.new("crazy-mistigri", players=3, bots={0: "random", 1: "random"}, seed=seed)
        ).bot_turn()
        is not None
    )
    with TableStore(database) as store:
        saved = store.create(table, language="en")
    server = make_server(database=database)
    time.sleep(1.0)
    with TableStore(database) as store:
        assert store.load(saved.table_id).to_json() == table.to_json()
    with seat_socket(server, {"url": f"/play/{saved.tokens[2]}"}) as ws:
        assert until_turn(ws)["page"]["yourTurn"] or table.is_over
    expected = table.copy()
    expected.play_bots()
    assert server.settled(saved.table_id).to_json() == expected.to_json()


# -- 6. bad input gives 500s and dropped sockets ------------------------------------------------


@pytest.mark.parametrize(
    "bots",
    [
        {"²": "random"},
        {"\u0661": "random"},
        {"1": ["random"]},
        ["random"],
        {"1": {"kind": "random"}},
    ],
)
def test_fault_6_a_bad_bots_field_gets_a_400(server: Server, bots: object) -> None:
    """Fault 6: a `bots` key that is not ASCII digits, or a value that is not a bot's name: 400."""
    status, _, body = _request(
        server,
        "api/tables",
        json.dumps(_open_body(bots=bots)).encode(),
        {"Content-Type": "application/json"},
    )
    assert status == 400
    assert json.loads(body)["error"]


def test_fault_6_a_bad_since_is_refused_and_the_socket_resyncs(server: Server) -> None:
    """Fault 6: `?since=²` gets a `malformed` refusal and the whole update, not a dropped socket."""
    links = server.open_table(**_open_body())
    with seat_socket(server, links[0], since="%C2%B2") as ws:
        refused = receive_json(ws)
        update = receive_json(ws)
    assert refused["refused"]["code"] == "malformed"
    assert update["type"] == "update"
    assert update["update"]["cursor"] == len(update["update"]["events"])


def test_fault_6_a_binary_frame_is_refused_and_the_socket_stays(server: Server) -> None:
    """Fault 6: a binary frame gets a `malformed` refusal; the socket then answers a `Sync`."""
    links = server.open_table(**_open_body())
    with seat_socket(server, links[0]) as ws:
        first = receive_json(ws)
        ws.send(b"\x00\xff binary")
        refused = receive_json(ws)
        ws.send(Sync(seat=0, cursor=0).to_json())
        again = receive_json(ws)
    assert refused["refused"]["code"] == "malformed"
    assert again["update"]["cursor"] == first["update"]["cursor"]


# -- 7. no limits ---------------------------------------------------------------------------------


def test_fault_7_another_origin_cannot_open_a_table(server: Server) -> None:
    """Fault 7: table creation answers 403 to another site's page and 415 to a non-JSON body."""
    body = json.dumps(_open_body()).encode()
    json_type = {"Content-Type": "application/json"}
    elsewhere = _request(server, "api/tables", body, {**json_type, "Origin": "https://evil.test"})
    assert elsewhere[0] == 403
    same = _request(
        server, "api/tables", body, {**json_type, "Origin": f"http://127.0.0.1:{server.port}"}
    )
    assert same[0] == 200
    form = _request(server, "api/tables", body, {"Content-Type": "text/plain"})
    assert form[0] == 415


def test_fault_7_tables_per_address_are_rate_limited(make_server: Any) -> None:  # noqa: ANN401
    """Fault 7: past its burst, an address opening tables gets 429 with a Retry-After."""
    server = make_server("--table-burst", "3", "--tables-per-minute", "1")
    body = json.dumps(_open_body()).encode()
    answers = [
        _request(server, "api/tables", body, {"Content-Type": "application/json"}) for _ in range(4)
    ]
    assert [status for status, _, _ in answers] == [200, 200, 200, 429]
    assert int(answers[-1][1]["retry-after"]) >= 1


def test_fault_7_messages_per_socket_are_rate_limited(make_server: Any) -> None:  # noqa: ANN401
    """Fault 7: past its burst, a socket's messages get `rate-limited` and are not read."""
    server = make_server("--message-burst", "3", "--messages-per-second", "0.5")
    links = server.open_table(**_open_body())
    with seat_socket(server, links[0]) as ws:
        receive_json(ws)
        for _ in range(6):
            ws.send(Sync(seat=0, cursor=0).to_json())
        answers = [receive_json(ws) for _ in range(6)]
    kinds = [a["refused"]["code"] if a["type"] == "refused" else "update" for a in answers]
    assert kinds == ["update"] * 3 + ["rate-limited"] * 3


def test_fault_7_the_retention_policy_deletes_finished_then_abandoned_tables(
    tmp_path: Path,
) -> None:
    """Fault 7: `purge` deletes a finished table after its time, any table after the longer one."""
    store = TableStore(tmp_path / "tables.sqlite3")
    playing = Table.new("kitten-tricks", players=3, bots={1: "random", 2: "random"}, seed=2)
    finished = playing.copy()
    finished.play_bots()
    while not finished.is_over:
        seat = finished.to_move
        assert seat is not None
        finished.act(seat, finished.view(seat).legal_actions[0])
        finished.play_bots()
    kept = store.create(playing, language="en")
    done = store.create(finished, language="en")
    now = time.time()
    assert store.purge(finished_after=3600, abandoned_after=7200, now=now + 60) == 0
    assert store.purge(finished_after=3600, abandoned_after=7200, now=now + 3700) == 1
    assert store.seat_of(done.tokens[0]) is None
    assert store.tables() == [kept.table_id]
    assert store.purge(finished_after=3600, abandoned_after=7200, now=now + 7300) == 1
    assert store.tables() == []
    store.close()


def test_fault_7_the_server_runs_the_retention_policy_on_its_own(
    make_server: Any,  # noqa: ANN401
) -> None:
    """Fault 7: with `--keep-abandoned 2s --purge-every 1s`, an idle table's link soon dies."""
    server = make_server("--keep-abandoned", "2s", "--keep-finished", "1s", "--purge-every", "1s")
    links = server.open_table(**_open_body())
    server.get(links[0]["url"].lstrip("/"))
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            server.get(links[0]["url"].lstrip("/"))
        except urllib.error.HTTPError as error:
            error.close()
            gone = error.code
            break
        time.sleep(0.5)
    else:
        pytest.fail("the table was never deleted")
    assert gone == 404


def test_fault_7_durations_and_limits_are_options_of_serve() -> None:
    """Fault 7: `cardgames serve` reads durations in s, m, h and d, and refuses a bad one."""
    assert [duration(text) for text in ("90", "90s", "30m", "12h", "7d")] == [
        90,
        90,
        1800,
        43200,
        604800,
    ]
    parser = build_parser()
    args = parser.parse_args(["serve", "--keep-finished", "2d", "--tables-per-minute", "5"])
    assert (args.keep_finished, args.tables_per_minute) == (172800, 5)
    for bad in ("-1s", "soon", "0", "infd"):
        with pytest.raises(SystemExit):
            parser.parse_args(["serve", "--keep-finished", bad])


# -- 8. smaller faults ---------------------------------------------------------------------------


@pytest.mark.parametrize(("method", "path", "status"), [("GET", "nope", 404), ("PUT", "", 405)])
def test_fault_8_the_frameworks_error_pages_have_the_security_headers(
    server: Server, method: str, path: str, status: int
) -> None:
    """Fault 8: the framework's own 404 and 405 answers carry the app's security headers."""
    request = urllib.request.Request(server.url + path, method=method)  # noqa: S310
    with pytest.raises(urllib.error.HTTPError) as caught:
        OPENER.open(request, timeout=10)
    with caught.value as error:
        assert error.code == status
        assert "frame-ancestors 'none'" in error.headers["Content-Security-Policy"]
        assert error.headers["X-Content-Type-Options"] == "nosniff"
        assert error.headers["Referrer-Policy"] == "no-referrer"


@pytest.mark.parametrize("kind", ["missing-folder", "not-a-database", "postgres-unreachable"])
def test_fault_8_a_bad_database_is_one_line_and_exit_2(tmp_path: Path, kind: str) -> None:
    """Fault 8: a database that cannot be opened stops `serve` with one line and status 2."""
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"this is not a database" * 100)
    database = {
        "missing-folder": str(tmp_path / "no" / "such" / "folder.sqlite3"),
        "not-a-database": str(garbage),
        "postgres-unreachable": "postgresql://nobody@127.0.0.1:1/none",
    }[kind]
    done = subprocess.run(  # noqa: S603 - our own command line
        [sys.executable, "-m", "cardgames", "serve", "--port", "0", "--database", database],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert done.stderr.startswith("cardgames serve: ")


def test_fault_8_a_socket_that_joins_mid_move_gets_each_event_once(server: Server) -> None:
    """Fault 8: sockets joining while the bots play receive contiguous events, none twice."""
    links = server.open_table(
        game="kitten-tricks",
        players=4,
        names=NAMES[:4],
        bots={"1": "ismcts", "2": "heuristic", "3": "ismcts"},
        seed=4,
    )
    with seat_socket(server, links[0]) as ws:
        act = until_turn(ws)["page"]["moves"][0]["act"]
        ws.send(json.dumps(act))
        receive_json(ws)
        joined = []
        for _ in range(3):
            late = seat_socket(server, links[0])
            joined.append(late)
            time.sleep(0.3)
        for late in joined:
            with late:
                cursor = 0
                while True:
                    message = receive_json(late)
                    update = message["update"]
                    assert update["cursor"] - len(update["events"]) == cursor
                    cursor = update["cursor"]
                    if message["page"]["yourTurn"] or message["page"]["result"]:
                        break
