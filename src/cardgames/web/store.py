"""Where the web table keeps its tables: a sqlite file by default, or a PostgreSQL database.

A store holds every table as its JSON save (`Table.to_json`) beside the seat links that lead
to it, with a version that counts its saves. A move is committed by
[`commit`][cardgames.web.store.TableStore.commit]: in one transaction that holds the table's
row, the store checks that the server's copy is the latest save (else it loads the latest,
which another server process wrote), lets the move change a copy of it, and writes the copy
with the next version. A server killed at any moment restarts with every table as its last
answered move left it, and two processes never both play a move at the same position.

[`TableStore`][cardgames.web.store.TableStore] is the sqlite store (WAL mode: a committed
transaction survives the process being killed); `postgresql://...` databases are served by
[`PostgresStore`][cardgames.web.postgres.PostgresStore], which needs the `postgres` extra.
[`open_store`][cardgames.web.database.open_store] picks one from the `--database` text. This module
imports neither the web framework nor a database driver.

Examples:
    >>> from cardgames.table import Table
    >>> store = TableStore(":memory:")
    >>> table = Table.new("kitten-tricks", players=3, bots={1: "random", 2: "random"}, seed=1)
    >>> saved = store.create(table, language="fr")
    >>> store.seat_of(saved.tokens[0]) == (saved.table_id, 0)
    True
    >>> store.load(saved.table_id).to_json() == table.to_json()
    True
    >>> store.close()
"""

from __future__ import annotations

import contextlib
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Protocol, Self

import attrs

from cardgames.errors import CardGameError
from cardgames.table import Table

__all__ = [
    "DEFAULT_PATH",
    "Change",
    "SavedTable",
    "Store",
    "StoreError",
    "Stored",
    "TableStore",
]

DEFAULT_PATH = Path("cardgames-tables.sqlite3")
"""The database `cardgames serve` uses unless told otherwise (in the current directory)."""

_SCHEMA_VERSION = 2
"""The layout this release writes: 1 had no `version` and `finished` columns."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    language TEXT NOT NULL,
    document TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    token TEXT PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS seats_of_table ON seats(table_id);
"""


class StoreError(CardGameError, RuntimeError):
    """The database cannot be opened, read or written (locked, unreachable, not a database).

    The server answers a move that it could not save with a refusal (`unavailable`) and leaves
    the table as it was; `cardgames serve` stops with one line when it cannot open its database.
    """


@attrs.frozen
class SavedTable:
    """A table as the store knows it: its id, its language and one link token per human seat."""

    table_id: str
    """The table's id (public: it names the table, it opens no seat)."""
    language: str
    """The language of the table's narration (`"en"` or `"fr"`)."""
    tokens: dict[int, str] = attrs.field(eq=False)
    """The secret token of each human seat, by seat: whoever holds it plays that seat."""


@attrs.frozen
class Stored:
    """A table as saved, and the version of that save (its count of saves since creation)."""

    table: Table = attrs.field(eq=False)
    """The table (the caller must not change it: it is the saved state)."""
    version: int
    """How many saves the table had; each commit adds one."""


@attrs.frozen
class Change:
    """What [`commit`][cardgames.web.store.TableStore.commit] did."""

    stored: Stored
    """The table's latest save: the committed change, or the save found when none was made."""
    changed: bool
    """Whether the step changed the table (and so this commit wrote it)."""


Step = Callable[[Table], bool]
"""A change to make to a copy of a table, inside its commit; `True` if it changed the copy."""


class Store(Protocol):
    """What the web server needs of its database (sqlite or PostgreSQL)."""

    def create(self, table: Table, *, language: str) -> SavedTable:
        """Save a new table with a fresh secret token for each of its human seats."""

    def fetch(self, table_id: str) -> Stored:
        """Load the latest save of ``table_id`` (`KeyError` if there is none)."""

    def commit(self, table_id: str, known: Stored, step: Step) -> Change:
        """Apply ``step`` to a copy of the latest save, and save it if it changed."""

    def language(self, table_id: str) -> str:
        """Return the language of ``table_id`` (`KeyError` if there is none)."""

    def seat_of(self, token: str) -> tuple[str, int] | None:
        """Return the table id and the seat that ``token`` opens, or `None`."""

    def rematch(self, table_id: str, table: Table, *, language: str) -> str | None:
        """Save ``table`` as the next match of ``table_id``, and move its seat links to it."""

    def purge(self, *, finished_after: float, abandoned_after: float) -> int:
        """Delete the tables over their retention time; how many were deleted."""

    def listen(
        self,
        notify: Callable[[str, int], None],
        moved: Callable[[str], None] | None = None,
    ) -> None:
        """Call ``notify(table_id, version)`` for each save made by another process.

        ``moved(table_id)``, if given, is called for each rematch of a table.
        """

    def close(self) -> None:
        """Close the database."""


