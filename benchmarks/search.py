"""Search speed: this library's ISMCTS beside OpenSpiel's C++ `MCTSBot`, in one run (`make bench`).

For each game and player count, seeded matches are played by uniformly random moves, and at
each decision with more than one distinct legal action (up to ``--decisions`` per
configuration, and no more once the configuration has spent ``--budget`` CPU seconds) an
``ISMCTSBot(iterations=N)`` with random simulations (the default: no playout bot) searches
from the mover's view; the rate is the iterations of every search divided by their CPU time.
Each configuration runs at both horizons (``--horizon`` picks one), each a row: ``match``
simulates to the end of the match, as the bot does by default; ``round`` stops the descent and
the simulation when the round the search started in ends (`ISMCTSBot(horizon="round")`).
OpenSpiel's three games are one deal each, so the round horizon is the like-for-like row: a
match of this library's games plays several rounds (Kitten tricks up to eight).
The pure build runs in this interpreter's process of its own, the compiled build in
``--compiled-python``'s. After each search a second one from the same view times the parts of
each iteration apart, per iteration: sampling the world (as `Game.sample_world` draws it), the
descent (select and expand), the simulation and the backpropagation (the breakdown columns;
reading the clock between them adds about a microsecond to their sum).

OpenSpiel's C++ `MCTSBot` (random rollouts, `RandomRolloutEvaluator(1)`, UCT constant 2, as in
OpenSpiel's examples) runs on `crazy_eights` (3 players), `hearts` and `go_fish` from the
decisions of random matches the same way, in this process: its rate is its simulations divided
by the CPU time of `step`. MCTS searches the true state, so it never samples a world: it does
less per simulation than an information-set search, which this table does not correct for.

Rates are per CPU second of the measuring process (``time.process_time``), which other jobs on a
shared machine disturb less than the wall clock. Less, not little: on a shared 2-core machine one
run's rates moved by up to half against the next one's, and a ratio compares rates measured
minutes apart. ``--repeat N`` makes N runs in turn (each its peers, then its builds; ``--build``
keeps one build) and gives each row the median of its ratios, each to its own run's
`crazy_eights`, with the lowest and highest. Every configuration searches at least once,
then stops at ``--decisions`` searches or ``--budget`` CPU seconds (random moves included),
whichever comes first, so a whole run is bounded by about (configurations + peers) x budget,
plus one search each. A configuration with no decision worth a search (Classic Mistigri: every
choice is a blind draw, all alike) has no row; before the budget, such a game never ended. Progress
(each configuration, its searches and seconds) goes to stderr, the Markdown table to stdout.

``--instructions`` counts instead the instructions of each part per iteration in the compiled
build (deterministic, where CPU time on a shared machine is not): the searches of
``--decisions`` decisions per configuration (``--budget`` does not apply) run under ``valgrind
--tool=callgrind`` (`_builds.under_callgrind`, ``PYTHONHASHSEED=0``) once per part, collecting
only inside that part's compiled function (callgrind's ``--toggle-collect``, which counts
everything the function calls, the rules and the interpreted engine included): sampling the
world (`_Worlds.draw`), the descent (`ISMCTSBot._descend`), the backpropagation
(`ISMCTSBot._backpropagate`) and, with ``--simulation``, the simulation
(`ISMCTSBot._simulate`, which also reads each seat's reward where it stopped), each divided by
the iterations, and the whole search (`ISMCTSBot.choose`, the tree's setup included). With the
peers (the default), each OpenSpiel peer's instructions per simulation come first: the process
that plays its decisions, counted whole with and without their searches, the difference over
the simulations; each row's last column is then `crazy_eights`' instructions per simulation
over ours per iteration, a ratio the machine's load does not move (what one instruction costs
differs, though: C++ runs more of them per cycle than an interpreter does). Callgrind runs some
50 times slower: use ``--decisions 3 --iterations 100`` or so, and ``--game``, ``--players``.

Usage: ``python benchmarks/search.py [--compiled-python PATH] [--iterations 200]
[--decisions 12] [--budget 4] [--game SLUG ...] [--players N ...] [--horizon match|round]
[--no-peer] [--repeat N] [--build pure|compiled] [--instructions [--simulation]]``; OpenSpiel
needs the ``openspiel`` extra.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from _builds import command_line, each_build, print_rows, under_callgrind

PEERS = (("crazy_eights", "crazy_eights(players=3)"), ("hearts", "hearts"), ("go_fish", "go_fish"))


def progress(message: str) -> None:
    """Say on stderr what is being measured."""
    print(f"[search] {message}", file=sys.stderr, flush=True)


def measure_games(  # noqa: PLR0917 - the command's options
    iterations: int,
    decisions: int,
    budget: float,
    slugs: list[str],
    horizons: list[str],
    counts: list[int] | None = None,
) -> dict[str, Any]:
    """ISMCTS iterations per CPU second, and each part's µs, per game, players and horizon."""
    # The build under test, imported by the worker process only.
    import cardgames
    from cardgames import _build
    from cardgames.bots import ISMCTSBot

    results: dict[str, Any] = {"build": _build.short(), "rows": []}
    for slug, game in cardgames.GAMES.items():
        if slugs and slug not in slugs:
            continue
        for players, horizon in [
            (players, horizon)
            for players in range(game.min_players, game.max_players + 1)
            if not counts or players in counts
            for horizon in horizons
        ]:
            bot = ISMCTSBot(iterations, horizon=horizon)
            searched = searches = sampled = 0
            search_time = 0.0
            times = [0.0] * len(PHASES)
            began = time.process_time()
            for view in decision_views(game, players, until=began + budget):
                if searches == decisions:
                    break
                rng = random.Random(searches)
                start = time.process_time()
                bot.choose(view, rng)
                search_time += time.process_time() - start
                searched += iterations
                searches += 1
                phases = _breakdown(bot, game, view, iterations, rng)
                for k, spent in enumerate(phases):
                    times[k] += spent
                sampled += iterations
            if not searches:  # Classic Mistigri: every choice is a blind draw, all alike
                progress(f"{results['build']}: {slug}, {players} players: nothing to search")
                continue
            results["rows"].append(
                {
                    "game": slug,
                    "players": players,
                    "horizon": horizon,
                    "rate": searched / search_time,
                    "iteration_us": 1e6 * search_time / searched,
                    **{f"{p}_us": 1e6 * t / sampled for p, t in zip(PHASES, times, strict=True)},
                }
            )
            progress(
                f"{results['build']}: {slug}, {players} players, {horizon} horizon: "
                f"{searches} searches, "
                f"{search_time + sum(times):.1f} CPU s"
            )
    return results


