"""The card convention every game shares: what the card shows first, then its colour."""

from __future__ import annotations

import attrs
import pytest

from tested import GAMES, SUPPORT


@pytest.mark.parametrize("slug", list(SUPPORT))
def test_card_fields_put_what_the_card_shows_first(slug: str) -> None:
    """Each card type's first field is what the card shows, and a colour, if any, comes second."""
    game = SUPPORT[slug].game
    card_type = type(game.deck(game.min_players).cards[0])
    names = [field.name for field in attrs.fields(card_type)]
    assert names[0] == SUPPORT[slug].shown
    assert names[1:] in ([], ["colour"])


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_card_rebuilds_from_its_fields_by_position_and_by_keyword(slug: str) -> None:
    """Every card of every deck equals the card built from its fields, positionally or by name."""
    game = GAMES[slug]
    for players in range(game.min_players, game.max_players + 1):
        for card in set(game.deck(players)):
            card_type = type(card)
            fields = attrs.asdict(card)
            assert card_type(*fields.values()) == card
            assert card_type(**fields) == card
            assert eval(repr(card), {"Card": card_type}) == card  # noqa: S307 - our own repr
