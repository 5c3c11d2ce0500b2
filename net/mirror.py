"""What a client knows of the host, sans-I/O: one mirror for every front end.

`Mirror.feed(message)` folds each message the host sends (docs/protocol.md) into
plain values: who we are (``welcome``), the lobby (``tables``), the table we are at
as a `TableInfo` (seats, owner, state, totals, every scored hand, rules) and our
seat's `View`. The pygame client, the text client and `hearts.net.client.Client` read it
and keep only presentation. No sockets, no clock.

>>> m = Mirror()
>>> m.feed({"type": "welcome", "name": "Ann", "token": "t", "player": 1, "host": "den"})
>>> m.name, m.at_table
('Ann', False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hearts.engine import Rules, View
from hearts.i18n import N_, _

# by seat relative to the viewer
POSITION_NAMES = (N_("You"), N_("West"), N_("North"), N_("East"))


@dataclass
class SeatInfo:
    """One seat as the host describes it."""

    seat: int
    kind: str = "bot"            # "human" | "bot" | "empty"
    name: str | None = None
    level: str | None = None
    connected: bool = True
    auto: bool = False           # a bot plays for a dropped or timed-out person

    @property
    def human(self) -> bool:
        return self.kind == "human"

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "SeatInfo":
        return cls(seat=int(d.get("seat", 0)), kind=str(d.get("kind") or "empty"),
                   name=d.get("name"), level=d.get("level"),
                   connected=bool(d.get("connected", True)), auto=bool(d.get("auto", False)))


@dataclass
class HandRecord:
    """One scored hand for the scoreboard."""

    hand: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    moon: dict[str, Any] | None = None

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "HandRecord":
        return cls(int(d.get("hand", 0)), tuple(d.get("points") or (0, 0, 0, 0)),
                   tuple(d.get("totals") or (0, 0, 0, 0)), d.get("moon"))


@dataclass
class TableInfo:
    """The table around the cards: seats, owner, state, totals and every scored hand."""

    id: int | None = None
    name: str = ""
    seats: list[SeatInfo] = field(default_factory=lambda: [SeatInfo(s) for s in range(4)])
    my_seat: int | None = 0
    owner: bool = False
    owner_seat: int | None = None
    state: str = "playing"       # waiting | playing | paused | over
    hand: int = 0
    totals: tuple[int, ...] = (0, 0, 0, 0)
    results: list[HandRecord] = field(default_factory=list)
    winners: list[int] | None = None
    rules: Rules = field(default_factory=Rules)
    summary: str = "standard"
    watchers: int = 0
    paused_by: str | None = None
    locked: bool = False         # friends only: a password to sit or watch
    owner_name: str | None = None
    owner_away: float | None = None   # the owner is away: seconds (when told) until it passes
    game_players: list[str] | None = None   # who held each seat in the game's latest hand

    @classmethod
    def from_message(cls, msg: dict[str, Any]) -> "TableInfo":
        """From a host ``table`` message (the whole message, or its ``table`` map)."""
        t = msg.get("table", msg) if isinstance(msg.get("table"), dict) else msg
        info = cls()
        info.id = t.get("id")
        info.name = str(t.get("name") or "")
        seats = t.get("seats") or []
        info.seats = [SeatInfo(s) for s in range(4)]
        for d in seats:
            if isinstance(d, dict) and 0 <= int(d.get("seat", -1)) <= 3:
                info.seats[int(d["seat"])] = SeatInfo.from_dict(d)
        info.my_seat = msg.get("seat") if "table" in msg else t.get("seat", 0)
        info.owner = bool(msg.get("owner", False))
        info.owner_seat = t.get("owner_seat")
        info.state = str(t.get("state") or "playing")
        info.hand = int(t.get("hand") or 0)
        info.totals = tuple(t.get("totals") or (0, 0, 0, 0))
        info.results = [HandRecord.from_dict(r) for r in t.get("results") or [] if isinstance(r, dict)]
        info.winners = list(t["winners"]) if t.get("winners") is not None else None
        try:
            info.rules = Rules.from_dict(t["rules"]) if t.get("rules") else Rules()
        except (ValueError, TypeError):
            info.rules = Rules()
        info.summary = str(t.get("summary") or info.rules.summary())
        info.watchers = int(t.get("watchers") or 0)
        info.locked = bool(t.get("locked"))
        info.owner_name = t.get("owner") if isinstance(t.get("owner"), str) else None
        away = t.get("owner_away")
        info.owner_away = float(away) if isinstance(away, (int, float)) else None
        players = t.get("game_players")
        info.game_players = ([str(p) for p in players] if isinstance(players, list)
                             and len(players) == 4 else None)
        return info

    # -- reading ----------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        """The seat's player name, else its position seen from here."""
        name = self.seats[seat].name
        if name:
            return name
        me = self.my_seat if self.my_seat is not None else 0
        return _(POSITION_NAMES[(seat - me) % 4])

    def player_name(self, seat: int) -> str:
        """Who held ``seat`` in the game's latest hand (its results are theirs), else the
        seat's name now."""
        if self.game_players is not None and self.game_players[seat]:
            return self.game_players[seat]
        return self.seat_name(seat)

    def played(self, seat: int | None) -> bool:
        """Whether the person in ``seat`` now is who played it in the game's latest hand
        (False for someone who sat down at a finished table)."""
        if seat is None:
            return False
        if self.game_players is None:
            return True
        return self.game_players[seat] == self.seats[seat].name

    def heir(self) -> int | None:
        """The seat the table passes to while its owner is away: the first connected
        person seated after the owner (docs/protocol.md, *Ownership*); None: none seated."""
        if self.owner_seat is None:
            return None
        for k in range(1, 4):
            s = self.seats[(self.owner_seat + k) % 4]
            if s.human and s.connected:
                return s.seat
        return None

    def display_total(self, total: int) -> int:
        """A total as the table shows it (countdown: target minus penalty points)."""
        return self.rules.target - total if self.rules.display == "countdown" else total

    def display_points(self, points: int) -> int:
        return -points if self.rules.display == "countdown" else points

    # -- changes ------------------------------------------------------------------------------
    def apply_change(self, ch: dict[str, Any]) -> None:
        """Fold one change of an ``update`` into the table facts."""
        kind = ch.get("type")
        seat = ch.get("seat")
        if kind == "game_started":
            self.state = "playing"
            if isinstance(ch.get("seats"), list):
                for d in ch["seats"]:
                    if isinstance(d, dict) and 0 <= int(d.get("seat", -1)) <= 3:
                        self.seats[int(d["seat"])] = SeatInfo.from_dict(d)
            self.winners = None
            self.results = []
            self.totals = (0, 0, 0, 0)
            self.hand = 0
            if isinstance(ch.get("rules"), dict):
                try:
                    self.rules = Rules.from_dict(ch["rules"])
                except (ValueError, TypeError):
                    pass
        elif kind == "hand_started":
            self.hand = int(ch.get("hand", self.hand))
        elif kind == "hand_scored":
            rec = HandRecord(int(ch.get("hand", len(self.results))), tuple(ch.get("points") or ()),
                             tuple(ch.get("totals") or ()), ch.get("moon"))
            self.results = [r for r in self.results if r.hand != rec.hand] + [rec]
            self.totals = rec.totals or self.totals
        elif kind == "game_over":
            self.state = "over"
            self.winners = list(ch.get("winners") or [])
            if ch.get("totals"):
                self.totals = tuple(ch["totals"])
            if ch.get("results"):
                self.results = [HandRecord.from_dict(r) for r in ch["results"] if isinstance(r, dict)]
        elif kind == "game_ended":
            self.state = "over"
        elif kind == "paused":
            self.state = "paused"
            self.paused_by = ch.get("by")
        elif kind == "resumed":
            self.state = "playing"
            self.paused_by = None
        elif kind == "rules_changed" and isinstance(ch.get("rules"), dict):
            try:
                self.rules = Rules.from_dict(ch["rules"])
            except (ValueError, TypeError):
                pass
            self.summary = str(ch.get("summary") or self.rules.summary())
        elif kind == "owner_changed":
            self.owner_seat = ch.get("seat")
            self.owner_name = ch.get("name")
            self.owner_away = None
            if self.owner_seat is not None:
                self.owner = self.owner_seat == self.my_seat
        elif isinstance(seat, int) and 0 <= seat <= 3:
            s = self.seats[seat]
            if kind == "player_joined":
                s.kind, s.name, s.connected, s.auto = "human", ch.get("name"), True, False
            elif kind in ("player_left", "player_kicked"):
                s.kind, s.connected = "bot", True
            elif kind == "player_dropped":
                s.connected = False
            elif kind == "player_returned":
                s.connected, s.auto = True, False
            elif kind == "replaced_by_bot":
                if ch.get("why") in ("dropped", "timeout"):
                    s.auto = True
                else:
                    s.kind, s.level, s.auto = "bot", ch.get("level"), False
            elif kind == "bot_removed":
                s.kind, s.name, s.level = "empty", None, None


