"""One table, sans-I/O: seats, owner, bots, the game, timers as deadlines.

The host calls methods with the acting player's token and the current time;
each method changes the table and queues what happened in ``table.changes``
(taken by `flush`). Refusals raise `TableError` with a protocol error code and
one sentence. Bots do not run here: `bot_seats(now)` says which seats a bot must
move for, and the host runs the bot and hands the result to `bot_move`.

`Table` is built in three layers, each in its own module: `TableBase`
(`hearts.net.table_base`: the fields, what is read of them, the changes queued, the
owner), `TablePlay` (`hearts.net.table_play`: the game, bots' moves, who moves when)
and `Table` here (people sitting, watching, leaving and coming back, the owner's
commands, saving).
"""

from __future__ import annotations

import secrets
from typing import Any

from hearts.engine import Game, Rules, RulesError
from hearts.i18n import T_, Text, text_of

from .table_base import (BOT_NAMES, OPERATOR, SEAT_KINDS, TABLE_STATES, Change, Seat, TableError,
                         TableState, bot_name, events_for)
from .table_play import TablePlay


class Table(TablePlay):
    """A table of four seats and the people watching it."""

    # -- membership --------------------------------------------------------------------
    def check_not_kicked(self, token: str, name: str, key_id: str = "", addr: str = "") -> None:
        """`TableError` ``kicked`` when the person was kicked from this table: by their
        name or token, by their player key (``key_id``: its id, "" without one), or by
        their address where the person kicked or the one coming has no key (a new name,
        a new connection or a forgotten key does not dodge a kick)."""
        if (name in self.kicked or token in self.kicked.values()
                or self._barred(key_id, addr)):
            raise TableError("kicked", T_("you were kicked from “{name}”; only its owner can let "
                                          "you back", name=self.name))

    def _barred(self, key_id: str, addr: str) -> bool:
        for kicked_key, kicked_addr in self.barred.values():
            if key_id and key_id == kicked_key:
                return True
            if addr and addr == kicked_addr and not (key_id and kicked_key):
                return True
        return False

    def bar(self, token: str, key_id: str, addr: str) -> None:
        """Remember who the person kicked with ``token`` is: their key's id and address."""
        for name, kicked in self.kicked.items():
            if kicked == token:
                self.barred[name] = (key_id, addr)

    def seat_for(self, token: str, seat: int | None) -> int:
        """The seat `sit` gives ``token``: ``seat``, or the first free one (its current seat
        when it asks for none); the `TableError` `sit` would raise, changing nothing (a
        person moving from another table keeps their seat there when this one refuses)."""
        current = self.seat_of(token)
        if current is not None and (seat is None or seat == current):
            return current
        running = self.running
        if seat is None:
            order = [i for i, s in enumerate(self.seats) if s.kind == "empty"]
            # a bot's seat: at once before a game, at the next hand during one (the first
            # nobody is waiting for), so "Sit down" at a game of bots lets a late guest in
            order += [i for i, s in enumerate(self.seats)
                      if s.kind == "bot" and not (running and s.pending is not None)]
            if not order:
                raise TableError("table-full", T_("table {number} has no free seat",
                                                    number=self.id))
            seat = order[0]
        target = self.seats[seat]
        if target.kind == "human":
            raise TableError("seat-taken", T_("{name} sits in that seat", name=target.name))
        if current is not None and running:
            raise TableError("state", T_("you cannot change seats during a game"))
        if target.kind == "bot" and running and target.pending is not None:
            raise TableError("seat-taken", T_("that seat already goes to {name} at the next hand",
                                              name=target.pending[1]))
        return seat

    def sit(self, token: str, name: str, seat: int | None, now: float) -> int:
        """Take ``seat`` (or the first free one); returns the seat."""
        self.check_not_kicked(token, name)
        current = self.seat_of(token)
        seat = self.seat_for(token, seat)
        if seat == current:
            return seat
        running = self.running
        target = self.seats[seat]
        if current is not None:
            self.seats[current] = Seat()
        self.watchers.pop(token, None)
        if target.kind == "bot" and running:
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
            raise TableError("state", T_("nobody sits in that seat to be kicked"))
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
        self.barred.pop(name, None)
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
        if s.kind == "human" and s.token == token:
            raise TableError("seat-taken", T_("that is your own seat: a bot can only take an "
                                              "empty seat or another bot's"))
        if s.kind == "human":
            raise TableError("seat-taken", T_("{name} sits there: a bot can only take an empty "
                                              "seat or another bot's, so kick {name} first",
                                              name=s.name))
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

    # -- saving ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": "hearts-table", "format_version": 1,
            "id": self.id, "name": self.name, "rules": self.rules.to_dict(),
            "bot_level": self.bot_level, "owner": self.owner, "state": str(self.state),
            "seats": [{"kind": s.kind, "name": s.name, "token": s.token, "level": s.level,
                       "auto": s.auto} for s in self.seats],
            "kicked": dict(self.kicked),
            "barred": {name: list(who) for name, who in self.barred.items()},
            "game": self.game.to_dict() if self.game else None,
            "paused_left": {str(k): v for k, v in self.paused_left.items()},
            "bot_seed": self.bot_seed,
            "password": self.password,
            "ids": dict(self.ids), "seating": self.seating, "bot_moves": list(self.bot_moves),
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
        t.barred = {str(name): (str(who[0]), str(who[1])) for name, who in
                    (d.get("barred") or {}).items()
                    if isinstance(who, list) and len(who) == 2 and name in t.kicked}
        t.game = Game.from_dict(d["game"]) if d.get("game") else None
        t.paused_left = {int(k): float(v) for k, v in d.get("paused_left", {}).items()}
        t.bot_seed = int(d.get("bot_seed", 0))
        t.password = d.get("password")
        t.ids = {str(k): str(v) for k, v in (d.get("ids") or {}).items()}
        t.seating = [list(row) for row in d.get("seating") or []]
        moves = d.get("bot_moves")
        if isinstance(moves, list) and len(moves) == 4 and all(type(m) is int for m in moves):
            t.bot_moves = list(moves)
        if t.owner is not None and t.seat_of(t.owner) is None:
            # the owner watched (watchers are not saved): the first person seated owns it,
            # and the away rule hands it on if they do not come back
            t.owner = next((s.token for s in t.seats if s.kind == "human" and s.token), None)
        if t.state == TableState.PLAYING:
            t._update_deadlines(now)
        t.changes = []
        return t


__all__ = ["BOT_NAMES", "OPERATOR", "SEAT_KINDS", "TABLE_STATES", "Change", "Seat", "Table",
           "TableError", "TableState", "bot_name", "events_for"]
