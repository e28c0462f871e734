"""Measured bot strength: each game's heuristic bot against RandomBot, ISMCTS against it.

A *hero* bot takes one seat and the *field* bot every other seat. Every deal is played once in
each rotation of the seats (duplicate mode of `cardgames.arena.simulate`), so each bot plays
every hand of the deal and no seat's advantage favours either side. The hero's win share
(`1 / len(winners)` of a match it is among the winners of, else 0) is averaged over the
matches, with a 95% confidence interval taken over the deals; it is compared with the fair share
`1 / players` that a hero no stronger than the field would get: the hero is stronger when the
whole interval lies above the fair share.

Usage: `python benchmarks/strength.py [--matches 600] [--ismcts-matches 60]
[--iterations 100] [--players 3] [--seed 2026] [--workers N] [--game SLUG ...] [--json]`.

ISMCTS matches are one round long (the `Rules` of multi-round games set to a single round) to
bound the cost of its simulations, which the heuristic bot plays (the `ismcts` spec of
`cardgames.arena`); the heuristic-versus-random matches use the default rules.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

import cardgames
from cardgames.arena import ISMCTS_DEFAULTS, Report, simulate

ONE_ROUND: dict[str, dict[str, int]] = {
    "crazy-mistigri": {"rounds": 1, "max_rounds": 1},
    "kitten-tricks": {"max_rounds": 1},
    "crazy-animals": {"rounds": 1},
}
"""The `Rules` options that make each multi-round game a single round."""


def _row(report: Report, hero: str, field: str, rounds: str) -> dict[str, Any]:
    """One line of the table, from the report of one match-up (the hero named by its kind)."""
    share = report.bot(hero).share
    return {
        "game": report.game,
        "hero": hero.partition(":")[0],
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
        "ms_per_decision": dict(report.timing.ms_per_decision)[hero],
        "matches_per_second": report.timing.matches_per_second,
    }


def main(argv: Sequence[str] | None = None) -> None:
    """Measure every game and print the Markdown table (or JSON) with its command."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--matches", type=int, default=600, help="heuristic vs random matches")
    parser.add_argument("--ismcts-matches", type=int, default=60, help="ISMCTS vs heuristic")
    parser.add_argument("--iterations", type=int, default=100, help="ISMCTS iterations per move")
    parser.add_argument("--players", type=int, default=3, help="seats (every game allows 3)")
    parser.add_argument("--seed", type=int, default=2026, help="the master seed")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all)")
    parser.add_argument("--game", action="append", choices=list(cardgames.GAMES))
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    ismcts = f"ismcts:iterations={args.iterations}"
    rows = []
    for slug in args.game or cardgames.GAMES:
        game = cardgames.get_game(slug)
        common = {"players": args.players, "seed": args.seed, "workers": args.workers}
        report = simulate(
            game, ["heuristic", "random"], args.matches, duplicate=True, progress=True, **common
        )
        rows.append(_row(report, "heuristic", "random", "default"))
        one_round = game.Rules(**ONE_ROUND.get(slug, {}))
        report = simulate(
            game,
            [ismcts, "heuristic"],
            args.ismcts_matches,
            rules=one_round,
            duplicate=True,
            progress=True,
            **common,
        )
        rows.append(_row(report, str(report.bots[0].label), "heuristic", "one"))
    command = " ".join(["python benchmarks/strength.py", *(argv or sys.argv[1:])])
    settings = {**ISMCTS_DEFAULTS, "iterations": args.iterations}
    if args.json:
        print(json.dumps({"command": command, "ismcts": settings, "rows": rows}, indent=2))
        return
    print(
        f"`{command}`: {args.players} players, seed {args.seed}, duplicate deals (each played "
        f"in the {args.players} rotations); ISMCTS: "
        + ", ".join(f"{name} {value}" for name, value in settings.items())
        + "."
    )
    print()
    print(
        "| game | hero vs field | rounds | matches (deals) | hero's win share (95% CI) "
        "| ± (± unpaired) | stronger | ms per move |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        hero = "ISMCTS" if row["hero"] == "ismcts" else row["hero"]
        low, high = row["ci95"]
        print(
            f"| {row['game']} | {hero} vs {row['field']} | {row['rounds']} | "
            f"{row['matches']} ({row['deals']}) | {row['hero_share']:.3f} ({low:.3f}-{high:.3f}) "
            f"| {row['half_width']:.3f} ({row['unpaired_half_width']:.3f}) | "
            f"{'yes' if row['stronger'] else 'no'} | {row['ms_per_decision']:.2f} |"
        )


if __name__ == "__main__":
    main()
