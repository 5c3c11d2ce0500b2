"""net.words: one sentence for each change, notice and status, for one reader, in one language."""

from __future__ import annotations

import dataclasses

from hearts import i18n
from hearts.engine import Hand, Rules
from hearts.engine.rule_options import rules_title
from hearts.net import words
from hearts.net.mirror import SeatInfo, TableInfo
from hearts.net.protocol import CHANGES


def _info(rules: Rules | None = None) -> TableInfo:
    return TableInfo(rules=rules or Rules(),
                     seats=tuple(SeatInfo(i, "human" if i == 0 else "bot", n) for i, n in
                                 enumerate(("Ann", "Bob", "Cy", "Di"))))


class Marking:
    """A translator that marks every sentence it gives «like this» (placeholders kept)."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def gettext(self, message: str) -> str:
        self.asked.append(message)
        return f"«{message}»"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.asked.append(plural)
        return f"«{singular if n == 1 else plural}»"

    def pgettext(self, context: str, message: str) -> str:
        self.asked.append(message)
        return f"«{message}»"


SAMPLES: dict[str, dict] = {
    "game_started": {}, "hand_started": {"hand": 2, "dealer": 1, "pass_direction": "across"},
    "passed": {"seat": 1}, "cards_received": {"seat": 0, "from_seat": 3, "cards": ["2C", "TH"]},
    "card_played": {"seat": 2, "card": "QS"},
    "trick_taken": {"winner": 1, "leader": 0, "cards": ["2H", "QS", "3H", "4H"], "points": 16},
    "hearts_broken": {}, "moon_shot": {"shooter": 2, "sun": False},
    "moon_chosen": {"shooter": 2, "choice": "add"},
    "tram": {"seat": 1, "claimed": True, "cards": [[], ["AS"], [], []]},
    "hand_scored": {"hand": 0, "points": [0, 26, 0, 0], "totals": [0, 26, 0, 0], "moon": None},
    "game_over": {"totals": [50, 101, 20, 20], "winners": [2, 3]},
    "player_joined": {"seat": 1, "name": "Zed"}, "player_left": {"seat": 1, "name": "Zed"},
    "player_kicked": {"seat": 1, "name": "Zed"}, "player_dropped": {"seat": 1, "name": "Zed", "grace": 30},
    "player_returned": {"seat": 1, "name": "Zed"},
    "replaced_by_bot": {"seat": 1, "level": "hard", "why": "owner"}, "bot_removed": {"seat": 3},
    "owner_changed": {"seat": 1, "name": "Bob"},
    "rules_changed": {"rules": Rules(target=50).to_dict(), "by": "Bob"},
    "chat": {"seat": 1, "name": "Bob", "text": "hi"}, "timer": {"seats": [0], "seconds": 20},
    "paused": {"by": "Bob"}, "resumed": {"by": "Bob"}, "undone": {"seat": 1, "actions": 1},
    "game_ended": {"reason": "ended by Bob"},
}


def test_every_change_of_the_protocol_is_worded_through_the_catalogue():
    assert set(SAMPLES) == set(CHANGES)
    for kind, fields in SAMPLES.items():
        tr = Marking()
        lines = words.change_lines({"type": kind, **fields}, _info(), 0, tr)
        assert lines, kind
        assert all("«" in line for line in lines), (kind, lines)    # through the catalogue
        assert not any("{" in line or "None" in line for line in lines), (kind, lines)


def test_you_are_you_and_others_are_named():
    info = _info()
    moon = {"type": "moon_shot", "shooter": 2, "sun": False}
    assert words.change_lines(moon, info, 2) == ["You shot the moon!"]
    assert words.change_lines(moon, info, 0) == ["Cy shot the moon!"]
    assert words.change_lines(moon, info, None) == ["Cy shot the moon!"]       # watching
    voice = words.Voice(info, 2)
    assert words.hand_end_lines(voice, {"shooter": 2}, None) == ["You shot the moon."]
    # a moon and an early end together: both are said
    both = words.hand_end_lines(words.Voice(info, 0), {"shooter": 2},
                                {"seat": 2, "claimed": False})
    assert both == ["Cy shot the moon.", "Cy wins every trick left: the hand ended early."]
    assert words.trick_label(voice, 2, 1) == "You take it, 1 point"
    assert words.trick_label(words.Voice(info, 0), 2, 13) == "Cy takes it, 13 points"


def test_the_process_language_is_the_default(monkeypatch):
    monkeypatch.setattr(i18n, "_current", Marking())
    assert words.change_lines({"type": "hearts_broken"}, _info(), 0) == ["«Hearts are broken.»"]


def test_places_and_passing_read_from_the_readers_seat():
    info = _info()
    info = dataclasses.replace(info, seats=(*info.seats[:2], SeatInfo(2, "empty"), info.seats[3]))
    voice = words.Voice(info, 1)
    assert [voice.place(s) for s in range(4)] == ["East", "South", "West", "North"]
    assert voice.name(2) == "West"                            # no name: its place
    hand = Hand.deal(Rules(), 4, "across")
    view = dataclasses.replace(hand.view(1), pass_direction="across")
    assert words.pass_line(voice, view) == "Pass 3 cards across to Di."
    one = dataclasses.replace(view, rules=Rules(pass_count=1), pass_direction="left")
    assert words.pass_line(voice, one).startswith("Pass 1 card left to ")


def test_rules_read_as_the_rules_dialog_says_them():
    assert rules_title(Rules.preset("omnibus").replace(target=50)) == "Omnibus, Game to: 50 points"
    assert rules_title(Rules()) == "Standard"
    before = Rules()
    lines = words.change_lines({"type": "rules_changed", "rules": Rules(target=50).to_dict(),
                                "by": "Bob"}, _info(), 0, before=before)
    assert lines == ["Bob changed the rules:", "  Game to: 100 points → 50 points"]


def test_leaving_names_the_table():
    voice = words.Voice()
    assert words.left_line(voice, "kicked", "Den", 3) == \
        "The owner of table 3, “Den”, removed you from it."
    assert words.left_line(voice, "kicked", "Den") == "The owner of “Den” removed you from it."


def test_one_point_is_one_point():
    info = dataclasses.replace(_info(), totals=(1, 30, 40, 50))
    assert words.place_line(words.Voice(info, 0)) == "You finished first of 4, with 1 point."
    info = dataclasses.replace(info, totals=(30, 30, 40, 50))
    assert words.place_line(words.Voice(info, 1)) == \
        "You finished first of 4 (shared), with 30 points."
    assert words.place_line(words.Voice(info, None)) == ""                  # watching


def test_a_moon_is_worded_once_for_the_table_the_replay_and_the_history() -> None:
    info = TableInfo(seats=[SeatInfo(i, name=n) for i, n in enumerate(("Ann", "Bob", "Cy", "Di"))])
    fr = i18n.translation("fr")
    assert words.shot_words(fr, "Bob", sun=True) == words.moon_line(
        words.Voice(info, 0, fr), 1, sun=True)
    assert words.shot_words(i18n.translation("en"), "Bob", now=True) == "Bob shot the moon!"
    assert words.moon_line(words.Voice(info, 1), 1, sun=True, now=True) == "You shot the sun!"
    assert words.shot_words(fr, "Bob") != words.shot_words(fr, "Bob", sun=True)
