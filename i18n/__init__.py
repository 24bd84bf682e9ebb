"""Translations of everything the project writes itself (not the law texts: those are official).

English is the source language; ``es``, ``nl`` and ``it`` are translated in gettext catalogs,
one per *domain*, under ``i18n/locale/<lang>/LC_MESSAGES/<domain>.po``. Every domain of a
language is merged into one translator, so callers never name a domain::

    from i18n import translator, N_
    t = translator("nl")
    t.gettext("Unknown provision {key}.").format(key="99")

Strings that must be extracted but are translated later are marked with ``N_``. The Babel
extraction keywords are ``gettext``, ``ngettext``, ``pgettext``, ``tr``, ``trn`` and ``N_``
(``_`` is avoided: Streamlit and the REPL use it).

Compiled catalogs (``.mo``) are built by the set-up (``python3 run.py setup``) and not committed;
when a ``.mo`` is missing or older than its ``.po``, the ``.po`` is read directly.
"""
from __future__ import annotations

import gettext as _gettext
from functools import lru_cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
LOCALE = HERE / "locale"
SOURCE_LANG = "en"
LANGS = ("en", "es", "nl", "it")


def N_(message: str) -> str:
    """Mark a string for extraction without translating it here."""
    return message


def normalize_lang(lang: str | None) -> str:
    """``es_ES``, ``nl-BE``, ``IT`` → ``es``, ``nl``, ``it``; anything else → ``en``."""
    if not lang:
        return SOURCE_LANG
    code = lang.replace("-", "_").split("_")[0].lower()
    return code if code in LANGS else SOURCE_LANG


class Translator:
    """gettext for one language, every domain merged."""

    def __init__(self, lang: str, catalog: _gettext.NullTranslations):
        self.lang = lang
        self._c = catalog

    def gettext(self, message: str) -> str:
        return self._c.gettext(message)

    tr = gettext

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._c.ngettext(singular, plural, n)

    trn = ngettext

    def pgettext(self, context: str, message: str) -> str:
        return self._c.pgettext(context, message)

    def __call__(self, message: str, **fmt) -> str:
        s = self._c.gettext(message)
        return s.format(**fmt) if fmt else s


def _load_po(po: Path) -> _gettext.NullTranslations:
    """Read a .po with Babel and turn it into a gettext catalog (no compiled file needed)."""
    from io import BytesIO

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(po, "rb") as f:
        cat = read_po(f)
    buf = BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    buf.seek(0)
    return _gettext.GNUTranslations(buf)


@lru_cache(maxsize=None)
def translator(lang: str | None = None) -> Translator:
    lang = normalize_lang(lang)
    merged: _gettext.NullTranslations = _gettext.NullTranslations()
    if lang != SOURCE_LANG:
        first = None
        for po in sorted((LOCALE / lang / "LC_MESSAGES").glob("*.po")):
            mo = po.with_suffix(".mo")
            if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
                with open(mo, "rb") as f:
                    cat: _gettext.NullTranslations = _gettext.GNUTranslations(f)
            else:
                cat = _load_po(po)
            if first is None:
                first = cat
            else:
                first.add_fallback(cat)
        if first is not None:
            merged = first
    return Translator(lang, merged)


def language_name(code: str, in_lang: str | None = None, title: bool = True) -> str:
    """The name of a language in a language, from Babel's CLDR data (``nl`` in ``es``: Neerlandés;
    with ``title=False`` as written inside a sentence: neerlandés)."""
    from babel import Locale

    name = Locale.parse(code).get_display_name(normalize_lang(in_lang or code)) or code
    return name[:1].upper() + name[1:] if title else name
