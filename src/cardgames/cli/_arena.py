"""What the `simulate` and `tournament` subcommands share: options, setup and output."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import cardgames
from cardgames import _extras
from cardgames.arena import Report, plot
from cardgames.arena.report import LANGUAGES
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
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default="en",
        help="the language of the tables, the progress bar, the warnings, the plots and "
        "simulate's HTML report (default en; the JSON is the same in both)",
    )


_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "usage": "{prog}: error: {error}",
        "errors": "{errors} matches raised an error (see above)",
        "variant errors": "{errors} matches raised an error",
        "tournament variant": "--variant compares rules variants with one lineup of bots: run "
        "cardgames simulate {slug} --variant ...; to rank bots under a variant, run one "
        "tournament per variant with --rule OPTION=VALUE and the same --seed (the same deals)",
    },
    "fr": {
        "usage": "{prog} : erreur : {error}",
        "errors": "{errors} parties ont levé une erreur (voir plus haut)",
        "variant errors": "{errors} parties ont levé une erreur",
        "tournament variant": "--variant compare des variantes de la règle avec une "
        "composition de bots : lancez cardgames simulate {slug} --variant ... ; pour classer "
        "des bots sous une variante, lancez un tournoi par variante avec --rule OPTION=VALEUR "
        "et la même --seed (les mêmes donnes)",
    },
}
"""The lines the arena commands print themselves, in each language."""


def say(args: argparse.Namespace, key: str, **fields: object) -> str:
    """The command's line `key` in the language of `--lang`, its fields filled in."""
    return _WORDS[args.lang][key].format(prog=args.parser.prog, **fields)


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
    """The `executor` / `workers` / `chunksize` / `progress` / `lang` arguments of the API.

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
        "lang": args.lang,
    }


def output(args: argparse.Namespace, report: Report) -> int:
    """Print the table, write the JSON and the plot; the exit status (1 if a match failed)."""
    if args.json == "-":
        print(report.to_json())  # noqa: T201 - the command's output
    else:
        print(report.table(args.lang))  # noqa: T201 - the command's output
        if args.json:
            Path(args.json).write_text(report.to_json() + "\n", encoding="utf-8")
    if args.plot:
        plot(report, args.plot, args.lang)
    if report.errors:
        print(say(args, "errors", errors=report.errors), file=sys.stderr)  # noqa: T201 - a warning
        return 1
    return 0
