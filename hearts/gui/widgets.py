"""Small widgets for the menu, lobby, dialogs and console: buttons, text entry, lists,
choices; a `Form` moves keyboard focus between them (Tab, arrows, Enter, Escape).

Own widgets rather than pygame-gui: they draw in a few calls, cost nothing while idle,
scale with the window and behave the same headless.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Any, Callable, Sequence

import pygame

from hearts.engine.rule_options import on_off
from hearts.i18n import pgettext
from hearts.net.names import graphemes, head, visible
from hearts.resources import asset

from .glyphs import Font

# -- look -----------------------------------------------------------------------------
# The same palette as the table (hearts.gui.theme): cream buttons, dark translucent panels.
BG = (18, 58, 38)            # felt green behind menus
PANEL = (12, 26, 19)
PANEL_EDGE = (120, 150, 130)
TEXT = (244, 240, 228)
DIM = (180, 192, 182)
ACCENT = (255, 204, 77)      # gold: keyboard focus (and titles); nothing else is drawn in it
DEFAULT_EDGE = (92, 74, 44)  # the dark edge of a primary (default) button: not a focus look
BUTTON = (246, 232, 196)
BUTTON_HOVER = (255, 244, 214)
BUTTON_DOWN = (222, 206, 166)
BUTTON_TEXT = (40, 34, 24)
DISABLED = (156, 160, 150)   # with BUTTON_TEXT: 5.9:1, as WCAG AA asks
RED = (255, 110, 100)
FIELD = (6, 14, 10)
SELECT = (46, 104, 70)
MIN_TEXT = 12                # no text smaller than this, whatever the window size
Colour = tuple[int, int, int]

_FONTS = asset("fonts")
_FONT_CANDIDATES = (
    _FONTS / "DejaVuSans.ttf",
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
)
_BOLD_CANDIDATES = (
    _FONTS / "DejaVuSans-Bold.ttf",
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
)
_MONO_CANDIDATES = (
    _FONTS / "DejaVuSansMono.ttf",
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"),
)


def _first_existing(paths: Sequence[Path]) -> str | None:
    for p in paths:
        if p.is_file():
            return str(p)
    return None


@functools.lru_cache(maxsize=64)
def font(size: int, bold: bool = False, mono: bool = False) -> pygame.font.Font:
    """A font with the card-suit glyphs (DejaVu, shipped or system), cached by size."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = _first_existing(_MONO_CANDIDATES if mono else _BOLD_CANDIDATES if bold
                           else _FONT_CANDIDATES)
    if path is None and bold:
        path = _first_existing(_FONT_CANDIDATES)
    f = Font(path, max(MIN_TEXT, int(size))) if path is not None \
        else pygame.font.Font(None, max(MIN_TEXT, int(size)))
    if bold and path is not None and "Bold" not in os.path.basename(path):
        f.set_bold(True)
    return f


def text(surface: pygame.Surface, s: str, pos: tuple[int, int], size: int, colour: Colour = TEXT,
         bold: bool = False, anchor: str = "topleft", mono: bool = False) -> pygame.Rect:
    """Draw one line of text; ``anchor`` is a pygame.Rect attribute name."""
    img = font(size, bold, mono).render(s, True, colour)
    r = img.get_rect(**{anchor: pos})
    surface.blit(img, r)
    return r


def fit(s: str, f: pygame.font.Font, width: int) -> str:
    """``s`` cut with an ellipsis to fit ``width`` pixels."""
    if f.size(s)[0] <= width:
        return s
    letters = graphemes(s)
    while letters and f.size("".join(letters) + "…")[0] > width:
        letters.pop()
    return "".join(letters).rstrip() + "…"


def label_need(widget: "Widget") -> int:
    """The width a button's label needs to read whole at the smallest text size (0 for a
    widget without a label)."""
    label = getattr(widget, "label", "")
    return font(MIN_TEXT, bool(getattr(widget, "primary", False))).size(label)[0] + 16 \
        if label else 0


