"""A seat's view of a hand: exactly what that seat may know, and nothing more."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hearts.i18n import Text

from .actions import Phase
from .cards import Card, mask_of
from .hand_state import NOT_NOW, NOT_YOUR_TURN, Trick, Tram, illegal_reason, leader_takes_all
from .rules import PASS_OFFSET, Rules
from .scoring import Moon

if TYPE_CHECKING:
    from .hand_state import HandState


def _cards(items: Any) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in items)


def _strs(cards: Any) -> list[str]:
    return [str(c) for c in cards]


@dataclass(frozen=True)
class View:
    """One seat's knowledge of a hand. Bots, the host's messages and the GUI use it.

    ``others`` holds every seat's cards only on open-hands tables (``reveal``).
    ``points`` are the final points once the hand is done, else None;
    ``taken_points`` the penalty points each seat has taken so far.
    """

    seat: int
    rules: Rules
    phase: Phase
    pass_direction: str
    dealer: int
    totals: tuple[int, ...]
    hand: tuple[Card, ...]
    passed: tuple[Card, ...] | None
    received: tuple[Card, ...] | None
    has_passed: tuple[bool, ...]
    turn: int | None
    leader: int | None
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    hearts_broken: bool
    cards_left: tuple[int, ...]
    taken_points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    legal: tuple[Card, ...]
    moon: Moon | None
    tram: Tram | None
    points: tuple[int, ...] | None
    others: tuple[tuple[Card, ...], ...] | None = None

    @classmethod
    def of(cls, hand: "HandState", seat: int, reveal: bool = False) -> "View":
        return cls(
            seat=seat,
            rules=hand.rules,
            phase=hand.phase,
            pass_direction=hand.pass_direction,
            dealer=hand.dealer,
            totals=tuple(hand.totals),
            hand=tuple(hand.held(seat)),
            passed=_maybe_tuple(hand.passed(seat)),
            received=_maybe_tuple(hand.received(seat)),
            has_passed=tuple(hand.has_passed(s) for s in range(4)),
            turn=hand.turn,
            leader=hand.leader,
            trick=tuple(hand.trick),
            tricks=tuple(hand.tricks),
            hearts_broken=hand.hearts_broken,
            cards_left=tuple(hand.cards_left(s) for s in range(4)),
            taken_points=tuple(hand.taken_points()),
            tricks_won=tuple(hand.tricks_won(s) for s in range(4)),
            legal=tuple(hand.legal_plays(seat)),
            moon=hand.moon,
            tram=hand.tram,
            points=tuple(hand.points()) if hand.done else None,
            others=tuple(tuple(hand.held(s)) for s in range(4)) if reveal else None,
        )

    # -- derived knowledge -----------------------------------------------------
    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat

    @property
    def pass_to(self) -> int:
        """The seat this seat passes to (itself on a hold hand)."""
        return (self.seat + PASS_OFFSET[self.pass_direction]) & 3

    @property
    def pass_from(self) -> int:
        """The seat this seat receives from."""
        return (self.seat - PASS_OFFSET[self.pass_direction]) & 3

    def played_mask(self) -> int:
        """Every card played so far (finished tricks and the current one)."""
        m = 0
        for t in self.tricks:
            for c in t.cards:
                m |= c.mask
        for _, c in self.trick:
            m |= c.mask
        return m

    def gone_mask(self) -> int:
        """Every card out of the hands: played, or given to the tricks' winners when the hand
        was finished early (TRAM)."""
        m = self.played_mask()
        if self.tram is not None:
            for held in self.tram.cards:
                m |= mask_of(held)
        return m

    def unseen_mask(self) -> int:
        """Cards this seat cannot see: held by the other seats."""
        if self.tram is not None:
            return 0
        return ((1 << 52) - 1) & ~self.played_mask() & ~mask_of(self.hand)

    def why_illegal(self, card: Card) -> Text | None:
        """Why this seat may not play ``card`` now (None if it may), in the engine's words:
        English as a ``str``, ``.said(tr)`` in another language."""
        if card in self.legal:
            return None
        if self.phase != Phase.PLAY:
            return NOT_NOW.get(self.phase, NOT_YOUR_TURN)
        if self.turn != self.seat:
            return NOT_YOUR_TURN
        return illegal_reason(card, mask_of(self.hand), [c for _, c in self.trick],
                              not self.tricks, self.rules)

    def illegal_reasons(self) -> dict[str, str]:
        """On this seat's turn to play, `why_illegal` of each card it holds but may not
        play, by card name (empty at any other time): a client shows these words."""
        if self.phase != Phase.PLAY or self.turn != self.seat or self.seat is None:
            return {}
        return {str(c): self.why_illegal(c) or "" for c in self.hand if c not in self.legal}

    def can_claim(self) -> bool:
        """Whether this seat may claim the rest now: it leads and must win every trick
        left, which its own cards and the ones played tell (as `Hand.can_claim`)."""
        return (self.rules.tram != "off" and self.phase == Phase.PLAY and not self.trick
                and self.turn == self.seat and bool(self.hand)
                and leader_takes_all(mask_of(self.hand), self.unseen_mask()))

    def voids(self) -> list[set[int]]:
        """For each seat, the suits it has shown it no longer holds."""
        out: list[set[int]] = [set(), set(), set(), set()]
        plays = [t.plays() for t in self.tricks]
        if self.trick:
            plays.append(list(self.trick))
        for trick in plays:
            led = trick[0][1].suit
            for seat, card in trick[1:]:
                if card.suit != led:
                    out[seat].add(led)
        return out

    # -- wire form ----------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain msgpack-ready values (cards as strings)."""
        return {
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "phase": str(self.phase),
            "pass_direction": self.pass_direction,
            "dealer": self.dealer,
            "totals": list(self.totals),
            "hand": _strs(self.hand),
            "passed": None if self.passed is None else _strs(self.passed),
            "received": None if self.received is None else _strs(self.received),
            "has_passed": list(self.has_passed),
            "turn": self.turn,
            "leader": self.leader,
            "trick": [[s, str(c)] for s, c in self.trick],
            "tricks": [[t.leader, _strs(t.cards), t.winner] for t in self.tricks],
            "hearts_broken": self.hearts_broken,
            "cards_left": list(self.cards_left),
            "taken_points": list(self.taken_points),
            "tricks_won": list(self.tricks_won),
            "legal": _strs(self.legal),
            "illegal": self.illegal_reasons(),
            "moon": None if self.moon is None else self.moon.wire(self.rules),
            "tram": None if self.tram is None else
            {"seat": self.tram.seat, "cards": [_strs(h) for h in self.tram.cards],
             "claimed": self.tram.claimed},
            "points": None if self.points is None else list(self.points),
            "others": None if self.others is None else [_strs(h) for h in self.others],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "View":
        """Inverse of `to_dict`; raises ValueError/KeyError on malformed input."""
        moon = d["moon"]
        tram = d["tram"]
        return cls(
            seat=int(d["seat"]),
            rules=Rules.from_dict(d["rules"]),
            phase=Phase(d["phase"]),
            pass_direction=d["pass_direction"],
            dealer=int(d["dealer"]),
            totals=tuple(d["totals"]),
            hand=_cards(d["hand"]),
            passed=None if d["passed"] is None else _cards(d["passed"]),
            received=None if d["received"] is None else _cards(d["received"]),
            has_passed=tuple(d["has_passed"]),
            turn=d["turn"],
            leader=d["leader"],
            trick=tuple((int(s), Card.parse(c)) for s, c in d["trick"]),
            tricks=tuple(Trick(int(t[0]), _cards(t[1]), int(t[2])) for t in d["tricks"]),
            hearts_broken=bool(d["hearts_broken"]),
            cards_left=tuple(d["cards_left"]),
            taken_points=tuple(d["taken_points"]),
            tricks_won=tuple(d["tricks_won"]),
            legal=_cards(d["legal"]),
            moon=None if moon is None else Moon(moon["shooter"], moon["sun"], moon["choice"]),
            tram=None if tram is None else
            Tram(tram["seat"], tuple(_cards(h) for h in tram["cards"]), tram["claimed"]),
            points=None if d["points"] is None else tuple(d["points"]),
            others=None if d["others"] is None else tuple(_cards(h) for h in d["others"]),
        )




def _maybe_tuple(cards: list[Card] | None) -> tuple[Card, ...] | None:
    return None if cards is None else tuple(cards)

__all__ = ["View"]
