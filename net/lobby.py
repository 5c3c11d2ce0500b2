"""The server core's room of tables: the table list and its pacing, people leaving and
being kicked, tables closing (emptied, abandoned, or by the operator), lobby chat and the
host's announcements."""

from __future__ import annotations

import logging
from typing import Any, cast

from hearts.i18n import Text

from .advert import Advert
from .clocks import Clocks
from .core_state import CoreState
from .guard import Guard
from .messages import ChatMessage, LeftMessage, TableMap, TableMessage, TablesMessage
from .outbox import ConnId, Player
from .protocol import clean_text, encode
from .records import Records
from .speech import Leaving
from .table import OPERATOR, Table
from .updates import table_message

log = logging.getLogger("hearts.host")


def left_message(table_id: int, name: str, reason: str) -> LeftMessage:
    """The ``left`` for a person no longer at table ``table_id`` (called ``name``), with
    its sentence for a connection that asked for words (`Speech.said_for` says it)."""
    return cast(LeftMessage, {"type": "left", "table": table_id, "reason": reason,
                              "said": Leaving(name, reason)})


class Lobby:
    """The tables of one host as the lobby sees them, and the ways out of a table."""

    def __init__(self, state: CoreState, guard: Guard, records: Records, clocks: Clocks,
                 advert: Advert) -> None:
        self.state = state
        self.advert = advert
        self.guard = guard
        self.records = records
        self.clocks = clocks
        self._next_list = 0.0                     # no table list to the lobby before this
        self._list_due = False                    # a list is on its way (`due`)

    # -- what the lobby is sent ----------------------------------------------------------
    def tables_message(self, now: float | None = None) -> TablesMessage:
        """The ``tables`` message: every table's public line (at ``now``, by default the
        time of the event being handled)."""
        now = self.state.now if now is None else now
        return {"type": "tables", "tables": [t.public(now) for t in self.state.tables.values()]}

    def table_message(self, table: Table, player: Player, seat: int | None,
                      full: TableMap | None = None, public: dict[str, Any] | None = None
                      ) -> TableMessage:
        """A ``table`` message for ``player`` at ``seat`` (``full`` and ``public`` when the
        caller has them already, for several members at once)."""
        return table_message(table, table.owner == player.token, seat, self.state.now, full,
                             public)

    def send_table(self, table: Table, player: Player) -> None:
        self.state.send(player, self.table_message(table, player, table.seat_of(player.token)))

    def conns(self) -> list[ConnId]:
        """The connections of the people at no table (they are sent the table list)."""
        return [p.conn for p in self.state.players.values()
                if p.table is None and p.conn is not None]

    def table_conns(self, table_id: int) -> list[ConnId]:
        """The connections of the people at table ``table_id`` (seated or watching)."""
        table = self.state.tables.get(table_id)
        if table is None:
            return []
        people = (self.state.players.get(token) for token in table.members())
        return [p.conn for p in people if p is not None and p.conn is not None]

    def notice(self, table_id: int, text: Text) -> None:
        """Say ``text`` as "host" to each person at ``table_id``, in their own language."""
        line: ChatMessage = {"type": "chat", "scope": "lobby", "name": "host", "text": text}
        self.state.out.messages += [(conn, line) for conn in self.table_conns(table_id)]

    def delay(self, now: float) -> float:
        """Seconds to wait before the next table list goes to the lobby (at least 0.3)."""
        return max(0.3, self._next_list - now)

    def changed(self) -> None:
        """The table list changed: the lobby hears of it when its pace allows (`due`)."""
        self.advert.changed()
        if not self._list_due and not self.state.stopping:
            self._list_due = True
            self.state.out.lobby_at = self.state.now + self.delay(self.state.now)

    def due(self) -> None:
        """Send the table list to everyone at no table, and pace the next one so the lobby
        gets at most ``lobby_bytes_per_second``: idle connections cannot swamp play."""
        self._list_due = False
        conns = self.conns()
        if not conns or self.state.stopping:
            return
        now = self.state.now
        msg = encode(self.tables_message(now))
        self._next_list = now + len(msg) * len(conns) / self.state.limits.lobby_bytes_per_second
        # ``lobby_chunk`` connections per event-loop turn: the tables play in between
        chunk = self.state.limits.lobby_chunk
        self.state.out.broadcasts.append(
            ([conns[i:i + chunk] for i in range(0, len(conns), chunk)], msg))

    # -- chat and announcements ------------------------------------------------------------
    def say(self, player: Player, text: str) -> None:
        """``player``'s lobby chat line (from anywhere), after the chat rate guards."""
        self.guard.chat(player, self.state.now)
        self.guard.lobby_chat(self.state.now)
        self.chat(player.name, text)

    def chat(self, name: str, text: str, everyone: bool = True) -> int:
        """Say a lobby line: to every connected player (those at tables see it marked as
        the lobby's), or with ``everyone`` False only to those at no table. The line holds
        a name and text only, nothing of any table. Returns how many got it."""
        line: ChatMessage = {"type": "chat", "scope": "lobby", "name": name, "text": text}
        conns = [p.conn for p in self.state.players.values()
                 if p.conn is not None and (everyone or p.table is None)]
        self.state.out.messages += [(conn, line) for conn in conns]
        return len(conns)

    def announce(self, text: str, table_id: int | None = None) -> int:
        """Say ``text`` as "host" at one table, or at every table and in the lobby;
        returns how many tables."""
        state = self.state
        text = clean_text(text, state.limits.max_chat)
        tables = [state.tables[table_id]] if table_id is not None else list(state.tables.values())
        for table in tables:
            table.say("host", None, text)
            state.touch(table)
        if table_id is None:
            self.chat("host", text, everyone=False)
        return len(tables)

    # -- the ways out of a table -----------------------------------------------------------
    def leave_current(self, player: Player, why: str = "left") -> None:
        """Take ``player`` away from its table, if it is at one."""
        if player.table is None:
            return
        table = self.state.tables.get(player.table)
        player.table = None
        if table is None:
            return
        table.leave(player.token, self.state.now, why)
        self.state.send(player, left_message(table.id, table.name, why))
        self.state.touch(table)
        self.maybe_close(table)

    def kicked(self, table: Table, victim_token: str) -> None:
        """Tell a kicked player, and forget it if it is gone; the table remembers their
        key and address, so that a new name or connection does not bring them back."""
        victim = self.state.players.get(victim_token)
        if victim is not None:
            table.bar(victim_token, victim.key_id, victim.addr)
        if victim is not None and victim.table == table.id:
            victim.table = None
            self.state.send(victim, left_message(table.id, table.name, "kicked"))
            if victim.conn is None:
                self.forget(victim)
            log.info("%s was kicked from table %d", victim.name, table.id)

    def operator_kick(self, table: Table, seat: int) -> None:
        """Kick the person in ``seat`` with the owner's power (the host's console)."""
        self.kicked(table, table.kick(OPERATOR, seat, self.state.now))
        self.state.touch(table)

    def operator_end(self, table: Table) -> None:
        """End ``table``'s game with the owner's power (the host's console)."""
        table.end_game(OPERATOR)
        self.state.touch(table)

    def forget(self, player: Player) -> None:
        """``player`` is gone for good (disconnected, at no table)."""
        self.state.players.pop(player.token, None)

    def maybe_close(self, table: Table, keep_save: bool = False) -> None:
        """A table with nobody left (seated, dropped or watching) is closed; its save files
        go too unless ``keep_save`` (a game nobody came back to: `--resume` can still)."""
        state = self.state
        if table.members() or state.stopping:
            return
        state.tables.pop(table.id, None)
        state.touched.pop(table.id, None)
        state.woken.pop(table.id, None)
        self.clocks.forget(table.id)
        self.records.forget(table.id)
        state.alone_since.pop(table.id, None)
        state.opened_from.pop(table.id, None)
        state.out.closed_tables.append((table.id, keep_save))
        self.changed()
        log.info("table %d closed", table.id)

    def close_table(self, table_id: int, reason: str) -> None:
        """Send everyone away from a table and remove it (and its save)."""
        table = self.state.tables.get(table_id)
        if table is None:
            return
        for token in table.members():
            player = self.state.players.get(token)
            if player is not None and player.table == table_id:
                player.table = None
                self.state.send(player, left_message(table_id, table.name, reason))
        table.clear_people()
        self.maybe_close(table)

    def sweep(self) -> list[int]:
        """Close tables nobody has been connected to for ``abandoned_after`` (a running
        game keeps its save, for `--resume`); their ids."""
        state = self.state
        closed = []
        for table in list(state.tables.values()):
            alone = state.alone_for(table)
            if alone is None or alone < state.limits.abandoned_after:
                continue
            for p in (state.players.get(t) for t in table.members()):
                if p is not None and p.conn is None and p.table == table.id:
                    self.forget(p)
            running = table.running
            table.clear_people()
            self.maybe_close(table, keep_save=running)
            closed.append(table.id)
        self.guard.forget_all_but(state.players.keys())
        return closed


__all__ = ["Lobby"]
