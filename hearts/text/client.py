"""The text client's loop: host events print as lines while typed lines become intents.

Input is read by a thread (it works the same for a terminal, a pipe or a file) and
handed to the asyncio loop, so events print while you type. End of input quits.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from pathlib import Path
from typing import Any, Callable, TextIO

from hearts.i18n import _, error_words, said, text_of
from hearts.net.client import GAVE_UP, Client, ClientError
from hearts.net.protocol import ProtocolError
from hearts.net.replay import GamePages

from .commands import parse_line
from .history import replay_lines
from .render import TextRenderer

Write = Callable[[str], None]


def read_lines(stream: TextIO, loop: asyncio.AbstractEventLoop) -> "asyncio.Queue[str | None]":
    """Start a daemon thread that puts each line of ``stream`` on the queue, then None at EOF."""
    queue: asyncio.Queue[str | None] = asyncio.Queue()

    def put(item: str | None) -> None:
        with contextlib.suppress(RuntimeError):   # the loop is already closed
            loop.call_soon_threadsafe(queue.put_nowait, item)

    def run() -> None:
        try:
            for line in stream:
                put(line.rstrip("\r\n"))
        except (OSError, ValueError, UnicodeDecodeError):
            pass
        put(None)

    threading.Thread(target=run, name="stdin", daemon=True).start()
    return queue


class TextClient:
    """Runs one `Client` as a line-based terminal client."""

    def __init__(self, client: Client, write: Write, symbols: bool = False) -> None:
        self.client = client
        self.write = write
        self.renderer = TextRenderer(symbols)
        self.closed_reason: str | None = None
        # the games being fetched for replay or export: id -> (pages, [(what, file)])
        self.fetching: dict[int, tuple[GamePages, list[tuple[str, str | None]]]] = {}
        self._last_event = 0.0
        self._last_sent = 0.0

    def say(self, lines: list[str]) -> None:
        for line in lines:
            self.write(line)

    async def run(self, lines: "asyncio.Queue[str | None]") -> int:
        """Print events and send typed lines until quit or end of input (returns 0).

        Raises ClientError when the connection is gone for good.
        """
        loop = asyncio.get_running_loop()
        events = loop.create_task(self._events())
        typing = loop.create_task(self._input(lines))
        try:
            done, _pending = await asyncio.wait({events, typing},
                                                return_when=asyncio.FIRST_COMPLETED)
            if typing in done:
                typing.result()
                await self._quit(events)
                return 0
            events.result()
            raise ClientError(self.closed_reason or _("the connection to the host closed"))
        finally:
            for task in (events, typing):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            await self.client.close()

    async def _events(self) -> None:
        loop = asyncio.get_running_loop()
        async for event in self.client:
            self._last_event = loop.time()
            self.say(self.renderer.render(event))
            if event["type"] == "game":
                await self._game_page(event)
            if event["type"] == "closed":
                reason = str(event.get("reason") or _("the connection closed"))
                if event.get("code") == GAVE_UP:
                    reason = _("lost the connection to {address} and could not reconnect "
                               "within {seconds} s").format(
                        address=f"{self.client.host}:{self.client.port}",
                        seconds=f"{self.client.retry_for:g}")
                self.closed_reason = reason
                return

    async def _input(self, lines: "asyncio.Queue[str | None]") -> None:
        while True:
            line = await lines.get()
            if line is None:
                return
            if not await self.handle(line):
                return

    async def handle(self, line: str) -> bool:
        """Act on one typed line; False when the user quits."""
        v = self.renderer.view
        playing = bool(v and v.get("phase") == "play" and self.renderer.seat is not None)
        action = parse_line(line, playing=playing, lobby=self.renderer.table is None)
        if action.kind == "error":
            self.write(_("error: {message}").format(message=action.text))
        elif action.kind == "local":
            if action.type == "quit":
                return False
            if action.type == "help":
                self.say(self.renderer.presets_help().splitlines())
            elif action.type == "show":
                self.say(self.renderer.state_lines())
            elif action.type in ("replay", "export"):
                gid = action.fields["id"]
                wanted = (action.type, action.fields.get("file"))
                if gid in self.fetching:
                    self.fetching[gid][1].append(wanted)
                else:
                    pages = GamePages(gid)
                    self.fetching[gid] = (pages, [wanted])
                    await self._send(pages.request())
        elif action.kind == "intent":
            if action.type in ("sit", "watch"):
                self.renderer.joining = (action.type, action.fields)
            elif action.type in ("play", "pass"):
                self.renderer.unanswered = (action.fields.get("card"),)
            await self._send({"type": action.type, **action.fields})
        return True

    async def _send(self, msg: dict[str, Any]) -> None:
        fields = {k: v for k, v in msg.items() if k != "type"}
        try:
            await self.client.send(msg["type"], **fields)
            self._last_sent = asyncio.get_running_loop().time()
        except (ClientError, ProtocolError) as e:
            self.write(_("error: {message}").format(message=said(getattr(e, "message", None)
                                                                  or text_of(e))))

    async def _game_page(self, msg: dict[str, Any]) -> None:
        """A page of a game asked for by replay or export: ask for the next, or (the game
        whole) print it or write it to a file."""
        gid = (msg.get("game") or {}).get("id")
        if gid not in self.fetching:
            return
        pages, wanted = self.fetching[gid]
        if not pages.feed(msg):
            await self._send(pages.request())
            return
        del self.fetching[gid]
        doc = pages.document()
        for purpose, file in wanted:
            if purpose == "replay":
                self.say(replay_lines(doc, self.renderer.symbols))
            else:
                self._export(doc, Path(file or f"hearts-game-{gid}.json"))

    def _export(self, doc: dict[str, Any], path: Path) -> None:
        try:
            path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n",
                            encoding="utf-8")
        except OSError as e:
            self.write(_("error: cannot write {path}: {why}").format(path=path,
                                                                      why=error_words(e)))
            return
        self.write(_("Saved game #{id} to {path}.").format(id=doc.get("id"), path=path))

    async def _quit(self, events: "asyncio.Task[None]") -> None:
        """Leave the table, and let the answers to the last lines arrive (about a second)."""
        loop = asyncio.get_running_loop()
        if self.renderer.table is not None and self.client.connected.is_set():
            with contextlib.suppress(Exception):
                self.client.send_nowait("leave")
                self._last_sent = loop.time()
        end = loop.time() + 1.5
        while not events.done() and loop.time() < end:
            if loop.time() - max(self._last_event, self._last_sent) > 0.3:
                break
            await asyncio.sleep(0.05)


__all__ = ["TextClient", "read_lines"]
