"""`cardgames play` and `cardgames demo`, driven through a pseudo-terminal as a person would."""

from __future__ import annotations

import fcntl
import os
import pty
import random
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import cardgames

PROMPT = re.compile(r"\((\d+)-(\d+)\) ?: $")
PASS = re.compile(r"(press Enter|appuyez sur Entrée)\. $")
MEMORISED = re.compile(
    r"(Press Enter to hide (them|it)|Appuyez sur Entrée pour (les|la) cacher)\. $"
)
ONLY = re.compile(r"(Press Enter to|Appuyez sur Entrée pour) (?!hide|les cacher|la cacher).*\. $")
AGAIN = re.compile(r"\((y|o)/n\) ?: $")
OTHER = re.compile(f"{PASS.pattern}|{MEMORISED.pattern}|{ONLY.pattern}|{AGAIN.pattern}")
MENU_ITEM = re.compile(r"^ {2,3}(\d+)\. (.+)$", re.MULTILINE)
ENV = {
    **{key: value for key, value in os.environ.items() if key not in {"COLUMNS", "LINES"}},
    "PYTHONIOENCODING": "utf-8",
    "PYTHONUTF8": "1",
}


def _cardgames(*args: str) -> subprocess.CompletedProcess[str]:
    """Run `python -m cardgames ARGS` in a fresh interpreter, without a terminal."""
    return subprocess.run(  # noqa: S603 - runs this interpreter on our own package
        [sys.executable, "-m", "cardgames", *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        env=ENV,
    )


def _take_the_terminal() -> None:
    """In the child: make the pseudo-terminal its controlling terminal, so Ctrl-C interrupts.

    SIGINT gets its default disposition back, in case the test runs where it is ignored (a
    background job): Python turns SIGINT into KeyboardInterrupt only if it is not ignored.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def _drive(
    args: list[str],
    answer: Callable[[str], bytes],
    timeout: float = 240,
    columns: int | None = None,
) -> tuple[int, str]:
    """Run `cardgames ARGS` on a pseudo-terminal, answering each prompt; its status and output.

    ``answer`` gets the text shown since the last answer, which ends with a prompt, and
    returns the keys to type. ``columns`` sets the terminal's width (else it has no size, and
    the command takes 80 columns).
    """
    master, slave = pty.openpty()
    if columns is not None:
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
    process = subprocess.Popen(  # noqa: S603 - runs this interpreter on our own package
        [sys.executable, "-m", "cardgames", *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=ENV,
        close_fds=True,
        preexec_fn=_take_the_terminal,  # noqa: PLW1509 - no threads run in the test process
    )
    os.close(slave)
    shown = bytearray()
    answered = 0
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.5)
            if not ready:
                if process.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the terminal closed: the command ended
                break
            if not chunk:
                break
            shown += chunk
            news = shown[answered:].decode("utf-8", "replace")
            if PROMPT.search(news) or OTHER.search(news):
                os.write(master, answer(news))
                answered = len(shown)
        else:
            process.kill()
            process.wait()
            pytest.fail(f"no end after {timeout} s; last output:\n{shown[-2000:].decode()}")
        status = process.wait(timeout=30)
    finally:
        os.close(master)
    return status, shown.decode("utf-8", "replace").replace("\r\n", "\n")


def _reader(seed: int) -> Callable[[str], bytes]:
    """A player who reads the numbered menu (and the position range) and picks at random."""
    rng = random.Random(seed)

    def answer(news: str) -> bytes:
        if PASS.search(news) or MEMORISED.search(news) or ONLY.search(news):
            return b"\n"
        if AGAIN.search(news):
            return b"n\n"
        prompt = PROMPT.search(news)
        assert prompt is not None
        first, last = int(prompt[1]), int(prompt[2])
        assert first == 1, news  # people count from 1, positions too
        if not news.rstrip().startswith("Position") and "\nPosition" not in news:
            numbers = [int(n) for n, _ in MENU_ITEM.findall(news)]  # the menu: exactly 1..last
            assert numbers == list(range(1, last + 1)), news
        return f"{rng.randint(first, last)}\n".encode()

    return answer


@pytest.mark.parametrize("slug", list(cardgames.GAMES))
def test_a_person_plays_a_whole_match_of_each_game(slug: str) -> None:
    """A person at seat 0 plays a whole match against bots by reading the numbered menus."""
    status, shown = _drive(
        ["play", slug, "--seat", "1", "--bots", "random", "--seed", "5"], _reader(5)
    )
    assert status == 0, shown[-3000:]
    assert "Traceback" not in shown
    # Classic Mistigri only ever offers a blind draw: a position, with no menu.
    assert ("Your move: draw one of" if slug == "classic-mistigri" else "Your choices:") in shown
    assert "Since your last move:" in shown
    assert "=== Ana, the match is over ===" in shown
    assert "(1-1)" not in shown  # a single choice is made with Enter
    assert shown.rstrip().endswith("Thanks for playing. Goodbye!"), shown[-1000:]


def test_a_match_in_french_on_one_terminal_with_two_people_in_hot_seat() -> None:
    """Two people share the terminal in French; the screen is cleared between their turns."""
    args = [
        "play",
        "crazy-mistigri",
        "--seat",
        "1",
        "--seat",
        "3",
        "--hot-seat",
        "--lang",
        "fr",
        "--names",
        "Ana",
        "Ben",
        "Chloé",
        "--bots",
        "heuristic",
        "--seed",
        "11",
    ]
    status, shown = _drive(args, _reader(11))
    assert status == 0, shown[-3000:]
    assert "Passez le clavier à Chloé, puis appuyez sur Entrée." in shown
    assert "\033[2J\033[3J" in shown  # the screen and the scrollback
    assert "Vos choix :" in shown
    assert "Chloé, à vous de jouer" in shown
    welcome = shown.split("Passez le clavier à Ana", 1)[0]
    assert "Tapez ? à tout moment" in welcome
    assert CLEAR not in welcome  # the welcome stays until Ana has the keyboard
    assert "Depuis le début de la partie :" in shown  # a person's first turn
    assert "=== Ana, la partie est terminée ===" in shown
    assert "=== Chloé, la partie est terminée ===" in shown
    end = shown[shown.index("la partie est terminée ===") :]
    assert "Passez le clavier" not in end  # nothing is secret any more: one screen for all
    assert shown.rstrip().endswith("Merci d’avoir joué. Au revoir !")


def test_the_end_of_input_says_goodbye_and_exits_0() -> None:
    """Ctrl-D at the first prompt ends the command with a short message and status 0."""
    status, shown = _drive(["play", "kitten-tricks", "--seed", "1"], lambda _: b"\x04")
    assert status == 0
    assert "The match stops here. Goodbye!" in shown
    assert "Traceback" not in shown


def test_q_leaves_the_match() -> None:
    """Typing q at a prompt leaves the match with a goodbye and status 0."""
    status, shown = _drive(
        ["play", "crazy-animals", "--seed", "1", "--lang", "fr"], lambda _: b"q\n"
    )
    assert status == 0
    assert "Vous avez quitté la partie. Au revoir !" in shown


def test_ctrl_c_exits_130_without_a_traceback() -> None:
    """Ctrl-C at a prompt abandons the match with a short message and status 130."""

    def interrupt(_: str) -> bytes:
        # A person presses Ctrl-C a moment after the prompt shows: a signal that came before
        # the command starts reading would wait, in CPython, for the read to return.
        time.sleep(0.5)
        return b"\x03"

    status, shown = _drive(["play", "classic-mistigri", "--seed", "1"], interrupt, 60)
    assert status == 130
    assert "Interrupted" in shown
    assert "Traceback" not in shown


def test_a_wrong_number_is_asked_again() -> None:
    """A number outside the menu, a word or a non-ASCII digit ("²") is asked again (issue 25)."""
    typed = iter([b"99\n", b"two\n", "\u00b2\n".encode(), b"\x04"])
    status, shown = _drive(
        ["play", "crazy-animals", "--seed", "4"],
        lambda news: b"\n" if MEMORISED.search(news) else next(typed),
    )
    assert status == 0
    assert shown.count("Type a number from 1 to") == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "poker"], "no game 'poker'; known games: classic-mistigri"),
        (["play", "crazy-animals", "--bots", "genius"], "no bot 'genius'"),
        (["play", "kitten-tricks", "--bots", ","], "use easy, medium or hard"),
        (["play", "kitten-tricks", "--players", "9"], "played by 3 to 5 players, not 9"),
        (["play", "kitten-tricks", "--seat", "4"], "the seats of 3 players are 1 to 3"),
        (["play", "kitten-tricks", "--seat", "0"], "--seat 0: seats count from 1"),
        (["play", "kitten-tricks", "--seat", "1", "--seat", "1"], "--seat gives a seat twice"),
        (["play", "crazy-animals", "--lang", "de"], "invalid choice: 'de'"),
        (["demo", "poker"], "no game 'poker'"),
        (["demo", "crazy-animals", "--players", "7"], "played by 2 to 6 players, not 7"),
    ],
)
def test_usage_errors_exit_2_with_one_clear_line(args: list[str], message: str) -> None:
    """An unknown game or bot, a bad player count or seat: exit status 2, no traceback."""
    done = _cardgames(*args)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_play_and_demo_have_help() -> None:
    """`--help` of each subcommand describes it and exits 0."""
    for command, words in (("play", "--hot-seat"), ("demo", "--delay")):
        done = _cardgames(command, "--help")
        assert done.returncode == 0
        assert words in done.stdout


def test_demo_narrates_a_seeded_match_the_same_way_twice() -> None:
    """`cardgames demo` tells a whole seeded bot match, identically for the same seed."""
    first = _cardgames("demo", "crazy-animals", "--seed", "4", "--lang", "fr")
    again = _cardgames("demo", "crazy-animals", "--seed", "4", "--lang", "fr")
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout
    assert "La partie est terminée" in first.stdout


def test_demo_wraps_its_narration_on_a_terminal_and_not_in_a_pipe() -> None:
    """On a 50-column terminal no demo line is wider than 49; piped, each event is one line."""
    args = ["demo", "crazy-mistigri", "--seed", "1"]
    status, shown = _drive(args, lambda _news: b"\n", columns=50)
    piped = _cardgames(*args)
    assert status == 0
    assert max(len(line) for line in shown.splitlines()) <= 49
    dealt = next(line for line in piped.stdout.splitlines() if line.startswith("Ana is dealt"))
    assert len(dealt) > 50
    assert any(line.startswith("  ") for line in shown.splitlines())  # the hanging indent
    assert " ".join(shown.split()) == " ".join(piped.stdout.split())


def test_the_french_session_on_the_crazy_mistigri_page_is_what_the_command_prints() -> None:
    """The docs' terminal session replays exactly: same command, same keys, same screens."""
    page = Path(__file__).resolve().parent.parent / "docs" / "games" / "crazy-mistigri.md"
    block = re.search(r"```text\n\$ cardgames (.*?)\n(.*?)```", page.read_text("utf-8"), re.DOTALL)
    assert block is not None
    command, transcript = block[1].split(), block[2]
    typed = iter(re.findall(r"\(\d+-\d+\) ?: (\S+)$", transcript, re.MULTILINE))
    status, shown = _drive(
        command, lambda news: b"\n" if ONLY.search(news) else f"{next(typed)}\n".encode()
    )
    assert status == 0
    assert shown == transcript


