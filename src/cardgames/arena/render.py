"""The picture of a report: win shares with their intervals, and the score distributions."""

from __future__ import annotations

import itertools
import textwrap
from pathlib import Path
from typing import Any

from cardgames.arena.report import Report, _words
from cardgames.errors import InvalidSetupError

__all__ = ["plot"]


def plot(report: Report, path: str | Path, lang: str = "en") -> Path:
    """Draw the win shares (with intervals) and the score distributions to a PNG file.

    Needs `matplotlib` (the `plot` extra); draws off-screen (Agg), whatever the backend.

    Args:
        report: what [`simulate`][cardgames.arena.simulate] or
            [`tournament`][cardgames.arena.tournament] returned.
        path: the PNG file to write.
        lang: the language of the titles, axes and legends, `"en"` (the default) or `"fr"`.

    Returns:
        The path written.

    Raises:
        InvalidSetupError: `matplotlib` is not installed, or another `lang`.
    """
    target = Path(path)
    _figure(report, lang).savefig(target, format="png", dpi=100, bbox_inches="tight")
    return target


_LABEL_WIDTH = 22
"""Bot labels longer than this are wrapped, so that a long ISMCTS label is never clipped."""


def _label(text: str) -> str:
    """`text` on lines of at most `_LABEL_WIDTH` characters, broken after a `:` if it can be."""
    lines: list[str] = []
    for piece in text.replace(":", ": ").split(" "):
        if lines and len(lines[-1]) + len(piece) <= _LABEL_WIDTH:
            lines[-1] += piece
        else:
            lines.append(piece)
    return "\n".join(line for part in lines for line in textwrap.wrap(part, _LABEL_WIDTH)) or text


def _value_position(low: float, high: float) -> tuple[float, str, str]:
    """Where a share's value is written: past the interval's cap, or inside the bar near 1.

    Returns the x position, the horizontal alignment and the colour.
    """
    if high <= 0.85:  # noqa: PLR2004 - room to the right of the cap for "0.000"
        return high + 0.015, "left", "black"
    return low - 0.015, "right", "white"


_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "fair share": "fair share",
        "win share": "win share (95% interval)",
        "title": "{game}, {players} players,\n{matches} matches ({mode})",
        "rotate": "rotate",
        "duplicate": "duplicate",
        "tournament": "tournament",
        "final score": "final score",
        "at most": "share of seats scoring at most this",
        "scores": "score distribution (cumulative)",
    },
    "fr": {
        "fair share": "part équitable",
        "win share": "part des victoires (intervalle à 95 %)",
        "title": "{game}, {players} joueurs,\n{matches} parties ({mode})",
        "rotate": "rotation",
        "duplicate": "donnes rejouées",
        "tournament": "tournoi",
        "final score": "score final",
        "at most": "part des places à ce score ou moins",
        "scores": "distribution des scores (cumulée)",
    },
}
"""The words of the plot in each language (the bots keep their labels)."""


def _figure(report: Report, lang: str = "en") -> Any:  # noqa: ANN401 - a matplotlib Figure
    """The figure of `plot`, not yet saved."""
    _words(lang)  # checks the language before matplotlib is imported
    said = _WORDS[lang]
    try:
        from matplotlib.figure import Figure  # noqa: PLC0415 - an optional extra
    except ImportError:
        msg = "plotting needs the plot extra: pip install 'cardgames-rules[plot]'"
        raise InvalidSetupError(msg) from None
    figure = Figure(figsize=(10, 4.2), layout="constrained")
    shares, scores = figure.subplots(1, 2, width_ratios=(1, 1.3))
    ranking = report.ranking
    labels = [_label(bot.label) for bot in ranking]
    means = [bot.share.mean for bot in ranking]
    errors = [
        [bot.share.mean - bot.share.low for bot in ranking],
        [bot.share.high - bot.share.mean for bot in ranking],
    ]
    positions = range(len(ranking))
    shares.barh(positions, means, xerr=errors, capsize=4, color="#4c72b0")
    shares.axvline(report.fair_share, color="#c44e52", linestyle="--", label=said["fair share"])
    shares.set_yticks(list(positions), labels)
    shares.invert_yaxis()
    shares.set_xlim(0, 1)
    shares.set_xlabel(said["win share"])
    shares.legend(loc="lower right")
    shares.set_title(
        said["title"].format(
            game=report.game,
            players=report.players,
            matches=report.matches,
            mode=said[report.mode],
        )
    )
    for position, bot in zip(positions, ranking, strict=True):
        x, align, colour = _value_position(bot.share.low, bot.share.high)
        shares.annotate(f"{bot.share.mean:.3f}", (x, position), va="center", ha=align, color=colour)
    for bot, label in zip(ranking, labels, strict=True):
        # The cumulative distribution reads well for any scores, sparse or dense.
        values = [value for value, _ in bot.scores.histogram]
        cumulative = list(itertools.accumulate(n for _, n in bot.scores.histogram))
        fractions = [n / max(bot.scores.count, 1) for n in cumulative]
        scores.step([values[0], *values], [0.0, *fractions], where="post", label=label)
    scores.set_xlabel(said["final score"])
    scores.set_ylabel(said["at most"])
    scores.set_ylim(0, 1.02)
    scores.set_title(said["scores"])
    scores.grid(alpha=0.3)
    scores.legend(loc="lower right")
    return figure
