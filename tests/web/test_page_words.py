"""The page's words from the one catalogue: the strings marked in its JavaScript are in
hearts.pot; the host serves each language's as JSON (`/lang/<code>.json`: compact, gzip,
ETag, 404 for a language it has not); a connection that said ``hello.lang`` gets its
table's rules in words and its view's reasons in that language, over the packed path
too. assets/web/i18n.js (plural rules, placeholders, the language chosen) under node."""

from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from hearts.engine import Rules
from hearts.engine.rule_options import OPTIONS, words_of
from hearts.i18n import LOCALE_DIR, available, keys_used_in, plural_forms, pseudo, read_po, translation
from hearts.net.host import Host
from hearts.net.page_words import PAGE_FOLDER

from .conftest import WS, get, hello

NODE = shutil.which("node")
JS_TEST = Path(__file__).parent / "js" / "i18n.test.mjs"


def test_the_pages_strings_are_in_the_template() -> None:
    keys = keys_used_in(PAGE_FOLDER)
    assert "Sit down" in keys and "Start the game" in keys
    assert "{n} game tonight\0{n} games tonight" in keys                # a plural
    assert "bot level\x04easy" in keys                                   # a context
    assert not any("${" in k for k in keys)       # no template literal marked by mistake


async def test_each_language_is_served_as_json(host: Host) -> None:
    status, headers, body = await get(host, "/lang/index.json")
    assert status == 200 and headers["content-type"] == "application/json"
    languages = json.loads(body)["languages"]
    assert [lang["code"] for lang in languages] == available()
    assert languages[0] == {"code": "en", "name": "English"}
    keys = keys_used_in(PAGE_FOLDER)
    for code in [*available(), "pseudo"]:
        status, headers, body = await get(host, f"/lang/{code}.json", "Accept-Encoding: gzip")
        assert status == 200 and headers["content-encoding"] == "gzip", code
        raw = gzip.decompress(body)
        catalogue = json.loads(raw)
        assert raw == json.dumps(catalogue, ensure_ascii=False, separators=(",", ":")).encode()
        assert catalogue["lang"] == code and catalogue["plural"] == plural_forms(code)
        messages = catalogue["messages"]
        facts = catalogue["facts"]
        tr = translation(code)
        assert [o["label"] for o in facts["options"]] == [tr.gettext(o.label) for o in OPTIONS.values()]
        if code == "en":
            assert facts == json.loads((await get(host, "/facts.json"))[2])
            assert messages == {}
            continue
        assert set(messages) == set(keys), f"{code}: the page's strings, all translated"
        if code == "pseudo":
            assert all(v.startswith("[!! ") for v in messages.values() if isinstance(v, str))
            assert messages["Sit down"] == pseudo("Sit down")
            continue
        po = read_po(LOCALE_DIR / f"{code}.po")
        assert messages["Sit down"] == po["Sit down"] != "Sit down"
        assert messages["{n} game tonight\0{n} games tonight"] == \
            po["{n} game tonight\0{n} games tonight"].split("\0")
        assert facts["options"][0]["label"] != next(iter(OPTIONS.values())).label
        etag = headers["etag"]
        status, _, body = await get(host, f"/lang/{code}.json", "Accept-Encoding: gzip",
                                    f"If-None-Match: {etag}")
        assert status == 304 and body == b""
    for missing in ("xx", "de_DE", "../hearts/locale/de.po", "index"):
        status, _, body = await get(host, f"/lang/{missing}.json")
        assert status == (200 if missing == "index" else 404), missing


async def _table_messages(ws: WS, lang: str | None) -> dict[str, Any]:
    msg = hello("Ann" if lang else "Bob")
    if lang:
        msg["lang"] = lang
    await ws.send(msg)
    await ws.until("tables")
    await ws.send({"type": "create_table", "rules": {"preset": "standard"}})
    table = await ws.until("table")
    assert table is not None
    return table


