"""Rule variants side by side: the same deals and bots under each, differences paired.

[`compare`][cardgames.arena.compare] plays the same simulation (the same master seed, so the
same deal seeds, the same bots in the same seatings) once per variant of the rules, and
reports each variant's statistics with their intervals and each variant's difference from the
first with a *paired* interval: the luck of the deal is shared by every variant, so the
differences are measured much more tightly than two separate runs would allow.

Examples:
    >>> from cardgames.arena import compare
    >>> result = compare("crazy-mistigri", {"rulebook": "", "one round": "rounds=1"},
    ...                  ["heuristic", "random"], 12, players=3, seed=1, workers=0)
    >>> [variant.name for variant in result.variants]
    ['rulebook', 'one round']
    >>> result.difference("rounds per match", "one round").mean < 0
    True
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

import attrs

from cardgames.arena.plan import _Plan
from cardgames.arena.report import (
    Estimate,
    Mode,
    Report,
    _finite,
    _rows,
    _words,
    statistics_rows,
)
from cardgames.arena.rulebook import changed_options, parse_options
from cardgames.arena.run import (
    ExecutorLike,
    Progress,
    _Opened,
    _play_all,
    _progress,
    _progress_words,
)
from cardgames.arena.simulations import BotLike, _distinct, _multiple, _setup
from cardgames.arena.stats import StatTally, paired_difference
from cardgames.errors import InvalidSetupError

__all__ = [
    "Difference",
    "VariantComparison",
    "VariantResult",
    "compare",
    "comparison_schema",
    "parse_variant",
    "report_schema",
]


@attrs.frozen
class VariantResult:
    """One variant's name, its options that differ from the rulebook, and its report."""

    name: str
    changes: Mapping[str, object]
    """The options of its rules that differ from the rulebook's (empty: the rulebook)."""
    report: Report


@attrs.frozen
class Difference:
    """A variant's value of a statistic minus the first variant's, paired by deal."""

    statistic: str
    variant: str
    difference: Estimate

    @property
    def is_significant(self) -> bool:
        """The 95% interval of the difference excludes 0."""
        return self.difference.low > 0 or self.difference.high < 0


