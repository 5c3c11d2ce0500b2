"""The table's mouse and keyboard: what a click, a drag or a key does at the table.

Clicks hit the buttons, your cards, the seats' plates (their menu) and the small
scoreboard (a click shows the scoreboard, a drag moves it). Keys: arrows and Home/End
move the focus along the hand (skipping cards you may not play), Enter/Space/Up play or
pick it, the number keys pick cards to pass, A/S the moon choice, T claims, Tab the
scores, L the last trick, Ctrl-H a hint, Ctrl-U undo, Ctrl-R open hands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .table_geometry import SheetRects
from .table_part import TablePart, TableStage

if TYPE_CHECKING:
    from .shell import Shell
    from .table_controls import TableControls
    from .table_draw import Button
    from .table_playback import Playback

PASS_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3, pygame.K_5: 4,
             pygame.K_6: 5, pygame.K_7: 6, pygame.K_8: 7, pygame.K_9: 8, pygame.K_0: 9,
             pygame.K_MINUS: 10, pygame.K_EQUALS: 11, pygame.K_LEFTBRACKET: 12}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


class TableInput(TablePart):
    """Turns one table screen's pygame events into its controls' actions."""

    def __init__(self, stage: TableStage, app: "Shell", controls: "TableControls",
                 playback: "Playback", sheets: SheetRects) -> None:
        super().__init__(stage)
        self.app = app
        self.controls = controls
        self.playback = playback
        self.sheets = sheets
        self.hover_button: Button | None = None
        self._drag: tuple[tuple[int, int], tuple[int, int], bool] | None = None

    def reset(self) -> None:
        """Forget the hover and a drag in progress (the table greys while disconnected)."""
        self.model.hover_card = None
        self.hover_button = None
        self._drag = None

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.model.disconnected is not None:
            return                               # the table is greyed: nothing to do until back
        if event.type == pygame.MOUSEMOTION:
            if self._drag is not None:
                self._drag_scores(event.pos)
            else:
                self._hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.model.keyboard = False
            r = self.geo.mini_scores_rect()
            if (self.model.view is not None and not self.model.show_scores and r.collidepoint(event.pos)
                    and not any(b.rect.collidepoint(event.pos) for b in self.controls.buttons)):
                self._drag = (event.pos, r.topleft, False)   # a click, or the start of a drag
                return
            self._click(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag is not None:
            moved = self._drag[2]
            self._drag = None
            app = self.app
            if not moved:
                self.controls.toggle_scores()
            elif self.model.scores_at != app.settings.scores_at:
                app.settings.scores_at = self.model.scores_at
                app.save_settings()
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _drag_scores(self, pos: tuple[int, int]) -> None:
        """Move the small scoreboard with the mouse (as in Hearts 2.0)."""
        if self._drag is None:
            return
        start, topleft, moved = self._drag
        dx, dy = pos[0] - start[0], pos[1] - start[1]
        if not moved and abs(dx) + abs(dy) < 6:
            return
        r = self.geo.mini_scores_rect()
        W, H = self.size
        x = min(max(0, topleft[0] + dx), W - r.width)
        y = min(max(0, topleft[1] + dy), H - r.height)
        self.model.scores_at = (x / max(1, W - r.width), y / max(1, H - r.height))
        self._drag = (start, topleft, True)

    def _hover(self, pos: tuple[int, int]) -> None:
        self.hover_button = next((b for b in self.controls.buttons if b.rect.collidepoint(pos)), None)
        card = self.geo.card_at(pos)
        if card is not self.model.hover_card:
            self.model.hover_card = card
        if self.model.keyboard and card is not None:
            self.model.keyboard = False

    def _click(self, pos: tuple[int, int]) -> None:
        m = self.model
        sheets = self.sheets
        controls = self.controls
        review = controls.button("review")
        if review is not None and review.rect.collidepoint(pos):
            review.action()              # (the summary stays under the replay)
            return
        if m.summary is not None and not m.game_over():
            m.summary = None             # a click anywhere closes the hand's summary;
            if self.anim.gate is not None or sheets.summary_rect().collidepoint(pos):
                return                   # the next hand is not on the table yet
        if m.show_scores:
            b = controls.button("scores")
            if not (b and b.rect.collidepoint(pos)):
                m.show_scores = False
                return
        for b in self.controls.buttons:
            if b.rect.collidepoint(pos):
                if b.enabled:
                    b.action()
                    controls.relayout()
                return
        card = self.geo.card_at(pos)
        if card is not None:
            controls.click_card(card)
            return
        for seat in range(4):
            if seat == m.me and not m.watching:
                continue
            if self.geo.plate(m.rel(seat)).collidepoint(pos):
                controls.seat_menu(seat)
                return
        if m.show_last:
            m.show_last = False

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        m = self.model
        controls = self.controls
        v = m.view
        if k == pygame.K_r and not event.mod & pygame.KMOD_CTRL and controls.button("review"):
            controls.review()
            return
        if (m.summary is not None and not m.game_over()
                and k in (*ENTER, pygame.K_SPACE, pygame.K_UP, pygame.K_ESCAPE)):
            m.summary = None
            return
        if event.mod & pygame.KMOD_CTRL:
            action = {pygame.K_h: controls.hint, pygame.K_u: controls.undo,
                      pygame.K_r: controls.toggle_reveal}.get(k)
            if action is not None:
                action()
            return
        if k == pygame.K_TAB:
            controls.toggle_scores()
            return
        if k == pygame.K_l:
            controls.toggle_last()
            return
        if k in (*ENTER, pygame.K_ESCAPE) and controls.button("over-ok"):
            controls.close_over()            # Enter only closes the final sheet (no new game)
            controls.relayout()
            return
        if k in ENTER and controls.button("start"):
            controls.start()                 # the owner, before the first game
            return
        if v is None or m.watching or m.summary is not None:
            return                               # (a summary holds the hand's keys)
        if v.phase == "moon-choice" and v.moon is not None and v.moon.shooter == v.seat:
            if k in (pygame.K_a, pygame.K_s) and controls.button("moon-add"):
                controls.moon("add" if k == pygame.K_a else "subtract")
            return
        if k == pygame.K_t and controls.button("claim"):
            controls.claim()
            return
        if m.hand_cards:
            self._hand_key(k)

    def _hand_key(self, k: int) -> None:
        """A key that moves along, picks or plays the cards of your hand."""
        m = self.model
        v = m.view
        controls = self.controls
        if v is None:
            return
        n = len(m.hand_cards)
        if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            m.keyboard = True                    # moving along the hand skips no motion
            if k == pygame.K_HOME:
                m.cursor = 0
            elif k == pygame.K_END:
                m.cursor = n - 1
            else:
                m.cursor = self._next_cursor(-1 if k == pygame.K_LEFT else 1)
            return
        if v.phase == "pass" and k in PASS_KEYS:
            i = PASS_KEYS[k]
            if i < n:
                m.keyboard = True
                m.cursor = i
                controls.click_card(m.hand_cards[i])
            return
        if k in (*ENTER, pygame.K_SPACE, pygame.K_UP):
            self.playback.settle()
            v = m.view
            if v is None or not m.hand_cards or m.summary is not None:
                return                           # the key was for the hand just scored
            m.cursor = min(m.cursor, len(m.hand_cards) - 1)
            if v.phase == "pass" and k in ENTER and len(m.selected) == v.rules.pass_count:
                controls.confirm_pass()
                return
            m.keyboard = True
            controls.click_card(m.hand_cards[m.cursor])
            if m.cursor >= len(m.hand_cards):
                m.cursor = max(0, len(m.hand_cards) - 1)

    def _next_cursor(self, step: int) -> int:
        """Move the cursor, skipping unplayable cards when it is your turn to play."""
        m = self.model
        n = len(m.hand_cards)
        v = m.view
        i = m.cursor
        for _ in range(n):
            i = (i + step) % n
            if v is None or not m.my_turn_to_play or m.hand_cards[i] in v.legal:
                return i
        return m.cursor


__all__ = ["ENTER", "PASS_KEYS", "TableInput"]
