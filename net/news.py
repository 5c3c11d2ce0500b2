"""The server core's news: what a table's members are sent after its changes (saved
first), and the outbox handed over, every `Text` in it said in each reader's language."""

from __future__ import annotations

from .clocks import Clocks
from .core_state import CoreState
from .lobby import Lobby
from .mirror import TableInfo
from .outbox import ConnId, Outbox
from .records import Records
from .speech import Speech
from .table import Table
from .updates import member_messages


class News:
    """The touched tables flushed into the outbox, and the outbox taken."""

    def __init__(self, state: CoreState, speech: Speech, records: Records, clocks: Clocks,
                 lobby: Lobby) -> None:
        self.state = state
        self.speech = speech
        self.records = records
        self.clocks = clocks
        self.lobby = lobby

    def take(self) -> Outbox:
        """The decisions since the last call (and a fresh, empty outbox): the touched
        tables' news, then each touched table's clock and the bots' turns."""
        state = self.state
        if not state.touched and not state.woken and not state.out:
            return state.out        # nothing decided: the same empty outbox
        touched, state.touched = state.touched, {}
        for tid in touched:
            table = state.tables.get(tid)
            if table is not None:
                self.flush(table)
        woken = {**touched, **state.woken}
        state.woken = {}
        for tid in woken:
            table = state.tables.get(tid)
            if table is not None:
                self.clocks.look(table)
        out, state.out = state.out, Outbox()
        said_for = self.speech.said_for
        out.messages = [(conn, said_for(conn, msg)) for conn, msg in out.messages]
        out.closing = [(conn, said_for(conn, msg)) for conn, msg in out.closing]
        return out

    def flush(self, table: Table) -> None:
        """Tell everyone at ``table`` what changed there (saved first)."""
        state = self.state
        changes, seats_changed, finished = table.flush()
        if not changes and not seats_changed:
            return
        # saved before anyone hears of it: a crash loses at most the action in flight
        self.records.save(table, {c.event["type"] for c in changes} if not seats_changed
                          else None)
        players, tid, owner = state.players, table.id, table.owner
        members: list[tuple[ConnId, int | None, bool]] = []   # (connection, seat, owner)
        for token, seat in table.member_seats():
            player = players.get(token)
            if player is not None and player.conn is not None and player.table == tid:
                members.append((player.conn, seat, owner == token))
        readers, worded = self.speech.wordings(members)
        messages = member_messages(table, changes, seats_changed, members, state.now,
                                   state.packed, worded)
        if readers:
            facts: TableInfo | None = None      # the table as its readers see it, once
            for i, (conn, msg) in enumerate(messages):
                if conn in readers and isinstance(msg, dict) and msg["type"] == "update":
                    if facts is None:
                        facts = TableInfo.from_message(dict(table.full(state.now)))
                    messages[i] = (conn, self.speech.said_changes(conn, msg, facts,
                                                                  *readers[conn]))
        state.out.messages += messages
        if seats_changed:
            self.lobby.changed()
        if finished and table.game is not None:
            self.records.finished(table)


__all__ = ["News"]
