"""`cardgames demo`: watch bots play one match, narrated event by event.

The narrator sees every hand, so private moves (draws, looks, gifts) are told in full. This is
what `make demo` runs. On a terminal each line is wrapped at its width, with a hanging indent;
piped or redirected, each event stays on one line.

Examples:
    >>> from cardgames.cli import main
    >>> main(["demo", "kitten-tricks", "--seed", "3", "--names", "Ana", "Ben", "--lang", "fr"])
    ... # doctest: +ELLIPSIS
    Kitten tricks, 3 joueurs (Ana, Ben, Chloé), partie n° 3 ; bots : moyen
    <BLANKLINE>
    Manche 1 : la carte d’atout est ...
    0
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from cardgames.bots import play_match
from cardgames.cli import _people
from cardgames.cli._wrap import wrapped
from cardgames.text import Narrator

__all__ = ["register", "run"]

_HEADER = {
    "en": "{title}, {players} players ({names}), match no. {seed}; bots: {bots}",
    "fr": "{title}, {players} joueurs ({names}), partie n° {seed} ; bots : {bots}",
}

_EPILOG = """\
Bots: a level, easy, medium or hard (facile, moyen, difficile), or heuristic, tuned, casual,
ismcts or rollout (options as in ismcts:iterations=200) or random; --bots heuristic,random
seats a heuristic bot at seat 0 and random bots at the other seats.
Exit status: 0; 2 for a usage error (an unknown game or bot, a bad player count); 130 after Ctrl-C.

example: cardgames demo crazy-mistigri --lang fr --names Ana Ben Chloé --seed 7
"""


def register(subparsers: Any) -> None:  # noqa: ANN401 - argparse's private subparsers type
    """Add the `demo` subcommand."""
    parser = subparsers.add_parser(
        "demo",
        help="watch bots play a narrated match",
        description="Watch bots play one seeded match, narrated event by event in English "
        "or French, every hand shown.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _people.add_options(parser, slug_default="classic-mistigri")
    parser.add_argument(
        "--delay",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="a pause after each line, to watch the match unfold (default 0)",
    )
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace) -> int:
    """Play and narrate the match; the exit status.

    Raises:
        CardGameError: an unknown game or bot, or a bad player count or names.
    """
    game = _people.game_of(args)
    players = _people.players_of(args, game)
    names = _people.names_of(args, players)
    specs = _people.bot_specs(args, list(range(players)))
    seed = _people.seed_of(args)
    narrator = Narrator(game, names=names, lang=args.lang)

    def tell() -> int:
        bots = [specs[seat].build(game.slug) for seat in range(players)]
        lineup = ", ".join(
            dict.fromkeys(_people.bot_name(spec, args.lang) for spec in specs.values())
        )
        header = _HEADER[args.lang].format(
            title=game.title, players=players, names=", ".join(names), seed=seed, bots=lineup
        )
        print(wrapped(header, hang="  ") if sys.stdout.isatty() else header, end="\n\n")  # noqa: T201 - the command's output
        final = play_match(game, bots, seed=seed)
        on_terminal = sys.stdout.isatty()
        for line in narrator.events(final.events):
            print(wrapped(line, hang="  ") if on_terminal else line, flush=True)  # noqa: T201 - the command's output
            if args.delay > 0:
                time.sleep(args.delay)
        return 0

    return _people.cleanly(args.lang, tell)
