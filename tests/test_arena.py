"""The simulation API: bot specs, reports, duplicate deals, tournaments and executors."""

from __future__ import annotations

import json
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest

import cardgames
from cardgames.arena import (
    BotSpec,
    Report,
    match_seed,
    plot,
    simulate,
    tournament,
)
from cardgames.arena.run import _PlainProgress
from cardgames.bots import RandomBot
from cardgames.engine import Action, View
from cardgames.errors import InvalidSetupError, UnknownGameError

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _heuristic_vs_random(matches: int = 12, **settings: object) -> Report:
    """A small Crazy Animals simulation: one heuristic bot against two random ones."""
    options: dict[str, object] = {"players": 3, "seed": 11, "workers": 0, **settings}
    return simulate("crazy-animals", ["heuristic", "random"], matches, **options)  # type: ignore[arg-type]


class _Failing:
    """A bot that raises on its first decision."""

    def choose(self, view: View, rng: random.Random) -> Action:
        """Raise instead of choosing."""
        del view, rng
        msg = "this bot always fails"
        raise RuntimeError(msg)


# -- bot specs -----------------------------------------------------------------------------


def test_bot_spec_parse_reads_options_and_drops_defaults_from_the_label() -> None:
    """An ismcts spec's label shows only the options that differ from the defaults."""
    spec = BotSpec.parse("ismcts:iterations=40:playout=random:prior_weight=3")
    assert spec.options == (("iterations", 40), ("playout", "random"), ("prior_weight", 3.0))
    assert spec.label == "ismcts:iterations=40:playout=random"
    assert BotSpec.parse("ismcts:iterations=100") == BotSpec.parse("ismcts")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("minimax", "known bots: random, heuristic, tuned, casual, ismcts"),
        ("random:depth=2", "takes no options"),
        ("ismcts:depth=1", "has no option 'depth'"),
        ("ismcts:iterations=0", "iterations must be a positive int"),
        ("ismcts:playout=smart", "'heuristic' or 'random'"),
        ("ismcts:horizon=deal", "horizon must be 'match' or 'round', got 'deal'"),
        ("ismcts:iterations", "is not NAME=VALUE"),
        ("ismcts:iterations=5:iterations=6", "given twice"),
    ],
)
def test_bot_spec_rejects_unknown_bots_and_options(text: str, fragment: str) -> None:
    """A bad spec raises InvalidSetupError saying what is allowed."""
    with pytest.raises(InvalidSetupError, match=fragment):
        BotSpec.parse(text)


def test_bot_spec_builds_each_kind() -> None:
    """Each spec builds its bot: RandomBot, the game's heuristic bot, a configured ISMCTSBot."""
    assert isinstance(BotSpec.parse("random").build("kitten-tricks"), RandomBot)
    heuristic = BotSpec.parse("heuristic").build("kitten-tricks")
    assert type(heuristic).__name__ == "HeuristicBot"
    search = BotSpec.parse("ismcts:iterations=7:playout=random").build("kitten-tricks")
    assert (search.iterations, search.playout, search.search_opponents) == (7, None, False)  # type: ignore[attr-defined]
    assert search.horizon == "match"  # type: ignore[attr-defined]
    rounds = BotSpec.parse("ismcts:horizon=round").build("kitten-tricks")
    assert rounds.horizon == "round"  # type: ignore[attr-defined]
    assert str(BotSpec.parse("ismcts:horizon=match")) == "ismcts"


def test_bot_spec_of_a_factory_uses_its_name() -> None:
    """A callable becomes a factory spec labelled with its qualified name."""
    spec = BotSpec.of(RandomBot)
    assert (spec.kind, spec.label) == ("factory", "RandomBot")
    assert isinstance(spec.build("crazy-animals"), RandomBot)
    with pytest.raises(InvalidSetupError, match="a name, a BotSpec or a factory"):
        BotSpec.of(42)


# -- reports -------------------------------------------------------------------------------


