"""Crazy Animals: the memory game of four face-down cards, blind swaps and peeks.

The package reads like the rulebook (see ``docs/games/crazy-animals.md`` for the clauses):
``cards.py`` holds the cards (CA-1), ``actions.py`` and ``events.py`` what players do and what
happens, ``rules.py`` the options, the transitions and `GAME`: the deal and the first look
(CA-2), a turn (CA-3) and the special cards (CA-4), the stock reshuffle (CA-5), knocking
(CA-6), scoring (CA-7) and the match (CA-8). ``view.py`` builds each seat's view, with its
perfect-recall knowledge of the table derived from what that seat saw (CA-9); ``scenario.py``
checks explicit tables, ``sampler.py`` samples worlds for search bots (``informed.py`` weighs
them by how well the other seats' past moves fit them) and ``bot.py`` holds the
heuristic bot.

Examples:
    >>> from cardgames import crazy_animals
    >>> state = crazy_animals.GAME.new(3, seed=7)
    >>> state.legal_actions()[-1]
    Draw()
    >>> [len(row) for row in state.view(0).knowledge]
    [4, 4, 4]
"""

from __future__ import annotations

from cardgames.crazy_animals.actions import (
    Discard,
    Draw,
    DrawAgain,
    DrawTwo,
    Knock,
    NoKnock,
    Peek,
    Replace,
    Swap,
    TakeDiscard,
)
from cardgames.crazy_animals.bot import HeuristicBot
from cardgames.crazy_animals.cards import DECK, DRAW_TWO, PEEK, SLOTS, SWAP, Card
from cardgames.crazy_animals.events import (
    Discarded,
    DrawTwoPlayed,
    Drew,
    Knocked,
    Looked,
    MatchEnded,
    Peeked,
    Replaced,
    RoundDealt,
    RoundScored,
    SpecialDiscarded,
    SpecialReplaced,
    StockReshuffled,
    Swapped,
    TookDiscard,
)
from cardgames.crazy_animals.options import MAX_ROUNDS, Rules
from cardgames.crazy_animals.rules import GAME, State, scenario
from cardgames.crazy_animals.scenario import Setup
from cardgames.crazy_animals.view import View

__all__ = [
    "DECK",
    "DRAW_TWO",
    "GAME",
    "MAX_ROUNDS",
    "PEEK",
    "SLOTS",
    "SWAP",
    "Card",
    "Discard",
    "Discarded",
    "Draw",
    "DrawAgain",
    "DrawTwo",
    "DrawTwoPlayed",
    "Drew",
    "HeuristicBot",
    "Knock",
    "Knocked",
    "Looked",
    "MatchEnded",
    "NoKnock",
    "Peek",
    "Peeked",
    "Replace",
    "Replaced",
    "RoundDealt",
    "RoundScored",
    "Rules",
    "Setup",
    "SpecialDiscarded",
    "SpecialReplaced",
    "State",
    "StockReshuffled",
    "Swap",
    "Swapped",
    "TakeDiscard",
    "TookDiscard",
    "View",
    "scenario",
]
