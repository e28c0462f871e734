"""Informed worlds for Crazy Animals: the other seats' past moves tell which deals are likely.

The plain sampler (``sampler.py``) deals the cards a seat has not seen uniformly among the
places they could be. But the other seats chose their moves knowing some of those cards: a
player keeps a drawn card in place of a card it knew only if the new one is lower, discards a
drawn card only if every card it knows is about as low, swaps its highest card away, and knocks
with a low row. Worlds in which those moves would have been poor play are unlikely.

Here each past move of another seat is replayed in a sampled world as that seat saw it (the
cards it knew then, wherever they have moved since), and checked against a simple model of
play, the rule-of-thumb reasoning of the heuristic bot (``bot.py``): value each card one knows
at its points and every other card at the mean of the numbers one has not seen; take the
discard, or keep a drawn number, into the worst slot when that gains at least 2 (0.5 for a
drawn number after a plain draw), discard it otherwise; with a Swap, give one's worst card for
the lowest card one knows of in another row when that gains at least 1.5, else pass; knock with
an estimated total of at most 10 or 6 below every other seat's. A world weighs
``MISMATCH ** k`` for ``k`` moves the model would not have made there. A short Metropolis chain
over exchanges of two cards *of the same batch* (the plain sampler's sets of interchangeable
cards and places) draws the worlds by that weight, starting from the plain sampler's uniform
deal: every world it visits is one the view allows, and a world the model finds no fault with
is as likely as under the plain sampler.
"""

from __future__ import annotations

import random
from typing import Final, NamedTuple

from cardgames._memo import LastOf
from cardgames._shuffle import below
from cardgames.crazy_animals._position import _Position
from cardgames.crazy_animals.bot import HeuristicBot
from cardgames.crazy_animals.cards import _DECK_FACES, _DRAW_TWO, _PEEK, _SWAP, SLOTS
from cardgames.crazy_animals.events import (
    Discarded,
    DrawTwoPlayed,
    Drew,
    Knocked,
    Looked,
    Peeked,
    Replaced,
    RoundDealt,
    SpecialDiscarded,
    StockReshuffled,
    Swapped,
    TookDiscard,
)
from cardgames.crazy_animals.sampler import (
    _build_position,
    _deal,
    _follow_round,
    _Inconsistent,
    _Whereabouts,
    _whereabouts,
)
from cardgames.crazy_animals.view import View

__all__ = ["MISMATCH", "STEPS", "informed_position", "mismatches"]

MISMATCH: Final = 0.1
"""The weight each past move the model of play would not have made there gives a world."""
STEPS: Final = 60
"""The Metropolis steps (proposed exchanges of two cards) behind each informed world."""

# The model of play: the heuristic bot's default thresholds.
_MODEL: Final = HeuristicBot()
_TAKE_GAIN: Final = _MODEL.take_gain
_KEEP_GAIN: Final = _MODEL.keep_gain
_SWAP_GAIN: Final = _MODEL.swap_gain
_KNOCK_AT: Final = _MODEL.knock_at
_LEAD: Final = _MODEL.lead

# A reference to a card: a face 0..12 that the seat knows, or ``_PLACE + i`` for the card
# now in place ``i`` of a sample (a slot index, or ``SLOTS * players`` for the card another
# seat holds drawn), or ``_NONE`` where the seat that moved did not know the card.
_PLACE: Final = 16
_NONE: Final = -1
_VAR: Final = 1000  # during the replay: an unseen card, ``_VAR + k``

# The kinds of past move that are checked.
_TAKE: Final = 0  # at the start of a turn, with a number on the pile: take it or draw
_KEEP: Final = 1  # with a drawn number: put it in a slot, or pass it on
_SWAPPED: Final = 2  # a Swap played: the seat's own slot given away
_KNOCK: Final = 3  # a knock
_NO_KNOCK: Final = 4  # a turn closed without a knock, where one was allowed
_NO_SWAP: Final = 5  # a drawn Swap passed on

_NUMBERS: Final = tuple(_DECK_FACES.count(face) for face in range(_SWAP))


