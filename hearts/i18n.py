"""The words a player reads, in the player's language (gettext).

Every player-facing sentence goes through one of these, with named placeholders
filled after translation, never words glued from pieces::

    _("{name} shot the moon.").format(name=name)
    ngettext("{n} point", "{n} points", n).format(n=n)
    PASS_HELP = N_("Choose the cards to pass.")   # marked here, translated where shown: _(PASS_HELP)

A front end speaks one language (``set_language``); the host words each connection's
messages in that connection's language (``translation(lang)``). Where a sentence is made
before its reader is known (the engine's reasons, the host's errors) it is a `Text`: the
English sentence as a ``str`` that can still be said in any language::

    reason = T_("you do not hold {card}", card="Q♠")   # str(reason): "you do not hold Q♠"
    reason.said(translation("de"))                     # the same sentence in German
 The catalogues are the
``.po`` files in ``hearts/locale/`` (``de.po``, ``fr.po``...), read when a language is
first asked for; a language without one reads English. Adding a language is adding its
``.po`` file (``scripts/catalogue`` extracts the template and updates every catalogue).

``PSEUDO`` is a test language that wraps and lengthens every catalogue string, so a
screen that shows text which did not come through here stands out.
"""

from __future__ import annotations

import array
import errno
import gettext
import io
import os
import re
import socket
import struct
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from hearts.resources import package_file

DOMAIN = "hearts"
LOCALE_DIR = package_file("locale")
ENGLISH = "en"
PSEUDO = "pseudo"


def available() -> list[str]:
    """The languages with a catalogue, English first."""
    return list(_catalogues(LOCALE_DIR))


@lru_cache(maxsize=4)
def _catalogues(folder: Path) -> tuple[str, ...]:
    # the catalogues ship with the package: the folder is read once a process
    return (ENGLISH, *sorted(p.stem for p in folder.glob("*.po")))


def candidates(lang: str) -> list[str]:
    """Catalogue names to try for a locale name: ``de_DE.UTF-8`` -> ``de_DE``, ``de``."""
    base = lang.split(".")[0].split("@")[0].replace("-", "_")
    if not base:
        return []
    if "_" not in base:
        return [base.lower()]
    language, region = base.split("_", 1)
    return [f"{language.lower()}_{region.upper()}", language.lower()]


def resolve(lang: str | None) -> str:
    """The language ``lang`` is read in: a catalogue's name, ``PSEUDO`` or ``ENGLISH``."""
    if lang == PSEUDO:
        return PSEUDO
    have = set(available())
    for name in candidates(lang or ""):
        if name in have:
            return name
    return ENGLISH


def has(lang: str) -> bool:
    """Whether the game speaks ``lang`` (``de``, ``fr_FR.UTF-8``, ``en``, ``PSEUDO``...)."""
    if lang == PSEUDO:
        return True
    have = set(available())
    return any(name in have for name in candidates(lang))


def from_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the environment asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``, as gettext reads them), or None; the first one with a catalogue wins."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if not value:
            continue
        wanted = value.split(":")
        for lang in wanted:
            if lang in ("C", "POSIX") or lang.startswith("C."):
                continue
            if resolve(lang) != ENGLISH or lang.split("_")[0].lower() == ENGLISH:
                return resolve(lang)
        return None
    return None


def language_name(lang: str | None) -> str:
    """A language's name in that language ("Deutsch"), as its catalogue gives it."""
    if resolve(lang) == PSEUDO:
        return "Ƥšéûđö"
    # TRANSLATORS: the name of the language you translate into, in that language ("Deutsch")
    return translation(lang).pgettext("language name", "English")


@lru_cache(maxsize=32)
def translation(lang: str | None) -> gettext.NullTranslations:
    """The catalogue for ``lang`` (``"de"``, ``"fr_FR.UTF-8"``...; None or unknown: English)."""
    name = resolve(lang)
    if name == PSEUDO:
        return PseudoTranslations()
    if name == ENGLISH:
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(mo_bytes(read_po(LOCALE_DIR / f"{name}.po"))))


