"""The `cardgames` command line: one subcommand per module of this package.

Run `cardgames --help` (or `python -m cardgames --help`) for the list, and
`cardgames SUBCOMMAND --help` for each. A subcommand module has `register(subparsers)`, which
adds its parser and sets its `run(args) -> int` as the `run` default. Errors a user can fix
(an unknown game or bot, a bad player count) print one line on stderr and exit with status 2,
like any other usage error; so does a command or option whose optional extra is not installed
(`cardgames serve needs the web extra: pip install 'cardgames-rules[web]'`), with no usage
text and no traceback.

Examples:
    >>> main(["--version"])  # doctest: +ELLIPSIS
    cardgames ...
    0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import cardgames
from cardgames import _build
from cardgames.cli import demo, play, rules, serve, simulate, tournament
from cardgames.errors import CardGameError, MissingExtraError

__all__ = ["build_parser", "main"]

_COMMANDS = (play, demo, serve, simulate, tournament, rules)
"""The subcommand modules, in the order `--help` lists them."""


def build_parser() -> argparse.ArgumentParser:
    """The parser of the whole command line, with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="cardgames",
        description="Rules engines for four family card games: simulations, tournaments and "
        "narrated matches.",
    )
    parser.add_argument(
        "--version",
        action="store_true",
        help="print the version and the build (pure Python, or compiled) and exit",
    )
    subparsers = parser.add_subparsers(title="subcommands", metavar="SUBCOMMAND")
    for command in _COMMANDS:
        command.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit status.

    Raises:
        SystemExit: for `--help` and for usage errors (status 2), as argparse does.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)  # the command, for the reports
    if args.version:
        print(f"cardgames {cardgames.__version__}, {_build.short()}")  # noqa: T201 - the output
        return 0
    if not hasattr(args, "run"):
        parser.print_help()
        return 2
    try:
        status: int = args.run(args)
    except MissingExtraError as error:
        print(error, file=sys.stderr)  # noqa: T201 - the one line a missing extra gets
        return 2
    except CardGameError as error:
        args.parser.error(str(error))
    return status
