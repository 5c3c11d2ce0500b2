"""`hearts bench history`: how fast a host answers stats, games and game with many finished games.

Writes ``--games`` finished games (random play, a pool of people and bot levels) into a
history file, times reading it (the index and the kept replays rebuilt from nothing, then
read back), starts
a real host on 127.0.0.1 with that save directory, and times the round trip of ``stats``,
``games`` and ``game`` (each game asked for once, so none is cached) from a client.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from hearts.bots.levels import SEAT_LEVELS
from hearts.engine import Game, Phase



def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=1000, help="finished games (default 1000)")
    parser.add_argument("--people", type=int, default=30, help="people who play (default 30)")
    parser.add_argument("--asks", type=int, default=100,
                        help="requests of each kind timed (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save-dir", default=None,
                        help="write the games here (default: a temporary folder); a folder "
                             "that already holds a history is used as it is")


def random_game(rng: random.Random) -> Game:
    game = Game(seed=rng.randrange(1 << 40))
    while not game.over:
        hand = game.hand
        if hand.phase == Phase.PASS:
            s = next(s for s in range(4) if not hand.has_passed(s))
            game.pass_cards(s, rng.sample(hand.held(s), hand.rules.pass_count))
        elif hand.turn is not None and hand.phase == Phase.PLAY:
            game.play(hand.turn, rng.choice(hand.legal_plays(hand.turn)))
        elif hand.turn is not None:
            game.choose_moon(hand.turn, "add")
    return game


def write_games(save_dir: Path, games: int, people: int, seed: int) -> None:
    """``games`` finished games in ``save_dir``'s history, as a host writes them."""
    from hearts.net.saves import append_history
    from hearts.net.stats import person_id
    rng = random.Random(seed)
    pool = [{"name": f"Player {i + 1}", "kind": "human", "id": person_id(f"key-{i:04d}")}
            for i in range(people)]
    for n in range(games):
        game = random_game(rng)
        seated: list[dict[str, Any]] = []
        for s in range(4):
            if rng.random() < 0.5:
                seated.append(rng.choice([p for p in pool if p not in seated]))
            else:
                seated.append({"name": "Ada Basil Clara Dexter".split()[s], "kind": "bot",
                               "level": rng.choice(SEAT_LEVELS)})
        append_history(save_dir, {
            "finished": time.strftime("%Y-%m-%dT%H:%M:%SZ",
                                      time.gmtime(time.time() - (games - n) * 600)),
            "table": 1 + n % 7, "name": f"Table {1 + n % 7}",
            "players": [p["name"] for p in seated], "game": game.to_dict(),
            "totals": list(game.totals), "winners": list(game.winners or []),
            "people": seated, "seating": [[0, 1, 2, 3]] * len(game.results)})


def _figures(name: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    return (f"  {name:<8} median {statistics.median(ms):6.2f} ms   p95 {p95:6.2f} ms   "
            f"max {ms[-1]:6.2f} ms   ({len(ms)} requests)")


async def _ask(save_dir: Path, asks: int, rng: random.Random) -> None:
    from hearts.net.client import Client
    from hearts.net.host import Host
    host = Host(name="bench", save_dir=save_dir)
    started = time.perf_counter()
    await host.start(bind="127.0.0.1", port=0)
    print(f"host started (history loaded) in {time.perf_counter() - started:.2f} s; "
          f"{len(host.history.entries)} games")
    client = Client("127.0.0.1", host.port, name="Bench", key="key-0000", reconnect=False)
    await client.connect()
    ids = [e["id"] for e in host.history.entries]
    times: dict[str, list[float]] = {"stats": [], "games": [], "game": []}
    sizes: dict[str, int] = {}
    from hearts.net.protocol import encode
    try:
        for kind in ("stats", "games", "game"):
            picks = rng.sample(ids, min(asks, len(ids))) if kind == "game" else [0] * asks
            for gid in picks:
                fields = {"id": gid} if kind == "game" else {}
                t = time.perf_counter()
                await client.send(kind, **fields)
                answer = await client.wait_for(kind, timeout=30)
                times[kind].append(time.perf_counter() - t)
                sizes[kind] = max(sizes.get(kind, 0), len(encode(answer)))
    finally:
        await client.close()
        await host.stop()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"round trip on 127.0.0.1 (request sent to answer read and decoded; load average "
          f"{load:.1f} on {os.cpu_count()} cores):")
    for kind, ts in times.items():
        print(_figures(kind, ts) + f"   largest answer {sizes[kind] / 1024:.1f} KiB")


def run(args: argparse.Namespace) -> int:
    from hearts.net.history import INDEX, REPLAYS, History
    from hearts.net.saves import HISTORY
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="hearts-bench-") as tmp:
        save_dir = Path(args.save_dir or tmp)
        save_dir.mkdir(parents=True, exist_ok=True)
        if not (save_dir / HISTORY).exists():
            t = time.perf_counter()
            write_games(save_dir, args.games, args.people, args.seed)
            print(f"wrote {args.games} games in {time.perf_counter() - t:.1f} s "
                  f"({(save_dir / HISTORY).stat().st_size / 1e6:.1f} MB of history)")
        (save_dir / INDEX).unlink(missing_ok=True)
        t = time.perf_counter()
        History(save_dir).load()
        print(f"index and replays rebuilt from the history in {time.perf_counter() - t:.2f} s "
              f"({(save_dir / INDEX).stat().st_size / 1e6:.2f} MB of index, "
              f"{(save_dir / REPLAYS).stat().st_size / 1e6:.1f} MB of replays)")
        t = time.perf_counter()
        History(save_dir).load()
        print(f"history and index read back in {time.perf_counter() - t:.3f} s")
        asyncio.run(_ask(save_dir, args.asks, rng))
    return 0
