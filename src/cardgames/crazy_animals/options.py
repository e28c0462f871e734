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
MAX_PLAYERS = 6
"""The most players at a table (CA-1)."""


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


def _check_knock_after(_: object, __: object, value: int | None) -> None:
    if value is None:
        return
    if not is_int(value) or not 1 <= value <= MAX_PLAYERS:
        msg = (
            f"knock_after must be None (the rulebook's: every player has had a turn) or an int "
            f"in 1..{MAX_PLAYERS}, not {value!r}"
        )
        raise InvalidSetupError(msg)


@attrs.frozen(slots=True)
class Rules:
    """The options of Crazy Animals; the defaults are the rulebook's game."""

    first_player: int = attrs.field(
        default=0,
        validator=_check_first_player,
        metadata={
            "clause": "CA-8",
            "low": 0,
            "en": "the seat that plays first in round 1; later rounds start one seat further",
            "fr": "la place qui joue en premier à la manche 1 ; ensuite, une place plus loin",
        },
    )
    """The seat that plays first in round 1 (the rulebook's player left of the oldest); each
    later round starts one seat further clockwise (CA-8)."""
    rounds: int | None = attrs.field(
        default=None,
        validator=_check_rounds,
        metadata={
            "clause": "CA-8",
            "low": 1,
            "high": MAX_ROUNDS,
            "en": "the rounds of a match; null: as many as players (4 with 2 players)",
            "fr": "les manches d'une partie ; null : autant que de joueurs (4 à deux joueurs)",
        },
    )
    """The number of rounds of a match; ``None`` is the rulebook's count: as many rounds as
    players, 4 with 2 players (CA-8)."""

    knock_after: int | None = attrs.field(
        default=None,
        validator=_check_knock_after,
        metadata={
            "clause": "CA-6",
            "house_rule": True,
            "low": 1,
            "high": MAX_PLAYERS,
            "en": "house rule: the turns played in a round before a knock; null: one per player",
            "fr": "variante : tours joués dans la manche avant de frapper ; null : un par joueur",
        },
    )
    """House rule (CA-6): the turns completed in a round before a player may knock. ``None``
    is the rulebook's game: every player has had a turn (as many turns as players). With 3
    players, ``knock_after=2`` lets the knock come one turn earlier: after the second turn."""

    def knock_turns(self, players: int) -> int:
        """The turns completed in a round before a player may knock, with ``players`` seats."""
        return players if self.knock_after is None else min(self.knock_after, players)

    def round_count(self, players: int) -> int:
        """The number of rounds a match of ``players`` seats lasts under these rules."""
        if self.rounds is not None:
            return self.rounds
        return 4 if players == 2 else players  # noqa: PLR2004 - the rulebook's exception
