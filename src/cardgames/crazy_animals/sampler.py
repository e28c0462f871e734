"""Worlds sampled from a Crazy Animals view, for search bots (`Game.sample_world`).

Which unseen card may lie where follows from the stock's history. Until the first reshuffle
of a round, the unseen cards were dealt at random among the unknown slots and the stock, so
any of them may be in any unseen place. A reshuffle happens only when the stock is empty: at
that moment every unseen card lies in a slot (or is known), and the new stock holds exactly
the discarded cards, which everybody saw. So the seat can sort the unseen cards into
*batches*: batch 0, the cards of the deal, and one batch per reshuffle, the cards it turned
into the stock. Every unseen place holds a card of one known batch: a dealt slot batch 0, the
stock and a card just drawn the latest batch, a slot filled by another seat's drawn card the
batch it was drawn from; a Swap carries the slot's batch along. A card shown later (revealed
from a slot, discarded from a hand, seen by a Peek or a draw) leaves the batch of the place
it was seen in. Within a batch nothing tells the cards apart, so a sample shuffles each batch
into its places.
"""

from __future__ import annotations

import operator
import random
from typing import NamedTuple

from cardgames._memo import LastOf
from cardgames._shuffle import shuffle
from cardgames.crazy_animals._position import _CHANCE, _DRAWN, _STEP_NAMES, _new_position, _Position
from cardgames.crazy_animals.cards import (
    _DECK_FACES,
    _DRAW_TWO,
    _PEEK,
    _SWAP,
    _UNKNOWN,
    DECK,
    SLOTS,
)
from cardgames.crazy_animals.events import (
    Discarded,
    DrawTwoPlayed,
    Drew,
    Looked,
    Peeked,
    Replaced,
    RoundDealt,
    SpecialDiscarded,
    StockReshuffled,
    Swapped,
    TookDiscard,
)
from cardgames.crazy_animals.view import View

__all__ = ["sample_position"]


def sample_position(view: View, rng: random.Random) -> _Position:
    """A table ``view.seat`` cannot tell from the real one: its unseen cards redealt.

    What the seat knows stays put: the discard pile, every slot its ``knowledge`` names,
    its drawn card, the stock's size, whose turn and its step, the knock and the scores.
    The other cards are dealt among the places it cannot see (the slots it does not know,
    the stock, another seat's drawn card) as the seat's events allow (see the module's
    docstring). Each other seat knows the slots the events show it knows.
    """
    return _sampled_position(_whereabouts(view), rng)


class _Whereabouts(NamedTuple):
    """What a view tells of where its unseen cards lie, computed once per view."""

    slots: tuple[int, ...]  # the seat's known cards, -1 in the slots it does not know
    batches: tuple[tuple[int, ...], ...]  # per batch, its unseen cards
    places: tuple[tuple[int, ...], ...]  # per batch, the unknown slots holding its cards
    latest: int  # the batch of the stock and of another seat's drawn card
    masks: tuple[int, ...]  # per slot, the seats that know its card (bit per seat)
    drawn: int  # the seat's own drawn card, -1 if none
    other_holds: bool  # whether another seat holds a drawn card now
    to_move: int | None
    step: int
    turns: int
    discard: tuple[int, ...]  # the discard pile's faces, bottom first
    in_play: tuple[int, ...]  # the faces of the specials in play
    rows: tuple[tuple[tuple[int, ...], ...], ...]  # `_ROWS` for the view's player count
    knocker: int
    final_left: int
    round: int
    totals: tuple[int, ...]


_DECK_COUNTS = tuple(_DECK_FACES.count(face) for face in range(_DRAW_TWO + 1))
# _ROWS[players][mask][card]: the knowledge row of a slot holding ``card`` known to ``mask``.
_ROWS = {
    n: tuple(
        tuple(
            tuple(card if mask >> v & 1 else _UNKNOWN for v in range(n))
            for card in range(_DRAW_TWO + 1)
        )
        for mask in range(1 << n)
    )
    for n in range(2, 7)
}


class _Inconsistent(Exception):  # noqa: N818 - internal signal, never escapes
    """The events do not add up (a view built by hand): fall back to the view alone."""


def _find_whereabouts(view: View) -> _Whereabouts:
    """Sort ``view.seat``'s unseen cards into batches and its unseen places by batch."""
    try:
        return _follow_round(view)
    except _Inconsistent:
        return _view_only(view)


# A search samples many worlds from one view: read each view's events once.
_whereabouts = LastOf(_find_whereabouts)


def _turn_of(view: View) -> tuple[int, int, int]:
    """The position's ``step``, ``turns`` and own ``drawn`` card that ``view`` implies."""
    step = _STEP_NAMES.index(view.step)
    n = view.players
    if view.everyone_has_played or view.to_move is None:
        turns = n
    else:
        # Before everyone has played, turns go once round the table from the starting seat.
        turns = (view.to_move - view.starting_player) % n
    drawn = _UNKNOWN if view.drawn is None else view.drawn.face
    return step, turns, drawn


