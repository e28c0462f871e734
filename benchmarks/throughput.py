"""Random-play throughput of every registered game, through the public API.

For each game and player count, random matches are played with ``legal_actions()`` and
``apply()`` (the loop a simulation or an RL rollout runs) and the script prints matches per
second, actions per second and the peak memory of one match whose every state is kept (as a
search tree would). Figures are best-of-``--repeat`` runs, to damp noise from other processes.

If RLCard is installed (``pip install -e '.[bench]'``), RLCard's ``uno`` is measured in the same
process as the baseline, driven the same way (random legal action, ``env.step``), and each game
is reported as a ratio to it. Timings are never asserted by tests: speed is measured here.

Usage: ``python benchmarks/throughput.py [--game SLUG ...] [--seconds 2] [--repeat 3] [--json]``
"""

from __future__ import annotations

import argparse
import json
import random
import time
import tracemalloc
from typing import Any

import cardgames
from cardgames.engine import Game


def play_for(game: Game[Any], players: int, seconds: float) -> tuple[int, int, float]:
    """Play random matches for about ``seconds``; return (matches, actions, elapsed)."""
    rng = random.Random(players)
    matches = actions = 0
    seed = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new(players, seed=seed)
        seed += 1
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            actions += 1
        matches += 1
    return matches, actions, time.perf_counter() - start


def peak_memory_kib(game: Game[Any], players: int) -> float:
    """Peak traced memory of one match whose every state is kept alive."""
    rng = random.Random(0)
    tracemalloc.start()
    state = game.new(players, seed=1)
    kept = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        kept.append(state)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1024


def rlcard_uno(seconds: float) -> tuple[int, int, float] | None:
    """RLCard's uno, random legal actions through ``env.step``; ``None`` if not installed."""
    try:
        import rlcard
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": 0})
    rng = random.Random(0)
    matches = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            actions += 1
        matches += 1
    return matches, actions, time.perf_counter() - start


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
        "--game",
        action="append",
        choices=list(cardgames.GAMES),
        help="measure only this game (repeatable; default: every game)",
    )
    args = parser.parse_args()
    games = [cardgames.get_game(slug) for slug in args.game or cardgames.GAMES]

    configs = [
        (game, players)
        for game in games
        for players in range(game.min_players, game.max_players + 1)
    ]
    runs: dict[str, list[tuple[int, int, float]]] = {}
    # Interleave the repeats so that a slow spell of the machine hits every configuration.
    for _ in range(args.repeat):
        baseline = rlcard_uno(args.seconds)
        if baseline is not None:
            runs.setdefault("rlcard-uno", []).append(baseline)
        baseline = rlcard_uno_run(args.seconds)
        if baseline is not None:
            runs.setdefault("rlcard-uno-run", []).append(baseline)
        for game, players in configs:
            runs.setdefault(f"{game.slug}/{players}", []).append(
                play_for(game, players, args.seconds)
            )

    uno = best(runs["rlcard-uno"])[1] if "rlcard-uno" in runs else None
    uno_run = best(runs["rlcard-uno-run"])[1] if "rlcard-uno-run" in runs else None
    rows = []
    for game, players in configs:
        matches_s, actions_s = best(runs[f"{game.slug}/{players}"])
        rows.append(
            {
                "game": game.slug,
                "players": players,
                "matches_per_s": round(matches_s, 1),
                "actions_per_s": round(actions_s),
                "peak_kib_all_states_kept": round(peak_memory_kib(game, players), 1),
                "ratio_to_rlcard_uno": None if uno is None else round(actions_s / uno, 2),
            }
        )
    if args.json:
        baselines = {"rlcard_uno_step_actions_per_s": uno, "rlcard_uno_run_actions_per_s": uno_run}
        print(json.dumps({**baselines, "results": rows}, indent=2))
        return
    if uno is None:
        print("RLCard not installed: no baseline (pip install -e '.[bench]').")
    else:
        print(f"baseline: RLCard uno, env.step with random legal actions: {uno:,.0f} actions/s")
        if uno_run is not None:
            print(f"(for reference, RLCard uno through env.run: {uno_run:,.0f} actions/s)")
    print(
        f"{'game':<20}{'players':>8}{'matches/s':>12}{'actions/s':>12}{'peak KiB':>10}{'x uno':>8}"
    )
    for row in rows:
        ratio = "-" if row["ratio_to_rlcard_uno"] is None else f"{row['ratio_to_rlcard_uno']:.2f}"
        print(
            f"{row['game']:<20}{row['players']:>8}{row['matches_per_s']:>12,.0f}"
            f"{row['actions_per_s']:>12,}{row['peak_kib_all_states_kept']:>10}{ratio:>8}"
        )


if __name__ == "__main__":
    main()
