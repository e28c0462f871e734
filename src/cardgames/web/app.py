"""The web table's ASGI application: a form to open a table, one page per seat, WebSockets.

Routes:

| route | what it does |
| --- | --- |
| `GET /` | the form that opens a table |
| `GET /api/games` | the games, their player counts, the bots and the languages (JSON) |
| `POST /api/tables` | opens a table from a JSON request; answers one secret link per human seat |
| `GET /play/{token}` | the page of the seat that `token` opens |
| `WS /ws/{token}` | that seat's live connection: the protocol's messages, both ways |
| `GET /static/{name}` | the page's script and style, shipped in the package |

A browser holds a seat by its token and nothing else: the server answers it only with that
seat's [`Update`][cardgames.protocol.Update] (through [`Presenter`][cardgames.web.page.Presenter])
and hands whatever it sends to [`handle`][cardgames.protocol.handle] for that seat, which refuses
anything forged without changing the table. Each accepted move is saved in one transaction
before any browser hears of it, then every browser at the table receives its own update.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any, NoReturn

import cardgames
from cardgames import _extras
from cardgames._codec import is_int
from cardgames.errors import CardGameError, MissingExtraError

try:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse, Response
    from starlette.routing import Route, WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect
except ImportError:
    raise MissingExtraError(_extras.message("cardgames.web", "web")) from None

from cardgames.protocol import Refused, Update, handle
from cardgames.table import Table
from cardgames.web.page import LANGUAGES, Presenter
from cardgames.web.store import TableStore

__all__ = ["BOTS", "MAX_MESSAGE_LENGTH", "create_app"]

BOTS: dict[str, str] = {
    "heuristic": "heuristic",
    "random": "random",
    "ismcts": "ismcts:iterations=200",
}
"""The bots a person may seat at a table from the form, and the spec each one plays with."""
MAX_MESSAGE_LENGTH = 16_384
"""The longest message (in characters) the server reads from a browser; longer is refused."""
_MAX_REQUEST = 16_384
"""The longest request body `POST /api/tables` reads."""

_STATIC = {
    "index.html": "text/html; charset=utf-8",
    "table.html": "text/html; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
    "table.js": "text/javascript; charset=utf-8",
    "new.js": "text/javascript; charset=utf-8",
    "favicon.svg": "image/svg+xml",
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


class _Client:
    """One browser at a table: its socket, its seat and how far its events go."""

    def __init__(self, socket: WebSocket, seat: int) -> None:
        self.socket = socket
        self.seat = seat
        self.cursor = 0


class _LiveTable:
    """A table in play: the table, its presenter, its lock and its browsers."""

    def __init__(self, table_id: str, table: Table, language: str) -> None:
        self.table_id = table_id
        self.table = table
        self.presenter = Presenter(table, language)
        self.lock = asyncio.Lock()
        self.clients: set[_Client] = set()


class _Hub:
    """The server's tables: the store, and the tables that have a browser connected."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self.live: dict[str, _LiveTable] = {}
        self._loading = asyncio.Lock()

    async def table(self, table_id: str) -> _LiveTable:
        async with self._loading:
            live = self.live.get(table_id)
            if live is None:
                table = await asyncio.to_thread(self.store.load, table_id)
                live = _LiveTable(table_id, table, self.store.language(table_id))
                self.live[table_id] = live
            return live

    def release(self, live: _LiveTable, client: _Client) -> None:
        live.clients.discard(client)
        if not live.clients and self.live.get(live.table_id) is live:
            del self.live[live.table_id]


def _static(name: str) -> bytes:
    return (resources.files("cardgames.web") / "static" / name).read_bytes()


def create_app(database: str | Path) -> Starlette:
    """Return the web table's ASGI application, keeping its tables in ``database``.

    Args:
        database: the sqlite file of the tables (created if absent).
    """

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        app.state.hub = _Hub(TableStore(database))
        try:
            yield
        finally:
            app.state.hub.store.close()

    app = Starlette(
        routes=[
            Route("/", _index),
            Route("/api/games", _games_route),
            Route("/api/tables", _new_table, methods=["POST"]),
            Route("/play/{token}", _play),
            Route("/static/{name}", _static_route),
            WebSocketRoute("/ws/{token}", _socket),
        ],
        lifespan=lifespan,
    )
    app.state.files = {name: (_static(name), kind) for name, kind in _STATIC.items()}
    return app


def _page(request: Request, name: str) -> Response:
    content, kind = request.app.state.files[name]
    return Response(content, media_type=kind, headers=_HEADERS)


async def _index(request: Request) -> Response:
    return _page(request, "index.html")


