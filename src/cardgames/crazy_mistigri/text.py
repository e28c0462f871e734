"""Crazy Mistigri for people, in English and French: the game's part ``"text"``.

[`Text`][cardgames.crazy_mistigri.text.Text] holds the message tables and picks the message of
each card, action, event and view; the generic narrator, `cardgames.text.Narrator`, fills them
in with the players' names.

The rulebook names no colours (CM-1): the engine numbers them 1..9, and the text calls them
red, yellow, green, blue, purple, orange, pink, grey and brown (in French rouge, jaune, vert,
bleu, violet, orange, rose, gris, marron). A cat is told by its value and its colour, "the
green 5" ("le 5 vert"); the odd cat is the Mistigri.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

if TYPE_CHECKING:
    from cardgames.crazy_mistigri.cards import Card
    from cardgames.crazy_mistigri.view import View
    from cardgames.engine import Action, Event

__all__ = ["MESSAGES", "Text"]

_Message = tuple[str, dict[str, Any]]

_EN: dict[str, str] = {
    "card": "{colour:@colour} {value}",
    "card:the": "the {colour:@colour} {value}",
    "card.mistigri": "Mistigri",
    "card.mistigri:the": "the Mistigri",
    "colour.1": "red",
    "colour.2": "yellow",
    "colour.3": "green",
    "colour.4": "blue",
    "colour.5": "purple",
    "colour.6": "orange",
    "colour.7": "pink",
    "colour.8": "grey",
    "colour.9": "brown",
    "direction.1": "clockwise",
    "direction.-1": "counterclockwise",
    "effect.1": "discard the other 1s or reverse the direction",
    "effect.2": "choose the card drawn next or reverse the direction",
    "effect.3": "swap with the discard pile after the next draw or reverse the direction",
    "effect.4": "give a card",
    "effect.5": "a card from the discard pile for each opponent",
    "effect.6": "discard another pair",
    "effect.7": "the next player draws 2 cards",
    "effect.8": "the next player draws 3 cards",
    "effect.9": "no effect",
    "reason.no cards left to swap": "no cards left to swap",
    "reason.no other player in the round": "no other player in the round",
    "reason.no card left to give": "no card left to give",
    "reason.no next player": "no next player",
    "reason.no card left to choose": "no card left to choose",
    "reason.no cards left": "no cards left",
    "end.last-player": "one player or fewer still holds cards",
    "end.all-passed": "every player still in play passed",
    "action.draw": "draw the card at position {position}",
    "action.draw.blind": "draw one of the {count} cards, blind",
    "action.draw-chosen": "draw the card chosen for you",
    "action.discard-pair": "discard {first:the} and {second:the} ({value}+{value})",
    "action.discard-pair.colour": "discard {first:the} and {second:the} (same colour)",
    "action.pass": 'pass: say "I pass"',
    "action.end-turn": "end your turn",
    "action.reverse": "reverse the direction of play",
    "action.discard-ones": "discard your other 1s",
    "action.force-card": "make the next player draw {card:the}",
    "action.swap-later": "swap a card with the discard pile after the next draw",
    "action.swap-with-pile": "discard {discard:the} and take {take:the} from the discard pile",
    "action.give-card": "give {card:the} to {to}",
    "action.pile-pick": "give {card:the} from the discard pile to {to}",
    "event.round-started": (
        "round {round} starts: {starting_player} {starting_player:deals|deal} "
        "and {starting_player:plays|play} first"
    ),
    "event.dealt": "{seat} {seat:is|are} dealt {count} {count:card|cards}: {hand}",
    "event.dealt.hidden": "{seat} {seat:is|are} dealt {count} {count:card|cards}",
    "event.drew": "{seat} {seat:draws|draw} {card:the} from {source}",
    "event.drew.hidden": "{seat} draws a card from {source}",
    "event.drew.chosen": "{seat} {seat:draws|draw} {card:the} from {source}, who chose it",
    "event.drew.chosen/source=you": "{seat} draws {card:the}, the card you chose",
    "event.drew.chosen.hidden": "{seat} draws the card chosen by {source}",
    "event.pair-discarded": (
        "{seat} {seat:discards|discard} {first:the} and {second:the}: "
        "{effect}+{effect}, {effect:@effect}"
    ),
    "event.pair-discarded.colour": (
        "{seat} {seat:discards|discard} {first:the} and {second:the}: same colour, no effect"
    ),
    "event.passed": '{seat} {seat:says|say} "I pass"',
    "event.reversed": (
        "{seat} {seat:reverses|reverse} the direction of play: now {direction:@direction}"
    ),
    "event.ones-discarded": ("{seat} {seat:discards|discard} the other {ones:1|1s}: {ones:the}"),
    "event.ones-discarded.none": "{seat} has no other 1 to discard",
    "event.ones-discarded.none/seat=you": "you have no other 1 to discard",
    "event.card-chosen": ("{seat} {seat:chooses|choose} {card:the} for the next player to draw"),
    "event.card-chosen.hidden": "{seat} chooses a card for the next player to draw",
    "event.swap-awaited": ("{seat} will swap a card with the discard pile after the next draw"),
    "event.swapped-with-pile": (
        "{seat} {seat:discards|discard} {discarded:the} and {seat:takes|take} {taken:the} "
        "from the discard pile"
    ),
    "event.card-given": "{seat} {seat:gives|give} {card:the} to {to}",
    "event.card-given.hidden": "{seat} gives a card to {to}",
    "event.pile-card-taken": (
        "{seat} {seat:takes|take} {card:the} from the discard pile, chosen by {chooser}"
    ),
    "event.effect-lapsed": ("the {value}+{value} of {seat} does nothing: {reason:@reason}"),
    "event.effect-lapsed/seat=you": "your {value}+{value} does nothing: {reason:@reason}",
    "event.left-round": (
        '{seat} {seat:has|have} no cards left and {seat:leaves|leave} the round: "MIAOUUUUU!"'
    ),
    "event.round-ended": (
        "round {round} ends: {reason:@end}; penalties: {penalties}; totals: {scores}"
    ),
    "event.round-ended.none": ("round {round} ends: {reason:@end}; no penalties; totals: {scores}"),
    "event.match-ended": (
        "the match is over: {winners} {winners:wins|win} with {best} penalty {best:point|points}"
    ),
    "item.penalty": "{seat} +{points}",
    "item.score": "{seat} {points}",
    "item.count": "{seat} {count}",
    "view.round": "round {round}; penalty points so far: {scores}",
    "view.hand": "your hand: {hand}",
    "view.hand.empty": "your hand is empty: you are out of this round",
    "view.hand-sizes": "cards in hand: {sizes}",
    "view.pile": "discard pile ({count} {count:card|cards}, top last): {pile}",
    "view.pile.empty": "the discard pile is empty",
    "view.direction": "play goes {direction:@direction}",
    "view.passed": "passed (player aid face down): {seats}",
    "view.draw": "{seat} {seat:draws|draw} from {source}: {draws} {draws:card|cards} to draw",
    "view.chosen": "the card to draw next was chosen by {source}",
    "view.chosen/source=you": "you chose the card {seat} will draw next: {card:the}",
    "view.swap-due": "{seat} will swap with the discard pile after this turn's draws",
    "view.swap-due/seat=you": "you will swap with the discard pile after this turn's draws",
    "view.pile-picks": "still to get a card from the discard pile: {seats}",
}

_FR: dict[str, str] = {
    "card": "{value} {colour:@colour}",
    "card:the": "le {value} {colour:@colour}",
    "card.mistigri": "Mistigri",
    "card.mistigri:the": "le Mistigri",
    "colour.1": "rouge",
    "colour.2": "jaune",
    "colour.3": "vert",
    "colour.4": "bleu",
    "colour.5": "violet",
    "colour.6": "orange",
    "colour.7": "rose",
    "colour.8": "gris",
    "colour.9": "marron",
    "direction.1": "dans le sens horaire",
    "direction.-1": "dans le sens antihoraire",
    "effect.1": "défausser les autres 1 ou inverser le sens du jeu",
    "effect.2": "choisir la carte piochée ensuite ou inverser le sens du jeu",
    "effect.3": "échanger avec la défausse après la prochaine pioche ou inverser le sens du jeu",
    "effect.4": "donner une carte",
    "effect.5": "une carte de la défausse pour chaque adversaire",
    "effect.6": "défausser une autre paire",
    "effect.7": "le joueur suivant pioche 2 cartes",
    "effect.8": "le joueur suivant pioche 3 cartes",
    "effect.9": "sans effet",
    "reason.no cards left to swap": "plus de cartes à échanger",
    "reason.no other player in the round": "plus aucun autre joueur dans la manche",
    "reason.no card left to give": "plus de carte à donner",
    "reason.no next player": "pas de joueur suivant",
    "reason.no card left to choose": "plus de carte à choisir",
    "reason.no cards left": "plus de cartes en main",
    "end.last-player": "au plus un joueur a encore des cartes",
    "end.all-passed": "tous les joueurs encore en jeu ont passé",
    "action.draw": "piocher la carte en position {position}",
    "action.draw.blind": "piocher une des {count} cartes, à l’aveugle",
    "action.draw-chosen": "piocher la carte choisie pour vous",
    "action.discard-pair": "défausser {first:the} et {second:the} ({value} + {value})",
    "action.discard-pair.colour": "défausser {first:the} et {second:the} (même couleur)",
    "action.pass": "passer : dire « Je passe »",
    "action.end-turn": "finir votre tour",
    "action.reverse": "inverser le sens du jeu",
    "action.discard-ones": "défausser vos autres 1",
    "action.force-card": "faire piocher {card:the} au joueur suivant",
    "action.swap-later": "échanger une carte avec la défausse après la prochaine pioche",
    "action.swap-with-pile": "défausser {discard:the} et prendre {take:the} dans la défausse",
    "action.give-card": "donner {card:the} {to:à}",
    "action.pile-pick": "donner {card:the} de la défausse {to:à}",
    "event.round-started": (
        "la manche {round} commence : {starting_player} "
        "{starting_player:distribue|distribuent|distribuez} et "
        "{starting_player:joue|jouent|jouez} en premier"
    ),
    "event.dealt": "{seat} {seat:reçoit|reçoivent|recevez} {count} {count:carte|cartes} : {hand}",
    "event.dealt.hidden": "{seat} {seat:reçoit|reçoivent|recevez} {count} {count:carte|cartes}",
    "event.drew": "{seat} {seat:pioche|piochent|piochez} {card:the} dans la main {source:de}",
    "event.drew/source=you": "{seat} pioche {card:the} dans votre main",
    "event.drew.hidden": "{seat} pioche une carte dans la main {source:de}",
    "event.drew.chosen": (
        "{seat} {seat:pioche|piochent|piochez} {card:the} dans la main {source:de}, qui l’a choisi"
    ),
    "event.drew.chosen/source=you": "{seat} pioche {card:the}, la carte que vous avez choisie",
    "event.drew.chosen.hidden": "{seat} pioche la carte choisie par {source}",
    "event.drew.chosen.hidden/source=you": "{seat} pioche la carte que vous avez choisie",
    "event.pair-discarded": (
        "{seat} {seat:défausse|défaussent|défaussez} {first:the} et {second:the} : "
        "{effect} + {effect}, {effect:@effect}"
    ),
    "event.pair-discarded.colour": (
        "{seat} {seat:défausse|défaussent|défaussez} {first:the} et {second:the} : "
        "même couleur, sans effet"
    ),
    "event.passed": "{seat} {seat:dit|disent|dites} « Je passe »",
    "event.reversed": (
        "{seat} {seat:inverse|inversent|inversez} le sens du jeu : désormais {direction:@direction}"
    ),
    "event.ones-discarded": ("{seat} défausse {ones:son autre 1|ses autres 1} : {ones:the}"),
    "event.ones-discarded/seat=you": (
        "vous défaussez {ones:votre autre 1|vos autres 1} : {ones:the}"
    ),
    "event.ones-discarded.none": "{seat} n’a pas d’autre 1 à défausser",
    "event.ones-discarded.none/seat=you": "vous n’avez pas d’autre 1 à défausser",
    "event.card-chosen": (
        "{seat} {seat:choisit|choisissent|choisissez} la carte que piochera le joueur "
        "suivant : {card:the}"
    ),
    "event.card-chosen.hidden": "{seat} choisit la carte que piochera le joueur suivant",
    "event.swap-awaited": (
        "{seat} {seat:échangera|échangeront|échangerez} une carte avec la défausse après la "
        "prochaine pioche"
    ),
    "event.swapped-with-pile": (
        "{seat} {seat:défausse|défaussent|défaussez} {discarded:the} et "
        "{seat:prend|prennent|prenez} {taken:the} dans la défausse"
    ),
    "event.card-given": "{seat} {seat:donne|donnent|donnez} {card:the} {to:à}",
    "event.card-given/to=you": "{seat} vous donne {card:the}",
    "event.card-given.hidden": "{seat} donne une carte {to:à}",
    "event.pile-card-taken": (
        "{seat} {seat:prend|prennent|prenez} {card:the} dans la défausse, choisi par {chooser}"
    ),
    "event.effect-lapsed": ("le {value} + {value} {seat:de} reste sans effet : {reason:@reason}"),
    "event.effect-lapsed/seat=you": ("votre {value} + {value} reste sans effet : {reason:@reason}"),
    "event.left-round": (
        "{seat} {seat:n’a|n’ont|n’avez} plus de cartes et {seat:quitte|quittent|quittez} "
        "la manche : « MIAOUUUUU ! »"
    ),
    "event.round-ended": (
        "la manche {round} se termine : {reason:@end} ; pénalités : {penalties} ; totaux : {scores}"
    ),
    "event.round-ended.none": (
        "la manche {round} se termine : {reason:@end} ; aucune pénalité ; totaux : {scores}"
    ),
    "event.match-ended": (
        "la partie est terminée : {winners} {winners:gagne|gagnent|gagnez} avec {best} "
        "{best:point|points} de pénalité"
    ),
    "item.penalty": "{seat} +{points}",
    "item.score": "{seat} {points}",
    "item.count": "{seat} {count}",
    "view.round": "manche {round} ; points de pénalité jusqu’ici : {scores}",
    "view.hand": "votre main : {hand}",
    "view.hand.empty": "votre main est vide : vous avez quitté cette manche",
    "view.hand-sizes": "cartes en main : {sizes}",
    "view.pile": ("défausse ({count} {count:carte|cartes}, la dernière au-dessus) : {pile}"),
    "view.pile.empty": "la défausse est vide",
    "view.direction": "le jeu tourne {direction:@direction}",
    "view.passed": "ont passé (aide de jeu face cachée) : {seats}",
    "view.draw": (
        "{seat} {seat:pioche|piochent|piochez} dans la main {source:de} : {draws} "
        "{draws:carte|cartes} à piocher"
    ),
    "view.draw/source=you": (
        "{seat} pioche dans votre main : {draws} {draws:carte|cartes} à piocher"
    ),
    "view.chosen": "la carte à piocher a été choisie par {source}",
    "view.chosen/source=you": ("vous avez choisi la carte que {seat} va piocher : {card:the}"),
    "view.swap-due": ("{seat} échangera avec la défausse après les pioches de ce tour"),
    "view.swap-due/seat=you": ("vous échangerez avec la défausse après les pioches de ce tour"),
    "view.pile-picks": "reçoivent encore une carte de la défausse : {seats}",
}

MESSAGES: Mapping[str, Mapping[str, str]] = {"en": _EN, "fr": _FR}
"""The messages of Crazy Mistigri, by language and key."""


class Text:
    """Crazy Mistigri's part ``"text"``: its messages, and which one tells what."""

    messages: ClassVar[Mapping[str, Mapping[str, str]]] = MESSAGES
    """The message tables, by language."""
    seat_fields: ClassVar[frozenset[str]] = frozenset(
        {"chooser", "seat", "seats", "source", "starting_player", "to", "winners"}
    )
    """The message fields that name a seat (or several)."""

    @staticmethod
    def card(card: Card) -> _Message:
        """The message naming ``card``."""
        if card.is_mistigri:
            return "card.mistigri", {}
        return "card", {"value": card.value, "colour": card.colour}

    @staticmethod
    def action(action: Action) -> _Message:
        """The message offering ``action``."""
        fields = _fields(action)
        key = f"action.{action.kind}"
        if action.kind == "draw":  # people count positions from 1
            fields["position"] += 1
        elif action.kind == "discard-pair":
            first, second = fields["first"], fields["second"]
            if first.value == second.value:
                fields["value"] = first.value
            else:
                key += ".colour"
        return key, fields

    @staticmethod
    def event(event: Event) -> _Message:
        """The message telling ``event``."""
        fields = _fields(event)
        kind = event.kind
        chosen = ".chosen" if kind == "drew" and fields["chosen"] else ""
        key = f"event.{kind}{chosen}{_hidden(event)}"
        if kind == "pair-discarded":
            fields["first"], fields["second"] = fields.pop("pair")
            if not fields["effect"]:
                key += ".colour"
        elif kind == "reversed":
            fields["direction"] = int(fields["direction"])
        elif kind == "ones-discarded" and not fields["ones"]:
            key += ".none"
        elif kind == "round-ended":
            penalties = fields["penalties"]
            fields["penalties"] = [
                ("item.penalty", {"seat": seat, "points": points})
                for seat, points in enumerate(penalties)
                if points
            ]
            fields["scores"] = _scores(fields["scores"])
            if not fields["penalties"]:
                key += ".none"
        elif kind == "match-ended":
            fields["best"] = min(fields["scores"])
        return key, fields

    @staticmethod
    def view(view: View) -> list[_Message]:
        """The messages that show ``view`` to its seat: its hand, then the table."""
        lines: list[_Message] = [
            ("view.round", {"round": view.round, "scores": _scores(view.scores)})
        ]
        lines.append(("view.hand", {"hand": view.hand}) if view.hand else ("view.hand.empty", {}))
        sizes = [("item.count", {"seat": s, "count": n}) for s, n in enumerate(view.hand_sizes)]
        lines.append(("view.hand-sizes", {"sizes": sizes}))
        pile = view.discard_pile
        lines.append(
            ("view.pile", {"pile": pile, "count": len(pile)}) if pile else ("view.pile.empty", {})
        )
        lines.append(("view.direction", {"direction": int(view.direction)}))
        passed = tuple(s for s, down in enumerate(view.aids_face_down) if down)
        if passed:
            lines.append(("view.passed", {"seats": passed}))
        if view.draw_from is not None and view.to_move is not None:
            lines.append(
                (
                    "view.draw",
                    {"seat": view.to_move, "source": view.draw_from, "draws": view.draws_due},
                )
            )
            if view.card_is_chosen:
                lines.append(
                    (
                        "view.chosen",
                        {"seat": view.to_move, "source": view.draw_from, "card": view.chosen_card},
                    )
                )
        if view.swap_due is not None:
            lines.append(("view.swap-due", {"seat": view.swap_due}))
        if view.pile_picks_for:
            lines.append(("view.pile-picks", {"seats": view.pile_picks_for}))
        return lines


def _scores(scores: tuple[int, ...]) -> list[_Message]:
    return [("item.score", {"seat": seat, "points": points}) for seat, points in enumerate(scores)]


def _fields(record: Any) -> dict[str, Any]:  # noqa: ANN401 - any attrs record
    """The fields of an attrs record but ``visible_to``, by name."""
    names = (field.name for field in attrs.fields(type(record)))
    return {name: getattr(record, name) for name in names if name != "visible_to"}


def _hidden(event: Event) -> str:
    """``".hidden"`` for a private event told without its secret (redacted), else ``""``."""
    return ".hidden" if event.visible_to is not None and event.redacted() == event else ""
