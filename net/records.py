"""The server core's records: what to save of each table and when (`Save` orders in the
outbox; the host writes the files), a finished game for the history, resuming saved
tables, and the answers about finished games (`History`)."""

from __future__ import annotations

import logging
from typing import Any, cast

from hearts.engine import Action, action_from_wire
from hearts.i18n import T_, Text

from .core_state import CoreState
from .history import History, history_record
from .messages import GameMessage
from .outbox import GameRead, Player, Save
from .protocol import error
from .savecheck import check_saved_table
from .table import Table, TableError

log = logging.getLogger("hearts.host")

# change kinds that come from game actions alone: saved by appending to the table's log
ACTION_CHANGES = frozenset({"passed", "cards_received", "card_played", "trick_taken",
                            "hearts_broken", "moon_shot", "moon_chosen", "tram", "timer", "chat"})


class Records:
    """Saves, resuming and the finished games of one host's tables."""

    def __init__(self, state: CoreState, history: History) -> None:
        self.state = state
        self.history = history
        self._saved_len: dict[int, int | None] = {}   # table -> game actions saved so far

    def save(self, table: Table, kinds: set[str] | None = None) -> None:
        """Save after a change: append the new game actions to the table's log when only
        game actions happened (``kinds`` ⊆ ACTION_CHANGES), else a new snapshot."""
        if not self.state.saving:
            return
        game = table.game
        saved = self._saved_len.get(table.id)
        out = self.state.out
        if (kinds is None or not kinds <= ACTION_CHANGES or game is None or saved is None
                or len(game.log) < saved):
            out.saves.append(Save(table.id, snapshot=table.to_dict()))
        elif len(game.log) > saved:
            out.saves.append(Save(table.id, entries=[
                [i, game.log[i].to_wire()] for i in range(saved, len(game.log))]))
        self._saved_len[table.id] = len(game.log) if game is not None else None

    def finished(self, table: Table) -> None:
        """``table``'s game is over: the host adds it to the history (and its files)."""
        self.state.out.saves.append(Save(table.id, history=history_record(table)))

    def save_failed(self, table_id: int) -> None:
        """A save of ``table_id`` could not be written: the next one is a whole snapshot."""
        self._saved_len[table_id] = None

    def save_again(self, table_id: int) -> bool:
        """Save ``table_id`` whole now (the host's retry after a save that failed); whether
        there is such a table to save."""
        table = self.state.tables.get(table_id)
        if table is None or not self.state.saving:
            return False
        self._saved_len[table_id] = None
        self.save(table)
        return True

    def forget(self, table_id: int) -> None:
        """``table_id`` is closed."""
        self._saved_len.pop(table_id, None)

    def save_all(self) -> None:
        """Every table saved whole (the host is stopping)."""
        for table in self.state.tables.values():
            self.save(table)

    def files_found(self, ids: list[int]) -> None:
        """The save folder holds tables ``ids``: a new table never takes one of their
        numbers (a save not resumed, good or not, must not be overwritten)."""
        self.state.next_table = max([self.state.next_table, *(i + 1 for i in ids)])

    def restore(self, data: Any, log_entries: list[list[Any]], log_cut: bool,
                where: str = "a saved table") -> Table | None:
        """Bring back a saved table (``data``: `Table.to_dict` read back, ``log_entries``:
        its log, ``log_cut``: the log's last entry was incomplete) with its people as
        dropped players who come back by their tokens. None when it cannot be (logged,
        and its files are left as they are)."""
        state = self.state
        try:
            check_saved_table(data)         # whole and consistent, or not loaded at all
            table = Table.from_dict(data, state.now, state.limits.drop_grace)
        except Exception as e:
            log.error("%s could not be restored (%s); it was left as it is", where,
                      str(e) or type(e).__name__)
            return None
        self._replay(table, log_entries, where)
        if log_cut:
            log.warning("the last entry of %s was incomplete (the action in flight when the "
                        "host stopped) and was ignored", where)
        state.tables[table.id] = table
        self.save(table)                    # a fresh snapshot; the log starts again
        state.wake(table.id)
        state.next_table = max(state.next_table, table.id + 1)
        for s in table.seats:
            if s.kind == "human" and s.token:
                state.players[s.token] = Player(state.next_player, s.token, s.name or "player",
                                                table=table.id, pid=table.ids.get(s.token, ""))
                state.next_player += 1
        log.info("resumed table %d %r (%s, hand %s)", table.id, table.name, table.state,
                 table.game.hand_number + 1 if table.game else "-")
        return table

    def _replay(self, table: Table, entries: list[list[Any]], where: str) -> None:
        """Apply the game actions logged after the table's snapshot."""
        game = table.game
        if game is None:
            return
        actions: list[Action] = []
        problem = None
        for index, wire in entries:
            if index < len(game.log) + len(actions):
                continue                    # already in the snapshot (or a repeat)
            if index > len(game.log) + len(actions):
                problem = "skips an action"
                break
            try:
                actions.append(action_from_wire(wire))
            except Exception:               # not an action at all
                problem = "holds an action the game refuses"
                break
        applied, refused = table.replay(actions, self.state.now)
        if refused:
            problem = "holds an action the game refuses"
        if problem:
            log.warning("%s %s; the rest of it was ignored", where, problem)

    # -- the finished games -----------------------------------------------------------------
    def stats(self, player: Player) -> dict[str, Any]:
        """The ``stats`` answer for ``player``."""
        return self.history.stats(player.pid)

    def games(self, before: int | None, limit: int | None) -> dict[str, Any]:
        """The ``games`` answer: a page of the finished games."""
        return self.history.games(before, limit)

    def game(self, player: Player, game_id: int | None, hand: int) -> None:
        """Answer ``game``: finished game ``game_id``, or the one at ``player``'s table
        (None). A game in play is answered from memory; a finished one is read by the host
        (a `GameRead` order, answered in `game_read`); `TableError` ``no-game`` when there
        is none."""
        if game_id is None:
            table = self.state.table_of(player)
            game_id = self.history.kept_id(table)
            if game_id is None:
                answer = self.history.table_game(table, hand)
                if answer is None:
                    raise TableError("no-game", T_("no game has been played at this table "
                                                   "yet"))
                self.state.send(player, cast(GameMessage, answer))
                return
        if self.history.find(game_id) is None:
            raise TableError("no-game", _no_game(game_id))
        self.state.out.reads.append(GameRead(player.id, game_id, hand))

    def game_read(self, read: GameRead, answer: dict[str, Any] | None) -> None:
        """The host read the game a `GameRead` asked for (None: it could not be read)."""
        player = self.state.player(read.player)
        if player is None:
            return
        if answer is None:
            self.state.send(player, error("no-game", _no_game(read.game), "game"))
        else:
            self.state.send(player, cast(GameMessage, answer))


def _no_game(game_id: int) -> Text:
    return T_("there is no finished game {number} on this host", number=game_id)


__all__ = ["ACTION_CHANGES", "Records"]
