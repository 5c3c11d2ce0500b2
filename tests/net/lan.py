"""A host without sockets for decision tests: the real `hearts.net.server.ServerCore`, people as
numbered connections with a `hearts.net.mirror.Mirror` each, time given by the test.

`Lan.pump` carries out the core's outbox the way `hearts.net.host.Host` does (minus bytes and
files): messages reach the people, closed connections are lost, the bots' turns are
played at once with the real bots, hints are computed, clocks are kept to be run by
`Lan.advance`.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from hearts.bots import hint as bot_hint
from hearts.bots import make_bot
from hearts.net.client import decision_key, random_intent
from hearts.net.limits import Limits
from hearts.net.mirror import Mirror, MirrorReader
from hearts.net.protocol import PROTOCOL_VERSION, Decoder
from hearts.net.server import BotTurn, ConnId, ServerCore, bot_action

FAST = Limits(drop_grace=0.3, heartbeat_interval=0.5, heartbeat_timeout=5.0, hello_timeout=2.0,
              bot_budget=0.05)


class Person(MirrorReader):
    """One connection: what it was sent (``inbox``, and folded in ``mirror``)."""

    def __init__(self, lan: "Lan", name: str, conn: ConnId) -> None:
        self.lan = lan
        self.name = name
        self.conn = conn
        self.mirror = Mirror()
        self.inbox: list[dict[str, Any]] = []
        self.closed = False

    @property
    def token(self) -> str | None:
        return self.mirror.token

    def send(self, type_: str, **fields: Any) -> None:
        self.lan.send(self, {"type": type_, **fields})

    def take(self) -> list[dict[str, Any]]:
        """The messages since the last call."""
        out, self.inbox = self.inbox, []
        return out

    def ask(self, text: str) -> dict[str, Any]:
        """A console line; its ``reply``."""
        self.take()
        self.send("command", text=text)
        return self.last("reply")

    def last(self, kind: str) -> dict[str, Any]:
        """The last message of ``kind`` not yet taken (AssertionError when none)."""
        found = [m for m in self.inbox if m["type"] == kind]
        assert found, f"{self.name} got no {kind!r}: {[m['type'] for m in self.inbox]}"
        return found[-1]

    def changes(self, kind: str) -> list[dict[str, Any]]:
        """The changes of ``kind`` in the updates not yet taken."""
        return [e for m in self.inbox if m["type"] == "update" for e in m["events"]
                if e["type"] == kind]


class Lan:
    """A `ServerCore` and the people connected to it."""

    def __init__(self, limits: Limits = FAST, seed: int | None = 7, bot_level: str = "random",
                 **options: Any) -> None:
        self.core = ServerCore("test", limits=limits, bot_level=bot_level, seed=seed, **options)
        self.now = 0.0
        self.people: dict[ConnId, Person] = {}
        self.clocks: dict[int, float] = {}
        self.bots: dict[tuple[int, int], tuple[str, Any]] = {}
        self.run_bots = True
        self.turns: list[BotTurn] = []          # the bots' turns, while run_bots is off
        self._next = 1

    # -- people ---------------------------------------------------------------------------
    def join(self, name: str, token: str | None = None, lang: str | None = None,
             words: bool = False, **fields: Any) -> Person:
        """A new connection that says hello (with ``token``: coming back; ``lang``: the
        language it reads; ``words``: each change worded for it, as the page asks; any
        other ``fields`` of the hello as they are)."""
        conn = self._next
        self._next += 1
        person = self.people[conn] = Person(self, name, conn)
        self.core.opened(conn, f"10.0.0.{conn % 250 + 2}")
        msg = {"type": "hello", "version": PROTOCOL_VERSION, "name": name}
        if token:
            msg["token"] = token
        if lang:
            msg["lang"] = lang
        if words:
            msg["words"] = True
        msg.update(fields)
        self.send(person, msg)
        return person

    def back(self, person: Person) -> Person:
        """``person`` connects again with its token (a new connection)."""
        return self.join(person.name, person.token)

    def drop(self, person: Person) -> None:
        """``person``'s connection is lost."""
        person.closed = True
        self.core.lost(person.conn, self.now)
        self.pump()

    def send(self, person: Person, msg: dict[str, Any]) -> None:
        assert not person.closed, f"{person.name}'s connection is closed"
        self.core.handle(person.conn, msg, self.now)
        self.pump()

    def operator(self, line: str) -> str | None:
        """A line at the host's terminal."""
        answer = self.core.operate(line, self.now)
        self.pump()
        return answer

    # -- the outbox -----------------------------------------------------------------------
    def pump(self, limit: int = 5000) -> None:
        """Carry out the core's decisions until it has none left."""
        for _ in range(limit):
            out = self.core.take()
            if not out:
                return
            for conn, data in out.messages:
                person = self.people.get(conn)
                msg = Decoder().feed(data)[0] if isinstance(data, bytes) else data
                if person is not None and not person.closed:
                    person.inbox.append(msg)
                    person.mirror.feed(msg)
            for conn, last in out.closing:
                person = self.people.get(conn)
                if person is not None and not person.closed:
                    person.inbox.append(last)
                    person.closed = True
                    self.core.lost(conn, self.now)
            for conn in out.hang_up + out.drop:     # told already (the bye), or silent
                person = self.people.get(conn)
                if person is not None and not person.closed:
                    person.closed = True
                    self.core.lost(conn, self.now)
            for tid, when in out.clocks.items():
                if when is None:
                    self.clocks.pop(tid, None)
                else:
                    self.clocks[tid] = when
            for tid, _ in out.closed_tables:
                self.clocks.pop(tid, None)
                for key in [k for k in self.bots if k[0] == tid]:
                    del self.bots[key]
            for read in out.reads:
                self.core.game_read(read, self.core.history.game(read.game, read.hand))
            for player_id, view in out.hints:
                h = bot_hint(view, 0.01)
                self.core.hint_ready(player_id, view, [str(c) for c in h.cards], h.reason,
                                     h.moon)
            for turn in out.bots:
                if not self.run_bots:
                    self.turns.append(turn)
                    continue
                slot = self.bots.get((turn.table, turn.seat))
                if slot is None or slot[0] != turn.level:
                    slot = self.bots[(turn.table, turn.seat)] = (
                        turn.level, make_bot(turn.level, turn.seed))
                self.core.bot_moved(turn.table, turn.seat, turn.version,
                                    bot_action(slot[1], turn.view, 0.01), self.now)
        raise AssertionError("the core never settled")

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass, running each table's clock when it is due."""
        end = self.now + seconds
        while self.clocks:
            tid, when = min(self.clocks.items(), key=lambda kv: kv[1])
            if when > end:
                break
            del self.clocks[tid]
            self.now = max(self.now, when)
            self.core.tick(tid, self.now)
            self.pump()
        self.now = end

    def play(self, people: list[Person], until: Callable[[], bool], seed: int = 1,
             limit: int = 5000) -> None:
        """Random legal moves for ``people`` until ``until()`` is true."""
        rng = random.Random(seed)
        answered: dict[str, Any] = {}
        for _ in range(limit):
            if until():
                return
            moved = False
            for p in people:
                view = p.view
                intent = random_intent(view, rng)
                if intent is None or view is None:
                    continue
                key = decision_key(view)
                if answered.get(p.name) == key:
                    continue
                answered[p.name] = key
                p.send(intent[0], **intent[1])
                moved = True
            if not moved:
                self.advance(0.1)
        raise AssertionError("the stop condition was never reached")