class _Move(NamedTuple):
    """One past move of another seat, with what that seat knew when it made it."""

    kind: int
    seat: int
    known: tuple[int, ...]  # per slot of the table: the card the seat knew there, or _NONE
    card: int  # the pile's top (_TAKE), the drawn card (_KEEP), else _NONE
    choice: int  # the slot taken, filled or given away; -1 for a draw or a pass
    need: float  # the least gain for taking or keeping
    target: int  # a Swap's card taken from another seat as the seat knew it, or _NONE
    points: int  # the unseen numbers' points and count, less the places below
    unseen: int
    hidden: tuple[int, ...]  # the places whose cards the seat had seen (for its mean)


class _Model(NamedTuple):
    """The checked moves of a view, and which moves each place's card bears on."""

    moves: tuple[_Move, ...]
    touching: dict[int, tuple[int, ...]]  # place -> indices of the moves that read it


class _Noted(NamedTuple):
    """A move as the replay notes it, its cards still references (see `_Move`)."""

    kind: int
    mover: int
    known: tuple[int, ...]
    card: int
    choice: int
    need: float
    target: int
    pile: tuple[int, ...]  # the discard pile when the move was made


class _Replay:
    """The round's events replayed with a reference for every card, as ``seat`` saw them."""

    def __init__(self, view: View) -> None:
        """Start before the round's deal."""
        self.n = view.players
        self.seat = view.seat
        self.refs: list[int] = []  # per slot: a face the seat knows, or a _VAR
        self.masks: list[int] = []  # per slot: the seats that know its card
        self.bound: dict[int, int] = {}  # _VAR -> its face, once shown
        self.held = _NONE  # the card the seat to move holds drawn
        self.pile: list[int] = []
        self.vars = 0
        self.raw: list[_Noted] = []  # the moves noted, in order

    def new_var(self) -> int:
        """A reference for a card nobody has shown yet."""
        self.vars += 1
        return _VAR + self.vars - 1

    def show(self, ref: int, face: int) -> None:
        """Bind ``ref`` to ``face``: the card was shown to the seat."""
        if ref >= _VAR:
            self.bound[ref] = face

    def seen_by(self, mover: int) -> tuple[int, ...]:
        """Per slot, the reference of the card ``mover`` knows there, or ``_NONE``."""
        bit = 1 << mover
        return tuple(r if m & bit else _NONE for r, m in zip(self.refs, self.masks, strict=True))

    def note(  # noqa: PLR0917 - one note per move, positionally
        self, kind: int, mover: int, card: int, choice: int, need: float, target: int
    ) -> None:
        """Note a move of ``mover`` with what it knows now (see `_Move`)."""
        known = self.seen_by(mover)
        self.raw.append(_Noted(kind, mover, known, card, choice, need, target, tuple(self.pile)))


