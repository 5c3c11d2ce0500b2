"""Game night in the desktop client over a real host, at 800x600: the owner's away
countdown and the handover, a finished table whose owner is away as a newcomer sees it,
a paused table whose owner left, and a card lost as the link broke. Screenshots:
$HEARTS_SCREENSHOTS."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

from hearts.gui.table import TableScreen
from hearts.net.host import Host
from hearts.net.limits import Limits

from tests.ports import free_port

from .helpers import Player

GRACE = 4.0
LIMITS = Limits(drop_grace=GRACE, heartbeat_interval=0.5, heartbeat_timeout=5.0,
                bot_budget=0.02)


@pytest.fixture
def app(config_home: Path) -> Iterator[Any]:
    from hearts.gui.app import App
    from hearts.gui.settings import Settings
    a = App(Settings(name="Dee", animation="off", sounds=False), size=(800, 600), discover=False)
    yield a
    a.close()


def _host(app: Any, drive: Any) -> Host:
    """A host on the app's loop (the app stops it), and the app in its lobby."""
    port = free_port()
    host = Host(name="Night", limits=LIMITS, bot_level="random")

    async def start() -> None:
        await host.start("127.0.0.1", port=port)
        app.net.host = host
    app.net.call(start()).result(5)
    app.link.connect("127.0.0.1", port)
    drive.until(lambda: type(app.screen).__name__ == "LobbyScreen", what="the lobby")
    return host


def _olga(app: Any, **rules: Any) -> Player:
    olga = Player(app, "Olga")
    olga.send("create_table", rules=rules or None)
    olga.wait_for("table")
    return olga


def _table(app: Any, drive: Any) -> TableScreen:
    screen: TableScreen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen,
                                      what="the table")
    drive.until(lambda: not screen.animating, what="a still table")
    return screen


def test_an_away_owner_counts_down_then_hands_the_table_on(app, drive, shots) -> None:
    from hearts.net import words
    _host(app, drive)
    olga = _olga(app)
    app.send({"type": "sit", "table": 1})
    screen = _table(app, drive)
    assert words.next_step_line(screen.voice, screen.playback.owner_left()) == \
        "Olga starts the game."
    olga.close()                                   # her phone sleeps
    drive.until(lambda: screen.model.info.owner_away is not None, what="Olga away")
    line = words.next_step_line(screen.voice, screen.playback.owner_left())
    assert line.startswith("Olga is away: you can start the game in "), line
    drive.shot(shots / "night-waiting-owner-away-800x600.png")
    drive.until(lambda: app.session.owner, GRACE + 5, "the table passed to Dee")
    drive.until(lambda: screen.button("start") is not None, what="the Start button")
    drive.shot(shots / "night-waiting-handed-over-800x600.png")


def test_a_finished_table_whose_owner_is_away_as_a_newcomer_sees_it(app, drive, shots) -> None:
    from hearts.net import words
    from tests.net.conftest import is_game_over, play_until
    _host(app, drive)
    olga = _olga(app, target=1, pass_count=0)
    for seat in (1, 2, 3):
        olga.send("bot", seat=seat, level="random")
    olga.send("start")
    olga.run(play_until(olga.client, is_game_over), 30)
    olga.close()
    app.send({"type": "sit", "table": 1, "seat": 2})     # a bot played seat 2
    screen = _table(app, drive)
    drive.until(lambda: screen.game_over(), what="the game over sheet")
    sheets = screen.sheets
    assert sheets.over_headline().endswith("wins!") or "share the win" in sheets.over_headline()
    assert "You" not in sheets.over_headline() and sheets.over_place_words() == ""
    drive.shot(shots / "night-over-owner-away-sheet-800x600.png")
    drive.click(screen.button("over-ok").rect.center)   # OK: the line under the table
    drive.until(lambda: screen.model.over_closed and screen.button("leave"), what="closed")
    line = words.next_step_line(screen.voice, screen.playback.owner_left())
    assert line.startswith("Olga is away: you can start the next game in ")
    drive.shot(shots / "night-over-owner-away-800x600.png")
    drive.until(lambda: app.session.owner, GRACE + 5, "the table passed to Dee")
    assert words.next_step_line(screen.voice, None) == \
        "Start the next game when you like, or leave the table."
    drive.shot(shots / "night-over-handed-over-800x600.png")


def test_a_paused_table_whose_owner_is_away(app, drive, shots) -> None:
    from hearts.net import words
    _host(app, drive)
    olga = _olga(app, pass_count=0)
    bob = Player(app, "Bob")
    bob.send("sit", table=1, seat=1)
    bob.wait_for("table")
    app.send({"type": "sit", "table": 1, "seat": 3})
    screen = _table(app, drive)
    olga.send("start")
    olga.send("pause")
    drive.until(lambda: screen.model.info.state == "paused", what="the pause")
    olga.close()
    drive.until(lambda: screen.model.info.owner_away is not None, what="Olga away")
    line = words.next_step_line(screen.voice, screen.playback.owner_left())
    assert line.startswith("Olga is away: Bob can resume the game in "), line
    drive.shot(shots / "night-paused-owner-away-800x600.png")
    bob.close()


def test_a_card_lost_as_the_link_broke_is_released_with_a_word(app, drive, shots) -> None:
    app.settings.bot_level = "random"
    app.link.play_against_bots(rules={"pass_cycle": ["hold"]}, seed=2)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen,
                         what="the table")
    drive.until(lambda: screen.model.my_turn_to_play and not screen.animating, 20, "our turn")
    card = screen.model.view.legal[0]
    real_send = app.net.send
    lost: list[dict] = []

    def lose(msg: dict) -> None:                   # the play goes out as the link breaks
        if msg.get("type") == "play":
            lost.append(msg)
            app.net.loop.call_soon_threadsafe(app.net.client.drop_link)
            return
        real_send(msg)
    app.net.send = lose
    screen.controls.play(card)
    assert screen.model.pending == card            # raised in the hand, not shown as played
    # the link breaks and comes back (the table greyed meanwhile); the host never had the
    # card: it is released in the hand, with a word
    drive.until(lambda: any("did not reach the host" in n.text for n in screen.model.notes),
                40, "the word")
    app.net.send = real_send
    assert lost and card in screen.model.hand_cards and screen.model.pending is None
    drive.shot(shots / "night-card-lost-800x600.png")
