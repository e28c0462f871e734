"""What the test suite needs to know of a game beyond the engine contract.

Each game's test folder, ``tests/<package>/``, declares it in its ``__init__.py`` as
``SUPPORT``, a `Support`; `tested` finds every declaration. So the suite's per-game tables
(the ruling prefix the coverage test looks for, the field a card shows, how the untrusted-input
fuzzer builds a scenario) come from the game's own folder, and a new game touches no shared test
file.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs

import cardgames
from cardgames.engine import Game, State

ROOT = Path(__file__).resolve().parent.parent
"""The repository's root."""


def run_benchmark(script: str, args: list[str]) -> subprocess.CompletedProcess[str]:
    """Run ``benchmarks/SCRIPT ARGS`` with this interpreter; it must exit 0 within 5 minutes."""
    return subprocess.run(  # noqa: S603 - runs this interpreter on our own script
        [sys.executable, str(ROOT / "benchmarks" / script), *args],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )


Zones = Mapping[str, tuple[Any, ...]]
"""A state's zones (`State.zones`)."""


@attrs.frozen
class Support:
    """One game's declaration for the test suite."""

    game: Game[Any]
    """The game."""
    rulings: str
    """The prefix of its ruling ids (``CL`` for ``CL-4``), which its page and tests cite."""
    shown: str
    """The field of its card type that says what the card shows: the card's first field."""
    page: Path
    """Its rules page, numbered clause by clause (``docs/games/<slug>.md`` for a shipped game)."""
    scenario_from_zones: Callable[[Zones, int, int], State[Any]]
    """A scenario state whose setup holds the given zones of a fresh deal (players, seed)."""
    folder: Path
    """Its test folder, whose ``test_*.py`` name its clauses and rulings."""


def shipped(
    slug: str,
    *,
    rulings: str,
    shown: str,
    scenario_from_zones: Callable[[Zones, int, int], State[Any]],
    init: str,
) -> Support:
    """The support of a game of the library, declared by the ``__init__.py`` at ``init``.

    Its page is ``docs/games/<slug>.md`` and its tests are the folder of ``init``.
    """
    game = cardgames.get_game(slug)
    page = ROOT / "docs" / "games" / f"{slug}.md"
    folder = Path(init).resolve().parent
    return Support(game, rulings, shown, page, scenario_from_zones, folder)


MULTI_ROUND = frozenset({"crazy-mistigri", "kitten-tricks", "crazy-animals"})
"""The built-in games whose matches have several rounds (a round's end may deal the next)."""


def left_the_deal_out(reached: State[Any], applied: State[Any]) -> bool:
    """Check a round-horizon end against `apply`'s; whether the next round's deal was left out.

    ``reached`` ended the round on a path told that no one plays on (`State._deals_on`),
    ``applied`` by `apply` after the same choices: the same round, scores, end of the match and
    next mover, and, unless the match is over, the last round's cards, not a new deal.
    """
    assert (reached.round, reached.scores, reached.is_over) == (
        applied.round,
        applied.scores,
        applied.is_over,
    )
    assert reached.to_move == applied.to_move  # the next round's first mover
    if applied.is_over:
        return False
    assert reached.zones() != applied.zones()
    return True
