"""Sampling worlds from a view, for search: the hook behind `GAME.sample_world`.

A seat sees its own hand, the pile and the hand sizes. Of the cards it cannot see it knows
where some may be: a card it gave away or that was drawn from it, and a pile card taken by
someone, is in that hand until a third seat draws from it (then it may be in either); a
seat that threw its other 1s (1+1) holds no 1 until it draws again. Every other card may be
in any hand it could have reached. The sampler keeps, per card, the set of possible holders
(a bitmask of seats) and deals the hidden cards into hands of the right sizes within them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from cardgames._memo import LastOf
from cardgames._shuffle import below, sample, shuffle
from cardgames.crazy_mistigri._position import _STEPS, _Match, _new_position, _Position
from cardgames.crazy_mistigri.cards import (
    _MISTIGRI_VALUE,
    Card,
    _deck_ids,
    _has_twins,
    _id,
    _value_of,
)
from cardgames.crazy_mistigri.events import (
    CardGiven,
    Drew,
    OnesDiscarded,
    PairDiscarded,
    PileCardTaken,
    RoundStarted,
    SwappedWithPile,
)
from cardgames.crazy_mistigri.view import View
from cardgames.engine import Event

__all__ = ["sample_position"]

_STEP_PHASES = {step: phase for phase, step in enumerate(_STEPS)}
_GREEDY_TRIES = 8


class _Observations(NamedTuple):
    """What one view says about the hidden cards, worked out once per view."""

    classes: tuple[tuple[tuple[int, ...], list[int]], ...]  # (possible holders, cards)
    sizes: tuple[int, ...]  # the sizes of the hands to deal (0 for the seat's own)
    hidden: tuple[tuple[int, int], ...]  # (possible holders as a mask, card), for the fallback
    holders: int  # the mask of the seats that hold cards the view's seat cannot see
    template: _Position  # the position with the view's seat's hand and other hands empty
    seat: int  # the view's seat
    others_chose: bool  # whether another seat chose the next card drawn (a 2+2), unseen


def sample_position(view: View, rng: random.Random) -> _Position:
    """Deal the cards ``view``'s seat cannot see anew, as far as its observations allow.

    The seat's hand, the pile, the hand sizes and the whole turn (step, draws due, a 2+2
    card, a 3+3 swap, 5+5 recipients) are kept; every card the seat cannot see goes to a
    hand where it may be (see `_observations`), in a random fan order.
    """
    seen = _observed(view)
    hands = _deal_hidden(seen, rng)
    if hands is None:
        hands = _deal_exactly(seen, rng)
    seat = seen.seat
    for s, hand in enumerate(hands):
        if s != seat and len(hand) > 1:
            shuffle(rng, hand)  # the fan order is hidden too
    template = seen.template
    # Each world's own lists: the search's rules advance them in place.
    world = template.copy()
    own = world.hands[seat]
    dealt = [own if s == seat else hand for s, hand in enumerate(hands)]
    forced = template.forced
    if seen.others_chose:
        # A 2+2 card chosen by another seat: any card of the chooser's hand.
        fan = dealt[template.source]
        forced = fan[below(rng, len(fan))]
    world.hands = dealt
    world.forced = forced
    return world


def _observe(view: View) -> _Observations:
    """Work out the possible holders of every card ``view``'s seat cannot see."""
    seat, players, rules = view.seat, view.players, view.rules
    holders = 0
    for s, size in enumerate(view.hand_sizes):
        if size and s != seat:
            holders |= 1 << s
    placed, by_value = _observations(view.events, seat, players)
    own = tuple(map(_id, view.hand))
    unseen = list(_deck_ids(players, rules.colour_layout))
    for card in (*own, *map(_id, view.discard_pile)):
        unseen.remove(card)
    hidden: list[tuple[int, int]] = []
    for card in unseen:
        masks = placed.get(card)
        mask = masks.pop() if masks else by_value[_value_of(card)]
        hidden.append((mask & holders, card))
    if not _has_a_deal(hidden, view.hand_sizes, holders):
        # Only a custom layout with twin cards can get here: the seat cannot tell which of
        # two twins moved, so their holders are relaxed to every hand (the sizes still hold).
        hidden = [(holders, card) for _, card in hidden]
    by_mask: dict[int, list[int]] = {}
    for mask, card in hidden:
        by_mask.setdefault(mask, []).append(card)
    # Most constrained first: singletons go straight to their hand, the widest class last.
    classes = tuple(
        (tuple(s for s in range(players) if mask >> s & 1), cards_)
        for mask, cards_ in sorted(by_mask.items(), key=lambda item: (item[0].bit_count(), item[0]))
    )
    outcome = view.outcome
    match = _Match(
        round=view.round,
        start=view.starting_player,
        scores=view.scores,
        winners=None if outcome is None else outcome.winners,
        twins=_has_twins(rules.colour_layout),
    )
    chosen = view.chosen_card
    template = _new_position(
        hands=[list(own) if s == seat else [] for s in range(players)],
        pile=list(map(_id, view.discard_pile)),
        direction=int(view.direction),
        passed=view.aids_face_down,
        phase=_STEP_PHASES[view.step],
        to_move=view.to_move,
        mover=-1 if view.turn_of is None else view.turn_of,
        source=-1 if view.draw_from is None else view.draw_from,
        draws=view.draws_due,
        forced=-1 if chosen is None else _id(chosen),
        swapper=-1 if view.swap_due is None else view.swap_due,
        recipients=view.pile_picks_for,
        match=match,
    )
    sizes = tuple(size if holders >> s & 1 else 0 for s, size in enumerate(view.hand_sizes))
    return _Observations(
        classes,
        sizes,
        tuple(hidden),
        holders,
        template,
        seat=seat,
        others_chose=view.card_is_chosen and chosen is None,
    )


