"""A fast determinized Hearts simulator on 52-bit masks, for the bots' playouts.

`SimState` holds one complete deal in play (every seat's cards known: a sampled
world, never the real hidden hands), applies the same legality rules as
`hearts.engine.hand.Hand` and scores a finished hand with the engine's own
`find_moon`, `resolve_moon_choice` and `hand_points`. A test checks it against
the engine on random states.
"""

from __future__ import annotations

import os
import random
from functools import lru_cache
from typing import Callable, Iterable, Sequence

from hearts.engine import Rules, View
from hearts.engine.cards import (ACE_SPADES, FULL_DECK, HEARTS_MASK, JACK_DIAMONDS, KING_SPADES, QUEEN_SPADES,
                                 SUIT_MASK, TWO_CLUBS)
from hearts.engine.hand import play_config
from hearts.engine.scoring import (Moon, apply_hand, find_moon, game_end, hand_points,
                                   moon_mask, moon_value, penalty_mask, penalty_points,
                                   point_mask, resolve_moon_choice)


# a C playout's result: the seat's points, or the hand's (taken, won)
Result = int | tuple[list[int], list[int]]

# the playouts in C (`_playout.c`), built by `pip install`; the Python ones where it is not
# built, or where HEARTS_PYTHON_PLAYOUTS is set (to measure what the C is worth)
try:
    from . import _playout as native
except ImportError:     # pragma: no cover - a machine without a C compiler
    native = None  # type: ignore[assignment]
if os.environ.get("HEARTS_PYTHON_PLAYOUTS"):
    native = None  # type: ignore[assignment]

QS, KS, AS, JD, TWO_C = (c.index for c in (QUEEN_SPADES, KING_SPADES, ACE_SPADES, JACK_DIAMONDS,
                                            TWO_CLUBS))
QS_BIT, KS_BIT, AS_BIT, JD_BIT = (c.mask for c in (QUEEN_SPADES, KING_SPADES, ACE_SPADES,
                                                   JACK_DIAMONDS))
CLUBS_MASK = SUIT_MASK[0]
FULL = FULL_DECK


class SimRules:
    """Rule constants read on every simulated play, derived once per `Rules`."""

    __slots__ = ("rules", "ft_barred", "first_lead", "free", "qbreaks", "hearts_over_q",
                 "penalty", "moon_cards", "point_cards", "value", "moon_on", "jd_value",
                 "moon_value", "native", "additive", "valued", "deck")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        pen = penalty_mask(rules)
        cfg = play_config(rules)            # the engine's own flags: one legality source
        self.ft_barred = cfg.ft_barred
        self.first_lead = cfg.first_lead
        self.free = cfg.free
        self.qbreaks = rules.queen_breaks_hearts
        self.hearts_over_q = cfg.hearts_over_q
        self.penalty = pen
        self.moon_cards = moon_mask(rules)
        self.point_cards = point_mask(rules)
        self.moon_on = rules.moon != "off"
        self.jd_value = rules.jack_of_diamonds
        self.moon_value = moon_value(rules)
        # value[i]: what taking card i costs, JD bonus included (moon aside)
        self.value = [penalty_points(rules, 1 << i) + (rules.jack_of_diamonds if i == JD else 0)
                      for i in range(52)]
        # without a clean-hand bonus, a seat's points in a hand without a moon are the sum of
        # its cards' values (`SimState.points_of`)
        self.additive = not rules.clean_hand_bonus
        self.valued = sum(1 << i for i in range(52) if self.value[i])
        # the points of a hand without a moon or a bonus, all seats together
        self.deck = sum(self.value)
        # the same constants packed for the C playouts
        lead = {"two-of-clubs": 0, "left-of-dealer": 1}.get(self.first_lead, 2)
        self.native = None if native is None else native.pack_rules(
            self.ft_barred, pen, self.moon_cards, self.point_cards, lead, self.free,
            self.qbreaks, self.hearts_over_q, self.moon_on, self.jd_value, self.additive,
            self.value)


@lru_cache(maxsize=64)
def sim_rules(rules: Rules) -> SimRules:
    return SimRules(rules)


