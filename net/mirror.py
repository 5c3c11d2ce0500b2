"""What a client knows of the host, sans-I/O: one mirror for every front end.

`Mirror.feed(message)` folds each message the host sends (docs/protocol.md) into
plain values: who we are (``welcome``), the lobby (``tables``), the table we are at
as an immutable `TableInfo` (seats, owner, state, totals, every scored hand, rules) and
our seat's `View`. It is the only code that folds a change into the table facts: each
``table`` and ``update`` comes back as `Folded` steps, each change with the facts after
it, which the desktop table plays back at its own pace. The pygame client, the text
client and `hearts.net.client.Client` read it and keep only presentation. No sockets, no
clock.

>>> m = Mirror()
>>> m.feed({"type": "welcome", "name": "Ann", "token": "t", "player": 1, "host": "den"})
[]
>>> m.name, m.at_table
('Ann', False)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from hearts.engine import Rules, View
from hearts.i18n import N_, _

# by seat relative to the viewer
POSITION_NAMES = (N_("You"), N_("West"), N_("North"), N_("East"))


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


def _seats(dicts: Any, seats: tuple[SeatInfo, ...] | None = None) -> tuple[SeatInfo, ...]:
    """``seats`` (four empty ones by default) with each seat ``dicts`` describes."""
    out = list(seats or (SeatInfo(s) for s in range(4)))
    for d in dicts if isinstance(dicts, list) else ():
        if isinstance(d, dict) and 0 <= int(d.get("seat", -1)) <= 3:
            out[int(d["seat"])] = SeatInfo.from_dict(d)
    return tuple(out)


def _rules(d: Any, otherwise: Rules) -> Rules:
    """The rules a host map names, else ``otherwise`` (a map this engine cannot read)."""
    if not isinstance(d, dict):
        return otherwise
    try:
        return Rules.from_dict(d)
    except (ValueError, TypeError):
        return otherwise


def _results(dicts: Any) -> tuple[HandRecord, ...]:
    return tuple(HandRecord.from_dict(r) for r in dicts or () if isinstance(r, dict))


@dataclass(frozen=True)
class TableInfo:
    """The table around the cards: seats, owner, state, totals and every scored hand.

    Immutable: `Mirror` makes each new one (`folded`), so a front end that shows an older
    one (the table screen, while its animations catch up) holds it as it was."""

    id: int | None = None
    name: str = ""
    seats: tuple[SeatInfo, ...] = field(
        default_factory=lambda: tuple(SeatInfo(s) for s in range(4)))
    my_seat: int | None = 0
    owner: bool = False
    owner_seat: int | None = None
    state: str = "playing"       # waiting | playing | paused | over
    hand: int = 0
    totals: tuple[int, ...] = (0, 0, 0, 0)
    results: tuple[HandRecord, ...] = ()
    winners: tuple[int, ...] | None = None
    rules: Rules = field(default_factory=Rules)
    summary: str = "standard"
    watchers: int = 0
    paused_by: str | None = None
    locked: bool = False         # friends only: a password to sit or watch
    owner_name: str | None = None
    owner_away: float | None = None   # the owner is away: seconds (when told) until it passes
    game_players: tuple[str, ...] | None = None   # who held each seat in the game's latest hand

    @classmethod
    def from_message(cls, msg: dict[str, Any]) -> "TableInfo":
        """From a host ``table`` message (the whole message, or its ``table`` map)."""
        t = msg.get("table", msg) if isinstance(msg.get("table"), dict) else msg
        rules = _rules(t.get("rules"), Rules())
        away = t.get("owner_away")
        players = t.get("game_players")
        return cls(
            id=t.get("id"), name=str(t.get("name") or ""), seats=_seats(t.get("seats")),
            my_seat=msg.get("seat") if "table" in msg else t.get("seat", 0),
            owner=bool(msg.get("owner", False)), owner_seat=t.get("owner_seat"),
            state=str(t.get("state") or "playing"), hand=int(t.get("hand") or 0),
            totals=tuple(t.get("totals") or (0, 0, 0, 0)), results=_results(t.get("results")),
            winners=tuple(t["winners"]) if t.get("winners") is not None else None,
            rules=rules, summary=str(t.get("summary") or rules.summary()),
            watchers=int(t.get("watchers") or 0), locked=bool(t.get("locked")),
            owner_name=t.get("owner") if isinstance(t.get("owner"), str) else None,
            owner_away=float(away) if isinstance(away, (int, float)) else None,
            game_players=(tuple(str(p) for p in players) if isinstance(players, list)
                          and len(players) == 4 else None))

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
    def folded(self, ch: dict[str, Any]) -> "TableInfo":
        """The table facts after one change of an ``update`` (``self`` when it changes none
        of them). Only `Mirror` folds: a front end reads the facts it emits."""
        kind = ch.get("type")
        seat = ch.get("seat")
        if kind == "game_started":
            return replace(self, state="playing", seats=_seats(ch.get("seats"), self.seats),
                           winners=None, results=(), totals=(0, 0, 0, 0), hand=0,
                           rules=_rules(ch.get("rules"), self.rules))
        if kind == "hand_started":
            return replace(self, hand=int(ch.get("hand", self.hand)))
        if kind == "hand_scored":
            rec = HandRecord(int(ch.get("hand", len(self.results))), tuple(ch.get("points") or ()),
                             tuple(ch.get("totals") or ()), ch.get("moon"))
            return replace(self, results=(*(r for r in self.results if r.hand != rec.hand), rec),
                           totals=rec.totals or self.totals)
        if kind == "game_over":
            return replace(self, state="over", winners=tuple(ch.get("winners") or ()),
                           totals=tuple(ch["totals"]) if ch.get("totals") else self.totals,
                           results=_results(ch["results"]) if ch.get("results") else self.results)
        if kind == "game_ended":
            return replace(self, state="over")
        if kind == "paused":
            return replace(self, state="paused", paused_by=ch.get("by"))
        if kind == "resumed":
            return replace(self, state="playing", paused_by=None)
        if kind == "rules_changed" and isinstance(ch.get("rules"), dict):
            rules = _rules(ch["rules"], self.rules)
            return replace(self, rules=rules, summary=str(ch.get("summary") or rules.summary()))
        if kind == "owner_changed":
            owner_seat = ch.get("seat")
            return replace(self, owner_seat=owner_seat, owner_name=ch.get("name"), owner_away=None,
                           owner=self.owner if owner_seat is None else owner_seat == self.my_seat)
        if isinstance(seat, int) and 0 <= seat <= 3:
            after = _seat_folded(self.seats[seat], kind, ch)
            if after is not self.seats[seat]:
                return replace(self, seats=(*self.seats[:seat], after, *self.seats[seat + 1:]))
        return self


def _seat_folded(s: SeatInfo, kind: Any, ch: dict[str, Any]) -> SeatInfo:
    """A seat after a change that names it (the seat itself when it changes nothing)."""
    if kind == "player_joined":
        return replace(s, kind="human", name=ch.get("name"), connected=True, auto=False)
    if kind in ("player_left", "player_kicked"):
        return replace(s, kind="bot", connected=True)
    if kind == "player_dropped":
        return replace(s, connected=False)
    if kind == "player_returned":
        return replace(s, connected=True, auto=False)
    if kind == "replaced_by_bot":
        if ch.get("why") == "timeout":      # one move played for the person: still theirs
            return s
        if ch.get("why") == "dropped":
            return replace(s, auto=True)
        return replace(s, kind="bot", level=ch.get("level"), auto=False)
    if kind == "bot_removed":
        return replace(s, kind="empty", name=None, level=None)
    return s


@dataclass(frozen=True)
class Folded:
    """One step of a host message as `Mirror.feed` folded it, and the table facts after it.

    ``kind`` "table": a whole ``table`` message (facts, view and timer afresh); "change":
    one change of an ``update`` (in ``change``); "view": the view and timer that close an
    ``update``. A front end that plays the steps back shows ``info`` once it has shown the
    step, and never folds a change itself."""

    kind: str
    info: TableInfo
    change: dict[str, Any] = field(default_factory=dict)
    view: View | None = None
    watching: bool = False
    timer: dict[str, Any] | None = None
    has_timer: bool = False          # the message said the timer (None: no clock runs)


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

    def feed(self, msg: dict[str, Any]) -> list[Folded]:
        """Fold one host message in (messages of other types change nothing) and return
        its steps, each with the table facts after it: one for a ``table``, one for each
        change of an ``update`` and one for its view (none for other messages)."""
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
            return [self._view_step("table", msg)]
        elif kind == "update" and self.info is not None:
            steps = []
            for change in msg.get("events") or ():
                if isinstance(change, dict):
                    self.info = self.info.folded(change)
                    steps.append(Folded("change", self.info, change))
            self.seq = int(msg.get("seq", self.seq))
            self._set_view(msg.get("view"))
            return [*steps, self._view_step("view", msg)]
        elif kind == "left":
            self.info = None
            self.view = self.view_map = None
            self.watching = False
        return []

    def _view_step(self, kind: str, msg: dict[str, Any]) -> Folded:
        assert self.info is not None
        timer = msg.get("timer")
        return Folded(kind, self.info, view=self.view, watching=self.watching,
                      timer=timer if isinstance(timer, dict) else None, has_timer="timer" in msg)

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
            return
        if self.info is not None and self.info.my_seat is None and not self.watching:
            self.info = replace(self.info, my_seat=self.view.seat)   # a host that left it out


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


__all__ = ["Folded", "HandRecord", "Mirror", "MirrorReader", "POSITION_NAMES", "SeatInfo",
           "TableInfo", "read_view"]
