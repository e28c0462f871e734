"""Simulations at scale: many seeded matches between bots, on any executor, with intervals.

[`simulate`][cardgames.arena.simulate] plays a lineup of bots (one per seat) for many matches
and returns a [`Report`][cardgames.arena.Report]: each bot's and each seat's win share with a
95% confidence interval, the score distributions, the length of the matches, the speed and the
errors. [`tournament`][cardgames.arena.tournament] seats several bots in every possible way
and ranks them. Matches run on any `concurrent.futures.Executor`: by default a process pool
over every core, or a Dask cluster (`cardgames-rules[dask]`).

The report depends on the seed and the settings only: match `i` is played from a seed derived
from the master seed and `i` (its deal), and the results are added up in match order, so the
executor, the number of workers and the chunking change the speed, never the figures.

**Win share.** A seat's share of a match is `1 / len(winners)` if it is among the winners and
0 otherwise, so a tie shares the win and the shares of a match add up to 1. A bot's share is
the mean of the shares of the seats it holds; a bot no stronger than the others gets the fair
share, `1 / players`.

**Seatings.** Bots are seated by rotations: the lineup `(a, b, c)` also plays as `(c, a, b)`
and `(b, c, a)`, so that no bot keeps a seat's advantage. In the default mode match `i` is a
fresh deal played in rotation `i mod players`, and the interval is taken over matches. In
*duplicate* mode every deal is played once in each rotation, with the same seed (the variance
reduction of duplicate bridge and of poker research): the luck of the deal is shared by every
bot, and the interval is taken over deals, the unit that is independent. A tournament plays
every deal in every seating of its bots.

Examples:
    >>> from cardgames.arena import simulate
    >>> report = simulate("crazy-animals", ["heuristic", "random"], 30, players=3, seed=1,
    ...                   workers=0)
    >>> [bot.label for bot in report.bots]
    ['heuristic', 'random']
    >>> report.matches, report.errors
    (30, 0)
    >>> 0 <= report.bots[0].share.low <= report.bots[0].share.mean <= 1
    True
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import itertools
import json
import math
import multiprocessing
import os
import pickle
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, ParamSpec, Protocol, TypeVar

import attrs

import cardgames
from cardgames.bots import Bot, ISMCTSBot, RandomBot, heuristic_bot, play_match
from cardgames.bots import ismcts as ismcts_bounds
from cardgames.encoding import outcome_returns
from cardgames.engine import Action, Game, View
from cardgames.errors import InvalidSetupError
from cardgames.rng import fresh_seed

__all__ = [
    "BOT_KINDS",
    "ISMCTS_DEFAULTS",
    "BotLike",
    "BotResult",
    "BotSpec",
    "Comparison",
    "Distribution",
    "Estimate",
    "ExecutorLike",
    "MatchError",
    "Progress",
    "Report",
    "SeatResult",
    "Timing",
    "match_seed",
    "plot",
    "simulate",
    "tournament",
]

BOT_KINDS = ("random", "heuristic", "ismcts")
"""The bots a [`BotSpec`][cardgames.arena.BotSpec] can name."""

ISMCTS_DEFAULTS: Mapping[str, bool | int | float | str] = {
    "iterations": 100,
    "exploration": 0.7,
    "playout": "heuristic",
    "search_opponents": False,
    "prior_weight": 3.0,
    "margin_weight": 0.85,
}
"""The settings of the `ismcts` bot spec: the measured-strong configuration of `ISMCTSBot`.

The game's heuristic bot plays the simulations and models the opponents
(`search_opponents=False`); see the Bots page. Each can be changed in the spec, as in
`ismcts:iterations=400:playout=random`, within its bounds
([`BOUNDS`][cardgames.bots.ismcts.BOUNDS]: `iterations` 1 to
[`MAX_ITERATIONS`][cardgames.bots.ismcts.MAX_ITERATIONS], the weights finite). A spec may also
add a time budget, `seconds` (0.001 to 60, none by default): the search stops at whichever
budget runs out first, so the bot answers in time whatever its iterations, but its choices
then depend on the machine and its load; iterations alone keep them reproducible.
"""

_Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution."""

_P = ParamSpec("_P")
_T = TypeVar("_T")
_Mode = Literal["rotate", "duplicate", "tournament"]


# Option values as written on a command line: ASCII only, so that "²" (which str.isdigit()
# accepts) or an Arabic-Indic digit (which int() reads) is a word, never a number.
_INT_TEXT = re.compile(r"[+-]?[0-9]{1,30}")
_FLOAT_TEXT = re.compile(
    r"[+-]?(?:[0-9]{1,30}(?:\.[0-9]{0,30})?|\.[0-9]{1,30})(?:[eE][+-]?[0-9]{1,3})?"
)
_MAX_SPEC_LENGTH = 256
"""The longest bot spec text `BotSpec.parse` reads; a real one is under 100 characters."""
_ISMCTS_OPTIONS = (*ISMCTS_DEFAULTS, "seconds")


def _option_value(text: str) -> bool | int | float | str:
    """Read an option value written on a command line: a bool, a number or a word."""
    lowered = text.lower()
    if lowered in {"true", "false"}:
        return lowered == "true"
    if _INT_TEXT.fullmatch(text):
        return int(text)
    if _FLOAT_TEXT.fullmatch(text):
        return float(text)
    return text


