"""The network side of the client: one asyncio loop in a background thread.

It holds the connection to a host (reconnecting by itself after a loss, with the seat
token of the last ``welcome``), an in-process host for games against bots or a LAN game,
and LAN browsing. Everything it learns goes to the pygame thread through ``post(kind,
payload)``; the pygame thread calls `send`, `connect`, ... which are thread-safe.

Kinds posted: ``"message"`` (a host message), ``"state"`` (``{"state": "connecting" |
"connected" | "lost" | "failed" | "closed", "text": str}``; "lost" also carries
``attempt``, the reconnect try under way, 0 before the first), ``"hosts"`` (a list of
`hearts.net.discovery.HostInfo`), ``"host_started"`` (``{"port": int}``), ``"host_failed"``
(``{"text": str}``).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import threading
from typing import Any, Callable, Coroutine

from hearts.i18n import _, error_words, ngettext
from hearts.net import protocol
from hearts.net.client import BYE, GAVE_UP, HOST_CLOSED, SILENT

log = logging.getLogger(__name__)

Post = Callable[[str, Any], None]
RETRY_SECONDS = 60.0                # then the client stops trying and says so
BACKLOG = 256           # host messages the app may have waiting before we stop reading
BACKLOG_POLL = 0.01     # seconds between looks at a full backlog


class Connection:
    """The asyncio thread. Create, then `start()`; `close()` stops everything."""

    def __init__(self, post: Post, waiting: Callable[[], int] = lambda: 0) -> None:
        self.post = post
        # how many posted things the app has not taken yet: past `BACKLOG`, we read no more
        # (the host holds its bots back for us: flow control, never a drop for reading slowly)
        self.waiting = waiting
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name="hearts-net", daemon=True)
        self._outbox: asyncio.Queue[dict[str, Any]] | None = None
        self._session: asyncio.Task[None] | None = None
        self._browser_task: asyncio.Task[None] | None = None
        self.host: Any = None           # an in-process net.host.Host
        self.advertiser: Any = None     # its net.discovery.Advertiser, when on the LAN
        self.address: tuple[str, int] | None = None
        self.token: str | None = None
        self.name = ""
        self.key: str | None = None          # the player key sent in hello (hearts.playerkey)
        self.lang: str | None = None         # the language the host words its messages in
        self.connected = False
        self.client: Any = None         # the net.client.Client while connected
        self.retry_for = RETRY_SECONDS  # keep trying to reconnect for this long
        self.pings: dict[tuple[str | None, int], float] = {}   # LAN host -> seconds, -1: none
        self.connect_timeout = 5.0

    # -- thread ---------------------------------------------------------------------------
    def start(self) -> None:
        self.thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()
        # Let cancelled tasks finish before the loop closes.
        pending = asyncio.all_tasks(self.loop)
        for t in pending:
            t.cancel()
        if pending:
            self.loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        self.loop.close()

    def call(self, coro: Coroutine[Any, Any, Any]) -> concurrent.futures.Future[Any]:
        """Run ``coro`` on the network loop; returns a thread-safe future."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def close(self, timeout: float = 3.0) -> None:
        """Disconnect, stop the in-process host and browsing, end the thread."""
        if not self.thread.is_alive():
            return
        try:
            self.call(self._shutdown()).result(timeout)
        except Exception as e:  # shutting down: log and go on
            log.debug("network shutdown: %r", e)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout)

    async def _shutdown(self) -> None:
        await self._stop_session()
        await self._stop_browsing()
        await self.stop_host()

    async def stop_host(self) -> None:
        """Withdraw the LAN advertisement and stop the in-process host."""
        adv, self.advertiser = self.advertiser, None
        if adv is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(adv.close(), 3.0)
        host, self.host = self.host, None
        if host is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(host.stop(), 2.0)

    # -- the connection to a host ---------------------------------------------------------
    def connect(self, address: str, port: int, name: str, token: str | None = None) -> None:
        """Connect (or switch) to a host; hello is sent with ``name`` and ``token``."""
        self.call(self._connect(address, port, name, token))

    def disconnect(self) -> None:
        """Leave the host; "session_over" is posted once nothing more from it can come."""
        self.call(self._end_session())

    async def _end_session(self) -> None:
        await self._stop_session()
        self.post("session_over", {})

    def send(self, message: dict[str, Any]) -> None:
        """Queue an intent for the host (dropped with a log line when not connected)."""
        self.loop.call_soon_threadsafe(self._enqueue, message)

    def _enqueue(self, message: dict[str, Any]) -> None:
        if self._outbox is None:
            log.debug("not connected, dropped %s", message.get("type"))
            return
        self._outbox.put_nowait(message)

    async def _connect(self, address: str, port: int, name: str, token: str | None) -> None:
        await self._stop_session()
        self.address = (address, port)
        self.name = name
        self.token = token
        self._outbox = asyncio.Queue()
        self._session = asyncio.create_task(self._keep_connected(), name="hearts-session")

    async def _stop_session(self) -> None:
        task, self._session = self._session, None
        self._outbox = None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.connected = False

    async def _keep_connected(self) -> None:
        """Connect with `hearts.net.client.Client` (which reconnects with the seat token after a
        loss) and pass every host message on, until stopped."""
        from hearts.net.client import Client, ClientError
        assert self.address is not None and self._outbox is not None
        address, port = self.address
        self.post("state", {"state": "connecting", "text": _("Connecting to {address}…").format(
            address=f"{address}:{port}")})
        client = Client(address, port, name=self.name, token=self.token, reconnect=True,
                        retry_for=self.retry_for, key=self.key, lang=self.lang,
                        backlog=BACKLOG, fold=False)     # the session's mirror folds
        try:
            await client.connect(timeout=self.connect_timeout)
        except ClientError as e:
            self.post("state", {"state": "failed", "text": _sentence(str(e))})
            return
        self.client = client
        welcomed = False
        lost_why = _("The connection to the host was lost.")
        sender = asyncio.create_task(self._send_loop(client, self._outbox))
        try:
            async for msg in client:
                t = msg["type"]
                if t == "welcome":
                    # The same token back means the host kept our seat (a resume); a
                    # connection that starts with a token (trying again) is a reconnect too.
                    first = not welcomed and self.token is None
                    resumed = not first and client.token == self.token
                    welcomed = True
                    self.token = client.token
                    self.connected = True
                    self.post("state", {"state": "connected", "text": "", "first": first,
                                        "resumed": resumed})
                elif t == "disconnected":
                    self.connected = False
                    lost_why = lost_sentence(str(msg.get("code") or ""))
                    self.post("state", {"state": "lost", "text": lost_why, "attempt": 0})
                    continue
                elif t == "reconnecting":
                    self.post("state", {"state": "lost", "text": lost_why,
                                        "attempt": msg.get("attempt", 0)})
                    continue
                elif t == "closed":
                    self.connected = False
                    reason = str(msg.get("reason") or "closed")
                    if msg.get("code") == GAVE_UP:
                        n = round(self.retry_for)
                        reason = ngettext("The host did not come back within {n} second.",
                                          "The host did not come back within {n} seconds.",
                                          n).format(n=n)
                    self.post("state", {"state": "closed", "text": _sentence(reason),
                                        "gave_up": welcomed})
                    return
                self.post("message", msg)
                while self.waiting() >= BACKLOG:
                    await asyncio.sleep(BACKLOG_POLL)
        finally:
            sender.cancel()
            with contextlib.suppress(BaseException):
                await sender
            self.client = None
            await client.close()

    async def _send_loop(self, client: Any, outbox: "asyncio.Queue[dict[str, Any]]") -> None:
        from hearts.net.client import ClientError
        while True:
            msg = dict(await outbox.get())
            type_ = msg.pop("type")
            try:
                await client.send(type_, wait=self.retry_for, **msg)
            except protocol.ProtocolError as e:
                self.post("message", {"type": "error", "code": e.code, "message": e.message,
                                      "ref": type_})
            except ClientError as e:
                self.post("message", {"type": "error", "code": "closed",
                                      "message": _sentence(str(e)), "ref": type_})

    # -- a demo: four bots play, this client watches ----------------------------------------
    def deal_demo(self, port: int, rules: dict[str, Any] | None, level: str) -> None:
        """A "dealer" connection creates a table of four bots and starts it; posts
        ``demo_table`` with the table id, then stands up once someone watches."""
        self.call(self._deal_demo(port, rules, level))

    async def _deal_demo(self, port: int, rules: dict[str, Any] | None, level: str) -> None:
        from hearts.net.client import Client
        dealer = Client("127.0.0.1", port, name="Demo", reconnect=False)
        try:
            await dealer.connect()
            fields: dict[str, Any] = {"name": _("Bots only"), "seat": 0}
            if rules:
                fields["rules"] = rules
            await dealer.send("create_table", **fields)
            table = await dealer.wait_for("table")
            tid = table["table"]["id"]
            for seat in (1, 2, 3):
                await dealer.send("bot", seat=seat, level=level)
            self.post("demo_table", {"table": tid})

            def watcher_joined(e: dict[str, Any]) -> bool:
                return e["type"] == "update" and any(
                    c.get("type") == "player_joined" and c.get("seat") is None
                    for c in e.get("events") or ())
            await dealer.wait_for(watcher_joined, timeout=30)
            await dealer.send("start")
            await dealer.send("leave")
            await dealer.wait_for("left")
        except Exception as e:  # shown to the user in one sentence
            self.post("host_failed", {"text": _("Could not deal the demo game: {why}.").format(
                why=error_words(e))})
        finally:
            await dealer.close()

    # -- an in-process host -------------------------------------------------------------
    def start_host(self, bind: str = "127.0.0.1", port: int = 0, advertise: bool = False,
                   advertise_on: list[str] | None = None, **options: Any) -> None:
        """Start a `hearts.net.host.Host` on this loop (``options`` go to Host); posts
        ``host_started`` with its port. ``advertise``: announce it on the LAN (on the
        interfaces ``advertise_on``, default all)."""
        self.call(self._start_host(bind, port, advertise, advertise_on, options))

    async def _start_host(self, bind: str, port: int, advertise: bool,
                          advertise_on: list[str] | None, options: dict[str, Any]) -> None:
        try:
            from hearts.net.host import Host
            await self.stop_host()
            resume = bool(options.pop("resume", False))
            web = options.pop("web_port", None)      # also serve the browser client (net.web)
            host = Host(**options)
            try:
                await host.start(bind, port=port, resume=resume, web_port=web)
            except OSError:
                if not port and not web:
                    raise
                # the usual ports are taken: any free ones
                await host.start(bind, port=0, web_port=None if web is None else 0)
        except Exception as e:  # shown to the user in one sentence
            log.debug("host start failed", exc_info=True)
            self.post("host_failed", {"text": _("Could not start a host: {why}.").format(
                why=error_words(e))})
            return
        self.host = host
        if advertise:
            from hearts.net.discovery import advertise_host
            self.advertiser = await advertise_host(host, advertise_on)
        self.post("host_started", {"port": host.port, "bind": bind,
                                   "addresses": host.addresses(), "web": host.web_addresses()})

    # -- a host in a child process (the demo: four bots think without sharing our GIL) ---
    def start_host_process(self, **options: Any) -> None:
        """Start a `hearts.net.host.Host` on 127.0.0.1 in a child process; posts ``host_started``."""
        self.call(self._start_host_process(options))

    async def _start_host_process(self, options: dict[str, Any]) -> None:
        import multiprocessing
        await self.stop_host()
        ctx = multiprocessing.get_context("spawn")
        ours, theirs = ctx.Pipe()
        proc = ctx.Process(target=serve_host_child, args=(theirs, options), daemon=True,
                           name="hearts-host")
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(None, proc.start)
            theirs.close()
            ready = await loop.run_in_executor(None, ours.poll, 30.0)
            port = ours.recv() if ready else None
        except (OSError, EOFError) as e:
            port = None
            log.debug("host process failed: %r", e)
        if not isinstance(port, int):
            proc.kill()
            self.post("host_failed", {"text": _("Could not start a host for the game.")})
            return
        self.host = _ChildHost(proc, ours, port)
        self.post("host_started", {"port": port, "bind": "127.0.0.1",
                                   "addresses": [f"127.0.0.1:{port}"]})

    # -- LAN browsing -------------------------------------------------------------------
    def browse(self, interfaces: list[str] | None = None) -> None:
        """Start watching the LAN for hosts; posts ``hosts`` with the current list on changes."""
        self.call(self._browse(interfaces))

    def stop_browsing(self) -> None:
        self.call(self._stop_browsing())

    async def _browse(self, interfaces: list[str] | None) -> None:
        await self._stop_browsing()
        self._browser_task = asyncio.create_task(self._browse_loop(interfaces))

    async def _browse_loop(self, interfaces: list[str] | None) -> None:
        try:
            from hearts.net.discovery import Browser
            browser = Browser(interfaces=interfaces)
            await browser.start()
        except Exception as e:  # zeroconf unavailable: say why, keep the address box
            self.post("hosts", {"hosts": [], "error": _("LAN search is not available ({why})."
                                                        ).format(why=error_words(e))})
            return
        pinging: set[asyncio.Task[None]] = set()

        def post() -> None:
            hosts = sorted(browser.hosts.values(), key=lambda h: h.instance.casefold())
            self.post("hosts", {"hosts": hosts, "error": None})
            for h in hosts:
                if (h.address, h.port) not in self.pings and h.address:
                    self.pings[(h.address, h.port)] = float("nan")     # measuring
                    task = asyncio.create_task(self._ping(h.address, h.port, post))
                    pinging.add(task)
                    task.add_done_callback(pinging.discard)
        try:
            self.post("hosts", {"hosts": [], "error": None})
            async for _event in browser:
                post()
        finally:
            for task in list(pinging):
                task.cancel()
            with contextlib.suppress(Exception):
                await browser.close()

    async def _ping(self, address: str, port: int, then: Callable[[], None]) -> None:
        """How long a TCP handshake with a LAN host takes (-1: no answer within 2 s)."""
        loop = asyncio.get_running_loop()
        start = loop.time()
        try:
            _reader, writer = await asyncio.wait_for(asyncio.open_connection(address, port), 2.0)
            took = loop.time() - start
            writer.close()
        except (OSError, asyncio.TimeoutError):
            took = -1.0
        self.pings[(address, port)] = took
        then()

    async def _stop_browsing(self) -> None:
        task, self._browser_task = self._browser_task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