# -- issue 26: the family table in the terminal -------------------------------------------------

CLEAR = "\033[2J\033[3J\033[H"
GLIMPSE = re.compile(
    r"(Your first look|You look at your card|The card you took|The card you drew), only for you:"
    r"\n((?: {4}.*\n)+)"
)


def _recorder(inner: Callable[[str], bytes]) -> tuple[list[str], Callable[[str], bytes]]:
    """Wrap an answering function so that the screens it answered are kept, in order."""
    screens: list[str] = []

    def answer(news: str) -> bytes:
        screens.append(news.replace("\r\n", "\n"))
        return inner(news)

    return screens, answer


def test_the_hot_seat_hides_the_previous_players_cards_from_the_scrollback() -> None:
    """After the hand-over, the output after the last ESC[3J holds no card of Ana's hand."""
    done = False

    def answer(news: str) -> bytes:
        nonlocal done
        if PASS.search(news):
            return b"\n"
        if "Ben, your turn" in news:
            done = True
            return b"q\n"
        return b"1\n"  # Ana plays the first card of her sorted hand

    screens, recorded = _recorder(answer)
    args = ["play", "kitten-tricks", "--seat", "1", "--seat", "2", "--hot-seat", "--seed", "8"]
    status, shown = _drive(args, recorded, 60)
    assert status == 0
    assert done, shown[-2000:]
    ana = next(screen for screen in screens if "Ana, your turn" in screen)
    hand = re.search(r"^Your hand: (.*)$", ana, re.MULTILINE)
    assert hand is not None
    cards = re.split(r", | and ", hand[1])
    played = re.search(r"^ {2,3}1\. play the (.*)$", ana, re.MULTILINE)
    assert played is not None
    kept = [card for card in cards if card != played[1]]
    assert len(kept) == len(cards) - 1
    before_ben = shown[: shown.index("Ben, your turn")]
    handover = before_ben.rsplit("Pass the keyboard to Ben", 1)
    assert handover[0].endswith(CLEAR), "the screen is cleared before the pass screen"
    assert handover[1].startswith(", then press Enter. ")
    ben = shown[: shown.rindex("Choose (")].rsplit("\033[3J", 1)[1]
    assert "Ben, your turn" in ben
    assert "Ana, your turn" not in ben
    for card in kept:
        assert not re.search(rf"\b{re.escape(card)}\b", ben), (card, ben)


