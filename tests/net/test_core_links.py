"""The connections' decisions, made by the sans-I/O core from the facts the host reports
(a connection opened, whole messages, output left unread, the time): who is let in, who
talks too fast, who has gone silent, who does not read, when bots wait for a reader, and
when the LAN hears of a change. No sockets: the end-to-end cases are in test_limits.py
and test_host_seats.py."""

from __future__ import annotations

from hearts.bots import make_bot
from hearts.net.advert import DEBOUNCE
from hearts.net.limits import Limits
from hearts.net.protocol import PROTOCOL_VERSION
from hearts.net.server import ConnId, ServerCore, bot_action


def hello(core: ServerCore, conn: ConnId, addr: str, now: float = 0.0) -> None:
    core.opened(conn, addr, now)
    core.handle(conn, {"type": "hello", "version": PROTOCOL_VERSION, "name": f"P{conn}"},
                now=now)


def closed(out) -> dict[ConnId, str]:
    """The connections the outbox closes after a last error, and the error's code."""
    return {conn: last["code"] for conn, last in out.closing}


# -- who is let in ------------------------------------------------------------------------------
def test_an_address_over_its_limit_evicts_its_oldest_without_hello_then_is_refused():
    core = ServerCore(limits=Limits(max_per_address=2))
    hello(core, 1, "10.0.0.9")
    core.opened(2, "10.0.0.9")                   # no hello yet
    core.take()
    core.opened(3, "10.0.0.9")                   # room made: 2 goes, 3 is let in
    assert closed(core.take()) == {2: "limit"}
    core.lost(2, now=0.0)
    core.handle(3, {"type": "hello", "version": PROTOCOL_VERSION, "name": "Cy"}, now=0.0)
    core.take()
    core.opened(4, "10.0.0.9")                   # both have said hello: 4 is refused
    out = core.take()
    assert closed(out) == {4: "limit"}
    assert "10.0.0.9 already has 2 connections" in out.closing[0][1]["message"]
    core.lost(4, now=0.0)
    assert core.guard.per_address["10.0.0.9"] == 2
    core.opened(5, "10.0.0.10")                  # another address is its own count
    assert not core.take().closing
    core.lost(1, now=1.0)
    core.opened(6, "10.0.0.9", now=1.0)          # one gone: room again
    assert not core.take().closing


def test_a_full_host_lets_in_its_reserve_for_seats_only_and_counts_each_port_apart():
    core = ServerCore(limits=Limits(max_connections=2, max_web_connections=1, player_reserve=1,
                                    max_per_address=99))
    hello(core, 1, "10.0.0.1")
    hello(core, 2, "10.0.0.2")
    core.opened(3, "10.0.0.3", pool="web")       # the web port's own budget
    core.take()
    core.opened(4, "10.0.0.4")                   # over the budget: the reserve
    assert not core.take().closing
    core.handle(4, {"type": "hello", "version": PROTOCOL_VERSION, "name": "New"}, now=0.0)
    out = core.take()                            # a new person, not a seat taken back
    assert closed(out) == {4: "limit"} and "too many connections" in out.closing[0][1]["message"]
    core.lost(4, now=0.0)
    core.opened(5, "10.0.0.5")
    core.opened(6, "10.0.0.6")                   # the reserve is full: its oldest goes
    assert closed(core.take()) == {5: "limit"}


# -- how fast they may talk ---------------------------------------------------------------------
def test_too_many_messages_close_the_connection_and_the_rest_of_the_batch_is_not_heard():
    core = ServerCore(limits=Limits(message_burst=5, messages_per_second=1.0))
    hello(core, 1, "10.0.0.1")
    core.take()
    pings = [{"type": "ping"}] * 4
    core.received(1, pings, now=0.0)             # hello + 4: within the burst
    assert [m["type"] for _, m in core.take().messages] == ["pong"] * 4
    core.received(1, pings, now=0.5)
    out = core.take()
    assert closed(out) == {1: "limit"} and not out.messages
    hello(core, 2, "127.0.0.1")                  # this machine: no rate limit
    core.received(2, [{"type": "ping"}] * 50, now=0.0)
    assert not core.take().closing


