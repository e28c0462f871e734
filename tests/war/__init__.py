"""War, a two-player game written only for the tests: a fifth game that touches one folder.

This folder is all of it: the game (``rules.py``), its rules page (``rules.md``), its clause
tests (``test_rules.py``) and ``SUPPORT``, which registers it with the test session
(``tests/tested.py``), never with `cardgames.GAMES`. The contract suite, the rule-coverage test
and the architecture test check it like the library's games.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgames.engine import State
from support import Support, Zones
from war.rules import GAME, scenario

FOLDER = Path(__file__).resolve().parent


def _from_zones(zones: Zones, players: int, seed: int) -> State[Any]:
    """A scenario state whose piles are those of a fresh deal."""
    return scenario([zones[f"pile/{seat}"] for seat in range(players)], seed=seed)


SUPPORT = Support(
    game=GAME,
    rulings="WR",
    shown="value",
    page=FOLDER / "rules.md",
    scenario_from_zones=_from_zones,
    folder=FOLDER,
)
"""What the suite needs to know of war beyond the contract."""
