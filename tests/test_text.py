"""The narrator: every card, action and event of every game, in English and in French."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import cardgames
from cardgames import classic_mistigri, crazy_animals, crazy_mistigri, kitten_tricks
from cardgames.cards import Card
from cardgames.engine import Game, State
from cardgames.errors import InvalidSetupError, UnknownGameError
from cardgames.text import LANGUAGES, Narrator

GAMES = list(cardgames.GAMES.values())
NAMES = ("Ana", "Ben", "Chloé", "Hugo", "Emma", "Farid")
# What a message left unfilled, or filled for the wrong person, would show.
FAULTS = re.compile(
    r"[{}]|\byou's\b|\bde vous\b|\bà vous\b|\bd’vous\b|\bNone\b|\b[a-z]+\.[a-z-]+\b"
)


def _every_card(game: Game[Any]) -> set[Card]:
    """Every card the game can use, under any rules options."""
    cards = {card for n in range(game.min_players, game.max_players + 1) for card in game.deck(n)}
    if game is kitten_tricks.GAME:
        cards |= set(kitten_tricks.deck(kitten_tricks.Rules(colours=8, values=20)))
    if game is crazy_mistigri.GAME:
        cards |= {crazy_mistigri.Card(v, c) for v in range(1, 10) for c in range(1, 10)}
    return cards


def _base_keys(game: Game[Any], lang: str) -> set[str]:
    """The message keys of a language, without the variants for "you"."""
    return {key.partition("/")[0] for key in game.part("text").messages[lang]}


def _random_match(game: Game[Any], players: int, seed: int) -> list[State[Any]]:
    """Every state of a match played at random from ``seed``."""
    rng = random.Random(seed)
    states = [game.new(players, seed=seed)]
    while not states[-1].is_over:
        states.append(states[-1].apply(rng.choice(states[-1].legal_actions())))
    return states


def _check(text: str) -> None:
    assert text.strip(), "empty narration"
    assert not FAULTS.search(text), text


# -- every card, action kind and event kind has both languages ------------------------------


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_card_is_named_in_both_languages(game: Game[Any]) -> None:
    """Every card of the game has a name and a name with its article, in English and French."""
    for lang in LANGUAGES:
        narrator = Narrator(game, lang=lang)
        for card in _every_card(game):
            _check(narrator.card(card))
            _check(narrator._card(card, "the"))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_both_languages_have_the_same_messages(game: Game[Any]) -> None:
    """English and French hold the same messages (their variants for "you" may differ)."""
    assert _base_keys(game, "en") == _base_keys(game, "fr")
    assert set(game.part("text").messages) == set(LANGUAGES)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_action_kind_and_event_kind_has_a_message(game: Game[Any]) -> None:
    """Each action kind and each event kind of the game has its message in both languages."""
    kinds = [f"action.{kind}" for kind in game.action_kinds]
    kinds += [f"event.{kind}" for kind in game.event_kinds]
    assert game.event_kinds
    for lang in LANGUAGES:
        keys = _base_keys(game, lang)
        for kind in kinds:
            assert any(key == kind or key.startswith(f"{kind}.") for key in keys), (lang, kind)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_message_has_the_fields_its_language_twin_has(game: Game[Any]) -> None:
    """A message and its translation use the same fields, so that both tell the same facts."""
    messages = game.part("text").messages
    field = re.compile(r"{(\w+)")
    for key, english in messages["en"].items():
        if "/" not in key:
            assert set(field.findall(english)) == set(field.findall(messages["fr"][key])), key


# -- random matches, told from every seat, in both languages --------------------------------


@pytest.mark.parametrize(
    ("game", "players"),
    [(g, n) for g in GAMES for n in range(g.min_players, g.max_players + 1)],
    ids=lambda v: v.slug if isinstance(v, Game) else str(v),
)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_random_matches_are_told_without_a_gap(game: Game[Any], players: int, lang: str) -> None:
    """Every event, legal action and view of random matches is told, with every field filled."""
    names = NAMES[:players]
    narrators = [Narrator(game, names=names, lang=lang, seat=s) for s in (None, *range(players))]
    for seed in (1, 2):
        states = _random_match(game, players, seed)
        for narrator in narrators:
            for line in narrator.events(states[-1].events):
                _check(line)
        for state in states[:: max(1, len(states) // 20)]:
            for seat in range(players):
                for line in narrators[seat + 1].view(state.view(seat)):
                    _check(line)
            for action in state.legal_actions():
                _check(narrators[0].action(action))
            for text, actions in narrators[0].choices(state.legal_actions()):
                _check(text)
                assert actions


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_a_seat_is_told_only_what_it_saw(game: Game[Any]) -> None:
    """An event a seat did not see in full is told to it exactly as its redacted form."""
    players = game.min_players + 1
    final = _random_match(game, players, 3)[-1]
    private = [e for e in final.events if e.visible_to is not None]
    assert private
    for seat in range(players):
        narrator = Narrator(game, seat=seat)
        for event in private:
            if not event.is_visible_to(seat):
                assert narrator.event(event) == narrator.event(event.redacted())
                shown = {narrator._card(card, "the") for card in event.cards()}
                hidden = shown - {narrator._card(c, "the") for c in event.redacted().cards()}
                assert not any(name in narrator.event(event) for name in hidden), event


# -- explicit scenarios ----------------------------------------------------------------------


def test_the_reader_is_you_and_others_are_named_in_both_languages() -> None:
    """The narrator's seat is "you" / "vous", with its verb, and the other seats are named."""
    drew = crazy_mistigri.Drew(
        seat=0, source=2, card=crazy_mistigri.Card(5, 3), visible_to=frozenset({0, 2})
    )
    names = ["Ana", "Ben", "Chloé"]
    told = {
        (lang, seat): Narrator("crazy-mistigri", names=names, lang=lang, seat=seat).event(drew)
        for lang in LANGUAGES
        for seat in (None, 0, 1, 2)
    }
    assert told["en", None] == "Ana draws the green 5 from Chloé"
    assert told["en", 0] == "You draw the green 5 from Chloé"
    assert told["en", 1] == "Ana draws a card from Chloé"
    assert told["en", 2] == "Ana draws the green 5 from you"
    assert told["fr", None] == "Ana pioche le 5 vert dans la main de Chloé"
    assert told["fr", 0] == "Vous piochez le 5 vert dans la main de Chloé"
    assert told["fr", 1] == "Ana pioche une carte dans la main de Chloé"
    assert told["fr", 2] == "Ana pioche le 5 vert dans votre main"


