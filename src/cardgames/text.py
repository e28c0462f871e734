"""Text for people: cards, actions, events and views told in English or in French.

A [`Narrator`][cardgames.text.Narrator] tells one match for one reader: with the players'
names, in one language, and as one seat saw it. It says "you" to that seat, names the others,
and never shows a card the seat did not see: it tells the event as the seat saw it (its
redacted form). Without a seat it tells every event as it is given, in the third person: that
is the narrator of a replay or of a bot demo, who sees every hand.

Examples:
    >>> import cardgames
    >>> from cardgames.text import Narrator
    >>> state = cardgames.get_game("crazy-mistigri").new(3, seed=7)
    >>> state = state.apply(state.legal_actions()[0])
    >>> ana = Narrator("crazy-mistigri", names=["Ana", "Ben", "Chloé"], lang="fr", seat=0)
    >>> print(ana.event(state.events[-1]))
    Vous piochez le 8 jaune dans la main de Chloé
    >>> ben = Narrator("crazy-mistigri", names=["Ana", "Ben", "Chloé"], seat=1)
    >>> print(ben.event(state.events[-1]))
    Ana draws a card from Chloé

Each game registers its text as its part ``"text"`` ([`Game.part`][cardgames.engine.Game.part]):
plain message tables, one per language, of format strings with named fields, and three
functions that pick a message and its fields for a card, an action or an event. The narrator
fills the fields; the text of a field follows a short format specification:

- no spec: a seat gives its name, or "you" ("vous") for the narrator's seat; a card gives its
  name (`red 7`, `7 rouge`); several seats or cards are listed with "and" ("et");
- `the`: a card (or cards) with the definite article: `the red 7`, `le 7 rouge`;
- `de`, `à` (French): the preposition, contracted as French requires: `de Ben`, `d’Ana`,
  `du joueur 2`, `au 7 rouge`;
- `+`: cards joined by " + ", a row of cards to add up; `;`: a list of messages joined by "; "
  rather than ", ";
- forms separated by a bar, `card|cards`: the form that agrees with a number, or with the
  number of cards or seats (in French 0 and 1 take the singular). On seats, a third form is the
  one that agrees with "you": `draws|draw` gives "Ben draws", "you draw", and
  `pioche|piochent|piochez` gives "Ben pioche", "Ana et Ben piochent", "vous piochez";
- `@name`: the table's entry `name.<value>`, such as `@colour` on `"red"`.

A message may have variants for a seat field that is the narrator's seat: the narrator tries
``key/field=you`` before ``key`` (``event.drew/seat=you``: "you draw ...").
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from cardgames import get_game
from cardgames._codec import is_int
from cardgames.cards import Card
from cardgames.engine import Action, Event, Game, View
from cardgames.errors import InvalidSetupError

__all__ = ["DEFAULT_NAMES", "LANGUAGES", "Narrator"]

DEFAULT_NAMES: tuple[str, ...] = ("Ana", "Ben", "Chloé", "Dan", "Eva", "Farid")
"""The seats' default names on every surface (the terminal and the web table), seat by seat."""

LANGUAGES: tuple[str, ...] = ("en", "fr")
"""The languages every game's text is written in."""

_WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {"you": "you", "and": "and", "nobody": "nobody", "seat": "player {seat}", ";": "; "},
    "fr": {
        "you": "vous",
        "and": "et",
        "nobody": "personne",
        "seat": "le joueur {seat}",
        ";": " ; ",
    },
}
_VOWELS = frozenset("aeiouyhAEIOUYHàâäéèêëîïôöùûüÀÂÄÉÈÊËÎÏÔÖÙÛÜ")


@attrs.frozen
class _Seat:
    """A seat named in a message."""

    seat: int


@attrs.frozen
class _Seats:
    """Several seats named in a message, in seat order."""

    seats: tuple[int, ...]


@attrs.frozen
class _Message:
    """A message within a message (a list item): its key and fields."""

    key: str
    fields: Mapping[str, object]