def _read_with(
    view: View,
    *,
    slots: tuple[int, ...],
    batches: tuple[tuple[int, ...], ...],
    places: tuple[tuple[int, ...], ...],
    latest: int,
    masks: tuple[int, ...],
    drawn: int,
    other_holds: bool,
    turn: tuple[int, int],
) -> _Whereabouts:
    """The whereabouts of ``view``'s unseen cards: the fields given, with those read off it."""
    step, turns = turn
    return _Whereabouts(
        slots=slots,
        batches=batches,
        places=places,
        latest=latest,
        masks=masks,
        drawn=drawn,
        other_holds=other_holds,
        to_move=view.to_move,
        step=step,
        turns=turns,
        discard=tuple([c.face for c in view.discard_pile]),
        in_play=tuple([c.face for c in view.in_play]),
        rows=_ROWS[view.players],
        knocker=_UNKNOWN if view.knocker is None else view.knocker,
        final_left=view.final_turns,
        round=view.round,
        totals=view.scores,
    )


def _view_only(view: View) -> _Whereabouts:
    """The unseen cards as one batch, from the view's fields alone (no event history)."""
    n, seat = view.players, view.seat
    step, turns, drawn = _turn_of(view)
    slots = tuple(_UNKNOWN if c is None else c.face for row in view.knowledge for c in row)
    counts = list(_DECK_COUNTS)
    for face in (*(c.face for c in (*view.discard_pile, *view.in_play)), *slots):
        if face != _UNKNOWN:
            counts[face] -= 1
    if drawn != _UNKNOWN:
        counts[drawn] -= 1
    everybody = (1 << n) - 1
    known = everybody if view.is_over else 1 << seat
    return _read_with(
        view,
        slots=slots,
        batches=(tuple(face for face in range(_DRAW_TWO + 1) for _ in range(counts[face])),),
        places=(tuple(i for i, face in enumerate(slots) if face == _UNKNOWN),),
        latest=0,
        masks=tuple(0 if face == _UNKNOWN else known for face in slots),
        drawn=drawn,
        other_holds=view.to_move != seat and step in {_DRAWN, _CHANCE},
        turn=(step, turns),
    )


