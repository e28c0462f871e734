"""The worlds a kitten tricks seat cannot tell apart, sampled from its view for search.

What a seat knows of the hidden cards of the round in play (the other hands, the unused stock,
the face-down discard) comes from its view and the events it saw since the round's deal:

* a card it has never seen face up this round was dealt: it is in another hand or in the stock,
  never in the discard (only lost colours are discarded, KT-4);
* the cards of a lost colour were public; each other seat received exactly one of them and the
  rest were discarded. The seat knows its own card. Another receiver's card is one of that
  loss's cards it has not seen again, until the receiver plays one of them (a card of a lost
  colour can only be played by the seat that received it); the others are in the discard.

Those constraints are independent of one another: each loss deals its hidden cards to its
open receivers and the discard, and the never-seen cards fill what is left of every hand and
the stock. Drawing each part uniformly therefore draws uniformly among the arrangements the
seat cannot rule out, with no search: a random permutation per loss and one for the rest.
A view without the round's deal among its events (a view of a sampled world) gives no
constraint beyond the sizes: its hidden cards are dealt among all hidden places.

[`Game.sample_world`][cardgames.engine.Game.sample_world] is the public way in: it calls
[`sample_position`][cardgames.kitten_tricks.sampler.sample_position] and gives the world a
fresh seed.

Examples:
    >>> import random
    >>> from cardgames import kitten_tricks
    >>> state = kitten_tricks.GAME.new(3, seed=7)
    >>> world = kitten_tricks.GAME.sample_world(state.view(0), random.Random(1))
    >>> world.hands[0] == state.hands[0], world.hands[1] == state.hands[1]
    (True, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, cast

from cardgames._memo import LastOf
from cardgames._shuffle import sample, shuffle
from cardgames.kitten_tricks._position import _new_position, _new_round_record, _Position, _Round
from cardgames.kitten_tricks.actions import _PLAYS, PlayCard, _plays
from cardgames.kitten_tricks.cards import _INT, _as_ints, _by_colour, _deck
from cardgames.kitten_tricks.events import CardReceived, ColourLost, Played, RoundStarted

if TYPE_CHECKING:
    import random

    from cardgames.kitten_tricks.view import View

__all__ = ["sample_position"]


def sample_position(view: View, rng: random.Random) -> _Position:
    """Deal the cards ``view``'s seat cannot see where it cannot rule them out (see above).

    Each arrangement the seat cannot tell apart is equally likely. The events of a view are
    read once, however many worlds are drawn from it in a row.

    Raises:
        ValueError: no arrangement of the hidden cards agrees with ``view``.
    """
    return _knowledge(view).sample(rng)


class _Loss(NamedTuple):
    # One lost colour of the round as the sampling seat sees it now.
    cards: tuple[int, ...]  # its cards still hidden (not the seat's own, not played since)
    receivers: tuple[int, ...]  # the other receivers whose card has not shown since


class _Knowledge(NamedTuple):
    # Everything a sample needs, computed once per view.
    hands: tuple[tuple[PlayCard, ...] | None, ...]  # the seat's own hand; None for the others
    fresh: tuple[tuple[int, int], ...]  # (other seat, how many never-seen cards it holds)
    losses: tuple[_Loss, ...]
    unseen: tuple[int, ...]  # hidden cards never seen this round
    spare_discard: int  # discard places open to never-seen cards (a scenario's first discard)
    trick: tuple[int, ...]
    leader: int
    to_move: int | None
    collections: tuple[tuple[tuple[int, ...], ...], ...]
    table: _Round  # its stock and discard are filled per sample

    def sample(self, rng: random.Random) -> _Position:
        hands: list[list[int]] = [[] for _ in self.hands]
        discard: list[int] = []
        for cards_, receivers in self.losses:
            mixed = sample(rng, cards_, len(cards_))
            for k, receiver in enumerate(receivers):
                hands[receiver].append(mixed[k])
            discard += mixed[len(receivers) :]
        unseen = sample(rng, self.unseen, len(self.unseen))
        at = 0
        for seat, count in self.fresh:
            # As dealt: the dealt cards sorted, then the received ones in the order received.
            hands[seat][:0] = sorted(unseen[at : at + count])
            at += count
        if self.spare_discard:
            discard += unseen[at : at + self.spare_discard]
            at += self.spare_discard
        shuffle(rng, discard)
        table = self.table.but()
        table.stock = tuple(unseen[at:])
        table.discard = tuple(discard)
        # Each world's own lists: the search's rules advance them in place.
        return _new_position(
            hands=[
                _hand(h) if own is None else list(own)
                for own, h in zip(self.hands, hands, strict=True)
            ],
            trick=list(self.trick),
            leader=self.leader,
            to_move=self.to_move,
            collections=self.collections,
            table=table,
        )


def _hand(ints: list[int]) -> list[PlayCard]:
    """A dealt hand as the position holds it (`actions._plays`, inlined: one per world)."""
    plays = _PLAYS
    return cast("list[PlayCard]", [plays[c] for c in ints])


def _losses_seen(view: View) -> list[tuple[list[int], list[int]]]:
    """The round's lost colours: each one's cards still hidden and its receivers still owed one."""
    players, me, events = view.players, view.seat, view.events
    start = len(events)
    while start and not isinstance(events[start - 1], RoundStarted):
        start -= 1
    losses: list[tuple[list[int], list[int]]] = []
    loss_of: dict[int, int] = {}  # a hidden card of a lost colour -> its loss, by index
    for event in events[start - 1 if start else len(events) :]:
        if isinstance(event, Played):
            at = loss_of.pop(_INT[event.card], None)
            if at is not None:
                cards_, receivers = losses[at]
                cards_.remove(_INT[event.card])
                if event.seat in receivers:
                    receivers.remove(event.seat)
        elif isinstance(event, ColourLost):
            lost = _as_ints(event.lost)
            for c in lost:
                loss_of[c] = len(losses)
            others = [s for s in range(players) if s not in {me, event.seat}]
            losses.append((list(lost), others))
        elif isinstance(event, CardReceived) and event.card is not None:
            at = loss_of.pop(_INT[event.card], None)
            if at is not None:
                losses[at][0].remove(_INT[event.card])
    return losses


def _read_knowledge(view: View) -> _Knowledge:
    """What ``view``'s seat knows of the hidden cards (see the comment above)."""
    players, me, rules = view.players, view.seat, view.rules
    losses = _losses_seen(view)
    hand = _as_ints(view.hand)
    trick = _as_ints(view.trick)
    collections = tuple(_by_colour(_as_ints(c), rules.colours) for c in view.collections)
    seen = {*hand, *trick, _INT[view.trump]}
    seen.update(c for collection in collections for colour in collection for c in colour)
    hidden = [c for c in _deck(rules.colours, rules.values)[1] if c not in seen]
    in_losses = {c for cards_, _ in losses for c in cards_}
    owed = [0] * players
    for _, receivers in losses:
        for s in receivers:
            owed[s] += 1
    fresh = tuple((s, view.hand_sizes[s] - owed[s]) for s in range(players) if s != me)
    unseen = tuple(c for c in hidden if c not in in_losses)
    discarded = sum(len(cards_) - len(receivers) for cards_, receivers in losses)
    spare_discard = view.discard_size - discarded
    if (
        not in_losses.issubset(hidden)
        or min(n for _, n in fresh) < 0
        or spare_discard < 0
        or sum(n for _, n in fresh) + spare_discard + view.stock_size != len(unseen)
    ):
        msg = f"seat {me}'s kitten tricks view is not consistent: no world matches it"
        raise ValueError(msg)
    outcome = view.outcome
    return _Knowledge(
        hands=tuple(_plays(hand) if s == me else None for s in range(players)),
        fresh=fresh,
        losses=tuple(_Loss(tuple(cards_), tuple(receivers)) for cards_, receivers in losses),
        unseen=unseen,
        spare_discard=spare_discard,
        trick=trick,
        leader=view.leader,
        to_move=view.to_move,
        collections=collections,
        table=_new_round_record(
            trump=_INT[view.trump],
            stock=(),
            discard=(),
            super_chats=view.super_chats,
            number=view.round,
            starter=view.starter,
            winners=None if outcome is None else outcome.winners,
        ),
    )


# A search samples many worlds from one view: read each view's events once.
_knowledge = LastOf(_read_knowledge)
