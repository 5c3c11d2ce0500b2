"""Host messages and views as plain text lines (no cursor tricks: screen readers, SSH).

`TextRenderer.render(msg)` takes every message the client yields (docs/protocol.md,
plus the library's local ``disconnected``/``closed``) and returns the lines to
print. It remembers the table, the seats and the last view, so it can say
whose turn it is and, when it is yours, which cards you may play, once per turn.

>>> r = TextRenderer()
>>> r.render({"type": "welcome", "host": "den", "name": "Ann", "token": "t", "player": 1})
['Connected to den as Ann. Type help for the commands.']
"""

from __future__ import annotations

from typing import Any, Sequence

from hearts.engine import Rules, View
from hearts.engine.rule_options import rules_title
from hearts.bots.base import level_words
from hearts.engine.cards import RANKS, SUIT_SYMBOLS, SUITS
from hearts.i18n import N_, _, ngettext
from hearts.net import words
from hearts.net.mirror import Mirror, MirrorReader, SeatInfo, TableInfo

from .commands import place_word

Msg = dict[str, Any]


def card_text(card: str, symbols: bool = False) -> str:
    """``"QS"`` as written on the wire, or ``"Q♠"`` (``"10♥"`` for tens) with symbols."""
    return words.card_text(card, symbols)


def cards_text(cards: list[str] | tuple[str, ...], symbols: bool = False) -> str:
    """Cards separated by spaces; ``none`` when empty."""
    return " ".join(card_text(c, symbols) for c in cards) if cards else _("none")


def _order(card: str) -> tuple[int, int]:
    return SUITS.index(card[1]), RANKS.index(card[0])


def suit_lines(cards: list[str], symbols: bool = False) -> list[str]:
    """A hand grouped by suit, one line a suit held: ``clubs: 2 5 9 K``.

    Tens are written ``10``; with symbols the line starts with the suit's symbol too.
    """
    by_suit: dict[int, list[str]] = {}
    for c in sorted(cards, key=_order):
        by_suit.setdefault(SUITS.index(c[1]), []).append("10" if c[0] == "T" else c[0])
    lines = []
    for s, ranks in sorted(by_suit.items()):
        label = f"{SUIT_SYMBOLS[s]} {_(SUIT_LABELS[s])}" if symbols else _(SUIT_LABELS[s])
        lines.append(f"  {label}: {' '.join(ranks)}")
    return lines


# TRANSLATORS: keep the commands (play QS, pass, moon add, /rules set NAME VALUE...) and
# south, west, north, east as they are typed; the lines are at most 80 characters wide
HELP = N_("""\
Commands (type them and press Enter):
  play QS            play a card (or just type QS when it is your turn)
  pass 2C 3D 4H      pass cards
  moon add           after shooting the moon: add to the others (or: moon subtract)
  claim              claim the rest of the tricks
  hint               ask which card the bot would play
  hand               show your hand and the trick again (an empty line does too)
  tables             list the tables on the host
  create [PRESET]    open a table and sit at it (presets: {presets})
  sit N [PLACE]      sit at table N (at south, west, north or east, as tables lists)
  watch N            watch table N
  ... password WORD  friends-only tables: end create, sit or watch with it, like
                     create password owls (yours is locked) or sit 2 password owls
  leave              leave your table
  stats              the leaderboards: tonight and all time on this host
  games [N]          the finished games, newest first (N: those before game N)
  replay N           go through game N hand by hand, trick by trick
  export N [FILE]    save game N as a JSON file (hearts-game-N.json unless FILE)
  quit               leave the host (end of input quits too)
  say TEXT           chat: to your table, or to the lobby (everyone on the host)
                     when you are at none; lobby lines show as [lobby]
Any other line is chat too, but in the lobby a lone word that is no command is
refused (a typo would go to everyone). Lines starting with / go to the host as
commands: /help lists them (/who, /lobby TEXT to talk to the lobby from a
table, /rules, /rules set NAME VALUE, /preset NAME, /start, /pause, /resume,
/end N, /kick NAME, /bot SEAT LEVEL, /hint, /password WORD to lock your
table, /password off to open it again). A SEAT is its place at your table:
south (you), west, north, east; or the name of its player or bot.""")
SUIT_LABELS = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))


