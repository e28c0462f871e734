"""How the engine holds a moment of a Crazy Mistigri match (internal).

A position is a tuple of plain values, cheap to copy with one field changed: the hands and the
pile as card ids (see `cardgames.crazy_mistigri.cards`), the arrow, the aids, and what the seat
to move decides now (the phase), with the turn's pending effects. The rules (`rules.py`), the
views (`view.py`), the scenarios (`scenario.py`) and the sampler (`sampler.py`) all read it.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from cardgames.engine import Outcome

# What the seat to move decides now (Final: the compiled rules inline them).
_DRAW: Final = 0
_SWAP: Final = 1
_DISCARD: Final = 2
_ONES: Final = 3
_FORCE: Final = 4
_THREES: Final = 5
_GIVE: Final = 6
_PICK: Final = 7
_BONUS: Final = 8
_OVER: Final = 9
_STEPS = (
    "draw",
    "swap-with-pile",
    "discard-or-pass",
    "discard-ones-or-reverse",
    "force-card-or-reverse",
    "swap-later-or-reverse",
    "give-card",
    "pile-pick",
    "second-pair-or-end-turn",
    "over",
)


class _Match(NamedTuple):
    round: int
    start: int  # the starting player of this round
    scores: tuple[int, ...]  # penalty totals of the finished rounds
    winners: tuple[int, ...] | None
    twins: bool  # whether the layout has twin cards (same value and colour)


class _Position(NamedTuple):
    hands: tuple[tuple[int, ...], ...]  # card ids, in fan order
    pile: tuple[int, ...]  # bottom first
    direction: int  # +1 clockwise, -1 counterclockwise
    passed: tuple[bool, ...]  # player aids face down
    phase: int
    to_move: int | None
    mover: int  # whose turn it is (-1 once over)
    source: int  # in _DRAW: the seat drawn from
    draws: int  # in _DRAW: draws left (7+7, 8+8)
    forced: int  # in _DRAW: the card chosen with a 2+2, or -1
    swapper: int  # the seat with a 3+3 swap due after this turn's draws, or -1
    recipients: tuple[int, ...]  # in _PICK: the seats still to get a pile card
    match: _Match


def _outcome(match: _Match) -> Outcome | None:
    """The lowest penalty total(s) win (CM-10); no seat is named loser."""
    if match.winners is None:
        return None
    return Outcome(winners=match.winners, scores=match.scores)
