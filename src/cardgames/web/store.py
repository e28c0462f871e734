"""Where the web table keeps its tables: one sqlite file, written once per accepted move.

A [`TableStore`][cardgames.web.store.TableStore] holds every table as its JSON save
(`Table.to_json`) beside the seat links that lead to it. Each accepted move rewrites the
table's save in one transaction, so a server killed at any moment restarts with every table as
its last answered move left it. The database runs in WAL mode: a committed transaction
survives the process being killed.

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
from collections.abc import Iterator
from pathlib import Path
from typing import Self

import attrs

from cardgames.table import Table

__all__ = ["DEFAULT_PATH", "SavedTable", "TableStore"]

DEFAULT_PATH = Path("cardgames-tables.sqlite3")
"""The database `cardgames serve` uses unless told otherwise (in the current directory)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    language TEXT NOT NULL,
    document TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    token TEXT PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS seats_of_table ON seats(table_id);
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


class TableStore:
    """The tables of a server, in one sqlite database.

    Args:
        path: the database file (created if absent), or `":memory:"`.
    """

    def __init__(self, path: str | Path) -> None:
        """Open (or create) the database at ``path``."""
        self.path = str(path)
        """Where the database lives."""
        # The server reaches the store from worker threads, one table's move at a time but
        # several tables at once: one lock keeps each transaction whole on the one connection.
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        """Close the database."""
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
                "INSERT INTO tables (id, language, document, created, updated) "
                "VALUES (?, ?, ?, ?, ?)",
                (table_id, language, table.to_json(), now, now),
            )
            self._db.executemany(
                "INSERT INTO seats (token, table_id, seat) VALUES (?, ?, ?)",
                [(token, table_id, seat) for seat, token in tokens.items()],
            )
        return SavedTable(table_id, language, tokens)

    def save(self, table_id: str, table: Table) -> None:
        """Replace the save of ``table_id`` by ``table``, in one transaction."""
        with self._transaction():
            self._db.execute(
                "UPDATE tables SET document = ?, updated = ? WHERE id = ?",
                (table.to_json(), time.time(), table_id),
            )

    def load(self, table_id: str) -> Table:
        """Load the table ``table_id``.

        Raises:
            KeyError: no table has that id.
        """
        with self._lock:
            row = self._db.execute(
                "SELECT document FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
        if row is None:
            raise KeyError(table_id)
        # The server wrote the document itself, so it is trusted: no length limit.
        return Table.from_json(row[0], max_length=None)

    def language(self, table_id: str) -> str:
        """Return the language of ``table_id``.

        Raises:
            KeyError: no table has that id.
        """
        with self._lock:
            row = self._db.execute(
                "SELECT language FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
        if row is None:
            raise KeyError(table_id)
        return str(row[0])

    def seat_of(self, token: str) -> tuple[str, int] | None:
        """Return the table id and the seat that ``token`` opens, or `None` for no seat."""
        with self._lock:
            row = self._db.execute(
                "SELECT table_id, seat FROM seats WHERE token = ?", (token,)
            ).fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    def tables(self) -> list[str]:
        """Return the ids of every table, oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT id FROM tables ORDER BY created, id").fetchall()
        return [str(row[0]) for row in rows]

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """`BEGIN IMMEDIATE` ... `COMMIT` under the store's lock, or `ROLLBACK` on an error."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
