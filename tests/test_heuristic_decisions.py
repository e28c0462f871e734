"""The heuristic bots choose today what they chose when their decisions were recorded (issue 28).

For Crazy Mistigri, Kitten tricks and Crazy Animals, at each player count, seeded matches are
played between a mix of seats: the heuristic bot (`medium`), `CasualBot` (`easy`, which wraps
the heuristic) and `RandomBot`, which steers play into varied positions and rare steps. Every
decision of a heuristic or casual seat is checked against ``tests/golden/heuristic_decisions``:
the step, the action chosen (its JSON form) and, where the bot drew from its
``random.Random``, a digest of the generator's state after the decision, so that a faster bot
must also draw the same numbers. Random seats' moves are replayed, not recorded.

Regenerate the files (only when a bot's behaviour is meant to change) with
``python tests/test_heuristic_decisions.py``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

import cardgames
from cardgames.bots import RandomBot, heuristic_bot
from cardgames.bots.levels import CasualBot
from cardgames.engine import Action

ROOT = Path(__file__).resolve().parent.parent
DECISIONS = Path(__file__).resolve().parent / "golden" / "heuristic_decisions"
SLUGS = ("crazy-mistigri", "kitten-tricks", "crazy-animals")
MATCHES = {"crazy-mistigri": 12, "kitten-tricks": 9, "crazy-animals": 9}
"""Seeded matches per player count: a few thousand recorded decisions per game."""
KINDS = ("heuristic", "casual", "random")
RARE_STEPS = {
    "crazy-mistigri": {
        "give-card",
        "pile-pick",
        "swap-with-pile",
        "force-card-or-reverse",
        "swap-later-or-reverse",
        "discard-ones-or-reverse",
        "second-pair-or-end-turn",
    },
    "kitten-tricks": set(),
    "crazy-animals": {"drawn", "draw-two", "knock"},
}
"""Steps each game's recording must reach, so that the rare decisions are pinned too."""


def _seats(match: int, players: int) -> list[str]:
    """Which kind of bot plays each seat in match number ``match``: the three kinds in turn."""
    return [KINDS[(match + seat) % len(KINDS)] for seat in range(players)]


def _bot(slug: str, kind: str) -> Any:  # noqa: ANN401 - any bot
    if kind == "heuristic":
        return heuristic_bot(slug)
    if kind == "casual":
        return CasualBot(slug)
    return RandomBot()


def _digest(rng: random.Random) -> str:
    """A short digest of the generator's state."""
    return hashlib.sha256(repr(rng.getstate()).encode()).hexdigest()[:12]


def _record(action: Action, step: str, before: str, rng: random.Random) -> list[str]:
    """One decision: its step, its action's JSON and, if the bot drew numbers, the rng's digest."""
    after = _digest(rng)
    entry = [step, action.to_json()]
    if after != before:
        entry.append(after)
    return entry


def _play(slug: str, players: int, match: int) -> dict[str, Any]:
    """A seeded mixed match to its end, with every heuristic and casual decision recorded."""
    game = cardgames.get_game(slug)
    kinds = _seats(match, players)
    bots = [_bot(slug, kind) for kind in kinds]
    rngs = [random.Random(f"{slug}/{players}/{match}/{seat}") for seat in range(players)]
    state = game.new(players, seed=1000 * players + match)
    decisions: list[list[str]] = []
    while not state.is_over:
        seat = state.to_move
        view = state.view(seat)
        before = _digest(rngs[seat]) if kinds[seat] != "random" else ""
        action = bots[seat].choose(view, rngs[seat])
        if kinds[seat] != "random":
            decisions.append(_record(action, str(getattr(view, "step", "")), before, rngs[seat]))
        state = state.apply(action)
    return {"players": players, "match": match, "seats": kinds, "decisions": decisions}


def _recording(slug: str) -> list[dict[str, Any]]:
    """Every match of ``slug``'s recording, each player count in turn."""
    game = cardgames.get_game(slug)
    return [
        _play(slug, players, match)
        for players in range(game.min_players, game.max_players + 1)
        for match in range(MATCHES[slug])
    ]


def _dump(recording: list[dict[str, Any]]) -> str:
    """The recording as JSON text, one match a line, one decision a line."""
    lines = ["["]
    for index, match in enumerate(recording):
        head = {k: v for k, v in match.items() if k != "decisions"}
        lines.append(f"  {json.dumps(head)[:-1]}, " + '"decisions": [')
        rows = [f"    {json.dumps(entry)}" for entry in match["decisions"]]
        lines.append(",\n".join(rows))
        lines.append("  ]}" + ("," if index < len(recording) - 1 else ""))
    lines.append("]")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("slug", SLUGS)
def test_heuristic_and_casual_bots_choose_as_recorded(slug: str) -> None:
    """Each recorded decision is chosen again: same action, same numbers drawn from the rng."""
    recorded = json.loads((DECISIONS / f"{slug}.json").read_text(encoding="utf-8"))
    replayed = json.loads(_dump(_recording(slug)))
    assert len(replayed) == len(recorded)
    for old, new in zip(recorded, replayed, strict=True):
        where = f"{slug}, {old['players']} players, match {old['match']}"
        assert new["seats"] == old["seats"], where
        for index, (was, now) in enumerate(zip(old["decisions"], new["decisions"], strict=False)):
            assert now == was, f"{where}, decision {index}"
        assert len(new["decisions"]) == len(old["decisions"]), where


@pytest.mark.parametrize("slug", SLUGS)
def test_recording_reaches_the_rare_steps(slug: str) -> None:
    """The recorded decisions include every rare step of the game, and thousands in all."""
    recorded = json.loads((DECISIONS / f"{slug}.json").read_text(encoding="utf-8"))
    entries = [entry for match in recorded for entry in match["decisions"]]
    steps = {entry[0] for entry in entries}
    assert RARE_STEPS[slug] <= steps, RARE_STEPS[slug] - steps
    assert len(entries) >= 2000  # a few thousand decisions per game
    assert any(len(entry) == 3 for entry in entries)  # some drew from the rng


if __name__ == "__main__":
    DECISIONS.mkdir(parents=True, exist_ok=True)
    for name in SLUGS:
        path = DECISIONS / f"{name}.json"
        data = _recording(name)
        path.write_text(_dump(data), encoding="utf-8")
        count = sum(len(m["decisions"]) for m in data)
        print(f"wrote {path.relative_to(ROOT)}: {count} decisions")  # noqa: T201 - its report
