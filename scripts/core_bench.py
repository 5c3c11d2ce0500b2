"""The host's core alone, without sockets: N tables of four clients playing random legal
cards, and the process CPU time spent in the core (`ServerCore.received`/`handle` and
`take`, carried out as `hearts.net.host.Host` does) per action.

    python scripts/core_bench.py [--tables 100] [--actions 30000] [--warmup 3000]
        [--profile FILE] [--parts]

Runs on this checkout and on older ones (before the core took batches: `handle` and one
`take`), so two checkouts compare with the same driver: run it with the other checkout's
interpreter (its .venv). The clients decode what they are sent (packed updates too) and
answer as `hearts bench host`'s do (the "errors" printed are theirs too: a pass sent
again on another's update while the first is in flight); their work is not counted. The clock is a fake one
that moves 1/8000 s a delivered message (about the bench's rate), so timers and the
heartbeat come as often as there, and runs do nearly the same work: under callgrind the
instructions of the same code differ by about 1.5 per cent from run to run (the clients'
refused intents, 252 to 288 in six runs, vary), far less than CPU time (docs/host-figures.md):

    PYTHONHASHSEED=0 valgrind --tool=callgrind --toggle-collect=_operator_call \
        python scripts/core_bench.py --tables 25 --warmup 300 --actions 1500 --parts
"""

from __future__ import annotations

import argparse
import cProfile
import collections
import functools
import gc
import importlib
import itertools
import operator
import random
import time
from typing import Any

from hearts.net.limits import DEFAULT_LIMITS
from hearts.net.protocol import PROTOCOL_VERSION, Decoder
from hearts.net.server import ServerCore

STEP = 1 / 8000


def _direct(fn: Any, *args: Any) -> Any:
    return fn(*args)


