"""Names made from the longest name the host allows read whole on the desktop, at 800x600
and 1280x800, in en/de/fr (issue 59): the host named after you ("Lobby of
Wwwwwwwwwwwwwwwwwwwwwwww's host"), a table named after its creator in the lobby's list, the
new-table field, the waiting table's title and the table menu, and a plate's status
("choosing cards…") beside a total of three digits. Measured on the real screens against
a real host, headless: no text cut with an ellipsis, every line inside its box."""

from __future__ import annotations

from typing import Any

import pytest

from hearts.gui.lobby import CreateTableDialog, LobbyScreen
from hearts.gui.link import host_title
from hearts.gui.menu import JoinScreen
from hearts.gui.seat_menu import TableMenu
from hearts.gui.table import TableScreen
from hearts.i18n import _
from hearts.net.discovery import HostInfo
from hearts.net.limits import Limits
from hearts.net.names import graphemes
from tests.gui import clipcheck
from tests.gui.conftest import Driver
from tests.gui.helpers import Player, host_lobby

from .table_seen import look
from .table_seen import problems as table_problems

ME = "Wwwwwwwwwwwwwwwwwwwwwwww"                  # the widest letters
OTHER = "Maximiliane Featherstone"
SIZES = [(800, 600), (1280, 800)]


def _bare(s: str) -> str:
    return s.replace(" ", "")


def _whole(text: str, lines: list[str]) -> bool:
    """``text`` is drawn whole in ``lines`` (over consecutive lines where it was broken)."""
    return _bare(text) in "".join(_bare(s) for s in lines)


def _drawn(app: Any, monkeypatch: Any, part: Any) -> list[str]:
    with clipcheck.recording(monkeypatch) as rec:
        part.draw(app.surface)
    return [s for s, _r, _h in rec.drawn]


@pytest.mark.parametrize("lang,size", [(lang, size) for lang in ("en", "de", "fr")
                                       for size in SIZES], ids=lambda c: str(c))
def test_titles_made_from_the_longest_name_read_whole(app_in, monkeypatch, shots, lang,
                                                       size) -> None:
    assert len(graphemes(ME)) == len(graphemes(OTHER)) == Limits().max_name
    app = app_in(lang, size)
    app.settings.name = ME
    drive = Driver(app)
    tag = f"{lang}-{size[0]}x{size[1]}"
    other = None
    try:
        host_lobby(app, drive)
        host = host_title(ME)
        assert ME in host and app.session.host_name == host        # the host's own name: whole
        other = Player(app, OTHER)
        other.send("create_table", seat=0)                       # named by the host, in English
        named = other.wait_for("table")["table"]["name"]
        assert named == f"{OTHER}'s table"
        drive.until(lambda: app.session.tables, what="the table list")
        drive.step()
        drive.shot(shots / f"titles-lobby-{tag}.png")
        assert isinstance(app.screen, LobbyScreen)
        assert clipcheck.problems(app, monkeypatch) == []
        lines = _drawn(app, monkeypatch, app.screen)
        assert _whole(_("Lobby of {host}").format(host=host), lines), lines
        assert _whole(named, lines), lines

        # the new table's name field holds the whole default name; the table is so named
        CreateTableDialog(app).open()
        drive.step()
        dialog = app.dialogs[-1]
        mine = _("{name}'s table").format(name=ME)
        assert dialog.name.value == mine
        drive.shot(shots / f"titles-new-table-{tag}.png")
        assert clipcheck.problems(app, monkeypatch) == []
        dialog.rules = {"display": "countdown"}         # totals of three digits on the plates
        drive.click_button(dialog.form, _("Create"))
        screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen, 20,
                             "our table")
        assert app.session.table.name == mine
        drive.step()
        drive.shot(shots / f"titles-waiting-{tag}.png")
        screen.cache.clear()
        seen = look(screen, monkeypatch)
        assert table_problems(seen, screen.size) == []
        assert _whole(mine, [s for s, _n in seen.lines])
        assert not [s for s, r in seen.on_window if "…" in s and _bare(s)[:4] in _bare(mine)]

        drive.key(27)                                     # Escape: the table menu
        assert isinstance(app.dialogs[-1], TableMenu)
        drive.step()
        drive.shot(shots / f"titles-table-menu-{tag}.png")
        assert clipcheck.problems(app, monkeypatch) == []
        assert _whole(mine, _drawn(app, monkeypatch, app.dialogs[-1]))
        app.dialogs.clear()

        # the pass: every plate says "choosing cards…" (or "passed ✓") whole beside a total of 100
        app.send({"type": "start"})
        drive.until(lambda: screen.model.view and screen.model.view.phase == "pass", 20,
                    "the pass")
        drive.step()
        drive.shot(shots / f"titles-pass-{tag}.png")
        screen.cache.clear()                          # the plates drawn afresh, while looked at
        seen = look(screen, monkeypatch)
        assert table_problems(seen, screen.size) == []
        # a bot may have passed before the look (under load): its plate says "passed ✓" whole
        view = screen.model.view
        for seat in range(4):
            status, _size = screen.geo.plate_status(seat)
            said = _("passed ✓") if view.has_passed[seat] else _("choosing cards…")
            assert " ".join(status) == said, status
            assert _whole(said, [s for s, _n in seen.lines])
            assert str(screen.model.info.display_total(screen.geo.plate_total(seat))) == "100"
        assert not view.has_passed[view.seat]                  # ours: still choosing
    finally:
        if other is not None:
            other.close()


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_host_named_after_the_longest_name_is_whole_in_the_lan_list(app_in, monkeypatch,
                                                                      shots, lang) -> None:
    app = app_in(lang, (800, 600))
    drive = Driver(app)
    name = host_title(ME)
    app.show(JoinScreen(app))
    app.screen.on_hosts([HostInfo(name, name[:20], ("192.168.101.107",), 7895,
                                  {"tables": "12", "seats": "0", "players": "30"})], None)
    drive.step()
    drive.shot(shots / f"titles-join-{lang}-800x600.png")
    assert clipcheck.problems(app, monkeypatch) == []
    assert _whole(name, _drawn(app, monkeypatch, app.screen))
