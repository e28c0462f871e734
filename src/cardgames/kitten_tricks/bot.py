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

import math
from typing import TYPE_CHECKING, Final

from cardgames._memo import LastOf
from cardgames.kitten_tricks._card_ints import card_int, colour_of, value_of
from cardgames.kitten_tricks.actions import _PLAY_INT, PlayCard
from cardgames.kitten_tricks.cards import _CARD, COLOUR_NAMES, Card
from cardgames.kitten_tricks.rules import LOSS_THRESHOLD, _trick_winner
from cardgames.kitten_tricks.view import View

if TYPE_CHECKING:
    import random

    from cardgames.engine import Action
    from cardgames.engine import View as AnyView

__all__ = ["HeuristicBot"]

_COLOUR: Final = {name: i for i, name in enumerate(COLOUR_NAMES)}
_LOSS: Final[int] = LOSS_THRESHOLD
"""KT-4: a colour collected this many times is lost (the rules' threshold, read once)."""

# The weights of the evaluation, in "colours of my collection".
_NEAR_LOSS: Final = 0.25  # a colour held three times: one more card and it is lost
_ALL_COLOURS: Final = 2.0  # every colour collected: the round ends and I gain a Super Chat
_THEIR_GAIN: Final = 0.3  # a colour the trick gives to another player counts against me this much
_RESOLVE: Final = 0.7  # how readily a later player who holds a card that beats mine plays it
_STRENGTH: Final = 0.02  # the cost of spending a card, per point of value (trumps count double)
_LIABILITY: Final = 0.2  # the relief of shedding a colour held three times (it can only hurt)
_UNKNOWN: Final = math.nan  # a worth not worked out yet


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
    """What the bot reads from the view for one decision, with each card as its int.

    Cards are the rules' ints (`_card_ints`), so that the trick's winner is the rules' own
    `_trick_winner`. The cards it has not seen (other hands, the stock and the discard, all
    alike to the bot) are counted by colour: the evaluation only needs how many of each colour
    there are, and which of them could take a trick. What taking
    or losing the trick is worth depends only on the colour of the card played: it is worked
    out once per colour.
    """

    def __init__(self, view: View) -> None:
        rules = view.rules
        top: int = rules.values
        colours: int = rules.colours
        self.top = top
        self.trump: int = _COLOUR[view.trump_colour]
        seat: int = view.seat
        players: int = view.players
        self.seat = seat
        self.trick: list[int] = [_int_of(card) for card in view.trick]
        hand_sizes = view.hand_sizes
        self.later: list[int] = []
        self.later_sizes: list[int] = []
        for k in range(1, players - len(self.trick)):
            later = (seat + k) % players
            self.later.append(later)
            self.later_sizes.append(hand_sizes[later])
        # Whoever takes the trick as it stands should my card not (none when I lead).
        self.holder = -1
        if self.trick:
            at, _ = _trick_winner(self.trick, self.trump, top)
            self.holder = (view.leader + at) % players
        # The cards seen, by card int: the trick, the trump card, my hand and every collection
        # (the other cards are alike to this seat).
        self.seen: list[bool] = [False] * card_int(colours, 0)
        self.unseen: list[int] = [top] * colours
        """How many cards of each colour this seat has not seen."""
        for c in self.trick:
            self.see(c)
        self.see(_int_of(view.trump))
        for card in view.hand:
            self.see(_int_of(card))
        self.mine: list[int] = [0] * colours
        theirs: list[int] = [0] * colours
        self.read_collections(_collection_ints(view.collections), theirs)
        self.unseen_total = 0
        for unseen in self.unseen:
            self.unseen_total += unseen
        self.trick_has_trump = False
        for c in self.trick:
            if colour_of(c) == self.trump:
                self.trick_has_trump = True
        # My collection, and the holder's, before and after the trick's cards so far join it.
        self.mine_value = _value(self.mine)
        self.mine_after = self.with_trick(self.mine)
        self.holder_value = 0.0
        self.holder_after: list[int] = []
        if self.holder >= 0:
            self.holder_value = _value(theirs)
            self.holder_after = self.with_trick(theirs)
        # What winning and losing the trick are worth, by the colour of my card (NaN: not yet).
        self.win_by_colour: list[float] = [_UNKNOWN] * colours
        self.lose_by_colour: list[float] = [_UNKNOWN] * colours

    def read_collections(self, collections: tuple[tuple[int, ...], ...], theirs: list[int]) -> None:
        """See every collection's cards; count mine by colour, and the holder's in ``theirs``.

        ``collections`` holds each seat's collection as card ints (`_collection_ints`). Those
        two are the only collections the evaluation weighs.
        """
        seat, holder, mine = self.seat, self.holder, self.mine
        for owner, collection in enumerate(collections):
            for c in collection:
                self.see(c)
                if owner == seat:
                    colour = colour_of(c)
                    mine[colour] = mine[colour] + 1
                if owner == holder:
                    colour = colour_of(c)
                    theirs[colour] = theirs[colour] + 1

    def see(self, card: int) -> None:
        """Mark ``card`` as seen (once, whatever shows it)."""
        seen = self.seen
        if not seen[card]:
            seen[card] = True
            unseen = self.unseen
            colour = colour_of(card)
            unseen[colour] = unseen[colour] - 1

    def with_trick(self, counts: list[int]) -> list[int]:
        """``counts`` once the cards of the trick so far join it."""
        after = counts.copy()
        for card in self.trick:
            after[colour_of(card)] += 1
        return after

    def best(self, legal: tuple[Action, ...]) -> Action:
        """The first legal card of the highest worth."""
        best_at, best = 0, 0.0
        for at, action in enumerate(legal):
            worth = self.worth(_int_of_play(action))
            if at == 0 or worth > best:
                best_at, best = at, worth
        return legal[best_at]

    def worth(self, card: int) -> float:
        """The estimated worth of playing ``card`` (see `HeuristicBot`)."""
        colour = colour_of(card)
        chance = self.chance_to_win(card)
        win = 0.0  # what taking the trick is worth: not needed when it cannot be taken
        if chance > 0:
            win = self.win_with(colour)
        lose = self.lose_with(colour) if self.holder >= 0 else 0.0
        spend = _STRENGTH * value_of(card) * (2 if colour == self.trump else 1)
        relief = _LIABILITY if self.mine[colour] == _LOSS - 1 else 0.0
        return chance * win + (1 - chance) * lose - spend + relief

    def win_with(self, colour: int) -> float:
        """What taking the trick with a card of ``colour`` adds to my collection's worth."""
        win = self.win_by_colour[colour]
        if math.isnan(win):
            mine = self.mine_after  # my collection if I take the trick: with my card too
            mine[colour] += 1
            win = _value(mine) + self.later_gain(mine) - self.mine_value
            mine[colour] -= 1
            self.win_by_colour[colour] = win
        return win

    def lose_with(self, colour: int) -> float:
        """What the trick's holder taking my card of ``colour`` costs me."""
        lose = self.lose_by_colour[colour]
        if math.isnan(lose):
            theirs = self.holder_after
            theirs[colour] += 1
            lose = -_THEIR_GAIN * (_value(theirs) - self.holder_value)
            theirs[colour] -= 1
            self.lose_by_colour[colour] = lose
        return lose

    def chance_to_win(self, card: int) -> float:
        """How likely ``card``, added to the trick, takes it (certain if nobody follows).

        A card that leads takes the trick as it stands (and not as a Coup de patte); one neither
        of the led colour nor a trump cannot take it (KT-3); the rules' `_trick_winner` decides
        for the others.
        """
        trick = [*self.trick, card]
        coup = False
        if len(trick) > 1:
            colour = colour_of(card)
            if colour != colour_of(trick[0]) and colour != self.trump:
                return 0.0
            at, coup = _trick_winner(trick, self.trump, self.top)
            if at != len(trick) - 1:
                return 0.0
        if not self.later or not self.unseen_total:
            return 1.0
        free = 1 - self.beaters(trick, coup) / self.unseen_total
        chance = 1.0
        for size in self.later_sizes:
            chance *= 1 - _RESOLVE * (1 - free**size)
        return chance

    def beaters(self, trick: list[int], coup: bool) -> int:
        """How many unseen cards, played next, would take the trick my card now wins.

        ``coup`` says whether my card wins it as a Coup de patte. Only a card of the trick's
        deciding colour (trump if one was played, else the led colour) or a trump can change its
        winner, and a trump played to a trick without one takes it (KT-3). Of the deciding
        colour, a card of a middle value (2 to the top less one) takes the trick when it is
        worth more than mine; the top card takes it unless mine is the colour's 1, which the top
        card raises above itself; the 1 takes it when the colour's top card is in the trick,
        which raises it above every card. A test holds this count equal to asking the rules'
        `_trick_winner` about each unseen card.
        """
        mine = trick[-1]
        trump_played = self.trick_has_trump or colour_of(mine) == self.trump
        count = 0 if trump_played else self.unseen[self.trump]
        deciding = self.trump if trump_played else colour_of(trick[0])
        seen = self.seen
        top = self.top
        worth = top + 1 if coup else value_of(mine)  # what my card counts for
        for value in range(max(worth + 1, 2), top):
            if not seen[card_int(deciding, value)]:
                count += 1
        if not seen[card_int(deciding, top)] and value_of(mine) != 1:
            count += 1  # the top card, unless it raises my 1 above itself
        if not seen[card_int(deciding, 1)] and card_int(deciding, top) in trick:
            count += 1  # the 1, raised above every card by the top card in the trick
        return count

    def later_gain(self, after: list[int]) -> float:
        """The average change one unknown card of each later player makes to ``after``'s worth.

        ``after`` is my collection once the trick so far and my card join it.
        """
        if not self.later or not self.unseen_total:
            return 0.0
        held, near = _held(after), _near_losses(after)
        base = _worth(held, near, len(after))
        total = 0.0
        for colour, unseen in enumerate(self.unseen):
            if unseen:  # one more card of this colour: only its own count changes
                n = after[colour]
                more_held = held + _is_held(n + 1) - _is_held(n)
                more_near = near + _is_near_loss(n + 1) - _is_near_loss(n)
                total += unseen * (_worth(more_held, more_near, len(after)) - base)
        return len(self.later) * total / self.unseen_total


