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
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

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
from cardgames.crazy_mistigri.cards import _MISTIGRI_ID, Card, _deck_ids
from cardgames.crazy_mistigri.view import View as CrazyMistigriView

if TYPE_CHECKING:
    from cardgames.engine import Action, View

__all__ = ["HeuristicBot"]

_LONE: Final = 5  # how much worse a card is when nothing in the hand pairs with it
_LEAVE: Final = 20  # the worth of emptying one's hand (out of the round, no penalty)

# The bot reads cards as the rules' card ids (`cards._card_id`): a card's value and colour, and
# whether two cards pair, are worked out here in native code (in the compiled build a call to the
# cards module, which is Python, would cost more than the rest of a decision); a test holds each
# equal to the cards module's own helper.
_COLOUR_BITS: Final = 4
"""A card id is its value times 16 plus its colour (`cards._card_id`)."""
_COLOUR_MASK: Final = (1 << _COLOUR_BITS) - 1
_IDS: Final = _MISTIGRI_ID + 1
"""Every card id is below this."""
_MISTIGRI: Final = _MISTIGRI_ID
"""The Mistigri's id, a native constant here (an imported name is looked up at each use)."""


def _id(card: Card) -> int:
    """The card's id, ``_card_id(card.value, card.colour)``, computed here.

    The compiled build runs this as native code, where a call to the cards module (Python)
    would cost more than the rest of a decision; a test holds it equal to `_card_id`.
    """
    return card.value << _COLOUR_BITS | card.colour


def _ids(cards: tuple[Card, ...]) -> list[int]:
    """The cards' ids, in order."""
    return [_id(card) for card in cards]


def _id_among(card: Card, cards: tuple[Card, ...], ids: list[int]) -> int:
    """The id of ``card``, found among ``cards`` (whose ids are ``ids``), else from its fields.

    An action names the very card objects of the view's hand or pile when the view comes from
    the engine: finding one there by identity costs less than reading its fields again.
    """
    for i in range(len(cards)):
        if cards[i] is card:
            return ids[i]
    return _id(card)


def _value(card: int) -> int:
    """The value of card id ``card`` (`cards._value_of`)."""
    return card >> _COLOUR_BITS


def _colour(card: int) -> int:
    """The colour of card id ``card`` (`cards._colour_of`)."""
    return card & _COLOUR_MASK


def _pairs(a: int, b: int) -> bool:
    """Whether card ``a`` pairs with card ``b`` (`cards._pair`): same value or colour.

    The Mistigri pairs with nothing, not even itself.
    """
    if a == _MISTIGRI or b == _MISTIGRI:  # noqa: PLR1714 - two native comparisons
        return False
    # `_value` and `_colour`, written out: this runs for every two cards compared.
    return a >> _COLOUR_BITS == b >> _COLOUR_BITS or a & _COLOUR_MASK == b & _COLOUR_MASK


def _badness(card: int, hand: list[int]) -> int:
    """How much ``card`` hurts in ``hand``: its penalty, more if nothing else in it pairs."""
    partners = _pairing(card, hand)
    if partners and card in hand:
        partners -= 1  # the card itself (one copy of it) is not its own partner
    return _hurt(card, partners)


def _hurt(card: int, partners: int) -> int:
    """How much ``card`` hurts in a hand where ``partners`` other cards pair with it."""
    return _value(card) + (_LONE if partners == 0 else 0)


def _pairing(card: int, hand: list[int]) -> int:
    """How many cards of ``hand`` pair with ``card`` (itself too, if it is in ``hand``)."""
    count = 0
    for other in hand:
        if _pairs(card, other):
            count += 1
    return count


def _worst(cards: list[int], hand: list[int]) -> int:
    """The card of ``cards`` that hurts most in ``hand`` (ties: the higher value, then colour)."""
    worst = cards[0]
    worst_badness = _badness(worst, hand)
    for card in cards[1:]:
        badness = _badness(card, hand)
        # Ids order cards by value, then colour.
        if badness > worst_badness or (badness == worst_badness and card > worst):
            worst, worst_badness = card, badness
    return worst


