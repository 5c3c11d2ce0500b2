"""The sans-I/O server core, driven without sockets: connections are numbers, time is given."""

from __future__ import annotations

import random

from hearts.engine import Phase
from hearts.net.limits import Limits
from hearts.net.protocol import GAME_INTENTS, INTENTS, OWNER_INTENTS, PROTOCOL_VERSION
from hearts.net.outbox import GameRead
from hearts.net.server import ConnId, ServerCore
from hearts.net.table import TableState


def connect(core: ServerCore) -> ConnId:
    conn = core.connections + 100
    core.opened(conn, f"10.0.0.{core.connections + 2}")
    return conn


def hello(core: ServerCore, name: str, token: str | None = None) -> ConnId:
    conn = connect(core)
    core.handle(conn, {"type": "hello", "version": PROTOCOL_VERSION, "name": name,
                       **({"token": token} if token else {})}, now=0.0)
    return conn


def sent(core: ServerCore) -> list[tuple[ConnId, dict]]:
    return core.take().messages  # type: ignore[return-value]


def test_every_intent_type_has_a_handler_and_every_handler_an_intent():
    core = ServerCore()
    assert core.handled() == set(INTENTS)
    assert OWNER_INTENTS <= set(INTENTS) and GAME_INTENTS <= set(INTENTS)


def test_hello_welcomes_and_a_second_hello_is_an_error_not_silence():
    core = ServerCore(name="den")
    ann = hello(core, "Ann")
    out = sent(core)
    assert [m["type"] for _, m in out] == ["welcome", "tables"]
    assert out[0][1]["host"] == "den" and core.player_on(ann) is not None
    core.handle(ann, {"type": "hello", "version": PROTOCOL_VERSION, "name": "Ann"}, now=1.0)
    out2 = core.take()
    assert [(m["type"], m["code"]) for _, m in out2.messages] == [("error", "state")]
    assert not out2.closing


def test_before_hello_anything_else_gets_one_error_and_the_door_closes():
    for raw in ({"type": "chat", "text": "hi"}, 71, b"GET / HTTP/1.1", {"nope": 1}, [1, 2]):
        core = ServerCore()
        peer = connect(core)
        core.handle(peer, raw, now=0.0)
        out = core.take()
        assert not out.messages and [c for c, _ in out.closing] == [peer], raw
        assert out.closing[0][1]["type"] == "error"
        assert core.player_on(peer) is None and not core.players


def test_after_hello_a_bad_message_is_answered_and_the_connection_stays():
    core = ServerCore()
    ann = hello(core, "Ann")
    core.take()
    core.handle(ann, {"type": "play"}, now=1.0)   # no card
    out = core.take()
    assert out.messages[0][1]["code"] == "bad-message" and not out.closing


def test_names_are_unique_and_host_is_reserved():
    core = ServerCore()
    a, b, h = hello(core, "Ann"), hello(core, "Ann"), hello(core, "host")
    assert [core.player_on(c).name for c in (a, b, h)] == ["Ann", "Ann#2", "host#2"]
    long = "Annabelle Featherstonehaugh"     # arrives as "Annabelle Featherstoneh…"
    first, second = hello(core, long), hello(core, long)
    assert core.player_on(first).name == "Annabelle Featherstoneh…"
    assert core.player_on(second).name == "Annabelle Featherston…#2"


def test_a_token_takes_the_seat_back_and_the_old_connection_is_replaced():
    core = ServerCore()
    first = hello(core, "Ann")
    token = core.player_on(first).token
    core.handle(first, {"type": "create_table"}, now=0.0)
    core.take()
    second = hello(core, "Ann", token)
    out = core.take()
    ((closed, last),) = out.closing
    assert closed == first and last["code"] == "replaced"
    kinds = [m["type"] for p, m in out.messages if p == second]
    assert kinds[:3] == ["welcome", "tables", "table"]
    assert kinds[3:] == ["update", "table"]        # everyone there hears Ann is back
    assert core.player_on(second).table == 1 and core.player_on(first) is None


