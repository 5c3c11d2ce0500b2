"""Floods over real sockets: the web port and the game port have their own connection
budgets, an unfinished HTTP request has far less time than a player, a full budget makes
room by dropping its oldest connection that has not said hello, and a seated player coming
back is never refused."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from hearts.net.client import Client
from hearts.net.host import Host
from hearts.net.limits import Limits
from hearts.net.protocol import PROTOCOL_VERSION, Decoder, encode

from ..net.conftest import FAST
from .conftest import WS, get, hello

# the flood, scaled down: budgets of 60, 16 connections per address
FLOOD = replace(FAST, trusted=(), max_per_address=16, max_connections=60,
                max_web_connections=60, web_request_timeout=1.0, hello_timeout=5.0,
                messages_per_second=1000.0, message_burst=1000)


async def _host(limits: Limits = FLOOD) -> Host:
    h = Host(name="flood", limits=limits, bot_level="random", seed=3)
    await h.start(bind="127.0.0.1", port=0, web_port=0)
    return h


async def _flood(port: int, addresses: int, each: int, payload: bytes
                 ) -> list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]:
    """``addresses`` x ``each`` connections from 127.0.1.1, 127.0.1.2..., each sending
    ``payload`` and nothing more (the issue's 65 addresses x 16, scaled down)."""
    conns = []
    for a in range(addresses):
        for _ in range(each):
            try:
                r, w = await asyncio.open_connection("127.0.0.1", port,
                                                     local_addr=(f"127.0.1.{a + 1}", 0))
            except OSError:
                continue
            w.write(payload)
            conns.append((r, w))
    await asyncio.sleep(0.1)
    return conns


async def _tcp_hello(h: Host, name: str, token: str | None = None,
                     src: str = "127.0.2.1") -> tuple[asyncio.StreamReader, asyncio.StreamWriter,
                                                     list[dict]]:
    """A TCP hello from ``src``; the connection and the first two messages (or the error)."""
    r, w = await asyncio.open_connection("127.0.0.1", h.port, local_addr=(src, 0))
    msg = {"type": "hello", "version": PROTOCOL_VERSION, "name": name}
    if token:
        msg["token"] = token
    w.write(encode(msg))
    dec, got = Decoder(FAST.from_host()), []
    while len(got) < 2:
        data = await asyncio.wait_for(r.read(65536), 5)
        if not data:
            break
        got += [m for m in dec.feed(data) if m["type"] != "ping"]
        if got and got[0]["type"] == "error":
            break
    return r, w, got


async def _closed_by_host(conns: list, timeout: float) -> int:
    """How many of ``conns`` the host closed within ``timeout`` seconds."""
    async def one(r: asyncio.StreamReader) -> bool:
        try:
            while await asyncio.wait_for(r.read(65536), timeout):
                pass
            return True
        except (asyncio.TimeoutError, ConnectionError):
            return False
    return sum(await asyncio.gather(*(one(r) for r, _ in conns)))


async def test_a_web_flood_does_not_lock_out_tcp_players_and_is_closed_soon() -> None:
    h = await _host()
    try:
        flood = await _flood(h.web_port, 5, 16, b"GET / HTTP/1.1\r\nHost: x\r\n")   # 80 > 60
        assert len(h.guard.pools["web"]) <= FLOOD.max_web_connections
        _, w, got = await _tcp_hello(h, "Tess")
        assert got and got[0]["type"] == "welcome", got
        w.close()
        # and a page still loads from an address of its own while the flood goes on
        status, _, body = await get(h, "/")
        assert status == 200 and b"<title>Hearts</title>" in body
        # an unfinished request is answered 408 and closed after web_request_timeout
        # (1 s here), far sooner than a player's 20 s of silence
        assert await _closed_by_host(flood, FLOOD.web_request_timeout + 4) == len(flood)
        for _, fw in flood:
            fw.close()
    finally:
        await h.stop()


async def test_a_tcp_flood_does_not_lock_out_browsers() -> None:
    h = await _host()
    try:
        flood = await _flood(h.port, 5, 16, b"")                # 80 silent TCP connections
        assert len(h.guard.pools["game"]) <= FLOOD.max_connections
        status, _, _ = await get(h, "/")
        assert status == 200
        ws = await WS.open(h, "Wes")
        await ws.send({"type": "list_tables"})
        assert await ws.until("tables") is not None
        await ws.close()
        for _, fw in flood:
            fw.close()
    finally:
        await h.stop()


async def test_a_seated_player_comes_back_through_a_flood_of_either_kind() -> None:
    h = await _host()
    try:
        ann = await WS.open(h)
        await ann.send(hello("Ann"))
        token = (await ann.until("welcome"))["token"]
        await ann.send({"type": "create_table"})
        await ann.until("table")
        r, w, got = await _tcp_hello(h, "Bob")
        bob_token = got[0]["token"]
        w.write(encode({"type": "sit", "table": 1, "seat": 2}))
        await ann.until("table", match=lambda m: m["table"]["seats"][2]["name"] == "Bob")
        await ann.close()
        w.close()
        # both budgets full of unfinished connections
        web_flood = await _flood(h.web_port, 5, 16, b"GET / HTTP/1.1\r\n")
        tcp_flood = await _flood(h.port, 5, 16, b"")
        again = await WS.open(h)
        await again.send(hello("Ann", token))
        table = await again.until("table")
        assert table is not None and table["seat"] == 0, "Ann did not get her seat back"
        _, w2, got = await _tcp_hello(h, "Bob", bob_token, src="127.0.3.1")
        assert got[0]["type"] == "welcome" and got[1]["type"] == "tables"
        await again.close()
        w2.close()
        for _, fw in web_flood + tcp_flood:
            fw.close()
    finally:
        await h.stop()


async def test_a_budget_full_of_players_still_takes_a_seat_back_and_nobody_else() -> None:
    h = await _host(replace(FLOOD, max_connections=6, player_reserve=2))
    try:
        seated = Client("127.0.0.1", h.port, name="Sam", limits=FAST)
        await seated.connect()
        await seated.send("create_table")
        await seated.wait_for(lambda e: e["type"] == "table")
        token = seated.token
        lobby = []
        for i in range(5):                          # the budget is full of players
            _, w, got = await _tcp_hello(h, f"L{i}", src=f"127.0.4.{i + 1}")
            assert got[0]["type"] == "welcome"
            lobby.append(w)
        await seated.close()                        # Sam's phone sleeps; a lobby player takes
        _, w, got = await _tcp_hello(h, "L5", src="127.0.4.9")           # the room
        assert got[0]["type"] == "welcome"
        lobby.append(w)
        # full: a new person is refused with one sentence, Sam comes back to the seat
        _, _, got = await _tcp_hello(h, "Newcomer", src="127.0.5.1")
        assert got[0]["type"] == "error" and got[0]["code"] == "limit"
        assert "too many connections" in got[0]["message"]
        back = Client("127.0.0.1", h.port, name="Sam", limits=FAST, token=token)
        await back.connect()
        t = await back.wait_for(lambda e: e["type"] == "table")
        assert t["seat"] == 0 and t["owner"] is True
        await back.close()
        for w in lobby:
            w.close()
    finally:
        await h.stop()
