"""What one seat of Crazy Mistigri may know (CM-7), and how it is read from a position."""

from __future__ import annotations

from typing import ClassVar

import attrs

from cardgames.crazy_mistigri._position import _DRAW, _STEPS, _outcome, _Position
from cardgames.crazy_mistigri.cards import _CARD, Card, _as_cards
from cardgames.engine import Outcome, _ViewHead
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


_DIRECTIONS = {direction.value: direction for direction in Direction}
"""Each `Direction` by its value, as the position holds it (a lookup, not an enum call)."""


def _view(pos: _Position, seat: int, head: _ViewHead) -> View:
    """The view of ``seat``: its hand, the public table and the hand sizes (CM-7).

    ``head`` holds the fields every game's view has, in order (the engine's `_view_head`).
    """
    drawing = pos.phase == _DRAW
    chosen = drawing and pos.forced >= 0
    mover = pos.mover
    # Positionally, in the order of View's fields: the engine's, then the game's.
    return View(
        *head,
        _as_cards(pos.hands[seat]),  # hand
        tuple(len(h) for h in pos.hands),  # hand_sizes
        _as_cards(pos.pile),  # discard_pile
        _DIRECTIONS[pos.direction],  # direction
        pos.passed,  # aids_face_down
        pos.match.start,  # starting_player
        None if mover < 0 else mover,  # turn_of
        _STEPS[pos.phase],  # step
        pos.source if drawing else None,  # draw_from
        pos.draws if drawing else 0,  # draws_due
        chosen,  # card_is_chosen
        _CARD[pos.forced] if chosen and seat == pos.source else None,  # chosen_card
        pos.swapper if pos.swapper >= 0 else None,  # swap_due
        pos.recipients,  # pile_picks_for
        _outcome(pos.match),  # outcome
    )
