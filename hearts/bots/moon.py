"""Shooting the moon on card masks: when a hand can run, how to run it, and how to see one coming.

`moon_plausible` judges a seat's cards (its own hand, or a sampled world's),
`shoot_play` plays a moon attempt (the `shooter` bot, and the playout opponents
whose sampled cards make one plausible), `early_alarm` is the graded moon alarm of
the search bot's playouts, and `MoonPlayout` plays a sampled world to its end
with those opponents shooting.
"""

from __future__ import annotations

from typing import Callable

from hearts.engine.cards import HEARTS, HEARTS_MASK, SPADES, SUIT_MASK, iter_bits

from .policy import moonless_policy, play_policy, play_with_reason, rules_playout_py
from .sim import FULL, QS, QS_BIT, SimRules, SimState, native, seat_results

_SUIT_MASKS = tuple(SUIT_MASK)


def suit_losers(mine: int, others: int) -> int:
    """Tricks a hand loses in one suit if it plays its top card each round and the others
    follow low (``mine`` and ``others`` are rank masks of the suit, 13 bits)."""
    losers = 0
    while mine:
        top = mine.bit_length() - 1
        if others and others.bit_length() - 1 > top:
            losers += 1
            mine &= mine - 1                        # give up the lowest card
            others ^= 1 << (others.bit_length() - 1)  # to their best
            others &= others - 1
            others &= others - 1
        else:
            mine ^= 1 << top
            others &= others - 1
            others &= others - 1
            others &= others - 1
    return losers


def hand_losers(hand: int, out: int) -> tuple[int, int]:
    """(tricks the hand may lose, of them in hearts or to the Q♠) against the cards ``out``."""
    losers = 0
    fatal = 0
    for s in range(4):
        mine = (hand >> (13 * s)) & 0x1FFF
        others = (out >> (13 * s)) & 0x1FFF
        if not mine:
            if s == HEARTS and others:
                fatal += 1                      # hearts led by others cannot be won
            continue
        n = suit_losers(mine, others)
        losers += n
        if n and (s == HEARTS or (s == SPADES and out & QS_BIT)):
            fatal += n
    return losers, fatal


def moon_holders(st: SimState) -> int:
    """How many seats have taken moon cards (past one, nobody can shoot this hand)."""
    mc = st.sr.moon_cards
    return sum(1 for t in st.taken if t & mc)


def moon_open(st: SimState, seat: int) -> bool:
    """No seat but ``seat`` has taken a moon card."""
    mc = st.sr.moon_cards
    taken = st.taken
    for s in range(4):
        if s != seat and taken[s] & mc:
            return False
    return True


def moon_plausible(st: SimState, seat: int, risk: int = 4) -> bool:
    """Whether ``seat``'s cards in ``st`` make a moon worth trying now.

    Nobody else has taken a moon card, and the hand's losers (`hand_losers`, the
    ones in hearts or under the Q♠ counted twice) are at most ``risk``. Against the rules player, a full hand at
    risk 4 moons about half the time it tries, at 5 about a third.
    """
    if not st.sr.moon_on or not moon_open(st, seat):
        return False
    hand = st.hands[seat]
    losers, fatal = hand_losers(hand, FULL & ~st.played & ~hand)
    return losers + fatal <= risk


def shoot_play(st: SimState, legal: int) -> int:
    """A card for a seat trying to take every moon card (the rules player once it cannot)."""
    if legal & (legal - 1) == 0:
        return (legal & -legal).bit_length() - 1
    me = st.turn
    if not moon_open(st, me):
        return play_policy(st, legal)
    hand = st.hands[me]
    out = FULL & ~st.played & ~hand
    trick = st.trick
    if not trick:
        return _shoot_lead(st, legal, out)
    led = st.led
    follow = legal & _SUIT_MASKS[led]
    if follow:
        best = led * 13 + st.best
        above = follow & ~((1 << (best + 1)) - 1)
        if not above:
            return (follow & -follow).bit_length() - 1
        if len(trick) == 3:
            return (above & -above).bit_length() - 1
        return above.bit_length() - 1
    # void: throw a low card of the weakest other suit, never a moon card
    keep = legal & ~st.sr.moon_cards or legal
    best_card, best_key = -1, None
    for s in range(4):
        m = keep & _SUIT_MASKS[s]
        if not m:
            continue
        low = (m & -m).bit_length() - 1
        out_s = out & _SUIT_MASKS[s]
        key = (bool(out_s) and out_s.bit_length() > m.bit_length(), -(m.bit_count()), -low)
        if best_key is None or key > best_key:
            best_card, best_key = low, key
    return best_card


