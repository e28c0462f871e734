"""Every numbered rule clause and every ruling of a game's docs page is named by a test.

A game's page lists its clauses as ``**N.**`` and cites the rulings of ``spec/rulings.md`` by
id (``CL-N``); its tests (``tests/<package>/test_*.py``) must contain ``test_clause_N_...`` and
``test_cl_N_...``. The page, the ruling prefix and the folder come from the game's own test
folder (``SUPPORT``, see ``tests/support.py``), so that a new game edits no line here.
"""

from __future__ import annotations

import re

import pytest

from tested import SUPPORT


@pytest.mark.parametrize("slug", list(SUPPORT))
def test_every_clause_and_ruling_has_a_test(slug: str) -> None:
    """Each ``**N.**`` clause and each ruling id of the page is named by a test function."""
    support = SUPPORT[slug]
    page = support.page.read_text(encoding="utf-8")
    files = sorted(support.folder.glob("test_*.py"))
    text = "\n".join(f.read_text(encoding="utf-8") for f in files)
    names = set(re.findall(r"^def (test_\w+)", text, re.MULTILINE))
    prefix = support.rulings
    clauses = sorted({int(n) for n in re.findall(r"^\*\*(\d+)\.\*\*", page, re.MULTILINE)})
    rulings = sorted({int(n) for n in re.findall(rf"\b{prefix}-(\d+)\b", page)})
    assert clauses, f"{slug}: the docs page numbers no clause"
    assert rulings, f"{slug}: the docs page cites no ruling"
    assert clauses == list(range(1, len(clauses) + 1)), f"{slug}: clauses are not 1..N"
    missing = [
        f"clause {n}" for n in clauses if not any(t.startswith(f"test_clause_{n}_") for t in names)
    ]
    missing += [
        f"{prefix}-{n}"
        for n in rulings
        if not any(t.startswith(f"test_{prefix.lower()}_{n}_") for t in names)
    ]
    assert not missing, f"{slug}: no test names {missing}"
