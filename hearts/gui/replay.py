"""A finished game replayed trick by trick: all four hands open, the pass, the trick on the
table, the points as they fall, and what a bot would have played at that moment.

Keys: Right / Left a trick forward or back, Shift+Right / Shift+Left a card, Page Down /
Page Up the next or previous hand, Home / End the start or end of the hand, H asks the
bot chosen beside Hint, Escape closes. The same steps are buttons.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, Callable

import pygame

from hearts.engine import Card
from hearts.bots.base import level_words
from hearts.bots.levels import LEVELS
from hearts.engine.rule_options import passing_words, rules_title, summary_words
from hearts.engine.rules import PASS_OFFSET, Rules, RulesError
from hearts.i18n import _
from hearts.net.history import player_name
from hearts.net.replay import Moment, Replay
from hearts.net.words import PROCESS, replay_caption, replay_name

from . import widgets as w
from .archive import Archive
from .cards import card_art
from .sheets import Sheet, button_row, export_game
from .widgets import wrap as _measure     # (a measure, not a text drawn)

if TYPE_CHECKING:
    from .shell import Shell

RAISED = (255, 204, 77)           # passed / received cards
HINTED = (110, 190, 255)          # the bot's choice


def seat_name(doc: dict[str, Any], hand: dict[str, Any], seat: int) -> str:
    return replay_name(PROCESS, doc, hand, seat)


def seat_title(doc: dict[str, Any], hand: dict[str, Any], seat: int) -> str:
    """A seat's name, with its level for a bot."""
    people = doc.get("people") or []
    seats = hand.get("seats") or [0, 1, 2, 3]
    i = seats[seat] if seat < len(seats) else seat
    ref = people[i] if i < len(people) else {}
    return player_name({**ref, "name": seat_name(doc, hand, seat)})