def row_widths(widgets: Sequence["Widget"], room: int, widest: int | None = None) -> list[int]:
    """Widths for ``widgets`` side by side in ``room`` pixels (gaps taken out already): as
    even as they can be (each at most ``widest``), a label that needs more gets what it
    needs (so a long language's label stays whole) and the others share the rest."""
    n = len(widgets)
    if not n:
        return []
    need = [label_need(x) for x in widgets]
    fixed: dict[int, int] = {}
    while True:
        free = [i for i in range(n) if i not in fixed]
        if not free:
            break
        share = (room - sum(fixed.values())) // len(free)
        if widest is not None:
            share = min(share, widest)
        wanting = [i for i in free if need[i] > share]
        if not wanting:
            return [fixed.get(i, share) for i in range(n)]
        for i in wanting:
            fixed[i] = need[i]
    if sum(fixed.values()) > room:           # nothing fits whole: shrink in proportion
        total = sum(fixed.values())
        return [max(1, fixed[i] * room // total) for i in range(n)]
    return [fixed[i] for i in range(n)]


def fitting_size(s: str, size: int, width: int, bold: bool = False) -> int:
    """``size``, or a smaller one (not under MIN_TEXT) at which ``s`` fits ``width``."""
    while size > MIN_TEXT and font(size, bold).size(s)[0] > width:
        size -= 1
    return size


def wrap(s: str, f: pygame.font.Font, width: int) -> list[str]:
    """Break ``s`` into lines of at most ``width`` pixels (words kept whole when they fit)."""
    out: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = word if not line else line + " " + word
            if f.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                out.append(line)
            letters = graphemes(word)        # a word too long: broken between its letters
            while len(letters) > 1 and f.size(word)[0] > width:
                cut = len(letters)
                while cut > 1 and f.size("".join(letters[:cut]))[0] > width:
                    cut -= 1
                out.append("".join(letters[:cut]))
                letters = letters[cut:]
                word = "".join(letters)
            line = word
        out.append(line)
    return out


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 235,
          colour: Colour = PANEL, edge: Colour = PANEL_EDGE, radius: int = 10) -> None:
    """A rounded, slightly transparent panel."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*colour, alpha), layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, (*edge, 255), layer.get_rect(), 1, border_radius=radius)
    surface.blit(layer, rect)


def is_activate(event: pygame.event.Event) -> bool:
    return event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_SPACE)


# -- widgets ------------------------------------------------------------------------------
class Widget:
    """A rectangle that can take focus, handle events and draw itself."""

    focusable = True

    def __init__(self, rect: pygame.Rect | None = None, enabled: bool = True) -> None:
        self.rect = pygame.Rect(rect or (0, 0, 10, 10))
        self.enabled = enabled
        self.focused = False
        self.visible = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was used."""
        return False

    def on_focus(self) -> None:
        """The focus came here from elsewhere (a text field selects its text)."""

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def font_size(self) -> int:
        return max(12, int(self.rect.height * 0.45))

    def draw_field(self, surface: pygame.Surface) -> None:
        """The box a field draws its value in: dimmed when disabled, its edge gold with
        the focus."""
        pygame.draw.rect(surface, FIELD if self.enabled else PANEL, self.rect, border_radius=6)
        pygame.draw.rect(surface, ACCENT if self.focused else PANEL_EDGE, self.rect,
                         2 if self.focused else 1, border_radius=6)


class Label(Widget):
    focusable = False

    def __init__(self, text: str, rect: pygame.Rect | None = None, colour: Colour = TEXT,
                 bold: bool = False,
                 anchor: str = "midleft", size: int | None = None) -> None:
        super().__init__(rect)
        self.text, self.colour, self.bold, self.anchor, self.size = text, colour, bold, anchor, size

    def draw(self, surface: pygame.Surface) -> None:
        size = self.size or self.font_size()
        f = font(size, self.bold)
        s = fit(self.text, f, self.rect.width)
        text(surface, s, getattr(self.rect, self.anchor), size, self.colour, self.bold, self.anchor)


class Button(Widget):
    """A push button; Enter or Space when focused, or a click, calls ``on_click``."""

    def __init__(self, label: str, on_click: Callable[[], Any] | None = None,
                 rect: pygame.Rect | None = None,
                 enabled: bool = True, primary: bool = False) -> None:
        super().__init__(rect, enabled)
        self.label = label
        self.on_click = on_click
        self.primary = primary
        self.hover = False
        self.pressed = False

    def click(self) -> None:
        if self.enabled and self.on_click:
            self.on_click()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos):
                self.click()
                return True
        elif self.focused and is_activate(event):
            self.click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        colour = DISABLED if not self.enabled else BUTTON_DOWN if self.pressed \
            else BUTTON_HOVER if self.hover or self.focused else BUTTON
        shadow = self.rect.move(0, 3)
        pygame.draw.rect(surface, (6, 24, 14), shadow, border_radius=10)
        if self.focused:
            pygame.draw.rect(surface, ACCENT, self.rect.inflate(8, 8), border_radius=13)
        pygame.draw.rect(surface, colour, self.rect, border_radius=10)
        if self.primary and self.enabled:
            # one look for the focus (the gold ring), another for the default (bold, a dark
            # edge): a primary button beside the focused one never looks selected too
            pygame.draw.rect(surface, DEFAULT_EDGE, self.rect, 2, border_radius=10)
        size = fitting_size(self.label, self.font_size(), self.rect.width - 12, self.primary)
        f = font(size, self.primary)
        text(surface, fit(self.label, f, self.rect.width - 12), self.rect.center, size,
             BUTTON_TEXT, self.primary, "center")


