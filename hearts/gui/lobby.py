"""The lobby of a host: its tables with their rules and seats; create, sit, watch.

Friends-only tables (a password) show a padlock; sitting at or watching one asks for
its password first (`PasswordDialog`), and asks again when the host says it is wrong.
Under the list, the lobby's latest chat lines; the Chat button (F2) opens the console,
where a line goes to everyone on the host, and carries the unread badge.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from hearts.bots.base import level_words
from hearts.engine import PRESETS, Rules
from hearts.engine.rule_options import preset_name
from hearts.i18n import N_, _, ngettext, pgettext
from hearts.net import words
from hearts.net.limits import Limits

from . import widgets as w
from .dialog import Dialog
from .screen import Screen

if TYPE_CHECKING:
    from .shell import Shell

POLL_SECONDS = 2.0
CHAT_ROWS = 3          # lobby chat rows under the table list


def state_text(state: str) -> str:
    """A table's state for the lobby's list."""
    return {"waiting": pgettext("table state", "waiting"),
            "playing": pgettext("table state", "playing"),
            "paused": pgettext("table state", "paused"),
            "over": _("game over")}.get(state, state)


@dataclass(frozen=True)
class SeatLabel:
    """One seat as a table list writes it: its ``forms`` from the fullest to the shortest,
    each with ``{name}`` where ``name`` goes (a name is cut last, when nothing shorter fits)."""

    forms: tuple[str, ...]
    name: str = ""

    def text(self, form: int = 0, name: str | None = None) -> str:
        return self.forms[min(form, len(self.forms) - 1)].format(
            name=self.name if name is None else name)


def seat_label(seat: dict[str, Any], owner: str | None = None) -> SeatLabel:
    """A seat: a name (★ before the table's ``owner``, as at the table), "Basil (normal
    bot)" then "Basil (bot)", or "free"."""
    kind = seat.get("kind")
    if kind == "human":
        name = seat.get("name") or "?"
        form = "{name}" if seat.get("connected", True) else _("{name} (away)")
        # (the star kept with the name: a no-break space)
        return SeatLabel(("★\u00a0" + form if owner and name == owner else form,), name)
    if kind == "bot":
        level = level_words(seat.get("level") or "normal")
        if seat.get("name"):
            full = _("{name} ({level} bot)").format(name="{name}", level=level)
            # TRANSLATORS: a bot in the lobby's list when "{name} ({level} bot)" is too long
            return SeatLabel((full, _("{name} (bot)")), seat["name"])
        return SeatLabel((_("{level} bot").format(level=level),))
    return SeatLabel((pgettext("seat", "free"),))


def seat_text(seat: dict[str, Any]) -> str:
    """One seat for a table list: a name, "Basil (normal bot)" or "free"."""
    return seat_label(seat).text()


def _flow(widths: list[int], room: int, sep: int, comma: int) -> list[list[int]]:
    """Entries of ``widths`` in order on lines of ``room`` pixels, ``sep`` between two on
    a line and ``comma`` after a line's last when more follow: the entries of each line."""
    lines: list[list[int]] = []
    used = 0
    for i, width in enumerate(widths):
        more = comma if i < len(widths) - 1 else 0
        if lines and used + sep + width + more <= room:
            lines[-1].append(i)
            used += sep + width
        else:
            lines.append([i])
            used = width
    return lines


def seat_lines(labels: Sequence[SeatLabel], f: pygame.font.Font, width: int,
               rows: int = 2) -> list[str]:
    """The seats in order on lines of ``width`` pixels, on as few lines as they take
    (``rows`` or fewer when they can), each in its fullest form that lets them (a bot's
    level goes first), a seat on one line; a seat wider than a whole line is broken
    between its letters. Names are never cut."""
    if not labels:
        return []
    room = width - 2                               # a line is a pixel or two wider whole
    sep, comma = f.size(", ")[0], f.size(",")[0]
    forms = max(len(label.forms) for label in labels)
    for most in range(rows, len(labels) + 1):
        for form in range(forms):
            texts = [label.text(form) for label in labels]
            sizes = [f.size(t)[0] + (comma if i < len(texts) - 1 else 0)
                     for i, t in enumerate(texts)]
            if max(sizes) > room:
                continue
            lines = _flow([f.size(t)[0] for t in texts], room, sep, comma)
            if len(lines) <= most:
                out = [", ".join(texts[i] for i in line) for line in lines]
                return [line + "," if k < len(out) - 1 else line for k, line in enumerate(out)]
    out = []                                       # a seat on its own lines
    for k, label in enumerate(labels):
        text = label.text(forms - 1) + ("," if k < len(labels) - 1 else "")
        out += w.wrap(text, f, room)
    return out


