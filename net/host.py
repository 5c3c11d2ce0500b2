"""The asyncio TCP host: connections, players, many tables, bots, timers and saves.

A thin shell around the sans-I/O parts: `net.protocol` (codec, checks),
`net.table` (the table model), `net.console` (/commands), `net.saves` (files).

>>> host = Host(name="den", bot_level="random")
>>> await host.start(bind="127.0.0.1", port=0)     # port 0: any free port
>>> host.port
>>> await host.stop()
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import socket
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Awaitable, Callable

from hearts.bots import hint as bot_hint
from hearts.bots import make_bot
from hearts.engine import (Action, MoonChoice, Pass, Phase, Play, Rules, RulesError, View,
                           action_from_wire)

from . import saves
from .errors import NetError
from .guard import Guard, check_password, hash_password
from .interfaces import local_addresses
from .limits import DEFAULT_LIMITS, Limits
from .savecheck import check_saved_table
from .protocol import (DEFAULT_PORT, PROTOCOL_VERSION, Decoder, Message, ProtocolError,
                       check_intent, clean_name, clean_text, encode, error, intent_action,
                       map_header,
                       pack_pairs, version_error)
from .table import OPERATOR, Change, Table, TableError, TableState, events_for
from .views import WATCHER_PAIRS, public_part, public_pairs, seat_pairs, view_bytes

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


@dataclass(eq=False)
class Player:
    """A person known to the host, by token; ``conn`` is None while disconnected."""

    id: int
    token: str
    name: str
    conn: "Connection | None" = None
    table: int | None = None
    addr: str = ""


class Connection(asyncio.Protocol):
    """One TCP connection: bytes in through the Decoder, messages out through `send`."""

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
        self.transport = transport  # type: ignore[assignment]  (uvloop's is not a subclass)
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
        if messages:
            # only whole messages count as life: a client dribbling a frame byte by byte
            # is closed by the heartbeat like a silent one
            self.last_seen = now = self.host._loop.time()
            if not self.host.guard.messages(self, len(messages), now):
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
class _BotSlot:
    level: str
    bot: Any


class Host:
    """A Hearts host: many tables in one process, saved after every action."""

    def __init__(self, name: str = "Hearts", rules: Rules | None = None,
                 save_dir: str | Path | None = None, limits: Limits = DEFAULT_LIMITS,
                 bot_level: str = "normal", bot_workers: int = 2,
                 seed: int | None = None) -> None:
        self.name = clean_name(name, limits.max_name) or "Hearts"
        self.rules = rules or Rules()
        self.save_dir = Path(save_dir) if save_dir else None
        self.limits = limits
        self.bot_level = bot_level
        self.seed = seed
        self.tables: dict[int, Table] = {}
        self.players: dict[str, Player] = {}      # token -> player
        self._connections: set[Connection] = set()
        self._next_table = 1
        self._next_player = 1
        self._server: asyncio.base_events.Server | None = None
        self._loop: asyncio.AbstractEventLoop = None  # type: ignore[assignment]
        self._pool = ThreadPoolExecutor(max_workers=bot_workers, thread_name_prefix="bot")
        self._bots: dict[tuple[int, int], _BotSlot] = {}
        self._inflight: set[tuple[int, int]] = set()
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task] = set()
        self._heartbeat: asyncio.Task | None = None
        self._games = 0
        self.actions = 0
        self.properties_listener: Callable[[dict[str, str]], Awaitable[None]] | None = None
        self._last_props: dict[str, str] | None = None
        self._props_handle: asyncio.TimerHandle | None = None
        self._lobby_handle: asyncio.TimerHandle | None = None
        self._save_failed = False
        self.guard = Guard(limits)
        self._stores: dict[int, saves.TableStore] = {}
        self._saved_len: dict[int, int | None] = {}
        self.stopping = False

    # -- life cycle ----------------------------------------------------------------------
    async def start(self, bind: str | None = "0.0.0.0", port: int = DEFAULT_PORT,
                    resume: bool = False) -> None:
        """Listen on ``bind``:``port`` (0: a free port, see `port`); ``resume`` loads saves."""
        self._loop = asyncio.get_running_loop()
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
            self._next_table = max([self._next_table, *(i + 1 for i in ids)])
        self._server = await self._loop.create_server(lambda: Connection(self), bind, port,
                                                      reuse_address=True)
        self._heartbeat = self._loop.create_task(self._heartbeats())
        for table in self.tables.values():
            self._arm(table)
            self._schedule_bots(table)
        log.info("hosting %r on port %d", self.name, self.port)

    @property
    def port(self) -> int:
        assert self._server is not None and self._server.sockets
        return self._server.sockets[0].getsockname()[1]

    def addresses(self) -> list[str]:
        """host:port strings a person can type to join."""
        assert self._server is not None
        bound = {s.getsockname()[0] for s in self._server.sockets}
        addrs: list[str] = []
        for b in bound:
            if b in ("0.0.0.0", "::"):
                addrs.extend(local_addresses())
            else:
                addrs.append(b)
        out = []
        for a in dict.fromkeys(addrs):
            out.append(f"[{a}]:{self.port}" if ":" in a else f"{a}:{self.port}")
        return out

    async def serve_forever(self) -> None:
        assert self._server is not None
        await self._server.serve_forever()

    async def stop(self) -> None:
        """Stop listening, save every table, close every connection."""
        if self.stopping:
            return
        self.stopping = True
        if self._server is not None:
            self._server.close()
        if self._heartbeat is not None:
            self._heartbeat.cancel()
        for h in self._timers.values():
            h.cancel()
        if self._props_handle is not None:
            self._props_handle.cancel()
        if self._lobby_handle is not None:
            self._lobby_handle.cancel()
        for table in self.tables.values():
            self._save(table)
        for store in self._stores.values():
            store.close()
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

    def _spawn(self, coro: Awaitable[Any]) -> asyncio.Task:
        task = self._loop.create_task(coro)  # type: ignore[arg-type]
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _heartbeats(self) -> None:
        ping = encode({"type": "ping"})
        lim = self.limits
        while True:
            await asyncio.sleep(lim.heartbeat_interval)
            now = self._loop.time()
            self.guard.sweep(self, now)
            for conn in list(self._connections):
                if now - conn.last_seen > lim.heartbeat_timeout:
                    log.info("closing silent connection from %s", conn.addr)
                    conn.close()
                    if conn.transport is not None:
                        conn.transport.abort()
                elif conn.player is not None:
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
            "rules": rules[:60],
            "playing": "1" if any(t.running for t in self.tables.values())
            else "0",
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

    # -- connections ---------------------------------------------------------------------
    def _on_message(self, conn: Connection, raw: Any) -> None:
        try:
            msg = check_intent(raw, self.limits)
        except ProtocolError as e:
            ref = raw.get("type") if isinstance(raw, dict) and isinstance(raw.get("type"), str) \
                else None
            conn.send(error(e.code, e.message, ref[:32] if ref else None))
            return
        kind = msg["type"]
        if conn.player is None:
            if kind != "hello":
                conn.fail(error("hello-first", "the first message must be a hello", kind))
                return
            self._hello(conn, msg)
            return
        if kind == "ping":
            conn.send({"type": "pong"})
            return
        if kind in ("pong", "hello"):
            return
        player = conn.player
        before = player.table
        try:
            self.dispatch(player, msg)
        except NetError as e:
            conn.send(error(e.code, e.message, kind))
        except Exception:  # a bug must cost one request, not the host
            log.exception("failed on %r from %s", kind, player.name)
            conn.send(error("internal", "the host failed on this request; the failure was "
                                        "logged", kind))
        for tid in {before, player.table}:
            if tid is not None and tid in self.tables:
                self._flush(self.tables[tid])

    def _hello(self, conn: Connection, msg: Message) -> None:
        if msg["version"] != PROTOCOL_VERSION:
            conn.fail(version_error(msg["version"]))
            return
        name = clean_name(msg["name"], self.limits.max_name)
        if not name:
            conn.send(error("bad-name", "choose a name with at least one letter or digit",
                            "hello"))
            return
        if len(self._connections) > self.limits.max_connections:
            conn.fail(error("limit", "the host has too many connections; try again later",
                            "hello"))
            return
        if conn._hello_timer is not None:
            conn._hello_timer.cancel()
            conn._hello_timer = None
        token = msg.get("token")
        player = self.players.get(token) if token else None
        if player is not None:
            if player.conn is not None and player.conn is not conn:
                old = player.conn
                old.player = None
                old.fail(error("replaced", "you connected again from elsewhere; this "
                                           "connection is closed"))
        else:
            player = Player(self._next_player, secrets.token_urlsafe(12),
                            self._unique_name(name))
            self._next_player += 1
            self.players[player.token] = player
        player.conn = conn
        player.addr = conn.addr
        conn.player = player
        conn.send({"type": "welcome", "version": PROTOCOL_VERSION, "host": self.name,
                   "name": player.name, "token": player.token, "player": player.id})
        conn.send(self._tables_msg())
        log.info("%s joined from %s", player.name, conn.addr)
        if player.table is not None and player.table in self.tables:
            table = self.tables[player.table]
            now = self._loop.time()
            if table.reconnect(player.token, now) is None and player.token not in table.watchers:
                player.table = None
            else:
                self._send_table(table, player)
                self._flush(table)

    def _unique_name(self, name: str) -> str:
        taken = {p.name for p in self.players.values()}
        if name.lower() == "host":   # the name of the host's own notices
            taken.add(name)
        if name not in taken:
            return name
        n = 2
        while f"{name[: self.limits.max_name - 3]}#{n}" in taken:
            n += 1
        return f"{name[: self.limits.max_name - 3]}#{n}"

    def _on_lost(self, conn: Connection) -> None:
        player = conn.player
        if player is None or player.conn is not conn:
            return
        player.conn = None
        conn.player = None
        if self.stopping:
            return
        log.info("%s disconnected", player.name)
        table = self.tables.get(player.table) if player.table is not None else None
        if table is None:
            self.players.pop(player.token, None)
            return
        table.drop(player.token, self._loop.time())
        if table.seat_of(player.token) is None:
            player.table = None
            self.players.pop(player.token, None)
        self._flush(table)
        self._maybe_close(table)

    # -- intents -------------------------------------------------------------------------
    def dispatch(self, player: Player, msg: Message) -> None:
        """Carry out one checked intent for ``player``; raises TableError when refused."""
        handler = getattr(self, "_do_" + msg["type"], None)
        if handler is None:
            raise TableError("unknown-type", f"the host does not handle {msg['type']!r}")
        handler(player, msg)

    def _table_of(self, player: Player) -> Table:
        if player.table is None or player.table not in self.tables:
            raise TableError("not-at-table", "you are not at a table; create or join one first")
        return self.tables[player.table]

    def _get_table(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise TableError("no-table", f"there is no table {table_id}")
        return table

    def _now(self) -> float:
        return self._loop.time()

    def _do_list_tables(self, player: Player, msg: Message) -> None:
        self._send(player, self._tables_msg())

    def _do_create_table(self, player: Player, msg: Message) -> None:
        if len(self.tables) >= self.limits.max_tables:
            raise TableError("limit", f"the host already has {len(self.tables)} tables, its limit")
        rules = self.rules
        changes = msg.get("rules")
        if changes:
            try:
                rules = rules.with_changes(changes)
            except RulesError as e:
                raise TableError("rules", str(e)) from None
        self._leave_current(player)
        tid = self._next_table
        self._next_table += 1
        name = msg.get("name") or f"{player.name}'s table"
        table = Table(tid, name, rules, bot_level=self.bot_level,
                      drop_grace=self.limits.drop_grace)
        table.owner = player.token
        table.password = hash_password(msg.get("password"))
        self.tables[tid] = table
        table.sit(player.token, player.name, msg.get("seat") or 0, self._now())
        player.table = tid
        log.info("%s created table %d (%s)", player.name, tid, rules.summary())
        self._send_table(table, player)

    def _leave_current(self, player: Player, why: str = "left") -> None:
        if player.table is None:
            return
        table = self.tables.get(player.table)
        player.table = None
        if table is None:
            return
        table.leave(player.token, self._now(), why)
        self._send(player, {"type": "left", "table": table.id, "reason": why})
        self._flush(table)
        self._maybe_close(table)

    def _maybe_close(self, table: Table, keep_save: bool = False) -> None:
        """A table with nobody left (seated, dropped or watching) is closed; its save files
        go too unless ``keep_save`` (a game nobody came back to: `--resume` can still)."""
        if table.members() or self.stopping:
            return
        self.tables.pop(table.id, None)
        h = self._timers.pop(table.id, None)
        if h:
            h.cancel()
        for key in [k for k in self._bots if k[0] == table.id]:
            del self._bots[key]
        store = self._stores.pop(table.id, None)
        self._saved_len.pop(table.id, None)
        if store is not None:
            store.close() if keep_save else store.remove()
        elif self.save_dir is not None and not keep_save:
            saves.remove_table(self.save_dir, table.id)
        log.info("table %d closed", table.id)
        self._properties_maybe_changed()

    def _do_sit(self, player: Player, msg: Message) -> None:
        table = self._get_table(msg["table"])
        if player.table != table.id:
            table._check_not_kicked(player.token, player.name)
            check_password(table, msg.get("password"))
            self._leave_current(player)
        seat = table.sit(player.token, player.name, msg.get("seat"), self._now())
        player.table = table.id
        log.info("%s sat at table %d seat %d", player.name, table.id, seat)
        self._send_table(table, player)

    def _do_watch(self, player: Player, msg: Message) -> None:
        table = self._get_table(msg["table"])
        if player.table != table.id:
            table._check_not_kicked(player.token, player.name)
            check_password(table, msg.get("password"))
            self._leave_current(player)
        table.watch(player.token, player.name)
        player.table = table.id
        self._send_table(table, player)

    def _do_leave(self, player: Player, msg: Message) -> None:
        if player.table is None:
            raise TableError("not-at-table", "you are not at a table")
        self._leave_current(player)

    def _do_pass(self, player: Player, msg: Message) -> None:
        self._act(player, msg)

    _do_play = _do_moon = _do_claim = _do_pass

    def _act(self, player: Player, msg: Message) -> None:
        table = self._table_of(player)
        action = intent_action(msg, table.player_seat(player.token))
        table.act(player.token, action, self._now())
        self.actions += 1

    def _do_undo(self, player: Player, msg: Message) -> None:
        self._table_of(player).undo(player.token, self._now())

    def _do_hint(self, player: Player, msg: Message) -> None:
        table = self._table_of(player)
        seat = table.seat_of(player.token)
        if seat is None:
            raise TableError("not-seated", "you are watching, not playing")
        if table.game is None or table.state != TableState.PLAYING:
            raise TableError("state", "no game is running at this table")
        view = table.game.hand.view(seat)
        if seat not in table.waiting_for():
            raise TableError("state", "it is not your turn")
        self._spawn(self._hint(player, view))

    async def _hint(self, player: Player, view: View) -> None:
        try:
            h = await self._loop.run_in_executor(self._pool, bot_hint, view,
                                                 min(self.limits.bot_budget, 0.5))
        except Exception as e:  # a bot bug must not take the host down
            log.exception("hint failed: %s", e)
            self._send(player, error("state", "no hint is available now", "hint"))
            return
        self._send(player, {"type": "hint", "cards": [str(c) for c in h.cards],
                            "reason": h.reason, "moon": h.moon})

    def _do_chat(self, player: Player, msg: Message) -> None:
        text = msg["text"]
        if text.startswith("/"):
            self._do_command(player, msg)
            return
        table = self._table_of(player)
        self.guard.chat(player, self._now())
        table._emit({"type": "chat", "name": player.name, "seat": table.seat_of(player.token),
                     "text": text})

    def _do_command(self, player: Player, msg: Message) -> None:
        from .console import run_command
        text, ok = run_command(self, player, msg["text"])
        self._send(player, {"type": "reply", "text": text, "ok": ok})

    # owner's commands
    def _do_start(self, player: Player, msg: Message) -> None:
        table = self._table_of(player)
        seed = None if self.seed is None else hash((self.seed, table.id, self._games)) & (2**62 - 1)
        self._games += 1
        table.start(player.token, self._now(), seed)

    def _do_pause(self, player: Player, msg: Message) -> None:
        self._table_of(player).pause(player.token, self._now())

    def _do_resume(self, player: Player, msg: Message) -> None:
        self._table_of(player).resume(player.token, self._now())

    def _do_end(self, player: Player, msg: Message) -> None:
        self._table_of(player).end_game(player.token)

    def _do_set_rules(self, player: Player, msg: Message) -> None:
        self._table_of(player).set_rules(player.token, msg["rules"])

    def _do_set_target(self, player: Player, msg: Message) -> None:
        self._table_of(player).set_target(player.token, msg["target"])

    def _do_kick(self, player: Player, msg: Message) -> None:
        table = self._table_of(player)
        victim_token = table.kick(player.token, msg["seat"], self._now())
        self._kicked(table, victim_token)

    def _kicked(self, table: Table, victim_token: str) -> None:
        victim = self.players.get(victim_token)
        if victim is not None and victim.table == table.id:
            victim.table = None
            self._send(victim, {"type": "left", "table": table.id, "reason": "kicked"})
            if victim.conn is None:
                self.players.pop(victim.token, None)
            log.info("%s was kicked from table %d", victim.name, table.id)

    def _do_set_password(self, player: Player, msg: Message) -> None:
        table = self._table_of(player)
        table.require_owner(player.token, "set the table's password")
        table.password = hash_password(msg.get("password"))
        table.seats_changed = True

    def _do_allow(self, player: Player, msg: Message) -> None:
        self._table_of(player).allow(player.token, msg["name"])

    def _do_bot(self, player: Player, msg: Message) -> None:
        table = self._table_of(player)
        level = msg.get("level")
        if level is not None:
            try:
                make_bot(level, 0)
            except ValueError as e:
                raise TableError("bad-message", str(e)) from None
        table.set_bot(player.token, msg["seat"], level)

    # -- the operator (the host's own console) -------------------------------------------
    def announce(self, text: str, table_id: int | None = None) -> int:
        """Say ``text`` as "host" at one table or at every table; returns how many."""
        text = clean_text(text, self.limits.max_chat)
        tables = [self.tables[table_id]] if table_id is not None else list(self.tables.values())
        for table in tables:
            table._emit({"type": "chat", "name": "host", "seat": None, "text": text})
            self._flush(table)
        return len(tables)

    def operator_kick(self, table: Table, seat: int) -> None:
        """Kick the person in ``seat`` with the owner's power."""
        victim = table.kick(OPERATOR, seat, self._now())
        self._kicked(table, victim)
        self._flush(table)

    def operator_end(self, table: Table) -> None:
        table.end_game(OPERATOR)
        self._flush(table)

    def close_table(self, table_id: int, reason: str) -> None:
        """Send everyone away from a table and remove it (and its save)."""
        table = self.tables.get(table_id)
        if table is None:
            return
        for token in table.members():
            player = self.players.get(token)
            if player is not None and player.table == table_id:
                player.table = None
                self._send(player, {"type": "left", "table": table_id, "reason": reason})
        table.seats = [s if s.kind != "human" else type(s)() for s in table.seats]
        table.watchers.clear()
        self._maybe_close(table)

    # -- sending -------------------------------------------------------------------------
    def _send(self, player: Player, msg: Message) -> None:
        if player.conn is not None:
            player.conn.send(msg)

    def _tables_msg(self) -> Message:
        return {"type": "tables", "tables": [t.public() for t in self.tables.values()]}

    def _table_msg(self, table: Table, player: Player, seat: int | None,
                   full: dict[str, Any] | None = None, public: dict[str, Any] | None = None
                   ) -> Message:
        """A `table` message for ``player`` at ``seat`` (``full`` and ``public`` when the
        caller has them already, for several members at once)."""
        return {"type": "table", "table": full or table.full(), "seat": seat,
                "owner": table.owner == player.token, "view": table.view_at(seat, public),
                "timer": table.timer(self._now()), "seq": table.seq}

    def _send_table(self, table: Table, player: Player) -> None:
        self._send(player, self._table_msg(table, player, table.seat_of(player.token)))

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
                conn.send(self._table_msg(table, conn.player, seat, full, public))
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
                view = view_bytes(public, WATCHER_PAIRS)
            else:
                view = view_bytes(public, seat_pairs(hand, seat, table.reveal_for(seat)))
            conn.send_bytes(b"".join((head, _EVENTS_KEY, events, _VIEW_KEY, view)))

    # -- saves ----------------------------------------------------------------------------
    def _save(self, table: Table, kinds: set[str] | None = None) -> None:
        """Save after a change: append the new game actions to the table's log when only
        game actions happened (``kinds`` ⊆ ACTION_CHANGES), else write a new snapshot."""
        if self.save_dir is None:
            return
        store = self._stores.get(table.id)
        game = table.game
        saved = self._saved_len.get(table.id)
        try:
            if (store is None or kinds is None or not kinds <= ACTION_CHANGES or game is None
                    or saved is None or len(game.log) < saved):
                if store is None:
                    store = self._stores[table.id] = saves.TableStore(self.save_dir, table.id)
                store.snapshot(table.to_dict())
            elif len(game.log) > saved:
                store.append([[i, game.log[i].to_wire()]
                              for i in range(saved, len(game.log))])
            self._saved_len[table.id] = len(game.log) if game is not None else None
            self._save_failed = False
        except saves.SaveError as e:
            if not self._save_failed:
                log.error("%s", e)
            self._save_failed = True
            self._saved_len.pop(table.id, None)   # snapshot next time

    def _history(self, table: Table) -> None:
        if self.save_dir is None or table.game is None:
            return
        game = table.game
        try:
            saves.append_history(self.save_dir, {
                "table": table.id, "name": table.name,
                "players": [s.name for s in table.seats],
                "game": game.to_dict(), "totals": list(game.totals),
                "winners": list(game.winners or [])})
        except OSError as e:
            log.error("cannot write the history in %s: %s", self.save_dir, e.strerror or e)

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
            self._next_table = max(self._next_table, table.id + 1)
            for s in table.seats:
                if s.kind == "human" and s.token:
                    p = Player(self._next_player, s.token, s.name or "player", table=table.id)
                    self._next_player += 1
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
        old = self._timers.pop(table.id, None)
        if old is not None:
            old.cancel()
        when = table.next_deadline()
        if when is not None and not self.stopping:
            self._timers[table.id] = self._loop.call_at(when, self._on_clock, table.id)

    def _on_clock(self, table_id: int) -> None:
        self._timers.pop(table_id, None)
        table = self.tables.get(table_id)
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
        for seat in table.bot_seats(now):
            key = (table.id, seat)
            if key in self._inflight:
                continue
            self._inflight.add(key)
            s = table.seats[seat]
            level = s.level or self.bot_level
            slot = self._bots.get(key)
            if slot is None or slot.level != level:
                try:
                    bot = make_bot(level, f"{table.bot_seed}/{seat}")
                except ValueError:
                    bot = make_bot("random", f"{table.bot_seed}/{seat}")
                slot = self._bots[key] = _BotSlot(level, bot)
            view = table.game.hand.view(seat)
            self._spawn(self._bot_move(table, seat, slot.bot, view, table.version))

    async def _bot_move(self, table: Table, seat: int, bot: Any, view: View,
                        version: int) -> None:
        key = (table.id, seat)
        budget = self.limits.bot_budget
        fut = self._loop.run_in_executor(self._pool, decide, bot, view, budget)
        try:
            action = await asyncio.wait_for(asyncio.shield(fut), budget * 3 + 1.0)
        except asyncio.CancelledError:
            self._inflight.discard(key)
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
            self._inflight.discard(key)
            if not self.stopping and self.tables.get(table.id) is table:
                self._schedule_bots(table)
            return
        self._inflight.discard(key)
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