def _most_badness(hand: list[int]) -> int:
    """The badness of the worst card of a non-empty ``hand``."""
    most = 0
    for card in hand:
        most = max(most, _badness(card, hand))
    return most


def _without(hand: list[int], a: int, b: int) -> list[int]:
    """``hand`` less one copy of ``a`` and one of ``b``."""
    rest = hand.copy()
    rest.remove(a)
    rest.remove(b)
    return rest


def _lowest_value(pile: tuple[Card, ...], ceiling: int) -> int:
    """The lowest value of the cards of ``pile``, or ``ceiling`` if none is lower."""
    lowest = ceiling
    for card in pile:
        lowest = min(lowest, card.value)
    return lowest


def _text_key(first: int, second: int) -> int:
    """Orders actions naming the cards ``first`` then ``second`` as their texts would sort.

    A card's text is its value digit, ``c`` and its colour digit (values and colours are 1..9),
    or the Mistigri's name, whose letters sort after every digit: the card ids sort the same
    way (value, then colour; the Mistigri's id is the highest), and a test holds it so.
    """
    return first << 8 | second


class _Best:
    """The best action offered so far.

    The highest score wins; on a tie, the greatest key, then the first offered.
    """

    def __init__(self) -> None:
        self.action: Action | None = None
        self.score = 0.0
        self.key = 0

    def offer(self, action: Action, score: float, key: int) -> None:
        """Keep ``action`` if it beats the best so far."""
        if self.action is None or score > self.score or (score == self.score and key > self.key):
            self.action, self.score, self.key = action, score, key

    def chosen(self) -> Action:
        """The best action offered (at least one was)."""
        assert self.action is not None  # noqa: S101 - a decision offers at least one action
        return self.action


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


# -- the decisions ------------------------------------------------------------------------------


def _discard(view: CrazyMistigriView, legal: tuple[Action, ...]) -> Action:
    """Throw the pair of highest worth (ties: the greatest text), else pass or end the turn."""
    cards = view.hand
    hand = _ids(cards)
    partners = _partners_in(hand)
    pile = view.discard_pile
    seat = view.seat
    opponents = 0
    for other, size in enumerate(view.hand_sizes):
        if size and other != seat:
            opponents += 1
    # What a 5+5 can load on the opponents.
    pile_load = 2 * min(opponents, len(pile) + 2)
    best = _Best()
    for action in legal:
        if isinstance(action, DiscardPair):
            a, b = _id_among(action.first, cards, hand), _id_among(action.second, cards, hand)
            worth = _pair_worth(hand, partners, a, b, pile_load, pile)
            best.offer(action, worth, _text_key(a, b))
    if best.action is None:
        return legal[-1]  # pass, or end the turn after a 6+6
    return best.chosen()


def _pair_worth(  # noqa: PLR0917 - one decision's private helper
    hand: list[int], partners: list[int], a: int, b: int, pile_load: int, pile: tuple[Card, ...]
) -> float:
    """Penalty points shed by throwing ``a`` and ``b``, plus the worth of their effect.

    ``partners`` is `_partners_in(hand)`; ``pile_load`` the worth of a 5+5's pile cards handed
    to opponents; ``pile`` the discard pile, whose lowest value (3 if none is lower) is what a
    3+3 can swap for.
    """
    worth = float(_value(a) + _value(b))
    if len(hand) == 2:  # noqa: PLR2004 - the pair is the whole hand
        return worth + _LEAVE
    value = _value(a)
    if value != _value(b):
        return worth
    rest = _without(hand, a, b)
    mean = _total_value(rest) / len(rest)
    # The worst card left: its partners in the hand, less the two thrown.
    worst = 0
    for card in rest:
        lone = partners[card] - _pairs(card, a) - _pairs(card, b) == 0
        worst = max(worst, _value(card) + (_LONE if lone else 0))
    if value == 1:
        ones = _count_value(rest, 1)
        worth += 2 * ones + (_LEAVE if ones == len(rest) else 0)
    elif value == 2:  # noqa: PLR2004 - the effects are named by their values
        worth += worst - mean  # the next player takes our worst card, not a random one
    elif value == 3:  # noqa: PLR2004
        worth += max(0.0, worst - _lowest_value(pile, 3)) / 2
    elif value == 4:  # noqa: PLR2004
        worth += worst + 2  # one card less, and the worst one
    elif value == 5:  # noqa: PLR2004
        worth += pile_load
    elif value == 6:  # noqa: PLR2004
        worth += 3 if _has_pair(rest) else 0
    else:  # 7+7 and 8+8: the next player draws one or two more cards from us
        worth += (value - 6) * (mean + 1)
    return worth


