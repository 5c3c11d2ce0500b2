"""Lobby chat, decided by the sans-I/O core (`tests.net.lan`): a line from a player at no
table reaches everyone on the host (marked `scope: lobby` for those at tables, with
nothing of any table in it); the table's own chat stays at the table; the same length
and rate limits as table chat, and one rate for the whole lobby."""

from __future__ import annotations

from dataclasses import replace

from .lan import FAST, Lan


def lobby_lines(p, text: str) -> list[dict]:
    return [m for m in p.inbox if m["type"] == "chat" and m.get("text") == text]


def test_a_lobby_line_reaches_everyone_and_a_table_line_only_its_table() -> None:
    lan = Lan()
    ann = lan.join("Ann")
    ann.send("create_table", name="Oak")
    tid = ann.last("table")["table"]["id"]
    bob = lan.join("Bob")
    bob.send("sit", table=tid)
    wat = lan.join("Wat")
    wat.send("watch", table=tid)
    lou = lan.join("Lou")
    max_ = lan.join("Max")

    lou.send("chat", text="anyone  for\ta game?")
    for c in (lou, max_, ann, bob, wat):
        # only who and what: no table, seat or card reaches the lobby or comes from it
        assert lobby_lines(c, "anyone for a game?") == [
            {"type": "chat", "scope": "lobby", "name": "Lou", "text": "anyone for a game?"}]
    # a lobby line is not a change of the table (not in its updates, log or saves)
    assert not any("a game?" in str(m) for m in ann.inbox if m["type"] == "update")

    ann.send("chat", text="just us here")
    assert bob.changes("chat")[-1] == {"type": "chat", "name": "Ann", "seat": 0,
                                       "text": "just us here"}
    for c in (lou, max_):
        assert "just us here" not in str(c.inbox)

    # from a table, /lobby says a line in the lobby
    assert bob.ask("/lobby come and join table Oak")["text"] == "said in the lobby"
    (line,) = lobby_lines(max_, "come and join table Oak")
    assert line["name"] == "Bob" and line["scope"] == "lobby"

    # the host's operator speaks at every table and in the lobby
    bob.take()
    assert lan.operator("closing at ten") == "said at 1 table and in the lobby"
    assert lobby_lines(lou, "closing at ten")[0]["name"] == "host"
    assert bob.changes("chat")[-1]["text"] == "closing at ten"
    assert not lobby_lines(bob, "closing at ten")        # said once, at the table


def test_lobby_chat_limits() -> None:
    lim = replace(FAST, trusted=(), chat_burst=2, chat_per_second=0.5, lobby_chat_burst=3,
                  lobby_chat_per_second=0.5)
    lan = Lan(limits=lim, seed=3)
    ann, bob = lan.join("Ann"), lan.join("Bob")
    # too long: refused whole, sent to nobody
    bob.take()
    ann.send("chat", text="x" * (lim.max_chat + 1))
    err = ann.last("error")
    assert err["code"] == "too-long" and err["ref"] == "chat"
    assert not [m for m in bob.inbox if m["type"] == "chat"]
    # one person: the table chat's own rate
    ann.take()
    for i in range(3):
        ann.send("chat", text=f"ann {i}")
    err = ann.last("error")
    assert err["code"] == "limit" and "too fast" in err["message"]
    assert lobby_lines(bob, "ann 1")[0]["name"] == "Ann" and not lobby_lines(bob, "ann 2")
    # everyone together: the lobby's rate (Ann's two lines took two of its three)
    bob.send("chat", text="bob 0")
    assert lobby_lines(bob, "bob 0")
    bob.send("chat", text="bob 1")
    err = bob.last("error")
    assert err["code"] == "limit" and "lobby is busy" in err["message"]
    assert not lobby_lines(ann, "bob 1")
    # time passes: the rates allow a line again
    lan.advance(2.0)
    bob.send("chat", text="bob 2")
    assert lobby_lines(ann, "bob 2")
