"""Loading never computes, every bot option has a bound, bad input gives clear errors.

Issue 25, fault 5: `Table.from_json` played the bots of a document at a bot's turn, ISMCTS
`iterations` had no upper limit, huge floats raised `OverflowError` and an unhashable `playout`
raised `TypeError`. Fault 6: seat numbers such as `"²"` (which passes `str.isdigit()`) or
an Arabic-Indic 1 (which `int()` reads as 1), and a `bots` value that is a list.
"""

from __future__ import annotations

import json
import math
import time
from typing import Any

import pytest

from cardgames.arena import BotSpec
from cardgames.bots import ISMCTSBot
from cardgames.bots.ismcts import BOUNDS, MAX_ITERATIONS, MAX_SECONDS
from cardgames.engine import MAX_JSON_LENGTH
from cardgames.errors import InvalidCursorError, InvalidSetupError, InvalidStateError
from cardgames.protocol import handle
from cardgames.table import Table, decide

ARABIC_ONE = "\u0661"
"""An Arabic-Indic digit one: `str.isdigit()` accepts it and `int()` reads it as 1."""

_OUT_OF_BOUNDS: list[tuple[str, object]] = [
    ("iterations", 0),
    ("iterations", MAX_ITERATIONS + 1),
    ("iterations", 10**9),
    ("iterations", 10**400),
    ("iterations", 2.0),
    ("iterations", True),
    ("iterations", "200"),
    ("seconds", 0),
    ("seconds", -1.0),
    ("seconds", MAX_SECONDS * 2),
    ("seconds", math.inf),
    ("seconds", math.nan),
    ("exploration", 10**400),
    ("exploration", -(10**400)),
    ("exploration", math.inf),
    ("exploration", math.nan),
    ("exploration", 1e308),
    ("prior_weight", -0.5),
    ("prior_weight", 10**400),
    ("margin_weight", 1.5),
    ("margin_weight", "0.5"),
    ("playout", []),
    ("playout", {}),
    ("playout", ["heuristic"]),
    ("playout", "smart"),
    ("playout", 3),
    ("search_opponents", 1),
    ("search_opponents", "true"),
    ("search_opponents", []),
    ("depth", 3),
]


@pytest.mark.parametrize(("name", "value"), _OUT_OF_BOUNDS)
def test_fault_5_an_option_out_of_its_bounds_is_refused_by_the_spec(
    name: str, value: object
) -> None:
    """Every ismcts option is bounded: `InvalidSetupError`, never `OverflowError` or `TypeError`."""
    with pytest.raises(InvalidSetupError, match=name):
        BotSpec("ismcts", {name: value})


@pytest.mark.parametrize(("name", "value"), _OUT_OF_BOUNDS)
def test_fault_5_an_option_out_of_its_bounds_is_refused_in_a_saved_table(
    name: str, value: object
) -> None:
    """A saved table whose bot has an option out of bounds raises `InvalidStateError` only."""
    doc = json.loads(Table.new("kitten-tricks", players=3, bots={1: "ismcts"}, seed=1).to_json())
    doc["bots"][0]["options"] = {name: value}
    # NaN and Infinity are not JSON; a forger writes 1e999, which Python's json reads as inf.
    text = json.dumps(doc).replace("NaN", "1e999").replace("Infinity", "1e999")
    with pytest.raises(InvalidStateError, match=r"bots\[0\]"):
        Table.from_json(text)


@pytest.mark.parametrize(
    "text",
    [
        "ismcts:iterations=1000000000",
        "ismcts:iterations=1e999",
        "ismcts:exploration=1e999",
        "ismcts:exploration=" + "9" * 5000,
        "ismcts:prior_weight=-1e999",
        "ismcts:iterations=²",
        "ismcts:iterations=\u0661\u0660\u0660",
        "ismcts:iterations=1_000",
        "ismcts:seconds=0",
        "ismcts:seconds=nan",
        "ismcts:" + "x=1:" * 100,
    ],
)
def test_fault_5_a_spec_text_out_of_bounds_is_refused(text: str) -> None:
    """Spec text is read in ASCII digits and checked against the bounds, with one error type."""
    with pytest.raises(InvalidSetupError):
        BotSpec.parse(text)


