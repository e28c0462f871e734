"""`cardgames play` and `cardgames demo`, driven through a pseudo-terminal as a person would."""

from __future__ import annotations

import fcntl
import os
import pty
import random
import re
import select
import signal
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
MEMORISED = re.compile(r"(Press Enter to hide them|Appuyez sur Entrée pour les cacher)\. $")
AGAIN = re.compile(r"\((y|o)/n\) ?: $")
OTHER = re.compile(f"{PASS.pattern}|{MEMORISED.pattern}|{AGAIN.pattern}")
MENU_ITEM = re.compile(r"^ {2}(\d+)\. (.+)$", re.MULTILINE)
ENV = {**os.environ, "PYTHONIOENCODING": "utf-8", "PYTHONUTF8": "1"}


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
    args: list[str], answer: Callable[[str], bytes], timeout: float = 240
) -> tuple[int, str]:
    """Run `cardgames ARGS` on a pseudo-terminal, answering each prompt; its status and output.

    ``answer`` gets the text shown since the last answer, which ends with a prompt, and
    returns the keys to type.
    """
    master, slave = pty.openpty()
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
        if PASS.search(news) or MEMORISED.search(news):
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
        ["play", slug, "--seat", "0", "--bots", "random", "--seed", "5"], _reader(5)
    )
    assert status == 0, shown[-3000:]
    assert "Traceback" not in shown
    assert "Your choices:" in shown
    assert "Since your last move:" in shown
    assert "The match is over." in shown
    assert shown.rstrip().endswith("Thanks for playing. Goodbye!"), shown[-1000:]


def test_a_match_in_french_on_one_terminal_with_two_people_in_hot_seat() -> None:
    """Two people share the terminal in French; the screen is cleared between their turns."""
    args = [
        "play",
        "crazy-mistigri",
        "--seat",
        "0",
        "--seat",
        "2",
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
    assert "La partie est terminée." in shown
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
        ["play", "crazy-animals", "--seed", "2"],
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
        (["play", "kitten-tricks", "--seat", "3"], "--seat 3: the seats of 3 players are 0 to 2"),
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


def test_the_french_session_on_the_crazy_mistigri_page_is_what_the_command_prints() -> None:
    """The docs' terminal session replays exactly: same command, same keys, same screens."""
    page = Path(__file__).resolve().parent.parent / "docs" / "games" / "crazy-mistigri.md"
    block = re.search(r"```text\n\$ cardgames (.*?)\n(.*?)```", page.read_text("utf-8"), re.DOTALL)
    assert block is not None
    command, transcript = block[1].split(), block[2]
    typed = iter(re.findall(r"\(\d+-\d+\) ?: (\S+)$", transcript, re.MULTILINE))
    status, shown = _drive(command, lambda _: f"{next(typed)}\n".encode())
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
    args = ["play", "kitten-tricks", "--seat", "0", "--seat", "1", "--hot-seat", "--seed", "8"]
    status, shown = _drive(args, recorded, 60)
    assert status == 0
    assert done, shown[-2000:]
    ana = next(screen for screen in screens if "Ana, your turn" in screen)
    hand = re.search(r"^Your hand: (.*)$", ana, re.MULTILINE)
    assert hand is not None
    cards = re.split(r", | and ", hand[1])
    played = re.search(r"^ {2}1\. play the (.*)$", ana, re.MULTILINE)
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
    assert shown.count("Votre choix (1-1) : ") == 3
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
        prompt = PROMPT.search(news)
        assert prompt is not None
        return f"{rng.randint(1, int(prompt[2]))}\n".encode()

    status, shown = _drive(
        ["play", "classic-mistigri", "--players", "2", "--seed", "9", "--names", "Zoé"], answer
    )
    assert status == 0
    assert "Classic Mistigri, 2 players (Zoé, Ben), match no. 9" in shown
    assert "Classic Mistigri, 2 players (Zoé, Ben), match no. 10" in shown
    assert shown.count("The match is over.") == 2
    assert shown.count("Play again, same seats and a new deal? (y/n): ") == 2
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
    assert "Aide-mémoire activée" in shown
    assert re.search(r"Vos cartes \(emplacements 1 à 4, face cachée\) : 1 : [^?]", shown)


def test_french_punctuation_never_starts_a_wrapped_line() -> None:
    """Wrapped text keeps « ; », « : », « ! », « ? » and « » » with the word before them."""
    from cardgames.cli.play import _wrapped  # noqa: PLC0415 - a helper of the command

    text = "mot " * 15 + "fin de la manche ; vous ne rejouez pas : « jamais » ! " * 3
    for width_test in range(10):
        wrapped = _wrapped("x" * width_test + text, "  ")
        for line in wrapped.splitlines()[1:]:
            assert not line.lstrip().startswith((";", ":", "!", "?", "»")), wrapped
            assert not line.rstrip().endswith("«"), wrapped
