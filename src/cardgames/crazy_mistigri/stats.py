"""Crazy Mistigri's statistics for the simulation reports (its ``"statistics"`` part).

Per round: how often each value-pair effect fires (CM-5), the penalty points (CM-8, CM-9), how
the round ends (the last player holding cards, CM-8, or every player passing, CM-9) and the
player aids turned face down (each pass, CM-9).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardgames.engine import Action, Event, State

__all__ = ["STATISTICS", "Statistics"]

_EFFECTS = range(1, 9)
"""The values whose value pairs have an effect (CM-5)."""
_ENDS = {"last-player": "the last player", "all-passed": "all passed"}
_ENDS_FR = {"last-player": "dernier joueur", "all-passed": "tous ont passé"}


def _values_in_play(players: int, rules: object) -> frozenset[int]:
    """The values of the cards dealt at ``players`` seats (CM-1 removes the 1s, then the 2s)."""
    if not players:
        return frozenset(_EFFECTS)
    from cardgames.crazy_mistigri.rules import GAME  # noqa: PLC0415 - the rules import this part

    return frozenset(card.value for card in GAME.deck(players, rules))


class Statistics:
    """Effects, penalties, round ends and passes, per round."""

    round_end = frozenset({"round-ended"})

    def describe(self, players: int, rules: object) -> tuple[tuple[str, str, str, bool], ...]:
        """Each statistic: its name, its meaning in English and French, whether integer."""
        found = [
            (
                f"effect {v}+{v} per round",
                f"the value pairs of {v}s discarded in a round, each firing its effect (CM-5)",
                f"les paires de {v} défaussées dans une manche, chacune avec son effet (CM-5)",
                True,
            )
            for v in _EFFECTS
            if v in _values_in_play(players, rules)
        ]
        found += [
            (
                "penalty points per round",
                "the penalty points of every seat added up, per round (CM-8)",
                "les points de pénalité de toutes les places, par manche (CM-8)",
                True,
            ),
            *(
                (
                    f"share of rounds ending: {text}",
                    f"how often a round ends with {text} (CM-8, CM-9)",
                    f"la part des manches finies par : {_ENDS_FR[reason]} (CM-8, CM-9)",
                    False,
                )
                for reason, text in _ENDS.items()
            ),
            (
                "aids turned face down per round",
                "the passes of a round: each turns a player aid face down (CM-9)",
                "les passes d’une manche : chacune retourne une aide de jeu (CM-9)",
                True,
            ),
        ]
        return tuple(found)

    def measure(
        self, final: State[Any], steps: Sequence[tuple[Action | None, tuple[Event, ...]]]
    ) -> dict[str, tuple[float, ...]]:
        """Each statistic's observations in the finished match ``final``, one per round."""
        del final
        rounds: list[dict[str, float]] = []
        current: dict[str, float] = {}
        for _, events in steps:
            for event in events:
                kind = event.kind
                if kind == "pair-discarded" and getattr(event, "effect", 0) in _EFFECTS:
                    name = f"effect {event.effect}+{event.effect} per round"  # type: ignore[attr-defined]
                    current[name] = current.get(name, 0.0) + 1
                elif kind == "passed":
                    name = "aids turned face down per round"
                    current[name] = current.get(name, 0.0) + 1
                elif kind == "round-ended":
                    current["penalty points per round"] = float(sum(event.penalties))  # type: ignore[attr-defined]
                    for reason, text in _ENDS.items():
                        current[f"share of rounds ending: {text}"] = float(event.reason == reason)  # type: ignore[attr-defined]
                    rounds.append(current)
                    current = {}
        return {name: tuple(r.get(name, 0.0) for r in rounds) for name in _NAMES}

    def at_round_limit(self, final: State[Any]) -> bool | None:
        """Whether the match needed its last allowed round (``max_rounds``, CM-10)."""
        return bool(final.round >= final.rules.max_rounds)


STATISTICS = Statistics()
"""The part the game registers."""

_NAMES = tuple(name for name, _, _, _ in STATISTICS.describe(0, None))
"""Every statistic's name, each effect's included (`describe` with no table)."""
