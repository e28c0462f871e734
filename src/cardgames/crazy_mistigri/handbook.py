"""Crazy Mistigri for people at a table: the game's part ``"handbook"`` (see `cardgames.handbook`).

Spotting pairs is the game, so a hand is shown with its pairs side by side: first the cards
that share their value with another card of the hand (the pairs with an effect, CM-4, CM-5),
value by value; then the others by colour, then value, so that cards of one colour sit
together; the cards that pair with nothing (the Mistigri always) come last, by colour. Each
effect choice is explained in a sentence. The score sheet holds each round's penalty points
(clause 19).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import ClassVar

from cardgames.crazy_mistigri.actions import (
    DiscardOnes,
    DiscardPair,
    EndTurn,
    ForceCard,
    GiveCard,
    Pass,
    PilePick,
    Reverse,
    SwapLater,
    SwapWithPile,
)
from cardgames.crazy_mistigri.cards import DEFAULT_LAYOUT, Card
from cardgames.crazy_mistigri.events import RoundEnded
from cardgames.crazy_mistigri.options import Rules
from cardgames.engine import Action, Event

__all__ = ["Handbook"]

_Rules = tuple[tuple[str, tuple[str, ...]], ...]

_EN: _Rules = (
    (
        "The goal",
        (
            (
                "Get rid of your cats by throwing pairs, and end each round with as few points as "
                "possible in your hand. After two rounds, the lowest total wins."
            ),
        ),
    ),
    (
        "The cards",
        (
            (
                "Each cat has a value from 1 to 9 and a colour. The Mistigri is worth 10 and never "
                "makes a pair. With four players the 1s are left out; with three, the 1s, the 2s "
                "and the 9 too."
            ),
        ),
    ),
    (
        "Your turn",
        (
            ("First draw a card, without looking, from the player before you who still has cards."),
            (
                "Then throw one pair onto the discard pile: two cats of the same colour (no "
                "effect) or of the same value (its effect happens). Or throw nothing and say "
                "“I pass”: your player aid turns face down."
            ),
        ),
    ),
    (
        "The effects of a pair of equal values",
        (
            "1+1: throw all your other 1s, or reverse the direction of play.",
            "2+2: choose the card the next player will take from you, or reverse.",
            (
                "3+3: after the next player has drawn from you, swap one of your cards for one "
                "of the discard pile; or reverse."
            ),
            "4+4: give one of your cards to another player.",
            "5+5: each opponent gets a card of the discard pile, which you choose.",
            "6+6: throw another pair at once (with its effect).",
            "7+7 and 8+8: the next player draws 2 or 3 cards from you instead of one.",
            "9+9: no effect.",
        ),
    ),
    (
        "Leaving the round",
        (
            (
                "A player with no cards left shouts “MIAOUUUUU!” and is out of the round, "
                "without penalty."
            ),
        ),
    ),
    (
        "End of a round",
        (
            (
                "The round ends when only one player still has cards, or when everyone still "
                "playing has passed. Each player adds up the values of the cards left in their "
                "hand: these are penalty points."
            ),
            "If the lowest total is shared after two rounds, more rounds are played.",
        ),
    ),
)

_FR: _Rules = (
    (
        "Le but du jeu",
        (
            (
                "Débarrassez-vous de vos chats en jetant des paires, et finissez chaque manche "
                "avec le moins de points possible en main. Après deux manches, le plus petit "
                "total gagne."
            ),
        ),
    ),
    (
        "Les cartes",
        (
            (
                "Chaque chat a une valeur de 1 à 9 et une couleur. Le Mistigri vaut 10 et ne fait "
                "jamais de paire. À quatre joueurs on retire les 1 ; à trois, les 1, les 2 et le 9."
            ),
        ),
    ),
    (
        "Votre tour",
        (
            (
                "Piochez d’abord une carte, sans regarder, chez le joueur d’avant qui a encore des "
                "cartes."
            ),
            (
                "Puis jetez une paire sur la défausse : deux chats de la même couleur (sans effet) "
                "ou de la même valeur (son effet s’applique). Ou ne jetez rien et dites « Je "
                "passe » : votre aide de jeu se retourne face cachée."
            ),
        ),
    ),
    (
        "Les effets d’une paire de même valeur",
        (
            "1 + 1 : jetez tous vos autres 1, ou inversez le sens du jeu.",
            "2 + 2 : choisissez la carte que le joueur suivant vous prendra, ou inversez le sens.",
            (
                "3 + 3 : quand le joueur suivant vous a pioché une carte, échangez une de vos "
                "cartes contre une carte de la défausse ; ou inversez le sens."
            ),
            "4 + 4 : donnez une de vos cartes à un autre joueur.",
            "5 + 5 : chaque adversaire reçoit une carte de la défausse, que vous choisissez.",
            "6 + 6 : jetez tout de suite une autre paire (avec son effet).",
            "7 + 7 et 8 + 8 : le joueur suivant vous pioche 2 ou 3 cartes au lieu d’une.",
            "9 + 9 : sans effet.",
        ),
    ),
    (
        "Quitter la manche",
        (
            (
                "Un joueur qui n’a plus de cartes crie « MIAOUUUUU ! » et quitte la manche, sans "
                "pénalité."
            ),
        ),
    ),
    (
        "Fin de la manche",
        (
            (
                "La manche s’arrête quand un seul joueur a encore des cartes, ou quand tous ceux "
                "qui jouent encore ont passé. Chacun additionne les valeurs des cartes qui lui "
                "restent : ce sont ses points de pénalité."
            ),
            "Si le plus petit total est à égalité après deux manches, on joue d’autres manches.",
        ),
    ),
)

_PAIRS = {
    "en": {
        1: "1+1: you will then throw all your other 1s, or reverse the direction of play.",
        2: "2+2: you will then choose the card the next player takes from you, or reverse the "
        "direction of play.",
        3: "3+3: you will then swap a card with the discard pile once the next player has drawn "
        "from you, or reverse the direction of play.",
        4: "4+4: you will then give one of your cards to another player.",
        5: "5+5: you will then choose a card of the discard pile for each opponent.",
        6: "6+6: you may then throw another pair at once, with its effect.",
        7: "7+7: the next player draws 2 cards from you instead of one.",
        8: "8+8: the next player draws 3 cards from you instead of one.",
        9: "9+9: no effect; the two cards just leave your hand.",
    },
    "fr": {
        1: "1 + 1 : ensuite, au choix, vous jetez tous vos autres 1 ou vous inversez le sens "
        "du jeu.",
        2: "2 + 2 : ensuite, au choix, vous imposez la carte que le joueur suivant vous prendra "
        "ou vous inversez le sens du jeu.",
        3: "3 + 3 : ensuite, au choix, vous inversez le sens du jeu ou, quand le joueur suivant "
        "vous aura pioché, vous échangez une carte avec la défausse.",
        4: "4 + 4 : ensuite, vous donnez une de vos cartes à un autre joueur.",
        5: "5 + 5 : ensuite, vous choisissez une carte de la défausse pour chaque adversaire.",
        6: "6 + 6 : ensuite, vous pouvez jeter tout de suite une autre paire, avec son effet.",
        7: "7 + 7 : le joueur suivant vous pioche 2 cartes au lieu d’une.",
        8: "8 + 8 : le joueur suivant vous pioche 3 cartes au lieu d’une.",
        9: "9 + 9 : sans effet ; les deux cartes quittent simplement votre main.",
    },
}

_CHOICES: dict[str, dict[type[Action], str]] = {
    "en": {
        Pass: "You throw no pair: your player aid turns face down. When everyone still playing "
        "has passed, the round ends.",
        EndTurn: "Your turn ends here, without using what is left of it.",
        Reverse: "Play turns the other way: the next player is the one on the other side, and "
        "you will draw from the other side too.",
        DiscardOnes: "All the other 1s of your hand go onto the discard pile.",
        ForceCard: "The next player will take this card from you, instead of drawing one at "
        "random.",
        SwapLater: "Once the next player has drawn from you, you will give one of your cards to "
        "the discard pile and take one of its cards.",
        SwapWithPile: "This card of yours goes onto the discard pile, and you take that card of "
        "the pile into your hand.",
        GiveCard: "This card leaves your hand for that player's hand; only the two of you see it.",
        PilePick: "That player takes this card of the discard pile into their hand.",
    },
    "fr": {
        Pass: "Vous ne jetez pas de paire : votre aide de jeu se retourne face cachée. Quand "
        "tous ceux qui jouent encore ont passé, la manche s’arrête.",
        EndTurn: "Votre tour s’arrête ici, sans utiliser ce qu’il en reste.",
        Reverse: "Le jeu tourne dans l’autre sens : le joueur suivant est celui de l’autre côté, "
        "et vous piocherez aussi de l’autre côté.",
        DiscardOnes: "Tous les autres 1 de votre main vont sur la défausse.",
        ForceCard: "Le joueur suivant vous prendra cette carte, au lieu d’en piocher une au "
        "hasard.",
        SwapLater: "Quand le joueur suivant vous aura pioché, vous donnerez une de vos cartes à "
        "la défausse et y prendrez une carte.",
        SwapWithPile: "Cette carte va sur la défausse, et vous prenez en main cette carte de la "
        "défausse.",
        GiveCard: "Cette carte passe de votre main à celle de ce joueur ; seuls vous deux la "
        "voyez.",
        PilePick: "Ce joueur prend en main cette carte de la défausse.",
    },
}

_OPTIONS = {
    "en": (
        "First to play in round 1: {first}",
        "Colours: the standard deck",
        "Colours: a deck of your own",
        "Rounds: {rounds}, then more while the lowest total is shared (up to {max_rounds})",
    ),
    "fr": (
        "Premier à jouer à la manche 1 : {first}",
        "Couleurs : le paquet habituel",
        "Couleurs : un paquet à vous",
        (
            "Manches : {rounds}, puis d’autres tant que le plus petit total est à égalité "
            "(jusqu’à {max_rounds})"
        ),
    ),
}


class Handbook:
    """Crazy Mistigri's part ``"handbook"``: see the module."""

    counts: ClassVar[str] = "penalty-points"
    """What the score sheet counts: the penalty points of each round."""
    rules: ClassVar[dict[str, _Rules]] = {"en": _EN, "fr": _FR}
    """The rules, by language: sections of (title, paragraphs)."""

    @staticmethod
    def arranged(hand: Sequence[Card]) -> list[int]:
        """The hand's order: value pairs, colour groups, then the rest (see the module)."""
        values = Counter(card.value for card in hand if not card.is_mistigri)
        colours = Counter(
            card.colour
            for card in hand
            if not card.is_mistigri and values[card.value] < 2  # noqa: PLR2004
        )

        def key(i: int) -> tuple[int, int, int]:
            card = hand[i]
            if card.is_mistigri:
                return (2, card.colour, card.value)
            if values[card.value] >= 2:  # noqa: PLR2004 - a pair
                return (0, card.value, card.colour)
            if colours[card.colour] >= 2:  # noqa: PLR2004
                return (1, card.colour, card.value)
            return (2, card.colour, card.value)

        return sorted(range(len(hand)), key=key)

    @staticmethod
    def explain(action: Action, language: str) -> str | None:
        """What choosing ``action`` does; `None` for a draw or a pair of one colour."""
        if isinstance(action, DiscardPair):
            if action.first.value != action.second.value:
                return None
            return _PAIRS[language][action.first.value]
        return _CHOICES[language].get(type(action))

    @staticmethod
    def options(rules: Rules, language: str, first: str) -> list[str]:
        """The rules options, one line each, the first player called `first`."""
        first_player, standard, own, rounds = _OPTIONS[language]
        return [
            first_player.format(first=first),
            standard if rules.colour_layout == DEFAULT_LAYOUT else own,
            rounds.format(rounds=rules.rounds, max_rounds=rules.max_rounds),
        ]

    @staticmethod
    def rows(events: Sequence[Event]) -> list[tuple[int, ...]]:
        """One row per ended round: each seat's penalty points in that round."""
        return [event.penalties for event in events if isinstance(event, RoundEnded)]
