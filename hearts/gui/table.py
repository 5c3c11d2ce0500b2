"""The table screen: your hand, the opponents, the trick, passing, scores, dialogs.

It renders only what the host sends (docs/protocol.md): the seat's view (a
``View.to_dict()`` map), the ``table`` facts (names, humans and bots, owner, totals,
every scored hand) and the changes of each ``update``. The screen is made of parts that
each own one job, as in the pygame-ce examples:

- `TableModel` (table_model.py): what the table shows now, plain state;
- `TableGeometry` (table_geometry.py): where things are, and what a point hits;
- `Playback` (table_playback.py): the host's messages folded in as their motions play;
- `Feedback` (table_feedback.py): sounds, notices, bubbles, the hint;
- `TableControls` (table_controls.py): the buttons and the intents they send;
- `TableInput` (table_input.py): mouse and keys;
- `TablePainter`, `PanelPainter`, `SheetPainter` (table_painter/_panels/_sheets.py): drawing.

Each part is given what it uses when it is made: the `TableStage` they all share (the model,
the geometry, the motions, the time shown, table_part.py), the `TableLooks` (settings), the
app (`Shell`) and the parts built before it. What a part needs of one built after it (the
controls' `relayout`, where the sheets stand) is wired here, once both exist.

Their sentences come from `hearts.net.words`. The app calls `notify` (a wrapped notice) and
`set_disconnected` (greyed, no input).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from hearts.engine import Card, View
from hearts.net import words
from hearts.net.mirror import Folded, TableInfo

from . import sounds as sfx
from .anim import Animator
from .cards import CardArt
from .screen import Screen
from .table_controls import TableControls
from .table_draw import Button
from .table_feedback import NOTE_SECONDS, Feedback
from .table_geometry import TableGeometry
from .table_input import TableInput
from .table_layout import Layout
from .table_looks import TableLooks
from .table_model import TableModel
from .table_painter import TablePainter
from .table_panels import PanelPainter
from .table_part import TableStage
from .table_playback import Playback
from .table_sheets import SheetPainter

if TYPE_CHECKING:
    from .shell import Shell


class TableScreen(Screen):
    """The table. Feed it the session mirror's steps with `on_folded` and the other host
    messages with `on_message`; it sends intents with app.send."""

    is_table = True

    def __init__(self, app: "Shell", sounds: sfx.Sounds | None = None) -> None:
        super().__init__(app)
        # where the player dragged the small scoreboard (kept in the settings)
        self.model = TableModel(scores_at=app.settings.scores_at)
        self.looks = TableLooks(app)
        self.geo = TableGeometry(self.model, self.looks, app.size)
        self.stage = TableStage(self.model, self.geo, Animator(scale=self.looks.anim_scale()))
        self.feedback = Feedback(self.stage, self.looks, sounds)
        self.playback = Playback(self.stage, self.looks, self.feedback, app)
        self.controls = TableControls(self.stage, app, self.feedback, self.playback)
        self.panels = PanelPainter(self.stage, app, self.controls)
        self.sheets = SheetPainter(self.stage, self.panels, self.controls, self.playback)
        self.input = TableInput(self.stage, app, self.controls, self.playback, self.sheets)
        self.painter = TablePainter(self.stage, self.looks, self.panels, self.sheets,
                                    self.controls, self.input, self.playback, self.resize)
        # what a part needs of one made after it
        self.feedback.relayout = self.playback.relayout = self.controls.relayout
        self.geo.sheets = self.controls.sheets = self.panels.sheets = self.sheets
        self.geo.status = self.painter.plate_status
        self.resize(app.size)

    # -- point of view ---------------------------------------------------------------------------
    @property
    def voice(self) -> words.Voice:
        """Who reads the table's sentences: this seat (None when watching)."""
        return self.model.voice

    # -- what the app calls ---------------------------------------------------------------------
    def on_message(self, message: dict[str, Any]) -> None:
        self.playback.on_message(message)

    def on_folded(self, steps: list[Folded]) -> None:
        self.playback.on_folded(steps)

    def notify(self, text: str) -> None:
        """Show ``text`` in the table's notice area (wrapped, never cut) until the player's
        next action or the next hand: rule changes, others kicked, and the like."""
        self.feedback.note(text, NOTE_SECONDS["info"] * 2)

    def set_disconnected(self, text: str | None) -> None:
        """Grey the table and refuse all input while the connection is lost (``text`` says
        why); None when connected again (the host then sends the table afresh)."""
        m = self.model
        m.disconnected = text
        if text is not None:
            # an action on its way may never have reached the host: said when back
            v = m.view
            if m.pending is not None:
                m.lost = (m.pending,)
            elif m.pass_sent and v is not None and v.phase == "pass" and not v.has_passed[v.seat]:
                m.lost = (None,)
            m.pending = None
            self.input.reset()

    def show_view(self, view: View, info: TableInfo | None = None) -> None:
        """Show a view directly (no host): for previews, tests and screenshots."""
        self.playback.show_view(view, info)

    def handle_event(self, event: pygame.event.Event) -> None:
        self.input.handle_event(event)

    def update(self, dt: float) -> None:
        self.playback.update(dt)
        self.geo.warm()

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        self.stage.animator.snap()          # motions were laid out for the old size
        self.stage.cache.clear()
        self.stage.tilted_cache.clear()
        self.geo.resize(size)
        self.controls.relayout()

    @property
    def animating(self) -> bool:
        return self.playback.animating

    @property
    def changing(self) -> bool:
        m = self.model
        return bool(m.timer or m.notes or m.notice or m.bubbles or m.summary is not None
                    or m.hint)

    # -- what tests, benchmarks and the app's other parts read -----------------------------------
    @property
    def layout(self) -> Layout:
        return self.geo.layout

    @property
    def size(self) -> tuple[int, int]:
        return self.geo.size

    @property
    def art(self) -> CardArt:
        return self.geo.art

    @property
    def small_art(self) -> CardArt:
        return self.geo.small_art

    @property
    def anim(self) -> Animator:
        return self.stage.animator

    @property
    def clock(self) -> float:
        return self.stage.time

    @property
    def cache(self) -> dict[Any, pygame.Surface]:
        return self.stage.cache

    @property
    def tilted_cache(self) -> dict[Any, pygame.Surface]:
        return self.stage.tilted_cache

    @property
    def info_rect(self) -> pygame.Rect | None:
        """The information panel, as last drawn."""
        return self.panels.info_rect

    @property
    def buttons(self) -> list[Button]:
        return self.controls.buttons

    @property
    def hover_button(self) -> Button | None:
        return self.input.hover_button

    def button(self, name: str) -> Button | None:
        """The button called ``name`` (pass, claim, moon-add, new-game, scores...), if shown."""
        return self.controls.button(name)

    def click_card(self, card: Card) -> None:
        self.controls.click_card(card)

    def note_lines(self) -> list[tuple[str, str]]:
        return self.panels.note_lines()

    def trick_label(self) -> str | None:
        """What the finished trick says while it shows: "Ann takes it, 13 points"."""
        return self.painter.trick_label()

    def scoreboard_rows(self) -> list[list[str]]:
        return self.sheets.scoreboard_rows()

    def tram_cards(self) -> list[list[Card]] | None:
        return self.model.tram_cards()

    def over_headline(self) -> str:
        return self.sheets.over_headline()

    def status_text(self, v: View) -> tuple[str, tuple[int, int, int]]:
        return self.panels.status_text(v)

    def game_over(self) -> bool:
        return self.model.game_over()


__all__ = ["TableScreen"]
