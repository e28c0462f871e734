"""Honest memory: what a person's screen may show for one seat of a table.

A seat's [`View`][cardgames.engine.View] is all that seat may *know*. In Crazy Animals that
includes a perfect memory of every face-down card it ever saw (`View.knowledge`): bots play
from it, and keep that perfect recall. A person plays the memory game from their own memory, so
a screen shows them less: [`shown`][cardgames.shown.shown] gives the
[`Shown`][cardgames.shown.Shown] of a seat:

- `view`: the view without remembered cards (Crazy Animals: `view.without_knowledge()`, with
  `drawn` cleared too);
- `events`: the events as the seat may see them *now*: no event carries the identity of a card
  that went face down into a slot (the first look's cards, a peeked card, the drawn card, the
  card taken from the discard pile). Public moves still say what happened, where, and which
  card went onto the discard pile;
- `glimpse`: what the person is looking at right now, a [`Glimpse`][cardgames.shown.Glimpse]
  (or `None`).

A glimpse lasts as long as its moment:

- `"first-look"`: the round's first look at one's slots 0 and 3 (shown 1 and 4), until the
  person says « C'est mémorisé » ([`Table.memorised`][cardgames.table.Table.memorised], the
  protocol's `memorised` request) or makes their next move;
- `"peek"` (a Peek card on one's own slot) and `"taken"` (the card taken from the discard
  pile into a slot): until that seat's next move, or the same acknowledgement;
- `"drawn"`: the card drawn from the stock, until it is placed or discarded.

A glimpsed card leaves the glimpse as soon as it is no longer where the glimpse shows it (a Swap
moved it), and a new round ends every glimpse.

A table may turn on a *memory aid* (`Table.new(..., memory_aid=True)`, saved with the table
and shown to everyone at it): then a person's screen keeps the view's knowledge, the drawn card
and the full events, as a bot's does; the glimpse is still given.

The other games hold no face-down card a player must remember: each hand is face up to its
owner (Kitten tricks' played tricks lie face up in the collections, Crazy Mistigri's player
aids are public), so their `Shown` is the seat's view and events as they are, and their
glimpse is always `None`. A game opts in by registering the part `"memory"` (see
`cardgames.crazy_animals.memory`).

Examples:
    >>> from cardgames.shown import shown
    >>> from cardgames.table import Table
    >>> table = Table.new("crazy-animals", players=2, bots={1: "heuristic"}, seed=3)
    >>> screen = shown(table, 0)
    >>> screen.glimpse.reason, [slot for slot, _ in screen.glimpse.seen]
    ('first-look', [0, 3])
    >>> any(card is not None for card in screen.view.knowledge[0])
    False
    >>> table.memorised(0)
    >>> print(shown(table, 0).glimpse)
    None
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from cardgames._codec import is_int
from cardgames.cards import Card
from cardgames.engine import Event, View
from cardgames.table import Table

__all__ = ["REASONS", "Glimpse", "Shown", "shown"]

REASONS = ("first-look", "peek", "drawn", "taken")
"""The reasons of a [`Glimpse`][cardgames.shown.Glimpse]."""


def _check_reason(_: object, __: object, value: str) -> None:
    if value not in REASONS:
        msg = f"a glimpse's reason is one of {list(REASONS)}, not {value!r}"
        raise ValueError(msg)


def _check_owner(_: object, __: object, value: int) -> None:
    if not is_int(value) or value < 0:
        msg = f"a glimpse's owner is a seat (an int >= 0), not {value!r}"
        raise ValueError(msg)


@attrs.frozen
class Glimpse:
    """What a person is looking at right now: some cards, and why they may see them.

    Its JSON (`to_dict`) is `{"reason": "first-look", "owner": 0, "seen": [[0, "4"], [3, "9"]]}`:
    slots are 0-based here, as in actions and events (a surface shows them from 1).
    """

    kind: ClassVar[str] = "glimpse"
    reason: str = attrs.field(validator=_check_reason)
    """Why: `"first-look"`, `"peek"`, `"drawn"` or `"taken"` (see the module)."""
    owner: int = attrs.field(validator=_check_owner)
    """The seat whose cards these are (always the person's own seat so far)."""
    seen: tuple[tuple[int | None, Card], ...]
    """The cards in sight, each with its slot (`None` for a card held in the hand: drawn)."""

    def to_dict(self) -> dict[str, Any]:
        """Return the glimpse as plain JSON data."""
        return {
            "reason": self.reason,
            "owner": self.owner,
            "seen": [[slot, card.code] for slot, card in self.seen],
        }


@attrs.frozen
class Shown:
    """What a person's screen may show for one seat: see the module."""

    view: View
    """The seat's view as a person may see it (its `events` redacted like `events`)."""
    events: tuple[Event, ...]
    """The events asked for (from `since` on), as the person may see them now."""
    glimpse: Glimpse | None
    """What the person is looking at right now, or `None`."""


def shown(table: Table, seat: int, since: int = 0) -> Shown:
    """Return what a person's screen may show for `seat` of `table` now.

    It is the same for a bot's seat (a screen watching it): bots themselves read
    `table.view(seat)` and keep their perfect recall.

    Args:
        table: the table.
        seat: the seat shown.
        since: the first event wanted in `Shown.events` (a client's cursor).

    Raises:
        InvalidSeatError: no such seat at the table.
        InvalidCursorError: `since` is not an int in `0 .. table.cursor`.
    """
    events = table.events(seat, since)
    view = table.view(seat)
    game = table.game
    if "memory" not in game.parts:
        return Shown(view, events, None)
    memory = game.part("memory")
    moved, memorised = table.glimpse_marks(seat)
    found = memory.glimpse(view, moved, memorised)
    glimpse = None if found is None else Glimpse(*found)
    if table.memory_aid:
        return Shown(view, events, glimpse)
    # `since` was checked by `table.events`; the asked-for events are the tail of the view's.
    seen = tuple(map(memory.redact, view.events))
    return Shown(attrs.evolve(memory.forget(view), events=seen), seen[since:], glimpse)
