"""Measured bot strength at each level: medium against random, easy and hard against medium.

A *hero* bot takes one seat and the *field* bot every other seat. Every deal is played once in
each rotation of the seats (duplicate mode of `cardgames.arena.simulate`), so each bot plays
every hand of the deal and no seat's advantage favours either side. The hero's win share
(`1 / len(winners)` of a match it is among the winners of, else 0) is averaged over the
matches, with a 95% confidence interval taken over the deals; it is compared with the fair share
`1 / players` that a hero no stronger than the field would get: the hero is stronger when the
whole interval lies above the fair share, weaker when it lies below.

Usage: `python benchmarks/strength.py [--matches 600] [--hard-deals N] [--hard SPEC]
[--players 3] [--seed 2026] [--workers N] [--game SLUG ...] [--json]`.

The hard-versus-medium rows play `HARD_DEALS` duplicate deals per game unless `--hard-deals`
says otherwise: 100, and 300 in Crazy Animals, where hard's edge is smallest (about 0.04 of
the fair share) and 100 deals leave its interval about ±0.04 wide.

The levels are those of `cardgames.bots.levels` (`easy`, `medium`, `hard`); `--hard` measures
another bot spec in `hard`'s place (`--hard ismcts:iterations=100`). The medium-versus-random
and easy-versus-medium matches use the default rules; the hard-versus-medium matches are one
round long (the `Rules` of multi-round games set to a single round) to bound the cost of its
rollouts. Each row gives the hero's mean and largest milliseconds per decision (one-legal-action
turns included), measured inside the worker processes.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import cardgames
from cardgames.arena import BotSpec, Report, simulate
from cardgames.bots import Bot
from cardgames.bots.levels import LEVELS
from cardgames.engine import Action, View

ONE_ROUND: dict[str, dict[str, int]] = {
    "crazy-mistigri": {"rounds": 1, "max_rounds": 1},
    "kitten-tricks": {"max_rounds": 1},
    "crazy-animals": {"rounds": 1},
}
"""The `Rules` options that make each multi-round game a single round."""
HARD_DEALS: dict[str, int] = {"crazy-animals": 300}
"""The duplicate deals of each game's hard row where they are not `DEFAULT_HARD_DEALS`."""
DEFAULT_HARD_DEALS = 100


class Timed:
    """A bot that times each decision of the bot it wraps and keeps the slowest in a file.

    The matches run in worker processes, so each timed bot writes its slowest decision so far
    (in milliseconds) to its own file of `directory`, and the benchmark reads them afterwards.
    """

    def __init__(self, spec: str, slug: str, directory: str) -> None:
        """Build the bot of `spec` for the game `slug`."""
        self.bot: Bot = BotSpec.parse(spec).build(slug)
        self.path = Path(directory) / f"{os.getpid()}-{id(self)}"
        self.slowest = 0.0

    def choose(self, view: View, rng: random.Random) -> Action:
        """Return the wrapped bot's choice, and note the time it took if it is the slowest."""
        start = time.perf_counter()
        action = self.bot.choose(view, rng)
        ms = (time.perf_counter() - start) * 1000
        if ms > self.slowest:
            self.slowest = ms
            self.path.write_text(f"{ms}")
        return action


def _slowest(directory: str) -> float:
    """The slowest decision noted in `directory`, in milliseconds (0 if none)."""
    return max((float(p.read_text() or 0) for p in Path(directory).iterdir()), default=0.0)


def _row(report: Report, hero: str, field: str, rounds: str, slowest: float) -> dict[str, Any]:
    """One line of the table, from the report of one match-up (the hero named by its level)."""
    share = report.bot(hero).share
    return {
        "game": report.game,
        "hero_spec": hero,
        "field": field,
        "rounds": rounds,
        "matches": report.matches,
        "deals": report.deals,
        "hero_share": share.mean,
        "ci95": [share.low, share.high],
        "half_width": share.half_width,
        "unpaired_half_width": report.bot(hero).unpaired.half_width,
        "fair_share": report.fair_share,
        "stronger": share.low > report.fair_share,
        "weaker": share.high < report.fair_share,
        "ms_per_decision": dict(report.timing.ms_per_decision)[hero],
        "max_ms_per_decision": slowest,
        "matches_per_second": report.timing.matches_per_second,
    }


