"""Tests of Crazy Animals: the rules, the sampler and the heuristic bot.

``SUPPORT`` declares what the rest of the suite needs to know of the game.
"""

from __future__ import annotations

from typing import Any

from cardgames.crazy_animals import scenario
from cardgames.engine import State
from support import Zones, shipped


def _from_zones(zones: Zones, players: int, seed: int) -> State[Any]:
    """A scenario state built from the zones of a fresh deal (a setup document)."""
    seats = range(players)
    return scenario(
        [zones[f"slots/{s}"] for s in seats],
        stock=zones["stock"],
        discard_pile=zones["discard"],
        seed=seed,
    )


SUPPORT = shipped(
    "crazy-animals", rulings="CA", shown="face", scenario_from_zones=_from_zones, init=__file__
)
"""What the suite needs to know of Crazy Animals beyond the contract."""
