"""Network namespaces as LAN machines for tests (root only; see shared RECIPES).

`lan(hosts=1)` gives a client namespace and one host namespace joined by a
veth pair; with ``hosts=2`` or more, every host's veth ends in a bridge in the
client namespace, a small switched LAN. Names carry the test process id, and
every namespace is deleted (its processes killed first) whatever the outcome.
Nothing here touches the machine's own interfaces.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
_counter = itertools.count()


def unavailable() -> str | None:
    """Why namespace tests cannot run here, or None when they can."""
    if os.geteuid() != 0:
        return "network namespace tests need root"
    if shutil.which("ip") is None:
        return "the ip command (iproute2) is not installed"
    probe = f"hzp{os.getpid()}"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if made.returncode != 0:
        return f"ip netns is unavailable: {made.stderr.strip()}"
    try:
        veth = subprocess.run(["ip", "-n", probe, "link", "add", "p0", "type", "veth", "peer",
                               "name", "p1"], capture_output=True, text=True)
        if veth.returncode != 0:
            return f"veth pairs cannot be made here: {veth.stderr.strip()}"
    finally:
        subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return None


def ip(*args: str) -> None:
    """Run ``ip ARGS``; raise with its message if it fails."""
    done = subprocess.run(["ip", *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"ip {' '.join(args)}: {done.stderr.strip()}")


@dataclass
class Namespace:
    """One network namespace: a machine on the test LAN."""

    name: str
    address: str  # IPv4 on the LAN
    address6: str  # unique-local IPv6 on the LAN
    procs: list[subprocess.Popen[str]] = field(default_factory=list)

    def command(self, *args: str) -> list[str]:
        return ["ip", "netns", "exec", self.name, *args]

    def python(self, *args: str, **kwargs) -> subprocess.Popen[str]:
        """Start ``python ARGS`` (this interpreter, the repo on its path) inside the namespace."""
        env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1",
               **kwargs.pop("env", {})}
        proc = subprocess.Popen(
            self.command(sys.executable, *args), cwd=REPO, env=env, text=True,
            stdout=kwargs.pop("stdout", subprocess.PIPE), stderr=kwargs.pop("stderr", subprocess.PIPE),
            **kwargs,
        )
        self.procs.append(proc)
        return proc

    def run(self, *args: str, timeout: float = 20) -> subprocess.CompletedProcess[str]:
        """Run ``python ARGS`` inside the namespace to its end."""
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        return subprocess.run(self.command(sys.executable, *args), cwd=REPO, env=env, text=True,
                              capture_output=True, timeout=timeout)

    def stop(self) -> None:
        """Kill what this test started inside the namespace (by pid)."""
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
            with contextlib.suppress(Exception):
                proc.communicate(timeout=5)


def _up(ns: str, dev: str, address: str, address6: str) -> None:
    ip("-n", ns, "addr", "add", f"{address}/24", "dev", dev)
    ip("-n", ns, "addr", "add", f"{address6}/64", "dev", dev, "nodad")
    ip("-n", ns, "link", "set", dev, "multicast", "on", "up")


@contextlib.contextmanager
def lan(hosts: int = 1, *, host_multicast: bool = True) -> Iterator[tuple[Namespace, list[Namespace]]]:
    """A client namespace and ``hosts`` host namespaces on one LAN (10.77.N.0/24, fd77:N::/64).

    With ``host_multicast=False`` the host interfaces have multicast off: TCP
    works, mDNS does not (a LAN where zeroconf cannot run).
    """
    n = next(_counter)
    tag = f"hz{os.getpid()}x{n}"  # interface names: at most 15 characters
    net = n % 200 + 20
    client = Namespace(f"{tag}-c", f"10.77.{net}.1", f"fd77:{net}::1")
    servers = [Namespace(f"{tag}-h{i}", f"10.77.{net}.{10 + i}", f"fd77:{net}::{10 + i:x}")
               for i in range(hosts)]
    made: list[Namespace] = []
    try:
        for ns in (client, *servers):
            ip("netns", "add", ns.name)
            made.append(ns)
            ip("-n", ns.name, "link", "set", "lo", "up")
        if hosts == 1:
            ip("link", "add", f"{tag}c", "netns", client.name, "type", "veth",
               "peer", "name", f"{tag}h0", "netns", servers[0].name)
            _up(client.name, f"{tag}c", client.address, client.address6)
        else:
            ip("-n", client.name, "link", "add", "br0", "type", "bridge", "mcast_snooping", "0")
            _up(client.name, "br0", client.address, client.address6)
            for i, ns in enumerate(servers):
                ip("link", "add", f"{tag}b{i}", "netns", client.name, "type", "veth",
                   "peer", "name", f"{tag}h{i}", "netns", ns.name)
                ip("-n", client.name, "link", "set", f"{tag}b{i}", "master", "br0", "up")
        for i, ns in enumerate(servers):
            _up(ns.name, f"{tag}h{i}", ns.address, ns.address6)
            if not host_multicast:
                ip("-n", ns.name, "link", "set", f"{tag}h{i}", "multicast", "off")
        yield client, servers
    finally:
        for ns in made:
            ns.stop()
        for ns in made:
            subprocess.run(["ip", "netns", "del", ns.name], capture_output=True)


def namespaces_left(ns: Namespace) -> list[str]:
    """The namespaces of ``ns``'s LAN that still exist (to check the cleanup)."""
    prefix = ns.name.rsplit("-", 1)[0] + "-"
    out = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout
    return [line.split()[0] for line in out.splitlines() if line.startswith(prefix)]


