"""Host hardening: connection accounting, message and chat rates, table passwords.
Every number comes from `hearts.net.limits.Limits`.

The host calls `Guard.admit` when a connection opens (and `release` when it
closes), `Guard.messages` for each batch of decoded messages; the core calls
`Guard.chat` for each chat line. (Closing abandoned tables is the core's:
`hearts.net.lobby.Lobby.sweep`.)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections import Counter
from collections.abc import Collection
from typing import Any, Protocol

from hearts.i18n import T_, nT_

from .limits import Limits
from .messages import ErrorMessage
from .outbox import Player
from .protocol import error
from .table import Table, TableError


class Connection(Protocol):
    """What the guard needs of a connection (`hearts.net.connection.Connection`)."""

    pool: str
    addr: str

    @property
    def player(self) -> Player | None: ...
    def fail(self, msg: ErrorMessage) -> None: ...


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` saved up."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = now

    def take(self, now: float, n: int = 1) -> bool:
        """Take ``n`` tokens if there are; whether there were."""
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < n:
            return False
        self.tokens -= n
        return True


class Guard:
    """The host's limits on who may connect and how fast they may talk."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.per_address: Counter[str] = Counter()
        # admitted connections of each pool ("game": the TCP port, "web": the web port), by
        # id(), oldest first: when a pool is full its oldest one without a player goes
        self.pools: dict[str, dict[int, Connection]] = {"game": {}, "web": {}}
        self._reserve: set[int] = set()          # let in over budget: a seat's hello only
        self._buckets: dict[int, Bucket] = {}    # id(conn) -> message bucket
        self._chat: dict[str, Bucket] = {}       # player token -> chat bucket
        self.refused = 0
        self.evicted = 0
        self._lobby_chat: Bucket | None = None   # every lobby chat line, whoever says it

    # -- connections ------------------------------------------------------------------------
    def capacity(self, pool: str) -> int:
        """How many connections ``pool`` ("game" or "web") holds within its budget."""
        return self.limits.max_web_connections if pool == "web" else self.limits.max_connections

    def admit(self, conn: Connection, now: float) -> bool:
        """Count a new connection, or refuse it (error 'limit', then closed). A full pool or
        address makes room by closing its oldest connection that has not said hello; a pool
        full of players lets in `Limits.player_reserve` more, for taking a seat back."""
        lim = self.limits
        pool = self.pools.setdefault(conn.pool, {})
        why = None
        reserve = False
        if conn.addr not in lim.trusted and self.per_address[conn.addr] >= lim.max_per_address \
                and not self._evict_oldest([c for p in self.pools.values() for c in p.values()
                                            if c.addr == conn.addr]):
            why = (f"{conn.addr} already has {lim.max_per_address} connections to this host, "
                   "the limit for one address")
        elif len(pool) - len(self._reserve & pool.keys()) >= self.capacity(conn.pool):
            regular = [c for i, c in pool.items() if i not in self._reserve]
            if not self._evict_oldest(regular):
                extra = [c for i, c in pool.items() if i in self._reserve]
                reserve = len(extra) < lim.player_reserve or self._evict_oldest(extra)
                if not reserve:
                    why = (f"the host holds {self.capacity(conn.pool)} connections, its limit; "
                           "try again later")
        if why is not None:
            self.refused += 1
            conn.fail(error("limit", why, "hello"))
            return False
        pool[id(conn)] = conn
        if reserve:
            self._reserve.add(id(conn))
        self.per_address[conn.addr] += 1
        if conn.addr not in lim.trusted:
            self._buckets[id(conn)] = Bucket(lim.messages_per_second, lim.message_burst, now)
        return True

    def _evict_oldest(self, conns: list[Connection]) -> bool:
        """Close the first of ``conns`` (oldest first) that has no player yet; whether one was."""
        for c in conns:
            if c.player is None:
                self.evicted += 1
                self.release(c)
                c.fail(error("limit", T_("the host is busy and needed this connection, which "
                                        "had not said hello; connect again"), "hello"))
                return True
        return False

    def over_budget(self, conn: Connection) -> bool:
        """Whether ``conn`` was let in over its pool's budget: its hello may only take a
        seat back (the core refuses any other, `hearts.net.server.ServerCore.opened`)."""
        return id(conn) in self._reserve

    def release(self, conn: Connection) -> None:
        """A connection closed (admitted or not; twice is harmless)."""
        pool = self.pools.get(conn.pool)
        if pool is None or pool.pop(id(conn), None) is None:
            return
        self._reserve.discard(id(conn))
        self._buckets.pop(id(conn), None)
        self.per_address[conn.addr] -= 1
        if self.per_address[conn.addr] <= 0:
            del self.per_address[conn.addr]

    def messages(self, conn: Connection, n: int, now: float) -> bool:
        """Whether ``n`` more messages are within the connection's rate (else it is closed)."""
        bucket = self._buckets.get(id(conn))
        if bucket is None or bucket.take(now, n):
            return True
        conn.fail(error("limit", f"more than {self.limits.message_burst} messages at once or "
                                 f"{self.limits.messages_per_second:g} a second; "
                                 "the connection is closed"))
        return False

    # -- chat -------------------------------------------------------------------------------
    def chat(self, player: Player, now: float) -> None:
        """Raise TableError('limit') when ``player`` chats faster than the limit."""
        bucket = self._chat.get(player.token)
        if bucket is None:
            bucket = self._chat[player.token] = Bucket(self.limits.chat_per_second,
                                                       self.limits.chat_burst, now)
        if not bucket.take(now):
            rate = self.limits.chat_per_second
            if rate == int(rate):
                raise TableError("limit", nT_("you are chatting too fast; at most {n} line a "
                                              "second", "you are chatting too fast; at most {n} "
                                              "lines a second", int(rate)))
            raise TableError("limit", T_("you are chatting too fast; at most {rate} lines a "
                                         "second", rate=rate))

    def lobby_chat(self, now: float) -> None:
        """Raise TableError('limit') when the whole lobby chats faster than its limit (each
        lobby line goes to every connection, so one bucket for all keeps that bounded)."""
        if self._lobby_chat is None:
            self._lobby_chat = Bucket(self.limits.lobby_chat_per_second,
                                      self.limits.lobby_chat_burst, now)
        if not self._lobby_chat.take(now):
            raise TableError("limit", T_("the lobby is busy: too many chat lines a second; "
                                         "try again in a moment"))

    def forget(self, token: str) -> None:
        self._chat.pop(token, None)

    def forget_all_but(self, tokens: Collection[str]) -> None:
        """Drop the chat buckets of every player not in ``tokens`` (gone for good)."""
        for token in [t for t in self._chat if t not in tokens]:
            del self._chat[token]


