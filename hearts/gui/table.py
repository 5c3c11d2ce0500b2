"""The table screen: your hand, the opponents, the trick, passing, scores, dialogs.

It renders only what the host sends (docs/protocol.md): the seat's view (a
``View.to_dict()`` map), the ``table`` facts (names, humans and bots, owner,
totals, every scored hand) and the changes of each ``update``, which it plays
back as animations in order: a card flies from its player to the trick, the
finished trick stays with its winner marked and named (setting ``trick_pause``;
``bot_speed`` spaces the others' cards), then is swept to its winner; received
cards slide in; the next hand waits for the hand's summary to close. Intents go
out through ``app.send``; a card you play stays in your hand until the host's
update moves it. Drawing is cheap: cards, plates and text are cached surfaces,
and `animating` is true only while something moves.

The app calls `notify` (a wrapped notice) and `set_disconnected` (greyed, no input).
"""

from __future__ import annotations

import functools
import logging
from typing import TYPE_CHECKING, Any, Callable

import pygame

from hearts.engine import CARDS, Card, View
from hearts.engine.cards import QUEEN_SPADES
from net.mirror import TableInfo, read_view

from . import cards as cardart
from . import sounds as sfx
from .anim import Animator, ease_in_out, speed_scale
from .screen import Screen
from .table_draw import ARROWS, Button, TablePainter, button_width, hand_order
from .table_layout import Layout
from .table_model import TableModel
from .table_state import hint_words, why_illegal

if TYPE_CHECKING:
    from .app import App
log = logging.getLogger(__name__)

TRICK_PAUSE = 1.1                  # seconds a finished trick stays (the default)
BOT_GAPS = {"slow": 0.55, "normal": 0.2, "fast": 0.0}   # extra seconds after another's card
SUMMARY_SECONDS = 8.0              # a hand's summary closes itself after this
NOTE_SECONDS = {"info": 6.0, "warn": 4.0, "cue": 3.0}
PASS_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3, pygame.K_5: 4,
             pygame.K_6: 5, pygame.K_7: 6, pygame.K_8: 7, pygame.K_9: 8, pygame.K_0: 9,
             pygame.K_MINUS: 10, pygame.K_EQUALS: 11}


