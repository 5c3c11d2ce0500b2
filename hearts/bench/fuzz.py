"""`hearts bench fuzz --seconds N`: hypothesis-made bad input against a running host.

A real host runs on loopback in a thread of this process, with two victim
tables playing whole games beside the fuzzer: four network clients at one, an
owner and three bots at the other (behind a table password). The fuzzer opens
a connection per input and sends what hypothesis draws: random bytes, truncated
and oversized frames, msgpack bombs (huge declared arrays, maps, strings),
wrong types in every field, unknown message types, game intents out of turn or
for another seat, sits at tables it may not join, forged and replayed seat
tokens, owner commands and console lines from a non-owner. The same inputs also
go over the host's WebSocket side (each frame one binary message), mixed with
broken WebSocket frames (text, fragments, oversized and reserved ones), and raw
HTTP requests go to its web port (bad paths, ``..``, huge headers, other methods,
junk). Each input must get an error or a closed connection, never a hang or a host
error in the log (an HTTP request an answer: only the page's own files are 200); the
victims must finish their games untouched, and once the fuzzer's connections
are gone the host must hold no more players, tables or connections than before.

The same harness is the pytest suite's fuzz test (tests/net/test_fuzz.py), with
a small ``max_examples``; this command runs it for ``--seconds`` and prints the
inputs tried and the failures.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import socket
import struct
import threading
import time
import warnings
from collections.abc import Coroutine
from dataclasses import dataclass, field, replace
from typing import Any, Iterator, TypeVar

from hearts.net.client import Client, decision_key, random_intent
from hearts.net.limits import Limits
from hearts.net.protocol import (INTENTS, PROTOCOL_VERSION, Decoder, ProtocolError, check_event,
                          check_intent, clean_name, encode)

T = TypeVar("T")
CARDS = [r + s for r in "23456789TJQKA" for s in "CDHS"]
VICTIM_PASSWORD = "friends only"

# loopback is not trusted here (every limit applies), but the victims play at full speed
FUZZ_LIMITS = Limits(drop_grace=0.5, heartbeat_interval=1.0, heartbeat_timeout=10.0,
                     hello_timeout=3.0, bot_budget=0.02, abandoned_after=2.0, trusted=(),
                     max_per_address=64, messages_per_second=2000.0, message_burst=4000)


# -- the host under attack ------------------------------------------------------------------
class _ErrorLog(logging.Handler):
    """Collects every ERROR record (a traceback in the host is a failure)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(self.format(record))


@dataclass
class Victim:
    """A client at a victim table: plays random legal moves and notes what happens to it."""

    name: str
    games: int = 0
    errors: list[dict[str, Any]] = field(default_factory=list)
    harm: list[str] = field(default_factory=list)


