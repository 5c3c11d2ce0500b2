"""The host's decisions, sans-I/O: players, hello and reconnect, the lobby, every intent.

`ServerCore.handle(peer, raw, now)` takes one decoded value from a connection and
decides; what must happen next is collected in `ServerCore.out` (an `Outbox`):
messages for peers (some closing the connection after), tables whose changes
must be sent, tables closed, hints to compute. The asyncio `net.host.Host`
feeds the core from its sockets and carries out the outbox (sends, saves,
timers, bots); tests drive the core directly with plain objects as peers.

>>> core = ServerCore()
>>> ann = SimplePeer("10.0.0.2")
>>> core.handle(ann, {"type": "hello", "version": 1, "name": "Ann"}, now=0.0)
>>> [m["type"] for _, m in core.take().messages]
['welcome', 'tables']
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from hearts.bots import make_bot
from hearts.engine import Rules, RulesError, View

from .errors import NetError
from .guard import Guard, check_password, hash_password
from .history import History
from .limits import DEFAULT_LIMITS, Limits
from .protocol import (INTENTS, PROTOCOL_VERSION, Message, ProtocolError, check_intent,
                       clean_name, clean_text, error, intent_action, version_error)
from .stats import guest_id, person_id
from .table import OPERATOR, Table, TableError

log = logging.getLogger("hearts.host")


class Peer(Protocol):
    """What the core knows of a connection: its address, the player who said hello, and
    the two things the host does with it (send a message, close it)."""

    addr: str
    player: Player | None

    def send(self, msg: Message) -> None: ...

    def close(self) -> None: ...


@dataclass(eq=False)
class SimplePeer:
    """A peer with no transport (tests, the doctest above): keeps what it is sent."""

    addr: str = "127.0.0.1"
    player: Player | None = None
    sent: list[Message] = field(default_factory=list)
    closed: bool = False

    def send(self, msg: Message) -> None:
        self.sent.append(msg)

    def close(self) -> None:
        self.closed = True


@dataclass(eq=False)
class Player:
    """A person known to the host, by token; ``conn`` is None while disconnected."""

    id: int
    token: str
    name: str
    conn: Any = None                 # the peer it speaks through (a net.host.Connection)
    table: int | None = None
    addr: str = ""
    pid: str = ""                    # the player id: a digest of the key the client keeps


@dataclass
class Outbox:
    """What the core decided should happen, in order, since the last `ServerCore.take`."""

    messages: list[tuple[Peer, Message]] = field(default_factory=list)
    closing: list[Peer] = field(default_factory=list)     # closed after their messages
    touched: dict[int, None] = field(default_factory=dict)  # tables to flush, in order
    closed_tables: list[tuple[int, bool]] = field(default_factory=list)  # (id, keep_save)
    hints: list[tuple[Player, View]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.messages or self.closing or self.touched or self.closed_tables
                    or self.hints)


class ServerCore:
    """Every table and player of one host, and the decisions on what they send."""

    def __init__(self, name: str = "Hearts", rules: Rules | None = None,
                 limits: Limits = DEFAULT_LIMITS, bot_level: str = "normal",
                 seed: int | None = None, guard: Guard | None = None) -> None:
        self.name = clean_name(name, limits.max_name) or "Hearts"
        self.rules = rules or Rules()
        self.limits = limits
        self.bot_level = bot_level
        self.seed = seed
        self.guard = guard or Guard(limits)
        self.tables: dict[int, Table] = {}
        self.players: dict[str, Player] = {}       # token -> player
        self.next_table = 1
        self.next_player = 1
        self.connections = 0                       # open connections (the host counts them)
        self.stopping = False
        self.actions = 0
        self.now = 0.0                             # the time of the request being handled
        self.out = Outbox()
        self.history = History()                   # finished games (the host's has a save dir)
        self._games = 0
        self._handlers: dict[str, Callable[[Player, Message], None]] = {
            kind: getattr(self, "_do_" + kind) for kind in INTENTS
            if hasattr(self, "_do_" + kind)}

    # -- the outbox ----------------------------------------------------------------------
    def take(self) -> Outbox:
        """The decisions since the last call (and a fresh, empty outbox)."""
        out, self.out = self.out, Outbox()
        return out

    def send(self, player: Player, msg: Message) -> None:
        """Queue ``msg`` for ``player`` (dropped while it is disconnected)."""
        if player.conn is not None:
            self.out.messages.append((player.conn, msg))

    def touch(self, table: Table) -> None:
        """``table``'s queued changes must go out."""
        self.out.touched[table.id] = None

    def fail(self, peer: Peer, msg: Message) -> None:
        """Send a last error to ``peer`` and close its connection."""
        self.out.messages.append((peer, msg))
        self.out.closing.append(peer)

    # -- one value from a connection -----------------------------------------------------
    def handle(self, peer: Peer, raw: Any, now: float) -> None:
        """Decide on one decoded value from ``peer``."""
        self.now = now
        try:
            msg = check_intent(raw, self.limits)
        except ProtocolError as e:
            ref = raw.get("type") if isinstance(raw, dict) and isinstance(raw.get("type"), str) \
                else None
            answer = error(e.code, e.message, ref[:32] if ref else None)
            if peer.player is None:
                self.fail(peer, answer)     # before hello: one error, then the door closes
            else:
                self.out.messages.append((peer, answer))
            return
        kind = msg["type"]
        if peer.player is None:
            if kind != "hello":
                self.fail(peer, error("hello-first", "the first message must be a hello", kind))
                return
            self.hello(peer, msg)
            return
        if kind == "ping":
            self.out.messages.append((peer, {"type": "pong"}))
            return
        if kind == "pong":
            return
        if kind == "hello":
            self.out.messages.append((peer, error(
                "state", "this connection has already said hello", "hello")))
            return
        player = peer.player
        before = player.table
        try:
            self.dispatch(player, msg)
        except NetError as e:
            self.out.messages.append((peer, error(e.code, e.message, kind)))
        except Exception:  # a bug must cost one request, not the host
            log.exception("failed on %r from %s", kind, player.name)
            self.out.messages.append((peer, error(
                "internal", "the host failed on this request; the failure was logged", kind)))
        for tid in (before, player.table):
            if tid is not None and tid in self.tables:
                self.out.touched[tid] = None
        if player.table is not None and player.table in self.tables:
            self.tables[player.table].ids.setdefault(player.token, player.pid)

    def hello(self, peer: Peer, msg: Message) -> None:
        """A checked ``hello``: a new player, or a returning one by its token."""
        if msg["version"] != PROTOCOL_VERSION:
            self.fail(peer, version_error(msg["version"]))
            return
        name = clean_name(msg["name"], self.limits.max_name)
        if not name:      # answered, and the connection may say hello again
            self.out.messages.append((peer, error(
                "bad-name", "choose a name with at least one letter or digit", "hello")))
            return
        token = msg.get("token")
        player = self.players.get(token) if token else None
        if not self.guard.hello_allowed(peer, player):   # let in over budget: seats only
            self.fail(peer, error("limit", "the host has too many connections; try again later",
                                  "hello"))
            return
        if player is not None:
            if player.conn is not None and player.conn is not peer:
                old = player.conn
                old.player = None
                self.fail(old, error("replaced", "you connected again from elsewhere; this "
                                                 "connection is closed"))
        else:
            player = Player(self.next_player, secrets.token_urlsafe(12), self.unique_name(name))
            self.next_player += 1
            self.players[player.token] = player
        if not player.pid:
            key = msg.get("key")
            player.pid = person_id(key) if key else guest_id(player.token)
        player.conn = peer
        player.addr = peer.addr
        peer.player = player
        self.send(player, {"type": "welcome", "version": PROTOCOL_VERSION, "host": self.name,
                           "name": player.name, "token": player.token, "player": player.id})
        self.send(player, self.tables_message())
        log.info("%s joined from %s", player.name, peer.addr)
        if player.table is not None and player.table in self.tables:
            table = self.tables[player.table]
            if (table.reconnect(player.token, self.now) is None
                    and player.token not in table.watchers):
                player.table = None
            else:
                self.send_table(table, player)
                self.touch(table)

    def unique_name(self, name: str) -> str:
        """``name``, or ``name#2``... when a player has it already (``host`` is the host's)."""
        taken = {p.name for p in self.players.values()}
        if name.lower() == "host":
            taken.add(name)
        if name not in taken:
            return name
        n = 2
        while f"{name[: self.limits.max_name - 3]}#{n}" in taken:
            n += 1
        return f"{name[: self.limits.max_name - 3]}#{n}"

    def lost(self, peer: Peer, now: float) -> None:
        """``peer``'s connection is gone."""
        self.now = now
        player = peer.player
        if player is None or player.conn is not peer:
            return
        player.conn = None
        peer.player = None
        if self.stopping:
            return
        log.info("%s disconnected", player.name)
        table = self.tables.get(player.table) if player.table is not None else None
        if table is None:
            self.players.pop(player.token, None)
            return
        table.drop(player.token, now)
        if table.seat_of(player.token) is None:
            player.table = None
            self.players.pop(player.token, None)
        self.touch(table)
        self.maybe_close(table)

    # -- intents -------------------------------------------------------------------------
    def dispatch(self, player: Player, msg: Message) -> None:
        """Carry out one checked intent for ``player``; raises `NetError` when refused."""
        handler = self._handlers.get(msg["type"])
        if handler is None:
            raise TableError("unknown-type", f"the host does not handle {msg['type']!r}")
        handler(player, msg)

    def handled(self) -> frozenset[str]:
        """The intent types this core carries out (hello, ping and pong in `handle`)."""
        return frozenset(self._handlers) | {"hello", "ping", "pong"}

    def table_of(self, player: Player) -> Table:
        """The table ``player`` is at; `TableError` ``not-at-table`` otherwise."""
        if player.table is None or player.table not in self.tables:
            raise TableError("not-at-table", "you are not at a table; create or join one first")
        return self.tables[player.table]

    def get_table(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise TableError("no-table", f"there is no table {table_id}")
        return table

    def _do_list_tables(self, player: Player, msg: Message) -> None:
        self.send(player, self.tables_message())

    def _do_create_table(self, player: Player, msg: Message) -> None:
        if len(self.tables) >= self.limits.max_tables:
            raise TableError("limit", f"the host already has {len(self.tables)} tables, its limit")
        rules = self.rules
        if msg.get("rules"):
            try:
                rules = rules.with_changes(msg["rules"])
            except RulesError as e:
                raise TableError("rules", str(e)) from None
        self.leave_current(player)
        tid = self.next_table
        self.next_table += 1
        name = msg.get("name") or f"{player.name}'s table"
        table = Table(tid, name, rules, bot_level=self.bot_level,
                      drop_grace=self.limits.drop_grace)
        table.owner = player.token
        table.password = hash_password(msg.get("password"))
        self.tables[tid] = table
        table.sit(player.token, player.name, msg.get("seat") or 0, self.now)
        player.table = tid
        log.info("%s created table %d (%s)", player.name, tid, rules.summary())
        self.send_table(table, player)

    def leave_current(self, player: Player, why: str = "left") -> None:
        """Take ``player`` away from its table, if it is at one."""
        if player.table is None:
            return
        table = self.tables.get(player.table)
        player.table = None
        if table is None:
            return
        table.leave(player.token, self.now, why)
        self.send(player, {"type": "left", "table": table.id, "reason": why})
        self.touch(table)
        self.maybe_close(table)

    def maybe_close(self, table: Table, keep_save: bool = False) -> None:
        """A table with nobody left (seated, dropped or watching) is closed; its save files
        go too unless ``keep_save`` (a game nobody came back to: `--resume` can still)."""
        if table.members() or self.stopping:
            return
        self.tables.pop(table.id, None)
        self.out.touched.pop(table.id, None)
        self.out.closed_tables.append((table.id, keep_save))
        log.info("table %d closed", table.id)

    def _do_sit(self, player: Player, msg: Message) -> None:
        table = self.get_table(msg["table"])
        if player.table != table.id:
            table._check_not_kicked(player.token, player.name)
            check_password(table, msg.get("password"))
            self.leave_current(player)
        seat = table.sit(player.token, player.name, msg.get("seat"), self.now)
        player.table = table.id
        log.info("%s sat at table %d seat %d", player.name, table.id, seat)
        self.send_table(table, player)

    def _do_watch(self, player: Player, msg: Message) -> None:
        table = self.get_table(msg["table"])
        if player.table != table.id:
            table._check_not_kicked(player.token, player.name)
            check_password(table, msg.get("password"))
            self.leave_current(player)
        table.watch(player.token, player.name)
        player.table = table.id
        self.send_table(table, player)

    def _do_leave(self, player: Player, msg: Message) -> None:
        if player.table is None:
            raise TableError("not-at-table", "you are not at a table")
        self.leave_current(player)

    def _do_pass(self, player: Player, msg: Message) -> None:
        table = self.table_of(player)
        action = intent_action(msg, table.player_seat(player.token))
        table.act(player.token, action, self.now)
        self.actions += 1

    _do_play = _do_moon = _do_claim = _do_pass

    def _do_undo(self, player: Player, msg: Message) -> None:
        self.table_of(player).undo(player.token, self.now)

    def _do_hint(self, player: Player, msg: Message) -> None:
        table = self.table_of(player)
        seat = table.player_seat(player.token)
        if table.game is None or not table.running:
            raise TableError("state", "no game is running at this table")
        if seat not in table.waiting_for():
            raise TableError("state", "it is not your turn")
        self.out.hints.append((player, table.game.hand.view(seat)))

    def _do_chat(self, player: Player, msg: Message) -> None:
        text = msg["text"]
        if text.startswith("/"):
            self._do_command(player, msg)
            return
        if player.table is None or player.table not in self.tables:
            self.say_in_lobby(player, text)
            return
        table = self.table_of(player)
        self.guard.chat(player, self.now)
        table._emit({"type": "chat", "name": player.name, "seat": table.seat_of(player.token),
                     "text": text})

    def say_in_lobby(self, player: Player, text: str) -> None:
        """``player``'s lobby chat line (from anywhere), after the chat rate guards."""
        self.guard.chat(player, self.now)
        self.guard.lobby_chat(self.now)
        self.lobby_chat(player.name, text)

    def lobby_chat(self, name: str, text: str, everyone: bool = True) -> int:
        """Say a lobby line: to every connected player (those at tables see it marked as
        the lobby's), or with ``everyone`` False only to those at no table. The line holds
        a name and text only, nothing of any table. Returns how many got it."""
        line: Message = {"type": "chat", "scope": "lobby", "name": name, "text": text}
        sent = 0
        for p in self.players.values():
            if p.conn is not None and (everyone or p.table is None):
                self.out.messages.append((p.conn, line))
                sent += 1
        return sent

    def _do_command(self, player: Player, msg: Message) -> None:
        from .console import run_command
        text, ok = run_command(self, player, msg["text"])
        self.send(player, {"type": "reply", "text": text, "ok": ok})

    # owner's commands
    def _do_start(self, player: Player, msg: Message) -> None:
        table = self.table_of(player)
        seed = None if self.seed is None else hash((self.seed, table.id, self._games)) & (2**62 - 1)
        self._games += 1
        table.start(player.token, self.now, seed)

    def _do_pause(self, player: Player, msg: Message) -> None:
        self.table_of(player).pause(player.token, self.now)

    def _do_resume(self, player: Player, msg: Message) -> None:
        self.table_of(player).resume(player.token, self.now)

    def _do_end(self, player: Player, msg: Message) -> None:
        self.table_of(player).end_game(player.token)

    def _do_set_rules(self, player: Player, msg: Message) -> None:
        self.table_of(player).set_rules(player.token, msg["rules"])

    def _do_set_target(self, player: Player, msg: Message) -> None:
        self.table_of(player).set_target(player.token, msg["target"])

    def _do_kick(self, player: Player, msg: Message) -> None:
        table = self.table_of(player)
        self.kicked(table, table.kick(player.token, msg["seat"], self.now))

    def kicked(self, table: Table, victim_token: str) -> None:
        """Tell a kicked player, and forget it if it is gone."""
        victim = self.players.get(victim_token)
        if victim is not None and victim.table == table.id:
            victim.table = None
            self.send(victim, {"type": "left", "table": table.id, "reason": "kicked"})
            if victim.conn is None:
                self.players.pop(victim.token, None)
            log.info("%s was kicked from table %d", victim.name, table.id)

    def _do_set_password(self, player: Player, msg: Message) -> None:
        table = self.table_of(player)
        table.require_owner(player.token, "set the table's password")
        table.password = hash_password(msg.get("password"))
        table.seats_changed = True

    def _do_allow(self, player: Player, msg: Message) -> None:
        self.table_of(player).allow(player.token, msg["name"])

    def _do_bot(self, player: Player, msg: Message) -> None:
        table = self.table_of(player)
        level = msg.get("level")
        if level is not None:
            try:
                make_bot(level, 0)
            except ValueError as e:
                raise TableError("bad-message", str(e)) from None
        table.set_bot(player.token, msg["seat"], level)

    # the finished games
    def _do_stats(self, player: Player, msg: Message) -> None:
        self.send(player, self.history.stats(player.pid))

    def _do_games(self, player: Player, msg: Message) -> None:
        self.send(player, self.history.games(msg.get("before"), msg.get("limit")))

    def _do_game(self, player: Player, msg: Message) -> None:
        answer = self.history.game(msg["id"], msg.get("hand") or 0)
        if answer is None:
            raise TableError("no-game", f"there is no finished game {msg['id']} on this host")
        self.send(player, answer)

    # -- the operator (the host's own console) -------------------------------------------
    def announce(self, text: str, table_id: int | None = None) -> int:
        """Say ``text`` as "host" at one table, or at every table and in the lobby;
        returns how many tables."""
        text = clean_text(text, self.limits.max_chat)
        tables = [self.tables[table_id]] if table_id is not None else list(self.tables.values())
        for table in tables:
            table._emit({"type": "chat", "name": "host", "seat": None, "text": text})
            self.touch(table)
        if table_id is None:
            self.lobby_chat("host", text, everyone=False)
        return len(tables)

    def operator_kick(self, table: Table, seat: int) -> None:
        """Kick the person in ``seat`` with the owner's power."""
        self.kicked(table, table.kick(OPERATOR, seat, self.now))
        self.touch(table)

    def operator_end(self, table: Table) -> None:
        table.end_game(OPERATOR)
        self.touch(table)

    def close_table(self, table_id: int, reason: str) -> None:
        """Send everyone away from a table and remove it (and its save)."""
        table = self.tables.get(table_id)
        if table is None:
            return
        for token in table.members():
            player = self.players.get(token)
            if player is not None and player.table == table_id:
                player.table = None
                self.send(player, {"type": "left", "table": table_id, "reason": reason})
        table.seats = [s if s.kind != "human" else type(s)() for s in table.seats]
        table.watchers.clear()
        self.maybe_close(table)

    # -- messages ------------------------------------------------------------------------
    def tables_message(self) -> Message:
        """The ``tables`` message: every table's public line."""
        return {"type": "tables", "tables": [t.public() for t in self.tables.values()]}

    def table_message(self, table: Table, player: Player, seat: int | None,
                      full: dict[str, Any] | None = None, public: dict[str, Any] | None = None
                      ) -> Message:
        """A ``table`` message for ``player`` at ``seat`` (``full`` and ``public`` when the
        caller has them already, for several members at once)."""
        return {"type": "table", "table": full or table.full(), "seat": seat,
                "owner": table.owner == player.token, "view": table.view_at(seat, public),
                "timer": table.timer(self.now), "seq": table.seq}

    def send_table(self, table: Table, player: Player) -> None:
        self.send(player, self.table_message(table, player, table.seat_of(player.token)))


__all__ = ["Outbox", "Peer", "Player", "ServerCore", "SimplePeer"]
