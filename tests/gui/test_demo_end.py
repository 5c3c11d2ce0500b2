"""A demo that reaches its target ends on the final sheet (issue 59, item 11): in the real
app, animated, in German and French, the hand that ends the game is scored, its summary
closes by itself, and the very next frame is the final score sheet; no frame says whose
turn it is once the game is over, and each plate counts the whole of the last hand."""

from __future__ import annotations

import pytest

from hearts.gui.table import TableScreen


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_demo_reaching_its_target_shows_the_final_sheet(app_in, lang):
    from .conftest import Driver
    app = app_in(lang, (800, 600))
    drive = Driver(app)
    app.settings.bot_level = "random"
    app.settings.animation = "normal"
    drive.time_lapse(100)
    app.link.play_against_bots(rules={"target": 15}, demo=True, seed=3)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen, 30, "the demo")
    m = screen.model
    drive.until(lambda: app.session.table.state == "over", 120, "the host's game over")
    last = len(app.session.table.results) - 1
    frames, summary_seen, after = 0, False, []
    while not screen.game_over():
        frames += 1
        assert frames < 3000, "the table never showed the end of the game"
        drive.step()
        if m.summary is not None and int(m.summary["hand"]) == last:
            summary_seen = True
        elif summary_seen and not screen.game_over():
            after.append(screen.status_text(m.view)[0])
    assert summary_seen and after == [], after           # the sheet, right after the summary
    drive.step()
    assert screen.button("over-ok") is not None
    assert screen.status_text(m.view)[0] in ("Partie vorbei", "Partie terminée")
    points = app.session.table.results[-1].points
    assert screen.painter.hand_points(m.view) == tuple(points)
    assert list(m.info.totals) == list(app.session.table.totals)