class SimState:
    """One deal in the play phase with every hand known (a determinization)."""

    __slots__ = ("sr", "hands", "taken", "won", "played", "ntricks", "leader", "turn", "trick",
                 "trick_mask", "led", "best", "winner", "broken", "voids", "totals")

    def __init__(self, sr: SimRules, hands: Sequence[int], totals: Sequence[int] = (0, 0, 0, 0)) -> None:
        self.sr = sr
        self.hands = list(hands)
        self.taken = [0, 0, 0, 0]
        self.won = [0, 0, 0, 0]
        self.played = 0
        self.ntricks = 0
        self.leader = 0
        self.turn = 0
        self.trick: list[int] = []
        self.trick_mask = 0
        self.led = -1
        self.best = -1
        self.winner = -1
        self.broken = False
        self.voids = [0, 0, 0, 0]  # suit bits each seat has shown it lacks
        self.totals = tuple(totals)

    def copy(self) -> "SimState":
        c = object.__new__(SimState)
        c.sr = self.sr
        c.hands = self.hands[:]
        c.taken = self.taken[:]
        c.won = self.won[:]
        c.played = self.played
        c.ntricks = self.ntricks
        c.leader = self.leader
        c.turn = self.turn
        c.trick = self.trick[:]
        c.trick_mask = self.trick_mask
        c.led = self.led
        c.best = self.best
        c.winner = self.winner
        c.broken = self.broken
        c.voids = self.voids[:]
        c.totals = self.totals
        return c

    @property
    def done(self) -> bool:
        return self.ntricks == 13

    def legal(self) -> int:
        """The mask of cards the seat to play may play (as `Hand._compute_legal`)."""
        sr = self.sr
        held = self.hands[self.turn]
        if self.trick:
            follow = held & SUIT_MASK[self.led]
            if follow:
                return follow
            if self.ntricks or not sr.ft_barred:
                return held
            return (held & ~sr.ft_barred) or held
        first = self.ntricks == 0
        if first and sr.first_lead != "left-of-dealer":
            return held & (1 if sr.first_lead == "two-of-clubs" else CLUBS_MASK)
        if self.broken or (sr.free and not first):
            return held
        legal = held & ~HEARTS_MASK
        if not legal or (legal == QS_BIT and sr.hearts_over_q):
            return held
        return legal

    def play(self, card: int) -> None:
        """Play card index ``card`` for the seat to play (no legality check)."""
        seat = self.turn
        bit = 1 << card
        self.hands[seat] ^= bit
        self.played |= bit
        suit = card // 13
        rank = card - suit * 13
        trick = self.trick
        if not trick:
            self.led = suit
            self.best = rank
            self.winner = seat
        elif suit != self.led:
            self.voids[seat] |= 1 << self.led
        elif rank > self.best:
            self.best = rank
            self.winner = seat
        trick.append(card)
        self.trick_mask |= bit
        if not self.broken and (suit == 2 or (card == QS and self.sr.qbreaks)):
            self.broken = True
        if len(trick) < 4:
            self.turn = (seat + 1) & 3
            return
        w = self.winner
        self.taken[w] |= self.trick_mask
        self.won[w] += 1
        self.ntricks += 1
        self.trick = []
        self.trick_mask = 0
        self.leader = self.turn = w

    def points(self, choose: Callable[["SimState", Moon], str] | None = None) -> list[int]:
        """Final points of a finished hand (moon, sun and bonuses as the engine scores them).

        When the rules let the shooter choose, ``choose(state, moon)`` decides
        (default: `best_moon_choice`).
        """
        rules = self.sr.rules
        moon = find_moon(rules, self.taken, self.won)
        if moon is not None:
            choice = resolve_moon_choice(rules, moon, list(self.totals), self.taken, self.won)
            if choice is None:
                choice = (choose or best_moon_choice_state)(self, moon)
            moon = Moon(moon.shooter, moon.sun, choice)
        return hand_points(rules, self.taken, self.won, moon)

    def points_of(self, seat: int) -> int:
        """``points()[seat]``, sooner where no seat has shot the moon (the sum of the values of
        the cards it took)."""
        sr = self.sr
        if sr.additive:
            mc = sr.moon_cards
            t = self.taken
            if not sr.moon_on or (t[0] & mc != mc and t[1] & mc != mc and t[2] & mc != mc
                                  and t[3] & mc != mc):
                value = sr.value
                m = t[seat] & sr.valued
                total = 0
                while m:
                    low = m & -m
                    total += value[low.bit_length() - 1]
                    m ^= low
                return total
        return self.points()[seat]

    def weighed_points(self, seat: int, moon_weight: float = 1.0) -> float:
        """``points_of(seat)``, counted ``moon_weight`` times where another seat shot the moon
        (how a search that fears moons more than their points values them)."""
        points = self.points_of(seat)
        if moon_weight != 1.0 and points > 0:
            moon = find_moon(self.sr.rules, self.taken, self.won)
            if moon is not None and moon.shooter != seat:
                return points * moon_weight
        return points


def seat_results(sr: SimRules, answer: tuple[list[Result], int], totals: Sequence[int],
                 seat: int, moon_weight: float = 1.0) -> list[float]:
    """``seat``'s points from the C playouts' ``(results, specials)``: each result is the
    points, or, where a moon or a clean-hand bonus needs the full scoring (``specials`` counts
    them), the hand's (taken, won), scored by `SimState.weighed_points` with ``moon_weight``."""
    results, specials = answer
    if not specials:
        return results  # type: ignore[return-value]
    out: list[float] = []
    for result in results:
        if isinstance(result, int):
            out.append(result)
            continue
        st = SimState(sr, [0, 0, 0, 0], totals)
        st.taken, st.won = list(result[0]), list(result[1])
        out.append(st.weighed_points(seat, moon_weight))
    return out


