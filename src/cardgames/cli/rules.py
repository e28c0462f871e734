"""`cardgames rules`: every rules option of a game, with its type, default, bounds and clause.

Examples:
    >>> from cardgames.cli import main
    >>> main(["rules", "crazy-animals"])  # doctest: +NORMALIZE_WHITESPACE, +ELLIPSIS
    Crazy Animals: rules options (the defaults are the rulebook's game)
    <BLANKLINE>
    option        type        default  bounds  clause  what it changes
    first_player  int         0        >= 0    CA-8    the seat that plays first in round 1; ...
    rounds        int | None  null     1..100  CA-8    the rounds of a match; ...
    knock_after   int | None  null     1..6    CA-6    house rule: the turns played in a round ...
    <BLANKLINE>
    use: cardgames simulate crazy-animals --rule OPTION=VALUE, or --variant NAME:OPTION=VALUE,...
    0
"""

from __future__ import annotations

import argparse
from typing import Any

import cardgames
from cardgames.arena.rulebook import options_table

__all__ = ["register", "run"]

_EPILOG = """\
Each option changes one ruling of the game's docs page (its clause id). Try an option with
cardgames simulate SLUG --rule OPTION=VALUE, or compare several in one run with
--variant NAME:OPTION=VALUE,... (repeatable). Exit status: 0; 2 for an unknown game.

example: cardgames rules crazy-animals --lang fr
"""


def register(subparsers: Any) -> None:  # noqa: ANN401 - argparse's private subparsers type
    """Add the `rules` subcommand."""
    parser = subparsers.add_parser(
        "rules",
        help="list a game's rules options",
        description="List every rules option of a game: its type, its default (the rulebook's "
        "game), its bounds and the clause of the game's docs page it changes.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("slug", metavar="SLUG", help=f"the game: {', '.join(cardgames.GAMES)}")
    parser.add_argument(
        "--lang", choices=("en", "fr"), default="en", help="English or French (default en)"
    )
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace) -> int:
    """Print the options table; the exit status.

    Raises:
        UnknownGameError: no such game.
    """
    print(options_table(cardgames.get_game(args.slug), args.lang))  # noqa: T201 - the command's output
    return 0
