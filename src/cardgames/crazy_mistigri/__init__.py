"""Crazy Mistigri: pairs by colour or by value, eight value effects, an arrow, several rounds.

The package reads like the rulebook (see ``docs/games/crazy-mistigri.md`` for the clauses):

- `cards`: the cat cards, the Mistigri and the deck of each player count (CM-1);
- `rules`: the rules options, the scenarios, and the position with its transitions: the deal
  (CM-2), the draw (CM-3), the pairs (CM-4) and their effects (CM-5), players leaving the round
  (CM-6), the two ends of a round (CM-8, CM-9), the match (CM-10) and the starting player of
  each round (CM-11); it defines `GAME`;
- `actions` and `events`: what players do and what happened, with who sees it (CM-7);
- `view`: what one seat may know; `scenario`: the checks of an explicit setup;
- `sampler`: worlds consistent with a view, for search; `bot`: the heuristic bot.

Every public name is available from the package itself.

Examples:
    >>> from cardgames import crazy_mistigri
    >>> state = crazy_mistigri.GAME.new(4, seed=7)
    >>> state.to_move, state.draw_from, state.legal_actions()[:2]
    (0, 3, (Draw(position=0), Draw(position=1)))
"""

from __future__ import annotations

from cardgames.crazy_mistigri.actions import (
    DiscardOnes,
    DiscardPair,
    Draw,
    DrawChosen,
    EndTurn,
    ForceCard,
    GiveCard,
    Pass,
    PilePick,
    Reverse,
    SwapLater,
    SwapWithPile,
)

# The bot imports the rules: it comes last.
from cardgames.crazy_mistigri.bot import HeuristicBot
from cardgames.crazy_mistigri.cards import DEFAULT_LAYOUT, MISTIGRI, Card
from cardgames.crazy_mistigri.events import (
    CardChosen,
    CardGiven,
    Dealt,
    Drew,
    EffectLapsed,
    LeftRound,
    MatchEnded,
    OnesDiscarded,
    PairDiscarded,
    Passed,
    PileCardTaken,
    Reversed,
    RoundEnded,
    RoundStarted,
    SwapAwaited,
    SwappedWithPile,
)
from cardgames.crazy_mistigri.options import Rules
from cardgames.crazy_mistigri.rules import GAME, HAND_SIZE, State, scenario
from cardgames.crazy_mistigri.scenario import Setup
from cardgames.crazy_mistigri.view import View

__all__ = [
    "DEFAULT_LAYOUT",
    "GAME",
    "HAND_SIZE",
    "MISTIGRI",
    "Card",
    "CardChosen",
    "CardGiven",
    "Dealt",
    "DiscardOnes",
    "DiscardPair",
    "Draw",
    "DrawChosen",
    "Drew",
    "EffectLapsed",
    "EndTurn",
    "ForceCard",
    "GiveCard",
    "HeuristicBot",
    "LeftRound",
    "MatchEnded",
    "OnesDiscarded",
    "PairDiscarded",
    "Pass",
    "Passed",
    "PileCardTaken",
    "PilePick",
    "Reverse",
    "Reversed",
    "RoundEnded",
    "RoundStarted",
    "Rules",
    "Setup",
    "State",
    "SwapAwaited",
    "SwapLater",
    "SwapWithPile",
    "SwappedWithPile",
    "View",
    "scenario",
]
