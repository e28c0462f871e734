"""Scenario setups of classic Mistigri: an explicit position, and its checks.

A setup comes from `scenario` or from the ``setup`` of a JSON document (`GAME.from_json`),
so it is untrusted: `_check_scenario` refuses every setup that no match can reach, naming the
field, in time linear in the setup. `Setup` is an attrs record, so this module stays
interpreted Python in the compiled build (see the Performance page).
"""

from __future__ import annotations

import reprlib
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, cast

import attrs

from cardgames.classic_mistigri.cards import _CARDS, DECK, MOTIFS, Card
from cardgames.classic_mistigri.options import Rules
from cardgames.engine import Game
from cardgames.errors import InvalidSetupError

if TYPE_CHECKING:
    from cardgames.classic_mistigri.rules import State

__all__ = ["Setup", "scenario"]


@attrs.frozen(slots=True)
class Setup:
    """An explicit position: each seat's hand in fan order, the motifs laid, whose turn.

    Build it with `scenario`, which checks it; a saved state keeps it as its ``setup``.
    """

    hands: tuple[tuple[Card, ...], ...]
    """One hand per seat, in fan order; no hand holds a pair (CL-3)."""
    pairs: tuple[tuple[int, ...], ...]
    """The motifs each seat has laid, in the order laid."""
    to_move: int
    """The seat whose turn it is; it holds cards unless only the Mistigri is left."""


def _check_scenario(setup: Setup, players: int) -> None:
    """Refuse a setup that no match can reach, naming the field; linear in the setup's size."""
    hands, pairs = setup.hands, setup.pairs
    if len(hands) != players:
        msg = f"hands: {len(hands)} hand{'' if len(hands) == 1 else 's'} for {players} players"
        raise InvalidSetupError(msg)
    if len(pairs) != players:
        msg = (
            f"pairs: {len(pairs)} lists of laid motifs for {players} players; "
            f"give one for each of the {players} seats"
        )
        raise InvalidSetupError(msg)
    held: Counter[Card] = Counter()
    for seat, hand in enumerate(hands):
        _check_hand(seat, hand)
        held.update(hand)
    for seat, motifs in enumerate(pairs):
        for i, motif in enumerate(cast("tuple[object, ...]", motifs)):
            if not isinstance(motif, int) or isinstance(motif, bool) or not 1 <= motif <= MOTIFS:
                msg = (
                    f"pairs[{seat}][{i}]: seat {seat} laid a pair of motif "
                    f"{reprlib.repr(motif)}; motifs are 1..{MOTIFS}"
                )
                raise InvalidSetupError(msg)
            held[_CARDS[motif]] += 2
    deck = DECK.counts()
    missing, extra = deck - held, held - deck
    if missing or extra:
        msg = (
            "the hands and laid pairs must hold each of the 33 cards exactly once; "
            f"missing: {_listed(missing)}, extra: {_listed(extra)}"
        )
        raise InvalidSetupError(msg)
    to_move = setup.to_move
    if not isinstance(to_move, int) or isinstance(to_move, bool) or not 0 <= to_move < players:
        msg = f"to_move must be a seat holding cards, not {reprlib.repr(to_move)}"
        raise InvalidSetupError(msg)
    # A single card left in hands is the Mistigri (the deck check above): the match is over and
    # nobody is to move; otherwise the seat to move must hold cards.
    if not hands[to_move] and sum(map(len, hands)) > 1:
        msg = f"to_move must be a seat holding cards, not {to_move}, whose hand is empty"
        raise InvalidSetupError(msg)


def _check_hand(seat: int, hand: tuple[object, ...]) -> None:
    """Refuse a hand holding something else than a card, or a pair (CL-3), in linear time."""
    seen: set[int] = set()
    twins: set[int] = set()
    for i, card in enumerate(hand):
        if not isinstance(card, Card):
            msg = (
                f"hands[{seat}][{i}]: seat {seat}'s hand holds {reprlib.repr(card)}, "
                "which is not a classic Mistigri card"
            )
            raise InvalidSetupError(msg)
        if card.motif in seen:
            twins.add(card.motif)
        seen.add(card.motif)
    if twins:
        msg = (
            f"hands[{seat}]: seat {seat}'s hand holds a pair of motif {min(twins)}; pairs are "
            "laid at once (CL-3), so list it in pairs instead"
        )
        raise InvalidSetupError(msg)


def _listed(counts: Counter[Card], shown: int = 8) -> str:
    """The cards of ``counts`` by name, sorted; a long list is cut after ``shown`` cards."""
    names: list[str] = []
    for name, n in sorted((str(card), n) for card, n in counts.items()):
        names += [name] * min(n, shown)
    total = counts.total()
    if total <= shown:
        return repr(names)
    return f"{repr(names[:shown])[:-1]}, ...] ({total} cards)"


def scenario(
    hands: Sequence[Sequence[Card]],
    *,
    pairs: Sequence[Sequence[int]] | None = None,
    to_move: int = 0,
    seed: int | None = None,
    rules: Rules | None = None,
) -> State:
    """Build a state from an explicit position, to test or teach a chosen situation.

    Args:
        hands: one hand per seat (so ``len(hands)`` is the player count), in fan order.
        pairs: the motifs each seat has already laid, in the order laid; ``None`` means no
            pair has been laid yet (the hands then hold all 33 cards).
        to_move: the seat whose turn it is; it must hold cards (unless the match is over).
        seed: drives the blind draws from here on.
        rules: the options (``first_player`` is not used by a scenario).

    Raises:
        InvalidSetupError: not 2 to 4 hands, not one list of laid motifs per hand, the cards
            are not exactly the 33 of the deck (hands plus two per laid pair), a hand holds a
            pair (pairs are laid at once, CL-3), or ``to_move`` is not a seat holding cards.

    Examples:
        >>> from cardgames.classic_mistigri import MISTIGRI, Card, scenario
        >>> state = scenario([[Card(1), MISTIGRI], [Card(1)]], pairs=[range(2, 17), []])
        >>> state.to_move, state.draw_from, state.legal_actions()
        (0, 1, (Draw(position=0),))
    """
    rows = _rows(hands, "hands")
    setup = Setup(
        hands=cast("tuple[tuple[Card, ...], ...]", rows),  # checked by _check_scenario
        pairs=((),) * len(rows)
        if pairs is None
        else cast("tuple[tuple[int, ...], ...]", _rows(pairs, "pairs")),
        to_move=to_move,
    )
    # Found by its setup type: the rules module imports this one (for Setup and its checks).
    game: Game[State] = Game.of_setup(Setup)

    return game.from_setup(len(rows), setup, seed=seed, rules=rules)


def _rows(rows: object, field: str) -> tuple[tuple[object, ...], ...]:
    """``rows`` (one sequence per seat) as a tuple of tuples, or ``InvalidSetupError``."""
    if isinstance(rows, Sequence) and not isinstance(rows, str):
        items = cast("Sequence[object]", rows)
        if all(isinstance(row, Iterable) and not isinstance(row, str) for row in items):
            return tuple(tuple(cast("Iterable[object]", row)) for row in items)
    msg = f"{field}: expected one list per seat, got {reprlib.repr(rows)}"
    raise InvalidSetupError(msg)
