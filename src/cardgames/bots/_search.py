"""What the search bots share: their settings' checks, blind draws counted once, the clock.

`cardgames.bots.ismcts` and `cardgames.bots.rollout` both check numeric settings against
bounds, treat interchangeable actions (blind draws by position) as one, drop the work a time
budget cuts short, and play a world out to their horizon (`play_to_horizon`). Compiled with
them in the compiled build.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardgames import _hot
from cardgames.engine import standing
from cardgames.errors import InvalidSetupError

if TYPE_CHECKING:
    from cardgames.engine import Action, Outcome, State

__all__ = [
    "OutOfTime",
    "check_time",
    "distinct",
    "flag_setting",
    "number_setting",
    "play_to_horizon",
    "reached",
    "short",
]


def number_setting(
    name: str, value: object, low: float, high: float, *, integral: bool, wanted: str
) -> int | float:
    """Return `value` if it is a number in `low..high` (an `int` if `integral`, else a float).

    Raises:
        InvalidSetupError: not a number (a bool is not one), not an int where one is wanted,
            or out of bounds (`nan` and infinities included); the message says
            "`name` must be `wanted`, got `value`".
    """
    # An int and a float are checked apart: the compiled build gives each its own native
    # type, where a union of the two would be narrowed to one (and reads the bounds as
    # floats). An int is compared with the bounds rounded inwards, so a huge int never meets
    # float().
    if not isinstance(value, bool):
        if isinstance(value, int):
            if math.ceil(low) <= value <= math.floor(high):
                return value if integral else float(value)
        elif isinstance(value, float) and not integral and low <= value <= high:
            return value
    msg = f"{name} must be {wanted}, got {short(value)}"
    raise InvalidSetupError(msg)


def flag_setting(name: str, value: object) -> bool:
    """Return `value` if it is a bool.

    Raises:
        InvalidSetupError: it is not.
    """
    if not isinstance(value, bool):
        msg = f"{name} must be True or False, got {short(value)}"
        raise InvalidSetupError(msg)
    return value


def short(value: object) -> str:
    """`value` as an error message shows it: its repr if short and simple, else its type."""
    text = repr(value) if isinstance(value, int | float | str | bool) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."  # noqa: PLR2004


class OutOfTime(Exception):  # noqa: N818 - a private signal, not an error a caller sees
    """The time budget ran out inside an iteration (or a world), which is then dropped."""


def check_time(deadline: float | None) -> None:
    """Raise `OutOfTime` if the `time.perf_counter` deadline has passed (`None`: no deadline)."""
    if deadline is not None and time.perf_counter() >= deadline:
        raise OutOfTime


def distinct(legal: tuple[Action, ...]) -> tuple[Action, ...]:
    """The legal actions with each interchangeable class (blind draws) kept once."""
    if not any(type(a).interchangeable for a in legal):
        return legal
    kept: set[type[Action]] = set()
    out = []
    for action in legal:
        cls = type(action)
        if cls.interchangeable:
            if cls in kept:
                continue
            kept.add(cls)
        out.append(action)
    return tuple(out)


def reached(world: State[Any]) -> Outcome:
    """What a search's world is worth where it stopped: the match's outcome, or its standing."""
    outcome = world.outcome if world.is_over else standing(world)
    assert outcome is not None  # noqa: S101 - over means an outcome
    return outcome


def play_to_horizon(
    world: State[Any],
    choose: Callable[[State[Any], int], Action],
    last_round: int,
    deadline: float | None,
    *,
    owned: bool = False,
) -> Outcome:
    """Advance the scratch ``world`` with ``choose(world, mover)`` to the search's horizon.

    The moves go on until the match ends, or round ``last_round`` does (-1: the match
    horizon); each advances ``world`` in place (`cardgames._hot.step`), with the log entry and
    events `State.apply` would add, so ``choose`` may read the views `apply` would give; with
    ``owned`` (no one else holds its position) the position itself advances. The result is
    `reached`'s.

    Raises:
        OutOfTime: the time budget ran out (checked before every move).
    """
    while _hot.within(world, last_round):
        check_time(deadline)
        mover: int = world.to_move  # type: ignore[assignment]  # not over
        _hot.step(world, choose(world, mover), owned=owned)
    return reached(world)
