"""Every exception that `cardgames` raises.

All of them derive from [`CardGameError`][cardgames.errors.CardGameError], and each also
derives from the built-in exception a caller would naturally catch (`ValueError`,
`LookupError` or, for a missing optional package, `ImportError`), so that `except ValueError`
keeps working for code that does not know this library.
"""

from __future__ import annotations

__all__ = [
    "CardGameError",
    "IllegalActionError",
    "InvalidCursorError",
    "InvalidSeatError",
    "InvalidSetupError",
    "InvalidStateError",
    "MissingExtraError",
    "NotYourTurnError",
    "UnknownGameError",
]


class CardGameError(Exception):
    """Base class of every error raised by `cardgames`."""


class IllegalActionError(CardGameError, ValueError):
    """An action was applied that is not in the state's ``legal_actions()``.

    The message names the action, the seat to move and why the action is not legal. The state
    the action was applied to is left untouched.
    """


class NotYourTurnError(IllegalActionError):
    """A seat tried to act at a table when it is not its turn.

    Raised by [`Table.act`][cardgames.table.Table.act] (a bot's seat never has a turn to take).
    The message says whose turn it is, which every seat may know, and nothing else.
    """


class InvalidCursorError(CardGameError, ValueError):
    """A position in a table's event log was asked for that the log does not have.

    Raised by [`Table.events`][cardgames.table.Table.events] for a `since` that is not an
    `int` in `0 .. cursor`; the message names the valid range.
    """


class InvalidSeatError(CardGameError, ValueError):
    """A seat was asked for that the match does not have.

    Raised by `State.view` (and every method that takes a seat) for anything but an `int` in
    `0 .. players - 1`; the message names the bad value and the valid seats.
    """


class InvalidSetupError(CardGameError, ValueError):
    """A new match or a scenario was asked for with impossible parameters.

    Raised for a player count outside the game's range, a malformed seed or rules value, or a
    scenario whose cards, sizes or turn do not make a legal position.
    """


class InvalidStateError(CardGameError, ValueError):
    """A serialized state could not be loaded.

    Raised by `Game.from_json` for anything but a document that describes a match the engine
    could reach: malformed JSON, a document longer than the accepted limit, a wrong format or
    version, another game, unknown cards, an impossible setup or an illegal action history. The
    message says what is wrong and where (a JSON path such as `history[12]` or `setup`).

    Also raised where a state is given that cannot serve: `cardgames.encoding.returns` asks for
    a finished match of its game.
    """


class UnknownGameError(CardGameError, LookupError):
    """A game slug was looked up that is not registered; the message lists the known slugs."""


class MissingExtraError(CardGameError, ImportError):
    """A surface was used whose optional extra of `cardgames-rules` is not installed.

    Raised by the web table, plots, Dask runs and the learning adapters on a plain install. The
    message is one line that names what needs the extra and the command that installs it, such
    as ``cardgames serve needs the web extra: pip install 'cardgames-rules[web]'``; the CLI
    prints it alone and exits with status 2.
    """
