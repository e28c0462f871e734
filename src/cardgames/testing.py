"""The engine contract as executable checks, for our games and yours.

Every game of the library is held to the contract of `docs/contract.md` by these functions;
a game you write on [`cardgames.engine`][cardgames.engine] can be held to it with one call:

```python
from cardgames import testing
testing.check_game(MY_GAME)
```

Each ``check_*`` function raises `ContractViolation` (an ``AssertionError``) with a
sentence saying which promise broke, on which state; it returns ``None`` when all is well. The
functions need nothing beyond the standard library, so they run under any test runner; our own
test suite drives them with hypothesis.
"""

from __future__ import annotations

import json
import pickle
import random
import re
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import Any, TypeVar

import attrs

from cardgames.cards import Card
from cardgames.engine import Action, Game, State, View
from cardgames.errors import IllegalActionError, InvalidStateError
from cardgames.rng import Rng

__all__ = [
    "ContractViolation",
    "check_actions",
    "check_conservation",
    "check_game",
    "check_illegal_actions_rejected",
    "check_json_round_trip",
    "check_outcome",
    "check_positions_unchanged",
    "check_replay",
    "check_sample_world",
    "check_state",
    "check_tampered_json",
    "check_views",
    "check_zones",
    "random_match",
]

_KIND = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_MAX_ACTIONS = 100_000
_S = TypeVar("_S", bound=State[Any])
_PLAY_ON = 8  # random actions played from each sampled world
_SEED_SHOWN = 10**8  # smaller seeds may appear in a view by coincidence (a count, a seat)


class ContractViolation(AssertionError):  # noqa: N818 - reads as the verdict it is
    """A game broke a promise of the engine contract."""


def _fail(state: State[Any] | None, message: str) -> ContractViolation:
    where = "" if state is None else f" [{state!r}]"
    return ContractViolation(message + where)


def random_match(
    game: Game[Any],
    players: int,
    seed: int,
    *,
    choices: Iterable[int] | None = None,
    max_actions: int = _MAX_ACTIONS,
) -> Iterator[State[Any]]:
    """Yield every state of a random match, from the deal to the end.

    Actions are chosen by ``choices`` (indices into ``legal_actions()``, taken modulo its length;
    when exhausted, or if ``None``, by a ``random.Random`` seeded with ``seed``).

    Raises:
        ContractViolation: the match did not end within ``max_actions`` actions.
    """
    picker = random.Random(seed)  # noqa: S311 - choosing test moves, not secrets
    scripted = iter(choices) if choices is not None else iter(())
    state = game.new(players, seed=seed)
    yield state
    for _ in range(max_actions):
        legal = state.legal_actions()
        if not legal:
            return
        index = next(scripted, None)
        action = legal[(index if index is not None else picker.randrange(len(legal))) % len(legal)]
        state = state.apply(action)
        yield state
    msg = f"{game.slug}: a {players}-player match did not end within {max_actions} actions"
    raise _fail(state, msg)


# -- checks on one state ------------------------------------------------------------------------


def check_actions(state: State[Any]) -> None:
    """Legal actions: empty exactly when over, stable, valid kinds, JSON forms that load back."""
    legal = state.legal_actions()
    if not isinstance(legal, tuple):
        raise _fail(state, f"legal_actions() returned a {type(legal).__name__}, not a tuple")
    if (not legal) != state.is_over:
        raise _fail(state, f"legal_actions() has {len(legal)} actions but is_over={state.is_over}")
    if (state.to_move is None) != state.is_over:
        raise _fail(state, f"to_move={state.to_move} disagrees with is_over={state.is_over}")
    if state.legal_actions() != legal:
        raise _fail(state, "legal_actions() changed between two calls")
    if len(set(legal)) != len(legal):
        raise _fail(state, "legal_actions() lists an action twice")
    for action in legal:
        if not isinstance(action, Action) or not _KIND.match(action.kind):
            raise _fail(state, f"{action!r} is not an Action with a kebab-case kind")
        if not str(action):
            raise _fail(state, f"{action!r} has an empty str()")
        loaded = state.game.action_from_json(action.to_json())
        if loaded != action or hash(loaded) != hash(action):
            raise _fail(state, f"{action!r} does not survive its JSON form")


def check_illegal_actions_rejected(state: State[Any], foreign: Iterable[object] = ()) -> None:
    """Objects that are not legal raise ``IllegalActionError`` and leave the state unchanged."""
    before = state.to_json()
    legal = state.legal_actions()
    candidates: list[object] = [None, "draw", 3, object(), *foreign]
    for candidate in candidates:
        if isinstance(candidate, Action) and candidate in legal:
            continue
        attempt = partial(state.apply, candidate)  # type: ignore[arg-type]
        if not _refused(state, attempt, IllegalActionError, f"applying {candidate!r}"):
            raise _fail(state, f"{candidate!r} is not legal but apply() accepted it")
    if state.to_json() != before or state.legal_actions() != legal:
        raise _fail(state, "a rejected action changed the state")


