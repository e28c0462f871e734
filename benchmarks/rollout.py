"""What a `hard` decision costs: ms per rollout-bot decision, per game, player count and build.

The `hard` level is the rollout bot (`cardgames.bots.rollout.RolloutBot`) with a time budget;
here it runs with a fixed number of worlds (``--samples``, 64 as `hard`'s own) and no time
budget, so that every run does the same work and the figures compare. For each game and player
count, ``--decisions`` decisions with a choice are taken from seeded one-round matches of the
heuristic bot (every third such decision), and the bot's ``choose`` is timed on each, on the CPU
clock (``time.process_time``): the mean and largest ms per decision, the worlds it sampled and
the rollouts it played (successive halving drops actions, so fewer than worlds x actions).

Then where the time goes, from rollouts played separately in worlds sampled from the same
decisions (``--breakdown`` worlds each; each rollout plays the first distinct legal action and
then the heuristic bot in every seat to the end of the round, as the bot's do): µs per sampled
world, and per step of a rollout: the mover's view, the heuristic choice, and the successor of
the move by `State.apply` (a new state, a log entry, its events) and by `cardgames._hot.step`
(the same, in place, in a scratch state). The share of a decision that these add up to is
estimated from the decision's own counts of worlds, rollouts and steps; the rest is the bot's
own bookkeeping (its rollout loop, the returns, halving), and the error of the estimate. The
decision's steps are counted in a second, untimed run of the same decisions, its rollout policy
wrapped in a counter.

The pure build runs in this interpreter's process of its own, the compiled build in
``--compiled-python``'s (skipped when it is missing). Progress goes to stderr, the Markdown
tables to stdout.

``--instructions FEW MANY`` counts, instead, the instructions per decision under callgrind (the
difference between a run of ``FEW`` and one of ``MANY`` decisions; needs ``valgrind``), at the
first player count: a figure the machine's load does not move.

Usage: ``python benchmarks/rollout.py [--compiled-python PATH] [--samples 64] [--decisions 8]
[--players 3 4] [--breakdown 16] [--game SLUG ...] [--moves step] [--instructions 1 3]``
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from _builds import command_line, each_build, print_rows, under_callgrind

GAMES = ("crazy-mistigri", "kitten-tricks", "crazy-animals")
"""The games with decisions (classic Mistigri's only choice is a blind draw)."""

ONE_ROUND: dict[str, dict[str, int]] = {
    "crazy-mistigri": {"rounds": 1, "max_rounds": 1},
    "kitten-tricks": {"max_rounds": 1},
    "crazy-animals": {"rounds": 1},
}
"""The `Rules` options that make each multi-round game a single round (as `strength.py`)."""

PARTS = ("sample", "view", "choose", "apply", "step")


def progress(message: str) -> None:
    """Say on stderr what is being measured."""
    print(f"[rollout] {message}", file=sys.stderr, flush=True)


def decisions(slug: str, players: int, count: int) -> list[Any]:
    """``count`` views with a choice: every third of seeded one-round heuristic matches."""
    import cardgames
    from cardgames.bots import heuristic_bot
    from cardgames.bots._search import distinct

    game = cardgames.get_game(slug)
    views: list[Any] = []
    seed = 0
    while len(views) < count:
        state = game.new(players, seed=seed, rules=game.Rules(**ONE_ROUND[slug]))
        bot = heuristic_bot(slug)
        rng = random.Random(seed)
        number = 0
        while not state.is_over and state.round == 1 and len(views) < count:
            view = state.view(state.to_move)
            if len(distinct(view.legal_actions)) > 1:
                if number % 3 == 0:
                    views.append(view)
                number += 1
            state = state.apply(bot.choose(view, rng))
        seed += 1
    return views


def breakdown(slug: str, views: list[Any], worlds: int) -> dict[str, float]:
    """µs per sampled world and per rollout step of each part."""
    import cardgames
    from cardgames import _hot
    from cardgames.bots import heuristic_bot
    from cardgames.bots._search import distinct

    game = cardgames.get_game(slug)
    policy = heuristic_bot(slug)
    clock = time.process_time
    spent = dict.fromkeys(PARTS, 0.0)
    steps = 0
    for number, view in enumerate(views):
        rng = random.Random(number)
        for _ in range(worlds):
            start = clock()
            world = game.sample_world(view, rng, informed=True)
            spent["sample"] += clock() - start
            world = world.apply(distinct(view.legal_actions)[0])
            scratch = _hot.scratch(world)
            play = random.Random(rng.getrandbits(64))
            first = world.round
            while not world.is_over and world.round == first:
                mover = world.to_move
                start = clock()
                seen = world.view(mover)
                spent["view"] += clock() - start
                start = clock()
                action = policy.choose(seen, play)
                spent["choose"] += clock() - start
                start = clock()
                world = world.apply(action)
                spent["apply"] += clock() - start
                start = clock()
                _hot.step(scratch, action)
                spent["step"] += clock() - start
                steps += 1
    figures = {"sample": 1e6 * spent["sample"] / (len(views) * worlds)}
    figures.update({part: 1e6 * spent[part] / steps for part in PARTS[1:]})
    return figures


class _Counter:
    """A bot that counts the decisions it makes with the bot it wraps."""

    def __init__(self, bot: Any) -> None:  # noqa: ANN401 - any bot
        """Wrap ``bot``."""
        self.bot = bot
        self.calls = 0

    def choose(self, view: Any, rng: random.Random) -> Any:  # noqa: ANN401 - any game's
        """The wrapped bot's choice, counted."""
        self.calls += 1
        return self.bot.choose(view, rng)


def measure(  # noqa: PLR0917 - the worker's options, positionally
    games: list[str], players: list[int], samples: int, count: int, worlds: int, steps: bool
) -> dict[str, Any]:
    """Each game and player count's ms per decision and its breakdown, in this build."""
    # The build under test, imported by the worker process only.
    import cardgames
    from cardgames import _build
    from cardgames.bots import heuristic_bot
    from cardgames.bots.rollout import RolloutBot

    build = _build.short()
    rows: list[dict[str, Any]] = []
    for slug in games:
        game = cardgames.get_game(slug)
        for count_players in players:
            if not game.min_players <= count_players <= game.max_players:
                continue
            views = decisions(slug, count_players, count)
            times = []
            bot = RolloutBot(samples)
            for number, view in enumerate(views):
                start = time.process_time()
                bot.choose(view, random.Random(number))
                times.append(1000 * (time.process_time() - start))
            row: dict[str, Any] = {
                "game": slug,
                "players": count_players,
                "samples": samples,
                "mean_ms": sum(times) / len(times),
                "max_ms": max(times),
            }
            if steps:
                # The same decisions again, untimed, their rollout policy counting its moves.
                counter = _Counter(heuristic_bot(slug))
                for number, view in enumerate(views):
                    RolloutBot(samples, policy=counter).choose(view, random.Random(number))
                row["steps"] = counter.calls / len(views)
            if worlds:
                row.update(breakdown(slug, views, worlds))
            rows.append(row)
            progress(f"{build}: {slug}, {count_players} players: {row['mean_ms']:.0f} ms")
    return {"build": build, "rows": rows}


def _counted(python: str, game: str, players: int, samples: int, count: int) -> int:
    """The instructions callgrind counts in a worker that times ``count`` decisions."""
    _printed, executed = under_callgrind(
        [
            python,
            __file__,
            *("--worker", "--no-steps", "--breakdown", "0", "--samples", str(samples)),
            *("--decisions", str(count), "--players", str(players), "--game", game),
        ]
    )
    return executed


def instructions(
    compiled_python: str, games: list[str], players: int, samples: int, counts: list[int]
) -> None:
    """Print the instructions per decision of each game and build: a figure free of the load.

    Each is the difference of two runs under callgrind, ``FEW`` and ``MANY`` decisions timed,
    divided by the difference of the decisions, so that start-up and imports cancel out (the
    views of the later decisions' matches are played in the larger run only: a few thousand
    heuristic moves, a small share).
    """
    few, many = counts
    print(f"Command: `python benchmarks/rollout.py --instructions {few} {many} ...`\n")
    print("| game | players | build | instructions per decision (millions) |")
    print("| --- | ---: | --- | ---: |")
    for build, python in (("pure", sys.executable), ("compiled", compiled_python)):
        if not Path(python).exists():
            continue
        for game in games:
            progress(f"{build}: {game} under callgrind")
            low, high = (_counted(python, game, players, samples, n) for n in (few, many))
            print(f"| {game} | {players} | {build} | {(high - low) / (many - few) / 1e6:,.0f} |")


def _shares(row: dict[str, Any], advance: str) -> str:
    """The estimated share of a decision's time of each part, moves made by ``advance``."""
    total = row["mean_ms"] * 1000
    steps = row["steps"]
    parts = {
        "sample": row["sample"] * row["samples"],
        "view": row["view"] * steps,
        "choose": row["choose"] * steps,
        advance: row[advance] * steps,
    }
    cells = "".join(f" {100 * value / total:.0f}% |" for value in parts.values())
    return f"{cells} {100 * (total - sum(parts.values())) / total:.0f}% |"


def main() -> None:
    """Measure each build, then print the Markdown tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled-python", default=".venv-compiled/bin/python")
    parser.add_argument("--samples", type=int, default=64, help="worlds per decision")
    parser.add_argument("--decisions", type=int, default=8, help="per game and player count")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4])
    parser.add_argument(
        "--breakdown", type=int, default=16, help="worlds per decision for the breakdown (0: none)"
    )
    parser.add_argument("--game", nargs="+", default=list(GAMES), choices=GAMES)
    parser.add_argument(
        "--moves",
        choices=("apply", "step"),
        default="step",
        help="how the bot's rollouts make their moves, for the shares (step since issue 28)",
    )
    parser.add_argument(
        "--instructions",
        type=int,
        nargs=2,
        metavar=("FEW", "MANY"),
        help="count instructions per decision under callgrind instead, from FEW and MANY decisions",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--no-steps", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    advance = args.moves
    if args.worker:
        figures = measure(
            args.game,
            args.players,
            args.samples,
            args.decisions,
            args.breakdown,
            steps=not args.no_steps,
        )
        print(json.dumps(figures))
        return
    if args.instructions:
        instructions(
            args.compiled_python, args.game, args.players[0], args.samples, args.instructions
        )
        return
    options = [
        "--samples",
        str(args.samples),
        "--decisions",
        str(args.decisions),
        "--breakdown",
        str(args.breakdown),
        "--players",
        *map(str, args.players),
        "--game",
        *args.game,
    ]
    builds = each_build("rollout.py", options, args.compiled_python, progress)
    print(command_line(f"python benchmarks/rollout.py {' '.join(options)} --moves {advance}"))
    print_rows(
        builds,
        [
            ("game", "game", ""),
            ("players", "players", "d"),
            ("build", "build", ""),
            ("ms per decision (mean)", "mean_ms", ",.0f"),
            ("max", "max_ms", ",.0f"),
            ("rollout steps", "steps", ",.0f"),
        ],
    )
    if not args.breakdown:
        return
    print(
        "\n| game | players | build | sample µs | view µs | choose µs | apply µs | step µs "
        f"| sample | view | choose | {advance} | rest |"
    )
    print("| --- | ---: | --- |" + " ---: |" * 10)
    for build, figures in builds.items():
        for row in figures["rows"]:
            cells = "".join(f" {row[part]:,.1f} |" for part in PARTS[1:])
            print(
                f"| {row['game']} | {row['players']} | {build} | {row['sample']:,.0f} |"
                f"{cells}{_shares(row, advance)}"
            )


if __name__ == "__main__":
    main()
