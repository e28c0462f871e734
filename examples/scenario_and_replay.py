"""Build a chosen classic Mistigri position, play it out, save it as JSON and load it back.

Shows the scenario builder, the per-seat views (what each player may know), undo by keeping
the previous state, and the JSON round trip with its validation of untrusted input.
"""

from __future__ import annotations

from cardgames import InvalidStateError
from cardgames.classic_mistigri import GAME, MISTIGRI, Card, scenario

# Seat 0 holds a 3 and the Mistigri, seat 1 a 3 and a 5, seat 2 the other 5. All other
# pairs were laid earlier: seat 0 laid motifs 1 and 2, seat 1 the rest.
state = scenario(
    hands=[[Card(3), MISTIGRI], [Card(3), Card(5)], [Card(5)]],
    pairs=[[1, 2], [4, *range(6, 17)], []],
    to_move=2,
    seed=7,
)
print("Seat 2 draws from", state.draw_from, "and may choose among", state.legal_actions())

before = state
state = state.apply(state.legal_actions()[1])
for event in state.events[len(before.events) :]:
    print(" -", event)

# Seat 1 took no part in that draw, so its view hides the card; seats 0 and 2 know it.
print("seat 1 sees:", state.view(1).events[-1])
print("seat 0 sees:", state.view(0).events[-1])
print("seat 2 holds:", [str(c) for c in state.view(2).hand])

# Undo is keeping the previous state: `before` is still valid and unchanged.
assert before.legal_actions() != () and before.history == ()

# Save and load: the document records the setup, seed and actions, and loading replays them.
text = state.to_json()
assert GAME.from_json(text) == state
try:
    GAME.from_json(text.replace('"position":1', '"position":9'))
except InvalidStateError as error:
    print("tampered document refused:", error)