def _ismcts_option(name: str, value: object) -> bool | int | float | str:
    """Check one ISMCTS option of a spec and return it in its canonical type.

    Every option has a bound (`cardgames.bots.ismcts.BOUNDS`), checked before any
    conversion, so no value raises anything but `InvalidSetupError`.
    """
    if name not in _ISMCTS_OPTIONS:
        msg = f"ismcts has no option {_short_repr(name)}; its options: {', '.join(_ISMCTS_OPTIONS)}"
        raise InvalidSetupError(msg)
    if name in ismcts_bounds.BOUNDS:
        return ismcts_bounds.check_setting(name, value)
    if name == "search_opponents":
        if isinstance(value, bool):
            return value
        wanted = "true or false"
    else:
        if isinstance(value, str) and value in {"heuristic", "random"}:
            return value
        wanted = "'heuristic' or 'random'"
    msg = f"ismcts option {name} must be {wanted}, got {_short_repr(value)}"
    raise InvalidSetupError(msg)


def _short_repr(value: object) -> str:
    if isinstance(value, bool | int | float | str):
        text = repr(value) if not isinstance(value, int) or abs(value) < 10**40 else "a huge int"
    else:
        text = f"a {type(value).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."  # noqa: PLR2004


def _check_kind(spec: BotSpec, attribute: attrs.Attribute[str], kind: str) -> None:
    del attribute
    if spec.factory is not None or kind == "factory":
        if kind != "factory" or not callable(spec.factory):
            msg = f"a factory spec needs kind 'factory' and a callable, got {spec.factory!r}"
            raise InvalidSetupError(msg)
        return
    if kind not in BOT_KINDS:
        msg = f"no bot {kind!r}; known bots: {', '.join(BOT_KINDS)} (or a bot factory)"
        raise InvalidSetupError(msg)
    if kind != "ismcts" and spec.options:
        msg = f"the {kind} bot takes no options, got {dict(spec.options)}"
        raise InvalidSetupError(msg)


def _canonical_options(options: object) -> tuple[tuple[str, bool | int | float | str], ...]:
    """Sorted `(name, value)` pairs, from a mapping or from pairs; each name at most once."""
    items = tuple(options.items()) if isinstance(options, Mapping) else options
    if isinstance(items, tuple | list) and len(items) > len(_ISMCTS_OPTIONS):
        msg = f"a bot takes at most {len(_ISMCTS_OPTIONS)} options, got {len(items)}"
        raise InvalidSetupError(msg)
    if not isinstance(items, tuple | list) or not all(
        isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str)  # noqa: PLR2004
        for item in items
    ):
        msg = f"bot options must be a mapping or (name, value) pairs, got {options!r}"
        raise InvalidSetupError(msg)
    names = [name for name, _ in items]
    if len(set(names)) != len(names):
        msg = f"a bot option is given twice: {names}"
        raise InvalidSetupError(msg)
    return tuple(sorted(items))


def _default_label(spec: BotSpec) -> str:
    if spec.factory is not None:
        factory = spec.factory
        return str(getattr(factory, "__qualname__", None) or repr(factory))
    given = [
        f"{name}={_format_value(value)}"
        for name, value in spec.options
        if ISMCTS_DEFAULTS.get(name) != value
    ]
    return ":".join([spec.kind, *given])


