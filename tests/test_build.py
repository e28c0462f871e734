"""The build under test: pure Python or compiled by mypyc, the one asked for, behaving the same.

`make test` runs the whole suite on both builds and sets ``CARDGAMES_BUILD`` (``pure`` or
``compiled``) for each run; these tests pin that each run imported the build it was asked for,
that the compiled build compiled exactly the modules the mypyc hook lists, that states pickle
and copy in both, and that seeded matches of every game and player count produce byte-identical
JSON in both: the checked-in files of ``tests/golden/matches`` were written by the pure build.

Regenerate those files (only when a rule change is meant to change play) with
``python tests/test_build.py``.
"""

from __future__ import annotations

import copy
import os
import pickle
import random
import sys
import tomllib
import weakref
from pathlib import Path
from typing import Any

import pytest

import cardgames
from cardgames import _build
from cardgames._chain import Chain
from cardgames.engine import Game, State

ROOT = Path(__file__).resolve().parent.parent
MATCHES = Path(__file__).resolve().parent / "golden" / "matches"
CONFIGS = [
    (slug, players)
    for slug, game in cardgames.GAMES.items()
    for players in range(game.min_players, game.max_players + 1)
]
SEED = 2026


def _listed_for_mypyc() -> tuple[str, ...]:
    """The modules the mypyc hook of pyproject.toml compiles, as dotted names, sorted."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hook = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    return tuple(
        sorted(
            p.removeprefix("src/").removesuffix(".py").replace("/", ".") for p in hook["include"]
        )
    )


def _match(game: Game[Any], players: int) -> State[Any]:
    """A seeded random match to its end: each action chosen by a seeded ``random.Random``."""
    chooser = random.Random(SEED * 10 + players)
    state: State[Any] = game.new(players, seed=SEED + players)
    while not state.is_over:
        state = state.apply(chooser.choice(state.legal_actions()))
    return state


def _transcript(state: State[Any]) -> str:
    """The match's save, then what each seat saw of it, one JSON document a line."""
    views = [state.view(seat).to_json() for seat in range(state.players)]
    return "\n".join([state.to_json(), *views]) + "\n"


def test_build_is_the_one_asked_for() -> None:
    """``CARDGAMES_BUILD`` (``pure`` unless make says ``compiled``) names the build imported."""
    expected = os.environ.get("CARDGAMES_BUILD", "pure")
    assert expected in {"pure", "compiled"}, f"CARDGAMES_BUILD={expected!r}"
    assert (expected == "compiled") == _build.COMPILED, _build.describe()


def test_compiled_build_compiles_exactly_the_listed_modules() -> None:
    """The compiled build runs compiled exactly the modules the hook lists; the pure build none."""
    listed = _listed_for_mypyc()
    assert listed, "the mypyc hook lists no module"
    assert (listed if _build.COMPILED else ()) == _build.COMPILED_MODULES
    for name in listed:
        module = sys.modules.get(name) or __import__(name, fromlist=["_"])
        assert _build.is_compiled(module) == _build.COMPILED, name


@pytest.mark.parametrize("slug", list(cardgames.GAMES))
def test_every_game_s_rules_module_is_compiled(slug: str) -> None:
    """Each registered game's rules module (its `State`'s module) is on the mypyc list (issue 27).

    The hook's list is static configuration: this keeps it in step with the registry, so that a
    new game's rules are compiled without a second table to remember.
    """
    rules = cardgames.get_game(slug).State.__module__
    assert rules in _listed_for_mypyc(), f"{rules} is missing from the mypyc hook's include list"


@pytest.mark.parametrize(("slug", "players"), CONFIGS)
def test_states_pickle_and_copy_in_this_build(slug: str, players: int) -> None:
    """A state mid-match pickles to an equal state that plays on alike; copies are the state."""
    game = cardgames.get_game(slug)
    chooser = random.Random(players)
    state = game.new(players, seed=7)
    for _ in range(5):
        state = state.apply(chooser.choice(state.legal_actions()))
    loaded = pickle.loads(pickle.dumps(state))  # noqa: S301 - our own bytes
    assert loaded == state
    assert loaded.to_json() == state.to_json()
    assert loaded.legal_actions() == state.legal_actions()
    action = state.legal_actions()[-1]
    assert loaded.apply(action).to_json() == state.apply(action).to_json()
    assert copy.copy(state) is state
    assert copy.deepcopy(state) is state
    assert pickle.loads(pickle.dumps(game)) is game  # noqa: S301 - our own bytes


@pytest.mark.parametrize("slug", sorted(cardgames.GAMES))
def test_states_have_no_instance_dict_and_take_no_weak_reference(slug: str) -> None:
    """A state has neither an instance ``__dict__`` nor a weak-reference slot, in either build.

    The pure build's slots say so. A mypyc native class with a base mypyc does not compile
    (``Generic``, ``abc.ABC``) gains both, and on Python 3.11 it frees the weak references
    made to its instances while they are still held (mypyc/mypyc#1102): the garbage collector
    then crashes the interpreter (hypothesis takes a weak reference to every value it draws).
    The layout is read from the class, so that a broken build fails here without making one.
    """
    state = cardgames.get_game(slug).new(cardgames.get_game(slug).min_players, seed=3)
    cls = type(state)
    assert cls.__dictoffset__ == 0, f"{cls.__qualname__} instances have a __dict__"
    assert cls.__weakrefoffset__ == 0, f"{cls.__qualname__} instances take weak references"
    assert not hasattr(state, "__dict__")
    with pytest.raises(TypeError, match="cannot create weak reference"):
        weakref.ref(state)


def test_log_chains_have_no_instance_dict_and_take_no_weak_reference() -> None:
    """The history's chain nodes keep the slots-only layout too, in either build.

    `Chain` is generic, so compiled as a native class it would gain the layout whose weak
    references mypyc frees on Python 3.11 (see the test above); it stays interpreted.
    """
    chain = Chain[int]().push(1)
    assert type(chain).__dictoffset__ == 0
    assert type(chain).__weakrefoffset__ == 0
    with pytest.raises(TypeError, match="cannot create weak reference"):
        weakref.ref(chain)


@pytest.mark.parametrize(("slug", "players"), CONFIGS)
def test_seeded_match_json_is_byte_identical_to_the_golden_file(slug: str, players: int) -> None:
    """A seeded match's save and views are byte for byte those the pure build wrote."""
    golden = (MATCHES / f"{slug}-{players}p.jsonl").read_text(encoding="utf-8")
    assert _transcript(_match(cardgames.get_game(slug), players)) == golden


if __name__ == "__main__":
    MATCHES.mkdir(parents=True, exist_ok=True)
    for slug, players in CONFIGS:
        path = MATCHES / f"{slug}-{players}p.jsonl"
        path.write_text(_transcript(_match(cardgames.get_game(slug), players)), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")  # noqa: T201 - the regeneration's report
