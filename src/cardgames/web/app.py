"""The web table's ASGI application: a form to open a table, one page per seat, WebSockets.

Routes:

| route | what it does |
| --- | --- |
| `GET /` | the form that opens a table |
| `GET /api/games` | the games, their player counts, the bots and the languages (JSON) |
| `POST /api/tables` | opens a table from a JSON request; answers one secret link per human seat |
| `POST /api/rematch` | a finished table's next match: same seats, new deal; the links follow |
| `GET /play/{token}` | the page of the seat that `token` opens |
| `WS /ws/{token}` | that seat's live connection: the protocol's messages, both ways |
| `GET /static/{name}` | the page's script and style, shipped in the package |

A browser holds a seat by its token and nothing else: the server answers it only with that
seat's [`Update`][cardgames.protocol.Update] (through [`Presenter`][cardgames.web.page.Presenter])
and hands whatever it sends to [`handle`][cardgames.protocol.handle] for that seat, which refuses
anything forged, or stale, without changing the table.

A move is committed, then published: it is applied to a copy of the table, saved in one
transaction, and only then becomes the table's state and reaches the browsers. Each browser has
a bounded queue of outgoing messages and a task of its own that sends them, so no send is ever
awaited while a table is locked; a browser that falls behind is closed with
[`CLOSE_BEHIND`][cardgames.web.app.CLOSE_BEHIND] and resyncs when it reconnects. Bots think in a
bounded pool of processes, each decision within a time budget, and every bot move is saved
before it is published, one at a time, at the server's pace
([`Limits.bot_pace`][cardgames.web.app.Limits.bot_pace]) so that people can follow them.
[`Limits`][cardgames.web.app.Limits] holds every bound.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from importlib import resources
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import urlsplit

import attrs

import cardgames
from cardgames import _extras
from cardgames._codec import is_int
from cardgames.engine import Game
from cardgames.errors import CardGameError, InvalidStateError, MissingExtraError, StaleMoveError

try:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse, Response
    from starlette.routing import Route, WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketState
except ImportError:
    raise MissingExtraError(_extras.message("cardgames.web", "web")) from None

from cardgames.bots.levels import NAMES as LEVEL_NAMES
from cardgames.protocol import Act, Memorised, Refused, handle, request_from_json
from cardgames.table import BotMove, BotTurn, Table, decide
from cardgames.web.database import open_store
from cardgames.web.page import LANGUAGES, Presenter
from cardgames.web.store import Store, Stored, StoreError

__all__ = [
    "BOTS",
    "CLOSE_BEHIND",
    "CLOSE_GONE",
    "CLOSE_NO_SEAT",
    "CLOSE_UNAVAILABLE",
    "MAX_MESSAGE_LENGTH",
    "Limits",
    "create_app",
]

BOTS: dict[str, str] = {"easy": "easy", "medium": "medium", "hard": "hard"}
"""The bots a person may seat at a table from the form (the bot levels), and their specs."""
_OLDER_BOTS = {
    "heuristic": "heuristic",
    "random": "random",
    "ismcts": "ismcts:iterations=200:seconds=0.6",
}
"""Bots an older client may still ask for by name (not offered on the form)."""
MAX_MESSAGE_LENGTH = 16_384
"""The longest message (in characters) the server reads from a browser; longer is refused."""
CLOSE_NO_SEAT = 4404
"""The WebSocket close code for a link that opens no seat (the page stops reconnecting)."""
CLOSE_BEHIND = 4408
"""The close code for a browser that fell behind: its queue of updates was full. It may
reconnect at once with `?since=` its cursor, and receives what it missed in one update."""
CLOSE_GONE = 4410
"""The close code for a table that no longer exists (deleted by the retention policy)."""
CLOSE_UNAVAILABLE = 1013
"""The close code (the standard "try again later") when the database cannot be read."""

_LOG = logging.getLogger("cardgames.web")

_MAX_TEXTS = 64
"""Messages a live table keeps built for one save (seat and cursor pairs) before starting afresh."""

_STATIC = {
    "index.html": "text/html; charset=utf-8",
    "table.html": "text/html; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
    "table.js": "text/javascript; charset=utf-8",
    "new.js": "text/javascript; charset=utf-8",
    "favicon.svg": "image/svg+xml",
    "cards.svg": "image/svg+xml",
}
"""The files of the page, all shipped in `cardgames/web/static`."""

_HEADERS = {
    # The page loads nothing from elsewhere, and a seat link must not leak through a referrer.
    "Content-Security-Policy": (
        "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
        "style-src 'self'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}
"""The headers of every HTTP answer, the framework's own error pages included."""

_DAY = 86_400.0


