"""What one seat's browser is shown: the protocol's update and its page, ready to draw.

The server sends each browser one JSON message per change of its table: the protocol's
[`Update`][cardgames.protocol.Update] for that seat and, beside it, the same information made
ready for the page: the narration in the table's language, the board (every card place on the
table, each card with its spoken label and, when a move can start there, its *pick*), the
moves (each with the exact [`Act`][cardgames.protocol.Act] message to send back and the picks
that choose it), the result and the score sheet.

A person's seat is shown what its screen may show ([`cardgames.shown`][cardgames.shown]): no
remembered card anywhere, and what the person is looking at now only in the update's
`glimpse` field; the board names the slot a glimpsed card lies in, never the card. Everything
is computed from that seat's share of the table, so a page can show nothing its seat may not
see.

A move that is a card is chosen on the card: its `picks` are the places to click, in order
(`"h:<code>"` a card of one's hand, `"f:<seat>:<position>"` a face-down card of a fanned hand,
`"s:<seat>:<slot>"` a slot, `"d"` the discard pile, `"p:<code>"` a card of the discard pile,
`"k"` the stock, `"seat:<n>"` a player); a move with several orders of picks lists each as
one path. A move with no pick (pass, knock, an effect) is a button.

Examples:
    >>> from cardgames.table import Table
    >>> table = Table.new("kitten-tricks", players=3, names=["Ana", "Ben", "Chloé"],
    ...                   bots={1: "random", 2: "random"}, seed=3)
    >>> shown = Presenter(table, "en").message(0, since=0)
    >>> shown["page"]["status"], shown["update"]["cursor"] == table.cursor
    ('Your turn', True)
    >>> shown["page"]["moves"][0]["paths"]
    [['h:red-3']]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from cardgames import handbook
from cardgames.bots.levels import NAMES as LEVEL_NAMES
from cardgames.bots.levels import level_of
from cardgames.cards import Card
from cardgames.engine import Action, View
from cardgames.protocol import Act, update
from cardgames.shown import shown
from cardgames.table import Table
from cardgames.text import LANGUAGES, Narrator

__all__ = ["LANGUAGES", "WORDS", "Presenter"]

WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "your-turn": "Your turn",
        "thinking": "{name} is thinking…",
        "their-turn": "{name} is playing",
        "over": "The match is over",
        "you": "you",
        "winners": "Winner: {names}",
        "tie": "Tie between {names}",
        "scores": "Final scores",
        "moves": "Your moves",
        "no-moves": "Wait for your turn.",
        "over-moves": "The match is over: play again, or open a new table.",
        "pick-next": "Now pick where it goes.",
        "pick-card": "Play by clicking a highlighted card.",
        "in-words": "The table in words",
        "your-cards": "Your cards",
        "cancel": "Cancel",
        "table": "The table",
        "log": "What happened",
        "round": "Round {round}",
        "hand": "Your hand",
        "refused": "Refused",
        "rematch": "Play again",
        "new-table": "New table",
        "rules": "Rules",
        "options": "This table's options",
        "close": "Close",
        "score-sheet": "Score sheet",
        "total": "Total",
        "round-col": "Round",
        "memorised": "Memorised",
        "memory-aid": "Memory aid on: your screen keeps the cards you have seen.",
        "glimpse-first-look": "Look at your slots 1 and 4, then remember them.",
        "glimpse-peek": "You peek at your own card.",
        "glimpse-taken": "The card you took, now face down in your slot.",
        "glimpse-drawn": "The card you drew: place it or discard it.",
        "slot": "slot {n}",
        "your-slot": "Your slot {n}",
        "their-slot": "{name}'s slot {n}",
        "face-down": "face down",
        "fan-card": "{name}'s card {n} of {count}, face down",
        "hand-card": "Your card: {card}",
        "stock": "Stock, {count} cards",
        "discard": "Discard pile",
        "discard-top": "Discard pile: {card}",
        "empty": "empty",
        "drawn": "Card drawn",
        "trick": "Trick",
        "last-trick": "Trick won by {name}",
        "trump": "Trump",
        "pairs": "Pairs laid: {count}",
        "collection": "Collection",
        "super-chats": "Super Chats: {count}",
        "cards-left": "{count} cards",
        "card-left": "1 card",
        "bot": "bot",
        "reconnecting": "Reconnecting…",
        "moved": "The next match is ready…",
        "player": "Give it to {name}",
    },
    "fr": {
        "your-turn": "À vous de jouer",
        "thinking": "{name} réfléchit…",
        "their-turn": "{name} joue",
        "over": "La partie est finie",
        "you": "vous",
        "winners": "Gagnant : {names}",
        "tie": "Égalité entre {names}",
        "scores": "Scores finaux",
        "moves": "Vos coups",
        "no-moves": "Attendez votre tour.",
        "over-moves": "La partie est finie : rejouez, ou ouvrez une nouvelle table.",
        "pick-next": "Choisissez maintenant où elle va.",
        "pick-card": "Jouez en touchant une carte en surbrillance.",
        "in-words": "La table en mots",
        "your-cards": "Vos cartes",
        "cancel": "Annuler",
        "table": "La table",
        "log": "Ce qui s’est passé",
        "round": "Manche {round}",
        "hand": "Votre main",
        "refused": "Refusé",
        "rematch": "Rejouer",
        "new-table": "Nouvelle table",
        "rules": "Règles",
        "options": "Les options de cette table",
        "close": "Fermer",
        "score-sheet": "Bloc de score",
        "total": "Total",
        "round-col": "Manche",
        "memorised": "C’est mémorisé",
        "memory-aid": "Aide-mémoire activée : votre écran garde les cartes que vous avez vues.",
        "glimpse-first-look": "Regardez vos emplacements 1 et 4, puis retenez-les.",
        "glimpse-peek": "Vous regardez votre carte.",
        "glimpse-taken": "La carte prise, maintenant face cachée dans votre emplacement.",
        "glimpse-drawn": "La carte piochée : posez-la ou défaussez-la.",
        "slot": "emplacement {n}",
        "your-slot": "Votre emplacement {n}",
        "their-slot": "Emplacement {n} de {name}",
        "face-down": "face cachée",
        "fan-card": "Carte {n} sur {count} de {name}, face cachée",
        "hand-card": "Votre carte : {card}",
        "stock": "Pioche, {count} cartes",
        "discard": "Défausse",
        "discard-top": "Défausse : {card}",
        "empty": "vide",
        "drawn": "Carte piochée",
        "trick": "Pli",
        "last-trick": "Pli gagné par {name}",
        "trump": "Atout",
        "pairs": "Paires posées : {count}",
        "collection": "Collection",
        "super-chats": "Super Chats : {count}",
        "cards-left": "{count} cartes",
        "card-left": "1 carte",
        "bot": "robot",
        "reconnecting": "Reconnexion…",
        "moved": "La partie suivante est prête…",
        "player": "La donner à {name}",
    },
}
"""The page's own words in each language (everything about the game is narrated)."""

