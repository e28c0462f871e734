"""A guided tour of kitten tricks' twists on a scripted position, then a whole seeded match.

Three kittens play four tricks from a chosen position: a Coup de patte (a 1 pouncing on its
own 7), a collection reaching four reds and shared out face down (each receiver alone sees
its card), a low trump beating a higher card of the led colour, and a round ending on an empty
hand with its Super Chat card. Then bots play a seeded match to three Super Chats.
"""

from __future__ import annotations

import random

from cardgames.kitten_tricks import GAME, Card, CardReceived, PlayCard, State, scenario

NAMES = ("Alice", "Bruno", "Chloé")


def narrate(text: str) -> str:
    """Put the players' names in place of their seat numbers."""
    for seat, name in enumerate(NAMES):
        text = text.replace(f"seat {seat}'s", f"{name}'s").replace(f"seat {seat}", name)
    return text[0].upper() + text[1:]


def play(state: State, *codes: str) -> State:
    """Play the given cards in turn, telling what happens (as the narrator sees it)."""
    before = len(state.events)
    for code in codes:
        state = state.apply(PlayCard(Card.from_code(code)))
    for event in state.events[before:]:
        print("  ", narrate(str(event)))
    return state


state = scenario(
    hands=[
        [Card(7, "red"), Card(1, "green"), Card(6, "blue"), Card(2, "purple")],
        [Card(1, "red"), Card(2, "yellow"), Card(7, "green"), Card(5, "blue")],
        [Card(6, "red"), Card(3, "green"), Card(7, "blue"), Card(5, "purple")],
    ],
    trump=Card(4, "yellow"),
    collections=[[Card(2, "blue")], [Card(2, "red"), Card(3, "purple")], []],
    seed=2026,
)
print(f"Trump card: {state.trump}. Collections: {[list(map(str, c)) for c in state.collections]}")

print("\nTrick 1: Bruno's red 1 pounces on Alice's red 7; with his red 2, he now has four reds.")
state = play(state, "red-7", "red-1", "red-6")
for seat in (0, 2):  # each receiver sees its own card only
    seen = [narrate(str(e)) for e in state.view(seat).events[-2:]]
    print(f"   {NAMES[seat]}'s view of the reds dealt out: {seen}")
received = [e for e in state.events if isinstance(e, CardReceived)]
assert all(e.card is not None for e in received)

print("\nTrick 2: Bruno leads his green 7; Alice answers with the green 1.")
state = play(state, "green-7", "green-3", "green-1")

print("\nTrick 3: Alice leads blue; Bruno's yellow 2 is a trump and beats Chloé's blue 7.")
state = play(state, "blue-6", "yellow-2", "blue-7")

print("\nTrick 4: Bruno plays his last card, so the round ends after this trick.")
state = play(state, "blue-5", "purple-5", "purple-2")
print(f"Super Chats after round 1: {dict(zip(NAMES, state.super_chats, strict=True))}")
assert state.super_chats == (0, 1, 0)

# A whole match between random bots: each bot sees only its own view.
rng = random.Random(7)
match = GAME.new(3, seed=7)
while not match.is_over:
    view = match.view(match.to_move)
    match = match.apply(rng.choice(view.legal_actions))
outcome = match.outcome
assert outcome is not None
winners = " and ".join(NAMES[s] for s in outcome.winners)
print(f"\nA seeded match: {match.round} rounds, Super Chats {outcome.scores}, won by {winners}.")
