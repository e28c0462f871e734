"""Where the matches of a simulation run: executors, chunks in match order, and progress."""

from __future__ import annotations

import concurrent.futures as cf
import itertools
import math
import multiprocessing
import os
import pickle
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, ParamSpec, Protocol, TypeVar

from cardgames.arena.plan import _Plan, _play_chunk, _Played
from cardgames.arena.report import Mode, Report, _words
from cardgames.arena.tally import Tally
from cardgames.errors import InvalidSetupError

__all__ = ["ExecutorLike", "Progress"]

_P = ParamSpec("_P")
_T = TypeVar("_T")


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


_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "line": "{label}: {done}/{total} matches ({percent}), {rate} matches/s, {eta}",
        "percent": "{percent}%",
        "left": "{seconds:.0f} s left",
        "unknown": "time left unknown",
        "unit": "match",
        "rotate": "rotate",
        "duplicate": "duplicate",
        "tournament": "tournament",
        "variants": "{slug} variants",
    },
    "fr": {
        "line": "{label} : {done}/{total} parties ({percent}), {rate} parties/s, {eta}",
        "percent": "{percent} %",
        "left": "encore {seconds:.0f} s",
        "unknown": "temps restant inconnu",
        "unit": "partie",
        "rotate": "rotation",
        "duplicate": "donnes rejouées",
        "tournament": "tournoi",
        "variants": "{slug} variantes",
    },
}
"""The words of the progress line or bar in each language."""


def _progress_words(lang: str) -> dict[str, str]:
    """The progress words in `lang`.

    Raises:
        InvalidSetupError: `lang` is not `"en"` or `"fr"`.
    """
    _words(lang)  # checks the language
    return _WORDS[lang]


class _PlainProgress:
    """A line on stderr every few seconds: done, rate and time left."""

    def __init__(self, label: str, every: float = 2.0, lang: str = "en") -> None:
        self.label = label
        self.said = _progress_words(lang)
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
        said = self.said
        eta = said["left"].format(seconds=left) if math.isfinite(left) else said["unknown"]
        line = said["line"].format(
            label=self.label,
            done=done,
            total=total,
            percent=said["percent"].format(percent=f"{done / total:.0%}".rstrip("%")),
            rate=f"{rate:.1f}",
            eta=eta,
        )
        sys.stderr.write(line + "\n")
        sys.stderr.flush()


class _TqdmProgress:
    """A `tqdm` progress bar on stderr (the `progress` extra)."""

    def __init__(self, label: str, total: int, lang: str = "en") -> None:
        unit = _progress_words(lang)["unit"]
        from tqdm import tqdm  # noqa: PLC0415 - an optional extra

        self.bar = tqdm(total=total, desc=label, unit=unit, file=sys.stderr, smoothing=0.1)

    def __call__(self, done: int, total: int) -> None:
        del total
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        self.bar.close()


def _progress(
    progress: bool | Progress, label: str, total: int, lang: str = "en"
) -> tuple[Progress, Callable[[], None]]:
    """The progress callback to use, and what to call at the end."""
    _progress_words(lang)
    if callable(progress):
        return progress, lambda: None
    if not progress:
        return lambda _done, _total: None, lambda: None
    try:
        bar = _TqdmProgress(label, total, lang)
    except ImportError:
        return _PlainProgress(label, lang=lang), lambda: None
    return bar, bar.close


def _chunks(matches: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, matches, size):
        yield start, min(start + size, matches)


def _run(
    plan: _Plan,
    mode: Mode,
    matches: int,
    *,
    executor: ExecutorLike,
    workers: int | None,
    chunksize: int | None,
    progress: bool | Progress,
    lang: str = "en",
) -> Report:
    """Play every match of the plan on the executor and add them up in match order."""
    label = f"{plan.slug} ({_progress_words(lang)[mode]})"
    opened = _Opened(executor, workers)
    report_progress, end_progress = _progress(progress, label, matches, lang)
    try:
        tally, seconds = _play_all(opened, plan, matches, chunksize, report_progress)
    finally:
        end_progress()
        opened.close()
    return tally.report(mode, matches, seconds, opened.description)


def _play_all(
    opened: _Opened,
    plan: _Plan,
    matches: int,
    chunksize: int | None,
    report_progress: Progress,
) -> tuple[Tally, float]:
    """Play every match of the plan on an opened executor; the tally and the seconds."""
    if isinstance(opened.executor, cf.ProcessPoolExecutor):
        _check_picklable(plan)
    size = chunksize or max(1, min(256, matches // (8 * opened.slots)))
    if not isinstance(size, int) or size < 1:
        msg = f"chunksize must be a positive int or None, got {chunksize!r}"
        raise InvalidSetupError(msg)
    tally = Tally(plan)
    start = time.perf_counter()
    done = 0
    for first, played in _ordered(opened.executor, plan, _chunks(matches, size), opened.slots):
        for offset, record in enumerate(played):
            tally.add(first + offset, record)
        done += len(played)
        report_progress(done, matches)
    return tally, time.perf_counter() - start


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
