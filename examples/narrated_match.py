"""A seeded classic Mistigri match between three bots, narrated event by event.

Each bot sees only its own view (its hand, the table, hand sizes) and picks one of its legal
actions; the narrator sees everything, so the draws are told in full. Run it with
``python examples/narrated_match.py [seed]``.
"""

from __future__ import annotations

import random
import sys

from cardgames import classic_mistigri
from cardgames.engine import Action, View

NAMES = ("Alice", "Bruno", "Chloé")


def pick(view: View, rng: random.Random) -> Action:
    """A bot: draw at a random position of the fan (all positions are alike in Mistigri)."""
    return rng.choice(view.legal_actions)


def narrate(line: str) -> str:
    """Put the players' names in place of their seat numbers."""
    for seat, name in enumerate(NAMES):
        line = line.replace(f"seat {seat}", name)
    return line[0].upper() + line[1:]


def main(seed: int = 2026) -> None:
    """Play and narrate one match."""
    rng = random.Random(seed)
    state = classic_mistigri.GAME.new(len(NAMES), seed=seed)
    print(f"Classic Mistigri, seed {seed}: {', '.join(NAMES)} sit clockwise.\n")
    told = 0
    turn = 0
    while True:
        for event in state.events[told:]:
            print(f"  {narrate(str(event))}")
        told = len(state.events)
        if state.is_over:
            break
        mover = state.to_move
        assert mover is not None
        turn += 1
        sizes = ", ".join(f"{NAMES[s]} {n}" for s, n in enumerate(state.view(mover).hand_sizes))
        print(f"Turn {turn}: {NAMES[mover]} to play (cards held: {sizes})")
        state = state.apply(pick(state.view(mover), rng))
    outcome = state.outcome
    assert outcome is not None
    (loser,) = outcome.losers
    winners = " and ".join(NAMES[s] for s in outcome.winners)
    print(f"\n{NAMES[loser]} is left holding the Mistigri and loses. {winners} win.")
    print(f"Pairs laid: {', '.join(f'{NAMES[s]} {n}' for s, n in enumerate(outcome.scores))}.")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2026)
