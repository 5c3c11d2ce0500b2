"""One hand of Hearts: deal, pass, thirteen tricks (or TRAM), moon choice, points.

`Hand` is a `HandState` (hearts/engine/hand_state.py: the masks and every question about
them) with the moves: building a deal, passing, playing, claiming, the moon's choice,
and how a trick and the hand end. Every action goes into ``hand.actions`` so that a hand
can be saved as its deal plus its actions and replayed to the same state.
"""

from __future__ import annotations

import random
from typing import Any, Iterable, Sequence

from hearts.i18n import T_, nT_, text_of

from .actions import Action, Claim, MoonChoice, Pass, Play, action_from_wire
from .cards import FULL_DECK, TWO_CLUBS, Card, cards_of, mask_of
from .hand_state import (_DONE, _MOON_CHOICE, _PASS, _PLAY, NOT_NOW, NOT_YOUR_TURN, HandState,
                         IllegalMove, PlayConfig, Trick, Tram, illegal_reason,
                         leader_takes_all, play_config)
from .rules import PASS_OFFSET, Rules
from .scoring import Moon, find_moon, hand_points, resolve_moon_choice

_2C = TWO_CLUBS.mask
_new_trick = tuple.__new__  # NamedTuple's own __new__ is a slow Python function
_DECK_RANGE = range(52)
_BITS = [1 << i for i in range(52)]


class Hand(HandState):
    """One hand under some `Rules`, and its moves. Build with `Hand.deal` or `Hand.from_deal`."""

    def __init__(self, rules: Rules, hands: Sequence[int], pass_direction: str,
                 dealer: int = 0, totals: Sequence[int] | None = None) -> None:
        super().__init__(rules, hands, pass_direction, dealer, totals)
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

    # -- saving ----------------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Hand":
        """Rebuild a hand by replaying the actions of `to_dict`."""
        hand = cls.from_deal(Rules.from_dict(data["rules"]), data["deal"],
                             data["pass_direction"], data["dealer"], data["totals"])
        for a in data["actions"]:
            hand.apply(action_from_wire(a))
        return hand

def _parse(card: Any) -> Card:
    try:
        return Card.parse(card)
    except ValueError as e:
        raise IllegalMove(text_of(e)) from None


def _check_seat(seat: int) -> None:
    if seat not in (0, 1, 2, 3):
        raise IllegalMove(T_("no such seat: {seat}", seat=repr(seat)))


__all__ = ["Hand", "IllegalMove", "NOT_NOW", "NOT_YOUR_TURN", "PlayConfig", "Trick", "Tram",
           "illegal_reason", "leader_takes_all", "play_config"]