class TableScreen(TablePainter, Screen):
    """The table. Feed it host messages with `on_message`; it sends intents with app.send."""

    is_table = True

    def __init__(self, app: "App", message: dict[str, Any] | None = None,
                 sounds: sfx.Sounds | None = None) -> None:
        super().__init__(app)
        # where the player dragged the small scoreboard (kept in the settings)
        self.model = TableModel(scores_at=app.settings.scores_at)
        self.anim = Animator(scale=self._anim_scale())
        self.sounds = sounds if sounds is not None else sfx.shared()
        self.clock = 0.0
        self.hover_button: Button | None = None
        self.buttons: list[Button] = []
        self._deal_next = False
        self._undone = False
        self._backlog = 0           # host messages received but not yet shown
        self._frozen = False        # the last hand of a scripted run is on screen: show no more
        self._frozen_next = False   # ... and its scores are on their way
        self.flyers: dict[tuple[str, Card], Card] = {}     # cards in flight off the hand
        self._drag: tuple[tuple[int, int], tuple[int, int], bool] | None = None
        self.size: tuple[int, int] = app.size
        self.layout = Layout.for_size(self.size, self._ui_scale())
        self.resize(self.size)
        if message is not None:
            self.on_message(message)

    # -- settings ---------------------------------------------------------------------------
    def _setting(self, name: str, default: Any) -> Any:
        return getattr(getattr(self.app, "settings", None), name, default)

    def _ui_scale(self) -> float:
        """The text-size setting ``ui_scale`` (1.0: as the window gives)."""
        value = self._setting("ui_scale", 1.0)
        return float(value) if isinstance(value, (int, float)) and value > 0 else 1.0

    def _trick_pause(self) -> float:
        """Seconds a finished trick stays on the table (setting ``trick_pause``)."""
        value = self._setting("trick_pause", TRICK_PAUSE)
        return min(5.0, max(0.2, float(value))) if isinstance(value, (int, float)) else TRICK_PAUSE

    def _bot_gap(self) -> float:
        """The extra pause after another player's card (setting ``bot_speed``)."""
        return BOT_GAPS.get(str(self._setting("bot_speed", "normal")), BOT_GAPS["normal"])

    # -- what the app calls ---------------------------------------------------------------------
    def notify(self, text: str) -> None:
        """Show ``text`` in the table's notice area (wrapped, never cut) until the player's
        next action or the next hand: rule changes, others kicked, and the like."""
        self.model.note(text, self.clock + NOTE_SECONDS["info"] * 2)

    def set_disconnected(self, text: str | None) -> None:
        """Grey the table and refuse all input while the connection is lost (``text`` says
        why); None when connected again (the host then sends the table afresh)."""
        self.model.disconnected = text
        if text is not None:
            self.model.pending = None
            self.model.hover_card = None
            self.hover_button = None
            self._drag = None

    def _anim_scale(self) -> float:
        settings = getattr(self.app, "settings", None)
        scale = getattr(settings, "animation_scale", None)
        if isinstance(scale, (int, float)):
            return float(scale)
        return speed_scale(self._setting("animation", "normal"))

    # -- messages ---------------------------------------------------------------------------
    def on_message(self, message: dict[str, Any]) -> None:
        t = message.get("type")
        if t in ("table", "update"):
            self._backlog += 1
        if t == "table":
            self._step(lambda: self._apply_table(message))
        elif t == "update":
            last = self._last_hand_of_run(message)
            for ch in message.get("events") or ():
                if isinstance(ch, dict):
                    self._queue_change(ch)
                    if last and ch.get("type") == "hand_scored":
                        self._step(self._freeze)
            view = message.get("view")
            has_timer = "timer" in message
            timer = message.get("timer")
            self._step(lambda: self._apply_view(view, timer, has_timer))
        elif t == "hint":
            self._show_hint(message)
        elif t == "error":
            self._refused(message)
        elif t == "chat":
            self._bubble(message)
        if self._backlog > 80:      # far behind (a hidden window): catch up at once
            self.anim.finish()
        if t == "update" and self._frozen_next:
            self.anim.finish()          # the screenshot shows this hand scored, nothing after

    def _last_hand_of_run(self, message: dict[str, Any]) -> bool:
        """A scripted run (``--exit-after-hands``) just had its last hand scored."""
        last = getattr(self.app, "exit_after_hands", None)
        scored = getattr(self.app, "hands_scored", 0)
        self._frozen_next = self._frozen_next or (
            isinstance(last, int) and scored >= last
            and any(isinstance(c, dict) and c.get("type") == "hand_scored"
                    for c in message.get("events") or ()))
        return self._frozen_next

    def _freeze(self) -> None:
        """Stop at the summary of the run's last hand (the host may already deal the next)."""
        self._frozen = True
        self.model.summary_until = float("inf")

    def _step(self, fn: Callable[[], None]) -> None:
        """Queue ``fn`` after the motions before it; a malformed host message is logged
        and skipped, never allowed to stop the client."""
        def guarded() -> None:
            if self._frozen:
                return
            try:
                fn()
            except (KeyError, ValueError, TypeError, IndexError, AttributeError):
                log.warning("table: a host message could not be shown", exc_info=True)
        self.anim.then(guarded)

    def show_view(self, view: View, info: TableInfo | None = None) -> None:
        """Show a view directly (no host): for previews, tests and screenshots."""
        if info is not None:
            self.model.info = info
        self._step(lambda: self._apply_view(view.to_dict(), None, False))

    def _apply_table(self, msg: dict[str, Any]) -> None:
        self.model.info = TableInfo.from_message(msg)
        self._apply_view(msg.get("view"), msg.get("timer"), "timer" in msg, snap=True)

    def _queue_change(self, ch: dict[str, Any]) -> None:
        kind = ch.get("type")
        if kind == "card_played":
            self._step(lambda: self._card_played(int(ch["seat"]), Card.parse(ch["card"])))
        elif kind == "trick_taken":
            self._step(lambda: self._trick_taken(ch))
        elif kind == "cards_received":
            self._step(lambda: self._cards_received(ch))
        elif kind == "chat":
            self._bubble(ch)
        else:
            self._step(lambda: self._change(ch))

    def _change(self, ch: dict[str, Any]) -> None:
        """A change without motion: fold it into the table facts, announce it, sound it."""
        self.model.info.apply_change(ch)
        kind = ch.get("type")
        name = self.model.info.seat_name
        if kind == "hearts_broken":
            self._note("Hearts are broken", 3.0)
            self._sound("hearts")
        elif kind == "moon_shot":
            who = ch.get("shooter", 0)
            what = "the sun" if ch.get("sun") else "the moon"
            self._notice(f"{name(who)} shot {what}!", 2.5)
            self._sound("moon")
        elif kind == "moon_chosen":
            choice = "added to the others" if ch.get("choice") == "add" else "subtracted"
            self._note(f"{name(ch.get('shooter', 0))}'s moon: {choice}")
        elif kind == "tram":
            self.model.tram = dict(ch)          # shown, with the cards, in the hand's summary
        elif kind == "hand_scored":
            self.model.summary = dict(ch)
            self.model.summary["tram"] = self.model.tram
            self.model.tram = None
            self.model.summary_until = self.clock + (4.0 if self.model.watching else SUMMARY_SECONDS)
            self.anim.wait_until(lambda: self.model.summary is None)   # deal after it closes
            moon = ch.get("moon")
            if moon and moon.get("shooter") is not None and not ch.get("_sounded"):
                self._sound("moon")
            self.model.trick_shown = []
        elif kind == "game_over":
            self.model.summary = None
            self.model.clear_notes()
            self.model.notice = None
            self.anim.gate = None
            self._sound("gameover")
        elif kind == "game_started":
            self.model.summary = None
            self.model.over_closed = False
            self.model.show_scores = False
        elif kind == "hand_started":
            self.model.trick_shown = []
            self.model.selected = []
            self.model.pass_sent = []
            self.model.clear_notes()
            self.model.received_glow = set()
            self._deal_next = True
        elif kind in ("player_dropped", "player_left", "player_kicked", "player_joined",
                      "player_returned"):
            seat = ch.get("seat")
            who = ch.get("name") or (name(seat) if isinstance(seat, int) else "someone")
            words = {"player_dropped": "lost the connection", "player_left": "left",
                     "player_kicked": "was kicked", "player_joined": "joined",
                     "player_returned": "is back"}[kind]
            session = getattr(self.app, "session", None)
            mine = getattr(session, "name", None)
            demo = getattr(session, "mode", None) == "demo"     # the dealer comes and goes
            if not ((seat == self.model.me and kind == "player_joined") or (mine and who == mine) or demo):
                self._note(f"{who} {words}")
        elif kind == "undone":
            self._undone = True
            self.model.trick_shown = []
        elif kind == "paused":
            self._note(f"Paused by {ch.get('by') or 'the owner'}")
        elif kind == "game_ended":
            self._note("The owner ended the game")
        elif kind == "timer":
            seats = tuple(ch.get("seats") or ())
            secs = float(ch.get("seconds") or 0)
            self.model.timer = (seats, self.clock + secs, secs or 1.0) if seats and secs else None

    def _apply_view(self, d: dict[str, Any] | None, timer: Any, has_timer: bool,
                    snap: bool = False) -> None:
        """Make the host's view the one on screen (the authoritative state)."""
        self._backlog = max(0, self._backlog - 1)
        if has_timer:
            self._set_timer(timer)
        if d is None:
            self._relayout()
            return
        try:
            view, watching = read_view(d, self.model.info.rules)
        except (KeyError, ValueError, TypeError):
            return
        old = self.model.view
        self.model.view = view
        self.model.watching = watching
        if self.model.info.my_seat is None and not watching:
            self.model.info.my_seat = view.seat
        new_hand = (old is None or self._deal_next
                    or (len(view.tricks) < len(old.tricks) and not self._undone)
                    or (old.phase in ("done", "moon-choice") and view.phase in ("pass", "play")))
        self._deal_next = self._undone = False
        old_cards = set(self.model.hand_cards)
        self.model.hand_cards = sorted(view.hand, key=hand_order)
        self.model.trick_shown = list(view.trick)
        self.model.played_ahead = []
        self.model.pending = None
        self.model.taken = None
        if view.phase != "pass":
            self.model.selected = []
            self.model.pass_sent = []
        else:
            self.model.selected = [c for c in self.model.selected if c in view.hand]
            self.model.pass_sent = list(view.passed or ())
        if view.phase != "play" or view.tricks:
            self.model.received_glow = set()
        elif view.received and not view.tricks:
            self.model.received_glow = set(view.received) & set(view.hand)
        if self.model.cursor >= len(self.model.hand_cards):
            self.model.cursor = max(0, len(self.model.hand_cards) - 1)
        if old is not None and not new_hand and (old.my_turn != view.my_turn or old.phase != view.phase):
            self.model.hint = None              # the hint was for the turn that has passed
            self.model.hint_cards = set()
        if (not watching and view.my_turn and view.phase in ("play", "moon-choice")
                and not (old is not None and old.my_turn and old.phase == view.phase)):
            self._sound("turn")
            legal = [i for i, c in enumerate(self.model.hand_cards) if c in view.legal]
            if legal and self.model.cursor not in legal:
                self.model.cursor = legal[0]
        if view.phase == "done" and self.model.summary is None and view.points is not None:
            self.model.summary_until = self.clock + 7.0
        self._relayout()
        if new_hand and not snap and self.model.hand_cards and not old_cards >= set(self.model.hand_cards):
            self._animate_deal()

    def _set_timer(self, timer: Any) -> None:
        if isinstance(timer, dict) and timer.get("seats") and timer.get("seconds") is not None:
            secs = float(timer["seconds"])
            total = float(self.model.info.rules.turn_seconds or 0) or max(secs, 1.0)
            if timer.get("why") == "dropped":
                total = max(secs, 1.0)
            self.model.timer = (tuple(timer["seats"]), self.clock + secs, max(total, secs))
        else:
            self.model.timer = None

    # -- motion steps -----------------------------------------------------------------------------
    def _card_played(self, seat: int, card: Card) -> None:
        if (seat, card) in self.model.trick_shown:
            return
        if len(self.model.trick_shown) >= 4:
            self.model.trick_shown = []
            self.model.taken = None
        start = self._origin(seat, card)
        if seat == self.model.me and card in self.model.hand_cards:
            self.model.hand_cards.remove(card)
            if self.model.pending is card:
                self.model.pending = None
            self._relayout()
        self.model.trick_shown.append((seat, card))
        self.model.played_ahead.append((seat, card))
        end = self._slot_topleft(seat)
        self.anim.move(("trick", card), start, end, 0.22 if seat == self.model.me else 0.3)
        if seat != self.model.me or self.model.watching:
            self.anim.wait(self._bot_gap(), scaled=False)
        self._sound("card")

    def _trick_taken(self, ch: dict[str, Any]) -> None:
        leader = int(ch.get("leader", 0))
        played = [((leader + i) % 4, Card.parse(c)) for i, c in enumerate(ch.get("cards") or ())]
        for seat, card in played:
            if (seat, card) not in self.model.trick_shown:
                self._card_played(seat, card)
        self.anim.steps.appendleft(lambda: self._show_taken(ch, played))

    def _show_taken(self, ch: dict[str, Any], played: list[tuple[int, Card]]) -> None:
        """The full trick stays a moment with its winning card marked and the taker named
        (`trick_label`), then is swept to the winner; taking points yourself flashes your plate."""
        winner = int(ch.get("winner", 0))
        points = int(ch.get("points") or 0)
        self.model.taken = (winner, points, dict(played).get(winner))
        queen = any(c is QUEEN_SPADES for _, c in played)
        if winner == self.model.me and not self.model.watching and (points > 0 or queen):
            self.model.cue_until = self.clock + self._trick_pause() + 1.2
            self._sound("queen" if queen else "hearts")
        elif queen:
            self._sound("queen")
        self.anim.wait(self._trick_pause(), scaled=False)
        self.anim.steps.appendleft(lambda: self._collect(winner, played))

    def _collect(self, winner: int, played: list[tuple[int, Card]]) -> None:
        end = self._collect_target(winner)
        for i, (seat, card) in enumerate(played):
            self.anim.move(("trick", card), self._slot_topleft(seat), end, 0.3, delay=0.03 * i,
                           ease=ease_in_out)
        self.anim.steps.appendleft(lambda: self._collected(played))
        self._sound("sweep")

    def _collected(self, played: list[tuple[int, Card]]) -> None:
        self.model.trick_shown = [p for p in self.model.trick_shown if p not in played]
        self.model.taken = None

    def trick_label(self) -> str | None:
        """What the finished trick says while it shows: "Ann takes it, 13 points"."""
        if self.model.taken is None:
            return None
        winner, points, _ = self.model.taken
        me = winner == self.model.me and not self.model.watching
        who = "You take it" if me else f"{self.model.info.seat_name(winner)} takes it"
        if not points:
            return who
        shown = self.model.info.display_points(points)
        return f"{who}, {shown} point{'s' if abs(shown) != 1 else ''}"

    def _cards_received(self, ch: dict[str, Any]) -> None:
        cards = [Card.parse(c) for c in ch.get("cards") or ()]
        if not cards or self.model.watching:
            return
        frm = int(ch.get("from_seat", self.model.me))
        # the cards we passed fly to their new owner
        v = self.model.view
        old_rects = dict(self._hand_layout())
        to = v.pass_to if v is not None else frm
        tx, ty = self._seat_centre(to)
        for i, c in enumerate(self.model.pass_sent):
            r = old_rects.get(c)
            if r is not None:
                self.flyers[("pass", c)] = c
                self.anim.move(("pass", c), r.topleft, (tx - r.width / 2, ty - r.height / 2), 0.4,
                               delay=0.05 * i, ease=ease_in_out,
                               on_done=functools.partial(self._landed, ("pass", c)))
            if c in self.model.hand_cards:
                self.model.hand_cards.remove(c)
        self.model.selected = []
        self.model.hand_cards = sorted(set(self.model.hand_cards) | set(cards), key=hand_order)
        self.model.received_glow = set(cards)
        self._note(f"From {self.model.info.seat_name(frm)}: " + " ".join(
            c.symbol for c in sorted(cards, key=hand_order)) + " (outlined in blue)")
        self._relayout()
        rects = dict(self._hand_layout())
        start = self._seat_centre(frm)
        for i, c in enumerate(cards):
            r = rects.get(c)
            if r is not None:
                self.anim.move(("hand", c), (start[0] - r.width / 2, start[1] - r.height / 2),
                               r.topleft, 0.45, delay=0.3 + 0.08 * i)
        self._sound("pass")

    def _animate_deal(self) -> None:
        rects = self._hand_layout()
        v = self.model.view
        dealer = v.dealer if v is not None else self.model.me
        cx, cy = self._seat_centre(dealer) if dealer != self.model.me else self.layout.centre
        w, h = self.art.size
        for i, (c, r) in enumerate(rects):
            self.anim.move(("hand", c), (cx - w / 2, cy - h / 2), r.topleft, 0.35, delay=0.025 * i)

    # -- feedback ---------------------------------------------------------------------------------
    def _sound(self, name: str) -> None:
        self.sounds.enabled = bool(self._setting("sounds", True))
        self.sounds.play(name)

    def _note(self, text: str, seconds: float | None = None, kind: str = "info") -> None:
        """A notice in the notice area (see `notify`)."""
        self.model.note(text, self.clock + (seconds or NOTE_SECONDS[kind]), kind)

    def _notice(self, text: str, seconds: float = 2.0) -> None:
        """A big announcement over the middle of the table (a moon)."""
        self.model.notice = (text, self.clock + seconds)

    def _bubble(self, msg: dict[str, Any]) -> None:
        seat = msg.get("seat")
        text = str(msg.get("text") or "")
        if isinstance(seat, int) and 0 <= seat <= 3 and text and not text.startswith("/"):
            self.model.bubbles[seat] = (text, self.clock + min(12.0, 4.0 + len(text) / 15))

    def _show_hint(self, msg: dict[str, Any]) -> None:
        try:
            cards = [Card.parse(c) for c in msg.get("cards") or ()]
        except ValueError:
            cards = []
        v = self.model.view
        if v is not None and v.phase == "pass" and cards:
            self.model.selected = [c for c in cards if c in self.model.hand_cards][: v.rules.pass_count]
        self.model.hint_cards = set(cards)
        reason = str(msg.get("reason") or "")
        self.model.hint = hint_words(reason, cards)
        self._relayout()

    def _refused(self, msg: dict[str, Any]) -> None:
        """The host refused an intent: undo what we showed ahead of its answer."""
        if msg.get("ref") == "play" and self.model.pending is not None:
            self.model.pending = None           # it never left the hand (the app says why)
            self._relayout()
        elif msg.get("ref") == "pass" and self.model.view is not None:
            self.model.pass_sent = list(self.model.view.passed or ())
            self._relayout()

    # -- geometry ---------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.layout = Layout.for_size(size, self._ui_scale())
        self._ui = self._ui_scale()
        self.size = self.layout.size
        self._plate_cache: dict[Any, pygame.Surface] = {}
        self._tilted_cache: dict[Any, pygame.Surface] = {}
        self._relayout()
        self._warm()

    def _warm(self) -> None:
        """Draw every card face once now (~50 ms), not in the middle of an animation."""
        art = self.art
        for card in CARDS:
            art.face(card)
        art.back()
        art.shadow()
        self.small_art.back()

    @property
    def art(self) -> cardart.CardArt:
        return cardart.card_art(self.layout.cw, self._setting("deck", "classic"),
                                self._setting("card_back", "blue"))

    @property
    def small_art(self) -> cardart.CardArt:
        return cardart.card_art(self.layout.small_w, self._setting("deck", "classic"),
                                self._setting("card_back", "blue"))

    def _slot_topleft(self, seat: int) -> tuple[float, float]:
        x, y = self.layout.slots[self.model.rel(seat)]
        w, h = self.art.size
        return (x - w / 2, y - h / 2)

    def _seat_centre(self, seat: int) -> tuple[float, float]:
        r = self.model.rel(seat)
        if r == 0:
            if self.model.watching:
                return self.layout.fan_centre(0)
            return (self.size[0] / 2, self.layout.hand_y + self.art.height / 2)
        return self.layout.plates[r].center

    def _origin(self, seat: int, card: Card) -> tuple[float, float]:
        """Where a played card starts: its place in your hand, else its player's cards."""
        w, h = self.art.size
        if seat == self.model.me and not self.model.watching:
            for c, r in self._hand_layout():
                if c is card:
                    return r.topleft
        rel = self.model.rel(seat)
        x, y = self.layout.fan_centre(rel) if rel or self.model.watching else self._seat_centre(seat)
        return (x - w / 2, y - h / 2)

    def _collect_target(self, seat: int) -> tuple[float, float]:
        x, y = self._seat_centre(seat)
        w, h = self.art.size
        return (x - w / 2, y - h / 2)

    def _hand_layout(self) -> list[tuple[Card, pygame.Rect]]:
        """Each card of your hand and where it is drawn (lifted when legal or selected)."""
        cards = self.model.hand_cards
        n = len(cards)
        if not n:
            return []
        W, _ = self.size
        w, h = self.art.size
        # as wide as 60% of the window, clear of your plate (left) and the toolbar (right)
        side = max(self.layout.plates[0].right, self._toolbar_width() + self.layout.margin)
        span = min(W * 0.6, 2 * (W / 2 - side - round(10 * self.layout.u)))
        step = min(w * 0.64, (span - w) / max(1, n - 1))
        total = step * (n - 1) + w
        x0 = (W - total) / 2
        y = self.layout.hand_y
        lift = self.layout.lift
        v = self.model.view
        legal = v.legal if v is not None and self.model.my_turn_to_play else ()
        chosen = set(self.model.selected) | set(self.model.pass_sent)
        out = []
        for i, c in enumerate(cards):
            dy = 0
            if c in chosen or c is self.model.pending:
                dy = lift
            elif c in legal:
                dy = lift // 2
            if c is self.model.hover_card and dy != lift and self.model.card_enabled(c):
                dy += max(3, lift // 4)
            out.append((c, pygame.Rect(round(x0 + i * step), y - dy, w, h)))
        return out

    # -- buttons ------------------------------------------------------------------------------------
    def _toolbar_width(self) -> int:
        """The toolbar's buttons: wide enough for the longest label, whole."""
        u = self.layout.u
        return max(round(196 * u), button_width("Hide hands  (Ctrl-R)", round(38 * u)))

    def _relayout(self) -> None:
        """Rebuild the buttons for the current state."""
        W, H = self.size
        u = self.layout.u
        b: list[Button] = []
        v = self.model.view
        bh = round(38 * u)
        # toolbar, bottom right
        bw = self._toolbar_width()
        x = W - self.layout.margin - bw
        y = H - self.layout.margin - bh
        tools: list[tuple[str, Callable[[], None], str, bool]] = [
            ("Scores  (Tab)", self._toggle_scores, "scores", True),
            ("Last trick  (L)", self._toggle_last, "last", bool(v and v.tricks)),
        ]
        if v is not None and not self.model.watching:
            tools.append(("Hint  (Ctrl-H)", self._hint, "hint",
                          v.phase in ("pass", "play", "moon-choice")))
            if self.model.info.rules.allow_undo or v.rules.allow_undo:
                tools.append(("Undo  (Ctrl-U)", self._undo, "undo", v.phase == "play"))
        if v is not None and (v.others is not None) and v.rules.open_hands:
            tools.append(("Hide hands  (Ctrl-R)" if self.model.reveal else "Show hands  (Ctrl-R)",
                          self._toggle_reveal, "reveal", True))
        if v is None:
            tools = []
        if hasattr(self.app, "console"):    # the app's chat console (its badge counts unread)
            tools.append(("Chat  (F2)", self.app.console.open, "chat", True))
        for label, action, name, enabled in tools:
            b.append(Button(label, action, pygame.Rect(x, y, bw, bh), enabled=enabled, name=name))
            y -= bh + round(8 * u)
        # the main action above the hand
        cx = W // 2
        ay = self.layout.status_y - round(60 * u)
        aw = round(250 * u)
        ah = round(44 * u)
        if v is not None and not self.model.watching:
            n = v.rules.pass_count
            if v.phase == "pass" and not v.has_passed[v.seat] and not self.model.pass_sent:
                arrow = ARROWS.get(v.pass_direction, "")
                b.append(Button(f"Pass {len(self.model.selected)}/{n}  {arrow}", self._confirm_pass,
                                pygame.Rect(cx - aw // 2, ay, aw, ah), primary=True,
                                enabled=len(self.model.selected) == n, name="pass"))
            if v.rules.tram == "claim" and v.can_claim():
                label = "Claim the rest  (T)"
                cw = max(round(230 * u), button_width(label, ah))
                b.append(Button(label, self._claim,
                                pygame.Rect(W - self.layout.margin - cw, self.layout.status_y - ah, cw, ah),
                                primary=True, name="claim"))
            if v.phase == "moon-choice" and v.moon is not None and v.moon.shooter == v.seat:
                m = self.model.moon_value(v)
                dw = max(round(360 * u), button_width(f"Take {m} off my score  (S)", ah))
                my = round(H * 0.5)
                b.append(Button(f"Add {m} to the others  (A)", lambda: self._moon("add"),
                                pygame.Rect(cx - dw // 2, my, dw, ah), primary=True, name="moon-add"))
                b.append(Button(f"Take {m} off my score  (S)", lambda: self._moon("subtract"),
                                pygame.Rect(cx - dw // 2, my + ah + round(12 * u), dw, ah),
                                primary=True, name="moon-subtract"))
        if self.model.info.state == "waiting" and self.model.info.owner:
            b.append(Button("Start the game", self._start,
                            pygame.Rect(cx - aw // 2, self.layout.centre[1] + round(40 * u), aw, ah),
                            primary=True, name="start"))
        if self._game_over():
            # OK first and alone primary: Enter closes the sheet, never starts a game
            gap = round(12 * u)
            gw = max(round(190 * u), button_width("Leave the table", ah))
            over: list[tuple[str, Callable[[], None], str, bool]] = []
            if not self.model.over_closed:
                over.append(("OK", self._close_over, "over-ok", True))
            if self.model.info.owner:
                over.append(("New game", self._start, "new-game", False))
            over.append(("Leave the table", self._leave, "leave", False))
            gy = (self._over_rect().bottom - ah - round(20 * u) if not self.model.over_closed
                  else self.layout.centre[1] - ah // 2)
            x0 = cx - (len(over) * gw + (len(over) - 1) * gap) // 2
            for i, (label, action, name, primary) in enumerate(over):
                b.append(Button(label, action, pygame.Rect(x0 + i * (gw + gap), gy, gw, ah),
                                primary=primary, name=name))
        self.buttons = b

    def _close_over(self) -> None:
        """OK on the final score sheet: the table stays, with New game and Leave."""
        self.model.over_closed = True

    def button(self, name: str) -> Button | None:
        """The button called ``name`` (pass, claim, moon-add, new-game, scores...), if shown."""
        return next((x for x in self.buttons if x.name == name), None)

    # -- intents --------------------------------------------------------------------------------------
    def _send(self, msg: dict[str, Any]) -> None:
        if self.model.disconnected is not None:
            return
        if msg.get("type") in ("play", "pass", "moon", "claim"):
            self.model.clear_notes()             # the player acted: the notices were read
        self.app.send(msg)

    def _settle(self) -> None:
        """Finish every motion so that the view on screen is the newest one (a summary the
        next hand waits for is closed: the player moved on)."""
        if self.anim.gate is not None:
            self.model.summary = None
        if self.anim.busy:
            self.anim.finish()

    def click_card(self, card: Card) -> None:
        """What a click on one of your cards does: toggle it for passing, or play it."""
        self._settle()
        v = self.model.view
        if v is None or self.model.watching or self.model.disconnected is not None:
            return
        if self.model.pending is not None:
            return                               # one card at a time: the host answers first
        if v.phase == "pass":
            if v.has_passed[v.seat] or self.model.pass_sent:
                self._note("You have passed; waiting for the others", kind="warn")
                return
            if v.pass_direction == "hold":
                return
            if card in self.model.selected:
                self.model.selected.remove(card)
            elif len(self.model.selected) < v.rules.pass_count:
                self.model.selected.append(card)
            else:
                self._note(f"You pass {v.rules.pass_count} cards: click one to put it back", kind="warn")
            self._relayout()
            return
        if self.model.my_turn_to_play and card in v.legal:
            self._play(card)
            return
        self._note(why_illegal(v, card), kind="warn")

    def _play(self, card: Card) -> None:
        """Send the card; it stays in the hand, raised, until the host's update moves it."""
        self._send({"type": "play", "card": str(card)})
        self.model.pending = card
        self.model.hover_card = None
        self._relayout()

    def _confirm_pass(self) -> None:
        v = self.model.view
        if v is None or v.phase != "pass" or len(self.model.selected) != v.rules.pass_count:
            return
        self._send({"type": "pass", "cards": [str(c) for c in self.model.selected]})
        self.model.pass_sent = list(self.model.selected)
        self.model.selected = []
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
        if hasattr(self.app, "leave_table"):
            self.app.leave_table()           # asks first while a game runs
            return
        sess = getattr(self.app, "session", None)
        if getattr(sess, "mode", None) in ("bots", "demo") and hasattr(self.app, "disconnect"):
            self.app.disconnect()
        else:
            self._send({"type": "leave"})

    def _toggle_scores(self) -> None:
        self.model.show_scores = not self.model.show_scores

    def _toggle_last(self) -> None:
        self.model.show_last = not self.model.show_last

    def _toggle_reveal(self) -> None:
        self.model.reveal = not self.model.reveal
        self._relayout()

    def _seat_menu(self, seat: int) -> None:
        """A seat's menu (kick, bot level, sit here): the app shell's dialog."""
        if not hasattr(self.app, "open_dialog"):
            return
        from .seat_menu import SeatMenu
        SeatMenu(self.app, seat).open()

    # -- input ------------------------------------------------------------------------------------------
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
            r = self._mini_scores_rect()
            if (self.model.view is not None and not self.model.show_scores and r.collidepoint(event.pos)
                    and not any(b.rect.collidepoint(event.pos) for b in self.buttons)):
                self._drag = (event.pos, r.topleft, False)   # a click, or the start of a drag
                return
            self._click(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag is not None:
            moved = self._drag[2]
            self._drag = None
            if not moved:
                self._toggle_scores()
            elif self.model.scores_at != self.app.settings.scores_at:
                self.app.settings.scores_at = self.model.scores_at
                self.app.save_settings()
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
        r = self._mini_scores_rect()
        W, H = self.size
        x = min(max(0, topleft[0] + dx), W - r.width)
        y = min(max(0, topleft[1] + dy), H - r.height)
        self.model.scores_at = (x / max(1, W - r.width), y / max(1, H - r.height))
        self._drag = (start, topleft, True)

    def _hover(self, pos: tuple[int, int]) -> None:
        self.hover_button = next((b for b in self.buttons if b.rect.collidepoint(pos)), None)
        card = self._card_at(pos)
        if card is not self.model.hover_card:
            self.model.hover_card = card
        if self.model.keyboard and card is not None:
            self.model.keyboard = False

    def _card_at(self, pos: tuple[int, int]) -> Card | None:
        for c, r in reversed(self._hand_layout()):
            # a card's visible area includes the gap below it when lifted
            hit = r.copy()
            hit.height += self.layout.hand_y - r.y
            if hit.collidepoint(pos):
                return c
        return None

    def _click(self, pos: tuple[int, int]) -> None:
        if self.model.summary is not None and not self._game_over():
            self.model.summary = None             # a click anywhere closes the hand's summary;
            if self.anim.gate is not None or self._summary_rect().collidepoint(pos):
                return                            # the next hand is not on the table yet
        if self.model.show_scores:
            b = self.button("scores")
            if not (b and b.rect.collidepoint(pos)):
                self.model.show_scores = False
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
        for seat in range(4):
            if seat == self.model.me and not self.model.watching:
                continue
            if self.layout.plates[self.model.rel(seat)].collidepoint(pos):
                self._seat_menu(seat)
                return
        if self.model.show_last:
            self.model.show_last = False

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        ctrl = event.mod & pygame.KMOD_CTRL
        v = self.model.view
        if (self.model.summary is not None and not self._game_over()
                and k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE)):
            self.model.summary = None
            return
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
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE) and self.button("over-ok"):
            self._close_over()            # Enter only closes the final sheet (no new game)
            self._relayout()
            return
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.button("start"):
            self._start()                 # the owner, before the first game
            return
        if v is None or self.model.watching:
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
        n = len(self.model.hand_cards)
        if not n:
            return
        if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self.model.keyboard = True
            self._settle()
            n = len(self.model.hand_cards)
            if k == pygame.K_HOME:
                self.model.cursor = 0
            elif k == pygame.K_END:
                self.model.cursor = n - 1
            else:
                step = -1 if k == pygame.K_LEFT else 1
                self.model.cursor = self._next_cursor(step)
            return
        if v.phase == "pass" and k in PASS_KEYS:
            i = PASS_KEYS[k]
            if i < n:
                self.model.keyboard = True
                self.model.cursor = i
                self.click_card(self.model.hand_cards[i])
            return
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_UP):
            self._settle()
            v = self.model.view
            if v is None or not self.model.hand_cards:
                return
            self.model.cursor = min(self.model.cursor, len(self.model.hand_cards) - 1)
            if (v.phase == "pass" and k in (pygame.K_RETURN, pygame.K_KP_ENTER)
                    and len(self.model.selected) == v.rules.pass_count):
                self._confirm_pass()
                return
            self.model.keyboard = True
            self.click_card(self.model.hand_cards[self.model.cursor])
            if self.model.cursor >= len(self.model.hand_cards):
                self.model.cursor = max(0, len(self.model.hand_cards) - 1)

    def _next_cursor(self, step: int) -> int:
        """Move the cursor, skipping unplayable cards when it is your turn to play."""
        n = len(self.model.hand_cards)
        v = self.model.view
        i = self.model.cursor
        for _ in range(n):
            i = (i + step) % n
            if v is None or not self.model.my_turn_to_play or self.model.hand_cards[i] in v.legal:
                return i
        return self.model.cursor

    # -- time -------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.anim.scale = self._anim_scale()
        # When the host runs ahead of the animations (bots play fast, a demo), play
        # the backlog faster so the table never lags far behind the game.
        if self._backlog > 4:
            dt *= min(8.0, 1.0 + (self._backlog - 4) * 0.35)
        self.anim.update(dt)
        if self.model.notes and self.clock >= min(n.until for n in self.model.notes):
            self.model.notes = [n for n in self.model.notes if n.until > self.clock]
        if self.model.notice and self.clock >= self.model.notice[1]:
            self.model.notice = None
        if self.model.summary is not None and self.clock >= self.model.summary_until:
            self.model.summary = None
        for seat in [s for s, (_, until) in self.model.bubbles.items() if self.clock >= until]:
            del self.model.bubbles[seat]

    @property
    def animating(self) -> bool:
        """Only while cards move, host messages wait to be shown or your plate's cue
        pulses (animations on; off, it shows steady). Notices, bubbles and the turn clock
        change slowly: the app's idle wake-ups suffice."""
        return ((self.anim.busy or self._backlog > 0) and not self.anim.gated
                or self.clock < self.model.cue_until and self.anim.scale > 0)

    def _landed(self, key: tuple[str, Card]) -> None:
        """A card in flight arrived: stop drawing it as flying."""
        self.flyers.pop(key, None)

    def backlog(self) -> int:
        return len(self.anim.steps)

    # -- drawing ------------------------------------------------------------------------------------------
