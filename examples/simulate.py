"""Does a seat have an edge in classic Mistigri? Measured with `cardgames.arena.simulate`.

With 2 or 4 players the first player is dealt one card more (ruling CL-2). Random bots play
every seat, so each seat's win share (with its 95% interval) shows the seat's own advantage.
One process pool over every core plays the three simulations; the reports would be the same
on any number of cores. Usage: `python examples/simulate.py [matches]`.
"""

from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor

from cardgames.arena import simulate


def main(matches: int = 600) -> None:
    """Print each seat's win share, with its 95% interval, for 2, 3 and 4 players."""
    with ProcessPoolExecutor() as pool:
        for players in (2, 3, 4):
            _seats(pool, players, matches)


def _seats(pool: ProcessPoolExecutor, players: int, matches: int) -> None:
    report = simulate(
        "classic-mistigri", ["random"], matches, players=players, seed=1, executor=pool
    )
    shares = "  ".join(f"seat {seat.seat}: {seat.share}" for seat in report.seats)
    print(f"{players} players, {matches} matches -> {shares}")
    assert report.errors == 0


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 600)
