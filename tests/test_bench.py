"""The designer's bench (issue 29): rules options, game statistics, variants and reports."""

from __future__ import annotations

import concurrent.futures as cf
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest

import cardgames
from cardgames.arena import (
    compare,
    comparison_schema,
    match_seed,
    options,
    plot,
    report_schema,
    simulate,
    tournament,
)
from cardgames.arena.html import write_html
from cardgames.arena.plan import _Plan, _Played
from cardgames.arena.render import _figure
from cardgames.arena.rulebook import changed_options, parse_options
from cardgames.arena.run import _PlainProgress
from cardgames.arena.stats import measure, measured, paired_difference, ratio_estimate
from cardgames.arena.tally import Tally
from cardgames.bots import RandomBot, play_match
from cardgames.bots.spec import BotSpec
from cardgames.cli import main
from cardgames.engine import Action, Event
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


@pytest.mark.parametrize("slug", list(cardgames.GAMES))
def test_option_types_read_the_same_once_resolved(slug: str) -> None:
    """An option's type reads as written whether or not attrs has resolved the annotations."""
    game = cardgames.get_game(slug)
    attrs.resolve_types(game.Rules)
    assert all("<class" not in o.type and "typing." not in o.type for o in options(game))
    assert {o.type for o in options(game)} <= {
        "int", "bool", "int | None", "tuple[tuple[int, ...], ...]"
    }  # fmt: skip


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
    assert "ce qu’elle change" in out
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


# -- the statistics ----------------------------------------------------------------------------


def test_ratio_estimate_of_two_units_has_the_textbook_interval() -> None:
    """Units (2, 1) and (4, 1): mean 3, standard error 1, so the half-width is 1.96."""
    estimate = ratio_estimate([(2.0, 1), (4.0, 1)], share=False)
    assert estimate.mean == 3.0
    assert estimate.half_width == pytest.approx(1.959963984540054)
    assert estimate.units == 2


def test_ratio_estimate_weighs_observations_not_units() -> None:
    """A unit of three rounds counts three times as much as a unit of one round."""
    estimate = ratio_estimate([(3.0, 3), (5.0, 1)], share=False)
    assert estimate.mean == 2.0


def test_paired_difference_of_identical_units_is_exactly_zero() -> None:
    """Units equal in both variants give a difference of 0 with no width, gaps left out."""
    cells = [(1.0, 1), None, (3.0, 2), (0.0, 1)]
    estimate = paired_difference(cells, list(cells))
    assert (estimate.mean, estimate.half_width) == (0.0, 0.0)
    assert estimate.units == 3


def test_paired_difference_of_a_constant_shift_is_that_shift() -> None:
    """Every unit one more in the second variant: a difference of 1 with no width."""
    first = [(1.0, 1), (5.0, 1), (2.0, 1)]
    second = [(2.0, 1), (6.0, 1), (3.0, 1)]
    estimate = paired_difference(first, second)
    assert estimate.mean == pytest.approx(1.0)
    assert estimate.half_width == pytest.approx(0.0)


def _steps(*steps: tuple[Action | None, tuple[Event, ...]]) -> list[Any]:
    return list(steps)


def test_crazy_animals_statistics_on_an_explicit_round() -> None:
    """Three turns then a knock; a Swap, two Peeks, a reshuffle; the knocker shares the win."""
    part = cardgames.get_game("crazy-animals").part("statistics")
    ca = cardgames.crazy_animals
    steps = _steps(
        (ca.Draw(), (ca.Drew(0, None), ca.Swapped(0, 1, 1, 2))),
        (ca.TakeDiscard(0), (ca.StockReshuffled(5), ca.TookDiscard(1, 0, None, None))),  # type: ignore[arg-type]
        (ca.Draw(), (ca.Peeked(2, 0, None), ca.Peeked(2, 1, None))),
        (ca.Knock(), (ca.Knocked(2),)),
        (ca.Draw(), (ca.RoundScored(1, ((), (), ()), (10, 12, 10), (10, 12, 10)),)),
    )
    found = part.measure(None, steps)
    assert found["turns before the knock"] == (3.0,)
    assert found["share of rounds the knocker wins"] == (0.5,)
    assert found["Swap cards used per round"] == (1.0,)
    assert found["Peek cards used per round"] == (2.0,)
    assert found["Draw-two cards used per round"] == (0.0,)
    assert found["reshuffles per round"] == (1.0,)
    assert found["points per seat and round"] == (10.0, 12.0, 10.0)


