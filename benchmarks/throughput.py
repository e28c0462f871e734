"""Random-play throughput of every registered game, through the public API.

For each game and player count, random matches are played with ``legal_actions()`` and
``apply()`` (the loop a simulation or an RL rollout runs) and the script prints matches per
second, actions per second and the peak memory of one match whose every state is kept (as a
search tree would). Figures are best-of-``--repeat`` runs, to damp noise from other processes.

It then measures saved matches (``--json-actions`` sets the length of the long match): how fast
``from_json`` loads them (actions replayed per second, for each game's random matches and for
a long Crazy Animals match in which nobody knocks), how many characters an action takes, and
how long ``from_json`` takes per MB to reject untrusted documents: malformed JSON, nesting too
deep, a document over the length limit, and the worst case, a long history whose last action is
illegal (every action before it is replayed). Progress goes to stderr, one line per step.

The peers of ``benchmarks/baselines.py`` are measured in the same process and the same run,
driven the same way (random legal action, one step): RLCard's ``uno`` and OpenSpiel's C++
``crazy_eights``, ``hearts`` and ``go_fish`` (``pip install -e '.[bench]'``). Each game is
reported as a ratio to ``uno`` and to ``crazy_eights`` per action. Timings are never asserted
by tests: speed is measured here.

Usage: ``python benchmarks/throughput.py [--game SLUG ...] [--seconds 2] [--repeat 3]
[--json-actions 200000] [--json]``
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
import tracemalloc
from typing import Any

import baselines

import cardgames
from cardgames.engine import MAX_JSON_LENGTH, Game, State
from cardgames.errors import InvalidStateError

MB = 1_000_000


def progress(message: str) -> None:
    """Say on stderr what is being measured (long runs show where they are)."""
    print(f"[throughput] {message}", file=sys.stderr, flush=True)


def play_for(game: Game[Any], players: int, seconds: float) -> tuple[int, int, float]:
    """Play random matches for about ``seconds``; return (matches, actions, elapsed)."""
    matches, actions, elapsed, _ = play_timed(game, players, seconds)
    return matches, actions, elapsed


def play_timed(
    game: Game[Any], players: int, seconds: float, *, first_seed: int = 0
) -> tuple[int, int, float, float]:
    """Play random matches for about ``seconds`` of CPU time, seeded from ``first_seed`` on.

    Returns (matches, actions, wall seconds, CPU seconds of this process): on a shared machine
    the CPU time is the steadier measure.
    """
    rng = random.Random(players + first_seed)
    matches = actions = 0
    seed = first_seed
    start, cpu_start = time.perf_counter(), time.process_time()
    deadline = cpu_start + seconds
    while time.process_time() < deadline:
        state = game.new(players, seed=seed)
        seed += 1
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            actions += 1
        matches += 1
    return matches, actions, time.perf_counter() - start, time.process_time() - cpu_start


def peak_memory(game: Game[Any], players: int) -> tuple[float, int]:
    """Peak traced memory (KiB) of one match whose every state is kept alive, and its states."""
    rng = random.Random(0)
    tracemalloc.start()
    state = game.new(players, seed=1)
    kept = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        kept.append(state)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1024, len(kept)


def peak_memory_kib(game: Game[Any], players: int) -> float:
    """Peak traced memory of one match whose every state is kept alive."""
    return peak_memory(game, players)[0]


def games_only(configs: list[tuple[Game[Any], int]], seconds: float) -> list[dict[str, Any]]:
    """One timed run of each configuration, with its peak memory per state kept (for builds.py)."""
    rows = []
    for game, players in configs:
        progress(f"{game.slug}, {players} players")
        matches, actions, wall, cpu = play_timed(game, players, seconds)
        kib, states = peak_memory(game, players)
        rows.append(
            {
                "game": game.slug,
                "players": players,
                "matches": matches,
                "actions": actions,
                "wall_s": wall,
                "cpu_s": cpu,
                "peak_bytes_per_state": kib * 1024 / states,
            }
        )
    return rows


def rlcard_uno_run(seconds: float) -> tuple[int, int, float] | None:
    """RLCard's uno as its docs drive it: ``env.run`` with ``RandomAgent`` players."""
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    matches = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        trajectories, _ = env.run(is_training=False)
        # Each trajectory alternates states and actions and ends with a state.
        actions += sum((len(t) - 1) // 2 for t in trajectories)
        matches += 1
    return matches, actions, time.perf_counter() - start


def load_speed(game: Game[Any], seconds: float) -> dict[str, float]:
    """Load saves of random matches for about ``seconds``: actions replayed per second."""
    rng = random.Random(7)
    texts = []
    for seed in range(20):
        state = game.new(game.max_players, seed=seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        texts.append((state.to_json(), len(state.history)))
    actions = chars = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for text, count in texts:
            game.from_json(text)
            actions += count
            chars += len(text)
    elapsed = time.perf_counter() - start
    return {"actions_per_s": actions / elapsed, "chars_per_action": chars / actions}


def never_knocking(actions: int) -> State[Any]:
    """A 3-player Crazy Animals match of ``actions`` random actions in which nobody knocks."""
    game = cardgames.get_game("crazy-animals")
    rng = random.Random(1)
    state: State[Any] = game.new(3, seed=1)
    for _ in range(actions):
        state = state.apply(rng.choice([a for a in state.legal_actions() if a.kind != "knock"]))
    return state


def json_figures(actions: int) -> dict[str, Any]:
    """Load speed per game, then the long match: its size, load speed and rejections."""
    out: dict[str, Any] = {"load": {}}
    for game in cardgames.GAMES.values():
        progress(f"json: loading saved {game.slug} matches")
        out["load"][game.slug] = load_speed(game, 1.0)
    game = cardgames.get_game("crazy-animals")
    progress(f"json: playing a {actions:,}-action Crazy Animals match in which nobody knocks")
    state = never_knocking(actions)
    text = state.to_json()
    progress(f"json: loading it ({len(text) / MB:.1f} MB)")
    gc.collect()
    start = time.perf_counter()
    game.from_json(text, max_length=None)
    elapsed = time.perf_counter() - start
    out["long_match"] = {
        "actions": actions,
        "mb": len(text) / MB,
        "chars_per_action": len(text) / actions,
        "load_actions_per_s": actions / elapsed,
        "actions_under_default_limit": int(MAX_JSON_LENGTH / (len(text) / actions)),
    }
    doc = json.loads(text)
    illegal = doc["history"][-1]
    doc["history"][-1] = [illegal[0], *([99] * (len(illegal) - 1))] if len(illegal) > 1 else [99]
    bad = {
        "malformed JSON (cut short)": text[: len(text) - 1],
        "nested too deeply": "[" * (len(text) // 2) + "]" * (len(text) // 2),
        "over the length limit": " " * (MAX_JSON_LENGTH + 1),
        "last action illegal (full replay)": json.dumps(doc, separators=(",", ":")),
    }
    out["reject_seconds_per_mb"] = {}
    for name, document in bad.items():
        progress(f"json: rejecting a document: {name}")
        limited = name == "over the length limit"
        gc.collect()  # do not time the collection of the previous step's garbage
        start = time.perf_counter()
        try:
            game.from_json(document, max_length=MAX_JSON_LENGTH if limited else None)
        except InvalidStateError:
            seconds = time.perf_counter() - start
        else:
            msg = f"{name}: the document was accepted"
            raise AssertionError(msg)
        out["reject_seconds_per_mb"][name] = seconds / (len(document) / MB)
    return out


def best(runs: list[tuple[int, int, float]]) -> tuple[float, float]:
    """The best (matches/s, actions/s) among runs."""
    return max((m / t, a / t) for m, a, t in runs)


def main() -> None:
    """Measure and print the table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per configuration")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument(
        "--json-actions",
        type=int,
        default=200_000,
        help="actions of the long Crazy Animals match saved, loaded and rejected",
    )
    parser.add_argument(
        "--game",
        action="append",
        choices=list(cardgames.GAMES),
        help="measure only this game (repeatable; default: every game)",
    )
    parser.add_argument(
        "--games-only",
        action="store_true",
        help="one CPU-timed run per game and player count, printed as JSON (benchmarks/builds.py)",
    )
    args = parser.parse_args()
    games = [cardgames.get_game(slug) for slug in args.game or cardgames.GAMES]

    configs = [
        (game, players)
        for game in games
        for players in range(game.min_players, game.max_players + 1)
    ]
    if args.games_only:
        from cardgames import _build

        rows = games_only(configs, args.seconds)
        print(json.dumps({"build": _build.describe(), "rows": rows}))
        return
    runs: dict[str, list[tuple[int, int, float]]] = {}
    # Interleave the repeats so that a slow spell of the machine hits every configuration.
    for repeat in range(args.repeat):
        for name, measure in baselines.BASELINES.items():
            progress(f"run {repeat + 1}/{args.repeat}: baseline {name} (if installed)")
            baseline = measure(args.seconds)
            if baseline is not None:
                runs.setdefault(name, []).append(baseline)
        baseline = rlcard_uno_run(args.seconds)
        if baseline is not None:
            runs.setdefault("rlcard-uno-run", []).append(baseline)
        for game, players in configs:
            progress(f"run {repeat + 1}/{args.repeat}: {game.slug}, {players} players")
            runs.setdefault(f"{game.slug}/{players}", []).append(
                play_for(game, players, args.seconds)
            )

    peers = {name: best(runs[name])[1] for name in baselines.BASELINES if name in runs}
    uno = peers.get("rlcard-uno")
    eights = peers.get("openspiel-crazy_eights")
    uno_run = best(runs["rlcard-uno-run"])[1] if "rlcard-uno-run" in runs else None
    rows = []
    for game, players in configs:
        progress(f"peak memory: {game.slug}, {players} players")
        matches_s, actions_s = best(runs[f"{game.slug}/{players}"])
        rows.append(
            {
                "game": game.slug,
                "players": players,
                "matches_per_s": round(matches_s, 1),
                "actions_per_s": round(actions_s),
                "peak_kib_all_states_kept": round(peak_memory_kib(game, players), 1),
                "ratio_to_rlcard_uno": None if uno is None else round(actions_s / uno, 2),
                "ratio_to_openspiel_crazy_eights": (
                    None if eights is None else round(actions_s / eights, 2)
                ),
            }
        )
    saves = json_figures(args.json_actions)
    if args.json:
        peer_figures: dict[str, int | None] = {
            f"{name}_actions_per_s": round(value) for name, value in peers.items()
        }
        peer_figures["rlcard-uno-run_actions_per_s"] = None if uno_run is None else round(uno_run)
        print(json.dumps({"baselines": peer_figures, "results": rows, "json": saves}, indent=2))
        return
    print_table(peers, uno_run, rows)
    print_json_figures(saves)


def print_table(peers: dict[str, float], uno_run: float | None, rows: list[dict[str, Any]]) -> None:
    """Print the peers' figures, then one row per game and player count with its ratios."""
    for name in baselines.BASELINES:
        if name in peers:
            print(f"baseline {name}: {peers[name]:,.0f} actions/s (random legal actions)")
        else:
            print(f"baseline {name}: not measured ({baselines.unavailable(name)})")
    if uno_run is not None:
        print(f"(for reference, RLCard uno through env.run: {uno_run:,.0f} actions/s)")
    print(
        f"{'game':<20}{'players':>8}{'matches/s':>12}{'actions/s':>12}{'peak KiB':>10}"
        f"{'x uno':>8}{'x crazy_eights':>16}"
    )
    for row in rows:
        ratios = [row["ratio_to_rlcard_uno"], row["ratio_to_openspiel_crazy_eights"]]
        uno_x, eights_x = ("-" if r is None else f"{r:.2f}" for r in ratios)
        print(
            f"{row['game']:<20}{row['players']:>8}{row['matches_per_s']:>12,.0f}"
            f"{row['actions_per_s']:>12,}{row['peak_kib_all_states_kept']:>10}"
            f"{uno_x:>8}{eights_x:>16}"
        )


def print_json_figures(saves: dict[str, Any]) -> None:
    """Print the saved-match figures as tables."""
    print(f"\n{'from_json of random matches':<30}{'actions/s':>12}{'chars/action':>14}")
    for slug, row in saves["load"].items():
        print(f"{slug:<30}{row['actions_per_s']:>12,.0f}{row['chars_per_action']:>14.1f}")
    long = saves["long_match"]
    print(
        f"\nlong Crazy Animals match: {long['actions']:,} actions, {long['mb']:.2f} MB "
        f"({long['chars_per_action']:.1f} chars/action), loads at "
        f"{long['load_actions_per_s']:,.0f} actions/s; about "
        f"{long['actions_under_default_limit']:,} actions fit under the default max_length"
    )
    print(f"\n{'rejection by from_json':<40}{'s per MB':>10}")
    for name, seconds in saves["reject_seconds_per_mb"].items():
        print(f"{name:<40}{seconds:>10.4f}")


if __name__ == "__main__":
    main()