def test_the_bounds_themselves_are_accepted() -> None:
    """Each bound is inclusive: a spec at the very limits parses and builds."""
    options = {name: high for name, (_, high) in BOUNDS.items()}
    spec = BotSpec("ismcts", options)
    bot = spec.build("crazy-animals")
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iterations, bot.seconds) == (MAX_ITERATIONS, MAX_SECONDS)
    low = BotSpec.parse("ismcts:iterations=1:seconds=0.001:exploration=0:margin_weight=0")
    assert dict(low.options)["seconds"] == 0.001
    assert BotSpec.parse("ismcts:seconds=0.5").label == "ismcts:seconds=0.5"


@pytest.mark.parametrize(("name", "value"), [(n, v) for n, v in _OUT_OF_BOUNDS[:20]])
def test_ismcts_bot_checks_the_same_bounds(name: str, value: object) -> None:
    """`ISMCTSBot` built directly refuses what the spec refuses, with `InvalidSetupError`."""
    if name == "iterations":
        with pytest.raises(InvalidSetupError, match=name):
            ISMCTSBot(value)
    else:
        with pytest.raises(InvalidSetupError, match=name):
            ISMCTSBot(10, **{name: value})  # type: ignore[arg-type]


def test_fault_5_a_time_budget_answers_in_time_whatever_the_iterations() -> None:
    """`seconds` bounds a decision even at `MAX_ITERATIONS` on the dearest first move.

    One iteration of a 5-player Kitten tricks match's first decision costs about 0.2 s of CPU,
    so the budget is checked inside the simulations, not only between iterations.
    """
    spec = f"ismcts:iterations={MAX_ITERATIONS}:seconds=0.2"
    table = Table.new("kitten-tricks", players=5, bots=dict.fromkeys(range(5), spec), seed=1)
    turn = table.bot_turn()
    assert turn is not None
    start = time.perf_counter()
    move = decide(turn)
    elapsed = time.perf_counter() - start
    assert move.action in turn.view.legal_actions
    assert elapsed < 1.0, elapsed  # 0.2 s and one move, with room for a loaded machine


def test_a_budget_too_short_for_one_simulation_answers_as_the_playout_bot() -> None:
    """With no simulation finished in time, ISMCTS plays its playout bot's (legal) choice."""
    table = Table.new("kitten-tricks", players=5, bots={0: "ismcts:seconds=0.001"}, seed=1)
    turn = table.bot_turn()
    assert turn is not None
    assert decide(turn).action in turn.view.legal_actions


# -- loading never computes --------------------------------------------------------------------


def _saved(bots: dict[int, str]) -> dict[str, Any]:
    table = Table.new("crazy-animals", players=3, bots=bots, seed=4)
    return json.loads(table.to_json())  # type: ignore[no-any-return]


def test_fault_5_a_document_at_an_expensive_bots_turn_loads_at_once() -> None:
    """A table whose ISMCTS bot is to move loads without searching: the bots wait to be asked."""
    doc = _saved({0: f"ismcts:iterations={MAX_ITERATIONS}", 1: "heuristic", 2: "heuristic"})
    text = json.dumps(doc, separators=(",", ":"))
    start = time.perf_counter()
    loaded = Table.from_json(text)
    assert time.perf_counter() - start < 1.0
    assert loaded.to_json() == text
    assert loaded.bot_turn() is not None


