"""Train a small policy through the PettingZoo environment against the heuristic bot.

The learner is a small actor-critic network in NumPy with a hand-written backward pass: one
tanh hidden layer reads the seat's observation (each field divided by its documented bound)
and gives a softmax over the legal actions (the action mask) and an estimate of the return. It
plays one-round, three-player Crazy Animals against the game's heuristic bot in the other two
seats, its own seat rotating from match to match. After each batch of matches it learns by
PPO (Schulman et al., 2017): every decision's advantage is the match's return minus the
estimate at that decision, normalised over the batch; a few passes of Adam steps push the
decisions with a positive advantage up and the others down, clipped so that no probability
moves too far from the one that played, with an entropy bonus that keeps the policy exploring.

Worker processes play each batch with the same parameters. Every match has its own seed (the
deal, the bots' ties, the learner's sampling), so a run gives the same numbers whatever the
number of workers.

The curve is not the noisy training reward. At each checkpoint the greedy policy (its most
probable action) plays a fixed set of evaluation deals, the same deals at every checkpoint and
each once in every seat (duplicate style). Its win share (1 / number of winners when it wins,
else 0) has a 95% interval taken over the deals. Two references are measured the same way: the
uniformly random policy and the heuristic bot itself in the learner's seat (the fair share).

Usage: ``python examples/learn_pettingzoo.py [--episodes N] [--seed S] [--workers W]
[--plot PATH]`` (``--help`` lists the rest). The default run takes two to four minutes on
two shared cores; the figure of the research page comes from
``python examples/learn_pettingzoo.py --plot docs/img/learn_pettingzoo.png``.
Needs ``pip install -e '.[pettingzoo,plot]'`` (without the pettingzoo extra it stops with one line
saying so, and exit status 2); shows a progress bar if tqdm is installed.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import multiprocessing
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import cardgames
from cardgames.bots import heuristic_bot
from cardgames.encoding import outcome_returns

try:
    import numpy as np
    import numpy.typing as npt

    from cardgames.adapters.pettingzoo import CardGameEnv, env
except ImportError:
    print(  # one line, as the CLI says it, rather than a traceback on a plain install
        "learn_pettingzoo.py needs the pettingzoo extra: pip install 'cardgames-rules[pettingzoo]'",
        file=sys.stderr,
    )
    raise SystemExit(2) from None

Array = npt.NDArray[np.float64]
Params = dict[str, Array]

ONE_ROUND: dict[str, dict[str, int]] = {
    "crazy-animals": {"rounds": 1},
    "crazy-mistigri": {"rounds": 1, "max_rounds": 1},
    "kitten-tricks": {"max_rounds": 1},
}
"""One-round rules for the games worth learning: one deal, one result per match."""

MAX_CYCLES = 500
"""A Crazy Animals round lasts until someone knocks: the environment truncates it here."""

EVALUATION_DEALS = 2**62
"""The first evaluation deal's seed; training deals (seed * 2**32 + match) stay below it."""


# --- The learner: a small actor-critic network ------------------------------------------------


class Batch(NamedTuple):
    """The learner's decisions in some matches, one row per decision."""

    observations: Array
    masks: Array
    actions: npt.NDArray[np.int64]
    returns: Array

    def rows(self, indices: npt.NDArray[np.int64]) -> Batch:
        """The decisions at ``indices``."""
        return Batch(
            self.observations[indices],
            self.masks[indices],
            self.actions[indices],
            self.returns[indices],
        )


