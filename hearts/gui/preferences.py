"""The player's settings, kept between runs (JSON under $XDG_CONFIG_HOME/hearts)."""

from __future__ import annotations

import dataclasses
import getpass
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hearts.bots.base import SEAT_LEVELS
from hearts.net.limits import Limits
from hearts.net.names import head
from hearts.playerkey import config_dir

ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
BOT_SPEEDS = ("slow", "normal", "fast")


def _default_name() -> str:
    try:
        return head(getpass.getuser() or "Player", Limits().max_name).capitalize()
    except Exception:  # no user name on some systems
        return "Player"



@dataclass
class Settings:
    """What the player chose; every field has a safe default."""

    name: str = field(default_factory=_default_name)
    deck: str = "classic"
    card_back: str = "blue"
    background: str = "green"
    animation: str = "normal"
    sounds: bool = True
    volume: float = 0.6                 # 0..1, the loudness of every sound
    ui_scale: float = 1.0               # text and controls, times the size the window gives
    bot_speed: str = "normal"           # how fast bots' cards follow each other
    trick_pause: float = 1.1            # seconds a finished trick stays on the table
    window: tuple[int, int] = (1280, 800)
    bot_level: str = "normal"
    last_address: str = ""
    bot_rules: dict[str, Any] = field(default_factory=dict)   # rules of new games against bots
    scores_at: tuple[float, float] | None = None   # where the small scoreboard was dragged
    language: str = ""                  # a catalogue's name ("de"...); "": the system's

    @classmethod
    def load(cls, path: Path | None = None) -> "Settings":
        """The saved settings; a missing or damaged file gives the defaults field by field."""
        path = path or config_dir() / "settings.json"
        s = cls()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return s
        if not isinstance(data, dict):
            return s
        for f in dataclasses.fields(cls):
            if f.name in data:
                value = s._checked(f.name, data[f.name])
                if value is not None:
                    setattr(s, f.name, value)
        return s

    def _checked(self, name: str, value: Any) -> Any:
        """``value`` if it fits field ``name``, else None."""
        if name == "window":
            if isinstance(value, (list, tuple)) and len(value) == 2 and all(
                    isinstance(v, int) and 320 <= v <= 10000 for v in value):
                return (int(value[0]), int(value[1]))
            return None
        if name == "scores_at":     # a fraction of the free room across and down
            if isinstance(value, (list, tuple)) and len(value) == 2 and all(
                    isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1
                    for v in value):
                return (float(value[0]), float(value[1]))
            return None
        if name == "sounds":
            return value if isinstance(value, bool) else None
        if name in _RANGES:
            low, high = _RANGES[name]
            if isinstance(value, (int, float)) and not isinstance(value, bool) \
                    and low <= value <= high:
                return float(value)
            return None
        if name == "bot_rules":
            from hearts.engine import Rules, RulesError
            try:
                return Rules.from_dict(value).changes() if isinstance(value, dict) else None
            except (RulesError, TypeError):
                return None
        if not isinstance(value, str):
            return None
        if name == "name":
            value = head(value.strip(), Limits().max_name)
            return value or None
        if name == "animation" and value not in ANIMATION_SPEEDS:
            return None
        if name == "bot_level" and value not in SEAT_LEVELS:
            return None
        if name == "bot_speed" and value not in BOT_SPEEDS:
            return None
        if name == "language" and (len(value) > 35 or value.strip() != value):
            return None
        return value

    def save(self, path: Path | None = None) -> Path:
        """Write the settings (atomically); returns the file's path."""
        path = path or config_dir() / "settings.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        data = dataclasses.asdict(self)
        data["window"] = list(self.window)
        data["scores_at"] = list(self.scores_at) if self.scores_at is not None else None
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        os.replace(tmp, path)
        return path

    @property
    def animation_scale(self) -> float:
        """Multiplier on animation durations; 0 means no animation."""
        return {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.6}[self.animation]


_RANGES = {"volume": (0.0, 1.0), "ui_scale": (0.5, 2.0), "trick_pause": (0.2, 5.0)}


__all__ = ["ANIMATION_SPEEDS", "BOT_SPEEDS", "Settings", "config_dir"]