def _follow_round(view: View) -> _Whereabouts:  # noqa: C901, PLR0912, PLR0915 - one branch per event
    """Replay the round's events as ``view.seat`` saw them (see the section comment)."""
    events = view.events
    start = len(events) - 1
    while start >= 0 and type(events[start]) is not RoundDealt:
        start -= 1
    if view.is_over or start < 0:
        raise _Inconsistent
    n, seat = view.players, view.seat
    everybody = (1 << n) - 1
    dealt = events[start]
    assert isinstance(dealt, RoundDealt)  # noqa: S101 - found by its type above
    pile = [dealt.face_up.face]
    counts = [list(_DECK_COUNTS)]
    counts[0][pile[0]] -= 1
    batch = [0] * (SLOTS * n)  # the batch of each slot's card
    known = [_UNKNOWN] * (SLOTS * n)  # the seat's memory
    masks = [0] * (SLOTS * n)
    latest = held_batch = 0
    held = _UNKNOWN  # the seat's own drawn card
    draws = 0
    reshuffled = False

    def unseen(batch_of: int, face: int) -> None:
        row = counts[batch_of]
        row[face] -= 1
        if row[face] < 0:
            raise _Inconsistent

    for event in events[start + 1 :]:
        kind = type(event)
        if kind is Drew:
            assert isinstance(event, Drew)  # noqa: S101 - narrowed for mypy
            draws += 1
            if event.seat == seat:
                held = event.card.face  # type: ignore[union-attr]  # the seat's own draw
                unseen(latest, held)
            else:
                held_batch = latest
        elif kind is Looked:
            assert isinstance(event, Looked)  # noqa: S101
            first = event.seat * SLOTS
            masks[first] |= 1 << event.seat
            masks[first + SLOTS - 1] |= 1 << event.seat
            if event.seat == seat:
                known[first], known[first + SLOTS - 1] = (c.face for c in event.seen)
                unseen(0, known[first])
                unseen(0, known[first + SLOTS - 1])
        elif kind is TookDiscard:
            assert isinstance(event, TookDiscard)  # noqa: S101
            index = event.seat * SLOTS + event.slot
            if known[index] == _UNKNOWN:
                unseen(batch[index], event.revealed.face)
            known[index] = event.card.face  # type: ignore[union-attr]  # given to every seat
            masks[index] = everybody
            pile[-1] = event.revealed.face
        elif kind is Replaced:
            assert isinstance(event, Replaced)  # noqa: S101
            index = event.seat * SLOTS + event.slot
            if known[index] == _UNKNOWN:
                unseen(batch[index], event.revealed.face)
            pile.append(event.revealed.face)
            masks[index] = 1 << event.seat
            if event.seat == seat:
                known[index] = held
            else:
                known[index] = _UNKNOWN
                batch[index] = held_batch
        elif kind is Discarded:
            assert isinstance(event, Discarded)  # noqa: S101
            if event.seat != seat:
                unseen(held_batch, event.card.face)
            pile.append(event.card.face)
        elif kind is Swapped:
            assert isinstance(event, Swapped)  # noqa: S101
            a = event.seat * SLOTS + event.slot
            b = event.other * SLOTS + event.other_slot
            known[a], known[b] = known[b], known[a]
            batch[a], batch[b] = batch[b], batch[a]
            masks[a], masks[b] = masks[b], masks[a]
            if event.seat != seat:
                unseen(held_batch, _SWAP)
        elif kind is Peeked:
            assert isinstance(event, Peeked)  # noqa: S101
            index = event.seat * SLOTS + event.slot
            masks[index] |= 1 << event.seat
            if event.seat == seat:
                if known[index] == _UNKNOWN:
                    known[index] = event.card.face  # type: ignore[union-attr]  # its own peek
                    unseen(batch[index], known[index])
            else:
                unseen(held_batch, _PEEK)
        elif kind is DrawTwoPlayed:
            assert isinstance(event, DrawTwoPlayed)  # noqa: S101
            if event.seat != seat:
                unseen(held_batch, _DRAW_TWO)
        elif kind is SpecialDiscarded:
            # A used special reaches the pile only now (CA-10); it was seen when played.
            assert isinstance(event, SpecialDiscarded)  # noqa: S101
            pile.append(event.card.face)
        elif kind is StockReshuffled:
            assert isinstance(event, StockReshuffled)  # noqa: S101
            turned = [0] * (_DRAW_TWO + 1)
            for face in pile[:-1]:
                turned[face] += 1
            hidden_below = event.count - (len(pile) - 1)
            if not reshuffled and hidden_below:
                # A scenario's discard pile had cards below the round's first face-up card,
                # which the events never named: they are still counted in batch 0, so the
                # new stock's cards join that batch (a looser but sound constraint).
                counts[latest] = list(map(operator.add, counts[latest], turned))
            else:
                counts.append(turned)
                latest = len(counts) - 1
            reshuffled = True
            pile = pile[-1:]
    if not reshuffled:
        # A scenario may start with more than one discarded card: those never left the
        # bottom of the pile and were never unseen.
        initial_stock = view.stock_size + draws
        for card in view.discard_pile[: len(DECK) - SLOTS * n - 1 - initial_stock]:
            unseen(0, card.face)
    slots = tuple(_UNKNOWN if c is None else c.face for row in view.knowledge for c in row)
    if tuple(known) != slots:
        raise _Inconsistent
    step, turns, drawn = _turn_of(view)
    other_holds = view.to_move != seat and step in {_DRAWN, _CHANCE}
    places = tuple(
        tuple(i for i, face in enumerate(slots) if face == _UNKNOWN and batch[i] == b)
        for b in range(len(counts))
    )
    for b, row in enumerate(counts):
        room = len(places[b])
        if b == latest:
            room += view.stock_size + other_holds
        if sum(row) != room:
            raise _Inconsistent
    return _read_with(
        view,
        slots=slots,
        batches=tuple(
            tuple(face for face in range(_DRAW_TWO + 1) for _ in range(row[face])) for row in counts
        ),
        places=places,
        latest=latest,
        masks=tuple(masks),
        drawn=drawn,
        other_holds=other_holds,
        turn=(step, turns),
    )


def _sampled_position(where: _Whereabouts, rng: random.Random) -> _Position:
    """Shuffle each batch of unseen cards into its places (see the section comment)."""
    slots, stock, drawn = _deal(where, rng)
    return _build_position(where, slots, stock, drawn)


def _deal(where: _Whereabouts, rng: random.Random) -> tuple[list[int], list[int], int]:
    """The uniform deal: each batch's cards shuffled into its places; slots, stock, drawn."""
    slots = list(where.slots)
    stock: list[int] = []
    drawn = where.drawn
    for b, cards_ in enumerate(where.batches):
        mixed = list(cards_)
        shuffle(rng, mixed)
        places = where.places[b]
        for i, index in enumerate(places):
            slots[index] = mixed[i]
        if b == where.latest:
            rest = mixed[len(places) :]
            if where.other_holds:
                drawn = rest.pop()
            stock = rest
    return slots, stock, drawn


def _build_position(
    where: _Whereabouts, slots: list[int], stock: list[int], drawn: int
) -> _Position:
    """The position of ``where``'s view, with ``slots``, ``stock`` and ``drawn`` dealt.

    It takes ``slots`` and ``stock`` as they are: each world's own lists, which the search's
    rules advance in place.
    """
    rows = where.rows
    knowledge = [rows[m][card] for m, card in zip(where.masks, slots, strict=True)]
    return _new_position(
        slots=slots,
        stock=stock,
        discard=list(where.discard),
        knowledge=knowledge,
        to_move=where.to_move,
        step=where.step,
        drawn=drawn,
        in_play=where.in_play,
        turns=where.turns,
        knocker=where.knocker,
        final_left=where.final_left,
        round=where.round,
        totals=where.totals,
    )
