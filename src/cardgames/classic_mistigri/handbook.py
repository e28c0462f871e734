"""Classic Mistigri for people at a table: the game's part ``"handbook"`` (`cardgames.handbook`).

The cards have a motif and no colour: a hand is shown by motif, the Mistigri last. Pairs are
laid down by themselves (CL-3), so no hand ever holds one. No choice has an effect: every draw
is blind. A match is one round; its score sheet row holds the pairs each seat laid down.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from cardgames.classic_mistigri.cards import MOTIFS, Card
from cardgames.classic_mistigri.events import Dealt, MatchEnded, PairsLaid
from cardgames.classic_mistigri.options import Rules
from cardgames.engine import Action, Event

__all__ = ["Handbook"]

_Rules = tuple[tuple[str, tuple[str, ...]], ...]

_EN: _Rules = (
    (
        "The goal",
        (
            (
                "Lay down pairs of cats and get rid of all your cards. Do not be the one left "
                "holding the Mistigri, the cat without a twin!"
            ),
        ),
    ),
    (
        "The cards",
        (
            (
                "Sixteen pairs of identical cats, and the Mistigri. All the cards are dealt; then "
                "each player lays down, face up, the pairs in their hand."
            ),
        ),
    ),
    (
        "Your turn",
        (
            (
                "Draw a card, without looking, from the hand of the next player on your left who "
                "still has cards. If it makes a pair with one of yours, the pair is laid down at "
                "once."
            ),
        ),
    ),
    (
        "The end",
        (
            (
                "A player with no cards left is safe. When only the Mistigri is left, its holder "
                "loses and everybody else wins."
            ),
        ),
    ),
)

_FR: _Rules = (
    (
        "Le but du jeu",
        (
            (
                "Posez des paires de chats et débarrassez-vous de toutes vos cartes. Ne restez pas "
                "avec le Mistigri, le chat qui n’a pas de jumeau !"
            ),
        ),
    ),
    (
        "Les cartes",
        (
            (
                "Seize paires de chats identiques, et le Mistigri. Toutes les cartes sont "
                "distribuées ; puis chaque joueur pose, face visible, les paires de sa main."
            ),
        ),
    ),
    (
        "Votre tour",
        (
            (
                "Piochez une carte, sans regarder, dans la main du joueur suivant à votre gauche "
                "qui a encore des cartes. Si elle fait une paire avec une des vôtres, la paire est "
                "posée aussitôt."
            ),
        ),
    ),
    (
        "La fin",
        (
            (
                "Un joueur qui n’a plus de cartes est sauvé. Quand il ne reste que le Mistigri, "
                "celui qui l’a perd et tous les autres gagnent."
            ),
        ),
    ),
)

_OPTIONS = {
    "en": (
        "First to play: {first}",
        "Everybody but the Mistigri's holder wins",
        "Among the others, only those with the most pairs win",
    ),
    "fr": (
        "Premier à jouer : {first}",
        "Tous gagnent, sauf celui qui a le Mistigri",
        "Parmi les autres, seuls ceux qui ont le plus de paires gagnent",
    ),
}


class Handbook:
    """Classic Mistigri's part ``"handbook"``: see the module."""

    counts: ClassVar[str] = "pairs"
    """What the score sheet counts: the pairs each seat laid down."""
    rules: ClassVar[dict[str, _Rules]] = {"en": _EN, "fr": _FR}
    """The rules, by language: sections of (title, paragraphs)."""

    @staticmethod
    def arranged(hand: Sequence[Card]) -> list[int]:
        """The hand's order: by motif, the Mistigri last."""
        return sorted(range(len(hand)), key=lambda i: hand[i].motif or MOTIFS + 1)

    @staticmethod
    def explain(action: Action, language: str) -> str | None:
        """`None`: every draw is blind, no choice has an effect."""
        del action, language
        return None

    @staticmethod
    def options(rules: Rules, language: str, first: str) -> list[str]:
        """The rules options, one line each, the first player called `first`."""
        first_player, everybody, most_pairs = _OPTIONS[language]
        return [
            first_player.format(first=first),
            most_pairs if rules.most_pairs_wins else everybody,
        ]

    @staticmethod
    def rows(events: Sequence[Event]) -> list[tuple[int, ...]]:
        """The match's one row, once it is over: the pairs each seat laid down."""
        players = 1 + max((e.seat for e in events if isinstance(e, Dealt)), default=-1)
        pairs = [0] * players
        for event in events:
            if isinstance(event, PairsLaid):
                pairs[event.seat] += len(event.motifs)
            elif isinstance(event, MatchEnded):
                return [tuple(pairs)]
        return []
