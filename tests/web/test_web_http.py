"""The web port's HTTP over real sockets: only this host's names are answered (DNS
rebinding), pipelined and trailing bytes get a whole answer, every refusal carries the
security headers, text is compressed for browsers that take gzip, a TLS hello is closed at
once, and a refused hello closes the WebSocket with 1008."""

from __future__ import annotations

import asyncio
import gzip
import socket
import time

import pytest
from websockets.exceptions import InvalidStatus

from hearts.net.host import Host
from hearts.net.hostnames import HostNames
from hearts.net.protocol import PROTOCOL_VERSION
from hearts.net.web import CSP

from .conftest import WS, get, http


def _request(path: str, host: str, *extra: str) -> bytes:
    return ("\r\n".join([f"GET {path} HTTP/1.1", f"Host: {host}", *extra]) + "\r\n\r\n").encode()


# -- DNS rebinding -------------------------------------------------------------------------------
def test_only_this_hosts_names_are_answered() -> None:
    names = HostNames(machine="Den-PC")
    for ok in ("127.0.0.1:7896", "localhost:7896", "LOCALHOST", "192.168.1.20:7896", "[::1]:7896",
               "[fe80::1]", "den-pc:7896", "den-pc.local:7896", "Den-PC.local.", "den-pc-2.local",
               "den-pc-1a2b3c.local:7896", "app.localhost"):
        assert names.allows(ok), ok
    for bad in ("rebind.attacker.example:7896", "den-pc.attacker.example", "attacker.local",
                "127.0.0.1.attacker.example", "den-pc-evil.local", "", None, "localhost.evil"):
        assert not names.allows(bad), bad


async def test_a_websocket_under_another_sites_name_is_refused(host: Host) -> None:
    port = host.web_port
    name = f"rebind.attacker.example:{port}"
    with pytest.raises(InvalidStatus) as refused:      # the upgrade, Origin matching
        await WS.open(host, as_name="rebind.attacker.example", origin=f"http://{name}")
    assert refused.value.response.status_code == 421
    status, headers, body = await http(host, _request("/", name))
    assert status == 421 and b"does not answer to the name" in body
    assert headers["content-security-policy"] == CSP
    status, _, _ = await http(host, b"GET / HTTP/1.0\r\n\r\n")        # no name at all
    assert status == 421
    status, _, _ = await http(host, _request("/", "127.0.0.1", f"Host: {name}"))   # two
    assert status == 400
    # this machine's own names are answered
    for good in (f"localhost:{port}", f"{socket.gethostname()}:{port}", f"127.0.0.1:{port}"):
        status, _, _ = await http(host, _request("/", good))
        assert status == 200, good
    ws = await WS.open(host, "Ann", as_name="localhost", origin=f"http://localhost:{port}")
    await ws.close()


# -- one request, one whole answer ---------------------------------------------------------------
@pytest.mark.parametrize("extra", [b"xyz", _request("/icon.svg", "127.0.0.1"),
                                   b"POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello"])
async def test_bytes_after_a_request_do_not_lose_its_answer(host: Host, extra: bytes) -> None:
    status, headers, body = await http(host, _request("/", "127.0.0.1") + extra)
    assert status == 200 and headers["connection"] == "close"
    assert len(body) == int(headers["content-length"]) and b"<title>Hearts</title>" in body


async def test_every_refusal_carries_the_security_headers(host: Host) -> None:
    answers = {
        426: _request("/ws", "127.0.0.1"),                                   # not an upgrade
        431: b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 20000 + b"\r\n\r\n",
        414: b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        405: b"DELETE / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        404: _request("/nothing", "127.0.0.1"),
        400: b"GET / SPDY/3\r\nHost: 127.0.0.1\r\n\r\n",
    }
    for want, raw in answers.items():
        status, headers, _ = await http(host, raw)
        assert status == want, (want, status)
        assert headers["content-security-policy"] == CSP, want
        assert headers["x-content-type-options"] == "nosniff", want
        assert headers["x-frame-options"] == "DENY", want


async def test_text_is_compressed_for_a_browser_that_takes_gzip(host: Host) -> None:
    _, plain_headers, plain = await get(host, "/app.js")
    assert "content-encoding" not in plain_headers
    status, headers, packed = await get(host, "/app.js", "Accept-Encoding: gzip, deflate, br")
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert headers["vary"] == "Accept-Encoding" and headers["etag"] != plain_headers["etag"]
    assert gzip.decompress(packed) == plain and len(packed) < len(plain) / 2
    status, _, body = await get(host, "/app.js", "Accept-Encoding: gzip",
                                f"If-None-Match: {headers['etag']}")
    assert status == 304 and body == b""
    _, headers, body = await get(host, "/app.js", "Accept-Encoding: gzip;q=0, identity")
    assert "content-encoding" not in headers and body == plain
    # the whole page, as a phone loads it: well under half
    total = packed_total = 0
    for path in ("/", "/app.js", "/style.css", "/table.js", "/vendor/msgpack.mjs"):
        total += len((await get(host, path))[2])
        packed_total += len((await get(host, path, "Accept-Encoding: gzip"))[2])
    assert packed_total < total / 2.5


async def test_a_tls_hello_on_the_web_port_is_closed_at_once(host: Host) -> None:
    client_hello = bytes.fromhex("16030100c4010000c00303") + bytes(60)
    r, w = await asyncio.open_connection("127.0.0.1", host.web_port)
    w.write(client_hello)
    start = time.monotonic()
    data = await asyncio.wait_for(r.read(), 5)
    assert time.monotonic() - start < 2.5          # not the request deadline's 408 (3 s)
    assert data.startswith(b"HTTP/1.1 400") and b"plain HTTP" in data
    w.close()


# -- a refused hello closes the WebSocket with 1008 --------------------------------------------
@pytest.mark.parametrize("msg,code", [
    ({"type": "hello", "version": PROTOCOL_VERSION + 1, "name": "Ann"}, "version"),
    ({"type": "hello", "version": PROTOCOL_VERSION}, "bad-message"),               # no name
])
async def test_a_refused_hello_closes_with_1008(host: Host, msg: dict, code: str) -> None:
    ws = await WS.open(host)
    await ws.send(msg)
    err = await ws.recv()
    assert err["type"] == "error" and err["code"] == code
    assert await ws.recv() is None
    assert ws.conn.close_code == 1008
