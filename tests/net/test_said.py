"""The page's sentences are the host's (issue 58, item 3): a connection whose hello asks
for ``words`` gets each change of an update in `hearts.net.words`' sentences for its seat,
in its language (``update.said``), the very sentences a Python client says from its own
mirror; a connection that does not ask gets the updates as before (the real core,
`tests.net.lan`)."""

from __future__ import annotations

from typing import Any

import pytest

from hearts.i18n import translation
from hearts.net import words
from hearts.net.mirror import Mirror
from hearts.net.replay import Replay
from hearts.net.speech import status_words
from hearts.net.words import change_lines

from ..web.rigged import rig_first_deal
from .lan import Lan, Person


def _game(lan: Lan, people: list[Person]) -> int:
    owner = people[0]
    owner.send("create_table", name="Oak", rules={"target": 30, "pass_cycle": ["left"]})
    tid = owner.last("table")["table"]["id"]
    for seat, p in enumerate(people[1:], 1):
        p.send("sit", table=tid, seat=seat)
    owner.send("start")
    owner.send("pause")
    owner.send("resume")
    lan.play(people, until=lambda: any(p.changes("hand_scored") for p in people))
    return tid


def _said_as_the_mirror_says(person: Person, lang: str) -> list[str]:
    """Every update's ``said`` checked against `words.change_lines` with the reader's own
    mirror's facts after that update; the sentences said, in order."""
    mirror, tr, said = Mirror(), translation(lang), []
    for msg in person.inbox:
        steps = mirror.feed(msg)
        if msg["type"] == "table":
            assert msg["status"] == status_words(words.Voice(mirror.info, mirror.seat, tr),
                                                 msg["view"])
        if msg["type"] != "update" or not steps:
            continue
        info = steps[-1].info
        assert msg["said"] == [change_lines(ev, info, mirror.seat, tr) for ev in msg["events"]]
        voice = words.Voice(info, mirror.seat, tr)
        assert msg["shown"] == [words.shown_lines(voice, ev, msg["events"][:i])
                                for i, ev in enumerate(msg["events"])]
        for ev, shown in zip(msg["events"], msg["shown"]):
            if ev["type"] == "trick_taken":       # the label the desktop draws on the trick
                assert shown == [words.trick_label(voice, ev["winner"], ev["points"])]
        assert len(msg["said"]) == len(msg["events"])
        # the table's sentences as they stand, from the reader's own facts
        assert msg["status"] == status_words(voice, msg["view"])
        said += [line for lines in msg["said"] for line in lines]
    return said


def test_the_host_words_each_change_for_who_asks_in_their_language() -> None:
    lan = Lan()
    ann = lan.join("Ann", lang="de", words=True)
    bob = lan.join("Bob", lang="fr", words=True)
    cy = lan.join("Cy", words=True)
    di = lan.join("Di", lang="de")                 # a Python client: its own words
    _game(lan, [ann, bob, cy, di])
    german, french, english = (_said_as_the_mirror_says(p, lang)
                               for p, lang in ((ann, "de"), (bob, "fr"), (cy, "en")))
    assert "Ann hat die Partie unterbrochen." in german and "Die Partie beginnt." in german
    assert "Ann a mis la partie en pause." in french and "La partie commence." in french
    assert "Ann paused the game." in english and "The game starts." in english
    # "you" has its own sentence: Bob's own cards passed, said to him alone
    you_passed = translation("fr").gettext("You passed {cards}.").split("{")[0]
    assert any(s.startswith(you_passed) for s in french), french
    assert not any(s.startswith(you_passed) for s in english)
    shown = [line for m in bob.inbox if m["type"] == "update" for lines in m["shown"]
             for line in lines]
    assert "Vous le remportez" in shown or "Ann le remporte" in shown, shown
    updates: list[dict[str, Any]] = [m for m in di.inbox if m["type"] == "update"]
    assert updates and all("said" not in m and "shown" not in m and "status" not in m
                           for m in updates)
    assert "status" not in di.last("table")
    lines = {m["status"]["line"] for m in ann.inbox if m["type"] == "update"}
    de = translation("de")
    assert de.gettext("Your lead") in lines or any(
        line.startswith(de.gettext("{name} is playing…").split("{")[0]) for line in lines), lines
    status = ann.last("table")["status"]
    assert status["offline"] == de.gettext("Connection lost: waiting for the host…")
    assert status["gone"] == [words.table_gone_line(words.Voice(tr=de), "Oak", r)
                              for r in (False, True)]


