"""The page's leaderboard, finished games, replay and download in Chromium (Playwright), on
a host whose finished games include one by this page's own player key, and the review of
a hand from the scores at a table.

Screenshots of the leaderboard, the games and a replay mid-hand at 390x844 and 1280x800,
and of the leaderboard in English, German, French and Spanish at 360x640, 390x844, 541x720
and 1280x800, go to $HEARTS_WEB_SHOTS when it is set (none are taken otherwise).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hearts.engine import Rules
from hearts.net.stats import person_id
from tests.engine.builders import random_game

from .test_browser import (LAPTOP, PACE, HostThread, browser, command,  # noqa: F401
                           create_table, pytestmark, served, shots, shots_asked, until)
from .test_browser_languages import OVERFLOWING
# (browser, served and shots are the fixtures; pytestmark skips without Chromium)

PHONE = {"width": 390, "height": 844}
KEY = "page-key-of-ann-0001"


def keep_games(served: HostThread, n: int, bob: str = "Bob") -> list[Any]:
    """``n`` finished games on the host, Ann (this page's key) in seat 0, ``bob`` in seat 1."""
    games = []
    for i in range(n):
        g = random_game(Rules(), 60 + i)
        record = {"table": 1, "name": "Den", "players": ["Ann", bob, "Ada", "Basil"],
                  "game": g.to_dict(), "totals": list(g.totals), "winners": g.winners,
                  "people": [{"name": "Ann", "kind": "human", "id": person_id(KEY)},
                             {"name": bob, "kind": "human", "id": person_id(bob)},
                             {"name": "Ada", "kind": "bot", "level": "hard"},
                             {"name": "Basil", "kind": "bot", "level": "normal"}],
                  "seating": [[0, 1, 2, 3]] * len(g.results)}

        async def add(rec: dict[str, Any] = record) -> None:
            served.host.history.add(rec)
        served.call(add())
        games.append(g)
    return games


def page_as_ann(browser: Any, served: HostThread, key: str | None = KEY) -> Any:
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True,
                              accept_downloads=True)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    url = f"http://127.0.0.1:{served.host.web_port}/?pace={PACE}"
    page.goto(url)
    if key is not None:                   # this browser's key, as if kept from before
        page.evaluate(f"localStorage.setItem('hearts.key', '{key}')")
        page.goto(url)
    page.fill("#name", "Ann")
    page.click(".name-form button[type=submit]")
    page.wait_for_selector(".lobby-screen")
    return page


def both_sizes(page: Any, shots: Path, what: str) -> None:
    if not shots_asked():
        return
    page.screenshot(path=str(shots / f"{what}-390x844.png"), animations="disabled")
    page.set_viewport_size(LAPTOP)
    page.screenshot(path=str(shots / f"{what}-1280x800.png"), animations="disabled")
    page.set_viewport_size(PHONE)


def test_leaderboard_games_replay_and_download(browser: Any, served: HostThread,
                                               shots: Path) -> None:
    games = keep_games(served, 3)
    page = page_as_ann(browser, served)
    page.click(".lobby-head .leaderboard")
    page.wait_for_selector("#leaderboard table.board")
    me = page.locator("#leaderboard tr.you")
    assert me.count() == 1 and "Ann (you)" in me.inner_text()
    cells = me.locator("td").all_inner_texts()
    assert cells[2] == "3" and cells[3] == str(sum(0 in g.winners for g in games))
    assert page.locator("#leaderboard tr.sep").count() == 1          # bots apart
    assert "bots: hard" in page.locator("#leaderboard").inner_text()
    both_sizes(page, shots, "page-leaderboard")
    page.click("#leaderboard .tab >> text=All time")
    page.wait_for_selector("#leaderboard .tab.on >> text=All time")
    page.click("#leaderboard .buttons >> text=Games")
    page.wait_for_selector("#games li.game-item")
    assert page.locator("#games li.game-item").count() == 3
    assert page.locator("#games .g-id").first.inner_text() == "#3"
    both_sizes(page, shots, "page-games")
    with page.expect_download() as got:
        page.locator("#games li.game-item").nth(1).locator("text=Download").click()
    doc = json.loads(Path(got.value.path()).read_text())
    assert doc["format"] == "hearts-game" and doc["id"] == 2
    assert doc["totals"] == list(games[1].totals)
    assert len(doc["hands"]) == len(games[1].results)
    page.locator("#games li.game-item").nth(1).locator("text=Replay").click()
    page.wait_for_selector("#replay .r-table")
    assert "Game #2" in page.locator("#replay .sheet-head h2").inner_text()
    cards = lambda: sum(page.locator(f"#replay .r-seat.{w} .rc").count()   # noqa: E731
                        for w in ("top", "left", "right", "bottom"))
    assert cards() == 52 and page.locator("#replay .rc.raised").count() == 12   # the passes
    page.keyboard.press("ArrowRight")                   # the pass
    assert "After the pass" in page.locator("#replay .r-caption").inner_text()
    page.keyboard.press("ArrowRight")                   # the first trick, taken
    until(lambda: "takes trick 1" in page.locator("#replay .r-caption").inner_text())
    assert cards() == 48
    page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("Shift+ArrowRight")
    assert page.locator("#replay .r-trick .r-play").count() == 2 and cards() == 46
    both_sizes(page, shots, "page-replay")
    page.click("#replay .r-controls [aria-label='Next hand']")
    assert "Hand 2 of" in page.locator("#replay .r-title").inner_text()
    page.keyboard.press("End")
    until(lambda: "Hand over" in page.locator("#replay .r-caption").inner_text())
    assert page.errors == []