def purge_before(
    now: float, *, finished_after: float, abandoned_after: float
) -> tuple[float, float]:
    """The `updated` times before which a finished table, and any table, is deleted."""
    for name, value in (("finished_after", finished_after), ("abandoned_after", abandoned_after)):
        if not value > 0:
            msg = f"{name} must be a positive number of seconds, got {value!r}"
            raise ValueError(msg)
    return now - finished_after, now - abandoned_after


class TableStore:
    """The tables of a server, in one sqlite database.

    Reads run on a connection of their own per thread (WAL mode lets them read while another
    connection writes); writes share one connection, one transaction at a time.

    Args:
        path: the database file (created if absent), or `":memory:"`.
        timeout: how long a write waits for the database's lock, in seconds.

    Raises:
        StoreError: the file cannot be opened or is not a database of this server.
    """

    def __init__(self, path: str | Path, *, timeout: float = 5.0) -> None:
        """Open (or create, or migrate) the database at ``path``."""
        self.path = str(path)
        """Where the database lives."""
        self._timeout = timeout
        self._lock = threading.Lock()
        """Held by each write transaction (and by every read of an in-memory database)."""
        self._readers_lock = threading.Lock()  # never waits for a write: reads stay fast
        self._local = threading.local()
        self._readers: list[sqlite3.Connection] = []
        try:
            self._db = self._connect()
            self._db.execute("PRAGMA journal_mode=WAL")
            self._migrate()
        except sqlite3.Error as error:
            msg = f"cannot open the database {self.path!r}: {error}"
            raise StoreError(msg) from None

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(
            self.path, timeout=self._timeout, check_same_thread=False, isolation_level=None
        )
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA foreign_keys=ON")
        return db

    def _migrate(self) -> None:
        with self._transaction():
            found = self._db.execute("PRAGMA user_version").fetchone()[0]
            if found > _SCHEMA_VERSION:
                msg = f"layout {found} is newer than this release's ({_SCHEMA_VERSION})"
                raise sqlite3.DatabaseError(msg)
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    self._db.execute(statement)
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
            if "version" not in columns:
                self._db.execute("ALTER TABLE tables ADD COLUMN version INTEGER NOT NULL DEFAULT 0")
            if "finished" not in columns:
                self._db.execute(
                    "ALTER TABLE tables ADD COLUMN finished INTEGER NOT NULL DEFAULT 0"
                )
            self._db.execute(f"PRAGMA user_version = {_SCHEMA_VERSION}")

    @property
    def _reader(self) -> sqlite3.Connection:
        if self.path == ":memory:":
            return self._db  # one in-memory database: every read goes to the one connection
        reader: sqlite3.Connection | None = getattr(self._local, "db", None)
        if reader is None:
            reader = self._connect()
            self._local.db = reader
            with self._readers_lock:
                self._readers.append(reader)
        return reader

    def close(self) -> None:
        """Close the database."""
        with self._readers_lock:
            for reader in self._readers:
                reader.close()
            self._readers.clear()
        self._db.close()

    def __enter__(self) -> Self:
        """Return the store itself; leaving the `with` block closes it."""
        return self

    def __exit__(self, *_: object) -> None:
        """Close the database."""
        self.close()

    def create(self, table: Table, *, language: str) -> SavedTable:
        """Save a new table with a fresh secret token for each of its human seats."""
        table_id = secrets.token_urlsafe(9)
        tokens = {seat: secrets.token_urlsafe(24) for seat in table.humans}
        now = time.time()
        with self._transaction():
            self._db.execute(
                "INSERT INTO tables (id, language, document, created, updated, version, finished) "
                "VALUES (?, ?, ?, ?, ?, 0, ?)",
                (table_id, language, table.to_json(), now, now, int(table.is_over)),
            )
            self._db.executemany(
                "INSERT INTO seats (token, table_id, seat) VALUES (?, ?, ?)",
                [(token, table_id, seat) for seat, token in tokens.items()],
            )
        return SavedTable(table_id, language, tokens)

    def save(self, table_id: str, table: Table) -> None:
        """Replace the save of ``table_id`` by ``table``, whatever its version, in one step."""
        with self._transaction():
            self._write(table_id, table)

    def fetch(self, table_id: str) -> Stored:
        """Load the latest save of ``table_id``.

        Raises:
            KeyError: no table has that id.
            StoreError: the database cannot be read.
        """
        with self._reading():
            row = self._reader.execute(
                "SELECT document, version FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
        if row is None:
            raise KeyError(table_id)
        # The server wrote the document itself, so it is trusted: no length limit.
        return Stored(Table.from_json(row[0], max_length=None), int(row[1]))

    def load(self, table_id: str) -> Table:
        """Load the table ``table_id``.

        Raises:
            KeyError: no table has that id.
            StoreError: the database cannot be read.
        """
        return self.fetch(table_id).table

    def commit(self, table_id: str, known: Stored, step: Step) -> Change:
        """Apply ``step`` to a copy of the latest save of ``table_id``, and save it if it changed.

        The table's save stays locked from the check of its version to the write, so two
        commits of one table are played one after the other. If ``known`` is not the latest
        save, the latest one is loaded and ``step`` applies to it.

        Raises:
            KeyError: no table has that id (it was deleted).
            StoreError: the database cannot be written (locked past the timeout, full, gone);
                nothing was saved.
        """
        with self._transaction():
            row = self._db.execute(
                "SELECT version, document FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
            if row is None:
                raise KeyError(table_id)
            latest = known
            if int(row[0]) != known.version:
                latest = Stored(Table.from_json(row[1], max_length=None), int(row[0]))
            table = latest.table.copy()
            if not step(table):
                return Change(latest, changed=False)
            self._write(table_id, table)
        return Change(Stored(table, latest.version + 1), changed=True)

    def _write(self, table_id: str, table: Table) -> None:
        written = self._db.execute(
            "UPDATE tables SET document = ?, updated = ?, version = version + 1, finished = ? "
            "WHERE id = ?",
            (table.to_json(), time.time(), int(table.is_over), table_id),
        )
        if written.rowcount != 1:
            raise KeyError(table_id)

    def language(self, table_id: str) -> str:
        """Return the language of ``table_id``.

        Raises:
            KeyError: no table has that id.
        """
        with self._reading():
            row = self._reader.execute(
                "SELECT language FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
        if row is None:
            raise KeyError(table_id)
        return str(row[0])

    def seat_of(self, token: str) -> tuple[str, int] | None:
        """Return the table id and the seat that ``token`` opens, or `None` for no seat."""
        with self._reading():
            row = self._reader.execute(
                "SELECT table_id, seat FROM seats WHERE token = ?", (token,)
            ).fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    def rematch(self, table_id: str, table: Table, *, language: str) -> str | None:
        """Save ``table`` as the next match of ``table_id``, and move its seat links to it.

        In one transaction: the new table is saved and every seat link of ``table_id`` opens
        the same seat of the new table from then on (a player's link follows the rematch).

        Returns:
            The new table's id, or `None` if ``table_id`` has no seat link left (its rematch
            was made already, from another seat); then nothing is saved.
        """
        new_id = secrets.token_urlsafe(9)
        now = time.time()
        with self._transaction():
            linked = self._db.execute(
                "SELECT COUNT(*) FROM seats WHERE table_id = ?", (table_id,)
            ).fetchone()
            if not linked or not linked[0]:
                return None
            self._db.execute(
                "INSERT INTO tables (id, language, document, created, updated, version, finished) "
                "VALUES (?, ?, ?, ?, ?, 0, ?)",
                (new_id, language, table.to_json(), now, now, int(table.is_over)),
            )
            self._db.execute("UPDATE seats SET table_id = ? WHERE table_id = ?", (new_id, table_id))
        return new_id

    def tables(self) -> list[str]:
        """Return the ids of every table, oldest first."""
        with self._reading():
            rows = self._reader.execute("SELECT id FROM tables ORDER BY created, id").fetchall()
        return [str(row[0]) for row in rows]

    def purge(
        self, *, finished_after: float, abandoned_after: float, now: float | None = None
    ) -> int:
        """Delete the tables over their retention time, with their seat links.

        A finished table goes ``finished_after`` seconds after its last move; any table goes
        ``abandoned_after`` seconds after it.

        Returns:
            How many tables were deleted.
        """
        finished, abandoned = purge_before(
            time.time() if now is None else now,
            finished_after=finished_after,
            abandoned_after=abandoned_after,
        )
        with self._transaction():
            self._db.execute(
                "DELETE FROM seats WHERE table_id IN (SELECT id FROM tables "
                "WHERE (finished = 1 AND updated < ?) OR updated < ?)",
                (finished, abandoned),
            )
            deleted = self._db.execute(
                "DELETE FROM tables WHERE (finished = 1 AND updated < ?) OR updated < ?",
                (finished, abandoned),
            )
        return int(deleted.rowcount)

    def listen(
        self,
        notify: Callable[[str, int], None],
        moved: Callable[[str], None] | None = None,
    ) -> None:
        """Do nothing: only this process writes a sqlite database."""
        del notify, moved

    @contextlib.contextmanager
    def _reading(self) -> Iterator[None]:
        try:
            if self.path == ":memory:":
                with self._lock:
                    yield
            else:
                yield
        except sqlite3.Error as error:
            msg = f"the database cannot be read: {error}"
            raise StoreError(msg) from None

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """`BEGIN IMMEDIATE` ... `COMMIT` under the store's lock, or `ROLLBACK` on an error."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as error:
                msg = f"the database cannot be written: {error}"
                raise StoreError(msg) from None
            try:
                yield
                self._db.execute("COMMIT")
            except BaseException as error:
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
                if isinstance(error, sqlite3.Error):
                    msg = f"the database cannot be written: {error}"
                    raise StoreError(msg) from None
                raise
