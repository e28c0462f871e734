"""World sampling's cost per call (`Game.sample_world`), per game and player count, both builds.

A search draws one world per iteration from one view (ISMCTS), or one per world of its budget
(the rollout bot, `hard`); the first world from a view also reads the view's events, which
the samplers do once per view. For each game and player count, seeded matches are played by
uniformly random moves and the mover's view is taken at each decision, up to ``--views``
views; from each, ``--worlds`` worlds are drawn in a row with one seeded ``random.Random`` (as
one search does). The figures are CPU µs per world over all of them (``time.process_time``),
the best of ``--repeat`` runs (the machine is shared: the best run is the least disturbed),
and, apart, the mean cost of a view's first world. ``--informed`` adds Crazy Animals' informed
worlds (``informed=True``), with ``--worlds`` / 20 worlds per view (each costs far more).

The pure build runs in this interpreter's process of its own, the compiled build in
``--compiled-python``'s (`make compiled`).

``--instructions`` counts instructions instead (deterministic, where CPU time on a shared
machine is not): each build draws ``--worlds`` and then 5 x ``--worlds`` worlds from each
view under ``valgrind --tool=callgrind`` (``PYTHONHASHSEED=0``), and the figure is the
difference of the two counts divided by the difference of the worlds, so that the start-up,
the matches that make the views and each view's first reading cancel out: the cost of a world
drawn from a view already read. Use ``--views 10 --worlds 20`` or so: callgrind is slow.

Usage: ``python benchmarks/sampling.py [--compiled-python PATH] [--views 40] [--worlds 200]
[--repeat 3] [--game SLUG ...] [--players N ...] [--informed] [--instructions]``. Progress
goes to stderr, the Markdown table to stdout.
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


def progress(message: str) -> None:
    """Say on stderr what is being measured."""
    print(f"[sampling] {message}", file=sys.stderr, flush=True)


def _views(game: Any, players: int, count: int) -> list[Any]:  # noqa: ANN401 - a Game
    """The mover's view at each decision of seeded random matches, ``count`` of them."""
    views: list[Any] = []
    seed = 0
    while len(views) < count:
        mover = random.Random(seed)
        state = game.new(players, seed=seed)
        while not state.is_over and len(views) < count:
            views.append(state.view(state.to_move))
            legal = state.legal_actions()
            state = state.apply(legal[mover.randrange(len(legal))])
        seed += 1
    return views


def _timed(game: Any, views: list[Any], worlds: int, *, informed: bool) -> tuple[float, float]:  # noqa: ANN401
    """CPU seconds for every world from ``views``, and for the first world of each view."""
    clock = time.process_time
    total = first = 0.0
    for number, view in enumerate(views):
        fresh = game.view_from_dict(view.to_dict())  # an equal view no sampler has read yet
        rng = random.Random(number)
        start = clock()
        game.sample_world(fresh, rng, informed=informed)
        began = clock()
        for _ in range(worlds - 1):
            game.sample_world(fresh, rng, informed=informed)
        end = clock()
        first += began - start
        total += end - start
    return total, first