def decision_views(
    game: Any,  # noqa: ANN401 - a game of the build under test
    players: int,
    *,
    until: float = math.inf,
) -> Iterator[Any]:
    """The views worth a search in seeded random matches of ``game``, up to CPU time ``until``.

    Matches of seeds 0, 1, ... played at random (each seed's own ``random.Random``); a view is
    worth a search when it offers more than one distinct action (blind draws counted as one).
    The clock (`time.process_time`) is read at every move: a game with no such view (classic
    Mistigri) ends there, where the caller's count of searches never would.
    """
    seed = 0
    while time.process_time() < until:
        mover = random.Random(seed)
        state = game.new(players, seed=seed)
        while not state.is_over and time.process_time() < until:
            view = state.view(state.to_move)
            legal = view.legal_actions
            if len({type(a) if type(a).interchangeable else a for a in legal}) > 1:
                yield view
            state = state.apply(legal[mover.randrange(len(legal))])
        seed += 1


PHASES = ("sample", "descent", "simulation", "backprop")
"""The parts of an iteration timed apart, in order: `_breakdown`'s columns."""


def _breakdown(
    bot: Any,  # noqa: ANN401 - an ISMCTSBot of the build under test
    game: Any,  # noqa: ANN401
    view: Any,  # noqa: ANN401
    iterations: int,
    rng: random.Random,
) -> list[float]:
    """The CPU seconds of each part (`PHASES`) of ``iterations`` iterations of a search.

    A second search from ``view``, iteration by iteration as `ISMCTSBot.choose` runs it, with
    the bot's own methods, the clock read between the parts (which adds its own cost, about a
    microsecond per iteration, to the sum).
    """
    from cardgames.bots.ismcts import _Tree, _Worlds

    tree = _Tree(view.seat, game._action_types)  # noqa: SLF001 - as ISMCTSBot.choose builds it
    worlds = _Worlds(game, view, bare=bot.playout is None)
    spent = [0.0] * len(PHASES)
    clock = time.process_time
    last_round = view.round if bot.horizon == "round" else -1
    for _ in range(iterations):
        t0 = clock()
        world = worlds.draw(rng)
        t1 = clock()
        path = bot._descend(world, tree, rng, None, last_round)  # noqa: SLF001 - timed apart
        t2 = clock()
        rewards = bot._simulate(world, rng, None, last_round, better=game.better_scores)  # noqa: SLF001
        t3 = clock()
        bot._backpropagate(path, rewards)  # noqa: SLF001
        t4 = clock()
        spent[0] += t1 - t0
        spent[1] += t2 - t1
        spent[2] += t3 - t2
        spent[3] += t4 - t3
    return spent


