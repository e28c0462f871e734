"""The web table in a real browser: whole matches by clicking, hidden cards, reloads, restarts.

Each test starts `cardgames serve` on 127.0.0.1 and drives Debian's headless chromium
through Playwright (see `conftest.py`). Set `CARDGAMES_WEB_SCREENSHOTS=docs/img` to save the
screenshots of the docs page while the whole matches are played.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import cardgames
from cardgames.protocol import Act
from cardgames.web.store import TableStore

from .conftest import Server, screenshot_folder

NAMES = ["Ana", "Ben", "Chloé", "Dan", "Eva", "Farid"]
PLAYERS = {"classic-mistigri": 3, "crazy-mistigri": 3, "kitten-tricks": 3, "crazy-animals": 3}


def _cursor(page: Any) -> str:  # noqa: ANN401 - a Playwright page
    """Wait until the page shows an update, and return its cursor."""
    page.wait_for_selector("body[data-cursor]:not([data-cursor=''])", state="attached")
    cursor: str = page.get_attribute("body", "data-cursor")
    return cursor


def _after(page: Any, cursor: str) -> str:  # noqa: ANN401 - a Playwright page
    """Wait until the page shows an update past ``cursor``, and return its cursor."""
    page.wait_for_selector(
        f"body[data-cursor]:not([data-cursor='']):not([data-cursor='{cursor}'])",
        state="attached",
    )
    return _cursor(page)


def _play(page: Any, rng: random.Random) -> str:  # noqa: ANN401 - a Playwright page
    """Play one move as a person would: a highlighted card if there is one, else a button.

    It waits for the person's turn first: the bots' moves arrive one update at a time.
    """
    page.wait_for_selector("body.your-turn[data-cursor]:not([data-cursor=''])", state="attached")
    cursor = _cursor(page)
    cards = page.locator("#rows button.card.playable")
    moves = page.locator("#moves button")
    if cards.count() and rng.random() < 0.5:
        cards.nth(rng.randrange(cards.count())).click()
    else:
        moves.nth(rng.randrange(moves.count())).click()
    return _after(page, cursor)


def _over(page: Any) -> bool:  # noqa: ANN401 - a Playwright page
    """Wait for the person's turn or the end; whether the match is over."""
    page.wait_for_selector("body.your-turn, #result:not([hidden])", state="attached")
    return bool(page.locator("#result").is_visible())


def _table(server: Server, slug: str, humans: tuple[int, ...], seed: int, **more: Any) -> Any:  # noqa: ANN401
    players = PLAYERS[slug]
    bots = {str(seat): "heuristic" for seat in range(players) if seat not in humans}
    return server.open_table(
        game=slug, players=players, names=NAMES[:players], bots=bots, seed=seed, **more
    )


@pytest.mark.parametrize("slug", sorted(PLAYERS))
def test_a_whole_match_of_each_game_is_played_by_clicking(
    server: Server,
    browser: Any,  # noqa: ANN401
    slug: str,
) -> None:
    """One person plays a whole match against bots by clicking, and sees the result and scores."""
    language = "fr" if slug == "crazy-animals" else "en"
    links = _table(server, slug, (0,), seed=11, language=language)
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.goto(server.url + links[0]["url"].lstrip("/"))
    rng = random.Random(slug)
    moves = 0
    folder = screenshot_folder()
    while not _over(page):
        _play(page, rng)
        moves += 1
        if folder is not None and moves == 6:
            page.screenshot(path=str(folder / f"web-{slug}.png"), full_page=True)
        assert moves < 400, "the match does not end"
    assert page.locator("#result-heading").inner_text()
    assert page.locator("#result-scores tr").count() == PLAYERS[slug]
    assert page.locator("#moves button").count() == 0
    assert page.get_attribute("html", "lang") == language
    page.close()


def test_two_seats_see_only_their_own_hands(server: Server, browser: Any) -> None:  # noqa: ANN401
    """Two people at one table: each page holds its own hand and no card hidden from its seat."""
    links = _table(server, "kitten-tricks", (0, 1), seed=5)
    pages = []
    for link in links:
        context = browser.new_context()
        page = context.new_page()
        page.goto(server.url + link["url"].lstrip("/"))
        _cursor(page)
        pages.append(page)
    store = TableStore(server.database)
    table = store.load(server.table_id)
    store.close()
    views = [json.loads(table.view(seat).to_json()) for seat in (0, 1)]
    for seat, page in enumerate(pages):
        html = page.content()
        other = views[1 - seat]
        seen = json.dumps(views[seat])
        hidden = [code for code in other["hand"] if f'"{code}"' not in seen]
        assert hidden, "the other seat holds cards this seat cannot see"
        assert all(f'data-code="{code}"' in html for code in views[seat]["hand"])
        assert not [code for code in hidden if f'data-code="{code}"' in html]
        assert not [code for code in hidden if f'"{code}"' in html]
    for page in pages:
        page.context.close()


def test_a_reload_mid_match_resumes(server: Server, browser: Any) -> None:  # noqa: ANN401
    """Reloading the page mid-match shows the same position, log and moves as before."""
    links = _table(server, "crazy-mistigri", (0,), seed=3)
    page = browser.new_page()
    page.goto(server.url + links[0]["url"].lstrip("/"))
    rng = random.Random(3)
    for _ in range(4):
        _play(page, rng)
    _over(page)  # the bots' moves arrive one update at a time: wait for the person's turn
    before = (
        _cursor(page),
        page.inner_html("#rows"),
        page.inner_text("#log"),
        page.inner_text("#moves"),
    )
    page.reload()
    _over(page)
    after = (
        _cursor(page),
        page.inner_html("#rows"),
        page.inner_text("#log"),
        page.inner_text("#moves"),
    )
    assert after == before
    _play(page, rng)
    page.close()


