"""What the server core decides, as values: the `Outbox` the host carries out, and the
records it is made of (`Save`, `BotTurn`, a `Player` known by token, a `ConnId`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hearts.engine import View

from .messages import ErrorMessage, HostMessage
from .stats import is_guest_id

ConnId = int
"""The host's number for one connection (never reused while the host runs)."""


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

    @property
    def key_id(self) -> str:
        """The id of the player key this person's client keeps ("" without one)."""
        return "" if is_guest_id(self.pid) else self.pid


@dataclass(frozen=True)
class GameRead:
    """A finished game the host reads from its history files for player ``player`` (its
    ``hand`` page) and hands back to `hearts.net.server.ServerCore.game_read`: the core
    reads no file itself."""

    player: int
    game: int
    hand: int


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
    ``seed``; a ``fallback`` level when ``level`` cannot be built) about ``view`` in a
    thread and reports with `hearts.net.server.ServerCore.bot_moved`."""

    table: int
    seat: int
    level: str
    seed: str
    view: View
    version: int
    fallback: str = "random"
    people: bool = True     # a person is connected to the table: its moves go first


Outgoing = HostMessage | bytes
"""A message for a connection: a map, or one already packed (`hearts.net.updates`)."""


@dataclass
class Outbox:
    """What the core decided should happen since the last `ServerCore.take`. The host
    writes ``saves`` first (nobody hears of a change before it is saved), then sends
    ``messages`` in order, then closes the ``closing`` connections, each after a last
    error, and the ``hang_up`` ones (told already: the ``bye`` at shutdown)."""

    saves: list[Save] = field(default_factory=list)
    messages: list[tuple[ConnId, Outgoing]] = field(default_factory=list)
    closing: list[tuple[ConnId, ErrorMessage]] = field(default_factory=list)
    hang_up: list[ConnId] = field(default_factory=list)
    clocks: dict[int, float | None] = field(default_factory=dict)  # table -> call `tick` at
    bots: list[BotTurn] = field(default_factory=list)
    hints: list[tuple[int, View]] = field(default_factory=list)    # (player id, its view)
    closed_tables: list[tuple[int, bool]] = field(default_factory=list)  # (id, keep_save)
    lobby_changed: bool = False     # the table list changed: tell the LAN (debounced)
    lobby_at: float | None = None   # call `ServerCore.lobby_due` then (the list is paced)
    # one message for many connections, sent ``lobby_chunk`` per event-loop turn
    broadcasts: list[tuple[list[ConnId], bytes]] = field(default_factory=list)
    reads: list[GameRead] = field(default_factory=list)    # finished games to read

    def __bool__(self) -> bool:
        return bool(self.saves or self.messages or self.closing or self.hang_up
                    or self.clocks or self.bots
                    or self.hints or self.closed_tables or self.lobby_changed
                    or self.lobby_at is not None or self.broadcasts or self.reads)


__all__ = ["BotTurn", "ConnId", "GameRead", "Outbox", "Outgoing", "Player", "Save"]
