"""Classic Mistigri's statistics for the simulation reports (its ``"statistics"`` part).

One round is the whole match (CL-6); the statistic of its own is who ends with the Mistigri.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardgames.engine import Action, Event, State

__all__ = ["STATISTICS", "Statistics"]


class Statistics:
    """Who ends each match with the Mistigri, seat by seat (CL-6)."""

    round_end = frozenset({"match-ended"})

    def describe(self, players: int, rules: object) -> tuple[tuple[str, str, str, bool], ...]:
        """Each statistic: its name, its meaning in English and French, whether integer."""
        del rules
        return tuple(
            (
                f"share of matches seat {seat} ends with the Mistigri",
                f"how often seat {seat} holds the Mistigri at the end and loses (CL-6)",
                (
                    f"la part des parties où la place {seat + 1} (« seat {seat} ») garde le "
                    "Mistigri et perd (CL-6)"
                ),
                False,
            )
            for seat in range(players)
        )

    def measure(
        self, final: State[Any], steps: Sequence[tuple[Action | None, tuple[Event, ...]]]
    ) -> dict[str, tuple[float, ...]]:
        """Each statistic's observations in the finished match ``final``."""
        del steps
        loser = final.outcome.losers[0] if final.outcome and final.outcome.losers else None
        return {
            f"share of matches seat {seat} ends with the Mistigri": (float(seat == loser),)
            for seat in range(final.players)
        }

    def at_round_limit(self, final: State[Any]) -> bool | None:
        """None: a match is one round, with no round limit."""
        del final
        return None


STATISTICS = Statistics()
"""The part the game registers."""