def test_people_count_slots_positions_and_choices_from_1() -> None:
    """Crazy Animals offers slots 1 to 4, a blind draw asks a position from 1, never 0."""
    status, shown = _drive(["play", "crazy-animals", "--players", "2", "--seed", "3"], _reader(3))
    assert status == 0
    slots = {int(n) for n in re.findall(r"into your slot (\d)", shown)}
    assert slots == {1, 2, 3, 4}
    assert "slot 0" not in shown
    assert "slots 1 and 4" in shown
    status, shown = _drive(["play", "classic-mistigri", "--seed", "3"], _reader(3))
    assert status == 0
    assert re.search(r"^Position \(1-\d+\): ", shown, re.MULTILINE)
    assert not re.search(r"\(0-\d+\)", shown)


def test_a_question_mark_shows_the_rules_and_the_options_then_asks_again() -> None:
    """`?`, `help` or `aide` at a prompt shows the rules and the options, then asks again."""
    typed = iter([b"?\n", b"aide\n", b"q\n"])
    status, shown = _drive(
        ["play", "crazy-mistigri", "--seed", "4", "--lang", "fr"], lambda _: next(typed)
    )
    assert status == 0
    assert shown.count("Les règles de Crazy Mistigri") == 2
    assert "Les effets d’une paire de même valeur" in shown
    assert "Les options de cette table :" in shown
    assert "  - Manches : 2, puis d’autres" in shown
    assert "Votre coup : piocher une des 10 cartes, à l’aveugle" in shown
    assert shown.count("Position (1-10) : ") == 3
    typed = iter([b"help\n", b"q\n"])
    status, shown = _drive(["play", "crazy-animals", "--seed", "4"], lambda _: next(typed))
    assert status == 0
    assert "The rules of Crazy Animals" in shown  # at the « Memorised? » prompt too


