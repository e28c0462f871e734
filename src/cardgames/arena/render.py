"""The picture of a report: win shares with their intervals, and the score distributions."""

from __future__ import annotations

import itertools
from pathlib import Path

from cardgames.arena.report import Report
from cardgames.errors import InvalidSetupError

__all__ = ["plot"]


def plot(report: Report, path: str | Path) -> Path:
    """Draw the win shares (with intervals) and the score distributions to a PNG file.

    Needs `matplotlib` (the `plot` extra); draws off-screen (Agg), whatever the backend.

    Returns:
        The path written.

    Raises:
        InvalidSetupError: `matplotlib` is not installed.
    """
    try:
        from matplotlib.figure import Figure  # noqa: PLC0415 - an optional extra
    except ImportError:
        msg = "plotting needs the plot extra: pip install 'cardgames-rules[plot]'"
        raise InvalidSetupError(msg) from None
    figure = Figure(figsize=(10, 4.2), layout="constrained")
    shares, scores = figure.subplots(1, 2, width_ratios=(1, 1.3))
    ranking = report.ranking
    labels = [bot.label for bot in ranking]
    means = [bot.share.mean for bot in ranking]
    errors = [
        [bot.share.mean - bot.share.low for bot in ranking],
        [bot.share.high - bot.share.mean for bot in ranking],
    ]
    positions = range(len(ranking))
    shares.barh(positions, means, xerr=errors, capsize=4, color="#4c72b0")
    shares.axvline(report.fair_share, color="#c44e52", linestyle="--", label="fair share")
    shares.set_yticks(list(positions), labels)
    shares.invert_yaxis()
    shares.set_xlim(0, 1)
    shares.set_xlabel("win share (95% interval)")
    shares.legend(loc="lower right")
    shares.set_title(
        f"{report.game}, {report.players} players, {report.matches} matches ({report.mode})"
    )
    for position, bot in zip(positions, ranking, strict=True):
        shares.annotate(
            f"{bot.share.mean:.3f}",
            (min(bot.share.high + 0.02, 0.9), position),
            va="center",
        )
    for bot in ranking:
        # The cumulative distribution reads well for any scores, sparse or dense.
        values = [value for value, _ in bot.scores.histogram]
        cumulative = list(itertools.accumulate(n for _, n in bot.scores.histogram))
        fractions = [n / max(bot.scores.count, 1) for n in cumulative]
        scores.step([values[0], *values], [0.0, *fractions], where="post", label=bot.label)
    scores.set_xlabel("final score")
    scores.set_ylabel("share of seats scoring at most this")
    scores.set_ylim(0, 1.02)
    scores.set_title("score distribution (cumulative)")
    scores.grid(alpha=0.3)
    scores.legend(loc="lower right")
    target = Path(path)
    figure.savefig(target, format="png", dpi=100)
    return target