def _format_value(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


@attrs.frozen
class BotSpec:
    """A bot named so that it can be written on a command line and sent to another process.

    The bot itself is built where the match is played (in the worker), from the spec: a
    built-in bot by name, or a *factory*, any picklable callable that takes no argument and
    returns a new bot (a module-level class or function, or a `functools.partial` of one).
    Two specs are the same bot, for the statistics, when their labels are equal.

    Built-in bots: `random` (`RandomBot`), `heuristic` (the game's heuristic bot) and `ismcts`
    (`ISMCTSBot` with [`ISMCTS_DEFAULTS`][cardgames.arena.ISMCTS_DEFAULTS], each of which the
    spec can change: `ismcts:iterations=50:playout=random`).

    Examples:
        >>> BotSpec.parse("ismcts:iterations=50")
        BotSpec(kind='ismcts', options=(('iterations', 50),), factory=None, label='ismcts:iterations=50')
        >>> str(BotSpec.parse("ismcts:iterations=100"))
        'ismcts'
    """  # noqa: E501 - a doctest's output line cannot be wrapped

    kind: str = attrs.field(validator=_check_kind)
    """`random`, `heuristic`, `ismcts`, or `factory` for a bot built by `factory`."""
    options: tuple[tuple[str, bool | int | float | str], ...] = attrs.field(
        default=(), converter=_canonical_options
    )
    """The options of an `ismcts` spec, as sorted `(name, value)` pairs."""
    factory: Callable[[], Bot] | None = None
    """The callable that builds the bot (`kind == "factory"`), else `None`."""
    label: str = attrs.field(default=attrs.Factory(_default_label, takes_self=True))
    """The bot's name in reports: the spec as it would be written, or the factory's name."""

    def __attrs_post_init__(self) -> None:
        """Check the options of an `ismcts` spec and keep them in canonical form."""
        if self.kind == "ismcts":
            defaulted = self.label == _default_label(self)
            checked = tuple((name, _ismcts_option(name, value)) for name, value in self.options)
            object.__setattr__(self, "options", checked)
            if defaulted:
                object.__setattr__(self, "label", _default_label(self))
        if not self.label:
            msg = "a bot's label must not be empty"
            raise InvalidSetupError(msg)

    def __eq__(self, other: object) -> bool:
        """Specs are equal when they name the same bot (the same label)."""
        if not isinstance(other, BotSpec):
            return NotImplemented
        return self.label == other.label

    def __hash__(self) -> int:
        """Hash by label, like equality."""
        return hash(self.label)

    def __str__(self) -> str:
        """Return the label."""
        return self.label

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """Read a spec as written on a command line: `NAME[:OPTION=VALUE]...`.

        Numbers are written in ASCII digits (`iterations=200`, `seconds=0.5`); anything
        else is a word.

        Raises:
            InvalidSetupError: an unknown bot or option, a malformed value or one out of its
                bounds, or a text longer than 256 characters.
        """
        if not isinstance(text, str) or len(text) > _MAX_SPEC_LENGTH:
            msg = f"a bot spec is a text of at most {_MAX_SPEC_LENGTH} characters"
            raise InvalidSetupError(msg)
        kind, *pairs = text.strip().split(":")
        options = []
        for pair in pairs:
            name, equals, value = pair.partition("=")
            if not equals or not name:
                msg = f"bot option {pair!r} of {text!r} is not NAME=VALUE"
                raise InvalidSetupError(msg)
            options.append((name.strip(), _option_value(value.strip())))
        return cls(kind, tuple(options))

    @classmethod
    def of(cls, bot: object) -> BotSpec:
        """Return `bot` as a spec: a spec as is, a string parsed, a callable as a factory.

        Raises:
            InvalidSetupError: an unknown bot or option, or an object that is none of these.
        """
        if isinstance(bot, BotSpec):
            return bot
        if isinstance(bot, str):
            return cls.parse(bot)
        if callable(bot):
            factory: Callable[[], Bot] = bot
            return cls("factory", factory=factory)
        msg = f"a bot is given as a name, a BotSpec or a factory, not {bot!r}"
        raise InvalidSetupError(msg)

    def build(self, slug: str) -> Bot:
        """Return a new bot of this spec for the game `slug`."""
        if self.factory is not None:
            return self.factory()
        if self.kind == "random":
            return RandomBot()
        if self.kind == "heuristic":
            return heuristic_bot(slug)
        settings = {**ISMCTS_DEFAULTS, **dict(self.options)}
        return ISMCTSBot(
            int(settings["iterations"]),
            exploration=float(settings["exploration"]),
            playout=heuristic_bot(slug) if settings["playout"] == "heuristic" else None,
            search_opponents=bool(settings["search_opponents"]),
            prior_weight=float(settings["prior_weight"]),
            margin_weight=float(settings["margin_weight"]),
            seconds=float(settings["seconds"]) if "seconds" in settings else None,
        )


# -- the plan of a simulation, and the worker side ---------------------------------------------


def match_seed(master: int, deal: int) -> int:
    """The seed of deal `deal` of a simulation whose master seed is `master`.

    A keyed hash of both numbers, so that the deals of different master seeds do not overlap
    and every process computes the same seeds.

    Examples:
        >>> match_seed(7, 0) == match_seed(7, 0) != match_seed(7, 1)
        True
    """
    digest = hashlib.blake2b(f"{master}/{deal}".encode(), digest_size=8, person=b"cg-arena")
    return int.from_bytes(digest.digest(), "little")


@attrs.frozen
class _Plan:
    """Everything a worker needs to play any match of a simulation (picklable)."""

    slug: str
    players: int
    rules: Any
    seed: int
    bots: tuple[BotSpec, ...]
    seatings: tuple[tuple[int, ...], ...]
    """For each seating, the index into `bots` of the bot at each seat."""
    paired: bool
    """Each deal is played in every seating (duplicate, tournament), else one seating each."""

    def deal(self, match: int) -> int:
        return match // len(self.seatings) if self.paired else match

    def seating(self, match: int) -> tuple[int, ...]:
        return self.seatings[match % len(self.seatings)]


@attrs.frozen
class _Played:
    """What a worker sends back for one match."""

    shares: tuple[float, ...]
    scores: tuple[int, ...]
    decisions: int
    rounds: int
    seconds: float
    choosing: tuple[float, ...]
    """Each seat's seconds spent choosing."""
    choices: tuple[int, ...]
    """Each seat's number of decisions."""
    error: str | None = None


class _Timed:
    """Wraps a bot, adding up the time it spends choosing."""

    __slots__ = ("bot", "decisions", "seconds")

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.seconds = 0.0
        self.decisions = 0

    def choose(self, view: View, rng: random.Random) -> Action:
        start = time.perf_counter()
        action = self.bot.choose(view, rng)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action


def _play(plan: _Plan, match: int) -> _Played:
    """Play match `match` of the plan; an exception becomes an error record."""
    start = time.perf_counter()
    timed: list[_Timed] = []
    try:
        game = cardgames.get_game(plan.slug)
        timed = [_Timed(plan.bots[index].build(plan.slug)) for index in plan.seating(match)]
        final = play_match(
            game, timed, seed=match_seed(plan.seed, plan.deal(match)), rules=plan.rules
        )
        outcome = final.outcome
        if outcome is None:  # pragma: no cover - play_match plays to the end
            msg = "the match did not end"
            raise RuntimeError(msg)  # noqa: TRY301 - recorded like any other failure
    except Exception as error:  # noqa: BLE001 - a failing match is counted, not fatal
        return _Played((), (), 0, 0, time.perf_counter() - start, (), (), _describe(error))
    return _Played(
        shares=outcome_returns(outcome, None),  # the win shares alone, no score margin
        scores=tuple(outcome.scores),
        decisions=len(final.history),
        rounds=final.round,
        seconds=time.perf_counter() - start,
        choosing=tuple(bot.seconds for bot in timed),
        choices=tuple(bot.decisions for bot in timed),
    )


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


def _play_chunk(plan: _Plan, start: int, stop: int) -> list[_Played]:
    """Play matches `start .. stop - 1` (the task a worker runs)."""
    return [_play(plan, match) for match in range(start, stop)]


# -- the report --------------------------------------------------------------------------------


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
class Report:
    """The results of a simulation or a tournament.

    Reports compare equal when their results are equal: `timing`, which depends on the
    machine and the executor, takes no part.
    """

    game: str
    players: int
    mode: _Mode
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
        if timing:
            data["timing"]["matches_per_second"] = self.timing.matches_per_second
            data["timing"]["decisions_per_second"] = self.timing.decisions_per_second
        else:
            del data["timing"]
        return data

    def to_json(self, *, timing: bool = True, indent: int | None = 2) -> str:
        """The report as JSON text (see [`to_dict`][cardgames.arena.Report.to_dict])."""
        return json.dumps(self.to_dict(timing=timing), indent=indent)

    def table(self) -> str:
        """A readable summary: the settings, the bots, the seats, the length and the speed."""
        return _table(self)


def _distribution_of(data: Mapping[str, Any]) -> Distribution:
    return Distribution(tuple((v, n) for v, n in data["histogram"]))


def _negate(estimate: Estimate) -> Estimate:
    return Estimate(
        -estimate.mean, -estimate.high, -estimate.low, estimate.half_width, estimate.units
    )


# -- adding up, in match order -----------------------------------------------------------------


class _Running:
    """Welford's running mean and variance (deterministic for a given order of values)."""

    __slots__ = ("count", "mean", "square")

    def __init__(self) -> None:
        self.count = 0
        self.mean = 0.0
        self.square = 0.0

    def add(self, value: float) -> None:
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self.square += delta * (value - self.mean)

    def estimate(self, low: float, high: float) -> Estimate:
        if self.count < 2:  # noqa: PLR2004 - a spread needs two
            return Estimate(self.mean, low, high, (high - low) / 2, self.count)
        half = _Z95 * math.sqrt(self.square / (self.count - 1) / self.count)
        return Estimate(
            self.mean, max(low, self.mean - half), min(high, self.mean + half), half, self.count
        )


class _Tally:
    """Adds up the matches of a plan, fed in match order, deal by deal."""

    def __init__(self, plan: _Plan) -> None:
        self.plan = plan
        bots = len(plan.bots)
        self.pending: list[tuple[int, _Played]] = []
        self.bot_units = [_Running() for _ in range(bots)]
        self.bot_matches = [_Running() for _ in range(bots)]
        self.seat_units = [_Running() for _ in range(plan.players)]
        self.pairs = {(a, b): _Running() for a, b in itertools.combinations(range(bots), 2)}
        self.bot_scores = [Counter[int]() for _ in range(bots)]
        self.seat_scores = [Counter[int]() for _ in range(plan.players)]
        self.seat_matches = [0] * bots
        self.decisions = Counter[int]()
        self.rounds = Counter[int]()
        self.errors: list[MatchError] = []
        self.error_count = 0
        self.match_seconds = 0.0
        self.choosing = [0.0] * bots
        self.choices = [0] * bots
        self.total_decisions = 0

    def add(self, match: int, played: _Played) -> None:
        """Take the next match (matches arrive in order)."""
        plan = self.plan
        if self.pending and plan.deal(self.pending[0][0]) != plan.deal(match):
            self._close_deal()
        self.pending.append((match, played))
        self.match_seconds += played.seconds
        seating = plan.seating(match)
        for seat, bot in enumerate(seating):
            if played.choosing:
                self.choosing[bot] += played.choosing[seat]
                self.choices[bot] += played.choices[seat]
        if played.error is not None:
            self.error_count += 1
            if len(self.errors) < 10:  # noqa: PLR2004 - a few samples are enough
                labels = tuple(plan.bots[bot].label for bot in seating)
                seed = match_seed(plan.seed, plan.deal(match))
                self.errors.append(MatchError(match, seed, labels, played.error))

    def _close_deal(self) -> None:
        """Fold the pending deal into the statistics, unless one of its matches failed."""
        pending, self.pending = self.pending, []
        if any(played.error is not None for _, played in pending):
            return
        plan = self.plan
        bots = len(plan.bots)
        unit_sum = [0.0] * bots
        unit_count = [0] * bots
        seat_sum = [0.0] * plan.players
        for match, played in pending:
            match_sum, match_count = self._fold_match(match, played, seat_sum)
            for bot in range(bots):
                unit_sum[bot] += match_sum[bot]
                unit_count[bot] += match_count[bot]
        unit = [unit_sum[b] / unit_count[b] if unit_count[b] else math.nan for b in range(bots)]
        for bot in range(bots):
            self.seat_matches[bot] += unit_count[bot]
            if unit_count[bot]:
                self.bot_units[bot].add(unit[bot])
        for seat in range(plan.players):
            self.seat_units[seat].add(seat_sum[seat] / len(pending))
        for (a, b), running in self.pairs.items():
            if unit_count[a] and unit_count[b]:
                running.add(unit[a] - unit[b])

    def _fold_match(
        self, match: int, played: _Played, seat_sum: list[float]
    ) -> tuple[list[float], list[int]]:
        """Add one match's scores and length; return each bot's share sum and seat count."""
        bots = len(self.plan.bots)
        match_sum = [0.0] * bots
        match_count = [0] * bots
        for seat, bot in enumerate(self.plan.seating(match)):
            share = played.shares[seat]
            match_sum[bot] += share
            match_count[bot] += 1
            seat_sum[seat] += share
            self.bot_scores[bot][played.scores[seat]] += 1
            self.seat_scores[seat][played.scores[seat]] += 1
        for bot in range(bots):
            if match_count[bot]:
                self.bot_matches[bot].add(match_sum[bot] / match_count[bot])
        self.decisions[played.decisions] += 1
        self.rounds[played.rounds] += 1
        self.total_decisions += played.decisions
        return match_sum, match_count

    def report(self, mode: _Mode, matches: int, wall_seconds: float, executor: str) -> Report:
        """The report of everything added."""
        if self.pending:
            self._close_deal()
        plan = self.plan
        labels = [spec.label for spec in plan.bots]
        bots = tuple(
            BotResult(
                label=labels[b],
                seat_matches=self.seat_matches[b],
                share=self.bot_units[b].estimate(0.0, 1.0),
                unpaired=self.bot_matches[b].estimate(0.0, 1.0),
                scores=_distribution(self.bot_scores[b]),
            )
            for b in range(len(labels))
        )
        seats = tuple(
            SeatResult(seat, self.seat_units[seat].estimate(0.0, 1.0), _distribution(scores))
            for seat, scores in enumerate(self.seat_scores)
        )
        comparisons = tuple(
            Comparison(labels[a], labels[b], running.estimate(-1.0, 1.0))
            for (a, b), running in self.pairs.items()
        )
        timing = Timing(
            wall_seconds=wall_seconds,
            match_seconds=self.match_seconds,
            decisions=self.total_decisions,
            executor=executor,
            ms_per_decision=tuple(
                (labels[b], 1000 * self.choosing[b] / self.choices[b] if self.choices[b] else 0.0)
                for b in range(len(labels))
            ),
            matches=matches,
        )
        return Report(
            game=plan.slug,
            players=plan.players,
            mode=mode,
            matches=matches,
            seed=plan.seed,
            rules=plan.rules,
            seatings=tuple(tuple(labels[b] for b in seating) for seating in plan.seatings),
            bots=bots,
            seats=seats,
            comparisons=comparisons,
            decisions=_distribution(self.decisions),
            rounds=_distribution(self.rounds),
            errors=self.error_count,
            error_samples=tuple(self.errors),
            timing=timing,
        )


def _distribution(counts: Counter[int]) -> Distribution:
    return Distribution(tuple(sorted(counts.items())))


# -- executors and progress --------------------------------------------------------------------


class _HasExecutor(Protocol):
    """A Dask `distributed.Client`, or anything else that hands out an executor."""

    def get_executor(self) -> cf.Executor: ...  # pragma: no cover - a protocol


ExecutorLike = cf.Executor | _HasExecutor | str | None
"""An executor, a Dask client, a Dask scheduler address, or `None` for a local process pool."""


def _process_pool(workers: int) -> cf.ProcessPoolExecutor:
    """A process pool that does not fork the caller (forkserver where it exists, else spawn)."""
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    return cf.ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(method))