@attrs.frozen
class VariantComparison:
    """The variants of a comparison, and each one's differences from the first."""

    game: str
    players: int
    matches: int
    """The matches played under each variant."""
    seed: int
    """The master seed every variant played with."""
    duplicate: bool
    bots: tuple[str, ...]
    variants: tuple[VariantResult, ...]
    differences: tuple[Difference, ...]
    """For each statistic and each variant but the first, its difference from the first."""

    def difference(self, statistic: str, variant: str) -> Estimate:
        """The paired difference of `statistic` between `variant` and the first variant.

        Raises:
            KeyError: no such statistic or variant.
        """
        for item in self.differences:
            if (item.statistic, item.variant) == (statistic, variant):
                return item.difference
        raise KeyError((statistic, variant))

    def to_dict(self) -> dict[str, Any]:
        """The comparison as plain data (JSON-ready; see the schema on the designers' page)."""
        return {
            "format": "cardgames/comparison",
            "version": 1,
            "game": self.game,
            "players": self.players,
            "matches": self.matches,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "bots": list(self.bots),
            "variants": [
                {
                    "name": v.name,
                    "changes": json.loads(json.dumps(dict(v.changes))),
                    "errors": v.report.errors,
                    "wall_seconds": v.report.timing.wall_seconds,
                    "statistics": [
                        {
                            "name": s.name,
                            "meaning": s.meaning,
                            "meaning_fr": s.meaning_fr,
                            "estimate": _finite(attrs.asdict(s.estimate)),
                            "observations": s.observations,
                            "distribution": None
                            if s.distribution is None
                            else [list(pair) for pair in s.distribution.histogram],
                        }
                        for s in v.report.statistics
                    ],
                }
                for v in self.variants
            ],
            "differences": [
                {
                    "statistic": d.statistic,
                    "variant": d.variant,
                    "estimate": _finite(attrs.asdict(d.difference)),
                    "significant": d.is_significant,
                }
                for d in self.differences
            ],
        }

    def to_json(self, *, indent: int | None = 2) -> str:
        """The comparison as JSON text."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def table(self, lang: str = "en") -> str:
        """Aligned text: each variant's statistics, then the differences from the first.

        Args:
            lang: `"en"` (the default) or `"fr"`; the figures keep their decimal point.

        Raises:
            InvalidSetupError: another `lang`.
        """
        _words(lang)  # checks the language
        said = _WORDS[lang]
        first = self.variants[0]
        lines = [
            said["settings"].format(
                game=self.game,
                players=self.players,
                count=len(self.variants),
                matches=self.matches,
                seating=said["duplicate" if self.duplicate else "rotated"],
                seed=self.seed,
                bots=", ".join(self.bots),
            ),
            "",
        ]
        lines += _rows(
            [said["variant"], said["rules"], said["errors"]],
            [
                [v.name, _changes_text(v.changes, said["rulebook"]), str(v.report.errors)]
                for v in self.variants
            ],
        )
        for variant in self.variants:
            lines += [
                "",
                said["variant named"].format(name=variant.name),
                *statistics_rows(variant.report.statistics, lang),
            ]
        if len(self.variants) > 1:
            header = [said["statistic"], said["ci"].format(name=first.name)]
            rows = []
            names = [s.name for s in first.report.statistics]
            for name in names:
                row = [name, _text(first.report.statistic(name).estimate)]
                row += [_signed(self.difference(name, v.name)) for v in self.variants[1:]]
                rows.append(row)
            header += [
                said["minus"].format(name=v.name, first=first.name) for v in self.variants[1:]
            ]
            lines += ["", said["differences"]]
            lines += _rows(header, rows)
        return "\n".join(lines)


_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "settings": "{game}, {players} players, {count} variants x {matches} matches ({seating} "
        "seating, the same deals and bots in every variant), seed {seed}, bots {bots}",
        "duplicate": "duplicate",
        "rotated": "rotated",
        "variant": "variant",
        "rules": "rules (options that differ from the rulebook)",
        "rulebook": "the rulebook's",
        "errors": "errors",
        "variant named": "variant {name}:",
        "statistic": "game statistic",
        "ci": "{name} (95% CI)",
        "minus": "{name} - {first} (paired 95% CI)",
        "differences": "differences from the first variant (* : the interval excludes 0)",
    },
    "fr": {
        "settings": "{game}, {players} joueurs, {count} variantes x {matches} parties (bots "
        "placés par {seating}, les mêmes donnes et les mêmes bots dans chaque variante), "
        "graine {seed}, bots {bots}",
        "duplicate": "rotations de chaque donne",
        "rotated": "rotation",
        "variant": "variante",
        "rules": "règle (options qui diffèrent du livret)",
        "rulebook": "celle du livret",
        "errors": "erreurs",
        "variant named": "variante {name} :",
        "statistic": "statistique du jeu",
        "ci": "{name} (IC à 95 %)",
        "minus": "{name} - {first} (IC apparié à 95 %)",
        "differences": "écarts à la première variante (* : l’intervalle exclut 0)",
    },
}
"""The words of a comparison's table in each language (see `cardgames.arena.report`)."""


def comparison_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a comparison's JSON (`VariantComparison.to_dict`)."""
    return _schema("comparison.schema.json")


def report_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a simulation report's JSON (`Report.to_dict`)."""
    return _schema("report.schema.json")


def _schema(name: str) -> dict[str, Any]:
    text = resources.files("cardgames.arena").joinpath(name).read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def _changes_text(changes: Mapping[str, object], rulebook: str) -> str:
    if not changes:
        return rulebook
    return ", ".join(f"{name}={json.dumps(value)}" for name, value in changes.items())


def _text(estimate: Estimate) -> str:
    if not math.isfinite(estimate.half_width):
        return f"{estimate.mean:.3f}"
    return str(estimate)


def _signed(estimate: Estimate) -> str:
    if math.isnan(estimate.mean):
        return "-"
    if not math.isfinite(estimate.half_width):
        return f"{estimate.mean:+.3f}"
    star = " *" if estimate.low > 0 or estimate.high < 0 else ""
    return f"{estimate.mean:+.3f} [{estimate.low:+.3f}, {estimate.high:+.3f}]{star}"


def parse_variant(game: Any, text: str, base: object = None) -> tuple[str, object]:  # noqa: ANN401
    """`NAME:OPTION=VALUE,...` as a name and the `Rules` it gives (`NAME:` is the base).

    Raises:
        InvalidSetupError: no name, an option the game lacks, or a bad value.

    Examples:
        >>> parse_variant("crazy-mistigri", "short:rounds=1")
        ('short', Rules(first_player=0, colour_layout=..., rounds=1, max_rounds=10))
    """
    name, colon, options = text.partition(":")
    if not colon or not name.strip():
        msg = f"a variant is NAME:OPTION=VALUE,... (NAME: alone for the rulebook), not {text!r}"
        raise InvalidSetupError(msg)
    return name.strip(), parse_options(game, options, base)