# A search samples many worlds from one view: read each view's events once.
_observed = LastOf(_observe)


def _observations(  # noqa: C901, PLR0912, PLR0915 - one case per kind of event
    events: Sequence[Event], seat: int, players: int
) -> tuple[dict[int, list[int]], list[int]]:
    """Replay this round's events as ``seat`` saw them: where its unseen cards may be.

    Returns the possible holders (bitmasks) of the copies of each card that moved in sight of
    the seat into a hidden hand (``placed``), and, by value, those of every other unseen card.
    """
    start = 0
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], RoundStarted):
            start = i
            break
    me = 1 << seat
    others = ((1 << players) - 1) & ~me
    by_value = [others] * (_MISTIGRI_VALUE + 1)
    placed: dict[int, list[int]] = {}

    def arrive(card: Card | None, holder: int) -> None:
        if card is not None:
            placed.setdefault(_id(card), []).append(1 << holder)

    def leave(card: Card | None, holder: int) -> None:
        masks = placed.get(_id(card)) if card is not None else None
        if masks:
            bit = 1 << holder
            fits = [m for m in masks if m & bit]
            if fits:  # the tightest known copy (only twin cards have several)
                masks.remove(min(fits, key=int.bit_count))

    def unseen_move(source: int, to: int) -> None:
        # Any card that may have been in ``source`` may now be in ``to``.
        s, t = 1 << source, 1 << to
        for v, mask in enumerate(by_value):
            if mask & s:
                by_value[v] = mask | t
        for masks in placed.values():
            for i, mask in enumerate(masks):
                if mask & s:
                    masks[i] = mask | t

    for event in events[start:]:
        if isinstance(event, Drew):
            if event.seat == seat:
                leave(event.card, event.source)
            elif event.source == seat:
                arrive(event.card, event.seat)
            else:
                unseen_move(event.source, event.seat)
        elif isinstance(event, PairDiscarded):
            if event.seat != seat:
                for card in event.pair:
                    leave(card, event.seat)
        elif isinstance(event, CardGiven):
            if event.seat == seat:
                arrive(event.card, event.to)
            elif event.to == seat:
                leave(event.card, event.seat)
            else:
                unseen_move(event.seat, event.to)
        elif isinstance(event, PileCardTaken):
            if event.seat != seat:
                arrive(event.card, event.seat)
        elif isinstance(event, SwappedWithPile):
            if event.seat != seat:
                leave(event.discarded, event.seat)
                arrive(event.taken, event.seat)
        elif isinstance(event, OnesDiscarded) and event.seat != seat:
            for card in event.ones:
                leave(card, event.seat)
            # 1+1 throws every other 1: that hand holds none now.
            keep = ~(1 << event.seat)
            by_value[1] &= keep
            for one, masks in placed.items():
                if _value_of(one) == 1:
                    masks[:] = [m & keep for m in masks]
    return placed, by_value


