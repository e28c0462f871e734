"""What a playout reads at every step, written once for the built-in games, compiled.

`State.to_move` is read at every step of a search (and `State.round` at every step of one that
stops at the round's end), and `playout` plays whole simulations. The engine
(`cardgames.engine`) runs interpreted in both builds; in the compiled build this module is
compiled, so the same lines run as native code. Each built-in game's `State` lists
`HotContract` before the engine's `State` among its bases::

    class State(HotContract, _BaseState[_Position]): ...

It reads the position's ``to_move`` and ``round`` directly, so a game that lists it has them
(the four built-in games' positions do; ``round`` may be a property of the record). A game of
your own needs nothing from here: the engine's version means the same, for any position.

`is_over` and `legal_actions` are not here, though each built-in game writes them alike: here
they would read the position through Python, where the game's own methods read its compiled
record natively. Measured with `benchmarks/instructions.py` on classic Mistigri, this module's
`legal_actions` (a call to the game's hook) cost the compiled build 3.8 to 6.6% more
instructions per action, and its `is_over` up to 0.7% more (the Performance page).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from cardgames._chain import Chain, RoundTally, Tally
from cardgames._draws import turn_of
from cardgames._mypyc import mypyc_attr
from cardgames._records import _Sampled
from cardgames.errors import IllegalActionError
from cardgames.rng import seed_key

if TYPE_CHECKING:
    import random

    from cardgames.engine import Action, Outcome, State

    _S = TypeVar("_S", bound=State[Any])

__all__ = [
    "HotContract",
    "advance",
    "best_seats",
    "playout",
    "resampled",
    "returns",
    "returns_at",
    "scratch",
    "step",
    "untell",
]


class _Positioned(Protocol):
    """A position that names the seat to move and the round, as every built-in game's does."""

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or ``None`` once the match is over."""

    @property
    def round(self) -> int:
        """The 1-based index of the round."""


class _Stepped(Protocol):
    """What `HotContract` reads of the engine's `State` it is mixed into."""

    @property
    def _pos(self) -> _Positioned: ...


# Not a native class: the engine's `State`, which follows it among a game's bases, is interpreted.
@mypyc_attr(native_class=False)
class HotContract:
    """`to_move` and `round`, as the engine defines them, compiled in the compiled build."""

    __slots__ = ()

    @property
    def to_move(self: _Stepped) -> int | None:
        """The seat whose decision it is now, or ``None`` when the match is over."""
        return self._pos.to_move

    @property
    def round(self: _Stepped) -> int:
        """The 1-based index of the current round."""
        return self._pos.round


def playout(
    state: State[Any],
    rng: random.Random,
    policy: Callable[[tuple[Action, ...], random.Random], Action] | None,
    limit: int,
    hot: bool,
    *,
    to_round_end: bool = False,
) -> State[Any] | None:
    """Play ``state``'s match out as `State.playout` says: the last state, ``None`` at ``limit``.

    ``limit`` < 0 means no limit. With ``to_round_end`` the walk also stops as soon as the
    round ``state`` is in has ended (its round number has changed).

    One scratch state walks the match (`advance`), building no successor state, log entry or
    view. The scratch state it returns is for `State.playout` to read its outcome or scores
    from, never to give away: its log keeps no history. ``hot`` says that the state is a
    `HotContract`, whose position names the seat to move (the engine checks it: compiled, an
    `isinstance` of this interpreted class here answered False).
    """
    world = scratch(state)
    # A log that only counts the actions: the game's transitions see that no one reads their
    # events (`State._told`), and may leave out those they would build only to be dropped.
    # To the round's end, the log also tells the transitions that the next round is never
    # played (`State._deals_on`): the round's last one may leave its deal out.
    world._log = _tally_on(state._log, to_round_end=to_round_end)  # noqa: SLF001
    # The round to stop after; -1 (no round has that number) plays on to the match's end.
    last_round = world.round if to_round_end else -1
    return world if advance(world, rng, policy, limit, hot, last_round) else None


