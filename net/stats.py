"""Player statistics, sans-I/O: what one finished game adds to each person and bot level,
and the boards (all-time, tonight) that sum them.

A game's `tally` is computed once from its replayed hands (`hearts.net.replay.hand_dict`
values) and who sat where in each hand; a `Board` adds tallies up. Everything here is
plain values, so the tallies can be kept in a file and the boards rebuilt from them.

Who is who: a person is their player ``id`` (a digest of the key their client keeps,
`person_id`), shown with the name they used last; two people called Ann are two rows.
Bots are counted apart, one row per level (a level's row adds up every seat it played).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

# the version of what `tally` counts: an index line of another version is counted again
TALLY_VERSION = 2
# how many people a `stats` answer lists per board (the asker's own row is added when it
# falls below the cut)
MAX_ROWS = 100


def person_id(key: str) -> str:
    """The public id of a player key: a one-way digest, so a leaderboard can name people
    without showing the keys (anyone holding a key could play as its owner)."""
    return hashlib.sha256(b"hearts-player\0" + key.encode()).hexdigest()[:16]


def guest_id(token: str) -> str:
    """The id of a person whose client keeps no key: their seat token's, for as long as
    the token lives (one evening)."""
    return "g" + hashlib.sha256(b"hearts-guest\0" + token.encode()).hexdigest()[:15]


def is_guest_id(pid: str) -> bool:
    """Whether ``pid`` is a `guest_id` (or none), not a `person_id` (hex digits only)."""
    return not pid or pid.startswith("g")


def row_key(who: dict[str, Any]) -> str:
    """Which row an occupant counts in: ``bot:LEVEL`` for a bot, the person's id, or (a
    game saved before ids were kept) ``name:NAME``."""
    if who.get("kind") == "bot":
        return f"bot:{who.get('level') or 'normal'}"
    if who.get("id"):
        return str(who["id"])
    return f"name:{who.get('name') or '?'}"


def places(totals: list[int], winners: list[int]) -> list[int]:
    """Each seat's place, 1 to 4: winners are first; the others after every seat with a
    lower total and every winner (ties share a place)."""
    out = []
    for s in range(4):
        if s in winners:
            out.append(1)
        else:
            out.append(1 + sum(1 for o in range(4) if o != s and (
                o in winners or totals[o] < totals[s])))
    return out


def tally(people: list[dict[str, Any]], seating: list[list[int]], hands: list[dict[str, Any]],
          totals: list[int], winners: list[int]) -> list[dict[str, Any]]:
    """What one game adds to each of its ``people`` (occupants, by index): hands played,
    points, moons shot and suffered, Q♠ taken; for whoever played each seat's last hand,
    the game itself (its place, a win, a shared win); and for each other person in it,
    ``left``: a game they left (docs/history.md).

    ``seating[n][s]`` is the index in ``people`` of who played seat s in hand n (a bot
    that played a hand for a person is the bot's, see `hearts.net.table.Table`).
    """
    rows: dict[int, dict[str, Any]] = {}

    def row(i: int) -> dict[str, Any]:
        if i not in rows:
            rows[i] = {"who": i, "hands": 0, "points": 0, "moons_shot": 0,
                       "moons_suffered": 0, "queens": 0, "place": None, "win": False,
                       "shared": False, "left": False}
        return rows[i]

    for i, who in enumerate(people):
        if who.get("kind") != "bot":
            row(i)                          # in the game, if only for a hand a bot played

    for n, h in enumerate(hands):
        seats = seating[n] if n < len(seating) else seating[-1]
        moon = h.get("moon")
        for s in range(4):
            r = row(seats[s])
            r["hands"] += 1
            r["points"] += h["points"][s]
            if moon is not None:
                if moon["shooter"] == s:
                    r["moons_shot"] += 1
                else:
                    r["moons_suffered"] += 1
            if h.get("queen") == s:
                r["queens"] += 1
    last = seating[len(hands) - 1] if hands and len(seating) >= len(hands) else \
        (seating[-1] if seating else [0, 1, 2, 3])
    shared = len(winners) > 1
    for s, place in enumerate(places(totals, winners)):
        r = row(last[s])
        r["place"] = place
        r["win"] = s in winners
        r["shared"] = shared and s in winners
    for i, r in rows.items():
        r["left"] = r["place"] is None and people[i].get("kind") != "bot"
    return [rows[i] for i in sorted(rows)]


@dataclass
class Row:
    """One person's or one bot level's figures on a board."""

    key: str
    name: str
    kind: str                     # "human" or "bot"
    level: str | None
    id: str | None
    games: int = 0
    left: int = 0                 # games they were in but did not play to the end
    wins: int = 0
    shared_wins: int = 0
    place_sum: int = 0
    hands: int = 0
    points: int = 0
    moons_shot: int = 0
    moons_suffered: int = 0
    queens: int = 0
    last: str = ""                # when this row last played (orders equal rows)

    def to_wire(self) -> dict[str, Any]:
        """The ``stats_row`` shape of docs/protocol.md."""
        return {
            "id": self.id, "name": self.name, "kind": self.kind, "level": self.level,
            "games": self.games, "left": self.left, "wins": self.wins,
            "shared_wins": self.shared_wins,
            "average_place": round(self.place_sum / self.games, 2) if self.games else None,
            "hands": self.hands, "points": self.points,
            "points_per_hand": round(self.points / self.hands, 2) if self.hands else None,
            "moons_shot": self.moons_shot, "moons_suffered": self.moons_suffered,
            "queens": self.queens,
        }

    def order(self) -> tuple[Any, ...]:
        """Leaderboard order: most wins, then the better average place, more games."""
        avg = self.place_sum / self.games if self.games else 5.0
        return (-self.wins, avg, -self.games, self.points / self.hands if self.hands else 99.0,
                self.name.lower())


@dataclass
class Board:
    """The sum of many games' tallies: a row per person and per bot level."""

    rows: dict[str, Row] = field(default_factory=dict)
    games: int = 0

    def add(self, finished: str, people: list[dict[str, Any]],
            tallies: list[dict[str, Any]]) -> None:
        """Add one game (its `tally`, its people as the history keeps them)."""
        self.games += 1
        for t in tallies:
            who = people[t["who"]]
            key = row_key(who)
            r = self.rows.get(key)
            if r is None:
                bot = who.get("kind") == "bot"
                level = str(who.get("level") or "normal")
                r = self.rows[key] = Row(key, level if bot else str(who.get("name") or "?"),
                                         "bot" if bot else "human", level if bot else None,
                                         None if bot else who.get("id"))
            if r.kind == "human" and finished >= r.last:
                r.name = str(who.get("name") or r.name)     # the name used last
            r.last = max(r.last, finished)
            r.hands += t["hands"]
            r.points += t["points"]
            r.moons_shot += t["moons_shot"]
            r.moons_suffered += t["moons_suffered"]
            r.queens += t["queens"]
            r.left += bool(t.get("left"))
            if t["place"] is not None:
                r.games += 1
                r.place_sum += t["place"]
                r.wins += bool(t["win"])
                r.shared_wins += bool(t["shared"])

    def to_wire(self, you: str | None = None, limit: int = MAX_ROWS) -> dict[str, Any]:
        """The ``board`` shape: people (the best ``limit``, and ``you`` after them when
        lower) and bot levels, each in leaderboard order."""
        people = sorted((r for r in self.rows.values() if r.kind == "human"), key=Row.order)
        shown = people[:limit]
        if you is not None and not any(r.id == you for r in shown):
            shown += [r for r in people[limit:] if r.id == you]
        bots = sorted((r for r in self.rows.values() if r.kind == "bot"), key=Row.order)
        return {"games": self.games, "people": [r.to_wire() for r in shown],
                "people_total": len(people), "bots": [r.to_wire() for r in bots]}


__all__ = ["Board", "MAX_ROWS", "Row", "TALLY_VERSION", "guest_id", "person_id", "places",
           "row_key", "tally"]
