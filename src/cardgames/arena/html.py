"""A comparison of rule variants as one self-contained HTML page, its plots inline SVG.

The page has no external asset (no script, no stylesheet, no font, no image file): the plots
are drawn by matplotlib (the `plot` extra) as SVG and written into the page, so that the file
can be mailed, archived or opened offline.
"""

from __future__ import annotations

import html
import io
import json
import math
import textwrap
from pathlib import Path
from typing import Any

from cardgames.arena.report import Estimate
from cardgames.arena.variants import VariantComparison
from cardgames.errors import InvalidSetupError

__all__ = ["plot_comparison", "render_html", "write_html"]

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; color: #222;
       padding: 0 1rem; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.2rem; margin-top: 2rem; }
table { border-collapse: collapse; margin: 1rem 0; font-size: 0.9rem; }
th, td { border-bottom: 1px solid #ddd; padding: 0.3rem 0.6rem; text-align: left;
         vertical-align: top; }
th { background: #f3f3f3; }
td.num { font-variant-numeric: tabular-nums; white-space: nowrap; }
td.significant { font-weight: bold; color: #8a1c1c; }
.meaning { color: #666; font-size: 0.8rem; }
figure { margin: 1rem 0; } figure svg { max-width: 100%; height: auto; }
figcaption { color: #555; font-size: 0.85rem; }
"""


def _figure_class() -> Any:  # noqa: ANN401 - matplotlib is an optional extra
    try:
        from matplotlib.figure import Figure  # noqa: PLC0415 - an optional extra
    except ImportError:
        msg = "the HTML report needs the plot extra: pip install 'cardgames-rules[plot]'"
        raise InvalidSetupError(msg) from None
    return Figure


def _svg(figure: Any) -> str:  # noqa: ANN401 - a matplotlib Figure
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight")
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def _wrap(label: str, width: int = 24) -> str:
    return "\n".join(textwrap.wrap(label, width)) or label


_PLOT_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "fair share": "fair share",
        "seat": "seat {seat}",
        "win share": "win share (95% interval)",
        "by seat": "win share by seat",
        "difference": "difference from {first}, % of its value (paired 95% interval)",
        "changes": "what each variant changes",
        "per round": "decisions per round",
        "at most": "share of rounds at most this long",
        "lengths": "round length (cumulative distribution)",
    },
    "fr": {
        "fair share": "part équitable",
        "seat": "place {seat_from_1}",
        "win share": "part des victoires (intervalle à 95 %)",
        "by seat": "part des victoires par place",
        "difference": "écart à {first}, en % de sa valeur (intervalle apparié à 95 %)",
        "changes": "ce que change chaque variante",
        "per round": "décisions par manche",
        "at most": "part des manches de cette longueur ou moins",
        "lengths": "longueur des manches (distribution cumulée)",
    },
}
"""The words of the plots in each language (French numbers the seats from 1)."""


def _plot_words(lang: str) -> dict[str, str]:
    """The plots' words in `lang`.

    Raises:
        InvalidSetupError: `lang` is not `"en"` or `"fr"`.
    """
    if lang not in _PLOT_WORDS:
        msg = f"the plots speak en or fr, not {lang!r} / les graphiques parlent en ou fr"
        raise InvalidSetupError(msg)
    return _PLOT_WORDS[lang]


def _seat_plot(comparison: VariantComparison, lang: str = "en") -> str:
    """Each seat's win share in each variant, with its 95% interval."""
    figure = _figure_class()(figsize=(8, 3.6))
    _seat_axes(figure.subplots(), comparison, lang)
    return _svg(figure)


def _seat_axes(axes: Any, comparison: VariantComparison, lang: str = "en") -> None:  # noqa: ANN401
    """Draw each seat's win share in each variant, with its 95% interval, on `axes`."""
    said = _plot_words(lang)
    count = len(comparison.variants)
    width = 0.8 / count
    for number, variant in enumerate(comparison.variants):
        seats = [
            variant.report.statistic(f"win share, seat {s}") for s in range(comparison.players)
        ]
        positions = [s + (number - (count - 1) / 2) * width for s in range(comparison.players)]
        means = [item.estimate.mean for item in seats]
        errors = [
            [item.estimate.mean - item.estimate.low for item in seats],
            [item.estimate.high - item.estimate.mean for item in seats],
        ]
        axes.bar(positions, means, width=width * 0.95, yerr=errors, capsize=3, label=variant.name)
    axes.axhline(1 / comparison.players, color="#c44e52", linestyle="--", label=said["fair share"])
    ticks = [said["seat"].format(seat=s, seat_from_1=s + 1) for s in range(comparison.players)]
    axes.set_xticks(range(comparison.players), ticks)
    axes.set_ylabel(said["win share"])
    axes.set_ylim(0, 1)
    axes.set_title(said["by seat"])
    axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)


def _difference_rows(comparison: VariantComparison) -> list[tuple[str, str, Estimate, float]]:
    """The differences that can be drawn relative to the first variant's value."""
    first = comparison.variants[0]
    rows: list[tuple[str, str, Estimate, float]] = []
    for item in comparison.differences:
        base = first.report.statistic(item.statistic).estimate.mean
        finite = math.isfinite(item.difference.half_width) and not math.isnan(base)
        if finite and base:
            rows.append((item.statistic, item.variant, item.difference, abs(base)))
    return rows


def _difference_plot(comparison: VariantComparison, lang: str = "en") -> str:
    """Each statistic's paired difference from the first variant, relative to its value."""
    rows = _difference_rows(comparison)
    figure = _figure_class()(figsize=(8, 0.32 * max(len(rows), 4) + 1.2))
    _difference_axes(figure.subplots(), comparison, lang)
    return _svg(figure)


def _difference_axes(axes: Any, comparison: VariantComparison, lang: str = "en") -> None:  # noqa: ANN401
    """Draw each statistic's paired difference from the first variant on `axes`."""
    said = _plot_words(lang)
    first = comparison.variants[0]
    rows = _difference_rows(comparison)
    names = list(dict.fromkeys(variant for _, variant, _, _ in rows))
    colours = ["#4c72b0", "#dd8452", "#55a868", "#8172b3", "#937860", "#da8bc3", "#8c8c8c"]
    for position, (_, variant, estimate, base) in enumerate(rows):
        colour = colours[names.index(variant) % len(colours)]
        mean, low, high = (100 * v / base for v in (estimate.mean, estimate.low, estimate.high))
        axes.errorbar([mean], [position], xerr=[[mean - low], [high - mean]], fmt="o",
                      color=colour, capsize=3)  # fmt: skip
    axes.set_yticks(range(len(rows)), [_wrap(f"{s} ({v})", 48) for s, v, _, _ in rows])
    axes.invert_yaxis()
    axes.axvline(0, color="#888", linewidth=1)
    axes.set_xlabel(said["difference"].format(first=first.name))
    axes.set_title(said["changes"])
    axes.grid(axis="x", alpha=0.3)


def _length_plot(comparison: VariantComparison, lang: str = "en") -> str:
    """The distribution of the decisions per round in each variant (cumulative)."""
    figure = _figure_class()(figsize=(8, 3.4))
    _length_axes(figure.subplots(), comparison, lang)
    return _svg(figure)


def _length_axes(axes: Any, comparison: VariantComparison, lang: str = "en") -> None:  # noqa: ANN401
    """Draw the cumulative distribution of the decisions per round of each variant."""
    said = _plot_words(lang)
    for variant in comparison.variants:
        distribution = variant.report.statistic("decisions per round").distribution
        if distribution is None or not distribution.histogram:
            continue
        values = [value for value, _ in distribution.histogram]
        running = 0
        fractions = []
        for _, n in distribution.histogram:
            running += n
            fractions.append(running / distribution.count)
        axes.step([values[0], *values], [0.0, *fractions], where="post", label=variant.name)
    axes.set_xlabel(said["per round"])
    axes.set_ylabel(said["at most"])
    axes.set_ylim(0, 1.02)
    axes.set_title(said["lengths"])
    axes.grid(alpha=0.3)
    axes.legend(loc="lower right")


def _comparison_figure(comparison: VariantComparison, lang: str = "en") -> Any:  # noqa: ANN401
    """The figure of `plot_comparison`, not yet saved."""
    _plot_words(lang)
    rows = len(_difference_rows(comparison)) if len(comparison.variants) > 1 else 0
    heights = [3.4, 0.3 * max(rows, 4) + 0.8, 3.0] if rows else [3.4, 3.0]
    figure = _figure_class()(figsize=(9, sum(heights) + 0.6), layout="constrained")
    axes = figure.subplots(len(heights), 1, height_ratios=heights)
    _seat_axes(axes[0], comparison, lang)
    if rows:
        _difference_axes(axes[1], comparison, lang)
    _length_axes(axes[-1], comparison, lang)
    return figure


def plot_comparison(comparison: VariantComparison, path: str | Path, lang: str = "en") -> Path:
    """Draw a comparison's plots in one picture: PNG, or SVG if `path` ends in `.svg`.

    The win share of each seat in each variant, each statistic's paired difference from the
    first variant (when there are several) and the length of the rounds; `lang` (`"en"`, the
    default, or `"fr"`) is the language of their titles, axes and legends.

    Raises:
        InvalidSetupError: `matplotlib` (the `plot` extra) is not installed, or another `lang`.
    """
    figure = _comparison_figure(comparison, lang)
    target = Path(path)
    svg = target.suffix.lower() == ".svg"
    figure.savefig(target, format="svg" if svg else "png", dpi=100, bbox_inches="tight")
    return target


def _json(value: object) -> str:
    return json.dumps(_listed(value), separators=(",", ":"))


def _listed(value: object) -> object:
    return [_listed(item) for item in value] if isinstance(value, tuple) else value


def _estimate_cell(estimate: Estimate, *, signed: bool = False) -> str:
    if math.isnan(estimate.mean):
        return '<td class="num">-</td>'
    sign = "+" if signed else ""
    if not math.isfinite(estimate.half_width):
        return f'<td class="num">{estimate.mean:{sign}.3f}</td>'
    significant = signed and (estimate.low > 0 or estimate.high < 0)
    css = "num significant" if significant else "num"
    text = f"{estimate.mean:{sign}.3f} [{estimate.low:{sign}.3f}, {estimate.high:{sign}.3f}]"
    return f'<td class="{css}">{text}</td>'


_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "title": "{game}: {count} variants compared",
        "intro": "{players} players, {matches} matches per variant, {seating} seating of the "
        "bots {bots}, master seed {seed}. Every variant played the same deals with the same "
        "bots in the same seats, so each difference from the first variant is paired deal by "
        "deal. Figures are means with their 95% confidence interval in brackets; a difference "
        "in bold has an interval that excludes 0.",
        "duplicate": "duplicate",
        "rotated": "rotated",
        "made": "Made by:",
        "variants": "Variants",
        "variant": "variant",
        "changes": "options that differ from the rulebook",
        "rulebook": "the rulebook",
        "errors": "errors",
        "statistics": "Statistics",
        "statistic": "statistic",
        "ci": "{name} (95% CI)",
        "minus": "{name} minus {first} (paired 95% CI)",
        "plots": "Plots",
        "seats": "Each seat's win share, whoever sits there, with its 95% interval; the dashed "
        "line is the fair share.",
        "differences": "Each statistic's paired difference from {first}, as a percentage of its "
        "value there.",
        "lengths": "How many decisions a round takes, in each variant.",
    },
    "fr": {
        "title": "{game} : {count} variantes comparées",
        "intro": "{players} joueurs, {matches} parties par variante, bots {bots} placés par "
        "{seating}, graine {seed}. Chaque variante a joué les mêmes donnes avec les mêmes bots "
        "aux mêmes places : chaque écart à la première variante est apparié donne par donne. "
        "Les chiffres sont des moyennes avec leur intervalle de confiance à 95 % entre "
        "crochets ; un écart en gras a un intervalle qui exclut 0.",
        "duplicate": "rotations de chaque donne",
        "rotated": "rotation",
        "made": "Obtenu par :",
        "variants": "Variantes",
        "variant": "variante",
        "changes": "options qui diffèrent de la règle",
        "rulebook": "la règle",
        "errors": "erreurs",
        "statistics": "Statistiques",
        "statistic": "statistique",
        "ci": "{name} (IC à 95 %)",
        "minus": "{name} moins {first} (IC apparié à 95 %)",
        "plots": "Graphiques",
        "seats": "La part des victoires de chaque place, quel qu’en soit l’occupant, avec son "
        "intervalle à 95 % ; le tireté est la part équitable.",
        "differences": "L'écart apparié de chaque statistique à {first}, en pourcentage de sa "
        "valeur dans {first}.",
        "lengths": "Le nombre de décisions d’une manche, dans chaque variante.",
    },
}
"""The page's words in each language (the statistics' names stay their English ids)."""


def render_html(comparison: VariantComparison, command: str | None = None, lang: str = "en") -> str:
    """The page of a comparison (see [`write_html`][cardgames.arena.html.write_html]).

    Raises:
        InvalidSetupError: `lang` is not `"en"` or `"fr"`, or matplotlib is missing.
    """
    if lang not in _TEXT:
        msg = f"the HTML report speaks en or fr, not {lang!r}"
        raise InvalidSetupError(msg)
    words = _TEXT[lang]
    esc = html.escape
    first = comparison.variants[0]
    others = comparison.variants[1:]
    title = words["title"].format(game=comparison.game, count=len(comparison.variants))
    intro = words["intro"].format(
        players=comparison.players,
        matches=comparison.matches,
        seating=words["duplicate" if comparison.duplicate else "rotated"],
        bots=", ".join(comparison.bots),
        seed=comparison.seed,
    )
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{lang}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{esc(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{esc(title)}</h1>",
        f"<p>{esc(intro)}</p>",
    ]
    if command:
        parts.append(f"<p>{esc(words['made'])} <code>{esc(command)}</code></p>")
    parts += [
        f"<h2>{esc(words['variants'])}</h2><table><tr><th>{esc(words['variant'])}</th>",
        f"<th>{esc(words['changes'])}</th><th>{esc(words['errors'])}</th></tr>",
    ]
    for variant in comparison.variants:
        changes = ", ".join(f"{k}={_json(v)}" for k, v in variant.changes.items())
        parts.append(
            f"<tr><td>{esc(variant.name)}</td><td>{esc(changes or words['rulebook'])}</td>"
            f'<td class="num">{variant.report.errors}</td></tr>'
        )
    parts.append(
        f"</table><h2>{esc(words['statistics'])}</h2><table><tr><th>{esc(words['statistic'])}</th>"
    )
    parts += [f"<th>{esc(words['ci'].format(name=v.name))}</th>" for v in comparison.variants]
    parts += [
        f"<th>{esc(words['minus'].format(name=v.name, first=first.name))}</th>" for v in others
    ]
    parts.append("</tr>")
    for item in first.report.statistics:
        meaning = item.meaning_fr if lang == "fr" and item.meaning_fr else item.meaning
        row = [f'<tr><td>{esc(item.name)}<div class="meaning">{esc(meaning)}</div></td>']
        row += [
            _estimate_cell(variant.report.statistic(item.name).estimate)
            for variant in comparison.variants
        ]
        row += [
            _estimate_cell(comparison.difference(item.name, v.name), signed=True) for v in others
        ]
        parts.append("".join(row) + "</tr>")
    parts.append(f"</table><h2>{esc(words['plots'])}</h2>")
    seats = _seat_plot(comparison, lang)
    parts.append(f"<figure>{seats}<figcaption>{esc(words['seats'])}</figcaption></figure>")
    if others:
        caption = words["differences"].format(first=first.name)
        parts.append(
            f"<figure>{_difference_plot(comparison, lang)}<figcaption>{esc(caption)}"
            "</figcaption></figure>"
        )
    parts.append(
        f"<figure>{_length_plot(comparison, lang)}<figcaption>{esc(words['lengths'])}"
        "</figcaption></figure>"
    )
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def write_html(
    comparison: VariantComparison,
    path: str | Path,
    command: str | None = None,
    lang: str = "en",
) -> Path:
    """Write the comparison as one self-contained HTML file; return its path.

    Args:
        comparison: what [`compare`][cardgames.arena.compare] returned.
        path: the file to write.
        command: the command line that made it, shown on the page.
        lang: the language of the page and of its plots, `"en"` or `"fr"`.

    Raises:
        InvalidSetupError: `matplotlib` (the `plot` extra) is not installed, or a bad `lang`.
    """
    target = Path(path)
    target.write_text(render_html(comparison, command, lang), encoding="utf-8")
    return target
