"""Where things go on the table screen, computed once per window size."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from . import cards as cardart


@dataclass(frozen=True)
class Layout:
    """The table's geometry for one window size (``u``: the scale against 1280x800).

    Screen positions: 0 bottom (you), 1 left, 2 top, 3 right.
    """

    size: tuple[int, int]
    u: float
    cw: int                                 # card width (height: ``ch``)
    ch: int
    margin: int
    centre: tuple[int, int]                 # the middle of the trick
    plate: tuple[int, int]                  # a name plate's size
    plates: dict[int, pygame.Rect]          # each position's name plate
    slots: dict[int, tuple[int, int]]       # each position's card in the trick (centre)
    hand_y: int                             # top of your hand
    lift: int                               # how far a chosen card rises
    small_w: int                            # width of the opponents' small cards
    status_y: int                           # the status line above your hand

    @classmethod
    def for_size(cls, size: tuple[int, int], ui_scale: float = 1.0) -> "Layout":
        """``ui_scale`` (the setting) grows or shrinks plates, panels and text, not the cards;
        it is held to what the window has room for."""
        size = (max(320, size[0]), max(240, size[1]))
        W, H = size
        base = max(0.5, min(W / 1280, H / 800))
        u = base * min(max(0.8, ui_scale), 1.3 if base < 0.9 else 1.5)
        cw = cardart.card_width_for(size)
        ch = round(cw * cardart.CARD_RATIO)
        margin = round(14 * u)
        pw, ph = max(round(248 * u), 176), max(round(62 * u), 48)   # a name of 24 and (you)
        cx, cy = W // 2, round(H * 0.41)
        hand_y = H - ch - round(18 * u)
        lift = round(ch * 0.2)
        # the trick as a cross: left and right clear of the middle column, the top card's
        # index above the bottom card, so every card's corner reads
        dx, dy = round(cw * 1.08), round(ch * 0.37)
        return cls(
            size=size, u=u, cw=cw, ch=ch, margin=margin, centre=(cx, cy), plate=(pw, ph),
            plates={0: pygame.Rect(margin, H - margin - ph, pw, ph),
                    1: pygame.Rect(margin, round(H * 0.30), pw, ph),
                    2: pygame.Rect(cx - pw // 2, margin, pw, ph),
                    3: pygame.Rect(W - margin - pw, round(H * 0.30), pw, ph)},
            slots={0: (cx, cy + dy), 1: (cx - dx, cy), 2: (cx, cy - dy), 3: (cx + dx, cy)},
            hand_y=hand_y, lift=lift, small_w=max(24, round(cw * 0.5)),
            status_y=hand_y - lift - round(34 * u))

    @property
    def trick_rect(self) -> pygame.Rect:
        """The box the four cards of a trick fill."""
        r = pygame.Rect(0, 0, self.slots[3][0] - self.slots[1][0] + self.cw,
                        self.slots[0][1] - self.slots[2][1] + self.ch)
        r.center = self.centre
        return r

    def fan_centre(self, rel: int, plate: pygame.Rect | None = None) -> tuple[int, int]:
        """The centre of the small face-down fan of the player at screen position ``rel``
        (beside ``plate``, where it is not the layout's own)."""
        p = self.plates[rel] if plate is None else plate
        gap = round(10 * self.u)
        sh = round(self.small_w * cardart.CARD_RATIO)
        if rel == 1:
            return (p.right + gap + sh // 2, p.centery)
        if rel == 3:
            return (p.left - gap - sh // 2, p.centery)
        if rel == 0:
            return (self.size[0] // 2, self.size[1] - self.margin - sh // 2)
        return (p.centerx, p.bottom + gap + sh // 2)


__all__ = ["Layout"]