def test_a_score_sheet_follows_each_round_and_the_match() -> None:
    """Crazy Animals' score sheet shows after each round and, with totals, at the end."""
    status, shown = _drive(
        ["play", "crazy-animals", "--players", "2", "--seed", "6", "--bots", "random"], _reader(6)
    )
    assert status == 0
    sheets = shown.split("Score sheet (points):")[1:]
    assert len(sheets) >= 4
    final = sheets[-1]
    assert all(f"Round {n}" in final for n in range(1, 5))
    totals = re.search(r"^ {2}Total +(\d+) +(\d+)$", final, re.MULTILINE)
    assert totals is not None
    over = re.search(r"The match is over: (.*) wins? with (\d+) points?", shown)
    assert over is not None
    assert int(over[2]) == min(int(totals[1]), int(totals[2]))


def test_the_table_plays_again_with_the_same_seats_and_a_new_deal() -> None:
    """At the end, y deals a new match to the same seats; n then says goodbye."""
    answers = iter([b"y\n", b"n\n"])
    rng = random.Random(2)

    def answer(news: str) -> bytes:
        if AGAIN.search(news):
            return next(answers)
        if ONLY.search(news):
            return b"\n"
        prompt = PROMPT.search(news)
        assert prompt is not None
        return f"{rng.randint(1, int(prompt[2]))}\n".encode()

    status, shown = _drive(
        ["play", "classic-mistigri", "--players", "2", "--seed", "9", "--names", "Zoé"], answer
    )
    assert status == 0
    assert "Classic Mistigri, 2 players (Zoé, Ben), match no. 9" in shown
    assert "(y/n): y\n\nClassic Mistigri, 2 players (Zoé, Ben), match no. 10\n" in shown
    assert "=== Zoé, your turn ===" in shown  # one round a match: no round number
    assert "(round" not in shown
    assert shown.count("=== Zoé, the match is over ===") == 2
    assert shown.count("Play again, with the same seats and a new deal? (y/n): ") == 2
    assert shown.rstrip().endswith("Thanks for playing. Goodbye!")


