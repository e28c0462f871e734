"""`cardgames play`: play a match in the terminal, against bots or with friends.

The people at the table play the seats given with `--seat` (seat 0 by default); bots play the
others. At each of a person's turns the screen shows what happened since that person's last
turn, then their own cards (sorted: [`handbook.arranged`][cardgames.handbook.arranged]) and the
public table, then numbered choices: type a number and Enter. Everything counts from 1: the
choices, the positions of a blind draw, Crazy Animals' slots 1 to 4. A choice with an effect
says what it does ([`handbook.explain`][cardgames.handbook.explain]). `?` (or `help`, `aide`)
at any prompt shows the rules and the table's options.

A person's screen is what [`cardgames.shown`][cardgames.shown.shown] gives their seat: in Crazy
Animals no remembered card is printed, only what the person is looking at right now (the first
look at slots 1 and 4, a peeked card, the drawn card). Once they say they have memorised it
(Enter at « C'est mémorisé ? »), the screen and its scrollback are cleared. `--memory-aid`
keeps the remembered cards on every screen, and says so to the table.

A score sheet follows each round and the match ([`handbook.score_sheet`]
[cardgames.handbook.score_sheet]); at the end the table may play again (same seats, a new deal).
With several people on one terminal, `--hot-seat` clears the screen and its scrollback between
two people's turns and asks to pass the keyboard, so that no one sees another's hand.

Enter `q` (or end the input, Ctrl-D) to leave: the command says goodbye and exits with status 0;
Ctrl-C exits with status 130. An unknown game or bot, or a bad player count or seat, is a usage
error: one line on stderr and status 2.
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardgames import handbook
from cardgames.cli import _people
from cardgames.engine import Action, Game, View
from cardgames.errors import InvalidSetupError
from cardgames.shown import Glimpse, shown
from cardgames.table import Table
from cardgames.text import Narrator

__all__ = ["register", "run"]

_CLEAR = "\033[2J\033[3J\033[H"
"""The ANSI sequences that clear the screen and the scrollback, and put the cursor at the top.

Clearing the screen alone (``2J``) leaves the previous player's hand in the scrollback; ``3J``
erases it (hot seat, issue 26).
"""

_HELP_WORDS = frozenset({"?", "help", "aide"})
_QUIT_WORDS = frozenset({"q", "quit", "quitter"})
_YES = frozenset({"y", "yes", "o", "oui"})
_NO = frozenset({"n", "no", "non"})
_WIDTH = 78

_UI: dict[str, dict[str, str]] = {
    "en": {
        "header": "{title}, {players} players ({names}), match no. {seed}",
        "you-play": "{names} {play} against {bots}.",
        "play": "play",
        "plays": "plays",
        "no-bots": "nobody",
        "memory-aid": "Memory aid on: every screen shows the cards its player has seen.",
        "help-hint": "Type ? at any prompt for the rules.",
        "turn": "=== {name}, your turn (round {round}) ===",
        "since": "Since your last move:",
        "nothing": "  (nothing yet)",
        "choices": "Your choices:",
        "choose": "Choose ({first}-{last}): ",
        "position": "Position ({first}-{last}): ",
        "again": "Type a number from {first} to {last}, ? for the rules, or q to leave.",
        "pass": "Pass the keyboard to {name}, then press Enter.",
        "over": "The match is over.",
        "and": " and ",
        "quit": "You left the match. Goodbye!",
        "rules": "The rules of {title}",
        "options": "This table's options:",
        "aid-option": "Memory aid: on",
        "first-look": "Your first look, only for you:",
        "peek": "You look at your card, only for you:",
        "taken": "The card you took, only for you:",
        "drawn": "The card you drew, only for you:",
        "slot": "slot {slot}: {card}",
        "held": "in your hand: {card}",
        "memorised": "Memorised? Press Enter to hide them. ",
        "sheet": "Score sheet ({counts}):",
        "round-row": "Round {round}",
        "match-row": "Match",
        "total-row": "Total",
        "counts.penalty-points": "penalty points",
        "counts.points": "points",
        "counts.super-chats": "Super Chat cards gained",
        "counts.pairs": "pairs laid",
        "play-again": "Play again, same seats and a new deal? (y/n): ",
        "yes-no": "Type y to play again or n to stop.",
        "bye": "Thanks for playing. Goodbye!",
    },
    "fr": {
        "header": "{title}, {players} joueurs ({names}), partie n° {seed}",
        "you-play": "{names} {play} contre {bots}.",
        "play": "jouent",
        "plays": "joue",
        "no-bots": "personne",
        "memory-aid": (
            "Aide-mémoire activée : chaque écran montre les cartes que son joueur a vues."
        ),
        "help-hint": "Tapez ? à tout moment pour lire les règles.",
        "turn": "=== {name}, à vous de jouer (manche {round}) ===",
        "since": "Depuis votre dernier coup :",
        "nothing": "  (rien pour l’instant)",
        "choices": "Vos choix :",
        "choose": "Votre choix ({first}-{last}) : ",
        "position": "Position ({first}-{last}) : ",
        "again": "Tapez un nombre de {first} à {last}, ? pour les règles, ou q pour quitter.",
        "pass": "Passez le clavier à {name}, puis appuyez sur Entrée.",
        "over": "La partie est terminée.",
        "and": " et ",
        "quit": "Vous avez quitté la partie. Au revoir !",
        "rules": "Les règles de {title}",
        "options": "Les options de cette table :",
        "aid-option": "Aide-mémoire : activée",
        "first-look": "Votre premier coup d’œil, pour vous seul :",
        "peek": "Vous regardez votre carte, pour vous seul :",
        "taken": "La carte que vous avez prise, pour vous seul :",
        "drawn": "La carte que vous avez piochée, pour vous seul :",
        "slot": "emplacement {slot} : {card}",
        "held": "en main : {card}",
        "memorised": "C’est mémorisé ? Appuyez sur Entrée pour les cacher. ",
        "sheet": "Feuille de score ({counts}) :",
        "sheet.points": "Bloc de score ({counts}) :",
        "round-row": "Manche {round}",
        "match-row": "Partie",
        "total-row": "Total",
        "counts.penalty-points": "points de pénalité",
        "counts.points": "points",
        "counts.super-chats": "cartes Super Chat gagnées",
        "counts.pairs": "paires posées",
        "play-again": "Rejouer, mêmes places et nouvelle donne ? (o/n) : ",
        "yes-no": "Tapez o pour rejouer ou n pour arrêter.",
        "bye": "Merci d’avoir joué. Au revoir !",
    },
}

_EPILOG = """\
Bots: a level, easy, medium or hard (facile, moyen, difficile), or heuristic, casual, ismcts
(options as in ismcts:iterations=200) or random; --bots hard,easy
gives the first bot seat a hard bot and the other bot seats easy bots.
At any prompt: ? (or help, aide) shows the rules and the table's options; q leaves.
Exit status: 0 (also when you leave with q or Ctrl-D); 2 for a usage error; 130 after Ctrl-C.

