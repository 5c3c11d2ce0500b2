"""Issue 59 (game night, round 3), the page's items, each in Chromium against a real host:
a name is never clipped in the score sheets (5); names are counted and shown by grapheme
clusters (6); the keyboard lands on each new screen, a closed sheet gives it back to what
opened it, and the hand comes before Pass and Hint (7); French never elides a name into
grammar (8); on a phone the open tables come first and the lobby's chat folds away (9); a
watcher at a full table is not told to tap a free seat (10).

Screenshots of the changed screens in en, de and fr at 390x844 and 1280x800 go to
$HEARTS_WEB_SHOTS when it is set (none are taken otherwise).
"""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from .test_browser import (LAPTOP, LEFT_EDGE, PACE, HostThread, Line, browser,  # noqa: F401
                           command, create_table, shots, shots_asked, tap_legal, until)

PHONE = {"width": 390, "height": 844}
LANGS = {"en": "en-US", "de": "de-DE", "fr": "fr-FR"}


@pytest.fixture(scope="module")
def served() -> Iterator[HostThread]:
    h = HostThread()
    yield h
    h.stop()


def page_as(browser: Any, served: HostThread, name: str, lang: str = "en",
            viewport: dict[str, int] = PHONE) -> Any:
    """A fresh page reading ``lang`` that has joined under ``name``."""
    ctx = browser.new_context(viewport=viewport, device_scale_factor=1, has_touch=True,
                              locale=LANGS[lang])
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(f"http://127.0.0.1:{served.host.web_port}/?pace={PACE}")
    page.fill("#name", name)
    page.click(".name-form button[type=submit]")
    page.wait_for_selector(".lobby-screen")
    return page


def shoot(page: Any, shots: Path, what: str, lang: str) -> None:
    """The page at its phone size and at 1280x800 (the layout is drawn anew in between)."""
    if not shots_asked():
        return
    size = page.viewport_size
    for viewport in (PHONE, LAPTOP):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(250)
        page.screenshot(path=str(shots / f"r3-{what}-{lang}-{viewport['width']}x{viewport['height']}.png"),
                        animations="disabled")
    page.set_viewport_size(size)
    page.wait_for_timeout(150)


