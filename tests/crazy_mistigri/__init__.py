"""Tests of Crazy Mistigri: the rules (``test_rules``), the sampler and the bot (``test_bot``).

``SUPPORT`` declares what the rest of the suite needs to know of the game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cardgames
from cardgames.crazy_mistigri import scenario
from cardgames.engine import State
from support import Support, Zones, shipped_page


def _from_zones(zones: Zones, players: int, seed: int) -> State[Any]:
    """A scenario state built from the zones of a fresh deal (a setup document)."""
    seats = range(players)
    return scenario([zones[f"hand/{s}"] for s in seats], pile=zones["discard-pile"], seed=seed)


_GAME = cardgames.get_game("crazy-mistigri")
SUPPORT = Support(
    game=_GAME,
    rulings="CM",
    shown="value",
    page=shipped_page(_GAME),
    scenario_from_zones=_from_zones,
    folder=Path(__file__).resolve().parent,
)
"""What the suite needs to know of Crazy Mistigri beyond the contract."""