examples:
  cardgames play crazy-mistigri --seat 0 --bots moyen --lang fr --names Ana
  cardgames play crazy-animals --players 2 --bots easy --memory-aid
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
        help="several people on one terminal: clear the screen and its scrollback and ask to "
        "pass the keyboard between two people's turns",
    )
    parser.add_argument(
        "--memory-aid",
        action="store_true",
        help="Crazy Animals: keep the cards each person has seen on their screen (off by "
        "default: the memory game is played from memory); announced to the table",
    )
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace) -> int:
    """Play matches with the people at the terminal, until they stop; the exit status.

    Raises:
        CardGameError: an unknown game or bot, or a bad player count, seat or names.
    """
    game = _people.game_of(args)
    players = _people.players_of(args, game)
    humans = _humans(args, players)
    names = _people.names_of(args, players)
    bot_seats = [seat for seat in range(players) if seat not in humans]
    specs = _people.bot_specs(args, bot_seats) if bot_seats else {}
    ui = _UI[args.lang]
    screen = _Screen(game, names, args.lang, hot_seat=args.hot_seat and len(humans) > 1)

    def play() -> int:
        seed = _people.seed_of(args)
        while True:
            header = ui["header"].format(
                title=game.title, players=players, names=", ".join(names), seed=seed
            )
            print(header)  # noqa: T201 - the command's output
            table = Table.new(
                game.slug,
                players=players,
                names=names,
                bots=specs,
                seed=seed,
                memory_aid=args.memory_aid,
            )
            screen.introduce(table, humans, specs)
            _play_match(table, screen, humans)
            if not screen.play_again():
                print(ui["bye"])  # noqa: T201 - the command's output
                return 0
            seed = (seed + 1) % 2**32

    try:
        return _people.cleanly(args.lang, play)
    except _Quit:
        print(ui["quit"])  # noqa: T201 - the command's output
        return 0


def _play_match(table: Table, screen: _Screen, humans: Sequence[int]) -> None:
    """Play one match of `table` to its end, the people choosing on `screen`."""
    cursors = dict.fromkeys(humans, 0)
    table.play_bots()
    while not table.is_over:
        seat: int = table.to_move  # type: ignore[assignment]  # not over: a person moves
        screen.turn(table, seat, cursors[seat])
        cursors[seat] = table.cursor
        action = screen.ask(table, seat)
        table.act(seat, action, cursor=table.cursor)
        screen.after_move(table, seat)
        table.play_bots()
    for seat in humans:
        screen.since(table, seat, cursors[seat])
    screen.end(table)


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


