"""Moves name their position (issue 25, fault 1): stale, repeated and concurrent moves play once.

A move carries the cursor it was chosen at; a table plays it only at that cursor, with its seat
to move. The tests replay the faults the issue found (a double click, the same `Act` twice, two
moves chosen at one position, two sockets of one seat, a bot's move that arrives late) and a
property that sends random mixes of them to tables of every game.
"""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardgames
from cardgames.engine import Action, Game
from cardgames.errors import InvalidCursorError, NotYourTurnError, StaleMoveError
from cardgames.protocol import Act, Refused, Update, handle
from cardgames.table import BotMove, BotTurn, Table, decide
from strategies import game_and_players

GAMES = list(cardgames.GAMES.values())


def _at_a_human_turn(slug: str = "crazy-mistigri", **bots: str) -> Table:
    table = Table.new(slug, players=4, bots={int(k[1:]): v for k, v in bots.items()}, seed=12)
    table.play_bots()
    return table


def _two_choices(table: Table) -> tuple[int, Action, Action]:
    """The seat to move and two of its legal actions (a draw at two positions, say)."""
    seat = table.to_move
    assert seat is not None
    first, second, *_ = table.view(seat).legal_actions
    return seat, first, second


def _reply(table: Table, seat: int, message: Act) -> Update | Refused:
    (reply,) = handle(table, seat, message.to_json())
    return reply


def test_fault_1_a_double_click_on_a_face_down_card_plays_one_turn() -> None:
    """Two clicks on the fanned hand send two draws chosen at one cursor: the second is stale."""
    table = _at_a_human_turn(s1="heuristic", s3="random")
    seat, first, second = _two_choices(table)
    assert type(first).__name__ == type(second).__name__ == "Draw"
    cursor, history = table.cursor, len(table.state.history)
    assert isinstance(_reply(table, seat, Act(seat, first, cursor)), Update)
    after = table.to_json()
    reply = _reply(table, seat, Act(seat, second, cursor))
    assert isinstance(reply, Refused)
    assert reply.code == "stale"
    assert table.to_json() == after
    assert table.state.history[history:] == (first,)


def test_fault_1_the_same_act_sent_twice_is_played_once() -> None:
    """The very same `Act` text, sent twice, plays once; the second is refused as stale."""
    table = _at_a_human_turn(s1="heuristic", s3="random")
    seat, action, _ = _two_choices(table)
    text = Act(seat, action, table.cursor).to_json()
    history = len(table.state.history)
    (first,) = handle(table, seat, text)
    (second,) = handle(table, seat, text)
    assert isinstance(first, Update)
    assert isinstance(second, Refused)
    assert second.code == "stale"
    assert len(table.state.history) == history + 1


def test_fault_1_the_same_act_is_stale_even_once_it_is_the_seats_turn_again() -> None:
    """An `Act` replayed after the bots have played and the turn has come back is still stale."""
    table = _at_a_human_turn(s1="heuristic", s2="random", s3="random")
    seat, action, _ = _two_choices(table)
    text = Act(seat, action, table.cursor).to_json()
    handle(table, seat, text)
    table.play_bots()
    assert table.to_move == seat
    before = table.to_json()
    (reply,) = handle(table, seat, text)
    assert isinstance(reply, Refused)
    assert reply.code == "stale"
    assert table.to_json() == before


def test_fault_1_two_moves_chosen_at_one_position_play_one() -> None:
    """Two different moves chosen at one position: the first plays, `act` refuses the other.

    The refusal names the two cursors, which every seat may know, and no card.
    """
    table = Table.new("kitten-tricks", players=3, seed=2)
    seat, first, second = _two_choices(table)
    cursor = table.cursor
    table.act(seat, first, cursor=cursor)
    after = table.to_json()
    with pytest.raises(StaleMoveError) as error:
        table.act(seat, second, cursor=cursor)
    assert str(error.value) == (
        f"the move was chosen at cursor {cursor}, but the table has moved on to cursor "
        f"{table.cursor}"
    )
    assert table.to_json() == after


def test_fault_1_two_sockets_of_one_seat_play_one_move() -> None:
    """Two connections of one seat each send a move at the same cursor: exactly one is played."""
    for order in ((0, 1), (1, 0)):
        table = _at_a_human_turn(s1="heuristic", s3="random")
        seat, first, second = _two_choices(table)
        cursor = table.cursor
        messages = [Act(seat, first, cursor), Act(seat, second, cursor)]
        replies = [_reply(table, seat, messages[i]) for i in order]
        assert [reply.type for reply in replies] == ["update", "refused"]
        assert table.state.history[-1] == messages[order[0]].action


