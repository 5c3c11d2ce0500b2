"""The demo (four bots play, you watch) in the real app: all four hands face up, a label
people understand, no "Demo left"; and a table with a person keeps its cards from watchers."""

from __future__ import annotations

from hearts.engine import Rules
from hearts.gui.table import TableScreen
from net.table import Table

from .table_seen import look


def test_the_demo_shows_all_four_hands_and_says_what_it_is(app, drive, shots, monkeypatch):
    app.settings.bot_level = "random"
    app.play_against_bots(rules={"target": 200}, demo=True)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen.model.view.phase == "play" and app.screen, 30, "the demo")
    drive.until(lambda: screen.model.view.others is not None, 10, "the hands")
    v = screen.model.view
    assert screen.model.watching
    assert sum(len(h) for h in v.others) == sum(v.cards_left)       # every card, every seat
    drive.step()
    drive.shot(shots / "table-demo.png")
    seen = look(screen, monkeypatch)
    assert seen.has("Demo: four bots play, you watch")
    assert not seen.has("Demo left") and not any("Demo" in t for t, _ in screen.note_lines())
    # the bottom seat's cards are drawn face up too (white card faces, not the blue fan)
    cx, cy = screen.layout.fan_centre(0)
    px = app.surface.get_at((cx, cy))[:3]
    assert min(px) > 150, px


def test_watchers_see_no_cards_while_a_person_plays() -> None:
    t = Table(1, "t", Rules())
    t.sit("tok", "Ann", 0, 0.0)
    t.owner = "tok"
    for s in (1, 2, 3):
        t.set_bot("tok", s, "random")
    t.start("tok", 0.0, seed=1)
    assert t.view_at(None)["others"] is None