@attrs.frozen
class Limits:
    """Every bound of the server (the `cardgames serve` options set them).

    Rates are token buckets: a client may spend `burst` at once, and regains `rate` a second
    (messages) or a minute (tables).
    """

    max_body: int = 16_384
    """The longest `POST /api/tables` body, in bytes (413 beyond), checked before it is read."""
    queue: int = 64
    """How many messages may wait to be sent to one browser before it is closed as behind."""
    send_timeout: float = 30.0
    """How long one send to a browser may take before it is closed as behind, in seconds."""
    messages_per_second: float = 10.0
    """How many messages a socket may send a second, on average."""
    message_burst: int = 40
    """How many messages a socket may send at once."""
    tables_per_minute: float = 10.0
    """How many tables one client address may open a minute, on average."""
    table_burst: int = 20
    """How many tables one client address may open at once."""
    bot_workers: int = 2
    """The processes in which bots think (at most this many decisions at once)."""
    bot_timeout: float = 10.0
    """How long the server waits for one bot decision, in seconds, before giving up on it."""
    database_timeout: float = 5.0
    """How long a save waits for the database's lock, in seconds (then: `unavailable`)."""
    keep_finished: float = 7 * _DAY
    """Seconds after its last move that a finished table is deleted."""
    keep_abandoned: float = 30 * _DAY
    """Seconds after its last move that any table is deleted, finished or not."""
    purge_every: float = 3_600.0
    """Seconds between two runs of the retention policy."""
    bot_pace: float = 0.8
    """The least time between two bot moves a browser sees, in seconds (0: as fast as the
    bots decide). A bot that thinks longer is shown thinking meanwhile."""

    def __attrs_post_init__(self) -> None:
        """Check that every bound is a positive number (the pace may be 0)."""
        for field in attrs.fields(Limits):
            value = getattr(self, field.name)
            least_ok = value >= 0 if field.name == "bot_pace" else value > 0
            if isinstance(value, bool) or not isinstance(value, int | float) or not least_ok:
                kind = "a number >= 0" if field.name == "bot_pace" else "a positive number"
                msg = f"{field.name} must be {kind}, got {value!r}"
                raise ValueError(msg)


class _Bucket:
    """A token bucket: `burst` tokens, refilled at `rate` a second."""

    __slots__ = ("_burst", "_last", "_rate", "_tokens")

    def __init__(self, rate: float, burst: int) -> None:
        self._rate = rate
        self._burst = float(burst)
        self._tokens = float(burst)
        self._last = time.monotonic()

    def take(self) -> float:
        """Take a token: 0 if one was there, else the seconds until one will be."""
        now = time.monotonic()
        self._tokens = min(self._burst, self._tokens + (now - self._last) * self._rate)
        self._last = now
        if self._tokens >= 1:
            self._tokens -= 1
            return 0.0
        return (1 - self._tokens) / self._rate


class _Buckets:
    """One bucket per client address, the least recently seen forgotten past `size`."""

    def __init__(self, rate: float, burst: int, size: int = 10_000) -> None:
        self._rate = rate
        self._burst = burst
        self._size = size
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()

    def take(self, key: str) -> float:
        bucket = self._buckets.pop(key, None) or _Bucket(self._rate, self._burst)
        self._buckets[key] = bucket
        while len(self._buckets) > self._size:
            self._buckets.popitem(last=False)
        return bucket.take()


class _Client:
    """One browser at a table: its socket, its seat, how far its events go, its queue."""

    def __init__(self, socket: WebSocket, seat: int, limits: Limits) -> None:
        self.socket = socket
        self.seat = seat
        self.cursor = 0
        self.bucket = _Bucket(limits.messages_per_second, limits.message_burst)
        self._queue: asyncio.Queue[str] = asyncio.Queue(limits.queue)
        self._send_timeout = limits.send_timeout
        self.behind = asyncio.Event()

    def offer(self, text: str) -> None:
        """Queue ``text`` for sending; a full queue marks the browser as behind (never waits)."""
        if self.behind.is_set():
            return
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            self.behind.set()

    async def send_all(self) -> None:
        """Send the queued messages as they come, until a send fails or the browser is behind."""
        while not self.behind.is_set():
            text = await self._queue.get()
            try:
                await asyncio.wait_for(self.socket.send_text(text), self._send_timeout)
            except TimeoutError:
                self.behind.set()


class _LiveTable:
    """A table in play: its latest save, its presenter, its lock, its browsers and its bots."""

    def __init__(self, table_id: str, stored: Stored, language: str) -> None:
        self.table_id = table_id
        self.stored = stored
        self.presenter = Presenter(stored.table, language)
        self.lock = asyncio.Lock()
        """Held from a move's check to its publication: one commit of this table at a time."""
        self.clients: set[_Client] = set()
        self.bots: asyncio.Task[None] | None = None
        self.moved = False
        """Its browsers were told that the next match is dealt (told once, by any process)."""
        self._texts: dict[tuple[int, int], str] = {}
        self._texts_of = stored

    def text(self, seat: int, since: int) -> str:
        """The JSON message for ``seat``'s browser since cursor ``since``, built once per save.

        A message costs milliseconds to build (the view, the narration, the board); a browser
        that floods `Sync`s at one cursor then costs the server a lookup per message, not a
        build, and cannot hold up the table's other sockets. A new save starts afresh.
        """
        if self._texts_of is not self.stored or len(self._texts) >= _MAX_TEXTS:
            self._texts.clear()
            self._texts_of = self.stored
        key = (seat, since)
        text = self._texts.get(key)
        if text is None:
            message = self.presenter.message(seat, since=since)
            text = self._texts[key] = json.dumps(message, ensure_ascii=False)
        return text

    @property
    def table(self) -> Table:
        return self.stored.table


