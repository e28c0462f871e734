"""What one seat's browser is shown: the protocol's update and its text for people.

The server sends each browser one JSON message per change of its table: the protocol's
[`Update`][cardgames.protocol.Update] for that seat (its view and the events it saw since its
cursor, nothing else) and, beside it, the same information made ready for the page: the
narration in the table's language, the seat's moves as labelled buttons (each with the exact
[`Act`][cardgames.protocol.Act] message to send back), the card rows to draw and the result.
Everything here is computed from that seat's view and events only, so a page can show nothing
its seat may not know.

Examples:
    >>> from cardgames.table import Table
    >>> table = Table.new("kitten-tricks", players=3, names=["Ana", "Ben", "Chloé"],
    ...                   bots={1: "random", 2: "random"}, seed=3)
    >>> shown = Presenter(table, "en").message(0, since=0)
    >>> shown["page"]["status"], shown["update"]["cursor"] == table.cursor
    ('Your turn', True)
    >>> shown["page"]["moves"][0]["label"]
    'Play the red 3'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from cardgames.cards import Card
from cardgames.engine import Action, View
from cardgames.protocol import Act, update
from cardgames.table import Table
from cardgames.text import LANGUAGES, Narrator

__all__ = ["LANGUAGES", "Presenter"]

_WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "your-turn": "Your turn",
        "their-turn": "{name} is playing",
        "over": "The match is over",
        "you": "you",
        "winners": "Winner: {names}",
        "tie": "Tie between {names}",
        "scores": "Final scores",
        "moves": "Your moves",
        "no-moves": "Wait for your turn.",
        "table": "The table",
        "log": "What happened",
        "round": "Round {round}",
        "seat-link": "Seat of {name}",
        "hand": "Your hand",
        "refused": "Refused",
    },
    "fr": {
        "your-turn": "À vous de jouer",
        "their-turn": "{name} joue",
        "over": "La partie est finie",
        "you": "vous",
        "winners": "Gagnant : {names}",
        "tie": "Égalité entre {names}",
        "scores": "Scores finaux",
        "moves": "Vos coups",
        "no-moves": "Attendez votre tour.",
        "table": "La table",
        "log": "Ce qui s’est passé",
        "round": "Manche {round}",
        "seat-link": "Place de {name}",
        "hand": "Votre main",
        "refused": "Refusé",
    },
}
"""The page's own words (its headings and statuses); everything about the game is narrated."""

_ZONE_WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {"hand": "Your hand", "knowledge": "What you know of each player's cards"},
    "fr": {
        "hand": "Votre main",
        "knowledge": "Ce que vous savez des cartes de chacun",
        "discard_pile": "Défausse",
        "trick": "Pli en cours",
        "collections": "Collections",
        "drawn": "Carte piochée",
        "trump": "Atout",
        "in_play": "En jeu",
        "chosen_card": "Carte choisie",
    },
}
"""Headings of the card rows of a view, by view field (others read their field name)."""

_BASE_FIELDS = frozenset(attrs.fields_dict(View)) | {"format", "version", "game", "outcome"}
"""Fields every view has: the page shows them in its own places, not as card rows."""

_PALETTE = (
    "#c0392b",
    "#d68910",
    "#1e8449",
    "#2471a3",
    "#7d3c98",
    "#ca6f1e",
    "#c2185b",
    "#117a65",
    "#5d6d7e",
    "#6e2c00",
)
"""Card colours for cards without a colour of their own, picked by their number."""

_COLOURS: Mapping[str, str] = {
    "red": "#c0392b",
    "yellow": "#d4ac0d",
    "green": "#1e8449",
    "blue": "#2471a3",
    "purple": "#7d3c98",
    "orange": "#e67e22",
    "pink": "#d81b60",
    "brown": "#6e2c00",
    "grey": "#5d6d7e",
    "black": "#212f3d",
}
"""Card colours named in a card's English name."""


def _words(language: str) -> Mapping[str, str]:
    return _WORDS[language]


