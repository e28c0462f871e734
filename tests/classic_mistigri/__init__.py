"""Tests of classic Mistigri: its rules clause by clause, the reference model, the hardening.

``SUPPORT`` declares what the rest of the suite needs to know of the game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cardgames
from cardgames.classic_mistigri import scenario
from cardgames.engine import State
from support import Support, Zones, shipped_page


def _from_zones(zones: Zones, players: int, seed: int) -> State[Any]:
    """A scenario state built from the zones of a fresh deal (a setup document)."""
    seats = range(players)
    return scenario(
        [zones[f"hand/{s}"] for s in seats],
        pairs=[list(dict.fromkeys(card.motif for card in zones[f"pairs/{s}"])) for s in seats],
        seed=seed,
    )


_GAME = cardgames.get_game("classic-mistigri")
SUPPORT = Support(
    game=_GAME,
    rulings="CL",
    shown="motif",
    page=shipped_page(_GAME),
    scenario_from_zones=_from_zones,
    folder=Path(__file__).resolve().parent,
)
"""What the suite needs to know of classic Mistigri beyond the contract."""