def test_fault_1_a_move_without_a_cursor_is_checked_for_its_turn_only() -> None:
    """`act` without a cursor keeps the old check, for callers that just read the table."""
    table = Table.new("kitten-tricks", players=3, seed=2)
    seat, first, second = _two_choices(table)
    table.act(seat, first)
    with pytest.raises(NotYourTurnError):
        table.act(seat, second)


@pytest.mark.parametrize("cursor", ["4", "²", 4.0, True, None])
def test_fault_1_a_cursor_that_is_not_an_int_is_refused(cursor: object) -> None:
    """A cursor of another type raises `InvalidCursorError` (`None` is no check at all)."""
    table = Table.new("kitten-tricks", players=3, seed=2)
    seat, action, _ = _two_choices(table)
    if cursor is None:
        table.act(seat, action, cursor=None)
        return
    before = table.to_json()
    with pytest.raises(InvalidCursorError, match="a cursor must be an int"):
        table.act(seat, action, cursor=cursor)  # type: ignore[arg-type]
    assert table.to_json() == before


# -- bots, when asked --------------------------------------------------------------------------


def test_new_and_act_never_run_a_bot() -> None:
    """`Table.new` and `act` leave a bot's turn pending; only `play_bots` plays it."""
    table = Table.new("crazy-animals", players=3, bots={1: "heuristic", 2: "heuristic"}, seed=1)
    game = cardgames.get_game("crazy-animals")
    assert table.state == game.new(3, seed=1)
    if table.to_move != 0:
        assert table.play_bots() > 0
    while table.to_move == 0:
        table.act(0, table.view(0).legal_actions[0], cursor=table.cursor)
    turn = table.bot_turn()
    assert turn is not None
    assert turn.seat == table.to_move
    assert table.play_bots(limit=0) == 0
    assert table.bot_turn() == turn
    assert table.play_bots(limit=1) == 1


def test_a_bot_turn_and_its_move_pickle_and_decide_in_another_process() -> None:
    """`BotTurn` and `BotMove` pickle; `decide` in a worker process gives the in-process move."""
    from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415 - this test only

    table = Table.new("kitten-tricks", players=3, bots={0: "ismcts:iterations=3"}, seed=5)
    turn = table.bot_turn()
    assert turn is not None
    assert pickle.loads(pickle.dumps(turn)) == turn  # noqa: S301 - our own bytes
    here = decide(turn)
    assert pickle.loads(pickle.dumps(here)) == here  # noqa: S301 - our own bytes
    with ProcessPoolExecutor(max_workers=1) as pool:
        there = pool.submit(decide, turn).result()
    assert there == here
    twin = table.copy()
    table.apply_bot(here)
    twin.apply_bot(there)
    assert table.to_json() == twin.to_json()


def test_fault_1_a_late_bot_move_is_stale() -> None:
    """A bot's move applied twice, or after the table moved on, raises `StaleMoveError`."""
    table = Table.new("crazy-mistigri", players=3, bots={1: "heuristic", 2: "heuristic"}, seed=3)
    table.play_bots()
    while (turn := table.bot_turn()) is None:
        seat = table.to_move
        assert seat is not None
        table.act(seat, table.view(seat).legal_actions[0], cursor=table.cursor)
    move = decide(turn)
    table.apply_bot(move)
    after = table.to_json()
    with pytest.raises(StaleMoveError, match="the bot's move was chosen at cursor"):
        table.apply_bot(move)
    forged = BotMove(0, table.cursor, move.action, move.rng)  # a human's seat
    with pytest.raises(StaleMoveError):
        table.apply_bot(forged)
    with pytest.raises(TypeError, match="BotMove"):
        table.apply_bot(turn)  # type: ignore[arg-type]
    assert table.to_json() == after


def test_apply_bot_moves_the_bots_generator_on() -> None:
    """After `apply_bot`, the bot's generator is the move's: the saved table shows it."""
    table = Table.new("kitten-tricks", players=3, bots={0: "random"}, seed=5)
    turn = table.bot_turn()
    assert isinstance(turn, BotTurn)
    move = decide(turn)
    assert move.rng != turn.rng
    table.apply_bot(move)
    rebuilt = random.Random()
    rebuilt.setstate(move.rng)
    saved = json.loads(table.to_json())["bots"][0]
    assert saved["gauss"] == rebuilt.getstate()[2]
    twin = Table.from_json(table.to_json())
    assert twin.to_json() == table.to_json()


