"""`hearts bench host --tables N`: N tables of four network clients play at full speed.

The host runs in its own process (as `hearts host` does), the clients in this
one. Printed: actions per second, and the p50/p99 time from a play intent to
the resulting update reaching all four clients of the table; beside it, the
same load on a plain asyncio msgpack echo server (a message from one of four
connections is sent back to all four, with a payload the size of an update),
run in the same way over the same loopback in the same run. The host process's CPU time
per action in the measured seconds is printed too: on a shared machine the rates follow
the other load, the CPU time much less.

With ``--web-share F`` the tables play twice, each time on a fresh host process: all
clients over TCP, then a share F of them over the host's WebSocket side (the
browser client's way in); both p99s are printed, and their ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import os
import random
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from hearts.commands.progress import Progress
from hearts.net.limits import DEFAULT_LIMITS
from hearts.net.loop import loop_name
from hearts.net.loop import run as run_loop
from hearts.net.protocol import PROTOCOL_VERSION, Decoder, encode

ROOT = Path(__file__).resolve().parents[2]
LIMITS_FROM_HOST = DEFAULT_LIMITS.from_host()    # what a client decodes the host with


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--tables", type=int, default=100, help="tables of four clients")
    parser.add_argument("--seconds", type=float, default=10.0, help="measured time per run")
    parser.add_argument("--warmup", type=float, default=1.0, help="seconds not measured")
    parser.add_argument("--save-dir", default=None, help="let the host save (default: no saves)")
    parser.add_argument("--no-echo", action="store_true", help="skip the echo baseline")
    parser.add_argument("--clients", type=int, default=0,
                        help="with --idle: this many idle connections beside the tables")
    parser.add_argument("--idle", action="store_true",
                        help="hold --clients idle lobby connections (own process) while the "
                             "tables play")
    parser.add_argument("--web-share", type=float, default=0.0,
                        help="also run with this share of the clients (0..1) over WebSocket, "
                             "after an all-TCP run on a fresh host, and compare the p99s")
    parser.add_argument("--plain-asyncio", action="store_true",
                        help="use asyncio's own loop everywhere even when uvloop is installed")
    parser.add_argument("--checkout", default=None, metavar="DIR",
                        help="run the host of another checkout (DIR's code with DIR/.venv's "
                             "python) against these clients: before and after with one driver")
    parser.add_argument("--flood", type=int, default=0, metavar="N",
                        help="first, from one other address (127.0.0.2), try to open N tables "
                             "of `hard` bots, start them and hang up, as a hostile guest would")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


async def _wait_listening(port: int, proc: subprocess.Popen[bytes]) -> None:
    for _ in range(200):
        if proc.poll() is not None:
            raise RuntimeError("the server process exited at start")
        try:
            _, w = await asyncio.open_connection("127.0.0.1", port)
            w.close()
            return
        except OSError:
            await asyncio.sleep(0.05)
    raise RuntimeError("the server did not start listening")


def _spawn(args: list[str], checkout: str | None = None) -> subprocess.Popen[bytes]:
    """``python args`` of this checkout, or of ``checkout`` (its code, its .venv)."""
    root = Path(checkout).resolve() if checkout else ROOT
    python = str(root / ".venv" / "bin" / "python") if checkout else sys.executable
    env = {**os.environ, "PYTHONPATH": str(root) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    # another checkout's host runs in its folder: ``-m`` looks in the working folder first
    return subprocess.Popen([python, *args], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, cwd=root if checkout else None)


class _Stats:
    def __init__(self, warm_until: float, stop_at: float) -> None:
        self.warm_until = warm_until
        self.stop_at = stop_at
        self.latencies: list[float] = []
        self.actions = 0
        self.sent: dict[tuple[int, int], float] = {}
        self.arrivals: dict[tuple[int, int], int] = {}
        self.host_cpu: float | None = None      # the host process's CPU seconds, measured
        self.own_cpu = 0.0                      # the clients' (this process's), the same time

    def intent(self, key: tuple[int, int], now: float, count: bool = True) -> None:
        if self.warm_until <= now < self.stop_at:
            if count:
                self.actions += 1
            self.sent[key] = now

    def arrived(self, key: tuple[int, int], now: float) -> None:
        sent = self.sent.get(key)
        if sent is None:
            return
        n = self.arrivals.get(key, 0) + 1
        if n == 4:
            self.latencies.append(now - sent)
            del self.sent[key]
            self.arrivals.pop(key, None)
        else:
            self.arrivals[key] = n


# -- a flood of bot tables ----------------------------------------------------------------
FLOOD_ADDRESS = "127.0.0.2"       # loopback, but not the host's trusted 127.0.0.1


async def _flood(port: int, tables: int) -> int:
    """From `FLOOD_ADDRESS`, open ``tables`` tables of three `hard` bots, start each and
    hang up (a connection each); how many the host opened."""
    opened = 0
    for t in range(tables):
        r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=(FLOOD_ADDRESS, 0))
        dec = Decoder(LIMITS_FROM_HOST)
        w.write(encode({"type": "hello", "version": PROTOCOL_VERSION, "name": f"flood{t}"}))
        w.write(encode({"type": "create_table", "seat": 0}))
        answer = None
        while answer is None:
            data = await r.read(65536)
            if not data:
                break
            answer = next((m for m in dec.feed(data) if m["type"] in ("table", "error")), None)
        if answer is not None and answer["type"] == "table":
            opened += 1
            for seat in (1, 2, 3):
                w.write(encode({"type": "bot", "seat": seat, "level": "hard"}))
            w.write(encode({"type": "start"}))
            await w.drain()
        w.close()
    return opened


# -- host load ----------------------------------------------------------------------------
def _player(name: str, stats: "_Stats") -> "_Player":
    return _Player(name, stats, random.Random(name))


class _Player(asyncio.Protocol):
    """A bench client: plays a random legal card the moment it may."""

    def __init__(self, name: str, stats: _Stats, rng: random.Random) -> None:
        self.name = name
        self.stats = stats
        self.rng = rng
        # the host's messages (a `tables` list of every table) are decoded with the limits
        # a client uses for them, as hearts.net.client does
        self.decoder = Decoder(DEFAULT_LIMITS.from_host())
        self.transport: asyncio.Transport | None = None
        self.waiters: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.table: int | None = None
        self.owner = False
        self.seq = 0
        self.acted: Any = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        sock = transport.get_extra_info("socket")
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.send({"type": "hello", "version": PROTOCOL_VERSION, "name": self.name})

    def send(self, msg: dict[str, Any]) -> None:
        assert self.transport is not None
        self.transport.write(encode(msg))

    def expect(self, kind: str) -> asyncio.Future[dict[str, Any]]:
        fut = asyncio.get_running_loop().create_future()
        self.waiters[kind] = fut
        return fut

    def data_received(self, data: bytes) -> None:
        now = time.perf_counter()
        for msg in self.decoder.feed(data):
            self.handle(msg, now)

    def handle(self, msg: dict[str, Any], now: float) -> None:
        """One message from the host."""
        kind = msg["type"]
        fut = self.waiters.pop(kind, None)
        if fut is not None and not fut.done():
            fut.set_result(msg)
        if kind == "ping":
            self.send({"type": "pong"})
        elif kind == "update":
            self.seq = msg["seq"]
            self.stats.arrived((msg["table"], msg["seq"]), now)
            if self.owner and any(e["type"] in ("game_over",) for e in msg["events"]):
                self.send({"type": "start"})
            self._move(msg.get("view"), now)
        elif kind == "table":
            self.seq = max(self.seq, msg["seq"])
            self._move(msg.get("view"), now)

    def _move(self, view: dict[str, Any] | None, now: float) -> None:
        if not view or view.get("seat") is None or now >= self.stats.stop_at:
            return
        seat = view["seat"]
        key = (self.seq, view["phase"], len(view["hand"]))
        if key == self.acted:
            return
        table = self.table
        assert table is not None
        if view["phase"] == "pass" and not view["has_passed"][seat]:
            self.acted = key
            self.stats.intent((table, -1), now)  # counted, not timed (four pass at once)
            self.send({"type": "pass", "cards": self.rng.sample(view["hand"], 3)})
        elif view["phase"] == "play" and view["turn"] == seat and view["legal"]:
            self.acted = key
            self.stats.intent((table, self.seq + 1), now)
            self.send({"type": "play", "card": self.rng.choice(view["legal"])})
        elif view["phase"] == "moon-choice" and view["turn"] == seat:
            self.acted = key
            self.send({"type": "moon", "choice": "add"})


class _WebPlayer(_Player):
    """The same player over the host's WebSocket side: websockets' sans-I/O client in an
    asyncio protocol, one msgpack map per binary message each way."""

    def __init__(self, name: str, stats: _Stats, url: str) -> None:
        super().__init__(name, stats, random.Random(name))
        from websockets.client import ClientProtocol
        from websockets.uri import parse_uri
        self.ws = ClientProtocol(parse_uri(url), max_size=None)
        self.open = False
        self.ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        transport.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.ws.send_request(self.ws.connect())
        self._flush()

    def _flush(self) -> None:
        assert self.transport is not None
        out = self.ws.data_to_send()
        if out:
            self.transport.write(b"".join(out))

    def send(self, msg: dict[str, Any]) -> None:
        self.ws.send_binary(encode(msg))
        self._flush()

    def data_received(self, data: bytes) -> None:
        from websockets.frames import Frame, Opcode
        now = time.perf_counter()
        self.ws.receive_data(data)
        for event in self.ws.events_received():
            if isinstance(event, Frame):
                if event.opcode is Opcode.BINARY:
                    for msg in self.decoder.feed(bytes(event.data)):
                        self.handle(msg, now)
            elif not self.open:               # the handshake's response
                self.open = True
                self.send({"type": "hello", "version": PROTOCOL_VERSION, "name": self.name})
                if not self.ready.done():
                    self.ready.set_result(None)
        self._flush()


def _is_web(k: int, share: float) -> bool:
    """Whether client number ``k`` goes over WebSocket: spread evenly, ``share`` of them."""
    return int((k + 1) * share) > int(k * share)


def _cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) process ``pid`` has used so far (Linux; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _run_host_load(port: int, tables: int, warmup: float, seconds: float,
                         web_port: int | None = None, web_share: float = 0.0,
                         host_pid: int | None = None) -> _Stats:
    loop = asyncio.get_running_loop()
    stats = _Stats(float("inf"), float("inf"))
    groups: list[list[_Player]] = []
    for t in range(tables):
        group: list[_Player] = []
        for s in range(4):
            name = f"b{t}s{s}"
            if web_port and _is_web(t * 4 + s, web_share):
                url = f"ws://127.0.0.1:{web_port}/ws"
                _, web = await loop.create_connection(
                    functools.partial(_WebPlayer, name, stats, url), "127.0.0.1", web_port)
                await web.ready
                group.append(web)
            else:
                _, p = await loop.create_connection(
                    functools.partial(_player, name, stats), "127.0.0.1", port)
                group.append(p)
        groups.append(group)
    for group in groups:
        owner = group[0]
        fut = owner.expect("table")
        owner.send({"type": "create_table", "rules": {"preset": "standard"}})
        msg = await fut
        tid = msg["table"]["id"]
        owner.table, owner.owner = tid, True
        for p in group[1:]:
            fut = p.expect("table")
            p.table = tid
            p.send({"type": "sit", "table": tid})
            await fut
    start = time.perf_counter()
    stats.warm_until = start + warmup
    stats.stop_at = start + warmup + seconds
    for group in groups:
        group[0].send({"type": "start"})
    await asyncio.sleep(warmup)
    cpu0 = _cpu_seconds(host_pid) if host_pid else None
    own0 = time.process_time()
    await asyncio.sleep(seconds)
    cpu1 = _cpu_seconds(host_pid) if host_pid else None
    stats.own_cpu = time.process_time() - own0
    if cpu0 is not None and cpu1 is not None:
        stats.host_cpu = cpu1 - cpu0
    await asyncio.sleep(0.3)
    for group in groups:
        for p in group:
            assert p.transport is not None
            p.transport.close()
    return stats


# -- echo baseline -------------------------------------------------------------------------
class _EchoServer(asyncio.Protocol):
    """Plain msgpack echo: a message from one of a group of four goes back to all four."""

    groups: dict[int, list["_EchoServer"]] = {}

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        self.decoder = Decoder()
        self.group: int | None = None
        sock = transport.get_extra_info("socket")
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def data_received(self, data: bytes) -> None:
        for msg in self.decoder.feed(data):
            if self.group is None:
                self.group = msg["group"]
                self.groups.setdefault(self.group, []).append(self)
                continue
            out = encode(msg)
            for peer in self.groups[self.group]:
                peer.transport.write(out)  # type: ignore[attr-defined]


def _echo_server_main(port: int, fast: bool = True) -> None:
    async def main() -> None:
        loop = asyncio.get_running_loop()
        server = await loop.create_server(_EchoServer, "127.0.0.1", port)
        await server.serve_forever()
    run_loop(main(), fast=fast)


class _EchoClient(asyncio.Protocol):
    def __init__(self, group: int, index: int, stats: _Stats, payload: dict[str, Any],
                 members: list["_EchoClient"]) -> None:
        self.group, self.index, self.stats, self.payload = group, index, stats, payload
        self.members = members
        self.decoder = Decoder(DEFAULT_LIMITS.from_host())
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        transport.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        transport.write(encode({"group": self.group}))  # type: ignore[attr-defined]

    def shoot(self, n: int) -> None:
        now = time.perf_counter()
        if now >= self.stats.stop_at:
            return
        self.stats.intent((self.group, n), now)
        assert self.transport is not None
        self.transport.write(encode({**self.payload, "n": n, "from": self.index}))

    def data_received(self, data: bytes) -> None:
        now = time.perf_counter()
        for msg in self.decoder.feed(data):
            n = msg["n"]
            self.stats.arrived((self.group, n), now)
            # like a turn: the next seat answers as soon as it sees the message
            if (msg["from"] + 1) % 4 == self.index:
                self.shoot(n + 1)


async def _run_echo_load(port: int, groups: int, warmup: float, seconds: float,
                         payload: dict[str, Any]) -> _Stats:
    loop = asyncio.get_running_loop()
    stats = _Stats(float("inf"), float("inf"))
    all_groups = []
    for g in range(groups):
        members: list[_EchoClient] = []
        for i in range(4):
            _, c = await loop.create_connection(
                functools.partial(_EchoClient, g, i, stats, payload, members), "127.0.0.1", port)
            members.append(c)
        all_groups.append(members)
    await asyncio.sleep(0.3)
    start = time.perf_counter()
    stats.warm_until = start + warmup
    stats.stop_at = start + warmup + seconds
    for members in all_groups:
        members[0].shoot(0)
    await asyncio.sleep(warmup + seconds + 0.3)
    for members in all_groups:
        for c in members:
            assert c.transport is not None
            c.transport.close()
    return stats


def _pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))] * 1000


async def _start_idle(port: int, n: int) -> tuple[subprocess.Popen[str], int]:
    """hearts.bench.idle in its own process; returns it and how many were welcomed.
    How many are connected so far shows on stderr meanwhile (minutes for 10000)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen([sys.executable, "-m", "hearts.bench.idle", str(port), str(n)],
                            env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    progress = Progress(n, "idle connections")
    line = ""
    while True:
        line = await asyncio.get_running_loop().run_in_executor(None, proc.stdout.readline)
        if not line.startswith("connected"):
            break
        progress.step(int(line.split()[1]) - progress.done)
    progress.close()
    return proc, int(line.split()[1]) if line.startswith("ready") else 0


def _stop_idle(proc: subprocess.Popen[str]) -> tuple[int, int]:
    """Close the idle process's stdin; (connections still open, bytes they received)."""
    out, _ = proc.communicate("", timeout=30)
    words = out.split()
    return (int(words[1]), int(words[3])) if words[:1] == ["alive"] else (0, 0)


async def _bench(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {}
    port = _free_port()
    out["loop"] = loop_name()
    cmd = ["-m", "hearts.cli", "host", "--bind", "127.0.0.1", "--port", str(port),
           "--no-advertise", "--bot", "random"]
    if args.plain_asyncio:
        cmd += ["--plain-asyncio"]
    if args.save_dir:
        cmd += ["--save-dir", args.save_dir]
    idle_n = args.clients if args.idle else 0
    cmd += ["--max-connections", str(args.tables * 4 + idle_n + 100)]
    web_port = _free_port() if args.web_share > 0 else None
    cmd += ["--web-port", str(web_port)] if web_port else ["--no-web"]
    proc = _spawn(cmd, args.checkout)
    idle = None
    try:
        await _wait_listening(port, proc)
        if idle_n:
            idle = await _start_idle(port, idle_n)
            out["idle_ready"] = idle[1]
        if args.flood:
            out["flood"] = await _flood(port, args.flood)
        out["host"] = await _run_host_load(port, args.tables, args.warmup, args.seconds,
                                           host_pid=proc.pid)
    finally:
        if idle is not None:
            out["idle_alive"] = _stop_idle(idle[0])
        proc.terminate()
        proc.wait(10)
    if web_port:
        # the same tables on a fresh host, part of the clients over WebSocket
        proc = _spawn(cmd, args.checkout)
        try:
            await _wait_listening(port, proc)
            await _wait_listening(web_port, proc)
            out["mixed"] = await _run_host_load(port, args.tables, args.warmup, args.seconds,
                                                web_port, args.web_share)
        finally:
            proc.terminate()
            proc.wait(10)
    if not args.no_echo:
        # an update's size: a mid-hand view and a change
        from hearts.engine import Game
        g = Game(seed=1)
        payload = {"type": "update", "table": 1, "seq": 1,
                   "events": [{"type": "card_played", "seat": 0, "card": "2C"}],
                   "view": g.view(0).to_dict(), "timer": None}
        port = _free_port()
        proc = _spawn(["-c", f"from hearts.bench.host import _echo_server_main; "
                             f"_echo_server_main({port}, {not args.plain_asyncio})"])
        try:
            await _wait_listening(port, proc)
            out["echo"] = await _run_echo_load(port, args.tables, args.warmup, args.seconds,
                                               payload)
        finally:
            proc.terminate()
            proc.wait(10)
    return out


def run(args: argparse.Namespace) -> int:
    import gc
    gc.freeze()             # the load generator keeps few objects: no collection pauses in it
    gc.set_threshold(50000, 50, 100)
    results = run_loop(_bench(args), fast=not args.plain_asyncio)
    host: _Stats = results["host"]
    print(f"hearts bench host: {args.tables} tables x 4 clients, {args.seconds:g} s measured "
          f"(after {args.warmup:g} s warm-up), host and clients in two processes, "
          f"{os.cpu_count()} cores, {results['loop']} event loop")
    print(f"  host : {host.actions / args.seconds:9.0f} actions/s   intent -> all 4 clients: "
          f"p50 {_pct(host.latencies, 50):6.2f} ms  p99 {_pct(host.latencies, 99):6.2f} ms  "
          f"({len(host.latencies)} plays timed)")
    if host.host_cpu is not None and host.actions:
        print(f"  host CPU: {host.host_cpu / host.actions * 1e6:7.0f} µs per action "
              f"({host.host_cpu:.2f} s for {host.actions} actions; less noisy than the "
              "rates on a shared machine)")
        print(f"  clients' CPU: {host.own_cpu / host.actions * 1e6:5.0f} µs per action (the "
              "bench's own process, on the same cores)")
    if "flood" in results:
        print(f"  flood: {results['flood']} of {args.flood} tables of `hard` bots opened from "
              f"{FLOOD_ADDRESS} (started, then the guest hung up) before the load")
    if "mixed" in results:
        mixed: _Stats = results["mixed"]
        print(f"  mixed: {mixed.actions / args.seconds:9.0f} actions/s   intent -> all 4 clients: "
              f"p50 {_pct(mixed.latencies, 50):6.2f} ms  p99 {_pct(mixed.latencies, 99):6.2f} ms  "
              f"({len(mixed.latencies)} plays timed; {args.web_share:.0%} of the clients over "
              f"WebSocket, a fresh host)")
        print(f"  ratio mixed/all-TCP: p50 "
              f"{_pct(mixed.latencies, 50) / _pct(host.latencies, 50):.2f}x  p99 "
              f"{_pct(mixed.latencies, 99) / _pct(host.latencies, 99):.2f}x")
    if "idle_ready" in results:
        alive, got = results.get("idle_alive", (0, 0))
        print(f"  idle : {args.clients} idle lobby connections asked, {results['idle_ready']} "
              f"welcomed, {alive} still open at the end ({got / 1e6:.1f} MB sent to them)")
    if "echo" in results:
        echo: _Stats = results["echo"]
        print(f"  echo : {echo.actions / args.seconds:9.0f} messages/s  one -> all 4 clients:    "
              f"p50 {_pct(echo.latencies, 50):6.2f} ms  p99 {_pct(echo.latencies, 99):6.2f} ms  "
              f"(plain asyncio msgpack broadcast-echo, same payload size)")
        p99h, p99e = _pct(host.latencies, 99), _pct(echo.latencies, 99)
        p50h, p50e = _pct(host.latencies, 50), _pct(echo.latencies, 50)
        print(f"  ratio host/echo: p50 {p50h / p50e:.2f}x  p99 {p99h / p99e:.2f}x")
    return 0


if __name__ == "__main__":
    _echo_server_main(int(sys.argv[1]))
