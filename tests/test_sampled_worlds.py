"""The same ``rng`` state samples the same worlds as when they were recorded (issue 28).

Search bots draw one world per iteration with `Game.sample_world`; a faster sampler must deal
exactly the worlds the recorded one dealt, so that the bots' decisions and the strength
figures stay the same. For every game and player count, seeded matches are played by random
moves; at some of their decisions a few worlds are drawn in a row from the mover's view and
from another seat's, with one seeded generator per view (as a search does). Each world's
position, field by field, and its seed go into one digest per game, recorded in ``DIGESTS``.

Regenerate the digests (only when the worlds are meant to change) with
``python tests/test_sampled_worlds.py``.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

import cardgames
from cardgames.engine import View
from support import run_benchmark

MATCHES = 3
"""Seeded matches per player count."""
EVERY = 7
"""Worlds are drawn at every seventh action of a match."""
WORLDS = 4
"""Worlds drawn in a row from each view."""

DIGESTS = {
    "classic-mistigri": "68aae364d696d2e2",
    "crazy-mistigri": "16d9a34de356aaa5",
    "kitten-tricks": "9f17014db4ae7c4c",
    "crazy-animals": "a0af9247207a7ca9",
}
"""The recorded digest of each game's worlds (see the module docstring)."""

INFORMED_DIGEST = "7bd5072dc91aa8dd"
"""The recorded digest of Crazy Animals' informed worlds (``informed=True``)."""


def _plain(value: object) -> object:
    """A record's fields, recursively, as plain values whose ``repr`` is the same in both builds."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, tuple | list):
        return tuple(_plain(v) for v in value)
    reduced = value.__reduce__()
    if (
        isinstance(reduced, tuple)
        and len(reduced) == 2
        and isinstance(reduced[1], tuple)
        and len(reduced[1]) == 2
        and isinstance(reduced[1][1], dict)
    ):
        fields = reduced[1][1]
        return (type(value).__name__, tuple((k, _plain(v)) for k, v in sorted(fields.items())))
    return repr(value)


def _views(slug: str) -> list[View]:
    """The views worlds are drawn from: the mover's and the next seat's, every `EVERY` actions."""
    game = cardgames.GAMES[slug]
    views: list[View] = []
    for players in range(game.min_players, game.max_players + 1):
        for match in range(MATCHES):
            mover = random.Random(match)
            state = game.new(players, seed=match)
            actions = 0
            while not state.is_over:
                if actions % EVERY == 0:
                    seat = state.to_move
                    assert seat is not None
                    views.append(state.view(seat))
                    views.append(state.view((seat + 1) % players))
                legal = state.legal_actions()
                state = state.apply(legal[mover.randrange(len(legal))])
                actions += 1
    return views


def _digest(slug: str, views: list[View], *, informed: bool = False) -> str:
    """The digest of `WORLDS` worlds drawn in a row from each view, one generator per view."""
    game = cardgames.GAMES[slug]
    digest = hashlib.sha256()
    for number, view in enumerate(views):
        rng = random.Random(number)
        for _ in range(WORLDS):
            world: Any = game.sample_world(view, rng, informed=informed)
            digest.update(repr((world.seed, _plain(world._pos))).encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize("slug", sorted(DIGESTS))
def test_the_same_draws_sample_the_same_worlds(slug: str) -> None:
    """Each game's sampler deals, from the same generator states, its recorded worlds."""
    assert _digest(slug, _views(slug)) == DIGESTS[slug]


def test_the_same_draws_sample_the_same_informed_worlds() -> None:
    """Crazy Animals' informed sampler deals the informed worlds it was recorded with."""
    views = _views("crazy-animals")[::9]
    assert _digest("crazy-animals", views, informed=True) == INFORMED_DIGEST


@pytest.mark.parametrize("slug", sorted(DIGESTS))
def test_views_taken_in_turns_sample_as_views_taken_alone(slug: str) -> None:
    """Worlds drawn from views in turns equal those drawn from each view alone (no leak)."""
    game = cardgames.GAMES[slug]
    views = _views(slug)[:40]
    alone = []
    for number, view in enumerate(views):
        rng = random.Random(number)
        alone.append([_plain(game.sample_world(view, rng)._pos) for _ in range(3)])
    rngs = [random.Random(number) for number in range(len(views))]
    in_turns: list[list[object]] = [[] for _ in views]
    for _ in range(3):
        for number, view in enumerate(views):
            in_turns[number].append(_plain(game.sample_world(view, rngs[number])._pos))
    assert in_turns == alone


def test_sampling_benchmark_prints_microseconds_per_world() -> None:
    """benchmarks/sampling.py prints a positive µs per world for each chosen game and count."""
    args = ["--views", "3", "--worlds", "4", "--repeat", "1", "--game", "kitten-tricks"]
    args += ["--players", "3", "--informed", "--compiled-python", "no-such-python"]
    done = run_benchmark("sampling.py", args)
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ")][2:]
    assert [row.split(" | ")[:3] for row in rows] == [
        ["| kitten-tricks", "3", "pure"],
        ["| crazy-animals (informed)", "3", "pure"],
    ]
    assert all(float(row.split(" | ")[3].replace(",", "")) > 0 for row in rows)


if __name__ == "__main__":  # regenerate the recorded digests
    for name in sorted(DIGESTS):
        print(f'    "{name}": "{_digest(name, _views(name))}",')  # noqa: T201 - its report
    informed = _digest("crazy-animals", _views("crazy-animals")[::9], informed=True)
    print(f'INFORMED_DIGEST = "{informed}"')  # noqa: T201 - its report
