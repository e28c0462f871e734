"""Play scripted Crazy Mistigri turns that show the value effects and who sees what.

1. A 6+6 chains into a 2+2: seat 0 chooses the Mistigri for seat 1 to draw. Seat 1 knows a card
   was chosen, not which, until it draws it.
2. A 3+3 "swap later": in the middle of the next player's turn, `to_move` is the 3+3 player,
   who trades a card of their hand for one of the discard pile.
3. A 5+5 hands pile cards to the opponents in turn order, then everybody passes and the round
   is scored.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgames import Action
from cardgames.crazy_mistigri import (
    GAME,
    MISTIGRI,
    Card,
    DiscardPair,
    DrawChosen,
    ForceCard,
    Pass,
    PilePick,
    State,
    SwapLater,
    SwapWithPile,
    scenario,
)


def table(hands: Sequence[Sequence[str]], seed: int) -> State:
    """Seat 0 to move; the cards not in a hand lie in the discard pile."""
    held = [[Card.from_code(code) for code in hand] for hand in hands]
    pile = [card for card in GAME.deck(len(hands)) if not any(card in hand for hand in held)]
    return scenario(held, pile=pile, to_move=0, seed=seed)


def pair(a: str, b: str) -> DiscardPair:
    """The action discarding two cards given by code."""
    return DiscardPair(Card.from_code(a), Card.from_code(b))


def show(before: State, after: State) -> State:
    """Print the events between two states and return the later one."""
    for event in after.events[len(before.events) :]:
        print("  ", event)
    return after


def step(state: State, *actions: Action | str) -> State:
    """Apply actions (a card code means: the draw that brings that card) and narrate."""
    for action in actions:
        before = state
        if isinstance(action, str):
            wanted, seat = Card.from_code(action), state.turn_of
            draws = (state.apply(a) for a in state.legal_actions())
            state = next(
                after for after in draws if seat is not None and wanted in after.hands[seat]
            )
        else:
            state = state.apply(action)
        show(before, state)
    return state


print("1. 6+6 chaining into 2+2")
state = table([["6c1", "6c2", "2c1", "2c2", "mistigri"], ["3c3"], ["4c4"], ["8c1", "8c2"]], 1)
state = step(state, "8c1", pair("6c1", "6c2"), pair("2c1", "2c2"), ForceCard(MISTIGRI))
print("   seat 1 is told a card was chosen:", state.view(1).card_is_chosen)
print(
    "   ... but not which:", state.view(1).chosen_card, "| seat 0 knows:", state.view(0).chosen_card
)
state = step(state, DrawChosen())
assert MISTIGRI in state.hands[1]

print("2. 3+3, swap after the next draw")
state = table([["3c1", "3c2", "mistigri", "7c2"], ["6c4"], ["4c4", "8c2"]], 2)
state = step(state, "4c4", pair("3c1", "3c2"), SwapLater())
state = step(state, state.legal_actions()[0])  # seat 1 draws from seat 0
print(f"   seat {state.to_move} decides in seat {state.turn_of}'s turn: {state.step}")
give = MISTIGRI if MISTIGRI in state.hands[0] else state.hands[0][0]
state = step(state, SwapWithPile(give, Card.from_code("3c1")))
print("   top of the discard pile:", state.discard_pile[-1])

print("3. 5+5, then everybody passes")
state = table([["5c1", "5c2", "7c3"], ["6c4"], ["4c4", "8c2"]], 3)
state = step(state, "8c2", pair("5c1", "5c2"))
print("   pile cards due to seats", state.view(0).pile_picks_for)
state = step(state, PilePick(Card.from_code("5c1"), 1), PilePick(Card.from_code("3c1"), 2))
while state.round == 1:
    state = step(state, state.legal_actions()[0], Pass())
print("   totals after round 1:", state.scores)
