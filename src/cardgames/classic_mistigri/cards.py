"""The cards of classic Mistigri (CL-1): sixteen pairs of cat motifs and the odd cat.

Examples:
    >>> from cardgames.classic_mistigri.cards import DECK, MISTIGRI, Card
    >>> len(DECK), DECK.cards.count(Card(7)), MISTIGRI.code
    (33, 2, 'mistigri')
"""

from __future__ import annotations

import attrs

from cardgames import cards
from cardgames._codec import is_int

__all__ = ["DECK", "MISTIGRI", "MOTIFS", "Card"]

MOTIFS = 16
"""The number of pair motifs (CL-1)."""


@attrs.frozen(slots=True, cache_hash=True)
class Card(cards.Card):
    """A classic Mistigri card: one of two copies of a motif ``1..16``, or the Mistigri (``0``)."""

    motif: int = attrs.field()

    @motif.validator
    def _check_motif(self, _: object, motif: int) -> None:
        if not is_int(motif) or not 0 <= motif <= MOTIFS:
            msg = f"a classic Mistigri card's motif is 0 (the Mistigri) or 1..16, not {motif!r}"
            raise ValueError(msg)

    @property
    def is_mistigri(self) -> bool:
        """Whether this is the odd cat, the Mistigri."""
        return self.motif == 0

    @property
    def code(self) -> str:
        """``"mistigri"`` or ``"m1"`` .. ``"m16"``."""
        return "mistigri" if self.motif == 0 else f"m{self.motif}"

    @classmethod
    def from_code(cls, code: str) -> Card:
        """Return the card whose `code` is ``code`` (``KeyError`` if there is none)."""
        return DECK.card(code)

    def __str__(self) -> str:
        """Return ``Mistigri`` or ``motif 7``."""
        return "Mistigri" if self.motif == 0 else f"motif {self.motif}"


MISTIGRI = Card(0)
"""The odd cat: it has no twin and its final holder loses."""

DECK: cards.Deck[Card] = cards.Deck(
    [Card(m) for m in range(1, MOTIFS + 1) for _ in range(2)] + [MISTIGRI]
)
"""The 33 cards (CL-1): two of each motif 1..16, then the Mistigri."""

# Positions hold motif numbers (small ints are fast to compare); events and views show cards.
_CARDS: dict[int, Card] = {card.motif: card for card in DECK}
