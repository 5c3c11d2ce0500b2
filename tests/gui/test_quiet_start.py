"""A quick, quiet client: the first frame waits for no network thread and no sounds, and
an idle table draws nothing while nothing on it changes (`hearts bench client` measures
the times and the CPU)."""

from __future__ import annotations

from hearts.gui.table import TableScreen


def test_the_first_frame_is_drawn_before_the_network_starts(config_home, monkeypatch):
    from hearts.gui import app as appmodule
    from hearts.gui.settings import Settings
    started: list[bool] = []
    draw = appmodule.App.draw

    def draw_and_note(self):
        started.append(self._net is not None)
        draw(self)
    monkeypatch.setattr(appmodule.App, "draw", draw_and_note)
    app = appmodule.App(Settings(name="Tester", animation="off", sounds=False),
                        size=(800, 600), discover=False)
    try:
        assert app._net is None                   # nothing of the network yet
        app.step()
        assert started == [False]                  # the menu painted first...
        assert app._net is not None                # ...then the network thread started
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
    for _ in range(5):
        app.step()                                 # idle wake-ups: nothing changed
    assert frames == []
    screen.notify("Ann is back.")                  # a notice: drawn, and redrawn as it goes
    app.redraw()
    app.step()
    assert len(frames) == 1
