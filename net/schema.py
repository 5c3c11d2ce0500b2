"""The protocol's schema, machine-readable: every message both ways, every field.

Made from this module by ``python -m hearts.docgen`` (a test fails while they differ):
docs/protocol.md's reference tables, and `hearts.net.messages`, the messages as `TypedDict`s
that the host's code is typed with (`python_types`). `check_message` validates what a
host sends against it (a test walks every message of real games through it). The
client's fields come from `hearts.net.protocol.INTENTS`, the error codes from
`hearts.net.protocol.ERROR_CODES`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .protocol import ERROR_CODES, INTENTS


@dataclass(frozen=True)
class Field:
    """One field: its wire type (``int``, ``str``, ``bool``, ``float``, ``map``,
    ``list[T]``, ``any``, or the name of a shape below), whether it may be nil, what it
    means, whether it may be left out (``optional``) and, for such a field, when the host
    sends it (``present``: "when ...", "in ...")."""

    name: str
    type: str
    doc: str
    nil: bool = False
    optional: bool = False
    present: str = ""


def F(name: str, type_: str, doc: str, nil: bool = False, optional: bool = False,
      present: str = "") -> Field:
    """A `Field`; one with a ``present`` condition is optional."""
    return Field(name, type_, doc, nil, optional or bool(present), present)


# the condition of every field a connection gets only when it asked for words
_WORDS = "when your `hello` asked for `words`"

# -- shapes inside messages -------------------------------------------------------------
SHAPES: dict[str, list[Field]] = {
    "seat": [
        F("seat", "int", "0..3, clockwise; seat s passes left to s+1"),
        F("kind", "str", "`human`, `bot` or `empty`"),
        F("name", "str", "who sits there", nil=True),
        F("level", "str", "the bot's level (also when a bot plays for a dropped person)", nil=True),
        F("connected", "bool", "false while a person is disconnected (true for bots and empty seats)"),
        F("auto", "bool", "a bot plays for this person (the connection was lost; a turn timer "
                          "that runs out plays one move and leaves this false)"),
    ],
    "table_line": [
        F("id", "int", "the table's number, used by `sit`, `watch`"),
        F("name", "str", "at most 40 graphemes"),
        F("owner", "str", "the owner's name", nil=True),
        F("summary", "str", "the rules in a few words (a preset name, or `custom: ...`)"),
        F("rules", "map", "every rule option (docs/rules.md), as `set_rules` takes them (a "
          "client says them in its reader's language; hosts before it sent only `summary` "
          "in a `tables` list)"),
        F("state", "str", "`waiting`, `playing`, `paused` or `over`"),
        F("seats", "list[seat]", "the four seats"),
        F("watchers", "int", "how many watch"),
        F("locked", "bool", "friends only: `sit` and `watch` need the password"),
        F("hand", "int", "the current hand, 0-based (shown 1-based to people)", nil=True),
        F("owner_away", "float", "the owner is away (disconnected): seconds until the table "
          "passes to the next connected person (0: to the next to come); nil while the owner "
          "is here", nil=True),
    ],
    "result": [
        F("hand", "int", "0-based"),
        F("points", "list[int]", "each seat's points in that hand"),
        F("totals", "list[int]", "each seat's total after it"),
    ],
    "moon": [
        F("shooter", "int", "the seat that shot"),
        F("sun", "bool", "it also took every trick"),
        F("choice", "str", "`add` or `subtract`; nil while the shooter chooses", nil=True),
        F("points", "int", "the points at stake: added to each other seat, or taken off the "
          "shooter (the moon's value under these rules, or the sun's)",
          present="in a `view` and a `hand_scored` (the hands of a `game` answer have none)"),
    ],
    "tram": [
        F("seat", "int", "who took the rest; nil when the rest changed nothing", nil=True),
        F("cards", "list[list[str]]", "every seat's cards when the hand ended early"),
        F("claimed", "bool", "the seat claimed (`claim`); false: the host saw it"),
    ],
    "timer": [
        F("seats", "list[int]", "whose clock runs"),
        F("seconds", "float", "seconds left (a pause freezes them)"),
        F("why", "str", "`turn` (the turn timer) or `dropped` (the grace before a bot plays)"),
        F("paused", "bool", "always true (the clock is stopped)",
          present="while the game is paused"),
    ],
    "view": [
        F("seat", "int", "whose view; nil for a watcher (no cards in hand)", nil=True),
        F("phase", "str", "`pass`, `play`, `moon-choice` or `done`"),
        F("pass_direction", "str", "`left`, `right`, `across` or `hold`"),
        F("dealer", "int", "the dealer's seat"),
        F("totals", "list[int]", "game totals before this hand"),
        F("hand", "list[str]", "this seat's cards (empty for a watcher)"),
        F("passed", "list[str]", "the cards this seat passed (before the exchange: chosen)", nil=True),
        F("received", "list[str]", "the cards it received, after the exchange", nil=True),
        F("has_passed", "list[bool]", "per seat"),
        F("turn", "int", "whose move; nil while passing or when the hand is over", nil=True),
        F("leader", "int", "who leads the current trick", nil=True),
        F("trick", "list[list[any]]", "the trick so far: [seat, card] pairs"),
        F("tricks", "list[list[any]]", "the finished tricks of this hand: [leader, cards "
          "from the leader, winner]"),
        F("hearts_broken", "bool", "a heart (or Q♠ with that rule) has been played"),
        F("cards_left", "list[int]", "cards each seat holds"),
        F("taken_points", "list[int]", "penalty points taken so far, per seat"),
        F("tricks_won", "list[int]", "tricks taken so far, per seat"),
        F("points", "list[int]", "the hand's points once it is done", nil=True),
        F("moon", "moon", "a moon shot this hand", nil=True),
        F("tram", "tram", "the hand ended early", nil=True),
        F("legal", "list[str]", "the cards this seat may play now (empty while passing)"),
        F("others", "list[list[str]]", "every seat's cards, on open-hands tables only", nil=True),
        F("illegal", "map", "on this seat's turn to play: each card it holds but may not play, "
          "with the engine's words why (`{\"2H\": \"hearts are not broken yet\"}`, in the "
          "language of the connection's `hello.lang`); empty otherwise"),
    ],
}
SHAPES.update({
    "player_ref": [
        F("name", "str", "the name they played under"),
        F("kind", "str", "`human` or `bot`"),
        F("level", "str", "a bot's level", nil=True),
        F("id", "str", "a person's player id (a digest of the key their client keeps; "
          "the same person on every game of this host)", nil=True),
    ],
    "stats_row": [
        F("id", "str", "the person's player id; nil for a bot level", nil=True),
        F("name", "str", "the name the person used last, or the bot level"),
        F("kind", "str", "`human` or `bot`"),
        F("level", "str", "a bot row's level", nil=True),
        F("games", "int", "games finished: played to the end in their seat (docs/history.md)"),
        F("left", "int", "games they played hands of but not the last: left, dropped, or a "
          "bot played it for them"),
        F("wins", "int", "games won, shared wins included"),
        F("shared_wins", "int", "of those, wins shared with another seat"),
        F("average_place", "float", "1 to 4 (ties share a place); nil before a game",
          nil=True),
        F("hands", "int", "hands played"),
        F("points", "int", "points taken in those hands (after moons and bonuses)"),
        F("points_per_hand", "float", "points / hands; nil before a hand", nil=True),
        F("moons_shot", "int", "hands where they shot the moon"),
        F("moons_suffered", "int", "hands where another seat shot the moon"),
        F("queens", "int", "hands where they took the Q♠"),
    ],
    "board": [
        F("games", "int", "finished games counted"),
        F("people", "list[stats_row]", "people, best first (at most 100, then your own row)"),
        F("people_total", "int", "how many people in all"),
        F("bots", "list[stats_row]", "one row per bot level (every seat it played)"),
    ],
    "game_line": [
        F("id", "int", "the game's id on this host (`game` takes it)"),
        F("finished", "str", "when it ended, UTC (`2025-11-26T21:40:00Z`)"),
        F("table", "int", "the table's number then"),
        F("name", "str", "the table's name"),
        F("summary", "str", "the rules in a few words"),
        F("players", "list[player_ref]", "who sat in each seat at the end"),
        F("totals", "list[int]", "final totals per seat"),
        F("winners", "list[int]", "the winning seats (ties share)"),
        F("hands", "int", "hands played"),
    ],
    "trick": [
        F("leader", "int", "who led"),
        F("cards", "list[str]", "in play order, from the leader"),
        F("winner", "int", "who took it"),
        F("points", "int", "its penalty points"),
    ],
    "hand": [
        F("hand", "int", "0-based"),
        F("dealer", "int", "seat"),
        F("pass_direction", "str", "`left`, `right`, `across` or `hold`"),
        F("seats", "list[int]", "who sat in each seat, as indexes in the game's `people`"),
        F("deal", "list[list[str]]", "each seat's 13 cards as dealt"),
        F("passes", "list[list[str]]", "what each seat passed; nil on a hold hand", nil=True),
        F("tricks", "list[trick]", "every trick in order"),
        F("claim", "int", "the seat that claimed the rest", nil=True),
        F("tram", "tram", "the hand ended early: every seat's cards then", nil=True),
        F("moon", "moon", "a moon shot", nil=True),
        F("queen", "int", "who took the Q♠", nil=True),
        F("points", "list[int]", "each seat's points in the hand"),
        F("totals", "list[int]", "the totals after it"),
        F("captions", "list[str]", "each step of the hand's replay in a sentence, in your "
          "`hello.lang` (`hearts.net.words.replay_caption`, as the desktop's replay says it; "
          "step 0 the deal, 1 the pass when there is one, then one a card)",
          present="in a `game` answer to a connection whose `hello` asked for `words`"),
        F("title", "str", "the hand's head in the replay (\"Hand 2 of 9 · Ann deals, "
          "passing left\"; `hearts.net.words.replay_title`)", present="with `captions`"),
    ],
})
SHAPES["status"] = [
    F("line", "str", "the status line while a hand is played (\"Your lead\"; empty "
      "otherwise; `hearts.net.words.status_line`)"),
    F("offline", "str", "the status line while the connection is down (said ahead)"),
    F("starts", "str", "outside a running hand, who can start or go on now "
      "(`hearts.net.words.next_step_line`; empty while a game is played)"),
    F("starts_away", "list[str]", "`starts` with each second left, counted down from "
      "`table.owner_away` (index: seconds left)",
      present="while the owner is away (`table.owner_away` not nil), to all but the owner"),
    F("moon", "dict[str, str]", "while the moon's choice is made: `head` (\"You shot the "
      "moon!\"), then for the shooter `add` and `subtract` (the choices), for the others "
      "`waiting` (`hearts.net.words.moon_choice_lines`)", nil=True),
    F("hand_over", "str", "the last scored hand's head (\"Hand 3 is over.\")", nil=True),
    F("gone", "list[str]", "why the table is gone, said ahead for a return that finds it "
      "gone: it closed while you were away, the host restarted without it "
      "(`hearts.net.words.table_gone_line`)"),
]
SHAPES["game_info"] = [
    *SHAPES["game_line"],
    F("format", "str", "`hearts-game` (the export format of docs/history.md)"),
    F("format_version", "int", "1"),
    F("rules", "map", "every rule option, as `set_rules` takes them"),
    F("seed", "str", "the deals' seed, as text (with the rules and the plays, the whole "
      "game: `Game(rules, seed)`); empty while the game is being played"),
    F("people", "list[player_ref]", "everyone who sat in the game, once each"),
]
SHAPES["table"] = [
    *SHAPES["table_line"],
    F("owner_seat", "int", "the owner's seat; nil when the owner watches", nil=True),
    F("rules_words", "map", "each rule option's value in plain words, by option name, in the "
      "language of the connection's `hello.lang` (labels and groups are in `/facts.json`, "
      "and in each language's `/lang/<code>.json`)"),
    F("totals", "list[int]", "game totals"),
    F("display_totals", "list[int]", "totals as shown (countdown: target minus points)"),
    F("results", "list[result]", "every scored hand of this game"),
    F("winners", "list[int]", "once the game is over", nil=True),
    F("kicked", "list[str]", "names that may not come back (`allow NAME` lifts it)"),
    F("game_players", "list[str]", "who held each seat in the latest hand of the game: the "
      "names its results and winners belong to, also once seats changed hands (a person who "
      "sat down at a finished table did not play it, nor did one who left a hand before "
      "making a move in it: the bot that played it all is named); nil before the first game",
      nil=True),
]

# -- messages the host sends ------------------------------------------------------------
HOST_MESSAGES: dict[str, tuple[str, list[Field]]] = {
    "welcome": ("the answer to `hello`", [
        F("version", "int", "the protocol version (1)"),
        F("host", "str", "the host's name"),
        F("name", "str", "your name as cleaned and made unique (`Ann#2`)"),
        F("token", "str", "keep it: `hello` with it takes your seat back"),
        F("player", "int", "your player number on this host (for logs; not a seat)"),
        F("returning", "bool", "the hello's token was this host's: you are the same player "
          "as before; false for a new player, also when the token sent was not known (the "
          "host restarted without your table)"),
        F("table", "int", "the table you are at (its `table` message follows); nil at none. "
          "A client that was at a table and is not at it now says that table is gone",
          nil=True),
    ]),
    "tables": ("the lobby: after `welcome`, on `list_tables`, and when tables change "
               "while you are not at one", [
        F("tables", "list[table_line]", "every table"),
    ]),
    "table": ("everything about your table: on sitting, watching, reconnecting and "
              "whenever seats, owner or rules change", [
        F("table", "table", "the table"),
        F("seat", "int", "your seat; nil when you watch", nil=True),
        F("owner", "bool", "you own the table"),
        F("view", "view", "your view; nil before the first deal", nil=True),
        F("timer", "timer", "a running clock", nil=True),
        F("seq", "int", "the table's update counter (restarts at 0 after a host restart)"),
        F("won", "str", "who won, in a sentence in your `hello.lang` "
          "(`hearts.net.words.winners_line`)", present="when your `hello` asked for `words` "
          "and the game was played to its end (`table.winners` set)"),
        F("away", "list[str]", "what a bot did for you since, in your `hello.lang` "
          "(`hearts.net.words.away_lines`; empty when nothing)", present="when your `hello` "
          "asked for `words` and said `away`, in the `table` that follows it at that seat"),
        F("status", "status", "the table's sentences as they stand, in your `hello.lang`",
          present=_WORDS),
    ]),
    "update": ("what changed at your table, with your new view", [
        F("table", "int", "the table's id"),
        F("seq", "int", "one more than the last `update` or `table` of this table"),
        F("events", "list[change]", "the changes, in order (below)"),
        F("view", "view", "your view after them; nil before the first deal", nil=True),
        F("timer", "timer", "a running clock", nil=True),
        F("said", "list[list[str]]", "each change of `events` in sentences for you, in your "
          "`hello.lang` (`hearts.net.words`, as the desktop and text clients say them; empty "
          "for one that says nothing to you)", present=_WORDS),
        F("shown", "list[list[str]]", "what the table shows for each change of `events` "
          "while it shows, in your `hello.lang` (`hearts.net.words.shown_lines`): a "
          "`trick_taken`'s label (\"Ann takes it, 3 points\"), the sentences under a "
          "`hand_scored`'s scores (a moon, a hand ended early), who won at a `game_over`; "
          "empty for the others", present=_WORDS),
        F("status", "status", "the table's sentences as they stand, in your `hello.lang`",
          present=_WORDS),
    ]),
    "left": ("you are no longer at a table", [
        F("table", "int", "which"),
        F("reason", "str", "`left`, `kicked` or a sentence (the table closed)"),
        F("said", "str", "why, in a sentence in your `hello.lang` "
          "(`hearts.net.words.left_line`)", present=_WORDS),
    ]),
    "reply": ("the answer to a `command`", [
        F("text", "str", "one or more lines (\\n between them)"),
        F("ok", "bool", "false when the command was refused"),
    ]),
    "hint": ("the answer to `hint`", [
        F("cards", "list[str]", "the cards the bot would pass or play"),
        F("reason", "str", "why, in a few words"),
        F("moon", "str", "`add` or `subtract` at a moon choice", nil=True),
    ]),
    "chat": ("a lobby chat line, to everyone on the host: people at no table send it with "
             "`chat`, and the host's operator; a table's own chat comes as a change in "
             "`update`", [
        F("scope", "str", "`lobby`"),
        F("name", "str", "who; `host` for the host's own notices"),
        F("text", "str", "the line"),
    ]),
    "error": ("a refused message (see the codes below)", [
        F("code", "str", "one of the codes below"),
        F("message", "str", "one sentence for a person"),
        F("ref", "str", "the type of the refused message; nil when it is not known (bytes that "
          "are not a message, a value without a `type`, an error the host sends unasked)",
          nil=True),
    ]),
    "ping": ("every 5 s; answer `pong` (any message counts as life)", []),
    "pong": ("the answer to your `ping`", []),
    "bye": ("the host is shutting down; the connection closes", [
        F("reason", "str", "why"),
    ]),
    "stats": ("the answer to `stats`: the leaderboards", [
        F("you", "str", "your player id (to find your rows)", nil=True),
        F("since", "str", "when tonight began (UTC): the host's start, or its `--session`"),
        F("all", "board", "every game this host kept"),
        F("tonight", "board", "the games finished since `since`"),
    ]),
    "games": ("the answer to `games`: finished games, newest first", [
        F("games", "list[game_line]", "a page of them"),
        F("total", "int", "how many the host keeps"),
        F("next", "int", "`before` for the next (older) page; nil at the oldest", nil=True),
    ]),
    "game": ("the answer to `game`: one finished game, hand by hand", [
        F("game", "game_info", "the game (`id` 0 and `finished` empty: the game at your "
          "table, still being played)"),
        F("first", "int", "the number of the first hand in `hands`"),
        F("hands", "list[hand]", "a page of its hands (at most 16)"),
        F("next", "int", "`hand` for the next page; nil after the last hand", nil=True),
    ]),
}

# -- the changes inside an update -------------------------------------------------------
CHANGE_FIELDS: dict[str, tuple[str, list[Field]]] = {
    "game_started": ("a game starts", [F("rules", "map", "its rules"),
                                       F("seats", "list[seat]", "who plays")]),
    "hand_started": ("a hand is dealt", [F("hand", "int", "0-based"),
                                         F("dealer", "int", "seat"),
                                         F("pass_direction", "str", "or `hold`")]),
    "passed": ("a seat chose its cards to pass", [F("seat", "int", "who")]),
    "cards_received": ("the exchange: to the receiver with `cards`, to others without", [
        F("seat", "int", "who received"), F("from_seat", "int", "who passed them"),
        F("cards", "list[str]", "the cards received",
          present="in the receiver's own update; the others and watchers get the change "
          "without it")]),
    "card_played": ("a card is played", [F("seat", "int", "who"), F("card", "str", "which")]),
    "trick_taken": ("a trick is complete", [F("leader", "int", "who led"),
                                            F("cards", "list[str]", "from the leader"),
                                            F("winner", "int", "who took it"),
                                            F("points", "int", "its penalty points")]),
    "hearts_broken": ("hearts may be led from now on", []),
    "moon_shot": ("a seat took every point", [F("shooter", "int", "who"),
                                              F("sun", "bool", "and every trick")]),
    "moon_chosen": ("the shooter chose", [F("shooter", "int", "who"),
                                          F("choice", "str", "`add` or `subtract`"),
                                          F("points", "int", "the points the shot moves "
                                            "(`moon.points` of the view)")]),
    "tram": ("the hand ended early (TRAM)", [
        F("seat", "int", "who took the rest; nil when it changed nothing", nil=True),
        F("claimed", "bool", "by a `claim`"),
        F("cards", "list[list[str]]", "every seat's cards then")]),
    "hand_scored": ("a hand is over", [F("hand", "int", "0-based"),
                                       F("points", "list[int]", "per seat"),
                                       F("totals", "list[int]", "after it"),
                                       F("display_totals", "list[int]", "the totals as shown "
                                         "(countdown: target minus points)"),
                                       F("moon", "moon", "a moon shot", nil=True)]),
    "game_over": ("the game is over", [F("totals", "list[int]", "final"),
                                       F("display_totals", "list[int]", "as shown"),
                                       F("winners", "list[int]", "seats (ties share)"),
                                       F("results", "list[result]", "every hand")]),
    "game_ended": ("the owner ended the game", [
        F("reason", "str", "by whom, in English (`ended by Ann`)"),
        F("by", "str", "who ended it (`host` for the host's operator)", nil=True)]),
    "player_joined": ("someone sits (seat) or watches (nil)", [
        F("seat", "int", "where", nil=True), F("name", "str", "who")]),
    "player_left": ("someone left", [F("seat", "int", "where; nil for a watcher", nil=True),
                                     F("name", "str", "who")]),
    "player_kicked": ("the owner sent someone away", [
        F("seat", "int", "where; nil for a watcher", nil=True), F("name", "str", "who")]),
    "player_dropped": ("a person lost the connection", [
        F("seat", "int", "where"), F("name", "str", "who"),
        F("grace", "float", "seconds before a bot plays for them")]),
    "player_returned": ("a dropped person is back", [F("seat", "int", "where"),
                                                     F("name", "str", "who")]),
    "replaced_by_bot": ("a bot takes or plays a seat", [
        F("seat", "int", "which"), F("level", "str", "the bot's level"),
        F("why", "str", "`start`, `left`, `kicked`, `owner`, `dropped` (it plays for the "
          "person until they are back) or `timeout` (the turn timer ran out: it plays this one "
          "move, the person keeps the seat)")]),
    "bot_removed": ("the owner emptied a bot's seat", [F("seat", "int", "which")]),
    "owner_changed": ("someone else owns the table", [
        F("name", "str", "the new owner", nil=True),
        F("seat", "int", "their seat; nil when they watch", nil=True),
        F("why", "str", "`left` (the owner left), `away` (the owner was away for the grace) "
          "or `back` (the away owner came back before the table was used)")]),
    "rules_changed": ("the owner changed the rules", [F("rules", "map", "all of them"),
                                                      F("summary", "str", "in a few words"),
                                                      F("by", "str", "who", nil=True)]),
    "chat": ("a chat line (`name` `host` for the host's own notices)", [
        F("name", "str", "who"), F("seat", "int", "their seat", nil=True),
        F("text", "str", "the line (a host notice with a `notice` kind: in English)"),
        F("notice", "str", "the notice's kind, for clients that word it in their reader's "
          "language: `seat_promised` (`who` takes the bot's seat `at` when the next hand is "
          "dealt)", present="on a host notice that has a kind, so far only `seat_promised`, "
          "sent when someone's `sit` takes a bot's seat mid-game; absent from people's lines "
          "and from the operator's announcements"),
        F("who", "str", "the person the notice is about", present="with `notice`"),
        F("at", "int", "the seat the notice is about", present="with `notice`")]),
    "timer": ("a turn clock starts", [F("seats", "list[int]", "whose"),
                                      F("seconds", "float", "how long")]),
    "paused": ("the game is paused", [F("by", "str", "who", nil=True)]),
    "resumed": ("the game goes on", [F("by", "str", "who", nil=True)]),
    "undone": ("a seat took back its last card (and what followed)", [
        F("seat", "int", "who"), F("actions", "int", "how many actions were undone")]),
}

# whether the host closes the connection after an error of each code (default: no)
CLOSES = {"version": "yes", "hello-first": "yes", "hello-timeout": "yes", "bad-frame": "yes",
          "too-large": "yes", "replaced": "yes",
          "bad-message": "before hello only", "unknown-type": "before hello only",
          "limit": "for too many connections or messages; not for chat lines or passwords"}

_PY: dict[str, Any] = {"int": int, "str": str, "bool": bool, "float": (int, float),
                       "map": dict}


def _check_value(value: Any, type_: str, where: str, out: list[str]) -> None:
    if type_ == "any":
        return
    m = re.fullmatch(r"list\[(.+)\]", type_)
    if m:
        if not isinstance(value, list):
            out.append(f"{where}: expected a list, got {type(value).__name__}")
            return
        for i, v in enumerate(value):
            _check_value(v, m.group(1), f"{where}[{i}]", out)
        return
    if type_ == "change":
        check_change(value, where, out)
        return
    if type_ in SHAPES:
        _check_map(value, SHAPES[type_], where, out)
        return
    py: Any = _PY[type_]
    if isinstance(value, bool) and type_ != "bool" or not isinstance(value, py):
        out.append(f"{where}: expected {type_}, got {type(value).__name__}")


def _check_map(value: Any, fields: list[Field], where: str, out: list[str]) -> None:
    if not isinstance(value, dict):
        out.append(f"{where}: expected a map, got {type(value).__name__}")
        return
    known = {f.name for f in fields} | {"type"}
    for key in value:
        if key not in known:
            out.append(f"{where}: field {key!r} is not in the schema")
    for f in fields:
        if f.name not in value:
            if not f.optional:
                out.append(f"{where}: field {f.name!r} is missing")
            continue
        v = value[f.name]
        if v is None:
            if not f.nil:
                out.append(f"{where}.{f.name}: nil, which the schema does not allow")
            continue
        _check_value(v, f.type, f"{where}.{f.name}", out)


def check_change(change: Any, where: str, out: list[str]) -> None:
    """Check one change of an ``update`` (appends problems to ``out``)."""
    kind = change.get("type") if isinstance(change, dict) else None
    if kind not in CHANGE_FIELDS:
        out.append(f"{where}: change type {kind!r} is not in the schema")
        return
    # (a private change's public copy leaves out the private field: it is optional)
    _check_map(change, CHANGE_FIELDS[kind][1], f"{where}<{kind}>", out)


def check_message(msg: Any) -> list[str]:
    """Every way ``msg`` (from a host) differs from the schema; empty when it conforms."""
    out: list[str] = []
    kind = msg.get("type") if isinstance(msg, dict) else None
    if kind not in HOST_MESSAGES:
        return [f"message type {kind!r} is not in the schema"]
    _check_map(msg, HOST_MESSAGES[kind][1], kind, out)
    if kind == "error" and msg.get("code") not in ERROR_CODES:
        out.append(f"error code {msg.get('code')!r} is not in the schema")
    return out


# -- net/messages.py --------------------------------------------------------------------
def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


def _py_type(type_: str) -> str:
    m = re.fullmatch(r"list\[(.+)\]", type_)
    if m:
        return f"list[{_py_type(m.group(1))}]"
    if type_ == "change":
        return "ChangeEvent"
    if type_ in SHAPES:
        return _camel(type_) + "Map"
    return {"map": "dict[str, Any]", "any": "Any"}.get(type_, type_)


def _typed_dict(name: str, doc: str, fields: list[tuple[str, str, bool, bool]],
                tag: str | None = None) -> list[str]:
    """One TypedDict: (field name, Python type, nil, optional) each; ``tag``: the value
    of its ``type`` field."""
    lines = [f"class {name}(TypedDict):", f'    """{doc}"""', ""]
    if tag is not None:
        lines.append(f'    type: Literal["{tag}"]')
    for fname, py, nil, optional in fields:
        t = f"{py} | None" if nil else py
        lines.append(f"    {fname}: {'NotRequired[' + t + ']' if optional else t}")
    if len(lines) == 3:
        lines.append("    pass")
    return lines + ["", ""]


def _intent_fields(spec: dict[str, tuple[tuple[type, ...], bool]]
                   ) -> list[tuple[str, str, bool, bool]]:
    out = []
    for fname, (types, required) in spec.items():
        names = [t.__name__ for t in types if t is not type(None)]
        py = " | ".join("dict[str, Any]" if n == "dict" else "list[Any]" if n == "list" else n
                        for n in names)
        out.append((fname, py, type(None) in types, not required))
    return out


def python_types() -> str:
    """The source of `hearts.net.messages`: every shape, host message, change and intent as a
    `TypedDict`, and a union of each kind."""
    def flds(fields: list[Field]) -> list[tuple[str, str, bool, bool]]:
        return [(f.name, _py_type(f.type), f.nil, f.optional) for f in fields]

    out = ['"""The protocol\'s messages as types, made from `hearts.net.schema` by ``python -m',
           'hearts.docgen`` (do not edit: a test fails while they differ). Shapes end in',
           '``Map``, what the host sends in ``Message``, the changes of an ``update`` in',
           '``Change``, what a client sends in ``Intent``; docs/protocol.md says what each',
           'field means."""', "", "from __future__ import annotations", "",
           "from typing import Any, Literal, NotRequired, TypedDict, Union", "", ""]
    for name, fields in SHAPES.items():
        out += _typed_dict(_camel(name) + "Map", f"The `{name}` shape.", flds(fields))
    for kind, (doc, fields) in CHANGE_FIELDS.items():
        out += _typed_dict(_camel(kind) + "Change", doc[0].upper() + doc[1:] + ".",
                           flds(fields), kind)
    for kind, (doc, fields) in HOST_MESSAGES.items():
        out += _typed_dict(_camel(kind) + "Message", doc[0].upper() + doc[1:].split(" (")[0]
                           .split(":")[0] + ".", flds(fields), kind)
    for kind, spec in INTENTS.items():
        out += _typed_dict(_camel(kind) + "Intent", f"The `{kind}` intent.",
                           _intent_fields(spec), kind)

    def union(name: str, members: list[str]) -> list[str]:
        return [f"{name} = Union[", *(f"    {m}," for m in members), "]", ""]

    out += union("ChangeEvent", [_camel(k) + "Change" for k in CHANGE_FIELDS])
    out += union("HostMessage", [_camel(k) + "Message" for k in HOST_MESSAGES])
    out += union("ClientMessage", [_camel(k) + "Intent" for k in INTENTS])
    return "\n".join(out)