def _replay(view: View) -> _Replay | None:  # noqa: C901, PLR0912, PLR0915 - one branch per event
    """Replay the current round's events with card references; ``None`` if there is none."""
    events = view.events
    start = len(events) - 1
    while start >= 0 and type(events[start]) is not RoundDealt:
        start -= 1
    if start < 0 or view.is_over:
        return None
    play = _Replay(view)
    n, seat = play.n, play.seat
    everybody = (1 << n) - 1
    dealt = events[start]
    assert isinstance(dealt, RoundDealt)  # noqa: S101 - found by its type above
    play.refs = [play.new_var() for _ in range(SLOTS * n)]
    play.masks = [0] * (SLOTS * n)
    play.pile = [dealt.face_up.face]
    turn_start = True  # the next draw or take opens a turn
    chance = False  # the drawn card came from a Draw-two
    in_turn = False
    turns = 0  # the turns completed in the round (a knock is allowed after knock_turns)
    knock_turns = view.rules.knock_turns(n)
    knocked = False
    deciding = _NONE  # the seat whose turn just closed, with a knock allowed
    for i in range(start + 1, len(events)):
        event = events[i]
        kind = type(event)
        if deciding != _NONE and kind is not SpecialDiscarded:
            # The turn's close, then its knock decision: a knock, or the next seat's turn.
            if kind is not Knocked and deciding != seat:
                play.note(_NO_KNOCK, deciding, _NONE, -1, 0.0, _NONE)
            deciding = _NONE
        if kind is TookDiscard or (kind is Drew and turn_start):
            in_turn = True
        if kind is Looked:
            assert isinstance(event, Looked)  # noqa: S101 - narrowed for mypy
            first = event.seat * SLOTS
            for index in (first, first + SLOTS - 1):
                play.masks[index] |= 1 << event.seat
            if event.seat == seat:
                for index, card in zip((first, first + SLOTS - 1), event.seen, strict=True):
                    play.show(play.refs[index], card.face)
                    play.refs[index] = card.face
        elif kind is TookDiscard:
            assert isinstance(event, TookDiscard)  # noqa: S101
            index = event.seat * SLOTS + event.slot
            if event.seat != seat and play.pile[-1] < _SWAP:
                play.note(_TAKE, event.seat, play.pile[-1], event.slot, _TAKE_GAIN, _NONE)
            play.show(play.refs[index], event.revealed.face)
            play.refs[index] = play.pile[-1]
            play.masks[index] = everybody
            play.pile[-1] = event.revealed.face
            turn_start = True
        elif kind is Drew:
            assert isinstance(event, Drew)  # noqa: S101
            if turn_start and event.seat != seat and play.pile[-1] < _SWAP:
                play.note(_TAKE, event.seat, play.pile[-1], -1, _TAKE_GAIN, _NONE)
            turn_start = False
            play.held = play.new_var() if event.card is None else event.card.face
        elif kind is Discarded:
            assert isinstance(event, Discarded)  # noqa: S101
            face = event.card.face
            play.show(play.held, face)
            if event.seat != seat and face < _SWAP:
                need = _TAKE_GAIN if chance else _KEEP_GAIN
                play.note(_KEEP, event.seat, face, -1, need, _NONE)
            elif event.seat != seat and face == _SWAP:
                play.note(_NO_SWAP, event.seat, _NONE, -1, _SWAP_GAIN, _NONE)
            play.pile.append(face)
            chance = False
            # A Draw-two's draw again (the same seat draws next) opens no turn.
            turn_start = i + 1 >= len(events) or type(events[i + 1]) is not Drew
        elif kind is Replaced:
            assert isinstance(event, Replaced)  # noqa: S101
            index = event.seat * SLOTS + event.slot
            if event.seat != seat:
                need = _TAKE_GAIN if chance else _KEEP_GAIN
                play.note(_KEEP, event.seat, play.held, event.slot, need, _NONE)
            play.show(play.refs[index], event.revealed.face)
            play.pile.append(event.revealed.face)
            play.refs[index] = play.held
            play.masks[index] = 1 << event.seat
            chance = False
            turn_start = True
        elif kind is Swapped:
            assert isinstance(event, Swapped)  # noqa: S101
            a = event.seat * SLOTS + event.slot
            b = event.other * SLOTS + event.other_slot
            play.show(play.held, _SWAP)
            if event.seat != seat:
                target = play.refs[b] if play.masks[b] >> event.seat & 1 else _NONE
                play.note(_SWAPPED, event.seat, _NONE, event.slot, _SWAP_GAIN, target)
            play.refs[a], play.refs[b] = play.refs[b], play.refs[a]
            play.masks[a], play.masks[b] = play.masks[b], play.masks[a]
            chance = False
        elif kind is Peeked:
            assert isinstance(event, Peeked)  # noqa: S101
            index = event.seat * SLOTS + event.slot
            play.show(play.held, _PEEK)
            play.masks[index] |= 1 << event.seat
            if event.seat == seat and event.card is not None:
                play.show(play.refs[index], event.card.face)
                play.refs[index] = event.card.face
            chance = False
        elif kind is DrawTwoPlayed:
            play.show(play.held, _DRAW_TWO)
            chance = True
        elif kind is SpecialDiscarded:
            assert isinstance(event, SpecialDiscarded)  # noqa: S101
            play.pile.append(event.card.face)
            turn_start = True
        elif kind is StockReshuffled:
            play.pile = play.pile[-1:]
        elif kind is Knocked:
            assert isinstance(event, Knocked)  # noqa: S101
            if event.seat != seat:
                play.note(_KNOCK, event.seat, _NONE, -1, 0.0, _NONE)
            knocked = True
            turn_start = True
        if in_turn and turn_start:  # the event closed a turn
            in_turn = False
            turns += 1
            if not knocked and turns >= knock_turns:
                deciding = _mover(event)
    return play


