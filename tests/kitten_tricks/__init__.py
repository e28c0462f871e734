"""Kitten tricks: the rules engine, the world sampler and the heuristic bot.

``SUPPORT`` declares what the rest of the suite needs to know of the game.
"""

from __future__ import annotations

from typing import Any

from cardgames.engine import State
from cardgames.kitten_tricks import scenario
from support import Zones, shipped


def _from_zones(zones: Zones, players: int, seed: int) -> State[Any]:
    """A scenario state built from the zones of a fresh deal (a setup document)."""
    seats = range(players)
    return scenario(
        [zones[f"hand/{s}"] for s in seats],
        trump=zones["trump"][0],
        stock=zones["stock"],
        seed=seed,
    )


SUPPORT = shipped(
    "kitten-tricks", rulings="KT", shown="value", scenario_from_zones=_from_zones, init=__file__
)
"""What the suite needs to know of Kitten tricks beyond the contract."""
