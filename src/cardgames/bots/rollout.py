"""A determinized rollout bot: one step of policy improvement over a policy (the heuristic bot).

For each of its decisions, the bot samples worlds consistent with its view
([`sample_world`][cardgames.engine.Game.sample_world]) and, in each world, tries every distinct
legal action, then lets its policy (by default the game's heuristic bot) play its own seat and
its model of the other players (by default the same policy) every other seat, to the end of the
round (or of the match). Every action is tried in the *same* worlds with the *same* randomness
of the rollouts (common random numbers), so the comparison between two actions is paired: the
luck of a world falls on all of them alike, and a few dozen worlds tell apart actions whose
independent samples would need hundreds. The bot plays the action of best mean return
(`cardgames.encoding.outcome_returns`: the share of the win mixed with the score margin).

Successive halving spends the budget where it matters: after each stage, the worse half of the
actions still in the running is dropped (never the policy's own choice while it could still
win), and the worlds saved go to the others. Where the policy's choice and the best action are
about as good, the policy's choice is kept: the bot departs from it only when the worlds say,
by a paired margin, that another action is better.

With a sample budget alone the bot is deterministic for a given `rng`; a `seconds` budget stops
it in time on a slow machine, at the cost of that determinism.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from cardgames import _hot, get_game
from cardgames.bots._search import (
    OutOfTime,
    distinct,
    flag_setting,
    number_setting,
    play_to_horizon,
)
from cardgames.encoding import MARGIN_WEIGHT, outcome_returns
from cardgames.engine import HORIZONS, Action, State, View
from cardgames.errors import InvalidSetupError

if TYPE_CHECKING:
    from cardgames.bots import Bot
    from cardgames.engine import Game

__all__ = ["HORIZONS", "ROLLOUT_BOUNDS", "RolloutBot", "check_setting"]


ROLLOUT_BOUNDS: Mapping[str, tuple[float, float]] = MappingProxyType(
    {
        "samples": (1, 1_000),
        "seconds": (0.001, 60.0),
        "margin_weight": (0.0, 1.0),
        "confidence": (0.0, 10.0),
    }
)
"""The inclusive range of each numeric setting of `RolloutBot` (`samples` is an `int`)."""


def check_setting(name: str, value: object) -> int | float:
    """Return the numeric setting `name` if it lies within `ROLLOUT_BOUNDS[name]`.

    `samples` comes back as the `int` it is, every other setting as a `float`.

    Raises:
        InvalidSetupError: not a number (a bool is not one), not an int for `samples`, or out
            of its bounds (`nan` and infinities included).
    """
    low, high = ROLLOUT_BOUNDS[name]
    integral = name == "samples"
    wanted = f"{'an int' if integral else 'a number'} in {low:g}..{high:g}"
    return number_setting(
        f"rollout option {name}", value, low, high, integral=integral, wanted=wanted
    )


class RolloutBot:
    """Determinized rollouts of a policy (the heuristic bot), compared on common random numbers.

    Args:
        samples: the number of sampled worlds per decision (the budget): each distinct legal
            action still in the running is played out once in each.
        seconds: a time budget per decision; the bot stops at whichever budget runs out first
            and drops the world it was in, so every action keeps the same worlds. ``None``
            (the default) means the sample budget alone.
        horizon: ``"round"`` (the default) ends a rollout with the round it started in and
            scores the match as it then stands; ``"match"`` plays to the end of the match.
        margin_weight: the share of a rollout's return that is the score margin rather than
            the share of the win (`cardgames.encoding.outcome_returns`).
        confidence: how sure the worlds must be that an action beats the policy's
            choice for the bot to play it: its mean gain over that choice, world by world,
            must exceed this many standard errors of the gain (0: any gain).
        halving: drop the worse half of the actions after each stage (successive halving)
            rather than playing every action out in every world.
        informed: sample the worlds with ``sample_world(..., informed=True)``: likelier
            where the other seats' past moves fit them, in a game that models its players'
            moves (Crazy Animals); other games sample as without it.
        policy: the bot whose move is the default and that plays the bot's own seat in the
            rollouts; by default the game's heuristic bot (`cardgames.bots.heuristic_bot`).
        opponents: the bot that plays every other seat in the rollouts, the bot's model of
            the other players; by default ``policy``.

    Raises:
        InvalidSetupError: a setting outside its bounds (`ROLLOUT_BOUNDS`) or an unknown
            horizon.
    """

    # The settings are typed `object` and checked here: compiled, a parameter typed `int` or
    # `bool` would refuse a value of another type with a bare TypeError before the check could
    # say what the setting must be (as `ISMCTSBot`'s).
    def __init__(
        self,
        samples: object = 64,
        *,
        seconds: object = None,
        horizon: object = "round",
        margin_weight: object = MARGIN_WEIGHT,
        confidence: object = 1.5,
        halving: object = True,
        informed: object = True,
        policy: Bot | None = None,
        opponents: Bot | None = None,
    ) -> None:
        """Check and keep the settings (see the class docstring).

        `samples` is an `int`, `horizon` one of `HORIZONS`, `halving` and `informed` bools,
        the others numbers (`seconds` may be ``None``); each is checked at run time.
        """
        self.samples = int(check_setting("samples", samples))
        self.seconds: float | None = (
            None if seconds is None else float(check_setting("seconds", seconds))
        )
        if not isinstance(horizon, str) or horizon not in HORIZONS:
            msg = f"rollout horizon must be one of {', '.join(HORIZONS)}, got {horizon!r}"
            raise InvalidSetupError(msg[:200])
        self.horizon = horizon
        self.margin_weight = float(check_setting("margin_weight", margin_weight))
        self.confidence = float(check_setting("confidence", confidence))
        self.halving = flag_setting("rollout option halving", halving)
        self.informed = flag_setting("rollout option informed", informed)
        self.policy = policy
        self.opponents = opponents
        self._policies: dict[str, Bot] = {}

    def __repr__(self) -> str:
        """Return the constructor call that builds this bot."""
        return (
            f"RolloutBot(samples={self.samples}, seconds={self.seconds}, "
            f"horizon={self.horizon!r}, margin_weight={self.margin_weight}, "
            f"confidence={self.confidence}, halving={self.halving}, informed={self.informed}, "
            f"policy={self.policy!r}, opponents={self.opponents!r})"
        )

    def _policy(self, slug: str) -> Bot:
        """The bot that plays the rollouts of game `slug`."""
        if self.policy is not None:
            return self.policy
        bot = self._policies.get(slug)
        if bot is None:
            from cardgames.bots import heuristic_bot  # noqa: PLC0415 - bots imports this module

            bot = self._policies[slug] = heuristic_bot(slug)
        return bot

    def choose(self, view: View, rng: random.Random) -> Action:
        """Return the policy's choice, or an action the worlds show to be better than it."""
        legal = distinct(view.legal_actions)
        if len(legal) == 1:
            return legal[0]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        game = get_game(view.game)
        policy = self._policy(view.game)
        opponents = policy if self.opponents is None else self.opponents
        default = _as_legal(policy.choose(view, rng), legal)
        values: dict[Action, list[float]] = {action: [] for action in legal}
        running = list(legal)
        for worlds in self._stages(len(legal)):
            try:
                for _ in range(worlds):
                    self._sample(
                        game,
                        view,
                        (policy, opponents),
                        running=running,
                        values=values,
                        rng=rng,
                        deadline=deadline,
                    )
            except OutOfTime:
                break
            if self.halving:
                running = _halve(running, values, default)
                if len(running) == 1:
                    break
        return _best(legal, values, default, self.confidence)

    def _stages(self, actions: int) -> list[int]:
        """The number of worlds of each stage: about the same rollouts in every stage.

        Without halving, one stage of every world. With it, ``ceil(log2(actions))`` stages,
        each with twice the worlds of the last (half the actions), adding up to the budget.
        """
        if not self.halving or actions <= 2:  # noqa: PLR2004 - two actions: nothing to halve
            return [self.samples]
        stages = (actions - 1).bit_length()
        weights = [2**i for i in range(stages)]
        total = sum(weights)
        worlds = [max(1, self.samples * w // total) for w in weights]
        worlds[-1] += max(0, self.samples - sum(worlds))
        return worlds

    def _sample(
        self,
        game: Game[Any],
        view: View,
        policies: tuple[Bot, Bot],
        *,
        running: list[Action],
        values: dict[Action, list[float]],
        rng: random.Random,
        deadline: float | None,
    ) -> None:
        """Play every running action out in one sampled world, with one rollout seed."""
        world = game.sample_world(view, rng, informed=self.informed)
        seed = rng.getrandbits(64)
        seat = view.seat
        # The same rollout randomness for every action: search needs replay, not secrecy.
        results = [
            self._rollout(world, action, policies, random.Random(seed), deadline)[seat]  # noqa: S311
            for action in running
        ]
        # Only a whole world counts, so that every action keeps the same worlds.
        for action, value in zip(running, results, strict=True):
            values[action].append(value)

    def _rollout(
        self,
        state: State[Any],
        action: Action,
        policies: tuple[Bot, Bot],
        rng: random.Random,
        deadline: float | None,
    ) -> tuple[float, ...]:
        """Each seat's return after ``action`` in ``state`` and the policies' moves to the horizon.

        ``policies`` is the bot's own policy (which plays the seat that moves now, the bot's)
        and its model of the other seats.

        ``state`` is left unchanged: the rollout advances a scratch copy of it in place
        (`cardgames._hot.step`), which builds no successor state at each move but the same log
        entry and events as `State.apply`, so the policy reads the views `apply` would give.
        """
        own, opponents = policies
        seat = state.to_move
        world = _hot.scratch(state)
        _hot.step(world, action)
        # The round after ``action``: an action that ends a round, the rollout plays the next.
        last_round = world.round if self.horizon == "round" else -1
        outcome = play_to_horizon(
            world,
            lambda w, mover: (own if mover == seat else opponents).choose(w.view(mover), rng),
            last_round,
            deadline,
        )
        return outcome_returns(outcome, world.game.better_scores, self.margin_weight)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _halve(
    running: list[Action], values: dict[Action, list[float]], default: Action
) -> list[Action]:
    """The better half of the running actions (ties to the earlier), and the default if running."""
    ranked = sorted(running, key=lambda a: -_mean(values[a]))
    kept = ranked[: (len(running) + 1) // 2]
    if default in running and default not in kept:
        kept.append(default)
    return [a for a in running if a in kept]


def _best(
    legal: tuple[Action, ...],
    values: dict[Action, list[float]],
    default: Action,
    confidence: float,
) -> Action:
    """The action of best mean among the most sampled, if it beats the default with confidence.

    The comparison is paired, world by world: the best action is played only if its mean gain
    over the default exceeds `confidence` standard errors of that gain.
    """
    most = max(len(v) for v in values.values())
    if most == 0:
        return default
    finalists = [a for a in legal if len(values[a]) == most]
    best = max(finalists, key=lambda a: sum(values[a]))
    if best == default or default not in finalists:
        return best
    gains = [b - d for b, d in zip(values[best], values[default], strict=True)]
    mean = sum(gains) / most
    if mean <= 0:
        return default
    if most < 2:  # noqa: PLR2004 - a spread needs two worlds
        return best if confidence == 0 else default
    spread = sum((g - mean) ** 2 for g in gains) / (most - 1)
    return best if mean > confidence * math.sqrt(spread / most) else default


def _as_legal(choice: Action, legal: tuple[Action, ...]) -> Action:
    """The policy's choice as one of the distinct legal actions (a blind draw as its class)."""
    if type(choice).interchangeable:
        return next(a for a in legal if type(a) is type(choice))
    return choice
