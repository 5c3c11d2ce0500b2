"""What the client knows of its connection: how it joined, and what the host told it."""

from __future__ import annotations

from hearts.net.mirror import Mirror, MirrorReader


class Session(MirrorReader):
    """One connection's session: how we joined, and (in ``mirror``) what the host told us."""

    def __init__(self, mode: str | None = None, address: str = "", port: int = 0) -> None:
        self.mode = mode                # None (menu), "bots", "demo", "lan-host", "join"
        self.address = address
        self.port = port
        self.local_port: int | None = None
        self.state = "idle"
        self.name = ""
        self.host_name = ""
        self.mirror = Mirror()          # what the host told us: tables, our table and seat
        self.expect_table = False


__all__ = ["Session"]
