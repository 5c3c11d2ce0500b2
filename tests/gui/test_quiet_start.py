"""A quick, quiet client: the first frame waits for no network thread and no sounds, and
an idle table draws nothing while nothing on it changes (`hearts bench client` measures
the times and the CPU)."""

from __future__ import annotations

import time

import pytest

from hearts.gui.table import TableScreen


@pytest.mark.parametrize("bots", (False, True), ids=("menu", "--bots"))
def test_the_first_frame_is_drawn_before_the_network_starts(config_home, monkeypatch, bots):
    """The menu (or, for a game started with the app, "Dealing…") is painted before the
    network thread and the host start."""
    from hearts.gui import app as appmodule
    from hearts.gui.settings import Settings
    started: list[tuple[bool, str]] = []
    draw = appmodule.App.draw

    def draw_and_note(self):
        started.append((self._net is not None, type(self.screen).__name__))
        draw(self)
    monkeypatch.setattr(appmodule.App, "draw", draw_and_note)
    app = appmodule.App(Settings(name="Tester", animation="off", sounds=False,
                                 bot_level="random"), size=(800, 600), discover=False)
    try:
        if bots:
            app.link.play_against_bots(seed=1)
        assert app._net is None                   # nothing of the network yet
        app.step()
        assert started == [(False, "ConnectingScreen" if bots else "MainMenu")]
        assert app._net is not None                # then the network thread started
        if bots:                                   # and the host, and the game
            end = time.monotonic() + 20
            while app.session.table is None and time.monotonic() < end:
                app.step()
            assert app.session.table is not None
    finally:
        app.close()


def test_an_idle_table_draws_nothing_until_something_changes(app, drive, monkeypatch):
    app.settings.bot_level = "random"
    app.link.play_against_bots(seed=3)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen.model.view.phase == "pass" and not app.animating
                         and app.screen, 20, "our pass")
    drive.step()
    screen.model.clear_notes()                     # the deal's notices read and gone
    drive.step()
    frames: list[int] = []
    draw = type(app).draw
    monkeypatch.setattr(type(app), "draw", lambda self: (frames.append(1), draw(self)))
    monkeypatch.setattr(app, "_idle_wait", lambda seconds: [])      # a wake-up, at once
    # idle wake-ups draw nothing: five in a row, once what was still arriving (the bots'
    # passes) or being built (card faces, a few a frame) is drawn
    quiet, end = 0, time.monotonic() + 10
    while quiet < 5 and time.monotonic() < end:
        drawn = len(frames)
        app.step()
        quiet = quiet + 1 if len(frames) == drawn else 0
        time.sleep(0.01)
    assert quiet == 5, "the table kept redrawing with nothing changing"
    frames.clear()
    screen.notify("Ann is back.")                  # a notice: drawn, and redrawn as it goes
    app.redraw()
    app.step()
    assert len(frames) == 1
