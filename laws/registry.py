"""The registry: the editions of the WBF Laws, the federations, and the publications of the corpus.

Three facts are data, each written once:

- the **editions** of the Laws, oldest first, with the WBF's status of each (superseded, in
  force, draft): ``laws/data/editions/editions.yaml``;
- the **federations** (authorities) and the edition each applies today, with the evidence: the
  same file;
- the **publications** (language, authority, the publication's own year, the edition of the Laws
  it follows, its source document): ``publications.yaml`` of the data folder in use
  (:func:`laws.datafile.data_dir`).

A language may have several publications (the AEB's texts of two editions, say); the one a reader
of that language gets when no edition is named is :func:`default_publication`.

An *edition-qualified key* is written ``EDITION:KEY`` (``2007:16D``); an unqualified key is read in
the edition of its context. This module knows no edition by name: every id comes from the data.

>>> editions()[:2]
['2007', '2017']
>>> in_force(), in_force("NBB"), in_force_for_lang("nl"), in_force_for_lang("en")
('2017', '2017', '2017', '2017')
>>> edition_of_publication("it-figb-2017")
'2007'
>>> split_qualified("2007:16D"), split_qualified("16D")
(('2007', '16D'), (None, '16D'))
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .datafile import DataError, data_dir, data_path, read_yaml

STATUSES = ("superseded", "in force", "draft")
IN_FORCE = "in force"
PUB_FIELDS = {"lang", "authority", "year", "laws_edition", "source_title", "source", "evidence"}
#: optional: ``pages`` names the reader of the site's pages (``aeb``, ``nbb``, ``figb``; default: the authority)
PUB_OPTIONAL = {"pages"}
EDITION_FIELDS = {"id", "title", "year", "status"}
AUTHORITY_FIELDS = {"name", "applies", "evidence", "verified", "note"}
_ID = re.compile(r"^[0-9A-Za-z]{2,12}$")


class EditionError(ValueError):
    """A name that is not an edition (or a publication) of the registry."""


class TableError(DataError):
    """A problem in the registry, ``publications.yaml`` or a correspondence table: ``file:line: what (fix)``."""


@dataclass(frozen=True)
class Edition:
    id: str
    title: str
    year: int
    status: str
    line: int = 0


@dataclass(frozen=True)
class Authority:
    id: str
    name: str
    applies: str
    evidence: str
    verified: bool = True
    note: str = ""
    line: int = 0


@dataclass(frozen=True)
class Registry:
    editions: tuple          # Edition, oldest first
    authorities: dict        # id -> Authority
    file: str = ""

    @property
    def ids(self) -> list[str]:
        return [e.id for e in self.editions]


def registry_file() -> Path:
    return data_path("editions", "editions.yaml")


def publications_file() -> Path:
    return data_dir() / "publications.yaml"


def _fields(path, d: dict, allowed: set, required: set, what: str) -> None:
    unknown = set(d) - allowed - {"__line__"}
    if unknown:
        raise TableError(path, d["__line__"], f"{what}: unknown field(s) {sorted(unknown)}", f"allowed: {sorted(allowed)}")
    missing = required - set(d)
    if missing:
        raise TableError(path, d["__line__"], f"{what}: missing field(s) {sorted(missing)}", "every entry states all of them")


def read_registry(path: Path | None = None) -> Registry:
    """The editions and the federations, validated (``file:line: what (fix)`` on any problem)."""
    path = Path(path) if path is not None else registry_file()
    try:
        doc = read_yaml(path)
    except DataError as e:
        raise TableError(e.file, e.line, e.message, e.fix) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("editions"), list) or not doc["editions"]:
        raise TableError(path, 1, "the registry must list 'editions' (oldest first) and 'authorities'",
                         "see the comment at the top of laws/data/editions/editions.yaml")
    eds, years = [], []
    for d in doc["editions"]:
        if not isinstance(d, dict):
            raise TableError(path, doc["__line__"], "an edition must be a mapping", "write - id: ..., title: ..., year: ..., status: ...")
        _fields(path, d, EDITION_FIELDS, EDITION_FIELDS, "an edition")
        eid = str(d["id"])
        if not _ID.match(eid):
            raise TableError(path, d["__line__"], f"{eid!r} is not an edition id", "2 to 12 letters or digits, quoted")
        if eid in [e.id for e in eds]:
            raise TableError(path, d["__line__"], f"the edition {eid} is listed twice", "keep one of them")
        if d["status"] not in STATUSES:
            raise TableError(path, d["__line__"], f"unknown status {d['status']!r}", f"use one of {', '.join(STATUSES)}")
        if not isinstance(d["year"], int) or (years and d["year"] < years[-1]):
            raise TableError(path, d["__line__"], f"{eid}: 'year' must be a year, the editions oldest first",
                             "list the editions in the order the WBF published them")
        years.append(d["year"])
        eds.append(Edition(eid, str(d["title"]), d["year"], d["status"], d["__line__"]))
    current = [e for e in eds if e.status == IN_FORCE]
    if len(current) != 1:
        raise TableError(path, doc["__line__"], f"exactly one edition must be '{IN_FORCE}' (found {len(current)})",
                         "the WBF's current edition is in force; older ones are superseded, newer ones draft")
    ids = [e.id for e in eds]
    auths = {}
    for aid, d in (doc.get("authorities") or {}).items():
        if aid == "__line__":
            continue
        if not isinstance(d, dict):
            raise TableError(path, doc["__line__"], f"{aid}: its facts must be a mapping", "write name:, applies:, evidence:")
        _fields(path, d, AUTHORITY_FIELDS, {"name", "applies", "evidence"}, str(aid))
        if str(d["applies"]) not in ids:
            raise TableError(path, d["__line__"], f"{aid} applies {d['applies']!r}, which is not an edition",
                             f"use one of {', '.join(ids)}")
        verified = d.get("verified", True)
        if not isinstance(verified, bool) or (not verified and not d.get("note")):
            raise TableError(path, d["__line__"], f"{aid}: 'verified' must be true or false, and false needs a note",
                             "write verified: false and note: what the evidence lacks")
        auths[str(aid)] = Authority(str(aid), str(d["name"]), str(d["applies"]), " ".join(str(d["evidence"]).split()),
                                    verified, str(d.get("note") or ""), d["__line__"])
    return Registry(tuple(eds), auths, str(path))


@lru_cache(maxsize=4)
def _registry(where: Path) -> Registry:
    return read_registry(where)


def registry() -> Registry:
    """The registry of the data in use, loaded once."""
    return _registry(registry_file())


def editions() -> list[str]:
    """The ids of the editions of the Laws, oldest first."""
    return registry().ids


def edition(eid) -> Edition:
    """The :class:`Edition` of an id (:class:`EditionError` if there is none)."""
    e = check_edition(eid)
    return next(x for x in registry().editions if x.id == e)


def check_edition(x) -> str:
    """``x`` as the id of an edition of the registry (``2007`` or ``"2007"``), or :class:`EditionError`."""
    e = str(x).strip()
    ids = editions()
    if e not in ids:
        raise EditionError(f"{x!r} is not an edition of the Laws: use {' or '.join(ids)}")
    return e


def consecutive() -> list[tuple[str, str]]:
    """The pairs of consecutive editions: one correspondence table each."""
    ids = editions()
    return list(zip(ids, ids[1:]))


def newer(a: str, b: str) -> bool:
    """Whether edition ``a`` is newer than ``b``."""
    ids = editions()
    return ids.index(check_edition(a)) > ids.index(check_edition(b))


def in_force(authority: str | None = None) -> str:
    """The edition a federation applies today; with None (or the WBF, or a federation the registry
    does not list), the WBF's edition in force."""
    reg = registry()
    a = reg.authorities.get(str(authority)) if authority else None
    if a is not None:
        return a.applies
    return next(e.id for e in reg.editions if e.status == IN_FORCE)


