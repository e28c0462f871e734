"""The report of a simulation or a tournament: its records, and how it reads as text."""

from __future__ import annotations

import itertools
import json
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import attrs

import cardgames
from cardgames.arena.rulebook import rules_text
from cardgames.errors import InvalidSetupError

__all__ = [
    "BotResult",
    "Comparison",
    "Distribution",
    "Estimate",
    "MatchError",
    "Report",
    "SeatResult",
    "StatisticResult",
    "Timing",
]

Mode = Literal["rotate", "duplicate", "tournament"]
"""How the matches of a report were seated (see the arena's overview)."""


@attrs.frozen
class Estimate:
    """A mean with its 95% confidence interval (normal approximation, clipped to the range).

    With fewer than two units the interval is the whole range: one unit says nothing of the
    spread.
    """

    mean: float
    low: float
    high: float
    half_width: float
    """`1.96` standard errors (before clipping to the range)."""
    units: int
    """The number of independent units the interval is taken over (matches or deals)."""

    def __str__(self) -> str:
        """Return `mean [low, high]` with three decimals."""
        return f"{self.mean:.3f} [{self.low:.3f}, {self.high:.3f}]"


@attrs.frozen
class Distribution:
    """The distribution of an integer quantity (scores, decisions, rounds)."""

    histogram: tuple[tuple[int, int], ...]
    """`(value, count)` pairs, in increasing value."""

    @property
    def count(self) -> int:
        """The number of observations."""
        return sum(n for _, n in self.histogram)

    @property
    def mean(self) -> float:
        """The mean value (0 for no observation)."""
        count = self.count
        return sum(v * n for v, n in self.histogram) / count if count else 0.0

    @property
    def stdev(self) -> float:
        """The sample standard deviation (0 for fewer than two observations)."""
        count = self.count
        if count < 2:  # noqa: PLR2004 - a spread needs two
            return 0.0
        mean = self.mean
        return math.sqrt(sum(n * (v - mean) ** 2 for v, n in self.histogram) / (count - 1))

    @property
    def minimum(self) -> int:
        """The smallest value (0 for no observation)."""
        return self.histogram[0][0] if self.histogram else 0

    @property
    def maximum(self) -> int:
        """The largest value (0 for no observation)."""
        return self.histogram[-1][0] if self.histogram else 0

    def __str__(self) -> str:
        """Return `mean ± stdev [min-max]`."""
        return f"{self.mean:.1f} ± {self.stdev:.1f} [{self.minimum}-{self.maximum}]"


@attrs.frozen
class BotResult:
    """One bot's results over a simulation."""

    label: str
    seat_matches: int
    """The number of (match, seat) pairs it played."""
    share: Estimate
    """Its win share, the interval taken over the independent units (deals when paired)."""
    unpaired: Estimate
    """The same share with the interval taken over matches as if they were independent: in
    duplicate mode, the interval the same number of independent matches would give."""
    scores: Distribution
    """Its final score in each seat it played."""

    @property
    def narrowing(self) -> float:
        """How many times narrower the interval is than an unpaired one (1 when unpaired)."""
        return self.unpaired.half_width / self.share.half_width if self.share.half_width else 1.0


@attrs.frozen
class SeatResult:
    """One seat's results over a simulation, whoever sat there."""

    seat: int
    share: Estimate
    scores: Distribution


@attrs.frozen
class Comparison:
    """Bot `first`'s win share minus bot `second`'s, paired by unit (deal or match)."""

    first: str
    second: str
    difference: Estimate

    @property
    def is_significant(self) -> bool:
        """The 95% interval of the difference excludes 0."""
        return self.difference.low > 0 or self.difference.high < 0


@attrs.frozen
class MatchError:
    """A match that raised instead of ending (its deal is left out of the statistics)."""

    match: int
    seed: int
    seating: tuple[str, ...]
    error: str


@attrs.frozen
class Timing:
    """How fast a simulation ran: it depends on the machine, so reports compare without it."""

    wall_seconds: float
    match_seconds: float
    """The seconds spent inside matches, added up over the workers."""
    decisions: int
    executor: str
    ms_per_decision: tuple[tuple[str, float], ...]
    """Each bot's mean milliseconds per decision (one-legal-action turns included)."""
    matches: int

    @property
    def matches_per_second(self) -> float:
        """Matches per wall-clock second."""
        return self._per_second(self.matches)

    @property
    def decisions_per_second(self) -> float:
        """Decisions per wall-clock second."""
        return self._per_second(self.decisions)

    def _per_second(self, count: int) -> float:
        return count / self.wall_seconds if self.wall_seconds > 0 else 0.0


