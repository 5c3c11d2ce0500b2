"""Drawing of the table screen's frames (`TablePainter`): the seats, the cards and the trick.

The corner panels, the status line and the notices are drawn with `PanelPainter`
(table_panels.py), the hand's summary, the final sheet and the scoreboard with
`SheetPainter` (table_sheets.py). Painters read the table's state (model, geometry,
motions) and never change it. Every surface that does not change from frame to frame
(cards, plates, text, fans) is cached.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from hearts.bots.base import level_words
from hearts.engine import Card, Phase, View
from hearts.engine.rule_options import rules_title
from hearts.i18n import _, ngettext
from hearts.net import words

from . import table_draw as draw
from . import theme
from .table_draw import (CUE, DRAW_ORDER, HINT, PASS_KEY_NAMES, RECEIVED, SHEET_BUTTONS, TILT,
                         TableCanvas, avatar, hand_order, whole_lines)
from .table_part import TableStage
from .table_text import MIN_TEXT

if TYPE_CHECKING:
    from .table_controls import TableControls
    from .table_input import TableInput
    from .table_looks import TableLooks
    from .table_panels import PanelPainter
    from .table_playback import Playback
    from .table_sheets import SheetPainter


class TablePainter(TableCanvas):
    """Draws the table screen's frames: the seats, the cards and the trick itself, the
    rest with the `PanelPainter` and `SheetPainter` it is given."""

    def __init__(self, stage: TableStage, looks: "TableLooks", panels: "PanelPainter",
                 sheets: "SheetPainter", controls: "TableControls", input: "TableInput",
                 playback: "Playback", resize: Callable[[tuple[int, int]], None]) -> None:
        super().__init__(stage)
        self.looks = looks
        self.panels = panels
        self.sheets = sheets
        self.controls = controls
        self.input = input
        self.playback = playback
        self.resize = resize            # the screen's: lay out again for a new window size

    def draw(self, surface: pygame.Surface) -> None:
        if self.geo.stale(surface.get_size()):
            self.resize(surface.get_size())
        surface.blit(theme.background(self.looks.setting("background", "green"), self.size), (0, 0))
        v = self.model.view
        self.panels.info_rect = None
        if v is None:
            self._draw_waiting(surface)
            self.panels.draw_notes(surface)     # who sat down, rule changes...
            self.panels.draw_bubbles(surface)
            if self.model.disconnected is not None:
                self._draw_disconnected(surface)
            return
        self.panels.draw_info(surface, v)
        self.panels.draw_mini_scores(surface, v)
        if self.model.reveal and v.others is not None:
            self.panels.draw_played_cards(surface, v)
        for rel in (1, 2, 3):
            self._draw_opponent(surface, v, (self.model.me + rel) % 4)
        if v.phase == "pass" and v.pass_direction != "hold" and not self.all_passed(v):
            self._draw_pass_arrow(surface, v)
        self._draw_trick(surface)
        self._draw_trick_label(surface)
        self._draw_plate(surface, v, self.model.me, self.geo.plate(0))
        if self.model.watching and v.others is not None:      # four bots: every hand shows
            self._draw_open_hand(surface, 0, sorted(self.model.held(self.model.me, v.others[self.model.me]),
                                                    key=hand_order))
        elif self.model.watching:
            self._draw_fan(surface, 0, self.model.cards_left(v, self.model.me))
        else:
            self._draw_hand(surface, v)
        if not (self.model.game_over() and not self.model.over_closed):
            self.panels.draw_status(surface, v)
        for b in self.controls.buttons:
            if b.name not in SHEET_BUTTONS:
                b.draw(surface, b is self.input.hover_button, self.layout.u)
        self.panels.draw_notes(surface)
        self.panels.draw_bubbles(surface)
        if self.model.show_last:
            self._draw_last_trick(surface, v)
        moon_dialog = v.phase == "moon-choice" and self.controls.button("moon-add") is not None
        if v.phase == "moon-choice":
            self._draw_moon(surface, v)
        if self.model.info.state == "paused":
            by = self.model.info.paused_by
            self.panels.draw_banner(surface, _("Paused by {name}").format(name=by) if by
                                           else _("Paused by the owner"),
                                           words.next_step_line(self.model.voice,
                                                                self.playback.owner_left()))
        if self.model.summary is not None and not self.model.game_over():
            self.sheets.draw_summary(surface)
        if self.model.game_over() and not self.model.over_closed:
            self.sheets.draw_game_over(surface)
        elif self.model.game_over():
            self.sheets.draw_over_line(surface)
        for b in self.controls.buttons:
            if b.name in SHEET_BUTTONS:
                b.draw(surface, b is self.input.hover_button, self.layout.u)
        if self.model.show_scores:
            self.sheets.draw_scoreboard(surface)
        if self.model.notice and not moon_dialog:      # the dialog says it already
            self.panels.draw_notice(surface, self.model.notice[0])
        if self.model.disconnected is not None:
            self._draw_disconnected(surface)

    def _draw_disconnected(self, surface: pygame.Surface) -> None:
        """The table greyed while the connection is lost (the app's dialog says why)."""
        key = ("grey", self.size)
        img = self.cache.get(key)
        if img is None:
            img = pygame.Surface(self.size, pygame.SRCALPHA)
            img.fill((60, 60, 60, 170))
            self.cache[key] = img
        surface.blit(img, (0, 0))

    def _draw_waiting(self, surface: pygame.Surface) -> None:
        """Before the first deal: the four seats, who sits there, and the owner's Start."""
        u = self.layout.u
        info = self.model.info
        v = View(seat=self.model.me, rules=info.rules, phase=Phase.DONE, pass_direction="hold", dealer=-1,
                 totals=tuple(info.totals), hand=(), passed=None, received=None,
                 has_passed=(False,) * 4, turn=None, leader=None, trick=(), tricks=(),
                 hearts_broken=False, cards_left=(0,) * 4, taken_points=(0,) * 4,
                 tricks_won=(0,) * 4, legal=(), moon=None, tram=None, points=None)
        for seat in range(4):
            self._draw_plate(surface, v, seat, self.geo.plate(self.model.rel(seat)))
        cx, cy = self.layout.centre
        # the table's name whole between the side plates (smaller, or on two lines)
        sides = [self.geo.plate(rel) for rel in (1, 3)]
        room = 2 * min([cx - r.right for r in sides if r.centerx < cx]
                       + [r.left - cx for r in sides if r.centerx > cx]
                       + [round(self.size[0] * 0.3)]) - round(20 * u)
        title, size = whole_lines(info.name or _("Table"), round(30 * u), room)
        step = theme.font(size, "bold").get_linesize()
        for i, line in enumerate(title):                 # (a second line above, not below)
            img = draw.text(line, size, theme.ACCENT_SOFT, "bold", True)
            y = cy - round(70 * u) - (len(title) - 1 - i) * step
            surface.blit(img, img.get_rect(center=(cx, y)))
        rules = _("Rules: {rules}").format(rules=rules_title(info.rules))
        lines = draw.wrap(rules, round(16 * u), round(self.size[0] * 0.6))[:2]   # the rules in words
        line_h = self.line_h(16)
        for i, line in enumerate(lines):
            img = draw.text(line, round(16 * u), theme.TEXT)
            y = cy - round(30 * u) + round((i - (len(lines) - 1) / 2) * line_h)
            surface.blit(img, img.get_rect(center=(cx, y)))
        waiting = (_("Empty seats get bots when you start. Click a seat to change it.")
                   if info.owner else   # who starts, and how soon you can while they are away
                   words.next_step_line(self.model.voice, self.playback.owner_left()))
        for i, line in enumerate(draw.wrap(waiting, round(17 * u), round(self.size[0] * 0.6))):
            img = draw.text(line, round(17 * u), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(center=(cx, cy + round(4 * u) + i * img.get_height())))
        for b in self.controls.buttons:
            b.draw(surface, b is self.input.hover_button, u)

    def _draw_plate(self, surface: pygame.Surface, v: View, seat: int, rect: pygame.Rect) -> None:
        info = self.model.info.seats[seat]
        turn = (v.turn == seat and v.phase in ("play", "moon-choice") and self.model.info.state != "over"
                and self.model.taken is None and len(self.model.trick_shown) < 4
                and self.model.summary is None)
        plate_total = self.geo.plate_total(seat)
        status, status_size = self.geo.plate_status(seat)
        key = ("plate", rect.size, info.kind, self.model.info.seat_name(seat), info.connected,
               tuple(status), status_size, plate_total, turn, v.dealer == seat,
               seat == self.model.me and not self.model.watching,
               self.model.info.owner_seat == seat)
        img = self.cache.get(key)
        if img is None:
            img = self._render_plate(rect.size, v, seat, turn, plate_total)
            if len(self.cache) > 200:
                self.cache.clear()
            self.cache[key] = img
        pad = round(8 * self.layout.u)
        surface.blit(img, (rect.x - pad, rect.y - pad))
        if seat == self.model.me and self.clock < self.model.cue_until:
            pulse = 0.5 + 0.5 * abs(((self.clock * 3) % 2) - 1) if self.anim.scale > 0 else 1.0
            t = max(3, round(5 * self.layout.u))
            pygame.draw.rect(surface, tuple(round(c * pulse) for c in CUE), rect.inflate(2 * t, 2 * t),
                             width=t, border_radius=round(18 * self.layout.u))
        if self.model.timer and seat in self.model.timer[0]:
            seats, deadline, total = self.model.timer
            left = max(0.0, deadline - self.clock)
            frac = max(0.0, min(1.0, left / total)) if total else 0.0
            bar = pygame.Rect(rect.x + round(10 * self.layout.u), rect.bottom - round(7 * self.layout.u),
                              round((rect.width - round(20 * self.layout.u)) * frac), max(3, round(4 * self.layout.u)))
            col = theme.GOOD if frac > 0.5 else theme.WARN if frac > 0.2 else theme.ERROR
            pygame.draw.rect(surface, col, bar, border_radius=2)

    def _render_plate(self, size: tuple[int, int], v: View, seat: int, turn: bool,
                      total: int) -> pygame.Surface:
        u = self.layout.u
        pad = round(8 * u)
        w, h = size
        img = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        r = pygame.Rect(pad, pad, w, h)
        rad = round(14 * u)
        if turn:
            for i in range(pad, 0, -2):       # a soft golden glow
                a = int(70 * (1 - i / pad) ** 1.5) + 10
                pygame.draw.rect(img, (*theme.ACCENT, a), r.inflate(i * 2, i * 2),
                                 border_radius=rad + i)
        pygame.draw.rect(img, (8, 18, 14, 200), r, border_radius=rad)
        pygame.draw.rect(img, (*theme.ACCENT, 255) if turn else (255, 255, 255, 50), r,
                         width=max(2, round(3 * u)) if turn else 1, border_radius=rad)
        info = self.model.info.seats[seat]
        d = self.geo.avatar_size()
        badge = (255, 196, 180) if info.human else (186, 214, 236)
        if not info.connected:
            badge = (150, 150, 150)
        av = avatar("human" if info.human else "bot" if info.kind == "bot" else "empty", d, badge)
        img.blit(av, (r.x + round(10 * u), r.centery - d // 2))
        tx = r.x + round(18 * u) + d
        color = theme.HUMAN_NAME if info.human else theme.BOT_NAME
        total_img = draw.text(str(self.model.info.display_total(total)), round(22 * u), theme.TEXT, "bold")
        names, name_size, name_w = self.geo.plate_name(seat)
        imgs = [draw.text(line, name_size, color, "bold") for line in names]
        name_h = sum(i.get_height() for i in imgs) - 2 * (len(imgs) - 1)
        status, status_size = self.geo.plate_status(seat)
        line_h = theme.font(status_size).get_linesize()
        ny = r.y + max(1, (h - name_h - line_h * len(status)) // 2)
        for i, name_img in enumerate(imgs):
            img.blit(name_img, (tx, ny + i * (name_img.get_height() - 2)))
        name_img = imgs[0]
        ny += name_h - name_img.get_height()
        for i, line in enumerate(status):
            img.blit(draw.text(line, status_size, theme.TEXT_DIM),
                     (tx, ny + name_img.get_height() + i * line_h))
        img.blit(total_img, (r.right - round(12 * u) - total_img.get_width(),
                             r.centery - total_img.get_height() // 2))
        if v.dealer == seat:             # on the avatar's corner: clear of the name and the score
            chip = max(MIN_TEXT + 6, round(20 * u))
            c = (r.x + round(10 * u) + d - chip // 3, r.centery + d // 2 - chip // 3)
            pygame.draw.circle(img, (240, 240, 240), c, chip // 2)
            pygame.draw.circle(img, (60, 60, 60), c, chip // 2, width=1)
            dimg = draw.text("D", round(12 * u), theme.TEXT_DARK, "bold")
            img.blit(dimg, dimg.get_rect(center=c))
        if self.model.info.owner_seat == seat:
            crown = draw.text("★", round(13 * u), theme.ACCENT)
            img.blit(crown, (r.x + round(4 * u), r.y + round(2 * u)))
        return img

    def plate_status(self, seat: int) -> str:
        """What ``seat`` is doing, for its plate: ready, choosing cards, its cards and
        points, a bot playing for it... (on a narrow plate, the card count without the
        points)."""
        v = self.model.view
        info = self.model.info.seats[seat]
        if v is None:                       # before the first deal (the waiting table)
            line = {"empty": _("empty seat"), "human": _("ready")}.get(
                info.kind) or _("bot · {level}").format(level=level_words(info.level or "normal"))
        elif v.phase == "pass" and v.pass_direction != "hold":
            line = _("passed ✓") if v.has_passed[seat] else _("choosing cards…")
        else:
            n = self.cards_left(v, seat)
            pts = self.hand_points(v)[seat]
            shown = self.model.info.display_points(pts) if pts else 0
            line = " · ".join([ngettext("{n} card", "{n} cards", n).format(n=n),
                               ngettext("{n} pt", "{n} pts", shown).format(n=shown)])
        if not info.connected:
            line = _("connection lost")
        elif info.auto:
            line = _("{state} · bot plays").format(state=line)
        _lines, _size, width = self.geo.plate_name(seat)
        if " · " in line and theme.font(max(MIN_TEXT, round(13 * self.layout.u))).size(line)[0] > width:
            line = line.split(" · ")[0]           # a narrow plate: the card count only
        return line

    def _draw_opponent(self, surface: pygame.Surface, v: View, seat: int) -> None:
        rel = self.model.rel(seat)
        rect = self.geo.plate(rel)
        n = self.model.cards_left(v, seat)
        shown = None
        tram = self.model.tram_cards()
        if tram is not None:                # the hand ended early: the rest face up
            shown = sorted(tram[seat], key=hand_order)
        elif self.model.reveal and v.others is not None:
            shown = sorted(self.model.held(seat, v.others[seat]), key=hand_order)
        if shown:
            self._draw_open_hand(surface, rel, shown)
        elif n:
            self._draw_fan(surface, rel, n)
        self._draw_plate(surface, v, seat, rect)

    def _draw_fan(self, surface: pygame.Surface, rel: int, n: int) -> None:
        key = ("fan", rel, n, self.small_art.back_name, self.layout.small_w)
        img = self.cache.get(key)
        if img is None:
            art = self.small_art
            back = art.back()
            w, h = art.size
            step = max(3, round(w * 0.2))
            if rel in (0, 2):
                img = pygame.Surface((w + step * (n - 1) + 6, h + 6), pygame.SRCALPHA)
                for i in range(n):
                    img.blit(art.shadow(), (i * step + art.shadow_offset[0] + 2, art.shadow_offset[1] + 2))
                    img.blit(back, (i * step + 2, 2))
            else:
                rb = pygame.transform.rotate(back, 90)
                img = pygame.Surface((h + 6, w + step * (n - 1) + 6), pygame.SRCALPHA)
                for i in range(n):
                    img.blit(rb, (2, i * step + 2))
            self.cache[key] = img
        cx, cy = self.geo.fan_centre(rel)
        if rel in (0, 2):
            surface.blit(img, img.get_rect(midtop=(cx, cy - self.small_art.height // 2)))
        else:
            surface.blit(img, img.get_rect(center=(cx, cy)))

    def _draw_open_hand(self, surface: pygame.Surface, rel: int, shown: list[Card]) -> None:
        art = self.geo.open_art
        step = self.geo.open_step()
        rows = self.geo.open_rows(rel, len(shown))
        start = 0
        for rect in rows:
            count = (rect.width - art.width) // step + 1
            row = shown[start:start + count]
            start += count
            key = ("row", tuple(c.index for c in row), art.width, art.style, step)
            img = self.cache.get(key)
            if img is None:                  # one surface per row: a demo shows four hands
                img = pygame.Surface(rect.size, pygame.SRCALPHA)
                for i, c in enumerate(row):
                    img.blit(art.face(c), (i * step, 0))
                if len(self.cache) > 200:
                    self.cache.clear()
                self.cache[key] = img
            surface.blit(img, rect.topleft)

    def _tilted(self, card: Card, angle: float) -> pygame.Surface:
        key = (card.index, angle, self.art.width, self.art.style, self.art.back_name)
        img = self.tilted_cache.get(key)
        if img is None:
            if len(self.tilted_cache) > 300:
                self.tilted_cache.clear()
            img = pygame.transform.rotozoom(self.art.face(card), angle, 1.0)
            self.tilted_cache[key] = img
        return img

    def _draw_trick(self, surface: pygame.Surface) -> None:
        art = self.art
        w, h = art.size
        for key, card in self.playback.flyers.items():
            pos = self.anim.pos(key)
            if pos is not None:
                surface.blit(art.shadow(), (pos[0] + art.shadow_offset[0], pos[1] + art.shadow_offset[1]))
                surface.blit(art.back(), pos)
        taken = self.model.taken
        winning = taken[2] if taken is not None else None
        # resting cards top, left, right, bottom (each index stays clear), moving ones over them
        order = sorted(self.model.trick_shown, key=lambda p: (
            self.anim.pos(("trick", p[1])) is not None, DRAW_ORDER.index(self.model.rel(p[0]))))
        for seat, card in order:
            pos = self.anim.pos(("trick", card))
            rel = self.model.rel(seat)
            if pos is None:
                pos = self.geo.slot_topleft(seat)
            img = art.face(card) if card is winning else self._tilted(card, TILT[rel])   # upright: it won
            cx, cy = pos[0] + w / 2, pos[1] + h / 2
            sh = art.shadow()
            surface.blit(sh, sh.get_rect(center=(cx + 2, cy + 4)))
            surface.blit(img, img.get_rect(center=(round(cx), round(cy))))
            if card is winning and self.anim.pos(("trick", card)) is None:
                t = max(3, round(4 * self.layout.u))
                surface.blit(art.outline(theme.ACCENT, t), (round(cx - w / 2) - t, round(cy - h / 2) - t))

    def trick_label(self) -> str | None:
        """What the finished trick says while it shows: "Ann takes it, 13 points"."""
        taken = self.model.taken
        if taken is None:
            return None
        return words.trick_label(self.model.voice, taken[0], taken[1])

    def _draw_trick_label(self, surface: pygame.Surface) -> None:
        """Who takes the finished trick, in a pill above it (red when it is you with points)."""
        label = self.trick_label()
        if label is None or self.model.taken is None:
            return
        u = self.layout.u
        size = max(MIN_TEXT, round(19 * u))
        mine = self.model.taken[0] == self.model.me and self.model.taken[1] and not self.model.watching
        img = draw.text("★ " + label, size, theme.TEXT_DARK, "bold")
        top = self.layout.trick_rect.top
        pill = img.get_rect(midbottom=(self.layout.centre[0], top - round(8 * u)))
        pill.inflate_ip(round(28 * u), round(12 * u))
        pill.bottom = top - round(6 * u)
        pygame.draw.rect(surface, CUE if mine else theme.ACCENT, pill, border_radius=pill.height // 2)
        surface.blit(img, img.get_rect(center=pill.center))

    def _draw_pass_arrow(self, surface: pygame.Surface, v: View) -> None:
        d = v.pass_direction
        u = self.layout.u
        key = ("arrow", d, round(u * 100))
        img = self.cache.get(key)
        if img is None:
            L = round(150 * u)
            T = round(34 * u)
            f = 3
            big = pygame.Surface((L * f, L * f), pygame.SRCALPHA)
            c = L * f // 2
            shaft = T * f // 2
            head = T * f
            # an arrow pointing right, rotated to its direction
            pts = [(c - L * f * 0.4, c - shaft / 2), (c + L * f * 0.12, c - shaft / 2),
                   (c + L * f * 0.12, c - head), (c + L * f * 0.45, c),
                   (c + L * f * 0.12, c + head), (c + L * f * 0.12, c + shaft / 2),
                   (c - L * f * 0.4, c + shaft / 2)]
            pygame.draw.polygon(big, (*theme.ACCENT, 200), pts)
            pygame.draw.polygon(big, (255, 250, 235, 220), pts, width=f * 2)
            angle = {"left": 180, "right": 0, "across": 90}[d]
            big = pygame.transform.rotate(big, angle)
            img = pygame.transform.smoothscale(big, (big.get_width() // f, big.get_height() // f))
            self.cache[key] = img
        surface.blit(img, img.get_rect(center=self.layout.centre))

    def _draw_hand(self, surface: pygame.Surface, v: View) -> None:
        art = self.art
        layout = self.geo.hand_layout()
        my_turn_play = self.model.my_turn_to_play
        numbers = v.pass_direction != "hold" and self.model.pass_to_make
        sh = art.shadow()
        ox, oy = art.shadow_offset
        for i, (c, r) in enumerate(layout):
            tw = self.anim.get(("hand", c))
            x, y = tw.pos if tw is not None else r.topleft
            surface.blit(sh, (x + ox, y + oy))
            if tw is not None and not tw.started:
                surface.blit(art.back(), (x, y))     # still in the dealer's pack
                continue
            dim = my_turn_play and c not in v.legal
            if c in self.model.pass_sent:
                dim = True
            surface.blit(art.face(c, "dim" if dim else "normal"), (x, y))
            t = max(2, round(3 * self.layout.u))
            if c in self.model.hint_cards:
                surface.blit(art.outline(HINT, t + 1), (x - t - 1, y - t - 1))
            elif c in self.model.selected:
                surface.blit(art.outline(theme.ACCENT, t), (x - t, y - t))
            elif c in self.model.received_glow:
                surface.blit(art.outline(RECEIVED, t), (x - t, y - t))
            if numbers and i < len(PASS_KEY_NAMES):
                self._draw_key_badge(surface, PASS_KEY_NAMES[i], round(x), round(y) + art.height)
            if self.model.keyboard and i == self.model.cursor:
                # the focus: a white frame and a caret above the card (unlike any outline)
                surface.blit(art.outline((255, 255, 255), t + 1), (x - t - 1, y - t - 1))
                a = max(7, round(10 * self.layout.u))
                cx, top = x + art.width // 2, y - t - 3
                pygame.draw.polygon(surface, (255, 255, 255), [(cx - a, top - a), (cx + a, top - a), (cx, top)])
                pygame.draw.polygon(surface, (30, 30, 30), [(cx - a, top - a), (cx + a, top - a), (cx, top)], 1)

    def _draw_key_badge(self, surface: pygame.Surface, label: str, x: int, bottom: int) -> None:
        """The number key that picks a card to pass, on the card's visible lower corner."""
        u = self.layout.u
        img = draw.text(label, max(MIN_TEXT, round(15 * u)), (255, 255, 255), "bold")
        d = max(img.get_height(), img.get_width()) + round(6 * u)
        r = pygame.Rect(x + round(3 * u), bottom - d - round(4 * u), d, d)
        pygame.draw.rect(surface, (40, 52, 70), r, border_radius=d // 3)
        surface.blit(img, img.get_rect(center=r.center))

    def _draw_last_trick(self, surface: pygame.Surface, v: View) -> None:
        """The previous trick in play order, each card over its player's name."""
        u = self.layout.u
        if not v.tricks:
            return
        t = v.tricks[-1]
        art = self.art
        w, h = art.size
        gap = round(14 * u)
        # a column per card, wider (up to a quarter of the window) for a name's longest word
        words = [word for seat, _c in t.plays() for word in self.model.info.seat_name(seat).split()]
        room = (self.size[0] - 2 * self.layout.margin - gap) // 4
        col = max(w + gap, min(room, max(theme.font(MIN_TEXT, "bold").size(x)[0] + 4
                                         for x in words or [""])))
        width = 4 * col + gap
        title = _("Last trick · {name} took it").format(name=self.model.info.seat_name(t.winner))
        heads = draw.wrap(title, round(16 * u), width - 20, "bold")      # names whole
        names = [draw.whole_lines(self.model.info.seat_name(seat), round(13 * u), col)
                 for seat, _card in t.plays()]
        head_h, name_h = self.line_h(16, "bold"), self.line_h(13, "bold")
        more = (len(heads) - 1) * head_h + (max(len(lines) for lines, _s in names) - 1) * name_h
        r = pygame.Rect(0, 0, width, h + round(84 * u) + more)
        r.center = self.layout.centre
        self.panel(surface, r, alpha=225, edge=theme.ACCENT_SOFT)
        y = r.y + round(10 * u)
        for line in heads:
            img = draw.text(line, round(16 * u), theme.ACCENT, "bold")
            surface.blit(img, img.get_rect(midtop=(r.centerx, y)))
            y += head_h
        y += round(38 * u) - round(10 * u) - head_h
        for i, ((seat, card), (lines, size)) in enumerate(zip(t.plays(), names)):
            x = r.x + gap + i * col + (col - gap - w) // 2
            surface.blit(art.face(card), (x, y))
            if seat == t.winner:
                surface.blit(art.outline(theme.ACCENT, 3), (x - 3, y - 3))
            info = self.model.info.seats[seat]
            for k, line in enumerate(lines):
                name = draw.text(line, size, theme.HUMAN_NAME if info.human else theme.BOT_NAME, "bold")
                surface.blit(name, name.get_rect(midtop=(x + w // 2, y + h + round(6 * u) + k * name_h)))

    def _draw_moon(self, surface: pygame.Surface, v: View) -> None:
        if v.moon is None or v.moon.shooter != v.seat or self.model.watching:
            return
        u = self.layout.u
        add = self.controls.button("moon-add")
        sub = self.controls.button("moon-subtract")
        if add is None or sub is None:
            return
        r = add.rect.union(sub.rect).inflate(round(60 * u), round(120 * u))
        r.y -= round(40 * u)
        self.panel(surface, r, alpha=225, edge=theme.ACCENT, width=2)
        title = draw.text(words.moon_line(self.model.voice, v.seat, v.moon.sun, now=True),
                          round(24 * u), theme.ACCENT, "bold")
        surface.blit(title, title.get_rect(midtop=(r.centerx, r.y + round(14 * u))))
        totals = list(self.model.info.totals if any(self.model.info.totals) else v.totals)
        m = self.model.moon_value(v)
        me = totals[v.seat]
        lines = (_("Add: each other player gets +{n}").format(n=m),
                 _("Take off: your total goes {now} → {then}").format(
                     now=self.model.info.display_total(me),
                     then=self.model.info.display_total(me - m)))
        y = r.y + round(52 * u)
        for line in lines:
            img = draw.text(line, round(14 * u), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midtop=(r.centerx, y)))
            y += round(20 * u)
        for b in (add, sub):
            b.draw(surface, b is self.input.hover_button, u)


__all__ = ["TablePainter"]