def _refused(
    state: State[Any], call: Callable[[], object], error: type[Exception], what: str
) -> bool:
    """Run ``call``: ``True`` if it raised ``error`` with a message, ``False`` if it returned.

    Any other exception, or an empty message, is a contract violation.
    """
    try:
        call()
    except error as exc:
        if not str(exc):
            raise _fail(state, f"{what} raised {error.__name__} with an empty message") from None
        return True
    except Exception as exc:
        msg = f"{what} raised {type(exc).__name__}: {exc}, not {error.__name__}"
        raise _fail(state, msg) from exc
    return False


def check_conservation(state: State[Any]) -> None:
    """Every card of the deck is in exactly one zone."""
    cards = [card for zone in state.zones().values() for card in zone]
    missing, extra = state.deck.missing_and_extra(cards)
    if missing or extra:
        lost = sorted(map(str, missing.elements()))
        made = sorted(map(str, extra.elements()))
        raise _fail(state, f"cards are not conserved: missing {lost}, duplicated {made}")


def check_zones(state: State[Any]) -> None:
    """Per-seat zones (named `<zone>/<seat>`) exist for every seat of the match and no other.

    A state whose zones name a seat the match does not have (a document that lists more
    hands than players, say) is not a position the engine can reach.
    """
    per_seat: dict[str, set[str]] = {}
    for name in state.zones():
        zone, _, seat = name.rpartition("/")
        if zone and seat.isdigit():
            per_seat.setdefault(zone, set()).add(seat)
    expected = {str(seat) for seat in range(state.players)}
    for zone, seats in sorted(per_seat.items()):
        if seats != expected:
            shown = sorted(seats, key=int)
            msg = f"{zone!r} zones exist for seats {shown} in a {state.players}-player match"
            raise _fail(state, msg)


def check_outcome(state: State[Any]) -> None:
    """Scores have one entry per seat; a finished match has a valid outcome, a live one none."""
    players = state.players
    if len(state.scores) != players:
        raise _fail(state, f"scores has {len(state.scores)} entries for {players} seats")
    outcome = state.outcome
    if not state.is_over:
        if outcome is not None:
            raise _fail(state, "a match still in play has an outcome")
        return
    if outcome is None:
        raise _fail(state, "a finished match has no outcome")
    seats = range(players)
    if not outcome.winners or any(s not in seats for s in outcome.winners + outcome.losers):
        raise _fail(state, f"invalid winners/losers in {outcome!r}")
    if set(outcome.winners) & set(outcome.losers):
        raise _fail(state, f"a seat both wins and loses in {outcome!r}")
    if tuple(sorted(set(outcome.winners))) != outcome.winners:
        raise _fail(state, f"winners are not sorted and distinct in {outcome!r}")
    if outcome.scores != state.scores:
        raise _fail(state, "the outcome's scores differ from the state's")


def _walk(value: object, seen: set[int]) -> Iterator[object]:
    if id(value) in seen:
        return
    seen.add(id(value))
    yield value
    if isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from _walk(item, seen)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(key, seen)
            yield from _walk(item, seen)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):  # type: ignore[arg-type]
            yield from _walk(getattr(value, field.name), seen)


def check_views(state: State[Any], rng: Rng | None = None) -> None:
    """Views: right fields, no reference to the state, no seed, nothing hidden leaks.

    Each view's JSON document also loads back (`Game.view_from_json`) into an equal view.

    With ``rng``, each view is also compared with the view of a perturbed state that differs
    only in what that seat cannot know (where the game offers a perturbation).
    """
    for seat in range(state.players):
        view = state.view(seat)
        _check_view_fields(state, seat, view)
        for part in _walk(view, set()):
            if isinstance(part, State):
                raise _fail(state, f"seat {seat}'s view holds a reference to a state")
        text = view.to_json()
        if not isinstance(json.loads(text), dict):
            raise _fail(state, f"seat {seat}'s view.to_json() is not a JSON object")
        if state.seed >= _SEED_SHOWN and str(state.seed) in text:
            raise _fail(state, f"seat {seat}'s view shows the seed")
        _check_view_cards(state, seat, view)
        if rng is not None:
            other = state._perturbed(seat, rng)  # noqa: SLF001 - the hook exists for this check
            if other is not None and other.view(seat) != view:
                raise _fail(state, f"seat {seat}'s view changes with cards it cannot know")
        try:
            loaded = state.game.view_from_json(text)
        except InvalidStateError as exc:
            raise _fail(state, f"seat {seat}'s view does not load back: {exc}") from None
        if loaded != view:
            raise _fail(state, f"seat {seat}'s view does not survive its JSON form")


