"""The corpus: every provision of every publication, loaded from ``laws/data``.

One YAML file per law per publication (``laws/data/<lang>-<authority>-<year>/<law>.yaml``).
The facts of each publication (language, authority, year, the WBF edition of the Laws it follows,
source) are stated once, in ``publications.yaml`` (see :mod:`laws.registry`); the folder names the
publication. The data folder is ``laws/data`` unless another is chosen (:func:`laws.datafile.data_dir`). Each file carries the law's key, its own heading, text and notes, then its
children, recursively::

    key: "27"
    heading: "Declaración insuficiente"
    children:
      - label: "B"
        heading: "Declaración insuficiente no aceptada"
        text: |-
          Si una declaración insuficiente en turno no se acepta, ...
        children:
          - label: "1"
            children:
              - label: "a"
                text: |-
                  Si la declaración insuficiente se corrige ...

Fields of a provision: ``label`` (required below the law), ``heading``, ``text`` (verbatim;
paragraphs separated by a blank line), ``tail`` (text that follows the children), ``notes``
(list of ``{label, text, after}``; ``after`` is the text the note follows in the source, for
footnotes that stood inside a sentence), ``reconstructed: true`` (the label is not in the
source and was reconstructed from the structure of the law), ``cite_as`` (the label as the
source writes it, e.g. ``Norma 8ª``), ``children``. A file may say ``excerpt: true``: the
source holds only the parts of the law that are encoded.

**Editions.** A provision is identified by (WBF edition of the Laws, key): ``2007:16D`` and
``2017:16D`` are different provisions. Every lookup takes an ``edition``; given only a ``lang``, the
edition is that of the language's default publication (a language may have several, of different
editions: :func:`laws.registry.default_publication`). A citation resolves in the edition of the text it stands
in; a key that no text of that edition holds is absent there, whatever the other edition holds.

Loading validates everything and reports a problem as ``file:line: what is wrong (how to fix)``.
The parsed corpus is cached on disk (pickle), keyed by everything it is built from (:func:`_fingerprint`).
"""
from __future__ import annotations

import hashlib
import os
import pickle
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from . import citations
from . import keys as K
from . import registry as R
from .datafile import DataError, data_dir, data_path, read_yaml, shown

LANGS = ("es", "nl", "it")
ALL_LANGS = ("en", "es", "nl", "it")
CACHE_VERSION = "corpus-9"
#: folders of a data folder that hold no law text
NOT_PUBLICATIONS = ("editions", "sources", "corrections")

PROVISION_FIELDS = {"label", "heading", "text", "tail", "notes", "reconstructed", "cite_as", "children"}
FILE_FIELDS = {"excerpt", "key", "heading", "text", "tail", "notes", "children"}
PUBLICATION_FIELDS = {"lang", "authority", "edition", "source_title", "source"}  # now in publications.yaml
NOTE_FIELDS = {"label", "text", "after"}


CorpusError = DataError  # a problem in a data file: file, line, what, fix (laws.datafile)


@dataclass(frozen=True)
class Publication:
    """A federation's publication. ``edition`` is the publication's own year (``2017`` for the
    FIGB Codice), ``laws_edition`` the WBF edition of the Laws it follows (``"2007"`` for it)."""

    lang: str
    authority: str
    edition: int
    source_title: str
    source: str
    laws_edition: str = ""
    evidence: str = ""
    sources: tuple = ()        # every source document of the publication (``source`` is the first)

    @property
    def id(self) -> str:
        return f"{self.lang}-{self.authority.lower()}-{self.edition}"

    @property
    def year(self) -> int:
        return self.edition

    def to_dict(self) -> dict:
        return {"id": self.id, "lang": self.lang, "authority": self.authority, "year": self.edition,
                "laws_edition": self.laws_edition, "source_title": self.source_title}


@dataclass(frozen=True)
class Note:
    label: str
    text: str
    after: str | None = None


