"""Classic Mistigri against an independent reference: a plain Old Maid written separately.

The reference below shares no code with the engine. It is given the dealt hands and the card
drawn at each turn (read from the engine's events) and decides on its own who draws from whom,
which pairs are laid, who leaves play and who loses; both must agree on every turn of hundreds
of random matches. A second test compares the loser distribution with the reference's own
random play.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardgames import classic_mistigri as cm
from cardgames import testing


class ReferenceOldMaid:
    """Old Maid as the rulebook tells it, on lists of motif numbers (0 is the Mistigri)."""

    def __init__(self, hands: list[list[int]], first: int) -> None:
        """Take the dealt hands and lay every opening pair."""
        self.hands = [self._without_pairs(h) for h in hands]
        self.turn = first if self.hands[first] else self._left_holder(first)

    @staticmethod
    def _without_pairs(hand: list[int]) -> list[int]:
        counts = Counter(hand)
        return [m for m in hand if counts[m] % 2 == 1]

    def _left_holder(self, seat: int) -> int:
        n = len(self.hands)
        k = (seat + 1) % n
        while not self.hands[k]:
            k = (k + 1) % n
        return k

    def over(self) -> bool:
        """Only the Mistigri is left in hands."""
        return sum(len(h) for h in self.hands) == 1

    def play(self, motif: int) -> tuple[int, int]:
        """The player to move draws ``motif`` from their left; return (drawer, holder)."""
        drawer, holder = self.turn, self._left_holder(self.turn)
        self.hands[holder].remove(motif)
        if motif in self.hands[drawer]:
            self.hands[drawer].remove(motif)
        else:
            self.hands[drawer].append(motif)
        if not self.over():
            self.turn = self._left_holder(drawer)
        return drawer, holder


@pytest.mark.parametrize("players", [2, 3, 4])
def test_engine_agrees_with_reference_on_every_turn(players: int) -> None:
    """For 300 random matches the reference predicts every drawer, holder, pair and loser."""
    chooser = random.Random(players)
    for seed in range(300):
        first = seed % players
        state = cm.GAME.new(players, seed=seed, rules=cm.Rules(first_player=first))
        dealt = [[c.motif for c in e.hand] for e in state.events if isinstance(e, cm.Dealt)]
        reference = ReferenceOldMaid(dealt, first)
        assert [sorted(c.motif for c in h) for h in state.hands] == [
            sorted(h) for h in reference.hands
        ]
        while not state.is_over:
            assert state.to_move == reference.turn
            seen = len(state.events)
            state = state.apply(chooser.choice(state.legal_actions()))
            drew = state.events[seen]
            assert isinstance(drew, cm.Drew)
            assert drew.card is not None
            assert reference.play(drew.card.motif) == (drew.seat, drew.source)
            assert [sorted(c.motif for c in h) for h in state.hands] == [
                sorted(h) for h in reference.hands
            ]
        assert reference.over()
        assert state.outcome is not None
        assert state.outcome.losers == (next(s for s, h in enumerate(reference.hands) if h),)


def _reference_loss_shares(players: int, matches: int) -> list[float]:
    rng = random.Random(10_000 + players)
    lost: Counter[int] = Counter()
    for _ in range(matches):
        deck = [m for m in range(1, 17) for _ in range(2)] + [0]
        rng.shuffle(deck)
        game = ReferenceOldMaid([deck[s::players] for s in range(players)], 0)
        while not game.over():
            holder = game._left_holder(game.turn)
            game.play(rng.choice(game.hands[holder]))
        lost[next(s for s, h in enumerate(game.hands) if h)] += 1
    return [lost[s] / matches for s in range(players)]


def test_loser_distribution_matches_reference_play() -> None:
    """Three players: each seat's share of losses agrees with the reference within 4 points."""
    players, matches = 3, 3000
    lost: Counter[int] = Counter()
    for seed in range(matches):
        *_, state = testing.random_match(cm.GAME, players, seed)
        assert state.outcome is not None
        lost.update(state.outcome.losers)
    reference = _reference_loss_shares(players, matches)
    for seat in range(players):
        assert abs(lost[seat] / matches - reference[seat]) < 0.04, (seat, lost, reference)