class _Opened:
    """The executor a simulation runs on, how to describe it, and what to close after."""

    def __init__(self, executor: ExecutorLike, workers: int | None) -> None:
        if workers is not None and (not isinstance(workers, int) or workers < 0):
            msg = f"workers must be an int >= 0 or None, got {workers!r}"
            raise InvalidSetupError(msg)
        self.close: Callable[[], None] = lambda: None
        self.slots = workers or os.cpu_count() or 1
        if executor is None and workers == 0:
            self.executor: cf.Executor = _InlineExecutor()
            self.description = "this process"
            self.slots = 1
            return
        if executor is None:
            pool = _process_pool(self.slots)
            self.executor = pool
            self.close = pool.shutdown
            self.description = f"{self.slots} local process{'es' if self.slots > 1 else ''}"
            return
        client: Any = executor
        if isinstance(executor, str):
            client = _dask_client(executor)
            self.close = client.close
        if isinstance(client, cf.Executor):
            self.executor = client
            self.description = type(client).__name__
            return
        if not callable(getattr(client, "get_executor", None)):
            msg = (
                "executor must be a concurrent.futures.Executor, a Dask client, a scheduler "
                f"address or None, not {client!r}"
            )
            raise InvalidSetupError(msg)
        self.executor = client.get_executor()
        threads = sum(client.nthreads().values()) if hasattr(client, "nthreads") else 0
        self.slots = threads or self.slots
        self.description = f"a Dask cluster of {threads} worker threads"


