"""Game night in the text client, over a real host on 127.0.0.1: the owner's away
countdown and the handover, a table gone after a plain restart, a card lost as the link
broke, a finished table's winners and next step for someone who sits down at it."""

from __future__ import annotations

import asyncio
from typing import Any

from hearts.text.client import TextClient
from hearts.net.client import Client
from hearts.net.host import Host
from hearts.net.limits import Limits
from tests.ports import free_port

# bots play on while a table's only person is away (by default they rest): what a bot played
# for someone away is told as at a table where other people play on
LIMITS = Limits(drop_grace=0.6, heartbeat_interval=0.5, heartbeat_timeout=5.0, bot_budget=0.02,
                bots_alone=30.0)


async def _line(out: list[str], pattern: str, timeout: float = 6.0) -> str:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        for line in out:
            if pattern in line:
                return line
        await asyncio.sleep(0.02)
    raise AssertionError(f"no line with {pattern!r} in {out[-20:]}")


async def _text(port: int, name: str, **kw: Any) -> tuple[TextClient, list[str],
                                                              asyncio.Queue[str | None],
                                                              asyncio.Task[int]]:
    client = Client("127.0.0.1", port, name=name, limits=LIMITS, **kw)
    await client.connect()
    out: list[str] = []
    lines: asyncio.Queue[str | None] = asyncio.Queue()
    text = TextClient(client, out.append)
    return text, out, lines, asyncio.create_task(text.run(lines))


async def test_the_owner_away_countdown_and_the_handover() -> None:
    host = Host(name="night", limits=LIMITS, bot_level="random")
    await host.start(bind="127.0.0.1", port=0)
    try:
        olga = Client("127.0.0.1", host.port, name="Olga", limits=LIMITS, reconnect=False)
        await olga.connect()
        await olga.send("create_table")
        await olga.wait_for("table")
        _, out, lines, run = await _text(host.port, "Ann")
        lines.put_nowait("sit 1")
        await _line(out, "Olga starts the game.")
        await olga.close()                       # her phone sleeps
        await _line(out, "Olga is away: you can start the game in 1 second.")
        await _line(out, "You own the table now.")
        lines.put_nowait("/start")
        await _line(out, "Pass 3 cards")
        lines.put_nowait(None)
        await asyncio.wait_for(run, 5)
    finally:
        await host.stop()


async def test_a_plain_restart_says_the_table_is_gone(tmp_path) -> None:
    port = free_port()
    host = Host(name="night", limits=LIMITS, bot_level="random", save_dir=tmp_path)
    await host.start(bind="127.0.0.1", port=port)
    text, out, lines, run = await _text(port, "Ann")
    try:
        lines.put_nowait("create")
        await _line(out, "You sit at table 1")
        await host.stop()                        # restarted without --resume
        host = Host(name="again", limits=LIMITS, bot_level="random", save_dir=tmp_path)
        await host.start(bind="127.0.0.1", port=port)
        await _line(out, "The table “Ann's table” is gone: the host restarted without it. "
                         "Choose a table in the lobby.", 15)
        assert text.renderer.table is None
        lines.put_nowait("hand")
        await _line(out, "You are not at a table.")
        lines.put_nowait(None)
        await asyncio.wait_for(run, 5)
    finally:
        await host.stop()


async def test_a_card_lost_as_the_link_broke_is_named_once_back() -> None:
    host = Host(name="night", limits=LIMITS, bot_level="random")
    await host.start(bind="127.0.0.1", port=0)
    try:
        text, out, lines, run = await _text(host.port, "Ann")
        lines.put_nowait("create")
        lines.put_nowait("/rules set pass_count 0")
        lines.put_nowait("/start")
        await _line(out, "Your turn: play one of")
        legal = text.client.view["legal"]
        sent: list[dict] = []
        write = text.client._write

        def lose(msg: Any) -> None:              # the play goes out as the link breaks
            if msg.get("type") == "play":
                sent.append(dict(msg))
                text.client.drop_link()
                return
            write(msg)
        text.client._write = lose                # type: ignore[method-assign]
        lines.put_nowait(f"play {legal[0]}")
        await _line(out, "Reconnected to night.")
        text.client._write = write               # type: ignore[method-assign]
        await _line(out, f"Your {legal[0]} did not reach the host before the connection "
                         "broke: play it again.")
        assert sent and legal[0] in text.client.view["hand"]
        lines.put_nowait(f"play {legal[0]}")
        await _line(out, f"You play {legal[0]}")
        lines.put_nowait(None)
        await asyncio.wait_for(run, 5)
    finally:
        await host.stop()


async def test_sitting_at_a_finished_table_whose_owner_is_away() -> None:
    host = Host(name="night", limits=LIMITS, bot_level="random")
    await host.start(bind="127.0.0.1", port=0)
    try:
        olga = Client("127.0.0.1", host.port, name="Olga", limits=LIMITS, reconnect=False)
        await olga.connect()
        await olga.send("create_table", rules={"target": 1, "pass_count": 0})
        await olga.wait_for("table")
        for seat in (1, 2, 3):
            await olga.send("bot", seat=seat, level="random")
        await olga.send("start")
        from tests.net.conftest import is_game_over, play_until
        await play_until(olga, is_game_over)
        await olga.close()
        _, out, lines, run = await _text(host.port, "Dee")
        lines.put_nowait("sit 1")
        await _line(out, "You sit at table 1")
        winners = await _line(out, " win")             # who won the game that was played
        assert "You" not in winners
        await _line(out, "Olga is away: you can start the next game in")
        await _line(out, "You own the table now.")
        lines.put_nowait(None)
        await asyncio.wait_for(run, 5)
    finally:
        await host.stop()


async def test_back_after_a_restart_it_says_what_a_bot_played_for_you(tmp_path) -> None:
    """Offline while the host restarts (--resume) and a bot plays the seat for two hands:
    back, the text client says so, in the words the page and the desktop say
    (hearts.net.words.away_lines)."""
    port = free_port()
    host = Host(name="night", limits=LIMITS, bot_level="random", save_dir=tmp_path)
    await host.start(bind="127.0.0.1", port=port)
    text, out, lines, run = await _text(port, "Ann")
    try:
        lines.put_nowait("create")
        lines.put_nowait("/rules set target 1000")
        lines.put_nowait("/start")
        await _line(out, "Pass 3 cards")
        await host.stop()
        text.client.port = free_port()               # her Wi-Fi is gone: nothing answers there
        host = Host(name="night", limits=LIMITS, bot_level="random", save_dir=tmp_path)
        await host.start(bind="127.0.0.1", port=port, resume=True)
        tid = next(iter(host.core.tables))
        loop = asyncio.get_running_loop()
        end = loop.time() + 60
        while len(host.core.tables[tid].full(0.0)["results"]) < 2:
            assert loop.time() < end, "the bot did not play two hands"
            await asyncio.sleep(0.05)
        text.client.port = port                  # back
        line = await _line(out, "were played for you by a bot", 15)
        results = host.core.tables[tid].full(0.0)["results"]
        seat = text.renderer.seat
        assert seat is not None
        first, last = 1, len(results)
        n = sum(r["points"][seat] for r in results)
        assert line == (f"Hands {first}–{last} were played for you by a bot: {n} points."
                        if n != 1 else f"Hands {first}–{last} were played for you by a bot: 1 point.")
        lines.put_nowait(None)
        await asyncio.wait_for(run, 5)
    finally:
        await host.stop()