def focused(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => { const el = document.activeElement;
        return { tag: el.tagName, cls: String(el.className), card: el.dataset ? el.dataset.card || null : null,
                 text: (el.innerText || '').trim(), body: el === document.body }; }""")


def play_in_background(line: Line) -> threading.Thread:
    """``line`` passes and plays its seat until the game is over, in a thread."""
    def run() -> None:
        try:
            line.play_until(lambda m: m["type"] == "update" and any(
                e["type"] == "game_over" for e in m["events"]), 120)
        except Exception:
            pass
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def play_to_game_over(page: Any, seconds: float = 120) -> None:
    """Tap the page's way to the final sheet: the scores dismissed, three cards passed
    where a pass is asked, the first legal card played."""
    deadline = time.monotonic() + seconds
    while not page.locator("#gameover").count():
        assert time.monotonic() < deadline, "the game did not end"
        if page.locator("#scores").count():
            page.click("#scores .buttons .primary")
        play_a_step(page)


def play_a_step(page: Any) -> None:
    """One round of `play_to_game_over`'s taps (a hand's summary left open)."""
    if page.locator("button.pass:not([disabled])").count() == 0 and page.locator("button.pass").count():
        cards = page.locator(".hand .card")
        for i in (0, 5, 10):
            cards.nth(i).click(position=LEFT_EDGE)
    if page.locator("button.pass:not([disabled])").count():
        page.click("button.pass:not([disabled])")
    if not page.locator(".hand .card.pending").count():
        tap_legal(page)
    page.wait_for_timeout(60)


CLIPPED = """els => els.map(th => {
  const range = document.createRange(); range.selectNodeContents(th);
  const text = range.getBoundingClientRect(), box = th.getBoundingClientRect();
  const rows = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top))).size;
  return { name: th.innerText.trim(), rows, cut: th.scrollWidth > th.clientWidth + 1 ||
    text.left < box.left - 1 || text.right > box.right + 1 || getComputedStyle(th).textOverflow === 'ellipsis' };
})"""


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_5_no_name_is_clipped_in_the_score_sheets(browser, shots, lang) -> None:
    served = HostThread()                      # the names are taken afresh for each language
    try:
        _no_name_clipped(browser, served, shots, lang)
    finally:
        served.stop()


def _no_name_clipped(browser: Any, served: HostThread, shots: Path, lang: str) -> None:
    page = page_as(browser, served, "Phone390", lang)
    create_table(page)
    tid = next(p.table for p in served.host.core.players.values() if p.name == "Phone390")
    command(page, "/rules set target 1")
    page.wait_for_selector(".chat-log li.reply")
    page.click(".chat-head .close")
    others = [Line(served.host.port, "Laptop#2"), Line(served.host.port, "Wilhelmina-Alexandra")]
    try:
        for seat, line in ((1, others[0]), (2, others[1])):
            line.send({"type": "sit", "table": tid, "seat": seat})
            line.until(lambda m: m["type"] == "table")
        page.wait_for_selector(".seat.top .name:text('Wilhelmina-Alexandra')")
        threads = [play_in_background(line) for line in others]
        page.click("button.start")
        play_to_game_over(page)
        for viewport in (PHONE, LAPTOP, {"width": 360, "height": 740}):
            page.set_viewport_size(viewport)
            page.wait_for_timeout(200)
            heads = page.eval_on_selector_all("#gameover table.scores thead th", CLIPPED)
            names = [h["name"] for h in heads]
            assert {"Phone390", "Laptop#2", "Wilhelmina-Alexandra"} <= set(names), names
            assert not [h for h in heads if h["cut"]], (viewport, heads)
            # a short name is whole on one line, never broken in two ("Phone3 / 90")
            assert all(h["rows"] == 1 for h in heads if h["name"] in ("Phone390", "Laptop#2")), (
                viewport, heads)
            assert page.locator("#gameover th.mine").inner_text() == "Phone390"
            assert page.eval_on_selector_all("#gameover table.scores th", "els => els.every("
                                             "e => getComputedStyle(e).display === 'table-cell')")
        page.set_viewport_size(PHONE)
        shoot(page, shots, "scores-names", lang)
        for t in threads:
            t.join(5)
    finally:
        for line in others:
            line.close()
    assert page.errors == []
    page.context.close()


def test_6_names_are_counted_and_shown_by_grapheme_clusters(browser, served, shots) -> None:
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    page = ctx.new_page()
    page.goto(f"http://127.0.0.1:{served.host.web_port}/?pace={PACE}")
    family = "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466"   # one person sees one
    assert page.get_attribute("#name", "maxlength") is None   # code units: not what a reader counts
    page.fill("#name", family * 30)
    page.dispatch_event("#name", "input")
    value = page.input_value("#name")
    assert value == family * 24, len(value)                  # 24 whole families, none cut
    page.fill("#name", "\U0001F0CF Zoë")
    page.click(".name-form button[type=submit]")
    page.wait_for_selector(".lobby-screen")
    create_table(page)
    avatar = page.locator(".seat.bottom .avatar").inner_text().strip()
    assert avatar == "\U0001F0CF", repr(avatar)                # the joker, not half of it
    shown = page.evaluate("""() => [...document.querySelectorAll('.avatar, .name, .tname')]
        .map(e => e.innerText).join(' ')""")
    assert "\ufffd" not in shown and not re.search(r"[\ud800-\udfff]", shown)
    # a first character made of several code points stays whole in the avatar
    line = Line(served.host.port, "Éva" + family)
    tid = next(p.table for p in served.host.core.players.values() if p.name == "\U0001F0CF Zoë")
    try:
        line.send({"type": "sit", "table": tid, "seat": 2})
        page.wait_for_selector(".seat.top .name:has-text('va')")
        assert page.locator(".seat.top .avatar").inner_text().strip() == "É"
        shoot(page, shots, "emoji-names", "en")
    finally:
        line.close()
    ctx.close()


def test_7_the_keyboard_lands_on_each_screen_and_comes_back_to_what_opened_a_sheet(
        browser, served, shots) -> None:
    ctx = browser.new_context(viewport=LAPTOP, device_scale_factor=1)
    page = ctx.new_page()
    page.goto(f"http://127.0.0.1:{served.host.web_port}/?pace={PACE}")
    page.wait_for_selector("#name")
    page.keyboard.type("Keys")
    page.keyboard.press("Enter")
    page.wait_for_selector(".lobby-screen")
    until(lambda: not focused(page)["body"], 3)             # joined: not on <body>
    f = focused(page)
    assert "sit" in f["cls"].split() or "new-table" in f["cls"].split(), f
    page.focus("button.new-table")
    page.keyboard.press("Enter")
    page.wait_for_selector("#create")
    until(lambda: focused(page)["tag"] == "INPUT", 2)
    page.keyboard.press("Escape")
    until(lambda: "new-table" in focused(page)["cls"].split(), 2)   # not "Change your name"
    page.keyboard.press("Enter")                             # and Enter opens it again
    page.wait_for_selector("#create")
    until(lambda: focused(page)["tag"] == "INPUT", 2)
    page.keyboard.press("Enter")                             # open the table: its name is offered
    page.wait_for_selector(".table-screen")
    until(lambda: not focused(page)["body"], 3)             # at the table: not on <body>
    assert "start" in focused(page)["cls"].split(), focused(page)
    page.keyboard.press("Enter")
    page.wait_for_selector(".hand .card >> nth=12")
    until(lambda: focused(page)["card"] is not None, 3)
    for _ in range(3):                                       # three cards chosen: Pass is on
        until(lambda: focused(page)["card"] is not None, 3)
        card = focused(page)["card"]
        chosen = page.locator(f'.hand .card.selected[data-card="{card}"]')
        for _press in range(3):      # a redraw between two keys (the deal's updates) can lose one
            page.keyboard.press("Space")
            try:
                until(lambda: chosen.count() == 1, 1)
                break
            except AssertionError:
                continue
        page.keyboard.press("ArrowRight")
        until(lambda: focused(page)["card"] not in (None, card), 2)
    page.wait_for_selector("button.pass:not([disabled])")
    # Tab from the top of the page: the hand comes before Pass and Hint
    page.focus(".bar button.back")
    order = []
    for _ in range(20):
        page.keyboard.press("Tab")
        f = focused(page)
        order.append("card" if f["card"] else next((c for c in ("pass", "hint") if c in f["cls"].split()), f["tag"]))
        if "pass" in order and "hint" in order:
            break
    assert "pass" in order and "hint" in order, order
    assert order.index("card") < order.index("pass") < order.index("hint"), order
    shoot(page, shots, "keyboard-hand-first", "en")
    ctx.close()


def test_8_french_puts_a_name_into_a_whole_sentence_without_eliding(browser, served,
                                                                     shots) -> None:
    page = page_as(browser, served, "Evafr", "fr")
    page.click(".new-table")
    page.wait_for_selector("#create")
    assert page.get_attribute("#t-name", "placeholder") == "Chez Evafr"
    page.click("#create form button[type=submit]")             # no name: the host names it
    page.wait_for_selector(".table-screen")
    assert page.locator(".bar .tname").inner_text().strip() == "Chez Evafr"
    text = page.locator("body").inner_text()
    assert not re.search(r"\b(de|que) Evafr", text), text
    shoot(page, shots, "french-table", "fr")
    watcher = page_as(browser, served, "Ulysse", "fr")            # and in the lobby's list
    watcher.wait_for_selector(".table-card .tc-name:text('Chez Evafr')")
    assert not re.search(r"\b(de|que) Evafr", watcher.locator("body").inner_text())
    watcher.context.close()
    page.context.close()


def _finished_table(served: HostThread) -> int:
    olga = Line(served.host.port, "Olga")
    olga.send({"type": "create_table", "name": "Done and dusted", "rules": {"preset": "standard",
                                                                            "target": 1}})
    tid = olga.until(lambda m: m["type"] == "table")["table"]["id"]
    olga.send({"type": "start"})
    olga.play_until(lambda m: m["type"] == "update" and any(
        e["type"] == "game_over" for e in m["events"]))
    olga.close()
    return int(tid)


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_9_on_a_phone_open_tables_come_first_and_the_chat_folds_away(browser, shots,
                                                                     lang) -> None:
    served = HostThread()
    try:
        done = _finished_table(served)
        lines = []
        for name in ("Full1", "Full2", "Full3", "Full4"):
            lines.append(Line(served.host.port, name))
        lines[0].send({"type": "create_table", "name": "Four friends"})
        full = lines[0].until(lambda m: m["type"] == "table")["table"]["id"]
        for seat, line in enumerate(lines[1:], 1):
            line.send({"type": "sit", "table": full, "seat": seat})
            line.until(lambda m: m["type"] == "table")
        opener = Line(served.host.port, "Nina")
        opener.send({"type": "create_table", "name": "Come and play"})
        open_ = opener.until(lambda m: m["type"] == "table")["table"]["id"]
        page = page_as(browser, served, "Pat", lang)
        page.wait_for_selector(f".table-card[data-table='{open_}']")
        page.wait_for_selector(f".table-card[data-table='{done}']")
        order = [int(x) for x in page.eval_on_selector_all(".table-card", "els => els.map(e => e.dataset.table)")]
        assert order == [open_, full, done], order              # open first, finished last
        fold = page.locator(".lobby-chat").bounding_box()
        assert fold and fold["height"] <= 60, fold              # folded: about 7% of 844 px
        assert not page.locator(".lobby-chat .chat-input").is_visible()
        listed = page.locator("ul.tables").bounding_box()
        assert listed and listed["height"] >= 0.75 * PHONE["height"], listed
        # a lobby line comes while folded: counted on the fold
        hal = Line(served.host.port, "Hal")
        hal.send({"type": "chat", "text": "anyone?"})
        page.wait_for_selector(".lobby-chat .chat-fold .badge.unread:text('1')")
        shoot(page, shots, "lobby-folded", lang)
        page.click(".lobby-chat .chat-fold")
        page.wait_for_selector(".lobby-chat .chat-input")
        assert page.locator(".lobby-chat li:has-text('anyone?')").is_visible()
        assert not page.locator(".lobby-chat .badge.unread").is_visible()
        assert page.get_attribute(".lobby-chat .chat-fold", "aria-expanded") == "true"
        shoot(page, shots, "lobby-unfolded", lang)
        page.click(".lobby-chat .chat-fold")
        page.wait_for_selector(".lobby-chat .chat-input", state="hidden")
        # wide: the chat stands beside the tables, always open
        page.set_viewport_size(LAPTOP)
        page.wait_for_timeout(200)
        assert page.locator(".lobby-chat .chat-input").is_visible()
        assert page.errors == []
        page.context.close()
        for line in (*lines, opener, hal):
            line.close()
    finally:
        served.stop()


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_10_a_watcher_at_a_full_table_is_not_told_to_tap_a_free_seat(browser, served, shots,
                                                                    lang) -> None:
    lines = [Line(served.host.port, f"{lang}Four{i}") for i in range(4)]
    try:
        lines[0].send({"type": "create_table", "name": f"Full house {lang}"})
        tid = lines[0].until(lambda m: m["type"] == "table")["table"]["id"]
        for seat, line in enumerate(lines[1:], 1):
            line.send({"type": "sit", "table": tid, "seat": seat})
            line.until(lambda m: m["type"] == "table")
        page = page_as(browser, served, f"Walt{lang}", lang)
        page.locator(f".table-card[data-table='{tid}'] button.watch").click()
        page.wait_for_selector(".table-screen .centre")
        text = page.locator(".centre").inner_text()
        tap = {"en": "Tap a free seat to sit down.", "de": None, "fr": None}[lang]
        if tap:
            assert tap not in text
        assert {"en": "Every seat is taken", "de": "Alle Plätze sind besetzt",
                "fr": "Toutes les places sont prises"}[lang] in text, text
        shoot(page, shots, "watcher-full-table", lang)
        lines[3].send({"type": "leave"})                       # a seat frees up
        page.wait_for_selector(".seat.empty")
        free = {"en": "Tap a free seat to sit down.", "de": None, "fr": None}[lang]
        until(lambda: "Every seat" not in page.locator(".centre").inner_text() and
              "Alle Plätze" not in page.locator(".centre").inner_text() and
              "Toutes les places" not in page.locator(".centre").inner_text(), 5)
        if free:
            assert free in page.locator(".centre").inner_text()
        lines[2].close()                                        # a phone sleeps: away
        page.wait_for_selector(".seat.away")
        shoot(page, shots, "away-seat", lang)
        page.click(".bar button.back")
        page.wait_for_selector(".chip.human.away")
        shoot(page, shots, "lobby-away-chip", lang)
        page.context.close()
    finally:
        for line in lines:
            line.close()
