"""The web table in a real browser: whole matches by clicking, hidden cards, reloads, restarts.

Each test starts `cardgames serve` on 127.0.0.1 and drives Debian's headless chromium
through Playwright (see `conftest.py`). Set `CARDGAMES_WEB_SCREENSHOTS=docs/img` to save the
screenshots of the docs page while the whole matches are played.
"""

from __future__ import annotations

import itertools
import json
import random
import time
from typing import Any

import pytest

import cardgames
from cardgames import handbook
from cardgames.protocol import Act
from cardgames.table import Table
from cardgames.web.store import TableStore

from .conftest import Server, receive_json, screenshot_folder, seat_socket, until_turn

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
    """Play one move as a person would: click cards (a button only for a move with no card).

    It waits for the person's turn first: the bots' moves arrive one update at a time. A move of
    several cards (a pair, a swap) is clicked card after card.
    """
    page.wait_for_selector("body.your-turn[data-cursor]:not([data-cursor=''])", state="attached")
    cursor = _cursor(page)
    for _ in range(4):
        cards = page.locator("button.card.playable, button.player-pick")
        buttons = page.locator("#moves button.move")
        if cards.count() and (not buttons.count() or rng.random() < 0.8):
            cards.nth(rng.randrange(cards.count())).click()
        else:
            buttons.nth(rng.randrange(buttons.count())).click()
        if page.get_attribute("body", "class") and "busy" in page.get_attribute("body", "class"):
            break
        if _cursor(page) != cursor:
            return _cursor(page)
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


MATCHES = [
    ("classic-mistigri", "fr", 1280),
    ("crazy-mistigri", "en", 390),
    ("kitten-tricks", "en", 1280),
    ("crazy-animals", "fr", 390),
]
"""Each game once, languages and widths alternating."""


def _serious(page: Any) -> list[str]:  # noqa: ANN401 - a Playwright page
    """The serious or critical accessibility violations axe-core finds on ``page``."""
    from axe_playwright_python.sync_playwright import (  # type: ignore[import-untyped]  # noqa: PLC0415 - test extra
        Axe,
    )

    found = Axe().run(page).response["violations"]
    return [
        f"{v['id']}: {v['help']} ({len(v['nodes'])})"
        for v in found
        if v.get("impact") in ("serious", "critical")
    ]


@pytest.mark.parametrize(("slug", "language", "width"), MATCHES)
def test_a_whole_match_of_each_game_is_played_by_clicking_cards(
    server: Server,
    browser: Any,  # noqa: ANN401
    slug: str,
    language: str,
    width: int,
) -> None:
    """One plays a short match by clicking cards, and sees the result in their language."""
    links = _table(server, slug, (0,), seed=11, language=language, short=slug != "classic-mistigri")
    page = browser.new_page(viewport={"width": width, "height": 900 if width > 400 else 844})
    frames: list[dict[str, Any]] = []
    page.on(
        "websocket",
        lambda socket: socket.on("framereceived", lambda f: frames.append(json.loads(f))),
    )
    page.goto(server.url + links[0]["url"].lstrip("/"))
    _cursor(page)
    assert _serious(page) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    if width < 400:  # the own hand sits at the bottom of the screen, within thumb reach
        box = page.locator("#hand").bounding_box()
        assert box is not None
        assert box["y"] + box["height"] >= 844 - 4
    rng = random.Random(slug)
    moves = clicks = 0
    folder = screenshot_folder()
    while not _over(page):
        clicks += page.locator("button.card.playable, button.player-pick").count() > 0
        _play(page, rng)
        moves += 1
        if folder is not None and moves == 3:
            _shoot(page, folder, slug)
        assert moves < 400, "the match does not end"
    assert clicks > moves // 2, "most moves are played on the cards"
    assert page.locator("#result-heading").inner_text()
    assert page.locator("#result-scores tr").count() == PLAYERS[slug]
    assert page.locator("#moves button").count() == 0
    waiting = {"fr": "Attendez votre tour", "en": "Wait for your turn"}[language]
    assert waiting not in page.inner_text("#moves")
    assert page.get_attribute("html", "lang") == language
    assert page.locator("#rematch").is_visible()
    if slug == "crazy-animals":
        _check_honest_frames(frames)
    page.close()


