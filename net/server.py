"""The host's decisions, sans-I/O: `ServerCore`, the one face of the core's parts.

The host numbers its connections (`ConnId`) and tells the core what happens to them
and when: `opened` (the core lets it in or refuses it), `received` (a batch of decoded
values; `handle` for one), `unread` (output it has not read), `upgraded` (a page's
request become a WebSocket), `lost`; a
table's clock running out (`tick`); a bot's answer (`bot_moved`, `bot_free`); a hint
computed (`hint_ready`); a save that failed (`save_failed`); the times the outbox named:
the connections' `heartbeat`, the lobby's list (`lobby_due`), the LAN record
(`advert_due`); a line at the host's terminal (`operate`); stopping (`stop`).
The core decides, and `take` hands over what must happen next as an `Outbox`: the
saves to write (before anything else), the messages for connections (some closed
after), each table's next clock, the bots' and hints' turns to compute, tables closed,
the lobby's paced list. The asyncio `hearts.net.host.Host` only carries it out; tests
drive the core directly, with plain numbers as connections.

The parts, each with one purpose, share one `CoreState` (the tables, the players, the
time, the outbox being filled): `Sessions` (connections and hello), `Intents` (every
request, a ``_do_<type>`` each), `Lobby` (the table list, leaving, closing, lobby chat),
`Records` (saves, resuming, finished games), `Clocks` (clocks, bots' turns, hints),
`News` (what members are sent; the outbox taken), `Speech` (each connection's language),
`Links` (admission, message rates, silence, pings), `Readers` (unread output: dropping,
bots held for a slow reader), `Advert` (the LAN's TXT record and its pace).

>>> core = ServerCore()
>>> core.opened(1, "10.0.0.2")
>>> core.handle(1, {"type": "hello", "version": 1, "name": "Ann"}, now=0.0)
>>> [(conn, m["type"]) for conn, m in core.take().messages]
[(1, 'welcome'), (1, 'tables')]
"""

from __future__ import annotations

from typing import Any

from hearts.engine import Action, Rules, View
from hearts.i18n import T_, Text, Translator

from .advert import Advert
from .clocks import Clocks, bot_action, hint_position
from .console import operator_command, run_command
from .core_state import CoreState
from .guard import Guard
from .history import History
from .intents import Intents
from .limits import DEFAULT_LIMITS, Limits
from .links import Links
from .lobby import Lobby
from .messages import ClientMessage, TablesMessage
from .news import News
from .outbox import BotTurn, ConnId, GameRead, Outbox, Outgoing, Player, Save
from .protocol import clean_name
from .readers import Readers
from .records import ACTION_CHANGES, Records
from .sessions import Sessions
from .speech import Speech
from .table import Table


