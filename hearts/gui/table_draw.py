"""What the table's painters share: text and name helpers, avatars, the table's buttons
(`Button`), colours, and `TableCanvas`, the painters' base (the surface caches, panels,
line heights, the facts drawn in several places)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Callable

import pygame

from hearts.engine import Card, View
from hearts.i18n import _
from hearts.net.names import graphemes

from . import theme, widgets
from .table_part import TablePart
from .table_text import MIN_TEXT, line_height
from .widgets import wrap as _wrap_lines

SUIT_ORDER = (0, 1, 3, 2)          # clubs, diamonds, spades, hearts: colours alternate
TILT = (-3.0, 4.0, -3.0, 3.0)      # degrees each seat's trick card leans (by screen position)
DRAW_ORDER = (2, 1, 3, 0)          # the trick's cards are drawn top, left, right, bottom
PASS_KEY_NAMES = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "=", "[")   # as table_input.PASS_KEYS
HINT = (110, 235, 130)             # outline of hinted cards
RECEIVED = (150, 220, 255)         # outline of the cards passed to you
CUE = (255, 90, 80)                # you took points: your plate flashes
SHEET_BUTTONS = ("over-ok", "new-game", "review", "leave")   # drawn above their sheet


def hand_order(card: Card) -> tuple[int, int]:
    return (SUIT_ORDER.index(card.suit), card.rank)


@functools.lru_cache(maxsize=512)
def text(s: str, size: int, color: tuple[int, int, int] = theme.TEXT, face: str = "sans",
          shadow: bool = False) -> pygame.Surface:
    size = max(MIN_TEXT, size)
    if shadow:
        return theme.shadowed_text(s, size, color, face)
    return theme.text(s, size, color, face)


@functools.lru_cache(maxsize=256)
def wrap(s: str, size: int, width: int, face: str = "sans") -> tuple[str, ...]:
    """``s`` broken into lines no wider than ``width`` (at words; a long word at letters)."""
    return tuple(widgets.wrap(s, theme.font(max(MIN_TEXT, size), face), width))


def fit(s: str, size: int, width: int, face: str = "sans") -> str:
    f = theme.font(max(MIN_TEXT, size), face)
    if f.size(s)[0] <= width:
        return s
    letters = graphemes(s)
    while letters and f.size("".join(letters) + "…")[0] > width:
        letters.pop()
    return "".join(letters) + "…"


def whole_lines(s: str, size: int, width: int, face: str = "bold",
                lines: int = 2) -> tuple[list[str], int]:
    """``s`` (a name) whole in ``width``: on one line in as large a size down to ``MIN_TEXT``
    as fits; else on up to ``lines`` lines broken at spaces (from 15 px down); else at
    ``MIN_TEXT`` on as many lines as it takes, a word too long broken between letters."""
    out, sz = _whole_lines(s, size, width, face, lines)
    return list(out), sz


@functools.lru_cache(maxsize=1024)
def _whole_lines(s: str, size: int, width: int, face: str, lines: int) -> tuple[tuple[str, ...], int]:
    # a frame asks for each plate's name and status a few dozen times (the plates' sizes,
    # the fans beside them, the painter): measured once a text, size and width
    for sz in range(max(MIN_TEXT, size), MIN_TEXT - 1, -1):
        if theme.font(sz, face).size(s)[0] <= width:
            return (s,), sz
    for sz in range(max(MIN_TEXT, min(size, 15)), MIN_TEXT - 1, -1):
        out = _trial_wrap(s, sz, width, face)
        if len(out) <= lines and " ".join(out) == s:    # broken at spaces only
            return out, sz
    return _trial_wrap(s, MIN_TEXT, width, face), MIN_TEXT


@functools.lru_cache(maxsize=256)
def _trial_wrap(s: str, size: int, width: int, face: str) -> tuple[str, ...]:
    # `whole_lines`' own: most of the sizes it tries are never drawn
    return tuple(_wrap_lines(s, theme.font(max(MIN_TEXT, size), face), width))


def name_lines(name: str, you: bool, size: int, width: int) -> tuple[list[str], int]:
    """A plate's name whole (`whole_lines`, in bold), with "(you)" after your own."""
    return whole_lines(_("{name} (you)").format(name=name) if you else name, size, width)


@functools.lru_cache(maxsize=64)
def avatar(kind: str, d: int, color: tuple[int, int, int]) -> pygame.Surface:
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
        img = text(fit(self.label, size, r.width - 16, "bold"), size, theme.BUTTON_TEXT, "bold")
        surface.blit(img, img.get_rect(center=r.center))


class TableCanvas(TablePart):
    """What every painter of the table shares: the surface cache, panels, line heights,
    and the facts drawn in several places."""

    @property
    def cache(self) -> dict[Any, pygame.Surface]:
        """Surfaces that only change with the state they are keyed by (emptied on resize)."""
        return self.stage.cache

    @property
    def tilted_cache(self) -> dict[Any, pygame.Surface]:
        return self.stage.tilted_cache

    def all_passed(self, v: View) -> bool:
        return all(v.has_passed)

    def dim(self, surface: pygame.Surface, alpha: int) -> None:
        """Darken the whole table behind a dialog."""
        key = ("dim", self.size, alpha)
        img = self.cache.get(key)
        if img is None:
            img = pygame.Surface(self.size)
            img.set_alpha(alpha)
            self.cache[key] = img
        surface.blit(img, (0, 0))

    def panel(self, surface: pygame.Surface, rect: pygame.Rect, alpha: int = 170,
               edge: tuple[int, int, int] | None = None, width: int = 1) -> None:
        key = ("panel", rect.size, alpha, edge, width)
        img = self.cache.get(key)
        if img is None:
            img = pygame.Surface(rect.size, pygame.SRCALPHA)
            rad = round(12 * self.layout.u)
            pygame.draw.rect(img, (8, 18, 14, alpha), img.get_rect(), border_radius=rad)
            pygame.draw.rect(img, (*(edge or (255, 255, 255)), 255 if edge else 45), img.get_rect(),
                             width=width, border_radius=rad)
            self.cache[key] = img
        surface.blit(img, rect)

    def hand_points(self, v: View) -> tuple[int, ...]:
        """This hand's points per seat: the scored ones while its summary shows."""
        s = self.model.summary
        if s is not None and isinstance(s.get("points"), list) and len(s["points"]) == 4:
            return tuple(int(p) for p in s["points"])
        return tuple(v.points if v.points is not None else v.taken_points)

    def cards_left(self, v: View, seat: int) -> int:
        tram = self.model.tram_cards()
        return len(tram[seat]) if tram is not None else self.model.cards_left(v, seat)

    def line_h(self, size: int, face: str = "sans") -> int:
        """The line height of text of ``size`` at this scale."""
        return line_height(size, self.layout.u, face)

    def row_h(self, size: int) -> int:
        """A row's height for text of ``size`` (at this scale, never under the minimum)."""
        return self.geo.row_h(size)
