"""Turn timer, dropped players, reconnecting, a killed host resumed from its saves."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import msgpack
import pytest

from hearts.engine import Game
from hearts.net import saves
from hearts.net.client import Client
from hearts.net.host import Host
from hearts.net.protocol import PROTOCOL_VERSION, Decoder, encode

from tests.ports import free_port

from .conftest import FAST, connect, has_change, is_game_over, play_until, start_host_process

ROOT = Path(__file__).resolve().parents[2]


async def _solo_table(host: Host, rules: dict) -> tuple[Client, int]:
    ann = await connect(host, "Ann")
    await ann.send("create_table", rules=rules)
    tid = (await ann.wait_for("table"))["table"]["id"]
    return ann, tid


async def test_turn_timer_lets_the_bot_play(host: Host) -> None:
    ann, _ = await _solo_table(host, {"turn_seconds": 1, "pass_count": 0})
    await ann.send("start")
    ev = await ann.wait_for(has_change("game_started"))
    # Ann never moves: whenever it is her turn the clock runs out and her bot plays for her
    loop = asyncio.get_running_loop()
    ev = await ann.wait_for(lambda e: e["type"] == "update" and e["timer"] is not None,
                            timeout=10)
    t0 = loop.time()
    assert ev["timer"]["why"] == "turn" and ev["timer"]["seats"] == [0]
    assert 0.5 < ev["timer"]["seconds"] <= 1.0
    assert any(c["type"] == "timer" and c["seats"] == [0] for c in ev["events"])
    ev = await ann.wait_for(lambda e: e["type"] == "update" and any(
        c["type"] == "card_played" and c["seat"] == 0 for c in e["events"]), timeout=10)
    assert loop.time() - t0 >= 0.5
    assert ann.view is not None and len(ann.view["hand"]) == 12
    # the table is told, with the seat's level; she still holds the seat (one move only)
    ev = await ann.wait_for(has_change("replaced_by_bot"), timeout=10)
    told = [c for c in ev["events"] if c["type"] == "replaced_by_bot"]
    assert told == [{"type": "replaced_by_bot", "seat": 0, "level": "random",   # the host's
                     "why": "timeout"}]
    table = ann.mirror.info
    assert table is not None and table.seats[0].human and not table.seats[0].auto
    await ann.close()


async def test_a_game_whose_only_person_dropped_waits_for_them(host: Host) -> None:
    """A phone asleep at a table of bots: once nobody is connected the bots rest (they
    do not play the game out for her), and she comes back to the same hand and cards."""
    ann, tid = await _solo_table(host, {"pass_count": 0})
    await ann.send("start")
    await ann.wait_for(has_change("game_started"))
    table = host.core.tables[tid]
    token = ann.token
    await ann.close()
    loop = asyncio.get_running_loop()
    end = loop.time() + 10
    while not table.seats[0].auto:          # the host saw her go, and her grace ran out
        assert loop.time() < end, "her bot never took over"
        await asyncio.sleep(0.02)
    resting, hand = table.version, table.game.hand_number
    await asyncio.sleep(1.0)            # a second in which the bots would play many cards
    assert table.version == resting and table.game.hand_number == hand
    back = Client("127.0.0.1", host.port, name="Ann", token=token, limits=FAST)
    await back.connect()
    t = await back.wait_for("table")
    assert t["seat"] == 0 and t["table"]["hand"] == hand and t["view"]["hand"]
    await back.close()


async def test_drop_grace_then_reconnect_mid_hand(host: Host) -> None:
    ann, tid = await _solo_table(host, {"pass_count": 0, "target": 50})
    bob = await connect(host, "Bob", reconnect=False)
    await bob.send("sit", table=tid)
    await bob.wait_for("table")
    await ann.send("start")
    await bob.wait_for(has_change("game_started"))
    token = bob.token
    await bob.close()           # Bob's connection is gone
    ev = await ann.wait_for(has_change("player_dropped"))
    assert ev["timer"]["why"] == "dropped" and ev["timer"]["seats"] == [1]
    assert 0 < ev["timer"]["seconds"] <= FAST.drop_grace
    ev = await ann.wait_for(lambda e: e["type"] == "update" and any(
        c["type"] == "replaced_by_bot" and c["why"] == "dropped" for c in e["events"]))
    # his bot plays for him now: his seat's cards get played
    await ann.wait_for(lambda e: e["type"] == "update" and any(
        c["type"] == "card_played" and c["seat"] == 1 for c in e["events"]), timeout=10)
    # Bob comes back with his token and gets his seat back with his whole view
    bob2 = Client("127.0.0.1", host.port, name="Bob again", token=token, limits=FAST)
    welcome = await bob2.connect()
    assert welcome["name"] == "Bob" and welcome["token"] == token
    t = await bob2.wait_for("table")
    assert t["seat"] == 1 and t["view"]["seat"] == 1 and t["view"]["hand"]
    ev = await ann.wait_for(has_change("player_returned"))
    assert not host.core.tables[tid].seats[1].auto
    await ann.close()
    await bob2.close()


async def test_link_drop_reconnects_automatically_and_keeps_the_view(host: Host) -> None:
    ann, tid = await _solo_table(host, {"target": 5})
    await ann.send("start")
    await ann.wait_for(has_change("game_started"))
    before = ann.view
    ann.drop_link()
    assert (await ann.wait_for("disconnected"))["type"] == "disconnected"
    await ann.wait_for("welcome")
    t = await ann.wait_for("table")
    assert t["seat"] == 0 and t["view"]["hand"] == before["hand"]
    # and the game plays on to the end
    await play_until(ann, is_game_over, timeout=60)
    await ann.close()


async def test_same_token_twice_closes_the_old_connection_for_good(host: Host) -> None:
    ann, _ = await _solo_table(host, {})
    twin = Client("127.0.0.1", host.port, name="Ann", token=ann.token, limits=FAST)
    await twin.connect()
    assert (await twin.wait_for("table"))["seat"] == 0
    err = await ann.wait_for("error")
    assert err["code"] == "replaced"
    closed = await ann.wait_for("closed")
    assert "again" in closed["reason"]
    await asyncio.sleep(0.3)
    assert twin.connected.is_set()
    await twin.close()
    await ann.close()


async def test_host_killed_mid_hand_and_resumed(tmp_path: Path) -> None:
    port = free_port()
    save_dir = tmp_path / "saves"
    proc = await start_host_process(port, save_dir)
    try:
        names = ["Ann", "Bob", "Cy", "Di"]
        clients = [Client("127.0.0.1", port, name=n, retry_for=20) for n in names]
        for c in clients:
            await c.connect()
        await clients[0].send("create_table", rules={"target": 30})
        tid = (await clients[0].wait_for("table"))["table"]["id"]
        for c in clients[1:]:
            await c.send("sit", table=tid)
            await c.wait_for("table")
        await clients[0].send("start")
        # play until trick 3 of the first hand, then everyone stops
        def mid_hand(e: dict) -> bool:
            return e["type"] == "update" and any(
                c["type"] == "trick_taken" for c in e["events"]) and len(e["view"]["tricks"]) == 3
        await asyncio.gather(*(play_until(c, mid_hand) for c in clients))
        await asyncio.sleep(0.3)
        for c in clients:
            while not c._events.empty():
                c._events.get_nowait()
        views = [c.view for c in clients]
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        for c in clients:
            assert (await c.wait_for("disconnected"))["type"] == "disconnected"
        proc = await start_host_process(port, save_dir, "--resume")
        for c, before in zip(clients, views):
            await c.wait_for("welcome", timeout=20)
            await c.wait_for("table")
            assert c.view == before          # nothing lost
        await asyncio.gather(*(play_until(c, is_game_over, timeout=60) for c in clients))
        for c in clients:
            await c.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
    history = saves.read_history(save_dir / saves.HISTORY)
    assert len(history) == 1
    game = Game.from_dict(history[0]["game"])      # the history replays
    assert game.over and list(game.totals) == history[0]["totals"]
    shown = subprocess.run([sys.executable, "-m", "hearts.cli", "host", "--history",
                            "--save-dir", str(save_dir)],
                           env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True,
                           text=True, timeout=30)
    assert shown.returncode == 0, shown.stderr
    assert "Ann, Bob, Cy, Di" in shown.stdout and "replayed totals match" in shown.stdout
    assert shown.stdout.count("  hand ") == len(game.results)


async def test_corrupt_save_is_reported_and_kept(tmp_path: Path, caplog) -> None:
    save_dir = tmp_path / "s"
    h = Host(save_dir=save_dir, limits=FAST, bot_level="random")
    await h.start(bind="127.0.0.1", port=0)
    ann = await connect(h, "Ann")
    await ann.send("create_table")
    await ann.wait_for("table")
    await ann.send("start")
    await ann.wait_for(has_change("game_started"))
    await ann.close()
    await h.stop()
    good = saves.table_path(save_dir, 1)
    assert good.exists()
    bad = save_dir / "table-9.msgpack"
    bad.write_bytes(b"\x93garbage")
    h2 = Host(save_dir=save_dir, limits=FAST, bot_level="random")
    with caplog.at_level("ERROR", logger="hearts.host"):
        await h2.start(bind="127.0.0.1", port=0, resume=True)
    assert 1 in h2.core.tables and 9 not in h2.core.tables
    assert "table-9.msgpack is not a readable saved table" in caplog.text
    assert bad.read_bytes() == b"\x93garbage"
    # new tables never take the number of a file already there
    bob = await connect(h2, "Bob")
    await bob.send("create_table")
    t = await bob.wait_for("table")
    assert t["table"]["id"] == 10
    await bob.close()
    await h2.stop()
    assert bad.read_bytes() == b"\x93garbage"
    h3 = Host(save_dir=save_dir, limits=FAST, bot_level="random")   # no --resume
    await h3.start(bind="127.0.0.1", port=0)
    assert h3.core.next_table == 11 and not h3.core.tables
    await h3.stop()


async def _raw(host: Host, payload: bytes, wait: float = 2.0) -> list:
    r, w = await asyncio.open_connection("127.0.0.1", host.port)
    w.write(payload)
    dec = Decoder()
    out = []
    try:
        while True:
            data = await asyncio.wait_for(r.read(65536), wait)
            if not data:
                break
            out += dec.feed(data)
    except asyncio.TimeoutError:
        out.append("still open")
    w.close()
    return out


async def test_protocol_errors(host: Host) -> None:
    out = await _raw(host, encode({"type": "hello", "version": 99, "name": "x"}))
    assert len(out) == 1 and out[0]["code"] == "version" and "99" in out[0]["message"]
    out = await _raw(host, encode({"type": "play", "card": "QS"}))
    assert out[0]["code"] == "hello-first"
    out = await _raw(host, b"\xc1\xc1\xc1")
    assert out[0]["code"] == "bad-frame"
    out = await _raw(host, msgpack.packb({"type": "chat", "text": "x" * 70000}))
    assert out[0]["code"] == "too-large"
    hello = encode({"type": "hello", "version": PROTOCOL_VERSION, "name": "  \x00Zed\u202e  "})
    out = await _raw(host, hello + encode({"type": "sit", "table": "one"}), wait=0.5)
    assert out[0]["type"] == "welcome" and out[0]["name"] == "Zed"
    assert {"type": "error", "code": "bad-message", "message": "'sit' needs table as int",
            "ref": "sit"} in out
    assert out[-1] == "still open"


async def test_hello_timeout(tmp_path: Path) -> None:
    from dataclasses import replace
    h = Host(limits=replace(FAST, hello_timeout=0.2))
    await h.start(bind="127.0.0.1", port=0)
    out = await _raw(h, b"")
    assert out and out[0]["code"] == "hello-timeout"
    await h.stop()
