"""Run the web table: check the database, bind a socket, say where, and serve until stopped.

The database is opened (and created or migrated) before anything is printed, so a bad
`--database` stops the server with one line. The socket is bound before the server starts, so
`port=0` takes a free port and the first line printed names it: the tests and
`benchmarks/web_load.py` start the server this way.

With `workers` above 1 (a PostgreSQL database: a sqlite file is for one process), each worker
is a process of its own that binds the same port with `SO_REUSEPORT`, so that the kernel
spreads the connections among them; this process watches them and starts again any that dies.
The second line printed names the workers' process ids.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.context
import multiprocessing.queues
import os
import signal
import socket
import sys
import time
from multiprocessing.process import BaseProcess
from pathlib import Path
from types import FrameType

import attrs

from cardgames import _extras
from cardgames.errors import MissingExtraError

try:
    import uvicorn
except ImportError:
    raise MissingExtraError(_extras.message("cardgames.web", "web")) from None

from cardgames.web.app import Limits, create_app
from cardgames.web.database import open_store
from cardgames.web.store import StoreError

__all__ = ["serve"]


def serve(
    database: str | Path,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    workers: int = 1,
    limits: Limits | None = None,
) -> None:
    """Serve the web table on ``host:port`` with its tables in ``database``, until interrupted.

    Prints `cardgames serve: http://HOST:PORT/ (tables in DATABASE)` once it listens.

    Raises:
        StoreError: the database cannot be opened, or several workers were asked of a sqlite
            file.
    """
    bounds = Limits() if limits is None else limits
    text = str(database)
    if workers > 1 and not text.startswith(("postgresql://", "postgres://")):
        msg = "several workers need a PostgreSQL database (--database postgresql://...)"
        raise StoreError(msg)
    open_store(text, timeout=bounds.database_timeout).close()
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    where = _shown_database(text)
    if workers <= 1:
        listener = _bind(family, host, port, reuse_port=False)
        listener.listen(128)
        bound = listener.getsockname()[1]
        _say(f"http://{shown}:{bound}/ (tables in {where})")
        _run(text, listener, bounds)
        return
    # The port is held (bound, not listening) so that port 0 names one port for every worker.
    holder = _bind(family, host, port, reuse_port=True)
    worker = _Worker(text, family, host, holder.getsockname()[1], bounds)
    try:
        _supervise(worker, workers, f"http://{shown}:{worker.port}/ (tables in {where})")
    finally:
        holder.close()


@attrs.frozen
class _Worker:
    """What each worker process serves, and where."""

    database: str
    family: socket.AddressFamily
    host: str
    port: int
    limits: Limits


def _say(line: str, *, error: bool = False) -> None:
    print(f"cardgames serve: {line}", file=sys.stderr if error else sys.stdout, flush=True)


def _supervise(worker: _Worker, count: int, address: str) -> None:
    """Start ``count`` workers, say where they listen, and start again any that dies."""
    context = multiprocessing.get_context("spawn")
    ready: multiprocessing.queues.Queue[int] = context.Queue()

    def start() -> BaseProcess:
        process = context.Process(target=_work, args=(ready, worker))
        process.start()
        return process

    processes = [start() for _ in range(count)]
    pids = [ready.get(timeout=60) for _ in processes]
    _say(address)
    _say(f"{count} workers, process ids {' '.join(map(str, pids))}")
    stopping = False

    def stop(_: int, __: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    try:
        while not stopping:
            time.sleep(0.2)
            for index, process in enumerate(processes):
                if not process.is_alive() and not stopping:
                    _say(f"worker {process.pid} stopped; starting another", error=True)
                    processes[index] = start()
                    _say(f"worker {ready.get(timeout=60)} up")
    except KeyboardInterrupt:
        pass
    finally:
        for process in processes:
            if process.is_alive() and process.pid is not None:
                os.kill(process.pid, signal.SIGTERM)
        for process in processes:
            process.join(timeout=10)


def _shown_database(text: str) -> str:
    """The database as printed: a URL without its password."""
    if "://" in text and "@" in text:
        scheme, _, rest = text.partition("://")
        credentials, _, place = rest.rpartition("@")
        user = credentials.partition(":")[0]
        return f"{scheme}://{user}@{place}"
    return text


def _bind(family: socket.AddressFamily, host: str, port: int, *, reuse_port: bool) -> socket.socket:
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    listener.bind((host, port))
    return listener


def _run(database: str, listener: socket.socket, limits: Limits) -> None:
    config = uvicorn.Config(
        create_app(database, limits=limits),
        log_level="warning",
        ws="websockets-sansio",
        ws_max_size=65_536,
        lifespan="on",
    )
    uvicorn.Server(config).run(sockets=[listener])


def _work(ready: multiprocessing.queues.Queue[int], worker: _Worker) -> None:
    """One worker process: its own socket on the shared port, its own server."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the workers with SIGTERM
    listener = _bind(worker.family, worker.host, worker.port, reuse_port=True)
    listener.listen(128)
    ready.put(os.getpid())
    _run(worker.database, listener, worker.limits)
