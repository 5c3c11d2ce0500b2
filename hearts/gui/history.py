"""The finished games, newest first: who played, the totals, the winner; a game opens as a
replay or is saved as JSON (Export)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from hearts.engine.rule_options import summary_words
from hearts.i18n import N_, _, ngettext
from hearts.net.history import local_time, player_name

from . import widgets as w
from .archive import Archive, fetch_game
from .sheets import Sheet, button_row, export_game

if TYPE_CHECKING:
    from .shell import Shell

COLUMNS = ((N_("Game"), 0.16), (N_("Table and rules"), 0.24), (N_("Players and totals"), 0.5),
           (N_("Hands"), 0.1))


def game_row(g: dict[str, Any]) -> str:
    """One game for the columns (see `COLUMNS`)."""
    totals = list(g.get("totals") or [])
    winners = list(g.get("winners") or [])
    seats = []
    for i, ref in enumerate(g.get("players") or []):
        seat = f"{player_name(ref)} {totals[i] if i < len(totals) else '?'}"
        seats.append(("★\u00a0" if i in winners else "") + seat)   # (the star kept with it)
    when = local_time(str(g.get("finished") or ""))
    rules = summary_words(str(g.get("summary") or ""))
    return "\t".join((f"#{g.get('id')}\n{when}", f"{g.get('name') or '?'}\n{rules}",
                      ", ".join(seats[:2]) + "\n" + ", ".join(seats[2:]), str(g.get("hands"))))


class HistorySheet(Sheet):
    """The list of finished games (a page at a time: More asks for older ones)."""

    def __init__(self, app: "Shell", archive: Archive, where: str) -> None:
        super().__init__(app, archive)
        self.archive: Archive = archive
        self.title = _("Finished games")
        self.where = self.subtitle = where
        self.games: list[dict[str, Any]] = []
        self.next: int | None = None
        self.total = 0
        self.busy = False
        self.list = w.ColumnList([(_(n), share) for n, share in COLUMNS],
                                 on_activate=lambda g: self.replay(), empty=_("Asking the host…"))
        self.list.grow = True                   # every name whole, on more lines if need be
        self.replay_button = w.Button(_("Replay"), self.replay, primary=True)
        self.export_button = w.Button(_("Export"), self.export)
        self.more_button = w.Button(_("Older games"), self.more)
        self.close_button = w.Button(_("Close"), self.close)
        self.buttons = [self.replay_button, self.export_button, self.more_button,
                        self.close_button]
        for x in (self.list, *self.buttons):
            self.form.add(x)
        self.form.focus(self.list)
        self._ask(None)
        self.layout(app.size)

    def _ask(self, before: int | None) -> None:
        self.busy = True
        msg: dict[str, Any] = {"type": "games"}
        if before is not None:
            msg["before"] = before
        self.archive.ask(msg, self._answered)

    def _answered(self, msg: dict[str, Any]) -> None:
        self.busy = False
        if msg.get("type") == "error":
            self.list.empty = str(msg.get("message") or _("The host did not answer."))
            return
        self.games += list(msg.get("games") or [])
        self.next = msg.get("next")
        self.total = int(msg.get("total") or 0)
        self.list.set_rows([game_row(g) for g in self.games], [g.get("id") for g in self.games])
        if self.list.selected < 0 and self.games:
            self.list.select(0)
        self.list.empty = _("No finished games yet.")
        self.subtitle = self.where + "  ·  " + ngettext(
            "{n} game kept", "{n} games kept", self.total).format(n=self.total)
        self._enable()
        self.app.redraw()

    def _enable(self) -> None:
        chosen = self.list.value is not None
        self.replay_button.enabled = self.export_button.enabled = chosen
        self.more_button.enabled = self.next is not None and not self.busy

    def more(self) -> None:
        if self.next is not None and not self.busy:
            self._ask(self.next)

    def replay(self) -> None:
        gid = self.list.value
        if gid is None:
            return
        from .replay import ReplaySheet

        def show(doc: dict[str, Any]) -> None:
            ReplaySheet(self.app, doc, self.archive).open()
        fetch_game(self.archive, gid, show, self._failed)

    def export(self) -> None:
        gid = self.list.value
        if gid is not None:
            fetch_game(self.archive, gid, self._export, self._failed)

    def _export(self, doc: dict[str, Any]) -> None:
        export_game(self.app, doc)

    def _failed(self, why: str) -> None:
        self.app.notify(why)

    def layout_content(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        p = self.panel.inflate(-int(30 * s), -int(20 * s))
        bh, gap = max(int(44 * s), 30), int(14 * s)
        self.list.base_height = w.ColumnList.row_height_for(s)
        names = w.font(self.list.text_size()).get_linesize() + int(6 * s)
        top = self.panel.top + self.head_height() + names
        self.list.rect = pygame.Rect(p.left, top, p.width, p.bottom - bh - gap - top)
        self.list.fit_rows()
        button_row(list(self.buttons), p, bh, gap, int(190 * s))

    def update(self, dt: float) -> None:
        self._enable()


__all__ = ["HistorySheet", "game_row"]
