"""Load and faults for the web table: many tables at once, a server process killed mid-run.

Two modes, each on 127.0.0.1 only, each bounded in tables and in time:

- `sqlite`: one `cardgames serve` process on a sqlite file. Midway it is killed (SIGKILL) and
  started again on the same file and port; every client reconnects to the new process.
- `postgres`: `cardgames serve --workers 2` on a private PostgreSQL cluster (Debian's
  `initdb`, in a temporary folder). Midway one of the two workers is killed (SIGKILL); the
  clients it held reconnect to the same address, where the other worker (or the one started
  in its place) serves them from the database.

Each mode opens `--tables` tables (the games in turn, bots at every seat but one, two people
at every third table, an ISMCTS bot at every fifth) and runs one scripted WebSocket client per
person, who plays a random legal move whenever it is their turn, for `--seconds` seconds. A
client checks that every update continues exactly from its cursor (no event twice, none
skipped) and, after a reconnection, that the server has every move it was told of. At the end
every table is loaded from the database and each client's events must be what the saved table
shows its seat.

It prints, per mode: the people's moves per second and the saves per second (the people's and
the bots' moves), the latency from a person's move to its update (p50, p99), reconnections,
errors and moves lost (0 expected), and the machine's load average (1, 5 and 15 minutes)
before and after. The exit status is 1 if there was any error or lost move.

Run it: `python benchmarks/web_load.py` (both modes; `--mode sqlite` or `--mode postgres` for
one, `--tables 40 --seconds 20` by default).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

import cardgames
from cardgames.web.database import open_store

_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
_LIMITS = ["--tables-per-minute", "100000", "--table-burst", "100000"]
"""The script opens every table from one address: lift that rate limit (and only that one)."""


class _Server:
    """`cardgames serve` in a subprocess (with `--workers N` above 1)."""

    def __init__(self, database: str, workers: int) -> None:
        self.database = database
        self.workers = workers
        self.port = 0
        self.pids: list[int] = []
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "cardgames", "serve", "--port", str(self.port)]
        command += ["--database", self.database, *_LIMITS]
        if self.workers > 1:
            command += ["--workers", str(self.workers)]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)  # noqa: S603
        assert self.process.stdout is not None  # noqa: S101 - Popen with stdout=PIPE
        line = self.process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if found is None:
            msg = f"the server did not start: {line!r}"
            raise RuntimeError(msg)
        self.port = int(found.group(1))
        if self.workers > 1:
            self.pids = [int(pid) for pid in self.process.stdout.readline().split()[6:]]
        else:
            self.pids = [self.process.pid]

    def kill_one(self) -> int:
        """SIGKILL one server process (a worker, or the only process); its id."""
        victim = self.pids[0]
        os.kill(victim, signal.SIGKILL)
        if self.workers <= 1:
            assert self.process is not None  # noqa: S101 - started
            self.process.wait(timeout=10)
            if self.process.stdout is not None:
                self.process.stdout.close()
        return victim

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        if self.process is not None and self.process.stdout is not None:
            self.process.stdout.close()


class _Person:
    """A scripted person at one seat of one table."""

    def __init__(self, server: _Server, table_id: str, seat: int, token: str, seed: int) -> None:
        self.server = server
        self.table_id = table_id
        self.seat = seat
        self.token = token
        self.rng = random.Random(seed)
        self.cursor = 0
        self.events: list[Any] = []
        self.latencies: list[float] = []
        self.moves = 0
        self.reconnections = 0
        self.errors: list[str] = []
        self.lost = 0
        self.over = False

    async def play(self, deadline: float) -> None:
        """Play until the match ends or the deadline, reconnecting after every drop."""
        while not self.over and time.monotonic() < deadline:
            url = f"ws://127.0.0.1:{self.server.port}/ws/{self.token}?since={self.cursor}"
            try:
                async with connect(url, proxy=None, max_size=2**22, open_timeout=5) as ws:
                    await asyncio.wait_for(self._session(ws), max(0.1, deadline - time.monotonic()))
            except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError):
                pass
            if not self.over and time.monotonic() < deadline:
                self.reconnections += 1
                await asyncio.sleep(0.2)

    async def _session(self, ws: Any) -> None:  # noqa: ANN401 - a websockets connection
        pending: tuple[float, int] | None = None
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "refused":
                self.errors.append(f"{self.table_id}/{self.seat}: {message['refused']}")
                pending = None
                continue
            update, page = message["update"], message["page"]
            start = update["cursor"] - len(update["events"])
            if start != self.cursor:
                # The server is behind what this client was told: moves were lost.
                if update["cursor"] < self.cursor:
                    self.lost += 1
                self.errors.append(
                    f"{self.table_id}/{self.seat}: update from {start}, not {self.cursor}"
                )
                self.events = self.events[:start]
            self.events.extend(update["events"])
            self.cursor = update["cursor"]
            if pending is not None:
                self.latencies.append(time.perf_counter() - pending[0])
                self.moves += 1
                pending = None
            if page["result"] is not None:
                self.over = True
                return
            if page["yourTurn"] and page["moves"]:
                move = self.rng.choice(page["moves"])
                pending = (time.perf_counter(), self.cursor)
                await ws.send(json.dumps(move["act"]))


def _open_tables(server: _Server, count: int) -> list[_Person]:
    games = list(cardgames.GAMES.values())
    people = []
    for index in range(count):
        game = games[index % len(games)]
        span = game.max_players - game.min_players + 1
        players = game.min_players + (index // len(games)) % span
        humans = {0, 1} if index % 3 == 2 and players > 2 else {0}  # noqa: PLR2004
        bots = {
            str(seat): "ismcts" if index % 5 == 4 and seat == players - 1 else "heuristic"  # noqa: PLR2004
            for seat in range(players)
            if seat not in humans
        }
        body = {
            "game": game.slug,
            "players": players,
            "names": [f"p{seat}" for seat in range(players)],
            "bots": bots,
            "seed": index,
        }
        request = urllib.request.Request(
            f"http://127.0.0.1:{server.port}/api/tables",
            data=json.dumps(body).encode(),
            method="POST",
            headers={"Content-Type": "application/json"},
        )
        with _OPENER.open(request, timeout=30) as response:
            answer = json.loads(response.read())
        for link in answer["links"]:
            token = link["url"].rsplit("/", 1)[1]
            people.append(
                _Person(server, answer["table"], link["seat"], token, 1000 * index + link["seat"])
            )
    return people


def _check_saved(database: str, people: list[_Person]) -> tuple[int, int]:
    """Tables whose save differs from what a client was told, and the saves of every table."""
    store = open_store(database)
    mismatched: set[str] = set()
    saves = 0
    try:
        versions: dict[str, int] = {}
        for person in people:
            stored = store.fetch(person.table_id)
            versions[person.table_id] = stored.version
            seen = [event.to_dict() for event in stored.table.events(person.seat)]
            if seen[: len(person.events)] != person.events:
                mismatched.add(person.table_id)
        saves = sum(versions.values())
    finally:
        store.close()
    return len(mismatched), saves


async def _run(server: _Server, people: list[_Person], seconds: float) -> tuple[float, str]:
    deadline = time.monotonic() + seconds
    started = time.perf_counter()
    tasks = [asyncio.create_task(person.play(deadline)) for person in people]
    await asyncio.sleep(seconds * 0.4)
    victim = await asyncio.to_thread(server.kill_one)
    said = f"killed server process {victim} (SIGKILL) at {time.perf_counter() - started:.1f} s"
    if server.workers <= 1:
        await asyncio.to_thread(server.start)
        said += f"; started another on the same file (process {server.pids[0]})"
    else:
        said += "; its clients reconnect to the same address (the other worker, or its successor)"
    await asyncio.gather(*tasks)
    return time.perf_counter() - started, said


def _mode(name: str, database: str, workers: int, tables: int, seconds: float) -> int:
    load_before = os.getloadavg()
    server = _Server(database, workers)
    server.start()
    try:
        opened = time.perf_counter()
        people = _open_tables(server, tables)
        opening = time.perf_counter() - opened
        elapsed, said = asyncio.run(_run(server, people, seconds))
    finally:
        server.stop()
    mismatched, saves = _check_saved(database, people)
    load_after = os.getloadavg()
    latencies = sorted(x for person in people for x in person.latencies)
    moves = sum(person.moves for person in people)
    errors = [error for person in people for error in person.errors]
    lost = sum(person.lost for person in people)
    processes = "1 process" if workers <= 1 else f"{workers} worker processes"
    print(f"== {name}: {processes}, {tables} tables, {len(people)} people, {seconds:.0f} s")
    print(f"opened {tables} tables in {opening:.2f} s; {said}")
    if latencies:
        p50 = statistics.median(latencies) * 1000
        p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] * 1000
        print(
            f"people's moves: {moves} in {elapsed:.1f} s = {moves / elapsed:.1f}/s; "
            f"saves (people and bots): {saves} = {saves / elapsed:.1f}/s; "
            f"latency p50 {p50:.1f} ms, p99 {p99:.1f} ms"
        )
    print(
        f"reconnections {sum(p.reconnections for p in people)}, matches finished "
        f"{sum(p.over for p in people)}/{len(people)}; errors {len(errors)}; moves lost {lost}; "
        f"tables whose save differs from what a client saw: {mismatched}"
    )
    for error in errors[:5]:
        print(f"  error: {error}")
    print(
        "load average (1, 5, 15 min): before "
        + " ".join(f"{x:.2f}" for x in load_before)
        + ", after "
        + " ".join(f"{x:.2f}" for x in load_after)
    )
    return 1 if errors or lost or mismatched else 0


def main() -> int:
    """Run the modes asked for and print their figures; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--tables", type=int, default=40, help="tables per mode (40, at most 200)")
    parser.add_argument(
        "--seconds", type=float, default=20.0, help="play per mode (20, at most 120)"
    )
    args = parser.parse_args()
    tables = max(1, min(args.tables, 200))
    seconds = max(2.0, min(args.seconds, 120.0))
    status = 0
    if args.mode in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as folder:
            status |= _mode("sqlite", str(Path(folder) / "tables.sqlite3"), 1, tables, seconds)
    if args.mode in ("postgres", "both"):
        from cardgames.web.postgres import LocalCluster

        with LocalCluster() as cluster:
            status |= _mode("postgres", cluster.new_database(), 2, tables, seconds)
    return status


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        raise SystemExit(main())
