"""Deal the cards a seat cannot see to the other seats, consistent with all it knows.

What a seat knows (all from its `View`): its own hand, every card played, the
voids each seat has shown, the cards it passed (the receiver holds them until
they are played) and two sound inferences: a seat that broke the first-trick
rule's protection (discarded a barred card on trick 1) held only barred cards,
and a seat that led a heart before hearts were broken held only hearts (and
the Q♠ where `lead_hearts_over_queen` allows).
"""

from __future__ import annotations

import random

from hearts.engine import View
from hearts.engine.cards import HEARTS_MASK, SUIT_MASK

from .sim import FULL, QS, QS_BIT, native, sim_rules


class Sampler:
    """Random worlds (the other seats' hands) consistent with a view."""

    def __init__(self, view: View) -> None:
        self.seat = me = view.seat
        sr = sim_rules(view.rules)
        my = 0
        for c in view.hand:
            my |= c.mask
        played = view.played_mask()
        self.out = FULL & ~played & ~my
        allowed = [FULL, FULL, FULL, FULL]
        broken = False
        tricks = [t.plays() for t in view.tricks]
        if view.trick:
            tricks.append(list(view.trick))
        for n, plays in enumerate(tricks):
            lead_seat, lead_card = plays[0]
            if (lead_card.suit == 2 and not broken and not (sr.free and n > 0)
                    and (n > 0 or sr.first_lead == "left-of-dealer")):
                allowed[lead_seat] &= HEARTS_MASK | (QS_BIT if sr.hearts_over_q else 0)
            for seat, card in plays:
                if card.suit != lead_card.suit:
                    allowed[seat] &= ~SUIT_MASK[lead_card.suit]
                    if n == 0 and sr.ft_barred and card.mask & sr.ft_barred:
                        allowed[seat] &= sr.ft_barred
                if card.suit == 2 or (card.index == QS and sr.qbreaks):
                    broken = True
        self.need = list(view.cards_left)
        self.need[me] = 0
        known = [0, 0, 0, 0]
        if view.passed and view.pass_direction != "hold":
            to = view.pass_to
            for c in view.passed:
                if c.mask & self.out:
                    known[to] |= c.mask
        self.known = known
        self.allowed = [a | k for a, k in zip(allowed, known)]
        free = self.out & ~(known[0] | known[1] | known[2] | known[3])
        others = [s for s in range(4) if s != me]
        self.others = others
        self.cap = [self.need[s] - known[s].bit_count() for s in range(4)]
        cards = []
        m = free
        while m:
            low = m & -m
            i = low.bit_length() - 1
            m ^= low
            elig = tuple(s for s in others if self.allowed[s] >> i & 1)
            cards.append((len(elig), i, elig))
        cards.sort()
        self.cards = cards
        # the same packed for the C dealer (`sim.native`): index, count, seats, 5 bytes a card
        self.packed = bytes(b for _, i, elig in cards
                            for b in (i, len(elig), *elig, *(0,) * (3 - len(elig))))
        self.packed_others = bytes(others)

    def sample(self, rng: random.Random, favour: tuple[int, int, int] | None = None) -> list[int]:
        """Four hand masks (this seat's left at 0) dealing the unseen cards.

        ``favour=(seat, cards, factor)`` deals ``cards`` to ``seat`` ``factor`` times as
        readily as uniform dealing would (a hand its play so far makes likelier).
        """
        for _ in range(30):
            hands = self._try(rng, True, favour)
            if hands is not None:
                return hands
        return self._try(rng, False, favour)  # type: ignore[return-value]

    def _try(self, rng: random.Random, strict: bool,
             favour: tuple[int, int, int] | None = None) -> list[int] | None:
        if native is not None:
            fseat, fcards, factor = favour or (-1, 0, 1)
            return native.sample_try(self.packed, self.packed_others, self.known, self.cap,
                                     strict, fseat, fcards, factor, rng.random)
        return self.try_py(rng, strict, favour)

    def try_py(self, rng: random.Random, strict: bool,
               favour: tuple[int, int, int] | None = None) -> list[int] | None:
        """One deal (None where a card has no seat left to take it, when ``strict``): in
        Python, the reference of the C one."""
        hands = list(self.known)
        cap = list(self.cap)
        rand = rng.random
        fseat, fcards, factor = favour or (-1, 0, 1)
        for _, i, elig in self.cards:
            if not strict:
                elig = tuple(self.others)
            boost = factor if fcards >> i & 1 else 1
            total = 0
            for s in elig:
                total += cap[s] * boost if s == fseat else cap[s]
            if total <= 0:
                if strict:
                    return None
                continue
            r = rand() * total
            pick = -1
            for s in elig:
                c = cap[s]
                if c <= 0:
                    continue
                pick = s
                r -= c * boost if s == fseat else c
                if r < 0:
                    break
            hands[pick] |= 1 << i
            cap[pick] -= 1
        return hands
