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
from cardgames.crazy_mistigri.cards import (
    _MISTIGRI_ID,
    Card,
    _card_id,
    _colour_of,
    _deck_ids,
    _pair,
    _value_of,
)
from cardgames.crazy_mistigri.view import View as CrazyMistigriView

if TYPE_CHECKING:
    from cardgames.engine import Action, View

__all__ = ["HeuristicBot"]

_LONE: Final = 5  # how much worse a card is when nothing in the hand pairs with it
_LEAVE: Final = 20  # the worth of emptying one's hand (out of the round, no penalty)

# The bot reads cards as the rules' card ids (`cards._card_id`), through tables made once from
# the cards module's own helpers: a card's value and colour, and whether two cards pair.
_COLOUR_BITS: Final = 4
"""A card id is its value times 16 plus its colour (`cards._card_id`)."""
_IDS: Final = _MISTIGRI_ID + 1
"""Every card id is below this."""
_VALUE: Final = bytes([_value_of(card) for card in range(_IDS)])
"""The value of each card id."""
_COLOUR: Final = bytes([_colour_of(card) for card in range(_IDS)])
"""The colour of each card id."""


def _pair_table() -> bytes:
    """Whether card ``a`` pairs with card ``b`` (`cards._pair`), at ``a * _IDS + b``.

    The Mistigri pairs with nothing. Only ids of values and colours 1..10 are asked.
    """
    table = bytearray(_IDS * _IDS)
    cards = [_card_id(value, colour) for value in range(1, 11) for colour in range(1, 11)]
    for a in cards:
        if a != _MISTIGRI_ID:
            for b in cards:
                table[a * _IDS + b] = _pair(a, b)
    return bytes(table)


_PAIRS: Final = _pair_table()


def _id(card: Card) -> int:
    """The card's id, ``_card_id(card.value, card.colour)``, computed here.

    The compiled build runs this as native code, where a call to the cards module (Python)
    would cost more than the rest of a decision; a test holds it equal to `_card_id`.
    """
    return card.value << _COLOUR_BITS | card.colour


def _ids(cards: Sequence[Card]) -> list[int]:
    """The cards' ids, in order."""
    return [_id(card) for card in cards]


def _pairs(a: int, b: int) -> bool:
    """Whether card ``a`` pairs with card ``b``: same value or colour, never the Mistigri."""
    return _PAIRS[a * _IDS + b] == 1


def _badness(card: int, hand: list[int]) -> int:
    """How much ``card`` hurts in ``hand``: its penalty, more if nothing else in it pairs."""
    partners = 0
    for other in hand:
        if _pairs(card, other):
            partners += 1
    if partners and card in hand:
        partners -= 1  # the card itself (one copy of it) is not its own partner
    return _VALUE[card] + (_LONE if partners == 0 else 0)


def _worst(cards: list[int], hand: list[int]) -> int:
    """The card of ``cards`` that hurts most in ``hand`` (ties: the higher value, then colour)."""
    worst = cards[0]
    worst_badness = _badness(worst, hand)
    for card in cards[1:]:
        badness = _badness(card, hand)
        if badness > worst_badness or (
            badness == worst_badness
            and (_VALUE[card], _COLOUR[card]) > (_VALUE[worst], _COLOUR[worst])
        ):
            worst, worst_badness = card, badness
    return worst


def _most_badness(hand: list[int]) -> int:
    """The badness of the worst card of a non-empty ``hand``."""
    most = 0
    for card in hand:
        most = max(most, _badness(card, hand))
    return most


def _without(hand: list[int], *cards: int) -> list[int]:
    """``hand`` less one copy of each of ``cards``."""
    rest = hand.copy()
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


# -- the decisions ------------------------------------------------------------------------------


def _discard(view: CrazyMistigriView, legal: Sequence[Action]) -> Action:
    """Throw the pair of highest worth (ties: the greatest text), else pass or end the turn."""
    hand = _ids(view.hand)
    partners = _partners_in(hand)
    pile = view.discard_pile
    opponents = sum(1 for s, n in enumerate(view.hand_sizes) if n and s != view.seat)
    # What a 5+5 can load on the opponents, and the lowest value a 3+3 can swap for.
    pile_load = 2 * min(opponents, len(pile) + 2)
    pile_low = min([card.value for card in pile] + [3])
    pairs: list[Action] = []
    worths: list[float] = []
    for action in legal:
        if isinstance(action, DiscardPair):
            a, b = _id(action.first), _id(action.second)
            pairs.append(action)
            worths.append(_pair_worth(hand, partners, a, b, pile_load, pile_low))
    if not pairs:
        return legal[-1]  # pass, or end the turn after a 6+6
    return _best(pairs, worths, str)


def _pair_worth(  # noqa: PLR0917 - one decision's private helper
    hand: list[int], partners: list[int], a: int, b: int, pile_load: int, pile_low: int
) -> float:
    """Penalty points shed by throwing ``a`` and ``b``, plus the worth of their effect.

    ``partners`` is `_partners_in(hand)`; ``pile_load`` the worth of a 5+5's pile cards handed
    to opponents; ``pile_low`` the lowest value on the discard pile, or 3 if none is lower.
    """
    worth = float(_VALUE[a] + _VALUE[b])
    if len(hand) == 2:  # noqa: PLR2004 - the pair is the whole hand
        return worth + _LEAVE
    value = _VALUE[a]
    if value != _VALUE[b]:
        return worth
    rest = _without(hand, a, b)
    mean = sum([_VALUE[c] for c in rest]) / len(rest)
    # The worst card left: its partners in the hand, less the two thrown.
    worst = 0
    for card in rest:
        lone = partners[card] - _pairs(card, a) - _pairs(card, b) == 0
        worst = max(worst, _VALUE[card] + (_LONE if lone else 0))
    if value == 1:
        ones = sum([1 for c in rest if _VALUE[c] == 1])
        worth += 2 * ones + (_LEAVE if ones == len(rest) else 0)
    elif value == 2:  # noqa: PLR2004 - the effects are named by their values
        worth += worst - mean  # the next player takes our worst card, not a random one
    elif value == 3:  # noqa: PLR2004
        worth += max(0.0, worst - pile_low) / 2
    elif value == 4:  # noqa: PLR2004
        worth += worst + 2  # one card less, and the worst one
    elif value == 5:  # noqa: PLR2004
        worth += pile_load
    elif value == 6:  # noqa: PLR2004
        worth += 3 if _has_pair(rest) else 0
    else:  # 7+7 and 8+8: the next player draws one or two more cards from us
        worth += (value - 6) * (mean + 1)
    return worth


