"""A seat's menu for someone who does not own the table: who plays there, what they may do
(sit here, now or from the next hand), and that only the owner changes seats."""

from __future__ import annotations

import pygame

from hearts.gui.seat_menu import SeatMenu
from hearts.gui.table import TableScreen
from tests.gui import clipcheck
from tests.gui.helpers import Player, change, host_lobby


def _menu(app, drive, part: str) -> SeatMenu:
    """Open the table menu and the seat whose button's label holds ``part``."""
    drive.key(pygame.K_ESCAPE)
    label = next(b.label for b in app.dialogs[-1].form.widgets
                 if part in getattr(b, "label", ""))
    drive.click_button(app.dialogs[-1].form, label)
    menu = app.dialogs[-1]
    assert isinstance(menu, SeatMenu)
    drive.step()
    return menu


def _labels(menu: SeatMenu) -> list[str]:
    return [getattr(x, "label", "") for x in menu.items]


def test_a_players_seat_menus_at_someone_elses_table(app, drive, shots, monkeypatch):
    host_lobby(app, drive)
    bob = Player(app, "Bob")
    try:
        bob.send("create_table", name="Bob's den", seat=0)
        tid = bob.wait_for("table")["table"]["id"]
        app.send({"type": "sit", "table": tid, "seat": 2})        # Bob is north of us
        drive.until(lambda: isinstance(app.screen, TableScreen)
                    and app.session.seat == 2, what="our seat")
        menu = _menu(app, drive, "North: ")
        assert menu.title.startswith("North: ") and "Bob" in menu.title
        assert menu.notes == ["Bob (the table's owner) plays here.",
                              "Only the table's owner (Bob) can kick players or change the bots."]
        assert _labels(menu) == ["Close"]
        assert clipcheck.problems(app, monkeypatch) == []
        drive.shot(shots / "seat-menu-not-owner.png")
        drive.key(pygame.K_ESCAPE)
        # a free seat before the game: we may move there
        menu = _menu(app, drive, "West: ")
        assert menu.title == "West: free"
        assert menu.notes[0] == "Nobody sits here yet: a bot takes the seat when the game starts."
        assert _labels(menu) == ["Sit here", "Close"]
        drive.click_button(menu.form, "Sit here")
        drive.until(lambda: app.session.seat == 3, what="the move to our west")
        # mid-game a bot's seat is named with its level, and seats change between games
        bob.send("start")
        drive.until(lambda: app.session.table.state == "playing", what="the game")
        bot = next(s for s in app.session.table.seats if s.kind == "bot")
        menu = _menu(app, drive, bot.name)
        assert menu.notes[:2] == [f"{bot.name}, a bot ({bot.level}), plays here.",
                                  "You can move to this seat between games."]
        assert _labels(menu) == ["Close"]
        assert clipcheck.problems(app, monkeypatch) == []
        drive.shot(shots / "seat-menu-bot-mid-game.png")
    finally:
        bob.close()


def test_a_watcher_may_take_a_bots_seat_from_the_next_hand(app, drive, shots, monkeypatch):
    host_lobby(app, drive)
    bob = Player(app, "Bob")
    try:
        bob.send("create_table", name="Bob's den", seat=0, rules={"target": 100})
        tid = bob.wait_for("table")["table"]["id"]
        bob.send("start")
        bob.wait_for(lambda e: e["type"] == "update" and change(e["events"], "game_started"))
        app.send({"type": "watch", "table": tid})
        drive.until(lambda: isinstance(app.screen, TableScreen)
                    and app.session.table is not None, what="watching")
        seat = 2
        bot = app.session.table.seats[seat]
        menu = SeatMenu(app, seat)
        menu.open()
        drive.step()
        assert menu.notes[0] == f"{bot.name}, a bot ({bot.level}), plays here."
        assert _labels(menu) == ["Sit here from the next hand", "Close"]
        assert clipcheck.problems(app, monkeypatch) == []
        drive.shot(shots / "seat-menu-watcher.png")
        drive.click_button(menu.form, "Sit here from the next hand")
        drive.until(lambda: any(f"takes {bot.name}'s seat when the next hand is dealt" in x.text
                                for x in app.console.lines), what="the host's word")
        assert app.session.seat is None                 # watching until the hand is dealt
    finally:
        bob.close()
