"""The events of Crazy Mistigri: what happened, and who sees it in full (CM-7).

Events are immutable values: the most frequent ones are interned, like the actions.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from cardgames.crazy_mistigri.cards import Card
from cardgames.engine import Dealt, Event
from cardgames.seats import Direction

__all__ = [
    "CardChosen",
    "CardGiven",
    "Dealt",
    "Drew",
    "EffectLapsed",
    "LeftRound",
    "MatchEnded",
    "OnesDiscarded",
    "PairDiscarded",
    "Passed",
    "PileCardTaken",
    "Reversed",
    "RoundEnded",
    "RoundStarted",
    "SwapAwaited",
    "SwappedWithPile",
]

_EFFECTS = {
    1: "discard the other 1s or reverse",
    2: "choose the card drawn next or reverse",
    3: "swap with the pile after the next draw or reverse",
    4: "give a card",
    5: "a pile card for each opponent",
    6: "discard another pair",
    7: "the next player draws 2 cards",
    8: "the next player draws 3 cards",
}


@attrs.frozen(slots=True)
class RoundStarted(Event):
    """Round ``round`` begins; ``starting_player`` deals and plays first (CM-2, CM-11); public."""

    kind: ClassVar[str] = "round-started"
    round: int
    starting_player: int

    def __str__(self) -> str:
        """Describe the start."""
        return f"round {self.round} starts with seat {self.starting_player}"


@attrs.frozen(slots=True)
class Drew(Event):
    """``seat`` drew ``card`` from ``source``; only the two of them see the card (CM-7).

    ``chosen`` says that ``source`` had chosen the card with a 2+2.
    """

    kind: ClassVar[str] = "drew"
    seat: int
    source: int
    card: Card | None
    chosen: bool = False

    def redacted(self) -> Drew:
        """Hide the card."""
        return attrs.evolve(self, card=None)

    def __str__(self) -> str:
        """Describe the draw."""
        what = "a card" if self.card is None else str(self.card)
        how = ", the one chosen for them" if self.chosen else ""
        return f"seat {self.seat} draws {what} from seat {self.source}{how}"


@attrs.frozen(slots=True)
class PairDiscarded(Event):
    """``seat`` discarded ``pair`` face up; ``effect`` is the value of a value pair, else 0."""

    kind: ClassVar[str] = "pair-discarded"
    seat: int
    pair: tuple[Card, ...]
    effect: int

    def __str__(self) -> str:
        """Describe the pair and its effect."""
        a, b = self.pair
        if not self.effect:
            return f"seat {self.seat} discards {a} and {b} (same colour, no effect)"
        n = self.effect
        return f"seat {self.seat} discards {a} and {b}: {n}+{n}, {_EFFECTS.get(n, 'no effect')}"


@attrs.frozen(slots=True)
class Passed(Event):
    """``seat`` discarded nothing this turn and turned its player aid face down (CM-9)."""

    kind: ClassVar[str] = "passed"
    seat: int

    def __str__(self) -> str:
        """Say it."""
        return f'seat {self.seat}: "I pass"'


@attrs.frozen(slots=True)
class Reversed(Event):
    """``seat`` turned the arrow; play now goes ``direction``."""

    kind: ClassVar[str] = "reversed"
    seat: int
    direction: Direction

    def __str__(self) -> str:
        """Describe the new direction."""
        return f"seat {self.seat} reverses the direction: now {self.direction}"


@attrs.frozen(slots=True)
class OnesDiscarded(Event):
    """1+1: ``seat`` discarded its other 1s, ``ones`` (maybe none)."""

    kind: ClassVar[str] = "ones-discarded"
    seat: int
    ones: tuple[Card, ...]

    def __str__(self) -> str:
        """List the cards."""
        if not self.ones:
            return f"seat {self.seat} has no other 1 to discard"
        return f"seat {self.seat} discards its other 1s: {', '.join(map(str, self.ones))}"


@attrs.frozen(slots=True)
class CardChosen(Event):
    """2+2: ``seat`` chose ``card`` for the next player to draw; only ``seat`` sees which."""

    kind: ClassVar[str] = "card-chosen"
    seat: int
    card: Card | None

    def redacted(self) -> CardChosen:
        """Hide the card."""
        return attrs.evolve(self, card=None)

    def __str__(self) -> str:
        """Describe the choice."""
        what = "a card" if self.card is None else str(self.card)
        return f"seat {self.seat} chooses {what} for the next player to draw"


@attrs.frozen(slots=True)
class SwapAwaited(Event):
    """3+3: ``seat`` will swap a card with the discard pile after the next draw; public."""

    kind: ClassVar[str] = "swap-awaited"
    seat: int

    def __str__(self) -> str:
        """Describe the promise."""
        return f"seat {self.seat} will swap a card with the discard pile after the next draw"


@attrs.frozen(slots=True)
class SwappedWithPile(Event):
    """3+3: ``seat`` discarded ``discarded`` and took ``taken`` from the pile; public (CM-7)."""

    kind: ClassVar[str] = "swapped-with-pile"
    seat: int
    discarded: Card
    taken: Card

    def __str__(self) -> str:
        """Describe the swap."""
        return f"seat {self.seat} discards {self.discarded} and takes {self.taken} from the pile"


@attrs.frozen(slots=True)
class CardGiven(Event):
    """4+4: ``seat`` gave ``card`` to ``to``; only the two of them see the card (CM-7)."""

    kind: ClassVar[str] = "card-given"
    seat: int
    to: int
    card: Card | None

    def redacted(self) -> CardGiven:
        """Hide the card."""
        return attrs.evolve(self, card=None)

    def __str__(self) -> str:
        """Describe the gift."""
        what = "a card" if self.card is None else str(self.card)
        return f"seat {self.seat} gives {what} to seat {self.to}"


@attrs.frozen(slots=True)
class PileCardTaken(Event):
    """5+5: ``seat`` takes ``card`` from the pile, chosen by ``chooser``; public (CM-7)."""

    kind: ClassVar[str] = "pile-card-taken"
    seat: int
    chooser: int
    card: Card

    def __str__(self) -> str:
        """Describe the gift."""
        return f"seat {self.seat} takes {self.card} from the pile, chosen by seat {self.chooser}"


@attrs.frozen(slots=True)
class EffectLapsed(Event):
    """The ``value`` + ``value`` effect of ``seat`` does nothing, for ``reason``; public."""

    kind: ClassVar[str] = "effect-lapsed"
    seat: int
    value: int
    reason: str

    def __str__(self) -> str:
        """Say which effect and why."""
        n = self.value
        return f"the {n}+{n} of seat {self.seat} does nothing: {self.reason}"


@attrs.frozen(slots=True)
class LeftRound(Event):
    """``seat`` has no cards left and leaves the round, safe (CM-6); public."""

    kind: ClassVar[str] = "left-round"
    seat: int

    def __str__(self) -> str:
        """Say it."""
        return f'seat {self.seat} has no cards left: "MIAOUUUUU!" and leaves the round'


@attrs.frozen(slots=True)
class RoundEnded(Event):
    """Round ``round`` ended for ``reason``; each seat takes ``penalties``, now ``scores``.

    ``reason`` is ``"last-player"`` (CM-8) or ``"all-passed"`` (CM-9).
    """

    kind: ClassVar[str] = "round-ended"
    round: int
    reason: str
    penalties: tuple[int, ...]
    scores: tuple[int, ...]

    def __str__(self) -> str:
        """Describe the end and the penalties."""
        why = "every player still in play passed" if self.reason == "all-passed" else None
        why = why or "one player or fewer holds cards"
        points = ", ".join(f"seat {s} +{p}" for s, p in enumerate(self.penalties) if p)
        return f"round {self.round} ends ({why}); penalties: {points or 'none'}"


@attrs.frozen(slots=True)
class MatchEnded(Event):
    """The match is over: ``winners`` have the lowest total of ``scores`` (CM-10); public."""

    kind: ClassVar[str] = "match-ended"
    winners: tuple[int, ...]
    scores: tuple[int, ...]

    def __str__(self) -> str:
        """Name the winners."""
        winners = ", ".join(f"seat {s}" for s in self.winners)
        return f"the match is over; lowest total {min(self.scores)}: {winners}"
