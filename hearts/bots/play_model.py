"""A model of how `normal` plays, learned from its play: a trial player for the playouts.

`model_card(st, legal, weights)` scores each group of cards that play alike in ``legal``
(`groups`) by a weighted sum of hand-made features (`features`: whether it wins the trick
and could still be overtaken, the trick's points, its rank among the unseen cards of its
suit, suit length, the Q♠ and high spades, position and trick, moon danger, and whether it
is the rules player's own card, so that the weights say where to deviate from it) and
plays the best group's lowest card. The weights are a conditional logit fitted to
`normal`'s choices (`scripts/fit_play.py`); with ``SearchConfig.playout_model`` the search
plays the other seats in its playouts by it. It reads only what the seat to play may know:
its own hand and the public play.
"""

from __future__ import annotations

from array import array
from functools import lru_cache

from hearts.engine.cards import iter_bits

from .moon import (STRONG_DEFENCE, best_line, defend_policy, early_alarm, moon_holders,
                   shoot_play)
from .policy import moon_threat, play_policy, play_with_reason
from .sim import (AS, AS_BIT, FULL, KS, KS_BIT, QS, QS_BIT, SimState, alike_groups, native,
                  searched_as, seat_results)

N_FEATURES = 52
# a play is a lead, a card that follows suit or a discard: each has its own weights
CONTEXTS = 3

# The weights of `features` for a lead, a card that follows and a discard (52 each), fitted
# by `scripts/fit_play.py` (times 100, rounded) to `normal`'s 23,061 plays with a choice in
# 680 deals among four `normal`s. On 6,788 plays of 200 other deals the model plays as
# `normal` did in 67.7% of them, the rules player in 59.6% (docs/bots.md).
PLAY_WEIGHTS: tuple[int, ...] = (
    27, 0, 0, 0, 0, -8, 0, -2, 5, -24, 56, -120, -180, 155, 53, 0, 0, 0, 5, 0, 0, 0, 0, 0,
    2, 26, 0, -22, 4, -29, 0, 0, -17, -9, 53, -36, -14, -67, -20, -3, 54, 0, 8, 0, 0, 0, 3,
    -2, 19, -1, 0, 7,
    102, -73, 21, -49, 21, -6, -15, -34, 22, 0, 0, -78, -34, 15, 0, 0, 0, 0, 0, 23, 59, 13,
    -212, -14, -7, 0, 126, -1, 126, 0, -60, 0, 0, 0, 0, 0, 0, 0, -2, 24, 38, 0, 87, 0, -18,
    130, 0, 0, 0, 6, 17, -24,
    113, 0, 0, 0, 5, 0, 3, -26, 36, -59, 0, 77, 97, -4, 0, 0, 3, 0, 0, 0, 0, 0, 14, 0, -7,
    0, 0, -42, 31, 0, 65, 0, 8, 5, 3, -22, -56, -136, -3, 7, 58, 0, 18, 0, -26, 44, -6, 0,
    0, 2, 0, 9,
)


def groups(st: SimState, legal: int) -> list[int]:
    """The lowest card of each group of ``legal`` cards that play alike for the seat to play
    (one suit, the same points, no card between them unseen by it or in the trick), from the
    lowest: as `search.candidates` groups them."""
    hand = st.hands[st.turn]
    apart = (FULL & ~st.played & ~hand) | st.trick_mask
    return alike_groups(iter_bits(legal), apart, st.sr.value)