class _Formatter(string.Formatter):
    """`str.format` with the narrator's field specifications."""

    def __init__(self, narrator: Narrator) -> None:
        self._narrator = narrator

    def format_field(self, value: Any, format_spec: str) -> str:  # noqa: ANN401 - any field
        return self._narrator._render(value, format_spec)  # noqa: SLF001 - its own helper


class Narrator:
    """Tells cards, actions, events and views of one game for people.

    Args:
        game: the game, or its slug.
        names: one name per seat of the match; by default "player 0", "player 1", ... (in
            French "le joueur 0", ...).
        lang: ``"en"`` or ``"fr"``.
        seat: the seat whose point of view the narration takes ("you"), or ``None`` to tell
            every event as it is given, hidden cards included.

    Raises:
        UnknownGameError: ``game`` is a slug that names no game.
        InvalidSetupError: an unknown language, names that are not non-empty printable text
            or whose number is not a player count of the game, or a seat outside the match.

    Examples:
        >>> from cardgames import kitten_tricks
        >>> from cardgames.text import Narrator
        >>> fr = Narrator(kitten_tricks.GAME, lang="fr")
        >>> fr.card(kitten_tricks.Card(7, "green")), fr.action(kitten_tricks.PlayCard(
        ...     kitten_tricks.Card(1, "red")))
        ('7 vert', 'jouer le 1 rouge (Coup de patte)')
    """

    __slots__ = ("_card_type", "_formatter", "_messages", "_text", "game", "lang", "names", "seat")

    def __init__(
        self,
        game: Game[Any] | str,
        *,
        names: Sequence[str] | None = None,
        lang: str = "en",
        seat: int | None = None,
    ) -> None:
        """Set the narrator up for one game, one language and one reader."""
        self.game: Game[Any] = get_game(game) if isinstance(game, str) else game
        """The game told."""
        if lang not in LANGUAGES:
            msg = f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}"
            raise InvalidSetupError(msg)
        self.lang: str = lang
        """The language of the narration."""
        self.names: tuple[str, ...] | None = None if names is None else self._check_names(names)
        """The players' names, one per seat, or ``None`` for the default names."""
        seats = self.game.max_players if self.names is None else len(self.names)
        if seat is not None and (not is_int(seat) or not 0 <= seat < seats):
            msg = f"seat must be None or a seat number 0..{seats - 1}, not {seat!r}"
            raise InvalidSetupError(msg)
        self.seat: int | None = seat
        """The seat told as "you", or ``None`` for a narrator who sees everything."""
        self._text: Any = self.game.part("text")
        self._messages: Mapping[str, str] = self._text.messages[lang]
        self._card_type: type[Card] = type(self.game.deck(self.game.min_players).cards[0])
        self._formatter = _Formatter(self)

    def _check_names(self, names: Sequence[str]) -> tuple[str, ...]:
        if isinstance(names, str) or not isinstance(names, Sequence):
            msg = f"names must be a sequence of names, one per seat, not {names!r}"
            raise InvalidSetupError(msg)
        for name in names:
            if not isinstance(name, str) or not name.strip() or not name.isprintable():
                msg = f"each name must be non-empty printable text, not {name!r}"
                raise InvalidSetupError(msg)
        if not self.game.min_players <= len(names) <= self.game.max_players:
            msg = (
                f"{self.game.title} is played by {self.game.min_players} to "
                f"{self.game.max_players} players: give as many names, not {len(names)}"
            )
            raise InvalidSetupError(msg)
        return tuple(names)

    def __repr__(self) -> str:
        """Return ``<Narrator 'slug' fr seat=0>``."""
        return f"<Narrator {self.game.slug!r} {self.lang} seat={self.seat}>"

    # -- what the narrator tells ------------------------------------------------------------

    def name(self, seat: int) -> str:
        """Return the name of ``seat`` (never "you").

        Raises:
            InvalidSetupError: the narrator has names and none for ``seat``.
        """
        if self.names is None:
            return _WORDS[self.lang]["seat"].format(seat=seat)
        if not 0 <= seat < len(self.names):
            msg = f"the narrator has names for seats 0..{len(self.names) - 1}, not seat {seat}"
            raise InvalidSetupError(msg)
        return self.names[seat]

    def card(self, card: Card) -> str:
        """Return the card's name, such as ``red 7`` or ``7 rouge``.

        Raises:
            TypeError: ``card`` is not a card of this game.
        """
        return self._card(card, "")

    def action(self, action: Action) -> str:
        """Return what ``action`` does, as a choice offered to the player: ``play the red 7``.

        Raises:
            TypeError: ``action`` is not an action of this game.
        """
        self._check_action(action)
        key, fields = self._text.action(action)
        return self._say(key, fields)

    def _check_action(self, action: object) -> None:
        if not isinstance(action, Action) or action.kind not in self.game.action_kinds:
            msg = f"not a {self.game.title} action: {action!r}"
            raise TypeError(msg)

    def choices(self, actions: Sequence[Action]) -> tuple[tuple[str, tuple[Action, ...]], ...]:
        """Return the choices to offer a person for ``actions``, in order, each with its actions.

        Each action is one choice, except that the actions of a kind whose legal actions are
        all alike (``interchangeable``, such as a blind draw by position) make one choice, told
        once ("draw one of the 9 cards, blind"), whose actions are the positions to pick from.

        Raises:
            TypeError: an action is not an action of this game.

        Examples:
            >>> import cardgames
            >>> from cardgames.text import Narrator
            >>> state = cardgames.get_game("crazy-mistigri").new(3, seed=7)
            >>> [(text, len(group)) for text, group in Narrator("crazy-mistigri").choices(
            ...     state.legal_actions())]
            [('draw one of the 10 cards, blind', 10)]
        """
        grouped: dict[object, list[Action]] = {}
        for action in actions:
            self._check_action(action)
            blind = type(action).interchangeable
            grouped.setdefault(type(action) if blind else action, []).append(action)
        told = []
        for key, group in grouped.items():
            if isinstance(key, type):
                key_name = f"action.{group[0].kind}.blind"
                told.append((self._say(key_name, {"count": len(group)}), tuple(group)))
            else:
                key_name, fields = self._text.action(group[0])
                told.append((self._say(key_name, fields), (group[0],)))
        return tuple(told)

    def event(self, event: Event) -> str:
        """Return one line telling ``event`` as the narrator's seat saw it.

        Raises:
            TypeError: ``event`` is not an event.
        """
        if not isinstance(event, Event):
            msg = f"not an event: {event!r}"  # type: ignore[unreachable]
            raise TypeError(msg)
        if self.seat is not None:
            event = event.seen_by(self.seat)
        key, fields = self._text.event(event)
        return _capitalized(self._say(key, fields))

    def events(self, events: Iterable[Event]) -> tuple[str, ...]:
        """Return one line per event, in order (see [`event`][cardgames.text.Narrator.event])."""
        return tuple(map(self.event, events))

    def view(self, view: View) -> tuple[str, ...]:
        """Return the lines that show ``view`` to its seat: its own cards, then the table.

        Raises:
            TypeError: ``view`` is not a view of this game.
        """
        if not isinstance(view, View) or view.game != self.game.slug:
            msg = f"not a {self.game.title} view: {view!r}"
            raise TypeError(msg)
        return tuple(_capitalized(self._say(key, fields)) for key, fields in self._text.view(view))

    # -- rendering ------------------------------------------------------------------------------

    def _say(self, key: str, fields: Mapping[str, object]) -> str:
        fields = self._marked(fields)
        return self._formatter.vformat(self._template(key, fields), (), fields)

    def _marked(self, fields: Mapping[str, object]) -> dict[str, object]:
        """The fields with their seats and nested messages marked for rendering."""
        seat_fields = self._text.seat_fields
        marked: dict[str, object] = {}
        for name, value in fields.items():
            if name in seat_fields and isinstance(value, int):
                marked[name] = _Seat(value)
            elif name in seat_fields and isinstance(value, tuple):
                marked[name] = _Seats(value)
            elif isinstance(value, list):
                marked[name] = [_Message(key, self._marked(sub)) for key, sub in value]
            else:
                marked[name] = value
        return marked

    def _template(self, key: str, fields: Mapping[str, object]) -> str:
        """The message for ``key``, or its variant for a seat field that is the reader."""
        for name, value in fields.items():
            if isinstance(value, _Seat) and value.seat == self.seat:
                variant = self._messages.get(f"{key}/{name}=you")
                if variant is not None:
                    return variant
        try:
            return self._messages[key]
        except KeyError:
            msg = f"{self.game.title} has no {self.lang!r} text for {key!r}"
            raise LookupError(msg) from None

    def _card(self, card: object, form: str) -> str:
        if not isinstance(card, self._card_type):
            msg = f"not a {self.game.title} card: {card!r}"
            raise TypeError(msg)
        key, fields = self._text.card(card)
        return self._say(f"{key}:the" if form else key, fields)

    def _render(self, value: object, spec: str) -> str:  # noqa: PLR0911 - one case per kind
        if "|" in spec:
            return self._agreeing(value, spec.split("|"))
        if spec.startswith("@"):
            return self._messages[f"{spec[1:]}.{value}"]
        if isinstance(value, _Seat):
            return self._preposition(spec, self._person(value.seat))
        if isinstance(value, _Seats):
            if not value.seats:
                return _WORDS[self.lang]["nobody"]
            return self._listed([self._person(seat) for seat in value.seats])
        if isinstance(value, Card):
            form = self._card(value, spec)
            return self._preposition(spec, form)
        if isinstance(value, list):
            said = [
                self._formatter.vformat(self._template(m.key, m.fields), (), m.fields)
                for m in value
            ]
            return (_WORDS[self.lang][";"] if spec == ";" else ", ").join(said)
        if isinstance(value, tuple):
            items = [self._render(item, "" if spec == "+" else spec) for item in value]
            return " + ".join(items) if spec == "+" else self._listed(items)
        return format(value, spec)

    def _person(self, seat: int) -> str:
        return _WORDS[self.lang]["you"] if seat == self.seat else self.name(seat)

    def _agreeing(self, value: object, forms: list[str]) -> str:
        """The form of ``forms`` (singular, plural, "you") that agrees with ``value``."""
        you = forms[2] if len(forms) > 2 else forms[1]  # noqa: PLR2004 - the optional third form
        if isinstance(value, _Seat):
            return you if value.seat == self.seat else forms[0]
        if isinstance(value, _Seats):
            if self.seat in value.seats:
                return you
            count = len(value.seats)
        elif isinstance(value, int):
            count = value
        else:
            count = len(value)  # type: ignore[arg-type]
        singular = count < 2 if self.lang == "fr" else count == 1  # noqa: PLR2004
        return forms[0] if singular else forms[1]

    def _preposition(self, spec: str, text: str) -> str:
        """French "de" or "à" before ``text``, contracted as French requires."""
        if spec in {"", "the"}:
            return text
        article = {"de": ("du ", "des ", "d’"), "à": ("au ", "aux ", "à ")}[spec]
        if text.startswith("le "):
            return article[0] + text[3:]
        if text.startswith("les "):
            return article[1] + text[4:]
        if spec == "de" and text[:1] in _VOWELS:
            return article[2] + text
        return f"{spec} {text}"

    def _listed(self, items: list[str]) -> str:
        if len(items) < 2:  # noqa: PLR2004
            return "".join(items)
        return f"{', '.join(items[:-1])} {_WORDS[self.lang]['and']} {items[-1]}"


def _capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]