_current: gettext.NullTranslations = translation(None)
_current_name = ENGLISH


def set_language(lang: str | None) -> str:
    """Make ``lang`` the language of ``_`` and ``ngettext`` in this process; the name of
    the catalogue used (``ENGLISH`` where there is none for it)."""
    global _current, _current_name
    _current = translation(lang)
    _current_name = resolve(lang)
    return _current_name


def language() -> str:
    """The name of this process's language (as `set_language` returned it)."""
    return _current_name


def _(message: str) -> str:
    """``message`` in this process's language."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n``, in this process's language."""
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in this process's language, where the same English means two things."""
    return _current.pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (constants)."""
    return message


class Translator(Protocol):
    """What words need of a catalogue (`gettext.NullTranslations` has all three)."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> str: ...


class ProcessLanguage:
    """The process's language (`set_language`), looked up at each sentence."""

    def gettext(self, message: str, /) -> str:
        return _current.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return _current.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str, /) -> str:
        return _current.pgettext(context, message)


PROCESS = ProcessLanguage()
ENGLISH_WORDS: Translator = gettext.NullTranslations()   # the source strings, whatever the process speaks


class Text(str):
    """A sentence made before its reader is known: the English (the ``str`` itself) and
    what it takes to say it in another language (``said(tr)``). Values that are `Text`
    themselves are said in the same language. Made with `T_`, `nT_` or `pT_`."""

    __slots__ = ("msgid", "plural", "n", "context", "values")
    msgid: str
    plural: str | None
    n: int
    context: str | None
    values: dict[str, Any]

    def __new__(cls, msgid: str, plural: str | None = None, n: int = 1,
                context: str | None = None, values: dict[str, Any] | None = None) -> Text:
        values = dict(values or {})
        if plural is not None:
            values.setdefault("n", n)
        english = plural if plural is not None and n != 1 else msgid
        self = super().__new__(cls, english.format(**values) if values else english)
        self.msgid, self.plural, self.n, self.context, self.values = (
            msgid, plural, n, context, values)
        return self

    def said(self, tr: Translator | None = None) -> str:
        """This sentence in ``tr``'s language (None: the process's)."""
        tr = tr or PROCESS
        if self.plural is not None:
            message = tr.ngettext(self.msgid, self.plural, self.n)
        elif self.context is not None:
            message = tr.pgettext(self.context, self.msgid)
        else:
            message = tr.gettext(self.msgid)
        if not self.values:
            return message
        return message.format(**{k: said(v, tr) for k, v in self.values.items()})

    def __reduce__(self) -> tuple[Any, ...]:
        return (Text, (self.msgid, self.plural, self.n, self.context, self.values))


def T_(message: str, /, **values: Any) -> Text:
    """``message`` marked for the catalogue, to be said later in the reader's language;
    ``values`` fill its named placeholders then."""
    return Text(message, values=values)


def nT_(singular: str, plural: str, n: int, /, **values: Any) -> Text:
    """`T_` with a plural form chosen by ``n`` (``{n}`` is filled with it)."""
    return Text(singular, plural, n, values=values)


def pT_(context: str, message: str, /, **values: Any) -> Text:
    """`T_` where the same English means two things (``context`` tells them apart)."""
    return Text(message, context=context, values=values)


def said(text: Any, tr: Translator | None = None) -> str:
    """``text`` in ``tr``'s language when it is a `Text`; anything else as ``str``
    (a name, a number, an English sentence nobody marked)."""
    return text.said(tr) if isinstance(text, Text) else str(text)


def text_of(error: BaseException) -> str:
    """An exception's sentence, kept a `Text` when it was raised with one (``str(e)``
    would make it plain English)."""
    arg = error.args[0] if len(error.args) == 1 else None
    return arg if isinstance(arg, str) else str(error)


