"""The page at a game night, in Chromium against a real host: the keyboard stays on the
hand across updates and dialogs take it (a kick is confirmed first, /help names this page's
keys); a phone's hand shows every card wide enough to tap at 390x844 and 360x740; a table
the host no longer has (a restart, a table closed while the phone slept) is said plainly and
the page goes back to the lobby; a card sent and not taken is never shown as played and is
released with a word; a finished table whose owner is away says what happened and what can
be done next.

Screenshots go to $HEARTS_WEB_SHOTS when it is set (none are taken otherwise).
"""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any

import pytest

from hearts.net import words
from hearts.net.host import Host
from hearts.net.limits import Limits

from .test_browser import (LAPTOP, LEFT_EDGE, HostThread, Line, browser, command,  # noqa: F401
                           create_table, hand_cards, open_page, served, shots, snap, until)

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 740}


def focused(page: Any) -> dict[str, Any]:
    """What has the keyboard focus: its tag, classes, card and the sheet it is in."""
    return page.evaluate("""() => { const el = document.activeElement;
        return { tag: el.tagName, cls: el.className, card: el.dataset ? el.dataset.card || null : null,
                 sheet: el.closest('.sheet') ? el.closest('.sheet').id : null,
                 text: (el.innerText || '').trim() }; }""")


def sheet_focus(page: Any, sheet: str) -> dict[str, Any]:
    """What has the focus once the open sheet ``sheet`` took it (a sheet gives its first
    control the focus a tick after it opens, so a fast check would see the page behind)."""
    until(lambda: focused(page)["sheet"] == sheet, 2)
    return focused(page)


def in_hand(page: Any) -> bool:
    f = focused(page)
    return f["card"] is not None and "card" in f["cls"].split()


def tab_to_hand(page: Any, most: int = 12) -> int:
    """Press Tab until a card of the hand has the focus; how many presses it took."""
    for n in range(1, most + 1):
        page.keyboard.press("Tab")
        if in_hand(page):
            return n
    raise AssertionError(f"no card of the hand after {most} Tabs")


def test_the_keyboard_stays_on_the_hand_and_dialogs_take_it(browser, served, shots) -> None:
    page = open_page(browser, served, "Kay", PHONE)
    create_table(page)
    command(page, "/rules set target 1")
    page.wait_for_selector(".chat-log li.reply")
    page.click(".chat-head .close")
    page.focus("button.start")
    page.keyboard.press("Enter")
    page.wait_for_selector(".hand .card >> nth=12")
    page.wait_for_timeout(100)
    tabs = 0 if in_hand(page) else tab_to_hand(page)       # Start took it to the hand
    # choose three cards with the arrows and Space; the pass button comes after the hand (and
    # the own seat): two Tabs on
    for _ in range(3):
        page.keyboard.press("Space")
        page.keyboard.press("ArrowRight")
    until(lambda: page.locator(".hand .card.selected").count() == 3)
    assert in_hand(page), "choosing a card took the keyboard off the hand"
    snap(page, shots, "keyboard-passing")
    for _ in range(2):
        page.keyboard.press("Tab")
        tabs += 1
        if "pass" in focused(page)["cls"].split():
            break
    assert "pass" in focused(page)["cls"].split(), focused(page)
    page.keyboard.press("Enter")
    page.wait_for_selector(".hand .card.received")
    played = 0
    deadline = time.monotonic() + 90
    while not page.locator("#gameover").count():
        assert time.monotonic() < deadline, "the hand did not end"
        if page.locator("#scores").count():
            sheet_focus(page, "scores")
            page.keyboard.press("Enter")
        if page.locator(".hand .card.legal").count() and not page.locator(".hand .card.pending").count():
            if not in_hand(page):
                tabs += tab_to_hand(page)
            # arrows to the first card that may be played, then Enter
            page.keyboard.press("Home")
            for _ in range(13):
                if "legal" in focused(page)["cls"].split():
                    break
                page.keyboard.press("ArrowRight")
            before = len(hand_cards(page))
            page.keyboard.press("Enter")
            until(lambda: len(hand_cards(page)) < before or page.locator("#gameover, #scores").count() > 0,
                  10)
            played += 1
            if played == 3:
                snap(page, shots, "keyboard-playing")
        else:
            page.wait_for_timeout(50)
    # the keyboard never had to find the hand again: Tab was pressed to reach it once and
    # to reach the pass button (the issue counted 9 to 13 Tabs a card, 24 to Continue)
    assert played >= 10 and tabs <= 2, (played, tabs)
    f = sheet_focus(page, "gameover")
    assert f["text"] == "New game", f
    snap(page, shots, "keyboard-game-over")
    page.keyboard.press("Escape")
    assert not page.locator("#gameover").count()
    page.context.close()


