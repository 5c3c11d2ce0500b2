"""The text client's loop in-process, over a real host on 127.0.0.1: typed lines in, lines out."""

from __future__ import annotations

import asyncio

import pytest

from hearts.text.client import TextClient
from hearts.net.client import Client, ClientError
from hearts.net.host import Host
from hearts.net.limits import Limits

LIMITS = Limits(heartbeat_interval=0.5, heartbeat_timeout=5.0, bot_budget=0.02)


async def _wait_line(out: list[str], prefix: str, timeout: float = 5.0) -> str:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        for line in out:
            if line.startswith(prefix):
                return line
        await asyncio.sleep(0.02)
    raise AssertionError(f"no line starting {prefix!r} in {out}")


async def test_typed_lines_become_intents_and_end_of_input_quits() -> None:
    host = Host(name="loop", limits=LIMITS, bot_level="random")
    await host.start(bind="127.0.0.1", port=0)
    try:
        client = Client("127.0.0.1", host.port, name="Ann")
        await client.connect()
        out: list[str] = []
        lines: asyncio.Queue[str | None] = asyncio.Queue()
        text = TextClient(client, out.append)
        run = asyncio.create_task(text.run(lines))
        # the long line is two words: in the lobby (the table may not be there yet) a lone
        # word that is no command is refused before it is sent
        for line in ("create omnibus", "help", "play ZZ", "x" * 199 + " " + "x" * 200, "/rules"):
            lines.put_nowait(line)
        await _wait_line(out, "Rules: the Omnibus preset")
        assert any(line.startswith("You sit at table 1") for line in out)
        assert "Rules: Omnibus." in out
        assert any(line.startswith("  create [PRESET]") and "black-maria" in line for line in out)
        assert "error: not a card: 'ZZ' (write rank then suit, like QS or 7H)" in out
        assert ("error: a chat line may have at most 300 characters (this one has 400), so "
                "send it in shorter lines") in out
        lines.put_nowait(None)
        assert await asyncio.wait_for(run, 5) == 0
        left = next(i for i, line in enumerate(out) if line.startswith("You left table 1, “"))
        assert out[left + 1] == "Type tables to see the tables, create to open one, or quit."
        assert not host.core.tables   # leaving closed the empty table
    finally:
        await host.stop()


async def test_a_host_that_stays_away_ends_the_loop_in_one_sentence() -> None:
    host = Host(name="loop", limits=LIMITS)
    await host.start(bind="127.0.0.1", port=0)
    port = host.port
    client = Client("127.0.0.1", port, name="Ann", retry_for=0.5)
    await client.connect()
    out: list[str] = []
    text = TextClient(client, out.append)
    run = asyncio.create_task(text.run(asyncio.Queue()))
    await _wait_line(out, "Connected to loop as Ann.")
    await host.stop()
    with pytest.raises(ClientError) as info:
        await asyncio.wait_for(run, 10)
    assert str(info.value) == (f"lost the connection to 127.0.0.1:{port} and could not "
                               "reconnect within 0.5 s")
    assert "The host says goodbye: the host is shutting down." in out
    assert any(line.startswith("Connection lost (") for line in out)


async def test_lobby_chat_between_text_clients() -> None:
    """A line typed at no table reaches the lobby and the tables as [lobby]; a line typed at
    a table stays there; /lobby from the table answers the lobby."""
    host = Host(name="loop", limits=LIMITS, bot_level="random")
    await host.start(bind="127.0.0.1", port=0)
    try:
        outs: dict[str, list[str]] = {"Ann": [], "Lou": []}
        queues: dict[str, asyncio.Queue[str | None]] = {}
        runs = []
        for name, out in outs.items():
            client = Client("127.0.0.1", host.port, name=name)
            await client.connect()
            queues[name] = asyncio.Queue()
            runs.append(asyncio.create_task(TextClient(client, out.append).run(queues[name])))
        queues["Ann"].put_nowait("create")
        await _wait_line(outs["Ann"], "You sit at table 1")
        queues["Lou"].put_nowait("anyone up for a game?")
        for out in outs.values():
            await _wait_line(out, "[lobby] Lou: anyone up for a game?")
        queues["Ann"].put_nowait("only my table hears this")
        await _wait_line(outs["Ann"], "Ann: only my table hears this")
        queues["Ann"].put_nowait("/lobby table 1 has three free seats")
        await _wait_line(outs["Lou"], "[lobby] Ann: table 1 has three free seats")
        assert not any("only my table" in line for line in outs["Lou"])
        assert "said in the lobby" in outs["Ann"]
        for q in queues.values():
            q.put_nowait(None)
        for run in runs:
            assert await asyncio.wait_for(run, 5) == 0
    finally:
        await host.stop()
