"""The table screen: your hand, the opponents, the trick, passing, scores, dialogs.

It renders only what the host sends (docs/protocol.md): the seat's view (a
``View.to_dict()`` map), the ``table`` facts (names, humans and bots, owner,
totals, every scored hand) and the changes of each ``update``, which it plays
back as animations in order: a card flies from its player to the trick, the
trick is swept to its winner, received cards slide in. Intents go out through
``app.send``. Drawing is cheap: cards, plates and text are cached surfaces, and
`animating` is true only while something moves.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

import pygame

from hearts.engine import Card, View
from hearts.engine.cards import QUEEN_SPADES

from . import cards as cardart
from . import sounds as sfx
from . import theme
from .anim import Animator, ease_in_out, speed_scale
from .screen import Screen
from .table_state import (TableInfo, moon_points, pass_words, read_view, suit_words,
                          why_illegal)

if TYPE_CHECKING:
    from .app import App

SUIT_ORDER = (0, 1, 3, 2)          # clubs, diamonds, spades, hearts: colours alternate
ARROWS = {"left": "←", "right": "→", "across": "↑", "hold": "•"}
TILT = (-3.0, 5.0, -4.0, 3.0)      # degrees each seat's trick card leans (by screen position)
PASS_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3, pygame.K_5: 4,
             pygame.K_6: 5, pygame.K_7: 6, pygame.K_8: 7, pygame.K_9: 8, pygame.K_0: 9,
             pygame.K_MINUS: 10, pygame.K_EQUALS: 11}


def hand_order(card: Card) -> tuple[int, int]:
    return (SUIT_ORDER.index(card.suit), card.rank)


@functools.lru_cache(maxsize=512)
def _text(s: str, size: int, color: tuple[int, int, int] = theme.TEXT, face: str = "sans",
          shadow: bool = False) -> pygame.Surface:
    if shadow:
        return theme.shadowed_text(s, size, color, face)
    return theme.text(s, size, color, face)


def _fit(s: str, size: int, width: int, face: str = "sans") -> str:
    f = theme.font(size, face)
    if f.size(s)[0] <= width:
        return s
    while s and f.size(s + "…")[0] > width:
        s = s[:-1]
    return s + "…"


@functools.lru_cache(maxsize=64)
def _avatar(kind: str, d: int, color: tuple[int, int, int]) -> pygame.Surface:
    """A round badge with a person (human) or a robot head (bot), drawn at 3x and smoothed."""
    f = 3
    D = d * f
    s = pygame.Surface((D, D), pygame.SRCALPHA)
    pygame.draw.circle(s, (*color, 255), (D // 2, D // 2), D // 2)
    fg = (30, 34, 40)
    if kind == "human":
        pygame.draw.circle(s, fg, (D // 2, int(D * 0.38)), int(D * 0.17))
        body = pygame.Rect(int(D * 0.2), int(D * 0.6), int(D * 0.6), int(D * 0.5))
        pygame.draw.ellipse(s, fg, body)
        mask = pygame.Surface((D, D), pygame.SRCALPHA)
        pygame.draw.circle(mask, (255, 255, 255, 255), (D // 2, D // 2), D // 2)
        s.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    elif kind == "bot":
        head = pygame.Rect(int(D * 0.24), int(D * 0.32), int(D * 0.52), int(D * 0.42))
        pygame.draw.rect(s, fg, head, border_radius=int(D * 0.08))
        pygame.draw.line(s, fg, (D // 2, head.top), (D // 2, int(D * 0.18)), max(2, f * 2))
        pygame.draw.circle(s, fg, (D // 2, int(D * 0.17)), int(D * 0.05))
        for ex in (0.39, 0.61):
            pygame.draw.circle(s, color, (int(D * ex), int(D * 0.5)), int(D * 0.06))
        pygame.draw.line(s, color, (int(D * 0.4), int(D * 0.64)), (int(D * 0.6), int(D * 0.64)),
                         max(2, f * 2))
    else:
        pygame.draw.circle(s, fg, (D // 2, D // 2), int(D * 0.3), width=max(2, f * 2))
    return pygame.transform.smoothscale(s, (d, d))


@dataclass
class Button:
    """A clickable label on the table (actions, toolbar, dialog choices)."""

    label: str
    action: Callable[[], None]
    rect: pygame.Rect
    primary: bool = False
    enabled: bool = True
    name: str = ""

    def draw(self, surface: pygame.Surface, hover: bool, u: float) -> None:
        r = self.rect
        if self.primary:
            fill = theme.ACCENT if self.enabled else theme.BUTTON_DISABLED
            if hover and self.enabled:
                fill = theme.ACCENT_SOFT
        else:
            fill = theme.BUTTON_HOVER if hover and self.enabled else theme.BUTTON
            if not self.enabled:
                fill = theme.BUTTON_DISABLED
        shadow = r.move(0, max(2, int(3 * u)))
        pygame.draw.rect(surface, (0, 0, 0, 90), shadow, border_radius=r.height // 2)
        pygame.draw.rect(surface, fill, r, border_radius=r.height // 2)
        size = max(11, int(r.height * 0.42))
        img = _text(_fit(self.label, size, r.width - 16, "bold"), size, theme.BUTTON_TEXT, "bold")
        surface.blit(img, img.get_rect(center=r.center))


class TableScreen(Screen):
    """The table. Feed it host messages with `on_message`; it sends intents with app.send."""

    is_table = True

    def __init__(self, app: "App", message: dict[str, Any] | None = None,
                 sounds: sfx.Sounds | None = None) -> None:
        super().__init__(app)
        self.info = TableInfo()
        self.view: View | None = None
        self.watching = False
        self.anim = Animator(scale=self._anim_scale())
        self.sounds = sounds if sounds is not None else sfx.shared()
        self.clock = 0.0
        self.hand_cards: list[Card] = []
        self.trick_shown: list[tuple[int, Card]] = []
        self.selected: list[Card] = []
        self.pass_sent: list[Card] = []
        self.optimistic: Card | None = None
        self.cursor = 0
        self.keyboard = False
        self.hover_card: Card | None = None
        self.hover_button: Button | None = None
        self.hint_cards: set[Card] = set()
        self.toast: tuple[str, float] | None = None
        self.notice: tuple[str, float] | None = None        # big centre announcement
        self.bubbles: dict[int, tuple[str, float]] = {}
        self.timer: tuple[tuple[int, ...], float, float] | None = None  # seats, deadline, total
        self.summary: dict[str, Any] | None = None          # the hand just scored
        self.summary_until = 0.0
        self.show_scores = False
        self.show_last = False
        self.reveal = True
        self.received_glow: set[Card] = set()
        self.buttons: list[Button] = []
        self._deal_next = False
        self._last_trick: tuple[list[tuple[int, Card]], int] | None = None
        self.size = tuple(getattr(app, "size", None) or pygame.display.get_surface().get_size())
        self.resize(self.size)
        if message is not None:
            self.on_message(message)

    # -- settings ---------------------------------------------------------------------------
    def _setting(self, name: str, default: Any) -> Any:
        return getattr(getattr(self.app, "settings", None), name, default)

    def _anim_scale(self) -> float:
        settings = getattr(self.app, "settings", None)
        scale = getattr(settings, "animation_scale", None)
        if isinstance(scale, (int, float)):
            return float(scale)
        return speed_scale(self._setting("animation", "normal"))

    @property
    def me(self) -> int:
        return self.view.seat if self.view is not None else (self.info.my_seat or 0)

    # -- messages ---------------------------------------------------------------------------
    def on_message(self, message: dict[str, Any]) -> None:
        t = message.get("type")
        if t == "table":
            self.anim.then(lambda m=message: self._apply_table(m))
        elif t == "update":
            for ch in message.get("events") or ():
                if isinstance(ch, dict):
                    self._queue_change(ch)
            view = message.get("view")
            has_timer = "timer" in message
            timer = message.get("timer")
            self.anim.then(lambda: self._apply_view(view, timer, has_timer))
        elif t == "hint":
            self._show_hint(message)
        elif t == "error":
            self._refused(message)
        elif t == "chat":
            self._bubble(message)
        if len(self.anim.steps) > 60:      # far behind (a hidden window): catch up at once
            self.anim.finish()

    def show_view(self, view: View, info: TableInfo | None = None) -> None:
        """Show a view directly (no host): for previews, tests and screenshots."""
        if info is not None:
            self.info = info
        self.anim.then(lambda: self._apply_view(view.to_dict(), None, False))

    def _apply_table(self, msg: dict[str, Any]) -> None:
        self.info = TableInfo.from_message(msg)
        self._apply_view(msg.get("view"), msg.get("timer"), "timer" in msg, snap=True)

    def _queue_change(self, ch: dict[str, Any]) -> None:
        kind = ch.get("type")
        if kind == "card_played":
            self.anim.then(lambda: self._card_played(int(ch["seat"]), Card.parse(ch["card"])))
        elif kind == "trick_taken":
            self.anim.then(lambda: self._trick_taken(ch))
        elif kind == "cards_received":
            self.anim.then(lambda: self._cards_received(ch))
        elif kind == "chat":
            self._bubble(ch)
        else:
            self.anim.then(lambda: self._change(ch))

    def _change(self, ch: dict[str, Any]) -> None:
        """A change without motion: fold it into the table facts, announce it, sound it."""
        self.info.apply_change(ch)
        kind = ch.get("type")
        name = self.info.seat_name
        if kind == "hearts_broken":
            self._notice("Hearts are broken", 1.6)
            self._sound("hearts")
        elif kind == "moon_shot":
            who = ch.get("shooter", 0)
            what = "the sun" if ch.get("sun") else "the moon"
            self._notice(f"{name(who)} shot {what}!", 2.5)
            self._sound("moon")
        elif kind == "moon_chosen":
            choice = "added to the others" if ch.get("choice") == "add" else "subtracted"
            self._notice(f"{name(ch.get('shooter', 0))}'s moon: {choice}", 2.0)
        elif kind == "tram":
            seat = ch.get("seat")
            self._notice("The rest changes nothing" if seat is None else
                         f"{name(seat)} takes the rest" + (" (claimed)" if ch.get("claimed") else ""),
                         2.2)
        elif kind == "hand_scored":
            self.summary = dict(ch)
            self.summary_until = self.clock + 7.0
            moon = ch.get("moon")
            if moon and moon.get("shooter") is not None and not ch.get("_sounded"):
                self._sound("moon")
            self.trick_shown = []
        elif kind == "game_over":
            self.summary = None
            self._sound("gameover")
        elif kind == "game_started":
            self.summary = None
            self.show_scores = False
        elif kind == "hand_started":
            self.trick_shown = []
            self.selected = []
            self.pass_sent = []
            self.hint_cards = set()
            self.received_glow = set()
            self._deal_next = True
        elif kind in ("player_dropped", "player_left", "player_kicked", "player_joined",
                      "player_returned"):
            seat = ch.get("seat")
            who = ch.get("name") or (name(seat) if isinstance(seat, int) else "someone")
            words = {"player_dropped": "lost the connection", "player_left": "left",
                     "player_kicked": "was kicked", "player_joined": "joined",
                     "player_returned": "is back"}[kind]
            self._toast(f"{who} {words}", 3.0)
        elif kind == "paused":
            self._toast(f"Paused by {ch.get('by') or 'the owner'}", 2.0)
        elif kind == "game_ended":
            self._notice("The game was ended", 2.5)
        elif kind == "timer":
            seats = tuple(ch.get("seats") or ())
            secs = float(ch.get("seconds") or 0)
            self.timer = (seats, self.clock + secs, secs or 1.0) if seats and secs else None

    def _apply_view(self, d: dict[str, Any] | None, timer: Any, has_timer: bool,
                    snap: bool = False) -> None:
        """Make the host's view the one on screen (the authoritative state)."""
        if has_timer:
            self._set_timer(timer)
        if d is None:
            self._relayout()
            return
        try:
            view, watching = read_view(d, self.info.rules)
        except (KeyError, ValueError, TypeError):
            return
        old = self.view
        self.view = view
        self.watching = watching
        if self.info.my_seat is None and not watching:
            self.info.my_seat = view.seat
        new_hand = (old is None or getattr(self, "_deal_next", False) or len(view.tricks) < len(old.tricks)
                    or (old.phase in ("done", "moon-choice") and view.phase in ("pass", "play")))
        self._deal_next = False
        old_cards = set(self.hand_cards)
        self.hand_cards = sorted(view.hand, key=hand_order)
        self.trick_shown = list(view.trick)
        self.optimistic = None
        if view.phase != "pass":
            self.selected = []
            self.pass_sent = []
        else:
            self.selected = [c for c in self.selected if c in view.hand]
            self.pass_sent = list(view.passed or ())
        if view.phase != "play" or view.tricks:
            self.received_glow = set()
        elif view.received and not view.tricks:
            self.received_glow = set(view.received) & set(view.hand)
        if self.cursor >= len(self.hand_cards):
            self.cursor = max(0, len(self.hand_cards) - 1)
        if old is not None and not new_hand and (old.my_turn != view.my_turn or old.phase != view.phase):
            self.hint_cards = set()
        if (not watching and view.my_turn and view.phase in ("play", "moon-choice")
                and not (old is not None and old.my_turn and old.phase == view.phase)):
            self._sound("turn")
            legal = [i for i, c in enumerate(self.hand_cards) if c in view.legal]
            if legal and self.cursor not in legal:
                self.cursor = legal[0]
        if view.phase == "done" and self.summary is None and view.points is not None:
            self.summary_until = self.clock + 7.0
        self._relayout()
        if new_hand and not snap and self.hand_cards and not old_cards >= set(self.hand_cards):
            self._animate_deal()

    def _set_timer(self, timer: Any) -> None:
        if isinstance(timer, dict) and timer.get("seats") and timer.get("seconds") is not None:
            secs = float(timer["seconds"])
            total = float(self.info.rules.turn_seconds or 0) or max(secs, 1.0)
            if timer.get("why") == "dropped":
                total = max(secs, 1.0)
            self.timer = (tuple(timer["seats"]), self.clock + secs, max(total, secs))
        else:
            self.timer = None

    # -- motion steps -----------------------------------------------------------------------------
    def _card_played(self, seat: int, card: Card) -> None:
        if (seat, card) in self.trick_shown:
            return                       # our own card, already moving (optimistic)
        if len(self.trick_shown) >= 4:
            self.trick_shown = []
        start = self._origin(seat, card)
        if seat == self.me and card in self.hand_cards:
            self.hand_cards.remove(card)
            self._relayout()
        self.trick_shown.append((seat, card))
        end = self._slot_topleft(seat)
        self.anim.move(("trick", card), start, end, 0.3)
        self._sound("card")

    def _trick_taken(self, ch: dict[str, Any]) -> None:
        leader = int(ch.get("leader", 0))
        played = [((leader + i) % 4, Card.parse(c)) for i, c in enumerate(ch.get("cards") or ())]
        for seat, card in played:
            if (seat, card) not in self.trick_shown:
                self._card_played(seat, card)
        winner = int(ch.get("winner", 0))
        self.anim.wait(0.55)
        self.anim.steps.appendleft(lambda: self._collect(winner, played, ch))

    def _collect(self, winner: int, played: list[tuple[int, Card]], ch: dict[str, Any]) -> None:
        end = self._collect_target(winner)
        for i, (seat, card) in enumerate(played):
            self.anim.move(("trick", card), self._slot_topleft(seat), end, 0.38, delay=0.03 * i,
                           ease=ease_in_out)
        self.anim.steps.appendleft(lambda: self._collected(played))
        self._last_trick = (played, winner)
        if any(c is QUEEN_SPADES for _, c in played):
            self._notice(f"{self.info.seat_name(winner)} takes the Q♠", 1.6)
            self._sound("queen")
        else:
            self._sound("sweep")

    def _collected(self, played: list[tuple[int, Card]]) -> None:
        self.trick_shown = [p for p in self.trick_shown if p not in played]

    def _cards_received(self, ch: dict[str, Any]) -> None:
        cards = [Card.parse(c) for c in ch.get("cards") or ()]
        if not cards or self.watching:
            return
        frm = int(ch.get("from_seat", self.me))
        for c in self.pass_sent:
            if c in self.hand_cards:
                self.hand_cards.remove(c)
        self.pass_sent = []
        self.selected = []
        self.hand_cards = sorted(set(self.hand_cards) | set(cards), key=hand_order)
        self.received_glow = set(cards)
        self._relayout()
        rects = dict(self._hand_layout())
        start = self._seat_centre(frm)
        for i, c in enumerate(cards):
            r = rects.get(c)
            if r is not None:
                self.anim.move(("hand", c), (start[0] - r.width / 2, start[1] - r.height / 2),
                               r.topleft, 0.45, delay=0.08 * i)
        self._sound("pass")

    def _animate_deal(self) -> None:
        rects = self._hand_layout()
        cx, cy = self.L["centre"]
        w, h = self.art.size
        for i, (c, r) in enumerate(rects):
            self.anim.move(("hand", c), (cx - w / 2, cy - h / 2), r.topleft, 0.35, delay=0.025 * i)

    # -- feedback ---------------------------------------------------------------------------------
    def _sound(self, name: str) -> None:
        self.sounds.enabled = bool(self._setting("sounds", True))
        self.sounds.play(name)

    def _toast(self, text: str, seconds: float = 2.5) -> None:
        self.toast = (text, self.clock + seconds)

    def _notice(self, text: str, seconds: float = 2.0) -> None:
        self.notice = (text, self.clock + seconds)

    def _bubble(self, msg: dict[str, Any]) -> None:
        seat = msg.get("seat")
        text = str(msg.get("text") or "")
        if isinstance(seat, int) and 0 <= seat <= 3 and text and not text.startswith("/"):
            self.bubbles[seat] = (text, self.clock + 5.0)

    def _show_hint(self, msg: dict[str, Any]) -> None:
        try:
            cards = [Card.parse(c) for c in msg.get("cards") or ()]
        except ValueError:
            cards = []
        v = self.view
        if v is not None and v.phase == "pass" and cards:
            self.selected = [c for c in cards if c in self.hand_cards][: v.rules.pass_count]
        self.hint_cards = set(cards)
        reason = str(msg.get("reason") or "")
        if msg.get("moon"):
            reason = f"choose {msg['moon']}: {reason}" if reason else f"choose {msg['moon']}"
        if cards or reason:
            shown = " ".join(c.symbol for c in cards)
            self._toast(f"Hint: {shown}  {reason}".strip(), 6.0)
        self._relayout()

    def _refused(self, msg: dict[str, Any]) -> None:
        """The host refused an intent: undo what we showed ahead of its answer."""
        if msg.get("ref") == "play" and self.optimistic is not None and self.view is not None:
            card = self.optimistic
            self.optimistic = None
            self.trick_shown = list(self.view.trick)
            self.hand_cards = sorted(self.view.hand, key=hand_order)
            self.anim.tweens.pop(("trick", card), None)
            self._relayout()
        elif msg.get("ref") == "pass" and self.view is not None:
            self.pass_sent = list(self.view.passed or ())
            self._relayout()

    # -- geometry ---------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.size = (max(320, size[0]), max(240, size[1]))
        W, H = self.size
        u = max(0.5, min(W / 1280, H / 800))
        self.u = u
        cw = cardart.card_width_for(self.size)
        self.cw = cw
        ch = round(cw * cardart.CARD_RATIO)
        margin = round(14 * u)
        self.margin = margin
        pw, ph = round(228 * u), round(62 * u)
        cx, cy = W // 2, round(H * 0.445)
        small_w = max(24, round(cw * 0.5))
        self.L: dict[str, Any] = {
            "centre": (cx, cy),
            "plate": (pw, ph),
            "hand_y": H - ch - round(18 * u),
            "lift": round(ch * 0.2),
            "small_w": small_w,
        }
        # opponents' plates by screen position (1 left, 2 top, 3 right)
        self.L["plates"] = {
            0: pygame.Rect(margin, H - margin - ph, pw, ph),
            1: pygame.Rect(margin, round(H * 0.30), pw, ph),
            2: pygame.Rect(cx - pw // 2, margin, pw, ph),
            3: pygame.Rect(W - margin - pw, round(H * 0.30), pw, ph),
        }
        dx, dy = round(cw * 0.66), round(ch * 0.33)
        self.L["slots"] = {0: (cx, cy + dy), 1: (cx - dx, cy), 2: (cx, cy - dy), 3: (cx + dx, cy)}
        self.L["status_y"] = self.L["hand_y"] - self.L["lift"] - round(26 * u)
        self._plate_cache: dict[Any, pygame.Surface] = {}
        self._tilted_cache: dict[Any, pygame.Surface] = {}
        self._relayout()

    @property
    def art(self) -> cardart.CardArt:
        return cardart.card_art(self.cw, self._setting("deck", "classic"),
                                self._setting("card_back", "blue"))

    @property
    def small_art(self) -> cardart.CardArt:
        return cardart.card_art(self.L["small_w"], self._setting("deck", "classic"),
                                self._setting("card_back", "blue"))

    def _rel(self, seat: int) -> int:
        """Screen position of a seat: 0 bottom (you), 1 left, 2 top, 3 right."""
        return (seat - self.me) % 4

    def _slot_topleft(self, seat: int) -> tuple[float, float]:
        x, y = self.L["slots"][self._rel(seat)]
        w, h = self.art.size
        return (x - w / 2, y - h / 2)

    def _seat_centre(self, seat: int) -> tuple[float, float]:
        r = self._rel(seat)
        if r == 0:
            return (self.size[0] / 2, self.L["hand_y"] + self.art.height / 2)
        return self.L["plates"][r].center

    def _origin(self, seat: int, card: Card) -> tuple[float, float]:
        """Where a played card starts: its place in your hand, else its player's cards."""
        w, h = self.art.size
        if seat == self.me and not self.watching:
            for c, r in self._hand_layout():
                if c is card:
                    return r.topleft
        x, y = self._fan_centre(self._rel(seat)) if self._rel(seat) else self._seat_centre(seat)
        return (x - w / 2, y - h / 2)

    def _collect_target(self, seat: int) -> tuple[float, float]:
        x, y = self._seat_centre(seat)
        w, h = self.art.size
        return (x - w / 2, y - h / 2)

    def _fan_centre(self, rel: int) -> tuple[int, int]:
        p = self.L["plates"][rel]
        gap = round(10 * self.u)
        sw = self.L["small_w"]
        sh = round(sw * cardart.CARD_RATIO)
        if rel == 1:
            return (p.right + gap + sh // 2, p.centery)
        if rel == 3:
            return (p.left - gap - sh // 2, p.centery)
        return (p.centerx, p.bottom + gap + sh // 2)

    def _hand_layout(self) -> list[tuple[Card, pygame.Rect]]:
        """Each card of your hand and where it is drawn (lifted when legal or selected)."""
        cards = self.hand_cards
        n = len(cards)
        if not n:
            return []
        W, _ = self.size
        w, h = self.art.size
        step = min(w * 0.64, (W * 0.6 - w) / max(1, n - 1))
        total = step * (n - 1) + w
        x0 = (W - total) / 2
        y = self.L["hand_y"]
        lift = self.L["lift"]
        v = self.view
        my_turn_play = v is not None and v.phase == "play" and v.my_turn
        chosen = set(self.selected) | set(self.pass_sent)
        out = []
        for i, c in enumerate(cards):
            dy = 0
            if c in chosen:
                dy = lift
            elif my_turn_play and c in v.legal:
                dy = lift // 2
            if c is self.hover_card and dy != lift and self._card_enabled(c):
                dy += max(3, lift // 4)
            out.append((c, pygame.Rect(round(x0 + i * step), y - dy, w, h)))
        return out

    def _card_enabled(self, c: Card) -> bool:
        v = self.view
        if v is None or self.watching:
            return False
        if v.phase == "pass":
            return not v.has_passed[v.seat] and not self.pass_sent
        return v.phase == "play" and v.my_turn and c in v.legal

    # -- buttons ------------------------------------------------------------------------------------
    def _relayout(self) -> None:
        """Rebuild the buttons for the current state."""
        W, H = self.size
        u = self.u
        b: list[Button] = []
        v = self.view
        bh = round(38 * u)
        # toolbar, bottom right
        bw = round(176 * u)
        x = W - self.margin - bw
        y = H - self.margin - bh
        tools: list[tuple[str, Callable[[], None], str, bool]] = [
            ("Scores  (Tab)", self._toggle_scores, "scores", True),
            ("Last trick  (L)", self._toggle_last, "last", bool(v and v.tricks)),
        ]
        if v is not None and not self.watching:
            tools.append(("Hint  (Ctrl-H)", self._hint, "hint",
                          v.phase in ("pass", "play", "moon-choice")))
            if self.info.rules.allow_undo or v.rules.allow_undo:
                tools.append(("Undo  (Ctrl-U)", self._undo, "undo", v.phase == "play"))
        if v is not None and (v.others is not None) and v.rules.open_hands:
            tools.append(("Hide hands  (Ctrl-R)" if self.reveal else "Show hands  (Ctrl-R)",
                          self._toggle_reveal, "reveal", True))
        for label, action, name, enabled in tools:
            b.append(Button(label, action, pygame.Rect(x, y, bw, bh), enabled=enabled, name=name))
            y -= bh + round(8 * u)
        # the main action above the hand
        cx = W // 2
        ay = self.L["status_y"] - round(60 * u)
        aw = round(250 * u)
        ah = round(44 * u)
        if v is not None and not self.watching:
            n = v.rules.pass_count
            if v.phase == "pass" and not v.has_passed[v.seat] and not self.pass_sent:
                arrow = ARROWS.get(v.pass_direction, "")
                b.append(Button(f"Pass {len(self.selected)}/{n}  {arrow}", self._confirm_pass,
                                pygame.Rect(cx - aw // 2, ay, aw, ah), primary=True,
                                enabled=len(self.selected) == n, name="pass"))
            if (v.phase == "play" and v.my_turn and not v.trick and v.rules.tram == "claim"
                    and v.tricks):
                b.append(Button("Claim the rest  (T)", self._claim,
                                pygame.Rect(W - self.margin - round(230 * u), self.L["status_y"] - ah,
                                            round(230 * u), ah), primary=True, name="claim"))
            if v.phase == "moon-choice" and v.moon is not None and v.moon.shooter == v.seat:
                m = moon_points(v.rules)
                dw = round(330 * u)
                my = round(H * 0.5)
                b.append(Button(f"Add {m} to each other player  (A)", lambda: self._moon("add"),
                                pygame.Rect(cx - dw // 2, my, dw, ah), primary=True, name="moon-add"))
                b.append(Button(f"Take {m} off my score  (S)", lambda: self._moon("subtract"),
                                pygame.Rect(cx - dw // 2, my + ah + round(12 * u), dw, ah),
                                primary=True, name="moon-subtract"))
        if self.info.state == "waiting" and self.info.owner:
            b.append(Button("Start the game", self._start,
                            pygame.Rect(cx - aw // 2, round(H * 0.56), aw, ah), primary=True,
                            name="start"))
        if self._game_over():
            gw = round(220 * u)
            gy = self._over_rect().bottom - ah - round(22 * u)
            if self.info.owner:
                b.append(Button("New game", self._start, pygame.Rect(cx - gw - round(8 * u), gy, gw, ah),
                                primary=True, name="new-game"))
            b.append(Button("Leave the table", self._leave,
                            pygame.Rect(cx + round(8 * u) if self.info.owner else cx - gw // 2, gy, gw, ah),
                            name="leave"))
        self.buttons = b

    def button(self, name: str) -> Button | None:
        """The button called ``name`` (pass, claim, moon-add, new-game, scores...), if shown."""
        return next((x for x in self.buttons if x.name == name), None)

    # -- intents --------------------------------------------------------------------------------------
    def _send(self, msg: dict[str, Any]) -> None:
        self.app.send(msg)

    def _settle(self) -> None:
        """Finish every motion so that the view on screen is the newest one."""
        if self.anim.busy:
            self.anim.finish()

    def click_card(self, card: Card) -> None:
        """What a click on one of your cards does: toggle it for passing, or play it."""
        self._settle()
        v = self.view
        if v is None or self.watching:
            return
        if v.phase == "pass":
            if v.has_passed[v.seat] or self.pass_sent:
                self._toast("You have passed; waiting for the others")
                return
            if v.pass_direction == "hold":
                return
            if card in self.selected:
                self.selected.remove(card)
            elif len(self.selected) < v.rules.pass_count:
                self.selected.append(card)
            else:
                self._toast(f"You pass {v.rules.pass_count} cards: click one to put it back")
            self._relayout()
            return
        if v.phase == "play" and v.my_turn and card in v.legal:
            self._play(card)
            return
        self._toast(why_illegal(v, card), 2.8)

    def _play(self, card: Card) -> None:
        start = self._origin(self.me, card)
        self._send({"type": "play", "card": str(card)})
        self.optimistic = card
        if card in self.hand_cards:
            self.hand_cards.remove(card)
        self.trick_shown.append((self.me, card))
        self.anim.move(("trick", card), start, self._slot_topleft(self.me), 0.22)
        self.hint_cards = set()
        self.hover_card = None
        self._sound("card")
        self._relayout()

    def _confirm_pass(self) -> None:
        v = self.view
        if v is None or v.phase != "pass" or len(self.selected) != v.rules.pass_count:
            return
        self._send({"type": "pass", "cards": [str(c) for c in self.selected]})
        self.pass_sent = list(self.selected)
        self.selected = []
        self._relayout()

    def _claim(self) -> None:
        self._send({"type": "claim"})

    def _moon(self, choice: str) -> None:
        self._send({"type": "moon", "choice": choice})

    def _hint(self) -> None:
        self._send({"type": "hint"})

    def _undo(self) -> None:
        self._send({"type": "undo"})

    def _start(self) -> None:
        self._send({"type": "start"})

    def _leave(self) -> None:
        sess = getattr(self.app, "session", None)
        if getattr(sess, "mode", None) in ("bots", "demo") and hasattr(self.app, "disconnect"):
            self.app.disconnect()
        else:
            self._send({"type": "leave"})

    def _toggle_scores(self) -> None:
        self.show_scores = not self.show_scores

    def _toggle_last(self) -> None:
        self.show_last = not self.show_last

    def _toggle_reveal(self) -> None:
        self.reveal = not self.reveal
        self._relayout()

    def _seat_menu(self, seat: int) -> None:
        try:
            from .seat_menu import SeatMenu
        except ImportError:
            return
        SeatMenu(self.app, seat).open()

    # -- input ------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keyboard = False
            self._click(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _hover(self, pos: tuple[int, int]) -> None:
        self.hover_button = next((b for b in self.buttons if b.rect.collidepoint(pos)), None)
        card = self._card_at(pos)
        if card is not self.hover_card:
            self.hover_card = card
        if self.keyboard and card is not None:
            self.keyboard = False

    def _card_at(self, pos: tuple[int, int]) -> Card | None:
        for c, r in reversed(self._hand_layout()):
            # a card's visible area includes the gap below it when lifted
            hit = r.copy()
            hit.height += self.L["hand_y"] - r.y
            if hit.collidepoint(pos):
                return c
        return None

    def _click(self, pos: tuple[int, int]) -> None:
        if self.summary is not None and self._summary_rect().collidepoint(pos):
            self.summary = None
            return
        if self.show_scores:
            b = self.button("scores")
            if not (b and b.rect.collidepoint(pos)):
                self.show_scores = False
                return
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                if b.enabled:
                    b.action()
                    self._relayout()
                return
        card = self._card_at(pos)
        if card is not None:
            self.click_card(card)
            return
        if self._mini_scores_rect().collidepoint(pos):
            self._toggle_scores()
            return
        for seat in range(4):
            if seat == self.me and not self.watching:
                continue
            if self.L["plates"][self._rel(seat)].collidepoint(pos):
                self._seat_menu(seat)
                return
        if self.show_last:
            self.show_last = False

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        ctrl = event.mod & pygame.KMOD_CTRL
        v = self.view
        if ctrl:
            if k == pygame.K_h:
                self._hint()
            elif k == pygame.K_u:
                self._undo()
            elif k == pygame.K_r:
                self._toggle_reveal()
            return
        if k == pygame.K_TAB:
            self._toggle_scores()
            return
        if k == pygame.K_l:
            self._toggle_last()
            return
        if v is None or self.watching:
            return
        if v.phase == "moon-choice" and v.moon is not None and v.moon.shooter == v.seat:
            if k == pygame.K_a:
                self._moon("add")
            elif k == pygame.K_s:
                self._moon("subtract")
            return
        if k == pygame.K_t and self.button("claim"):
            self._claim()
            return
        n = len(self.hand_cards)
        if not n:
            return
        if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self.keyboard = True
            self._settle()
            n = len(self.hand_cards)
            if k == pygame.K_HOME:
                self.cursor = 0
            elif k == pygame.K_END:
                self.cursor = n - 1
            else:
                step = -1 if k == pygame.K_LEFT else 1
                self.cursor = self._next_cursor(step)
            return
        if v.phase == "pass" and k in PASS_KEYS:
            i = PASS_KEYS[k]
            if i < n:
                self.keyboard = True
                self.cursor = i
                self.click_card(self.hand_cards[i])
            return
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_UP):
            self._settle()
            v = self.view
            if v is None or not self.hand_cards:
                return
            self.cursor = min(self.cursor, len(self.hand_cards) - 1)
            if (v.phase == "pass" and k in (pygame.K_RETURN, pygame.K_KP_ENTER)
                    and len(self.selected) == v.rules.pass_count):
                self._confirm_pass()
                return
            self.keyboard = True
            self.click_card(self.hand_cards[self.cursor])
            if self.cursor >= len(self.hand_cards):
                self.cursor = max(0, len(self.hand_cards) - 1)

    def _next_cursor(self, step: int) -> int:
        """Move the cursor, skipping unplayable cards when it is your turn to play."""
        n = len(self.hand_cards)
        v = self.view
        i = self.cursor
        for _ in range(n):
            i = (i + step) % n
            if v is None or v.phase != "play" or not v.my_turn or self.hand_cards[i] in v.legal:
                return i
        return self.cursor

    # -- time -------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.anim.scale = self._anim_scale()
        self.anim.update(dt)
        if self.toast and self.clock >= self.toast[1]:
            self.toast = None
        if self.notice and self.clock >= self.notice[1]:
            self.notice = None
        if self.summary is not None and self.clock >= self.summary_until:
            self.summary = None
        for seat in [s for s, (_, until) in self.bubbles.items() if self.clock >= until]:
            del self.bubbles[seat]

    @property
    def animating(self) -> bool:
        return (self.anim.busy or self.toast is not None or self.notice is not None
                or bool(self.bubbles) or self.summary is not None)

    # -- drawing ------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        surface.blit(theme.background(self._setting("background", "green"), self.size), (0, 0))
        v = self.view
        if v is None:
            self._draw_waiting(surface)
            return
        self._draw_info(surface, v)
        self._draw_mini_scores(surface, v)
        for rel in (1, 2, 3):
            self._draw_opponent(surface, v, (self.me + rel) % 4)
        if v.phase == "pass" and v.pass_direction != "hold" and not self._all_passed(v):
            self._draw_pass_arrow(surface, v)
        self._draw_trick(surface)
        self._draw_plate(surface, v, self.me, self.L["plates"][0])
        self._draw_hand(surface, v)
        self._draw_status(surface, v)
        for b in self.buttons:
            b.draw(surface, b is self.hover_button, self.u)
        self._draw_bubbles(surface)
        if self.show_last:
            self._draw_last_trick(surface, v)
        if v.phase == "moon-choice":
            self._draw_moon(surface, v)
        if self.info.state == "paused":
            self._draw_banner(surface, f"Paused by {self.info.paused_by or 'the owner'}")
        if self.summary is not None and not self._game_over():
            self._draw_summary(surface)
        if self._game_over():
            self._draw_game_over(surface)
            for b in self.buttons:
                if b.name in ("new-game", "leave"):
                    b.draw(surface, b is self.hover_button, self.u)
        if self.show_scores:
            self._draw_scoreboard(surface)
        if self.notice:
            self._draw_notice(surface, self.notice[0])

    def _all_passed(self, v: View) -> bool:
        return all(v.has_passed)

    def _game_over(self) -> bool:
        return self.info.winners is not None and self.info.state == "over"

    def _draw_waiting(self, surface: pygame.Surface) -> None:
        u = self.u
        img = _text("Waiting for the game to start…", round(26 * u), theme.TEXT, "bold", True)
        surface.blit(img, img.get_rect(center=(self.size[0] // 2, self.size[1] // 2 - round(40 * u))))
        for b in self.buttons:
            b.draw(surface, b is self.hover_button, u)

    def _panel(self, surface: pygame.Surface, rect: pygame.Rect, alpha: int = 170,
               edge: tuple[int, int, int] | None = None, width: int = 1) -> None:
        key = ("panel", rect.size, alpha, edge, width)
        img = self._plate_cache.get(key)
        if img is None:
            img = pygame.Surface(rect.size, pygame.SRCALPHA)
            rad = round(12 * self.u)
            pygame.draw.rect(img, (8, 18, 14, alpha), img.get_rect(), border_radius=rad)
            pygame.draw.rect(img, (*(edge or (255, 255, 255)), 255 if edge else 45), img.get_rect(),
                             width=width, border_radius=rad)
            self._plate_cache[key] = img
        surface.blit(img, rect)

    def _draw_info(self, surface: pygame.Surface, v: View) -> None:
        u = self.u
        r = pygame.Rect(self.margin, self.margin, round(262 * u), round(92 * u))
        self._panel(surface, r)
        x = r.x + round(14 * u)
        title = f"Hand {self.info.hand + 1}"
        if self.info.name:
            title += f" · {self.info.name}"
        surface.blit(_text(_fit(title, round(17 * u), r.width - 28, "bold"), round(17 * u),
                           theme.TEXT, "bold"), (x, r.y + round(10 * u)))
        d = v.pass_direction
        pass_text = "no passing" if d == "hold" else f"pass {d} {ARROWS[d]}"
        line = f"{pass_text} · to {v.rules.target}"
        surface.blit(_text(line, round(14 * u), theme.TEXT_DIM), (x, r.y + round(34 * u)))
        broken = v.hearts_broken
        heart = _text("♥", round(22 * u), theme.HEART_RED if broken else (110, 120, 116), "bold")
        hy = r.y + round(56 * u)
        surface.blit(heart, (x, hy))
        label = "Hearts broken" if broken else "Hearts not broken"
        surface.blit(_text(label, round(14 * u), theme.TEXT if broken else theme.TEXT_DIM),
                     (x + heart.get_width() + round(8 * u), hy + round(4 * u)))
        summary = _fit(self.info.summary, round(12 * u), round(110 * u))
        img = _text(summary, round(12 * u), theme.TEXT_DIM)
        surface.blit(img, (r.right - round(12 * u) - img.get_width(), hy + round(6 * u)))

    def _mini_scores_rect(self) -> pygame.Rect:
        u = self.u
        w = round(262 * u)
        return pygame.Rect(self.size[0] - self.margin - w, self.margin, w, round(150 * u))

    def _draw_mini_scores(self, surface: pygame.Surface, v: View) -> None:
        u = self.u
        r = self._mini_scores_rect()
        self._panel(surface, r)
        x = r.x + round(14 * u)
        y = r.y + round(10 * u)
        surface.blit(_text("Scores", round(16 * u), theme.TEXT, "bold"), (x, y))
        hdr = _text("hand   total", round(12 * u), theme.TEXT_DIM)
        surface.blit(hdr, (r.right - round(14 * u) - hdr.get_width(), y + round(3 * u)))
        y += round(28 * u)
        pts = v.points if v.points is not None else v.taken_points
        totals = self.info.totals if any(self.info.totals) else v.totals
        lead = min(totals) if self.info.rules.display != "countdown" else min(totals)
        for s in range(4):
            seat_info = self.info.seats[s]
            color = theme.HUMAN_NAME if seat_info.human else theme.BOT_NAME
            name = _fit(self.info.seat_name(s), round(15 * u), round(150 * u))
            surface.blit(_text(name, round(15 * u), color, "bold" if s == self.me else "sans"), (x, y))
            t = _text(str(self.info.display_total(totals[s])), round(15 * u),
                      theme.ACCENT if totals[s] == lead and any(totals) else theme.TEXT, "bold")
            surface.blit(t, (r.right - round(14 * u) - t.get_width(), y))
            p = _text(str(self.info.display_points(pts[s])) if pts[s] else "·", round(14 * u),
                      theme.TEXT_DIM)
            surface.blit(p, (r.right - round(70 * u) - p.get_width(), y + 1))
            y += round(26 * u)

    def _draw_plate(self, surface: pygame.Surface, v: View, seat: int, rect: pygame.Rect) -> None:
        info = self.info.seats[seat]
        turn = v.turn == seat and v.phase in ("play", "moon-choice") and self.info.state != "over"
        waiting_pass = v.phase == "pass" and not v.has_passed[seat] and v.pass_direction != "hold"
        pts = v.points[seat] if v.points is not None else v.taken_points[seat]
        totals = self.info.totals if any(self.info.totals) else v.totals
        key = ("plate", rect.size, info.kind, self.info.seat_name(seat), info.connected, info.auto,
               v.cards_left[seat], pts, totals[seat], turn, v.dealer == seat,
               v.phase == "pass", waiting_pass, seat == self.me and not self.watching,
               self.info.owner_seat == seat)
        img = self._plate_cache.get(key)
        if img is None:
            img = self._render_plate(rect.size, v, seat, turn, waiting_pass, pts, totals[seat])
            if len(self._plate_cache) > 200:
                self._plate_cache.clear()
            self._plate_cache[key] = img
        pad = round(8 * self.u)
        surface.blit(img, (rect.x - pad, rect.y - pad))
        if self.timer and seat in self.timer[0]:
            seats, deadline, total = self.timer
            left = max(0.0, deadline - self.clock)
            frac = max(0.0, min(1.0, left / total)) if total else 0.0
            bar = pygame.Rect(rect.x + round(10 * self.u), rect.bottom - round(7 * self.u),
                              round((rect.width - round(20 * self.u)) * frac), max(3, round(4 * self.u)))
            col = theme.GOOD if frac > 0.5 else theme.WARN if frac > 0.2 else theme.ERROR
            pygame.draw.rect(surface, col, bar, border_radius=2)

    def _render_plate(self, size: tuple[int, int], v: View, seat: int, turn: bool,
                      waiting_pass: bool, pts: int, total: int) -> pygame.Surface:
        u = self.u
        pad = round(8 * u)
        w, h = size
        img = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        r = pygame.Rect(pad, pad, w, h)
        rad = round(14 * u)
        if turn:
            for i in range(pad, 0, -2):       # a soft golden glow
                a = int(70 * (1 - i / pad) ** 1.5) + 10
                pygame.draw.rect(img, (*theme.ACCENT, a), r.inflate(i * 2, i * 2),
                                 border_radius=rad + i)
        pygame.draw.rect(img, (8, 18, 14, 200), r, border_radius=rad)
        pygame.draw.rect(img, (*theme.ACCENT, 255) if turn else (255, 255, 255, 50), r,
                         width=max(2, round(3 * u)) if turn else 1, border_radius=rad)
        info = self.info.seats[seat]
        d = round(h * 0.7)
        badge = (255, 196, 180) if info.human else (186, 214, 236)
        if not info.connected:
            badge = (150, 150, 150)
        av = _avatar("human" if info.human else "bot" if info.kind == "bot" else "empty", d, badge)
        img.blit(av, (r.x + round(10 * u), r.centery - d // 2))
        tx = r.x + round(18 * u) + d
        name = self.info.seat_name(seat)
        if seat == self.me and not self.watching:
            name += " (you)"
        color = theme.HUMAN_NAME if info.human else theme.BOT_NAME
        total_img = _text(str(self.info.display_total(total)), round(22 * u), theme.TEXT, "bold")
        name_w = r.right - tx - total_img.get_width() - round(16 * u)
        img.blit(_text(_fit(name, round(17 * u), name_w, "bold"), round(17 * u), color, "bold"),
                 (tx, r.y + round(9 * u)))
        if waiting_pass:
            line = "choosing cards…"
        elif v.phase == "pass" and v.pass_direction != "hold":
            line = "passed ✓"
        else:
            bits = [f"{v.cards_left[seat]} cards"]
            bits.append(f"{self.info.display_points(pts)} pts" if pts else "0 pts")
            line = " · ".join(bits)
        if not info.connected:
            line = "connection lost"
        elif info.auto:
            line += " · bot plays"
        img.blit(_text(line, round(13 * u), theme.TEXT_DIM), (tx, r.y + round(34 * u)))
        img.blit(total_img, (r.right - round(12 * u) - total_img.get_width(),
                             r.centery - total_img.get_height() // 2))
        if v.dealer == seat:
            chip = round(20 * u)
            c = (r.right - chip // 2 - 2, r.y + 2)
            pygame.draw.circle(img, (240, 240, 240), c, chip // 2)
            pygame.draw.circle(img, (60, 60, 60), c, chip // 2, width=1)
            dimg = _text("D", round(12 * u), theme.TEXT_DARK, "bold")
            img.blit(dimg, dimg.get_rect(center=c))
        if self.info.owner_seat == seat:
            crown = _text("★", round(13 * u), theme.ACCENT)
            img.blit(crown, (r.x + round(4 * u), r.y + round(2 * u)))
        return img

    def _draw_opponent(self, surface: pygame.Surface, v: View, seat: int) -> None:
        rel = self._rel(seat)
        rect = self.L["plates"][rel]
        n = v.cards_left[seat]
        shown = None
        if self.reveal and v.others is not None:
            shown = sorted(v.others[seat], key=hand_order)
        elif v.tram is not None and v.phase != "play":
            shown = None
        if shown:
            self._draw_open_hand(surface, rel, shown)
        elif n:
            self._draw_fan(surface, rel, n)
        self._draw_plate(surface, v, seat, rect)

    def _draw_fan(self, surface: pygame.Surface, rel: int, n: int) -> None:
        key = ("fan", rel, n, self.small_art.back_name, self.L["small_w"])
        img = self._plate_cache.get(key)
        if img is None:
            art = self.small_art
            back = art.back()
            w, h = art.size
            step = max(3, round(w * 0.16))
            if rel == 2:
                img = pygame.Surface((w + step * (n - 1) + 6, h + 6), pygame.SRCALPHA)
                for i in range(n):
                    img.blit(art.shadow(), (i * step + art.shadow_offset[0] + 2, art.shadow_offset[1] + 2))
                    img.blit(back, (i * step + 2, 2))
            else:
                rb = pygame.transform.rotate(back, 90)
                img = pygame.Surface((h + 6, w + step * (n - 1) + 6), pygame.SRCALPHA)
                for i in range(n):
                    img.blit(rb, (2, i * step + 2))
            self._plate_cache[key] = img
        cx, cy = self._fan_centre(rel)
        if rel == 2:
            surface.blit(img, img.get_rect(midtop=(cx, cy - self.small_art.height // 2)))
        else:
            surface.blit(img, img.get_rect(center=(cx, cy)))

    def _draw_open_hand(self, surface: pygame.Surface, rel: int, shown: list[Card]) -> None:
        art = self.small_art
        w, h = art.size
        step = max(6, round(w * 0.42))
        rows = [shown] if rel == 2 else [shown[:7], shown[7:]]
        cx, cy = self._fan_centre(rel)
        top = cy - h // 2 if rel == 2 else cy - (h + round(h * 0.45)) // 2
        for ri, row in enumerate(rows):
            if not row:
                continue
            width = step * (len(row) - 1) + w
            if rel == 1:
                x0 = self.L["plates"][1].right + round(10 * self.u)
            elif rel == 3:
                x0 = self.L["plates"][3].left - round(10 * self.u) - width
            else:
                x0 = cx - width // 2
            y = top + ri * round(h * 0.45)
            for i, c in enumerate(row):
                surface.blit(art.face(c), (x0 + i * step, y))

    def _tilted(self, card: Card, angle: float) -> pygame.Surface:
        key = (card.index, angle, self.art.width, self.art.style, self.art.back_name)
        img = self._tilted_cache.get(key)
        if img is None:
            if len(self._tilted_cache) > 300:
                self._tilted_cache.clear()
            img = pygame.transform.rotozoom(self.art.face(card), angle, 1.0)
            self._tilted_cache[key] = img
        return img

    def _draw_trick(self, surface: pygame.Surface) -> None:
        art = self.art
        w, h = art.size
        for seat, card in self.trick_shown:
            pos = self.anim.pos(("trick", card))
            rel = self._rel(seat)
            if pos is None:
                pos = self._slot_topleft(seat)
            img = self._tilted(card, TILT[rel])
            cx, cy = pos[0] + w / 2, pos[1] + h / 2
            sh = art.shadow()
            surface.blit(sh, sh.get_rect(center=(cx + 2, cy + 4)))
            surface.blit(img, img.get_rect(center=(round(cx), round(cy))))

    def _draw_pass_arrow(self, surface: pygame.Surface, v: View) -> None:
        d = v.pass_direction
        u = self.u
        key = ("arrow", d, round(u * 100))
        img = self._plate_cache.get(key)
        if img is None:
            L = round(150 * u)
            T = round(34 * u)
            f = 3
            big = pygame.Surface((L * f, L * f), pygame.SRCALPHA)
            c = L * f // 2
            shaft = T * f // 2
            head = T * f
            # an arrow pointing right, rotated to its direction
            pts = [(c - L * f * 0.4, c - shaft / 2), (c + L * f * 0.12, c - shaft / 2),
                   (c + L * f * 0.12, c - head), (c + L * f * 0.45, c),
                   (c + L * f * 0.12, c + head), (c + L * f * 0.12, c + shaft / 2),
                   (c - L * f * 0.4, c + shaft / 2)]
            pygame.draw.polygon(big, (*theme.ACCENT, 150), pts)
            pygame.draw.polygon(big, (255, 255, 255, 140), pts, width=f * 2)
            angle = {"left": 180, "right": 0, "across": 90}[d]
            big = pygame.transform.rotate(big, angle)
            img = pygame.transform.smoothscale(big, (big.get_width() // f, big.get_height() // f))
            self._plate_cache[key] = img
        surface.blit(img, img.get_rect(center=self.L["centre"]))

    def _draw_hand(self, surface: pygame.Surface, v: View) -> None:
        art = self.art
        layout = self._hand_layout()
        my_turn_play = v.phase == "play" and v.my_turn
        sh = art.shadow()
        ox, oy = art.shadow_offset
        for i, (c, r) in enumerate(layout):
            pos = self.anim.pos(("hand", c))
            x, y = (pos if pos is not None else r.topleft)
            surface.blit(sh, (x + ox, y + oy))
            dim = my_turn_play and c not in v.legal
            if c in self.pass_sent:
                dim = True
            surface.blit(art.face(c, "dim" if dim else "normal"), (x, y))
            t = max(2, round(3 * self.u))
            if c in self.hint_cards:
                surface.blit(art.outline((120, 230, 255), t + 1), (x - t - 1, y - t - 1))
            elif c in self.selected:
                surface.blit(art.outline(theme.ACCENT, t), (x - t, y - t))
            elif c in self.received_glow:
                surface.blit(art.outline((150, 220, 255), t), (x - t, y - t))
            if self.keyboard and i == self.cursor:
                surface.blit(art.outline((255, 255, 255), t), (x - t, y - t))

    def _status_text(self, v: View) -> tuple[str, tuple[int, int, int]]:
        name = self.info.seat_name
        if self.info.state == "waiting":
            return ("Waiting for the owner to start the game" if not self.info.owner
                    else "Seats are ready: start the game when you like", theme.TEXT)
        if self.watching:
            if v.turn is not None and v.phase == "play":
                return f"Watching · {name(v.turn)} to play", theme.TEXT
            return "Watching", theme.TEXT
        if v.phase == "pass":
            if v.has_passed[v.seat] or self.pass_sent:
                return "Waiting for the others to pass…", theme.TEXT_DIM
            words = pass_words(v, self.info)
            return f"{words}  {ARROWS.get(v.pass_direction, '')}", theme.ACCENT
        if v.phase == "play":
            if v.my_turn:
                if not v.trick:
                    return "Your lead", theme.ACCENT
                return f"Your turn · follow {suit_words(v.trick[0][1].suit)} if you can", theme.ACCENT
            if v.turn is not None:
                return f"{name(v.turn)} is playing…", theme.TEXT_DIM
        if v.phase == "moon-choice" and v.moon is not None:
            if v.moon.shooter == v.seat:
                return "You shot the moon! Choose:", theme.ACCENT
            return f"{name(v.moon.shooter)} shot the moon and is choosing…", theme.TEXT
        if v.phase == "done":
            return "Hand over", theme.TEXT
        return "", theme.TEXT

    def _draw_status(self, surface: pygame.Surface, v: View) -> None:
        u = self.u
        cx = self.size[0] // 2
        y = self.L["status_y"]
        if self.toast:
            text = self.toast[0]
            size = round(18 * u)
            img = _text(_fit(text, size, round(self.size[0] * 0.6), "bold"), size, theme.TEXT_DARK, "bold")
            pill = img.get_rect(center=(cx, y)).inflate(round(30 * u), round(14 * u))
            pygame.draw.rect(surface, (255, 236, 200), pill, border_radius=pill.height // 2)
            pygame.draw.rect(surface, theme.WARN, pill, width=2, border_radius=pill.height // 2)
            surface.blit(img, img.get_rect(center=pill.center))
        else:
            text, color = self._status_text(v)
            if text:
                img = _text(text, round(20 * u), color, "bold", True)
                surface.blit(img, img.get_rect(center=(cx, y)))
        if self.timer and self.me in self.timer[0] and not self.watching:
            seats, deadline, total = self.timer
            left = max(0.0, deadline - self.clock)
            frac = max(0.0, min(1.0, left / total)) if total else 0.0
            full = round(self.size[0] * 0.3)
            bar = pygame.Rect(cx - full // 2, y + round(16 * u), round(full * frac), max(4, round(5 * u)))
            pygame.draw.rect(surface, (0, 0, 0, 100), (cx - full // 2, bar.y, full, bar.height),
                             border_radius=3)
            col = theme.GOOD if frac > 0.5 else theme.WARN if frac > 0.2 else theme.ERROR
            pygame.draw.rect(surface, col, bar, border_radius=3)
            secs = _text(f"{left:.0f} s", round(13 * u), theme.TEXT_DIM)
            surface.blit(secs, (cx + full // 2 + round(8 * u), bar.y - round(5 * u)))

    def _draw_bubbles(self, surface: pygame.Surface) -> None:
        u = self.u
        for seat, (text, _) in self.bubbles.items():
            rel = self._rel(seat)
            plate = self.L["plates"][rel]
            size = round(15 * u)
            img = _text(_fit(text, size, round(300 * u)), size, theme.TEXT_DARK)
            box = img.get_rect().inflate(round(24 * u), round(14 * u))
            if rel == 2:
                box.midleft = (plate.right + round(16 * u), plate.centery)
                tail = [(box.left, box.centery - 6), (box.left - 12, box.centery), (box.left, box.centery + 6)]
            elif rel == 3:
                box.midbottom = (plate.centerx, plate.top - round(12 * u))
                tail = [(box.centerx - 6, box.bottom), (box.centerx, box.bottom + 10), (box.centerx + 6, box.bottom)]
            else:
                box.midbottom = (plate.centerx, plate.top - round(12 * u))
                tail = [(box.centerx - 6, box.bottom), (box.centerx, box.bottom + 10), (box.centerx + 6, box.bottom)]
            box.clamp_ip(surface.get_rect())
            pygame.draw.polygon(surface, (250, 250, 244), tail)
            pygame.draw.rect(surface, (250, 250, 244), box, border_radius=round(10 * u))
            surface.blit(img, img.get_rect(center=box.center))

    def _draw_last_trick(self, surface: pygame.Surface, v: View) -> None:
        u = self.u
        if not v.tricks:
            return
        t = v.tricks[-1]
        art = self.small_art
        w, h = art.size
        r = pygame.Rect(self.margin, self.margin + round(104 * u), round(262 * u), h * 2 + round(70 * u))
        self._panel(surface, r, alpha=210, edge=theme.ACCENT_SOFT)
        title = f"Last trick · {self.info.seat_name(t.winner)} took it"
        surface.blit(_text(_fit(title, round(14 * u), r.width - 20, "bold"), round(14 * u), theme.TEXT, "bold"),
                     (r.x + round(12 * u), r.y + round(8 * u)))
        cx, cy = r.centerx, r.y + round(30 * u) + h
        off = {0: (0, h * 0.45), 1: (-w * 0.85, 0), 2: (0, -h * 0.45), 3: (w * 0.85, 0)}
        for seat, card in t.plays():
            dx, dy = off[self._rel(seat)]
            img = art.face(card)
            rr = img.get_rect(center=(round(cx + dx), round(cy + dy)))
            surface.blit(img, rr)
            if seat == t.winner:
                surface.blit(art.outline(theme.ACCENT, 2), (rr.x - 2, rr.y - 2))

    def _draw_moon(self, surface: pygame.Surface, v: View) -> None:
        if v.moon is None or v.moon.shooter != v.seat or self.watching:
            return
        u = self.u
        add = self.button("moon-add")
        sub = self.button("moon-subtract")
        if add is None or sub is None:
            return
        r = add.rect.union(sub.rect).inflate(round(60 * u), round(120 * u))
        r.y -= round(40 * u)
        self._panel(surface, r, alpha=225, edge=theme.ACCENT, width=2)
        title = _text("You shot the moon!" if not v.moon.sun else "You shot the sun!", round(24 * u),
                      theme.ACCENT, "bold")
        surface.blit(title, title.get_rect(midtop=(r.centerx, r.y + round(14 * u))))
        for b in (add, sub):
            b.draw(surface, b is self.hover_button, u)

    def _draw_banner(self, surface: pygame.Surface, text: str) -> None:
        u = self.u
        img = _text(text, round(24 * u), theme.TEXT, "bold")
        r = img.get_rect(center=(self.size[0] // 2, round(self.size[1] * 0.2))).inflate(round(40 * u), round(20 * u))
        self._panel(surface, r, alpha=220, edge=theme.ACCENT)
        surface.blit(img, img.get_rect(center=r.center))

    def _draw_notice(self, surface: pygame.Surface, text: str) -> None:
        u = self.u
        img = _text(text, round(30 * u), theme.ACCENT_SOFT, "bold", True)
        cx, cy = self.L["centre"]
        r = img.get_rect(center=(cx, cy - round(150 * u) if self.trick_shown else cy)).inflate(
            round(44 * u), round(22 * u))
        self._panel(surface, r, alpha=200)
        surface.blit(img, img.get_rect(center=r.center))

    def _summary_rect(self) -> pygame.Rect:
        u = self.u
        r = pygame.Rect(0, 0, round(440 * u), round(230 * u))
        r.center = (self.size[0] // 2, round(self.size[1] * 0.42))
        return r

    def _draw_summary(self, surface: pygame.Surface) -> None:
        s = self.summary or {}
        u = self.u
        r = self._summary_rect()
        self._panel(surface, r, alpha=225, edge=theme.ACCENT_SOFT)
        hand = int(s.get("hand", self.info.hand)) + 1
        title = _text(f"Hand {hand} scored", round(22 * u), theme.ACCENT, "bold")
        surface.blit(title, title.get_rect(midtop=(r.centerx, r.y + round(12 * u))))
        pts = list(s.get("points") or (self.view.points if self.view and self.view.points else (0,) * 4))
        totals = list(s.get("totals") or self.info.totals)
        y = r.y + round(50 * u)
        hdr = _text("this hand     total", round(13 * u), theme.TEXT_DIM)
        surface.blit(hdr, (r.right - round(24 * u) - hdr.get_width(), y))
        y += round(22 * u)
        for seat in range(4):
            info = self.info.seats[seat]
            color = theme.HUMAN_NAME if info.human else theme.BOT_NAME
            surface.blit(_text(_fit(self.info.seat_name(seat), round(16 * u), round(200 * u)), round(16 * u),
                               color, "bold"), (r.x + round(24 * u), y))
            p = _text(f"{self.info.display_points(pts[seat]):+d}" if pts[seat] else "0", round(16 * u),
                      theme.TEXT)
            surface.blit(p, (r.right - round(130 * u) - p.get_width(), y))
            t = _text(str(self.info.display_total(totals[seat])), round(16 * u), theme.TEXT, "bold")
            surface.blit(t, (r.right - round(24 * u) - t.get_width(), y))
            y += round(26 * u)
        moon = s.get("moon")
        if moon and moon.get("shooter") is not None:
            what = "the sun" if moon.get("sun") else "the moon"
            line = f"{self.info.seat_name(moon['shooter'])} shot {what}"
            surface.blit(_text(line, round(14 * u), theme.ACCENT_SOFT),
                         (r.x + round(24 * u), r.bottom - round(28 * u)))
        tip = _text("click to close", round(12 * u), theme.TEXT_DIM)
        surface.blit(tip, (r.right - round(14 * u) - tip.get_width(), r.bottom - round(24 * u)))

    def _over_rect(self) -> pygame.Rect:
        u = self.u
        r = pygame.Rect(0, 0, round(520 * u), round(340 * u))
        r.center = (self.size[0] // 2, round(self.size[1] * 0.44))
        return r

    def _draw_game_over(self, surface: pygame.Surface) -> None:
        u = self.u
        r = self._over_rect()
        dim = pygame.Surface(self.size, pygame.SRCALPHA)
        dim.fill((0, 0, 0, 90))
        surface.blit(dim, (0, 0))
        self._panel(surface, r, alpha=235, edge=theme.ACCENT, width=2)
        winners = self.info.winners or []
        names = [self.info.seat_name(s) for s in winners]
        if len(names) == 1:
            head = "You win!" if winners[0] == self.me and not self.watching else f"{names[0]} wins!"
        elif names:
            head = " and ".join([", ".join(names[:-1]), names[-1]]) + " share the win"
        else:
            head = "Game over"
        title = _text("Game over", round(16 * u), theme.TEXT_DIM, "bold")
        surface.blit(title, title.get_rect(midtop=(r.centerx, r.y + round(14 * u))))
        big = _text(_fit(head, round(30 * u), r.width - 30, "bold"), round(30 * u), theme.ACCENT, "bold", True)
        surface.blit(big, big.get_rect(midtop=(r.centerx, r.y + round(38 * u))))
        totals = list(self.info.totals)
        order = sorted(range(4), key=lambda s: (totals[s], s))
        y = r.y + round(96 * u)
        for place, seat in enumerate(order):
            info = self.info.seats[seat]
            color = theme.HUMAN_NAME if info.human else theme.BOT_NAME
            mark = "★ " if seat in winners else f"{place + 1}. "
            surface.blit(_text(mark + _fit(self.info.seat_name(seat), round(19 * u), round(300 * u)),
                               round(19 * u), color, "bold"), (r.x + round(60 * u), y))
            t = _text(str(self.info.display_total(totals[seat])), round(19 * u), theme.TEXT, "bold")
            surface.blit(t, (r.right - round(60 * u) - t.get_width(), y))
            y += round(34 * u)
        if not self.info.owner:
            wait = _text("The owner can start a new game", round(13 * u), theme.TEXT_DIM)
            surface.blit(wait, wait.get_rect(midbottom=(r.centerx, r.bottom - round(72 * u))))

    def _draw_scoreboard(self, surface: pygame.Surface) -> None:
        u = self.u
        results = self.info.results
        rows = len(results)
        row_h = round(24 * u)
        max_rows = max(3, (self.size[1] - round(260 * u)) // row_h)
        shown = results[-max_rows:]
        W = round(640 * u)
        Hh = round(150 * u) + row_h * max(1, len(shown))
        r = pygame.Rect(0, 0, min(W, self.size[0] - 20), Hh)
        r.center = (self.size[0] // 2, self.size[1] // 2)
        dim = pygame.Surface(self.size, pygame.SRCALPHA)
        dim.fill((0, 0, 0, 110))
        surface.blit(dim, (0, 0))
        self._panel(surface, r, alpha=240, edge=theme.ACCENT_SOFT)
        title = "Scoreboard" + (" (countdown)" if self.info.rules.display == "countdown" else "")
        surface.blit(_text(title, round(22 * u), theme.ACCENT, "bold"), (r.x + round(20 * u), r.y + round(14 * u)))
        target = _text(f"game to {self.info.rules.target} · {self.info.summary}", round(13 * u), theme.TEXT_DIM)
        surface.blit(target, (r.right - round(20 * u) - target.get_width(), r.y + round(22 * u)))
        col0 = r.x + round(20 * u)
        colw = (r.width - round(120 * u)) // 4
        xs = [r.x + round(100 * u) + colw * i + colw // 2 for i in range(4)]
        y = r.y + round(56 * u)
        surface.blit(_text("Hand", round(14 * u), theme.TEXT_DIM, "bold"), (col0, y))
        for s in range(4):
            info = self.info.seats[s]
            color = theme.HUMAN_NAME if info.human else theme.BOT_NAME
            img = _text(_fit(self.info.seat_name(s), round(15 * u), colw - 8, "bold"), round(15 * u), color, "bold")
            surface.blit(img, img.get_rect(midtop=(xs[s], y)))
        y += round(28 * u)
        pygame.draw.line(surface, (96, 112, 104), (col0, y - 4), (r.right - round(20 * u), y - 4))
        if rows > len(shown):
            surface.blit(_text(f"… {rows - len(shown)} earlier hands", round(12 * u), theme.TEXT_DIM), (col0, y - 2))
        for rec in shown:
            surface.blit(_text(str(rec.hand + 1), round(14 * u), theme.TEXT_DIM), (col0, y))
            moon_shooter = (rec.moon or {}).get("shooter") if isinstance(rec.moon, dict) else None
            for s in range(4):
                p = rec.points[s] if s < len(rec.points) else 0
                txt = str(self.info.display_points(p))
                col = theme.ACCENT_SOFT if moon_shooter == s else theme.TEXT
                img = _text(txt, round(14 * u), col)
                surface.blit(img, img.get_rect(midtop=(xs[s], y)))
            y += row_h
        if not shown:
            img = _text("No hand scored yet", round(14 * u), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midtop=(r.centerx, y)))
            y += row_h
        pygame.draw.line(surface, (96, 112, 104), (col0, y + 2), (r.right - round(20 * u), y + 2))
        y += round(10 * u)
        surface.blit(_text("Total", round(15 * u), theme.TEXT, "bold"), (col0, y))
        totals = list(self.info.totals)
        best = min(totals) if any(totals) else None
        for s in range(4):
            img = _text(str(self.info.display_total(totals[s])), round(17 * u),
                        theme.ACCENT if totals[s] == best else theme.TEXT, "bold")
            surface.blit(img, img.get_rect(midtop=(xs[s], y)))
        tip = _text("Tab or click to close", round(12 * u), theme.TEXT_DIM)
        surface.blit(tip, tip.get_rect(bottomright=(r.right - round(14 * u), r.bottom - round(10 * u))))
