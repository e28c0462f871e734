"""Tune the Crazy Animals heuristic bot's thresholds: the `tuned` policy behind the `hard` level.

`HeuristicBot` (the `medium` level) decides by five thresholds (`take_gain`, `keep_gain`,
`swap_gain`, `knock_at`, `lead`). This script searches them by coordinate descent: from the
default thresholds (or ``--start``), it tries each threshold a step up and a step down, and
where the better of the two raises the win share against the default bot by more than
``--min-gain``, it moves there and goes on that way while each step gains as much; it sweeps
the thresholds until a sweep moves none (or ``--sweeps`` run out).

Each candidate plays ``--deals`` duplicate deals of one round at ``--players`` seats (every deal
once in each rotation of the seats, `cardgames.arena.simulate`), the candidate in one seat and
the default bot in the others, all on the same master ``--seed``: every candidate meets the same
deals, so two candidates' shares differ by their play, not by their luck. The thresholds found
are then checked on ``--check-deals`` fresh deals (``--check-seed``), whose share and 95%
interval are reported beside the search's. ``--write`` stores the result in
``src/cardgames/crazy_animals/tuned.json``, the data `bot.tuned_thresholds()` reads.

Usage: ``python benchmarks/tune_heuristic.py [--deals 2000] [--seed 5] [--check-deals 3000]
[--check-seed 6] [--players 3] [--workers N] [--write]`` (about ten minutes on two cores).
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Sequence
from pathlib import Path

import cardgames
from cardgames.arena import BotSpec, simulate
from cardgames.crazy_animals import bot

SLUG = "crazy-animals"
TUNED_PATH = Path(__file__).resolve().parents[1] / "src" / "cardgames" / "crazy_animals" / bot.TUNED
"""Where ``--write`` puts the result: the package data `bot.tuned_thresholds` reads."""
Thresholds = dict[str, float]
STEPS: dict[str, float] = {
    "take_gain": 0.5,
    "keep_gain": 0.5,
    "swap_gain": 0.5,
    "knock_at": 1.0,
    "lead": 1.5,
}
"""How far each threshold moves in one step of the search."""


def progress(message: str) -> None:
    """Say on stderr what is being measured."""
    print(f"[tune] {message}", file=sys.stderr, flush=True)


def described(thresholds: Thresholds) -> str:
    """The thresholds as `name=value` words."""
    return " ".join(f"{name}={value:g}" for name, value in thresholds.items())


def moved(thresholds: Thresholds, name: str, by: float) -> Thresholds | None:
    """`thresholds` with `name` moved by `by`, or `None` where it would fall below 0."""
    value = thresholds[name] + by
    return None if value < 0 else {**thresholds, name: round(value, 6)}


def share(
    thresholds: Thresholds, deals: int, *, seed: int, players: int, workers: int | None
) -> tuple[float, float, float]:
    """The win share (mean, 95% low, high) of a bot with `thresholds` against default bots."""
    game = cardgames.get_game(SLUG)
    factory = functools.partial(bot.HeuristicBot, **thresholds)
    hero = BotSpec("factory", factory=factory, label="tuned")
    report = simulate(
        game,
        [hero, "heuristic"],
        deals * players,
        players=players,
        rules=game.Rules(rounds=1),
        seed=seed,
        duplicate=True,
        workers=workers,
    )
    result = report.bot("tuned").share
    return result.mean, result.low, result.high


def descend(start: Thresholds, args: argparse.Namespace) -> tuple[Thresholds, float, int]:
    """Coordinate descent from `start`: the thresholds found, their share, the trials played."""
    trials = 0

    def measure(thresholds: Thresholds) -> float:
        nonlocal trials
        trials += 1
        mean = share(
            thresholds, args.deals, seed=args.seed, players=args.players, workers=args.workers
        )[0]
        progress(f"{described(thresholds)}: {mean:.4f}")
        return mean

    best, best_share = start, measure(start)
    for sweep in range(args.sweeps):
        improved = False
        for name, step in STEPS.items():
            # The better of a step up and a step down, then on that way while it gains.
            tried = [
                (measure(candidate), candidate)
                for sign in (1, -1)
                if (candidate := moved(best, name, sign * step)) is not None
            ]
            gained, candidate = max(tried, key=lambda pair: pair[0])
            sign = 1 if candidate[name] > best[name] else -1
            while gained > best_share + args.min_gain:
                best, best_share, improved = candidate, gained, True
                further = moved(best, name, sign * step)
                if further is None:
                    break
                candidate, gained = further, measure(further)
        progress(f"sweep {sweep + 1}: {described(best)} at {best_share:.4f}")
        if not improved:
            break
    return best, best_share, trials


def main(argv: Sequence[str] | None = None) -> None:
    """Search, check on fresh deals, print the result (and write it with ``--write``)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per candidate")
    parser.add_argument("--seed", type=int, default=5, help="the search's master seed")
    parser.add_argument("--check-deals", type=int, default=3000, help="fresh deals to check on")
    parser.add_argument("--check-seed", type=int, default=6, help="the check's master seed")
    parser.add_argument("--players", type=int, default=3, help="seats")
    parser.add_argument("--sweeps", type=int, default=4, help="sweeps over the thresholds, at most")
    parser.add_argument(
        "--min-gain", type=float, default=0.002, help="the least share a move must add"
    )
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all)")
    parser.add_argument("--start", default=None, help="JSON thresholds to start from")
    parser.add_argument("--write", action="store_true", help=f"write {TUNED_PATH.name}")
    args = parser.parse_args(argv)
    default = bot.HeuristicBot()
    start = {name: float(getattr(default, name)) for name in STEPS}
    if args.start:
        given = json.loads(args.start)
        unknown = sorted(set(given) - set(STEPS))
        if unknown:
            parser.error(
                f"--start names no threshold {', '.join(unknown)}; they are {', '.join(STEPS)}"
            )
        start.update({name: float(value) for name, value in given.items()})
    best, best_share, trials = descend(start, args)
    progress(f"checking {described(best)} on {args.check_deals} fresh deals")
    mean, low, high = share(
        best, args.check_deals, seed=args.check_seed, players=args.players, workers=args.workers
    )
    command = " ".join(["python benchmarks/tune_heuristic.py", *(argv or sys.argv[1:])])
    result = {
        "game": SLUG,
        "command": command,
        "players": args.players,
        "thresholds": best,
        "search": {"seed": args.seed, "deals": args.deals, "share": round(best_share, 4)},
        "check": {
            "seed": args.check_seed,
            "deals": args.check_deals,
            "share": round(mean, 4),
            "ci95": [round(low, 4), round(high, 4)],
        },
        "fair_share": round(1 / args.players, 4),
        "trials": trials,
    }
    text = json.dumps(result, indent=2) + "\n"
    print(text, end="")
    if args.write:
        TUNED_PATH.write_text(text, encoding="utf-8")
        progress(f"wrote {TUNED_PATH}")


if __name__ == "__main__":
    main()
