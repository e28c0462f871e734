"""A heuristic bot for Kitten tricks: collect many colours, never four of one.

Examples:
    >>> from cardgames import kitten_tricks
    >>> from cardgames.bots import RandomBot, play_match
    >>> from cardgames.kitten_tricks import HeuristicBot
    >>> bots = [HeuristicBot(), RandomBot(), RandomBot()]
    >>> final = play_match(kitten_tricks.GAME, bots, seed=3)
    >>> final.is_over
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgames.kitten_tricks.cards import COLOUR_NAMES, Card
from cardgames.kitten_tricks.rules import LOSS_THRESHOLD, PlayCard, deck
from cardgames.kitten_tricks.view import View

if TYPE_CHECKING:
    import random
    from collections.abc import Sequence

    from cardgames.engine import Action
    from cardgames.engine import View as AnyView

__all__ = ["HeuristicBot"]

_COLOUR = {name: i for i, name in enumerate(COLOUR_NAMES)}

# The weights of the evaluation, in "colours of my collection".
_NEAR_LOSS = 0.25  # a colour held three times: one more card and it is lost
_ALL_COLOURS = 2.0  # every colour collected: the round ends and I gain a Super Chat
_THEIR_GAIN = 0.3  # a colour the trick gives to another player counts against me this much
_RESOLVE = 0.7  # how readily a later player who holds a card that beats mine plays it
_STRENGTH = 0.02  # the cost of spending a card, per point of value (trumps count double)
_LIABILITY = 0.2  # the relief of playing a card of a colour I hold three of (it can only hurt)


class HeuristicBot:
    """Plays Kitten tricks like a careful casual player, from its view alone.

    For each card of its hand it estimates the chance of winning the trick with it: certain or
    impossible when it plays last, otherwise from how many of the cards it has not seen would
    beat it, in the hands of the players still to play. Winning is worth the colours the trick
    adds to its collection, minus the colours it would lose by reaching four (the later players'
    unknown cards counted at their average), with a bonus for completing every colour and a
    penalty for colours left one card from a loss. Losing the trick costs a share of the
    colours it gives the likely winner (and gains when it pushes that player to four). Among
    cards of equal worth it keeps its strong cards (high values, trumps) and sheds cards of
    colours it already holds three of, which could only make it lose that colour. The Coup de
    patte needs no special case: a 1 played onto its 7 is simply a card that wins.
    """

    def choose(self, view: AnyView, rng: random.Random) -> Action:
        """Return the card of highest estimated worth (ties: the first in hand order)."""
        del rng  # deterministic
        legal = view.legal_actions
        if len(legal) == 1 or not isinstance(view, View):
            return legal[0]
        return _Table(view).best(legal)

    def __repr__(self) -> str:
        """Return ``HeuristicBot()``."""
        return "HeuristicBot()"


class _Table:
    """What the bot reads from the view for one decision."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.top = view.rules.values
        self.trump = _COLOUR[view.trump_colour]
        self.trick = view.trick
        players = view.players
        self.later = [(view.seat + k) % players for k in range(1, players - len(self.trick))]
        self.counts = [_counts(c, view.rules.colours) for c in view.collections]
        seen = {*view.hand, view.trump, *view.trick, *(c for col in view.collections for c in col)}
        # Unseen cards: other hands, the stock and the discard, all alike to the bot.
        self.unseen = [c for c in deck(view.rules) if c not in seen]

    def best(self, legal: Sequence[Action]) -> Action:
        scores = [self.worth(action.card) for action in legal if isinstance(action, PlayCard)]
        return legal[scores.index(max(scores))]

    def worth(self, card: Card) -> float:
        view = self.view
        trick = (*self.trick, card)
        mine = self.counts[view.seat]
        chance = self.chance_to_win(trick)
        win = self.gain(mine, trick) + self.later_gain(mine, trick) - _value(mine)
        lose = 0.0
        if self.trick:
            other = (view.leader + _winner(self.trick, self.trump, self.top)) % view.players
            theirs = self.counts[other]
            lose = -_THEIR_GAIN * (self.gain(theirs, trick) - _value(theirs))
        colour = _COLOUR[card.colour]
        spend = _STRENGTH * card.value * (2 if colour == self.trump else 1)
        relief = _LIABILITY if mine[colour] == LOSS_THRESHOLD - 1 else 0.0
        return chance * win + (1 - chance) * lose - spend + relief

    def chance_to_win(self, trick: tuple[Card, ...]) -> float:
        """How likely the card just added to ``trick`` takes it (certain if nobody follows)."""
        mine = len(trick) - 1
        if _winner(trick, self.trump, self.top) != mine:
            return 0.0
        if not self.later or not self.unseen:
            return 1.0
        beaters = sum(
            _winner((*trick, other), self.trump, self.top) != mine for other in self.unseen
        )
        free = 1 - beaters / len(self.unseen)
        chance = 1.0
        for seat in self.later:
            chance *= 1 - _RESOLVE * (1 - free ** self.view.hand_sizes[seat])
        return chance

    def gain(self, counts: list[int], trick: tuple[Card, ...]) -> float:
        """The worth of ``counts`` once the known cards of ``trick`` join it."""
        after = counts.copy()
        for card in trick:
            after[_COLOUR[card.colour]] += 1
        return _value(after)

    def later_gain(self, counts: list[int], trick: tuple[Card, ...]) -> float:
        """The average change one unknown card of each later player makes to the trick's worth."""
        if not self.later or not self.unseen:
            return 0.0
        after = counts.copy()
        for card in trick:
            after[_COLOUR[card.colour]] += 1
        base = _value(after)
        total = 0.0
        for card in self.unseen:
            after[_COLOUR[card.colour]] += 1
            total += _value(after) - base
            after[_COLOUR[card.colour]] -= 1
        return len(self.later) * total / len(self.unseen)


def _counts(collection: Sequence[Card], colours: int) -> list[int]:
    counts = [0] * colours
    for card in collection:
        counts[_COLOUR[card.colour]] += 1
    return counts


def _value(counts: list[int]) -> float:
    """A collection's worth: its colours, lost ones dropped, near losses discounted."""
    held = sum(0 < n < LOSS_THRESHOLD for n in counts)
    worth = held - _NEAR_LOSS * sum(n == LOSS_THRESHOLD - 1 for n in counts)
    return worth + (_ALL_COLOURS if held == len(counts) else 0.0)


def _winner(trick: Sequence[Card], trump: int, top: int) -> int:
    """KT-3: the index of the card that wins ``trick`` as it stands."""
    colours = [_COLOUR[c.colour] for c in trick]
    target = trump if trump in colours else colours[0]
    best = at = 0
    for i, card in enumerate(trick):
        if colours[i] == target:
            value = card.value
            if value == 1 and Card(top, card.colour) in trick:
                value = top + 1
            if value > best:
                best, at = value, i
    return at