def test_crazy_mistigri_statistics_on_two_explicit_rounds() -> None:
    """Effects counted by value, penalties added up, how each round ended, passes counted."""
    part = cardgames.get_game("crazy-mistigri").part("statistics")
    cm = cardgames.crazy_mistigri
    steps = _steps(
        (None, (cm.PairDiscarded(0, (), 3), cm.PairDiscarded(1, (), 3), cm.Passed(2))),
        (None, (cm.PairDiscarded(2, (), 0), cm.RoundEnded(1, "all-passed", (4, 0, 9), (4, 0, 9)))),
        (None, (cm.PairDiscarded(0, (), 8), cm.RoundEnded(2, "last-player", (0, 3, 0), (4, 3, 9)))),
    )
    found = part.measure(None, steps)
    assert found["effect 3+3 per round"] == (2.0, 0.0)
    assert found["effect 8+8 per round"] == (0.0, 1.0)
    assert found["effect 1+1 per round"] == (0.0, 0.0)
    assert found["penalty points per round"] == (13.0, 3.0)
    assert found["share of rounds ending: all passed"] == (1.0, 0.0)
    assert found["share of rounds ending: the last player"] == (0.0, 1.0)
    assert found["aids turned face down per round"] == (1.0, 0.0)


def test_kitten_tricks_statistics_on_an_explicit_match() -> None:
    """Tricks and lost colours per round, how rounds end, Super Chats and Coups de patte."""
    part = cardgames.get_game("kitten-tricks").part("statistics")
    kt = cardgames.kitten_tricks
    card = next(iter(kt.GAME.deck(3)))
    won = kt.TrickWon(0, card)
    coup = kt.TrickWon(1, card, coup_de_patte=True)
    steps = _steps(
        (None, (won, coup, kt.ColourLost(1, "red", (), 0))),
        (None, (won, kt.RoundEnded(1, "empty-hand", 0, (1, 2, 1), (1,), (0, 1, 0)))),
        (None, (coup, kt.RoundEnded(2, "all-colours", 1, (5, 1, 1), (1,), (0, 2, 0)))),
        (None, (kt.MatchEnded((1,), (0, 2, 1)),)),
    )
    found = part.measure(None, steps)
    assert found["tricks per round"] == (3.0, 1.0)
    assert found["colours lost per round"] == (1.0, 0.0)
    assert found["share of rounds ending: an empty hand"] == (1.0, 0.0)
    assert found["share of rounds ending: every colour collected"] == (0.0, 1.0)
    assert found["Super Chat cards per match"] == (3.0,)
    assert found["Coup de patte wins per match"] == (2.0,)


def test_kitten_tricks_round_limit_is_read_from_the_match_end() -> None:
    """A match that ended at `max_rounds` counts as gone to the round limit."""
    part = cardgames.get_game("kitten-tricks").part("statistics")
    game = cardgames.get_game("kitten-tricks")
    final = play_match(game, [RandomBot()] * 3, seed=2, rules=game.Rules(max_rounds=1))
    assert part.at_round_limit(final) is (final.outcome is not None and final.round == 1)
    assert part.at_round_limit(play_match(game, [RandomBot()] * 3, seed=2)) is False