@attrs.frozen
class StatisticResult:
    """A game statistic over a simulation: its mean with a 95% interval, maybe a distribution."""

    name: str
    meaning: str
    estimate: Estimate
    """The mean per observation, its interval taken over the independent units."""
    observations: int
    """The number of observations (matches or rounds) it is the mean of."""
    distribution: Distribution | None
    """The distribution of the observations, for a whole-number statistic."""
    meaning_fr: str = ""
    """What it measures, in French."""


@attrs.frozen
class Report:
    """The results of a simulation or a tournament.

    Reports compare equal when their results are equal: `timing`, which depends on the
    machine and the executor, takes no part.
    """

    game: str
    players: int
    mode: Mode
    matches: int
    seed: int
    rules: Any
    seatings: tuple[tuple[str, ...], ...]
    """Each seating: the label of the bot at each seat."""
    bots: tuple[BotResult, ...]
    seats: tuple[SeatResult, ...]
    comparisons: tuple[Comparison, ...]
    """Every pair of bots, the first listed first."""
    decisions: Distribution
    """The number of decisions (actions) per match."""
    rounds: Distribution
    """The number of rounds per match."""
    errors: int
    """The number of matches that raised (none expected)."""
    error_samples: tuple[MatchError, ...]
    """The first few of them."""
    timing: Timing = attrs.field(eq=False, repr=False)
    statistics: tuple[StatisticResult, ...] = ()
    """The game's statistics: lengths, seat advantage and what the game registers (see
    `cardgames.arena.stats`), each with its interval."""

    def statistic(self, name: str) -> StatisticResult:
        """The statistic named `name`.

        Raises:
            KeyError: no statistic has that name.
        """
        for item in self.statistics:
            if item.name == name:
                return item
        raise KeyError(name)

    @property
    def deals(self) -> int:
        """The number of distinct deals played."""
        return self.matches // len(self.seatings) if self.mode != "rotate" else self.matches

    @property
    def fair_share(self) -> float:
        """The share a bot no stronger than the others gets: `1 / players`."""
        return 1 / self.players

    @property
    def ranking(self) -> tuple[BotResult, ...]:
        """The bots by decreasing win share."""
        return tuple(sorted(self.bots, key=lambda bot: -bot.share.mean))

    def bot(self, label: str) -> BotResult:
        """The results of the bot labelled `label`.

        Raises:
            KeyError: no bot has that label.
        """
        for bot in self.bots:
            if bot.label == label:
                return bot
        raise KeyError(label)

    def comparison(self, first: str, second: str) -> Comparison:
        """Bot `first`'s share minus bot `second`'s, paired.

        Raises:
            KeyError: no such pair of bots.
        """
        for item in self.comparisons:
            if (item.first, item.second) == (first, second):
                return item
            if (item.second, item.first) == (first, second):
                return Comparison(first, second, _negate(item.difference))
        raise KeyError((first, second))

    def to_dict(self, *, timing: bool = True) -> dict[str, Any]:
        """The report as plain data (JSON-ready); `timing=False` leaves out the speed."""
        data = attrs.asdict(self)
        data["rules"] = (
            attrs.asdict(self.rules) if attrs.has(type(self.rules)) else repr(self.rules)
        )
        data["deals"] = self.deals
        data["fair_share"] = self.fair_share
        data["ranking"] = [bot.label for bot in self.ranking]
        for bot, raw in zip(self.bots, data["bots"], strict=True):
            raw["narrowing"] = bot.narrowing
        for item in (*data["bots"], *data["seats"]):
            item["scores"]["mean"] = _distribution_of(item["scores"]).mean
        for item in data["statistics"]:
            _finite(item["estimate"])
        if timing:
            data["timing"]["matches_per_second"] = self.timing.matches_per_second
            data["timing"]["decisions_per_second"] = self.timing.decisions_per_second
        else:
            del data["timing"]
        return data

    def to_json(self, *, timing: bool = True, indent: int | None = 2) -> str:
        """The report as JSON text (see [`to_dict`][cardgames.arena.Report.to_dict])."""
        return json.dumps(self.to_dict(timing=timing), indent=indent)

    def table(self, lang: str = "en") -> str:
        """A readable summary: the settings, the bots, the seats, the length and the speed.

        Args:
            lang: `"en"` (the default) or `"fr"`; the figures keep their decimal point.

        Raises:
            InvalidSetupError: another `lang`.
        """
        return _table(self, lang)


def _finite(estimate: dict[str, Any]) -> dict[str, Any]:
    """JSON has no infinity: an unbounded or undefined figure (one unit) becomes null."""
    for key, value in estimate.items():
        if isinstance(value, float) and not math.isfinite(value):
            estimate[key] = None
    return estimate


