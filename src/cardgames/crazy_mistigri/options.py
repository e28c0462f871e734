"""The rules options of Crazy Mistigri (CM-1, CM-10): the record a match is played with.

An attrs record, so it stays interpreted Python in the compiled build (see the Performance
page); `cardgames.crazy_mistigri.rules` re-exports it.
"""

from __future__ import annotations

import attrs

from cardgames._codec import is_int
from cardgames.crazy_mistigri.cards import DEFAULT_LAYOUT
from cardgames.errors import InvalidSetupError

__all__ = ["Rules"]


def _check_seat_number(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not is_int(value) or value < 0:
        msg = f"{attribute.name} must be a seat number (an int >= 0), not {value!r}"
        raise InvalidSetupError(msg)


def _check_layout(_: object, __: object, layout: tuple[tuple[int, ...], ...]) -> None:
    if layout is DEFAULT_LAYOUT:  # every new match builds the default Rules(): keep it cheap
        return
    shape_ok = isinstance(layout, tuple) and len(layout) == 9  # noqa: PLR2004
    for v, colours in enumerate(layout if shape_ok else (), start=1):
        if not isinstance(colours, tuple) or len(colours) != 10 - v:
            msg = f"colour_layout[{v - 1}] must list the {10 - v} colours of the {v}s: {colours!r}"
            raise InvalidSetupError(msg)
        for c in colours:
            if not is_int(c) or not 1 <= c <= 9:  # noqa: PLR2004
                msg = f"colour_layout: the colours of the {v}s must be 1..9, got {c!r}"
                raise InvalidSetupError(msg)
    if not shape_ok:
        msg = f"colour_layout must be 9 tuples of colours (values 1..9), got {layout!r}"
        raise InvalidSetupError(msg)


def _check_rounds(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not is_int(value) or not 1 <= value <= 1000:  # noqa: PLR2004
        msg = f"{attribute.name} must be an int in 1..1000, not {value!r}"
        raise InvalidSetupError(msg)


@attrs.frozen(slots=True)
class Rules:
    """The options of Crazy Mistigri; the defaults are the rulebook's game and its rulings."""

    first_player: int = attrs.field(
        default=0,
        validator=_check_seat_number,
        metadata={
            "clause": "CM-11",
            "low": 0,
            "en": "the seat that deals and plays first in round 1 (the youngest player)",
            "fr": "la place qui distribue et joue en premier à la manche 1 (le plus jeune)",
        },
    )
    """The seat that starts (deals and plays first) in round 1: the rulebook's youngest player."""
    colour_layout: tuple[tuple[int, ...], ...] = attrs.field(
        default=DEFAULT_LAYOUT,
        validator=_check_layout,
        metadata={
            "clause": "CM-1",
            "en": "for each value 1..9, the colours (1..9) of its 10 - value cards",
            "fr": "pour chaque valeur 1..9, les couleurs (1..9) de ses 10 - valeur cartes",
        },
    )
    """CM-1: for each value 1..9, the colours (1..9) of its ``10 - value`` cards. The rulebook
    does not print the colours; enter your own deck's layout here. Two cards of the same value
    and colour make a value pair (CM-4)."""
    rounds: int = attrs.field(
        default=2,
        validator=_check_rounds,
        metadata={
            "clause": "CM-10",
            "low": 1,
            "high": 1000,
            "en": "the rounds of a match before a tie-break",
            "fr": "les manches d'une partie avant le départage",
        },
    )
    """CM-10: the rounds of a match before a tie-break."""
    max_rounds: int = attrs.field(
        default=10,
        validator=_check_rounds,
        metadata={
            "clause": "CM-10",
            "low": 1,
            "high": 1000,
            "en": "the last round; a lowest total still tied then is a shared win",
            "fr": "la dernière manche ; un plus petit total encore à égalité partage la victoire",
        },
    )
    """CM-10: the last round; a lowest total still tied then is a shared win."""

    def __attrs_post_init__(self) -> None:
        """Refuse a last round before the regular ones."""
        if self.max_rounds < self.rounds:
            msg = f"max_rounds ({self.max_rounds}) must be at least rounds ({self.rounds})"
            raise InvalidSetupError(msg)
