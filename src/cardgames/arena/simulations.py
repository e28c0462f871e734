"""The entry points: `simulate` a lineup of bots, or seat several in a `tournament`."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

import cardgames
from cardgames._codec import is_int
from cardgames.arena.plan import _Plan
from cardgames.arena.report import Mode, Report
from cardgames.arena.run import ExecutorLike, Progress, _run
from cardgames.bots import Bot
from cardgames.bots.spec import BotSpec
from cardgames.engine import Game
from cardgames.errors import InvalidSetupError
from cardgames.rng import fresh_seed

__all__ = ["BotLike", "simulate", "tournament"]

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
    if not is_int(matches) or matches < 1:
        msg = f"matches must be a positive int, got {matches!r}"
        raise InvalidSetupError(msg)
    if isinstance(bots, str | BotSpec) or not isinstance(bots, Sequence) or not bots:
        msg = f"bots must be a non-empty list of bots, got {bots!r}"
        raise InvalidSetupError(msg)
    specs = tuple(BotSpec.of(bot) for bot in bots)
    seed = fresh_seed() if seed is None else seed
    if not is_int(seed) or seed < 0:
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
    lang: str = "en",
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
        lang: the language of the progress bar, `"en"` (the default) or `"fr"`.

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
    mode: Mode = "duplicate" if duplicate else "rotate"
    return _run(
        plan,
        mode,
        matches,
        executor=executor,
        workers=workers,
        chunksize=chunksize,
        progress=progress,
        lang=lang,
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
    lang: str = "en",
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
        lang: see [`simulate`][cardgames.arena.simulate].

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
        lang=lang,
    )