COLUMNS = ((N_("Table"), 0.17), (N_("Rules"), 0.3), (N_("Game"), 0.2), (N_("Seats"), 0.33))
SEATS_COLUMN = 3


def table_row(t: dict[str, Any]) -> str:
    """One table for the lobby's columns (see `COLUMNS`): name and owner, rules, state,
    the four seats on two lines."""
    owner = t.get("owner")
    about = []
    if t.get("locked"):
        about.append(_("friends only"))
    if t.get("watchers"):
        about.append(_("{n} watching").format(n=t["watchers"]))
    state = state_text(str(t.get("state", "")))
    free = sum(1 for s in t.get("seats") or () if s.get("kind") != "human")
    if t.get("hand") is not None and t.get("state") in ("playing", "paused"):
        later = _("hand {n}").format(n=int(t["hand"]) + 1)      # its seats: in Seats
    else:
        later = ngettext("{n} seat open", "{n} seats open", free).format(n=free) if free \
            else _("full")
    rules = words.table_rules_words(t)
    seats = [seat_label(s, owner).text() for s in t.get("seats") or ()]
    seat_cell = (", ".join(seats[:2]) + "\n" + ", ".join(seats[2:])) if seats else ""
    return "\t".join((f"{t.get('name') or _('Table')}" + (f"\n{', '.join(about)}" if about else ""),
                      rules, f"{state}\n{later}", seat_cell))