@dataclass
class Provision:
    key: K.LawKey | K.RegKey
    pub: Publication
    heading: str | None
    text: str
    tail: str
    notes: tuple[Note, ...]
    children: list = field(default_factory=list)  # keys, in order
    reconstructed: bool = False
    cite_as: str | None = None
    excerpt: bool = False
    file: str = ""
    line: int = 0
    citations: list = field(default_factory=list)  # laws.citations.Citation, filled by load()

    @property
    def lang(self) -> str:
        return self.pub.lang

    @property
    def laws_edition(self) -> str:
        """The WBF edition of the Laws this provision's text follows (``"2007"`` or ``"2017"``)."""
        return self.pub.laws_edition

    @property
    def qualified(self) -> str:
        """``2007:16D``: the key in the edition of this text."""
        return f"{self.pub.laws_edition}:{self.key}"

    @property
    def parent(self):
        return self.key.parent

    @property
    def own_text(self) -> str:
        """The provision's own text (with the text after its children), without children's."""
        return "\n".join(t for t in (self.text, self.tail) if t)

    @property
    def cites(self) -> list:
        seen: dict = {}
        for c in self.citations:
            for k in c.keys:
                seen.setdefault(k, None)
        return list(seen)

    def to_dict(self, corpus: "Corpus | None" = None) -> dict:
        d = {
            "key": str(self.key),
            "display": self.key.display,
            "eid": self.key.eid,
            "iri": self.key.iri,
            "lang": self.lang,
            "authority": self.pub.authority,
            "edition": self.pub.edition,
            "laws_edition": self.pub.laws_edition,
            "publication": self.pub.id,
            "source_title": self.pub.source_title,
            "heading": self.heading,
            "text": self.own_text,
            "parent": str(self.parent) if self.parent else None,
            "children": [str(c) for c in self.children],
            "cites": [str(k) for k in self.cites],
            "notes": [n.text for n in self.notes],
            "notes_detail": [{"label": n.label, "text": n.text} for n in self.notes],
            "label_reconstructed": self.reconstructed,
        }
        if self.cite_as:
            d["cite_as"] = self.cite_as
        if corpus is not None:
            d["cites_absent"] = [str(k) for k in self.cites if not corpus.has(k, edition=self.laws_edition)]
        return d


def source_path(name: str) -> Path:
    """A source document: in the ``sources/`` of the data folder in use, else of the project."""
    return data_path("sources", name)


_read_yaml = read_yaml  # the name the trees' loader imports (laws.datafile.read_yaml is the one place)


def _norm_ws(s: str) -> str:
    """Normalise whitespace inside each paragraph; paragraphs are separated by one newline."""
    paras = [re.sub(r"\s+", " ", p).strip() for p in re.split(r"\n\s*\n", s.strip())]
    return "\n".join(p for p in paras if p)


def _str(d: dict, name: str, path: Path, required: bool = False) -> str | None:
    v = d.get(name)
    if v is None:
        if required:
            raise CorpusError(path, d.get("__line__"), f"the field {name!r} is missing", f"add '{name}: ...'")
        return None
    if isinstance(v, (int, float)) and name in {"label", "key"}:
        v = str(v)
    if not isinstance(v, str):
        raise CorpusError(path, d.get("__line__"), f"{name!r} must be text, not {type(v).__name__}",
                          f"write {name} as a quoted string")
    return v


def _parse_file(path: Path) -> tuple[Publication, list[Provision]]:
    doc = read_yaml(path)
    pub = publication(path.parent.name, path) if isinstance(doc, dict) and not set(doc) & PUBLICATION_FIELDS else None
    return pub, law_provisions(doc, pub, path)


