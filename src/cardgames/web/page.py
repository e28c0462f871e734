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
from collections.abc import Mapping, Sequence
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

__all__ = ["LANGUAGES", "WORDS", "Presenter", "Sketch"]

WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "your-turn": "Your turn",
        "thinking": "{name} is thinking…",
        "their-turn": "{name} is playing",
        "over": "The match is over",
        "you": "you",
        "winners": "Winner: {names}",
        "winners-losers": "Winners: {names} · Loser: {losers}",
        "and": "and",
        "tie": "Joint winners: {names}",
        "scores": "Final scores",
        "moves": "Your moves",
        "no-moves": "Wait for your turn.",
        "over-moves": "The match is over: play again, or open a new table.",
        "pick-next": "Now pick the next highlighted card or player.",
        "pick-card": "Play by clicking a highlighted card.",
        "legend": "What your cards would do",
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
        "players": "Players",
        "refused-unavailable": "The move could not be saved: nothing was played. Try again.",
        "refused-rate-limited": "Too many clicks at once: wait a moment.",
        "refused-not-your-turn": "It is not your turn.",
        "refused-illegal-action": "That move is not allowed now.",
        "refused-other": "The server did not understand; the page is up to date again.",
    },
    "fr": {
        "your-turn": "À vous de jouer",
        "thinking": "{name} réfléchit…",
        "their-turn": "{name} joue",
        "over": "La partie est finie",
        "you": "vous",
        "winners": "Gagnant : {names}",
        "winners-losers": "Gagnants : {names} · Perdant : {losers}",
        "and": "et",
        "tie": "Gagnants ex æquo : {names}",
        "scores": "Scores finaux",
        "moves": "Vos coups",
        "no-moves": "Attendez votre tour.",
        "over-moves": "La partie est finie : rejouez, ou ouvrez une nouvelle table.",
        "pick-next": "Touchez maintenant la carte ou le joueur suivant en surbrillance.",
        "pick-card": "Jouez en touchant une carte en surbrillance.",
        "legend": "Ce que feraient vos cartes",
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
        "memory-aid": "Aide-mémoire activé : votre écran garde les cartes que vous avez vues.",
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
        "players": "Les joueurs",
        "refused-unavailable": "Le coup n’a pas pu être enregistré : rien n’a été joué. Réessayez.",
        "refused-rate-limited": "Trop de clics d’un coup : attendez un instant.",
        "refused-not-your-turn": "Ce n’est pas votre tour.",
        "refused-illegal-action": "Ce coup n’est pas permis maintenant.",
        "refused-other": "Le serveur n’a pas compris ; la page est de nouveau à jour.",
    },
}
"""The page's own words in each language (everything about the game is narrated)."""

_PAGE_WORDS = (
    "you",
    "moves",
    "no-moves",
    "over-moves",
    "pick-next",
    "pick-card",
    "legend",
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
    "players",
    "refused-unavailable",
    "refused-rate-limited",
    "refused-not-your-turn",
    "refused-illegal-action",
    "refused-other",
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
            "round": words["round"].format(round=view.round)
            if not handbook.one_round(view.rules)
            else "",
            "status": self._status(view),
            "yourTurn": view.to_move == seat,
            "thinking": view.to_move is not None and view.to_move in table.bots,
            "scores": list(view.scores),
            "lines": list(narrator.view(view)),
            "events": list(narrator.events(message.events)),
            "board": self._board(seat, view),
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
            "paths": _paths(self.table.game, view, action),
            "explain": handbook.explain(self.table.game, action, self.language) or "",
        }

    def _rules(self, view: View) -> list[dict[str, Any]]:
        """The rules in the table's language, and this table's options, for the rules panel."""
        game = self.table.game
        sections = [
            {"title": section.title, "paragraphs": list(section.paragraphs)}
            for section in handbook.rules(game, self.language)
        ]
        options = handbook.options_text(game, view.rules, self.language, names=self.table.names)
        if options:
            sections.append({"title": self.words["options"], "paragraphs": list(options)})
        return sections

    def _sheet(self, view: View) -> dict[str, Any] | None:
        """The score sheet, round by round, from the events the seat saw."""
        sheet = handbook.score_sheet(self.table.game, view.events)
        if not sheet.rows or handbook.one_round(
            view.rules
        ):  # one round: the final scores say it all
            return None
        return {"rows": [list(row) for row in sheet.rows], "totals": list(sheet.totals)}

    def _board(self, seat: int, view: View) -> dict[str, Any]:
        """Every card place of the table as ``seat`` may see it, drawn by the game's part."""
        game = self.table.game
        picks = {p for a in view.legal_actions for path in _paths(game, view, a) for p in path}
        sketch = Sketch(self, self._narrators[0], seat, view, picks)
        if "board" in game.parts:
            game.part("board").lay_out(view, sketch)
        else:
            _generic_board(view, sketch)
        return sketch.board()

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
        losers = [self._name(view.seat, seat) for seat in outcome.losers]
        key = "winners" if len(names) == 1 else "winners-losers" if losers else "tie"
        return {
            "text": words[key].format(names=self._listed(names), losers=self._listed(losers)),
            "winners": list(outcome.winners),
            "scores": list(outcome.scores),
        }

    def _listed(self, names: Sequence[str]) -> str:
        """« Ben, Chloé et Dan »: names in a sentence of the table's language."""
        if len(names) < 2:  # noqa: PLR2004 - one name, or none
            return "".join(names)
        return f"{', '.join(names[:-1])} {self.words['and']} {names[-1]}"

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


