"""The server core's clocks and bots: when each table's clock must tick, which bots'
turns are due (`BotTurn` orders; the host runs the bots in threads), their answers,
and hints."""

from __future__ import annotations

from typing import Any

from hearts.engine import Action, MoonChoice, Pass, Phase, Play, View

from .core_state import CoreState
from .outbox import BotTurn
from .table import Table

FALLBACK_LEVEL = "random"   # a bot that cannot be built (a plug-in gone) plays as this


def bot_action(bot: Any, view: View, budget: float) -> Action:
    """What ``bot`` does at ``view``: its pass, play or moon choice (run in a thread)."""
    if view.phase == Phase.PASS:
        return Pass(view.seat, tuple(bot.choose_pass(view, budget)))
    if view.phase == Phase.MOON_CHOICE:
        return MoonChoice(view.seat, bot.choose_moon(view, budget))
    return Play(view.seat, bot.choose_play(view, budget))


def hint_position(view: View) -> tuple[object, ...]:
    """What a hint answers: the seat's cards and the table as the seat must act on them.
    Another seat's pass leaves it unchanged; the seat's own card or pass, or a new trick,
    changes it."""
    return (view.totals, view.dealer, view.phase, view.hand, view.passed, view.turn,
            view.trick, len(view.tricks), view.moon)


class Clocks:
    """Each table's next clock and its bots' turns, and what comes back from the threads."""

    def __init__(self, state: CoreState) -> None:
        self.state = state
        self._thinking: dict[int, set[int]] = {}   # table -> seats whose bot is asked

    def look(self, table: Table) -> None:
        """When ``table``'s clock must tick next, and the bots' turns that are due."""
        out = self.state.out
        if self.state.stopping:
            out.clocks[table.id] = None
            return
        out.clocks[table.id] = table.next_deadline()
        if table.game is None:
            return
        alone = self.state.alone_for(table)
        if alone is not None and alone >= self.state.limits.bots_alone:
            return          # nobody is there: its bots rest until someone comes back
        thinking = self._thinking.setdefault(table.id, set())
        # a bot that has not answered in three times its budget and a second gets a legal
        # move made for it (`bot_moved` with none)
        budget = self.state.limits.bot_budget
        for seat in table.bot_seats(self.state.now):
            if seat in thinking:
                continue
            thinking.add(seat)
            level = table.seats[seat].level or self.state.bot_level
            out.bots.append(BotTurn(table.id, seat, level, f"{table.bot_seed}/{seat}",
                                    table.game.hand.view(seat), table.version,
                                    FALLBACK_LEVEL, people=alone is None, budget=budget,
                                    patience=budget * 3 + 1.0))

    def forget(self, table_id: int) -> None:
        """``table_id`` is closed."""
        self._thinking.pop(table_id, None)

    def tick(self, table_id: int) -> None:
        """``table_id``'s clock is due: turn timeouts, the grace of dropped people."""
        table = self.state.tables.get(table_id)
        if table is not None:
            table.tick(self.state.now)
            self.state.touch(table)

    def bot_moved(self, table_id: int, seat: int, version: int, action: Action | None,
                  busy: bool = False) -> None:
        """The bot of the `BotTurn` at ``version`` chose ``action`` (None: it failed or ran
        out of time: a legal move is made for it). ``busy``: its thread still thinks, so
        the seat gets no new turn until `bot_free`."""
        state = self.state
        table = state.tables.get(table_id)
        if not busy:
            self._thinking.get(table_id, set()).discard(seat)
        if table is None or state.stopping:
            return
        if action is None:
            if version != table.version:
                state.wake(table.id)
                return
            action = table.fallback_action(seat)
        if table.bot_move(seat, action, version, state.now):
            state.actions += 1
            state.touch(table)
        else:
            state.wake(table.id)

    def bot_free(self, table_id: int, seat: int) -> None:
        """The thread of a bot that ran out of time is free again."""
        self._thinking.get(table_id, set()).discard(seat)
        if table_id in self.state.tables:
            self.state.wake(table_id)

    def hint_ready(self, player_id: int, asked: View, cards: list[str], reason: str,
                   moon: str | None) -> None:
        """A hint asked for in the position ``asked`` is computed. It is sent only while the
        player still faces that position: one whose turn has passed (a card played for it
        when its clock ran out, or its own) would name a card for another."""
        state = self.state
        player = state.player(player_id)
        table = state.table_at(player) if player is not None else None
        if player is None or table is None or table.game is None:
            return
        if table.seat_of(player.token) != asked.seat or \
                hint_position(table.game.hand.view(asked.seat)) != hint_position(asked):
            return
        state.send(player, {"type": "hint", "cards": cards, "reason": reason, "moon": moon})


__all__ = ["FALLBACK_LEVEL", "Clocks", "bot_action", "hint_position"]
