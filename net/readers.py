"""The server core's flow control: each connection's unread output as the host reports
it. A reader that takes nothing is dropped at ``max_write_buffer``; while someone at a
table is more than ``bot_wait_buffer`` behind (and not for ``slow_reader_wait`` straight),
the table's bots' moves are held, so that bots playing bots (a demo, a watched bots'
table) go no faster than the slowest reader and never fill the limit of one that reads,
however slowly."""

from __future__ import annotations

import logging

from hearts.engine import Action

from .clocks import Clocks
from .core_state import CoreState
from .lobby import Lobby
from .outbox import ConnId

log = logging.getLogger("hearts.host")


class Readers:
    """Who is behind in reading, since when, and the bots' moves held for them."""

    def __init__(self, state: CoreState, lobby: Lobby, clocks: Clocks) -> None:
        self.state = state
        self.lobby = lobby
        self.clocks = clocks
        self._behind: dict[ConnId, float] = {}     # connection -> since when it is behind
        self._held: dict[int, list[tuple[int, int, Action | None]]] = {}  # table -> moves
        self._dropped: set[ConnId] = set()         # ordered dropped, not yet lost

    @property
    def mark(self) -> int:
        """Unread bytes over which the host reports a connection's output (`unread`): the
        lower of the two limits, so that both are seen."""
        lim = self.state.limits
        return min(lim.bot_wait_buffer, lim.max_write_buffer)

    def unread(self, conn: ConnId, nbytes: int) -> None:
        """``conn`` has ``nbytes`` of output it has not read yet (reported over the `mark`
        after each send, and when it drains back to it)."""
        state = self.state
        if nbytes > state.limits.max_write_buffer:
            if conn not in self._dropped:
                self._dropped.add(conn)
                log.warning("dropping connection %d: it does not read its messages", conn)
                state.out.drop.append(conn)
        elif nbytes > self.mark:
            self._behind.setdefault(conn, state.now)
            return
        if self._behind.pop(conn, None) is not None:
            self.let_go()

    def lost(self, conn: ConnId) -> None:
        """``conn`` is gone: no table waits for it."""
        self._dropped.discard(conn)
        if self._behind.pop(conn, None) is not None:
            self.let_go()

    def holds_back(self, table_id: int) -> bool:
        """Whether someone at ``table_id`` is behind, and not for ``slow_reader_wait`` yet."""
        if not self._behind:
            return False
        now, wait = self.state.now, self.state.limits.slow_reader_wait
        behind = self._behind
        return any(now - behind[c] < wait for c in self.lobby.table_conns(table_id)
                   if c in behind)

    def hold(self, table_id: int, seat: int, version: int, action: Action | None) -> None:
        """Keep a bot's move until the table's readers have caught up (`let_go`)."""
        self._held.setdefault(table_id, []).append((seat, version, action))

    def let_go(self) -> None:
        """Make the held moves of every table nobody holds back any more."""
        for table_id in [t for t in self._held if not self.holds_back(t)]:
            for seat, version, action in self._held.pop(table_id):
                self.clocks.bot_moved(table_id, seat, version, action)

    def next_due(self, now: float, later: float) -> float:
        """When the first reader's wait ends while a move is held, if before ``later``."""
        if not self._held or not self._behind:
            return later
        wait = self.state.limits.slow_reader_wait
        return min([later, *(since + wait for since in self._behind.values()
                             if since + wait > now)])


__all__ = ["Readers"]
