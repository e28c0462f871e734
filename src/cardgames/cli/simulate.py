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
import shlex
import sys
from pathlib import Path
from typing import Any

from cardgames import _extras
from cardgames.arena import (
    VariantComparison,
    VariantResult,
    changed_options,
    compare,
    parse_variant,
    simulate,
)
from cardgames.arena.html import plot_comparison, write_html
from cardgames.cli import _arena
from cardgames.errors import InvalidSetupError

__all__ = ["register", "run"]

_EPILOG = """\
Bots: random, heuristic, ismcts, with options for ismcts as in ismcts:iterations=50:playout=random.
A lineup shorter than the table is filled with its last bot: --bots ismcts,heuristic seats one
ismcts bot against heuristic bots. Rules options (--rule, --variant): cardgames rules SLUG lists
each with its type, default, bounds and clause.
Exit status: 0, 1 if a match raised, 2 for a usage error.

example: cardgames simulate crazy-mistigri --players 3 --bots heuristic,random --matches 3000
         --duplicate --seed 1 --json report.json --plot report.png

Variants: --variant NAME:OPTION=VALUE,... (repeatable; NAME: alone is the rulebook, or the --rule
options) plays the same deals and bots under each variant and reports each game statistic per
variant with its 95% interval, and each variant's paired difference from the first; --plot
then draws the variants' plots (PNG, or SVG for a .svg name).
Language: --lang fr writes the tables, the progress bar, the warnings, the plots and the HTML
report in French (seats numbered from 1, figures with a decimal point); the JSON is the same.

example: cardgames simulate crazy-mistigri --bots heuristic --matches 600 --seed 1
         --variant two-rounds: --variant one-round:rounds=1 --html report.html
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
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME:OPTION=VALUE,...",
        help="a variant of the rules to compare (repeatable); every variant plays the same "
        "deals and bots, and the first is the reference of the differences",
    )
    parser.add_argument(
        "--html",
        metavar="FILE.html",
        help="write one self-contained HTML report: the statistics with their intervals, the "
        "variants side by side, plots (needs cardgames-rules[plot])",
    )
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace) -> int:
    """Run a simulation (or compare variants) and print its report; the exit status.

    A bad `--rule` or `--variant` (an option the game lacks, a bad value) is a usage error:
    one line on stderr, status 2.

    Raises:
        CardGameError: an unknown game or bot, or a bad setting.
    """
    game = _arena.game_of(args)
    try:
        rules = _arena.rules_of(args, game)
        variants = [parse_variant(game, text, rules) for text in args.variant]
    except InvalidSetupError as error:
        print(_arena.say(args, "usage", error=error), file=sys.stderr)  # noqa: T201 - usage
        return 2
    if args.html:
        _extras.require(f"{args.parser.prog} --html", "plot")
    players = _arena.players_of(args, game)
    if variants:
        comparison = compare(
            game,
            variants,
            _arena.bots_of(args),
            args.matches,
            players=players,
            seed=args.seed,
            duplicate=args.duplicate,
            **_arena.where_of(args),
        )
        return _output_comparison(args, comparison)
    report = simulate(
        game,
        _arena.bots_of(args),
        args.matches,
        players=players,
        rules=rules,
        seed=args.seed,
        duplicate=args.duplicate,
        **_arena.where_of(args),
    )
    if args.html:
        single = VariantComparison(
            game=report.game,
            players=report.players,
            matches=report.matches,
            seed=report.seed,
            duplicate=report.mode == "duplicate",
            bots=tuple(bot.label for bot in report.bots),
            variants=(VariantResult("rules", changed_options(game, report.rules), report),),
            differences=(),
        )
        write_html(single, args.html, _command(args), args.lang)
    return _arena.output(args, report)


def _command(args: argparse.Namespace) -> str:
    return shlex.join(["cardgames", *args.argv]) if getattr(args, "argv", None) else ""


def _output_comparison(args: argparse.Namespace, comparison: VariantComparison) -> int:
    """Print the comparison's table (or JSON), write its JSON and HTML; the exit status."""
    if args.json == "-":
        print(comparison.to_json())  # noqa: T201 - the command's output
    else:
        print(comparison.table(args.lang))  # noqa: T201 - the command's output
        if args.json:
            Path(args.json).write_text(comparison.to_json() + "\n", encoding="utf-8")
    if args.html:
        write_html(comparison, args.html, _command(args), args.lang)
    if args.plot:
        plot_comparison(comparison, args.plot, args.lang)
    errors = sum(variant.report.errors for variant in comparison.variants)
    if errors:
        print(_arena.say(args, "variant errors", errors=errors), file=sys.stderr)  # noqa: T201 - a warning
        return 1
    return 0
