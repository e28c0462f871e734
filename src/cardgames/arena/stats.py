"""Game statistics: what a match says about a game's design, each with a 95% interval.

Every statistic is a mean over *observations* (a match, or a round of a match) computed from
the match's events. The statistics of every game (lengths, seat advantage, the round limit)
are measured here; each game adds its own through its ``"statistics"`` part (see
[`Game.part`][cardgames.engine.Game.part]), an object with:

- ``round_end``: the event kinds that close a round (to count the decisions of each round);
- ``describe(players, rules)``: each of its statistics as ``(name, meaning in English,
  meaning in French, integer)``, where ``integer`` asks for its distribution too; a name that
  starts with ``share`` is a share of observations (0 to 1, its interval clipped to that);
- ``measure(final, steps)``: for the final state of a match and its steps (each action with
  its events), each statistic's observations (a tuple
  of numbers: one per match, one per round, or none);
- ``at_round_limit(final)``: whether the match went to its round limit, or ``None`` for a
  game without one.

**Intervals.** The rounds of a match, and in duplicate mode the matches of a deal, are not
independent, so each statistic's interval is taken over independent *units* (matches, or
deals in duplicate mode): the mean is the ratio of the units' sums to their counts, and its
standard error is that of a ratio estimator (the delta method). The difference between two
variants, which play the same deals with the same bots, is paired unit by unit.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

import cardgames
from cardgames.arena.report import Distribution, Estimate, StatisticResult
from cardgames.engine import State

__all__ = [
    "StatTally",
    "Statistic",
    "measure",
    "measured",
    "paired_difference",
    "ratio_estimate",
    "shared",
]

_Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution."""


@attrs.frozen
class Statistic:
    """A statistic of a simulation: its name, what it means, and whether it is a share."""

    name: str
    meaning: str
    """What it measures, in English."""
    meaning_fr: str
    """What it measures, in French."""
    integer: bool = False
    """Its observations are whole numbers: the report gives their distribution too."""
    share: bool = False
    """A share of observations (0 to 1): its interval is clipped to that range."""


# -- the statistics of a plan ------------------------------------------------------------------

_GENERIC_MEASURED = (
    Statistic(
        "decisions per match",
        "the actions of a whole match, every seat's",
        "les actions d’une partie entière, de toutes les places",
        integer=True,
    ),
    Statistic(
        "rounds per match",
        "the rounds a match lasts",
        "les manches que dure une partie",
        integer=True,
    ),
    Statistic(
        "decisions per round",
        "the actions of a round, every seat's",
        "les actions d’une manche, de toutes les places",
        integer=True,
    ),
)
_LIMIT = Statistic(
    "matches at the round limit",
    "the share of matches that went to the round limit of the rules",
    "la part des parties allées jusqu’à la limite de manches",
    share=True,
)


def _part(slug: str) -> Any:  # noqa: ANN401 - a game's part is duck-typed
    game = cardgames.get_game(slug)
    return game.part("statistics") if "statistics" in game.parts else None


@functools.cache
def measured(slug: str, players: int, rules: object) -> tuple[Statistic, ...]:
    """The statistics a worker measures on each match of `slug` (generic ones first)."""
    part = _part(slug)
    found = list(_GENERIC_MEASURED)
    if part is not None and _has_limit(slug, players, rules):
        found.append(_LIMIT)
    if part is not None:
        found += [
            Statistic(name, en, fr, integer=integer, share=name.startswith("share"))
            for name, en, fr, integer in part.describe(players, rules)
        ]
    return tuple(found)


@functools.cache
def _has_limit(slug: str, players: int, rules: object) -> bool:
    """Whether the game has a round limit (its part answers for a fresh match)."""
    part = _part(slug)
    state = cardgames.get_game(slug).new(players, seed=0, rules=rules)
    return part is not None and part.at_round_limit(state) is not None


def shared(players: int, first_seat: int, labels: Sequence[str]) -> tuple[Statistic, ...]:
    """The win-share statistics the tally adds from each match's shares and seating."""
    seats = [
        Statistic(
            f"win share, seat {seat}",
            f"seat {seat}'s share of the wins, whoever sits there (fair: 1/players)",
            f"la part des victoires de la place {seat + 1} (« seat {seat} »), quel que soit "
            "son occupant",
            share=True,
        )
        for seat in range(players)
    ]
    first = Statistic(
        "first player's win share",
        f"the win share of seat {first_seat}, which plays first in round 1",
        f"la part des victoires de la place {first_seat + 1} (« seat {first_seat} »), qui "
        "joue en premier à la manche 1",
        share=True,
    )
    bots = [
        Statistic(
            f"win share, bot {label}",
            f"bot {label}'s share of the wins over the seats it held",
            f"la part des victoires du bot {label} sur les places qu’il a tenues",
            share=True,
        )
        for label in labels
        if len(labels) > 1
    ]
    return (*seats, first, *bots)


