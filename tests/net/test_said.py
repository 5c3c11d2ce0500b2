"""The page's sentences are the host's (issue 58, item 3): a connection whose hello asks
for ``words`` gets each change of an update in `hearts.net.words`' sentences for its seat,
in its language (``update.said``), the very sentences a Python client says from its own
mirror; a connection that does not ask gets the updates as before (the real core,
`tests.net.lan`)."""

from __future__ import annotations

from typing import Any

from hearts.i18n import translation
from hearts.net.mirror import Mirror
from hearts.net.words import change_lines

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
        if msg["type"] != "update" or not steps:
            continue
        info = steps[-1].info
        assert msg["said"] == [change_lines(ev, info, mirror.seat, tr) for ev in msg["events"]]
        assert len(msg["said"]) == len(msg["events"])
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
    updates: list[dict[str, Any]] = [m for m in di.inbox if m["type"] == "update"]
    assert updates and all("said" not in m for m in updates)


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
