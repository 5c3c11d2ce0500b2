"""Every text on the page meets WCAG AA contrast (4.5:1, 3:1 for large text), computed in
Chromium from the computed styles (tests/web/contrast.js) on every screen and sheet a
person meets in an evening, at 390x844 and 1280x800: the name form, the lobby with its
chat, a notice and the leaderboard, the new-table and password sheets, the table waiting,
passing, playing and over, the menu, a seat's sheet with its kick (issue 59: the danger
buttons were dark red on red, 1.2:1), the kick's confirmation, the rules, the scores, the
chat, a toast and the offline banner.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .test_browser import (LAPTOP, LEFT_EDGE, Line, browser, command, create_table,  # noqa: F401
                           served)
from .test_browser_round3 import play_to_game_over

PHONE = {"width": 390, "height": 844}
CONTRAST = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")


class Contrast:
    """Checks each screen at both sizes; the failures, said by screen, at the end."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.failures: list[str] = []
        self.screens = 0
        self.checked = 0

    def check(self, screen: str) -> None:
        page = self.page
        size = page.viewport_size
        for viewport in (PHONE, LAPTOP):
            page.set_viewport_size(viewport)
            page.wait_for_timeout(120)                 # laid out again
            found = page.evaluate(CONTRAST)
            assert found["checked"] >= 2, (screen, found)
            self.checked += found["checked"]
            for f in found["failures"]:
                self.failures.append(f"{screen} at {viewport['width']}: {f}")
        page.set_viewport_size(size)
        page.wait_for_timeout(120)
        self.screens += 1


def test_every_text_on_every_screen_meets_wcag_aa_contrast(browser, served) -> None:
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = ctx.new_page()
    page.goto(f"http://127.0.0.1:{served.host.web_port}/?pace=0.25")
    page.wait_for_selector(".name-form")
    c = Contrast(page)
    c.check("the name form")
    page.fill("#name", "Cora")
    page.click(".name-form button[type=submit]")
    page.wait_for_selector(".lobby-screen")
    bob = Line(served.host.port, "Bob")
    try:
        bob.send({"type": "create_table", "name": "Bob's den", "password": "pw"})
        tid = bob.until(lambda m: m["type"] == "table")["table"]["id"]
        bob.send({"type": "chat", "text": "hello lobby"})    # at a table: reaches the table only
        page.click(".lobby-chat .chat-fold")
        page.fill(".lobby-chat .chat-input", "hi all")
        page.press(".lobby-chat .chat-input", "Enter")
        gone = Line(served.host.port, "Gwen")             # her phone sleeps: away
        gone.send({"type": "create_table", "name": "Gwen's"})
        gone.until(lambda m: m["type"] == "table")
        gone.close()
        page.wait_for_selector(".chip.human.away")
        page.wait_for_selector(f".table-card[data-table='{tid}']")
        page.wait_for_selector(".lobby-chat li:has-text('hi all')")
        c.check("the lobby")
        page.click(".new-table")
        page.wait_for_selector("#create")
        c.check("the new-table sheet")
        page.keyboard.press("Escape")
        page.locator(f".table-card[data-table='{tid}'] button.sit").click()
        page.wait_for_selector("#password")
        c.check("the password sheet")
        page.keyboard.press("Escape")
        page.click(".leaderboard")
        page.wait_for_selector(".sheet")
        page.wait_for_timeout(300)
        c.check("the leaderboard")
        page.keyboard.press("Escape")
        wes = Line(served.host.port, "Wes")
        wes.send({"type": "create_table", "name": "Wes's"})
        wid = wes.until(lambda m: m["type"] == "table")["table"]["id"]
        page.locator(f".table-card[data-table='{wid}'] button.watch").click()
        page.wait_for_selector(".table-screen .centre")
        c.check("the table, watching")
        page.click(".bar button.back")
        page.wait_for_selector(".lobby-screen")
        wes.close()
        bob.send({"type": "leave"})
        create_table(page)
        mine = next(p.table for p in served.host.core.players.values() if p.name == "Cora")
        bob.send({"type": "sit", "table": mine, "seat": 2})
        page.wait_for_selector(".seat.top .name:text('Bob')")
        c.check("the table, waiting")
        gwen = Line(served.host.port, "Gwen2")
        gwen.send({"type": "sit", "table": mine, "seat": 1})
        gwen.until(lambda m: m["type"] == "table")
        gwen.close()
        page.wait_for_selector(".seat.away")
        c.check("the table, someone away")
        page.click(".seat.away")
        page.click("#seat .menu-item.danger")
        page.click("#kick button.danger")
        page.wait_for_selector(".seat.left.empty, .seat.right.empty")
        page.click(".seat.top")
        page.wait_for_selector("#seat .menu-item.danger")
        c.check("a seat's sheet (kick)")
        page.click("#seat .menu-item.danger")
        page.wait_for_selector("#kick")
        c.check("the kick's confirmation")
        page.click("#kick button.danger")                  # the seat is free again
        page.wait_for_selector(".seat.top.empty")
        page.click(".menu-btn")
        page.wait_for_selector("#menu .menu-item.danger")
        c.check("the menu")
        page.keyboard.press("Escape")
        page.click(".menu-btn")
        page.click("#menu .menu-item >> nth=1")           # Rules
        page.wait_for_selector("#rules")
        c.check("the rules")
        page.keyboard.press("Escape")
        command(page, "/rules set target 1")
        page.wait_for_selector(".chat-log li.reply")
        c.check("the chat")
        page.click(".chat-head .close")
        page.click("button.start")
        page.wait_for_selector(".hand .card >> nth=12")
        cards = page.locator(".hand .card")
        cards.nth(0).click(position=LEFT_EDGE)
        cards.nth(4).click(position=LEFT_EDGE)
        c.check("passing")
        cards.nth(8).click(position=LEFT_EDGE)
        cards.nth(11).click(position=LEFT_EDGE)           # a fourth: "You pass 3 cards; ..."
        page.wait_for_selector(".toast")
        c.check("a toast")
        page.click("button.pass:not([disabled])")
        page.wait_for_selector(".hand .card.legal", timeout=20000)
        c.check("playing, my turn")
        command(page, "/pause")
        page.wait_for_selector(".centre:has(p.big)")
        page.click(".chat-head .close") if page.locator(".chat-head .close").is_visible() else None
        c.check("paused")
        command(page, "/resume")
        page.wait_for_selector(".hand .card.legal", timeout=20000)
        page.click(".chat-head .close") if page.locator(".chat-head .close").is_visible() else None
        page.click(".scores-btn")
        page.wait_for_selector("#scores")
        c.check("the scores")
        page.keyboard.press("Escape")
        ctx.set_offline(True)
        page.wait_for_selector("#banner:not([hidden])")
        c.check("the offline banner")
        ctx.set_offline(False)
        page.wait_for_selector("#banner", state="hidden", timeout=10000)
        play_to_game_over(page, 90)
        c.check("game over")
        page.click("#gameover button.review")
        page.wait_for_timeout(500)
        c.check("the review of a hand")
        page.keyboard.press("Escape")
        page.click(".centre button.scores-now")
        page.wait_for_selector("#gameover")
        page.keyboard.press("Escape")
        c.check("the table, over")
        page.click(".centre button.leave-now")
        page.wait_for_selector(".lobby-screen")
        c.check("the lobby, back")
    finally:
        bob.close()
    ctx.close()
    assert c.screens >= 18 and c.checked > 600, (c.screens, c.checked)
    assert not c.failures, "\n".join(c.failures)