_PAGE_WORDS = (
    "moves",
    "no-moves",
    "over-moves",
    "pick-next",
    "pick-card",
    "in-words",
    "cancel",
    "table",
    "log",
    "scores",
    "rematch",
    "new-table",
    "rules",
    "close",
    "score-sheet",
    "total",
    "round-col",
    "memorised",
    "reconnecting",
    "moved",
    "refused",
)
"""The words the page's script needs to label its own controls."""

_PAINTS: Mapping[str, str] = {
    "red": "#e74c3c",
    "yellow": "#f7dc3a",
    "green": "#2ecc71",
    "blue": "#3498db",
    "purple": "#9b59b6",
    "orange": "#f39c12",
    "pink": "#f48fb1",
    "grey": "#aab7b8",
    "brown": "#a0522d",
}
"""Bright paint of each colour, for a card's picture (outlined in the colour's ink)."""

_FACE_COLOURS: Mapping[str, str] = {
    "red": "#b03a2e",
    "yellow": "#9a7d0a",
    "green": "#1e8449",
    "blue": "#1f618d",
    "purple": "#6c3483",
    "orange": "#b9560f",
    "pink": "#ad1457",
    "grey": "#515a5a",
    "brown": "#6e2c00",
}
"""Ink of each colour named in a card's English name, dark enough to read on white."""

_SHAPES: Mapping[str, str] = {
    "red": "circle",
    "yellow": "star",
    "green": "triangle",
    "blue": "square",
    "purple": "diamond",
    "orange": "hexagon",
    "pink": "heart",
    "grey": "cross",
    "brown": "moon",
}
"""Crazy Mistigri: the shape drawn on each colour's cards, so colour is never the only cue."""

_TOYS: Mapping[str, str] = {
    "red": "ball",
    "yellow": "yarn",
    "green": "mouse",
    "blue": "fish",
    "purple": "feather",
}
"""Kitten tricks: the toy drawn on each colour's cards."""

