"""The page in the player's language, in Chromium against a real host: a browser whose
language is Spanish reads Spanish from the name form to the game-over sheet, the host's
errors and replies included; the language picker re-words the page at once, is
remembered, and moves a seated player to the new language without losing the seat; in the
pseudo language every visible word came through the catalogue; at 390x844 no text is cut
or spills out of its box in German or French.

Screenshots (the phone page in French) go to $HEARTS_WEB_SHOTS when it is set
(none are taken otherwise).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from hearts.engine import Rules
from hearts.engine.rule_options import words_of
from hearts.i18n import T_, keys_used_in, said, translation
from hearts.net.host import Host
from hearts.net.page_words import PAGE_FOLDER

from .test_browser import (LEFT_EDGE, PACE, Line, _why_illegal, browser, command,  # noqa: F401
                           hand_cards, served, shots, shots_asked, until)

PHONE = {"width": 390, "height": 844}

# every text the person sees: text nodes of shown elements, placeholders of empty fields,
# the chosen option of a list (the language picker names each language in its own words)
VISIBLE_TEXT = """() => {
  const out = [];
  const shown = (el) => el && el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden';
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.trim();
    const el = n.parentElement;
    if (!text || !el || el.closest('noscript, option, script, style') || !shown(el)) continue;
    out.push(text);
  }
  for (const el of document.querySelectorAll('input[placeholder]')) {
    if (shown(el) && !el.value) out.push(el.placeholder);
  }
  for (const el of document.querySelectorAll('select:not(.lang-picker)')) {
    if (shown(el) && el.selectedIndex >= 0) out.push(el.options[el.selectedIndex].text);
  }
  return out;
}"""

# every shown element with text of its own that leaves the screen or its own box (cut by
# overflow or an ellipsis, or spilling over); the cards (a glyph and a rank, laid out by
# the hand's rows) and whatever scrolls inside a scrolling box are left out; given a
# selector, only what is in that element
OVERFLOWING = """(within) => {
  const scope = within ? document.querySelector(within) : document.body;
  const bad = [];
  const W = document.documentElement.clientWidth;
  for (const el of scope.querySelectorAll('*')) {
    if (!el.getClientRects().length || !el.checkVisibility() || el.closest('.card, .hand, .trick, .rc, .avatar, option, select')) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden') continue;
    let scroller = el.parentElement;
    while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowX + getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
    if (scroller && scroller !== document.body && scroller !== document.documentElement) continue;
    const r = el.getBoundingClientRect();
    const what = el.tagName.toLowerCase() + '.' + [...el.classList].join('.') + ' "' + el.textContent.trim().slice(0, 60) + '"';
    if (r.right > W + 1 || r.left < -1) bad.push(what + ' leaves the screen (' + Math.round(r.left) + '..' + Math.round(r.right) + ')');
    else if (s.display !== 'inline' && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) bad.push(what + ' is wider than its box (' + el.scrollWidth + ' > ' + el.clientWidth + ')');
    else if (s.display !== 'inline' && el.clientHeight > 0 && s.overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 2) bad.push(what + ' is cut at the bottom');
  }
  // two texts drawn over each other (in the open sheet, or on the page when none is open);
  // checkVisibility: what a closed <details> holds has boxes but is not drawn
  const root = within ? scope : document.querySelector('.sheet') || document.getElementById('app');
  const texts = [...root.querySelectorAll('*')].filter((el) => el.getClientRects().length && el.checkVisibility() &&
    !el.closest('.card, .hand, .trick, .rc, .avatar, option, select') &&
    [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()));
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i], b = texts[j];
      if (a.contains(b) || b.contains(a)) continue;
      const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
      const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const hgt = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (w > 2 && hgt > 2) bad.push('"' + a.textContent.trim().slice(0, 30) + '" and "' + b.textContent.trim().slice(0, 30) + '" overlap');
    }
  }
  return bad;
}"""


def page_in(browser: Any, served: Any, locale: str | None = None, lang: str | None = None,
            viewport: dict[str, int] = PHONE) -> Any:
    """A fresh page with the browser's language ``locale`` (navigator.languages), or the
    language ``lang`` chosen on the page before (its storage), at the name form."""
    ctx = browser.new_context(viewport=viewport, device_scale_factor=1, has_touch=True,
                              locale=locale)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(f"http://127.0.0.1:{served.host.web_port}/?pace={PACE}")
    if lang:
        page.evaluate("lang => localStorage.setItem('hearts.lang', lang)", lang)
        page.reload()
    page.wait_for_selector("#name")
    return page


def join(page: Any, name: str) -> None:
    page.fill("#name", name)
    page.click(".name-form button[type=submit]")
    page.wait_for_selector(".lobby-screen")


def texts(page: Any) -> list[str]:
    return page.evaluate(VISIBLE_TEXT)


def english_left(page: Any, lang: str) -> list[str]:
    """The page's own English sentences still shown although ``lang`` says them otherwise."""
    tr = translation(lang)
    english = set()
    for key in keys_used_in(PAGE_FOLDER):
        context, _, msgid = key.rpartition("\x04")
        if "\0" in msgid or "{" in msgid or len(msgid) < 4:
            continue
        said = tr.pgettext(context, msgid) if context else tr.gettext(msgid)
        if said != msgid:
            english.add(msgid)
    return [text for text in texts(page) if text in english]


