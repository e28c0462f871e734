"""Adding up the matches of a simulation, in match order, deal by deal.

The figures depend on the order in which values are added, so the matches are added in match
order whatever order the workers finish them in: the executor changes the speed, never the
figures.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter

from cardgames.arena.plan import _Plan, _Played, match_seed
from cardgames.arena.report import (
    BotResult,
    Comparison,
    Distribution,
    Estimate,
    MatchError,
    Mode,
    Report,
    SeatResult,
    Timing,
)
from cardgames.arena.stats import StatTally, measured, shared

__all__ = ["Tally"]

_Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution."""


class _Running:
    """Welford's running mean and variance (deterministic for a given order of values)."""

    __slots__ = ("count", "mean", "square")

    def __init__(self) -> None:
        self.count = 0
        self.mean = 0.0
        self.square = 0.0

    def add(self, value: float) -> None:
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self.square += delta * (value - self.mean)

    def estimate(self, low: float, high: float) -> Estimate:
        if self.count < 2:  # noqa: PLR2004 - a spread needs two
            return Estimate(self.mean, low, high, (high - low) / 2, self.count)
        half = _Z95 * math.sqrt(self.square / (self.count - 1) / self.count)
        return Estimate(
            self.mean, max(low, self.mean - half), min(high, self.mean + half), half, self.count
        )