def measure(final: State[Any]) -> tuple[tuple[float, ...], ...]:
    """Each measured statistic's observations in a finished match, in `measured` order."""
    slug = final.game.slug
    part = _part(slug)
    ends = frozenset(part.round_end) if part is not None else frozenset()
    per_round = []
    decisions = 0
    log = final._log.to_tuple()  # noqa: SLF001 - the actions with their events, step by step
    for action, events in log[1:]:
        del action
        decisions += 1
        if any(event.kind in ends for event in events):
            per_round.append(float(decisions))
            decisions = 0
    if decisions and not per_round:
        per_round.append(float(decisions))  # a game of one round with no round-end event
    values: list[tuple[float, ...]] = [
        (float(len(log) - 1),),
        (float(final.round),),
        tuple(per_round),
    ]
    if part is None:
        return tuple(values)
    stats = measured(slug, final.players, final.rules)
    if _LIMIT in stats:
        values.append((1.0 if part.at_round_limit(final) else 0.0,))
    own: Mapping[str, Iterable[float]] = part.measure(final, log[1:])
    values += [tuple(float(v) for v in own.get(s.name, ())) for s in stats[len(values) :]]
    return tuple(values)


# -- adding up ---------------------------------------------------------------------------------


class StatTally:
    """Each statistic's sum and count per unit (match or deal), and its histogram."""

    def __init__(self, statistics: Sequence[Statistic]) -> None:
        """Start with no unit, for `statistics`."""
        self.statistics = tuple(statistics)
        self.units: list[tuple[tuple[float, int], ...] | None] = []
        self.histograms = [Counter[int]() for _ in self.statistics]
        self._open: list[list[float | int]] | None = None

    def open_unit(self) -> None:
        """Start a unit (a deal, or a match)."""
        self._open = [[0.0, 0] for _ in self.statistics]

    def add(self, values: Sequence[Sequence[float]]) -> None:
        """Add one match's observations to the open unit."""
        assert self._open is not None  # noqa: S101 - the tally opens a unit first
        for index, observed in enumerate(values):
            cell = self._open[index]
            cell[0] += sum(observed)
            cell[1] += len(observed)
            if self.statistics[index].integer:
                self.histograms[index].update(round(value) for value in observed)

    def close_unit(self, *, failed: bool) -> None:
        """End the open unit; a failed one (a match raised) is kept as a gap."""
        cells = self._open or []
        self.units.append(None if failed else tuple((float(s), int(n)) for s, n in cells))
        self._open = None

    def results(self) -> tuple[StatisticResult, ...]:
        """Each statistic's mean, interval and distribution."""
        found = []
        for index, statistic in enumerate(self.statistics):
            cells = [unit[index] for unit in self.units if unit is not None]
            estimate = ratio_estimate(cells, statistic.share)
            histogram = self.histograms[index]
            found.append(
                StatisticResult(
                    statistic.name,
                    statistic.meaning,
                    estimate,
                    sum(n for _, n in cells),
                    Distribution(tuple(sorted(histogram.items()))) if statistic.integer else None,
                    statistic.meaning_fr,
                )
            )
        return tuple(found)

    def cells(self, index: int) -> list[tuple[float, int] | None]:
        """Statistic `index`'s (sum, count) in each unit, `None` for a failed unit."""
        return [None if unit is None else unit[index] for unit in self.units]


def _linearized(cells: Sequence[tuple[float, int]]) -> tuple[float, list[float]]:
    """The ratio of sums, and each unit's linearized deviation from it (delta method)."""
    total = sum(n for _, n in cells)
    if not total:
        return math.nan, [0.0] * len(cells)
    ratio = sum(s for s, _ in cells) / total
    mean_count = total / len(cells)
    return ratio, [(s - ratio * n) / mean_count for s, n in cells]


def _estimate(mean: float, deviations: Sequence[float], low: float, high: float) -> Estimate:
    units = len(deviations)
    if units < 2 or math.isnan(mean):  # noqa: PLR2004 - a spread needs two
        return Estimate(mean, low, high, (high - low) / 2, units)
    centre = sum(deviations) / units
    variance = sum((d - centre) ** 2 for d in deviations) / (units - 1)
    half = _Z95 * math.sqrt(variance / units)
    return Estimate(mean, max(low, mean - half), min(high, mean + half), half, units)


def ratio_estimate(cells: Sequence[tuple[float, int]], share: bool) -> Estimate:
    """The mean per observation of units' `(sum, count)`, with its 95% interval."""
    ratio, deviations = _linearized(cells)
    low, high = (0.0, 1.0) if share else (-math.inf, math.inf)
    return _estimate(ratio, deviations, low, high)


def paired_difference(
    first: Sequence[tuple[float, int] | None], other: Sequence[tuple[float, int] | None]
) -> Estimate:
    """`other`'s mean minus `first`'s, paired unit by unit (units failed in either left out)."""
    pairs = [(a, b) for a, b in zip(first, other, strict=True) if a is not None and b is not None]
    ratio_a, dev_a = _linearized([a for a, _ in pairs])
    ratio_b, dev_b = _linearized([b for _, b in pairs])
    return _estimate(
        ratio_b - ratio_a, [b - a for a, b in zip(dev_a, dev_b, strict=True)], -math.inf, math.inf
    )
