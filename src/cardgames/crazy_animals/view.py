"""What one seat of Crazy Animals may know: the `View` (`_view_build` builds it from a position).

A seat's view holds its perfect-recall knowledge of the table (CA-9), the card it drew, the
public piles and where the turn stands; never another seat's drawn card, the stock's order or
the seed.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from cardgames.crazy_animals.cards import Card
from cardgames.engine import Outcome
from cardgames.engine import View as _BaseView

__all__ = ["View"]


@attrs.frozen(slots=True)
class View(_BaseView):
    """What one seat of Crazy Animals may know.

    ``knowledge`` is the seat's perfect memory; an app offering the memory challenge to a
    human hides it (see `without_knowledge`).
    """

    game: ClassVar[str] = "crazy-animals"
    knowledge: tuple[tuple[Card | None, ...], ...]
    """For every seat's slots 0..3, the card this seat is sure lies there now, else ``None``."""
    drawn: Card | None
    """The card this seat drew and has not placed yet (``None`` when it holds none)."""
    step: str
    """Where ``to_move`` is in its turn: ``"turn"`` (take the discard or draw), ``"drawn"``
    (place the drawn card), ``"draw-two"`` (the first card of a Draw-two, which may be
    traded), ``"knock"`` (decide whether to knock) or ``"over"``."""
    discard_pile: tuple[Card, ...]
    """The face-up discard pile, bottom first (its last card is the top)."""
    in_play: tuple[Card, ...]
    """The Draw-twos ``to_move`` has played this turn whose action is not complete, in the
    order played: face up, but not on the discard pile until the turn's action completes
    (CA-10), the last one played going there first."""
    stock_size: int
    """How many face-down cards the stock holds."""
    knocker: int | None
    """The seat that knocked this round, if any."""
    final_turns: int
    """After a knock, how many players still have their last turn (0 before a knock)."""
    everyone_has_played: bool
    """Whether every seat has had a turn this round: from then on, until someone knocks, a
    seat that completes a turn may knock (CA-6)."""
    starting_player: int
    """The seat that played first this round."""
    rounds: int
    """How many rounds the match lasts."""
    outcome: Outcome | None
    """How the match ended, once it is over."""

    def without_knowledge(self) -> View:
        """Return this view with every ``knowledge`` entry unknown, for a human's memory test.

        The events still show what the seat saw, when it saw it; an app offering the memory
        challenge shows those as they happen and does not list them again.
        """
        blank = tuple((None,) * len(row) for row in self.knowledge)
        return attrs.evolve(self, knowledge=blank)
