"""Kitten tricks cards (KT-1): a value and a toy colour, and the deck of given proportions.

Inside the engine a card is the small int ``colour << 5 | value``, so that the hot paths work
on ints; the helpers here turn those ints into [`Card`][cardgames.kitten_tricks.cards.Card]
values and back.

Examples:
    >>> from cardgames.kitten_tricks import Card
    >>> card = Card.from_code("red-1")
    >>> print(card, card.is_coup_de_patte)
    red 1 True
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from cardgames import cards
from cardgames._codec import is_int
from cardgames.kitten_tricks._card_ints import card_int, colour_of, value_of

__all__ = ["COLOUR_NAMES", "MAX_VALUES", "Card"]

COLOUR_NAMES = ("red", "yellow", "green", "blue", "purple", "orange", "pink", "grey")
"""The toy colours, in colour order; a deck of ``Rules.colours`` colours uses the first ones."""
MAX_VALUES = 20
"""The largest ``Rules.values`` accepted."""

# Inside the engine a card is a small int: `_card_ints` holds its layout (compiled with the
# rules), and the tables below turn those ints into `Card` values and back.

# --- Cards (KT-1) ---------------------------------------------------------------------------


@attrs.frozen(slots=True, cache_hash=True)
class Card(cards.Card):
    """A kitten tricks card: a ``value`` and a toy ``colour``, in that order.

    The value is 1..[`MAX_VALUES`][cardgames.kitten_tricks.MAX_VALUES]; the colour is a name
    of [`COLOUR_NAMES`][cardgames.kitten_tricks.COLOUR_NAMES]. Like every card of the library,
    it takes what it shows first, then its colour: `Card(7, "red")` or
    `Card(value=7, colour="red")`.
    """

    value: int = attrs.field()
    colour: str = attrs.field()

    @value.validator
    def _check_value(self, _: object, value: int) -> None:
        if not is_int(value) or not 1 <= value <= MAX_VALUES:
            msg = f"a kitten tricks card's value is 1..{MAX_VALUES}, not {value!r}"
            raise ValueError(msg)

    @colour.validator
    def _check_colour(self, _: object, colour: str) -> None:
        if colour not in COLOUR_NAMES:
            msg = f"a kitten tricks card's colour is one of {COLOUR_NAMES}, not {colour!r}"
            raise ValueError(msg)

    @property
    def is_coup_de_patte(self) -> bool:
        """Whether this is its colour's 1, the Coup de patte (KT-3)."""
        return self.value == 1

    @property
    def code(self) -> str:
        """``"red-7"``: the colour, a dash, the value."""
        return f"{self.colour}-{self.value}"

    @classmethod
    def from_code(cls, code: str) -> Card:
        """Return the card whose [`code`][cardgames.kitten_tricks.Card.code] is ``code``.

        Raises:
            KeyError: no card has that code.
        """
        try:
            return _BY_CODE[code]
        except (KeyError, TypeError):
            msg = f"no kitten tricks card with code {code!r}"
            raise KeyError(msg) from None

    def __str__(self) -> str:
        """Return ``red 7``."""
        return f"{self.colour} {self.value}"


_CARD: list[Card | None] = [
    Card(value_of(i), COLOUR_NAMES[colour_of(i)]) if 1 <= value_of(i) <= MAX_VALUES else None
    for i in range(card_int(len(COLOUR_NAMES), 0))
]
_CARDS: tuple[Card, ...] = tuple(c for c in _CARD if c is not None)
_INT: dict[Card, int] = {card: i for i, card in enumerate(_CARD) if card is not None}
_BY_CODE: dict[str, Card] = {card.code: card for card in _CARDS}


def _card(c: int) -> Card:
    return _CARD[c]  # type: ignore[return-value]


def _as_cards(ints: Sequence[int]) -> tuple[Card, ...]:
    return tuple(map(_CARD.__getitem__, ints))  # type: ignore[arg-type]


# One entry per deck shape met, and only for shapes ``Rules`` accepts (2..8 colours x 2..20
# values): at most 133 entries, however many matches are played.
_DECKS: dict[tuple[int, int], tuple[cards.Deck[Card], tuple[int, ...]]] = {}


def _deck(colours: int, values: int) -> tuple[cards.Deck[Card], tuple[int, ...]]:
    """The deck of ``colours`` x ``values`` and its cards as ints, made once per shape."""
    key = (colours, values)
    found = _DECKS.get(key)
    if found is None:
        if not (2 <= colours <= len(COLOUR_NAMES) and 2 <= values <= MAX_VALUES):  # noqa: PLR2004
            msg = f"no kitten tricks deck of {colours!r} colours x {values!r} values"
            raise ValueError(msg)
        ints = tuple(card_int(c, v) for c in range(colours) for v in range(1, values + 1))
        found = _DECKS[key] = (cards.Deck(_as_cards(ints)), ints)
    return found


def _as_ints(cards_: Sequence[Card]) -> tuple[int, ...]:
    return tuple(map(_INT.__getitem__, cards_))


def _flat_cards(collection: tuple[tuple[int, ...], ...]) -> tuple[Card, ...]:
    return tuple(_CARD[c] for colour in collection for c in colour)  # type: ignore[misc]


def _by_colour(cards_: tuple[int, ...], colours: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(c for c in cards_ if colour_of(c) == k) for k in range(colours))