PARTS = {
    "sampling": "CPyDef_ismcts____Worlds___draw",
    "descent": "CPyDef_ismcts___ISMCTSBot____descend",
    "simulation": "CPyDef_ismcts___ISMCTSBot____simulate",
    "backprop": "CPyDef_ismcts___ISMCTSBot____backpropagate",
    "search": "CPyDef_ismcts___ISMCTSBot___choose",
}
"""Each part of an iteration counted apart, by its function in the compiled build's C.

``search`` is the whole of `ISMCTSBot.choose`: the parts, the tree's own setup and the loop.
"""


def search_decisions(slug: str, players: int, horizon: str, iterations: int, decisions: int) -> int:
    """Search ``decisions`` decisions of seeded random matches, as `measure_games` does: iterations.

    The run that callgrind counts (``--count``), with no clock read.
    """
    import cardgames
    from cardgames.bots import ISMCTSBot

    game = cardgames.GAMES[slug]
    bot = ISMCTSBot(iterations, horizon=horizon)
    searches = 0
    for view in decision_views(game, players):
        if searches == decisions:
            break
        bot.choose(view, random.Random(searches))
        searches += 1
    return searches * iterations


def count_parts(args: argparse.Namespace) -> None:
    """Print, per configuration, the compiled build's instructions per iteration of each part.

    And the whole search's (`ISMCTSBot.choose`) per iteration; with the peers (``--peer``, the
    default), each OpenSpiel peer's instructions per simulation first, and each configuration's
    speed ratio to `crazy_eights` in instructions: its instructions per simulation over ours
    per iteration. Unlike CPU time, the counts do not depend on the machine's load; what an
    instruction costs does differ between the two (C++ runs more of them per cycle).
    """
    import cardgames

    python = args.compiled_python
    parts = [p for p in PARTS if args.simulation or p != "simulation"]
    horizon = (args.horizon or ["round"])[0]
    print(
        command_line(
            f"python benchmarks/search.py --instructions --iterations {args.iterations} "
            f"--decisions {args.decisions} --horizon {horizon}"
            f"{' --simulation' if args.simulation else ''}"
        )
    )
    peers = count_peers(args) if args.peer else {}
    if peers:
        print("| OpenSpiel C++ `MCTSBot` | instructions / simulation |")
        print("| --- | ---: |")
        for name, counted in peers.items():
            print(f"| `{name}` | {counted:,.0f} |")
        print()
    eights = peers.get("crazy_eights")
    ratio = " `crazy_eights` / search |" if eights else ""
    print("| game | players | " + " | ".join(f"{p} instructions" for p in parts) + " |" + ratio)
    print("| --- | ---: |" + " ---: |" * (len(parts) + bool(eights)))
    script = str(Path(__file__).resolve())
    for slug, game in cardgames.GAMES.items():
        if (args.game and slug not in args.game) or slug == "classic-mistigri":
            continue  # classic Mistigri has no decision worth a search
        for players in range(game.min_players, game.max_players + 1):
            if args.players and players not in args.players:
                continue
            figures = []
            for part in parts:
                progress(f"{slug}, {players} players: {part}")
                # Valgrind reads its own options up to the program: these go before it.
                counting = [f"--toggle-collect={PARTS[part]}", "--collect-atstart=no"]
                arguments = [slug, str(players), horizon, str(args.iterations)]
                out, collected = under_callgrind(
                    [*counting, python, script, "--count", *arguments, str(args.decisions)],
                    keep_path=False,
                )
                figures.append(collected / int(out.split()[-1]))
            line = f"| {slug} | {players} | " + " | ".join(f"{f:,.0f}" for f in figures) + " |"
            if eights:
                line += f" {eights / figures[-1]:.2f} |"
            print(line)


