"""What every part of the table screen shares (`TableStage`: the model, the geometry, the
motions, the time shown and the painters' surfaces), and the base of the parts (`TablePart`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from .anim import Animator
    from .cards import CardArt
    from .table_geometry import TableGeometry
    from .table_layout import Layout
    from .table_model import TableModel


class TableStage:
    """The state the table's parts share; only `Playback` moves ``time`` on."""

    def __init__(self, model: "TableModel", geo: "TableGeometry", animator: "Animator") -> None:
        self.model = model
        self.geo = geo
        self.animator = animator
        self.time = 0.0                 # seconds shown so far
        self.cache: dict[Any, pygame.Surface] = {}          # surfaces keyed by what they show
        self.tilted_cache: dict[Any, pygame.Surface] = {}


class TablePart:
    """One part of the table screen (the painters, the input, the motions...), given the
    stage and, by its own constructor, the other parts it uses."""

    def __init__(self, stage: TableStage) -> None:
        self.stage = stage

    @property
    def model(self) -> "TableModel":
        return self.stage.model

    @property
    def geo(self) -> "TableGeometry":
        return self.stage.geo

    @property
    def layout(self) -> "Layout":
        return self.stage.geo.layout

    @property
    def size(self) -> tuple[int, int]:
        return self.stage.geo.size

    @property
    def art(self) -> "CardArt":
        return self.stage.geo.art

    @property
    def small_art(self) -> "CardArt":
        return self.stage.geo.small_art

    @property
    def anim(self) -> "Animator":
        return self.stage.animator

    @property
    def clock(self) -> float:
        return self.stage.time


__all__ = ["TablePart", "TableStage"]
