"""What every part of the server core shares: the host's settings, its tables and players,
the time of the event being handled, and the `Outbox` being filled."""

from __future__ import annotations

from dataclasses import dataclass, field

from hearts.engine import Rules
from hearts.i18n import T_

from .limits import DEFAULT_LIMITS, Limits
from .outbox import ConnId, Outbox, Outgoing, Player
from .messages import ErrorMessage
from .table import Table, TableError


@dataclass(eq=False)
class CoreState:
    """The tables and players of one host and the outbox its decisions go into.

    ``saving``: the host keeps save files (the outbox then holds `Save` orders);
    ``packed``: updates come as packed bytes (the host), else as maps (tests)."""

    name: str = "Hearts"
    rules: Rules = field(default_factory=Rules)
    limits: Limits = DEFAULT_LIMITS
    bot_level: str = "normal"
    plug_ins: tuple[str, ...] = ()
    seed: int | None = None
    saving: bool = False
    packed: bool = False
    tables: dict[int, Table] = field(default_factory=dict)
    players: dict[str, Player] = field(default_factory=dict)    # token -> player
    next_table: int = 1
    next_player: int = 1
    stopping: bool = False
    actions: int = 0
    now: float = 0.0                   # the time of the event being handled
    out: Outbox = field(default_factory=Outbox)
    touched: dict[int, None] = field(default_factory=dict)     # tables to flush, in order
    woken: dict[int, None] = field(default_factory=dict)       # clocks and bots to look at
    alone_since: dict[int, float] = field(default_factory=dict)  # table -> its last person went
    opened_from: dict[int, str] = field(default_factory=dict)    # table -> the opener's address

    def send(self, player: Player, msg: Outgoing) -> None:
        """Queue ``msg`` for ``player`` (dropped while it is disconnected)."""
        if player.conn is not None:
            self.out.messages.append((player.conn, msg))

    def fail(self, conn: ConnId, msg: ErrorMessage) -> None:
        """Send a last error to ``conn`` and close it."""
        self.out.closing.append((conn, msg))

    def touch(self, table: Table) -> None:
        """``table``'s queued changes must go out."""
        self.touched[table.id] = None

    def wake(self, table_id: int) -> None:
        """``table_id``'s clock and bots must be looked at again."""
        self.woken[table_id] = None

    def alone_for(self, table: Table) -> float | None:
        """Seconds since the last person connected to ``table`` (seated or watching) went;
        None while someone is (its bots rest after `Limits.bots_alone`, it closes after
        `Limits.abandoned_after`)."""
        for token in table.member_tokens():         # (asked after every action: no lists)
            p = self.players.get(token)
            if p is not None and p.conn is not None:
                self.alone_since.pop(table.id, None)
                return None
        return self.now - self.alone_since.setdefault(table.id, self.now)

    def player(self, player_id: int) -> Player | None:
        """The player numbered ``player_id``, while the host knows them."""
        return next((p for p in self.players.values() if p.id == player_id), None)

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
        """Table ``table_id``; `TableError` ``no-table`` when there is none."""
        table = self.tables.get(table_id)
        if table is None:
            raise TableError("no-table", T_("there is no table {number}", number=table_id))
        return table


__all__ = ["CoreState"]
