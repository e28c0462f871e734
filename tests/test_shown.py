"""Honest memory (`cardgames.shown`): a person's screen holds no remembered card (issue 26).

The check of a person's update reads its JSON: in Crazy Animals, a card's code may stand only
where the card lies face up (the discard pile, the cards in play, a public event's discarded
or revealed card, the scoring) or in the `glimpse` field.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import cardgames
from cardgames import crazy_animals as ca
from cardgames.crazy_animals import (
    DECK,
    Card,
    Discard,
    Draw,
    NoKnock,
    Peek,
    Replace,
    Swap,
    TakeDiscard,
    scenario,
)
from cardgames.engine import State
from cardgames.errors import InvalidCursorError, InvalidSeatError, InvalidSetupError
from cardgames.protocol import Memorised, handle, reply_from_json, update
from cardgames.shown import Glimpse, shown
from cardgames.table import Table

CA = cardgames.get_game("crazy-animals")
N = [Card(face) for face in range(10)]
SWAP, PEEK, DRAW_TWO = Card(10), Card(11), Card(12)

# Where a card may stand in a person's update: the public fields, kind by kind.
_PUBLIC_EVENT_CARDS = {
    "round-dealt": {"face_up"},
    "took-discard": {"revealed"},
    "discarded": {"card"},
    "replaced": {"revealed"},
    "special-discarded": {"card"},
    "special-replaced": {"special", "drawn"},
    "round-scored": {"slots"},
}
_CARD_FIELDS = {"face_up", "seen", "card", "revealed", "special", "drawn", "slots"}


def _leaks(doc: dict[str, Any]) -> list[str]:
    """Every place of an update's JSON that names a face-down card (the glimpse aside)."""
    found = []
    view = doc["view"]
    if any(card is not None for row in view["knowledge"] for card in row):
        found.append("view.knowledge")
    if view["drawn"] is not None:
        found.append("view.drawn")
    for i, event in enumerate(doc["events"]):
        allowed = _PUBLIC_EVENT_CARDS.get(event["kind"], set())
        found.extend(
            f"events[{i}].{key}"
            for key in sorted(_CARD_FIELDS & set(event) - allowed)
            if event[key] not in (None, [])
        )
    return found


def _full_table(slots: list[list[Card]], draws: list[Card], top: Card, turns: int = 0) -> Table:
    """A two-seat person-only table at an explicit position: `draws` are drawn first."""
    left = Counter(DECK)
    left.subtract([*(c for row in slots for c in row), *draws, top])
    rest = sorted(left.elements(), key=lambda c: c.face)
    stock = [*rest, *reversed(draws)]
    state: State[Any] = scenario(slots, stock=stock, discard_pile=[top], turns_taken=turns, seed=1)
    return Table(state, ("Ana", "Ben"), {}, {})


def _view(view: object) -> ca.View:
    assert isinstance(view, ca.View)
    return view


ROWS = [[N[1], N[2], N[3], N[4]], [N[5], N[6], N[7], N[8]]]


@pytest.mark.parametrize("seed", [1, 2, 3, 17])
@pytest.mark.parametrize("players", [2, 4])
def test_no_update_to_a_person_names_a_face_down_card(seed: int, players: int) -> None:
    """At every moment of whole matches, every person's update (from 0 and from the last move)."""
    bots = dict.fromkeys(range(1, players, 2), "heuristic")
    table = Table.new(CA, players=players, bots=bots, seed=seed)
    rng = random.Random(seed)
    glimpses = Counter[str]()
    last = 0
    while not table.is_over:
        for seat in table.humans:
            for since in (0, last):
                doc = json.loads(update(table, seat, since).to_json())
                assert _leaks(doc) == [], (seat, since)
                if doc["glimpse"] is not None:
                    glimpses[doc["glimpse"]["reason"]] += 1
                    assert doc["glimpse"]["owner"] == seat
            if rng.random() < 0.3:  # now and then, a person says « C'est mémorisé »
                table.memorised(seat)
        last = table.cursor
        mover = table.to_move
        assert mover is not None
        if mover in table.bots:
            table.play_bots(limit=1)
        else:
            table.act(mover, rng.choice(table.view(mover).legal_actions), cursor=table.cursor)
    assert glimpses["first-look"] > 0
    assert glimpses["drawn"] > 0


