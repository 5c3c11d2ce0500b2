"""The server core's intents: one decoded value from a connection checked and answered
(hello first, ping and pong, then a `_do_<type>` handler for each intent of
`hearts.net.protocol.INTENTS`); a refused one costs one error, never the host."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, cast

from hearts.bots.base import check_bot_name
from hearts.engine import RulesError
from hearts.i18n import T_, nT_, said, text_of

from .core_state import CoreState
from .errors import NetError
from .guard import Guard, hash_password
from .lobby import Lobby
from .messages import (AllowIntent, BotIntent, ChatIntent, ClaimIntent, ClientMessage,
                       CommandIntent, CreateTableIntent, EndIntent, GameIntent,
                       GamesIntent, GamesMessage, HintIntent, KickIntent, LeaveIntent,
                       ListTablesIntent, MoonIntent, PassIntent, PauseIntent, PlayIntent,
                       ResumeIntent, SetPasswordIntent, SetRulesIntent, SetTargetIntent,
                       SitIntent, StartIntent, StatsIntent, StatsMessage, UndoIntent,
                       WatchIntent)
from .names import clean_name
from .outbox import ConnId, Player
from .passwords import PasswordGuard
from .protocol import INTENTS, ProtocolError, check_intent, error, intent_action
from .records import Records
from .sessions import Sessions
from .speech import Speech
from .table import Table, TableError

log = logging.getLogger("hearts.host")

Commands = Callable[[Player, str], tuple[str, bool]]
"""The chat console: a ``/command`` line for a player -> (answer, ok)."""


class Intents:
    """Every request a connection makes, decided (the effects go into the outbox)."""

    def __init__(self, state: CoreState, sessions: Sessions, speech: Speech, lobby: Lobby,
                 records: Records, guard: Guard, commands: Commands) -> None:
        self.state = state
        self.sessions = sessions
        self.speech = speech
        self.lobby = lobby
        self.records = records
        self.guard = guard
        self.commands = commands
        self.passwords = PasswordGuard(state.limits, self._tell_guessed)
        self._games = 0
        # each takes its intent's TypedDict (net.messages), checked by `check_intent`
        self._handlers: dict[str, Callable[[Player, Any], None]] = {
            kind: getattr(self, "_do_" + kind) for kind in INTENTS
            if hasattr(self, "_do_" + kind)}

    def handle(self, conn: ConnId, raw: Any) -> None:
        """Decide on one decoded value from ``conn``."""
        state = self.state
        out = state.out
        player = self.sessions.player_on(conn)
        if player is None and isinstance(raw, dict) and isinstance(raw.get("lang"), str):
            self.speech.heard(conn, raw["lang"])   # its errors, even a refused hello's
        try:
            msg = check_intent(raw, state.limits)
        except ProtocolError as e:
            ref = raw.get("type") if isinstance(raw, dict) and isinstance(raw.get("type"), str) \
                else None
            answer = error(e.code, e.message, ref[:32] if ref else None)
            if player is None:
                state.fail(conn, answer)    # before hello: one error, then the door closes
            else:
                out.messages.append((conn, answer))
            return
        kind = msg["type"]
        if player is None:
            if msg["type"] != "hello":
                state.fail(conn, error("hello-first", T_("the first message must be a hello"),
                                       kind))
                return
            self.sessions.hello(conn, msg)
            return
        if kind == "ping":
            out.messages.append((conn, {"type": "pong"}))
            return
        if kind == "pong":
            return
        if kind == "hello":
            out.messages.append((conn, error(
                "state", T_("this connection has already said hello"), "hello")))
            return
        before = player.table
        try:
            self.dispatch(player, msg)
        except NetError as e:
            out.messages.append((conn, error(e.code, e.message, kind)))
        except Exception:  # a bug must cost one request, not the host
            log.exception("failed on %r from %s", kind, player.name)
            out.messages.append((conn, error(
                "internal", T_("the host failed on this request; the failure was logged"), kind)))
        for tid in (before, player.table):
            if tid is not None and tid in state.tables:
                state.touched[tid] = None
        if player.table is not None and player.table in state.tables:
            state.tables[player.table].ids.setdefault(player.token, player.pid)

    def dispatch(self, player: Player, msg: ClientMessage) -> None:
        """Carry out one checked intent for ``player``; raises `NetError` when refused."""
        handler = self._handlers.get(msg["type"])
        if handler is None:
            raise TableError("unknown-type", T_("the host does not handle {kind}",
                                                kind=repr(msg["type"])))
        handler(player, msg)

    def handled(self) -> frozenset[str]:
        """The intent types carried out (hello, ping and pong in `handle`)."""
        return frozenset(self._handlers) | {"hello", "ping", "pong"}

    # -- the lobby ---------------------------------------------------------------------------
    def _do_list_tables(self, player: Player, msg: ListTablesIntent) -> None:
        self.state.send(player, self.lobby.tables_message())

    def _do_create_table(self, player: Player, msg: CreateTableIntent) -> None:
        state = self.state
        if len(state.tables) >= state.limits.max_tables:
            raise TableError("limit", T_("the host already has {n} tables, its limit",
                                         n=len(state.tables)))
        rules = state.rules
        changes = msg.get("rules")
        if changes:
            try:
                rules = rules.with_changes(changes)
            except RulesError as e:
                raise TableError("rules", text_of(e)) from None
        opener = self._check_tables_per_address(player)
        self.lobby.leave_current(player)
        tid = state.next_table
        state.next_table += 1
        if opener:
            state.opened_from[tid] = opener
        # a table without a name is named in its creator's language ("Chez Zoé"), whole
        # (`Limits.max_title` has room for every language's sentence around any name)
        name = msg.get("name") or clean_name(
            said(T_("{name}'s table", name=player.name),
                 self.speech.words_for(player.conn) if player.conn else None),
            state.limits.max_title)
        table = Table(tid, name, rules, bot_level=state.bot_level,
                      drop_grace=state.limits.drop_grace)
        table.owner = player.token
        table.password = hash_password(msg.get("password"))
        state.tables[tid] = table
        table.sit(player.token, player.name, msg.get("seat") or 0, state.now)
        player.table = tid
        log.info("%s created table %d (%s)", player.name, tid, rules.summary())
        self.lobby.send_table(table, player)

    def _check_tables_per_address(self, player: Player) -> str | None:
        """The address ``player`` opens a table from (None: this machine); a `limit`
        error when that address has `Limits.tables_per_address` open already."""
        limits, addr = self.state.limits, player.addr
        if not addr or addr in limits.trusted:
            return None
        opened = sum(1 for a in self.state.opened_from.values() if a == addr)
        if opened >= limits.tables_per_address:
            raise TableError("limit", nT_(
                "{n} table opened from your address is still open, as many as one address "
                "may have: close it first",
                "{n} tables opened from your address are still open, as many as one address "
                "may have: close one first", opened))
        return addr

    def _do_sit(self, player: Player, msg: SitIntent) -> None:
        table = self.state.get_table(msg["table"])
        if player.table != table.id:
            table.check_not_kicked(player.token, player.name, player.key_id, player.addr)
            self.passwords.check(table, msg.get("password"), player.addr, self.state.now)
            table.seat_for(player.token, msg.get("seat"))     # refused: still at the old one
            self.lobby.leave_current(player)
        seat = table.sit(player.token, player.name, msg.get("seat"), self.state.now)
        player.table = table.id
        log.info("%s sat at table %d seat %d", player.name, table.id, seat)
        self.lobby.send_table(table, player)

    def _do_watch(self, player: Player, msg: WatchIntent) -> None:
        table = self.state.get_table(msg["table"])
        if player.table != table.id:
            table.check_not_kicked(player.token, player.name, player.key_id, player.addr)
            self.passwords.check(table, msg.get("password"), player.addr, self.state.now)
            self.lobby.leave_current(player)
        table.watch(player.token, player.name, self.state.now)
        player.table = table.id
        self.lobby.send_table(table, player)

    def _tell_guessed(self, table: Table) -> None:
        """Someone keeps guessing ``table``'s password: its owner hears it once."""
        owner = self.state.players.get(table.owner) if table.owner else None
        if owner is not None:
            self.state.send(owner, {"type": "chat", "scope": "lobby", "name": "host", "text": T_(
                "Someone keeps giving wrong passwords for table {number}; the host now makes "
                "each try wait.", number=table.id)})

    def _do_leave(self, player: Player, msg: LeaveIntent) -> None:
        if player.table is None:
            raise TableError("not-at-table", T_("you are not at a table"))
        self.lobby.leave_current(player)

    # -- the game ----------------------------------------------------------------------------
    def _do_pass(self, player: Player, msg: PassIntent | PlayIntent | MoonIntent | ClaimIntent) -> None:
        table = self.state.table_of(player)
        action = intent_action(msg, table.player_seat(player.token))
        table.act(player.token, action, self.state.now)
        self.state.actions += 1

    _do_play = _do_moon = _do_claim = _do_pass

    def _do_undo(self, player: Player, msg: UndoIntent) -> None:
        self.state.table_of(player).undo(player.token, self.state.now)

    def _do_hint(self, player: Player, msg: HintIntent) -> None:
        table = self.state.table_of(player)
        seat = table.player_seat(player.token)
        if table.game is None or not table.running:
            raise TableError("state", T_("no game is running at this table"))
        if seat not in table.waiting_for():
            raise TableError("state", T_("it is not your turn"))
        self.state.out.hints.append((player.id, table.game.hand.view(seat)))

    # -- chat ----------------------------------------------------------------------------------
    def _do_chat(self, player: Player, msg: ChatIntent) -> None:
        text = msg["text"]
        if text.startswith("/"):
            self._do_command(player, msg)
            return
        if player.table is None or player.table not in self.state.tables:
            self.lobby.say(player, text)
            return
        table = self.state.table_of(player)
        self.guard.chat(player, self.state.now)
        table.say(player.name, table.seat_of(player.token), text)

    def _do_command(self, player: Player, msg: ChatIntent | CommandIntent) -> None:
        text, ok = self.commands(player, msg["text"])
        self.state.send(player, {"type": "reply", "text": text, "ok": ok})

    # -- the owner's commands ------------------------------------------------------------------
    def _do_start(self, player: Player, msg: StartIntent) -> None:
        table = self.state.table_of(player)
        seed = self.state.seed
        game_seed = None if seed is None else hash((seed, table.id, self._games)) & (2**62 - 1)
        self._games += 1
        table.start(player.token, self.state.now, game_seed)

    def _do_pause(self, player: Player, msg: PauseIntent) -> None:
        self.state.table_of(player).pause(player.token, self.state.now)

    def _do_resume(self, player: Player, msg: ResumeIntent) -> None:
        self.state.table_of(player).resume(player.token, self.state.now)

    def _do_end(self, player: Player, msg: EndIntent) -> None:
        self.state.table_of(player).end_game(player.token)

    def _do_set_rules(self, player: Player, msg: SetRulesIntent) -> None:
        self.state.table_of(player).set_rules(player.token, msg["rules"])

    def _do_set_target(self, player: Player, msg: SetTargetIntent) -> None:
        self.state.table_of(player).set_target(player.token, msg["target"])

    def _do_kick(self, player: Player, msg: KickIntent) -> None:
        table = self.state.table_of(player)
        self.lobby.kicked(table, table.kick(player.token, msg["seat"], self.state.now))

    def _do_set_password(self, player: Player, msg: SetPasswordIntent) -> None:
        self.state.table_of(player).set_password(player.token,
                                                 hash_password(msg.get("password")))

    def _do_allow(self, player: Player, msg: AllowIntent) -> None:
        self.state.table_of(player).allow(player.token, msg["name"])

    def _do_bot(self, player: Player, msg: BotIntent) -> None:
        table = self.state.table_of(player)
        level = msg.get("level")
        if level is not None:
            try:   # by name only: nothing a guest sends is imported or built
                check_bot_name(level, self.state.plug_ins, self.state.limits.bot_ceiling)
            except ValueError as e:
                raise TableError("bad-message", text_of(e)) from None
        table.set_bot(player.token, msg["seat"], level)

    # -- the finished games ----------------------------------------------------------------------
    def _do_stats(self, player: Player, msg: StatsIntent) -> None:
        self.state.send(player, cast(StatsMessage, self.records.stats(player)))

    def _do_games(self, player: Player, msg: GamesIntent) -> None:
        self.state.send(player, cast(GamesMessage, self.records.games(msg.get("before"),
                                                                      msg.get("limit"))))

    def _do_game(self, player: Player, msg: GameIntent) -> None:
        self.records.game(player, msg.get("id"), msg.get("hand") or 0)


__all__ = ["Commands", "Intents"]
