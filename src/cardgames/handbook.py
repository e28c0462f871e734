"""The handbook of a game: what a person at a table needs beside the cards.

Every surface for people (the terminal, the web table) shows a hand, offers choices and keeps
score the same way; this module gives them the words and the order, in English and in French,
for any game that registers the part ``"handbook"`` (each built-in game does):

- [`arranged`][cardgames.handbook.arranged]: the display order of a hand (by colour, then
  value; Crazy Mistigri groups the cards that pair; Crazy Animals' slots keep their places);
- [`rules`][cardgames.handbook.rules]: the rules, short and family-readable, in sections;
- [`explain`][cardgames.handbook.explain]: one sentence on what choosing an action does, for
  the choices that set off an effect (`None` for a plain move);
- [`options_text`][cardgames.handbook.options_text]: the rules options of a table, one line each;
- [`score_sheet`][cardgames.handbook.score_sheet]: the score sheet, one row per round;
- [`one_round`][cardgames.handbook.one_round]: whether a table's match is a single round (no
  round number to show, one row on the score sheet).

The rules are written in the project's own words from each game's page of this documentation;
the game's page, clause by clause, stays the reference.

Examples:
    >>> import cardgames
    >>> from cardgames import handbook
    >>> game = cardgames.get_game("kitten-tricks")
    >>> from cardgames.kitten_tricks import Card, PlayCard
    >>> hand = [Card(3, "blue"), Card(7, "red"), Card(1, "blue"), Card(2, "red")]
    >>> [str(hand[i]) for i in handbook.arranged(game, hand)]
    ['red 2', 'red 7', 'blue 1', 'blue 3']
    >>> handbook.rules(game, "fr")[0].title
    'Le but du jeu'
    >>> handbook.explain(game, PlayCard(hand[2]), "en")[:40]
    'Coup de patte: if the highest card of th'
    >>> print(handbook.explain(game, PlayCard(hand[0]), "en"))
    None
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any, Protocol

import attrs

from cardgames import get_game
from cardgames.cards import Card
from cardgames.engine import Action, Event, Game
from cardgames.errors import InvalidSetupError

__all__ = [
    "LANGUAGES",
    "ScoreSheet",
    "Section",
    "arranged",
    "explain",
    "one_round",
    "options_text",
    "rules",
    "score_sheet",
]

LANGUAGES: tuple[str, ...] = ("en", "fr")
"""The languages every handbook is written in."""


@attrs.frozen
class Section:
    """One section of a game's rules: a title and its paragraphs of plain text."""

    title: str
    """The section's title, such as "Your turn" or « Votre tour »."""
    paragraphs: tuple[str, ...]
    """The section's paragraphs, in order."""


@attrs.frozen
class ScoreSheet:
    """A match's score sheet: one row per round played to its end, and the totals.

    What a number counts depends on the game (`counts`):

    - `"penalty-points"` (Crazy Mistigri): the penalty points of each seat in the round; the
      lowest total wins;
    - `"points"` (Crazy Animals, the « bloc de score »): the sum of each seat's four slots in
      the round; the lowest total wins;
    - `"super-chats"` (Kitten tricks): 1 for each seat that gained a Super Chat card in the
      round, else 0; three make a win;
    - `"pairs"` (Classic Mistigri, a match of one round): the pairs each seat laid down. The
      Mistigri's holder is told by the match's end, not by the sheet.
    """

    rows: tuple[tuple[int, ...], ...]
    """One row per round, in order: what the round gave each seat, seat by seat."""
    totals: tuple[int, ...]
    """The sum of the rows, seat by seat (empty while no round has ended)."""
    counts: str = ""
    """What the numbers count: `"penalty-points"`, `"points"`, `"super-chats"` or `"pairs"`."""

    @property
    def running(self) -> tuple[tuple[int, ...], ...]:
        """The running totals after each row, seat by seat."""
        columns = [tuple(itertools.accumulate(column)) for column in zip(*self.rows, strict=True)]
        return tuple(zip(*columns, strict=True))


class _Part(Protocol):
    """What a game registers as its part ``"handbook"`` (plain data: games import only the core).

    ``rules[language]`` is a tuple of ``(title, paragraphs)``; ``arranged`` returns indices into
    the hand; ``rows`` returns the score sheet's rows from a match's events.
    """

    counts: str
    rules: Any

    def arranged(self, hand: Sequence[Any]) -> Sequence[int]: ...

    def explain(self, action: Any, language: str) -> str | None: ...  # noqa: ANN401

    def options(self, rules: Any, language: str, first: str) -> Sequence[str]: ...  # noqa: ANN401

    def rows(self, events: Sequence[Any]) -> Sequence[tuple[int, ...]]: ...


def _game(game: Game[Any] | str) -> Game[Any]:
    return get_game(game) if isinstance(game, str) else game


def _part(game: Game[Any]) -> _Part:
    part: _Part = game.part("handbook")
    return part


def _check_language(language: str) -> None:
    if language not in LANGUAGES:
        msg = f"language must be one of {', '.join(LANGUAGES)}, not {language!r}"
        raise InvalidSetupError(msg)