class _InlineExecutor(cf.Executor):
    """Runs each task at once, in the calling thread (`workers=0`: debugging, profiling)."""

    def submit(self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> cf.Future[_T]:
        future: cf.Future[_T] = cf.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:  # noqa: BLE001 - handed to the caller through the future
            future.set_exception(error)
        return future


def _dask_client(address: str) -> Any:  # noqa: ANN401 - distributed is an optional extra
    """A Dask client connected to the scheduler at `address`."""
    try:
        from distributed import Client  # noqa: PLC0415 - an optional extra
    except ImportError:
        msg = "running on a Dask cluster needs the dask extra: pip install 'cardgames-rules[dask]'"
        raise InvalidSetupError(msg) from None
    try:
        return Client(address, timeout=30)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as error:
        msg = f"cannot reach the Dask scheduler at {address!r}: {error}"
        raise InvalidSetupError(msg) from None


Progress = Callable[[int, int], None]
"""Called as `progress(done, total)` after each chunk of matches."""


class _PlainProgress:
    """A line on stderr every few seconds: done, rate and time left."""

    def __init__(self, label: str, every: float = 2.0) -> None:
        self.label = label
        self.every = every
        self.start = time.perf_counter()
        self.last = self.start

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if now - self.last < self.every and done < total:
            return
        self.last = now
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (total - done) / rate if rate else math.inf
        eta = f"{left:.0f} s left" if math.isfinite(left) else "time left unknown"
        sys.stderr.write(
            f"{self.label}: {done}/{total} matches ({done / total:.0%}), "
            f"{rate:.1f} matches/s, {eta}\n"
        )
        sys.stderr.flush()


class _TqdmProgress:
    """A `tqdm` progress bar on stderr (the `progress` extra)."""

    def __init__(self, label: str, total: int) -> None:
        from tqdm import tqdm  # noqa: PLC0415 - an optional extra

        self.bar = tqdm(total=total, desc=label, unit="match", file=sys.stderr, smoothing=0.1)

    def __call__(self, done: int, total: int) -> None:
        del total
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        self.bar.close()


def _progress(
    progress: bool | Progress, label: str, total: int
) -> tuple[Progress, Callable[[], None]]:
    """The progress callback to use, and what to call at the end."""
    if callable(progress):
        return progress, lambda: None
    if not progress:
        return lambda _done, _total: None, lambda: None
    try:
        bar = _TqdmProgress(label, total)
    except ImportError:
        return _PlainProgress(label), lambda: None
    return bar, bar.close


def _chunks(matches: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, matches, size):
        yield start, min(start + size, matches)


def _run(
    plan: _Plan,
    mode: _Mode,
    matches: int,
    *,
    executor: ExecutorLike,
    workers: int | None,
    chunksize: int | None,
    progress: bool | Progress,
) -> Report:
    """Play every match of the plan on the executor and add them up in match order."""
    opened = _Opened(executor, workers)
    if isinstance(opened.executor, cf.ProcessPoolExecutor):
        _check_picklable(plan)
    size = chunksize or max(1, min(256, matches // (8 * opened.slots)))
    if not isinstance(size, int) or size < 1:
        msg = f"chunksize must be a positive int or None, got {chunksize!r}"
        raise InvalidSetupError(msg)
    report_progress, end_progress = _progress(progress, f"{plan.slug} ({mode})", matches)
    tally = _Tally(plan)
    start = time.perf_counter()
    try:
        done = 0
        for first, played in _ordered(opened.executor, plan, _chunks(matches, size), opened.slots):
            for offset, record in enumerate(played):
                tally.add(first + offset, record)
            done += len(played)
            report_progress(done, matches)
    finally:
        end_progress()
        opened.close()
    return tally.report(mode, matches, time.perf_counter() - start, opened.description)


def _ordered(
    executor: cf.Executor, plan: _Plan, chunks: Iterable[tuple[int, int]], slots: int
) -> Iterator[tuple[int, list[_Played]]]:
    """Run the chunks, a bounded number at a time, and yield their results in match order."""
    window = 4 * slots + 4
    waiting = iter(chunks)
    running: dict[int, cf.Future[list[_Played]]] = {}
    finished: dict[int, list[_Played]] = {}
    following = 0
    for first, stop in itertools.islice(waiting, window):
        running[first] = executor.submit(_play_chunk, plan, first, stop)
    try:
        while running or finished:
            if following in finished:
                played = finished.pop(following)
                yield following, played
                following += len(played)
                continue
            completed, _ = cf.wait(running.values(), return_when=cf.FIRST_COMPLETED)
            for first in [f for f, future in running.items() if future in completed]:
                finished[first] = running.pop(first).result()
                for begin, stop in itertools.islice(waiting, 1):
                    running[begin] = executor.submit(_play_chunk, plan, begin, stop)
    finally:
        for future in running.values():
            future.cancel()


def _check_picklable(plan: _Plan) -> None:
    try:
        pickle.dumps(plan)
    except (pickle.PicklingError, AttributeError, TypeError) as error:
        msg = (
            f"the bots cannot be sent to another process ({error}): give a factory defined at "
            "module level (or a functools.partial of one), or run on a ThreadPoolExecutor"
        )
        raise InvalidSetupError(msg) from None


# -- the entry points --------------------------------------------------------------------------


BotLike = BotSpec | str | Callable[[], Bot]
"""A bot as [`simulate`][cardgames.arena.simulate] takes it: a spec, its text or a factory."""


def _setup(
    game: Game[Any] | str,
    *,
    bots: Sequence[BotLike],
    matches: int,
    players: int,
    rules: object,
    seed: int | None,
) -> tuple[Game[Any], tuple[BotSpec, ...], int, object]:
    """Check the settings shared by simulations and tournaments."""
    resolved = cardgames.get_game(game) if isinstance(game, str) else game
    players = resolved.check_players(players)
    rules = resolved.Rules() if rules is None else rules
    resolved.new(players, seed=0, rules=rules)  # checks the rules for this many players
    if not isinstance(matches, int) or isinstance(matches, bool) or matches < 1:
        msg = f"matches must be a positive int, got {matches!r}"
        raise InvalidSetupError(msg)
    if isinstance(bots, str | BotSpec) or not isinstance(bots, Sequence) or not bots:
        msg = f"bots must be a non-empty list of bots, got {bots!r}"
        raise InvalidSetupError(msg)
    specs = tuple(BotSpec.of(bot) for bot in bots)
    seed = fresh_seed() if seed is None else seed
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        msg = f"seed must be a non-negative int or None, got {seed!r}"
        raise InvalidSetupError(msg)
    return resolved, specs, seed, rules


def _distinct(specs: Sequence[BotSpec]) -> tuple[BotSpec, ...]:
    """The distinct bots, in order of first appearance; two bots may not share a label."""
    kept: dict[str, BotSpec] = {}
    for spec in specs:
        seen = kept.setdefault(spec.label, spec)
        if seen.kind != spec.kind or seen.options != spec.options or seen.factory != spec.factory:
            msg = f"two different bots are labelled {spec.label!r}: give them distinct labels"
            raise InvalidSetupError(msg)
    return tuple(kept.values())


def _multiple(matches: int, seatings: int, what: str, noun: str = "seatings") -> None:
    if matches % seatings:
        below = matches - matches % seatings
        above = below + seatings
        closest = f"{below} or {above}" if below else str(above)
        msg = (
            f"{what} plays each deal in {seatings} {noun}, so matches must be a multiple of "
            f"{seatings}, not {matches} (try {closest})"
        )
        raise InvalidSetupError(msg)


def simulate(
    game: Game[Any] | str,
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
) -> Report:
    """Play `matches` matches of a lineup of bots and report their results.

    Args:
        game: the game, or its slug.
        bots: the lineup: one bot per seat, each a [`BotSpec`][cardgames.arena.BotSpec], its
            text (`"heuristic"`, `"ismcts:iterations=50"`) or a picklable factory. A lineup
            shorter than `players` is filled with its last bot, so `["ismcts", "heuristic"]`
            seats one `ismcts` against `players - 1` heuristic bots.
        matches: the number of matches to play.
        players: the number of seats.
        rules: the game's `Rules` (default: the rulebook's game).
        seed: the master seed; `None` draws one (it is kept in the report).
        duplicate: play each deal once in each rotation of the lineup (`matches` must then be
            a multiple of `players`), and take the intervals over deals.
        executor: where the matches run: a `concurrent.futures.Executor` (left open), a Dask
            `distributed.Client` (its `get_executor()`), a Dask scheduler address such as
            `"tcp://host:8786"`, or `None` for a process pool of `workers` processes.
        workers: the size of the default process pool (default: every core); 0 plays every
            match in the calling process, with no pool (for debugging and profiling).
        chunksize: the matches sent to a worker at a time (default: from the number of
            matches and of workers). It changes the speed, never the results.
        progress: `True` for a progress bar on stderr (`tqdm` if installed, else a line every
            few seconds), or a callable `progress(done, total)`.

    Returns:
        The [`Report`][cardgames.arena.Report]; it depends on `seed` and the settings only.

    Raises:
        UnknownGameError: no such game.
        InvalidSetupError: a bad player count, bot, rules, number of matches or executor.
    """
    resolved, specs, master, rules = _setup(
        game, bots=bots, matches=matches, players=players, rules=rules, seed=seed
    )
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
    plan = _Plan(resolved.slug, players, rules, master, distinct, seatings, paired=duplicate)
    mode: _Mode = "duplicate" if duplicate else "rotate"
    return _run(
        plan,
        mode,
        matches,
        executor=executor,
        workers=workers,
        chunksize=chunksize,
        progress=progress,
    )


def _all_seatings(bots: int, players: int) -> tuple[tuple[int, ...], ...]:
    """Every seating of the bots.

    Each bot sits at most once if they fill the table, else each at least once.
    """
    everything = itertools.product(range(bots), repeat=players)
    if bots >= players:
        return tuple(s for s in everything if len(set(s)) == players)
    return tuple(s for s in everything if len(set(s)) == bots)


def tournament(
    game: Game[Any] | str,
    bots: Sequence[BotLike],
    matches: int,
    *,
    players: int,
    rules: object = None,
    seed: int | None = None,
    executor: ExecutorLike = None,
    workers: int | None = None,
    chunksize: int | None = None,
    progress: bool | Progress = False,
) -> Report:
    """Seat several bots in every possible way, deal by deal, and rank them.

    A *seating* puts one bot at each seat. With at least as many bots as seats, every
    seating of distinct bots is played; with fewer, every seating in which each bot sits at
    least once. Each deal is played in every seating with the same seed, so the comparisons
    are paired by deal. The report's `ranking` orders the bots by win share and its
    `comparisons` give each pair's difference with its interval.

    Args:
        game: the game, or its slug.
        bots: two or more distinct bots (see [`simulate`][cardgames.arena.simulate]).
        matches: the number of matches, a multiple of the number of seatings.
        players: the number of seats.
        rules: the game's `Rules` (default: the rulebook's game).
        seed: the master seed; `None` draws one.
        executor: see [`simulate`][cardgames.arena.simulate].
        workers: see [`simulate`][cardgames.arena.simulate].
        chunksize: see [`simulate`][cardgames.arena.simulate].
        progress: see [`simulate`][cardgames.arena.simulate].

    Returns:
        The [`Report`][cardgames.arena.Report], in mode `"tournament"`.

    Raises:
        UnknownGameError: no such game.
        InvalidSetupError: fewer than two distinct bots, or another bad setting.
    """
    resolved, specs, master, rules = _setup(
        game, bots=bots, matches=matches, players=players, rules=rules, seed=seed
    )
    distinct = _distinct(specs)
    if len(distinct) < 2 or len(distinct) != len(specs):  # noqa: PLR2004 - a match-up needs two
        msg = f"a tournament needs two or more distinct bots, got {[s.label for s in specs]}"
        raise InvalidSetupError(msg)
    seatings = _all_seatings(len(distinct), players)
    _multiple(matches, len(seatings), "this tournament")
    plan = _Plan(resolved.slug, players, rules, master, distinct, seatings, paired=True)
    return _run(
        plan,
        "tournament",
        matches,
        executor=executor,
        workers=workers,
        chunksize=chunksize,
        progress=progress,
    )


# -- text and pictures -------------------------------------------------------------------------


def _rules_text(slug: str, rules: object) -> str:
    return "default rules" if rules == cardgames.get_game(slug).Rules() else repr(rules)


def _rows(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    line = "  ".join(f"{{:<{w}}}" for w in widths)
    return [line.format(*header).rstrip(), *(line.format(*row).rstrip() for row in rows)]


def _table(report: Report) -> str:
    mode = {
        "rotate": "the lineup rotated over the seats, one deal per match",
        "duplicate": f"duplicate: {report.deals} deals x {len(report.seatings)} rotations",
        "tournament": f"tournament: {report.deals} deals x {len(report.seatings)} seatings",
    }[report.mode]
    lines = [
        (
            f"{report.game}, {report.players} players, {report.matches} matches ({mode}), "
            f"seed {report.seed}, {_rules_text(report.game, report.rules)}"
        ),
        "",
    ]
    paired = report.mode != "rotate"
    header = ["rank", "bot", "win share (95% CI)", "±"]
    if paired:
        header += ["± unpaired"]
    header += ["seat-matches", "score", "ms/decision"]
    ms = dict(report.timing.ms_per_decision)
    rows = []
    for rank, bot in enumerate(report.ranking, 1):
        row = [str(rank), bot.label, str(bot.share), f"{bot.share.half_width:.3f}"]
        if paired:
            row.append(f"{bot.unpaired.half_width:.3f}")
        row += [str(bot.seat_matches), str(bot.scores), f"{ms.get(bot.label, 0.0):.2f}"]
        rows.append(row)
    lines += _rows(header, rows)
    lines.append(f"fair share: {report.fair_share:.3f}")
    if report.mode == "tournament" or len(report.bots) > 2:  # noqa: PLR2004 - one pair is the table
        lines.append("")
        ranked = [bot.label for bot in report.ranking]
        pairs = [
            [c.first, c.second, str(c.difference), "yes" if c.is_significant else "no"]
            for c in itertools.starmap(report.comparison, itertools.combinations(ranked, 2))
        ]
        lines += _rows(["bot", "minus bot", "difference (95% CI)", "significant"], pairs)
    lines.append("")
    lines += _rows(
        ["seat", "win share (95% CI)", "score"],
        [[str(s.seat), str(s.share), str(s.scores)] for s in report.seats],
    )
    timing = report.timing
    lines += [
        "",
        f"match length: {report.decisions} decisions, {report.rounds} rounds",
        f"errors: {report.errors}",
        (
            f"{timing.matches_per_second:,.1f} matches/s, {timing.decisions_per_second:,.0f} "
            f"decisions/s, {timing.wall_seconds:.1f} s on {timing.executor}"
        ),
    ]
    lines += [f"  match {e.match} (seed {e.seed}): {e.error}" for e in report.error_samples]
    return "\n".join(lines)


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