def test_simulate_reports_shares_that_add_up_to_one() -> None:
    """Each match's shares add up to 1, so hero + 2 x field = 1 and the seats sum to 1."""
    report = _heuristic_vs_random(15)
    hero, field = report.bots
    assert (hero.label, field.label) == ("heuristic", "random")
    assert (hero.seat_matches, field.seat_matches) == (15, 30)
    assert hero.share.mean + 2 * field.share.mean == pytest.approx(1.0)
    assert sum(seat.share.mean for seat in report.seats) == pytest.approx(1.0)
    assert report.errors == 0
    assert report.decisions.count == report.rounds.count == 15
    assert hero.scores.count == 15
    assert report.timing.decisions == sum(v * n for v, n in report.decisions.histogram)
    assert report.timing.decisions_per_second > 0


def test_a_shared_win_counts_as_a_fraction() -> None:
    """In classic Mistigri two of three seats win: each counts half a win."""
    report = simulate("classic-mistigri", ["random"], 10, players=3, seed=2, workers=0)
    for seat in report.seats:
        assert (seat.share.mean * 10 * 2) == pytest.approx(round(seat.share.mean * 10 * 2))
    assert report.bots[0].share.mean == pytest.approx(1 / 3)


def test_a_short_lineup_is_filled_with_its_last_bot() -> None:
    """`[hero, field]` at four seats seats one hero and three field bots, rotated."""
    report = simulate("kitten-tricks", ["heuristic", "random"], 4, players=4, seed=1, workers=0)
    assert report.seatings == (
        ("heuristic", "random", "random", "random"),
        ("random", "heuristic", "random", "random"),
        ("random", "random", "heuristic", "random"),
        ("random", "random", "random", "heuristic"),
    )


def test_the_rotate_mode_takes_its_intervals_over_matches() -> None:
    """Without duplicate deals every match is its own deal and its own unit."""
    report = _heuristic_vs_random(9)
    assert report.mode == "rotate"
    assert report.deals == 9
    assert report.bots[0].share.units == 9
    assert report.bots[0].share == report.bots[0].unpaired


def test_the_seed_alone_decides_the_report() -> None:
    """The same seed gives an equal report; another seed another one; None is drawn and kept."""
    assert _heuristic_vs_random(6) == _heuristic_vs_random(6)
    assert _heuristic_vs_random(6) != _heuristic_vs_random(6, seed=12)
    drawn = _heuristic_vs_random(6, seed=None)
    assert drawn == _heuristic_vs_random(6, seed=drawn.seed)
    assert match_seed(11, 0) != match_seed(11, 1) != match_seed(12, 1)


def test_report_json_holds_the_results_and_optionally_the_speed() -> None:
    """`to_json` is valid JSON with the shares; `timing=False` leaves out the machine."""
    report = _heuristic_vs_random(6)
    data = json.loads(report.to_json())
    assert data["bots"][0]["share"]["mean"] == report.bots[0].share.mean
    assert data["ranking"] == ["heuristic", "random"]
    assert data["rules"] == {"first_player": 0, "rounds": None, "knock_after": None}
    assert data["timing"]["matches_per_second"] > 0
    assert "timing" not in json.loads(report.to_json(timing=False))
    assert "heuristic" in report.table()


def test_a_failing_match_is_counted_and_its_deal_left_out() -> None:
    """A bot that raises makes errors, not an exception; the other statistics stay clean."""
    report = simulate(
        "crazy-animals",
        [_Failing, "random"],
        3,
        players=3,
        seed=1,
        executor=ThreadPoolExecutor(2),
    )
    assert report.errors == 3
    assert report.error_samples[0].error == "RuntimeError: this bot always fails"
    assert report.bots[0].share.units == 0
    assert report.decisions.count == 0