def test_the_page_keeps_its_key_and_shows_it(browser: Any, served: HostThread) -> None:
    page = page_as_ann(browser, served, key=None)
    key = page.evaluate("localStorage.getItem('hearts.key')")
    assert key and len(key) >= 30
    page.click(".lobby-head .leaderboard")
    page.wait_for_selector("#leaderboard")
    page.click("#leaderboard .key-box summary")
    assert page.input_value("#player-key") == key
    assert page.errors == []


def test_review_from_the_scores_at_a_table(browser: Any, served: HostThread) -> None:
    page = page_as_ann(browser, served)
    create_table(page)
    command(page, "/rules set target 200")
    page.wait_for_selector(".chat-log li.reply")
    page.click(".chat-head .close")
    page.click("button.start")
    # play the first hand by tapping the first card the page allows
    until(lambda: page.locator("button.pass").count() > 0, 20)
    for i in range(3):
        page.locator(".hand .card").nth(i).click(position={"x": 8, "y": 30})
    page.click("button.pass:not([disabled])")

    def scored() -> bool:
        if page.locator("#scores, #gameover").count():
            return True
        playable = page.locator(".hand .card.legal")
        if playable.count():
            try:
                playable.first.click(position={"x": 8, "y": 30}, timeout=500)
            except Exception:      # redrawn under the finger: the next round tries again
                pass
        return False
    until(scored, 60)
    page.click("button.review")
    page.wait_for_selector("#replay .r-table")
    assert "This game" in page.locator("#replay .sheet-head h2").inner_text()
    assert page.locator("#replay .buttons >> text=Download").count() == 0   # not finished
    assert page.errors == []


# what is wrong with the leaderboard's table on screen: a column hidden, the table or the
# page scrolling sideways, a cell off the screen or cut (texts drawn over each other:
# OVERFLOWING)
BOARD_FIT = """() => {
  const W = document.documentElement.clientWidth;
  const table = document.querySelector('#leaderboard table.board');
  const wrap = table.parentElement;
  const bad = [];
  if (wrap.scrollWidth > wrap.clientWidth + 1) bad.push('the table scrolls sideways (' + wrap.scrollWidth + ' > ' + wrap.clientWidth + ')');
  if (document.documentElement.scrollWidth > W + 1) bad.push('the page scrolls sideways');
  // every column is there but the rank's (a phone writes the rank before the name)
  for (const th of [...table.querySelectorAll('thead th')].slice(1)) {
    if (!th.getClientRects().length) bad.push('the column "' + th.textContent + '" is hidden');
  }
  const cells = [...table.querySelectorAll('th, td')].filter((c) => c.getClientRects().length && c.textContent.trim());
  for (const c of cells) {
    const r = c.getBoundingClientRect();
    if (r.right > W + 1 || r.left < -1) bad.push('"' + c.textContent.trim() + '" leaves the screen (' + Math.round(r.left) + '..' + Math.round(r.right) + ')');
    if (c.scrollWidth > c.clientWidth + 1) bad.push('"' + c.textContent.trim() + '" is cut (' + c.scrollWidth + ' > ' + c.clientWidth + ')');
  }
  return bad;
}"""


RANK_SHOWN = """() => {
  const rank = document.querySelector('#leaderboard tr.you td.rank');
  const name = document.querySelector('#leaderboard tr.you td.player');
  return rank.getClientRects().length ? rank.textContent : getComputedStyle(name, '::before').content.replace(/"/g, '');
}"""


def test_the_leaderboard_fits_a_phone_in_four_languages(browser: Any, served: HostThread,
                                                        shots: Path) -> None:
    """Every column, the rank and whole names on screen from 360 px wide to a laptop, with
    no sideways scrolling and no text over other text."""
    keep_games(served, 2, bob="Maximiliane Wolkenstein")   # a long name (24 at most)
    page = page_as_ann(browser, served)
    for lang in ("en", "de", "fr", "es"):     # German and French: the longest words
        page.evaluate("lang => localStorage.setItem('hearts.lang', lang)", lang)
        page.reload()                      # the page joins again under the name it kept
        page.wait_for_selector(".lobby-screen")
        page.click(".lobby-head .leaderboard")
        page.wait_for_selector("#leaderboard table.board")
        for size in ({"width": 360, "height": 640}, PHONE, {"width": 541, "height": 720}, LAPTOP):
            page.set_viewport_size(size)
            if shots_asked():
                page.screenshot(path=str(shots / f"leaderboard-{lang}-{size['width']}x{size['height']}.png"),
                                animations="disabled")
            assert page.evaluate(BOARD_FIT) == [], (lang, size)
            assert page.evaluate(OVERFLOWING, "#leaderboard") == [], (lang, size)
            assert page.evaluate(RANK_SHOWN) == "1", (lang, size)
    assert page.errors == []
