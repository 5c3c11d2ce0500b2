"""The table's corner panels, its status line and its notices.

`PanelPainter` draws the information panel (hand, passing, target, rules, hearts), the
small scoreboard, the played-cards list of open-hands tables, the turn prompt with your
clock, the notice area, chat bubbles, the paused banner and the big announcements.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from hearts.engine import Card, Rules, View
from hearts.engine.rule_options import nearest_preset, preset_name, rules_title
from hearts.i18n import _
from hearts.net import words

from . import theme
from . import table_draw as draw
from .rules_dialog import custom_words
from .table_draw import CUE, HINT, TableCanvas
from .table_geometry import SheetRects
from .table_part import TableStage
from .table_text import MIN_TEXT

if TYPE_CHECKING:
    from .shell import Shell
    from .table_controls import TableControls


def trick_winner(trick: list[tuple[int, Card]]) -> int:
    """The seat that wins a whole trick (``trick`` in play order): the led suit's highest."""
    led = trick[0][1].suit
    return max((p for p in trick if p[1].suit == led), key=lambda p: p[1].rank)[0]


def rules_line(rules: Rules, leave_out: tuple[str, ...]) -> str:
    """The rules in a few words less ``leave_out`` (said beside them): where that leaves
    only the preset's name of rules changed from it, "custom (based on Standard)", as the
    rules dialog says."""
    title = rules_title(rules, leave_out=leave_out)
    base = nearest_preset(rules)
    if rules.preset_name() is None and title == preset_name(base):
        return custom_words(base)
    return title


def said_above(v: View) -> tuple[str, ...]:
    """The options the info box's second line already says ("no passing · game to 100"):
    its rules line leaves them out."""
    return ("target", "pass_cycle") if tuple(v.rules.pass_cycle) == ("hold",) else ("target",)