@pytest.mark.parametrize(
    ("settings", "error", "fragment"),
    [
        ({"game": "uno"}, UnknownGameError, "known games"),
        ({"players": 7}, InvalidSetupError, "2 to 6 players"),
        ({"matches": 0}, InvalidSetupError, "matches must be a positive int"),
        ({"bots": ["random"] * 4}, InvalidSetupError, "4 bots cannot sit at a table of 3"),
        ({"bots": "random"}, InvalidSetupError, "non-empty list of bots"),
        ({"rules": "one round"}, InvalidSetupError, "Rules object"),
        ({"workers": -1}, InvalidSetupError, "workers must be"),
        ({"executor": 3}, InvalidSetupError, "concurrent.futures.Executor"),
    ],
)
def test_simulate_rejects_bad_settings(
    settings: dict[str, object], error: type[Exception], fragment: str
) -> None:
    """Each bad setting raises the documented error with a message saying what is allowed."""
    arguments: dict[str, object] = {
        "game": "crazy-animals",
        "bots": ["random"],
        "matches": 3,
        "players": 3,
        "seed": 1,
        "workers": 0,
        **settings,
    }
    game, bots, matches = arguments.pop("game"), arguments.pop("bots"), arguments.pop("matches")
    with pytest.raises(error, match=fragment):
        simulate(game, bots, matches, **arguments)  # type: ignore[arg-type]


def test_a_factory_that_cannot_be_pickled_is_refused_before_a_process_pool() -> None:
    """A local function cannot reach another process: the message says what to give instead."""

    def local() -> RandomBot:
        return RandomBot()

    with pytest.raises(InvalidSetupError, match="module level"):
        simulate("crazy-animals", [local], 3, players=3, seed=1, workers=1)


def test_progress_is_reported_up_to_the_total() -> None:
    """A progress callable sees increasing counts that end at the number of matches."""
    seen: list[tuple[int, int]] = []
    _heuristic_vs_random(9, chunksize=2, progress=lambda done, total: seen.append((done, total)))
    assert [done for done, _ in seen] == [2, 4, 6, 8, 9]
    assert {total for _, total in seen} == {9}


