"""The bot protocol, RandomBot, play_match, ISMCTSBot, and classic Mistigri's world sampler."""

from __future__ import annotations

import gc
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardgames
from cardgames import _build, _hot, classic_mistigri, testing
from cardgames.bots import Bot, ISMCTSBot, RandomBot, heuristic_bot, play_match
from cardgames.bots.ismcts import MAX_ITERATIONS, check_setting
from cardgames.classic_mistigri import Card, scenario
from cardgames.engine import Action, Outcome, State, View, standing
from cardgames.errors import IllegalActionError, InvalidSetupError
from strategies import CHOICES, SEEDS
from support import ROOT, run_benchmark

CLASSIC = classic_mistigri.GAME


def reachable_states(root: object) -> list[State[Any]]:
    """Every State reachable from ``root`` through object references (types and modules aside)."""
    found: list[State[Any]] = []
    seen: set[int] = set()
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type) or type(obj).__name__ == "module":
            continue
        seen.add(id(obj))
        if isinstance(obj, State):
            found.append(obj)
        todo.extend(gc.get_referents(obj))
    return found


class _Cheater:
    """A broken bot: returns an action of another position."""

    def choose(self, view: View, rng: random.Random) -> Action:
        del view, rng
        return classic_mistigri.Draw(30)


def test_random_bot_is_a_bot_and_plays_legal_actions() -> None:
    """RandomBot satisfies the Bot protocol and only ever returns a legal action of its view."""
    assert isinstance(RandomBot(), Bot)
    rng = random.Random(1)
    for game in cardgames.GAMES.values():
        state = game.new(game.min_players, seed=3)
        for _ in range(60):
            if state.is_over:
                break
            view = state.view(state.to_move)
            action = RandomBot().choose(view, rng)
            assert action in view.legal_actions
            state = state.apply(action)


def test_play_match_is_reproducible_and_checks_its_bots() -> None:
    """A seeded match between deterministic bots replays exactly; bad bots are refused."""
    bots = [RandomBot()] * 3
    first = play_match(CLASSIC, bots, seed=11)
    again = play_match(CLASSIC, bots, seed=11)
    assert first.is_over
    assert first == again
    with pytest.raises(InvalidSetupError, match="players"):
        play_match(CLASSIC, [RandomBot()] * 5, seed=1)
    with pytest.raises(IllegalActionError, match="cannot play draw #30"):
        play_match(CLASSIC, [_Cheater()] * 3, seed=1)