def _total_value(cards: list[int]) -> int:
    """The sum of the values of ``cards``."""
    total = 0
    for card in cards:
        total += _value(card)
    return total


def _count_value(cards: list[int], value: int) -> int:
    """How many of ``cards`` have ``value``."""
    count = 0
    for card in cards:
        if _value(card) == value:
            count += 1
    return count


def _partners_in(hand: list[int]) -> list[int]:
    """For each card id of ``hand``, how many other cards of it pair with it (by id)."""
    partners = [0] * _IDS
    for card in hand:
        count = _pairing(card, hand)
        partners[card] = count - 1 if count else 0  # not itself (one copy of it)
    return partners


def _has_pair(hand: list[int]) -> bool:
    """Whether two cards of ``hand`` pair."""
    for i, card in enumerate(hand):
        for j in range(i + 1, len(hand)):
            if _pairs(card, hand[j]):
                return True
    return False


def _give(view: CrazyMistigriView, legal: tuple[Action, ...]) -> Action:
    """Give the worst card, to the opponent closest to going out who will not hand it back."""
    gifts = [action for action in legal if isinstance(action, GiveCard)]
    hand = _ids(view.hand)
    cards = [_id_among(gift.card, view.hand, hand) for gift in gifts]
    worst = _worst(list(dict.fromkeys(cards)), hand)  # each card once
    seat, players, sizes, scores = view.seat, view.players, view.hand_sizes, view.scores
    # The seat we draw from next could hand the card back: prefer someone else.
    step = int(view.direction)
    source = (seat - step) % players
    while not sizes[source] and source != seat:
        source = (source - step) % players
    best = gifts[0]  # replaced by the first gift of the worst card
    best_key = (True, 0, 0, 0)
    found = False
    for gift, card in zip(gifts, cards, strict=True):
        if card == worst:
            to = gift.to
            key = (to == source, sizes[to], scores[to], to)
            if not found or key < best_key:
                best, best_key, found = gift, key, True
    return best


def _pile_pick(view: CrazyMistigriView, legal: tuple[Action, ...]) -> Action:
    """Hand on the pile card that hurts its recipient most: the Mistigri, else high and lone."""
    pile = view.discard_pile
    pile_ids = _ids(pile)
    public = _Public(pile_ids + _ids(view.hand))
    partner_counts = _partners(view.players, view.rules.colour_layout)
    known: dict[int, float] = {}  # the harm of each card met (picks repeat it per seat)
    best = _Best()
    for action in legal:
        if isinstance(action, PilePick):
            card = _id_among(action.card, pile, pile_ids)
            harm = known.get(card)
            if harm is None:
                harm = known[card] = _harm(card, public, partner_counts)
            best.offer(action, harm, card)  # ties: the greatest code, as the ids sort
    return best.chosen()


class _Public:
    """The cards we can see (the pile and our hand), counted by value and by colour."""

    def __init__(self, cards: list[int]) -> None:
        self.cards = cards
        self.by_value = [0] * (_value(_MISTIGRI) + 1)
        self.by_colour = [0] * (_COLOUR_MASK + 1)
        for card in cards:
            self.by_value[_value(card)] += 1
            self.by_colour[_colour(card)] += 1

    def partners(self, card: int) -> int:
        """How many of the cards, other than copies of ``card`` (not the Mistigri), pair with it.

        A card pairs with those of its value or its colour; a copy of it has both, and the
        Mistigri's value and colour are no other card's.
        """
        copies = 0
        for other in self.cards:
            if other == card:
                copies += 1
        return self.by_value[_value(card)] + self.by_colour[_colour(card)] - 2 * copies


