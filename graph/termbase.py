"""The termbase: for each concept of the glossary and each language, the term to use and the
variants that must not be used, derived from ``laws/data/glossary.yaml`` (the one place where a
term is decided; nothing here is a second copy).

Every translation obeys it: ``tests/i18n/test_i18n.py`` rejects a variant to avoid in any msgstr of
any gettext domain, and checks that a message naming a concept in English names it with one of
the concept's terms in each language. Search expands a query through it
(:func:`expansions`), so a Dutch director's «onvoldoende bod» also finds the Spanish
«declaración insuficiente».

>>> tb = load()
>>> e = tb.entry("denomination", "nl")
>>> e.term, e.status, e.avoid
('speelsoort', 'federation', ('denominatie', 'denominaties'))
>>> [v.variant for v in tb.violations("het laagste bod in dezelfde denominatie", "nl")]
['denominatie']
>>> tb.violations("«denominatie» is geen NBB-term", "nl")   # a quoted mention is not a use
[]
>>> [v.variant for v in tb.violations("llame al árbitro", "es")], tb.violations("el Árbitro", "es")
(['árbitro'], [])

The registers (one per language) are in :data:`REGISTERS`; ``python -m graph.termbase`` prints
the termbase as a table (``--lang``, ``--json``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from . import glossary as G

LANGS = ("en",) + G.TERM_LANGS

# One register per language: how the interface addresses the user, and the forms that break it.
REGISTERS = {
    "es": ("usted: the formal imperative and impersonal forms («escriba», «indique», «se llama al Árbitro»); never tú",
           re.compile(r"(?<![\w-])(tú|tu|tus|tienes|puedes|quieres|pulsa)(?![\w-])", re.I)),
    "nl": ("u: «schrijf», «geef … op», «u kunt»; never je/jij/jouw",
           re.compile(r"(?<![\w-])(je|jij|jou|jouw|jullie)(?![\w-])", re.I)),
    "it": ("impersonal: the infinitive for instructions («Scegliere», «Inserire», «Controllare») and impersonal "
           "«si»; never tu, Lei or voi",
           re.compile(r"(?<![\w-])(tu|tuo|tua|tuoi|tue|cercavi|scegli|scrivi|carica|consulta|controlli|provi|"
                      r"scriva|aggiunga|installatelo|passaci)(?![\w-])", re.I)),
}
_QUOTED = re.compile(r"«[^»]*»|“[^”]*”")


@dataclass(frozen=True)
class Entry:
    """A concept in one language: the term to use, its status and source, the other terms
    allowed (variants, abbreviations, usual terms) and the variants to avoid."""

    concept: str
    lang: str
    term: str
    status: str
    source: dict | None
    allowed: tuple[str, ...]
    avoid: tuple[str, ...]

    def terms(self) -> tuple[str, ...]:
        return (self.term, *self.allowed)


@dataclass(frozen=True)
class Violation:
    concept: str
    lang: str
    variant: str
    term: str          # the term to use instead
    start: int


def _avoid_pattern(variant: str, lang: str) -> re.Pattern:
    """A variant to avoid: ``=word`` is matched as written (case-sensitive), otherwise folded
    with its plural forms like a glossary term."""
    if variant.startswith("="):
        words = [re.escape(w) for w in variant[1:].split()]
        return re.compile(r"(?<![\w-])" + r"\s+".join(words) + r"(?![\w-])")
    return G.term_pattern(variant, lang)


class Termbase:
    def __init__(self, glossary):
        self.glossary = glossary
        srcs = G.sources()
        self._entries: dict = {}
        for c in glossary:
            for lg in LANGS:
                if lg == "en":
                    self._entries[(c.id, lg)] = Entry(c.id, lg, c.en, G.FOUND, None, c.en_alt, ())
                    continue
                ts = c.terms.get(lg) or []
                if not ts:
                    continue
                self._entries[(c.id, lg)] = Entry(c.id, lg, ts[0].text, ts[0].status,
                                                  srcs.get(ts[0].source) if ts[0].source else None,
                                                  tuple(t.text for t in ts[1:]), c.avoided(lg))
        self._avoid = {lg: [(e, v, _avoid_pattern(v, lg)) for e in self._entries.values() if e.lang == lg
                            for v in e.avoid] for lg in G.TERM_LANGS}

    def __iter__(self):
        return iter(self._entries.values())

    def entry(self, concept: str, lang: str) -> Entry | None:
        return self._entries.get((concept, lang))

    def violations(self, text: str, lang: str) -> list[Violation]:
        """The variants to avoid that ``text`` uses (a «quoted» mention is not a use)."""
        if lang not in self._avoid:
            return []
        bare = _QUOTED.sub(lambda m: " " * len(m.group()), text)
        folded, where = G.fold_with_map(bare)
        out = []
        for e, v, pat in self._avoid[lang]:
            hay, idx = (bare, None) if v.startswith("=") else (folded, where)
            for m in pat.finditer(hay):
                start = m.start() if idx is None else idx[m.start()]
                out.append(Violation(e.concept, lang, v.lstrip("="), e.term, start))
        seen, unique = set(), []
        for v in sorted(out, key=lambda x: x.start):
            if (v.concept, v.start) not in seen:
                seen.add((v.concept, v.start))
                unique.append(v)
        return unique

    def names(self, text: str, concept: str, lang: str) -> bool:
        """Whether ``text`` names ``concept`` with one of its terms of ``lang`` (folded, plurals;
        in Dutch also as the first part of a compound: ``alert`` in ``alerteerregels``)."""
        e = self.entry(concept, lang)
        if e is None:
            return False
        folded = G.fold(text)
        if any(G.term_pattern(t, lang).search(folded) for t in e.terms()):
            return True
        return lang == "nl" and any(re.search(r"(?<![\w-])" + re.escape(G.fold(t)), folded) for t in e.terms())

    def expansions(self, concept: str) -> dict:
        """Every term of a concept in every language, whatever its status, the variants to avoid
        included (a director may still type them): ``{lang: [terms]}``, for search."""
        out = {}
        for lg in LANGS:
            e = self.entry(concept, lg)
            if e is not None:
                out[lg] = [*e.terms(), *(v.lstrip("=") for v in e.avoid)]
        return out


@lru_cache(maxsize=1)
def _load(mtime: int) -> Termbase:
    return Termbase(G.load())


def load() -> Termbase:
    """The termbase of the current glossary (rebuilt when the file changes)."""
    return _load(G.PATH.stat().st_mtime_ns)


def register_breaks(text: str, lang: str) -> list[str]:
    """The words of ``text`` that break the register of ``lang`` (:data:`REGISTERS`)."""
    if lang not in REGISTERS:
        return []
    bare = _QUOTED.sub(" ", text)
    return [m.group() for m in REGISTERS[lang][1].finditer(bare)]


def main(argv=None) -> int:
    import argparse
    import json
    import sys

    ap = argparse.ArgumentParser(prog="python -m graph.termbase", description=__doc__.split("\n")[0])
    ap.add_argument("--lang", choices=LANGS)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    rows = [e for e in load() if a.lang in (None, e.lang)]
    if a.json:
        json.dump([e.__dict__ | {"allowed": list(e.allowed), "avoid": [v.lstrip("=") for v in e.avoid]} for e in rows],
                  sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    for e in rows:
        src = f"  [{e.source['url']}]" if e.source else ""
        avoid = ("  avoid: " + ", ".join(v.lstrip("=") for v in e.avoid)) if e.avoid else ""
        print(f"{e.concept:<34} {e.lang}  {e.term:<40} {e.status:<10}{avoid}{src}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