def _measure(
    slug: str,
    hero: tuple[str, str],
    field: str,
    matches: int,
    *,
    one_round: bool,
    common: dict[str, Any],
) -> dict[str, Any]:
    """Play `matches` duplicate matches of the hero `(level, spec)` against `field`: a row."""
    game = cardgames.get_game(slug)
    level, spec = hero
    rules = game.Rules(**ONE_ROUND.get(slug, {})) if one_round else None
    with tempfile.TemporaryDirectory() as directory:
        timed = BotSpec("factory", factory=functools.partial(Timed, spec, slug, directory))
        timed = BotSpec("factory", factory=timed.factory, label=spec)
        report = simulate(
            game, [timed, field], matches, rules=rules, duplicate=True, progress=True, **common
        )
        slowest = _slowest(directory)
    row = _row(report, spec, field, "one" if one_round else "default", slowest)
    row["hero"] = level
    return row


def main(argv: Sequence[str] | None = None) -> None:
    """Measure every game at each level and print the Markdown table (or JSON) with its command."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--matches", type=int, default=600, help="medium vs random and easy vs medium matches"
    )
    parser.add_argument(
        "--hard-deals",
        type=int,
        default=None,
        help="hard vs medium deals, x players matches (default: 100, 300 in crazy-animals)",
    )
    parser.add_argument("--hard", default=LEVELS["hard"], help="the bot spec measured as hard")
    parser.add_argument("--players", type=int, default=3, help="seats (every game allows 3)")
    parser.add_argument("--seed", type=int, default=2026, help="the master seed")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all)")
    parser.add_argument("--game", action="append", choices=list(cardgames.GAMES))
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    medium = LEVELS["medium"]
    common = {"players": args.players, "seed": args.seed, "workers": args.workers}
    rows = []
    for slug in args.game or cardgames.GAMES:
        for hero, field, matches, one_round in (
            (("medium", medium), "random", args.matches, False),
            (("easy", LEVELS["easy"]), medium, args.matches, False),
            (("hard", args.hard), medium, _hard_deals(slug, args) * args.players, True),
        ):
            rows.append(_measure(slug, hero, field, matches, one_round=one_round, common=common))
    command = " ".join(["python benchmarks/strength.py", *(argv or sys.argv[1:])])
    if args.json:
        print(json.dumps({"command": command, "levels": dict(LEVELS), "rows": rows}, indent=2))
        return
    _print_table(command, args, rows)


def _hard_deals(slug: str, args: argparse.Namespace) -> int:
    """The deals of the hard row of game `slug`: `--hard-deals`, else `HARD_DEALS`."""
    if args.hard_deals is not None:
        return int(args.hard_deals)
    return HARD_DEALS.get(slug, DEFAULT_HARD_DEALS)


def _print_table(command: str, args: argparse.Namespace, rows: list[dict[str, Any]]) -> None:
    """Print the command, the levels measured and the Markdown table."""
    print(
        f"`{command}`: {args.players} players, seed {args.seed}, duplicate deals (each played "
        f"in the {args.players} rotations); easy = `{LEVELS['easy']}`, medium = "
        f"`{LEVELS['medium']}`, hard = `{args.hard}`."
    )
    print()
    print(
        "| game | hero vs field | rounds | matches (deals) | hero's win share (95% CI) "
        "| ± (± unpaired) | verdict | ms per move: mean, max |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        field = "medium" if row["field"] == LEVELS["medium"] else row["field"]
        low, high = row["ci95"]
        verdict = "stronger" if row["stronger"] else "weaker" if row["weaker"] else "not apart"
        print(
            f"| {row['game']} | {row['hero']} vs {field} | {row['rounds']} | "
            f"{row['matches']} ({row['deals']}) | {row['hero_share']:.3f} ({low:.3f}-{high:.3f}) "
            f"| {row['half_width']:.3f} ({row['unpaired_half_width']:.3f}) | {verdict} | "
            f"{row['ms_per_decision']:.1f}, {row['max_ms_per_decision']:.1f} |"
        )


if __name__ == "__main__":
    main()
