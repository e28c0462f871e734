"""The web table's tables in PostgreSQL, for several server processes behind one address.

`cardgames serve --database postgresql://... --workers N` runs N processes on one database.
Each table's row has a version that every save increments; a move is committed in a
transaction that holds the row (`SELECT ... FOR UPDATE`), so two processes play one table's
moves one after the other, each from the latest save. Every commit sends a notification
(`NOTIFY cardgames_tables, 'TABLE VERSION'`, delivered when the commit succeeds); each process
listens on its own connection and sends the new position to the browsers it holds at that table.
A rematch notifies `'TABLE moved'` the same way: every process tells the browsers it holds at the
finished table that their links now lead to the next match.

It needs the `postgres` extra (`pip install 'cardgames-rules[postgres]'`: psycopg 3). Every call
blocks; the server makes them from worker threads, each thread on a connection of its own.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Self

from cardgames import _extras
from cardgames.errors import MissingExtraError
from cardgames.table import Table
from cardgames.web.store import Change, SavedTable, Step, Stored, StoreError, purge_before

try:
    import psycopg
except ImportError:
    raise MissingExtraError(_extras.message("cardgames.web.postgres", "postgres")) from None

__all__ = ["CHANNEL", "LocalCluster", "PostgresStore", "cluster_binaries"]

CHANNEL = "cardgames_tables"
"""The channel of the notifications that a table was saved."""
MOVED = "moved"
"""The word after a table's id in the notification of its rematch (its version otherwise)."""

_LOG = logging.getLogger(__name__)
_MIGRATION_LOCK = 7_301_164_205
"""The advisory lock that lets one process at a time create the tables."""

# Each statement locks its table even where it already exists (CREATE INDEX takes a SHARE lock
# before it finds the index), so they go in the order every write locks them, `tables` before
# `seats` (a table is saved before its seats): in the other order, a process opening its store
# while another saves a new table deadlocked (seats locked here, tables there).
_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        language TEXT NOT NULL,
        document TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        version BIGINT NOT NULL DEFAULT 0,
        finished BOOLEAN NOT NULL DEFAULT FALSE
    )""",
    "CREATE INDEX IF NOT EXISTS tables_by_update ON tables(updated)",
    """CREATE TABLE IF NOT EXISTS seats (
        token TEXT PRIMARY KEY,
        table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS seats_of_table ON seats(table_id)",
)


