"""A mkdocs hook: the Games section of the navigation, one page per registered game.

Each game of `cardgames.GAMES` has its rules page at ``docs/games/<slug>.md``; the nav lists
them under its title, in the registry's order, so that adding a game adds its page and no line
of ``mkdocs.yml``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

SECTION = "Games"
"""The nav entry this hook fills."""


def games_section() -> list[dict[str, str]]:
    """The nav items of the Games section: each game's title and page, in registry order."""
    src = str(Path(__file__).resolve().parents[2] / "src")
    if src not in sys.path:
        sys.path.insert(0, src)  # the docs build reads this checkout's registry
    import cardgames  # noqa: PLC0415 - after the path is set

    return [{game.title: f"games/{slug}.md"} for slug, game in cardgames.GAMES.items()]


def on_config(config: Any) -> Any:  # noqa: ANN401 - mkdocs' config object
    """Fill the Games section of ``config["nav"]`` from the registry."""
    for item in config["nav"]:
        if isinstance(item, dict) and SECTION in item:
            item[SECTION] = games_section()
    return config
