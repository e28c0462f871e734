"""Open the web table's store that a `--database` text names: sqlite, or PostgreSQL.

Its own module so that the sqlite store (`cardgames.web.store`) and the PostgreSQL one
(`cardgames.web.postgres`, which builds on the first) do not import each other: this one
imports both, the PostgreSQL one only when asked for and only with the `postgres` extra.
"""

from __future__ import annotations

from pathlib import Path

from cardgames.web.store import Store, StoreError, TableStore

__all__ = ["open_store"]


def open_store(database: str | Path, *, timeout: float = 5.0) -> Store:
    """Open the store that ``database`` names: a `postgresql://` URL, else a sqlite file.

    The database is created or migrated to this release's layout before this returns.

    Args:
        database: a sqlite file (created if absent), `":memory:"`, or a PostgreSQL URL
            (`postgresql://user@host:port/name`).
        timeout: how long a write waits for a table's lock before it gives up, in seconds.

    Raises:
        StoreError: the database cannot be opened or is not one of the server's.
    """
    text = str(database)
    if text.startswith(("postgresql://", "postgres://")):
        try:
            from cardgames.web.postgres import PostgresStore  # noqa: PLC0415 - optional driver
        except ImportError as error:
            msg = (
                "a PostgreSQL database needs the postgres extra: "
                f"pip install 'cardgames-rules[postgres]' ({error})"
            )
            raise StoreError(msg) from None
        return PostgresStore(text, timeout=timeout)
    return TableStore(text, timeout=timeout)
