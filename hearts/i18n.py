"""The words a player reads, in the player's language (gettext).

Every player-facing sentence goes through one of these, with named placeholders
filled after translation, never words glued from pieces::

    _("{name} shot the moon.").format(name=name)
    ngettext("{n} point", "{n} points", n).format(n=n)
    PASS_HELP = N_("Choose the cards to pass.")   # marked here, translated where shown: _(PASS_HELP)

A front end speaks one language (``set_language``); the host words each connection's
messages in that connection's language (``translation(lang)``). The catalogues are
``hearts/locale/<lang>/LC_MESSAGES/hearts.mo``; a language without one reads English.
"""

from __future__ import annotations

import gettext
from functools import lru_cache
from pathlib import Path

DOMAIN = "hearts"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


@lru_cache(maxsize=32)
def translation(lang: str | None) -> gettext.NullTranslations:
    """The catalogue for ``lang`` (``"de"``, ``"fr_FR"``...; None or unknown: English)."""
    if not lang:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


_current: gettext.NullTranslations = translation(None)


def set_language(lang: str | None) -> None:
    """Make ``lang`` the language of ``_`` and ``ngettext`` in this process."""
    global _current
    _current = translation(lang)


def _(message: str) -> str:
    """``message`` in this process's language."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n``, in this process's language."""
    return _current.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (constants)."""
    return message