def test_a_watcher_is_worded_as_a_watcher() -> None:
    lan = Lan()
    ann = lan.join("Ann")
    eve = lan.join("Eve", lang="fr", words=True)
    ann.send("create_table", name="Oak", rules={"target": 30})
    tid = ann.last("table")["table"]["id"]
    eve.send("watch", table=tid)
    ann.send("start")
    lan.play([ann], until=lambda: bool(ann.changes("trick_taken")))
    said = _said_as_the_mirror_says(eve, "fr")
    assert said and not any(s.startswith(("Vous ", "Tu ")) for s in said), said


def test_left_comes_with_its_sentence_for_who_asks() -> None:
    lan = Lan()
    ann = lan.join("Ann", lang="de", words=True)
    bob = lan.join("Bob", lang="fr", words=True)
    cy = lan.join("Cy", lang="fr")
    ann.send("create_table", name="Oak")
    tid = ann.last("table")["table"]["id"]
    bob.send("sit", table=tid, seat=1)
    cy.send("sit", table=tid, seat=2)
    ann.send("kick", seat=1)
    ann.send("kick", seat=2)
    said = bob.last("left")
    assert said["reason"] == "kicked"
    assert said["said"] == words.left_line(words.Voice(tr=translation("fr")), "kicked", "Oak")
    assert "Oak" in said["said"] and said["said"] != words.left_line(words.Voice(), "kicked", "Oak")
    assert cy.last("left") == {"type": "left", "table": tid, "reason": "kicked"}
    ann.send("leave")
    assert ann.last("left")["said"] == words.left_line(
        words.Voice(tr=translation("de")), "left", "Oak")


def test_back_at_the_seat_the_host_says_what_a_bot_did_as_the_desktop_does() -> None:
    """Back with ``hello.away`` (where the seat stood as the link went down, counted as
    `words.away_mark` counts), the ``table`` says `words.away_lines` in the reader's
    language: the desktop's sentences from its own mark."""
    lan = Lan()
    ann = lan.join("Ann", lang="de", words=True)
    ann.send("create_table", name="Oak", rules={"target": 40})
    ann.send("start")
    lan.play([ann], until=lambda: bool(ann.changes("trick_taken")))
    before = words.away_mark(ann.mirror.info, ann.mirror.view)
    token = ann.token
    bea = lan.join("Bea")                   # someone stays: the bots play on (alone they rest)
    bea.send("watch", table=1)
    lan.drop(ann)
    lan.advance(1.0)                        # the grace runs out: a bot plays the seat
    lan.advance(1.0)
    assert len(lan.core.tables[1].game.results) >= 1
    mark = [before.table, before.scored, before.hand, before.played]
    back = lan.join("Ann", token=token, lang="de", words=True, away=mark)
    table = next(m for m in back.inbox if m["type"] == "table")   # the first, on return
    mirror = Mirror()
    for msg in back.inbox[:back.inbox.index(table) + 1]:
        mirror.feed(msg)
    info = mirror.info
    now = words.away_mark(info, mirror.view)
    expected = words.away_lines(words.Voice(info, table["seat"], translation("de")), before,
                                now.played)
    assert table["away"] == expected and expected, expected
    assert expected[0].startswith("Die Runden 1–"), expected
    # a client that words its own (the desktop, the text client) gets no such field
    lan.drop(back)
    lan.advance(1.0)
    plain = lan.join("Ann", token=token, lang="de", away=mark)
    assert all("away" not in m for m in plain.inbox if m["type"] == "table")


@pytest.mark.parametrize("away", [[1, 2, 3], [1, 2, 3, -1], [1, 2, 3, True], [1, "2", 3, 4],
                                  [1, 2, 3, 1 << 40], "1,2,3,4"])
def test_a_bad_away_is_refused_in_one_sentence(away: Any) -> None:
    lan = Lan()
    eve = lan.join("Eve", words=True, away=away)
    error = eve.last("error")
    assert "away" in error["message"] and error["code"] == "bad-message"
    assert not [m for m in eve.inbox if m["type"] == "welcome"]


