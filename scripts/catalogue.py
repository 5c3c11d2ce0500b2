"""Extract every player-facing string into hearts/locale/hearts.pot and bring each
language's .po file up to date with it (new strings untranslated, gone ones dropped).

    .venv/bin/python scripts/catalogue.py            # extract and update
    .venv/bin/python scripts/catalogue.py --fill T.json   # extract, update, then set the
                                                     # translations of T.json:
                                                     # {"de": {"msgid": "msgstr", ...}, ...}
    .venv/bin/python scripts/catalogue.py --check    # exit 1 when the template is stale or
                                                     # a catalogue has untranslated, fuzzy or
                                                     # mismatched entries (what the tests check)

Strings are found by Babel in hearts/ and net/ wherever they are passed to ``_``,
``ngettext``, ``pgettext``, ``N_``, ``T_``/``nT_``/``pT_`` (a `hearts.i18n.Text`, said
later) or a translation's ``gettext``/``ngettext``/``pgettext``; and in the browser page's
JavaScript (assets/web/*.js) wherever they are passed to ``t``, ``nt`` or ``pt``
(assets/web/i18n.js; the host serves them as JSON, `hearts.net.page_words`).
A new language is one more file: ``cp hearts/locale/hearts.pot hearts/locale/it.po``,
set its ``Language`` and ``Plural-Forms`` header, translate every entry.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from datetime import datetime, timezone
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "hearts" / "locale"
TEMPLATE = LOCALE / "hearts.pot"
KEYWORDS = {"_": None, "N_": None, "T_": None, "gettext": None, "ngettext": (1, 2),
            "nT_": (1, 2), "pgettext": ((1, "c"), 2), "pT_": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3)}
PAGE_KEYWORDS = {"t": None, "nt": (1, 2), "pt": ((1, "c"), 2)}     # assets/web/i18n.js
# (folder, files, extractor, keywords): the Python packages and the browser page
SOURCES = (("hearts", "**.py", "python", KEYWORDS), ("net", "**.py", "python", KEYWORDS),
           ("assets/web", "**.js", "javascript", PAGE_KEYWORDS))
CREATED = datetime(2026, 11, 26, tzinfo=timezone.utc)   # fixed: the template changes with its strings only
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([^)]*\)[a-z]")


def extract() -> Catalog:
    """Every marked string of the sources, with where it is used."""
    catalog = Catalog(project="hearts", version="1", copyright_holder="the hearts authors",
                      charset="utf-8", creation_date=CREATED)
    for top, files, method, keywords in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
                ROOT / top, method_map=[(files, method)], keywords=keywords,
                comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
            catalog.add(message, None, [(f"{top}/{filename}", lineno)],
                        auto_comments=comments, context=context)
    return catalog


def _po_text(catalog: Catalog) -> str:
    out = io.BytesIO()
    write_po(out, catalog, width=88, omit_header=False, sort_output=True,
             include_previous=False)
    return out.getvalue().decode()


def _ids(catalog: Catalog) -> set[tuple[object, str | None]]:
    return {(m.id, m.context) for m in catalog if m.id}


def languages() -> list[Path]:
    return sorted(LOCALE.glob("*.po"))


def _forms(message: Message) -> Iterable[str]:
    return message.id if isinstance(message.id, (list, tuple)) else (message.id,)


def _strings(message: Message) -> list[str]:
    s = message.string
    return [x or "" for x in s] if isinstance(s, (list, tuple)) else [s or ""]


def problems(template: Catalog, path: Path) -> list[str]:
    """What keeps ``path`` from being complete for ``template``."""
    with path.open("rb") as f:
        catalog = read_po(f)
    out = []
    if not catalog.plural_forms or "nplurals" not in catalog.plural_forms:
        out.append(f"{path.name}: no Plural-Forms header")
    have = {(m.id, m.context): m for m in catalog if m.id}
    for key in sorted(_ids(template) - set(have), key=str):
        out.append(f"{path.name}: missing {key[0]!r}")
    for key in sorted(set(have) - _ids(template), key=str):
        out.append(f"{path.name}: not in the template {key[0]!r}")
    for key, m in have.items():
        if key not in _ids(template):
            continue
        if m.fuzzy:
            out.append(f"{path.name}: fuzzy {m.id!r}")
        strings = _strings(m)
        if not all(strings):
            out.append(f"{path.name}: untranslated {m.id!r}")
            continue
        wanted = set().union(*(set(PLACEHOLDER.findall(f)) for f in _forms(m)))
        for s in strings:
            got = set(PLACEHOLDER.findall(s))
            if not got <= wanted:
                out.append(f"{path.name}: {m.id!r} has placeholders the source has not: "
                           f"{sorted(got - wanted)}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 on a stale template or incomplete catalogue")
    parser.add_argument("--fill", metavar="JSON", type=Path,
                        help="after updating, set these translations: {lang: {msgid: msgstr}} "
                             "(a plural's msgstr is a list)")
    args = parser.parse_args(argv)
    template = extract()
    text = _po_text(template)
    if args.check:
        errors = []
        if not TEMPLATE.exists() or _ids(read_po(TEMPLATE.open("rb"))) != _ids(template):
            errors.append(f"{TEMPLATE.relative_to(ROOT)} is stale: run scripts/catalogue.py")
        for path in languages():
            errors += problems(template, path)
        if any(": untranslated " in e or ": missing " in e for e in errors):
            errors.append("New or changed sentences: run scripts/catalogue.py, then translate "
                          "each empty msgstr in hearts/locale/*.po (every language is complete "
                          "before it lands; keep the {placeholders} exactly).")
        print("\n".join(errors) or f"{len(_ids(template))} strings, "
              f"{len(languages())} catalogues complete")
        return 1 if errors else 0
    LOCALE.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_text(text, encoding="utf-8")
    import json
    fill = json.loads(args.fill.read_text(encoding="utf-8")) if args.fill else {}
    for path in languages():
        with path.open("rb") as f:
            catalog = read_po(f)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        for msgid, msgstr in fill.get(path.stem, {}).items():
            message = next((m for m in catalog if m.id == msgid
                            or isinstance(m.id, tuple) and m.id[0] == msgid), None)
            if message is None:
                print(f"{path.name}: no entry {msgid!r} to fill", file=sys.stderr)
                return 1
            message.string = tuple(msgstr) if isinstance(msgstr, list) else msgstr
        path.write_text(_po_text(catalog), encoding="utf-8")
    print(f"{len(_ids(template))} strings -> {TEMPLATE.relative_to(ROOT)}; "
          f"updated {', '.join(p.name for p in languages()) or 'no catalogue'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
