"""One table's record, sans-I/O: the kinds of seats and states, `TableError`, and
`TableBase`: the fields of a table, what can be read from them (views, the public line,
timers), the changes it queues and who owns it. `hearts.net.table.Table` builds on it
(`TablePlay`: the game and its clocks; `Table`: seats, the owner's commands, saving).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Iterator

from hearts.engine import Game, Rules
from hearts.engine.rule_options import words_of
from hearts.i18n import Text

from .errors import NetError
from .messages import ChangeEvent, SeatMap, TableLineMap, TableMap, TimerMap
from .views import public_part, seat_view, watcher_view

SEAT_KINDS = ("empty", "human", "bot")
BOT_NAMES = ("Ada", "Basil", "Clara", "Dexter")   # a bot is named after its seat


def bot_name(seat: int) -> str:
    """The name of the bot in ``seat`` (one per seat, so the four are always distinct)."""
    return BOT_NAMES[seat % len(BOT_NAMES)]


OPERATOR = "\0operator"   # the token of the host's own console: an owner at every table


class TableState(StrEnum):
    """Where a table stands; equal to its wire string."""

    WAITING = "waiting"
    PLAYING = "playing"
    PAUSED = "paused"
    OVER = "over"


TABLE_STATES = tuple(str(s) for s in TableState)


class TableError(NetError):
    """A refused request: protocol error ``code`` and a one-sentence message (a `Text`
    where it is said to a player, so the host says it in the player's language)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message, code)


@dataclass
class Seat:
    """A seat: empty, a person (by token) or a bot; ``auto`` when a bot plays for the person."""

    kind: str = "empty"
    name: str | None = None
    token: str | None = None
    level: str = "normal"
    connected: bool = False
    auto: bool = False
    dropped_at: float | None = None
    pending: tuple[str, str] | None = None   # (token, name) taking over this bot seat next hand

    def public(self, index: int) -> SeatMap:
        return {"seat": index, "kind": self.kind, "name": self.name,
                "level": self.level if self.kind == "bot" or self.auto else None,
                "connected": self.kind != "human" or self.connected, "auto": self.auto}


@dataclass
class Change:
    """One change for an update: ``event`` for everyone, or only for ``seat`` with
    ``public`` (possibly None) for the others."""

    event: ChangeEvent
    seat: int | None = None
    public: ChangeEvent | None = None


def events_for(changes: list[Change], seat: int | None) -> list[ChangeEvent]:
    """The change events one seat (None: a watcher) is told: its own in full, others' public part."""
    events = []
    for c in changes:
        if c.seat is None or c.seat == seat:
            events.append(c.event)
        elif c.public is not None:
            events.append(c.public)
    return events

@dataclass
class TableBase:
    """A table of four seats and the people watching it: its fields, what can be read of
    them, its queued changes and its owner."""

    id: int
    name: str
    rules: Rules = field(default_factory=Rules)
    bot_level: str = "normal"
    drop_grace: float = 10.0
    seats: list[Seat] = field(default_factory=lambda: [Seat() for _ in range(4)])
    owner: str | None = None                      # token of the owner
    watchers: dict[str, str] = field(default_factory=dict)   # token -> name
    kicked: dict[str, str] = field(default_factory=dict)     # name -> token
    # name -> who was kicked under it: (the id of their player key or "", their address)
    barred: dict[str, tuple[str, str]] = field(default_factory=dict)
    game: Game | None = None
    state: TableState = TableState.WAITING
    seq: int = 0
    version: int = 0                              # bumps on every game action
    deadlines: dict[int, float] = field(default_factory=dict)   # turn clock per seat
    timed_out: set[int] = field(default_factory=set)
    paused_left: dict[int, float] = field(default_factory=dict)
    changes: list[Change] = field(default_factory=list)
    seats_changed: bool = False                   # send a fresh `table` to everyone
    finished: bool = False                        # a game ended since the last flush
    bot_seed: int = field(default_factory=lambda: secrets.randbits(30))
    password: str | None = None                   # salted hash (net.guard), None: open
    # the owner ownership passed from for being away, while the new owner has not used it:
    # coming back, they get it back
    owner_was: str | None = None
    ids: dict[str, str] = field(default_factory=dict)        # token -> player id (net.stats)
    seating: list[list[dict[str, Any]]] = field(default_factory=list)  # occupants per hand
    # per seat, the moves a bot made in the hand in play for the person seated there
    bot_moves: list[int] = field(default_factory=lambda: [0] * 4)

    # -- reading -----------------------------------------------------------------------
    def seat_of(self, token: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s.kind == "human" and s.token == token:
                return i
        return None

    def members(self) -> list[str]:
        """Tokens of every person at the table (seated or watching)."""
        return [token for token, _ in self.member_seats()]

    def member_tokens(self) -> Iterator[str]:
        """The tokens of `member_seats`, without building its lists (a seated watcher may
        come twice): for questions asked after every action."""
        for s in self.seats:
            if s.kind == "human" and s.token:
                yield s.token
        yield from self.watchers

    def member_seats(self) -> list[tuple[str, int | None]]:
        """(token, seat) of every person at the table; seat None for a watcher."""
        out: list[tuple[str, int | None]] = [
            (s.token, i) for i, s in enumerate(self.seats) if s.kind == "human" and s.token]
        if self.watchers:
            seated = {t for t, _ in out}
            out += [(t, None) for t in self.watchers if t not in seated]
        return out

    def name_of(self, token: str | None) -> str | None:
        if token is None:
            return None
        if token == OPERATOR:
            return "host"
        seat = self.seat_of(token)
        if seat is not None:
            return self.seats[seat].name
        return self.watchers.get(token)

    def humans(self) -> int:
        return sum(1 for s in self.seats if s.kind == "human")

    def free_seats(self) -> int:
        """Seats a person could take now (empty, or a bot's before the game)."""
        if self.state in (TableState.WAITING, TableState.OVER):
            return sum(1 for s in self.seats if s.kind != "human")
        return sum(1 for s in self.seats if s.kind == "empty")

    def summary(self) -> str:
        return self.rules.summary()

    def public(self, now: float) -> TableLineMap:
        """The table summary of a `tables` list, at time ``now``."""
        away = self.owner_deadline()
        return {"id": self.id, "name": self.name, "owner": self.name_of(self.owner),
                "summary": self.summary(), "rules": self.rules.to_dict(),
                "state": str(self.state),
                "seats": [s.public(i) for i, s in enumerate(self.seats)],
                "watchers": len(self.watchers), "locked": self.password is not None,
                "hand": self.game.hand_number if self.game else None,
                "owner_away": None if away is None else round(max(0.0, away - now), 3)}

    def full(self, now: float) -> TableMap:
        """The table part of a `table` message, at time ``now``."""
        game = self.game
        return {
            **self.public(now),
            "rules_words": words_of(self.rules),
            "owner_seat": self.seat_of(self.owner) if self.owner else None,
            "totals": list(game.totals) if game else [0, 0, 0, 0],
            "display_totals": game.display_totals() if game else
            ([self.rules.target] * 4 if self.rules.display == "countdown" else [0, 0, 0, 0]),
            "results": [{"hand": r.number, "points": list(r.points), "totals": list(r.totals)}
                        for r in game.results] if game else [],
            "winners": game.winners if game else None,
            "kicked": sorted(self.kicked),
            "game_players": [str(who.get("name") or "") for who in self.seating[-1]]
            if self.seating else None,
        }

    def reveal_for(self, seat: int) -> bool:
        """Open hands: only where every other seat is a bot."""
        return self.rules.open_hands and all(
            s.kind == "bot" for i, s in enumerate(self.seats) if i != seat)

    def reveal_to_watchers(self) -> bool:
        """Four bots play (a demo): watchers see every hand, there is no one to cheat."""
        return all(s.kind == "bot" for s in self.seats)

    def current_hand(self) -> Any:
        """The hand to show: the one in play, or the last one once the game is over."""
        if self.game is None:
            return None
        if self.game.over and self.game.last_hand is not None:
            return self.game.last_hand
        return self.game.hand

    def view_for(self, token: str | None) -> dict[str, Any] | None:
        """The wire view a member may see (net.views: `View.to_dict()` without rules):
        their seat's, or the watchers' one."""
        return self.view_at(self.seat_of(token) if token else None)

    def view_at(self, seat: int | None, public: dict[str, Any] | None = None
                ) -> dict[str, Any] | None:
        """`view_for` by seat (None: a watcher); ``public``: a `public_part` already built."""
        hand = self.current_hand()
        if hand is None:
            return None
        if public is None:
            public = public_part(hand)
        if seat is not None:
            return seat_view(hand, seat, public, self.reveal_for(seat))
        return watcher_view(public, hand if self.reveal_to_watchers() else None)

    def timer(self, now: float) -> TimerMap | None:
        """The clock a client shows: a turn clock (``why`` "turn"), or the grace of
        dropped people before their bots play (``why`` "dropped"); None when none runs."""
        if self.state == TableState.PAUSED:
            if not self.paused_left:
                return None
            return {"seats": sorted(self.paused_left), "seconds": max(self.paused_left.values()),
                    "why": "turn", "paused": True}
        if self.deadlines:
            return {"seats": sorted(self.deadlines), "why": "turn",
                    "seconds": round(max(0.0, min(self.deadlines.values()) - now), 3)}
        if self.state != TableState.PLAYING:
            return None
        grace = {i: s.dropped_at + self.drop_grace - now for i, s in enumerate(self.seats)
                 if s.kind == "human" and not s.connected and not s.auto
                 and s.dropped_at is not None}
        if grace:
            return {"seats": sorted(grace), "why": "dropped",
                    "seconds": round(max(0.0, min(grace.values())), 3)}
        return None

    # -- changes -----------------------------------------------------------------------
    def _emit(self, event: ChangeEvent, seat: int | None = None,
              public: ChangeEvent | None = None) -> None:
        self.changes.append(Change(event, seat, public))

    def say(self, name: str, seat: int | None, text: str) -> None:
        """A chat line at this table (``name`` "host" for the host's own notices)."""
        self._emit({"type": "chat", "name": name, "seat": seat, "text": text})

    def flush(self) -> tuple[list[Change], bool, bool]:
        """Take the queued changes: (changes, seats_changed, a game finished)."""
        changes, self.changes = self.changes, []
        seats, self.seats_changed = self.seats_changed, False
        finished, self.finished = self.finished, False
        if changes:
            self.seq += 1
        return changes, seats, finished

    # -- ownership -------------------------------------------------------------------
    @property
    def running(self) -> bool:
        """A game is under way (playing or paused)."""
        return self.state in (TableState.PLAYING, TableState.PAUSED)

    def _heirs(self, connected: bool = True) -> list[str]:
        """Who the table passes to from its owner, in order: the people seated after the
        owner's seat who are connected, then those watching (then, unless ``connected``,
        the seated who are away)."""
        start = self.seat_of(self.owner) if self.owner else None
        order = self.seats if start is None else self.seats[start + 1:] + self.seats[:start]
        humans = [s for s in order if s.kind == "human" and s.token and s.token != self.owner]
        out = [s.token for s in humans if s.connected and s.token]
        out += [t for t in self.watchers if t != self.owner]
        if not connected:
            out += [s.token for s in humans if not s.connected and s.token]
        return out

    def _pass_ownership(self) -> None:
        """The owner leaves: the table passes to the next person there (connected first)."""
        candidates = self._heirs(connected=False)
        self.owner = candidates[0] if candidates else None
        self.owner_was = None
        if self.owner is not None:
            self._emit({"type": "owner_changed", "name": self.name_of(self.owner),
                        "seat": self.seat_of(self.owner), "why": "left"})
        self.seats_changed = True

    def owner_deadline(self) -> float | None:
        """When the owner, seated and away (disconnected), hands the table on: the same
        grace a dropped player has before a bot plays. None while the owner is here."""
        seat = self.seat_of(self.owner) if self.owner else None
        if seat is None:
            return None
        s = self.seats[seat]
        if s.connected or s.dropped_at is None:
            return None
        return s.dropped_at + self.drop_grace

    def _owner_check(self, now: float) -> None:
        """Once the owner has been away for the grace, the next connected person owns the
        table (nobody connected: it waits for the first to come)."""
        due = self.owner_deadline()
        if due is None or now < due:
            return
        heirs = self._heirs()
        if not heirs:
            return
        self.owner_was, self.owner = self.owner, heirs[0]
        self._emit({"type": "owner_changed", "name": self.name_of(self.owner),
                    "seat": self.seat_of(self.owner), "why": "away"})
        self.seats_changed = True


__all__ = ["BOT_NAMES", "OPERATOR", "SEAT_KINDS", "TABLE_STATES", "Change", "Seat",
           "TableBase", "TableError", "TableState", "bot_name", "events_for"]
