"""Seats: bots, taking over a bot between hands, watchers, hints, undo, open hands, discovery."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from net.host import Host
from net.protocol import PROTOCOL_VERSION, Decoder, encode

from .conftest import FAST, connect, has_change, is_game_over, play_until


async def test_person_takes_over_a_bot_at_the_next_hand(host: Host) -> None:
    ann = await connect(host, "Ann")
    await ann.send("create_table", rules={"target": 60})
    tid = (await ann.wait_for("table"))["table"]["id"]
    await ann.send("start")
    await ann.wait_for(has_change("game_started"))
    bob = await connect(host, "Bob")
    await bob.send("sit", table=tid, seat=2)
    t = await bob.wait_for("table")
    assert t["seat"] is None                     # watching until the hand is over
    assert t["view"]["hand"] == [] and t["view"]["legal"] == []
    hand_no = t["table"]["hand"]

    async def bob_waits() -> dict:
        ev = await bob.wait_for(lambda e: e["type"] == "table" and e["seat"] == 2, timeout=30)
        return ev

    ann_task = asyncio.create_task(play_until(ann, lambda e: False, timeout=30))
    ev = await bob_waits()
    ann_task.cancel()
    assert ev["table"]["hand"] == hand_no + 1
    assert ev["view"]["seat"] == 2 and len(ev["view"]["hand"]) == 13
    assert host.tables[tid].seats[2].kind == "human"
    await ann.close()
    await bob.close()


async def test_watcher_sees_no_hidden_cards(host: Host) -> None:
    ann = await connect(host, "Ann")
    await ann.send("create_table", rules={"target": 5})
    tid = (await ann.wait_for("table"))["table"]["id"]
    eve = await connect(host, "Eve")
    await eve.send("watch", table=tid)
    await eve.wait_for("table")
    await ann.send("start")
    seen: list[dict] = []

    async def watch() -> None:
        async for ev in eve:
            if ev["type"] in ("update", "table"):
                seen.append(ev)
            if ev["type"] == "update" and any(e["type"] == "game_over" for e in ev["events"]):
                return

    await asyncio.gather(play_until(ann, is_game_over), watch())
    assert len(seen) > 20
    for ev in seen:
        v = ev["view"]
        if v is None:
            continue
        assert v["seat"] is None and v["hand"] == [] and v["legal"] == []
        assert v["passed"] is None and v["received"] is None and v["others"] is None
        for e in ev.get("events", []):
            if e["type"] == "cards_received":
                assert "cards" not in e
    await ann.close()
    await eve.close()


async def test_hint_undo_and_open_hands(host: Host) -> None:
    ann = await connect(host, "Ann")
    await ann.send("create_table", rules={"pass_count": 0, "allow_undo": True,
                                          "open_hands": True})
    await ann.wait_for("table")
    await ann.send("start")
    await ann.wait_for(has_change("game_started"))
    # Ann's turn comes: ask a hint, play it, then take it back
    await ann.wait_for(lambda e: e["type"] in ("update", "table") and ann.view
                       and ann.view["turn"] == 0, timeout=10)
    view = ann.view
    assert view["others"] is not None and len(view["others"]) == 4   # bots only: open hands
    await ann.send("hint")
    hint = await ann.wait_for("hint")
    assert len(hint["cards"]) == 1 and hint["cards"][0] in view["legal"] and hint["reason"]
    await ann.send("play", card=hint["cards"][0])
    await ann.wait_for(lambda e: e["type"] == "update" and any(
        c["type"] == "card_played" and c["seat"] == 0 for c in e["events"]))
    await asyncio.sleep(0.2)
    await ann.send("undo")
    ev = await ann.wait_for(has_change("undone"))
    assert hint["cards"][0] in ev["view"]["hand"]
    await ann.send("play", card="XX")
    assert (await ann.wait_for("error"))["code"] == "illegal"
    await ann.close()


async def test_bot_levels_and_refusals(host: Host) -> None:
    ann = await connect(host, "Ann")
    await ann.send("create_table")
    await ann.wait_for("table")
    await ann.send("command", text="/bot 1 random")
    assert (await ann.wait_for("reply"))["ok"]
    await ann.send("bot", seat=2, level="nonsense")
    err = await ann.wait_for("error")
    assert err["code"] == "bad-message" and "nonsense" in err["message"]
    await ann.send("bot", seat=0, level="random")
    assert (await ann.wait_for("error"))["code"] == "seat-taken"
    await ann.send("command", text="/bot 1 off")
    assert (await ann.wait_for("reply"))["ok"]
    assert host.tables[1].seats[1].kind == "empty"
    await ann.close()


async def test_discovery_properties_follow_the_tables(host: Host) -> None:
    pushed: list[dict] = []

    async def listener(props: dict[str, str]) -> None:
        pushed.append(props)

    host.properties_listener = listener
    p = host.txt_properties()
    assert p == {"version": str(PROTOCOL_VERSION), "name": "test", "tables": "0", "seats": "0",
                 "players": "0", "rules": "standard", "playing": "0"}
    ann = await connect(host, "Ann")
    await ann.send("create_table", rules={"preset": "omnibus"})
    await ann.wait_for("table")
    await asyncio.sleep(0.8)
    assert pushed and pushed[-1]["tables"] == "1" and pushed[-1]["seats"] == "3"
    assert pushed[-1]["players"] == "1"
    assert pushed[-1]["rules"] == "omnibus" and all(isinstance(v, str) for v in pushed[-1].values())
    await ann.send("start")
    await asyncio.sleep(0.8)
    assert pushed[-1]["playing"] == "1" and pushed[-1]["seats"] == "0"
    await ann.close()


async def test_lobby_sees_the_table_list_change(host: Host) -> None:
    zoe = await connect(host, "Zoe")
    first = await zoe.wait_for("tables")
    assert first["tables"] == []
    ann = await connect(host, "Ann")
    await ann.send("create_table", name="Ann's den")
    ev = await zoe.wait_for(lambda e: e["type"] == "tables" and e["tables"], timeout=3)
    t = ev["tables"][0]
    assert t["name"] == "Ann's den" and t["state"] == "waiting" and t["owner"] == "Ann"
    assert [s["kind"] for s in t["seats"]] == ["human", "empty", "empty", "empty"]
    await ann.send("start")
    ev = await zoe.wait_for(lambda e: e["type"] == "tables" and e["tables"]
                            and e["tables"][0]["state"] == "playing", timeout=3)
    assert [s["kind"] for s in ev["tables"][0]["seats"]] == ["human", "bot", "bot", "bot"]
    await ann.send("leave")
    await zoe.wait_for(lambda e: e["type"] == "tables" and not e["tables"], timeout=3)
    await ann.close()
    await zoe.close()


async def test_silent_connection_is_closed() -> None:
    h = Host(limits=replace(FAST, heartbeat_interval=0.1, heartbeat_timeout=0.4))
    await h.start(bind="127.0.0.1", port=0)
    r, w = await asyncio.open_connection("127.0.0.1", h.port)
    w.write(encode({"type": "hello", "version": PROTOCOL_VERSION, "name": "mute"}))
    dec = Decoder()
    got = []
    t0 = asyncio.get_running_loop().time()
    while True:
        data = await asyncio.wait_for(r.read(65536), 3)
        if not data:
            break
        got += dec.feed(data)
    assert asyncio.get_running_loop().time() - t0 < 2.5
    assert any(m["type"] == "ping" for m in got)
    w.close()
    # a real client answers the pings and stays
    c = await connect(h, "talker")
    await asyncio.sleep(0.8)
    assert c.connected.is_set() and len(h._connections) == 1
    await c.close()
    await h.stop()