class Policy:
    """Observation -> tanh hidden layer -> a softmax over the legal actions, and a value.

    The parameters are one dict of arrays, sent as they are to the worker processes and updated
    in place by `Adam`. The output layers start at zero, so the new policy is uniform over the
    legal actions.
    """

    def __init__(self, scale: Array, actions: int, hidden: int, rng: np.random.Generator) -> None:
        """A new network; ``scale`` brings each observation value into ``[0, 1]``."""
        self.scale = scale
        self.params: Params = {
            "w1": rng.normal(0.0, 1.0 / math.sqrt(len(scale)), (hidden, len(scale))),
            "b1": np.zeros(hidden),
            "w2": np.zeros((actions, hidden)),
            "b2": np.zeros(actions),
            "wv": np.zeros(hidden),
            "bv": np.zeros(1),
        }

    def forward(self, observations: Array, masks: Array) -> tuple[Array, Array, Array]:
        """Return the hidden layer, the action probabilities and the values of a batch."""
        p = self.params
        hidden = np.tanh((observations / self.scale) @ p["w1"].T + p["b1"])
        logits = np.where(masks > 0, hidden @ p["w2"].T + p["b2"], -np.inf)
        weights = np.exp(logits - logits.max(axis=1, keepdims=True))
        probabilities = weights / weights.sum(axis=1, keepdims=True)
        values = hidden @ p["wv"] + p["bv"]
        return hidden, probabilities, values

    def probabilities(self, observation: Array, mask: Array) -> Array:
        """The probability of each action for one observation (zero where the mask is 0)."""
        _, probabilities, _ = self.forward(observation[None, :], mask[None, :])
        row: Array = probabilities[0]
        return row

    def gradients(
        self,
        batch: Batch,
        advantages: Array,
        played: Array,
        *,
        clip: float,
        entropy: float,
        value: float,
    ) -> Params:
        """The gradient of PPO's loss over ``batch``, by parameter (the backward pass).

        Per decision the loss is ``-min(r * A, clip(r, 1 - clip, 1 + clip) * A)
        - entropy * H(p) + value / 2 * (V - return) ** 2``, where ``r`` is the probability of
        the action now over ``played``, its probability when it was played, and ``A`` is the
        advantage; the gradient is the mean over the batch.
        """
        p = self.params
        n = len(batch.actions)
        hidden, probabilities, values = self.forward(batch.observations, batch.masks)
        chosen = np.zeros_like(probabilities)
        chosen[np.arange(n), batch.actions] = 1.0
        ratio = probabilities[np.arange(n), batch.actions] / played
        # The clipped term has no gradient once the ratio has moved past the clip in the
        # advantage's direction; elsewhere d(-r * A)/d logits = r * A * (p - onehot(action)).
        clipped = ((advantages > 0) & (ratio > 1 + clip)) | ((advantages < 0) & (ratio < 1 - clip))
        d_logits = np.where(clipped, 0.0, ratio * advantages)[:, None] * (probabilities - chosen)
        # d(-H)/d logits = p * (log p + H), zero off the mask.
        log_p = np.log(np.where(probabilities > 0, probabilities, 1.0))
        d_logits += entropy * probabilities * (log_p - (probabilities * log_p).sum(1)[:, None])
        d_values = value * (values - batch.returns)
        d_pre = (d_logits @ p["w2"] + np.outer(d_values, p["wv"])) * (1.0 - hidden**2)
        return {
            "w1": d_pre.T @ (batch.observations / self.scale) / n,
            "b1": d_pre.mean(axis=0),
            "w2": d_logits.T @ hidden / n,
            "b2": d_logits.mean(axis=0),
            "wv": d_values @ hidden / n,
            "bv": np.array([d_values.mean()]),
        }


class Adam:
    """Adam (Kingma and Ba, 2015) over a dict of parameter arrays."""

    def __init__(self, params: Params, rate: float) -> None:
        """Both moments start at zero for every parameter."""
        self.rate = rate
        self.steps = 0
        self.first = {k: np.zeros_like(v) for k, v in params.items()}
        self.second = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: Params, gradients: Params) -> None:
        """Move every parameter one step down its gradient, in place."""
        beta1, beta2 = 0.9, 0.999
        self.steps += 1
        for k, g in gradients.items():
            self.first[k] = beta1 * self.first[k] + (1 - beta1) * g
            self.second[k] = beta2 * self.second[k] + (1 - beta2) * g * g
            m = self.first[k] / (1 - beta1**self.steps)
            v = self.second[k] / (1 - beta2**self.steps)
            params[k] -= self.rate * m / (np.sqrt(v) + 1e-8)