class Presenter:
    """Builds the messages a table sends to the browsers of its seats.

    Args:
        table: the live table.
        language: the language of the narration and the page, `"en"` or `"fr"`.
    """

    def __init__(self, table: Table, language: str) -> None:
        """Prepare the narrators and the card faces of ``table``."""
        self.table = table
        """The table shown."""
        self.language = language
        """The language of the page."""
        names = list(table.names)
        self._narrators = {
            seat: Narrator(table.game, names=names, lang=language, seat=seat)
            for seat in range(table.players)
        }
        self._english = Narrator(table.game, names=names, lang="en")
        view = table.view(0)
        deck = table.game.deck(table.players, view.rules)
        self._deck_codes = frozenset(card.code for card in deck)
        self._faces = {card.code: self._face(card) for card in deck}

    def message(self, seat: int, *, since: int) -> dict[str, Any]:
        """Return the message for ``seat``'s browser: its update since ``since``, and its page."""
        # The protocol's update: the view (without its event log) and the events since `since`.
        message = update(self.table, seat, since)
        view = self.table.view(seat)
        events = message.events
        document = message.to_dict()
        narrator = self._narrators[seat]
        words = _words(self.language)
        page: dict[str, Any] = {
            "title": self.table.game.title,
            "language": self.language,
            "seat": seat,
            "names": list(self.table.names),
            "bots": sorted(self.table.bots),
            "round": words["round"].format(round=view.round),
            "status": self._status(view),
            "yourTurn": view.to_move == seat,
            "scores": list(view.scores),
            "lines": list(narrator.view(view)),
            "events": list(narrator.events(events)),
            "moves": [self._move(seat, narrator, action) for action in view.legal_actions],
            "rows": self._rows(view, document["view"]),
            "cards": self._faces if since == 0 else {},
            "result": self._result(view),
            "words": {key: words[key] for key in ("moves", "no-moves", "table", "log", "scores")},
        }
        return {"type": "update", "update": document, "page": page}

    def _status(self, view: View) -> str:
        words = _words(self.language)
        if view.to_move is None:
            return words["over"]
        if view.to_move == view.seat:
            return words["your-turn"]
        return words["their-turn"].format(name=self.table.names[view.to_move])

    def _move(self, seat: int, narrator: Narrator, action: Action) -> dict[str, Any]:
        message = Act(seat=seat, action=action, cursor=self.table.cursor)
        # A blind draw names a position in a fanned hand (the engine contract): the page
        # shows it as a face-down card to pick.
        position = getattr(action, "position", None)
        return {
            "label": _capitalized(narrator.action(action)),
            "act": message.to_dict(),
            "cards": [card.code for card in _cards_of(action)],
            "position": position if isinstance(position, int) else None,
        }

    def _result(self, view: View) -> dict[str, Any] | None:
        outcome = self.table.outcome
        if outcome is None:
            return None
        words = _words(self.language)
        names = [self._name(view.seat, seat) for seat in outcome.winners]
        key = "winners" if len(names) == 1 else "tie"
        return {
            "text": words[key].format(names=", ".join(names)),
            "winners": list(outcome.winners),
            "scores": list(outcome.scores),
        }

    def _name(self, reader: int, seat: int) -> str:
        return _words(self.language)["you"] if seat == reader else self.table.names[seat]

    def _rows(self, view: View, document: dict[str, Any]) -> list[dict[str, Any]]:
        """The card rows of the view (``document``, its JSON form): every field with cards."""
        rows: list[dict[str, Any]] = []
        zone_words = _ZONE_WORDS[self.language]
        for field, value in document.items():
            if field in _BASE_FIELDS:
                continue
            label = zone_words.get(field, field.replace("_", " ").capitalize())
            if isinstance(value, str) and value in self._deck_codes:
                rows.append({"field": field, "label": label, "seats": [], "cards": [[value]]})
            elif self._is_card_list(value) and any(value):
                rows.append({"field": field, "label": label, "seats": [], "cards": [value]})
            elif (
                isinstance(value, list)
                and len(value) == view.players
                and all(self._is_card_list(v) for v in value)
                and any(value)
            ):
                seats = [self._name(view.seat, seat) for seat in range(view.players)]
                rows.append({"field": field, "label": label, "seats": seats, "cards": value})
        return rows

    def _is_card_list(self, value: object) -> bool:
        """Whether ``value`` is a list of card codes (`None`: a card this seat cannot see)."""
        return isinstance(value, list) and all(
            v is None or (isinstance(v, str) and v in self._deck_codes) for v in value
        )

    def _face(self, card: Card) -> dict[str, str]:
        """How the page draws ``card``: its name, the big mark in its corner and its colour."""
        label = self._narrators[0].card(card)
        english = self._english.card(card)
        number = re.search(r"\d+", english)
        words = re.findall(r"[a-z]+", english.lower())
        colour = next((_COLOURS[w] for w in words if w in _COLOURS), None)
        if colour is None:
            colour = _PALETTE[int(number.group()) % len(_PALETTE)] if number else "#212f3d"
        mark = number.group() if number else label
        return {"label": label, "mark": mark, "colour": colour}


def _cards_of(action: Action) -> list[Card]:
    """The cards an action names in its fields (a played card, a discarded pair...)."""
    found: list[Card] = []
    # Every action is an attrs record (the engine contract), which mypy cannot see on `Action`.
    for field in attrs.fields(type(action)):  # type: ignore[arg-type]
        value = getattr(action, field.name)
        if isinstance(value, Card):
            found.append(value)
        elif isinstance(value, Sequence) and not isinstance(value, str):
            found.extend(v for v in value if isinstance(v, Card))
    return found


def _capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]
