"""The open-hands list of played cards at a hand's end: while its summary shows, every card is
out of the hands, though the host's next view (after the hand's last card) is the next hand's,
and a hand finished early (TRAM) gave its last cards to the tricks' winners unplayed."""

from __future__ import annotations

from hearts.engine import Card, Rules
from hearts.gui.table import TableScreen
from hearts.gui.table_model import TableModel

from tests.engine.builders import SPLIT_DEAL, SPLIT_SCRIPT, hand, play, split_hand

FULL = (1 << 52) - 1


def test_a_hand_finished_early_leaves_no_card_in_the_hands():
    done = split_hand(Rules())                        # TRAM after trick 7
    assert done.tram is not None
    v = done.view(0)
    assert v.played_mask() != FULL and v.gone_mask() == FULL
    # as the table shows it: the view before the hand's last card, that card shown played
    # since, and the cards the TRAM gave away (the change, then the summary's copy)
    before = hand(Rules(), SPLIT_DEAL)
    cards = " ".join(SPLIT_SCRIPT[:7]).split()
    play(before, " ".join(cards[:-1]))
    last = Card.parse(cards[-1])
    tram = {"type": "tram", "seat": done.tram.seat, "claimed": False,
            "cards": [[str(c) for c in held] for held in done.tram.cards]}
    v0 = before.view(0)
    ahead = [(before.turn, last)]
    assert TableModel(view=v0, played_ahead=ahead).gone_mask(v0) == v0.played_mask() | last.mask
    assert TableModel(view=v0, played_ahead=ahead, tram=tram).gone_mask(v0) == FULL
    assert TableModel(view=v0, played_ahead=ahead, summary={"tram": tram}).gone_mask(v0) == FULL


def test_the_demo_summary_shows_every_card_played(app_in):
    from .conftest import Driver
    app = app_in("en", (1280, 800))
    drive = Driver(app)
    app.settings.bot_level = "random"
    app.settings.animation = "normal"
    drive.time_lapse(100)
    app.link.play_against_bots(demo=True, seed=3)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen, 30, "the demo")
    m = screen.model
    drive.until(lambda: m.summary is not None, 60, "the first hand's summary")
    drive.step()
    assert m.view.phase == "play" and m.view.played_mask() != FULL   # the view lags the table
    assert m.gone_mask(m.view) == FULL
    assert any(isinstance(k, tuple) and k[:1] == ("played",) and k[2] == FULL
               for k in screen.panels.cache), "the list was not drawn with every card gone"