def _outside_glimpses(shown: str) -> str:
    """The output without its glimpse blocks (what the person looks at right now)."""
    return GLIMPSE.sub("", shown)


def test_no_remembered_crazy_animals_card_is_printed_outside_the_glimpse() -> None:
    """Over a whole seeded match, only the glimpse shows a face-down card, and it is cleared."""
    status, shown = _drive(
        ["play", "crazy-animals", "--players", "3", "--seed", "12", "--bots", "medium"], _reader(12)
    )
    assert status == 0
    assert "The match is over" in shown
    glimpses = GLIMPSE.findall(shown)
    assert any(reason == "Your first look" for reason, _ in glimpses)
    assert any(reason == "The card you drew" for reason, _ in glimpses)
    rest = _outside_glimpses(shown)
    rows = re.findall(r"^Your cards \(slots 1 to 4, face down\): (.*)$", rest, re.MULTILINE)
    assert rows
    assert set(rows) == {"1: ?, 2: ?, 3: ?, 4: ?"}
    for leak in (
        r"[Ww]hat you know of",
        r"[Yy]ou hold the drawn card",
        r"looks? at slots 1 and 4:",
        r"looks? at slot \d:",
        r"\b[Yy]ou draw the ",
        r"from the discard pile into slot",
    ):
        assert not re.search(leak, rest), leak
    # Each glimpse is wiped (screen and scrollback) before the next screen.
    for match in GLIMPSE.finditer(shown):
        after = shown[match.end() :]
        header = after.find("===")
        assert header == -1 or "\033[3J" in after[:header], after[:300]


