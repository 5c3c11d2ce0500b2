"""The host's decisions, sans-I/O: players, hello and reconnect, the lobby, every intent,
what each member of a table is sent, saves, clocks, bots' turns and resuming saved tables.

The host numbers its connections (`ConnId`) and tells the core what happens to them
and when: `opened`, `handle` (one decoded value), `lost`, `hello_timeout`; a table's
clock running out (`tick`); a bot's answer (`bot_moved`, `bot_free`); a hint computed
(`hint_ready`); a save that failed (`save_failed`). The core decides, and `take` hands
over what must happen next as an `Outbox`: the saves to write (before anything else),
the messages for connections (some closed after), each table's next clock, the bots'
and hints' turns to compute, tables closed. The asyncio `hearts.net.host.Host` only carries
it out; tests drive the core directly, with plain numbers as connections.

>>> core = ServerCore()
>>> core.opened(1, "10.0.0.2")
>>> core.handle(1, {"type": "hello", "version": 1, "name": "Ann"}, now=0.0)
>>> [(conn, m["type"]) for conn, m in core.take().messages]
[(1, 'welcome'), (1, 'tables')]
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from hearts.bots.base import check_bot_name
from hearts.engine import (Action, MoonChoice, Pass, Phase, Play, Rules, RulesError, View,
                           action_from_wire)
from hearts.engine.rule_options import words_of
from hearts.i18n import ENGLISH, T_, Text, Translator, resolve, said, text_of, translation

from .errors import NetError
from .guard import Guard, hash_password
from .history import History, history_record
from .kicks import marks, remember
from .limits import DEFAULT_LIMITS, Limits
from .names import unique_name
from .passwords import PasswordGuard
from .messages import (AllowIntent, BotIntent, ChatIntent, ChatMessage, ClaimIntent, ClientMessage,
                       CommandIntent, CreateTableIntent, EndIntent, ErrorMessage, GameIntent,
                       GameMessage, GamesIntent, GamesMessage, HelloIntent, HintIntent,
                       HostMessage, KickIntent, LeaveIntent, ListTablesIntent, MoonIntent,
                       PassIntent, PauseIntent, PlayIntent, ResumeIntent, SetPasswordIntent,
                       SetRulesIntent, SetTargetIntent, SitIntent, StartIntent, StatsIntent,
                       StatsMessage, TableMap, TableMessage, TablesMessage, UndoIntent,
                       WatchIntent)
from .protocol import (INTENTS, PROTOCOL_VERSION, ProtocolError, check_intent,
                       clean_name, clean_text, error, intent_action, version_error)
from .savecheck import check_saved_table
from .stats import guest_id, person_id
from .table import OPERATOR, Table, TableError
from .updates import member_messages, table_message

log = logging.getLogger("hearts.host")

ConnId = int
"""The host's number for one connection (never reused while the host runs)."""

# change kinds that come from game actions alone: saved by appending to the table's log
ACTION_CHANGES = frozenset({"passed", "cards_received", "card_played", "trick_taken",
                            "hearts_broken", "moon_shot", "moon_chosen", "tram", "timer", "chat"})


@dataclass(eq=False)
class Player:
    """A person known to the host, by token; ``conn`` is None while disconnected."""

    id: int
    token: str
    name: str
    conn: ConnId | None = None       # the connection it speaks through
    table: int | None = None
    addr: str = ""
    pid: str = ""                    # the player id: a digest of the key the client keeps


@dataclass
class Save:
    """One write to a table's save files: a whole ``snapshot`` (`Table.to_dict`), or game
    ``entries`` to append to its log (``[index, action]``), or a finished game's
    ``history`` record (for `hearts.net.history.History.add`, also without save files)."""

    table: int
    snapshot: dict[str, Any] | None = None
    entries: list[list[Any]] | None = None
    history: dict[str, Any] | None = None


@dataclass
class BotTurn:
    """A seat a bot must move for: the host asks the seat's bot (kept per ``level`` with
    ``seed``) about ``view`` in a thread and reports with `ServerCore.bot_moved`."""

    table: int
    seat: int
    level: str
    seed: str
    view: View
    version: int


Outgoing = HostMessage | bytes
"""A message for a connection: a map, or one already packed (`hearts.net.updates`)."""


