"""A kick follows the person: their player key, or their address where either side has
none, until the owner lets them back (`allow`): "Robert", kicked, cannot come back as
"Bob". Over TCP from several loopback addresses to a real host; the marks are saved."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from hearts.net.host import Host
from hearts.net.protocol import PROTOCOL_VERSION, Decoder, encode
from hearts.net.table import Table, TableError

from .test_limits import Raw

KEY = "robert-key-0123456789abcdef0123"


async def _person(host: Host, name: str, source: str = "127.0.0.1",
                  key: str | None = None) -> Raw:
    r, w = await asyncio.open_connection("127.0.0.1", host.port, local_addr=(source, 0))
    raw = Raw(r, w)
    hello: dict[str, Any] = {"type": "hello", "version": PROTOCOL_VERSION, "name": name}
    if key:
        hello["key"] = key
    raw.send(hello)
    assert await raw.until("tables") is not None
    return raw


async def _next(raw: Raw) -> dict[str, Any]:
    while not raw.got:
        data = await asyncio.wait_for(raw.r.read(65536), 10.0)
        assert data, "the host closed the connection"
        raw.got += raw.dec.feed(data)
    return raw.got.pop(0)


async def _sit(raw: Raw, table: int, seat: int) -> str:
    """``sit`` at ``table``: "sat", or the error's code."""
    raw.send({"type": "sit", "table": table, "seat": seat})
    while True:
        msg = await _next(raw)
        if msg["type"] == "table" and msg["table"]["id"] == table:
            return "sat"
        if msg["type"] == "error":
            return str(msg["code"])


async def _kick(ann: Raw, victim: Raw, table: int, seat: int) -> None:
    assert await _sit(victim, table, seat) == "sat"
    ann.send({"type": "kick", "seat": seat})
    left = await victim.until("left")
    assert left is not None and left["reason"] == "kicked"
    victim.close()


async def test_a_kicked_person_with_a_key_stays_out_under_any_name(host: Host) -> None:
    ann = await _person(host, "Ann")
    ann.send({"type": "create_table"})
    tid = (await ann.until("table"))["table"]["id"]
    await _kick(ann, await _person(host, "Robert", key=KEY), tid, 1)
    bob = await _person(host, "Bob", key=KEY)
    assert await _sit(bob, tid, 2) == "kicked"
    bob.send({"type": "watch", "table": tid})
    assert (await bob.until("error"))["code"] == "kicked"
    carl = await _person(host, "Carl", key="another-key-0123456789abcdef")
    assert await _sit(carl, tid, 3) == "sat"          # the same machine, another person
    ann.send({"type": "allow", "name": "Robert"})
    assert await _sit(bob, tid, 2) == "sat"           # let back: under any name
    for raw in (ann, bob, carl):
        raw.close()


async def test_a_kicked_person_without_a_key_stays_out_from_their_address(host: Host) -> None:
    ann = await _person(host, "Ann")
    ann.send({"type": "create_table"})
    tid = (await ann.until("table"))["table"]["id"]
    await _kick(ann, await _person(host, "Robert", "127.0.0.2"), tid, 1)
    bob = await _person(host, "Bob", "127.0.0.2")
    assert await _sit(bob, tid, 2) == "kicked"
    other = await _person(host, "Dora", "127.0.0.3")
    assert await _sit(other, tid, 2) == "sat"
    # on the host's own machine too: a kick without a key follows the address
    await _kick(ann, await _person(host, "Eve"), tid, 3)
    local = await _person(host, "Fay")
    assert await _sit(local, tid, 3) == "kicked"
    for raw in (ann, bob, other, local):
        raw.close()


def test_the_marks_are_saved_with_the_table_and_allow_lifts_them() -> None:
    t = Table(1, "den")
    t.sit("owner-token", "Ann", 0, 0.0)                 # the first to sit owns it
    t.sit("robert-token", "Robert", 1, 0.0)
    t.kick("owner-token", 1, 0.0)
    t.bar("robert-token", "0123456789abcdef", "10.0.0.7")
    back = Table.from_dict(Decoder().feed(encode(t.to_dict()))[0], now=0.0)
    assert back.barred == {"Robert": ("0123456789abcdef", "10.0.0.7")}
    with pytest.raises(TableError) as refused:
        back.check_not_kicked("new-token", "Bob", "0123456789abcdef", "10.0.0.9")
    assert refused.value.code == "kicked"
    back.check_not_kicked("new-token", "Bob", "fedcba9876543210", "10.0.0.7")  # keyed: another
    t.allow("owner-token", "Robert")
    assert t.barred == {}
    t.check_not_kicked("new-token", "Bob", "0123456789abcdef", "10.0.0.7")
