"""The table's buttons for the state on screen, and the intents they and the cards send.

`TableControls.relayout` builds the buttons (toolbar, Pass, Claim, the moon choice, Start,
the final sheet's OK / New game / Leave); `click_card` and the button actions send intents
through ``app.send``. A card you play stays in your hand, raised, until the host answers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from hearts.engine import Card
from hearts.i18n import _
from hearts.net import words

from .table_draw import Button
from .table_geometry import SheetRects
from .table_part import TablePart, TableStage
from .table_text import button_width

if TYPE_CHECKING:
    from .shell import Shell
    from .table_feedback import Feedback
    from .table_playback import Playback

Tool = tuple[str, Callable[[], None], str, bool]      # label, action, name, enabled


class TableControls(TablePart):
    """The buttons of one table screen and what they (and the cards) do."""

    sheets: SheetRects          # given by the screen once the sheets are built

    def __init__(self, stage: TableStage, app: "Shell", feedback: "Feedback",
                 playback: "Playback") -> None:
        super().__init__(stage)
        self.app = app
        self.feedback = feedback
        self.playback = playback
        self._buttons: list[Button] = []

    @property
    def buttons(self) -> list[Button]:
        """The buttons on screen now (a hand's summary brings Review while it shows)."""
        return self._buttons + self._review_button()

    def button(self, name: str) -> Button | None:
        """The button called ``name`` (pass, claim, moon-add, new-game, scores...), if shown."""
        return next((x for x in self.buttons if x.name == name), None)

    # -- intents ------------------------------------------------------------------------------------
    def send(self, msg: dict[str, object]) -> None:
        if self.model.disconnected is not None:
            return
        if msg.get("type") in ("play", "pass", "moon", "claim"):
            self.model.clear_notes()             # the player acted: the notices were read
        self.app.send(msg)

    def click_card(self, card: Card) -> None:
        """What a click on one of your cards does: toggle it for passing, or play it."""
        self.playback.settle()
        m = self.model
        v = m.view
        if v is None or m.watching or m.disconnected is not None or m.hand_scored:
            return                               # (a hand scored takes no card)
        if m.pending is not None:
            return                               # one card at a time: the host answers first
        if v.phase == "pass":
            if not m.pass_to_make:
                self.feedback.note(_("You have passed; waiting for the others"), kind="warn")
                return
            if v.pass_direction == "hold":
                return
            if card in m.selected:
                m.selected.remove(card)
            elif len(m.selected) < v.rules.pass_count:
                m.selected.append(card)
            else:
                self.feedback.note(
                    _("You pass {n} cards: click one to put it back").format(n=v.rules.pass_count),
                    kind="warn")
            self.relayout()
            return
        if m.my_turn_to_play and card in v.legal:
            self.play(card)
            return
        self.feedback.note(words.why_illegal(self.model.voice, v, card), kind="warn")

    def play(self, card: Card) -> None:
        """Send the card; it stays in the hand, raised, until the host's update moves it."""
        self.send({"type": "play", "card": str(card)})
        self.model.pending = card
        self.model.hover_card = None
        self.relayout()

    def confirm_pass(self) -> None:
        m = self.model
        v = m.view
        if v is None or v.phase != "pass" or len(m.selected) != v.rules.pass_count:
            return
        self.send({"type": "pass", "cards": [str(c) for c in m.selected]})
        m.pass_sent = list(m.selected)
        m.selected = []
        self.relayout()

    def claim(self) -> None:
        self.send({"type": "claim"})

    def moon(self, choice: str) -> None:
        """Send the moon choice; the dialog goes at once (the scores follow)."""
        if self.model.moon_sent:
            return
        self.send({"type": "moon", "choice": choice})
        self.model.moon_sent = True
        self.relayout()

    def hint(self) -> None:
        """Ask the host for a hint, only when it would answer (`TableModel.may_ask_hint`)."""
        if not self.model.may_ask_hint:
            return
        self.send({"type": "hint"})

    def undo(self) -> None:
        self.send({"type": "undo"})

    def start(self) -> None:
        self.send({"type": "start"})

    def leave(self) -> None:
        commands = getattr(self.app, "commands", None)
        if commands is not None:
            commands.leave_table()           # asks first while a game runs
        else:
            self.send({"type": "leave"})

    def toggle_scores(self) -> None:
        self.model.show_scores = not self.model.show_scores

    def toggle_last(self) -> None:
        self.model.show_last = not self.model.show_last

    def toggle_reveal(self) -> None:
        self.model.reveal = not self.model.reveal
        self.relayout()

    def review(self) -> None:
        """Go through the game so far at this table, from the hand whose summary shows (or,
        once the game is over, from its first hand)."""
        if hasattr(self.app, "open_dialog"):
            from .replay import review_table_game
            summary = self.model.summary
            hand = None if summary is None or self.model.game_over() else \
                int(summary.get("hand") or 0)
            review_table_game(self.app, hand)

    def _review_button(self) -> list[Button]:
        """Review, under a hand's summary while it shows."""
        m = self.model
        if m.summary is None or self.model.game_over():
            return []
        u = self.layout.u
        r = self.sheets.summary_rect()
        label = _("Review  (R)")
        bh = round(38 * u)
        bw = max(round(170 * u), button_width(label, bh))
        return [Button(label, self.review, pygame.Rect(r.centerx - bw // 2,
                                                       r.bottom + round(10 * u), bw, bh),
                       name="review")]

    def close_over(self) -> None:
        """OK on the final score sheet: the table stays, with New game and Leave."""
        self.model.over_closed = True

    def seat_menu(self, seat: int) -> None:
        """A seat's menu (kick, bot level, sit here): the app shell's dialog."""
        if not hasattr(self.app, "open_dialog"):
            return
        from .seat_menu import SeatMenu
        SeatMenu(self.app, seat).open()

    # -- buttons ------------------------------------------------------------------------------------
    def relayout(self) -> None:
        """Rebuild the buttons for the current state."""
        self._buttons = self._toolbar() + self._actions()
        if self.model.game_over():
            self._buttons += self._over_buttons()

    def _toolbar(self) -> list[Button]:
        """Bottom right: scores, last trick, hint, undo, open hands, chat."""
        W, H = self.size
        u = self.layout.u
        m = self.model
        v = m.view
        bh = round(38 * u)
        bw = self.geo.toolbar_width()
        x = W - self.layout.margin - bw
        y = H - self.layout.margin - bh
        tools: list[Tool] = [
            (_("Scores  (Tab)"), self.toggle_scores, "scores", True),
            (_("Last trick  (L)"), self.toggle_last, "last", bool(v and v.tricks)),
        ]
        if v is not None and not m.watching and not self.model.game_over():
            tools.append((_("Hint  (Ctrl-H)"), self.hint, "hint",
                          m.may_ask_hint))
            if m.info.rules.allow_undo or v.rules.allow_undo:
                tools.append((_("Undo  (Ctrl-U)"), self.undo, "undo", v.phase == "play"))
        if v is not None and (v.others is not None) and v.rules.open_hands:
            tools.append((_("Hide hands  (Ctrl-R)") if m.reveal else _("Show hands  (Ctrl-R)"),
                          self.toggle_reveal, "reveal", True))
        if v is None:
            tools = []
        console = getattr(self.app, "console", None)
        if console is not None:    # the app's chat console (its badge counts unread)
            tools.append((_("Chat  (F2)"), console.open, "chat", True))
        out = []
        for label, action, name, enabled in tools:
            out.append(Button(label, action, pygame.Rect(x, y, bw, bh), enabled=enabled, name=name))
            y -= bh + round(8 * u)
        return out

    def _actions(self) -> list[Button]:
        """The main action above the hand: Pass, Claim, the moon choice, Start."""
        W, H = self.size
        u = self.layout.u
        m = self.model
        v = m.view
        b: list[Button] = []
        cx = W // 2
        ay = self.layout.status_y - round(60 * u)
        aw = round(250 * u)
        ah = round(44 * u)
        if v is not None and not m.watching:
            n = v.rules.pass_count
            if m.pass_to_make:
                arrow = words.ARROWS.get(v.pass_direction, "")
                label = _("Pass {chosen}/{n}  {arrow}").format(chosen=len(m.selected), n=n,
                                                               arrow=arrow)
                b.append(Button(label, self.confirm_pass,
                                pygame.Rect(cx - aw // 2, ay, aw, ah), primary=True,
                                enabled=len(m.selected) == n, name="pass"))
            if v.rules.tram == "claim" and v.can_claim():
                label = _("Claim the rest  (T)")
                cw = max(round(230 * u), button_width(label, ah))
                b.append(Button(label, self.claim,
                                pygame.Rect(W - self.layout.margin - cw, self.layout.status_y - ah, cw, ah),
                                primary=True, name="claim"))
            if (v.phase == "moon-choice" and v.moon is not None and v.moon.shooter == v.seat
                    and not m.moon_sent):
                value = m.moon_value(v)
                add = _("Add {n} to the others  (A)").format(n=value)
                sub = _("Take {n} off my score  (S)").format(n=value)
                dw = max(round(360 * u), button_width(sub, ah))
                my = round(H * 0.5)
                b.append(Button(add, lambda: self.moon("add"),
                                pygame.Rect(cx - dw // 2, my, dw, ah), primary=True, name="moon-add"))
                b.append(Button(sub, lambda: self.moon("subtract"),
                                pygame.Rect(cx - dw // 2, my + ah + round(12 * u), dw, ah),
                                primary=True, name="moon-subtract"))
        if m.info.state == "waiting" and m.info.owner:
            b.append(Button(_("Start the game"), self.start,
                            pygame.Rect(cx - aw // 2, self.layout.centre[1] + round(40 * u), aw, ah),
                            primary=True, name="start"))
        return b

    def _over_choices(self) -> list[tuple[str, Callable[[], None], str, bool]]:
        """The final sheet's OK (first and alone primary: Enter closes the sheet, never
        starts a game), then New game (the owner), Review and Leave."""
        m = self.model
        over: list[tuple[str, Callable[[], None], str, bool]] = []
        if not m.over_closed:
            over.append((_("OK"), self.close_over, "over-ok", True))
        if m.info.owner:
            over.append((_("New game"), self.start, "new-game", False))
        over.append((_("Review"), self.review, "review", False))
        over.append((_("Leave the table"), self.leave, "leave", False))
        return over

    def _over_widths(self) -> tuple[int, int]:
        """The final sheet's buttons' width (each alike, as wide as the longest label needs,
        narrower only where the window is) and the gap between them."""
        u = self.layout.u
        ah, gap = round(44 * u), round(12 * u)
        labels = [label for label, *_rest in self._over_choices()]
        gw = max(round(150 * u), *(button_width(label, ah) for label in labels))
        room = self.size[0] - 2 * self.layout.margin - round(40 * u)
        return min(gw, (room - (len(labels) - 1) * gap) // len(labels)), gap

    def over_row_width(self) -> int:
        """How wide the final sheet's row of buttons is (the sheet is at least as wide)."""
        gw, gap = self._over_widths()
        n = len(self._over_choices())
        return n * gw + (n - 1) * gap

    def _over_buttons(self) -> list[Button]:
        u = self.layout.u
        ah = round(44 * u)
        gw, gap = self._over_widths()
        over = self._over_choices()
        gy = (self.sheets.over_rect().bottom - ah - round(20 * u)
              if not self.model.over_closed else self.layout.centre[1] - ah // 2)
        x0 = self.size[0] // 2 - self.over_row_width() // 2
        return [Button(label, action, pygame.Rect(x0 + i * (gw + gap), gy, gw, ah),
                       primary=primary, name=name)
                for i, (label, action, name, primary) in enumerate(over)]


__all__ = ["TableControls"]