class HostUnderTest:
    """A Host in a background thread, with victim tables playing; `stop()` ends it all."""

    def __init__(self, limits: Limits = FUZZ_LIMITS, target: int = 60, repeat: bool = False,
                 seed: int = 1, move_delay: float = 0.005) -> None:
        self.limits = limits
        self.target = target
        self.repeat = repeat          # victims start a new game after each one (bench)
        self.seed = seed
        self.move_delay = move_delay  # victims think a little: the fuzzer gets the CPU too
        self.loop = asyncio.new_event_loop()
        self.errors = _ErrorLog()
        self.victims: list[Victim] = []
        self.tables: list[int] = []
        self.owner_tokens: dict[int, str] = {}
        self._clients: list[Any] = []
        self._tasks: list[asyncio.Future[Any]] = []
        self._thread = threading.Thread(target=self.loop.run_forever, name="fuzz-host",
                                        daemon=True)
        self.host: Any = None
        self.port = 0
        self.web_port = 0

    def start(self) -> "HostUnderTest":
        logging.getLogger().addHandler(self.errors)
        self._thread.start()
        self.call(self._start(), 30)
        return self

    def call(self, coro: Coroutine[Any, Any, T], timeout: float = 10.0) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    async def _start(self) -> None:
        from hearts.net.host import Host
        self.host = Host(name="fuzz", limits=self.limits, bot_level="random", seed=self.seed)
        await self.host.start(bind="127.0.0.1", port=0, web_port=0)
        self.port = self.host.port
        self.web_port = self.host.web_port
        rules = {"target": self.target, "pass_count": 3}
        # table 1: four people
        four = [Client("127.0.0.1", self.port, name=f"Vic{i}", limits=self.limits)
                for i in range(4)]
        for c in four:
            await c.connect()
        await four[0].send("create_table", name="victims", rules=rules)
        t1 = (await four[0].wait_for("table"))["table"]["id"]
        for c in four[1:]:
            await c.send("sit", table=t1)
            await c.wait_for("table")
        # table 2: one person and three bots, behind a password
        solo = Client("127.0.0.1", self.port, name="Solo", limits=self.limits)
        await solo.connect()
        await solo.send("create_table", name="locked", rules=rules, password=VICTIM_PASSWORD)
        t2 = (await solo.wait_for("table"))["table"]["id"]
        self.tables = [t1, t2]
        self._clients = [*four, solo]
        self.owner_tokens = {t1: four[0].token or "", t2: solo.token or ""}
        for c in self._clients:
            self.victims.append(Victim(c.name))
        await four[0].send("start")
        await solo.send("start")
        for c, v in zip(self._clients, self.victims):
            self._tasks.append(asyncio.ensure_future(self._play(c, v, c in (four[0], solo))))

    async def _play(self, client: Any, victim: Victim, owner: bool) -> None:
        rng = random.Random(client.name)
        sent_for: Any = None
        while True:
            ev = await client.next_event()
            kind = ev["type"]
            if kind == "closed":
                victim.harm.append(f"connection closed: {ev.get('reason')}")
                return
            if kind == "error":
                victim.errors.append(ev)
            if kind in ("left", "bye"):
                victim.harm.append(f"{kind}: {ev.get('reason')}")
            if kind == "update":
                for e in ev["events"]:
                    if e["type"] in ("paused", "game_ended", "player_kicked", "owner_changed",
                                     "rules_changed", "bot_removed"):
                        victim.harm.append(f"{e['type']} by a stranger: {e}")
                    if e["type"] == "game_over":
                        victim.games += 1
                        if not self.repeat:
                            return
                        if owner:
                            await client.send("start")
            view = client.view
            intent = random_intent(view, rng) if kind in ("update", "table") else None
            # the hand's state, not the update's seq: a stale update (a watcher came) while
            # our move is in flight must not make us move twice
            if intent is None or decision_key(view) == sent_for:
                continue
            if self.move_delay:
                await asyncio.sleep(self.move_delay)
            sent_for = decision_key(view)
            await client.send(intent[0], **intent[1])

    def counts(self) -> dict[str, int]:
        """What the host holds now (read in its own thread)."""
        async def read() -> dict[str, int]:
            h = self.host
            return {"connections": len(h._connections), "players": len(h.core.players),
                    "tables": len(h.core.tables), "runtimes": len(h.runtimes()),
                "bots": sum(len(rt.bots) for rt in h.runtimes()),
                "timers": sum(rt.timer is not None for rt in h.runtimes())}
        return self.call(read())

    def wait_victims(self, timeout: float) -> bool:
        """Whether every victim finished its game within ``timeout`` seconds."""
        async def wait() -> bool:
            done, _ = await asyncio.wait(self._tasks, timeout=timeout)
            return len(done) == len(self._tasks)
        return self.call(wait(), timeout + 5)

    def stop(self) -> None:
        async def stop() -> None:
            for t in self._tasks:
                t.cancel()
            for c in self._clients:
                await c.close()
            await self.host.stop()
        try:
            self.call(stop(), 20)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(10)
            logging.getLogger().removeHandler(self.errors)


