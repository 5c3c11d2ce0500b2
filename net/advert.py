"""The server core's advertisement: what the LAN is told about this host (the zeroconf TXT
record, `hearts.net.discovery`) and when: a change of the tables is told at most once
every `DEBOUNCE` seconds, and only when the record differs from the last one told."""

from __future__ import annotations

from .core_state import CoreState
from .protocol import PROTOCOL_VERSION

DEBOUNCE = 0.5      # seconds: a burst of table changes is one new record


class Advert:
    """The host's TXT record and the pace it is renewed at."""

    def __init__(self, state: CoreState) -> None:
        self.state = state
        self.web_port: int | None = None      # the page's port, once the host serves it
        self._due = False
        self._told: dict[str, str] | None = None

    def properties(self) -> dict[str, str]:
        """The TXT record for LAN discovery, all strings."""
        state = self.state
        tables = state.tables.values()
        open_table = next((t for t in tables if t.free_seats()), None)
        rules = (open_table.rules if open_table else state.rules).summary()
        return {
            "version": str(PROTOCOL_VERSION),
            "name": state.name,
            "tables": str(len(tables)),
            "seats": str(sum(t.free_seats() for t in tables)),
            "players": str(sum(t.humans() for t in tables)),
            "rules": rules[:60],
            "playing": "1" if any(t.running for t in tables) else "0",
            **({"web": str(self.web_port)} if self.web_port else {}),
        }

    def changed(self) -> None:
        """The tables changed: a new record is due (``advert_at``) unless one is already."""
        if not self._due and not self.state.stopping:
            self._due = True
            self.state.out.advert_at = self.state.now + DEBOUNCE

    def due(self) -> None:
        """The time ``advert_at`` named has come: the record to tell (``advertise``), if new."""
        self._due = False
        props = self.properties()
        if props != self._told:
            self._told = props
            self.state.out.advertise = props


__all__ = ["DEBOUNCE", "Advert"]