_CLASSIC_COATS = ("grey", "red", "blue", "orange", "green", "purple", "brown", "pink")
"""Classic Mistigri: the coat colours of the cats, by motif number."""

_SPECIAL_ICONS = {"swap": "swap", "peek": "eye", "draw-two": "two"}
"""Crazy Animals: the icon of each special card (by code)."""


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
        self._faces = {card.code: self._face(card) for card in deck}
        self._boards = _Boards(self, self._narrators[0])

    @property
    def words(self) -> Mapping[str, str]:
        """The page's words in the table's language."""
        return WORDS[self.language]

    def message(self, seat: int, *, since: int) -> dict[str, Any]:
        """Return the message for ``seat``'s browser: its update since ``since``, and its page."""
        table = self.table
        message = update(table, seat, since)
        document = message.to_dict()
        # A person's seat: the whole log as the person may see it now.
        view = table.view(seat) if seat in table.bots else shown(table, seat).view
        narrator = self._narrators[seat]
        words = self.words
        page: dict[str, Any] = {
            "title": table.game.title,
            "slug": table.game.slug,
            "language": self.language,
            "seat": seat,
            "names": list(table.names),
            "bots": sorted(table.bots),
            "levels": {str(s): self.level(s) for s in table.bots},
            "round": words["round"].format(round=view.round),
            "status": self._status(view),
            "yourTurn": view.to_move == seat,
            "thinking": view.to_move is not None and view.to_move in table.bots,
            "scores": list(view.scores),
            "lines": list(narrator.view(view)),
            "events": list(narrator.events(message.events)),
            "board": self._boards.board(seat, view),
            "moves": [self._move(seat, narrator, view, a) for a in view.legal_actions],
            "glimpse": self._glimpse(message.glimpse),
            "memoryAid": table.memory_aid,
            "memoryAidText": words["memory-aid"] if table.memory_aid else "",
            "faces": self._faces if since == 0 else {},
            "rules": self._rules(view) if since == 0 else None,
            "sheet": self._sheet(view),
            "result": self._result(view),
            "words": {key: words[key] for key in _PAGE_WORDS},
        }
        return {"type": "update", "update": document, "page": page}

    def level(self, seat: int) -> str:
        """The family word for the level of the bot at ``seat`` (« moyen », "hard")."""
        level = level_of(str(self.table.bots[seat]))
        if level is None:
            return self.words["bot"]
        return LEVEL_NAMES[self.language][level]

    def _status(self, view: View) -> str:
        words = self.words
        if view.to_move is None:
            return words["over"]
        if view.to_move == view.seat:
            return words["your-turn"]
        name = self.table.names[view.to_move]
        key = "thinking" if view.to_move in self.table.bots else "their-turn"
        return words[key].format(name=name)

    def _move(self, seat: int, narrator: Narrator, view: View, action: Action) -> dict[str, Any]:
        message = Act(seat=seat, action=action, cursor=self.table.cursor)
        return {
            "label": _capitalized(narrator.action(action)),
            "act": message.to_dict(),
            "paths": _paths(self.table.game.slug, view, action),
            "explain": handbook.explain(self.table.game, action, self.language) or "",
        }

    def _rules(self, view: View) -> list[dict[str, Any]]:
        """The rules in the table's language, and this table's options, for the rules panel."""
        game = self.table.game
        sections = [
            {"title": section.title, "paragraphs": list(section.paragraphs)}
            for section in handbook.rules(game, self.language)
        ]
        options = handbook.options_text(game, view.rules, self.language)
        if options:
            sections.append({"title": self.words["options"], "paragraphs": list(options)})
        return sections

    def _sheet(self, view: View) -> dict[str, Any] | None:
        """The score sheet, round by round, from the events the seat saw."""
        sheet = handbook.score_sheet(self.table.game, view.events)
        if not sheet.rows:
            return None
        return {"rows": [list(row) for row in sheet.rows], "totals": list(sheet.totals)}

    def _glimpse(self, glimpse: Any) -> dict[str, Any] | None:  # noqa: ANN401 - a Glimpse
        """The words around the update's glimpse (its cards travel in the update only)."""
        if glimpse is None:
            return None
        return {
            "text": self.words[f"glimpse-{glimpse.reason}"],
            "memorise": glimpse.reason != "drawn",
            "reason": glimpse.reason,
        }

    def _result(self, view: View) -> dict[str, Any] | None:
        outcome = self.table.outcome
        if outcome is None:
            return None
        words = self.words
        names = [self._name(view.seat, seat) for seat in outcome.winners]
        key = "winners" if len(names) == 1 else "tie"
        return {
            "text": words[key].format(names=", ".join(names)),
            "winners": list(outcome.winners),
            "scores": list(outcome.scores),
        }

    def _name(self, reader: int, seat: int) -> str:
        return self.words["you"] if seat == reader else self.table.names[seat]

    def _face(self, card: Card) -> dict[str, str]:
        """How the page draws ``card``: its name, corner mark, ink, picture and word."""
        label = self._narrators[0].card(card)
        english = self._english.card(card).lower()
        slug = self.table.game.slug
        number = re.search(r"\d+", english)
        colour = next((w for w in re.findall(r"[a-z]+", english) if w in _FACE_COLOURS), None)
        face = {
            "label": label,
            "mark": number.group() if number else "",
            "ink": _FACE_COLOURS[colour] if colour else "#1c2833",
            "paint": _PAINTS[colour] if colour else "#1c2833",
            "icon": "",
            "word": "",
        }
        if card.code == "mistigri":
            face.update(icon="mistigri", word="Mistigri")
        elif slug == "classic-mistigri":
            # Each motif a coat of its own (the number tells the two of a colour apart).
            coat = _CLASSIC_COATS[int(face["mark"] or 0) % len(_CLASSIC_COATS)]
            face.update(icon="cat", ink=_FACE_COLOURS[coat], paint=_PAINTS[coat])
        elif slug == "crazy-mistigri" and colour is not None:
            face["icon"] = _SHAPES[colour]
        elif slug == "kitten-tricks" and colour is not None:
            face["icon"] = _TOYS[colour]
            if "coup de patte" in english:
                face.update(icon="paw", word="Coup de patte")
        elif slug == "crazy-animals" and card.code in _SPECIAL_ICONS:
            face.update(icon=_SPECIAL_ICONS[card.code], word=label, ink="#6c3483", paint="#9b59b6")
        return face