def test_a_view_cannot_reach_the_state() -> None:
    """No reference path leads from any game's view (what a bot gets) to a State."""
    for game in cardgames.GAMES.values():
        states = list(testing.random_match(game, game.max_players, 5))
        for state in (states[0], states[len(states) // 2], states[-1]):
            for seat in range(state.players):
                assert reachable_states(state.view(seat)) == []


def test_ismcts_returns_a_legal_action_deterministically() -> None:
    """With an iteration budget, the same view and rng state give the same legal action."""
    state = CLASSIC.new(3, seed=4)
    view = state.view(0)
    assert view.to_move == 0
    bot = ISMCTSBot(40)
    first = bot.choose(view, random.Random(8))
    assert first in view.legal_actions
    assert bot.choose(view, random.Random(8)) == first


def test_ismcts_time_budget_stops_the_search() -> None:
    """A tiny time budget still returns a legal action, long before the iteration budget."""
    state = CLASSIC.new(4, seed=2)
    view = state.view(0)
    assert view.to_move == 0
    action = ISMCTSBot(MAX_ITERATIONS, seconds=0.01).choose(view, random.Random(1))
    assert action in view.legal_actions


def test_ismcts_checks_its_budget() -> None:
    """Budgets must be positive: a clear ValueError otherwise."""
    with pytest.raises(ValueError, match="iterations must be a positive int"):
        ISMCTSBot(0)
    with pytest.raises(ValueError, match="seconds must be positive"):
        ISMCTSBot(10, seconds=0)
    expected = (
        "ISMCTSBot(iterations=5, seconds=None, exploration=0.7, playout=RandomBot(), "
        "prior_weight=3.0, search_opponents=True, margin_weight=0.85, horizon='match')"
    )
    assert repr(ISMCTSBot(5, playout=RandomBot())) == expected
    with pytest.raises(InvalidSetupError, match="horizon must be 'match' or 'round', got 'deal'"):
        ISMCTSBot(5, horizon="deal")


@pytest.mark.parametrize("playout", [None, "heuristic"])
def test_ismcts_at_the_round_horizon_simulates_to_the_round_end_only(playout: str | None) -> None:
    """At ``horizon="round"`` a simulation ends with the round, worth the standing then."""
    game = cardgames.get_game("kitten-tricks")
    bot = ISMCTSBot(
        10, horizon="round", playout=None if playout is None else heuristic_bot(game.slug)
    )
    state = game.new(3, seed=7)
    world = _hot.StateWorld(_hot.scratch(state), hot=True, owned=False)
    entries = state._log._len
    rewards = bot._simulate(world, random.Random(3), None, state.round, better="higher")
    # The same simulation through `apply`, stopped where the round ends.
    ordinary, rng = state, random.Random(3)
    while ordinary.round == state.round:
        mover = ordinary.to_move
        assert mover is not None
        action = (
            _random_choice(ordinary.legal_actions(), rng)
            if playout is None
            else bot._play(_hot.StateWorld(ordinary, hot=True, owned=False), mover, rng)
        )
        ordinary = ordinary.apply(action)
    assert not ordinary.is_over
    worth = bot._rewards(standing(ordinary), "higher")
    assert rewards == worth
    assert state._log._len == entries  # the log the world shared is left as it was
    # A world whose round the descent already ended is worth its standing as it is.
    ended = _hot.StateWorld(_hot.scratch(ordinary), hot=True, owned=False)
    assert bot._simulate(ended, random.Random(3), None, state.round, better="higher") == worth
    choice = bot.choose(state.view(state.to_move), random.Random(1))
    assert choice in state.legal_actions()
    assert bot.choose(state.view(state.to_move), random.Random(1)) == choice


def _random_choice(legal: tuple[Action, ...], rng: random.Random) -> Action:
    """A random simulation's choice, as `State.playout` makes it."""
    return legal[int(rng.random() * len(legal))]


def test_ismcts_settings_come_back_in_their_own_type_in_either_build() -> None:
    """`check_setting` gives `iterations` as an int, the others as floats, with the same message."""
    assert type(check_setting("iterations", 200)) is int
    assert type(check_setting("exploration", 1)) is float
    assert check_setting("exploration", 0.7) == 0.7
    with pytest.raises(InvalidSetupError, match=r"at most 1,000, got 1001$"):
        check_setting("iterations", 1001)
    for bad in (True, 10**30, 2.5, float("nan"), "7"):
        with pytest.raises(InvalidSetupError, match="iterations must be a positive int"):
            check_setting("iterations", bad)
    with pytest.raises(InvalidSetupError, match=r"exploration must be a number in 0\.\.10"):
        check_setting("exploration", 10**400)


def test_sample_world_refuses_foreign_views_and_rngs() -> None:
    """sample_world wants a view of its own game and a random.Random."""
    view = CLASSIC.new(3, seed=1).view(0)
    other = next(g for g in cardgames.GAMES.values() if g is not CLASSIC)
    with pytest.raises(TypeError, match=f"needs a {other.slug} view"):
        other.sample_world(view, random.Random(1))
    with pytest.raises(TypeError, match=r"needs a random\.Random"):
        CLASSIC.sample_world(view, 42)  # type: ignore[arg-type]


def test_sampled_world_plays_but_cannot_be_saved() -> None:
    """A sampled world is marked, has no past, plays on, and refuses to_json."""
    world = CLASSIC.sample_world(CLASSIC.new(3, seed=1).view(0), random.Random(2))
    assert world.is_sampled
    assert world.history == ()
    assert world.events == ()
    assert world.apply(world.legal_actions()[0]).is_sampled
    with pytest.raises(TypeError, match="cannot be saved"):
        world.to_json()


# -- classic Mistigri's sampler ---------------------------------------------------------------


@given(st.integers(min_value=2, max_value=4), SEEDS, CHOICES, st.data())
def test_classic_samples_agree_with_the_view(
    players: int, seed: int, choices: list[int], data: st.DataObject
) -> None:
    """At any point, worlds sampled from any seat's view show that seat the same view."""
    states = list(testing.random_match(CLASSIC, players, seed, choices=choices))
    state = states[data.draw(st.integers(min_value=0, max_value=len(states) - 1))]
    seat = data.draw(st.integers(min_value=0, max_value=players - 1))
    for world in testing.check_sample_world(state, seat, random.Random(seed), samples=2):
        assert isinstance(world, classic_mistigri.State)
        for hand in world.hands:
            motifs = [card.motif for card in hand]
            assert len(motifs) == len(set(motifs)), "a sampled hand holds a pair"


def test_classic_samples_vary() -> None:
    """Across samples from the deal, the other hands really differ."""
    state = CLASSIC.new(4, seed=7)
    worlds = testing.check_sample_world(state, 0, random.Random(3), samples=8)
    assert len({world.hands[1:] for world in worlds}) > 1
    assert all(world.hands[0] == state.hands[0] for world in worlds)


def test_classic_card_drawn_from_the_seat_stays_with_the_drawer() -> None:
    """A card drawn from the seat is in the drawer's hand in every sample from its view."""
    start = scenario(
        hands=[
            [Card(1), Card(2), Card(3), Card(4)],
            [Card(1), Card(2)],
            [Card(3), Card(4), Card(0)],
        ],
        pairs=((), tuple(range(5, 11)), tuple(range(11, 17))),
        to_move=1,
        seed=5,
    )
    after = start.apply(start.legal_actions()[0])  # seat 1 draws from seat 2, who sees the card
    (given_card,) = (c for c in after.hands[1] if c.motif in {3, 4, 0})
    worlds = testing.check_sample_world(after, 2, random.Random(4), samples=12)
    assert all(given_card in world.hands[1] for world in worlds)
    # Seat 0 did not see the card: from its view it may be any of seat 2's former cards.
    worlds = testing.check_sample_world(after, 0, random.Random(4), samples=40)
    assert len({frozenset(world.hands[1]) for world in worlds}) > 1


def test_strength_benchmark_runs_and_reports_intervals() -> None:
    """benchmarks/strength.py plays each level's matchup and reports shares with a 95% CI."""
    args = ["--game", "classic-mistigri", "--matches", "6", "--hard-deals", "1"]
    args += ["--hard", "rollout:samples=2", "--workers", "1", "--json"]
    done = run_benchmark("strength.py", args)
    rows = json.loads(done.stdout)["rows"]
    assert [(r["hero"], r["field"], r["matches"]) for r in rows] == [
        ("medium", "random", 6),
        ("easy", "heuristic", 6),
        ("hard", "heuristic", 3),
    ]
    for row in rows:
        low, high = row["ci95"]
        assert low <= row["hero_share"] <= high
        assert row["max_ms_per_decision"] >= 0


def test_strength_benchmark_plays_300_hard_deals_in_crazy_animals_by_default() -> None:
    """Without --hard-deals, Crazy Animals' hard row plays 300 deals, every other game's 100."""
    args = ["--game", "crazy-animals", "--game", "classic-mistigri", "--matches", "3"]
    args += ["--hard", "random", "--workers", "1", "--json"]
    done = run_benchmark("strength.py", args)
    rows = json.loads(done.stdout)["rows"]
    hard = {r["game"]: (r["matches"], r["deals"]) for r in rows if r["hero"] == "hard"}
    assert hard == {"crazy-animals": (900, 300), "classic-mistigri": (300, 100)}


def test_search_benchmark_reports_iterations_per_second_beside_openspiel() -> None:
    """benchmarks/search.py prints each configuration's ISMCTS rate and its ratio to MCTSBot's."""
    args = ["--game", "kitten-tricks", "--iterations", "4", "--decisions", "1"]
    args += ["--compiled-python", "no-such-python"]
    done = run_benchmark("search.py", args)
    assert "| `crazy_eights` |" in done.stdout
    header, rows = _table(done.stdout, "| game | players | horizon | pure: iterations")
    assert header[-1] == "pure / `crazy_eights`"
    assert [row[:3] for row in rows] == [
        ["kitten-tricks", players, horizon]
        for players in ("3", "4", "5")
        for horizon in ("match", "round")
    ]
    assert all(float(row[-1]) > 0 for row in rows)


def test_search_benchmark_repeats_its_runs_and_gives_each_ratio_its_runs_peer() -> None:
    """search.py --repeat measures peer and build in turn; a ratio's median and range per row."""
    args = ["--game", "crazy-animals", "--players", "3", "--horizon", "round", "--repeat", "2"]
    args += ["--iterations", "4", "--decisions", "1", "--build", "pure"]
    done = run_benchmark("search.py", args)
    assert "--repeat 2 --horizon round --build pure`" in done.stdout
    _header, peers = _table(done.stdout, "| OpenSpiel C++ `MCTSBot` | simulations / CPU s, median")
    eights = next(row for row in peers if row[0] == "`crazy_eights`")
    assert len(eights[2].split(", ")) == 2  # each run's own rate
    header, rows = _table(done.stdout, "| game | players | horizon | build | iterations")
    assert header[-1] == "lowest-highest run"
    assert [row[:4] for row in rows] == [["crazy-animals", "3", "round", "pure"]]
    low, high = (float(x) for x in rows[0][6].split("-"))
    assert 0 < low <= float(rows[0][5]) <= high


def test_search_benchmark_breaks_each_iteration_down_into_its_parts() -> None:
    """benchmarks/search.py shows each iteration's sampling, descent, simulation and backprop µs."""
    args = ["--game", "crazy-animals", "--iterations", "8", "--decisions", "2", "--no-peer"]
    args += ["--compiled-python", "no-such-python", "--horizon", "round"]
    done = run_benchmark("search.py", args)
    assert "--horizon round`" in done.stdout
    header, rows = _table(done.stdout, "| game | players | horizon | build | µs / iteration")
    assert header[5:] == ["sampling µs", "descent µs", "simulation µs", "backprop µs"]
    assert [row[2:4] for row in rows] == [["round", "pure"]] * 5
    for row in rows:
        _iteration, *parts = (float(cell.replace(",", "")) for cell in row[4:9])
        assert all(part > 0 for part in parts)
        assert parts[2] > parts[3]  # a whole simulation costs more than adding its rewards


def test_search_benchmark_measures_the_player_counts_asked() -> None:
    """benchmarks/search.py --players keeps the rows of those player counts alone."""
    args = ["--game", "crazy-animals", "--players", "2", "--players", "4", "--iterations", "4"]
    args += ["--decisions", "1", "--no-peer", "--horizon", "round"]
    args += ["--compiled-python", "no-such-python"]
    done = run_benchmark("search.py", args)
    _header, rows = _table(done.stdout, "| game | players | horizon | pure: iterations")
    assert [row[:3] for row in rows] == [["crazy-animals", n, "round"] for n in ("2", "4")]


def test_search_benchmark_counts_the_iterations_callgrind_divides_by() -> None:
    """The run that search.py --instructions counts prints the iterations it searched."""
    done = run_benchmark("search.py", ["--count", "crazy-animals", "3", "round", "5", "2"])
    assert done.stdout.split() == ["10"]


def test_search_benchmark_counts_the_peers_decisions_with_and_without_their_searches() -> None:
    """The peer's runs search.py --instructions counts play the same decisions, searched or not."""
    pytest.importorskip("pyspiel")
    for search in ("0", "1"):
        args = ["--count-peer", "crazy_eights(players=3)", "4", "3", search]
        assert run_benchmark("search.py", args).stdout.split() == ["12"]


def test_search_benchmark_counts_functions_of_the_compiled_build() -> None:
    """Each part search.py --instructions counts is a function of the compiled build's C."""
    if not _build.COMPILED:
        pytest.skip("the compiled build's functions are counted (CARDGAMES_BUILD=compiled)")
    benchmark = ROOT / "benchmarks" / "search.py"
    source = benchmark.read_text(encoding="utf-8")
    names = re.findall(r'"(CPyDef_ismcts_\w+)"', source)
    assert len(names) == 5
    package = Path(cardgames.__file__).resolve().parent.parent
    (library,) = package.glob("*__mypyc*.so")
    symbols = library.read_bytes()
    assert all(name.encode() + b"\0" in symbols for name in names)


def test_search_benchmark_ends_on_classic_mistigri_and_within_its_budget() -> None:
    """A game with no decision worth a search gets no row, and --budget stops the searches."""
    args = ["--game", "classic-mistigri", "--game", "crazy-animals", "--iterations", "4"]
    args += ["--decisions", "100000", "--budget", "0.2", "--no-peer", "--horizon", "match"]
    args += ["--compiled-python", "no-such-python"]
    done = run_benchmark("search.py", args)
    assert "classic-mistigri, 2 players: nothing to search" in done.stderr
    assert "| classic-mistigri |" not in done.stdout
    _header, rows = _table(done.stdout, "| game | players | horizon | pure: iterations")
    assert [row[:3] for row in rows] == [["crazy-animals", str(n), "match"] for n in range(2, 7)]


def _table(text: str, starts: str) -> tuple[list[str], list[list[str]]]:
    """The header and the rows (their cells) of the Markdown table whose header starts so."""
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith(starts))
    table = []
    for line in lines[first:]:
        if not line.startswith("|"):
            break
        table.append([cell.strip() for cell in line.strip("|").split("|")])
    return table[0], table[2:]


def test_heuristics_benchmark_prints_microseconds_per_decision_for_each_game() -> None:
    """benchmarks/heuristics.py prints a positive µs per decision of both levels for every game."""
    args = ["--decisions", "20", "--budget", "0.05", "--compiled-python", "no-such-python"]
    done = run_benchmark("heuristics.py", args)
    rows = [line.split(" | ") for line in done.stdout.splitlines() if line.startswith("| c")]
    rows += [line.split(" | ") for line in done.stdout.splitlines() if line.startswith("| k")]
    assert {row[0].lstrip("| ") for row in rows} == {
        "classic-mistigri",
        "crazy-mistigri",
        "kitten-tricks",
        "crazy-animals",
    }
    assert all(float(cell.rstrip(" |")) > 0 for row in rows for cell in row[2:])


def _returns_as_written(
    scores: tuple[int, ...], winners: tuple[int, ...], better: str | None, weight: float
) -> list[float]:
    """The returns' formula (`cardgames.encoding.returns`) written plainly, with builtins."""
    players = len(scores)
    rewards = [1.0 / len(winners) if seat in winners else 0.0 for seat in range(players)]
    spread = max(scores) - min(scores)
    if better is None or not weight or not spread:
        return rewards
    sign = 1.0 if better == "higher" else -1.0
    for seat, score in enumerate(scores):
        others = (sum(scores) - score) / (players - 1)
        margin = 0.5 + 0.5 * sign * (score - others) / spread
        rewards[seat] = (1 - weight) * rewards[seat] + weight * margin
    return rewards


@given(
    st.lists(st.integers(-100, 400), min_size=2, max_size=6),
    st.sampled_from(["higher", "lower", None]),
    st.sampled_from([0.0, 0.1, 0.25, 0.5, 1.0]),
)
def test_the_native_returns_are_the_formulas_to_the_last_bit(
    scores: list[int], better: str | None, weight: float
) -> None:
    """`_hot.returns_at`'s loops give the formula's floats exactly, and `standing`'s winners."""
    ranked = tuple(scores)
    winners = _hot.best_seats(ranked, better)
    if better is None:
        assert winners == tuple(range(len(ranked)))
    else:
        best = min(ranked) if better == "lower" else max(ranked)
        assert winners == tuple(s for s, score in enumerate(ranked) if score == best)
    assert _hot._returns(ranked, winners, better, weight) == _returns_as_written(
        ranked, winners, better, weight
    )


def test_ismcts_rewards_mix_the_win_with_the_score_margin() -> None:
    """A simulation rewards the win share, and by margin_weight how far ahead each seat ended."""
    outcome = Outcome(winners=(0,), scores=(5, 10, 35))
    rewards = ISMCTSBot(10)._rewards(outcome, "lower")
    assert rewards[0] > rewards[1] > rewards[2]
    assert rewards[0] == pytest.approx(0.15 + 0.85 * (0.5 + 0.5 * (22.5 - 5) / 30))
    assert ISMCTSBot(10)._rewards(outcome, None) == [1.0, 0.0, 0.0]
    assert ISMCTSBot(10, margin_weight=0)._rewards(outcome, "lower") == [1.0, 0.0, 0.0]
    higher = ISMCTSBot(10)._rewards(Outcome(winners=(2,), scores=(0, 1, 3)), "higher")
    assert higher[2] > higher[1] > higher[0]


def test_views_benchmark_reports_each_game_move_by_move_and_cold() -> None:
    """benchmarks/views.py prints a row per game with both ways of asking for a view."""
    args = ["--matches", "1", "--compiled-python", "no-such-python"]
    done = run_benchmark("views.py", args)
    assert "| µs per view, move by move (pure) | µs per view, cold (pure) |" in done.stdout
    rows = [
        line for line in done.stdout.splitlines() if line.startswith("| ") and "---" not in line
    ]
    assert [row.split(" | ")[0][2:] for row in rows[1:]] == sorted(cardgames.GAMES)
    for row in rows[1:]:
        assert all(float(cell.replace(",", "")) > 0 for cell in row.rstrip(" |").split(" | ")[1:])
