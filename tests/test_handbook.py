"""The handbook: hands in display order, rules, effect explanations, options and score sheets."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardgames
from cardgames import classic_mistigri, crazy_animals, crazy_mistigri, handbook, kitten_tricks
from cardgames.engine import Game, State
from cardgames.errors import InvalidSetupError, UnknownGameError
from cardgames.handbook import LANGUAGES, ScoreSheet, Section

GAMES = list(cardgames.GAMES.values())


def _random_match(game: Game[Any], players: int, seed: int) -> list[State[Any]]:
    """Every state of a match played at random from ``seed``."""
    rng = random.Random(seed)
    states = [game.new(players, seed=seed)]
    while not states[-1].is_over:
        states.append(states[-1].apply(rng.choice(states[-1].legal_actions())))
    return states


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_game_registers_a_handbook(game: Game[Any]) -> None:
    """Each built-in game registers the part "handbook", which the generic module reads."""
    assert "handbook" in game.parts
    assert handbook.rules(game.slug, "en") == handbook.rules(game, "en")


# -- arranged ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_arranged_is_an_order_of_the_hand_and_deterministic(game: Game[Any]) -> None:
    """The display order of any dealt hand is a permutation of its indices, the same each time."""
    rng = random.Random(5)
    for _ in range(50):
        cards = list(game.deck(game.max_players).cards)
        hand = rng.sample(cards, min(len(cards), rng.randint(0, 12)))
        order = handbook.arranged(game, hand)
        assert sorted(order) == list(range(len(hand)))
        assert handbook.arranged(game, list(hand)) == order


def test_kitten_tricks_hands_are_arranged_by_colour_then_value() -> None:
    """A Kitten tricks hand shows the deck's colours in order, each by rising value."""
    card = kitten_tricks.Card
    hand = [card(5, "green"), card(2, "red"), card(1, "green"), card(7, "red"), card(3, "blue")]
    shown = [hand[i] for i in handbook.arranged(kitten_tricks.GAME, hand)]
    assert shown == [card(2, "red"), card(7, "red"), card(1, "green"), card(5, "green"),
                     card(3, "blue")]  # fmt: skip


def test_classic_mistigri_hands_are_arranged_by_motif_with_the_mistigri_last() -> None:
    """A Classic Mistigri hand shows its motifs in order and the Mistigri at the end."""
    card = classic_mistigri.Card
    hand = [classic_mistigri.MISTIGRI, card(9), card(2), card(14)]
    shown = [hand[i] for i in handbook.arranged(classic_mistigri.GAME, hand)]
    assert shown == [card(2), card(9), card(14), classic_mistigri.MISTIGRI]


def test_crazy_mistigri_hands_group_the_cards_that_pair() -> None:
    """Value pairs come first side by side, then the colour groups, then the loners."""
    card = crazy_mistigri.Card
    hand = [
        crazy_mistigri.MISTIGRI,
        card(4, 2),  # a loner: no other 4, no other yellow outside the pairs
        card(7, 1),
        card(3, 3),
        card(5, 1),
        card(3, 1),
        card(6, 3),
    ]
    shown = [hand[i] for i in handbook.arranged(crazy_mistigri.GAME, hand)]
    assert shown == [
        card(3, 1),  # the 3s: a pair of equal values
        card(3, 3),
        card(5, 1),  # the reds left: a colour group
        card(7, 1),
        card(4, 2),  # the cards that pair with nothing, by colour; the Mistigri last
        card(6, 3),
        crazy_mistigri.MISTIGRI,
    ]


def test_crazy_mistigri_pairs_sit_next_to_each_other_in_dealt_hands() -> None:
    """In every dealt hand, cards of equal value sit together, then cards of equal colour."""
    for seed in range(30):
        hand = crazy_mistigri.GAME.new(4, seed=seed).view(0).hand
        shown = [hand[i] for i in handbook.arranged(crazy_mistigri.GAME, hand)]
        values = [card.value for card in shown]
        paired = [v for v in values if values.count(v) > 1]
        assert values[: len(paired)] == paired, (seed, shown)
        colours = [card.colour for card in shown[len(paired) :]]
        for row in (paired, colours):
            runs = [x for i, x in enumerate(row) if i == 0 or row[i - 1] != x]
            assert len(runs) == len(set(runs)), (seed, shown)


