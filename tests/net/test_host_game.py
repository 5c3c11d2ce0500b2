"""Four real clients play a whole game over loopback."""

from __future__ import annotations

import asyncio

from hearts.net.host import Host

from .conftest import connect, is_game_over, play_until


async def test_four_clients_play_a_whole_game(host: Host) -> None:
    owner = await connect(host, "Ann")
    await owner.send("create_table", rules={"target": 20})
    t = await owner.wait_for("table")
    tid = t["table"]["id"]
    assert t["seat"] == 0 and t["owner"] is True
    others = []
    for name in ("Bob", "Cy", "Di"):
        c = await connect(host, name)
        await c.send("sit", table=tid)
        msg = await c.wait_for("table")
        assert msg["owner"] is False
        others.append(c)
    await owner.send("start")
    clients = [owner, *others]
    ends = await asyncio.gather(*(play_until(c, is_game_over) for c in clients))
    over = [next(e for e in ev["events"] if e["type"] == "game_over") for ev in ends]
    assert all(o == over[0] for o in over)
    assert max(over[0]["totals"]) >= 20
    assert len(over[0]["winners"]) >= 1
    # nobody ever saw another seat's cards: each view holds only its own hand
    for c in clients:
        assert c.view["others"] is None
        await c.close()
