"""Fit `LEAD_WEIGHTS`: a model of `normal`'s leads, tried in `hard`'s playouts and dropped.

Four `normal` bots play ``--deals`` seeded deals; every lead where the rules player would
score the suits (not a forced card, a moon attempt or a block) is kept with the card
`normal` chose. A conditional logit over the candidates of `model_lead` (the lowest
and the highest card of each suit that may be led) is fitted to those choices by gradient
descent, and its weights, times 100 and rounded, are printed with how often the model and
the rules player lead as `normal` did on the ``--test`` deals of another seed (a card
counts as the same when every card between the two is played or in the hand). The
defaults are the run that fitted the weights below. Needs numpy, which the
test environment has (it comes with open-spiel):

    .venv/bin/python scripts/fit_leads.py
"""

from __future__ import annotations

import argparse
from multiprocessing import Pool
from typing import Any

import numpy as np

from hearts.bots import make_bot
from hearts.bots.base import Bot
from hearts.bots.policy import play_with_reason
from hearts.bots.sim import AS, AS_BIT, FULL, KS, KS_BIT, QS, QS_BIT, SimState, state_from_view
from hearts.bots.table import play_hand, seeded_deal
from hearts.engine import Card, Rules, View
from hearts.engine.cards import HEARTS, SPADES, SUIT_MASK

SCORED = {"lead-low", "lead-spade", "lead-safe", "lead-forced"}
Sample = tuple[list[list[int]], list[int], int, int, SimState]


def _top(mask: int) -> int:
    return mask.bit_length() - 1


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


# The weights of `lead_features`, fitted (conditional logit, scaled by 100 and rounded) to
# the leads `normal` chose in 15,740 scored leads of 1,600 deals among four `normal`s (this
# script's defaults). On 3,907 other leads it agrees with `normal` in 49% of them, the
# rules player's `_lead` in 36%; as the rules player's lead it scored 0.32 points a hand
# better against three rules players, and in `hard`'s playouts no better (docs/bots.md).
LEAD_WEIGHTS = (18, 27, -37, -12, -115, -4, 17, -16, -83, -31, -15, -32, 81, 176, -56, -354,
                -5, 74, 1, 3, 34, 10, 21, 0)


def lead_features(st: SimState, me: int, hand: int, out: int, c: int) -> list[int]:
    """What `model_lead` weighs of leading card ``c`` (see `LEAD_WEIGHTS`)."""
    s = c // 13
    mine = hand & SUIT_MASK[s]
    out_s = out & SUIT_MASK[s]
    qs_live = not st.played & QS_BIT
    higher = (out_s >> c).bit_count()
    lower = (out_s & ((1 << c) - 1)).bit_count()
    void_seats = sum(1 for o in range(4) if o != me and st.voids[o] >> s & 1)
    early = st.ntricks < 4
    top = c == _top(mine) and mine & (mine - 1) != 0
    spades = s == SPADES and qs_live
    f = [0] * 24
    f[s] = 1                                # the suit
    f[4] = top                              # the top of two or more cards of the suit
    f[5] = min(higher, 6)                   # cards out over it
    f[6] = min(lower, 6)                    # cards out under it
    f[7] = higher == 0 and out_s != 0       # a winner
    f[8] = out_s == 0                       # nobody else holds the suit
    f[9] = mine.bit_count()                 # length in the suit
    f[10] = void_seats if lower else 0      # seats known void where a card out is under it
    f[11] = spades and bool(hand & QS_BIT)
    f[12] = spades and not hand & QS_BIT and bool(hand & (AS_BIT | KS_BIT))
    f[13] = spades and not hand & (QS_BIT | AS_BIT | KS_BIT)
    f[14] = c == QS
    f[15] = c in (AS, KS) and qs_live and not hand & QS_BIT
    f[16] = max(st.sr.value[c], 0)
    f[17] = top and early
    f[18] = c % 13                          # the rank
    f[19] = c % 13 if early else 0
    f[20] = lower == 0 and out_s != 0       # the lowest of the suit left
    f[21] = max(0, 4 - out_s.bit_count())   # few of the suit out: someone may be void
    f[22] = min(higher, 6) if s == HEARTS else 0
    f[23] = 13 - st.ntricks
    return f


def lead_candidates(legal: int) -> list[int]:
    """The cards `model_lead` weighs, from the lowest: the lowest and the highest card of each
    suit in ``legal``."""
    cands: list[int] = []
    for s in range(4):
        mine = legal & SUIT_MASK[s]
        if mine:
            cands += sorted({_low(mine), _top(mine)})
    return cands


def model_lead(st: SimState, me: int, hand: int, legal: int, out: int,
               weights: tuple[int, ...] = LEAD_WEIGHTS) -> int:
    """The lead of the model fitted to `normal`'s own leads (``weights``): of
    `lead_candidates`, the one it scores highest (the lowest card among equals)."""
    best, best_score = -1, 0
    for c in lead_candidates(legal):
        score = sum(w * x for w, x in zip(weights, lead_features(st, me, hand, out, c)))
        if best < 0 or score > best_score:
            best, best_score = c, score
    return best


