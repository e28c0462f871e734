"""Play many random classic Mistigri matches and count how often each seat loses.

A quick look at the first player's edge: with 2 or 4 players the first player is dealt one
card more (ruling CL-2). Usage: ``python examples/simulate.py [matches]``.
"""

from __future__ import annotations

import random
import sys
from collections import Counter

from cardgames import classic_mistigri


def losses(players: int, matches: int) -> Counter[int]:
    """Count the losing seat over ``matches`` random matches."""
    rng = random.Random(players)
    lost: Counter[int] = Counter()
    for seed in range(matches):
        state = classic_mistigri.GAME.new(players, seed=seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        assert state.outcome is not None
        lost.update(state.outcome.losers)
    return lost


def main(matches: int = 400) -> None:
    """Print each seat's share of losses for 2, 3 and 4 players."""
    for players in (2, 3, 4):
        lost = losses(players, matches)
        shares = "  ".join(f"seat {s}: {lost[s] / matches:5.1%}" for s in range(players))
        print(f"{players} players, {matches} matches -> {shares}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 400)
