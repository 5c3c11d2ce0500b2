"""A hand's state and what is read of it: the cards each seat holds, passed, received
and took, the tricks, who moves, which cards are legal, the points, a seat's view and
the saved form. `hearts.engine.hand.Hand` adds the moves.

The state is kept as 52-bit masks for speed; the public methods take and give
`Card` objects.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Sequence

from hearts.i18n import T_, Text

from .actions import Action, Claim, MoonChoice, Pass, Phase, Play
from .cards import (HEARTS_MASK, JACK_DIAMONDS, QUEEN_SPADES, SUIT_MASK, TWO_CLUBS, Card,
                    _SUIT_TABLE, cards_of)
from .rule_options import PASS_DIRECTIONS
from .rules import PASS_OFFSET, Rules
from .scoring import Moon, penalty_mask, penalty_points, point_mask

if TYPE_CHECKING:
    from .view import View

_CLUBS = SUIT_MASK[0]
_QS = QUEEN_SPADES.mask
_JD = JACK_DIAMONDS.mask
_2C = TWO_CLUBS.mask
# module-level aliases: reading ``Phase.PLAY`` costs an enum lookup on every play
_PASS, _PLAY, _MOON_CHOICE, _DONE = Phase.PASS, Phase.PLAY, Phase.MOON_CHOICE, Phase.DONE
NOT_NOW = {Phase.PASS: T_("cards are still being passed"), Phase.DONE: T_("the hand is over"),
           Phase.MOON_CHOICE: T_("the shooter is choosing how to score the moon")}
NOT_YOUR_TURN = T_("it is not your turn")
MUST_FOLLOW = (T_("you must follow clubs"), T_("you must follow diamonds"),
               T_("you must follow hearts"), T_("you must follow spades"))

class IllegalMove(ValueError):
    """An action the rules do not allow; the message names the rule (a `Text`, so the
    host can say it in each player's language: ``text_of(e).said(tr)``)."""


class Trick(NamedTuple):
    """A finished trick: who led, the cards in play order from the leader, who won."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def plays(self) -> list[tuple[int, Card]]:
        """(seat, card) pairs in play order."""
        return [((self.leader + i) % 4, c) for i, c in enumerate(self.cards)]

    def seat_of(self, card: Card) -> int:
        return (self.leader + self.cards.index(card)) % 4


@dataclass(frozen=True)
class Tram:
    """An early end: ``seat`` took the rest (None: the rest changed nothing), ``cards`` held then."""

    seat: int | None
    cards: tuple[tuple[Card, ...], ...]
    claimed: bool


class PlayConfig:
    """Rule flags the hot path of play reads, computed once per `Rules` (the engine's
    `Hand` and the bots' fast simulator both read these)."""

    def __init__(self, rules: Rules) -> None:
        ft = rules.first_trick
        pen = penalty_mask(rules)
        self.ft_barred = pen if ft == "no-points" else (
            pen & ~HEARTS_MASK if ft == "hearts-if-void" else 0)
        self.first_lead = rules.first_lead
        self.free = rules.hearts_break == "free"
        self.breakers = HEARTS_MASK | (_QS if rules.queen_breaks_hearts else 0)
        self.hearts_over_q = rules.lead_hearts_over_queen
        self.tram_auto = rules.tram == "auto"
        self.point_mask = point_mask(rules)


@functools.lru_cache(maxsize=256)
def play_config(rules: Rules) -> PlayConfig:
    """The `PlayConfig` of ``rules`` (cached)."""
    return PlayConfig(rules)


class HandState:
    """The state of one hand under some `Rules` and every question about it; the moves
    are `hearts.engine.hand.Hand`'s (build a hand with `Hand.deal` or `Hand.from_deal`)."""

    def __init__(self, rules: Rules, hands: Sequence[int], pass_direction: str,
                 dealer: int = 0, totals: Sequence[int] | None = None) -> None:
        if pass_direction not in PASS_DIRECTIONS:
            raise ValueError(f"pass direction must be one of {', '.join(PASS_DIRECTIONS)} "
                             f"(got {pass_direction!r})")
        if not 0 <= dealer < 4:
            raise ValueError(f"dealer must be a seat 0..3 (got {dealer!r})")
        self.rules = rules
        self._cfg = cfg = play_config(rules)
        self.pass_direction = pass_direction if rules.pass_count else "hold"
        self.dealer = dealer
        self.totals = list(totals) if totals is not None else [0, 0, 0, 0]
        self.deal_masks = tuple(hands)
        self._held = list(hands)
        self._passed: list[int | None] = [None, None, None, None]
        self._pass_order: list[int] = []
        self._received: list[int | None] = [None, None, None, None]
        self._taken = [0, 0, 0, 0]
        self._won = [0, 0, 0, 0]
        self.tricks: list[Trick] = []
        self._trick: list[Card] = []
        self._broken = False
        self._legal = -1
        self._claimed_by: int | None = None
        self._moon_chosen = False
        self.moon: Moon | None = None
        self.tram: Tram | None = None
        self._points: list[int] | None = None
        self.turn: int | None = None
        self.leader: int | None = None
        self._tram_auto = cfg.tram_auto
        self.phase = _PASS

    # -- reading ----------------------------------------------------------------------
    @property
    def hearts_broken(self) -> bool:
        """A heart (or QS with `queen_breaks_hearts`) has been played."""
        if self._broken:
            return True
        breakers = self._cfg.breakers
        return any(c.mask & breakers for c in self._trick)

    @property
    def actions(self) -> list[Action]:
        """Every action so far, in order: passes, plays, then a claim or a moon choice."""
        out: list[Action] = [Pass(s, tuple(cards_of(self._passed[s] or 0)))
                             for s in self._pass_order]
        for t in self.tricks:
            out.extend(Play(seat, c) for seat, c in t.plays())
        out.extend(Play(seat, c) for seat, c in self.trick)
        if self._claimed_by is not None:
            out.append(Claim(self._claimed_by))
        if self._moon_chosen and self.moon is not None:
            out.append(MoonChoice(self.moon.shooter, self.moon.choice or "add"))
        return out

    def held(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now (engine-side: this is hidden information)."""
        return cards_of(self._held[seat])

    def held_mask(self, seat: int) -> int:
        return self._held[seat]

    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The trick in progress as (seat, card) pairs."""
        lead = self.leader or 0       # no trick before the first lead
        return [((lead + i) % 4, c) for i, c in enumerate(self._trick)]

    @property
    def trick_number(self) -> int:
        """0-based number of the trick being played."""
        return len(self.tricks)

    def passed(self, seat: int) -> list[Card] | None:
        p = self._passed[seat]
        return None if p is None else cards_of(p)

    def received(self, seat: int) -> list[Card] | None:
        r = self._received[seat]
        return None if r is None else cards_of(r)

    def passed_mask(self, seat: int) -> int | None:
        """`passed` as a mask."""
        return self._passed[seat]

    def received_mask(self, seat: int) -> int | None:
        """`received` as a mask."""
        return self._received[seat]

    def has_passed(self, seat: int) -> bool:
        return self._passed[seat] is not None

    def taken(self, seat: int) -> list[Card]:
        """Cards ``seat`` has won in tricks (public)."""
        return cards_of(self._taken[seat])

    def tricks_won(self, seat: int) -> int:
        return self._won[seat]

    def cards_left(self, seat: int) -> int:
        return self._held[seat].bit_count()

    @property
    def pass_to(self) -> int:
        """Seat offset of the pass: 1 left, 2 across, 3 right, 0 hold."""
        return PASS_OFFSET[self.pass_direction]

    def legal_plays(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play now; empty when it is not that seat's turn."""
        if seat != self.turn or self.phase != _PLAY:
            return []
        legal = self._legal
        if legal < 0:
            legal = self._compute_legal()
        t = _SUIT_TABLE
        return [*t[0][legal & 0x1FFF], *t[1][(legal >> 13) & 0x1FFF],
                *t[2][(legal >> 26) & 0x1FFF], *t[3][legal >> 39]]

    def legal_mask(self, seat: int) -> int:
        """`legal_plays` as a mask."""
        if self.phase != _PLAY or seat != self.turn:
            return 0
        return self._legal if self._legal >= 0 else self._compute_legal()

    def points(self) -> list[int]:
        """The hand's points per seat after moon, sun and bonuses; until the hand is
        done, `taken_points`."""
        if self._points is not None:
            return list(self._points)
        return self.taken_points()

    def taken_points(self) -> list[int]:
        """Points of the cards each seat has taken so far (no moon, no bonuses)."""
        rules = self.rules
        pts = [penalty_points(rules, t) for t in self._taken]
        if rules.jack_of_diamonds:
            for s in range(4):
                if self._taken[s] & _JD:
                    pts[s] += rules.jack_of_diamonds
        return pts

    @property
    def done(self) -> bool:
        return self.phase == _DONE
    # -- rules ----------------------------------------------------------------------------
    def _compute_legal(self) -> int:
        assert self.turn is not None
        held = self._held[self.turn]
        trick = self._trick
        if trick:
            legal = held & SUIT_MASK[trick[0].suit]
            if not legal:
                barred = self._cfg.ft_barred
                legal = held if self.tricks or not barred else (held & ~barred) or held
        else:
            cfg = self._cfg
            first = not self.tricks
            if first and cfg.first_lead == "two-of-clubs":
                legal = held & _2C
            elif first and cfg.first_lead == "any-club":
                legal = held & _CLUBS
            elif self._broken or (cfg.free and not first):
                legal = held
            else:  # the hearts rule (also the left-of-dealer opening lead)
                legal = held & ~HEARTS_MASK
                if not legal or (legal == _QS and cfg.hearts_over_q):
                    legal = held
        self._legal = legal
        return legal

    def _why_illegal(self, seat: int, card: Card) -> Text:
        return illegal_reason(card, self._held[seat], self._trick, not self.tricks, self.rules)

    def illegal_reasons(self, seat: int) -> dict[str, str]:
        """On ``seat``'s turn to play, why each card it holds but may not play is refused
        (card name -> the engine's words); empty at any other time."""
        if self.phase != _PLAY or seat != self.turn:
            return {}
        refused = self._held[seat] & ~self.legal_mask(seat)
        return {str(c): self._why_illegal(seat, c) for c in cards_of(refused)}

    # -- views and saving ----------------------------------------------------------------
    def view(self, seat: int, reveal: bool = False) -> View:
        """What ``seat`` may know (its own cards, passes, the public play); with
        ``reveal`` (open-hands tables) every seat's cards too."""
        from .view import View
        return View.of(self, seat, reveal)

    def to_dict(self) -> dict[str, Any]:
        """A plain dict (msgpack-ready): the deal, the table facts and every action."""
        return {
            "rules": self.rules.to_dict(),
            "deal": [[str(c) for c in cards_of(m)] for m in self.deal_masks],
            "pass_direction": self.pass_direction,
            "dealer": self.dealer,
            "totals": list(self.totals),
            "actions": [a.to_wire() for a in self.actions],
        }

    def state(self) -> tuple[Any, ...]:
        """Everything observable about the hand, for comparing two hands."""
        return (self.phase, self.turn, self.leader, tuple(self._held), tuple(self._passed),
                tuple(self._received), tuple(self.tricks), tuple(self._trick), self.hearts_broken,
                tuple(self._taken), tuple(self._won), self.moon, self.tram,
                None if self._points is None else tuple(self._points))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, HandState) and self.rules == other.rules
                and self.state() == other.state())

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<Hand {self.phase} pass={self.pass_direction} trick={len(self.tricks) + 1} "
                f"turn={self.turn}>")


def illegal_reason(card: Card, held: int, trick: Sequence[Card], first_trick: bool,
                   rules: Rules) -> Text:
    """Why ``card`` may not be played by a seat holding ``held`` (a mask) whose turn it is,
    with ``trick`` on the table: one wording for the engine's errors and every client."""
    if not card.mask & held:
        return T_("you do not hold {card}", card=card.symbol)
    if trick:
        led = trick[0].suit
        if held & SUIT_MASK[led]:
            return MUST_FOLLOW[led]
        if card.suit == 2:
            return T_("no hearts on the first trick")
        return T_("no points on the first trick")
    if first_trick and rules.first_lead == "two-of-clubs":
        return T_("you must lead the 2♣")
    if first_trick and rules.first_lead == "any-club":
        return T_("you must lead a club")
    return T_("hearts are not broken yet")


def leader_takes_all(mine: int, others: int) -> bool:
    """Whether a leader holding ``mine`` must win every trick left against ``others``
    (all that the other seats hold): in each suit it holds, its lowest card is higher
    than all of theirs. It keeps the lead by winning, so suits it lacks never come up.
    """
    for sm in SUIT_MASK:
        p = mine & sm
        if p:
            o = others & sm
            if o and (p & -p) < o:
                return False
    return True


__all__ = ["HandState", "IllegalMove", "MUST_FOLLOW", "NOT_NOW", "NOT_YOUR_TURN", "PlayConfig",
           "Trick", "Tram", "illegal_reason", "leader_takes_all", "play_config"]