def law_provisions(doc, pub: Publication | None, path: Path) -> list[Provision]:
    """The provisions of one law file, read (``doc``, as :func:`laws.datafile.read_yaml` gives it) and
    validated; ``path`` names the file in errors and must be named after the law."""
    if not isinstance(doc, dict):
        raise CorpusError(path, 1, "a law file must be a mapping of fields", "start with 'lang: ...'")
    moved = set(doc) & PUBLICATION_FIELDS
    if moved:
        raise CorpusError(path, doc["__line__"], f"{sorted(moved)}: the facts of a publication are stated once, in "
                          "laws/data/publications.yaml", "remove these fields from the law file")
    unknown = set(doc) - FILE_FIELDS - {"__line__"}
    if unknown:
        raise CorpusError(path, doc["__line__"], f"unknown field(s) {sorted(unknown)}",
                          f"allowed: {sorted(FILE_FIELDS)}")
    try:
        key = K.from_canonical(_str(doc, "key", path, True))
    except K.KeyError_ as e:
        raise CorpusError(path, doc["__line__"], str(e), "use a law number such as '27' or a regulation key such as 'AEB-AL'") from None
    if key.parent is not None:
        raise CorpusError(path, doc["__line__"], f"{key} is not a whole law", "one file per law: put sections under 'children'")
    stem_ok = path.stem == (f"{key.law:02d}" if isinstance(key, K.LawKey) else str(key))
    if not stem_ok:
        raise CorpusError(path, doc["__line__"], f"the file of {key} must be named "
                          f"{(f'{key.law:02d}' if isinstance(key, K.LawKey) else str(key))}.yaml", "rename the file")
    out: list[Provision] = []
    _build(doc, key, pub, path, bool(doc.get("excerpt")), out, is_law=True)
    return out


def publication(pid: str, path: Path | None = None) -> Publication:
    """The :class:`Publication` of a folder of the data (facts from ``publications.yaml``)."""
    try:
        pubs = R.publications()
    except R.TableError as e:
        raise CorpusError(e.file, e.line, e.message, e.fix) from None
    f = pubs.get(pid)
    where = path or data_dir() / pid
    if f is None:
        raise CorpusError(where, 1, f"{pid}/ is not a publication of {shown(R.publications_file())}",
                          "add the publication there (lang, authority, year, laws_edition, source_title, source) "
                          "or move the file to its publication's folder")
    if f["lang"] not in LANGS:
        raise CorpusError(R.publications_file(), f["line"], f"{pid}: unknown language {f['lang']!r}", f"use one of {LANGS}")
    for src in f["sources"]:
        if not source_path(src).exists():
            raise CorpusError(R.publications_file(), f["line"], f"{pid}: source {src!r} is in no sources/ folder",
                              "copy the source document there or correct the name")
    return Publication(f["lang"], f["authority"], f["year"], f["source_title"], f["source"], f["laws_edition"],
                       " ".join(str(f["evidence"]).split()), tuple(f["sources"]))


def _notes(d: dict, path: Path, text: str) -> tuple[Note, ...]:
    raw = d.get("notes") or []
    if not isinstance(raw, list):
        raise CorpusError(path, d["__line__"], "'notes' must be a list", "write each note as '- label: ...' with 'text: ...'")
    notes = []
    for n in raw:
        if not isinstance(n, dict):
            raise CorpusError(path, d["__line__"], "a note must have 'label' and 'text'", "write '- label: Nota AEB' then 'text: ...'")
        unknown = set(n) - NOTE_FIELDS - {"__line__"}
        if unknown:
            raise CorpusError(path, n["__line__"], f"unknown note field(s) {sorted(unknown)}", f"allowed: {sorted(NOTE_FIELDS)}")
        after = _str(n, "after", path)
        if after is not None:
            after = _norm_ws(after)
            if text.count(after) != 1:
                raise CorpusError(path, n["__line__"], f"the note's 'after' text {after!r} must occur exactly once in the provision's text "
                                  f"(found {text.count(after)})", "quote a longer stretch of the text the note follows")
        notes.append(Note(_str(n, "label", path, True), _norm_ws(_str(n, "text", path, True)), after))
    return tuple(notes)


