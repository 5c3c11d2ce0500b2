"""Over real sockets: the LAN advertisement and the lobby follow the tables, a silent
connection is closed (the seats' decisions are tested on the core: test_core_seats.py)."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from hearts.net.host import Host
from hearts.net.protocol import PROTOCOL_VERSION, Decoder, encode

from tests.waiting import eventually

from .conftest import FAST, connect


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
    await eventually(lambda: pushed and pushed[-1]["tables"] == "1", what="the table advertised")
    assert pushed[-1]["seats"] == "3"
    assert pushed[-1]["players"] == "1"
    assert pushed[-1]["rules"] == "omnibus" and all(isinstance(v, str) for v in pushed[-1].values())
    await ann.send("start")
    await eventually(lambda: pushed[-1]["playing"] == "1", what="the game advertised")
    assert pushed[-1]["seats"] == "0"
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
    await asyncio.sleep(0.8)                     # twice the heartbeat timeout: still there
    assert c.connected.is_set() and len(h._connections) == 1
    await c.close()
    await h.stop()
