"""What the `simulate` and `tournament` subcommands share: options, setup and output."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import cardgames
from cardgames import _extras
from cardgames.arena import Report, plot
from cardgames.arena.rulebook import options, parse_options
from cardgames.bots.spec import BotSpec
from cardgames.engine import Game
from cardgames.errors import InvalidSetupError


def add_common(parser: argparse.ArgumentParser, *, bots_help: str) -> None:
    """Add the options of every arena subcommand."""
    parser.add_argument("slug", metavar="SLUG", help=f"the game: {', '.join(cardgames.GAMES)}")
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help="seats at the table (default: 3, or the count nearest to it the game allows)",
    )
    parser.add_argument("--bots", required=True, metavar="BOT,BOT,...", help=bots_help)
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="OPTION=VALUE",
        help="a rules option of the game, as in --rule rounds=1 (repeatable); "
        "cardgames rules SLUG lists them",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        metavar="S",
        help="the master seed; the same seed and settings give the same report (default: "
        "drawn at random and printed)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="W",
        help="local processes playing matches (default: one per core; 0: in this process)",
    )
    where.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="run on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786); "
        "needs cardgames-rules[dask]",
    )
    parser.add_argument(
        "--chunksize", type=int, default=None, metavar="C", help="matches per task sent to a worker"
    )
    parser.add_argument("--json", metavar="FILE", help="write the report as JSON ('-': stdout)")
    parser.add_argument(
        "--plot",
        metavar="FILE.png",
        help="draw the win shares and scores, or the variants' plots (needs cardgames-rules[plot])",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def game_of(args: argparse.Namespace) -> Game[Any]:
    """The game the arguments name.

    Raises:
        UnknownGameError: no such game.
    """
    return cardgames.get_game(args.slug)


def players_of(args: argparse.Namespace, game: Game[Any]) -> int:
    """The player count asked for, or the default for `game`."""
    if args.players is None:
        return min(max(3, game.min_players), game.max_players)
    players: int = args.players
    return players


def bots_of(args: argparse.Namespace) -> list[BotSpec]:
    """The bot specs of `--bots`, comma-separated.

    Raises:
        InvalidSetupError: an unknown bot or option.
    """
    return [BotSpec.parse(text) for text in args.bots.split(",") if text.strip()]


def rules_of(args: argparse.Namespace, game: Game[Any]) -> object:
    """The `Rules` of `--rule` options, or `None` for the default rules.

    Raises:
        InvalidSetupError: an option the game does not have, or a bad value.
    """
    if not args.rule:
        return None
    rules = None
    for item in args.rule:
        if "=" not in item:
            known = ", ".join(option.name for option in options(game))
            msg = (
                f"{item!r} is not OPTION=VALUE for a rules option of {game.title}; "
                f"its options: {known} (see: cardgames rules {game.slug})"
            )
            raise InvalidSetupError(msg)
        rules = parse_options(game, item, rules)
    return rules


def where_of(args: argparse.Namespace) -> dict[str, Any]:
    """The `executor` / `workers` / `chunksize` / `progress` arguments of the API.

    Checked before any match is played: `--dask` and `--plot` need their extras.

    Raises:
        MissingExtraError: `--dask` or `--plot` is asked for without its extra.
    """
    if args.dask:
        _extras.require(f"{args.parser.prog} --dask", "dask")
    if args.plot:
        _extras.require(f"{args.parser.prog} --plot", "plot")
    return {
        "executor": args.dask,
        "workers": args.workers,
        "chunksize": args.chunksize,
        "progress": not args.quiet,
    }


def output(args: argparse.Namespace, report: Report) -> int:
    """Print the table, write the JSON and the plot; the exit status (1 if a match failed)."""
    if args.json == "-":
        print(report.to_json())  # noqa: T201 - the command's output
    else:
        print(report.table())  # noqa: T201 - the command's output
        if args.json:
            Path(args.json).write_text(report.to_json() + "\n", encoding="utf-8")
    if args.plot:
        plot(report, args.plot)
    if report.errors:
        print(  # noqa: T201 - a warning for the user
            f"{report.errors} matches raised an error (see above)", file=sys.stderr
        )
        return 1
    return 0