def _build(d: dict, key, pub: Publication, path: Path, excerpt: bool, out: list, is_law: bool = False) -> None:
    if not is_law:
        unknown = set(d) - PROVISION_FIELDS - {"__line__"}
        if unknown:
            raise CorpusError(path, d["__line__"], f"unknown field(s) {sorted(unknown)} in {key.display}",
                              f"allowed: {sorted(PROVISION_FIELDS)}")
    text = _norm_ws(_str(d, "text", path) or "")
    heading = _str(d, "heading", path)
    prov = Provision(
        key=key, pub=pub, heading=_norm_ws(heading) if heading else None, text=text,
        tail=_norm_ws(_str(d, "tail", path) or ""), notes=_notes(d, path, text),
        reconstructed=bool(d.get("reconstructed")), cite_as=_str(d, "cite_as", path),
        excerpt=excerpt, file=str(path), line=d["__line__"],
    )
    out.append(prov)
    children = d.get("children") or []
    if not isinstance(children, list):
        raise CorpusError(path, d["__line__"], f"'children' of {key.display} must be a list", "write each child as '- label: ...'")
    seen = set()
    for c in children:
        if not isinstance(c, dict):
            raise CorpusError(path, d["__line__"], f"a child of {key.display} must be a mapping", "write '- label: A' and its fields")
        label = _str(c, "label", path, True)
        try:
            ck = key.child(label)
        except K.KeyError_ as e:
            raise CorpusError(path, c["__line__"], str(e), "labels go law > A > 1 > a > i") from None
        if ck in seen:
            raise CorpusError(path, c["__line__"], f"{ck.display} appears twice", "each provision is encoded once")
        seen.add(ck)
        prov.children.append(ck)
        _build(c, ck, pub, path, excerpt, out)


