"""The web side over real sockets: the page's files (and nothing else) over HTTP, the
protocol over WebSocket with the TCP side's hello, tokens, limits and errors."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest
from websockets.exceptions import InvalidStatus

from hearts.net.client import Client
from hearts.net.host import Host
from hearts.net.protocol import encode
from hearts.net.web import CSP

from ..net.conftest import FAST
from .conftest import WS, get, hello, http


async def play_hand(ws: WS, seat: int) -> dict:
    """Pass and play the first legal card until the hand is scored; the scoring change."""
    passed_for = played_for = None
    while True:
        msg = await ws.recv(20)
        assert msg is not None, "the host closed the connection"
        if msg["type"] == "update":
            for ev in msg["events"]:
                if ev["type"] == "hand_scored":
                    return ev
        view = msg.get("view") if msg["type"] in ("update", "table") else None
        if not view or view["seat"] != seat:
            continue
        if view["phase"] == "pass" and not view["has_passed"][seat] and passed_for != view["hand"]:
            passed_for = view["hand"]
            await ws.send({"type": "pass", "cards": view["hand"][:3]})
        elif view["turn"] == seat and view["legal"]:
            key = (len(view["tricks"]), len(view["trick"]))
            if key != played_for:
                played_for = key
                await ws.send({"type": "play", "card": view["legal"][0]})


async def test_the_page_is_served_with_a_strict_policy(host: Host) -> None:
    status, headers, body = await get(host, "/")
    assert status == 200 and b"<!doctype html>" in body.lower()
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert headers["content-security-policy"] == CSP and "script-src 'self'" in CSP
    assert headers["x-content-type-options"] == "nosniff"
    status, headers, body = await get(host, "/vendor/msgpack.mjs")
    assert status == 200 and headers["content-type"].startswith("text/javascript")
    assert b"export" in body
    etag = headers["etag"]
    status, _, body = await get(host, "/vendor/msgpack.mjs", f"If-None-Match: {etag}")
    assert status == 304 and body == b""


@pytest.mark.parametrize("path", ["/../net/host.py", "/..%2fnet/host.py", "/%2e%2e/README.md",
                                  "/vendor/../../pyproject.toml", "//etc/passwd",
                                  "/index.html/..", "/nothing.js", "/vendor"])
async def test_only_the_pages_own_files_are_served(host: Host, path: str) -> None:
    status, headers, body = await get(host, path)
    assert status == 404, (path, status)
    assert b"there is no" in body and b"import" not in body
    assert headers["content-security-policy"] == CSP


async def test_bad_requests_get_one_clear_answer_and_the_host_keeps_serving(host: Host) -> None:
    ws = await WS.open(host, "Ann")
    status, _, body = await http(host, b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                       b"Content-Length: 0\r\n\r\n")
    assert status == 405 and b"POST is not served" in body
    huge = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Big: " + b"a" * 40000 + b"\r\n\r\n"
    status, _, body = await http(host, huge)
    assert status == 431 and b"over" in body
    many = b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(2000)) + b"\r\n"
    status, _, _ = await http(host, many)
    assert status == 431
    status, _, body = await http(host, b"\x00\x01garbage\r\n\r\n")
    assert status == 400 and b"not a valid HTTP request" in body
    status, _, body = await get(host, "/ws")           # not an upgrade
    assert status in (400, 426)
    # the WebSocket opened before is still served
    await ws.send({"type": "list_tables"})
    assert await ws.until("tables") is not None
    status, _, _ = await get(host, "/")
    assert status == 200


async def test_a_websocket_player_says_hello_sits_and_plays_a_hand(host: Host) -> None:
    ws = await WS.open(host)
    await ws.send(hello("Ann"))
    welcome = await ws.recv()
    assert welcome["type"] == "welcome" and welcome["name"] == "Ann" and welcome["token"]
    assert (await ws.recv())["type"] == "tables"
    await ws.send({"type": "create_table", "name": "web"})
    table = await ws.until("table")
    assert table["seat"] == 0 and table["owner"] is True
    await ws.send({"type": "start"})
    scored = await play_hand(ws, 0)
    assert sum(scored["points"]) in (26, 78)
    await ws.close()


async def test_a_websocket_and_a_tcp_player_share_a_table_and_a_token(host: Host) -> None:
    ws = await WS.open(host)
    await ws.send(hello("Ann"))
    token = (await ws.recv())["token"]
    await ws.send({"type": "create_table"})
    tid = (await ws.until("table"))["table"]["id"]
    bob = Client("127.0.0.1", host.port, name="Bob", limits=FAST)
    await bob.connect()
    await bob.send("sit", table=tid, seat=2)
    await bob.send("chat", text="hello from tcp")
    got = await ws.until("update", match=lambda m: any(
        e["type"] == "chat" and e["text"] == "hello from tcp" for e in m["events"]))
    assert got is not None
    await ws.send({"type": "chat", "text": "hi from the web"})
    await bob.wait_for(lambda e: e["type"] == "update" and any(
        c["type"] == "chat" and c["text"] == "hi from the web" for c in e["events"]))
    await ws.send({"type": "start"})
    await ws.until("update", match=lambda m: any(e["type"] == "hand_started"
                                                 for e in m["events"]))
    await ws.close()
    # the token brings the seat back over TCP, with the cards of the hand
    again = Client("127.0.0.1", host.port, name="Ann", limits=FAST, token=token)
    await again.connect()
    t = await again.wait_for(lambda e: e["type"] == "table")
    assert t["seat"] == 0 and len(t["view"]["hand"]) == 13
    await again.close()
    await bob.close()


@pytest.mark.parametrize("payload,code", [
    (b"\xc1", "bad-frame"),                                   # not msgpack
    (encode({"type": "ping"}) + encode({"type": "ping"}), "bad-frame"),  # two maps
    (encode({"type": "hello", "version": 1, "name": "Ann"})[:-2], "bad-frame"),  # half a map
    (b"\xdb\xff\xff\xff\xff", "too-large"),                  # declares a 4 GB string
])
async def test_a_message_that_is_not_one_map_closes_with_one_error(host: Host, payload: bytes,
                                                                   code: str) -> None:
    ws = await WS.open(host, "Ann")
    await ws.send({"type": "list_tables"})
    await ws.conn.send(payload)
    err = await ws.until("error")
    assert err is not None and err["code"] == code
    assert await ws.recv() is None or (await ws.recv()) is None
    assert ws.conn.close_code in (1003, 1009)


async def test_oversized_and_text_messages_are_refused_and_others_keep_playing(host: Host
                                                                               ) -> None:
    other = await WS.open(host, "Bob")
    big = await WS.open(host, "Ann")
    await big.conn.send(b"\x80" + b"x" * (FAST.max_frame + 10))
    err = await big.until("error")
    assert err["code"] == "too-large"
    assert await big.recv() is None and big.conn.close_code == 1009
    text = await WS.open(host, "Cy")
    await text.conn.send('{"type": "hello"}')
    err = await text.until("error")
    assert err["code"] == "bad-frame" and "binary" in err["message"]
    assert await text.recv() is None
    await other.send({"type": "create_table"})
    assert (await other.until("table"))["seat"] == 0


async def test_before_hello_only_a_hello_is_heard(host: Host) -> None:
    ws = await WS.open(host)
    await ws.send({"type": "list_tables"})
    err = await ws.recv()
    assert err["code"] == "hello-first"
    assert await ws.recv() is None


async def test_the_tcp_limits_hold_for_websockets(tmp_path) -> None:
    strict = replace(FAST, trusted=(), max_per_address=3, message_burst=20,
                     messages_per_second=5)
    h = Host(name="strict", limits=strict, bot_level="random")
    await h.start(bind="127.0.0.1", port=0, web_port=0)
    try:
        tcp = Client("127.0.0.1", h.port, name="Tcp", limits=strict)
        await tcp.connect()
        socks = [await WS.open(h, f"P{i}") for i in range(2)]   # 3 from this address
        with pytest.raises(InvalidStatus) as refused:
            await WS.open(h)
        assert refused.value.response.status_code == 503
        assert b"the limit for one address" in refused.value.response.body
        flood = socks[0]
        for _ in range(40):
            await flood.send({"type": "list_tables"})
        err = await flood.until("error", match=lambda m: m["code"] == "limit")
        assert "messages at once" in err["message"]
        assert await flood.until("never") is None                 # closed
        await socks[1].send({"type": "list_tables"})
        assert await socks[1].until("tables") is not None
        await tcp.close()
    finally:
        await h.stop()


async def test_a_page_of_another_site_may_not_connect(host: Host) -> None:
    with pytest.raises(InvalidStatus) as refused:
        await WS.open(host, origin="http://evil.example")
    assert refused.value.response.status_code == 403
    ws = await WS.open(host, "Ann", origin=f"http://127.0.0.1:{host.web_port}")
    await ws.close()


async def test_a_silent_http_connection_is_closed(host: Host) -> None:
    r, w = await asyncio.open_connection("127.0.0.1", host.web_port)
    w.write(b"GET / HTTP/1.1\r\n")                             # and nothing more
    data = await asyncio.wait_for(r.read(), FAST.hello_timeout + 3)
    assert data.startswith(b"HTTP/1.1 408")
    w.close()


async def test_stop_closes_websockets_with_bye(host: Host) -> None:
    ws = await WS.open(host, "Ann")
    await host.stop()
    bye = await ws.until("bye")
    assert bye is not None and "shutting down" in bye["reason"]


async def test_a_websocket_watcher_sees_no_hidden_card(host: Host) -> None:
    owner = await WS.open(host, "Ann")
    await owner.send({"type": "create_table"})
    tid = (await owner.until("table"))["table"]["id"]
    await owner.send({"type": "start"})
    dealt = await owner.until("update", match=lambda m: any(
        e["type"] == "hand_started" for e in m["events"]))
    watcher = await WS.open(host, "Wes")
    await watcher.send({"type": "watch", "table": tid})
    table = await watcher.until("table")
    assert table["seat"] is None and table["view"]["hand"] == []
    await owner.send({"type": "pass", "cards": dealt["view"]["hand"][:3]})   # things happen
    for _ in range(3):
        update = await watcher.until("update")
        view = update["view"]
        assert view["seat"] is None and view["hand"] == [] and view["legal"] == []
        assert view["passed"] is None and view["received"] is None and not view.get("others")
