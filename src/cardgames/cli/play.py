"""`cardgames play`: play a match in the terminal, against bots or with friends.

The people at the table play the seats given with `--seat`, counted from 1 (seat 1 by
default); bots play the others. At each of a person's turns the screen shows what happened
since that person's last move, then their own cards (sorted:
[`handbook.arranged`][cardgames.handbook.arranged]) and the public table, then numbered
choices: type a number and Enter. When there is only one thing to do, Enter does it. The
outcome of a person's own move is told at once, below the choice; when the same person moves
again straight away (after a draw), the screen goes on without a new heading. Everything counts
from 1: the seats, the choices, the positions of a blind draw, Crazy Animals' slots 1 to 4. A
choice with an effect says what it does ([`handbook.explain`][cardgames.handbook.explain]).
`?` (or `help`, `aide`) at any prompt shows the rules and the table's options. Every paragraph
is wrapped at the terminal's width, list items with a hanging indent.

A person's screen is what [`cardgames.shown`][cardgames.shown.shown] gives their seat: in Crazy
Animals no remembered card is printed, only what the person is looking at right now (the first
look at slots 1 and 4, a peeked card, the drawn card). Once they say they have memorised it
(Enter at « C'est mémorisé ? »), the screen and its scrollback are cleared. `--memory-aid`
keeps the remembered cards on every screen, and says so to the table.

A score sheet follows each round and the match ([`handbook.score_sheet`]
[cardgames.handbook.score_sheet]); at the end the table may play again (same seats, a new deal).
With several people on one terminal, `--hot-seat` clears the screen and its scrollback between
two people's turns and asks to pass the keyboard, so that no one sees another's hand; the welcome
stays until the first hand-over, and the end of the match, when nothing is secret any more, is
one screen for all.

Enter `q` (or end the input, Ctrl-D) to leave: the command says goodbye and exits with status 0;
Ctrl-C exits with status 130. An unknown game or bot, or a bad player count or seat, is a usage
error: one line on stderr and status 2.
"""

from __future__ import annotations

import argparse
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardgames import handbook
from cardgames.cli import _people
from cardgames.cli._wrap import wrapped as _wrapped
from cardgames.engine import Action, Event, Game, View
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
_MANY = 12
"""More choices than this, where a card is named by several of them (give the red 5 to Ben, or to
Chloé), are asked in two steps: the card, then the move."""

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
        "turn.one-round": "=== {name}, your turn ===",
        "the-end": "=== {name}, the match is over ===",
        "since": "Since your last move:",
        "since-start": "Since the match began:",
        "nothing": "  (nothing yet)",
        "choices": "Your choices:",
        "which-card": "Which card?",
        "choose": "Choose ({first}-{last}): ",
        "only": "Press Enter to {choice}. ",
        "only-again": "Press Enter to {choice}, type ? for the rules, or q to leave.",
        "your-move": "Your move: {choice}",
        "position": "Position ({first}-{last}): ",
        "again": "Type a number from {first} to {last}, ? for the rules, or q to leave.",
        "pass": "Pass the keyboard to {name}, then press Enter.",
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
        "memorised-one": "Memorised? Press Enter to hide it. ",
        "sheet": "Score sheet ({counts}):",
        "round-row": "Round {round}",
        "match-row": "Match",
        "total-row": "Total",
        "counts.penalty-points": "penalty points",
        "counts.points": "points",
        "counts.super-chats": "Super Chat cards gained",
        "counts.pairs": "pairs laid",
        "play-again": "Play again, with the same seats and a new deal? (y/n): ",
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
            "Aide-mémoire activé : chaque écran montre les cartes que son joueur a vues."
        ),
        "help-hint": "Tapez ? à tout moment pour lire les règles.",
        "turn": "=== {name}, à vous de jouer (manche {round}) ===",
        "turn.one-round": "=== {name}, à vous de jouer ===",
        "the-end": "=== {name}, la partie est terminée ===",
        "since": "Depuis votre dernier coup :",
        "since-start": "Depuis le début de la partie :",
        "nothing": "  (rien pour l’instant)",
        "choices": "Vos choix :",
        "which-card": "Quelle carte ?",
        "choose": "Votre choix ({first}-{last}) : ",
        "only": "Appuyez sur Entrée pour {choice}. ",
        "only-again": (
            "Appuyez sur Entrée pour {choice}, tapez ? pour les règles ou q pour quitter."
        ),
        "your-move": "Votre coup : {choice}",
        "position": "Position ({first}-{last}) : ",
        "again": "Tapez un nombre de {first} à {last}, ? pour les règles ou q pour quitter.",
        "pass": "Passez le clavier à {name}, puis appuyez sur Entrée.",
        "and": " et ",
        "quit": "Vous avez quitté la partie. Au revoir !",
        "rules": "Les règles de {title}",
        "options": "Les options de cette table :",
        "aid-option": "Aide-mémoire : activé",
        "first-look": "Votre premier coup d’œil, pour vous seul :",
        "peek": "Vous regardez votre carte, pour vous seul :",
        "taken": "La carte que vous avez prise, pour vous seul :",
        "drawn": "La carte que vous avez piochée, pour vous seul :",
        "slot": "emplacement {slot} : {card}",
        "held": "en main : {card}",
        "memorised": "C’est mémorisé ? Appuyez sur Entrée pour les cacher. ",
        "memorised-one": "C’est mémorisé ? Appuyez sur Entrée pour la cacher. ",
        "sheet": "Feuille de score ({counts}) :",
        "sheet.points": "Bloc de score ({counts}) :",
        "round-row": "Manche {round}",
        "match-row": "Partie",
        "total-row": "Total",
        "counts.penalty-points": "points de pénalité",
        "counts.points": "points",
        "counts.super-chats": "cartes Super Chat gagnées",
        "counts.pairs": "paires posées",
        "play-again": "Rejouer, avec les mêmes places et une nouvelle donne ? (o/n) : ",
        "yes-no": "Tapez o pour rejouer ou n pour arrêter.",
        "bye": "Merci d’avoir joué. Au revoir !",
    },
}