def read_view(d: dict[str, Any], rules: Rules | None = None) -> tuple[View, bool]:
    """A wire view as a `View`, and whether it is a watcher's (seatless) view.

    The host leaves ``rules`` out of views (they come with the ``table`` message):
    ``rules`` fills them in. A watcher sees the table from seat 0's place, with no
    cards in hand.
    """
    watching = d.get("seat") is None
    if watching:
        d = {**d, "seat": 0, "hand": [], "legal": [], "passed": None, "received": None}
    if "rules" not in d:
        d = {**d, "rules": (rules or Rules()).to_dict()}
    d.setdefault("others", None)
    return View.from_dict(d), watching


class Mirror:
    """The client-side copy of what the host told this connection."""

    def __init__(self) -> None:
        self.name: str | None = None          # as the host cleaned it
        self.token: str | None = None
        self.player: int | None = None
        self.host: str | None = None
        self.tables: list[dict[str, Any]] = []
        self.info: TableInfo | None = None    # None while not at a table
        self.view: View | None = None
        self.view_map: dict[str, Any] | None = None   # the wire view, rules filled in
        self.watching = False
        self.seq = -1
        # the table we were at when we reconnected and the host did not put us back there
        # (None: nothing gone); ``gone_restart``: the host no longer knew us (a restart)
        self.gone: TableInfo | None = None
        self.gone_restart = False

    @property
    def at_table(self) -> bool:
        return self.info is not None

    @property
    def seat(self) -> int | None:
        return self.info.my_seat if self.info is not None else None

    @property
    def owner(self) -> bool:
        return self.info is not None and self.info.owner

    @property
    def rules(self) -> Rules | None:
        return self.info.rules if self.info is not None else None

    def feed(self, msg: dict[str, Any]) -> None:
        """Fold one host message in (messages of other types change nothing)."""
        kind = msg.get("type")
        if kind == "welcome":
            self._table_gone(msg)
            self.name = msg.get("name", self.name)
            self.token = msg.get("token", self.token)
            self.player = msg.get("player", self.player)
            self.host = msg.get("host", self.host)
        elif kind == "tables":
            self.tables = [t for t in msg.get("tables") or () if isinstance(t, dict)]
        elif kind == "table":
            self.info = TableInfo.from_message(msg)
            self.seq = int(msg.get("seq") or 0)
            self._set_view(msg.get("view"))
        elif kind == "update" and self.info is not None:
            for change in msg.get("events") or ():
                if isinstance(change, dict):
                    self.info.apply_change(change)
            self.seq = int(msg.get("seq", self.seq))
            self._set_view(msg.get("view"))
        elif kind == "left":
            self.info = None
            self.view = self.view_map = None
            self.watching = False

    def _table_gone(self, welcome: dict[str, Any]) -> None:
        """A ``welcome`` that does not put us back at the table we were at: that table is
        gone for us (docs/protocol.md, *Session*). A host without ``welcome.table`` says so
        by a token other than ours."""
        self.gone = None
        at = self.info
        if at is None:
            return
        known = welcome.get("returning", welcome.get("token") == self.token)
        here = welcome.get("table", at.id if known else None)
        if here == at.id:
            return
        self.gone, self.gone_restart = at, not known
        self.info = None
        self.view = self.view_map = None
        self.watching = False

    def _set_view(self, wire: Any) -> None:
        if not isinstance(wire, dict):
            self.view = self.view_map = None
            return
        rules = self.info.rules if self.info is not None else Rules()
        self.view_map = wire if "rules" in wire else {**wire, "rules": rules.to_dict()}
        try:
            self.view, self.watching = read_view(wire, rules)
        except (KeyError, TypeError, ValueError):
            self.view = None


class MirrorReader:
    """What a front end that keeps a `Mirror` in ``self.mirror`` reads from it."""

    mirror: Mirror

    @property
    def tables(self) -> list[dict[str, Any]]:
        """The lobby's table list."""
        return self.mirror.tables

    @property
    def table(self) -> TableInfo | None:
        """The table we are at (None in the lobby)."""
        return self.mirror.info

    @property
    def seat(self) -> int | None:
        return self.mirror.seat

    @property
    def owner(self) -> bool:
        return self.mirror.owner

    @property
    def view(self) -> dict[str, Any] | None:
        """The seat's view as the host sent it, with the table's rules put back."""
        return self.mirror.view_map


__all__ = ["HandRecord", "Mirror", "MirrorReader", "POSITION_NAMES", "SeatInfo", "TableInfo", "read_view"]