def test_a_bot_seats_update_keeps_its_whole_view() -> None:
    """Bots keep their perfect recall: a bot's seat gets its view as it is, and no glimpse."""
    table = Table.new(CA, players=2, bots={1: "heuristic"}, seed=5)
    reply = update(table, 1)
    assert _view(reply.view).knowledge == _view(table.view(1)).knowledge
    assert any(card is not None for card in _view(reply.view).knowledge[1])
    assert reply.glimpse is None


def test_the_first_look_lasts_until_memorised() -> None:
    """The round's first look shows slots 0 and 3 until « C'est mémorisé »."""
    table = Table.new(CA, players=2, bots={1: "heuristic"}, seed=5)
    known = _view(table.view(0)).knowledge[0]
    first, last = known[0], known[3]
    assert first is not None
    assert last is not None
    assert shown(table, 0).glimpse == Glimpse("first-look", 0, ((0, first), (3, last)))
    table.memorised(0)
    assert shown(table, 0).glimpse is None
    assert _view(table.view(0)).knowledge[0] == known  # the view itself, a bot's, remembers


def test_the_first_look_ends_with_the_persons_first_move() -> None:
    """Playing without saying « C'est mémorisé » ends the first look all the same."""
    table = _full_table(ROWS, [N[9]], N[0])
    table.act(0, Draw(), cursor=table.cursor)
    assert shown(table, 0).glimpse == Glimpse("drawn", 0, ((None, N[9]),))


def test_the_drawn_card_shows_until_it_is_placed() -> None:
    """The drawn card is in sight, and nowhere else, until placed; memorised does not hide it."""
    table = _full_table(ROWS, [N[9]], N[0])
    table.act(0, Draw(), cursor=table.cursor)
    table.memorised(0)
    screen = shown(table, 0)
    assert screen.glimpse == Glimpse("drawn", 0, ((None, N[9]),))
    assert _view(screen.view).drawn is None
    assert screen.events[-1].card is None  # type: ignore[attr-defined]
    table.act(0, Replace(1), cursor=table.cursor)
    assert shown(table, 0).glimpse is None
    assert shown(table, 1).glimpse == Glimpse("first-look", 1, ((0, N[5]), (3, N[8])))


def test_a_discarded_draw_leaves_sight() -> None:
    """Discarding the drawn card ends its glimpse (the discard pile now shows it, face up)."""
    table = _full_table(ROWS, [N[9]], N[0])
    table.act(0, Draw(), cursor=table.cursor)
    table.act(0, Discard(), cursor=table.cursor)
    assert shown(table, 0).glimpse is None
    assert _view(shown(table, 0).view).discard_pile[-1] == N[9]


def test_a_peek_shows_until_the_seats_next_move() -> None:
    """A peeked card stays in sight through the others' turns, until that seat moves again."""
    table = _full_table(ROWS, [PEEK, N[0], N[9]], N[5])
    table.act(0, Draw(), cursor=table.cursor)
    table.act(0, Peek(1), cursor=table.cursor)
    peek = Glimpse("peek", 0, ((1, N[2]),))
    assert shown(table, 0).glimpse == peek
    table.act(1, Draw(), cursor=table.cursor)
    table.act(1, Discard(), cursor=table.cursor)
    table.act(1, NoKnock(), cursor=table.cursor)
    assert shown(table, 0).glimpse == peek
    table.act(0, Draw(), cursor=table.cursor)
    assert shown(table, 0).glimpse == Glimpse("drawn", 0, ((None, N[9]),))


def test_a_peek_ends_when_memorised() -> None:
    """« C'est mémorisé » ends a peek's glimpse too."""
    table = _full_table(ROWS, [PEEK], N[5])
    table.act(0, Draw(), cursor=table.cursor)
    table.act(0, Peek(2), cursor=table.cursor)
    table.memorised(0)
    assert shown(table, 0).glimpse is None


