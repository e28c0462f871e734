"""The scenario setup of kitten tricks: a round in play, set out explicitly, and its checks.

A setup comes from `scenario` or from the ``setup`` of a JSON document, so it is untrusted:
`_check_scenario` refuses every setup the rules cannot play on from, naming the field. `Setup` is
an attrs record and the checks read fields of any type, so this module stays interpreted Python
in the compiled build (see the Performance page).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from cardgames.engine import Game
from cardgames.errors import InvalidSetupError
from cardgames.kitten_tricks.cards import Card

if TYPE_CHECKING:
    from cardgames.kitten_tricks.rules import State

from cardgames.kitten_tricks.options import LOSS_THRESHOLD, SUPER_CHATS_TO_WIN, Rules, deck

__all__ = ["Setup", "scenario"]


@attrs.frozen(slots=True)
class Setup:
    """A round in play, set out explicitly; see `scenario`."""

    hands: tuple[tuple[Card, ...], ...]
    trump: Card
    trick: tuple[Card, ...]
    to_move: int
    collections: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    stock: tuple[Card, ...]
    super_chats: tuple[int, ...]
    round: int
    starter: int


def _entries(name: str, value: object) -> tuple[Any, ...]:
    """The items of ``value``, a field of a setup; ``InvalidSetupError`` if it has none."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        msg = f"{name}: expected a sequence, not {_shown(value)}"
        raise InvalidSetupError(msg)
    return tuple(value)


_SHOWN = 60
"""Characters of a bad value quoted in an error message."""


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= _SHOWN else f"{text[: _SHOWN - 3]}..."


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_seat(value: object, players: int) -> bool:
    return _is_int(value) and 0 <= value < players  # type: ignore[operator]


def _rest_of_deck(rules: Rules, listed: Sequence[object]) -> tuple[Card, ...]:
    left = deck(rules).counts()
    for card in listed:
        if isinstance(card, Card) and left[card]:
            left[card] -= 1
    return tuple(card for card in deck(rules) if left[card])


# A setup comes from a user or an untrusted document: the engine checks it before it starts
# from it. Each check costs time linear in the setup, and its message names the field at fault.


def _check_scenario(setup: Setup, players: int, rules: Rules) -> None:
    """Refuse a setup the rules cannot play on from, naming the field at fault."""
    _check_counts(setup, players)
    _check_cards(setup, rules)
    _check_turn(setup, players)
    _check_collections(setup, rules)
    _check_match(setup, rules)


def _check_counts(setup: Setup, players: int) -> None:
    """One hand, one collection and one Super Chat count per seat."""
    sizes = (len(setup.hands), len(setup.collections), len(setup.super_chats))
    for name, noun, size in zip(_PER_SEAT, ("hands", "collections", "counts"), sizes, strict=True):
        if size != players:
            msg = (
                f"{name}: {size} {noun} for {players} players (hands, collections and "
                f"super_chats need one entry for each of the {players} seats, got {sizes[0]}, "
                f"{sizes[1]} and {sizes[2]})"
            )
            raise InvalidSetupError(msg)


_PER_SEAT = ("hands", "collections", "super_chats")


def _check_cards(setup: Setup, rules: Rules) -> None:
    """Every card of the deck exactly once across the zones, and nothing else."""
    zones: list[tuple[str, str, tuple[object, ...]]] = [
        *((f"hands[{s}]", f"seat {s}'s hand holds", h) for s, h in enumerate(setup.hands)),
        *(
            (f"collections[{s}]", f"seat {s}'s collection holds", h)
            for s, h in enumerate(setup.collections)
        ),
        ("trick", "the trick holds", setup.trick),
        ("trump", "the trump card is", (setup.trump,)),
        ("discard", "the discard holds", setup.discard),
        ("stock", "the stock holds", setup.stock),
    ]
    left = deck(rules).counts()
    extra: list[Card] = []
    at = "stock"  # the zone of the first card too many; else the unused cards are missing
    for field, where, zone in zones:
        for card in zone:  # setups come from users: check every card
            if not isinstance(card, Card):
                msg = f"{field}: {where} {_shown(card)}, which is not a kitten tricks card"
                raise InvalidSetupError(msg)
            if left[card] > 0:
                left[card] -= 1
            else:
                at = at if extra else field
                extra.append(card)
    missing = [card for card, count in left.items() if count]
    if missing or extra:
        msg = (
            f"{at}: the zones must hold each of the {len(deck(rules))} cards of a "
            f"{rules.colours} x {rules.values} deck exactly once; "
            f"missing: {_listed(missing)}, extra: {_listed(extra)}"
        )
        raise InvalidSetupError(msg)


def _listed(cards_: list[Card]) -> str:
    """``['red 1', 'red 2']``: the cards by name, sorted, the first few of many."""
    names = sorted(map(str, cards_))
    if len(names) <= _LISTED:
        return str(names)
    return f"{str(names[:_LISTED])[:-1]}, ... ({len(names)} in all)]"


_LISTED = 12
"""Cards named in a message before the rest is summed up."""


def _check_turn(setup: Setup, players: int) -> None:
    """A starter and a seat to move, a trick in progress, and a card for each seat to play."""
    for name in ("starter", "to_move"):
        value = getattr(setup, name)
        if not _is_seat(value, players):
            msg = f"{name} must be a seat of the {players}-player match, not {_shown(value)}"
            raise InvalidSetupError(msg)
    played = len(setup.trick)
    if played >= players:
        msg = f"trick: a trick holds at most {players - 1} cards before its last play, got {played}"
        raise InvalidSetupError(msg)
    for k in range(players - played):
        seat = (setup.to_move + k) % players
        if not setup.hands[seat]:
            msg = (
                f"hands[{seat}]: seat {seat} has still to play to the trick but holds no card "
                "(an empty hand ends the round, KT-5)"
            )
            raise InvalidSetupError(msg)