@dataclass
class Outbox:
    """What the core decided should happen since the last `ServerCore.take`. The host
    writes ``saves`` first (nobody hears of a change before it is saved), then sends
    ``messages`` in order, then closes the ``closing`` connections, each after a last
    error."""

    saves: list[Save] = field(default_factory=list)
    messages: list[tuple[ConnId, Outgoing]] = field(default_factory=list)
    closing: list[tuple[ConnId, ErrorMessage]] = field(default_factory=list)
    clocks: dict[int, float | None] = field(default_factory=dict)  # table -> call `tick` at
    bots: list[BotTurn] = field(default_factory=list)
    hints: list[tuple[int, View]] = field(default_factory=list)    # (player id, its view)
    closed_tables: list[tuple[int, bool]] = field(default_factory=list)  # (id, keep_save)
    lobby_changed: bool = False     # the table list changed: tell the lobby and the LAN

    def __bool__(self) -> bool:
        return bool(self.saves or self.messages or self.closing or self.clocks or self.bots
                    or self.hints or self.closed_tables or self.lobby_changed)


def bot_action(bot: Any, view: View, budget: float) -> Action:
    """What ``bot`` does at ``view``: its pass, play or moon choice (run in a thread)."""
    if view.phase == Phase.PASS:
        return Pass(view.seat, tuple(bot.choose_pass(view, budget)))
    if view.phase == Phase.MOON_CHOICE:
        return MoonChoice(view.seat, bot.choose_moon(view, budget))
    return Play(view.seat, bot.choose_play(view, budget))


