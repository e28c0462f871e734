"""Computer players: the bot protocol, a random bot, information-set MCTS, and match play.

A bot is any object with a ``choose(view, rng)`` method that returns one of
``view.legal_actions``. It is given the seat's [`View`][cardgames.engine.View] (all that the
seat may know) and a `random.Random`, never a [`State`][cardgames.engine.State], so a bot
cannot read cards its seat has not seen.

Examples:
    >>> import cardgames
    >>> from cardgames.bots import RandomBot, play_match
    >>> game = cardgames.get_game("classic-mistigri")
    >>> final = play_match(game, [RandomBot()] * 3, seed=5)
    >>> final.is_over, len(final.outcome.winners)
    (True, 2)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from cardgames import get_game
from cardgames.bots.ismcts import ISMCTSBot
from cardgames.engine import Action, Game, State, View

__all__ = ["Bot", "ISMCTSBot", "RandomBot", "heuristic_bot", "play_match", "tuned_bot"]


@runtime_checkable
class Bot(Protocol):
    """A computer player: picks one of the legal actions of the view it is given."""

    def choose(self, view: View, rng: random.Random) -> Action:
        """Return one of ``view.legal_actions`` (``view.to_move == view.seat``)."""
        ...  # pragma: no cover - a protocol


class RandomBot:
    """Plays a uniformly random legal action: the baseline every other bot must beat."""

    def choose(self, view: View, rng: random.Random) -> Action:
        """Return a random one of ``view.legal_actions``."""
        return rng.choice(view.legal_actions)

    def __repr__(self) -> str:
        """Return ``RandomBot()``."""
        return "RandomBot()"


def play_match(
    game: Game[Any],
    bots: Sequence[Bot],
    *,
    seed: int | None = None,
    rules: object | None = None,
) -> State[Any]:
    """Play a whole match between ``bots`` (one per seat) and return its final state.

    Each decision goes to the bot of ``to_move`` with that seat's view and that seat's own
    ``random.Random``, seeded from ``seed`` and the seat, so a seeded match between
    deterministic bots is reproducible.

    Raises:
        InvalidSetupError: the number of bots is not a valid player count.
        IllegalActionError: a bot returned an action that is not legal.
    """
    state: State[Any] = game.new(len(bots), seed=seed, rules=rules)
    # Bots need reproducible play, not secrecy.
    rngs = [random.Random(f"{state.seed}/{seat}") for seat in range(len(bots))]  # noqa: S311
    while not state.is_over:
        seat: int = state.to_move  # type: ignore[assignment]  # not over: a seat moves
        state = state.apply(bots[seat].choose(state.view(seat), rngs[seat]))
    return state


def heuristic_bot(slug: str) -> Bot:
    """Return a new heuristic bot for the game ``slug``.

    Each game registers its heuristic bot as its ``"heuristic_bot"`` part
    ([`part`][cardgames.engine.Game.part]). Classic Mistigri has no decision a bot can make
    well: the engine reshuffles the fan before every blind draw, so every position is as good
    as any other, and it registers none; its heuristic bot is `RandomBot`.

    Raises:
        UnknownGameError: no game is registered under ``slug``.
    """
    bot = _registered_bot(slug, "heuristic_bot")
    return RandomBot() if bot is None else bot


def tuned_bot(slug: str) -> Bot:
    """Return a new tuned heuristic bot for the game ``slug``: the `hard` level's policy.

    A game whose heuristic bot has thresholds to tune registers the bot with tuned ones as its
    ``"tuned_bot"`` part: Crazy Animals ([`tuned_bot`][cardgames.crazy_animals.bot.tuned_bot],
    from ``benchmarks/tune_heuristic.py``). Every other game's tuned bot is its heuristic bot.

    Raises:
        UnknownGameError: no game is registered under ``slug``.
    """
    bot = _registered_bot(slug, "tuned_bot")
    return heuristic_bot(slug) if bot is None else bot


def _registered_bot(slug: str, part: str) -> Bot | None:
    """A new bot of the game ``slug``'s ``part`` (a bot class or factory), or None without one."""
    game = get_game(slug)
    if part not in game.parts:
        return None
    bot: Bot = game.part(part)()
    return bot
