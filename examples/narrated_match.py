"""A seeded match between bots, narrated event by event, for any game of the library.

Each bot sees only its own view and picks one of its legal actions at random; the narrator
sees everything, so private moves (draws, looks, gifts) are told in full. Run it with
``python examples/narrated_match.py [game] [seed]``, e.g. ``crazy-mistigri 7``; the default is
a three-player classic Mistigri match.
"""

from __future__ import annotations

import random
import sys

import cardgames
from cardgames.engine import Action, View

NAMES = ("Alice", "Bruno", "Chloé", "Dario", "Emma", "Farid")


def pick(view: View, rng: random.Random) -> Action:
    """A bot that plays any legal action of its view at random."""
    return rng.choice(view.legal_actions)


def narrate(line: str) -> str:
    """Put the players' names in place of their seat numbers."""
    # Highest seats first, so that "seat 1" never rewrites the start of a "seat 10".
    for seat in reversed(range(len(NAMES))):
        line = line.replace(f"seat {seat}", NAMES[seat])
    return line[0].upper() + line[1:]


def main(slug: str = "classic-mistigri", seed: int = 2026) -> None:
    """Play and narrate one match of ``slug``."""
    game = cardgames.get_game(slug)
    players = min(max(3, game.min_players), game.max_players)
    rng = random.Random(seed)
    state = game.new(players, seed=seed)
    names = NAMES[:players]
    print(f"{game.title}, seed {seed}: {', '.join(names)} sit clockwise.\n")
    told = 0
    while True:
        for event in state.events[told:]:
            print(f"  {narrate(str(event))}")
        told = len(state.events)
        if state.is_over:
            break
        mover = state.to_move
        assert mover is not None
        state = state.apply(pick(state.view(mover), rng))
    outcome = state.outcome
    assert outcome is not None
    winners = " and ".join(names[s] for s in outcome.winners)
    scores = ", ".join(f"{name} {score}" for name, score in zip(names, outcome.scores, strict=True))
    print(f"\n{winners} {'wins' if len(outcome.winners) == 1 else 'win'}. Scores: {scores}.")
    if outcome.losers:
        losers = [names[s] for s in outcome.losers]
        print(f"{' and '.join(losers)} {'loses' if len(losers) == 1 else 'lose'}.")


if __name__ == "__main__":
    main(
        sys.argv[1] if len(sys.argv) > 1 else "classic-mistigri",
        int(sys.argv[2]) if len(sys.argv) > 2 else 2026,  # noqa: PLR2004 - argv positions
    )