def _harm(card: int, public: _Public, partner_counts: dict[int, int]) -> float:
    """How much ``card`` hurts whoever receives it, from the cards we can see."""
    if card == _MISTIGRI:
        return 100.0
    # Partners the recipient might hold: the cards that pair with it we cannot see.
    unseen = partner_counts[card] - public.partners(card)
    return _value(card) - unseen / 2


def _swap(view: CrazyMistigriView, legal: tuple[Action, ...]) -> Action:
    """Swap the hand card whose place the pile card fills best (ties: the greatest text).

    The card given up hurts as it does in the hand; the card taken pairs in the new hand with
    what it paired with in the old one, less the card given up.
    """
    cards = view.hand
    hand = _ids(cards)
    partners = _partners_in(hand)
    pairing: dict[int, int] = {}  # for each pile card met, how many hand cards pair with it
    best = _Best()
    for action in legal:
        if isinstance(action, SwapWithPile):
            discard, take = _id_among(action.discard, cards, hand), _id(action.take)
            count = pairing.get(take)
            if count is None:
                count = pairing[take] = _pairing(take, hand)
            given = _hurt(discard, partners[discard])
            taken = _hurt(take, count - _pairs(take, discard))
            best.offer(action, given - taken, _text_key(discard, take))
    return best.chosen()


def _force(view: CrazyMistigriView, legal: tuple[Action, ...]) -> Action:
    """Force the worst card on the next player, else end the turn."""
    hand = _ids(view.hand)
    forces: list[ForceCard] = []
    cards: list[int] = []
    for action in legal:
        if isinstance(action, ForceCard):
            forces.append(action)
            cards.append(_id_among(action.card, view.hand, hand))
    if not forces:
        return _first(legal, EndTurn)
    worst = _worst(cards, hand)
    return forces[cards.index(worst)]


def _ones(_: CrazyMistigriView, legal: tuple[Action, ...]) -> Action:
    """Throw the other 1s: it sheds cards; with none, reversing changes nothing useful."""
    return _first(legal, DiscardOnes)


def _swap_later(view: CrazyMistigriView, legal: tuple[Action, ...]) -> Action:
    """Keep the swap for later when the worst card beats the pile's lowest, else reverse."""
    hand = _ids(view.hand)
    pile = view.discard_pile
    # No value is above the Mistigri's: the lowest value of the pile, read as a whole.
    if hand and pile and _most_badness(hand) > _lowest_value(pile, _value(_MISTIGRI)):
        return _first(legal, SwapLater)
    return _first(legal, Reverse)


def _first(legal: tuple[Action, ...], kind: type[Action]) -> Action:
    """The first action of ``legal`` of type ``kind`` (one is legal)."""
    for action in legal:
        if isinstance(action, kind):
            return action
    msg = f"no {kind.__name__} among {legal!r}"
    raise AssertionError(msg)


_DECISIONS: dict[str, Callable[[CrazyMistigriView, tuple[Action, ...]], Action]] = {
    "discard-or-pass": _discard,
    "second-pair-or-end-turn": _discard,
    "give-card": _give,
    "pile-pick": _pile_pick,
    "swap-with-pile": _swap,
    "force-card-or-reverse": _force,
    "swap-later-or-reverse": _swap_later,
    "discard-ones-or-reverse": _ones,
}


@functools.lru_cache(maxsize=8)  # a few layouts at once: bounded whatever the views seen
def _partners(players: int, layout: tuple[tuple[int, ...], ...]) -> dict[int, int]:
    """For each card of the match's deck, how many other cards of it pair with it."""
    deck = _deck_ids(players, layout)
    # Copies of a card (twins, in some custom layouts) are not counted as its partners.
    return {
        card: sum(1 for other in deck if other != card and _pairs(card, other)) for card in deck
    }
