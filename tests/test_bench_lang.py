"""The designer's bench in English and in French: tables, progress, plots and the commands."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

from cardgames.arena import (
    Report,
    Timing,
    VariantComparison,
    compare,
    plot,
    plot_comparison,
    tournament,
)
from cardgames.arena.html import _comparison_figure
from cardgames.arena.render import _figure
from cardgames.arena.run import _PlainProgress
from cardgames.cli import main
from cardgames.errors import InvalidSetupError

TABLES = Path(__file__).parent / "bench_tables"

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

ENGLISH_HEADERS = (
    "rank",
    "win share",
    "CI half-width",
    "unpaired",
    "seat-matches",
    "score (mean",
    "ms/decision",
    "fair share",
    "minus bot",
    "difference (95% CI)",
    "significant",
    "seat ",
    "match length",
    "errors:",
    "matches/s",
    "decisions/s",
    "game statistic",
    "mean (95% CI)",
    "distribution (mean",
    "default rules",
    "players",
    "matches (",
    "seed",
    "on this process",
)
"""Words of the English tables' headers and lines, none of which a French table shows."""

_TIMING = Timing(0.5, 1.5, 3000, "2 local processes", (("heuristic", 0.25), ("random", 0.01)), 8)
"""A fixed speed, so that a table reads the same on any machine."""


@pytest.fixture(scope="module")
def small_tournament() -> Report:
    """The seeded tournament of the stored English table, with its speed fixed."""
    report = tournament("crazy-animals", ["heuristic", "random"], 8, players=2, seed=3, workers=0)
    return attrs.evolve(report, timing=_TIMING)


@pytest.fixture(scope="module")
def small_comparison() -> VariantComparison:
    """The seeded comparison of the stored English table."""
    return compare(
        "crazy-mistigri",
        {"rulebook": "", "one round": "rounds=1"},
        ["heuristic", "random"],
        6,
        players=3,
        seed=1,
        workers=0,
    )


def _english_words_in(text: str) -> list[str]:
    """The English header words in `text`, outside the statistics' rows (their ids are JSON's)."""
    ids = re.compile(
        r"^(win share|first player|decisions per|rounds per|matches at|turns |share of|Swap|"
        r"Peek|Draw|reshuffles|points per|effect|penalty|aids)"
    )
    return [
        word
        for line in text.splitlines()
        if not ids.match(line)
        for word in ENGLISH_HEADERS
        if word in line
    ]


def test_the_english_tournament_table_is_byte_identical_to_the_stored_one(
    small_tournament: Report,
) -> None:
    """The English default of `Report.table` prints what it printed before French was added."""
    expected = (TABLES / "tournament-en.txt").read_text(encoding="utf-8")
    assert small_tournament.table() + "\n" == expected
    assert small_tournament.table(lang="en") == small_tournament.table()


def test_the_english_comparison_table_is_byte_identical_to_the_stored_one(
    small_comparison: VariantComparison,
) -> None:
    """The English default of `VariantComparison.table` is unchanged by the French one."""
    expected = (TABLES / "comparison-en.txt").read_text(encoding="utf-8")
    assert small_comparison.table() + "\n" == expected


def test_a_french_table_has_french_headers_and_no_english_header_word(
    small_tournament: Report,
) -> None:
    """A seeded tournament's French table has French headers and lines, and no English ones."""
    text = small_tournament.table(lang="fr")
    for french in (
        "crazy-animals, 2 joueurs, 8 parties (tournoi : 4 donnes x 2 placements), graine 3",
        "règle du livret",
        "rang  bot",
        "part des victoires (IC à 95 %)",
        "places-parties",
        "part équitable : 0.500",
        "moins le bot",
        "significatif",
        "erreurs : 0",
        "16.0 parties/s, 6 000 décisions/s, 0.5 s sur 2 processus locaux",
        "statistique du jeu",
        "ce qu’elle mesure",
    ):
        assert french in text
    assert _english_words_in(text) == []


def test_a_french_table_numbers_the_seats_from_1(small_tournament: Report) -> None:
    """The seats' rows of a French table read 1 and 2 where the JSON says seats 0 and 1."""
    lines = small_tournament.table(lang="fr").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("place "))
    assert [line.split()[0] for line in lines[start + 1 : start + 3]] == ["1", "2"]
    meaning = small_tournament.statistic("win share, seat 0").meaning_fr
    assert "la place 1 (« seat 0 »)" in meaning


def test_a_french_comparison_table_has_french_headers(
    small_comparison: VariantComparison,
) -> None:
    """A comparison's French table names its variants, rules and differences in French."""
    text = small_comparison.table(lang="fr")
    assert "2 variantes x 6 parties" in text
    assert "variante   règle (options qui diffèrent du livret)  erreurs" in text
    assert "rulebook   celle du livret" in text
    assert "variante one round :" in text
    assert "écarts à la première variante (* : l’intervalle exclut 0)" in text
    assert "one round - rulebook (IC apparié à 95 %)" in text
    assert _english_words_in(text) == []


def test_a_table_in_another_language_is_refused(small_tournament: Report) -> None:
    """`lang="de"` raises the documented error, naming both languages."""
    with pytest.raises(InvalidSetupError, match="en or fr"):
        small_tournament.table(lang="de")


def _texts(figure: Any) -> list[str]:  # noqa: ANN401 - a matplotlib Figure
    """Every title, axis label, tick label and legend entry of a figure's axes."""
    found: list[str] = []
    for axes in figure.axes:
        found += [axes.get_title(), axes.get_xlabel(), axes.get_ylabel()]
        found += [tick.get_text() for tick in axes.get_xticklabels()]
        legend = axes.get_legend()
        if legend is not None:
            found += [text.get_text() for text in legend.get_texts()]
    return [text for text in found if text]


