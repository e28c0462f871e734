"""A heuristic Crazy Mistigri bot: shed high cards, pass the Mistigri on, use every effect.

Examples:
    >>> from cardgames import crazy_mistigri
    >>> from cardgames.bots import RandomBot, play_match
    >>> from cardgames.crazy_mistigri import HeuristicBot
    >>> bots = [HeuristicBot(), RandomBot(), RandomBot()]
    >>> final = play_match(crazy_mistigri.GAME, bots, seed=1)
    >>> final.is_over
    True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from cardgames.crazy_mistigri.actions import (
    DiscardOnes,
    DiscardPair,
    EndTurn,
    ForceCard,
    GiveCard,
    PilePick,
    Reverse,
    SwapLater,
    SwapWithPile,
)
from cardgames.crazy_mistigri.cards import Card, _deck_of
from cardgames.crazy_mistigri.view import View as CrazyMistigriView

if TYPE_CHECKING:
    from cardgames.engine import Action, View

__all__ = ["HeuristicBot"]

_LONE = 5  # how much worse a card is when nothing in the hand pairs with it
_LEAVE = 20  # the worth of emptying one's hand (out of the round, no penalty)


def _pairs(a: Card, b: Card) -> bool:
    return not a.is_mistigri and (a.value == b.value or a.colour == b.colour)


def _badness(card: Card, hand: Sequence[Card]) -> float:
    """How much ``card`` hurts in ``hand``: its penalty, more if nothing pairs with it."""
    rest = list(hand)
    if card in rest:
        rest.remove(card)
    lone = not any(_pairs(card, other) for other in rest)
    return card.value + (_LONE if lone else 0)


def _worst(cards: Sequence[Card], hand: Sequence[Card]) -> Card:
    return max(cards, key=lambda c: (_badness(c, hand), c.value, c.colour))


def _without(hand: Sequence[Card], *cards: Card) -> list[Card]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return rest


class HeuristicBot:
    """Plays Crazy Mistigri as a careful casual player would, from its view alone.

    It always throws a pair when it has one, choosing the pair that sheds the most penalty
    points plus the worth of its effect (a 4+4 gift, 2+2 choice and 7+7 / 8+8 draws unload
    cards, a 5+5 loads opponents, emptying the hand leaves the round). Its worst card (the
    Mistigri first, then high cards that pair with nothing it holds) is what it gives with a
    4+4, forces on the next player with a 2+2 and swaps for the best pile card with a 3+3. It
    gives a 4+4 card to the opponent closest to going out, and hands 5+5 pile cards that are
    high and hard to pair. Blind draws are random: every position is alike.
    """

    def __repr__(self) -> str:
        """Return ``HeuristicBot()``."""
        return "HeuristicBot()"

    def choose(self, view: View, rng: random.Random) -> Action:
        """Return one of ``view.legal_actions`` (a Crazy Mistigri view)."""
        legal = view.legal_actions
        if len(legal) == 1 or not isinstance(view, CrazyMistigriView):
            return legal[rng.randrange(len(legal))]
        decide = _DECISIONS.get(view.step)
        if decide is None:
            return legal[rng.randrange(len(legal))]  # a blind draw: every position is alike
        return decide(view, legal)

    # -- the decisions ----------------------------------------------------------------------

    @staticmethod
    def _discard(view: CrazyMistigriView, legal: Sequence[Action]) -> Action:
        pairs = [a for a in legal if isinstance(a, DiscardPair)]
        if not pairs:
            return legal[-1]  # pass, or end the turn after a 6+6
        return max(pairs, key=lambda a: (HeuristicBot._pair_worth(view, a), str(a)))

    @staticmethod
    def _pair_worth(view: CrazyMistigriView, pair: DiscardPair) -> float:
        """Penalty points shed by throwing ``pair``, plus the worth of its effect."""
        a, b = pair.first, pair.second
        rest = _without(view.hand, a, b)
        worth: float = a.value + b.value
        if not rest:
            return worth + _LEAVE
        if a.value != b.value:
            return worth
        value = a.value
        mean = sum(c.value for c in rest) / len(rest)
        worst = _badness(_worst(rest, rest), rest)
        opponents = sum(1 for s, n in enumerate(view.hand_sizes) if n and s != view.seat)
        if value == 1:
            ones = [c for c in rest if c.value == 1]
            worth += 2 * len(ones) + (_LEAVE if len(ones) == len(rest) else 0)
        elif value == 2:  # noqa: PLR2004 - the effects are named by their values
            worth += worst - mean  # the next player takes our worst card, not a random one
        elif value == 3:  # noqa: PLR2004
            low = min([c.value for c in view.discard_pile] + [3])
            worth += max(0.0, worst - low) / 2
        elif value == 4:  # noqa: PLR2004
            worth += worst + 2  # one card less, and the worst one
        elif value == 5:  # noqa: PLR2004
            worth += 2 * min(opponents, len(view.discard_pile) + 2)
        elif value == 6:  # noqa: PLR2004
            worth += (
                3 if any(_pairs(x, y) for i, x in enumerate(rest) for y in rest[i + 1 :]) else 0
            )
        else:  # 7+7 and 8+8: the next player draws one or two more cards from us
            worth += (value - 6) * (mean + 1)
        return worth

    @staticmethod
    def _give(view: CrazyMistigriView, legal: Sequence[Action]) -> Action:
        gifts = [a for a in legal if isinstance(a, GiveCard)]
        worst = _worst([a.card for a in gifts], view.hand)
        seat, players, sizes = view.seat, view.players, view.hand_sizes
        # The seat we draw from next could hand the card back: prefer someone else.
        source = (seat - int(view.direction)) % players
        while not sizes[source] and source != seat:
            source = (source - int(view.direction)) % players

        def target(action: GiveCard) -> tuple[bool, int, int, int]:
            to = action.to
            return (to == source, sizes[to], view.scores[to], to)

        return min((a for a in gifts if a.card == worst), key=target)

    @staticmethod
    def _pile_pick(view: CrazyMistigriView, legal: Sequence[Action]) -> Action:
        picks = [a for a in legal if isinstance(a, PilePick)]
        public = list(view.discard_pile) + list(view.hand)
        partner_counts = _partner_counts(view)

        def harm(action: PilePick) -> tuple[float, str]:
            card = action.card
            if card.is_mistigri:
                return (100.0, card.code)
            # Partners the recipient might hold: the cards that pair with it we cannot see.
            partners = sum(1 for c in public if c != card and _pairs(card, c))
            unseen = partner_counts[card] - partners
            return (card.value - unseen / 2, card.code)

        return max(picks, key=harm)

    @staticmethod
    def _swap(view: CrazyMistigriView, legal: Sequence[Action]) -> Action:
        swaps = [a for a in legal if isinstance(a, SwapWithPile)]
        hand = view.hand

        def gain(action: SwapWithPile) -> tuple[float, str]:
            after = [*_without(hand, action.discard), action.take]
            return (
                _badness(action.discard, hand) - _badness(action.take, after),
                str(action),
            )

        return max(swaps, key=gain)

    @staticmethod
    def _force(view: CrazyMistigriView, legal: Sequence[Action]) -> Action:
        forces = [a for a in legal if isinstance(a, ForceCard)]
        if not forces:
            return next(a for a in legal if isinstance(a, EndTurn))
        worst = _worst([a.card for a in forces], view.hand)
        return next(a for a in forces if a.card == worst)

    @staticmethod
    def _ones(_: CrazyMistigriView, legal: Sequence[Action]) -> Action:
        # Throwing the other 1s sheds cards; with none, reversing changes nothing useful.
        return next(a for a in legal if isinstance(a, DiscardOnes))

    @staticmethod
    def _swap_later(view: CrazyMistigriView, legal: Sequence[Action]) -> Action:
        hand = view.hand
        if hand and view.discard_pile:
            worst = _badness(_worst(hand, hand), hand)
            if worst > min(c.value for c in view.discard_pile):
                return next(a for a in legal if isinstance(a, SwapLater))
        return next(a for a in legal if isinstance(a, Reverse))


_DECISIONS: dict[str, Callable[[CrazyMistigriView, Sequence[Action]], Action]] = {
    "discard-or-pass": HeuristicBot._discard,  # noqa: SLF001 - the bot's own table
    "second-pair-or-end-turn": HeuristicBot._discard,  # noqa: SLF001
    "give-card": HeuristicBot._give,  # noqa: SLF001
    "pile-pick": HeuristicBot._pile_pick,  # noqa: SLF001
    "swap-with-pile": HeuristicBot._swap,  # noqa: SLF001
    "force-card-or-reverse": HeuristicBot._force,  # noqa: SLF001
    "swap-later-or-reverse": HeuristicBot._swap_later,  # noqa: SLF001
    "discard-ones-or-reverse": HeuristicBot._ones,  # noqa: SLF001
}


def _partner_counts(view: CrazyMistigriView) -> dict[Card, int]:
    """For each card of the match's deck, how many other cards of it pair with it."""
    return _partners(view.players, view.rules.colour_layout)


@functools.lru_cache(maxsize=8)  # a few layouts at once: bounded whatever the views seen
def _partners(players: int, layout: tuple[tuple[int, ...], ...]) -> dict[Card, int]:
    deck = list(_deck_of(players, layout))
    return {c: sum(1 for o in deck if o is not c and _pairs(c, o)) for c in deck}