def test_the_memory_aid_is_announced_and_keeps_the_remembered_cards() -> None:
    """--memory-aid tells the table, and a person's screen shows what their seat remembers."""
    status, shown = _drive(
        ["play", "crazy-animals", "--players", "2", "--seed", "3", "--memory-aid", "--lang", "fr"],
        lambda news: b"q\n" if "Votre choix" in news else b"\n",
    )
    assert status == 0
    assert "Aide-mémoire activé :" in shown  # un aide-mémoire: masculine
    assert re.search(r"Vos cartes \(emplacements 1 à 4, face cachée\) : 1 : [^?]", shown)


def test_french_punctuation_never_starts_a_wrapped_line() -> None:
    """Wrapped text keeps « ; », « : », « ! », « ? » and « » » with the word before them."""
    from cardgames.cli._wrap import wrapped as _wrapped  # noqa: PLC0415 - a helper

    text = "mot " * 15 + "fin de la manche ; vous ne rejouez pas : « jamais » ! " * 3
    for width_test in range(10):
        wrapped = _wrapped("x" * width_test + text, "  ")
        for line in wrapped.splitlines()[1:]:
            assert not line.lstrip().startswith((";", ":", "!", "?", "»")), wrapped
            assert not line.rstrip().endswith("«"), wrapped


# -- the terminal tried as a family would -------------------------------------------------------


def _lines(shown: str) -> list[str]:
    """The printed lines, without the clearing sequences."""
    return shown.replace(CLEAR, "").split("\n")


@pytest.mark.parametrize(("lang", "columns"), [("fr", 80), ("en", 120)])
def test_every_line_fits_the_terminals_width(lang: str, columns: int) -> None:
    """A whole match prints no line wider than the terminal, and uses the width it has."""
    from cardgames.cli.play import _cells  # noqa: PLC0415 - a helper of the command

    status, shown = _drive(
        ["play", "crazy-mistigri", "--lang", lang, "--seed", "7", "--bots", "random"],
        _reader(7),
        columns=columns,
    )
    assert status == 0, shown[-2000:]
    widths = [_cells(line) for line in _lines(shown)]
    assert max(widths) <= columns - 1
    assert max(widths) > columns - 12  # long lines run to the edge, not to a fixed 78


def test_wrapped_lines_hang_and_keep_cards_and_french_spaces_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Next lines hang under a list item's text; « 5 rouge », « 3 + 3 », « : » never split."""
    from cardgames.cli._wrap import wrapped as _wrapped  # noqa: PLC0415 - a helper

    monkeypatch.setenv("COLUMNS", "41")
    item = _wrapped("défausser le 5 rouge et le 5 jaune (5 + 5) : " * 4, "  12. ", "")
    event = _wrapped(
        "Vous recevez 9 cartes : 8 rouge, 7 jaune, 4 vert, 7 vert, 8 jaune", "  ", "  "
    )
    for text, hang in ((item, " " * 6), (event, " " * 4)):
        lines = text.split("\n")
        assert len(lines) > 1
        assert all(len(line) <= 40 for line in lines), text
        assert all(line.startswith(hang) and line[len(hang)] != " " for line in lines[1:]), text
        for line in lines:
            assert not re.search(r"\d$|^\s*(rouge|jaune|vert|cartes|\+|:)", line), text


def test_a_single_choice_is_made_with_enter() -> None:
    """With one move to make, Enter makes it; anything else says so and asks again."""
    typed = iter([b"x\n", b"\n", b"q\n"])
    status, shown = _drive(
        ["play", "crazy-animals", "--seed", "2"],
        lambda news: b"\n" if MEMORISED.search(news) else next(typed),
    )
    assert status == 0
    assert "(1-1)" not in shown
    assert shown.count("Press Enter to draw a card from the stock. ") == 2
    assert "Press Enter to draw a card from the stock, type ? for the rules, or q" in shown
    assert "  You draw a card\n" in shown


