"""What the table tells the player besides the cards: sounds, notices, chat bubbles, the
hint, and undoing what it showed ahead of a refused intent."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from hearts.engine import Card
from hearts.net import words

from . import sounds as sfx
from .table_part import TablePart, TableStage

if TYPE_CHECKING:
    from .table_looks import TableLooks

NOTE_SECONDS = {"info": 6.0, "warn": 4.0, "cue": 3.0}


class Feedback(TablePart):
    """Sounds and the notice area of one table screen."""

    def __init__(self, stage: TableStage, looks: "TableLooks",
                 sounds: sfx.Sounds | None = None) -> None:
        super().__init__(stage)
        self.looks = looks
        self.sounds = sounds if sounds is not None else sfx.shared()
        self.relayout: Callable[[], None] = lambda: None   # the controls', once they are built

    def sound(self, name: str) -> None:
        self.sounds.enabled = bool(self.looks.setting("sounds", True))
        self.sounds.play(name)

    def note(self, text: str, seconds: float | None = None, kind: str = "info",
             hand: bool = False) -> None:
        """A notice in the notice area, wrapped, never cut, until the player's next action,
        the next hand, or ``seconds`` (by ``kind``: "info", "warn" a refusal, "cue"); with
        ``hand``, no longer than the hand in play."""
        self.model.note(text, self.clock + (seconds or NOTE_SECONDS[kind]), kind, hand)

    def notice(self, text: str, seconds: float = 2.0) -> None:
        """A big announcement over the middle of the table (a moon)."""
        self.model.notice = (text, self.clock + seconds)

    def bubble(self, msg: dict[str, Any]) -> None:
        """A chat line over its speaker's plate, for a while."""
        seat = msg.get("seat")
        text = str(msg.get("text") or "")
        if isinstance(seat, int) and 0 <= seat <= 3 and text and not text.startswith("/"):
            self.model.bubbles[seat] = (text, self.clock + min(12.0, 4.0 + len(text) / 15))

    def show_hint(self, msg: dict[str, Any]) -> None:
        """The host's hint: its cards outlined (chosen, when passing) and its reason. The
        host sends a hint only while its turn lasts, but your own card may be on its way to
        the host as it comes: a hint that no longer fits the table is dropped."""
        m = self.model
        try:
            cards = [Card.parse(c) for c in msg.get("cards") or ()]
        except ValueError:
            cards = []
        v = m.view
        if v is None or not m.fits_hint(cards, msg.get("moon")):
            return
        if v.phase == "pass":
            m.selected = list(cards)
        m.hint_cards = set(cards)
        m.hint = words.hint_line(self.model.voice, cards, str(msg.get("reason") or ""))
        self.relayout()

    def refused(self, msg: dict[str, Any]) -> None:
        """The host refused an intent: undo what we showed ahead of its answer."""
        m = self.model
        if msg.get("ref") == "play" and m.pending is not None:
            m.pending = None           # it never left the hand (the app says why)
            self.relayout()
        elif msg.get("ref") == "pass" and m.view is not None:
            m.pass_sent = list(m.view.passed or ())
            self.relayout()
        elif msg.get("ref") == "moon" and m.moon_sent:
            m.moon_sent = False        # the choice is open again
            self.relayout()


__all__ = ["Feedback", "NOTE_SECONDS"]
