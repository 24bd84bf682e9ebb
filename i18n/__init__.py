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
import re
import string as _string
import sys
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


_PERCENT_RE = re.compile(r"%(?:\((?P<name>[^)]*)\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?(?P<conv>[diouxXeEfFgGcrsa%])")


def placeholders(s: str) -> tuple[frozenset, tuple] | None:
    """The ``{name}`` fields and the ``%(name)s`` / ``%s`` conversions of a message, or ``None``
    when its braces do not parse (``"{mensaje"``): what a translation must keep.

    >>> sorted(placeholders("{n} IMPs for {side}")[0])
    ['n', 'side']
    >>> placeholders("%(prog)s: error: %(message)s") [1]
    ('prog', 'message')
    >>> placeholders("{mensaje") is None
    True
    """
    fields = set()
    try:
        for _, name, spec, _ in _string.Formatter().parse(s):
            if name is not None:
                fields.add(re.split(r"[.\[!:]", name, maxsplit=1)[0])
            if spec and "{" in spec:
                for _, inner, _, _ in _string.Formatter().parse(spec):
                    if inner is not None:
                        fields.add(re.split(r"[.\[!:]", inner, maxsplit=1)[0])
    except ValueError:
        return None
    conv = tuple(m.group("name") or m.group("conv") for m in _PERCENT_RE.finditer(s) if m.group("conv") != "%")
    return frozenset(fields), conv


def compatible(msgid: str, msgstr: str, plural_ids: tuple[str, ...] = ()) -> bool:
    """A translation may be used in place of ``msgid``: its braces parse, it names no field the
    message does not have, and its ``%`` conversions are the message's (a plural form may leave
    out the number)."""
    ref = placeholders(msgid)
    if ref is None:  # a message that is not a format string: nothing to compare
        return True
    got = placeholders(msgstr)
    if got is None:
        return False
    allowed = set(ref[0])
    for other in plural_ids:
        o = placeholders(other)
        if o is not None:
            allowed |= o[0]
    if not got[0] <= allowed:
        return False
    if ref[1] and sorted(x for x in got[1]) != sorted(ref[1]) and not plural_ids:
        return False
    return True


class Translator:
    """gettext for one language, every domain merged.

    A broken translation (a placeholder that the English message does not have, braces that do
    not parse) is never returned: the English message is, so that a bad catalog entry costs a
    translation, not the command (``rulebook check`` reports the entry)."""

    def __init__(self, lang: str, catalog: _gettext.NullTranslations):
        self.lang = lang
        self._c = catalog
        self._ok: dict = {}

    def _safe(self, key, msgid: str, translated: str, plural_ids: tuple[str, ...] = ()) -> str:
        if translated is msgid or translated == msgid:
            return translated
        ok = self._ok.get((key, translated))
        if ok is None:
            ok = self._ok[(key, translated)] = compatible(msgid, translated, plural_ids)
        return translated if ok else msgid

    def gettext(self, message: str) -> str:
        try:
            return self._safe(message, message, self._c.gettext(message))
        except Exception:  # noqa: BLE001 - a corrupt catalog: the English message
            return message

    tr = gettext

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        english = singular if n == 1 else plural
        try:
            return self._safe((singular, plural), english, self._c.ngettext(singular, plural, n), (singular, plural))
        except Exception:  # noqa: BLE001
            return english

    trn = ngettext

    def pgettext(self, context: str, message: str) -> str:
        try:
            return self._safe((context, message), message, self._c.pgettext(context, message))
        except Exception:  # noqa: BLE001
            return message

    def __call__(self, message: str, **fmt) -> str:
        s = self.gettext(message)
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
            cat: _gettext.NullTranslations | None = None
            try:
                if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
                    with open(mo, "rb") as f:
                        cat = _gettext.GNUTranslations(f)
            except Exception:  # noqa: BLE001 - a corrupt compiled catalog: read the .po instead
                cat = None
            if cat is None:
                try:
                    cat = _load_po(po)
                except Exception as e:  # noqa: BLE001 - an unreadable catalog: English for its domain
                    print(f"warning: {po}: unreadable catalog, English is used for it ({type(e).__name__}: "
                          f"{str(e)[:200]}); run: rulebook check", file=sys.stderr)
                    continue
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