def test_a_game_answer_carries_the_replays_captions_for_who_asks() -> None:
    lan = Lan()
    ann = lan.join("Ann", lang="fr", words=True)
    di = lan.join("Di")
    ann.send("create_table", name="Oak", rules={"target": 30})
    tid = ann.last("table")["table"]["id"]
    di.send("watch", table=tid)
    ann.send("start")
    lan.play([ann], until=lambda: bool(ann.changes("hand_scored")))
    ann.send("game", hand=0)
    di.send("game", hand=0)
    answer, plain = ann.last("game"), di.last("game")
    assert all("captions" not in hand for hand in plain["hands"])
    doc = {**answer["game"], "hands": answer["hands"]}
    replay, tr = Replay(doc), translation("fr")
    for i, hand in enumerate(answer["hands"]):
        assert hand["captions"] == [words.replay_caption(tr, doc, hand, replay.moment(i, step))
                                    for step in range(replay.steps(i) + 1)]
    first = answer["hands"][0]["captions"]
    assert tr.gettext("Hand over. Points: {points}.").split("{")[0] in first[-1], first[-1]
    assert first[-1] != words.replay_caption(translation("en"), doc, answer["hands"][0],
                                             replay.moment(0, replay.steps(0)))


def test_who_won_is_the_hosts_sentence_at_the_end_and_after_it() -> None:
    lan = Lan()
    ann = lan.join("Ann", lang="fr", words=True)
    ann.send("create_table", name="Oak", rules={"target": 30})
    tid = ann.last("table")["table"]["id"]
    ann.send("start")
    lan.play([ann], until=lambda: bool(ann.changes("game_over")))
    said = _said_as_the_mirror_says(ann, "fr")      # `shown` checked against words.py
    over = next(m for m in ann.inbox if m["type"] == "update"
                and any(e["type"] == "game_over" for e in m["events"]))
    i = next(i for i, e in enumerate(over["events"]) if e["type"] == "game_over")
    winners = over["events"][i]["winners"]
    assert over["shown"][i] == [words.winners_line(
        words.Voice(ann.mirror.info, 0, translation("fr")), winners)] and said
    # who comes to the finished table is told too, as a watcher; a client that words its
    # own is not
    eve = lan.join("Eve", lang="de", words=True)
    di = lan.join("Di", lang="de")
    eve.send("watch", table=tid)
    di.send("watch", table=tid)
    table = eve.last("table")
    assert table["won"] == words.winners_line(
        words.Voice(eve.mirror.info, None, translation("de")), winners)
    assert table["won"] and table["won"] != words.winners_line(
        words.Voice(eve.mirror.info, None), winners)
    assert "won" not in di.last("table")


def test_the_moons_choice_is_worded_as_it_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deal that ends in the moon's choice, and someone who comes to the table in the
    middle of it: both read the choice in the host's words (``status.moon``), no change
    to word for the one who comes."""
    rigged = rig_first_deal(monkeypatch)             # seat 0 takes every trick
    lan = Lan()
    ann = lan.join("Ann", lang="fr", words=True)
    ann.send("create_table", name="Oak", rules={"moon": "choose", "pass_cycle": ["hold"]})
    tid = ann.last("table")["table"]["id"]
    ann.send("start")
    lan.play([ann], until=lambda: bool(ann.view) and ann.view["phase"] == "moon-choice")
    assert rigged
    fr = translation("fr")
    points = ann.last("update")["view"]["moon"]["points"]
    assert ann.last("update")["status"]["moon"] == words.moon_choice_lines(
        words.Voice(ann.mirror.info, 0, fr), 0, False, points)
    assert ann.last("update")["status"]["moon"]["add"] == fr.gettext(
        "Add {points} to everyone else").format(points=points)
    eve = lan.join("Eve", lang="de", words=True)
    eve.send("watch", table=tid)
    moon = eve.last("table")["status"]["moon"]
    de = translation("de")
    assert moon == words.moon_choice_lines(words.Voice(eve.mirror.info, None, de), 0, False,
                                           points)
    assert set(moon) == {"head", "waiting"} and "Ann" in moon["head"]
    assert moon["head"] == de.gettext("{name} shot the moon!").format(name="Ann")
    ann.send("moon", choice="add")
    assert ann.last("update")["status"]["moon"] is None
    assert eve.last("update")["status"]["hand_over"] == words.hand_over_line(
        words.Voice(eve.mirror.info, None, de), 0)