def draw_padlock(surface: pygame.Surface, rect: pygame.Rect, colour: w.Colour = w.ACCENT) -> None:
    """A small padlock drawn in ``rect`` (no font has one we can count on)."""
    body = pygame.Rect(0, 0, int(rect.width * 0.8), int(rect.height * 0.5))
    body.midbottom = rect.midbottom
    shackle = pygame.Rect(0, 0, int(rect.width * 0.64), int(rect.height * 0.75))
    shackle.midtop = rect.midtop
    pygame.draw.ellipse(surface, colour, shackle, max(2, rect.width // 7))
    pygame.draw.rect(surface, colour, body, border_radius=max(1, rect.width // 8))
    hole = pygame.Rect(0, 0, max(2, rect.width // 7), max(3, body.height // 3))
    hole.center = body.center
    pygame.draw.rect(surface, w.PANEL, hole)


class TableList(w.ColumnList):
    """The lobby's tables in columns, with a padlock before each friends-only table; each
    table's seats flowed over its two lines (`seat_lines`), or more when long names need
    them: then every row is as tall as the tallest needs."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__([(_(name), share) for name, share in COLUMNS], **kwargs)
        self.locked: set[Any] = set()
        self.seats: list[list[SeatLabel]] = []       # each row's seats
        self.grow = True

    def set_tables(self, tables: list[dict[str, Any]]) -> None:
        self.seats = [[seat_label(s, t.get("owner")) for s in t.get("seats") or ()]
                      for t in tables]
        self.locked = {t.get("id") for t in tables if t.get("locked")}
        self.set_rows([table_row(t) for t in tables], [t.get("id") for t in tables])

    def fit_rows(self) -> None:
        self.indent = int(self.text_size() * 1.1) + 6        # the padlock's room
        super().fit_rows()

    def cell_lines(self, i: int, column: int, cell: str, f: pygame.font.Font,
                   width: int) -> list[tuple[str, bool]]:
        if column != SEATS_COLUMN or i >= len(self.seats):
            return super().cell_lines(i, column, cell, f, width)
        return [(line, False) for line in seat_lines(self.seats[i], f, width)]

    def draw_row(self, surface: pygame.Surface, i: int, r: pygame.Rect) -> None:
        icon = int(self.text_size() * 1.1)      # every row indented alike (`fit_rows`)
        self.indent = icon + 6
        if self.data[i] in self.locked:
            draw_padlock(surface, pygame.Rect(r.left + 10, r.centery - icon // 2,
                                              int(icon * 0.8), icon))
        super().draw_row(surface, i, r)


class ConnectingScreen(Screen):
    """Shown while connecting or dealing; Escape or Cancel go back."""

    def __init__(self, app: "Shell", text: str) -> None:
        super().__init__(app)
        self.text = text
        self.cancel = w.Button(_("Cancel"), app.link.disconnect)
        self.form: w.Form = w.Form([self.cancel], on_cancel=app.link.disconnect)

    def resize(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        self.cancel.rect = pygame.Rect(0, 0, int(160 * s), int(46 * s))
        self.cancel.rect.center = (size[0] // 2, size[1] // 2 + int(60 * s))

    def handle_event(self, event: pygame.event.Event) -> None:
        self.form.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.app.draw_background(surface)
        s = self.app.scale
        w.text(surface, self.text, (surface.get_width() // 2, surface.get_height() // 2),
               int(28 * s), anchor="center")
        self.form.draw(surface)


class LobbyScreen(Screen):
    """The host's tables. Enter or Sit takes a seat, Watch watches, New table creates one."""

    def __init__(self, app: "Shell") -> None:
        super().__init__(app)
        self.list = TableList(on_activate=lambda t: self.sit(), row_height=44,
                              empty=_("No tables yet: create one."))
        self.asked: tuple[str, int, bool] | None = None   # last sit/watch: verb, table, password?
        self.qr_rect: pygame.Rect | None = None           # where the browser link's QR code went
        self.chat_button = w.Button(_("Chat (F2)"), app.console.open)
        self.buttons = [
            w.Button(_("New table"), self.create, primary=True),
            w.Button(_("Sit"), self.sit),
            w.Button(_("Watch"), self.watch),
            w.Button(_("Stats"), self.leaderboard),      # the leaderboard (short: 7 in a row)
            w.Button(_("Refresh"), lambda: app.send({"type": "list_tables"})),
            self.chat_button,
            w.Button(_("Leave host"), app.link.disconnect),
        ]
        self.chat_box = pygame.Rect(0, 0, 0, 0)
        self.form: w.Form = w.Form([self.list, *self.buttons], on_cancel=app.link.disconnect)
        self.polled = time.monotonic()
        self.refresh()

    def update(self, dt: float) -> None:
        # The host answers list_tables but does not push lobby changes: ask every 2 s.
        now = time.monotonic()
        if now - self.polled >= POLL_SECONDS:
            self.polled = now
            self.app.send({"type": "list_tables"})

    def refresh(self) -> None:
        tables = self.app.session.tables
        self.list.set_tables(tables)
        if self.list.selected < 0 and tables:
            self.list.select(0)
        has = self.list.value is not None
        self.form.find(_("Sit")).enabled = has       # type: ignore[union-attr]
        self.form.find(_("Watch")).enabled = has     # type: ignore[union-attr]

    def button(self, name: str) -> w.Button | None:
        """The Chat button (``chat``), where the console's unread badge goes."""
        return self.chat_button if name == "chat" else None

    def on_message(self, message: dict[str, Any]) -> None:
        if message.get("type") == "tables":
            self.refresh()
        elif message.get("type") == "error" and message.get("code") == "password" \
                and self.asked and message.get("ref") == self.asked[0] \
                and not self.app.dialogs:
            verb, table, gave = self.asked
            self.asked = None
            PasswordDialog(self.app, verb, table, wrong=gave).open()

    def create(self) -> None:
        CreateTableDialog(self.app).open()

    def leaderboard(self) -> None:
        """This host's figures, tonight and all time, and its finished games."""
        from .archive import HostArchive
        from .leaderboard import LeaderboardSheet
        host = self.app.session.host_name or _("this host")
        LeaderboardSheet(self.app, HostArchive(self.app), host).open()

    def sit(self) -> None:
        self._join("sit")

    def watch(self) -> None:
        self._join("watch")

    def _join(self, verb: str) -> None:
        """Sit at or watch the chosen table; a friends-only one asks for its password."""
        table = self.list.value
        if table is None:
            return
        if table in self.list.locked:
            PasswordDialog(self.app, verb, table).open()
        else:
            self.join(verb, table, None)

    def join(self, verb: str, table: int, password: str | None) -> None:
        self.asked = (verb, table, bool(password))
        msg: dict[str, Any] = {"type": verb, "table": table}
        if password:
            msg["password"] = password
        self.app.send(msg)

    def resize(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        self.panel = pygame.Rect(0, 0, min(size[0] - 40, max(int(1100 * s), 760)),
                                 min(size[1] - 40, int(680 * s)))     # (room for the seats)
        self.panel.center = (size[0] // 2, size[1] // 2)
        inner = self.panel.inflate(-int(50 * s), 0)
        bh = int(46 * s)
        self.list.base_height = w.ColumnList.row_height_for(s)
        top = int(100 * s) + w.font(self.list.text_size()).get_linesize()   # column names
        chat_h = self._chat_font().get_linesize() * self._chat_lines(inner.width) + int(10 * s)
        self.list.rect = pygame.Rect(inner.left, self.panel.top + top, inner.width,
                                     self.panel.height - top - bh - chat_h - int(56 * s))
        self.list.fit_rows()
        self.chat_box = pygame.Rect(inner.left, self.list.rect.bottom + int(8 * s), inner.width,
                                    chat_h)
        gap = int(14 * s)
        x = inner.left
        room = inner.width - gap * (len(self.buttons) - 1)
        for b, bw in zip(self.buttons, w.row_widths(self.buttons, room)):
            b.rect = pygame.Rect(x, self.chat_box.bottom + int(14 * s), bw, bh)
            x += bw + gap

    def handle_event(self, event: pygame.event.Event) -> None:
        self.form.handle_event(event)

    def _chat_size(self) -> int:
        return max(w.MIN_TEXT, int(16 * self.app.scale))

    def _chat_font(self) -> pygame.font.Font:
        return w.font(self._chat_size())

    @staticmethod
    def _chat_head(said: bool) -> str:
        """The line over the lobby's chat: what it is, and how to write there (longer while
        nobody has ``said`` anything)."""
        return _("Lobby chat: everyone on this host reads it (F2 to write)") if said else \
            _("Lobby chat: nobody has said anything yet. Press F2 or Chat to write to everyone "
              "here.")

    def _head_rows(self, said: bool, width: int) -> list[str]:
        """The head of a chat box ``width`` pixels wide (`_chat_head`), wrapped, every word
        shown."""
        return w.wrap(self._chat_head(said), self._chat_font(), width - 2 * int(8 * self.app.scale))

    def _chat_lines(self, width: int) -> int:
        """Lines a chat box ``width`` pixels wide holds: its head over CHAT_ROWS rows of
        chat, or the longer head alone while nobody has said anything."""
        return max(len(self._head_rows(True, width)) + CHAT_ROWS,
                   len(self._head_rows(False, width)))

    def draw_chat(self, surface: pygame.Surface) -> None:
        """The head (whole, over as many lines as it takes), then the lobby's latest chat
        lines, newest last, wrapped (never cut)."""
        s = self.app.scale
        box = self.chat_box
        pygame.draw.rect(surface, (16, 30, 24), box, border_radius=int(6 * s))
        size = self._chat_size()
        f = self._chat_font()
        lh = f.get_linesize()
        pad = int(8 * s)
        lines = self.app.console.lobby
        y = box.top + int(4 * s)
        head = self._head_rows(bool(lines), box.width)
        for row in head:
            w.text(surface, row, (box.left + pad, y), size, w.DIM)
            y += lh
        rows: list[tuple[Any, str, bool]] = []
        bold = w.font(size, True)
        for line in lines[-CHAT_ROWS:]:
            room = box.width - 2 * pad - (bold.size(line.name)[0] - f.size(line.name)[0])
            for i, part in enumerate(w.wrap(line.name + line.text, f, room)):
                rows.append((line, part, i == 0))
        room_rows = self._chat_lines(box.width) - len(head)
        for line, part, first in rows[max(0, len(rows) - room_rows):]:
            x = box.left + pad
            if first and part.startswith(line.name):
                r = w.text(surface, line.name, (x, y), size, line.name_colour, bold=True)
                part, x = part[len(line.name):], r.right
            w.text(surface, part, (x, y), size)
            y += lh

    def _title_lines(self, title: str, room: int) -> list[tuple[str, int]]:
        """The lobby's title whole in ``room`` pixels (a host named after a long name):
        smaller, down to two thirds of its size, then on two lines (each line, size)."""
        s = self.app.scale
        size = w.fitting_size(title, int(32 * s), room, bold=True)
        smallest = max(w.MIN_TEXT, int(21 * s))
        if size >= smallest and w.font(size, True).size(title)[0] <= room:
            return [(title, size)]
        return [(line, smallest) for line in w.wrap(title, w.font(smallest, True), room)]

    def _names_h(self) -> int:
        """Room above the list for its column names."""
        return w.font(self.list.text_size()).get_linesize() + int(8 * self.app.scale)

    def draw(self, surface: pygame.Surface) -> None:
        self.app.draw_background(surface)
        s = self.app.scale
        sess = self.app.session
        w.panel(surface, self.panel)
        title = (_("Lobby of {host}").format(host=sess.host_name) if sess.host_name
                 else _("Lobby"))
        web = [u for u in self.app.link.local_web if "//127." not in u] or self.app.link.local_web
        qr = self.list.rect.top - self.panel.top - int(16 * s) \
            if sess.mode == "lan-host" and self.app.link.local_addresses and web else 0
        y = self.panel.top + int(18 * s)
        for line, size in self._title_lines(title, 2 * (self.list.rect.right - qr - int(10 * s)
                                                        - self.panel.centerx)):
            y = w.text(surface, line, (self.panel.centerx, y), size, w.ACCENT, bold=True,
                       anchor="midtop").bottom
        self.draw_chat(surface)
        base = self.list.rect.top - self._names_h()
        room = self.list.rect.width
        if sess.mode == "lan-host" and self.app.link.local_addresses:
            right = self.list.rect.right
            if qr:              # phones scan it to play in a browser (hearts/gui/qr.py)
                from .qr import draw_qr
                self.qr_rect = draw_qr(surface, web[0], (right, self.panel.top + int(8 * s)), qr)
                right -= self.qr_rect.width + int(10 * s)
            where = _("Others join at {addresses}").format(
                addresses=", ".join(self.app.link.local_addresses[:3]))
            where = w.fit(where, w.font(int(17 * s)), self.list.rect.width // 2)
            shown = w.text(surface, where, (right, base), int(17 * s), w.ACCENT,
                           anchor="bottomright")
            room = shown.left - int(16 * s) - self.list.rect.left
        # who you are, whole: smaller, then without the console's key (the Chat button
        # names it), then on two lines (upwards) beside the address
        name = sess.name or self.app.settings.name
        for you in (_("You are {name}.  F2 or ` opens the console.").format(name=name),
                    _("You are {name}.").format(name=name)):
            size = w.fitting_size(you, int(17 * s), room)
            if w.font(size).size(you)[0] <= room:
                break
        lines = w.wrap(you, w.font(size), room) if w.font(size).size(you)[0] > room else [you]
        step = w.font(size).get_linesize()
        for i, line in enumerate(lines):
            w.text(surface, line, (self.list.rect.left, base - (len(lines) - 1 - i) * step),
                   size, w.DIM, anchor="bottomleft")
        self.form.draw(surface)


class CreateTableDialog(Dialog):
    """Name and preset of a new table; "Rules…" opens every option."""

    title = N_("New table")

    def __init__(self, app: "Shell") -> None:
        super().__init__(app)
        self.rules: dict[str, Any] = {}
        self.name = w.TextInput(_("{name}'s table").format(name=app.settings.name),
                                max_len=Limits().max_title)
        self.preset = w.Choice(list(PRESETS), "standard", on_change=self._preset,
                               show=self._preset_text)
        self.more = w.Button(_("All rules…"), self.edit_rules)
        self.password = w.TextInput("", placeholder=_("none: anyone may join"), max_len=64,
                                    on_submit=lambda _: self.create())
        self.ok = w.Button(_("Create"), self.create, primary=True)
        self.cancel = w.Button(_("Cancel"), self.close)
        for x in (self.name, self.preset, self.more, self.password, self.ok, self.cancel):
            self.form.add(x)
        self.form.focus(self.name)

    def _preset(self, name: str) -> None:
        self.rules = {}

    def _preset_text(self, name: str) -> str:
        """The preset, or "custom (based on standard)" once the rules were changed."""
        from .rules_dialog import preset_words
        return preset_words(Rules.from_dict({"preset": name, **self.rules})) if self.rules \
            else preset_name(name)

    def edit_rules(self) -> None:
        from .rules_dialog import RulesDialog
        base = Rules.from_dict({"preset": self.preset.value, **self.rules}).to_dict()

        def keep(rules: dict[str, Any]) -> None:
            from hearts.engine.rule_options import nearest_preset
            chosen = Rules.from_dict(rules)
            name = chosen.preset_name()
            self.preset.value = name or nearest_preset(chosen)
            base = Rules.preset(self.preset.value).to_dict()
            self.rules = {} if name else {k: v for k, v in rules.items() if base.get(k) != v}
        RulesDialog(self.app, base, editable=True, on_apply=keep,
                    title=_("Rules of the new table")).open()

    def create(self) -> None:
        rules = {"preset": self.preset.value, **self.rules}
        self.close()
        msg: dict[str, Any] = {"type": "create_table", "name": self.name.value.strip() or None,
                               "rules": rules, "seat": 0}
        if self.password.value.strip():
            msg["password"] = self.password.value.strip()
        self.app.send(msg)

    def layout(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        self.rect = pygame.Rect(0, 0, int(520 * s), int(420 * s))
        self.rect.center = (size[0] // 2, size[1] // 2)
        x = self.rect.left + int(150 * s)
        fw = self.rect.right - int(30 * s) - x
        rh = int(44 * s)
        self.name.rect = pygame.Rect(x, self.rect.top + int(70 * s), fw, rh)
        self.preset.rect = pygame.Rect(x, self.name.rect.bottom + int(14 * s), fw, rh)
        self.more.rect = pygame.Rect(x, self.preset.rect.bottom + int(14 * s), fw, rh)
        self.password.rect = pygame.Rect(x, self.more.rect.bottom + int(32 * s), fw, rh)
        bw = int(150 * s)
        self.ok.rect = pygame.Rect(0, self.rect.bottom - rh - int(20 * s), bw, rh)
        self.ok.rect.right = self.rect.centerx - int(8 * s)
        self.cancel.rect = self.ok.rect.copy()
        self.cancel.rect.left = self.rect.centerx + int(8 * s)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.app.scale
        for label, r in ((_("Name"), self.name.rect), (_("Rules"), self.preset.rect),
                         (_("Password"), self.password.rect)):
            w.text(surface, label, (self.rect.left + int(30 * s), r.centery), int(20 * s),
                   anchor="midleft")
        w.text(surface, _("optional: friends-only table"), (self.password.rect.left,
               self.password.rect.bottom + 4), int(15 * s), w.DIM, anchor="topleft")


class PasswordDialog(Dialog):
    """Asks for a friends-only table's password, then sits or watches (``verb``)."""

    title = N_("Friends-only table")

    def __init__(self, app: "Shell", verb: str, table: int, wrong: bool = False) -> None:
        super().__init__(app)
        self.verb, self.table = verb, table
        name = next((t.get("name") for t in app.session.tables if t.get("id") == table), None)
        if name and wrong:
            self.message = _("That password does not open “{name}”: ask its owner again."
                             ).format(name=name)
        elif name:
            self.message = _("“{name}” is for friends only: type its password.").format(
                name=name)
        elif wrong:
            self.message = _("That password does not open table {number}: ask its owner "
                             "again.").format(number=table)
        else:
            self.message = _("Table {number} is for friends only: type its password.").format(
                number=table)
        self.field = w.TextInput("", max_len=64, on_submit=lambda _: self.ok())
        self.go = w.Button(_("Sit") if verb == "sit" else _("Watch"), self.ok, primary=True)
        self.cancel = w.Button(_("Cancel"), self.close)
        for x in (self.field, self.go, self.cancel):
            self.form.add(x)
        self.form.focus(self.field)
        self.layout(app.size)

    def ok(self) -> None:
        password = self.field.value.strip()
        if not password:
            self.message = _("Type the password the table's owner gave you.")
            self.layout(self.app.size)
            return
        self.close()
        if isinstance(self.app.screen, LobbyScreen):
            self.app.screen.join(self.verb, self.table, password)
        else:
            self.app.send({"type": self.verb, "table": self.table, "password": password})

    def layout(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        width = min(size[0] - 40, int(520 * s))
        self.lines = w.wrap(self.message, w.font(int(19 * s)), width - int(60 * s))
        more = max(0, len(self.lines) - 2) * int(22 * s)     # a third line: the panel grows
        self.rect = pygame.Rect(0, 0, width, int(250 * s) + more)
        self.rect.center = (size[0] // 2, size[1] // 2)
        rh = int(44 * s)
        self.field.rect = pygame.Rect(self.rect.left + int(30 * s),
                                      self.rect.top + int(104 * s) + more,
                                      self.rect.width - int(60 * s), rh)
        bw = int(150 * s)
        self.go.rect = pygame.Rect(0, self.rect.bottom - rh - int(20 * s), bw, rh)
        self.go.rect.right = self.rect.centerx - int(8 * s)
        self.cancel.rect = self.go.rect.copy()
        self.cancel.rect.left = self.rect.centerx + int(8 * s)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.app.scale
        icon = int(26 * s)
        draw_padlock(surface, pygame.Rect(self.rect.left + int(24 * s), self.rect.top + int(14 * s),
                                          int(icon * 0.8), icon))
        y = self.rect.top + int(62 * s) - (int(11 * s) if len(self.lines) > 1 else 0)
        for line in self.lines:
            w.text(surface, line, (self.rect.centerx, y), int(19 * s), anchor="midtop")
            y += int(22 * s)


class OwnerPasswordDialog(Dialog):
    """The owner locks the table with a password, or opens it again."""

    title = N_("Table password")

    def __init__(self, app: "Shell") -> None:
        super().__init__(app)
        self.locked = app.session.table is not None and app.session.table.locked
        self.field = w.TextInput("", max_len=64, placeholder=_("new password"),
                                 on_submit=lambda _: self.lock())
        self.buttons = [w.Button(_("Lock") if not self.locked else _("Change"), self.lock,
                                 primary=True)]
        if self.locked:
            self.buttons.append(w.Button(_("Open to all"), self.unlock))
        self.buttons.append(w.Button(_("Cancel"), self.close))
        for x in (self.field, *self.buttons):
            self.form.add(x)
        self.form.focus(self.field)
        self.layout(app.size)

    def lock(self) -> None:
        if self.field.value.strip():
            self.close()
            self.app.send({"type": "set_password", "password": self.field.value.strip()})

    def unlock(self) -> None:
        self.close()
        self.app.send({"type": "set_password", "password": None})

    def layout(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        self.rect = pygame.Rect(0, 0, min(size[0] - 40, int(600 * s)), int(250 * s))
        self.rect.center = (size[0] // 2, size[1] // 2)
        rh = int(44 * s)
        self.field.rect = pygame.Rect(self.rect.left + int(30 * s), self.rect.top + int(104 * s),
                                      self.rect.width - int(60 * s), rh)
        gap = int(14 * s)
        bw = (self.rect.width - int(60 * s) - gap * (len(self.buttons) - 1)) // len(self.buttons)
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(self.rect.left + int(30 * s) + i * (bw + gap),
                                 self.rect.bottom - rh - int(20 * s), bw, rh)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.app.scale
        text = (_("Friends only now: a new password replaces it.") if self.locked
                else _("Anyone may join now: a password makes it friends only."))
        w.text(surface, text, (self.rect.centerx, self.rect.top + int(62 * s)), int(19 * s),
               anchor="midtop")

