"""Every exception that :mod:`cardgames` raises.

All of them derive from :class:`CardGameError`, and each also derives from the built-in
exception a caller would naturally catch (``ValueError`` or ``LookupError``), so that
``except ValueError`` keeps working for code that does not know this library.
"""

from __future__ import annotations

__all__ = [
    "CardGameError",
    "IllegalActionError",
    "InvalidSetupError",
    "InvalidStateError",
    "UnknownGameError",
]


class CardGameError(Exception):
    """Base class of every error raised by :mod:`cardgames`."""


class IllegalActionError(CardGameError, ValueError):
    """An action was applied that is not in the state's ``legal_actions()``.

    The message names the action, the seat to move and why the action is not legal. The state
    the action was applied to is left untouched.
    """


class InvalidSetupError(CardGameError, ValueError):
    """A new match or a scenario was asked for with impossible parameters.

    Raised for a player count outside the game's range, a malformed seed or rules value, or a
    scenario whose cards, sizes or turn do not make a legal position.
    """


class InvalidStateError(CardGameError, ValueError):
    """A serialized state could not be loaded.

    Raised by ``Game.from_json`` for malformed JSON, a wrong format version, an unknown game,
    unknown cards, an impossible setup or an illegal action history. The message says what is
    wrong and where (a JSON path such as ``history[12]``).
    """


class UnknownGameError(CardGameError, LookupError):
    """A game slug was looked up that is not registered; the message lists the known slugs."""
