"""How a seat's `View` is built from a position (compiled in the compiled build).

The `View` record lives in the interpreted `view` module (attrs records are not compiled); the
functions that fill it run at every view a search asks for, so they live here, compiled, where
they read the position's native record directly.
"""

from __future__ import annotations

from cardgames.crazy_animals._position import _STEP_NAMES, _Position
from cardgames.crazy_animals.cards import _CARDS, _UNKNOWN, SLOTS, Card, _as_cards
from cardgames.crazy_animals.view import View
from cardgames.engine import Outcome, _ViewHead


def _knowledge_of(pos: _Position, seat: int) -> tuple[tuple[Card | None, ...], ...]:
    """For every seat's slots, the card ``seat`` is sure lies there now, else ``None``."""
    known = [row[seat] for row in pos.knowledge]
    return tuple(
        tuple(None if c == _UNKNOWN else _CARDS[c] for c in known[i : i + SLOTS])
        for i in range(0, len(known), SLOTS)
    )


def _build_view(  # noqa: PLR0917 - the parts of a view the position does not hold
    head: _ViewHead,
    pos: _Position,
    seat: int,
    starting_player: int,
    rounds: int,
    outcome: Outcome | None,
) -> View:
    """The view of ``seat``: the contract's fields (``head``, in order) and the game's."""
    players = len(pos.totals)
    held = pos.drawn != _UNKNOWN and seat == pos.to_move
    # The engine's fields in their order (`State._view_head`), then the game's by name.
    return View(
        *head,
        knowledge=_knowledge_of(pos, seat),
        drawn=_CARDS[pos.drawn] if held else None,
        step=_STEP_NAMES[pos.step],
        discard_pile=_as_cards(pos.discard),
        in_play=_as_cards(pos.in_play),
        stock_size=len(pos.stock),
        knocker=None if pos.knocker == _UNKNOWN else pos.knocker,
        final_turns=pos.final_left,
        everyone_has_played=pos.turns >= players,
        starting_player=starting_player,
        rounds=rounds,
        outcome=outcome,
    )