def test_a_french_plot_renders_with_french_labels(small_tournament: Report, tmp_path: Path) -> None:
    """`plot(..., lang="fr")` writes a PNG whose figure has French titles, axes and legend."""
    pytest.importorskip("matplotlib")
    written = plot(small_tournament, tmp_path / "parts.png", lang="fr")
    assert written.read_bytes().startswith(PNG_SIGNATURE)
    texts = _texts(_figure(small_tournament, "fr"))
    for french in (
        "part des victoires (intervalle à 95 %)",
        "part équitable",
        "crazy-animals, 2 joueurs,\n8 parties (tournoi)",
        "score final",
        "part des places à ce score ou moins",
        "distribution des scores (cumulée)",
    ):
        assert french in texts
    assert not [text for text in texts if re.search(r"share|score distribution|players", text)]


def test_the_english_plot_keeps_its_labels(small_tournament: Report) -> None:
    """The default plot's labels are the English ones it always had."""
    pytest.importorskip("matplotlib")
    texts = _texts(_figure(small_tournament))
    assert "win share (95% interval)" in texts
    assert "crazy-animals, 2 players,\n8 matches (tournament)" in texts


def test_a_french_comparison_plot_has_french_labels(
    small_comparison: VariantComparison, tmp_path: Path
) -> None:
    """`plot_comparison(..., lang="fr")`: French titles, axes, legends, seats from 1."""
    pytest.importorskip("matplotlib")
    written = plot_comparison(small_comparison, tmp_path / "variantes.png", lang="fr")
    assert written.read_bytes().startswith(PNG_SIGNATURE)
    texts = _texts(_comparison_figure(small_comparison, "fr"))
    for french in (
        "part des victoires par place",
        "place 1",
        "place 3",
        "part équitable",
        "ce que change chaque variante",
        "longueur des manches (distribution cumulée)",
        "décisions par manche",
    ):
        assert french in texts
    assert "seat 0" not in texts
    assert not [text for text in texts if re.search(r"win share|round length|what each", text)]


def test_the_plain_progress_line_speaks_french(capsys: pytest.CaptureFixture[str]) -> None:
    """The progress line without tqdm counts « parties » and writes a space before the colon."""
    progress = _PlainProgress("kitten-tricks (rotation)", every=0.0, lang="fr")
    progress(5, 10)
    line = capsys.readouterr().err
    assert line.startswith("kitten-tricks (rotation) : 5/10 parties (50 %), ")
    assert "parties/s" in line
    assert "matches" not in line


def test_simulate_lang_fr_prints_a_french_table_and_the_same_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`simulate --lang fr` prints the French table; its JSON is the English run's JSON."""
    common = [
        "simulate", "crazy-animals", "--bots", "heuristic,random", "--matches", "3",
        "--seed", "1", "--workers", "0", "--quiet",
    ]  # fmt: skip
    assert main([*common, "--lang", "fr", "--json", str(tmp_path / "fr.json")]) == 0
    out = capsys.readouterr().out
    assert "crazy-animals, 3 joueurs, 3 parties" in out
    assert "part équitable" in out
    assert main([*common, "--json", str(tmp_path / "en.json")]) == 0
    capsys.readouterr()
    french, english = (json.loads((tmp_path / f"{n}.json").read_text()) for n in ("fr", "en"))
    del french["timing"], english["timing"]
    assert french == english


def test_tournament_lang_fr_prints_a_french_table(capsys: pytest.CaptureFixture[str]) -> None:
    """`tournament --lang fr` prints the ranking and the pairs' differences in French."""
    status = main(
        ["tournament", "crazy-animals", "--players", "2", "--bots", "heuristic,random",
         "--matches", "4", "--seed", "1", "--workers", "0", "--quiet", "--lang", "fr"]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert status == 0
    assert out.startswith("crazy-animals, 2 joueurs, 4 parties (tournoi : 2 donnes x 2 placements)")
    assert "moins le bot" in out
    assert _english_words_in(out) == []


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("error: --variant compares rules variants", "cardgames simulate kitten-tricks")),
        ("fr", ("erreur : --variant compare des variantes", "cardgames simulate kitten-tricks")),
    ],
)
def test_tournament_refuses_variant_with_one_line_naming_simulate(
    capsys: pytest.CaptureFixture[str], lang: str, words: tuple[str, ...]
) -> None:
    """`tournament --variant`: status 2, one line on stderr pointing to `simulate --variant`."""
    status = main(
        ["tournament", "kitten-tricks", "--bots", "heuristic,random", "--matches", "6",
         "--workers", "0", "--quiet", "--variant", "short:max_rounds=1", "--lang", lang]
    )  # fmt: skip
    captured = capsys.readouterr()
    assert status == 2
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1
    for word in words:
        assert word in captured.err


def test_simulate_lang_fr_says_its_usage_error_in_french(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A bad `--variant` under `--lang fr`: status 2, one line that starts « erreur : »."""
    status = main(
        ["simulate", "kitten-tricks", "--bots", "heuristic", "--workers", "0", "--quiet",
         "--variant", "a:", "--variant", "fast:speed=2", "--lang", "fr"]
    )  # fmt: skip
    captured = capsys.readouterr()
    assert status == 2
    assert captured.err.startswith("cardgames simulate : erreur : ")
    assert len(captured.err.strip().splitlines()) == 1
