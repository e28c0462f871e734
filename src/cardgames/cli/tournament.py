"""`cardgames tournament`: seat several bots in every possible way and rank them.

Examples:
    >>> from cardgames.cli import main
    >>> main(["tournament", "crazy-animals", "--players", "2", "--bots", "heuristic,random",
    ...       "--matches", "4", "--seed", "1", "--workers", "0", "--quiet"])
    crazy-animals, 2 players, 4 matches (tournament: 2 deals x 2 seatings), seed 1, ...
    0
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cardgames.arena import tournament
from cardgames.cli import _arena

__all__ = ["register", "run"]

_EPILOG = """\
With at least as many bots as seats, every seating of distinct bots is played; with fewer,
every seating in which each bot sits at least once. Each deal is played in every seating.
Exit status: 0, 1 if a match raised, 2 for a usage error.
--lang fr writes the tables, the progress bar, the warnings and the plot in French.
Rules variants: --variant is refused (status 2); a tournament ranks bots under one set of rules.
Compare variants with cardgames simulate SLUG --variant ..., or run one tournament per variant
with --rule and the same --seed: each plays the same deals.

example: cardgames tournament kitten-tricks --players 3 --bots heuristic,random,ismcts:iterations=20
         --rule max_rounds=1 --matches 120 --seed 1
"""


def register(subparsers: Any) -> None:  # noqa: ANN401 - argparse's private subparsers type
    """Add the `tournament` subcommand."""
    parser = subparsers.add_parser(
        "tournament",
        help="rank several bots, seated in every possible way",
        description="Seat several bots in every possible way, play each deal in every "
        "seating, and rank them by win share with paired 95% confidence intervals.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _arena.add_common(parser, bots_help="two or more distinct bots, comma-separated")
    parser.add_argument(
        "--matches",
        type=int,
        default=300,
        metavar="M",
        help="a multiple of the number of seatings (default 300)",
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME:OPTION=VALUE,...",
        help="refused: compare rules variants with simulate --variant, or run one tournament "
        "per variant with --rule",
    )
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace) -> int:
    """Run a tournament and print its table and ranking; the exit status.

    `--variant` is a usage error (one line on stderr, status 2) that names the commands
    that compare variants: a tournament ranks its bots under one set of rules.

    Raises:
        CardGameError: an unknown game or bot, or a bad setting.
    """
    if args.variant:
        line = _arena.say(args, "tournament variant", slug=args.slug)
        print(_arena.say(args, "usage", error=line), file=sys.stderr)  # noqa: T201 - usage
        return 2
    game = _arena.game_of(args)
    report = tournament(
        game,
        _arena.bots_of(args),
        args.matches,
        players=_arena.players_of(args, game),
        rules=_arena.rules_of(args, game),
        seed=args.seed,
        **_arena.where_of(args),
    )
    return _arena.output(args, report)
