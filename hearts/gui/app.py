"""The client application: the window, the main loop, the screens and dialogs.

The main loop draws at up to 60 frames a second while something animates and otherwise
sleeps until input or a host message arrives (idle CPU near zero). The app's other parts:
`Link` (link.py: the host, its messages and the session), `AppCommands` (commands.py:
quit, leave, new game... and the keys that ask them), `Console` (console.py: chat).
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import pygame

from hearts import i18n

from . import theme
from . import widgets as w
from .commands import AppCommands
from .dialog import Dialog, MessageDialog
from .link import NET_EVENT, Link
from .session import Session
from .screen import Screen
from .preferences import Settings

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from .connection import Connection

IDLE_WAIT_MS = 1000         # longest sleep when nothing moves (turn clocks tick in seconds)
IDLE_POLL = 0.02            # input latency while idle (about a frame at 60 Hz)
FPS = 60


class App:
    """The whole client. ``App().run()`` opens the main menu and returns the exit status.

    Screens call `send` (an intent to the host), `show` (switch screen), `open_dialog`,
    ``link`` (connect, host, play against bots), ``commands`` (leave, quit...), and read
    `settings`, `session` (what the host told us) and `scale`: what they may use is
    declared on `shell.Shell`, so that none of them imports this module.
    """

    def __init__(self, settings: Settings | None = None, size: tuple[int, int] | None = None,
                 settings_path: Path | None = None, discover: bool = True,
                 discovery_interfaces: list[str] | None = None, save_games: bool = False) -> None:
        # Games against bots are saved and offered back (`hearts play` turns it on; tests
        # and benchmarks leave the player's saved game alone).
        self.save_games = save_games
        self.settings_path = settings_path
        self.settings = settings if settings is not None else Settings.load(settings_path)
        i18n.set_language(self.settings.language or i18n.from_environment())
        if size is not None:
            self.settings.window = (size[0], size[1])
        self.started = time.perf_counter()
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(350, 40)
        self._shown_caption = i18n.pgettext("game", "Hearts")
        pygame.display.set_caption(self._shown_caption)
        self.surface = pygame.display.set_mode(self.settings.window, pygame.RESIZABLE)
        self.discover = discover
        self.discovery_interfaces = discovery_interfaces
        self.running = True
        self.exit_status = 0
        self.clock = pygame.time.Clock()
        self.link = Link(self)
        self.commands = AppCommands(self)
        self._net: Connection | None = None      # started on first need, or after the first frame
        self._painted = False
        self._after_paint: list[Callable[[], Any]] = []
        self.dialogs: list[Dialog] = []
        self.banner = ""            # connection trouble, shown until it clears
        self.toast = ""             # a short notice (errors), fades after a few seconds
        self.toast_until = 0.0
        self.record_frames = False          # benchmark: keep (seconds of work, animating)
        self.frame_times: list[tuple[float, bool]] = []
        self.hands_scored = 0
        self.exit_after_hands: int | None = None
        self.screenshot_path: str | None = None
        self._exit_soon: float | None = None     # a scripted run ends then
        self._window_closed = False              # the last event was the window's close button
        self._keys_quiet_until = 0.0             # keys meant for what just closed go nowhere
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
        if new.language != old.language:
            i18n.set_language(new.language or i18n.from_environment())
            if self._net is not None:             # the host's words, from the next connection
                self._net.lang = i18n.language()
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
            self.notify(i18n._("Settings not saved: {why}.").format(why=i18n.error_words(e)))

    # -- the host -----------------------------------------------------------------------------
    @property
    def session(self) -> Session:
        """What the host told us (see `Link`)."""
        return self.link.session

    @property
    def net(self) -> "Connection":
        """The network thread (asyncio: hosts, connections, discovery), started when first
        needed or right after the first frame, which does not wait for it."""
        return self._start_net()

    def _start_net(self) -> "Connection":
        if self._net is None:
            from hearts.playerkey import load_key

            from .connection import Connection
            self._net = Connection(self.link.post, self.link.inbox.qsize)
            self._net.key = load_key()
            self._net.lang = i18n.language()
            self._net.start()
        return self._net

    def send(self, message: dict[str, Any]) -> None:
        """Queue an intent for the host."""
        self.net.send(message)

    def exit_soon(self, seconds: float = 0.4) -> None:
        """Quit in a moment (a scripted run's last frame is drawn first; a host is told
        we leave)."""
        self._exit_soon = time.monotonic() + seconds

    def quit(self) -> None:
        self.running = False

    def quiet_keys(self, seconds: float = 0.6) -> None:
        """Something closed by itself (a hand's summary, the connection dialog): keys
        pressed in the next moment were meant for it, and go nowhere."""
        self._keys_quiet_until = time.monotonic() + seconds

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
                self.commands.request_quit()
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
        if t in (pygame.KEYDOWN, pygame.TEXTINPUT) and time.monotonic() < self._keys_quiet_until:
            return
        if self.dialogs:
            if t == pygame.KEYDOWN and event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
                self.commands.request_quit()
                return
            self.dialogs[-1].handle_event(event)
            return
        if self.console.visible and self.console.handle_event(event):
            return
        if t == pygame.KEYDOWN and self.commands.shortcut(event):
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
            if events or not self.link.inbox.empty():
                return events
            left = end - time.monotonic()
            if left <= 0:
                return []
            self.link.wake.wait(min(IDLE_POLL, left))
            self.link.wake.clear()

    def step(self) -> None:
        """One turn of the main loop: wait or tick, handle events, update, draw."""
        if self.animating or self._dirty or not self.link.inbox.empty():
            events = pygame.event.get()
        else:
            events = self._idle_wait(IDLE_WAIT_MS / 1000)
        moving = self.animating
        changing = self._changing()          # before the update: what stops changing is redrawn
        # Cap the step while things move (no jumps after a stall); idle clocks run true.
        dt = min(0.1 if moving else 1.0, self.clock.tick(FPS if moving else 0) / 1000)
        start = time.perf_counter()
        for e in events:
            self.dispatch(e)
        self.link.drain()
        self.screen.update(dt)
        for d in list(self.dialogs):
            d.update(dt)
        self.console.update(dt)
        if self.toast and time.monotonic() > self.toast_until:
            self.toast = ""
            self._dirty = True
        # Nothing redrawn when nothing changes: an idle wake-up only redraws for what
        # changes with time (a turn clock, a notice going).
        if self._dirty or moving or changing or self._changing():
            self.draw()
            if self.record_frames:
                self.frame_times.append((time.perf_counter() - start, moving))
        self._dirty = False
        if not self._painted:
            self._painted = True
            self._after_first_frame()
        if self._exit_soon is not None and time.monotonic() >= self._exit_soon:
            self.quit()

    def _changing(self) -> bool:
        """Something on screen changes with the time alone (a clock, a notice to go)."""
        return (self.screen.changing or any(getattr(d, "animating", False) for d in self.dialogs)
                or bool(self.toast) or self.console.peeking)

    def when_painted(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` once the first frame is on screen (now, if it is): a game started
        with the app ("Dealing…") shows before the host starts."""
        if self._painted:
            fn()
        else:
            self._after_paint.append(fn)

    def _after_first_frame(self) -> None:
        """What the first frame did not wait for: the network thread, a host to start,
        the sounds."""
        self._start_net()
        for fn in self._after_paint:
            fn()
        self._after_paint = []
        if self.settings.sounds:
            from . import sounds
            sounds.shared().preload()

    def _caption(self) -> str:
        sess = self.session
        if sess.table is not None:
            where = sess.table.name or i18n._("Table")
            if sess.seat is None:
                return i18n._("Hearts — {table} (watching)").format(table=where)
            return i18n._("Hearts — {table}").format(table=where)
        if sess.mode in ("join", "lan-host") and sess.host_name:
            return i18n._("Hearts — {host}").format(host=sess.host_name)
        return i18n.pgettext("game", "Hearts")

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
        if self._net is not None:
            self._net.close()
