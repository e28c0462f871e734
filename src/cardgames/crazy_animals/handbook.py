"""Crazy Animals for people at a table: the game's part ``"handbook"`` (see `cardgames.handbook`).

A player's four cards are slots whose places are what the memory game is about (CA-2), so they
are never reordered. The specials (Swap, Peek, Draw-two) and knocking are explained where they
are chosen. The score sheet is the « bloc de score »: each round's points, the sum of each
player's four slots (CA-7).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from cardgames.crazy_animals.actions import DrawAgain, DrawTwo, Knock, NoKnock, Peek, Swap
from cardgames.crazy_animals.cards import Card
from cardgames.crazy_animals.events import RoundScored
from cardgames.crazy_animals.options import Rules
from cardgames.engine import Action, Event

__all__ = ["Handbook"]

_Rules = tuple[tuple[str, tuple[str, ...]], ...]

_EN: _Rules = (
    (
        "The goal",
        (
            (
                "Everyone has four cards face down in a row. Make your row add up to as little as "
                "possible, and remember where your cards are: you may look at them only now and "
                "then. After the last round, the lowest total wins."
            ),
        ),
    ),
    (
        "The start of a round",
        (
            (
                "Each player gets four cards face down, in slots 1 to 4, and looks once at the "
                "two outer ones (slots 1 and 4). Memorise them! One card is turned face up to "
                "start the discard pile."
            ),
        ),
    ),
    (
        "Your turn",
        (
            (
                "Either take the number on top of the discard pile and put it into one of your "
                "slots, without looking: the slot's card goes face up onto the discard pile."
            ),
            (
                "Or draw the top card of the stock and look at it. Discard it, or put a number "
                "into one of your slots (the slot's card is discarded), or use a special card."
            ),
        ),
    ),
    (
        "The special cards",
        (
            "Swap: exchange one of your slots with a slot of another player. Nobody looks.",
            "Peek: look at one of your own slots.",
            (
                "Draw-two: draw a card; use it, or discard it and draw another one, which you must "
                "use."
            ),
            "A special card dealt into a slot stays there and can never be used.",
        ),
    ),
    (
        "Knocking",
        (
            (
                "Once everyone has played a turn, a player who has just finished their turn may "
                "knock. Every other player then plays one last turn, and the round ends."
            ),
        ),
    ),
    (
        "Scores",
        (
            (
                "At the end of a round every card is turned over. A special card in a slot is "
                "replaced by the first number drawn from the stock. Each player scores the sum of "
                "their four slots. A match has as many rounds as players (4 with two players)."
            ),
        ),
    ),
)

_FR: _Rules = (
    (
        "Le but du jeu",
        (
            (
                "Chacun a quatre cartes face cachée devant lui. Faites en sorte que leur total "
                "soit le plus petit possible, et souvenez-vous de leur place : vous ne pouvez les "
                "regarder que de temps en temps. Après la dernière manche, le plus petit total "
                "gagne."
            ),
        ),
    ),
    (
        "Le début d’une manche",
        (
            (
                "Chaque joueur reçoit quatre cartes face cachée, aux emplacements 1 à 4, et "
                "regarde une fois les deux cartes des bouts (emplacements 1 et 4). Mémorisez-les "
                "! Une carte est retournée pour commencer la défausse."
            ),
        ),
    ),
    (
        "Votre tour",
        (
            (
                "Soit vous prenez le nombre du dessus de la défausse et le posez à l’un de vos "
                "emplacements, sans regarder : la carte qui y était va face visible sur la "
                "défausse."
            ),
            (
                "Soit vous piochez la carte du dessus de la pioche et la regardez. Défaussez-la, "
                "ou posez un nombre à l’un de vos emplacements (sa carte est défaussée), ou jouez "
                "une carte spéciale."
            ),
        ),
    ),
    (
        "Les cartes spéciales",
        (
            (
                "Échanger : échangez un de vos emplacements avec un emplacement d’un autre joueur. "
                "Personne ne regarde."
            ),
            "Regarder : regardez un de vos propres emplacements.",
            (
                "Piocher deux fois : piochez une carte ; jouez-la, ou défaussez-la et piochez-en "
                "une autre, que vous devez jouer."
            ),
            "Une carte spéciale distribuée à un emplacement y reste et ne peut jamais servir.",
        ),
    ),
    (
        "Frapper",
        (
            (
                "Quand chacun a joué un tour, un joueur qui vient de finir son tour peut frapper. "
                "Tous les autres jouent alors un dernier tour, et la manche s’arrête."
            ),
        ),
    ),
    (
        "Les points",
        (
            (
                "À la fin d’une manche, toutes les cartes sont retournées. Une carte spéciale à un "
                "emplacement est remplacée par le premier nombre pioché. Chacun marque la somme de "
                "ses quatre emplacements. Une partie compte autant de manches que de joueurs (4 à "
                "deux joueurs)."
            ),
        ),
    ),
)

_CHOICES: dict[str, dict[type[Action], str]] = {
    "en": {
        Swap: "Your card and the other player's card change places, unseen by anyone.",
        Peek: "You look at this card of yours; nobody else sees it.",
        DrawTwo: "You draw a card: use it, or discard it and draw a second one, which you must "
        "use.",
        DrawAgain: "This card goes onto the discard pile and you draw another one, which you "
        "must use.",
        Knock: "Every other player plays one last turn, then the round ends; you do not play "
        "again this round.",
        NoKnock: "Play goes on as usual.",
    },
    "fr": {
        Swap: "Votre carte et celle de l’autre joueur changent de place, sans que personne ne "
        "les voie.",
        Peek: "Vous regardez votre carte ; personne d’autre ne la voit.",
        DrawTwo: "Vous piochez une carte : jouez-la, ou défaussez-la et piochez-en une seconde, "
        "que vous devez jouer.",
        DrawAgain: "Cette carte va sur la défausse et vous en piochez une autre, que vous devez "
        "jouer.",
        Knock: "Tous les autres joueurs jouent un dernier tour, puis la manche s’arrête ; vous "
        "ne rejouez pas dans cette manche.",
        NoKnock: "Le jeu continue comme d’habitude.",
    },
}

_OPTIONS = {
    "en": (
        "First to play in round 1: {first}",
        "Rounds: one per player (4 with two players)",
        "Rounds: {rounds}",
    ),
    "fr": (
        "Premier à jouer à la manche 1 : {first}",
        "Manches : une par joueur (4 à deux joueurs)",
        "Manches : {rounds}",
    ),
}


class Handbook:
    """Crazy Animals' part ``"handbook"``: see the module."""

    counts: ClassVar[str] = "points"
    """What the score sheet counts: each round's points (the sum of the four slots)."""
    rules: ClassVar[dict[str, _Rules]] = {"en": _EN, "fr": _FR}
    """The rules, by language: sections of (title, paragraphs)."""

    @staticmethod
    def arranged(hand: Sequence[Card]) -> list[int]:
        """The slots' order: as they lie (a slot's place is what a player remembers)."""
        return list(range(len(hand)))

    @staticmethod
    def explain(action: Action, language: str) -> str | None:
        """What a special card's use or a knock does; `None` for a plain move."""
        return _CHOICES[language].get(type(action))

    @staticmethod
    def options(rules: Rules, language: str, first: str) -> list[str]:
        """The rules options, one line each, the first player called `first`."""
        first_player, default, rounds = _OPTIONS[language]
        return [
            first_player.format(first=first),
            default if rules.rounds is None else rounds.format(rounds=rules.rounds),
        ]

    @staticmethod
    def rows(events: Sequence[Event]) -> list[tuple[int, ...]]:
        """One row per scored round: each seat's points in that round."""
        return [event.points for event in events if isinstance(event, RoundScored)]