def test_a_taken_card_shows_and_is_redacted_in_the_event() -> None:
    """The card taken from the discard pile is in the taker's glimpse, not in the event."""
    table = _full_table(ROWS, [N[9]], N[0])
    table.act(0, TakeDiscard(2), cursor=table.cursor)
    assert shown(table, 0).glimpse == Glimpse("taken", 0, ((2, N[0]),))
    for seat in (0, 1):
        event = shown(table, seat).events[-1]
        assert event.kind == "took-discard"
        assert event.card is None  # type: ignore[attr-defined]
        assert event.revealed == N[3]  # type: ignore[attr-defined]  # public: face up now


def test_a_swap_takes_a_glimpsed_card_out_of_sight() -> None:
    """A card swapped away from the glimpsed slot is no longer shown there."""
    table = _full_table(ROWS, [SWAP], N[0])
    table.act(0, TakeDiscard(1), cursor=table.cursor)
    assert shown(table, 0).glimpse == Glimpse("taken", 0, ((1, N[0]),))
    table.act(1, Draw(), cursor=table.cursor)
    table.act(1, Swap(0, 0, 1), cursor=table.cursor)
    assert shown(table, 0).glimpse is None


def test_a_move_that_adds_no_event_still_ends_a_glimpse() -> None:
    """Declining to knock is a move without an event: the peek's moment ends with it."""
    table = _full_table(ROWS, [PEEK], N[5], turns=2)
    table.act(0, Draw(), cursor=table.cursor)
    table.act(0, Peek(0), cursor=table.cursor)
    assert _view(table.view(0)).step == "knock"
    assert shown(table, 0).glimpse is not None
    before = table.cursor
    table.act(0, NoKnock(), cursor=table.cursor)
    assert table.cursor == before
    assert shown(table, 0).glimpse is None


def test_a_new_round_shows_a_new_first_look() -> None:
    """Each round's first look is a new glimpse, whatever was memorised before."""
    table = Table.new(CA, players=2, seed=8)
    rng = random.Random(8)
    table.memorised(0)
    while table.view(0).round == 1:
        seat = table.to_move
        assert seat is not None
        table.act(seat, rng.choice(table.view(seat).legal_actions), cursor=table.cursor)
    glimpse = shown(table, 0).glimpse
    assert glimpse is not None
    assert glimpse.reason == "first-look"


def test_the_memory_aid_keeps_the_knowledge() -> None:
    """With the memory aid on, a person's screen keeps what the seat remembers, as a bot's."""
    table = Table.new(CA, players=2, seed=5, memory_aid=True)
    assert table.memory_aid
    screen = shown(table, 0)
    assert screen.view == table.view(0)
    assert screen.events == table.events(0)
    assert screen.glimpse is not None
    loaded = Table.from_json(table.to_json())
    assert loaded.memory_aid
    assert _view(update(loaded, 0).view).knowledge == _view(table.view(0)).knowledge


def test_memory_aid_must_be_a_bool() -> None:
    """`Table.new` refuses a memory aid that is not True or False."""
    with pytest.raises(InvalidSetupError):
        Table.new(CA, players=2, seed=5, memory_aid=1)  # type: ignore[arg-type]


def test_the_glimpse_marks_survive_saving() -> None:
    """A saved table remembers what each seat memorised and when it last moved."""
    table = Table.new(CA, players=2, seed=5)
    table.memorised(0)
    loaded = Table.from_json(table.to_json())
    assert shown(loaded, 0).glimpse is None
    assert shown(loaded, 1).glimpse == shown(table, 1).glimpse is not None
    assert loaded.glimpse_marks(0) == table.glimpse_marks(0)
    copy = table.copy()
    assert copy.glimpse_marks(0) == table.glimpse_marks(0)


def test_a_version_1_table_loads_without_glimpses() -> None:
    """A table saved before the glimpse marks loads with the aid off and nothing in sight."""
    table = Table.new(CA, players=2, seed=5)
    doc = table.to_dict()
    for key in ("memory_aid", "moved", "memorised"):
        del doc[key]
    doc["version"] = 1
    loaded = Table.from_json(json.dumps(doc))
    assert not loaded.memory_aid
    assert shown(loaded, 0).glimpse is None


