"""The sentences a player reads about a table, for one reader, in one language (sans-I/O).

Every front end words the host's changes, the table's notices and its status here, so
each sentence exists once: the desktop table and its console, the text client, and
(later) the host for the browser page, each connection in its own language::

    change_lines({"type": "moon_shot", "shooter": 2}, info, me=2)  # ["You shot the moon!"]
    change_lines(change, info, me, translation("de"))               # the same, in German

A `Voice` is the reader's point of view: the table facts (`TableInfo`: names, rules),
the reader's seat (None for a watcher) and a translator (anything with ``gettext`` and
``ngettext``, like `hearts.i18n.translation(lang)`; by default the process's language).
Every sentence goes through ``_`` or ``ngettext`` whole, with named placeholders;
"you" gets its own sentence ("You shot the moon.", never "Ann shot the moon." for Ann).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from hearts.bots.base import level_words
from hearts.engine import Card, Rules, View
from hearts.engine.cards import SUIT_SYMBOLS, SUITS
from hearts.engine.rule_options import changes_in_words, rules_title, summary_words
from hearts.i18n import N_, PROCESS, ProcessLanguage, Translator, said

from .mirror import TableInfo
from .replay import Moment, Replay

Change = dict[str, Any]

# Places at the table as the reader sees them: the reader sits south.
PLACES = (N_("South"), N_("West"), N_("North"), N_("East"))
# TRANSLATORS: the places at the table as a command names them (lower case)
PLACE_WORDS = (N_("south"), N_("west"), N_("north"), N_("east"))
ORDINALS = (N_("first"), N_("second"), N_("third"), N_("fourth"))
SUITS_IN_WORDS = (N_("clubs ♣"), N_("diamonds ♦"), N_("hearts ♥"), N_("spades ♠"))
ARROWS = {"left": "←", "right": "→", "across": "↑", "hold": "•"}


def card_text(card: str | Card, symbols: bool = True) -> str:
    """``"QS"`` as written on the wire, or ``"Q♠"`` (``"10♥"`` for tens) with symbols."""
    text = str(card)
    if not symbols or len(text) != 2 or text[1] not in SUITS:
        return text
    rank = "10" if text[0] == "T" else text[0]
    return rank + SUIT_SYMBOLS[SUITS.index(text[1])]


@dataclass(frozen=True)
class Voice:
    """Who reads: the table (names, rules), the reader's seat, the language, card style."""

    info: TableInfo = field(default_factory=TableInfo)
    me: int | None = None               # the reader's seat; None: watching (or no table)
    tr: Translator = PROCESS
    symbols: bool = True                # cards as Q♠ (False: QS, as typed)

    # -- the catalogue ------------------------------------------------------------------
    def _(self, message: str) -> str:
        return self.tr.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.tr.ngettext(singular, plural, n)

    # -- naming ---------------------------------------------------------------------------
    def mine(self, seat: Any) -> bool:
        return self.me is not None and seat == self.me

    def place(self, seat: Any) -> str:
        """Where ``seat`` sits as the reader sees it: South (the reader), West, North, East."""
        if not isinstance(seat, int) or not 0 <= seat <= 3:
            return self._("someone")
        return self._(PLACES[(seat - (self.me or 0)) % 4])

    def name(self, seat: Any) -> str:
        """The seat's player or bot, else its place."""
        if isinstance(seat, int) and 0 <= seat < len(self.info.seats):
            name = self.info.seats[seat].name
            if name:
                return str(name)
        return self.place(seat)

    def who(self, seat: Any) -> str:
        """The seat's name in a list: "you" for the reader's own."""
        return self._("you") if self.mine(seat) else self.name(seat)

    def names(self, seats: Iterable[Any]) -> str:
        """Names joined as a list reads: "Ann", "Ann and Bob", "Ann, Bob and Cy"."""
        return self.listed([self.name(s) for s in seats])

    def listed(self, names: list[str]) -> str:
        """``names`` joined as a list reads."""
        if len(names) <= 1:
            return "".join(names)
        return self._("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])

    def card(self, card: str | Card) -> str:
        return card_text(card, self.symbols)

    def cards(self, cards: Iterable[str | Card] | None) -> str:
        shown = [self.card(c) for c in cards or ()]
        return " ".join(shown) if shown else self._("none")

    def points(self, n: int) -> str:
        """``n`` points as the table shows them (countdown tables count down)."""
        shown = self.info.display_points(n)
        return self.ngettext("{n} point", "{n} points", shown).format(n=shown)

    def suit(self, suit: int) -> str:
        return self._(SUITS_IN_WORDS[suit])


def state_words(state: str, tr: Translator | None = None) -> str:
    """A table's state (``waiting``, ``playing``, ``paused``, ``over``) in words."""
    tr = tr or PROCESS
    return {"waiting": tr.pgettext("table state", "waiting"),
            "playing": tr.pgettext("table state", "playing"),
            "paused": tr.pgettext("table state", "paused"),
            "over": tr.pgettext("table state", "over")}.get(state, state)


def table_rules_words(line: dict[str, Any], tr: Translator | None = None) -> str:
    """A `table_line`'s rules in words, as the rules dialog and the table say them
    (``Omnibus, Game to: 50 points``); from a host that sends only the summary, the
    preset's name."""
    tr = tr or PROCESS
    try:
        return rules_title(Rules.from_dict(line["rules"]), tr=tr)
    except (KeyError, TypeError, ValueError):
        return summary_words(str(line.get("summary") or ""), tr)


def games_figure(row: dict[str, Any], tr: Translator | None = None) -> str:
    """A leaderboard row's games as the boards show them: ``3``, or ``3 (1 left)`` for a
    person with games they left (docs/history.md)."""
    tr = tr or PROCESS
    games, left = row.get("games") or 0, row.get("left") or 0
    if not left:
        return str(games)
    return tr.gettext("{games} ({left} left)").format(games=games, left=left)


# -- one sentence (or a few) per change ----------------------------------------------------------
_CHANGES: dict[str, Callable[[Voice, Change], list[str]]] = {}


def _words(kind: str) -> Callable[[Callable[[Voice, Change], list[str]]],
                                  Callable[[Voice, Change], list[str]]]:
    def register(fn: Callable[[Voice, Change], list[str]]) -> Callable[[Voice, Change], list[str]]:
        _CHANGES[kind] = fn
        return fn
    return register


def change_lines(change: Change, info: TableInfo, me: int | None,
                 tr: Translator | None = None, *, symbols: bool = True,
                 before: Rules | None = None) -> list[str]:
    """What ``change`` (one event of an ``update``) says to the reader at seat ``me``.

    Empty for changes that say nothing to this reader (someone else's received cards,
    another seat's timer). ``before``: the rules before a ``rules_changed`` (to list
    what changed; without them the new rules are named).
    """
    voice = Voice(info, me, tr or PROCESS, symbols)
    if change.get("type") == "rules_changed":
        return rules_changed_lines(voice, change, before)
    fn = _CHANGES.get(str(change.get("type")))
    return fn(voice, change) if fn is not None else []


def change_line(change: Change, info: TableInfo, me: int | None,
                tr: Translator | None = None, *, symbols: bool = True,
                before: Rules | None = None) -> str | None:
    """`change_lines` as one line (None when the change says nothing to this reader)."""
    lines = change_lines(change, info, me, tr, symbols=symbols, before=before)
    return " ".join(line.strip() for line in lines) if lines else None


@_words("game_started")
def _game_started(v: Voice, ch: Change) -> list[str]:
    return [v._("The game starts.")]


@_words("hand_started")
def _hand_started(v: Voice, ch: Change) -> list[str]:
    hand = int(ch.get("hand") or 0) + 1
    dealer = ch.get("dealer")
    dealt = (v._("Hand {hand} is dealt; you dealt.").format(hand=hand) if v.mine(dealer)
             else v._("Hand {hand} is dealt; {name} dealt.").format(hand=hand, name=v.name(dealer)))
    return [dealt, passing_line(v, str(ch.get("pass_direction") or "hold"))]


def passing_line(v: Voice, direction: str) -> str:
    """Which way this hand passes."""
    return {"left": v._("Cards pass left this hand."),
            "right": v._("Cards pass right this hand."),
            "across": v._("Cards pass across this hand.")}.get(direction,
                                                                 v._("No passing this hand."))


@_words("passed")
def _passed(v: Voice, ch: Change) -> list[str]:
    seat = ch.get("seat")
    if v.mine(seat):
        cards = ch.get("cards")
        return [v._("You passed {cards}.").format(cards=v.cards(cards)) if cards
                else v._("You passed.")]
    return [v._("{name} has passed.").format(name=v.name(seat))]


@_words("cards_received")
def _cards_received(v: Voice, ch: Change) -> list[str]:
    if ch.get("cards") is None or not v.mine(ch.get("seat", v.me)):
        return []
    return [v._("You received {cards} from {name}.").format(
        cards=v.cards(sorted(ch["cards"], key=_suit_order)), name=v.name(ch.get("from_seat")))]


def _suit_order(card: str | Card) -> tuple[int, int]:
    """Clubs, diamonds, spades, hearts (colours alternate), low to high: as hands show."""
    c = card if isinstance(card, Card) else Card.parse(card)
    return ((0, 1, 3, 2).index(c.suit), c.rank)


@_words("card_played")
def _card_played(v: Voice, ch: Change) -> list[str]:
    seat, card = ch.get("seat"), v.card(str(ch.get("card")))
    if v.mine(seat):
        return [v._("You play {card}.").format(card=card)]
    return [v._("{name} plays {card}.").format(name=v.name(seat), card=card)]


@_words("trick_taken")
def _trick_taken(v: Voice, ch: Change) -> list[str]:
    seat, cards = ch.get("winner"), v.cards(ch.get("cards"))
    n = v.info.display_points(int(ch.get("points") or 0))
    if v.mine(seat):
        return [v.ngettext("You take the trick ({cards}): {n} point.",
                           "You take the trick ({cards}): {n} points.", n).format(cards=cards, n=n)]
    return [v.ngettext("{name} takes the trick ({cards}): {n} point.",
                       "{name} takes the trick ({cards}): {n} points.", n).format(
        name=v.name(seat), cards=cards, n=n)]


@_words("hearts_broken")
def _hearts_broken(v: Voice, ch: Change) -> list[str]:
    return [v._("Hearts are broken.")]


@_words("moon_shot")
def _moon_shot(v: Voice, ch: Change) -> list[str]:
    return [moon_line(v, ch.get("shooter"), bool(ch.get("sun")), now=True)]


def moon_line(v: Voice, shooter: Any, sun: bool = False, now: bool = False) -> str:
    """"You shot the moon." (``now``: as it happens, "You shot the moon!")."""
    if v.mine(shooter):
        if sun:
            return v._("You shot the sun!") if now else v._("You shot the sun.")
        return v._("You shot the moon!") if now else v._("You shot the moon.")
    return shot_words(v.tr, v.name(shooter), sun, now)


def shot_words(tr: Translator, name: str, sun: bool = False, now: bool = False) -> str:
    """"Ann shot the moon." (or the sun; ``now``: as it happens, "!"): the one wording of
    a moon for a seat named (the table's notices, a replay's caption, a game's history)."""
    if sun:
        said = tr.gettext("{name} shot the sun!") if now else tr.gettext("{name} shot the sun.")
    else:
        said = tr.gettext("{name} shot the moon!") if now else tr.gettext("{name} shot the moon.")
    return said.format(name=name)


@_words("moon_chosen")
def _moon_chosen(v: Voice, ch: Change) -> list[str]:
    seat, add, points = ch.get("shooter"), ch.get("choice") == "add", ch.get("points")
    if isinstance(points, int):           # the host says what the shot moves
        if v.mine(seat):
            return [(v._("You chose to add {points} to everyone else.") if add
                     else v._("You chose to take {points} off your own score.")).format(
                points=points)]
        return [(v._("{name} chose to add {points} to everyone else.") if add
                 else v._("{name} chose to take {points} off their own score.")).format(
            name=v.name(seat), points=points)]
    if v.mine(seat):
        return [v._("You chose to add the points to the others.") if add
                else v._("You chose to take the points off your own score.")]
    return [(v._("{name} chose to add the points to the others.") if add
             else v._("{name} chose to take the points off their own score.")).format(
        name=v.name(seat))]


@_words("tram")
def _tram(v: Voice, ch: Change) -> list[str]:
    lines = [tram_line(v, ch)]
    for seat, cards in enumerate(ch.get("cards") or []):
        if cards:
            lines.append("  " + v._("{name}: {cards}").format(name=v.who(seat),
                                                                cards=v.cards(cards)))
    return lines


def tram_line(v: Voice, tram: Change) -> str:
    """How a hand ended early (TRAM: the rest are mine)."""
    seat = tram.get("seat")
    if seat is None:
        return v._("No points were left: the hand ended early.")
    if tram.get("claimed"):
        if v.mine(seat):
            return v._("You claimed the rest: your cards win every trick left.")
        return v._("{name} claimed the rest: those cards win every trick left.").format(
            name=v.name(seat))
    if v.mine(seat):
        return v._("You win every trick left: the hand ended early.")
    return v._("{name} wins every trick left: the hand ended early.").format(name=v.name(seat))


@_words("hand_scored")
def _hand_scored(v: Voice, ch: Change) -> list[str]:
    hand = int(ch.get("hand") or 0) + 1
    points = ", ".join(v._("{name} {points}").format(name=v.who(i), points=_signed(v, p))
                       for i, p in enumerate(ch.get("points") or ()))
    lines = [v._("Hand {hand} is over. Points: {points}.").format(hand=hand, points=points)]
    moon = ch.get("moon")
    if isinstance(moon, dict) and moon.get("shooter") is not None:
        lines.append(moon_line(v, moon.get("shooter"), bool(moon.get("sun"))))
    lines.append(scores_line(v, ch.get("totals") or v.info.totals))
    return lines


def _signed(v: Voice, points: int) -> str:
    shown = v.info.display_points(int(points))
    return f"{shown:+d}" if shown else "0"


def _totals(v: Voice, totals: Sequence[int]) -> str:
    """"you 12, Bob 40, ..." (countdown tables: what each has left)."""
    if v.info.rules.display == "countdown":
        each = [v._("{name} {n} left").format(name=v.who(i), n=v.info.display_total(t))
                for i, t in enumerate(totals)]
    else:
        each = [v._("{name} {n}").format(name=v.who(i), n=t) for i, t in enumerate(totals)]
    return ", ".join(each)


def scores_line(v: Voice, totals: Sequence[int]) -> str:
    """"Scores: you 12, Bob 40, ..."."""
    return v._("Scores: {scores}.").format(scores=_totals(v, totals))


@_words("game_over")
def _game_over(v: Voice, ch: Change) -> list[str]:
    lines = [v._("Game over. Final scores: {scores}.").format(
        scores=_totals(v, ch.get("totals") or v.info.totals))]
    winners = winners_line(v, list(ch.get("winners") or ()))
    return lines + ([winners] if winners else [])


def winners_line(v: Voice, winners: Sequence[int]) -> str:
    """"You win!", "Ann wins!", "You share the win with Bob!", "Ann and Bob share the win!"
    (the game's players by name: one who sat down at the finished table did not win it)."""
    if not winners:
        return ""
    if not v.info.played(v.me):
        names = [v.info.player_name(w) for w in winners]
        if len(names) == 1:
            return v._("{name} wins!").format(name=names[0])
        return v._("{names} share the win!").format(names=v.listed(names))
    if v.me in winners:
        others = [w for w in winners if w != v.me]
        if not others:
            return v._("You win!")
        return v._("You share the win with {names}!").format(names=v.names(others))
    if len(winners) == 1:
        return v._("{name} wins!").format(name=v.name(winners[0]))
    return v._("{names} share the win!").format(names=v.names(winners))


def place_line(v: Voice) -> str:
    """Your place at the end: "You finished second of 4, with 54 points." ("" watching, or
    when you sat down after the game)."""
    if v.me is None or not v.info.played(v.me):
        return ""
    totals = list(v.info.totals)
    mine = totals[v.me]
    place = v._(ORDINALS[sum(t < mine for t in totals)])
    total = v.info.display_total(mine)
    if sum(t == mine for t in totals) > 1:
        return v.ngettext("You finished {place} of 4 (shared), with {total} point.",
                          "You finished {place} of 4 (shared), with {total} points.", total).format(
            place=place, total=total)
    return v.ngettext("You finished {place} of 4, with {total} point.",
                      "You finished {place} of 4, with {total} points.", total).format(
        place=place, total=total)


@_words("game_ended")
def _game_ended(v: Voice, ch: Change) -> list[str]:
    by, reason = ch.get("by"), ch.get("reason")
    if by == "host":
        return [v._("The host ended the game early.")]
    if by:
        return [v._("{name} ended the game early.").format(name=by)]
    if reason:
        return [v._("The game is over early ({reason}).").format(reason=reason)]
    return [v._("The game is over early.")]


@_words("player_joined")
def _player_joined(v: Voice, ch: Change) -> list[str]:
    seat, name = ch.get("seat"), str(ch.get("name") or v._("someone"))
    if seat is None:
        return [v._("{name} is watching.").format(name=name)]
    if v.mine(seat):
        return []
    return [v._("{name} sat down ({place}).").format(name=name, place=v.place(seat))]


@_words("player_left")
def _player_left(v: Voice, ch: Change) -> list[str]:
    name = str(ch.get("name") or v._("someone"))
    if ch.get("seat") is None:
        return [v._("{name} stopped watching.").format(name=name)]
    return [v._("{name} left the table.").format(name=name)]


@_words("player_kicked")
def _player_kicked(v: Voice, ch: Change) -> list[str]:
    return [v._("{name} was removed from the table.").format(
        name=ch.get("name") or v.name(ch.get("seat")))]


@_words("player_dropped")
def _player_dropped(v: Voice, ch: Change) -> list[str]:
    name = ch.get("name") or v.name(ch.get("seat"))
    grace = round(float(ch.get("grace") or 0))
    if grace > 0:
        return [v.ngettext("{name} lost the connection; a bot plays for them in {n} second "
                           "unless they come back.",
                           "{name} lost the connection; a bot plays for them in {n} seconds "
                           "unless they come back.", grace).format(name=name, n=grace)]
    return [v._("{name} lost the connection; a bot plays for them unless they come back.")
            .format(name=name)]


@_words("player_returned")
def _player_returned(v: Voice, ch: Change) -> list[str]:
    if v.mine(ch.get("seat")):
        return []
    return [v._("{name} is back.").format(name=ch.get("name") or v.name(ch.get("seat")))]


@_words("replaced_by_bot")
def _replaced_by_bot(v: Voice, ch: Change) -> list[str]:
    seat, why = ch.get("seat"), ch.get("why")
    level = level_words(str(ch.get("level") or "normal"), v.tr)
    if why == "start":
        return [v._("A bot ({level}) sits {place}.").format(level=level, place=v.place(seat))]
    if why == "dropped":
        if v.mine(seat):
            return [v._("A bot ({level}) plays for you: the connection was lost.").format(
                level=level)]
        return [v._("A bot ({level}) plays for {name}: the connection was lost.").format(
            level=level, name=v.name(seat))]
    if why == "timeout":
        if v.mine(seat):
            return [v._("A bot ({level}) plays for you: time ran out.").format(level=level)]
        return [v._("A bot ({level}) plays for {name}: time ran out.").format(
            level=level, name=v.name(seat))]
    return [v._("A bot ({level}) takes the {place} seat.").format(level=level, place=v.place(seat))]


@_words("bot_removed")
def _bot_removed(v: Voice, ch: Change) -> list[str]:
    return [v._("The {place} seat is empty now.").format(place=v.place(ch.get("seat")))]


@_words("owner_changed")
def _owner_changed(v: Voice, ch: Change) -> list[str]:
    if ch.get("seat") is not None and v.mine(ch.get("seat")):
        return [v._("You own the table now.")]
    if ch.get("name"):
        return [v._("{name} owns the table now.").format(name=ch["name"])]
    return [v._("Nobody owns the table now.")]


def rules_changed_lines(v: Voice, ch: Change, before: Rules | None,
                        by_me: bool = False) -> list[str]:
    """Who changed the rules and each change, one line each (indented after the first);
    ``by_me``: the reader did ("You changed the rules:")."""
    by = ch.get("by")
    try:
        after = Rules.from_dict(ch.get("rules") or {})
    except (ValueError, TypeError):
        after = v.info.rules
    changes = changes_in_words(before, after, v.tr) if before is not None else []
    if before is not None and not changes:
        return []
    if not changes:
        title = rules_title(after, tr=v.tr)
        if by_me:
            return [v._("You set the rules: {rules}.").format(rules=title)]
        if by:
            return [v._("{name} set the rules: {rules}.").format(name=by, rules=title)]
        return [v._("The rules are now: {rules}.").format(rules=title)]
    head = (v._("You changed the rules:") if by_me
            else v._("{name} changed the rules:").format(name=by) if by
            else v._("The rules changed:"))
    return [head, *("  " + line for line in changes)]


def rules_changed_notice(v: Voice, ch: Change, before: Rules,
                         by_me: bool = False) -> str | None:
    """The rule change as one notice: "Bob changed the rules: Game to: 100 → 50."."""
    lines = rules_changed_lines(v, ch, before, by_me)
    if len(lines) <= 1:
        return lines[0] if lines else None
    return v._("{head} {changes}.").format(head=lines[0],
                                           changes="; ".join(x.strip() for x in lines[1:]))


@_words("chat")
def _chat(v: Voice, ch: Change) -> list[str]:
    if ch.get("notice") == "seat_promised":
        return [v._("{name} takes {bot}'s seat when the next hand is dealt.").format(
            name=ch.get("who") or v._("someone"), bot=v.name(ch.get("at")))]
    return [v._("{name}: {text}").format(name=ch.get("name") or v._("someone"),
                                          text=ch.get("text") or "")]


@_words("timer")
def _timer(v: Voice, ch: Change) -> list[str]:
    if v.me is None or v.me not in (ch.get("seats") or ()):
        return []
    n = round(float(ch.get("seconds") or 0))
    return [v.ngettext("You have {n} second to move.", "You have {n} seconds to move.", n)
            .format(n=n)]


@_words("paused")
def _paused(v: Voice, ch: Change) -> list[str]:
    return [paused_line(v, ch.get("by"))]


def paused_line(v: Voice, by: Any) -> str:
    if by:
        return v._("{name} paused the game.").format(name=by)
    return v._("The owner paused the game.")


@_words("resumed")
def _resumed(v: Voice, ch: Change) -> list[str]:
    by = ch.get("by")
    return [v._("{name} resumed the game.").format(name=by) if by
            else v._("The owner resumed the game.")]


@_words("undone")
def _undone(v: Voice, ch: Change) -> list[str]:
    if v.mine(ch.get("seat")):
        return [v._("You took your last card back.")]
    return [v._("{name} took their last card back.").format(name=v.name(ch.get("seat")))]


# -- notices that are not changes ---------------------------------------------------------------
def table_gone_line(v: Voice, name: str, restarted: bool) -> str:
    """The table we were at is gone (we reconnected and the host did not put us back):
    the host restarted without it, or it closed while we were away."""
    if restarted:
        return v._("The table “{name}” is gone: the host restarted without it. "
                   "Choose a table in the lobby.").format(name=name)
    return v._("The table “{name}” is gone: it closed while you were away. "
               "Choose a table in the lobby.").format(name=name)


def lost_action_line(v: Voice, card: str | Card | None) -> str:
    """An action sent as the connection broke, which the host never took (``card``: a
    play; None: a pass)."""
    if card is None:
        return v._("Your pass did not reach the host before the connection broke: "
                   "choose your cards again.")
    return v._("Your {card} did not reach the host before the connection broke: "
               "play it again.").format(card=v.card(card))


@dataclass(frozen=True)
class Away:
    """Where the reader's seat stood when its link went down, to say on its return what a
    bot did meanwhile (`away_mark`, then `away_lines`). The host keeps one for a person
    whose connection went (`hearts.net.away`) and says the lines to the page (``table.away``)."""

    table: int | None               # the table's id
    scored: int                     # hands scored then (``TableInfo.results``)
    hand: int                       # the hand then
    played: int                     # cards the seat had played in it


def cards_played(trick_seats: Iterable[Any], tricks: int, seat: int) -> int:
    """Cards ``seat`` has played this hand: one a finished trick, one if in the trick now."""
    return tricks + (1 if seat in trick_seats else 0)


def away_mark(info: TableInfo, view: View | None) -> Away:
    """The reader's seat as its link went down (``view``: the reader's view, if seated)."""
    played = cards_played((s for s, _c in view.trick), len(view.tricks), view.seat) if view else 0
    return Away(info.id, len(info.results), info.hand, played)


def away_lines(v: Voice, before: Away, played: int) -> list[str]:
    """Back at the table (``v.info``: as it is now; ``played``: the seat's cards played in
    the hand now), what a bot did for the reader while away: "Hands 1–4 were played for you
    by a bot: 44 points." and the cards it played in the hand now running."""
    info, me = v.info, v.me
    if me is None or info.id != before.table:
        return []
    lines = []
    hands = info.results[before.scored:] if len(info.results) >= before.scored else []
    if hands:
        n = sum(r.points[me] for r in hands)
        first, last = hands[0].hand + 1, hands[-1].hand + 1
        if first == last:
            lines.append(v.ngettext("Hand {first} was played for you by a bot: {n} point.",
                                    "Hand {first} was played for you by a bot: {n} points.",
                                    n).format(first=first, n=n))
        else:
            lines.append(v.ngettext("Hands {first}–{last} were played for you by a bot: "
                                    "{n} point.", "Hands {first}–{last} were played for you "
                                    "by a bot: {n} points.", n).format(first=first, last=last,
                                                                      n=n))
    cards = played - (before.played if info.hand == before.hand else 0)
    if cards > 0 and info.state in ("playing", "paused"):
        lines.append(v.ngettext("While you were away a bot played {n} card for you in this "
                                "hand.", "While you were away a bot played {n} cards for you "
                                "in this hand.", cards).format(n=cards))
    return lines


def next_step_line(v: Voice, away: float | None) -> str:
    """Outside a running hand, who can start or go on now, and while the owner is away how
    long until the table passes on (``away``: seconds left, as `TableInfo.owner_away` said
    them, counted down by the front end); "" while a game is played."""
    info = v.info
    state = info.state
    if state not in ("waiting", "over", "paused"):
        return ""
    if info.owner:
        return {"waiting": v._("Start the game when you like: empty seats get bots."),
                "over": v._("Start the next game when you like, or leave the table."),
                "paused": v._("Resume the game when you like.")}[state]
    owner = info.owner_name or v._("the owner")
    if away is None:
        return {"waiting": v._("{owner} starts the game."),
                "over": v._("{owner} starts the next game."),
                "paused": v._("{owner} resumes the game.")}[state].format(owner=owner)
    n = max(1, round(away))
    heir = info.heir()
    if away <= 0:
        return v._("{owner} is away: the table passes to the next person here in a "
                   "moment.").format(owner=owner)
    if heir is None:                      # nobody seated is here: someone watching gets it
        return v.ngettext("{owner} is away: the table passes to the next person here in "
                          "{n} second.", "{owner} is away: the table passes to the next "
                          "person here in {n} seconds.", n).format(owner=owner, n=n)
    if v.mine(heir):
        return {"waiting": v.ngettext("{owner} is away: you can start the game in {n} second.",
                                      "{owner} is away: you can start the game in {n} seconds.",
                                      n),
                "over": v.ngettext("{owner} is away: you can start the next game in {n} second.",
                                   "{owner} is away: you can start the next game in {n} "
                                   "seconds.", n),
                "paused": v.ngettext("{owner} is away: you can resume the game in {n} second.",
                                     "{owner} is away: you can resume the game in {n} seconds.",
                                     n)}[state].format(owner=owner, n=n)
    return {"waiting": v.ngettext("{owner} is away: {name} can start the game in {n} second.",
                                  "{owner} is away: {name} can start the game in {n} seconds.",
                                  n),
            "over": v.ngettext("{owner} is away: {name} can start the next game in {n} second.",
                               "{owner} is away: {name} can start the next game in {n} seconds.",
                               n),
            "paused": v.ngettext("{owner} is away: {name} can resume the game in {n} second.",
                                 "{owner} is away: {name} can resume the game in {n} seconds.",
                                 n)}[state].format(owner=owner, name=v.name(heir), n=n)



def left_line(v: Voice, reason: Any, name: str, number: int | None = None) -> str:
    """Why you are no longer at the table called ``name`` (number ``number``, if given)."""
    if number is not None and name:
        if reason == "kicked":
            return v._("The owner of table {number}, “{name}”, removed you from it.").format(
                number=number, name=name)
        if reason in (None, "left"):
            return v._("You left table {number}, “{name}”.").format(number=number, name=name)
        return v._("You are no longer at table {number}, “{name}” ({reason}).").format(
            number=number, name=name, reason=reason)
    if number is not None:
        if reason == "kicked":
            return v._("The owner of table {number} removed you from it.").format(number=number)
        if reason in (None, "left"):
            return v._("You left table {number}.").format(number=number)
        return v._("You are no longer at table {number} ({reason}).").format(
            number=number, reason=reason)
    if reason == "kicked":
        return v._("The owner of “{name}” removed you from it.").format(name=name)
    if reason in (None, "left"):
        return v._("You left “{name}”.").format(name=name)
    return v._("You are no longer at “{name}” ({reason}).").format(name=name, reason=reason)


def hint_line(v: Voice, cards: Sequence[str | Card], reason: str) -> str:
    """The hint's line: the cards named once, then why ("Hint: 5♥ · play low…")."""
    names = v.cards(cards) if cards else ""
    reason = reason.strip()
    if names and reason:
        return v._("Hint: {cards} · {reason}").format(cards=names, reason=reason)
    if names or reason:
        return v._("Hint: {what}").format(what=names or reason)
    return v._("Hint: none")


def why_illegal(v: Voice, view: View, card: Card) -> str:
    """Why ``card`` may not be played now, in the engine's words (passing: what to do)."""
    if view.phase == "pass":
        return v._("Cards are being passed: pick cards to pass.")
    why = view.why_illegal(card)
    return said(why, v.tr) if why is not None else ""


def pass_line(v: Voice, view: View) -> str:
    """"Pass 3 cards left to Ann." for the current hand (from the reader's view)."""
    n, d = view.rules.pass_count, view.pass_direction
    to = v.name(view.pass_to)
    if d == "left":
        return v.ngettext("Pass {n} card left to {name}.", "Pass {n} cards left to {name}.",
                          n).format(n=n, name=to)
    if d == "right":
        return v.ngettext("Pass {n} card right to {name}.", "Pass {n} cards right to {name}.",
                          n).format(n=n, name=to)
    if d == "across":
        return v.ngettext("Pass {n} card across to {name}.", "Pass {n} cards across to {name}.",
                          n).format(n=n, name=to)
    return v._("No passing this hand: keep your cards.")


def trick_label(v: Voice, winner: int, points: int) -> str:
    """What the finished trick says while it shows: "Ann takes it, 13 points"."""
    shown = v.info.display_points(points)
    if v.mine(winner):
        if not points:
            return v._("You take it")
        return v.ngettext("You take it, {n} point", "You take it, {n} points", shown).format(n=shown)
    if not points:
        return v._("{name} takes it").format(name=v.name(winner))
    return v.ngettext("{name} takes it, {n} point", "{name} takes it, {n} points", shown).format(
        name=v.name(winner), n=shown)


def hand_end_lines(v: Voice, moon: Any, tram: Change | None) -> list[str]:
    """The sentences under a hand's scores: a moon, how the hand ended early, or both."""
    lines = []
    if isinstance(moon, dict) and moon.get("shooter") is not None:
        lines.append(moon_line(v, moon["shooter"], bool(moon.get("sun"))))
    if tram:
        lines.append(tram_line(v, tram))
    return lines


def shown_lines(v: Voice, change: Change, before: Sequence[Change] = ()) -> list[str]:
    """What the table shows for ``change`` while it is on screen (``before``: the changes
    of the same update before it): a taken trick's label (`trick_label`), the sentences
    under a hand's scores (`hand_end_lines`, with a ``tram`` among ``before``), who won the
    game (`winners_line`); else none."""
    kind = change.get("type")
    if kind == "trick_taken" and isinstance(change.get("winner"), int):
        return [trick_label(v, change["winner"], int(change.get("points") or 0))]
    if kind == "hand_scored":
        tram = next((c for c in reversed(before) if c.get("type") == "tram"), None)
        return hand_end_lines(v, change.get("moon"), tram)
    if kind == "game_over":
        won = winners_line(v, list(change.get("winners") or ()))
        return [won] if won else []
    return []


# -- a replay's words ---------------------------------------------------------------------------
def replay_name(tr: Translator, doc: dict[str, Any], hand: dict[str, Any], seat: int) -> str:
    """The name of ``seat`` in ``hand`` of a replayed game ``doc`` (a ``game`` answer or an
    exported game): its player's, else "seat 2"."""
    people = doc.get("people") or []
    seats = hand.get("seats") or [0, 1, 2, 3]
    i = seats[seat] if seat < len(seats) else seat
    ref = people[i] if isinstance(i, int) and 0 <= i < len(people) else {}
    return str(ref.get("name") or tr.gettext("seat {n}").format(n=seat + 1))


def replay_caption(tr: Translator, doc: dict[str, Any], hand: dict[str, Any],
                   m: Moment) -> str:
    """What moment ``m`` of ``hand`` in a replay of ``doc`` shows, in a sentence: the
    desktop's replay and the page's (the host sends the page each step's, `replay_captions`)."""
    def name(seat: int | None) -> str:
        return replay_name(tr, doc, hand, seat) if seat is not None else ""
    if m.done:
        points = ", ".join(f"{name(s)} {p}" for s, p in enumerate(hand["points"]))
        line = tr.gettext("Hand over. Points: {points}.").format(points=points)
        moon = hand.get("moon")
        if moon:
            line += " " + shot_words(tr, name(moon["shooter"]), bool(moon.get("sun")))
        tram = hand.get("tram")
        if tram and tram.get("seat") is not None:
            line = tr.gettext("{name} takes the rest of the tricks.").format(
                name=name(tram["seat"])) + " " + line
        return line
    if m.step == 0 and hand.get("passes"):
        return tr.gettext("The deal: the raised cards are the ones each seat passes.")
    if m.step == 1 and hand.get("passes"):
        return tr.gettext("After the pass: the raised cards are the ones each seat received; "
                          "{name} leads.").format(name=name(m.turn))
    if not m.trick and m.last_trick is not None:
        t = m.last_trick
        number = len(hand["tricks"]) and hand["tricks"].index(t) + 1
        return tr.ngettext("{name} takes trick {n} ({points} point).",
                           "{name} takes trick {n} ({points} points).", t["points"]).format(
            name=name(t["winner"]), n=number, points=t["points"])
    if m.trick:
        seat, card = m.trick[-1]
        return tr.gettext("{name} plays {card}.").format(name=name(seat), card=card_text(card))
    return tr.gettext("{name} leads.").format(name=name(m.turn)) if m.turn is not None else ""


def replay_captions(tr: Translator, doc: dict[str, Any]) -> list[list[str]]:
    """`replay_caption` of every step of every hand in ``doc`` (a ``game`` answer's page:
    its ``game`` with its ``hands``)."""
    replay = Replay(doc)
    return [[replay_caption(tr, doc, hand, replay.moment(i, step))
             for step in range(replay.steps(i) + 1)]
            for i, hand in enumerate(replay.hands)]


# -- the status line: what happens now, as the table shows it ------------------------------------
@dataclass(frozen=True)
class Shown:
    """What the table shows now, which may lag the reader's view while cards still move."""

    disconnected: bool = False
    game_over: bool = False
    waiting: bool = False          # the table waits for its first game
    owner: bool = False
    hand_over: bool = False        # a hand's summary shows
    taking: int | None = None      # the finished trick shows, won by this seat
    turn: int | None = None        # whose card comes next as shown
    pending: str | None = None     # your card on its way to the host
    passed: bool = False           # your cards are passed
    my_play: bool = False          # your turn to play, as shown
    moon_sent: bool = False        # your moon choice is on its way
    watching: bool = False
    demo: bool = False


def status_line(v: Voice, view: View | None, s: Shown) -> tuple[str, str]:
    """The turn prompt and its tone: "act" (you must do something), "wait" or "plain"."""
    if s.disconnected:
        return v._("Connection lost: waiting for the host…"), "wait"
    if s.game_over:
        return v._("Game over"), "plain"
    if s.waiting:
        if s.owner:
            return v._("Seats are ready: start the game when you like"), "plain"
        return v._("Waiting for the owner to start the game"), "plain"
    if s.hand_over or view is None:
        return (v._("Hand over"), "plain") if view is not None else ("", "plain")
    if s.taking is not None:
        if v.mine(s.taking):
            return v._("You take the trick"), "plain"
        return v._("{name} takes the trick").format(name=v.name(s.taking)), "plain"
    if s.watching:
        if view.phase == "play" and s.turn is not None:
            if s.demo:
                return v._("Demo: four bots play, you watch · {name} to play").format(
                    name=v.name(s.turn)), "plain"
            return v._("Watching · {name} to play").format(name=v.name(s.turn)), "plain"
        return (v._("Demo: four bots play, you watch") if s.demo else v._("Watching")), "plain"
    if view.phase == "pass":
        if s.passed and all(view.has_passed[i] for i in range(4) if i != view.seat):
            return v._("Everyone has passed: the cards are being exchanged…"), "wait"
        if s.passed:
            return v._("Waiting for the others to pass…"), "wait"
        return f"{pass_line(v, view)}  {ARROWS.get(view.pass_direction, '')}".rstrip(), "act"
    if view.phase == "play":
        if s.pending is not None:
            return v._("Playing {card}…").format(card=v.card(s.pending)), "wait"
        if s.my_play:
            if not view.trick:
                return v._("Your lead"), "act"
            return v._("Your turn · follow {suit} if you can").format(
                suit=v.suit(view.trick[0][1].suit)), "act"
        if s.turn is not None and not v.mine(s.turn):
            return v._("{name} is playing…").format(name=v.name(s.turn)), "wait"
        if s.turn is not None:
            return v._("Your turn"), "act"
    if view.phase == "moon-choice" and view.moon is not None:
        if v.mine(view.moon.shooter):
            if s.moon_sent:
                return v._("You have chosen: the hand is being scored…"), "wait"
            return v._("You shot the moon! Choose:"), "act"
        return v._("{name} shot the moon and is choosing…").format(
            name=v.name(view.moon.shooter)), "plain"
    if view.phase == "done":
        return v._("Hand over"), "plain"
    return "", "plain"


def moon_choice_lines(v: Voice, shooter: int, sun: bool, points: int) -> dict[str, str]:
    """The moon's choice as the table shows it while it is made: its headline ("You shot
    the moon!") and, for the shooter, the two choices' words (``add``, ``subtract``), for
    the others what happens meanwhile (``waiting``)."""
    head = moon_line(v, shooter, sun, now=True)
    if v.mine(shooter):
        return {"head": head,
                "add": v._("Add {points} to everyone else").format(points=points),
                "subtract": v._("Take {points} off my score").format(points=points)}
    return {"head": head,
            "waiting": v._("{name} is choosing what the points do…").format(name=v.name(shooter))}


def hand_over_line(v: Voice, hand: int) -> str:
    """A hand's scores head: "Hand 3 is over." (``hand``: counted from 0)."""
    return v._("Hand {hand} is over.").format(hand=hand + 1)


def replay_title(tr: Translator, doc: dict[str, Any], hand: dict[str, Any], n: int,
                 of: int) -> str:
    """A replayed hand's head: "Hand 2 of 9 · Ann deals, passing left" (``n``: from 1)."""
    values = {"n": n, "of": of, "name": replay_name(tr, doc, hand, int(hand.get("dealer") or 0))}
    said = {"left": N_("Hand {n} of {of} · {name} deals, passing left"),
            "right": N_("Hand {n} of {of} · {name} deals, passing right"),
            "across": N_("Hand {n} of {of} · {name} deals, passing across")}.get(
        str(hand.get("pass_direction")), N_("Hand {n} of {of} · {name} deals, no passing"))
    return tr.gettext(said).format(**values)


def hand_title(v: Voice) -> str:
    """The information panel's head: "Hand 3 · Den"."""
    hand = v.info.hand + 1
    if v.info.name:
        return v._("Hand {hand} · {table}").format(hand=hand, table=v.info.name)
    return v._("Hand {hand}").format(hand=hand)


def passing_and_target(v: Voice, view: View) -> str:
    """"pass left ← · game to 100"."""
    d = view.pass_direction
    target = view.rules.target
    if d == "hold":
        return v._("no passing · game to {target}").format(target=target)
    return {"left": v._("pass left {arrow} · game to {target}"),
            "right": v._("pass right {arrow} · game to {target}"),
            "across": v._("pass across {arrow} · game to {target}")}[d].format(
        arrow=ARROWS[d], target=target)


__all__ = ["ARROWS", "Away", "PLACES", "PLACE_WORDS", "PROCESS", "ProcessLanguage", "Shown", "Translator",
           "Voice", "away_lines", "away_mark", "card_text", "cards_played", "change_line",
           "change_lines", "games_figure", "state_words", "hand_end_lines", "hand_title",
           "hand_over_line", "hint_line", "left_line", "lost_action_line", "moon_choice_lines", "moon_line", "next_step_line",
           "pass_line", "passing_and_target", "passing_line", "paused_line", "place_line",
           "replay_caption", "replay_captions", "replay_name", "replay_title", "rules_changed_lines",
           "rules_changed_notice", "scores_line", "shot_words", "shown_lines", "status_line",
           "table_gone_line", "tram_line", "trick_label", "why_illegal", "winners_line"]
