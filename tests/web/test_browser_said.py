"""The page says each change in the host's sentences (issue 58, item 3), in Chromium
against a real host: the sentences in its table's chat are `hearts.net.words`' for the
page's seat, in the page's language (English, German, French), as the desktop and text
clients say them; the page words no change itself."""

from __future__ import annotations

from typing import Any

import pytest

from hearts.i18n import translation
from hearts.net.mirror import TableInfo
from hearts.net.words import change_lines

from .test_browser import Line, browser, create_table, served, until  # noqa: F401
from .test_browser_languages import join, page_in

pytestmark = pytest.mark.browser


async def _table_of(host: Any, name: str) -> int:
    return next(p.table for p in host.core.players.values() if p.name == name)


def _notes(page: Any) -> list[str]:
    return page.eval_on_selector_all("aside.chat-panel .chat-log li.note",
                                     "els => els.map(e => e.textContent)")


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_page_notes_the_hosts_sentence_for_each_change(browser, served, lang) -> None:
    page = page_in(browser, served, lang=lang)
    name = f"Page{lang}"
    join(page, name)
    create_table(page)
    tid = served.call(_table_of(served.host, name))
    bob = Line(served.host.port, f"Bob{lang}")
    tr = translation(lang)
    try:
        bob.send({"type": "sit", "table": tid, "seat": 2})
        bob.until(lambda m: m["type"] == "table")
        bob.send({"type": "leave"})
        bob.until(lambda m: m["type"] == "left")
    finally:
        bob.close()
    # what the desktop and the text client say at seat 0, in this language
    sat, left = (change_lines(ch, TableInfo(), 0, tr)[0] for ch in (
        {"type": "player_joined", "seat": 2, "name": f"Bob{lang}"},
        {"type": "player_left", "seat": 2, "name": f"Bob{lang}"}))
    until(lambda: left in _notes(page), 10)
    notes = _notes(page)
    assert sat in notes and notes.index(sat) < notes.index(left), notes
    if lang != "en":                      # the sentence is the language's, not English
        assert sat != change_lines({"type": "player_joined", "seat": 2, "name": f"Bob{lang}"},
                                   TableInfo(), 0, translation("en"))[0]
    assert page.errors == []
    page.context.close()