def _out(text: str = "", end: str = "\n") -> None:
    print(text, end=end)  # noqa: T201 - the command's output


_NBSP = "\u00a0"
_KEPT = (" ;", " :", " !", " ?", " »", "« ")
"""French spaces that must not end a line: before ; : ! ? » and after «."""


def _wrapped(text: str, indent: str) -> str:
    """``text`` wrapped to the terminal's usual width, never breaking a French space."""
    for pair in _KEPT:
        text = text.replace(pair, pair.replace(" ", _NBSP))
    lines = textwrap.fill(text, _WIDTH, initial_indent=indent, subsequent_indent=indent)
    return lines.replace(_NBSP, " ")


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
        self._read: Callable[[str], str] = input
        self._table: Table | None = None
        self._rows_shown: dict[int, int] = {}
        self._hide_next = False  # a glimpse was printed: clear it before anything else

    # -- the match --------------------------------------------------------------------------

    def introduce(self, table: Table, humans: Sequence[int], specs: dict[int, Any]) -> None:
        """Say who plays what, the memory aid if it is on, and where the rules are."""
        ui = self._ui
        self._table = table
        self._rows_shown = dict.fromkeys(humans, 0)
        self._shown = None
        people = ui["and"].join(self._names[seat] for seat in humans)
        bots = ui["and"].join(
            f"{self._names[seat]} ({_people.bot_name(spec, self._lang)})"
            for seat, spec in specs.items()
        )
        play = ui["plays"] if len(humans) == 1 else ui["play"]
        _out(ui["you-play"].format(names=people, play=play, bots=bots or ui["no-bots"]))
        if table.memory_aid:
            _out(ui["memory-aid"])
        _out(ui["help-hint"])

    def _show(self, seat: int) -> None:
        """Hide a glimpse, and in hot-seat mode the last person's screen, before ``seat``'s."""
        if self._hot_seat and self._shown != seat:
            _out(_CLEAR, end="")
            self._prompt(self._ui["pass"].format(name=self._names[seat]) + " ")
            _out(_CLEAR, end="")
            self._hide_next = False
        elif self._hide_next:
            _out(_CLEAR, end="")
            self._hide_next = False
        self._shown = seat

    def since(self, table: Table, seat: int, cursor: int) -> None:
        """Tell ``seat`` what happened since ``cursor``, as a person may see it."""
        self._show(seat)
        lines = self._narrators[seat].events(shown(table, seat, cursor).events)
        _out(self._ui["since"])
        _out("\n".join(f"  {line}" for line in lines) or self._ui["nothing"])

    def turn(self, table: Table, seat: int, cursor: int) -> None:
        """Show ``seat`` its turn: the news, the score sheet if a round ended, its cards."""
        screen = shown(table, seat)
        header = self._ui["turn"].format(name=self._names[seat], round=screen.view.round)
        if screen.glimpse is not None and screen.glimpse.reason == "first-look":
            self._show(seat)
            _out(header)
            self._glimpse(table, seat, screen.glimpse)
            screen = shown(table, seat)
        view = screen.view
        self._show(seat)
        _out()
        _out(header)
        self.since(table, seat, cursor)
        sheet = handbook.score_sheet(self._game, screen.events)
        if len(sheet.rows) > self._rows_shown.get(seat, 0):
            _out()
            self._sheet(sheet)
            self._rows_shown[seat] = len(sheet.rows)
        _out()
        _out("\n".join(self._narrators[seat].view(self._arranged(view))))
        if screen.glimpse is not None:
            self._glimpse(table, seat, screen.glimpse)

    def after_move(self, table: Table, seat: int) -> None:
        """Show what the move let the person see (a peek, a card taken), until memorised."""
        glimpse = shown(table, seat).glimpse
        if glimpse is not None and glimpse.reason in {"peek", "taken"}:
            self._glimpse(table, seat, glimpse)

    def end(self, table: Table) -> None:
        """Close the match: the score sheet and the news that it is over."""
        _out()
        self._sheet(handbook.score_sheet(self._game, table.events(0)))
        _out()
        _out(self._ui["over"])

    def play_again(self) -> bool:
        """Ask whether the table plays again; `False` to stop."""
        while True:
            typed = self._prompt(self._ui["play-again"]).strip().lower()
            if typed in _YES:
                return True
            if typed in _NO:
                return False
            _out(self._ui["yes-no"])

    # -- what is on the screen --------------------------------------------------------------

    def _arranged(self, view: View) -> View:
        """``view`` with its hand in display order (by colour, then value; pairs together)."""
        hand = getattr(view, "hand", None)
        if not hand:
            return view
        order = handbook.arranged(self._game, hand)
        return attrs.evolve(view, hand=tuple(hand[i] for i in order))  # type: ignore[call-arg]

    def _glimpse(self, table: Table, seat: int, glimpse: Glimpse) -> None:
        """Show the cards in sight; all but a drawn card stay until the person has memorised."""
        ui = self._ui
        narrator = self._narrators[seat]
        _out()
        _out(ui[glimpse.reason])
        for slot, card in glimpse.seen:
            told = narrator.card(card)
            line = ui["held"] if slot is None else ui["slot"]
            _out("    " + line.format(slot=None if slot is None else slot + 1, card=told))
        self._hide_next = True
        if glimpse.reason == "drawn" or table.memory_aid:
            return
        self._prompt(ui["memorised"])
        table.memorised(seat)
        _out(_CLEAR, end="")
        self._hide_next = False

    def _sheet(self, sheet: handbook.ScoreSheet) -> None:
        """Print the score sheet: a row per round, the totals."""
        ui = self._ui
        title = ui.get(f"sheet.{sheet.counts}", ui["sheet"])
        _out(title.format(counts=ui[f"counts.{sheet.counts}"]))
        single = len(sheet.rows) == 1 and self._game.slug == "classic-mistigri"
        labels = [
            ui["match-row"] if single else ui["round-row"].format(round=n)
            for n in range(1, len(sheet.rows) + 1)
        ]
        rows = list(zip(labels, sheet.rows, strict=True))
        if len(sheet.rows) > 1:
            rows.append((ui["total-row"], sheet.totals))
        first = max(len(label) for label, _ in rows) if rows else 0
        widths = [max(len(name), 3) for name in self._names]
        _out(
            "  "
            + " " * first
            + "".join(f"  {name:>{w}}" for name, w in zip(self._names, widths, strict=True))
        )
        for label, numbers in rows:
            cells = "".join(f"  {n:>{w}}" for n, w in zip(numbers, widths, strict=True))
            _out(f"  {label:<{first}}{cells}")

    def _rules(self) -> None:
        """Print the rules and this table's options."""
        ui = self._ui
        _out()
        _out(ui["rules"].format(title=self._game.title))
        for section in handbook.rules(self._game, self._lang):
            _out()
            _out(f"  {section.title}")
            for paragraph in section.paragraphs:
                _out(_wrapped(paragraph, "    "))
        _out()
        _out(ui["options"])
        table = self._table
        if table is not None:
            for line in handbook.options_text(self._game, table.state.rules, self._lang):
                _out(f"  - {line}")
            if table.memory_aid:
                _out(f"  - {ui['aid-option']}")
        _out()

    # -- what the person types --------------------------------------------------------------

    def ask(self, table: Table, seat: int) -> Action:
        """Offer the legal actions as numbered choices and return the one the person picks."""
        narrator = self._narrators[seat]
        actions = self._in_hand_order(table.view(seat).legal_actions)
        choices = narrator.choices(actions)
        _out(self._ui["choices"])
        said = None
        for number, (text, group) in enumerate(choices, start=1):
            _out(f"  {number}. {text}")
            why = handbook.explain(self._game, group[0], self._lang) if len(group) == 1 else None
            if why is not None and why != said:  # once for a run of alike choices (slots)
                said = why
                _out(_wrapped(why, " " * 7))
        _, group = choices[self._number("choose", len(choices)) - 1]
        if len(group) == 1:
            return group[0]
        return group[self._number("position", len(group)) - 1]

    def _in_hand_order(self, actions: Sequence[Action]) -> list[Action]:
        """The actions, those that play a card of the hand in the hand's display order."""
        cards = [getattr(action, "card", None) for action in actions]
        if any(card is None for card in cards) or len(set(cards)) != len(cards):
            return list(actions)
        order = handbook.arranged(self._game, cards)  # type: ignore[arg-type]
        return [actions[i] for i in order]

    def _prompt(self, prompt: str) -> str:
        """Read one answer; `?` shows the rules and asks again, `q` leaves."""
        while True:
            typed = self._read(prompt).strip()
            if typed.lower() in _HELP_WORDS:
                self._rules()
                continue
            if typed.lower() in _QUIT_WORDS:
                raise _Quit
            return typed

    def _number(self, prompt: str, last: int) -> int:
        """Read a number from 1 to ``last``, asking again until one comes."""
        while True:
            typed = self._prompt(self._ui[prompt].format(first=1, last=last))
            # ASCII digits only: str.isdigit() also accepts "²", which int() refuses.
            if typed.isascii() and typed.isdigit() and 1 <= int(typed) <= last:
                return int(typed)
            _out(self._ui["again"].format(first=1, last=last))
