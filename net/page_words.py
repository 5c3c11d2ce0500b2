"""The browser page's words: the one catalogue (hearts/locale/*.po), served as JSON.

The page marks its sentences in JavaScript (``t("...")``, ``nt(...)``, ``pt(...)``:
assets/web/i18n.js); scripts/catalogue.py extracts them into hearts.pot beside the
Python ones, and each ``.po`` translates them. The host serves, for each language it has
a catalogue for (and the test language `PSEUDO`), ``/lang/<code>.json``: the translations
of the strings the page uses (keyed as gettext keys them: ``context\\x04id``,
``singular\\x00plural`` -> the list of forms), the ``Plural-Forms`` expression, the
language's own name and the game's facts (rule options, presets, bot levels) in that
language; ``/lang/index.json`` lists the languages by their own names.
"""

from __future__ import annotations

import json
from typing import Any

from hearts.bots import SEAT_LEVELS
from hearts.engine import Rules
from hearts.engine.rule_options import (GROUPS, OPTIONS, group_title, preset_description,
                                        preset_name)
from hearts.engine.rules import PRESETS
from hearts.i18n import (ENGLISH, ENGLISH_WORDS, LOCALE_DIR, PSEUDO, Translator, available,
                         keys_used_in, language_name, plural_forms, pseudo, read_po, resolve,
                         translation)

from .protocol import PROTOCOL_VERSION

PAGE_FOLDER = "assets/web/"


def page_messages(lang: str) -> dict[str, str | list[str]]:
    """The page's strings translated into ``lang`` (none for English: the source strings
    are the English); a string without a translation is left out, and reads in English."""
    name = resolve(lang)
    keys = keys_used_in(PAGE_FOLDER)
    if name == ENGLISH:
        return {}
    if name == PSEUDO:
        return {k: [pseudo(f) for f in k.split("\x04")[-1].split("\0")] if "\0" in k
                else pseudo(k.split("\x04")[-1]) for k in keys}
    po = read_po(LOCALE_DIR / f"{name}.po")
    return {k: po[k].split("\0") if "\0" in k else po[k] for k in keys if k in po}


def game_facts(tr: Translator = ENGLISH_WORDS) -> dict[str, Any]:
    """What the page needs to know of this host's engine, its words in ``tr``'s language:
    every rule option (for the rules sheet), the presets and the bot levels (`/facts.json`
    in English; each language's in ``/lang/<code>.json``, `hearts.net.page_words`)."""
    def word(text: str) -> str:
        return tr.gettext(text) if text else text
    options = [{"name": o.name, "kind": o.kind, "group": o.group, "label": o.label_in(tr),
                "help": o.help_in(tr), "choices": [[v, o.words(v, tr)] for v in o.values],
                "bounds": list(o.bounds), "unit": o.unit, "none_words": word(o.none_words),
                "zero_words": word(o.zero_words)} for o in OPTIONS.values()]
    presets = {name: {"description": preset_description(name, tr),
                      "name": preset_name(name, tr),
                      "rules": Rules.preset(name).to_dict()} for name in PRESETS}
    return {"options": options, "groups": {g: group_title(g, tr) for g in GROUPS},
            "presets": presets, "levels": list(SEAT_LEVELS), "protocol": PROTOCOL_VERSION}


def catalogue(lang: str) -> dict[str, Any]:
    """Everything the page reads in ``lang``: ``/lang/<code>.json``."""
    name = resolve(lang)
    return {"lang": name, "name": language_name(name), "plural": plural_forms(name),
            "messages": page_messages(name), "facts": game_facts(translation(name))}


def languages() -> list[dict[str, str]]:
    """The languages the page can be read in, English first, each by its own name."""
    return [{"code": code, "name": language_name(code)} for code in available()]


def catalogue_file(path: str) -> bytes | None:
    """The compact JSON at URL ``path`` (``/lang/index.json``, ``/lang/<code>.json``
    for a language the host has or `PSEUDO`), or None: there is no such catalogue."""
    if path == "/lang/index.json":
        return _packed({"languages": languages()})
    folder, _, name = path.rpartition("/")
    code = name.removesuffix(".json")
    if folder != "/lang" or not name.endswith(".json") or code not in (*available(), PSEUDO):
        return None
    return _packed(catalogue(code))


def _packed(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


__all__ = ["PAGE_FOLDER", "catalogue", "catalogue_file", "game_facts", "languages",
           "page_messages"]
