"""The host's messages played back on the table at a pace a person can follow.

`Playback` queues each step the session's mirror folded (`hearts.net.mirror.Folded`: a
``table``, each change of an ``update``, its view) as steps of its `Animator`: a card
flies from its player to the trick, the finished trick stays with its winner marked and
named (setting ``trick_pause``, counted from the moment its last card landed;
``bot_speed`` spaces the others' cards), then is swept to its winner; received cards
slide in; the next hand waits for the hand's summary to close; then the host's view
becomes the one on screen. As each step plays, the table facts the mirror folded with it become the ones on
screen: playback animates the changes, it never folds them. A card you play stays in your
hand until the host's update moves it.

`update(dt)` advances the motions by the time that passed, at most `MAX_STEP` a frame:
on a busy machine whose frames come late the cards move more slowly, never skipped, and
however far the host (bots, a demo) runs ahead, every card and pause is shown.
"""

from __future__ import annotations

import functools
import logging
from typing import TYPE_CHECKING, Any, Callable

from hearts.engine import Card, View
from hearts.engine.cards import QUEEN_SPADES
from hearts.net import words
from hearts.net.mirror import Folded, TableInfo

from .anim import ease_in_out
from .table_draw import hand_order
from .table_part import TablePart, TableStage

if TYPE_CHECKING:
    from .shell import Shell
    from .table_feedback import Feedback
    from .table_looks import TableLooks

log = logging.getLogger(__name__)

TRICK_PAUSE = 1.1                  # seconds a finished trick stays (the default)
BOT_GAPS = {"slow": 0.55, "normal": 0.2, "fast": 0.0}   # extra seconds after another's card
SUMMARY_SECONDS = 8.0              # a hand's summary closes itself after this
MAX_STEP = 0.05                    # seconds of motion a frame may show, however late it is