def test_crazy_animals_slots_are_never_reordered() -> None:
    """Crazy Animals' slots keep their places: the order is the identity."""
    card = crazy_animals.Card
    hand = [card(9), card(0), crazy_animals.SWAP, card(4)]
    assert handbook.arranged(crazy_animals.GAME, hand) == (0, 1, 2, 3)


def test_arranged_refuses_a_card_of_another_game() -> None:
    """A card of another game is a TypeError that names the game."""
    with pytest.raises(TypeError, match="not a Kitten tricks card"):
        handbook.arranged(kitten_tricks.GAME, [crazy_animals.Card(3)])


# -- rules -------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_are_written_in_both_languages(game: Game[Any], language: str) -> None:
    """Each game's rules are sections of clean, non-empty paragraphs in English and French."""
    sections = handbook.rules(game, language)
    assert len(sections) >= 4
    for section in sections:
        assert isinstance(section, Section)
        assert section.title.strip()
        assert section.paragraphs
        for paragraph in section.paragraphs:
            assert paragraph.strip() == paragraph
            assert "  " not in paragraph, paragraph
            assert paragraph[-1] in ".!", paragraph


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_rules_say_the_same_in_french_and_english(game: Game[Any]) -> None:
    """The French rules have as many sections and paragraphs as the English ones, other words."""
    en, fr = handbook.rules(game, "en"), handbook.rules(game, "fr")
    assert [len(s.paragraphs) for s in en] == [len(s.paragraphs) for s in fr]
    assert all(a.paragraphs != b.paragraphs for a, b in zip(en, fr, strict=True))


def test_crazy_animals_rules_number_slots_from_1() -> None:
    """People see slots 1 to 4, so the rules never speak of slot 0."""
    for language in LANGUAGES:
        text = " ".join(
            p for s in handbook.rules(crazy_animals.GAME, language) for p in s.paragraphs
        )
        assert "1 à 4" in text or "1 to 4" in text
        assert " 0 " not in text


def test_an_unknown_language_or_game_is_refused() -> None:
    """An unknown language is an InvalidSetupError, an unknown slug an UnknownGameError."""
    with pytest.raises(InvalidSetupError, match="'de'"):
        handbook.rules(kitten_tricks.GAME, "de")
    with pytest.raises(UnknownGameError):
        handbook.rules("belote", "en")


# -- explain -----------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_crazy_mistigri_value_pair_is_explained(language: str) -> None:
    """Each pair of equal values 1+1 .. 9+9 says its effect; a colour pair and a draw do not."""
    card = crazy_mistigri.Card
    said = set()
    for value in range(1, 10):
        text = handbook.explain(
            crazy_mistigri.GAME,
            crazy_mistigri.DiscardPair(card(value, 1), card(value, 2)),
            language,
        )
        assert text is not None
        assert text.startswith((f"{value}+{value}", f"{value} + {value}"))
        said.add(text)
    assert len(said) == 9
    colour_pair = crazy_mistigri.DiscardPair(card(3, 1), card(5, 1))
    assert handbook.explain(crazy_mistigri.GAME, colour_pair, language) is None
    assert handbook.explain(crazy_mistigri.GAME, crazy_mistigri.Draw(0), language) is None


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_crazy_mistigri_effect_choice_is_explained(language: str) -> None:
    """Every choice an effect offers (reverse, the other 1s, 2+2 .. 5+5, passing) is explained."""
    card = crazy_mistigri.Card(4, 2)
    choices = [
        crazy_mistigri.Pass(),
        crazy_mistigri.EndTurn(),
        crazy_mistigri.Reverse(),
        crazy_mistigri.DiscardOnes(),
        crazy_mistigri.ForceCard(card),
        crazy_mistigri.SwapLater(),
        crazy_mistigri.SwapWithPile(card, crazy_mistigri.Card(2, 2)),
        crazy_mistigri.GiveCard(card, 1),
        crazy_mistigri.PilePick(card, 1),
    ]
    texts = [handbook.explain(crazy_mistigri.GAME, action, language) for action in choices]
    assert all(texts)
    assert len(set(texts)) == len(texts)


