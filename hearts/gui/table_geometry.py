"""Where things are on the table screen now: the card art, your hand's cards, the trick's
places, the small scoreboard; and what a point on the screen hits.

`Layout` (table_layout.py) holds what depends only on the window size; `TableGeometry`
adds what depends on the state too (the hand's cards, lifted when legal or chosen, the
scoreboard where the player dragged it), for the painter, the motions and the input.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Protocol

import pygame

from hearts.engine import CARDS, Card
from hearts.i18n import N_, _

from . import cards as cardart
from . import theme
from .table_draw import name_lines, whole_lines
from .table_text import MIN_TEXT, button_width, line_height
from .table_layout import Layout

# every label the toolbar may show (gui/table_controls.py): it is as wide as the widest
TOOLBAR_LABELS = (N_("Scores  (Tab)"), N_("Last trick  (L)"), N_("Hint  (Ctrl-H)"),
                  N_("Undo  (Ctrl-U)"), N_("Hide hands  (Ctrl-R)"), N_("Show hands  (Ctrl-R)"),
                  N_("Chat  (F2)"))

if TYPE_CHECKING:
    from .table_looks import TableLooks
    from .table_model import TableModel

Point = tuple[float, float]


class SheetRects(Protocol):
    """Where a hand's summary and the final sheet stand (`SheetPainter`): given to the
    parts made before the sheets once they are (`TableScreen` wires them)."""

    def summary_rect(self) -> pygame.Rect: ...

    def over_rect(self) -> pygame.Rect: ...


class TableGeometry:
    """The table's places for the current window, card style and state."""

    def __init__(self, model: "TableModel", looks: "TableLooks", size: tuple[int, int]) -> None:
        self.model = model
        self.looks = looks
        self.sheets: SheetRects | None = None     # given once the sheets are built
        # a seat's status under its name on its plate ("choosing cards…"): the painter's,
        # given once it is built
        self.status: Callable[[int], str] = lambda seat: ""
        self.layout = Layout.for_size(size, looks.ui_scale())
        self.ui = looks.ui_scale()
        self._cold: list[Card] = list(CARDS)       # faces not drawn yet

    @property
    def size(self) -> tuple[int, int]:
        return self.layout.size

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out for ``size`` at the text-size setting. The card faces a frame needs are
        drawn when it needs them; `warm` draws the others a few a frame (all at once
        is ~50 ms: no frame waits for it, the first one least)."""
        self.ui = self.looks.ui_scale()
        self.layout = Layout.for_size(size, self.ui)
        self._cold = list(CARDS)

    def warm(self, n: int = 4) -> None:
        """Draw ``n`` more card faces ahead of need (none are left after 13 frames)."""
        art = self.art
        if self._cold:
            art.back()
            art.shadow()
            self.small_art.back()
        for card in self._cold[:n]:
            art.face(card)
        del self._cold[:n]

    def stale(self, size: tuple[int, int]) -> bool:
        """The window or the text size changed since the last layout."""
        return size != self.size or self.ui != self.looks.ui_scale()

    @property
    def art(self) -> cardart.CardArt:
        setting = self.looks.setting
        return cardart.card_art(self.layout.cw, setting("deck", "classic"),
                                setting("card_back", "blue"))

    @property
    def small_art(self) -> cardart.CardArt:
        setting = self.looks.setting
        return cardart.card_art(self.layout.small_w, setting("deck", "classic"),
                                setting("card_back", "blue"))

    @property
    def open_art(self) -> cardart.CardArt:
        """The small cards of hands shown face up (a demo, open hands, a hand ended early):
        big corner indices, so each overlapped card reads."""
        setting = self.looks.setting
        return cardart.card_art(self.layout.small_w, setting("deck", "classic"),
                                setting("card_back", "blue"), big_index=True)

    def open_rows(self, rel: int, n: int) -> list[pygame.Rect]:
        """Where the rows of a face-up hand of ``n`` cards go, for the seat at screen
        position ``rel`` (`open_step` apart): one row on
        top, two elsewhere; a side hand beside its plate when it clears the trick and a
        hand's summary, else under the plate (large text makes the plates wide)."""
        w, h = self.open_art.size
        step = self.open_step()
        counts = [n] if rel == 2 else [min(n, 7), n - min(n, 7)]
        gap = round(10 * self.layout.u)
        plate = self.plate(rel)
        cx, cy = self.fan_centre(rel)
        top = cy - h // 2 if rel == 2 else cy - (h + round(h * 0.45)) // 2
        widest = step * (max(counts) - 1) + w
        if rel in (1, 3):
            middle = self.layout.trick_rect
            if self.model.summary is not None and self.sheets is not None:   # its cards left show around it
                middle = middle.union(self.sheets.summary_rect())
            room = (middle.left - plate.right if rel == 1 else plate.left - middle.right) - 2 * gap
            if widest > room:                          # under the plate instead
                top = plate.bottom + gap
        rows = []
        for i, count in enumerate(counts):
            if count <= 0:
                continue
            width = step * (count - 1) + w
            if rel == 1:
                x = plate.right + gap if top != plate.bottom + gap else plate.left
            elif rel == 3:
                x = plate.left - gap - width if top != plate.bottom + gap else plate.right - width
            else:
                x = cx - width // 2
            rows.append(pygame.Rect(x, top + i * round(h * 0.45), width, h))
        return rows

    def open_step(self) -> int:
        """How far apart the cards of a face-up hand are (their index shows between)."""
        return max(6, round(self.open_art.width * 0.42))

    # -- plates ---------------------------------------------------------------------------------
    def plate(self, rel: int) -> pygame.Rect:
        """The name plate at screen position ``rel``: the layout's, taller when its name
        takes more lines than that holds (grown away from the window's edge)."""
        base = self.layout.plates[rel]
        seat = (self.model.me + rel) % 4
        lines, size, _width = self.plate_name(seat)
        status, status_size = self.plate_status(seat)
        u = self.layout.u
        f = theme.font(size, "bold")
        need = (f.get_height() * len(lines) - 2 * (len(lines) - 1)
                + theme.font(status_size).get_linesize() * len(status)
                + 2 * max(2, round(5 * u)))
        if need <= base.height:
            return base
        r = pygame.Rect(base.x, base.y, base.width, need)
        if rel == 0:
            r.bottom = base.bottom
        elif rel in (1, 3):
            r.centery = base.centery
        return r

    def fan_centre(self, rel: int) -> tuple[int, int]:
        """The centre of the small face-down fan of the seat at screen position ``rel``."""
        return self.layout.fan_centre(rel, self.plate(rel))

    def avatar_size(self) -> int:
        """A plate's avatar's diameter (the same on a plate grown for a long name)."""
        return round(self.layout.plate[1] * 0.7)

    def plate_total(self, seat: int) -> int:
        """The total on ``seat``'s plate: the table's, or the view's before a hand is scored."""
        info, v = self.model.info, self.model.view
        return (info.totals if any(info.totals) or v is None else v.totals)[seat]

    def plate_name(self, seat: int) -> tuple[list[str], int, int]:
        """``seat``'s name on its plate ("(you)" with it): its lines, their size and the
        width they have beside the avatar and the total."""
        m = self.model
        u = self.layout.u
        total = str(m.info.display_total(self.plate_total(seat)))
        total_w = theme.font(max(MIN_TEXT, round(22 * u)), "bold").size(total)[0]
        width = self.layout.plate[0] - round(34 * u) - self.avatar_size() - total_w
        you = seat == m.me and not m.watching and bool(m.info.seats[seat].name)
        lines, size = name_lines(m.info.seat_name(seat), you, round(17 * u), width)
        return lines, size, width

    def plate_status(self, seat: int) -> tuple[list[str], int]:
        """``seat``'s status under its name (`status`), whole in the name's width: its
        lines and their size (smaller, then on two lines, as a name)."""
        u = self.layout.u
        _lines, _size, width = self.plate_name(seat)
        line = self.status(seat)
        if not line:
            return [""], max(MIN_TEXT, round(13 * u))
        return whole_lines(line, round(13 * u), width, "sans")

    # -- places of cards ------------------------------------------------------------------------
    def slot_topleft(self, seat: int) -> Point:
        """Where ``seat``'s card of the trick lies (its top left corner)."""
        x, y = self.layout.slots[self.model.rel(seat)]
        w, h = self.art.size
        return (x - w / 2, y - h / 2)

    def seat_centre(self, seat: int) -> Point:
        model = self.model
        r = model.rel(seat)
        if r == 0:
            if model.watching:
                return self.fan_centre(0)
            return (self.size[0] / 2, self.layout.hand_y + self.art.height / 2)
        return self.plate(r).center

    def origin(self, seat: int, card: Card) -> Point:
        """Where a played card starts: its place in your hand, else its player's cards."""
        model = self.model
        w, h = self.art.size
        if seat == model.me and not model.watching:
            for c, r in self.hand_layout():
                if c is card:
                    return r.topleft
        rel = model.rel(seat)
        x, y = self.fan_centre(rel) if rel or model.watching else self.seat_centre(seat)
        return (x - w / 2, y - h / 2)

    def collect_target(self, seat: int) -> Point:
        """Where a finished trick is swept to: its winner."""
        x, y = self.seat_centre(seat)
        w, h = self.art.size
        return (x - w / 2, y - h / 2)

    def hand_layout(self) -> list[tuple[Card, pygame.Rect]]:
        """Each card of your hand and where it is drawn (lifted when legal or selected)."""
        model = self.model
        cards = model.hand_cards
        n = len(cards)
        if not n:
            return []
        W, _ = self.size
        w, h = self.art.size
        # as wide as 60% of the window, clear of your plate and the played cards (left)
        # and of the toolbar (right)
        left = self.plate(0).right
        if model.reveal and model.view is not None and model.view.others is not None:
            left = max(left, self.played_rect().right)
        side = max(left, self.toolbar_width() + self.layout.margin)
        span = min(W * 0.6, 2 * (W / 2 - side - round(10 * self.layout.u)))
        step = min(w * 0.64, (span - w) / max(1, n - 1))
        total = step * (n - 1) + w
        x0 = (W - total) / 2
        y = self.layout.hand_y
        lift = self.layout.lift
        v = model.view
        legal = v.legal if v is not None and model.my_turn_to_play else ()
        chosen = set(model.selected) | set(model.pass_sent)
        out = []
        for i, c in enumerate(cards):
            dy = 0
            if c in chosen or c is model.pending:
                dy = lift
            elif c in legal:
                dy = lift // 2
            if c is model.hover_card and dy != lift and model.card_enabled(c):
                dy += max(3, lift // 4)
            out.append((c, pygame.Rect(round(x0 + i * step), y - dy, w, h)))
        return out

    def card_at(self, pos: tuple[int, int]) -> Card | None:
        """The card of your hand under ``pos`` (the topmost)."""
        for c, r in reversed(self.hand_layout()):
            # a card's visible area includes the gap below it when lifted
            hit = r.copy()
            hit.height += self.layout.hand_y - r.y
            if hit.collidepoint(pos):
                return c
        return None

    # -- panels ----------------------------------------------------------------------------------
    def toolbar_width(self) -> int:
        """The toolbar's buttons: wide enough for the longest label, whole."""
        u = self.layout.u
        return max(round(196 * u), *(button_width(_(label), round(38 * u))
                                     for label in TOOLBAR_LABELS))

    def side_w(self) -> int:
        """The width of the corner panels (table facts, small scoreboard)."""
        return max(round(262 * self.layout.u), 190)

    def row_h(self, size: int) -> int:
        """A row's height for text of ``size`` (at this scale, never under the minimum)."""
        return line_height(size, self.layout.u) + round(6 * self.layout.u)

    def played_row(self) -> int:
        """A row of the played-cards list: one suit's thirteen ranks."""
        return max(round(19 * self.layout.u), line_height(13, self.layout.u) + 4)

    def played_rect(self) -> pygame.Rect:
        """The played-cards list of open-hands tables, above your plate: wide enough for
        thirteen ranks with room between them."""
        u = self.layout.u
        rank = theme.font(max(MIN_TEXT, round(13 * u)), "bold").size("Q")[0]
        symbol = theme.font(max(MIN_TEXT, round(13 * u))).size("♠")[0]
        width = max(self.side_w(),
                    round(24 * u) + symbol + 13 * (rank + max(4, round(5 * u))))
        height = line_height(13, u) + round(12 * u) + 4 * self.played_row()
        r = pygame.Rect(self.layout.margin, 0, width, height)
        r.bottom = self.plate(0).top - round(16 * u)
        return r

    def scores_width(self) -> int:
        """The small scoreboard's width: the corner panels', wider (up to the plate across)
        while a name would take more than two lines."""
        w = self.side_w()
        if max(len(lines) for lines, _size, _row in self.score_names(w)) <= 2:
            return w
        return max(w, self.size[0] - self.layout.margin - self.plate(2).right
                   - round(12 * self.layout.u))

    def score_names(self, panel_w: int) -> list[tuple[list[str], int, int]]:
        """The small scoreboard's names in a panel ``panel_w`` wide, each whole
        (`whole_lines`, your own in bold): their lines, their size and their row's height."""
        u = self.layout.u
        m = self.model
        total_w = theme.font(max(MIN_TEXT, round(12 * u))).size(_("total"))[0]
        width = panel_w - round(68 * u) - max(round(56 * u), total_w + round(14 * u))
        out = []
        for s in range(4):
            face = "bold" if s == m.me and not m.watching else "sans"
            lines, size = whole_lines(m.info.player_name(s), round(15 * u), width, face)
            tall = len(lines) * theme.font(size, face).get_linesize() + round(6 * u)
            out.append((lines, size, max(self.row_h(15), tall)))
        return out

    def mini_scores_rect(self) -> pygame.Rect:
        """The small scoreboard: top right, unless the player dragged it elsewhere
        (kept as a fraction of the window, so it stays put when the window resizes)."""
        u = self.layout.u
        w = self.scores_width()
        h = round(40 * u) + sum(row for _l, _s, row in self.score_names(w))
        W, H = self.size
        scores_at = self.model.scores_at
        if scores_at is None:
            return pygame.Rect(W - self.layout.margin - w, self.layout.margin, w, h)
        fx, fy = scores_at
        r = pygame.Rect(round(fx * (W - w)), round(fy * (H - h)), w, h)
        return r.clamp(pygame.Rect(0, 0, W, H))


__all__ = ["SheetRects", "TableGeometry"]