def test_classic_mistigri_statistic_names_the_mistigri_holder() -> None:
    """The seat left with the Mistigri (the loser) scores 1, every other seat 0."""
    game = cardgames.get_game("classic-mistigri")
    final = play_match(game, [RandomBot()] * 3, seed=5)
    assert final.outcome is not None
    loser = final.outcome.losers[0]
    found = game.part("statistics").measure(final, [])
    assert [found[f"share of matches seat {s} ends with the Mistigri"] for s in range(3)] == [
        (1.0,) if s == loser else (0.0,) for s in range(3)
    ]


@pytest.mark.parametrize("slug", list(cardgames.GAMES))
def test_generic_statistics_add_up_to_the_match(slug: str) -> None:
    """The decisions of the rounds add up to the match's; the rounds are the state's."""
    game = cardgames.get_game(slug)
    final = play_match(game, [RandomBot()] * 3, seed=11)
    values = dict(
        zip([s.name for s in measured(slug, 3, final.rules)], measure(final), strict=True)
    )
    assert values["decisions per match"] == (float(len(final.history)),)
    assert values["rounds per match"] == (float(final.round),)
    assert sum(values["decisions per round"]) == len(final.history)
    assert len(values["decisions per round"]) == final.round


def test_seat_and_first_player_win_shares_from_explicit_matches() -> None:
    """Two matches (seat 0 wins; seats 1 and 2 share): seat 0 has 0.5, like the first player."""
    plan = _Plan("crazy-animals", 3, cardgames.get_game("crazy-animals").Rules(first_player=1),
                 1, (BotSpec.parse("random"),), ((0, 0, 0),), paired=False)  # fmt: skip
    tally = Tally(plan)
    stats = measure(play_match(cardgames.get_game("crazy-animals"), [RandomBot()] * 3, seed=1))
    tally.add(0, _Played((1.0, 0.0, 0.0), (1, 2, 3), 1, 1, 0.0, (), (), None, stats))
    tally.add(1, _Played((0.0, 0.5, 0.5), (3, 1, 1), 1, 1, 0.0, (), (), None, stats))
    report = tally.report("rotate", 2, 1.0, "test")
    assert report.statistic("win share, seat 0").estimate.mean == 0.5
    assert report.statistic("win share, seat 1").estimate.mean == 0.25
    assert report.statistic("first player's win share").estimate.mean == 0.25
    assert report.statistic("decisions per match").observations == 2


# -- variants ----------------------------------------------------------------------------------


class _Recording(cf.Executor):
    """Runs each task at once and records the seeds and seatings of the matches it plays."""

    def __init__(self) -> None:
        self.played: dict[object, list[tuple[int, tuple[int, ...]]]] = {}

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> cf.Future[Any]:  # noqa: ANN401
        plan, start, stop = args
        for match in range(start, stop):
            seed = match_seed(plan.seed, plan.deal(match))
            self.played.setdefault(plan.rules, []).append((seed, plan.seating(match)))
        future: cf.Future[Any] = cf.Future()
        future.set_result(fn(*args, **kwargs))
        return future


@pytest.mark.parametrize("duplicate", [False, True])
def test_every_variant_plays_the_same_seeds_and_seatings(duplicate: bool) -> None:
    """Each variant's match `i` has the same deal seed and the same bots in the same seats."""
    recording = _Recording()
    variants = {"rulebook": "", "one round": "rounds=1", "knock early": "knock_after=2"}
    result = compare("crazy-animals", variants, ["heuristic", "random"], 6, players=3, seed=4,
                     duplicate=duplicate, executor=recording, chunksize=2)  # fmt: skip
    assert [v.name for v in result.variants] == list(variants)
    played = list(recording.played.values())
    assert len(played) == 3
    assert played[0] == played[1] == played[2]
    assert len(played[0]) == 6
    assert len({seed for seed, _ in played[0]}) == (2 if duplicate else 6)