class _BotPool:
    """The processes where bots think: at most `workers` decisions at once, each timed."""

    def __init__(self, workers: int, timeout: float) -> None:
        self._workers = workers
        self._timeout = timeout
        self._pool = self._start()

    def _start(self) -> ProcessPoolExecutor:
        # forkserver: the workers fork from a clean process that imported the library once,
        # never from the server with its event loop, sockets and threads.
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["cardgames.table"])
        return ProcessPoolExecutor(
            self._workers, mp_context=context, initializer=_follow, initargs=(os.getpid(),)
        )

    async def warm(self) -> None:
        """Start every worker now, so that the first bot does not wait for one to start."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(
            *(loop.run_in_executor(self._pool, _ready) for _ in range(self._workers))
        )

    async def decide(self, turn: BotTurn) -> BotMove:
        """The bot's move for ``turn``, chosen in a worker process.

        Raises:
            TimeoutError: no answer within the pool's timeout.
        """
        loop = asyncio.get_running_loop()
        try:
            return await asyncio.wait_for(
                loop.run_in_executor(self._pool, decide, turn), self._timeout
            )
        except BrokenProcessPool:
            # A worker died (killed, out of memory): start a new pool; this turn is retried.
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = self._start()
            raise

    def close(self) -> None:
        # Waits for the decisions under way (each within its budget), then stops the workers.
        self._pool.shutdown(wait=True, cancel_futures=True)


def _ready() -> bool:
    return True


def _follow(server: int) -> None:
    """In a bot worker: exit as soon as the server process is gone (even killed with SIGKILL).

    The workers are the forkserver's children, not the server's, so nothing else tells them.
    """

    def watch() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(server, 0)
            except ProcessLookupError:
                os._exit(0)
            except PermissionError:
                continue

    threading.Thread(target=watch, name="cardgames-follow", daemon=True).start()


class _Hub:
    """The server's tables: the store, the bots' pool, and the tables a browser is at."""

    def __init__(self, store: Store, limits: Limits, bots: _BotPool) -> None:
        self.store = store
        self.limits = limits
        self.bots = bots
        self.live: dict[str, _LiveTable] = {}
        self.openers = _Buckets(limits.tables_per_minute / 60, limits.table_burst)
        self._loading: dict[str, asyncio.Future[_LiveTable]] = {}
        self._loop = asyncio.get_running_loop()
        self._tasks: set[asyncio.Task[Any]] = set()

    async def join(self, table_id: str) -> _LiveTable:
        """The live table ``table_id``, loaded from the store if no browser is at it yet.

        Raises:
            KeyError: no such table.
            StoreError: the database cannot be read.
        """
        live = self.live.get(table_id)
        if live is not None:
            return live
        loading = self._loading.get(table_id)
        if loading is None:
            loading = self._loop.create_future()
            self._loading[table_id] = loading
            try:
                stored = await asyncio.to_thread(self.store.fetch, table_id)
                language = await asyncio.to_thread(self.store.language, table_id)
            except BaseException as error:
                loading.set_exception(error)
                loading.exception()  # retrieved here: the waiters, if any, raise it too
                raise
            finally:
                del self._loading[table_id]
            live = _LiveTable(table_id, stored, language)
            self.live[table_id] = live
            loading.set_result(live)
            return live
        return await asyncio.shield(loading)

    def release(self, live: _LiveTable, client: _Client) -> None:
        live.clients.discard(client)
        self._forget(live)

    def _forget(self, live: _LiveTable) -> None:
        idle = not live.clients and (live.bots is None or live.bots.done())
        if idle and self.live.get(live.table_id) is live:
            del self.live[live.table_id]

    def publish(self, live: _LiveTable) -> None:
        """Queue for each browser at ``live`` its update since its cursor (never waits).

        Every save is published, even one that added no event (a Crazy Animals seat that does
        not knock changes whose turn it is, and adds none).
        """
        for client in list(live.clients):
            self.send_update(live, client)

    def send_update(self, live: _LiveTable, client: _Client, since: int | None = None) -> None:
        start = client.cursor if since is None else since
        text = live.text(client.seat, start)
        client.cursor = live.table.cursor
        client.offer(text)

    def _swap(self, live: _LiveTable, stored: Stored) -> None:
        """Make ``stored`` the table's state if it is newer, and tell every browser."""
        if stored.version <= live.stored.version:
            return
        live.stored = stored
        live.presenter.table = stored.table
        self.publish(live)

    async def commit(self, live: _LiveTable, step: Callable[[Table], bool]) -> bool:
        """Commit ``step`` on a copy of the table, then publish; whether it changed the table.

        The caller holds the table's lock. If the save fails, the table stays as it was.

        Raises:
            StoreError: the database could not save the move.
            KeyError: the table no longer exists.
        """
        change = await asyncio.to_thread(self.store.commit, live.table_id, live.stored, step)
        self._swap(live, change.stored)
        return change.changed

    def notified(self, table_id: str, version: int) -> None:
        """Another process saved ``table_id`` at ``version`` (called from the listening thread)."""
        self._loop.call_soon_threadsafe(self._refresh_soon, table_id, version)

    def moved_elsewhere(self, table_id: str) -> None:
        """Some process dealt ``table_id``'s next match (called from the listening thread)."""
        self._loop.call_soon_threadsafe(self.moved, table_id)

    def _refresh_soon(self, table_id: str, version: int) -> None:
        live = self.live.get(table_id)
        if live is not None and version > live.stored.version:
            self._spawn(self._refresh(live))

    async def _refresh(self, live: _LiveTable) -> None:
        try:
            stored = await asyncio.to_thread(self.store.fetch, live.table_id)
        except (KeyError, StoreError) as error:
            _LOG.warning("table %s: cannot load its latest save: %s", live.table_id, error)
            return
        self._swap(live, stored)

    def wake_bots(self, live: _LiveTable) -> None:
        """Start the table's bots if a bot is to move and they are not already thinking."""
        if (live.bots is None or live.bots.done()) and live.table.bot_turn() is not None:
            live.bots = self._spawn(self._play_bots(live))

    async def _play_bots(self, live: _LiveTable) -> None:
        """Let the bots play, one saved and published move at a time, up to a person's turn."""
        failures = 0
        try:
            while (turn := live.table.bot_turn()) is not None and failures < 3:  # noqa: PLR2004
                started = self._loop.time()
                try:
                    move = await self.bots.decide(turn)
                except (TimeoutError, BrokenProcessPool) as error:
                    _LOG.warning("table %s: a bot did not answer (%r)", live.table_id, error)
                    failures += 1
                    continue
                # One bot move at a time, at the table's pace: people see each one.
                await asyncio.sleep(max(0.0, self.limits.bot_pace - (self._loop.time() - started)))
                async with live.lock:
                    try:
                        await self.commit(live, _bot_step(move))
                    except (StoreError, KeyError) as error:
                        _LOG.warning("table %s: a bot's move not saved: %s", live.table_id, error)
                        failures += 1
                        await asyncio.sleep(0.5 * failures)
        finally:
            self._loop.call_soon(self._forget, live)

    def moved(self, table_id: str) -> None:
        """Tell the browsers at ``table_id`` that its seats moved to the next match (once)."""
        live = self.live.get(table_id)
        if live is None or live.moved:
            return
        live.moved = True
        for client in list(live.clients):
            client.offer(json.dumps({"type": "moved"}))

    def _spawn(self, work: Awaitable[None]) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def purge_forever(self) -> None:
        """Apply the retention policy now, then every `purge_every` seconds."""
        while True:
            try:
                deleted = await asyncio.to_thread(
                    self.store.purge,
                    finished_after=self.limits.keep_finished,
                    abandoned_after=self.limits.keep_abandoned,
                )
            except StoreError as error:
                _LOG.warning("the retention policy could not run: %s", error)
            else:
                if deleted:
                    _LOG.info("the retention policy deleted %d tables", deleted)
            await asyncio.sleep(self.limits.purge_every)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)