class PostgresStore:
    """The tables of a server, in a PostgreSQL database (the same calls as `TableStore`).

    Args:
        url: the database's URL, `postgresql://user@host:port/name`.
        timeout: how long a statement or a row lock may wait, in seconds.

    Raises:
        StoreError: the database cannot be reached, or its tables cannot be created.
    """

    def __init__(self, url: str, *, timeout: float = 5.0) -> None:
        """Connect, and create the tables if they are missing."""
        self.url = url
        """The database's URL."""
        self._timeout_ms = max(1, int(timeout * 1000))
        self._local = threading.local()
        self._lock = threading.Lock()
        self._connections: list[psycopg.Connection[Any]] = []
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None
        with self._session() as db, db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
            for statement in _SCHEMA:
                db.execute(statement)

    def _connect(self) -> psycopg.Connection[Any]:
        db = psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        db.execute(f"SET lock_timeout = {self._timeout_ms}")
        db.execute(f"SET statement_timeout = {4 * self._timeout_ms}")
        return db

    @contextlib.contextmanager
    def _session(self) -> Iterator[psycopg.Connection[Any]]:
        """This thread's connection (opened on first use, dropped after a failure)."""
        try:
            db: psycopg.Connection[Any] | None = getattr(self._local, "db", None)
            if db is None or db.closed:
                db = self._connect()
                self._local.db = db
                with self._lock:
                    self._connections.append(db)
            yield db
        except psycopg.Error as error:
            broken = getattr(self._local, "db", None)
            if broken is not None and broken.broken:
                self._local.db = None
                with contextlib.suppress(psycopg.Error):
                    broken.close()
            msg = f"the database is unavailable: {type(error).__name__}: {str(error).strip()}"
            raise StoreError(msg.splitlines()[0]) from None

    def close(self) -> None:
        """Stop listening and close every connection."""
        self._stop.set()
        if self._listener is not None:
            self._listener.join(timeout=5)
        with self._lock:
            for db in self._connections:
                with contextlib.suppress(psycopg.Error):
                    db.close()
            self._connections.clear()

    def create(self, table: Table, *, language: str) -> SavedTable:
        """Save a new table with a fresh secret token for each of its human seats."""
        table_id = secrets.token_urlsafe(9)
        tokens = {seat: secrets.token_urlsafe(24) for seat in table.humans}
        now = time.time()
        with self._session() as db, db.transaction():
            db.execute(
                "INSERT INTO tables (id, language, document, created, updated, version, finished) "
                "VALUES (%s, %s, %s, %s, %s, 0, %s)",
                (table_id, language, table.to_json(), now, now, table.is_over),
            )
            with db.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO seats (token, table_id, seat) VALUES (%s, %s, %s)",
                    [(token, table_id, seat) for seat, token in tokens.items()],
                )
        return SavedTable(table_id, language, tokens)

    def fetch(self, table_id: str) -> Stored:
        """Load the latest save of ``table_id``.

        Raises:
            KeyError: no table has that id.
            StoreError: the database cannot be read.
        """
        with self._session() as db:
            row = db.execute(
                "SELECT document, version FROM tables WHERE id = %s", (table_id,)
            ).fetchone()
        if row is None:
            raise KeyError(table_id)
        return Stored(Table.from_json(row[0], max_length=None), int(row[1]))

    def load(self, table_id: str) -> Table:
        """Load the table ``table_id`` (`KeyError` if there is none)."""
        return self.fetch(table_id).table

    def commit(self, table_id: str, known: Stored, step: Step) -> Change:
        """Apply ``step`` to a copy of the latest save, under the row's lock; save if it changed.

        Raises:
            KeyError: no table has that id (it was deleted).
            StoreError: the database cannot be written (the lock not had in time included);
                nothing was saved.
        """
        with self._session() as db, db.transaction():
            row = db.execute(
                "SELECT version FROM tables WHERE id = %s FOR UPDATE", (table_id,)
            ).fetchone()
            if row is None:
                raise KeyError(table_id)
            latest = known
            if int(row[0]) != known.version:
                found = db.execute(
                    "SELECT document FROM tables WHERE id = %s", (table_id,)
                ).fetchone()
                assert found is not None  # noqa: S101 - the row is locked by this transaction
                latest = Stored(Table.from_json(found[0], max_length=None), int(row[0]))
            table = latest.table.copy()
            if not step(table):
                return Change(latest, changed=False)
            version = latest.version + 1
            db.execute(
                "UPDATE tables SET document = %s, updated = %s, version = %s, finished = %s "
                "WHERE id = %s",
                (table.to_json(), time.time(), version, table.is_over, table_id),
            )
            db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{table_id} {version}"))
        return Change(Stored(table, version), changed=True)

    def language(self, table_id: str) -> str:
        """Return the language of ``table_id`` (`KeyError` if there is none)."""
        with self._session() as db:
            row = db.execute("SELECT language FROM tables WHERE id = %s", (table_id,)).fetchone()
        if row is None:
            raise KeyError(table_id)
        return str(row[0])

    def seat_of(self, token: str) -> tuple[str, int] | None:
        """Return the table id and the seat that ``token`` opens, or `None` for no seat."""
        with self._session() as db:
            row = db.execute(
                "SELECT table_id, seat FROM seats WHERE token = %s", (token,)
            ).fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    def rematch(self, table_id: str, table: Table, *, language: str) -> str | None:
        """Save ``table`` as the next match of ``table_id``, and move its seat links to it.

        Returns:
            The new table's id, or `None` if ``table_id`` has no seat link left (its rematch
            was made already); then nothing is saved.
        """
        new_id = secrets.token_urlsafe(9)
        now = time.time()
        with self._session() as db, db.transaction():
            locked = db.execute(
                "SELECT token FROM seats WHERE table_id = %s FOR UPDATE", (table_id,)
            ).fetchall()
            if not locked:
                return None
            db.execute(
                "INSERT INTO tables (id, language, document, created, updated, version, finished) "
                "VALUES (%s, %s, %s, %s, %s, 0, %s)",
                (new_id, language, table.to_json(), now, now, table.is_over),
            )
            db.execute("UPDATE seats SET table_id = %s WHERE table_id = %s", (new_id, table_id))
            db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{table_id} {MOVED}"))
        return new_id

    def tables(self) -> list[str]:
        """Return the ids of every table, oldest first."""
        with self._session() as db:
            rows = db.execute("SELECT id FROM tables ORDER BY created, id").fetchall()
        return [str(row[0]) for row in rows]

    def purge(
        self, *, finished_after: float, abandoned_after: float, now: float | None = None
    ) -> int:
        """Delete the tables over their retention time (see `TableStore.purge`); how many."""
        finished, abandoned = purge_before(
            time.time() if now is None else now,
            finished_after=finished_after,
            abandoned_after=abandoned_after,
        )
        with self._session() as db:
            deleted = db.execute(
                "DELETE FROM tables WHERE (finished AND updated < %s) OR updated < %s",
                (finished, abandoned),
            )
        return int(deleted.rowcount)

    def listen(
        self,
        notify: Callable[[str, int], None],
        moved: Callable[[str], None] | None = None,
    ) -> None:
        """Call ``notify(table_id, version)`` from a thread of its own for each saved move.

        ``moved(table_id)``, if given, is called for each rematch of a table (by any process).
        The thread listens on a connection of its own and reconnects after a failure; it stops
        when the store is closed.
        """
        thread = threading.Thread(
            target=self._listen, args=(notify, moved), name="cardgames-listen", daemon=True
        )
        self._listener = thread
        thread.start()

    def _listen(
        self, notify: Callable[[str, int], None], moved: Callable[[str], None] | None
    ) -> None:
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=10) as db:
                    db.execute(f"LISTEN {CHANNEL}")
                    while not self._stop.is_set():
                        for note in db.notifies(timeout=0.5):
                            table_id, _, version = note.payload.partition(" ")
                            if version.isascii() and version.isdigit():
                                notify(table_id, int(version))
                            elif version == MOVED and moved is not None:
                                moved(table_id)
            except psycopg.Error as error:
                _LOG.warning("listening to the database failed (%s); again in 1 s", error)
                self._stop.wait(1.0)