def raise_fd_limit(want: int) -> None:
    """Let this process open ``want`` files (sockets) if the hard limit allows (POSIX)."""
    try:
        import resource
    except ImportError:         # Windows: no such limit to raise
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < want:
        new = want if hard == resource.RLIM_INFINITY else min(want, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))


# -- table passwords --------------------------------------------------------------------------
def hash_password(password: str | None) -> str | None:
    """A salted hash of a table password (None or empty: no password)."""
    if not password:
        return None
    salt = secrets.token_hex(8)
    return salt + "$" + hashlib.sha256((salt + password).encode()).hexdigest()


def password_ok(stored: str | None, given: Any) -> bool:
    """Whether ``given`` opens a table whose password hash is ``stored``."""
    if stored is None:
        return True
    if not isinstance(given, str) or "$" not in stored:
        return False
    salt, digest = stored.split("$", 1)
    return hmac.compare_digest(digest, hashlib.sha256((salt + given).encode()).hexdigest())


def check_password(table: Table, given: Any) -> None:
    """Raise TableError('password') unless ``given`` opens ``table``."""
    if not password_ok(getattr(table, "password", None), given):
        if given:
            raise TableError("password", T_("table {number} is for friends only: the password "
                                            "is wrong", number=table.id))
        raise TableError("password", T_("table {number} is for friends only: it needs its "
                                        "password", number=table.id))


__all__ = ["Bucket", "Guard", "check_password", "hash_password", "password_ok",
           "raise_fd_limit"]
