"""`cardgames simulate`: play a lineup of bots for many matches and report their results.

Examples:
    >>> from cardgames.cli import main
    >>> main(["simulate", "crazy-animals", "--bots", "heuristic,random", "--matches", "6",
    ...       "--seed", "1", "--workers", "0", "--quiet"])
    crazy-animals, 3 players, 6 matches (the lineup rotated over the seats, ...), seed 1, ...
    0
"""

from __future__ import annotations

import argparse
from typing import Any

from cardgames.arena import simulate
from cardgames.cli import _arena

__all__ = ["register", "run"]

_EPILOG = """\
Bots: random, heuristic, ismcts, with options for ismcts as in ismcts:iterations=50:playout=random.
A lineup shorter than the table is filled with its last bot: --bots ismcts,heuristic seats one
ismcts bot against heuristic bots. Rules options (--rule, --variant): cardgames rules SLUG lists
each with its type, default, bounds and clause.
Exit status: 0, 1 if a match raised, 2 for a usage error.

example: cardgames simulate crazy-mistigri --players 3 --bots heuristic,random --matches 3000
         --duplicate --seed 1 --json report.json --plot report.png
"""


def register(subparsers: Any) -> None:  # noqa: ANN401 - argparse's private subparsers type
    """Add the `simulate` subcommand."""
    parser = subparsers.add_parser(
        "simulate",
        help="play a lineup of bots for many matches",
        description="Play a lineup of bots (one per seat, rotated over the seats) for many "
        "seeded matches and report each bot's and each seat's win share with a 95% "
        "confidence interval, the scores, the match length and the speed.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _arena.add_common(parser, bots_help="the lineup, one bot per seat, comma-separated")
    parser.add_argument("--matches", type=int, default=300, metavar="M", help="default 300")
    parser.add_argument(
        "--duplicate",
        action="store_true",
        help="play each deal once in each rotation of the lineup, with the same seed "
        "(M must be a multiple of the player count)",
    )
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace) -> int:
    """Run a simulation and print its report; the exit status.

    Raises:
        CardGameError: an unknown game or bot, or a bad setting.
    """
    game = _arena.game_of(args)
    report = simulate(
        game,
        _arena.bots_of(args),
        args.matches,
        players=_arena.players_of(args, game),
        rules=_arena.rules_of(args, game),
        seed=args.seed,
        duplicate=args.duplicate,
        **_arena.where_of(args),
    )
    return _arena.output(args, report)
