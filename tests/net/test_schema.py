"""The protocol's machine-readable schema (net/schema.py) against the host and the doc.

Every message a real host sends during real games (three presets, a watcher, a
reconnect, refused requests, a restart with the saves resumed) is checked against the
schema: no undocumented type, field or code, no field of the wrong type.
"""

from __future__ import annotations

import ast
import asyncio
import random
from dataclasses import replace
from pathlib import Path

from hearts.net.client import Client, decision_key, random_intent
from hearts.net.host import Host
from hearts.net.protocol import CHANGES, ERROR_CODES, EVENTS
from hearts.docgen import protocol_doc
from hearts.net.schema import CHANGE_FIELDS, HOST_MESSAGES, check_message

from .conftest import FAST

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "protocol.md"


def test_the_doc_tables_are_the_schema():
    text = DOC.read_text(encoding="utf-8")
    assert protocol_doc(text) == text, "run: python -m hearts.docgen"


def test_the_message_types_are_the_schema():
    """net/messages.py (the TypedDicts the host is typed with) is made from the schema."""
    from hearts.net.schema import python_types
    text = (ROOT / "net" / "messages.py").read_text(encoding="utf-8")
    assert python_types() == text, "run: python -m hearts.docgen"


def test_the_schema_covers_every_message_and_change_type_and_no_more():
    assert set(HOST_MESSAGES) == set(EVENTS)
    assert set(CHANGE_FIELDS) == set(CHANGES)


def _codes_raised() -> set[str]:
    """Every error code the network layer can send (first argument of TableError,
    ProtocolError and error(...) calls with a literal code)."""
    codes = set()
    for path in (ROOT / "net").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and node.args
                    and isinstance(node.func, ast.Name)
                    and node.func.id in ("TableError", "ProtocolError", "error")
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                codes.add(node.args[0].value)
    return codes


def test_every_code_the_host_can_send_is_documented_and_every_documented_code_is_sent():
    raised = _codes_raised()
    text = DOC.read_text(encoding="utf-8")
    assert raised <= set(ERROR_CODES), raised - set(ERROR_CODES)
    assert set(ERROR_CODES) <= raised, f"documented but never sent: {set(ERROR_CODES) - raised}"
    for code in ERROR_CODES:
        assert f"`{code}`" in text, code


async def _play(c: Client, rng: random.Random, seconds: float, seen: list[dict]) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    acted = None
    while loop.time() < end:
        try:
            ev = await c.next_event(max(0.01, end - loop.time()))
        except asyncio.TimeoutError:
            return
        seen.append(ev)
        if ev["type"] == "update" and any(e["type"] == "game_over" for e in ev["events"]):
            return
        v = c.view
        it = random_intent(v, rng) if ev["type"] in ("update", "table") else None
        if it is None or decision_key(v) == acted:
            continue
        acted = decision_key(v)
        await c.send(it[0], **it[1])


async def _drain(c: Client, seen: list[dict], quiet: float = 0.3) -> None:
    try:
        while True:
            seen.append(await c.next_event(quiet))
    except asyncio.TimeoutError:
        pass


async def test_every_message_of_real_games_conforms(tmp_path) -> None:
    lim = replace(FAST, bot_budget=0.02, drop_grace=0.2)
    save = tmp_path / "saves"
    h = Host(limits=lim, bot_level="random", seed=3, save_dir=save)
    await h.start("127.0.0.1", 0)
    seen: list[dict] = []
    try:
        for i, rules in enumerate(({"target": 15, "turn_seconds": 1},
                                   {"preset": "omnibus", "target": 15, "moon": "choose",
                                    "tram": "claim", "open_hands": True, "allow_undo": True},
                                   {"preset": "black-maria", "target": 20})):
            a = Client("127.0.0.1", h.port, name="Ann", limits=lim)
            b = Client("127.0.0.1", h.port, name="Bob", limits=lim)
            w = Client("127.0.0.1", h.port, name="Wat", limits=lim)
            for c in (a, b, w):
                await c.connect()
            await a.send("create_table", rules=rules, name=f"T{i}", password="pw" if i else None)
            tid = (await a.wait_for("table"))["table"]["id"]
            await w.send("chat", text="anyone in the lobby?")      # a lobby line to all
            await b.send("sit", table=tid, seat=2, password="pw")
            await w.send("watch", table=tid, password="pw")
            await w.send("sit", table=999)                       # no-table
            await b.send("kick", seat=0)                          # not-owner
            await a.send("chat", text="hello all")
            await a.send("command", text="/rules")
            await a.send("bot", seat=1, level="easy")
            await a.send("start")
            await a.send("hint")
            await a.send("play", card="ZZ")                       # illegal
            await a.send("pause")
            await a.send("resume")
            await b.close()                                       # a drop, then a return
            await asyncio.sleep(0.3)
            b = Client("127.0.0.1", h.port, name="Bob", limits=lim, token=b.token)
            await b.connect()
            await asyncio.gather(_play(a, random.Random(i), 12, seen),
                                 _play(b, random.Random(i + 10), 12, seen),
                                 _play(w, random.Random(i + 20), 12, seen))
            await a.send("set_rules", rules={"target": 30})
            await a.send("kick", seat=2)
            await a.send("list_tables")
            for c in (a, b, w):
                await _drain(c, seen)
            await w.close()
            await b.close()
            if i < 2:
                await a.send("leave")
                await _drain(a, seen)
                await a.close()
        # a restart with the saves resumed: the seat comes back with the full view
        await h.stop()
        h = Host(limits=lim, bot_level="random", seed=3, save_dir=save)
        await h.start("127.0.0.1", 0, resume=True)
        a2 = Client("127.0.0.1", h.port, name="Ann", limits=lim, token=a.token)
        await a2.connect()
        await _drain(a2, seen, 0.5)
        await a2.close()
    finally:
        await h.stop()
    kinds = {m["type"] for m in seen}
    changes = {e["type"] for m in seen if m["type"] == "update" for e in m["events"]}
    assert {"welcome", "tables", "table", "update", "error", "reply", "left", "chat"} <= kinds, \
        kinds
    assert len(changes) >= 18, changes
    problems = [p for m in seen for p in check_message(m)]
    assert not problems, problems[:20]


def test_the_checker_finds_what_differs():
    assert check_message({"type": "welcome", "version": 1, "host": "h", "name": "n",
                          "token": "t", "player": 1, "returning": False, "table": None}) == []
    assert check_message({"type": "welcome", "version": "1", "host": "h", "name": "n",
                          "token": "t", "player": 1, "returning": True, "table": 2,
                          "extra": 2}) == [
        "welcome: field 'extra' is not in the schema", "welcome.version: expected int, got str"]
    assert check_message({"type": "nope"}) == ["message type 'nope' is not in the schema"]
    assert "error code 'zzz' is not in the schema" in check_message(
        {"type": "error", "code": "zzz", "message": "m", "ref": None})
