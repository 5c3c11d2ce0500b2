"""The console: a chat log and an input line drawn over the table (or lobby).

F2 or ` (backquote) opens and closes it, so do the table's and the lobby's Chat buttons;
Escape closes it. A line starting with ``/`` is a host command (/help, /rules, /end N,
/kick WEST...), anything else is chat to the table, or to the lobby (everyone on the host)
from the lobby; lobby lines reach the table too, marked "Lobby ·". Tab completes command
and player names; Up/Down recall earlier lines. While it is closed, new lines show for a
few seconds at the table and the Chat button carries a badge with the number of unread
lines.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame

from hearts.i18n import N_, _
from hearts.net import words

from . import widgets as w
from .chat_line import CHAT, HUMAN, Line
from .widgets import Colour

if TYPE_CHECKING:
    from .shell import Shell

HOST = (255, 214, 120)
OK = (140, 220, 150)
BAD = (255, 110, 110)
INFO = (170, 190, 200)
LOBBY = (120, 205, 235)      # lobby lines' names, apart from the table's chat
MAX_LINES = 500
MAX_LOBBY = 50
LOBBY_MARK = N_("Lobby · {name}")      # a lobby line's speaker in the table's console
COMMANDS = ("/help", "/who", "/tables", "/rules", "/preset", "/start", "/pause", "/resume",
            "/end", "/kick", "/allow", "/bot", "/hint", "/sit", "/leave", "/lobby")
DIRECTION_WORDS = ("south", "west", "north", "east")
PEEK_SECONDS = 8.0
# The changes the console logs (in `hearts.net.words`' sentences), by colour; the table shows
# cards, tricks and the rest its own way.
LOGGED = {"player_joined": INFO, "player_left": INFO, "player_kicked": HOST,
          "player_dropped": HOST, "player_returned": INFO, "owner_changed": INFO,
          "paused": HOST, "resumed": HOST, "game_started": INFO, "hand_scored": INFO,
          "moon_shot": HOST, "game_over": HOST, "game_ended": HOST, "replaced_by_bot": INFO}


class Console:
    """The chat/command console of the app (one per app; its log survives screen changes)."""

    def __init__(self, app: "Shell") -> None:
        self.app = app
        self.visible = False
        self.lines: list[Line] = []
        self.scroll = 0          # lines scrolled back from the newest
        self.unread = 0
        self.lobby: list[Line] = []    # the lobby's chat lines (the lobby screen shows them)
        self.input = w.TextInput(placeholder=_("chat, or /help for commands"), max_len=300,
                                 on_submit=self.submit)
        self.input.focused = True
        self.rect = pygame.Rect(0, 0, 100, 100)
        self._swallow: str | None = None
        self._table_name = ""           # the table we were at last (we may be told we left it)
        self.resize(app.size)

    # -- opening --------------------------------------------------------------------------
    @staticmethod
    def wants_toggle(event: pygame.event.Event) -> bool:
        return event.type == pygame.KEYDOWN and (
            event.key in (pygame.K_BACKQUOTE, pygame.K_F2) or event.unicode == "`")

    def toggle(self, key_text: str | None = None) -> None:
        """Open or close; ``key_text`` is the character of the key that opened it, which
        arrives next as text input and must not land in the input line."""
        self.visible = not self.visible
        if self.visible:
            self.unread = 0
            self.scroll = 0
            self._swallow = key_text or None
            pygame.key.start_text_input()
        self.app.redraw()

    def open(self) -> None:
        if not self.visible:
            self.toggle()

    def close(self) -> None:
        if self.visible:
            self.toggle()

    def clear(self) -> None:
        self.lines.clear()
        self.lobby.clear()
        self.unread = 0

    # -- log ------------------------------------------------------------------------------
    def add(self, text: str, colour: Colour = CHAT, name: str = "", name_colour: Colour = HUMAN,
            said: bool = False) -> None:
        for i, part in enumerate(text.split("\n")):
            self.lines.append(Line(part, colour, name if i == 0 else "", name_colour, said))
        del self.lines[:-MAX_LINES]
        if not self.visible and said:
            self.unread += 1
        self.app.redraw()

    def rules_changed(self, lines: list[str]) -> None:
        """The owner changed the rules: who, and each change on its own line."""
        for line in lines:
            self.add(line, HOST)

    def submit(self, text: str) -> None:
        text = text.strip()
        self.input.set("")
        if not text:
            return
        if text.startswith("/"):
            self.add("> " + text, INFO)
            if text.split()[0].lower() == "/help" and len(text.split()) == 1:
                # the host's answer names no keys: these are this console's
                self.add(_("F2 or ` opens and closes this console; Tab completes a command; "
                           "PgUp and PgDn scroll."), INFO)
            self.app.send({"type": "command", "text": text})
        else:       # to the table, or to the lobby from the lobby (the host decides)
            self.app.send({"type": "chat", "text": text})

    def complete(self) -> None:
        """Tab: finish a command name, or a player's name after /kick, /allow."""
        value = self.input.value
        if not value.startswith("/"):
            return
        head, sep, tail = value.rpartition(" ")
        if not sep:
            options = [c for c in COMMANDS if c.startswith(value.lower())]
            prefix = ""
            word = value
        else:
            tbl = self.app.session.table
            seats = tbl.seats if tbl is not None else []
            cmd = value.split()[0].lower()
            kinds = ("human",) if cmd in ("/kick", "/allow") else ("human", "bot")
            names = [x.name for x in seats if x.kind in kinds and x.name]
            if cmd in ("/bot", "/kick", "/sit", "/join"):
                names += DIRECTION_WORDS      # seats by where they sit, as the menus say
            options = [n for n in names if n.lower().startswith(tail.lower())]
            prefix = head + " "
            word = tail
        if not options:
            return
        if len(options) == 1:
            self.input.set(prefix + options[0] + " ")
            return
        common = options[0]
        for o in options[1:]:
            while not o.lower().startswith(common.lower()):
                common = common[:-1]
        if len(common) > len(word):
            self.input.set(prefix + common)
        else:
            self.add("  ".join(options), INFO)

    def on_message(self, msg: dict[str, Any]) -> None:
        t = msg.get("type")
        tbl = self.app.session.table
        if tbl is not None:
            self._table_name = tbl.name or self._table_name
        if t == "reply":
            self.add(str(msg.get("text", "")), OK if msg.get("ok", True) else BAD)
        elif t == "error":
            self.add("! " + str(msg.get("message", "")), BAD)
        elif t == "chat":   # top-level: a lobby line (the table's chat is in updates)
            self._lobby_chat(msg)
        elif t == "welcome":
            self.add(_("Connected to {host} as {name}.").format(
                host=msg.get("host") or _("the host"), name=msg.get("name")) if msg.get("host")
                else _("Connected to the host as {name}.").format(name=msg.get("name")), INFO)
        elif t == "left":
            self.add(words.left_line(words.Voice(), msg.get("reason"), self._table_name), INFO)
        elif t == "update":
            for change in msg.get("events") or ():
                self._change(change)

    def _chat(self, c: dict[str, Any]) -> None:
        name = str(c.get("name") or "?")
        tbl = self.app.session.table
        if c.get("notice") and tbl is not None:       # a host notice, worded here
            for line in words.change_lines(c, tbl, self.app.session.seat):
                self.add(line, HOST, said=True)
        elif name == "host":
            self.add(str(c.get("text", "")), HOST, said=True)
        else:
            seat = c.get("seat")
            colour = HUMAN
            if seat is None:
                name = _("{name} (watching)").format(name=name)
                colour = INFO
            self.add(": " + str(c.get("text", "")), CHAT, name, colour, said=True)

    def _lobby_chat(self, c: dict[str, Any]) -> None:
        """A lobby line: kept for the lobby screen, and logged marked as the lobby's."""
        name = str(c.get("name") or "?")
        text = ": " + str(c.get("text", ""))
        colour = HOST if name == "host" else LOBBY
        self.lobby.append(Line(text, CHAT, name, colour))
        del self.lobby[:-MAX_LOBBY]
        self.add(text, CHAT, _(LOBBY_MARK).format(name=name), colour, said=True)

    def _change(self, c: dict[str, Any]) -> None:
        t = c.get("type")
        if t == "chat":
            self._chat(c)
            return
        colour = LOGGED.get(str(t))
        tbl = self.app.session.table
        if colour is None or tbl is None or (t == "replaced_by_bot" and c.get("why") == "start"):
            return
        for line in words.change_lines(c, tbl, self.app.session.seat):
            self.add(line, colour)

    # -- input ----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """While open the console takes the keyboard (and clicks inside it)."""
        t = event.type
        if t == pygame.TEXTINPUT and self._swallow is not None:
            swallow, self._swallow = self._swallow, None
            if event.text == swallow:
                return True
        if t == pygame.KEYDOWN:
            self._swallow = None if event.key not in (pygame.K_BACKQUOTE, pygame.K_F2) \
                else self._swallow
            ctrl = event.mod & pygame.KMOD_CTRL
            if event.key == pygame.K_ESCAPE or (self.wants_toggle(event) and not ctrl):
                self.close()
                return True
            if (ctrl and event.key in (pygame.K_q, pygame.K_s, pygame.K_n)) \
                    or event.key in (pygame.K_F1, pygame.K_F11):
                return False      # global shortcuts still work
            if event.key == pygame.K_TAB:
                self.complete()
                return True
            if event.key == pygame.K_PAGEUP:
                self.scroll = min(max(0, len(self.lines) - 3), self.scroll + self._rows() // 2)
                return True
            if event.key == pygame.K_PAGEDOWN:
                self.scroll = max(0, self.scroll - self._rows() // 2)
                return True
            self.input.handle_event(event)
            return True
        if t == pygame.TEXTINPUT:
            self.input.handle_event(event)
            return True
        if t == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, min(max(0, len(self.lines) - 3), self.scroll + event.y))
            return True
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return self.rect.collidepoint(event.pos)
        return False

    def update(self, dt: float) -> None:
        pass

    @property
    def peeking(self) -> bool:
        """Closed, but someone said something in the last few seconds."""
        return not self.visible and bool(self._recent())

    def _recent(self) -> list[Line]:
        """The last few words said that are still fresh (at most four lines)."""
        now = time.monotonic()
        return [x for x in self.lines[-12:] if x.said and now - x.at < PEEK_SECONDS][-4:]

    # -- drawing --------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        width = min(size[0] - 20, max(int(420 * s), int(size[0] * 0.46)))
        height = max(int(200 * s), int(size[1] * 0.42))
        self.rect = pygame.Rect(int(10 * s), int(10 * s), width, height)
        rh = int(38 * s)
        self.input.rect = pygame.Rect(self.rect.left + 8, self.rect.bottom - rh - 8,
                                      self.rect.width - 16, rh)

    def _line_height(self) -> int:
        return int(22 * self.app.scale)

    def _rows(self) -> int:
        return max(1, (self.input.rect.top - self.rect.top - int(30 * self.app.scale))
                   // self._line_height())

    def _wrapped(self, lines: list[Line], width: int) -> list[tuple[Line, str, bool]]:
        f = w.font(int(16 * self.app.scale))
        out = []
        for line in lines:
            full = (line.name + line.text) if line.name else line.text
            for i, part in enumerate(w.wrap(full, f, width)):
                out.append((line, part, i == 0 and bool(line.name)))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        size = int(16 * s)
        lh = self._line_height()
        if self.visible:
            self.input.placeholder = (_("chat to your table, or /help for commands")
                                      if self.app.session.table is not None
                                      else _("chat to the lobby (everyone here), or /help"))
            w.panel(surface, self.rect, alpha=255, colour=(10, 14, 18))    # opaque: nothing shows through
            rows = self._rows()
            wrapped = self._wrapped(self.lines[-(rows + self.scroll + 40):], self.rect.width - 24)
            end = len(wrapped) - self.scroll
            shown = wrapped[max(0, end - rows):max(0, end)]
            y = self.input.rect.top - 6 - lh * len(shown)
            for line, part, first in shown:
                self._draw_line(surface, line, part, first, (self.rect.left + 12, y), size)
                y += lh
            self.input.draw(surface)
            hint = _("F2 or Esc closes · Tab completes · PgUp/PgDn scroll")
            w.text(surface, hint, (self.rect.right - 12, self.rect.top + 6), int(13 * s), w.DIM,
                   anchor="topright")
        else:
            self._draw_badge(surface)
        if not self.visible and self.peeking and self.app.screen.is_table:
            # Narrower than the open console (the north name plate stays clear), and under
            # the table's information panel rather than over it.
            width = min(self.rect.width, int(surface.get_width() * 0.38))
            rows = 4 if surface.get_height() >= 720 else 3
            wrapped = self._wrapped(self._recent(), width - 24)[-rows:]
            if not wrapped:
                return
            below = getattr(self.app.screen, "info_rect", None)
            top = below.bottom + int(6 * s) if isinstance(below, pygame.Rect) else self.rect.top
            box = pygame.Rect(self.rect.left, top, width, lh * len(wrapped) + int(12 * s))
            w.panel(surface, box, alpha=150, colour=(10, 14, 18))
            y = box.top + int(6 * s)
            for line, part, first in wrapped:
                self._draw_line(surface, line, part, first, (box.left + 12, y), size)
                y += lh

    def _draw_badge(self, surface: pygame.Surface) -> None:
        """The number of unread lines on the table's Chat button."""
        find = getattr(self.app.screen, "button", None)
        button = find("chat") if callable(find) else None
        if not self.unread or button is None:
            return
        s = self.app.scale
        label = str(min(self.unread, 99)) + ("+" if self.unread > 99 else "")
        f = w.font(int(14 * s), True)
        d = max(f.get_height() + 4, f.size(label)[0] + 10)
        r = pygame.Rect(0, 0, d, f.get_height() + 4)
        r.center = (button.rect.right - 4, button.rect.top + 2)
        pygame.draw.rect(surface, (200, 40, 40), r, border_radius=r.height // 2)
        pygame.draw.rect(surface, (255, 240, 230), r, 1, border_radius=r.height // 2)
        w.text(surface, label, r.center, int(14 * s), (255, 255, 255), bold=True,
               anchor="center")

    def _draw_line(self, surface: pygame.Surface, line: Line, part: str, first: bool,
                   pos: tuple[int, int], size: int) -> None:
        if first and part.startswith(line.name):
            r = w.text(surface, line.name, pos, size, line.name_colour, bold=True)
            w.text(surface, part[len(line.name):], (r.right, pos[1]), size, line.colour)
        else:
            w.text(surface, part, pos, size, line.colour)
