"""`hearts bench night`: a whole game night on one host, in compressed time, checked after every event.

A real host runs in its own process (saving to a folder, as `hearts host --save-dir`
does) with its clocks compressed by ``--scale`` (10: ten seconds of the evening pass in
one): the grace before an away owner hands the table on, the heartbeat, the silence
that closes a sleeping phone's connection. People connect over TCP and over the host's
WebSocket side (the browser's way in) and play three tables with bots in the empty
seats, one of them for friends only (a password). Through the evening, at random but
from ``--seed``: phones sleep for 5 to 120 s (some go silent until the host gives up on
them, some drop at once) and wake up with their seat token, owners vanish, people
reload, leave, come back, join tables mid-game, a stranger knocks at the friends' table
without its password, an owner kicks someone, and the host is killed with SIGKILL and
started again with ``--resume`` (``--restarts`` times). Owners start the next game when
one ends; everyone plays random legal cards. A link the host closes on someone awake
(its compressed heartbeat silence, on a loaded machine) is made again at once with the
token, as every front end does ("link lost"): nobody is stranded for the rest of the night.

After every event (and between them) the night is checked:
- every table with a connected person can be started or continued by someone: its owner
  is connected, or the owner's away countdown is running and not overdue;
- nobody is shown a table that no longer exists;
- every person who comes back with a token and had a seat gets that seat back;
- nothing anyone was told is lost across a restart: the hand, the cards played in it,
  the scored hands are all still there;
- at the end, once every phone has woken, everyone on the way back is back and everyone
  has left (a link that is down is made again to leave), the host holds no connection,
  player, table or runtime, and its memory is back near where it started.

Printed: people, hands played, games, reconnects, ownership handovers, restarts
survived, invariant violations (must be 0, each named), p99 action latency (intent to
the sender's update), the host's memory and what it holds (connections, players,
tables) before anyone came, with everyone seated and once all left. tests/net/test_night.py runs a short night.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hearts.net.client import decision_key, random_intent
from hearts.net.limits import Limits
from hearts.net.mirror import Mirror
from hearts.net.protocol import PROTOCOL_VERSION, Decoder, encode

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "night owls"
NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lu",
         "Mo", "Ned", "Ola", "Pia", "Quin", "Rae", "Sol", "Tia")


def scaled_limits(scale: float) -> Limits:
    """The host's clocks, ``scale`` times faster than an evening's."""
    d = Limits()
    return Limits(drop_grace=d.drop_grace / scale, heartbeat_interval=d.heartbeat_interval / scale,
                  heartbeat_timeout=d.heartbeat_timeout / scale,
                  silence_check=d.silence_check / scale, bot_budget=0.02,
                  abandoned_after=d.abandoned_after / scale, bots_alone=d.bots_alone / scale)


# -- the host, in its own process ------------------------------------------------------------
def serve(port: int, web_port: int, save_dir: str, scale: float, resume: bool) -> None:
    """The child: a host on 127.0.0.1 that answers ``stats`` lines on stdin with one JSON
    line on stdout: its counts, its memory and the facts the invariants need."""
    import threading

    from hearts.net.host import Host
    from hearts.net.loop import run as run_loop

    async def main() -> None:
        host = Host(name="Game night", save_dir=save_dir, limits=scaled_limits(scale),
                    bot_level="random")
        await host.start(bind="127.0.0.1", port=port, web_port=web_port, resume=resume)
        loop = asyncio.get_running_loop()
        lines: asyncio.Queue[str | None] = asyncio.Queue()

        def read() -> None:
            for line in sys.stdin:
                loop.call_soon_threadsafe(lines.put_nowait, line.strip())
            loop.call_soon_threadsafe(lines.put_nowait, None)
        threading.Thread(target=read, daemon=True).start()
        print(json.dumps({"ready": True}), flush=True)
        while (line := await lines.get()) is not None:
            if line == "stats":
                print(json.dumps(host_facts(host, loop.time())), flush=True)
        await host.stop()

    run_loop(main())


def host_facts(host: Any, now: float) -> dict[str, Any]:
    """What the host holds now, and per table who is connected and who can go on."""
    core = host.core
    gc.collect()
    tables = []
    for t in core.tables.values():
        people = [core.players.get(tok) for tok in t.members()]
        connected = sum(1 for p in people if p is not None and p.conn is not None)
        owner = core.players.get(t.owner) if t.owner else None
        due = t.owner_deadline()
        tables.append({"id": t.id, "state": str(t.state), "connected": connected,
                       "owner_here": owner is not None and owner.conn is not None,
                       "owner_due_in": None if due is None else due - now})
    hands = sum(int(e.get("hands") or 0) for e in host.history.entries)
    hands += sum(len(t.game.results) for t in core.tables.values()
                 if t.game is not None and not t.game.over)
    held = [{"name": p.name, "connected": p.conn is not None, "table": p.table}
            for p in core.players.values()]
    return {"connections": len(host._connections), "players": len(core.players), "held": held,
            "tables": len(core.tables), "runtimes": len(host.runtimes()),
            "rss_kb": _rss_kb(), "table_facts": tables, "hands": hands,
            "games": len(host.history.entries)}


def _rss_kb() -> int:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


class HostProcess:
    """The host child: started, asked for its facts, killed, started again."""

    def __init__(self, port: int, web_port: int, save_dir: str, scale: float) -> None:
        self.port, self.web_port, self.save_dir, self.scale = port, web_port, save_dir, scale
        self.proc: asyncio.subprocess.Process | None = None
        self._asking = asyncio.Lock()

    async def start(self, resume: bool = False) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", "import sys; from hearts.bench.night import serve; "
            f"serve({self.port}, {self.web_port}, {self.save_dir!r}, {self.scale}, {resume})",
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        assert self.proc.stdout is not None
        line = await asyncio.wait_for(self.proc.stdout.readline(), 30)
        if not line:
            raise RuntimeError("the host process did not start")

    async def facts(self) -> dict[str, Any]:
        assert self.proc is not None and self.proc.stdin is not None and self.proc.stdout
        async with self._asking:
            self.proc.stdin.write(b"stats\n")
            await self.proc.stdin.drain()
            line = await asyncio.wait_for(self.proc.stdout.readline(), 20)
        data: dict[str, Any] = json.loads(line)
        return data

    async def kill(self) -> None:
        """SIGKILL: no goodbye, no last save."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
            await self.proc.wait()

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                await asyncio.wait_for(self.proc.wait(), 10)
            except asyncio.TimeoutError:
                await self.kill()


