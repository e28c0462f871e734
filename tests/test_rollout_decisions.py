"""The rollout bot (`hard`) chooses today what it chose when its decisions were recorded (issue 28).

With a sample budget and no time budget, the rollout bot is deterministic for a seed, so a
faster rollout must give the very same choices: the same worlds sampled, the same moves played
out in each, the same returns. For Crazy Mistigri, Kitten tricks and Crazy Animals at three
player counts, seeded one-round matches are played by the heuristic bot; at every other decision
with a choice (up to eight a match), `RolloutBot(8, confidence=0.0)` (which follows any gain, so
that a changed return shows) chooses, and its choice is checked with a number drawn from its
``random.Random`` afterwards (so that the sampling drew the same numbers). Two decisions a game
are checked with the `hard` level's own settings and a fixed sample budget, `RolloutBot(64)`.

Print the records again (only when the bot's behaviour is meant to change) with
``python tests/test_rollout_decisions.py``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import cardgames
from cardgames.bots import heuristic_bot
from cardgames.bots._search import distinct
from cardgames.bots.rollout import RolloutBot
from cardgames.engine import View

ONE_ROUND = {
    "crazy-mistigri": {"rounds": 1, "max_rounds": 1},
    "kitten-tricks": {"max_rounds": 1},
    "crazy-animals": {"rounds": 1},
}
MATCHES = {
    "crazy-mistigri": ((3, 11), (4, 12), (5, 13)),
    "kitten-tricks": ((3, 11), (4, 12), (5, 13)),
    "crazy-animals": ((2, 10), (3, 11), (4, 12)),
}
"""Each game's seeded matches: (players, seed)."""

RECORDED: dict[tuple[str, int], list[tuple[str, int]]] = {
    ("crazy-mistigri", 3): [
        ("discard 5c2 + 5c3", 22969),
        ("discard 3c3 + 3c4", 61726),
        ("give 3c2 to seat 1", 13634),
        ("pile 4c1 to seat 1", 57653),
        ("discard 5c1 + 7c1", 52814),
        ("discard 6c1 + 6c2", 61615),
        ("discard 3c1 + 3c5", 2205),
        ("swap Mistigri for 3c6", 3819),
    ],
    ("crazy-mistigri", 4): [
        ("discard 3c5 + 5c5", 45609),
        ("discard 5c3 + 5c5", 5721),
        ("give 3c3 to seat 0", 15851),
        ("give 3c1 to seat 1", 30390),
        ("reverse", 7762),
        ("give Mistigri to seat 3", 40149),
        ("pile 4c1 to seat 3", 40369),
        ("pile 2c5 to seat 1", 11987),
    ],
    ("crazy-mistigri", 5): [
        ("discard 2c1 + 8c1", 17697),
        ("give Mistigri to seat 3", 2223),
        ("discard 5c2 + 5c5", 26240),
        ("pile 8c1 to seat 0", 24654),
        ("pile 5c2 to seat 2", 4485),
        ("force 9c1", 8842),
        ("pile 4c1 to seat 1", 48067),
        ("pile 5c3 to seat 3", 41522),
    ],
    ("kitten-tricks", 3): [
        ("play purple 4", 33060),
        ("play green 3", 41667),
        ("play yellow 1", 36462),
        ("play red 7", 40172),
        ("play yellow 4", 17705),
        ("play yellow 4", 31135),
        ("play red 2", 58020),
        ("play red 4", 23296),
    ],
    ("kitten-tricks", 4): [
        ("play yellow 6", 40378),
        ("play yellow 1", 52302),
        ("play green 1", 45475),
        ("play red 2", 40172),
        ("play purple 2", 43280),
        ("play green 7", 817),
        ("play purple 7", 38407),
        ("play red 4", 41503),
    ],
    ("kitten-tricks", 5): [
        ("play purple 5", 31498),
        ("play red 7", 6297),
        ("play green 6", 49157),
        ("play yellow 3", 33686),
        ("play green 4", 7803),
        ("play red 7", 44414),
        ("play blue 1", 9753),
        ("play green 2", 42066),
    ],
    ("crazy-animals", 2): [
        ("swap slot 0 with seat 1's slot 1", 25045),
        ("do not knock", 19309),
        ("put the drawn card into slot 1", 3003),
        ("take the discard into slot 0", 5100),
        ("do not knock", 47145),
    ],
    ("crazy-animals", 3): [
        ("discard the drawn card", 11631),
        ("discard the drawn card", 29581),
        ("discard it and draw again", 574),
        ("discard the drawn card", 53688),
        ("draw from the stock", 9821),
        ("knock", 50006),
        ("put the drawn card into slot 2", 25061),
        ("draw from the stock", 16135),
    ],
    ("crazy-animals", 4): [
        ("peek at slot 1", 11631),
        ("draw from the stock", 29803),
        ("take the discard into slot 1", 25956),
        ("discard it and draw again", 35426),
        ("knock", 5342),
        ("knock", 41371),
        ("play the Draw-two", 36751),
        ("put the drawn card into slot 2", 40216),
    ],
}
"""Each match's choices of `RolloutBot(8, confidence=0.0)`: (action, a 16-bit draw after it)."""

