"""The rules options of classic Mistigri (CL-7): the record a match is played with.

An attrs record, so it stays interpreted Python in the compiled build (see the Performance
page); `cardgames.classic_mistigri.rules` re-exports it.
"""

from __future__ import annotations

import reprlib

import attrs

from cardgames._codec import is_int
from cardgames.errors import InvalidSetupError

__all__ = ["Rules"]


def _check_first_player(_: object, __: object, value: int) -> None:
    if not is_int(value) or value < 0:
        msg = f"first_player must be a seat number (an int >= 0), not {reprlib.repr(value)}"
        raise InvalidSetupError(msg)


def _check_most_pairs_wins(_: object, __: object, value: object) -> None:
    if not isinstance(value, bool):
        msg = f"most_pairs_wins must be True or False, not {reprlib.repr(value)}"
        raise InvalidSetupError(msg)


@attrs.frozen(slots=True)
class Rules:
    """The options of classic Mistigri; the defaults are the rulebook's game."""

    first_player: int = attrs.field(
        default=0,
        validator=_check_first_player,
        metadata={
            "clause": "CL-2",
            "low": 0,
            "en": "the seat dealt to first, who plays first (the youngest player)",
            "fr": "la place servie en premier, qui joue en premier (le plus jeune joueur)",
        },
    )
    """The seat that is dealt to first and plays first (the rulebook's youngest player)."""
    most_pairs_wins: bool = attrs.field(
        default=False,
        validator=_check_most_pairs_wins,
        metadata={
            "clause": "CL-7",
            "en": "only the players with the most pairs laid win (else all but the Mistigri's)",
            "fr": "seuls gagnent ceux qui ont posé le plus de paires (sinon tous sauf le Mistigri)",
        },
    )
    """CL-7: when true, among the players without the Mistigri only those with the most pairs
    laid are winners. Off by default: everyone but the Mistigri's holder wins."""