class _ChildHost:
    """A host running in a child process, stopped like an in-process one."""

    def __init__(self, proc: Any, pipe: Any, port: int) -> None:
        self.proc, self.pipe, self.port = proc, pipe, port

    async def stop(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.pipe.send("stop")
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, self.proc.join, 3.0)
        if self.proc.is_alive():
            self.proc.kill()
        self.pipe.close()


def serve_host_child(pipe: Any, options: dict[str, Any]) -> None:
    """Child process: run a Host on 127.0.0.1, send its port, stop when told or orphaned."""
    import signal

    from hearts.net.host import Host
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C goes to the client

    async def main() -> None:
        host = Host(**options)
        await host.start("127.0.0.1", port=0)
        pipe.send(host.port)
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()

        def wait_for_parent() -> None:
            with contextlib.suppress(EOFError, OSError):
                pipe.recv()                  # "stop", or EOF when the client died
            loop.call_soon_threadsafe(stop.set)
        threading.Thread(target=wait_for_parent, daemon=True).start()
        await stop.wait()
        await host.stop()
    asyncio.run(main())


def lost_sentence(code: str) -> str:
    """Why the link dropped (the ``code`` of a ``disconnected`` event), in a plain
    sentence (no "[Errno 104] ..." system text)."""
    if code in (HOST_CLOSED, BYE):
        return _("The host closed the connection.")
    if code == SILENT:
        return _("The host stopped answering.")
    return _("The connection to the host was lost.")


def _sentence(text: str) -> str:
    text = text.strip() or _("the connection closed")
    text = text[0].upper() + text[1:]
    return text if text.endswith(".") else text + "."
