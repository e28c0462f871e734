"""What happens in a classic Mistigri match, and who sees it.

The deal is the engine's `Dealt` event (each seat sees its own hand); the game adds the pairs
laid (CL-3), the blind draws (CL-4, seen in full by the two seats involved), the players leaving
play (CL-5) and the end of the match (CL-6).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from cardgames.classic_mistigri.cards import Card
from cardgames.engine import Dealt, Event

__all__ = ["Dealt", "Drew", "LeftPlay", "MatchEnded", "PairsLaid"]


@attrs.frozen(slots=True)
class PairsLaid(Event):
    """``seat`` laid the pairs of ``motifs`` face up (CL-3); public.

    After the deal a seat lays all its pairs at once (one event); after a draw, at most one.
    """

    kind: ClassVar[str] = "pairs-laid"
    seat: int
    motifs: tuple[int, ...]

    def __str__(self) -> str:
        """Describe the pairs."""
        if len(self.motifs) == 1:
            return f"seat {self.seat} lays the pair of motif {self.motifs[0]}"
        listed = ", ".join(map(str, self.motifs))
        return f"seat {self.seat} lays the pairs of motifs {listed}"


@attrs.frozen(slots=True)
class Drew(Event):
    """``seat`` drew ``card`` from ``source``; only the two of them see the card (CL-4)."""

    kind: ClassVar[str] = "drew"
    seat: int
    source: int
    card: Card | None

    def redacted(self) -> Drew:
        """Hide the card."""
        return attrs.evolve(self, card=None)

    def __str__(self) -> str:
        """Describe the draw."""
        what = "a card" if self.card is None else f"the {self.card}"
        return f"seat {self.seat} draws {what} from seat {self.source}"


@attrs.frozen(slots=True)
class LeftPlay(Event):
    """``seat`` has no cards left and is out of play, safe (CL-5); public."""

    kind: ClassVar[str] = "left-play"
    seat: int

    def __str__(self) -> str:
        """Describe the departure."""
        return f"seat {self.seat} has no cards left and is safe"


@attrs.frozen(slots=True)
class MatchEnded(Event):
    """Only the Mistigri is left in any hand: ``loser`` holds it (CL-6); public."""

    kind: ClassVar[str] = "match-ended"
    loser: int
    winners: tuple[int, ...]

    def __str__(self) -> str:
        """Name the loser and the winners."""
        winners = ", ".join(f"seat {s}" for s in self.winners) or "nobody"
        return f"seat {self.loser} is left with the Mistigri and loses; winners: {winners}"
