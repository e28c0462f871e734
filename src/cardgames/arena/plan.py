"""The plan of a simulation, and the worker's side: the matches it plays from the plan.

A `_Plan` holds everything a worker needs to play any match of a simulation, and is
picklable; match `i` is played from [`match_seed`][cardgames.arena.match_seed] of the master
seed and its deal, so that any worker plays it the same.
"""

from __future__ import annotations

import hashlib
import random
import time
from typing import Any

import attrs

import cardgames
from cardgames.arena.stats import measure
from cardgames.bots import Bot, play_match
from cardgames.bots.spec import BotSpec
from cardgames.encoding import outcome_returns
from cardgames.engine import Action, View

__all__ = ["match_seed"]


def match_seed(master: int, deal: int) -> int:
    """The seed of deal `deal` of a simulation whose master seed is `master`.

    A keyed hash of both numbers, so that the deals of different master seeds do not overlap
    and every process computes the same seeds.

    Examples:
        >>> match_seed(7, 0) == match_seed(7, 0) != match_seed(7, 1)
        True
    """
    digest = hashlib.blake2b(f"{master}/{deal}".encode(), digest_size=8, person=b"cg-arena")
    return int.from_bytes(digest.digest(), "little")


@attrs.frozen
class _Plan:
    """Everything a worker needs to play any match of a simulation (picklable)."""

    slug: str
    players: int
    rules: Any
    seed: int
    bots: tuple[BotSpec, ...]
    seatings: tuple[tuple[int, ...], ...]
    """For each seating, the index into `bots` of the bot at each seat."""
    paired: bool
    """Each deal is played in every seating (duplicate, tournament), else one seating each."""

    def deal(self, match: int) -> int:
        return match // len(self.seatings) if self.paired else match

    def seating(self, match: int) -> tuple[int, ...]:
        return self.seatings[match % len(self.seatings)]


@attrs.frozen
class _Played:
    """What a worker sends back for one match."""

    shares: tuple[float, ...]
    scores: tuple[int, ...]
    decisions: int
    rounds: int
    seconds: float
    choosing: tuple[float, ...]
    """Each seat's seconds spent choosing."""
    choices: tuple[int, ...]
    """Each seat's number of decisions."""
    error: str | None = None
    stats: tuple[tuple[float, ...], ...] = ()
    """The observations of each measured statistic (`cardgames.arena.stats.measured`)."""


class _Timed:
    """Wraps a bot, adding up the time it spends choosing."""

    __slots__ = ("bot", "decisions", "seconds")

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.seconds = 0.0
        self.decisions = 0

    def choose(self, view: View, rng: random.Random) -> Action:
        start = time.perf_counter()
        action = self.bot.choose(view, rng)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action


def _play(plan: _Plan, match: int) -> _Played:
    """Play match `match` of the plan; an exception becomes an error record."""
    start = time.perf_counter()
    timed: list[_Timed] = []
    try:
        game = cardgames.get_game(plan.slug)
        timed = [_Timed(plan.bots[index].build(plan.slug)) for index in plan.seating(match)]
        final = play_match(
            game, timed, seed=match_seed(plan.seed, plan.deal(match)), rules=plan.rules
        )
        outcome = final.outcome
        if outcome is None:  # pragma: no cover - play_match plays to the end
            msg = "the match did not end"
            raise RuntimeError(msg)  # noqa: TRY301 - recorded like any other failure
        stats = measure(final)
    except Exception as error:  # noqa: BLE001 - a failing match is counted, not fatal
        return _Played((), (), 0, 0, time.perf_counter() - start, (), (), _describe(error))
    return _Played(
        shares=outcome_returns(outcome, None),  # the win shares alone, no score margin
        scores=tuple(outcome.scores),
        decisions=len(final.history),
        rounds=final.round,
        seconds=time.perf_counter() - start,
        choosing=tuple(bot.seconds for bot in timed),
        choices=tuple(bot.decisions for bot in timed),
        stats=stats,
    )


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


def _play_chunk(plan: _Plan, start: int, stop: int) -> list[_Played]:
    """Play matches `start .. stop - 1` (the task a worker runs)."""
    return [_play(plan, match) for match in range(start, stop)]
