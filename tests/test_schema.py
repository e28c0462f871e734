"""JSON Schemas: the shipped files are the generated ones, and real documents validate."""

from __future__ import annotations

import random
from typing import Any

import jsonschema
import pytest

import cardgames
from cardgames import schema
from cardgames.engine import Game
from cardgames.protocol import CODES, Act, Refused, Sync, update
from cardgames.table import Table

GAMES = list(cardgames.GAMES.values())
COUNTS = [(g, n) for g in GAMES for n in range(g.min_players, g.max_players + 1)]


def _validators(game: Game[Any]) -> dict[str, jsonschema.protocols.Validator]:
    return {
        name: jsonschema.Draft202012Validator(schema.shipped(game.slug, name))
        for name in schema.NAMES
    }


def test_the_shipped_schema_files_are_the_generated_ones() -> None:
    """Each file under `cardgames/schemas/` equals what `cardgames.schema` generates now."""
    for path, generated in schema.generate().items():
        slug, _, name = path.partition("/")
        assert schema.shipped(slug, name.removesuffix(".json")) == generated, path
    assert schema.main([]) == 0


def test_every_schema_is_a_valid_draft_2020_12_schema() -> None:
    """The generated schemas are themselves valid JSON Schema documents of the dialect."""
    for generated in schema.generate().values():
        assert generated["$schema"] == schema.DIALECT
        jsonschema.Draft202012Validator.check_schema(generated)


@pytest.mark.parametrize(("game", "players"), COUNTS, ids=lambda v: getattr(v, "slug", str(v)))
def test_documents_of_random_play_validate(game: Game[Any], players: int) -> None:
    """Documents of a random match are valid against the shipped schemas.

    Views, legal actions, requests and updates at points along the match, the final view and
    every seat's last update, and events of each kind (whole and redacted).
    """
    check = _validators(game)
    table = Table.new(game, players=players, bots={1: "random"}, seed=players)
    table.play_bots()
    rng = random.Random(players)
    step = 0
    while not table.is_over:
        seat = table.to_move
        assert seat is not None
        view = table.view(seat)
        action = rng.choice(view.legal_actions)
        if step in {0, 15, 60}:  # a view holds every event so far: a few are enough
            cursor = max(0, table.cursor - 12)
            check["view"].validate(view.to_dict())
            for legal in view.legal_actions:
                check["action"].validate(legal.to_dict())
            check["request"].validate(Act(seat, action, cursor).to_dict())
            check["reply"].validate(update(table, seat, cursor).to_dict())
        table.act(seat, action, cursor=table.cursor)
        table.play_bots()
        step += 1
    check["view"].validate(table.view(0).to_dict())
    for seat in range(players):
        check["reply"].validate(update(table, seat, max(0, table.cursor - 12)).to_dict())
    checked: dict[str, int] = {}
    for event in table.state.events:
        checked[event.kind] = checked.get(event.kind, 0) + 1
        if checked[event.kind] <= 3:
            check["event"].validate(event.to_dict())
            check["event"].validate(event.redacted().to_dict())
    check["request"].validate(Sync(0, 3).to_dict())
    for code in CODES:
        check["reply"].validate(Refused(code, "a message").to_dict())


@pytest.mark.parametrize(
    ("name", "doc"),
    [
        ("action", {"kind": "fly"}),
        ("action", {"kind": "play-card", "card": 3}),
        ("action", {"kind": "play-card", "card": "red-1", "extra": 1}),
        ("event", {"kind": "played", "visible_to": None, "seat": 0}),
        ("request", {"type": "act", "seat": -1, "cursor": 0, "action": {"kind": "play-card"}}),
        ("request", {"type": "sync", "seat": 0}),
        ("reply", {"type": "refused", "code": "teapot", "message": ""}),
    ],
)
def test_malformed_documents_do_not_validate(name: str, doc: dict[str, Any]) -> None:
    """The schemas are strict: unknown kinds, wrong types, extra and missing keys fail."""
    validator = jsonschema.Draft202012Validator(schema.shipped("kitten-tricks", name))
    assert not validator.is_valid(doc)


def test_shipped_names_its_schemas() -> None:
    """`shipped` refuses a schema name that does not exist, naming those that do."""
    with pytest.raises(ValueError, match="the schemas are"):
        schema.shipped("kitten-tricks", "state")
    with pytest.raises(cardgames.UnknownGameError):
        schema.shipped("poker", "view")
