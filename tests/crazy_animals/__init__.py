"""Tests of Crazy Animals: the rules, the sampler and the heuristic bot.

``SUPPORT`` declares what the rest of the suite needs to know of the game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cardgames
from cardgames.crazy_animals import scenario
from cardgames.engine import State
from support import Support, Zones, shipped_page


def _from_zones(zones: Zones, players: int, seed: int) -> State[Any]:
    """A scenario state built from the zones of a fresh deal (a setup document)."""
    seats = range(players)
    return scenario(
        [zones[f"slots/{s}"] for s in seats],
        stock=zones["stock"],
        discard_pile=zones["discard"],
        seed=seed,
    )


_GAME = cardgames.get_game("crazy-animals")
SUPPORT = Support(
    game=_GAME,
    rulings="CA",
    shown="face",
    page=shipped_page(_GAME),
    scenario_from_zones=_from_zones,
    folder=Path(__file__).resolve().parent,
)
"""What the suite needs to know of Crazy Animals beyond the contract."""
