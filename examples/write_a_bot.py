"""Write your own bot: a Kitten tricks player that keeps its collection varied.

A bot is any object with ``choose(view, rng)`` returning one of ``view.legal_actions``. It
sees only its seat's view. This one plays, in Kitten tricks, the card least likely to win the
trick when it would bring a fourth card of a colour into its collection, and its highest card
otherwise; then it plays 150 seeded matches against two random bots and prints its share of
the wins. Run it with ``python examples/write_a_bot.py``.
"""

from __future__ import annotations

import random
from collections import Counter

from cardgames import kitten_tricks
from cardgames.bots import RandomBot, play_match
from cardgames.engine import Action, View


class CarefulKitten:
    """Avoids the fourth toy of a colour; otherwise goes for the trick with its best card."""

    def choose(self, view: View, rng: random.Random) -> Action:
        """Pick a card from the view alone (hand, trick, trump, collections)."""
        assert isinstance(view, kitten_tricks.View)
        del rng  # this bot is deterministic
        plays = [a for a in view.legal_actions if isinstance(a, kitten_tricks.PlayCard)]
        mine = view.collections[view.seat]
        held = Counter(card.colour for card in mine)
        # One more card of such a colour reaches LOSS_THRESHOLD and the colour is lost.
        crowded = {colour for colour, n in held.items() if n == kitten_tricks.LOSS_THRESHOLD - 1}
        risky = {card.colour for card in view.trick} & crowded
        if risky:
            # Winning this trick would cost a whole colour: play low, off the trump if possible.
            return min(plays, key=lambda a: (a.card.colour == view.trump_colour, a.card.value))
        return max(plays, key=lambda a: a.card.value)


def main(matches: int = 150) -> None:
    """Play the bot in every seat in turn against two random bots and print its win share."""
    share = 0.0
    for seed in range(matches):
        seat = seed % 3
        bots = [CarefulKitten() if s == seat else RandomBot() for s in range(3)]
        outcome = play_match(kitten_tricks.GAME, bots, seed=seed).outcome
        assert outcome is not None
        if seat in outcome.winners:
            share += 1 / len(outcome.winners)
    print(f"CarefulKitten won {share / matches:.1%} of {matches} matches (fair share: 33.3%).")


if __name__ == "__main__":
    main()
