"""A guest names bots from the host's own list: no name that comes over the network is
imported or built. Every way a guest can name a bot is tried with module paths, over real
sockets: the intent (TCP), `/bot` typed in chat, the page's WebSocket and the text client."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

from hearts.text.client import TextClient
from hearts.net.client import Client
from hearts.net.host import Host

from tests.ports import free_port

from ..web.conftest import WS
from .conftest import FAST, connect, has_change, start_host_process

MARKED = "tests.net.marked_bot"
PATHS = (f"{MARKED}:MarkedBot", "os:abort", "signal:pause", "os:getcwd", "builtins:print",
         f"hard+x=1:{MARKED}")


@pytest.fixture(autouse=True)
def _not_imported_yet() -> None:
    sys.modules.pop(MARKED, None)


async def _owner(host: Host) -> Client:
    ann = await connect(host, "Ann")
    await ann.send("create_table", seat=3)
    await ann.wait_for("table")
    return ann


async def test_a_module_path_in_the_bot_intent_is_refused_and_nothing_is_imported(
        tmp_path: Path) -> None:
    host = Host(name="t", save_dir=tmp_path, limits=FAST, bot_level="random")
    await host.start(bind="127.0.0.1", port=0, web_port=0)
    try:
        ann = await _owner(host)
        for level in PATHS:
            await ann.send("bot", seat=0, level=level)
            err = await ann.wait_for("error")
            assert err["code"] == "bad-message", (level, err)
            assert "operator" in err["message"] or "unknown bot" in err["message"]
        # typed in chat, as the desktop's console and the page's chat send it
        for level in PATHS[:3]:
            await ann.send("command", text=f"/bot 0 {level}")
            reply = await ann.wait_for("reply")
            assert reply["ok"] is False and "bot" in reply["text"], reply
        # the page: the same intent over a WebSocket
        ws = await WS.open(host, "Web")
        await ws.send({"type": "create_table", "seat": 3})
        await ws.until("table")
        for level in PATHS[:3]:
            await ws.send({"type": "bot", "seat": 1, "level": level})
            err = await ws.until("error")
            assert err is not None and err["code"] == "bad-message"
        await ws.close()
        # the text client: a typed line
        bob = Client("127.0.0.1", host.port, name="Bob")
        await bob.connect()
        out: list[str] = []
        lines: asyncio.Queue[str | None] = asyncio.Queue()
        run = asyncio.create_task(TextClient(bob, out.append).run(lines))
        lines.put_nowait("create")
        lines.put_nowait(f"/bot 0 {MARKED}:MarkedBot")
        loop = asyncio.get_running_loop()
        end = loop.time() + 5
        while not any("operator" in line for line in out) and loop.time() < end:
            await asyncio.sleep(0.02)
        assert any("a plug-in bot is added by the host's operator" in line for line in out), out
        lines.put_nowait(None)
        assert await asyncio.wait_for(run, 10) == 0
        assert not any("bot removed" in line or "MarkedBot bot" in line for line in out), out
        assert MARKED not in sys.modules
        # the seats kept their bots, and the host still serves
        assert all(s.level == "random" for t in host.core.tables.values() for s in t.seats
                   if s.kind == "bot")
        await ann.send("command", text="/who")
        assert (await ann.wait_for("reply"))["ok"]
        await ann.close()
    finally:
        await host.stop()
    assert MARKED not in sys.modules


async def test_a_level_variant_is_held_within_the_hosts_ceiling(host: Host) -> None:
    ann = await _owner(host)
    await ann.send("bot", seat=0, level="hard+work=1000000000")
    err = await ann.wait_for("error")
    assert err["code"] == "bad-message" and "work" in err["message"]
    await ann.send("bot", seat=0, level="normal+cap=60")
    assert (await ann.wait_for("error"))["code"] == "bad-message"
    await ann.send("bot", seat=0, level="hard+moon_weight=6")
    await ann.send("command", text="/who")
    assert "hard+moon_weight=6" in (await ann.wait_for("reply"))["text"]
    table = next(iter(host.core.tables.values()))
    assert table.seats[0].level == "hard+moon_weight=6"
    await ann.close()


async def test_the_operators_plug_in_is_offered_by_its_exact_name(tmp_path: Path) -> None:
    spec = f"{MARKED}:MarkedBot"
    host = Host(name="t", save_dir=tmp_path, limits=FAST, bot_level="random", plug_ins=(spec,))
    await host.start(bind="127.0.0.1", port=0)
    try:
        ann = await _owner(host)
        await ann.send("bot", seat=0, level=spec)
        await ann.send("command", text=f"/bot 1 {spec}")
        assert (await ann.wait_for("reply"))["ok"]
        table = next(iter(host.core.tables.values()))
        assert [s.level for s in table.seats[:2]] == [spec, spec]
        await ann.send("start")
        await ann.wait_for(has_change("game_started"))
        loop = asyncio.get_running_loop()
        end = loop.time() + 10
        while MARKED not in sys.modules and loop.time() < end:   # built for its first pass
            await asyncio.sleep(0.02)
        assert MARKED in sys.modules
        await ann.close()
    finally:
        await host.stop()


async def test_a_host_process_lives_through_os_abort_and_signal_pause(tmp_path: Path) -> None:
    mark = tmp_path / "mark"
    port = free_port()
    os.environ["HEARTS_TEST_MARK"] = str(mark)
    try:
        proc = await start_host_process(port, tmp_path / "saves")
    finally:
        del os.environ["HEARTS_TEST_MARK"]
    try:
        ann = Client("127.0.0.1", port, name="Ann", limits=FAST)
        await ann.connect()
        await ann.send("create_table", seat=3)
        await ann.wait_for("table")
        for level in ("os:abort", "signal:pause", f"{MARKED}:MarkedBot"):
            await ann.send("bot", seat=0, level=level)
            assert (await ann.wait_for("error"))["code"] == "bad-message"
            await ann.send("command", text=f"/bot 1 {level}")
            assert (await ann.wait_for("reply"))["ok"] is False
        # a newcomer is welcomed at once: the host neither died nor froze
        bob = Client("127.0.0.1", port, name="Bob", limits=FAST)
        await asyncio.wait_for(bob.connect(), 5)
        await bob.wait_for("tables", timeout=5)
        assert proc.poll() is None
        assert not mark.exists()
        await bob.close()
        await ann.close()
    finally:
        proc.terminate()
        proc.wait(10)
