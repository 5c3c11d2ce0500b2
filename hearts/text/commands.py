"""Typed lines to actions: intents for the host, or something the client does itself.

>>> parse_line("play qs")
Action(kind='intent', type='play', fields={'card': 'QS'}, text='')
>>> parse_line("pass 2C 3d 10H").fields
{'cards': ['2C', '3D', 'TH']}
>>> parse_line("/who").type, parse_line("hello all").type, parse_line("clear", lobby=True).kind
('command', 'chat', 'error')
>>> parse_line("sit 2 password owls").fields
{'table': 2, 'password': 'owls'}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hearts.engine import PRESETS, Card
from hearts.i18n import _, said, text_of
from hearts.net.words import PLACE_WORDS

# A listed table's seats by place, its first seat south (as `tables` lists them).
PLACES = {"south": 0, "west": 1, "north": 2, "east": 3}


def place_word(seat: int) -> str:
    """A listed table's seat by its place, in the reader's language: as `tables` lists it
    and `sit N PLACE` takes it (south is its first seat)."""
    return _(PLACE_WORDS[seat])


def place_seat(word: str) -> int | None:
    """The seat a place names, in English or in the reader's language; None for no place."""
    word = word.lower()
    if word in PLACES:
        return PLACES[word]
    return next((seat for seat in range(4) if place_word(seat).lower() == word), None)

# kind: "intent" (send type+fields), "local" (type names what: help, hand, quit),
# "error" (text says what is wrong), "none" (nothing to do)


@dataclass
class Action:
    """What one typed line asks for."""

    kind: str
    type: str = ""
    fields: dict[str, Any] = field(default_factory=dict)
    text: str = ""


def _error(text: str) -> Action:
    return Action("error", text=text)


def _intent(type_: str, **fields: Any) -> Action:
    return Action("intent", type_, fields)


def parse_card(text: str) -> str:
    """A card as the host spells it (``"QS"``); raises ValueError with one sentence."""
    return str(Card.parse(text.strip(",;")))


def _cards(words: list[str]) -> list[str]:
    out = []
    for w in words:
        for part in w.replace(",", " ").split():
            out.append(parse_card(part))
    return out


def _is_card(word: str) -> bool:
    try:
        parse_card(word.split(",")[0])
        return True
    except ValueError:
        return False


def _number(word: str, what: str) -> int:
    """``word`` as a number; ``what`` names it: "table" or "game"."""
    if not word.isdigit():
        if what == "game":
            raise ValueError(_("the game must be a number, not {word}").format(word=repr(word)))
        raise ValueError(_("the table must be a number, not {word}").format(word=repr(word)))
    return int(word)


def _password(verb: str, args: list[str]) -> tuple[list[str], dict[str, Any]]:
    """Split a trailing ``password WORD`` off ``args``: (the other words, the field).

    Raises ValueError when ``password`` is the last word; with more than one word
    after it the line is left alone (it may be chat).
    """
    lowered = [a.lower() for a in args]
    if lowered[-1:] == ["password"]:
        example = f"{verb} password owls" if verb == "create" else f"{verb} 1 password owls"
        raise ValueError(_("put the password after the word password, like {example}").format(
            example=example))
    if len(args) < 2 or lowered[-2] != "password":
        return args, {}
    return args[:-2], {"password": args[-1]}


def parse_line(line: str, playing: bool = False, lobby: bool = False) -> Action:
    """One typed line; ``playing``: a lone card name plays it (else it would be chat);
    ``lobby``: at no table, where chat goes to everyone on the host, a lone word that is no
    command is refused as a likely typo (``say WORD`` says it)."""
    text = line.strip()
    if not text:
        return Action("local", "show")
    if text.startswith("/"):
        return Action("intent", "command", {"text": text})
    words = text.split()
    verb, args = words[0].lower(), words[1:]
    try:
        # "play"/"pass" followed by words that are not cards is chat ("pass the salt")
        if verb == "play" and len(args) == 1:
            return _intent("play", card=parse_card(args[0]))
        if verb == "play" and args and _is_card(args[0]):
            return _error(_("play one card at a time, like play QS"))
        if verb == "pass" and args and (len(args) == 1 or _is_card(args[0])):
            return _intent("pass", cards=_cards(args))
        if verb == "moon" and len(args) == 1 and args[0].lower() in ("add", "subtract"):
            return _intent("moon", choice=args[0].lower())
        if verb == "moon" and len(args) <= 1:
            return _error(_("type moon add or moon subtract"))
        rest: list[str] = args
        secret: dict[str, Any] = {}
        if verb == "create" or verb in ("sit", "watch") and args and args[0].isdigit():
            # "password WORD" may end these; without it the word counts stay as before
            rest, secret = _password(verb, args)
        if verb == "sit" and 1 <= len(rest) <= 2:
            fields: dict[str, Any] = {"table": _number(rest[0], "table")}
            if len(rest) == 2:
                seat = place_seat(rest[1])
                if seat is None and rest[1].isdigit() and int(rest[1]) <= 3:
                    seat = int(rest[1])          # a seat number, as earlier versions said
                if seat is None:
                    return _error(_("say where to sit: south, west, north or east"))
                fields["seat"] = seat
            return _intent("sit", **fields, **secret)
        if verb == "sit" and not rest:
            return _error(_("type sit and a table number, like sit 1 (tables lists them)"))
        if verb == "watch" and len(rest) == 1:
            return _intent("watch", table=_number(rest[0], "table"), **secret)
        if verb == "games" and len(args) <= 1:
            return _intent("games", **({"before": _number(args[0], "game")} if args else {}))
        if verb in ("replay", "export") and 1 <= len(args) <= (2 if verb == "export" else 1):
            return Action("local", verb, {"id": _number(args[0].lstrip("#"), "game"),
                                          "file": args[1] if len(args) > 1 else None})
        if verb in ("replay", "export") and not args:
            return _error(_("type {command} and a game's number, like {command} 3 (games lists "
                            "them)").format(command=verb))
        if verb == "create" and len(rest) <= 1:
            if not rest:
                return _intent("create_table", **secret)
            preset = rest[0].lower()
            if preset not in PRESETS:
                return _error(_("unknown preset {name}; presets are: {presets}").format(
                    name=repr(rest[0]), presets=", ".join(PRESETS)))
            return _intent("create_table", rules={"preset": preset}, **secret)
    except ValueError as e:
        return _error(said(text_of(e)))
    if not args:
        if verb in ("claim", "hint", "undo", "leave", "stats"):
            return _intent(verb)
        if verb == "tables":
            return _intent("list_tables")
        if verb in ("quit", "exit"):
            return Action("local", "quit")
        if verb in ("help", "?"):
            return Action("local", "help")
        if verb in ("hand", "show"):
            return Action("local", "show")
        if playing:
            try:
                return _intent("play", card=parse_card(verb))
            except ValueError:
                pass
    if verb == "say":
        if not args:
            return _error(_("type say and what to say, like say hello everyone"))
        return _intent("chat", text=text.split(None, 1)[1])
    if lobby and not args:
        return _error(_("unknown command {word}: help lists them; to say it to everyone in the "
                        "lobby, type say {word}").format(word=words[0]))
    return _intent("chat", text=text)


__all__ = ["Action", "parse_card", "parse_line", "place_seat", "place_word"]