def _mover(event: object) -> int:
    """The seat that acted in ``event`` (an event that closes a turn names it)."""
    mover: int = event.seat  # type: ignore[attr-defined]
    return mover


def _find_model(view: View) -> _Model | None:  # noqa: C901 - resolve, count, index
    """The view's checked moves, their card references resolved to faces and places.

    ``None`` when the view's events do not add up (a view built by hand): its worlds are then
    the plain sampler's.
    """
    try:
        _follow_round(view)
    except _Inconsistent:
        return None
    play = _replay(view)
    if play is None:
        return None
    n = play.n
    where: dict[int, int] = {}
    for index, ref in enumerate(play.refs):
        if ref >= _VAR and ref not in play.bound:
            where[ref] = _PLACE + index
    if play.held >= _VAR and play.held not in play.bound and play.held not in where:
        where[play.held] = _PLACE + SLOTS * n  # another seat's drawn card, held now

    def resolve(ref: int) -> int:
        if ref < _VAR:
            return ref
        face = play.bound.get(ref)
        if face is not None:
            return face
        return where.get(ref, _NONE)

    moves: list[_Move] = []
    touching: dict[int, list[int]] = {}
    for kind, mover, known, card, choice, need, target, pile in play.raw:
        row = tuple(resolve(r) for r in known)
        drawn = resolve(card) if kind == _KEEP else card
        unseen = list(_NUMBERS)
        hidden: list[int] = []
        for face in (*pile, *row, drawn if kind == _KEEP else _NONE):
            if 0 <= face < _SWAP:
                unseen[face] -= 1
            elif face >= _PLACE:
                hidden.append(face)
        moves.append(
            _Move(
                kind=kind,
                seat=mover,
                known=row,
                card=drawn,
                choice=choice,
                need=need,
                target=resolve(target),
                points=sum(face * count for face, count in enumerate(unseen)),
                unseen=sum(unseen),
                hidden=tuple(hidden),
            )
        )
        places = {r for r in (*row, drawn, resolve(target)) if r >= _PLACE}
        if not places:
            moves.pop()  # nothing hidden: the same in every world
            continue
        for place in places:
            touching.setdefault(place, []).append(len(moves) - 1)
    return _Model(tuple(moves), {p: tuple(m) for p, m in touching.items()})


_model = LastOf(_find_model)