def test_identical_variants_differ_by_exactly_zero() -> None:
    """The same rules under two names: every paired difference is 0 with no width."""
    result = compare("kitten-tricks", [("a", ""), ("b", "")], ["heuristic", "random"], 9,
                     players=3, seed=2, workers=0)  # fmt: skip
    for item in result.differences:
        assert item.difference.mean == 0.0, item
        assert item.difference.half_width == 0.0, item
        assert not item.is_significant


def test_a_variant_changes_what_it_should() -> None:
    """Crazy Mistigri with one round lasts fewer rounds than with two, a significant difference."""
    result = compare("crazy-mistigri", {"two": "", "one": "rounds=1"}, ["heuristic", "random"],
                     30, players=3, seed=1, workers=0)  # fmt: skip
    difference = next(d for d in result.differences if d.statistic == "rounds per match")
    assert difference.difference.mean < 0
    assert difference.is_significant
    assert result.variants[1].changes == {"rounds": 1}
    assert "one - two (paired 95% CI)" in result.table()


def test_compare_refuses_an_option_the_game_lacks_and_duplicate_names() -> None:
    """A variant of a missing option, or two variants of one name, are refused before play."""
    with pytest.raises(InvalidSetupError, match="its options: colours, values"):
        compare("kitten-tricks", {"fast": "speed=2"}, ["random"], 3, players=3, workers=0)
    with pytest.raises(InvalidSetupError, match="share a name"):
        compare("kitten-tricks", [("a", ""), ("a", "")], ["random"], 3, players=3, workers=0)