def advance(  # noqa: PLR0917 - the playout's own arguments, positional in native code
    world: State[Any],
    rng: random.Random,
    policy: Callable[[tuple[Action, ...], random.Random], Action] | None,
    limit: int,
    hot: bool,
    last_round: int,
) -> bool:
    """Advance the scratch state ``world`` in place to the match's end, or round ``last_round``'s.

    What `playout` plays (``last_round`` -1: to the match's end), on a scratch state (see
    `scratch`) whose log then only counts the actions, as `untell` says: False if ``limit``
    actions (-1: no limit) came first. A search's own world is advanced so, with no copy of it
    made.

    Each step computes the legal actions and the next position with the game's own hooks, as
    `State.apply` does, and keeps the count of actions that the seeded randomness reads. Random
    plays (no ``policy``) of a game with its own loop (`State._random_playout`) run there,
    natively in the compiled build: the same plays, on a copy of the position that the game's
    rules advance in place.
    """
    steps = world._log  # noqa: SLF001
    if steps.keeps:
        # A log that keeps its entries is the state's own, shared: count on a tally of our own.
        steps = world._log = _tally_on(steps, to_round_end=last_round >= 0)  # noqa: SLF001
    world._legal = None  # noqa: SLF001
    game = type(world)
    own_loop = game._random_playout if policy is None else None  # noqa: SLF001
    if own_loop is not None:
        turn = turn_of(world)  # untold: its log is the tally above
        last = own_loop(world._pos, turn, rng.random, limit, last_round)  # noqa: SLF001
        if last is None:
            return False
        world._pos = last  # noqa: SLF001
        steps._len = turn.step + 1  # noqa: SLF001
        return True
    # The game's two hooks, looked up once: a method call through the (interpreted) state
    # would look each up in its class at every step.
    legal_of = game._compute_legal_actions  # noqa: SLF001
    advance_by = game._advance  # noqa: SLF001
    played = 0
    count = steps._len  # noqa: SLF001
    pos = world._pos  # noqa: SLF001 - the scratch state's position, kept at hand
    # The default policy's number source, bound once: a method looked up on ``rng`` at each
    # step costs the compiled loop about as much as the draw itself.
    uniform: Callable[[], float] = rng.random
    while True:
        # A built-in game's position names the seat to move: read it without a property call.
        mover = pos.to_move if hot else world.to_move
        if mover is None or (last_round >= 0 and (pos.round if hot else world.round) != last_round):
            return True
        if played == limit:
            return False
        legal = legal_of(world)
        if policy is None:
            # Float times float: compiled, a native product (the same one Python computes for
            # a float times an int, which it converts to a float first).
            draw: float = uniform()
            action = legal[int(draw * float(len(legal)))]
        else:
            action = policy(legal, rng)
            if action not in legal:
                msg = f"the playout policy chose {action!r}, which is not legal now"
                raise IllegalActionError(msg)
        pos = world._pos = advance_by(world, action)[0]  # noqa: SLF001
        count += 1
        steps._len = count  # noqa: SLF001
        played += 1


def scratch(state: _S) -> _S:
    """A copy of ``state`` that `step` may advance in place, for search; ``state`` is untouched.

    It shares the position, the log and the cached legal actions with ``state`` (all immutable)
    and is equal to it. A search gives it to no one else: every other state is immutable.
    """
    world = _new(type(state))
    world._rules = state._rules  # noqa: SLF001 - the engine's internals, for the engine's search
    world._players = state._players  # noqa: SLF001
    world._seed = state._seed  # noqa: SLF001
    world._key = state._key  # noqa: SLF001
    world._setup = state._setup  # noqa: SLF001
    world._pos = state._pos  # noqa: SLF001
    world._log = state._log  # noqa: SLF001
    world._legal = state._legal  # noqa: SLF001
    return world


