"""The client application: window, main loop, screens, global shortcuts and the network.

The main loop draws at up to 60 frames a second while something animates and otherwise
sleeps until input or a host message arrives (idle CPU near zero). The network runs in a background thread (`connection.Connection`); its messages
reach this thread through a queue and a posted ``NET_EVENT`` that wakes the loop.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from pathlib import Path
from typing import Any, Callable

import pygame

from net.mirror import Mirror, MirrorReader

from . import theme
from . import widgets as w
from .connection import Connection
from .dialog import Dialog, MessageDialog
from .screen import Screen
from . import saved_game
from .saved_game import SavedGame
from .settings import Settings

log = logging.getLogger(__name__)

NET_EVENT = pygame.event.custom_type()
IDLE_WAIT_MS = 1000         # longest sleep when nothing moves (turn clocks tick in seconds)
BACKLOG_STEPS = 24          # host messages wait while the table has this many animations queued
MAX_HOLD_SECONDS = 3.0
IDLE_POLL = 0.012           # input latency while idle (under a frame at 60 Hz)
FPS = 60


class App:
    """The whole client. ``App().run()`` opens the main menu and returns the exit status.

    Screens call `send` (an intent to the host), `show` (switch screen), `open_dialog`,
    and read `settings`, `session` (what the host told us) and `scale`.
    """

    def __init__(self, settings: Settings | None = None, size: tuple[int, int] | None = None,
                 settings_path: Path | None = None, discover: bool = True,
                 discovery_interfaces: list[str] | None = None, save_games: bool = False) -> None:
        # Games against bots are saved and offered back (`hearts play` turns it on; tests
        # and benchmarks leave the player's saved game alone).
        self.save_games = save_games
        self.settings_path = settings_path
        self.settings = settings if settings is not None else Settings.load(settings_path)
        if size is not None:
            self.settings.window = (size[0], size[1])
        self.started = time.perf_counter()
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(350, 40)
        pygame.display.set_caption("Hearts")
        self._shown_caption = "Hearts"
        self.surface = pygame.display.set_mode(self.settings.window, pygame.RESIZABLE)
        self.discover = discover
        self.discovery_interfaces = discovery_interfaces
        self.running = True
        self.exit_status = 0
        self.clock = pygame.time.Clock()
        self.inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._wake = threading.Event()
        self.net = Connection(self._post)
        from hearts.playerkey import load_key
        self.net.key = load_key()
        self.net.start()
        self.session = Session()
        self.dialogs: list[Dialog] = []
        self.banner = ""            # connection trouble, shown until it clears
        self.toast = ""             # a short notice (errors), fades after a few seconds
        self.toast_until = 0.0
        self.record_frames = False          # benchmark: keep (seconds of work, animating)
        self.frame_times: list[tuple[float, bool]] = []
        self.first_frame_at: float | None = None
        self.hands_scored = 0
        self.exit_after_hands: int | None = None
        self.screenshot_path: str | None = None
        self.message_hooks: list[Callable[[dict[str, Any]], None]] = []
        self._after_welcome: list[dict[str, Any]] = []
        self._holding_since: float | None = None
        self.local_addresses: list[str] = []     # where others join our LAN host
        self.local_web: list[str] = []           # ...and where browsers do (QR in the lobby)
        self._after_host: Callable[[int], None] | None = None
        self._demo_port = 0
        from .console import Console
        self.console = Console(self)
        self._apply_volume()
        self.screen: Screen = self.main_menu()
        self.screen.resize(self.size)
        self._dirty = True

    # -- geometry ---------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    @property
    def scale(self) -> float:
        """Size of the interface relative to a 1280x800 window, times the UI-scale setting."""
        wdt, hgt = self.size
        return max(0.6, min(2.0, min(wdt / 1280, hgt / 800))) * self.settings.ui_scale

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(theme.background(self.settings.background, surface.get_size()), (0, 0))

    # -- screens and dialogs ------------------------------------------------------------------
    def show(self, screen: Screen) -> None:
        """Switch to ``screen`` (closing any dialog)."""
        self.dialogs.clear()
        if hasattr(self, "screen") and self.screen is not screen:
            self.screen.on_hide()
        self.screen = screen
        screen.resize(self.size)
        self._dirty = True

    def main_menu(self) -> Screen:
        from .menu import MainMenu
        return MainMenu(self)

    def open_dialog(self, dialog: Dialog) -> None:
        dialog.layout(self.size)
        self.dialogs.append(dialog)
        self._dirty = True

    def close_dialog(self, dialog: Dialog) -> None:
        if dialog in self.dialogs:
            self.dialogs.remove(dialog)
        self._dirty = True

    def message(self, title: str, text: str,
                buttons: dict[str, Callable[[], Any] | None] | None = None,
                default: str | None = None) -> MessageDialog:
        """Show a message dialog; ``default`` names the button Enter presses (the first)."""
        d = MessageDialog(self, title, text, buttons, default)
        d.open()
        return d

    def redraw(self) -> None:
        """Draw the next frame without waiting for input (something changed)."""
        self._dirty = True

    def notify(self, text: str, seconds: float = 4.0) -> None:
        """A short notice at the top of the window."""
        self.toast = text
        self.toast_until = time.monotonic() + seconds
        self._dirty = True

    def apply_settings(self, new: Settings) -> None:
        """Take new settings at once (window size, looks); screens re-layout."""
        old = self.settings
        self.settings = new
        self._apply_volume()
        if tuple(new.window) != tuple(old.window) and tuple(new.window) != self.size:
            self.surface = pygame.display.set_mode(new.window, pygame.RESIZABLE)
        self._resized()

    def _apply_volume(self) -> None:
        from . import sounds
        sounds.shared().volume = self.settings.volume

    def save_settings(self) -> None:
        try:
            self.settings.save(self.settings_path)
        except OSError as e:
            self.notify(f"Settings not saved: {e.strerror or e}.")

    # -- network ------------------------------------------------------------------------------
    def _post(self, kind: str, payload: Any) -> None:
        """Called from the network thread."""
        self.inbox.put((kind, payload))
        self._wake.set()
        try:
            pygame.event.post(pygame.event.Event(NET_EVENT))
        except pygame.error:  # display closed while shutting down
            pass

    def send(self, message: dict[str, Any]) -> None:
        """Queue an intent for the host."""
        self.net.send(message)

    def connect(self, address: str, port: int, mode: str = "join",
                token: str | None = None) -> None:
        """Connect to a host (``token``: take back the seat it names); the lobby (or
        table) follows the host's answer."""
        self.session = Session(mode=mode, address=address, port=port)
        self.console.clear()
        self.net.connect(address, port, self.settings.name, token)
        from .lobby import ConnectingScreen
        self.show(ConnectingScreen(self, f"Connecting to {address}:{port}…"))

    def disconnect(self) -> None:
        """Leave the host (and stop an in-process one) and return to the main menu."""
        self.net.disconnect()
        self.net.call(self.net.stop_host())
        self._after_host = None          # a cancelled start: ignore its late answer
        self._after_welcome = []
        self._demo_port = 0
        self.local_addresses = []
        self.session = Session()
        self.banner = ""
        self.connection_dialog = None
        self.show(self.main_menu())

    def start_host(self, bind: str, port: int, then: Callable[[int], None],
                   advertise: bool = False, **options: Any) -> None:
        """Start a host in this process; ``then(port)`` runs once it listens."""
        self._after_host = then
        self.net.start_host(bind, port, advertise, self.discovery_interfaces, **options)

    def play_against_bots(self, rules: dict[str, Any] | None = None, seed: int | None = None,
                          demo: bool = False, resume: SavedGame | None = None) -> None:
        """A host on 127.0.0.1 (ephemeral port), a table with three bots, and start.

        ``demo``: four bots play and this client watches. Otherwise the host saves the
        game under `saved_game.save_dir` (a new game replaces the old save); ``resume``
        continues a saved one, taking its seat back with its token.
        """
        level = self.settings.bot_level
        if rules is None and not demo and self.settings.bot_rules:
            rules = dict(self.settings.bot_rules)     # the rules of the last game vs bots
        options: dict[str, Any] = {"name": "Bots", "bot_level": level}
        if seed is not None:
            options["seed"] = seed
        if demo:
            self._demo_port = 0

            def dealt(port: int) -> None:
                self._demo_port = port
                self.net.deal_demo(port, rules, level)
            # Four bots think nonstop in a demo: a child process keeps them off our GIL.
            self._after_host = dealt
            self.net.start_host_process(**options)
        else:
            if self.save_games:
                options["save_dir"] = str(saved_game.save_dir())
                if resume is None:
                    self._forget_saved_game()
            steps: list[dict[str, Any]] = []
            if resume is None:
                table: dict[str, Any] = {"type": "create_table", "name": "Bots", "seat": 0}
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
        self.show(ConnectingScreen(self, "Dealing…" if resume is None else "Dealing your game…"))

    _resuming = False

    def _forget_saved_game(self) -> None:
        try:
            saved_game.forget()
        except OSError as e:
            log.warning("the old saved game was not removed: %s", e)

    def host_lan_game(self, port: int = 7895, bind: str = "0.0.0.0",
                      advertise: bool = True) -> None:
        """Host for the LAN in this process (advertised), connect to it, show its lobby."""
        def connected(actual: int) -> None:
            self.connect("127.0.0.1", actual, mode="lan-host")
        self.start_host(bind, port, connected, advertise=advertise,
                        name=f"{self.settings.name}'s host", bot_level=self.settings.bot_level,
                        web_port=7896)
        from .lobby import ConnectingScreen
        self.show(ConnectingScreen(self, "Starting the host…"))

    def _table_backlog(self) -> int:
        """Animation steps the screen still has to play (0 for screens that do not queue)."""
        return self.screen.backlog()

    def _drain_network(self) -> None:
        while True:
            if self._table_backlog() > BACKLOG_STEPS and not self.inbox.empty():
                # Let the table play what it has first (bots can run hands ahead), but
                # never hold messages for long.
                now = time.monotonic()
                if self._holding_since is None:
                    self._holding_since = now
                if now - self._holding_since < MAX_HOLD_SECONDS:
                    return
            self._holding_since = None
            try:
                kind, payload = self.inbox.get_nowait()
            except queue.Empty:
                return
            self._dirty = True
            try:
                self._on_network(kind, payload)
            except Exception:  # a bad message must not kill the window
                log.exception("while handling %s", kind)

    def _on_network(self, kind: str, payload: Any) -> None:
        if kind == "message":
            self._on_message(payload)
        elif kind == "state":
            self._on_state(payload)
        elif kind == "hosts":
            self.screen.on_hosts(payload["hosts"], payload.get("error"))
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
            self.show(self.main_menu())
            self.message("No host", payload["text"])

    def _on_state(self, state: dict[str, Any]) -> None:
        s = state["state"]
        was = self.session.state
        self.session.state = s
        if s == "connected":
            self.banner = ""
            self._connection_trouble(None)
            resuming, self._resuming = self._resuming, False
            if resuming and not state.get("resumed", True):
                self.disconnect()
                self.message("Game not continued", "The saved game could not be brought "
                             "back; Play against bots deals a new one.")
            elif not state.get("first", True) and not state.get("resumed", True):
                self._seat_lost()
        elif s in ("lost", "closed") and self.session.mode is not None \
                and (was != "connecting" or self.connection_dialog is not None):
            self.banner = ""
            self._connection_trouble(state.get("text") or "The connection to the host was lost.",
                                     int(state.get("attempt") or 0), gave_up=s == "closed")
        elif s == "failed":
            self.banner = ""
            self._connection_trouble(None)
            self.show(self.main_menu())
            self.message("Could not connect", state.get("text") or "The host did not answer.")

    connection_dialog: Any = None

    def _connection_trouble(self, text: str | None, attempt: int = 0,
                            gave_up: bool = False) -> None:
        """Show (or, with None, clear) the lost connection: a modal dialog with the reason,
        the attempt and Leave, and the table greyed (``TableScreen.set_disconnected``)."""
        from .dialog import ConnectionDialog
        d = self.connection_dialog
        if text is None:
            if d is not None:
                d.close()
            self.connection_dialog = None
        else:
            if d is None or d not in self.dialogs:
                d = self.connection_dialog = ConnectionDialog(self)
                d.open()
            d.set_state(text, attempt, gave_up)
        grey = getattr(self.screen, "set_disconnected", None)
        if grey is not None:
            grey(text)

    def retry_connection(self) -> None:
        """Try the same host again with our seat token (after the client gave up)."""
        sess = self.session
        self.net.connect(sess.address, sess.port, self.settings.name, self.net.token)

    def _seat_lost(self) -> None:
        """Reconnected as a new player (the host restarted without our table)."""
        sess = self.session
        if sess.table is None:
            return
        name = sess.table.name or "your table"
        sess.mirror.feed({"type": "left"})
        text = f"The table “{name}” no longer exists: the host restarted without it."
        if sess.mode in ("bots", "demo"):
            self.disconnect()
            self.message("Game lost", text)
        else:
            self.show(self._lobby())
            self.message("Table gone", text)

    def _lobby(self) -> Screen:
        from .lobby import LobbyScreen
        return LobbyScreen(self)

    def _on_message(self, msg: dict[str, Any]) -> None:
        t = msg.get("type")
        sess = self.session
        before = sess.table
        old_rules = before.rules if before is not None else None
        table_name = before.name if before is not None else ""
        sess.mirror.feed(msg)
        if t == "update" and old_rules is not None:
            self._rules_notice(msg, old_rules)
        if t == "welcome":
            sess.name = msg.get("name", self.settings.name)
            sess.host_name = msg.get("host", "")
            for step in self._after_welcome:
                self.send(step)
            if self._after_welcome:
                sess.expect_table = True
            self._after_welcome = []
        elif t == "tables":
            if not sess.expect_table and not self._at_table():
                self._show_lobby()
        elif t == "table":
            sess.expect_table = False
            if not self._at_table():
                self._show_table()
        elif t == "update":
            for change in msg.get("events") or ():
                self._on_change(change)
        elif t == "left":
            if sess.mode in ("bots", "demo"):
                self.disconnect()
            else:
                self._show_lobby()
                self.send({"type": "list_tables"})
                if msg.get("reason") == "kicked":
                    where = f"“{table_name}”" if table_name else "the table"
                    self.message("Removed from the table",
                                 f"The owner of {where} removed you from it. You can sit at "
                                 "another table; only that owner can let you back.")
        elif t == "error":
            self.notify(msg.get("message") or "The host refused that.")
        elif t == "bye":
            self.banner = msg.get("reason") or "The host is closing."
        self.console.on_message(msg)
        for d in list(self.dialogs):
            d.on_message(msg)
        self.screen.on_message(msg)
        for hook in list(self.message_hooks):
            hook(msg)

    def _rules_notice(self, msg: dict[str, Any], old_rules: Any) -> None:
        """Someone changed the rules: each change in the console, and (when it was someone
        else) a notice at the table."""
        from hearts.engine import Rules, RulesError
        from net import words
        tbl = self.session.table
        if tbl is None:
            return
        voice = words.Voice(tbl, self.session.seat)
        for change in msg.get("events") or ():
            if not isinstance(change, dict) or change.get("type") != "rules_changed":
                continue
            lines = words.rules_changed_lines(voice, change, old_rules)
            text = words.rules_changed_notice(voice, change, old_rules)
            try:
                old_rules = Rules.from_dict(change.get("rules") or {})
            except RulesError:
                continue
            if not lines or text is None:
                continue
            self.console.rules_changed(lines)
            if change.get("by") == self.session.name:
                continue                 # our own change: the dialog showed it
            notify = getattr(self.screen, "notify", None)
            if notify is not None:
                notify(text)
            else:
                self.notify(text, 8)

    def _on_change(self, change: dict[str, Any]) -> None:
        t = change.get("type")
        if t == "hand_scored":
            self.hands_scored += 1
            if self.exit_after_hands is not None and self.hands_scored >= self.exit_after_hands:
                self._exit_soon = time.monotonic() + 0.4
        elif t == "rules_changed" and self.session.mode == "bots" and self.session.owner:
            self._remember_bot_rules(change.get("rules"))

    _exit_soon: float | None = None

    def _remember_bot_rules(self, rules: dict[str, Any] | None) -> None:
        """The next game against bots starts with the rules chosen for this one."""
        from hearts.engine import Rules, RulesError
        try:
            changes = Rules.from_dict(rules or {}).changes()
        except RulesError:
            return
        if changes != self.settings.bot_rules:
            self.settings.bot_rules = changes
            self.save_settings()

    def _at_table(self) -> bool:
        from .lobby import LobbyScreen
        return self.session.table is not None and not isinstance(
            self.screen, LobbyScreen) and self.screen.is_table

    def _show_lobby(self) -> None:
        from .lobby import LobbyScreen
        if isinstance(self.screen, LobbyScreen):
            return
        self.show(LobbyScreen(self))

    def _show_table(self) -> None:
        from .table import TableScreen
        self.show(TableScreen(self))

    # -- shortcuts ----------------------------------------------------------------------------
    def _shortcut(self, event: pygame.event.Event) -> bool:
        ctrl = event.mod & pygame.KMOD_CTRL
        k = event.key
        if ctrl and k == pygame.K_q:
            self.request_quit()
            return True
        if ctrl and k == pygame.K_s:
            self.toggle_sounds()
            return True
        if ctrl and k == pygame.K_n:
            self.new_game()
            return True
        if k == pygame.K_F1:
            self.show_rules()
            return True
        form = self.screen.form
        typing = form is not None and isinstance(form.focused, w.TextInput)
        if event.unicode == "?" and not typing:
            from .seat_menu import KeysDialog
            KeysDialog(self).open()
            return True
        if k == pygame.K_F11:
            pygame.display.toggle_fullscreen()
            return True
        if self.session.mode is not None and not typing and self.console.wants_toggle(event):
            self.console.toggle(event.unicode)
            return True
        if k == pygame.K_ESCAPE and self.session.table is not None and self._at_table():
            from .seat_menu import TableMenu
            TableMenu(self).open()
            return True
        return False

    def toggle_sounds(self) -> None:
        self.settings.sounds = not self.settings.sounds
        self.save_settings()
        self.notify("Sounds on" if self.settings.sounds else "Sounds off", 1.5)

    def new_game(self) -> None:
        """Ctrl-N: a new game at this table (owner), else a new game against bots."""
        sess = self.session
        tbl = sess.table
        if tbl is not None and sess.owner:
            def restart() -> None:
                if tbl.state in ("playing", "paused"):
                    self.send({"type": "command", "text": "/end now"})
                self.send({"type": "start"})
            if tbl.state in ("playing", "paused"):
                self.message("New game", "End this game and deal a new one?",
                             {"New game": restart, "Keep playing": None}, default="Keep playing")
            else:
                restart()
        elif tbl is None and sess.mode is None:
            play = getattr(self.screen, "play", None)       # the menu asks about a saved game
            play() if callable(play) else self.play_against_bots()
        elif tbl is None and sess.state == "connected":
            from .lobby import CreateTableDialog
            CreateTableDialog(self).open()
        else:
            self.notify("Only the table's owner can start a new game.")

    def show_rules(self) -> None:
        """F1: the table's rules (editable by the owner), else the rules of the game."""
        from .rules_dialog import RulesDialog
        tbl = self.session.table
        if tbl is not None:
            RulesDialog(self, tbl.rules.to_dict(), editable=self.session.owner,
                        locked=tbl.state in ("playing", "paused")).open()
        else:
            RulesDialog(self, {}, editable=False, title="Rules (standard)").open()

    _window_closed = False           # the last event was the window's close button

    def quit(self) -> None:
        self.running = False

    def _in_game(self) -> bool:
        """We hold a seat in a game that is being played (leaving it loses something)."""
        tbl = self.session.table
        return tbl is not None and self.session.seat is not None \
            and tbl.state in ("playing", "paused") and self.session.mode != "demo"

    def _confirm(self, title: str, text: str, go: str, action: Callable[[], Any]) -> None:
        """Ask before ``action``; "Keep playing" is the focused default (Enter keeps you)."""
        if any(isinstance(d, MessageDialog) and d.title == title for d in self.dialogs):
            action()                     # asked twice (Ctrl-Q, Ctrl-Q): the answer is yes
            return
        self.message(title, text, {go: action, "Keep playing": None}, default="Keep playing")

    def request_quit(self) -> None:
        """Ctrl-Q or closing the window: quit, after asking when a game is running."""
        if not self._in_game():
            self.quit()
        elif self.session.mode == "bots" and self.save_games:
            self._confirm("Quit", "Quit Hearts? This game is saved: the main menu offers it "
                          "back next time.", "Quit", self.quit)
        else:
            self._confirm("Quit", "Quit Hearts? You leave this game and a bot takes your "
                          "seat.", "Quit", self.quit)

    def leave_table(self) -> None:
        """Leave the table (a game against bots: back to the menu), asking first when a
        game is running."""
        def leave() -> None:
            if self.session.mode in ("bots", "demo"):
                self.disconnect()
            else:
                self.send({"type": "leave"})
        if not self._in_game():
            leave()
        elif self.session.mode == "bots":
            self._confirm("Leave the game", "Leave this game? " + (
                "It is saved: Continue your game on the main menu brings it back."
                if self.save_games else "It ends here."), "Leave", leave)
        else:
            self._confirm("Leave the game", "Leave this game? A bot takes your seat; you can "
                          "sit again between games.", "Leave", leave)

    # -- main loop -------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        if self.screen.animating or any(getattr(d, "animating", False) for d in self.dialogs):
            return True
        return bool(self.toast) or self._exit_soon is not None

    def dispatch(self, event: pygame.event.Event) -> None:
        """Route one pygame event: dialogs, console, shortcuts, then the screen."""
        t = event.type
        if t == pygame.WINDOWCLOSE:        # the close button: SDL posts QUIT right after
            self._window_closed = True
            return
        if t == pygame.QUIT:
            # After the close button: ask, as Ctrl-Q does. A QUIT alone is a signal (SIGTERM,
            # Ctrl-C in the terminal, the session ending): quit at once; a game against bots
            # is saved after every move, so nothing is lost.
            if self._window_closed:
                self._window_closed = False
                self.request_quit()
            else:
                self.quit()
            return
        if t == NET_EVENT:
            return  # the inbox is drained every frame
        if t in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._resized()
            return
        if t in (pygame.WINDOWEXPOSED, pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED):
            self._dirty = True
            return
        if t not in (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.MOUSEBUTTONDOWN,
                     pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            return
        self._dirty = True
        if self.dialogs:
            if t == pygame.KEYDOWN and event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
                self.request_quit()
                return
            self.dialogs[-1].handle_event(event)
            return
        if self.console.visible and self.console.handle_event(event):
            return
        if t == pygame.KEYDOWN and self._shortcut(event):
            return
        self.screen.handle_event(event)

    def _resized(self) -> None:
        self.surface = pygame.display.get_surface() or self.surface
        size = self.size
        self.screen.resize(size)
        self.console.resize(size)
        for d in self.dialogs:
            d.layout(size)
        self._dirty = True

    def _idle_wait(self, seconds: float) -> list[pygame.event.Event]:
        """Sleep until input, a host message or ``seconds`` pass.

        Not ``pygame.event.wait``: SDL implements its timeout by polling every
        millisecond on some video drivers (3% of a core doing nothing). Input is looked
        at every IDLE_POLL seconds; the network thread wakes us at once.
        """
        end = time.monotonic() + seconds
        while True:
            events = pygame.event.get()
            if events or not self.inbox.empty():
                return events
            left = end - time.monotonic()
            if left <= 0:
                return []
            self._wake.wait(min(IDLE_POLL, left))
            self._wake.clear()

    def step(self) -> None:
        """One turn of the main loop: wait or tick, handle events, update, draw."""
        if self.animating or self._dirty or not self.inbox.empty():
            events = pygame.event.get()
        else:
            events = self._idle_wait(IDLE_WAIT_MS / 1000)
        moving = self.animating
        # Cap the step while things move (no jumps after a stall); idle clocks run true.
        dt = min(0.1 if moving else 1.0, self.clock.tick(FPS if moving else 0) / 1000)
        start = time.perf_counter()
        for e in events:
            self.dispatch(e)
        self._drain_network()
        self.screen.update(dt)
        for d in list(self.dialogs):
            d.update(dt)
        self.console.update(dt)
        if self.toast and time.monotonic() > self.toast_until:
            self.toast = ""
        self.draw()
        self._dirty = False
        if self.record_frames:
            self.frame_times.append((time.perf_counter() - start, moving))
        if self._exit_soon is not None and time.monotonic() >= self._exit_soon:
            self.quit()

    def _caption(self) -> str:
        sess = self.session
        if sess.table is not None:
            where = sess.table.name or "Table"
            if sess.seat is None:
                where += " (watching)"
            return f"Hearts — {where}"
        if sess.mode in ("join", "lan-host") and sess.host_name:
            return f"Hearts — {sess.host_name}"
        return "Hearts"

    def draw(self) -> None:
        caption = self._caption()
        if caption != self._shown_caption:
            pygame.display.set_caption(caption)
            self._shown_caption = caption
        surface = self.surface
        self.screen.draw(surface)
        if self.session.mode is not None:      # open, or its recent lines and unread badge
            self.console.draw(surface)
        for d in self.dialogs:
            d.draw(surface)
        self._draw_notices(surface)
        pygame.display.flip()
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()

    def _draw_notices(self, surface: pygame.Surface) -> None:
        """The banner and the toast at the top, centred, wrapped (never cut)."""
        s = self.scale
        y = int(8 * s)
        size = int(18 * s)
        f = w.font(size, True)
        for text, colour in ((self.banner, (150, 40, 30)), (self.toast, (40, 48, 60))):
            if not text:
                continue
            room = min(surface.get_width() - 40, int(900 * s))
            lines = w.wrap(text, f, room - int(40 * s))
            width = max(f.size(line)[0] for line in lines) + int(40 * s)
            line_h = f.get_linesize()
            r = pygame.Rect(0, y, width, line_h * len(lines) + int(16 * s))
            r.centerx = surface.get_width() // 2
            w.panel(surface, r, alpha=235, colour=colour, edge=(230, 230, 230))
            ty = r.top + int(8 * s)
            for line in lines:
                w.text(surface, line, (r.centerx, ty), size, bold=True, anchor="midtop")
                ty += line_h
            y = r.bottom + int(6 * s)

    def save_screenshot(self, path: str | Path) -> None:
        self.draw()
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.surface, str(path))

    def run(self) -> int:
        """Run until quit; returns the exit status."""
        try:
            while self.running:
                self.step()
        finally:
            self.close()
        return self.exit_status

    def close(self) -> None:
        """Save the window size, take the screenshot asked for, stop the network."""
        if self.screenshot_path:
            try:
                self.save_screenshot(self.screenshot_path)
            except (pygame.error, OSError) as e:
                log.warning("screenshot not saved: %s", e)
            self.screenshot_path = None
        size = self.size
        if size != tuple(self.settings.window) and size[0] >= 320 and size[1] >= 320:
            self.settings.window = size
            self.save_settings()
        self.net.close()


class Session(MirrorReader):
    """One connection's session: how we joined, and (in ``mirror``) what the host told us."""

    def __init__(self, mode: str | None = None, address: str = "", port: int = 0) -> None:
        self.mode = mode                # None (menu), "bots", "demo", "lan-host", "join"
        self.address = address
        self.port = port
        self.local_port: int | None = None
        self.state = "idle"
        self.name = ""
        self.host_name = ""
        self.mirror = Mirror()          # what the host told us: tables, our table and seat
        self.expect_table = False

