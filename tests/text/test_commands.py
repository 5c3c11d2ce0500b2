"""Typed lines to intents: every command of the text client, and what falls through to chat."""

from __future__ import annotations

import pytest

from hearts.text.commands import Action, parse_line
from hearts.net.protocol import check_intent


def intent(line: str, playing: bool = False) -> tuple[str, dict]:
    a = parse_line(line, playing)
    assert a.kind == "intent", a
    check_intent({"type": a.type, **a.fields})   # the host would accept its shape
    return a.type, a.fields


@pytest.mark.parametrize("line, expected", [
    ("play QS", ("play", {"card": "QS"})),
    ("PLAY 10h", ("play", {"card": "TH"})),
    ("play Q♠", ("play", {"card": "QS"})),
    ("pass 2C 3d 4H", ("pass", {"cards": ["2C", "3D", "4H"]})),
    ("pass 2C,3D,4H", ("pass", {"cards": ["2C", "3D", "4H"]})),
    ("moon add", ("moon", {"choice": "add"})),
    ("moon Subtract", ("moon", {"choice": "subtract"})),
    ("claim", ("claim", {})),
    ("hint", ("hint", {})),
    ("undo", ("undo", {})),
    ("tables", ("list_tables", {})),
    ("create", ("create_table", {})),
    ("create omnibus", ("create_table", {"rules": {"preset": "omnibus"}})),
    ("sit 2", ("sit", {"table": 2})),
    ("sit 2 3", ("sit", {"table": 2, "seat": 3})),
    ("watch 4", ("watch", {"table": 4})),
    ("create password owls", ("create_table", {"password": "owls"})),
    ("create omnibus Password Owls2", ("create_table", {"rules": {"preset": "omnibus"},
                                                        "password": "Owls2"})),
    ("sit 2 password owls", ("sit", {"table": 2, "password": "owls"})),
    ("sit 2 3 password 1234", ("sit", {"table": 2, "seat": 3, "password": "1234"})),
    ("watch 4 password owls", ("watch", {"table": 4, "password": "owls"})),
    ("watch this password trick", ("chat", {"text": "watch this password trick"})),
    ("leave", ("leave", {})),
    ("/rules set target 50", ("command", {"text": "/rules set target 50"})),
    ("/start", ("command", {"text": "/start"})),
    ("hello everyone", ("chat", {"text": "hello everyone"})),
    ("play the next one fast", ("chat", {"text": "play the next one fast"})),
    ("pass the salt", ("chat", {"text": "pass the salt"})),
])
def test_lines_to_intents(line: str, expected: tuple[str, dict]) -> None:
    assert intent(line) == expected


def test_a_lone_card_plays_only_during_play() -> None:
    assert intent("qs", playing=True) == ("play", {"card": "QS"})
    assert intent("QS") == ("chat", {"text": "QS"})
    assert intent("ok", playing=True) == ("chat", {"text": "ok"})


@pytest.mark.parametrize("line, words", [
    ("play ZZ", "not a card"),
    ("play QS KS", "one card at a time"),
    ("pass 2C 1X", "not a card"),
    ("moon", "moon add or moon subtract"),
    ("moon maybe", "moon add or moon subtract"),
    ("sit", "sit 1"),
    ("sit one", "must be a number"),
    ("sit 1 7", "south, west, north or east"),
    ("sit 1 password", "like sit 1 password owls"),
    ("create password", "like create password owls"),
    ("watch 2 password", "like watch 1 password owls"),
    ("create nosuch", "unknown preset 'nosuch'; presets are: standard"),
])
def test_mistakes_are_one_sentence(line: str, words: str) -> None:
    a = parse_line(line)
    assert a.kind == "error"
    assert words in a.text
    assert "\n" not in a.text


def test_local_actions() -> None:
    assert parse_line("quit") == Action("local", "quit")
    assert parse_line("exit") == Action("local", "quit")
    assert parse_line("help") == Action("local", "help")
    assert parse_line("   ") == Action("local", "show")
    assert parse_line("hand") == Action("local", "show")


def test_sit_takes_a_place_as_the_tables_list_says_it() -> None:
    assert parse_line("sit 2 north").fields == {"table": 2, "seat": 2}
    assert parse_line("sit 2 West").fields == {"table": 2, "seat": 1}
    assert parse_line("sit 2 3").fields == {"table": 2, "seat": 3}     # a number still works
    assert parse_line("sit 2 up").kind == "error"


def test_a_lone_word_in_the_lobby_is_no_chat_unless_said() -> None:
    """At no table chat goes to everyone on the host: a lone word that is no command (a
    typo like "clear") is refused with what to type; at a table chat stays as easy."""
    typo = parse_line("clear", lobby=True)
    assert typo.kind == "error" and "unknown command clear" in typo.text and "say clear" in typo.text
    assert parse_line("say clear", lobby=True) == Action("intent", "chat", {"text": "clear"})
    assert parse_line("hello everyone", lobby=True).type == "chat"
    assert parse_line("tables", lobby=True).type == "list_tables"
    assert parse_line("clear") == Action("intent", "chat", {"text": "clear"})
    assert parse_line("say", lobby=True).kind == "error"
