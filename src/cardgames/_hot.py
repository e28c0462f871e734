"""The contract methods a playout reads at every step, written once for the built-in games.

`State.is_over` and `State.legal_actions` are read once per action of every simulation. The
engine (`cardgames.engine`) runs interpreted in both builds, so its versions of them cost an
interpreted call each; in the compiled build this module is compiled, so the same lines run as
native code. Each built-in game's `State` lists `HotContract` before the engine's `State`
among its bases::

    class State(HotContract, _BaseState[_Position]): ...

It reads the position's ``to_move`` field directly, and asks the game's
`_compute_legal_actions` hook even once the match is over, so a game that lists it has a
``to_move`` field in its position and a hook that returns ``()`` then (the four built-in games
do; the contract suite checks the latter). A game of your own needs nothing from here: the
engine's versions mean the same, for any position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cardgames._mypyc import mypyc_attr

if TYPE_CHECKING:
    from cardgames.engine import Action

__all__ = ["HotContract"]


class _Positioned(Protocol):
    """A position that names the seat to move, as every built-in game's does."""

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or ``None`` once the match is over."""


class _Stepped(Protocol):
    """What `HotContract` reads of the engine's `State` it is mixed into."""

    @property
    def _pos(self) -> _Positioned: ...

    _legal: tuple[Action, ...] | None

    def _compute_legal_actions(self) -> tuple[Action, ...]: ...


# Not a native class: the engine's `State`, which follows it among a game's bases, is interpreted.
@mypyc_attr(native_class=False)
class HotContract:
    """`is_over` and `legal_actions`, as the engine defines them, compiled in the compiled build."""

    __slots__ = ()

    @property
    def is_over(self: _Stepped) -> bool:
        """Whether the whole match (all its rounds) has ended."""
        return self._pos.to_move is None

    def legal_actions(self: _Stepped) -> tuple[Action, ...]:
        """Every legal action of ``to_move``, in a deterministic order; ``()`` once over.

        Computed once per state and cached, by the game's `_compute_legal_actions` hook.
        """
        state = self  # `state._legal`, not `self._legal`: the slot is the engine's, not ours
        legal = state._legal
        if legal is None:
            legal = state._legal = state._compute_legal_actions()
        return legal