def _distribution_of(data: Mapping[str, Any]) -> Distribution:
    return Distribution(tuple((v, n) for v, n in data["histogram"]))


def _negate(estimate: Estimate) -> Estimate:
    return Estimate(
        -estimate.mean, -estimate.high, -estimate.low, estimate.half_width, estimate.units
    )


# -- the report as text ------------------------------------------------------------------------

LANGUAGES = ("en", "fr")
"""The languages a report reads in: its tables, its plots and the commands' lines."""

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "rotate": "the lineup rotated over the seats, one deal per match",
        "duplicate": "duplicate: {deals} deals x {seatings} rotations",
        "tournament": "tournament: {deals} deals x {seatings} seatings",
        "settings": "{game}, {players} players, {matches} matches ({mode}), seed {seed}, {rules}",
        "default rules": "default rules",
        "rules": "rules: {rules}",
        "rank": "rank",
        "bot": "bot",
        "win share": "win share (95% CI)",
        "half-width": "± (CI half-width)",
        "unpaired": "± unpaired",
        "seat-matches": "seat-matches",
        "score": "score (mean ± sd [min-max])",
        "ms/decision": "ms/decision",
        "fair share": "fair share: {share}",
        "minus bot": "minus bot",
        "difference": "difference (95% CI)",
        "significant": "significant",
        "yes": "yes",
        "no": "no",
        "seat": "seat",
        "seat number": "{seat}",
        "length": "match length (mean ± sd [min-max]): {decisions} decisions, {rounds} rounds",
        "errors": "errors: {errors}",
        "speed": "{matches} matches/s, {decisions} decisions/s, {seconds} s on {executor}",
        "error sample": "  match {match} (seed {seed}): {error}",
        "statistic": "game statistic",
        "mean": "mean (95% CI)",
        "observations": "observations",
        "distribution": "distribution (mean ± sd [min-max])",
    },
    "fr": {
        "rotate": "la composition tourne sur les places, une donne par partie",
        "duplicate": "donnes rejouées : {deals} donnes x {seatings} rotations",
        "tournament": "tournoi : {deals} donnes x {seatings} placements",
        "settings": "{game}, {players} joueurs, {matches} parties ({mode}), graine {seed}, {rules}",
        "default rules": "règle du livret",
        "rules": "règle : {rules}",
        "rank": "rang",
        "bot": "bot",
        "win share": "part des victoires (IC à 95 %)",
        "half-width": "± (demi-largeur de l’IC)",
        "unpaired": "± non apparié",
        "seat-matches": "places-parties",
        "score": "score (moyenne ± é.-t. [min-max])",
        "ms/decision": "ms/décision",
        "fair share": "part équitable : {share}",
        "minus bot": "moins le bot",
        "difference": "écart (IC à 95 %)",
        "significant": "significatif",
        "yes": "oui",
        "no": "non",
        "seat": "place",
        "seat number": "{seat_from_1}",
        "length": "durée d’une partie (moyenne ± é.-t. [min-max]) : {decisions} décisions, "
        "{rounds} manches",
        "errors": "erreurs : {errors}",
        "speed": "{matches} parties/s, {decisions} décisions/s, {seconds} s sur {executor}",
        "error sample": "  partie {match} (graine {seed}) : {error}",
        "statistic": "statistique du jeu",
        "mean": "moyenne (IC à 95 %)",
        "observations": "observations",
        "distribution": "distribution (moyenne ± é.-t. [min-max])",
        "meaning": "ce qu’elle mesure",
    },
}
"""The words of a report's table in each language. French keeps the decimal point of the
JSON (so that a figure reads and pastes the same in both languages), groups thousands with a
space, puts a space before a colon, and numbers the seats from 1; the game statistics keep
their names, which are their ids in the JSON, with what they measure in French beside them."""

_EXECUTORS_FR = {"this process": "ce processus"}


def _words(lang: str) -> dict[str, str]:
    """The words of a report's table in `lang`.

    Raises:
        InvalidSetupError: `lang` is not one of `LANGUAGES`.
    """
    if lang not in _WORDS:
        msg = f"a report reads in en or fr, not {lang!r} / un rapport se lit en en ou fr"
        raise InvalidSetupError(msg)
    return _WORDS[lang]


def _thousands(text: str, lang: str) -> str:
    """`text` (formatted with `,` between thousands) with a space between them in French."""
    return text.replace(",", " ") if lang == "fr" else text


