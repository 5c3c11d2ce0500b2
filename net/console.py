"""Console /commands: a chat line starting with '/' becomes an intent, answered by one line.

Answers are said in the asker's language: a single sentence is a `hearts.i18n.Text`
(the core says it for the connection), a longer answer is put together here with the
asker's catalogue (`ServerCore.words_for`). The commands and their upper-case arguments
(``/join TABLE [SEAT]``) stay as typed, in every language.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from hearts.bots.base import level_words
from hearts.engine import Rules, RulesError
from hearts.engine.rule_options import OPTIONS, preset_description, preset_name, rules_in_words
from hearts.engine.rules import parse_value
from hearts.i18n import ENGLISH_WORDS, N_, PROCESS, T_, Text, Translator, text_of

from .protocol import ProtocolError, check_intent
from .words import PLACE_WORDS, state_words

from .limits import Limits
from .messages import ClientMessage
from .outbox import ConnId, Player
from .table import Table, TableError

PLACES = ("south", "west", "north", "east")   # as the table shows them, south being you
# TRANSLATORS: keep SEAT and 0-3 as they are (the commands are typed in English)
SEAT_HELP = N_("SEAT is a place (south is you, then west, north, east), the name of its "
               "player or bot, or its number 0-3")

# TRANSLATORS: keep each /command and its upper-case arguments as they are
HELP = {
    "help": N_("/help - this list"),
    "who": N_("/who - the people and bots at your table, by place and seat number"),
    "tables": N_("/tables - the tables on this host"),
    "new": N_("/new [PRESET] - open a table and sit at it"),
    "join": N_("/join TABLE [SEAT] (or /sit) - sit at a table; /sit SEAT - take a seat at "
               "yours"),
    "watch": N_("/watch TABLE - watch a table"),
    "leave": N_("/leave - leave your table"),
    "lobby": N_("/lobby TEXT - say it in the lobby (everyone on this host sees it)"),
    "rules": N_("/rules - show the rules; /rules set NAME VALUE - change one (owner)"),
    "preset": N_("/preset NAME - use a preset of rules (owner)"),
    "start": N_("/start - start the game; empty seats get bots (owner)"),
    "pause": N_("/pause, /resume - pause or resume the game (owner)"),
    "end": N_("/end N - play to N points; /end now - end the game (owner)"),
    "kick": N_("/kick NAME or SEAT - send a player away; they cannot come back (owner)"),
    "allow": N_("/allow NAME - let a kicked player come back (owner)"),
    "bot": N_("/bot SEAT LEVEL - put a bot in a seat or change its level, e.g. /bot west "
              "hard; /bot SEAT off (owner)"),
    "password": N_("/password WORD - friends only: joining needs WORD; /password off (owner)"),
    "hint": N_("/hint - what the bot would do for you now"),
    "pass": N_("/pass C C C - pass cards, e.g. /pass QS AH 2D"),
    "play": N_("/play C - play a card, e.g. /play TH"),
    "moon": N_("/moon add|subtract - your choice after shooting the moon"),
    "claim": N_("/claim - claim the rest of the tricks"),
}

Reply = tuple[str, bool]


class CommandCore(Protocol):
    """What the commands use of the core (`hearts.net.server.ServerCore`)."""

    tables: dict[int, Table]
    players: dict[str, Player]
    limits: Limits
    plug_ins: tuple[str, ...]
    now: float

    def dispatch(self, player: Player, msg: ClientMessage) -> None: ...
    def table_of(self, player: Player) -> Table: ...
    def get_table(self, table_id: int) -> Table: ...
    def words_for(self, conn: ConnId) -> Translator: ...
    def say_in_lobby(self, player: Player, text: str) -> None: ...
    def kicked(self, table: Table, victim_token: str) -> None: ...
    def announce(self, text: str, table_id: int | None = None) -> int: ...
    def operator_kick(self, table: Table, seat: int) -> None: ...
    def operator_end(self, table: Table) -> None: ...
    def close_table(self, table_id: int, reason: str) -> None: ...


def words_of(core: "CommandCore", player: "Player | None") -> Translator:
    """The catalogue ``player`` reads (the host's own language for the operator)."""
    if player is None:
        return PROCESS
    if player.conn is None:
        return ENGLISH_WORDS
    return core.words_for(player.conn)


def run_command(core: "CommandCore", player: "Player", text: str) -> Reply:
    """Run one console line for ``player``; returns (answer, ok)."""
    words = text.strip().split()
    if not words or not words[0].startswith("/"):
        return T_("Commands start with '/'; try /help"), False
    name = words[0][1:].lower()
    args = words[1:]
    handler = _COMMANDS.get(name)
    if handler is None:
        return T_("Unknown command /{name}; try /help", name=name), False
    try:
        return handler(core, player, args)
    except (TableError, ProtocolError) as e:
        return e.message, False
    except RulesError as e:
        return text_of(e), False


def _intent(core: "CommandCore", player: "Player", msg: dict[str, Any], done: str) -> Reply:
    core.dispatch(player, check_intent(msg, core.limits))
    return done, True


def _table(core: "CommandCore", player: "Player") -> "Table":
    return core.table_of(player)


def _help(core: "CommandCore", player: "Player", args: list[str]) -> Reply:
    tr = words_of(core, player)
    if args and args[0].lstrip("/") in HELP:
        return tr.gettext(HELP[args[0].lstrip("/")]), True
    # no keys here: each front end names its own (the desktop's console, the page's chat)
    return "\n".join([tr.gettext("Commands:"),
                      *(tr.gettext(h) for h in HELP.values()),
                      tr.gettext("{seat_help}.").format(seat_help=tr.gettext(SEAT_HELP))]), True


def _place_word(tr: Translator, step: int) -> str:
    return tr.gettext(PLACE_WORDS[step])


def _who(core: "CommandCore", player: "Player", args: list[str]) -> Reply:
    tr = words_of(core, player)
    t = _table(core, player)
    me = _my_seat(t, player)
    parts = []
    for step in range(4):
        i = (me + step) % 4
        s = t.seats[i]
        where = tr.gettext("{place} (seat {seat})").format(place=_place_word(tr, step), seat=i)
        if s.kind == "empty":
            parts.append(tr.gettext("{where}: empty").format(where=where))
        elif s.kind == "bot":
            parts.append(tr.gettext("{where}: {name} ({level} bot)").format(
                where=where, name=s.name, level=level_words(s.level, tr)))
        else:
            flags = []
            if s.token == t.owner:
                flags.append(tr.gettext("owner"))
            if not s.connected:
                flags.append(tr.gettext("away"))
            if s.auto:
                flags.append(tr.gettext("bot playing"))
            if flags:
                parts.append(tr.gettext("{where}: {name} ({flags})").format(
                    where=where, name=s.name, flags=", ".join(flags)))
            else:
                parts.append(tr.gettext("{where}: {name}").format(where=where, name=s.name))
    if t.watchers:
        parts.append(tr.gettext("watching: {names}").format(names=", ".join(t.watchers.values())))
    return tr.gettext("Table {number} “{name}”: {seats}").format(
        number=t.id, name=t.name, seats="; ".join(parts)), True


def _my_seat(t: "Table", player: "Player | None") -> int:
    """The seat the table is drawn from for ``player``: theirs, else seat 0 (south)."""
    seat = t.seat_of(player.token) if player is not None else None
    return 0 if seat is None else seat


def seat_from_words(t: "Table", player: "Player | None", words: str,
                    tr: Translator | None = None) -> int | None:
    """The seat ``words`` names at ``t`` as ``player`` sees it: a number 0-3, a place
    (south is the player's own seat, then west, north, east, as the menus show them; in
    English or in ``tr``'s language), or the name of its player or bot (any case); None
    when it names none."""
    text = " ".join(words.split()).lower()
    if text.isdigit():
        return int(text) if int(text) < 4 else None
    places = list(PLACES)
    if tr is not None:
        places = [tr.gettext(p).lower() for p in PLACE_WORDS]
    for names in (PLACES, places):
        if text in names:
            return (_my_seat(t, player) + names.index(text)) % 4
    for i, s in enumerate(t.seats):
        if s.kind != "empty" and (s.name or "").lower() == text:
            return i
    return None


def _seat(core: "CommandCore", t: "Table", player: "Player", words: str) -> int:
    """`seat_from_words`, or TableError with what a seat can be."""
    seat = seat_from_words(t, player, words, words_of(core, player))
    if seat is None:
        raise TableError("bad-message", T_("no seat {words} at this table: {seat_help}",
                                           words=repr(words), seat_help=T_(SEAT_HELP)))
    return seat


def _place(core: "CommandCore", t: "Table", player: "Player", seat: int) -> str:
    """"west": a seat's place as the player sees it, for replies."""
    return _place_word(words_of(core, player), (seat - _my_seat(t, player)) % 4)


def _tables(core: "CommandCore", player: "Player | None", args: list[str]) -> Reply:
    tr = words_of(core, player)
    if not core.tables and player is None:      # the operator has no /new
        return tr.gettext("no tables yet"), True
    if not core.tables:
        return tr.gettext("no tables yet; /new opens one"), True
    lines = [tr.gettext("Tables:")]
    for t in core.tables.values():
        people = ", ".join(s.name or "-" for s in t.seats if s.kind != "empty")
        lines.append(tr.gettext("{number}: {name} [{state}, {rules}] {people}").format(
            number=t.id, name=t.name, state=state_words(str(t.state), tr),
            rules=preset_name(t.summary(), tr), people=people or tr.gettext("empty")))
    return "\n".join(lines), True


def _new(core: "CommandCore", player: "Player", args: list[str]) -> Reply:
    msg: dict[str, Any] = {"type": "create_table"}
    if args:
        msg["rules"] = {"preset": args[0]}
    core.dispatch(player, check_intent(msg, core.limits))
    return T_("you opened table {number} and sit at seat 0", number=player.table), True


def _join(core: "CommandCore", player: "Player", args: list[str]) -> Reply:
    if not args:
        return T_("usage: /join TABLE [SEAT], or /sit SEAT at your table"), False
    if args[0].isdigit():
        tid, seat_words = int(args[0]), " ".join(args[1:])
    elif player.table is not None and player.table in core.tables:
        tid, seat_words = player.table, " ".join(args)       # /sit west: a seat at yours
    else:
        return T_("usage: /join TABLE [SEAT] ({seat_help})", seat_help=T_(SEAT_HELP)), False
    msg: dict[str, Any] = {"type": "sit", "table": tid}
    t = core.get_table(tid)
    if seat_words:
        msg["seat"] = _seat(core, t, player, seat_words)
    core.dispatch(player, check_intent(msg, core.limits))
    seat = t.seat_of(player.token)
    if seat is None:
        return T_("you will take a seat at table {number} when the next hand starts",
                  number=t.id), True
    return T_("you sit at table {number}, seat {seat}", number=t.id, seat=seat), True


def _watch(core: "CommandCore", player: "Player", args: list[str]) -> Reply:
    if not args or not args[0].isdigit():
        return T_("usage: /watch TABLE"), False
    return _intent(core, player, {"type": "watch", "table": int(args[0])},
                   T_("you watch table {number}", number=args[0]))


def _leave(core: "CommandCore", player: "Player", args: list[str]) -> Reply:
    return _intent(core, player, {"type": "leave"}, T_("you left the table"))


def _lobby(core: "CommandCore", player: "Player", args: list[str]) -> Reply:
    if not args:
        return T_("usage: /lobby TEXT"), False
    core.say_in_lobby(player, " ".join(args))
    return T_("said in the lobby"), True


def _rules(core: "CommandCore", player: "Player", args: list[str]) -> Reply:
    t = _table(core, player)
    tr = words_of(core, player)
    if not args:
        preset = t.rules.preset_name()
        head = (tr.gettext("Rules: the {preset} preset ({description})").format(
                    preset=preset_name(preset, tr), description=preset_description(preset, tr))
                if preset else tr.gettext("Rules: custom"))
        return "\n".join([head, *rules_in_words(t.rules, tr=tr)]), True
    if args[0] != "set" or len(args) < 3:
        return T_("usage: /rules or /rules set NAME VALUE"), False
    name, value = args[1], " ".join(args[2:])
    if name not in Rules.names():
        return T_("unknown rule {name}; rules are: {rules}", name=repr(name),
                  rules=", ".join(Rules.names())), False
    parsed = parse_value(name, value)
    if isinstance(parsed, tuple):
        parsed = list(parsed)
    if name == "target" and t.running:
        return _intent(core, player, {"type": "set_target", "target": parsed},
                       T_("target set to {target}", target=parsed))
    t.set_rules(player.token, {name: parsed})
    option = OPTIONS[name]
    return tr.gettext("{option} is now {value}").format(
        option=option.label_in(tr), value=option.words(getattr(t.rules, name), tr, t.rules)), True


def _preset(core: "CommandCore", player: "Player", args: list[str]) -> Reply:
    if len(args) != 1:
        return T_("usage: /preset NAME"), False
    t = _table(core, player)
    t.set_rules(player.token, {"preset": args[0]})
    return T_("rules are now the {preset} preset",
              preset=preset_name(args[0], words_of(core, player))), True


def _simple(kind: str, done: Text) -> Callable[["CommandCore", "Player", list[str]], Reply]:
    def run(core: "CommandCore", player: "Player", args: list[str]) -> Reply:
        return _intent(core, player, {"type": kind}, done)
    return run


def _end(core: "CommandCore", player: "Player", args: list[str]) -> Reply:
    if len(args) != 1:
        return T_("usage: /end N or /end now"), False
    if args[0].lower() == "now":
        return _intent(core, player, {"type": "end"}, T_("the game is over"))
    try:
        n = int(args[0])
    except ValueError:
        return T_("usage: /end N (a whole number) or /end now"), False
    return _intent(core, player, {"type": "set_target", "target": n},
                   T_("the game now ends at {n} points", n=n))


def _kick(core: "CommandCore", player: "Player", args: list[str]) -> Reply:
    if not args:
        return T_("usage: /kick NAME or SEAT"), False
    name = " ".join(args)
    t = _table(core, player)
    t.require_owner(player.token, T_("kick a player"))
    seat = seat_from_words(t, player, name, words_of(core, player))
    if seat is None:
        watcher = next((tok for tok, n in t.watchers.items() if n.lower() == name.lower()), None)
        if watcher is None:
            return T_("nobody called {name} is at this table ({seat_help})", name=name,
                      seat_help=T_(SEAT_HELP)), False
        who = t.watchers[watcher]
        t.kick_watcher(player.token, watcher, core.now)
        core.kicked(t, watcher)
        return T_("{name} was kicked", name=who), True
    s = t.seats[seat]
    if s.kind != "human":
        place = _place(core, t, player, seat)
        if s.kind == "bot":
            return T_("{place} is {name}, a bot: only people can be kicked (/bot SEAT off "
                      "removes a bot before the game)", place=place, name=s.name), False
        return T_("{place} is nobody: only people can be kicked (/bot SEAT off removes a bot "
                  "before the game)", place=place), False
    who = s.name or name
    return _intent(core, player, {"type": "kick", "seat": seat}, T_("{name} was kicked", name=who))


def _allow(core: "CommandCore", player: "Player", args: list[str]) -> Reply:
    if not args:
        return T_("usage: /allow NAME"), False
    name = " ".join(args)
    return _intent(core, player, {"type": "allow", "name": name},
                   T_("{name} may come back", name=name))


def _bot(core: "CommandCore", player: "Player", args: list[str]) -> Reply:
    if len(args) < 2:
        return T_("usage: /bot SEAT LEVEL (or /bot SEAT off); {seat_help}",
                  seat_help=T_(SEAT_HELP)), False
    t = _table(core, player)
    seat = _seat(core, t, player, " ".join(args[:-1]))
    # the host's levels in any case; an operator's plug-in exactly as it was given
    level = None if args[-1].lower() in ("off", "none", "remove") else \
        args[-1] if args[-1] in core.plug_ins else args[-1].lower()
    where = _place(core, t, player, seat)
    done = (T_("{place} (seat {seat}): {level} bot", place=where, seat=seat,
               level=level_words(level, words_of(core, player))) if level
            else T_("{place} (seat {seat}): bot removed", place=where, seat=seat))
    return _intent(core, player, {"type": "bot", "seat": seat, "level": level}, done)


def _password(core: "CommandCore", player: "Player", args: list[str]) -> Reply:
    if len(args) != 1:
        return T_("usage: /password WORD (or /password off)"), False
    off = args[0].lower() in ("off", "none")
    return _intent(core, player, {"type": "set_password", "password": None if off else args[0]},
                   T_("the table is open to all") if off
                   else T_("joining this table now needs the password"))


def _hint(core: "CommandCore", player: "Player", args: list[str]) -> Reply:
    return _intent(core, player, {"type": "hint"}, T_("thinking about a hint..."))


def _pass(core: "CommandCore", player: "Player", args: list[str]) -> Reply:
    return _intent(core, player, {"type": "pass", "cards": args},
                   T_("passed {cards}", cards=" ".join(args)))


def _play(core: "CommandCore", player: "Player", args: list[str]) -> Reply:
    if len(args) != 1:
        return T_("usage: /play CARD"), False
    return _intent(core, player, {"type": "play", "card": args[0]},
                   T_("played {card}", card=args[0]))


def _moon(core: "CommandCore", player: "Player", args: list[str]) -> Reply:
    if len(args) != 1:
        return T_("usage: /moon add|subtract"), False
    choice = args[0].lower()
    done = (T_("you chose to add the points to the others") if choice == "add"
            else T_("you chose to take the points off your own score"))
    return _intent(core, player, {"type": "moon", "choice": choice}, done)


_COMMANDS: dict[str, Callable[["CommandCore", "Player", list[str]], Reply]] = {
    "help": _help, "who": _who, "tables": _tables, "new": _new, "join": _join, "sit": _join,
    "watch": _watch, "leave": _leave, "lobby": _lobby, "rules": _rules, "preset": _preset,
    "start": _simple("start", T_("the game has started")),
    "pause": _simple("pause", T_("the game is paused: type /resume to go on")),
    "resume": _simple("resume", T_("the game goes on")),
    "end": _end, "kick": _kick, "allow": _allow, "bot": _bot, "hint": _hint,
    "password": _password,
    "pass": _pass, "play": _play, "moon": _moon,
    "claim": _simple("claim", T_("you claimed the rest")),
    "undo": _simple("undo", T_("your last card was taken back")),
}


# -- the host operator's console (stdin of `hearts host`) --------------------------------
# TRANSLATORS: keep each /command and its upper-case arguments as they are
OPERATOR_HELP = N_("operator commands: TEXT - say it at every table and in the lobby | /tables | "
                   "/who TABLE | /say TABLE TEXT | /kick TABLE NAME or SEAT | /end TABLE | "
                   "/close TABLE | /quit")
# TRANSLATORS: keep each /command and its upper-case arguments as they are
OPERATOR_USAGE = {"who": N_("usage: /who TABLE"), "say": N_("usage: /say TABLE TEXT"),
                  "kick": N_("usage: /kick TABLE NAME or SEAT"), "end": N_("usage: /end TABLE"),
                  "close": N_("usage: /close TABLE")}


def operator_command(core: "CommandCore", line: str) -> str | None:
    """One line typed at the host's terminal, answered in the host's own language; returns
    the answer, or None to quit. The host carries out what the core decided
    (`hearts.net.host.Host.operator`)."""
    tr = PROCESS
    text = line.strip()
    if not text:
        return ""
    if not text.startswith("/"):
        lobby = any(p.table is None and p.conn is not None for p in core.players.values())
        n = core.announce(text)
        if lobby:
            return tr.ngettext("said at {n} table and in the lobby",
                               "said at {n} tables and in the lobby", n).format(n=n)
        return tr.ngettext("said at {n} table", "said at {n} tables", n).format(n=n)
    words = text.split()
    cmd, args = words[0][1:].lower(), words[1:]
    if cmd in ("quit", "exit", "stop"):
        return None
    if cmd == "help":
        return tr.gettext(OPERATOR_HELP)
    if cmd == "tables":
        return _tables(core, None, [])[0]
    if cmd not in OPERATOR_USAGE:
        return tr.gettext("unknown command /{command}: /help lists the operator's "
                          "commands").format(command=cmd)
    if len(args) < (2 if cmd in ("say", "kick") else 1) or not args[0].isdigit():
        return tr.gettext(OPERATOR_USAGE[cmd])
    if int(args[0]) not in core.tables:
        return tr.gettext("there is no table {number}; /tables lists them").format(
            number=args[0])
    table = core.tables[int(args[0])]
    if cmd == "who":
        people = [(tr.gettext("{seat}: {name} ({level} bot)").format(
                       seat=i, name=s.name, level=level_words(s.level, tr)) if s.kind == "bot"
                   else tr.gettext("{seat}: {name}").format(
                       seat=i, name=s.name or tr.gettext("empty")))
                  for i, s in enumerate(table.seats)]
        return tr.gettext("table {number} [{state}]: {seats}").format(
            number=table.id, state=state_words(str(table.state), tr), seats="; ".join(people))
    if cmd == "say":
        core.announce(" ".join(args[1:]), table.id)
        return tr.gettext("said at table {number}").format(number=table.id)
    if cmd == "kick":
        seat = seat_from_words(table, None, " ".join(args[1:]), tr)
        if seat is None or table.seats[seat].kind != "human":
            return tr.gettext("nobody called {name} sits at table {number}").format(
                name=" ".join(args[1:]), number=table.id)
        name = table.seats[seat].name
        core.operator_kick(table, seat)
        return tr.gettext("{name} was kicked from table {number}").format(
            name=name, number=table.id)
    if cmd == "end":
        if not table.running:
            return tr.gettext("table {number} has no running game").format(number=table.id)
        core.operator_end(table)
        return tr.gettext("the game at table {number} is over").format(number=table.id)
    core.close_table(table.id, T_("the host closed the table"))
    return tr.gettext("table {number} closed").format(number=table.id)