@pytest.mark.parametrize("language", LANGUAGES)
def test_crazy_animals_specials_and_knocking_are_explained(language: str) -> None:
    """Swap, Peek, Draw-two (and its second draw), knocking or not are explained; a draw is not."""
    explained = [
        crazy_animals.Swap(0, 1, 3),
        crazy_animals.Peek(2),
        crazy_animals.DrawTwo(),
        crazy_animals.DrawAgain(),
        crazy_animals.Knock(),
        crazy_animals.NoKnock(),
    ]
    for action in explained:
        assert handbook.explain(crazy_animals.GAME, action, language)
    for action in (crazy_animals.Draw(), crazy_animals.TakeDiscard(1), crazy_animals.Discard()):
        assert handbook.explain(crazy_animals.GAME, action, language) is None


def test_the_knock_ends_the_round_not_the_match() -> None:
    """Knocking is explained as the round's last turn, in both languages."""
    assert "round" in str(handbook.explain(crazy_animals.GAME, crazy_animals.Knock(), "en"))
    assert "manche" in str(handbook.explain(crazy_animals.GAME, crazy_animals.Knock(), "fr"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_coup_de_patte_is_explained_and_a_plain_card_is_not(language: str) -> None:
    """Playing a colour's 1 explains the Coup de patte; any other card is a plain move."""
    card = kitten_tricks.Card
    text = handbook.explain(kitten_tricks.GAME, kitten_tricks.PlayCard(card(1, "red")), language)
    assert text is not None
    assert text.startswith("Coup de patte")
    plain = kitten_tricks.PlayCard(card(4, "red"))
    assert handbook.explain(kitten_tricks.GAME, plain, language) is None


def test_classic_mistigri_draws_need_no_explanation() -> None:
    """Every Classic Mistigri draw is blind: nothing to explain."""
    assert handbook.explain(classic_mistigri.GAME, classic_mistigri.Draw(0), "fr") is None


def test_explain_refuses_an_action_of_another_game() -> None:
    """An action of another game is a TypeError."""
    with pytest.raises(TypeError, match="not a Crazy Animals action"):
        handbook.explain(crazy_animals.GAME, classic_mistigri.Draw(0), "en")


# -- options_text ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_default_options_are_told_one_line_each(game: Game[Any], language: str) -> None:
    """The rulebook's options give one non-empty line each, the first player counted from 1."""
    lines = handbook.options_text(game, game.Rules(), language)
    assert lines
    assert all(line.strip() and "\n" not in line for line in lines)
    assert any("1" in line for line in lines)


def test_changed_options_change_their_lines() -> None:
    """A changed option shows: more rounds, another first player, a smaller deck."""
    default = handbook.options_text(crazy_animals.GAME, crazy_animals.Rules(), "en")
    changed = handbook.options_text(
        crazy_animals.GAME, crazy_animals.Rules(first_player=2, rounds=7), "en"
    )
    assert "Rounds: 7" in changed
    assert "player 3" in changed[0]
    assert default != changed
    small = handbook.options_text(kitten_tricks.GAME, kitten_tricks.Rules(colours=4), "fr")
    assert "4 couleurs" in small[0]
    assert "violet" not in small[0]
    most = handbook.options_text(
        classic_mistigri.GAME, classic_mistigri.Rules(most_pairs_wins=True), "fr"
    )
    assert "plus de paires" in most[1]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_the_first_player_is_named_when_the_names_are_given(game: Game[Any]) -> None:
    """With the table's names, the first player's line names them, not a seat number."""
    names = ["Ana", "Ben", "Chloé"]
    for language, word in (("en", "player"), ("fr", "joueur")):
        lines = handbook.options_text(game, game.Rules(first_player=1), language, names=names)
        first = next(line for line in lines if "Ben" in line)
        assert word not in first
        assert not any("Ana" in line or "Chloé" in line for line in lines)


def test_options_text_refuses_another_games_rules() -> None:
    """Rules options of another game are a TypeError."""
    with pytest.raises(TypeError, match="not Kitten tricks rules options"):
        handbook.options_text(kitten_tricks.GAME, crazy_animals.Rules(), "en")


# -- score_sheet -------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_the_score_sheet_adds_up_to_the_match_scores(game: Game[Any]) -> None:
    """Over whole random matches, the sheet's totals are the outcome's scores, row by row."""
    for seed in range(3):
        states = _random_match(game, game.min_players + 1, seed)
        final = states[-1]
        sheet = handbook.score_sheet(game, final.events)
        assert final.outcome is not None
        assert sheet.totals == final.outcome.scores
        assert sheet.rows
        assert sheet.running[-1] == sheet.totals
        assert sheet.counts


def test_the_crazy_animals_sheet_has_one_row_per_round() -> None:
    """Crazy Animals' « bloc de score »: one row per round, as many rounds as players."""
    final = _random_match(crazy_animals.GAME, 3, 11)[-1]
    sheet = handbook.score_sheet(crazy_animals.GAME, final.view(0).events)
    assert len(sheet.rows) == 3
    assert sheet.counts == "points"


def test_the_sheet_grows_round_by_round() -> None:
    """During a match the sheet holds the rounds already ended; before any, it is empty."""
    states = _random_match(crazy_mistigri.GAME, 3, 4)
    assert handbook.score_sheet(crazy_mistigri.GAME, states[0].events) == ScoreSheet(
        (), (), "penalty-points"
    )
    lengths = [len(handbook.score_sheet(crazy_mistigri.GAME, s.events).rows) for s in states]
    assert lengths == sorted(lengths)
    assert lengths[-1] >= 2


def test_kitten_tricks_rows_mark_the_super_chats_gained() -> None:
    """A Kitten tricks row holds 1 for each seat that gained a Super Chat card in the round."""
    final = _random_match(kitten_tricks.GAME, 3, 2)[-1]
    sheet = handbook.score_sheet(kitten_tricks.GAME, final.events)
    assert all(set(row) <= {0, 1} and any(row) for row in sheet.rows)


def test_score_sheet_refuses_what_is_not_an_event() -> None:
    """An item that is not an event is a TypeError."""
    with pytest.raises(TypeError, match="not an event"):
        handbook.score_sheet(crazy_animals.GAME, ["round-scored"])  # type: ignore[list-item]


def test_the_french_two_way_effects_say_au_choix_in_one_tense() -> None:
    """The 1+1, 2+2 and 3+3 explanations offer their two effects « au choix », in the present."""
    from cardgames.crazy_mistigri import Card as MistigriCard  # noqa: PLC0415
    from cardgames.crazy_mistigri import DiscardPair  # noqa: PLC0415

    for value in (1, 2, 3):
        pair = DiscardPair(MistigriCard(value, 1), MistigriCard(value, 2))
        told = handbook.explain(crazy_mistigri.GAME, pair, "fr")
        assert told is not None
        assert told.startswith(f"{value} + {value} : ensuite, au choix, vous ")
        assert "inversez le sens du jeu" in told
        assert "échangerez" not in told


# -- one_round ---------------------------------------------------------------------------------


def test_a_match_is_one_round_only_when_its_options_say_so() -> None:
    """Classic Mistigri and options capped at one round are single rounds; others are not."""
    assert handbook.one_round(classic_mistigri.Rules())
    assert handbook.one_round(kitten_tricks.Rules(max_rounds=1))
    assert handbook.one_round(crazy_animals.Rules(rounds=1))
    assert handbook.one_round(crazy_mistigri.Rules(rounds=1, max_rounds=1))
    assert not handbook.one_round(crazy_mistigri.Rules(rounds=1, max_rounds=3))
    assert not handbook.one_round(crazy_mistigri.Rules())
    assert not handbook.one_round(kitten_tricks.Rules())
    assert not handbook.one_round(crazy_animals.Rules())