def test_french_contracts_de_and_a_before_names_and_default_names() -> None:
    """French writes d’Ana, de Ben, du joueur 2 and au joueur 2, as French requires."""
    given = crazy_mistigri.CardGiven(seat=1, to=2, card=crazy_mistigri.MISTIGRI)
    lapsed = crazy_mistigri.EffectLapsed(seat=0, value=4, reason="no card left to give")
    named = Narrator("crazy-mistigri", names=["Ana", "Ben", "Hugo"], lang="fr")
    unnamed = Narrator("crazy-mistigri", lang="fr")
    assert named.event(lapsed) == ("Le 4 + 4 d’Ana reste sans effet : plus de carte à donner")
    assert unnamed.event(lapsed) == (
        "Le 4 + 4 du joueur 0 reste sans effet : plus de carte à donner"
    )
    assert named.event(given) == "Ben donne le Mistigri à Hugo"
    assert unnamed.event(given) == "Le joueur 1 donne le Mistigri au joueur 2"


def test_verbs_agree_with_one_player_several_and_you() -> None:
    """A list of winners takes the verb that agrees with it, "vous" included."""
    ended = crazy_animals.MatchEnded(winners=(0, 2), totals=(12, 30, 12))
    one = crazy_animals.MatchEnded(winners=(1,), totals=(40, 1, 12))
    names = ["Ana", "Ben", "Chloé"]
    assert Narrator("crazy-animals", names=names).event(ended) == (
        "The match is over: Ana and Chloé win with 12 points"
    )
    assert Narrator("crazy-animals", names=names, lang="fr", seat=2).event(ended) == (
        "La partie est terminée : Ana et vous gagnez avec 12 points"
    )
    assert Narrator("crazy-animals", names=names, lang="fr").event(one) == (
        "La partie est terminée : Ben gagne avec 1 point"
    )


def test_french_counts_zero_and_one_in_the_singular() -> None:
    """French says "0 point" and "1 carte"; English says "0 points" and "1 card"."""
    won = crazy_mistigri.MatchEnded(winners=(0,), scores=(0, 4, 9))
    assert Narrator("crazy-mistigri", names=["Ana", "Ben", "Chloé"]).event(won) == (
        "The match is over: Ana wins with 0 penalty points"
    )
    assert Narrator("crazy-mistigri", names=["Ana", "Ben", "Chloé"], lang="fr").event(won) == (
        "La partie est terminée : Ana gagne avec 0 point de pénalité"
    )


