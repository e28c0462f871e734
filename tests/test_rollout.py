"""The rollout bot (the hard level): legal, deterministic, in time, and it finds the best move."""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

import pytest

import cardgames
from cardgames import crazy_animals as ca
from cardgames.bots import Bot, RandomBot, heuristic_bot
from cardgames.bots._search import distinct
from cardgames.bots.rollout import RolloutBot
from cardgames.bots.spec import ROLLOUT_DEFAULTS, BotSpec
from cardgames.crazy_animals import TakeDiscard
from cardgames.crazy_animals.cards import DECK
from cardgames.crazy_mistigri import MISTIGRI, DiscardPair, ForceCard
from cardgames.encoding import outcome_returns
from cardgames.engine import Action, Outcome, State, View, standing
from cardgames.errors import InvalidSetupError
from cardgames.kitten_tricks import PlayCard
from cardgames.kitten_tricks import scenario as kitten_scenario
from crazy_mistigri.test_bot import draw, table
from crazy_mistigri.test_rules import card
from kitten_tricks.test_rules import c, cs
from support import run_benchmark

ONE_ROUND = {
    "crazy-mistigri": {"rounds": 1, "max_rounds": 1},
    "kitten-tricks": {"max_rounds": 1},
    "crazy-animals": {"rounds": 1},
}


def _decision(slug: str, seed: int) -> View:
    """The first view of a seeded one-round match, played by heuristic bots, with a choice."""
    game = cardgames.get_game(slug)
    state = game.new(3, seed=seed, rules=game.Rules(**ONE_ROUND.get(slug, {})))
    bot = heuristic_bot(slug)
    rng = random.Random(seed)
    while len({str(a) for a in state.legal_actions()}) < 2:
        state = state.apply(bot.choose(state.view(state.to_move), rng))
    view: View = state.view(state.to_move)
    return view


@pytest.mark.parametrize("slug", sorted(cardgames.GAMES))
def test_rollout_bot_returns_a_legal_action(slug: str) -> None:
    """In every game, the rollout bot answers a decision with one of the legal actions."""
    view = _decision(slug, 3)
    assert RolloutBot(4).choose(view, random.Random(1)) in view.legal_actions


@pytest.mark.parametrize("slug", ["crazy-mistigri", "kitten-tricks", "crazy-animals"])
def test_rollout_bot_is_deterministic_for_a_seed(slug: str) -> None:
    """With a sample budget alone, the same view and rng seed give the same action."""
    view = _decision(slug, 5)
    bot = RolloutBot(6, confidence=0.0)
    assert bot.choose(view, random.Random(9)) == bot.choose(view, random.Random(9))


def test_rollout_bot_respects_its_time_budget() -> None:
    """With a budget of 1,000 worlds and 0.05 s, it answers within the time and one move."""
    view = _decision("kitten-tricks", 7)
    start = time.perf_counter()
    action = RolloutBot(1000, seconds=0.05).choose(view, random.Random(2))
    assert time.perf_counter() - start < 0.5
    assert action in view.legal_actions


class _Slow:
    """The heuristic bot of Crazy Animals, 2 ms slower at every decision."""

    def __init__(self) -> None:
        self.inner = heuristic_bot("crazy-animals")

    def choose(self, view: View, rng: random.Random) -> Action:
        time.sleep(0.002)
        return self.inner.choose(view, rng)


def test_rollout_bot_out_of_time_plays_the_heuristic_choice() -> None:
    """When not one world is played out in time, it plays its rollout policy's choice."""
    view = _decision("crazy-animals", 4)
    bot = RolloutBot(1000, seconds=0.001, policy=_Slow())
    expected = heuristic_bot("crazy-animals").choose(view, random.Random(3))
    assert bot.choose(view, random.Random(3)) == expected


