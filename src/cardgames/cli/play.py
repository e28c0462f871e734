"""`cardgames play`: play a match in the terminal, against bots or with friends.

The people at the table play the seats given with `--seat` (seat 0 by default); bots play the
others. At each of a person's turns the screen shows what happened since that person's last
turn, told from their seat ([`Table.events`][cardgames.table.Table.events]), then their own
cards and the public table, then numbered choices: type a number and Enter. A blind draw is one
choice, then a position. With several people on one terminal, `--hot-seat` clears the screen and
waits for Enter between two people's turns, so that no one sees another's hand.

Enter `q` (or end the input, Ctrl-D) to leave: the command says goodbye and exits with status 0;
Ctrl-C exits with status 130. An unknown game or bot, or a bad player count or seat, is a usage
error: one line on stderr and status 2.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

from cardgames.cli import _people
from cardgames.engine import Action, Game
from cardgames.errors import InvalidSetupError
from cardgames.table import Table
from cardgames.text import Narrator

__all__ = ["register", "run"]

_CLEAR = "\033[2J\033[3J\033[H"
"""The ANSI sequences that clear the screen and the scrollback, and put the cursor at the top.

Clearing the screen alone (``2J``) leaves the previous player's hand in the scrollback; ``3J``
erases it (hot seat, issue 26).
"""

_UI: dict[str, dict[str, str]] = {
    "en": {
        "header": "{title}, {players} players ({names}), match no. {seed}",
        "you-play": "{names} {play} against {bots}.",
        "play": "play",
        "plays": "plays",
        "no-bots": "nobody",
        "turn": "=== {name}, your turn (round {round}) ===",
        "since": "Since your last move:",
        "nothing": "  (nothing yet)",
        "choices": "Your choices:",
        "choose": "Choose ({first}-{last}): ",
        "position": "Position ({first}-{last}): ",
        "again": "Type a number from {first} to {last}, or q to leave.",
        "pass": "Pass the keyboard to {name}, then press Enter.",
        "over": "The match is over.",
        "and": " and ",
        "quit": "You left the match: bye.",
    },
    "fr": {
        "header": "{title}, {players} joueurs ({names}), partie n° {seed}",
        "you-play": "{names} {play} contre {bots}.",
        "play": "jouent",
        "plays": "joue",
        "no-bots": "personne",
        "turn": "=== {name}, à vous de jouer (manche {round}) ===",
        "since": "Depuis votre dernier coup :",
        "nothing": "  (rien pour l’instant)",
        "choices": "Vos choix :",
        "choose": "Votre choix ({first}-{last}) : ",
        "position": "Position ({first}-{last}) : ",
        "again": "Tapez un nombre de {first} à {last}, ou q pour quitter.",
        "pass": "Passez le clavier à {name}, puis appuyez sur Entrée.",
        "over": "La partie est terminée.",
        "and": " et ",
        "quit": "Vous avez quitté la partie : au revoir.",
    },
}

_EPILOG = """\
Bots: a level, easy, medium or hard (facile, moyen, difficile), or heuristic, casual, ismcts
(options as in ismcts:iterations=200) or random; --bots ismcts,random
gives the first bot seat an ismcts bot and the other bot seats random bots.
Exit status: 0 (also when you leave with q or Ctrl-D); 2 for a usage error; 130 after Ctrl-C.

examples:
  cardgames play crazy-mistigri --seat 0 --bots heuristic --lang fr --names Ana
  cardgames play kitten-tricks --players 4 --seat 0 --seat 2 --hot-seat --names Ana Ben Chloé Dan
