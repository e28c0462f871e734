"""The designer's bench (issue 29): rules options, game statistics, variants and reports."""

from __future__ import annotations

import pytest

import cardgames
from cardgames.arena import options, simulate
from cardgames.arena.rulebook import changed_options, parse_options
from cardgames.cli import main
from cardgames.errors import InvalidSetupError

# -- the rules options -------------------------------------------------------------------------


@pytest.mark.parametrize("slug", list(cardgames.GAMES))
def test_every_option_names_its_clause_and_says_what_it_does(slug: str) -> None:
    """Each field of a game's `Rules` has a clause id of its docs page and an en/fr text."""
    game = cardgames.get_game(slug)
    prefix = {"classic-mistigri": "CL-", "crazy-mistigri": "CM-", "kitten-tricks": "KT-"}.get(
        slug, "CA-"
    )
    found = options(game)
    assert [o.name for o in found] == [f.name for f in game.Rules.__attrs_attrs__]
    for option in found:
        assert option.clause.startswith(prefix), option
        assert option.text["en"], option
        assert option.text["fr"], option
        assert option.default == getattr(game.Rules(), option.name)


def test_rules_command_lists_type_default_bounds_and_clause(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`cardgames rules crazy-animals` shows each option's type, default, bounds and clause."""
    assert main(["rules", "crazy-animals"]) == 0
    out = capsys.readouterr().out
    line = next(row for row in out.splitlines() if row.startswith("rounds"))
    assert line.split()[:6] == ["rounds", "int", "|", "None", "null", "1..100"]
    assert "CA-8" in line
    assert "knock_after" in out
    assert "CA-6" in out


def test_rules_command_speaks_french(capsys: pytest.CaptureFixture[str]) -> None:
    """`--lang fr` gives the header and the descriptions in French."""
    assert main(["rules", "kitten-tricks", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "options de règles" in out
    assert "ce qu'elle change" in out
    assert "la limite de manches" in out


def test_simulate_help_points_to_the_rules_command(capsys: pytest.CaptureFixture[str]) -> None:
    """`cardgames simulate --help` tells where the rules options are listed."""
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert "cardgames rules SLUG" in capsys.readouterr().out


def test_report_header_shows_only_the_changed_options() -> None:
    """A report's header names the options that differ from the rulebook, never the repr."""
    game = cardgames.get_game("crazy-mistigri")
    report = simulate(game, ["random"], 3, players=3, rules=game.Rules(rounds=1), seed=1, workers=0)
    header = report.table().splitlines()[0]
    assert header.endswith("rules: rounds=1")
    assert "colour_layout" not in header
    assert changed_options(game, game.Rules()) == {}


def test_parse_options_refuses_an_option_the_game_lacks() -> None:
    """An unknown option is refused with the game's options and where to read about them."""
    with pytest.raises(InvalidSetupError, match=r"its options: first_player, rounds, knock_after"):
        parse_options("crazy-animals", "speed=2")
    with pytest.raises(InvalidSetupError, match="knock_after"):
        parse_options("crazy-animals", "knock_after=9")