def test_the_plain_progress_line_gives_rate_and_time_left(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Without tqdm, a line on stderr says how many matches, how fast and how long to go."""
    line = _PlainProgress("kitten-tricks", every=0.0)
    line(5, 20)
    err = capsys.readouterr().err
    assert err.startswith("kitten-tricks: 5/20 matches (25%), ")
    assert "matches/s" in err
    assert "left" in err


def test_ismcts_spec_plays_with_a_small_budget() -> None:
    """An ismcts spec plays whole matches and its time per decision is measured."""
    game = cardgames.get_game("crazy-animals")
    report = simulate(
        game,
        ["ismcts:iterations=4:playout=random", "random"],
        3,
        players=3,
        rules=game.Rules(rounds=1),
        seed=5,
        workers=0,
    )
    assert report.errors == 0
    assert dict(report.timing.ms_per_decision)["ismcts:iterations=4:playout=random"] > 0


# -- duplicate deals -----------------------------------------------------------------------


def test_duplicate_mode_plays_each_deal_in_every_rotation_with_the_same_seed() -> None:
    """Two bots that play alike share every deal exactly: the paired interval has no width.

    Classic Mistigri's heuristic bot is RandomBot, and a seat's random stream depends on the
    deal's seed and the seat only, so every rotation of a deal replays the same match and
    each bot gets exactly the fair share of every deal, while single matches still vary.
    """
    report = simulate(
        "classic-mistigri",
        ["heuristic", "random"],
        30,
        players=3,
        seed=4,
        duplicate=True,
        workers=0,
    )
    hero = report.bot("heuristic")
    assert report.mode == "duplicate"
    assert report.deals == hero.share.units == 10
    assert hero.unpaired.units == 30
    assert hero.share.mean == pytest.approx(1 / 3)
    assert hero.share.half_width == pytest.approx(0.0, abs=1e-12)
    assert hero.unpaired.half_width > 0.05
    assert hero.narrowing == 1.0


def test_duplicate_mode_needs_whole_deals() -> None:
    """The number of matches must be a multiple of the rotations; the message suggests two."""
    with pytest.raises(InvalidSetupError, match=r"multiple of 3, not 10 \(try 9 or 12\)"):
        _heuristic_vs_random(10, duplicate=True)


# -- tournaments ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bots", "players", "seatings"),
    [
        (["heuristic", "random"], 2, 2),
        (["heuristic", "random"], 3, 6),
        (["a", "b", "c", "d"], 3, 24),
    ],
)
def test_a_tournament_plays_every_seating(bots: list[str], players: int, seatings: int) -> None:
    """Every seating: each of n distinct bots at most once, or fewer bots each at least once."""
    from cardgames.arena.simulations import _all_seatings  # noqa: PLC0415 - the private enumerator

    found = _all_seatings(len(bots), players)
    assert len(found) == len(set(found)) == seatings
    assert all(len(set(seating)) == min(len(bots), players) for seating in found)


def test_a_tournament_ranks_its_bots_with_paired_comparisons() -> None:
    """The ranking follows the shares and each comparison is the paired difference."""
    game = cardgames.get_game("crazy-animals")
    report = tournament(
        game, ["random", "heuristic"], 12, players=3, rules=game.Rules(rounds=1), seed=3, workers=0
    )
    assert report.mode == "tournament"
    assert len(report.seatings) == 6
    assert report.deals == 2
    assert [bot.label for bot in report.ranking] == ["heuristic", "random"]
    forward = report.comparison("heuristic", "random").difference
    backward = report.comparison("random", "heuristic").difference
    assert forward.mean == pytest.approx(
        report.bot("heuristic").share.mean - report.bot("random").share.mean
    )
    assert (forward.low, forward.high) == (-backward.high, -backward.low)


def test_a_tournament_needs_two_distinct_bots() -> None:
    """One bot, or the same bot twice, is no tournament."""
    with pytest.raises(InvalidSetupError, match="two or more distinct bots"):
        tournament("crazy-animals", ["random", "random"], 6, players=3, seed=1, workers=0)


# -- executors -----------------------------------------------------------------------------


def test_the_report_does_not_depend_on_executor_workers_or_chunking() -> None:
    """In-process, 1 process, 2 spawned processes, threads, any chunk size: equal reports."""
    reference = _heuristic_vs_random(12, duplicate=True, chunksize=12)
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=spawn) as two, ThreadPoolExecutor(3) as threads:
        runs = [
            _heuristic_vs_random(12, duplicate=True, workers=1, chunksize=5),
            _heuristic_vs_random(12, duplicate=True, executor=two, chunksize=1),
            _heuristic_vs_random(12, duplicate=True, executor=threads, chunksize=4),
        ]
    for run in runs:
        assert run == reference
        assert run.to_json(timing=False) == reference.to_json(timing=False)
    assert runs[0].timing.executor == "1 local process"
    assert runs[1].timing.executor == "ProcessPoolExecutor"


def test_a_dask_local_cluster_gives_the_local_report() -> None:
    """Two Dask worker processes on loopback, by client and by address: the same report."""
    distributed = pytest.importorskip("distributed")
    reference = _heuristic_vs_random(12, duplicate=True)
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=":0",  # a free port: several Pythons run this test at once
            scheduler_port=0,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        by_client = _heuristic_vs_random(12, duplicate=True, executor=client, chunksize=2)
        by_address = _heuristic_vs_random(12, duplicate=True, executor=cluster.scheduler_address)
    assert by_client == reference
    assert by_address == reference
    assert by_client.timing.executor == "a Dask cluster of 2 worker threads"


# -- pictures ------------------------------------------------------------------------------


def test_plot_writes_a_png(tmp_path: Path) -> None:
    """The plot is a real PNG of some size, drawn without a display."""
    pytest.importorskip("matplotlib")
    path = plot(_heuristic_vs_random(6), tmp_path / "shares.png")
    data = path.read_bytes()
    assert data.startswith(PNG_SIGNATURE)
    assert len(data) > 10_000
