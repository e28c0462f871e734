"""Bot levels in family words (issue 26): each parses, plays legal moves, and bounds its time."""

from __future__ import annotations

import random

import pytest

import cardgames
from cardgames.bots.levels import LEVELS, NAMES, CasualBot, level_of
from cardgames.bots.rollout import RolloutBot
from cardgames.bots.spec import BotSpec
from cardgames.table import Table


@pytest.mark.parametrize("word", ["easy", "medium", "hard", "facile", "moyen", "difficile"])
def test_each_level_parses_in_both_languages(word: str) -> None:
    """A level's family name, in English or French, is its spec."""
    spec = BotSpec.parse(word)
    assert level_of(spec.label) in LEVELS
    english = next(level for lang in NAMES.values() for level, w in lang.items() if w == word)
    assert spec == BotSpec.parse(LEVELS[english])


def test_medium_is_the_heuristic_and_easy_the_casual_bot() -> None:
    """`medium` is today's heuristic bot; `easy` the casual bot."""
    assert BotSpec.parse("medium").kind == "heuristic"
    assert isinstance(BotSpec.parse("easy").build("crazy-animals"), CasualBot)


def test_hard_is_the_rollout_bot_with_a_time_budget() -> None:
    """`hard` is the rollout bot with a `seconds` budget under the 1 s a decision may take."""
    bot = BotSpec.parse("hard").build("kitten-tricks")
    assert isinstance(bot, RolloutBot)
    assert bot.seconds is not None
    assert bot.seconds < 1
    assert (bot.samples, bot.confidence) == (64, 1.5)


@pytest.mark.parametrize("slug", sorted(cardgames.GAMES))
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_each_level_plays_a_legal_match(slug: str, level: str) -> None:
    """A table of one level's bots plays a whole match (the table checks every move)."""
    game = cardgames.get_game(slug)
    bots = dict.fromkeys(range(game.min_players), level)
    table = Table.new(game, players=game.min_players, bots=bots, seed=2)
    table.play_bots()
    assert table.is_over


@pytest.mark.parametrize("slug", sorted(cardgames.GAMES))
def test_hard_chooses_a_legal_move(slug: str) -> None:
    """`hard` (with a small sample budget here) answers with a legal move in every game."""
    game = cardgames.get_game(slug)
    state = game.new(game.min_players, seed=4)
    bot = BotSpec.parse(LEVELS["hard"] + ":samples=2").build(slug)
    view = state.view(state.to_move)
    assert bot.choose(view, random.Random(1)) in view.legal_actions


def test_the_casual_bot_forgets_in_crazy_animals() -> None:
    """With `forget=1` the casual bot plays as the heuristic bot does on a blank memory."""
    state = cardgames.get_game("crazy-animals").new(2, seed=7)
    view = state.view(0)
    bot = CasualBot("crazy-animals", slip=0.0, forget=1.0)
    blank = view.without_knowledge()
    inner = cardgames.bots.heuristic_bot("crazy-animals")
    assert bot.choose(view, random.Random(3)) == inner.choose(blank, random.Random(3))
