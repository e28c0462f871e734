"""Tests of Crazy Mistigri: the rules (``test_rules``), the sampler and the bot (``test_bot``).

``SUPPORT`` declares what the rest of the suite needs to know of the game.
"""

from __future__ import annotations

from typing import Any

from cardgames.crazy_mistigri import scenario
from cardgames.engine import State
from support import Zones, shipped


def _from_zones(zones: Zones, players: int, seed: int) -> State[Any]:
    """A scenario state built from the zones of a fresh deal (a setup document)."""
    seats = range(players)
    return scenario([zones[f"hand/{s}"] for s in seats], pile=zones["discard-pile"], seed=seed)


SUPPORT = shipped(
    "crazy-mistigri", rulings="CM", shown="value", scenario_from_zones=_from_zones, init=__file__
)
"""What the suite needs to know of Crazy Mistigri beyond the contract."""
