"""The leaderboard: tonight's and all-time figures of every person and bot level, from
the host this client is connected to or from the games against bots kept here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from hearts.bots.base import level_words
from hearts.i18n import N_, _, ngettext
from hearts.net.history import local_time
from hearts.net.words import games_figure

from . import widgets as w
from .archive import Archive
from .sheets import Sheet, button_row

if TYPE_CHECKING:
    from .shell import Shell

COLUMNS = ((N_("#"), 0.05), (N_("Player"), 0.23), (N_("Games"), 0.12), (N_("Wins"), 0.08),
           (N_("Place"), 0.09), (N_("Pts/hand"), 0.1), (N_("Moons"), 0.12), (N_("Q♠"), 0.08),
           (N_("Hands"), 0.13))


def _num(value: Any) -> str:
    if value is None:
        return "–"
    return f"{value:.2f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)


def stats_row(rank: str, name: str, row: dict[str, Any]) -> str:
    """One row of the board's columns (see `COLUMNS`)."""
    moons = f"{row.get('moons_shot', 0)} / {row.get('moons_suffered', 0)}"
    return "\t".join((rank, name, games_figure(row), _num(row.get("wins")),
                      _num(row.get("average_place")), _num(row.get("points_per_hand")), moons,
                      _num(row.get("queens")), _num(row.get("hands"))))


def board_rows(board: dict[str, Any], you: str | None) -> list[str]:
    """The people, best first, then one row per bot level."""
    rows = []
    for rank, row in enumerate(board.get("people") or [], 1):
        name = str(row.get("name") or "?")
        if you is not None and row.get("id") == you:
            name = _("{name} (you)").format(name=name)
        rows.append(stats_row(str(rank), name, row))
    bots = list(board.get("bots") or [])
    if bots:
        rows.append("\t" + _("Bots, by level:"))
    for row in bots:
        level = level_words(row.get("level")) or "?"
        rows.append(stats_row("", _("{level} bots").format(level=level), row))
    return rows


class LeaderboardSheet(Sheet):
    """Tonight / all time, people then bots; Games opens the finished games."""

    def __init__(self, app: "Shell", archive: Archive, where: str) -> None:
        super().__init__(app, archive)
        self.archive: Archive = archive
        self.title = _("Leaderboard")
        self.where = where
        self.answer: dict[str, Any] | None = None
        self.error = ""
        self.which = w.Choice(["tonight", "all"], "tonight", on_change=lambda _v: self._fill(),
                              show=self._which_text)
        self.list = w.ColumnList([(_(name), share) for name, share in COLUMNS], row_height=36,
                                 empty=_("Asking the host…"))
        self.list.focusable = True
        self.list.one_line = True
        self.games_button = w.Button(_("Games"), self.games, primary=True)
        self.close_button = w.Button(_("Close"), self.close)
        for x in (self.which, self.list, self.games_button, self.close_button):
            self.form.add(x)
        self.form.focus(self.which)
        self.subtitle = where
        archive.ask({"type": "stats"}, self._answered)
        self.layout(app.size)

    def _which_text(self, value: str) -> str:
        if value == "all":
            return _("All time")
        since = local_time(str((self.answer or {}).get("since") or ""), with_date=False)
        if self.archive.local:
            return _("Today")
        return _("Tonight (since {time})").format(time=since) if since else _("Tonight")

    def _answered(self, msg: dict[str, Any]) -> None:
        if msg.get("type") == "error":
            self.error = str(msg.get("message") or _("The host did not answer."))
            self.list.empty = self.error
            return
        self.answer = msg
        self._fill()
        self.app.redraw()

    def _fill(self) -> None:
        if self.answer is None:
            return
        board = self.answer.get(self.which.value) or {}
        rows = board_rows(board, self.answer.get("you"))
        self.list.set_rows(rows)
        self.list.empty = (
            _("No finished games yet: the figures come with the first one.")
            if self.which.value == "all" else _("No game finished yet today.")
            if self.archive.local else _("No game finished yet tonight."))
        n = int(board.get("games") or 0)
        self.subtitle = self.where + "  ·  " + ngettext("{n} game", "{n} games", n).format(n=n)

    def games(self) -> None:
        from .history import HistorySheet
        HistorySheet(self.app, self.archive, self.where).open()

    def layout_content(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        p = self.panel.inflate(-int(30 * s), -int(20 * s))
        bh, gap = max(int(44 * s), 30), int(14 * s)
        top = self.panel.top + self.head_height()
        self.which.rect = pygame.Rect(0, top, min(p.width, int(420 * s)), bh)
        self.which.rect.centerx = p.centerx
        self.list.row_height = max(w.font(w.MIN_TEXT).get_linesize() + 12, int(46 * s))
        names = w.font(self.list.text_size()).get_linesize() + int(6 * s)
        list_top = self.which.rect.bottom + int(14 * s) + names
        f = self._note_font()
        note = len(w.wrap(self._note(), f, p.width)) * f.get_linesize() + int(6 * s)
        self.list.rect = pygame.Rect(p.left, list_top, p.width,
                                     p.bottom - bh - gap - note - list_top)
        button_row([self.games_button, self.close_button], p, bh, gap, int(200 * s))

    def _note(self) -> str:
        return _("Place: the average place, 1 to 4 (ties share).  Moons: shot / suffered.  "
                 "Wins count shared wins.  A bot level adds up every seat it played.")

    def _note_size(self) -> int:
        return max(w.MIN_TEXT, int(16 * self.app.scale))

    def _note_font(self) -> pygame.font.Font:
        return w.font(self._note_size())

    def draw_content(self, surface: pygame.Surface) -> None:
        # the note under the list, whole: as many lines as the width needs
        f = self._note_font()
        y = self.list.rect.bottom + int(4 * self.app.scale)
        for line in w.wrap(self._note(), f, self.list.rect.width):
            w.text(surface, line, (self.list.rect.left, y), self._note_size(), w.DIM)
            y += f.get_linesize()


__all__ = ["LeaderboardSheet", "board_rows", "stats_row"]
