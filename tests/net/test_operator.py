"""The host operator's console: lines typed at `hearts host`."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from pathlib import Path

from hearts.net.client import Client
from hearts.net.host import Host

from tests.ports import free_port

from .conftest import connect, has_change

ROOT = Path(__file__).resolve().parents[2]


async def test_operator_commands(host: Host) -> None:
    ann = await connect(host, "Ann")
    await ann.send("create_table")
    tid = (await ann.wait_for("table"))["table"]["id"]
    bob = await connect(host, "Bob")
    await bob.send("sit", table=tid)
    await bob.wait_for("table")
    assert host.operator("tea is ready") == "said at 1 table"
    ev = await bob.wait_for(has_change("chat"))
    assert ev["events"][-1] == {"type": "chat", "name": "host", "seat": None,
                                "text": "tea is ready"}
    assert "Ann" in host.operator(f"/who {tid}")
    assert host.operator(f"/kick {tid} bob") == f"Bob was kicked from table {tid}"
    assert (await bob.wait_for("left"))["reason"] == "kicked"
    assert host.operator("/who 99") == "there is no table 99; /tables lists them"
    assert host.operator(f"/close {tid}") == f"table {tid} closed"
    assert (await ann.wait_for("left"))["reason"] == "the host closed the table"
    assert tid not in host.core.tables
    assert host.operator("/quit") is None
    await ann.close()
    await bob.close()


async def test_operator_hints_name_only_operator_commands(host: Host) -> None:
    """An unknown command, a player's command, a command without its table: one line each,
    naming only commands the operator's console has."""
    assert host.operator("/tables") == "no tables yet"
    for line in ("/bogus", "/new", "/bogus 1 x"):
        assert host.operator(line) == (f"unknown command {line.split()[0]}: /help lists the "
                                       "operator's commands")
    assert host.operator("/say") == "usage: /say TABLE TEXT"
    assert host.operator("/say 1") == "usage: /say TABLE TEXT"
    assert host.operator("/kick 1") == "usage: /kick TABLE NAME or SEAT"
    assert host.operator("/end") == "usage: /end TABLE"
    assert host.operator("/close 3") == "there is no table 3; /tables lists them"
    operator = {"help", *re.findall(r"/([a-z]+)", host.operator("/help") or "")}
    for line in ("/tables", "/bogus", "/who", "/say 1", "/close 3"):
        named = set(re.findall(r"/([a-z]+)", host.operator(line) or "")) - {"bogus"}
        assert named <= operator, (line, named - operator)


async def test_console_on_stdin_of_hearts_host(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys; from hearts.cli import main; sys.exit(main())",
         "host", "--bind", "127.0.0.1", "--port", str(port), "--no-advertise", "--console"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, text=True)
    try:
        assert proc.stdout is not None and proc.stdin is not None
        for _ in range(100):
            try:
                c = Client("127.0.0.1", port, name="Cy", reconnect=False)
                await c.connect()
                break
            except Exception:
                await asyncio.sleep(0.05)
        await c.send("create_table")
        await c.wait_for("table")
        proc.stdin.write("hello from the desk\n/tables\n/quit\n")
        proc.stdin.flush()
        ev = await c.wait_for(has_change("chat"), timeout=5)
        assert ev["events"][-1]["text"] == "hello from the desk"
        assert proc.wait(10) == 0
        out = proc.stdout.read()
        assert "said at 1 table" in out and "1: Cy's table" in out
        await c.close()
    finally:
        if proc.poll() is None:
            proc.kill()
