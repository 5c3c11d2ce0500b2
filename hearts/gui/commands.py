"""What the player asks of the app as a whole, and the keys that ask it anywhere.

Quit (Ctrl-Q, the window's close button), leave the table, a new game (Ctrl-N), the
rules (F1), sounds on or off (Ctrl-S), the keys (?), the console (F2) and the table's
menu (Escape). Whatever would lose a running game asks first, with "Keep playing" the
focused default, so no game is lost by one key.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from hearts.i18n import _

from . import widgets as w
from .dialog import MessageDialog

if TYPE_CHECKING:
    from .shell import Shell


class AppCommands:
    """The app-wide commands of one `App` (see the module's doc)."""

    def __init__(self, app: "Shell") -> None:
        self.app = app

    def shortcut(self, event: pygame.event.Event) -> bool:
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
        form = self.app.screen.form
        typing = form is not None and isinstance(form.focused, w.TextInput)
        if event.unicode == "?" and not typing:
            from .seat_menu import KeysDialog
            KeysDialog(self.app).open()
            return True
        if k == pygame.K_F11:
            pygame.display.toggle_fullscreen()
            return True
        if self.app.session.mode is not None and not typing and self.app.console.wants_toggle(event):
            self.app.console.toggle(event.unicode)
            return True
        if k == pygame.K_ESCAPE and self.app.session.table is not None and self.app.link.at_table():
            from .seat_menu import TableMenu
            TableMenu(self.app).open()
            return True
        return False

    def toggle_sounds(self) -> None:
        self.app.settings.sounds = not self.app.settings.sounds
        self.app.save_settings()
        self.app.notify(_("Sounds on") if self.app.settings.sounds else _("Sounds off"), 1.5)

    def new_game(self) -> None:
        """Ctrl-N: a new game at this table (owner), else a new game against bots."""
        sess = self.app.session
        tbl = sess.table
        if tbl is not None and sess.owner:
            def restart() -> None:
                if tbl.state in ("playing", "paused"):
                    self.app.send({"type": "command", "text": "/end now"})
                self.app.send({"type": "start"})
            if tbl.state in ("playing", "paused"):
                keep = _("Keep playing")
                self.app.message(_("New game"), _("End this game and deal a new one?"),
                                 {_("New game"): restart, keep: None}, default=keep)
            else:
                restart()
        elif tbl is None and sess.mode is None:
            play = getattr(self.app.screen, "play", None)       # the menu asks about a saved game
            play() if callable(play) else self.app.link.play_against_bots()
        elif tbl is None and sess.state == "connected":
            from .lobby import CreateTableDialog
            CreateTableDialog(self.app).open()
        else:
            self.app.notify(_("Only the table's owner can start a new game."))

    def show_rules(self) -> None:
        """F1: the table's rules (editable by the owner), else the rules of the game."""
        from .rules_dialog import RulesDialog
        tbl = self.app.session.table
        if tbl is not None:
            RulesDialog(self.app, tbl.rules.to_dict(), editable=self.app.session.owner,
                        locked=tbl.state in ("playing", "paused")).open()
        else:
            RulesDialog(self.app, {}, editable=False, title=_("Rules (standard)")).open()

    def _in_game(self) -> bool:
        """We hold a seat in a game that is being played (leaving it loses something)."""
        tbl = self.app.session.table
        return tbl is not None and self.app.session.seat is not None \
            and tbl.state in ("playing", "paused") and self.app.session.mode != "demo"

    def _confirm(self, title: str, text: str, go: str, action: Callable[[], Any]) -> None:
        """Ask before ``action``; "Keep playing" is the focused default (Enter keeps you)."""
        if any(isinstance(d, MessageDialog) and d.title == title for d in self.app.dialogs):
            action()                     # asked twice (Ctrl-Q, Ctrl-Q): the answer is yes
            return
        keep = _("Keep playing")
        self.app.message(title, text, {go: action, keep: None}, default=keep)

    def request_quit(self) -> None:
        """Ctrl-Q or closing the window: quit, after asking when a game is running."""
        if not self._in_game():
            self.app.quit()
        elif self.app.session.mode == "bots" and self.app.save_games:
            self._confirm(_("Quit"), _("Quit Hearts? This game is saved: the main menu offers it "
                          "back next time."), _("Quit"), self.app.quit)
        else:
            self._confirm(_("Quit"), _("Quit Hearts? You leave this game and a bot takes your "
                          "seat."), _("Quit"), self._leave_then_quit)

    def _leave_then_quit(self) -> None:
        """Quit on purpose: the host is told first (a bot takes the seat at once, and the
        others read that we left, not that our connection was lost), then we quit as it
        answers, or in a moment."""
        def left(msg: dict[str, Any]) -> None:
            if msg.get("type") == "left":
                self.app.quit()
        self.app.link.message_hooks.append(left)
        self.app.send({"type": "leave"})
        self.app.exit_soon(2.0)

    def leave_table(self) -> None:
        """Leave the table (a game against bots: back to the menu), asking first when a
        game is running."""
        def leave() -> None:
            if self.app.session.mode in ("bots", "demo"):
                self.app.link.disconnect()
            else:
                self.app.send({"type": "leave"})
        if not self._in_game():
            leave()
        elif self.app.session.mode == "bots":
            self._confirm(_("Leave the game"), _(
                "Leave this game? It is saved: Continue your game on the main menu brings it "
                "back.") if self.app.save_games else _("Leave this game? It ends here."),
                _("Leave"), leave)
        else:
            self._confirm(_("Leave the game"), _("Leave this game? A bot takes your seat; you can "
                          "sit again between games."), _("Leave"), leave)


__all__ = ["AppCommands"]
