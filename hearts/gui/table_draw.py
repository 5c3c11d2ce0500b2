"""Drawing of the table screen: plates, hands, the trick, panels and dialogs.

`TablePainter` is mixed into `hearts.gui.table.TableScreen`; it reads the screen's
state (view, table facts, layout, motions) and does not change it. Every surface
that does not change from frame to frame (cards, plates, text, fans) is cached.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

import pygame

from hearts.engine import Card, Phase, View

from . import theme, widgets
from .table_state import pass_words, suit_words, tram_words

SUIT_ORDER = (0, 1, 3, 2)          # clubs, diamonds, spades, hearts: colours alternate
ARROWS = {"left": "←", "right": "→", "across": "↑", "hold": "•"}
TILT = (-3.0, 4.0, -3.0, 3.0)      # degrees each seat's trick card leans (by screen position)
DRAW_ORDER = (2, 1, 3, 0)
PASS_KEY_NAMES = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "=")   # as table.PASS_KEYS          # the trick's cards are drawn top, left, right, bottom
MIN_TEXT = 12                      # pixels: no text smaller, however small the window
HINT = (110, 235, 130)             # outline of hinted cards
RECEIVED = (150, 220, 255)         # outline of the cards passed to you
CUE = (255, 90, 80)                # you took points: your plate flashes
GAME_OVER_BUTTONS = ("over-ok", "new-game", "leave")


def hand_order(card: Card) -> tuple[int, int]:
    return (SUIT_ORDER.index(card.suit), card.rank)


@functools.lru_cache(maxsize=512)
def _text(s: str, size: int, color: tuple[int, int, int] = theme.TEXT, face: str = "sans",
          shadow: bool = False) -> pygame.Surface:
    size = max(MIN_TEXT, size)
    if shadow:
        return theme.shadowed_text(s, size, color, face)
    return theme.text(s, size, color, face)


@functools.lru_cache(maxsize=256)
def _wrap(s: str, size: int, width: int, face: str = "sans") -> tuple[str, ...]:
    """``s`` broken into lines no wider than ``width`` (at words; a long word at letters)."""
    return tuple(widgets.wrap(s, theme.font(max(MIN_TEXT, size), face), width))


def _fit(s: str, size: int, width: int, face: str = "sans") -> str:
    f = theme.font(max(MIN_TEXT, size), face)
    if f.size(s)[0] <= width:
        return s
    while s and f.size(s + "…")[0] > width:
        s = s[:-1]
    return s + "…"


@functools.lru_cache(maxsize=64)
def _avatar(kind: str, d: int, color: tuple[int, int, int]) -> pygame.Surface:
    """A round badge with a person (human) or a robot head (bot), drawn at 3x and smoothed."""
    f = 3
    D = d * f
    s = pygame.Surface((D, D), pygame.SRCALPHA)
    pygame.draw.circle(s, (*color, 255), (D // 2, D // 2), D // 2)
    fg = (30, 34, 40)
    if kind == "human":
        pygame.draw.circle(s, fg, (D // 2, int(D * 0.38)), int(D * 0.17))
        body = pygame.Rect(int(D * 0.2), int(D * 0.6), int(D * 0.6), int(D * 0.5))
        pygame.draw.ellipse(s, fg, body)
        mask = pygame.Surface((D, D), pygame.SRCALPHA)
        pygame.draw.circle(mask, (255, 255, 255, 255), (D // 2, D // 2), D // 2)
        s.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    elif kind == "bot":
        head = pygame.Rect(int(D * 0.24), int(D * 0.32), int(D * 0.52), int(D * 0.42))
        pygame.draw.rect(s, fg, head, border_radius=int(D * 0.08))
        pygame.draw.line(s, fg, (D // 2, head.top), (D // 2, int(D * 0.18)), max(2, f * 2))
        pygame.draw.circle(s, fg, (D // 2, int(D * 0.17)), int(D * 0.05))
        for ex in (0.39, 0.61):
            pygame.draw.circle(s, color, (int(D * ex), int(D * 0.5)), int(D * 0.06))
        pygame.draw.line(s, color, (int(D * 0.4), int(D * 0.64)), (int(D * 0.6), int(D * 0.64)),
                         max(2, f * 2))
    else:
        pygame.draw.circle(s, fg, (D // 2, D // 2), int(D * 0.3), width=max(2, f * 2))
    return pygame.transform.smoothscale(s, (d, d))


def button_width(label: str, height: int) -> int:
    """The width a button of ``height`` needs to show ``label`` whole."""
    size = max(MIN_TEXT, int(height * 0.42))
    return theme.font(size, "bold").size(label)[0] + 16 + height // 2


@dataclass
class Button:
    """A clickable label on the table (actions, toolbar, dialog choices)."""

    label: str
    action: Callable[[], None]
    rect: pygame.Rect
    primary: bool = False
    enabled: bool = True
    name: str = ""

    def draw(self, surface: pygame.Surface, hover: bool, u: float) -> None:
        r = self.rect
        if self.primary:
            fill = theme.ACCENT if self.enabled else theme.BUTTON_DISABLED
            if hover and self.enabled:
                fill = theme.ACCENT_SOFT
        else:
            fill = theme.BUTTON_HOVER if hover and self.enabled else theme.BUTTON
            if not self.enabled:
                fill = theme.BUTTON_DISABLED
        shadow = r.move(0, max(2, int(3 * u)))
        pygame.draw.rect(surface, (0, 0, 0, 90), shadow, border_radius=r.height // 2)
        pygame.draw.rect(surface, fill, r, border_radius=r.height // 2)
        size = max(MIN_TEXT, int(r.height * 0.42))
        img = _text(_fit(self.label, size, r.width - 16, "bold"), size, theme.BUTTON_TEXT, "bold")
        surface.blit(img, img.get_rect(center=r.center))


class TablePainter:
    """The drawing half of the table screen (see `TableScreen` for the state it reads)."""

    info_rect: pygame.Rect | None = None     # the information panel, as last drawn (the console peeks under it)

    if TYPE_CHECKING:   # what the painter reads, kept by `TableScreen`
        from .anim import Animator
        from .cards import CardArt
        from .table_layout import Layout
        from .table_model import TableModel
        app: Any                        # the app shell (its session's mode: a demo)
        model: TableModel               # what to show
        layout: Layout                  # where
        anim: Animator                  # cards in motion
        clock: float
        size: tuple[int, int]
        hover_button: Button | None
        buttons: list[Button]
        flyers: dict[tuple[str, Card], Card]
        _plate_cache: dict[Any, pygame.Surface]
        _ui: float
        _tilted_cache: dict[Any, pygame.Surface]

        @property
        def art(self) -> CardArt: ...
        @property
        def small_art(self) -> CardArt: ...
        def resize(self, size: tuple[int, int]) -> None: ...
        def button(self, name: str) -> Button | None: ...
        def _setting(self, name: str, default: Any) -> Any: ...
        def _ui_scale(self) -> float: ...
        def trick_label(self) -> str | None: ...
        def _slot_topleft(self, seat: int) -> tuple[float, float]: ...
        def _hand_layout(self) -> list[tuple[Card, pygame.Rect]]: ...

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size or self._ui != self._ui_scale():
            self.resize(surface.get_size())
        surface.blit(theme.background(self._setting("background", "green"), self.size), (0, 0))
        v = self.model.view
        self.info_rect = None
        if v is None:
            self._draw_waiting(surface)
            return
        self._draw_info(surface, v)
        self._draw_mini_scores(surface, v)
        if self.model.reveal and v.others is not None:
            self._draw_played_cards(surface, v)
        for rel in (1, 2, 3):
            self._draw_opponent(surface, v, (self.model.me + rel) % 4)
        if v.phase == "pass" and v.pass_direction != "hold" and not self._all_passed(v):
            self._draw_pass_arrow(surface, v)
        self._draw_trick(surface)
        self._draw_trick_label(surface)
        self._draw_plate(surface, v, self.model.me, self.layout.plates[0])
        if self.model.watching and v.others is not None:      # four bots: every hand shows
            self._draw_open_hand(surface, 0, sorted(self.model.held(self.model.me, v.others[self.model.me]),
                                                    key=hand_order))
        elif self.model.watching:
            self._draw_fan(surface, 0, self.model.cards_left(v, self.model.me))
        else:
            self._draw_hand(surface, v)
        if not (self._game_over() and not self.model.over_closed):
            self._draw_status(surface, v)
        for b in self.buttons:
            if b.name not in GAME_OVER_BUTTONS:
                b.draw(surface, b is self.hover_button, self.layout.u)
        self._draw_notes(surface, v)
        self._draw_bubbles(surface)
        if self.model.show_last:
            self._draw_last_trick(surface, v)
        moon_dialog = v.phase == "moon-choice" and self.button("moon-add") is not None
        if v.phase == "moon-choice":
            self._draw_moon(surface, v)
        if self.model.info.state == "paused":
            self._draw_banner(surface, f"Paused by {self.model.info.paused_by or 'the owner'}")
        if self.model.summary is not None and not self._game_over():
            self._draw_summary(surface)
        if self._game_over() and not self.model.over_closed:
            self._draw_game_over(surface)
        elif self._game_over():
            self._draw_over_line(surface)
        for b in self.buttons:
            if b.name in GAME_OVER_BUTTONS:
                b.draw(surface, b is self.hover_button, self.layout.u)
        if self.model.show_scores:
            self._draw_scoreboard(surface)
        if self.model.notice and not moon_dialog:      # the dialog says it already
            self._draw_notice(surface, self.model.notice[0])
        if self.model.disconnected is not None:
            self._draw_disconnected(surface)

    def _draw_disconnected(self, surface: pygame.Surface) -> None:
        """The table greyed while the connection is lost (the app's dialog says why)."""
        key = ("grey", self.size)
        img = self._plate_cache.get(key)
        if img is None:
            img = pygame.Surface(self.size, pygame.SRCALPHA)
            img.fill((60, 60, 60, 170))
            self._plate_cache[key] = img
        surface.blit(img, (0, 0))

    def _all_passed(self, v: View) -> bool:
        return all(v.has_passed)

    def _game_over(self) -> bool:
        return self.model.info.winners is not None and self.model.info.state == "over"

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
            self._draw_plate(surface, v, seat, self.layout.plates[self.model.rel(seat)])
        cx, cy = self.layout.centre
        title = info.name or "Table"
        img = _text(title, round(30 * u), theme.ACCENT_SOFT, "bold", True)
        surface.blit(img, img.get_rect(center=(cx, cy - round(70 * u))))
        img = _text(_fit("Rules: " + info.summary, round(16 * u), round(self.size[0] * 0.6)),
                    round(16 * u), theme.TEXT)
        surface.blit(img, img.get_rect(center=(cx, cy - round(30 * u))))
        waiting = ("Empty seats get bots when you start. Click a seat to change it."
                   if info.owner else "Waiting for the owner to start the game…")
        img = _text(waiting, round(17 * u), theme.TEXT_DIM)
        surface.blit(img, img.get_rect(center=(cx, cy + round(4 * u))))
        for b in self.buttons:
            b.draw(surface, b is self.hover_button, u)

    def _dim(self, surface: pygame.Surface, alpha: int) -> None:
        """Darken the whole table behind a dialog."""
        key = ("dim", self.size, alpha)
        img = self._plate_cache.get(key)
        if img is None:
            img = pygame.Surface(self.size)
            img.set_alpha(alpha)
            self._plate_cache[key] = img
        surface.blit(img, (0, 0))

    def _panel(self, surface: pygame.Surface, rect: pygame.Rect, alpha: int = 170,
               edge: tuple[int, int, int] | None = None, width: int = 1) -> None:
        key = ("panel", rect.size, alpha, edge, width)
        img = self._plate_cache.get(key)
        if img is None:
            img = pygame.Surface(rect.size, pygame.SRCALPHA)
            rad = round(12 * self.layout.u)
            pygame.draw.rect(img, (8, 18, 14, alpha), img.get_rect(), border_radius=rad)
            pygame.draw.rect(img, (*(edge or (255, 255, 255)), 255 if edge else 45), img.get_rect(),
                             width=width, border_radius=rad)
            self._plate_cache[key] = img
        surface.blit(img, rect)

    def _side_w(self) -> int:
        """The width of the corner panels (table facts, small scoreboard)."""
        return max(round(262 * self.layout.u), 190)

    def _draw_info(self, surface: pygame.Surface, v: View) -> None:
        """Top left: the hand and table, passing and target, the rules, hearts broken."""
        u = self.layout.u
        w = self._side_w()
        inner = w - round(28 * u)
        title = f"Hand {self.model.info.hand + 1}"
        if self.model.info.name:
            title += f" · {self.model.info.name}"
        d = v.pass_direction
        pass_text = "no passing" if d == "hold" else f"pass {d} {ARROWS[d]}"
        lines: list[tuple[str, int, tuple[int, int, int], str]] = []
        for text, size, colour, face in ((title, 17, theme.TEXT, "bold"),
                                         (f"{pass_text} · game to {v.rules.target}", 14, theme.TEXT_DIM, "sans"),
                                         ("rules: " + self.model.info.summary, 13, theme.TEXT_DIM, "sans")):
            lines += [(part, round(size * u), colour, face) for part in _wrap(text, round(size * u), inner, face)]
        heart = _text("♥", round(22 * u), theme.HEART_RED if v.hearts_broken else (110, 120, 116), "bold")
        h = (round(20 * u) + sum(theme.font(max(MIN_TEXT, s_), f).get_linesize() for _, s_, _, f in lines)
             + heart.get_height() + round(4 * u))
        r = pygame.Rect(self.layout.margin, self.layout.margin, w, h)
        self.info_rect = r
        self._panel(surface, r)
        x = r.x + round(14 * u)
        y = r.y + round(8 * u)
        for text, size, colour, face in lines:
            surface.blit(_text(text, size, colour, face), (x, y))
            y += theme.font(max(MIN_TEXT, size), face).get_linesize()
        y += round(2 * u)
        surface.blit(heart, (x, y))
        broken = v.hearts_broken
        label = "Hearts broken" if broken else "Hearts not broken"
        img = _text(label, round(15 * u), theme.TEXT if broken else theme.TEXT_DIM, "bold" if broken else "sans")
        surface.blit(img, img.get_rect(midleft=(x + heart.get_width() + round(8 * u),
                                                y + heart.get_height() // 2)))

    def _draw_played_cards(self, surface: pygame.Surface, v: View) -> None:
        """Open-hands tables: every card of the deck, the played ones struck through."""
        u = self.layout.u
        row = max(round(19 * u), self._line_h(13))
        r = pygame.Rect(self.layout.margin, 0, self._side_w(), self._line_h(13) + round(12 * u) + 4 * row)
        r.bottom = self.layout.plates[0].top - round(16 * u)
        self._panel(surface, r)
        surface.blit(_text("Cards played", round(13 * u), theme.TEXT_DIM, "bold"),
                     (r.x + round(12 * u), r.y + round(6 * u)))
        played = v.played_mask()
        colw = (r.width - round(30 * u)) / 13
        colours = ((220, 220, 220), (255, 120, 120), (255, 120, 120), (220, 220, 220))
        for suit in range(4):
            y = r.y + self._line_h(13) + round(8 * u) + (3 - suit) * row
            surface.blit(_text("♣♦♥♠"[suit], round(13 * u), colours[suit]), (r.x + round(8 * u), y))
            for rank in range(13):
                gone = played >> (suit * 13 + rank) & 1
                label = "23456789TJQKA"[rank]
                img = _text(label, round(13 * u), (90, 104, 98) if gone else colours[suit],
                            "sans" if gone else "bold")
                x = r.x + round(24 * u) + round(rank * colw)
                surface.blit(img, (x, y))
                if gone:
                    mid = y + img.get_height() // 2
                    pygame.draw.line(surface, (90, 104, 98), (x - 1, mid), (x + img.get_width(), mid))

    def _mini_scores_rect(self) -> pygame.Rect:
        """The small scoreboard: top right, unless the player dragged it elsewhere
        (kept as a fraction of the window, so it stays put when the window resizes)."""
        u = self.layout.u
        w, h = self._side_w(), round(40 * u) + 4 * self._row_h(15)
        W, H = self.size
        if self.model.scores_at is None:
            return pygame.Rect(W - self.layout.margin - w, self.layout.margin, w, h)
        fx, fy = self.model.scores_at
        r = pygame.Rect(round(fx * (W - w)), round(fy * (H - h)), w, h)
        return r.clamp(pygame.Rect(0, 0, W, H))

    def _draw_mini_scores(self, surface: pygame.Surface, v: View) -> None:
        u = self.layout.u
        r = self._mini_scores_rect()
        self._panel(surface, r)
        x = r.x + round(14 * u)
        y = r.y + round(10 * u)
        surface.blit(_text("Scores", round(16 * u), theme.TEXT, "bold"), (x, y))
        right = r.right - round(14 * u)
        total_hdr = _text("total", round(12 * u), theme.TEXT_DIM)
        hand_right = right - max(round(56 * u), total_hdr.get_width() + round(14 * u))
        hand_hdr = _text("hand", round(12 * u), theme.TEXT_DIM)
        surface.blit(total_hdr, total_hdr.get_rect(bottomright=(right, y + round(20 * u))))
        surface.blit(hand_hdr, hand_hdr.get_rect(bottomright=(hand_right, y + round(20 * u))))
        y += round(28 * u)
        pts = self._hand_points(v)
        totals = self.model.info.totals if any(self.model.info.totals) else v.totals
        lead = min(totals)
        name_w = hand_right - round(40 * u) - x
        for s in range(4):
            seat_info = self.model.info.seats[s]
            color = theme.HUMAN_NAME if seat_info.human else theme.BOT_NAME
            name = _fit(self.model.info.seat_name(s), round(15 * u), name_w)
            surface.blit(_text(name, round(15 * u), color, "bold" if s == self.model.me else "sans"), (x, y))
            t = _text(str(self.model.info.display_total(totals[s])), round(15 * u),
                      theme.ACCENT if totals[s] == lead and any(totals) else theme.TEXT, "bold")
            surface.blit(t, (right - t.get_width(), y))
            p = _text(str(self.model.info.display_points(pts[s])) if pts[s] else "·", round(14 * u),
                      theme.TEXT_DIM)
            surface.blit(p, (hand_right - p.get_width(), y + 1))
            y += self._row_h(15)

    def _draw_plate(self, surface: pygame.Surface, v: View, seat: int, rect: pygame.Rect) -> None:
        info = self.model.info.seats[seat]
        turn = (v.turn == seat and v.phase in ("play", "moon-choice") and self.model.info.state != "over"
                and self.model.taken is None and len(self.model.trick_shown) < 4
                and self.model.summary is None)
        waiting_pass = v.phase == "pass" and not v.has_passed[seat] and v.pass_direction != "hold"
        pts = self._hand_points(v)[seat]
        totals = self.model.info.totals if any(self.model.info.totals) else v.totals
        key = ("plate", rect.size, info.kind, self.model.info.seat_name(seat), info.connected, info.auto,
               self._cards_left(v, seat), pts, totals[seat], turn, v.dealer == seat,
               v.phase == "pass", waiting_pass, seat == self.model.me and not self.model.watching,
               self.model.info.owner_seat == seat)
        img = self._plate_cache.get(key)
        if img is None:
            img = self._render_plate(rect.size, v, seat, turn, waiting_pass, pts, totals[seat])
            if len(self._plate_cache) > 200:
                self._plate_cache.clear()
            self._plate_cache[key] = img
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
                      waiting_pass: bool, pts: int, total: int) -> pygame.Surface:
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
        d = round(h * 0.7)
        badge = (255, 196, 180) if info.human else (186, 214, 236)
        if not info.connected:
            badge = (150, 150, 150)
        av = _avatar("human" if info.human else "bot" if info.kind == "bot" else "empty", d, badge)
        img.blit(av, (r.x + round(10 * u), r.centery - d // 2))
        tx = r.x + round(18 * u) + d
        name = self.model.info.seat_name(seat)
        if seat == self.model.me and not self.model.watching and name != "You":
            name += " (you)"
        color = theme.HUMAN_NAME if info.human else theme.BOT_NAME
        total_img = _text(str(self.model.info.display_total(total)), round(22 * u), theme.TEXT, "bold")
        name_w = r.right - tx - total_img.get_width() - round(16 * u)
        name_img = _text(_fit(name, round(17 * u), name_w, "bold"), round(17 * u), color, "bold")
        line_h = theme.font(max(MIN_TEXT, round(13 * u))).get_linesize()
        ny = r.y + max(2, (h - name_img.get_height() - line_h) // 2)
        img.blit(name_img, (tx, ny))
        if self.model.view is None:         # before the first deal (the waiting table)
            line = {"empty": "empty seat", "human": "ready"}.get(
                info.kind, f"bot · {info.level or 'normal'}")
        elif waiting_pass:
            line = "choosing cards…"
        elif v.phase == "pass" and v.pass_direction != "hold":
            line = "passed ✓"
        else:
            n = self._cards_left(v, seat)
            bits = [f"{n} card{'s' if n != 1 else ''}"]
            bits.append(f"{self.model.info.display_points(pts)} pts" if pts else "0 pts")
            line = " · ".join(bits)
        if not info.connected:
            line = "connection lost"
        elif info.auto:
            line += " · bot plays"
        f = theme.font(max(MIN_TEXT, round(13 * u)))
        if f.size(line)[0] > name_w and " · " in line:
            line = line.split(" · ")[0]           # a narrow plate: the card count only
        img.blit(_text(_fit(line, round(13 * u), name_w), round(13 * u), theme.TEXT_DIM),
                 (tx, ny + name_img.get_height()))
        img.blit(total_img, (r.right - round(12 * u) - total_img.get_width(),
                             r.centery - total_img.get_height() // 2))
        if v.dealer == seat:             # on the avatar's corner: clear of the name and the score
            chip = max(MIN_TEXT + 6, round(20 * u))
            c = (r.x + round(10 * u) + d - chip // 3, r.centery + d // 2 - chip // 3)
            pygame.draw.circle(img, (240, 240, 240), c, chip // 2)
            pygame.draw.circle(img, (60, 60, 60), c, chip // 2, width=1)
            dimg = _text("D", round(12 * u), theme.TEXT_DARK, "bold")
            img.blit(dimg, dimg.get_rect(center=c))
        if self.model.info.owner_seat == seat:
            crown = _text("★", round(13 * u), theme.ACCENT)
            img.blit(crown, (r.x + round(4 * u), r.y + round(2 * u)))
        return img

    def _hand_points(self, v: View) -> tuple[int, ...]:
        """This hand's points per seat: the scored ones while its summary shows."""
        s = self.model.summary
        if s is not None and isinstance(s.get("points"), list) and len(s["points"]) == 4:
            return tuple(int(p) for p in s["points"])
        return tuple(v.points if v.points is not None else v.taken_points)

    def _cards_left(self, v: View, seat: int) -> int:
        tram = self.tram_cards()
        return len(tram[seat]) if tram is not None else self.model.cards_left(v, seat)

    def _draw_opponent(self, surface: pygame.Surface, v: View, seat: int) -> None:
        rel = self.model.rel(seat)
        rect = self.layout.plates[rel]
        n = self.model.cards_left(v, seat)
        shown = None
        tram = self.tram_cards()
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
        img = self._plate_cache.get(key)
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
            self._plate_cache[key] = img
        cx, cy = self.layout.fan_centre(rel)
        if rel in (0, 2):
            surface.blit(img, img.get_rect(midtop=(cx, cy - self.small_art.height // 2)))
        else:
            surface.blit(img, img.get_rect(center=(cx, cy)))

    def _draw_open_hand(self, surface: pygame.Surface, rel: int, shown: list[Card]) -> None:
        art = self.small_art
        w, h = art.size
        step = max(6, round(w * 0.42))
        rows = [shown] if rel == 2 else [shown[:7], shown[7:]]
        cx, cy = self.layout.fan_centre(rel)
        top = cy - h // 2 if rel == 2 else cy - (h + round(h * 0.45)) // 2
        for ri, row in enumerate(rows):
            if not row:
                continue
            width = step * (len(row) - 1) + w
            if rel == 1:
                x0 = self.layout.plates[1].right + round(10 * self.layout.u)
            elif rel == 3:
                x0 = self.layout.plates[3].left - round(10 * self.layout.u) - width
            else:
                x0 = cx - width // 2
            y = top + ri * round(h * 0.45)
            key = ("row", tuple(c.index for c in row), w, art.style, step)
            img = self._plate_cache.get(key)
            if img is None:                  # one surface per row: a demo shows four hands
                img = pygame.Surface((width, h), pygame.SRCALPHA)
                for i, c in enumerate(row):
                    img.blit(art.face(c), (i * step, 0))
                if len(self._plate_cache) > 200:
                    self._plate_cache.clear()
                self._plate_cache[key] = img
            surface.blit(img, (x0, y))

    def _tilted(self, card: Card, angle: float) -> pygame.Surface:
        key = (card.index, angle, self.art.width, self.art.style, self.art.back_name)
        img = self._tilted_cache.get(key)
        if img is None:
            if len(self._tilted_cache) > 300:
                self._tilted_cache.clear()
            img = pygame.transform.rotozoom(self.art.face(card), angle, 1.0)
            self._tilted_cache[key] = img
        return img

    def _draw_trick(self, surface: pygame.Surface) -> None:
        art = self.art
        w, h = art.size
        for key, card in self.flyers.items():
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
                pos = self._slot_topleft(seat)
            img = art.face(card) if card is winning else self._tilted(card, TILT[rel])   # upright: it won
            cx, cy = pos[0] + w / 2, pos[1] + h / 2
            sh = art.shadow()
            surface.blit(sh, sh.get_rect(center=(cx + 2, cy + 4)))
            surface.blit(img, img.get_rect(center=(round(cx), round(cy))))
            if card is winning and self.anim.pos(("trick", card)) is None:
                t = max(3, round(4 * self.layout.u))
                surface.blit(art.outline(theme.ACCENT, t), (round(cx - w / 2) - t, round(cy - h / 2) - t))

    def _draw_trick_label(self, surface: pygame.Surface) -> None:
        """Who takes the finished trick, in a pill above it (red when it is you with points)."""
        label = self.trick_label()
        if label is None or self.model.taken is None:
            return
        u = self.layout.u
        size = max(MIN_TEXT, round(19 * u))
        mine = self.model.taken[0] == self.model.me and self.model.taken[1] and not self.model.watching
        img = _text("★ " + label, size, theme.TEXT_DARK, "bold")
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
        img = self._plate_cache.get(key)
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
            self._plate_cache[key] = img
        surface.blit(img, img.get_rect(center=self.layout.centre))

    def _draw_hand(self, surface: pygame.Surface, v: View) -> None:
        art = self.art
        layout = self._hand_layout()
        my_turn_play = self.model.my_turn_to_play
        numbers = (v.phase == "pass" and v.pass_direction != "hold" and not v.has_passed[v.seat]
                   and not self.model.pass_sent)
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
        img = _text(label, max(MIN_TEXT, round(15 * u)), (255, 255, 255), "bold")
        d = max(img.get_height(), img.get_width()) + round(6 * u)
        r = pygame.Rect(x + round(3 * u), bottom - d - round(4 * u), d, d)
        pygame.draw.rect(surface, (40, 52, 70), r, border_radius=d // 3)
        surface.blit(img, img.get_rect(center=r.center))

    def _status_text(self, v: View) -> tuple[str, tuple[int, int, int]]:
        name = self.model.info.seat_name
        if self.model.disconnected is not None:
            return "Connection lost: waiting for the host…", theme.TEXT_DIM
        if self._game_over():
            return "Game over", theme.TEXT
        if self.model.info.state == "waiting":
            return ("Waiting for the owner to start the game" if not self.model.info.owner
                    else "Seats are ready: start the game when you like", theme.TEXT)
        if self.model.summary is not None:
            return "Hand over", theme.TEXT
        if self.model.taken is not None:          # the full trick still shows
            winner = self.model.taken[0]
            if winner == self.model.me and not self.model.watching:
                return "You take the trick", theme.TEXT
            return f"{name(winner)} takes the trick", theme.TEXT
        if self.model.watching:
            what = ("Demo: four bots play, you watch" if getattr(getattr(self.app, "session", None),
                                                                  "mode", None) == "demo" else "Watching")
            if v.turn is not None and v.phase == "play":
                return f"{what} · {name(v.turn)} to play", theme.TEXT
            return what, theme.TEXT
        if v.phase == "pass":
            if v.has_passed[v.seat] or self.model.pass_sent:
                return "Waiting for the others to pass…", theme.TEXT_DIM
            words = pass_words(v, self.model.info)
            return f"{words}  {ARROWS.get(v.pass_direction, '')}", theme.ACCENT
        if v.phase == "play":
            if self.model.pending is not None:
                return f"Playing {self.model.pending.symbol}…", theme.TEXT_DIM
            if self.model.my_turn_to_play:
                if not v.trick:
                    return "Your lead", theme.ACCENT
                return f"Your turn · follow {suit_words(v.trick[0][1].suit)} if you can", theme.ACCENT
            # whose card comes next as the table shows it (the view may lag the motion)
            turn = (self.model.trick_shown[-1][0] + 1) % 4 if self.model.trick_shown else v.turn
            if turn is not None and turn != v.seat:
                return f"{name(turn)} is playing…", theme.TEXT_DIM
            if turn is not None:
                return "Your turn", theme.ACCENT
        if v.phase == "moon-choice" and v.moon is not None:
            if v.moon.shooter == v.seat:
                return "You shot the moon! Choose:", theme.ACCENT
            return f"{name(v.moon.shooter)} shot the moon and is choosing…", theme.TEXT
        if v.phase == "done":
            return "Hand over", theme.TEXT
        return "", theme.TEXT

    def _draw_status(self, surface: pygame.Surface, v: View) -> None:
        u = self.layout.u
        cx = self.size[0] // 2
        y = self.layout.status_y
        text, color = self._status_text(v)          # the turn prompt: nothing covers it
        if text:
            size = round(20 * u)
            for i, line in enumerate(_wrap(text, size, round(self.size[0] * 0.5), "bold")):
                img = _text(line, size, color, "bold", True)
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
            secs = _text(f"{left:.0f} s", round(13 * u), theme.TEXT_DIM)
            surface.blit(secs, (cx + full // 2 + round(8 * u), bar.y - round(5 * u)))

    def note_lines(self) -> list[tuple[str, str]]:
        """The notice area's notices, oldest first, as (text, kind): the hint is one of them
        (never on game over)."""
        out = [(n.text, n.kind) for n in self.model.notes]
        if self.model.hint and not self._game_over():
            out.append((self.model.hint, "hint"))
        return out

    def _notes_bottom(self) -> int:
        """Where the notice area ends: above the turn prompt, or above the Pass button."""
        u = self.layout.u
        bottom = self.layout.status_y - max(MIN_TEXT, round(20 * u)) // 2 - round(10 * u)
        for name in ("pass", "moon-add"):
            b = self.button(name)
            if b is not None:
                bottom = min(bottom, b.rect.top - round(10 * u))
        return bottom

    def _draw_notes(self, surface: pygame.Surface, v: View) -> None:
        """The notice area, over the table above the turn prompt: each notice wrapped, newest
        lowest; they go on the player's next action, the next hand, or after a while."""
        notes = self.note_lines()
        if not notes or self._game_over():
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
            lines = _wrap(text, size, width - 2 * pad_x, "bold")
            imgs = [_text(line, size, colour, "bold") for line in lines]
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

    def _draw_bubbles(self, surface: pygame.Surface) -> None:
        u = self.layout.u
        for seat, (text, _) in self.model.bubbles.items():
            rel = self.model.rel(seat)
            plate = self.layout.plates[rel]
            size = round(15 * u)
            imgs = [_text(line, size, theme.TEXT_DARK)
                    for line in _wrap(text, size, round(300 * u))]
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

    def _draw_last_trick(self, surface: pygame.Surface, v: View) -> None:
        """The previous trick in play order, each card over its player's name."""
        u = self.layout.u
        if not v.tricks:
            return
        t = v.tricks[-1]
        art = self.art
        w, h = art.size
        gap = round(14 * u)
        r = pygame.Rect(0, 0, 4 * w + 5 * gap, h + round(84 * u))
        r.center = self.layout.centre
        self._panel(surface, r, alpha=225, edge=theme.ACCENT_SOFT)
        title = f"Last trick · {self.model.info.seat_name(t.winner)} took it"
        img = _text(_fit(title, round(16 * u), r.width - 20, "bold"), round(16 * u), theme.ACCENT, "bold")
        surface.blit(img, img.get_rect(midtop=(r.centerx, r.y + round(10 * u))))
        y = r.y + round(38 * u)
        for i, (seat, card) in enumerate(t.plays()):
            x = r.x + gap + i * (w + gap)
            surface.blit(art.face(card), (x, y))
            if seat == t.winner:
                surface.blit(art.outline(theme.ACCENT, 3), (x - 3, y - 3))
            info = self.model.info.seats[seat]
            name = _text(_fit(self.model.info.seat_name(seat), round(13 * u), w + gap), round(13 * u),
                         theme.HUMAN_NAME if info.human else theme.BOT_NAME, "bold")
            surface.blit(name, name.get_rect(midtop=(x + w // 2, y + h + round(6 * u))))

    def _draw_moon(self, surface: pygame.Surface, v: View) -> None:
        if v.moon is None or v.moon.shooter != v.seat or self.model.watching:
            return
        u = self.layout.u
        add = self.button("moon-add")
        sub = self.button("moon-subtract")
        if add is None or sub is None:
            return
        r = add.rect.union(sub.rect).inflate(round(60 * u), round(120 * u))
        r.y -= round(40 * u)
        self._panel(surface, r, alpha=225, edge=theme.ACCENT, width=2)
        title = _text("You shot the moon!" if not v.moon.sun else "You shot the sun!", round(24 * u),
                      theme.ACCENT, "bold")
        surface.blit(title, title.get_rect(midtop=(r.centerx, r.y + round(14 * u))))
        totals = list(self.model.info.totals if any(self.model.info.totals) else v.totals)
        m = self.model.moon_value(v)
        me = totals[v.seat]
        lines = (f"Add: each other player gets +{m}",
                 f"Take off: your total goes {self.model.info.display_total(me)} → "
                 f"{self.model.info.display_total(me - m)}")
        y = r.y + round(52 * u)
        for line in lines:
            img = _text(line, round(14 * u), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midtop=(r.centerx, y)))
            y += round(20 * u)
        for b in (add, sub):
            b.draw(surface, b is self.hover_button, u)

    def _draw_banner(self, surface: pygame.Surface, text: str) -> None:
        u = self.layout.u
        img = _text(text, round(24 * u), theme.TEXT, "bold")
        r = img.get_rect(center=(self.size[0] // 2, round(self.size[1] * 0.2)))
        r.inflate_ip(round(40 * u), round(20 * u))
        self._panel(surface, r, alpha=220, edge=theme.ACCENT)
        surface.blit(img, img.get_rect(center=r.center))

    def _draw_notice(self, surface: pygame.Surface, text: str) -> None:
        u = self.layout.u
        img = _text(text, round(30 * u), theme.ACCENT_SOFT, "bold", True)
        cx, cy = self.layout.centre
        if self._game_over():
            cy = self._over_rect().top - round(40 * u)
        elif self.model.summary is not None:
            cy = self._summary_rect().top - round(40 * u)
        elif self.model.trick_shown:
            cy -= round(150 * u)
        r = img.get_rect(center=(cx, cy)).inflate(round(44 * u), round(22 * u))
        self._panel(surface, r, alpha=200)
        surface.blit(img, img.get_rect(center=r.center))

    def _summary_lines(self) -> list[str]:
        """The sentences under a hand's scores: a moon, or how the hand ended early."""
        s = self.model.summary or {}
        moon = s.get("moon")
        if moon and moon.get("shooter") is not None:
            what = "the sun" if moon.get("sun") else "the moon"
            return [f"{self.model.info.seat_name(moon['shooter'])} shot {what}."]
        me = None if self.model.watching else self.model.me
        line = tram_words(s.get("tram"), self.model.info.seat_name, me)
        return [line] if line else []

    def _summary_rect(self) -> pygame.Rect:
        u = self.layout.u
        w = min(self.size[0] - 2 * self.layout.margin, round(460 * u))
        extra = 0
        for line in self._summary_lines():
            extra += len(_wrap(line, round(15 * u), w - round(48 * u), "bold")) * self._line_h(15, "bold")
        h = (round(12 * u) + self._line_h(22, "bold") + round(10 * u) + self._line_h(13) + round(6 * u)
             + self._row_h(16) * 4 + round(6 * u) + extra + round(8 * u) + self._line_h(13) + round(10 * u))
        r = pygame.Rect(0, 0, w, h)
        r.center = (self.size[0] // 2, self.layout.centre[1])
        return r

    def _line_h(self, size: int, face: str = "sans") -> int:
        """The line height of text of ``size`` at this scale."""
        return theme.font(max(MIN_TEXT, round(size * self.layout.u)), face).get_linesize()

    def _row_h(self, size: int) -> int:
        """A row's height for text of ``size`` (at this scale, never under the minimum)."""
        return theme.font(max(MIN_TEXT, round(size * self.layout.u))).get_linesize() + round(6 * self.layout.u)

    def tram_cards(self) -> list[list[Card]] | None:
        """The cards left when the hand ended early, per seat, while its summary shows."""
        s = self.model.summary
        v = self.model.view
        tram = (s or {}).get("tram")
        if not tram or v is None:
            return None
        try:
            cards = [[Card.parse(c) for c in h] for h in tram.get("cards") or ()]
        except (ValueError, TypeError):
            return None
        # only over the hand that ended (with animations off the next may be dealt already)
        if len(cards) != 4 or sum(v.cards_left) >= 52:
            return None
        return cards

    def _draw_summary(self, surface: pygame.Surface) -> None:
        s = self.model.summary or {}
        u = self.layout.u
        r = self._summary_rect()
        self._panel(surface, r, alpha=248, edge=theme.ACCENT_SOFT)
        hand = int(s.get("hand", self.model.info.hand) or 0) + 1
        title = _text(f"Hand {hand} scored", round(22 * u), theme.ACCENT, "bold")
        surface.blit(title, title.get_rect(midtop=(r.centerx, r.y + round(12 * u))))
        pts = list(s.get("points") or (self.model.view.points if self.model.view and self.model.view.points else (0,) * 4))
        totals = list(s.get("totals") or self.model.info.totals)
        y = r.y + round(12 * u) + title.get_height() + round(10 * u)
        hdr = _text("this hand     total", round(13 * u), theme.TEXT_DIM)
        surface.blit(hdr, (r.right - round(24 * u) - hdr.get_width(), y))
        y += hdr.get_height() + round(6 * u)
        for seat in range(4):
            info = self.model.info.seats[seat]
            color = theme.HUMAN_NAME if info.human else theme.BOT_NAME
            surface.blit(_text(_fit(self.model.info.seat_name(seat), round(16 * u), r.width - round(200 * u)),
                               round(16 * u), color, "bold"), (r.x + round(24 * u), y))
            p = _text(f"{self.model.info.display_points(pts[seat]):+d}" if pts[seat] else "0", round(16 * u),
                      theme.TEXT)
            surface.blit(p, (r.right - round(130 * u) - p.get_width(), y))
            t = _text(str(self.model.info.display_total(totals[seat])), round(16 * u), theme.TEXT, "bold")
            surface.blit(t, (r.right - round(24 * u) - t.get_width(), y))
            y += self._row_h(16)
        y += round(6 * u)
        for line in self._summary_lines():
            for part in _wrap(line, round(15 * u), r.width - round(48 * u), "bold"):
                img = _text(part, round(15 * u), theme.ACCENT_SOFT, "bold")
                surface.blit(img, img.get_rect(midtop=(r.centerx, y)))
                y += self._line_h(15, "bold")
        tip = _text("Enter or click to go on", round(13 * u), theme.TEXT_DIM)
        surface.blit(tip, tip.get_rect(midbottom=(r.centerx, r.bottom - round(10 * u))))

    def over_place(self) -> tuple[int, int] | None:
        """Your place at game over and how many share it (lowest total first); None when watching."""
        if self.model.watching:
            return None
        totals = list(self.model.info.totals)
        me = totals[self.model.me]
        return 1 + sum(t < me for t in totals), sum(t == me for t in totals)

    def over_headline(self) -> str:
        winners = self.model.info.winners or []
        names = ["you" if s == self.model.me and not self.model.watching else self.model.info.seat_name(s)
                 for s in winners]
        if len(names) == 1:
            return "You win!" if names[0] == "you" else f"{names[0]} wins!"
        if names:
            text = " and ".join([", ".join(names[:-1]), names[-1]]) + " share the win"
            return text[0].upper() + text[1:]
        return "Game over"

    def over_place_words(self) -> str:
        place = self.over_place()
        if place is None:
            return ""
        n, ties = place
        total = self.model.info.display_total(self.model.info.totals[self.model.me])
        word = ("first", "second", "third", "fourth")[n - 1]
        shared = " (shared)" if ties > 1 else ""
        return f"You finished {word}{shared} of 4, with {total} points."

    def _over_rows(self) -> int:
        """How many hands the final score sheet lists (the latest ones, if the window is short)."""
        u = self.layout.u
        room = self.size[1] - 2 * self.layout.margin - round(330 * u) - 3 * self._row_h(14)
        return max(2, min(len(self.model.info.results), room // self._row_h(14)))

    def _over_rect(self) -> pygame.Rect:
        u = self.layout.u
        w = min(self.size[0] - 2 * self.layout.margin, round(720 * u))
        head = len(_wrap(self.over_headline(), round(30 * u), w - round(40 * u), "bold"))
        h = (round(40 * u) + head * theme.font(max(MIN_TEXT, round(30 * u)), "bold").get_linesize()
             + round(40 * u) + (self._over_rows() + 4) * self._row_h(14) + round(90 * u))
        r = pygame.Rect(0, 0, w, min(h, self.size[1] - 2 * self.layout.margin))
        r.center = (self.size[0] // 2, self.size[1] // 2)
        return r

    def _draw_game_over(self, surface: pygame.Surface) -> None:
        """The final score sheet: headline, your place, every hand of every seat, OK."""
        u = self.layout.u
        r = self._over_rect()
        self._dim(surface, 120)
        self._panel(surface, r, alpha=245, edge=theme.ACCENT, width=2)
        title = _text("Game over", round(16 * u), theme.TEXT_DIM, "bold")
        surface.blit(title, title.get_rect(midtop=(r.centerx, r.y + round(12 * u))))
        y = r.y + round(16 * u) + title.get_height()
        big = max(MIN_TEXT, round(30 * u))
        for line in _wrap(self.over_headline(), big, r.width - round(40 * u), "bold"):
            img = _text(line, big, theme.ACCENT, "bold", True)
            surface.blit(img, img.get_rect(midtop=(r.centerx, y)))
            y += theme.font(big, "bold").get_linesize()
        words = self.over_place_words()
        if words:
            img = _text(words, round(16 * u), theme.TEXT, "bold")
            surface.blit(img, img.get_rect(midtop=(r.centerx, y + round(4 * u))))
        y += round(34 * u)
        self._draw_score_table(surface, pygame.Rect(r.x + round(20 * u), y, r.width - round(40 * u),
                                                     r.bottom - y), self._over_rows(), places=True)

    def _draw_over_line(self, surface: pygame.Surface) -> None:
        """After OK: who won and your place, above New game and Leave (Tab: the scores)."""
        u = self.layout.u
        b = self.button("leave")
        if b is None:
            return
        y = b.rect.top - round(12 * u)
        words = [self.over_headline(), self.over_place_words(), "Tab shows the final scores"]
        for text, size, colour in reversed(list(zip(words, (24, 16, 13),
                                                    (theme.ACCENT, theme.TEXT, theme.TEXT_DIM)))):
            if not text:
                continue
            for line in reversed(_wrap(text, round(size * u), self.size[0] - 4 * self.layout.margin, "bold")):
                img = _text(line, round(size * u), colour, "bold", True)
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
        first = max(theme.font(max(MIN_TEXT, round(14 * u)), "bold").size("Place")[0] + round(12 * u),
                    round(80 * u))
        colw = (box.width - first) // 4
        xs = [box.x + first + colw * i + colw // 2 for i in range(4)]
        row_h = self._row_h(14)
        y = box.y
        surface.blit(_text("Hand", round(14 * u), theme.TEXT_DIM, "bold"), (col0, y))
        for s in range(4):
            seat = info.seats[s]
            color = theme.HUMAN_NAME if seat.human else theme.BOT_NAME
            for i, line in enumerate(_wrap(info.seat_name(s), round(15 * u), colw - round(8 * u), "bold")[:2]):
                img = _text(line, round(15 * u), color, "bold")
                surface.blit(img, img.get_rect(midtop=(xs[s], y + i * (row_h - round(6 * u)))))
        y += 2 * row_h - round(6 * u)
        pygame.draw.line(surface, (96, 112, 104), (col0, y - 4), (box.right, y - 4))
        if len(results) > len(shown):
            more = _text(f"… {len(results) - len(shown)} earlier hands", round(12 * u), theme.TEXT_DIM)
            surface.blit(more, (col0, y - 2))
            y += row_h
        table = self.scoreboard_rows()
        for rec, row in zip(shown, table[-len(shown) - 1:-1] if shown else []):
            surface.blit(_text(row[0], round(14 * u), theme.TEXT_DIM), (col0, y))
            moon_shooter = (rec.moon or {}).get("shooter") if isinstance(rec.moon, dict) else None
            for s in range(4):
                col = theme.ACCENT_SOFT if moon_shooter == s else theme.TEXT
                img = _text(row[s + 1], round(14 * u), col)
                surface.blit(img, img.get_rect(midtop=(xs[s], y)))
            y += row_h
        if not shown:
            img = _text("No hand scored yet", round(14 * u), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += row_h
        pygame.draw.line(surface, (96, 112, 104), (col0, y + 2), (box.right, y + 2))
        y += round(8 * u)
        surface.blit(_text("Total", round(15 * u), theme.TEXT, "bold"), (col0, y))
        totals = list(info.totals)
        best = min(totals) if any(totals) else None
        for s in range(4):
            img = _text(table[-1][s + 1], round(17 * u), theme.ACCENT if totals[s] == best else theme.TEXT, "bold")
            surface.blit(img, img.get_rect(midtop=(xs[s], y)))
        y += self._row_h(17)
        if places:
            surface.blit(_text("Place", round(14 * u), theme.TEXT_DIM, "bold"), (col0, y))
            for s in range(4):
                n = 1 + sum(t < totals[s] for t in totals)
                img = _text(("1st", "2nd", "3rd", "4th")[n - 1], round(14 * u),
                            theme.ACCENT if n == 1 else theme.TEXT, "bold")
                surface.blit(img, img.get_rect(midtop=(xs[s], y)))
            y += row_h
        return y

    def scoreboard_rows(self) -> list[list[str]]:
        """The scoreboard as text: one row per scored hand (number, four points), then
        the totals row; as the table shows them (countdown tables count down)."""
        info = self.model.info
        rows = [[str(rec.hand + 1)] + [str(info.display_points(p)) for p in rec.points]
                for rec in info.results]
        rows.append(["Total"] + [str(info.display_total(t)) for t in info.totals])
        return rows

    def _draw_scoreboard(self, surface: pygame.Surface) -> None:
        u = self.layout.u
        results = self.model.info.results
        row_h = self._row_h(14)
        max_rows = max(3, (self.size[1] - round(140 * u)) // row_h - 6)
        shown = results[-max_rows:]
        W = round(640 * u)
        Hh = round(90 * u) + row_h * (max(1, len(shown)) + 6)
        r = pygame.Rect(0, 0, min(W, self.size[0] - 20), Hh)
        r.center = (self.size[0] // 2, self.size[1] // 2)
        self._dim(surface, 110)
        self._panel(surface, r, alpha=240, edge=theme.ACCENT_SOFT)
        title = "Scoreboard" + (" (countdown)" if self.model.info.rules.display == "countdown" else "")
        head = _text(title, round(22 * u), theme.ACCENT, "bold")
        surface.blit(head, (r.x + round(20 * u), r.y + round(14 * u)))
        target = _text(f"game to {self.model.info.rules.target} · {self.model.info.summary}", round(13 * u),
                       theme.TEXT_DIM)
        top = r.y + round(56 * u)
        if head.get_width() + target.get_width() + round(60 * u) <= r.width:
            surface.blit(target, (r.right - round(20 * u) - target.get_width(), r.y + round(22 * u)))
        else:                              # no room beside the title: under it
            surface.blit(target, (r.x + round(20 * u), r.y + round(16 * u) + head.get_height()))
            top += target.get_height()
        self._draw_score_table(surface, pygame.Rect(r.x + round(20 * u), top,
                                                    r.width - round(40 * u), r.height), max_rows)
        tip = _text("Tab or click to close", round(12 * u), theme.TEXT_DIM)
        surface.blit(tip, tip.get_rect(bottomright=(r.right - round(14 * u), r.bottom - round(10 * u))))
