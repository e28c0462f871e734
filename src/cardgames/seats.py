"""Seats and turn order.

Seats are numbered ``0 .. players-1``. Seat ``i + 1`` (mod ``players``) sits to the LEFT of seat
``i``, so clockwise play visits increasing seat numbers. `Direction` is the direction of
play; the helpers find neighbours while skipping seats that are out of play.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator

__all__ = ["Direction", "next_seat", "previous_seat", "seats_from"]


class Direction(enum.IntEnum):
    """The direction of play: the step added to a seat number to reach the next player."""

    CLOCKWISE = 1
    """Towards the left neighbour: increasing seat numbers."""
    COUNTERCLOCKWISE = -1
    """Towards the right neighbour: decreasing seat numbers."""

    @property
    def reversed(self) -> Direction:
        """The opposite direction."""
        return Direction(-self.value)

    def __str__(self) -> str:
        """Return ``clockwise`` or ``counterclockwise``."""
        return self.name.lower()


def next_seat(
    seat: int,
    players: int,
    direction: int = Direction.CLOCKWISE,
    *,
    eligible: Callable[[int], bool] | None = None,
) -> int | None:
    """Return the nearest seat after ``seat`` in ``direction`` that is ``eligible``.

    ``seat`` itself is never returned; ``None`` means no other seat is eligible. With no
    ``eligible`` predicate every other seat is, so the plain neighbour is returned.

    Examples:
        >>> next_seat(3, 4)
        0
        >>> next_seat(0, 4, Direction.COUNTERCLOCKWISE)
        3
        >>> next_seat(0, 4, eligible=lambda s: s == 2)
        2
    """
    for k in range(1, players):
        candidate = (seat + k * direction) % players
        if eligible is None or eligible(candidate):
            return candidate
    return None


def previous_seat(
    seat: int,
    players: int,
    direction: int = Direction.CLOCKWISE,
    *,
    eligible: Callable[[int], bool] | None = None,
) -> int | None:
    """Return the nearest seat before ``seat`` in ``direction`` that is ``eligible``.

    The player who played just before ``seat``: its right neighbour when play is clockwise.

    Examples:
        >>> previous_seat(0, 4)
        3
        >>> previous_seat(0, 4, eligible=lambda s: s != 3)
        2
    """
    return next_seat(seat, players, -direction, eligible=eligible)


def seats_from(start: int, players: int, direction: int = Direction.CLOCKWISE) -> Iterator[int]:
    """Yield every seat once, beginning with ``start`` and going round in ``direction``.

    Examples:
        >>> list(seats_from(2, 4))
        [2, 3, 0, 1]
    """
    for k in range(players):
        yield (start + k * direction) % players
