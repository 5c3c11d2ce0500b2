"""Host controls through the UI: the owner kicks a seat, changes rules, starts and pauses;
a guest sees the rules read-only."""

from __future__ import annotations

import pygame

from hearts.gui.rules_dialog import RulesDialog
from hearts.gui.seat_menu import SeatMenu, TableMenu
from tests.gui.helpers import Player, change, host_lobby, own_table_with_bob


def test_owner_changes_rules_in_the_dialog(app, drive, shots):
    bob = own_table_with_bob(app, drive)
    try:
        drive.key(pygame.K_F1)
        dialog = app.dialogs[-1]
        assert isinstance(dialog, RulesDialog) and dialog.editable
        moon = dialog.fields["moon"]
        drive.click((moon.rect.right - 4, moon.rect.centery))        # ▶: add -> subtract
        assert moon.value == "subtract"
        qs = dialog.fields["queen_points"]
        drive.click(qs.rect.center)
        drive.key(pygame.K_UP)                                       # 13 -> 14 with the keyboard
        undo = dialog.fields["allow_undo"]
        drive.click(undo.rect.center)
        assert dialog.preset.value == "custom"
        drive.shot(shots / "rules-owner.png")
        drive.click_button(dialog.form, "Apply")
        assert not app.dialogs
        drive.until(lambda: app.session.table.rules.moon == "subtract", what="new rules")
        rules = app.session.table.rules.to_dict()
        assert rules["queen_points"] == 14 and rules["allow_undo"] is True

        def bob_told(e):
            return e["type"] == "update" and change(e["events"], "rules_changed")
        told = bob.wait_for(bob_told)
        ch = next(c for c in told["events"] if c["type"] == "rules_changed")
        assert ch["rules"]["moon"] == "subtract"
        # A preset resets every option.
        drive.key(pygame.K_F1)
        dialog = app.dialogs[-1]
        drive.click(dialog.preset.rect.center)
        while dialog.preset.value != "black-maria":
            drive.key(pygame.K_RIGHT)
        assert dialog.fields["pass_cycle"].value == ("right",)
        drive.click_button(dialog.form, "Apply")
        drive.until(lambda: app.session.table.rules.high_spades is True, what="preset")
    finally:
        bob.close()


def test_owner_kicks_a_seat_from_its_menu(app, drive, shots):
    bob = own_table_with_bob(app, drive)
    try:
        drive.key(pygame.K_ESCAPE)
        menu = app.dialogs[-1]
        assert isinstance(menu, TableMenu)
        drive.click_button(menu.form, "West: Bob")
        seat = app.dialogs[-1]
        assert isinstance(seat, SeatMenu) and seat.seat == 1
        drive.shot(shots / "seat-menu-kick.png")
        drive.click_button(seat.form, "Kick Bob")
        drive.click_button(app.dialogs[-1].form, "Kick")          # the confirmation
        left = bob.wait_for("left")
        assert left["reason"] == "kicked"
        drive.until(lambda: app.session.table.seats[1].kind != "human", what="seat freed")
        # Bob may not come back until allowed.
        bob.send("sit", table=app.session.table.id, seat=1)
        err = bob.wait_for("error")
        assert err["code"] == "kicked"
    finally:
        bob.close()


def test_owner_starts_and_pauses_from_the_table_menu(app, drive):
    bob = own_table_with_bob(app, drive)
    try:
        drive.key(pygame.K_ESCAPE)
        drive.click_button(app.dialogs[-1].form, "Start the game")
        drive.until(lambda: app.session.table.state == "playing", what="the game")
        drive.key(pygame.K_ESCAPE)
        drive.click_button(app.dialogs[-1].form, "Pause")
        drive.until(lambda: app.session.table.state == "paused", what="the pause")
        drive.key(pygame.K_ESCAPE)
        drive.click_button(app.dialogs[-1].form, "Resume")
        drive.until(lambda: app.session.table.state == "playing", what="resumed")
        # Ending the game asks first; Enter keeps playing.
        drive.key(pygame.K_ESCAPE)
        drive.click_button(app.dialogs[-1].form, "End the game…")
        ask = app.dialogs[-1]
        assert ask.title == "End the game" and ask.form.focused.label == "Keep playing"
        drive.key(pygame.K_RETURN)
        drive.step(5)
        assert not app.dialogs and app.session.table.state == "playing"
        # While a game runs only the target may change; the dialog says so.
        drive.key(pygame.K_F1)
        dialog = app.dialogs[-1]
        assert dialog.locked and not dialog.fields["moon"].enabled
        target = dialog.fields["target"]
        drive.click(target.rect.center)
        for _ in range(4):
            drive.key(pygame.K_BACKSPACE)
        drive.type("40")
        drive.click_button(dialog.form, "Apply")
        drive.until(lambda: app.session.table.rules.target == 40, what="the target")
    finally:
        bob.close()


def test_guest_sees_rules_read_only(app, drive, shots):
    host_lobby(app, drive)
    ann = Player(app, "Ann")
    try:
        ann.send("create_table", name="Ann's", rules={"preset": "spot"}, seat=0)
        tid = ann.wait_for("table")["table"]["id"]
        app.send({"type": "sit", "table": tid})
        drive.until(lambda: app.session.table is not None, what="a seat")
        assert not app.session.owner
        drive.key(pygame.K_F1)
        dialog = app.dialogs[-1]
        assert not dialog.editable and dialog.preset.value == "spot"
        moon = dialog.fields["moon"]
        drive.click((moon.rect.right - 4, moon.rect.centery))
        assert moon.value == "add"
        assert dialog.form.find("Apply") is None
        drive.shot(shots / "rules-guest.png")
        drive.key(pygame.K_ESCAPE)
        assert not app.dialogs
        drive.key(pygame.K_ESCAPE)
        drive.click_button(app.dialogs[-1].form, "East: Ann")
        assert app.dialogs[-1].form.find("Kick Ann") is None
    finally:
        ann.close()


def test_owner_moves_to_another_seat_before_the_game(app, drive):
    host_lobby(app, drive)
    drive.click_button(app.screen.form, "New table")
    drive.click_button(app.dialogs[-1].form, "Create")
    drive.until(lambda: app.session.table is not None, what="our table")
    drive.key(pygame.K_ESCAPE)
    drive.click_button(app.dialogs[-1].form, "North: free")
    drive.click_button(app.dialogs[-1].form, "Sit here")
    drive.until(lambda: app.session.seat == 2, what="the move")
    assert app.session.owner and app.session.table.seats[0].kind == "empty"