def measure_peer(
    name: str, spec: str, iterations: int, decisions: int, budget: float
) -> float | None:
    """OpenSpiel's C++ MCTSBot simulations per CPU second on ``spec``, or None without it."""
    if not _has_openspiel():
        return None
    simulations = searches = 0
    seconds = 0.0
    for bot, state in peer_decisions(spec, iterations):
        if searches == decisions or seconds >= budget:
            break
        start = time.process_time()
        bot.step(state)
        seconds += time.process_time() - start
        simulations += iterations
        searches += 1
    progress(f"OpenSpiel {name}: {searches} searches, {seconds:.1f} CPU s")
    return simulations / seconds


def _has_openspiel() -> bool:
    """Whether OpenSpiel (the ``openspiel`` extra) is installed; says so on stderr if not."""
    try:
        import pyspiel  # noqa: F401 - the openspiel extra, optional
    except ImportError:
        progress("OpenSpiel is not installed (pip install -e '.[openspiel]'): no peer")
        return False
    return True


def peer_decisions(spec: str, iterations: int) -> Iterator[tuple[Any, Any]]:
    """OpenSpiel's ``MCTSBot`` and the state of each decision of random matches of ``spec``.

    Each decision with more than one legal action gets a bot of its own (random rollouts,
    `RandomRolloutEvaluator(1)`, UCT constant 2, as in OpenSpiel's examples), seeded by its
    match; the matches go on by uniformly random moves (chance by its odds), from seed 0.
    """
    import pyspiel

    game = pyspiel.load_game(spec)
    picker = random.Random(0)
    seed = 0
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(picker.choices(outcomes, weights)[0])
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
                bot = pyspiel.MCTSBot(
                    game,
                    evaluator,
                    uct_c=2.0,
                    max_simulations=iterations,
                    max_memory_mb=1000,
                    solve=False,
                    seed=seed,
                    verbose=False,
                )
                yield bot, state
            state.apply_action(picker.choice(legal))
        seed += 1


def peer_searches(spec: str, iterations: int, decisions: int, *, search: bool) -> int:
    """Play the first ``decisions`` decisions of `peer_decisions`, searching each if ``search``.

    The run callgrind counts for ``--instructions``'s peers (``--count-peer``): the same run
    without the searches, subtracted, leaves the searches' own instructions. The simulations.
    """
    searches = 0
    for bot, state in peer_decisions(spec, iterations):
        if searches == decisions:
            break
        if search:
            bot.step(state)
        searches += 1
    return searches * iterations


def count_peers(args: argparse.Namespace) -> dict[str, float]:
    """Each OpenSpiel peer's instructions per simulation, under callgrind (empty without it).

    The whole process of `peer_searches` is counted with the searches and without them, on the
    same decisions; the difference over the simulations is what one simulation costs.
    """
    if not _has_openspiel():
        return {}
    script = str(Path(__file__).resolve())
    counted: dict[str, float] = {}
    for name, spec in PEERS:
        progress(f"OpenSpiel {name}: instructions")
        collected = []
        for search in ("0", "1"):
            arguments = [spec, str(args.iterations), str(args.decisions), search]
            command = [sys.executable, script, "--count-peer", *arguments]
            out, instructions = under_callgrind(command)
            collected.append(instructions)
            simulations = int(out.split()[-1])
        counted[name] = (collected[1] - collected[0]) / simulations
    return counted