def _check_collections(setup: Setup, rules: Rules) -> None:
    """No collection left with four cards of a colour (KT-4) or with every colour (KT-5)."""
    for seat, collection in enumerate(setup.collections):
        counts = Counter(card.colour for card in collection)
        full = sorted(colour for colour, count in counts.items() if count >= LOSS_THRESHOLD)
        if full:
            msg = (
                f"collections[{seat}]: seat {seat}'s collection holds {LOSS_THRESHOLD} or more "
                f"{full[0]} cards (KT-4)"
            )
            raise InvalidSetupError(msg)
        if len(counts) == rules.colours:
            msg = (
                f"collections[{seat}]: seat {seat}'s collection holds every colour, so the "
                "round is over (KT-5)"
            )
            raise InvalidSetupError(msg)


def _check_match(setup: Setup, rules: Rules) -> None:
    """Super Chat counts of a match still in play, and a round within ``max_rounds``."""
    for seat, chats in enumerate(setup.super_chats):
        if not _is_int(chats):
            msg = (
                f"super_chats[{seat}]: seat {seat}'s super_chats must be an int, "
                f"not {_shown(chats)}"
            )
            raise InvalidSetupError(msg)
        if not 0 <= chats < SUPER_CHATS_TO_WIN:
            msg = (
                f"super_chats[{seat}]: seat {seat}'s super_chats must be "
                f"0..{SUPER_CHATS_TO_WIN - 1} in a match in play, not {chats!r}"
            )
            raise InvalidSetupError(msg)
    if not _is_int(setup.round) or not 1 <= setup.round <= rules.max_rounds:
        msg = f"round must be 1..{rules.max_rounds} (max_rounds), not {_shown(setup.round)}"
        raise InvalidSetupError(msg)


def scenario(
    hands: Sequence[Sequence[Card]],
    *,
    trump: Card,
    trick: Sequence[Card] = (),
    to_move: int | None = None,
    collections: Sequence[Sequence[Card]] | None = None,
    discard: Sequence[Card] = (),
    stock: Sequence[Card] | None = None,
    super_chats: Sequence[int] | None = None,
    round: int = 1,  # noqa: A002 - the game's own word
    starter: int | None = None,
    seed: int | None = None,
    rules: Rules | None = None,
) -> State:
    """Build a state from an explicit position, to test or teach a chosen situation.

    Any position the rules can play on from is accepted, whether or not a deal leads to it (a
    first round where a seat already holds two Super Chat cards shows the end of a match).

    Args:
        hands: one hand per seat (so ``len(hands)`` is the player count), in the order given.
        trump: the face-up trump card; its colour is trump.
        trick: the cards already played to the current trick, in play order.
        to_move: the seat to play next; by default ``starter`` leads the current trick. The
            trick's leader is ``to_move - len(trick)`` (mod the player count).
        collections: each seat's collection; ``None`` means all empty.
        discard: the cards discarded face down so far.
        stock: the unused cards; ``None`` means every card of the deck not listed elsewhere.
        super_chats: each seat's Super Chat cards (0..2); ``None`` means none.
        round: the current round (1..``max_rounds``).
        starter: the seat that led this round's first trick (the next round starts one seat
            further clockwise); by default ``first_player`` moved one seat per round.
        seed: drives the redistributions and later deals from here on.
        rules: the options.

    Raises:
        InvalidSetupError: a zone is not a sequence of cards, the cards are not exactly the
            deck's, a seat still to play holds no card, a collection holds four cards of a
            colour or every colour, a count or seat is out of range. The message starts with
            the field at fault, such as ``hands`` or ``collections[1]``.
    """
    # Found by its setup type: the rules module imports this one (for Setup and its checks).
    game: Game[State] = Game.of_setup(Setup)

    hands_ = tuple(_entries(f"hands[{s}]", h) for s, h in enumerate(_entries("hands", hands)))
    players = len(hands_)
    if not game.min_players <= players <= game.max_players:
        msg = (
            f"hands: one hand per player, got {players}; {game.title} is played by "
            f"{game.min_players} to {game.max_players} players"
        )
        raise InvalidSetupError(msg)
    trick_ = _entries("trick", trick)
    discard_ = _entries("discard", discard)
    collections_ = (
        ((),) * players
        if collections is None
        else tuple(
            _entries(f"collections[{s}]", h)
            for s, h in enumerate(_entries("collections", collections))
        )
    )
    rules_: object = Rules() if rules is None else rules  # refused later if not a Rules
    if stock is not None:
        stock_ = _entries("stock", stock)
    elif isinstance(rules_, Rules):
        listed = [*(c for h in hands_ for c in h), trump, *trick_, *discard_]
        listed += [c for h in collections_ for c in h]
        stock_ = _rest_of_deck(rules_, listed)
    else:
        stock_ = ()  # the rules are refused before the cards are looked at
    if starter is None:
        first = rules_.first_player if isinstance(rules_, Rules) else 0
        starter = (first + round - 1) % players if _is_int(round) else 0
    if to_move is None:
        to_move = (starter + len(trick_)) % players if _is_int(starter) else starter
    setup = Setup(
        hands=hands_,
        trump=trump,
        trick=trick_,
        to_move=to_move,
        collections=collections_,
        discard=discard_,
        stock=stock_,
        super_chats=(0,) * players if super_chats is None else _entries("super_chats", super_chats),
        round=round,
        starter=starter,
    )
    return game.from_setup(players, setup, seed=seed, rules=rules)