def _shoot(page: Any, folder: Any, slug: str) -> None:  # noqa: ANN401
    """Save the docs' screenshots of ``page`` at desktop and phone width."""
    size = page.viewport_size
    for width, height in ((1280, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => window.scrollTo(0, 0)")
        page.mouse.move(1, 1)  # no card raised by a pointer resting on it
        # « La table en mots » as a page opened at that width shows it: folded on a phone.
        page.evaluate(
            f"() => {{ document.getElementById('in-words').open = {str(width > 400).lower()}; }}"
        )
        page.wait_for_timeout(400)
        page.screenshot(path=str(folder / f"web-{slug}-{width}.png"), full_page=width > 400)
    page.set_viewport_size(size)


def _check_honest_frames(frames: list[dict[str, Any]]) -> None:
    """No frame to a person's seat names a remembered card outside its glimpse field."""
    updates = [f for f in frames if f.get("type") == "update"]
    assert updates
    assert updates[0]["update"]["glimpse"]["reason"] == "first-look"
    for frame in updates:
        update = frame["update"]
        seat = update["seat"]
        view = update["view"]
        if not update["view"]["is_over"] and update["glimpse"] is None:
            pass
        assert all(card is None for row in view["knowledge"] for card in row) or view["is_over"]
        assert view["drawn"] is None
        for event in update["events"]:
            if event.get("seat") != seat:
                continue
            if event["kind"] == "looked":
                assert event["seen"] == []
            if event["kind"] in ("drew", "peeked", "took-discard"):
                assert event["card"] is None, event
        scored = any(event["kind"] == "round-scored" for event in update["events"])
        for row in frame["page"]["board"]["players"]:
            if not scored:  # a scored round shows every slot to all, until the next deal
                assert all(card["code"] is None for card in row["cards"])
    # The first look clears once the person moves on.
    reasons = [f["update"]["glimpse"] and f["update"]["glimpse"]["reason"] for f in updates]
    assert None in reasons[reasons.index("first-look") :]


def test_crazy_animals_memorised_clears_the_first_look(server: Server, browser: Any) -> None:  # noqa: ANN401
    """« C'est mémorisé » turns the first look's two slots face down again."""
    links = _table(server, "crazy-animals", (0,), seed=6, language="fr")
    page = browser.new_page()
    page.goto(server.url + links[0]["url"].lstrip("/"))
    page.wait_for_selector("body.your-turn")
    assert page.locator("#hand-cards .card.glimpsed").count() == 2
    assert page.inner_text("#memorised") == "C’est mémorisé"
    page.click("#memorised")
    page.wait_for_selector("#glimpse", state="hidden")
    assert page.locator("#hand-cards .card.glimpsed").count() == 0
    assert page.locator("#hand-cards .card.back").count() == 4
    page.close()


def test_the_rules_open_in_the_players_language(server: Server, browser: Any) -> None:  # noqa: ANN401
    """The rules open at their start; they, the options and a refusal speak the table's language."""
    links = _table(server, "crazy-mistigri", (0,), seed=6, language="fr", short=True)
    page = browser.new_page()
    page.goto(server.url + links[0]["url"].lstrip("/"))
    _cursor(page)
    page.click("#rules-open")
    dialog = page.locator("#rules")
    assert dialog.is_visible()
    titles = page.locator("#rules-text h3").all_inner_texts()
    game = cardgames.get_game("crazy-mistigri")
    assert titles[0] == handbook.rules(game, "fr")[0].title
    assert titles[-1] == "Les options de cette table"
    # They open at their start (not scrolled down to « Fermer »), which stays in sight.
    assert page.evaluate("() => document.activeElement.id") == "rules-heading"
    assert page.evaluate("() => document.getElementById('rules').scrollTop") == 0
    assert page.locator("#rules-close").is_visible()
    assert page.locator("#rules-close").bounding_box()["y"] < page.viewport_size["height"]
    page.click("#rules-close")
    assert not dialog.is_visible()
    # A refused message is told in the table's language, not in the protocol's English.
    page.evaluate(
        """() => socket.send(JSON.stringify({type: "act", seat: 0, action: {kind: "pass"},
                                             cursor: Number(document.body.dataset.cursor)}))"""
    )
    page.wait_for_selector("#refused:not(:empty)")
    assert page.inner_text("#refused") in {
        "Ce coup n’est pas permis maintenant.",
        "Ce n’est pas votre tour.",
    }
    page.close()


def test_rematch_deals_again_at_the_same_seats_and_the_link_follows(
    server: Server,
    browser: Any,  # noqa: ANN401
) -> None:
    """« Rejouer » opens the next match: same names and bots, and the same link plays it."""
    links = _table(server, "classic-mistigri", (0,), seed=2, language="fr")
    url = server.url + links[0]["url"].lstrip("/")
    page = browser.new_page()
    page.goto(url)
    rng = random.Random(2)
    while not _over(page):
        _play(page, rng)
    old = server.table_id
    assert page.inner_text("#rematch") == "Rejouer"
    assert page.get_attribute("#new-table", "href") == "/"
    other = browser.new_page()  # the same link open elsewhere follows by itself
    other.goto(url)
    other.wait_for_selector("#result:not([hidden])")
    page.click("#rematch")
    page.wait_for_selector("#result", state="hidden")
    other.wait_for_selector("#result", state="hidden")
    _cursor(page)
    assert page.url == url
    other.close()
    store = TableStore(server.database)
    token = links[0]["url"].rsplit("/", 1)[1]
    found = store.seat_of(token)
    assert found is not None
    assert found[0] != old
    fresh = store.load(found[0])
    store.close()
    assert (fresh.names, dict(fresh.bots)) == (tuple(NAMES[:3]), dict(server.settled(old).bots))
    assert not fresh.is_over
    page.close()


def test_the_home_page_follows_the_language_and_has_no_serious_violation(
    server: Server,
    browser: Any,  # noqa: ANN401
) -> None:
    """The form speaks the language chosen, offers the bots as levels, and passes axe-core."""
    page = browser.new_page(locale="en-GB")
    page.goto(server.url)
    page.wait_for_selector("#who-1 option", state="attached")
    assert page.inner_text("#open") == "Open the table"
    assert "bot: medium" in page.inner_text("#who-1")
    assert _serious(page) == []
    page.select_option("#language", "fr")
    assert page.inner_text("#open") == "Ouvrir la table"
    assert page.get_attribute("html", "lang") == "fr"
    assert [o.strip() for o in page.locator("#who-1 option").all_inner_texts()] == [
        "une personne",
        "robot : facile",
        "robot : moyen",
        "robot : difficile",
    ]
    assert _serious(page) == []
    page.select_option("#game", "kitten-tricks")
    assert not page.locator("#memory-aid").is_visible()
    page.select_option("#game", "crazy-animals")
    box = page.locator("#memory-aid").bounding_box()
    assert box is not None
    assert box["width"] >= 16, "the memory aid's box is big enough to tap"
    page.goto(server.url + "play/no-such-link")
    text = page.inner_text("body")
    assert "Aucune place n’a ce lien" in text
    assert "No seat has this link" in text
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
        page.inner_text("#players") + page.inner_text("#hand"),
        page.inner_text("#log"),
        page.inner_text("#moves"),
    )
    page.reload()
    _over(page)
    after = (
        _cursor(page),
        page.inner_text("#players") + page.inner_text("#hand"),
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
    _over(page)  # the bots' moves arrive one update at a time: wait for the person's turn
    before = (
        _cursor(page),
        page.inner_text("#players") + page.inner_text("#hand"),
        page.inner_text("#moves"),
    )
    server.kill()
    server.start()
    page.wait_for_selector("body[data-cursor='']", state="attached")
    after = (
        _cursor(page),
        page.inner_text("#players") + page.inner_text("#hand"),
        page.inner_text("#moves"),
    )
    assert after == before
    _play(page, rng)
    page.close()


def test_the_page_is_usable_with_the_keyboard_at_phone_width(
    server: Server,
    browser: Any,  # noqa: ANN401
) -> None:
    """At 390 px nothing overflows, Tab then Enter plays a card, and the focus stays on cards."""
    links = _table(server, "crazy-animals", (0,), seed=4)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.url + links[0]["url"].lstrip("/"))
    cursor = _cursor(page)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('button.card.playable')"):
            break
    else:
        pytest.fail("Tab never reaches a card to play")
    page.keyboard.press("Enter")
    _after(page, cursor)
    # Back to the person's turn, the focus is on a card to play again: Enter plays on.
    _over(page)
    assert page.evaluate("() => document.activeElement.matches('button.card.playable')")
    cursor = _cursor(page)
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
    page, fan = _at_a_blind_draw(server, browser)
    before = server.settled()
    expected = _blind_draw_then_bots(before, fan)
    cursor = _cursor(page)
    fan.first.dblclick()
    _after(page, cursor)
    _over(page)
    assert server.settled().to_json() == expected.to_json()
    page.close()


def test_the_second_click_of_a_double_click_after_the_bots_moved_plays_nothing(
    server: Server,
    browser: Any,  # noqa: ANN401
) -> None:
    """A double click's second click that lands once the turn came back is not a second move.

    On a busy machine the bots can answer between the two clicks of a double click, and the
    update makes the fan playable again: that second click (``detail`` 2) must not play.
    """
    page, fan = _at_a_blind_draw(server, browser)
    cursor = _cursor(page)
    fan.first.click()
    _after(page, cursor)
    page.wait_for_selector("body.your-turn[data-cursor]:not([data-cursor=''])", state="attached")
    if _over(page) or not fan.count():
        pytest.fail("no second blind draw after the first")
    before = server.settled()
    expected = _blind_draw_then_bots(before, fan)
    fan.first.dispatch_event("click", {"detail": 2})  # the late second click of a double click
    cursor = _cursor(page)
    fan.first.click()  # then a click of its own: the one move that should be played
    _after(page, cursor)
    _over(page)
    assert server.settled().to_json() == expected.to_json()
    page.close()


def _at_a_blind_draw(server: Server, browser: Any) -> tuple[Any, Any]:  # noqa: ANN401
    """A person's page of classic Mistigri at its turn to draw blind; the page and its fan."""
    links = _table(server, "classic-mistigri", (0,), seed=10)
    page = browser.new_page()
    page.goto(server.url + links[0]["url"].lstrip("/"))
    rng = random.Random(10)
    fan = page.locator("#players button.card.back.playable")
    for _ in range(40):
        if _over(page):
            pytest.fail("the match ended before a blind draw")
        page.wait_for_selector(
            "body.your-turn[data-cursor]:not([data-cursor=''])", state="attached"
        )
        if fan.count():
            return page, fan
        _play(page, rng)
    pytest.fail("no blind draw in 40 moves")


def _blind_draw_then_bots(before: Table, fan: Any) -> Table:  # noqa: ANN401
    """``before`` once the person drew the fan's first card and the bots played on."""
    position = int(fan.first.get_attribute("data-pick").rsplit(":", 1)[1])
    expected = before.copy()
    (action,) = [
        a for a in before.view(0).legal_actions if getattr(a, "position", None) == position
    ]
    expected.act(0, action, cursor=before.cursor)
    expected.play_bots()
    return expected


def _bot_update_times(server: Server, slug: str) -> list[float]:
    """Play the person's first move by WebSocket; the arrival times of the updates that follow.

    Every update but the last shows a bot thinking, by name.
    """
    links = _table(server, slug, (0,), seed=9)
    with seat_socket(server, links[0]) as socket:
        first = until_turn(socket)
        socket.send(json.dumps(first["page"]["moves"][0]["act"]))
        times = []
        while True:
            message = receive_json(socket)
            if message["type"] != "update":
                continue
            times.append(time.monotonic())
            page = message["page"]
            if page["yourTurn"] or page["result"]:
                return times
            assert page["thinking"]
            assert page["status"] in {f"{name} is thinking…" for name in NAMES[1:3]}


def test_pacing_shows_the_bots_moves_one_at_a_time(tmp_path: Any) -> None:  # noqa: ANN401
    """With a pace, each bot move reaches the browser alone, the pace apart; without, at once."""
    paced = Server(tmp_path / "paced.sqlite3", "--bot-pace", "0.4")
    try:
        paced_times = times = _bot_update_times(paced, "kitten-tricks")
    finally:
        paced.stop()
    # The person's own move, then one update per bot move (at least the two bots), each at
    # the pace.
    assert len(times) >= 3
    gaps = [later - earlier for earlier, later in itertools.pairwise(times)]
    assert all(gap >= 0.35 for gap in gaps), gaps
    quick = Server(tmp_path / "quick.sqlite3")
    try:
        times = _bot_update_times(quick, "kitten-tricks")
    finally:
        quick.stop()
    assert len(times) == len(paced_times)  # the same bot moves, one update each
    assert times[-1] - times[0] < 0.3 * (len(times) - 1)


def _until(page: Any, selector: str, rng: random.Random, moves: int = 25) -> None:  # noqa: ANN401
    """Play on until the person's turn shows ``selector`` (or fail after ``moves`` moves)."""
    for _ in range(moves):
        assert not _over(page), f"the match ended before {selector} showed"
        if page.locator(selector).count():
            return
        _play(page, rng)
    pytest.fail(f"{selector} never showed in {moves} moves")


def test_a_fan_to_draw_from_is_spread_into_whole_targets(server: Server, browser: Any) -> None:  # noqa: ANN401
    """A fan to draw from has whole targets of 24 x 24 px or more; one's own box stays compact."""
    links = _table(server, "crazy-mistigri", (0,), seed=11, language="en", short=True)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.url + links[0]["url"].lstrip("/"))
    _until(page, ".fan.spread button.card.playable", random.Random(3))
    assert page.inner_text(".player.me .name") == "Ana (you)"  # a star marks the winners only
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.mouse.move(1, 1)  # no card raised by a pointer resting on it
        page.wait_for_timeout(300)
        boxes = [card.bounding_box() for card in page.locator(".fan.spread button.card").all()]
        assert boxes
        assert all(b is not None and b["width"] >= 24 and b["height"] >= 24 for b in boxes)
        for one, two in itertools.combinations(boxes, 2):
            apart = (
                one["x"] + one["width"] <= two["x"]
                or two["x"] + two["width"] <= one["x"]
                or one["y"] + one["height"] <= two["y"]
                or two["y"] + two["height"] <= one["y"]
            )
            assert apart, (width, one, two)
        assert all(b["x"] >= 0 and b["x"] + b["width"] <= width for b in boxes)
        if width > 400:  # one's own box (no cards in it) is compact, not a tall empty panel
            mine = page.locator(".player.me").bounding_box()
            assert mine["height"] <= 100
            assert mine["width"] <= 0.3 * width
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert _serious(page) == []
    page.close()


