"""Kitten tricks' statistics for the simulation reports (its ``"statistics"`` part).

Per round: the tricks (KT-2), the colours lost (KT-4) and how the round ends (KT-5); per match:
the Super Chat cards handed out and the tricks won by a Coup de patte (KT-3, KT-6).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardgames.engine import Action, Event, State

__all__ = ["STATISTICS", "Statistics"]

_ENDS = {"all-colours": "every colour collected", "empty-hand": "an empty hand"}
_ENDS_FR = {"all-colours": "toutes les couleurs", "empty-hand": "une main vide"}
_TRICKS = "tricks per round"
_LOST = "colours lost per round"
_SUPER = "Super Chat cards per match"
_COUP = "Coup de patte wins per match"


class Statistics:
    """Tricks, lost colours and round ends per round; Super Chat cards and Coups de patte."""

    round_end = frozenset({"round-ended"})

    def describe(self, players: int, rules: object) -> tuple[tuple[str, str, str, bool], ...]:
        """Each statistic: its name, its meaning in English and French, whether integer."""
        del players, rules
        return (
            (_TRICKS, "the tricks played in a round (KT-2)", "les plis d’une manche (KT-2)", True),
            (
                _LOST,
                "the colours lost by any collection in a round (KT-4)",
                "les couleurs perdues par une collection dans une manche (KT-4)",
                True,
            ),
            *(
                (
                    f"share of rounds ending: {text}",
                    f"how often a round ends with {text} (KT-5)",
                    f"la part des manches finies par {_ENDS_FR[reason]} (KT-5)",
                    False,
                )
                for reason, text in _ENDS.items()
            ),
            (
                _SUPER,
                "the Super Chat cards handed out in a match (KT-6)",
                "les cartes Super Chat distribuées dans une partie (KT-6)",
                True,
            ),
            (
                _COUP,
                "the tricks a Coup de patte won in a match (KT-3)",
                "les plis gagnés par un Coup de patte dans une partie (KT-3)",
                True,
            ),
        )

    def measure(
        self, final: State[Any], steps: Sequence[tuple[Action | None, tuple[Event, ...]]]
    ) -> dict[str, tuple[float, ...]]:
        """Each statistic's observations in the finished match ``final``."""
        del final
        tricks: list[float] = []
        lost: list[float] = []
        ends: dict[str, list[float]] = {reason: [] for reason in _ENDS}
        round_tricks = round_lost = 0
        coups = 0
        super_chats = 0
        for _, events in steps:
            for event in events:
                kind = event.kind
                if kind == "trick-won":
                    round_tricks += 1
                    coups += bool(event.coup_de_patte)  # type: ignore[attr-defined]
                elif kind == "colour-lost":
                    round_lost += 1
                elif kind == "round-ended":
                    tricks.append(float(round_tricks))
                    lost.append(float(round_lost))
                    for reason, values in ends.items():
                        values.append(float(event.reason == reason))  # type: ignore[attr-defined]
                    round_tricks = round_lost = 0
                elif kind == "match-ended":
                    super_chats = sum(event.super_chats)  # type: ignore[attr-defined]
        found = {_TRICKS: tuple(tricks), _LOST: tuple(lost)}
        for reason, text in _ENDS.items():
            found[f"share of rounds ending: {text}"] = tuple(ends[reason])
        found[_SUPER] = (float(super_chats),)
        found[_COUP] = (float(coups),)
        return found

    def at_round_limit(self, final: State[Any]) -> bool | None:
        """Whether nobody won before the round limit (``max_rounds``, KT-6)."""
        for event in reversed(final.events):
            if event.kind == "match-ended":
                return bool(event.max_rounds)  # type: ignore[attr-defined]
        return False


STATISTICS = Statistics()
"""The part the game registers."""
