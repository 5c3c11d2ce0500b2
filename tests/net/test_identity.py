"""A person is known by the player key their client keeps: a kick follows the key (and the
address, where there is no key), and a person coming back with their key gets their name
and their seat, also over a restart of the host."""

from __future__ import annotations

import asyncio
from pathlib import Path

from hearts.net.client import Client
from hearts.net.host import Host

from tests.ports import free_port

from .conftest import FAST, connect, has_change, start_host_process


async def _owner_with_table(host: Host) -> tuple[Client, int]:
    ann = await connect(host, "Ann", key="key-ann")
    await ann.send("create_table", seat=0, rules={"target": 10000})
    tid = (await ann.wait_for("table"))["table"]["id"]
    return ann, tid


async def _sit(host: Host, name: str, tid: int, key: str | None) -> dict:
    """A new connection named ``name`` tries to sit at ``tid``: its first answer."""
    c = await connect(host, name, key=key)
    await c.send("sit", table=tid)
    answer = await c.wait_for(lambda e: e["type"] in ("table", "error"))
    await c.close()
    return answer


async def test_a_kick_follows_the_persons_key_not_their_name(host: Host) -> None:
    ann, tid = await _owner_with_table(host)
    robert = await connect(host, "Robert", key="key-robert")
    await robert.send("sit", table=tid)
    await robert.wait_for("table")
    await ann.send("command", text="/kick Robert")
    assert (await ann.wait_for("reply"))["ok"]
    await robert.close()
    # the kick dodge of the report: a new name and a new connection, the same key
    answer = await _sit(host, "Bob", tid, key="key-robert")
    assert answer["type"] == "error" and answer["code"] == "kicked", answer
    # without a key, from the address he was kicked at
    answer = await _sit(host, "Rob", tid, key=None)
    assert answer["type"] == "error" and answer["code"] == "kicked", answer
    # another person, with a key of their own, at the same address, sits
    answer = await _sit(host, "Carla", tid, key="key-carla")
    assert answer["type"] == "table", answer
    # the owner lets Robert back: his key is welcome again, under any name
    await ann.send("allow", name="Robert")
    answer = await _sit(host, "Bob", tid, key="key-robert")
    assert answer["type"] == "table", answer
    await ann.close()


async def test_a_kick_of_someone_without_a_key_follows_their_address(host: Host) -> None:
    ann, tid = await _owner_with_table(host)
    zed = await connect(host, "Zed")                       # no key
    await zed.send("sit", table=tid)
    await zed.wait_for("table")
    await ann.send("command", text="/kick Zed")
    assert (await ann.wait_for("reply"))["ok"]
    await zed.close()
    for name, key in (("Zee", None), ("Zed2", "a-fresh-key")):
        answer = await _sit(host, name, tid, key=key)
        assert answer["type"] == "error" and answer["code"] == "kicked", (name, answer)
    await ann.close()


async def test_coming_back_with_the_key_gives_the_name_and_the_seat(host: Host) -> None:
    ann, tid = await _owner_with_table(host)
    alice = Client("127.0.0.1", host.port, name="Alice", limits=FAST, key="key-alice",
                   reconnect=False)
    await alice.connect()
    await alice.send("sit", table=tid, seat=2)
    await alice.wait_for("table")
    await ann.send("start")
    await ann.wait_for(has_change("game_started"))
    await alice.close()                    # the connection is gone, and so is her token
    await ann.wait_for(has_change("player_dropped"))
    back = Client("127.0.0.1", host.port, name="Alice", limits=FAST, key="key-alice")
    welcome = await back.connect()
    assert welcome["returning"] and welcome["name"] == "Alice" and welcome["table"] == tid
    table = await back.wait_for("table")
    assert table["seat"] == 2
    seat = table["table"]["seats"][2]
    assert seat["name"] == "Alice" and seat["kind"] == "human" and seat["connected"]
    # a second person asking for the name is numbered, as before
    other = Client("127.0.0.1", host.port, name="Alice", limits=FAST, key="key-somebody-else")
    assert (await other.connect())["name"] == "Alice#2"
    # and so is a second client of her key while she is connected (two on one computer)
    twin = Client("127.0.0.1", host.port, name="Alice", limits=FAST, key="key-alice")
    assert (await twin.connect())["name"] == "Alice#3"
    assert back.connected.is_set()
    for c in (twin, other, back, ann):
        await c.close()


async def test_over_a_restart_the_key_finds_the_seat(tmp_path: Path) -> None:
    port = free_port()
    saves = tmp_path / "saves"
    proc = await start_host_process(port, saves)
    try:
        ann = Client("127.0.0.1", port, name="Ann", limits=FAST, key="key-ann", reconnect=False)
        await ann.connect()
        await ann.send("create_table", seat=0, rules={"target": 10000})
        tid = (await ann.wait_for("table"))["table"]["id"]
        alice = Client("127.0.0.1", port, name="Alice", limits=FAST, key="key-alice",
                       reconnect=False)
        await alice.connect()
        await alice.send("sit", table=tid, seat=1)
        await alice.wait_for("table")
        await ann.send("start")
        await ann.wait_for(has_change("game_started"))
        await alice.close()
        await ann.close()
    finally:
        proc.kill()
        proc.wait(10)
    proc = await start_host_process(port, saves, "--resume")
    try:
        back = Client("127.0.0.1", port, name="Alice", limits=FAST, key="key-alice")
        welcome = await back.connect()
        assert welcome["returning"] and welcome["name"] == "Alice"
        table = await back.wait_for("table")
        assert table["table"]["id"] == tid and table["seat"] == 1
        await back.close()
    finally:
        proc.terminate()
        proc.wait(10)
