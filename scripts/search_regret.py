"""How far a search bot's choices fall short of a far longer search's: its regret, in points
per hand, by the search's own model.

Bot --bot plays seat 0 of seeded deals against three --table bots. At its pass and at each of
its plays with more than one candidate, an oracle (the settings of --oracle with --mult times
the work, worlds and pass deals) gives every candidate's mean points. Each config then chooses
from the same view, --trials times with fresh seeds, and its regret is the oracle's mean for
its choice less the oracle's best (the oracle's own noise makes every figure a little high,
alike for all configs). A config is a search level with optional settings changed
(`hearts.bots.config.parse_search_spec`):

    .venv/bin/python scripts/search_regret.py --deals 50 --jobs 2 \\
        normal hard normal+work=32000+early_work=0

It prints per config the regret per hand in the pass, the early tricks (1-4), the middle
(5-8) and the late ones (9-13), and in all with a 95% interval over hands. Less regret is
a choice closer to what the search would make with unlimited time; whether that model of
the game plays better is for `hearts match` and `scripts/decision_ab.py` to say.
"""

from __future__ import annotations

import argparse
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hearts.bots import make_bot  # noqa: E402
from hearts.bots.config import parse_search_spec  # noqa: E402
from hearts.bots.search import SearchBot, searched_as  # noqa: E402
from hearts.bots.table import play_hand, seeded_deal  # noqa: E402
from hearts.engine import Card, Rules, View  # noqa: E402

PARTS = ("pass", "early", "middle", "late")


class _Recorder:
    """Plays as ``bot`` and keeps the views of its pass and plays."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.views: list[View] = []

    def choose_pass(self, view: View, budget: float) -> list[Card]:
        self.views.append(view)
        return list(self.bot.choose_pass(view, budget))

    def choose_play(self, view: View, budget: float) -> Card:
        self.views.append(view)
        card: Card = self.bot.choose_play(view, budget)
        return card

    def choose_moon(self, view: View, budget: float) -> str:
        return str(self.bot.choose_moon(view, budget))


def _part(view: View) -> int:
    if view.phase == "pass":
        return 0
    return 1 + min(2, len(view.tricks) // 4)


def _job(args: tuple[str, str, str, int, int, list[str], int, str]) -> list[list[float]]:
    """One deal: each config's regret per part (summed over the hand's decisions, averaged
    over trials)."""
    bot, table, oracle, mult, d, configs, trials, seed = args
    rules = Rules()
    hand = seeded_deal(rules, seed, d)
    rec = _Recorder(make_bot(bot, seed=f"{seed}/{d}/0"))
    play_hand(hand, [rec] + [make_bot(table, seed=f"{seed}/{d}/{s}") for s in (1, 2, 3)], 1.0)
    regret = [[0.0] * len(PARTS) for _ in configs]
    for k, view in enumerate(rec.views):
        part = _part(view)
        judge = SearchBot(f"{seed}/{d}/oracle/{k}", parse_search_spec(oracle).scaled(mult))
        if part == 0:
            if view.pass_direction == "hold":
                continue
            means: dict[Any, float] = judge.search_pass(view, float("inf"))[1]
        else:
            means = dict(judge.evaluate(view, 1e9)[1])
        if len(means) < 2:
            continue
        best = min(means.values())
        for j, config in enumerate(configs):
            for t in range(trials):
                b = SearchBot(f"{seed}/{d}/{k}/{t}", replace(parse_search_spec(config), cap=1e9))
                if part == 0:
                    key: Any = b.search_pass(view, float("inf"))[0]
                else:
                    card = b.evaluate(view, 1e9)[0].index
                    # the oracle's card for the group of alike cards this one belongs to
                    key = searched_as(means, card)
                regret[j][part] += (means[key] - best) / trials
    return regret


def interval(xs: list[float]) -> tuple[float, float, float]:
    """The mean of ``xs`` and its 95% interval (normal approximation)."""
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    return m, m - 1.96 * sd / math.sqrt(n), m + 1.96 * sd / math.sqrt(n)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("configs", nargs="+", help="level or level+setting=value+...")
    p.add_argument("--bot", default="normal", help="the bot whose hands give the views")
    p.add_argument("--table", default="normal", help="the three other seats")
    p.add_argument("--oracle", default="normal", help="the config the oracle multiplies")
    p.add_argument("--mult", type=int, default=8, help="the oracle's work, worlds and deals")
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--start", type=int, default=0, help="first deal")
    p.add_argument("--trials", type=int, default=2)
    p.add_argument("--seed", default="regret")
    p.add_argument("--jobs", type=int, default=1)
    args = p.parse_args(argv)
    try:
        for spec in (args.bot, args.table):
            make_bot(spec)
        for config in [args.oracle, *args.configs]:
            parse_search_spec(config)
    except ValueError as e:
        print(f"search_regret: {e}", file=sys.stderr)
        return 2
    jobs = [(args.bot, args.table, args.oracle, args.mult, d, args.configs, args.trials,
             args.seed) for d in range(args.start, args.start + args.deals)]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            hands = list(pool.map(_job, jobs))
    else:
        hands = [_job(j) for j in jobs]
    width = max(len(c) for c in args.configs)
    print(f"regret per hand against {args.oracle} x{args.mult}, {len(hands)} deals "
          f"(seed {args.seed}), {args.trials} trials")
    print(f"{'config':<{width}}  " + "  ".join(f"{p:>6}" for p in PARTS) + "  all (95% interval)")
    for j, config in enumerate(args.configs):
        parts = [sum(h[j][i] for h in hands) / len(hands) for i in range(len(PARTS))]
        m, lo, hi = interval([sum(h[j]) for h in hands])
        print(f"{config:<{width}}  " + "  ".join(f"{x:6.3f}" for x in parts)
              + f"  {m:.3f} ({lo:.3f}..{hi:.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