class TextInput(Widget):
    """One line of editable text, as in any desktop toolkit: its text selected when the
    focus comes to it, Ctrl-A selects all, Shift with the arrows, Home and End selects,
    typing replaces the selection. Enter calls ``on_submit(text)``."""

    def __init__(self, value: str = "", rect: pygame.Rect | None = None, placeholder: str = "",
                 max_len: int = 200,
                 on_submit: Callable[[str], Any] | None = None,
                 on_change: Callable[[str], Any] | None = None,
                 allowed: Callable[[str], bool] | None = None, mono: bool = False) -> None:
        super().__init__(rect)
        self.value = value
        self.cursor = len(value)
        self.placeholder = placeholder
        self.max_len = max_len
        self.on_submit = on_submit
        self.on_change = on_change
        self.allowed = allowed
        self.mono = mono
        self.history: list[str] = []
        self._hist_pos = 0
        self.anchor: int | None = None      # the selection runs from here to the cursor

    def set(self, value: str) -> None:
        self.value = head(value, self.max_len)        # by graphemes: an emoji is one
        self.cursor = len(self.value)
        self.anchor = None

    def on_focus(self) -> None:
        self.select_all()

    def select_all(self) -> None:
        self.anchor, self.cursor = 0, len(self.value)

    @property
    def selection(self) -> tuple[int, int] | None:
        """The selected span (start, end), or None when nothing is selected."""
        n = len(self.value)
        if self.anchor is None or min(self.anchor, n) == min(self.cursor, n):
            return None
        a, b = sorted((min(self.anchor, n), min(self.cursor, n)))
        return a, b

    def _cut_selection(self) -> bool:
        span = self.selection
        self.anchor = None
        if span is None:
            return False
        self.value = self.value[: span[0]] + self.value[span[1]:]
        self.cursor = span[0]
        return True

    def _move(self, to: int, extend: bool) -> None:
        """Put the cursor at ``to``; with Shift the selection follows it."""
        if extend and self.anchor is None:
            self.anchor = self.cursor
        elif not extend:
            self.anchor = None
        self.cursor = max(0, min(len(self.value), to))

    def _changed(self) -> None:
        if self.on_change:
            self.on_change(self.value)

    def insert(self, s: str) -> None:
        s = visible(s)          # an emoji's joiners stay, other invisible characters go
        if self.allowed is not None:
            s = "".join(ch for ch in s if self.allowed(ch))
        if not s:
            return
        cut = self._cut_selection()
        s = head(s, self.max_len - len(graphemes(self.value)))
        if s:
            self.value = self.value[: self.cursor] + s + self.value[self.cursor:]
            self.cursor += len(s)
        if s or cut:
            self._changed()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible or not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.rect.collidepoint(event.pos)
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        k = event.key
        ctrl = event.mod & pygame.KMOD_CTRL
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if not self.on_submit:
                return False            # the form's default button takes it
            value = self.value
            kept = value.strip()
            if kept and (not self.history or self.history[-1] != kept):
                self.history.append(kept)
            self._hist_pos = len(self.history)
            self.on_submit(value)
            return True
        if k in (pygame.K_BACKSPACE, pygame.K_DELETE):
            if self._cut_selection():
                self._changed()
            elif k == pygame.K_BACKSPACE and self.cursor:
                self.value = self.value[: self.cursor - 1] + self.value[self.cursor:]
                self.cursor -= 1
                self._changed()
            elif k == pygame.K_DELETE and self.cursor < len(self.value):
                self.value = self.value[: self.cursor] + self.value[self.cursor + 1:]
                self._changed()
            return True
        if ctrl and k == pygame.K_a:
            self.select_all()
            return True
        moves = {pygame.K_LEFT: self.cursor - 1, pygame.K_RIGHT: self.cursor + 1,
                 pygame.K_HOME: 0, pygame.K_END: len(self.value)}
        if k in moves:
            span = self.selection
            if span is not None and not shift and k in (pygame.K_LEFT, pygame.K_RIGHT):
                self._move(span[0] if k == pygame.K_LEFT else span[1], False)
            else:
                self._move(moves[k], shift)
            return True
        if k == pygame.K_UP and self.history:
            self._hist_pos = max(0, self._hist_pos - 1)
            self.set(self.history[self._hist_pos])
            return True
        if k == pygame.K_DOWN and self.history:
            self._hist_pos = min(len(self.history), self._hist_pos + 1)
            self.set(self.history[self._hist_pos] if self._hist_pos < len(self.history) else "")
            return True
        if ctrl and k == pygame.K_v:
            try:
                pasted = pygame.scrap.get_text() if pygame.scrap.get_init() else ""
            except pygame.error:
                pasted = ""
            self.insert(pasted.replace("\n", " "))
            return True
        # Printable keys arrive as TEXTINPUT; swallow their KEYDOWN so shortcuts keyed on
        # letters do not fire while typing.
        return bool(event.unicode and event.unicode.isprintable() and not ctrl)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        self.draw_field(surface)
        size = self.font_size()
        f = font(size, mono=self.mono)
        inner = self.rect.inflate(-16, 0)
        shown = self.value or self.placeholder
        colour = TEXT if self.value and self.enabled else DIM
        # Scroll so the cursor stays visible.
        start = 0
        while start < self.cursor and f.size(self.value[start:self.cursor])[0] > inner.width - 4:
            start += 1
        if self.value:
            shown = self.value[start:]
        img = f.render(fit(shown, f, inner.width) if not self.value else shown, True, colour)
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        span = self.selection if self.focused else None
        if span is not None:
            x0 = inner.left + f.size(self.value[start:max(start, span[0])])[0]
            x1 = inner.left + f.size(self.value[start:span[1]])[0]
            pygame.draw.rect(surface, SELECT, (x0, inner.top + 5, x1 - x0 + 2, inner.height - 10))
        surface.blit(img, img.get_rect(midleft=inner.midleft))
        if self.focused:
            x = inner.left + f.size(self.value[start:self.cursor])[0]
            pygame.draw.line(surface, ACCENT, (x + 1, inner.top + 6), (x + 1, inner.bottom - 6), 2)
        surface.set_clip(clip)


