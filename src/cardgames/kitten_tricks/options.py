"""The rules options of kitten tricks (KT-1, KT-6): the record a match is played with, its deck.

An attrs record, so it stays interpreted Python in the compiled build (see the Performance
page); `cardgames.kitten_tricks.rules` re-exports it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

import attrs

from cardgames import cards
from cardgames._codec import is_int
from cardgames.errors import InvalidSetupError
from cardgames.kitten_tricks.cards import COLOUR_NAMES, MAX_VALUES, Card, _deck

__all__ = ["HAND_SIZES", "LOSS_THRESHOLD", "SUPER_CHATS_TO_WIN", "Rules", "deck"]

HAND_SIZES: Mapping[int, int] = MappingProxyType({3: 10, 4: 8, 5: 6})
"""Cards dealt to each player, by player count (KT-1)."""
LOSS_THRESHOLD = 4
"""A colour of a collection is lost as soon as it holds this many cards (KT-4)."""
SUPER_CHATS_TO_WIN = 3
"""The Super Chat cards that win the match (KT-6)."""


def _int_in(name: str, low: int, high: int | None) -> Callable[[object, object, int], None]:
    def check(_: object, __: object, value: int) -> None:
        if not is_int(value) or value < low or (high is not None and value > high):
            allowed = f"an int >= {low}" if high is None else f"an int in {low}..{high}"
            msg = f"{name} must be {allowed}, not {value!r}"
            raise InvalidSetupError(msg)

    return check


@attrs.frozen(slots=True)
class Rules:
    """The options of kitten tricks; the defaults are the rulebook's game and rulings KT-1..6."""

    colours: int = attrs.field(
        default=5,
        validator=_int_in("colours", 2, len(COLOUR_NAMES)),
        metadata={
            "clause": "KT-1",
            "low": 2,
            "high": len(COLOUR_NAMES),
            "en": "the number of toy colours (a collection holding all of them ends the round)",
            "fr": "le nombre de couleurs de jouets (les avoir toutes finit la manche)",
        },
    )
    """KT-1: the number of toy colours, 2..8: the first names of
    [`COLOUR_NAMES`][cardgames.kitten_tricks.COLOUR_NAMES]. A round also ends when a collection
    holds every one of them (KT-5)."""
    values: int = attrs.field(
        default=7,
        validator=_int_in("values", 2, MAX_VALUES),
        metadata={
            "clause": "KT-1",
            "low": 2,
            "high": MAX_VALUES,
            "en": "each colour holds the values 1..values (its 1 is the Coup de patte)",
            "fr": "chaque couleur a les valeurs 1..values (son 1 est le Coup de patte)",
        },
    )
    """KT-1: each colour holds the values ``1..values``, 2..20. Its 1 is the Coup de patte,
    which the colour's top value (``values``) turns into ``values + 1`` (KT-3)."""
    first_player: int = attrs.field(
        default=0,
        validator=_int_in("first_player", 0, None),
        metadata={
            "clause": "KT-6",
            "low": 0,
            "en": "the seat that leads the first round; later rounds start one seat further",
            "fr": "la place qui entame la première manche ; chaque manche suivante, la suivante",
        },
    )
    """The seat that leads the first round (the rulebook's last player to have petted a cat);
    each later round starts one seat further clockwise (KT-6)."""
    max_rounds: int = attrs.field(
        default=30,
        validator=_int_in("max_rounds", 1, None),
        metadata={
            "clause": "KT-6",
            "low": 1,
            "en": "the round limit: then the most Super Chat cards share the win",
            "fr": "la limite de manches : les plus de cartes Super Chat partagent la victoire",
        },
    )
    """KT-6: a match nobody has won after this many rounds ends with a shared win of the
    players with the most Super Chat cards."""


def deck(rules: Rules | None = None) -> cards.Deck[Card]:
    """Return the cards of a match under ``rules`` (default: the 35 cards of KT-1)."""
    rules = Rules() if rules is None else rules
    return _deck(rules.colours, rules.values)[0]
