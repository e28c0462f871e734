"""What one seat of Crazy Mistigri may know (CM-7); `_view_build` reads it from a position."""

from __future__ import annotations

from typing import ClassVar

import attrs

from cardgames.crazy_mistigri.cards import Card
from cardgames.engine import Outcome
from cardgames.engine import View as _BaseView
from cardgames.seats import Direction

__all__ = ["View"]


@attrs.frozen(slots=True)
class View(_BaseView):
    """What one seat of Crazy Mistigri may know."""

    game: ClassVar[str] = "crazy-mistigri"
    hand: tuple[Card, ...]
    """This seat's own cards, in fan order."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds (0: out of the round)."""
    discard_pile: tuple[Card, ...]
    """The discard pile, face up, bottom card first."""
    direction: Direction
    """The arrow: the direction of play."""
    aids_face_down: tuple[bool, ...]
    """For each seat, whether its player aid is face down (it passed, CM-9)."""
    starting_player: int
    """Who started this round."""
    turn_of: int | None
    """Whose turn it is (``to_move`` differs only during a 3+3 swap)."""
    step: str
    """What ``to_move`` decides now, e.g. ``"draw"`` or ``"discard-or-pass"``."""
    draw_from: int | None
    """While ``to_move`` draws: the seat drawn from."""
    draws_due: int
    """While ``to_move`` draws: how many draws are left (2 or 3 after a 7+7 or 8+8)."""
    card_is_chosen: bool
    """Whether the next draw takes a card chosen with a 2+2."""
    chosen_card: Card | None
    """That card, shown only to the seat that chose it."""
    swap_due: int | None
    """The seat that will swap with the pile after this turn's draws (3+3)."""
    pile_picks_for: tuple[int, ...]
    """During a 5+5: the seats still to get a pile card, the first one next."""
    outcome: Outcome | None
    """How the match ended, once it is over."""
