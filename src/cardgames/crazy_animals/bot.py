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

import functools
import json
import random
from importlib import resources
from typing import Final

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
from cardgames.crazy_animals.cards import _DRAW_TWO as _DRAW_TWO_FACE
from cardgames.crazy_animals.cards import _PEEK as _PEEK_FACE
from cardgames.crazy_animals.cards import _SWAP as _SWAP_FACE
from cardgames.crazy_animals.cards import DECK, SLOTS, Card
from cardgames.crazy_animals.view import View
from cardgames.engine import Action
from cardgames.engine import View as AnyView

__all__ = ["HeuristicBot", "tuned_bot", "tuned_thresholds"]

# The actions it answers with, made once (each is a value: the engine compares by equality).
_KNOCK: Final[Action] = Knock()
_NO_KNOCK: Final[Action] = NoKnock()
_DISCARD: Final[Action] = Discard()
_DRAW_AGAIN: Final[Action] = DrawAgain()
_PLAY_DRAW_TWO: Final[Action] = DrawTwo()
_TAKE_DISCARD: Final[tuple[Action, ...]] = tuple(TakeDiscard(slot) for slot in range(SLOTS))
_REPLACE: Final[tuple[Action, ...]] = tuple(Replace(slot) for slot in range(SLOTS))
_PEEK_AT: Final[tuple[Action, ...]] = tuple(Peek(slot) for slot in range(SLOTS))

_DECK_COUNTS: Final[tuple[int, ...]] = tuple(
    sum(1 for card in DECK if card.face == face) for face in range(_DRAW_TWO_FACE + 1)
)
"""How many cards of each face (0..12) the deck holds."""


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
        return self.choose_remembering(view, view.knowledge, rng)

    def choose_remembering(
        self, view: View, knowledge: tuple[tuple[Card | None, ...], ...], rng: random.Random
    ) -> Action:
        """Return what `choose` would for ``view`` if the seat remembered only ``knowledge``.

        ``knowledge`` stands in for ``view.knowledge`` (the `easy` level's hazier memory),
        without building another view.
        """
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        guess = _unseen_mean(view, knowledge)
        step = view.step
        if step == "knock":
            values = [_estimates(row, guess) for row in knowledge]
            return _KNOCK if self._should_knock(view, values) else _NO_KNOCK
        if step == "drawn" or step == "draw-two":  # noqa: PLR1714 - mypyc compiles == natively
            return self._use(view, knowledge, guess, rng)
        known = knowledge[view.seat]
        own = _estimates(known, guess)
        worst = _worst_slot(own, known)
        top = view.discard_pile[-1].face
        if top < _SWAP_FACE and own[worst] - top >= self.take_gain:
            return _TAKE_DISCARD[worst]
        return legal[-1]  # the draw

    def _should_knock(self, view: View, values: list[list[float]]) -> bool:
        seat = view.seat
        total = sum(values[seat])
        others = min(sum(row) for other, row in enumerate(values) if other != seat)
        return total <= self.knock_at or total <= others - self.lead

    def _use(
        self,
        view: View,
        knowledge: tuple[tuple[Card | None, ...], ...],
        guess: float,
        rng: random.Random,
    ) -> Action:
        """Place, use or discard the drawn card."""
        drawn = view.drawn
        assert drawn is not None  # noqa: S101 - the seat holds a card at these steps
        known = knowledge[view.seat]
        chance = view.step == "draw-two"
        pass_on = _DRAW_AGAIN if chance else _DISCARD
        face = drawn.face
        if face == _DRAW_TWO_FACE:
            return _PLAY_DRAW_TWO
        if face == _PEEK_FACE:
            unknown = [k for k, card in enumerate(known) if card is None]
            return _PEEK_AT[rng.choice(unknown)] if unknown else pass_on
        if face == _SWAP_FACE:
            values = [_estimates(row, guess) for row in knowledge]
            swap = self._best_swap(view, knowledge, values)
            return swap if swap is not None else pass_on
        own = _estimates(known, guess)
        worst = _worst_slot(own, known)
        # With a second draw to come, keep only a clear gain.
        needed = self.take_gain if chance else self.keep_gain
        if own[worst] - face >= needed:
            replace = _REPLACE[worst]
            return replace if replace in view.legal_actions else pass_on
        return pass_on

    def _best_swap(
        self,
        view: View,
        knowledge: tuple[tuple[Card | None, ...], ...],
        values: list[list[float]],
    ) -> Swap | None:
        """Its worst slot against the best slot of another seat, if that gains enough."""
        seat = view.seat
        mine = _worst_slot(values[seat], knowledge[seat])
        # Gain first; on ties, hit the seat with the lowest score, then a card it knows of.
        gain, _, _, other, slot = max(
            (
                values[seat][mine] - value,
                -view.scores[other],
                knowledge[other][slot] is not None,
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


TUNED: Final = "tuned.json"
"""The file of this package that holds the tuned thresholds (`tuned_thresholds`)."""


@functools.cache
def tuned_thresholds() -> dict[str, float]:
    """The `HeuristicBot` thresholds tuned against the default ones, by name.

    They come from this package's ``tuned.json``, which ``benchmarks/tune_heuristic.py``
    writes: a coordinate search of the five thresholds for the best win share of one
    `HeuristicBot` against default ones over duplicate deals of one round, checked on fresh
    deals (the file keeps the command, the seeds and the shares it measured). Read once.
    """
    text = resources.files(__package__).joinpath(TUNED).read_text(encoding="utf-8")
    thresholds = json.loads(text)["thresholds"]
    return {str(name): float(value) for name, value in thresholds.items()}


def tuned_bot() -> HeuristicBot:
    """A new `HeuristicBot` with the tuned thresholds (`tuned_thresholds`).

    It is the policy of the `hard` level in Crazy Animals: its default move and its own seat's
    moves in its rollouts (`cardgames.bots.levels`).

    Examples:
        >>> tuned_bot().take_gain > HeuristicBot().take_gain
        True
    """
    return HeuristicBot(**tuned_thresholds())


def _unseen_mean(view: View, knowledge: tuple[tuple[Card | None, ...], ...]) -> float:
    """The mean value of the numbers this seat has not seen (what an unknown slot is worth).

    The seat sees the discard pile and its drawn card, and remembers ``knowledge``.
    """
    unseen = list(_DECK_COUNTS)  # by face, then less each card seen
    for card in view.discard_pile:
        unseen[card.face] -= 1
    for row in knowledge:
        for known in row:
            if known is not None:
                unseen[known.face] -= 1
    if view.drawn is not None:
        unseen[view.drawn.face] -= 1
    total = points = 0
    for face in range(_SWAP_FACE):  # the numbers 0..9
        count = unseen[face]
        if count > 0:
            total += count
            points += face * count
    if not total:
        return 4.5
    return points / total


def _estimates(row: tuple[Card | None, ...], guess: float) -> list[float]:
    """Each slot's expected points: a known number's value, else ``guess``."""
    return [guess if card is None or card.face >= _SWAP_FACE else float(card.face) for card in row]


def _worst_slot(values: list[float], known: tuple[Card | None, ...]) -> int:
    """The slot with the highest expected points; on a tie, a slot not known (to learn it).

    On a tie of both, the first such slot.
    """
    worst = 0
    for slot in range(1, SLOTS):
        value, best = values[slot], values[worst]
        if value > best or (value == best and known[slot] is None and known[worst] is not None):
            worst = slot
    return worst
