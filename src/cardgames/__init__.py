"""Exact, fast rules engines for four family card games, behind one engine API.

Examples:
    >>> import cardgames
    >>> list(cardgames.GAMES)
    ['classic-mistigri', 'crazy-mistigri', 'kitten-tricks', 'crazy-animals']
    >>> game = cardgames.get_game("classic-mistigri")
    >>> state = game.new(3, seed=1)
    >>> while not state.is_over:
    ...     state = state.apply(state.legal_actions()[0])
    >>> state.outcome.losers
    (1,)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from cardgames import classic_mistigri, crazy_animals, crazy_mistigri, kitten_tricks
from cardgames.engine import Action, Event, Game, Outcome, State, View
from cardgames.errors import (
    CardGameError,
    IllegalActionError,
    InvalidSeatError,
    InvalidSetupError,
    InvalidStateError,
    UnknownGameError,
)

__all__ = [
    "GAMES",
    "Action",
    "CardGameError",
    "Event",
    "Game",
    "IllegalActionError",
    "InvalidSeatError",
    "InvalidSetupError",
    "InvalidStateError",
    "Outcome",
    "State",
    "UnknownGameError",
    "View",
    "__version__",
    "get_game",
]

__version__ = "0.1.0.dev0"

GAMES: Mapping[str, Game[Any]] = MappingProxyType(
    {
        game.slug: game
        for game in (
            classic_mistigri.GAME,
            crazy_mistigri.GAME,
            kitten_tricks.GAME,
            crazy_animals.GAME,
        )
    }
)
"""Every game of the library, keyed by slug, in a stable order."""


def get_game(slug: str) -> Game[Any]:
    """Return the game registered under ``slug``.

    Raises:
        UnknownGameError: no such game; the message lists the known slugs.
    """
    try:
        return GAMES[slug]
    except (KeyError, TypeError):
        msg = f"no game {slug!r}; known games: {', '.join(GAMES)}"
        raise UnknownGameError(msg) from None
