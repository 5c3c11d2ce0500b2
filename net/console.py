"""Console /commands: a chat line starting with '/' becomes an intent, answered by one line."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from hearts.engine import Rules, RulesError
from hearts.engine.rule_options import OPTIONS, PRESET_DESCRIPTIONS, rules_in_words
from hearts.engine.rules import parse_value

from .protocol import ProtocolError, check_intent
from .table import TableError

if TYPE_CHECKING:
    from .server import Player, ServerCore
    from .table import Table

PLACES = ("south", "west", "north", "east")   # as the table shows them, south being you
SEAT_HELP = ("SEAT is a place (south is you, then west, north, east), the name of its player "
             "or bot, or its number 0-3")

HELP = {
    "help": "/help - this list",
    "who": "/who - the people and bots at your table, by place and seat number",
    "tables": "/tables - the tables on this host",
    "new": "/new [PRESET] - open a table and sit at it",
    "join": "/join TABLE [SEAT] (or /sit) - sit at a table; /sit SEAT - take a seat at yours",
    "watch": "/watch TABLE - watch a table",
    "leave": "/leave - leave your table",
    "lobby": "/lobby TEXT - say it in the lobby (everyone on this host sees it)",
    "rules": "/rules - show the rules; /rules set NAME VALUE - change one (owner)",
    "preset": "/preset NAME - use a preset of rules (owner)",
    "start": "/start - start the game; empty seats get bots (owner)",
    "pause": "/pause, /resume - pause or resume the game (owner)",
    "end": "/end N - play to N points; /end now - end the game (owner)",
    "kick": "/kick NAME or SEAT - send a player away; they cannot come back (owner)",
    "allow": "/allow NAME - let a kicked player come back (owner)",
    "bot": "/bot SEAT LEVEL - put a bot in a seat or change its level, e.g. /bot west hard; "
           "/bot SEAT off (owner)",
    "password": "/password WORD - friends only: joining needs WORD; /password off (owner)",
    "hint": "/hint - what the bot would do for you now",
    "pass": "/pass C C C - pass cards, e.g. /pass QS AH 2D",
    "play": "/play C - play a card, e.g. /play TH",
    "moon": "/moon add|subtract - your choice after shooting the moon",
    "claim": "/claim - claim the rest of the tricks",
}

Reply = tuple[str, bool]


def run_command(core: "ServerCore", player: "Player", text: str) -> Reply:
    """Run one console line for ``player``; returns (answer, ok)."""
    words = text.strip().split()
    if not words or not words[0].startswith("/"):
        return "commands start with '/'; try /help", False
    name = words[0][1:].lower()
    args = words[1:]
    handler = _COMMANDS.get(name)
    if handler is None:
        return f"unknown command /{name}; try /help", False
    try:
        return handler(core, player, args)
    except TableError as e:
        return e.message, False
    except ProtocolError as e:
        return e.message, False
    except RulesError as e:
        return str(e), False


def _intent(core: "ServerCore", player: "Player", msg: dict[str, Any], done: str) -> Reply:
    core.dispatch(player, check_intent(msg, core.limits))
    return done, True


def _table(core: "ServerCore", player: "Player") -> "Table":
    return core.table_of(player)


def _help(core: "ServerCore", player: "Player", args: list[str]) -> Reply:
    if args and args[0].lstrip("/") in HELP:
        return HELP[args[0].lstrip("/")], True
    return ("Commands (F2 or ` opens this console):\n" + "\n".join(HELP.values())
            + f"\n{SEAT_HELP}."), True


def _who(core: "ServerCore", player: "Player", args: list[str]) -> Reply:
    t = _table(core, player)
    me = _my_seat(t, player)
    parts = []
    for step, place in enumerate(PLACES):
        i = (me + step) % 4
        s = t.seats[i]
        where = f"{place} (seat {i})"
        if s.kind == "empty":
            parts.append(f"{where}: empty")
        elif s.kind == "bot":
            parts.append(f"{where}: {s.name} ({s.level} bot)")
        else:
            flags = []
            if s.token == t.owner:
                flags.append("owner")
            if not s.connected:
                flags.append("away")
            if s.auto:
                flags.append("bot playing")
            parts.append(f"{where}: {s.name}" + (f" ({', '.join(flags)})" if flags else ""))
    if t.watchers:
        parts.append("watching: " + ", ".join(t.watchers.values()))
    return f"table {t.id} {t.name!r}: " + "; ".join(parts), True


def _my_seat(t: "Table", player: "Player | None") -> int:
    """The seat the table is drawn from for ``player``: theirs, else seat 0 (south)."""
    seat = t.seat_of(player.token) if player is not None else None
    return 0 if seat is None else seat


def seat_from_words(t: "Table", player: "Player | None", words: str) -> int | None:
    """The seat ``words`` names at ``t`` as ``player`` sees it: a number 0-3, a place
    (south is the player's own seat, then west, north, east, as the menus show them),
    or the name of its player or bot (any case); None when it names none."""
    text = " ".join(words.split()).lower()
    if text.isdigit():
        return int(text) if int(text) < 4 else None
    if text in PLACES:
        return (_my_seat(t, player) + PLACES.index(text)) % 4
    for i, s in enumerate(t.seats):
        if s.kind != "empty" and (s.name or "").lower() == text:
            return i
    return None


def _seat(t: "Table", player: "Player", words: str) -> int:
    """`seat_from_words`, or TableError with what a seat can be."""
    seat = seat_from_words(t, player, words)
    if seat is None:
        raise TableError("bad-message", f"no seat {words!r} at this table: {SEAT_HELP}")
    return seat


def _place(t: "Table", player: "Player", seat: int) -> str:
    """"west (Clara)": a seat as the player sees it, for replies."""
    s = t.seats[seat]
    place = PLACES[(seat - _my_seat(t, player)) % 4]
    return f"{place} ({s.name})" if s.kind != "empty" and s.name else place


def _tables(core: "ServerCore", player: "Player", args: list[str]) -> Reply:
    if not core.tables:
        return "no tables yet; /new opens one", True
    lines = []
    for t in core.tables.values():
        people = ", ".join(s.name or "-" for s in t.seats if s.kind != "empty")
        lines.append(f"{t.id}: {t.name} [{t.state}, {t.summary()}] {people or 'empty'}")
    return "\n".join(["Tables:", *lines]), True


def _new(core: "ServerCore", player: "Player", args: list[str]) -> Reply:
    msg: dict[str, Any] = {"type": "create_table"}
    if args:
        msg["rules"] = {"preset": args[0]}
    core.dispatch(player, check_intent(msg, core.limits))
    return f"you opened table {player.table} and sit at seat 0", True


def _join(core: "ServerCore", player: "Player", args: list[str]) -> Reply:
    if not args:
        return "usage: /join TABLE [SEAT], or /sit SEAT at your table", False
    if args[0].isdigit():
        tid, seat_words = int(args[0]), " ".join(args[1:])
    elif player.table is not None and player.table in core.tables:
        tid, seat_words = player.table, " ".join(args)       # /sit west: a seat at yours
    else:
        return "usage: /join TABLE [SEAT] (" + SEAT_HELP + ")", False
    msg: dict[str, Any] = {"type": "sit", "table": tid}
    t = core.get_table(tid)
    if seat_words:
        msg["seat"] = _seat(t, player, seat_words)
    core.dispatch(player, check_intent(msg, core.limits))
    seat = t.seat_of(player.token)
    if seat is None:
        return f"you will take a seat at table {t.id} when the next hand starts", True
    return f"you sit at table {t.id}, seat {seat}", True


def _watch(core: "ServerCore", player: "Player", args: list[str]) -> Reply:
    if not args or not args[0].isdigit():
        return "usage: /watch TABLE", False
    return _intent(core, player, {"type": "watch", "table": int(args[0])},
                   f"you watch table {args[0]}")


def _leave(core: "ServerCore", player: "Player", args: list[str]) -> Reply:
    return _intent(core, player, {"type": "leave"}, "you left the table")


def _lobby(core: "ServerCore", player: "Player", args: list[str]) -> Reply:
    if not args:
        return "usage: /lobby TEXT", False
    core.say_in_lobby(player, " ".join(args))
    return "said in the lobby", True


def _rules(core: "ServerCore", player: "Player", args: list[str]) -> Reply:
    t = _table(core, player)
    if not args:
        preset = t.rules.preset_name()
        head = (f"Rules: the {preset} preset ({PRESET_DESCRIPTIONS[preset]})" if preset
                else "Rules: custom")
        return "\n".join([head, *rules_in_words(t.rules)]), True
    if args[0] != "set" or len(args) < 3:
        return "usage: /rules or /rules set NAME VALUE", False
    name, value = args[1], " ".join(args[2:])
    if name not in Rules.names():
        return f"unknown rule {name!r}; rules are: {', '.join(Rules.names())}", False
    parsed = parse_value(name, value)
    if isinstance(parsed, tuple):
        parsed = list(parsed)
    if name == "target" and t.running:
        return _intent(core, player, {"type": "set_target", "target": parsed},
                       f"target set to {parsed}")
    t.set_rules(player.token, {name: parsed})
    option = OPTIONS[name]
    return f"{option.label} is now {option.words(getattr(t.rules, name))}", True


def _preset(core: "ServerCore", player: "Player", args: list[str]) -> Reply:
    if len(args) != 1:
        return "usage: /preset NAME", False
    t = _table(core, player)
    t.set_rules(player.token, {"preset": args[0]})
    return f"rules are now the {args[0]} preset", True


def _simple(kind: str, done: str) -> Callable[["ServerCore", "Player", list[str]], Reply]:
    def run(core: "ServerCore", player: "Player", args: list[str]) -> Reply:
        return _intent(core, player, {"type": kind}, done)
    return run


def _end(core: "ServerCore", player: "Player", args: list[str]) -> Reply:
    if len(args) != 1:
        return "usage: /end N or /end now", False
    if args[0].lower() == "now":
        return _intent(core, player, {"type": "end"}, "the game is over")
    try:
        n = int(args[0])
    except ValueError:
        return "usage: /end N (a whole number) or /end now", False
    return _intent(core, player, {"type": "set_target", "target": n},
                   f"the game now ends at {n} points")


def _kick(core: "ServerCore", player: "Player", args: list[str]) -> Reply:
    if not args:
        return "usage: /kick NAME or SEAT", False
    name = " ".join(args)
    t = _table(core, player)
    t.require_owner(player.token, "kick a player")
    seat = seat_from_words(t, player, name)
    if seat is None:
        watcher = next((tok for tok, n in t.watchers.items() if n.lower() == name.lower()), None)
        if watcher is None:
            return f"nobody called {name} is at this table ({SEAT_HELP})", False
        who = t.watchers[watcher]
        t.kick_watcher(player.token, watcher, core.now)
        core.kicked(t, watcher)
        return f"{who} was kicked", True
    s = t.seats[seat]
    if s.kind != "human":
        what = f"{s.name}, a bot" if s.kind == "bot" else "nobody"
        return (f"{_place(t, player, seat).split(' ')[0]} is {what}: only people can be "
                "kicked (/bot SEAT off removes a bot before the game)"), False
    who = s.name or name
    return _intent(core, player, {"type": "kick", "seat": seat}, f"{who} was kicked")


def _allow(core: "ServerCore", player: "Player", args: list[str]) -> Reply:
    if not args:
        return "usage: /allow NAME", False
    name = " ".join(args)
    return _intent(core, player, {"type": "allow", "name": name}, f"{name} may come back")


def _bot(core: "ServerCore", player: "Player", args: list[str]) -> Reply:
    if len(args) < 2:
        return "usage: /bot SEAT LEVEL (or /bot SEAT off); " + SEAT_HELP, False
    t = _table(core, player)
    seat = _seat(t, player, " ".join(args[:-1]))
    level = None if args[-1].lower() in ("off", "none", "remove") else args[-1].lower()
    where = _place(t, player, seat).split(" ")[0]
    return _intent(core, player, {"type": "bot", "seat": seat, "level": level},
                   f"{where} (seat {seat}): " + (f"{level} bot" if level else "bot removed"))


def _password(core: "ServerCore", player: "Player", args: list[str]) -> Reply:
    if len(args) != 1:
        return "usage: /password WORD (or /password off)", False
    off = args[0].lower() in ("off", "none")
    return _intent(core, player, {"type": "set_password", "password": None if off else args[0]},
                   "the table is open to all" if off else "joining this table now needs the "
                                                          "password")


def _hint(core: "ServerCore", player: "Player", args: list[str]) -> Reply:
    return _intent(core, player, {"type": "hint"}, "thinking about a hint...")


def _pass(core: "ServerCore", player: "Player", args: list[str]) -> Reply:
    return _intent(core, player, {"type": "pass", "cards": args}, "passed " + " ".join(args))


def _play(core: "ServerCore", player: "Player", args: list[str]) -> Reply:
    if len(args) != 1:
        return "usage: /play CARD", False
    return _intent(core, player, {"type": "play", "card": args[0]}, f"played {args[0]}")


def _moon(core: "ServerCore", player: "Player", args: list[str]) -> Reply:
    if len(args) != 1:
        return "usage: /moon add|subtract", False
    return _intent(core, player, {"type": "moon", "choice": args[0].lower()},
                   f"you chose {args[0]}")


_COMMANDS: dict[str, Callable[["ServerCore", "Player", list[str]], Reply]] = {
    "help": _help, "who": _who, "tables": _tables, "new": _new, "join": _join, "sit": _join,
    "watch": _watch, "leave": _leave, "lobby": _lobby, "rules": _rules, "preset": _preset,
    "start": _simple("start", "the game has started"),
    "pause": _simple("pause", "the game is paused"),
    "resume": _simple("resume", "the game goes on"),
    "end": _end, "kick": _kick, "allow": _allow, "bot": _bot, "hint": _hint,
    "password": _password,
    "pass": _pass, "play": _play, "moon": _moon,
    "claim": _simple("claim", "you claimed the rest"),
    "undo": _simple("undo", "your last card was taken back"),
}


# -- the host operator's console (stdin of `hearts host`) --------------------------------
OPERATOR_HELP = ("operator commands: TEXT - say it at every table and in the lobby | /tables | "
                 "/who TABLE | /say TABLE TEXT | /kick TABLE NAME or SEAT | /end TABLE | "
                 "/close TABLE | /quit")


def operator_command(core: "ServerCore", line: str) -> str | None:
    """One line typed at the host's terminal; returns the answer, or None to quit. The
    host carries out what the core decided (`net.host.Host.operator`)."""
    text = line.strip()
    if not text:
        return ""
    if not text.startswith("/"):
        lobby = any(p.table is None and p.conn is not None for p in core.players.values())
        n = core.announce(text)
        return f"said at {n} table(s)" + (" and in the lobby" if lobby else "")
    words = text.split()
    cmd, args = words[0][1:].lower(), words[1:]
    if cmd in ("quit", "exit", "stop"):
        return None
    if cmd == "help":
        return OPERATOR_HELP
    if cmd == "tables":
        return _tables(core, None, [])[0]  # type: ignore[arg-type]
    if not args or not args[0].isdigit() or int(args[0]) not in core.tables:
        return f"usage: /{cmd} TABLE ...; tables: " + (", ".join(map(str, core.tables)) or "none")
    table = core.tables[int(args[0])]
    if cmd == "who":
        people = [f"{i}: {s.name or 'empty'}" + (f" ({s.level} bot)" if s.kind == "bot" else "")
                  for i, s in enumerate(table.seats)]
        return f"table {table.id} [{table.state}]: " + "; ".join(people)
    if cmd == "say" and len(args) > 1:
        core.announce(" ".join(args[1:]), table.id)
        return f"said at table {table.id}"
    if cmd == "kick" and len(args) > 1:
        seat = seat_from_words(table, None, " ".join(args[1:]))
        if seat is None or table.seats[seat].kind != "human":
            return f"nobody called {' '.join(args[1:])} sits at table {table.id}"
        name = table.seats[seat].name
        core.operator_kick(table, seat)
        return f"{name} was kicked from table {table.id}"
    if cmd == "end":
        if not table.running:
            return f"table {table.id} has no running game"
        core.operator_end(table)
        return f"the game at table {table.id} is over"
    if cmd == "close":
        core.close_table(table.id, "the host closed the table")
        return f"table {table.id} closed"
    return f"unknown command /{cmd}; " + OPERATOR_HELP
