"""Friends-only tables (a password) and the owner's rights: no message another client
can send takes them."""

from __future__ import annotations

import asyncio

from hearts.net.client import Client
from hearts.net.host import Host
from hearts.net.protocol import PROTOCOL_VERSION
from hearts.net.table import OPERATOR

from .conftest import connect, has_change

OWNER_INTENTS = [
    ("start", {}), ("pause", {}), ("resume", {}), ("end", {}),
    ("set_rules", {"rules": {"target": 5}}), ("set_rules", {"rules": {"preset": "standard"}}),
    ("set_target", {"target": 7}), ("kick", {"seat": 0}), ("kick", {"seat": 1}),
    ("allow", {"name": "Ann"}), ("bot", {"seat": 2, "level": "easy"}),
    ("bot", {"seat": 3, "level": None}), ("set_password", {"password": "mine"}),
    ("set_password", {"password": None}),
]
OWNER_COMMANDS = ["/start", "/pause", "/resume", "/end now", "/end 5", "/kick Ann", "/kick 0",
                  "/allow Ann", "/bot 2 easy", "/bot 3 off", "/rules set target 5",
                  "/preset standard", "/password mine", "/password off"]


async def test_password_table(host: Host) -> None:
    ann = await connect(host, "Ann")
    await ann.send("create_table", name="friends", password="open sesame")
    t = await ann.wait_for("table")
    tid = t["table"]["id"]
    assert t["table"]["locked"] is True
    bob = await connect(host, "Bob")
    await bob.send("list_tables")
    listed = await bob.wait_for("tables")
    assert [x["locked"] for x in listed["tables"] if x["id"] == tid] == [True]
    for kind in ("sit", "watch"):
        await bob.send(kind, table=tid)
        err = await bob.wait_for("error")
        assert err["code"] == "password" and "needs its password" in err["message"]
        await bob.send(kind, table=tid, password="guess")
        err = await bob.wait_for("error")
        assert err["code"] == "password" and "password is wrong" in err["message"]
    bob._write({"type": "sit", "table": tid, "password": "x" * 65})   # past the client's check
    assert (await bob.wait_for("error"))["code"] == "bad-message"
    await bob.send("sit", table=tid, password="open sesame")
    assert (await bob.wait_for("table"))["seat"] == 1
    # once seated, a reconnect with the seat token needs no password
    token = bob.token
    await bob.close()
    back = Client("127.0.0.1", host.port, name="Bob", token=token, limits=host.limits)
    await back.connect()
    assert (await back.wait_for("table"))["seat"] == 1
    # only the owner changes or lifts it
    await back.send("set_password", password=None)
    assert (await back.wait_for("error"))["code"] == "not-owner"
    await ann.send("set_password", password=None)
    t = await ann.wait_for(lambda e: e["type"] == "table" and not e["table"]["locked"])
    cy = await connect(host, "Cy")
    await cy.send("sit", table=tid)
    assert (await cy.wait_for("table"))["seat"] == 2
    # the password is kept as a salted hash, never in clear, never sent
    assert "open sesame" not in repr(host.core.tables[tid].to_dict())
    for c in (ann, back, cy):
        await c.close()


async def test_nobody_else_can_take_the_owners_rights(host: Host) -> None:
    ann = await connect(host, "Ann")
    await ann.send("create_table", rules={"target": 50})
    tid = (await ann.wait_for("table"))["table"]["id"]
    bob = await connect(host, "Bob")
    await bob.send("sit", table=tid)
    await bob.wait_for("table")
    eve = await connect(host, "Eve")
    await eve.send("watch", table=tid)
    await eve.wait_for("table")
    # names and tokens: Ann's name, the host's console token, a forged token
    for token in (OPERATOR, "x" * 16, None):
        fake = Client("127.0.0.1", host.port, name="Ann", token=token, limits=host.limits)
        welcome = await fake.connect()
        assert welcome["name"] != "Ann" and welcome["token"] != OPERATOR
        await fake.send("watch", table=tid)
        t = await fake.wait_for("table")
        assert t["owner"] is False and t["seat"] is None
        await fake.send("start")
        assert (await fake.wait_for("error"))["code"] == "not-owner"
        await fake.close()
    table = host.core.tables[tid]
    for phase in ("before", "during"):
        for who in (bob, eve):
            for kind, fields in OWNER_INTENTS:
                await who.send(kind, **fields)
                err = await who.wait_for("error")
                assert err["code"] == "not-owner" and err["ref"] == kind, (who.name, kind, err)
            for line in OWNER_COMMANDS:
                await who.send("command", text=line)
                reply = await who.wait_for("reply")
                assert reply["ok"] is False and "owner" in reply["text"], (line, reply)
            await who.send("sit", table=tid, seat=0)
            assert (await who.wait_for("error"))["code"] in ("seat-taken", "state")
        assert table.owner == ann.token and table.seat_of(ann.token) == 0
        assert table.rules.target == 50 and table.password is None
        assert table.state == ("waiting" if phase == "before" else "playing")
        if phase == "before":
            await ann.send("start")
            await bob.wait_for(has_change("game_started"))
    assert [s.kind for s in table.seats] == ["human", "human", "bot", "bot"]
    for c in (ann, bob, eve):
        await c.close()


async def test_the_host_name_cannot_be_borrowed(host: Host) -> None:
    c = await connect(host, "host")
    assert c.name != "host"
    await c.close()
    await asyncio.sleep(0)