class ReplaySheet(Sheet):
    """One game, hand by hand and trick by trick (a `hearts.net.replay.Replay` of ``doc``)."""

    def __init__(self, app: "Shell", doc: dict[str, Any], archive: Archive | None = None,
                 hand: int = 0, you: str | None = None) -> None:
        super().__init__(app, archive)
        self.doc = doc
        self.replay = Replay(doc)
        self.hand = max(0, min(hand, len(self.replay.hands) - 1))
        self.step = 0
        self.bottom = self._my_seat(you)
        self.hint: tuple[int, int, int, str, list[str]] | None = None   # hand, step, seat...
        self.thinking = False
        self._result: tuple[int, int, int, str, list[str]] | None = None
        self.level = w.Choice(list(LEVELS), "hard",
                              show=lambda v: _("Hint: {level}").format(level=level_words(v)),
                              on_change=lambda _v: self._clear_hint())
        self.ask_button = w.Button(_("What would it play?"), self.ask_hint)
        self.steps = [
            w.Button(_("◀◀ Hand"), lambda: self.go_hand(-1)),
            w.Button(_("◀ Trick"), lambda: self.go_trick(-1)),
            w.Button(_("◀ Card"), lambda: self.go(self.step - 1)),
            w.Button(_("Card ▶"), lambda: self.go(self.step + 1)),
            w.Button(_("Trick ▶"), lambda: self.go_trick(1), primary=True),
            w.Button(_("Hand ▶▶"), lambda: self.go_hand(1)),
        ]
        self.export_button = w.Button(_("Export"), self.export)
        self.export_button.visible = bool(doc.get("id"))      # a finished game only
        self.close_button = w.Button(_("Close"), self.close)
        self.lower = [self.level, self.ask_button, self.export_button, self.close_button]
        for x in (*self.steps, *self.lower):
            self.form.add(x)
        self.form.focus(self.steps[4])
        self.layout(app.size)

    def _my_seat(self, you: str | None) -> int:
        """The seat drawn at the bottom: the viewer's, when they played; else seat 0."""
        if you is None:
            from hearts.net.stats import person_id
            you = person_id(self.app.net.key) if self.app.net.key else None
        people = self.doc.get("people") or []
        hands = self.replay.hands
        if you and hands:
            seats = hands[self.hand].get("seats") or [0, 1, 2, 3]
            for s, i in enumerate(seats):
                if i < len(people) and people[i].get("id") == you:
                    return s
        return 0

    # -- moving -----------------------------------------------------------------------------
    @property
    def moment(self) -> Moment:
        return self.replay.moment(self.hand, self.step)

    def go(self, step: int) -> None:
        if not self.replay.hands:
            return
        last = self.replay.steps(self.hand)
        if step > last and self.hand + 1 < len(self.replay.hands):
            self.hand, step = self.hand + 1, 0
        elif step < 0 and self.hand > 0:
            self.hand -= 1
            step = self.replay.steps(self.hand)
        self.step = max(0, min(step, self.replay.steps(self.hand)))
        self.app.redraw()

    def _stops(self) -> list[int]:
        """The steps a trick move stops at: the deal, the pass, each trick taken, the end."""
        h = self.replay.hands[self.hand]
        first = 1 if h.get("passes") else 0
        cards = len(self.replay.plays(self.hand))
        stops = {0, first, self.replay.steps(self.hand)}
        stops.update(first + n for n in range(4, cards + 1, 4))
        return sorted(stops)

    def go_trick(self, d: int) -> None:
        if not self.replay.hands:
            return
        stops = self._stops()
        if d > 0:
            later = [x for x in stops if x > self.step]
            self.go(later[0] if later else self.step + 1)
        else:
            earlier = [x for x in stops if x < self.step]
            self.go(earlier[-1] if earlier else -1)

    def go_hand(self, d: int) -> None:
        if self.replay.hands:
            self.hand = max(0, min(len(self.replay.hands) - 1, self.hand + d))
            self.step = 0
            self.app.redraw()

    # -- the bot's hint -------------------------------------------------------------------------
    def _clear_hint(self) -> None:
        self.hint = None

    def _hint_seat(self) -> int | None:
        m = self.moment
        if m.done:
            return None
        if not m.passed:
            return self.bottom
        return m.turn

    def ask_hint(self) -> None:
        seat = self._hint_seat()
        if seat is None or self.thinking:
            return
        hand, step, level = self.hand, self.step, str(self.level.value)
        eng = self.replay.hand_at(hand, step)
        view = eng.view(seat)
        self.thinking = True

        def think() -> None:
            from hearts.bots import make_bot
            try:
                bot = make_bot(level, 0)
                if view.phase == "pass":
                    cards = [str(c) for c in bot.choose_pass(view, 0.5)]
                else:
                    cards = [str(bot.choose_play(view, 0.5))]
            except Exception:  # a bot's failure must not end the replay
                cards = []
            self._result = (hand, step, seat, level, cards)
        threading.Thread(target=think, name="replay-hint", daemon=True).start()

    def update(self, dt: float) -> None:
        if self._result is not None:
            self.hint, self._result = self._result, None
            self.thinking = False
            self.app.redraw()
        m = self.moment
        self.ask_button.enabled = not self.thinking and self._hint_seat() is not None
        self.steps[0].enabled = self.hand > 0
        self.steps[5].enabled = self.hand + 1 < len(self.replay.hands)
        self.steps[1].enabled = self.steps[2].enabled = self.hand > 0 or m.step > 0
        last = self.hand + 1 >= len(self.replay.hands) and m.done
        self.steps[3].enabled = self.steps[4].enabled = not last

    @property
    def animating(self) -> bool:
        return self.thinking

    def export(self) -> None:
        export_game(self.app, self.doc)

    # -- keys -----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.form.focused is not self.level:
            shift = event.mod & pygame.KMOD_SHIFT
            keys = {pygame.K_RIGHT: lambda: self.go(self.step + 1) if shift
                    else self.go_trick(1),
                    pygame.K_LEFT: lambda: self.go(self.step - 1) if shift
                    else self.go_trick(-1),
                    pygame.K_PAGEDOWN: lambda: self.go_hand(1),
                    pygame.K_PAGEUP: lambda: self.go_hand(-1),
                    pygame.K_HOME: lambda: self.go(0),
                    pygame.K_END: lambda: self.go(self.replay.steps(self.hand)),
                    pygame.K_h: self.ask_hint}
            if event.key in keys:
                keys[event.key]()
                return True
        return super().handle_event(event)

    # -- layout and drawing ---------------------------------------------------------------------
    def layout_content(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        p = self.panel.inflate(-int(24 * s), -int(16 * s))
        bh = max(int(40 * s), 28)
        gap = int(10 * s)
        one_row = p.width >= 10 * max(int(150 * s), 100)
        if one_row:
            button_row([*self.steps, *self.lower], p, bh, gap, int(170 * s))
            self.caption_y = p.bottom - bh - gap
        else:
            button_row(self.lower, p, bh, gap, int(230 * s))
            upper = p.copy()
            upper.height -= bh + gap
            button_row(self.steps, upper, bh, gap, int(150 * s))
            self.caption_y = upper.bottom - bh - gap
        top = self.panel.top + self.head_height()
        caption_h = w.font(self._caption_size()).get_linesize() * 2 + gap
        self.table = pygame.Rect(p.left, top, p.width, self.caption_y - caption_h - top)
        line = w.font(self._label_size()).get_linesize()
        # top to bottom: a label, the top hand, the trick (its cards 0.32 of a card above
        # and below the centre), a label, the bottom hand; the side columns hold 13 cards a
        # quarter of a card apart under their labels
        by_height = (self.table.height - 4 * line - 12) / (1.4 * 3.82)
        by_side = (self.table.height - 2 * line - 8) / (1.4 * (1 + 12 * 0.24))
        by_width = self.table.width / (2 * 1.3 + 6 * 0.5 + 1 + 2 * 0.75 + 1)
        self.card_w = int(max(28, min(by_height, by_side, by_width, 110 * s)))
        ch = round(self.card_w * 1.4)
        self.top_y = self.table.top + 2 * line
        self.bottom_y = self.table.bottom - ch
        middle = (self.top_y + ch + self.bottom_y - 2 * line - int(ch * 0.18)) // 2
        self.trick_centre = (self.table.centerx, middle)

    def _caption_size(self) -> int:
        return max(w.MIN_TEXT, int(18 * self.app.scale))

    def _label_size(self) -> int:
        return max(w.MIN_TEXT, int(16 * self.app.scale))

    def _where(self, seat: int) -> int:
        """0 bottom, 1 left, 2 top, 3 right."""
        return (seat - self.bottom) % 4

    def draw(self, surface: pygame.Surface) -> None:
        if self.replay.hands:
            h = self.replay.hands[self.hand]
            n = len(self.replay.hands)
            self.title = _("Game #{id}, hand {n} of {total}").format(
                id=self.doc.get("id") or "–", n=self.hand + 1, total=n) if self.doc.get("id") \
                else _("This game, hand {n} of {total}").format(n=self.hand + 1, total=n)
            dealer = seat_name(self.doc, h, int(h.get("dealer") or 0))
            self.subtitle = _("{table} · {rules} · {dealer} deals, {passing}").format(
                table=self.doc.get("name") or "?", rules=self._rules_words(),
                dealer=dealer, passing=passing_words(h.get("pass_direction")))
        else:
            self.title = _("No hand has been played yet")
        super().draw(surface)

    def _rules_words(self) -> str:
        """The game's rules as the rules dialog names them (its summary if they do not read)."""
        try:
            return rules_title(Rules.from_dict(self.doc.get("rules") or {}))
        except (RulesError, TypeError, ValueError):
            return summary_words(str(self.doc.get("summary") or ""))

    def draw_content(self, surface: pygame.Surface) -> None:
        if not self.replay.hands:
            return
        m = self.moment
        h = self.replay.hands[self.hand]
        art = card_art(self.card_w, self.app.settings.deck, self.app.settings.card_back)
        raised = self._raised(m, h)
        hinted = set(self.hint[4]) if self.hint and self.hint[:3] == (
            self.hand, self.step, self.hint[2]) else set()
        label_size = self._label_size()
        line = w.font(label_size).get_linesize()
        for seat in range(4):
            where = self._where(seat)
            cards = sorted(m.cards[seat], key=_order)
            self._draw_hand(surface, art, cards, where, raised.get(seat, set()),
                            hinted if self.hint and self.hint[2] == seat else set())
            self._draw_label(surface, seat, where, m, h, line, label_size)
        self._draw_trick(surface, art, m, h)
        self._draw_caption(surface, m, h)

    def _raised(self, m: Moment, h: dict[str, Any]) -> dict[int, set[str]]:
        passes = h.get("passes")
        if not passes or m.step > 1:
            return {}
        if m.step == 0:
            return {s: set(passes[s]) for s in range(4)}
        off = PASS_OFFSET[str(h["pass_direction"])]
        return {(s + off) % 4: set(passes[s]) for s in range(4)}

    def _hand_rect(self, where: int, n: int, art: Any) -> tuple[int, int, int, int]:
        """(x, y, dx, dy) of the first card of a hand of ``n`` cards at ``where``."""
        cw, ch = art.size
        t = self.table
        line = w.font(self._label_size()).get_linesize()
        if where in (0, 2):
            dx = int(cw * 0.5)
            width = cw + dx * max(0, n - 1)
            return t.centerx - width // 2, self.bottom_y if where == 0 else self.top_y, dx, 0
        dy = int(ch * 0.24)
        height = ch + dy * 12
        # under its label, which grows upwards by the lines a long name takes
        seat = next(s_ for s_ in range(4) if self._where(s_) == where)
        more = len(self._label_names(seat, where, art, True, _measure)[0]) - 1
        y = max(t.top + (2 + more) * line, t.centery - height // 2 + line)
        x = t.left + int(cw * 0.2) if where == 1 else t.right - cw - int(cw * 0.2)
        return x, y, 0, dy

    def _draw_hand(self, surface: pygame.Surface, art: Any, cards: list[str], where: int,
                   raised: set[str], hinted: set[str]) -> None:
        x, y, dx, dy = self._hand_rect(where, len(cards), art)
        cw, ch = art.size
        lift = int(ch * 0.18)
        toward = {0: (0, -lift), 1: (lift, 0), 2: (0, lift), 3: (-lift, 0)}[where]
        for i, card in enumerate(cards):
            cx, cy = x + i * dx, y + i * dy
            if card in raised or card in hinted:
                cx, cy = cx + toward[0], cy + toward[1]
            surface.blit(art.face(Card.parse(card)), (cx, cy))
            if card in hinted or card in raised:
                t = 3
                surface.blit(art.outline(HINTED if card in hinted else RAISED, t),
                             (cx - t, cy - t))

    def _label_room(self, where: int, art: Any) -> int:
        """How wide a seat's label may be: above or below the middle, half the table (one
        line in its band); beside the top hand, up to that hand's first card."""
        if where in (0, 2):
            return self.table.width // 2
        top_x = self._hand_rect(2, max(1, len(self.moment.cards[(self.bottom + 2) % 4])), art)[0]
        cw: int = art.size[0]
        return max(cw, top_x - self.table.left - int(cw * 0.2) - 8)

    def _label_names(self, seat: int, where: int, art: Any, turn: bool,
                     wrap: Callable[[str, pygame.font.Font, int], list[str]] | None = None
                     ) -> tuple[list[str], int]:
        """A seat's name (with its level, and ◀ on its turn) whole: smaller, then on more
        lines (``wrap``: `widgets.wrap`); the lines and their size."""
        name = seat_title(self.doc, self.replay.hands[self.hand], seat)
        name += "  ◀" if turn else ""
        room = self._label_room(where, art)
        big = w.fitting_size(name, self._label_size(), room, True)
        if w.font(big, True).size(name)[0] <= room:
            return [name], big
        return (wrap or w.wrap)(name, w.font(big, True), room), big

    def _draw_label(self, surface: pygame.Surface, seat: int, where: int, m: Moment,
                    h: dict[str, Any], line: int, size: int) -> None:
        art = card_art(self.card_w, self.app.settings.deck, self.app.settings.card_back)
        cw, ch = art.size
        x, y, dx, dy = self._hand_rect(where, max(1, len(m.cards[seat])), art)
        total = m.totals_before[seat] + (m.points[seat] if m.points else 0)
        taken = m.points[seat] if m.points else m.taken[seat]
        figures = _("Points: {taken} (total {total})").format(taken=taken, total=total)
        turn = m.turn == seat
        colour = w.ACCENT if turn else w.TEXT
        lift = int(ch * 0.18)           # raised cards (the pass) must not cover it
        if where == 0:
            pos, anchor = (self.table.centerx, y - 2 * line - lift - 2), "midtop"
        elif where == 2:
            pos, anchor = (self.table.centerx, self.table.top), "midtop"
        elif where == 1:
            pos, anchor = (x, y - 2 * line - 4), "topleft"
        else:
            pos, anchor = (x + cw, y - 2 * line - 4), "topright"
        room = self._label_room(where, art)
        names, big = self._label_names(seat, where, art, turn)
        pos = (pos[0], pos[1] - (len(names) - 1) * line)
        for i, part in enumerate(names):
            w.text(surface, part, (pos[0], pos[1] + i * line), big, colour, bold=True,
                   anchor=anchor)
        w.text(surface, w.fit(figures, w.font(size), room), (pos[0], pos[1] + len(names) * line),
               size, w.DIM, anchor=anchor)

    def _draw_trick(self, surface: pygame.Surface, art: Any, m: Moment,
                    h: dict[str, Any]) -> None:
        cw, ch = art.size
        cx, cy = self.trick_centre
        spots = {0: (0, int(ch * 0.32)), 1: (-int(cw * 0.75), 0), 2: (0, -int(ch * 0.32)),
                 3: (int(cw * 0.75), 0)}
        plays = m.trick
        faded = False
        last = m.last_trick
        if not plays and last is not None and not m.done:
            plays = [((last["leader"] + i) % 4, c) for i, c in enumerate(last["cards"])]
            faded = True
        for seat, card in plays:
            ox, oy = spots[self._where(seat)]
            face = art.face(Card.parse(card), "dim" if faded and seat != last["winner"]
                            else "normal") if last is not None else art.face(Card.parse(card))
            surface.blit(face, face.get_rect(center=(cx + ox, cy + oy)))

    def _draw_caption(self, surface: pygame.Surface, m: Moment, h: dict[str, Any]) -> None:
        size = self._caption_size()
        lines = self._caption(m, h)
        y = self.caption_y - w.font(size).get_linesize() * len(lines)
        for i, text in enumerate(lines):
            colour = HINTED if i == len(lines) - 1 and self.hint and text.startswith("▸") \
                else w.TEXT
            w.text(surface, w.fit(text, w.font(size), self.table.width), (self.table.centerx, y),
                   size, colour, anchor="midtop")
            y += w.font(size).get_linesize()

    def _caption(self, m: Moment, h: dict[str, Any]) -> list[str]:
        """What this step shows, in a sentence; and the bot's answer when asked."""
        def name(seat: int) -> str:
            return seat_name(self.doc, h, seat)
        line = replay_caption(PROCESS, self.doc, h, m)
        lines = [line]
        if self.thinking:
            lines.append(_("{level} is thinking…").format(level=level_words(self.level.value)))
        elif self.hint and self.hint[:2] == (self.hand, self.step):
            _h, _s, seat, level, cards = self.hint
            if not cards:
                lines.append(_("{level} could not decide here.").format(level=level_words(level)))
            else:
                shown = " ".join(_card(c) for c in cards)
                actual = self._actual(seat, h)
                lines.append("▸ " + _("{level} would play {cards} here for {name}{actual}.")
                             .format(level=level_words(level), cards=shown, name=name(seat),
                                     actual=actual))
        return lines

    def _actual(self, seat: int, h: dict[str, Any]) -> str:
        """What the seat really did at this step, to compare with the hint."""
        m = self.moment
        if not m.passed:
            passes = h.get("passes") or []
            cards = passes[seat] if seat < len(passes) else []
            return "; " + _("they passed {cards}").format(cards=" ".join(_card(c) for c in cards))
        plays = self.replay.plays(self.hand)
        n = self.step - (1 if h.get("passes") else 0)
        if 0 <= n < len(plays):
            return "; " + _("they played {card}").format(card=_card(plays[n][1]))
        return ""


def review_table_game(app: "Shell", hand: int | None) -> None:
    """Open the game at our table (`game` without an id) in a replay at ``hand`` (the one
    whose summary shows; the host may have scored more since), or None: its first hand."""
    from .archive import HostArchive, fetch_game
    archive = HostArchive(app)

    def show(doc: dict[str, Any]) -> None:
        hands = len(doc.get("hands") or [])
        if not hands:
            archive.close()
            app.notify(_("No hand has been scored yet."))
            return
        ReplaySheet(app, doc, archive, hand=min(hand, hands - 1) if hand is not None else 0
                    ).open()

    def failed(why: str) -> None:
        archive.close()
        app.notify(why)
    fetch_game(archive, None, show, failed)


def _order(card: str) -> tuple[int, int]:
    """Hands sorted by suit, alternating colours (♠ ♥ ♣ ♦), then rank."""
    c = Card.parse(card)
    return ({3: 0, 2: 1, 0: 2, 1: 3}[c.suit], c.rank)


def _card(card: str) -> str:
    return Card.parse(card).symbol


__all__ = ["ReplaySheet", "review_table_game", "seat_name", "seat_title"]
