"""A seeded match between bots, narrated event by event, for any game, in English or French.

Each bot sees only its own view and picks one of its legal actions at random; the narrator
(`cardgames.text.Narrator` without a seat) sees everything, so private moves (draws, looks,
gifts) are told in full. Run it with ``python examples/narrated_match.py [game] [seed] [lang]``,
e.g. ``crazy-mistigri 7 fr``; the default is a three-player classic Mistigri match in English.
"""

from __future__ import annotations

import sys

import cardgames
from cardgames.bots import RandomBot, play_match
from cardgames.text import Narrator

NAMES = ("Alice", "Bruno", "Chloé", "Dario", "Emma", "Farid")
SUMMARY = {
    "en": ("{title}, seed {seed}: {names} sit clockwise.", "{winners}. Scores: {scores}."),
    "fr": (
        "{title}, graine {seed} : {names} jouent dans le sens horaire.",
        "{winners}. Scores : {scores}.",
    ),
}
WIN = {"en": ("wins", "win", " and "), "fr": ("gagne", "gagnent", " et ")}


def main(slug: str = "classic-mistigri", seed: int = 2026, lang: str = "en") -> None:
    """Play and narrate one match of ``slug`` in ``lang``."""
    game = cardgames.get_game(slug)
    players = min(max(3, game.min_players), game.max_players)
    names = NAMES[:players]
    narrator = Narrator(game, names=names, lang=lang)
    final = play_match(game, [RandomBot()] * players, seed=seed)
    head, tail = SUMMARY[lang]
    print(head.format(title=game.title, seed=seed, names=", ".join(names)), end="\n\n")
    for line in narrator.events(final.events):
        print(f"  {line}")
    outcome = final.outcome
    assert outcome is not None
    winners = [names[s] for s in outcome.winners]
    singular, plural, joined = WIN[lang]
    verb = singular if len(winners) == 1 else plural
    scores = ", ".join(f"{name} {score}" for name, score in zip(names, outcome.scores, strict=True))
    print()
    print(tail.format(winners=f"{joined.join(winners)} {verb}", scores=scores))


if __name__ == "__main__":
    main(
        sys.argv[1] if len(sys.argv) > 1 else "classic-mistigri",
        int(sys.argv[2]) if len(sys.argv) > 2 else 2026,  # noqa: PLR2004 - argv positions
        sys.argv[3] if len(sys.argv) > 3 else "en",  # noqa: PLR2004 - argv positions
    )