def _paths(slug: str, view: View, action: Action) -> list[list[str]]:
    """The orders of clicks that choose ``action`` on the board; `[]` for a button."""
    kind = action.kind
    fields = {f.name: getattr(action, f.name) for f in attrs.fields(type(action))}  # type: ignore[arg-type]
    seat = view.seat
    if "position" in fields and isinstance(fields["position"], int):
        owner = getattr(view, "draw_from", None)
        return [] if owner is None else [[f"f:{owner}:{fields['position']}"]]
    if slug == "crazy-animals":
        return _animal_paths(seat, kind, fields)
    return _card_paths(view, kind, fields)


def _card_paths(view: View, kind: str, fields: Mapping[str, Any]) -> list[list[str]]:
    """The paths of a move naming cards of the hand or the pile (and maybe a player)."""
    hand = {card.code for card in getattr(view, "hand", ())}

    def place(card: Card) -> str:
        return f"h:{card.code}" if card.code in hand else f"p:{card.code}"

    if kind == "discard-pair":
        first, second = place(fields["first"]), place(fields["second"])
        return [[first, second], [second, first]]
    if kind in ("give-card", "pile-pick"):
        return [[place(fields["card"]), f"seat:{fields['to']}"]]
    if kind == "swap-with-pile":
        mine, theirs = place(fields["discard"]), place(fields["take"])
        return [[mine, theirs], [theirs, mine]]
    cards = [v for v in fields.values() if isinstance(v, Card)]
    if len(cards) == 1 and len(fields) == 1:
        return [[place(cards[0])]]
    return []


def _animal_paths(seat: int, kind: str, fields: Mapping[str, Any]) -> list[list[str]]:
    if kind == "draw":
        return [["k"]]
    if kind == "discard":
        return [["d"]]
    if kind == "take-discard":
        return [["d", f"s:{seat}:{fields['slot']}"]]
    if kind in ("replace", "peek"):
        return [[f"s:{seat}:{fields['slot']}"]]
    if kind == "swap":
        mine, theirs = f"s:{seat}:{fields['slot']}", f"s:{fields['other']}:{fields['other_slot']}"
        return [[mine, theirs], [theirs, mine]]
    return []


def _count(words: Mapping[str, str], count: int) -> str:
    return words["card-left"] if count == 1 else words["cards-left"].format(count=count)


def _capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