# -- who has gone silent --------------------------------------------------------------------------
def test_the_heartbeat_pings_players_and_drops_the_silent_on_time():
    lim = Limits(heartbeat_interval=5.0, heartbeat_timeout=20.0, silence_check=0.5)
    core = ServerCore(limits=lim)
    core.heartbeat(0.0)
    assert core.take().heartbeat_at == 0.5       # the next beat, a silence check away
    hello(core, 1, "10.0.0.1")
    core.opened(2, "10.0.0.2")                   # never says hello
    hello(core, 3, "10.0.0.3")
    core.take()
    core.heartbeat(5.0)
    out = core.take()
    assert sorted(c for c, m in out.messages if m["type"] == "ping") == [1, 3]
    for t in (10.0, 15.0, 19.5):                 # 3 answers; 1 dribbles bytes, no message
        core.received(3, [{"type": "pong"}], now=t)
        core.received(1, [], now=t, others=1)
    core.take()
    core.heartbeat(20.0)
    assert not core.take().drop                  # not yet silent *longer* than the timeout
    core.heartbeat(20.5)
    out = core.take()
    assert sorted(out.drop) == [1, 2] and out.heartbeat_at == 21.0
    core.heartbeat(21.0)                         # ordered once
    assert not core.take().drop


# -- who does not read, and the bots that wait for a slow reader ----------------------------------
def _bots_table(core: ServerCore) -> int:
    """Connection 1 watches four bots play (its opener, 2, started it and left)."""
    hello(core, 2, "10.0.0.2")
    core.handle(2, {"type": "create_table", "rules": {"pass_count": 0}}, now=0.0)
    for seat in (1, 2, 3):
        core.handle(2, {"type": "bot", "seat": seat, "level": "random"}, now=0.0)
    tid = next(iter(core.tables))
    hello(core, 1, "10.0.0.1")
    core.handle(1, {"type": "watch", "table": tid}, now=0.0)
    core.handle(2, {"type": "start"}, now=0.0)
    core.handle(2, {"type": "leave"}, now=0.0)
    return tid


def _answer(core: ServerCore, now: float) -> int:
    """Every bot whose turn is due answers; how many did."""
    turns = core.take().bots
    for turn in turns:
        core.bot_moved(turn.table, turn.seat, turn.version,
                       bot_action(make_bot("random", turn.seed), turn.view, 0.01), now)
    return len(turns)


def test_one_that_does_not_read_is_dropped_at_the_limit_once():
    core = ServerCore(limits=Limits(max_write_buffer=1000, bot_wait_buffer=100))
    hello(core, 1, "10.0.0.1")
    core.take()
    assert core.unread_mark == 100
    core.unread(1, 1000, now=1.0)
    assert not core.take().drop
    core.unread(1, 1001, now=1.0)
    core.unread(1, 5000, now=1.0)
    assert core.take().drop == [1]


def test_bots_wait_while_a_member_is_behind_until_it_reads_or_its_wait_is_over():
    lim = Limits(bot_wait_buffer=100, max_write_buffer=10_000, slow_reader_wait=10.0,
                 silence_check=0.5, heartbeat_interval=5.0)
    core = ServerCore(limits=lim, bot_level="random")
    tid = _bots_table(core)
    table = core.tables[tid]
    core.heartbeat(0.0)
    core.unread(1, 500, now=0.0)                 # the watcher is behind
    version = table.version
    assert _answer(core, now=0.1) == 1
    assert table.version == version              # the bot's move is held...
    core.unread(1, 100, now=0.2)                 # ...until it has read down to the mark
    assert table.version > version
    core.unread(1, 500, now=1.0)                 # behind again, and never reads
    version = table.version
    assert _answer(core, now=1.1) == 1 and table.version == version
    core.heartbeat(1.5)
    assert core.take().heartbeat_at == 2.0
    core.heartbeat(10.6)                         # the beat just before the wait is over...
    assert core.take().heartbeat_at == 11.0      # ...names the wait's end, not a beat later
    assert table.version == version
    core.heartbeat(11.0)                         # not waited for any longer
    assert table.version > version
    assert _answer(core, now=11.1) == 1          # nor for the next move
    assert not core.take().drop