class Client:
    """One bench client: plays a random legal card the moment it may."""

    def __init__(self, conn: int, owner: bool, driver: "Driver") -> None:
        self.conn, self.owner, self.driver = conn, owner, driver
        self.decoder = Decoder(DEFAULT_LIMITS.from_host())
        self.rng = random.Random(conn)
        self.table: int | None = None
        self.seq = 0
        self.acted: Any = None

    def got(self, msg: Any) -> None:
        if isinstance(msg, bytes):
            for m in self.decoder.feed(msg):
                self.handle(m)
        else:
            self.handle(msg)

    def handle(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "ping":
            self.driver.queue(self.conn, {"type": "pong"})
        elif kind == "update":
            self.seq = msg["seq"]
            if self.owner and any(e["type"] == "game_over" for e in msg["events"]):
                self.driver.queue(self.conn, {"type": "start"})
            self.move(msg.get("view"))
        elif kind == "table":
            self.table = msg["table"]["id"]
            self.seq = max(self.seq, msg["seq"])
            self.move(msg.get("view"))
        elif kind == "error":
            self.driver.errors += 1

    def move(self, view: dict[str, Any] | None) -> None:
        if not view or view.get("seat") is None:
            return
        seat = view["seat"]
        key = (self.seq, view["phase"], len(view["hand"]))
        if key == self.acted:
            return
        if view["phase"] == "pass" and not view["has_passed"][seat]:
            self.acted = key
            self.driver.queue(self.conn, {"type": "pass",
                                          "cards": self.rng.sample(view["hand"], 3)}, True)
        elif view["phase"] == "play" and view["turn"] == seat and view["legal"]:
            self.acted = key
            self.driver.queue(self.conn, {"type": "play",
                                          "card": self.rng.choice(view["legal"])}, True)
        elif view["phase"] == "moon-choice" and view["turn"] == seat:
            self.acted = key
            self.driver.queue(self.conn, {"type": "moon", "choice": "add"})


class Driver:
    """The core, the clients, and the messages in flight (first in, first out)."""

    def __init__(self, tables: int) -> None:
        self.core = ServerCore(packed=True)
        self.batches = hasattr(self.core, "received")    # after issue 58
        self.now = 1.0
        self.cpu = 0.0
        self.cpu_take = 0.0     # of it, in `take`
        self.counting = False
        self.measuring = False
        self.parts = False          # `take` through functools.reduce too (`_parts`)
        self.actions = 0
        self.errors = 0
        self.pending: collections.deque[tuple[int, dict[str, Any]]] = collections.deque()
        self.clients = {c: Client(c, c % 4 == 1, self) for c in range(1, 4 * tables + 1)}
        self.due: dict[str, float] = {}

    def queue(self, conn: int, msg: dict[str, Any], action: bool = False) -> None:
        self.pending.append((conn, msg))
        if action and self.counting:
            self.actions += 1

    def carry_out(self, out: Any) -> None:
        for cid, msg in out.messages:
            self.clients[cid].got(msg)
        for cid, msg in out.closing:
            self.clients[cid].got(msg)
        for name in ("lobby_at", "heartbeat_at"):
            when = getattr(out, name, None)
            if when is not None:
                self.due[name] = when

    def take(self) -> list[Any]:
        core, outs = self.core, []
        if self.batches:
            out = core.take()
            while out:
                outs.append(out)
                out = core.take()
        else:
            outs.append(core.take())
        return outs

    def call(self, fn: Any, *args: Any) -> None:
        """One call into the core and the outboxes it leads to, timed."""
        # measured calls go through one C function, for `valgrind --toggle-collect`
        via = operator.call if self.measuring else _direct
        t0 = time.process_time()
        via(fn, *args)
        t1 = time.process_time()
        outs = via(self.take) if not self.parts else \
            via(functools.reduce, lambda _a, _b: self.take(), [0, 0])
        if self.counting:
            t2 = time.process_time()
            self.cpu += t2 - t0
            self.cpu_take += t2 - t1
        for out in outs:
            self.carry_out(out)

    def deliver(self, conn: int, msg: dict[str, Any]) -> None:
        self.now += STEP
        for name, when in list(self.due.items()):
            if when <= self.now:
                del self.due[name]
                due = self.core.lobby_due if name == "lobby_at" else self.core.heartbeat
                self.call(due, self.now)
        if self.batches:
            self.call(self.core.received, conn, [msg], self.now)
        else:
            self.call(self.core.handle, conn, msg, self.now)

    def drain(self, limit: int | None = None) -> None:
        while self.pending and (limit is None or self.actions < limit):
            self.deliver(*self.pending.popleft())

    def set_up(self) -> None:
        for conn in self.clients:
            if self.batches:
                self.call(self.core.opened, conn, "127.0.0.1", self.now)
            else:
                self.call(self.core.opened, conn, "127.0.0.1")
            self.queue(conn, {"type": "hello", "version": PROTOCOL_VERSION,
                              "name": f"b{conn}"})
        self.drain()
        owners = [c for c in self.clients.values() if c.owner]
        for owner in owners:
            self.deliver(owner.conn, {"type": "create_table", "rules": {"preset": "standard"}})
            for k in (1, 2, 3):
                self.deliver(owner.conn + k, {"type": "sit", "table": owner.table})
        self.drain()
        for owner in owners:
            self.queue(owner.conn, {"type": "start"})


def _parts(core: Any) -> None:
    """Route parts of the core through distinct C functions, so that callgrind's inclusive
    counts of those (``partial_vectorcall``, ``map_next``, ``starmap_next``,
    ``methodcaller_call``) are the parts' own: the game (`Table.act`), the members'
    messages (`member_messages`), a table's clock and bots, the flush around them. The
    names differ before issue 58 (one `ServerCore`), so they are looked up."""
    table_cls: Any = importlib.import_module("hearts.net.table").Table
    act = functools.partial(table_cls.act)
    table_cls.act = lambda self, *a: act(self, *a)
    news = getattr(core, "news", None)
    home: Any = importlib.import_module("hearts.net.news" if news is not None
                                        else type(core).__module__)
    mm = home.member_messages
    home.member_messages = lambda *a: next(map(mm, *([x] for x in a)))
    clocks, look_name = (core.clocks, "look") if news is not None else (core, "_clock_and_bots")
    flusher, flush_name = (news, "flush") if news is not None else (core, "_flush")
    look, flush = getattr(clocks, look_name), getattr(flusher, flush_name)
    setattr(clocks, look_name, lambda t: next(itertools.starmap(look, [(t,)])))
    setattr(flusher, flush_name, lambda t: operator.methodcaller("__call__", t)(flush))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--actions", type=int, default=30000, help="actions measured")
    parser.add_argument("--warmup", type=int, default=3000, help="actions not measured")
    parser.add_argument("--profile", default=None, help="cProfile the measured part to FILE")
    parser.add_argument("--parts", action="store_true",
                        help="for callgrind: the parts through distinct C functions")
    args = parser.parse_args()
    gc.collect()
    d = Driver(args.tables)
    if args.parts:
        _parts(d.core)
        d.parts = True
    d.set_up()
    d.counting = True
    d.drain(args.warmup)
    d.cpu, d.cpu_take, d.actions = 0.0, 0.0, 0
    d.measuring = True
    prof = cProfile.Profile() if args.profile else None
    if prof:
        prof.enable()
    d.drain(args.actions)
    if prof:
        prof.disable()
        prof.dump_stats(args.profile)
    print(f"core: {args.tables} tables, {d.actions} actions, {d.cpu:.3f} s CPU in the core, "
          f"{d.cpu / d.actions * 1e6:.1f} µs per action ({d.cpu_take / d.actions * 1e6:.1f} of them in "
          f"take), {d.errors} errors")


if __name__ == "__main__":
    main()