def _partners_in(hand: list[int]) -> list[int]:
    """For each card id of ``hand``, how many other cards of it pair with it (by id)."""
    partners = [0] * _IDS
    for card in hand:
        count = 0
        for other in hand:
            if _pairs(card, other):
                count += 1
        partners[card] = count - 1 if count else 0  # not itself (one copy of it)
    return partners


def _best(actions: list[Action], scores: list[float], text: Callable[[Action], str]) -> Action:
    """The action of highest score; on a tie, the greatest ``text``, then the first.

    ``text`` is read only for the actions tied at the highest score.
    """
    top = max(scores)
    best: Action | None = None
    best_text = ""
    for action, score in zip(actions, scores, strict=True):
        if score == top:
            shown = text(action)
            if best is None or shown > best_text:
                best, best_text = action, shown
    assert best is not None  # noqa: S101 - ``actions`` is not empty
    return best


def _has_pair(hand: list[int]) -> bool:
    """Whether two cards of ``hand`` pair."""
    for i, card in enumerate(hand):
        for other in hand[i + 1 :]:
            if _pairs(card, other):
                return True
    return False


def _give(view: CrazyMistigriView, legal: Sequence[Action]) -> Action:
    """Give the worst card, to the opponent closest to going out who will not hand it back."""
    gifts = [action for action in legal if isinstance(action, GiveCard)]
    cards = [_id(gift.card) for gift in gifts]
    worst = _worst(list(dict.fromkeys(cards)), _ids(view.hand))  # each card once
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


def _pile_pick(view: CrazyMistigriView, legal: Sequence[Action]) -> Action:
    """Hand on the pile card that hurts its recipient most: the Mistigri, else high and lone."""
    public = _ids(view.discard_pile) + _ids(view.hand)
    partner_counts = _partners(view.players, view.rules.colour_layout)
    picks: list[Action] = []
    harms: list[float] = []
    known: dict[int, float] = {}  # the harm of each card met (picks repeat it per seat)
    for action in legal:
        if isinstance(action, PilePick):
            card = _id(action.card)
            harm = known.get(card)
            if harm is None:
                harm = known[card] = _harm(card, public, partner_counts)
            picks.append(action)
            harms.append(harm)
    return _best(picks, harms, _pick_code)


def _pick_code(action: Action) -> str:
    """The code of the card a pile pick hands on."""
    assert isinstance(action, PilePick)  # noqa: S101 - only pile picks are compared
    return action.card.code


def _harm(card: int, public: list[int], partner_counts: dict[int, int]) -> float:
    """How much ``card`` hurts whoever receives it, from the cards we can see."""
    if card == _MISTIGRI_ID:
        return 100.0
    # Partners the recipient might hold: the cards that pair with it we cannot see.
    partners = 0
    for other in public:
        if other != card and _pairs(card, other):
            partners += 1
    unseen = partner_counts[card] - partners
    return _VALUE[card] - unseen / 2


def _swap(view: CrazyMistigriView, legal: Sequence[Action]) -> Action:
    """Swap the hand card whose place the pile card fills best (ties: the greatest text)."""
    hand = _ids(view.hand)
    swaps: list[Action] = []
    gains: list[float] = []
    for action in legal:
        if isinstance(action, SwapWithPile):
            discard, take = _id(action.discard), _id(action.take)
            after = _without(hand, discard)
            after.append(take)
            swaps.append(action)
            gains.append(_badness(discard, hand) - _badness(take, after))
    return _best(swaps, gains, str)


def _force(view: CrazyMistigriView, legal: Sequence[Action]) -> Action:
    """Force the worst card on the next player, else end the turn."""
    forces = [action for action in legal if isinstance(action, ForceCard)]
    if not forces:
        return next(action for action in legal if isinstance(action, EndTurn))
    worst = _worst([_id(force.card) for force in forces], _ids(view.hand))
    return next(force for force in forces if _id(force.card) == worst)


def _ones(_: CrazyMistigriView, legal: Sequence[Action]) -> Action:
    """Throw the other 1s: it sheds cards; with none, reversing changes nothing useful."""
    return next(action for action in legal if isinstance(action, DiscardOnes))


def _swap_later(view: CrazyMistigriView, legal: Sequence[Action]) -> Action:
    """Keep the swap for later when the worst card beats the pile's lowest, else reverse."""
    hand = _ids(view.hand)
    if hand and view.discard_pile:
        worst = _most_badness(hand)
        if worst > min(card.value for card in view.discard_pile):
            return next(action for action in legal if isinstance(action, SwapLater))
    return next(action for action in legal if isinstance(action, Reverse))


_DECISIONS: dict[str, Callable[[CrazyMistigriView, Sequence[Action]], Action]] = {
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