def best_moon_choice(rules: Rules, seat: int, totals: Sequence[int], taken: Sequence[int],
                     won: Sequence[int], sun: bool) -> str:
    """Add or subtract after a moon: whichever leaves ``seat`` better placed.

    A game that ends decides first (win it, or avoid losing it); otherwise the
    lead over the best other seat, ties going to "add" when ``seat`` already leads
    and to "subtract" when it trails.
    """
    best = None
    for choice in ("add", "subtract"):
        pts = hand_points(rules, list(taken), list(won), Moon(seat, sun, choice))
        after = apply_hand(rules, list(totals), pts)
        winners = game_end(rules, after)
        others = min(after[s] for s in range(4) if s != seat)
        score = float(others - after[seat])
        # equal standing: a leader hurries the end (add), a trailer makes the game last
        leads = totals[seat] <= min(totals)
        score += 0.5 if (choice == "add") == leads else 0.0
        if winners is not None:
            score += 1000 if seat in winners else -1000
        if best is None or score > best[0]:
            best = (score, choice)
    return best[1] if best else "add"


def best_moon_choice_state(state: SimState, moon: Moon) -> str:
    return best_moon_choice(state.sr.rules, moon.shooter, state.totals, state.taken, state.won, moon.sun)


def state_from_view(view: View, hidden: Sequence[int] | None = None) -> SimState:
    """A `SimState` at the point ``view`` shows; ``hidden[s]`` are seat s's cards (a guess).

    Without ``hidden`` the other seats hold nothing: enough for a policy that
    reads only its own hand and the public play.
    """
    sr = sim_rules(view.rules)
    hands = [0, 0, 0, 0]
    if hidden is not None:
        hands = list(hidden)
    my = 0
    for c in view.hand:
        my |= c.mask
    hands[view.seat] = my
    st = SimState(sr, hands, view.totals)
    for t in view.tricks:
        for i, c in enumerate(t.cards):
            s = (t.leader + i) & 3
            replay(st, s, c.index)
    for s, c in view.trick:
        replay(st, s, c.index)
    if not view.tricks and not view.trick and view.leader is not None:
        st.leader = st.turn = view.leader
    elif view.turn is not None:
        st.turn = view.turn
    return st


def replay(st: SimState, seat: int, card: int) -> None:
    """Apply a known play; the card is added to the hand first so `play` can remove it."""
    if not st.trick:
        st.leader = seat
    st.turn = seat
    st.hands[seat] |= 1 << card
    st.play(card)


def random_deal(sr: SimRules, rng: random.Random) -> SimState:
    """A random deal at its first lead (the holder of the 2♣ leads): for benchmarks and tests."""
    order = list(range(52))
    rng.shuffle(order)
    hands = [0, 0, 0, 0]
    for i, c in enumerate(order):
        hands[i & 3] |= 1 << c
    st = SimState(sr, hands)
    st.leader = st.turn = next(s for s in range(4) if hands[s] & 1)
    return st


def playout(st: SimState, policy: Callable[[SimState, int], int]) -> SimState:
    """Play ``st`` to the end with ``policy(state, legal_mask) -> card index``; returns ``st``."""
    while st.ntricks < 13:
        st.play(policy(st, st.legal()))
    return st


def low_bit(mask: int) -> int:
    """Index of the lowest set bit."""
    return (mask & -mask).bit_length() - 1


def high_bit(mask: int) -> int:
    """Index of the highest set bit."""
    return mask.bit_length() - 1


def alike_groups(cards: Iterable[int], apart: int, value: Sequence[int]) -> list[int]:
    """The lowest card of each group of ``cards`` (card indices, lowest first) that play
    alike: one suit, the same points (``value``), and no card of ``apart`` between them
    (for a seat: the cards it cannot see and the trick's)."""
    reps: list[int] = []
    prev = -1
    for c in cards:
        if (prev >= 0 and prev // 13 == c // 13 and value[prev] == value[c]
                and not apart & ((1 << c) - (1 << (prev + 1)))):
            prev = c
            continue
        reps.append(c)
        prev = c
    return reps


def searched_as(cands: Iterable[int], card: int) -> int:
    """The group's card among ``cands`` standing for ``card``: the highest of them in its
    suit not above it (-1 if none)."""
    return max((c for c in cands if c <= card and c // 13 == card // 13), default=-1)


__all__ = ["alike_groups", "searched_as", "native", "QS", "KS", "AS", "JD", "TWO_C", "QS_BIT",
           "KS_BIT", "AS_BIT", "JD_BIT",
           "CLUBS_MASK", "FULL", "SimRules", "sim_rules", "SimState", "seat_results",
           "best_moon_choice", "best_moon_choice_state", "state_from_view", "replay",
           "random_deal", "playout", "low_bit", "high_bit"]
