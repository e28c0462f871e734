"""`cardgames serve`: the web table, where people play every game in the browser.

It needs the `web` extra (`pip install 'cardgames-rules[web]'`). Open the address it prints,
open a table on the form and send each player the link of their seat.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cardgames import _extras

__all__ = ["duration", "register", "run"]

_EPILOG = """\
Tables are kept in the database, one transaction per accepted move: stop the server at any
time and start it again on the same database, every table goes on where it was. A sqlite file
serves one process; a PostgreSQL database (the postgres extra) serves several (--workers).
Durations are a number with s, m, h or d (90s, 30m, 12h, 7d).

examples:
  cardgames serve --port 8000 --database ~/cardgames-tables.sqlite3
  cardgames serve --workers 4 --database postgresql://cardgames@localhost/cardgames
"""

_UNITS = {"s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}


def duration(text: str) -> float:
    """Read a duration such as `90s`, `30m`, `12h` or `7d` (a bare number is seconds).

    Raises:
        argparse.ArgumentTypeError: not a positive duration.
    """
    number, unit = (text[:-1], text[-1]) if text[-1:] in _UNITS else (text, "s")
    try:
        seconds = float(number) * _UNITS[unit]
    except ValueError:
        seconds = float("nan")
    if not 0 < seconds < float("inf"):
        msg = f"not a duration: {text!r} (say 90s, 30m, 12h or 7d)"
        raise argparse.ArgumentTypeError(msg)
    return seconds


def _positive(kind: type[float | int]) -> Any:  # noqa: ANN401 - an argparse type
    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            value = 0
        if not 0 < value < float("inf"):
            msg = f"not a positive number: {text!r}"
            raise argparse.ArgumentTypeError(msg)
        return value

    parse.__name__ = kind.__name__
    return parse


def _pace(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 <= value <= 60:  # noqa: PLR2004 - a minute between two moves is already long
        msg = f"not a pace in seconds from 0 to 60: {text!r}"
        raise argparse.ArgumentTypeError(msg)
    return value


def register(subparsers: Any) -> None:  # noqa: ANN401 - argparse's private subparsers type
    """Add the `serve` subcommand."""
    # The store needs only the standard library; the app, which needs the web extra, is
    # imported by `run`.
    from cardgames.web.store import DEFAULT_PATH  # noqa: PLC0415 - kept off `--help`'s path

    parser = subparsers.add_parser(
        "serve",
        help="play in the browser: serve the web table",
        description="Serve the web table: people open a table on a form, each player joins "
        "by the secret link of their seat, and bots play the other seats.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--host", default="127.0.0.1", help="default 127.0.0.1 (this machine)")
    parser.add_argument("--port", type=int, default=8000, help="default 8000; 0 takes a free one")
    parser.add_argument(
        "--database",
        default=str(DEFAULT_PATH),
        metavar="PATH|URL",
        help=f"the sqlite file of the tables (default ./{DEFAULT_PATH}), or a postgresql:// URL",
    )
    parser.add_argument(
        "--workers",
        type=_positive(int),
        default=1,
        metavar="N",
        help="server processes on the one port (default 1; more need PostgreSQL)",
    )
    limits = parser.add_argument_group("limits")
    limits.add_argument(
        "--lock-timeout",
        type=duration,
        default=5.0,
        metavar="DURATION",
        help="how long a save waits for the database (default 5s)",
    )
    limits.add_argument(
        "--keep-finished",
        type=duration,
        default=7 * 86400.0,
        metavar="DURATION",
        help="delete a finished table this long after its last move (7d)",
    )
    limits.add_argument(
        "--keep-abandoned",
        type=duration,
        default=30 * 86400.0,
        metavar="DURATION",
        help="delete any table this long after its last move (30d)",
    )
    limits.add_argument(
        "--purge-every",
        type=duration,
        default=3600.0,
        metavar="DURATION",
        help="how often the retention policy runs (1h)",
    )
    limits.add_argument(
        "--messages-per-second",
        type=_positive(float),
        default=10.0,
        metavar="RATE",
        help="messages a socket may send a second (10)",
    )
    limits.add_argument(
        "--message-burst",
        type=_positive(int),
        default=40,
        metavar="N",
        help="messages a socket may send at once (40)",
    )
    limits.add_argument(
        "--tables-per-minute",
        type=_positive(float),
        default=10.0,
        metavar="RATE",
        help="tables an address may open a minute (10)",
    )
    limits.add_argument(
        "--table-burst",
        type=_positive(int),
        default=20,
        metavar="N",
        help="tables an address may open at once (20)",
    )
    limits.add_argument(
        "--queue",
        type=_positive(int),
        default=64,
        metavar="N",
        help="messages waiting for a browser before it is dropped (64)",
    )
    limits.add_argument(
        "--bot-pace",
        type=_pace,
        default=0.8,
        metavar="SECONDS",
        help="the least time between two bot moves a player sees, so each can be followed; "
        "0 plays them as fast as the bots decide (0.8)",
    )
    limits.add_argument(
        "--bot-workers",
        type=_positive(int),
        default=2,
        metavar="N",
        help="processes in which bots think (2)",
    )
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; the exit status (2, with one line, for a bad database).

    Raises:
        MissingExtraError: the `web` extra is not installed.
    """
    _extras.require("cardgames serve", "web")
    if str(args.database).startswith(("postgresql://", "postgres://")):
        _extras.require("cardgames serve --database postgresql://...", "postgres")
    from cardgames.web.app import Limits  # noqa: PLC0415 - the optional web extra
    from cardgames.web.server import serve  # noqa: PLC0415 - the optional web extra
    from cardgames.web.store import StoreError  # noqa: PLC0415 - with the rest of web

    limits = Limits(
        database_timeout=args.lock_timeout,
        keep_finished=args.keep_finished,
        keep_abandoned=args.keep_abandoned,
        purge_every=args.purge_every,
        messages_per_second=args.messages_per_second,
        message_burst=args.message_burst,
        tables_per_minute=args.tables_per_minute,
        table_burst=args.table_burst,
        queue=args.queue,
        bot_workers=args.bot_workers,
        bot_pace=args.bot_pace,
    )
    try:
        serve(args.database, host=args.host, port=args.port, workers=args.workers, limits=limits)
    except StoreError as error:
        print(f"cardgames serve: {error}", file=sys.stderr)  # noqa: T201 - the one line
        return 2
    except KeyboardInterrupt:
        return 0
    return 0