def test_a_reader_that_leaves_lets_the_bots_go_on():
    core = ServerCore(limits=Limits(bot_wait_buffer=100, slow_reader_wait=10.0),
                      bot_level="random")
    tid = _bots_table(core)
    hello(core, 3, "10.0.0.3")                   # another watcher, who reads
    core.handle(3, {"type": "watch", "table": tid}, now=0.0)
    core.unread(1, 500, now=0.0)
    version = core.tables[tid].version
    assert _answer(core, now=0.1) == 1 and core.tables[tid].version == version
    core.lost(1, now=0.3)
    assert core.tables[tid].version > version


# -- when the LAN hears of a change ---------------------------------------------------------------
def test_the_lan_record_is_debounced_and_told_only_when_it_changes():
    core = ServerCore(name="den")
    core.web_served(8080)
    hello(core, 1, "10.0.0.1", now=3.0)
    core.take()
    core.handle(1, {"type": "create_table"}, now=3.0)
    out = core.take()
    assert out.advert_at == 3.0 + DEBOUNCE and out.advertise is None
    core.handle(1, {"type": "set_rules", "rules": {"target": 50}}, now=3.1)
    assert core.take().advert_at is None         # one is due already
    core.advert_due(3.5)
    told = core.take().advertise
    assert told is not None and told["tables"] == "1" and told["seats"] == "3"
    assert told["name"] == "den" and told["web"] == "8080"
    hello(core, 2, "10.0.0.2", now=4.0)
    core.handle(2, {"type": "create_table"}, now=4.0)
    out = core.take()
    assert out.advert_at == 4.0 + DEBOUNCE
    core.advert_due(4.5)
    told = core.take().advertise
    assert told is not None and told["tables"] == "2" and told["seats"] == "6"
    core.handle(1, {"type": "list_tables"}, now=5.0)
    core.advert_due(5.5)                         # the same record: not told again
    assert core.take().advertise is None


# -- who has not said hello in time -------------------------------------------------------------
def test_a_connection_without_hello_is_closed_at_its_time_and_a_page_once_it_is_a_websocket():
    lim = Limits(hello_timeout=2.0, silence_check=0.5, heartbeat_interval=5.0)
    core = ServerCore(limits=lim)
    core.heartbeat(0.0)
    core.take()
    core.opened(1, "10.0.0.1", now=0.1)          # the game port: hello due at 2.1
    assert core.take().heartbeat_at is None      # the next beat (0.5) comes before that
    hello(core, 2, "10.0.0.2", now=0.2)
    core.opened(3, "10.0.0.3", now=0.2, pool="web")    # a page's request: HTTP's own clock
    core.take()
    core.heartbeat(2.0)
    assert not core.take().closing
    core.upgraded(3, now=2.05)                   # now a WebSocket: hello due at 4.05
    core.heartbeat(2.1)
    out = core.take()
    assert closed(out) == {1: "hello-timeout"}   # 2 said hello; 3 has until 4.05
    core.lost(1, now=2.1)
    core.heartbeat(4.0)
    assert not core.take().closing
    core.heartbeat(4.05)
    assert closed(core.take()) == {3: "hello-timeout"}


def test_a_short_hello_time_brings_the_next_beat_forward():
    core = ServerCore(limits=Limits(hello_timeout=0.2, silence_check=0.5))
    core.heartbeat(0.0)
    assert core.take().heartbeat_at == 0.5
    core.opened(1, "10.0.0.1", now=0.1)
    assert core.take().heartbeat_at == 0.1 + 0.2


def test_the_shell_reads_no_limit_the_core_decides_with():
    """The host shell (host, connection, web transport) reads only the limits of moving bytes
    (frames, HTTP's request) and a hint's thinking time: every limit a decision needs
    (budgets, rates, silence, hello, readers, pacing) is read by the core's parts."""
    import ast
    import inspect
    from dataclasses import fields

    from hearts.net import connection, host, web

    names = {f.name for f in fields(Limits)}
    read = set()
    for module in (host, connection, web):
        tree = ast.parse(inspect.getsource(module))
        read |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)} & names
    assert read <= {"max_frame", "web_request", "web_request_timeout", "bot_budget"}, read