@pytest.mark.parametrize("key", ["moved", "memorised"])
@pytest.mark.parametrize("value", [[0], [0, -1], [0, 10**6], "0", [0, True]])
def test_forged_glimpse_marks_are_refused(key: str, value: object) -> None:
    """Each seat's mark is a cursor of the match, checked on load."""
    doc = Table.new(CA, players=2, seed=5).to_dict()
    doc[key] = value  # type: ignore[assignment]
    with pytest.raises(cardgames.errors.InvalidStateError):
        Table.from_json(json.dumps(doc))


def test_memorised_checks_its_seat_and_cursor() -> None:
    """`Table.memorised` refuses an unknown seat and a cursor beyond the table's."""
    table = Table.new(CA, players=2, seed=5)
    with pytest.raises(InvalidSeatError):
        table.memorised(2)
    with pytest.raises(InvalidCursorError):
        table.memorised(0, table.cursor + 1)
    table.memorised(0, 0)  # at cursor 0, before the first look: it stays in sight
    assert shown(table, 0).glimpse is not None


def test_the_memorised_request_ends_the_first_look() -> None:
    """The protocol's `memorised` request: recorded, answered by an update without glimpse."""
    table = Table.new(CA, players=2, bots={1: "heuristic"}, seed=5)
    assert update(table, 0).glimpse is not None
    (reply,) = handle(table, 0, Memorised(0, table.cursor).to_json())
    loaded = reply_from_json(CA, reply.to_json())
    assert loaded == reply
    assert loaded.glimpse is None  # type: ignore[union-attr]
    (refused,) = handle(table, 0, Memorised(0, table.cursor + 1).to_json())
    assert refused.type == "refused"
    assert refused.code == "malformed"  # type: ignore[union-attr]


def test_a_forged_glimpse_is_refused() -> None:
    """`reply_from_json` checks the glimpse field: reason, owner and cards."""
    table = Table.new(CA, players=2, seed=5)
    good = update(table, 0).to_dict()
    assert reply_from_json(CA, json.dumps(good)).glimpse is not None  # type: ignore[union-attr]
    for bad in (
        {**good["glimpse"], "reason": "stare"},
        {**good["glimpse"], "owner": 7},
        {**good["glimpse"], "seen": [[0, "99"]]},
        {**good["glimpse"], "extra": 1},
    ):
        with pytest.raises(cardgames.errors.InvalidStateError):
            reply_from_json(CA, json.dumps({**good, "glimpse": bad}))


@pytest.mark.parametrize("slug", ["classic-mistigri", "crazy-mistigri", "kitten-tricks"])
def test_other_games_show_the_seats_view(slug: str) -> None:
    """Hands face up to their owner: a person's screen is the seat's view, with no glimpse."""
    game = cardgames.get_game(slug)
    table = Table.new(game, players=game.min_players, seed=4)
    screen = shown(table, 0)
    assert screen.view == table.view(0)
    assert screen.events == table.events(0)
    assert screen.glimpse is None


def test_a_persons_screen_is_narrated_without_the_hidden_cards() -> None:
    """The narrator tells a person's redacted events in both languages, agreeing with "you"."""
    from cardgames.text import Narrator  # noqa: PLC0415 - the narration part of this test

    table = _full_table(ROWS, [N[9]], N[0])
    table.act(0, TakeDiscard(2), cursor=table.cursor)
    events = shown(table, 0).events
    en = Narrator(CA, names=["Ana", "Ben"], seat=0)
    fr = Narrator(CA, names=["Ana", "Ben"], lang="fr", seat=0)
    assert en.event(events[-1]) == (
        "You take the top card of the discard pile into slot 3 and discard the 3 that was there"
    )  # people count slots from 1: TakeDiscard(2) is slot 3
    assert fr.event(events[-1]).startswith("Vous prenez la carte du dessus de la défausse")
    looked = next(event for event in events if event.kind == "looked" and event.seat == 0)  # type: ignore[attr-defined]
    assert en.event(looked) == "You look at slots 1 and 4"
    assert fr.event(looked) == "Vous regardez vos emplacements 1 et 4"