def test_cards_use_the_names_printed_on_them() -> None:
    """Mistigri, Coup de patte and the Crazy Animals specials keep their printed names."""
    en, fr = Narrator("crazy-animals"), Narrator("crazy-animals", lang="fr")
    specials = (crazy_animals.SWAP, crazy_animals.PEEK, crazy_animals.DRAW_TWO)
    assert [en.card(c) for c in specials] == ["Swap", "Peek", "Draw two"]
    assert [fr.card(c) for c in specials] == ["Échanger", "Regarder", "Piocher deux fois"]
    assert Narrator("classic-mistigri", lang="fr").card(classic_mistigri.MISTIGRI) == "Mistigri"
    coup = kitten_tricks.Card(1, "blue")
    assert Narrator("kitten-tricks").card(coup) == "blue 1 (Coup de patte)"
    assert Narrator("kitten-tricks", lang="fr").card(coup) == "1 bleu (Coup de patte)"
    won = kitten_tricks.TrickWon(seat=0, card=coup, coup_de_patte=True)
    assert Narrator("kitten-tricks", lang="fr", seat=0).event(won) == (
        "Vous remportez le pli avec le 1 bleu (Coup de patte) : Coup de patte !"
    )


def test_the_view_shows_the_own_hand_and_the_public_table() -> None:
    """A view is told as the seat's own cards, then what lies open on the table."""
    state = kitten_tricks.scenario(
        hands=[
            [kitten_tricks.Card(7, "red")],
            [kitten_tricks.Card(2, "blue")],
            [kitten_tricks.Card(3, "blue")],
        ],
        trump=kitten_tricks.Card(4, "yellow"),
    )
    lines = Narrator("kitten-tricks", names=["Ana", "Ben", "Chloé"], seat=1).view(state.view(1))
    assert "Your hand: blue 2" in lines
    assert "Trump: yellow (the trump card is the yellow 4)" in lines
    assert "Ana leads the next trick" in lines


def test_a_blind_draw_is_one_choice_and_other_actions_one_choice_each() -> None:
    """The positions of a blind draw make one choice; every other action is a choice of its own."""
    draws = crazy_mistigri.GAME.new(3, seed=7).legal_actions()
    assert len(draws) == 10
    told = Narrator("crazy-mistigri", lang="fr").choices(draws)
    assert told == (("piocher une des 10 cartes, à l’aveugle", draws),)
    actions = crazy_animals.GAME.new(3, seed=1).legal_actions()
    choices = Narrator("crazy-animals").choices(actions)
    assert [group for _, group in choices] == [(action,) for action in actions]


def test_narrator_setup_errors_say_what_to_fix() -> None:
    """An unknown game, language, seat, or wrong names are refused with what is expected."""
    with pytest.raises(UnknownGameError, match="known games"):
        Narrator("poker")
    with pytest.raises(InvalidSetupError, match="lang must be one of en, fr, not 'de'"):
        Narrator("crazy-animals", lang="de")
    with pytest.raises(InvalidSetupError, match=r"seat must be None or a seat number 0\.\.2"):
        Narrator("crazy-animals", names=["A", "B", "C"], seat=3)
    with pytest.raises(InvalidSetupError, match="played by 2 to 6 players: give as many names"):
        Narrator("crazy-animals", names=["A"])
    with pytest.raises(InvalidSetupError, match="non-empty printable text"):
        Narrator("crazy-animals", names=["Ana", "\x1b[2J"])
    with pytest.raises(InvalidSetupError, match="a sequence of names"):
        Narrator("crazy-animals", names="Ana")


def test_objects_of_another_game_are_refused() -> None:
    """A card, action or view of another game raises TypeError naming the game."""
    narrator = Narrator("classic-mistigri")
    with pytest.raises(TypeError, match="not a Classic Mistigri card"):
        narrator.card(crazy_animals.SWAP)
    with pytest.raises(TypeError, match="not a Classic Mistigri action"):
        narrator.action(crazy_animals.Knock())
    with pytest.raises(TypeError, match="not a Classic Mistigri view"):
        narrator.view(crazy_animals.GAME.new(2, seed=1).view(0))


def test_people_are_told_slots_and_positions_counted_from_1() -> None:
    """People read slots 1 to 4 and draw positions from 1; the engine's own strings stay 0-based."""
    ca = Narrator(crazy_animals.GAME, lang="fr")
    assert ca.action(crazy_animals.Peek(0)) == "regarder votre emplacement 1"
    assert ca.action(crazy_animals.Swap(3, 1, 0)).endswith("emplacement 1 du joueur 1")
    assert str(crazy_animals.Peek(0)) == "peek at slot 0"
    for game, draw in (
        (classic_mistigri.GAME, classic_mistigri.Draw(0)),
        (crazy_mistigri.GAME, crazy_mistigri.Draw(0)),
    ):
        assert Narrator(game).action(draw) == "draw the card at position 1"