# -- the corpus --------------------------------------------------------------------------------
class Corpus:
    """All provisions, by (WBF edition, key, lang).

    ``edition`` arguments are edition ids (``laws.registry.editions()``); when a method is given a
    ``lang`` and no edition, the edition is that language's default text's (:meth:`edition_of`: a
    language may have texts of several editions). Without either, a method looks at every edition
    (documented per method): that is for listing, never for resolving a citation, which always has
    the edition of the text it stands in.
    """

    def __init__(self, provisions: Iterable[Provision]):
        self.by_edition: dict = {}   # edition -> key -> lang -> Provision
        for p in provisions:
            ed = p.pub.laws_edition
            langs = self.by_edition.setdefault(ed, {}).setdefault(p.key, {})
            if p.lang in langs:
                other = langs[p.lang]
                raise CorpusError(p.file, p.line, f"{p.key.display} ({p.lang}) is also encoded in {other.file}:{other.line}",
                                  "encode each provision once (two publications of one language follow different editions)")
            langs[p.lang] = p
        order = set()
        for keys in self.by_edition.values():
            order |= set(keys)
        self._order = sorted(order, key=K.sort_key)
        self._lang_editions: dict = {}  # lang -> the editions its texts follow, the default first
        for ed, keys in self.by_edition.items():
            for langs in keys.values():
                for lg in langs:
                    self._lang_editions.setdefault(lg, set()).add(ed)
        ids = R.editions()
        for lg, eds in list(self._lang_editions.items()):
            pid = R.default_publication(lg)
            first = R.publications()[pid]["laws_edition"] if pid else None
            ordered = sorted(eds, key=ids.index, reverse=True)
            self._lang_editions[lg] = [first] + [e for e in ordered if e != first] if first in eds else ordered
        self._eds = [e for e in ids if e in self.by_edition]

    # editions
    def editions(self) -> list[str]:
        """The editions of the Laws that some text of the corpus follows, oldest first."""
        return list(self._eds)

    def edition_of(self, lang: str | None) -> str | None:
        """The edition of the default text in ``lang`` (None for a language without a text)."""
        eds = self._lang_editions.get(lang)
        return eds[0] if eds else None

    def editions_of_lang(self, lang: str | None) -> list[str]:
        """Every edition some text in ``lang`` follows, the default one first."""
        return list(self._lang_editions.get(lang, []))

    def _ed(self, lang, edition) -> str | None:
        if edition is not None:
            return R.check_edition(edition)
        return self.edition_of(lang) if lang else None

    def editions_of(self, key) -> list[str]:
        """The editions whose texts hold ``key``."""
        return [e for e in self._eds if key in self.by_edition[e]]

    def _any(self, key) -> dict:
        """``{lang: provision}`` of ``key`` over every edition, each language's default edition first."""
        out: dict = {}
        for lg, eds in self._lang_editions.items():
            for e in eds:
                p = self.by_edition[e].get(key, {}).get(lg)
                if p is not None:
                    out[lg] = p
                    break
        return out

    # lookups
    def has(self, key, lang: str | None = None, edition: str | None = None) -> bool:
        """Whether a text holds ``key``: in ``edition`` (or ``lang``'s default edition), in ``lang``
        if given; with neither, in any edition."""
        ed = self._ed(lang, edition)
        if lang and lang not in self._lang_editions:
            return False
        langs = self._any(key) if ed is None else self.by_edition.get(ed, {}).get(key)
        return bool(langs) and (lang is None or lang in langs)

    def get(self, key, lang: str | None = None, edition: str | None = None) -> Provision | None:
        """The provision ``key`` in ``lang`` (in that language's default edition), or in ``edition``
        (the first language holding it there), or both. With neither: the first language holding it
        in any edition (a listing's convenience: never use it to follow a citation)."""
        ed = self._ed(lang, edition)
        langs = self._any(key) if ed is None else self.by_edition.get(ed, {}).get(key)
        if not langs:
            return None
        if lang is None:
            for lg in LANGS:
                if lg in langs:
                    return langs[lg]
        return langs.get(lang)

    def langs_of(self, key, edition: str | None = None) -> list[str]:
        """The languages whose text holds ``key`` in ``edition`` (in any edition if None)."""
        src = self._any(key) if edition is None else self.by_edition.get(str(edition), {}).get(key, {})
        return [lg for lg in LANGS if lg in src]

    def keys(self, edition: str | None = None) -> list:
        """The keys held by some text (of ``edition`` if given), in the order of the Laws."""
        if edition is None:
            return list(self._order)
        return [k for k in self._order if k in self.by_edition.get(str(edition), {})]

    def qualified_keys(self) -> list[tuple[str, object]]:
        """Every ``(edition, key)`` some text holds, by edition then in the order of the Laws."""
        return [(e, k) for e in self._eds for k in self.keys(e)]

    def provisions(self, lang: str | None = None, edition: str | None = None) -> Iterator[Provision]:
        """Every provision (of ``lang``, of ``edition``), in the order of the Laws, then by language
        and edition."""
        eds = [edition] if edition is not None else self._eds
        for k in self._order:
            for lg in LANGS:
                if lang is not None and lg != lang:
                    continue
                for e in eds:
                    p = self.by_edition.get(e, {}).get(k, {}).get(lg)
                    if p is not None:
                        yield p

    def publications(self) -> list[Publication]:
        pubs = {p.pub for p in self.provisions()}
        ids = R.editions()
        return sorted(pubs, key=lambda p: (LANGS.index(p.lang), -ids.index(p.laws_edition), p.id))

    def descendants(self, key, lang: str, edition: str | None = None) -> list[Provision]:
        """The provisions under ``key`` in ``lang`` (in ``edition``, else the language's default)."""
        p = self.get(key, lang, edition)
        out: list[Provision] = []
        if p is None:
            return out
        for c in p.children:
            cp = self.get(c, lang, p.laws_edition)
            if cp is not None:
                out.append(cp)
                out.extend(self.descendants(c, lang, p.laws_edition))
        return out

    def citing_qualified(self) -> dict:
        """Reverse citation index: (edition, cited key) -> list of (citing Provision, Citation);
        the edition is the citing text's."""
        idx = getattr(self, "_citing_q", None)
        if idx is None:
            idx = {}
            for p in self.provisions():
                for c in p.citations:
                    for k in c.keys:
                        idx.setdefault((p.laws_edition, k), []).append((p, c))
            self._citing_q = idx
        return idx

    def citing(self, edition: str | None = None) -> dict:
        """Reverse citation index: cited key -> list of (citing Provision, Citation), of the
        texts of ``edition`` (of every edition if None)."""
        out: dict = {}
        for (ed, k), items in self.citing_qualified().items():
            if edition is None or ed == edition:
                out.setdefault(k, []).extend(items)
        return out

    def cited_by(self, key, lang: str | None = None, through_children: bool = False,
                 edition: str | None = None) -> list:
        """The provisions whose own text (or notes) cite ``key`` (in ``lang`` if given), as
        (citing provision, citation) pairs; with ``through_children`` also those citing a
        descendant of ``key``. Only the texts of ``edition`` (or ``lang``'s edition) cite
        ``edition:key``; with neither, the texts of every edition (each citing the key in its
        own edition)."""
        ed = self._ed(lang, edition)
        idx = self.citing(ed)
        targets = [key]
        if through_children:
            targets += [k for k in idx if _is_descendant(k, key)]
        out = []
        for t in targets:
            for p, c in idx.get(t, []):
                if lang is None or p.lang == lang:
                    out.append((p, c))
        return out

    def absent_cited_qualified(self) -> list[tuple[str, object]]:
        """``(edition, key)`` cited by a text of that edition that no text of that edition holds."""
        out = {(e, k) for (e, k) in self.citing_qualified() if not self.has(k, edition=e)}
        return sorted(out, key=lambda x: (x[0], K.sort_key(x[1])))

    def absent_cited(self, edition: str | None = None) -> list:
        """Keys cited by a text of ``edition`` that no text of that edition holds (with None:
        of any edition, each in the edition of the texts citing it)."""
        keys = {k for e, k in self.absent_cited_qualified() if edition is None or e == edition}
        return sorted(keys, key=K.sort_key)

    def nearest(self, text: str, n: int = 5) -> list:
        """The keys nearest to a string that is not a known key (for suggestions): the key's
        own ancestors first, then keys of the same law and of the nearest law numbers."""
        import difflib

        try:
            k = K.parse_key(text)
        except K.KeyError_:
            k = None
        if k is None or isinstance(k, K.RegKey):
            names = {str(x): x for x in self._order}
            target = str(k) if k is not None else text.strip()
            close = difflib.get_close_matches(target, list(names), n=n, cutoff=0.3)
            if not close:
                close = difflib.get_close_matches(target.upper(), [x.upper() for x in names], n=n, cutoff=0.3)
                close = [next(x for x in names if x.upper() == c) for c in close]
            return [names[c] for c in close]
        out = []
        a = k.parent
        while a is not None:
            if self.has(a):
                out.append(a)
            a = a.parent
        target = str(k)

        def score(x):
            if not isinstance(x, K.LawKey):
                return (1000, 0, 0.0)
            return (abs(x.law - k.law), abs(x.depth - k.depth),
                    -difflib.SequenceMatcher(None, target, str(x)).ratio())

        ranked = sorted((x for x in self._order if x not in out and x != k), key=score)
        return (out[:2] + ranked)[:n]

