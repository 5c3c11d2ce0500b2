"""`hearts match`: bots against bots on the same cards in every seat, with figures.

Every deal (or whole game, with ``--games``) is played four times with the bots rotated
one seat each time (same cards, each bot in each seat), pass directions cycle by deal
number. Reports per bot, with ``--games`` first: games won and the mean place (1 to 4),
with 95% intervals over games; then mean points per hand with a 95% interval over deals
(or games), moons shot and suffered (split by the seat it passed to and the others, with
the share of its passes holding two or three cards ranked Q or higher outside hearts),
moon attempts (hands a bot that says so played for the moon) and how many it shot,
decision time p50 and p99, and how many decisions hit their time cap (those are the only
source of run-to-run differences for a seed). The first bot is also compared with the
others on the same deals and games: the paired figures to judge one bot against another.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable

from hearts.bots import BOT_NAMES, make_bot
from hearts.bots.table import play_hand, seeded_deal
from hearts.cli import UserError
from hearts.commands.progress import Progress
from hearts.engine import Game, Hand, IllegalMove, Rules, RulesError
from hearts.net.limits import Limits

TOO_FEW = "too few to tell"     # a 95% interval of a single game or deal


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bots", default="search,rules,rules,rules",
                        help=f"four bots, comma-separated: {', '.join(BOT_NAMES)}, a search "
                             "level with settings changed (hard+moon_weight=6) or "
                             "package.module:ClassName (default %(default)s)")
    parser.add_argument("--deals", type=int, default=100, help="deals to play (each four times)")
    parser.add_argument("--games", type=int, default=0,
                        help="play this many whole games (each four times) instead of deals")
    parser.add_argument("--seed", default="1", help="seed of the deals and the bots")
    parser.add_argument("--rules", default="standard", help="a preset name (see docs/rules.md)")
    parser.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                        help="change one rule option, e.g. --set moon=choose (repeatable)")
    parser.add_argument("--budget", type=float, default=Limits().bot_budget,
                        help="seconds a bot is offered per decision (default: the host's bot "
                             "budget, %(default)s; levels cap themselves)")
    parser.add_argument("--vs", metavar="BOT",
                        help="play every deal (or game) again with BOT in the first bot's place, "
                             "the same cards and the same table, and compare the two there")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def build_rules(preset: str, sets: list[str]) -> Rules:
    try:
        rules = Rules.preset(preset)
        for item in sets:
            name, sep, value = item.partition("=")
            if not sep:
                raise UserError(f"--set needs OPTION=VALUE (got {item!r})")
            rules = rules.with_text(name.strip(), value)
    except RulesError as e:
        raise UserError(str(e)) from None
    return rules


def _seat_bots(specs: list[str], seed: str, rotation: int) -> list[Any]:
    """Bots by seat for one rotation: entry i sits in seat (i + rotation) % 4."""
    bots: list[Any] = [None] * 4
    for i, spec in enumerate(specs):
        bots[(i + rotation) % 4] = make_bot(spec, seed=f"{seed}/{rotation}/{i}")
    return bots


class _Recorder:
    """Decision times and cap counts of one entry."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self.capped = 0


def _play_hand(actor: Any, hand: Hand, bots: list[Any], budget: float, recs: list[_Recorder],
               entry_of_seat: list[int]) -> None:
    """Play ``hand`` to its end; actions go to ``actor`` (the hand itself, or its `Game`)."""
    def timed(seat: int, seconds: float) -> None:
        recs[entry_of_seat[seat]].times.append(seconds)
    try:
        play_hand(hand, bots, budget, actor, timed)
    except IllegalMove as e:
        seat = hand.turn if hand.phase != "pass" else None
        who = getattr(bots[seat], "name", "a bot") if seat is not None else "a bot"
        raise UserError(f"bot {who} made an illegal move: {e}") from None


HIGH_OUTSIDE_HEARTS = sum(1 << (suit * 13 + rank) for suit in (0, 1, 3) for rank in (10, 11, 12))