def features(st: SimState, c: int, rules: int, threat: int, alarm: int) -> list[int]:
    """The features of playing card ``c`` (a group's lowest) for the seat to play in ``st``;
    ``rules`` is the rules player's group card, ``threat`` and ``alarm`` the seats the moon
    alarms name (`moon.early_alarm`, `policy.moon_threat`; -1 for none)."""
    me = st.turn
    hand = st.hands[me]
    sr = st.sr
    value = sr.value
    s, rank = divmod(c, 13)
    suit = 0x1FFF << (13 * s)
    out = FULL & ~st.played & ~hand
    out_s = out & suit
    mine = hand & suit
    higher = (out_s >> c).bit_count()
    lower = (out_s & ((1 << c) - 1)).bit_count()
    pos = len(st.trick)
    lead = pos == 0
    tv = 0
    for t in st.trick:
        tv += value[t]
    follow = not lead and s == st.led
    discard = not lead and not follow
    win = lead or (follow and rank > st.best)
    last = pos == 3
    # could still be overtaken: an unseen card of the suit over it, and a seat still to play
    beatable = win and not last and higher > 0
    qs_out = bool(out & QS_BIT)
    v = value[c]
    early = st.ntricks < 4
    f = [0] * N_FEATURES
    f[0] = c == rules
    f[1] = win and not lead
    f[2] = beatable and not lead
    f[3] = tv if win and not lead else 0            # the trick's points taken
    f[4] = v if not win else 0                       # points given away
    f[5] = v if win else 0                           # own points kept in a trick it wins
    f[6] = rank
    f[7] = min(higher, 6)
    f[8] = min(lower, 6)
    f[9] = mine.bit_count()
    f[10] = mine.bit_count() == 1                    # makes a void
    f[11] = c == QS
    f[12] = c in (AS, KS) and qs_out
    f[13] = s == 3 and rank < 10 and qs_out
    f[14] = lead and s == 2
    f[15] = discard
    f[16] = rank if discard else 0
    f[17] = rank if lead else 0
    f[18] = min(lower, 6) if lead else 0
    f[19] = rank if follow and not win else 0        # how high it ducks
    f[20] = pos if win and not lead else 0
    f[21] = threat >= 0 and win and not lead
    f[22] = threat >= 0 and v > 0 and st.winner == threat and not win
    f[23] = st.ntricks if win else 0
    f[24] = rank if early else 0
    f[25] = sum(1 for o in range(4) if o != me and st.voids[o] >> s & 1) if lead else 0
    f[26] = win and not lead and tv == 0 and v == 0  # a clean trick taken
    f[27] = c == mine.bit_length() - 1 and mine.bit_count() > 1
    f[28] = higher == 0 and out_s != 0               # a winner of its suit
    f[29] = lead and out_s == 0                      # nobody else holds the suit
    f[30] = threat >= 0 and v > 0 and st.winner != threat and not win and not lead
    f[31] = (13 - st.ntricks) if discard else 0
    f[32 + s] = 1                                    # the suit
    f[36] = s == 3 and bool(hand & QS_BIT)
    f[37] = s == 3 and qs_out and not hand & QS_BIT and bool(hand & (AS_BIT | KS_BIT))
    f[38] = rank if s == 2 else 0
    f[39] = min(higher, 6) if s == 2 else 0
    f[40] = early and f[27]
    f[41] = 13 - st.ntricks
    # the seats still to play to the trick that may hold its suit (none shown void)
    f[42] = sum(1 for k in range(1, 4 - pos) if not st.voids[(me + k) & 3] >> s & 1) \
        if higher else 0
    f[43] = tv
    f[44] = rank if threat >= 0 and st.winner == threat and not win else 0
    f[45] = alarm >= 0 and v > 0 and not win
    f[46] = min(out_s.bit_count(), 10)
    f[47] = min(higher, 6) if lead else 0
    f[48] = lead and lower == 0 and out_s != 0     # no card out under it
    f[49] = rank if st.ntricks >= 8 else 0
    f[50] = win and last
    f[51] = v > 0
    return f


def context(st: SimState, legal: int) -> int:
    """Which weights a play uses: 0 a lead, 1 following suit, 2 a discard."""
    if not st.trick:
        return 0
    return 1 if legal >> (13 * st.led) & 0x1FFF else 2


def scores(st: SimState, legal: int, weights: tuple[int, ...]) -> dict[int, int]:
    """Each group's score (weights times features) for the seat to play."""
    reps = groups(st, legal)
    k = context(st, legal) * N_FEATURES
    weights = weights[k:k + N_FEATURES]
    rules = searched_as(reps, play_with_reason(st, legal)[0])
    threat = early_alarm(st, st.turn)
    alarm = moon_threat(st, st.turn)
    out = {}
    for c in reps:
        total = 0
        for w, x in zip(weights, features(st, c, rules, threat, alarm)):
            total += w * x
        out[c] = total
    return out