def resampled(world: _S, pos: Any, seed: int) -> _S:  # noqa: ANN401 - the game's position
    """A copy of the sampled world ``world`` with position ``pos`` and ``seed``, for search.

    What `Game.sample_world` (``keep_past=False``) builds from the same position and seed,
    given the world it built from the same view, taken before any `step` (a `scratch` copy
    of it): the rules, the players and the one-entry log of a world with no past are the
    same for every world of that view. The search advances it in place, as `scratch` says.
    """
    again = _new(type(world))
    again._rules = world._rules  # noqa: SLF001 - the engine's internals, for the engine's search
    again._players = world._players  # noqa: SLF001
    again._seed = seed  # noqa: SLF001
    again._key = seed_key(seed)  # noqa: SLF001
    # `_Sampled(pos)`, without its interpreted attrs `__init__`: the frozen record's one field.
    setup = _new(_Sampled)
    _set_field(setup, "position", pos)
    again._setup = setup  # noqa: SLF001
    again._pos = pos  # noqa: SLF001
    again._log = world._log  # noqa: SLF001
    again._legal = None  # noqa: SLF001
    return again


def step(world: State[Any], action: Action, *, owned: bool = False) -> None:
    """Advance the scratch state ``world`` (see `scratch`) by ``action``, in place.

    The search's step: the same as ``world = world.apply(action)`` (the game's own hooks, the
    same log entry with its events, so the same seeded randomness, views and outcome), but no
    successor state is built. ``action`` should be one of ``world.legal_actions()`` (the very
    object is found at once; an equal one is looked up). On a world that `untell` told no one
    reads its events, the step only counts the action, as a playout does.

    ``owned`` says that no one else holds ``world``'s position (a world a search sampled, never
    a `scratch` copy of a state): a game whose rules advance a position in place
    (`State._act_in_place`) then advances that very position, with no copy.

    Raises:
        IllegalActionError: ``action`` is not legal in ``world``, as `State.apply` says it.
    """
    legal = world._legal  # noqa: SLF001
    if legal is None:
        legal = world.legal_actions()
    for candidate in legal:
        if candidate is action:
            break
    else:
        # An equal action, or `apply`'s own error and message for an illegal one.
        action = world._legal_equal_to(action, legal)  # noqa: SLF001
    log = world._log  # noqa: SLF001
    in_place = type(world)._act_in_place if owned else None  # noqa: SLF001
    if in_place is None:
        pos, events = world._advance(action)  # noqa: SLF001
    else:
        pos = world._pos  # noqa: SLF001 - the world's own: advanced where it stands
        told = in_place(turn_of(world), pos, action)
        events = () if told is None else told
    if not log.keeps:
        # An untold world (`untell`): its own tally counts the action; there is no entry to keep.
        log._len += 1  # noqa: SLF001
        world._pos = pos  # noqa: SLF001
        world._legal = None  # noqa: SLF001
        return
    entry = _new(Chain)
    entry._prev = log  # noqa: SLF001 - what Chain.push does, as State.apply inlines it
    entry._last = (action, events)  # noqa: SLF001
    entry._len = log._len + 1  # noqa: SLF001
    entry._items = None  # noqa: SLF001
    entry._seen = None  # noqa: SLF001
    world._log = entry  # noqa: SLF001
    world._pos = pos  # noqa: SLF001
    world._legal = None  # noqa: SLF001


def untell(world: State[Any], *, to_round_end: bool = False) -> None:
    """Tell the scratch state ``world`` (see `scratch`) that no one reads its events from here on.

    Its log becomes a `Tally` of its own on top of the log it had: the game's transitions see
    that no one reads their events (`State._told`) and may leave out those they would build only
    to be dropped, and `step` counts each action (the count the seeded randomness reads) without
    keeping an entry. The same rules run, so the same positions and outcome follow, as on
    `playout`'s path. For a search whose world goes on to a random playout: no one reads its
    views or events after this (a view would miss the events of the untold steps).

    With ``to_round_end`` (a search that stops at the end of the round) the log is a
    `RoundTally`, as a round playout's: the transitions are also told that no one plays the
    next round (`State._deals_on`), so the action that ends the round leaves its deal out.
    """
    world._log = _tally_on(world._log, to_round_end=to_round_end)  # noqa: SLF001 - for its search


