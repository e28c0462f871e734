"""The web table's test harness: a real server on 127.0.0.1 and Debian's headless chromium.

The server runs as `python -m cardgames serve --port 0` in a subprocess (its first line names
the port it took), on a database in the test's temporary folder. The browser is the system's
chromium driven by Playwright; `playwright install` is never run. Without chromium the browser
tests skip, saying so.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from cardgames.table import Table
from cardgames.web.database import open_store

CHROMIUM = shutil.which("chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
"""Requests go straight to 127.0.0.1, never through a proxy from the environment."""


class Server:
    """`cardgames serve` in a subprocess, on ``database``; `kill` and `start` again."""

    def __init__(self, database: Path | str, *options: str) -> None:
        """Start the server on a free port, with more `cardgames serve` ``options``."""
        self.database = database
        # Bot moves are paced for people; the tests take them at once unless they say.
        self.options = options if "--bot-pace" in options else ("--bot-pace", "0", *options)
        self.port = 0
        self.process: subprocess.Popen[str] | None = None
        self.table_id = ""
        """The id of the table opened last."""
        self.workers: list[int] = []
        """The process ids of the workers (with `--workers`)."""
        self.start()

    def start(self) -> None:
        """Start the server (on the port it had before, if it had one)."""
        self.process = subprocess.Popen(  # noqa: S603 - our own command line
            [
                sys.executable,
                "-m",
                "cardgames",
                "serve",
                "--port",
                str(self.port),
                "--database",
                str(self.database),
                *self.options,
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if "--workers" in self.options:
            # The second line: "cardgames serve: N workers, process ids PID PID ..."
            self.workers = [int(pid) for pid in self.process.stdout.readline().split()[6:]]
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert found, f"the server did not start: {line!r}"
        self.port = int(found.group(1))

    @property
    def url(self) -> str:
        """The server's address, with its final slash."""
        return f"http://127.0.0.1:{self.port}/"

    def kill(self) -> None:
        """Kill the server at once (SIGKILL): nothing gets a chance to be flushed."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        if self.process.stdout is not None:
            self.process.stdout.close()

    def stop(self) -> None:
        """Stop the server."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        if self.process is not None and self.process.stdout is not None:
            self.process.stdout.close()

    def settled(self, table_id: str = "") -> Table:
        """The table (default: the one opened last) once its bots have played up to a person."""
        deadline = time.monotonic() + 30
        while True:
            store = open_store(self.database)
            try:
                table = store.fetch(table_id or self.table_id).table
            finally:
                store.close()
            if table.bot_turn() is None or time.monotonic() > deadline:
                return table
            time.sleep(0.05)

    def open_table(self, **request: Any) -> list[dict[str, Any]]:  # noqa: ANN401
        """Open a table as the form does (POST /api/tables); the links of its human seats."""
        answer = self.post("api/tables", request)
        self.table_id = answer["table"]
        links: list[dict[str, Any]] = answer["links"]
        return links

    def get(self, path: str) -> bytes:
        """GET ``path``; the body (an error answer raises)."""
        with OPENER.open(self.url + path, timeout=30) as response:
            body: bytes = response.read()
        return body

    def post(self, path: str, body: object) -> dict[str, Any]:
        """POST ``body`` as JSON to ``path``; the JSON answer (an error answer raises)."""
        request = urllib.request.Request(  # noqa: S310 - a fixed http://127.0.0.1 URL
            self.url + path,
            data=json.dumps(body).encode(),
            method="POST",
            headers={"Content-Type": "application/json"},
        )
        with OPENER.open(request, timeout=30) as response:
            answer: dict[str, Any] = json.loads(response.read())
        return answer


def seat_socket(
    server: Server, link: dict[str, Any], since: int | str | None = None
) -> ClientConnection:
    """Open the WebSocket of the seat that ``link`` opens (with `?since=`, if given)."""
    query = "" if since is None else f"?since={since}"
    token = link["url"].rsplit("/", 1)[1]
    return connect(f"ws://127.0.0.1:{server.port}/ws/{token}{query}", proxy=None)


def receive_json(socket: ClientConnection, timeout: float = 30) -> dict[str, Any]:
    """The next message of ``socket``, parsed."""
    message: dict[str, Any] = json.loads(socket.recv(timeout=timeout))
    return message


def until_turn(socket: ClientConnection, events: list[Any] | None = None) -> dict[str, Any]:
    """Receive updates until the seat is to move or the match is over; the last one.

    The events of every update received are added to ``events``, if given.
    """
    while True:
        message = receive_json(socket)
        if message["type"] != "update":
            continue
        if events is not None:
            events.extend(message["update"]["events"])
        if message["page"]["yourTurn"] or message["page"]["result"] is not None:
            return message


def drain(socket: ClientConnection, quiet: float = 1.5) -> list[dict[str, Any]]:
    """Every message ``socket`` receives until it has been quiet for ``quiet`` seconds."""
    messages = []
    with contextlib.suppress(TimeoutError):
        while True:
            messages.append(receive_json(socket, timeout=quiet))
    return messages


def each_move(before: Table, seat: int, count: int = 2) -> list[str]:
    """The table after each of ``seat``'s first ``count`` legal moves, as saves."""
    saves = []
    for action in before.view(seat).legal_actions[:count]:
        after = before.copy()
        after.act(seat, action)
        saves.append(after.to_json())
    return saves


@pytest.fixture(scope="session")
def postgres() -> Iterator[Any]:
    """A private PostgreSQL server for the session (skips where its programs are absent)."""
    pytest.importorskip("psycopg", reason="the postgres extra (psycopg) is not installed")
    from cardgames.web.postgres import LocalCluster, cluster_binaries  # noqa: PLC0415

    if cluster_binaries() is None:
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql): no such tests")
    with LocalCluster() as cluster:
        yield cluster


@pytest.fixture
def fresh_server(tmp_path: Path) -> Iterator[Server]:
    """A server of its own, on a fresh database (for a test that kills it)."""
    running = Server(tmp_path / "tables.sqlite3")
    yield running
    running.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the tests of a module, each of which opens its own table."""
    running = Server(tmp_path_factory.mktemp("web") / "tables.sqlite3")
    yield running
    running.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's headless chromium, driven by Playwright (skips where chromium is absent)."""
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (apt-get install chromium): no browser tests")
    from playwright.sync_api import sync_playwright  # noqa: PLC0415 - only with chromium

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        yield launched
        launched.close()


def screenshot_folder() -> Path | None:
    """Where the tests save the screenshots of the docs (`CARDGAMES_WEB_SCREENSHOTS`), if set."""
    folder = os.environ.get("CARDGAMES_WEB_SCREENSHOTS")
    return None if not folder else Path(folder)
