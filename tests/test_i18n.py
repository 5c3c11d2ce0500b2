"""hearts.i18n: catalogues read from .po files, languages chosen by name or environment,
the pseudo language; scripts/catalogue.py keeps every catalogue complete."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import hearts.i18n as i18n

ROOT = Path(__file__).resolve().parents[1]

SAMPLE_PO = r'''# A catalogue in the shape scripts/catalogue.py writes.
msgid ""
msgstr ""
"Language: xq\n"
"Content-Type: text/plain; charset=utf-8\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);\n"

#: net/words.py:10
msgid "{name} shot the moon."
msgstr "{name} a tiré "
"la lune."

msgid "{n} point"
msgid_plural "{n} points"
msgstr[0] "{n} poing"
msgstr[1] "{n} poings-deux"
msgstr[2] "{n} poings"

msgctxt "suit"
msgid "Hearts"
msgstr "Cœurs"

msgid "Hearts"
msgstr "Dame de cœur"

#, fuzzy
msgid "Your turn."
msgstr "À moi."

msgid "Pass three cards."
msgstr ""

msgid "Line one\nline \"two\""
msgstr "Ligne un\nligne « deux »"
'''


@pytest.fixture
def sample_language(tmp_path, monkeypatch):
    (tmp_path / "xq.po").write_text(SAMPLE_PO, encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.translation.cache_clear()
    yield "xq"
    i18n.translation.cache_clear()
    i18n.set_language(None)


def test_a_catalogue_is_read_from_its_po_file(sample_language):
    tr = i18n.translation("xq_XQ.UTF-8")
    assert tr.gettext("{name} shot the moon.").format(name="Ann") == "Ann a tiré la lune."
    assert [tr.ngettext("{n} point", "{n} points", n).format(n=n) for n in (1, 2, 5)] == [
        "1 poing", "2 poings-deux", "5 poings"]
    assert tr.pgettext("suit", "Hearts") == "Cœurs"
    assert tr.gettext("Hearts") == "Dame de cœur"
    assert tr.gettext("Line one\nline \"two\"") == "Ligne un\nligne « deux »"
    # as msgfmt does: a fuzzy or empty translation reads the source string
    assert tr.gettext("Your turn.") == "Your turn."
    assert tr.gettext("Pass three cards.") == "Pass three cards."


def test_languages_are_resolved_by_locale_name(sample_language):
    assert i18n.available() == ["en", "xq"]
    assert [i18n.resolve(x) for x in ("xq", "xq_BE", "xq-be", "XQ_be.UTF-8@euro")] == ["xq"] * 4
    assert [i18n.resolve(x) for x in (None, "", "de_DE", "C")] == ["en"] * 4
    assert i18n.resolve(i18n.PSEUDO) == i18n.PSEUDO
    assert i18n.from_environment({"LANG": "xq_XQ.UTF-8"}) == "xq"
    assert i18n.from_environment({"LANGUAGE": "de:xq", "LANG": "en_US.UTF-8"}) == "xq"
    assert i18n.from_environment({"LC_ALL": "C.UTF-8", "LANG": "xq_XQ"}) is None
    assert i18n.from_environment({"LANG": "en_GB.UTF-8"}) == "en"
    assert i18n.from_environment({}) is None


def test_set_language_changes_the_process_words(sample_language):
    assert i18n.set_language("xq") == "xq"
    assert i18n._("{name} shot the moon.") == "{name} a tiré la lune."
    assert i18n.ngettext("{n} point", "{n} points", 2) == "{n} poings-deux"
    assert i18n.pgettext("suit", "Hearts") == "Cœurs"
    assert i18n.set_language("zz") == "en"
    assert i18n._("{name} shot the moon.") == "{name} shot the moon."
    assert i18n.N_("Pass three cards.") == "Pass three cards."


def test_a_language_the_game_has_not_is_refused_by_name(capsys, monkeypatch):
    """`--lang xx` (play, join): one error naming the languages there are, in the
    environment's language; a locale name of one of them (fr_FR.UTF-8, en_US) is fine."""
    from hearts.cli import language_option, main
    for lang in ("de", "fr_FR", "fr_FR.UTF-8", "de-DE", "en", "en_US", i18n.PSEUDO):
        assert language_option(lang) == lang
    for command in (["play"], ["join", "127.0.0.1:1"]):
        assert main([*command, "--lang", "xx"]) == 2
        err = capsys.readouterr().err
        assert "'xx'" in err and "de (Deutsch)" in err and "fr (Français)" in err
    monkeypatch.setenv("LANGUAGE", "de")
    try:
        assert main(["join", "127.0.0.1:1", "--lang", "xx"]) == 2
        err = capsys.readouterr().err
        assert "'xx'" in err and "the game has no language" not in err
    finally:
        i18n.set_language(None)


def test_the_pseudo_language_wraps_and_lengthens_and_keeps_placeholders():
    tr = i18n.translation(i18n.PSEUDO)
    text = tr.gettext("{name} passed {count} cards to %(who)s.")
    assert text.startswith("[!! ") and text.endswith(" !!]")
    assert "{name}" in text and "{count}" in text and "%(who)s" in text
    assert text.format(name="Ann", count=3) != "Ann passed 3 cards to %(who)s."
    plain = "Take the rest"
    assert len(tr.gettext(plain)) >= len(plain) * 1.3
    assert tr.ngettext("{n} card", "{n} cards", 1).startswith("[!! ")
    assert "ç" in tr.ngettext("{n} card", "{n} cards", 2)


