"""The hand-written Hearts player on card masks: the rules bot and the search bot's playouts.

`play_policy(state, legal)` picks a card for the seat to play in a `SimState`
using only what that seat may know: its own hand and the public play (cards
played, tricks taken, voids shown). `pass_policy` picks the cards to pass.
Each decision also has a short reason code (see `REASONS`) for hints.
"""

from __future__ import annotations

from typing import Callable

from hearts.engine.cards import DIAMONDS, HEARTS, HEARTS_MASK, SPADES, SUIT_MASK, iter_bits
from hearts.i18n import T_, Text

from .sim import AS, AS_BIT, FULL, JD, JD_BIT, KS, KS_BIT, QS, QS_BIT, SimRules, SimState, native

_HEARTS_MASK = HEARTS_MASK
_SPADES_MASK = SUIT_MASK[SPADES]
_DIAMONDS_MASK = SUIT_MASK[DIAMONDS]

REASONS: dict[str, Text] = {
    "only": T_("the only card you may play"),
    "dump-queen": T_("drop the queen on a trick someone else wins"),
    "duck": T_("play under the winning card so you do not take the trick"),
    "duck-spade": T_("stay under the Q♠ while it is still out"),
    "win-clean": T_("no points in this trick yet: get rid of a high card while it is safe"),
    "win-low": T_("you cannot play under the winning card; play low and hope someone goes "
                  "over you"),
    "win-last": T_("you take this trick anyway; throw your most dangerous card into it"),
    "win-jack": T_("take the jack: it is worth -10 to whoever wins it"),
    "discard": T_("you cannot follow suit; throw away your most dangerous card"),
    "discard-safe": T_("you cannot follow suit; keep points off the player going for the moon"),
    "block-moon": T_("take a point yourself to stop the moon"),
    "moon": T_("you are going for the moon: take every trick with points"),
    "lead-low": T_("lead a low card that someone else should have to win"),
    "lead-high": T_("lead a high card early, while nobody can throw points on it"),
    "lead-spade": T_("lead a low spade to flush out the Q♠"),
    "lead-safe": T_("lead the suit least likely to hand you points"),
    "lead-forced": T_("every lead is risky; this one costs least"),
}


def _rank(c: int) -> int:
    return c % 13


def _top(mask: int) -> int:
    return mask.bit_length() - 1


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def moon_threat(st: SimState, me: int) -> int:
    """An opponent who may be shooting the moon (-1 if none).

    That seat has taken every moon card taken so far, and a good share of them.
    """
    sr = st.sr
    if not sr.moon_on:
        return -1
    mc = sr.moon_cards
    taken = st.taken
    shooter = -1
    for s in range(4):
        if taken[s] & mc:
            if shooter >= 0:
                return -1
            shooter = s
    if shooter < 0 or shooter == me:
        return -1
    t = taken[shooter] & mc
    hearts = (t & _HEARTS_MASK).bit_count()
    if hearts >= 4 or (t & QS_BIT and hearts >= 2) or hearts >= 2 and st.ntricks >= 7:
        return shooter
    return -1


def shooting(st: SimState, me: int, hand: int, out: int) -> bool:
    """Whether ``me`` should go on trying to take every moon card."""
    sr = st.sr
    if not sr.moon_on:
        return False
    mc = sr.moon_cards
    taken = st.taken
    for s in range(4):
        if s != me and taken[s] & mc:
            return False
    mine = taken[me] & mc
    out_hearts = out & _HEARTS_MASK
    my_hearts = hand & _HEARTS_MASK
    if not mine and (my_hearts.bit_count() < 7 or out_hearts & (0x1C00 << 26)):
        return False    # not started, and the hand is not strong enough to start (below)
    if out_hearts and _top(my_hearts) < _top(out_hearts):
        return False
    if out & QS_BIT and not hand & (AS_BIT | KS_BIT | QS_BIT):
        return False
    if out & sr.moon_cards & ~_HEARTS_MASK & ~QS_BIT:
        return False
    # enough sure winners to take the moon cards still out
    losers = 0
    for s in range(4):
        m = hand & SUIT_MASK[s]
        if not m:
            continue
        o = out & SUIT_MASK[s]
        while m and (not o or _top(m) > _top(o)):
            m ^= 1 << _top(m)
        if m and s == HEARTS:
            return False  # a heart that loses hands the moon to someone else
        losers += m.bit_count()
    left = hand.bit_count()
    if losers > (2 if left >= 9 else 1 if left >= 6 else 0) or (out & mc).bit_count() > 3 * left:
        return False
    if not mine:
        # not started yet: only with a very strong hand
        return my_hearts.bit_count() >= 7 and not out_hearts & (0x1C00 << 26)
    return (mine & _HEARTS_MASK).bit_count() >= 3 or bool(mine & QS_BIT and mine & _HEARTS_MASK)


