"""Bot specs: a bot named so that it can be written on a command line and sent to a worker.

A [`BotSpec`][cardgames.bots.spec.BotSpec] names a built-in bot (`random`, `heuristic`,
`tuned`, `casual`, `ismcts` or `rollout` with their options) or a *factory*; the bot itself is built
where the match is played. Simulations (`cardgames.arena`), tables (`cardgames.table`) and
the command line take bots as specs or as a spec's text.

Examples:
    >>> from cardgames.bots.spec import BotSpec
    >>> str(BotSpec.parse("ismcts:iterations=50"))
    'ismcts:iterations=50'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

import attrs

from cardgames._codec import short_repr
from cardgames.bots import Bot, ISMCTSBot, RandomBot, heuristic_bot, levels, rollout, tuned_bot
from cardgames.bots import ismcts as ismcts_bounds
from cardgames.engine import HORIZONS
from cardgames.errors import InvalidSetupError

__all__ = ["BOT_KINDS", "ISMCTS_DEFAULTS", "ROLLOUT_DEFAULTS", "BotSpec"]

BOT_KINDS = ("random", "heuristic", "tuned", "casual", "ismcts", "rollout")
"""The bots a [`BotSpec`][cardgames.bots.spec.BotSpec] can name (`tuned`: the game's heuristic
bot with tuned thresholds, [`tuned_bot`][cardgames.bots.tuned_bot]; `casual`: the easy level;
`rollout`: [`RolloutBot`][cardgames.bots.rollout.RolloutBot], the hard level).

A spec's text may also name a level (`easy`, `medium`, `hard`, or in French `facile`, `moyen`,
`difficile`): see `cardgames.bots.levels`.
"""

ISMCTS_DEFAULTS: Mapping[str, bool | int | float | str] = {
    "iterations": 100,
    "exploration": 0.7,
    "playout": "heuristic",
    "search_opponents": False,
    "prior_weight": 3.0,
    "margin_weight": 0.85,
    "horizon": "match",
}
"""The settings of the `ismcts` bot spec: the measured-strong configuration of `ISMCTSBot`.

The game's heuristic bot plays the simulations and models the opponents
(`search_opponents=False`); see the Bots page. Each can be changed in the spec, as in
`ismcts:iterations=400:playout=random`, within its bounds
([`BOUNDS`][cardgames.bots.ismcts.BOUNDS]: `iterations` 1 to
[`MAX_ITERATIONS`][cardgames.bots.ismcts.MAX_ITERATIONS], the weights finite; `horizon` is
`match` or `round`, `playout` `heuristic` or `random`). A spec may also
add a time budget, `seconds` (0.001 to 60, none by default): the search stops at whichever
budget runs out first, so the bot answers in time whatever its iterations, but its choices
then depend on the machine and its load; iterations alone keep them reproducible.
"""

ROLLOUT_DEFAULTS: Mapping[str, bool | int | float | str] = {
    "samples": 64,
    "confidence": 1.5,
    "horizon": "round",
    "halving": True,
    "informed": True,
    "margin_weight": 0.85,
    "policy": "heuristic",
}
"""The settings of the `rollout` bot spec ([`RolloutBot`][cardgames.bots.rollout.RolloutBot]).

