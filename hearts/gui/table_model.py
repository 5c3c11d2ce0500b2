"""What the table screen shows, as plain state: no pygame, no drawing, no events.

`TableScreen` (hearts/gui/table.py) folds the host's messages into a `TableModel`
at the pace of its animations, `TablePainter` (hearts/gui/table_draw.py) draws it
with a `Layout`, and tests can read it without a window.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from hearts.engine import Card, View
from hearts.engine.cards import mask_of
from hearts.engine.scoring import moon_value
from hearts.net import words
from hearts.net.mirror import TableInfo



@dataclass
class Note:
    """One notice of the notice area: ``kind`` is "info", "warn" (a refusal) or "cue";
    ``hand``: it tells of the hand in play and goes when that hand is scored."""

    text: str
    until: float
    kind: str = "info"
    hand: bool = False


@dataclass
class TableModel:
    """The table as the player sees it now (may lag the host while cards fly)."""

    info: TableInfo = field(default_factory=TableInfo)
    view: View | None = None
    watching: bool = False
    hand_cards: list[Card] = field(default_factory=list)      # in the order shown
    trick_shown: list[tuple[int, Card]] = field(default_factory=list)
    played_ahead: list[tuple[int, Card]] = field(default_factory=list)  # shown played, still in the view's hands
    selected: list[Card] = field(default_factory=list)        # chosen to pass
    pass_sent: list[Card] = field(default_factory=list)       # passed, not yet exchanged
    cursor: int = 0                                           # keyboard focus in the hand
    keyboard: bool = False                                    # the focus is shown
    hover_card: Card | None = None
    hint_cards: set[Card] = field(default_factory=set)
    notes: list[Note] = field(default_factory=list)           # the notice area, oldest first
    notice: tuple[str, float] | None = None                   # big centre announcement (a moon)
    hint: str | None = None                                   # the hint's reason, until you act
    taken: tuple[int, int, Card | None] | None = None         # the finished trick: winner, points, winning card
    pending: Card | None = None                               # played, waiting for the host's answer
    moon_sent: bool = False                                   # your moon choice is on its way
    in_flight: tuple[int, Card] | None = None                 # a card on its way to the trick
    disconnected: str | None = None                           # why the table is greyed (None: connected)
    lost: tuple[Card | None] | None = None                    # sent as the link broke: (card or None: a pass)
    owner_due: float | None = None                            # the away owner hands on then (playback clock)
    bubbles: dict[int, tuple[str, float]] = field(default_factory=dict)   # chat per seat
    timer: tuple[tuple[int, ...], float, float] | None = None  # seats, deadline, total
    summary: dict[str, Any] | None = None                     # the hand just scored
    summary_until: float = 0.0
    tram: dict[str, Any] | None = None                        # how the hand ended early, until scored
    over_closed: bool = False                                 # the game-over sheet was dismissed (OK)
    cue_until: float = 0.0                                    # your plate flashes: you took points
    show_scores: bool = False
    show_last: bool = False
    reveal: bool = True                                       # open hands shown
    received_glow: set[Card] = field(default_factory=set)
    scores_at: tuple[float, float] | None = None              # where the scores were dragged

    def note(self, text: str, until: float, kind: str = "info", hand: bool = False) -> None:
        """Add a notice (the same text again only renews it); at most four are kept."""
        self.notes = [n for n in self.notes if n.text != text][-3:]
        self.notes.append(Note(text, until, kind, hand))

    def drop_hand_notes(self) -> None:
        """The hand was scored: what was said of its play ("Hearts are broken.") is old."""
        self.notes = [n for n in self.notes if not n.hand]

    def clear_notes(self) -> None:
        """The player acted or a new hand began: the notices and the hint have been read."""
        self.notes = []
        self.hint = None
        self.hint_cards = set()

    def cards_left(self, v: View, seat: int) -> int:
        """Cards ``seat`` holds as the table shows it: ``v``'s count less the cards shown
        played since that view (the view after a hand's last card waits for its summary)."""
        return v.cards_left[seat] - sum(1 for s, _ in self.played_ahead if s == seat)

    def gone_mask(self, v: View) -> int:
        """Every card the table shows out of the hands: ``v``'s, those shown played since
        it, and those given to the tricks' winners when the hand was finished early (the
        view after a hand's last card waits for its summary)."""
        m = v.gone_mask()
        for _, card in self.played_ahead:
            m |= card.mask
        for held in self.tram_cards() or ():
            m |= mask_of(held)
        return m

    def tram_cards(self) -> list[list[Card]] | None:
        """The cards left when the hand ended early, per seat, while its summary shows."""
        v = self.view
        # the hand's summary keeps it; before the summary (a moon to choose) the model does
        tram = (self.summary or {}).get("tram") or self.tram
        if not tram or v is None:
            return None
        try:
            cards = [[Card.parse(c) for c in h] for h in tram.get("cards") or ()]
        except (ValueError, TypeError):
            return None
        # only over the hand that ended (with animations off the next may be dealt already)
        if len(cards) != 4 or sum(v.cards_left) >= 52:
            return None
        return cards

    def held(self, seat: int, cards: Iterable[Card]) -> list[Card]:
        """``cards`` of ``seat``'s open hand less those shown played since the view."""
        gone = {c for s, c in self.played_ahead if s == seat}
        return [c for c in cards if c not in gone]

    @property
    def me(self) -> int:
        """The seat shown at the bottom (a watcher sees from seat 0's place)."""
        return self.view.seat if self.view is not None else (self.info.my_seat or 0)

    def rel(self, seat: int) -> int:
        """Screen position of a seat: 0 bottom (you), 1 left, 2 top, 3 right."""
        return (seat - self.me) % 4

    def card_enabled(self, c: Card) -> bool:
        """Whether clicking ``c`` in the hand does something now."""
        v = self.view
        if v is None or self.watching:
            return False
        if v.phase == "pass":
            return self.pass_to_make
        return self.my_turn_to_play and c in v.legal

    @property
    def pass_to_make(self) -> bool:
        """The pass phase, and your pass neither made nor on its way to the host."""
        v = self.view
        return (v is not None and v.phase == "pass" and not v.has_passed[v.seat]
                and not self.pass_sent)

    @property
    def my_turn_to_play(self) -> bool:
        """Your turn to play a card as the table shows it now: not while your card is on its
        way to the host, in the trick, while another's card still flies, while the
        finished trick still shows, nor once the hand is scored (`hand_scored`)."""
        v = self.view
        return (v is not None and not self.watching and v.phase == "play" and v.my_turn
                and self.pending is None and self.taken is None and self.in_flight is None
                and not self.hand_scored
                and not any(seat == v.seat for seat, _ in self.trick_shown))

    def fits_hint(self, cards: list[Card], moon: object = None) -> bool:
        """Whether a hint of ``cards`` (and ``moon``) is for the turn on the table now: a
        whole pass from your hand while yours is to make, a card you may play on your turn,
        or a moon choice on yours."""
        v = self.view
        if v is None or self.watching:
            return False
        if v.phase == "pass":
            return (self.pass_to_make and len(cards) == len(set(cards)) == v.rules.pass_count
                    and all(c in self.hand_cards for c in cards))
        if v.phase == "moon-choice":
            return v.my_turn and moon in ("add", "subtract")
        return v.phase == "play" and v.my_turn and bool(cards) and all(c in v.legal for c in cards)

    @property
    def may_ask_hint(self) -> bool:
        """Whether the host would answer a hint now: it answers only the seat it waits for
        (your pass not yet made, your turn to play, your moon choice), not for a hand
        already scored."""
        v = self.view
        if v is None or self.watching or self.hand_scored:
            return False
        if v.phase == "pass":
            return self.pass_to_make
        if v.phase == "moon-choice":
            return v.my_turn and not self.moon_sent
        return v.phase == "play" and v.my_turn and self.pending is None

    @property
    def hand_scored(self) -> bool:
        """The hand on the table is the one whose summary is up: it is over, though its last
        view (a hand that ended early as you led) may still say it is your turn. The next
        hand, dealt under the summary (animations off), is not."""
        s = self.summary
        return s is not None and s.get("hand") == self.info.hand

    @staticmethod
    def moon_value(v: View) -> int:
        """The points at stake in the moon choice (the sun's when it was the sun)."""
        if v.moon is not None and v.moon.sun and v.rules.sun == "others":
            return v.rules.sun_value
        return moon_value(v.rules)

    @property
    def voice(self) -> words.Voice:
        """Who reads the table's sentences: this seat (None when watching)."""
        return words.Voice(self.info, None if self.watching else self.me)

    def game_over(self) -> bool:
        """The game is over: its final sheet is what the table shows."""
        return self.info.winners is not None and self.info.state == "over"


__all__ = ["Note", "TableModel"]
