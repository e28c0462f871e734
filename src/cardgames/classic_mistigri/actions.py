"""The action of classic Mistigri: the blind draw (CL-4).

An attrs record, so this module stays interpreted Python in the compiled build (see the
Performance page); `cardgames.classic_mistigri.rules` re-exports it.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from cardgames.classic_mistigri.cards import DECK
from cardgames.engine import Action

__all__ = ["Draw"]


@attrs.frozen(slots=True, cache_hash=True)
class Draw(Action):
    """Draw blindly the card at ``position`` of the fanned hand of the player on your left.

    The holder's fan is reshuffled with the match's randomness before every draw, so every
    position is equally likely to hold any of their cards (CL-4).
    """

    kind: ClassVar[str] = "draw"
    interchangeable: ClassVar[bool] = True
    position: int

    def __str__(self) -> str:
        """Return ``draw #3``."""
        return f"draw #{self.position}"


_DRAWS = tuple(Draw(i) for i in range(len(DECK)))
