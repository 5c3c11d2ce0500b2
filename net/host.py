"""The asyncio TCP host: connections, bots, timers and saves around the sans-I/O core.

A thin shell around the sans-I/O parts: `net.server` (players, hello, the lobby and
every decision), `net.table` (the table model), `net.protocol` (codec, checks),
`net.console` (/commands), `net.saves` (files).

>>> host = Host(name="den", bot_level="random")
>>> await host.start(bind="127.0.0.1", port=0)     # port 0: any free port
>>> host.port
>>> await host.stop()
"""

from __future__ import annotations

import asyncio
import logging
import socket
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Awaitable, Callable

from hearts.bots import hint as bot_hint
from hearts.bots import make_bot
from hearts.engine import Action, MoonChoice, Pass, Phase, Play, Rules, View, action_from_wire

from . import saves
from .guard import Guard
from .history import History, history_record
from .interfaces import local_addresses
from .limits import DEFAULT_LIMITS, Limits
from .protocol import (DEFAULT_PORT, PROTOCOL_VERSION, Decoder, Message, ProtocolError, encode,
                       error, map_header, pack_pairs)
from .savecheck import check_saved_table
from .server import Player, ServerCore
from .table import Change, Table, TableState, events_for
from .views import public_part, public_pairs, seat_pairs, view_bytes, watcher_pairs

log = logging.getLogger("hearts.host")
# an update is packed from parts: its six-pair header with "type", the table's shared
# pairs, then "events" and "view" per member
_UPDATE_HEAD = map_header(6) + encode("type") + encode("update")
_EVENTS_KEY = encode("events")
_VIEW_KEY = encode("view")
_NIL = encode(None)

# change kinds that come from game actions alone: saved by appending to the table's log
ACTION_CHANGES = frozenset({"passed", "cards_received", "card_played", "trick_taken",
                            "hearts_broken", "moon_shot", "moon_chosen", "tram", "timer", "chat"})


class Connection(asyncio.Protocol):
    """One TCP connection: bytes in through the Decoder, messages out through `send`."""

    pool = "game"           # whose connection budget it counts in (net.guard)

    def __init__(self, host: "Host") -> None:
        self.host = host
        self.decoder = Decoder(host.limits)
        self.transport: asyncio.Transport | None = None
        self.player: Player | None = None
        self.addr = ""
        self.last_seen = 0.0
        self.closed = False
        self._hello_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # uvloop's transport is not an asyncio.Transport subclass, but has its methods
        self.transport = transport  # type: ignore[assignment]
        peer = transport.get_extra_info("peername")
        self.addr = peer[0] if peer else ""
        sock = transport.get_extra_info("socket")
        if sock is not None:
            try:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            except OSError:
                pass
        loop = asyncio.get_running_loop()
        self.last_seen = loop.time()
        if not self.host.guard.admit(self, self.last_seen):
            return
        self._hello_timer = loop.call_later(self.host.limits.hello_timeout, self._hello_timeout)
        self.host._connections.add(self)
        self.host.core.connections = len(self.host._connections)

    def _hello_timeout(self) -> None:
        if self.player is None and not self.closed:
            self.fail(error("hello-timeout", "no hello was received in time", "hello"))

    def data_received(self, data: bytes) -> None:
        if self.closed:
            return
        try:
            messages = self.decoder.feed(data)
        except ProtocolError as e:
            self.fail(error(e.code, e.message))
            return
        self.deliver(messages)

    def deliver(self, messages: list[Any], others: int = 0) -> None:
        """Hand whole decoded messages to the host within the message rate (``others``:
        more frames that count toward it, like a WebSocket's pings)."""
        if not messages and not others:
            return
        now = self.host._loop.time()
        if messages:
            # only whole messages count as life: a client dribbling a frame byte by byte
            # is closed by the heartbeat like a silent one
            self.last_seen = now
        if not self.host.guard.messages(self, len(messages) + others, now):
            return
        for raw in messages:
            if self.closed:
                return
            self.host._on_message(self, raw)

    def send(self, msg: Message) -> None:
        self.send_bytes(encode(msg))

    def send_bytes(self, data: bytes) -> None:
        t = self.transport
        if self.closed or t is None or t.is_closing():
            return
        t.write(data)
        if t.get_write_buffer_size() > self.host.limits.max_write_buffer:
            log.warning("dropping %s: it does not read its messages", self.addr)
            self.closed = True
            t.abort()

    def fail(self, msg: Message) -> None:
        """Send a last error and close."""
        self.send(msg)
        self.close()

    def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.close()
        self.closed = True

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if self._hello_timer is not None:
            self._hello_timer.cancel()
        self.host._connections.discard(self)
        self.host.guard.release(self)
        self.host._on_lost(self)