class _Boards:
    """Every card place of a table as one seat may see it: the players, the centre, the hand.

    Each game has its layout (a method named after it); a game without one gets the players and
    the seat's hand.
    """

    def __init__(self, presenter: Presenter, narrator: Narrator) -> None:
        self._presenter = presenter
        self._narrator = narrator
        self._layouts: Mapping[str, Callable[[int, Any], dict[str, Any]]] = {
            "classic-mistigri": self._classic_mistigri,
            "crazy-mistigri": self._crazy_mistigri,
            "kitten-tricks": self._kitten_tricks,
            "crazy-animals": self._crazy_animals,
        }

    @property
    def _table(self) -> Table:
        return self._presenter.table

    @property
    def _words(self) -> Mapping[str, str]:
        return self._presenter.words

    def board(self, seat: int, view: View) -> dict[str, Any]:
        """The board of ``seat``, from its ``view`` (as a person's screen may show it)."""
        layout: Callable[[int, Any], dict[str, Any]]
        layout = self._layouts.get(self._table.game.slug, self._generic)
        return layout(seat, view)

    def _picks(self, view: View) -> set[str]:
        slug = self._table.game.slug
        return {pick for a in view.legal_actions for path in _paths(slug, view, a) for pick in path}

    @staticmethod
    def _card(code: str | None, label: str, pick: str | None = None) -> dict[str, Any]:
        """One card on the board: its code (`None` face down), its spoken label, its pick."""
        return {"code": code, "label": label, "pick": pick}

    def _named(self, card: Card) -> str:
        return self._narrator.card(card)

    def _seat_row(self, seat: int, reader: int, view: View) -> dict[str, Any]:
        table = self._table
        return {
            "seat": seat,
            "name": table.names[seat],
            "me": seat == reader,
            "bot": self._presenter.level(seat) if seat in table.bots else "",
            "toMove": view.to_move == seat,
            "score": view.scores[seat],
            "note": "",
            "cards": [],
        }

    def _fan(self, row: dict[str, Any], owner: int, count: int, pickable: bool) -> None:
        words = self._words
        name = self._table.names[owner]
        row["cards"] = [
            self._card(
                None,
                words["fan-card"].format(name=name, n=i + 1, count=count),
                f"f:{owner}:{i}" if pickable else None,
            )
            for i in range(count)
        ]
        row["note"] = _count(words, count)

    def _hand(self, hand: Sequence[Card]) -> dict[str, Any]:
        words = self._words
        cards = [
            self._card(
                hand[i].code,
                words["hand-card"].format(card=self._named(hand[i])),
                f"h:{hand[i].code}",
            )
            for i in handbook.arranged(self._table.game, hand)
        ]
        return {"label": words["hand"], "cards": cards}

    def _pile(
        self, label: str, cards: Sequence[Card], picks: set[str] | None = None
    ) -> dict[str, Any]:
        """A row of face-up cards; a card is picked as `p:<code>` when that is in ``picks``."""
        chosen = picks or set()
        return {
            "label": label,
            "cards": [
                self._card(c.code, self._named(c), _if(f"p:{c.code}", chosen)) for c in cards
            ],
        }

    def _generic(self, seat: int, view: View) -> dict[str, Any]:
        """The players and the seat's own hand, for a game without a layout of its own."""
        players = [self._seat_row(s, seat, view) for s in range(view.players)]
        return {"players": players, "centre": [], "hand": self._hand(getattr(view, "hand", ()))}

    def _classic_mistigri(self, seat: int, view: Any) -> dict[str, Any]:  # noqa: ANN401 - its View
        """Each player's fan (the one to draw from pickable), their pairs laid, the hand."""
        picks = self._picks(view)
        players = []
        for other in range(view.players):
            row = self._seat_row(other, seat, view)
            if other != seat:
                pickable = any(pick.startswith(f"f:{other}:") for pick in picks)
                self._fan(row, other, view.hand_sizes[other], pickable)
            if view.pairs[other]:
                row["pairs"] = self._words["pairs"].format(count=len(view.pairs[other]))
            players.append(row)
        return {"players": players, "centre": [], "hand": self._hand(view.hand)}

    def _crazy_mistigri(self, seat: int, view: Any) -> dict[str, Any]:  # noqa: ANN401 - its View
        """The fans, the players to give to, the discard pile (its cards pickable when taken)."""
        words = self._words
        picks = self._picks(view)
        players = []
        for other in range(view.players):
            row = self._seat_row(other, seat, view)
            if other != seat:
                pickable = any(pick.startswith(f"f:{other}:") for pick in picks)
                self._fan(row, other, view.hand_sizes[other], pickable)
            if f"seat:{other}" in picks:
                row["pick"] = f"seat:{other}"
                row["pickLabel"] = words["player"].format(name=self._table.names[other])
            players.append(row)
        centre = [self._pile(words["discard"], view.discard_pile, picks)]
        return {"players": players, "centre": centre, "hand": self._hand(view.hand)}

    def _kitten_tricks(self, seat: int, view: Any) -> dict[str, Any]:  # noqa: ANN401 - its View
        """The trump, the trick (a won trick stays until the next card), the collections."""
        words = self._words
        names = self._table.names
        players = []
        for other in range(view.players):
            row = self._seat_row(other, seat, view)
            if other != seat:
                row["note"] = _count(words, view.hand_sizes[other])
            row["collection"] = self._pile(words["collection"], view.collections[other])
            row["superChats"] = words["super-chats"].format(count=view.super_chats[other])
            players.append(row)
        centre = [self._pile(words["trump"], [view.trump])]
        trick = _trick_shown(view)
        if trick is not None:
            cards, winner = trick
            label = words["trick"]
            if winner is not None:
                label = words["last-trick"].format(name=names[winner])
            pile = self._pile(label, [card for _, card in cards])
            for item, (who, _) in zip(pile["cards"], cards, strict=True):
                item["by"] = names[who]
            centre.append(pile)
        return {"players": players, "centre": centre, "hand": self._hand(view.hand)}

    def _crazy_animals(self, seat: int, view: Any) -> dict[str, Any]:  # noqa: ANN401 - its View
        """Four slots a player (face down, or known with the memory aid), the stock, the discard.

        A glimpsed card is not named here: the page turns its slot over from the update's
        glimpse. Once a round is scored every slot is shown to all, until the next deal.
        """
        words = self._words
        picks = self._picks(view)
        knowledge = view.knowledge
        last = next(
            (e for e in reversed(view.events) if e.kind in ("round-scored", "round-dealt")), None
        )
        if last is not None and last.kind == "round-scored":
            knowledge = last.slots
        players = []
        for other in range(view.players):
            row = self._seat_row(other, seat, view)
            row["slots"] = True
            row["cards"] = [
                {**self._slot(seat, other, slot, known, picks), "slot": slot}
                for slot, known in enumerate(knowledge[other])
            ]
            players.append(row)
        stock = words["stock"].format(count=view.stock_size)
        top = view.discard_pile[-1] if view.discard_pile else None
        named = words["empty"] if top is None else self._named(top)
        discard = self._card(
            None if top is None else top.code,
            words["discard-top"].format(card=named),
            _if("d", picks),
        )
        centre = [
            {"label": stock, "cards": [self._card(None, stock, _if("k", picks))]},
            {"label": words["discard"], "cards": [discard]},
        ]
        if view.in_play:
            centre.append(self._pile(words["drawn"], view.in_play))
        if view.drawn is not None:  # the memory aid keeps it in the view
            centre.append(self._pile(words["drawn"], [view.drawn]))
        hand = {"label": words["your-cards"], "cards": players[seat]["cards"], "slots": True}
        return {"players": players, "centre": centre, "hand": hand}

    def _slot(
        self, seat: int, owner: int, slot: int, known: Card | None, picks: set[str]
    ) -> dict[str, Any]:
        words = self._words
        if owner == seat:
            label = words["your-slot"].format(n=slot + 1)
        else:
            label = words["their-slot"].format(name=self._table.names[owner], n=slot + 1)
        label += f", {words['face-down']}" if known is None else f": {self._named(known)}"
        code = None if known is None else known.code
        return self._card(code, label, _if(f"s:{owner}:{slot}", picks))


def _if(pick: str, picks: set[str]) -> str | None:
    """``pick`` if a move starts or goes on there, else `None` (the card is not clickable)."""
    return pick if pick in picks else None


def _trick_shown(view: View) -> tuple[list[tuple[int, Card]], int | None] | None:
    """The trick on the table: the current one, or the last one won until a card is played."""
    played: list[tuple[int, Card]] = []
    winner: int | None = None
    for event in view.events:
        kind = event.kind
        if kind == "played":
            if winner is not None:
                played, winner = [], None
            played.append((event.seat, event.card))  # type: ignore[attr-defined]
        elif kind == "trick-won":
            winner = event.seat  # type: ignore[attr-defined]
        elif kind in ("round-started", "round-ended"):
            played, winner = [], None
    return (played, winner) if played else None
