"""Host limits, each with a clear error: connections per address and in all, frames,
names, chat length and rate, message floods, tables per host; slow, silent and
dribbling clients lose their connection (and their seat to a bot), not the host."""

from __future__ import annotations

import asyncio
import socket
import struct
from dataclasses import replace

import pytest

from hearts.net.client import Client
from hearts.net.host import Host
from hearts.net.limits import Limits
from hearts.net.protocol import PROTOCOL_VERSION, Decoder, encode
from tests.waiting import eventually

from .conftest import FAST, has_change

STRICT = replace(FAST, trusted=(), max_per_address=3, max_connections=5)


async def _host(limits: Limits) -> Host:
    h = Host(name="limits", limits=limits, bot_level="random", seed=3)
    await h.start(bind="127.0.0.1", port=0)
    return h


class Raw:
    """A bare connection: send frames, read messages."""

    def __init__(self, r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        self.r, self.w, self.dec, self.got = r, w, Decoder(), []

    @classmethod
    async def open(cls, host: Host, hello: str | None = None) -> "Raw":
        r, w = await asyncio.open_connection("127.0.0.1", host.port)
        raw = cls(r, w)
        if hello is not None:
            raw.send({"type": "hello", "version": PROTOCOL_VERSION, "name": hello})
            await raw.until("tables")
        return raw

    def send(self, msg: dict) -> None:
        self.w.write(encode(msg))

    async def until(self, kind: str, timeout: float = 5.0) -> dict | None:
        """The next message of ``kind``; None when the host closed first."""
        while True:
            for i, m in enumerate(self.got):
                if m["type"] == kind:
                    return self.got.pop(i)
            try:
                data = await asyncio.wait_for(self.r.read(65536), timeout)
            except ConnectionError:
                return None
            if not data:
                return None
            self.got += self.dec.feed(data)

    async def closed(self, timeout: float = 5.0) -> bool:
        try:
            while True:
                data = await asyncio.wait_for(self.r.read(65536), timeout)
                if not data:
                    return True
                self.got += self.dec.feed(data)
        except ConnectionError:
            return True
        except asyncio.TimeoutError:
            return False

    def close(self) -> None:
        self.w.close()


async def test_connections_per_address_and_in_all() -> None:
    h = await _host(STRICT)
    try:
        first = [await Raw.open(h, f"p{i}") for i in range(3)]
        fourth = await Raw.open(h)
        err = await fourth.until("error")
        assert err["code"] == "limit"
        assert "127.0.0.1 already has 3 connections" in err["message"]
        assert await fourth.closed()
        first[0].close()
        await eventually(lambda: h.guard.per_address["127.0.0.1"] == 2, what="one gone")
        again = await Raw.open(h, "again")          # room again once one has gone
        assert h.guard.per_address["127.0.0.1"] == 3
        again.close()
        for c in first[1:]:
            c.close()
        await eventually(lambda: not h._connections, what="every connection gone")
        assert h.guard.per_address == {}
    finally:
        await h.stop()
    # loopback trusted (the default): no limit per address, the total still holds: once it
    # is full of players, a new one is refused at its hello (only a seat may be taken back)
    h = await _host(replace(FAST, max_connections=4, player_reserve=1))
    try:
        ok = [await Raw.open(h, f"p{i}") for i in range(4)]
        extra = await Raw.open(h)
        extra.send({"type": "hello", "version": PROTOCOL_VERSION, "name": "late"})
        err = await extra.until("error")
        assert err["code"] == "limit" and "too many connections" in err["message"]
        assert await extra.closed()
        ok[0].send({"type": "list_tables"})
        assert await ok[0].until("tables") is not None
        again = [await Raw.open(h) for _ in range(2)]       # the reserve (1) to the newest
        err = await again[0].until("error")
        assert err["code"] == "limit" and "had not said hello" in err["message"]
        for c in ok + again:
            c.close()
    finally:
        await h.stop()


async def test_frames_bombs_and_names(host: Host) -> None:
    for bomb in (b"\xdd\xff\xff\xff\xff", b"\xdf\x7f\xff\xff\xff", b"\xdb\x7f\xff\xff\xff",
                 b"\x91" * 100_000):
        c = await Raw.open(host)
        c.w.write(bomb)
        err = await c.until("error")
        # refused at once, a huge declared string too (before any of its bytes come)
        assert err is not None and err["code"] in ("too-large", "bad-frame")
        assert await c.closed()
    c = await Raw.open(host)
    c.send({"type": "hello", "version": PROTOCOL_VERSION,
            "name": "\x1b[31mEve\x00\u202e" + "x" * 100})
    welcome = await c.until("welcome")
    assert welcome["name"] == ("[31mEve" + "x" * 100)[:23] + "…"    # control chars gone, cut
    c.close()
    c = await Raw.open(host)
    c.send({"type": "hello", "version": PROTOCOL_VERSION, "name": "\x00\x07 "})
    err = await c.until("error")
    assert err["code"] == "bad-name" and "letter or digit" in err["message"]
    c.close()
    impostor = await Raw.open(host)
    impostor.send({"type": "hello", "version": PROTOCOL_VERSION, "name": "Host"})
    assert (await impostor.until("welcome"))["name"] != "Host"   # "host" speaks for the host
    impostor.close()


async def test_chat_length_and_rate_and_floods() -> None:
    h = await _host(replace(FAST, trusted=(), chat_burst=3, chat_per_second=1.0,
                            message_burst=50, messages_per_second=10.0))
    try:
        ann = await Raw.open(h, "Ann")
        ann.send({"type": "create_table"})
        await ann.until("table")
        # a line over the limit is refused whole, with one sentence, never cut
        ann.send({"type": "chat", "text": "y" * 5000})
        err = await ann.until("error")
        assert err["code"] == "too-long" and err["ref"] == "chat"
        assert err["message"].count(".") == 0 and "at most 300 characters" in err["message"] \
            and "5000" in err["message"]
        ann.send({"type": "chat", "text": "z" * (h.limits.max_chat + 1)})
        assert (await ann.until("error"))["code"] == "too-long"
        ann.send({"type": "chat", "text": "y" * h.limits.max_chat + " \x00\x07"})  # cleaned: fits
        chat: list = []
        while not chat:
            up = await ann.until("update")
            chat = [e for e in up["events"] if e["type"] == "chat"]
        chat = chat[0]
        assert chat["text"] == "y" * h.limits.max_chat
        for i in range(4):
            ann.send({"type": "chat", "text": f"line {i}"})
        err = await ann.until("error")
        assert err["code"] == "limit" and err["ref"] == "chat" and "too fast" in err["message"]
        # a flood of messages closes the connection with a reason
        flood = await Raw.open(h, "Flood")
        flood.w.write(encode({"type": "list_tables"}) * 200)
        err = await flood.until("error")
        assert err["code"] == "limit" and "connection is closed" in err["message"]
        assert await flood.closed()
        ann.send({"type": "ping"})
        assert await ann.until("pong") is not None
    finally:
        await h.stop()


async def test_tables_per_host() -> None:
    h = await _host(replace(FAST, max_tables=2))
    try:
        people = [await Raw.open(h, n) for n in ("A", "B", "C")]
        for p in people[:2]:
            p.send({"type": "create_table"})
            assert await p.until("table")
        people[2].send({"type": "create_table"})
        err = await people[2].until("error")
        assert err["code"] == "limit" and "2 tables, its limit" in err["message"]
    finally:
        await h.stop()


async def _seated_game(h: Host, raw_name: str) -> tuple[Client, Raw, int]:
    """Ann (a Client) opens a table of bots and starts; a raw client sits there too."""
    ann = Client("127.0.0.1", h.port, name="Ann", limits=h.limits)
    await ann.connect()
    await ann.send("create_table", rules={"pass_count": 0, "target": 200})
    tid = (await ann.wait_for("table"))["table"]["id"]
    raw = await Raw.open(h, raw_name)
    raw.send({"type": "sit", "table": tid, "seat": 1})
    assert (await raw.until("table"))["seat"] == 1
    await ann.send("watch", table=tid)            # Ann watches: bots play seats 0, 2, 3
    await ann.wait_for("table")
    return ann, raw, tid


async def test_silent_and_dribbling_clients_lose_the_seat_not_the_table() -> None:
    lim = replace(FAST, heartbeat_interval=0.2, heartbeat_timeout=1.0, drop_grace=0.3)
    for how in ("silent", "dribble"):
        h = await _host(lim)
        try:
            ann = Client("127.0.0.1", h.port, name="Ann", limits=lim)
            await ann.connect()
            await ann.send("create_table", rules={"pass_count": 0, "target": 200})
            tid = (await ann.wait_for("table"))["table"]["id"]
            raw = await Raw.open(h, "Mute")
            raw.send({"type": "sit", "table": tid, "seat": 1})
            await raw.until("table")
            await ann.send("start")
            await ann.wait_for(has_change("game_started"))
            if how == "dribble":      # a frame a byte at a time, never finished
                frame = encode({"type": "chat", "text": "z" * 200})
                for b in frame[:30]:
                    raw.w.write(bytes([b]))
                    await asyncio.sleep(0.1)
            # Mute answers no ping: closed after heartbeat_timeout, a bot takes seat 1
            ev = await ann.wait_for(lambda e: e["type"] == "update" and any(
                c["type"] == "replaced_by_bot" and c["seat"] == 1 and c["why"] == "dropped"
                for c in e["events"]), timeout=10)
            await ann.wait_for(lambda e: e["type"] == "update" and any(
                c["type"] == "card_played" and c["seat"] == 1 for c in e["events"]), timeout=10)
            assert await raw.closed(1)
            await ann.close()
        finally:
            await h.stop()


async def test_a_client_that_does_not_read_is_dropped() -> None:
    # the heartbeat is far away: only the write buffer can drop this client
    lim = replace(FAST, max_write_buffer=16 * 1024, drop_grace=0.3, heartbeat_timeout=60.0)
    h = await _host(lim)
    try:
        ann = Client("127.0.0.1", h.port, name="Ann", limits=lim)
        await ann.connect()
        await ann.send("create_table", rules={"pass_count": 0})
        tid = (await ann.wait_for("table"))["table"]["id"]
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.connect(("127.0.0.1", h.port))
        s.setblocking(False)
        r, w = await asyncio.open_connection(sock=s)
        slow = Raw(r, w)
        slow.send({"type": "hello", "version": PROTOCOL_VERSION, "name": "Slow"})
        await slow.until("tables")
        slow.send({"type": "sit", "table": tid, "seat": 2})
        await slow.until("table")
        for _ in range(5000):                # asks and asks, never reads the answers
            slow.send({"type": "command", "text": "/help"})
        ev = await ann.wait_for(has_change("player_dropped"), timeout=10)
        assert [c for c in ev["events"] if c["type"] == "player_dropped"][0]["seat"] == 2
        await ann.send("ping")
        assert h.core.tables[tid].seats[2].connected is False
        slow.close()
        await ann.close()
    finally:
        await h.stop()


def test_bucket_refills() -> None:
    from hearts.net.guard import Bucket
    b = Bucket(2.0, 3, now=0.0)
    assert [b.take(0.0) for _ in range(4)] == [True, True, True, False]
    assert b.take(0.5) and not b.take(0.5)
    assert b.take(10.0, 3) and not b.take(10.0)


async def test_abandoned_tables_are_closed_and_their_people_forgotten(tmp_path) -> None:
    lim = replace(FAST, abandoned_after=0.5, heartbeat_interval=0.2)
    h = Host(name="limits", limits=lim, bot_level="random", save_dir=tmp_path)
    await h.start(bind="127.0.0.1", port=0)
    try:
        gone = await Raw.open(h, "Gone")
        gone.send({"type": "create_table", "rules": {"target": 1000}})
        tid = (await gone.until("table"))["table"]["id"]
        gone.send({"type": "start"})
        await gone.until("update")
        stays = await Raw.open(h, "Stays")
        stays.send({"type": "create_table"})
        await stays.until("table")
        gone.close()
        await asyncio.sleep(0.3)
        assert tid in h.core.tables                 # kept a while: its people may come back
        await eventually(lambda: tid not in h.core.tables, what="the abandoned table closed")
        assert len(h.core.tables) == 1
        assert [p.name for p in h.core.players.values()] == ["Stays"]
        # a game nobody came back to keeps its save: a later --resume brings it back
        assert (tmp_path / f"table-{tid}.msgpack").exists()
        stays.close()
    finally:
        await h.stop()


async def test_lobby_lists_are_paced() -> None:
    # 1000 bytes a second for the lobby: after one list to five people, the next one
    # waits until its bytes' time has passed
    h = await _host(replace(FAST, lobby_bytes_per_second=1000))
    try:
        lobby = [await Raw.open(h, f"L{i}") for i in range(5)]
        ann = await Raw.open(h, "Ann")
        ann.send({"type": "create_table"})
        await ann.until("table")
        first = await lobby[0].until("tables", timeout=2)
        assert first is not None and len(first["tables"]) == 1
        sent_at = h._loop.time()
        ann.send({"type": "leave"})                  # the list changes again at once...
        wait = h.core.lobby.delay(h._loop.time())
        pace = len(encode(first)) * 5 / 1000
        assert pace > 1 and abs(wait - pace) < 0.3
        second = await lobby[0].until("tables", timeout=pace + 1)   # ...comes, but paced
        assert second is not None and second["tables"] == []
        assert h._loop.time() - sent_at >= pace - 0.3
        for c in [*lobby, ann]:
            c.close()
    finally:
        await h.stop()


async def test_hello_rules_over_a_real_socket() -> None:
    """A second hello is answered; before hello, one error and the door closes (an HTTP
    request gets one error, not one per byte, and does not linger)."""
    h = await _host(FAST)
    try:
        raw = await Raw.open(h, "Ann")
        raw.send({"type": "hello", "version": PROTOCOL_VERSION, "name": "Ann"})
        err = await raw.until("error")
        assert err["code"] == "state" and err["ref"] == "hello"
        raw.send({"type": "ping"})
        assert await raw.until("pong") is not None        # still open
        raw.close()
        for first in (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", encode({"type": "chat", "text": "x"}),
                      encode([1, 2, 3])):
            r, w = await asyncio.open_connection("127.0.0.1", h.port)
            bare = Raw(r, w)
            w.write(first)
            assert await bare.closed(3)
            errors = [m for m in bare.got if m["type"] == "error"]
            assert len(errors) == 1, (first, bare.got)
            w.close()
    finally:
        await h.stop()


async def test_silence_closes_on_time() -> None:
    """A connection that sends nothing after hello is closed within ``silence_check`` of
    ``heartbeat_timeout``, not a whole ping period late."""
    lim = replace(FAST, heartbeat_interval=0.8, heartbeat_timeout=1.0, silence_check=0.1)
    h = await _host(lim)
    try:
        raw = await Raw.open(h, "Mute")
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        assert await raw.closed(5)
        took = loop.time() - t0
        assert 0.9 <= took <= 1.0 + 0.1 + 0.4, took    # 0.4 s slack for a busy machine
    finally:
        await h.stop()


async def test_content_mistakes_keep_the_connection_and_broken_frames_say_why() -> None:
    """A well-framed message with a non-string map key or an ext value is refused with
    bad-message and the seated player stays; invalid UTF-8 and absurd nesting close with
    a sentence that says which."""
    import msgpack
    h = await _host(FAST)
    try:
        raw = await Raw.open(h, "Ann")
        raw.send({"type": "create_table"})
        assert (await raw.until("table")) is not None
        raw.w.write(msgpack.packb({"type": "set_rules", "rules": {1: 2}}))
        err = await raw.until("error")
        assert err["code"] == "bad-message" and "rules" in err["message"]
        raw.w.write(msgpack.packb({"type": "chat", "text": msgpack.ExtType(5, b"xyz")}))
        err = await raw.until("error")
        assert err["code"] == "bad-message" and "text" in err["message"]
        raw.w.write(msgpack.packb(msgpack.ExtType(1, b"ab")))
        assert (await raw.until("error"))["code"] == "bad-message"
        raw.send({"type": "ping"})
        assert await raw.until("pong") is not None          # still connected, still seated
        assert h.core.tables[1].seat_of(h.core.players[next(iter(h.core.players))].token) == 0
        for frame, words in ((b"\x81\xa4type\xa2\xff\xfe", "UTF-8"),
                             (b"\x91" * 3000 + b"\xc0", "nested")):
            bare = await Raw.open(h, "Bob")
            bare.w.write(frame)
            assert await bare.closed(3)
            errors = [m for m in bare.got if m["type"] == "error"]
            assert len(errors) == 1 and errors[0]["code"] == "bad-frame", errors
            assert words in errors[0]["message"]
        raw.close()
    finally:
        await h.stop()


async def test_a_full_host_lists_its_200_tables_to_a_real_client() -> None:
    """The `tables` message of a host at its table limit, every seat held by a person whose
    name is as long as names may be in graphemes and in bytes (a tower of marks in each
    grapheme: ~60 bytes of UTF-8 apiece), is over a client's 64 KiB frame limit, within the
    host-to-client limit, and a real client reads it and stays."""
    from hearts.net.client import Client
    tower = "a" + "\U0001D165" * 15            # one grapheme of 16 code points, 61 bytes
    h = await _host(FAST)
    try:
        core = h.core
        for i in range(h.limits.max_tables):      # 200 tables of four people
            for seat in range(4):
                peer = 100000 + 4 * i + seat
                core.opened(peer, f"10.{seat}.{i // 250}.{i % 250}")
                core.handle(peer, {"type": "hello", "version": PROTOCOL_VERSION,
                                   "name": f"{i:03}{seat}" + tower * 30}, now=0.0)
                if seat == 0:
                    core.handle(peer, {"type": "create_table", "name": f"{i:03}" + tower * 50,
                                       "rules": {"moon": "choose", "target": 150,
                                                 "sun": "others",
                                                 "pass_cycle": ["left", "right"]}}, now=0.0)
                else:
                    core.handle(peer, {"type": "sit", "table": i + 1, "seat": seat}, now=0.0)
        core.take()
        tables = core.tables_message()["tables"]
        assert len(tables) == 200 and all(s["name"] for t in tables for s in t["seats"])
        size = len(encode(core.tables_message()))
        assert FAST.max_frame < size <= FAST.host_frame // 2, size
        c = Client("127.0.0.1", h.port, name="Ann", limits=FAST)
        await c.connect()
        await c.wait_for("tables")
        assert len(c.tables) == 200
        await c.send("list_tables")                  # still connected: asked and answered
        assert len((await c.wait_for("tables"))["tables"]) == 200
        await c.close()
    finally:
        await h.stop()


async def _watcher(h: Host, tid: int, name: str) -> Raw:
    """A watcher of table ``tid`` on sockets with small buffers at both ends (its unread
    output piles up in the host's own buffer within a test's seconds, not in the kernel)."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", h.port))
    s.setblocking(False)
    r, w = await asyncio.open_connection(sock=s, limit=1024)
    raw = Raw(r, w)
    raw.dec = Decoder(h.limits.from_host())
    raw.send({"type": "hello", "version": PROTOCOL_VERSION, "name": name})
    await raw.until("tables")
    conn = next(c for c in h._connections.values() if c.player and c.player.name == name)
    assert conn.transport is not None
    conn.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    raw.send({"type": "watch", "table": tid})
    await raw.until("table")
    return raw


async def test_bots_wait_for_a_slow_reader_and_not_for_one_that_reads_nothing() -> None:
    # bots playing bots produce updates far faster than this watcher reads them: the
    # bots' moves wait for it (flow control), so it is never dropped; one that reads
    # nothing is waited for `slow_reader_wait`, then dropped at the unread-output limit
    lim = replace(FAST, max_write_buffer=48 * 1024, bot_wait_buffer=8 * 1024,
                  slow_reader_wait=0.5, heartbeat_timeout=60.0)
    h = await _host(lim)
    try:
        dealer = Client("127.0.0.1", h.port, name="Dealer", limits=lim)
        await dealer.connect()
        await dealer.send("create_table", rules={"target": 10000}, seat=0)
        tid = (await dealer.wait_for("table"))["table"]["id"]
        for seat in (1, 2, 3):
            await dealer.send("bot", seat=seat, level="random")
        slow = await _watcher(h, tid, "Slow")
        stuck = await _watcher(h, tid, "Stuck")
        await dealer.send("start")
        await dealer.send("leave")
        await dealer.wait_for("left")
        plays = 0
        loop = asyncio.get_running_loop()
        end = loop.time() + 3.0
        while loop.time() < end:                       # 1 KiB every 5 ms at most
            data = await asyncio.wait_for(slow.r.read(1024), 5.0)
            assert data, "the host dropped a watcher that reads"
            for m in slow.dec.feed(data):
                if m["type"] == "ping":
                    slow.send({"type": "pong"})
                plays += sum(c["type"] == "card_played" for c in m.get("events") or ())
            await asyncio.sleep(0.005)
        assert plays > 52                  # the bots went on, at the slow reader's pace
        # the one that reads nothing was not waited for forever: dropped
        assert [p.name for p in h.core.players.values() if p.conn is not None] == ["Dealer", "Slow"]
        stuck.close()
        slow.close()
        await dealer.close()
    finally:
        await h.stop()
