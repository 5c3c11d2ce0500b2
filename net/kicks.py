"""Kicks that follow the person, not the name, sans-I/O.

A kicked person is marked by their player key (its public digest) where their client
keeps one, else by their address, so that coming back under a new name ("Robert" as
"Bob#2") still finds the door shut until the owner lets them back (`allow`). The host's
own machine (`Limits.trusted`) is never a mark: everyone there shares 127.0.0.1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .limits import Limits

if TYPE_CHECKING:
    from .server import Player
    from .table import Table


def marks(player: "Player", limits: Limits) -> list[str]:
    """What tells ``player`` apart when they come back: ``key:<id>`` for a player key,
    else ``addr:<address>`` (none on the host's own machine)."""
    if player.pid and not player.pid.startswith("g"):   # `guest_id`s start with "g"
        return ["key:" + player.pid]
    if player.addr and player.addr not in limits.trusted:
        return ["addr:" + player.addr]
    return []


def remember(table: "Table", victim_token: str, victim: "Player | None",
             limits: Limits) -> None:
    """``victim`` was just kicked from ``table``: their marks shut the door too."""
    if victim is None:
        return
    for name, token in table.kicked.items():
        if token == victim_token:
            table.kick_marks[name] = marks(victim, limits)


__all__ = ["marks", "remember"]
