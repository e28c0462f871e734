"""Hypothesis strategies shared by the test suite: games, matches, documents and mutations."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from typing import Any

from hypothesis import strategies as st

from cardgames.engine import Game, State
from tested import GAMES, SUPPORT

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
"""Any valid match seed."""

LARGE_SEEDS = st.integers(min_value=10**9, max_value=2**64 - 1)
"""Seeds long enough that finding one in a view's JSON cannot be a coincidence."""


@st.composite
def game_and_players(
    draw: st.DrawFn, games: Mapping[str, Game[Any]] = GAMES
) -> tuple[Game[Any], int]:
    """A game and a player count it allows.

    By default any tested game, those written for the tests included; a test of machinery that
    needs the registry or a game's parts passes ``cardgames.GAMES``.
    """
    game = draw(st.sampled_from(list(games.values())))
    players = draw(st.integers(min_value=game.min_players, max_value=game.max_players))
    return game, players


CHOICES = st.lists(st.integers(min_value=0, max_value=2**16), max_size=400)
"""Indices into successive ``legal_actions()`` tuples (taken modulo their length)."""


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
"""Arbitrary JSON values, to put where a document expects something else."""


# -- saved documents and their mutations (the untrusted-input fuzzer) --------------------------


def _scenario_from_deal(game: Game[Any], players: int, seed: int) -> State[Any]:
    """A scenario state of ``game`` built from the zones of a fresh deal (a setup document)."""
    build = SUPPORT[game.slug].scenario_from_zones
    return build(game.new(players, seed=seed).zones(), players, seed)


@st.composite
def saved_documents(draw: st.DrawFn) -> tuple[Game[Any], str]:
    """A real document: a random point of a random match, dealt or from a scenario setup."""
    game, players = draw(game_and_players())
    seed = draw(st.integers(min_value=0, max_value=2**32))
    if draw(st.booleans()):
        state = _scenario_from_deal(game, players, seed)
    else:
        state = game.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(draw(st.integers(min_value=0, max_value=120))):
        legal = state.legal_actions()
        if not legal:
            break
        state = state.apply(rng.choice(legal))
    return game, state.to_json()


def _containers(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:  # noqa: ANN401
    """The paths of every object and array inside a JSON document, the root included."""
    found = [path] if isinstance(value, dict | list) else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _containers(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _containers(item, (*path, i))
    return found


def _at(doc: Any, path: tuple[Any, ...]) -> Any:  # noqa: ANN401
    for step in path:
        doc = doc[step]
    return doc


def _lists(doc: Any) -> list[Any]:  # noqa: ANN401 - doc is any JSON value
    return [_at(doc, p) for p in _containers(doc) if isinstance(_at(doc, p), list)]


def _dicts(doc: Any) -> list[Any]:  # noqa: ANN401
    return [_at(doc, p) for p in _containers(doc) if isinstance(_at(doc, p), dict)]


def _keyed(draw: st.DrawFn, doc: Any, kind: str) -> None:  # noqa: ANN401
    """Delete, add or retype a key of one object."""
    target = draw(st.sampled_from(_dicts(doc)))
    if kind == "add-key":
        target[draw(st.text(max_size=8))] = draw(JSON_VALUES)
    elif target:
        key = draw(st.sampled_from(sorted(target)))
        if kind == "delete-key":
            del target[key]
        else:
            target[key] = draw(JSON_VALUES)


def _nudge(draw: st.DrawFn, doc: Any) -> None:  # noqa: ANN401
    """One integer one more or one less: a player count, a seat, a slot, a position."""
    spots = [
        (container, key)
        for container in _lists(doc) + _dicts(doc)
        for key, value in (
            enumerate(container) if isinstance(container, list) else container.items()
        )
        if isinstance(value, int) and not isinstance(value, bool)
    ]
    if spots:
        container, key = draw(st.sampled_from(spots))
        container[key] += draw(st.sampled_from([-1, 1]))


def _reseat(draw: st.DrawFn, doc: Any) -> None:  # noqa: ANN401
    """Another player count, with some of the per-seat arrays resized to it and others not."""
    players = doc.get("players") if isinstance(doc, dict) else None
    if not isinstance(players, int) or isinstance(players, bool):
        return
    doc["players"] = players + draw(st.sampled_from([-1, 1]))
    for array in _lists(doc):
        if len(array) == players and array and draw(st.booleans()):
            if doc["players"] < players:
                array.pop()
            else:
                array.append(copy.deepcopy(array[-1]))


def _reshape(draw: st.DrawFn, doc: Any, kind: str) -> None:  # noqa: ANN401
    """Shrink, grow, swap, duplicate, move or merge the items of arrays (hands, cards, slots)."""
    arrays = _lists(doc)
    nonempty = [a for a in arrays if a]
    if not nonempty:
        return
    target = draw(st.sampled_from(nonempty))
    i = draw(st.integers(min_value=0, max_value=len(target) - 1))
    j = draw(st.integers(min_value=0, max_value=len(target) - 1))
    # Items are copied, never shared: a document whose arrays share an item could come to hold
    # itself (an array moved or merged into one of its own items), which JSON cannot.
    if kind == "shrink":
        del target[i]
    elif kind == "grow":
        target.insert(j, copy.deepcopy(target[i]))
    elif kind == "swap":
        target[i], target[j] = target[j], target[i]
    elif kind == "duplicate":
        target[j] = copy.deepcopy(target[i])
    elif kind == "move":  # an item to another array: a card from one hand to another
        # Into an array still in the document: never into the item itself or one of its own.
        moved = target.pop(i)
        draw(st.sampled_from(_lists(doc))).append(moved)
    elif i != j and isinstance(target[i], list) and isinstance(target[j], list):
        target[j].extend(target.pop(i))  # merge: a hand fewer, its cards in another hand


_MUTATIONS = (
    *("delete-key", "add-key", "retype", "nudge", "reseat"),
    *("shrink", "grow", "swap", "duplicate", "move", "merge"),
    *("reseat", "merge", "reseat"),  # twice as likely: the faults that load are per-seat ones
)


def _mutate(draw: st.DrawFn, doc: Any) -> None:  # noqa: ANN401
    """Apply one random structural mutation to ``doc``, in place."""
    kind = draw(st.sampled_from(_MUTATIONS))
    if kind in {"delete-key", "add-key", "retype"}:
        _keyed(draw, doc, kind)
    elif kind == "nudge":
        _nudge(draw, doc)
    elif kind == "reseat":
        _reseat(draw, doc)
    else:
        _reshape(draw, doc, kind)


@st.composite
def mutated_documents(draw: st.DrawFn) -> tuple[Game[Any], str]:
    """A real document after one to three structural mutations, perhaps truncated."""
    game, text = draw(saved_documents())
    doc = json.loads(text)
    for _ in range(draw(st.sampled_from([1, 1, 2, 3]))):
        _mutate(draw, doc)
    out = json.dumps(doc, separators=(",", ":"))
    if draw(st.integers(min_value=0, max_value=9)) == 0:
        out = out[: draw(st.integers(min_value=0, max_value=len(out)))]
    return game, out
