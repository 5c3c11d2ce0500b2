"""Table controls: the table menu (Escape at a table) and a seat's menu.

The owner starts, pauses and resumes the game, edits the rules, kicks a person from a
seat and chooses the bot level per seat; everyone else sees the rules and can leave.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import pygame

from hearts.bots.base import SEAT_LEVELS, level_words
from hearts.i18n import N_, _
from hearts.net.mirror import TableInfo
from hearts.net.words import PLACES

from . import widgets as w
from .dialog import Dialog
from .lobby import seat_text

if TYPE_CHECKING:
    from .shell import Shell

# TRANSLATORS: the keys of the table (the key, then what it does): key names as your
# keyboards print them ("Strg-Q"), the keys themselves unchanged
KEYS = (
    (N_("← →"), N_("choose a card")), (N_("Enter, ↑"), N_("play it / pass the chosen cards")),
    (N_("1 … 9 0 - ="), N_("pick cards to pass")), (N_("T"), N_("claim the rest (TRAM)")),
    (N_("A / S"), N_("add or subtract after a moon")), (N_("Tab"), N_("scores")),
    (N_("L"), N_("last trick")), (N_("R"), N_("review the hand just scored, trick by trick")),
    (N_("Ctrl-H"), N_("hint")), (N_("Ctrl-U"), N_("undo (where the rules allow)")),
    (N_("Ctrl-R"), N_("reveal hands (open-hands tables)")), (N_("Ctrl-N"), N_("new game")),
    (N_("Ctrl-S"), N_("sound on / off")), (N_("F1"), N_("rules")),
    (N_("F2  or  `"), N_("chat and /commands (console)")), (N_("Esc"), N_("table menu")),
    (N_("F11"), N_("full screen")), (N_("Ctrl-Q"), N_("quit")),
)


def seat_place(app: "Shell", seat: int) -> str:
    """Where ``seat`` sits as the table shows it to this client: South (us), West, North,
    East. Menus and the console name seats this way, as the name plates do."""
    me = app.session.seat if app.session.seat is not None else 0
    return _(PLACES[(seat - me) % 4])


def seat_label(app: "Shell", seat: int) -> str:
    """"West: Alice" as seen from this client's seat (the name plate's place and name)."""
    tbl = app.session.table
    info = dataclasses.asdict(tbl.seats[seat]) if tbl is not None else {}
    if seat == app.session.seat:
        return _("{place}: {seat} (you)").format(place=seat_place(app, seat), seat=seat_text(info))
    return _("{place}: {seat}").format(place=seat_place(app, seat), seat=seat_text(info))


class TableMenu(Dialog):
    """Game controls and the four seats; rebuilt when the table changes."""

    title = N_("Table")

    def __init__(self, app: "Shell") -> None:
        super().__init__(app)
        self.build()

    def build(self) -> None:
        app = self.app
        sess = app.session
        tbl = sess.table or TableInfo()
        state = tbl.state
        owner = sess.owner
        self.form = w.Form(on_cancel=self.close)
        from .rules_dialog import preset_words
        self.title = tbl.name or _("Table")
        self.subtitle = _("Rules: {rules} · game to {target}").format(
            rules=preset_words(tbl.rules), target=tbl.rules.target)
        self.items: list[w.Button] = []

        def add(label: str, action: Any, enabled: bool = True, primary: bool = False) -> None:
            b = w.Button(label, action, enabled=enabled, primary=primary)
            self.items.append(b)
            self.form.add(b)
        add(_("Back to the game"), self.close, primary=True)
        if owner:
            if state in ("waiting", "over"):
                add(_("Start the game") if state == "waiting" else _("New game"), self._start)
            elif state == "playing":
                add(_("Pause"), lambda: self._send({"type": "pause"}))
            elif state == "paused":
                add(_("Resume"), lambda: self._send({"type": "resume"}))
            if state in ("playing", "paused"):
                add(_("End the game…"), self._end)
        add(_("Rules…") if owner else _("Rules (read-only)…"), self._rules)
        if owner and sess.mode != "bots":          # no friends to keep out of a solo game
            add(_("Password (friends only)…") if not tbl.locked
                else _("Password: friends only…"), self._password)
        me = sess.seat if sess.seat is not None else 0
        for seat in sorted(range(4), key=lambda x: (x - me) % 4):   # south, west, north, east
            add(seat_label(app, seat), lambda s=seat: self._seat(s),
                enabled=owner or seat != sess.seat)
        add(_("Settings…"), self._settings)
        add(_("Chat and commands  (F2)"), self._console)
        add(_("Keys…"), self._keys)
        add(_("Leave the table"), self._leave)
        self.form.focus_first()
        self.layout(app.size)

    def _send(self, msg: dict[str, Any]) -> None:
        self.close()
        self.app.send(msg)

    def _seat(self, seat: int) -> None:
        self.close()                     # one menu at a time: the seat's replaces this one
        SeatMenu(self.app, seat).open()

    def _start(self) -> None:
        self._send({"type": "start"})

    def _end(self) -> None:
        self.close()
        keep = _("Keep playing")
        self.app.message(_("End the game"), _("End this game now? You can change the rules and "
                                              "deal a new one afterwards."),
                         {_("End it"): lambda: self.app.send({"type": "command",
                                                              "text": "/end now"}),
                          keep: None}, default=keep)

    def _rules(self) -> None:
        self.close()
        self.app.commands.show_rules()

    def _password(self) -> None:
        from .lobby import OwnerPasswordDialog
        self.close()
        OwnerPasswordDialog(self.app).open()

    def _console(self) -> None:
        self.close()
        self.app.console.open()

    def _settings(self) -> None:
        from .settings import SettingsDialog
        self.close()
        SettingsDialog(self.app).open()

    def _keys(self) -> None:
        self.close()
        KeysDialog(self.app).open()

    def _leave(self) -> None:
        self.close()
        self.app.commands.leave_table()

    def on_message(self, message: dict[str, Any]) -> None:
        if message.get("type") == "table":
            focus = self.form.focus_index
            self.build()
            if 0 <= focus < len(self.form.widgets):
                self.form.focus(self.form.widgets[focus])

    def layout(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        width = min(size[0] - 20, max(int(560 * s), self.widest_label() + int(60 * s)))
        title_f = w.font(int(26 * s), True)
        self.title_lines = w.wrap(self.title, title_f, width - int(30 * s))
        sub_f = w.font(int(16 * s))
        self.sub_lines = w.wrap(self.subtitle, sub_f, width - int(40 * s))[:2]
        head = int(14 * s) + len(self.title_lines) * title_f.get_linesize() \
            + len(self.sub_lines) * sub_f.get_linesize() + int(12 * s)
        bh, gap = int(42 * s), int(10 * s)
        room = size[1] - 20 - head - int(16 * s)
        if len(self.items) * (bh + gap) > room:       # a small window: shorter buttons
            gap = max(4, int(6 * s))
            bh = max(24, room // len(self.items) - gap)
        height = head + len(self.items) * (bh + gap) + int(16 * s)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (size[0] // 2, size[1] // 2)
        y = self.rect.top + head
        for b in self.items:
            b.rect = pygame.Rect(self.rect.left + int(30 * s), y, width - int(60 * s), bh)
            y += bh + gap

    def draw(self, surface: pygame.Surface) -> None:
        title, self.title = self.title, ""      # drawn here, wrapped, with the rules under it
        super().draw(surface)
        self.title = title
        s = self.app.scale
        y = self.rect.top + int(14 * s)
        for line in self.title_lines:
            r = w.text(surface, line, (self.rect.centerx, y), int(26 * s), w.ACCENT, bold=True,
                       anchor="midtop")
            y = r.bottom
        for line in self.sub_lines:
            r = w.text(surface, line, (self.rect.centerx, y + int(2 * s)), int(16 * s), w.DIM,
                       anchor="midtop")
            y = r.bottom


class SeatMenu(Dialog):
    """One seat: who plays there, then what this person may do: kick the person and the bot
    level (owner), sit here (anyone, when the host lets them); everyone else is told that
    only the owner changes seats."""

    def __init__(self, app: "Shell", seat: int) -> None:
        super().__init__(app)
        self.seat = seat
        self.build()

    def build(self) -> None:
        app = self.app
        sess = app.session
        tbl = sess.table or TableInfo()
        info = tbl.seats[self.seat]
        kind = info.kind
        state = tbl.state
        running = state in ("playing", "paused")
        self.title = seat_label(app, self.seat)
        self.form = w.Form(on_cancel=self.close)
        self.items: list[w.Widget] = []
        self.notes = [seat_about(tbl, self.seat, sess.seat)]
        self.level: w.Choice | None = None
        if sess.owner and kind == "human" and self.seat != sess.seat:
            self._add(w.Button(_("Kick {name}").format(name=info.name) if info.name
                               else _("Kick this player"), self.kick))
        if sess.owner and kind in ("bot", "empty"):
            self.level = w.Choice(SEAT_LEVELS, info.level or app.settings.bot_level,
                                  show=lambda v: _("Bot level: {level}").format(
                                      level=level_words(v)))
            self._add(self.level)
            self._add(w.Button(_("Set bot") if kind == "empty" else _("Change bot level"), self.set_bot))
            if kind == "bot" and state == "waiting":
                self._add(w.Button(_("Remove the bot"), self.remove_bot))
        if kind in ("empty", "bot") and self.seat != sess.seat:
            if sess.seat is None or not running:          # no seat swaps mid-game
                self._add(w.Button(_("Sit here from the next hand") if running and kind == "bot"
                                   else _("Sit here"), self.sit))
            else:
                self.notes.append(_("You can move to this seat between games."))
        if not sess.owner:
            owner = tbl.seats[tbl.owner_seat].name if tbl.owner_seat is not None else None
            self.notes.append(_("Only the table's owner ({name}) can kick players or change "
                                "the bots.").format(name=owner) if owner else
                              _("Only the table's owner can kick players or change the bots."))
        # not drawn as a default: the focused button alone looks selected
        self._add(w.Button(_("Close"), self.close))
        self.form.focus_first()
        self.layout(app.size)

    def _add(self, widget: w.Widget) -> None:
        self.items.append(widget)
        self.form.add(widget)

    def kick(self) -> None:
        """Ask first; Cancel is the focused default (Enter keeps the player)."""
        self.close()
        tbl = self.app.session.table
        name = (tbl.seats[self.seat].name if tbl is not None else None) or _("this player")
        running = tbl is not None and tbl.state in ("playing", "paused")
        table = tbl.name if tbl is not None else ""
        if running and table:
            text = _("{name} leaves “{table}” and cannot come back unless you /allow them. "
                     "A bot plays their seat.").format(name=name, table=table)
        elif running:
            text = _("{name} leaves the table and cannot come back unless you /allow them. "
                     "A bot plays their seat.").format(name=name)
        elif table:
            text = _("{name} leaves “{table}” and cannot come back unless you /allow them."
                     ).format(name=name, table=table)
        else:
            text = _("{name} leaves the table and cannot come back unless you /allow them."
                     ).format(name=name)
        cancel = _("Cancel")
        self.app.message(_("Kick {name}?").format(name=name), text,
                         {_("Kick"): lambda: self.app.send({"type": "kick", "seat": self.seat}),
                          cancel: None}, default=cancel)

    def set_bot(self) -> None:
        self.close()
        level = self.level.value if self.level else self.app.settings.bot_level
        self.app.send({"type": "bot", "seat": self.seat, "level": level})

    def remove_bot(self) -> None:
        self.close()
        self.app.send({"type": "bot", "seat": self.seat, "level": None})

    def sit(self) -> None:
        self.close()
        tbl = self.app.session.table
        # The host moves a seated player to the new seat (between games).
        self.app.send({"type": "sit", "table": tbl.id if tbl else 0, "seat": self.seat})

    def on_message(self, message: dict[str, Any]) -> None:
        if message.get("type") == "table":
            self.build()

    def layout(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        bh, gap = int(42 * s), int(10 * s)
        width = min(size[0] - 20, max(int(520 * s), self.widest_label() + int(60 * s)))
        f = w.font(self._note_size())
        self.note_lines = [line for note in self.notes
                           for line in w.wrap(note, f, width - int(60 * s))]
        notes_h = len(self.note_lines) * f.get_linesize() + int(10 * s)
        height = int(62 * s) + notes_h + len(self.items) * (bh + gap) + int(16 * s)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (size[0] // 2, size[1] // 2)
        y = self.rect.top + int(62 * s) + notes_h
        for x in self.items:
            x.rect = pygame.Rect(self.rect.left + int(30 * s), y, width - int(60 * s), bh)
            y += bh + gap

    def _note_size(self) -> int:
        return max(w.MIN_TEXT, int(17 * self.app.scale))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.app.scale
        size = self._note_size()
        y = self.rect.top + int(56 * s)
        for line in self.note_lines:
            r = w.text(surface, line, (self.rect.left + int(30 * s), y), size)
            y = r.top + w.font(size).get_linesize()


def seat_about(tbl: TableInfo, seat: int, me: int | None) -> str:
    """One sentence on who plays ``seat``, for its menu."""
    info = tbl.seats[seat]
    if seat == me:
        return _("This is your seat.")
    if info.kind == "human":
        name = info.name or _("Someone")
        if seat == tbl.owner_seat:
            name = _("{name} (the table's owner)").format(name=name)
        if not info.connected or info.auto:
            return _("{name} plays here; away now, so a bot ({level}) plays for them until they "
                     "come back.").format(name=name, level=level_words(info.level or "normal"))
        return _("{name} plays here.").format(name=name)
    if info.kind == "bot":
        return _("{name}, a bot ({level}), plays here.").format(
            name=info.name or _("A bot"), level=level_words(info.level or "normal"))
    return _("Nobody sits here yet: a bot takes the seat when the game starts.") \
        if tbl.state == "waiting" else _("Nobody sits here.")


class KeysDialog(Dialog):
    """Every key of the table, in two columns."""

    title = N_("Keys")

    def __init__(self, app: "Shell") -> None:
        super().__init__(app)
        self.ok = self.form.add(w.Button(_("OK"), self.close, primary=True))
        self.form.focus_first()

    def layout(self, size: tuple[int, int]) -> None:
        """As wide as the longest key and action need (a smaller size where the window is
        too narrow for them at the usual one)."""
        s = self.app.scale
        self.line = int(27 * s)
        self.size = max(w.MIN_TEXT, int(18 * s))
        pad = int(30 * s)
        while True:
            keys_w = max(w.font(self.size, True).size(_(k))[0] for k, _a in KEYS)
            acts_w = max(w.font(self.size).size(_(a))[0] for _k, a in KEYS)
            split = max(int(640 * s * 0.36), pad + keys_w + int(16 * s))
            width = max(int(640 * s), split + acts_w + pad)
            if width <= size[0] - 20 or self.size <= w.MIN_TEXT:
                break
            self.size -= 1
        self.rect = pygame.Rect(0, 0, min(size[0] - 20, width),
                                int(80 * s) + len(KEYS) * self.line + int(70 * s))
        self.rect.center = (size[0] // 2, size[1] // 2)
        self.split = self.rect.left + split
        self.ok.rect = pygame.Rect(0, 0, int(150 * s), int(42 * s))
        self.ok.rect.midbottom = (self.rect.centerx, self.rect.bottom - int(16 * s))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.app.scale
        y = self.rect.top + int(64 * s)
        for key, action in KEYS:
            w.text(surface, _(key), (self.split - int(16 * s), y), self.size, w.ACCENT,
                   bold=True, anchor="topright")
            w.text(surface, _(action), (self.split, y), self.size)
            y += self.line