class Choice(Widget):
    """A value picked from ``options`` by clicking the arrows, or Left/Right when focused.
    ``show`` words a value; ``short`` (if given) words it compactly where ``show``'s words
    would not fit whole (a narrow window, a language that says it longer)."""

    def __init__(self, options: Sequence[Any], value: Any, rect: pygame.Rect | None = None,
                 on_change: Callable[[Any], Any] | None = None,
                 show: Callable[[Any], str] = str, enabled: bool = True,
                 short: Callable[[Any], str] | None = None) -> None:
        super().__init__(rect, enabled)
        self.options = list(options)
        self.value = value if value in self.options else self.options[0]
        self.on_change = on_change
        self.show = show
        self.short = short

    def step(self, d: int) -> None:
        if not self.enabled:
            return
        i = self.options.index(self.value) if self.value in self.options else 0
        self.value = self.options[(i + d) % len(self.options)]
        if self.on_change:
            self.on_change(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) \
                and self.rect.collidepoint(event.pos):
            left_half = event.pos[0] < self.rect.left + self.rect.height
            self.step(-1 if left_half or event.button == 3 else 1)
            return True
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.step(-1 if event.y > 0 else 1)
            return True
        if self.focused and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_LEFT:
                self.step(-1)
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
                self.step(1)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        self.draw_field(surface)
        size = self.font_size()
        colour = TEXT if self.enabled else DIM
        if self.enabled:
            text(surface, "◀", (self.rect.left + 8, self.rect.centery), size, DIM, anchor="midleft")
            text(surface, "▶", (self.rect.right - 8, self.rect.centery), size, DIM,
                 anchor="midright")
        words = self.show(self.value)
        room = self.rect.width - 2 * size - 16
        lines = [words]
        if font(MIN_TEXT).size(words)[0] > room:        # on two lines, if they fit
            two = wrap(words, font(MIN_TEXT), room)
            if len(two) == 2 and 2 * font(MIN_TEXT).get_height() <= self.rect.height + 6:
                lines = two
            elif self.short is not None:
                lines = [self.short(self.value)]
        small = min(fitting_size(line, size, room) for line in lines)
        if len(lines) == 2:
            small = max(MIN_TEXT, min(small, self.rect.height // 2 * 4 // 5))
        step = min(font(small).get_linesize(), self.rect.height // 2 + 1)
        top = self.rect.centery - step * (len(lines) - 1) // 2
        for i, line in enumerate(lines):
            text(surface, fit(line, font(small), room), (self.rect.centerx, top + i * step),
                 small, colour, anchor="center")


class Toggle(Choice):
    """On/off."""

    def __init__(self, value: bool, rect: pygame.Rect | None = None,
                 on_change: Callable[[Any], Any] | None = None, enabled: bool = True) -> None:
        super().__init__([False, True], bool(value), rect, on_change,
                         on_off, enabled)


class NumberField(TextInput):
    """A whole number in [low, high]; Left/Right or Up/Down step it when focused.

    ``show`` puts the number in words while the field is not being edited ("13 points",
    "off" for a 0 that means none)."""

    def __init__(self, value: int | None, low: int, high: int, rect: pygame.Rect | None = None,
                 on_change: Callable[[int | None], Any] | None = None, optional: bool = False,
                 enabled: bool = True, show: Callable[[int | None], str] | None = None) -> None:
        super().__init__("" if value is None else str(value), rect, max_len=6,
                         placeholder=pgettext("rule value", "default") if optional else "",
                         allowed=lambda ch: ch.isdigit() or ch == "-")
        self.show = show
        self.enabled = enabled
        self.low, self.high, self.optional = low, high, optional
        self.on_number = on_change
        self.on_change = lambda _s: self._emit()

    @property
    def number(self) -> int | None:
        try:
            n = int(self.value)
        except ValueError:
            return None
        return n if self.low <= n <= self.high else None

    @property
    def valid(self) -> bool:
        return self.number is not None or (self.optional and self.value == "")

    def _emit(self) -> None:
        if self.on_number and self.valid:
            self.on_number(self.number)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.focused and self.enabled and event.type == pygame.KEYDOWN \
                and event.key in (pygame.K_UP, pygame.K_DOWN):
            n = self.number if self.number is not None else max(self.low, 0)
            n = max(self.low, min(self.high, n + (1 if event.key == pygame.K_UP else -1)))
            self.set(str(n))
            self._emit()
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        if self.show is not None and not self.focused and self.valid and self.visible:
            self.draw_field(surface)
            words = self.show(self.number)
            size = fitting_size(words, self.font_size(), self.rect.width - 16)
            words = fit(words, font(size), self.rect.width - 16)
            text(surface, words, self.rect.center, size, TEXT if self.enabled else DIM,
                 anchor="center")
            return
        super().draw(surface)
        if not self.valid:
            pygame.draw.rect(surface, RED, self.rect, 2, border_radius=6)


class ListBox(Widget):
    """Rows of text; click or Up/Down selects, double-click or Enter activates."""

    def __init__(self, rect: pygame.Rect | None = None, rows: Sequence[str] = (),
                 data: Sequence[Any] = (),
                 on_activate: Callable[[Any], Any] | None = None,
                 on_select: Callable[[Any], Any] | None = None, row_height: int = 32,
                 empty: str = "") -> None:
        super().__init__(rect)
        self.rows: list[str] = []
        self.data: list[Any] = []
        self.selected = -1
        self.top = 0
        self.on_activate = on_activate
        self.on_select = on_select
        self.row_height = row_height
        self.empty = empty
        self._last_click = (-1, 0)
        self.set_rows(rows, data)

    def set_rows(self, rows: Sequence[str], data: Sequence[Any] = ()) -> None:
        """Replace the rows, keeping the selection on the same data when it is still there."""
        keep = self.value
        self.rows = list(rows)
        self.data = list(data) if data else list(rows)
        if keep is not None and keep in self.data:
            self.selected = self.data.index(keep)
        elif self.selected >= len(self.rows):
            self.selected = len(self.rows) - 1
        self._scroll_to_selected()

    @property
    def value(self) -> Any:
        return self.data[self.selected] if 0 <= self.selected < len(self.data) else None

    @property
    def visible_rows(self) -> int:
        return max(1, self.rect.height // self.row_height)

    def select(self, i: int) -> None:
        if not self.rows:
            return
        self.selected = max(0, min(len(self.rows) - 1, i))
        self._scroll_to_selected()
        if self.on_select:
            self.on_select(self.value)

    def _scroll_to_selected(self) -> None:
        if self.selected < self.top:
            self.top = max(0, self.selected)
        elif self.selected >= self.top + self.visible_rows:
            self.top = self.selected - self.visible_rows + 1

    def activate(self) -> None:
        if self.value is not None and self.on_activate:
            self.on_activate(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.rect.collidepoint(event.pos):
            i = self.top + (event.pos[1] - self.rect.top) // self.row_height
            if i < len(self.rows):
                now = pygame.time.get_ticks()
                double = self._last_click[0] == i and now - self._last_click[1] < 400
                self._last_click = (i, now)
                self.select(i)
                if double:
                    self.activate()
            return True
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.top = max(0, min(max(0, len(self.rows) - self.visible_rows), self.top - event.y))
            return True
        if self.focused and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_UP and self.selected > 0:
                self.select(self.selected - 1)
                return True
            if event.key == pygame.K_DOWN and self.selected < len(self.rows) - 1:
                self.select(self.selected + 1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.activate()
                return True
        return False

    def draw_box(self, surface: pygame.Surface, size: int) -> None:
        """The field, its focus edge, and the text for no rows."""
        self.draw_field(surface)
        if not self.rows and self.empty:
            text(surface, fit(self.empty, font(size), self.rect.width - 20), self.rect.center,
                 size, DIM, anchor="center")

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        size = max(MIN_TEXT, int(self.row_height * 0.5))
        f = font(size)
        self.draw_box(surface, size)
        for n in range(self.visible_rows):
            i = self.top + n
            if i >= len(self.rows):
                break
            r = pygame.Rect(self.rect.left + 2, self.rect.top + n * self.row_height,
                            self.rect.width - 4, self.row_height)
            if i == self.selected:
                pygame.draw.rect(surface, SELECT, r.inflate(0, -2), border_radius=4)
            text(surface, fit(self.rows[i], f, r.width - 16), (r.left + 10, r.centery), size,
                 anchor="midleft")


class ColumnList(ListBox):
    """A list in named columns: each row is its cells joined by tabs, a cell's second line
    after a newline (drawn dimmer); a cell too long for its column wraps to two lines (or,
    with ``grow``, to as many as it takes, the rows growing). ``columns``: (name, share of
    the width) pairs."""

    grow = False
    base_height = 0
    one_line = False
    indent = 0

    def __init__(self, columns: Sequence[tuple[str, float]], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.columns = list(columns)
        self.indent = 0                 # room kept before the first column (an icon)
        self.one_line = False           # rows of one line: larger text for the row height
        self.grow = False               # rows as tall as the fullest cell needs (`fit_rows`)
        self.base_height = self.row_height     # (growing rows: the height of two lines)

    def column_lefts(self) -> list[int]:
        inner = self.rect.inflate(-20, 0)
        x, lefts = inner.left + self.indent, []
        width = inner.width - self.indent
        for _name, share in self.columns:
            lefts.append(x)
            x += int(width * share)
        return lefts

    def text_size(self) -> int:
        height = self.base_height if self.grow else self.row_height
        return max(MIN_TEXT, int(height * (0.4 if self.one_line else 0.3)))

    def fit_rows(self) -> None:
        """With ``grow``: every row as tall as the row whose cells take the most lines
        (two at least), so that every cell reads whole."""
        if not self.grow or self.rect.width <= 0:
            return
        f = font(self.text_size())
        lefts = self.column_lefts()
        rights = lefts[1:] + [self.rect.right - 10]
        most = max([2, *(len(self.cell_lines(i, column, cell, f, right - x - 8))
                         for i, row in enumerate(self.rows)
                         for column, (cell, x, right) in enumerate(zip(row.split("\t"), lefts,
                                                                        rights)))])
        self.row_height = self.base_height + (most - 2) * f.get_linesize()
        self._scroll_to_selected()

    def set_rows(self, rows: Sequence[str], data: Sequence[Any] = ()) -> None:
        super().set_rows(rows, data)
        self.fit_rows()

    @staticmethod
    def row_height_for(scale: float) -> int:
        """Rows tall enough for two lines of text at ``scale``."""
        return max(2 * font(MIN_TEXT).get_linesize() + 8, int(54 * scale))

    def cell_lines(self, i: int, column: int, cell: str, f: pygame.font.Font,
                   width: int) -> list[tuple[str, bool]]:
        """How row ``i``'s cell in ``column`` reads in ``width`` pixels: at most two
        (line, dim) pairs, its first part bright (wrapped too), what follows dimmer."""
        lines = [(ln, k > 0) for k, part in enumerate(cell.split("\n"))
                 for ln in wrap(part, f, width)]
        if len(lines) > 2 and not self.grow:    # two lines at most: the rest is cut, visibly
            rest = " ".join(ln for ln, _dim in lines[1:])
            lines = [lines[0], (fit(rest, f, width), lines[1][1])]
        return lines

    def draw_row(self, surface: pygame.Surface, i: int, r: pygame.Rect) -> None:
        f = font(self.text_size())
        lefts = self.column_lefts()
        rights = lefts[1:] + [self.rect.right - 10]
        line_h = f.get_linesize()
        for column, (cell, x, right) in enumerate(zip(self.rows[i].split("\t"), lefts, rights)):
            lines = self.cell_lines(i, column, cell, f, right - x - 8)
            y = r.centery - line_h * len(lines) // 2
            for line, dim in lines:
                text(surface, line, (x, y), self.text_size(), DIM if dim else TEXT)
                y += line_h

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        size = self.text_size()
        self.draw_box(surface, size)
        lefts = self.column_lefts()
        rights = lefts[1:] + [self.rect.right - 10]
        for (name, _share), x, right in zip(self.columns, lefts, rights):
            head = fitting_size(name, size, right - x - 16, True)   # clear of the next one
            text(surface, name, (x, self.rect.top - 4), head, DIM, bold=True,
                 anchor="bottomleft")
        for n in range(min(self.visible_rows, len(self.rows) - self.top)):
            i = self.top + n
            r = pygame.Rect(self.rect.left + 2, self.rect.top + n * self.row_height,
                            self.rect.width - 4, self.row_height)
            if i == self.selected:
                pygame.draw.rect(surface, SELECT, r.inflate(0, -2), border_radius=4)
            self.draw_row(surface, i, r)


class Form:
    """The widgets of one screen or dialog and which of them has keyboard focus.

    Tab / Shift-Tab move focus; Up/Down move it too unless the focused widget uses them
    (lists, number fields, text history). Escape calls ``on_cancel``. The pointer takes
    the focus only once it moves: where it happens to rest when a window or a dialog
    opens (SDL reports that as a motion) changes nothing, so Enter presses the default.
    """

    def __init__(self, widgets: Sequence[Widget] = (),
                 on_cancel: Callable[[], Any] | None = None) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.on_cancel = on_cancel
        self.focus_index = -1
        self._pointer: tuple[int, int] | None = None     # where the pointer was first seen
        self.focus_first()

    def add(self, w: Widget) -> Widget:
        self.widgets.append(w)
        if self.focus_index < 0:
            self.focus_first()
        return w

    def _focusable(self) -> list[int]:
        return [i for i, w in enumerate(self.widgets) if w.focusable and w.visible and w.enabled]

    @property
    def focused(self) -> Widget | None:
        return self.widgets[self.focus_index] if 0 <= self.focus_index < len(self.widgets) else None

    def focus(self, w: Widget | None) -> None:
        came = w is not None and not w.focused
        for x in self.widgets:
            x.focused = False
            if isinstance(x, Button) and x is not w:
                x.hover = False         # the focus moved: only one button looks selected
        self.focus_index = self.widgets.index(w) if w in self.widgets else -1
        if w is not None:
            w.focused = True
            if came:
                w.on_focus()

    def focus_first(self) -> None:
        idx = self._focusable()
        self.focus(self.widgets[idx[0]] if idx else None)

    def move(self, d: int) -> None:
        idx = self._focusable()
        if not idx:
            return
        if self.focus_index not in idx:
            self.focus(self.widgets[idx[0]])
            return
        pos = (idx.index(self.focus_index) + d) % len(idx)
        self.focus(self.widgets[idx[pos]])

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            pos = (int(event.pos[0]), int(event.pos[1]))
            if self._pointer is None or self._pointer == pos:
                self._pointer = pos              # not a move yet: where it rests
                return False
            self._pointer = pos
        if event.type == pygame.MOUSEBUTTONDOWN:
            for w in self.widgets:
                if w.visible and w.enabled and w.focusable and w.rect.collidepoint(event.pos):
                    self.focus(w)
                    break
        elif event.type == pygame.MOUSEMOTION and (self.focused is None
                                                   or isinstance(self.focused, Button)):
            # Pointing at a button focuses it, so only one button ever looks selected
            # (a text field keeps the focus while the mouse passes over buttons).
            for w in self.widgets:
                if isinstance(w, Button) and w.visible and w.enabled \
                        and w.rect.collidepoint(event.pos) and w is not self.focused:
                    self.focus(w)
                    break
        f = self.focused
        if f is not None and f.handle_event(event):
            return True
        for w in self.widgets:
            if w is not f and w.visible and event.type not in (pygame.KEYDOWN, pygame.TEXTINPUT) \
                    and w.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                self.move(1 if event.key == pygame.K_DOWN else -1)
                return True
            if event.key == pygame.K_ESCAPE and self.on_cancel:
                self.on_cancel()
                return True
            default = self.default()
            if is_activate(event) and event.key != pygame.K_SPACE and default is not None:
                default.click()          # Enter where the focus has no use for it
                return True
        return False

    def default(self) -> Button | None:
        """The button Enter presses where the focused widget has no use for it: the
        primary one (drawn bold, with a dark edge; the focus alone has the gold ring)."""
        return next((w for w in self.widgets if isinstance(w, Button) and w.primary
                     and w.visible and w.enabled), None)

    def draw(self, surface: pygame.Surface) -> None:
        for w in self.widgets:
            if w.visible:
                w.draw(surface)

    def find(self, label: str) -> Button | None:
        """The button with this label (tests and shortcuts use it)."""
        for w in self.widgets:
            if isinstance(w, Button) and w.label == label:
                return w
        return None