def test_a_draw_goes_on_without_a_new_heading() -> None:
    """After a draw the same person sees the drawn card and the choices: no heading, no news."""
    typed = iter([b"5\n", b"q\n"])
    screens, answer = _recorder(lambda news: b"\n" if MEMORISED.search(news) else next(typed))
    status, _ = _drive(["play", "crazy-animals", "--seed", "4"], answer)
    assert status == 0
    first = next(i for i, screen in enumerate(screens) if "Choose (1-5)" in screen)
    after_draw = screens[first + 1]
    assert after_draw.startswith("5\n  You draw a card\n\n"), after_draw
    assert "The card you drew, only for you:" in after_draw
    assert "===" not in after_draw
    assert "Since your last move" not in after_draw


def test_a_persons_own_move_is_told_at_once_and_not_again() -> None:
    """The outcome of a move shows below it; the next news holds only what came after."""
    typed = iter([b"1\n", b"q\n"])
    screens, answer = _recorder(lambda _: next(typed))
    status, _ = _drive(["play", "kitten-tricks", "--seed", "8", "--bots", "random"], answer)
    assert status == 0
    played = re.search(r"^ +1\. play the (.*)$", screens[0], re.MULTILINE)
    assert played is not None
    assert screens[1].startswith(f"1\n  You play the {played[1]}\n"), screens[1]
    news = screens[1].split("Since your last move:", 1)[1]
    assert "You play" not in news.split("\n\n", 1)[0]


def test_seats_are_counted_from_1() -> None:
    """`--seat 2` seats the person at the second place, the second name of `--names`."""
    status, shown = _drive(
        ["play", "kitten-tricks", "--seat", "2", "--names", "Ana", "Ben", "Chloé", "--seed", "3"],
        lambda _: b"q\n",
    )
    assert status == 0
    assert "Ben plays against Ana (medium) and Chloé (medium)." in shown
    assert "=== Ben, your turn" in shown
    done = _cardgames("play", "--help")
    assert "counted from 1 to N" in done.stdout
    assert "0 to N-1" not in done.stdout
    assert "seat 1 first" in done.stdout
    assert "seat 0" not in done.stdout


def test_the_score_sheet_columns_line_up_whatever_the_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Names with accents, even decomposed ones, keep the sheet's columns aligned."""
    from cardgames.cli.play import _cells, _Screen  # noqa: PLC0415 - helpers of the command
    from cardgames.handbook import ScoreSheet  # noqa: PLC0415

    game = cardgames.get_game("crazy-animals")
    screen = _Screen(game, ["Chloe\u0301", "Zoé", "Grand-mère"], "fr", hot_seat=False)
    screen._sheet(ScoreSheet(rows=((3, 12, 0), (10, 1, 27)), totals=(13, 13, 27), counts="points"))
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Bloc de score (points) :"
    assert len({_cells(line) for line in lines[1:]}) == 1, lines
    assert lines[-1].split() == ["Total", "13", "13", "27"]


def test_a_rounds_news_comes_before_its_first_look_and_a_wiped_move_is_told_again() -> None:
    """A round's end and score show before its first look; a wiped move is told again.

    After a glimpse is wiped, a person who moves on (to knock or not) sees the heading and what
    their move did once more.
    """
    status, shown = _drive(
        ["play", "crazy-animals", "--players", "3", "--seed", "12", "--bots", "medium"],
        _reader(12),
    )
    assert status == 0
    screens = shown.split(CLEAR)
    looks = [screen for screen in screens if "Your first look, only for you:" in screen]
    assert len(looks) == 3
    for look in looks[1:]:
        news, _ = look.split("Your first look")
        assert "Score sheet (points):" in news
        assert re.search(r"Round \d ends", news), news
    went_on = [
        screen
        for screen in screens
        if screen.startswith("\n=== Ana, your turn") and "  1. knock" in screen
    ]
    assert went_on
    for screen in went_on:
        assert screen.split("\n")[2].startswith("  You "), screen
        assert "Since your last move" not in screen.split("Choose (", 1)[0]


