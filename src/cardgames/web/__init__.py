"""Play in the browser: `cardgames serve`, a web table for every game.

A person opens a table on a form (the game, the players' names, bots at some seats, the
language of the narration, a seed) and receives one secret link per human seat; each player
opens their own link. Every browser receives only its seat's view and events, filtered on the
server by the protocol ([`cardgames.protocol`][cardgames.protocol]); every move is checked on
the server; tables live in a sqlite file and survive a restart.

Install the `web` extra (`pip install 'cardgames-rules[web]'`: Starlette, uvicorn and
websockets), then run `cardgames serve` and open the address it prints. The modules:
[`app`][cardgames.web.app] (the routes), [`page`][cardgames.web.page] (what a seat's page is
sent), [`store`][cardgames.web.store] (the sqlite file) and [`server`][cardgames.web.server]
(running it).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardgames.web.app import create_app
    from cardgames.web.store import TableStore

__all__ = ["TableStore", "create_app"]

# Where each public name lives. Importing this package imports neither: the CLI reads
# `cardgames.web.store` on a plain install, where Starlette (which `app` needs) is absent.
_HOMES = {"TableStore": "cardgames.web.store", "create_app": "cardgames.web.app"}


def __getattr__(name: str) -> Any:  # noqa: ANN401 - the attribute's own type
    """Import `create_app` or `TableStore` on first use (`create_app` needs the web extra)."""
    home = _HOMES.get(name)
    if home is None:
        msg = f"module {__name__!r} has no attribute {name!r}"
        raise AttributeError(msg)
    return getattr(importlib.import_module(home), name)
