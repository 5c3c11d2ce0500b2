"""The player's settings as the table's parts read them (`TableLooks`): each with its
default, so a table shown without the app's settings (a preview, a test) still draws."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .anim import speed_scale

if TYPE_CHECKING:
    from .shell import Shell


class TableLooks:
    """One setting by name (`setting`), the text size and the motions' speed."""

    def __init__(self, app: "Shell") -> None:
        self.app = app

    def setting(self, name: str, default: Any) -> Any:
        return getattr(getattr(self.app, "settings", None), name, default)

    def ui_scale(self) -> float:
        """The text-size setting ``ui_scale`` (1.0: as the window gives)."""
        value = self.setting("ui_scale", 1.0)
        return float(value) if isinstance(value, (int, float)) and value > 0 else 1.0

    def anim_scale(self) -> float:
        """How long motions take, times their normal length (0: no motion)."""
        scale = self.setting("animation_scale", None)
        if isinstance(scale, (int, float)):
            return float(scale)
        return speed_scale(self.setting("animation", "normal"))


__all__ = ["TableLooks"]
