"""Friends-only tables in the GUI, against the app's own in-process host on 127.0.0.1:
the New table dialog locks a table, the lobby shows a padlock, sitting asks for the
password (again when it is wrong), and the owner opens the table from its menu."""

from __future__ import annotations

import pygame

from hearts.gui.lobby import OwnerPasswordDialog, PasswordDialog, TableList
from hearts.gui.seat_menu import TableMenu
from tests.gui.helpers import Player, host_lobby


def test_a_table_locked_in_the_new_table_dialog_needs_its_password(app, drive, shots):
    host_lobby(app, drive)
    drive.click_button(app.screen.form, "New table")
    dialog = app.dialogs[-1]
    drive.click(dialog.password.rect.center)
    drive.type("owls 7")
    drive.step()
    drive.shot(shots / "new-table-password.png")
    drive.click_button(dialog.form, "Create")
    drive.until(lambda: app.session.table is not None, what="the new table")
    table = app.session.table
    assert table.locked and app.session.owner
    bob = Player(app, "Bob")
    try:
        bob.send("sit", table=table.id)
        err = bob.wait_for("error")
        assert err["code"] == "password" and "friends only" in err["message"]
        bob.send("watch", table=table.id, password="owls")
        assert bob.wait_for("error")["code"] == "password"
        bob.send("sit", table=table.id, password="owls 7")
        seated = bob.wait_for("table")
        assert seated["seat"] == 1 and seated["table"]["locked"]
        # the owner opens the table again from the table menu
        drive.until(lambda: app.session.table.seats[1].name == "Bob", what="Bob")
        drive.key(pygame.K_ESCAPE)
        menu = app.dialogs[-1]
        assert isinstance(menu, TableMenu)
        drive.click_button(menu.form, "Password: friends only…")
        owner = app.dialogs[-1]
        assert isinstance(owner, OwnerPasswordDialog)
        drive.step()
        drive.shot(shots / "owner-password.png")
        drive.click_button(owner.form, "Open to all")
        drive.until(lambda: not app.session.table.locked, what="the table opened")
        cy = Player(app, "Cy")
        try:
            cy.send("watch", table=table.id)
            assert cy.wait_for("table")["seat"] is None
        finally:
            cy.close()
        # ...and locks it again with a new password
        drive.key(pygame.K_ESCAPE)
        drive.click_button(app.dialogs[-1].form, "Password (friends only)…")
        drive.type("larks")
        drive.click_button(app.dialogs[-1].form, "Lock")
        drive.until(lambda: app.session.table.locked, what="the table locked again")
    finally:
        bob.close()


def test_the_lobby_asks_for_the_password_of_a_locked_table(app, drive, shots):
    host_lobby(app, drive)
    ann = Player(app, "Ann")
    try:
        ann.send("create_table", name="Den", password="owls")
        tid = ann.wait_for("table")["table"]["id"]
        screen = app.screen
        drive.click_button(screen.form, "Refresh")
        drive.until(lambda: screen.list.rows, what="a row")
        assert isinstance(screen.list, TableList) and screen.list.locked == {tid}
        assert "friends only" in screen.list.rows[0]
        drive.step()
        drive.shot(shots / "lobby-locked.png")
        # the padlock is drawn: gold pixels left of the row's text
        row = screen.list.rect
        strip = app.surface.subsurface(pygame.Rect(row.left + 10, row.top + 4, 18, 36))
        gold = sum(1 for x in range(18) for y in range(36)
                   if strip.get_at((x, y))[:3] == (255, 204, 77))
        assert gold > 40
        drive.click_button(screen.form, "Sit")
        ask = app.dialogs[-1]
        assert isinstance(ask, PasswordDialog) and "“Den” is for friends only" in ask.message
        drive.step()
        drive.shot(shots / "password-dialog.png")
        drive.key(pygame.K_RETURN)                   # nothing typed: nothing sent
        assert app.dialogs == [ask] and "Type the password" in ask.message
        drive.type("crows")
        drive.key(pygame.K_RETURN)
        drive.until(lambda: app.dialogs and app.dialogs[-1] is not ask, what="asked again")
        again = app.dialogs[-1]
        assert isinstance(again, PasswordDialog) and "does not open “Den”" in again.message
        assert app.session.table is None
        drive.step()
        drive.shot(shots / "password-wrong.png")
        drive.type("owls")
        drive.click_button(again.form, "Sit")
        drive.until(lambda: app.session.table is not None, what="a seat")
        assert app.session.seat == 1 and not app.dialogs
    finally:
        ann.close()