class ServerCore:
    """Every table and player of one host, and the decisions on what they send.

    ``saving``: the host keeps save files (the outbox then holds `Save` orders);
    ``packed``: updates come as packed bytes (the host), else as maps (tests).
    """

    def __init__(self, name: str = "Hearts", rules: Rules | None = None,
                 limits: Limits = DEFAULT_LIMITS, bot_level: str = "normal",
                 seed: int | None = None, guard: Guard | None = None, saving: bool = False,
                 packed: bool = False, plug_ins: tuple[str, ...] = ()) -> None:
        self.name = clean_name(name, limits.max_name) or "Hearts"
        self.rules = rules or Rules()
        self.limits = limits
        self.bot_level = bot_level
        # the plug-in bots the operator offers (``package.module:Class``): a guest may name
        # these, the host's own bots and bounded variants of its levels, nothing else
        self.plug_ins = plug_ins + ((bot_level,) if ":" in bot_level else ())
        self.seed = seed
        self.guard = guard or Guard(limits)
        self.passwords = PasswordGuard(limits, self._tell_guessed)
        self.saving = saving
        self.packed = packed
        self.tables: dict[int, Table] = {}
        self.players: dict[str, Player] = {}       # token -> player
        self.next_table = 1
        self.next_player = 1
        self.stopping = False
        self.actions = 0
        self.now = 0.0                             # the time of the request being handled
        self.out = Outbox()
        self.history = History()                   # finished games (the host's has a save dir)
        self._conns: dict[ConnId, Player | None] = {}   # open connection -> who said hello
        self._addrs: dict[ConnId, str] = {}
        self._seats_only: dict[ConnId, bool] = {}
        # the catalogue of the language a connection's hello asked for (`resolve`d once)
        self._langs: dict[ConnId, str] = {}
        self._touched: dict[int, None] = {}        # tables to flush, in order
        self._woken: dict[int, None] = {}          # tables whose clock and bots to look at
        self._thinking: dict[int, set[int]] = {}   # table -> seats whose bot is asked
        self._saved_len: dict[int, int | None] = {}  # table -> game actions saved so far
        self._games = 0
        # each takes its intent's TypedDict (net.messages), checked by `check_intent`
        self._handlers: dict[str, Callable[[Player, Any], None]] = {
            kind: getattr(self, "_do_" + kind) for kind in INTENTS
            if hasattr(self, "_do_" + kind)}

    # -- the outbox ----------------------------------------------------------------------
    def take(self) -> Outbox:
        """The decisions since the last call (and a fresh, empty outbox): the touched
        tables' news, then each touched table's clock and the bots' turns."""
        touched, self._touched = self._touched, {}
        for tid in touched:
            table = self.tables.get(tid)
            if table is not None:
                self._flush(table)
        woken = {**touched, **self._woken}
        self._woken = {}
        for tid in woken:
            table = self.tables.get(tid)
            if table is not None:
                self._clock_and_bots(table)
        out, self.out = self.out, Outbox()
        out.messages = [(conn, self.said_for(conn, msg)) for conn, msg in out.messages]
        out.closing = [(conn, self.said_for(conn, msg)) for conn, msg in out.closing]
        return out

    def words_for(self, conn: ConnId) -> Translator:
        """The catalogue of ``conn``'s language (its hello's ``lang``; English before)."""
        return translation(self._langs.get(conn))

    def said_for(self, conn: ConnId, msg: Any) -> Any:
        """``msg`` with every `Text` in it said in ``conn``'s language (the errors,
        replies, notices and hints the host words; a table's ``rules_words`` and a view's
        ``illegal`` reasons too; packed updates pass as they are: `reads_english`)."""
        if not isinstance(msg, dict):
            return msg
        kind = msg.get("type")
        if kind == "table" or (kind == "update" and not self.reads_english(conn)):
            return self._table_words(conn, msg)
        if not any(isinstance(v, Text) for v in msg.values()):
            return msg
        tr = self.words_for(conn)
        return {k: said(v, tr) if isinstance(v, Text) else v for k, v in msg.items()}

    def reads_english(self, conn: ConnId | None) -> bool:
        """Whether ``conn`` reads the host's words as they are made (English)."""
        return conn is None or self._langs.get(conn, ENGLISH) == ENGLISH

    def _table_words(self, conn: ConnId, msg: Any) -> Any:
        """A ``table`` or ``update`` with its rules in words and its view's reasons said
        in ``conn``'s language (copied: the parts are shared between the members)."""
        tr = self.words_for(conn)
        out = dict(msg)
        table = out.get("table")
        if isinstance(table, dict) and "rules_words" in table:
            out["table"] = {**table, "rules_words": words_of(Rules.from_dict(table["rules"]), tr)}
        view = out.get("view")
        if isinstance(view, dict) and view.get("illegal"):
            out["view"] = {**view, "illegal": {c: said(why, tr) for c, why in view["illegal"].items()}}
        return out

    def send(self, player: Player, msg: Outgoing) -> None:
        """Queue ``msg`` for ``player`` (dropped while it is disconnected)."""
        if player.conn is not None:
            self.out.messages.append((player.conn, msg))

    def touch(self, table: Table) -> None:
        """``table``'s queued changes must go out."""
        self._touched[table.id] = None

    def fail(self, conn: ConnId, msg: ErrorMessage) -> None:
        """Send a last error to ``conn`` and close it."""
        self.out.closing.append((conn, msg))

    # -- connections -----------------------------------------------------------------------
    def opened(self, conn: ConnId, addr: str, seats_only: bool = False) -> None:
        """A connection from ``addr`` is open (admitted by the guard; ``seats_only``: let
        in over the host's budget, so its hello may only take a seat back)."""
        self._conns[conn] = None
        self._addrs[conn] = addr
        if seats_only:
            self._seats_only[conn] = True

    @property
    def connections(self) -> int:
        """How many connections are open."""
        return len(self._conns)

    def player_on(self, conn: ConnId) -> Player | None:
        """The player who said hello on ``conn`` (None before, or once replaced)."""
        return self._conns.get(conn)

    def player(self, player_id: int) -> Player | None:
        """The player numbered ``player_id``, while the host knows them."""
        return next((p for p in self.players.values() if p.id == player_id), None)

    def handle(self, conn: ConnId, raw: Any, now: float) -> None:
        """Decide on one decoded value from ``conn``."""
        self.now = now
        player = self._conns.get(conn)
        if player is None and isinstance(raw, dict) and isinstance(raw.get("lang"), str):
            self._langs[conn] = resolve(raw["lang"][:35])  # its errors, even a refused hello's
        try:
            msg = check_intent(raw, self.limits)
        except ProtocolError as e:
            ref = raw.get("type") if isinstance(raw, dict) and isinstance(raw.get("type"), str) \
                else None
            answer = error(e.code, e.message, ref[:32] if ref else None)
            if player is None:
                self.fail(conn, answer)     # before hello: one error, then the door closes
            else:
                self.out.messages.append((conn, answer))
            return
        kind = msg["type"]
        if player is None:
            if msg["type"] != "hello":
                self.fail(conn, error("hello-first", T_("the first message must be a hello"),
                                      kind))
                return
            self.hello(conn, msg)
            return
        if kind == "ping":
            self.out.messages.append((conn, {"type": "pong"}))
            return
        if kind == "pong":
            return
        if kind == "hello":
            self.out.messages.append((conn, error(
                "state", T_("this connection has already said hello"), "hello")))
            return
        before = player.table
        try:
            self.dispatch(player, msg)
        except NetError as e:
            self.out.messages.append((conn, error(e.code, e.message, kind)))
        except Exception:  # a bug must cost one request, not the host
            log.exception("failed on %r from %s", kind, player.name)
            self.out.messages.append((conn, error(
                "internal", T_("the host failed on this request; the failure was logged"), kind)))
        for tid in (before, player.table):
            if tid is not None and tid in self.tables:
                self._touched[tid] = None
        if player.table is not None and player.table in self.tables:
            self.tables[player.table].ids.setdefault(player.token, player.pid)

    def hello_timeout(self, conn: ConnId, now: float) -> None:
        """``conn``'s time to say hello is over: closed unless it did."""
        if conn in self._conns and self._conns[conn] is None:
            self.fail(conn, error("hello-timeout", T_("no hello was received in time"), "hello"))

    def hello(self, conn: ConnId, msg: HelloIntent) -> None:
        """A checked ``hello``: a new player, or a returning one by its token."""
        if msg["version"] != PROTOCOL_VERSION:
            self.fail(conn, version_error(msg["version"]))
            return
        name = clean_name(msg["name"], self.limits.max_name)
        if not name:      # answered, and the connection may say hello again
            self.out.messages.append((conn, error(
                "bad-name", T_("choose a name with at least one letter or digit"), "hello")))
            return
        token = msg.get("token")
        player = self.players.get(token) if token else None
        if self._seats_only.get(conn) and (player is None or player.table is None):
            # let in over the host's budget (net.guard): only to take a seat back
            self.fail(conn, error("limit", T_("the host has too many connections; try again "
                                              "later"), "hello"))
            return
        returning = player is not None
        if player is not None:
            old = player.conn
            if old is not None and old != conn:
                self._conns[old] = None
                self.fail(old, error("replaced", T_("you connected again from elsewhere; this "
                                                    "connection is closed")))
        else:
            player = Player(self.next_player, secrets.token_urlsafe(12), self.unique_name(name))
            self.next_player += 1
            self.players[player.token] = player
        if not player.pid:
            key = msg.get("key")
            player.pid = person_id(key) if key else guest_id(player.token)
        addr = self._addrs.get(conn, "")
        player.conn = conn
        player.addr = addr
        self._conns[conn] = player
        table = self.table_at(player)
        if (table is not None and table.reconnect(player.token, self.now) is None
                and player.token not in table.watchers):
            table = None
        player.table = table.id if table is not None else None
        self.send(player, {"type": "welcome", "version": PROTOCOL_VERSION, "host": self.name,
                           "name": player.name, "token": player.token, "player": player.id,
                           "returning": returning, "table": player.table})
        self.send(player, self.tables_message())
        log.info("%s joined from %s", player.name, addr)
        if table is not None:
            self.send_table(table, player)
            self.touch(table)

    def unique_name(self, name: str) -> str:
        """``name``, or ``name#2``... when a player's name looks like it (`hearts.net.names`)."""
        return unique_name(name, (p.name for p in self.players.values()), self.limits.max_name)

    def lost(self, conn: ConnId, now: float) -> None:
        """``conn`` is gone."""
        self.now = now
        self._addrs.pop(conn, None)
        self._seats_only.pop(conn, None)
        self._langs.pop(conn, None)
        player = self._conns.pop(conn, None)
        if player is None or player.conn != conn:
            return
        player.conn = None
        if self.stopping:
            return
        log.info("%s disconnected", player.name)
        table = self.table_at(player)
        if table is None:
            self.forget(player)
            return
        table.drop(player.token, now)
        if table.seat_of(player.token) is None:
            player.table = None
            self.forget(player)
        self.touch(table)
        self.maybe_close(table)

    def forget(self, player: Player) -> None:
        """``player`` is gone for good (disconnected, at no table)."""
        self.players.pop(player.token, None)

    # -- intents -------------------------------------------------------------------------
    def dispatch(self, player: Player, msg: ClientMessage) -> None:
        """Carry out one checked intent for ``player``; raises `NetError` when refused."""
        handler = self._handlers.get(msg["type"])
        if handler is None:
            raise TableError("unknown-type", T_("the host does not handle {kind}",
                                                kind=repr(msg["type"])))
        handler(player, msg)

    def handled(self) -> frozenset[str]:
        """The intent types this core carries out (hello, ping and pong in `handle`)."""
        return frozenset(self._handlers) | {"hello", "ping", "pong"}

    def table_at(self, player: Player) -> Table | None:
        """The table ``player`` is at, or None."""
        return self.tables.get(player.table) if player.table is not None else None

    def table_of(self, player: Player) -> Table:
        """The table ``player`` is at; `TableError` ``not-at-table`` otherwise."""
        table = self.table_at(player)
        if table is None:
            raise TableError("not-at-table", T_("you are not at a table; create or join one "
                                                "first"))
        return table

    def get_table(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise TableError("no-table", T_("there is no table {number}", number=table_id))
        return table

    def _do_list_tables(self, player: Player, msg: ListTablesIntent) -> None:
        self.send(player, self.tables_message())

    def _do_create_table(self, player: Player, msg: CreateTableIntent) -> None:
        if len(self.tables) >= self.limits.max_tables:
            raise TableError("limit", T_("the host already has {n} tables, its limit",
                                         n=len(self.tables)))
        rules = self.rules
        changes = msg.get("rules")
        if changes:
            try:
                rules = rules.with_changes(changes)
            except RulesError as e:
                raise TableError("rules", text_of(e)) from None
        self.leave_current(player)
        tid = self.next_table
        self.next_table += 1
        # a table without a name is named in its creator's language ("Table de Zoé")
        name = msg.get("name") or said(T_("{name}'s table", name=player.name),
                                       self.words_for(player.conn) if player.conn else None)
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
        self._touched.pop(table.id, None)
        self._woken.pop(table.id, None)
        self._thinking.pop(table.id, None)
        self._saved_len.pop(table.id, None)
        self.out.closed_tables.append((table.id, keep_save))
        self.out.lobby_changed = True
        log.info("table %d closed", table.id)

    def _do_sit(self, player: Player, msg: SitIntent) -> None:
        table = self.get_table(msg["table"])
        if player.table != table.id:
            table.check_not_kicked(player.token, player.name, marks(player, self.limits))
            self.passwords.check(table, msg.get("password"), player.addr, self.now)
            self.leave_current(player)
        seat = table.sit(player.token, player.name, msg.get("seat"), self.now)
        player.table = table.id
        log.info("%s sat at table %d seat %d", player.name, table.id, seat)
        self.send_table(table, player)

    def _do_watch(self, player: Player, msg: WatchIntent) -> None:
        table = self.get_table(msg["table"])
        if player.table != table.id:
            table.check_not_kicked(player.token, player.name, marks(player, self.limits))
            self.passwords.check(table, msg.get("password"), player.addr, self.now)
            self.leave_current(player)
        table.watch(player.token, player.name, self.now)
        player.table = table.id
        self.send_table(table, player)

    def _tell_guessed(self, table: Table) -> None:
        """Someone keeps guessing ``table``'s password: its owner hears it once."""
        owner = self.players.get(table.owner) if table.owner else None
        if owner is not None:
            self.send(owner, {"type": "chat", "scope": "lobby", "name": "host", "text": T_(
                "Someone keeps giving wrong passwords for table {number}; the host now makes "
                "each try wait.", number=table.id)})

    def _do_leave(self, player: Player, msg: LeaveIntent) -> None:
        if player.table is None:
            raise TableError("not-at-table", T_("you are not at a table"))
        self.leave_current(player)

    def _do_pass(self, player: Player, msg: PassIntent | PlayIntent | MoonIntent | ClaimIntent) -> None:
        table = self.table_of(player)
        action = intent_action(msg, table.player_seat(player.token))
        table.act(player.token, action, self.now)
        self.actions += 1

    _do_play = _do_moon = _do_claim = _do_pass

    def _do_undo(self, player: Player, msg: UndoIntent) -> None:
        self.table_of(player).undo(player.token, self.now)

    def _do_hint(self, player: Player, msg: HintIntent) -> None:
        table = self.table_of(player)
        seat = table.player_seat(player.token)
        if table.game is None or not table.running:
            raise TableError("state", T_("no game is running at this table"))
        if seat not in table.waiting_for():
            raise TableError("state", T_("it is not your turn"))
        self.out.hints.append((player.id, table.game.hand.view(seat)))

    def _do_chat(self, player: Player, msg: ChatIntent) -> None:
        text = msg["text"]
        if text.startswith("/"):
            self._do_command(player, msg)
            return
        if player.table is None or player.table not in self.tables:
            self.say_in_lobby(player, text)
            return
        table = self.table_of(player)
        self.guard.chat(player, self.now)
        table.say(player.name, table.seat_of(player.token), text)

    def say_in_lobby(self, player: Player, text: str) -> None:
        """``player``'s lobby chat line (from anywhere), after the chat rate guards."""
        self.guard.chat(player, self.now)
        self.guard.lobby_chat(self.now)
        self.lobby_chat(player.name, text)

    def lobby_chat(self, name: str, text: str, everyone: bool = True) -> int:
        """Say a lobby line: to every connected player (those at tables see it marked as
        the lobby's), or with ``everyone`` False only to those at no table. The line holds
        a name and text only, nothing of any table. Returns how many got it."""
        line: ChatMessage = {"type": "chat", "scope": "lobby", "name": name, "text": text}
        conns = [p.conn for p in self.players.values()
                 if p.conn is not None and (everyone or p.table is None)]
        self.out.messages += [(conn, line) for conn in conns]
        return len(conns)

    def lobby_conns(self) -> list[ConnId]:
        """The connections of the people at no table (they are sent the table list)."""
        return [p.conn for p in self.players.values() if p.table is None and p.conn is not None]

    def table_conns(self, table_id: int) -> list[ConnId]:
        """The connections of the people at table ``table_id`` (seated or watching)."""
        table = self.tables.get(table_id)
        if table is None:
            return []
        people = (self.players.get(token) for token in table.members())
        return [p.conn for p in people if p is not None and p.conn is not None]

    def _do_command(self, player: Player, msg: ChatIntent | CommandIntent) -> None:
        from .console import run_command
        text, ok = run_command(self, player, msg["text"])
        self.send(player, {"type": "reply", "text": text, "ok": ok})

    # owner's commands
    def _do_start(self, player: Player, msg: StartIntent) -> None:
        table = self.table_of(player)
        seed = None if self.seed is None else hash((self.seed, table.id, self._games)) & (2**62 - 1)
        self._games += 1
        table.start(player.token, self.now, seed)

    def _do_pause(self, player: Player, msg: PauseIntent) -> None:
        self.table_of(player).pause(player.token, self.now)

    def _do_resume(self, player: Player, msg: ResumeIntent) -> None:
        self.table_of(player).resume(player.token, self.now)

    def _do_end(self, player: Player, msg: EndIntent) -> None:
        self.table_of(player).end_game(player.token)

    def _do_set_rules(self, player: Player, msg: SetRulesIntent) -> None:
        self.table_of(player).set_rules(player.token, msg["rules"])

    def _do_set_target(self, player: Player, msg: SetTargetIntent) -> None:
        self.table_of(player).set_target(player.token, msg["target"])

    def _do_kick(self, player: Player, msg: KickIntent) -> None:
        table = self.table_of(player)
        self.kicked(table, table.kick(player.token, msg["seat"], self.now))

    def kicked(self, table: Table, victim_token: str) -> None:
        """Tell a kicked player, and forget it if it is gone."""
        victim = self.players.get(victim_token)
        remember(table, victim_token, victim, self.limits)
        if victim is not None and victim.table == table.id:
            victim.table = None
            self.send(victim, {"type": "left", "table": table.id, "reason": "kicked"})
            if victim.conn is None:
                self.forget(victim)
            log.info("%s was kicked from table %d", victim.name, table.id)

    def _do_set_password(self, player: Player, msg: SetPasswordIntent) -> None:
        self.table_of(player).set_password(player.token, hash_password(msg.get("password")))

    def _do_allow(self, player: Player, msg: AllowIntent) -> None:
        self.table_of(player).allow(player.token, msg["name"])

    def _do_bot(self, player: Player, msg: BotIntent) -> None:
        table = self.table_of(player)
        level = msg.get("level")
        if level is not None:
            try:   # by name only: nothing a guest sends is imported or built
                check_bot_name(level, self.plug_ins, self.limits.bot_ceiling)
            except ValueError as e:
                raise TableError("bad-message", text_of(e)) from None
        table.set_bot(player.token, msg["seat"], level)

    # the finished games
    def _do_stats(self, player: Player, msg: StatsIntent) -> None:
        self.send(player, cast(StatsMessage, self.history.stats(player.pid)))

    def _do_games(self, player: Player, msg: GamesIntent) -> None:
        self.send(player, cast(GamesMessage, self.history.games(msg.get("before"),
                                                                  msg.get("limit"))))

    def _do_game(self, player: Player, msg: GameIntent) -> None:
        game_id = msg.get("id")
        if game_id is None:                 # the game at the player's table
            answer = self.history.table_game(self.table_of(player), msg.get("hand") or 0)
            if answer is None:
                raise TableError("no-game", T_("no game has been played at this table yet"))
        else:
            answer = self.history.game(game_id, msg.get("hand") or 0)
            if answer is None:
                raise TableError("no-game", T_("there is no finished game {number} on this host",
                                               number=game_id))
        self.send(player, cast(GameMessage, answer))

    # -- the operator (the host's own console) -------------------------------------------
    def announce(self, text: str, table_id: int | None = None) -> int:
        """Say ``text`` as "host" at one table, or at every table and in the lobby;
        returns how many tables."""
        text = clean_text(text, self.limits.max_chat)
        tables = [self.tables[table_id]] if table_id is not None else list(self.tables.values())
        for table in tables:
            table.say("host", None, text)
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
        table.clear_people()
        self.maybe_close(table)

    # -- messages ------------------------------------------------------------------------
    def tables_message(self, now: float | None = None) -> TablesMessage:
        """The ``tables`` message: every table's public line (at ``now``, by default the
        time of the request being handled)."""
        now = self.now if now is None else now
        return {"type": "tables", "tables": [t.public(now) for t in self.tables.values()]}

    def table_message(self, table: Table, player: Player, seat: int | None,
                      full: TableMap | None = None, public: dict[str, Any] | None = None
                      ) -> TableMessage:
        """A ``table`` message for ``player`` at ``seat`` (``full`` and ``public`` when the
        caller has them already, for several members at once)."""
        return table_message(table, table.owner == player.token, seat, self.now, full, public)

    def send_table(self, table: Table, player: Player) -> None:
        self.send(player, self.table_message(table, player, table.seat_of(player.token)))

    def _flush(self, table: Table) -> None:
        """Tell everyone at ``table`` what changed there (saved first)."""
        changes, seats_changed, finished = table.flush()
        if not changes and not seats_changed:
            return
        # saved before anyone hears of it: a crash loses at most the action in flight
        self._save(table, {c.event["type"] for c in changes} if not seats_changed else None)
        members = []
        for token, seat in table.member_seats():
            player = self.players.get(token)
            if player is not None and player.conn is not None and player.table == table.id:
                members.append((player, seat, table.owner == token))
        worded = [p for p, _, _ in members if not self.reads_english(p.conn)]
        for player, msg in member_messages(table, changes, seats_changed, members, self.now,
                                           self.packed, worded):
            self.send(player, msg)
        if seats_changed:
            self.out.lobby_changed = True
        if finished and table.game is not None:
            # the host adds it to ``self.history`` (with a save dir, its files too)
            self.out.saves.append(Save(table.id, history=history_record(table)))

    # -- saves -----------------------------------------------------------------------------
    def _save(self, table: Table, kinds: set[str] | None = None) -> None:
        """Save after a change: append the new game actions to the table's log when only
        game actions happened (``kinds`` ⊆ ACTION_CHANGES), else a new snapshot."""
        if not self.saving:
            return
        game = table.game
        saved = self._saved_len.get(table.id)
        if (kinds is None or not kinds <= ACTION_CHANGES or game is None or saved is None
                or len(game.log) < saved):
            self.out.saves.append(Save(table.id, snapshot=table.to_dict()))
        elif len(game.log) > saved:
            self.out.saves.append(Save(table.id, entries=[
                [i, game.log[i].to_wire()] for i in range(saved, len(game.log))]))
        self._saved_len[table.id] = len(game.log) if game is not None else None

    def save_failed(self, table_id: int) -> None:
        """A save of ``table_id`` could not be written: the next one is a whole snapshot."""
        self._saved_len[table_id] = None

    def stop(self) -> None:
        """The host is stopping: every table is saved whole; nothing closes or moves after."""
        self.stopping = True
        for table in self.tables.values():
            self._save(table)

    def restore(self, data: Any, log_entries: list[list[Any]], log_cut: bool, now: float,
                where: str = "a saved table") -> Table | None:
        """Bring back a saved table (``data``: `Table.to_dict` read back, ``log_entries``:
        its log, ``log_cut``: the log's last entry was incomplete) with its people as
        dropped players who come back by their tokens. None when it cannot be (logged,
        and its files are left as they are)."""
        self.now = now
        try:
            check_saved_table(data)         # whole and consistent, or not loaded at all
            table = Table.from_dict(data, now, self.limits.drop_grace)
        except Exception as e:
            log.error("%s could not be restored (%s); it was left as it is", where,
                      str(e) or type(e).__name__)
            return None
        self._replay(table, log_entries, where)
        if log_cut:
            log.warning("the last entry of %s was incomplete (the action in flight when the "
                        "host stopped) and was ignored", where)
        self.tables[table.id] = table
        self._save(table)                   # a fresh snapshot; the log starts again
        self._woken[table.id] = None
        self.next_table = max(self.next_table, table.id + 1)
        for s in table.seats:
            if s.kind == "human" and s.token:
                self.players[s.token] = Player(self.next_player, s.token, s.name or "player",
                                               table=table.id, pid=table.ids.get(s.token, ""))
                self.next_player += 1
        log.info("resumed table %d %r (%s, hand %s)", table.id, table.name, table.state,
                 table.game.hand_number + 1 if table.game else "-")
        return table

    def _replay(self, table: Table, entries: list[list[Any]], where: str) -> None:
        """Apply the game actions logged after the table's snapshot."""
        game = table.game
        if game is None:
            return
        actions: list[Action] = []
        problem = None
        for index, wire in entries:
            if index < len(game.log) + len(actions):
                continue                    # already in the snapshot (or a repeat)
            if index > len(game.log) + len(actions):
                problem = "skips an action"
                break
            try:
                actions.append(action_from_wire(wire))
            except Exception:               # not an action at all
                problem = "holds an action the game refuses"
                break
        applied, refused = table.replay(actions, self.now)
        if refused:
            problem = "holds an action the game refuses"
        if problem:
            log.warning("%s %s; the rest of it was ignored", where, problem)

    # -- clocks and bots -------------------------------------------------------------------
    def _clock_and_bots(self, table: Table) -> None:
        """When ``table``'s clock must tick next, and the bots' turns that are due."""
        if self.stopping:
            self.out.clocks[table.id] = None
            return
        self.out.clocks[table.id] = table.next_deadline()
        if table.game is None:
            return
        thinking = self._thinking.setdefault(table.id, set())
        for seat in table.bot_seats(self.now):
            if seat in thinking:
                continue
            thinking.add(seat)
            level = table.seats[seat].level or self.bot_level
            self.out.bots.append(BotTurn(table.id, seat, level, f"{table.bot_seed}/{seat}",
                                         table.game.hand.view(seat), table.version))

    def tick(self, table_id: int, now: float) -> None:
        """``table_id``'s clock is due: turn timeouts, the grace of dropped people."""
        self.now = now
        table = self.tables.get(table_id)
        if table is not None:
            table.tick(now)
            self.touch(table)

    def bot_moved(self, table_id: int, seat: int, version: int, action: Action | None,
                  now: float, busy: bool = False) -> None:
        """The bot of the `BotTurn` at ``version`` chose ``action`` (None: it failed or ran
        out of time: a legal move is made for it). ``busy``: its thread still thinks, so
        the seat gets no new turn until `bot_free`."""
        self.now = now
        table = self.tables.get(table_id)
        if not busy:
            self._thinking.get(table_id, set()).discard(seat)
        if table is None or self.stopping:
            return
        if action is None:
            if version != table.version:
                self._woken[table.id] = None
                return
            action = table.fallback_action(seat)
        if table.bot_move(seat, action, version, now):
            self.actions += 1
            self.touch(table)
        else:
            self._woken[table.id] = None

    def bot_free(self, table_id: int, seat: int, now: float) -> None:
        """The thread of a bot that ran out of time is free again."""
        self.now = now
        self._thinking.get(table_id, set()).discard(seat)
        if table_id in self.tables:
            self._woken[table_id] = None

    def hint_ready(self, player_id: int, asked: View, cards: list[str], reason: str,
                   moon: str | None) -> None:
        """A hint asked for with ``hint`` in the position ``asked`` is computed. It is sent
        only while the player still faces that position: one whose turn has passed (a card
        played for it when its clock ran out, or its own) would name a card for another."""
        player = self.player(player_id)
        table = self.table_at(player) if player is not None else None
        if player is None or table is None or table.game is None:
            return
        if table.seat_of(player.token) != asked.seat or \
                hint_position(table.game.hand.view(asked.seat)) != hint_position(asked):
            return
        self.send(player, {"type": "hint", "cards": cards, "reason": reason, "moon": moon})


def hint_position(view: View) -> tuple[object, ...]:
    """What a hint answers: the seat's cards and the table as the seat must act on them.
    Another seat's pass leaves it unchanged; the seat's own card or pass, or a new trick,
    changes it."""
    return (view.totals, view.dealer, view.phase, view.hand, view.passed, view.turn,
            view.trick, len(view.tricks), view.moon)


__all__ = ["ACTION_CHANGES", "BotTurn", "ConnId", "Outbox", "Outgoing", "Player", "Save",
           "ServerCore", "bot_action", "hint_position"]
