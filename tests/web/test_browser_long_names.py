"""Issue 59 (items 2 and 4), in Chromium against a real host: four names as long as the
host allows (24 graphemes: the widest letters, two realistic ones) and the tables named
after them ("{name}'s table", up to 40 graphemes) read whole on the page at 390x844,
360x740 and 1280x800, in en, de and fr: the lobby (the host's name, the table's on its
card, the seats' chips), the seats around the table, a hand's summary and the final score sheet. Whole:
no ellipsis, nothing scrolled or spilled out of its box or off the screen (a long name
wraps, between its letters when one word is too long).

Screenshots at 390x844 and 1280x800 go to $HEARTS_WEB_SHOTS when it is set
(none are taken otherwise)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from hearts.i18n import translation
from hearts.net.limits import Limits
from hearts.net.names import graphemes

from .test_browser import LAPTOP, HostThread, Line, browser, command, shots  # noqa: F401
from .test_browser_round3 import (PHONE, page_as, play_a_step, play_in_background,
                                  play_to_game_over, shoot)

ME = "Wwwwwwwwwwwwwwwwwwwwwwww"
OTHERS = ("Maximiliane Featherstone", "Mmmmmmmmmmmmmmmmmmmmmmmm", "Bartholomew Fitzwilliams")
SMALL_PHONE = {"width": 360, "height": 740}

# each element's text against its own box, the boxes of the ancestors that clip it and
# the window: cut when it overflows one of them or is drawn with an ellipsis
CUT = """els => els.map(el => {
  const range = document.createRange(); range.selectNodeContents(el);
  const rects = [...range.getClientRects()].filter(r => r.width > 0);
  const text = range.getBoundingClientRect();
  const boxes = [el.getBoundingClientRect()];
  for (let a = el.parentElement; a; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (s.overflowX !== 'visible' && a.scrollWidth <= a.clientWidth + 1) boxes.push(a.getBoundingClientRect());
  }
  const outside = boxes.some(b => text.left < b.left - 1 || text.right > b.right + 1);
  const style = getComputedStyle(el);
  return { text: el.innerText.replace(/\\s+/g, ''), rows: new Set(rects.map(r => Math.round(r.top))).size,
           why: [el.scrollWidth, el.clientWidth, Math.round(text.left), Math.round(text.right),
                 boxes.map(b => [Math.round(b.left), Math.round(b.right)])],
           cut: outside || el.scrollWidth > el.clientWidth + 1 || text.left < -1 ||
                text.right > window.innerWidth + 1 ||
                (style.textOverflow === 'ellipsis' && style.overflowX !== 'visible') ||
                el.innerText.includes('\\u2026') };
})"""


def _problems(page: Any, selector: str, names: tuple[str, ...]) -> list[str]:
    """What is wrong with ``names`` shown in the elements ``selector`` picks: a name not
    found whole in one of them, or an element whose text is cut."""
    shown = page.eval_on_selector_all(selector, CUT)
    out = [f"{selector}: {n!r} not whole in {[s['text'] for s in shown]}" for n in names
           if not any(n.replace(" ", "") in s["text"] for s in shown)]
    out += [f"{selector}: cut {s}" for s in shown if s["cut"]]
    return out


def _everywhere(page: Any, checks: list[tuple[str, tuple[str, ...]]]) -> list[str]:
    """`_problems` for each (selector, names) at the phone sizes and the laptop's."""
    out = []
    for viewport in (PHONE, SMALL_PHONE, LAPTOP):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(200)
        for selector, names in checks:
            out += [f"{viewport['width']}: {p}" for p in _problems(page, selector, names)]
    page.set_viewport_size(PHONE)
    return out


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_longest_names_and_their_tables_read_whole(browser, shots, lang) -> None:
    assert all(len(graphemes(n)) == Limits().max_name for n in (ME, *OTHERS))
    host = translation(lang).gettext("{name}'s host").format(name=OTHERS[0])
    served = HostThread(name=host)                # a host named after a long name, whole
    lines: list[Line] = []
    try:
        lines += [Line(served.host.port, n) for n in OTHERS]
        page = page_as(browser, served, ME, lang)
        # the lobby: a table named after its creator, three long names at it
        lines[0].send({"type": "create_table", "seat": 0})
        theirs = lines[0].until(lambda m: m["type"] == "table")["table"]
        assert theirs["name"] == f"{OTHERS[0]}'s table"
        for seat, line in ((1, lines[1]), (2, lines[2])):
            line.send({"type": "sit", "table": theirs["id"], "seat": seat})
            line.until(lambda m: m["type"] == "table")
        page.wait_for_selector(f".table-card .chip:has-text('{OTHERS[2]}')")
        shoot(page, shots, "long-names-lobby", lang)
        assert _everywhere(page, [(".table-card .tc-name", (theirs["name"],)),
                                  (".table-card .chip", OTHERS),
                                  (".bar .tname", (host,)), (".bar .tsub", (ME,))]) == []
        for line in lines:
            line.send({"type": "leave"})
        # the lobby settled after their leaves (a click while it moves can be lost: a CI flake)
        page.wait_for_selector(f".table-card .chip:has-text('{OTHERS[2]}')", state="detached")

        # our table, named by default after us in our language, the three at it
        page.click(".new-table")
        page.click("#create form button[type=submit]")
        page.wait_for_selector(".table-screen")
        ours = next(p.table for p in served.host.core.players.values() if p.name == ME)
        mine = translation(lang).gettext("{name}'s table").format(name=ME)
        assert served.host.core.tables[ours].name == mine
        command(page, "/rules set target 1")
        page.wait_for_selector(".chat-log li.reply")
        page.click(".chat-head .close")
        for seat, line in enumerate(lines, start=1):
            line.send({"type": "sit", "table": ours, "seat": seat})
            line.until(lambda m: m["type"] == "table")
        page.wait_for_selector(f".seat.right .name:has-text('{OTHERS[2][:8]}')")
        shoot(page, shots, "long-names-seats", lang)
        assert _everywhere(page, [(".seat .name", (ME, *OTHERS)),
                                  (".bar .tname", (mine,))]) == []

        # a hand's summary, then the final sheet
        threads = [play_in_background(line) for line in lines]
        page.click("button.start")
        deadline = time.monotonic() + 120
        while not page.locator("#scores, #gameover").count():
            assert time.monotonic() < deadline, "no summary came"
            play_a_step(page)
        sheet = "#scores" if page.locator("#scores").count() else "#gameover"
        shoot(page, shots, "long-names-summary", lang)
        problems = _everywhere(page, [(f"{sheet} table.scores thead th", (ME, *OTHERS)),
                                      (f"{sheet} .sheet-head h2", ())])
        assert problems == [], problems
        play_to_game_over(page)
        shoot(page, shots, "long-names-over", lang)
        problems = _everywhere(page, [("#gameover table.scores thead th", (ME, *OTHERS))])
        assert problems == [], problems
        # its replay: each seat's name, and the name under each card of a trick
        page.click("#gameover button.review")
        page.wait_for_selector("#replay .r-table")
        for _ in range(6):
            if page.locator("#replay .r-trick .r-who").count():
                break
            page.keyboard.press("ArrowRight")
            page.wait_for_timeout(100)
        assert page.locator("#replay .r-trick .r-who").count()
        shoot(page, shots, "long-names-replay", lang)
        problems = _everywhere(page, [("#replay .r-name", (ME, *OTHERS)),
                                      ("#replay .r-who", ())])
        assert problems == [], problems
        for t in threads:
            t.join(5)
        assert page.errors == []
        page.context.close()
    finally:
        for line in lines:
            line.close()
        served.stop()