def _fits(move: _Move, cards: list[int]) -> bool:
    """Whether the model of play makes ``move`` in the world whose places hold ``cards``."""
    points, count = move.points, move.unseen
    for place in move.hidden:
        face = cards[place - _PLACE]
        if face < _SWAP:
            points -= face
            count -= 1
    guess = points / count if count > 0 else 4.5
    first = move.seat * SLOTS
    known = move.known
    own = [_value(known[k], cards, guess) for k in range(first, first + SLOTS)]
    kind = move.kind
    if kind in {_KNOCK, _NO_KNOCK}:
        total = sum(own)
        others = min(
            sum(_value(known[k], cards, guess) for k in range(other, other + SLOTS))
            for other in range(0, len(known), SLOTS)
            if other != first
        )
        knocks = total <= _KNOCK_AT or total <= others - _LEAD
        return knocks == (kind == _KNOCK)
    # The heuristic's worst slot: the highest value; on a tie an unknown slot, then the first.
    worst = 0
    for slot in range(1, SLOTS):
        value, high = own[slot], own[worst]
        if value > high or (
            value == high and known[first + slot] == _NONE and known[first + worst] != _NONE
        ):
            worst = slot
    if kind in {_SWAPPED, _NO_SWAP}:
        # The best Swap: the worst slot against the lowest card of another seat, as known.
        lowest = min(
            [_value(known[k], cards, guess) for k in range(len(known)) if k // SLOTS != move.seat]
        )
        gain = own[worst] - lowest
        if kind == _NO_SWAP:
            return gain < _SWAP_GAIN
        taken = _value(move.target, cards, guess)
        return worst == move.choice and gain >= _SWAP_GAIN and taken == lowest
    card = move.card if move.card < _PLACE else cards[move.card - _PLACE]
    gain = own[worst] - card
    if move.choice < 0:
        return gain < move.need
    return worst == move.choice and gain >= move.need


def _value(ref: int, cards: list[int], guess: float) -> float:
    """What a card is worth to a seat that knows it as ``ref``: its points, else ``guess``."""
    if ref == _NONE:
        return guess
    face = ref if ref < _PLACE else cards[ref - _PLACE]
    return guess if face >= _SWAP else float(face)


def mismatches(view: View, position: _Position) -> int:
    """How many of the other seats' past moves the model of play would not make in ``position``.

    ``position`` is a world sampled from ``view`` (the moves are those of ``view``'s events).
    """
    model = _model(view)
    if model is None:
        return 0
    cards = [*position.slots, position.drawn]
    return sum(not _fits(move, cards) for move in model.moves)


def informed_position(view: View, rng: random.Random, steps: int = STEPS) -> _Position:
    """A world for ``view.seat``, drawn with more weight where the other seats' moves fit it.

    It starts from a uniform deal of the unseen cards (as ``sample_position``), then runs
    ``steps`` Metropolis steps: exchange two cards of the same batch, kept with probability
    ``MISMATCH ** d`` when ``d`` more past moves no longer fit (see the module's docstring).
    """
    where = _whereabouts(view)
    slots, stock, drawn = _deal(where, rng)
    model = _model(view)
    if model is not None and model.moves and steps > 0:
        slots, stock, drawn = _chain(where, model, slots, stock, drawn, rng, steps)
    return _build_position(where, slots, stock, drawn)


def _chain(  # noqa: C901, PLR0912, PLR0917 - one Metropolis step, its state positionally
    where: _Whereabouts,
    model: _Model,
    slots: list[int],
    stock: list[int],
    drawn: int,
    rng: random.Random,
    steps: int,
) -> tuple[list[int], list[int], int]:
    """Metropolis steps from a uniform deal, toward the worlds the past moves fit."""
    moves, touching = model.moves, model.touching
    n_slots = len(slots)
    cards = [*slots, drawn]
    fits = [_fits(move, cards) for move in moves]
    # Where a card may go: the places of its batch, the stock's positions coded after them.
    batch_of = {index: b for b, places in enumerate(where.places) for index in places}
    movable = [p - _PLACE for p in touching if p - _PLACE in batch_of or p - _PLACE == n_slots]
    if not movable:
        return slots, stock, drawn
    latest = where.latest
    for _ in range(steps):
        p = movable[below(rng, len(movable))]
        b = latest if p == n_slots else batch_of[p]
        places = where.places[b]
        room = len(places) + (len(stock) + (where.other_holds) if b == latest else 0)
        if room < 2:  # noqa: PLR2004 - an exchange needs two places
            continue
        k = below(rng, room)
        if k < len(places):
            q = places[k]
        elif k - len(places) < len(stock):
            q = n_slots + 1 + (k - len(places))  # a stock position
        else:
            q = n_slots  # the drawn card
        if q == p:
            continue
        qv = stock[q - n_slots - 1] if q > n_slots else cards[q]
        if qv == cards[p]:
            continue
        ids = touching.get(_PLACE + p, ())
        other_ids = touching.get(_PLACE + q, ())
        if other_ids:
            ids = tuple(set(ids).union(other_ids))
        old = 0
        for i in ids:
            old += not fits[i]
        pv = cards[p]
        cards[p] = qv
        if q > n_slots:
            stock[q - n_slots - 1] = pv
        else:
            cards[q] = pv
        after = [_fits(moves[i], cards) for i in ids]
        new = len(ids) - sum(after)
        if new <= old or rng.random() < MISMATCH ** (new - old):
            for i, fit in zip(ids, after, strict=True):
                fits[i] = fit
        else:  # undo
            cards[p] = pv
            if q > n_slots:
                stock[q - n_slots - 1] = qv
            else:
                cards[q] = qv
    return cards[:n_slots], stock, cards[n_slots]
