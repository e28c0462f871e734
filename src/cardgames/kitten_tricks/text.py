"""Kitten tricks for people, in English and French: the game's part ``"text"``.

[`Text`][cardgames.kitten_tricks.text.Text] holds the message tables and picks the message of
each card, action, event and view; the generic narrator, `cardgames.text.Narrator`, fills them
in with the players' names. A card is told by its value and its toy colour, "the red 7" ("le 7
rouge"); each colour's 1 is its Coup de patte, and a round's winners gain a Super Chat card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

if TYPE_CHECKING:
    from cardgames.engine import Action, Event
    from cardgames.kitten_tricks.cards import Card
    from cardgames.kitten_tricks.view import View

__all__ = ["MESSAGES", "Text"]

_Message = tuple[str, dict[str, Any]]

_EN: dict[str, str] = {
    "card": "{colour:@colour} {value}",
    "card:the": "the {colour:@colour} {value}",
    "card.coup-de-patte": "{colour:@colour} 1 (Coup de patte)",
    "card.coup-de-patte:the": "the {colour:@colour} 1 (Coup de patte)",
    "colour.red": "red",
    "colour.yellow": "yellow",
    "colour.green": "green",
    "colour.blue": "blue",
    "colour.purple": "purple",
    "colour.orange": "orange",
    "colour.pink": "pink",
    "colour.grey": "grey",
    # The colours as they agree with a plural noun; French needs them ("cartes vertes").
    "colours.red": "red",
    "colours.yellow": "yellow",
    "colours.green": "green",
    "colours.blue": "blue",
    "colours.purple": "purple",
    "colours.orange": "orange",
    "colours.pink": "pink",
    "colours.grey": "grey",
    "action.play-card": "play {card:the}",
    "event.round-started": (
        "round {round}: the trump card is {trump:the}, so {trump_colour:@colour} is trump; "
        "{starter} {starter:leads|lead}"
    ),
    "event.dealt": "{seat} {seat:is|are} dealt {count} {count:card|cards}: {hand}",
    "event.dealt.hidden": "{seat} {seat:is|are} dealt {count} {count:card|cards}",
    "event.played": "{seat} {seat:plays|play} {card:the}",
    "event.trick-won": "{seat} {seat:wins|win} the trick with {card:the}",
    "event.trick-won.coup-de-patte": (
        "{seat} {seat:wins|win} the trick with {card:the}: Coup de patte!"
    ),
    "event.colour-lost": (
        "{seat}'s collection reaches {count} {colour:@colours} cards: they go one to each other "
        "player"
    ),
    "event.colour-lost/seat=you": (
        "your collection reaches {count} {colour:@colours} cards: they go one to each other player"
    ),
    "event.colour-lost.discarded": (
        "{seat}'s collection reaches {count} {colour:@colours} cards: they go one to each other "
        "player, and {discarded} {discarded:is|are} discarded face down"
    ),
    "event.colour-lost.discarded/seat=you": (
        "your collection reaches {count} {colour:@colours} cards: they go one to each other "
        "player, and {discarded} {discarded:is|are} discarded face down"
    ),
    "event.card-received": (
        "{seat} {seat:takes|take} {card:the} from {source}'s lost colour into {seat:their|your} "
        "hand"
    ),
    "event.card-received.hidden": "{seat} takes a card from {source}'s lost colour into hand",
    "event.card-received.hidden/source=you": (
        "{seat} takes a card from your lost colour into hand"
    ),
    "event.round-ended.all-colours": (
        "round {round} ends: {seat} {seat:has|have} collected every colour; a Super Chat card "
        "for {gainers} ({most} {most:colour|colours}); Super Chats: {super_chats}"
    ),
    "event.round-ended.empty-hand": (
        "round {round} ends: {seat} {seat:has|have} no card left; a Super Chat card for "
        "{gainers} ({most} {most:colour|colours}); Super Chats: {super_chats}"
    ),
    "event.match-ended": "{winners} {winners:wins|win} the match with three Super Chat cards",
    "event.match-ended.max-rounds": (
        "{winners} {winners:wins|win} the match, leading after the last round"
    ),
    "item.count": "{seat} {count}",
    "item.collection": "{seat}: {cards}",
    "item.collection.empty": "{seat}: nothing",
    "view.round": "round {round}; Super Chat cards: {super_chats}",
    "view.trump": "trump: {trump_colour:@colour} (the trump card is {trump:the})",
    "view.hand": "your hand: {hand}",
    "view.hand.empty": "your hand is empty",
    "view.hand-sizes": "cards in hand: {sizes}",
    "view.trick": "trick led by {leader}: {trick}",
    "view.trick.empty": "{leader} {leader:leads|lead} the next trick",
    "view.collections": "collections: {collections:;}",
}

_FR: dict[str, str] = {
    "card": "{value} {colour:@colour}",
    "card:the": "le {value} {colour:@colour}",
    "card.coup-de-patte": "1 {colour:@colour} (Coup de patte)",
    "card.coup-de-patte:the": "le 1 {colour:@colour} (Coup de patte)",
    "colour.red": "rouge",
    "colour.yellow": "jaune",
    "colour.green": "vert",
    "colour.blue": "bleu",
    "colour.purple": "violet",
    "colour.orange": "orange",
    "colour.pink": "rose",
    "colour.grey": "gris",
    "colours.red": "rouges",
    "colours.yellow": "jaunes",
    "colours.green": "vertes",
    "colours.blue": "bleues",
    "colours.purple": "violettes",
    "colours.orange": "orange",
    "colours.pink": "roses",
    "colours.grey": "grises",
    "action.play-card": "jouer {card:the}",
    "event.round-started": (
        "manche {round} : la carte d’atout est {trump:the}, l’atout est donc "
        "{trump_colour:@colour} ; {starter} {starter:entame|entament|entamez} le premier pli"
    ),
    "event.dealt": "{seat} {seat:reçoit|reçoivent|recevez} {count} {count:carte|cartes} : {hand}",
    "event.dealt.hidden": "{seat} {seat:reçoit|reçoivent|recevez} {count} {count:carte|cartes}",
    "event.played": "{seat} {seat:joue|jouent|jouez} {card:the}",
    "event.trick-won": "{seat} {seat:remporte|remportent|remportez} le pli avec {card:the}",
    "event.trick-won.coup-de-patte": (
        "{seat} {seat:remporte|remportent|remportez} le pli avec {card:the} : Coup de patte !"
    ),
    "event.colour-lost": (
        "la collection {seat:de} atteint {count} cartes {colour:@colours} : elles vont une à "
        "chaque autre joueur"
    ),
    "event.colour-lost/seat=you": (
        "votre collection atteint {count} cartes {colour:@colours} : elles vont une à chaque "
        "autre joueur"
    ),
    "event.colour-lost.discarded": (
        "la collection {seat:de} atteint {count} cartes {colour:@colours} : elles vont une à "
        "chaque autre joueur, et {discarded} {discarded:est défaussée|sont défaussées} face "
        "cachée"
    ),
    "event.colour-lost.discarded/seat=you": (
        "votre collection atteint {count} cartes {colour:@colours} : elles vont une à chaque "
        "autre joueur, et {discarded} {discarded:est défaussée|sont défaussées} face cachée"
    ),
    "event.card-received": (
        "{seat} {seat:prend|prennent|prenez} en main {card:the}, venu de la collection perdue "
        "{source:de}"
    ),
    "event.card-received.hidden": (
        "{seat} prend en main une carte de la collection perdue {source:de}"
    ),
    "event.card-received.hidden/source=you": (
        "{seat} prend en main une carte de votre collection perdue"
    ),
    "event.round-ended.all-colours": (
        "la manche {round} se termine : {seat} {seat:a|ont|avez} collecté toutes les couleurs ; "
        "une carte Super Chat pour {gainers} ({most} {most:couleur|couleurs}) ; "
        "Super Chats : {super_chats}"
    ),
    "event.round-ended.empty-hand": (
        "la manche {round} se termine : {seat} {seat:n’a|n’ont|n’avez} plus de cartes ; "
        "une carte Super Chat pour {gainers} ({most} {most:couleur|couleurs}) ; "
        "Super Chats : {super_chats}"
    ),
    "event.match-ended": (
        "{winners} {winners:remporte|remportent|remportez} la partie avec trois cartes Super Chat"
    ),
    "event.match-ended.max-rounds": (
        "{winners} {winners:remporte|remportent|remportez} la partie, en tête après la "
        "dernière manche"
    ),
    "item.count": "{seat} {count}",
    "item.collection": "{seat} : {cards}",
    "item.collection.empty": "{seat} : rien",
    "view.round": "manche {round} ; cartes Super Chat : {super_chats}",
    "view.trump": "atout : {trump_colour:@colour} (la carte d’atout est {trump:the})",
    "view.hand": "votre main : {hand}",
    "view.hand.empty": "votre main est vide",
    "view.hand-sizes": "cartes en main : {sizes}",
    "view.trick": "pli entamé par {leader} : {trick}",
    "view.trick.empty": "{leader} {leader:entame|entament|entamez} le prochain pli",
    "view.collections": "collections : {collections:;}",
}

MESSAGES: Mapping[str, Mapping[str, str]] = {"en": _EN, "fr": _FR}
"""The messages of kitten tricks, by language and key."""


class Text:
    """Kitten tricks' part ``"text"``: its messages, and which one tells what."""

    messages: ClassVar[Mapping[str, Mapping[str, str]]] = MESSAGES
    """The message tables, by language."""
    seat_fields: ClassVar[frozenset[str]] = frozenset(
        {"gainers", "leader", "seat", "source", "starter", "winners"}
    )
    """The message fields that name a seat (or several)."""

    @staticmethod
    def card(card: Card) -> _Message:
        """The message naming ``card``; a 1 is its colour's Coup de patte."""
        key = "card.coup-de-patte" if card.is_coup_de_patte else "card"
        return key, {"value": card.value, "colour": card.colour}

    @staticmethod
    def action(action: Action) -> _Message:
        """The message offering ``action`` (a card to play)."""
        return f"action.{action.kind}", _fields(action)

    @staticmethod
    def event(event: Event) -> _Message:
        """The message telling ``event``."""
        fields = _fields(event)
        key = f"event.{event.kind}{_hidden(event)}"
        kind = event.kind
        if kind == "round-started":
            fields["trump_colour"] = fields["trump"].colour
        elif kind == "trick-won" and fields["coup_de_patte"]:
            key += ".coup-de-patte"
        elif kind == "colour-lost":
            fields["count"] = len(fields["lost"])
            if fields["discarded"]:
                key += ".discarded"
        elif kind == "round-ended":
            key += f".{fields['reason']}"
            fields["most"] = fields["colours"][fields["gainers"][0]]
            fields["super_chats"] = _counts(fields["super_chats"])
        elif kind == "match-ended" and fields["max_rounds"]:
            key += ".max-rounds"
        return key, fields

    @staticmethod
    def view(view: View) -> list[_Message]:
        """The messages that show ``view`` to its seat: its hand, then the table."""
        lines: list[_Message] = [
            ("view.round", {"round": view.round, "super_chats": _counts(view.super_chats)}),
            ("view.trump", {"trump": view.trump, "trump_colour": view.trump_colour}),
            ("view.hand", {"hand": view.hand}) if view.hand else ("view.hand.empty", {}),
            ("view.hand-sizes", {"sizes": _counts(view.hand_sizes)}),
        ]
        if view.trick:
            lines.append(("view.trick", {"leader": view.leader, "trick": view.trick}))
        elif not view.is_over:
            lines.append(("view.trick.empty", {"leader": view.leader}))
        collections = [
            ("item.collection", {"seat": seat, "cards": cards})
            if cards
            else ("item.collection.empty", {"seat": seat})
            for seat, cards in enumerate(view.collections)
        ]
        lines.append(("view.collections", {"collections": collections}))
        return lines


def _counts(counts: tuple[int, ...]) -> list[_Message]:
    return [("item.count", {"seat": seat, "count": count}) for seat, count in enumerate(counts)]


def _fields(record: Any) -> dict[str, Any]:  # noqa: ANN401 - any attrs record
    """The fields of an attrs record but ``visible_to``, by name."""
    names = (field.name for field in attrs.fields(type(record)))
    return {name: getattr(record, name) for name in names if name != "visible_to"}


def _hidden(event: Event) -> str:
    """``".hidden"`` for a private event told without its secret (redacted), else ``""``."""
    return ".hidden" if event.visible_to is not None and event.redacted() == event else ""