def test_crazy_animals_rollouts_take_a_zero_into_the_slot_known_to_hold_a_nine() -> None:
    """With random rollouts, the bot takes a discarded 0 into the slot it saw a 9 in."""
    nine, zero, one = ca.Card(9), ca.Card(0), ca.Card(1)
    slots = [[nine, ca.Card(5), ca.Card(5), one], [ca.Card(4)] * 4, [ca.Card(3)] * 4]
    used = Counter(card for row in slots for card in row) + Counter([zero])
    stock = list((Counter(DECK.cards) - used).elements())
    state = ca.scenario(slots, stock=stock, discard_pile=[zero], seed=3)
    bot = RolloutBot(100, confidence=0.0, halving=False, policy=RandomBot())
    assert bot.choose(state.view(0), random.Random(0)) == TakeDiscard(0)


def test_crazy_mistigri_rollouts_force_the_mistigri_on_the_next_player() -> None:
    """With random rollouts, the bot forces the Mistigri (a penalty) rather than a plain card."""
    hands = [["4c1", "4c2", "2c1", "2c2", "mistigri", "3c1"], ["6c2", "7c1"], ["7c2"], ["8c1"]]
    state = draw(table(hands)).apply(DiscardPair(card("2c1"), card("2c2")))
    bot = RolloutBot(200, confidence=0.0, halving=False, policy=RandomBot())
    assert bot.choose(state.view(0), random.Random(0)) == ForceCard(MISTIGRI)


def test_kitten_tricks_rollouts_take_a_seven_led_trick_with_the_coup_de_patte() -> None:
    """With random rollouts, last to a trick led with a 7, the bot takes it with the 1."""
    state = kitten_scenario(
        [cs("blue-6"), cs("blue-5"), cs("red-1 green-3 blue-7")],
        trump=c("yellow-4"),
        trick=cs("red-7 red-2"),
        to_move=2,
        collections=[[], [], []],
    )
    bot = RolloutBot(24, confidence=0.0, policy=RandomBot())
    assert bot.choose(state.view(2), random.Random(0)) == PlayCard(c("red-1"))


def test_rollout_spec_builds_the_bot_with_its_options() -> None:
    """`rollout:samples=8:seconds=0.5` builds a RolloutBot with the defaults for the rest."""
    bot = BotSpec.parse("rollout:samples=8:seconds=0.5").build("crazy-animals")
    assert isinstance(bot, RolloutBot)
    assert (bot.samples, bot.seconds) == (8, 0.5)
    assert bot.confidence == ROLLOUT_DEFAULTS["confidence"]
    assert str(BotSpec.parse(f"rollout:samples={ROLLOUT_DEFAULTS['samples']}")) == "rollout"


@pytest.mark.parametrize(
    "text",
    [
        "rollout:samples=0",
        "rollout:samples=1.5",
        "rollout:seconds=0",
        "rollout:confidence=-1",
        "rollout:horizon=game",
        "rollout:halving=3",
        "rollout:iterations=10",
    ],
)
def test_rollout_spec_refuses_bad_options(text: str) -> None:
    """An unknown option or a value out of its bounds raises InvalidSetupError."""
    with pytest.raises(InvalidSetupError):
        BotSpec.parse(text)


def test_rollout_bot_refuses_bad_settings() -> None:
    """The constructor checks its settings like the spec does, compiled too (no bare TypeError)."""
    with pytest.raises(InvalidSetupError, match="samples"):
        RolloutBot(0)
    with pytest.raises(InvalidSetupError, match="horizon"):
        RolloutBot(4, horizon="game")
    with pytest.raises(InvalidSetupError, match="halving"):
        RolloutBot(4, halving=1)
    with pytest.raises(InvalidSetupError, match="horizon"):
        RolloutBot(4, horizon=3)
    with pytest.raises(InvalidSetupError, match="samples"):
        RolloutBot("8")


