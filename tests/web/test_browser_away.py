"""The page's link, in Chromium against a real host (issue 59, item 1): a link that goes
silent is said within 5 s ("Reconnecting…") and opened anew; the browser's `offline` event is
said at once; a card tapped meanwhile waits and is played when the link is back; and back
after a real restart of the host (--resume) during which a bot played hands for the seat,
the page says so in the sentence the desktop and text clients say (hearts.net.words).

Screenshots go to $HEARTS_WEB_SHOTS when it is set (none are taken otherwise).
"""

from __future__ import annotations

import dataclasses
import re
import time
from pathlib import Path
from typing import Any

import pytest

from hearts.i18n import translation
from hearts.net import words
from hearts.net.host import Host
from hearts.net.limits import Limits
from hearts.net.mirror import TableInfo
from hearts.net.updates import table_message

from .test_browser import (LEFT_EDGE, HostThread, browser, command, create_table,  # noqa: F401
                           hand_cards, open_page, served, shots, snap, until)
from .test_browser_round3 import page_as, shoot

PHONE = {"width": 390, "height": 844}


def banner(page: Any) -> str:
    return page.locator("#banner").inner_text() if page.locator("#banner").is_visible() else ""


def my_turn(page: Any, timeout: float = 30) -> None:
    """Pass if asked, then wait until a card of mine may be played."""
    page.wait_for_selector(".hand .card >> nth=12")
    if page.locator("button.pass").count():
        cards = page.locator(".hand .card")
        for i in (0, 5, 10):
            cards.nth(i).click(position=LEFT_EDGE)
        page.click("button.pass:not([disabled])")
    page.wait_for_selector(".hand .card.legal", timeout=timeout * 1000)


def test_a_silent_link_is_said_within_5_s_and_opened_again(browser, shots) -> None:
    """The host goes silent with the socket still open (its loop stalls, as a Wi-Fi that
    drops packets does): the page asks, hears nothing, and says so within 5 s."""
    served = HostThread()
    page = None
    try:
        page = open_page(browser, served, "Sid", PHONE)
        create_table(page)
        page.click("button.start")
        page.wait_for_selector(".hand .card >> nth=12")
        seat = page.locator(".seat.bottom").get_attribute("data-seat")
        cards = sorted(hand_cards(page))
        assert banner(page) == ""
        served.loop.call_soon_threadsafe(time.sleep, 9)      # the host says nothing for 9 s
        froze = time.monotonic()
        until(lambda: "Reconnecting" in banner(page) or "reconnecting" in banner(page), 8)
        said = time.monotonic() - froze
        assert said < 5.0, f"the dead link was said after {said:.1f} s"
        snap(page, shots, "link-dead")
        page.wait_for_selector("#banner", state="hidden", timeout=20000)   # back by itself
        page.wait_for_selector(".table-screen .hand .card")
        assert page.locator(".seat.bottom").get_attribute("data-seat") == seat
        assert sorted(hand_cards(page)) == cards
        assert page.errors == []                      # type: ignore[attr-defined]
    finally:
        if page is not None:
            page.context.close()
        served.stop()


def test_offline_is_said_at_once_and_a_card_tapped_meanwhile_waits(browser, served,
                                                                   shots) -> None:
    page = open_page(browser, served, "Ola", PHONE)
    create_table(page)
    page.click("button.start")
    my_turn(page)
    card = page.locator(".hand .card.legal").first.get_attribute("data-card")
    page.context.set_offline(True)
    went = time.monotonic()
    until(lambda: "econnecting" in banner(page), 3)
    assert time.monotonic() - went < 1.5
    page.locator(f".hand .card[data-card='{card}']").click(position=LEFT_EDGE)
    page.wait_for_selector(".toast:has-text('Your card is played as soon as the host is back')")
    assert card in hand_cards(page)                   # not shown as played: it waits
    assert page.locator(f".hand .card.pending[data-card='{card}']").count() == 1
    snap(page, shots, "offline-card-waits")
    page.wait_for_timeout(1500)
    assert card in hand_cards(page) and "econnecting" in banner(page)
    page.context.set_offline(False)
    page.wait_for_selector("#banner", state="hidden", timeout=10000)
    until(lambda: card not in hand_cards(page), 10)  # played on return
    assert not page.locator(".toast.error").count()
    assert page.errors == []                          # type: ignore[attr-defined]
    page.context.close()