class _Moons:
    """Moons per entry: shot, suffered from the seat it passed to and from the others, and
    its passes holding two or three cards ranked Q or higher outside hearts."""

    def __init__(self) -> None:
        self.shot = [0] * 4
        self.by_receiver = [0] * 4
        self.by_others = [0] * 4
        self.passes = [0] * 4
        self.high_passes = [0] * 4
        self.attempts = [0] * 4
        self.attempts_won = [0] * 4

    def add(self, hand: Hand, entry_of_seat: list[int], bots: list[Any]) -> None:
        offset = hand.pass_to
        for s in range(4):
            e = entry_of_seat[s]
            if getattr(bots[s], "moon_attempt", False):
                # the bot played for the moon this hand (bots that say so: search, shooter)
                bots[s].moon_attempt = False
                self.attempts[e] += 1
                self.attempts_won[e] += hand.moon is not None and hand.moon.shooter == s
            passed = hand.passed_mask(s)
            if offset and passed is not None:
                self.passes[e] += 1
                self.high_passes[e] += (passed & HIGH_OUTSIDE_HEARTS).bit_count() >= 2
            if hand.moon is None:
                continue
            if hand.moon.shooter == s:
                self.shot[e] += 1
            elif offset and hand.moon.shooter == (s + offset) % 4:
                self.by_receiver[e] += 1
            else:
                self.by_others[e] += 1

    def figures(self) -> dict[str, list[int]]:
        return {"shot": self.shot, "suffered": [a + b for a, b in zip(self.by_receiver, self.by_others)],
                "suffered_receiver": self.by_receiver, "suffered_others": self.by_others,
                "passes": self.passes, "high_passes": self.high_passes,
                "attempts": self.attempts, "attempts_won": self.attempts_won}


def _collect_caps(bots: list[Any], recs: list[_Recorder], entry_of_seat: list[int]) -> None:
    for s, bot in enumerate(bots):
        recs[entry_of_seat[s]].capped += getattr(bot, "capped", 0)


def play_deal(specs: list[str], rules: Rules, seed: str, d: int, budget: float) -> dict[str, Any]:
    """One deal in all four rotations: per entry mean points, moons, times."""
    deal = seeded_deal(rules, seed, d)
    recs = [_Recorder() for _ in specs]
    points = [0.0] * 4
    moons = _Moons()
    for r in range(4):
        entry_of_seat = [(s - r) % 4 for s in range(4)]
        bots = _seat_bots(specs, f"{seed}/{d}", r)
        hand = Hand(rules, deal.deal_masks, deal.pass_direction, deal.dealer)
        _play_hand(hand, hand, bots, budget, recs, entry_of_seat)
        _collect_caps(bots, recs, entry_of_seat)
        pts = hand.points()
        moons.add(hand, entry_of_seat, bots)
        for s in range(4):
            points[entry_of_seat[s]] += pts[s] / 4
    return {"points": points, **moons.figures(), "hands": 4,
            "times": [r.times for r in recs], "capped": [r.capped for r in recs], "wins": None,
            "places": None}


def places(totals: list[int], winners: list[int]) -> list[float]:
    """Each seat's place at the end of a game: the winners first, then by totals (fewest
    first); seats that share places share their mean (two winners: 1.5 each)."""
    order = sorted(range(4), key=lambda s: (s not in winners, totals[s]))
    out = [0.0] * 4
    i = 0
    while i < 4:
        j = i
        key = (order[i] not in winners, totals[order[i]])
        while j + 1 < 4 and (order[j + 1] not in winners, totals[order[j + 1]]) == key:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def play_game(specs: list[str], rules: Rules, seed: str, g: int, budget: float) -> dict[str, Any]:
    """One game in all four rotations: win shares, mean places, points per hand, moons,
    times."""
    recs = [_Recorder() for _ in specs]
    points = [0.0] * 4
    wins = [0.0] * 4
    place = [0.0] * 4
    moons = _Moons()
    hands = 0
    for r in range(4):
        entry_of_seat = [(s - r) % 4 for s in range(4)]
        bots = _seat_bots(specs, f"{seed}/g{g}", r)
        game = Game(rules, seed=f"{seed}/game/{g}")
        game_points = [0] * 4
        while not game.over:
            hand = game.hand
            _play_hand(game, hand, bots, budget, recs, entry_of_seat)
            hands += 1
            pts = hand.points()
            moons.add(hand, entry_of_seat, bots)
            for s in range(4):
                game_points[s] += pts[s]
        for s in range(4):
            points[entry_of_seat[s]] += game_points[s]
        winners = game.winners or []
        for s in winners:
            wins[entry_of_seat[s]] += 1 / (4 * len(winners))
        for s, p in enumerate(places(game.totals, winners)):
            place[entry_of_seat[s]] += p / 4
        _collect_caps(bots, recs, entry_of_seat)
    # points per hand over this game's four plays (every entry plays every hand)
    points = [p / hands for p in points]
    return {"points": points, **moons.figures(), "hands": hands,
            "times": [r.times for r in recs], "capped": [r.capped for r in recs], "wins": wins,
            "places": place}