_EPILOG = """\
Bots: a level, easy, medium or hard (facile, moyen, difficile), or heuristic, tuned, casual,
ismcts or rollout (options as in ismcts:iterations=200) or random; --bots hard,easy
gives the first bot seat a hard bot and the other bot seats easy bots.
Seats are counted from 1, in the order of --names: --seat 1 --seat 3 seats people at the
first and third places. At any prompt: ? (or help, aide) shows the rules and the table's
options; q leaves. When there is only one thing to do, Enter does it.
Exit status: 0 (also when you leave with q or Ctrl-D); 2 for a usage error; 130 after Ctrl-C.

examples:
  cardgames play crazy-mistigri --bots moyen --lang fr --names Ana
  cardgames play crazy-animals --players 2 --bots easy --memory-aid
  cardgames play kitten-tricks --players 4 --seat 1 --seat 3 --hot-seat --names Ana Ben Chloé Dan
"""


class _Quit(Exception):  # noqa: N818 - a signal, not an error
    """The person typed q to leave the match."""


def register(subparsers: Any) -> None:  # noqa: ANN401 - argparse's private subparsers type
    """Add the `play` subcommand."""
    parser = subparsers.add_parser(
        "play",
        help="play a match in the terminal, against bots or with friends",
        description="Play a match in the terminal: you choose your moves from a numbered\n"
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
        help="a seat played by a person, counted from 1 to N in the order of --names (repeat it "
        "for several people; default 1)",
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
            _say(header)
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
            _out()  # a blank line between the last match and the next one's welcome

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
        before = table.cursor
        action = screen.ask(table, seat)
        table.act(seat, action, cursor=before)
        screen.after_move(table, seat, before)
        cursors[seat] = table.cursor
        table.play_bots()
    screen.end(table, cursors)


def _humans(args: argparse.Namespace, players: int) -> list[int]:
    """The seats people play, 0-based, from the seats given counted from 1, checked.

    Raises:
        InvalidSetupError: a seat outside the table, or one given twice.
    """
    given: list[int] = args.seat if args.seat is not None else [1]
    for seat in given:
        if not 1 <= seat <= players:
            msg = f"--seat {seat}: seats count from 1; the seats of {players} players are 1 to "
            msg += f"{players}"
            raise InvalidSetupError(msg)
    if len(set(given)) != len(given):
        msg = f"--seat gives a seat twice: {given}"
        raise InvalidSetupError(msg)
    return sorted(seat - 1 for seat in given)


def _out(text: str = "", end: str = "\n") -> None:
    print(text, end=end)  # noqa: T201 - the command's output


def _say(text: str, indent: str = "", hang: str = "  ") -> None:
    """Print ``text`` wrapped at the terminal's width (see `_wrapped`)."""
    _out(_wrapped(text, indent, hang))


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
        # (seat, cursor) just after a person's move was told: if that seat moves again with no
        # event since, its screen goes on without a heading or news (they just saw them).
        self._moved: tuple[int, int] | None = None
        self._told: tuple[str, ...] = ()  # what the last person's move did, as told to them
        self._blank = False  # the screen was cleared since the last move was told

    # -- the match --------------------------------------------------------------------------

    def introduce(self, table: Table, humans: Sequence[int], specs: dict[int, Any]) -> None:
        """Say who plays what, the memory aid if it is on, and where the rules are."""
        ui = self._ui
        self._table = table
        self._rows_shown = dict.fromkeys(humans, 0)
        self._shown = None
        self._moved = None
        people = self._listed([self._names[seat] for seat in humans])
        bots = self._listed(
            [
                f"{self._names[seat]} ({_people.bot_name(spec, self._lang)})"
                for seat, spec in specs.items()
            ]
        )
        play = ui["plays"] if len(humans) == 1 else ui["play"]
        _say(ui["you-play"].format(names=people, play=play, bots=bots or ui["no-bots"]))
        if table.memory_aid:
            _say(ui["memory-aid"])
        _say(ui["help-hint"])

    def _listed(self, items: list[str]) -> str:
        """``items`` as a sentence lists them: « Ben, Chloé et Dan », "Ben, Chloé and Dan"."""
        if len(items) < 2:  # noqa: PLR2004 - a list needs two items to have an "and"
            return "".join(items)
        return ", ".join(items[:-1]) + self._ui["and"] + items[-1]

    def _show(self, seat: int) -> None:
        """Hide a glimpse, and in hot-seat mode the last person's screen, before ``seat``'s."""
        if self._hot_seat and self._shown != seat:
            if self._shown is not None:  # before the first turn, only the welcome is shown
                _out(_CLEAR, end="")
            self._prompt(self._ui["pass"].format(name=self._names[seat]) + " ")
            _out(_CLEAR, end="")
            self._hide_next = False
            self._blank = True
        elif self._hide_next:
            _out(_CLEAR, end="")
            self._hide_next = False
            self._blank = True
        self._shown = seat

    def since(self, table: Table, seat: int, cursor: int) -> None:
        """Tell ``seat`` what happened since ``cursor``, as a person may see it."""
        lines = self._narrators[seat].events(shown(table, seat, cursor).events)
        _out(self._ui["since" if cursor else "since-start"])
        if not lines:
            _out(self._ui["nothing"])
        for line in lines:
            _say(line, "  ")

    def turn(self, table: Table, seat: int, cursor: int) -> None:
        """Show ``seat`` its turn: the news, the score sheet if a round ended, its cards.

        When the same person moves again with nothing new since their move (after a draw),
        the screen goes on with their cards and choices: no heading, no news.
        """
        screen = shown(table, seat)
        turn = "turn.one-round" if handbook.one_round(table.state.rules) else "turn"
        header = self._ui[turn].format(name=self._names[seat], round=screen.view.round)
        if self._moved == (seat, table.cursor):
            self._show(seat)
            if self._blank:  # a glimpse was wiped: the heading and the move, once more
                _out()
                _say(header)
                for line in self._told:
                    _say(line, "  ")
            _out()
            self._cards(seat, screen.view)
            if screen.glimpse is not None:
                self._glimpse(table, seat, screen.glimpse)
            return
        if screen.glimpse is not None and screen.glimpse.reason == "first-look":
            # The news first (a round's end, its score), then the first look at the new round's
            # cards; once they are memorised, the cleared screen shows the news again.
            self._show(seat)
            _out()
            _say(header)
            if not table.memory_aid:
                self._news(table, seat, cursor, screen.events)
            self._glimpse(table, seat, screen.glimpse)
            screen = shown(table, seat)
        self._show(seat)
        _out()
        _say(header)
        self._news(table, seat, cursor, screen.events)
        self._rows_shown[seat] = len(handbook.score_sheet(self._game, screen.events).rows)
        _out()
        self._cards(seat, screen.view)
        if screen.glimpse is not None:
            self._glimpse(table, seat, screen.glimpse)

    def _news(self, table: Table, seat: int, cursor: int, events: Sequence[Event]) -> None:
        """What happened since ``cursor``, then the score sheet if a round ended since."""
        self.since(table, seat, cursor)
        sheet = handbook.score_sheet(self._game, events)
        if len(sheet.rows) > self._rows_shown.get(seat, 0):
            _out()
            self._sheet(sheet)

    def after_move(self, table: Table, seat: int, cursor: int) -> None:
        """Tell the person what their move did, then what it let them see, until memorised."""
        self._told = self._narrators[seat].events(shown(table, seat, cursor).events)
        for line in self._told:
            _say(line, "  ")
        self._moved = (seat, table.cursor)
        self._blank = False
        glimpse = shown(table, seat).glimpse
        if glimpse is not None and glimpse.reason in {"peek", "taken"}:
            self._glimpse(table, seat, glimpse)

    def end(self, table: Table, cursors: dict[int, int]) -> None:
        """Close the match: each person's news since their last move, then the score sheet.

        Nothing is secret once the match is over: in hot-seat mode the last hand is cleared
        once, and every person's news follows on one screen, with no hand-over.
        """
        if self._hide_next or self._hot_seat:
            _out(_CLEAR, end="")
            self._hide_next = False
            self._blank = True
        for seat, cursor in cursors.items():
            _out()
            _say(self._ui["the-end"].format(name=self._names[seat]))
            if cursor < table.cursor:
                self.since(table, seat, cursor)
            elif self._blank and self._moved is not None and self._moved[0] == seat:
                for line in self._told:  # their move ended the match, and was wiped
                    _say(line, "  ")
        _out()
        self._sheet(handbook.score_sheet(self._game, table.events(0)))
        _out()

    def play_again(self) -> bool:
        """Ask whether the table plays again; `False` to stop (also for q and Ctrl-D)."""
        while True:
            try:
                typed = self._prompt(self._ui["play-again"]).strip().lower()
            except (_Quit, EOFError):  # the match is over: leaving is saying no
                _out()
                return False
            if typed in _YES:
                return True
            if typed in _NO:
                return False
            _say(self._ui["yes-no"])

    # -- what is on the screen --------------------------------------------------------------

    def _cards(self, seat: int, view: View) -> None:
        """Print ``seat``'s cards and the public table, a wrapped paragraph per line."""
        for line in self._narrators[seat].view(self._arranged(view)):
            _say(line)

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
        _say(ui[glimpse.reason])
        for slot, card in glimpse.seen:
            told = narrator.card(card)
            line = ui["held"] if slot is None else ui["slot"]
            _say(line.format(slot=None if slot is None else slot + 1, card=told), "    ")
        self._hide_next = True
        if glimpse.reason == "drawn" or table.memory_aid:
            return
        self._prompt(ui["memorised" if len(glimpse.seen) > 1 else "memorised-one"])
        table.memorised(seat)
        _out(_CLEAR, end="")
        self._hide_next = False
        self._blank = True

    def _sheet(self, sheet: handbook.ScoreSheet) -> None:
        """Print the score sheet: a row per round, the totals, in right-aligned columns."""
        ui = self._ui
        title = ui.get(f"sheet.{sheet.counts}", ui["sheet"])
        _say(title.format(counts=ui[f"counts.{sheet.counts}"]))
        table = self._table
        single = (
            len(sheet.rows) == 1 and table is not None and handbook.one_round(table.state.rules)
        )
        labels = [
            ui["match-row"] if single else ui["round-row"].format(round=n)
            for n in range(1, len(sheet.rows) + 1)
        ]
        rows: list[tuple[str, Sequence[object]]] = list(zip(labels, sheet.rows, strict=True))
        if len(sheet.rows) > 1:
            rows.append((ui["total-row"], sheet.totals))
        first = max((_cells(label) for label, _ in rows), default=0)
        widths = [max(_cells(name), 3) for name in self._names]
        _out("  " + _padded("", first) + _columns(self._names, widths))
        for label, numbers in rows:
            _out("  " + _padded(label, first) + _columns(numbers, widths))

    def _rules(self) -> None:
        """Print the rules and this table's options."""
        ui = self._ui
        _out()
        _say(ui["rules"].format(title=self._game.title))
        for section in handbook.rules(self._game, self._lang):
            _out()
            _say(section.title, "  ")
            for paragraph in section.paragraphs:
                _say(paragraph, "    ", "")
        _out()
        _say(ui["options"])
        table = self._table
        if table is not None:
            for line in handbook.options_text(
                self._game, table.state.rules, self._lang, names=self._names
            ):
                _say(line, "  - ", "")
            if table.memory_aid:
                _say(ui["aid-option"], "  - ", "")
        _out()

    # -- what the person types --------------------------------------------------------------

    def ask(self, table: Table, seat: int) -> Action:
        """Offer the legal actions as numbered choices and return the one the person picks.

        A single action is done with Enter; a single blind draw asks for the position only.
        More than a dozen choices that name cards, a card in several of them (give a card to
        one player or another), are asked in two short lists: the card, then the move.
        """
        narrator = self._narrators[seat]
        actions = self._in_hand_order(table.view(seat).legal_actions)
        choices = narrator.choices(actions)
        _out()
        if len(choices) == 1:
            text, group = choices[0]
            if len(group) > 1:
                _say(self._ui["your-move"].format(choice=text))
                return group[self._number("position", len(group)) - 1]
            why = handbook.explain(self._game, group[0], self._lang)
            if why is not None:
                _say(why, "  ", "")
            self._enter(text)
            return group[0]
        by_card = _by_card(actions) if len(choices) > _MANY else None
        if by_card is not None:
            # Give a card to one player or another: the card first, then to whom.
            cards = list(by_card)
            _out(self._ui["which-card"])
            digits = len(str(len(cards)))
            for number, card in enumerate(cards, start=1):
                _say(narrator.card(card), f"  {number:>{digits}}. ", "")
            moves = by_card[cards[self._number("choose", len(cards)) - 1]]
            if len(moves) == 1:
                return moves[0]
            choices = narrator.choices(moves)
            _out()
        _out(self._ui["choices"])
        said = None
        digits = len(str(len(choices)))
        for number, (text, group) in enumerate(choices, start=1):
            item = f"  {number:>{digits}}. "
            _say(text, item, "")
            why = handbook.explain(self._game, group[0], self._lang) if len(group) == 1 else None
            if why is not None and why != said:  # once for a run of alike choices (slots)
                said = why
                _say(why, " " * (len(item) + 2), "")
        _, group = choices[self._number("choose", len(choices)) - 1]
        if len(group) == 1:
            return group[0]
        return group[self._number("position", len(group)) - 1]

    def _in_hand_order(self, actions: Sequence[Action]) -> list[Action]:
        """The actions, those that name a card of the hand in the hand's display order.

        Several actions may name one card (give it to one player or another): they stay
        together, in their own order.
        """
        cards = [getattr(action, "card", None) for action in actions]
        if any(card is None for card in cards):
            return list(actions)
        distinct = list(dict.fromkeys(cards))
        order = handbook.arranged(self._game, distinct)  # type: ignore[arg-type]
        rank = {distinct[i]: n for n, i in enumerate(order)}
        by_card = sorted(range(len(actions)), key=lambda i: rank[cards[i]])  # stable
        return [actions[i] for i in by_card]

    def _prompt(self, prompt: str) -> str:
        """Read one answer; `?` shows the rules and asks again, `q` leaves.

        A prompt longer than the terminal is wrapped: all its lines but the last are printed,
        the last one is the prompt proper.
        """
        text = prompt.rstrip(" ")
        *head, last = _wrapped(text).split("\n")
        last += prompt[len(text) :]
        while True:
            for line in head:
                _out(line)
            typed = self._read(last).strip()
            if typed.lower() in _HELP_WORDS:
                self._rules()
                continue
            if typed.lower() in _QUIT_WORDS:
                raise _Quit
            return typed

    def _enter(self, choice: str) -> None:
        """Wait for Enter (or 1) to make the only choice, ``choice``."""
        while self._prompt(self._ui["only"].format(choice=choice)) not in {"", "1"}:
            _say(self._ui["only-again"].format(choice=choice))

    def _number(self, prompt: str, last: int) -> int:
        """Read a number from 1 to ``last``, asking again until one comes."""
        while True:
            typed = self._prompt(self._ui[prompt].format(first=1, last=last))
            # ASCII digits only: str.isdigit() also accepts "²", which int() refuses.
            if typed.isascii() and typed.isdigit() and 1 <= int(typed) <= last:
                return int(typed)
            _say(self._ui["again"].format(first=1, last=last))


def _cells(text: str) -> int:
    """How many terminal columns ``text`` takes: combining marks none, wide characters two."""
    return sum(
        0 if unicodedata.combining(char) else 2 if unicodedata.east_asian_width(char) in "WF" else 1
        for char in text
    )


def _padded(text: str, width: int, *, right: bool = False) -> str:
    """``text`` padded with spaces to ``width`` terminal columns, on the left if ``right``."""
    pad = " " * max(width - _cells(text), 0)
    return pad + text if right else text + pad


def _columns(cells: Sequence[object], widths: Sequence[int]) -> str:
    """One row of the score sheet: each cell right-aligned in its column, two spaces apart."""
    return "".join(
        "  " + _padded(str(cell), width, right=True)
        for cell, width in zip(cells, widths, strict=True)
    )


def _by_card(actions: Sequence[Action]) -> dict[Any, list[Action]] | None:
    """The actions by the card each names, in order, if each names one and some share one."""
    grouped: dict[Any, list[Action]] = {}
    for action in actions:
        card = getattr(action, "card", None)
        if card is None:
            return None
        grouped.setdefault(card, []).append(action)
    return grouped if len(grouped) < len(actions) else None