def test_a_pass_made_offline_waits_and_is_sent_on_return(browser, served, shots) -> None:
    page = open_page(browser, served, "Pax", PHONE)
    create_table(page)
    page.click("button.start")
    page.wait_for_selector("button.pass")
    page.context.set_offline(True)
    until(lambda: "econnecting" in banner(page), 3)
    cards = page.locator(".hand .card")
    chosen = []
    for i in (1, 6, 11):
        cards.nth(i).click(position=LEFT_EDGE)
        chosen.append(cards.nth(i).get_attribute("data-card"))
    page.click("button.pass:not([disabled])")
    page.wait_for_selector(".toast:has-text('Your pass is sent as soon as the host is back')")
    page.wait_for_timeout(1500)
    assert set(chosen) <= set(hand_cards(page))            # nothing passed while offline
    page.context.set_offline(False)
    page.wait_for_selector(".hand .card.received", timeout=15000)
    assert not set(chosen) & set(hand_cards(page)) - set(
        page.eval_on_selector_all(".hand .card.received", "els => els.map(e => e.dataset.card)"))
    assert not page.locator(".toast.error").count()
    assert page.errors == []                          # type: ignore[attr-defined]
    page.context.close()


def _info(host: Host, tid: int, seat: int) -> TableInfo:
    return TableInfo.from_message(dict(table_message(host.core.tables[tid], False, seat, 0.0)))


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_back_after_a_restart_the_page_says_what_a_bot_played_for_it(browser, shots, lang,
                                                                     tmp_path: Path) -> None:
    """Offline on its turn in hand 1 while the host restarts (--resume) and a bot plays
    the seat for a few hands: back, the page says which hands and how many points, in the
    sentence `hearts.net.words.away_lines` says for the desktop and the text client."""
    # bots that play on while she is the table's only person and away (by default they
    # rest: the notice is for a table where other people play on, left out here)
    quick = Limits(bot_budget=0.02, drop_grace=0.5, heartbeat_timeout=3.0, bots_alone=30.0)
    first = HostThread(limits=quick, save_dir=tmp_path / "saves")
    port, web = first.host.port, first.host.web_port
    page = second = None
    stopped = False
    try:
        page = page_as(browser, first, "Pia", lang)
        create_table(page)
        command(page, "/rules set target 1000")       # no game over while she is away
        page.wait_for_selector(".chat-log li.reply")
        page.click(".chat-head .close")
        page.click("button.start")
        my_turn(page)
        seat = int(page.locator(".seat.bottom").get_attribute("data-seat"))
        page.context.set_offline(True)
        until(lambda: banner(page) != "", 3)
        shoot(page, shots, "offline-banner", lang)
        first.stop()                                   # a real restart, on the same ports
        stopped = True
        second = HostThread(port=port, web_port=web, limits=quick, save_dir=tmp_path / "saves",
                            resume=True)
        tid = next(iter(second.host.core.tables))
        # the seat is held, then a bot plays it: wait for two whole hands
        until(lambda: len(second.call(_results(second.host, tid))) >= 2, 60)
        page.context.set_offline(False)
        page.wait_for_selector(".table-screen .notice", timeout=15000)
        text = page.locator(".table-screen .notice span").inner_text()
        results = second.call(_results(second.host, tid))
        # the desktop and the text client say the very same sentence, in the same language:
        # hands 1 to the last one scored before she was back, and their points

        def sentence(last: int) -> str:
            info = second.call(_info_now(second.host, tid, seat))
            info = dataclasses.replace(info, results=info.results[:last])
            return words.away_lines(words.Voice(info, seat, translation(lang)),
                                    words.Away(tid, 0, 0, 0), 0)[0]
        said = [sentence(last) for last in range(2, len(results) + 1)]
        line = next((s for s in said if text.startswith(s)), None)
        assert line is not None, (text, said)
        if lang == "en":
            m = re.match(r"Hands 1–(\d+) were played for you by a bot: (-?\d+) points?\.", text)
            assert m, text
            assert int(m.group(2)) == sum(r["points"][seat] for r in results[:int(m.group(1))])
        # and it is in the chat for later, once the game waits for her (a hand the bot
        # finished as she came back may still put its summary over the table)
        page.wait_for_selector(".hand .card.legal, button.pass", timeout=30000)
        while page.locator("#sheet-root .backdrop").count():
            page.keyboard.press("Escape")
        page.click(".chat-btn")
        page.wait_for_selector(f"aside.chat-panel .chat-log li.note:has-text('{line}')")
        page.click(".chat-head .close")
        shoot(page, shots, "away-notice", lang)
        page.click(".table-screen .notice button")
        assert not page.locator(".table-screen .notice").count()
        page.click(".menu-btn")
        page.wait_for_selector("#menu .menu-item.danger")
        shoot(page, shots, "menu-danger", lang)
        assert page.errors == []                      # type: ignore[attr-defined]
    finally:
        if page is not None:
            page.context.close()
        if second is not None:
            second.stop()
        elif not stopped:
            first.stop()


async def _results(host: Host, tid: int) -> list[dict[str, Any]]:
    return list(host.core.tables[tid].full(0.0)["results"])


async def _info_now(host: Host, tid: int, seat: int) -> TableInfo:
    return _info(host, tid, seat)
