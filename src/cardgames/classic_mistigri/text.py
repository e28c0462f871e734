"""Classic Mistigri for people, in English and French: the game's part ``"text"``.

[`Text`][cardgames.classic_mistigri.text.Text] holds the message tables and picks the message
of each card, action, event and view; the generic narrator, `cardgames.text.Narrator`, fills
them in with the players' names. The cards are cats in sixteen pairs of motifs, numbered here,
and the odd cat, the Mistigri.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

if TYPE_CHECKING:
    from cardgames.classic_mistigri.cards import Card
    from cardgames.classic_mistigri.view import View
    from cardgames.engine import Action, Event

__all__ = ["MESSAGES", "Text"]

_Message = tuple[str, dict[str, Any]]

MESSAGES: Mapping[str, Mapping[str, str]] = {
    "en": {
        "card": "cat {motif}",
        "card:the": "cat {motif}",
        "card.mistigri": "Mistigri",
        "card.mistigri:the": "the Mistigri",
        "action.draw": "draw the card at position {position}",
        "action.draw.blind": "draw one of the {count} cards, blind",
        "event.dealt": "{seat} {seat:is|are} dealt {count} {count:card|cards}: {hand}",
        "event.dealt.hidden": "{seat} {seat:is|are} dealt {count} {count:card|cards}",
        "event.pairs-laid": (
            "{seat} {seat:lays|lay} down {count} {count:pair|pairs}: {motifs:cat|cats} {motifs}"
        ),
        "event.drew": "{seat} {seat:draws|draw} {card:the} from {source}",
        "event.drew.hidden": "{seat} draws a card from {source}",
        "event.left-play": "{seat} has no cards left and is safe",
        "event.left-play/seat=you": "you have no cards left and are safe",
        "event.match-ended": (
            "{loser} is left with the Mistigri and loses; {winners} {winners:wins|win}"
        ),
        "event.match-ended/loser=you": (
            "you are left with the Mistigri and lose; {winners} {winners:wins|win}"
        ),
        "view.hand": "your hand: {hand}",
        "view.hand.empty": "your hand is empty",
        "view.hand-sizes": "cards in hand: {sizes}",
        "view.pairs": "pairs laid: {pairs}",
        "view.draw-from": "{source} holds out {count} {count:card|cards}, face down",
        "item.count": "{seat} {count}",
    },
    "fr": {
        "card": "chat {motif}",
        "card:the": "le chat {motif}",
        "card.mistigri": "Mistigri",
        "card.mistigri:the": "le Mistigri",
        "action.draw": "piocher la carte en position {position}",
        "action.draw.blind": "piocher une des {count} cartes, à l’aveugle",
        "event.dealt": (
            "{seat} {seat:reçoit|reçoivent|recevez} {count} {count:carte|cartes} : {hand}"
        ),
        "event.dealt.hidden": "{seat} {seat:reçoit|reçoivent|recevez} {count} {count:carte|cartes}",
        "event.pairs-laid": (
            "{seat} {seat:pose|posent|posez} {count} {count:paire|paires} : "
            "{motifs:chat|chats} {motifs}"
        ),
        "event.drew": "{seat} {seat:pioche|piochent|piochez} {card:the} dans la main {source:de}",
        "event.drew/source=you": "{seat} pioche {card:the} dans votre main",
        "event.drew.hidden": "{seat} pioche une carte dans la main {source:de}",
        "event.left-play": "{seat} n’a plus de cartes et ne risque plus rien",
        "event.left-play/seat=you": "vous n’avez plus de cartes et ne risquez plus rien",
        "event.match-ended": (
            "{loser} garde le Mistigri et perd la partie ; {winners} {winners:gagne|gagnent|gagnez}"
        ),
        "event.match-ended/loser=you": (
            "vous gardez le Mistigri et perdez la partie ; {winners} {winners:gagne|gagnent}"
        ),
        "view.hand": "votre main : {hand}",
        "view.hand.empty": "votre main est vide",
        "view.hand-sizes": "cartes en main : {sizes}",
        "view.pairs": "paires posées : {pairs}",
        "view.draw-from": (
            "{source} vous tend {count} {count:carte|cartes} en éventail, face cachée"
        ),
        "item.count": "{seat} {count}",
    },
}
"""The messages of classic Mistigri, by language and key."""


class Text:
    """Classic Mistigri's part ``"text"``: its messages, and which one tells what."""

    messages: ClassVar[Mapping[str, Mapping[str, str]]] = MESSAGES
    """The message tables, by language."""
    seat_fields: ClassVar[frozenset[str]] = frozenset({"loser", "seat", "source", "winners"})
    """The message fields that name a seat (or several)."""

    @staticmethod
    def card(card: Card) -> _Message:
        """The message naming ``card``."""
        if card.is_mistigri:
            return "card.mistigri", {}
        return "card", {"motif": card.motif}

    @staticmethod
    def action(action: Action) -> _Message:
        """The message offering ``action`` (a draw by position, counted from 1 for people)."""
        return f"action.{action.kind}", {"position": action.position + 1}  # type: ignore[attr-defined]

    @staticmethod
    def event(event: Event) -> _Message:
        """The message telling ``event``."""
        fields = _fields(event)
        if event.kind == "pairs-laid":
            fields["count"] = len(fields["motifs"])
        return f"event.{event.kind}{_hidden(event)}", fields

    @staticmethod
    def view(view: View) -> list[_Message]:
        """The messages that show ``view`` to its seat: its hand, then the table."""
        seats = range(view.players)
        lines: list[_Message] = [
            ("view.hand", {"hand": view.hand}) if view.hand else ("view.hand.empty", {})
        ]
        lines.append(
            (
                "view.hand-sizes",
                {
                    "sizes": [
                        ("item.count", {"seat": s, "count": view.hand_sizes[s]}) for s in seats
                    ]
                },
            )
        )
        lines.append(
            (
                "view.pairs",
                {
                    "pairs": [
                        ("item.count", {"seat": s, "count": len(view.pairs[s])}) for s in seats
                    ]
                },
            )
        )
        if view.draw_from is not None and view.to_move == view.seat:
            lines.append(
                (
                    "view.draw-from",
                    {"source": view.draw_from, "count": view.hand_sizes[view.draw_from]},
                )
            )
        return lines


def _fields(record: Any) -> dict[str, Any]:  # noqa: ANN401 - any attrs record
    """The fields of an attrs record but ``visible_to``, by name."""
    names = (field.name for field in attrs.fields(type(record)))
    return {name: getattr(record, name) for name in names if name != "visible_to"}


def _hidden(event: Event) -> str:
    """``".hidden"`` for a private event told without its secret (redacted), else ``""``."""
    return ".hidden" if event.visible_to is not None and event.redacted() == event else ""