_unread: dict[int, bytearray] = {}  # by pid: bytes read from a stdout pipe, not yet a line


def read_until(proc: subprocess.Popen[str], want: Callable[[str], bool], timeout: float,
               seen: list[str] | None = None) -> str:
    """Read ``proc``'s stdout lines until one satisfies ``want``; AssertionError on timeout or EOF.

    Reads the pipe itself (select() cannot see lines a TextIOWrapper already buffered).
    Every line read is appended to ``seen`` when given.
    """
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    buf = _unread.setdefault(proc.pid, bytearray())
    seen = [] if seen is None else seen
    who = proc.args[-3:] if isinstance(proc.args, list) else proc.args
    end = time.monotonic() + timeout
    while True:
        while b"\n" in buf:
            line, _, rest = bytes(buf).partition(b"\n")
            buf[:] = rest
            text = line.decode(errors="replace") + "\n"
            seen.append(text)
            if want(text):
                return text
        left = end - time.monotonic()
        ready = select.select([fd], [], [], left)[0] if left > 0 else []
        if not ready:
            raise AssertionError(f"no awaited line from {who!r} within {timeout} s, "
                                 f"after {seen[-5:]}")
        chunk = os.read(fd, 65536)
        if not chunk:
            raise AssertionError(f"{who!r} ended before the awaited line, after "
                                 f"{seen[-5:]}")
        buf += chunk


def read_event(proc: subprocess.Popen[str], event: str, timeout: float,
               where: Callable[[dict], bool] = lambda d: True) -> dict:
    """The next JSON line of a role with this ``event`` (and ``where`` true)."""
    def want(line: str) -> bool:
        with contextlib.suppress(ValueError):
            d = json.loads(line)
            return d.get("event") == event and where(d)
        return False
    return json.loads(read_until(proc, want, timeout))


def interrupt(proc: subprocess.Popen[str]) -> None:
    """Ctrl-C for a process started with `Namespace.python` (it runs under ``ip netns exec``)."""
    # ip netns exec execs the command, so the pid is the Python process itself
    proc.send_signal(signal.SIGINT)


# --------------------------------------------------------------------------- roles
# ``python -m tests.net.netns ROLE ...`` runs inside a namespace; each prints JSON lines
# stamped with time.monotonic() (one clock for every namespace of the machine).


def _say(**fields: object) -> None:
    print(json.dumps({"t": time.monotonic(), **fields}), flush=True)