def play_policy(st: SimState, legal: int) -> int:
    """The card index the rules player plays from ``legal`` (a mask) in ``st``."""
    return play_with_reason(st, legal)[0]


def moonless_policy(st: SimState, legal: int) -> int:
    """`play_policy` once two seats have taken moon cards (nobody can shoot: no moon checks)."""
    return play_with_reason(st, legal, None)[0]


def rules_playout(st: SimState) -> SimState:
    """Play ``st`` to its end with the rules player for every seat; returns ``st``.

    The same plays as `playout(st, play_policy)`, sooner: in C where it is built
    (`sim.native`), else `rules_playout_py`.
    """
    if native is not None:
        return native.rules_playout(st)
    return rules_playout_py(st)


def rules_playout_py(st: SimState) -> SimState:
    """`rules_playout` in Python (the reference the C one is tested against): a lone legal
    card is played without asking, and once two seats hold moon cards the moon checks are
    dropped."""
    mc = st.sr.moon_cards
    policy = play_policy
    while st.ntricks < 13:
        if not st.trick and policy is play_policy:
            t = st.taken
            if (t[0] & mc and 1) + (t[1] & mc and 1) + (t[2] & mc and 1) + (t[3] & mc and 1) > 1:
                policy = moonless_policy
        legal = st.legal()
        if legal & (legal - 1):
            st.play(policy(st, legal))
        else:
            st.play(legal.bit_length() - 1)
    return st


def play_with_reason(st: SimState, legal: int,
                     alarm: Callable[[SimState, int], int] | None = moon_threat,
                     keep_stoppers: bool = False) -> tuple[int, str]:
    """`play_policy` with a reason code; ``alarm(state, me)`` names a seat to stop shooting
    (``None`` once nobody can shoot the moon this hand: the same choice, sooner). With
    ``keep_stoppers`` a seat that cannot follow while that seat wins the trick throws its
    lowest card (without points if it has one), not its highest: the high ones may take a
    trick from the shooter later."""
    if legal & (legal - 1) == 0:
        return _low(legal), "only"
    me = st.turn
    sr = st.sr
    hand = st.hands[me]
    out = FULL & ~st.played & ~hand
    trick = st.trick
    live = alarm is not None
    threat = alarm(st, me) if alarm is not None else -1
    if not trick:
        return _lead(st, sr, me, hand, legal, out, threat, live)
    value = sr.value
    tv = 0
    for c in trick:
        tv += value[c]
    led = st.led
    if legal & SUIT_MASK[led]:
        return _follow(st, sr, me, hand, legal, out, tv, led, threat, live)
    return _discard(st, sr, me, hand, legal, out, tv, threat, live, keep_stoppers)


