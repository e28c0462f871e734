"""The `cardgames simulate` and `cardgames tournament` command lines, run as a user would."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from cardgames.arena import simulate

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _cardgames(*args: str) -> subprocess.CompletedProcess[str]:
    """Run `python -m cardgames ARGS` in a fresh interpreter."""
    return subprocess.run(  # noqa: S603 - runs this interpreter on our own package
        [sys.executable, "-m", "cardgames", *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


def test_simulate_prints_a_table_and_writes_the_api_report_as_json(tmp_path: Path) -> None:
    """The command's JSON is the API's report for the same settings, and the table is printed."""
    out = tmp_path / "report.json"
    done = _cardgames(
        "simulate", "crazy-animals", "--players", "3", "--bots", "heuristic,random",
        "--matches", "9", "--duplicate", "--seed", "8", "--workers", "0", "--quiet",
        "--json", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "duplicate: 3 deals x 3 rotations" in done.stdout
    assert "win share (95% CI)" in done.stdout
    assert "errors: 0" in done.stdout
    expected = simulate(
        "crazy-animals", ["heuristic", "random"], 9, players=3, seed=8, duplicate=True, workers=0
    )
    written = json.loads(out.read_text(encoding="utf-8"))
    del written["timing"]
    assert written == json.loads(expected.to_json(timing=False))


def test_simulate_draws_a_png_plot(tmp_path: Path) -> None:
    """`--plot` writes a real PNG of some size."""
    pytest.importorskip("matplotlib")
    picture = tmp_path / "shares.png"
    done = _cardgames(
        "simulate", "crazy-animals", "--bots", "heuristic,random", "--matches", "3",
        "--seed", "1", "--workers", "0", "--quiet", "--plot", str(picture),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = picture.read_bytes()
    assert data.startswith(PNG_SIGNATURE)
    assert len(data) > 10_000


def test_simulate_shows_progress_on_stderr() -> None:
    """Without --quiet, progress (a bar or a plain line) goes to stderr, the table to stdout."""
    done = _cardgames(
        "simulate", "classic-mistigri", "--bots", "random", "--matches", "5", "--seed", "1",
        "--workers", "0",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "5/5" in done.stderr
    assert "5/5" not in done.stdout


def test_tournament_ranks_the_bots() -> None:
    """The tournament prints every pair's paired difference and the ranking."""
    done = _cardgames(
        "tournament", "crazy-animals", "--players", "2", "--bots", "random,heuristic",
        "--rule", "rounds=1", "--matches", "4", "--seed", "2", "--workers", "0", "--quiet",
        "--json", "-",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["mode"] == "tournament"
    assert report["rules"] == {"first_player": 0, "rounds": 1, "knock_after": None}
    assert sorted(report["ranking"]) == ["heuristic", "random"]
    assert len(report["comparisons"]) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "uno", "--bots", "random"], "no game 'uno'; known games: classic-mistigri"),
        (["simulate", "crazy-animals", "--bots", "genius"], "no bot 'genius'; known bots"),
        (
            ["simulate", "crazy-mistigri", "--bots", "random", "--players", "2"],
            "Crazy Mistigri is played by 3 to 5 players, not 2",
        ),
        (
            ["tournament", "kitten-tricks", "--bots", "random,heuristic", "--matches", "7"],
            "multiple of 6, not 7 (try 6 or 12)",
        ),
        (["simulate", "kitten-tricks", "--bots", "random", "--rule", "speed=2"], "its options"),
        (
            ["simulate", "kitten-tricks", "--bots", "random", "--workers", "2", "--dask", "x"],
            "not allowed with argument",
        ),
    ],
)
def test_a_usage_error_exits_2_with_one_message_and_no_traceback(
    args: list[str], message: str
) -> None:
    """An unknown game or bot, a bad player count or setting: status 2, message on stderr."""
    done = _cardgames(*args, "--workers", "0") if "--workers" not in args else _cardgames(*args)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize("args", [[], ["simulate"], ["tournament"]])
def test_every_command_has_help(args: list[str]) -> None:
    """`--help` works at every level and names the options."""
    done = _cardgames(*args, "--help")
    assert done.returncode == 0
    assert "usage: cardgames" in done.stdout
    if args:
        assert "--bots" in done.stdout
        assert "--dask" in done.stdout


def test_the_console_script_is_declared() -> None:
    """The installed package declares the `cardgames` console script."""
    scripts = entry_points(group="console_scripts", name="cardgames")
    ours = [s for s in scripts if s.dist is not None and s.dist.name == "cardgames-rules"]
    assert [s.value for s in ours] == ["cardgames.cli:main"]
