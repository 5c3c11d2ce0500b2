"""Host hardening: connection accounting, message and chat rates, table passwords.
Every number comes from `hearts.net.limits.Limits`.

Sans-I/O, like the rest of the core: the core's `hearts.net.links.Links` asks `Guard.admit`
when the host reports a connection opened (and `release` when it is lost), and
`Guard.messages` for each batch of decoded messages; `Guard.chat` for each chat line.
The guard answers; the core turns a refusal into an outbox order. (Closing abandoned
tables is `hearts.net.lobby.Lobby.sweep`.)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections import Counter
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from hearts.i18n import T_, nT_

from .limits import Limits
from .messages import ErrorMessage
from .outbox import ConnId, Player
from .protocol import error
from .table import Table, TableError


@dataclass
class Admission:
    """The guard's answer to a new connection: ``refused`` (its last error, then closed),
    or let in, perhaps over budget (``seats_only``: its hello may only take a seat back);
    ``evicted``: older connections without a player closed to make room, each with its
    last error."""

    refused: ErrorMessage | None = None
    seats_only: bool = False
    evicted: list[tuple[ConnId, ErrorMessage]] = field(default_factory=list)


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
        # admitted connections of each pool ("game": the TCP port, "web": the web port) with
        # their addresses, oldest first: when a pool is full its oldest one without a player goes
        self.pools: dict[str, dict[ConnId, str]] = {"game": {}, "web": {}}
        self._pool_of: dict[ConnId, str] = {}
        self._reserve: set[ConnId] = set()       # let in over budget: a seat's hello only
        self._buckets: dict[ConnId, Bucket] = {}  # message bucket of each connection
        self._chat: dict[str, Bucket] = {}       # player token -> chat bucket
        self.refused = 0
        self.evicted = 0
        self._lobby_chat: Bucket | None = None   # every lobby chat line, whoever says it

    # -- connections ------------------------------------------------------------------------
    def capacity(self, pool: str) -> int:
        """How many connections ``pool`` ("game" or "web") holds within its budget."""
        return self.limits.max_web_connections if pool == "web" else self.limits.max_connections

    def admit(self, conn: ConnId, addr: str, pool_name: str, now: float,
              has_player: Callable[[ConnId], bool]) -> Admission:
        """Count a new connection, or refuse it (error 'limit'). A full pool or address makes
        room by evicting its oldest connection that has not said hello (``has_player``
        tells); a pool full of players lets in `Limits.player_reserve` more, for taking a
        seat back."""
        lim = self.limits
        pool = self.pools.setdefault(pool_name, {})
        answer = Admission()
        why = None
        if addr not in lim.trusted and self.per_address[addr] >= lim.max_per_address \
                and not self._evict_oldest([c for p in self.pools.values()
                                            for c, a in p.items() if a == addr],
                                           has_player, answer):
            why = (f"{addr} already has {lim.max_per_address} connections to this host, "
                   "the limit for one address")
        elif len(pool) - len(self._reserve & pool.keys()) >= self.capacity(pool_name):
            regular = [c for c in pool if c not in self._reserve]
            if not self._evict_oldest(regular, has_player, answer):
                extra = [c for c in pool if c in self._reserve]
                answer.seats_only = (len(extra) < lim.player_reserve
                                     or self._evict_oldest(extra, has_player, answer))
                if not answer.seats_only:
                    why = (f"the host holds {self.capacity(pool_name)} connections, its limit; "
                           "try again later")
        if why is not None:
            self.refused += 1
            answer.refused = error("limit", why, "hello")
            return answer
        pool[conn] = addr
        self._pool_of[conn] = pool_name
        if answer.seats_only:
            self._reserve.add(conn)
        self.per_address[addr] += 1
        if addr not in lim.trusted:
            self._buckets[conn] = Bucket(lim.messages_per_second, lim.message_burst, now)
        return answer

    def _evict_oldest(self, conns: list[ConnId], has_player: Callable[[ConnId], bool],
                      answer: Admission) -> bool:
        """Evict the first of ``conns`` (oldest first) that has no player yet; whether one was."""
        for c in conns:
            if not has_player(c):
                self.evicted += 1
                self.release(c)
                answer.evicted.append((c, error("limit", T_(
                    "the host is busy and needed this connection, which had not said hello; "
                    "connect again"), "hello")))
                return True
        return False

    def over_budget(self, conn: ConnId) -> bool:
        """Whether ``conn`` was let in over its pool's budget: its hello may only take a
        seat back (`hearts.net.sessions.Sessions.hello` refuses any other)."""
        return conn in self._reserve

    def release(self, conn: ConnId) -> None:
        """A connection closed (admitted or not; twice is harmless)."""
        pool_name = self._pool_of.pop(conn, None)
        if pool_name is None:
            return
        addr = self.pools[pool_name].pop(conn)
        self._reserve.discard(conn)
        self._buckets.pop(conn, None)
        self.per_address[addr] -= 1
        if self.per_address[addr] <= 0:
            del self.per_address[addr]

    def messages(self, conn: ConnId, n: int, now: float) -> ErrorMessage | None:
        """None while ``n`` more messages are within the connection's rate; else the error
        it is closed with."""
        bucket = self._buckets.get(conn)
        if bucket is None or bucket.take(now, n):
            return None
        return error("limit", f"more than {self.limits.message_burst} messages at once or "
                              f"{self.limits.messages_per_second:g} a second; "
                              "the connection is closed")

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


__all__ = ["Admission", "Bucket", "Guard", "check_password", "hash_password", "password_ok",
           "raise_fd_limit"]