def test_a_forged_action_for_another_seat_is_refused(server: Server, browser: Any) -> None:  # noqa: ANN401
    """A message sent over the seat's WebSocket that acts for another seat changes nothing."""
    links = _table(server, "crazy-animals", (0, 1), seed=8)
    page = browser.new_page()
    page.goto(server.url + links[0]["url"].lstrip("/"))
    cursor = _cursor(page)
    store = TableStore(server.database)
    table_id = server.table_id
    table = store.load(table_id)
    # Seat 0's socket claims to be seat 1, with a move that is legal for the seat to move.
    assert table.to_move is not None
    action = table.view(table.to_move).legal_actions[0]
    forged = Act(seat=1, action=action, cursor=int(cursor))
    token = links[0]["url"].rsplit("/", 1)[1]
    replies = page.evaluate(
        """async ([token, message]) => {
            const socket = new WebSocket(`ws://${location.host}/ws/${token}`);
            const replies = [];
            await new Promise((done) => {
                socket.onmessage = (event) => {
                    replies.push(JSON.parse(event.data));
                    if (replies.length === 1) socket.send(message);
                    else done();
                };
            });
            socket.close();
            return replies.map((reply) => reply.type === "refused" ? reply.refused : reply.type);
        }""",
        [token, forged.to_json()],
    )
    assert replies[0] == "update"
    assert replies[1]["code"] == "wrong-seat"
    assert store.load(table_id).to_json() == table.to_json()
    store.close()
    assert _cursor(page) == cursor
    page.close()


def test_a_server_restart_loses_nothing(fresh_server: Server, browser: Any) -> None:  # noqa: ANN401
    """The server killed mid-match restarts on its database; the page reconnects and plays on."""
    server = fresh_server
    links = _table(server, "kitten-tricks", (0,), seed=21)
    page = browser.new_page()
    page.goto(server.url + links[0]["url"].lstrip("/"))
    rng = random.Random(21)
    for _ in range(3):
        _play(page, rng)
    before = (_cursor(page), page.inner_html("#rows"), page.inner_text("#moves"))
    server.kill()
    server.start()
    page.wait_for_selector("body[data-cursor='']", state="attached")
    after = (_cursor(page), page.inner_html("#rows"), page.inner_text("#moves"))
    assert after == before
    _play(page, rng)
    page.close()


def test_the_page_is_usable_with_the_keyboard_at_phone_width(
    server: Server,
    browser: Any,  # noqa: ANN401
) -> None:
    """At 390 px wide nothing overflows sideways, and Tab then Enter plays a move."""
    links = _table(server, "crazy-animals", (0,), seed=4)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.url + links[0]["url"].lstrip("/"))
    cursor = _cursor(page)
    folder = screenshot_folder()
    if folder is not None:
        page.screenshot(path=str(folder / "web-phone.png"), full_page=True)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.closest('#moves') !== null"):
            break
    else:
        pytest.fail("Tab never reaches a move button")
    page.keyboard.press("Enter")
    _after(page, cursor)
    page.close()


def test_the_form_opens_a_table_with_one_link_per_person(
    server: Server,
    browser: Any,  # noqa: ANN401
) -> None:
    """The home page's form opens a table and lists one working link per human seat."""
    page = browser.new_page()
    page.goto(server.url)
    page.select_option("#game", "crazy-mistigri")
    page.select_option("#players", "4")
    page.fill("#name-1", "Léa")
    page.select_option("#who-1", "person")
    page.select_option("#language", "fr")
    page.click("#open")
    page.wait_for_selector("#links:not([hidden])")
    anchors = page.locator("a.seat-link")
    assert anchors.count() == 2
    assert "Léa" in anchors.nth(1).inner_text()
    anchors.nth(1).click()
    _cursor(page)
    assert page.inner_text("#title") == cardgames.get_game("crazy-mistigri").title
    assert page.get_attribute("html", "lang") == "fr"
    page.close()


def test_fault_1_a_double_click_on_a_face_down_card_plays_one_turn(
    server: Server,
    browser: Any,  # noqa: ANN401
) -> None:
    """Issue 25, fault 1: a double click on a face-down card in Chromium plays one move only."""
    links = _table(server, "classic-mistigri", (0,), seed=10)
    page = browser.new_page()
    page.goto(server.url + links[0]["url"].lstrip("/"))
    rng = random.Random(10)
    fan = page.locator("#moves .fan button.card.back")
    for _ in range(40):
        if _over(page):
            pytest.fail("the match ended before a blind draw")
        page.wait_for_selector(
            "body.your-turn[data-cursor]:not([data-cursor=''])", state="attached"
        )
        if fan.count():
            break
        _play(page, rng)
    else:
        pytest.fail("no blind draw in 40 moves")
    before = server.settled()
    index = int(fan.first.get_attribute("data-move"))
    cursor = _cursor(page)
    fan.first.dblclick()
    _after(page, cursor)
    _over(page)
    expected = before.copy()
    expected.act(0, before.view(0).legal_actions[index], cursor=before.cursor)
    expected.play_bots()
    assert server.settled().to_json() == expected.to_json()
    page.close()