class Learning(NamedTuple):
    """How the learner updates: PPO's settings."""

    epochs: int = 4
    minibatches: int = 4
    clip: float = 0.2
    entropy: float = 0.01
    value: float = 0.5


def update(
    policy: Policy, adam: Adam, batch: Batch, rng: np.random.Generator, learning: Learning
) -> None:
    """Learn from one batch: advantages against the value estimate, then PPO's Adam steps."""
    n = len(batch.actions)
    _, probabilities, values = policy.forward(batch.observations, batch.masks)
    played = probabilities[np.arange(n), batch.actions]
    advantages = batch.returns - values
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    for _ in range(learning.epochs):
        for part in np.array_split(rng.permutation(n), learning.minibatches):
            gradients = policy.gradients(
                batch.rows(part),
                advantages[part],
                played[part],
                clip=learning.clip,
                entropy=learning.entropy,
                value=learning.value,
            )
            adam.step(policy.params, gradients)


# --- Matches through the PettingZoo environment ------------------------------------------------


class Match(NamedTuple):
    """One match to play: the deal's seed, the learner's seat, and who plays that seat.

    ``player`` is ``"sample"`` (the policy, sampling), ``"greedy"`` (the policy's most probable
    action), ``"random"`` (uniform over the legal actions) or ``"heuristic"`` (the bot itself).
    """

    deal: int
    seat: int
    player: str


class Played(NamedTuple):
    """What the learner's seat got in one match, and its decisions in a training match."""

    decisions: Batch
    reward: float
    share: float


def new_table(slug: str, players: int) -> CardGameEnv:
    """The PettingZoo environment of ``slug`` with one-round rules."""
    rules = cardgames.get_game(slug).Rules(**ONE_ROUND[slug])
    return env(slug, players, rules, max_cycles=MAX_CYCLES)


def play(table: CardGameEnv, policy: Policy, match: Match) -> Played:
    """Play one match: ``match.player`` in ``match.seat``, the heuristic bot in the others.

    Every random choice follows from the deal and the seat, so a match is played the same way
    in any process and at every checkpoint.
    """
    bot = heuristic_bot(table.game.slug)
    rng = random.Random(f"{match.deal}/{match.seat}")
    sampler = np.random.default_rng([match.deal, match.seat])
    learner = table.possible_agents[match.seat]
    rows: list[tuple[Array, Array, int]] = []
    reward = 0.0
    table.reset(seed=match.deal)
    for agent in table.agent_iter():
        mine = agent == learner and match.player != "heuristic"
        observation, cumulative, termination, truncation, _ = table.last(observe=mine)
        if termination or truncation:
            reward = float(cumulative) if agent == learner else reward
            table.step(None)
            continue
        if not mine:  # the heuristic bot plays from the seat's view, as any bot does
            assert table.state is not None
            view = table.state.view(table.possible_agents.index(agent))
            table.step(table.space.index(bot.choose(view, rng)))
            continue
        vector = observation["observation"].astype(np.float64)
        mask = observation["action_mask"].astype(np.float64)
        if match.player == "random":
            action = int(sampler.choice(np.flatnonzero(mask)))
        else:
            probabilities = policy.probabilities(vector, mask)
            if match.player == "greedy":
                action = int(probabilities.argmax())
            else:
                action = int(sampler.choice(len(probabilities), p=probabilities))
        if match.player == "sample":  # training matches: keep the decisions to learn from
            rows.append((vector, mask, action))
        table.step(action)
    assert table.state is not None
    outcome = table.state.outcome  # None when truncated: nobody won
    share = 0.0 if outcome is None else outcome_returns(outcome, None)[match.seat]
    return Played(stack(rows, reward, table), reward, share)


