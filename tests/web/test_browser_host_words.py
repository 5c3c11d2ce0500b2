"""The page shows the host's words where it once made its own (issue 58, item 3), in
Chromium against a real host, in English, German and French: the sentence under a hand's
scores for a moon and the label of a taken trick (``update.shown``), why you are no longer
at a table (``left.said``), a replay's captions and hand titles (a ``game`` answer's
``captions`` and ``title``), the moon's choice, a hand's scores head, the status line,
who starts and why a table is gone (``table.status``/``update.status``). Each is checked against the sentence
`hearts.net.words` makes for the desktop from the host's facts, in the page's language."""

from __future__ import annotations

from typing import Any

import pytest

from hearts.i18n import translation
from hearts.net import words
from hearts.net.host import Host
from hearts.engine.scoring import moon_value
from hearts.net.mirror import TableInfo, read_view
from hearts.net.replay import Replay, trick_points
from hearts.net.updates import table_message

from .rigged import rig_first_deal
from .test_browser import (Line, browser, command, create_table, tap_legal,  # noqa: F401
                           served, until)
from .test_browser_languages import join, page_in
from .test_browser_night import _close_and_drop
from .test_records_page import keep_games

pytestmark = pytest.mark.browser
LANGS = ["en", "de", "fr"]


async def _table_of(host: Host, name: str) -> int:
    return next(p.table for p in host.core.players.values() if p.name == name)


async def _last_moon(host: Host, tid: int) -> tuple[TableInfo, dict[str, Any]]:
    table = host.core.tables[tid]
    game = table.game
    assert game is not None and game.results
    moon = game.results[0].moon
    assert moon is not None
    info = TableInfo.from_message(dict(table_message(table, False, 0, 0.0)))
    return info, dict(moon.wire(game.rules))


async def _labels(host: Host, tid: int, tr: Any) -> set[str]:
    """The label of each trick taken so far in the hand being played, for seat 0."""
    table = host.core.tables[tid]
    assert table.game is not None
    voice = words.Voice(TableInfo.from_message(dict(table_message(table, False, 0, 0.0))), 0, tr)
    return {words.trick_label(voice, t.winner, trick_points(table.rules, t.cards))
            for t in table.game.hand.tricks}


async def _facts(host: Host, tid: int, seat: int | None = 0) -> dict[str, Any]:
    """The table message the host would send ``seat`` now (its facts and view)."""
    return dict(table_message(host.core.tables[tid], False, seat, 0.0))


def _status_line(msg: dict[str, Any], tr: Any) -> str:
    """The status line `hearts.net.words` says for seat 0 from the host's facts ``msg``."""
    info = TableInfo.from_message(msg)
    if msg["view"] is None or info.state != "playing":
        return ""
    view = read_view(msg["view"], info.rules)[0]
    return words.status_line(words.Voice(info, 0, tr), view, words.Shown(
        turn=view.turn, my_play=view.turn == 0, passed=bool(view.has_passed[0]),
        hand_over=view.phase == "done"))[0]


async def _game(host: Host, game_id: int) -> dict[str, Any]:
    answer = host.history.game(game_id, 0)
    assert answer is not None
    return {**answer["game"], "hands": answer["hands"]}


def _status(page: Any) -> str:
    return page.locator(".table-screen .status").inner_text()