class Tally:
    """Adds up the matches of a plan, fed in match order, deal by deal."""

    def __init__(self, plan: _Plan) -> None:
        """Start with no match added, for the matches of ``plan``."""
        self.plan = plan
        bots = len(plan.bots)
        self.pending: list[tuple[int, _Played]] = []
        self.bot_units = [_Running() for _ in range(bots)]
        self.bot_matches = [_Running() for _ in range(bots)]
        self.seat_units = [_Running() for _ in range(plan.players)]
        self.pairs = {(a, b): _Running() for a, b in itertools.combinations(range(bots), 2)}
        self.bot_scores = [Counter[int]() for _ in range(bots)]
        self.seat_scores = [Counter[int]() for _ in range(plan.players)]
        self.seat_matches = [0] * bots
        self.decisions = Counter[int]()
        self.rounds = Counter[int]()
        self.errors: list[MatchError] = []
        self.error_count = 0
        self.match_seconds = 0.0
        self.choosing = [0.0] * bots
        self.choices = [0] * bots
        self.total_decisions = 0
        first = getattr(plan.rules, "first_player", 0) % plan.players
        self.first_seat = first
        self.stats = StatTally(
            (
                *measured(plan.slug, plan.players, plan.rules),
                *shared(plan.players, first, [spec.label for spec in plan.bots]),
            )
        )

    def add(self, match: int, played: _Played) -> None:
        """Take the next match (matches arrive in order)."""
        plan = self.plan
        if self.pending and plan.deal(self.pending[0][0]) != plan.deal(match):
            self._close_deal()
        self.pending.append((match, played))
        self.match_seconds += played.seconds
        seating = plan.seating(match)
        for seat, bot in enumerate(seating):
            if played.choosing:
                self.choosing[bot] += played.choosing[seat]
                self.choices[bot] += played.choices[seat]
        if played.error is not None:
            self.error_count += 1
            if len(self.errors) < 10:  # noqa: PLR2004 - a few samples are enough
                labels = tuple(plan.bots[bot].label for bot in seating)
                seed = match_seed(plan.seed, plan.deal(match))
                self.errors.append(MatchError(match, seed, labels, played.error))

    def _close_deal(self) -> None:
        """Fold the pending deal into the statistics, unless one of its matches failed."""
        pending, self.pending = self.pending, []
        if any(played.error is not None for _, played in pending):
            self.stats.open_unit()
            self.stats.close_unit(failed=True)
            return
        self.stats.open_unit()
        for match, played in pending:
            self.stats.add((*played.stats, *self._shared(match, played)))
        self.stats.close_unit(failed=False)
        plan = self.plan
        bots = len(plan.bots)
        unit_sum = [0.0] * bots
        unit_count = [0] * bots
        seat_sum = [0.0] * plan.players
        for match, played in pending:
            match_sum, match_count = self._fold_match(match, played, seat_sum)
            for bot in range(bots):
                unit_sum[bot] += match_sum[bot]
                unit_count[bot] += match_count[bot]
        unit = [unit_sum[b] / unit_count[b] if unit_count[b] else math.nan for b in range(bots)]
        for bot in range(bots):
            self.seat_matches[bot] += unit_count[bot]
            if unit_count[bot]:
                self.bot_units[bot].add(unit[bot])
        for seat in range(plan.players):
            self.seat_units[seat].add(seat_sum[seat] / len(pending))
        for (a, b), running in self.pairs.items():
            if unit_count[a] and unit_count[b]:
                running.add(unit[a] - unit[b])

    def _shared(self, match: int, played: _Played) -> list[tuple[float, ...]]:
        """A match's observations of the win-share statistics (`stats.shared`)."""
        seating = self.plan.seating(match)
        values: list[tuple[float, ...]] = [(share,) for share in played.shares]
        values.append((played.shares[self.first_seat],))
        bots = len(self.plan.bots)
        values += [
            tuple(played.shares[seat] for seat, held in enumerate(seating) if held == bot)
            for bot in range(bots if bots > 1 else 0)
        ]
        return values

    def _fold_match(
        self, match: int, played: _Played, seat_sum: list[float]
    ) -> tuple[list[float], list[int]]:
        """Add one match's scores and length; return each bot's share sum and seat count."""
        bots = len(self.plan.bots)
        match_sum = [0.0] * bots
        match_count = [0] * bots
        for seat, bot in enumerate(self.plan.seating(match)):
            share = played.shares[seat]
            match_sum[bot] += share
            match_count[bot] += 1
            seat_sum[seat] += share
            self.bot_scores[bot][played.scores[seat]] += 1
            self.seat_scores[seat][played.scores[seat]] += 1
        for bot in range(bots):
            if match_count[bot]:
                self.bot_matches[bot].add(match_sum[bot] / match_count[bot])
        self.decisions[played.decisions] += 1
        self.rounds[played.rounds] += 1
        self.total_decisions += played.decisions
        return match_sum, match_count

    def report(self, mode: Mode, matches: int, wall_seconds: float, executor: str) -> Report:
        """The report of everything added."""
        if self.pending:
            self._close_deal()
        plan = self.plan
        labels = [spec.label for spec in plan.bots]
        bots = tuple(
            BotResult(
                label=labels[b],
                seat_matches=self.seat_matches[b],
                share=self.bot_units[b].estimate(0.0, 1.0),
                unpaired=self.bot_matches[b].estimate(0.0, 1.0),
                scores=_distribution(self.bot_scores[b]),
            )
            for b in range(len(labels))
        )
        seats = tuple(
            SeatResult(seat, self.seat_units[seat].estimate(0.0, 1.0), _distribution(scores))
            for seat, scores in enumerate(self.seat_scores)
        )
        comparisons = tuple(
            Comparison(labels[a], labels[b], running.estimate(-1.0, 1.0))
            for (a, b), running in self.pairs.items()
        )
        timing = Timing(
            wall_seconds=wall_seconds,
            match_seconds=self.match_seconds,
            decisions=self.total_decisions,
            executor=executor,
            ms_per_decision=tuple(
                (labels[b], 1000 * self.choosing[b] / self.choices[b] if self.choices[b] else 0.0)
                for b in range(len(labels))
            ),
            matches=matches,
        )
        return Report(
            game=plan.slug,
            players=plan.players,
            mode=mode,
            matches=matches,
            seed=plan.seed,
            rules=plan.rules,
            seatings=tuple(tuple(labels[b] for b in seating) for seating in plan.seatings),
            bots=bots,
            seats=seats,
            comparisons=comparisons,
            decisions=_distribution(self.decisions),
            rounds=_distribution(self.rounds),
            errors=self.error_count,
            error_samples=tuple(self.errors),
            timing=timing,
            statistics=self.stats.results(),
        )


def _distribution(counts: Counter[int]) -> Distribution:
    return Distribution(tuple(sorted(counts.items())))
