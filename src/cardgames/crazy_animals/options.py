"""The rules options of Crazy Animals (CA-8): the record a match is played with.

An attrs record, so it stays interpreted Python in the compiled build (see the Performance
page); `cardgames.crazy_animals.rules` re-exports it.
"""

from __future__ import annotations

import attrs

from cardgames._codec import is_int
from cardgames.errors import InvalidSetupError

__all__ = ["MAX_ROUNDS", "Rules"]

MAX_ROUNDS = 100
"""The most rounds a match may be set to."""


def _check_first_player(_: object, __: object, value: int) -> None:
    if not is_int(value) or value < 0:
        msg = f"first_player must be a seat number (an int >= 0), not {value!r}"
        raise InvalidSetupError(msg)


def _check_rounds(_: object, __: object, value: int | None) -> None:
    if value is None:
        return
    if not is_int(value) or not 1 <= value <= MAX_ROUNDS:
        msg = (
            f"rounds must be None (the rulebook's count) or an int in 1..{MAX_ROUNDS}, "
            f"not {value!r}"
        )
        raise InvalidSetupError(msg)


@attrs.frozen(slots=True)
class Rules:
    """The options of Crazy Animals; the defaults are the rulebook's game."""

    first_player: int = attrs.field(default=0, validator=_check_first_player)
    """The seat that plays first in round 1 (the rulebook's player left of the oldest); each
    later round starts one seat further clockwise (CA-8)."""
    rounds: int | None = attrs.field(default=None, validator=_check_rounds)
    """The number of rounds of a match; ``None`` is the rulebook's count: as many rounds as
    players, 4 with 2 players (CA-8)."""

    def round_count(self, players: int) -> int:
        """The number of rounds a match of ``players`` seats lasts under these rules."""
        if self.rounds is not None:
            return self.rounds
        return 4 if players == 2 else players  # noqa: PLR2004 - the rulebook's exception
