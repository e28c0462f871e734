"""What happens in a kitten tricks match, as events a seat sees in full or redacted.

Every event but [`CardReceived`][cardgames.kitten_tricks.events.CardReceived] (and the
engine's [`Dealt`][cardgames.engine.Dealt]) is public; those two show their card to their own
seat only, and to everybody else as "a card".

Examples:
    >>> from cardgames import kitten_tricks
    >>> state = kitten_tricks.GAME.new(3, seed=7)
    >>> print(state.events[0])
    round 1: the trump card is blue 6, so blue is trump; seat 0 leads
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from cardgames.engine import Dealt, Event
from cardgames.kitten_tricks.cards import Card

__all__ = [
    "CardReceived",
    "ColourLost",
    "Dealt",
    "MatchEnded",
    "Played",
    "RoundEnded",
    "RoundStarted",
    "TrickWon",
]


@attrs.frozen(slots=True)
class RoundStarted(Event):
    """Round ``round`` is dealt: ``starter`` leads and ``trump`` is turned face up (KT-1)."""

    kind: ClassVar[str] = "round-started"
    round: int
    starter: int
    trump: Card

    def __str__(self) -> str:
        """Describe the new round."""
        return (
            f"round {self.round}: the trump card is {self.trump}, so {self.trump.colour} is "
            f"trump; seat {self.starter} leads"
        )


@attrs.frozen(slots=True)
class Played(Event):
    """``seat`` played ``card`` to the trick (KT-2); public."""

    kind: ClassVar[str] = "played"
    seat: int
    card: Card

    def __str__(self) -> str:
        """Describe the play."""
        return f"seat {self.seat} plays {self.card}"


@attrs.frozen(slots=True)
class TrickWon(Event):
    """``seat`` won the trick with ``card`` and collects it (KT-3, KT-4); public.

    ``coup_de_patte`` says that ``card`` is a 1 that won as its colour's strongest card.
    """

    kind: ClassVar[str] = "trick-won"
    seat: int
    card: Card
    coup_de_patte: bool = False

    def __str__(self) -> str:
        """Describe the trick's result."""
        how = " (Coup de patte)" if self.coup_de_patte else ""
        return f"seat {self.seat} wins the trick with {self.card}{how}"


@attrs.frozen(slots=True)
class ColourLost(Event):
    """``seat``'s collection reached four ``colour`` cards: it loses them all (KT-4); public.

    The ``lost`` cards are dealt face down, one to each other seat clockwise from ``seat``'s left;
    ``discarded`` of them are left over and discarded face down.
    """

    kind: ClassVar[str] = "colour-lost"
    seat: int
    colour: str
    lost: tuple[Card, ...]
    discarded: int

    def __str__(self) -> str:
        """Describe the loss."""
        rest = f", {self.discarded} discarded face down" if self.discarded else ""
        return (
            f"seat {self.seat}'s collection reaches {len(self.lost)} {self.colour} cards: "
            f"they go one to each other player{rest}"
        )


@attrs.frozen(slots=True)
class CardReceived(Event):
    """``seat`` received ``card`` from ``source``'s lost colour; only ``seat`` sees it (KT-4)."""

    kind: ClassVar[str] = "card-received"
    seat: int
    source: int
    card: Card | None

    def redacted(self) -> CardReceived:
        """Hide the card."""
        return attrs.evolve(self, card=None)

    def __str__(self) -> str:
        """Describe the gift."""
        what = "a card" if self.card is None else f"the {self.card}"
        return f"seat {self.seat} takes {what} from seat {self.source}'s lost colour into hand"


@attrs.frozen(slots=True)
class RoundEnded(Event):
    """Round ``round`` ended (KT-5); public.

    ``reason`` is ``"all-colours"`` (``seat`` collected every colour) or ``"empty-hand"``
    (``seat`` has no card left). ``colours`` counts the distinct colours of each collection;
    the ``gainers`` each gain a Super Chat card, giving the totals ``super_chats``.
    """

    kind: ClassVar[str] = "round-ended"
    round: int
    reason: str
    seat: int
    colours: tuple[int, ...]
    gainers: tuple[int, ...]
    super_chats: tuple[int, ...]

    def __str__(self) -> str:
        """Describe the end of the round."""
        why = (
            f"seat {self.seat} has collected every colour"
            if self.reason == "all-colours"
            else f"seat {self.seat} has no card left"
        )
        gainers = ", ".join(f"seat {s}" for s in self.gainers)
        most = self.colours[self.gainers[0]]
        return (
            f"round {self.round} ends: {why}; a Super Chat card to {gainers} "
            f"({most} colours); Super Chats: {', '.join(map(str, self.super_chats))}"
        )


@attrs.frozen(slots=True)
class MatchEnded(Event):
    """The match is over (KT-6); public.

    ``max_rounds`` says it ended on the round limit rather than on three Super Chat cards.
    """

    kind: ClassVar[str] = "match-ended"
    winners: tuple[int, ...]
    super_chats: tuple[int, ...]
    max_rounds: bool = False

    def __str__(self) -> str:
        """Name the winners."""
        winners = ", ".join(f"seat {s}" for s in self.winners)
        how = "lead after the last round" if self.max_rounds else "reach three Super Chats"
        verb = "wins" if len(self.winners) == 1 else "win"
        return f"{winners} {verb} the match ({how})"