"""


class _Quit(Exception):  # noqa: N818 - a signal, not an error
    """The person typed q to leave the match."""


def register(subparsers: Any) -> None:  # noqa: ANN401 - argparse's private subparsers type
    """Add the `play` subcommand."""
    parser = subparsers.add_parser(
        "play",
        help="play a match in the terminal, against bots or with friends",
        description="Play a match in the terminal: you choose your moves from a numbered "
        "menu, bots play the other seats, and the match is told in English or French.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _people.add_options(parser, slug_default=None)
    parser.add_argument(
        "--seat",
        type=int,
        action="append",
        default=None,
        metavar="S",
        help="a seat played by a person, 0 to N-1 (repeat it for several people; default 0)",
    )
    parser.add_argument(
        "--hot-seat",
        action="store_true",
        help="several people on one terminal: clear the screen and wait for Enter between "
        "two people's turns",
    )
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace) -> int:
    """Play the match with the people at the terminal; the exit status.

    Raises:
        CardGameError: an unknown game or bot, or a bad player count, seat or names.
    """
    game = _people.game_of(args)
    players = _people.players_of(args, game)
    humans = _humans(args, players)
    names = _people.names_of(args, players)
    bot_seats = [seat for seat in range(players) if seat not in humans]
    specs = _people.bot_specs(args, bot_seats) if bot_seats else {}
    seed = _people.seed_of(args)
    ui = _UI[args.lang]
    screen = _Screen(game, names, args.lang, hot_seat=args.hot_seat and len(humans) > 1)

    def play() -> int:
        header = ui["header"].format(
            title=game.title, players=players, names=", ".join(names), seed=seed
        )
        print(header)  # noqa: T201 - the command's output
        table = Table.new(game.slug, players=players, names=names, bots=specs, seed=seed)
        screen.introduce(humans, specs)
        cursors = dict.fromkeys(humans, 0)
        table.play_bots()
        while not table.is_over:
            seat: int = table.to_move  # type: ignore[assignment]  # not over: a person moves
            screen.turn(table, seat, cursors[seat])
            cursors[seat] = table.cursor
            table.act(seat, screen.ask(table.view(seat).legal_actions), cursor=table.cursor)
            table.play_bots()
        for seat in humans:
            screen.since(table, seat, cursors[seat])
        print(ui["over"])  # noqa: T201 - the command's output
        return 0

    try:
        return _people.cleanly(args.lang, play)
    except _Quit:
        print(ui["quit"])  # noqa: T201 - the command's output
        return 0


def _humans(args: argparse.Namespace, players: int) -> list[int]:
    """The seats people play, checked.

    Raises:
        InvalidSetupError: a seat outside the table, or one given twice.
    """
    seats: list[int] = args.seat if args.seat is not None else [0]
    for seat in seats:
        if not 0 <= seat < players:
            msg = f"--seat {seat}: the seats of {players} players are 0 to {players - 1}"
            raise InvalidSetupError(msg)
    if len(set(seats)) != len(seats):
        msg = f"--seat gives a seat twice: {seats}"
        raise InvalidSetupError(msg)
    return sorted(seats)


class _Screen:
    """What a person sees and types: the narrated table, the menu and the prompts."""

    def __init__(self, game: Game[Any], names: list[str], lang: str, *, hot_seat: bool) -> None:
        self._game = game
        self._names = names
        self._lang = lang
        self._ui = _UI[lang]
        self._hot_seat = hot_seat
        self._shown: int | None = None
        self._narrators = [
            Narrator(game, names=names, lang=lang, seat=seat) for seat in range(len(names))
        ]
        self._narrator = self._narrators[0]
        self._read: Callable[[str], str] = input

    def introduce(self, humans: Sequence[int], specs: dict[int, Any]) -> None:
        """Say who plays what."""
        ui = self._ui
        people = ui["and"].join(self._names[seat] for seat in humans)
        bots = ui["and"].join(
            f"{self._names[seat]} ({_people.bot_name(spec, self._lang)})"
            for seat, spec in specs.items()
        )
        play = ui["plays"] if len(humans) == 1 else ui["play"]
        line = ui["you-play"].format(names=people, play=play, bots=bots or ui["no-bots"])
        print(line)  # noqa: T201 - the command's output

    def _show(self, seat: int) -> None:
        """In hot-seat mode, hide the last person's screen before showing ``seat``'s."""
        if self._hot_seat and self._shown != seat:
            print(_CLEAR, end="")  # noqa: T201 - the command's output
            self._read(self._ui["pass"].format(name=self._names[seat]) + " ")
            print(_CLEAR, end="")  # noqa: T201 - the command's output
        self._shown = seat

    def since(self, table: Table, seat: int, cursor: int) -> None:
        """Tell ``seat`` what happened since ``cursor``."""
        self._show(seat)
        lines = self._narrators[seat].events(table.events(seat, cursor))
        print(self._ui["since"])  # noqa: T201 - the command's output
        print("\n".join(f"  {line}" for line in lines) or self._ui["nothing"])  # noqa: T201

    def turn(self, table: Table, seat: int, cursor: int) -> None:
        """Show ``seat`` its turn: the news, its cards and the table."""
        view = table.view(seat)
        self._show(seat)
        print()  # noqa: T201 - the command's output
        print(self._ui["turn"].format(name=self._names[seat], round=view.round))  # noqa: T201
        self.since(table, seat, cursor)
        print()  # noqa: T201 - the command's output
        print("\n".join(self._narrators[seat].view(view)))  # noqa: T201 - the command's output
        self._narrator = self._narrators[seat]

    def ask(self, actions: Sequence[Action]) -> Action:
        """Offer ``actions`` as numbered choices and return the one the person picks."""
        choices = self._narrator.choices(actions)
        print(self._ui["choices"])  # noqa: T201 - the command's output
        for number, (text, _) in enumerate(choices, start=1):
            print(f"  {number}. {text}")  # noqa: T201 - the command's output
        _, group = choices[self._number("choose", 1, len(choices)) - 1]
        if len(group) == 1:
            return group[0]
        return group[self._number("position", 0, len(group) - 1)]

    def _number(self, prompt: str, first: int, last: int) -> int:
        """Read a number from ``first`` to ``last``, asking again until one comes."""
        while True:
            typed = self._read(self._ui[prompt].format(first=first, last=last)).strip()
            if typed.lower() in {"q", "quit"}:
                raise _Quit
            # ASCII digits only: str.isdigit() also accepts "²", which int() refuses.
            if typed.isascii() and typed.isdigit() and first <= int(typed) <= last:
                return int(typed)
            print(self._ui["again"].format(first=first, last=last))  # noqa: T201
