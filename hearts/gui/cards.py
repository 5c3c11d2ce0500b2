"""Card faces and backs drawn with pygame.draw and DejaVu glyphs, cached per size.

`card_art(width, style, back)` returns a `CardArt` whose surfaces are drawn once at
twice the size and smoothed down, so edges and pips stay crisp at any window size.
Deck styles: classic two-colour, four-colour, large print and dark; several backs.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from hearts.engine import Card

from . import theme

DECK_STYLES = ("classic", "four-colour", "large-print", "dark")
CARD_BACKS = ("blue", "red", "green", "hearts", "gold")
CARD_RATIO = 1.4          # height / width of a poker card (2.5 x 3.5 inches)
RANK_TEXT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_GLYPH = "♣♦♥♠"
SS = 2                    # supersampling factor for drawing

_BLACK = (24, 24, 28)
_RED = (206, 28, 44)
SUIT_COLOURS: dict[str, tuple[tuple[int, int, int], ...]] = {
    "classic": (_BLACK, _RED, _RED, _BLACK),
    "four-colour": ((18, 128, 62), (22, 92, 204), _RED, _BLACK),
    "large-print": (_BLACK, _RED, _RED, _BLACK),
    "dark": ((236, 236, 240), (255, 118, 118), (255, 118, 118), (236, 236, 240)),
}
_FACE_FILL = {"dark": (40, 44, 56)}
_FACE_EDGE = {"dark": (120, 126, 150)}

# (x, y) pip centres in a unit box; pips below the middle are drawn upside down.
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0), (0.5, 1)),
    3: ((0.5, 0), (0.5, 0.5), (0.5, 1)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
    5: ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    6: ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    7: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    8: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    9: ((0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)),
    10: ((0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3),
         (0.5, 5 / 6), (0, 1), (1, 1)),
}

_BACK_COLOURS = {
    "blue": ((28, 70, 150), (84, 136, 214)),
    "red": ((160, 26, 40), (222, 92, 100)),
    "green": ((20, 100, 64), (96, 178, 128)),
    "hearts": ((112, 18, 42), (214, 72, 96)),
    "gold": ((22, 30, 60), (212, 172, 84)),
}


def glyph(s: str, height: int, color: tuple[int, int, int], face: str = "sans",
          max_width: int | None = None) -> pygame.Surface:
    """Text cropped to its ink and scaled so the ink is exactly ``height`` pixels tall."""
    f = theme.font(int(height * 1.45) + 2, face)
    surf = f.render(s, True, color)
    box = surf.get_bounding_rect()
    if box.width == 0 or box.height == 0:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    surf = surf.subsurface(box)
    w = max(1, round(box.width * height / box.height))
    if max_width is not None and w > max_width:
        w = max_width
    return pygame.transform.smoothscale(surf, (w, max(1, height)))


def _tint(c: tuple[int, int, int], t: float,
          base: tuple[int, int, int] = (255, 255, 255)) -> tuple[int, int, int]:
    r, g, b = (round(base[i] + (c[i] - base[i]) * t) for i in range(3))
    return r, g, b


def _round_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    m = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(m, (255, 255, 255, 255), m.get_rect(), border_radius=radius)
    return m


class CardArt:
    """Every card surface for one card width, deck style and back (build with `card_art`).

    ``big_index``: corner indices about twice the usual size, for small cards shown
    overlapped (the open hands of a demo), so the corner reads at any window size.
    """

    def __init__(self, width: int, style: str = "classic", back: str = "blue",
                 big_index: bool = False) -> None:
        self.big_index = big_index
        self.style = style if style in DECK_STYLES else "classic"
        self.back_name = back if back in CARD_BACKS else "blue"
        self.width = max(12, int(width))
        self.height = round(self.width * CARD_RATIO)
        self.radius = max(2, round(self.width * 0.075))
        self._faces: dict[tuple[int, str], pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._shadow: pygame.Surface | None = None
        self._outlines: dict[tuple[tuple[int, int, int], int], pygame.Surface] = {}

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    # -- public surfaces ----------------------------------------------------------------
    def face(self, card: Card, variant: str = "normal") -> pygame.Surface:
        """The face of ``card``; ``variant`` "dim" greys it out (an illegal card)."""
        key = (card.index, variant)
        surf = self._faces.get(key)
        if surf is None:
            if variant == "normal":
                surf = self._draw_face(card)
            else:
                surf = self.face(card).copy()
                veil = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
                veil.fill((70, 76, 80, 120))
                veil.blit(_round_mask(surf.get_size(), self.radius), (0, 0),
                          special_flags=pygame.BLEND_RGBA_MIN)
                surf.blit(veil, (0, 0))
            self._faces[key] = surf
        return surf

    def back(self) -> pygame.Surface:
        """The card back."""
        if self._back is None:
            self._back = self._draw_back()
        return self._back

    def shadow(self) -> pygame.Surface:
        """A soft shadow to blit under a card, offset by `shadow_offset`."""
        if self._shadow is None:
            spread = max(3, self.width // 14)
            self._shadow = theme.soft_shadow(self.size, self.radius, alpha=110, spread=spread)
        return self._shadow

    @property
    def shadow_offset(self) -> tuple[int, int]:
        spread = max(3, self.width // 14)
        return (-spread + max(1, self.width // 40), -spread + max(2, self.width // 24))

    def outline(self, color: tuple[int, int, int], thickness: int = 3) -> pygame.Surface:
        """A glowing rounded frame the size of a card plus ``thickness`` on each side."""
        key = (color, thickness)
        surf = self._outlines.get(key)
        if surf is None:
            t = thickness
            w, h = self.width + 2 * t, self.height + 2 * t
            big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
            pygame.draw.rect(big, (*color, 255), big.get_rect(), width=t * SS,
                             border_radius=(self.radius + t) * SS)
            surf = pygame.transform.smoothscale(big, (w, h))
            self._outlines[key] = surf
        return surf

    # -- drawing ---------------------------------------------------------------------------
    def _blank(self, fill: tuple[int, int, int], edge: tuple[int, int, int]) -> pygame.Surface:
        w, h, r = self.width * SS, self.height * SS, self.radius * SS
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(s, (*edge, 255), s.get_rect(), border_radius=r)
        pygame.draw.rect(s, (*fill, 255), s.get_rect().inflate(-2 * SS, -2 * SS),
                         border_radius=max(1, r - SS))
        return s

    def _finish(self, big: pygame.Surface) -> pygame.Surface:
        surf = pygame.transform.smoothscale(big, self.size)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        return surf

    def _draw_face(self, card: Card) -> pygame.Surface:
        style = self.style
        fill = _FACE_FILL.get(style, (252, 251, 247))
        edge = _FACE_EDGE.get(style, (150, 150, 150))
        s = self._blank(fill, edge)
        W, H = s.get_size()
        color = SUIT_COLOURS[style][card.suit]
        rank = RANK_TEXT[card.rank]
        suit = SUIT_GLYPH[card.suit]
        large = style == "large-print"

        # corner indices (top-left, and the same turned round at bottom-right)
        rank_h = round(H * (0.29 if self.big_index else 0.2 if large else 0.135))
        suit_h = round(H * (0.2 if self.big_index else 0.15 if large else 0.105))
        max_w = round(W * (0.36 if self.big_index else 0.3 if large else 0.2))
        r_img = glyph(rank, rank_h, color, "bold", max_width=max_w)
        s_img = glyph(suit, suit_h, color)
        cx = round(W * (0.05 if large else 0.035)) + max(r_img.get_width(), s_img.get_width()) // 2
        cx = max(cx, round(W * 0.12))
        top = round(H * 0.045)
        corner = pygame.Surface((W, H), pygame.SRCALPHA)
        corner.blit(r_img, (cx - r_img.get_width() // 2, top))
        corner.blit(s_img, (cx - s_img.get_width() // 2, top + rank_h + round(H * 0.025)))
        s.blit(corner, (0, 0))
        s.blit(pygame.transform.rotate(corner, 180), (0, 0))

        if large:
            self._draw_large_centre(s, card, color)
        elif card.rank <= 8:
            self._draw_pips(s, card.rank + 2, suit, color)
        elif card.rank == 12:
            self._draw_ace(s, card, color)
        else:
            self._draw_court(s, card, color)
        return self._finish(s)

    def _draw_pips(self, s: pygame.Surface, n: int, suit: str, color: theme.Color) -> None:
        W, H = s.get_size()
        x0, x1 = W * 0.345, W * 0.655
        y0, y1 = H * 0.2, H * 0.8
        pip_h = round(H * (0.12 if n <= 8 else 0.108))
        pip = glyph(suit, pip_h, color)
        flipped = pygame.transform.rotate(pip, 180)
        if n <= 3:
            x0 = x1 = W * 0.5
        for px, py in _PIPS[n]:
            x = x0 + (x1 - x0) * px
            y = y0 + (y1 - y0) * py
            img = flipped if py > 0.5 else pip
            s.blit(img, (round(x - img.get_width() / 2), round(y - img.get_height() / 2)))

    def _draw_ace(self, s: pygame.Surface, card: Card, color: theme.Color) -> None:
        W, H = s.get_size()
        big = glyph(SUIT_GLYPH[card.suit], round(H * (0.34 if card.suit == 3 else 0.3)), color)
        rect = big.get_rect(center=(W // 2, H // 2))
        if card.suit == 3 and self.style != "dark":
            # the ace of spades gets a ring, as on printed decks
            pygame.draw.circle(s, _tint(color, 0.18), rect.center, round(W * 0.36))
            pygame.draw.circle(s, color, rect.center, round(W * 0.36), width=max(1, SS))
        s.blit(big, rect)

    def _draw_large_centre(self, s: pygame.Surface, card: Card, color: theme.Color) -> None:
        W, H = s.get_size()
        big = glyph(SUIT_GLYPH[card.suit], round(H * 0.36), color)
        s.blit(big, big.get_rect(center=(round(W * 0.58), round(H * 0.6))))
        if card.rank >= 9:
            inner = glyph(RANK_TEXT[card.rank], round(H * 0.16),
                          _FACE_FILL.get(self.style, (252, 251, 247)), "serif")
            s.blit(inner, inner.get_rect(center=(round(W * 0.58), round(H * 0.62))))

    def _draw_court(self, s: pygame.Surface, card: Card, color: theme.Color) -> None:
        """J, Q, K: a framed double-ended design with a crown (or cap), letter and suit."""
        W, H = s.get_size()
        dark = self.style == "dark"
        frame = pygame.Rect(round(W * 0.2), round(H * 0.13), round(W * 0.6), round(H * 0.74))
        panel_fill = _tint(color, 0.22 if dark else 0.1, base=_FACE_FILL.get(self.style, (255, 255, 255)))
        pygame.draw.rect(s, panel_fill, frame, border_radius=SS * 3)
        half = pygame.Surface((frame.width, frame.height // 2), pygame.SRCALPHA)
        hw, hh = half.get_size()
        gold = (214, 168, 60)
        # crown or cap
        cy = round(hh * 0.32)
        cw = round(hw * 0.62)
        left = (hw - cw) // 2
        if card.rank == 11:        # king: three-pointed crown with jewels
            pts = [(left, cy + hh * 0.16), (left, cy - hh * 0.02), (left + cw * 0.2, cy + hh * 0.06),
                   (left + cw * 0.5, cy - hh * 0.16), (left + cw * 0.8, cy + hh * 0.06),
                   (left + cw, cy - hh * 0.02), (left + cw, cy + hh * 0.16)]
            pygame.draw.polygon(half, gold, pts)
            pygame.draw.polygon(half, _tint(gold, 1.0, (90, 60, 10)), pts, width=SS)
            for jx in (0.25, 0.5, 0.75):
                pygame.draw.circle(half, color, (round(left + cw * jx), round(cy + hh * 0.1)),
                                   max(2, round(hw * 0.035)))
        elif card.rank == 10:      # queen: a tiara of five round points
            base_y = cy + hh * 0.14
            pygame.draw.rect(half, gold, (left, round(base_y - hh * 0.06), cw, round(hh * 0.07)))
            for i in range(5):
                x = left + cw * (0.1 + 0.2 * i)
                top = base_y - hh * (0.16 if i == 2 else 0.12)
                pygame.draw.line(half, gold, (x, base_y - hh * 0.04), (x, top), max(2, SS * 2))
                pygame.draw.circle(half, gold, (round(x), round(top)), max(2, round(hw * 0.04)))
            pygame.draw.circle(half, color, (round(left + cw * 0.5), round(base_y - hh * 0.03)),
                               max(2, round(hw * 0.03)))
        else:                      # jack: a domed cap on a gold band, with a feather
            base_y = cy + hh * 0.12
            cx0, rx, ry = left + cw * 0.5, cw * 0.34, hh * 0.2
            dome = [(cx0 + rx * math.cos(a), base_y - ry * math.sin(a))
                    for a in (math.pi * i / 24 for i in range(25))]
            pygame.draw.polygon(half, color, dome)
            band = pygame.Rect(round(cx0 - rx - SS * 2), round(base_y - hh * 0.02), round(2 * rx + SS * 4),
                               round(hh * 0.07))
            pygame.draw.rect(half, gold, band, border_radius=SS * 2)
            # a feather: a slim leaf sweeping up and back from the cap's side
            fx, fy = cx0 + rx * 0.55, base_y - ry * 0.75
            spine = [(fx + cw * 0.32 * t, fy - hh * 0.26 * math.sin(t * 2.2)) for t in
                     (i / 10 for i in range(11))]
            width = [hh * 0.045 * math.sin(math.pi * i / 10) for i in range(11)]
            leaf = [(x, y - w) for (x, y), w in zip(spine, width)] + \
                   [(x, y + w) for (x, y), w in reversed(list(zip(spine, width)))]
            pygame.draw.polygon(half, gold, leaf)
            pygame.draw.lines(half, _tint(gold, 1.0, (120, 80, 10)), False, spine, max(1, SS))
        letter = glyph(RANK_TEXT[card.rank], round(hh * 0.38), color, "serif")
        suit = glyph(SUIT_GLYPH[card.suit], round(hh * 0.26), color)
        gap = round(hw * 0.06)
        total = letter.get_width() + gap + suit.get_width()
        lx = (hw - total) // 2
        ly = round(hh * 0.56)
        half.blit(letter, (lx, ly))
        half.blit(suit, (lx + letter.get_width() + gap, ly + letter.get_height() - suit.get_height()))
        s.blit(half, frame.topleft)
        s.blit(pygame.transform.rotate(half, 180), (frame.x, frame.y + frame.height - hh))
        pygame.draw.line(s, _tint(color, 0.5, base=panel_fill), (frame.x + SS * 4, frame.centery),
                         (frame.right - SS * 4, frame.centery), SS)
        pygame.draw.rect(s, color, frame, width=SS, border_radius=SS * 3)

    def _draw_back(self) -> pygame.Surface:
        s = self._blank((250, 250, 250), (150, 150, 150))
        W, H = s.get_size()
        dark, light = _BACK_COLOURS[self.back_name]
        m = round(W * 0.07)
        inner = pygame.Rect(m, m, W - 2 * m, H - 2 * m)
        pat = pygame.Surface(inner.size, pygame.SRCALPHA)
        pat.fill((*dark, 255))
        iw, ih = inner.size
        name = self.back_name
        lw = max(1, SS)
        if name in ("blue", "red"):
            step = max(6, round(W * 0.09))
            for x in range(-ih, iw + ih, step):
                pygame.draw.line(pat, light, (x, 0), (x + ih, ih), lw)
                pygame.draw.line(pat, light, (x + ih, 0), (x, ih), lw)
            pygame.draw.rect(pat, (*dark, 255), pat.get_rect().inflate(-iw * 0.3, -ih * 0.3),
                             border_radius=round(W * 0.08))
            emblem = glyph("♥", round(ih * 0.16), light)
            pat.blit(emblem, emblem.get_rect(center=(iw // 2, ih // 2)))
            pygame.draw.rect(pat, light, pat.get_rect().inflate(-iw * 0.3, -ih * 0.3),
                             width=lw, border_radius=round(W * 0.08))
        elif name == "green":
            step = max(6, round(W * 0.11))
            r = max(2, step // 3)
            for row, y in enumerate(range(0, ih + step, step)):
                for x in range(-step, iw + step, step):
                    xx = x + (step // 2 if row % 2 else 0)
                    pygame.draw.circle(pat, light, (xx, y), r)
                    pygame.draw.circle(pat, dark, (xx, y), max(1, r // 2))
        elif name == "hearts":
            step = max(8, round(W * 0.16))
            heart = glyph("♥", round(step * 0.55), light)
            for row, y in enumerate(range(step // 2, ih + step, step)):
                for x in range(step // 2, iw + step, step):
                    xx = x + (step // 2 if row % 2 else 0)
                    pat.blit(heart, heart.get_rect(center=(xx, y)))
        else:  # gold: stripes and a ring of the four suits
            step = max(6, round(W * 0.07))
            for x in range(-ih, iw + ih, step):
                pygame.draw.line(pat, _tint(light, 0.35, base=dark), (x, 0), (x + ih, ih), lw)
            c = (iw // 2, ih // 2)
            rad = round(iw * 0.33)
            pygame.draw.circle(pat, dark, c, rad)
            pygame.draw.circle(pat, light, c, rad, width=lw * 2)
            for i, g in enumerate("♠♥♣♦"):
                img = glyph(g, round(rad * 0.42), light)
                off = ((0, -1), (1, 0), (0, 1), (-1, 0))[i]
                pat.blit(img, img.get_rect(center=(c[0] + off[0] * rad * 0.5, c[1] + off[1] * rad * 0.5)))
        pat.blit(_round_mask(inner.size, round(W * 0.05)), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        s.blit(pat, inner.topleft)
        pygame.draw.rect(s, light if name != "gold" else (212, 172, 84), inner, width=lw,
                         border_radius=round(W * 0.05))
        return self._finish(s)


    @property
    def index_px(self) -> int:
        """The height of a corner's rank on screen, in pixels."""
        share = 0.29 if self.big_index else 0.2 if self.style == "large-print" else 0.135
        return round(self.height * share)


@lru_cache(maxsize=16)
def card_art(width: int, style: str = "classic", back: str = "blue",
             big_index: bool = False) -> CardArt:
    """The shared `CardArt` for a card width, deck style and back."""
    return CardArt(width, style, back, big_index)


def card_width_for(window: tuple[int, int]) -> int:
    """The hand's card width for a window size: big enough to read, 13 fit across."""
    w, h = window
    return max(36, min(round(w * 0.078), round(h * 0.125), 150))