def compare(
    game: Any,  # noqa: ANN401 - a Game or its slug
    variants: Mapping[str, object] | Sequence[tuple[str, object]],
    bots: Sequence[BotLike],
    matches: int,
    *,
    players: int,
    rules: object = None,
    seed: int | None = None,
    duplicate: bool = False,
    executor: ExecutorLike = None,
    workers: int | None = None,
    chunksize: int | None = None,
    progress: bool | Progress = False,
    lang: str = "en",
) -> VariantComparison:
    """Play the same simulation under each variant of the rules and compare them, paired.

    Every variant plays the same deals (match `i` has the same seed in every variant) with
    the same bots in the same seatings, so each difference from the first variant is paired
    deal by deal (match by match without `duplicate`).

    Args:
        game: the game, or its slug.
        variants: each variant's name and rules: a `Rules` value, or options as text
            (`"rounds=1,max_rounds=3"`, applied to `rules`; `""` is `rules` itself). The first
            is the reference of the differences.
        bots: the lineup (see [`simulate`][cardgames.arena.simulate]).
        matches: the matches played under each variant.
        players: the number of seats.
        rules: the base the text variants change (default: the rulebook's).
        seed: the master seed, shared by every variant; `None` draws one.
        duplicate: play each deal in every rotation of the lineup.
        executor: see [`simulate`][cardgames.arena.simulate]; one executor runs every variant.
        workers: see [`simulate`][cardgames.arena.simulate].
        chunksize: see [`simulate`][cardgames.arena.simulate].
        progress: `True` for one progress bar over the whole sweep, with the time left, or a
            callable `progress(done, total)` counting the matches of every variant.
        lang: the language of the progress bar, `"en"` (the default) or `"fr"`.

    Raises:
        UnknownGameError: no such game.
        InvalidSetupError: no variant, two variants of one name, an option the game lacks,
            or another bad setting.
    """
    items = list(variants.items()) if isinstance(variants, Mapping) else list(variants)
    if not items:
        msg = "compare needs at least one variant"
        raise InvalidSetupError(msg)
    names = [name for name, _ in items]
    if len(set(names)) != len(names):
        msg = f"two variants share a name: {names}"
        raise InvalidSetupError(msg)
    resolved, specs, master, base = _setup(
        game, bots=bots, matches=matches, players=players, rules=rules, seed=seed
    )
    ruled = []
    for name, value in items:
        variant_rules = parse_options(resolved, value, base) if isinstance(value, str) else value
        if variant_rules is None:
            variant_rules = base
        resolved.new(players, seed=0, rules=variant_rules)  # checks the rules, as simulate does
        ruled.append((name, variant_rules))
    if len(specs) > players:
        msg = f"{len(specs)} bots cannot sit at a table of {players}"
        raise InvalidSetupError(msg)
    lineup = [*specs, *[specs[-1]] * (players - len(specs))]
    distinct = _distinct(lineup)
    index = [distinct.index(spec) for spec in lineup]
    seatings = tuple(
        tuple(index[(seat - shift) % players] for seat in range(players))
        for shift in range(players)
    )
    if duplicate:
        _multiple(matches, players, "duplicate mode", "rotations")
    mode: Mode = "duplicate" if duplicate else "rotate"
    opened = _Opened(executor, workers)
    total = matches * len(ruled)
    label = _progress_words(lang)["variants"].format(slug=resolved.slug)
    report_progress, end_progress = _progress(progress, label, total, lang)
    results: list[VariantResult] = []
    tallies: list[StatTally] = []
    try:
        for number, (name, variant_rules) in enumerate(ruled):
            plan = _Plan(
                resolved.slug, players, variant_rules, master, distinct, seatings, duplicate
            )
            before = number * matches

            def step(done: int, _total: int, before: int = before) -> None:
                report_progress(before + done, total)

            tally, seconds = _play_all(opened, plan, matches, chunksize, step)
            report = tally.report(mode, matches, seconds, opened.description)
            results.append(VariantResult(name, changed_options(resolved, variant_rules), report))
            tallies.append(tally.stats)
    finally:
        end_progress()
        opened.close()
    return VariantComparison(
        game=resolved.slug,
        players=players,
        matches=matches,
        seed=master,
        duplicate=duplicate,
        bots=tuple(spec.label for spec in distinct),
        variants=tuple(results),
        differences=_differences(names, tallies),
    )


def _differences(names: Sequence[str], tallies: Sequence[StatTally]) -> tuple[Difference, ...]:
    """Each statistic's paired difference between each variant and the first."""
    first = tallies[0]
    found = []
    for index, statistic in enumerate(first.statistics):
        for name, other in zip(names[1:], tallies[1:], strict=True):
            position = next(
                (i for i, s in enumerate(other.statistics) if s.name == statistic.name), None
            )
            if position is None:
                continue
            estimate = paired_difference(first.cells(index), other.cells(position))
            found.append(Difference(statistic.name, name, estimate))
    return tuple(found)
