"""Fit `PLAY_WEIGHTS`: a model of `normal`'s play (`hearts/bots/play_model.py`), for the
playouts' other seats (``SearchConfig.playout_model``, a trial setting).

Four `normal` bots play ``--deals`` seeded deals; every play with more than one group of
cards that play alike (`play_model.groups`) is kept with the card `normal` chose. A
conditional logit over the groups, on `play_model.features`, is fitted to those choices
by gradient descent, and its weights, times 100 and rounded, are printed with how often
the model and the rules player play as `normal` did on the ``--test`` deals of another
seed (a card counts as the same when every card between the two is played or in the
hand). ``--train-file``/``--test-file`` read plays gathered before (pickled ``(deal,
plays)`` pairs, one a deal) instead of playing. The defaults are the run that fitted
`PLAY_WEIGHTS`. Needs numpy, which the test environment has:

    nice -n 19 .venv/bin/python scripts/fit_play.py
"""

from __future__ import annotations

import argparse
import pickle
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts.bots import make_bot  # noqa: E402
from hearts.bots.base import Bot  # noqa: E402
from hearts.bots.moon import early_alarm  # noqa: E402
from hearts.bots.play_model import (CONTEXTS, N_FEATURES, context, features,  # noqa: E402
                                    groups, model_card)
from hearts.bots.policy import moon_threat, play_with_reason  # noqa: E402
from hearts.bots.sim import SimState, searched_as, state_from_view  # noqa: E402
from hearts.bots.table import play_hand, seeded_deal  # noqa: E402
from hearts.engine import Card, Rules, View  # noqa: E402

# (features of each group, the groups, normal's card, the rules player's card, the state)
Sample = tuple[list[list[int]], list[int], int, int, SimState]


class _Recorder:
    """A bot that plays as ``bot`` and keeps each play with a choice, with its view."""

    def __init__(self, bot: Bot, plays: list[tuple[View, int]]) -> None:
        self.bot, self.plays, self.name = bot, plays, bot.name

    def choose_pass(self, view: View, budget: float) -> list[Card]:
        return self.bot.choose_pass(view, budget)

    def choose_moon(self, view: View, budget: float) -> str:
        return self.bot.choose_moon(view, budget)

    def choose_play(self, view: View, budget: float) -> Card:
        card = self.bot.choose_play(view, budget)
        if len(view.legal) > 1:
            self.plays.append((view, card.index))
        return card


def gather(seed: str, start: int, end: int) -> list[tuple[View, int]]:
    """`normal`'s plays with a choice in deals ``start``..``end`` of ``seed``."""
    plays: list[tuple[View, int]] = []
    for d in range(start, end):
        bots = [_Recorder(make_bot("normal", f"s{d}/{s}"), plays) for s in range(4)]
        play_hand(seeded_deal(Rules(), seed, d), bots, 0.3)
    return plays


def samples(plays: list[tuple[View, int]]) -> list[Sample]:
    """The plays with more than one group, as samples."""
    out = []
    for view, card in plays:
        st = state_from_view(view)
        legal = st.legal()
        reps = groups(st, legal)
        if len(reps) < 2:
            continue
        rules = searched_as(reps, play_with_reason(st, legal)[0])
        threat, alarm = early_alarm(st, st.turn), moon_threat(st, st.turn)
        k = context(st, legal) * N_FEATURES
        feats = []
        for c in reps:
            row = [0] * (N_FEATURES * CONTEXTS)
            row[k:k + N_FEATURES] = features(st, c, rules, threat, alarm)
            feats.append(row)
        out.append((feats, reps, card, rules, st))
    return out


def same(st: SimState, a: int, b: int) -> bool:
    """Whether playing ``a`` and ``b`` is the same (every card between them is known)."""
    if a // 13 != b // 13:
        return False
    known = st.played | st.hands[st.turn]
    return all(known >> x & 1 for x in range(min(a, b) + 1, max(a, b)))


def fit(data: list[Sample], iters: int = 600, rate: float = 0.5, l2: float = 1e-4) -> Any:
    """The weights of the conditional logit over each sample's groups."""
    n = len(data)
    width = N_FEATURES * CONTEXTS
    x = np.zeros((n, 13, width), np.float32)
    real = np.zeros((n, 13), bool)
    y = np.zeros(n, int)
    for i, (f, reps, card, _, _) in enumerate(data):
        x[i, :len(f)] = f
        real[i, :len(f)] = True
        y[i] = reps.index(searched_as(reps, card))
    scale = x[real].std(0) + 1e-6
    xn = x / scale
    w = np.zeros(width, np.float32)
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    for t in range(1, iters + 1):          # Adam
        z = np.where(real, xn @ w, -1e9)
        p = np.exp(z - z.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        grad = ((p[..., None] * xn).sum(1) - xn[np.arange(n), y]).mean(0) + l2 * w
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w -= 0.05 * rate * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
        if t % 100 == 0:
            print(f"  step {t}: loss {-np.log(p[np.arange(n), y] + 1e-12).mean():.4f}",
                  flush=True)
    return w / scale


def agreement(weights: tuple[int, ...], data: list[Sample]) -> tuple[float, float]:
    """How often the model with ``weights``, and the rules player, play as `normal` did."""
    model = rules = 0
    for _, _, card, rules_card, st in data:
        model += same(st, model_card(st, st.legal(), weights), card)
        rules += same(st, rules_card, card)
    return model / len(data), rules / len(data)


def _load_or_gather(path: str, seed: str, deals: int) -> list[tuple[View, int]]:
    if path and Path(path).exists():
        plays: list[tuple[View, int]] = []
        with open(path, "rb") as f:
            while True:
                try:
                    d, part = pickle.load(f)
                except (EOFError, pickle.UnpicklingError):
                    break       # the end, or a deal still being written
                if d < deals:
                    plays += part
        return plays
    t0 = time.process_time()
    plays = gather(seed, 0, deals)
    print(f"{deals} deals of {seed!r} played in {time.process_time() - t0:.0f} s of CPU")
    return plays


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=680, help="deals to fit on")
    ap.add_argument("--seed", default="train", help="their seed")
    ap.add_argument("--test", type=int, default=200, help="deals to test on")
    ap.add_argument("--test-seed", default="agree", help="their seed")
    ap.add_argument("--train-file", default="", help="gathered plays (pickled (deal, plays))")
    ap.add_argument("--test-file", default="", help="the same for the test deals")
    args = ap.parse_args()
    train = samples(_load_or_gather(args.train_file, args.seed, args.deals))
    test = samples(_load_or_gather(args.test_file, args.test_seed, args.test))
    print(f"{len(train)} plays fitted, {len(test)} tested")
    weights = tuple(int(v) for v in np.round(fit(train) * 100))
    print("PLAY_WEIGHTS =", weights)
    print("agreement with normal on the test deals: model {:.3f}, rules player {:.3f}".format(
        *agreement(weights, test)))
    print("on the fitted deals: model {:.3f}, rules player {:.3f}".format(
        *agreement(weights, train[:len(test)])))


if __name__ == "__main__":
    main()
