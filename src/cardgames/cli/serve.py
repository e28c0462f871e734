"""`cardgames serve`: the web table, where people play every game in the browser.

It needs the `web` extra (`pip install 'cardgames-rules[web]'`). Open the address it prints,
open a table on the form and send each player the link of their seat.
"""

from __future__ import annotations

import argparse
from typing import Any

from cardgames import _extras

__all__ = ["register", "run"]

_EPILOG = """\
Tables are kept in the database file, one transaction per accepted move: stop the server at
any time and start it again on the same file, every table goes on where it was.

example: cardgames serve --port 8000 --database ~/cardgames-tables.sqlite3
"""


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
        metavar="PATH",
        help=f"the sqlite file of the tables (default ./{DEFAULT_PATH})",
    )
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; the exit status.

    Raises:
        MissingExtraError: the `web` extra is not installed.
    """
    _extras.require("cardgames serve", "web")
    from cardgames.web.server import serve  # noqa: PLC0415 - the optional web extra

    try:
        serve(args.database, host=args.host, port=args.port)
    except KeyboardInterrupt:
        return 0
    return 0
