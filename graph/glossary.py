"""The multilingual glossary of the Laws (``laws/data/glossary.yaml``).

Each concept has an English label, the terms of each federation (es AEB, nl NBB, it FIGB)
with their status (``found`` in this corpus's text, the ``federation``'s term outside it with
the source that shows it, or a ``usual`` term), the variants to avoid, a short
definition written by the project (translated through the ``graph`` gettext domain) and the
provisions where it is used, **found** by matching its official terms in the texts::

    >>> g = load()
    >>> c = g.get("insufficient-bid")
    >>> c.label("es"), c.status("es"), c.label("nl"), c.status("nl"), c.is_official("nl")
    ('declaración insuficiente', 'found', 'onvoldoende bod', 'federation', True)
    >>> "27B1a" in [str(k) for k in g.provisions("insufficient-bid")]
    True

Matching folds case and accents and allows simple plurals (``voz`` finds ``voces``,
``bieding`` finds ``biedingen``, ``chiamata`` finds ``chiamate``), whole words only (a hyphen
joins words: ``overtredende partij`` is not found inside ``niet-overtredende partij``).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from i18n import N_
from laws import keys as K
from laws.corpus import LANGS, CorpusError
from laws.datafile import data_path, read_yaml
from laws.editions import editions, split_qualified


def glossary_file() -> Path:
    """The glossary of the data folder in use (the project's when the folder has none)."""
    return data_path("glossary.yaml")


def __getattr__(name):  # ``PATH``: the glossary file of the data in use, read when asked
    if name == "PATH":
        return glossary_file()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


TERM_LANGS = LANGS  # languages with official texts: es, nl, it
LABEL_LANGS = ("en",) + LANGS

CONCEPT_FIELDS = {"id", "en", "en_alt", "es", "nl", "it", "definition", "note", "see_also"}
LANG_FIELDS = {"label", "alt", "status", "source", "usual", "avoid"}
FOUND, FEDERATION, USUAL = "found", "federation", "usual"
STATUSES = (FOUND, FEDERATION, USUAL)
SOURCE_FIELDS = {"title", "url"}
_ID_RE = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")


class GlossaryError(CorpusError):
    """A problem in ``glossary.yaml``, with the line and how to fix it."""


class TermNotFound(LookupError):
    """No concept matches a term; carries an English message id and its parameters."""

    msgid = N_("No glossary concept matches {term!r}.")

    def __init__(self, term: str, suggestions: list[str]):
        self.term, self.suggestions = term, suggestions
        super().__init__(self.msgid.format(term=term))


@dataclass(frozen=True)
class Term:
    """A label of a concept in one language, with its status (:data:`STATUSES`): ``found`` in
    this corpus's text, the ``federation``'s term in its laws outside the corpus (``source``
    names the entry of the glossary's ``sources`` that shows it), or a ``usual`` term."""

    text: str
    lang: str
    status: str
    preferred: bool
    source: str | None = None

    @property
    def official(self) -> bool:
        """The federation's term (found in this corpus, or in its laws outside it)."""
        return self.status != USUAL

    @property
    def found(self) -> bool:
        """In this corpus's text (checked verbatim by the tests)."""
        return self.status == FOUND


@dataclass
class Concept:
    id: str
    en: str
    en_alt: tuple[str, ...]
    terms: dict  # lang -> list[Term] (preferred first; official before usual)
    definition: str
    note: str | None = None
    see_also: tuple = ()
    line: int = 0
    avoid: dict = field(default_factory=dict)  # lang -> variants no translation may use
    # the edition each see_also key is meant in (``{"18B": "2007"}``); a key written bare in the
    # glossary is absent here and stands in every edition whose texts hold or cite it
    see_also_editions: dict = field(default_factory=dict)

    def see_also_qualified(self, corpus) -> list[str]:
        """The see_also keys edition-qualified (``2007:18B``): a key written with its edition as
        written, a bare one in every edition whose texts hold it or cite it."""
        out = []
        for k in self.see_also:
            ed = self.see_also_editions.get(str(k))
            eds = [ed] if ed else [e for e in editions() if corpus.has(k, edition=e) or k in corpus.citing(e)]
            out += [f"{e}:{k}" for e in eds]
        return out


    def label(self, lang: str) -> str | None:
        """The preferred label in ``lang`` (``en``, ``es``, ``nl``, ``it``), official or not."""
        if lang == "en":
            return self.en
        ts = self.terms.get(lang) or []
        return ts[0].text if ts else None

    def is_official(self, lang: str) -> bool | None:
        """Whether the preferred label of ``lang`` is the federation's term, found in this corpus
        or in the federation's laws outside it (None: no label)."""
        ts = self.terms.get(lang) or []
        return ts[0].official if ts else None

    def status(self, lang: str) -> str | None:
        """The status of the preferred label of ``lang``: found, federation or usual (None: no
        label; English is the WBF term, ``found``)."""
        if lang == "en":
            return FOUND
        ts = self.terms.get(lang) or []
        return ts[0].status if ts else None

    def official_terms(self, lang: str | None = None) -> list[Term]:
        """The terms found in this corpus's text (those matched in the provisions)."""
        langs = [lang] if lang else list(TERM_LANGS)
        return [t for lg in langs for t in self.terms.get(lg, []) if t.found]

    def avoided(self, lang: str) -> tuple[str, ...]:
        """The variants of ``lang`` that no translation may use for this concept."""
        return self.avoid.get(lang, ())

    def all_labels(self) -> list[tuple[str, str]]:
        """Every (lang, text) label, English included."""
        out = [("en", self.en)] + [("en", a) for a in self.en_alt]
        out += [(lg, t.text) for lg in TERM_LANGS for t in self.terms.get(lg, [])]
        return out


# -- folding and matching ------------------------------------------------------------------
def fold(s: str) -> str:
    """Lower case, accents removed, typographic apostrophes made plain.

    >>> fold("Árbitro Penalità dall’Articolo")
    "arbitro penalita dall'articolo"
    """
    s = unicodedata.normalize("NFD", s.replace("’", "'").replace("‘", "'"))
    return "".join(c for c in s if unicodedata.category(c) != "Mn").lower()


_STOP = {
    "es": {"de", "del", "la", "las", "el", "los", "a", "al", "en", "por", "entre", "y", "o", "sin", "sobre", "una", "que"},
    "nl": {"de", "het", "van", "een", "voor", "tussen", "in"},
    "it": {"di", "del", "della", "delle", "il", "la", "le", "a", "fuori", "non", "in"},
}
_VOWELS = "aeiou"


def _inflect(word: str, lang: str) -> str:
    """A regular expression for a folded word and its plural forms."""
    w = re.escape(word)
    if lang == "es":
        if word.endswith("z"):
            return re.escape(word[:-1]) + "(?:z|ces)"
        return w + ("s?" if word[-1] in _VOWELS else "(?:es)?")
    if lang == "nl":
        forms = [w + "(?:s|en|n|e)?"]
        if re.search(r"([aeou])\1[^aeiou]$", word):  # afspraak -> afspraken
            forms.append(re.escape(word[:-2] + word[-1]) + "en")
        # no consonant doubling (pas -> passen): "passen" is also the verb "to adjust"
        return "(?:" + "|".join(forms) + ")"
    if lang == "it":
        if word[-3:] in ("che", "ghe"):  # rettifiche -> rettifica
            return re.escape(word[:-2]) + "(?:a|he)"
        if word[-2:] in ("ca", "ga"):
            return re.escape(word[:-1]) + "(?:a|he)"
        if word[-2:] in ("co", "go"):
            return re.escape(word[:-1]) + "(?:o|hi|i)"
        if word[-1] == "a":
            return re.escape(word[:-1]) + "[ae]"
        if word[-1] in "oe":
            return re.escape(word[:-1]) + f"[{word[-1]}i]"
        return w + ("" if word[-1] in _VOWELS else "s?")
    return w


def fold_with_map(s: str) -> tuple[str, list[int]]:
    """:func:`fold` of ``s`` and, for each folded character, its index in ``s``.

    >>> f, m = fold_with_map("Voz retirada. Información")
    >>> f[14:], "Voz retirada. Información"[m[14]:]
    ('informacion', 'Información')
    """
    out, idx = [], []
    for i, ch in enumerate(s):
        f = fold(ch)
        out.append(f)
        idx.extend([i] * len(f))
    return "".join(out), idx


def term_pattern(term: str, lang: str) -> re.Pattern:
    """The pattern that finds ``term`` of language ``lang`` in folded text.

    Abbreviations (``OI``, ``LT``, ``VEA``), short words and function words are matched as
    they are; other words also in their plural.

    >>> bool(term_pattern("declaración insuficiente", "es").search(fold("Declaraciones insuficientes")))
    True
    >>> bool(term_pattern("voz retirada", "es").search(fold("las voces retiradas")))
    True
    >>> bool(term_pattern("afspraak", "nl").search("afspraken tussen partners"))
    True
    >>> bool(term_pattern("overtredende partij", "nl").search("de niet-overtredende partij"))
    False
    >>> bool(term_pattern("chiamata cancellata", "it").search("le chiamate cancellate"))
    True
    """
    parts = []
    for raw in term.split():
        word = fold(raw)
        if (raw.isupper() and len(raw) <= 4) or len(word) < 3 or word in _STOP.get(lang, ()):
            parts.append(re.escape(word))
        else:
            parts.append(_inflect(word, lang))
    return re.compile(r"(?<![\w-])" + r"\s+".join(parts) + r"(?![\w-])")


def verbatim_pattern(term: str) -> re.Pattern:
    """The pattern of the verbatim check: the exact term, case-insensitive, whole words.

    >>> bool(verbatim_pattern("Árbitro").search("llamar al árbitro"))
    True
    >>> bool(verbatim_pattern("arbitro").search("llamar al árbitro"))
    False
    """
    words = [re.escape(w) for w in term.split()]
    return re.compile(r"(?<![\w-])" + r"\s+".join(words) + r"(?![\w-])", re.IGNORECASE)


def provision_text(p) -> str:
    """Everything a provision says in its own right: heading, text and notes."""
    return "\n".join([p.heading or "", p.own_text] + [n.text for n in p.notes])


# -- loading -------------------------------------------------------------------------------
def _strings(v, line, what, path: Path | None = None) -> tuple[str, ...]:
    if v is None:
        return ()
    if isinstance(v, str):
        v = [v]
    if not isinstance(v, list) or not all(isinstance(x, str) and x.strip() for x in v):
        raise GlossaryError(path, line, f"{what} must be a list of non-empty strings", "write [term, other term]")
    return tuple(x.strip() for x in v)


def _lang_terms(raw, lang: str, line: int, cid: str, path: Path | None = None, sources=None) -> tuple[list[Term], tuple]:
    def _err(line, message, fix=""):
        return GlossaryError(path, line, message, fix)

    if isinstance(raw, str):
        raw = {"label": raw, "__line__": line}
    if not isinstance(raw, dict):
        raise _err(line, f"{cid}: the {lang} entry must be a mapping", f"write '{lang}: {{label: ...}}'")
    line = raw.get("__line__", line)
    unknown = set(raw) - LANG_FIELDS - {"__line__"}
    if unknown:
        raise _err(line, f"{cid}: unknown field(s) {sorted(unknown)} in {lang}", f"allowed: {sorted(LANG_FIELDS)}")
    label = raw.get("label")
    if not isinstance(label, str) or not label.strip():
        raise _err(line, f"{cid}: the {lang} entry has no label", "add 'label: <term>'")
    status = raw.get("status", FOUND)
    if status not in STATUSES:
        import difflib

        near = difflib.get_close_matches(str(status), STATUSES, n=1)
        raise _err(line, f"{cid}: unknown status {status!r} of {lang}",
                   f"use {', '.join(STATUSES)}" + (f" (did you mean {near[0]!r}?)" if near else ""))
    source = raw.get("source")
    if status == FEDERATION:
        if not isinstance(source, str) or not source.strip():
            raise _err(line, f"{cid}: the {lang} term has status federation but no source",
                       "add 'source: <an id of the sources list>' that shows the federation uses it")
        if sources is not None and source not in sources:
            import difflib

            near = difflib.get_close_matches(source, list(sources), n=3)
            raise _err(line, f"{cid}: unknown source {source!r} of {lang}",
                       f"use an id of 'sources' ({', '.join(near) or ', '.join(sorted(sources))})")
    elif source is not None:
        raise _err(line, f"{cid}: a source only goes with status federation ({lang})", "remove 'source' or set the status")
    usual = _strings(raw.get("usual"), line, f"{cid}: 'usual' of {lang}", path)
    if usual and status == USUAL:
        raise _err(line, f"{cid}: 'usual' terms only go next to a federation's term in {lang}",
                   "put them in 'alt' of the usual entry")
    alt = _strings(raw.get("alt"), line, f"{cid}: 'alt' of {lang}", path)
    avoid = _strings(raw.get("avoid"), line, f"{cid}: 'avoid' of {lang}", path)
    terms = [Term(label.strip(), lang, status, True, source)]
    terms += [Term(a, lang, status, False, source) for a in alt]
    terms += [Term(u, lang, USUAL, False) for u in usual]
    seen = set()
    for t in terms:
        if t.text.lower() in seen:
            raise _err(line, f"{cid}: the {lang} term {t.text!r} is given twice", "keep one")
        seen.add(t.text.lower())
    for a in avoid:
        if a.lstrip("=").lower() in seen and not a.startswith("="):
            raise _err(line, f"{cid}: the {lang} term {a!r} is both a term and a variant to avoid", "keep one")
    return terms, avoid


def parse(path: Path | None = None) -> list[Concept]:
    """Read and validate the glossary file (no corpus needed)."""
    path = Path(path) if path is not None else glossary_file()
    doc = read_yaml(path)
    if not isinstance(doc, dict) or not isinstance(doc.get("concepts"), list):
        raise GlossaryError(path, 1, "the glossary must have a list 'concepts'", "start with 'concepts:'")
    sources = parse_sources(doc, path)
    out: list[Concept] = []
    ids: set[str] = set()
    for raw in doc["concepts"]:
        line = raw.get("__line__", 0) if isinstance(raw, dict) else 0
        if not isinstance(raw, dict):
            raise GlossaryError(path, line, "a concept must be a mapping", "write '- id: ...'")
        unknown = set(raw) - CONCEPT_FIELDS - {"__line__"}
        if unknown:
            raise GlossaryError(path, line, f"unknown field(s) {sorted(unknown)}", f"allowed: {sorted(CONCEPT_FIELDS)}")
        cid = raw.get("id")
        if not isinstance(cid, str) or not _ID_RE.match(cid):
            raise GlossaryError(path, line, f"bad or missing id {cid!r}", "use lower case words joined by hyphens")
        if cid in ids:
            raise GlossaryError(path, line, f"the id {cid!r} is used twice", "ids must be unique")
        ids.add(cid)
        en = raw.get("en")
        if not isinstance(en, str) or not en.strip():
            raise GlossaryError(path, line, f"{cid}: no English label", "add 'en: <term>'")
        definition = raw.get("definition")
        if not isinstance(definition, str) or not definition.strip():
            raise GlossaryError(path, line, f"{cid}: no definition", "add 'definition: \"...\"' in English")
        note = raw.get("note")
        if note is not None and (not isinstance(note, str) or not note.strip()):
            raise GlossaryError(path, line, f"{cid}: 'note' must be text", "write note: \"...\"")
        see, see_eds = [], {}
        for s in _strings(raw.get("see_also"), line, f"{cid}: see_also", path):

            ed, bare = split_qualified(s)
            try:
                k = K.from_canonical(bare)
            except K.KeyError_ as e:
                raise GlossaryError(path, line, f"{cid}: see_also {s!r}: {e}",
                                    f"use canonical keys, edition-qualified, such as '{editions()[0]}:27B1a'") from None
            see.append(k)
            if ed:
                see_eds[str(k)] = ed
        parsed = {lg: _lang_terms(raw[lg], lg, line, cid, path, sources) for lg in TERM_LANGS if raw.get(lg) is not None}
        terms = {lg: v[0] for lg, v in parsed.items()}
        avoid = {lg: v[1] for lg, v in parsed.items() if v[1]}
        out.append(Concept(cid, en.strip(), _strings(raw.get("en_alt"), line, f"{cid}: en_alt", path), terms,
                           definition.strip(), note.strip() if note else None, tuple(see), line, avoid, see_eds))
    return out


def parse_sources(doc: dict, path: Path | None = None) -> dict:
    """The glossary's ``sources``: ``{id: {"title": ..., "url": ...}}``."""
    raw = doc.get("sources") or {}
    line = raw.get("__line__", 1) if isinstance(raw, dict) else 1
    if not isinstance(raw, dict):
        raise GlossaryError(path, line, "'sources' must be a mapping of ids", "write 'sources:' then 'id: {title: ..., url: ...}'")
    out = {}
    for sid, v in raw.items():
        if sid == "__line__":
            continue
        vline = v.get("__line__", line) if isinstance(v, dict) else line
        if not isinstance(v, dict) or set(v) - SOURCE_FIELDS - {"__line__"} or not all(
                isinstance(v.get(k), str) and v.get(k).strip() for k in SOURCE_FIELDS):
            raise GlossaryError(path, vline, f"source {sid!r} needs a 'title' and a 'url' (and nothing else)",
                                "write 'id: {title: \"...\", url: \"https://...\"}'")
        if not v["url"].startswith(("http://", "https://")):
            raise GlossaryError(path, vline, f"source {sid!r}: the url must start with http:// or https://", "give the address")
        out[sid] = {"title": v["title"].strip(), "url": v["url"].strip()}
    return out


@lru_cache(maxsize=1)
def _sources(path: str, mtime: int) -> dict:
    return parse_sources(read_yaml(Path(path)), Path(path))


def sources(path: Path | None = None) -> dict:
    """The sources that show the federations' terms outside the corpus."""
    path = Path(path) if path is not None else glossary_file()
    return _sources(str(path), path.stat().st_mtime_ns)


class Glossary:
    """The concepts, with the provisions where each is used (found in a corpus)."""

    def __init__(self, concepts: list[Concept], corpus=None):
        self.concepts = list(concepts)
        self._by_id = {c.id: c for c in self.concepts}
        self._corpus = corpus
        self._found: dict | None = None

    def __len__(self) -> int:
        return len(self.concepts)

    def __iter__(self):
        return iter(self.concepts)

    def get(self, cid: str) -> Concept | None:
        return self._by_id.get(cid)

    @property
    def corpus(self):
        if self._corpus is None:
            from laws import corpus

            self._corpus = corpus.load()
        return self._corpus

    # -- where concepts are used -----------------------------------------------------------
    def found(self) -> dict:
        """``{concept id: {key: {lang: [the words found, as the text writes them]}}}``."""
        if self._found is None:
            pats = {c.id: {lg: [term_pattern(t.text, lg) for t in c.official_terms(lg)]
                           for lg in TERM_LANGS} for c in self.concepts}
            found: dict = {c.id: {} for c in self.concepts}
            for p in self.corpus.provisions():
                raw = provision_text(p)
                text, where = fold_with_map(raw)
                for c in self.concepts:
                    hits = [raw[where[m.start()]:where[m.end() - 1] + 1]
                            for pat in pats[c.id][p.lang] for m in pat.finditer(text)]
                    if hits:
                        found[c.id].setdefault(p.key, {})[p.lang] = list(dict.fromkeys(hits))
            self._found = found
        return self._found

    def provisions(self, cid: str) -> list:
        """The keys of the provisions where the concept is used (found, plus ``see_also``)."""
        c = self._by_id[cid]
        keys = set(self.found()[cid]) | set(c.see_also)
        return sorted(keys, key=K.sort_key)

    def about(self, key) -> list[str]:
        """The ids of the concepts a provision uses."""
        return [c.id for c in self.concepts if key in self.found()[c.id] or key in c.see_also]

    def check(self) -> list[tuple[str, str, str]]:
        """Official terms not found verbatim in their language's texts: (id, lang, term).

        Also see_also keys that are neither in the corpus nor cited by it: (id, "key", key).
        """
        texts = {lg: "\n".join(provision_text(p) for p in self.corpus.provisions(lg)) for lg in TERM_LANGS}
        out = []
        for c in self.concepts:
            for t in c.official_terms():
                if not verbatim_pattern(t.text).search(texts[t.lang]):
                    out.append((c.id, t.lang, t.text))
            for k in c.see_also:
                ed = c.see_also_editions.get(str(k))
                if not self.corpus.has(k, edition=ed) and k not in self.corpus.citing(ed):
                    out.append((c.id, "key", f"{ed}:{k}" if ed else str(k)))
        return out

    # -- lookup ----------------------------------------------------------------------------
    def lookup(self, term: str, lang: str | None = None) -> list[Concept]:
        """Concepts matching ``term``: by id, by a label (folded), else by part of a label.

        >>> [c.id for c in load().lookup("OI")]
        ['lho']
        >>> [c.id for c in load().lookup("arbitrale score", "nl")][:1]
        ['adjusted-score']
        """
        q = fold(term.strip())
        if not q:
            return []
        if q in self._by_id:
            return [self._by_id[q]]

        def labels(c):
            return [fold(txt) for lg, txt in c.all_labels() if lang is None or lg in (lang, "en")]

        exact = [c for c in self.concepts if q in labels(c)]
        if exact:
            return exact
        return [c for c in self.concepts if any(q in lab for lab in labels(c)) or q in c.id]

    def suggestions(self, term: str, n: int = 5) -> list[str]:
        import difflib

        names = {fold(txt): c.id for c in self.concepts for _, txt in c.all_labels()}
        close = difflib.get_close_matches(fold(term), list(names), n=n, cutoff=0.6)
        return list(dict.fromkeys(names[x] for x in close))

    def find(self, term: str, lang: str | None = None) -> list[Concept]:
        """Like :meth:`lookup`, but raise :class:`TermNotFound` (with suggestions) on no match."""
        hits = self.lookup(term, lang)
        if not hits:
            raise TermNotFound(term, self.suggestions(term))
        return hits


@lru_cache(maxsize=1)
def _parsed(path: str, mtime: int) -> tuple:
    return tuple(parse(Path(path)))


def load(path: Path | None = None, corpus=None) -> Glossary:
    """The glossary (parsed once per process while the file is unchanged)."""
    path = Path(path) if path is not None else glossary_file()
    return Glossary(list(_parsed(str(path), path.stat().st_mtime_ns)), corpus)


def definition(concept: Concept, t) -> str:
    """The concept's definition in the language of translator ``t``."""
    return t.gettext(concept.definition)


def to_dict(g: Glossary, c: Concept, t, lang: str | None = None) -> dict:
    """A JSON-able view of a concept; ``t`` translates the definition and note.

    With ``lang``, only the English labels and those of ``lang`` are given; the provisions
    are always all of them, each with the languages whose text uses an official term.
    """
    labels: dict = {"en": {"label": c.en, "alt": list(c.en_alt)}}
    for lg in TERM_LANGS:
        ts = c.terms.get(lg)
        if not ts:
            continue
        src = sources().get(ts[0].source) if ts[0].source else None
        labels[lg] = {
            "label": ts[0].text, "official": ts[0].official,
            "status": ts[0].status, "source": src,
            "alt": [x.text for x in ts[1:] if x.official == ts[0].official],
            "unofficial": [x.text for x in ts[1:] if not x.official and ts[0].official],
            "avoid": [a.lstrip("=") for a in c.avoided(lg)],
        }
    if lang:
        labels = {k: v for k, v in labels.items() if k in ("en", lang)}
    found = g.found()[c.id]
    provs = []
    for k in g.provisions(c.id):
        langs = [lg for lg in TERM_LANGS if lg in found.get(k, {})]
        eds = {g.corpus.edition_of(lg) for lg in langs}
        if k in c.see_also:
            eds |= {q.split(":", 1)[0] for q in c.see_also_qualified(g.corpus) if q.split(":", 1)[1] == str(k)}
        provs.append({"key": str(k), "display": k.display, "langs": langs,
                      "words": found.get(k, {}), "see_also": k in c.see_also,
                      "qualified": [f"{e}:{k}" for e in sorted(e for e in eds if e)]})
    return {
        "id": c.id, "labels": labels,
        "definition": t.gettext(c.definition), "definition_en": c.definition,
        "note": t.gettext(c.note) if c.note else None,
        "provisions": provs,
    }
