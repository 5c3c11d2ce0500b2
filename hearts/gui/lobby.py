"""The lobby of a host: its tables with their rules and seats; create, sit, watch."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame

from hearts.engine import PRESETS, Rules

from . import widgets as w
from .dialog import Dialog
from .screen import Screen

if TYPE_CHECKING:
    from .app import App

POLL_SECONDS = 2.0
STATE_TEXT = {"waiting": "waiting", "playing": "playing", "paused": "paused", "over": "game over"}


def seat_text(seat: dict[str, Any]) -> str:
    """One seat for a table list: a name, "bot (level)" or "free"."""
    kind = seat.get("kind")
    if kind == "human":
        return (seat.get("name") or "?") + ("" if seat.get("connected", True) else " (away)")
    if kind == "bot":
        return f"bot ({seat.get('level') or 'normal'})"
    return "free"


def table_row(t: dict[str, Any]) -> str:
    seats = " · ".join(seat_text(s) for s in t.get("seats") or ())
    state = STATE_TEXT.get(t.get("state", ""), t.get("state", ""))
    watchers = t.get("watchers") or 0
    extra = f", {watchers} watching" if watchers else ""
    return f"{t.get('name') or 'Table'} — {t.get('summary', '')} — {state}{extra} — {seats}"


class ConnectingScreen(Screen):
    """Shown while connecting or dealing; Escape or Cancel go back."""

    def __init__(self, app: "App", text: str) -> None:
        super().__init__(app)
        self.text = text
        self.cancel = w.Button("Cancel", app.disconnect)
        self.form = w.Form([self.cancel], on_cancel=app.disconnect)

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

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.list = w.ListBox(on_activate=lambda t: self.sit(), row_height=44,
                              empty="No tables yet: create one.")
        self.buttons = [
            w.Button("New table", self.create, primary=True),
            w.Button("Sit", self.sit),
            w.Button("Watch", self.watch),
            w.Button("Refresh", lambda: app.send({"type": "list_tables"})),
            w.Button("Leave host", app.disconnect),
        ]
        self.form = w.Form([self.list, *self.buttons], on_cancel=app.disconnect)
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
        self.list.set_rows([table_row(t) for t in tables], [t.get("id") for t in tables])
        if self.list.selected < 0 and tables:
            self.list.select(0)
        has = self.list.value is not None
        self.form.find("Sit").enabled = has       # type: ignore[union-attr]
        self.form.find("Watch").enabled = has     # type: ignore[union-attr]

    def on_message(self, message: dict[str, Any]) -> None:
        if message.get("type") == "tables":
            self.refresh()

    def create(self) -> None:
        CreateTableDialog(self.app).open()

    def sit(self) -> None:
        if self.list.value is not None:
            self.app.send({"type": "sit", "table": self.list.value})

    def watch(self) -> None:
        if self.list.value is not None:
            self.app.send({"type": "watch", "table": self.list.value})

    def resize(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        self.panel = pygame.Rect(0, 0, min(size[0] - 40, int(1100 * s)),
                                 min(size[1] - 40, int(680 * s)))
        self.panel.center = (size[0] // 2, size[1] // 2)
        inner = self.panel.inflate(-int(50 * s), 0)
        bh = int(46 * s)
        self.list.row_height = int(44 * s)
        self.list.rect = pygame.Rect(inner.left, self.panel.top + int(100 * s), inner.width,
                                     self.panel.height - int(100 * s) - bh - int(50 * s))
        gap = int(14 * s)
        bw = (inner.width - gap * (len(self.buttons) - 1)) // len(self.buttons)
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(inner.left + i * (bw + gap), self.list.rect.bottom + int(20 * s),
                                 bw, bh)

    def handle_event(self, event: pygame.event.Event) -> None:
        self.form.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.app.draw_background(surface)
        s = self.app.scale
        sess = self.app.session
        w.panel(surface, self.panel)
        title = f"Lobby of {sess.host_name}" if sess.host_name else "Lobby"
        w.text(surface, title, (self.panel.centerx, self.panel.top + int(18 * s)), int(32 * s),
               w.ACCENT, bold=True, anchor="midtop")
        w.text(surface, f"You are {sess.name or self.app.settings.name}.  ` opens the console.",
               (self.list.rect.left, self.list.rect.top - int(10 * s)), int(17 * s), w.DIM,
               anchor="bottomleft")
        if sess.mode == "lan-host" and self.app.local_addresses:
            where = "Others join at " + ", ".join(self.app.local_addresses[:3])
            w.text(surface, w.fit(where, w.font(int(17 * s)), self.list.rect.width // 2),
                   (self.list.rect.right, self.list.rect.top - int(10 * s)), int(17 * s),
                   w.ACCENT, anchor="bottomright")
        self.form.draw(surface)


class CreateTableDialog(Dialog):
    """Name and preset of a new table; "Rules…" opens every option."""

    title = "New table"

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.rules: dict[str, Any] = {}
        self.name = w.TextInput(f"{app.settings.name}'s table", max_len=24)
        self.preset = w.Choice(list(PRESETS), "standard", on_change=self._preset)
        self.more = w.Button("All rules…", self.edit_rules)
        self.ok = w.Button("Create", self.create, primary=True)
        self.cancel = w.Button("Cancel", self.close)
        for x in (self.name, self.preset, self.more, self.ok, self.cancel):
            self.form.add(x)
        self.form.focus(self.name)

    def _preset(self, name: str) -> None:
        self.rules = {}

    def edit_rules(self) -> None:
        from .rules_dialog import RulesDialog
        base = Rules.from_dict({"preset": self.preset.value, **self.rules}).to_dict()

        def keep(rules: dict[str, Any]) -> None:
            self.rules = rules
            name = Rules.from_dict(rules).preset_name()
            if name:
                self.preset.value = name
        RulesDialog(self.app, base, editable=True, on_apply=keep, title="Rules of the new table").open()

    def create(self) -> None:
        rules = {"preset": self.preset.value, **self.rules}
        self.close()
        self.app.send({"type": "create_table", "name": self.name.value.strip() or None,
                       "rules": rules, "seat": 0})

    def layout(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        self.rect = pygame.Rect(0, 0, int(520 * s), int(330 * s))
        self.rect.center = (size[0] // 2, size[1] // 2)
        x = self.rect.left + int(150 * s)
        fw = self.rect.right - int(30 * s) - x
        rh = int(44 * s)
        self.name.rect = pygame.Rect(x, self.rect.top + int(70 * s), fw, rh)
        self.preset.rect = pygame.Rect(x, self.name.rect.bottom + int(14 * s), fw, rh)
        self.more.rect = pygame.Rect(x, self.preset.rect.bottom + int(14 * s), fw, rh)
        bw = int(150 * s)
        self.ok.rect = pygame.Rect(0, self.rect.bottom - rh - int(20 * s), bw, rh)
        self.ok.rect.right = self.rect.centerx - int(8 * s)
        self.cancel.rect = self.ok.rect.copy()
        self.cancel.rect.left = self.rect.centerx + int(8 * s)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.app.scale
        for label, r in (("Name", self.name.rect), ("Rules", self.preset.rect)):
            w.text(surface, label, (self.rect.left + int(30 * s), r.centery), int(20 * s),
                   anchor="midleft")
        if self.rules:
            w.text(surface, "custom rules set", (self.more.rect.centerx, self.more.rect.bottom + 4),
                   int(15 * s), w.DIM, anchor="midtop")


class PlainTableScreen(Screen):
    """A text-only table, used only when the real table screen cannot be loaded."""

    is_table = True

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.view: dict[str, Any] | None = None

    def on_message(self, message: dict[str, Any]) -> None:
        if message.get("type") in ("table", "update") and message.get("view") is not None:
            self.view = message["view"]

    def handle_event(self, event: pygame.event.Event) -> None:
        v = self.view
        if v is None or event.type != pygame.KEYDOWN or event.key != pygame.K_RETURN:
            return
        if v.get("phase") == "pass" and v.get("passed") is None and v.get("seat") is not None:
            n = v["rules"]["pass_count"]
            self.app.send({"type": "pass", "cards": v["hand"][:n]})
        elif v.get("turn") == v.get("seat") and v.get("legal"):
            self.app.send({"type": "play", "card": v["legal"][0]})
        elif v.get("phase") == "moon-choice":
            self.app.send({"type": "moon", "choice": "add"})

    def draw(self, surface: pygame.Surface) -> None:
        self.app.draw_background(surface)
        v = self.view or {}
        lines = [f"phase {v.get('phase')}, turn {v.get('turn')}",
                 "hand: " + " ".join(v.get("hand") or []), "Enter plays the first legal card."]
        for i, line in enumerate(lines):
            w.text(surface, line, (40, 60 + 34 * i), 24)