# the system's reasons people meet (its own words are English whatever the language)
_ERRNO_WORDS = {
    "ECONNREFUSED": N_("connection refused"),
    "ETIMEDOUT": N_("no answer"),
    "EHOSTUNREACH": N_("no route to the host"),
    "ENETUNREACH": N_("the network is unreachable"),
    "ECONNRESET": N_("the connection was broken off"),
    "ECONNABORTED": N_("the connection was broken off"),
    "EPIPE": N_("the connection was broken off"),
    "EADDRINUSE": N_("the address is already in use"),
    "EADDRNOTAVAIL": N_("this computer has no such address"),
    "EACCES": N_("permission denied"),
    "EPERM": N_("permission denied"),
    "ENOENT": N_("no such file or folder"),
    "ENOSPC": N_("the disk is full"),
    "EROFS": N_("the disk is read-only"),
}


def error_words(error: BaseException, tr: Translator | None = None) -> str:
    """Why a connection or a file failed, in a few words of ``tr``'s language (None: the
    process's): "connection refused", not "[Errno 111] Connect call failed"; a reason
    without words of its own in the system's words."""
    tr = tr or PROCESS
    if error.args and isinstance(error.args[0], Text):     # a sentence of its own
        return error.args[0].said(tr)
    if isinstance(error, TimeoutError):
        return tr.gettext("no answer")
    if isinstance(error, socket.gaierror):
        return tr.gettext("unknown host name")
    code = getattr(error, "errno", None)
    if not code:        # asyncio's "Multiple exceptions: [Errno 111] ..." when every address failed
        found = re.search(r"\[Errno (\d+)\]", str(error))
        code = int(found.group(1)) if found else None
    if not code:
        return str(error) or tr.gettext("no answer")
    words = _ERRNO_WORDS.get(errno.errorcode.get(code, ""))
    return tr.gettext(words) if words else os.strerror(code).lower()


def error_text(error: BaseException) -> Text | str:
    """`error_words` to be said later in each reader's language: a `Text` when the
    catalogue has words for it ("the disk is full"), else the system's words."""
    words = _ERRNO_WORDS.get(errno.errorcode.get(getattr(error, "errno", None) or 0, ""))
    return Text(words) if words else error_words(error)


# -- catalogues --------------------------------------------------------------------------

_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"{where}: a string in double quotes was expected")
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), text[1:-1])


def _entries(path: Path) -> Iterator[dict[str, str]]:
    """The entries of a ``.po`` file: msgctxt, msgid, msgid_plural, msgstr[N], fuzzy."""
    entry: dict[str, str] = {}
    key = ""

    def complete() -> bool:
        return any(k.startswith("msgstr") for k in entry)

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        where = f"{path.name}:{number}"
        if not line or line.startswith("#"):
            if complete():
                yield entry
                entry, key = {}, ""
            if line.startswith("#,") and "fuzzy" in line:
                entry["fuzzy"] = "1"
            elif line.startswith("#:"):
                entry["refs"] = entry.get("refs", "") + " " + line[2:].strip()
            continue
        if line.startswith('"'):
            if not key:
                raise ValueError(f"{where}: a string outside any entry")
            entry[key] += _unquote(line, where)
            continue
        keyword, _sep, rest = line.partition(" ")
        if not re.fullmatch(r"msgctxt|msgid|msgid_plural|msgstr(\[\d\])?", keyword):
            raise ValueError(f"{where}: unknown keyword {keyword!r}")
        if keyword in ("msgctxt", "msgid") and complete():
            yield entry
            entry = {}
        key = keyword
        entry[key] = _unquote(rest, where)
    if complete():
        yield entry