def _whole_game(core: ServerCore) -> tuple[list[ConnId], int]:
    """Four people play a short game at table 1 through intents alone; the peers and how
    many illegal cards were refused on the way."""
    peers = [hello(core, n) for n in ("Ann", "Bob", "Cy", "Di")]
    core.handle(peers[0], {"type": "create_table", "rules": {"target": 30}}, now=0.0)
    for i, p in enumerate(peers[1:], 1):
        core.handle(p, {"type": "sit", "table": 1, "seat": i}, now=0.0)
    core.handle(peers[0], {"type": "start"}, now=0.0)
    table = core.tables[1]
    assert table.state == TableState.PLAYING
    rng = random.Random(1)
    refused = 0
    for step in range(3000):
        if table.state == TableState.OVER:
            break
        hand = table.game.hand
        seat = table.waiting_for()[0]
        peer = peers[seat]
        if hand.phase == Phase.PASS:
            cards = rng.sample(hand.held(seat), table.rules.pass_count)
            msg = {"type": "pass", "cards": [str(c) for c in cards]}
        elif hand.phase == Phase.MOON_CHOICE:
            msg = {"type": "moon", "choice": "add"}
        else:
            if rng.random() < 0.1:     # now and then an illegal card: refused, nothing lost
                bad = [c for c in hand.held(seat) if c not in hand.legal_plays(seat)]
                if bad:
                    core.handle(peer, {"type": "play", "card": str(bad[0])}, now=step)
                    err = [m for p, m in core.take().messages if p == peer]
                    assert err and err[0]["code"] == "illegal"
                    refused += 1
            msg = {"type": "play", "card": str(rng.choice(hand.legal_plays(seat)))}
        core.handle(peer, msg, now=float(step))
        out = core.take()
        assert not any(m.get("type") == "error" for _, m in out.messages)
        assert any(m["type"] == "update" for _, m in out.messages)
        for order in out.saves:                 # as the host does: the finished game kept
            if order.history is not None:
                core.history.add(order.history)
    return peers, refused


def test_a_whole_game_decided_without_a_socket():
    core = ServerCore(seed=5, limits=Limits())
    _peers, refused = _whole_game(core)
    table = core.tables[1]
    assert table.state == TableState.OVER and table.game.over
    assert refused > 0 and core.actions > 52


def test_a_finished_game_is_read_by_the_host_not_the_core():
    """The core reads no file: asked for a finished game it orders a read, and answers
    when the host hands the game back (or says it could not be read)."""
    core = ServerCore(seed=5, limits=Limits())
    peers, _ = _whole_game(core)
    core.handle(peers[1], {"type": "game", "id": 1}, now=9000.0)
    out = core.take()
    assert out.reads == [GameRead(core.player_on(peers[1]).id, 1, 0)]
    assert not any(m["type"] in ("game", "error") for _, m in out.messages)
    core.game_read(out.reads[0], core.history.game(1, 0))
    answer = [m for p, m in core.take().messages if p == peers[1]]
    assert answer[0]["type"] == "game" and answer[0]["game"]["id"] == 1
    core.game_read(out.reads[0], None)                       # the file could not be read
    assert [m["code"] for _, m in core.take().messages] == ["no-game"]
    core.handle(peers[1], {"type": "game", "id": 7}, now=9000.0)   # no such game: at once
    out = core.take()
    assert not out.reads and out.messages[0][1]["code"] == "no-game"
    core.handle(peers[0], {"type": "game"}, now=9000.0)    # the table's game, over and kept
    assert core.take().reads == [GameRead(core.player_on(peers[0]).id, 1, 0)]


def test_leaving_closes_an_empty_table_and_says_so_in_the_outbox():
    core = ServerCore()
    ann = hello(core, "Ann")
    core.handle(ann, {"type": "create_table"}, now=0.0)
    core.take()
    core.handle(ann, {"type": "leave"}, now=1.0)
    out = core.take()
    assert out.closed_tables == [(1, False)] and 1 not in core.tables
    assert [m["type"] for _, m in out.messages] == ["left"]


def test_a_lost_connection_keeps_a_seated_player_and_forgets_a_lobby_one():
    core = ServerCore()
    ann, bob = hello(core, "Ann"), hello(core, "Bob")
    core.handle(ann, {"type": "create_table"}, now=0.0)
    ann_player, bob_token = core.player_on(ann), core.player_on(bob).token
    core.lost(ann, now=1.0)
    core.lost(bob, now=1.0)
    assert ann_player.token in core.players and ann_player.conn is None
    assert bob_token not in core.players