# -- what the fuzzer sends ------------------------------------------------------------------
def strategies(tables: list[int]) -> Any:
    """The hypothesis strategy of one fuzz input: a hello (or none) and a list of frames."""
    from hypothesis import strategies as st

    ints = st.integers(-(2 ** 63), 2 ** 64 - 1)
    scalars = (st.none() | st.booleans() | ints | st.floats() | st.text(max_size=30)
               | st.binary(max_size=30))
    anything = st.recursive(scalars, lambda c: st.lists(c, max_size=6)
                            | st.dictionaries(st.text(max_size=10), c, max_size=6),
                            max_leaves=25)
    table_ids = st.sampled_from(tables) | st.integers(-3, 12) | ints
    commands = st.sampled_from([
        "/start", "/pause", "/resume", "/end now", "/end 5", "/end 99999999999999999999",
        "/kick Vic0", "/kick Solo", "/kick 0", "/allow Vic1", "/bot 1 random", "/bot 2 off",
        "/bot 9 hard", "/rules set target 10", "/rules set pass_count 99", "/rules set moon x",
        "/rules", "/preset standard", "/preset nothing", "/who", "/tables", "/help", "/help kick",
        "/new", "/new bogus", "/join 1", "/join 2 1", "/join 99999999999999999999999 3",
        "/sit 1 7", "/watch 1", "/watch 2", "/leave", "/hint", "/play QS", "/play", "/pass 2C",
        "/pass 2C 3C 4C", "/moon add", "/moon", "/claim", "/undo", "/", "//", "/\x00start",
        "/password x", "/password off"])
    text = st.text(max_size=400) | commands | st.text(alphabet="\x00\x1b\u202e\ufeff\n\r\t a",
                                                      max_size=50)
    rule_names = st.sampled_from(["target", "pass_count", "moon", "preset", "turn_seconds",
                                  "allow_undo", "open_hands", "pass_cycle", "jack_of_diamonds",
                                  "queen_points", "display", "nonsense"])
    rule_values = (st.integers(-5, 200) | st.sampled_from(["standard", "add", "choose", "on",
                                                           "countdown", ""]) | anything)
    fields = {
        "version": st.just(PROTOCOL_VERSION) | ints | anything,
        "name": st.text(max_size=60) | anything,
        "token": st.text(max_size=70) | anything,
        "table": table_ids | anything,
        "seat": st.integers(-2, 5) | anything,
        "card": st.sampled_from(CARDS) | st.text(max_size=5) | anything,
        "cards": st.lists(st.sampled_from(CARDS), max_size=14) | anything,
        "choice": st.sampled_from(["add", "subtract", "x"]) | anything,
        "text": text | anything,
        "rules": st.dictionaries(rule_names, rule_values, max_size=5) | anything,
        "target": st.integers(-5, 2 ** 40) | ints | anything,
        "level": st.sampled_from(["random", "easy", "normal", "bogus"]) | st.none() | anything,
        "password": st.sampled_from([VICTIM_PASSWORD, "guess", ""]) | st.text(max_size=80)
        | anything,
        "key": st.text(max_size=70) | anything,
        "lang": st.sampled_from(["de", "fr_FR.UTF-8", "es-ES", "pseudo", "xx", ""])
        | st.text(max_size=40) | anything,
        "before": st.integers(-2, 5) | ints | anything,
        "limit": st.integers(-2, 60) | ints | anything,
        "id": st.integers(-2, 5) | ints | anything,
        "hand": st.integers(-2, 40) | ints | anything,
        "words": st.booleans() | anything,
        "away": st.lists(st.integers(-2, 60), max_size=5) | st.lists(ints, min_size=4,
                                                                        max_size=4) | anything,
    }
    types = st.sampled_from(sorted(INTENTS)) | st.text(max_size=20) | anything

    @st.composite
    def message(draw: Any) -> dict[str, Any]:
        type_ = draw(types)
        msg: dict[Any, Any] = {"type": type_}
        schema = INTENTS.get(type_, {}) if isinstance(type_, str) else {}
        for name in schema:
            if draw(st.integers(0, 9)) > 0:
                msg[name] = draw(fields[name])
        for name in draw(st.lists(st.sampled_from(sorted(fields)), max_size=2)):
            msg[name] = draw(fields[name])       # extra fields: "seat" on a play, ...
        if draw(st.integers(0, 19)) == 0:
            del msg["type"]
        return msg

    def bomb(kind: int, n: int, tail: bytes) -> bytes:
        head = [b"\xdd" + struct.pack(">I", n), b"\xdf" + struct.pack(">I", n),
                b"\xdb" + struct.pack(">I", n), b"\xc6" + struct.pack(">I", n),
                b"\xc9" + struct.pack(">I", n) + b"\x01", b"\xdc" + struct.pack(">H", n & 0xffff),
                b"\x91" * (n % 5000 + 1), b"\x81\xa4type" + b"\x81\xa1a" * (n % 3000)]
        return head[kind] + tail

    bombs = st.builds(bomb, st.integers(0, 7), st.integers(0, 2 ** 32 - 1),
                      st.binary(max_size=64))
    oversized = st.builds(lambda n, t: encode({"type": t, "text": "x" * n}),
                          st.integers(60_000, 200_000), st.sampled_from(["chat", "hello"]))
    truncated = st.builds(lambda m, cut: encode(m)[:max(1, len(encode(m)) * cut // 100)],
                          message(), st.integers(1, 99))
    frame = st.one_of(
        message().map(lambda m: ("msg", m)),
        message().map(lambda m: ("msg", m)),
        message().map(lambda m: ("msg", m)),
        st.binary(min_size=1, max_size=300).map(lambda b: ("raw", b)),
        bombs.map(lambda b: ("raw", b)),
        oversized.map(lambda b: ("raw", b)),
        truncated.map(lambda b: ("raw", b)),
        anything.map(lambda v: ("raw", encode(v))),       # well-formed msgpack, not a map
    )
    hello = st.one_of(
        st.just({"type": "hello", "version": PROTOCOL_VERSION, "name": "fuzz"}),
        st.builds(lambda n: {"type": "hello", "version": PROTOCOL_VERSION, "name": n},
                  st.text(max_size=60)),
        st.builds(lambda t: {"type": "hello", "version": PROTOCOL_VERSION, "name": "fuzz",
                             "token": t}, st.text(min_size=1, max_size=64) | st.just("replay")),
        st.none(),
    )
    # where the input is sent from: the lobby, a victim table (watching, or trying to sit),
    # or a table of its own with a game running (game intents reach the engine)
    join = st.sampled_from([None, "own", *({"type": "watch", "table": t} for t in tables),
                            *({"type": "sit", "table": t} for t in tables)])
    # over a WebSocket, also frames no client should send (written as they are)
    bad_ws = st.one_of(
        st.builds(lambda b: _ws_frame(0x1, b), st.binary(max_size=40)),          # text
        st.builds(lambda b: _ws_frame(0x2, b, fin=False), st.binary(max_size=40)),  # no end
        st.builds(lambda b: _ws_frame(0x0, b), st.binary(max_size=40)),          # stray cont
        st.builds(lambda n: _ws_frame(0x2, b"", length=n), st.integers(65_537, 2 ** 63 - 1)),
        st.builds(lambda b: _ws_frame(0x9, b), st.binary(min_size=126, max_size=200)),
        st.builds(lambda op, b: _ws_frame(op, b), st.sampled_from([3, 4, 5, 6, 7, 11, 15]),
                  st.binary(max_size=20)),
        st.builds(lambda b: _ws_frame(0x2, b, rsv=0x40), st.binary(max_size=20)),
        st.builds(lambda b: _ws_frame(0x2, b, mask=False), st.binary(max_size=20)),
        st.builds(lambda n: _ws_frame(0x9, b"p") * n, st.integers(1, 300)),      # ping flood
    )
    ws_frame = frame | bad_ws.map(lambda b: ("ws", b))
    socket_case = st.one_of(
        st.fixed_dictionaries({
            "via": st.just("tcp"), "hello": hello, "join": join,
            "frames": st.lists(frame, min_size=1, max_size=6),
            "end": st.sampled_from(["close", "reset"])}),
        st.fixed_dictionaries({
            "via": st.just("ws"), "hello": hello, "join": join,
            "frames": st.lists(ws_frame, min_size=1, max_size=6),
            "end": st.sampled_from(["close", "reset"])}))
    return st.one_of(socket_case, socket_case, socket_case,
                     http_requests().map(lambda r: {"via": "http", "request": r}))


def http_requests() -> Any:
    """Raw HTTP requests, most of them wrong: paths out of the page, huge or many headers,
    other methods, junk, requests cut short."""
    from hypothesis import strategies as st

    paths = st.sampled_from([
        "/", "/index.html", "/app.js", "/vendor/msgpack.mjs", "/facts.json", "/../pyproject.toml",
        "/..%2f..%2fetc/passwd", "/%2e%2e/net/web.py", "/vendor/../../net/host.py",
        "//etc/passwd", "/index.html%00.js", "/./index.html", "/ws", "/ws?x=1", "\\..\\x",
        "/" + "a" * 9000, "*", "http://evil/", "/%ff%fe"]) | st.text(max_size=60).map(
        lambda t: "/" + t.replace(" ", "%20").replace("\r", "").replace("\n", ""))
    methods = st.sampled_from(["GET", "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS",
                               "CONNECT", "get", "G\x00T", ""])
    versions = st.sampled_from(["HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "HTTP/9", ""])
    headers = st.lists(st.sampled_from([
        "Host: 127.0.0.1", "Upgrade: websocket", "Connection: Upgrade",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
        "Sec-WebSocket-Version: 99", "Origin: http://evil.example", "Content-Length: 5",
        "Content-Length: -1", "Transfer-Encoding: chunked", "If-None-Match: *",
        "X-Big: " + "b" * 20000, "Bad Header", ": empty", "X-Ctl: \x01\x02"]), max_size=6)

    @st.composite
    def request(draw: Any) -> bytes:
        lines = [f"{draw(methods)} {draw(paths)} {draw(versions)}", *draw(headers)]
        lines += ["X-%d: 1" % i for i in range(draw(st.sampled_from([0, 0, 0, 200])))]
        data = ("\r\n".join(lines) + "\r\n\r\n").encode("utf-8", "surrogatepass")
        cut = draw(st.integers(0, 9))
        return data[: len(data) * cut // 10] if cut < 3 else data
    return request() | st.binary(min_size=1, max_size=300)


def _ws_frame(opcode: int, data: bytes, fin: bool = True, mask: bool = True, rsv: int = 0,
              length: int | None = None) -> bytes:
    """One WebSocket frame from a client (``length`` may declare more than ``data``)."""
    n = len(data) if length is None else length
    head = bytes([(0x80 if fin else 0) | rsv | opcode])
    m = 0x80 if mask else 0
    if n < 126:
        head += bytes([m | n])
    elif n < 65536:
        head += bytes([m | 126]) + struct.pack(">H", n)
    else:
        head += bytes([m | 127]) + struct.pack(">Q", n)
    if not mask:
        return head + data
    key = b"\x37\xfa\x21\x3d"      # any key will do (hypothesis draws must not use random)
    return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(data))


class WebSocketWire:
    """A client WebSocket on a plain socket, shaped like one for the fuzzer: ``sendall``
    sends one binary message, ``recv`` returns the payloads of the host's binary
    messages (b"" once it closed), ``raw`` writes bytes as they are."""

    def __init__(self, port: int, timeout: float) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.buf = b""
        self.closed = False
        self.sock.sendall(b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                          b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=="
                          b"\r\nSec-WebSocket-Version: 13\r\n\r\n")
        while b"\r\n\r\n" not in self.buf:
            data = self.sock.recv(4096)
            if not data:
                raise FuzzFailure("the web port closed during the WebSocket handshake")
            self.buf += data
        head, _, self.buf = self.buf.partition(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 101"):
            raise FuzzFailure(f"the WebSocket handshake was refused: {head[:80]!r}")

    def sendall(self, data: bytes) -> None:
        self.sock.sendall(_ws_frame(0x2, data))

    def raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def recv(self, n: int) -> bytes:
        out = b""
        while not out:
            frame = self._frame()
            if frame is None:
                if self.closed:
                    return b""
                data = self.sock.recv(n)
                if not data:
                    self.closed = True
                    return b""
                self.buf += data
                continue
            opcode, payload = frame
            if opcode == 0x8:
                self.closed = True
                return b""
            if opcode == 0x2:
                out += payload
            elif opcode != 0xA:
                raise FuzzFailure(f"the host sent a WebSocket frame of opcode {opcode}")
        return out

    def _frame(self) -> tuple[int, bytes] | None:
        b = self.buf
        if len(b) < 2:
            return None
        if b[1] & 0x80:
            raise FuzzFailure("the host masked a frame")
        n, at = b[1] & 0x7F, 2
        if n == 126:
            if len(b) < 4:
                return None
            n, at = struct.unpack(">H", b[2:4])[0], 4
        elif n == 127:
            if len(b) < 10:
                return None
            n, at = struct.unpack(">Q", b[2:10])[0], 10
        if len(b) < at + n:
            return None
        self.buf = b[at + n:]
        return b[0] & 0x0F, b[at:at + n]

    def settimeout(self, t: float) -> None:
        self.sock.settimeout(t)

    def setsockopt(self, *args: Any) -> None:
        self.sock.setsockopt(*args)

    def shutdown(self, how: int) -> None:
        self.sock.shutdown(how)

    def close(self) -> None:
        self.sock.close()


# -- one input against the host --------------------------------------------------------------
class FuzzFailure(AssertionError):
    """The host answered an input wrongly (or not at all)."""


class Fuzzer:
    """Sends inputs to a HostUnderTest and checks the answers; counts what it tried."""

    def __init__(self, hut: HostUnderTest, wait: float = 5.0) -> None:
        self.hut = hut
        self.wait = wait
        self.inputs = 0
        self.frames = 0
        self.tokens: list[str] = []
        self.by_via: dict[str, int] = {}      # inputs per way in: tcp, ws, http
        self.files: set[str] | None = None

    def _chunks(self, sock: Any, hang: Any) -> Iterator[bytes]:
        """What ``sock`` receives until it closes; FuzzFailure(``hang()``) after ``wait``."""
        end = time.monotonic() + self.wait
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise FuzzFailure(hang())
            sock.settimeout(left)
            try:
                data = sock.recv(65536)
            except socket.timeout:
                continue
            except ConnectionResetError:
                return
            if not data:
                return
            yield data

    def _read(self, sock: socket.socket, dec: Decoder, until: Any) -> tuple[list[Any], bool]:
        """Messages until ``until(msg)`` or EOF; (messages, eof). A hang raises FuzzFailure."""
        out: list[Any] = []
        for data in self._chunks(sock, lambda: f"the host neither answered nor closed in "
                                               f"{self.wait:g} s (got {out[-3:]})"):
            for msg in dec.feed(data):
                try:
                    check_event(msg)
                except ProtocolError as e:
                    raise FuzzFailure(f"the host sent a malformed message: {e}") from None
                out.append(msg)
                if until(msg):
                    return out, False
        return out, True

    def run(self, case: dict[str, Any]) -> None:
        """Send one input; raise FuzzFailure when the host misbehaves."""
        self.inputs += 1
        errors_before = len(self.hut.errors.records)
        via = case.get("via", "tcp")
        self.by_via[via] = self.by_via.get(via, 0) + 1
        if via == "http":
            try:
                self._http(case["request"])
            finally:
                self._check_log(errors_before)
            return
        sock: Any
        if via == "ws":
            sock = WebSocketWire(self.hut.web_port, self.wait)
        else:
            sock = socket.create_connection(("127.0.0.1", self.hut.port), timeout=self.wait)
        dec = Decoder(replace(self.hut.limits, max_frame=1 << 22))
        try:
            self._run(sock, dec, case)
        finally:
            if case["end"] == "reset":
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            sock.close()
        self._check_log(errors_before)

    def _check_log(self, before: int) -> None:
        new = self.hut.errors.records[before:]
        if new:
            raise FuzzFailure("the host logged an error: " + new[0][:2000])

    def _http(self, request: bytes) -> None:
        """One raw request to the web port: an HTTP answer (200 only for the page's own
        files), then the connection closed."""
        from hearts.net.web import load_files
        if self.files is None:
            self.files = set(load_files())
        sock = socket.create_connection(("127.0.0.1", self.hut.web_port), timeout=self.wait)
        data = b""
        try:
            try:
                sock.sendall(request)
                sock.shutdown(socket.SHUT_WR)
            except OSError:
                return                  # the host closed first (a request over its limit)
            for chunk in self._chunks(sock, lambda: f"the web port neither answered nor "
                                                    f"closed in {self.wait:g} s: {request[:120]!r}"):
                data += chunk
        finally:
            sock.close()
        whole = b"\r\n\r\n" in request
        if not data:
            if whole and request.startswith(b"GET "):
                raise FuzzFailure(f"a whole request got no answer: {request[:120]!r}")
            return
        if not data.startswith(b"HTTP/1.1 "):
            raise FuzzFailure(f"the web port answered {data[:60]!r} to {request[:120]!r}")
        status = data[9:12]
        if status == b"200":
            path = request.split(b" ", 2)[1].split(b"?")[0].decode("latin-1")
            if path not in self.files:
                raise FuzzFailure(f"{path!r} was served, and it is not a file of the page")

    def _run(self, sock: socket.socket, dec: Decoder, case: dict[str, Any]) -> None:
        welcomed = False
        hello = case["hello"]
        if hello is not None:
            if hello.get("token") == "replay" and self.tokens:
                hello = {**hello, "token": random.choice(self.tokens)}
            sock.sendall(encode(hello))
            got, eof = self._read(sock, dec, lambda m: m["type"] in ("tables", "error"))
            if eof or got[-1]["type"] == "error":
                if not got or got[-1]["type"] != "error":
                    raise FuzzFailure(f"hello {hello!r} got no answer before the close")
                return
            welcome = got[0]
            if welcome["type"] != "welcome":
                raise FuzzFailure(f"hello got {welcome!r}")
            welcomed = True
            if len(self.tokens) < 50:
                self.tokens.append(welcome["token"])
            if case["join"] == "own":
                sock.sendall(encode({"type": "create_table", "rules": {"pass_count": 3}}))
                sock.sendall(encode({"type": "start"}))
                self._read(sock, dec, lambda m: m["type"] == "error" or m["type"] == "update"
                           and any(e["type"] == "game_started" for e in m["events"]))
            elif case["join"] is not None:
                sock.sendall(encode(case["join"]))
                self._read(sock, dec, lambda m: m["type"] in ("table", "error"))
        in_sync = True      # every frame so far a whole message: a ping is answered last
        expect: list[str | None] = []
        sent: list[bytes] = []      # the frames as sent, for what the host may see first
        pings = 1
        for kind, payload in case["frames"]:
            self.frames += 1
            if kind == "msg":
                try:
                    data = encode(payload)
                except (TypeError, ValueError, OverflowError):
                    continue
                try:
                    check_intent(payload, self.hut.limits)
                    pings += payload["type"] == "ping"
                except ProtocolError:
                    if welcomed and in_sync:
                        t = payload.get("type") if isinstance(payload, dict) else None
                        expect.append(t[:32] if isinstance(t, str) and t else None)
            else:
                data = payload
                in_sync = False
            sent.append(data)
            try:
                if kind == "ws" and isinstance(sock, WebSocketWire):
                    sock.raw(data)          # a frame as it is, broken on purpose
                else:
                    sock.sendall(data)
            except (BrokenPipeError, ConnectionResetError):
                return          # the host closed the connection: allowed
        if welcomed and in_sync:
            sock.sendall(encode({"type": "ping"}))
            pongs = [0]

            def last_pong(m: dict[str, Any]) -> bool:
                pongs[0] += m["type"] == "pong"
                return pongs[0] == pings
            got, eof = self._read(sock, dec, last_pong)
            if eof:
                if not any(m["type"] in ("error", "bye") for m in got):
                    raise FuzzFailure("the host closed a welcomed connection without an error")
                return
            refs = [m.get("ref") for m in got if m["type"] == "error"]
            for ref in expect:
                if ref not in refs:
                    raise FuzzFailure(f"a bad {ref!r} message got no error (got {got[-4:]})")
                refs.remove(ref)
        else:
            # the stream may end mid-frame: the host must close once we stop sending
            try:
                sock.shutdown(socket.SHUT_WR)
            except OSError:
                return
            got, eof = self._read(sock, dec, lambda m: False)
            if (not welcomed and hello is None and got and got[0]["type"] != "error"
                    and not _opens_with_hello(sent, self.hut.limits)):
                raise FuzzFailure(f"a connection without hello got {got[0]!r}")


def _opens_with_hello(frames: list[bytes], limits: Limits) -> bool:
    """Whether the first message the host can decode from ``frames`` is a valid hello:
    then a welcome is the right answer even though the case had no hello step (the
    fuzzer once cried wolf here: the hello was among the frames)."""
    dec = Decoder(limits)
    for data in frames:
        try:
            msgs = dec.feed(data)
        except ProtocolError:
            return False
        if msgs:
            try:
                msg = check_intent(msgs[0], limits)
            except ProtocolError:
                return False
            return (msg["type"] == "hello" and msg["version"] == PROTOCOL_VERSION
                    and bool(clean_name(msg["name"], limits.max_name)))
    return False


def check_victims(hut: HostUnderTest) -> list[str]:
    """What went wrong for the victim tables (empty: unharmed)."""
    problems = []
    for v in hut.victims:
        if v.errors:
            problems.append(f"{v.name} got errors: {v.errors[:2]}")
        if v.harm:
            problems.append(f"{v.name}: {v.harm[:2]}")
    return problems


# -- the bench command ------------------------------------------------------------------------
def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to fuzz")
    parser.add_argument("--batch", type=int, default=200, help="hypothesis examples per batch")


class _TimeUp(Exception):
    """The run's seconds are up: ends the batch at once (a batch whose inputs returned early
    would still draw its every example, seconds of CPU at the end of a short run)."""


def run(args: argparse.Namespace) -> int:
    try:
        from hypothesis import HealthCheck, Phase, given, settings
    except ImportError:
        from hearts.cli import UserError
        raise UserError("hearts bench fuzz needs hypothesis: pip install hypothesis") from None
    logging.basicConfig(level=logging.CRITICAL)
    hut = HostUnderTest(target=100, repeat=True).start()
    fuzzer = Fuzzer(hut)
    failures: list[str] = []
    before = None
    try:
        time.sleep(0.5)
        before = hut.counts()
        t0 = time.monotonic()           # the clock starts with the first input, after the set-up

        @settings(max_examples=args.batch, deadline=None, database=None,
                  phases=[Phase.generate], suppress_health_check=list(HealthCheck),
                  report_multiple_bugs=False)
        @given(strategies(hut.tables))
        def batch(case: dict[str, Any]) -> None:
            if fuzzer.inputs and time.monotonic() - t0 > args.seconds:
                raise _TimeUp           # (at least one input, however short the run)
            fuzzer.run(case)

        while time.monotonic() - t0 < args.seconds:
            try:
                with warnings.catch_warnings():   # the ended batch's example, shown to no one
                    warnings.filterwarnings("ignore", "Generating overly large repr")
                    batch()
            except _TimeUp:
                break
            except Exception as e:  # one failing input: note it, go on with a new batch
                notes = " ".join(getattr(e, "__notes__", []))
                failures.append(f"{type(e).__name__}: {str(e)[:600]} {notes[:1500]}")
        elapsed = max(time.monotonic() - t0, 1e-9)
        time.sleep(hut.limits.abandoned_after + hut.limits.heartbeat_interval * 2 + 0.5)
        after = hut.counts()
        problems = check_victims(hut)
        games = sum(v.games for v in hut.victims[:4]) // 4 + hut.victims[4].games
    finally:
        hut.stop()
    print(f"hearts bench fuzz: {args.seconds:g} s against a host on loopback (TCP, WebSocket "
          f"and HTTP) with 2 victim tables playing")
    print(f"  inputs tried : {fuzzer.inputs} ({fuzzer.frames} frames, "
          f"{fuzzer.inputs / elapsed:.0f} inputs/s); by way in: "
          + ", ".join(f"{k} {v}" for k, v in sorted(fuzzer.by_via.items())))
    print(f"  failures     : {len(failures)}")
    for f in failures[:10]:
        print(f"    - {f}")
    print(f"  victim games finished meanwhile: {games}; harmed: {problems or 'none'}")
    print(f"  host held before/after: {before} / {after}")
    leaks = {k: after[k] - before[k] for k in before if after[k] > before[k]} if before else {}
    print(f"  leaks: {leaks or 'none'}")
    return 1 if failures or problems or leaks else 0