def test_cli_variant_of_a_missing_option_is_one_usage_line() -> None:
    """`--variant fast:speed=2`: exit status 2, one line on stderr naming the options."""
    done = subprocess.run(
        [sys.executable, "-m", "cardgames", "simulate", "kitten-tricks", "--bots", "random",
         "--variant", "a:", "--variant", "fast:speed=2", "--workers", "0", "--quiet"],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("cardgames simulate: error: 'speed=2' is not OPTION=VALUE")
    assert "cardgames rules kitten-tricks" in lines[0]


def test_cli_variants_print_the_differences_and_write_valid_json(tmp_path: Path) -> None:
    """`--variant` twice: the table names the paired differences; the JSON fits its schema."""
    out = tmp_path / "comparison.json"
    assert main(["simulate", "crazy-mistigri", "--bots", "heuristic,random", "--matches", "6",
                 "--seed", "3", "--workers", "0", "--quiet", "--variant", "rulebook:",
                 "--variant", "short:rounds=1,max_rounds=2", "--json", str(out)]) == 0  # fmt: skip
    data = json.loads(out.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(comparison_schema())
    jsonschema.Draft202012Validator(comparison_schema()).validate(data)
    assert [v["changes"] for v in data["variants"]] == [{}, {"rounds": 1, "max_rounds": 2}]
    assert {d["variant"] for d in data["differences"]} == {"short"}


def test_comparison_json_of_one_match_validates_with_nulls() -> None:
    """With one unit, the unbounded interval ends are null in the JSON, which still validates."""
    result = compare("classic-mistigri", {"a": "", "b": "most_pairs_wins=true"}, ["random"], 1,
                     players=3, seed=1, workers=0)  # fmt: skip
    data = json.loads(result.to_json())
    jsonschema.Draft202012Validator(comparison_schema()).validate(data)
    assert data["differences"][0]["estimate"]["half_width"] is None


# -- the HTML report ---------------------------------------------------------------------------


def test_html_report_is_self_contained(tmp_path: Path) -> None:
    """One file, plots inline as SVG, no script, no link, no external source."""
    pytest.importorskip("matplotlib")
    result = compare("crazy-animals", {"rulebook": "", "knock early": "knock_after=2"},
                     ["heuristic", "random"], 6, players=3, seed=1, workers=0)  # fmt: skip
    path = write_html(result, tmp_path / "report.html", "cardgames simulate ...")
    page = path.read_text(encoding="utf-8")
    assert page.count("<svg") == 3
    for outside in ("<script", "<link", "src=", "@import", 'href="http'):
        assert outside not in page
    assert re.search(r"url\((?!#)", page) is None  # only the SVGs' own clip paths
    assert "knock early minus rulebook (paired 95% CI)" in page
    assert "turns before the knock" in page


def test_html_report_opens_in_chromium_without_console_errors(tmp_path: Path) -> None:
    """Chromium loads the page offline, draws its plots, logs no error; a screenshot is taken."""
    pytest.importorskip("matplotlib")
    if shutil.which("chromium") is None:
        pytest.skip("chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright  # noqa: PLC0415 - only with chromium

    path = tmp_path / "report.html"
    assert main(["simulate", "crazy-mistigri", "--bots", "heuristic,random", "--matches", "6",
                 "--seed", "2", "--workers", "0", "--quiet", "--variant", "two:",
                 "--variant", "one:rounds=1", "--html", str(path)]) == 0  # fmt: skip
    errors: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=shutil.which("chromium"), args=["--no-sandbox"], headless=True
        )
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(path.as_uri())
            shot = page.screenshot(path=str(tmp_path / "report.png"), full_page=True)
            svg_width = page.eval_on_selector(
                "figure svg", "svg => svg.getBoundingClientRect().width"
            )
        finally:
            browser.close()
    assert errors == []
    assert shot.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(shot) > 50_000
    assert svg_width > 300


def test_simulate_html_without_variants_reports_the_one_run(tmp_path: Path) -> None:
    """`--html` on a plain simulation writes the page of its statistics, one column."""
    pytest.importorskip("matplotlib")
    path = tmp_path / "one.html"
    assert main(["simulate", "kitten-tricks", "--bots", "heuristic,random", "--matches", "3",
                 "--seed", "2", "--workers", "0", "--quiet", "--html", str(path)]) == 0  # fmt: skip
    page = path.read_text(encoding="utf-8")
    assert "tricks per round" in page
    assert "paired" not in page.split("<h2>Plots</h2>")[0].split("<h2>Statistics</h2>")[1]


# -- the plot's labels -------------------------------------------------------------------------


def test_plot_writes_each_value_clear_of_its_interval_cap() -> None:
    """Every value label starts past the cap of its interval, or ends before its low end."""
    pytest.importorskip("matplotlib")
    report = simulate("crazy-mistigri", ["heuristic", "random"], 12, players=3, seed=1, workers=0)
    figure = _figure(report)
    shares = figure.axes[0]
    for text, bot in zip(shares.texts, report.ranking, strict=True):
        x = text.xyann[0] if hasattr(text, "xyann") else text.get_position()[0]
        assert x > bot.share.high or x < bot.share.low, (x, bot.share)
        assert 0 <= x <= 1


def test_plot_keeps_a_long_bot_label_inside_the_picture(tmp_path: Path) -> None:
    """A long ISMCTS label is wrapped, and every tick label lies inside the saved figure."""
    pytest.importorskip("matplotlib")
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415 - the plot extra

    long_label = "ismcts:iterations=20:playout=random"
    report = simulate("crazy-animals", ["random", BotSpec.parse(long_label)], 3, players=3,
                      seed=1, workers=0)  # fmt: skip
    figure = _figure(report)
    canvas = FigureCanvasAgg(figure)
    canvas.draw()  # type: ignore[no-untyped-call]
    renderer = canvas.get_renderer()  # type: ignore[no-untyped-call]
    box = figure.bbox
    for label in figure.axes[0].get_yticklabels():
        extent = label.get_window_extent(renderer)
        assert extent.x0 >= box.x0 - 1, label.get_text()
    assert any("\n" in label.get_text() for label in figure.axes[0].get_yticklabels())
    assert plot(report, tmp_path / "long.png").stat().st_size > 10_000


# -- scale -------------------------------------------------------------------------------------


def test_a_sweep_of_eight_variants_runs_on_a_dask_local_cluster() -> None:
    """8 variants on two Dask workers: the figures of one process, progress to the last match."""
    distributed = pytest.importorskip("distributed")
    variants = {f"first player {seat}": f"first_player={seat % 3}" for seat in range(4)}
    variants |= {f"{rounds} rounds": f"rounds={rounds}" for rounds in (1, 2, 4, 5)}
    seen: list[tuple[int, int]] = []

    def sweep(**where: Any) -> Any:  # noqa: ANN401 - a VariantComparison
        return compare("crazy-animals", variants, ["heuristic", "random"], 6, players=3,
                       seed=9, chunksize=2, **where)  # fmt: skip

    reference = sweep(workers=0)
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=":0",
            scheduler_port=0,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = sweep(executor=client, progress=lambda done, total: seen.append((done, total)))
    assert on_dask == reference
    assert len(on_dask.variants) == 8
    assert seen[-1] == (48, 48)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert on_dask.variants[0].report.timing.executor == "a Dask cluster of 2 worker threads"


def test_sweep_progress_line_gives_the_time_left(capsys: pytest.CaptureFixture[str]) -> None:
    """Without tqdm, the sweep's progress line counts every variant's matches and the time left."""
    progress = _PlainProgress("crazy-animals variants", every=0.0)
    progress(24, 48)
    line = capsys.readouterr().err
    assert line.startswith("crazy-animals variants: 24/48 matches (50%)")
    assert "s left" in line


def test_cli_variants_plot_draws_svg_or_png(tmp_path: Path) -> None:
    """`--plot` with `--variant` draws the variants' plots, SVG or PNG by the file's name."""
    pytest.importorskip("matplotlib")
    common = [
        *("simulate", "classic-mistigri", "--bots", "random", "--matches", "6", "--seed", "1"),
        *("--workers", "0", "--quiet", "--variant", "a:", "--variant", "b:first_player=1"),
    ]
    assert main([*common, "--plot", str(tmp_path / "v.svg")]) == 0
    assert main([*common, "--plot", str(tmp_path / "v.png")]) == 0
    assert (tmp_path / "v.svg").read_text(encoding="utf-8").count("<svg") == 1
    assert (tmp_path / "v.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_report_json_validates_against_its_schema() -> None:
    """A simulation's and a tournament's JSON, with and without timing, fit the report schema."""
    schema = report_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    game = cardgames.get_game("crazy-mistigri")
    reports = [
        simulate("crazy-animals", ["heuristic", "random"], 6, players=3, seed=1, workers=0),
        simulate(game, ["random"], 3, players=3, rules=game.Rules(rounds=1), seed=2,
                 duplicate=True, workers=0),
        tournament("kitten-tricks", ["heuristic", "random"], 6, players=3, seed=3, workers=0),
    ]  # fmt: skip
    for report in reports:
        validator.validate(json.loads(report.to_json()))
        validator.validate(json.loads(report.to_json(timing=False)))


def test_html_report_speaks_french(tmp_path: Path) -> None:
    """`--lang fr`: the page's words and each statistic's meaning are in French."""
    pytest.importorskip("matplotlib")
    path = tmp_path / "fr.html"
    args = [
        *("simulate", "crazy-animals", "--bots", "heuristic,random", "--matches", "3"),
        *("--seed", "1", "--workers", "0", "--quiet", "--variant", "a:"),
        *("--variant", "b:knock_after=2", "--html", str(path), "--lang", "fr"),
    ]
    assert main(args) == 0
    page = path.read_text(encoding="utf-8")
    assert '<html lang="fr">' in page
    assert "Statistiques" in page
    assert "b moins a (IC apparié à 95 %)" in page
    assert "les tours d’une manche jusqu’au coup frappé" in page
    with pytest.raises(InvalidSetupError, match="en or fr"):
        write_html(compare("crazy-animals", {"a": ""}, ["random"], 1, players=3, workers=0),
                   tmp_path / "x.html", lang="de")  # fmt: skip
