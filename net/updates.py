"""The messages a table's members are sent after a change, sans-I/O: `table` and `update`.

Two forms of the same message: maps (`update_message`, `table_message`) and, for the
update after every action, bytes packed from parts shared between the members
(`packed_updates`: the header, the public view and, when no change is private, the
events are packed once). Both decode to the same map (tests check it).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any, TypeVar, cast

from .messages import TableMap, TableMessage, TimerMap, UpdateMessage, ViewMap
from .protocol import encode, map_header, pack_pairs
from .table import Change, Table, events_for
from .views import public_part, public_pairs, seat_pairs, view_bytes, watcher_pairs

M = TypeVar("M")

# an update is packed from parts: its six-pair header with "type", the table's shared
# pairs, then "events" and "view" per member
_UPDATE_HEAD = map_header(6) + encode("type") + encode("update")
_EVENTS_KEY = encode("events")
_VIEW_KEY = encode("view")
_NIL = encode(None)


def table_message(table: Table, owner: bool, seat: int | None, now: float,
                  full: TableMap | None = None, public: dict[str, Any] | None = None
                  ) -> TableMessage:
    """The ``table`` message at time ``now`` for a member at ``seat`` (None: watching);
    ``owner``: they own it. ``full`` (`Table.full`) and ``public`` (`views.public_part`)
    when the caller has them already, for several members at once."""
    return {"type": "table", "table": full or table.full(now), "seat": seat, "owner": owner,
            "view": cast("ViewMap | None", table.view_at(seat, public)),
            "timer": table.timer(now), "seq": table.seq}


def update_message(table: Table, changes: list[Change], seat: int | None,
                   timer: TimerMap | None, public: dict[str, Any] | None = None
                   ) -> UpdateMessage:
    """The ``update`` for a member at ``seat`` (None: watching) after ``changes``."""
    return {"type": "update", "table": table.id, "seq": table.seq, "timer": timer,
            "events": events_for(changes, seat),
            "view": cast("ViewMap | None", table.view_at(seat, public))}


def packed_updates(table: Table, changes: list[Change], timer: TimerMap | None,
                   seats: list[int | None]) -> Iterator[bytes]:
    """`update_message` for each of ``seats``, packed (in that order)."""
    hand = table.current_hand()
    head = _UPDATE_HEAD + pack_pairs({"table": table.id, "seq": table.seq, "timer": timer})
    public = public_pairs(hand) if hand is not None else None
    shared = None
    if all(c.seat is None for c in changes):
        shared = encode([c.event for c in changes])
    for seat in seats:
        events = shared or encode(events_for(changes, seat))
        if public is None:
            view = _NIL
        elif seat is None:
            view = view_bytes(public, watcher_pairs(hand, table.reveal_to_watchers()))
        else:
            view = view_bytes(public, seat_pairs(hand, seat, table.reveal_for(seat)))
        yield b"".join((head, _EVENTS_KEY, events, _VIEW_KEY, view))


def member_messages(table: Table, changes: list[Change], seats_changed: bool,
                    members: list[tuple[M, int | None, bool]], now: float,
                    packed: bool = False, worded: Collection[M] = ()
                    ) -> list[tuple[M, TableMessage | UpdateMessage | bytes]]:
    """What each member (``(key, seat, owns the table)``) is told after a flush of
    ``table`` (`Table.flush`) at time ``now``: an ``update`` when something changed, then a
    fresh ``table`` when seats, owner or rules changed; updates ``packed`` or as maps (always
    maps for the members in ``worded``: their words are said in their language after)."""
    out: list[tuple[M, TableMessage | UpdateMessage | bytes]] = []
    timer = table.timer(now)
    public = None
    if changes:
        as_bytes = [m for m in members if m[0] not in worded] if packed else []
        if as_bytes:
            data = packed_updates(table, changes, timer, [seat for _, seat, _ in as_bytes])
            out += [(key, d) for (key, _, _), d in zip(as_bytes, data)]
        if len(as_bytes) < len(members):
            hand = table.current_hand()
            public = public_part(hand) if hand is not None else None
            out += [(key, update_message(table, changes, seat, timer, public))
                    for key, seat, _ in members if not as_bytes or key in worded]
    if seats_changed:
        full = table.full(now)
        if public is None:
            hand = table.current_hand()
            public = public_part(hand) if hand is not None else None
        out += [(key, table_message(table, owner, seat, now, full, public))
                for key, seat, owner in members]
    return out


__all__ = ["member_messages", "packed_updates", "table_message", "update_message"]