async def _advertise(name: str, interfaces: list[str] | None) -> None:
    """A TCP listener that greets with ``hello NAME``, advertised as NAME, until Ctrl-C."""
    import asyncio

    from hearts.net.discovery import Advertiser

    async def greet(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(f"hello {name}\n".encode())
        await writer.drain()
        writer.close()

    # IPv4 and IPv6 on one port (host=None would give each family its own random port)
    server = await asyncio.start_server(greet, host="0.0.0.0", port=0)
    port = server.sockets[0].getsockname()[1]
    server6 = await asyncio.start_server(greet, host="::", port=port)
    adv = Advertiser(name, port, {"version": "1", "name": name, "tables": "1", "seats": "4",
                                  "rules": "standard", "playing": "no"}, interfaces=interfaces)
    await adv.start()
    _say(event="listening", port=port, registered=adv.registered.is_set())
    try:
        async with server, server6:
            await adv.registered.wait()
            _say(event="registered", service=adv.service_name)
            await asyncio.Event().wait()
    finally:
        await adv.close()
        _say(event="closed")


async def _watch(seconds: float) -> None:
    """Print every browse event for ``seconds``."""
    import asyncio

    from hearts.net.discovery import Browser

    async with Browser() as browser:
        _say(event="browsing")
        async with asyncio.timeout(seconds):
            async for ev in browser:
                _say(event=ev.kind, host=ev.host.to_dict())


async def _play_hand(name: str, timeout: float) -> None:
    """Find the host advertised as NAME, join it over TCP, and play one hand against bots."""
    from hearts.net.client import Client
    from hearts.net.discovery import find_host
    from tests.net.conftest import has_change, play_until

    found = await find_host(name, timeout)
    if found is None:
        _say(event="not-found")
        return
    _say(event="found", host=found.to_dict())
    client = Client(found.address or "", found.port, name="Tester", reconnect=False)
    welcome = await client.connect()
    _say(event="welcome", host=welcome.get("host"))
    try:
        await client.send("create_table")
        await client.wait_for("table")
        await client.send("start")
        done = await play_until(client, has_change("hand_scored"), timeout=30)
        scored = next(e for e in done["events"] if e["type"] == "hand_scored")
        _say(event="hand_scored", scored=scored)
    finally:
        await client.close()


async def _web_page(name: str, timeout: float) -> None:
    """Find the page named NAME among ``_http._tcp.local.`` services and fetch it."""
    import asyncio

    from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

    from hearts.net.discovery import WEB_SERVICE_TYPE, instance_label

    azc = AsyncZeroconf()
    try:
        info = AsyncServiceInfo(WEB_SERVICE_TYPE, f"{instance_label(name)}.{WEB_SERVICE_TYPE}")
        if not await info.async_request(azc.zeroconf, int(timeout * 1000)):
            _say(event="not-found")
            return
        address, port = info.parsed_addresses()[0], info.port
        path = (info.decoded_properties.get("path") or "/")
    finally:
        await azc.async_close()
    reader, writer = await asyncio.open_connection(address, port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {address}:{port}\r\n\r\n".encode())
    data = await asyncio.wait_for(reader.read(), timeout)
    writer.close()
    _say(event="page", port=port, path=path, status=data.split(b" ", 2)[1].decode(),
         title=b"<title>Hearts</title>" in data)


def main(argv: list[str]) -> None:
    import asyncio
    import logging

    logging.basicConfig(level=logging.WARNING, format="%(name)s: %(message)s")
    role, *rest = argv
    if role == "advertise":
        interfaces = rest[1].split(",") if len(rest) > 1 else None
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(_advertise(rest[0], interfaces))
    elif role == "watch":
        with contextlib.suppress(TimeoutError, KeyboardInterrupt):
            asyncio.run(_watch(float(rest[0])))
    elif role == "web-page":
        asyncio.run(_web_page(rest[0], float(rest[1])))
    elif role == "play-hand":
        asyncio.run(_play_hand(rest[0], float(rest[1])))
    else:
        raise SystemExit(f"unknown role {role}")


if __name__ == "__main__":
    main(sys.argv[1:])
