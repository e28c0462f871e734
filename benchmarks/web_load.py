"""Load and a crash for the web table: many tables at once, then SIGKILL, restart and resume.

The script starts `cardgames serve` on 127.0.0.1 (a free port, a fresh database in a temporary
folder) and opens `--tables` tables (each game in turn, player counts in turn, bots at every
seat but seat 0). One scripted WebSocket client per table plays seat 0 with random legal moves,
all at once, and times each move from its message to its update.

Halfway, when every client has played `--moves` moves and waits, the server is killed
(SIGKILL), started again on the same database and port, and each client reconnects: the cursor
and view it receives must equal the last ones it had before the kill. Then every client plays
on, as many moves again. Every count and wait is bounded; the script stops by itself within
about a minute. It prints the latency (p50, p99), the moves per second and the errors (0
expected); the exit status is 1 if there was any error or a table did not resume.

Run it: `python benchmarks/web_load.py` (`--tables 50 --moves 20` by default).
"""

from __future__ import annotations

import argparse
import asyncio
import json
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

from websockets.asyncio.client import ClientConnection, connect

import cardgames

_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
_DEADLINE = 55.0
"""Seconds after which every phase stops, whatever is left (the script ends within a minute)."""


class _Server:
    def __init__(self, database: Path) -> None:
        self.database = database
        self.port = 0
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "cardgames", "serve", "--port", str(self.port)]
        self.process = subprocess.Popen(  # noqa: S603 - our own command line
            [*command, "--database", str(self.database)], stdout=subprocess.PIPE, text=True
        )
        assert self.process.stdout is not None  # noqa: S101 - Popen with stdout=PIPE
        line = self.process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if found is None:
            msg = f"the server did not start: {line!r}"
            raise RuntimeError(msg)
        self.port = int(found.group(1))

    def kill(self) -> None:
        assert self.process is not None  # noqa: S101 - started
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        if self.process.stdout is not None:
            self.process.stdout.close()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        if self.process is not None and self.process.stdout is not None:
            self.process.stdout.close()


class _Client:
    """The scripted player of seat 0 at one table."""

    def __init__(self, server: _Server, token: str, seed: int) -> None:
        self.server = server
        self.token = token
        self.rng = random.Random(seed)
        self.last: dict[str, Any] = {}
        self.latencies: list[float] = []
        self.errors: list[str] = []

    async def session(self, moves: int, deadline: float) -> dict[str, Any]:
        """Connect, play up to ``moves`` moves, and return the first update received."""
        url = f"ws://127.0.0.1:{self.server.port}/ws/{self.token}"
        async with connect(url, proxy=None, max_size=2**22) as socket:
            first = await self._receive(socket, deadline)
            self.last = first
            for _ in range(moves):
                page = self.last["page"]
                if page["result"] is not None or not page["moves"]:
                    break
                move = self.rng.choice(page["moves"])
                started = time.perf_counter()
                await socket.send(json.dumps(move["act"]))
                reply = await self._receive(socket, deadline)
                if reply.get("type") != "update":
                    self.errors.append(f"refused: {reply}")
                    break
                self.latencies.append(time.perf_counter() - started)
                self.last = reply
            return first

    @staticmethod
    async def _receive(socket: ClientConnection, deadline: float) -> dict[str, Any]:
        left = max(0.1, deadline - time.monotonic())
        message: dict[str, Any] = json.loads(await asyncio.wait_for(socket.recv(), left))
        return message


async def _phase(
    clients: list[_Client], moves: int, deadline: float
) -> tuple[list[dict[str, Any] | BaseException], float]:
    started = time.perf_counter()
    results = await asyncio.gather(
        *(client.session(moves, deadline) for client in clients), return_exceptions=True
    )
    return list(results), time.perf_counter() - started


def _open_tables(server: _Server, count: int) -> list[str]:
    games = list(cardgames.GAMES.values())
    tokens = []
    for index in range(count):
        game = games[index % len(games)]
        span = game.max_players - game.min_players + 1
        players = game.min_players + (index // len(games)) % span
        body = {
            "game": game.slug,
            "players": players,
            "names": [f"p{seat}" for seat in range(players)],
            "bots": {str(seat): "heuristic" for seat in range(1, players)},
            "seed": index,
        }
        request = urllib.request.Request(
            f"http://127.0.0.1:{server.port}/api/tables",
            data=json.dumps(body).encode(),
            method="POST",
        )
        with _OPENER.open(request, timeout=30) as response:
            tokens.append(json.loads(response.read())["links"][0]["url"].rsplit("/", 1)[1])
    return tokens


def _report(name: str, clients: list[_Client], seconds: float) -> int:
    """Print the figures of a phase, then forget its latencies; the moves it played."""
    latencies = sorted(x for c in clients for x in c.latencies)
    for client in clients:
        client.latencies.clear()
    moves = len(latencies)
    if not moves:
        print(f"{name}: no move played")
        return 0
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[min(moves - 1, int(0.99 * moves))] * 1000
    print(
        f"{name}: {moves} moves in {seconds:.1f} s = {moves / seconds:.0f} moves/s; "
        f"latency p50 {p50:.1f} ms, p99 {p99:.1f} ms"
    )
    return moves


async def _main(tables: int, moves: int) -> int:
    stop_at = time.monotonic() + _DEADLINE
    with tempfile.TemporaryDirectory() as folder:
        server = _Server(Path(folder) / "tables.sqlite3")
        server.start()
        try:
            tokens = _open_tables(server, tables)
            clients = [_Client(server, token, seed) for seed, token in enumerate(tokens)]
            print(f"{tables} tables, one scripted client each, {moves} moves a phase")
            results, seconds = await _phase(clients, moves, stop_at)
            errors = [r for r in results if isinstance(r, BaseException)]
            _report("before the kill", clients, seconds)
            saved = [(c.last["update"]["cursor"], c.last["update"]["view"]) for c in clients]

            server.kill()
            server.start()
            print(f"killed the server (SIGKILL) and started it again on {server.database.name}")
            results, seconds = await _phase(clients, moves, stop_at)
            errors += [r for r in results if isinstance(r, BaseException)]
            resumed = sum(
                1
                for (cursor, view), first in zip(saved, results, strict=True)
                if isinstance(first, dict)
                and first["update"]["cursor"] == cursor
                and first["update"]["view"] == view
            )
            print(f"resumed where they were (cursor and view): {resumed}/{tables}")
            _report("after the restart", clients, seconds)
        finally:
            server.stop()
    refused = [e for c in clients for e in c.errors]
    failures = len(errors) + len(refused)
    for error in (errors + refused)[:5]:
        print(f"  error: {error!r}")
    print(f"errors: {failures}")
    return 0 if failures == 0 and resumed == tables else 1


def main() -> int:
    """Run the load test and print its figures; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50, help="default 50")
    parser.add_argument("--moves", type=int, default=20, help="moves per client a phase (20)")
    args = parser.parse_args()
    return asyncio.run(_main(args.tables, args.moves))


if __name__ == "__main__":
    raise SystemExit(main())
