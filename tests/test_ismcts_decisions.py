"""ISMCTS chooses today what it chose when its decisions were recorded (issue 28).

A search with an iteration budget is deterministic, so a faster descent, tree or
backpropagation must leave every choice as it was. For Crazy Mistigri, Kitten tricks and Crazy
Animals, at each player count, a seeded random match is played, and at its first decisions
with more than one distinct legal action three searches choose from the mover's view: random
simulations with every seat in the tree, random simulations with the observer's decisions
alone in the tree, and the heuristic bot as playout bot and prior. Each is checked against
``tests/golden/ismcts_decisions.json``: the action chosen (its JSON form) and a digest of the
generator's state after the search, so that every world sampled, every random choice of the
descent and every simulation must draw the same numbers as before.

Regenerate the file (only when the search's behaviour is meant to change) with
``python tests/test_ismcts_decisions.py``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

import cardgames
from cardgames.bots import ISMCTSBot, heuristic_bot

ROOT = Path(__file__).resolve().parent.parent
RECORDING = Path(__file__).resolve().parent / "golden" / "ismcts_decisions.json"
SLUGS = ("crazy-mistigri", "kitten-tricks", "crazy-animals")
DECISIONS = 3
"""Decisions searched per match (each by every search of `_searches`)."""


def _searches(slug: str) -> dict[str, ISMCTSBot]:
    """The searches recorded, by name: random simulations (two tree shapes) and heuristic ones."""
    return {
        "random": ISMCTSBot(60),
        "own-tree": ISMCTSBot(60, search_opponents=False),
        "heuristic": ISMCTSBot(4, playout=heuristic_bot(slug)),
    }


def _digest(rng: random.Random) -> str:
    """A short digest of the generator's state."""
    return hashlib.sha256(repr(rng.getstate()).encode()).hexdigest()[:12]


def _play(slug: str, players: int) -> dict[str, Any]:
    """A seeded random match of ``slug``, its first `DECISIONS` real decisions searched."""
    game = cardgames.get_game(slug)
    searches = _searches(slug)
    mover = random.Random(f"{slug}/{players}")
    state = game.new(players, seed=100 + players)
    decisions: list[dict[str, Any]] = []
    while not state.is_over and len(decisions) < DECISIONS:
        view = state.view(state.to_move)
        legal = view.legal_actions
        if len({type(a) if type(a).interchangeable else a for a in legal}) > 1:
            entry: dict[str, Any] = {"step": len(state.history)}
            for name, bot in searches.items():
                rng = random.Random(f"{slug}/{players}/{len(decisions)}")
                entry[name] = [bot.choose(view, rng).to_json(), _digest(rng)]
            decisions.append(entry)
        state = state.apply(legal[mover.randrange(len(legal))])
    return {"players": players, "decisions": decisions}


def _recording(slug: str) -> list[dict[str, Any]]:
    """Every match of ``slug``'s recording, one per player count."""
    game = cardgames.get_game(slug)
    return [_play(slug, players) for players in range(game.min_players, game.max_players + 1)]


def _dump(recording: dict[str, list[dict[str, Any]]]) -> str:
    """The recording as JSON text, one decision a line."""
    lines = ["{"]
    for number, (slug, matches) in enumerate(recording.items()):
        lines.append(f"  {json.dumps(slug)}: [")
        for index, match in enumerate(matches):
            lines.append(f'    {{"players": {match["players"]}, "decisions": [')
            rows = [f"      {json.dumps(entry)}" for entry in match["decisions"]]
            lines.append(",\n".join(rows))
            lines.append("    ]}" + ("," if index < len(matches) - 1 else ""))
        lines.append("  ]" + ("," if number < len(recording) - 1 else ""))
    lines.append("}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("slug", SLUGS)
def test_ismcts_chooses_as_recorded(slug: str) -> None:
    """Each recorded search chooses the same action again, drawing the same numbers."""
    recorded = json.loads(RECORDING.read_text(encoding="utf-8"))[slug]
    replayed = json.loads(_dump({slug: _recording(slug)}))[slug]
    assert len(replayed) == len(recorded)
    for old, new in zip(recorded, replayed, strict=True):
        assert len(old["decisions"]) == DECISIONS, old["players"]
        for index, (was, now) in enumerate(zip(old["decisions"], new["decisions"], strict=True)):
            assert now == was, f"{slug}, {old['players']} players, decision {index}"


if __name__ == "__main__":
    RECORDING.write_text(_dump({slug: _recording(slug) for slug in SLUGS}), encoding="utf-8")
    print(f"wrote {RECORDING.relative_to(ROOT)}")  # noqa: T201 - its report