def test_hint_requests_go_to_the_outbox_for_the_host_to_compute():
    core = ServerCore(seed=2)
    ann = hello(core, "Ann")
    core.handle(ann, {"type": "create_table", "rules": {"pass_count": 0}}, now=0.0)
    core.handle(ann, {"type": "start"}, now=0.0)
    core.take()
    table = core.tables[1]
    seat0_turn = 0 in table.waiting_for()
    core.handle(ann, {"type": "hint"}, now=1.0)
    out = core.take()
    if seat0_turn:
        assert [core.player(p).name for p, _ in out.hints] == ["Ann"]
    else:
        assert out.messages[0][1]["code"] == "state" and not out.hints


def test_a_pass_hint_outlives_the_other_seats_passes_but_not_the_seats_own():
    from hearts.engine import Hand, Rules
    from hearts.net.server import hint_position
    h = Hand.deal(Rules(), 5, "left")
    asked = h.view(0)
    h.pass_cards(1, h.view(1).hand[:3])
    h.pass_cards(2, h.view(2).hand[:3])
    assert hint_position(h.view(0)) == hint_position(asked)
    h.pass_cards(0, asked.hand[:3])
    assert hint_position(h.view(0)) != hint_position(asked)


def _literal_types(path, call_names: set[str] | None = None) -> set[str]:
    """The ``"type"`` values of dict literals in a source file (inside calls named
    ``call_names`` when given)."""
    import ast
    from pathlib import Path
    tree = ast.parse(Path(path).read_text())
    found = set()
    for node in ast.walk(tree):
        if call_names is not None:
            if not (isinstance(node, ast.Call) and getattr(node.func, "attr", None) in call_names):
                continue
            dicts = [a for a in node.args if isinstance(a, ast.Dict)]
        else:
            dicts = [node] if isinstance(node, ast.Dict) else []
        for d in dicts:
            for k, v in zip(d.keys, d.values):
                if isinstance(k, ast.Constant) and k.value == "type":
                    options = [v.body, v.orelse] if isinstance(v, ast.IfExp) else [v]
                    found |= {o.value for o in options if isinstance(o, ast.Constant)}
    return found


# the table and the server core, in their modules (net/table*.py, the core's rooms)
TABLE_MODULES = ("table", "table_base", "table_play")
CORE_MODULES = ("server", "core_state", "sessions", "intents", "lobby", "records", "clocks",
                "news", "speech", "host", "updates")


def _sources(names: tuple[str, ...]) -> list[str]:
    import importlib
    return [str(importlib.import_module(f"hearts.net.{n}").__file__) for n in names]


def test_every_change_the_table_emits_is_in_the_schema_and_the_reverse():
    from hearts.net.protocol import CHANGES
    emitted: set[str] = set()
    for path in _sources(TABLE_MODULES + CORE_MODULES):
        emitted |= _literal_types(path, {"_emit"})
    assert emitted == set(CHANGES)


def test_every_message_the_host_sends_is_a_known_event_type():
    from hearts.net.protocol import EVENTS
    sent: set[str] = set()
    for path in _sources(CORE_MODULES):     # table changes (``_emit``) are not messages
        sent |= _literal_types(path) - _literal_types(path, {"_emit"})
    assert "welcome" in sent and "left" in sent and "bye" in sent and "hint" in sent
    assert sent <= set(EVENTS), sent - set(EVENTS)



