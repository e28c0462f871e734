"""The learning example (`examples/learn_pettingzoo.py`): its network, its update, its run."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "examples" / "learn_pettingzoo.py"
SHORT = ["--episodes", "64", "--batch", "32", "--eval-deals", "4", "--checkpoints", "2"]
"""A run of seconds: two updates, an evaluation of four deals at the start and after each."""

pytest.importorskip("pettingzoo")
pytest.importorskip("matplotlib")


@pytest.fixture(scope="module")
def example() -> ModuleType:
    """The example script, imported as a module."""
    spec = importlib.util.spec_from_file_location("learn_pettingzoo", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # NamedTuples and dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _policy(example: ModuleType, hidden: int, seed: int) -> tuple[Any, Any]:
    """A table of the example's game and a policy whose output layers are not zero."""
    table = example.new_table("crazy-animals", 3)
    rng = np.random.default_rng(seed)
    policy = example.Policy(example.observation_scale(table), table.space.size, hidden, rng)
    for name in ("w2", "b2", "wv", "bv"):
        policy.params[name] = rng.normal(0.0, 0.5, policy.params[name].shape)
    return table, policy


def _decisions(example: ModuleType, table: Any, policy: Any, deal: int) -> Any:  # noqa: ANN401
    """The learner's decisions in one sampled match of ``deal``, learner in seat 0."""
    played = example.play(table, policy, example.Match(deal, 0, "sample"))
    assert len(played.decisions.actions) > 0
    return played.decisions


def test_probabilities_sum_to_one_over_the_mask(example: ModuleType) -> None:
    """The policy gives every legal action a positive probability, the others none, total 1."""
    table, policy = _policy(example, 16, seed=3)
    batch = _decisions(example, table, policy, deal=11)
    for observation, mask in zip(batch.observations, batch.masks, strict=True):
        probabilities = policy.probabilities(observation, mask)
        assert probabilities.sum() == pytest.approx(1.0)
        assert np.all(probabilities[mask == 0] == 0)
        assert np.all(probabilities[mask > 0] > 0)


def test_gradients_match_finite_differences(example: ModuleType) -> None:
    """The hand-written backward pass agrees with a numerical derivative of PPO's loss."""
    table, policy = _policy(example, 8, seed=5)
    batch = _decisions(example, table, policy, deal=12)
    n = len(batch.actions)
    advantages = np.random.default_rng(0).normal(size=n)
    returns = np.random.default_rng(1).uniform(size=n)
    batch = batch._replace(returns=returns)
    _, probabilities, _ = policy.forward(batch.observations, batch.masks)
    played = probabilities[np.arange(n), batch.actions]  # ratio 1: inside the clip

    def loss() -> float:
        _, p, values = policy.forward(batch.observations, batch.masks)
        ratio = p[np.arange(n), batch.actions] / played
        log_p = np.log(np.where(p > 0, p, 1.0))
        entropy = -(p * log_p).sum(axis=1)
        terms = -ratio * advantages - 0.01 * entropy + 0.5 / 2 * (values - returns) ** 2
        return float(terms.mean())

    gradients = policy.gradients(batch, advantages, played, clip=0.2, entropy=0.01, value=0.5)
    picks = np.random.default_rng(2)
    for name, array in policy.params.items():
        for _ in range(4):
            at = tuple(picks.integers(0, size) for size in array.shape)
            saved = array[at]
            array[at] = saved + 1e-6
            above = loss()
            array[at] = saved - 1e-6
            below = loss()
            array[at] = saved
            assert gradients[name][at] == pytest.approx((above - below) / 2e-6, abs=1e-6)


@pytest.mark.parametrize("sign", [1.0, -1.0])
def test_update_moves_the_chosen_action_with_its_advantage(
    example: ModuleType, sign: float
) -> None:
    """After one update, an action that returned more than the other gains probability."""
    table, policy = _policy(example, 16, seed=7)
    batch = _decisions(example, table, policy, deal=13)
    row = int(np.flatnonzero(batch.masks.sum(axis=1) > 1)[0])  # a decision with a choice
    observation, mask = batch.observations[row], batch.masks[row]
    first, second = np.flatnonzero(mask)[:2]
    # The same decision twice, once with each action: `first` returns 1 (sign +1) or 0.
    twice = example.Batch(
        np.array([observation, observation]),
        np.array([mask, mask]),
        np.array([first, second]),
        np.array([sign > 0, sign < 0], dtype=np.float64),
    )
    before = policy.probabilities(observation, mask)
    adam = example.Adam(policy.params, 1e-2)
    learning = example.Learning(epochs=1, minibatches=1, entropy=0.0)
    example.update(policy, adam, twice, np.random.default_rng(0), learning)
    after = policy.probabilities(observation, mask)
    assert np.sign(after[first] - before[first]) == sign
    assert np.sign(after[second] - before[second]) == -sign


def test_evaluation_replays_the_same_deals(example: ModuleType) -> None:
    """Evaluating the same parameters twice gives the same share: the deals are fixed."""
    _, policy = _policy(example, 8, seed=9)
    workers = example.Workers("crazy-animals", 3, policy.scale, 8, 1)
    first = example.evaluate(workers, policy.params, 3, "greedy", 3)
    again = example.evaluate(workers, policy.params, 3, "greedy", 3)
    assert first == again
    assert 0 <= first.low <= first.mean <= first.high <= 1


def test_a_short_run_prints_its_table_and_saves_a_png(
    example: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A short run prints one row per checkpoint and both references, and writes a PNG."""
    picture = tmp_path / "curve.png"
    example.main([*SHORT, "--workers", "1", "--plot", str(picture)])
    lines = capsys.readouterr().out.splitlines()
    rows = [line.split() for line in lines if line.split() and line.split()[0].isdigit()]
    assert [row[:2] for row in rows] == [["0", "0"], ["1", "32"], ["2", "64"]]
    assert any(line.split()[0] == "random" for line in lines if line.strip())
    assert any(line.split()[0] == "heuristic" for line in lines if line.strip())
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_two_workers_give_the_numbers_of_one(
    example: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The script run with two worker processes prints the same table as one process."""
    example.main([*SHORT, "--workers", "1", "--plot", str(tmp_path / "one.png")])
    alone = capsys.readouterr().out.splitlines()
    done = subprocess.run(  # noqa: S603 - runs this interpreter on our own example
        [
            sys.executable,
            str(SCRIPT),
            *SHORT,
            "--workers",
            "2",
            "--plot",
            str(tmp_path / "two.png"),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    pooled = done.stdout.splitlines()
    # The first line gives the run time and the worker count; the table follows.
    assert pooled[1:-1] == alone[1:-1]
    assert (tmp_path / "two.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
