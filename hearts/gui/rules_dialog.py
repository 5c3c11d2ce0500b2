"""The rules dialog: the presets and every option of docs/rules.md.

Editable for the table's owner (Apply sends ``set_rules``; while a game runs only the
target can change, with ``set_target``), read-only for everyone else. The lobby's "New
table" uses it with ``on_apply`` to collect rules instead of sending them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from hearts.engine import PRESETS, Rules, RulesError
from hearts.engine.rule_options import OPTIONS

from . import widgets as w
from .dialog import Dialog

if TYPE_CHECKING:
    from .app import App

CUSTOM = "custom"
PASS_CYCLES = (("left", "right", "across", "hold"), ("left", "right", "across"), ("left",),
               ("right",), ("across",), ("hold",), ("left", "right"), ("left", "right", "hold"))
def value_widget(name: str, value: Any, on_change: Callable[[Any], Any],
                 enabled: bool) -> w.Widget:
    """The right widget for rule option ``name``."""
    option = OPTIONS[name]
    if option.kind == "cycle":
        value = tuple(value)
        options = list(PASS_CYCLES) + ([value] if value not in PASS_CYCLES else [])
        return w.Choice(options, value, on_change=on_change, show=option.words, enabled=enabled)
    if option.kind == "choice":
        return w.Choice(option.values, value, on_change=on_change, show=option.words,
                        enabled=enabled)
    if option.kind == "bool":
        return w.Toggle(bool(value), on_change=on_change, enabled=enabled)
    low, high = option.bounds
    return w.NumberField(value, low, high, on_change=on_change,
                         optional=option.kind == "optional-int", enabled=enabled)


class RulesDialog(Dialog):
    """Every option in two columns, a preset chooser on top, a description of the focused row."""

    def __init__(self, app: "App", rules: dict[str, Any], editable: bool, locked: bool = False,
                 on_apply: Callable[[dict[str, Any]], Any] | None = None,
                 title: str | None = None) -> None:
        super().__init__(app)
        try:
            current = Rules.from_dict(rules or {})
        except RulesError:
            current = Rules()
        self.original = current.to_dict()
        self.draft = dict(self.original)
        self.editable = editable
        self.locked = locked and on_apply is None
        self.on_apply = on_apply
        self.title = title or ("Table rules" if editable else "Table rules (set by the owner)")
        self.error = ""
        self.preset = w.Choice([*PRESETS, CUSTOM], current.preset_name() or CUSTOM,
                               on_change=self._preset, enabled=editable and not self.locked)
        self.preset.options.remove(CUSTOM)
        if self.preset.value == CUSTOM or current.preset_name() is None:
            self.preset.options.append(CUSTOM)
            self.preset.value = CUSTOM
        self.form.add(self.preset)
        self.fields: dict[str, w.Widget] = {}
        self._build_fields()
        buttons: list[w.Button] = []
        if editable:
            buttons.append(w.Button("Apply" if on_apply is None else "OK", self.apply,
                                    primary=True))
            buttons.append(w.Button("Cancel", self.close))
        else:
            buttons.append(w.Button("Close", self.close, primary=True))
        self.buttons = buttons
        for b in buttons:
            self.form.add(b)
        self.form.focus(self.preset if self.preset.enabled else buttons[0])

    def _build_fields(self) -> None:
        for old in self.fields.values():
            self.form.widgets.remove(old)
        self.fields = {}
        at = 1
        for name in Rules.names():
            enabled = self.editable and (not self.locked or name == "target")
            widget = value_widget(name, self.draft[name], self._setter(name), enabled)
            self.fields[name] = widget
            self.form.widgets.insert(at, widget)
            at += 1
        if self.rect.width > 400:
            self.layout(self.app.size)

    def _setter(self, name: str) -> Callable[[Any], None]:
        def set_value(v: Any) -> None:
            self.draft[name] = list(v) if name == "pass_cycle" else v
            self.error = ""
            self._sync_preset()
        return set_value

    def _sync_preset(self) -> None:
        try:
            name = Rules.from_dict(self.draft).preset_name()
        except RulesError:
            name = None
        if name is None:
            if CUSTOM not in self.preset.options:
                self.preset.options.append(CUSTOM)
            self.preset.value = CUSTOM
        else:
            self.preset.value = name

    def _preset(self, name: str) -> None:
        if name == CUSTOM:
            return
        self.draft = Rules.preset(name).to_dict()
        focused = self.form.focused
        self._build_fields()
        self.form.focus(focused if focused in self.form.widgets else self.preset)

    def changes(self) -> dict[str, Any]:
        """The draft options that differ from the rules the dialog opened with."""
        return {k: v for k, v in self.draft.items() if self.original.get(k) != v}

    def apply(self) -> None:
        bad = [n for n, x in self.fields.items() if isinstance(x, w.NumberField) and not x.valid]
        if bad:
            self.error = f"{OPTIONS[bad[0]].label} must be {OPTIONS[bad[0]].accepts()}."
            return
        try:
            Rules.from_dict(self.draft)
        except RulesError as e:
            self.error = str(e)
            return
        if self.on_apply is not None:
            self.close()
            self.on_apply(dict(self.draft))
            return
        changes = self.changes()
        self.close()
        if not changes:
            return
        if self.locked:
            if "target" in changes:
                self.app.send({"type": "set_target", "target": changes["target"]})
            return
        self.app.send({"type": "set_rules", "rules": changes})

    def on_message(self, message: dict[str, Any]) -> None:
        # Rules changed by the owner while a reader has the dialog open: show them.
        if message.get("type") == "table" and not self.editable:
            rules = (message.get("table") or {}).get("rules")
            if rules:
                self.draft = Rules.from_dict(rules).to_dict()
                self._build_fields()
                self._sync_preset()

    def layout(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        names = Rules.names()
        half = (len(names) + 1) // 2
        rh, gap = int(32 * s), int(6 * s)
        width = min(size[0] - 20, int(1180 * s))
        height = min(size[1] - 20, int(120 * s) + half * (rh + gap) + int(100 * s))
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (size[0] // 2, size[1] // 2)
        rh = min(rh, (height - int(220 * s)) // half - gap)
        col_w = (width - int(60 * s)) // 2
        label_w = int(col_w * 0.46)
        self.preset.rect = pygame.Rect(0, self.rect.top + int(56 * s), int(300 * s), int(36 * s))
        self.preset.rect.centerx = self.rect.centerx + int(40 * s)
        self.label_rects: dict[str, pygame.Rect] = {}
        top = self.preset.rect.bottom + int(20 * s)
        for i, name in enumerate(names):
            col, row = divmod(i, half)
            x = self.rect.left + int(20 * s) + col * (col_w + int(20 * s))
            y = top + row * (rh + gap)
            self.label_rects[name] = pygame.Rect(x, y, label_w, rh)
            self.fields[name].rect = pygame.Rect(x + label_w + 8, y, col_w - label_w - 8, rh)
        bw, bh = int(150 * s), int(42 * s)
        total = len(self.buttons) * bw + (len(self.buttons) - 1) * int(16 * s)
        x = self.rect.centerx - total // 2
        for b in self.buttons:
            b.rect = pygame.Rect(x, self.rect.bottom - bh - int(14 * s), bw, bh)
            x += bw + int(16 * s)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.app.scale
        size = int(16 * s)
        w.text(surface, "Preset", (self.preset.rect.left - int(12 * s), self.preset.rect.centery),
               int(18 * s), anchor="midright")
        for name, r in self.label_rects.items():
            changed = self.draft[name] != Rules().to_dict()[name]
            w.text(surface, w.fit(OPTIONS[name].label, w.font(size), r.width),
                   (r.left, r.centery), size, w.ACCENT if changed else w.TEXT, anchor="midleft")
        focused = self.form.focused
        note = ""
        if self.error:
            note, colour = self.error, w.RED
        elif focused in self.fields.values():
            name = next(n for n, x in self.fields.items() if x is focused)
            note, colour = OPTIONS[name].help, w.TEXT
        elif self.locked and self.editable:
            note, colour = "While a game runs only the target can change.", w.DIM
        elif not self.editable:
            note, colour = "Only the table's owner can change the rules.", w.DIM
        if note:
            lines = w.wrap(note, w.font(size), self.rect.width - int(60 * s))[:2]
            y = self.buttons[0].rect.top - int(6 * s)
            for line in reversed(lines):
                r = w.text(surface, line, (self.rect.centerx, y), size, colour,
                           anchor="midbottom")
                y = r.top
