"""Wrong table passwords, limited per address and per table, sans-I/O.

A few wrong passwords are free; after them each one makes the address (or the table)
wait before the next is even checked, the wait doubling up to a ceiling (error `limit`
with the seconds left). Addresses on this machine are limited too: a password is as easy
to guess from 127.0.0.1. A table's owner is told once per run of guesses, and the host
logs its start. An address or table quiet for `Limits.password_forget` starts afresh.
Only a password given and wrong counts: a `sit` without one is asked for it, not refused.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hearts.i18n import nT_

from .guard import check_password
from .limits import Limits
from .table import TableError

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("hearts.host")


@dataclass
class Tally:
    """Wrong passwords from one address, or at one table, in one run of guesses."""

    wrong: int = 0
    last: float = 0.0          # when the last one came
    until: float = 0.0         # none is checked before this


class PasswordGuard:
    """Checks table passwords with a doubling wait after the free tries; ``tell`` is
    called with a table when its run of wrong passwords starts to wait (its owner hears)."""

    def __init__(self, limits: Limits, tell: Callable[["Table"], None]) -> None:
        self.limits = limits
        self.tell = tell
        self.by_address: dict[str, Tally] = {}
        self.by_table: dict[int, Tally] = {}

    def check(self, table: "Table", given: Any, addr: str, now: float) -> None:
        """Raise TableError('limit') while ``addr`` or ``table`` must wait for a password
        given, else TableError('password') unless ``given`` opens ``table``."""
        self._forget(now)
        lim = self.limits
        mine, its = self.by_address.get(addr), self.by_table.get(table.id)
        wait = max(mine.until if mine else 0.0, its.until if its else 0.0) - now
        if wait > 0 and given:
            raise TableError("limit", nT_("too many wrong passwords: try again in {n} second",
                                          "too many wrong passwords: try again in {n} "
                                          "seconds", math.ceil(wait)))
        try:
            check_password(table, given)
        except TableError:
            if given:
                self._wrong(table, addr, now)
            raise

    def _wrong(self, table: "Table", addr: str, now: float) -> None:
        """Count a wrong password from ``addr`` at ``table``; log and tell when waits start."""
        lim = self.limits
        mine = self.by_address.setdefault(addr, Tally())
        its = self.by_table.setdefault(table.id, Tally())
        if self._count(mine, now, lim.password_free_tries, lim.password_max_wait):
            log.warning("%s gave %d wrong passwords (the last for table %d); its tries now "
                        "wait", addr, mine.wrong, table.id)
        if self._count(its, now, lim.table_password_free_tries, lim.table_password_max_wait):
            log.warning("table %d had %d wrong passwords (the last from %s); its tries now "
                        "wait", table.id, its.wrong, addr)
            self.tell(table)

    def _count(self, tally: Tally, now: float, free: int, ceiling: float) -> bool:
        """One more wrong password on ``tally``; whether it is the first that waits."""
        tally.wrong += 1
        tally.last = now
        over = tally.wrong - free
        if over > 0:
            tally.until = now + min(ceiling, self.limits.password_wait * 2 ** (over - 1))
        return over == 1

    def _forget(self, now: float) -> None:
        """Drop the tallies that have been quiet for `Limits.password_forget`."""
        quiet = now - self.limits.password_forget
        for key in [k for k, t in self.by_address.items() if t.last < quiet]:
            del self.by_address[key]
        for tid in [k for k, t in self.by_table.items() if t.last < quiet]:
            del self.by_table[tid]


__all__ = ["PasswordGuard", "Tally"]
