"""Every limit the host and the protocol enforce, in one place.

Hardening work (connections per address, rates, passwords) adds fields here;
`Host(limits=Limits(...))` and the codec read them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Limits:
    """Hard limits on frames, names, chat, timing and tables."""

    # codec (net.protocol.Decoder)
    max_frame: int = 64 * 1024        # bytes in one msgpack message from a client
    max_array: int = 256              # elements in one array
    max_map: int = 64                 # keys in one map
    # what the host may send in one message (a `tables` list of 200 tables is ~110 KB, at
    # most ~410 KB with the longest names: net/names.NAME_BYTES)
    host_frame: int = 1024 * 1024
    host_array: int = 4096
    host_map: int = 256
    # text
    max_name: int = 24                # graphemes in a person's name
    # graphemes in a table's or a host's name: room for every language's "{name}'s table"
    # and "{name}'s host" around the longest person's name (tests/net/test_title_limit.py)
    max_title: int = 40
    max_chat: int = 300               # characters in one chat line
    max_rules_keys: int = 40          # options in one rules map
    # timing (seconds)
    hello_timeout: float = 10.0       # a connection must say hello within this
    heartbeat_interval: float = 5.0   # the host pings every connection this often
    heartbeat_timeout: float = 20.0   # silence for this long closes the connection
    silence_check: float = 0.5        # how often silence is checked (the close's lateness)
    drop_grace: float = 10.0          # a dropped player's bot starts after this
    bot_budget: float = 0.5           # seconds a bot may think per move
    save_retry: float = 1.0           # a write the disk refused is tried again after this,
    save_retry_max: float = 30.0      # twice as long each time, up to this (net.save_trouble)
    # a level variant a guest names (``hard+work=...``) costs at most this level's work
    bot_ceiling: str = "hard"
    # size of the host
    max_tables: int = 200
    # two budgets, so that a flood on one port never locks out the other: the game port's
    # connections (TCP clients) and the web port's (page requests and WebSockets). When one
    # is full, a new connection pushes out its oldest that has not said hello yet; with none
    # to push out, up to `player_reserve` more are let in, but only for a hello that takes a
    # seat back (a seated player is never refused)
    max_connections: int = 1000
    max_web_connections: int = 1000
    player_reserve: int = 64
    max_write_buffer: int = 1024 * 1024  # bytes queued to a slow client before it is dropped
    # flow control: a bot's move waits while someone at its table has more than this unread
    # (bots playing bots run at the pace of the table's slowest reader, never filling the
    # buffer of one that reads), but not for one that has been behind this long straight
    bot_wait_buffer: int = 128 * 1024
    slow_reader_wait: float = 10.0
    # hardening (net.guard)
    max_per_address: int = 16        # open connections from one IP address
    messages_per_second: float = 50.0  # a connection's sustained message rate...
    message_burst: int = 200          # ...and burst; past them it is closed (error 'limit')
    chat_per_second: float = 1.0      # chat lines to the table per person, sustained...
    chat_burst: int = 10              # ...and burst; past them a line gets error 'limit'
    lobby_chat_per_second: float = 5.0  # lobby chat lines from everyone together (each goes
    lobby_chat_burst: int = 20          # to every connection), sustained and burst
    max_password: int = 64            # characters in a table password
    # wrong table passwords (net.passwords), from every address, this machine's too: after
    # the free tries each wrong one makes the address wait before its next is checked,
    # `password_wait` doubling up to the ceiling (error 'limit'); the same for a table,
    # whoever guesses; an address or table quiet for `password_forget` starts afresh
    password_free_tries: int = 5
    password_max_wait: float = 60.0
    table_password_free_tries: int = 20
    table_password_max_wait: float = 30.0
    password_wait: float = 1.0
    password_forget: float = 600.0
    trusted: tuple[str, ...] = ("127.0.0.1", "::1")  # this machine: no per-address or rate limit
    abandoned_after: float = 600.0    # a table nobody is connected to is closed after this
    # ...and its bots stop after this, until someone comes: at once, so that a game whose
    # people all dropped (a phone asleep, the Wi-Fi gone) waits for them, not played out
    bots_alone: float = 0.0
    tables_per_address: int = 4       # tables opened from one address open at once
    lobby_bytes_per_second: int = 2_000_000  # table lists pushed to the lobby, all clients
    lobby_chunk: int = 200            # lobby clients written to per event-loop turn
    # the web side (net.web): an HTTP request's line and headers, in bytes, at most, and the
    # seconds they may take to come whole (a WebSocket then has `hello_timeout` for its hello)
    web_request: int = 16 * 1024
    web_request_timeout: float = 3.0

    def from_host(self) -> "Limits":
        """The limits a client decodes the host's messages with (larger than a client's)."""
        return replace(self, max_frame=self.host_frame, max_array=self.host_array,
                       max_map=self.host_map)


DEFAULT_LIMITS = Limits()
