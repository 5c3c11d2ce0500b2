"""The client's link to a host: connecting, hosting in this process, playing against bots,
and what each host message changes in the app (screens, the console, dialogs).

The network runs in a background thread (`connection.Connection`); its messages reach
the app's thread through `Link.post`, a queue and a posted ``NET_EVENT`` that wakes the
main loop, which calls `Link.drain` every frame.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from typing import TYPE_CHECKING, Any, Callable

import pygame

from hearts.i18n import _
from hearts.net import words

from . import saved_game
from .saved_game import SavedGame
from .session import Session

if TYPE_CHECKING:
    from .shell import Shell
    from .dialog import ConnectionDialog
    from .screen import Screen

log = logging.getLogger(__name__)

NET_EVENT = pygame.event.custom_type()
DRAIN_BUDGET = 0.004        # seconds of a frame spent taking in host messages, at most


class Link:
    """The app's session with a host (see the module's doc). ``session`` is what the host
    told us; ``message_hooks`` see every host message after the app has."""

    def __init__(self, app: "Shell") -> None:
        self.app = app
        self.inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
        self.wake = threading.Event()
        self.session = Session()
        self.message_hooks: list[Callable[[dict[str, Any]], None]] = []
        self.local_addresses: list[str] = []     # where others join our LAN host
        self.local_web: list[str] = []           # ...and where browsers do (QR in the lobby)
        self.connection_dialog: ConnectionDialog | None = None
        self._after_welcome: list[dict[str, Any]] = []
        self._away: words.Away | None = None    # our seat as the link came back (words.away_mark)
        self._after_host: Callable[[int], None] | None = None
        self._demo_port = 0
        self._resuming = False
        self._left = False        # we left a host: what it sent before is still in the inbox
        self._remember: str | None = None        # the typed address, kept once it answers

    def connect(self, address: str, port: int, mode: str = "join",
                token: str | None = None, remember: str | None = None) -> None:
        """Connect to a host (``token``: take back the seat it names); the lobby (or
        table) follows the host's answer. ``remember``: the address as typed, kept for
        next time once the host has answered (a bad one is never kept)."""
        self.session = Session(mode=mode, address=address, port=port)
        self._remember = remember
        self.app.console.clear()
        self.app.net.connect(address, port, self.app.settings.name, token)
        from .lobby import ConnectingScreen
        self.app.show(ConnectingScreen(self.app, _("Connecting to {address}…").format(
            address=f"{address}:{port}")))

    def disconnect(self) -> None:
        """Leave the host (and stop an in-process one) and return to the main menu."""
        self.app.net.disconnect()
        self._left = True
        self.app.net.call(self.app.net.stop_host())
        self._after_host = None          # a cancelled start: ignore its late answer
        self._after_welcome = []
        self._demo_port = 0
        self.local_addresses = []
        self.session = Session()
        self.app.banner = ""
        self.connection_dialog = None
        self.app.show(self.app.main_menu())

    def start_host(self, bind: str, port: int, then: Callable[[int], None],
                   advertise: bool = False, **options: Any) -> None:
        """Start a host in this process; ``then(port)`` runs once it listens."""
        self._after_host = then
        self.app.when_painted(lambda: self.app.net.start_host(
            bind, port, advertise, self.app.discovery_interfaces, **options))

    def play_against_bots(self, rules: dict[str, Any] | None = None, seed: int | None = None,
                          demo: bool = False, resume: SavedGame | None = None) -> None:
        """A host on 127.0.0.1 (ephemeral port), a table with three bots, and start.

        ``demo``: four bots play and this client watches. Otherwise the host saves the
        game under `saved_game.save_dir` (a new game replaces the old save); ``resume``
        continues a saved one, taking its seat back with its token.
        """
        level = self.app.settings.bot_level
        if rules is None and not demo and self.app.settings.bot_rules:
            rules = dict(self.app.settings.bot_rules)     # the rules of the last game vs bots
        options: dict[str, Any] = {"name": _("Bots"), "bot_level": level}
        if seed is not None:
            options["seed"] = seed
        if demo:
            self._demo_port = 0

            def dealt(port: int) -> None:
                self._demo_port = port
                self.app.net.deal_demo(port, rules, level)
            # Four bots think nonstop in a demo: a child process keeps them off our GIL.
            self._after_host = dealt
            self.app.when_painted(lambda: self.app.net.start_host_process(**options))
        else:
            if self.app.save_games:
                options["save_dir"] = str(saved_game.save_dir())
                if resume is None:
                    self._forget_saved_game()
            steps: list[dict[str, Any]] = []
            if resume is None:
                table: dict[str, Any] = {"type": "create_table", "name": _("Bots"), "seat": 0}
                if rules:
                    table["rules"] = rules
                steps = [table, *({"type": "bot", "seat": s, "level": level} for s in (1, 2, 3)),
                         {"type": "start"}]
            else:
                options["resume"] = True

            def connected(port: int) -> None:
                self._after_welcome = steps
                self.connect("127.0.0.1", port, mode="bots",
                             token=resume.token if resume is not None else None)
                self.session.expect_table = True
                self._resuming = resume is not None
            self.start_host("127.0.0.1", 0, connected, **options)
        from .lobby import ConnectingScreen
        self.app.show(ConnectingScreen(self.app, _("Dealing…") if resume is None
                                       else _("Dealing your game…")))

    def _forget_saved_game(self) -> None:
        try:
            saved_game.forget()
        except OSError as e:
            log.warning("the old saved game was not removed: %s", e)

    def host_lan_game(self, port: int = 7895, bind: str = "0.0.0.0",
                      advertise: bool = True, web_port: int = 7896) -> None:
        """Host for the LAN in this process (advertised), connect to it, show its lobby
        (the page on ``web_port``; 0: any free port, as when the usual ones are taken)."""
        def connected(actual: int) -> None:
            self.connect("127.0.0.1", actual, mode="lan-host")
        options: dict[str, Any] = {}
        if self.app.save_games:      # the finished games stay for the leaderboard's all time
            options["history_dir"] = str(saved_game.data_dir() / "lan-games")
        self.start_host(bind, port, connected, advertise=advertise,
                        name=host_title(self.app.settings.name),
                        bot_level=self.app.settings.bot_level, web_port=web_port, **options)
        from .lobby import ConnectingScreen
        self.app.show(ConnectingScreen(self.app, _("Starting the host…")))

    def drain(self, budget: float = DRAIN_BUDGET) -> None:
        """Take the host messages that arrived, for at most ``budget`` seconds of this
        frame (the rest wait for the next frames: a racing host does not stall drawing).
        The table screen plays them back at its own pace: the session is the host's
        state, the table the state shown."""
        end = time.perf_counter() + budget
        while time.perf_counter() < end:
            try:
                kind, payload = self.inbox.get_nowait()
            except queue.Empty:
                return
            self.app.redraw()
            try:
                self._on_network(kind, payload)
            except Exception:  # a bad message must not kill the window
                log.exception("while handling %s", kind)

    def _on_network(self, kind: str, payload: Any) -> None:
        if kind == "session_over":
            self._left = False
            return
        if self._left and kind in ("message", "state"):
            return                  # from the host we left (a late "table" would seat us again)
        if kind == "message":
            self._on_message(payload)
        elif kind == "state":
            self._on_state(payload)
        elif kind == "hosts":
            self.app.screen.on_hosts(payload["hosts"], payload.get("error"))
        elif kind == "host_started":
            self.session.local_port = payload["port"]
            self.local_addresses = list(payload.get("addresses") or [])
            self.local_web = list(payload.get("web") or [])     # the browser client's URLs
            then, self._after_host = self._after_host, None
            if then:
                then(payload["port"])
        elif kind == "demo_table" and self._demo_port:
            self._after_welcome = [{"type": "watch", "table": payload["table"]}]
            self.connect("127.0.0.1", self._demo_port, mode="demo")
        elif kind == "host_failed" and (self._after_host or self._demo_port):
            self._after_host = None
            self._demo_port = 0
            self.app.show(self.app.main_menu())
            self.app.message(_("No host"), payload["text"])

    def _on_state(self, state: dict[str, Any]) -> None:
        s = state["state"]
        was = self.session.state
        self.session.state = s
        if s == "connected":
            self.app.banner = ""
            if self._remember:
                self.app.settings.last_address, self._remember = self._remember, None
                self.app.save_settings()
            self._connection_trouble(None)
            resuming, self._resuming = self._resuming, False
            if resuming and not state.get("resumed", True):
                self.disconnect()
                self.app.message(_("Game not continued"), _("The saved game could not be brought "
                             "back; Play against bots deals a new one."))
        elif s in ("lost", "closed") and self.session.mode is not None \
                and (was != "connecting" or self.connection_dialog is not None):
            self.app.banner = ""
            self._connection_trouble(state.get("text") or _("The connection to the host was lost."),
                                     int(state.get("attempt") or 0), gave_up=s == "closed")
        elif s == "failed":
            self.app.banner = ""
            self._connection_trouble(None)
            self.app.show(self.app.main_menu())
            self.app.message(_("Could not connect"),
                             state.get("text") or _("The host did not answer."))

    def _connection_trouble(self, text: str | None, attempt: int = 0,
                            gave_up: bool = False) -> None:
        """Show (or, with None, clear) the lost connection: a modal dialog with the reason,
        the attempt and Leave, and the table greyed (``TableScreen.set_disconnected``)."""
        from .dialog import ConnectionDialog
        d = self.connection_dialog
        if text is None:
            if d is not None and d in self.app.dialogs:
                d.close()
                self.app.quiet_keys()          # it closed by itself: keys meant for it wait
            self.connection_dialog = None
        else:
            if d is None or d not in self.app.dialogs:
                d = self.connection_dialog = ConnectionDialog(self.app)
                d.open()
            d.set_state(text, attempt, gave_up)
        grey = getattr(self.app.screen, "set_disconnected", None)
        if grey is not None:
            grey(text)

    def retry_connection(self) -> None:
        """Try the same host again with our seat token (after the client gave up)."""
        sess = self.session
        self.app.net.connect(sess.address, sess.port, self.app.settings.name, self.app.net.token)

    def _table_gone(self) -> None:
        """Reconnected, and the host did not put us back at our table (it restarted without
        it, or the table closed meanwhile): say so, and show the lobby."""
        sess = self.session
        gone = sess.mirror.gone
        if gone is None:
            return
        sess.mirror.gone = None
        text = words.table_gone_line(words.Voice(gone, gone.my_seat), gone.name or _("your table"),
                                     sess.mirror.gone_restart)
        if sess.mode in ("bots", "demo"):
            self.disconnect()
            self.app.message(_("Game lost"), text)
        else:
            self.app.show(self._lobby())
            self.app.message(_("Table gone"), text)

    def _say_away(self) -> None:
        """Back at the table: what a bot played for us meanwhile (the page and the text
        client say the same, `words.away_lines`), as a notice and in the console."""
        away, self._away = self._away, None
        info = self.session.table
        if away is None or info is None:
            return
        lines = words.away_lines(words.Voice(info, info.my_seat), away,
                                 words.away_mark(info, self.session.mirror.view).played)
        if lines:
            self.app.notify(" ".join(lines), 10.0)
            for line in lines:
                self.app.console.add(line)

    def _lobby(self) -> Screen:
        from .lobby import LobbyScreen
        return LobbyScreen(self.app)

    def _on_message(self, msg: dict[str, Any]) -> None:
        t = msg.get("type")
        sess = self.session
        before = sess.table
        old_rules = before.rules if before is not None else None
        table_name = before.name if before is not None else ""
        steps = sess.mirror.feed(msg)
        if t == "update" and old_rules is not None:
            self._rules_notice(msg, old_rules)
        if t == "welcome":
            self._table_gone()
            if sess.table is not None and sess.table.my_seat is not None:   # back at our seat
                self._away = words.away_mark(sess.table, sess.mirror.view)
            sess.name = msg.get("name", self.app.settings.name)
            sess.host_name = msg.get("host", "")
            for step in self._after_welcome:
                self.app.send(step)
            if self._after_welcome:
                sess.expect_table = True
            self._after_welcome = []
        elif t == "tables":
            if not sess.expect_table and not self.at_table():
                self._show_lobby()
        elif t == "table":
            sess.expect_table = False
            self._say_away()
            if not self.at_table():
                self._show_table()
        elif t == "update":
            for change in msg.get("events") or ():
                self._on_change(change)
        elif t == "left":
            if sess.mode in ("bots", "demo"):
                self.disconnect()
            else:
                self._show_lobby()
                self.app.send({"type": "list_tables"})
                if msg.get("reason") == "kicked":
                    self.app.message(_("Removed from the table"), _(
                        "The owner of “{name}” removed you from it. You can sit at another "
                        "table; only that owner can let you back.").format(name=table_name)
                        if table_name else _(
                        "The owner of the table removed you from it. You can sit at another "
                        "table; only that owner can let you back."))
        elif t == "error":
            self.app.notify(msg.get("message") or _("The host refused that."))
        elif t == "bye":
            self.app.banner = msg.get("reason") or _("The host is closing.")
        self.app.console.on_message(msg)
        for d in list(self.app.dialogs):
            d.on_message(msg)
        self.app.screen.on_message(msg)
        if steps:
            self.app.screen.on_folded(steps)
        for hook in list(self.message_hooks):
            hook(msg)

    def _rules_notice(self, msg: dict[str, Any], old_rules: Any) -> None:
        """The rules changed: each change in the console, and a notice at the table (the
        waiting table too) for everyone, "You changed the rules: ..." for whoever did."""
        from hearts.engine import Rules, RulesError
        from hearts.net import words
        tbl = self.session.table
        if tbl is None:
            return
        voice = words.Voice(tbl, self.session.seat)
        for change in msg.get("events") or ():
            if not isinstance(change, dict) or change.get("type") != "rules_changed":
                continue
            mine = bool(self.session.name) and change.get("by") == self.session.name
            lines = words.rules_changed_lines(voice, change, old_rules, mine)
            text = words.rules_changed_notice(voice, change, old_rules, mine)
            try:
                old_rules = Rules.from_dict(change.get("rules") or {})
            except RulesError:
                continue
            if not lines or text is None:
                continue
            self.app.console.rules_changed(lines)
            notify = getattr(self.app.screen, "notify", None)
            if notify is not None:
                notify(text)
            else:
                self.app.notify(text, 8)

    def _on_change(self, change: dict[str, Any]) -> None:
        t = change.get("type")
        if t == "hand_scored":
            self.app.hands_scored += 1
            if self.app.exit_after_hands is not None and self.app.hands_scored >= self.app.exit_after_hands:
                self.app.exit_soon()

    def at_table(self) -> bool:
        from .lobby import LobbyScreen
        return self.session.table is not None and not isinstance(
            self.app.screen, LobbyScreen) and self.app.screen.is_table

    def _show_lobby(self) -> None:
        from .lobby import LobbyScreen
        if isinstance(self.app.screen, LobbyScreen):
            return
        self.app.show(LobbyScreen(self.app))

    def _show_table(self) -> None:
        from .table import TableScreen
        self.app.show(TableScreen(self.app))

    def post(self, kind: str, payload: Any) -> None:
        """Called from the network thread."""
        self.inbox.put((kind, payload))
        self.wake.set()
        try:
            pygame.event.post(pygame.event.Event(NET_EVENT))
        except pygame.error:  # display closed while shutting down
            pass


def host_title(name: str) -> str:
    """"Ann's host", the name a host started here goes by: whole within the host's limit
    for a host's name, which has room for it around any person's name (only a
    translation longer than every shipped one would shorten the name, with "…")."""
    from hearts.net.limits import Limits
    from hearts.net.names import graphemes
    limit = Limits().max_title
    title = _("{name}'s host").format(name=name)
    parts = graphemes(name)                 # shortened by what a reader sees as a letter
    while len(graphemes(title)) > limit and len(parts) > 1:
        parts.pop()
        title = _("{name}'s host").format(name="".join(parts).rstrip() + "…")
    return title


__all__ = ["Link", "NET_EVENT", "Session", "host_title"]