# -- keys qualified by their edition ---------------------------------------------------------------
_QUALIFIED = re.compile(r"^\s*(?P<ed>[0-9A-Za-z]{2,12})\s*[:/]\s*(?P<key>.+?)\s*$")


def split_qualified(text: str) -> tuple[str | None, str]:
    """``(edition, key text)`` of a key that may carry its edition (``2007:16D``)."""
    m = _QUALIFIED.match(text)
    if m and m.group("ed") in editions():
        return m.group("ed"), m.group("key")
    return None, text.strip()


def qualified(ed: str, key) -> str:
    """The edition-qualified form of a key: ``2007:16D``."""
    return f"{check_edition(ed)}:{key}"


# -- publications ----------------------------------------------------------------------------------
def read_publications(path: Path | None = None) -> dict:
    """``{publication id: {lang, authority, year, laws_edition, source_title, source, evidence, line}}``
    from ``publications.yaml``, validated (``file:line`` errors).

    >>> read_publications()["it-figb-2017"]["laws_edition"]
    '2007'
    """
    path = Path(path) if path is not None else publications_file()
    try:
        doc = read_yaml(path)
    except DataError as e:
        raise TableError(e.file, e.line, e.message, e.fix) from None
    if not isinstance(doc, dict):
        raise TableError(path, 1, "publications.yaml must map each publication id to its facts",
                         "start with '<lang>-<authority>-<year>:'")
    ids = editions()
    out = {}
    for pid, facts in doc.items():
        if pid == "__line__":
            continue
        line = facts.get("__line__") if isinstance(facts, dict) else doc["__line__"]
        if not isinstance(facts, dict):
            raise TableError(path, line, f"{pid}: its facts must be a mapping", "write lang:, authority:, ... under it")
        _fields(path, facts, PUB_FIELDS | PUB_OPTIONAL, PUB_FIELDS, str(pid))
        if not isinstance(facts["year"], int):
            raise TableError(path, line, f"{pid}: 'year' must be a year", "the year the publication itself carries")
        src = facts["source"]
        sources = [src] if isinstance(src, str) else src
        if not isinstance(sources, list) or not sources or not all(isinstance(x, str) and x for x in sources):
            raise TableError(path, line, f"{pid}: 'source' must be a file name of sources/ (or a list of them)",
                             'write source: "000_....txt" or source: ["a.txt", "b.html"]')
        ed = str(facts["laws_edition"])
        if ed not in ids:
            raise TableError(path, line, f"{pid}: {ed!r} is not an edition of the Laws",
                             "write laws_edition: one of " + ", ".join(f'"{i}"' for i in ids))
        expected = f"{facts['lang']}-{str(facts['authority']).lower()}-{facts['year']}"
        if pid != expected:
            raise TableError(path, line, f"the id of this publication must be {expected!r}, not {pid!r}",
                             "the id is <lang>-<authority>-<year>")
        out[pid] = {k: v for k, v in facts.items() if k != "__line__"} | {
            "laws_edition": ed, "line": line, "source": sources[0], "sources": sources}
    return out


