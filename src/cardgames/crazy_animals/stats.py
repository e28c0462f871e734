"""Crazy Animals' statistics for the simulation reports (its ``"statistics"`` part).

Per round: the turns before the knock (CA-6), whether the knocker wins the round (the lowest
points of the round, ties shared: CA-7), the special cards used by kind (CA-4), the stock
reshuffles (CA-5) and each seat's points (CA-7).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardgames.engine import Action, Event, State

__all__ = ["STATISTICS", "Statistics"]

_TURNS = "turns before the knock"
_KNOCKER = "share of rounds the knocker wins"
_SPECIALS = {"swapped": "Swap", "peeked": "Peek", "draw-two-played": "Draw-two"}
_RESHUFFLES = "reshuffles per round"
_POINTS = "points per seat and round"
_TURN_STARTS = frozenset({"draw", "take-discard"})
"""The actions that start a turn (CA-3): every turn takes the discard or draws."""


class Statistics:
    """Knocking, specials, reshuffles and points, per round."""

    round_end = frozenset({"round-scored"})

    def describe(self, players: int, rules: object) -> tuple[tuple[str, str, str, bool], ...]:
        """Each statistic: its name, its meaning in English and French, whether integer."""
        del players, rules
        return (
            (
                _TURNS,
                "the turns of a round up to the knock, the knocker's included (CA-6)",
                "les tours d’une manche jusqu’au coup frappé, celui du frappeur compris (CA-6)",
                True,
            ),
            (
                _KNOCKER,
                "how often the knocker has the round's fewest points (ties shared, CA-7)",
                "la part des manches où le frappeur a le moins de points (égalités partagées)",
                False,
            ),
            *(
                (
                    f"{name} cards used per round",
                    f"the {name} cards played in a round (CA-4)",
                    f"les cartes {name} jouées dans une manche (CA-4)",
                    True,
                )
                for name in _SPECIALS.values()
            ),
            (
                _RESHUFFLES,
                "the times the discard pile became the stock in a round (CA-5)",
                "les fois où la défausse redevient la pioche dans une manche (CA-5)",
                True,
            ),
            (
                _POINTS,
                "the points a seat scores in a round (CA-7)",
                "les points d’une place dans une manche (CA-7)",
                True,
            ),
        )

    def measure(
        self, final: State[Any], steps: Sequence[tuple[Action | None, tuple[Event, ...]]]
    ) -> dict[str, tuple[float, ...]]:
        """Each statistic's observations in the finished match ``final``."""
        del final
        found: dict[str, list[float]] = {name: [] for name, _, _, _ in self.describe(0, None)}
        turns = 0
        knocker: int | None = None
        specials = dict.fromkeys(_SPECIALS, 0)
        reshuffles = 0
        for action, events in steps:
            if action is not None and action.kind in _TURN_STARTS:
                turns += 1
            for event in events:
                kind = event.kind
                if kind == "knocked":
                    knocker = event.seat  # type: ignore[attr-defined]
                    found[_TURNS].append(float(turns))
                elif kind in specials:
                    specials[kind] += 1
                elif kind == "stock-reshuffled":
                    reshuffles += 1
                elif kind == "round-scored":
                    points: tuple[int, ...] = event.points  # type: ignore[attr-defined]
                    if knocker is not None:
                        best = [seat for seat, p in enumerate(points) if p == min(points)]
                        found[_KNOCKER].append(1 / len(best) if knocker in best else 0.0)
                    for kind_, name in _SPECIALS.items():
                        found[f"{name} cards used per round"].append(float(specials[kind_]))
                    found[_RESHUFFLES].append(float(reshuffles))
                    found[_POINTS].extend(float(p) for p in points)
                    turns, knocker, reshuffles = 0, None, 0
                    specials = dict.fromkeys(_SPECIALS, 0)
        return {name: tuple(values) for name, values in found.items()}

    def at_round_limit(self, final: State[Any]) -> bool | None:
        """None: a match always plays its count of rounds (CA-8)."""
        del final
        return None


STATISTICS = Statistics()
"""The part the game registers."""