def decide(bot: Any, view: View, budget: float) -> Action:
    """A bot's action for ``view`` (runs in the bot thread pool)."""
    if view.phase == Phase.PASS:
        return Pass(view.seat, tuple(bot.choose_pass(view, budget)))
    if view.phase == Phase.MOON_CHOICE:
        return MoonChoice(view.seat, bot.choose_moon(view, budget))
    return Play(view.seat, bot.choose_play(view, budget))


@dataclass
class BotSlot:
    """The bot object that plays a seat, kept while its level stays the same."""

    level: str
    bot: Any


@dataclass
class TableRuntime:
    """What the host keeps for one table besides the table itself: its clock, the bots
    playing its seats (and which are thinking now), its save store and how much of the
    game log is saved. Closed together when the table closes."""

    timer: asyncio.TimerHandle | None = None
    bots: dict[int, BotSlot] = field(default_factory=dict)
    thinking: set[int] = field(default_factory=set)
    store: saves.TableStore | None = None
    saved_len: int | None = None

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
                 session: str | None = None) -> None:
        self.guard = Guard(limits)
        self.core = ServerCore(name, rules, limits, bot_level, seed, self.guard)
        # the finished games: with the saves (or in ``history_dir``, or in memory)
        self.history = self.core.history = History(history_dir or save_dir, session)
        self.name = self.core.name
        self.rules = self.core.rules
        self.bot_level = bot_level
        self.save_dir = Path(save_dir) if save_dir else None
        self.limits = limits
        self._connections: set[Connection] = set()
        self._server: asyncio.base_events.Server | None = None
        self._web: asyncio.base_events.Server | None = None    # the browser side (net.web)
        self._loop: asyncio.AbstractEventLoop = None  # type: ignore[assignment]
        self._pool = ThreadPoolExecutor(max_workers=bot_workers, thread_name_prefix="bot")
        self._runtime: dict[int, TableRuntime] = {}
        self._tasks: set[asyncio.Future[Any]] = set()
        self._heartbeat: asyncio.Task[None] | None = None
        self.properties_listener: Callable[[dict[str, str]], Awaitable[None]] | None = None
        self._last_props: dict[str, str] | None = None
        self._props_handle: asyncio.TimerHandle | None = None
        self._lobby_handle: asyncio.TimerHandle | None = None
        self._save_failed = False

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
        ``web_port`` (0: a free one) also serves the browser client there (`net.web`)."""
        self._loop = asyncio.get_running_loop()
        if web_port is not None:            # first: when its port is taken, nothing is done
            from .web import start_web
            self._web = await start_web(self, bind, web_port)
        if self.history.save_dir is not None:
            self.history.save_dir.mkdir(parents=True, exist_ok=True)
            self.history.load()
        if self.save_dir is not None:
            self.save_dir.mkdir(parents=True, exist_ok=True)
            if resume:
                self._resume()
            # never reuse the number of a file already there: a new table must not
            # overwrite a save (good or not) that was not resumed
            ids = saves.saved_ids(self.save_dir)
            left = [i for i in ids if i not in self.tables]
            if left and not resume:
                log.info("%d saved table(s) in %s are kept; start with --resume to bring them "
                         "back", len(left), self.save_dir)
            self.core.next_table = max([self.core.next_table, *(i + 1 for i in ids)])
        try:
            self._server = await self._loop.create_server(lambda: Connection(self), bind, port,
                                                          reuse_address=True)
        except OSError:
            if self._web is not None:
                self._web.close()
                self._web = None
            raise
        if self._web is not None:
            await self._web.start_serving()
        self._heartbeat = self._loop.create_task(self._heartbeats())
        for table in self.tables.values():
            self._arm(table)
            self._schedule_bots(table)
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
        self.core.stopping = True
        for server in (self._server, self._web):
            if server is not None:
                server.close()
        if self._heartbeat is not None:
            self._heartbeat.cancel()
        for rt in self._runtime.values():
            if rt.timer is not None:
                rt.timer.cancel()
        if self._props_handle is not None:
            self._props_handle.cancel()
        if self._lobby_handle is not None:
            self._lobby_handle.cancel()
        for table in self.tables.values():
            self._save(table)
        for rt in self._runtime.values():
            if rt.store is not None:
                rt.store.close()
        for conn in list(self._connections):
            conn.send({"type": "bye", "reason": "the host is shutting down"})
            conn.close()
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._server is not None:
            try:
                await asyncio.wait_for(self._server.wait_closed(), 2)
            except (asyncio.TimeoutError, Exception):
                pass
        self._pool.shutdown(wait=False, cancel_futures=True)
        log.info("host stopped")

    def _spawn(self, coro: Awaitable[Any]) -> asyncio.Future[Any]:
        task = asyncio.ensure_future(coro, loop=self._loop)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _heartbeats(self) -> None:
        """Ping every ``heartbeat_interval``; close a connection silent for
        ``heartbeat_timeout``, checked every ``silence_check`` (so at most that late)."""
        ping = encode({"type": "ping"})
        lim = self.limits
        step = min(lim.silence_check, lim.heartbeat_interval)
        next_ping = self._loop.time() + lim.heartbeat_interval
        while True:
            await asyncio.sleep(step)
            now = self._loop.time()
            pinging = now >= next_ping
            if pinging:
                next_ping = now + lim.heartbeat_interval
                self.guard.sweep(self.core, now)
                self._carry_out()
            for conn in list(self._connections):
                if now - conn.last_seen > lim.heartbeat_timeout:
                    log.info("closing silent connection from %s", conn.addr)
                    conn.close()
                    if conn.transport is not None:
                        conn.transport.abort()
                elif pinging and conn.player is not None:
                    conn.send_bytes(ping)

    # -- discovery properties ------------------------------------------------------------------
    def txt_properties(self) -> dict[str, str]:
        """The TXT record for LAN discovery, all strings."""
        open_table = next((t for t in self.tables.values() if t.free_seats()), None)
        rules = (open_table.rules if open_table else self.rules).summary()
        return {
            "version": str(PROTOCOL_VERSION),
            "name": self.name,
            "tables": str(len(self.tables)),
            "seats": str(sum(t.free_seats() for t in self.tables.values())),
            "players": str(sum(t.humans() for t in self.tables.values())),
            "rules": rules[:60],
            "playing": "1" if any(t.running for t in self.tables.values())
            else "0",
            **({"web": str(self.web_port)} if self.web_port else {}),
        }

    def _properties_maybe_changed(self) -> None:
        """The table list changed: refresh the lobby and the LAN advertisement (debounced)."""
        if self._lobby_handle is None and not self.stopping:
            self._lobby_handle = self._loop.call_later(self.guard.lobby_delay(self._loop.time()),
                                                       self._push_lobby)
        if self.properties_listener is None or self._props_handle is not None:
            return
        self._props_handle = self._loop.call_later(0.5, self._push_properties)

    def _push_lobby(self) -> None:
        """Send the table list to everyone who is not at a table."""
        self._lobby_handle = None
        self.guard.push_lobby(self)            # paced and chunked: see net.guard

    def _push_properties(self) -> None:
        self._props_handle = None
        props = self.txt_properties()
        if props != self._last_props and self.properties_listener is not None:
            self._last_props = props
            self._spawn(self.properties_listener(props))

    # -- connections: the core decides, the host carries it out ------------------------------
    def _on_message(self, conn: Connection, raw: Any) -> None:
        self.core.handle(conn, raw, self._loop.time())
        if conn.player is not None and conn._hello_timer is not None:
            conn._hello_timer.cancel()
            conn._hello_timer = None
        self._carry_out()

    def _on_lost(self, conn: Connection) -> None:
        self.core.connections = len(self._connections)
        self.core.lost(conn, self._loop.time())
        self._carry_out()

    def _carry_out(self) -> None:
        """Do what the core decided: send, close, flush tables, close tables, give hints."""
        out = self.core.take()
        if not out:
            return
        for peer, msg in out.messages:
            peer.send(msg)
        for peer in out.closing:
            peer.close()
        for tid in out.touched:
            table = self.tables.get(tid)
            if table is not None:
                self._flush(table)
        for tid, keep_save in out.closed_tables:
            self._closed(tid, keep_save)
        for player, view in out.hints:
            self._spawn(self._hint(player, view))

    def _now(self) -> float:
        return self._loop.time()

    def _closed(self, table_id: int, keep_save: bool) -> None:
        """Forget a closed table's clock, bots and save store (its files go unless kept)."""
        rt = self._runtime.pop(table_id, None)
        if rt is not None:
            rt.close(keep_save)
        if (rt is None or rt.store is None) and self.save_dir is not None and not keep_save:
            saves.remove_table(self.save_dir, table_id)
        self._properties_maybe_changed()

    def runtimes(self) -> list[TableRuntime]:
        """Every table's runtime record (for leak checks)."""
        return list(self._runtime.values())

    def runtime(self, table: Table) -> TableRuntime:
        """``table``'s runtime record (made on first use)."""
        rt = self._runtime.get(table.id)
        if rt is None:
            rt = self._runtime[table.id] = TableRuntime()
        return rt

    async def _hint(self, player: Player, view: View) -> None:
        try:
            h = await self._loop.run_in_executor(self._pool, bot_hint, view,
                                                 self.limits.bot_budget)
        except Exception as e:
            log.warning("hint failed: %s", e)
            return
        self.core.send(player, {"type": "hint", "cards": [str(c) for c in h.cards],
                                "reason": h.reason, "moon": h.moon})
        self._carry_out()

    # -- the core's state, as the host's -----------------------------------------------------
    @property
    def tables(self) -> dict[int, Table]:
        return self.core.tables

    @property
    def players(self) -> dict[str, Player]:
        return self.core.players

    @property
    def actions(self) -> int:
        return self.core.actions

    @actions.setter
    def actions(self, n: int) -> None:
        self.core.actions = n

    def dispatch(self, player: Player, msg: Message) -> None:
        """Carry out one checked intent for ``player`` and send what follows."""
        self.core.now = self._now()
        try:
            self.core.dispatch(player, msg)
        finally:
            if player.table is not None:
                self.core.out.touched[player.table] = None
            self._carry_out()

    # -- the operator (the host's own console) -------------------------------------------
    def announce(self, text: str, table_id: int | None = None) -> int:
        """Say ``text`` as "host" at one table or at every table; returns how many."""
        n = self.core.announce(text, table_id)
        self._carry_out()
        return n

    def operator_kick(self, table: Table, seat: int) -> None:
        """Kick the person in ``seat`` with the owner's power."""
        self.core.now = self._now()
        self.core.operator_kick(table, seat)
        self._carry_out()

    def operator_end(self, table: Table) -> None:
        self.core.operator_end(table)
        self._carry_out()

    def close_table(self, table_id: int, reason: str) -> None:
        """Send everyone away from a table and remove it (and its save)."""
        self.core.close_table(table_id, reason)
        self._carry_out()

    def tables_message(self) -> Message:
        return self.core.tables_message()


    # -- sending -------------------------------------------------------------------------
    def _flush(self, table: Table) -> None:
        """Send a table's queued changes to everyone there, save it, run its clocks and bots."""
        changes, seats_changed, finished = table.flush()
        if not changes and not seats_changed:
            return
        # saved before anyone hears of it: a crash loses at most the action in flight
        self._save(table, {c.event["type"] for c in changes} if not seats_changed else None)
        timer = table.timer(self._now())
        members = []
        for token, seat in table.member_seats():
            player = self.players.get(token)
            if player is not None and player.conn is not None and player.table == table.id:
                members.append((player.conn, seat))
        if changes:
            self._send_update(table, changes, timer, members)
        if seats_changed:
            full = table.full()
            hand = table.current_hand()
            public = public_part(hand) if hand is not None else None
            for conn, seat in members:
                conn.send(self.core.table_message(table, conn.player, seat, full, public))
        if finished:
            self._history(table)
        self._arm(table)
        self._schedule_bots(table)
        if seats_changed:
            self._properties_maybe_changed()

    def _send_update(self, table: Table, changes: list[Change], timer: Any,
                     members: list[tuple[Connection, int | None]]) -> None:
        """One `update` to each member, packed from parts shared where they can be: the
        header, the public view and (when no change is private) the events."""
        hand = table.current_hand()
        head = _UPDATE_HEAD + pack_pairs({"table": table.id, "seq": table.seq, "timer": timer})
        public = public_pairs(hand) if hand is not None else None
        shared = None
        if all(c.seat is None for c in changes):
            shared = encode([c.event for c in changes])
        for conn, seat in members:
            events = shared or encode(events_for(changes, seat))
            if public is None:
                view = _NIL
            elif seat is None:
                view = view_bytes(public, watcher_pairs(hand, table.reveal_to_watchers()))
            else:
                view = view_bytes(public, seat_pairs(hand, seat, table.reveal_for(seat)))
            conn.send_bytes(b"".join((head, _EVENTS_KEY, events, _VIEW_KEY, view)))

    # -- saves ----------------------------------------------------------------------------
    def _save(self, table: Table, kinds: set[str] | None = None) -> None:
        """Save after a change: append the new game actions to the table's log when only
        game actions happened (``kinds`` ⊆ ACTION_CHANGES), else write a new snapshot."""
        if self.save_dir is None:
            return
        rt = self.runtime(table)
        store = rt.store
        game = table.game
        saved = rt.saved_len
        try:
            if (store is None or kinds is None or not kinds <= ACTION_CHANGES or game is None
                    or saved is None or len(game.log) < saved):
                if store is None:
                    store = rt.store = saves.TableStore(self.save_dir, table.id)
                store.snapshot(table.to_dict())
            elif len(game.log) > saved:
                store.append([[i, game.log[i].to_wire()]
                              for i in range(saved, len(game.log))])
            rt.saved_len = len(game.log) if game is not None else None
            self._save_failed = False
        except saves.SaveError as e:
            if not self._save_failed:
                log.error("%s", e)
            self._save_failed = True
            rt.saved_len = None                   # snapshot next time

    def _history(self, table: Table) -> None:
        if table.game is not None:
            self.history.add(history_record(table))

    def _resume(self) -> None:
        assert self.save_dir is not None
        now = self._loop.time()
        for path, data, problem in saves.load_tables(self.save_dir):
            if problem:
                log.error("%s", problem)
                continue
            assert data is not None
            try:
                check_saved_table(data)         # whole and consistent, or not loaded at all
                table = Table.from_dict(data, now, self.limits.drop_grace)
            except Exception as e:
                log.error("%s could not be restored (%s); it was left as it is", path,
                          str(e) or type(e).__name__)
                continue
            self._replay_log(table)
            self.tables[table.id] = table
            self._save(table)                   # a fresh snapshot; the log starts again
            self.core.next_table = max(self.core.next_table, table.id + 1)
            for s in table.seats:
                if s.kind == "human" and s.token:
                    p = Player(self.core.next_player, s.token, s.name or "player",
                               table=table.id, pid=table.ids.get(s.token, ""))
                    self.core.next_player += 1
                    self.players[s.token] = p
            log.info("resumed table %d %r (%s, hand %s)", table.id, table.name, table.state,
                     table.game.hand_number + 1 if table.game else "-")

    def _replay_log(self, table: Table) -> None:
        """Apply the game actions logged after the table's snapshot."""
        assert self.save_dir is not None
        path = saves.log_path(self.save_dir, table.id)
        entries, cut = saves.read_log(path)
        game = table.game
        applied = 0
        if game is not None:
            for index, action in entries:
                if index < len(game.log):
                    continue                    # already in the snapshot
                if index > len(game.log) or game.over:
                    log.warning("%s skips an action; the rest of it was ignored", path)
                    break
                try:
                    game.apply(action_from_wire(action))
                except Exception:               # refused, or not an action at all
                    log.warning("%s holds an action the game refuses; the rest of it was "
                                "ignored", path)
                    break
                applied += 1
            if applied:
                table.version += 1
                if game.over:
                    table.state = TableState.OVER
                table._update_deadlines(self._loop.time())
        if cut:
            log.warning("the last entry of %s was incomplete (the action in flight when the "
                        "host stopped) and was ignored", path)

    # -- clocks and bots --------------------------------------------------------------------
    def _arm(self, table: Table) -> None:
        rt = self.runtime(table)
        if rt.timer is not None:
            rt.timer.cancel()
            rt.timer = None
        when = table.next_deadline()
        if when is not None and not self.stopping:
            rt.timer = self._loop.call_at(when, self._on_clock, table.id)

    def _on_clock(self, table_id: int) -> None:
        table = self.tables.get(table_id)
        if table is not None:
            self.runtime(table).timer = None
        if table is None:
            return
        table.tick(self._now())
        self._flush(table)
        self._arm(table)
        self._schedule_bots(table)

    def _fallback_now(self, table: Table, seat: int, version: int) -> None:
        """A random legal move for a seat whose bot did not answer in time."""
        if self.stopping or self.tables.get(table.id) is not table or version != table.version:
            return
        if table.bot_move(seat, table.fallback_action(seat), version, self._now()):
            self.actions += 1
            self._flush(table)

    def _schedule_bots(self, table: Table) -> None:
        if self.stopping or table.game is None:
            return
        now = self._now()
        rt = self.runtime(table)
        for seat in table.bot_seats(now):
            if seat in rt.thinking:
                continue
            rt.thinking.add(seat)
            s = table.seats[seat]
            level = s.level or self.bot_level
            slot = rt.bots.get(seat)
            if slot is None or slot.level != level:
                try:
                    bot = make_bot(level, f"{table.bot_seed}/{seat}")
                except ValueError:
                    bot = make_bot("random", f"{table.bot_seed}/{seat}")
                slot = rt.bots[seat] = BotSlot(level, bot)
            view = table.game.hand.view(seat)
            self._spawn(self._bot_move(table, rt, seat, slot.bot, view, table.version))

    async def _bot_move(self, table: Table, rt: TableRuntime, seat: int, bot: Any, view: View,
                        version: int) -> None:
        budget = self.limits.bot_budget
        fut = self._loop.run_in_executor(self._pool, decide, bot, view, budget)
        try:
            action = await asyncio.wait_for(asyncio.shield(fut), budget * 3 + 1.0)
        except asyncio.CancelledError:
            rt.thinking.discard(seat)
            raise
        except asyncio.TimeoutError:
            log.warning("bot at table %d seat %d overran its %.2f s budget; playing a legal "
                        "card", table.id, seat, budget)
            action = None
        except Exception as e:
            log.warning("bot at table %d seat %d failed (%s); playing a legal card",
                        table.id, seat, e)
            action = None
        if not fut.done():
            # the seat's bot object is still thinking in its thread: move for it now, and
            # let the seat have its next bot move only once that thread is free again
            self._fallback_now(table, seat, version)
            try:
                await fut
            except Exception:
                pass
            rt.thinking.discard(seat)
            if not self.stopping and self.tables.get(table.id) is table:
                self._schedule_bots(table)
            return
        rt.thinking.discard(seat)
        if self.stopping or self.tables.get(table.id) is not table:
            return
        if action is None:
            if version != table.version:
                self._schedule_bots(table)
                return
            action = table.fallback_action(seat)
        if table.bot_move(seat, action, version, self._now()):
            self.actions += 1
            self._flush(table)
        else:
            self._schedule_bots(table)


__all__ = ["Host", "Player", "local_addresses", "decide"]