class Playback(TablePart):
    """Shows the mirror's folded steps on the table's model as their motions play (see
    the module)."""

    def __init__(self, stage: TableStage, looks: "TableLooks", feedback: "Feedback",
                 app: "Shell") -> None:
        super().__init__(stage)
        self.looks = looks
        self.feedback = feedback
        self.app = app
        self.relayout: Callable[[], None] = lambda: None   # the controls', once they are built
        self.anim_time = 0.0                                   # seconds of motion shown so far
        self.flyers: dict[tuple[str, Card], Card] = {}     # cards in flight off the hand
        self._deal_next = False
        self._undone = False
        self._backlog = 0           # host messages received but not yet shown
        self._frozen = False        # the last hand of a scripted run is on screen: show no more
        self._frozen_next = False   # ... and its scores are on their way

    # -- settings ---------------------------------------------------------------------------
    def trick_pause(self) -> float:
        """Seconds a finished trick stays on the table (setting ``trick_pause``)."""
        value = self.looks.setting("trick_pause", TRICK_PAUSE)
        return min(5.0, max(0.2, float(value))) if isinstance(value, (int, float)) else TRICK_PAUSE

    def bot_gap(self) -> float:
        """The extra pause after another player's card (setting ``bot_speed``)."""
        return BOT_GAPS.get(str(self.looks.setting("bot_speed", "normal")), BOT_GAPS["normal"])

    # -- messages ---------------------------------------------------------------------------
    def on_message(self, message: dict[str, Any]) -> None:
        """A host message that is not folded: a hint, a refusal, a chat line."""
        t = message.get("type")
        if t == "hint":
            self.feedback.show_hint(message)
        elif t == "error":
            self.feedback.refused(message)
        elif t == "chat":
            self.feedback.bubble(message)

    def on_folded(self, steps: list[Folded]) -> None:
        """The steps the session's mirror folded from one ``table`` or ``update``, queued
        after the motions before them."""
        last = self._last_hand_of_run(steps)
        for f in steps:
            if f.kind == "table":
                self._backlog += 1
                self._step(f, functools.partial(self._apply_table, f))
            elif f.kind == "view":
                self._backlog += 1
                self._step(f, functools.partial(self._apply_view, f.view, f.watching, f.timer,
                                                f.has_timer))
            else:
                self._queue_change(f)
                if last and f.change.get("type") == "hand_scored":
                    self._step(f, self._freeze)
        if self._frozen_next and any(f.kind == "view" for f in steps):
            self.anim.finish()          # the screenshot shows this hand scored, nothing after

    def _last_hand_of_run(self, steps: list[Folded]) -> bool:
        """A scripted run (``--exit-after-hands``) just had its last hand scored."""
        last = getattr(self.app, "exit_after_hands", None)
        scored = getattr(self.app, "hands_scored", 0)
        self._frozen_next = self._frozen_next or (
            isinstance(last, int) and scored >= last
            and any(f.change.get("type") == "hand_scored" for f in steps))
        return self._frozen_next

    def _freeze(self) -> None:
        """Stop at the summary of the run's last hand (the host may already deal the next)."""
        self._frozen = True
        self.model.summary_until = float("inf")

    def _step(self, step: Folded | None, fn: Callable[[], None]) -> None:
        """Queue ``fn`` after the motions before it, showing the table facts folded with
        ``step``; a malformed host message is logged and skipped, never allowed to stop
        the client."""
        def guarded() -> None:
            if self._frozen:
                return
            if step is not None:
                self.model.info = step.info
            try:
                fn()
            except (KeyError, ValueError, TypeError, IndexError, AttributeError):
                log.warning("table: a host message could not be shown", exc_info=True)
        self.anim.then(guarded)

    def show_view(self, view: View, info: TableInfo | None = None) -> None:
        """Show a view directly (no host): for previews, tests and screenshots."""
        if info is not None:
            self.model.info = info
        self._step(None, lambda: self._apply_view(view, False, None, False))

    def _apply_table(self, step: Folded) -> None:
        m = self.model
        away = m.info.owner_away
        m.owner_due = None if away is None else self.clock + away
        self._apply_view(step.view, step.watching, step.timer, step.has_timer, snap=True)
        self._lost_said()

    def owner_left(self) -> float | None:
        """Seconds until the away owner's table passes on (None: the owner is here)."""
        due = self.model.owner_due
        return None if due is None or self.model.info.owner_away is None \
            else max(0.0, due - self.clock)

    def _lost_said(self) -> None:
        """After the link came back: an action sent as it broke that the host never took
        is named, to do again."""
        m = self.model
        lost, m.lost = m.lost, None
        v = m.view
        if lost is None or v is None or m.watching:
            return
        card = lost[0]
        if card is None and v.phase == "pass" and not v.has_passed[v.seat]:
            self.feedback.note(words.lost_action_line(self.model.voice, None), kind="warn")
        elif card is not None and card in v.hand and v.my_turn and v.phase == "play":
            self.feedback.note(words.lost_action_line(self.model.voice, card),
                                      kind="warn")

    def _queue_change(self, step: Folded) -> None:
        ch = step.change
        kind = ch.get("type")
        if kind == "card_played":
            self._step(step, lambda: self._card_played(int(ch["seat"]), Card.parse(ch["card"])))
        elif kind == "trick_taken":
            self._step(step, lambda: self._trick_taken(ch))
        elif kind == "cards_received":
            self._step(step, lambda: self._cards_received(ch))
        elif kind == "chat":
            self.feedback.bubble(ch)
        else:
            self._step(step, lambda: self.change(ch))

    def change(self, ch: dict[str, Any]) -> None:
        """A change without motion (its table facts already on screen): announce it,
        sound it."""
        m = self.model
        feedback = self.feedback
        kind = ch.get("type")
        if kind == "hearts_broken":
            feedback.note(self._line(ch), 3.0, hand=True)
            feedback.sound("hearts")
        elif kind == "moon_shot":
            feedback.notice(self._line(ch), 2.5)
            feedback.sound("moon")
        elif kind == "moon_chosen":
            feedback.note(self._line(ch))
            m.moon_sent = True                 # the choice is made: no dialog any more
            self.relayout()
        elif kind == "tram":
            m.tram = dict(ch)          # shown, with the cards, in the hand's summary
        elif kind == "hand_scored":
            m.summary = dict(ch)
            m.summary["tram"] = m.tram
            m.tram = None
            m.summary_until = self.clock + (4.0 if m.watching else SUMMARY_SECONDS)
            m.drop_hand_notes()
            self.anim.wait_until(lambda: m.summary is None)   # deal after it closes
            self.relayout()    # no hint for the hand scored
            moon = ch.get("moon")
            if moon and moon.get("shooter") is not None and not ch.get("_sounded"):
                feedback.sound("moon")
            m.trick_shown = []
        elif kind == "game_over":
            m.summary = None
            m.clear_notes()
            m.notice = None
            self.anim.gate = None
            feedback.sound("gameover")
        elif kind == "game_started":
            m.summary = None
            m.over_closed = False
            m.show_scores = False
        elif kind == "hand_started":
            m.trick_shown = []
            m.selected = []
            m.pass_sent = []
            m.clear_notes()
            m.received_glow = set()
            self._deal_next = True
        elif kind in ("player_dropped", "player_left", "player_kicked", "player_joined",
                      "player_returned"):
            session = getattr(self.app, "session", None)
            mine = getattr(session, "name", None)
            demo = getattr(session, "mode", None) == "demo"     # the dealer comes and goes
            if not (mine and ch.get("name") == mine or demo):
                line = self._line(ch)
                if line:
                    feedback.note(line)
        elif kind == "undone":
            self._undone = True
            m.trick_shown = []
        elif kind in ("paused", "game_ended"):
            feedback.note(self._line(ch))
        elif kind == "timer":
            seats = tuple(ch.get("seats") or ())
            secs = float(ch.get("seconds") or 0)
            m.timer = (seats, self.clock + secs, secs or 1.0) if seats and secs else None

    def _line(self, ch: dict[str, Any]) -> str:
        """The change in `hearts.net.words`' sentence for this reader."""
        return " ".join(words.change_lines(ch, self.model.info, self.model.voice.me))

    def _apply_view(self, view: View | None, watching: bool, timer: Any, has_timer: bool,
                    snap: bool = False) -> None:
        """Make the host's view the one on screen (the authoritative state)."""
        m = self.model
        self._backlog = max(0, self._backlog - 1)
        if has_timer:
            self._set_timer(timer)
        if view is None:
            self.relayout()
            return
        old = m.view
        m.view = view
        m.watching = watching
        new_hand = (old is None or self._deal_next
                    or (len(view.tricks) < len(old.tricks) and not self._undone)
                    or (old.phase in ("done", "moon-choice") and view.phase in ("pass", "play")))
        self._deal_next = self._undone = False
        old_cards = set(m.hand_cards)
        m.hand_cards = sorted(view.hand or self._ended_early_with(view), key=hand_order)
        m.trick_shown = list(view.trick)
        m.played_ahead = []
        # a card on its way stays raised while the host's view still has it in hand on our
        # turn: that view left the host before the card came in (cleared here, the card lost
        # as the link broke went unsaid, and a second card could follow the first)
        if not (m.pending is not None and view.phase == "play" and view.my_turn
                and m.pending in view.hand):
            m.pending = None
        m.taken = None
        m.in_flight = None
        m.moon_sent = m.moon_sent and view.phase == "moon-choice"
        if view.phase != "pass":
            m.selected = []
            m.pass_sent = []
        else:
            m.selected = [c for c in m.selected if c in view.hand]
            m.pass_sent = list(view.passed or ())
        if view.phase != "play" or view.tricks:
            m.received_glow = set()
        elif view.received and not view.tricks:
            m.received_glow = set(view.received) & set(view.hand)
        if m.cursor >= len(m.hand_cards):
            m.cursor = max(0, len(m.hand_cards) - 1)
        # a new turn of yours may follow one that was yours too (your card that wins the
        # trick, then your lead; your hand's last card, then the next hand's lead)
        same_turn = (old is not None and not new_hand and old.my_turn == view.my_turn
                     and old.phase == view.phase and old.trick == view.trick
                     and len(old.tricks) == len(view.tricks))
        if old is not None and not new_hand and not same_turn:
            m.hint = None              # the hint was for the turn that has passed
            m.hint_cards = set()
        if (not watching and view.my_turn and view.phase in ("play", "moon-choice")
                and not same_turn):
            self.feedback.sound("turn")
            legal = [i for i, c in enumerate(m.hand_cards) if c in view.legal]
            if legal and m.cursor not in legal:
                m.cursor = legal[0]
        if view.phase == "done" and m.summary is None and view.points is not None:
            m.summary_until = self.clock + 7.0
        self.relayout()
        if new_hand and not snap and m.hand_cards and not old_cards >= set(m.hand_cards):
            self._animate_deal()

    def _ended_early_with(self, view: View) -> list[Card]:
        """Your cards left when the hand ended early (TRAM), shown until the next deal."""
        tram = (self.model.summary or {}).get("tram") or self.model.tram
        if self.model.watching or not tram or view.phase not in ("moon-choice", "done"):
            return []
        try:
            return [Card.parse(c) for c in (tram.get("cards") or [])[view.seat]]
        except (ValueError, TypeError, IndexError):
            return []

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
        """Another's card comes after a moment (``bot_speed``: its player thinking), then
        flies to the trick; yours flies at once."""
        m = self.model
        if (seat, card) in m.trick_shown:
            return
        gap = self.bot_gap()
        if (seat != m.me or m.watching) and gap > 0 and self.anim.scale > 0:
            self.anim.wait(gap, scaled=False)
            self.anim.steps.appendleft(functools.partial(self._fly, seat, card))
        else:
            self._fly(seat, card)

    def _fly(self, seat: int, card: Card) -> None:
        m = self.model
        if (seat, card) in m.trick_shown:
            return
        if len(m.trick_shown) >= 4:
            m.trick_shown = []
            m.taken = None
        start = self.geo.origin(seat, card)
        if seat == m.me and card in m.hand_cards:
            m.hand_cards.remove(card)
            if m.pending is card:
                m.pending = None
            self.relayout()
        m.trick_shown.append((seat, card))
        m.played_ahead.append((seat, card))
        m.in_flight = (seat, card)
        end = self.geo.slot_topleft(seat)
        self.anim.move(("trick", card), start, end, 0.22 if seat == m.me else 0.3,
                       on_done=functools.partial(self._card_landed, card))
        self.feedback.sound("card")

    def _card_landed(self, card: Card) -> None:
        if self.model.in_flight is not None and self.model.in_flight[1] is card:
            self.model.in_flight = None

    def _trick_taken(self, ch: dict[str, Any]) -> None:
        leader = int(ch.get("leader", 0))
        played = [((leader + i) % 4, Card.parse(c)) for i, c in enumerate(ch.get("cards") or ())]
        missing = [p for p in played if p not in self.model.trick_shown]
        # the trick is shown whole once its last card has landed
        self.anim.steps.appendleft(lambda: self._show_taken(ch, played))
        for seat, card in reversed(missing):
            self.anim.steps.appendleft(functools.partial(self._card_played, seat, card))

    def _show_taken(self, ch: dict[str, Any], played: list[tuple[int, Card]]) -> None:
        """The full trick stays a moment with its winning card marked and the taker named
        (`TableScreen.trick_label`), then is swept to the winner; taking points yourself
        flashes your plate."""
        m = self.model
        winner = int(ch.get("winner", 0))
        points = int(ch.get("points") or 0)
        m.taken = (winner, points, dict(played).get(winner))
        queen = any(c is QUEEN_SPADES for _, c in played)
        if winner == m.me and not m.watching and (points > 0 or queen):
            m.cue_until = self.clock + self.trick_pause() + 1.2
            self.feedback.sound("queen" if queen else "hearts")
        elif queen:
            self.feedback.sound("queen")
        self.anim.wait(self.trick_pause(), scaled=False)
        self.anim.steps.appendleft(lambda: self._collect(winner, played))

    def _collect(self, winner: int, played: list[tuple[int, Card]]) -> None:
        end = self.geo.collect_target(winner)
        for i, (seat, card) in enumerate(played):
            self.anim.move(("trick", card), self.geo.slot_topleft(seat), end, 0.3, delay=0.03 * i,
                           ease=ease_in_out)
        self.anim.steps.appendleft(lambda: self._collected(played))
        self.feedback.sound("sweep")

    def _collected(self, played: list[tuple[int, Card]]) -> None:
        self.model.trick_shown = [p for p in self.model.trick_shown if p not in played]
        self.model.taken = None

    def _cards_received(self, ch: dict[str, Any]) -> None:
        m = self.model
        cards = [Card.parse(c) for c in ch.get("cards") or ()]
        if not cards or m.watching:
            return
        frm = int(ch.get("from_seat", m.me))
        # the cards we passed fly to their new owner
        v = m.view
        old_rects = dict(self.geo.hand_layout())
        to = v.pass_to if v is not None else frm
        tx, ty = self.geo.seat_centre(to)
        for i, c in enumerate(m.pass_sent):
            r = old_rects.get(c)
            if r is not None:
                self.flyers[("pass", c)] = c
                self.anim.move(("pass", c), r.topleft, (tx - r.width / 2, ty - r.height / 2), 0.4,
                               delay=0.05 * i, ease=ease_in_out,
                               on_done=functools.partial(self._landed, ("pass", c)))
            if c in m.hand_cards:
                m.hand_cards.remove(c)
        m.selected = []
        m.hand_cards = sorted(set(m.hand_cards) | set(cards), key=hand_order)
        m.received_glow = set(cards)
        self.feedback.note(self._line({**ch, "seat": m.me}))
        self.relayout()
        rects = dict(self.geo.hand_layout())
        start = self.geo.seat_centre(frm)
        for i, c in enumerate(cards):
            r = rects.get(c)
            if r is not None:
                self.anim.move(("hand", c), (start[0] - r.width / 2, start[1] - r.height / 2),
                               r.topleft, 0.45, delay=0.3 + 0.08 * i)
        self.feedback.sound("pass")

    def _landed(self, key: tuple[str, Card]) -> None:
        """A card in flight arrived: stop drawing it as flying."""
        self.flyers.pop(key, None)

    def _animate_deal(self) -> None:
        rects = self.geo.hand_layout()
        v = self.model.view
        dealer = v.dealer if v is not None else self.model.me
        cx, cy = self.geo.seat_centre(dealer) if dealer != self.model.me else self.layout.centre
        w, h = self.art.size
        for i, (c, r) in enumerate(rects):
            self.anim.move(("hand", c), (cx - w / 2, cy - h / 2), r.topleft, 0.35, delay=0.025 * i)

    # -- time -------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        m = self.model
        self.stage.time += dt
        self.anim.scale = self.looks.anim_scale()
        step = min(dt, MAX_STEP)              # a late frame shows the motion, not its end
        self.anim_time += step
        if m.summary is not None and self.clock >= m.summary_until:
            m.summary = None                   # closed by itself: a key meant for it waits
            quiet = getattr(self.app, "quiet_keys", None)
            if quiet is not None:
                quiet()
        self.anim.update(step)                 # (what waited for the summary comes now)
        if m.notes and self.clock >= min(n.until for n in m.notes):
            m.notes = [n for n in m.notes if n.until > self.clock]
        if m.notice and self.clock >= m.notice[1]:
            m.notice = None
        for seat in [s for s, (_, until) in m.bubbles.items() if self.clock >= until]:
            del m.bubbles[seat]

    @property
    def animating(self) -> bool:
        """Only while cards move, host messages wait to be shown or your plate's cue
        pulses (animations on; off, it shows steady). Notices, bubbles and the turn clock
        change slowly: the app's idle wake-ups suffice."""
        return ((self.anim.busy or self._backlog > 0) and not self.anim.gated
                or self.clock < self.model.cue_until and self.anim.scale > 0)

    def settle(self) -> None:
        """Finish every motion so that the view on screen is the newest one, up to a hand's
        summary: it holds (the next hand waits) until it is dismissed or times out."""
        if self.anim.busy:
            self.anim.finish(gates=False)


__all__ = ["BOT_GAPS", "Playback", "SUMMARY_SECONDS", "TRICK_PAUSE"]
