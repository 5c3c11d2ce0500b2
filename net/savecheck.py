"""Checks a saved table (``Table.to_dict()`` read back) before the host loads it.

A file that is valid msgpack but not a whole, consistent table (cut, edited, or
from another program) must be refused with one sentence, never loaded half:
`check_saved_table` raises ValueError naming the first thing wrong.
"""

from __future__ import annotations

from typing import Any

from .table import SEAT_KINDS, TABLE_STATES


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise ValueError(what)


def check_saved_table(d: Any) -> None:
    """Raise ValueError unless ``d`` has every field of a saved table, of the right type."""
    _need(isinstance(d, dict) and d.get("format") == "hearts-table", "not a saved Hearts table")
    _need(isinstance(d.get("id"), int) and not isinstance(d["id"], bool) and d["id"] > 0,
          "its table id is missing or not a positive number")
    _need(isinstance(d.get("name"), str), "its name is missing")
    _need(isinstance(d.get("rules"), dict), "its rules are missing")
    _need(d.get("state") in TABLE_STATES, f"its state {d.get('state')!r} is unknown")
    seats = d.get("seats")
    _need(isinstance(seats, list) and len(seats) == 4, "it does not have four seats")
    for i, s in enumerate(seats):
        _need(isinstance(s, dict) and s.get("kind") in SEAT_KINDS, f"seat {i} is unreadable")
        _need(s.get("name") is None or isinstance(s.get("name"), str), f"seat {i} has a bad name")
        _need(s.get("token") is None or isinstance(s.get("token"), str),
              f"seat {i} has a bad token")
        _need(s["kind"] != "human" or isinstance(s.get("token"), str),
              f"seat {i} holds a person without a token")
    _need(d.get("owner") is None or isinstance(d["owner"], str), "its owner is unreadable")
    _need(isinstance(d.get("kicked", {}), dict), "its kicked list is unreadable")
    _need(isinstance(d.get("paused_left", {}), dict), "its paused clocks are unreadable")
    _need(d.get("password") is None or isinstance(d["password"], str),
          "its password is unreadable")
    _need(isinstance(d.get("ids", {}), dict), "its player ids are unreadable")
    seating = d.get("seating", [])
    _need(isinstance(seating, list) and all(
        isinstance(row, list) and len(row) == 4 and all(isinstance(w, dict) for w in row)
        for row in seating), "its seating is unreadable")
    game = d.get("game")
    if d["state"] in ("playing", "paused", "over"):
        _need(isinstance(game, dict), f"it is {d['state']} but holds no game")
    if game is not None:
        _need(isinstance(game, dict) and isinstance(game.get("rules"), dict)
              and isinstance(game.get("actions"), list), "its game is unreadable")


__all__ = ["check_saved_table"]