# The cards of a view are, when it comes from the engine, the shared objects of the cards
# module (alive as long as the module): their ints are found by the objects' identity, which
# costs less than reading their fields. Any other equal card (a view loaded from JSON, say) is
# read from its fields.
_INT_BY_IDENTITY: Final = {id(card): c for c, card in enumerate(_CARD) if card is not None}


def _int_of(card: Card) -> int:
    """The rules' int of ``card``."""
    found = _INT_BY_IDENTITY.get(id(card))
    if found is not None:
        return found
    return card_int(_COLOUR[card.colour], card.value)


# Each card play is one interned object (`PlayCard`), whose card int the actions module keeps
# in a dict keyed by identity: read so, the play's card is not read at all.
_INT_OF_PLAY: Final = _PLAY_INT


def _int_of_play(action: Action) -> int:
    """The rules' int of the card ``action`` plays (a `PlayCard`: every one is interned)."""
    play: PlayCard = action  # type: ignore[assignment]  # the only action of the game
    return _INT_OF_PLAY[play]


def _ints_of_collections(
    collections: tuple[tuple[Card, ...], ...],
) -> tuple[tuple[int, ...], ...]:
    """Each seat's collection (as a view shows it) as card ints."""
    return tuple([tuple([_int_of(card) for card in collection]) for collection in collections])