def stack(rows: Sequence[tuple[Array, Array, int]], reward: float, table: CardGameEnv) -> Batch:
    """One match's decisions as a batch, every decision with the match's return."""
    return Batch(
        np.array([r[0] for r in rows]).reshape(len(rows), table.observer.size),
        np.array([r[1] for r in rows]).reshape(len(rows), table.space.size),
        np.array([r[2] for r in rows], np.int64),
        np.full(len(rows), reward),
    )


def concatenate(batches: Sequence[Batch]) -> Batch:
    """The decisions of several batches as one."""
    return Batch(*(np.concatenate(columns) for columns in zip(*batches, strict=True)))


_WORKER: dict[str, Any] = {}
"""Each worker process's own table and policy, built once by `_start_worker`."""


def _start_worker(slug: str, players: int, scale: Array, hidden: int) -> None:
    table = new_table(slug, players)
    _WORKER["table"] = table
    _WORKER["policy"] = Policy(scale, table.space.size, hidden, np.random.default_rng(0))


def _play_all(params: Params, matches: Sequence[Match]) -> list[Played]:
    policy: Policy = _WORKER["policy"]
    policy.params = params
    return [play(_WORKER["table"], policy, match) for match in matches]


class Workers:
    """Plays lists of matches with given parameters, in this process or in a pool."""

    def __init__(self, slug: str, players: int, scale: Array, hidden: int, workers: int) -> None:
        """Start ``workers`` processes; with one worker, matches are played in this process."""
        self.workers = workers
        self.pool: Any = None
        setup = (slug, players, scale, hidden)
        if workers > 1:
            # "spawn" works the same on every platform and copies nothing of this process.
            self.pool = multiprocessing.get_context("spawn").Pool(workers, _start_worker, setup)
        else:
            _start_worker(*setup)

    def play(self, params: Params, matches: Sequence[Match]) -> list[Played]:
        """Play ``matches``; return what they gave, in the same order."""
        if self.pool is None:
            return _play_all(params, matches)
        parts = [matches[i :: self.workers] for i in range(self.workers)]
        done: list[list[Played]] = self.pool.starmap(_play_all, [(params, p) for p in parts])
        return [done[i % self.workers][i // self.workers] for i in range(len(matches))]

    def close(self) -> None:
        """Stop the worker processes."""
        if self.pool is not None:
            self.pool.close()
            self.pool.join()


# --- Evaluation --------------------------------------------------------------------------------


class Share(NamedTuple):
    """A win share over the evaluation deals, with its 95% interval."""

    mean: float
    low: float
    high: float

    def __str__(self) -> str:
        """Read as ``0.280 (0.243-0.318)``."""
        return f"{self.mean:.3f} ({self.low:.3f}-{self.high:.3f})"


def evaluate(workers: Workers, params: Params, deals: int, player: str, seats: int) -> Share:
    """Play each evaluation deal once in every seat; the interval is taken over the deals.

    A deal's score is the mean of its seats, so the luck of the deal, the same for every
    player evaluated, cancels out of the comparison (duplicate style).
    """
    matches = [Match(EVALUATION_DEALS + d, s, player) for d in range(deals) for s in range(seats)]
    shares = np.array([m.share for m in workers.play(params, matches)]).reshape(deals, seats)
    per_deal = shares.mean(axis=1)
    mean = float(per_deal.mean())
    half = 1.96 * float(per_deal.std(ddof=1)) / math.sqrt(deals)  # the normal approximation
    return Share(mean, max(0.0, mean - half), min(1.0, mean + half))


class Checkpoint(NamedTuple):
    """The greedy policy's evaluation after ``episodes`` training matches."""

    episodes: int
    seconds: float
    share: Share


class Run(NamedTuple):
    """A training run: its checkpoints and the two references."""

    checkpoints: list[Checkpoint]
    random: Share
    heuristic: Share
    seconds: float


class Progress:
    """A tqdm bar on stderr when tqdm is installed, else one line per checkpoint."""

    def __init__(self, total: int) -> None:
        """Start the bar (or the clock)."""
        self.start = time.perf_counter()
        self.bar: Any = None
        try:
            from tqdm import tqdm  # noqa: PLC0415 - optional

            self.bar = tqdm(total=total, unit="match", file=sys.stderr, leave=False)
        except ImportError:
            pass

    def advance(self, matches: int) -> None:
        """Count ``matches`` more training matches."""
        if self.bar is not None:
            self.bar.update(matches)

    def note(self, line: str) -> None:
        """Print ``line`` on stderr, above the bar if there is one."""
        if self.bar is not None:
            self.bar.write(line, file=sys.stderr)
        else:
            print(line, file=sys.stderr, flush=True)

    def close(self) -> None:
        """Remove the bar."""
        if self.bar is not None:
            self.bar.close()


def observation_scale(table: CardGameEnv) -> Array:
    """What divides each observation value into ``[0, 1]``: its field's bound, if above 1."""
    bounds = [
        high
        for (_, _, high), (_, _, length) in zip(
            table.observer.ranges, table.observer.layout, strict=True
        )
        for _ in range(length)
    ]
    return np.array([b if math.isfinite(b) and b > 1 else 1.0 for b in bounds])


def train(args: argparse.Namespace) -> Run:
    """Train as ``args`` say, evaluating at every checkpoint; return the whole run."""
    start = time.perf_counter()
    table = new_table(args.game, args.players)
    scale = observation_scale(table)
    rng = np.random.default_rng(args.seed)
    policy = Policy(scale, table.space.size, args.hidden, rng)
    adam = Adam(policy.params, args.rate)
    learning = Learning(entropy=args.entropy)
    workers = Workers(args.game, args.players, scale, args.hidden, args.workers)
    progress = Progress(args.episodes)
    seats = args.players

    def checkpoint(episodes: int) -> Checkpoint:
        share = evaluate(workers, policy.params, args.eval_deals, "greedy", seats)
        done = Checkpoint(episodes, time.perf_counter() - start, share)
        progress.note(f"after {episodes} matches: win share {share} ({done.seconds:.0f} s)")
        return done

    try:
        references = [
            evaluate(workers, policy.params, args.eval_deals, who, seats)
            for who in ("random", "heuristic")
        ]
        progress.note(f"references: random {references[0]}, heuristic {references[1]}")
        checkpoints = [checkpoint(0)]
        every = args.episodes / args.checkpoints
        episodes = 0
        while episodes < args.episodes:
            size = min(args.batch, args.episodes - episodes)
            first = args.seed * 2**32 + episodes
            matches = [Match(first + i, (episodes + i) % seats, "sample") for i in range(size)]
            played = workers.play(policy.params, matches)
            adam.rate = args.rate * (1 - episodes / args.episodes)  # decays to 0: ends settled
            update(policy, adam, concatenate([p.decisions for p in played]), rng, learning)
            episodes += size
            progress.advance(size)
            if episodes >= every * len(checkpoints) or episodes == args.episodes:
                checkpoints.append(checkpoint(episodes))
    finally:
        progress.close()
        workers.close()
    return Run(checkpoints, references[0], references[1], time.perf_counter() - start)


# --- Output ------------------------------------------------------------------------------------


def table_lines(run: Run) -> list[str]:
    """The final table: checkpoint, training matches, win share with its interval."""
    lines = ["checkpoint  matches  win share (95% CI)"]
    lines.extend(f"{i:>10}  {c.episodes:>7}  {c.share}" for i, c in enumerate(run.checkpoints))
    lines.append(f"{'random':>10}  {'-':>7}  {run.random}")
    lines.append(f"{'heuristic':>10}  {'-':>7}  {run.heuristic}")
    return lines


def plot(run: Run, title: str, deals: int, path: Path) -> None:
    """Save the learning curve with its interval band and both references as a PNG."""
    import matplotlib as mpl  # noqa: PLC0415 - the plot extra is optional

    mpl.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415 - after choosing the backend

    x = np.array([c.episodes for c in run.checkpoints])
    mean, low, high = (
        np.array(column) for column in zip(*(c.share for c in run.checkpoints), strict=True)
    )
    figure, axes = plt.subplots(figsize=(8, 4.8))
    axes.fill_between(x, low, high, color="tab:blue", alpha=0.2, linewidth=0)
    axes.plot(x, mean, "o-", color="tab:blue", label="learner, greedy (95% interval)")
    for share, colour, label in (
        (run.heuristic, "tab:green", "heuristic bot in its seat (fair share)"),
        (run.random, "tab:red", "uniformly random policy"),
    ):
        axes.axhspan(share.low, share.high, color=colour, alpha=0.12, linewidth=0)
        axes.axhline(share.mean, color=colour, linestyle="--", label=label)
    axes.set_xlabel("training matches")
    axes.set_ylabel(f"win share, {deals} deals in every seat")
    axes.set_ylim(0, max(0.45, float(high.max()) + 0.05))
    axes.set_xlim(0, x[-1])
    axes.set_title(title, fontsize="medium")
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=3, fontsize="small")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def parser() -> argparse.ArgumentParser:
    """The command line."""
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    add = options.add_argument
    add("--episodes", type=int, default=20_000, help="training matches (default 20000)")
    add("--seed", type=int, default=1, help="seeds the network and the training deals")
    add("--workers", type=int, default=2, help="processes playing matches (default 2)")
    add("--plot", type=Path, help="where to save the PNG (default: the temp directory)")
    add("--game", default="crazy-animals", choices=sorted(ONE_ROUND))
    add("--players", type=int, default=3)
    add("--batch", type=int, default=128, help="matches per update (default 128)")
    add("--rate", type=float, default=3e-3, help="Adam's step size (default 0.003)")
    add("--hidden", type=int, default=64, help="units in the hidden layer (default 64)")
    add("--entropy", type=float, default=0.01, help="weight of the entropy bonus")
    add("--checkpoints", type=int, default=8, help="evaluations after the start (default 8)")
    add("--eval-deals", type=int, default=200, help="deals per evaluation (default 200)")
    return options


def main(argv: Sequence[str] | None = None) -> None:
    """Train, print the table of checkpoints and save the learning curve."""
    options = parser()
    args = options.parse_args(argv)
    for name in ("episodes", "workers", "batch", "hidden", "checkpoints"):
        if getattr(args, name) < 1:
            options.error(f"--{name} must be at least 1")
    if args.eval_deals < 2:  # noqa: PLR2004 - an interval needs two deals
        options.error("--eval-deals must be at least 2")
    if importlib.util.find_spec("matplotlib") is None:  # checked before minutes of training
        options.exit(
            2, "learn_pettingzoo.py needs the plot extra: pip install 'cardgames-rules[plot]'\n"
        )
    title = cardgames.get_game(args.game).title
    run = train(args)
    print(
        f"{title}, {args.players} players, one round, against the heuristic bot: "
        f"{args.episodes} training matches, {args.eval_deals} evaluation deals in every seat, "
        f"{run.seconds:.0f} s on {args.workers} worker(s)"
    )
    print("\n".join(table_lines(run)))
    path = args.plot or Path(tempfile.gettempdir()) / "learn_pettingzoo.png"
    heading = (
        f"{title}, {args.players} players, one round: a small PPO network vs the heuristic bot"
    )
    plot(run, heading, args.eval_deals, path)
    print(f"learning curve saved to {path}")


if __name__ == "__main__":
    main()
