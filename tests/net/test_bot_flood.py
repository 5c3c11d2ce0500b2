"""Tables of bots cannot be used to wear a host down: an address opens a bounded number
of tables, a table nobody is connected to stops its bots, and the bots' threads serve
tables with people first."""

from __future__ import annotations

import asyncio
import threading
from dataclasses import replace
from typing import Any

from hearts.net.botpool import BotPool
from hearts.net.host import Host
from hearts.net.protocol import PROTOCOL_VERSION, Decoder, encode

from .conftest import FAST, connect, has_change

OTHER = "127.0.0.2"     # loopback, but not one of the host's trusted addresses


async def _open_and_hang_up(host: Host, name: str, target: int = 100) -> dict[str, Any]:
    """From `OTHER`: hello, create a table, start it, hang up; the answer to the create."""
    r, w = await asyncio.open_connection("127.0.0.1", host.port, local_addr=(OTHER, 0))
    dec = Decoder(host.limits.from_host())
    w.write(encode({"type": "hello", "version": PROTOCOL_VERSION, "name": name}))
    w.write(encode({"type": "create_table", "seat": 0, "rules": {"target": target}}))
    answer = None
    while answer is None:
        data = await asyncio.wait_for(r.read(65536), 5)
        assert data, "the host closed the connection"
        answer = next((m for m in dec.feed(data) if m["type"] in ("table", "error")), None)
    w.write(encode({"type": "start"}))
    await w.drain()
    w.close()
    return answer


async def test_an_address_opens_a_bounded_number_of_tables(tmp_path) -> None:
    limits = replace(FAST, tables_per_address=3)
    host = Host(name="t", save_dir=tmp_path, limits=limits, bot_level="random")
    await host.start(bind="127.0.0.1", port=0)
    try:
        answers = [await _open_and_hang_up(host, f"f{i}") for i in range(5)]
        assert [a["type"] for a in answers] == ["table"] * 3 + ["error"] * 2
        assert answers[3]["code"] == "limit"
        assert "3 tables opened from your address are still open" in answers[3]["message"]
        assert len(host.core.tables) == 3
        # another address (here the trusted one) still opens tables
        ann = await connect(host, "Ann")
        await ann.send("create_table")
        await ann.wait_for("table")
        assert len(host.core.tables) == 4
        await ann.close()
    finally:
        await host.stop()


async def test_a_table_nobody_is_connected_to_stops_its_bots_until_someone_comes(
        tmp_path) -> None:
    limits = replace(FAST, bots_alone=0.5, drop_grace=0.1)
    host = Host(name="t", save_dir=tmp_path, limits=limits, bot_level="random")
    await host.start(bind="127.0.0.1", port=0)
    loop = asyncio.get_running_loop()
    try:
        answer = await _open_and_hang_up(host, "Gone", target=10000)   # no end in sight
        table = host.core.tables[answer["table"]["id"]]

        async def until(cond, timeout: float = 10.0) -> None:
            end = loop.time() + timeout
            while not cond():
                assert loop.time() < end, "condition not reached"
                await asyncio.sleep(0.02)

        await until(lambda: table.game is not None and table.game.hand_number >= 0
                    and table.version > 5)
        # the bots play on for the grace, then rest: no bot of the table is being asked
        await until(lambda: table.id in host.core.alone_since
                    and loop.time() - host.core.alone_since[table.id] > 0.5
                    and not host.core.clocks._thinking.get(table.id))
        resting = table.version
        await asyncio.sleep(1.0)            # a second in which a bot would move many times
        assert table.version == resting and not table.game.over
        # someone comes to watch: the bots play again
        bob = await connect(host, "Bob")
        await bob.send("watch", table=table.id)
        await bob.wait_for(has_change("card_played"), timeout=10)
        assert table.version > resting
        await bob.close()
    finally:
        await host.stop()


async def test_the_bots_threads_serve_tables_with_people_first() -> None:
    pool = BotPool(1)
    gate = threading.Event()
    order: list[str] = []
    try:
        blocker = pool.run(False, gate.wait, 10)
        calls = [pool.run(False, order.append, f"bots{i}") for i in range(3)]
        calls.append(pool.run(True, order.append, "people"))
        calls.append(pool.run(False, order.append, "bots3"))
        calls.append(pool.run(True, order.append, "people2"))
        assert pool.waiting() >= 5
        gate.set()
        await asyncio.wait_for(asyncio.gather(blocker, *calls), 10)
        assert order == ["people", "people2", "bots0", "bots1", "bots2", "bots3"]
    finally:
        pool.shutdown()


async def test_a_failing_call_raises_in_its_caller_and_the_pool_goes_on() -> None:
    pool = BotPool(2)
    try:
        bad = pool.run(True, int, "not a number")
        try:
            await asyncio.wait_for(bad, 5)
            raise AssertionError("no error")
        except ValueError:
            pass
        assert await asyncio.wait_for(pool.run(False, int, "7"), 5) == 7
    finally:
        pool.shutdown()