@pytest.mark.parametrize("key", [b"q\n", b"\x04"])
def test_q_or_ctrl_d_at_play_again_is_a_no_thanks(key: bytes) -> None:
    """At « Rejouer ? » the match is over: q or Ctrl-D thanks the players like n does."""

    def answer(news: str) -> bytes:
        if AGAIN.search(news):
            return key
        if ONLY.search(news):
            return b"\n"
        prompt = PROMPT.search(news)
        assert prompt is not None
        return b"1\n"

    status, shown = _drive(
        ["play", "classic-mistigri", "--players", "2", "--seed", "9", "--lang", "fr"], answer
    )
    assert status == 0
    assert shown.rstrip().endswith("Merci d’avoir joué. Au revoir !"), shown[-500:]
    assert "Vous avez quitté" not in shown
    assert "s’arrête là" not in shown


def test_choices_naming_one_card_several_times_follow_the_hands_order() -> None:
    """Giving a card (4 + 4) lists the cards in the hand's order, each card's players together."""
    from cardgames import handbook  # noqa: PLC0415
    from cardgames.cli.play import _Screen  # noqa: PLC0415 - a helper of the command
    from cardgames.crazy_mistigri import Card, GiveCard  # noqa: PLC0415

    game = cardgames.get_game("crazy-mistigri")
    hand = [Card(2, 4), Card(7, 1), Card(9, 1)]
    shown_hand = [hand[i] for i in handbook.arranged(game, hand)]
    assert shown_hand != hand  # the two reds side by side, the blue after them
    actions = [GiveCard(card, to) for card in hand for to in (1, 2)]
    screen = _Screen(game, ["Ana", "Ben", "Chloé"], "en", hot_seat=False)
    ordered = [action for action in screen._in_hand_order(actions) if isinstance(action, GiveCard)]
    assert len(ordered) == len(actions)
    assert [action.card for action in ordered] == [c for c in shown_hand for _ in (1, 2)]
    assert [action.to for action in ordered] == [1, 2] * 3


def test_many_gifts_are_asked_as_the_card_then_the_player(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Sixteen ways to give a card come as two short lists: which card, then to whom."""
    from cardgames.cli.play import _Screen  # noqa: PLC0415 - a helper of the command
    from cardgames.crazy_mistigri import GiveCard  # noqa: PLC0415
    from cardgames.table import Table  # noqa: PLC0415

    table = Table.new("crazy-mistigri", players=3, seed=1)
    rng = random.Random(1)
    for _ in range(4):  # seed 1: the fifth decision gives one of 8 cards to one of 2 players
        seat = table.to_move
        assert seat is not None
        table.act(seat, rng.choice(table.view(seat).legal_actions))
    seat = table.to_move
    assert seat is not None
    legal = table.view(seat).legal_actions
    assert len(legal) == 16
    assert all(isinstance(action, GiveCard) for action in legal)
    screen = _Screen(table.game, ["Ana", "Ben", "Chloé"], "fr", hot_seat=False)
    typed = iter(["3", "2"])
    screen._read = lambda _prompt: next(typed)
    action = screen.ask(table, seat)
    shown = capsys.readouterr().out
    assert "Quelle carte ?" in shown
    assert "   8. " not in shown.split("Vos choix :")[1]  # the second list: two players
    assert isinstance(action, GiveCard)
    assert action in legal
    assert action.to == [to for to in range(3) if to != seat][1]


def test_the_welcome_lists_three_bots_as_a_sentence() -> None:
    """Three bots read « Papi (facile), Chloé (facile) et Dan (facile) », one « et »."""
    args = "play kitten-tricks --players 4 --names Léa Papi --lang fr --bots facile --seed 1"
    status, shown = _drive(args.split(), lambda _: b"q\n")
    assert status == 0
    assert "Léa joue contre Papi (facile), Chloé (facile) et Dan (facile).\n" in shown
