"""The world sampler of classic Mistigri: the other hands as one seat may believe them.

Search bots call `Game.sample_world` on a view; the engine asks the game's `State` for a
position, and classic Mistigri's `State` deals the hidden cards with `sample_hands`. Every
card still in play is followed through the events the seat saw, with the set of hands it may be
in; the sample then gives each card one of its possible hands, every hand its exact size, and
no hand a pair (CL-3).
"""

from __future__ import annotations

import random
from typing import NamedTuple

from cardgames._memo import LastOf
from cardgames._shuffle import below, shuffle
from cardgames.classic_mistigri.cards import DECK
from cardgames.classic_mistigri.events import Drew, LeftPlay, PairsLaid
from cardgames.classic_mistigri.view import View
from cardgames.engine import Dealt

__all__ = ["sample_hands"]

_GREEDY_TRIES = 20
_NO_ARRANGEMENT = "no arrangement of the hidden cards agrees with this view"


def sample_hands(view: View, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """Deal the cards ``view.seat`` has not seen among the other hands, as it may believe.

    Every card is followed through the seat's events with the set of hands it may be in:
    a card drawn from the seat is in the drawer's hand, a card the seat drew came from its
    source; a blind draw between two other seats lets every card of the source's possible
    hands move to the drawer; laid pairs leave play. The sample respects those sets, every
    hand size and the rule that no hand holds a pair (CL-3).

    Returns:
        Every seat's hand as motif numbers (``0`` is the Mistigri), in fan order: the seat's
        own hand as the view shows it, the others shuffled.

    Raises:
        ValueError: no arrangement of the hidden cards agrees with ``view`` (a view edited by
            hand: seats, hand sizes or laid pairs that no match shows together).
    """
    deal = _deal_of(view)
    seat = deal.seat
    hands = _place_tokens(deal, rng)
    hands[seat] = list(deal.own)
    for s, hand in enumerate(hands):
        if s != seat:
            shuffle(rng, hand)
    return tuple(map(tuple, hands))


class _Deal(NamedTuple):
    """What a view fixes of every deal drawn from it, worked out once per view."""

    motifs: tuple[int, ...]  # the hidden cards, as the whereabouts list them
    places: tuple[tuple[int, ...], ...]  # each hidden card's possible hands, in set order
    widths: tuple[int, ...]  # how many hands each hidden card may be in
    sizes: tuple[int, ...]  # the size of each hand to deal (0 for the view's seat)
    own: tuple[int, ...]  # the seat's own hand, in fan order
    seat: int  # the view's seat


def _read_deal(view: View) -> _Deal:
    """The hidden cards of ``view`` and where each may be; ``ValueError`` if none can be dealt."""
    seat, players, sizes = view.seat, view.players, list(view.hand_sizes)
    if not (0 <= seat < players == len(sizes) == len(view.pairs) and sizes[seat] == len(view.hand)):
        raise ValueError(_NO_ARRANGEMENT)
    sizes[seat] = 0
    # A set of small seat numbers iterates in one order: the tuples keep it, so the deals
    # draw the same numbers as they did from the sets.
    hidden = [(motif, tuple(places)) for motif, places in _whereabouts(view) if places != {seat}]
    if len(hidden) != sum(sizes):  # a view edited by hand: the cards do not fill the hands
        raise ValueError(_NO_ARRANGEMENT)
    return _Deal(
        motifs=tuple(motif for motif, _ in hidden),
        places=tuple(places for _, places in hidden),
        widths=tuple(len(places) for _, places in hidden),
        sizes=tuple(sizes),
        own=tuple(c.motif for c in view.hand),
        seat=seat,
    )


def _card_whereabouts(view: View) -> list[tuple[int, set[int]]]:
    """Each card still in a hand, as (motif, the seats that may hold it) for ``view.seat``."""
    seat, players = view.seat, view.players
    others = set(range(players)) - {seat}
    tokens: list[tuple[int, set[int]]] = []
    for event in view.events:
        if isinstance(event, Dealt) and event.seat == seat:
            own = [c.motif for c in event.hand]
            # Pairs laid by the end of the view (a scenario may start with some) are out of
            # play: their draws before being laid do not matter to where the rest is.
            laid = {m for motifs in view.pairs for m in motifs}
            rest = [c.motif for c in DECK if c.motif not in laid]
            for m in own:
                if m not in laid:
                    rest.remove(m)
            own = [m for m in own if m not in laid]
            tokens = [(m, {seat}) for m in own] + [(m, set(others)) for m in rest]
        elif isinstance(event, PairsLaid):
            laid = set(event.motifs)
            tokens = [t for t in tokens if t[0] not in laid]
        elif isinstance(event, Drew):
            tokens = _follow_draw(tokens, event)
        elif isinstance(event, LeftPlay):
            for _, places in tokens:
                places.discard(event.seat)
    return tokens


# A search samples many worlds from one view: follow each view's events once, and work out
# its deal's constants once.
_whereabouts = LastOf(_card_whereabouts)
_deal_of = LastOf(_read_deal)


def _follow_draw(tokens: list[tuple[int, set[int]]], event: Drew) -> list[tuple[int, set[int]]]:
    """Update the whereabouts of the cards after a draw, as the viewing seat saw it."""
    drawer, source = event.seat, event.source
    if event.card is None:  # a blind draw between two other seats
        for _, places in tokens:
            if source in places:
                places.add(drawer)
        return tokens
    motif = event.card.motif
    # The copies of the drawn motif that may have been in the source's hand: one of them moved.
    candidates = [i for i, (m, places) in enumerate(tokens) if m == motif and source in places]
    if not candidates:  # a motif laid by the end of the view: out of the picture
        return tokens
    moved = candidates[0]
    if len(candidates) > 1:
        # Which copy moved is unknown: the one left may be wherever either copy could be.
        left = set().union(*(tokens[i][1] for i in candidates))
        for i in candidates[1:]:
            tokens[i] = (motif, set(left))
    tokens[moved] = (motif, {drawer})
    return tokens


def _place_tokens(deal: _Deal, rng: random.Random) -> list[list[int]]:
    """Give each card a hand among its possible ones: exact sizes, no hand holding a pair.

    A randomized greedy pass (most constrained card first, ties in a random order) nearly
    always succeeds; after a few failed passes an exhaustive search finds an arrangement (the
    real one exists).
    """
    motifs, places, widths = deal.motifs, deal.places, deal.widths
    draw = rng.random
    for _ in range(_GREEDY_TRIES):
        hands: list[list[int]] = [[] for _ in deal.sizes]
        room = list(deal.sizes)
        # Sorted by (width, a random number drawn per card in turn), the index breaking ties as
        # a stable sort would: the order and the draws of a sort keyed on (width, random()).
        order = sorted([(width, draw(), i) for i, width in enumerate(widths)])
        for _width, _key, i in order:
            motif = motifs[i]
            options = [s for s in places[i] if room[s] and motif not in hands[s]]
            if not options:
                break
            chosen = options[below(rng, len(options))] if len(options) > 1 else options[0]
            hands[chosen].append(motif)
            room[chosen] -= 1
        else:
            return hands
    return _place_exhaustively(list(zip(motifs, places, strict=True)), list(deal.sizes), rng)


def _place_exhaustively(
    tokens: list[tuple[int, tuple[int, ...]]], sizes: list[int], rng: random.Random
) -> list[list[int]]:
    hands: list[list[int]] = [[] for _ in sizes]
    room = list(sizes)
    order = sorted(tokens, key=lambda t: len(t[1]))

    def place(i: int) -> bool:
        if i == len(order):
            return True
        motif, places = order[i]
        options = [s for s in places if room[s] and motif not in hands[s]]
        shuffle(rng, options)
        for s in options:
            hands[s].append(motif)
            room[s] -= 1
            if place(i + 1):
                return True
            hands[s].pop()
            room[s] += 1
        return False

    if not place(0):
        raise ValueError(_NO_ARRANGEMENT)
    return hands
