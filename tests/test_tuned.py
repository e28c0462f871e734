"""The tuned heuristic bot and the `hard` level built on it (issue 28).

Crazy Animals' heuristic bot decides by five thresholds; `benchmarks/tune_heuristic.py` tunes
them against the default ones and ships the result as package data (`tuned.json`). The `hard`
level's rollout bot plays its own seat with that tuned bot and models the other seats with the
heuristic bot.
"""

from __future__ import annotations

import inspect
import json
import random
from importlib import resources
from typing import Any

import pytest

import cardgames
from cardgames.bots import RandomBot, heuristic_bot, tuned_bot
from cardgames.bots.levels import LEVELS
from cardgames.bots.rollout import RolloutBot
from cardgames.bots.spec import BotSpec
from cardgames.crazy_animals.bot import HeuristicBot, tuned_thresholds
from cardgames.engine import Action, View
from cardgames.errors import InvalidSetupError
from support import run_benchmark


def _shipped() -> dict[str, Any]:
    text = resources.files("cardgames.crazy_animals").joinpath("tuned.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def test_the_tuned_thresholds_are_the_heuristic_bots_own_settings() -> None:
    """tuned.json names each of `HeuristicBot`'s thresholds once, each a number that differs."""
    thresholds = tuned_thresholds()
    names = [p for p in inspect.signature(HeuristicBot).parameters if p != "self"]
    assert sorted(thresholds) == sorted(names)
    bot = tuned_bot("crazy-animals")
    assert isinstance(bot, HeuristicBot)
    assert {name: getattr(bot, name) for name in names} == thresholds
    default = HeuristicBot()
    assert any(getattr(default, name) != value for name, value in thresholds.items())


def test_the_shipped_tuning_was_checked_on_fresh_deals() -> None:
    """tuned.json keeps the search's command and a check on other deals above the fair share."""
    data = _shipped()
    assert data["game"] == "crazy-animals"
    assert data["command"].startswith("python benchmarks/tune_heuristic.py")
    check, search = data["check"], data["search"]
    assert check["seed"] != search["seed"]
    low, high = check["ci95"]
    assert low <= check["share"] <= high
    assert low > data["fair_share"] == round(1 / data["players"], 4)


@pytest.mark.parametrize("slug", ["kitten-tricks", "crazy-mistigri", "classic-mistigri"])
def test_a_game_with_no_thresholds_to_tune_has_its_heuristic_bot_as_tuned_bot(slug: str) -> None:
    """`tuned_bot` falls back on the game's heuristic bot."""
    assert type(tuned_bot(slug)) is type(heuristic_bot(slug))


def test_the_tuned_spec_builds_the_tuned_bot() -> None:
    """`tuned` is a bot kind of its own, for the arena and the command line."""
    bot = BotSpec.parse("tuned").build("crazy-animals")
    assert isinstance(bot, HeuristicBot)
    assert bot.take_gain == tuned_thresholds()["take_gain"]


def test_hard_plays_its_seat_with_the_tuned_bot_and_models_the_others_with_the_heuristic() -> None:
    """`hard` is `rollout:policy=tuned`: the tuned bot for its moves, the heuristic for others."""
    assert BotSpec.parse("hard") == BotSpec.parse(LEVELS["hard"])
    assert dict(BotSpec.parse("hard").options)["policy"] == "tuned"
    bot = BotSpec.parse("hard").build("crazy-animals")
    assert isinstance(bot, RolloutBot)
    assert isinstance(bot.policy, HeuristicBot)
    assert bot.policy.knock_at == tuned_thresholds()["knock_at"]
    assert isinstance(bot.opponents, HeuristicBot)
    assert repr(bot.opponents) == repr(HeuristicBot())
    plain = BotSpec.parse("rollout").build("crazy-animals")
    assert isinstance(plain, RolloutBot)
    assert (plain.policy, plain.opponents) == (None, None)


@pytest.mark.parametrize("text", ["rollout:policy=random", "rollout:policy=3", "tuned:samples=2"])
def test_a_bad_policy_or_an_option_of_the_tuned_bot_is_refused(text: str) -> None:
    """The rollout's policy is `heuristic` or `tuned`; the tuned bot takes no options."""
    with pytest.raises(InvalidSetupError):
        BotSpec.parse(text)


class _Seen:
    """A random bot that notes the seat of every view it is asked about."""

    def __init__(self) -> None:
        self.seats: set[int] = set()
        self.inner = RandomBot()

    def choose(self, view: View, rng: random.Random) -> Action:
        self.seats.add(view.seat)
        return self.inner.choose(view, rng)


@pytest.mark.parametrize("slug", ["crazy-animals", "kitten-tricks"])
def test_the_rollouts_play_the_bots_seat_with_its_policy_and_the_others_with_its_model(
    slug: str,
) -> None:
    """`policy` moves for the seat that decides, `opponents` for every other seat, only."""
    game = cardgames.get_game(slug)
    state = game.new(3, seed=3)
    while len(state.legal_actions()) < 2:
        state = state.apply(state.legal_actions()[0])
    seat = state.to_move
    own, others = _Seen(), _Seen()
    bot = RolloutBot(4, confidence=0.0, policy=own, opponents=others)
    assert bot.choose(state.view(seat), random.Random(2)) in state.legal_actions()
    assert own.seats == {seat}
    assert others.seats == set(range(3)) - {seat}


@pytest.mark.parametrize("slug", ["crazy-animals", "kitten-tricks", "crazy-mistigri"])
def test_without_a_model_of_the_others_the_policy_plays_every_seat(slug: str) -> None:
    """`opponents=None` is the policy for every seat, and another heuristic bot plays the same.

    So `hard` in a game whose tuned bot is its heuristic bot decides as before `opponents`.
    """
    game = cardgames.get_game(slug)
    rng = random.Random(1)
    for seed in range(4):
        state = game.new(3, seed=seed)
        while not state.is_over and len(state.legal_actions()) < 3:
            state = state.apply(rng.choice(state.legal_actions()))
        view = state.view(state.to_move)
        policy = heuristic_bot(slug)
        bots = (
            RolloutBot(6, confidence=0.0, policy=policy),
            RolloutBot(6, confidence=0.0, policy=policy, opponents=policy),
            RolloutBot(6, confidence=0.0, policy=policy, opponents=heuristic_bot(slug)),
        )
        choices = {bot.choose(view, random.Random(seed)) for bot in bots}
        assert len(choices) == 1


def test_tune_benchmark_searches_then_checks_on_fresh_deals() -> None:
    """benchmarks/tune_heuristic.py prints its thresholds, the search's share and the check's."""
    args = ["--deals", "2", "--check-deals", "2", "--sweeps", "1", "--workers", "0"]
    done = run_benchmark("tune_heuristic.py", args)
    result = json.loads(done.stdout)
    assert sorted(result["thresholds"]) == sorted(tuned_thresholds())
    assert result["trials"] >= 1
    assert result["check"]["seed"] != result["search"]["seed"]
    low, high = result["check"]["ci95"]
    assert low <= result["check"]["share"] <= high
    assert "[tune] sweep 1" in done.stderr