def test_a_copy_is_independent() -> None:
    """A move on a copy changes neither the table nor its bots' generators ("commit, publish")."""
    table = Table.new("crazy-mistigri", players=3, bots={1: "random", 2: "random"}, seed=8)
    table.play_bots()
    before = table.to_json()
    playing = table.copy()
    assert playing.to_json() == before
    seat, action, _ = _two_choices(playing)
    playing.act(seat, action, cursor=playing.cursor)
    playing.play_bots()
    assert table.to_json() == before
    assert playing.cursor > table.cursor


@pytest.mark.parametrize("limit", [-1, 1.0, "1", True])
def test_play_bots_checks_its_limit(limit: object) -> None:
    """`play_bots` takes `None` or an int >= 0 as its limit."""
    table = Table.new("kitten-tricks", players=3, bots={0: "random"}, seed=5)
    with pytest.raises(TypeError, match="limit"):
        table.play_bots(limit)  # type: ignore[arg-type]


# -- the cursor names the position -------------------------------------------------------------


@given(found=game_and_players(), seed=st.integers(min_value=0, max_value=2**32))
def test_no_seat_is_to_move_twice_at_one_cursor(found: tuple[Game[Any], int], seed: int) -> None:
    """The cursor and the seat to move name one position: never two positions of a match.

    Crazy Animals' no-knock and Crazy Mistigri's end-turn tell no event, so the cursor stays
    where it was, but the turn passes to another seat; this is what makes a move for a seat at
    a cursor play at most once.
    """
    game, players = found
    state = game.new(players, seed=seed)
    rng = random.Random(seed)
    seen: set[tuple[int, int | None]] = set()
    while not state.is_over:
        key = (len(state.events), state.to_move)
        assert key not in seen
        seen.add(key)
        state = state.apply(rng.choice(state.legal_actions()))


# -- the property --------------------------------------------------------------------------------

_STEPS = st.lists(
    st.tuples(st.sampled_from(["choose", "resend", "deliver", "deliver"]), st.integers(0, 2**16)),
    max_size=40,
)


@given(
    found=game_and_players(),
    seed=st.integers(min_value=0, max_value=2**32),
    bots=st.sets(st.integers(min_value=1, max_value=5), max_size=2),
    steps=_STEPS,
)
def test_stale_duplicated_and_concurrent_acts_play_at_most_once(
    found: tuple[Game[Any], int], seed: int, bots: set[int], steps: list[tuple[str, int]]
) -> None:
    """Random mixes of stale, duplicated and concurrent `Act`s play each at most once.

    Clients of several seats (and several copies of one seat's connection) choose moves at the
    table's position, resend old ones, and the server delivers them in any order, letting the
    bots play after each accepted move. Each message is accepted at most once, a refusal
    changes nothing, and the table ends equal to a sequential history of the accepted moves.
    """
    game, players = found
    specs = {seat: "random" for seat in bots if seat < players}
    table = Table.new(game, players=players, bots=specs, seed=seed)
    table.play_bots()
    humans = table.humans
    outbox: list[tuple[int, int, str]] = []  # (message id, connection's seat, text)
    accepted: list[tuple[int, Act]] = []
    for kind, pick in steps:
        if table.is_over:
            break
        if kind == "choose" or not outbox:
            # A client shows the current position; its seat (or any seat: a forger) picks a move
            # the seat to move could make now.
            mover = table.to_move
            assert mover is not None
            legal = table.view(mover).legal_actions
            seat = humans[pick % len(humans)] if pick % 3 else mover
            message = Act(seat, legal[pick % len(legal)], table.cursor)
            outbox.append((len(outbox), seat, message.to_json()))
            continue
        ident, seat, text = outbox[pick % len(outbox)]
        if kind == "resend":  # a second socket of that seat, or a double click
            outbox.append((ident, seat, text))
            continue
        before = table.to_json()
        (reply,) = handle(table, seat, text)
        if isinstance(reply, Refused):
            assert table.to_json() == before
            continue
        assert ident not in {done for done, _ in accepted}
        request = Act(seat, *_action_and_cursor(game, text))
        accepted.append((ident, request))
        table.play_bots()
    reference = Table.new(game, players=players, bots=specs, seed=seed)
    reference.play_bots()
    for _, request in accepted:
        assert request.cursor == reference.cursor
        reference.act(request.seat, request.action, cursor=request.cursor)
        reference.play_bots()
    assert reference.to_json() == table.to_json()


def _action_and_cursor(game: Game[Any], text: str) -> tuple[Action, int]:
    doc = json.loads(text)
    return game.action_from_dict(doc["action"]), doc["cursor"]