class ServerCore(CoreState):
    """Every table and player of one host, and the decisions on what they send.

    ``saving``: the host keeps save files (the outbox then holds `Save` orders);
    ``packed``: updates come as packed bytes (the host), else as maps (tests);
    ``history``: the finished games (in memory unless given one with a folder).
    """

    def __init__(self, name: str = "Hearts", rules: Rules | None = None,
                 limits: Limits = DEFAULT_LIMITS, bot_level: str = "normal",
                 seed: int | None = None, guard: Guard | None = None, saving: bool = False,
                 packed: bool = False, plug_ins: tuple[str, ...] = (),
                 history: History | None = None) -> None:
        # the plug-in bots the operator offers (``package.module:Class``): a guest may name
        # these, the host's own bots and bounded variants of its levels, nothing else
        super().__init__(name=clean_name(name, limits.max_title) or "Hearts",
                         rules=rules or Rules(), limits=limits, bot_level=bot_level,
                         plug_ins=plug_ins + ((bot_level,) if ":" in bot_level else ()),
                         seed=seed, saving=saving, packed=packed)
        self.guard = guard or Guard(limits)
        self.history = history or History()
        self.speech = Speech()
        self.records = Records(self, self.history)
        self.clocks = Clocks(self)
        self.advert = Advert(self)
        self.lobby = Lobby(self, self.guard, self.records, self.clocks, self.advert)
        self.sessions = Sessions(self, self.speech, self.lobby)
        self.readers = Readers(self, self.lobby, self.clocks)
        self.links = Links(self, self.guard, self.sessions, self.lobby, self.readers)
        self.news = News(self, self.speech, self.records, self.clocks, self.lobby)
        self.intents = Intents(self, self.sessions, self.speech, self.lobby, self.records,
                               self.guard, lambda player, text: run_command(self, player, text))

    # -- what the host tells the core ------------------------------------------------------
    def opened(self, conn: ConnId, addr: str, now: float = 0.0, pool: str = "game") -> None:
        """A connection from ``addr`` to the ``pool`` port is open: let in or refused
        (`Links.opened`)."""
        self.now = now
        self.links.opened(conn, addr, pool)

    def received(self, conn: ConnId, raws: list[Any], now: float, others: int = 0) -> None:
        """Whole decoded values from ``conn`` (``others``: more frames that count toward its
        rate, like a WebSocket's pings): within its rate, each decided on in turn until
        one closes it."""
        self.now = now
        if not self.links.received(conn, len(raws), others):
            return
        closing = self.out.closing
        for raw in raws:
            if closing and any(c == conn for c, _ in closing):
                return
            self.intents.handle(conn, raw)

    def handle(self, conn: ConnId, raw: Any, now: float) -> None:
        """Decide on one decoded value from ``conn`` (`Intents.handle`)."""
        self.now = now
        self.intents.handle(conn, raw)

    def unread(self, conn: ConnId, nbytes: int, now: float) -> None:
        """``conn`` has ``nbytes`` of output unread: reported after a send over the
        `unread_mark`, and when it drains to it (`Readers.unread`)."""
        self.now = now
        self.readers.unread(conn, nbytes)

    @property
    def unread_mark(self) -> int:
        """Unread bytes over which the host reports a connection's output (`unread`)."""
        return self.readers.mark

    def upgraded(self, conn: ConnId, now: float) -> None:
        """``conn``, a request to the web port, is a WebSocket now: its hello is expected
        within ``hello_timeout`` (on the game port, from `opened`)."""
        self.now = now
        self.links.expect_hello(conn)

    def lost(self, conn: ConnId, now: float) -> None:
        """``conn`` is gone."""
        self.now = now
        self.links.lost(conn)
        self.sessions.lost(conn)
        self.readers.lost(conn)

    def tick(self, table_id: int, now: float) -> None:
        """``table_id``'s clock is due: turn timeouts, the grace of dropped people."""
        self.now = now
        self.clocks.tick(table_id)

    def bot_moved(self, table_id: int, seat: int, version: int, action: Action | None,
                  now: float, busy: bool = False) -> None:
        """A bot's answer to its `BotTurn` (`Clocks.bot_moved`), held while someone at the
        table is far behind in reading (`Readers.holds_back`)."""
        self.now = now
        if not busy and self.readers.holds_back(table_id):
            self.readers.hold(table_id, seat, version, action)
            return
        self.clocks.bot_moved(table_id, seat, version, action, busy)

    def bot_free(self, table_id: int, seat: int, now: float) -> None:
        """The thread of a bot that ran out of time is free again."""
        self.now = now
        self.clocks.bot_free(table_id, seat)

    def hint_ready(self, player_id: int, asked: View, cards: list[str], reason: str,
                   moon: str | None) -> None:
        """A hint is computed (`Clocks.hint_ready`)."""
        self.clocks.hint_ready(player_id, asked, cards, reason, moon)

    def save_failed(self, table_id: int) -> None:
        """A save of ``table_id`` could not be written: the next one is a whole snapshot."""
        self.records.save_failed(table_id)

    def save_again(self, table_id: int) -> bool:
        """Save ``table_id`` whole now, after a save that failed (`Records.save_again`)."""
        return self.records.save_again(table_id)

    def notice(self, table_id: int, text: Text) -> None:
        """Say ``text`` as "host" to each person at ``table_id`` (`Lobby.notice`)."""
        self.lobby.notice(table_id, text)

    def heartbeat(self, now: float) -> None:
        """The time ``heartbeat_at`` named (or the host's start): pings, silent connections
        dropped, abandoned tables swept, held bots' moves let go (`Links.heartbeat`)."""
        self.now = now
        self.links.heartbeat()

    def advert_due(self, now: float) -> None:
        """The time ``advert_at`` named: the LAN's record, if it changed (`Advert.due`)."""
        self.now = now
        self.advert.due()

    def web_served(self, port: int | None) -> None:
        """The host serves the page on ``port`` (the LAN's record says so)."""
        self.advert.web_port = port

    def lobby_due(self, now: float) -> None:
        """The time the outbox's ``lobby_at`` named has come: the lobby's table list."""
        self.now = now
        self.lobby.due()

    def operate(self, line: str, now: float) -> str | None:
        """One line typed at the host's terminal (`hearts.net.console.operator_command`);
        the answer, or None to quit."""
        self.now = now
        return operator_command(self, line)

    def restore(self, data: Any, log_entries: list[list[Any]], log_cut: bool, now: float,
                where: str = "a saved table") -> Table | None:
        """Bring back a saved table (`Records.restore`)."""
        self.now = now
        return self.records.restore(data, log_entries, log_cut, where)

    def game_read(self, read: GameRead, answer: dict[str, Any] | None) -> None:
        """The host read the finished game a `GameRead` order asked for (None: it could
        not), for `Records.game_read` to answer."""
        self.records.game_read(read, answer)

    def files_found(self, ids: list[int]) -> None:
        """The save folder holds tables ``ids``: new tables take other numbers."""
        self.records.files_found(ids)

    def stop(self) -> None:
        """The host is stopping: every table is saved whole and every connection is told
        ``bye`` and closed; nothing closes or moves after."""
        self.stopping = True
        self.records.save_all()
        for conn in self.sessions.open_conns():
            self.out.messages.append((conn, {"type": "bye",
                                             "reason": T_("the host is shutting down")}))
            self.out.hang_up.append(conn)

    def take(self) -> Outbox:
        """The decisions since the last call, and a fresh outbox (`News.take`)."""
        return self.news.take()

    # -- what the host and the console ask ----------------------------------------------------
    @property
    def connections(self) -> int:
        """How many connections are open."""
        return len(self.sessions.open_conns())

    def player_on(self, conn: ConnId) -> Player | None:
        """The player who said hello on ``conn`` (None before, or once replaced)."""
        return self.sessions.player_on(conn)

    def words_for(self, conn: ConnId) -> Translator:
        """The catalogue of ``conn``'s language (its hello's ``lang``; English before)."""
        return self.speech.words_for(conn)

    def said_for(self, conn: ConnId, msg: Any) -> Any:
        """``msg`` with every `Text` in it said in ``conn``'s language."""
        return self.speech.said_for(conn, msg)

    def tables_message(self, now: float | None = None) -> TablesMessage:
        """The ``tables`` message: every table's public line."""
        return self.lobby.tables_message(now)

    def dispatch(self, player: Player, msg: ClientMessage) -> None:
        """Carry out one checked intent for ``player``; raises `NetError` when refused."""
        self.intents.dispatch(player, msg)

    def handled(self) -> frozenset[str]:
        """The intent types this core carries out (hello, ping and pong in `handle`)."""
        return self.intents.handled()

    def say_in_lobby(self, player: Player, text: str) -> None:
        """``player``'s lobby chat line, after the chat rate guards."""
        self.lobby.say(player, text)

    def kicked(self, table: Table, victim_token: str) -> None:
        """Tell a kicked player, and forget it if it is gone."""
        self.lobby.kicked(table, victim_token)

    def maybe_close(self, table: Table, keep_save: bool = False) -> None:
        """Close ``table`` if nobody is left at it."""
        self.lobby.maybe_close(table, keep_save)

    def announce(self, text: str, table_id: int | None = None) -> int:
        """Say ``text`` as "host" at one table, or everywhere; how many tables."""
        return self.lobby.announce(text, table_id)

    def operator_kick(self, table: Table, seat: int) -> None:
        """Kick the person in ``seat`` with the owner's power."""
        self.lobby.operator_kick(table, seat)

    def operator_end(self, table: Table) -> None:
        """End ``table``'s game with the owner's power."""
        self.lobby.operator_end(table)

    def close_table(self, table_id: int, reason: str) -> None:
        """Send everyone away from a table and remove it (and its save)."""
        self.lobby.close_table(table_id, reason)


__all__ = ["ACTION_CHANGES", "BotTurn", "ConnId", "Outbox", "Outgoing", "Player", "Save",
           "ServerCore", "bot_action", "hint_position"]