class PanelPainter(TableCanvas):
    """Draws the panels, the status line and the notices (see the module's doc)."""

    sheets: SheetRects          # given by the screen once the sheets are built

    def __init__(self, stage: TableStage, app: "Shell", controls: "TableControls") -> None:
        super().__init__(stage)
        self.app = app
        self.controls = controls
        self.info_rect: pygame.Rect | None = None  # the information panel, as last drawn

    def draw_info(self, surface: pygame.Surface, v: View) -> None:
        """Top left: the hand and table, passing and target, the rules, hearts broken."""
        u = self.layout.u
        w = self.geo.side_w()
        inner = w - round(28 * u)
        voice = self.model.voice
        lines: list[tuple[str, int, tuple[int, int, int], str]] = []
        for text, size, colour, face in (
                (words.hand_title(voice), 17, theme.TEXT, "bold"),
                (words.passing_and_target(voice, v), 14, theme.TEXT_DIM, "sans"),
                (rules_line(v.rules, said_above(v)), 13, theme.TEXT_DIM, "sans")):
            lines += [(part, round(size * u), colour, face) for part in draw.wrap(text, round(size * u), inner, face)]
        heart = draw.text("♥", round(22 * u), theme.HEART_RED if v.hearts_broken else (110, 120, 116), "bold")
        h = (round(20 * u) + sum(theme.font(max(MIN_TEXT, s_), f).get_linesize() for _, s_, _, f in lines)
             + heart.get_height() + round(4 * u))
        r = pygame.Rect(self.layout.margin, self.layout.margin, w, h)
        self.info_rect = r
        self.panel(surface, r)
        x = r.x + round(14 * u)
        y = r.y + round(8 * u)
        for text, size, colour, face in lines:
            surface.blit(draw.text(text, size, colour, face), (x, y))
            y += theme.font(max(MIN_TEXT, size), face).get_linesize()
        y += round(2 * u)
        surface.blit(heart, (x, y))
        broken = v.hearts_broken
        label = _("Hearts broken") if broken else _("Hearts not broken")
        face = "bold" if broken else "sans"
        label = draw.fit(label, round(15 * u), inner - heart.get_width() - round(8 * u), face)
        img = draw.text(label, round(15 * u), theme.TEXT if broken else theme.TEXT_DIM, face)
        surface.blit(img, img.get_rect(midleft=(x + heart.get_width() + round(8 * u),
                                                y + heart.get_height() // 2)))

    def draw_played_cards(self, surface: pygame.Surface, v: View) -> None:
        """Open-hands tables: every card of the deck, the played ones struck through (and,
        once a hand is finished early, the ones given to the tricks' winners)."""
        r = self.geo.played_rect()
        played = self.model.gone_mask(v)
        key = ("played", r.size, played, self.layout.u)
        img = self.cache.get(key)
        if img is None:                      # drawn again only when a card is played
            img = pygame.Surface(r.size, pygame.SRCALPHA)
            self.paint_played(img, played)
            self.cache[key] = img
        surface.blit(img, r)

    def paint_played(self, img: pygame.Surface, played: int) -> None:
        """The played-cards list onto ``img`` (its size): each suit's ranks, the played
        ones struck through."""
        u = self.layout.u
        row = self.geo.played_row()
        r = img.get_rect()
        self.panel(img, r)
        img.blit(draw.text(_("Cards played"), round(13 * u), theme.TEXT_DIM, "bold"),
                 (r.x + round(12 * u), r.y + round(6 * u)))
        colours = ((220, 220, 220), (255, 120, 120), (255, 120, 120), (220, 220, 220))
        symbol_w = max(draw.text(s, round(13 * u)).get_width() for s in "♣♦♥♠")
        left = r.x + round(10 * u) + symbol_w + max(4, round(6 * u))     # clear of the suits
        colw = (r.right - round(8 * u) - left) / 13
        for suit in range(4):
            y = r.y + self.line_h(13) + round(8 * u) + (3 - suit) * row
            img.blit(draw.text("♣♦♥♠"[suit], round(13 * u), colours[suit]), (r.x + round(10 * u), y))
            for rank in range(13):
                gone = played >> (suit * 13 + rank) & 1
                label = "23456789TJQKA"[rank]
                glyph = draw.text(label, round(13 * u), (90, 104, 98) if gone else colours[suit],
                                  "sans" if gone else "bold")
                x = left + round(rank * colw)
                img.blit(glyph, (x, y))
                if gone:
                    mid = y + glyph.get_height() // 2
                    pygame.draw.line(img, (90, 104, 98), (x - 1, mid), (x + glyph.get_width(), mid))

    def draw_mini_scores(self, surface: pygame.Surface, v: View) -> None:
        u = self.layout.u
        r = self.geo.mini_scores_rect()
        self.panel(surface, r)
        x = r.x + round(14 * u)
        y = r.y + round(10 * u)
        right = r.right - round(14 * u)
        total_hdr = draw.text(_("total"), round(12 * u), theme.TEXT_DIM)
        hand_right = right - max(round(56 * u), total_hdr.get_width() + round(14 * u))
        hand_hdr = draw.text(_("hand"), round(12 * u), theme.TEXT_DIM)
        title = draw.fit(_("Scores"), round(16 * u),
                         hand_right - hand_hdr.get_width() - round(8 * u) - x, "bold")
        surface.blit(draw.text(title, round(16 * u), theme.TEXT, "bold"), (x, y))
        surface.blit(total_hdr, total_hdr.get_rect(bottomright=(right, y + round(20 * u))))
        surface.blit(hand_hdr, hand_hdr.get_rect(bottomright=(hand_right, y + round(20 * u))))
        y += round(28 * u)
        pts = self.hand_points(v)
        totals = self.model.info.totals if any(self.model.info.totals) else v.totals
        lead = min(totals)
        for s, (lines, size, row) in enumerate(self.geo.score_names(r.width)):
            seat_info = self.model.info.seats[s]
            color = theme.HUMAN_NAME if seat_info.human else theme.BOT_NAME
            face = "bold" if s == self.model.me and not self.model.watching else "sans"
            for i, line in enumerate(lines):
                surface.blit(draw.text(line, size, color, face),
                             (x, y + i * theme.font(size, face).get_linesize()))
            t = draw.text(str(self.model.info.display_total(totals[s])), round(15 * u),
                      theme.ACCENT if totals[s] == lead and any(totals) else theme.TEXT, "bold")
            surface.blit(t, (right - t.get_width(), y))
            p = draw.text(str(self.model.info.display_points(pts[s])) if pts[s] else "·", round(14 * u),
                      theme.TEXT_DIM)
            surface.blit(p, (hand_right - p.get_width(), y + 1))
            y += row

    def status_text(self, v: View) -> tuple[str, tuple[int, int, int]]:
        """The turn prompt as the table shows the game now (in `hearts.net.words`' words), and its
        colour: gold when you must act, dim while you wait."""
        m = self.model
        session = getattr(self.app, "session", None)
        # whose card comes next as the table shows it (the view lags the motions): the
        # card in flight's player, the winner of a trick whose four cards have landed,
        # else the player after the last card down
        taking = m.taken[0] if m.taken is not None else None
        pending = m.pending
        if m.in_flight is not None:
            turn: int | None = m.in_flight[0]
            if turn == m.me and not m.watching:
                pending = m.in_flight[1]         # your card is still on its way
        elif len(m.trick_shown) == 4:
            turn, taking = None, trick_winner(m.trick_shown) if taking is None else taking
        else:
            turn = (m.trick_shown[-1][0] + 1) % 4 if m.trick_shown else v.turn
        shown = words.Shown(
            disconnected=m.disconnected is not None, game_over=self.model.game_over(),
            waiting=m.info.state == "waiting", owner=m.info.owner,
            hand_over=m.summary is not None, taking=taking,
            turn=turn, pending=str(pending) if pending is not None else None,
            passed=v.has_passed[v.seat] or bool(m.pass_sent), my_play=m.my_turn_to_play,
            moon_sent=m.moon_sent,
            watching=m.watching, demo=getattr(session, "mode", None) == "demo")
        text, tone = words.status_line(self.model.voice, v, shown)
        return text, {"act": theme.ACCENT, "wait": theme.TEXT_DIM}.get(tone, theme.TEXT)

    def status_width(self, v: View) -> int:
        """How wide the status line may be: half the window, clear of the played-cards
        list beside it (open hands) by a margin on either side."""
        width = round(self.size[0] * 0.5)
        if self.model.reveal and v.others is not None:
            gap = round(16 * self.layout.u)
            width = min(width, 2 * (self.size[0] // 2 - self.geo.played_rect().right - gap))
        return max(round(120 * self.layout.u), width)

    def draw_status(self, surface: pygame.Surface, v: View) -> None:
        u = self.layout.u
        cx = self.size[0] // 2
        y = self.layout.status_y
        text, color = self.status_text(v)          # the turn prompt: nothing covers it
        if text:
            size = round(20 * u)
            for i, line in enumerate(draw.wrap(text, size, self.status_width(v), "bold")):
                img = draw.text(line, size, color, "bold", True)
                surface.blit(img, img.get_rect(center=(cx, y + i * img.get_height())))
        if self.model.timer and self.model.me in self.model.timer[0] and not self.model.watching:
            seats, deadline, total = self.model.timer
            left = max(0.0, deadline - self.clock)
            frac = max(0.0, min(1.0, left / total)) if total else 0.0
            full = round(self.size[0] * 0.3)
            bar = pygame.Rect(cx - full // 2, y + round(19 * u), round(full * frac), max(4, round(5 * u)))
            pygame.draw.rect(surface, (24, 44, 34), (cx - full // 2, bar.y, full, bar.height),
                             border_radius=3)
            col = theme.GOOD if frac > 0.5 else theme.WARN if frac > 0.2 else theme.ERROR
            pygame.draw.rect(surface, col, bar, border_radius=3)
            secs = draw.text(f"{left:.0f} s", round(13 * u), theme.TEXT_DIM)
            surface.blit(secs, (cx + full // 2 + round(8 * u), bar.y - round(5 * u)))

    def note_lines(self) -> list[tuple[str, str]]:
        """The notice area's notices, oldest first, as (text, kind): the hint is one of them
        (never on game over)."""
        out = [(n.text, n.kind) for n in self.model.notes]
        if self.model.hint and not self.model.game_over():
            out.append((self.model.hint, "hint"))
        return out

    def _notes_bottom(self) -> int:
        """Where the notice area ends: above the turn prompt, or above the Pass button."""
        u = self.layout.u
        bottom = self.layout.status_y - max(MIN_TEXT, round(20 * u)) // 2 - round(10 * u)
        for name in ("pass", "moon-add"):
            b = self.controls.button(name)
            if b is not None:
                bottom = min(bottom, b.rect.top - round(10 * u))
        return bottom

    def draw_notes(self, surface: pygame.Surface) -> None:
        """The notice area, over the table above the turn prompt: each notice wrapped, newest
        lowest; they go on the player's next action, the next hand, or after a while."""
        notes = self.note_lines()
        if not notes or self.model.game_over():
            return
        u = self.layout.u
        size = max(MIN_TEXT, round(16 * u))
        width = min(round(self.size[0] * 0.56), round(640 * u))
        pad_x, pad_y = round(14 * u), round(6 * u)
        y = self._notes_bottom()
        styles = {"info": ((14, 30, 24), (255, 255, 255), theme.TEXT),
                  "warn": ((255, 236, 200), theme.WARN, theme.TEXT_DARK),
                  "cue": ((120, 24, 20), CUE, theme.TEXT),
                  "hint": ((14, 40, 24), HINT, theme.TEXT)}
        for text, kind in reversed(notes):
            fill, edge, colour = styles.get(kind, styles["info"])
            lines = draw.wrap(text, size, width - 2 * pad_x, "bold")
            imgs = [draw.text(line, size, colour, "bold") for line in lines]
            h = sum(i.get_height() for i in imgs) + 2 * pad_y
            w = max(i.get_width() for i in imgs) + 2 * pad_x
            box = pygame.Rect(0, 0, w, h)
            box.midbottom = (self.size[0] // 2, y)
            pygame.draw.rect(surface, fill, box, border_radius=min(h // 2, round(16 * u)))
            pygame.draw.rect(surface, edge, box, width=2, border_radius=min(h // 2, round(16 * u)))
            ty = box.y + pad_y
            for img in imgs:
                surface.blit(img, img.get_rect(midtop=(box.centerx, ty)))
                ty += img.get_height()
            y = box.top - round(6 * u)

    def draw_bubbles(self, surface: pygame.Surface) -> None:
        u = self.layout.u
        for seat, (text, _) in self.model.bubbles.items():
            rel = self.model.rel(seat)
            plate = self.geo.plate(rel)
            size = round(15 * u)
            imgs = [draw.text(line, size, theme.TEXT_DARK)
                    for line in draw.wrap(text, size, round(300 * u))]
            img = pygame.Surface((max(i.get_width() for i in imgs),
                                  sum(i.get_height() for i in imgs)), pygame.SRCALPHA)
            ty = 0
            for line_img in imgs:
                img.blit(line_img, (0, ty))
                ty += line_img.get_height()
            box = img.get_rect().inflate(round(24 * u), round(14 * u))
            if rel == 2:      # below the top plate (over its cards' backs), pointing up at it
                box.midtop = (plate.centerx, plate.bottom + round(14 * u))
                box.clamp_ip(surface.get_rect())
                x = plate.centerx
                tail = [(x - 6, box.top), (x, box.top - 10), (x + 6, box.top)]
            else:             # above the plate, pointing down at it
                box.midbottom = (plate.centerx, plate.top - round(12 * u))
                box.clamp_ip(surface.get_rect())
                x = min(max(plate.centerx, box.left + 12), box.right - 12)
                tail = [(x - 6, box.bottom), (x, box.bottom + 10), (x + 6, box.bottom)]
            pygame.draw.polygon(surface, (250, 250, 244), tail)
            pygame.draw.rect(surface, (250, 250, 244), box, border_radius=round(10 * u))
            surface.blit(img, img.get_rect(center=box.center))

    def draw_banner(self, surface: pygame.Surface, text: str, more: str = "") -> None:
        """A banner over the table (the game is paused), with ``more`` under it (what next)."""
        u = self.layout.u
        img = draw.text(text, round(24 * u), theme.TEXT, "bold")
        lines = draw.wrap(more, round(15 * u), round(self.size[0] * 0.7)) if more else []
        subs = [draw.text(line, round(15 * u), theme.TEXT_DIM) for line in lines]
        w = max([img.get_width(), *(s.get_width() for s in subs)])
        h = img.get_height() + sum(s.get_height() for s in subs)
        r = pygame.Rect(0, 0, w, h)
        r.center = (self.size[0] // 2, round(self.size[1] * 0.2))
        r.inflate_ip(round(40 * u), round(20 * u))
        self.panel(surface, r, alpha=220, edge=theme.ACCENT)
        y = r.y + round(10 * u)
        for part in (img, *subs):
            surface.blit(part, part.get_rect(midtop=(r.centerx, y)))
            y += part.get_height()

    def draw_notice(self, surface: pygame.Surface, text: str) -> None:
        placed = self.notice_place(text)
        if placed is None:                 # no room between the top seat and the sheet
            return
        r, size = placed
        img = draw.text(text, size, theme.ACCENT_SOFT, "bold", True)
        self.panel(surface, r, alpha=200)
        surface.blit(img, img.get_rect(center=r.center))

    def notice_place(self, text: str) -> tuple[pygame.Rect, int] | None:
        """Where the big announcement (a moon) goes, and its text size: above the hand's
        summary (or the final sheet, or the trick) and below everything the top seat shows
        (its plate, its cards face down or face up), smaller where that gap is narrow;
        None when even the smallest does not fit (the summary says it too)."""
        u = self.layout.u
        cx, cy = self.layout.centre
        if self.model.game_over():
            below = self.sheets.over_rect().top - round(8 * u)
        elif self.model.summary is not None:
            below = self.sheets.summary_rect().top - round(8 * u)
        elif self.model.trick_shown:
            below = cy - round(110 * u)
        else:
            below = cy + round(40 * u)
        above = self.top_seat_bottom() + round(6 * u)
        size = round(30 * u)
        while True:
            r = pygame.Rect(0, 0, theme.font(size, "bold").size(text)[0] + round(44 * u),
                            self.notice_height(size))
            if r.height <= below - above:
                break
            if size <= max(MIN_TEXT, round(16 * u)):
                return None
            size -= 1
        r.center = (cx, min(below - r.height // 2, max(above + r.height // 2, cy - round(40 * u))))
        return r, size

    def notice_height(self, size: int | None = None) -> int:
        """The height of the big announcement's panel (text ``size``: the full one)."""
        u = self.layout.u
        size = round(30 * u) if size is None else size
        return theme.font(size, "bold").get_linesize() + round(22 * u)

    def top_seat_bottom(self) -> int:
        """The lowest point of what the seat across shows: its plate, its cards face down,
        or its hand face up."""
        plate = self.geo.plate(2)
        _cx, fy = self.geo.fan_centre(2)
        fan = fy + self.small_art.height // 2
        rows = self.geo.open_rows(2, 1)
        return max(plate.bottom, fan, *(r.bottom for r in rows))

__all__ = ["PanelPainter"]