def _check_view_fields(state: State[Any], seat: int, view: View) -> None:
    expected = {
        "seat": seat,
        "players": state.players,
        "to_move": state.to_move,
        "is_over": state.is_over,
        "round": state.round,
        "scores": state.scores,
        "legal_actions": state.legal_actions() if state.to_move == seat else (),
    }
    for name, value in expected.items():
        if getattr(view, name) != value:
            raise _fail(state, f"seat {seat}'s view has {name}={getattr(view, name)!r}")
    events = view.events
    if len(events) != len(state.events):
        raise _fail(state, f"seat {seat}'s view has {len(events)} events, the state has more")
    for own, full in zip(events, state.events, strict=True):
        if own != full.seen_by(seat):
            raise _fail(state, f"seat {seat} sees {own!r} instead of its redaction of {full!r}")


def _check_view_cards(state: State[Any], seat: int, view: View) -> None:
    """Every card in the view is in a zone the seat sees or was shown to it by an event."""
    zones = state.zones()
    seen = {card for name in state.visible_zones(seat) for card in zones[name]}
    for event in state.events:
        if event.is_visible_to(seat):
            seen.update(event.cards())
    for part in _walk(view, set()):
        if isinstance(part, Card) and part not in seen:
            raise _fail(state, f"seat {seat}'s view shows {part}, a card it has not seen")


def check_sample_world(state: _S, seat: int, rng: random.Random, samples: int = 3) -> list[_S]:
    """Worlds sampled from ``seat``'s view agree with it, conserve the cards and play on.

    Each sample's view for ``seat`` must equal the view it was sampled from in every field
    but ``events``; its legal actions, conservation and outcome are checked, and a few random
    actions are played from it. Returns the samples, for checks of their variety.
    """
    view = state.view(seat)
    expected = attrs.evolve(view, events=())
    worlds = []
    for _ in range(samples):
        world = state.game.sample_world(view, rng)
        if not world.is_sampled:
            raise _fail(state, "sample_world returned a state that is not marked sampled")
        seen = attrs.evolve(world.view(seat), events=())
        if seen != expected:
            differ = [
                field.name
                for field in attrs.fields(type(view))
                if getattr(seen, field.name) != getattr(expected, field.name)
            ]
            raise _fail(state, f"a world sampled from seat {seat}'s view shows it other {differ}")
        check_conservation(world)
        check_actions(world)
        check_outcome(world)
        after = world
        for _ in range(_PLAY_ON):
            if after.is_over:
                break
            after = after.apply(rng.choice(after.legal_actions()))
            check_conservation(after)
        worlds.append(world)
    return worlds


def check_json_round_trip(state: State[Any]) -> None:
    """``game.from_json(state.to_json())`` rebuilds an equal state that plays the same."""
    text = state.to_json()
    loaded = state.game.from_json(text)
    if loaded != state or loaded.to_json() != text:
        raise _fail(state, "the state does not survive its JSON form")
    if loaded.legal_actions() != state.legal_actions() or loaded.events != state.events:
        raise _fail(state, "the reloaded state has other legal actions or events")
    for seat in range(state.players):
        if loaded.view(seat) != state.view(seat):
            raise _fail(state, f"the reloaded state shows seat {seat} another view")


