"""Kitten tricks for people at a table: the game's part ``"handbook"`` (see `cardgames.handbook`).

A hand is shown by colour (in the deck's colour order), then value. The rules are the game
page's clauses retold for a family; the only choice with an effect is playing a Coup de patte
(KT-3). The score sheet counts, round by round, the Super Chat card each seat gained (KT-5).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from cardgames.engine import Action, Event
from cardgames.kitten_tricks.actions import PlayCard
from cardgames.kitten_tricks.cards import COLOUR_NAMES, Card
from cardgames.kitten_tricks.events import RoundEnded
from cardgames.kitten_tricks.options import Rules
from cardgames.kitten_tricks.text import MESSAGES

__all__ = ["Handbook"]

_Rules = tuple[tuple[str, tuple[str, ...]], ...]

_EN: _Rules = (
    (
        "The goal",
        (
            (
                "Win tricks to collect toys of many colours, but never four of one colour. "
                "Whoever has the most colours at the end of a round gains a Super Chat card; "
                "the first to three Super Chat cards wins."
            ),
        ),
    ),
    (
        "The deal",
        (
            (
                "Each player gets 10, 8 or 6 cards (3, 4 or 5 players). The next card is turned "
                "face up: its colour is trump for the whole round."
            ),
        ),
    ),
    (
        "Playing a trick",
        (
            (
                "The starting player plays any card; then each player in turn plays any card "
                "too. Nobody has to follow the colour or play a trump."
            ),
            (
                "The highest trump wins the trick. Without a trump, the highest card of the "
                "colour played first wins; other colours never win."
            ),
        ),
    ),
    (
        "Coup de patte",
        (
            (
                "Each colour's 1 is its Coup de patte. When it lies in the same trick as its "
                "colour's highest card (the 7), the 1 counts as an 8: the strongest card of its "
                "colour."
            ),
        ),
    ),
    (
        "Your collection",
        (
            (
                "The winner puts the trick face up in front of them, in their collection, and "
                "plays first in the next trick."
            ),
            (
                "A collection with four cards of one colour loses them all: they are dealt face "
                "down, one to each other player, who adds it to their hand."
            ),
        ),
    ),
    (
        "End of a round",
        (
            (
                "A round ends when a collection holds every colour or a player has no card "
                "left. The player (or the players) with the most colours gains a Super Chat "
                "card, and a new round is dealt."
            ),
        ),
    ),
)

_FR: _Rules = (
    (
        "Le but du jeu",
        (
            (
                "Gagnez des plis pour collectionner des jouets de beaucoup de couleurs, mais "
                "jamais quatre d’une même couleur. À la fin d’une manche, qui a le plus de "
                "couleurs gagne une carte Super Chat ; le premier à trois cartes Super Chat gagne "
                "la partie."
            ),
        ),
    ),
    (
        "La distribution",
        (
            (
                "Chaque joueur reçoit 10, 8 ou 6 cartes (à 3, 4 ou 5 joueurs). La carte suivante "
                "est retournée : sa couleur est l’atout de toute la manche."
            ),
        ),
    ),
    (
        "Jouer un pli",
        (
            (
                "Le premier joueur pose la carte de son choix ; chacun à son tour pose ensuite "
                "n’importe quelle carte. Personne n’est obligé de fournir la couleur ni de couper."
            ),
            (
                "Le plus fort atout remporte le pli. Sans atout, c’est la plus forte carte de la "
                "couleur jouée en premier ; les autres couleurs ne gagnent jamais."
            ),
        ),
    ),
    (
        "Coup de patte",
        (
            (
                "Le 1 de chaque couleur est son Coup de patte. Dans le même pli que la plus forte "
                "carte de sa couleur (le 7), ce 1 vaut 8 : la plus forte carte de sa couleur."
            ),
        ),
    ),
    (
        "Votre collection",
        (
            (
                "Qui remporte le pli le pose face visible devant lui, dans sa collection, et joue "
                "en premier au pli suivant."
            ),
            (
                "Une collection qui a quatre cartes d’une même couleur les perd toutes : elles "
                "sont distribuées face cachée, une à chaque autre joueur, qui l’ajoute à sa main."
            ),
        ),
    ),
    (
        "Fin de la manche",
        (
            (
                "La manche s’arrête quand une collection a toutes les couleurs ou qu’un joueur n’a "
                "plus de carte. Le joueur (ou les joueurs) qui a le plus de couleurs gagne une "
                "carte Super Chat, et une nouvelle manche est distribuée."
            ),
        ),
    ),
)

_EXPLAIN = {
    "en": (
        "Coup de patte: if the highest card of this colour is in the same trick, this 1 beats "
        "it and every other card of its colour."
    ),
    "fr": (
        "Coup de patte : si la plus forte carte de cette couleur est dans le même pli, ce 1 la "
        "bat, elle et toutes les cartes de sa couleur."
    ),
}

_OPTIONS = {
    "en": (
        "Deck: {colours} toy colours ({names}), values 1 to {values}",
        "First to lead: {first}",
        "A match ends after at most {max_rounds} rounds",
    ),
    "fr": (
        "Paquet : {colours} couleurs de jouets ({names}), valeurs de 1 à {values}",
        "Premier à jouer : {first}",
        "Une partie dure au plus {max_rounds} manches",
    ),
}


class Handbook:
    """Kitten tricks' part ``"handbook"``: see the module."""

    counts: ClassVar[str] = "super-chats"
    """What the score sheet counts: the Super Chat cards gained in each round."""
    rules: ClassVar[dict[str, _Rules]] = {"en": _EN, "fr": _FR}
    """The rules, by language: sections of (title, paragraphs)."""

    @staticmethod
    def arranged(hand: Sequence[Card]) -> list[int]:
        """The hand's order: by colour (the deck's colour order), then value."""
        return sorted(
            range(len(hand)), key=lambda i: (COLOUR_NAMES.index(hand[i].colour), hand[i].value)
        )

    @staticmethod
    def explain(action: Action, language: str) -> str | None:
        """What playing a Coup de patte does; `None` for any other card."""
        if not isinstance(action, PlayCard) or not action.card.is_coup_de_patte:
            return None
        return _EXPLAIN[language]

    @staticmethod
    def options(rules: Rules, language: str, first: str) -> list[str]:
        """The rules options, one line each, the first player called `first`."""
        deck, first_player, rounds = _OPTIONS[language]
        names = ", ".join(
            MESSAGES[language][f"colour.{name}"] for name in COLOUR_NAMES[: rules.colours]
        )
        return [
            deck.format(colours=rules.colours, names=names, values=rules.values),
            first_player.format(first=first),
            rounds.format(max_rounds=rules.max_rounds),
        ]

    @staticmethod
    def rows(events: Sequence[Event]) -> list[tuple[int, ...]]:
        """One row per ended round: 1 for each seat that gained a Super Chat card, else 0."""
        return [
            tuple(int(seat in event.gainers) for seat in range(len(event.super_chats)))
            for event in events
            if isinstance(event, RoundEnded)
        ]
