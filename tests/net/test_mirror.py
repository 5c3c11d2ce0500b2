"""One fold of each message (issue 58, item 3): `Mirror.feed` is the only code that folds
a host message into table facts, and it hands each change back with the facts after it,
as an immutable `TableInfo` a front end can hold while it catches up."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from hearts.net.mirror import Folded, Mirror, TableInfo

ROOT = Path(__file__).resolve().parents[2]
FOLDS = {"folded", "from_message"}          # TableInfo's folds: a change, a whole table


class _Folds(ast.NodeVisitor):
    """The calls of a fold in one module, each with the class it is made in (None: none)."""

    def __init__(self) -> None:
        self.classes: list[str] = []
        self.calls: list[tuple[str, str | None]] = []

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()

    def visit_Call(self, node: ast.Call) -> None:
        if isinstance(node.func, ast.Attribute) and node.func.attr in FOLDS:
            self.calls.append((node.func.attr, self.classes[-1] if self.classes else None))
        self.generic_visit(node)


def fold_calls(source: str) -> list[tuple[str, str | None]]:
    folds = _Folds()
    folds.visit(ast.parse(source))
    return folds.calls


def test_only_the_mirror_folds_a_message_into_table_facts() -> None:
    calls = {}
    for top in ("hearts", "net"):
        for path in sorted((ROOT / top).rglob("*.py")):
            found = fold_calls(path.read_text(encoding="utf-8"))
            if found:
                calls[str(path.relative_to(ROOT))] = set(found)
    # a change is folded by the mirror alone; a whole table is read by the mirror, and by
    # the host from its own table to word the changes for the page (`update.said`), what
    # a bot did while it was away (`table.away`) and who won (`table.won`)
    assert calls == {"net/mirror.py": {("folded", "Mirror"), ("from_message", "Mirror")},
                     "net/news.py": {("from_message", "News")},
                     "net/away.py": {("from_message", None)},
                     "net/speech.py": {("from_message", "Speech")}}
    # the check sees a fold where playback once made its own
    assert fold_calls("class Playback:\n    def change(self, ch):\n"
                      "        self.model.info = self.model.info.folded(ch)\n") == [
        ("folded", "Playback")]


def _table(**fields: object) -> dict[str, object]:
    table = {"id": 7, "name": "Oak", "state": "playing", "hand": 0, "totals": [0, 0, 0, 0],
             "seats": [{"seat": s, "kind": "human" if s == 0 else "bot",
                        "name": ("Ann", "Bob", "Cy", "Di")[s]} for s in range(4)]}
    return {"type": "table", "table": {**table, **fields}, "seat": 0, "owner": True,
            "view": None, "seq": 1}


def test_each_change_comes_with_the_facts_after_it() -> None:
    m = Mirror()
    [whole] = m.feed(_table())
    assert whole.kind == "table" and whole.info is m.info and whole.info.hand == 0
    steps = m.feed({"type": "update", "table": 7, "seq": 2, "timer": None, "events": [
        {"type": "card_played", "seat": 1, "card": "2C"},
        {"type": "hand_scored", "hand": 0, "points": [26, 0, 0, 0], "totals": [26, 0, 0, 0]},
        {"type": "hand_started", "hand": 1, "dealer": 1, "pass_direction": "left"},
        {"type": "player_dropped", "seat": 2, "name": "Cy"}], "view": None})
    assert [s.kind for s in steps] == ["change"] * 4 + ["view"]
    played, scored, dealt, dropped, view = steps
    assert played.info is whole.info                    # a card changes no table facts
    assert [r.hand for r in scored.info.results] == [0] and scored.info.totals == (26, 0, 0, 0)
    assert scored.info.hand == 0 and dealt.info.hand == 1
    assert dealt.info.seats[2].connected and not dropped.info.seats[2].connected
    assert view.info is dropped.info is m.info and view.has_timer and view.timer is None
    # what was handed out stays as it was: the table screen may still be showing it
    assert whole.info.results == () and whole.info.totals == (0, 0, 0, 0)
    with pytest.raises(AttributeError):
        whole.info.hand = 3                            # type: ignore[misc]


def test_other_messages_fold_no_steps() -> None:
    m = Mirror()
    assert m.feed({"type": "welcome", "name": "Ann", "token": "t", "player": 1}) == []
    assert m.feed({"type": "update", "table": 7, "events": [], "view": None}) == []  # no table
    m.feed(_table())
    assert m.feed({"type": "chat", "name": "Bob", "text": "hi"}) == []
    assert isinstance(m.feed({"type": "update", "events": [], "view": None})[0], Folded)
    assert isinstance(m.info, TableInfo)
