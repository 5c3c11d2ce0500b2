"""Guessing a table's password: after a few wrong ones from an address (this machine's
too) or at a table (from anywhere), each try waits, the wait doubling (error `limit`
with a sentence); the owner hears of it once per run of guesses, the host logs it; a
`sit` without a password is asked for it and never counted."""

from __future__ import annotations

import logging
from dataclasses import replace

import pytest

from hearts.net.host import Host

from .conftest import FAST
from .lan import Lan, Person
from .test_limits import Raw

SLOW = replace(FAST, password_wait=60.0, password_max_wait=60.0)


async def test_wrong_passwords_from_this_machine_wait_over_tcp(caplog) -> None:
    assert "127.0.0.1" in SLOW.trusted                  # no exception for loopback
    h = Host(name="pw", limits=replace(SLOW, table_password_free_tries=5), bot_level="random")
    await h.start(bind="127.0.0.1", port=0)
    caplog.set_level(logging.WARNING, logger="hearts.host")
    try:
        ann = await Raw.open(h, "Ann")
        ann.send({"type": "create_table", "password": "secret"})
        tid = (await ann.until("table"))["table"]["id"]
        eve = await Raw.open(h, "Eve")
        for guess in range(SLOW.password_free_tries + 1):   # the free tries, and one more
            eve.send({"type": "sit", "table": tid, "password": f"{guess:03d}"})
            err = await eve.until("error")
            assert err["code"] == "password" and "password is wrong" in err["message"]
        eve.send({"type": "sit", "table": tid, "password": "secret"})   # even the right one
        err = await eve.until("error")
        assert err["code"] == "limit" and err["ref"] == "sit"
        assert err["message"] == "too many wrong passwords: try again in 60 seconds"
        eve.send({"type": "watch", "table": tid, "password": "nope"})
        assert (await eve.until("error"))["code"] == "limit"
        told = await ann.until("chat")
        assert told["name"] == "host" and f"wrong passwords for table {tid}" in told["text"]
        ann.send({"type": "list_tables"})              # still serving
        assert (await ann.until("tables"))["tables"][0]["locked"]
        assert any("127.0.0.1 gave 6 wrong passwords" in r.getMessage() for r in caplog.records)
        assert any(f"table {tid} had 6 wrong passwords" in r.getMessage()
                   for r in caplog.records)
        eve.close()
        ann.close()
    finally:
        await h.stop()


def _locked_table(lan: Lan) -> tuple[int, Person]:
    ann = lan.join("Ann")
    ann.send("create_table", password="secret")
    return ann.last("table")["table"]["id"], ann


def test_the_wait_doubles_up_to_its_ceiling() -> None:
    lim = replace(FAST, password_free_tries=2, password_wait=1.0, password_max_wait=3.0)
    lan = Lan(limits=lim)
    tid, _ = _locked_table(lan)
    eve = lan.join("Eve")
    waits = []
    for _ in range(5):
        eve.send("sit", table=tid, password="wrong")
        assert eve.last("error")["code"] == "password"
        eve.take()
        eve.send("sit", table=tid, password="secret")   # at once: sits, or must wait
        answer = eve.take()
        errors = [m["message"] for m in answer if m["type"] == "error"]
        if errors:
            waits.append(int(errors[0].split(" in ")[1].split()[0]))
        else:
            waits.append(0)
            eve.send("leave")
        lan.advance(10.0)                               # past any wait
    assert waits == [0, 0, 1, 2, 3]                     # two free, then 1, 2, 3 (the ceiling)


def _addr(lan: Lan, person: Person) -> str:
    return lan.core.players[str(person.token)].addr


def test_the_right_password_after_the_wait_sits() -> None:
    lim = replace(FAST, password_free_tries=1, password_wait=5.0)
    lan = Lan(limits=lim)
    tid, _ = _locked_table(lan)
    eve = lan.join("Eve")
    for code in ("password", "password", "limit"):
        eve.send("sit", table=tid, password="wrong")
        assert eve.last("error")["code"] == code
        eve.take()
    lan.advance(4.0)
    eve.send("sit", table=tid, password="secret")
    assert eve.last("error")["code"] == "limit"
    lan.advance(1.5)
    eve.take()
    eve.send("sit", table=tid, password="secret")
    assert eve.last("table")["table"]["id"] == tid


def test_a_table_guessed_from_many_addresses_waits_and_its_owner_hears_once() -> None:
    lim = replace(FAST, table_password_free_tries=4, password_wait=5.0, password_forget=100.0)
    lan = Lan(limits=lim)
    tid, ann = _locked_table(lan)
    guessers = [lan.join(f"G{i}") for i in range(8)]
    assert len({_addr(lan, g) for g in guessers}) == 8
    codes = []
    for g in guessers:
        g.send("sit", table=tid, password="wrong")
        codes.append(g.last("error")["code"])
    assert codes == ["password"] * 5 + ["limit"] * 3     # the fifth starts the table's wait
    told = [m for m in ann.take() if m["type"] == "chat" and m["name"] == "host"]
    assert len(told) == 1
    for _ in range(3):                                   # the same run: not told again
        lan.advance(6.0)
        guessers[0].send("sit", table=tid, password="wrong")
    assert not [m for m in ann.take() if m["type"] == "chat"]
    lan.advance(200.0)                                   # quiet: a new run, told again
    for g in guessers[:5]:
        g.send("sit", table=tid, password="wrong")
    assert len([m for m in ann.take() if m["type"] == "chat" and m["name"] == "host"]) == 1


def test_a_sit_without_a_password_is_asked_for_it_and_not_counted() -> None:
    lan = Lan(limits=replace(FAST, password_free_tries=1, table_password_free_tries=1))
    tid, _ = _locked_table(lan)
    eve = lan.join("Eve")
    for _ in range(10):
        eve.send("sit", table=tid)
        err = eve.last("error")
        assert err["code"] == "password" and "needs its password" in err["message"]
        eve.take()
    assert lan.core.intents.passwords.by_address == {} and lan.core.intents.passwords.by_table == {}


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_wait_is_said_in_the_readers_language(lang: str) -> None:
    lan = Lan(limits=replace(FAST, password_free_tries=0, password_wait=30.0))
    tid, _ = _locked_table(lan)
    eve = lan.join("Eve", lang=lang)
    eve.send("sit", table=tid, password="wrong")
    eve.send("sit", table=tid, password="wrong")
    err = eve.last("error")
    assert err["code"] == "limit" and "30" in err["message"]
    assert err["message"] != "too many wrong passwords: try again in 30 seconds"
