"""Crazy Animals for people, in English and French: the game's part ``"text"``.

[`Text`][cardgames.crazy_animals.text.Text] holds the message tables and picks the message of
each card, action, event and view; the generic narrator, `cardgames.text.Narrator`, fills them
in with the players' names. The cards are numbers 0 to 9 and three specials, named as printed:
Swap, Peek and Draw two (in French Échanger, Regarder and Piocher deux fois). Each player's four
face-down cards lie in slots 0 to 3 ("emplacements" in French), which people are shown from 1:
slots 1 to 4, the first look at slots 1 and 4 (issue 26).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

if TYPE_CHECKING:
    from cardgames.crazy_animals.cards import Card
    from cardgames.crazy_animals.view import View
    from cardgames.engine import Action, Event

__all__ = ["MESSAGES", "Text"]

_Message = tuple[str, dict[str, Any]]

_EN: dict[str, str] = {
    "card": "{value}",
    "card:the": "the {value}",
    "card.swap": "Swap",
    "card.swap:the": "the Swap card",
    "card.peek": "Peek",
    "card.peek:the": "the Peek card",
    "card.draw-two": "Draw two",
    "card.draw-two:the": "the Draw two card",
    "action.take-discard": "take the top card of the discard pile into your slot {slot}",
    "action.draw": "draw a card from the stock",
    "action.discard": "discard the drawn card",
    "action.replace": "put the drawn card into your slot {slot}",
    "action.swap": "swap your slot {slot} with {other}'s slot {other_slot}",
    "action.peek": "look at your slot {slot}",
    "action.draw-two": "play the Draw two card",
    "action.draw-again": "discard this card and draw again",
    "action.knock": "knock: everybody else has one last turn",
    "action.no-knock": "do not knock",
    "event.round-dealt": (
        "round {round} is dealt: {starter} {starter:starts|start}, and {face_up:the} starts "
        "the discard pile"
    ),
    "event.looked": "{seat} {seat:looks|look} at slots 1 and 4: {first:the} and {last:the}",
    "event.looked.hidden": "{seat} {seat:looks|look} at slots 1 and 4",
    "event.took-discard": (
        "{seat} {seat:takes|take} {card:the} from the discard pile into slot {slot} and "
        "{seat:discards|discard} {revealed:the} that was there"
    ),
    "event.stock-reshuffled": (
        "the stock is empty: {count} discarded {count:card is|cards are} shuffled into a new stock"
    ),
    "event.drew": "{seat} {seat:draws|draw} {card:the}",
    "event.drew.hidden": "{seat} {seat:draws|draw} a card",
    "event.discarded": "{seat} {seat:discards|discard} {card:the}",
    "event.replaced": (
        "{seat} {seat:puts|put} the drawn card into slot {slot} and "
        "{seat:discards|discard} {revealed:the} that was there"
    ),
    "event.swapped": (
        "{seat} {seat:plays|play} a Swap card: {seat}'s slot {slot} and {other}'s slot "
        "{other_slot} change places, unseen"
    ),
    "event.swapped/seat=you": (
        "you play a Swap card: your slot {slot} and {other}'s slot {other_slot} change "
        "places, unseen"
    ),
    "event.swapped/other=you": (
        "{seat} plays a Swap card: {seat}'s slot {slot} and your slot {other_slot} change "
        "places, unseen"
    ),
    "event.peeked": (
        "{seat} {seat:plays|play} a Peek card and {seat:looks|look} at slot {slot}: {card:the}"
    ),
    "event.peeked.hidden": (
        "{seat} {seat:plays|play} a Peek card and {seat:looks|look} at slot {slot}"
    ),
    "event.took-discard.hidden": (
        "{seat} {seat:takes|take} the top card of the discard pile into slot {slot} and "
        "{seat:discards|discard} {revealed:the} that was there"
    ),
    "event.draw-two-played": "{seat} {seat:plays|play} a Draw two card",
    "event.special-discarded": "{seat} {seat:puts|put} {card:the} on the discard pile",
    "event.knocked": "{seat} {seat:knocks|knock}: everybody else has one last turn",
    "event.special-replaced": (
        "{seat}'s slot {slot} held {special:the}: {number:the} from the stock replaces it"
    ),
    "event.special-replaced/seat=you": (
        "your slot {slot} held {special:the}: {number:the} from the stock replaces it"
    ),
    "event.special-replaced.passed": (
        "{seat}'s slot {slot} held {special:the}: after {passed:the}, set aside, "
        "{number:the} from the stock replaces it"
    ),
    "event.special-replaced.passed/seat=you": (
        "your slot {slot} held {special:the}: after {passed:the}, set aside, "
        "{number:the} from the stock replaces it"
    ),
    "event.round-scored": "round {round} ends: {rows:;}; totals: {totals}",
    "event.match-ended": (
        "the match is over: {winners} {winners:wins|win} with {best} {best:point|points}"
    ),
    "item.row": "{seat} {cards:+} = {points}",
    "item.score": "{seat} {points}",
    "item.slot": "{slot}: {card}",
    "item.slot.unknown": "{slot}: ?",
    "view.round": "round {round} of {rounds}; points so far: {scores}",
    "view.row": "your cards (slots 1 to 4, face down): {slots}",
    "view.other-row": "what you know of {seat}'s cards: {slots}",
    "view.drawn": "you hold the drawn card: {card:the}",
    "view.pile": "discard pile: {top:the} on top ({count} {count:card|cards})",
    "view.pile.empty": "the discard pile is empty",
    "view.in-play": "in play: {cards:the}",
    "view.stock": "stock: {count} {count:card|cards}",
    "view.knocker": "{seat} knocked: {left} {left:player has|players have} a last turn",
    "view.knocker/seat=you": "you knocked: {left} {left:player has|players have} a last turn",
}

_FR: dict[str, str] = {
    "card": "{value}",
    "card:the": "le {value}",
    "card.swap": "Échanger",
    "card.swap:the": "la carte Échanger",
    "card.peek": "Regarder",
    "card.peek:the": "la carte Regarder",
    "card.draw-two": "Piocher deux fois",
    "card.draw-two:the": "la carte Piocher deux fois",
    "action.take-discard": (
        "prendre la carte du dessus de la défausse dans votre emplacement {slot}"
    ),
    "action.draw": "piocher une carte",
    "action.discard": "défausser la carte piochée",
    "action.replace": "placer la carte piochée dans votre emplacement {slot}",
    "action.swap": ("échanger votre emplacement {slot} avec l’emplacement {other_slot} {other:de}"),
    "action.peek": "regarder votre emplacement {slot}",
    "action.draw-two": "jouer la carte Piocher deux fois",
    "action.draw-again": "défausser cette carte et piocher à nouveau",
    "action.knock": "frapper sur la table : dernier tour pour les autres joueurs",
    "action.no-knock": "ne pas frapper",
    "event.round-dealt": (
        "manche {round} : les cartes sont distribuées, {starter} "
        "{starter:commence|commencent|commencez} et {face_up:the} ouvre la défausse"
    ),
    "event.looked": (
        "{seat} {seat:regarde|regardent|regardez} {seat:ses|leurs|vos} emplacements 1 et 4 : "
        "{first:the} et {last:the}"
    ),
    "event.looked.hidden": (
        "{seat} {seat:regarde|regardent|regardez} {seat:ses|leurs|vos} emplacements 1 et 4"
    ),
    "event.took-discard": (
        "{seat} {seat:prend|prennent|prenez} {card:the} de la défausse dans "
        "{seat:son|leur|votre} emplacement {slot} et {seat:défausse|défaussent|défaussez} "
        "{revealed:the} qui s’y trouvait"
    ),
    "event.stock-reshuffled": (
        "la pioche est vide : {count} {count:carte défaussée est mélangée|cartes défaussées "
        "sont mélangées} pour former une nouvelle pioche"
    ),
    "event.drew": "{seat} {seat:pioche|piochent|piochez} {card:the}",
    "event.drew.hidden": "{seat} {seat:pioche|piochent|piochez} une carte",
    "event.discarded": "{seat} {seat:défausse|défaussent|défaussez} {card:the}",
    "event.replaced": (
        "{seat} {seat:place|placent|placez} la carte piochée dans {seat:son|leur|votre} "
        "emplacement {slot} et {seat:défausse|défaussent|défaussez} {revealed:the} qui s’y "
        "trouvait"
    ),
    "event.swapped": (
        "{seat} joue une carte Échanger : son emplacement {slot} et l’emplacement "
        "{other_slot} {other:de} sont échangés, face cachée"
    ),
    "event.swapped/seat=you": (
        "vous jouez une carte Échanger : votre emplacement {slot} et l’emplacement "
        "{other_slot} {other:de} sont échangés, face cachée"
    ),
    "event.swapped/other=you": (
        "{seat} joue une carte Échanger : son emplacement {slot} et votre emplacement "
        "{other_slot} sont échangés, face cachée"
    ),
    "event.peeked": (
        "{seat} {seat:joue|jouent|jouez} une carte Regarder et {seat:regarde|regardent|regardez} "
        "{seat:son|leur|votre} emplacement {slot} : {card:the}"
    ),
    "event.peeked.hidden": (
        "{seat} {seat:joue|jouent|jouez} une carte Regarder et {seat:regarde|regardent|regardez} "
        "{seat:son|leur|votre} emplacement {slot}"
    ),
    "event.took-discard.hidden": (
        "{seat} {seat:prend|prennent|prenez} la carte du dessus de la défausse dans "
        "{seat:son|leur|votre} emplacement {slot} et {seat:défausse|défaussent|défaussez} "
        "{revealed:the} qui s’y trouvait"
    ),
    "event.draw-two-played": "{seat} {seat:joue|jouent|jouez} une carte Piocher deux fois",
    "event.special-discarded": "{seat} {seat:pose|posent|posez} {card:the} sur la défausse",
    "event.knocked": (
        "{seat} {seat:frappe|frappent|frappez} sur la table : dernier tour, chaque autre "
        "joueur joue une dernière fois"
    ),
    "event.special-replaced": (
        "l’emplacement {slot} {seat:de} contenait {special:the} : {number:the} de la pioche "
        "la remplace"
    ),
    "event.special-replaced/seat=you": (
        "votre emplacement {slot} contenait {special:the} : {number:the} de la pioche la remplace"
    ),
    "event.special-replaced.passed": (
        "l’emplacement {slot} {seat:de} contenait {special:the} : après {passed:the}, "
        "{passed:mise|mises} de côté, {number:the} de la pioche la remplace"
    ),
    "event.special-replaced.passed/seat=you": (
        "votre emplacement {slot} contenait {special:the} : après {passed:the}, "
        "{passed:mise|mises} de côté, {number:the} de la pioche la remplace"
    ),
    "event.round-scored": "fin de la manche {round} : {rows:;} ; totaux : {totals}",
    "event.match-ended": (
        "la partie est terminée : {winners} {winners:gagne|gagnent|gagnez} avec {best} "
        "{best:point|points}"
    ),
    "item.row": "{seat} {cards:+} = {points}",
    "item.score": "{seat} {points}",
    "item.slot": "{slot} : {card}",
    "item.slot.unknown": "{slot} : ?",
    "view.round": "manche {round} sur {rounds} ; points jusqu’ici : {scores}",
    "view.row": "vos cartes (emplacements 1 à 4, face cachée) : {slots}",
    "view.other-row": "ce que vous savez des cartes {seat:de} : {slots}",
    "view.drawn": "vous tenez la carte piochée : {card:the}",
    "view.pile": "défausse : {top:the} au-dessus ({count} {count:carte|cartes})",
    "view.pile.empty": "la défausse est vide",
    "view.in-play": "en jeu : {cards:the}",
    "view.stock": "pioche : {count} {count:carte|cartes}",
    "view.knocker": (
        "{seat} a frappé : {left} {left:joueur joue|joueurs jouent} encore une dernière fois"
    ),
    "view.knocker/seat=you": (
        "vous avez frappé : {left} {left:joueur joue|joueurs jouent} encore une dernière fois"
    ),
}

MESSAGES: Mapping[str, Mapping[str, str]] = {"en": _EN, "fr": _FR}
"""The messages of Crazy Animals, by language and key."""

_SPECIALS = {10: "card.swap", 11: "card.peek", 12: "card.draw-two"}


class Text:
    """Crazy Animals' part ``"text"``: its messages, and which one tells what."""

    messages: ClassVar[Mapping[str, Mapping[str, str]]] = MESSAGES
    """The message tables, by language."""
    seat_fields: ClassVar[frozenset[str]] = frozenset({"other", "seat", "starter", "winners"})
    """The message fields that name a seat (or several)."""

    @staticmethod
    def card(card: Card) -> _Message:
        """The message naming ``card``: its number, or the special's name."""
        return _SPECIALS.get(card.face, "card"), {"value": card.face}

    @staticmethod
    def action(action: Action) -> _Message:
        """The message offering ``action``."""
        return f"action.{action.kind}", _fields(action)

    @staticmethod
    def event(event: Event) -> _Message:
        """The message telling ``event``."""
        fields = _fields(event)
        key = f"event.{event.kind}{_hidden(event)}"
        kind = event.kind
        if kind == "looked" and fields["seen"]:
            fields["first"], fields["last"] = fields["seen"]
        elif kind == "special-replaced":
            *passed, fields["number"] = fields["drawn"]
            if passed:
                fields["passed"] = tuple(passed)
                key += ".passed"
        elif kind == "round-scored":
            fields["rows"] = [
                ("item.row", {"seat": seat, "cards": row, "points": fields["points"][seat]})
                for seat, row in enumerate(fields["slots"])
            ]
            fields["totals"] = _scores(fields["totals"])
        elif kind == "match-ended":
            fields["best"] = min(fields["totals"])
        return key, fields

    @staticmethod
    def view(view: View) -> list[_Message]:
        """The messages that show ``view`` to its seat: its row, then the table."""
        lines: list[_Message] = [
            (
                "view.round",
                {"round": view.round, "rounds": view.rounds, "scores": _scores(view.scores)},
            ),
            ("view.row", {"slots": _slots(view.knowledge[view.seat])}),
        ]
        lines.extend(
            ("view.other-row", {"seat": seat, "slots": _slots(row)})
            for seat, row in enumerate(view.knowledge)
            if seat != view.seat and any(card is not None for card in row)
        )
        if view.drawn is not None:
            lines.append(("view.drawn", {"card": view.drawn}))
        pile = view.discard_pile
        lines.append(
            ("view.pile", {"top": pile[-1], "count": len(pile)})
            if pile
            else ("view.pile.empty", {})
        )
        if view.in_play:
            lines.append(("view.in-play", {"cards": view.in_play}))
        lines.append(("view.stock", {"count": view.stock_size}))
        if view.knocker is not None and not view.is_over:
            lines.append(("view.knocker", {"seat": view.knocker, "left": view.final_turns}))
        return lines


