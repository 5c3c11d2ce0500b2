"""The server core's links: each connection as the host reports it. Let in within the
budgets (or refused, or an older one evicted to make room: `hearts.net.guard.Guard`), its
message rate, when it was last heard, whether it said hello in time; the heartbeat:
pings, closing the silent and those without hello, sweeping the abandoned tables. Every
answer is an outbox order the host carries out."""

from __future__ import annotations

import logging

from .core_state import CoreState
from .guard import Guard
from .lobby import Lobby
from .outbox import ConnId, Outgoing
from .protocol import encode
from .readers import Readers
from .sessions import Sessions

log = logging.getLogger("hearts.host")


class Links:
    """Who may connect, how fast they may talk, and who has gone silent (or never spoke)."""

    def __init__(self, state: CoreState, guard: Guard, sessions: Sessions, lobby: Lobby,
                 readers: Readers) -> None:
        self.state = state
        self.guard = guard
        self.sessions = sessions
        self.lobby = lobby
        self.readers = readers
        self._heard: dict[ConnId, float] = {}      # open connection -> its last whole message
        self._hello_by: dict[ConnId, float] = {}   # connection -> when its hello is due
        self._next_ping: float | None = None
        self._beat_at: float | None = None         # the heartbeat ordered last
        ping = {"type": "ping"}
        self._ping: Outgoing = encode(ping) if state.packed else ping  # type: ignore[assignment]

    def opened(self, conn: ConnId, addr: str, pool: str) -> None:
        """A connection from ``addr`` to the ``pool`` port ("game", "web") is open: let in,
        or refused with a last error; an older one without hello may be evicted for it."""
        state = self.state
        answer = self.guard.admit(conn, addr, pool, state.now,
                                  lambda c: self.sessions.player_on(c) is not None)
        for old, last in answer.evicted:
            self._heard.pop(old, None)
            state.fail(old, last)
        if answer.refused is not None:
            state.fail(conn, answer.refused)
            return
        self._heard[conn] = state.now
        self.sessions.opened(conn, addr, answer.seats_only)
        if pool != "web":                   # a page's request first becomes a WebSocket
            self.expect_hello(conn)

    def expect_hello(self, conn: ConnId) -> None:
        """``conn`` must say hello within ``hello_timeout`` from now (else it is closed by
        the heartbeat, which comes then at the latest)."""
        due = self.state.now + self.state.limits.hello_timeout
        self._hello_by[conn] = due
        if self._beat_at is not None and due < self._beat_at:
            self._beat_at = self.state.out.heartbeat_at = due

    def received(self, conn: ConnId, messages: int, others: int = 0) -> bool:
        """``conn`` sent ``messages`` whole messages (and ``others`` frames that count toward
        its rate, like a WebSocket's pings): whether they are within its rate (if not, it
        is closed). Only whole messages count as life: a client dribbling a frame byte by
        byte goes silent like one that sends nothing."""
        if messages and conn in self._heard:
            self._heard[conn] = self.state.now
        refused = self.guard.messages(conn, messages + others, self.state.now)
        if refused is None:
            return True
        self._heard.pop(conn, None)
        self.state.fail(conn, refused)
        return False

    def lost(self, conn: ConnId) -> None:
        """``conn`` is gone: its place in the budgets is free."""
        self._heard.pop(conn, None)
        self._hello_by.pop(conn, None)
        self.guard.release(conn)

    def heartbeat(self) -> None:
        """The connections' clock: every ``heartbeat_interval`` a ping to each player and
        the abandoned tables swept; a connection silent for ``heartbeat_timeout`` dropped,
        one that has not said hello in time closed; the bots' moves held for a reader
        whose wait is over let go. The next beat is ordered (``heartbeat_at``) at most
        ``silence_check`` away, sooner when a hello or a reader's wait is due sooner."""
        state = self.state
        now, lim = state.now, state.limits
        for conn in [c for c, due in self._hello_by.items() if due <= now]:
            del self._hello_by[conn]
            self.sessions.hello_timeout(conn)
        silent = [c for c, heard in self._heard.items() if now - heard > lim.heartbeat_timeout]
        for conn in silent:
            del self._heard[conn]
            log.info("closing silent connection from %s", self.sessions.addr_of(conn))
            state.out.drop.append(conn)
        if self._next_ping is None:
            self._next_ping = now + lim.heartbeat_interval
        elif now >= self._next_ping:
            self._next_ping = now + lim.heartbeat_interval
            self.lobby.sweep()
            state.out.messages += [(conn, self._ping) for conn in self.sessions.player_conns()
                                   if conn in self._heard]
        self.readers.let_go()
        step = min(lim.silence_check, lim.heartbeat_interval)
        self._beat_at = state.out.heartbeat_at = min(
            [self.readers.next_due(now, now + step), *self._hello_by.values()])


__all__ = ["Links"]