def shortfall(st: SimState, legal: int, card: int,
              weights: tuple[int, ...] = PLAY_WEIGHTS) -> int:
    """How far the group of ``card`` (legal for the seat to play) scores below the best
    group: 100 times the log of the model's chance of the best group over that of ``card``'s
    (the scores are logits times 100); 0 where ``card`` is the model's own choice."""
    by_group = scores(st, legal, weights)
    return max(by_group.values()) - by_group[searched_as(by_group, card)]


def model_card(st: SimState, legal: int, weights: tuple[int, ...] = PLAY_WEIGHTS) -> int:
    """The card the model plays from ``legal`` (a mask): the best-scored group's lowest card,
    the lowest group among equals."""
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    best, best_score = -1, 0
    for c, score in scores(st, legal, weights).items():
        if best < 0 or score > best_score:
            best, best_score = c, score
    return best


def model_playout(st: SimState, me: int, shooters: int, weights: tuple[int, ...],
                  model_me: bool = False) -> SimState:
    """Play ``st`` to its end as `policy.rules_playout` (``shooters`` < 0) or
    `moon.moon_playout` do, but with the other seats (and ``me`` too with ``model_me``,
    outside the moon playouts) playing `model_card` wherever they neither shoot nor defend
    a moon; returns ``st``."""
    moon = shooters >= 0
    while st.ntricks < 13:
        if moon and not st.trick and moon_holders(st) > 1:
            moon = False
        legal = st.legal()
        turn = st.turn
        if legal & (legal - 1) == 0:
            card = legal.bit_length() - 1
        elif moon and shooters >> turn & 1:
            card = shoot_play(st, legal)
        elif moon and (turn == me or shooters & STRONG_DEFENCE):
            card = defend_policy(st, legal)
        elif turn == me and not model_me:
            card = play_policy(st, legal)
        else:
            card = model_card(st, legal, weights)
        st.play(card)
    return st


def model_cards(world: SimState, cards: list[int], me: int, shooters: int = -1,
                hidden: list[int] | None = None, moon_weight: float = 1.0, own: bool = False,
                weights: tuple[int, ...] = PLAY_WEIGHTS, model_me: bool = False) -> list[float]:
    """`moon.score_cards` with the other seats playing `model_card` (`model_playout`; with
    ``own``, ``me`` playing its best line against them). In C where it is built."""
    if native is not None:
        answer = native.model_cards(world, cards, me, shooters, hidden,
                                    moon_weight if own else -1.0, model_me, packed(weights))
        return seat_results(world.sr, answer, world.totals, me, moon_weight)
    return model_cards_py(world, cards, me, shooters, hidden, moon_weight, own, weights,
                          model_me)


@lru_cache(maxsize=8)
def packed(weights: tuple[int, ...]) -> bytes:
    """``weights`` as the C playouts read them (native ints)."""
    if len(weights) != N_FEATURES * CONTEXTS:
        raise ValueError(f"{N_FEATURES * CONTEXTS} weights, not {len(weights)}")
    return array("i", weights).tobytes()


def model_cards_py(world: SimState, cards: list[int], me: int, shooters: int = -1,
                   hidden: list[int] | None = None, moon_weight: float = 1.0,
                   own: bool = False, weights: tuple[int, ...] = PLAY_WEIGHTS,
                   model_me: bool = False) -> list[float]:
    """`model_cards` in Python (the reference the C one is tested against)."""
    if hidden is not None:
        world = world.copy()
        world.hands = list(hidden)

    def other(st: SimState, legal: int) -> int:
        return model_card(st, legal, weights)

    out = []
    for c in cards:
        st = world.copy()
        st.play(c)
        if own:
            st = best_line(st, shooters, me, moon_weight, other)
        else:
            model_playout(st, me, shooters, weights, model_me)
        out.append(st.weighed_points(me, moon_weight))
    return out


__all__ = ["N_FEATURES", "CONTEXTS", "context", "PLAY_WEIGHTS", "groups",
           "features", "scores", "shortfall", "model_card", "model_playout", "model_cards",
           "model_cards_py", "packed"]
