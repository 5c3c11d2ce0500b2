"""The asyncio TCP host: connections, bots, timers and saves around the sans-I/O core.

The shell only moves bytes and runs clocks, threads and files: every decision is the
`hearts.net.server.ServerCore`'s (who is let in, message rates, players, hello, the lobby
and its pace, intents, what each member is sent, saves, clocks, bots' turns and their
fallback, abandoned tables, pings and silent connections, readers that fall behind (bots
held, or the connection dropped), the LAN record and its pace, the bye at shutdown,
resuming). The host reports facts with the time (a connection opened, whole messages,
output left unread, a timer the core named is due) and `Host._carry_out` does what the
core decided. Each connection is a
`hearts.net.connection.Connection`; `hearts.net.table` holds the table model,
`hearts.net.protocol` the codec, `hearts.net.saves` the files.

>>> host = Host(name="den", bot_level="random")
>>> await host.start(bind="127.0.0.1", port=0)     # port 0: any free port
>>> host.port
>>> await host.stop()
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Awaitable, Callable

from hearts.bots import hint as bot_hint
from hearts.bots import make_bot
from hearts.engine import Rules, View

from . import saves
from .botpool import BotPool
from .clocks import bot_action
from .connection import Connection
from .history import History
from .interfaces import local_addresses
from .limits import DEFAULT_LIMITS, Limits
from .protocol import DEFAULT_PORT
from .outbox import BotTurn, ConnId, Outbox, Player
from .save_keeper import SaveKeeper
from .server import ServerCore

log = logging.getLogger("hearts.host")


@dataclass
class TableRuntime:
    """What the host keeps for one table besides the core's record of it: its clock, the
    bot objects playing its seats (kept while their level stays the same) and its save
    store. Closed together when the table closes."""

    timer: asyncio.TimerHandle | None = None
    when: float | None = None
    bots: dict[int, tuple[str, Any]] = field(default_factory=dict)   # seat -> (level, bot)
    store: saves.TableStore | None = None

    def close(self, keep_save: bool) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.bots.clear()
        if self.store is not None:
            self.store.close() if keep_save else self.store.remove()
            self.store = None


class Host:
    """A Hearts host: many tables in one process, saved after every action.

    The decisions are the sans-I/O `ServerCore`'s (``host.core``); the host holds the
    sockets, the clocks, the bot threads and the save files, and carries them out.
    """

    def __init__(self, name: str = "Hearts", rules: Rules | None = None,
                 save_dir: str | Path | None = None, limits: Limits = DEFAULT_LIMITS,
                 bot_level: str = "normal", bot_workers: int = 2,
                 seed: int | None = None, history_dir: str | Path | None = None,
                 session: str | None = None, plug_ins: tuple[str, ...] = ()) -> None:
        self.save_dir = Path(save_dir) if save_dir else None
        # the finished games: with the saves (or in ``history_dir``, or in memory)
        self.history = History(history_dir or save_dir, session)
        self.core = ServerCore(name, rules, limits, bot_level, seed,
                               saving=self.save_dir is not None, packed=True,
                               plug_ins=plug_ins, history=self.history)
        # the save files: the folders claimed, each save written, a disk that refuses
        self.keeper = SaveKeeper(self.core, self.history, self.save_dir, limits,
                                 session is not None, self.runtime, self._carry_out)
        self.guard = self.core.guard       # the budgets and rates the core keeps
        self.name = self.core.name
        self.limits = limits
        self._connections: dict[ConnId, Connection] = {}
        self._server: asyncio.base_events.Server | None = None
        self._web: asyncio.base_events.Server | None = None    # the browser side (net.web)
        self._loop: asyncio.AbstractEventLoop = None  # type: ignore[assignment]
        self._pool = BotPool(bot_workers)
        self._runtime: dict[int, TableRuntime] = {}
        self._tasks: set[asyncio.Future[Any]] = set()
        self._heartbeat: asyncio.TimerHandle | None = None
        # told each new TXT record the core orders (`hearts.net.discovery.advertise_host`)
        self.properties_listener: Callable[[dict[str, str]], Awaitable[None]] | None = None
        self._advert_handle: asyncio.TimerHandle | None = None
        self._lobby_handle: asyncio.TimerHandle | None = None

    @property
    def stopping(self) -> bool:
        return self.core.stopping

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The event loop the host runs on."""
        return self._loop

    # -- life cycle ----------------------------------------------------------------------
    async def start(self, bind: str | None = "0.0.0.0", port: int = DEFAULT_PORT,
                    resume: bool = False, web_port: int | None = None) -> None:
        """Listen on ``bind``:``port`` (0: a free port, see `port`); ``resume`` loads saves;
        ``web_port`` (0: a free one) also serves the browser client there (`hearts.net.web`)."""
        self._loop = asyncio.get_running_loop()
        self.keeper.claim(self._loop)       # first: a folder another host holds stops it
        if web_port is not None:            # then: when its port is taken, nothing is done
            from .web import start_web
            try:
                self._web = await start_web(self, bind, web_port)
            except BaseException:
                self.keeper.release()
                raise
        if self.history.save_dir is not None:
            self.history.save_dir.mkdir(parents=True, exist_ok=True)
            self.history.load()
        if self.save_dir is not None:
            self.save_dir.mkdir(parents=True, exist_ok=True)
            if resume:
                self._resume()
                self._carry_out()               # their fresh snapshots, clocks and bots
            # never reuse the number of a file already there: a new table must not
            # overwrite a save (good or not) that was not resumed
            ids = saves.saved_ids(self.save_dir)
            left = [i for i in ids if i not in self.core.tables]
            if left and not resume:
                log.info("%d saved table(s) in %s are kept; start with --resume to bring them "
                         "back", len(left), self.save_dir)
            self.core.files_found(ids)
        try:
            self._server = await self._loop.create_server(lambda: Connection(self), bind, port,
                                                          reuse_address=True)
        except OSError:
            if self._web is not None:
                self._web.close()
                self._web = None
            self.keeper.release()
            raise
        self.keeper.note_port(self.port)
        if self._web is not None:
            self.core.web_served(self.web_port)
            await self._web.start_serving()
        self.core.heartbeat(self._loop.time())     # the connections' clock starts
        self._carry_out()
        log.info("hosting %r on port %d%s", self.name, self.port,
                 f" (browsers on {self.web_port})" if self.web_port else "")

    @property
    def port(self) -> int:
        assert self._server is not None and self._server.sockets
        port: int = self._server.sockets[0].getsockname()[1]
        return port

    @property
    def web_port(self) -> int | None:
        """The port the browser client is served on (None: not served)."""
        if self._web is None or not self._web.sockets:
            return None
        port: int = self._web.sockets[0].getsockname()[1]
        return port

    def addresses(self, server: asyncio.base_events.Server | None = None) -> list[str]:
        """host:port strings a person can type to join (of ``server``: the TCP one)."""
        server = server or self._server
        assert server is not None
        port = server.sockets[0].getsockname()[1]
        bound = {s.getsockname()[0] for s in server.sockets}
        addrs: list[str] = []
        for b in bound:
            if b in ("0.0.0.0", "::"):
                addrs.extend(local_addresses())
            else:
                addrs.append(b)
        out = []
        for a in dict.fromkeys(addrs):
            out.append(f"[{a}]:{port}" if ":" in a else f"{a}:{port}")
        return out

    def web_addresses(self) -> list[str]:
        """The browser client's addresses (``http://host:port/``); none when not served."""
        return [f"http://{a}/" for a in self.addresses(self._web)] if self._web else []

    async def serve_forever(self) -> None:
        assert self._server is not None
        await self._server.serve_forever()

    async def stop(self) -> None:
        """Stop listening, save every table, close every connection."""
        if self.stopping:
            return
        self.core.stop()
        for server in (self._server, self._web):
            if server is not None:
                server.close()
        for rt in self._runtime.values():
            if rt.timer is not None:
                rt.timer.cancel()
        for handle in (self._heartbeat, self._advert_handle, self._lobby_handle):
            if handle is not None:
                handle.cancel()
        self._carry_out()                       # the tables' last snapshots, the byes
        for rt in self._runtime.values():
            if rt.store is not None:
                rt.store.close()
        for conn in list(self._connections.values()):
            conn.close()                        # (each was told bye: `ServerCore.stop`)
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._server is not None:
            try:
                await asyncio.wait_for(self._server.wait_closed(), 2)
            except (asyncio.TimeoutError, Exception):
                pass
        self._pool.shutdown()
        self.keeper.stop()
        log.info("host stopped")

    def _spawn(self, coro: Awaitable[Any]) -> asyncio.Future[Any]:
        task = asyncio.ensure_future(coro, loop=self._loop)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # -- discovery properties ------------------------------------------------------------------
    def txt_properties(self) -> dict[str, str]:
        """The TXT record for LAN discovery, all strings (the core's: `Advert.properties`)."""
        return self.core.advert.properties()

    def _lobby_due(self) -> None:
        self._lobby_handle = None
        self.core.lobby_due(self._loop.time())
        self._carry_out()

    def _broadcast(self, chunks: list[list[ConnId]], data: bytes, start: int = 0) -> None:
        """Send ``data`` to the connections of ``chunks``, one chunk per event-loop turn
        (the tables keep playing in between)."""
        for cid in chunks[start]:
            conn = self._connections.get(cid)
            if conn is not None and not conn.closed:
                conn.send_bytes(data)
        if start + 1 < len(chunks) and not self.stopping:
            self._loop.call_soon(self._broadcast, chunks, data, start + 1)

    def _at(self, handle: asyncio.TimerHandle | None, when: float | None,
            call: Callable[[], None]) -> asyncio.TimerHandle | None:
        """The timer for one of the core's times (``when``; None: keep ``handle``), armed
        afresh: the core names each time once, and the latest is the one that counts."""
        if when is None or self.stopping:
            return handle
        if handle is not None:
            handle.cancel()
        return self._loop.call_at(when, call)

    def _heartbeat_due(self) -> None:
        self._heartbeat = None
        self.core.heartbeat(self._loop.time())
        self._carry_out()

    def _advert_due(self) -> None:
        self._advert_handle = None
        self.core.advert_due(self._loop.time())
        self._carry_out()

    # -- connections: the core decides, the host carries it out ------------------------------
    def on_opened(self, conn: Connection) -> None:
        self._connections[conn.id] = conn
        self.core.opened(conn.id, conn.addr, self._loop.time(), conn.pool)
        self._carry_out()

    def on_upgraded(self, conn: Connection) -> None:
        self.core.upgraded(conn.id, self._loop.time())
        self._carry_out()

    def on_messages(self, conn: Connection, raws: list[Any], others: int = 0) -> None:
        self.core.received(conn.id, raws, self._loop.time(), others)
        self._carry_out()

    def on_unread(self, conn: Connection, nbytes: int) -> None:
        self.core.unread(conn.id, nbytes, self._loop.time())

    def on_lost(self, conn: Connection) -> None:
        if self._connections.pop(conn.id, None) is not None:
            self.core.lost(conn.id, self._loop.time())
            self._carry_out()

    def operator(self, line: str) -> str | None:
        """One line typed at the host's terminal (`hearts.net.console.operator_command`); returns
        the answer, or None to quit."""
        try:
            return self.core.operate(line, self._loop.time())
        finally:
            self._carry_out()

    def connection(self, player: Player) -> Connection | None:
        """The connection ``player`` speaks through now, if any."""
        return self._connections.get(player.conn) if player.conn is not None else None

    def _carry_out(self) -> None:
        """Do what the core decided (save, send, close, arm clocks, run bots and hints,
        forget closed tables), until it has decided nothing more."""
        out = self.core.take()
        while out:
            self._carry_out_one(out)
            out = self.core.take()

    def _carry_out_one(self, out: Outbox) -> None:
        for order in out.saves:
            self.keeper.write(order)
        conns = self._connections
        for cid, msg in out.messages:
            conn = conns.get(cid)
            if conn is not None:
                # the outbox's words are said already (`ServerCore.take`)
                conn.send_bytes(msg) if isinstance(msg, bytes) else conn.send(msg, said=True)
        for cid, last in out.closing:
            conn = conns.get(cid)
            if conn is not None:
                conn.fail(last)
        for cid in out.hang_up:
            conn = conns.get(cid)
            if conn is not None:
                conn.close()
        for cid in out.drop:
            conn = conns.get(cid)
            if conn is not None:
                conn.abort()
        for tid, when in out.clocks.items():
            self._arm(tid, when)
        for turn in out.bots:
            self._spawn(self._bot_move(turn, self._bot(turn)))
        for player_id, view in out.hints:
            self._spawn(self._hint(player_id, view))
        for tid, keep_save in out.closed_tables:
            self._closed(tid, keep_save)
        self._lobby_handle = self._at(self._lobby_handle, out.lobby_at, self._lobby_due)
        self._heartbeat = self._at(self._heartbeat, out.heartbeat_at, self._heartbeat_due)
        self._advert_handle = self._at(self._advert_handle, out.advert_at, self._advert_due)
        if out.advertise is not None and self.properties_listener is not None:
            self._spawn(self.properties_listener(out.advertise))
        for read in out.reads:  # the history files, read here for the core: the answers
            self.core.game_read(read, self.history.game(read.game, read.hand))
        for chunks, data in out.broadcasts:
            self._broadcast(chunks, data)

    def _closed(self, table_id: int, keep_save: bool) -> None:
        """Forget a closed table's clock, bots and save store (its files go unless kept)."""
        rt = self._runtime.pop(table_id, None)
        if rt is not None:
            rt.close(keep_save)
        if (rt is None or rt.store is None) and self.save_dir is not None and not keep_save:
            saves.remove_table(self.save_dir, table_id)

    def runtimes(self) -> list[TableRuntime]:
        """Every table's runtime record (for leak checks)."""
        return list(self._runtime.values())

    def runtime(self, table_id: int) -> TableRuntime:
        """The runtime record of table ``table_id`` (made on first use)."""
        rt = self._runtime.get(table_id)
        if rt is None:
            rt = self._runtime[table_id] = TableRuntime()
        return rt

    async def _hint(self, player_id: int, view: View) -> None:
        try:
            h = await self._pool.run(True, bot_hint, view, self.limits.bot_budget)
        except Exception as e:
            log.warning("hint failed: %s", e)
            return
        self.core.hint_ready(player_id, view, [str(c) for c in h.cards], h.reason, h.moon)
        self._carry_out()

    # -- saves ----------------------------------------------------------------------------
    def _resume(self) -> None:
        """Hand every saved table and its log to the core, which brings back what it can."""
        assert self.save_dir is not None
        now = self._loop.time()
        for path, data, problem in saves.load_tables(self.save_dir):
            if problem:
                log.error("%s", problem)
                continue
            tid = data.get("id") if isinstance(data, dict) else None
            entries: list[list[Any]] = []
            cut = False
            if isinstance(tid, int):
                log_file = saves.log_path(self.save_dir, tid)
                entries, cut = saves.read_log(log_file)
            self.core.restore(data, entries, cut, now, str(path))

    # -- clocks and bots --------------------------------------------------------------------
    def _arm(self, table_id: int, when: float | None) -> None:
        """Call the core's `tick` for ``table_id`` at ``when`` (None: no clock runs)."""
        rt = self.runtime(table_id)
        if rt.timer is not None:
            if rt.when == when:
                return
            rt.timer.cancel()
            rt.timer = None
        rt.when = when
        if when is not None and not self.stopping:
            rt.timer = self._loop.call_at(when, self._on_clock, table_id)

    def _on_clock(self, table_id: int) -> None:
        rt = self._runtime.get(table_id)
        if rt is not None:
            rt.timer = None
            rt.when = None
        self.core.tick(table_id, self._loop.time())
        self._carry_out()

    def _bot(self, turn: BotTurn) -> Any:
        """The bot object of ``turn``'s seat: the one already there while its level stays."""
        rt = self.runtime(turn.table)
        slot = rt.bots.get(turn.seat)
        if slot is None or slot[0] != turn.level:
            try:
                bot = make_bot(turn.level, turn.seed)
            except ValueError:                  # the core names what plays instead
                bot = make_bot(turn.fallback, turn.seed)
            slot = rt.bots[turn.seat] = (turn.level, bot)
        return slot[1]

    async def _bot_move(self, turn: BotTurn, bot: Any) -> None:
        """Ask the seat's bot in the thread pool and tell the core; without an answer in
        the turn's ``patience`` (or when it fails), the core is told so and makes a legal
        move for it."""
        fut = self._pool.run(turn.people, bot_action, bot, turn.view, turn.budget)
        action = None
        try:
            action = await asyncio.wait_for(asyncio.shield(fut), turn.patience)
        except asyncio.TimeoutError:
            log.warning("bot at table %d seat %d overran its %.2f s budget; playing a legal "
                        "card", turn.table, turn.seat, turn.budget)
        except Exception as e:
            log.warning("bot at table %d seat %d failed (%s); playing a legal card",
                        turn.table, turn.seat, e)
        if fut.done():
            self.core.bot_moved(turn.table, turn.seat, turn.version, action, self._now())
            self._carry_out()
            return
        # the seat's bot object is still thinking in its thread: a move is made for it
        # now, and the seat has its next bot move only once that thread is free again
        self.core.bot_moved(turn.table, turn.seat, turn.version, None, self._now(), busy=True)
        self._carry_out()
        try:
            await fut
        except Exception:
            pass
        self.core.bot_free(turn.table, turn.seat, self._now())
        self._carry_out()

    def _now(self) -> float:
        return self._loop.time()


__all__ = ["Connection", "Host", "TableRuntime"]   # Connection: net/connection.py