def foreign_words(page: Any, names: set[str]) -> list[str]:
    """Shown texts with words that did not come through the catalogue (the pseudo
    language wraps all of those in ``[!! ... !!]``): names, numbers, cards aside."""
    bad = []
    for text in texts(page):
        rest = text
        while True:
            inner = re.sub(r"\[!! [^\[\]]*? !!\]", " ", rest)
            if inner == rest:
                break
            rest = inner
        for name in sorted(names, key=len, reverse=True):
            rest = rest.replace(name, " ")
        if re.search(r"[^\W\d_]{2,}", rest):
            bad.append(text)
    return bad


def names_on(host: Host) -> set[str]:
    """Every name the host knows: people, bots, tables, itself."""
    core = host.core
    names = {core.name, *(p.name for p in core.players.values())}
    for table in core.tables.values():
        names.add(table.name)
        names.update(s.name for s in table.seats if s.name)
    return names


def play_to_the_end(page: Any, check: Any = None, timeout: float = 90) -> None:
    """Pass and play the first card allowed until the game-over sheet shows; ``check``
    is called once while passing and once with a trick on the table (again at the next
    turn while it returns False)."""
    page.wait_for_selector(".hand .card >> nth=12")
    page.wait_for_selector("button.pass")
    cards = page.locator(".hand .card")
    for i in (0, 5, 10):
        cards.nth(i).click(position=LEFT_EDGE)
    if check:
        check("passing")
    page.click("button.pass:not([disabled])")
    checked = False
    deadline = time.monotonic() + timeout
    while not page.locator("#gameover").count():
        assert time.monotonic() < deadline, "the hand did not end"
        if page.locator("#scores").count():
            page.click("#scores .buttons .primary")
        legal = page.locator(".hand .card.legal")
        if legal.count():
            if check and not checked and page.locator(".trick .card").count():
                checked = check("playing") is not False      # False: again at the next turn
            before = len(hand_cards(page))
            try:
                legal.first.click(position=LEFT_EDGE, timeout=1000)
                until(lambda: page.locator(".hand .card").count() < before
                      or page.locator("#gameover, #scores").count() > 0)
            except Exception:
                pass                              # the page redrew under the tap: look again
        else:
            page.wait_for_timeout(60)


def short_game(page: Any) -> None:
    """Open a table whose game ends after one hand, and start it."""
    page.click(".new-table")
    page.click("#create form button[type=submit]")
    page.wait_for_selector(".table-screen")
    command(page, "/rules set target 1")
    page.wait_for_selector(".chat-log li.reply")
    page.click(".chat-head .close")
    page.click("button.start")


def test_a_spanish_browser_reads_the_page_in_spanish(browser, served) -> None:
    es = translation("es")
    page = page_in(browser, served, locale="es-ES")
    assert page.evaluate("navigator.languages")[0].startswith("es")
    assert page.locator(".name-form button[type=submit]").inner_text() == es.gettext("Join")
    assert page.evaluate("document.documentElement.lang") == "es"
    assert english_left(page, "es") == []
    owner = Line(served.host.port, "Lola")
    try:
        owner.send({"type": "create_table", "name": "Amigos", "password": "secreto"})
        owner.until(lambda m: m["type"] == "table")
        join(page, "Pepa")
        page.wait_for_selector(".table-card .sit")
        assert page.locator(".lobby-head h2").inner_text() == es.gettext("Tables")
        assert english_left(page, "es") == []
        # a host error: the wrong password, in the host's Spanish
        card = page.locator(".table-card", has_text="Amigos")
        card.locator(".sit").click()
        page.fill("#pw", "falso")
        page.click("#password form button[type=submit]")
        table_id = int(card.get_attribute("data-table"))
        wrong = T_("table {number} is for friends only: the password is wrong", number=table_id)
        page.wait_for_selector(".toast.error")
        assert wrong.said(es).lower() in [x.lower() for x in page.locator(".toast.error").all_inner_texts()]
        assert wrong.said(es) != str(wrong)
        page.locator("#password .close").click()
    finally:
        owner.close()
    short_game(page)
    assert page.locator(".chat-log li.reply").count() or True
    page.wait_for_selector(".hand .card")
    seen: list[str] = []
    reasons: list[tuple[str | None, str]] = []

    def spanish(when: str) -> bool:
        seen.extend(english_left(page, "es"))
        refused = page.locator(".hand .card.illegal")
        if when == "playing" and refused.count():      # the host's reason, in Spanish
            card = refused.first
            why = served.call(_why_illegal(served.host, "Pepa", card.get_attribute("data-card")))
            reasons.append((card.get_attribute("data-reason"), said(why, es)))
        return when != "playing" or bool(reasons)
    play_to_the_end(page, spanish)
    assert seen == []
    assert reasons and all(shown == wanted for shown, wanted in reasons), reasons
    assert page.locator("#gameover h2").inner_text() == es.gettext("Game over")
    assert page.locator("#gameover tfoot th").inner_text() == es.gettext("Total")
    assert english_left(page, "es") == []
    assert page.errors == []
    page.context.close()