def _slots(row: tuple[Card | None, ...]) -> list[_Message]:
    return [
        ("item.slot.unknown", {"slot": slot})
        if card is None
        else ("item.slot", {"slot": slot, "card": card})
        for slot, card in enumerate(row, start=1)
    ]


def _scores(scores: tuple[int, ...]) -> list[_Message]:
    return [("item.score", {"seat": seat, "points": points}) for seat, points in enumerate(scores)]


_SLOT_FIELDS = frozenset({"slot", "other_slot"})


def _fields(record: Any) -> dict[str, Any]:  # noqa: ANN401 - any attrs record
    """The fields of an attrs record but ``visible_to``, by name; slots counted from 1."""
    names = (field.name for field in attrs.fields(type(record)))
    fields = {name: getattr(record, name) for name in names if name != "visible_to"}
    for name in _SLOT_FIELDS & fields.keys():
        fields[name] += 1
    return fields


def _hidden(event: Event) -> str:
    """``".hidden"`` for an event told without its secret (redacted), else ``""``.

    A private event is redacted for the other seats; a person's screen (`cardgames.shown`)
    redacts its own ones too, and the card taken from the discard pile (``card`` ``None``).
    """
    if event.kind == "took-discard":
        return ".hidden" if getattr(event, "card", None) is None else ""
    return ".hidden" if event.visible_to is not None and event.redacted() == event else ""