def _deal_hidden(seen: _Observations, rng: random.Random) -> list[list[int]] | None:
    """Deal the hidden cards at random within their possible holders; ``None`` if stuck.

    Randomized greedy, most constrained cards first, each to a possible holder with room
    (weighted by that room), with a few restarts.
    """
    for _ in range(_GREEDY_TRIES):
        hands = _try_to_deal(seen, rng)
        if hands is not None:
            return hands
    return None


def _try_to_deal(seen: _Observations, rng: random.Random) -> list[list[int]] | None:
    classes = seen.classes
    room = list(seen.sizes)
    hands: list[list[int]] = [[] for _ in room]
    last = len(classes) - 1
    for k, (seats_, cards_) in enumerate(classes):
        if k == last:
            # The widest class fills exactly the room left.
            if sum(room) != len(cards_) or sum(room[s] for s in seats_) != len(cards_):
                return None
            pool = sample(rng, cards_, len(cards_))
            at = 0
            for s in seats_:
                hands[s] += pool[at : at + room[s]]
                at += room[s]
            return hands
        if len(seats_) == 1:
            s = seats_[0]
            room[s] -= len(cards_)
            if room[s] < 0:
                return None
            hands[s] += cards_
            continue
        total = sum(room[s] for s in seats_)  # the room left in the class's hands
        for card in cards_:
            pick = below(rng, total or 1)
            for s in seats_:
                pick -= room[s]
                if pick < 0:
                    break
            else:
                return None  # no room left in any possible holder
            room[s] -= 1
            total -= 1
            hands[s].append(card)
    return hands


def _deal_exactly(seen: _Observations, rng: random.Random) -> list[list[int]]:
    """Deal the hidden cards one by one, each to a holder that leaves a complete deal possible.

    The fallback of `_deal_hidden`: slower, but it never fails, since the real deal is
    one of the possible ones.
    """
    hidden = sorted(seen.hidden, key=lambda item: item[0].bit_count())
    room = list(seen.sizes)
    hands: list[list[int]] = [[] for _ in room]
    for i, (mask, card) in enumerate(hidden):
        seats_ = [s for s in range(len(room)) if mask >> s & 1 and room[s]]
        shuffle(rng, seats_)
        for s in seats_:
            room[s] -= 1
            if _has_a_deal(hidden[i + 1 :], room, seen.holders):
                hands[s].append(card)
                break
            room[s] += 1
        else:  # pragma: no cover - _observe made sure a deal exists
            msg = "no hand can take a hidden card: the view's observations are inconsistent"
            raise AssertionError(msg)
    return hands


def _has_a_deal(hidden: Sequence[tuple[int, int]], room: Sequence[int], holders: int) -> bool:
    """Whether the cards fit the hands' room within their possible holders (Hall's condition).

    They do when, for every set of hands, the cards that can only go there fit in their room.
    """
    counts: dict[int, int] = {}
    for mask, _ in hidden:
        counts[mask] = counts.get(mask, 0) + 1
    if sum(counts.values()) != sum(room[s] for s in range(len(room)) if holders >> s & 1):
        return False
    subset = holders
    while True:
        need = sum(n for mask, n in counts.items() if not mask & ~subset)
        if need > sum(room[s] for s in range(len(room)) if subset >> s & 1):
            return False
        if not subset:
            return True
        subset = (subset - 1) & holders
