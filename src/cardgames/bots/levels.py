"""Bot levels in family words: easy, medium and hard (FR facile, moyen, difficile).

Each level is a bot spec under a name, accepted wherever a spec's text is
(`BotSpec.parse("hard")`, the command line's `--bots`, `Table.new(bots=...)`, the arena), each
with a bounded think time:

- `easy` (« facile »): the `casual` bot ([`CasualBot`][cardgames.bots.levels.CasualBot]): the
  game's heuristic bot, but one move in three at random, and in Crazy Animals it forgets each
  card it remembers with probability 1/2 at every decision. It answers at once.
- `medium` (« moyen »): the game's heuristic bot (`heuristic`). It answers at once.
- `hard` (« difficile »): the rollout bot
  ([`RolloutBot`][cardgames.bots.rollout.RolloutBot]), `rollout:policy=tuned:seconds=0.8`: in
  64 sampled worlds it plays each of its moves out to the end of the round, its own seat by
  the tuned heuristic bot ([`tuned_bot`][cardgames.bots.tuned_bot]) and every other seat by the
  heuristic bot, on common random numbers, and departs from the tuned bot's move only where the
  worlds show a better one by 1.5 standard errors of the gain. In Crazy Animals the tuned bot
  has thresholds tuned against the heuristic's (``benchmarks/tune_heuristic.py``) and the
  worlds are informed: likelier where the other seats' past moves fit them; in the other games
  the tuned bot is the heuristic bot. It answers within about 0.8 s and one move of the game
  per decision.

Bots keep their perfect recall of what their seat saw (`View.knowledge`), but for `easy`'s
deliberate forgetting.

Examples:
    >>> from cardgames.bots.spec import BotSpec
    >>> BotSpec.parse("hard") == BotSpec.parse("rollout:samples=64:policy=tuned:seconds=0.8")
    True
    >>> str(BotSpec.parse("difficile"))
    'rollout:policy=tuned:seconds=0.8'
    >>> str(BotSpec.parse("moyen"))
    'heuristic'
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import attrs

from cardgames.bots import heuristic_bot
from cardgames.engine import Action, View

__all__ = ["LEVELS", "NAMES", "CasualBot", "level_of"]

LEVELS: Mapping[str, str] = {
    "easy": "casual",
    "medium": "heuristic",
    "hard": "rollout:policy=tuned:seconds=0.8",
}
"""Each level's bot spec text, by the level's name."""
NAMES: Mapping[str, Mapping[str, str]] = {
    "en": {"easy": "easy", "medium": "medium", "hard": "hard"},
    "fr": {"easy": "facile", "medium": "moyen", "hard": "difficile"},
}
"""Each level's name in family words, by language."""
_ALIASES = {word: level for names in NAMES.values() for level, word in names.items()}


def spec_text(name: str) -> str | None:
    """Return the spec text of the level called `name` (in English or French), else `None`."""
    level = _ALIASES.get(name.strip().lower())
    return None if level is None else LEVELS[level]


def level_of(label: str) -> str | None:
    """Return the level (`"easy"`, `"medium"`, `"hard"`) whose spec has this label, else `None`."""
    for level, text in LEVELS.items():
        if text == label:
            return level
    return None


class CasualBot:
    """The `easy` level: the heuristic bot with slips, and in Crazy Animals a poor memory.

    Args:
        slug: the game played.
        slip: the chance of a random legal move at each decision.
        forget: the chance of forgetting each remembered card at each decision (views with
            a `knowledge` field: Crazy Animals).
    """

    def __init__(self, slug: str, *, slip: float = 1 / 3, forget: float = 0.5) -> None:
        """Build the heuristic bot it plays with."""
        self._inner = heuristic_bot(slug)
        self.slip = slip
        self.forget = forget

    def choose(self, view: View, rng: random.Random) -> Action:
        """Return a random legal move now and then, else the heuristic's move on a hazier view."""
        legal = view.legal_actions
        if rng.random() < self.slip:
            return legal[rng.randrange(len(legal))]
        knowledge = getattr(view, "knowledge", None)
        if knowledge is not None:
            hazy = tuple(
                tuple(None if rng.random() < self.forget else card for card in row)
                for row in knowledge
            )
            # A bot that can take the memory apart from the view is spared a second view.
            remembering = getattr(self._inner, "choose_remembering", None)
            if remembering is not None:
                chosen: Action = remembering(view, hazy, rng)
                return chosen
            view = attrs.evolve(view, knowledge=hazy)  # type: ignore[call-arg]
        return self._inner.choose(view, rng)

    def __repr__(self) -> str:
        """Return the constructor call."""
        return f"CasualBot(slip={self.slip}, forget={self.forget})"