def test_the_effects_of_ones_pairs_are_read_before_a_click(server: Server, browser: Any) -> None:  # noqa: ANN401
    """Crazy Mistigri lists what each pair in hand would do before its first card is clicked."""
    links = _table(server, "crazy-mistigri", (0,), seed=11, language="fr", short=True)
    page = browser.new_page()
    page.goto(server.url + links[0]["url"].lstrip("/"))
    _until(page, "#moves .legend li", random.Random(5), moves=40)
    moves = page.evaluate("() => current.page.moves")
    table = server.settled()
    expected = {handbook.explain(table.game, a, "fr") for a in table.view(0).legal_actions}
    listed = page.locator("#moves .legend li").all_inner_texts()
    assert listed
    assert set(listed) == {m["explain"] for m in moves if m["paths"] and m["explain"]}
    assert set(listed) <= expected
    assert all(" + " in text for text in listed)  # « 4 + 4 : ... », each pair by its values
    assert page.inner_text("#moves .legend-heading") == "Ce que feraient vos cartes"
    assert _serious(page) == []
    page.close()


def test_on_a_phone_each_seat_of_the_form_reads_as_one_line(server: Server, browser: Any) -> None:  # noqa: ANN401
    """At 390 px each seat's number heads its row, and its name and player sit side by side."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.url)
    page.wait_for_selector("#who-1 option", state="attached")
    for seat in range(3):
        number = page.locator(".seat-number").nth(seat).bounding_box()
        name = page.locator(f"#name-{seat}").bounding_box()
        who = page.locator(f"#who-{seat}").bounding_box()
        assert number["y"] + number["height"] <= name["y"] + 1
        assert abs(name["y"] - who["y"]) < 8  # side by side, up to the border
        assert name["x"] + name["width"] <= who["x"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.close()


def test_a_long_discard_pile_lies_in_one_row_with_its_top_card_whole(
    server: Server,
    browser: Any,  # noqa: ANN401
) -> None:
    """At 390 px a long discard pile is one row; its top card, the last, is whole on the table."""
    links = _table(server, "crazy-mistigri", (0,), seed=11, language="fr", short=True)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.url + links[0]["url"].lstrip("/"))
    _until(page, ".pile .cards.stack .card:nth-child(16)", random.Random(7), moves=60)
    cards = page.locator(".pile .cards.stack .card")
    tops = {round(card.bounding_box()["y"]) for card in cards.all()}
    assert len(tops) == 1, "one row"
    row = page.locator(".pile .cards.stack").bounding_box()
    top = cards.last.bounding_box()
    assert row["x"] <= top["x"]
    assert top["x"] + top["width"] <= row["x"] + row["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.close()