@pytest.mark.parametrize("lang", LANGS)
def test_the_trick_label_and_the_moon_under_the_scores_are_the_hosts(browser, served,
                                                                     monkeypatch, lang) -> None:
    page = page_in(browser, served, lang=lang)
    name = f"Moe{lang}"
    join(page, name)
    create_table(page)
    for i, line in enumerate(("/rules set high_spades on", "/rules set pass_cycle hold",
                              "/rules set moon choose")):
        command(page, line)
        page.wait_for_selector(f".chat-log li.reply >> nth={i}")
    page.click(".chat-head .close")
    # seat 0 holds every club: every trick (high spades: only this table's deal is rigged)
    rigged = rig_first_deal(monkeypatch, when=lambda rules: rules.high_spades)
    page.click("button.start")
    tid = served.call(_table_of(served.host, name))
    tr = translation(lang)
    page.wait_for_selector(".centre.moon")            # every trick is mine: a moon
    assert rigged
    facts = served.call(_facts(served.host, tid))
    choice = words.moon_choice_lines(words.Voice(TableInfo.from_message(facts), 0, tr), 0,
                                     False, moon_value(TableInfo.from_message(facts).rules))
    assert page.locator(".centre.moon .big").inner_text() == choice["head"]
    assert page.locator(".centre.moon button").all_inner_texts() == [choice["add"],
                                                                     choice["subtract"]]
    if lang != "en":
        assert choice["head"] != translation("en").gettext("You shot the moon!")
    page.click(".centre.moon button >> nth=0")
    page.wait_for_selector("#scores")
    info, moon = served.call(_last_moon(served.host, tid))
    expected = words.hand_end_lines(words.Voice(info, 0, tr), moon, None)
    assert page.locator("#scores .moon-line").inner_text().strip() == expected[0]
    assert page.locator("#scores .hand-line").inner_text() == words.hand_over_line(
        words.Voice(info, 0, tr), 0)
    if lang != "en":
        assert expected[0] != words.hand_end_lines(words.Voice(info, 0, translation("en")),
                                                   moon, None)[0]
    page.click("#scores .buttons .primary")
    # the next hand: the status line, then the label of a taken trick, as the host's facts
    # word them (the page waits for its turn: the two agree then)
    until(lambda: _status(page) == _status_line(served.call(_facts(served.host, tid)), tr)
          != "", 60)
    labels: set[str] = set()

    def a_label() -> bool:
        status = _status(page)
        if status in served.call(_labels(served.host, tid, tr)):
            labels.add(status)
            return True
        tap_legal(page)
        return False
    until(a_label, 60)
    if lang != "en":
        assert not labels & served.call(_labels(served.host, tid, translation("en")))
    assert page.errors == []                      # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_removed_from_a_table_the_page_says_the_hosts_sentence(browser, served, lang) -> None:
    bob = Line(served.host.port, f"Bob{lang}")
    try:
        bob.send({"type": "create_table", "name": f"Oak{lang}"})
        tid = bob.until(lambda m: m["type"] == "table")["table"]["id"]
        page = page_in(browser, served, lang=lang)
        join(page, f"Pia{lang}")
        page.locator(f".table-card[data-table='{tid}'] button.sit").click()
        page.wait_for_selector(".table-screen")
        seat = int(page.locator(".seat.bottom").get_attribute("data-seat"))
        # who starts: the owner, in the host's words for this seat
        facts = served.call(_facts(served.host, tid, seat))
        starts = words.next_step_line(words.Voice(TableInfo.from_message(facts), seat,
                                                  translation(lang)), None)
        until(lambda: page.locator(".centre p").last.inner_text() == starts)
        if lang != "en":
            assert starts != words.next_step_line(words.Voice(TableInfo.from_message(facts),
                                                              seat), None)
        bob.send({"type": "kick", "seat": seat})
        page.wait_for_selector(".lobby-screen .notice")
        said = words.left_line(words.Voice(tr=translation(lang)), "kicked", f"Oak{lang}")
        assert page.locator(".lobby-screen .notice span").inner_text() == said
        if lang != "en":
            assert said != words.left_line(words.Voice(), "kicked", f"Oak{lang}")
        assert page.errors == []                  # type: ignore[attr-defined]
        page.context.close()
    finally:
        bob.close()


@pytest.mark.parametrize("lang", LANGS)
def test_a_replays_captions_are_the_hosts(browser, served, lang) -> None:
    keep_games(served, 1)
    page = page_in(browser, served, lang=lang)
    join(page, f"Rae{lang}")
    page.click(".lobby-head .leaderboard")
    page.wait_for_selector("#leaderboard")
    page.click("#leaderboard .buttons .primary")             # the games
    page.wait_for_selector("#games li.game-item")
    newest = int(page.locator("#games .g-id").first.inner_text().lstrip("#"))
    doc = served.call(_game(served.host, newest))
    replay, tr = Replay(doc), translation(lang)
    hand = doc["hands"][0]

    def caption(step: int) -> str:
        return words.replay_caption(tr, doc, hand, replay.moment(0, step))
    page.locator("#games li.game-item").first.locator(".g-actions .primary").click()
    page.wait_for_selector("#replay .r-table")
    shown = lambda: page.locator("#replay .r-caption").inner_text()   # noqa: E731
    assert shown() == caption(0)
    title = words.replay_title(tr, doc, hand, 1, len(doc["hands"]))
    assert page.locator("#replay .r-title").inner_text() == title
    if lang != "en":
        assert title != words.replay_title(translation("en"), doc, hand, 1, len(doc["hands"]))
    first = 1 if hand.get("passes") else 0
    page.keyboard.press("ArrowRight")
    until(lambda: shown() == caption(first))
    page.keyboard.press("ArrowRight")                        # the first trick, taken
    until(lambda: shown() == caption(first + 4))
    page.keyboard.press("Shift+ArrowRight")                  # a card of the second
    until(lambda: shown() == caption(first + 5))
    page.keyboard.press("End")
    until(lambda: shown() == caption(replay.steps(0)))
    if lang != "en":
        assert caption(replay.steps(0)) != words.replay_caption(
            translation("en"), doc, hand, replay.moment(0, replay.steps(0)))
    assert page.errors == []                      # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_a_table_gone_while_away_is_said_in_the_hosts_words(browser, served, lang) -> None:
    page = page_in(browser, served, lang=lang)
    name = f"Gil{lang}"
    join(page, name)
    create_table(page)
    page.wait_for_selector(".table-screen .centre")
    tid = served.call(_table_of(served.host, name))
    table = served.host.core.tables[tid].name
    served.call(_close_and_drop(served.host, name))       # it closes while the page is away
    page.wait_for_selector(".lobby-screen .notice", timeout=15000)
    said = words.table_gone_line(words.Voice(tr=translation(lang)), table, False)
    assert page.locator(".lobby-screen .notice span").inner_text() == said
    if lang != "en":
        assert said != words.table_gone_line(words.Voice(), table, False)
    assert page.errors == []                      # type: ignore[attr-defined]
    page.context.close()