def test_packed_updates_are_the_same_messages_as_the_maps():
    """The host's updates, packed from shared parts, decode to the maps built otherwise,
    for every flush of a game: seats, a watcher, the private exchange, open hands."""
    from hearts.engine import Rules
    from hearts.net.protocol import Decoder
    from hearts.net.server import bot_action
    from hearts.net.table import Table
    from hearts.net.updates import member_messages
    from hearts.bots import make_bot
    for rules in (Rules(target=20), Rules(target=20, open_hands=True, pass_count=0)):
        table = Table(1, "t", rules)
        table.sit("ann", "Ann", 0, 0.0)
        table.watch("eve", "Eve", 0.0)
        for s in (1, 2, 3):
            table.set_bot("ann", s, "random")
        table.start("ann", 0.0, seed=3)
        bots = {s: make_bot("random", s) for s in range(4)}
        members = [("ann", 0, True), ("eve", None, False)]
        flushes = 0
        while table.state != TableState.OVER:
            seat = table.waiting_for()[0]
            table.bot_move(seat, bot_action(bots[seat], table.game.hand.view(seat), 0.0),
                           table.version, 0.0) if seat else table.act(
                "ann", bot_action(bots[0], table.game.hand.view(0), 0.0), 0.0)
            changes, seats_changed, _ = table.flush()
            maps = member_messages(table, changes, seats_changed, members, 0.0)
            packed = member_messages(table, changes, seats_changed, members, 0.0, True)
            assert [k for k, _ in maps] == [k for k, _ in packed]
            assert [m for _, m in maps] == [m if isinstance(m, dict) else Decoder().feed(m)[0]
                                            for _, m in packed]
            flushes += 1
        assert flushes > 50


# -- decisions that were the host's or the guard's, now the core's -------------------------
def test_stopping_tells_every_connection_bye_after_the_saves_then_hangs_up():
    core = ServerCore(saving=True)
    ann, silent = hello(core, "Ann"), connect(core)
    core.handle(ann, {"type": "create_table"}, now=1.0)
    core.take()
    core.stop()
    out = core.take()
    assert [s.snapshot is not None for s in out.saves] == [True]
    assert [(c, m["type"]) for c, m in out.messages] == [(ann, "bye"), (silent, "bye")]
    assert out.hang_up == [ann, silent] and not out.closing


def test_abandoned_tables_are_closed_by_the_core_and_a_game_keeps_its_save():
    lim = Limits(abandoned_after=10.0)
    core = ServerCore(limits=lim)
    ann = hello(core, "Ann")
    core.handle(ann, {"type": "create_table"}, now=0.0)
    core.handle(ann, {"type": "start"}, now=0.0)
    core.take()
    tid = next(iter(core.tables))
    core.lost(ann, now=1.0)
    core.heartbeat(1.0)                                   # the first beat: pings from now on
    core.heartbeat(2.0 + lim.heartbeat_interval)
    assert tid in core.tables                             # dropped: kept a while
    core.take()
    core.heartbeat(12.5 + lim.heartbeat_interval)         # a beat with a ping sweeps
    out = core.take()
    assert tid not in core.tables and not core.players
    assert out.closed_tables == [(tid, True)]             # a running game: save kept


def test_the_lobby_list_is_paced_by_the_core_and_sent_as_one_broadcast_in_chunks():
    core = ServerCore(limits=Limits(lobby_bytes_per_second=1000, lobby_chunk=2))
    lobby = [hello(core, f"L{i}") for i in range(3)]
    ann = hello(core, "Ann")
    core.take()
    core.handle(ann, {"type": "create_table"}, now=5.0)
    out = core.take()
    assert out.lobby_at is not None and out.lobby_at >= 5.0
    core.lobby_due(out.lobby_at)
    out2 = core.take()
    [(chunks, data)] = out2.broadcasts
    assert [len(c) for c in chunks] == [2, 1]             # one chunk per event-loop turn
    assert sorted(c for chunk in chunks for c in chunk) == sorted(lobby)
    core.handle(ann, {"type": "leave"}, now=out.lobby_at)
    again = core.take().lobby_at
    assert again is not None and again - out.lobby_at >= len(data) * 3 / 1000 - 1e-9


def test_a_bot_turn_names_the_level_to_fall_back_on_and_its_time():
    core = ServerCore(bot_level="random")
    ann = hello(core, "Ann")
    core.handle(ann, {"type": "create_table"}, now=0.0)
    core.handle(ann, {"type": "start"}, now=0.0)
    turns = core.take().bots
    assert turns and all(t.fallback == "random" for t in turns)
    # and how long it may think, and after how long a legal move is made for it instead
    budget = core.limits.bot_budget
    assert all(t.budget == budget and t.patience == budget * 3 + 1.0 for t in turns)


def test_a_saved_folder_keeps_its_table_numbers_from_new_tables():
    core = ServerCore()
    core.files_found([3, 9])
    ann = hello(core, "Ann")
    core.handle(ann, {"type": "create_table"}, now=0.0)
    assert list(core.tables) == [10]
