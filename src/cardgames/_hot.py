"""The contract methods a playout reads at every step, written once for the built-in games.

`State.is_over` and `State.legal_actions` are read once per action of every simulation. The
engine (`cardgames.engine`) runs interpreted in both builds, so its versions of them cost an
interpreted call each; in the compiled build this module is compiled, so the same lines run as
native code. Each built-in game's `State` lists `HotContract` before the engine's `State`
among its bases::

    class State(HotContract, _BaseState[_Position]): ...

A game of your own needs nothing from here: the engine's versions mean the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cardgames._mypyc import mypyc_attr

if TYPE_CHECKING:
    from cardgames.engine import Action, _Positioned

__all__ = ["HotContract"]


class _Stepped(Protocol):
    """What `HotContract` calls of the engine's `State` it is mixed into."""

    _pos: _Positioned
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

        Computed once per state and cached; the game's `_compute_legal_actions` hook computes
        them while the match is on.
        """
        legal = self._legal
        if legal is None:
            legal = () if self._pos.to_move is None else self._compute_legal_actions()
            _cache(self, legal)
        return legal


def _cache(state: _Stepped, legal: tuple[Action, ...]) -> None:
    # Set outside the method so that type checkers read `_legal` as the engine's slot, not as
    # an attribute this mixin defines.
    state._legal = legal  # noqa: SLF001