class _Recorder:
    """A bot that plays as ``bot`` and keeps each lead it makes with its view."""

    def __init__(self, bot: Bot, leads: list[tuple[View, int]]) -> None:
        self.bot, self.leads, self.name = bot, leads, bot.name

    def choose_pass(self, view: View, budget: float) -> list[Card]:
        return self.bot.choose_pass(view, budget)

    def choose_moon(self, view: View, budget: float) -> str:
        return self.bot.choose_moon(view, budget)

    def choose_play(self, view: View, budget: float) -> Card:
        card = self.bot.choose_play(view, budget)
        if not view.trick:
            self.leads.append((view, card.index))
        return card


def _play(job: tuple[str, int]) -> list[tuple[View, int]]:
    seed, d = job
    leads: list[tuple[View, int]] = []
    bots = [_Recorder(make_bot("normal", f"s{d}/{s}"), leads) for s in range(4)]
    play_hand(seeded_deal(Rules(), seed, d), bots, 0.3)
    return leads


def _same(st: SimState, a: int, b: int) -> bool:
    """Whether leading ``a`` and ``b`` is the same (every card between them is known)."""
    if a // 13 != b // 13:
        return False
    known = st.played | st.hands[st.turn]
    return all(known >> x & 1 for x in range(min(a, b) + 1, max(a, b)))


def samples(seed: str, deals: int) -> list[Sample]:
    """(features of each candidate, the candidates, `normal`'s card, the rules player's card,
    the state) for each scored lead of the first ``deals`` deals seeded ``seed``."""
    with Pool() as pool:
        leads = [x for part in pool.map(_play, [(seed, d) for d in range(deals)]) for x in part]
    out = []
    for view, card in leads:
        st = state_from_view(view)
        legal = st.legal()
        if legal & (legal - 1) == 0:
            continue
        rules_card, reason = play_with_reason(st, legal)
        if reason not in SCORED:
            continue
        hand = st.hands[st.turn]
        cands = lead_candidates(legal)
        feats = [lead_features(st, st.turn, hand, FULL & ~st.played & ~hand, c) for c in cands]
        out.append((feats, cands, card, rules_card, st))
    return out


def fit(data: list[Sample], iters: int = 400, rate: float = 0.5, l2: float = 1e-3) -> Any:
    """The weights of the conditional logit over each sample's candidates (the samples where
    `normal` led a card between its lowest and highest of the suit are left out)."""
    rows = [(f, next(i for i, c in enumerate(cands) if _same(st, c, card)))
            for f, cands, card, _, st in data if any(_same(st, c, card) for c in cands)]
    width = len(LEAD_WEIGHTS)
    x = np.zeros((len(rows), 8, width))
    real = np.zeros((len(rows), 8), bool)
    y = np.array([k for _, k in rows])
    for i, (f, _) in enumerate(rows):
        x[i, :len(f)] = f
        real[i, :len(f)] = True
    scale = x[real].std(0) + 1e-9
    xn = x / scale
    w = np.zeros(width)
    for _ in range(iters):
        z = np.where(real, xn @ w, -1e9)
        p = np.exp(z - z.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        grad = (p[..., None] * xn).sum(1) - xn[np.arange(len(y)), y]
        w -= rate * (grad.mean(0) + l2 * w)
    return w / scale


def agreement(weights: tuple[int, ...], data: list[Sample]) -> tuple[float, float]:
    """How often the model with ``weights``, and the rules player, lead as `normal` did."""
    model = rules = 0
    for _, _, card, rules_card, st in data:
        hand = st.hands[st.turn]
        pick = model_lead(st, st.turn, hand, st.legal(), FULL & ~st.played & ~hand, weights)
        model += _same(st, pick, card)
        rules += _same(st, rules_card, card)
    return model / len(data), rules / len(data)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=1600, help="deals to fit on")
    ap.add_argument("--seed", default="train", help="their seed")
    ap.add_argument("--test", type=int, default=400, help="deals to test on")
    ap.add_argument("--test-seed", default="agree", help="their seed")
    args = ap.parse_args()
    train = samples(args.seed, args.deals)
    test = samples(args.test_seed, args.test)
    weights = tuple(int(v) for v in np.round(fit(train) * 100))
    print(f"{len(train)} leads fitted, {len(test)} tested")
    print("LEAD_WEIGHTS =", weights)
    print("agreement with normal on the test deals: model {:.3f}, rules player {:.3f}".format(
        *agreement(weights, test)))
    print("the weights above: model {:.3f}".format(agreement(LEAD_WEIGHTS, test)[0]))


if __name__ == "__main__":
    main()