def _tally_on(log: Chain[Any], *, to_round_end: bool = False) -> Tally[Any]:
    """A log on top of ``log`` that only counts the actions after it (a `Tally`).

    With ``to_round_end``, a `RoundTally`: no one plays the rounds after this one either.
    """
    steps: Tally[Any] = _new(RoundTally if to_round_end else Tally)
    steps._prev = log  # noqa: SLF001 - what Chain.push does, for a log that keeps nothing
    steps._last = None  # noqa: SLF001
    steps._len = log._len  # noqa: SLF001
    steps._items = None  # noqa: SLF001
    steps._seen = None  # noqa: SLF001
    return steps


def best_seats(scores: tuple[int, ...], better_scores: str | None) -> tuple[int, ...]:
    """The seats with the best of ``scores``, as ``better_scores`` ranks them, in seat order.

    ``"lower"`` or ``"higher"`` scores are better; ``None`` ranks no one, so every seat is
    named. The winners of `cardgames.engine.standing`, here to run native in the compiled
    build: a search at the round horizon reads it once per simulation.
    """
    if better_scores is None:
        return tuple(range(len(scores)))
    lower = better_scores == "lower"
    best = scores[0]
    for score in scores:
        if (score < best) if lower else (score > best):
            best = score
    return tuple([seat for seat, score in enumerate(scores) if score == best])


def returns_at(world: State[Any], better_scores: str | None, margin_weight: float) -> list[float]:
    """Each seat's `returns` where a search's ``world`` stopped: its outcome's, or its standing's.

    The standing is `cardgames.engine.standing`'s (the best scores win), computed here, native
    in the compiled build, without building its `Outcome`: a search reads it once per
    simulation.
    """
    if world.is_over:
        outcome = world.outcome
        assert outcome is not None  # noqa: S101 - over means an outcome
        return _returns(outcome.scores, outcome.winners, better_scores, margin_weight)
    scores = tuple([int(score) for score in world.scores])
    return _returns(scores, best_seats(scores, better_scores), better_scores, margin_weight)


def returns(outcome: Outcome, better_scores: str | None, margin_weight: float) -> list[float]:
    """Each seat's return in ``[0, 1]`` for a finished match, as `cardgames.encoding.returns` says.

    The one computation behind `cardgames.encoding.outcome_returns` and the search's rewards,
    here to run native in the compiled build: the search reads it once per iteration.
    """
    return _returns(outcome.scores, outcome.winners, better_scores, margin_weight)


def _returns(
    scores: tuple[int, ...],
    winners: tuple[int, ...],
    better_scores: str | None,
    margin_weight: float,
) -> list[float]:
    """`returns` of the outcome whose ``scores`` and ``winners`` these are.

    Written as native loops over typed values (no builtin call, every division of floats), the
    same operations in the same order as the formula: the same floats to the last bit.
    """
    players = len(scores)
    share = 1.0 / float(len(winners))
    rewards = [0.0] * players
    for seat in winners:
        rewards[seat] = share
    high = low = scores[0]
    total = 0
    for score in scores:
        if score > high:
            high = score
        elif score < low:
            low = score
        total += score
    spread = high - low
    if better_scores is None or not margin_weight or not spread:
        return rewards
    sign = 1.0 if better_scores == "higher" else -1.0
    for seat in range(players):
        score = scores[seat]
        others = float(total - score) / float(players - 1)
        margin = 0.5 + 0.5 * sign * (float(score) - others) / float(spread)
        rewards[seat] = (1.0 - margin_weight) * rewards[seat] + margin_weight * margin
    return rewards


_new = object.__new__
_set_field = object.__setattr__
