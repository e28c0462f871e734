"""Kitten tricks: a trick-taking game of kittens collecting toys, round after round.

The rules are on the game's docs page (`docs/games/kitten-tricks.md`, clause by clause). The
package holds the whole game: `cards` (the cards and the deck, KT-1), `events`, `_position`
(the position the engine stores), `view` (what a seat may know of it), `rules` (the options,
the action, scenarios and their checks, the transitions of
[`State`][cardgames.kitten_tricks.rules.State], KT-2..6, and `GAME`), `sampler` (the worlds
a seat cannot tell apart, for search) and `bot` (the heuristic bot). Everything public is
importable from `cardgames.kitten_tricks` itself.

Examples:
    >>> from cardgames import kitten_tricks
    >>> state = kitten_tricks.GAME.new(3, seed=7)
    >>> plays = len(state.legal_actions())
    >>> print(f"trump card: {state.trump}; seat 0 may play any of {plays} cards")
    trump card: blue 6; seat 0 may play any of 10 cards
    >>> state = state.apply(state.legal_actions()[0])
    >>> print(state.events[-1])
    seat 0 plays red 2
"""

from __future__ import annotations

from cardgames.kitten_tricks.actions import PlayCard
from cardgames.kitten_tricks.bot import HeuristicBot
from cardgames.kitten_tricks.cards import COLOUR_NAMES, MAX_VALUES, Card
from cardgames.kitten_tricks.events import (
    CardReceived,
    ColourLost,
    Dealt,
    MatchEnded,
    Played,
    RoundEnded,
    RoundStarted,
    TrickWon,
)
from cardgames.kitten_tricks.options import Rules
from cardgames.kitten_tricks.rules import (
    GAME,
    HAND_SIZES,
    LOSS_THRESHOLD,
    SUPER_CHATS_TO_WIN,
    State,
    deck,
    scenario,
)
from cardgames.kitten_tricks.scenario import Setup
from cardgames.kitten_tricks.view import View

__all__ = [
    "COLOUR_NAMES",
    "GAME",
    "HAND_SIZES",
    "LOSS_THRESHOLD",
    "MAX_VALUES",
    "SUPER_CHATS_TO_WIN",
    "Card",
    "CardReceived",
    "ColourLost",
    "Dealt",
    "HeuristicBot",
    "MatchEnded",
    "PlayCard",
    "Played",
    "RoundEnded",
    "RoundStarted",
    "Rules",
    "Setup",
    "State",
    "TrickWon",
    "View",
    "deck",
    "scenario",
]
