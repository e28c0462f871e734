"""Peer baselines for the throughput benchmark: RLCard's uno and three OpenSpiel card games.

Each function plays random matches for about ``seconds`` with the loop of
``benchmarks/throughput.py`` (a seeded ``random.Random`` picks one legal action, the state
advances, until the match is over) and returns ``(matches, actions, elapsed)``, the shape of
``throughput.play_for``, or ``None`` when the peer library is not installed; ``unavailable``
then says why. Install both peers with ``pip install -e '.[bench]'``.

Counting is like for like: ``actions`` counts the decisions of players only. OpenSpiel models
the deal and every draw from the stock as chance nodes; the loop samples each from
``chance_outcomes()`` and spends that time inside the measurement, but does not count it, as
this library deals inside ``Game.new`` and draws inside ``State.apply``. RLCard deals and draws
inside ``env.reset`` and ``env.step`` already.

Usage: ``python benchmarks/baselines.py [--seconds 2] [--repeat 3]`` prints the best run of each.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time
from collections.abc import Callable, Mapping
from types import MappingProxyType

__all__ = [
    "BASELINES",
    "Run",
    "openspiel_crazy_eights",
    "openspiel_go_fish",
    "openspiel_hearts",
    "openspiel_playout",
    "rlcard_uno",
    "unavailable",
]

Run = tuple[int, int, float]
"""``(matches, actions, elapsed seconds)`` of one timed run, as ``throughput.play_for``."""

_REASONS = {
    "rlcard": "RLCard is not installed (pip install -e '.[bench]')",
    "pyspiel": "OpenSpiel is not installed (pip install -e '.[bench]': the open_spiel wheel)",
}


def _missing(module: str) -> bool:
    return importlib.util.find_spec(module) is None


def rlcard_uno(seconds: float) -> Run | None:
    """RLCard's ``uno`` (2 players), random legal actions through ``env.step``."""
    if _missing("rlcard"):
        return None
    import rlcard

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


def openspiel_playout(
    name: str, seconds: float, *, count_chance: bool = False, **params: int
) -> Run | None:
    """OpenSpiel's game ``name`` (C++, driven from Python), random legal actions.

    Chance nodes (the deal, draws) are sampled from their ``chance_outcomes()`` with the same
    ``random.Random``; they are counted as actions only if ``count_chance`` is true. ``params``
    are the game's parameters (such as ``players=4``); the default is OpenSpiel's game.
    """
    if _missing("pyspiel"):
        return None
    import pyspiel

    game = pyspiel.load_game(name, params) if params else pyspiel.load_game(name)
    rng = random.Random(0)
    matches = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                actions += count_chance
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
        matches += 1
    return matches, actions, time.perf_counter() - start


def openspiel_crazy_eights(seconds: float) -> Run | None:
    """OpenSpiel's ``crazy_eights`` at its defaults (5 players), player decisions counted."""
    return openspiel_playout("crazy_eights", seconds)


def openspiel_hearts(seconds: float) -> Run | None:
    """OpenSpiel's ``hearts`` (4 players, passing on), player decisions counted."""
    return openspiel_playout("hearts", seconds)


def openspiel_go_fish(seconds: float) -> Run | None:
    """OpenSpiel's ``go_fish`` at its defaults (2 players), player decisions counted."""
    return openspiel_playout("go_fish", seconds)


BASELINES: Mapping[str, Callable[[float], Run | None]] = MappingProxyType(
    {
        "rlcard-uno": rlcard_uno,
        "openspiel-crazy_eights": openspiel_crazy_eights,
        "openspiel-hearts": openspiel_hearts,
        "openspiel-go_fish": openspiel_go_fish,
    }
)
"""Every baseline by name, in the order a report lists them."""


def unavailable(name: str) -> str | None:
    """Why baseline ``name`` cannot be measured here, or ``None`` when it can."""
    module = "rlcard" if name.startswith("rlcard-") else "pyspiel"
    return _REASONS[module] if _missing(module) else None


def main() -> None:
    """Measure every baseline and print the best run of each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per baseline")
    args = parser.parse_args()
    best: dict[str, float] = {}
    for _ in range(args.repeat):
        for name, measure in BASELINES.items():
            run = measure(args.seconds)
            if run is not None:
                best[name] = max(best.get(name, 0.0), run[1] / run[2])
    for name in BASELINES:
        reason = unavailable(name)
        shown = reason if reason is not None else f"{best[name]:>12,.0f} actions/s"
        print(f"{name:<24}{shown}")


if __name__ == "__main__":
    main()