def _hostile(kind: str, size: int) -> str:
    """A table document about `size` characters long, wrong in the way `kind` says."""
    doc = _saved({1: "heuristic"})
    if kind == "names":
        doc["names"] = ["A"] * (size // 4)
    elif kind == "bots":
        doc["bots"] = [dict(doc["bots"][0])] * (size // 3500)
    elif kind == "options":
        doc["bots"][0]["kind"] = "ismcts"
        doc["bots"][0]["options"] = {f"o{i}": i for i in range(size // 18)}
    elif kind == "option-value":
        doc["bots"][0]["kind"] = "ismcts"
        doc["bots"][0]["options"] = {"playout": ["heuristic"] * (size // 13)}
    elif kind == "rng":
        doc["bots"][0]["rng"] = "A" * size
    elif kind == "history":
        doc["state"]["history"] = doc["state"]["history"] + [[0, 0]] * (size // 6)
    else:
        doc["bots"][0]["seat"] = 10 ** min(size, 4000)
    return json.dumps(doc, separators=(",", ":"))


@pytest.mark.parametrize(
    "kind", ["names", "bots", "options", "option-value", "rng", "history", "seat"]
)
def test_fault_5_a_hostile_document_is_refused_in_time_linear_in_its_size(kind: str) -> None:
    """Counts and sizes are bounded before any work: a near-limit forgery is refused fast.

    A document a hundred times longer takes at most a few hundred times as long (a quadratic
    step would take ten thousand times), and under a few seconds at the length limit.
    """
    small, large = _hostile(kind, 40_000), _hostile(kind, MAX_JSON_LENGTH - 100_000)
    assert len(large) <= MAX_JSON_LENGTH
    # CPU time, the best of a few runs for the small one: the machine is shared.
    small_seconds = min(_refusal_seconds(small) for _ in range(3))
    large_seconds = _refusal_seconds(large)
    assert large_seconds < 5.0, large_seconds
    assert large_seconds < 400 * max(small_seconds, 0.005), (small_seconds, large_seconds)


def _refusal_seconds(text: str) -> float:
    start = time.process_time()
    with pytest.raises(InvalidStateError):
        Table.from_json(text)
    return time.process_time() - start


# -- bad input gives clear errors (fault 6) ------------------------------------------------------


@pytest.mark.parametrize("key", ["²", ARABIC_ONE, "1", " 1", "01", 1.0, None])
def test_fault_6_a_seat_that_is_no_int_is_refused_as_a_bots_key(key: object) -> None:
    """A `bots` key must be an int seat: `"²"`, an Arabic-Indic 1 and `"1"` are never seat 1."""
    with pytest.raises(InvalidSetupError, match="a bot sits at seat"):
        Table.new("kitten-tricks", players=3, bots={key: "random"})  # type: ignore[dict-item]


@pytest.mark.parametrize("bot", [["random"], {"kind": "random"}, 3, None])
def test_fault_6_a_bots_value_that_is_no_spec_is_refused(bot: object) -> None:
    """A `bots` value that is a list (or anything but a spec or its text) is refused."""
    with pytest.raises(InvalidSetupError, match="must be a BotSpec or a spec's text"):
        Table.new("kitten-tricks", players=3, bots={1: bot})  # type: ignore[dict-item]


@pytest.mark.parametrize("seat", ["²", ARABIC_ONE, "1", 1.0, True, [1]])
def test_fault_6_a_saved_bot_seat_that_is_no_int_is_refused(seat: object) -> None:
    """A saved table's bot seat must be a JSON integer: anything else is `InvalidStateError`."""
    doc = _saved({1: "random"})
    doc["bots"][0]["seat"] = seat
    with pytest.raises(InvalidStateError, match=r"bots\[0\]\.seat"):
        Table.from_json(json.dumps(doc))


@pytest.mark.parametrize("bots", [["random"], {"1": "random"}, "random"])
def test_fault_6_saved_bots_that_are_no_list_of_records_are_refused(bots: object) -> None:
    """A saved table's `bots` must be an array of bot records."""
    doc = _saved({1: "random"})
    doc["bots"] = bots
    with pytest.raises(InvalidStateError, match="bots"):
        Table.from_json(json.dumps(doc))


@pytest.mark.parametrize("since", ["²", ARABIC_ONE, "1", 1.5, None])
def test_fault_6_a_since_that_is_no_int_is_refused(since: object) -> None:
    """`events(seat, since)` takes an int cursor only: `"²"` raises `InvalidCursorError`."""
    table = Table.new("kitten-tricks", players=3, seed=1)
    with pytest.raises(InvalidCursorError):
        table.events(0, since)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "change",
    [{"seat": ARABIC_ONE}, {"seat": "²"}, {"cursor": "²"}, {"cursor": ARABIC_ONE}, {"seat": [0]}],
)
def test_fault_6_a_message_with_a_seat_or_cursor_in_text_is_malformed(
    change: dict[str, object],
) -> None:
    """The protocol reads seats and cursors as JSON integers only: text is `malformed`."""
    table = Table.new("kitten-tricks", players=3, seed=1)
    mover = table.to_move
    assert mover is not None
    action = table.view(mover).legal_actions[0].to_dict()
    for kind in ("act", "sync"):
        doc: dict[str, object] = {"type": kind, "seat": mover, "cursor": table.cursor}
        if kind == "act":
            doc["action"] = action
        doc.update(change)
        before = table.to_json()
        (reply,) = handle(table, mover, json.dumps(doc))
        assert (reply.type, getattr(reply, "code", None)) == ("refused", "malformed")
        assert table.to_json() == before
