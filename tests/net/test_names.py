"""Names as people see them: look-alikes of a name in use (case, Cyrillic or Greek letters,
full-width forms, the confusables skeleton of UTS #39) are that name and get `#2`; names
are cut and counted by grapheme cluster; an emoji's joiners stay, bidi overrides and
other invisible characters go. Over TCP and WebSocket to a real host."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearts.net.host import Host
from hearts.net.names import (EMOJI, EMOJI_JOINERS, NAME_BYTES, OTHER, clean_name, graphemes, looks,
                              numbered, unique_name, visible)

from ..web.conftest import WS
from .test_limits import Raw

FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"   # one emoji, 7 code points
LOOKALIKES = ["ann", "ANN", "\u0410nn", "\u0430NN", "\uff21\uff4e\uff4e", "A\u200bnn",
              "A\u00adnn", "\u0391nn", "\u202eAnn"]


OPEN: list[Raw] = []      # kept open while a test runs: a person who hangs up frees the name


@pytest.fixture
async def keep() -> AsyncIterator[None]:
    yield
    while OPEN:
        OPEN.pop().close()


async def _welcome(host: Host, name: str) -> str:
    raw = await Raw.open(host)
    OPEN.append(raw)
    raw.send({"type": "hello", "version": 1, "name": name})
    welcome = await raw.until("welcome")
    assert welcome is not None
    return str(welcome["name"])


async def test_look_alikes_of_a_name_in_use_are_that_name(host: Host, keep: None) -> None:
    ann = await Raw.open(host, "Ann")
    got = [await _welcome(host, name) for name in LOOKALIKES]
    assert all("#" in name for name in got), got
    assert got[0] == "ann#2"
    assert len({n.rsplit("#", 1)[1] for n in got}) == len(got)
    assert await _welcome(host, "Anne") == "Anne"           # a different name stays itself
    assert await _welcome(host, "H\u043eST") == "H\u043eST#2"   # the host's own voice, too
    ann.close()


async def test_an_emoji_family_stays_one_and_invisible_tricks_go(host: Host,
                                                                 keep: None) -> None:
    assert await _welcome(host, f"{FAMILY} Zo\u00eb") == f"{FAMILY} Zo\u00eb"
    flag = "\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F"   # England
    assert await _welcome(host, f"{flag}Eng") == f"{flag}Eng"
    assert await _welcome(host, "\u202eEve\u200b\u2066\u00ad\u200dx\u200e") == "Evex"
    long = await _welcome(host, "\U0001F0CF" * 30)                 # 30 jokers: 24 graphemes
    assert long == "\U0001F0CF" * 23 + "…"
    again = await _welcome(host, "\U0001F0CF" * 30)               # "#2" within 24 graphemes
    assert again == "\U0001F0CF" * 21 + "…#2"


async def test_names_over_websocket_are_the_same() -> None:
    h = Host(name="web", bot_level="random")
    await h.start(bind="127.0.0.1", port=0, web_port=0)
    try:
        ann = await WS.open(h, "Ann")
        family = await WS.open(h)
        await family.send({"type": "hello", "version": 1, "name": FAMILY * 30})
        welcome = await family.until("welcome")
        assert welcome is not None and welcome["name"] == FAMILY * 7 + "…"
        cyrillic = await WS.open(h)
        await cyrillic.send({"type": "hello", "version": 1, "name": "\u0410NN"})
        welcome = await cyrillic.until("welcome")
        assert welcome is not None and welcome["name"] == "\u0410NN#2"
        for ws in (ann, family, cyrillic):
            await ws.close()
    finally:
        await h.stop()


def test_graphemes_cut_and_number() -> None:
    name = clean_name("a\u0301" * 30, 24)                   # é as e + combining accent
    assert len(graphemes(name)) == 24 and name.endswith("…")
    assert clean_name("z" + "\u0301" * 200, 24) == "z" + "\u0301" * 15   # no zalgo towers
    assert numbered("x" * 24, 10, 24) == "x" * 20 + "…#10"
    # within 8 bytes a grapheme of the limit: seven families of 25 bytes and "…" in 192
    assert clean_name(FAMILY * 24, 24) == FAMILY * 7 + "…"
    assert numbered(FAMILY * 7, 10, 24) == FAMILY * 7 + "#10"
    assert numbered(FAMILY * 7 + "…", 10, 24) == FAMILY * 7 + "…#10"
    assert clean_name("\U0001F600" * 24, 24) == "\U0001F600" * 24   # 24 plain emoji fit
    assert looks("Ian") & looks("ian") and looks("Ian") & looks("lan")
    assert not looks("Ann") & looks("Anna")
    assert unique_name("m", ["rn"], 24) == "m#2"


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=80))
def test_visible_text_keeps_no_invisible_trick(text: str) -> None:
    for name in (clean_name(text * 8, 24), numbered(clean_name(text * 8, 24), 12, 24)):
        assert len(graphemes(name)) <= 24 and len(name.encode()) <= NAME_BYTES * 24, name
    seen = visible(text)
    assert visible(seen) == seen
    for cluster in graphemes(seen):
        assert len(cluster) <= 16
        for ch in cluster:
            if OTHER.match(ch):                     # only an emoji's joiners stay
                assert ch in EMOJI_JOINERS and EMOJI.search(cluster), (text, cluster)