def test_the_picker_rewords_the_page_keeps_the_seat_and_is_remembered(browser, served,
                                                                        shots: Path) -> None:
    de, fr = translation("de"), translation("fr")
    page = page_in(browser, served, locale="en-US")
    join(page, "Udo")
    assert page.locator(".lobby-head h2").inner_text() == "Tables"
    page.select_option(".lobby-screen .lang-picker", "de")
    until(lambda: page.locator(".lobby-head h2").inner_text() == de.gettext("Tables"))
    assert english_left(page, "de") == []
    page.reload()                                  # remembered
    page.wait_for_selector(".lobby-screen")
    assert page.locator(".lobby-head h2").inner_text() == de.gettext("Tables")
    page.click(".new-table")
    page.click("#create form button[type=submit]")
    page.wait_for_selector(".table-screen")
    page.click("button.start")
    page.wait_for_selector(".hand .card >> nth=12")
    seat = page.locator(".seat.bottom").get_attribute("data-seat")
    cards = sorted(hand_cards(page))
    page.click(".menu-btn")
    page.select_option("#lang-menu", "fr")
    until(lambda: page.locator(".menu-btn").get_attribute("aria-label") == fr.gettext("Menu"))
    page.wait_for_timeout(500)                     # the host's table, worded anew
    assert page.locator(".seat.bottom").get_attribute("data-seat") == seat
    assert sorted(hand_cards(page)) == cards
    assert page.locator("#banner").is_hidden()
    assert english_left(page, "fr") == []
    # the host's words follow: the rules in French
    page.click(".menu-btn")
    page.locator("#menu .menu-item").nth(1).click()
    page.wait_for_selector("#rules dd")
    rules = Rules()
    shown = page.locator("#rules dd").all_inner_texts()
    assert words_of(rules, fr)["high_spades"] in shown
    assert words_of(rules, fr) != words_of(rules, de)
    assert page.evaluate("localStorage.getItem('hearts.lang')") == "fr"
    assert page.errors == []
    page.context.close()


def test_in_the_pseudo_language_every_word_comes_from_the_catalogue(browser, served) -> None:
    page = page_in(browser, served, lang="pseudo")
    host = served.host
    checked = []

    def check(where: str) -> None:
        bad = foreign_words(page, names_on(host))
        assert bad == [], f"{where}: {bad}"
        checked.append(where)

    check("name form")
    join(page, "Zoe")
    check("lobby")
    page.click(".leaderboard")
    page.wait_for_selector("#leaderboard")
    check("leaderboard")
    page.click("#leaderboard .close")
    page.click(".new-table")
    check("new table")
    page.click("#create form button[type=submit]")
    page.wait_for_selector(".table-screen")
    check("table")
    page.click(".menu-btn")
    check("menu")
    page.locator("#menu .menu-item").nth(1).click()
    page.wait_for_selector("#rules")
    check("rules")
    page.click("#rules .close")
    command(page, "/rules set target 1")
    page.wait_for_selector(".chat-log li.reply")
    check("chat")
    page.click(".chat-head .close")
    page.click("button.start")
    play_to_the_end(page, check)
    check("game over")
    assert checked == ["name form", "lobby", "leaderboard", "new table", "table", "menu",
                       "rules", "chat", "passing", "playing", "game over"]
    assert page.errors == []
    page.context.close()


def test_the_phone_layout_holds_in_german_and_french(browser, served, shots: Path) -> None:
    for lang in ("de", "fr"):
        page = page_in(browser, served, lang=lang)
        seen: dict[str, list[str]] = {}

        def look(where: str) -> None:
            seen[where] = page.evaluate(OVERFLOWING)

        look("name form")
        join(page, "Marguerite")
        short_game(page)
        look("table")

        def during(where: str) -> None:
            look(where)
            if lang == "fr" and where == "playing" and shots_asked():
                page.screenshot(path=str(shots / "phone-fr-390x844.png"), animations="disabled")
        play_to_the_end(page, during)
        look("game over")
        page.click("#gameover .close")
        page.click(".menu-btn")
        look("menu")
        page.click("#menu .close")
        page.click(".leave-now")
        page.wait_for_selector(".lobby-screen")
        look("lobby")
        bad = {where: found for where, found in seen.items() if found}
        assert bad == {}, f"{lang}: {bad}"
        assert page.errors == []
        page.context.close()
