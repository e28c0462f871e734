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