def _parser() -> argparse.ArgumentParser:
    """The command's options."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled-python", default=".venv-compiled/bin/python")
    parser.add_argument("--iterations", type=int, default=200, help="per search")
    parser.add_argument("--decisions", type=int, default=12, help="searches per configuration")
    parser.add_argument(
        "--budget", type=float, default=4.0, help="CPU seconds per configuration, at most"
    )
    parser.add_argument("--game", action="append", help="a slug (default: every game)")
    parser.add_argument(
        "--horizon",
        action="append",
        choices=("match", "round"),
        help="where simulations stop (default: both, each a row)",
    )
    parser.add_argument(
        "--players", type=int, action="append", help="a player count (default: all)"
    )
    parser.add_argument("--peer", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument(
        "--build",
        action="append",
        choices=("pure", "compiled"),
        help="a build to measure (default: both)",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="runs in turn, each its peers then its builds: medians and ranges of the ratios",
    )
    parser.add_argument(
        "--instructions", action="store_true", help="count each part's instructions (compiled)"
    )
    parser.add_argument(
        "--simulation", action="store_true", help="with --instructions: the simulation too"
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--count", nargs=5, help=argparse.SUPPRESS)
    parser.add_argument("--count-peer", nargs=4, help=argparse.SUPPRESS)
    return parser


def main() -> None:
    """Measure, then print the Markdown table."""
    parser = _parser()
    args = parser.parse_args()
    if args.count:
        slug, players, horizon, iterations, decisions = args.count
        print(search_decisions(slug, int(players), horizon, int(iterations), int(decisions)))
        return
    if args.count_peer:
        spec, iterations, decisions, search = args.count_peer
        print(peer_searches(spec, int(iterations), int(decisions), search=search == "1"))
        return
    if args.instructions:
        if not Path(args.compiled_python).exists():
            parser.error(f"no compiled build at {args.compiled_python} (make compiled)")
        count_parts(args)
        return
    if args.worker:
        print(
            json.dumps(
                measure_games(
                    args.iterations,
                    args.decisions,
                    args.budget,
                    args.game or [],
                    args.horizon or ["match", "round"],
                    args.players or [],
                )
            )
        )
        return
    runs = [_run(args, run) for run in range(args.repeat)]
    if args.repeat == 1:
        print_tables(args, *runs[0])
    else:
        print_repeated(args, runs)


def _run(args: argparse.Namespace, run: int) -> tuple[dict[str, float], dict[str, dict[str, Any]]]:
    """One run: the peers' rates by name, then each build's figures."""
    if args.repeat > 1:
        progress(f"run {run + 1} of {args.repeat}")
    peers: dict[str, float] = {}
    if args.peer:
        for name, spec in PEERS:
            progress(f"OpenSpiel {name}")
            rate = measure_peer(name, spec, args.iterations, args.decisions, args.budget)
            if rate is not None:
                peers[name] = rate
    options = _worker_options(args)
    builds = each_build("search.py", options, args.compiled_python, progress, args.build or ())
    return peers, builds


def _worker_options(args: argparse.Namespace) -> list[str]:
    """The options each build's worker is run with: the measurement's own."""
    options = ["--iterations", str(args.iterations), "--decisions", str(args.decisions)]
    options += ["--budget", str(args.budget)]
    for slug in args.game or ():
        options += ["--game", slug]
    for horizon in args.horizon or ():
        options += ["--horizon", horizon]
    for players in args.players or ():
        options += ["--players", str(players)]
    return options


def _timed_command(args: argparse.Namespace) -> str:
    """The line a timed run's tables start with: the command and its options, the machine."""
    return command_line(
        f"python benchmarks/search.py --iterations {args.iterations} "
        f"--decisions {args.decisions} --budget {args.budget:g}"
        f"{f' --repeat {args.repeat}' if args.repeat > 1 else ''}"
        f"{''.join(f' --horizon {h}' for h in args.horizon or ())}"
        f"{''.join(f' --build {b}' for b in args.build or ())}"
    )


def print_tables(
    args: argparse.Namespace, peers: dict[str, float], builds: dict[str, dict[str, Any]]
) -> None:
    """The peers' table, the games' rates with their ratio to `crazy_eights`, then the parts."""
    print(_timed_command(args))
    eights = peers.get("crazy_eights")
    if peers:
        print("| OpenSpiel C++ `MCTSBot` | simulations / CPU s |")
        print("| --- | ---: |")
        for name, rate in peers.items():
            print(f"| `{name}` | {rate:,.0f} |")
        print()
    _print_rates(builds, eights)
    print()
    _print_parts(builds)