def read_po(path: Path) -> dict[str, str]:
    """A ``.po`` file as gettext's catalogue keys and values: ``ctxt\\x04id`` for a
    context, ``id\\0plural`` -> ``form0\\0form1...`` for plurals; fuzzy and untranslated
    entries left out (as msgfmt leaves them), the header kept."""
    out: dict[str, str] = {}
    for e in _entries(path):
        if e.get("fuzzy") and e["msgid"]:
            continue
        key = e["msgid"]
        if "msgid_plural" in e:
            key += "\0" + e["msgid_plural"]
            forms = [e[k] for k in sorted(k for k in e if k.startswith("msgstr["))]
            if not all(forms):
                continue
            value = "\0".join(forms)
        else:
            value = e.get("msgstr", "")
            if not value:
                continue
        if "msgctxt" in e:
            key = e["msgctxt"] + "\x04" + key
        out[key] = value
    return out


def keys_used_in(folder: str, template: Path | None = None) -> list[str]:
    """The catalogue keys (as `read_po` makes them) of the template's strings used in a
    file under ``folder`` (``"assets/web/"``: the browser page's), in the template's order."""
    path = template or LOCALE_DIR / f"{DOMAIN}.pot"
    out = []
    for e in _entries(path):
        if not e["msgid"] or not any(ref.startswith(folder) for ref in e.get("refs", "").split()):
            continue
        key = e["msgid"] + ("\0" + e["msgid_plural"] if "msgid_plural" in e else "")
        out.append(e["msgctxt"] + "\x04" + key if "msgctxt" in e else key)
    return out


def plural_forms(lang: str | None) -> str:
    """The plural expression of ``lang``'s catalogue (its ``Plural-Forms``: ``n != 1``)."""
    name = resolve(lang)
    if name in (ENGLISH, PSEUDO):
        return "n != 1"
    header = read_po(LOCALE_DIR / f"{name}.po").get("", "")
    found = re.search(r"plural\s*=\s*([^;\n]+)", header)
    return found.group(1).strip() if found else "n != 1"


def mo_bytes(messages: dict[str, str]) -> bytes:
    """``messages`` (from ``read_po``) as a GNU ``.mo`` file, for ``GNUTranslations``."""
    keys = sorted(messages)
    ids = strs = b""
    spans = []
    for k in keys:
        kb, vb = k.encode(), messages[k].encode()
        spans.append((len(ids), len(kb), len(strs), len(vb)))
        ids += kb + b"\0"
        strs += vb + b"\0"
    key_start = 7 * 4 + 16 * len(keys)
    value_start = key_start + len(ids)
    key_table: list[int] = []
    value_table: list[int] = []
    for id_at, id_len, str_at, str_len in spans:
        key_table += [id_len, id_at + key_start]
        value_table += [str_len, str_at + value_start]
    head = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + 8 * len(keys), 0, 0)
    return head + array.array("i", key_table + value_table).tobytes() + ids + strs


# -- the pseudo language -----------------------------------------------------------------

_ACCENTED = str.maketrans(
    "abcdeghijklnoprstuwyzABCDEGHIJKLNOPRSTUWYZ",
    "àƀçđéĝĥîĵķĺñöþŕšţûŵýžÀƁÇĐÉĜĤÎĴĶĹÑÖÞŔŠŢÛŴÝŽ")
_PLACEHOLDER = re.compile(r"(\{[^{}]*\}|%\([^)]*\)[a-z]|%[a-z%])")


def pseudo(message: str) -> str:
    """``message`` as the pseudo language shows it: accented, a third longer, in
    ``[!! ... !!]``; placeholders and line breaks kept as they are."""
    if not message:
        return message
    parts = _PLACEHOLDER.split(message)
    text = "".join(p if i % 2 else p.translate(_ACCENTED) for i, p in enumerate(parts))
    letters = sum(1 for p in parts[::2] for ch in p if ch.isalpha())
    return f"[!! {text} {'~' * max(1, letters // 3)} !!]"


class PseudoTranslations(gettext.NullTranslations):
    """Every catalogue string through ``pseudo``."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
