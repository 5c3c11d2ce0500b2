"""A player in its own process, for fault tests: `python -m tests.net.fault_client PORT
TABLE [TOKEN]` sits at seat 1 of TABLE (or comes back with TOKEN), plays random legal
moves, and prints `token T`, `seat S`, `played C` and `game over` lines."""

from __future__ import annotations

import asyncio
import random
import sys

from hearts.net.client import Client, decision_key, random_intent


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
        intent = random_intent(view, rng) if kind in ("update", "table") else None
        if intent is None or decision_key(view) == acted:
            continue
        acted = decision_key(view)
        await c.send(intent[0], **intent[1])
        if intent[0] == "play":
            print("played", intent[1]["card"], flush=True)


if __name__ == "__main__":
    args = sys.argv[1:]
    sys.exit(asyncio.run(main(int(args[0]), int(args[1]), args[2] if len(args) > 2 else None)))