async def test_a_connection_reads_its_rules_and_reasons_in_its_language(host: Host) -> None:
    german = await WS.open(host)
    english = await WS.open(host)
    pseudo_ws = await WS.open(host)
    try:
        de_table = await _table_messages(german, "de")
        en_table = await _table_messages(english, None)
        rules = Rules.from_dict(en_table["table"]["rules"])
        assert en_table["table"]["rules_words"] == words_of(rules, translation(None))
        assert de_table["table"]["rules_words"] == words_of(rules, translation("de"))
        assert de_table["table"]["rules_words"] != en_table["table"]["rules_words"]
        # the reasons a card may not be played, in an update (packed for everyone else)
        await _table_messages(pseudo_ws, "pseudo")
        await pseudo_ws.send({"type": "start"})
        reasons = await _reasons(pseudo_ws)
        assert reasons and all(r.startswith("[!! ") and r.endswith(" !!]") for r in reasons)
    finally:
        for ws in (german, english, pseudo_ws):
            await ws.close()


async def _reasons(ws: WS) -> list[str]:
    """Play (pass the first three, then the first card allowed) until a view says why
    cards may not be played; those reasons."""
    acted: set[Any] = set()
    for _ in range(400):
        msg = await ws.until("update", 10, lambda m: True)
        if msg is None:
            break
        view = msg["view"]
        if view is None or view["seat"] is None:
            continue
        if view["illegal"]:
            return list(view["illegal"].values())
        key = (view["phase"], len(view["hand"]), len(view["trick"]))
        if key in acted:
            continue
        if view["phase"] == "pass" and not view["has_passed"][view["seat"]]:
            await ws.send({"type": "pass", "cards": view["hand"][:3]})
        elif view["phase"] == "play" and view["turn"] == view["seat"]:
            await ws.send({"type": "play", "card": view["legal"][0]})
        else:
            continue
        acted.add(key)
    return []


@pytest.mark.needs("node")
def test_the_pages_catalogue_reader_under_node() -> None:
    assert NODE is not None
    run = subprocess.run([NODE, "--experimental-default-type=module", "--test", str(JS_TEST)],
                         env={"PATH": "/usr/bin:/bin"}, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "# fail 0" in run.stdout and "# pass 0" not in run.stdout


def test_no_sentence_is_built_outside_the_catalogue() -> None:
    """A template literal with letters in it (`Seat ${n}`) is a sentence the catalogue
    cannot hold: the page's files have none (file names and selectors aside)."""
    web = Path(__file__).resolve().parents[2] / "assets" / "web"
    allowed = re.compile(r"hearts-game-|\[data-|\.json$|/ws$")
    found = []
    for path in sorted(web.glob("*.js")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            line = line.split(" // ")[0]
            if line.lstrip().startswith(("//", "*", "/*")) or "new Error(" in line:
                continue
            for literal in re.findall(r"`([^`]*)`", line):
                words = re.sub(r"\$\{[^}]*\}", "", literal)
                if re.search(r"[A-Za-z]{2,}", words) and not allowed.search(literal):
                    found.append(f"{path.name}:{number}: `{literal}`")
    assert not found, "\n".join(found)


# a person's or a host's name put into a sentence (never a number, a card or a rule)
NAMES = r"\{(name|names|owner|who|by|bot|host|player|shooter|last|heir)\}"


def test_no_french_sentence_puts_a_name_after_a_word_that_elides() -> None:
    """"Table de Evafr" (issue 59): French elides "de", "que", "le", "la" before a vowel
    ("d'Evafr"), which a placeholder cannot do, so a French sentence names a person where no
    elision is asked for ("Chez Evafr", "C'est à Evafr de jouer")."""
    po = read_po(LOCALE_DIR / "fr.po")
    trapped = [(k, v) for k, v in po.items() if k and re.search(
        r"(?i)(?<![\w'’])(de|que|le|la|jusque|lorsque|puisque) " + NAMES, v)]
    assert trapped == []