def test_a_kick_is_confirmed_first_and_help_names_this_pages_keys(browser, served,
                                                                 shots) -> None:
    page = open_page(browser, served, "Olga", PHONE)
    create_table(page)
    tid = served.call(_table_of(served.host, "Olga"))
    bob = Line(served.host.port, "Bob")
    try:
        bob.send({"type": "sit", "table": tid, "seat": 2})
        page.wait_for_selector(".seat.top .name:text('Bob')")
        page.click(".seat.top")
        page.click("#seat .menu-item.danger")
        page.wait_for_selector("#kick")
        assert page.locator("#kick h2").inner_text() == "Kick Bob?"
        assert "cannot come back unless you /allow them" in page.locator("#kick p").inner_text()
        assert sheet_focus(page, "kick")["text"] == "Cancel"     # Enter keeps Bob
        snap(page, shots, "kick-confirm")
        page.keyboard.press("Enter")
        assert not page.locator("#kick").count()
        page.wait_for_timeout(300)
        assert page.locator(".seat.top .name").inner_text() == "Bob"
        page.click(".seat.top")
        page.click("#seat .menu-item.danger")
        page.click("#kick button.danger")
        left = bob.until(lambda m: m["type"] == "left")
        assert left["reason"] == "kicked"
        # /help: the host's commands, then this page's keys (the page has no F2)
        command(page, "/help")
        page.wait_for_selector("aside.chat-panel .chat-log li:has-text('Keys on this page')")
        log = page.locator("aside.chat-panel .chat-log").inner_text()
        assert "/kick" in log and "F2" not in log and "arrow keys" in log
        snap(page, shots, "help-keys")
        assert page.errors == []                      # type: ignore[attr-defined]
    finally:
        bob.close()
    page.context.close()


async def _table_of(host: Host, name: str) -> int:
    return next(p.table for p in host.core.players.values() if p.name == name)


@pytest.mark.parametrize("size", [PHONE, SMALL], ids=["390x844", "360x740"])
def test_a_phones_hand_shows_every_card_wide_enough_to_tap(browser, served, shots,
                                                           size: dict[str, int]) -> None:
    page = open_page(browser, served, "Pia", size)
    create_table(page)
    page.click("button.start")
    page.wait_for_selector(".hand .card >> nth=12")
    page.wait_for_timeout(200)
    # what of each card a finger can reach: up to the next card of its row, and above the
    # row in front of it; a tap in the middle of that lands on the card itself
    shown = page.evaluate("""() => {
        const cards = [...document.querySelectorAll('.hand .card')];
        return cards.map((el) => {
            const r = el.getBoundingClientRect();
            let right = r.right, bottom = r.bottom;
            for (const other of cards) {
                if (other === el || (other.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
                const o = other.getBoundingClientRect();   // drawn over this one
                if (o.left < right && o.right > r.left && o.top < bottom && o.bottom > r.top) {
                    if (o.top <= r.top + 1) right = Math.min(right, o.left);
                    else bottom = Math.min(bottom, o.top);
                }
            }
            const x = (r.left + right) / 2, y = (r.top + bottom) / 2;
            const hit = document.elementFromPoint(x, y);
            return { card: el.dataset.card, w: right - r.left, h: bottom - r.top,
                     hits: !!hit && hit.closest('.card') === el, inside: r.bottom <= innerHeight };
        });
    }""")
    assert len(shown) == 13
    for c in shown:
        assert c["w"] >= 44 and c["h"] >= 44, c
        assert c["hits"] and c["inside"], c
    snap(page, shots, f"phone-hand-{size['width']}")
    # a tap on a card's own region chooses that very card
    card = shown[3]["card"]
    page.locator(f".hand .card[data-card='{card}']").click(position={"x": 10, "y": 10})
    assert page.locator(".hand .card.selected").get_attribute("data-card") == card
    page.context.close()


