"""What one seat of a classic Mistigri match may know: its `View`."""

from __future__ import annotations

from typing import ClassVar

import attrs

from cardgames.classic_mistigri.cards import Card
from cardgames.engine import Outcome
from cardgames.engine import View as _BaseView

__all__ = ["View"]


@attrs.frozen(slots=True)
class View(_BaseView):
    """What one seat of classic Mistigri may know."""

    game: ClassVar[str] = "classic-mistigri"
    hand: tuple[Card, ...]
    """This seat's own cards, in fan order."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    pairs: tuple[tuple[int, ...], ...]
    """The motifs each seat has laid, in the order laid (public)."""
    draw_from: int | None
    """The seat that ``to_move`` will draw from."""
    outcome: Outcome | None
    """How the match ended, once it is over."""
