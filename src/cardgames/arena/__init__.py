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

**Where each part lives.** [`cardgames.bots.spec`][cardgames.bots.spec] names the bots;
`plan` holds what a worker needs and plays its matches; `run` sends them to an executor and
reports progress; `tally` adds them up in match order; `report` holds the results and their
text; `render` draws them; `simulations` holds the entry points; `rulebook` reads each game's
rules options; `stats` measures each game's statistics; `variants` compares rules variants and
`html` writes their report. Every public name is importable from `cardgames.arena`.
"""

from __future__ import annotations

from cardgames.arena.html import plot_comparison, write_html
from cardgames.arena.plan import match_seed
from cardgames.arena.render import plot
from cardgames.arena.report import (
    BotResult,
    Comparison,
    Distribution,
    Estimate,
    MatchError,
    Report,
    SeatResult,
    StatisticResult,
    Timing,
)
from cardgames.arena.rulebook import (
    Option,
    changed_options,
    options,
    options_table,
    parse_options,
    rules_text,
)
from cardgames.arena.run import ExecutorLike, Progress
from cardgames.arena.simulations import BotLike, simulate, tournament
from cardgames.arena.stats import Statistic
from cardgames.arena.variants import (
    Difference,
    VariantComparison,
    VariantResult,
    compare,
    comparison_schema,
    parse_variant,
    report_schema,
)
from cardgames.bots.spec import BOT_KINDS, ISMCTS_DEFAULTS, BotSpec

__all__ = [
    "BOT_KINDS",
    "ISMCTS_DEFAULTS",
    "BotLike",
    "BotResult",
    "BotSpec",
    "Comparison",
    "Difference",
    "Distribution",
    "Estimate",
    "ExecutorLike",
    "MatchError",
    "Option",
    "Progress",
    "Report",
    "SeatResult",
    "Statistic",
    "StatisticResult",
    "Timing",
    "VariantComparison",
    "VariantResult",
    "changed_options",
    "compare",
    "comparison_schema",
    "match_seed",
    "options",
    "options_table",
    "parse_options",
    "parse_variant",
    "plot",
    "plot_comparison",
    "report_schema",
    "rules_text",
    "simulate",
    "tournament",
    "write_html",
]