Each can be changed in the spec, as in `rollout:samples=64:confidence=2`, within its bounds
([`ROLLOUT_BOUNDS`][cardgames.bots.rollout.ROLLOUT_BOUNDS]; `horizon` is `round` or `match`,
`halving` and `informed` are `true` or `false`; `policy` is `heuristic` or `tuned`, the bot
that makes the default move and plays the bot's own seat in the rollouts, while the game's
heuristic bot plays the other seats). The defaults are the `hard` level's settings but its
time budget and its policy (`tuned`). A spec may add a time budget, `seconds` (0.001 to 60,
none by default), with the same trade-off as for `ismcts`: an answer in time, but choices that
depend on the machine.
"""


# Option values as written on a command line: ASCII only, so that "²" (which str.isdigit()
# accepts) or an Arabic-Indic digit (which int() reads) is a word, never a number.
_INT_TEXT = re.compile(r"[+-]?[0-9]{1,30}")
_FLOAT_TEXT = re.compile(
    r"[+-]?(?:[0-9]{1,30}(?:\.[0-9]{0,30})?|\.[0-9]{1,30})(?:[eE][+-]?[0-9]{1,3})?"
)
_MAX_SPEC_LENGTH = 256
"""The longest bot spec text `BotSpec.parse` reads; a real one is under 100 characters."""
_ISMCTS_OPTIONS = (*ISMCTS_DEFAULTS, "seconds")
_ROLLOUT_OPTIONS = (*ROLLOUT_DEFAULTS, "seconds")
_DEFAULTS: Mapping[str, Mapping[str, bool | int | float | str]] = {
    "ismcts": ISMCTS_DEFAULTS,
    "rollout": ROLLOUT_DEFAULTS,
}
_MAX_OPTIONS = max(len(_ISMCTS_OPTIONS), len(_ROLLOUT_OPTIONS))


def _option_value(text: str) -> bool | int | float | str:
    """Read an option value written on a command line: a bool, a number or a word."""
    lowered = text.lower()
    if lowered in {"true", "false"}:
        return lowered == "true"
    if _INT_TEXT.fullmatch(text):
        return int(text)
    if _FLOAT_TEXT.fullmatch(text):
        return float(text)
    return text


def _ismcts_option(name: str, value: object) -> bool | int | float | str:
    """Check one ISMCTS option of a spec and return it in its canonical type.

    Every option has a bound (`cardgames.bots.ismcts.BOUNDS`), checked before any
    conversion, so no value raises anything but `InvalidSetupError`.
    """
    if name not in _ISMCTS_OPTIONS:
        msg = f"ismcts has no option {short_repr(name)}; its options: {', '.join(_ISMCTS_OPTIONS)}"
        raise InvalidSetupError(msg)
    if name in ismcts_bounds.BOUNDS:
        return ismcts_bounds.check_setting(name, value)
    if name == "search_opponents":
        if isinstance(value, bool):
            return value
        wanted = "true or false"
    elif name == "horizon":
        if isinstance(value, str) and value in HORIZONS:
            return value
        wanted = " or ".join(repr(h) for h in HORIZONS)
    else:
        if isinstance(value, str) and value in {"heuristic", "random"}:
            return value
        wanted = "'heuristic' or 'random'"
    msg = f"ismcts option {name} must be {wanted}, got {short_repr(value)}"
    raise InvalidSetupError(msg)


def _rollout_option(name: str, value: object) -> bool | int | float | str:
    """Check one option of a `rollout` spec and return it in its canonical type.

    Raises:
        InvalidSetupError: an unknown option, or a value of the wrong type or out of bounds.
    """
    if name not in _ROLLOUT_OPTIONS:
        msg = (
            f"rollout has no option {short_repr(name)}; its options: {', '.join(_ROLLOUT_OPTIONS)}"
        )
        raise InvalidSetupError(msg)
    if name in rollout.ROLLOUT_BOUNDS:
        return rollout.check_setting(name, value)
    if name in {"halving", "informed"}:
        if isinstance(value, bool):
            return value
        wanted = "true or false"
    elif name == "policy":
        if isinstance(value, str) and value in {"heuristic", "tuned"}:
            return value
        wanted = "'heuristic' or 'tuned'"
    else:
        if isinstance(value, str) and value in HORIZONS:
            return value
        wanted = " or ".join(repr(h) for h in HORIZONS)
    msg = f"rollout option {name} must be {wanted}, got {short_repr(value)}"
    raise InvalidSetupError(msg)


def _random_bot(slug: str) -> Bot:
    """A `RandomBot`, whatever the game."""
    del slug
    return RandomBot()


_PLAIN_BOTS: Mapping[str, Callable[[str], Bot]] = {
    "random": _random_bot,
    "heuristic": heuristic_bot,
    "tuned": tuned_bot,
    "casual": levels.CasualBot,
}
"""How each bot with no options is built for a game, by kind."""


def _check_kind(spec: BotSpec, attribute: attrs.Attribute[str], kind: str) -> None:
    del attribute
    if spec.factory is not None or kind == "factory":
        if kind != "factory" or not callable(spec.factory):
            msg = f"a factory spec needs kind 'factory' and a callable, got {spec.factory!r}"
            raise InvalidSetupError(msg)
        return
    if kind not in BOT_KINDS:
        msg = f"no bot {kind!r}; known bots: {', '.join(BOT_KINDS)} (or a bot factory)"
        raise InvalidSetupError(msg)
    if kind not in _DEFAULTS and spec.options:
        msg = f"the {kind} bot takes no options, got {dict(spec.options)}"
        raise InvalidSetupError(msg)


def _canonical_options(options: object) -> tuple[tuple[str, bool | int | float | str], ...]:
    """Sorted `(name, value)` pairs, from a mapping or from pairs; each name at most once."""
    items = tuple(options.items()) if isinstance(options, Mapping) else options
    if isinstance(items, tuple | list) and len(items) > _MAX_OPTIONS:
        msg = f"a bot takes at most {_MAX_OPTIONS} options, got {len(items)}"
        raise InvalidSetupError(msg)
    if not isinstance(items, tuple | list) or not all(
        isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str)  # noqa: PLR2004
        for item in items
    ):
        msg = f"bot options must be a mapping or (name, value) pairs, got {options!r}"
        raise InvalidSetupError(msg)
    names = [name for name, _ in items]
    if len(set(names)) != len(names):
        msg = f"a bot option is given twice: {names}"
        raise InvalidSetupError(msg)
    return tuple(sorted(items))


def _default_label(spec: BotSpec) -> str:
    if spec.factory is not None:
        factory = spec.factory
        return str(getattr(factory, "__qualname__", None) or repr(factory))
    defaults = _DEFAULTS.get(spec.kind, {})
    given = [
        f"{name}={_format_value(value)}"
        for name, value in spec.options
        if defaults.get(name) != value
    ]
    return ":".join([spec.kind, *given])


def _format_value(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


@attrs.frozen
class BotSpec:
    """A bot named so that it can be written on a command line and sent to another process.

    The bot itself is built where the match is played (in the worker), from the spec: a
    built-in bot by name, or a *factory*, any picklable callable that takes no argument and
    returns a new bot (a module-level class or function, or a `functools.partial` of one).
    Two specs are the same bot, for the statistics, when their labels are equal.

    Built-in bots: `random` (`RandomBot`), `heuristic` (the game's heuristic bot), `tuned` (its
    tuned heuristic bot, [`tuned_bot`][cardgames.bots.tuned_bot]), `casual`
    (the easy level), `ismcts` (`ISMCTSBot` with
    [`ISMCTS_DEFAULTS`][cardgames.bots.spec.ISMCTS_DEFAULTS], each of which the spec can
    change: `ismcts:iterations=50:playout=random`) and `rollout` (`RolloutBot` with
    [`ROLLOUT_DEFAULTS`][cardgames.bots.spec.ROLLOUT_DEFAULTS]: `rollout:samples=8`).

    Examples:
        >>> BotSpec.parse("ismcts:iterations=50")
        BotSpec(kind='ismcts', options=(('iterations', 50),), factory=None, label='ismcts:iterations=50')
        >>> str(BotSpec.parse("ismcts:iterations=100"))
        'ismcts'
    """  # noqa: E501 - a doctest's output line cannot be wrapped

    kind: str = attrs.field(validator=_check_kind)
    """`random`, `heuristic`, `tuned`, `casual`, `ismcts`, `rollout`, or `factory` for a bot
    built by `factory`."""
    options: tuple[tuple[str, bool | int | float | str], ...] = attrs.field(
        default=(), converter=_canonical_options
    )
    """The options of an `ismcts` or `rollout` spec, as sorted `(name, value)` pairs."""
    factory: Callable[[], Bot] | None = None
    """The callable that builds the bot (`kind == "factory"`), else `None`."""
    label: str = attrs.field(default=attrs.Factory(_default_label, takes_self=True))
    """The bot's name in reports: the spec as it would be written, or the factory's name."""

    def __attrs_post_init__(self) -> None:
        """Check the options of an `ismcts` or `rollout` spec and keep them canonical."""
        if self.kind in _DEFAULTS:
            defaulted = self.label == _default_label(self)
            check = _ismcts_option if self.kind == "ismcts" else _rollout_option
            checked = tuple((name, check(name, value)) for name, value in self.options)
            object.__setattr__(self, "options", checked)
            if defaulted:
                object.__setattr__(self, "label", _default_label(self))
        if not self.label:
            msg = "a bot's label must not be empty"
            raise InvalidSetupError(msg)

    def __eq__(self, other: object) -> bool:
        """Specs are equal when they name the same bot (the same label)."""
        if not isinstance(other, BotSpec):
            return NotImplemented
        return self.label == other.label

    def __hash__(self) -> int:
        """Hash by label, like equality."""
        return hash(self.label)

    def __str__(self) -> str:
        """Return the label."""
        return self.label

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """Read a spec as written on a command line: `NAME[:OPTION=VALUE]...`.

        Numbers are written in ASCII digits (`iterations=200`, `seconds=0.5`); anything
        else is a word.

        Raises:
            InvalidSetupError: an unknown bot or option, a malformed value or one out of its
                bounds, or a text longer than 256 characters.
        """
        if not isinstance(text, str) or len(text) > _MAX_SPEC_LENGTH:
            msg = f"a bot spec is a text of at most {_MAX_SPEC_LENGTH} characters"
            raise InvalidSetupError(msg)
        level = levels.spec_text(text)
        if level is not None:
            text = level
        kind, *pairs = text.strip().split(":")
        options = []
        for pair in pairs:
            name, equals, value = pair.partition("=")
            if not equals or not name:
                msg = f"bot option {pair!r} of {text!r} is not NAME=VALUE"
                raise InvalidSetupError(msg)
            options.append((name.strip(), _option_value(value.strip())))
        return cls(kind, tuple(options))

    @classmethod
    def of(cls, bot: object) -> BotSpec:
        """Return `bot` as a spec: a spec as is, a string parsed, a callable as a factory.

        Raises:
            InvalidSetupError: an unknown bot or option, or an object that is none of these.
        """
        if isinstance(bot, BotSpec):
            return bot
        if isinstance(bot, str):
            return cls.parse(bot)
        if callable(bot):
            factory: Callable[[], Bot] = bot
            return cls("factory", factory=factory)
        msg = f"a bot is given as a name, a BotSpec or a factory, not {bot!r}"
        raise InvalidSetupError(msg)

    def build(self, slug: str) -> Bot:
        """Return a new bot of this spec for the game `slug`."""
        if self.factory is not None:
            return self.factory()
        plain = _PLAIN_BOTS.get(self.kind)
        if plain is not None:
            return plain(slug)
        if self.kind == "rollout":
            given = {**ROLLOUT_DEFAULTS, **dict(self.options)}
            # A tuned policy plays the bot's own seat; the heuristic bot models the others.
            tuned = given["policy"] == "tuned"
            return rollout.RolloutBot(
                int(given["samples"]),
                seconds=float(given["seconds"]) if "seconds" in given else None,
                horizon=str(given["horizon"]),
                margin_weight=float(given["margin_weight"]),
                confidence=float(given["confidence"]),
                halving=bool(given["halving"]),
                informed=bool(given["informed"]),
                policy=tuned_bot(slug) if tuned else None,
                opponents=heuristic_bot(slug) if tuned else None,
            )
        settings = {**ISMCTS_DEFAULTS, **dict(self.options)}
        return ISMCTSBot(
            int(settings["iterations"]),
            exploration=float(settings["exploration"]),
            playout=heuristic_bot(slug) if settings["playout"] == "heuristic" else None,
            search_opponents=bool(settings["search_opponents"]),
            prior_weight=float(settings["prior_weight"]),
            margin_weight=float(settings["margin_weight"]),
            seconds=float(settings["seconds"]) if "seconds" in settings else None,
            horizon=str(settings["horizon"]),
        )