def _bot_step(move: BotMove) -> Callable[[Table], bool]:
    def step(table: Table) -> bool:
        try:
            table.apply_bot(move)
        except StaleMoveError:
            return False  # the table moved on (another process played this turn)
        return True

    return step


def _static(name: str) -> bytes:
    return (resources.files("cardgames.web") / "static" / name).read_bytes()


_ASGIApp = Callable[
    [MutableMapping[str, Any], Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]],
    Awaitable[None],
]


class _SecurityHeaders:
    """Adds the security headers to every HTTP answer, the framework's 404 and 405 included."""

    def __init__(self, app: _ASGIApp) -> None:
        self.app = app
        self._headers = [(k.lower().encode(), v.encode()) for k, v in _HEADERS.items()]

    async def __call__(
        self,
        scope: MutableMapping[str, Any],
        receive: Callable[[], Awaitable[Any]],
        send: Callable[[Any], Awaitable[None]],
    ) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:  # noqa: ANN401 - an ASGI message
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in self._headers if k not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(database: str | Path, *, limits: Limits | None = None) -> Starlette:
    """Return the web table's ASGI application, keeping its tables in ``database``.

    Args:
        database: the sqlite file of the tables (created if absent), or a `postgresql://` URL.
        limits: the server's bounds; default `Limits()`.
    """
    bounds = Limits() if limits is None else limits

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = await asyncio.to_thread(open_store, database, timeout=bounds.database_timeout)
        bots = _BotPool(bounds.bot_workers, bounds.bot_timeout)
        try:
            # The workers start while the server already answers: only a bot's first move
            # waits for them.
            warming = asyncio.create_task(bots.warm())
            hub = _Hub(store, bounds, bots)
            store.listen(hub.notified, hub.moved_elsewhere)
            app.state.hub = hub
            purging = asyncio.create_task(hub.purge_forever())
            try:
                yield
            finally:
                purging.cancel()
                await asyncio.gather(warming, return_exceptions=True)
                await hub.close()
        finally:
            await asyncio.to_thread(bots.close)
            await asyncio.to_thread(store.close)

    app = Starlette(
        routes=[
            Route("/", _index),
            Route("/api/games", _games_route),
            Route("/api/tables", _new_table, methods=["POST"]),
            Route("/api/rematch", _rematch, methods=["POST"]),
            Route("/play/{token}", _play),
            Route("/static/{name}", _static_route),
            WebSocketRoute("/ws/{token}", _socket),
        ],
        lifespan=lifespan,
        exception_handlers={404: _not_found},
    )
    app.add_middleware(_SecurityHeaders)
    app.state.files = {name: (_static(name), kind) for name, kind in _STATIC.items()}
    return app