def measure(  # noqa: PLR0917 - the command's options
    views: int, worlds: int, repeat: int, slugs: list[str], counts: list[int], informed: bool
) -> dict[str, Any]:
    """µs per world (the best of ``repeat`` runs) and per first world, per game and players."""
    # The build under test, imported by the worker process only.
    import cardgames
    from cardgames import _build

    results: dict[str, Any] = {"build": _build.short(), "rows": []}
    configurations = [
        (slug, players, False)
        for slug, game in cardgames.GAMES.items()
        if not slugs or slug in slugs
        for players in range(game.min_players, game.max_players + 1)
        if not counts or players in counts
    ]
    if informed:
        configurations.append(("crazy-animals", 3, True))
    for slug, players, informed_ in configurations:
        game = cardgames.GAMES[slug]
        taken = _views(game, players, views)
        per_view = max(1, worlds // 20) if informed_ else worlds
        runs = [_timed(game, taken, per_view, informed=informed_) for _ in range(repeat)]
        total, first = min(runs)
        results["rows"].append(
            {
                "game": slug + (" (informed)" if informed_ else ""),
                "players": players,
                "world_us": 1e6 * total / (len(taken) * per_view),
                "first_us": 1e6 * first / len(taken),
            }
        )
        progress(f"{results['build']}: {slug}, {players} players, {total:.2f} CPU s")
    return results


def count(slug: str, players: int, views: int, worlds: int) -> None:
    """Draw ``worlds`` worlds from each of ``views`` views (the run callgrind counts)."""
    import cardgames

    game = cardgames.GAMES[slug]
    for number, view in enumerate(_views(game, players, views)):
        rng = random.Random(number)
        for _ in range(worlds):
            game.sample_world(view, rng)


def instructions(python: str, slug: str, players: int, views: int, worlds: int) -> float:
    """Instructions per world drawn from a view already read, by ``python``'s build."""
    counts = []
    for drawn in (worlds, 5 * worlds):
        script = str(Path(__file__).resolve())
        arguments = ["--count", slug, str(players), str(views), str(drawn)]
        counts.append(under_callgrind([python, script, *arguments])[1])
    return (counts[1] - counts[0]) / (views * 4 * worlds)


def print_instructions(args: argparse.Namespace) -> None:
    """The instructions per world of each build, as a Markdown table."""
    import cardgames

    builds = {"pure": sys.executable, "compiled": args.compiled_python}
    if not Path(args.compiled_python).exists():
        progress(f"no compiled build at {args.compiled_python} (make compiled): pure build only")
        del builds["compiled"]
    print(
        f"Command: `python benchmarks/sampling.py --instructions --views {args.views} "
        f"--worlds {args.worlds}`\n"
    )
    print("| game | players | " + " | ".join(f"{b} instructions / world" for b in builds) + " |")
    print("| --- | ---: |" + " ---: |" * len(builds))
    for slug, game in cardgames.GAMES.items():
        if args.game and slug not in args.game:
            continue
        for players in range(game.min_players, game.max_players + 1):
            if args.players and players not in args.players:
                continue
            figures = []
            for build, python in builds.items():
                progress(f"{slug}, {players} players, the {build} build")
                figures.append(instructions(python, slug, players, args.views, args.worlds))
            print(f"| {slug} | {players} | " + " | ".join(f"{f:,.0f}" for f in figures) + " |")


def main() -> None:
    """Measure each build, then print the Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled-python", default=".venv-compiled/bin/python")
    parser.add_argument("--views", type=int, default=40, help="views per configuration")
    parser.add_argument("--worlds", type=int, default=200, help="worlds drawn from each view")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is kept")
    parser.add_argument("--game", action="append", help="a slug (default: every game)")
    parser.add_argument(
        "--players", type=int, action="append", help="a player count (default: all)"
    )
    parser.add_argument("--informed", action="store_true", help="add informed worlds")
    parser.add_argument("--instructions", action="store_true", help="count instructions")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--count", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.count:
        slug, players, views, worlds = args.count
        count(slug, int(players), int(views), int(worlds))
        return
    if args.instructions:
        print_instructions(args)
        return
    if args.worker:
        figures = measure(
            args.views, args.worlds, args.repeat, args.game or [], args.players or [], args.informed
        )
        print(json.dumps(figures))
        return
    options = ["--views", str(args.views), "--worlds", str(args.worlds)]
    options += ["--repeat", str(args.repeat)]
    for slug in args.game or ():
        options += ["--game", slug]
    for players in args.players or ():
        options += ["--players", str(players)]
    if args.informed:
        options.append("--informed")
    builds = each_build("sampling.py", options, args.compiled_python, progress)
    print(
        command_line(
            f"python benchmarks/sampling.py --views {args.views} --worlds {args.worlds} "
            f"--repeat {args.repeat}{' --informed' if args.informed else ''}"
        )
    )
    print_rows(
        builds,
        [
            ("game", "game", ""),
            ("players", "players", "d"),
            ("build", "build", ""),
            ("µs / world", "world_us", ",.1f"),
            ("µs / first world of a view", "first_us", ",.0f"),
        ],
    )


if __name__ == "__main__":
    main()
