"""The game against bots kept between runs: the in-process host saves it (net.saves, the
host's own format) under $XDG_DATA_HOME/hearts/bots-game, and the main menu offers it back."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hearts.engine import Game, action_from_wire
from hearts.i18n import _
import hearts.net.saves as saves


def data_dir() -> Path:
    """$XDG_DATA_HOME/hearts, else ~/.local/share/hearts."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                           "share")
    return Path(base) / "hearts"


def save_dir() -> Path:
    """Where the host of a game against bots keeps its table."""
    return data_dir() / "bots-game"


@dataclass
class SavedGame:
    """A running game against bots found on disk: enough to offer it and take the seat back."""

    token: str
    seat: int
    hand: int                       # 1-based, the hand being played
    totals: list[int]
    names: list[str]

    @property
    def summary(self) -> str:
        """"hand 5, you lead with 23" (or "hand 5, place 3 of 4 with 40; Ann leads with 23")."""
        mine = self.totals[self.seat]
        best = min(self.totals)
        if mine == best:
            if self.totals.count(best) == 1:
                return _("hand {hand}, you lead with {points}").format(hand=self.hand,
                                                                        points=mine)
            return _("hand {hand}, you share the lead with {points}").format(hand=self.hand,
                                                                              points=mine)
        place = 1 + sum(1 for t in self.totals if t < mine)
        leader = self.names[self.totals.index(best)]
        return _("hand {hand}, place {place} of 4 with {points}; {leader} leads with {best}"
                 ).format(hand=self.hand, place=place, points=mine, leader=leader, best=best)


def find(directory: Path | None = None) -> SavedGame | None:
    """The saved game that can be continued (a game in progress with our seat), if any."""
    directory = directory or save_dir()
    for path, data, problem in saves.load_tables(directory):
        if problem or data is None or data.get("state") not in ("playing", "paused"):
            continue
        try:
            game = _replayed(path, data)
        except Exception:  # a save the host could not resume either: not offered
            continue
        if game.over:
            continue
        seats = data.get("seats") or []
        for i, s in enumerate(seats):
            if isinstance(s, dict) and s.get("kind") == "human" and s.get("token"):
                return SavedGame(token=str(s["token"]), seat=i, hand=game.hand_number + 1,
                                 totals=list(game.totals),
                                 names=[str(x.get("name") or _("seat {n}").format(n=n + 1))
                                        for n, x in enumerate(seats)])
    return None


def _replayed(path: Path, data: dict[str, Any]) -> Game:
    """The saved game with the actions logged after its snapshot (as the host resumes it)."""
    game = Game.from_dict(data["game"])
    entries, _cut = saves.read_log(saves.log_path(path.parent, int(data["id"])))
    for index, action in entries:
        if index < len(game.log):
            continue                    # already in the snapshot
        if index > len(game.log) or game.over:
            break
        game.apply(action_from_wire(action))
    return game


def forget(directory: Path | None = None) -> None:
    """Remove the saved table (a new game against bots replaces it)."""
    directory = directory or save_dir()
    for table_id in saves.saved_ids(directory) if directory.is_dir() else []:
        saves.remove_table(directory, table_id)
