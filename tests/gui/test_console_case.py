"""Every line the desktop's console shows starts as a sentence does (issue 59, item 17):
in the real app at its own LAN host, with a second player, the console's help, /who, an
unknown command and the table's changes."""

from __future__ import annotations

import pytest

from .helpers import own_table_with_bob


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_no_console_line_starts_in_lower_case(app_in, lang):
    from .conftest import Driver
    app = app_in(lang, (1280, 800))
    drive = Driver(app)
    bob = own_table_with_bob(app, drive)
    try:
        for cmd in ("/help", "/who", "/rules", "/frobnicate", "hello"):
            app.console.submit(cmd)
        bob.send("chat", text="hi")
        bob.send("leave")
        drive.until(lambda: app.session.table.seats[1].name != "Bob", what="Bob gone")
        for _ in range(20):
            drive.step()
        lines = [ln.text for ln in app.console.lines if not ln.name]
        assert len(lines) > 8, lines
        lower = [t for t in lines if t.strip()[:1].isalpha() and t.strip()[:1].islower()]
        assert lower == [], lower
    finally:
        bob.close()
