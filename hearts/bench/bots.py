"""`hearts bench bots`: simulator playouts per second and bot decision times at the host's
bot budget (how many decisions that budget cut short)."""

from __future__ import annotations

import argparse
import random
import time
from typing import Callable

from hearts.bots import make_bot
from hearts.bots.policy import rules_playout, rules_playout_py
from hearts.bots.sim import SimState, native, random_deal, sim_rules
from hearts.bots.table import play_hand
from hearts.engine import Hand, Rules


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hands", type=int, default=10, help="hands per bot level")
    parser.add_argument("--levels", default="rules,normal,hard",
                        help="bots, comma-separated (normal+cap=60 with --budget 60: the same "
                             "decisions whatever the machine's speed)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=None,
                        help="seconds offered per decision (default: the host's bot budget)")


def _playouts_per_second(playout: Callable[[SimState], SimState], seconds: float = 1.0) -> float:
    sr = sim_rules(Rules())
    rng = random.Random(0)
    deals = [random_deal(sr, rng) for _ in range(500)]
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        playout(deals[n % len(deals)].copy())
        n += 1
    return n / (time.perf_counter() - start)


def run(args: argparse.Namespace) -> int:
    py = _playouts_per_second(rules_playout_py)
    if native is None:
        print(f"simulator: {py:.0f} full-hand playouts/s with the rules player (in Python: "
              "the C playouts are not built, or HEARTS_PYTHON_PLAYOUTS is set)")
    else:
        print(f"simulator: {_playouts_per_second(rules_playout):.0f} full-hand playouts/s with "
              f"the rules player in C ({py:.0f} in Python)")
    from hearts.net.limits import Limits
    budget = Limits().bot_budget if args.budget is None else args.budget
    print(f"budget {budget:g} s a decision")
    rules = Rules()
    for level in args.levels.split(","):
        times: list[float] = []
        capped = 0
        for k in range(args.hands):
            bots = [make_bot(level, seed=f"{args.seed}/{k}/{s}") for s in range(4)]
            hand = Hand.deal(rules, random.Random(f"{args.seed}/{k}"), rules.pass_direction(k))
            play_hand(hand, bots, budget, timed=lambda seat, seconds: times.append(seconds))
            capped += sum(getattr(b, "capped", 0) for b in bots)
        times.sort()

        def p(q: float) -> float:
            return times[min(len(times) - 1, int(q * len(times)))] * 1000
        mean = sum(times) / len(times) * 1000
        print(f"{level:<8} {len(times):>5} decisions  mean {mean:7.1f} ms  p50 {p(0.5):7.1f} ms  "
              f"p99 {p(0.99):7.1f} ms  max {times[-1] * 1000:7.1f} ms  capped {capped}")
    return 0
