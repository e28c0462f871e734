"""Text wrapped at the terminal's width, never at a space French typography keeps.

`cardgames play` wraps everything it prints; `cardgames demo` wraps its narration when it
writes to a terminal (piped or redirected, each event stays on one line, for `grep`).
"""

from __future__ import annotations

import re
import shutil
import textwrap

__all__ = ["NARROWEST", "width", "wrapped"]

NARROWEST = 40
"""The narrowest width text is wrapped to, however narrow the terminal says it is."""


def width() -> int:
    """The width to wrap text to: the terminal's, less one column (80 when it cannot tell).

    The last column stays free: some terminals start a new line when a character is written
    there, which would leave an empty line after each full one.
    """
    return max(shutil.get_terminal_size((80, 24)).columns - 1, NARROWEST)


_NBSP = "\u00a0"
_KEPT = re.compile(
    r" (?=[;:!?»])|(?<=«) |(?<=\bn°) |(?<=\d) \+ (?=\d)|(?<=\d) |(?<=\w) (?=\d)|\([^()]{1,20}\)"
)
"""Spaces that must not end a line: French spaces (before ; : ! ? », after « and n°), those of
a pair of values (« 3 + 3 »), those beside a number, so that a card (« le 5 rouge », "red 2")
or a count (« 9 cartes ») stays on one line, and those of a short aside in brackets ("(Coup de
patte)", « (même couleur) »)."""


def wrapped(text: str, indent: str = "", hang: str = "") -> str:
    """``text`` wrapped at the terminal's width, never at a French space.

    The first line starts with ``indent``, the next ones with as many spaces and ``hang`` (a
    hanging indent, for list items and lines that run on).

    Examples:
        >>> import os
        >>> os.environ["COLUMNS"] = "41"
        >>> print(wrapped("Ana is dealt 9 cards: yellow 4, Mistigri, yellow 6, red 4", hang="  "))
        Ana is dealt 9 cards: yellow 4,
          Mistigri, yellow 6, red 4
        >>> del os.environ["COLUMNS"]
    """
    text = _KEPT.sub(lambda space: space[0].replace(" ", _NBSP), text)
    lines = textwrap.fill(
        text,
        width(),
        initial_indent=indent,
        subsequent_indent=" " * len(indent) + hang,
        break_long_words=False,
        break_on_hyphens=False,
    )
    return lines.replace(_NBSP, " ")
