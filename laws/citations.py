"""Finding the cross-references in a text and resolving them to provision keys.

Absolute references name a law ("ver Artículo 16D", "artikel 21B1(b)", "Art. 16B1",
"Artículos 30, 31 ó 32", "artikel 20F2 en artikel 20F3", "Articolo 16 del Codice di Gara
paragrafo D", "Law 27B1(a)", "Ver 12C1"). Relative references name a part of the law the text
stands in ("ver el punto D a continuación", "salvo lo indicado en el punto B1 anterior",
"(ver A)", "zie C hieronder", "(zie B)", "2(c) of 2(d) hierboven", "volgens (a)",
"ai punti 2 e 3 precedenti"), or another rule of the same regulation ("Norma 4ª",
"la norma anterior").

>>> [(c.words, [str(k) for k in c.keys]) for c in find("ver Artículos 30, 31 ó 32", "es")]
[('Artículos 30, 31 ó 32', ['30', '31', '32'])]
>>> from laws.keys import parse_key
>>> [str(k) for c in find("pero ver el punto D a continuación", "es", parse_key("27B1a")) for k in c.keys]
['27D']
>>> [str(k) for c in find("Articolo 16 del Codice di Gara paragrafo D", "it") for k in c.keys]
['16D']

A key that no text of the corpus holds (Law 90, say) is still a citation: of an absent
provision. Nothing found is dropped.

A citation resolves in the edition of the Laws that the text it stands in follows
(:func:`for_provision` records it as ``edition``): the Spanish «El Artículo 16D no se aplica»
(AEB, 2007 Laws) cites ``2007:16D``, the Dutch «zie artikel 17D» (NBB, 2017 Laws) ``2017:17D``.
No text of the corpus cites across editions.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from . import keys as K

# a key written after a trigger word: 27, 27B, 27B1, 27B1(a), 27B1a, 40B2(c)(i)
_KEY = r"\d{1,3}(?:[A-Z](?:\d{1,2})?)?(?:\s?\([a-z]\)|[a-z](?![a-z]))?(?:\s?\((?:i|ii|iii|iv|v|vi|vii|viii|ix|x)\))?"
# a relative label: D, B1, B1(b), C2, 2(c), (a), 3, 1.
_REL = r"(?:[A-H](?:\d{1,2})?(?:\s?\([a-z]\))?(?:\((?:i|ii|iii|iv|v)\))?|\d{1,2}(?:\s?\([a-z]\))?|\([a-z]\))"

_SEP = {
    "es": r"(?:\s*,\s*|\s+(?:y|o|ó|e|u)\s+(?:el\s+|los\s+|del\s+)?)",
    "nl": r"(?:\s*,\s*|\s+(?:en|of)\s+)",
    "it": r"(?:\s*,\s*|\s+(?:e|o|ed)\s+)",
    "en": r"(?:\s*,\s*|\s+(?:and|or)\s+)",
}
_TRIGGER = {
    "es": r"(?:(?i:art[íi]culos?)|Arts?\.)",
    "nl": r"(?:(?i:artikel(?:en)?)|[Aa]rt\.)",
    "it": r"(?:(?i:articol[oi])|[Aa]rtt?\.)",
    "en": r"(?:(?i:laws?)|Articles?|Art\.)",
}
# words that join the first and the last law of a range: «Artículos 30 a 32», «artikelen 16 tot en met 20»
_RANGE = {
    "es": r"\s+(?:a|al|hasta(?:\s+el)?)\s+",
    "nl": r"\s+(?:tot\s+en\s+met|t/m|tot)\s+",
    "it": r"\s+(?:a|al|fino\s+a(?:l|ll['’])?)\s*",
    "en": r"\s+(?:to|through)\s+",
}
# words between the trigger and the first law of a range: «Articoli da 30 a 32», «artikelen van 16 tot 20»
_RANGE_FROM = {"es": r"(?:del\s+|de\s+)?", "nl": r"(?:van\s+)?", "it": r"(?:da(?:l|ll['’])?\s*)?", "en": r"(?:from\s+)?"}
# words that introduce a relative reference in a language
_REL_INTRO = {
    "es": r"(?:(?:el|los|del|al|en\s+el|en\s+los)\s+)?(?:punto|puntos|apartado|apartados)\s+|(?<![\wÁÉÍÓÚáéíóú])(?:ver|en)\s+",
    "nl": r"(?<!\w)(?:zie\s+verder|zie|volgens|in)\s+",
    "it": r"(?:(?:ai|al|il|i|dei|del|la|alla|della|le|alle)\s+)?(?:punti|punto|paragrafo|paragrafi|comma|commi|lettera|"
          r"lettere)\s+|(?<!\w)vedi\s+",
    "en": r"(?:(?:in|see)\s+)?(?:paragraphs?|sections?|items?)\s+|(?<!\w)(?:see|in|under)\s+",
}
# words after a relative label that make it a reference even without an intro word
_REL_OUTRO = {
    "es": r"\s+(?:anteriores|anterior|a\s+continuación|siguientes|siguiente|precedentes|precedente|más\s+adelante)",
    "nl": r"\s+(?:hierboven|hieronder)",
    "it": r"\s+(?:precedenti|precedente|seguenti|seguente)",
    "en": r"\s+(?:above|below)",
}


@dataclass(frozen=True)
class Citation:
    words: str          # the words of the reference in the text
    keys: tuple         # the keys it resolves to (laws.keys.LawKey / RegKey)
    start: int
    end: int
    relative: bool = False
    where: str = "text"  # "text" or "note"
    edition: str | None = None  # the WBF edition of the text it stands in
    spans: tuple = ()    # ((start, end, key), ...): where each key is written in the text (key_spans)

    @property
    def qualified_keys(self) -> list[str]:
        """The cited keys in edition-qualified form (``2007:16D``)."""
        return [f"{self.edition}:{k}" if self.edition else str(k) for k in self.keys]

    def to_dict(self) -> dict:
        return {"words": self.words, "keys": [str(k) for k in self.keys], "relative": self.relative,
                "where": self.where, "start": self.start, "end": self.end, "laws_edition": self.edition}


def _candidates(k) -> list[str]:
    """The ways a key may be written inside the words of a citation: ``27B1(a)``, ``27B1a``, and the
    forms of a relative reference (``B1(a)``, ``1(a)``, ``(a)``); a rule of a regulation ``4ª``, ``4``."""
    if isinstance(k, K.RegKey):
        return [x for x in dict.fromkeys([str(k), f"{k.path[-1]}ª", k.path[-1]]) if x]
    out = [k.display, str(k)]
    rest = k.display[len(str(k.law)):].lstrip(".")
    while rest:
        out.append(rest)
        m = re.match(r"[A-Z]|\d+|\([a-z]+\)", rest)
        rest = rest[m.end():] if m else ""
    return [x for x in dict.fromkeys(out) if x]


def key_spans(words: str, keys) -> list[tuple[int, int, object]]:
    """Where each key of a citation is written in its ``words``, left to right, as ``(start, end,
    key)`` (``Artículos 30, 31 ó 32`` -> three spans); when the keys cannot all be placed in order
    (or there is one key), the whole of ``words`` stands for the first key. The one place the
    front ends (docs, app) learn where to put each key's link.

    >>> [(a, b, str(k)) for a, b, k in key_spans("Artículos 30, 31 ó 32", [K.LawKey(30), K.LawKey(31), K.LawKey(32)])]
    [(10, 12, '30'), (14, 16, '31'), (19, 21, '32')]
    >>> [(a, b, str(k)) for a, b, k in key_spans("2(c) of 2(d) hierboven", [K.parse_key("16D2c"), K.parse_key("16D2d")])]
    [(0, 4, '16D2c'), (8, 12, '16D2d')]
    """
    keys = list(keys)
    if len(keys) > 1:
        spans, pos = [], 0
        for k in keys:
            best = None
            for cand in _candidates(k):
                m = re.compile(r"(?<![A-Za-z0-9])" + re.escape(cand) + r"(?![A-Za-z0-9])").search(words, pos)
                if m and (best is None or m.start() < best[0] or (m.start() == best[0] and m.end() > best[1])):
                    best = (m.start(), m.end())
            if best is None:
                break
            spans.append((best[0], best[1], k))
            pos = best[1]
        else:
            return spans
    return [(0, len(words), keys[0])] if keys else []


def _key_of(s: str) -> K.LawKey | None:
    s = re.sub(r"\s+", "", s)
    try:
        k = K.parse_key(s)
    except K.KeyError_:
        return None
    return k if isinstance(k, K.LawKey) else None


def _split_list(s: str, lang: str, item: str) -> list[str]:
    return [x for x in re.findall(item, s)]


def _resolve_rel(label: str, ctx) -> K.LawKey | None:
    """Resolve a relative label against the key of the provision the text stands in."""
    if ctx is None or not isinstance(ctx, K.LawKey):
        return None
    lab = re.sub(r"\s+", "", label).rstrip(".")
    m = re.fullmatch(r"([A-H])(\d{1,2})?(?:\(([a-z])\))?(?:\(([ivx]+)\))?", lab)
    if m:
        try:
            return K.LawKey(ctx.law, m[1], int(m[2]) if m[2] else 0, m[3] or "", m[4] or "")
        except K.KeyError_:
            return None
    m = re.fullmatch(r"(\d{1,2})(?:\(([a-z])\))?", lab)
    if m:
        try:
            return K.LawKey(ctx.law, ctx.sec, int(m[1]), m[2] or "")
        except K.KeyError_:
            return None
    m = re.fullmatch(r"\(([a-z])\)", lab)
    if m and ctx.sub:
        return K.LawKey(ctx.law, ctx.sec, ctx.sub, m[1])
    return None


_ORD = r"(\d{1,2})\s?[ªa]"


def find(text: str, lang: str, ctx=None) -> list[Citation]:
    """Every cross-reference in ``text`` (written in ``lang``), resolved against ``ctx``,
    the key of the provision the text belongs to (for relative references)."""
    lang = lang if lang in _TRIGGER else "en"
    found: list[Citation] = []
    taken: list[tuple[int, int]] = []

    def free(a: int, b: int) -> bool:
        return all(b <= x or a >= y for x, y in taken)

    def add(words, keys, a, b, rel=False):
        keys = tuple(k for k in keys if k is not None)
        if keys and free(a, b):
            spans = tuple((a + x, a + y, k) for x, y, k in key_spans(text[a:b], keys))
            found.append(Citation(words, keys, a, b, rel, spans=spans))
            taken.append((a, b))

    sep = _SEP[lang]
    # 0. a range of laws: «Artículos 30 a 32» is 30, 31 and 32 (a first law below the last, at most 30 of them)
    for m in re.finditer(rf"{_TRIGGER[lang]}\s*{_RANGE_FROM[lang]}(?P<a>\d{{1,3}}){_RANGE[lang]}(?P<b>\d{{1,3}})(?![\w(])", text):
        a, b = int(m["a"]), int(m["b"])
        if a < b <= a + 30:
            add(m.group(0), [K.LawKey(n) for n in range(a, b + 1)], m.start(), m.end())
    # 1. absolute: trigger + list of keys (each item may repeat the trigger: "artikel 20F2 en artikel 20F3")
    item = rf"(?:{_TRIGGER[lang]}\s*)?(?:(?:el|la|lo)\s+)?{_KEY}"
    abs_re = re.compile(rf"{_TRIGGER[lang]}\s*(?P<list>{_KEY}(?:{sep}{item})*)(?![\w(])")
    for m in abs_re.finditer(text):
        raw_items = re.findall(_KEY, m["list"])
        keys = [_key_of(x) for x in raw_items]
        end = m.end()
        # Italian: "Articolo 16 del Codice di Gara paragrafo D"
        part = r"[A-Z]\d{0,2}(?:\s?\([a-z]\))?"
        tail = re.match(rf"\s+del(?:l[ao'’])?\s+Codice\s+di\s+Gara(?:\s*,?\s*(?:paragraf[oi]|par\.)\s+"
                        rf"(?P<parts>{part}(?:\s*(?:,|e|ed|o)\s*{part}(?![\w(]))*))?", text[end:])
        if tail:
            end += tail.end()
            if tail["parts"] and len(keys) == 1 and keys[0] is not None and not keys[0].sec:
                law = keys[0].law
                keys = [_key_of(f"{law}{x}") for x in re.findall(part, tail["parts"])]
        add(text[m.start():end], keys, m.start(), end)
    # 2. bare absolute after "ver/zie/see/vedi": "Ver 12C1 si una revisión..."
    for m in re.finditer(r"(?i:\b(?:ver|zie|see|vedi)\s+)(?P<k>\d{1,3}[A-Z](?:\d{1,2})?(?:\([a-z]\)|[a-z])?)(?![\w(])", text):
        add(m["k"], [_key_of(m["k"])], m.start("k"), m.end())
    # 3. regulation rules: "Norma 4ª", "normas 2ª y 3ª", "la norma anterior"
    if lang == "es":
        for m in re.finditer(rf"(?i:\bnormas?)\s+(?P<list>{_ORD}(?:\s*(?:,|y|o)\s*{_ORD})*)", text):
            nums = re.findall(_ORD, m["list"])
            add(m.group(0), [K.RegKey("AEB", ("AL", "A", str(int(n)))) for n in nums], m.start(), m.end())
        if isinstance(ctx, K.RegKey) and ctx.path[:2] == ("AL", "A") and len(ctx.path) >= 3 and ctx.path[2].isdigit():
            for m in re.finditer(r"(?i:\bla\s+norma\s+anterior)", text):
                n = int(ctx.path[2]) - 1
                if n >= 1:
                    add(m.group(0), [K.RegKey("AEB", ("AL", "A", str(n)))], m.start(), m.end(), True)
        for m in re.finditer(r"(?i:Normas\s+sobre\s+voces\s+falsas)", text):
            add(m.group(0), [K.RegKey("AEB", ("VF",))], m.start(), m.end())
    # 4. relative references inside the law
    if isinstance(ctx, K.LawKey):
        rel_list = rf"{_REL}(?:{sep}{_REL})*"
        intro = re.compile(rf"(?:{_REL_INTRO[lang]})(?P<list>{rel_list})(?![\w(])(?:\.?(?P<outro>{_REL_OUTRO[lang]}))?")
        for m in intro.finditer(text):
            labels = re.findall(_REL, m["list"])
            # a bare number or (a) needs "punto"/an outro word to be a reference ("en 1" is not)
            words = m.group(0)
            strong = bool(m["outro"]) or re.search(r"(?i)punto|apartado|punti|paragrafo|comma|paragraph|section|item|volgens", words)
            if not strong and all(re.fullmatch(r"\d{1,2}", re.sub(r"\s", "", lab)) for lab in labels):
                continue
            keys = [_resolve_rel(lab, ctx) for lab in labels]
            start = m.start("list") if not re.match(r"(?i)\s*(?:el|los|del|al|en|ai|al|il|i|dei)\b", words) else m.start()
            add(words.strip(), keys, m.start(), m.end(), True)
        outro = re.compile(rf"(?<![\w(])(?P<list>{rel_list})\.?(?P<outro>{_REL_OUTRO[lang]})")
        for m in outro.finditer(text):
            labels = re.findall(_REL, m["list"])
            add(m.group(0), [_resolve_rel(lab, ctx) for lab in labels], m.start(), m.end(), True)
    found.sort(key=lambda c: c.start)
    return found


def for_provision(p) -> list[Citation]:
    """The citations of a provision: in its own text, its tail and its notes."""
    ed = getattr(p, "laws_edition", None) or None
    out: list[Citation] = []
    for part, where in ((p.text, "text"), (p.tail, "text")):
        if part:
            out.extend(replace(c, edition=ed) for c in find(part, p.lang, p.key))
    for n in p.notes:
        for c in find(n.text, p.lang, p.key):
            out.append(replace(c, where="note", edition=ed))
    return out
