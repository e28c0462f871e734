"""Each game page tables its action indices and observation fields as the code lays them out.

The tables sit between ``<!-- encoding tables -->`` and ``<!-- end of encoding tables -->`` on
each game's page; ``python tests/test_encoding_docs.py`` rewrites them from the code.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest

import cardgames
from cardgames.encoding import ActionSpace, Observer
from cardgames.engine import Game

DOCS = Path(__file__).resolve().parent.parent / "docs" / "games"
START, END = "<!-- encoding tables -->", "<!-- end of encoding tables -->"


def _number(value: float) -> str:
    return "∞" if math.isinf(value) else f"{value:g}"


def _joined(values: list[str]) -> str:
    return values[0] if len(set(values)) == 1 else " / ".join(values)


def tables(game: Game[Any]) -> str:
    """The Markdown tables of ``game``'s index space and observation, for every player count."""
    counts = list(range(game.min_players, game.max_players + 1))
    spaces = [ActionSpace(game, n) for n in counts]
    observers = [Observer(game, n) for n in counts]
    heads = " | ".join(f"{n} players" for n in counts)
    lines = [
        (
            "Action indices ([`ActionSpace`][cardgames.encoding.ActionSpace]), first to last index "
            "of each kind:"
        ),
        "",
        f"| kind | {heads} |",
        "| --- |" + " --- |" * len(counts),
    ]
    for k, (kind, _, _) in enumerate(spaces[0].describe()):
        cells = []
        for space in spaces:
            _, first, count = space.describe()[k]
            cells.append(f"{first}-{first + count - 1}" if count > 1 else f"{first}")
        lines.append(f"| `{kind}` | " + " | ".join(cells) + " |")
    lines.append("| all | " + " | ".join(str(s.size) for s in spaces) + " |")
    lines += [
        "",
        (
            "Observation fields ([`Observer`][cardgames.encoding.Observer]), in order; lengths and "
            f"ranges for {', '.join(map(str, counts))} players:"
        ),
        "",
        "| field | meaning | length | range |",
        "| --- | --- | --- | --- |",
    ]
    for k, (name, *_, meaning) in enumerate(observers[0].describe()):
        rows = [o.describe()[k] for o in observers]
        length = _joined([str(r[2]) for r in rows])
        span = _joined([f"{_number(r[3])}..{_number(r[4])}" for r in rows])
        lines.append(f"| `{name}` | {meaning} | {length} | {span} |")
    lines.append("| all | | " + _joined([str(o.size) for o in observers]) + " | |")
    return "\n".join(lines)


def _section(text: str) -> str | None:
    match = re.search(re.escape(START) + r"\n(.*?)\n" + re.escape(END), text, re.DOTALL)
    return None if match is None else match[1]


@pytest.mark.parametrize("game", list(cardgames.GAMES.values()), ids=list(cardgames.GAMES))
def test_game_page_tables_the_encoding(game: Game[Any]) -> None:
    """The game's page shows the index space and observation layout the code has."""
    page = (DOCS / f"{game.slug}.md").read_text(encoding="utf-8")
    assert _section(page) == tables(game), "run: python tests/test_encoding_docs.py"


def _write() -> None:
    for game in cardgames.GAMES.values():
        path = DOCS / f"{game.slug}.md"
        text = path.read_text(encoding="utf-8")
        if _section(text) is None:
            msg = f"{path} has no {START} ... {END} section"
            raise SystemExit(msg)
        before, _, rest = text.partition(START + "\n")
        _, _, after = rest.partition("\n" + END)
        path.write_text(f"{before}{START}\n{tables(game)}\n{END}{after}", encoding="utf-8")


if __name__ == "__main__":
    _write()