# -- docs/protocol.md -------------------------------------------------------------------
def _type(f: Field) -> str:
    """A field's type as the reference writes it: ``or nil``, ``optional``."""
    return f"{f.type}{' or nil' if f.nil else ''}{', optional' if f.optional else ''}"


def _rows(fields: list[Field]) -> list[str]:
    return [f"| `{f.name}` | {_type(f)} | "
            f"{f'present only {f.present}: ' if f.present else ''}{f.doc} |" for f in fields]


def markdown(section: str) -> str:
    """One generated section of docs/protocol.md."""
    head = ["| field | type | meaning |", "|---|---|---|"]
    lines: list[str] = []
    if section == "client":
        for kind, spec in INTENTS.items():
            lines.append(f"- `{kind}`: " + (", ".join(
                f"`{name}` {'/'.join('nil' if t is type(None) else t.__name__ for t in types)}"
                f"{'' if required else ' (optional)'}" for name, (types, required) in spec.items())
                or "no fields"))
    elif section == "host":
        for kind, (doc, fields) in HOST_MESSAGES.items():
            lines += [f"#### `{kind}`: {doc}", ""] + (head + _rows(fields) if fields
                                                       else ["No fields."]) + [""]
    elif section == "changes":
        for kind, (doc, fields) in CHANGE_FIELDS.items():
            fs = ", ".join(f"`{f.name}` {f.type}{' or nil' if f.nil else ''}"
                           f"{f' (optional: present only {f.present})' if f.present else ''}"
                           f"{' (optional)' if f.optional and not f.present else ''}"
                           for f in fields)
            lines.append(f"- `{kind}`: {doc}" + (f" — {fs}" if fs else ""))
    elif section == "shapes":
        for kind, fields in SHAPES.items():
            lines += [f"#### `{kind}`", ""] + head + _rows(fields) + [""]
    elif section == "errors":
        lines += ["| code | when | closes |", "|---|---|---|"]
        lines += [f"| `{code}` | {why.removesuffix(' (fatal)')} | {CLOSES.get(code, 'no')} |"
                  for code, why in ERROR_CODES.items()]
    else:
        raise KeyError(section)
    return "\n".join(lines).rstrip()


__all__ = ["CHANGE_FIELDS", "CLOSES", "Field", "HOST_MESSAGES", "SHAPES",
           "check_change", "check_message", "markdown", "python_types"]