def cluster_binaries() -> Path | None:
    """The folder of a PostgreSQL installation's programs (`initdb`, `pg_ctl`), or `None`.

    Looks on the `PATH`, then in Debian's `/usr/lib/postgresql/VERSION/bin` (newest first).
    """
    found = shutil.which("initdb")
    if found is not None:
        return Path(found).parent
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda path: int(path.parent.parent.name) if path.parent.parent.name.isdigit() else 0,
    )
    return versions[-1].parent if versions else None


class LocalCluster:
    """A private PostgreSQL server in a temporary folder, on a free port of 127.0.0.1.

    For tests and benchmarks: `initdb` with trust authentication for the user `cardgames`,
    `fsync` off, then `pg_ctl start`. PostgreSQL refuses to run as root, so under root the
    cluster runs as the unprivileged user `nobody` (through `runuser`). Use it as a context
    manager; leaving it stops the server at once and deletes the folder.

    Raises:
        StoreError: no PostgreSQL programs were found, or the server did not start.
    """

    def __init__(self) -> None:
        """Prepare (not yet start) the cluster."""
        binaries = cluster_binaries()
        if binaries is None:
            msg = "no PostgreSQL programs (initdb, pg_ctl): apt-get install postgresql"
            raise StoreError(msg)
        self._bin = binaries
        self._folder = Path(tempfile.mkdtemp(prefix="cardgames-pg-"))
        self.port = _free_port()
        """The server's port on 127.0.0.1."""
        self._as: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self._folder, user="nobody")
            self._as = ["runuser", "-u", "nobody", "--"]
        self._databases = 0

    def _run(self, *command: str) -> None:
        done = subprocess.run(  # noqa: S603 - PostgreSQL's own programs, our own arguments
            [*self._as, *command], capture_output=True, text=True, timeout=120, check=False
        )
        if done.returncode != 0:
            msg = f"{Path(command[0]).name} failed: {(done.stderr or done.stdout).strip()}"
            raise StoreError(msg)

    def __enter__(self) -> Self:
        """Create the cluster and start its server."""
        data = self._folder / "data"
        try:
            self._run(
                str(self._bin / "initdb"),
                "-D",
                str(data),
                "-A",
                "trust",
                "-U",
                "cardgames",
                "-E",
                "UTF8",
                "--no-sync",
            )
            options = f"-p {self.port} -h 127.0.0.1 -k {self._folder} -F -c max_connections=200"
            self._run(
                str(self._bin / "pg_ctl"),
                "-D",
                str(data),
                "-w",
                "-t",
                "60",
                "-l",
                str(self._folder / "log"),
                "-o",
                options,
                "start",
            )
        except BaseException:
            shutil.rmtree(self._folder, ignore_errors=True)
            raise
        return self

    def __exit__(self, *_: object) -> None:
        """Stop the server at once and delete its folder."""
        with contextlib.suppress(StoreError, subprocess.TimeoutExpired):
            self._run(
                str(self._bin / "pg_ctl"),
                "-D",
                str(self._folder / "data"),
                "-m",
                "immediate",
                "-w",
                "stop",
            )
        shutil.rmtree(self._folder, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        """The URL of ``database`` on this server."""
        return f"postgresql://cardgames@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """Create a fresh, empty database; its URL."""
        self._databases += 1
        name = f"tables_{os.getpid()}_{self._databases}"
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port