def _follow(st: SimState, sr: SimRules, me: int, hand: int, legal: int, out: int, tv: int,
            led: int, threat: int, live: bool) -> tuple[int, str]:
    value = sr.value
    last = len(st.trick) == 3
    best_card = led * 13 + st.best
    above = legal & ~((1 << (best_card + 1)) - 1)
    below = legal & ((1 << best_card) - 1)
    if live and shooting(st, me, hand, out):
        if above:
            return (_low(above) if last else _top(above)), "moon"
        return _low(legal), "duck"
    if threat >= 0:
        pc = sr.point_cards
        if st.winner == threat:
            # take the trick from the shooter if it holds or may draw points; never feed it
            if above and (tv > 0 or led == HEARTS or not last):
                cand = above & ~QS_BIT or above
                return (_low(cand) if last else _top(cand)), "block-moon"
            if not above:
                clean = legal & ~pc
                return _low(clean or legal), "block-moon"
        elif below & pc and (last or tv > 0):
            # someone else wins: give them a point, which ends the moon
            return _top(below & pc), "block-moon"
    qs_live = not st.played & QS_BIT
    if led == SPADES and qs_live:
        if legal & QS_BIT:
            if st.best > 10:
                return QS, "dump-queen"
            safe = below & ~QS_BIT
            if safe:
                return _top(safe), "duck-spade"
            rest = legal & ~QS_BIT
            if rest:
                return (_top(rest) if last else _low(rest)), ("win-last" if last else "win-low")
            return QS, "only"
        if out & QS_BIT and legal & (AS_BIT | KS_BIT):
            under = legal & ~(AS_BIT | KS_BIT)
            if under:
                if below & under:
                    return _top(below & under), "duck-spade"
                return _top(under), "duck-spade"
            if last and not st.trick_mask & QS_BIT:
                return _top(legal), "win-last"
            return _low(legal), "win-low"
    jd = sr.jd_value
    if jd < 0 and led == 1:
        # Omnibus: win the J♦ when it is cheap and safe
        higher_out = out & _DIAMONDS_MASK & ~((1 << (JD + 1)) - 1)
        if legal & JD_BIT and st.best < 9 and tv + jd < 0 and (last or not higher_out):
            return JD, "win-jack"
        if st.trick_mask & JD_BIT and above and tv < 0:
            if last:
                return _low(above & ~JD_BIT or above), "win-jack"
            top = _top(above)
            if not out & _DIAMONDS_MASK & ~((1 << (top + 1)) - 1):
                return top, "win-jack"
    if below:
        keep = below & ~JD_BIT if jd < 0 else below
        return _top(keep or below), "duck"
    # every card wins the trick for now
    if last:
        best, best_key = -1, None
        for c in iter_bits(legal):
            key = (value[c], -c)
            if best_key is None or key < best_key:
                best, best_key = c, key
        if tv > 0 or value[best] > 0:
            return best, "win-last"
        return best, "win-clean"
    if tv > 0 or led == HEARTS:
        return _low(legal), "win-low"
    clean = legal & ~sr.point_cards
    if clean:
        return _top(clean), "win-clean"
    return _low(legal), "win-low"


