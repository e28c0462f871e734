"""Train a small policy through the PettingZoo environment against the heuristic bot.

The learner is a linear softmax policy over the observation vector, masked by the action mask,
trained with REINFORCE (Williams, 1992) and a running-mean baseline: after each match, every
decision it made is pushed towards more (or less) probability in proportion to how much its
return beat the baseline. Its opponents are the game's heuristic bot in every other seat; the
learner's seat rotates from match to match. Everything is NumPy, on one core.

The curve is the learner's share of the win (1 / number of winners when it wins, else 0),
averaged over a sliding window, against the fair share it would get were it as strong as the
heuristic bots; a uniformly random player is the starting point (the policy starts uniform).

Usage: ``python examples/learn_pettingzoo.py [--game crazy-animals] [--players 3]
[--episodes 200] [--plot PATH]``. The default run is short; the plot of the research page comes
from ``python examples/learn_pettingzoo.py --episodes 6000 --plot docs/img/learn_pettingzoo.png``
(about three minutes). Needs ``pip install -e '.[pettingzoo,plot]'``.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import cardgames
from cardgames.adapters.pettingzoo import CardGameEnv, env
from cardgames.bots import heuristic_bot

ONE_ROUND = {"crazy-mistigri": {"rounds": 1, "max_rounds": 1}, "crazy-animals": {"rounds": 1}}
"""Single-round rules keep each episode short (kitten tricks: one deal is already short)."""

Vector = npt.NDArray[np.float64]


class LinearPolicy:
    """A softmax over the legal actions of `weights @ observation + bias`."""

    def __init__(self, observations: int, actions: int, rng: np.random.Generator) -> None:
        """Start uniform: every weight zero."""
        self.weights = np.zeros((actions, observations))
        self.bias = np.zeros(actions)
        self.rng = rng

    def probabilities(self, observation: Vector, mask: Vector) -> Vector:
        """The policy's probability of every action (zero where the mask is zero)."""
        logits = self.weights @ observation + self.bias
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        weights = np.exp(logits)
        probabilities: Vector = weights / weights.sum()
        return probabilities

    def sample(self, observation: Vector, mask: Vector) -> int:
        """Draw an action index from the policy."""
        probabilities = self.probabilities(observation, mask)
        return int(self.rng.choice(len(probabilities), p=probabilities))

    def reinforce(
        self, decisions: list[tuple[Vector, Vector, int]], advantage: float, rate: float
    ) -> None:
        """Move each decision's log-probability along `advantage` (the REINFORCE step)."""
        for observation, mask, action in decisions:
            # d log softmax(a) / d logits = onehot(a) - probabilities
            gradient = -self.probabilities(observation, mask)
            gradient[action] += 1.0
            self.weights += rate * advantage * np.outer(gradient, observation)
            self.bias += rate * advantage * gradient


def play_episode(
    table: CardGameEnv,
    policy: LinearPolicy,
    *,
    learner: str,
    opponents: Any,  # noqa: ANN401 - the game's heuristic bot
    rng: random.Random,
    seed: int,
) -> tuple[list[tuple[Vector, Vector, int]], float, float]:
    """Play one match; return the learner's decisions, its return and its share of the win."""
    table.reset(seed=seed)
    decisions: list[tuple[Vector, Vector, int]] = []
    final = 0.0
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        if termination or truncation:
            if agent == learner:
                final = float(reward)
            table.step(None)
            continue
        if agent == learner:
            vector = observation["observation"].astype(np.float64)
            mask = observation["action_mask"].astype(np.float64)
            action = policy.sample(vector, mask)
            decisions.append((vector, mask, action))
        else:
            assert table.state is not None
            seat = table.possible_agents.index(agent)
            action = table.space.index(opponents.choose(table.state.view(seat), rng))
        table.step(action)
    assert table.state is not None
    outcome = table.state.outcome
    seat = table.possible_agents.index(learner)
    share = 0.0
    if outcome is not None and seat in outcome.winners:
        share = 1.0 / len(outcome.winners)
    return decisions, final, share


def train(
    slug: str, players: int, episodes: int, rate: float, seed: int
) -> tuple[list[float], list[float]]:
    """Train the policy for `episodes` matches; return the learner's shares and returns."""
    game = cardgames.get_game(slug)
    rules = game.Rules(**ONE_ROUND.get(slug, {}))
    table = env(slug, players, rules, max_cycles=1000)
    policy = LinearPolicy(table.observer.size, table.space.size, np.random.default_rng(seed))
    opponents = heuristic_bot(slug)
    rng = random.Random(seed)
    baseline = 1.0 / players
    shares: list[float] = []
    rewards: list[float] = []
    for episode in range(episodes):
        learner = table.possible_agents[episode % players]
        decisions, reward, share = play_episode(
            table,
            policy,
            learner=learner,
            opponents=opponents,
            rng=rng,
            seed=seed * 1_000_003 + episode,
        )
        policy.reinforce(decisions, reward - baseline, rate)
        baseline += 0.02 * (reward - baseline)
        shares.append(share)
        rewards.append(reward)
    return shares, rewards


def moving_average(values: Sequence[float], window: int) -> Vector:
    """The mean of each `window` consecutive values."""
    kernel = np.ones(window) / window
    averaged: Vector = np.convolve(np.asarray(values, np.float64), kernel, mode="valid")
    return averaged


def plot(shares: Sequence[float], players: int, title: str, path: Path) -> None:
    """Save the learning curve (win share over a sliding window) as a PNG."""
    import matplotlib as mpl  # noqa: PLC0415 - the plot extra is optional

    mpl.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415 - after choosing the backend

    window = max(10, min(500, len(shares) // 10))
    curve = moving_average(shares, window)
    figure, axes = plt.subplots(figsize=(7, 4))
    axes.plot(np.arange(window, len(shares) + 1), curve, label=f"learner ({window}-match mean)")
    axes.axhline(1 / players, color="grey", linestyle="--", label="fair share (as strong)")
    axes.set_xlabel("matches played")
    axes.set_ylabel("share of the win")
    axes.set_ylim(0, max(0.6, float(curve.max()) + 0.05))
    axes.set_title(title)
    axes.legend(loc="upper left")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def main(argv: Sequence[str] | None = None) -> None:
    """Train, print the win share at the start and at the end, and save the plot."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="crazy-animals", choices=list(cardgames.GAMES))
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--episodes", type=int, default=200, help="matches to train on")
    parser.add_argument("--rate", type=float, default=0.1, help="learning rate")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", type=Path, help="where to save the PNG (default: temp dir)")
    args = parser.parse_args(argv)
    if args.episodes < 20:  # noqa: PLR2004 - two windows of ten
        parser.error("--episodes must be at least 20")
    title = cardgames.get_game(args.game).title
    start = time.perf_counter()
    shares, _ = train(args.game, args.players, args.episodes, args.rate, args.seed)
    elapsed = time.perf_counter() - start
    tenth = max(10, args.episodes // 10)
    print(
        f"{title}, {args.players} players, against the heuristic bot: "
        f"{args.episodes} matches in {elapsed:.0f} s"
    )
    print(
        f"win share: first {tenth} matches {np.mean(shares[:tenth]):.3f}, "
        f"last {tenth} {np.mean(shares[-tenth:]):.3f} (fair share {1 / args.players:.3f})"
    )
    path = args.plot or Path(tempfile.gettempdir()) / "learn_pettingzoo.png"
    plot(shares, args.players, f"{title}: linear REINFORCE vs the heuristic bot", path)
    print(f"learning curve saved to {path}")


if __name__ == "__main__":
    main()