@lru_cache(maxsize=4)
def _publications(where: Path) -> dict:
    return read_publications(where)


def publications() -> dict:
    """The publications of the data in use (see :func:`read_publications`), loaded once."""
    return _publications(publications_file())


def edition_of_publication(pub_id: str) -> str:
    """The WBF edition of the Laws a publication follows (not the publication's own year).

    >>> edition_of_publication("es-aeb-2007"), edition_of_publication("nl-nbb-2017")
    ('2007', '2017')
    """
    pubs = publications()
    try:
        return pubs[pub_id]["laws_edition"]
    except KeyError:
        raise EditionError(f"{pub_id!r} is not a publication of the corpus: use one of {', '.join(pubs)}") from None


def publications_of_lang(lang: str) -> list[str]:
    """The ids of the publications in ``lang``, the default one first (see :func:`default_publication`)."""
    pubs = publications()
    mine = [p for p in pubs if pubs[p]["lang"] == lang]
    first = default_publication(lang)
    return ([first] if first else []) + [p for p in mine if p != first]


def default_publication(lang: str) -> str | None:
    """The publication a reader of ``lang`` gets when no edition is named: the one following the
    edition its federation applies today, else the one of the newest edition (None: no text)."""
    pubs = publications()
    mine = [p for p in pubs if pubs[p]["lang"] == lang]
    if not mine:
        return None
    ids = editions()
    applied = [p for p in mine if pubs[p]["laws_edition"] == in_force(pubs[p]["authority"])]
    pool = applied or mine
    return max(pool, key=lambda p: (ids.index(pubs[p]["laws_edition"]), pubs[p]["year"]))


def edition_of_lang(lang: str) -> str | None:
    """The edition of the default text in ``lang`` (None: no text in that language).

    >>> edition_of_lang("nl"), edition_of_lang("it"), edition_of_lang("en")
    ('2017', '2007', None)
    """
    pid = default_publication(lang)
    return publications()[pid]["laws_edition"] if pid else None


def in_force_for_lang(lang: str) -> str:
    """The edition in force for the federation of ``lang``'s publications (for a language without a
    publication, ``en`` among them, the WBF's)."""
    pid = default_publication(lang)
    return in_force(publications()[pid]["authority"] if pid else None)


def reset() -> None:
    """Forget what was loaded (after the data changed, or another data folder was chosen)."""
    _registry.cache_clear()
    _publications.cache_clear()
