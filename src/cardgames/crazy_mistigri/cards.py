"""The cards of Crazy Mistigri (CM-1): cats with a value and a colour, and the Mistigri.

Inside a position a card is a small int, its id (`_card_id`; `_value_of` and `_colour_of` read
it back): two cards pair when their values or their colours are equal (`_pair`), and `Card`
objects appear only at the API edge.
The deck of a match depends on the player count and the colour layout; the decks of custom
layouts are cached in a small LRU, so no number of distinct layouts can grow the cache.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

import attrs

from cardgames import cards
from cardgames._codec import is_int

# The readers of card ids are defined beside the position records, compiled with the rules (see
# below); they are named here too, for the sampler, the bot and the tests.
from cardgames.crazy_mistigri._position import _card_id as _card_id  # noqa: PLC0414
from cardgames.crazy_mistigri._position import _colour_of as _colour_of  # noqa: PLC0414
from cardgames.crazy_mistigri._position import _pair as _pair  # noqa: PLC0414
from cardgames.crazy_mistigri._position import _value_of as _value_of  # noqa: PLC0414

__all__ = ["DEFAULT_LAYOUT", "MISTIGRI", "Card"]

# --- Cards (CM-1) ---------------------------------------------------------------------------

_MISTIGRI_VALUE = 10
_CODE = re.compile(r"([1-9])c([1-9])")


# --- Card ids: the value in the high bits, the colour in the low four --------------------------
# `_card_id`, `_value_of`, `_colour_of` and `_pair` are defined beside the position records
# (`_position`), compiled with the rules, which read an id on every action.


@attrs.frozen(slots=True, cache_hash=True)
class Card(cards.Card):
    """A cat card: a ``value`` 1..9 and a ``colour`` 1..9, or the Mistigri (10 of colour 10)."""

    value: int
    colour: int

    def __attrs_post_init__(self) -> None:
        """Refuse a card that no layout can hold."""
        v, c = self.value, self.colour
        ok = all(is_int(x) for x in (v, c)) and (
            (v == c == _MISTIGRI_VALUE) or (1 <= v <= 9 and 1 <= c <= 9)  # noqa: PLR2004
        )
        if not ok:
            msg = (
                "a Crazy Mistigri card has a value and a colour in 1..9, or is the Mistigri "
                f"(value 10, colour 10); not value={v!r}, colour={c!r}"
            )
            raise ValueError(msg)

    @property
    def is_mistigri(self) -> bool:
        """Whether this is the Mistigri, which pairs with nothing."""
        return self.value == _MISTIGRI_VALUE

    @property
    def code(self) -> str:
        """``"mistigri"``, or the value, ``c`` and the colour: ``"5c3"``."""
        return "mistigri" if self.value == _MISTIGRI_VALUE else f"{self.value}c{self.colour}"

    @classmethod
    def from_code(cls, code: str) -> Card:
        """Return the card whose `code` is ``code`` (``KeyError`` if there is none)."""
        if code == "mistigri":
            return MISTIGRI
        match = _CODE.fullmatch(code) if isinstance(code, str) else None
        if match is None:
            msg = f"no Crazy Mistigri card with code {code!r} (expected e.g. '5c3' or 'mistigri')"
            raise KeyError(msg)
        return _CARD[_card_id(int(match[1]), int(match[2]))]  # type: ignore[return-value]

    def __str__(self) -> str:
        """Return ``Mistigri`` or the code, ``5c3``."""
        return "Mistigri" if self.value == _MISTIGRI_VALUE else self.code


def _id(card: Card) -> int:
    return _card_id(card.value, card.colour)


_CARD: list[Card | None] = [None] * 256  # the cards by id
for _v in range(1, 10):
    for _c in range(1, 10):
        _CARD[_card_id(_v, _c)] = Card(_v, _c)
MISTIGRI = Card(_MISTIGRI_VALUE, _MISTIGRI_VALUE)
"""The Mistigri: value 10, the only card of its colour; it never pairs."""
_CARD[_id(MISTIGRI)] = MISTIGRI
_MISTIGRI_ID = _id(MISTIGRI)

DEFAULT_LAYOUT: tuple[tuple[int, ...], ...] = tuple(tuple(range(1, 11 - v)) for v in range(1, 10))
"""CM-1: the colours of the cards of each value 1..9: value ``v`` comes in colours ``1..10-v``.

So colour 1 holds values 1..9, colour 2 values 1..8, ..., colour 9 only a 1.
"""


def _as_cards(ids: Sequence[int]) -> tuple[Card, ...]:
    return tuple(map(_CARD.__getitem__, ids))  # type: ignore[arg-type]


# --- The deck of a match -----------------------------------------------------------------------

_Layout = tuple[tuple[int, ...], ...]

_CUSTOM_DECKS = 16
"""How many custom colour layouts (per player count) keep their deck cached."""


def _build_deck_ids(players: int, layout: _Layout) -> tuple[int, ...]:
    dropped = {1} if players == 4 else {1, 2, 9} if players == 3 else set()  # noqa: PLR2004
    return (
        *(
            _card_id(v, c)
            for v, colours in enumerate(layout, start=1)
            if v not in dropped
            for c in colours
        ),
        _MISTIGRI_ID,
    )


# The default layout is the one nearly every match uses: its decks are built once, up front.
_DEFAULT_IDS = {players: _build_deck_ids(players, DEFAULT_LAYOUT) for players in (3, 4, 5)}
_DEFAULT_DECKS = {players: cards.Deck(_as_cards(ids)) for players, ids in _DEFAULT_IDS.items()}


@functools.lru_cache(maxsize=_CUSTOM_DECKS)
def _custom_deck_ids(players: int, layout: _Layout) -> tuple[int, ...]:
    return _build_deck_ids(players, layout)


@functools.lru_cache(maxsize=_CUSTOM_DECKS)
def _custom_deck(players: int, layout: _Layout) -> cards.Deck[Card]:
    return cards.Deck(_as_cards(_custom_deck_ids(players, layout)))


def _deck_ids(players: int, layout: _Layout) -> tuple[int, ...]:
    """The cards of a match as ids: 4 players drop the 1s, 3 also the 2s and the 9 (CM-1).

    ``layout`` must be a validated colour layout (a `Rules` field): only those are cached.
    """
    # Tuples do not cache their hash: the default layout is looked up by identity first.
    if layout is DEFAULT_LAYOUT and players in _DEFAULT_IDS:
        return _DEFAULT_IDS[players]
    return _custom_deck_ids(players, layout)


def _deck_of(players: int, layout: _Layout) -> cards.Deck[Card]:
    """The deck of a match, as `Card` objects (``layout`` validated, as for `_deck_ids`)."""
    if layout is DEFAULT_LAYOUT and players in _DEFAULT_DECKS:
        return _DEFAULT_DECKS[players]
    return _custom_deck(players, layout)


def _has_twins(layout: _Layout) -> bool:
    """Whether ``layout`` has twin cards (the same value and colour twice)."""
    if layout is DEFAULT_LAYOUT:
        return False
    return any(len(set(colours)) < len(colours) for colours in layout)
