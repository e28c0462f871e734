"""Run the web table: bind a socket, say where, and serve until stopped.

The socket is bound before the server starts, so `port=0` takes a free port and the first line
printed names it: the tests and `benchmarks/web_load.py` start the server this way.
"""

from __future__ import annotations

import socket
from pathlib import Path

from cardgames import _extras
from cardgames.errors import MissingExtraError

try:
    import uvicorn
except ImportError:
    raise MissingExtraError(_extras.message("cardgames.web", "web")) from None

from cardgames.web.app import create_app

__all__ = ["serve"]


def serve(database: str | Path, *, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serve the web table on ``host:port`` with its tables in ``database``, until interrupted.

    Prints `cardgames serve: http://HOST:PORT/ (tables in DATABASE)` once it listens.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((host, port))
    listener.listen(128)
    bound = listener.getsockname()[1]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    config = uvicorn.Config(
        create_app(database),
        log_level="warning",
        ws="websockets-sansio",
        ws_max_size=65_536,
        lifespan="on",
    )
    server = uvicorn.Server(config)
    print(f"cardgames serve: http://{shown}:{bound}/ (tables in {database})", flush=True)  # noqa: T201
    server.run(sockets=[listener])