def arranged(game: Game[Any] | str, hand: Sequence[Card]) -> tuple[int, ...]:
    """Return the display order of `hand`, as indices into `hand`.

    By colour, then value (Classic Mistigri: by motif, the Mistigri last); in Crazy Mistigri
    the cards that pair are grouped together (see its `handbook` module); Crazy Animals' slots
    are never reordered (a slot's place is what a player remembers). The same hand always gives
    the same order.

    Raises:
        UnknownGameError: `game` is a slug that names no game.
        LookupError: the game registers no handbook.
        TypeError: a card of `hand` is not a card of the game.
    """
    game = _game(game)
    card_type = type(game.deck(game.min_players).cards[0])
    for card in hand:
        if not isinstance(card, card_type):
            msg = f"not a {game.title} card: {card!r}"
            raise TypeError(msg)
    return tuple(_part(game).arranged(tuple(hand)))


def rules(game: Game[Any] | str, language: str) -> tuple[Section, ...]:
    """Return the rules of `game` in `language` (`"en"` or `"fr"`), section by section.

    Raises:
        UnknownGameError: `game` is a slug that names no game.
        LookupError: the game registers no handbook.
        InvalidSetupError: an unknown language.
    """
    game = _game(game)
    _check_language(language)
    return tuple(
        Section(title, tuple(paragraphs)) for title, paragraphs in _part(game).rules[language]
    )


def explain(game: Game[Any] | str, action: Action, language: str) -> str | None:
    """Return one sentence saying what choosing `action` does, or `None` for a plain move.

    Every choice that sets off an effect is explained: Crazy Mistigri's pairs of equal value
    (1+1 to 9+9) and the choices they offer, passing; Crazy Animals' Swap, Peek, Draw-two and
    knocking; Kitten tricks' Coup de patte. Drawing a card or playing a plain card is not.

    Raises:
        UnknownGameError: `game` is a slug that names no game.
        LookupError: the game registers no handbook.
        TypeError: `action` is not an action of the game.
        InvalidSetupError: an unknown language.
    """
    game = _game(game)
    if not isinstance(action, Action) or type(action) not in game.action_types:
        msg = f"not a {game.title} action: {action!r}"
        raise TypeError(msg)
    _check_language(language)
    return _part(game).explain(action, language)


def options_text(
    game: Game[Any] | str,
    rules: object,
    language: str,
    *,
    names: Sequence[str] | None = None,
) -> tuple[str, ...]:
    """Return the rules options `rules` of a table of `game`, one line each, in `language`.

    The first player is named from `names` (the players' names by seat) when given, else
    counted from 1 (« joueur 2 », "player 2").

    Raises:
        UnknownGameError: `game` is a slug that names no game.
        LookupError: the game registers no handbook.
        TypeError: `rules` is not the game's `Rules`.
        InvalidSetupError: an unknown language.
    """
    game = _game(game)
    if not isinstance(rules, game.Rules):
        msg = f"not {game.title} rules options: {rules!r}"
        raise TypeError(msg)
    _check_language(language)
    seat: int = rules.first_player
    first = names[seat] if names is not None else _PLAYER[language].format(number=seat + 1)
    return tuple(_part(game).options(rules, language, first))


def one_round(rules: object) -> bool:
    """Whether a match under these rules options is always a single round.

    It is when the options set no round count at all (Classic Mistigri), or cap the match at
    one round (`max_rounds`, else `rounds`, equal to 1). A count that depends on the players
    (Crazy Animals' `rounds=None`) is never one.

    Examples:
        >>> from cardgames import classic_mistigri, crazy_animals, crazy_mistigri
        >>> one_round(classic_mistigri.Rules()), one_round(crazy_animals.Rules())
        (True, False)
        >>> one_round(crazy_mistigri.Rules(rounds=1, max_rounds=1))
        True
    """
    if hasattr(rules, "max_rounds"):
        return bool(rules.max_rounds == 1)
    if hasattr(rules, "rounds"):
        return bool(rules.rounds == 1)
    return True


_PLAYER = {"en": "player {number}", "fr": "joueur {number}"}
"""A seat named by its number, counted from 1, where no name is given."""


def score_sheet(game: Game[Any] | str, events: Sequence[Event]) -> ScoreSheet:
    """Return the score sheet of a match from its events (all of them, from the deal on).

    Each round that has ended is a row, read from the game's round-scoring event (see
    [`ScoreSheet`][cardgames.handbook.ScoreSheet] for what each game's numbers count). Events
    as any seat saw them will do: the scoring events are public.

    Raises:
        UnknownGameError: `game` is a slug that names no game.
        LookupError: the game registers no handbook.
        TypeError: an item of `events` is not an event.
    """
    game = _game(game)
    for event in events:
        if not isinstance(event, Event):
            msg = f"not an event: {event!r}"  # type: ignore[unreachable]
            raise TypeError(msg)
    part = _part(game)
    rows = tuple(tuple(row) for row in part.rows(events))
    totals = tuple(map(sum, zip(*rows, strict=True)))
    return ScoreSheet(rows, totals, part.counts)
