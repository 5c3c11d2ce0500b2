"""A table's or a host's name made from a person's name is whole (issue 59): the host's
limit on table and host names (`Limits.max_title`, counted by grapheme) has room for every
language's "{name}'s table" and "{name}'s host" around the longest name the host allows,
and a table created without a name is named so over real sockets, in its creator's
language, never cut."""

from __future__ import annotations

import pytest

from hearts.i18n import PSEUDO, available, translation
from hearts.net.host import Host
from hearts.net.limits import Limits
from hearts.net.names import graphemes

from .conftest import FAST, connect

LONGEST = ("Wwwwwwwwwwwwwwwwwwwwwwww", "Maximiliane Featherstone",
           "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466" * 24)
SENTENCES = ("{name}'s table", "{name}'s host")


@pytest.mark.parametrize("lang", [lang for lang in available() if lang != PSEUDO])
def test_every_default_title_fits_the_limit_whole(lang: str) -> None:
    limits = Limits()
    assert limits.max_title > limits.max_name
    tr = translation(lang)
    for name in LONGEST:
        assert len(graphemes(name)) == limits.max_name
        for sentence in SENTENCES:
            title = tr.gettext(sentence).format(name=name)
            assert name in title
            assert len(graphemes(title)) <= limits.max_title, (lang, title)


@pytest.mark.parametrize("lang,expected", [("en", "Wwwwwwwwwwwwwwwwwwwwwwww's table"),
                                           ("de", "Tisch von Wwwwwwwwwwwwwwwwwwwwwwww"),
                                           ("fr", "Chez Wwwwwwwwwwwwwwwwwwwwwwww")])
async def test_a_table_named_after_the_longest_name_is_whole(host: Host, lang: str,
                                                              expected: str) -> None:
    c = await connect(host, LONGEST[0], lang=lang)
    try:
        await c.send("create_table")
        table = (await c.wait_for("table"))["table"]
        assert table["name"] == expected
        await c.send("list_tables")
        listed = await c.wait_for("tables")
        assert [t["name"] for t in listed["tables"]] == [expected]
    finally:
        await c.close()


async def test_table_and_host_names_are_cut_past_the_title_limit(tmp_path) -> None:
    most = Limits().max_title
    host = Host(name="H" * most, save_dir=tmp_path / "saves", limits=FAST, bot_level="random")
    await host.start(bind="127.0.0.1", port=0)
    c = await connect(host, "Ann")
    try:
        assert c.host_name == "H" * most                   # the host's own name: whole
        await c.send("create_table", name="T" * most)
        assert (await c.wait_for("table"))["table"]["name"] == "T" * most
        await c.send("leave")
        await c.send("create_table", name="U" * (most + 5))
        named = await c.wait_for("table")
        while named["table"]["name"].startswith("T"):
            named = await c.wait_for("table")
        assert named["table"]["name"] == "U" * (most - 1) + "…"
    finally:
        await c.close()
        await host.stop()