def test_a_broken_catalogue_says_where(tmp_path):
    bad = tmp_path / "xx.po"
    bad.write_text('msgid "a"\nmsgstr b\n', encoding="utf-8")
    with pytest.raises(ValueError, match="xx.po:2"):
        i18n.read_po(bad)


def test_every_catalogue_is_complete_and_the_template_current():
    pytest.importorskip("babel")
    done = subprocess.run([sys.executable, "scripts/catalogue.py", "--check"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.needs("msgfmt")
def test_msgfmt_finds_no_untranslated_or_fuzzy_entry(tmp_path):
    for po in sorted((ROOT / "hearts" / "locale").glob("*.po")):
        done = subprocess.run(["msgfmt", "--check", "--statistics", "-o", str(tmp_path / "x.mo"),
                               str(po)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert "untranslated" not in done.stderr and "fuzzy" not in done.stderr, done.stderr


def _binds_and_calls_underscore(tree) -> list[str]:
    """Functions that bind ``_`` as a variable (``for _ in``, ``a, _ = ...``) and also
    call ``_()``: the call would find the variable, not the translator."""
    import ast
    found = []
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        binds = calls = False
        stack = list(ast.iter_child_nodes(fn))
        while stack:
            node = stack.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                 ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
                continue                                    # a scope of its own
            if isinstance(node, ast.Name) and node.id == "_":
                if isinstance(node.ctx, ast.Store):
                    binds = True
                elif isinstance(node.ctx, ast.Load):
                    calls = True
            stack.extend(ast.iter_child_nodes(node))
        if binds and calls:
            found.append(f"{fn.name} (line {fn.lineno})")
    return found


def test_no_function_hides_the_translator_behind_a_variable():
    import ast
    wrong = []
    for path in sorted([*ROOT.glob("hearts/**/*.py"), *ROOT.glob("net/*.py")]):
        text = path.read_text(encoding="utf-8")
        if "import" in text and " _" in text:
            wrong += [f"{path.relative_to(ROOT)}: {f}"
                      for f in _binds_and_calls_underscore(ast.parse(text))]
    assert not wrong, "\n".join(wrong)


def test_a_system_error_is_said_in_the_players_words():
    import errno
    import socket
    de = i18n.translation("de")
    assert i18n.error_words(ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused")) \
        == "connection refused"
    assert i18n.error_words(OSError(errno.EHOSTUNREACH, "No route to host"), de) \
        == de.gettext("no route to the host") != "no route to the host"
    assert i18n.error_words(TimeoutError(), de) == de.gettext("no answer")
    assert i18n.error_words(socket.gaierror(-2, "Name or service not known"), de) \
        == de.gettext("unknown host name")
    # asyncio's "every address failed" keeps the code only in its text
    assert i18n.error_words(OSError("Multiple exceptions: [Errno 111] Connect call failed"),
                            de) == de.gettext("connection refused")
    # a reason without words of its own: the system's
    assert i18n.error_words(OSError(errno.ELOOP, "Too many levels of symbolic links")) \
        == "too many levels of symbolic links"


def _babel(path: Path):
    pofile = pytest.importorskip("babel.messages.pofile")
    with path.open("rb") as f:
        return pofile.read_po(f)


@pytest.mark.parametrize("lang", i18n.available()[1:])
def test_every_catalogue_reads_as_babel_compiles_it(lang):
    """The run-time reading of each shipped .po (`read_po` + `mo_bytes`, no build step)
    says every template string as gettext says it from Babel's compiled .mo."""
    import gettext
    import io

    from babel.messages.mofile import write_mo
    po = i18n.LOCALE_DIR / f"{lang}.po"
    mo = io.BytesIO()
    write_mo(mo, _babel(po))
    mo.seek(0)
    theirs, ours = gettext.GNUTranslations(mo), i18n.translation(lang)
    assert i18n.plural_forms(lang) == _babel(po).plural_expr
    template = [m for m in _babel(i18n.LOCALE_DIR / f"{i18n.DOMAIN}.pot") if m.id]
    for m in template:
        if m.pluralizable:
            for n in (0, 1, 2, 5, 21, 101):
                args = (*m.id, n)
                said = ((ours.npgettext(m.context, *args), theirs.npgettext(m.context, *args))
                        if m.context else (ours.ngettext(*args), theirs.ngettext(*args)))
                assert said[0] == said[1], (m.id, n)
        elif m.context:
            assert ours.pgettext(m.context, m.id) == theirs.pgettext(m.context, m.id), m.id
        else:
            assert ours.gettext(m.id) == theirs.gettext(m.id), m.id
    assert set(i18n.read_po(po)) - {""} == {
        (f"{m.context}\x04" if m.context else "") + ("\0".join(m.id) if m.pluralizable else m.id)
        for m in _babel(po) if m.id and m.string and not m.fuzzy}


def test_the_pages_keys_are_the_templates_strings_babel_places_in_the_page():
    page = [m for m in _babel(i18n.LOCALE_DIR / f"{i18n.DOMAIN}.pot")
            if m.id and any(path.startswith("assets/web/") for path, _line in m.locations)]
    assert i18n.keys_used_in("assets/web/") == [
        (f"{m.context}\x04" if m.context else "") + ("\0".join(m.id) if m.pluralizable else m.id)
        for m in page]