def test_a_table_the_host_lost_is_said_plainly_and_the_page_goes_to_the_lobby(
        browser, shots, tmp_path) -> None:
    first = HostThread()
    port, web = first.host.port, first.host.web_port
    page = None
    try:
        page = open_page(browser, first, "Gus", PHONE)
        create_table(page, "standard")
        page.click("button.start")
        page.wait_for_selector(".hand .card >> nth=12")
        # a plain restart: the host is gone, another one starts on the same ports
        first.stop()
        second = HostThread(port=port, web_port=web)
        try:
            page.wait_for_selector(".lobby-screen .notice", timeout=15000)
            notice = page.locator(".notice span").inner_text()
            # the host's words (status.gone, said ahead), as the desktop says them
            assert notice.strip() == words.table_gone_line(words.Voice(), "Gus's table", True)
            assert not page.locator(".table-screen").count()
            snap(page, shots, "table-gone-restart")
            # the table closed while the phone slept (it comes back by its own token)
            create_table(page, "standard")
            served_again = second
            served_again.call(_close_and_drop(served_again.host, "Gus"))
            page.wait_for_selector(".lobby-screen .notice", timeout=15000)
            assert page.locator(".notice span").inner_text().strip() == words.table_gone_line(
                words.Voice(), "Gus's table", False)
            assert page.errors == []                      # type: ignore[attr-defined]
        finally:
            second.stop()
    finally:
        if page is not None:
            page.context.close()


async def _close_and_drop(host: Host, name: str) -> None:
    """Cut ``name``'s connection and close its table before it comes back."""
    player = next(p for p in host.core.players.values() if p.name == name)
    tid = player.table
    host.connection(player).transport.abort()
    await asyncio.sleep(0.05)
    host.operator(f"/close {tid}")


def test_a_card_the_host_never_took_is_not_shown_as_played_and_is_released(
        browser, served, shots) -> None:
    page = open_page(browser, served, "Lou", PHONE, query="&pending=1500")
    create_table(page)
    page.click("button.start")
    page.wait_for_selector(".hand .card >> nth=12")
    served.call(_deaf(served.host, "Lou", True))
    # passing: the pass is sent and never answered; a dropped link releases it with a word
    cards = page.locator(".hand .card")
    for i in (0, 1, 2):
        cards.nth(i).click(position=LEFT_EDGE)
    page.click("button.pass")
    page.wait_for_selector("button.pass:has-text('Passing')")
    served.call(_drop_link(served.host, "Lou"))
    page.wait_for_selector(".toast.error:has-text('Your pass did not reach the host')")
    page.wait_for_selector("#banner", state="hidden", timeout=10000)
    page.wait_for_selector("button.pass:not([disabled])")
    assert page.locator(".hand .card.selected").count() == 3     # the choice is kept
    page.click("button.pass")
    page.wait_for_selector(".hand .card.received", timeout=15000)
    # playing: a card sent and not taken stays in the hand, marked as waiting, not in the
    # trick; with no answer it is released with a word and can be played again
    page.wait_for_selector(".hand .card.legal", timeout=20000)
    served.call(_deaf(served.host, "Lou", True))
    card = page.locator(".hand .card.legal").first.get_attribute("data-card")
    page.locator(f".hand .card[data-card='{card}']").click(position=LEFT_EDGE)
    page.wait_for_selector(".hand .card.pending")
    assert card in hand_cards(page)
    assert not page.locator(f".trick .card[data-card='{card}']").count()
    snap(page, shots, "card-pending")
    page.wait_for_selector(".toast.error:has-text('has not taken your card')", timeout=5000)
    assert not page.locator(".hand .card.pending").count()
    served.call(_deaf(served.host, "Lou", False))
    page.locator(f".hand .card[data-card='{card}']").click(position=LEFT_EDGE)
    until(lambda: card not in hand_cards(page), 10)
    assert page.errors == []                      # type: ignore[attr-defined]
    page.context.close()