def _tamperings(doc: dict[str, Any], text: str) -> Iterator[tuple[str, str]]:
    yield "truncated", text[: len(text) // 2]
    yield "empty", ""
    yield "not an object", "[1, 2, 3]"
    yield "NaN", text.replace('"seed":', '"seed":NaN,"x":', 1)
    yield "huge", " " * 5_000_000
    yield "deep", "[" * 100_000 + "]" * 100_000
    for key, bad in (
        ("version", 999),
        ("version", True),
        ("version", 2.0),
        ("version", "2"),
        ("format", "other"),
        ("game", "no-such-game"),
        ("players", "three"),
        ("players", 99),
        ("seed", -1),
        ("seed", 1.5),
        ("rules", []),
        ("rules", {"no_such_option": 1}),
        ("history", {}),
        ("history", [{"kind": "no-such-kind"}]),
        ("history", [17]),
    ):
        yield f"{key}={bad!r}", json.dumps({**doc, key: bad})
    rest = {k: v for k, v in doc.items() if k != "history"}
    yield "missing history", json.dumps(rest)
    yield "malformed setup", json.dumps({**doc, "setup": {"no_such_field": []}})
    if doc["setup"] is not None:
        codes = re.findall(r'"([^"]+)"', json.dumps(doc["setup"]))
        if codes:
            yield "unknown card in setup", text.replace(f'"{codes[-1]}"', '"no-such-card"')
    history = doc["history"]
    if history:
        yield "history replayed twice", json.dumps({**doc, "history": [*history, *history]})
        first = list(history[0])
        for field in range(1, len(first)):
            value = first[field]
            bad_value: object = "no-such-card" if isinstance(value, str) else [value]
            mangled = [*first[:field], bad_value, *first[field + 1 :]]
            yield f"history[0][{field}] mangled", json.dumps({**doc, "history": [mangled]})
        yield "history[0] kind out of range", json.dumps({**doc, "history": [[99]]})
        yield "history[0] with a value too many", json.dumps({**doc, "history": [[*first, 0]]})
        yield "no action_fields", json.dumps({**doc, "action_fields": []})
        unknown = [["no-such-kind"], *doc["action_fields"]]
        yield "unknown action kind", json.dumps({**doc, "action_fields": unknown})


def check_tampered_json(state: State[Any]) -> None:
    """Tampered documents raise ``InvalidStateError`` with a message, and nothing else."""
    text = state.to_json()
    doc = json.loads(text)
    load = state.game.from_json
    for name, bad in _tamperings(doc, text):
        what = f"loading a document with {name}"
        if _refused(state, partial(load, bad), InvalidStateError, what):
            continue
        if name.startswith(("history replayed", "history[0][", "unknown card in setup")):
            # Replaying the history twice is legal in a match still in play, a mangled field
            # may still decode to a legal action, and a setup's last string may not be a
            # card: accepted, they must still give a state.
            continue
        raise _fail(state, f"tampering {name!r} was accepted")
    if state.is_over and doc["history"]:
        after_end = json.dumps({**doc, "history": [*doc["history"], doc["history"][0]]})
        what = "loading a history going on after the end of the match"
        if not _refused(state, partial(load, after_end), InvalidStateError, what):
            raise _fail(state, "a history going on after the end of the match was accepted")


def _position_snapshot(state: State[Any]) -> bytes:
    """Every field of the position ``state`` holds, down to the last card, as bytes."""
    return pickle.dumps(state._pos, pickle.HIGHEST_PROTOCOL)  # noqa: SLF001 - what is checked


def check_positions_unchanged(state: State[Any]) -> None:
    """Neither the views nor any `apply` change the position a state holds.

    A game may build its next position by copying this one and changing the copy, never by
    changing this one in place: states share positions with nobody, but a state is a value.
    The position is pickled (every field, however deep) before, after the views of every seat
    and after each legal action is applied, and the three are compared.
    """
    kept = _position_snapshot(state)
    for seat in range(state.players):
        state.view(seat)
    if _position_snapshot(state) != kept:
        raise _fail(state, "taking the views changed the state's position")
    for action in state.legal_actions():
        state.apply(action)
        if _position_snapshot(state) != kept:
            raise _fail(state, f"applying {action} changed the position of the state it left")


def check_replay(state: State[Any]) -> None:
    """Replaying the history from the same seed gives the same match (determinism)."""
    game = state.game
    if state._setup is not None:  # noqa: SLF001 - scenario states replay through JSON instead
        return
    again = game.new(state.players, seed=state.seed, rules=state.rules)
    for action in state.history:
        again = again.apply(action)
    if again != state or again.events != state.events or again.zones() != state.zones():
        raise _fail(state, "replaying the same seed and actions gave another match")


def check_state(state: State[Any], rng: Rng | None = None) -> None:
    """Run every per-state check (the JSON ones included) on ``state``."""
    check_actions(state)
    check_conservation(state)
    check_zones(state)
    check_outcome(state)
    check_illegal_actions_rejected(state)
    check_views(state, rng)
    check_positions_unchanged(state)
    check_json_round_trip(state)


def check_game(
    game: Game[Any],
    *,
    players: Iterable[int] | None = None,
    seeds: Iterable[int] = (1_234_567_891, 2_718_281_828, 3_141_592_653),
) -> None:
    """Hold ``game`` to the whole contract on seeded random matches.

    Every state of every match is checked; the JSON tampering and replay checks run on the
    final state of each match.
    """
    counts = range(game.min_players, game.max_players + 1) if players is None else players
    for count in counts:
        for seed in seeds:
            state = None
            previous: State[Any] | None = None
            for state in random_match(game, count, seed):
                check_state(state, Rng(seed, 1))
                if previous is not None:
                    foreign = [
                        a for a in previous.legal_actions() if a not in state.legal_actions()
                    ]
                    check_illegal_actions_rejected(state, foreign)
                previous = state
            assert state is not None  # noqa: S101 - random_match yields at least the deal
            check_replay(state)
            check_tampered_json(state)
