"""Play a scripted Crazy Animals round and follow what each player remembers.

Shows the scenario builder, a Peek, a blind Swap carrying a remembered card to another row, a
Draw-two traded for a second card, a knock and the last turns, and the scoring, where a special
left in a slot is replaced by drawing past another special. After each step it prints the
memory (``view.knowledge``) of every seat, and at the end the view an app would send to a human
who wants the memory challenge.
"""

from __future__ import annotations

from collections import Counter

from cardgames.crazy_animals import (
    DECK,
    DRAW_TWO,
    PEEK,
    SWAP,
    Card,
    Draw,
    DrawAgain,
    DrawTwo,
    Knock,
    Peek,
    Replace,
    Rules,
    State,
    Swap,
    TakeDiscard,
    scenario,
)


def card(value: int) -> Card:
    """The number card ``value``."""
    return Card(value)


def memory(state: State) -> str:
    """Each seat's knowledge of the table, one line per seat ('?' for unknown)."""
    lines = []
    for seat in range(state.players):
        rows = state.view(seat).knowledge
        shown = " | ".join(" ".join("?" if c is None else str(c) for c in row) for row in rows)
        lines.append(f"    seat {seat} remembers: {shown}")
    return "\n".join(lines)


def step(state: State, *actions: object) -> State:
    """Apply ``actions``, printing the events they cause and everybody's memory."""
    for action in actions:
        before = len(state.events)
        state = state.apply(action)  # type: ignore[arg-type]
        for event in state.events[before:]:
            print(" -", event)
    print(memory(state))
    return state


# Three players. Seat 2 starts with a Peek in its slot 1: a special dealt into a slot stays there.
slots = [
    [card(1), card(7), card(3), card(4)],
    [card(5), card(6), card(8), card(2)],
    [card(0), PEEK, card(9), card(9)],
]
draws = [PEEK, SWAP, DRAW_TWO, card(9), card(1), card(0), SWAP, DRAW_TWO, card(2)]  # in order
named = Counter(c for row in slots for c in row) + Counter(draws) + Counter([card(0)])
rest = list((Counter(DECK.cards) - named).elements())
state = scenario(
    slots,
    stock=[*rest, *reversed(draws)],
    discard_pile=[card(0)],
    seed=2026,
    rules=Rules(rounds=1),
)
print("The deal: every seat has looked at its slots 0 and 3.")
print(memory(state))

print("Seat 0 draws a Peek and looks at its slot 1.")
state = step(state, Draw(), Peek(1))
print("Seat 1 draws a Swap: its slot 0 and seat 0's slot 1 change places, unseen.")
state = step(state, Draw(), Swap(0, 0, 1))
print("Seat 2 plays a Draw-two, trades the 9 it drew for the next card, keeps that 1.")
print("The Draw-two goes onto the discard pile last, on top of the 9s (CA-10).")
state = step(state, Draw(), DrawTwo(), DrawAgain(), Replace(2))
assert state.discard_pile[-1] == DRAW_TWO
print("Everyone has played: seat 2 knocks. Seats 0 and 1 have one last turn each.")
state = step(state, Knock())
print("Seat 0 cannot take a 9 from under the Draw-two: it draws a 0 and keeps it in slot 1.")
assert TakeDiscard(1) not in state.legal_actions()
state = step(state, Draw(), Replace(1))
print("Seat 1 uses a last Swap on the knocker's row, which ends the round.")
state = step(state, Draw(), Swap(3, 2, 0))

assert state.is_over
print("Final totals:", state.scores, "- winners:", state.outcome.winners if state.outcome else ())

# What an app sends to a human who wants to remember on their own.
human = state.view(0).without_knowledge()
assert all(c is None for row in human.knowledge for c in row)
print("Seat 0's view without the memory has", len(human.events), "events and no knowledge.")
