"""Tests of classic Mistigri: its rules clause by clause, the reference model, the hardening.

``SUPPORT`` declares what the rest of the suite needs to know of the game.
"""

from __future__ import annotations

from typing import Any

from cardgames.classic_mistigri import scenario
from cardgames.engine import State
from support import Zones, shipped


def _from_zones(zones: Zones, players: int, seed: int) -> State[Any]:
    """A scenario state built from the zones of a fresh deal (a setup document)."""
    seats = range(players)
    return scenario(
        [zones[f"hand/{s}"] for s in seats],
        pairs=[list(dict.fromkeys(card.motif for card in zones[f"pairs/{s}"])) for s in seats],
        seed=seed,
    )


SUPPORT = shipped(
    "classic-mistigri", rulings="CL", shown="motif", scenario_from_zones=_from_zones, init=__file__
)
"""What the suite needs to know of classic Mistigri beyond the contract."""