def _shoot_lead(st: SimState, legal: int, out: int) -> int:
    # a sure winner first, from the suit the others hold most of; else a low card of a
    # long plain suit (an early lost trick rarely carries points)
    best, best_key = -1, None
    for s in range(4):
        m = legal & _SUIT_MASKS[s]
        if not m:
            continue
        top = m.bit_length() - 1
        out_s = out & _SUIT_MASKS[s]
        if not out_s or out_s.bit_length() - 1 < top:
            key = (out_s.bit_count(), m.bit_count())
            if best_key is None or key > best_key:
                best, best_key = top, key
    if best >= 0:
        return best
    plain = legal & ~HEARTS_MASK & ~QS_BIT
    if plain:
        best_suit, n_best = -1, -1
        for s in range(4):
            n = (out & _SUIT_MASKS[s]).bit_count() if plain & _SUIT_MASKS[s] else -1
            if n > n_best:
                best_suit, n_best = s, n
        m = plain & _SUIT_MASKS[best_suit]
        return (m & -m).bit_length() - 1
    return legal.bit_length() - 1


def early_alarm(st: SimState, me: int) -> int:
    """The graded moon alarm: the one seat holding every moon card taken so far, as soon as
    it has two hearts, or a heart or the Q♠ with three tricks or with each other (-1 if
    none). It fires on every hand `moon_threat` fires on, and earlier; the Q♠ alone, the
    usual dump, does not."""
    sr = st.sr
    if not sr.moon_on:
        return -1
    mc = sr.moon_cards
    shooter = -1
    t = 0
    for s in range(4):
        ts = st.taken[s] & mc
        if ts:
            if shooter >= 0:
                return -1
            shooter, t = s, ts
    if shooter < 0 or shooter == me:
        return -1
    hearts = (t & HEARTS_MASK).bit_count()
    if hearts >= 2 or (hearts or t & QS_BIT) and (st.won[shooter] >= 3 or t & QS_BIT and hearts):
        return shooter
    return -1


def defend_policy(st: SimState, legal: int) -> int:
    """The rules player with the early moon alarm, keeping its stoppers."""
    return play_with_reason(st, legal, early_alarm, keep_stoppers=True)[0]


def shooters_in(st: SimState, seats: tuple[int, ...], risk: int = 4) -> int:
    """Bit mask of ``seats`` whose cards in this world make a moon plausible."""
    mask = 0
    for s in seats:
        if moon_plausible(st, s, risk):
            mask |= 1 << s
    return mask


# a bit of the shooters mask (above the four seats'): the seats that are not shooting all
# defend as ``me`` does (`defend_policy`), not only ``me``
STRONG_DEFENCE = 16


def moon_playout(st: SimState, shooters: int, me: int) -> SimState:
    """Play ``st`` to its end: seats in the ``shooters`` mask try for the moon while it is
    open, ``me`` plays the rules player with the early alarm (as its search defends), the
    others the rules player (or as ``me`` with `STRONG_DEFENCE` in the mask). In C where it is
    built (`sim.native`), else `moon_playout_py`."""
    if native is not None:
        return native.moon_playout(st, shooters, me)
    return moon_playout_py(st, shooters, me)


def moon_playout_py(st: SimState, shooters: int, me: int) -> SimState:
    """`moon_playout` in Python (the reference the C one is tested against)."""
    strong = shooters & STRONG_DEFENCE
    while st.ntricks < 13:
        if not st.trick and moon_holders(st) > 1:
            break           # no moon this hand: the plain rules player from here
        legal = st.legal()
        turn = st.turn
        if shooters >> turn & 1:
            st.play(shoot_play(st, legal))
        elif turn == me or strong:
            st.play(defend_policy(st, legal))
        else:
            st.play(play_policy(st, legal))
    while st.ntricks < 13:
        st.play(moonless_policy(st, st.legal()))
    return st


