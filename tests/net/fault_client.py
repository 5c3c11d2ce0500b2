"""A player in its own process, for fault tests: `python -m tests.net.fault_client PORT
TABLE [TOKEN]` sits at seat 1 of TABLE (or comes back with TOKEN), plays random legal
moves, and prints `token T`, `seat S`, `played C` and `game over` lines."""

from __future__ import annotations

import asyncio
import random
import sys

from net.client import Client


async def main(port: int, table: int, token: str | None) -> int:
    c = Client("127.0.0.1", port, name="Kid", token=token, reconnect=False)
    welcome = await c.connect()
    print("token", welcome["token"], flush=True)
    if token is None:
        await c.send("sit", table=table, seat=1)
    rng = random.Random()
    acted = None
    while True:
        ev = await c.next_event(60)
        kind = ev["type"]
        if kind == "closed":
            return 1
        if kind == "table":
            print("seat", ev["seat"], flush=True)
        if kind == "update" and any(e["type"] == "game_over" for e in ev["events"]):
            print("game over", flush=True)
            await c.close()
            return 0
        view = c.view
        if kind not in ("update", "table") or not view or view.get("seat") is None:
            continue
        seat = view["seat"]
        key = (tuple(view["totals"]), view["phase"], len(view["hand"]), view["turn"],
               len(view["trick"]), view["has_passed"][seat])
        if key == acted:
            continue
        if view["phase"] == "pass" and not view["has_passed"][seat]:
            acted = key
            await c.send("pass", cards=rng.sample(view["hand"], view["rules"]["pass_count"]))
        elif view["phase"] == "play" and view["turn"] == seat and view["legal"]:
            acted = key
            card = rng.choice(view["legal"])
            await c.send("play", card=card)
            print("played", card, flush=True)
        elif view["phase"] == "moon-choice" and view["turn"] == seat:
            acted = key
            await c.send("moon", choice="add")


if __name__ == "__main__":
    args = sys.argv[1:]
    sys.exit(asyncio.run(main(int(args[0]), int(args[1]), args[2] if len(args) > 2 else None)))
