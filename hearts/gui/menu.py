"""The main menu and the join screen (hosts found on the LAN, live, plus an address box)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from hearts.i18n import _

from hearts.engine.rule_options import preset_name
from hearts.i18n import N_, _, ngettext, pgettext

from . import widgets as w
from .screen import Screen

if TYPE_CHECKING:
    from .shell import Shell

DEFAULT_PORT = 7895


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``host``, ``host:port`` or ``[v6addr]:port`` -> (host, port); ValueError in one sentence."""
    t = text.strip()
    if not t:
        raise ValueError(_("Type the host's address, like 192.168.1.20 or alice-pc:7895."))
    port_text = ""
    if t.startswith("["):
        host, _sep, rest = t[1:].partition("]")
        port_text = rest[1:] if rest.startswith(":") else ""
    elif t.count(":") == 1:
        host, _sep, port_text = t.partition(":")
    else:
        host = t
    if not host or any(c.isspace() for c in host):
        raise ValueError(_("{address} is not a host address.").format(address=repr(text.strip())))
    if port_text:
        if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
            raise ValueError(_("The port must be a number from 1 to 65535."))
        return host, int(port_text)
    return host, default_port


def _card_fan(app: "Shell", width: int) -> list[pygame.Surface]:
    """Four card faces for the menu's decoration (empty if the card art is missing)."""
    try:
        from hearts.engine import Card

        from .cards import card_art
        art = card_art(width, app.settings.deck, app.settings.card_back)
        return [art.face(Card.parse(c)) for c in ("QS", "AH", "JD", "2C")]
    except Exception:  # decoration only
        return []