HARD: dict[str, list[tuple[str, int]]] = {
    "crazy-mistigri": [("discard 4c4 + 4c5", 65472), ("give 6c4 to seat 1", 43335)],
    "kitten-tricks": [("play yellow 3", 63278), ("play red 1", 18599)],
    "crazy-animals": [("draw from the stock", 46596), ("do not knock", 24627)],
}
"""The choices of `RolloutBot(64)` at two decisions of a 3-player match (seed 21) per game."""


def _views(slug: str, players: int, seed: int, every: int) -> Iterator[View]:
    """Every ``every``-th view with a choice in a seeded one-round match of heuristic bots."""
    game = cardgames.get_game(slug)
    state = game.new(players, seed=seed, rules=game.Rules(**ONE_ROUND[slug]))
    bot = heuristic_bot(slug)
    rng = random.Random(seed)
    count = 0
    while not state.is_over and state.round == 1:
        view = state.view(state.to_move)
        if len(distinct(view.legal_actions)) > 1:
            if count % every == 0:
                yield view
            count += 1
        state = state.apply(bot.choose(view, rng))


def _choices(slug: str, players: int, seed: int) -> list[tuple[str, int]]:
    """The rollout bot's choices at up to eight decisions of a seeded match."""
    out = []
    for number, view in enumerate(_views(slug, players, seed, 2)):
        if number == 8:
            break
        rng = random.Random(100 + number)
        action = RolloutBot(8, confidence=0.0).choose(view, rng)
        out.append((str(action), rng.getrandbits(16)))
    return out


def _hard(slug: str) -> list[tuple[str, int]]:
    """The choices of `RolloutBot(64)` at two decisions of a 3-player match."""
    out = []
    for number, view in enumerate(_views(slug, 3, 21, 5)):
        if number == 2:
            break
        rng = random.Random(200 + number)
        action = RolloutBot(64).choose(view, rng)
        out.append((str(action), rng.getrandbits(16)))
    return out


@pytest.mark.parametrize(
    ("slug", "players", "seed"),
    [(slug, players, seed) for slug, matches in MATCHES.items() for players, seed in matches],
)
def test_rollout_bot_makes_its_recorded_choices(slug: str, players: int, seed: int) -> None:
    """With eight worlds a decision, the rollout bot makes the choices recorded for the match."""
    assert _choices(slug, players, seed) == RECORDED[slug, players]


@pytest.mark.parametrize("slug", sorted(MATCHES))
def test_hard_rollout_bot_makes_its_recorded_choices(slug: str) -> None:
    """With the hard level's settings and 64 worlds, the bot makes its recorded choices."""
    assert _hard(slug) == HARD[slug]


if __name__ == "__main__":
    for slug, matches in MATCHES.items():
        for players, seed in matches:
            print(f"    ({slug!r}, {players}): {_choices(slug, players, seed)!r},")  # noqa: T201
    for slug in MATCHES:
        print(f"    {slug!r}: {_hard(slug)!r},")  # noqa: T201
