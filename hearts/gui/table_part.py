"""What every part of the table screen reads through the screen it belongs to."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .anim import Animator
    from .cards import CardArt
    from .table import TableScreen
    from .table_geometry import TableGeometry
    from .table_layout import Layout
    from .table_model import TableModel


class TablePart:
    """One part of the table screen (the painters, the input, the motions...): the state
    they share lives in the screen's model, geometry and playback."""

    def __init__(self, screen: "TableScreen") -> None:
        self.screen = screen

    @property
    def model(self) -> "TableModel":
        return self.screen.model

    @property
    def geo(self) -> "TableGeometry":
        return self.screen.geo

    @property
    def layout(self) -> "Layout":
        return self.screen.geo.layout

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.geo.size

    @property
    def art(self) -> "CardArt":
        return self.screen.geo.art

    @property
    def small_art(self) -> "CardArt":
        return self.screen.geo.small_art

    @property
    def anim(self) -> "Animator":
        return self.screen.playback.animator

    @property
    def clock(self) -> float:
        return self.screen.playback.time


__all__ = ["TablePart"]
