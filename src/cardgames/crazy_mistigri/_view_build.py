"""How a seat's `View` is built from a position (compiled in the compiled build).

The `View` record lives in the interpreted `view` module (attrs records are not compiled); the
function that fills it runs at every view a search asks for, so it lives here, compiled, where
it reads the position's native record directly.
"""

from __future__ import annotations

from typing import Final

from cardgames.crazy_mistigri._position import _DRAW, _STEPS, _outcome, _Position
from cardgames.crazy_mistigri.cards import _CARD, _as_cards
from cardgames.crazy_mistigri.view import View
from cardgames.engine import _ViewHead
from cardgames.seats import Direction

_DIRECTIONS: Final = {direction.value: direction for direction in Direction}
"""Each `Direction` by its value, as the position holds it (a lookup, not an enum call)."""


def _view(pos: _Position, seat: int, head: _ViewHead) -> View:
    """The view of ``seat``: its hand, the public table and the hand sizes (CM-7).

    ``head`` holds the fields every game's view has, in order (the engine's `_view_head`).
    """
    drawing = pos.phase == _DRAW
    chosen = drawing and pos.forced >= 0
    mover = pos.mover
    # The engine's fields in their order (`State._view_head`), then the game's by name.
    return View(
        *head,
        hand=_as_cards(pos.hands[seat]),
        hand_sizes=tuple(len(h) for h in pos.hands),
        discard_pile=_as_cards(pos.pile),
        direction=_DIRECTIONS[pos.direction],
        aids_face_down=pos.passed,
        starting_player=pos.match.start,
        turn_of=None if mover < 0 else mover,
        step=_STEPS[pos.phase],
        draw_from=pos.source if drawing else None,
        draws_due=pos.draws if drawing else 0,
        card_is_chosen=chosen,
        chosen_card=_CARD[pos.forced] if chosen and seat == pos.source else None,
        swap_due=pos.swapper if pos.swapper >= 0 else None,
        pile_picks_for=pos.recipients,
        outcome=_outcome(pos.match),
    )