def _percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def interval(xs: list[float]) -> tuple[float, float | None]:
    """The mean of ``xs`` and the half-width of its 95% interval (normal approximation);
    None for fewer than two values, too few for an interval."""
    n = len(xs)
    mean = sum(xs) / n if n else 0.0
    if n < 2:
        return mean, None
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def _figure(xs: list[float], digits: int = 3) -> dict[str, Any]:
    """``{"mean": m, "ci95": [lo, hi]}``; ``ci95`` None when too few values for it."""
    mean, half = interval(xs)
    return {"mean": round(mean, digits),
            "ci95": None if half is None else [round(mean - half, digits),
                                               round(mean + half, digits)]}


def _between(ci: list[float] | None, fmt: str, scale: float = 1.0, unit: str = "") -> str:
    """A 95% interval as the report prints it, ``lo .. hi``; with too few games or deals
    for one (a single one: no spread to measure), that it cannot tell."""
    if ci is None:
        return TOO_FEW
    return f"{ci[0] * scale:{fmt}} .. {ci[1] * scale:{fmt}}{unit}"


def _entry_row(spec: str, per_unit: list[float]) -> dict[str, Any]:
    f = _figure(per_unit)
    return {"bot": spec, "points_per_hand": f["mean"], "ci95": f["ci95"]}


def summarize(specs: list[str], units: list[dict[str, Any]]) -> dict[str, Any]:
    """Per bot name: mean points per hand with a 95% interval over deals (or games), moons,
    games won and mean place (with 95% intervals over games), decision times. Entries with
    the same name are pooled."""
    names = list(dict.fromkeys(specs))
    bots = {}
    for name in names:
        entries = [i for i, s in enumerate(specs) if s == name]

        def pooled(key: str) -> list[float]:
            return [sum(u[key][i] for i in entries) / len(entries) for u in units]
        points = _figure(pooled("points"))
        times = [t for u in units for i in entries for t in u["times"][i]]
        hands = sum(u["hands"] for u in units)
        passes = sum(u["passes"][i] for u in units for i in entries)
        high = sum(u["high_passes"][i] for u in units for i in entries)
        by_receiver = sum(u["suffered_receiver"][i] for u in units for i in entries)
        by_others = sum(u["suffered_others"][i] for u in units for i in entries)
        other_seat_hands = 2 * passes + 3 * (hands * len(entries) - passes)
        row = {
            "seats": len(entries),
            "points_per_hand": points["mean"],
            "ci95": points["ci95"],
            "moons_shot": sum(u["shot"][i] for u in units for i in entries),
            "moons_suffered": sum(u["suffered"][i] for u in units for i in entries),
            "moons_suffered_from_receiver": by_receiver,
            "moons_suffered_from_others": by_others,
            "passes": passes,
            # hands in which the bot played for the moon, and how many of them it shot
            "moon_attempts": sum(u["attempts"][i] for u in units for i in entries),
            "moon_attempts_won": sum(u["attempts_won"][i] for u in units for i in entries),
            "high_pass_share": round(high / passes, 4) if passes else 0.0,
            # per seat and hand: the receiver's moon rate against the other two (or three) seats'
            "receiver_moon_rate": round(by_receiver / passes, 4) if passes else 0.0,
            "other_seat_moon_rate": round(by_others / other_seat_hands, 4) if other_seat_hands else 0.0,
            "hands": hands * len(entries),
            "decisions": len(times),
            "decision_ms_p50": round(_percentile(times, 0.50) * 1000, 2),
            "decision_ms_p99": round(_percentile(times, 0.99) * 1000, 2),
            "decision_ms_max": round(max(times, default=0.0) * 1000, 2),
            "capped": sum(u["capped"][i] for u in units for i in entries),
        }
        if units and units[0]["wins"] is not None:
            wins, place = _figure(pooled("wins"), 4), _figure(pooled("places"))
            row.update(win_rate=wins["mean"], win_ci95=wins["ci95"], mean_place=place["mean"],
                       place_ci95=place["ci95"])
        bots[name] = row
    return bots


