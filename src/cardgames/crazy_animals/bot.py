"""A heuristic bot for Crazy Animals: it remembers, swaps out its high cards and knocks low.

Examples:
    >>> import random
    >>> from cardgames import crazy_animals
    >>> from cardgames.crazy_animals import HeuristicBot
    >>> state = crazy_animals.GAME.new(3, seed=7)
    >>> HeuristicBot().choose(state.view(0), random.Random(0)) in state.legal_actions()
    True
"""

from __future__ import annotations

import random
from collections import Counter

from cardgames.crazy_animals.actions import (
    Discard,
    DrawAgain,
    DrawTwo,
    Knock,
    NoKnock,
    Peek,
    Replace,
    Swap,
    TakeDiscard,
)
from cardgames.crazy_animals.cards import DECK, DRAW_TWO, PEEK, SLOTS, SWAP, Card
from cardgames.crazy_animals.view import View
from cardgames.engine import Action
from cardgames.engine import View as AnyView

__all__ = ["HeuristicBot"]

_DRAW_STEPS = frozenset({"drawn", "draw-two"})


class HeuristicBot:
    """Plays Crazy Animals from its seat's memory (``view.knowledge``), as a careful player.

    It values each of its slots at the card it remembers there, or, for a slot it does not
    know (or a special, replaced at scoring by a number drawn), at the mean of the numbers it
    has not seen. It takes a low discard, or keeps a drawn number, into its worst slot when
    that gains at least ``take_gain`` (``keep_gain`` for a drawn card); peeks at a slot it does
    not know; swaps its worst slot for the best slot of another seat when that gains at least
    ``swap_gain`` (a remembered low card of theirs, or any card for a remembered high one of
    its own), aiming at the seat with the lowest score on ties; always plays a Draw-two; and
    knocks when its estimated total is at most ``knock_at``, or ``lead`` below the estimate of
    every other seat. It reads only the view it is given.

    Args:
        take_gain: the least gain for which it takes the discard rather than draw.
        keep_gain: the least gain for which it keeps a drawn number in a slot.
        swap_gain: the least gain for which it uses a Swap.
        knock_at: it knocks when its estimated total is at most this.
        lead: or when its estimate is this much below every other seat's.
    """

    def __init__(
        self,
        *,
        take_gain: float = 2.0,
        keep_gain: float = 0.5,
        swap_gain: float = 1.5,
        knock_at: float = 10.0,
        lead: float = 6.0,
    ) -> None:
        """Set the thresholds (see the class docstring)."""
        self.take_gain = take_gain
        self.keep_gain = keep_gain
        self.swap_gain = swap_gain
        self.knock_at = knock_at
        self.lead = lead

    def __repr__(self) -> str:
        """Return the constructor call that builds this bot."""
        return (
            f"HeuristicBot(take_gain={self.take_gain}, keep_gain={self.keep_gain}, "
            f"swap_gain={self.swap_gain}, knock_at={self.knock_at}, lead={self.lead})"
        )

    def choose(self, view: AnyView, rng: random.Random) -> Action:
        """Return one of ``view.legal_actions``, as described in the class docstring.

        Raises:
            TypeError: ``view`` is not a Crazy Animals view.
        """
        if not isinstance(view, View):
            msg = f"HeuristicBot plays crazy-animals, not {view.game!r}"
            raise TypeError(msg)
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        guess = _unseen_mean(view)
        values = [_estimates(row, guess) for row in view.knowledge]
        own = values[view.seat]
        if view.step == "knock":
            return Knock() if self._should_knock(view, values) else NoKnock()
        if view.step in _DRAW_STEPS:
            return self._use(view, values, legal, rng)
        worst = _worst_slot(own, view.knowledge[view.seat])
        top = view.discard_pile[-1]
        if top.value is not None and own[worst] - top.value >= self.take_gain:
            return TakeDiscard(worst)
        return legal[-1]  # the draw

    def _should_knock(self, view: View, values: list[list[float]]) -> bool:
        total = sum(values[view.seat])
        others = min(sum(row) for seat, row in enumerate(values) if seat != view.seat)
        return total <= self.knock_at or total <= others - self.lead

    def _use(
        self, view: View, values: list[list[float]], legal: tuple[Action, ...], rng: random.Random
    ) -> Action:
        """Place, use or discard the drawn card."""
        drawn = view.drawn
        assert drawn is not None  # noqa: S101 - the seat holds a card at these steps
        seat = view.seat
        own = values[seat]
        chance = view.step == "draw-two"
        pass_on: Action = DrawAgain() if chance else Discard()
        if drawn == DRAW_TWO:
            return DrawTwo()
        if drawn == PEEK:
            unknown = [k for k, card in enumerate(view.knowledge[seat]) if card is None]
            return Peek(rng.choice(unknown)) if unknown else pass_on
        if drawn == SWAP:
            swap = self._best_swap(view, values)
            return swap if swap is not None else pass_on
        worst = _worst_slot(own, view.knowledge[seat])
        # With a second draw to come, keep only a clear gain.
        needed = self.take_gain if chance else self.keep_gain
        value = drawn.value
        assert value is not None  # noqa: S101 - not a special
        if own[worst] - value >= needed:
            action: Action = Replace(worst)
            return action if action in legal else pass_on
        return pass_on

    def _best_swap(self, view: View, values: list[list[float]]) -> Swap | None:
        """Its worst slot against the best slot of another seat, if that gains enough."""
        seat = view.seat
        mine = _worst_slot(values[seat], view.knowledge[seat])
        # Gain first; on ties, hit the seat with the lowest score, then a card it knows of.
        gain, _, _, other, slot = max(
            (
                values[seat][mine] - value,
                -view.scores[other],
                view.knowledge[other][slot] is not None,
                -other,
                slot,
            )
            for other, row in enumerate(values)
            if other != seat
            for slot, value in enumerate(row)
        )
        if gain < self.swap_gain:
            return None
        return Swap(mine, -other, slot)


def _unseen_mean(view: View) -> float:
    """The mean value of the numbers this seat has not seen (what an unknown slot is worth)."""
    seen = Counter(view.discard_pile)
    seen.update(card for row in view.knowledge for card in row if card is not None)
    if view.drawn is not None:
        seen[view.drawn] += 1
    unseen = Counter(DECK.cards) - seen
    numbers = [(card.value, count) for card, count in unseen.items() if card.value is not None]
    total = sum(count for _, count in numbers)
    if not total:
        return 4.5
    return sum(value * count for value, count in numbers) / total


def _estimates(row: tuple[Card | None, ...], guess: float) -> list[float]:
    """Each slot's expected points: a known number's value, else ``guess``."""
    return [guess if card is None or card.value is None else float(card.value) for card in row]


def _worst_slot(values: list[float], known: tuple[Card | None, ...]) -> int:
    """The slot with the highest expected points; on a tie, a slot not known (to learn it)."""
    return max(range(SLOTS), key=lambda k: (values[k], known[k] is None, -k))
