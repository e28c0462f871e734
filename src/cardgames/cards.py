"""Cards and decks, as far as every game shares them.

Each game defines its own frozen card type; the core only needs every card to have a short,
stable text ``code`` (used in JSON) and to be hashable. A `Deck` is the immutable list of
every card a match uses, with lookup by code and multiset helpers for dealing and for checking
that no card is lost or duplicated.
"""

from __future__ import annotations

import abc
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Generic, TypeVar

__all__ = ["Card", "Deck", "deal_round_robin"]


class Card(abc.ABC):
    """Base class of every game's card type.

    Subclasses are frozen attrs classes; they provide `code`, a short stable text that
    names the card's face (two copies of the same face share it). The core uses it for JSON and
    for error messages, and knows nothing else about a card.
    """

    __slots__ = ()

    @property
    @abc.abstractmethod
    def code(self) -> str:
        """The card's short, stable text code."""


C = TypeVar("C", bound=Card)
_T = TypeVar("_T")


class Deck(Generic[C]):
    """The cards of one match, in a fixed reference order.

    Equal cards (two copies of the same face) appear as many times as they exist.
    """

    __slots__ = ("_by_code", "_cards", "_counts")

    def __init__(self, cards: Iterable[C]) -> None:
        """Build the deck from its cards, in reference order."""
        self._cards: tuple[C, ...] = tuple(cards)
        self._by_code: dict[str, C] = {card.code: card for card in self._cards}
        self._counts: Counter[C] = Counter(self._cards)

    @property
    def cards(self) -> tuple[C, ...]:
        """Every card of the deck, in reference order."""
        return self._cards

    def __len__(self) -> int:
        """Return the number of cards in the deck."""
        return len(self._cards)

    def __iter__(self) -> Iterator[C]:
        """Iterate over the cards in reference order."""
        return iter(self._cards)

    def __contains__(self, card: object) -> bool:
        """Return whether the deck holds at least one copy of ``card``."""
        return card in self._counts

    def __repr__(self) -> str:
        """Return a short description of the deck."""
        return f"<Deck of {len(self._cards)} cards>"

    def card(self, code: str) -> C:
        """Return the card whose code is ``code``; ``KeyError`` names the code if unknown."""
        try:
            return self._by_code[code]
        except KeyError:
            msg = f"no card with code {code!r} in this deck"
            raise KeyError(msg) from None

    def counts(self) -> Counter[C]:
        """Return how many copies of each card the deck holds (a fresh ``Counter``)."""
        return Counter(self._counts)

    def missing_and_extra(self, cards: Iterable[C]) -> tuple[Counter[C], Counter[C]]:
        """Compare ``cards`` with the deck as multisets.

        Returns ``(missing, extra)``: the cards of the deck absent from ``cards``, and the cards
        of ``cards`` beyond what the deck holds. Both are empty exactly when ``cards`` is a
        rearrangement of the deck.
        """
        given = Counter(cards)
        return self._counts - given, given - self._counts


def deal_round_robin(cards: Sequence[_T], players: int, first: int) -> tuple[tuple[_T, ...], ...]:
    """Deal ``cards`` one at a time clockwise, starting with seat ``first``.

    The items may be cards or the small ints a game's positions hold for them.

    Returns one hand per seat, each in the order its cards were received.

    With 5 cards and 2 players, seat 1 gets the 1st, 3rd and 5th card.
    """
    cards = tuple(cards)
    # A loop rather than a generator: a deal is on the hot path of short matches, and the
    # generator's or the comprehension's frame cost more than the slicing (measured in 3.11).
    hands = []
    for seat in range(players):
        hands.append(cards[(seat - first) % players :: players])  # noqa: PERF401
    return tuple(hands)