def _executor_text(executor: str, lang: str) -> str:
    if lang != "fr":
        return executor
    if executor in _EXECUTORS_FR:
        return _EXECUTORS_FR[executor]
    local = re.fullmatch(r"(\d+) local process(?:es)?", executor)
    if local:
        count = int(local.group(1))
        return f"{count} processus locaux" if count > 1 else "1 processus local"
    dask = re.fullmatch(r"a Dask cluster of (\d+) worker threads", executor)
    if dask:
        return f"une grappe Dask de {dask.group(1)} fils d’exécution"
    return executor


def _rules_text(slug: str, rules: object, lang: str = "en") -> str:
    """The rulebook's rules, or only the options that differ from them."""
    said = _words(lang)
    if rules == cardgames.get_game(slug).Rules():
        return said["default rules"]
    return said["rules"].format(rules=rules_text(slug, rules))


def _rows(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    line = "  ".join(f"{{:<{w}}}" for w in widths)
    return [line.format(*header).rstrip(), *(line.format(*row).rstrip() for row in rows)]


def _seat_text(seat: int, lang: str = "en") -> str:
    """How seat `seat` (from 0, as in the JSON) is shown in `lang`: from 1 in French."""
    return _words(lang)["seat number"].format(seat=seat, seat_from_1=seat + 1)


def _table(report: Report, lang: str = "en") -> str:
    said = _words(lang)
    mode = said[report.mode].format(deals=report.deals, seatings=len(report.seatings))
    lines = [
        said["settings"].format(
            game=report.game,
            players=report.players,
            matches=report.matches,
            mode=mode,
            seed=report.seed,
            rules=_rules_text(report.game, report.rules, lang),
        ),
        "",
    ]
    paired = report.mode != "rotate"
    header = [said["rank"], said["bot"], said["win share"], said["half-width"]]
    if paired:
        header += [said["unpaired"]]
    header += [said["seat-matches"], said["score"], said["ms/decision"]]
    ms = dict(report.timing.ms_per_decision)
    rows = []
    for rank, bot in enumerate(report.ranking, 1):
        row = [str(rank), bot.label, str(bot.share), f"{bot.share.half_width:.3f}"]
        if paired:
            row.append(f"{bot.unpaired.half_width:.3f}")
        row += [str(bot.seat_matches), str(bot.scores), f"{ms.get(bot.label, 0.0):.2f}"]
        rows.append(row)
    lines += _rows(header, rows)
    lines.append(said["fair share"].format(share=f"{report.fair_share:.3f}"))
    if report.mode == "tournament" or len(report.bots) > 2:  # noqa: PLR2004 - one pair is the table
        lines.append("")
        ranked = [bot.label for bot in report.ranking]
        pairs = [
            [c.first, c.second, str(c.difference), said["yes" if c.is_significant else "no"]]
            for c in itertools.starmap(report.comparison, itertools.combinations(ranked, 2))
        ]
        lines += _rows(
            [said["bot"], said["minus bot"], said["difference"], said["significant"]], pairs
        )
    lines.append("")
    lines += _rows(
        [said["seat"], said["win share"], said["score"]],
        [[_seat_text(s.seat, lang), str(s.share), str(s.scores)] for s in report.seats],
    )
    timing = report.timing
    lines += [
        "",
        said["length"].format(decisions=report.decisions, rounds=report.rounds),
        said["errors"].format(errors=report.errors),
        said["speed"].format(
            matches=_thousands(f"{timing.matches_per_second:,.1f}", lang),
            decisions=_thousands(f"{timing.decisions_per_second:,.0f}", lang),
            seconds=f"{timing.wall_seconds:.1f}",
            executor=_executor_text(timing.executor, lang),
        ),
    ]
    lines += [
        said["error sample"].format(match=e.match, seed=e.seed, error=e.error)
        for e in report.error_samples
    ]
    if report.statistics:
        lines += ["", *statistics_rows(report.statistics, lang)]
    return "\n".join(lines)


def statistics_rows(statistics: Sequence[StatisticResult], lang: str = "en") -> list[str]:
    """The game statistics as aligned rows: mean with 95% interval, then the distribution.

    In French a last column says what each statistic measures (its name is its id).
    """
    said = _words(lang)
    french = lang == "fr"
    rows = [
        [
            item.name,
            _estimate_text(item.estimate),
            str(item.observations),
            "" if item.distribution is None else str(item.distribution),
            *([item.meaning_fr or item.meaning] if french else []),
        ]
        for item in statistics
    ]
    header = [said["statistic"], said["mean"], said["observations"], said["distribution"]]
    return _rows([*header, *([said["meaning"]] if french else [])], rows)


def _estimate_text(estimate: Estimate) -> str:
    if not math.isfinite(estimate.half_width):
        return f"{estimate.mean:.3f}"
    return str(estimate)