def _files() -> list[Path]:
    return sorted(p for p in data_dir().glob("*/*.yaml") if p.parent.name not in NOT_PUBLICATIONS)


def _meta_files() -> list[Path]:
    """The data files the corpus depends on besides the law files (registry, publication facts)."""
    return [R.registry_file(), R.publications_file()]


def _fingerprint(files: list[Path]) -> str:
    """The key of the cached corpus: everything its value depends on. The law files and the code by
    name, size and time; the registry and the publications' facts by what this process has read of
    them (the corpus is built from those, not from the files: a process that read
    ``publications.yaml`` before writing it keys what it builds with what it read)."""
    h = hashlib.sha256(CACHE_VERSION.encode())
    for f in list(files) + _meta_files():
        st = f.stat()
        h.update(f"{f}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    try:
        facts = repr((R.registry(), sorted((k, sorted(v.items())) for k, v in R.publications().items())))
    except (R.TableError, DataError) as e:  # unreadable: the corpus will not load either
        facts = f"unreadable: {e}"
    h.update(facts.encode())
    for f in sorted(Path(__file__).parent.glob("*.py")):
        st = f.stat()
        h.update(f"{f.name}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def _cache_dir() -> Path:
    base = os.environ.get("RULEBOOK_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "bridge-rulebook")
    return Path(base)


def parse_all(files: list[Path] | None = None) -> Corpus:
    """Parse every data file, resolve citations, validate; no cache."""
    provs: list[Provision] = []
    for f in files if files is not None else _files():
        _, ps = _parse_file(f)
        provs.extend(ps)
    corpus = Corpus(provs)
    for p in corpus.provisions():
        p.citations = citations.for_provision(p)
    return corpus


_CORPUS: tuple | None = None  # (data folder, Corpus)


def load(use_cache: bool = True) -> Corpus:
    """The corpus of the data folder in use, parsed once per process and cached on disk between
    processes."""
    global _CORPUS
    where = data_dir()
    if _CORPUS is not None and _CORPUS[0] == where:
        return _CORPUS[1]
    files = _files()
    if not use_cache:
        _CORPUS = (where, parse_all(files))
        return _CORPUS[1]
    fp = _fingerprint(files)
    cache = _cache_dir() / f"corpus-{fp[:16]}.pickle"
    if cache.exists():
        # the cache is used only if it is what this code wrote: a dict {version, fingerprint,
        # corpus} of this version and these files holding a Corpus; anything else (an older
        # format, a truncated or foreign file) is rebuilt, never trusted
        try:
            with open(cache, "rb") as f:
                box = pickle.load(f)
            if (isinstance(box, dict) and box.get("version") == CACHE_VERSION and box.get("fingerprint") == fp
                    and isinstance(box.get("corpus"), Corpus)):
                _CORPUS = (where, box["corpus"])
                return _CORPUS[1]
        except Exception:  # noqa: BLE001 - unreadable: rebuilt below
            pass
    corpus = parse_all(files)
    _CORPUS = (where, corpus)
    tmp = None
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        for old in cache.parent.glob("corpus-*.pickle"):
            if old != cache:
                old.unlink(missing_ok=True)
        tmp = cache.with_suffix(f".tmp{os.getpid()}")  # one per process: concurrent writers never mix
        with open(tmp, "wb") as f:
            pickle.dump({"version": CACHE_VERSION, "fingerprint": fp, "corpus": corpus}, f,
                        protocol=pickle.HIGHEST_PROTOCOL)
        tmp.replace(cache)  # atomic: a reader sees the old file or the new one, never half of one
        tmp = None
    except OSError:
        pass
    finally:
        if tmp is not None:
            tmp.unlink(missing_ok=True)
    return corpus


def reset() -> None:
    """Forget the loaded corpus and registry (after the data changed, or another folder was chosen)."""
    global _CORPUS
    _CORPUS = None
    R.reset()


def _is_descendant(k, ancestor) -> bool:
    p = k.parent
    while p is not None:
        if p == ancestor:
            return True
        p = p.parent
    return False


# public names for other packages that key their own caches on the corpus (graph/search.py)
data_files = _files
fingerprint = _fingerprint
cache_dir = _cache_dir