def line_score(st: SimState, me: int, moon_weight: float = 1.0) -> float:
    """How `best_line` ranks a finished hand for ``me``: the worth of the cards it took; a
    moon counts the moon cards' worth, ``moon_weight`` times against it, taken off for its
    own (a guide to the line: the hand is then scored in full)."""
    sr = st.sr
    value = sr.value
    mc = sr.moon_cards
    if sr.moon_on:
        for s in range(4):
            if st.taken[s] & mc == mc:
                worth = float(sum(value[c] for c in iter_bits(mc)))
                return -worth if s == me else worth * moon_weight
    return float(sum(value[c] for c in iter_bits(st.taken[me])))


def _plays_as_under(st: SimState, legal: int, c: int) -> bool:
    """Whether card ``c`` plays as the card under it in ``legal`` (no card out between them,
    the same worth): of cards that play alike only the lowest is tried."""
    under = (_SUIT_MASKS[c // 13] & ((1 << c) - 1) & ~st.played).bit_length() - 1
    return under >= 0 and bool(legal >> under & 1) and st.sr.value[under] == st.sr.value[c]


def best_line(st: SimState, shooters: int, me: int, moon_weight: float = 1.0,
              other: Callable[[SimState, int], int] | None = None) -> SimState:
    """``st`` played to its end with every card ``me`` may play tried in turn (one of cards
    that play alike): the end with the least `line_score` (the first found, lower cards
    tried first). The other seats play as in `rules_playout` (``shooters`` < 0) or
    `moon_playout`, or, given ``other(state, legal)``, by it where they neither shoot nor
    defend a moon. Every hand is seen, so this is ``me`` at its best in this world, for the
    last tricks of a hand."""
    return _best_line(st.copy(), shooters, me, moon_weight, other)[1]


def moon_seat(st: SimState, shooters: int, seat: int) -> bool:
    """Whether ``seat`` plays by the moon model in a moon playout (``shooters`` >= 0) now:
    it shoots, or every seat defends (`STRONG_DEFENCE`), and no two seats hold moon cards."""
    if shooters < 0 or not (shooters >> seat & 1 or shooters & STRONG_DEFENCE):
        return False
    return moon_holders(st) <= 1


def _best_line(st: SimState, shooters: int, me: int, moon_weight: float,
               other: Callable[[SimState, int], int] | None = None) -> tuple[float, SimState]:
    while st.ntricks < 13:
        legal = st.legal()
        turn = st.turn
        if legal & (legal - 1) == 0:
            card = legal.bit_length() - 1
        elif turn == me:
            best: tuple[float, SimState] | None = None
            for c in iter_bits(legal):
                if _plays_as_under(st, legal, c):
                    continue
                line = st.copy()
                line.play(c)
                found = _best_line(line, shooters, me, moon_weight, other)
                if best is None or found[0] < best[0]:
                    best = found
            assert best is not None
            return best
        elif other is not None and not moon_seat(st, shooters, turn):
            card = other(st, legal)
        elif shooters < 0:
            card = play_policy(st, legal)
        elif moon_holders(st) > 1:
            card = moonless_policy(st, legal)
        elif shooters >> turn & 1:
            card = shoot_play(st, legal)
        elif shooters & STRONG_DEFENCE:
            card = defend_policy(st, legal)
        else:
            card = play_policy(st, legal)
        st.play(card)
    return line_score(st, me, moon_weight), st


def score_cards(world: SimState, cards: list[int], me: int, shooters: int = -1,
                hidden: list[int] | None = None, moon_weight: float = 1.0,
                own: bool = False, replies: int = 0) -> list[float]:
    """``me``'s points after each of ``cards`` is played in ``world`` (with the hands
    ``hidden`` if given) and the hand played out: by the rules player (``shooters`` < 0,
    `rules_playout`) or with the ``shooters`` mask trying for the moon (`moon_playout`); with
    ``own``, ``me`` plays its best line (`best_line`) instead of its policy; the other seats
    answer as `reply_card` for the rest of the trick (``replies`` 1) or until ``me`` is to
    play again (2). A moon by another seat counts ``moon_weight`` times. One call to C for
    them all where it is built."""
    if native is not None:
        # a weight given to C (>= 0) asks for the best lines
        answer = native.score_cards(world, cards, me, shooters, hidden,
                                    moon_weight if own else -1.0, replies)
        return seat_results(world.sr, answer, world.totals, me, moon_weight)
    return score_cards_py(world, cards, me, shooters, hidden, moon_weight, own, replies)


def score_cards_py(world: SimState, cards: list[int], me: int, shooters: int = -1,
                   hidden: list[int] | None = None, moon_weight: float = 1.0,
                   own: bool = False, replies: int = 0) -> list[float]:
    """`score_cards` in Python (the reference the C one is tested against)."""
    if hidden is not None:
        world = world.copy()
        world.hands = list(hidden)
    out = []
    for c in cards:
        st = world.copy()
        st.play(c)
        while replies and st.ntricks < 13 and st.turn != me and (st.trick or replies > 1):
            st.play(reply_card(st, shooters, me))
        if own:
            st = best_line(st, shooters, me, moon_weight)
        elif shooters < 0:
            rules_playout_py(st)
        else:
            moon_playout_py(st, shooters, me)
        out.append(st.weighed_points(me, moon_weight))
    return out


def _policy_card(st: SimState, legal: int, shooters: int, me: int) -> int:
    """The card the playouts (`rules_playout_py`, ``shooters`` < 0, or `moon_playout_py`)
    play next in ``st``."""
    if moon_holders(st) > 1:
        return moonless_policy(st, legal)
    turn = st.turn
    if shooters < 0:
        return play_policy(st, legal)
    if shooters >> turn & 1:
        return shoot_play(st, legal)
    if turn == me or shooters & STRONG_DEFENCE:
        return defend_policy(st, legal)
    return play_policy(st, legal)


def reply_card(st: SimState, shooters: int, me: int) -> int:
    """The card of the seat to play (not ``me``) that leaves it the fewest points
    (`line_score`) when each card it may play (one of cards that play alike) is played out
    in this world as `score_cards` plays out; the playouts' own card unless another is
    better. A reply that sees every hand: the seats after ``me`` answer its card as well as
    the cards allow, where the rules player would duck or dump by its own cards alone."""
    legal = st.legal()
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    turn = st.turn

    def played_out(c: int) -> float:
        t = st.copy()
        t.play(c)
        if shooters < 0:
            rules_playout_py(t)
        else:
            moon_playout_py(t, shooters, me)
        return line_score(t, turn)

    card = _policy_card(st, legal, shooters, me)
    best = played_out(card)
    for c in iter_bits(legal):
        if c == card or _plays_as_under(st, legal, c):
            continue
        v = played_out(c)
        if v < best:
            best, card = v, c
    return card


def shoot_pass(sr: SimRules, hand: int, count: int) -> list[int]:
    """The pass of a hand going for the moon: its lowest cards outside hearts, shortest
    suits first (keeps the winners and the hearts)."""
    counts = [(hand & _SUIT_MASKS[s]).bit_count() for s in range(4)]
    order = sorted((c for c in range(52) if hand >> c & 1),
                   key=lambda c: (c // 13 == HEARTS or c == QS, c % 13, counts[c // 13]))
    return sorted(order[:count])


def pass_keeps_moon(sr: SimRules, hand: int, count: int, risk: int = 5) -> bool:
    """Whether the hand, after `shoot_pass`, could run (with nothing known of what comes in)."""
    if not sr.moon_on:
        return False
    kept = hand
    for c in shoot_pass(sr, hand, count):
        kept ^= 1 << c
    losers, fatal = hand_losers(kept, FULL & ~kept)
    return losers + fatal <= risk


__all__ = ["STRONG_DEFENCE", "suit_losers", "hand_losers", "moon_holders", "moon_open",
           "moon_plausible", "shoot_play", "early_alarm", "defend_policy", "shooters_in", "moon_playout",
           "moon_playout_py", "line_score", "best_line", "moon_seat", "reply_card",
           "score_cards", "score_cards_py", "shoot_pass", "pass_keeps_moon"]
