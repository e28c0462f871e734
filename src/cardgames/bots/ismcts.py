"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

The search follows Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search"
(IEEE TCIAIG 4(2), 2012). Each iteration samples a world consistent with the bot's view
([`sample_world`][cardgames.engine.Game.sample_world]: the hidden cards and future randomness are
resampled), then walks one tree whose nodes are the observer's information sets, keyed by the
actions taken, using only the actions legal in that world (interchangeable actions, such as
blind draws by position, count as one):

1. *select*: while every legal action of the world has a child, pick the child maximising
   UCB1, where a child's exploration term counts how often it was *available* rather than
   how often its parent was visited;
2. *expand*: add one untried legal action;
3. *simulate*: play random legal actions (or a given playout bot) to the end of the match,
   or with ``horizon="round"`` to the end of the round the search started in;
4. *backpropagate*: every node on the path adds the reward of the seat that chose its action:
   its share of the win (``1 / len(winners)`` for each winner, 0 otherwise), mixed with its
   score margin where the game's scores rank the players: the seat's return as
   `cardgames.encoding.returns` defines it, the one definition shared with the learning
   adapters. At the round horizon the win is the match's standing when the round ends
   ([`standing`][cardgames.engine.standing]), unless the match ended with it.

The search reads nothing but the engine contract, so it plays every game that can sample
worlds. With random simulations, a game whose rules also give the engine's hooks on bare
positions (`State._legal_in` and the others: `cardgames._hot.PositionRules`) is searched on its
positions alone, with no state around them: the same worlds, steps and rewards, fewer
instructions.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from cardgames import _hot, get_game
from cardgames._codec import short_repr
from cardgames._draws import Turn, turn_of
from cardgames._shuffle import below
from cardgames.bots._search import (
    OutOfTime,
    check_time,
    distinct,
    flag_setting,
    number_setting,
    play_to_horizon,
)
from cardgames.encoding import MARGIN_WEIGHT
from cardgames.engine import HORIZONS, Action, Outcome, State, View, reads_position
from cardgames.errors import InvalidSetupError

if TYPE_CHECKING:
    from cardgames.bots import Bot
    from cardgames.engine import Game

__all__ = ["BOUNDS", "MAX_ITERATIONS", "MAX_SECONDS", "ISMCTSBot", "check_setting"]

MAX_ITERATIONS = 1_000
"""The largest iteration budget per decision: the largest the project's measurements tried.

Measured with `python benchmarks/ismcts_budget.py` (2-core machine, load average 8): one
iteration of the dearest decision found, the first of a 5-player Kitten tricks match with the
heuristic playout, takes about 190 ms of CPU (its simulation plays the whole rest of the
match), so this budget bounds any decision to about 3 minutes of CPU. The strongest measured
settings use 100 to 400 (the Bots page). Give `seconds` to bound the time itself.
"""
MAX_SECONDS = 60.0
"""The largest time budget per decision, in seconds."""

BOUNDS: Mapping[str, tuple[float, float]] = MappingProxyType(
    {
        "iterations": (1, MAX_ITERATIONS),
        "seconds": (0.001, MAX_SECONDS),
        "exploration": (0.0, 10.0),
        "prior_weight": (0.0, 100.0),
        "margin_weight": (0.0, 1.0),
    }
)
"""The inclusive range of each numeric setting of `ISMCTSBot` (and of the `ismcts` bot spec).

`iterations` is an `int`; the others are finite numbers. Beyond them a setting either runs
without end (`iterations`, `seconds`) or means nothing (a reward weight above 1, an
exploration constant that drowns every reward).
"""


def check_setting(name: str, value: object) -> int | float:
    """Return the numeric setting `name` if it is a number within `BOUNDS[name]`.

    `iterations` comes back as the `int` it is, every other setting as a `float`.

    Raises:
        InvalidSetupError: not a number (a bool is not one), not an int for `iterations`, or
            out of its bounds (`nan` and infinities included).
    """
    low, high = BOUNDS[name]
    if name == "iterations":
        wanted = f"a positive int, at most {int(high):,}"
    elif name == "seconds":
        wanted = f"positive, at most {high:g} (or left out)"
    else:
        wanted = f"a number in {low:g}..{high:g}"
    return number_setting(name, value, low, high, integral=name == "iterations", wanted=wanted)


