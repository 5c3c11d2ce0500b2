"""The host words what it writes for a connection in the language of its hello (`lang`):
errors, command replies, hints, why you left; codes stay as they are, and each
connection reads its own language at the same table (`tests.net.lan`, the real core)."""

from __future__ import annotations

from hearts.i18n import PSEUDO, pseudo

from .lan import Lan


def is_pseudo(text: str) -> bool:
    return text.startswith("[!! ") and text.rstrip().endswith("!!]")


def test_errors_and_replies_come_in_each_connections_language() -> None:
    lan = Lan()
    ann = lan.join("Ann", lang=PSEUDO)
    bob = lan.join("Bob")                       # no lang: English
    for p in (ann, bob):
        p.send("play", card="QS")
    err_ann, err_bob = ann.last("error"), bob.last("error")
    assert err_ann["code"] == err_bob["code"] == "not-at-table" and err_ann["ref"] == "play"
    assert err_bob["message"] == "you are not at a table; create or join one first"
    assert err_ann["message"] == pseudo("you are not at a table; create or join one first")

    ann.send("create_table", name="Oak")
    tid = ann.last("table")["table"]["id"]
    bob.send("sit", table=tid)
    bob.send("kick", seat=0)                    # only the owner: a placeholder filled in
    refused = bob.last("error")
    assert refused["code"] == "not-owner" and "(Ann)" in refused["message"]
    ann.send("set_rules", rules={"moon": "sideways"})
    assert ann.last("error")["code"] == "rules" and is_pseudo(ann.last("error")["message"])

    help_ = ann.ask("/help")
    assert help_["ok"] and all(is_pseudo(line) for line in help_["text"].splitlines())
    rules = ann.ask("/rules")["text"].splitlines()
    assert len(rules) > 10 and all(is_pseudo(line) for line in rules)
    assert bob.ask("/rules")["text"].startswith("Rules: the Standard preset")
    assert is_pseudo(ann.ask("/frobnicate")["text"])
    assert is_pseudo(ann.ask("/bot west hard")["text"])     # a reply with a place in it


def test_a_refused_hello_is_refused_in_its_language() -> None:
    lan = Lan()
    p = lan.join("   ", lang=PSEUDO)
    err = p.last("error")
    assert err["code"] == "bad-name" and is_pseudo(err["message"])
    lan.core.opened(99, "10.0.0.9")
    lan.core.handle(99, {"type": "hello", "version": 99, "name": "Old", "lang": PSEUDO}, 0.0)
    out = lan.core.take()
    (conn, msg), = out.closing
    assert conn == 99 and msg["code"] == "version" and is_pseudo(msg["message"])


def test_a_host_asked_in_german_answers_in_german() -> None:
    lan = Lan()
    ann = lan.join("Ann", lang="de_DE.UTF-8")
    ann.send("play", card="QS")
    err = ann.last("error")
    assert err["code"] == "not-at-table"
    assert err["message"] == "du sitzt an keinem Tisch; eröffne einen oder tritt zuerst einem bei"
    ann.send("create_table", name="Eiche", rules={"target": 5})
    tid = ann.last("table")["table"]["id"]
    ann.send("start")
    lan.play([ann], until=lambda: bool(ann.mirror.view and ann.mirror.view.phase == "play"))
    v = ann.mirror.view
    assert v is not None
    if v.turn != v.seat:
        ann.send("play", card=str(v.hand[0]))
        assert ann.last("error")["message"] == "du bist nicht dran"
    help_ = ann.ask("/help")["text"]
    assert "/join TABLE [SEAT] (oder /sit) - an einem Tisch Platz nehmen" in help_
    rules = ann.ask("/rules")["text"]
    assert "Durchmarsch: andere bekommen 26" in rules and "Spiel bis: 5 Punkte" in rules
    bob = lan.join("Bob", lang="fr")
    bob.send("sit", table=tid, seat=0)
    assert bob.last("error")["message"] == "cette place est prise par Ann"


async def test_a_host_on_real_sockets_answers_each_client_in_its_language(host) -> None:
    from .conftest import connect
    de = await connect(host, "Dora", lang="de")
    es = await connect(host, "Elena", lang="es-ES")
    try:
        for c in (de, es):
            await c.send("sit", table=99)
        got = [await c.wait_for("error") for c in (de, es)]
        assert [g["code"] for g in got] == ["no-table", "no-table"]
        assert [g["message"] for g in got] == ["es gibt keinen Tisch 99", "no existe la mesa 99"]
    finally:
        await de.close()
        await es.close()
