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

The search's own worlds live here too: `scratch`, `resampled` and `step` advance a copy of a
state in place, and `World` is what a search reads and does at each step, either on such a
scratch state (`StateWorld`) or on a bare position and its `Turn`, stepped by the game's own
hooks (`PositionWorld`, `PositionRules`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, final

from cardgames._chain import Chain, RoundTally, Tally
from cardgames._draws import Turn, turn_of
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
    "PositionRules",
    "PositionWorld",
    "StateWorld",
    "World",
    "advance",
    "best_seats",
    "playout",
    "resampled",
    "returns",
    "returns_at",
    "scratch",
    "step",
    "untell",
    "within",
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


def within(world: State[Any], last_round: int) -> bool:
    """Whether a search goes on: neither the match nor round ``last_round`` (-1: none) is over."""
    return not world.is_over and (last_round < 0 or world.round == last_round)


def returns_at(world: State[Any], better_scores: str | None, margin_weight: float) -> list[float]:
    """Each seat's `returns` where a search's ``world`` stopped: its outcome's, or its standing's.

    The standing is `cardgames.engine.standing`'s (the best scores win), computed here, native
    in the compiled build, without building its `Outcome`: a search reads it once per
    simulation.
    """
    outcome = world.outcome if world.is_over else None
    return _returns_where(outcome, world.scores, better_scores, margin_weight)


def _returns_where(
    outcome: Outcome | None,
    scores: tuple[int, ...],
    better_scores: str | None,
    margin_weight: float,
) -> list[float]:
    """`returns_at` of a world of this ``outcome`` (``None`` while it goes on) and ``scores``."""
    if outcome is not None:
        return _returns(outcome.scores, outcome.winners, better_scores, margin_weight)
    scores = tuple([int(score) for score in scores])
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


class World:
    """A search's own world, which it advances in place: what ISMCTS reads and does at each step.

    A world is one of two kinds, and the search is written once for both:

    - `StateWorld`, a scratch `State` (`scratch`, `resampled`): every game, and the only kind a
      playout bot can play, since it reads each mover's view;
    - `PositionWorld`, the bare position and `Turn` of a game whose rules advance a position in
      place (`PositionRules`), stepped by the game's own rules with no `State` around them, for
      a search whose simulations are random (no one reads its views or events).

    Both follow the same rules from the same position and seed: the same legal actions, the
    same positions, the same seeded draws and the same returns (a test holds them equal).
    This base class is the interface: each kind implements every method but `within`, and
    `state`, which only a `StateWorld` has.
    """

    __slots__ = ()

    def mover(self) -> int | None:
        """The seat to move, ``None`` once the match is over (`State.to_move`)."""
        raise NotImplementedError

    def round(self) -> int:
        """The 1-based index of the round in play (`State.round`)."""
        raise NotImplementedError

    def within(self, last_round: int) -> bool:
        """Whether a search goes on: neither the match nor round ``last_round`` (-1: none) ended."""
        return self.mover() is not None and (last_round < 0 or self.round() == last_round)

    def legal(self) -> tuple[Action, ...]:
        """The legal actions, in `State.legal_actions`' order."""
        raise NotImplementedError

    def step(self, action: Action) -> None:
        """Advance by ``action``, one of `legal`'s, in place (`step`)."""
        raise NotImplementedError

    def untell(self, *, to_round_end: bool) -> None:
        """Tell the world that no one reads its events from here on (`untell`)."""
        raise NotImplementedError

    def advance(self, rng: random.Random, last_round: int) -> None:
        """Play random legal actions to the match's end, or round ``last_round``'s (`advance`)."""
        raise NotImplementedError

    def returns(self, better_scores: str | None, margin_weight: float) -> list[float]:
        """Each seat's return where the world stopped (`returns_at`)."""
        raise NotImplementedError

    def state(self) -> State[Any]:
        """The scratch state this world is, for a playout bot to read views of.

        Raises:
            TypeError: a `PositionWorld`, which has no state (its simulations are random).
        """
        msg = "a position world has no state: only random simulations play it"
        raise TypeError(msg)


@final
class StateWorld(World):
    """A search's own scratch state (`scratch`, `resampled`), stepped by `step`.

    ``hot`` says that the state's position names its seat to move and round
    (`cardgames.engine.reads_position`); ``owned`` that no one else holds its position, which
    a step may then advance where it stands (`step`).
    """

    __slots__ = ("_state", "hot", "owned")

    def __init__(self, state: State[Any], *, hot: bool, owned: bool) -> None:
        """The world that the scratch state ``state`` is."""
        self._state = state
        self.hot = hot
        self.owned = owned

    def mover(self) -> int | None:
        """The state's `to_move`."""
        return self._state.to_move

    def round(self) -> int:
        """The state's `round`."""
        return self._state.round

    def within(self, last_round: int) -> bool:
        """`within` the state: neither its match (`is_over`) nor round ``last_round`` is over."""
        return within(self._state, last_round)

    def legal(self) -> tuple[Action, ...]:
        """The state's `legal_actions`."""
        return self._state.legal_actions()

    def step(self, action: Action) -> None:
        """`step` the state by ``action``, its position too if `owned`."""
        step(self._state, action, owned=self.owned)

    def untell(self, *, to_round_end: bool) -> None:
        """`untell` the state."""
        untell(self._state, to_round_end=to_round_end)

    def advance(self, rng: random.Random, last_round: int) -> None:
        """`advance` the state with random plays."""
        advance(self._state, rng, None, -1, self.hot, last_round)

    def returns(self, better_scores: str | None, margin_weight: float) -> list[float]:
        """`returns_at` the state."""
        return returns_at(self._state, better_scores, margin_weight)

    def state(self) -> State[Any]:
        """The scratch state itself."""
        return self._state


@final
class PositionRules:
    """A game's rules on a position it may change: the hooks of its `State`, looked up once.

    What a `PositionWorld` plays by: the legal actions of a position (`State._legal_in`), its
    transition in place (`State._act_in_place`), its random playout loop
    (`State._random_playout`), its scores (`State._scores_in`) and its outcome
    (`State._outcome_in`). `of` finds them, for a game that gives them all.
    """

    __slots__ = ("act", "legal", "outcome", "play_out", "scores")

    def __init__(
        self,
        legal: Callable[[Any], tuple[Action, ...]],
        act: Callable[[Turn, Any, Action], object],
        play_out: Callable[[Any, Turn, Callable[[], float], int, int], Any],
        scores: Callable[[Any], tuple[int, ...]],
        outcome: Callable[[Any], Outcome | None],
    ) -> None:
        """The rules of these hooks (see the class docstring)."""
        self.legal = legal
        self.act = act
        self.play_out = play_out
        self.scores = scores
        self.outcome = outcome

    @staticmethod
    def of(state_type: type[State[Any]]) -> PositionRules | None:
        """The hooks of ``state_type``, or ``None`` if the game does not give them all."""
        legal = state_type._legal_in  # noqa: SLF001 - the engine's hooks, for its search
        act = state_type._act_in_place  # noqa: SLF001
        play_out = state_type._random_playout  # noqa: SLF001
        scores = state_type._scores_in  # noqa: SLF001
        outcome = state_type._outcome_in  # noqa: SLF001
        if legal is None or act is None or play_out is None or scores is None or outcome is None:
            return None
        return PositionRules(legal, act, play_out, scores, outcome)


@final
class PositionWorld(World):
    """A search's own world as a bare position and its `Turn`, stepped by the game's rules.

    The world of a `State` with position ``pos`` and that turn (`turn_of`), for a search whose
    simulations are random: no state, log entry, event or view is built, and in the compiled
    build every step is a native call into the rules. ``pos`` is the search's alone: the rules
    advance it where it stands.
    """

    __slots__ = ("pos", "rules", "turn")

    def __init__(self, rules: PositionRules, pos: Any, turn: Turn) -> None:  # noqa: ANN401 - the game's position
        """The world at ``pos`` after ``turn.step`` actions, played by ``rules``."""
        self.rules = rules
        self.pos: Any = pos
        self.turn = turn

    def mover(self) -> int | None:
        """The position's seat to move."""
        mover: int | None = self.pos.to_move
        return mover

    def round(self) -> int:
        """The position's round."""
        number: int = self.pos.round
        return number

    def legal(self) -> tuple[Action, ...]:
        """The position's legal actions (`State._legal_in`)."""
        return self.rules.legal(self.pos)

    def step(self, action: Action) -> None:
        """Advance the position in place by ``action`` and count it, as the log would."""
        turn = self.turn
        self.rules.act(turn, self.pos, action)
        turn.step += 1

    def untell(self, *, to_round_end: bool) -> None:
        """Events are left out from here on; the round's last action may leave its deal out."""
        self.turn.told = False
        self.turn.deals_on = not to_round_end

    def advance(self, rng: random.Random, last_round: int) -> None:
        """The game's own random loop (`State._random_playout`), as `advance` runs it."""
        last = self.rules.play_out(self.pos, self.turn, rng.random, -1, last_round)
        assert last is not None  # noqa: S101 - no limit
        self.pos = last

    def returns(self, better_scores: str | None, margin_weight: float) -> list[float]:
        """The returns of the position's outcome, or of its standing while the match goes on."""
        rules, pos = self.rules, self.pos
        outcome = rules.outcome(pos) if pos.to_move is None else None
        return _returns_where(outcome, rules.scores(pos), better_scores, margin_weight)


def position_world(rules: PositionRules, state: State[Any]) -> PositionWorld:
    """The world of ``state``, whose position the search may advance in place (it owns it)."""
    return PositionWorld(rules, state._pos, turn_of(state))  # noqa: SLF001


def resampled_world(rules: PositionRules, match: Turn, pos: Any, seed: int) -> PositionWorld:  # noqa: ANN401 - the game's position
    """`resampled` for a position world: position ``pos`` and ``seed`` in the match of ``match``.

    ``match`` is the turn of the first world drawn from the same view (`turn_of`), taken before
    any step: every world of a view has the same rules options and count of actions; only the
    position and the seed's key differ.
    """
    turn = Turn(match.rules, seed_key(seed), match.step, told=match.told, deals_on=match.deals_on)
    return PositionWorld(rules, pos, turn)


_new = object.__new__
_set_field = object.__setattr__
