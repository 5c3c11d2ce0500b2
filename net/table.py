"""One table, sans-I/O: seats, owner, bots, the game, timers as deadlines.

The host calls methods with the acting player's token and the current time;
each method changes the table and queues what happened in ``table.changes``
(taken by `flush`). Refusals raise `TableError` with a protocol error code and
one sentence. Bots do not run here: `due_bots(now)` says which seats a bot must
move for, and the host runs the bot and hands the result to `bot_move`.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, cast

from enum import StrEnum

from hearts.engine import (Action, Card, Game, IllegalMove, MoonChoice, Pass, Phase, Play, Rules,
                           RulesError)
from hearts.engine.rule_options import words_of
from hearts.engine.rules import PASS_OFFSET
from hearts.i18n import T_, Text, text_of

from .errors import NetError
from .messages import ChangeEvent, MoonMap, SeatMap, TableLineMap, TableMap, TimerMap
from .replay import trick_points
from .stats import guest_id
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
class Table:
    """A table of four seats and the people watching it."""

    id: int
    name: str
    rules: Rules = field(default_factory=Rules)
    bot_level: str = "normal"
    drop_grace: float = 10.0
    seats: list[Seat] = field(default_factory=lambda: [Seat() for _ in range(4)])
    owner: str | None = None                      # token of the owner
    watchers: dict[str, str] = field(default_factory=dict)   # token -> name
    kicked: dict[str, str] = field(default_factory=dict)     # name -> token
    kick_marks: dict[str, list[str]] = field(default_factory=dict)  # name -> key/address (net.kicks)
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

    # -- reading -----------------------------------------------------------------------
    def seat_of(self, token: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s.kind == "human" and s.token == token:
                return i
        return None

    def members(self) -> list[str]:
        """Tokens of every person at the table (seated or watching)."""
        return [token for token, _ in self.member_seats()]

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

    # -- membership --------------------------------------------------------------------
    def check_not_kicked(self, token: str, name: str, marks: Iterable[str] = ()) -> None:
        """`TableError` ``kicked`` when the person was kicked from this table (by name,
        token, or one of their ``marks``: `hearts.net.kicks`)."""
        if name in self.kicked or token in self.kicked.values() or any(
                m in kicked for m in marks for kicked in self.kick_marks.values()):
            raise TableError("kicked", T_("you were kicked from “{name}”; only its owner can let "
                                          "you back", name=self.name))

    def sit(self, token: str, name: str, seat: int | None, now: float) -> int:
        """Take ``seat`` (or the first free one); returns the seat."""
        self.check_not_kicked(token, name)
        current = self.seat_of(token)
        if current is not None and (seat is None or seat == current):
            return current
        running = self.running
        if seat is None:
            order = [i for i, s in enumerate(self.seats) if s.kind == "empty"]
            if not running:
                order += [i for i, s in enumerate(self.seats) if s.kind == "bot"]
            if not order:
                raise TableError("table-full", T_("table {number} has no free seat",
                                                    number=self.id))
            seat = order[0]
        target = self.seats[seat]
        if target.kind == "human":
            raise TableError("seat-taken", T_("seat {seat} is taken by {name}", seat=seat,
                                                 name=target.name))
        if current is not None:
            if running:
                raise TableError("state", T_("you cannot change seats during a game"))
            self.seats[current] = Seat()
        self.watchers.pop(token, None)
        if target.kind == "bot" and running:
            if target.pending is not None:
                raise TableError("seat-taken", T_("seat {seat} is already promised to {name}",
                                                  seat=seat, name=target.pending[1]))
            target.pending = (token, name)
            self.watchers[token] = name
            # a host notice: the text for clients that only show chat, the notice and its
            # facts for those that word it in their reader's language (net.words)
            self._emit({"type": "chat", "name": "host", "seat": None,
                        "text": f"{name} takes {target.name}'s seat at the next hand",
                        "notice": "seat_promised", "who": name, "at": seat})
            self.seats_changed = True
            return seat
        level = target.level
        self.seats[seat] = Seat("human", name, token, level=level if target.kind == "bot"
                                else self.bot_level, connected=True)
        if running:
            # an empty seat mid-game cannot happen (bots fill them at start), but be safe
            self.seats[seat].auto = False
        if self.owner is None:
            self.owner = token
        self._emit({"type": "player_joined", "seat": seat, "name": name})
        self.seats_changed = True
        self._update_deadlines(now)
        self._owner_check(now)
        return seat

    def watch(self, token: str, name: str, now: float) -> None:
        self.check_not_kicked(token, name)
        if self.seat_of(token) is not None:
            raise TableError("state", T_("you are seated at this table; leave first to watch"))
        if token not in self.watchers:
            self.watchers[token] = name
            if self.owner is None:
                self.owner = token
            self._emit({"type": "player_joined", "seat": None, "name": name})
            self.seats_changed = True
            self._owner_check(now)

    def leave(self, token: str, now: float, why: str = "left") -> None:
        """A person leaves (or is kicked): a running game's seat goes to a bot."""
        name = self.name_of(token)
        seat = self.seat_of(token)
        for s in self.seats:
            if s.pending and s.pending[0] == token:
                s.pending = None
        if seat is not None:
            old = self.seats[seat]
            running = self.state in (TableState.PLAYING, TableState.PAUSED, TableState.OVER) and self.game is not None
            if running:
                self.seats[seat] = Seat("bot", bot_name(seat), None, level=old.level)
                if self._untouched(seat):
                    # gone before doing anything in this hand: it is all the bot's
                    self.seating[-1][seat] = self.occupant(seat)
                self._gone(seat, name or "", why)
                self._emit({"type": "replaced_by_bot", "seat": seat, "level": old.level,
                            "why": why})
            else:
                self.seats[seat] = Seat()
                self._gone(seat, name or "", why)
            self.deadlines.pop(seat, None)
            self.paused_left.pop(seat, None)
        elif token in self.watchers:
            del self.watchers[token]
            self._gone(None, name or "", "left")
        else:
            return
        self.seats_changed = True
        if self.owner_was == token:
            self.owner_was = None
        if self.owner == token:
            self._pass_ownership()

    def _untouched(self, seat: int) -> bool:
        """Whether ``seat`` has done nothing yet (passed, played...) in a hand under way."""
        game = self.game
        if game is None or not self.seating or self.state == TableState.OVER or game.hand.done:
            return False
        return all(a.seat != seat for a in game.hand.actions)

    def _gone(self, seat: int | None, name: str, why: str) -> None:
        if why == "kicked":
            self._emit({"type": "player_kicked", "seat": seat, "name": name})
        else:
            self._emit({"type": "player_left", "seat": seat, "name": name})

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

    def drop(self, token: str, now: float) -> None:
        """A person's connection was lost: the bot plays for them after the grace period."""
        seat = self.seat_of(token)
        if seat is None:
            if token in self.watchers:
                self.leave(token, now)
            return
        s = self.seats[seat]
        s.connected = False
        s.dropped_at = now
        self._emit({"type": "player_dropped", "seat": seat, "name": s.name or "",
                    "grace": self.drop_grace})
        self.seats_changed = True

    def reconnect(self, token: str, now: float) -> int | None:
        """The person with ``token`` is back: they get their seat back, mid-hand."""
        seat = self.seat_of(token)
        if seat is None:
            return None
        s = self.seats[seat]
        s.connected = True
        s.dropped_at = None
        if s.auto:
            s.auto = False
        self._emit({"type": "player_returned", "seat": seat, "name": s.name or ""})
        self.seats_changed = True
        self._update_deadlines(now)
        if token == self.owner_was:
            # the table passed on while they were away and nobody has used it since
            self.owner, self.owner_was = token, None
            self._emit({"type": "owner_changed", "name": s.name, "seat": seat, "why": "back"})
        else:
            self._owner_check(now)
        return seat

    # -- owner's commands --------------------------------------------------------------
    def require_owner(self, token: str, what: Text) -> None:
        """`TableError` ``not-owner`` unless ``token`` owns the table (or is the host's
        operator); ``what`` is what was asked, as the end of "only the table's owner can
        ...". An owner who passes it has used the table: an away owner it passed from no
        longer gets it back."""
        if token != self.owner and token != OPERATOR:
            owner = self.name_of(self.owner)
            if owner is None:
                raise TableError("not-owner", T_("only the table's owner can {what}, and it has "
                                                 "no owner now", what=what))
            # TRANSLATORS: {what} is one of the owner's actions: "start the game", ...
            raise TableError("not-owner", T_("only the table's owner ({owner}) can {what}",
                                             owner=owner, what=what))
        if token == self.owner:
            self.owner_was = None

    def start(self, token: str, now: float, seed: int | None = None) -> None:
        self.require_owner(token, T_("start the game"))
        if self.running:
            raise TableError("state", T_("the game has already started"))
        for i, s in enumerate(self.seats):
            if s.kind == "empty":
                self.seats[i] = Seat("bot", bot_name(i), None, level=self.bot_level)
                self._emit({"type": "replaced_by_bot", "seat": i, "level": self.bot_level,
                            "why": "start"})
        # a deal seed nobody can predict (it is published after the game): from `secrets`
        self.game = Game(self.rules, secrets.randbits(62) if seed is None else seed)
        self.seating = []
        self.state = TableState.PLAYING
        self.version += 1
        self._emit({"type": "game_started", "rules": self.rules.to_dict(),
                    "seats": [s.public(i) for i, s in enumerate(self.seats)]})
        self._hand_started()
        self.seats_changed = True
        self._update_deadlines(now)

    def pause(self, token: str, now: float) -> None:
        self.require_owner(token, T_("pause the game"))
        if self.state != TableState.PLAYING:
            raise TableError("state", T_("there is no running game to pause"))
        self.state = TableState.PAUSED
        self.paused_left = {s: max(0.0, d - now) for s, d in self.deadlines.items()}
        self.deadlines = {}
        self.version += 1
        self._emit({"type": "paused", "by": self.name_of(token)})
        self.seats_changed = True

    def resume(self, token: str, now: float) -> None:
        self.require_owner(token, T_("resume the game"))
        if self.state != TableState.PAUSED:
            raise TableError("state", T_("the game is not paused"))
        self.state = TableState.PLAYING
        self.deadlines = {s: now + left for s, left in self.paused_left.items()}
        self.paused_left = {}
        self.version += 1
        self._emit({"type": "resumed", "by": self.name_of(token)})
        self.seats_changed = True
        self._update_deadlines(now)

    def set_rules(self, token: str, changes: dict[str, Any]) -> None:
        """Change rules before a game or between games (``preset`` key: start from it)."""
        self.require_owner(token, T_("change the rules"))
        if self.running:
            raise TableError("state", T_("rules can change only before a game or between "
                                         "games; use /end N to change the target now"))
        try:
            rules = self.rules.with_changes(changes)
        except RulesError as e:
            raise TableError("rules", text_of(e)) from None
        self.rules = rules
        self._emit({"type": "rules_changed", "rules": rules.to_dict(), "summary": rules.summary(),
                    "by": self.name_of(token)})
        self.seats_changed = True

    def set_target(self, token: str, target: int) -> None:
        """Set the end score, also during a game (above every total reached so far)."""
        self.require_owner(token, T_("set the target"))
        try:
            rules = self.rules.replace(target=target)
        except RulesError as e:
            raise TableError("rules", text_of(e)) from None
        game = self.game
        if game is not None and self.running:
            reached = max([0, *game.totals] + [t for r in game.results for t in r.totals])
            if target <= reached:
                raise TableError("rules", T_("the target must be above {reached}, the highest "
                                             "total so far", reached=reached))
            game.rules = game.rules.replace(target=target)
        self.rules = rules
        self._emit({"type": "rules_changed", "rules": rules.to_dict(), "summary": rules.summary(),
                    "by": self.name_of(token)})
        self.seats_changed = True

    def end_game(self, token: str) -> None:
        self.require_owner(token, T_("end the game"))
        if not self.running:
            raise TableError("state", T_("there is no running game to end"))
        self.state = TableState.OVER
        self.deadlines = {}
        self.paused_left = {}
        self.version += 1
        by = self.name_of(token)
        self._emit({"type": "game_ended", "reason": f"ended by {by}", "by": by})
        self.seats_changed = True

    def kick(self, token: str, seat: int, now: float) -> str:
        """Kick the person in ``seat``; returns their token."""
        self.require_owner(token, T_("kick a player"))
        s = self.seats[seat]
        if s.kind != "human" or s.token is None:
            raise TableError("state", T_("seat {seat} holds no person to kick", seat=seat))
        if s.token == token:
            raise TableError("state", T_("you cannot kick yourself; leave instead"))
        victim, name = s.token, s.name or ""
        self.kicked[name] = victim
        self.leave(victim, now, why="kicked")
        return victim

    def kick_watcher(self, token: str, victim: str, now: float) -> None:
        self.require_owner(token, T_("kick a player"))
        name = self.watchers.get(victim, "")
        self.kicked[name] = victim
        self.leave(victim, now, why="kicked")

    def allow(self, token: str, name: str) -> None:
        self.require_owner(token, T_("let a kicked player back"))
        if name not in self.kicked:
            raise TableError("state", T_("{name} is not kicked from this table", name=name))
        del self.kicked[name]
        self.kick_marks.pop(name, None)
        self.seats_changed = True

    def set_password(self, token: str, hashed: str | None) -> None:
        """Friends only (``hashed``: a `hearts.net.guard.hash_password`), or open to all (None)."""
        self.require_owner(token, T_("set the table's password"))
        self.password = hashed
        self.seats_changed = True

    def clear_people(self) -> None:
        """Nobody sits or watches any more (the table is being closed); bots stay."""
        self.seats = [s if s.kind != "human" else Seat() for s in self.seats]
        self.watchers.clear()

    def set_bot(self, token: str, seat: int, level: str | None) -> None:
        """Put a bot of ``level`` in an empty or bot seat; None removes it (not mid-game)."""
        self.require_owner(token, T_("change the bots"))
        s = self.seats[seat]
        if s.kind == "human":
            raise TableError("seat-taken", T_("seat {seat} is held by {name}; kick them first",
                                              seat=seat, name=s.name))
        if level is None:
            if self.running:
                raise TableError("state", T_("a bot cannot leave during a game"))
            if s.kind == "bot":
                self.seats[seat] = Seat()
                self._emit({"type": "bot_removed", "seat": seat})
        else:
            self.seats[seat] = Seat("bot", bot_name(seat), None, level=level,
                                    pending=s.pending)
            self._emit({"type": "replaced_by_bot", "seat": seat, "level": level, "why": "owner"})
        self.seats_changed = True

    # -- the game ----------------------------------------------------------------------
    @property
    def running(self) -> bool:
        """A game is under way (playing or paused)."""
        return self.state in (TableState.PLAYING, TableState.PAUSED)

    def _check_game(self) -> Game:
        if self.game is None or self.state in (TableState.WAITING, TableState.OVER):
            raise TableError("state", T_("no game is running at this table"))
        if self.state == TableState.PAUSED:
            raise TableError("paused", T_("the game is paused"))
        return self.game

    def player_seat(self, token: str) -> int:
        """The seat ``token`` plays in; `TableError` ``not-seated`` for a watcher."""
        seat = self.seat_of(token)
        if seat is None:
            raise TableError("not-seated", T_("you are watching, not playing"))
        return seat

    def act(self, token: str, action: Action, now: float) -> None:
        """A person's game action, made for the seat ``token`` plays in."""
        if action.seat != self.player_seat(token):
            raise TableError("not-seated", T_("you can only act for your own seat"))
        self._apply(action, now)

    def undo(self, token: str, now: float) -> None:
        seat = self.player_seat(token)
        game = self._check_game()
        if any(s.kind == "human" for i, s in enumerate(self.seats) if i != seat):
            raise TableError("state", T_("undo is only for tables where every other seat is "
                                         "a bot"))
        hand_before = game.hand_number
        try:
            n = game.undo(seat)
        except IllegalMove as e:
            raise TableError("illegal", text_of(e)) from None
        self.version += 1
        if game.hand_number != hand_before:  # cannot happen: undo stays in the hand
            self.seats_changed = True
        self._emit({"type": "undone", "seat": seat, "actions": n})
        self._update_deadlines(now)

    def bot_move(self, seat: int, action: Action, version: int, now: float) -> bool:
        """A bot's decision made at ``version``; dropped if the table moved on since.

        Checked by the engine like a person's move; an illegal one is replaced by
        a random legal move. Returns whether it was applied.
        """
        if (version != self.version or self.state != TableState.PLAYING
                or seat not in self.bot_seats(now)):
            return False
        try:
            if action.seat != seat:
                raise TableError("illegal", "a bot acted for another seat")
            self._apply(action, now)
        except TableError:
            self._apply(self.fallback_action(seat), now)
        return True

    def fallback_action(self, seat: int) -> Action:
        """A random legal action for ``seat`` (when a bot misbehaves)."""
        assert self.game is not None
        hand = self.game.hand
        rng = random.Random(f"{self.bot_seed}/{self.version}/{seat}")
        if hand.phase == Phase.PASS:
            return Pass(seat, tuple(rng.sample(hand.held(seat), self.rules.pass_count)))
        if hand.phase == Phase.MOON_CHOICE:
            return MoonChoice(seat, "add")
        return Play(seat, rng.choice(hand.legal_plays(seat)))

    def _apply(self, action: Action, now: float) -> None:
        seat = action.seat
        game = self._check_game()
        hand = game.hand
        tricks = len(hand.tricks)
        broken = hand.hearts_broken
        phase = hand.phase
        had_tram = hand.tram is not None
        try:
            game.apply(action)
        except IllegalMove as e:
            raise TableError("illegal", text_of(e)) from None
        self.version += 1
        if isinstance(action, Pass):
            self._emit({"type": "passed", "seat": seat})
            if hand.phase != Phase.PASS:
                off = PASS_OFFSET[hand.pass_direction]
                for s in range(4):
                    frm = (s - off) & 3
                    self._emit({"type": "cards_received", "seat": s, "from_seat": frm,
                                "cards": [str(c) for c in hand.received(s) or ()]},
                               seat=s, public={"type": "cards_received", "seat": s,
                                               "from_seat": frm})
        elif isinstance(action, Play):
            self._emit({"type": "card_played", "seat": seat, "card": str(action.card)})
        elif isinstance(action, MoonChoice):
            self._emit({"type": "moon_chosen", "shooter": seat, "choice": action.choice})
        if not broken and hand.hearts_broken:
            self._emit({"type": "hearts_broken"})
        for t in hand.tricks[tricks:]:
            self._emit({"type": "trick_taken", "winner": t.winner, "leader": t.leader,
                        "cards": [str(c) for c in t.cards],
                        "points": trick_points(self.rules, t.cards)})
        if hand.tram is not None and not had_tram:
            tram = hand.tram
            self._emit({"type": "tram", "seat": tram.seat, "claimed": tram.claimed,
                        "cards": [[str(c) for c in h] for h in tram.cards]})
        if hand.phase == Phase.MOON_CHOICE and phase != Phase.MOON_CHOICE and hand.moon is not None:
            self._emit({"type": "moon_shot", "shooter": hand.moon.shooter, "sun": hand.moon.sun})
        if game.hand is not hand or game.over:
            r = game.results[-1]
            moon = r.moon
            self._emit({"type": "hand_scored", "hand": r.number, "points": list(r.points),
                        "totals": list(r.totals), "display_totals": game.display_totals(),
                        "moon": None if moon is None else cast(MoonMap, moon.wire(game.rules))})
            if game.over:
                self.state = TableState.OVER
                self.finished = True
                self.deadlines = {}
                self._emit({"type": "game_over", "totals": list(game.totals),
                            "display_totals": game.display_totals(),
                            "winners": list(game.winners or []),
                            "results": [{"hand": x.number, "points": list(x.points),
                                         "totals": list(x.totals)} for x in game.results]})
            else:
                self._hand_started()
            self.seats_changed = True
        self.timed_out.discard(seat)
        self._update_deadlines(now)

    def _hand_started(self) -> None:
        assert self.game is not None
        for i, s in enumerate(self.seats):
            if s.kind == "bot" and s.pending is not None:
                token, name = s.pending
                self.watchers.pop(token, None)
                self.seats[i] = Seat("human", name, token, level=s.level, connected=True)
                self._emit({"type": "player_joined", "seat": i, "name": name})
                self.seats_changed = True
        self.seating.append([self.occupant(i) for i in range(4)])
        hand = self.game.hand
        self._emit({"type": "hand_started", "hand": self.game.hand_number,
                    "dealer": hand.dealer, "pass_direction": hand.pass_direction})
        self.deadlines = {}

    def occupant(self, seat: int) -> dict[str, Any]:
        """Who holds ``seat``, as the history keeps it: a person by name and player id,
        a bot by name and level (a bot playing for a dropped person counts as the person)."""
        s = self.seats[seat]
        if s.kind == "human" and s.token:
            return {"name": s.name, "kind": "human",
                    "id": self.ids.get(s.token) or guest_id(s.token)}
        return {"name": s.name or bot_name(seat), "kind": "bot", "level": s.level}
    def replay(self, actions: list[Action], now: float) -> tuple[int, bool]:
        """Apply game actions saved after this table's snapshot, in order, until the game
        refuses one (or is over). Returns (how many were applied, whether one was refused)."""
        game = self.game
        if game is None:
            return 0, bool(actions)
        applied = 0
        refused = False
        for action in actions:
            if game.over:
                refused = True
                break
            try:
                game.apply(action)
            except Exception:           # refused by the engine, or not an action at all
                refused = True
                break
            applied += 1
        if applied:
            self.version += 1
            if game.over:
                self.state = TableState.OVER
            self._update_deadlines(now)
        return applied, refused

    # -- who must move, and when -----------------------------------------------------------
    def waiting_for(self) -> list[int]:
        """Seats whose action the game waits for now."""
        if self.game is None or self.state != TableState.PLAYING:
            return []
        hand = self.game.hand
        if hand.phase == Phase.PASS:
            return [s for s in range(4) if not hand.has_passed(s)]
        if hand.turn is not None and hand.phase in (Phase.PLAY, Phase.MOON_CHOICE):
            return [hand.turn]
        return []

    def _person_moves(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.kind == "human" and not s.auto

    def _update_deadlines(self, now: float) -> None:
        """Start the turn clock for people the game now waits for (turn_seconds)."""
        if self.state != TableState.PLAYING:
            return
        waiting = [s for s in self.waiting_for() if self._person_moves(s)]
        secs = self.rules.turn_seconds
        new = {}
        started = []
        for s in waiting:
            if not secs:
                continue
            if s in self.deadlines:
                new[s] = self.deadlines[s]
            else:
                new[s] = now + secs
                started.append(s)
        self.deadlines = new
        if started:
            self._emit({"type": "timer", "seats": started, "seconds": float(secs)})

    def tick(self, now: float) -> None:
        """Advance the clocks: turn timeouts, the grace of dropped people, the owner's."""
        if self.state == TableState.PLAYING:
            self._tick_game(now)
        self._owner_check(now)

    def _tick_game(self, now: float) -> None:
        for seat, when in list(self.deadlines.items()):
            if when <= now:
                del self.deadlines[seat]
                self.timed_out.add(seat)
        for i, s in enumerate(self.seats):
            if (s.kind == "human" and not s.connected and not s.auto and s.dropped_at is not None
                    and now - s.dropped_at >= self.drop_grace):
                s.auto = True
                self.deadlines.pop(i, None)
                self._emit({"type": "replaced_by_bot", "seat": i, "level": s.level,
                            "why": "dropped"})
                self.seats_changed = True

    def next_deadline(self) -> float | None:
        """The earliest time `tick` has something to do."""
        times: list[float] = []
        if self.state == TableState.PLAYING:
            times += self.deadlines.values()
            times += [s.dropped_at + self.drop_grace for s in self.seats
                      if s.kind == "human" and not s.connected and not s.auto
                      and s.dropped_at is not None]
        owner = self.owner_deadline()
        if owner is not None and self._heirs():   # (nobody to pass to: no clock to run)
            times.append(owner)
        return min(times) if times else None

    def bot_seats(self, now: float) -> list[int]:
        """Seats a bot must move for now: bots, people played by their bot, timeouts."""
        out = []
        for seat in self.waiting_for():
            s = self.seats[seat]
            if s.kind == "bot" or s.auto or seat in self.timed_out or s.kind == "empty":
                out.append(seat)
        return out

    # -- saving ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "hearts-table", "format_version": 1,
            "id": self.id, "name": self.name, "rules": self.rules.to_dict(),
            "bot_level": self.bot_level, "owner": self.owner, "state": str(self.state),
            "seats": [{"kind": s.kind, "name": s.name, "token": s.token, "level": s.level,
                       "auto": s.auto} for s in self.seats],
            "kicked": dict(self.kicked), "kick_marks": dict(self.kick_marks),
            "game": self.game.to_dict() if self.game else None,
            "paused_left": {str(k): v for k, v in self.paused_left.items()},
            "bot_seed": self.bot_seed,
            "password": self.password,
            "ids": dict(self.ids), "seating": self.seating,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any], now: float, drop_grace: float = 10.0) -> "Table":
        """A table from `to_dict`; its people start as dropped (they reconnect with tokens)."""
        if d.get("format") != "hearts-table":
            raise ValueError("not a saved Hearts table")
        t = cls(int(d["id"]), str(d["name"]), Rules.from_dict(d["rules"]),
                bot_level=d.get("bot_level", "normal"), drop_grace=drop_grace)
        t.owner = d.get("owner")
        t.state = TableState(d["state"])
        t.seats = [Seat(s["kind"], s["name"], s["token"], s.get("level", "normal"),
                        connected=False, auto=bool(s.get("auto")),
                        dropped_at=now if s["kind"] == "human" else None) for s in d["seats"]]
        t.kicked = dict(d.get("kicked", {}))
        t.kick_marks = {str(k): [str(m) for m in v] for k, v in d.get("kick_marks", {}).items()}
        t.game = Game.from_dict(d["game"]) if d.get("game") else None
        t.paused_left = {int(k): float(v) for k, v in d.get("paused_left", {}).items()}
        t.bot_seed = int(d.get("bot_seed", 0))
        t.password = d.get("password")
        t.ids = {str(k): str(v) for k, v in (d.get("ids") or {}).items()}
        t.seating = [list(row) for row in d.get("seating") or []]
        if t.owner is not None and t.seat_of(t.owner) is None:
            # the owner watched (watchers are not saved): the first person seated owns it,
            # and the away rule hands it on if they do not come back
            t.owner = next((s.token for s in t.seats if s.kind == "human" and s.token), None)
        if t.state == TableState.PLAYING:
            t._update_deadlines(now)
        t.changes = []
        return t


__all__ = ["Change", "Seat", "Table", "TableError"]