class MainMenu(Screen):
    """Play against bots, host a LAN game, join, settings, quit."""

    def __init__(self, app: "Shell") -> None:
        super().__init__(app)
        self.saved = None
        if app.save_games:
            from .saved_game import find
            try:
                self.saved = find()
            except OSError:
                self.saved = None
        # No button is drawn as the default: the focused one (mouse or keys) is the only
        # one that looks selected.
        self.buttons = [
            w.Button(_("Play against bots") if self.saved is None else _("New game against bots"),
                     self.play),
            w.Button(_("Host a LAN game"), self.host),
            w.Button(_("Join a game"), self.join),
            w.Button(_("Leaderboard"), self.leaderboard),
            w.Button(_("Settings"), self.settings),
            w.Button(_("Quit"), app.quit),
        ]
        if self.saved is not None:
            self.buttons.insert(0, w.Button(_("Continue your game"), self.resume))
        self.form: w.Form = w.Form(self.buttons)
        self.fan: list[pygame.Surface] = []
        self._fan_key: tuple[Any, ...] = ()
        self.show_fan, self.k, self.title_y, self.fan_centre = True, 1.0, 0, (0, 0)

    def _bots_line(self) -> str:
        if self.saved is not None:
            return _("Your game: {summary}").format(summary=self.saved.summary)
        from hearts.engine import Rules, RulesError
        from hearts.engine.rule_options import rules_title
        try:
            summary = rules_title(Rules.from_dict(self.app.settings.bot_rules))
        except RulesError:
            summary = rules_title(Rules())
        return bots_line(self.app.settings.bot_level, summary)

    def play(self) -> None:
        """A new game against bots; it replaces a saved one, so that asks first."""
        if self.saved is None:
            self.app.link.play_against_bots()
            return
        new, keep = _("New game"), _("Keep it")
        self.app.message(new, _("Start a new game? Your saved game ({summary}) is "
                                "replaced.").format(summary=self.saved.summary),
                         {new: self.app.link.play_against_bots, keep: None}, default=keep)

    def resume(self) -> None:
        self.app.link.play_against_bots(resume=self.saved)

    def host(self) -> None:
        self.app.link.host_lan_game()

    def join(self) -> None:
        self.app.show(JoinScreen(self.app))

    def leaderboard(self) -> None:
        """Your games against bots: the figures, the games, their replays."""
        from .archive import bots_archive
        from .leaderboard import LeaderboardSheet
        LeaderboardSheet(self.app, bots_archive(self.app), _("Your games against bots")).open()

    def settings(self) -> None:
        from .settings import SettingsScreen
        self.app.show(SettingsScreen(self.app, back=self))

    def _heights(self, s: float, fan: bool) -> tuple[int, int, int, int]:
        """Fan, title with the line under it, buttons, footer: heights at scale ``s``."""
        n = len(self.buttons)
        return (int(96 * 1.4 * s) + int(16 * s) if fan else 0, int(76 * s) + int(30 * s),
                n * int(52 * s) + (n - 1) * int(16 * s), int(44 * s))

    def resize(self, size: tuple[int, int]) -> None:
        """Top to bottom: the card fan, the title, the line above the first button, the
        buttons, the keys line. A window too small for it all loses the fan first, then
        the buttons shrink."""
        s = self.app.scale
        room = size[1] - int(24 * s)
        self.show_fan = sum(self._heights(s, True)) <= room
        total = sum(self._heights(s, self.show_fan))
        k = s if total <= room else s * room / total
        fan_h, title_h, buttons_h, _foot = self._heights(k, self.show_fan)
        top = max(int(12 * s), (size[1] - sum(self._heights(k, self.show_fan))) // 3)
        self.fan_centre = (size[0] // 2, top + fan_h // 2)
        self.title_y = top + fan_h
        self.k = k
        bw, bh, gap = int(340 * k), int(52 * k), int(16 * k)
        # as wide as the longest label needs (long in some languages), within the window
        bw = min(size[0] - int(40 * s), max([bw, *(w.label_need(b) for b in self.buttons)]))
        y = self.title_y + title_h
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(0, y + i * (bh + gap), bw, bh)
            b.rect.centerx = size[0] // 2

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.form.focus(self.buttons[-1])     # Escape, then Enter: quit
            return
        self.form.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        app.draw_background(surface)
        s = app.scale
        width, height = surface.get_size()
        k = self.k
        if self.show_fan:
            key = (app.settings.deck, app.settings.card_back, int(96 * k))
            if key != self._fan_key:
                self._fan_key = key
                self.fan = _card_fan(app, int(96 * k))
            cx, cy = self.fan_centre
            for i, face in enumerate(self.fan):
                angle = (1.5 - i) * 12
                img = pygame.transform.rotozoom(face, angle, 1.0)
                dx = int((i - 1.5) * 52 * k)
                dy = int(abs(i - 1.5) * 10 * k)
                surface.blit(img, img.get_rect(center=(cx + dx, cy + dy)))
        title_y = self.title_y
        title = pgettext("game", "Hearts")
        w.text(surface, title, (width // 2 + 2, title_y + 3), int(60 * k), (0, 0, 0),
               bold=True, anchor="midtop")
        w.text(surface, title, (width // 2, title_y), int(60 * k), w.TEXT, bold=True,
               anchor="midtop")
        self.form.draw(surface)
        play = self.buttons[0].rect
        line, size = self._bots_line(), max(w.MIN_TEXT, int(16 * k))
        back = w.font(size).size(line)
        back_r = pygame.Rect(0, 0, back[0] + int(16 * k), back[1] + int(2 * k))
        back_r.midbottom = (play.centerx, play.top - int(6 * k))
        w.panel(surface, back_r, alpha=170, edge=w.PANEL, radius=back_r.height // 2)
        w.text(surface, line, (play.centerx, play.top - int(8 * k)), size,   # on the felt,
               w.ACCENT if self.saved is not None else w.DIM, anchor="midbottom")  # readable
        w.text(surface, _("Playing as {name}  ·  F1 rules  ·  ? keys  ·  Ctrl-Q quit").format(
                   name=app.settings.name),
               (width // 2, height - int(14 * s)), int(16 * s), w.DIM, anchor="midbottom")


COLUMNS = ((N_("Host"), 0.34), (N_("Players"), 0.12), (N_("Free seats"), 0.2),
           (N_("Rules"), 0.22), (N_("Ping"), 0.12))


def bots_line(level: str, rules: str) -> str:
    """"normal bots · Standard": the bots of a new game and its rules."""
    if level == "easy":
        return _("easy bots · {rules}").format(rules=rules)
    if level == "hard":
        return _("hard bots · {rules}").format(rules=rules)
    if level == "random":
        return _("random bots · {rules}").format(rules=rules)
    return _("normal bots · {rules}").format(rules=rules)


def host_row(h: Any, ping: float | None) -> str:
    """One host for the join list: its columns joined by tabs (see `COLUMNS`)."""
    p = h.properties
    tables = int(p["tables"]) if str(p.get("tables", "")).isdigit() else None
    seats = int(p["seats"]) if str(p.get("seats", "")).isdigit() else None
    if tables == 0:
        free = _("no tables yet")
    elif seats is None or tables is None:
        free = "–"
    elif seats == 0:
        free = ngettext("full ({tables} table)", "full ({tables} tables)", tables).format(
            tables=tables)
    else:
        free = ngettext("{seats} at {tables} table", "{seats} at {tables} tables", tables).format(
            seats=seats, tables=tables)
    players = p.get("players") or "–"
    rules = str(p.get("rules") or "–").split(":")[0]      # "custom: a=b" -> "custom"
    rules = _("custom") if rules == "custom" else preset_name(rules)
    if ping is None or ping != ping:                       # unknown, or being measured (NaN)
        shown_ping = "…"
    else:
        shown_ping = (_("{n} ms").format(n=max(1, round(ping * 1000))) if ping >= 0
                      else _("no answer"))
    where = f"{h.address}:{h.port}" if h.address else _("no address")
    return "\t".join((f"{h.name}\n{where}", players, free, rules, shown_ping))


class JoinScreen(Screen):
    """Hosts found on the LAN, updated live, and a box for an address."""

    def __init__(self, app: "Shell") -> None:
        super().__init__(app)
        self.hosts: list[Any] = []
        self.search_error: str | None = None
        self.searching = app.discover
        self.list = w.ColumnList([(_(name), share) for name, share in COLUMNS],
                                 on_activate=self._join_host, row_height=40,
                              empty=_("Looking for hosts on the LAN…") if app.discover
                              else _("LAN search is off; type an address below."))
        self.list.grow = True         # a host's long name (after a long person's) reads whole
        self.address = w.TextInput(app.settings.last_address, placeholder=_("address[:port]"),
                                   on_submit=lambda _t: self.connect())
        self.connect_button = w.Button(_("Join"), self.connect, primary=True)
        self.back_button = w.Button(_("Back"), self.back)
        self.form: w.Form = w.Form(
            [self.list, self.address, self.connect_button, self.back_button], on_cancel=self.back)
        self.error = ""
        if app.discover:
            app.net.browse(app.discovery_interfaces)
            self.form.focus(self.list)
        else:
            self.form.focus(self.address)

    def on_hide(self) -> None:
        if self.app.discover:
            self.app.net.stop_browsing()

    def on_hosts(self, hosts: list[Any], error: str | None) -> None:
        self.hosts = hosts
        self.search_error = error
        self.list.set_rows([host_row(h, self.app.net.pings.get((h.address, h.port)))
                            for h in hosts], hosts)
        if error:
            self.list.empty = error
        elif not hosts:
            self.list.empty = _("Looking for hosts on the LAN…")
        if self.list.selected < 0 and hosts:
            self.list.select(0)

    def _join_host(self, host: Any) -> None:
        if host is None or not host.address:
            return
        self.app.link.connect(host.address, host.port)

    def connect(self) -> None:
        f = self.form.focused
        if f is self.list and self.list.value is not None and not self.address.value.strip():
            self._join_host(self.list.value)
            return
        if not self.address.value.strip() and self.list.value is not None:
            self._join_host(self.list.value)
            return
        try:
            host, port = parse_address(self.address.value)
        except ValueError as e:
            self.error = str(e)
            return
        self.app.link.connect(host, port, remember=self.address.value.strip())

    def back(self) -> None:
        self.app.show(self.app.main_menu())

    def resize(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        pw = min(size[0] - 40, max(int(820 * s), 720))     # the columns need the room
        ph = min(size[1] - 40, int(600 * s))
        self.panel = pygame.Rect(0, 0, pw, ph)
        self.panel.center = (size[0] // 2, size[1] // 2)
        inner = self.panel.inflate(-int(60 * s), 0)
        row = int(46 * s)
        self.list.base_height = w.ColumnList.row_height_for(s)
        self.list.rect = pygame.Rect(inner.left, self.panel.top + int(130 * s), inner.width,
                                     ph - int(130 * s) - 3 * row - int(70 * s))
        self.list.fit_rows()
        y = self.list.rect.bottom + int(50 * s)
        bw = int(140 * s)
        self.address.rect = pygame.Rect(inner.left, y, inner.width - bw - int(12 * s), row)
        self.connect_button.rect = pygame.Rect(self.address.rect.right + int(12 * s), y, bw, row)
        self.back_button.rect = pygame.Rect(0, self.panel.bottom - row - int(20 * s), bw, row)
        self.back_button.rect.centerx = self.panel.centerx

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.TEXTINPUT,) and self.form.focused is self.list:
            self.form.focus(self.address)
        if event.type in (pygame.TEXTINPUT, pygame.KEYDOWN):
            self.error = ""
        self.form.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.app.draw_background(surface)
        s = self.app.scale
        w.panel(surface, self.panel)
        w.text(surface, _("Join a game"), (self.panel.centerx, self.panel.top + int(20 * s)),
               int(34 * s), w.ACCENT, bold=True, anchor="midtop")
        w.text(surface, _("Hosts on this network (double-click or Enter to join)"),
               (self.list.rect.left, self.list.rect.top - w.font(self.list.text_size())
                .get_linesize() - int(10 * s)), int(18 * s), w.DIM,
               anchor="bottomleft")
        w.text(surface, _("Or type an address"), (self.address.rect.left,
                                               self.address.rect.top - int(8 * s)),
               int(18 * s), w.DIM, anchor="bottomleft")
        self.form.draw(surface)
        if self.error:
            w.text(surface, self.error, (self.panel.centerx, self.address.rect.bottom + int(10 * s)),
                   int(18 * s), w.RED, anchor="midtop")