def _capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


def _paths(game: Any, view: View, action: Action) -> list[list[str]]:  # noqa: ANN401 - a Game
    """The orders of clicks that choose ``action`` on the board; `[]` for a button.

    A game's part `"board"` says it; a game without one has its blind draws picked in the
    fan drawn from and a card of the hand picked in the hand.
    """
    if "board" in game.parts:
        return [list(path) for path in game.part("board").paths(view, action)]
    fields = {f.name: getattr(action, f.name) for f in attrs.fields(type(action))}  # type: ignore[arg-type]
    owner = getattr(view, "draw_from", None)
    if isinstance(fields.get("position"), int) and owner is not None:
        return [[f"f:{owner}:{fields['position']}"]]
    hand = {card.code for card in getattr(view, "hand", ())}
    cards = [v for v in fields.values() if isinstance(v, Card)]
    if len(fields) == 1 and len(cards) == 1 and cards[0].code in hand:
        return [[f"h:{cards[0].code}"]]
    return []


class Sketch:
    """The board of one seat, as a game's part `"board"` lays it out: what the page draws.

    A game's `Board.lay_out(view, sketch)` calls these methods; each card drawn gets its spoken
    label in the table's language and, when a move of the seat starts or goes on there, its
    pick (the module says which). A game without a board part gets each other player's fan
    (when its view has `hand_sizes`) and the seat's hand.

    Args:
        presenter: the presenter (its table, language and words).
        narrator: names the cards.
        seat: the seat whose board this is.
        view: that seat's view, as its screen may show it.
        picks: every pick of the seat's moves now.
    """

    def __init__(
        self,
        presenter: Presenter,
        narrator: Narrator,
        seat: int,
        view: View,
        picks: set[str],
    ) -> None:
        """Start an empty board: a row per player, no card yet."""
        self._presenter = presenter
        self._narrator = narrator
        self._words = presenter.words
        self._table = presenter.table
        self._seat = seat
        self._picks = picks
        self._centre: list[dict[str, Any]] = []
        self._hand: dict[str, Any] = {"label": self._words["hand"], "cards": []}
        self._players = [self._row(other, view) for other in range(view.players)]
        for other, row in enumerate(self._players):
            if f"seat:{other}" in picks:
                row["pick"] = f"seat:{other}"
                row["pickLabel"] = self._words["player"].format(name=self._table.names[other])

    def board(self) -> dict[str, Any]:
        """The board drawn so far: the players, the centre and the hand."""
        return {"players": self._players, "centre": self._centre, "hand": self._hand}

    # -- what a game's board part draws -------------------------------------------------------

    def fan(self, owner: int, count: int) -> None:
        """``owner``'s hand of ``count`` face-down cards, fanned (position `i`: `f:owner:i`)."""
        name = self._table.names[owner]
        self._players[owner]["cards"] = [
            self._card(
                None,
                self._words["fan-card"].format(name=name, n=i + 1, count=count),
                f"f:{owner}:{i}",
            )
            for i in range(count)
        ]
        self.count(owner, count)

    def count(self, owner: int, count: int) -> None:
        """How many cards ``owner`` holds, under the name."""
        words = self._words
        text = words["card-left"] if count == 1 else words["cards-left"].format(count=count)
        self._note(owner, text)

    def note(self, owner: int, key: str, **values: object) -> None:
        """A line under ``owner``'s name: the page's words ``key``, filled with ``values``."""
        self._note(owner, self._words[key].format(**values))

    def badge(self, owner: int, icon: str, key: str, **values: object) -> None:
        """A picture (a symbol of `cards.svg`) and its words under ``owner``'s name."""
        self._players[owner]["badge"] = {"icon": icon, "text": self._words[key].format(**values)}

    def collection(self, owner: int, cards: Sequence[Card]) -> None:
        """The face-up cards ``owner`` has collected."""
        self._players[owner]["collection"] = self._row_of(self._words["collection"], cards)

    def slots(self, owner: int, cards: Sequence[Card | None]) -> None:
        """``owner``'s slots (`None`: face down), slot `i` picked as `s:owner:i`.

        The seat's own slots are its hand. A glimpsed card is not named here: the page turns
        its slot over from the update's glimpse.
        """
        words = self._words
        row = self._players[owner]
        row["slots"] = True
        drawn = []
        for slot, known in enumerate(cards):
            if owner == self._seat:
                label = words["your-slot"].format(n=slot + 1)
            else:
                label = words["their-slot"].format(name=self._table.names[owner], n=slot + 1)
            label += f", {words['face-down']}" if known is None else f": {self._named(known)}"
            code = None if known is None else known.code
            drawn.append({**self._card(code, label, f"s:{owner}:{slot}"), "slot": slot})
        row["cards"] = drawn
        if owner == self._seat:
            self._hand = {"label": words["your-cards"], "cards": drawn, "slots": True}

    def stock(self, count: int) -> None:
        """The face-down stock of ``count`` cards (picked as `k`)."""
        label = self._words["stock"].format(count=count)
        self._centre.append({"label": label, "cards": [self._card(None, label, "k")]})

    def discard(self, top: Card | None) -> None:
        """The discard pile, showing its top card (picked as `d`)."""
        words = self._words
        named = words["empty"] if top is None else self._named(top)
        card = self._card(
            None if top is None else top.code, words["discard-top"].format(card=named), "d"
        )
        self._centre.append({"label": words["discard"], "cards": [card]})

    def pile(
        self,
        key: str,
        cards: Sequence[Card],
        *,
        by: Sequence[int] | None = None,
        winner: int | None = None,
    ) -> None:
        """A row of face-up cards in the middle (a card `c` picked as `p:c`), under ``key``.

        ``by`` names who played each card; ``winner`` who won them (the words name them).
        """
        names = self._table.names
        label = self._words[key].format(name="" if winner is None else names[winner])
        row = self._row_of(label, cards)
        if by is not None:
            for item, seat in zip(row["cards"], by, strict=True):
                item["by"] = names[seat]
        self._centre.append(row)

    def hand(self, cards: Sequence[Card]) -> None:
        """The seat's own hand, in the handbook's order (a card `c` picked as `h:c`).

        The seat's own box says how many cards it holds, first, as the others' boxes do.
        """
        words = self._words
        row = self._players[self._seat]
        count = (
            words["card-left"] if len(cards) == 1 else words["cards-left"].format(count=len(cards))
        )
        row["note"] = f"{count} · {row['note']}" if row["note"] else count
        self._hand["cards"] = [
            self._card(
                cards[i].code,
                words["hand-card"].format(card=self._named(cards[i])),
                f"h:{cards[i].code}",
            )
            for i in handbook.arranged(self._table.game, cards)
        ]

    # -- helpers ------------------------------------------------------------------------------

    def _row(self, seat: int, view: View) -> dict[str, Any]:
        table = self._table
        return {
            "seat": seat,
            "name": table.names[seat],
            "me": seat == self._seat,
            "bot": self._presenter.level(seat) if seat in table.bots else "",
            "toMove": view.to_move == seat,
            "score": view.scores[seat],
            "note": "",
            "cards": [],
        }

    def _note(self, owner: int, text: str) -> None:
        row = self._players[owner]
        row["note"] = f"{row['note']} · {text}" if row["note"] else text

    def _card(self, code: str | None, label: str, pick: str) -> dict[str, Any]:
        """One card: its code (`None` face down), its spoken label, its pick if it has one now."""
        return {"code": code, "label": label, "pick": pick if pick in self._picks else None}

    def _named(self, card: Card) -> str:
        return self._narrator.card(card)

    def _row_of(self, label: str, cards: Sequence[Card]) -> dict[str, Any]:
        return {
            "label": label,
            "cards": [self._card(c.code, self._named(c), f"p:{c.code}") for c in cards],
        }


def _generic_board(view: View, sketch: Sketch) -> None:
    """The board of a game without a part `"board"`: the others' fans and the seat's hand."""
    sizes = getattr(view, "hand_sizes", None)
    for seat in range(view.players):
        if sizes is not None and seat != view.seat:
            sketch.fan(seat, sizes[seat])
    sketch.hand(getattr(view, "hand", ()))