# -- the people -------------------------------------------------------------------------------
@dataclass
class Stats:
    """What the night counted."""

    reconnects: int = 0
    handovers: int = 0
    restarts: int = 0
    latencies: list[float] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    events: dict[str, int] = field(default_factory=dict)

    def event(self, kind: str) -> None:
        self.events[kind] = self.events.get(kind, 0) + 1

    def violate(self, what: str) -> None:
        self.violations.append(what)


class Person:
    """One guest: a connection over TCP or WebSocket, a `Mirror` of what the host said,
    random legal play, and a phone that sleeps."""

    def __init__(self, night: "Night", name: str, web: bool) -> None:
        self.night = night
        self.name = name
        self.web = web
        self.rng = random.Random(f"{night.seed}/{name}")
        self.mirror = Mirror()
        self.token: str | None = None
        self.asleep = False
        self.alive = False             # a connection is open and welcomed
        self.knows_password = False
        self.kicked_from: set[int] = set()
        self._writer: Any = None
        self._ws: Any = None
        self._task: asyncio.Task[None] | None = None
        self._answered: Any = None
        self._sent_at: dict[tuple[str, str], float] = {}
        self._pong: asyncio.Event | None = None
        self._welcome: asyncio.Future[dict[str, Any]] | None = None
        self._table: asyncio.Event = asyncio.Event()
        self.linking = asyncio.Lock()  # one reconnection at a time

    # -- the connection -----------------------------------------------------------------------
    async def connect(self, within: float = 15.0) -> dict[str, Any] | None:
        """Connect and say hello (with the token: coming back); the ``welcome`` (None: no
        host answered ``within`` seconds)."""
        end = time.monotonic() + within
        while time.monotonic() < end:
            self.drop()
            try:
                return await self._open()
            except (OSError, asyncio.TimeoutError, ConnectionError, EOFError):
                await asyncio.sleep(0.05)
            except Exception as e:                # websockets' refusals
                if type(e).__module__.startswith("websockets"):
                    await asyncio.sleep(0.05)
                    continue
                raise
        return None

    async def _open(self) -> dict[str, Any]:
        night = self.night
        loop = asyncio.get_running_loop()
        self._welcome = loop.create_future()
        self._table.clear()
        self._answered = None          # an action sent as the link broke is made again
        if self.web:
            from websockets.asyncio.client import connect
            self._ws = await asyncio.wait_for(connect(
                f"ws://127.0.0.1:{night.host.web_port}/ws", max_size=2 ** 22,
                ping_interval=None), 2)
            self._task = asyncio.create_task(self._read_ws(self._ws))
        else:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection("127.0.0.1", night.host.port), 2)
            self._writer = writer
            self._task = asyncio.create_task(self._read_tcp(reader))
        hello: dict[str, Any] = {"type": "hello", "version": PROTOCOL_VERSION, "name": self.name}
        if self.token:
            hello["token"] = self.token
        self._write(hello)
        welcome = await asyncio.wait_for(self._welcome, 3)
        self.alive = True
        return welcome

    def _write(self, msg: dict[str, Any]) -> None:
        data = encode(msg)
        if self._ws is not None:
            asyncio.ensure_future(self._ws_send(self._ws, data))
        elif self._writer is not None and not self._writer.is_closing():
            self._writer.write(data)

    @staticmethod
    async def _ws_send(ws: Any, data: bytes) -> None:
        try:
            await ws.send(data)
        except Exception:
            pass

    async def _read_tcp(self, reader: asyncio.StreamReader) -> None:
        dec = Decoder(Limits().from_host())
        try:
            while data := await reader.read(65536):
                for msg in dec.feed(data):
                    self._on(msg)
        except (OSError, ValueError):
            pass
        self._lost()

    async def _read_ws(self, ws: Any) -> None:
        dec = Decoder(Limits().from_host())
        try:
            async for data in ws:
                for msg in dec.feed(data):
                    self._on(msg)
        except Exception:
            pass
        self._lost()

    def _lost(self) -> None:
        """The host closed the link (a `drop` cancels the reader first and never gets here)."""
        was_alive, self.alive = self.alive, False
        if self._welcome is not None and not self._welcome.done():
            self._welcome.set_exception(ConnectionError("closed before the welcome"))
        if was_alive and not self.asleep:
            self.night.link_lost(self)

    def drop(self) -> None:
        """Close the connection at once (a phone's OS, a reload)."""
        self.alive = False
        if self._writer is not None:
            self._writer.transport.abort()
            self._writer = None
        if self._ws is not None:
            ws, self._ws = self._ws, None
            ws.transport.abort()
        if self._task is not None:
            self._task.cancel()
            self._task = None

    # -- what the host says ---------------------------------------------------------------------
    def _on(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind == "ping" and not self.asleep:
            self._write({"type": "pong"})
            return
        if kind == "pong" and self._pong is not None:
            self._pong.set()
            return
        if self.asleep:
            return                                   # a sleeping phone hears nothing
        self.mirror.feed(msg)
        if kind == "welcome":
            self.token = msg.get("token")
            if self._welcome is not None and not self._welcome.done():
                self._welcome.set_result(msg)
        elif kind == "table":
            self._table.set()
        elif kind == "left" and msg.get("reason") == "kicked":
            self.kicked_from.add(int(msg.get("table") or 0))
        elif kind == "error" and msg.get("ref") in ("play", "pass", "moon"):
            self._answered = None      # refused: decide again
        elif kind == "update":
            now = time.monotonic()
            for e in msg.get("events") or ():
                if e.get("type") == "owner_changed" and e.get("why") in ("away", "left"):
                    if self.mirror.seat is not None and e.get("seat") == self.mirror.seat:
                        self.night.stats.handovers += 1
                if e.get("type") in ("card_played", "passed") and e.get("seat") == self.mirror.seat:
                    sent = self._sent_at.pop((e["type"], str(e.get("card", ""))), None)
                    if sent is not None:
                        self.night.stats.latencies.append(now - sent)
        if kind in ("table", "update"):
            self._act()

    def _act(self) -> None:
        """Play a random legal card (or pass) once per decision; an owner starts the next game."""
        if self.asleep or not self.alive:
            return
        info = self.mirror.info
        if info is not None and info.owner and info.state in ("waiting", "over") \
                and self.night.playing:
            asyncio.get_running_loop().call_later(self.rng.uniform(0.02, 0.2), self._start)
        view = self.mirror.view_map
        intent = random_intent(view, self.rng)
        if intent is None or view is None:
            return
        key = decision_key(view)
        if key == self._answered:
            return
        self._answered = key
        kind, fields = intent
        self._sent_at[("passed" if kind == "pass" else "card_played",
                       str(fields.get("card", "")))] = time.monotonic()
        self._write({"type": kind, **fields})

    def _start(self) -> None:
        info = self.mirror.info
        if (not self.asleep and self.alive and info is not None and info.owner
                and info.state in ("waiting", "over") and self.night.playing):
            self._write({"type": "start"})

    async def flush(self) -> bool:
        """A ping answered: every message the host sent before it has arrived."""
        if not self.alive or self.asleep:
            return False
        self._pong = asyncio.Event()
        self._write({"type": "ping"})
        try:
            await asyncio.wait_for(self._pong.wait(), 5)
            return True
        except asyncio.TimeoutError:
            return False

    def send(self, type_: str, **fields: Any) -> None:
        if self.alive and not self.asleep:
            self._write({"type": type_, **fields})

    def knowledge(self) -> tuple[int, int, tuple[Any, ...], frozenset[str]] | None:
        """What this seated person was told of its table: (table, hand, every scored hand's
        points, the cards seen played in the hand)."""
        info, v = self.mirror.info, self.mirror.view_map
        if info is None or info.id is None or self.mirror.seat is None or v is None:
            return None
        played = {c for t in v.get("tricks") or () for c in t[1]}
        played |= {c for _, c in v.get("trick") or ()}
        return (info.id, info.hand, tuple(r.points for r in info.results), frozenset(played))


# -- the night ------------------------------------------------------------------------------------
@dataclass
class NightConfig:
    people: int = 14
    web_share: float = 0.4         # of the people, over WebSocket
    hands: int = 300               # stop once the host has scored this many (30 games' worth)
    scale: float = 10.0
    restarts: int = 2
    target: int = 40               # short games: many games, many owners' starts
    seed: int = 1
    tick: float = 0.25             # real seconds between events
    max_seconds: float = 1200.0


class Night:
    def __init__(self, cfg: NightConfig, host: HostProcess) -> None:
        self.cfg = cfg
        self.seed = cfg.seed
        self.rng = random.Random(cfg.seed)
        self.host = host
        self.stats = Stats()
        # the web share spread evenly over the people
        self.people = [Person(self, NAMES[i % len(NAMES)] + ("" if i < len(NAMES) else str(i)),
                              web=int((i + 1) * cfg.web_share) > int(i * cfg.web_share))
                       for i in range(cfg.people)]
        self.playing = False
        self.hands = 0
        self.games = 0
        self.kicked = False
        self.tables: list[int] = []
        self._script = [k for k, _ in self.EVENTS]
        self.relinking = False         # a link the host closes is made again (off in a restart)
        # people coming back (a link made again, a phone waking) and the phones' alarms:
        # the night ends only once every one of them is done or called off
        self._comebacks: set[asyncio.Future[None]] = set()
        self._alarms: set[asyncio.TimerHandle] = set()
        self.trace: Any = print if os.environ.get("HEARTS_NIGHT_TRACE") else None

    def link_lost(self, p: Person) -> None:
        """The host closed an awake person's link (its heartbeat silence on a loaded
        machine, say): like every front end, they come back with their token at once."""
        if not self.relinking:
            return
        self.stats.event("link lost")
        self._come_back_later(self._reconnect(p))

    def _come_back_later(self, coming_back: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(coming_back)
        self._comebacks.add(task)
        task.add_done_callback(self._comebacks.discard)

    # -- evening seconds to real ones --------------------------------------------------------------
    def real(self, evening_seconds: float) -> float:
        return evening_seconds / self.cfg.scale

    async def run(self) -> dict[str, Any]:
        cfg = self.cfg
        start = time.monotonic()
        base = await self.host.facts()
        for p in self.people:
            if await p.connect() is None:
                raise RuntimeError(f"{p.name} could not connect")
        self.relinking = True
        await self._seat_everyone()
        full = await self.host.facts()
        self.playing = True
        for p in self.people:
            p._act()
        restart_at = [cfg.hands * (k + 1) // (cfg.restarts + 1) for k in range(cfg.restarts)]
        while True:
            facts = await self.host.facts()
            self.hands, self.games = int(facts["hands"]), int(facts["games"])
            if self.trace:
                self.trace(f"{time.monotonic() - start:6.1f} s: {self.hands} hands, "
                           f"{self.games} games, events {self.stats.events}, "
                           f"tables {facts['table_facts']}")
            if self.hands >= cfg.hands and self.stats.restarts >= cfg.restarts \
                    and self._every_event_happened():
                break
            if time.monotonic() - start > cfg.max_seconds:
                self.stats.violate(f"the night did not reach {cfg.hands} hands in "
                                   f"{cfg.max_seconds:g} s (only {self.hands})")
                break
            if restart_at and self.hands >= restart_at[0]:
                restart_at.pop(0)
                await self._restart()
            else:
                await self._event()
            await self.check()
            await asyncio.sleep(cfg.tick)
        self.playing = False
        await self._last_call()
        await self.check()
        end = await self._everyone_leaves(base)
        return {"seconds": time.monotonic() - start, "base_rss_kb": self.base_rss,
                "end_rss_kb": int(end.get("rss_kb") or 0),
                "counts": {k: [f.get(k) for f in (base, full, end)] for k in self.COUNTS}}

    async def _last_call(self) -> None:
        """The night is over: every sleeping phone wakes now (no alarm goes off later),
        and everyone on their way back has come back."""
        for alarm in self._alarms:
            alarm.cancel()
        self._alarms.clear()
        for p in self.people:
            await self._wake(p)
        self.relinking = False
        while self._comebacks:
            await asyncio.gather(*self._comebacks)

    def _every_event_happened(self) -> bool:
        return not self._script

    async def _seat_everyone(self) -> None:
        """Three owners open tables (one for friends only); the others sit where there is room,
        the friends' table taking only those who know its password; a few stay in the lobby."""
        owners = self.people[:3]
        for i, o in enumerate(owners):
            fields: dict[str, Any] = {"name": f"Table {i + 1}", "rules": {"target": self.cfg.target}}
            if i == 2:
                fields["password"] = PASSWORD
                o.knows_password = True
            for _ in range(6):                          # (again if the link was lost)
                if o.mirror.info is not None:
                    break
                async with o.linking:
                    o.send("create_table", **fields)
                try:
                    await asyncio.wait_for(o._table.wait(), 5)
                except asyncio.TimeoutError:
                    pass
            if o.mirror.info is None or o.mirror.info.id is None:
                raise RuntimeError(f"{o.name} could not open a table")
            self.tables.append(o.mirror.info.id)
        others = self.people[3:]
        for p in others[::4]:
            p.knows_password = True
        for k, p in enumerate(others[: len(others) - 2]):
            tid = self.tables[k % 3]
            fields = {"table": tid}
            if tid == self.tables[2]:
                if not p.knows_password:
                    tid = self.tables[k % 2]
                    fields = {"table": tid}
                else:
                    fields["password"] = PASSWORD
            p.send("sit", **fields)
            await p.flush()                             # seated, or the table was full: lobby
        for p in self.people:
            await p.flush()

    # -- events ---------------------------------------------------------------------------------
    def _awake(self) -> list[Person]:
        return [p for p in self.people if p.alive and not p.asleep]

    # every kind of event, first once each in this order (a short night has them all),
    # then drawn at random with these weights
    EVENTS = (("silent sleep", 14), ("sleep", 11), ("owner vanishes", 8), ("reload", 10),
              ("leave", 7), ("join", 12), ("stranger", 5), ("kick", 3))

    async def _event(self) -> None:
        awake = self._awake()
        if not awake:
            return
        if self._script:
            kind = self._script.pop(0)
            if await getattr(self, "_ev_" + kind.replace(" ", "_"))(awake):
                return
            # not possible now: later, and the evening goes on meanwhile (another event
            # makes it possible: someone leaves to the lobby, a table starts)
            self._script.append(kind)
            awake = self._awake()
            if not awake:
                return
        kind = self.rng.choices([k for k, _ in self.EVENTS], [w for _, w in self.EVENTS])[0]
        await getattr(self, "_ev_" + kind.replace(" ", "_"))(awake)

    async def _ev_silent_sleep(self, awake: list[Person]) -> bool:
        await self._sleep(self.rng.choice(awake), self.rng.uniform(5, 120), silent=True)
        return True

    async def _ev_sleep(self, awake: list[Person]) -> bool:
        await self._sleep(self.rng.choice(awake), self.rng.uniform(5, 120), silent=False)
        return True

    async def _ev_owner_vanishes(self, awake: list[Person]) -> bool:
        owners = [p for p in awake if p.mirror.owner and p.mirror.info is not None
                  and any(s.human and s.connected and s.seat != p.mirror.seat
                          for s in p.mirror.info.seats)]
        if not owners:
            return False
        self.stats.event("owner vanishes")
        await self._sleep(self.rng.choice(owners), self.rng.uniform(30, 120),
                          silent=self.rng.random() < 0.5)
        return True

    async def _ev_reload(self, awake: list[Person]) -> bool:
        self.stats.event("reload")
        await self._reconnect(self.rng.choice(awake))
        return True

    async def _ev_leave(self, awake: list[Person]) -> bool:
        seated = [p for p in awake if p.mirror.seat is not None and not p.mirror.owner]
        if not seated:
            return False
        p = self.rng.choice(seated)
        self.stats.event("leave")
        p.send("leave")
        await p.flush()
        return True

    async def _ev_join(self, awake: list[Person]) -> bool:
        return await self._join(awake)

    async def _ev_stranger(self, awake: list[Person]) -> bool:
        """Someone without the password knocks at the friends' table."""
        strangers = [p for p in awake if not p.knows_password and p.mirror.info is None]
        if not strangers:
            return False
        p = strangers[0]
        p.send("sit", table=self.tables[2])
        await p.flush()
        if p.mirror.info is None:
            self.stats.event("password refused")
        else:
            self.stats.violate(f"{p.name} sat at the friends' table without its password")
        return True

    async def _ev_kick(self, awake: list[Person]) -> bool:
        if self.kicked:
            return True
        for o in awake:
            info = o.mirror.info
            if info is None or not info.owner:
                continue
            victims = [s for s in info.seats if s.human and s.seat != o.mirror.seat]
            if victims:
                victim = self.rng.choice(victims)
                for p in self.people:           # (asleep, they will not hear it)
                    if p.name == victim.name and info.id is not None:
                        p.kicked_from.add(info.id)
                o.send("kick", seat=victim.seat)
                await o.flush()
                self.kicked = True
                self.stats.event("kick")
                return True
        return False

    async def _join(self, awake: list[Person]) -> bool:
        """Someone in the lobby sits down (mid-game: a bot's seat, from the next hand)."""
        lobby = [p for p in awake if p.mirror.info is None]
        if not lobby:
            return False
        p = self.rng.choice(lobby)
        choices = [t for t in self.tables if t not in p.kicked_from
                   and (t != self.tables[2] or p.knows_password)]
        if not choices:
            return False
        tid = self.rng.choice(choices)
        fields: dict[str, Any] = {"table": tid}
        if tid == self.tables[2]:
            fields["password"] = PASSWORD
        line = next((t for t in p.mirror.tables if t.get("id") == tid), None)
        bots = [s["seat"] for s in (line or {}).get("seats") or () if s.get("kind") == "bot"]
        if line is not None and line.get("state") in ("playing", "paused") and bots:
            fields["seat"] = self.rng.choice(bots)      # a bot's seat, from the next hand
        p.send("sit", **fields)
        await p.flush()
        info = p.mirror.info
        if info is not None and info.state in ("playing", "paused"):
            self.stats.event("join mid-game")
            return True
        if info is None:                         # full: watch it instead
            fields.pop("seat", None)
            p.send("watch", **fields)
            await p.flush()
        return False

    async def _sleep(self, p: Person, evening_seconds: float, silent: bool) -> None:
        """A phone sleeps (silent: the host gives up on it after its heartbeat silence;
        else it drops at once) and wakes later with its token."""
        self.stats.event("silent sleep" if silent else "sleep")
        seat = (p.mirror.info.id, p.mirror.seat) if p.mirror.info is not None else None
        p.asleep = True
        if not silent:
            p.drop()

        def wake() -> None:
            self._alarms.discard(alarm)
            self._come_back_later(self._wake(p, seat))
        alarm = asyncio.get_running_loop().call_later(self.real(evening_seconds), wake)
        self._alarms.add(alarm)

    async def _wake(self, p: Person, seat: tuple[int | None, int | None] | None = None) -> None:
        if not p.asleep:
            return
        p.asleep = False
        await self._reconnect(p, seat)

    async def _reconnect(self, p: Person, seat: tuple[int | None, int | None] | None = None,
                         before: Any = None) -> None:
        """Drop (if still connected) and come back with the token; the seat must be there
        (and, across a restart, everything told before it: ``before``)."""
        async with p.linking:
            await self._come_back(p, seat, before)

    async def _come_back(self, p: Person, seat: tuple[int | None, int | None] | None,
                         before: Any) -> None:
        if seat is None and p.mirror.info is not None:
            seat = (p.mirror.info.id, p.mirror.seat)
        p.drop()
        welcome = await p.connect()
        if welcome is None:
            self.stats.violate(f"{p.name} could not come back")
            return
        self.stats.reconnects += 1
        if seat is not None and seat[1] is not None and seat[0] not in p.kicked_from:
            if welcome.get("table") != seat[0]:
                self.stats.violate(f"{p.name} came back with a token and is not at table "
                                   f"{seat[0]} (welcome: {welcome.get('table')})")
                return
            try:
                await asyncio.wait_for(p._table.wait(), 5)
            except asyncio.TimeoutError:
                self.stats.violate(f"{p.name} came back to table {seat[0]} and was not sent it")
                return
            if p.mirror.seat != seat[1]:
                self.stats.violate(f"{p.name} came back to seat {p.mirror.seat}, not {seat[1]}")
            if before is not None:
                self._nothing_lost(p, before)
        p._act()

    def _nothing_lost(self, p: Person, before: Any) -> None:
        """What ``p`` was told before it went is still what the host says now."""
        now = p.knowledge()
        if before is None or now is None or before[0] != now[0]:
            return
        _, hand, scored, played = before
        _, hand2, scored2, played2 = now
        self.stats.event("knowledge compared")
        if scored2[:len(scored)] != scored or hand2 < hand:
            self.stats.violate(f"{p.name} was told hand {hand + 1} with {len(scored)} scored "
                               f"at table {now[0]}, and came back to hand {hand2 + 1} with "
                               f"{len(scored2)} ({scored} / {scored2})")
        elif hand2 == hand and not played <= played2:
            self.stats.violate(f"{p.name} saw {sorted(played - played2)} played in hand "
                               f"{hand + 1}; after coming back they are not")

    async def _restart(self) -> None:
        """SIGKILL the host and start it again with --resume; everyone awake comes back, to
        everything they were told (taken after a ping round: all they were sent)."""
        self.playing = False                       # owners start no game until all are back
        awake = self._awake()
        # only what reached someone whose link is up (a ping answered) was surely told;
        # a person coming back meanwhile is only checked for the seat
        flushed = await asyncio.gather(*(p.flush() for p in awake))
        sure = [p for p, ok in zip(awake, flushed) if ok and p.alive and not p.asleep]
        told = {p.name: p.knowledge() for p in sure}
        seats = {p.name: (p.mirror.info.id, p.mirror.seat) for p in sure
                 if p.mirror.info is not None}
        self.relinking = False
        await self.host.kill()
        for p in self.people:
            p.drop()
        await self.host.start(resume=True)
        self.stats.restarts += 1
        self.base_rss = (await self.host.facts())["rss_kb"]
        await asyncio.gather(*(self._reconnect(p, seats.get(p.name), told.get(p.name))
                               for p in self.people if not p.asleep))
        self.relinking = True
        self.playing = True
        for p in self._awake():
            p._act()

    base_rss = 0

    # -- the invariants ---------------------------------------------------------------------------
    async def check(self) -> None:
        awake = [p for p in self.people if p.alive and not p.asleep]
        await asyncio.gather(*(p.flush() for p in awake))
        facts = await self.host.facts()
        tables = {t["id"]: t for t in facts["table_facts"]}
        grace = scaled_limits(self.cfg.scale).drop_grace
        for t in tables.values():
            if t["connected"] and not t["owner_here"]:
                due = t["owner_due_in"]
                if due is None or due < -max(0.5, grace):
                    self.stats.violate(f"table {t['id']} ({t['state']}) has {t['connected']} "
                                       f"connected but nobody who can start or go on "
                                       f"(owner due in {due})")
        for p in awake:
            info = p.mirror.info
            if info is not None and info.id not in tables and p.alive:
                self.stats.violate(f"{p.name} is shown table {info.id}, which no longer exists")

    COUNTS = ("connections", "players", "tables", "runtimes")
    LEAVING = 10.0          # seconds the host has to let go of everyone who left

    async def _go_home(self, p: Person) -> None:
        """``p`` leaves the table and closes the link for good: once the host has heard the
        leave (a ping answered after it); a link that is down is made again first (the
        host keeps a seat whose person only lost the link, as it must)."""
        async with p.linking:
            for _ in range(3):
                if not p.alive and await p.connect() is None:
                    self.stats.violate(f"{p.name} could not come back to leave")
                    break
                p.send("leave")
                if await p.flush():
                    break
            p.drop()

    async def _everyone_leaves(self, base: dict[str, Any]) -> dict[str, Any]:
        """Everyone leaves (after `_last_call`); the host must be back to ``base`` (what it
        held before anyone came) within ``LEAVING`` seconds; its facts then."""
        await asyncio.gather(*(self._go_home(p) for p in self.people))
        deadline = time.monotonic() + self.LEAVING
        while True:
            facts = await self.host.facts()
            if all(facts[what] <= base[what] for what in self.COUNTS) \
                    or time.monotonic() > deadline:
                break
            await asyncio.sleep(0.1)
        held = ", ".join(f"{h['name']} ({'connected' if h['connected'] else 'away'}, "
                         f"{'at table ' + str(h['table']) if h['table'] else 'in the lobby'})"
                         for h in facts.get("held") or ())
        for what in self.COUNTS:
            if facts.get(what, 0) > base[what]:
                self.stats.violate(f"the host still holds {facts[what]} {what} after everyone "
                                   f"left ({base[what]} before anyone came; people: {held})")
        rss = int(facts.get("rss_kb") or 0)
        if self.base_rss and rss > self.base_rss * 1.5 + 20_000:
            self.stats.violate(f"the host's memory grew from {self.base_rss} kB to {rss} kB")
        return facts


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@asynccontextmanager
async def fresh_host_night(cfg: NightConfig) -> AsyncIterator[Night]:
    """A night on a fresh host, started (its saves in a temporary folder); afterwards
    everyone's link is dropped and the host stopped."""
    with tempfile.TemporaryDirectory(prefix="hearts-night-") as save_dir:
        host = HostProcess(_free_port(), _free_port(), save_dir, cfg.scale)
        await host.start()
        night = Night(cfg, host)
        try:
            yield night
        finally:
            for p in night.people:
                p.drop()
            await host.stop()


async def run_night(cfg: NightConfig) -> tuple[Night, dict[str, Any]]:
    """One night on a fresh host (`fresh_host_night`)."""
    async with fresh_host_night(cfg) as night:
        night.base_rss = (await night.host.facts())["rss_kb"]
        result = await night.run()
    return night, result


def _pct(xs: list[float], p: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p / 100))] * 1000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--people", type=int, default=14, help="guests (at least 12)")
    parser.add_argument("--hands", type=int, default=300,
                        help="play until the host has scored this many hands (300: about 30 "
                             "games to 100 points)")
    parser.add_argument("--scale", type=float, default=10.0,
                        help="evening seconds per real second (the host's clocks, the sleeps)")
    parser.add_argument("--restarts", type=int, default=2, help="SIGKILLs with --resume")
    parser.add_argument("--web-share", type=float, default=0.4,
                        help="the share of people over WebSocket")
    parser.add_argument("--seed", type=int, default=1)


def run(args: argparse.Namespace) -> int:
    cfg = NightConfig(people=args.people, hands=args.hands, scale=args.scale,
                      restarts=args.restarts, web_share=args.web_share, seed=args.seed)
    from hearts.net.loop import run as run_loop
    night, result = run_loop(run_night(cfg))
    s = night.stats
    web = sum(p.web for p in night.people)
    print(f"hearts bench night: {len(night.people)} people ({len(night.people) - web} over TCP, "
          f"{web} over WebSocket) at 3 tables with bots, time x{cfg.scale:g}, "
          f"{result['seconds']:.0f} s")
    print(f"  hands played      : {night.hands} ({night.games} games finished)")
    print(f"  reconnects        : {s.reconnects}")
    print(f"  handovers         : {s.handovers}")
    print(f"  restarts survived : {s.restarts}")
    print(f"  events            : " + ", ".join(f"{k} {v}" for k, v in sorted(s.events.items())))
    print(f"  p99 action latency: {_pct(s.latencies, 99):.1f} ms (p50 {_pct(s.latencies, 50):.1f} "
          f"ms, {len(s.latencies)} actions)")
    print(f"  host memory       : {result['base_rss_kb'] / 1024:.1f} MB after the last start, "
          f"{result['end_rss_kb'] / 1024:.1f} MB once everyone left")
    counts = result["counts"]
    print("  host holds        : " + ", ".join(
        f"{c[0]}/{c[1]}/{c[2]} {what}" for what, c in counts.items())
        + " (before anyone came/everyone seated/once all left)")
    print(f"  invariant violations: {len(s.violations)}")
    for v in s.violations[:20]:
        print(f"    - {v}")
    return 1 if s.violations else 0


__all__ = ["Night", "NightConfig", "add_arguments", "run", "run_night", "serve"]
