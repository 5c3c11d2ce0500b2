"""One table's game, sans-I/O: actions checked by the engine and their changes, undo,
bots' moves, replaying a log, and who must move when (turn clocks, dropped people)."""

from __future__ import annotations

import random
from typing import Any, cast

from hearts.engine import Action, Game, Hand, IllegalMove, MoonChoice, Pass, Phase, Play
from hearts.engine.rules import PASS_OFFSET
from hearts.engine.scoring import moon_stake
from hearts.i18n import T_, text_of

from .messages import MoonMap
from .replay import trick_points
from .stats import guest_id
from .table_base import Seat, TableBase, TableError, TableState, bot_name


class TablePlay(TableBase):
    """A table's game: actions, bots' moves, turn clocks."""

    # -- the game ----------------------------------------------------------------------
    def _check_game(self, token: str | None = None) -> Game:
        """The running game; `TableError` when there is none or it is paused (telling
        ``token``, when it owns the table, how to go on)."""
        if self.game is None or self.state in (TableState.WAITING, TableState.OVER):
            raise TableError("state", T_("no game is running at this table"))
        if self.state == TableState.PAUSED:
            if token is not None and token == self.owner:
                raise TableError("paused", T_("the game is paused: type /resume to go on"))
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
        self._apply(action, now, token)

    def undo(self, token: str, now: float) -> None:
        seat = self.player_seat(token)
        game = self._check_game(token)
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
        self.bot_moves[seat] += 1
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

    def _apply(self, action: Action, now: float, token: str | None = None) -> None:
        """``action`` applied to the running game (``token``: the person who made it)."""
        seat = action.seat
        game = self._check_game(token)
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
            sun = hand.moon is not None and hand.moon.sun
            self._emit({"type": "moon_chosen", "shooter": seat, "choice": action.choice,
                        "points": moon_stake(self.rules, sun)})
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
            self._credit_hand(hand)
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
        self.bot_moves = [0] * 4
        hand = self.game.hand
        self._emit({"type": "hand_started", "hand": self.game.hand_number,
                    "dealer": hand.dealer, "pass_direction": hand.pass_direction})
        self.deadlines = {}

    def _credit_hand(self, hand: Hand) -> None:
        """``hand`` ended: a person for whom a bot made most of their seat's moves (they
        dropped, left or let their clock run out) did not play it; the hand is the bot's,
        kept with ``for``: the person it played for (docs/history.md)."""
        if not self.seating or not any(self.bot_moves):
            return                  # (the hand's actions are built only when a bot moved)
        row = self.seating[-1]
        actions = hand.actions
        for seat, who in enumerate(row):
            moves = sum(1 for a in actions if a.seat == seat)
            if who.get("kind") == "human" and 2 * self.bot_moves[seat] > moves:
                row[seat] = {"name": who.get("name"), "kind": "bot",
                             "level": self.seats[seat].level, "for": who}

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
                # the seat's bot makes this one move; the person keeps the seat and the next
                self._emit({"type": "replaced_by_bot", "seat": seat,
                            "level": self.seats[seat].level, "why": "timeout"})
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


__all__ = ["TablePlay"]
