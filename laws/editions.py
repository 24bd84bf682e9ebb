"""Editions of the Laws of Duplicate Bridge: a provision is identified by (WBF edition, key).

The WBF published the Laws in 2007 and in 2017, and the numbering moved between them (2007 16D,
information from withdrawn calls, is 2017 16C; 2007 17E is 2017 17D; 2007 40B4 is 2017 40B3...).
A key therefore means nothing without its edition. Every publication of the corpus follows one
edition (the AEB text and the FIGB Codice follow the 2007 Laws, the NBB text the 2017 Laws),
which is not the same thing as the year the publication itself carries.

An *edition-qualified key* is written ``EDITION:KEY``: ``2007:16D``, ``2017:16C``. An unqualified
key is read in the edition of its context (the text it stands in, the tree that names it).

Here, besides the key forms:

- the publications (``laws/data/publications.yaml``, the one place for their facts):
  :func:`read_publications`, :func:`edition_of_publication`, :func:`edition_of_lang`;
- the correspondence table 2007 <-> 2017 (``laws/data/editions/2007-2017.yaml``, reviewed data with
  its evidence): :func:`read_table` (``file:line: what (fix)`` on any problem), :func:`table`, and
  :func:`check_table`, the check ``rulebook check`` runs against the corpus;
- what rulings call: :func:`corresponding` (what ``edition:key`` is in the other edition, with the
  status) and :func:`changed_on_trail` (the provisions of a trail the other edition changed), so
  that a ruling following one edition, shown to a reader whose text follows the other, can say so.

>>> split_qualified("2007:16D")
('2007', '16D')
>>> split_qualified("16D")
(None, '16D')
>>> qualified("2017", "16C")
'2017:16C'
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

EDITIONS = ("2007", "2017")

_QUALIFIED = re.compile(r"^\s*(?P<ed>\d{4})\s*[:/]\s*(?P<key>.+?)\s*$")


class EditionError(ValueError):
    """An edition that is not one of :data:`EDITIONS`."""


def check_edition(edition) -> str:
    """``edition`` as one of :data:`EDITIONS` (``2007`` or ``"2007"``), or :class:`EditionError`."""
    e = str(edition).strip()
    if e not in EDITIONS:
        raise EditionError(f"{edition!r} is not an edition of the Laws: use {' or '.join(EDITIONS)}")
    return e


def split_qualified(text: str) -> tuple[str | None, str]:
    """``(edition, key text)`` of a key that may carry its edition (``2007:16D``)."""
    m = _QUALIFIED.match(text)
    if m and m.group("ed") in EDITIONS:
        return m.group("ed"), m.group("key")
    return None, text.strip()


def qualified(edition: str, key) -> str:
    """The edition-qualified form of a key: ``2007:16D``."""
    return f"{check_edition(edition)}:{key}"


# -- publications --------------------------------------------------------------------------------

DATA = Path(__file__).resolve().parent / "data"
PUBLICATIONS_FILE = DATA / "publications.yaml"
TABLE_FILE = DATA / "editions" / "2007-2017.yaml"
STATUSES = ("same", "reworded", "renumbered", "changed", "new", "deleted")
#: the statuses by which the other edition's text differs from this one's in substance or in number
CHANGED_STATUSES = ("renumbered", "changed", "new", "deleted")
PUB_FIELDS = {"lang", "authority", "year", "laws_edition", "source_title", "source", "evidence"}


class TableError(ValueError):
    """A problem in ``publications.yaml`` or the correspondence table: ``file:line: what (fix)``."""

    def __init__(self, file, line, message: str, fix: str = ""):
        self.file, self.line, self.message, self.fix = str(file), line, message, fix
        super().__init__(f"{file}:{line}: {message}" + (f" ({fix})" if fix else "") if line else f"{file}: {message}")


def _read(path: Path):
    from .corpus import CorpusError, _read_yaml

    try:
        return _read_yaml(path)
    except CorpusError as e:
        raise TableError(e.file, e.line, e.message, e.fix) from None


def read_publications(path: Path = PUBLICATIONS_FILE) -> dict:
    """``{publication id: {lang, authority, year, laws_edition, source_title, source, evidence}}``
    from ``laws/data/publications.yaml``, validated (``file:line`` errors).

    >>> read_publications()["it-figb-2017"]["laws_edition"]
    '2007'
    """
    doc = _read(path)
    if not isinstance(doc, dict):
        raise TableError(path, 1, "publications.yaml must map each publication id to its facts",
                         "start with 'es-aeb-2007:'")
    out = {}
    for pid, facts in doc.items():
        if pid == "__line__":
            continue
        line = facts.get("__line__") if isinstance(facts, dict) else doc["__line__"]
        if not isinstance(facts, dict):
            raise TableError(path, line, f"{pid}: its facts must be a mapping", "write lang:, authority:, ... under it")
        unknown = set(facts) - PUB_FIELDS - {"__line__"}
        if unknown:
            raise TableError(path, line, f"{pid}: unknown field(s) {sorted(unknown)}", f"allowed: {sorted(PUB_FIELDS)}")
        missing = PUB_FIELDS - set(facts)
        if missing:
            raise TableError(path, line, f"{pid}: missing field(s) {sorted(missing)}", "every publication states all of them")
        if not isinstance(facts["year"], int):
            raise TableError(path, line, f"{pid}: 'year' must be a year", "e.g. 'year: 2017'")
        try:
            ed = check_edition(facts["laws_edition"])
        except EditionError as e:
            raise TableError(path, line, f"{pid}: {e}", 'write laws_edition: "2007" or "2017"') from None
        expected = f"{facts['lang']}-{str(facts['authority']).lower()}-{facts['year']}"
        if pid != expected:
            raise TableError(path, line, f"the id of this publication must be {expected!r}, not {pid!r}",
                             "the id is <lang>-<authority>-<year>")
        out[pid] = {k: v for k, v in facts.items() if k != "__line__"} | {"laws_edition": ed, "line": line}
    return out


@lru_cache(maxsize=1)
def _publications() -> dict:
    return read_publications()


def edition_of_publication(pub_id: str) -> str:
    """The WBF edition of the Laws a publication follows (not the publication's own year).

    >>> edition_of_publication("es-aeb-2007"), edition_of_publication("it-figb-2017")
    ('2007', '2007')
    >>> edition_of_publication("nl-nbb-2017")
    '2017'
    """
    try:
        return _publications()[pub_id]["laws_edition"]
    except KeyError:
        raise EditionError(f"{pub_id!r} is not a publication of the corpus: "
                           f"use one of {', '.join(_publications())}") from None


def edition_of_lang(lang: str) -> str | None:
    """The edition of the Laws that the corpus's text in ``lang`` follows (None: no text).

    >>> edition_of_lang("nl"), edition_of_lang("it"), edition_of_lang("en")
    ('2017', '2007', None)
    """
    eds = [p["laws_edition"] for p in _publications().values() if p["lang"] == lang]
    return eds[0] if eds else None


def other(edition: str) -> str:
    """The other edition.

    >>> other("2007")
    '2017'
    """
    e = check_edition(edition)
    return next(x for x in EDITIONS if x != e)


# -- the correspondence table ---------------------------------------------------------------------
@dataclass(frozen=True)
class Row:
    """One row of the table: ``k2007`` / ``k2017`` are canonical keys or None."""

    k2007: str | None
    k2017: str | None
    status: str
    source: tuple
    verified: bool = True
    note: str = ""
    line: int = 0

    def key(self, edition: str) -> str | None:
        return self.k2007 if edition == "2007" else self.k2017


@dataclass(frozen=True)
class Correspondence:
    """What a provision of one edition corresponds to in the other: ``key`` (None when the other
    edition has no counterpart), ``laws_edition`` (the other edition), ``status`` (from the
    point of view of the 2007 -> 2017 change), ``source``, ``verified`` and ``note``."""

    key: str | None
    laws_edition: str
    status: str
    source: tuple = ()
    verified: bool = True
    note: str = ""

    @property
    def qualified(self) -> str | None:
        return qualified(self.laws_edition, self.key) if self.key else None

    def to_dict(self) -> dict:
        return {"key": self.key, "laws_edition": self.laws_edition, "status": self.status,
                "source": list(self.source), "verified": self.verified, "note": self.note or None}


@dataclass(frozen=True)
class Table:
    rows: tuple
    sources: dict
    file: str = str(TABLE_FILE)

    def of(self, edition: str, key) -> list:
        """The rows naming ``key`` on the side of ``edition``."""
        e, k = check_edition(edition), str(key)
        idx = self.__dict__.get("_idx")
        if idx is None:
            idx = {}
            for r in self.rows:
                for ed in EDITIONS:
                    if r.key(ed):
                        idx.setdefault((ed, r.key(ed)), []).append(r)
            object.__setattr__(self, "_idx", idx)
        return list(idx.get((e, k), []))


def read_table(path: Path = TABLE_FILE) -> Table:
    """Load and validate the correspondence table (``file:line: what (fix)`` on any problem)."""
    from . import keys as K

    doc = _read(path)
    if not isinstance(doc, dict) or "rows" not in doc:
        raise TableError(path, 1, "the table must have 'editions', 'sources' and 'rows'", "see the comment at the top")
    eds = doc.get("editions")
    if [str(x) for x in (eds or [])] != list(EDITIONS):
        raise TableError(path, doc["__line__"], f"'editions' must be {list(EDITIONS)}", 'editions: ["2007", "2017"]')
    sources = {k: v for k, v in (doc.get("sources") or {}).items() if k != "__line__"}
    rows, seen = [], {}
    if not isinstance(doc["rows"], list):
        raise TableError(path, doc["__line__"], "'rows' must be a list", "write each row as '- {...}'")
    for d in doc["rows"]:
        if not isinstance(d, dict):
            raise TableError(path, doc["__line__"], "a row must be a mapping", 'write - {"2007": "16D", "2017": "16C", ...}')
        line = d["__line__"]
        unknown = set(map(str, d)) - {"2007", "2017", "status", "source", "verified", "note", "__line__"}
        if unknown:
            raise TableError(path, line, f"unknown field(s) {sorted(unknown)}",
                             "allowed: \"2007\", \"2017\", status, source, verified, note")
        ks = {}
        for ed in EDITIONS:
            v = d.get(ed, d.get(int(ed), "?"))
            if v == "?":
                raise TableError(path, line, f'the row has no "{ed}" key', f'write "{ed}": null if it has no counterpart')
            if v is not None:
                try:
                    k = K.from_canonical(str(v))
                except K.KeyError_ as e:
                    raise TableError(path, line, str(e), "write the key in canonical form, e.g. 16D2 or 27B1a") from None
                if not isinstance(k, K.LawKey):
                    raise TableError(path, line, f"{v} is not a key of the Laws", "regulations have no edition of the Laws")
                v = str(k)
            ks[ed] = v
        status = d.get("status")
        if status not in STATUSES:
            raise TableError(path, line, f"unknown status {status!r}", f"use one of {', '.join(STATUSES)}")
        a, b = ks["2007"], ks["2017"]
        rule = {
            "same": a is not None and a == b, "reworded": a is not None and a == b,
            "renumbered": a is not None and b is not None and a != b,
            "changed": a is not None and b is not None,
            "new": a is None and b is not None, "deleted": a is not None and b is None,
        }[status]
        if not rule:
            fix = {"same": "same/reworded keep the key: use renumbered or changed for another key",
                   "reworded": "same/reworded keep the key: use renumbered or changed for another key",
                   "renumbered": "renumbered needs two different keys (same key: same or reworded)",
                   "changed": "changed needs a key on both sides (no counterpart: new or deleted)",
                   "new": 'new has "2007": null and a 2017 key', "deleted": 'deleted has a 2007 key and "2017": null'}[status]
            raise TableError(path, line, f"status {status} does not fit {a} -> {b}", fix)
        src = tuple(str(d.get("source") or "").split())
        if not src:
            raise TableError(path, line, "the row has no source", "name the evidence (a code under 'sources:')")
        bad = [s for s in src if s not in sources]
        if bad:
            raise TableError(path, line, f"unknown source code(s) {bad}", "add them under 'sources:' with their address")
        verified = d.get("verified", True)
        if not isinstance(verified, bool):
            raise TableError(path, line, "'verified' must be true or false", "write verified: false or leave it out")
        note = str(d.get("note") or "")
        if not verified and not note:
            raise TableError(path, line, "an unverified row must say why in a note", "add note: \"PROBABLE: ...\"")
        if (a, b) in seen:
            raise TableError(path, line, f"{a} -> {b} is also the row at line {seen[(a, b)]}", "keep one of them")
        seen[(a, b)] = line
        rows.append(Row(a, b, status, src, verified, note, line))
    for ed in EDITIONS:  # a key cannot be both deleted/new and have a counterpart
        lone = {r.key(ed): r for r in rows if r.key(ed) and r.key(other(ed)) is None}
        for r in rows:
            k = r.key(ed)
            if k in lone and r.key(other(ed)) is not None:
                raise TableError(path, lone[k].line, f"{ed}:{k} is {lone[k].status} here but has a counterpart "
                                 f"at line {r.line}", "a key with a counterpart is not new or deleted")
    return Table(tuple(rows), sources, str(path))


@lru_cache(maxsize=1)
def table() -> Table:
    """The correspondence table, loaded once per process (from the corpus's disk cache when the
    corpus is loaded: :func:`laws.corpus.parse_all` keeps it with the corpus)."""
    from .corpus import load

    t = getattr(load(), "table", None)
    return t if t is not None else read_table()


def corresponding(edition, key, tbl: Table | None = None) -> list:
    """The provisions of the other edition that ``edition:key`` corresponds to, from the table.

    A key not in the table answers ``[]``; a part of a listed provision that is not listed
    itself is not guessed (regulations, and keys the table does not hold, have no
    correspondence).

    >>> [(c.key, c.laws_edition, c.status) for c in corresponding("2007", "16D")]
    [('16C', '2017', 'renumbered')]
    >>> [(c.key, c.status) for c in corresponding("2017", "17D")]
    [('17E', 'changed'), ('22B', 'renumbered')]
    >>> [(c.key, c.status) for c in corresponding("2017", "75D")]
    [(None, 'new')]
    """
    e = check_edition(edition)
    t = tbl if tbl is not None else table()
    o = other(e)
    return [Correspondence(r.key(o), o, r.status, r.source, r.verified, r.note) for r in t.of(e, key)]


def changed_on_trail(keys, edition, tbl: Table | None = None) -> list:
    """For the provisions of a ruling's trail, read in ``edition``: those the other edition
    renumbered, changed, added or deleted, with the other edition's key and the status.

    Returns dicts ``{key, laws_edition, other_key, other_edition, status, verified, note}``, one
    per (trail key, correspondence), in the order of the trail; keys the table does not hold
    and keys that stay the same (or are only reworded) are left out.

    >>> [(d["key"], d["other_key"], d["status"]) for d in changed_on_trail(["27B1a", "16D", "27A1"], "2007")]
    [('27B1a', '27B1a', 'changed'), ('16D', '16C', 'renumbered')]
    >>> changed_on_trail(["16B3"], "2017")
    []
    """
    e = check_edition(edition)
    out, seen = [], set()
    for k in keys:
        ks = str(k)
        if ks in seen:
            continue
        seen.add(ks)
        for c in corresponding(e, ks, tbl):
            if c.status in CHANGED_STATUSES:
                out.append({"key": ks, "laws_edition": e, "other_key": c.key, "other_edition": c.laws_edition,
                            "status": c.status, "verified": c.verified, "note": c.note or None})
    return out


# -- the check of `rulebook check` ----------------------------------------------------------------
def check_table(corpus) -> list:
    """Findings (:class:`laws.check.Finding`) on the table against the corpus:

    - the table and ``publications.yaml`` load (``file:line`` on any problem);
    - coverage: every key some text holds, and every key a text cites, has a row on the side of
      its edition (regulations, which are no part of either edition, excepted);
    - no row contradicts the texts: a key the table names in an edition whose text holds the
      whole law must be in that text (or inside a provision the text prints without labels,
      like the AEB's 21B1), and a row that keeps the key (same, reworded) cannot join two
      provisions whose texts are divided into different parts.
    """
    from . import keys as K
    from .check import Finding

    try:
        t = read_table()
        read_publications()
    except TableError as e:
        return [Finding("error", "editions", f"{e.file}:{e.line}" if e.line else e.file,
                        e.message + (f" ({e.fix})" if e.fix else ""))]
    out = []
    where = lambda r: f"{t.file}:{r.line}"  # noqa: E731
    need = [(e, k, "held") for e, k in corpus.qualified_keys()] + \
           [(e, k, "cited") for e, k in corpus.absent_cited_qualified()]
    for e, k, why in need:
        if not isinstance(k, K.LawKey) or t.of(e, k):
            continue
        if why == "held":
            detail = "held by the " + ", ".join(corpus.langs_of(k, e)) + " text"
        else:
            detail = "cited by " + ", ".join(sorted({f"{p.key.display} ({p.lang})" for p, _ in corpus.cited_by(k, edition=e)}))
        out.append(Finding("error", "editions", t.file,
                           f"{e}:{k} ({detail}) has no row in the correspondence table "
                           f"(add a row with its {other(e)} counterpart, or new/deleted)"))
    complete = {}  # (edition, law) -> the texts holding the whole law
    for p in corpus.provisions():
        if isinstance(p.key, K.LawKey) and p.key.parent is None and not p.excerpt:
            complete.setdefault((p.laws_edition, p.key.law), []).append(p.lang)
    for r in t.rows:
        for e in EDITIONS:
            ks = r.key(e)
            if ks is None:
                continue
            k = K.from_canonical(ks)
            for lang in complete.get((e, k.law), []):
                if corpus.has(k, lang, e):
                    continue
                anc = k.parent
                while anc is not None and not corpus.has(anc, lang, e):
                    anc = anc.parent
                holder = corpus.get(anc, lang, e) if anc is not None else None
                if holder is None or holder.children:
                    out.append(Finding("error", "editions", where(r),
                                       f"the row names {e}:{ks}, but the {lang} text of the {e} Laws holds the whole of "
                                       f"Law {k.law} and has no {k.display} (correct the key)"))
        if r.status in ("same", "reworded"):
            k = K.from_canonical(r.k2007)
            a, b = corpus.get(k, edition="2007"), corpus.get(k, edition="2017")
            if a is not None and b is not None and a.children and b.children:
                la = [c.display for c in a.children]
                lb = [c.display for c in b.children]
                if [str(c)[len(str(k)):] for c in a.children] != [str(c)[len(str(k)):] for c in b.children]:
                    out.append(Finding("error", "editions", where(r),
                                       f"the row says {r.status}, but 2007 {k.display} ({a.lang}) has the parts "
                                       f"{', '.join(la)} and 2017 {k.display} ({b.lang}) {', '.join(lb)} "
                                       "(renumbered or changed?)"))
    return out