def test_round_horizon_scores_the_match_as_it_stands_at_the_round_end() -> None:
    """With the round horizon, a rollout of a two-round match stops when round 1 ends."""
    game = cardgames.get_game("crazy-animals")
    state = game.new(3, seed=8, rules=game.Rules(rounds=2))
    policy = heuristic_bot("crazy-animals")
    first = policy.choose(state.view(state.to_move), random.Random(4))
    world, rng = state.apply(first), random.Random(5)
    while world.round == 1:
        world = world.apply(policy.choose(world.view(world.to_move), rng))
    best = min(world.scores)
    standing = Outcome(tuple(s for s, v in enumerate(world.scores) if v == best), world.scores)
    bot = RolloutBot(1, horizon="round")
    got = bot._rollout(state, first, (policy, policy), random.Random(5), None)
    assert got == outcome_returns(standing, "lower")
    assert not world.is_over


def _reference_rollout(state: State[Any], action: Action, policy: Bot, seed: int) -> Outcome:
    """The rollout as `State.apply` plays it: a new state at every move, to the round's end."""
    world, rng = state.apply(action), random.Random(seed)
    start = world.round
    while world.to_move is not None and world.round == start:
        world = world.apply(policy.choose(world.view(world.to_move), rng))
    return world.outcome or standing(world)


@pytest.mark.parametrize("slug", sorted(cardgames.GAMES))
def test_rollouts_in_place_return_what_apply_gives(slug: str) -> None:
    """A rollout advanced in place returns what `apply`'s moves return, and leaves its world."""
    view = _decision(slug, 6)
    game, policy = cardgames.get_game(slug), heuristic_bot(slug)
    bot = RolloutBot(1)
    rng = random.Random(4)
    for seed in range(3):
        world = game.sample_world(view, rng)
        pos, log = world._pos, world._log
        for action in distinct(view.legal_actions):
            expected = _reference_rollout(world, action, policy, seed)
            got = bot._rollout(world, action, (policy, policy), random.Random(seed), None)
            assert got == outcome_returns(expected, game.better_scores)
        assert (world._pos, world._log) == (pos, log)


def test_rollout_benchmark_reports_ms_per_decision_and_its_parts() -> None:
    """benchmarks/rollout.py prints each game's ms per decision, its steps, and its parts' µs."""
    args = ["--samples", "2", "--decisions", "1", "--breakdown", "2", "--players", "3"]
    args += ["--game", "kitten-tricks", "crazy-animals", "--compiled-python", "no-such-python"]
    done = run_benchmark("rollout.py", args)
    rows = [line for line in done.stdout.splitlines() if line.startswith(("| kitten", "| crazy"))]
    assert [row.split(" | ")[:3] for row in rows] == [
        ["| kitten-tricks", "3", "pure"],
        ["| crazy-animals", "3", "pure"],
    ] * 2
    decisions, parts = rows[:2], rows[2:]
    for row in decisions:
        assert all(float(cell.replace(",", "")) > 0 for cell in row.rstrip(" |").split(" | ")[3:])
    for row in parts:
        assert all(float(cell.replace(",", "")) > 0 for cell in row.split(" | ")[3:8])


def test_a_rollout_from_a_move_that_ends_the_round_plays_the_next_round() -> None:
    """A rollout whose first move ends a round plays the next round out, as with `apply`."""
    game = cardgames.get_game("crazy-animals")
    state = game.new(3, seed=8, rules=game.Rules(rounds=3))
    policy, rng = heuristic_bot("crazy-animals"), random.Random(5)
    action = policy.choose(state.view(state.to_move), rng)
    while state.apply(action).round == state.round:
        state = state.apply(action)
        action = policy.choose(state.view(state.to_move), rng)
    expected = _reference_rollout(state, action, policy, 7)
    got = RolloutBot(1)._rollout(state, action, (policy, policy), random.Random(7), None)
    assert got == outcome_returns(expected, "lower")
    assert expected.scores != standing(state.apply(action)).scores