def _page(request: Request, name: str) -> Response:
    content, kind = request.app.state.files[name]
    return Response(content, media_type=kind)


async def _index(request: Request) -> Response:
    return _page(request, "index.html")


async def _static_route(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in _STATIC:
        return _not_found_page("no-page")
    return _page(request, name)


async def _play(request: Request) -> Response:
    hub: _Hub = request.app.state.hub
    try:
        found = await asyncio.to_thread(hub.store.seat_of, request.path_params["token"])
    except StoreError:
        return Response("The tables cannot be read now; try again soon.", status_code=503)
    if found is None:
        return _not_found_page("no-seat")
    return _page(request, "table.html")


_NOT_FOUND = {
    "en": {
        "title": "Not found",
        "no-seat": "No seat has this link. Ask for the link of your seat again.",
        "no-page": "There is no page at this address.",
        "home": "Open a table",
    },
    "fr": {
        "title": "Introuvable",
        "no-seat": "Aucune place n’a ce lien. Redemandez le lien de votre place.",
        "no-page": "Il n’y a pas de page à cette adresse.",
        "home": "Ouvrir une table",
    },
}
"""The 404 page's words: it says everything in French and in English."""


def _not_found_page(reason: str) -> Response:
    parts = []
    for language in ("fr", "en"):
        words = _NOT_FOUND[language]
        parts.append(
            f'<section lang="{language}"><h1>{words["title"]}</h1><p>{words[reason]}</p>'
            f'<p><a href="/">{words["home"]}</a></p></section>'
        )
    body = (
        '<!doctype html><html lang="fr"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<title>Introuvable · Not found</title><link rel="stylesheet" href="/static/style.css">'
        '</head><body class="home"><main class="narrow"><div class="panel">'
        + "".join(parts)
        + "</div></main></body></html>"
    )
    return Response(body, status_code=404, media_type="text/html; charset=utf-8")


async def _not_found(request: Request, _: Exception) -> Response:
    if request.url.path.startswith("/api/"):
        return _error(404, "no such address / aucune adresse de ce nom")
    return _not_found_page("no-page")


async def _games_route(_: Request) -> Response:
    return JSONResponse(_games())


def _error(status: int, message: str, **headers: str) -> Response:
    return JSONResponse({"error": message}, status_code=status, headers=headers)


async def _new_table(request: Request) -> Response:
    """Open a table: same origin, JSON, a capped body, a rate per client address."""
    hub: _Hub = request.app.state.hub
    refused = _foreign(request)
    if refused is not None:
        return refused
    body = await _body(request, hub.limits.max_body)
    if isinstance(body, Response):
        return body
    address = request.client.host if request.client is not None else ""
    wait = hub.openers.take(address)
    if wait:
        return _error(
            429,
            "too many tables opened from this address; wait a little",
            **{"Retry-After": str(max(1, round(wait)))},
        )
    try:
        table, language = _open_table(body)
    except CardGameError as error:
        return _error(400, str(error))
    try:
        saved = await asyncio.to_thread(hub.store.create, table, language=language)
    except StoreError:
        return _error(503, "the table cannot be saved now; try again soon")
    if table.bot_turn() is not None:
        # The bots who open the match play now, in their pool, while the links travel.
        live = await hub.join(saved.table_id)
        hub.wake_bots(live)
    links = [
        {"seat": seat, "name": table.names[seat], "url": f"/play/{token}"}
        for seat, token in sorted(saved.tokens.items())
    ]
    return JSONResponse({"table": saved.table_id, "links": links})


def _foreign(request: Request) -> Response | None:
    """A 403 for another site's page (its `Origin`), a 415 for a body that is not JSON.

    A request without `Origin` (a script, not a browser) may open a table; every browser sends
    `Origin` with a POST, so another site's page cannot.
    """
    origin = request.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc != request.headers.get("host"):
        return _error(403, "tables are opened from this server's own page")
    kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if kind != "application/json":
        return _error(415, "send the request as application/json")
    return None


async def _body(request: Request, cap: int) -> bytes | Response:
    """The request's body, or a 413 as soon as it is known to pass ``cap`` bytes.

    A declared length is checked before any byte is read; a chunked body is read a chunk at a
    time and given up on once past the cap, so a huge body never sits in memory.
    """
    too_long = _error(413, f"the request is longer than {cap} bytes")
    declared = request.headers.get("content-length")
    if declared is not None:
        if not (declared.isascii() and declared.isdigit()):
            return _error(400, "the Content-Length header is not a number")
        if int(declared) > cap:
            return too_long
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > cap:
            return too_long
        chunks.append(chunk)
    return b"".join(chunks)


async def _socket(websocket: WebSocket) -> None:
    """One seat's live connection: its updates out, its messages in, until it leaves."""
    hub: _Hub = websocket.app.state.hub
    try:
        found = await asyncio.to_thread(hub.store.seat_of, websocket.path_params["token"])
    except StoreError:
        await websocket.accept()
        await websocket.close(code=CLOSE_UNAVAILABLE, reason="The tables cannot be read now.")
        return
    await websocket.accept()
    if found is None:
        # Accepted first, so that the page can read why and stop reconnecting.
        await websocket.close(code=CLOSE_NO_SEAT, reason="No seat has this link.")
        return
    table_id, seat = found
    try:
        live = await hub.join(table_id)
    except KeyError:
        await websocket.close(code=CLOSE_GONE, reason="This table no longer exists.")
        return
    except StoreError:
        await websocket.close(code=CLOSE_UNAVAILABLE, reason="The tables cannot be read now.")
        return
    client = _Client(websocket, seat, hub.limits)
    since = _since(websocket.query_params.get("since"))
    if since is None:
        _refuse_to(client, "malformed", "since must be a cursor (ASCII digits): sent from 0")
    # No await from here to the client's entry in the table: a move published meanwhile would
    # otherwise reach this client twice, once in this update and once in the next.
    hub.send_update(live, client, since=min(since or 0, live.table.cursor))
    live.clients.add(client)
    hub.wake_bots(live)
    sending = asyncio.create_task(client.send_all())
    receiving = asyncio.create_task(_receive_all(hub, live, client))
    behind = asyncio.create_task(client.behind.wait())
    try:
        await asyncio.wait({sending, receiving, behind}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        hub.release(live, client)
        for task in (sending, receiving, behind):
            task.cancel()
        await asyncio.gather(sending, receiving, behind, return_exceptions=True)
    if client.behind.is_set() and websocket.application_state == WebSocketState.CONNECTED:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(
                websocket.close(code=CLOSE_BEHIND, reason="Too far behind: reconnect."), 5
            )


async def _receive_all(hub: _Hub, live: _LiveTable, client: _Client) -> None:
    """Read the browser's messages until it leaves; binary frames and floods are refused."""
    while True:
        message = await client.socket.receive()
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if text is None:
            _refuse_to(client, "malformed", "send each message as a text frame of JSON")
            continue
        if client.bucket.take():
            _refuse_to(client, "rate-limited", "too many messages: this one was not read")
            continue
        await _receive(hub, live, client, text)


async def _receive(hub: _Hub, live: _LiveTable, client: _Client, text: str) -> None:
    """Handle one message of ``client``: refuse it, answer a `Sync`, or commit an `Act`."""
    if len(text) > MAX_MESSAGE_LENGTH:
        _refuse_to(client, "malformed", "the message is too long")
        return
    try:
        request = request_from_json(live.table.game, text)
    except InvalidStateError as error:
        _refuse_to(client, "malformed", str(error))
        return
    if isinstance(request, Memorised):
        await _memorised(hub, live, client, text)
        return
    if not isinstance(request, Act):
        _sync(hub, live, client, text)
        return
    answers: list[Refused] = []

    def step(table: Table) -> bool:
        # States are immutable: a played move makes a new one, even when it adds no event.
        before = table.state
        answers[:] = _refusals(table, client.seat, text)
        return table.state is not before

    changed = await _commit_or_refuse(
        hub, live, client, step, "the move could not be saved: nothing was played"
    )
    if changed is None:
        return
    for refused in answers:
        _refuse_to(client, refused.code, refused.message)
    if changed:
        hub.wake_bots(live)


def _sync(hub: _Hub, live: _LiveTable, client: _Client, text: str) -> None:
    """Answer a `Sync`: the client asks again for what happened since its own cursor."""
    for reply in handle(live.table.copy(), client.seat, text):
        if isinstance(reply, Refused):
            _refuse_to(client, reply.code, reply.message)
        else:
            hub.send_update(live, client, since=reply.cursor - len(reply.events))


async def _memorised(hub: _Hub, live: _LiveTable, client: _Client, text: str) -> None:
    """Commit « C'est mémorisé » (it changes what the seat's screen shows, not the match)."""
    answers: list[Refused] = []

    def step(table: Table) -> bool:
        before = table.glimpse_marks(client.seat)
        answers[:] = _refusals(table, client.seat, text)
        return table.glimpse_marks(client.seat) != before

    changed = await _commit_or_refuse(
        hub, live, client, step, "the table cannot be saved now; try again soon"
    )
    if changed is None:
        return
    for refused in answers:
        _refuse_to(client, refused.code, refused.message)
    if not changed and not answers:
        hub.send_update(live, client)


def _refusals(table: Table, seat: int, text: str) -> list[Refused]:
    """Handle ``text`` of ``seat`` on ``table``; the protocol's refusals of it."""
    return [reply for reply in handle(table, seat, text) if isinstance(reply, Refused)]


async def _commit_or_refuse(
    hub: _Hub, live: _LiveTable, client: _Client, step: Callable[[Table], bool], unavailable: str
) -> bool | None:
    """Commit ``step`` under the table's lock: whether it changed the table.

    ``None`` when the save failed: nothing was applied, and ``client`` was told ``unavailable``.
    """
    async with live.lock:
        try:
            return await hub.commit(live, step)
        except (StoreError, KeyError):
            _refuse_to(client, "unavailable", unavailable)
            return None


def _refuse_to(client: _Client, code: str, message: str) -> None:
    """Tell ``client`` that its message was refused, with a protocol code or a web one.

    The web codes: `rate-limited` (the socket sent too many messages) and `unavailable` (the
    database could not save the move; the table did not change).
    """
    reply = {"type": "refused", "code": code, "message": message}
    client.offer(json.dumps({"type": "refused", "refused": reply}, ensure_ascii=False))


def _since(text: str | None) -> int | None:
    """The cursor a reconnecting browser asks to resume from; `None` if it is not one."""
    if text is None:
        return 0
    if not (text.isascii() and text.isdigit()) or len(text) > 9:  # noqa: PLR2004 - a sane bound
        return None
    return int(text)


_HOME_WORDS = {
    "en": {
        "title": "cardgames: open a table",
        "tagline": "Four family card games, played at one table in the browser.",
        "open-heading": "Open a table",
        "game": "Game",
        "players": "Players",
        "language": "Language",
        "seed": "Deal number",
        "optional": "(optional)",
        "seats": "Seats",
        "seat": "Seat {n}",
        "who": "Who plays seat {n}",
        "name": "Name of seat {n}",
        "person": "a person",
        "bot": "bot: {level}",
        "short": "A short match: one round",
        "memory-aid": "Memory aid: each screen keeps the cards its player has seen "
        "(everyone at the table is told)",
        "open": "Open the table",
        "links-heading": "Your table is open",
        "links-help": "Send each player the link of their seat: whoever holds a link plays "
        "that seat.",
        "seat-link": "{name} (seat {n})",
        "copy": "Copy the link",
        "copied": "Copied",
        "copy-failed": "Select and copy the address",
        "another": "Open another table",
        "no-answer": "The server did not answer: {error}",
    },
    "fr": {
        "title": "cardgames : ouvrir une table",
        "tagline": "Quatre jeux de cartes en famille, autour d’une table dans le navigateur.",
        "open-heading": "Ouvrir une table",
        "game": "Jeu",
        "players": "Joueurs",
        "language": "Langue",
        "seed": "Numéro de donne",
        "optional": "(facultatif)",
        "seats": "Places",
        "seat": "Place {n}",
        "who": "Qui joue la place {n}",
        "name": "Nom de la place {n}",
        "person": "une personne",
        "bot": "robot : {level}",
        "short": "Une partie courte : une seule manche",
        "memory-aid": "Aide-mémoire : chaque écran garde les cartes que son joueur a vues "
        "(toute la table en est informée)",
        "open": "Ouvrir la table",
        "links-heading": "Votre table est ouverte",
        "links-help": "Envoyez à chaque joueur le lien de sa place : qui a le lien joue "
        "cette place.",
        "seat-link": "{name} (place {n})",
        "copy": "Copier le lien",
        "copied": "Copié",
        "copy-failed": "Sélectionnez et copiez l’adresse",
        "another": "Ouvrir une autre table",
        "no-answer": "Le serveur n’a pas répondu : {error}",
    },
}
"""The home form's words in each language (the page switches with the language chosen)."""


def _games() -> dict[str, Any]:
    return {
        "games": [
            {
                "slug": game.slug,
                "title": game.title,
                "minPlayers": game.min_players,
                "maxPlayers": game.max_players,
                "short": _short_rules(game) is not None,
                "memory": "memory" in game.parts,
            }
            for game in cardgames.GAMES.values()
        ],
        "bots": list(BOTS),  # the levels, in the form's order
        "levels": {language: dict(LEVEL_NAMES[language]) for language in LANGUAGES},
        "languages": list(LANGUAGES),
        "words": _HOME_WORDS,
    }


def _short_rules(game: Game[Any]) -> Any | None:  # noqa: ANN401 - the game's Rules
    """The game's rules for a match of one round, if it has a round count to set."""
    names = {field.name for field in attrs.fields(game.Rules)}
    for name in ("rounds", "max_rounds"):
        if name in names:
            if name == "rounds" and "max_rounds" in names:
                return game.Rules(rounds=1, max_rounds=1)
            return game.Rules(**{name: 1})
    return None


def _refuse(message: str) -> NoReturn:
    raise _RequestError(message)


class _RequestError(CardGameError, ValueError):
    """A request to open a table that cannot be honoured (the message says why)."""


def _open_table(body: bytes) -> tuple[Table, str]:
    """Open the table that a `POST /api/tables` request asks for; its language."""
    try:
        request = json.loads(body)
    except (ValueError, UnicodeDecodeError, RecursionError):
        _refuse("the request is not JSON")
    if not isinstance(request, dict):
        _refuse("the request must be a JSON object")
    game = cardgames.get_game(_field(request, "game", str))
    players = game.check_players(_field(request, "players", int))
    names = _field(request, "names", list)
    if len(names) != players or not all(isinstance(n, str) and n.strip() for n in names):
        _refuse(f"give one name for each of the {players} players")
    names = [name.strip() for name in names]
    bots_given = _field(request, "bots", dict)
    bots: dict[int, str] = {}
    for key, bot in bots_given.items():
        if not (key.isascii() and key.isdigit()) or not 0 <= int(key) < players:
            _refuse(f"no seat {key!r:.20}: the seats are 0 to {players - 1}")
        if not isinstance(bot, str) or (bot not in BOTS and bot not in _OLDER_BOTS):
            _refuse(f"no bot {bot!r:.40}: the bots are {', '.join(BOTS)}")
        bots[int(key)] = BOTS.get(bot) or _OLDER_BOTS[bot]
    if len(bots) == players:
        _refuse("seat at least one person: every seat has a bot")
    language, seed, short, memory_aid = _options(request)
    rules = _short_rules(game) if short else None
    table = Table.new(
        game.slug,
        players=players,
        names=names,
        bots=bots,
        seed=seed,
        rules=rules,
        memory_aid=memory_aid,
    )
    return table, language


def _options(request: dict[str, Any]) -> tuple[str, int | None, bool, bool]:
    """The table's language, seed, whether the match is short, and the memory aid."""
    language = request.get("language", "en")
    if not isinstance(language, str) or language not in LANGUAGES:
        _refuse(f"no language {language!r:.40}: the languages are {', '.join(LANGUAGES)}")
    seed = request.get("seed")
    if seed is not None and (not is_int(seed)):
        _refuse("the seed must be a whole number, or left out")
    memory_aid = request.get("memoryAid", False)
    if not isinstance(memory_aid, bool):
        _refuse("memoryAid must be true or false")
    short = request.get("short", False)
    if not isinstance(short, bool):
        _refuse("short must be true or false")
    return language, seed, short, memory_aid


def _token_of(body: bytes) -> str | None:
    """The seat token of a `POST /api/rematch` body, or `None` if it holds none."""
    try:
        token = json.loads(body).get("token")
    except (ValueError, UnicodeDecodeError, RecursionError, AttributeError):
        return None
    return token if isinstance(token, str) else None


async def _rematch(request: Request) -> Response:
    """The next match of a finished table: same seats, names and bots, a new deal.

    Every seat link of the old table opens the same seat of the new one from then on, and the
    browsers still at the old table are told to reload. Asked twice (two players at once), the
    second finds the links already moved and is answered the same way.
    """
    hub: _Hub = request.app.state.hub
    refused = _foreign(request)
    if refused is not None:
        return refused
    body = await _body(request, hub.limits.max_body)
    if isinstance(body, Response):
        return body
    token = _token_of(body)
    if token is None:
        return _error(400, "the request must be a JSON object with the seat's token")
    try:
        found = await asyncio.to_thread(hub.store.seat_of, token)
        if found is None:
            return _error(404, "no seat has this link")
        table_id = await _next_match(hub, found[0])
    except (StoreError, KeyError):
        return _error(503, "the table cannot be saved now; try again soon")
    return JSONResponse({"url": f"/play/{token}", "table": table_id})


async def _next_match(hub: _Hub, table_id: str) -> str:
    """Deal the next match of ``table_id`` if it is over and not dealt yet; the table to play.

    Raises:
        StoreError: the database cannot be read or written.
        KeyError: no such table.
    """
    old = (await asyncio.to_thread(hub.store.fetch, table_id)).table
    if not old.is_over:
        return table_id  # the links already lead to the next match (or this one goes on)
    language = await asyncio.to_thread(hub.store.language, table_id)
    table = Table.new(
        old.game,
        players=old.players,
        names=old.names,
        bots=old.bots,
        rules=old.view(0).rules,
        memory_aid=old.memory_aid,
    )
    new_id = await asyncio.to_thread(hub.store.rematch, table_id, table, language=language)
    if new_id is None:
        return table_id
    hub.moved(table_id)
    if table.bot_turn() is not None:
        hub.wake_bots(await hub.join(new_id))
    return new_id


def _field(request: dict[str, Any], name: str, kind: type) -> Any:  # noqa: ANN401 - checked type
    value = request.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        _refuse(f"the request needs {name!r} as a {kind.__name__}")
    return value