def _print_rates(builds: dict[str, dict[str, Any]], eights: float | None) -> None:
    """One row per game, player count and horizon, each build's rate side by side."""
    keys: list[tuple[str, int, str]] = []
    rates: dict[tuple[str, int, str], dict[str, float]] = {}
    for build, result in builds.items():
        for row in result["rows"]:
            key = (row["game"], row["players"], row["horizon"])
            if key not in rates:
                keys.append(key)
                rates[key] = {}
            rates[key][build] = row["rate"]
    names = list(builds)
    header = "| game | players | horizon |" + "".join(f" {b}: iterations / CPU s |" for b in names)
    rule = "| --- | ---: | --- |" + " ---: |" * len(names)
    if eights is not None:
        header += "".join(f" {b} / `crazy_eights` |" for b in names)
        rule += " ---: |" * len(names)
    print(header)
    print(rule)
    for key in keys:
        line = f"| {key[0]} | {key[1]} | {key[2]} |"
        line += "".join(f" {rates[key][b]:,.0f} |" if b in rates[key] else " - |" for b in names)
        if eights is not None:
            line += "".join(
                f" {rates[key][b] / eights:.2f} |" if b in rates[key] else " - |" for b in names
            )
        print(line)


def print_repeated(
    args: argparse.Namespace, runs: list[tuple[dict[str, float], dict[str, dict[str, Any]]]]
) -> None:
    """Each row's median rate over the runs, and its ratio to the `crazy_eights` of its own run.

    Every run measures the peers, then the builds, one after the other: a ratio compares two
    rates measured minutes apart, where a machine shared with other work can change speed by
    half between runs. The median of the runs' ratios and their range say how far one run
    can be trusted.
    """
    print(_timed_command(args))
    names = [name for name, _ in PEERS if all(name in peers for peers, _ in runs)]
    if names:
        print("| OpenSpiel C++ `MCTSBot` | simulations / CPU s, median | each run |")
        print("| --- | ---: | --- |")
        for name in names:
            measured = [peers[name] for peers, _ in runs]
            each = ", ".join(f"{rate:,.0f}" for rate in measured)
            print(f"| `{name}` | {statistics.median(measured):,.0f} | {each} |")
        print()
    ratios: dict[tuple[str, int, str, str], list[float]] = {}
    rates: dict[tuple[str, int, str, str], list[float]] = {}
    for peers, builds in runs:
        eights = peers.get("crazy_eights")
        for build, result in builds.items():
            for row in result["rows"]:
                key = (row["game"], row["players"], row["horizon"], build)
                rates.setdefault(key, []).append(row["rate"])
                if eights is not None:
                    ratios.setdefault(key, []).append(row["rate"] / eights)
    print(
        "| game | players | horizon | build | iterations / CPU s, median "
        "| / `crazy_eights`, median | lowest-highest run |"
    )
    print("| --- | ---: | --- | --- | ---: | ---: | --- |")
    for key, found in rates.items():
        line = f"| {key[0]} | {key[1]} | {key[2]} | {key[3]} | {statistics.median(found):,.0f} |"
        shown = ratios.get(key)
        if shown:
            line += f" {statistics.median(shown):.2f} | {min(shown):.2f}-{max(shown):.2f} |"
        else:
            line += " - | - |"
        print(line)


def _print_parts(builds: dict[str, dict[str, Any]]) -> None:
    """Where an iteration's time goes: one row per game, player count, horizon and build."""
    print_rows(
        builds,
        [
            ("game", "game", ""),
            ("players", "players", "d"),
            ("horizon", "horizon", ""),
            ("build", "build", ""),
            ("µs / iteration", "iteration_us", ",.0f"),
            ("sampling µs", "sample_us", ",.1f"),
            ("descent µs", "descent_us", ",.1f"),
            ("simulation µs", "simulation_us", ",.1f"),
            ("backprop µs", "backprop_us", ",.1f"),
        ],
    )


if __name__ == "__main__":
    main()