def run(args: argparse.Namespace) -> int:
    specs = [s.strip() for s in args.bots.split(",") if s.strip()]
    if len(specs) != 4:
        raise UserError(f"--bots needs four bots separated by commas (got {len(specs)})")
    for spec in specs + ([args.vs] if args.vs else []):
        try:
            make_bot(spec, seed=0)
        except ValueError as e:
            raise UserError(str(e)) from None
    rules = build_rules(args.rules, args.set)
    count = args.games or args.deals
    if count < 1:
        raise UserError("--deals and --games must be at least 1")
    fn = play_game if args.games else play_deal
    seed = str(args.seed)
    start = time.perf_counter()
    # with --vs each unit is played twice: as given, then with the other bot in seat entry 0
    tables = [specs] + ([[args.vs.strip(), *specs[1:]]] if args.vs else [])
    jobs = [(table, rules, seed, k, args.budget) for k in range(count) for table in tables]
    progress = Progress(len(jobs), "games" if args.games else "deals", enabled=not args.json)
    played = []
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            for unit in pool.map(_call, [(fn, j) for j in jobs], chunksize=4):
                played.append(unit)
                progress.step()
    else:
        for j in jobs:
            played.append(fn(*j))
            progress.step()
    progress.close()
    units = played[::len(tables)]
    elapsed = time.perf_counter() - start
    result = {
        "bots": specs,
        "rules": args.rules if not args.set else rules.summary(),
        "seed": seed,
        "mode": "games" if args.games else "deals",
        "count": count,
        "seconds": round(elapsed, 1),
        "per_bot": summarize(specs, units),
        "per_entry": [_entry_row(specs[i], [u["points"][i] for u in units]) for i in range(4)],
    }
    rest = [i for i in range(4) if specs[i] != specs[0]]
    if rest:
        # the first bot against the others on the same deals: the paired figures to compare by
        def against(key: str, digits: int = 3) -> dict[str, Any]:
            return _figure([u[key][0] - sum(u[key][i] for i in rest) / len(rest)
                            for u in units], digits)
        result["first_vs_rest"] = _entry_row(specs[0], [
            u["points"][0] - sum(u["points"][i] for i in rest) / len(rest) for u in units])
        if args.games:
            result["first_vs_rest_games"] = {"bot": specs[0], "wins": against("wins", 4),
                                             "place": against("places")}
    if args.vs:
        result["vs"] = _versus(specs[0], args.vs.strip(), units, played[1::2], bool(args.games))
    if args.json:
        print(json.dumps(result))
        return 0
    _report(result, specs, bool(args.games), elapsed)
    return 0


def _versus(first: str, other: str, units: list[dict[str, Any]],
            others: list[dict[str, Any]], games: bool) -> dict[str, Any]:
    """The first bot against ``other`` played in its place on the same deals (``others``):
    ``other``'s own figures there, and the differences unit by unit."""
    label = f"{other} in its place"
    out: dict[str, Any] = {"bot": other, "label": label,
                           "per_bot": summarize([label, "", "", ""], others)[label]}
    out["points"] = _figure([a["points"][0] - b["points"][0] for a, b in zip(units, others)])
    if games:
        out["wins"] = _figure([a["wins"][0] - b["wins"][0] for a, b in zip(units, others)], 4)
        out["place"] = _figure([a["places"][0] - b["places"][0]
                                for a, b in zip(units, others)])
    return out