async def _static_route(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in _STATIC:
        return Response("not found", status_code=404, headers=_HEADERS)
    return _page(request, name)


async def _play(request: Request) -> Response:
    hub: _Hub = request.app.state.hub
    if hub.store.seat_of(request.path_params["token"]) is None:
        return Response("No seat has this link.", status_code=404, headers=_HEADERS)
    return _page(request, "table.html")


async def _games_route(_: Request) -> Response:
    return JSONResponse(_games(), headers=_HEADERS)


async def _new_table(request: Request) -> Response:
    hub: _Hub = request.app.state.hub
    body = await request.body()
    try:
        if len(body) > _MAX_REQUEST:
            _refuse("the request is too long")
        table, language = await asyncio.to_thread(_open_table, body)
    except CardGameError as error:
        return JSONResponse({"error": str(error)}, status_code=400, headers=_HEADERS)
    saved = await asyncio.to_thread(hub.store.create, table, language=language)
    links = [
        {"seat": seat, "name": table.names[seat], "url": f"/play/{token}"}
        for seat, token in sorted(saved.tokens.items())
    ]
    return JSONResponse({"table": saved.table_id, "links": links}, headers=_HEADERS)


async def _socket(websocket: WebSocket) -> None:
    """One seat's live connection: its updates out, its messages in, until it leaves."""
    hub: _Hub = websocket.app.state.hub
    found = hub.store.seat_of(websocket.path_params["token"])
    await websocket.accept()
    if found is None:
        # Accepted first, so that the page can read why and stop reconnecting.
        await websocket.close(code=4404, reason="No seat has this link.")
        return
    table_id, seat = found
    live = await hub.table(table_id)
    client = _Client(websocket, seat)
    live.clients.add(client)
    try:
        async with live.lock:
            client.cursor = _since(websocket.query_params.get("since"), live.table.cursor)
            await _send_update(live, client)
        while True:
            text = await websocket.receive_text()
            await _receive(hub, live, client, text)
    except WebSocketDisconnect:
        pass
    finally:
        hub.release(live, client)


async def _receive(hub: _Hub, live: _LiveTable, client: _Client, text: str) -> None:
    """Handle one message of ``client``: refuse it, or play it, save and tell every browser."""
    if len(text) > MAX_MESSAGE_LENGTH:
        refused = [Refused(code="malformed", message="the message is too long")]
        await _send_refused(client, refused)
        return
    async with live.lock:
        before = live.table.cursor
        replies = await asyncio.to_thread(handle, live.table, client.seat, text)
        refused = [reply for reply in replies if isinstance(reply, Refused)]
        if live.table.cursor != before:
            await asyncio.to_thread(hub.store.save, live.table_id, live.table)
            for other in list(live.clients):
                with contextlib.suppress(Exception):
                    await _send_update(live, other)
        else:
            # A `Sync`: the client asks again for what happened since its own cursor.
            for reply in replies:
                if isinstance(reply, Update):
                    client.cursor = reply.cursor - len(reply.events)
                    await _send_update(live, client)
    await _send_refused(client, refused)


async def _send_update(live: _LiveTable, client: _Client) -> None:
    message = live.presenter.message(client.seat, since=client.cursor)
    client.cursor = live.table.cursor
    await client.socket.send_text(json.dumps(message, ensure_ascii=False))


async def _send_refused(client: _Client, refused: list[Refused]) -> None:
    for reply in refused:
        await client.socket.send_text(json.dumps({"type": "refused", "refused": reply.to_dict()}))


def _since(text: str | None, cursor: int) -> int:
    """The cursor a reconnecting browser asks to resume from (0: from the start)."""
    if text is None or not text.isdigit() or len(text) > 9:  # noqa: PLR2004 - a sane bound
        return 0
    return min(int(text), cursor)


def _games() -> dict[str, Any]:
    return {
        "games": [
            {
                "slug": game.slug,
                "title": game.title,
                "minPlayers": game.min_players,
                "maxPlayers": game.max_players,
            }
            for game in cardgames.GAMES.values()
        ],
        "bots": list(BOTS),  # the names, in the form's order
        "languages": list(LANGUAGES),
    }


def _refuse(message: str) -> NoReturn:
    raise _RequestError(message)


class _RequestError(CardGameError, ValueError):
    """A request to open a table that cannot be honoured (the message says why)."""


def _open_table(body: bytes) -> tuple[Table, str]:
    """Open the table that a `POST /api/tables` request asks for; its language."""
    try:
        request = json.loads(body)
    except (ValueError, UnicodeDecodeError):
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
        if not key.isdigit() or not 0 <= int(key) < players:
            _refuse(f"no seat {key!r}: the seats are 0 to {players - 1}")
        if bot not in BOTS:
            _refuse(f"no bot {bot!r}: the bots are {', '.join(BOTS)}")
        bots[int(key)] = BOTS[bot]
    if len(bots) == players:
        _refuse("seat at least one person: every seat has a bot")
    language = request.get("language", "en")
    if language not in LANGUAGES:
        _refuse(f"no language {language!r}: the languages are {', '.join(LANGUAGES)}")
    seed = request.get("seed")
    if seed is not None and (not is_int(seed)):
        _refuse("the seed must be a whole number, or left out")
    table = Table.new(game.slug, players=players, names=names, bots=bots, seed=seed)
    return table, language


def _field(request: dict[str, Any], name: str, kind: type) -> Any:  # noqa: ANN401 - checked type
    value = request.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        _refuse(f"the request needs {name!r} as a {kind.__name__}")
    return value
