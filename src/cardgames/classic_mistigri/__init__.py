"""Classic Mistigri (Djeco): Old Maid with sixteen pairs and one odd cat.

The package reads like the rulebook (see `docs/games/classic-mistigri.md` for the clauses):
`cards` holds the cards (CL-1), `events` what happens, and `rules` the rules options, the
action, the scenarios, the position and its transitions: the deal (CL-2), pairs laid at once
(CL-3), the blind draw from the left neighbour (CL-4), players leaving play (CL-5) and the end
of the match (CL-6, CL-7). `view` holds what one seat may know and `sampler` the world sampler
that search bots use. Classic Mistigri registers no heuristic bot: the fan drawn from is
reshuffled before every draw, so no draw is better than another.

Every public name is re-exported here, so `from cardgames.classic_mistigri import ...` is all a
user needs.

Examples:
    >>> from cardgames import classic_mistigri
    >>> state = classic_mistigri.GAME.new(3, seed=7)
    >>> state.legal_actions()[:2]
    (Draw(position=0), Draw(position=1))
"""

from __future__ import annotations

from cardgames.classic_mistigri.actions import Draw
from cardgames.classic_mistigri.cards import DECK, MISTIGRI, Card
from cardgames.classic_mistigri.events import Dealt, Drew, LeftPlay, MatchEnded, PairsLaid
from cardgames.classic_mistigri.options import Rules
from cardgames.classic_mistigri.rules import GAME, State, scenario
from cardgames.classic_mistigri.scenario import Setup
from cardgames.classic_mistigri.view import View

__all__ = [
    "DECK",
    "GAME",
    "MISTIGRI",
    "Card",
    "Dealt",
    "Draw",
    "Drew",
    "LeftPlay",
    "MatchEnded",
    "PairsLaid",
    "Rules",
    "Setup",
    "State",
    "View",
    "scenario",
]