def _report(result: dict[str, Any], specs: list[str], games: bool, elapsed: float) -> None:
    """The match's figures as text: games first (with ``games``), then points and moons."""
    per_bot = dict(result["per_bot"])
    vs = result.get("vs")
    if vs is not None:
        per_bot[vs["label"]] = vs["per_bot"]
    nw = min(40, max(16, max(len(name) for name in per_bot) + 2))
    what = f"{result['count']} {'games' if games else 'deals'} x 4 seatings"
    print(f"hearts match: {', '.join(specs)} | {what} | rules {result['rules']} "
          f"| seed {result['seed']} | {elapsed:.1f} s")
    if vs is not None:
        print(f"and every {'game' if games else 'deal'} again with {vs['bot']} in "
              f"{specs[0]}'s place, the same cards and table")
    if games:
        print(f"{'bot':<{nw}}{'games won':>10}  {'95% interval':<16}{'mean place':>11}  "
              "95% interval")
        for name, row in per_bot.items():
            print(f"{name[:nw - 1]:<{nw}}{row['win_rate'] * 100:>9.1f}%  "
                  f"{_between(row['win_ci95'], '.1f', 100, '%'):<16}"
                  f"{row['mean_place']:>11.2f}  {_between(row['place_ci95'], '.2f')}")
        if "first_vs_rest_games" in result:
            w, p = result["first_vs_rest_games"]["wins"], result["first_vs_rest_games"]["place"]
            print(f"{specs[0]} against the others in the same games: wins "
                  f"{w['mean'] * 100:+.1f} points of share (95% interval "
                  f"{_between(w['ci95'], '+.1f', 100)}), place "
                  f"{p['mean']:+.2f} ({_between(p['ci95'], '+.2f')}; below 0 is better)")
        if vs is not None:
            w, p = vs["wins"], vs["place"]
            print(f"{specs[0]} against {vs['bot']} in its place: wins {w['mean'] * 100:+.1f} "
                  f"points of share (95% interval {_between(w['ci95'], '+.1f', 100)}), place "
                  f"{p['mean']:+.2f} ({_between(p['ci95'], '+.2f')}; below 0 is better)")
        print()
    print(f"{'bot':<{nw}}{'pts/hand':>9}  {'95% interval':<16}{'moons shot/suffered':>20}"
          f"{'p50 ms':>9}{'p99 ms':>9}{'capped':>8}")
    for name, row in per_bot.items():
        print(f"{name[:nw - 1]:<{nw}}{row['points_per_hand']:>9.2f}  "
              f"{_between(row['ci95'], '.2f'):<16}"
              f"{str(row['moons_shot']) + ' / ' + str(row['moons_suffered']):>20}"
              f"{row['decision_ms_p50']:>9.1f}{row['decision_ms_p99']:>9.1f}{row['capped']:>8}")
    print("moons against each bot: by the seat it passed to (per passing hand) / by each other "
          "seat (per seat-hand); its passes with 2-3 cards Q+ outside hearts")
    for name, row in per_bot.items():
        print(f"  {name[:nw - 1]:<{nw}}{row['moons_suffered_from_receiver']:>5} "
              f"({row['receiver_moon_rate'] * 100:.1f}%) / {row['moons_suffered_from_others']:>5} "
              f"({row['other_seat_moon_rate'] * 100:.1f}%)   high passes "
              f"{row['high_pass_share'] * 100:.1f}% of {row['passes']}")
    tried = {name: row for name, row in per_bot.items() if row["moon_attempts"]}
    if tried:
        print("moon attempts (hands a bot played for the moon) and how many it shot: " + ", ".join(
            f"{name} {row['moon_attempts_won']} of {row['moon_attempts']} "
            f"({row['moon_attempts_won'] / row['moon_attempts'] * 100:.0f}%)"
            for name, row in tried.items()))
    if "first_vs_rest" in result:
        row = result["first_vs_rest"]
        print(f"{specs[0]} against the others on the same deals: {row['points_per_hand']:+.2f} "
              f"points a hand (95% interval {_between(row['ci95'], '+.2f')}; below 0 is better)")
    if vs is not None:
        f = vs["points"]
        print(f"{specs[0]} against {vs['bot']} in its place on the same deals: {f['mean']:+.2f} "
              f"points a hand (95% interval {_between(f['ci95'], '+.2f')}; below 0 is better)")
    if len(set(specs)) < 4:
        print("per entry: " + ", ".join(f"{e['bot']} {e['points_per_hand']:.2f}"
                                          for e in result["per_entry"]))


def _call(item: tuple[Callable[..., dict[str, Any]], tuple[Any, ...]]) -> dict[str, Any]:
    fn, job = item
    return fn(*job)
