"""The server core's sessions: connections by number, the hello that makes a connection a
player (new, or returning by its token), names, and connections lost."""

from __future__ import annotations

import logging
import secrets

from hearts.i18n import T_

from .away import back_lines
from .core_state import CoreState
from .lobby import Lobby
from .messages import HelloIntent
from .names import unique_name
from .outbox import ConnId, Player
from .protocol import PROTOCOL_VERSION, clean_name, error, version_error
from .speech import Speech
from .stats import guest_id, person_id
from .words import Away

log = logging.getLogger("hearts.host")


class Sessions:
    """Who is on each open connection, and the players the host knows by token."""

    def __init__(self, state: CoreState, speech: Speech, lobby: Lobby) -> None:
        self.state = state
        self.speech = speech
        self.lobby = lobby
        self._conns: dict[ConnId, Player | None] = {}   # open connection -> who said hello
        self._addrs: dict[ConnId, str] = {}
        self._seats_only: dict[ConnId, bool] = {}

    def opened(self, conn: ConnId, addr: str, seats_only: bool = False) -> None:
        """A connection from ``addr`` is open (let in by `hearts.net.links.Links`;
        ``seats_only``: over the host's budget, so its hello may only take a seat back)."""
        self._conns[conn] = None
        self._addrs[conn] = addr
        if seats_only:
            self._seats_only[conn] = True

    def open_conns(self) -> list[ConnId]:
        """Every open connection, hello said or not."""
        return list(self._conns)

    def player_conns(self) -> list[ConnId]:
        """The open connections that said hello."""
        return [c for c, p in self._conns.items() if p is not None]

    def addr_of(self, conn: ConnId) -> str:
        """The address ``conn`` comes from ("" once it is gone)."""
        return self._addrs.get(conn, "")

    def player_on(self, conn: ConnId) -> Player | None:
        """The player who said hello on ``conn`` (None before, or once replaced)."""
        return self._conns.get(conn)

    def hello_timeout(self, conn: ConnId) -> None:
        """``conn``'s time to say hello is over: closed unless it did."""
        if conn in self._conns and self._conns[conn] is None:
            self.state.fail(conn, error("hello-timeout", T_("no hello was received in time"),
                                        "hello"))

    def hello(self, conn: ConnId, msg: HelloIntent) -> None:
        """A checked ``hello``: a new player, or a returning one by its token."""
        state = self.state
        if msg["version"] != PROTOCOL_VERSION:
            state.fail(conn, version_error(msg["version"]))
            return
        if msg.get("words"):
            self.speech.words_wanted(conn)
        name = clean_name(msg["name"], state.limits.max_name)
        if not name:      # answered, and the connection may say hello again
            state.out.messages.append((conn, error(
                "bad-name", T_("choose a name with at least one letter or digit"), "hello")))
            return
        token, key = msg.get("token"), msg.get("key")
        player = state.players.get(token) if token else None
        if player is None and key:
            # the same person coming back, by the key their client keeps (a second client
            # of a key that is connected now, as two on one computer, is someone else)
            pid = person_id(key)
            player = next((p for p in state.players.values()
                           if p.key_id == pid and p.conn is None), None)
        if self._seats_only.get(conn) and (player is None or player.table is None):
            # let in over the host's budget (net.guard): only to take a seat back
            state.fail(conn, error("limit", T_("the host has too many connections; try again "
                                               "later"), "hello"))
            return
        returning = player is not None
        if player is not None:
            old = player.conn
            if old is not None and old != conn:
                self._conns[old] = None
                state.fail(old, error("replaced", T_("you connected again from elsewhere; this "
                                                     "connection is closed")))
        else:
            player = Player(state.next_player, secrets.token_urlsafe(12), self.unique_name(name))
            state.next_player += 1
            state.players[player.token] = player
        if not player.pid:
            player.pid = person_id(key) if key else guest_id(player.token)
        addr = self._addrs.get(conn, "")
        player.conn = conn
        player.addr = addr
        self._conns[conn] = player
        table = state.table_at(player)
        if (table is not None and table.reconnect(player.token, state.now) is None
                and player.token not in table.watchers):
            table = None
        player.table = table.id if table is not None else None
        state.send(player, {"type": "welcome", "version": PROTOCOL_VERSION, "host": state.name,
                            "name": player.name, "token": player.token, "player": player.id,
                            "returning": returning, "table": player.table})
        state.send(player, self.lobby.tables_message())
        log.info("%s joined from %s", player.name, addr)
        if table is not None:
            seat = table.seat_of(player.token)
            shown = self.lobby.table_message(table, player, seat)
            away = msg.get("away")
            if away is not None and seat is not None and self.speech.wants_words(conn):
                shown["away"] = back_lines(shown, Away(*away), self.speech.words_for(conn))
            state.send(player, shown)
            state.touch(table)

    def unique_name(self, name: str) -> str:
        """``name``, or ``name#2``... when a player's name looks like it (`hearts.net.names`)."""
        return unique_name(name, (p.name for p in self.state.players.values()),
                           self.state.limits.max_name)

    def lost(self, conn: ConnId) -> None:
        """``conn`` is gone."""
        state = self.state
        self._addrs.pop(conn, None)
        self._seats_only.pop(conn, None)
        self.speech.drop(conn)
        player = self._conns.pop(conn, None)
        if player is None or player.conn != conn:
            return
        player.conn = None
        if state.stopping:
            return
        log.info("%s disconnected", player.name)
        table = state.table_at(player)
        if table is None:
            self.lobby.forget(player)
            return
        table.drop(player.token, state.now)
        if table.seat_of(player.token) is None:
            player.table = None
            self.lobby.forget(player)
        state.touch(table)
        self.lobby.maybe_close(table)


__all__ = ["Sessions"]