async def _deaf(host: Host, name: str, deaf: bool) -> None:
    """Make the host drop (or hear again) what ``name``'s page sends: a message lost on
    the way, with the connection still up."""
    player = next(p for p in host.core.players.values() if p.name == name)
    conn = host.connection(player)
    if deaf:
        conn.deliver = lambda messages, others=0: None            # type: ignore[method-assign]
    else:
        conn.__dict__.pop("deliver", None)


async def _drop_link(host: Host, name: str) -> None:
    player = next(p for p in host.core.players.values() if p.name == name)
    host.connection(player).transport.abort()


def test_a_finished_table_whose_owner_went_says_what_happened_and_what_next(
        browser, served, shots) -> None:
    olga = Line(served.host.port, "Oona")
    olga.send({"type": "create_table", "name": "Oona's den", "rules": {"preset": "standard",
                                                                       "target": 1}})
    tid = olga.until(lambda m: m["type"] == "table")["table"]["id"]
    olga.send({"type": "start"})
    olga.play_until(lambda m: m["type"] == "update" and any(
        e["type"] == "game_over" for e in m["events"]))
    olga.close()                                     # the owner goes home
    page = open_page(browser, served, "Nia", PHONE)
    card = page.locator(f".table-card[data-table='{tid}']")
    card.locator("button.sit").click()
    page.wait_for_selector(".table-screen .centre.over")
    text = page.locator(".centre").inner_text()
    assert "The game is over" in text and re.search(r"(wins|You win|share the win.*)!", text)
    # Oona went with nobody else there: the table passed to the first who came, Nia
    page.wait_for_selector(".centre button.start:has-text('Start a new game')")
    page.wait_for_selector(".toast:has-text('You own the table now: you can start a new game.')")
    assert page.locator(".centre button.scores-now").is_visible()
    assert page.locator(".centre button.leave-now").is_visible()
    snap(page, shots, "finished-owner-away")
    page.click(".centre button.scores-now")
    page.wait_for_selector("#gameover table.scores tbody tr")
    page.keyboard.press("Escape")
    page.click(".centre button.leave-now")
    page.wait_for_selector(".lobby-screen")
    assert page.errors == []                      # type: ignore[attr-defined]
    page.context.close()


def test_a_seated_person_sees_who_can_start_and_when_the_table_passes(browser, shots) -> None:
    """The owner's phone sleeps: the others read who can start and a countdown to the
    handover (`owner_away`), then the table is theirs and the Start button with it."""
    served = HostThread(limits=Limits(bot_budget=0.05, drop_grace=4.0))
    page = None
    try:
        olga = Line(served.host.port, "Olga")
        olga.send({"type": "create_table", "name": "Olga's den"})
        tid = olga.until(lambda m: m["type"] == "table")["table"]["id"]
        page = open_page(browser, served, "Nia", PHONE)
        page.locator(f".table-card[data-table='{tid}'] button.sit").click()
        page.wait_for_selector(".table-screen .centre")
        assert "Olga starts the game." in page.locator(".centre").inner_text()
        assert not page.locator("button.start").count()
        olga.close()                                   # her phone sleeps
        page.wait_for_selector(".centre:has-text('Olga is away')")
        first = int(re.search(r"in (\d+) s", page.locator(".centre").inner_text()).group(1))
        snap(page, shots, "owner-away-countdown")

        def counted_down() -> bool:                   # it ticks each second, or the table passed
            m = re.search(r"in (\d+) s", page.locator(".centre").inner_text())
            return m is None or int(m.group(1)) < first
        until(counted_down, 3)
        text = page.locator(".centre").inner_text()
        m = re.search(r"in (\d+) s", text)
        assert first <= 4
        assert m is None or "Olga is away: you can start the game in" in text   # the host's
        page.wait_for_selector("button.start", timeout=10000)   # the table passed to Nia
        page.wait_for_selector(".toast:has-text('You own the table now')")
        assert page.locator(".seat.bottom .crown").count() == 1
        snap(page, shots, "owner-handed-over")
        page.click("button.start")
        page.wait_for_selector(".hand .card >> nth=12")
        assert page.errors == []                      # type: ignore[attr-defined]
    finally:
        if page is not None:
            page.context.close()
        served.stop()
