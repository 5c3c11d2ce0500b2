"""One hand of Hearts: deal, pass, thirteen tricks (or TRAM), moon choice, points.

The state is kept as 52-bit masks for speed; the public methods take and give
`Card` objects. Every action goes into ``hand.actions`` so that a hand can be
saved as its deal plus its actions and replayed to the same state.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, NamedTuple, Sequence

from hearts.i18n import T_, Text, nT_, text_of

from .actions import Action, Claim, MoonChoice, Pass, Phase, Play, action_from_wire
from .cards import (FULL_DECK, HEARTS_MASK, JACK_DIAMONDS,
                    QUEEN_SPADES, SUIT_MASK, TWO_CLUBS, Card,
                    _SUIT_TABLE, cards_of, mask_of)
from .rule_options import PASS_DIRECTIONS
from .rules import PASS_OFFSET, Rules
from .scoring import (Moon, find_moon, hand_points, penalty_mask,
                      penalty_points, point_mask, resolve_moon_choice)


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
_new_trick = tuple.__new__  # NamedTuple's own __new__ is a slow Python function
_DECK_RANGE = range(52)
_BITS = [1 << i for i in range(52)]


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


class Hand:
    """One hand under some `Rules`. Build with `Hand.deal` or `Hand.from_deal`."""

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
        if self.pass_direction == "hold":
            self._start_play()

    # -- construction -------------------------------------------------------------
    @classmethod
    def from_deal(cls, rules: Rules, hands: Sequence[Iterable[Card | str]], pass_direction: str,
                  dealer: int = 0, totals: Sequence[int] | None = None) -> "Hand":
        """A hand from four lists of 13 cards (a partition of the deck)."""
        if len(hands) != 4:
            raise ValueError("a deal is four hands")
        masks = []
        for h in hands:
            cards = [Card.parse(c) for c in h]
            m = mask_of(cards)
            if len(cards) != 13 or m.bit_count() != 13:
                raise ValueError("each hand of a deal must hold 13 different cards")
            masks.append(m)
        if masks[0] | masks[1] | masks[2] | masks[3] != FULL_DECK:
            raise ValueError("the four hands of a deal must hold all 52 cards once")
        return cls(rules, masks, pass_direction, dealer, totals)

    @classmethod
    def deal(cls, rules: Rules, rng: random.Random | int | str | None, pass_direction: str,
             dealer: int = 0, totals: Sequence[int] | None = None) -> "Hand":
        """A shuffled deal from a `random.Random` or a seed."""
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        # A sort by random keys is a uniform shuffle and several times faster than
        # random.shuffle; the engine's speed is measured on whole random hands.
        keys = [rng.random() for _ in _DECK_RANGE]
        order = sorted(_DECK_RANGE, key=keys.__getitem__)
        bits = _BITS
        masks = [sum(map(bits.__getitem__, order[s::4])) for s in range(4)]
        return cls(rules, masks, pass_direction, dealer, totals)

    @classmethod
    def from_view(cls, view: "Any", hidden: dict[int, Iterable[Card | str]]) -> "Hand":
        """A hand at the point a `View` shows, with the other seats' cards filled in.

        ``hidden`` gives, for each other seat, the cards it holds now (a guess, for a
        bot's search). The hand is rebuilt as a no-pass deal of what each seat holds
        plus what it has played, then the plays are replayed.
        """
        holding = [0, 0, 0, 0]
        holding[view.seat] = mask_of(view.hand)
        for seat, cards in hidden.items():
            holding[seat] = mask_of(cards)
        deal = list(holding)
        plays = [p for t in view.tricks for p in t.plays()] + list(view.trick)
        for seat, card in plays:
            deal[seat] |= card.mask
        hand = cls(view.rules, deal, "hold", view.dealer, view.totals)
        for seat, card in plays:
            hand.play(seat, card)
        return hand

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

    # -- actions ----------------------------------------------------------------------
    def pass_cards(self, seat: int, cards: Iterable[Card | str]) -> None:
        """Choose the cards ``seat`` passes; they change hands when all four have passed."""
        if self.phase != _PASS:
            raise IllegalMove(T_("it is not the time to pass cards"))
        _check_seat(seat)
        if self._passed[seat] is not None:
            raise IllegalMove(T_("you have already passed"))
        n = self.rules.pass_count
        m = 0
        count = 0
        for c in cards:
            m |= (_parse(c) if isinstance(c, str) else c).mask
            count += 1
        if count != n or m.bit_count() != n:
            raise IllegalMove(nT_("pass exactly {n} card", "pass exactly {n} different cards", n))
        held = self._held
        if m & ~held[seat]:
            raise IllegalMove(T_("you do not hold {card}",
                                  card=cards_of(m & ~held[seat])[0].symbol))
        self._passed[seat] = m
        self._pass_order.append(seat)
        if len(self._pass_order) == 4:
            off = PASS_OFFSET[self.pass_direction]
            passed = self._passed
            for s in range(4):
                held[s] ^= passed[s] or 0
            for s in range(4):
                to = (s + off) & 3
                held[to] |= passed[s] or 0
                self._received[to] = passed[s]
            self._start_play()

    def play(self, seat: int, card: Card | str) -> None:
        """Play ``card`` from ``seat``; raises `IllegalMove` naming the rule if not allowed."""
        if seat != self.turn or self.phase != _PLAY:
            raise IllegalMove(NOT_NOW.get(self.phase, NOT_YOUR_TURN))
        if isinstance(card, str):
            card = _parse(card)
        m = card.mask
        legal = self._legal
        if legal < 0:
            legal = self._compute_legal()
        if not m & legal:
            raise IllegalMove(self._why_illegal(seat, card))
        self._held[seat] ^= m
        self._legal = -1
        trick = self._trick
        trick.append(card)
        if len(trick) == 4:
            self._end_trick()
        else:
            self.turn = (seat + 1) & 3

    def _end_trick(self) -> None:
        trick = self._trick
        c0, c1, c2, c3 = trick
        led = c0.suit
        best = c0.rank
        w = 0
        if c1.suit == led and c1.rank > best:
            best = c1.rank
            w = 1
        if c2.suit == led and c2.rank > best:
            best = c2.rank
            w = 2
        if c3.suit == led and c3.rank > best:
            w = 3
        lead = self.leader
        assert lead is not None
        w = (lead + w) & 3
        tmask = c0.mask | c1.mask | c2.mask | c3.mask
        tricks = self.tricks
        tricks.append(_new_trick(Trick, (lead, tuple(trick), w)))
        self._taken[w] |= tmask
        self._won[w] += 1
        if tmask & self._cfg.breakers:
            self._broken = True
        self._trick = []
        self.leader = self.turn = w
        if len(tricks) == 13:
            self._end_hand()
        elif self._tram_auto:
            self._check_tram()

    def can_claim(self, seat: int) -> bool:
        """Whether ``seat`` may claim the rest now: it leads and must win every trick left."""
        return (self.phase == _PLAY and not self._trick and seat == self.leader
                and self._tram_winner() == seat)

    def claim(self, seat: int) -> None:
        """Claim the remaining tricks (with ``tram="claim"``, or any time they are certain)."""
        if self.rules.tram == "off":
            raise IllegalMove(T_("claiming is off at this table"))
        if not self.can_claim(seat):
            raise IllegalMove(T_("you cannot claim: you are not certain to win every trick left"))
        self._claimed_by = seat
        self._apply_tram(seat, claimed=True)

    def choose_moon(self, seat: int, choice: str) -> None:
        """The shooter's choice after a moon: ``"add"`` (others +M) or ``"subtract"`` (self -M)."""
        if self.phase != _MOON_CHOICE:
            raise IllegalMove(T_("there is no moon to choose for"))
        if self.moon is None or seat != self.moon.shooter:
            raise IllegalMove(T_("only the shooter chooses"))
        if choice not in ("add", "subtract"):
            raise IllegalMove(T_("choose add or subtract"))
        self._moon_chosen = True
        self.moon = Moon(self.moon.shooter, self.moon.sun, choice)
        self._finish()

    def apply(self, action: Action) -> None:
        """Apply one action (`Pass`, `Play`, `Claim` or `MoonChoice`)."""
        if isinstance(action, Play):
            self.play(action.seat, action.card)
        elif isinstance(action, Pass):
            self.pass_cards(action.seat, action.cards)
        elif isinstance(action, MoonChoice):
            self.choose_moon(action.seat, action.choice)
        elif isinstance(action, Claim):
            self.claim(action.seat)
        else:
            raise ValueError(f"not an action: {action!r}")

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

    # -- flow ------------------------------------------------------------------------
    def _start_play(self) -> None:
        self.phase = _PLAY
        if self._cfg.first_lead == "left-of-dealer":
            lead = (self.dealer + 1) & 3
        else:
            lead = next(s for s in range(4) if self._held[s] & _2C)
        self.leader = self.turn = lead
        if self._tram_auto:
            self._check_tram()

    def _tram_winner(self) -> int | None:
        """The leader, if it must win every remaining trick whatever anyone plays."""
        lead = self.leader
        assert lead is not None
        held = self._held
        others = held[(lead + 1) & 3] | held[(lead + 2) & 3] | held[(lead + 3) & 3]
        return lead if leader_takes_all(held[lead], others) else None

    def _nothing_left_matters(self) -> bool:
        """With no point card left: whether the trick counts still left to win can
        change nothing either (clean-hand bonus, sun)."""
        rules = self.rules
        won = self._won
        if rules.clean_hand_bonus and rules.clean_hand == "no-tricks" and 0 in won:
            return False
        if rules.sun != "off" and rules.moon != "off" and len(self.tricks) in won:
            return False
        return True

    def _check_tram(self) -> None:
        held = self._held
        if (not (held[0] | held[1] | held[2] | held[3]) & self._cfg.point_mask
                and self._nothing_left_matters()):
            self._apply_tram(None, claimed=False)
            return
        seat = self._tram_winner()
        if seat is not None:
            self._apply_tram(seat, claimed=False)

    def _apply_tram(self, seat: int | None, claimed: bool) -> None:
        held = self._held
        self.tram = Tram(seat, tuple(tuple(cards_of(h)) for h in held), claimed)
        if seat is not None:
            left = 13 - len(self.tricks)
            self._taken[seat] |= held[0] | held[1] | held[2] | held[3]
            self._won[seat] += left
        self._held = [0, 0, 0, 0]
        self._end_hand()

    def _end_hand(self) -> None:
        self.turn = None
        self._legal = -1
        moon = find_moon(self.rules, self._taken, self._won)
        if moon is not None:
            choice = resolve_moon_choice(self.rules, moon, self.totals, self._taken, self._won)
            moon = Moon(moon.shooter, moon.sun, choice)
            self.moon = moon
            if choice is None:
                self.phase = _MOON_CHOICE
                self.turn = moon.shooter
                return
        self._finish()

    def _finish(self) -> None:
        self._points = hand_points(self.rules, self._taken, self._won, self.moon)
        self.phase = _DONE
        self.turn = None

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

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Hand":
        """Rebuild a hand by replaying the actions of `to_dict`."""
        hand = cls.from_deal(Rules.from_dict(data["rules"]), data["deal"],
                             data["pass_direction"], data["dealer"], data["totals"])
        for a in data["actions"]:
            hand.apply(action_from_wire(a))
        return hand

    def state(self) -> tuple[Any, ...]:
        """Everything observable about the hand, for comparing two hands."""
        return (self.phase, self.turn, self.leader, tuple(self._held), tuple(self._passed),
                tuple(self._received), tuple(self.tricks), tuple(self._trick), self.hearts_broken,
                tuple(self._taken), tuple(self._won), self.moon, self.tram,
                None if self._points is None else tuple(self._points))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self.rules == other.rules and self.state() == other.state()

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


def _parse(card: Any) -> Card:
    try:
        return Card.parse(card)
    except ValueError as e:
        raise IllegalMove(text_of(e)) from None


def _check_seat(seat: int) -> None:
    if seat not in (0, 1, 2, 3):
        raise IllegalMove(T_("no such seat: {seat}", seat=repr(seat)))


__all__ = ["Hand", "IllegalMove", "NOT_NOW", "PlayConfig", "play_config", "NOT_YOUR_TURN", "Trick", "Tram", "illegal_reason",
           "leader_takes_all"]
