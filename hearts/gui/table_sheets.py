"""The table's sheets: a hand's summary, the final score sheet and the scoreboard.

`SheetPainter` draws them over the table; their sentences (a moon, an early end, who
won, your place) come from `hearts.net.words`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from hearts.i18n import _, ngettext, pgettext
from hearts.net import words

from . import theme
from . import table_draw as draw
from .table_draw import TableCanvas
from .table_panels import PanelPainter, rules_line
from .table_part import TableStage
from .table_text import MIN_TEXT

if TYPE_CHECKING:
    from .table_controls import TableControls
    from .table_playback import Playback


class SheetPainter(TableCanvas):
    """Draws the summary, the final sheet and the scoreboard (see the module's doc)."""

    def __init__(self, stage: TableStage, panels: PanelPainter, controls: "TableControls",
                 playback: "Playback") -> None:
        super().__init__(stage)
        self.panels = panels
        self.controls = controls
        self.playback = playback

    def summary_lines(self) -> list[str]:
        """The sentences under a hand's scores: a moon, how the hand ended early, or both."""
        s = self.model.summary or {}
        return words.hand_end_lines(self.model.voice, s.get("moon"), s.get("tram"))

    def summary_rect(self) -> pygame.Rect:
        u = self.layout.u
        names = max(draw.text(self.model.info.seat_name(seat), round(16 * u), theme.TEXT,
                              "bold").get_width() for seat in range(4))
        w = min(self.size[0] - 2 * self.layout.margin, max(round(460 * u), names + round(210 * u)))
        extra = 0
        for line in self.summary_lines():
            extra += len(draw.wrap(line, round(15 * u), w - round(48 * u), "bold")) * self.line_h(15, "bold")
        h = (round(12 * u) + self.line_h(22, "bold") + round(10 * u) + self.line_h(13) + round(6 * u)
             + self.row_h(16) * 4 + round(6 * u) + extra + round(8 * u) + self.line_h(13) + round(10 * u))
        r = pygame.Rect(0, 0, w, h)
        r.center = (self.size[0] // 2, self.layout.centre[1])
        # low enough to leave the big announcement (a moon) room below the seat across,
        # while it stays above the status line
        panels = self.panels
        room = panels.top_seat_bottom() + panels.notice_height() + round(14 * u)
        r.top = max(r.top, min(room, self.layout.status_y - round(8 * u) - h))
        return r

    def draw_summary(self, surface: pygame.Surface) -> None:
        s = self.model.summary or {}
        u = self.layout.u
        r = self.summary_rect()
        self.panel(surface, r, alpha=248, edge=theme.ACCENT_SOFT)
        hand = int(s.get("hand", self.model.info.hand) or 0) + 1
        title = draw.text(_("Hand {hand} scored").format(hand=hand), round(22 * u), theme.ACCENT, "bold")
        surface.blit(title, title.get_rect(midtop=(r.centerx, r.y + round(12 * u))))
        pts = list(s.get("points") or (self.model.view.points if self.model.view and self.model.view.points else (0,) * 4))
        totals = list(s.get("totals") or self.model.info.totals)
        y = r.y + round(12 * u) + title.get_height() + round(10 * u)
        hdr = draw.text(_("this hand     total"), round(13 * u), theme.TEXT_DIM)
        surface.blit(hdr, (r.right - round(24 * u) - hdr.get_width(), y))
        y += hdr.get_height() + round(6 * u)
        for seat in range(4):
            info = self.model.info.seats[seat]
            color = theme.HUMAN_NAME if info.human else theme.BOT_NAME
            surface.blit(draw.text(draw.fit(self.model.info.seat_name(seat), round(16 * u),
                                            r.width - round(200 * u), "bold"),
                                   round(16 * u), color, "bold"), (r.x + round(24 * u), y))
            p = draw.text(f"{self.model.info.display_points(pts[seat]):+d}" if pts[seat] else "0", round(16 * u),
                      theme.TEXT)
            surface.blit(p, (r.right - round(130 * u) - p.get_width(), y))
            t = draw.text(str(self.model.info.display_total(totals[seat])), round(16 * u), theme.TEXT, "bold")
            surface.blit(t, (r.right - round(24 * u) - t.get_width(), y))
            y += self.row_h(16)
        y += round(6 * u)
        for line in self.summary_lines():
            for part in draw.wrap(line, round(15 * u), r.width - round(48 * u), "bold"):
                img = draw.text(part, round(15 * u), theme.ACCENT_SOFT, "bold")
                surface.blit(img, img.get_rect(midtop=(r.centerx, y)))
                y += self.line_h(15, "bold")
        tip = draw.text(_("Enter or click to go on"), round(13 * u), theme.TEXT_DIM)
        surface.blit(tip, tip.get_rect(midbottom=(r.centerx, r.bottom - round(10 * u))))

    def over_headline(self) -> str:
        """"You win!", "Ann wins!", "Ann and Bob share the win!"."""
        return words.winners_line(self.model.voice, list(self.model.info.winners or ())) \
            or _("Game over")

    def over_place_words(self) -> str:
        """"You finished second of 4, with 54 points." ("" when watching)."""
        return words.place_line(self.model.voice)

    def _over_rows(self) -> int:
        """How many hands the final score sheet lists (the latest ones, if the window is short)."""
        u = self.layout.u
        room = self.size[1] - 2 * self.layout.margin - round(330 * u) - 3 * self.row_h(14)
        return max(2, min(len(self.model.info.results), room // self.row_h(14)))

    def over_rect(self) -> pygame.Rect:
        u = self.layout.u
        w = self._sheet_width(min(self.size[0] - 2 * self.layout.margin,
                                  max(round(720 * u), self.controls.over_row_width() + round(40 * u))))
        head = len(draw.wrap(self.over_headline(), round(30 * u), w - round(40 * u), "bold"))
        names = self._head_lines(self._score_heads(w - round(40 * u))) - 2
        h = (round(40 * u) + head * theme.font(max(MIN_TEXT, round(30 * u)), "bold").get_linesize()
             + round(40 * u) + (self._over_rows() + 4) * self.row_h(14) + round(90 * u)
             + names * (self.row_h(14) - round(6 * u)))
        r = pygame.Rect(0, 0, w, min(h, self.size[1] - 2 * self.layout.margin))
        r.center = (self.size[0] // 2, self.size[1] // 2)
        return r

    def draw_game_over(self, surface: pygame.Surface) -> None:
        """The final score sheet: headline, your place, every hand of every seat, OK."""
        u = self.layout.u
        r = self.over_rect()
        self.dim(surface, 120)
        self.panel(surface, r, alpha=245, edge=theme.ACCENT, width=2)
        title = draw.text(_("Game over"), round(16 * u), theme.TEXT_DIM, "bold")
        surface.blit(title, title.get_rect(midtop=(r.centerx, r.y + round(12 * u))))
        y = r.y + round(16 * u) + title.get_height()
        big = max(MIN_TEXT, round(30 * u))
        for line in draw.wrap(self.over_headline(), big, r.width - round(40 * u), "bold"):
            img = draw.text(line, big, theme.ACCENT, "bold", True)
            surface.blit(img, img.get_rect(midtop=(r.centerx, y)))
            y += theme.font(big, "bold").get_linesize()
        words = self.over_place_words()
        if words:
            img = draw.text(words, round(16 * u), theme.TEXT, "bold")
            surface.blit(img, img.get_rect(midtop=(r.centerx, y + round(4 * u))))
        y += round(34 * u)
        self._draw_score_table(surface, pygame.Rect(r.x + round(20 * u), y, r.width - round(40 * u),
                                                     r.bottom - y), self._over_rows(), places=True)

    def draw_over_line(self, surface: pygame.Surface) -> None:
        """After OK: who won and your place, above New game and Leave (Tab: the scores)."""
        u = self.layout.u
        b = self.controls.button("leave")
        if b is None:
            return
        y = b.rect.top - round(12 * u)
        lines = [self.over_headline(), self.over_place_words(),   # and who starts the next one
                 words.next_step_line(self.model.voice, self.playback.owner_left()),
                 _("Tab shows the final scores")]
        for text, size, colour in reversed(list(zip(lines, (24, 16, 16, 13),
                                                    (theme.ACCENT, theme.TEXT, theme.TEXT,
                                                     theme.TEXT_DIM)))):
            if not text:
                continue
            for line in reversed(draw.wrap(text, round(size * u), self.size[0] - 4 * self.layout.margin, "bold")):
                img = draw.text(line, round(size * u), colour, "bold", True)
                y -= img.get_height()
                surface.blit(img, img.get_rect(midtop=(self.size[0] // 2, y)))
            y -= round(4 * u)

    def _draw_score_table(self, surface: pygame.Surface, box: pygame.Rect, max_rows: int,
                          places: bool = False) -> int:
        """Hand by hand points of every seat, then totals (and places): the scoreboard's and
        the final sheet's table. Returns the y below it."""
        u = self.layout.u
        info = self.model.info
        results = info.results
        shown = results[-max_rows:] if max_rows else []
        col0 = box.x
        first = self._first_column()
        colw = (box.width - first) // 4
        xs = [box.x + first + colw * i + colw // 2 for i in range(4)]
        row_h = self.row_h(14)
        y = box.y
        surface.blit(draw.text(_("Hand"), round(14 * u), theme.TEXT_DIM, "bold"), (col0, y))
        heads = self._score_heads(box.width)
        for s, (lines, size) in enumerate(heads):
            seat = info.seats[s]
            color = theme.HUMAN_NAME if seat.human else theme.BOT_NAME
            # the results are theirs who played them (someone may have sat down since)
            for i, line in enumerate(lines):
                img = draw.text(line, size, color, "bold")
                surface.blit(img, img.get_rect(midtop=(xs[s], y + i * (row_h - round(6 * u)))))
        y += self._head_lines(heads) * (row_h - round(6 * u)) + round(6 * u)
        pygame.draw.line(surface, (96, 112, 104), (col0, y - 4), (box.right, y - 4))
        if len(results) > len(shown):
            n = len(results) - len(shown)
            more = draw.text(ngettext("… {n} earlier hand", "… {n} earlier hands", n).format(n=n),
                             round(12 * u), theme.TEXT_DIM)
            surface.blit(more, (col0, y - 2))
            y += row_h
        table = self.scoreboard_rows()
        for rec, row in zip(shown, table[-len(shown) - 1:-1] if shown else []):
            surface.blit(draw.text(row[0], round(14 * u), theme.TEXT_DIM), (col0, y))
            moon_shooter = (rec.moon or {}).get("shooter") if isinstance(rec.moon, dict) else None
            for s in range(4):
                col = theme.ACCENT_SOFT if moon_shooter == s else theme.TEXT
                img = draw.text(row[s + 1], round(14 * u), col)
                surface.blit(img, img.get_rect(midtop=(xs[s], y)))
            y += row_h
        if not shown:
            img = draw.text(_("No hand scored yet"), round(14 * u), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += row_h
        pygame.draw.line(surface, (96, 112, 104), (col0, y + 2), (box.right, y + 2))
        y += round(8 * u)
        surface.blit(draw.text(_("Total"), round(15 * u), theme.TEXT, "bold"), (col0, y))
        totals = list(info.totals)
        best = min(totals) if any(totals) else None
        for s in range(4):
            img = draw.text(table[-1][s + 1], round(17 * u), theme.ACCENT if totals[s] == best else theme.TEXT, "bold")
            surface.blit(img, img.get_rect(midtop=(xs[s], y)))
        y += self.row_h(17)
        if places:
            surface.blit(draw.text(_("Place"), round(14 * u), theme.TEXT_DIM, "bold"), (col0, y))
            # TRANSLATORS: a place in the final scores' table, short ("1.", "1er")
            place_words = (pgettext("place", "1st"), pgettext("place", "2nd"),
                           pgettext("place", "3rd"), pgettext("place", "4th"))
            for s in range(4):
                n = 1 + sum(t < totals[s] for t in totals)
                img = draw.text(place_words[n - 1], round(14 * u),
                            theme.ACCENT if n == 1 else theme.TEXT, "bold")
                surface.blit(img, img.get_rect(midtop=(xs[s], y)))
            y += row_h
        return y

    def _first_column(self) -> int:
        """The width of the score table's first column (hand numbers, "Total", "Place")."""
        u = self.layout.u
        return max(theme.font(max(MIN_TEXT, round(14 * u)), "bold").size(_("Place"))[0]
                   + round(12 * u), round(80 * u))

    def _score_heads(self, width: int) -> list[tuple[list[str], int]]:
        """The score table's column heads in a table ``width`` wide: each player's name
        whole (`whole_lines`), its lines and their size."""
        u = self.layout.u
        colw = (width - self._first_column()) // 4
        return [draw.whole_lines(self.model.info.player_name(s), round(15 * u), colw - round(8 * u))
                for s in range(4)]

    def _sheet_width(self, width: int) -> int:
        """A score sheet's width: ``width``, or the window's (less its margins) when a name
        would take more than two lines in its column."""
        if self._head_lines(self._score_heads(width - round(40 * self.layout.u))) <= 2:
            return width
        return max(width, self.size[0] - 2 * self.layout.margin)

    @staticmethod
    def _head_lines(heads: list[tuple[list[str], int]]) -> int:
        """The lines the heads take (two at least: the table keeps its place)."""
        return max(2, *(len(lines) for lines, _size in heads))

    def scoreboard_rows(self) -> list[list[str]]:
        """The scoreboard as text: one row per scored hand (number, four points), then
        the totals row; as the table shows them (countdown tables count down)."""
        info = self.model.info
        rows = [[str(rec.hand + 1)] + [str(info.display_points(p)) for p in rec.points]
                for rec in info.results]
        rows.append([_("Total")] + [str(info.display_total(t)) for t in info.totals])
        return rows

    def draw_scoreboard(self, surface: pygame.Surface) -> None:
        u = self.layout.u
        results = self.model.info.results
        row_h = self.row_h(14)
        max_rows = max(3, (self.size[1] - round(140 * u)) // row_h - 6)
        shown = results[-max_rows:]
        W = self._sheet_width(min(round(640 * u), self.size[0] - 20))
        names = self._head_lines(self._score_heads(W - round(40 * u))) - 2
        Hh = round(90 * u) + row_h * (max(1, len(shown)) + 6) + names * (row_h - round(6 * u))
        r = pygame.Rect(0, 0, W, Hh)
        r.center = (self.size[0] // 2, self.size[1] // 2)
        self.dim(surface, 110)
        self.panel(surface, r, alpha=240, edge=theme.ACCENT_SOFT)
        title = (_("Scoreboard (countdown)") if self.model.info.rules.display == "countdown"
                 else _("Scoreboard"))
        head = draw.text(title, round(22 * u), theme.ACCENT, "bold")
        surface.blit(head, (r.x + round(20 * u), r.y + round(14 * u)))
        rules = self.model.info.rules
        about = _("game to {target} · {rules}").format(
            target=rules.target, rules=rules_line(rules, ("target",)))
        target = draw.text(about, round(13 * u),
                       theme.TEXT_DIM)
        top = r.y + round(56 * u)
        if head.get_width() + target.get_width() + round(60 * u) <= r.width:
            surface.blit(target, (r.right - round(20 * u) - target.get_width(), r.y + round(22 * u)))
        else:                              # no room beside the title: under it
            surface.blit(target, (r.x + round(20 * u), r.y + round(16 * u) + head.get_height()))
            top += target.get_height()
        self._draw_score_table(surface, pygame.Rect(r.x + round(20 * u), top,
                                                    r.width - round(40 * u), r.height), max_rows)
        tip = draw.text(_("Tab or click to close"), round(12 * u), theme.TEXT_DIM)
        surface.blit(tip, tip.get_rect(bottomright=(r.right - round(14 * u), r.bottom - round(10 * u))))


__all__ = ["SheetPainter"]