def _discard(st: SimState, sr: SimRules, me: int, hand: int, legal: int, out: int,
             tv: int, threat: int, live: bool, keep_stoppers: bool = False) -> tuple[int, str]:
    if live and shooting(st, me, hand, out):
        clean = legal & ~sr.moon_cards
        return _low(clean or legal), "moon"
    qs_out = bool(out & QS_BIT)
    cands = legal
    reason = "discard"
    if threat >= 0:
        if st.winner == threat:
            clean = legal & ~sr.point_cards
            if clean:
                cands, reason = clean, "discard-safe"
            if keep_stoppers:
                low = min(iter_bits(cands), key=lambda c: (c % 13, -c))
                return low, reason
        else:
            pts = legal & sr.penalty
            if pts:
                cands, reason = pts, "block-moon"
    if cands & QS_BIT:
        return QS, "dump-queen"
    # the most dangerous card to keep: the A♠/K♠ while the Q♠ may come, then points, then
    # high cards (of short suits first); a card worth less than nothing is kept
    value = sr.value
    best, best_score = -1, -10**9
    m = cands
    while m:
        bit = m & -m
        m ^= bit
        c = bit.bit_length() - 1
        rank = c % 13
        v = value[c]
        if (c == AS or c == KS) and (qs_out or v > 0):
            score = 500 + rank + v
        elif v < 0:
            score = -100
        elif v > 0:
            score = 20 + rank * 2 + v
        else:
            score = rank * 3 + (6 if (hand & SUIT_MASK[c // 13]).bit_count() <= 2 else 0)
        if score > best_score:
            best, best_score = c, score
    return best, reason


def _lead(st: SimState, sr: SimRules, me: int, hand: int, legal: int,
          out: int, threat: int, live: bool) -> tuple[int, str]:
    if live and shooting(st, me, hand, out):
        winners = 0
        for s in range(4):
            mine = legal & SUIT_MASK[s]
            if mine:
                top = _top(mine)
                if not out & SUIT_MASK[s] & ~((1 << (top + 1)) - 1):
                    winners |= 1 << top
        if winners:
            return _top(winners), "moon"
        return _top(legal), "moon"
    if threat >= 0:
        hearts = legal & _HEARTS_MASK
        if hearts and not out & _HEARTS_MASK & ~((1 << (_top(hearts) + 1)) - 1):
            return _top(hearts), "block-moon"
    qs_live = not st.played & QS_BIT
    voids = st.voids
    void_seats = [0, 0, 0, 0]   # per suit: how many other seats have shown they lack it
    for o in range(4):
        if o != me and voids[o]:
            v = voids[o]
            for s in range(4):
                if v >> s & 1:
                    void_seats[s] += 1
    value = sr.value
    best, best_score, best_reason = -1, 0.0, "lead-safe"
    for s in range(4):
        mine = legal & SUIT_MASK[s]
        if not mine:
            continue
        c = (mine & -mine).bit_length() - 1
        out_s = out & SUIT_MASK[s]
        reason = "lead-low"
        if not out_s:
            score = 80.0
            reason = "lead-forced"
        else:
            higher = (out_s >> c).bit_count()
            if not higher:
                score = 60.0 + value[c]
                reason = "lead-forced"
            else:
                lower = (out_s & ((1 << c) - 1)).bit_count()
                score = lower * 4.0 - (higher if higher < 4 else 4)
                if lower:
                    score += 8 * void_seats[s]
                    n_out = lower + higher
                    if n_out < 4:
                        score += (4 - n_out) * 5
        if s == SPADES and qs_live:
            if hand & QS_BIT:
                score += 20
            elif hand & (AS_BIT | KS_BIT):
                score += 10
            elif c < QS:
                score -= 6
                reason = "lead-spade"
        elif s == HEARTS:
            score += 3
        if value[c] > 0:
            score += value[c]
        score += (hand & SUIT_MASK[s]).bit_count() * 0.5
        if best < 0 or score < best_score:
            best, best_score, best_reason = c, score, reason
    if best >= 0 and best_score >= 60:
        best_reason = "lead-forced"
    return best, best_reason


# -- passing ------------------------------------------------------------------------------
def pass_scores(sr: SimRules, hand: int) -> dict[int, float]:
    """How much the rules player wants to pass each card of ``hand`` (higher: pass first)."""
    spades = hand & _SPADES_MASK
    low_spades = (spades & ~(QS_BIT | KS_BIT | AS_BIT)).bit_count()
    has_q = bool(hand & QS_BIT)
    omnibus = sr.jd_value < 0
    scores: dict[int, float] = {}
    counts = [(hand & SUIT_MASK[s]).bit_count() for s in range(4)]
    for c in iter_bits(hand):
        suit, rank = divmod(c, 13)
        v = sr.value[c]
        if c == QS:
            score = 100.0 if low_spades <= 3 else 5.0
        elif c in (AS, KS):
            if has_q and low_spades > 3:
                score = 4.0
            else:
                score = 80.0 + rank + v
        elif suit == HEARTS:
            score = (20.0 + rank * 3 + v) if rank >= 7 else rank * 0.5 + v * 0.2
        elif suit == SPADES:
            score = rank * 0.5
        else:
            score = rank * 3.0
            if counts[suit] <= 2:
                score += 15
            if omnibus and suit == 1:
                if c == JD:
                    score = -50.0
                elif rank > 9:
                    score -= 12
        scores[c] = score
    return scores


def moon_hand(sr: SimRules, hand: int) -> bool:
    """A hand strong enough to try for the moon from the pass on."""
    if not sr.moon_on:
        return False
    hearts = (hand >> 26) & 0x1FFF
    top_hearts = (hearts >> 10) == 0b111
    spades_ok = bool(hand & AS_BIT) and bool(hand & (KS_BIT | QS_BIT))
    return top_hearts and hearts.bit_count() >= 7 and spades_ok


def pass_policy(sr: SimRules, hand: int, count: int) -> tuple[list[int], str]:
    """The card indices to pass and a reason code."""
    if moon_hand(sr, hand):
        # keep the high cards; pass the lowest non-hearts
        order = sorted(iter_bits(hand), key=lambda c: (c // 13 == HEARTS, c % 13))
        return sorted(order[:count]), "pass-moon"
    scores = pass_scores(sr, hand)
    order = sorted(scores, key=lambda c: (-scores[c], -c))
    chosen = order[:count]
    return sorted(chosen), pass_reason(chosen)


def pass_reason(chosen: list[int] | tuple[int, ...]) -> str:
    """The reason code of a pass (a key of `PASS_REASONS`)."""
    if QS in chosen:
        return "pass-queen"
    if AS in chosen or KS in chosen:
        return "pass-spades"
    if any(c // 13 == HEARTS for c in chosen):
        return "pass-high"
    return "pass-void"


PASS_REASONS: dict[str, Text] = {
    "pass-moon": T_("a hand to shoot the moon with: keep the high cards, give away low ones"),
    "pass-queen": T_("too few low spades to hide the queen behind"),
    "pass-spades": T_("high spades that could catch the queen"),
    "pass-high": T_("high cards that would win tricks with points"),
    "pass-void": T_("high cards out and a short suit emptied"),
}