_collection_ints = LastOf(_ints_of_collections)
"""`_ints_of_collections`, kept for the very same tuple: the rules hand every view of a trick
the same collections (they change only when a trick is won), so the decisions of one trick read
the cards of the collections once."""


def _value(counts: list[int]) -> float:
    """A collection's worth: its colours, lost ones dropped, near losses discounted."""
    return _worth(_held(counts), _near_losses(counts), len(counts))


def _worth(held: int, near: int, colours: int) -> float:
    """The worth of a collection holding ``held`` colours, ``near`` of them near a loss."""
    worth = held - _NEAR_LOSS * near
    return worth + (_ALL_COLOURS if held == colours else 0.0)


def _is_held(count: int) -> int:
    """1 if a colour held ``count`` times counts in the collection (not lost), else 0."""
    return 1 if 0 < count < _LOSS else 0


def _is_near_loss(count: int) -> int:
    """1 if a colour held ``count`` times is one card from a loss, else 0."""
    return 1 if count == _LOSS - 1 else 0


def _held(counts: list[int]) -> int:
    """How many colours of ``counts`` are held and not lost."""
    held = 0
    for n in counts:
        held += _is_held(n)
    return held


def _near_losses(counts: list[int]) -> int:
    """How many colours of ``counts`` are one card from a loss."""
    near = 0
    for n in counts:
        near += _is_near_loss(n)
    return near
