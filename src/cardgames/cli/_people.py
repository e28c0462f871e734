"""What the `play` and `demo` subcommands share: their options, the bots, and clean exits."""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable
from typing import Any

import cardgames
from cardgames.bots import levels
from cardgames.bots.spec import BotSpec
from cardgames.engine import Game
from cardgames.errors import InvalidSetupError
from cardgames.text import DEFAULT_NAMES, LANGUAGES

NAMES = DEFAULT_NAMES
"""The players' names when `--names` gives none (or too few): the shared default names."""

INTERRUPTED = 130
"""The exit status after Ctrl-C, as shells report a process ended by SIGINT."""

_BYE = {
    "en": {
        "interrupted": "Interrupted: the match is abandoned.",
        "eof": "The match stops here. Goodbye!",
    },
    "fr": {
        "interrupted": "Interrompu : la partie est abandonnée.",
        "eof": "La partie s’arrête là. Au revoir !",
    },
}


def add_options(parser: argparse.ArgumentParser, *, slug_default: str | None) -> None:
    """Add the game, table, bots, language, names and seed options."""
    if slug_default is None:
        parser.add_argument("slug", metavar="SLUG", help=f"the game: {', '.join(cardgames.GAMES)}")
    else:
        parser.add_argument(
            "slug",
            metavar="SLUG",
            nargs="?",
            default=slug_default,
            help=f"the game: {', '.join(cardgames.GAMES)} (default {slug_default})",
        )
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help="seats at the table (default: 3, or the count nearest to it the game allows)",
    )
    parser.add_argument(
        "--bots",
        default="medium",
        metavar="BOT[,BOT...]",
        help="the bots, given to the bot seats in order, the last one filling the rest: a "
        "level, easy, medium or hard (facile, moyen, difficile), or heuristic, tuned, casual, "
        "ismcts or rollout (options as in ismcts:iterations=200) or random (default medium)",
    )
    parser.add_argument(
        "--lang", choices=LANGUAGES, default="en", help="the language of the text (default en)"
    )
    parser.add_argument(
        "--names",
        nargs="+",
        default=[],
        metavar="NAME",
        help="the players' names, seat 1 first (spaces or commas between them)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        metavar="K",
        help="the seed of the match: the same seed and choices give the same match "
        "(default: drawn at random and printed)",
    )


def game_of(args: argparse.Namespace) -> Game[Any]:
    """The game named on the command line.

    Raises:
        UnknownGameError: no such game.
    """
    return cardgames.get_game(args.slug)


def players_of(args: argparse.Namespace, game: Game[Any]) -> int:
    """The player count asked for (or the default), checked against the game.

    Raises:
        InvalidSetupError: a count the game is not played with.
    """
    if args.players is None:
        return min(max(3, game.min_players), game.max_players)
    return game.check_players(args.players)


def names_of(args: argparse.Namespace, players: int) -> list[str]:
    """One name per seat: those given, then the default names.

    Raises:
        InvalidSetupError: more names than seats.
    """
    given = [name.strip() for item in args.names for name in item.split(",") if name.strip()]
    if len(given) > players:
        msg = f"{len(given)} names for {players} players: give at most one name per seat"
        raise InvalidSetupError(msg)
    # Seat i keeps its default name NAMES[i] unless a player took it.
    spare = [name for name in NAMES[len(given) :] + NAMES[: len(given)] if name not in given]
    return given + spare[: players - len(given)]


def bot_specs(args: argparse.Namespace, seats: list[int]) -> dict[int, BotSpec]:
    """The bot of each of ``seats``, from `--bots`, the last one filling the rest.

    Raises:
        InvalidSetupError: an unknown bot or bot option.
    """
    lineup = [BotSpec.parse(text) for text in args.bots.split(",") if text.strip()]
    if not lineup:
        msg = "--bots names no bot; use easy, medium or hard (or heuristic, ismcts, random)"
        raise InvalidSetupError(msg)
    return {seat: lineup[min(i, len(lineup) - 1)] for i, seat in enumerate(seats)}


def bot_name(spec: BotSpec, lang: str) -> str:
    """A bot's name for people: its level in family words (« difficile »), else its spec."""
    level = levels.level_of(spec.label)
    return str(spec) if level is None else levels.NAMES[lang][level]


def seed_of(args: argparse.Namespace) -> int:
    """The seed asked for, or a fresh one (printed by the caller, for a replay)."""
    if args.seed is not None:
        seed: int = args.seed
        return seed
    return random.SystemRandom().randrange(2**32)


def cleanly(lang: str, run: Callable[[], int]) -> int:
    """Run ``run``; Ctrl-C and the end of input end it with a short message, no traceback."""
    try:
        return run()
    except KeyboardInterrupt:
        print(f"\n{_BYE[lang]['interrupted']}", file=sys.stderr)  # noqa: T201 - for the user
        return INTERRUPTED
    except EOFError:
        print(f"\n{_BYE[lang]['eof']}")  # noqa: T201 - for the user
        return 0
    except BrokenPipeError:
        # The reader went away (`cardgames demo | head`): stop writing, without a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