class _Node:
    """One information set of the observer's tree, reached by an action chosen by ``mover``.

    A native class in the compiled build (its fields are typed slots read without a dict):
    ``children`` maps the key (`_Tree.key`) of each action tried from here to its node,
    ``visits`` counts the simulations through this node, ``available`` the descents that could
    have chosen it, and ``reward`` sums the mover's rewards of those simulations.
    """

    __slots__ = ("available", "children", "mover", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.mover: int = mover
        self.children: dict[int, _Node] = {}
        self.visits: int = 0
        self.available: int = 0
        self.reward: float = 0.0


class _Tree:
    """One search's tree: its ``root``, and a small int key for each distinct action met.

    The nodes' children are keyed by these ints, not by the actions: most actions are attrs
    records whose ``__hash__`` is a Python call, which a dict keyed by actions would make
    several times per legal action at every level of every descent. The games intern their
    actions (the same object comes back in every world), so an action's key is found by its
    identity, a native lookup; an object not met before is looked up by value, so that equal
    actions share one key whatever objects carry them. Every object met is kept in ``_met``,
    so no identity in ``_by_id`` can be reused by another object during the search. A game
    whose actions all hash by identity (Kitten tricks': one object per card) has its actions
    looked up by value at once, which is then as cheap and needs no identity.
    """

    __slots__ = ("_blind", "_by_id", "_by_value", "_met", "_native_hash", "root")

    def __init__(self, observer: int, action_types: Iterable[type[Action]] = ()) -> None:
        """A tree with a root for ``observer``, for a game of ``action_types``."""
        self.root = _Node(observer)
        self._by_id: dict[int, int] = {}
        self._by_value: dict[Action, int] = {}
        self._met: list[Action] = []
        types = list(action_types)
        hashes = [cls.__hash__ for cls in types]
        self._native_hash = bool(hashes) and all(h is object.__hash__ for h in hashes)
        # The game's interchangeable action classes (blind draws), or None if unknown.
        self._blind: tuple[type[Action], ...] | None = (
            tuple(cls for cls in types if cls.interchangeable) if types else None
        )

    def blind(self, cls: type[Action]) -> bool:
        """Whether actions of ``cls`` are interchangeable (blind draws: `_search.distinct`).

        Looked up among the game's interchangeable classes (most games have none, the others
        one), when the tree knows them.
        """
        blind = self._blind
        return cls.interchangeable if blind is None else cls in blind

    @property
    def may_be_blind(self) -> bool:
        """Whether any action of the game may be interchangeable (`blind` may answer True)."""
        return self._blind is None or bool(self._blind)

    def key(self, action: Action) -> int:
        """The key of ``action`` among the children of every node of this tree."""
        key = self._by_value.get(action) if self._native_hash else self._by_id.get(id(action))
        return self._met_anew(action) if key is None else key

    def _met_anew(self, action: Action) -> int:
        """The key of ``action``, an object not met before: an equal action's, or a new one."""
        key = self._by_value.get(action)
        if key is None:
            key = self._by_value[action] = len(self._by_value)
        self._met.append(action)
        self._by_id[id(action)] = key
        return key

    def most_visited(self, legal: tuple[Action, ...]) -> Action:
        """The root's action of ``legal`` searched most often; ties go to the earlier one."""
        children = self.root.children
        chosen, most = legal[0], -2
        for action in legal:
            child = children.get(self.key(action))
            visits = -1 if child is None else child.visits
            if visits > most:
                chosen, most = action, visits
        return chosen


class _Worlds:
    """One search's worlds, each drawn from its ``view`` as `Game.sample_world` draws it.

    The first is `Game.sample_world`'s own (which checks the view); every later one is built
    from the game's hook (`State._sample_position`) and a seed drawn next, as `sample_world`
    does, from what every world of that view shares, taken from the first before any step: the
    same numbers drawn, the same world, without the engine's checks and interpreted
    construction at every iteration.

    Each world is the search's alone, to advance in place (`_hot.World`). With ``bare`` (a
    search whose simulations are random) a game whose rules advance a position in place is
    searched on its bare positions (`_hot.PositionWorld`); every other world is a scratch state
    (`_hot.StateWorld`: `_hot.resampled`).
    """

    __slots__ = ("_first", "_match", "_position", "_rules", "game", "hot", "view")

    def __init__(self, game: Game[Any], view: View, *, bare: bool = False) -> None:
        """The worlds of a search of ``game`` from ``view``, bare positions if ``bare`` allows."""
        self.game = game
        self.view = view
        # Whether a world's position names its seat to move and round (`_hot.advance`).
        self.hot = reads_position(game.State)
        self._position = game.State._sample_position  # noqa: SLF001 - the engine's hook
        self._rules = _hot.PositionRules.of(game.State) if bare else None
        self._first: State[Any] | None = None
        self._match: Turn | None = None

    def draw(self, rng: random.Random) -> _hot.World:
        """A new world consistent with the view, for the search alone to advance in place."""
        rules = self._rules
        match = self._match
        if match is not None and rules is not None:
            pos = self._position(self.view, rng)
            return _hot.resampled_world(rules, match, pos, rng.getrandbits(64))
        first = self._first
        if first is None:
            world = self.game.sample_world(self.view, rng)
            if rules is not None:
                self._match = turn_of(world)
                return _hot.position_world(rules, world)
            self._first = _hot.scratch(world)
        else:
            world = _hot.resampled(first, self._position(self.view, rng), rng.getrandbits(64))
        return _hot.StateWorld(world, hot=self.hot, owned=True)


class ISMCTSBot:
    """Information-set MCTS over worlds sampled from the view, for any game of the library.

    Args:
        iterations: the number of sampled worlds searched per decision (the budget).
        seconds: a time budget per decision; the search stops at whichever budget runs out
            first. ``None`` (the default) means the iteration budget alone.
        exploration: the UCB1 exploration constant.
        playout: the bot that plays the simulations, from each mover's view of the sampled
            world; ``None`` (the default) plays uniformly random legal actions, the fastest.
            A good heuristic bot makes each iteration dearer but far more informative. Its
            choice in each tree node is also tried first and favoured by a progressive bias
            ``prior_weight / (1 + visits)``, so the search starts from the bot's play and
            departs from it where the simulations say so.
        prior_weight: the weight of that bias; 0 turns it off.
        search_opponents: ``True`` (the paper's algorithm) gives the other seats' decisions
            nodes of the tree too; ``False`` plays them with the playout bot (or at random),
            so the tree branches on the bot's own decisions only and every iteration meets
            opponents who play as the model says, a much better use of a small budget when
            the playout bot models the opponents well.
        margin_weight: how much of a simulation's reward is the score margin rather than
            the share of the win (games whose scores rank players, ``Game.better_scores``).
        horizon: ``"match"`` (the default, the paper's algorithm) simulates to the end of the
            match; ``"round"`` stops the descent and the simulations at the end of the round
            the search started in and values the match's standing then (each round's deal
            is new, so the later rounds mostly add noise and cost). A one-round game, such as
            classic Mistigri, plays the same either way.

    With an iteration budget alone the bot is deterministic: the same view and the same
    ``rng`` state give the same action on every machine. A time budget makes the number of
    iterations depend on the machine and its load, and so the choice: use it where an answer
    must come in time (a live table), never where a result must replay. The search checks the
    clock at every simulated move of a playout bot (before and after a random simulation, which
    takes milliseconds) and drops the iteration the budget ends in, so a decision takes
    ``seconds`` and at most one move of the game (or one random simulation) more; if not one
    simulation finished, the bot answers as its playout bot would (or at random).
    Every numeric setting has bounds ([`BOUNDS`][cardgames.bots.ismcts.BOUNDS]).
    """

    # The settings are typed `object` and checked here: compiled, a parameter typed `int` or
    # `float` would refuse a value of another type with a bare TypeError before the check
    # could say what the setting must be (the Performance page: untrusted input).
    def __init__(
        self,
        iterations: object = 200,
        *,
        seconds: object = None,
        exploration: object = 0.7,
        playout: Bot | None = None,
        prior_weight: object = 3.0,
        search_opponents: object = True,
        margin_weight: object = MARGIN_WEIGHT,
        horizon: object = "match",
    ) -> None:
        """Set the budget and the exploration constant (see the class docstring).

        `iterations` is an `int`, `search_opponents` a `bool`, the others numbers (`seconds`
        may be ``None``); each is checked at run time.

        Raises:
            InvalidSetupError: a numeric setting outside its
                [`BOUNDS`][cardgames.bots.ismcts.BOUNDS] (`iterations` at most
                `MAX_ITERATIONS`, `seconds` at most `MAX_SECONDS`), a `search_opponents`
                that is not a bool, or a `horizon` that is not ``"match"`` or ``"round"``.
        """
        self.iterations = int(check_setting("iterations", iterations))
        self.seconds: float | None = (
            None if seconds is None else float(check_setting("seconds", seconds))
        )
        self.exploration = float(check_setting("exploration", exploration))
        self.playout = playout
        self.prior_weight = float(check_setting("prior_weight", prior_weight))
        self.search_opponents = flag_setting("search_opponents", search_opponents)
        self.margin_weight = float(check_setting("margin_weight", margin_weight))
        if horizon not in HORIZONS:
            msg = f"horizon must be 'match' or 'round', got {short_repr(horizon)}"
            raise InvalidSetupError(msg)
        self.horizon: str = str(horizon)

    def __repr__(self) -> str:
        """Return the constructor call that builds this bot."""
        return (
            f"ISMCTSBot(iterations={self.iterations}, seconds={self.seconds}, "
            f"exploration={self.exploration}, playout={self.playout!r}, "
            f"prior_weight={self.prior_weight}, search_opponents={self.search_opponents}, "
            f"margin_weight={self.margin_weight}, horizon={self.horizon!r})"
        )

    def choose(self, view: View, rng: random.Random) -> Action:
        """Return the root action searched most often."""
        legal = distinct(view.legal_actions)
        if len(legal) == 1:
            return legal[0]
        game = get_game(view.game)
        tree = _Tree(view.seat, game._action_types)  # noqa: SLF001 - the engine's own record
        # With random simulations, no one reads a world's views: bare positions will do.
        worlds = _Worlds(game, view, bare=self.playout is None)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        try:
            for _ in range(self.iterations):
                self._iterate(worlds, tree, rng, deadline)
                if deadline is not None and time.perf_counter() >= deadline:
                    break
        except OutOfTime:
            # The unfinished iteration is dropped: it has added no visit or reward.
            pass
        if tree.root.visits == 0:
            # Not one simulation finished in time: answer as the playout bot would.
            return self._fallback(view, legal, rng)
        return tree.most_visited(legal)

    def _fallback(self, view: View, legal: tuple[Action, ...], rng: random.Random) -> Action:
        if self.playout is None:
            return legal[rng.randrange(len(legal))]
        return self.playout.choose(view, rng)

    def _iterate(
        self, worlds: _Worlds, tree: _Tree, rng: random.Random, deadline: float | None
    ) -> None:
        # The sampled world is this iteration's own: the descent and the simulation advance it
        # in place (`_hot.World`), building no successor states.
        last_round = worlds.view.round if self.horizon == "round" else -1
        world = worlds.draw(rng)
        path = self._descend(world, tree, rng, deadline, last_round)
        rewards = self._simulate(world, rng, deadline, last_round, better=worlds.game.better_scores)
        self._backpropagate(path, rewards)

    def _backpropagate(self, path: list[_Node], rewards: list[float]) -> None:
        """Add one visit and its mover's reward (`_rewards`) to every node of ``path``."""
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.mover]

    def _rewards(self, outcome: Outcome, better: str | None) -> list[float]:
        """Each seat's reward in [0, 1]: its return (`cardgames.encoding.outcome_returns`).

        Its share of the win, mixed with its score margin (``margin_weight`` of the reward,
        where the game's scores rank players): a small budget needs to tell a close loss from
        a rout.
        """
        return _hot.returns(outcome, better, self.margin_weight)

    def _descend(
        self,
        world: _hot.World,
        tree: _Tree,
        rng: random.Random,
        deadline: float | None,
        last_round: int = -1,
    ) -> list[_Node]:
        """Select while every legal action of the world has a child, then expand one: the path.

        ``world`` is the search's own and advances in place. With random simulations no one
        reads its events or views (`_hot.World.untell`): neither the descent nor the playout
        that follows. The descent also stops once round ``last_round`` has ended (-1: the match
        horizon); no one then plays the next round, so the action that ends the round leaves
        its deal out, as a round playout's does (`State._deals_on`).
        """
        node = tree.root
        path = [node]
        observer = node.mover
        informed = self.playout is not None
        if not informed:
            world.untell(to_round_end=last_round >= 0)
        while True:
            # The seat to move, `None` once the match is over (`is_over` reads the same).
            to_move = world.mover()
            if to_move is None or (last_round >= 0 and world.round() != last_round):
                return path
            mover: int = to_move
            if mover != observer and not self.search_opponents:
                check_time(deadline)
                world.step(self._play(world, mover, rng))
                continue
            legal = world.legal()
            # The playout bot's choice, by its key (`_Tree.key`); -1 without one.
            prior = self._prior_key(tree, world, mover, distinct(legal), rng) if informed else -1
            children = node.children
            keys: list[int] = []
            untried: list[int] = []
            chosen = self._select(tree, children, legal, prior, keys, untried)
            if untried:
                pick = self._expand(node, mover, keys, untried, prior, rng)
                path.append(children[keys[pick]])
                world.step(legal[pick])
                return path
            node = children[keys[chosen]]
            world.step(legal[chosen])
            path.append(node)

    def _expand(  # noqa: PLR0917 - the descent's own step, one call per iteration
        self,
        node: _Node,
        mover: int,
        keys: list[int],
        untried: list[int],
        prior: int,
        rng: random.Random,
    ) -> int:
        """Add a child to ``node`` for one untried action: its position in ``keys``.

        The playout bot's choice if it is untried, else one of ``untried`` (positions in
        ``keys``) at random. Every child of ``node`` among ``keys`` was available to this
        descent: `_select` counted the others, and the new one starts at one.
        """
        if prior >= 0 and any(keys[i] == prior for i in untried):
            pick = keys.index(prior)
        else:
            pick = untried[below(rng, len(untried))]
        child = node.children[keys[pick]] = _Node(mover)
        child.available = 1
        return pick

    def _select(  # noqa: PLR0917 - the descent's own step, once per level
        self,
        tree: _Tree,
        children: dict[int, _Node],
        legal: tuple[Action, ...],
        prior: int,
        keys: list[int],
        untried: list[int],
    ) -> int:
        """The position in ``legal`` of the child maximising UCB1 (the first of equal ones).

        One pass over ``legal``, each interchangeable class (blind draws) counted once as
        `_search.distinct` keeps it, its first action: each action's key (`_Tree.key`) goes to
        ``keys`` (-1 for a blind draw left out), the position of each action with no child yet
        to ``untried``, and every existing child counts this descent as one that could have
        chosen it (its exploration term counts those, this one included). Once an action is
        untried the descent expands (`_expand`) and the UCB1 scores are no longer computed:
        what this returns then means nothing.
        """
        # `math.log` and `math.sqrt` by name, of floats: the compiled build calls their C
        # functions directly (given an int, `math.log` is a call through the module).
        c, bias = self.exploration, self.prior_weight
        best = -1.0
        chosen = 0
        blind = tree.may_be_blind
        drawn: list[type[Action]] = []  # the interchangeable classes met in ``legal``
        for i, action in enumerate(legal):
            if blind:
                cls = type(action)
                if tree.blind(cls):
                    if cls in drawn:
                        keys.append(-1)
                        continue
                    drawn.append(cls)
            key = tree.key(action)
            keys.append(key)
            child = children.get(key)
            if child is None:
                untried.append(i)
                continue
            child.available += 1
            if untried:
                continue
            score = child.reward / child.visits + c * math.sqrt(
                math.log(float(child.available)) / child.visits
            )
            if key == prior:
                # Progressive bias (Chaslot et al. 2008): the playout bot's choice is
                # preferred while it has few visits; the evidence takes over later.
                score += bias / (1 + child.visits)
            if score > best:
                best, chosen = score, i
        return chosen

    def _prior_key(
        self,
        tree: _Tree,
        world: _hot.World,
        mover: int,
        legal: tuple[Action, ...],
        rng: random.Random,
    ) -> int:
        """The key of the playout bot's choice in this world (`_prior`), or -1 without one."""
        choice = self._prior(world, mover, legal, rng)
        return -1 if choice is None else tree.key(choice)

    def _prior(
        self, world: _hot.World, mover: int, legal: tuple[Action, ...], rng: random.Random
    ) -> Action | None:
        """The playout bot's choice in this world, as one of ``legal`` (``None`` without one)."""
        if self.playout is None or self.prior_weight == 0 or len(legal) == 1:
            return None
        choice = self.playout.choose(world.state().view(mover), rng)
        if type(choice).interchangeable:
            return next(a for a in legal if type(a) is type(choice))
        return choice

    def _play(self, world: _hot.World, mover: int, rng: random.Random) -> Action:
        """The playout bot's action for ``mover`` in ``world``, or a random legal one."""
        if self.playout is None:
            legal = world.legal()
            return legal[below(rng, len(legal))]
        return self.playout.choose(world.state().view(mover), rng)

    def _simulate(
        self,
        world: _hot.World,
        rng: random.Random,
        deadline: float | None,
        last_round: int = -1,
        *,
        better: str | None = None,
    ) -> list[float]:
        """Play to the end of the match, at random or with the playout bot: each seat's reward.

        The rewards of the outcome (`_rewards`, the game's scores ranked as ``better`` says).
        With ``last_round`` (not -1, the round horizon) play only to the end of that round:
        the outcome is then the match's standing, unless the match ended with the round.

        Random simulations advance ``world`` in place on the engine's playout path
        (`_hot.World.advance`, as `State.playout` plays), which keeps no state, event or view of
        the positions it passes through; a playout bot's advance the world's state in place
        (`_hot.step`), since the bot reads each mover's view.

        Raises:
            OutOfTime: the time budget ran out before the end (checked at every move of a
                playout bot, since one such simulation of a whole match can take a tenth of a
                second; before and after a random one, which takes milliseconds).
        """
        if not world.within(last_round):
            # The descent already ended the match, or the round.
            return world.returns(better, self.margin_weight)
        if self.playout is None:
            check_time(deadline)
            world.advance(rng, last_round)
            check_time(deadline)
            return world.returns(better, self.margin_weight)
        # A playout bot reads each mover's view of the search's own world, advanced in place.
        playout = self.playout
        owned = isinstance(world, _hot.StateWorld) and world.owned
        outcome = play_to_horizon(
            world.state(),
            lambda w, mover: playout.choose(w.view(mover), rng),
            last_round,
            deadline,
            owned=owned,
        )
        return self._rewards(outcome, better)