class TextRenderer(MirrorReader):
    """Turns the host's messages into lines; keeps what it needs to name seats and turns."""

    def __init__(self, symbols: bool = False) -> None:
        self.symbols = symbols
        self.mirror = Mirror()                # what the host told us, folded
        self._prompted: tuple[Any, ...] | None = None   # the turn the last prompt was for
        self._dropped = False
        self._intro: tuple[Any, ...] | None = None      # (table id, seat) last announced
        self._seats_said: list[Any] | None = None
        self.joining: tuple[str, Msg] | None = None  # the last sit/watch sent: (type, fields)
        self._rules_before: Rules | None = None       # the table's rules before this message
        self._left_table: TableInfo | None = None     # the table before this message
        # a game action sent and not yet answered by the host: (card; None for a pass),
        # and one the connection broke on, said again once back if the host never took it
        self.unanswered: tuple[str | None] | None = None
        self._lost: tuple[str | None] | None = None
        self._away: words.Away | None = None   # my seat as the link went down (words.away_mark)

    # -- what the mirror holds -----------------------------------------------------------
    @property
    def name(self) -> str | None:
        """My name as the host cleaned it."""
        return self.mirror.name

    @property
    def host(self) -> str | None:
        return self.mirror.host

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return self.mirror.info.seats if self.mirror.info is not None else ()

    # -- small helpers ----------------------------------------------------------------
    def voice(self) -> words.Voice:
        """The sentences' point of view: this table, this seat, cards as typed or as symbols."""
        info = self.mirror.info if self.mirror.info is not None else TableInfo(my_seat=None)
        return words.Voice(info, self.seat, words.PROCESS, self.symbols)

    def c(self, card: str) -> str:
        return card_text(card, self.symbols)

    def cs(self, cards: Any) -> str:
        return cards_text(list(cards or ()), self.symbols)

    def who(self, seat: int | None) -> str:
        """A seat's name (its place when it has none); ``you`` for your own seat."""
        return self.voice().who(seat)

    def _can_claim(self, v: Msg) -> bool:
        rules = self.rules()
        if rules.get("tram") != "claim" or v.get("trick"):
            return False
        try:
            return View.from_dict({**v, "rules": rules}).can_claim()
        except (KeyError, TypeError, ValueError):   # a view this version cannot read
            return False

    def rules(self) -> Msg:
        """The table's rules as a map (the view may leave them out)."""
        if self.view and self.view.get("rules"):
            return dict(self.view["rules"])
        return self.table.rules.to_dict() if self.table is not None else {}

    def seats_line(self) -> str:
        """"Seats: South: Ann (you), West: Bob (easy bot), ..." by place, as you see them."""
        return _("Seats: {seats}.").format(seats=self.seat_list(self.seats))

    def seat_list(self, seats: Sequence[SeatInfo]) -> str:
        voice = self.voice()
        parts: list[str] = []
        for s in seats:
            i = s.seat
            place = voice.place(i)
            if s.kind == "empty":
                parts.append(_("{place}: empty").format(place=place))
                continue
            name = s.name or place
            if i == self.seat and s.kind == "human":
                about = _("{name} (you)").format(name=name)
            elif s.kind == "bot":
                about = _("{name} ({level} bot)").format(name=name,
                                                         level=level_words(s.level or "normal"))
            elif s.auto:
                about = _("{name} (a bot plays for them)").format(name=name)
            elif not s.connected:
                about = _("{name} (away)").format(name=name)
            else:
                about = name
            parts.append(_("{place}: {about}").format(place=place, about=about))
        return ", ".join(parts)

    # -- messages ---------------------------------------------------------------------
    def render(self, msg: Msg) -> list[str]:
        """The lines for one message from the client (host messages and local events)."""
        kind = msg.get("type")
        self._rules_before = self.mirror.rules
        self._left_table = self.mirror.info
        self.mirror.feed(msg)
        handler = getattr(self, "_on_" + str(kind), None)
        if handler is None:
            return []
        lines: list[str] = handler(msg)
        return lines

    def _on_welcome(self, msg: Msg) -> list[str]:
        self._prompted = None
        lines = []
        if self._dropped:
            self._dropped = False
            lines.append(_("Reconnected to {host}.").format(host=self.host))
        else:
            lines.append(_("Connected to {host} as {name}. Type help for the commands.").format(
                host=self.host, name=self.name))
        gone = self.mirror.gone
        if gone is not None:             # the host did not put us back at our table
            self.mirror.gone = None
            self._intro = None
            self._lost = None
            lines.append(words.table_gone_line(words.Voice(gone, gone.my_seat),
                                               gone.name or _("your table"),
                                               self.mirror.gone_restart))
        return lines

    def _on_disconnected(self, msg: Msg) -> list[str]:
        self._dropped = True
        self._lost, self.unanswered = self.unanswered, None
        if self.mirror.info is not None and self.seat is not None:
            self._away = words.away_mark(self.mirror.info, self.mirror.view)
        return [_("Connection lost ({why}); reconnecting...").format(
            why=msg.get("reason") or _("no reason given"))]

    def _on_closed(self, msg: Msg) -> list[str]:
        return []   # the loop reports why it stops

    def _on_bye(self, msg: Msg) -> list[str]:
        return [_("The host says goodbye: {why}.").format(
            why=msg.get("reason") or _("no reason given"))]

    def _password_error(self, msg: Msg) -> str:
        """One sentence for error ``password``: what to type to get in."""
        verb, fields = self.joining or (str(msg.get("ref") or "sit"), {})
        if verb not in ("sit", "watch"):
            verb = "sit"
        table = fields.get("table", "N")
        seat = fields.get("seat")
        seat = f" {place_word(seat)}" if isinstance(seat, int) and 0 <= seat <= 3 else ""
        command = f"{verb} {table}{seat} password WORD"
        if fields.get("password"):
            return _("error: that password does not open table {table}; type {command} with "
                     "the password its owner gave you (capitals count).").format(
                table=table, command=command)
        return _("error: table {table} is for friends only; type {command} with the password "
                 "its owner gave you.").format(table=table, command=command)

    def _on_error(self, msg: Msg) -> list[str]:
        if msg.get("ref") in ("play", "pass"):
            self.unanswered = None
        if msg.get("code") == "password":
            return [self._password_error(msg)]
        lines = [_("error: {message}").format(message=msg.get("message") or msg.get("code"))]
        if msg.get("ref") in ("play", "pass", "moon", "claim"):
            self._prompted = None
            lines += self.prompt(force=True)
        return lines

    def _on_reply(self, msg: Msg) -> list[str]:
        lines = str(msg.get("text") or "").split("\n")
        if not msg.get("ok", True):
            lines[0] = _("host: {text}").format(text=lines[0])
        # /help, /rules and /tables answer with a head line and items: indent the items
        return lines[:1] + ["  " + i for i in lines[1:]]

    def _on_chat(self, msg: Msg) -> list[str]:
        """A lobby line (the table's chat comes inside updates)."""
        return [_("[lobby] {name}: {text}").format(name=msg.get("name"), text=msg.get("text"))]

    def _on_stats(self, msg: Msg) -> list[str]:
        from .history import stats_lines
        return stats_lines(msg)

    def _on_games(self, msg: Msg) -> list[str]:
        from .history import games_lines
        return games_lines(msg)

    def _on_hint(self, msg: Msg) -> list[str]:
        what = self.cs(msg.get("cards"))
        if msg.get("moon"):
            what = f"moon {msg['moon']}"          # as the command is typed
        reason = msg.get("reason")
        if reason:
            return [_("Hint: {what} ({reason}).").format(what=what, reason=reason)]
        return [_("Hint: {what}.").format(what=what)]

    def _on_tables(self, msg: Msg) -> list[str]:
        tables = msg.get("tables") or []
        if not tables:
            return [_("No tables yet. Type create to open one.")]
        lines = [_("Tables:")]
        for t in tables:
            seats = ", ".join(self._lobby_seat(s) for s in t.get("seats") or [])
            watch = t.get("watchers") or 0
            facts = {"number": t.get("id"), "name": t.get("name"),
                     "state": words.state_words(str(t.get("state"))), "seats": seats,
                     "rules": words.table_rules_words(t)}
            line = (_('  table {number} "{name}" (locked: friends only): {state}, {rules}; '
                      'seats {seats}') if t.get("locked")
                    else _('  table {number} "{name}": {state}, {rules}; seats {seats}')
                    ).format(**facts)
            if watch:
                line = ngettext("{line}; {n} watching", "{line}; {n} watching", watch).format(
                    line=line, n=watch)
            lines.append(line)
        if self.table is None:
            lines.append(_("Type sit N to sit at table N, or watch N to watch it; a locked "
                           "table needs sit N password WORD.")
                         if any(t.get("locked") for t in tables)
                         else _("Type sit N to sit at table N, or watch N to watch it."))
        return lines

    @staticmethod
    def _lobby_seat(s: Msg) -> str:
        """A seat of a listed table by its place (south is its first seat): "west Bob (bot)"."""
        seat = s.get("seat")
        place = place_word(seat) if isinstance(seat, int) and 0 <= seat <= 3 else "?"
        if s.get("kind") == "empty":
            return _("{place} empty").format(place=place)
        if s.get("kind") == "bot":
            return _("{place} {name} (bot)").format(place=place, name=s.get("name") or "?")
        return _("{place} {name}").format(place=place, name=s.get("name") or "?")

    def _on_table(self, msg: Msg) -> list[str]:
        table = msg.get("table") or {}
        lines = []
        key = (table.get("id"), self.seat)
        if key != self._intro:
            self._intro = key
            self._seats_said = None
            self._prompted = None
            facts = {"number": table.get("id"), "name": table.get("name")}
            if self.seat is None:
                lines.append(_('You are watching table {number} "{name}".').format(**facts))
            elif self.owner:
                lines.append(_('You sit at table {number} "{name}", and you own it.').format(
                    **facts))
            else:
                lines.append(_('You sit at table {number} "{name}".').format(**facts))
            if self.table is not None:
                lines.append(_("Rules: {rules}.").format(rules=rules_title(self.table.rules)))
            if table.get("locked") and self.owner:
                lines.append(_("Friends only: others need the password to sit or watch "
                               "(/password off opens the table)."))
            if table.get("state") == "waiting" and self.owner:
                lines.append(_("Type /start to play; empty seats get bots."))
            elif table.get("state") in ("waiting", "over", "paused"):
                lines += self._table_state_lines()
        elif self.table is not None and self.table.owner_away is not None:
            lines += self._table_state_lines()          # the owner went away: how long
        away, self._away = self._away, None
        if away is not None and self.table is not None:    # what a bot did meanwhile
            now = words.away_mark(self.table, self.mirror.view)
            lines += words.away_lines(self.voice(), away, now.played)
        lost, self._lost = self._lost, None
        v = self.mirror.view
        if lost is not None and v is not None and self.seat is not None:
            if lost[0] is None and v.phase == "pass" and not v.has_passed[self.seat]:
                lines.append(words.lost_action_line(self.voice(), None))
            elif (lost[0] is not None and v.phase == "play" and v.my_turn
                  and lost[0] in {str(c) for c in v.hand}):
                lines.append(words.lost_action_line(self.voice(), lost[0]))
        said = self._seat_signature()
        if said != self._seats_said:
            self._seats_said = said
            lines.append(self.seats_line())
        lines += self.prompt()
        return lines

    def _table_state_lines(self) -> list[str]:
        """Outside a running hand: what happened (a finished game's winners) and who can
        start or go on, with the owner away how soon."""
        info = self.table
        if info is None:
            return []
        voice = self.voice()
        lines = []
        if info.state == "over" and info.winners:
            lines.append(words.winners_line(voice, info.winners))
        step = words.next_step_line(voice, info.owner_away)
        if step and info.owner:
            how = _("Type /resume to go on.") if info.state == "paused" else \
                _("Type /start for a new game.")
            step = f"{step} {how}"
        return lines + ([step] if step else [])

    def _seat_signature(self) -> list[Any]:
        return [(s.kind, s.name, s.auto, s.connected) for s in self.seats]

    def _on_left(self, msg: Msg) -> list[str]:
        self._intro = None
        self._prompted = None
        table = self._left_table
        number = msg.get("table")
        return [words.left_line(self.voice(), msg.get("reason"),
                                table.name if table is not None else "",
                                number if isinstance(number, int) else None),
                _("Type tables to see the tables, create to open one, or quit.")]

    def _on_update(self, msg: Msg) -> list[str]:
        lines: list[str] = []
        info = self.mirror.info
        if info is None:
            return []
        voice = self.voice()
        before = self._rules_before
        for change in msg.get("events") or []:
            if not isinstance(change, dict):
                continue
            kind = change.get("type")
            if kind in ("passed", "card_played") and voice.mine(change.get("seat")):
                self.unanswered = None              # the host took it
            if kind == "passed" and voice.mine(change.get("seat")) and self.view:
                change = {**change, "cards": self.view.get("passed")}
            elif kind == "undone":
                self._prompted = None
            if kind == "rules_changed":
                lines += words.rules_changed_lines(voice, change, before)
                before = None
                continue
            lines += words.change_lines(change, info, self.seat, symbols=self.symbols)
            if kind == "game_started":
                self._seats_said = self._seat_signature()
                lines.append(self.seats_line())
            elif kind == "game_over" and self.owner:
                lines.append(_("Type /start for a new game, or leave."))
            elif kind == "game_over":
                lines.append(words.next_step_line(voice, info.owner_away))
        lines += self.prompt()
        return lines

    # -- your turn -----------------------------------------------------------------------
    def state_lines(self) -> list[str]:
        """The hand, the trick so far and whose turn: what `hand` and an empty line show."""
        v = self.view
        if self.table is None:
            return [_("You are not at a table. Type tables, create, sit N or watch N.")]
        if not v:
            return [_("The game has not started (table {number}).").format(number=self.table.id)]
        voice = self.voice()
        taken = ", ".join(_("{name} {n}").format(name=self.who(i), n=p)
                          for i, p in enumerate(v.get("taken_points") or []))
        lines = [words.scores_line(voice, list(self.table.totals or v.get("totals") or [0] * 4)),
                 _("Points taken this hand: {points}.").format(points=taken)]
        turn = self.prompt(force=True)
        if turn:
            return lines + turn
        if v.get("seat") is not None:
            lines.append(hand_line(len(v.get("hand") or [])))
            lines += suit_lines(v.get("hand") or [], self.symbols)
        lines += [self._trick_line(v), self._waiting_line(v)]
        return [x for x in lines if x]

    def _trick_line(self, v: Msg) -> str:
        trick = v.get("trick") or []
        if v.get("phase") != "play":
            return ""
        number = len(v.get("tricks") or []) + 1
        if not trick:
            if self.voice().mine(v.get("leader")):
                return _("Trick {number}: you lead.").format(number=number)
            return _("Trick {number}: {name} to lead.").format(number=number,
                                                              name=self.who(v.get("leader")))
        played = ", ".join(_("{name} {card}").format(name=self.who(s), card=self.c(c))
                           for s, c in trick)
        return _("Trick {number} so far: {cards}.").format(number=number, cards=played)

    def _waiting_line(self, v: Msg) -> str:
        phase = v.get("phase")
        if phase == "pass":
            waiting = [i for i, done in enumerate(v.get("has_passed") or []) if not done]
            return (_("Waiting for {names} to pass.").format(names=self.voice().names(waiting))
                    if waiting else "")
        if phase in ("play", "moon-choice") and v.get("turn") is not None:
            return _("Waiting for {name}.").format(name=self.who(v["turn"]))
        if phase == "done":
            return _("The hand is over.")
        return ""

    def prompt(self, force: bool = False) -> list[str]:
        """What you must do now, once per turn (``force`` repeats it)."""
        v = self.view
        if not v or v.get("seat") is None or self.seat is None or v.get("seat") != self.seat:
            return []
        me = self.seat
        phase = v.get("phase")
        hand = list(v.get("hand") or [])
        key: tuple[Any, ...] | None = None
        lines: list[str] = []
        if phase == "pass" and not (v.get("has_passed") or [True] * 4)[me]:
            n = int(self.rules().get("pass_count", 3))
            key = ("pass", tuple(hand))
            view = self.mirror.view
            pass_line = words.pass_line(self.voice(), view) if view is not None else ""
            lines = [hand_line(len(hand)), *suit_lines(hand, self.symbols),
                     pass_line + " " + _("Type pass and {n} cards, like pass {cards}.").format(
                         n=n, cards=" ".join(sorted(hand, key=_order)[-n:]))]
        elif phase == "play" and v.get("turn") == me:
            key = ("play", len(v.get("tricks") or []), len(v.get("trick") or []), tuple(hand))
            lines = [hand_line(len(hand)), *suit_lines(hand, self.symbols),
                     self._trick_line(v) if v.get("trick") else _("You lead."),
                     _("Your turn: play one of {cards}.").format(cards=self.cs(v.get("legal")))]
            if self._can_claim(v):
                lines.append(_("You are sure to win every trick left: type claim to take them "
                               "now."))
        elif phase == "moon-choice" and v.get("turn") == me:
            key = ("moon", tuple(hand))
            lines = [_("You shot the moon: type moon add to add the points to everyone else, "
                       "or moon subtract to take them off your own score.")]
        if key is None or (key == self._prompted and not force):
            return []
        self._prompted = key
        return lines

    def presets_help(self) -> str:
        from hearts.engine import PRESETS
        return _(HELP).format(presets=", ".join(PRESETS))


def hand_line(n: int) -> str:
    """"Your hand (13 cards):"."""
    return ngettext("Your hand ({n} card):", "Your hand ({n} cards):", n).format(n=n)


__all__ = ["HELP", "TextRenderer", "card_text", "cards_text", "suit_lines"]
