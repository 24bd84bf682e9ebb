"""Editions of the Laws of Duplicate Bridge: a provision is identified by (WBF edition, key).

The WBF publishes the Laws in editions, and the numbering moves between them (information from
withdrawn calls is 16D in one edition and 16C in the next). A key therefore means nothing without
its edition. The editions, the federations and the publications are data, read by
:mod:`laws.registry` (whose functions are offered here too); this module adds the bridges between
editions and what rulings, search and the exports ask of them:

- the **correspondence tables**, one per pair of consecutive editions
  (``laws/data/editions/<older>-<newer>.yaml``, reviewed data with its evidence):
  :func:`read_table`, :func:`tables`, :func:`table`, and :func:`check_table`, the check
  ``rulebook check`` runs against the corpus;
- :func:`corresponding` (what ``edition:key`` is in another edition, following the chain of
  tables when the two are not consecutive) and :func:`changed_on_trail` (the provisions of a
  ruling's trail another edition changed);
- :func:`lineage`, the stable id of "the same provision" across editions, and
  :func:`known_keys`, every key an edition is known to have (its texts and its table rows).

Nothing here names an edition: ``editions()`` lists them, oldest first.

>>> [(c.key, c.laws_edition, c.status) for c in corresponding("2007", "16D")]
[('16C', '2017', 'renumbered')]
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from . import keys as K
from .corpus import load
from .datafile import DataError, Finding, data_path, read_yaml
from .registry import (  # noqa: F401  (the registry's API, offered here with the bridges)
    EditionError, TableError, check_edition, consecutive, default_publication, edition, edition_of_lang,
    edition_of_publication, editions, in_force, in_force_for_lang, newer, publications, publications_of_lang,
    qualified, read_publications, read_registry, registry, split_qualified,
)

STATUSES = ("same", "reworded", "renumbered", "changed", "new", "deleted")
#: the statuses by which the other edition's text differs from this one's in substance or in number
CHANGED_STATUSES = ("renumbered", "changed", "new", "deleted")
_RANK = {"same": 0, "reworded": 1, "renumbered": 2, "changed": 3}
ROW_FIELDS = {"status", "source", "verified", "note"}


def table_file(older: str, newer_: str) -> Path:
    """The file of the table between two consecutive editions."""
    return data_path("editions", f"{older}-{newer_}.yaml")


# -- the correspondence tables ---------------------------------------------------------------------
@dataclass(frozen=True)
class Row:
    """One row of a table: ``keys`` maps each of its two editions to a canonical key or None."""

    keys: tuple             # ((older edition, key or None), (newer edition, key or None))
    status: str
    source: tuple
    verified: bool = True
    note: str = ""
    line: int = 0

    def key(self, ed: str) -> str | None:
        return dict(self.keys).get(str(ed))

    @property
    def older(self) -> str | None:
        return self.keys[0][1]

    @property
    def newer(self) -> str | None:
        return self.keys[1][1]


@dataclass(frozen=True)
class Correspondence:
    """What a provision of one edition corresponds to in another: ``key`` (None when that edition has
    no counterpart), ``laws_edition`` (that edition), ``status`` (from the point of view of the
    older edition's change into the newer), ``source``, ``verified`` and ``note``."""

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
    older: str
    newer: str
    rows: tuple
    sources: dict
    file: str = ""
    _idx: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def editions(self) -> tuple:
        return (self.older, self.newer)

    def of(self, ed: str, key) -> list:
        """The rows naming ``key`` on the side of ``ed``."""
        if not self._idx:
            for r in self.rows:
                for e, k in r.keys:
                    if k:
                        self._idx.setdefault((e, k), []).append(r)
        return list(self._idx.get((str(ed), str(key)), []))


def read_table(path: Path | str | None = None) -> Table:
    """Load and validate a correspondence table (``file:line: what (fix)`` on any problem); without a
    path, the table between the first two editions."""
    if path is None:
        path = table_file(*consecutive()[0])
    path = Path(path)
    try:
        doc = read_yaml(path)
    except DataError as e:
        raise TableError(e.file, e.line, e.message, e.fix) from None
    if not isinstance(doc, dict) or "rows" not in doc:
        raise TableError(path, 1, "the table must have 'editions', 'sources' and 'rows'", "see the comment at the top")
    eds = [str(x) for x in (doc.get("editions") or [])]
    pairs = consecutive()
    if tuple(eds) not in pairs:
        raise TableError(path, doc["__line__"], f"'editions' must be two consecutive editions of the registry, not {eds}",
                         "one of " + ", ".join(f'["{a}", "{b}"]' for a, b in pairs))
    old, new = eds
    sources = {k: v for k, v in (doc.get("sources") or {}).items() if k != "__line__"}
    rows, seen = [], {}
    if not isinstance(doc["rows"], list):
        raise TableError(path, doc["__line__"], "'rows' must be a list", "write each row as '- {...}'")
    for d in doc["rows"]:
        if not isinstance(d, dict):
            raise TableError(path, doc["__line__"], "a row must be a mapping",
                             f'write - {{"{old}": "16D", "{new}": "16C", status: renumbered, source: ...}}')
        line = d["__line__"]
        unknown = set(map(str, d)) - ROW_FIELDS - {old, new, "__line__"}
        if unknown:
            raise TableError(path, line, f"unknown field(s) {sorted(unknown)}",
                             f'allowed: "{old}", "{new}", status, source, verified, note')
        ks = {}
        for ed in eds:
            v = d.get(ed, d.get(int(ed), "?")) if ed.isdigit() else d.get(ed, "?")
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
        a, b = ks[old], ks[new]
        fits = {
            "same": a is not None and a == b, "reworded": a is not None and a == b,
            "renumbered": a is not None and b is not None and a != b,
            "changed": a is not None and b is not None,
            "new": a is None and b is not None, "deleted": a is not None and b is None,
        }[status]
        if not fits:
            fix = {"same": "same/reworded keep the key: use renumbered or changed for another key",
                   "reworded": "same/reworded keep the key: use renumbered or changed for another key",
                   "renumbered": "renumbered needs two different keys (same key: same or reworded)",
                   "changed": "changed needs a key on both sides (no counterpart: new or deleted)",
                   "new": f'new has "{old}": null and a {new} key', "deleted": f'deleted has a {old} key and "{new}": null'}[status]
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
        rows.append(Row(((old, a), (new, b)), status, src, verified, note, line))
    for ed, oth in ((old, new), (new, old)):  # a key cannot be both deleted/new and have a counterpart
        lone = {r.key(ed): r for r in rows if r.key(ed) and r.key(oth) is None}
        for r in rows:
            k = r.key(ed)
            if k in lone and r.key(oth) is not None:
                raise TableError(path, lone[k].line, f"{ed}:{k} is {lone[k].status} here but has a counterpart "
                                 f"at line {r.line}", "a key with a counterpart is not new or deleted")
    return Table(old, new, tuple(rows), sources, str(path))


@lru_cache(maxsize=16)
def _table(where: Path) -> Table:
    return read_table(where)


def tables() -> dict:
    """``{(older, newer): Table}`` for every pair of consecutive editions, loaded once."""
    return {(a, b): _table(table_file(a, b)) for a, b in consecutive()}


def table(older: str | None = None, newer_: str | None = None) -> Table:
    """The table between two consecutive editions (by default the first pair)."""
    pair = (older, newer_) if older else consecutive()[0]
    try:
        return tables()[pair]
    except KeyError:
        raise EditionError(f"{older} and {newer_} are not consecutive editions: a table joins "
                           + ", ".join(f"{a}-{b}" for a, b in consecutive())) from None


def _step_tables(tbl) -> dict:
    if tbl is None:
        return tables()
    if isinstance(tbl, Table):
        return {tbl.editions: tbl}
    return dict(tbl)


def _step(t: Table, frm: str, key: str) -> list:
    """One table crossed: ``[(key or None, row)]`` on the other side."""
    to = t.newer if frm == t.older else t.older
    return [(r.key(to), r) for r in t.of(frm, key)]


def corresponding(ed, key, to: str | None = None, tbl=None) -> list:
    """The provisions of edition ``to`` that ``ed:key`` corresponds to, following the chain of
    tables between them; with ``to`` None, those of each neighbouring edition.

    A key a table does not hold breaks the chain (``[]``): a part of a listed provision that is not
    listed itself is not guessed. A row with no counterpart ends the walk with its status
    (``new``/``deleted``); otherwise the status is the strongest met on the way (same < reworded <
    renumbered < changed), ``changed`` when a key comes back to itself through a renumbering.

    >>> [(c.key, c.status) for c in corresponding("2017", "17D")]
    [('17E', 'changed'), ('22B', 'renumbered')]
    >>> [(c.key, c.status) for c in corresponding("2017", "75D")]
    [(None, 'new')]
    """
    e = check_edition(ed)
    ids = editions()
    if to is None:
        i = ids.index(e)
        out = []
        for j in (i - 1, i + 1):
            if 0 <= j < len(ids):
                out += corresponding(e, key, ids[j], tbl)
        return out
    t_ed = check_edition(to)
    if t_ed == e:
        return []
    steps = _step_tables(tbl)
    i, j = ids.index(e), ids.index(t_ed)
    path = ids[i:j + 1] if i < j else ids[j:i + 1][::-1]
    # each walker: (key or None, status, sources, verified, notes)
    walkers = [(str(key), None, (), True, ())]
    for frm, nxt in zip(path, path[1:]):
        t = steps.get((frm, nxt)) or steps.get((nxt, frm))
        if t is None:
            return []
        moved = []
        for k, status, src, ver, notes in walkers:
            if k is None:
                moved.append((k, status, src, ver, notes))
                continue
            for k2, r in _step(t, frm, k):
                if k2 is None:
                    st_ = r.status
                elif status in ("new", "deleted") or status is None:
                    st_ = r.status
                else:
                    st_ = max(status, r.status, key=lambda s: _RANK.get(s, 0))
                moved.append((k2, st_, src + tuple(s for s in r.source if s not in src), ver and r.verified,
                              notes + ((r.note,) if r.note else ())))
        walkers = moved
    out, seen = [], set()
    for k, status, src, ver, notes in walkers:
        if k == str(key) and status == "renumbered":
            status = "changed"
        if (k, status) in seen:
            continue
        seen.add((k, status))
        out.append(Correspondence(k, t_ed, status, src, ver, "; ".join(notes)))
    return out


def changed_on_trail(keys, ed, to: str | None = None, tbl=None) -> list:
    """For the provisions of a ruling's trail, read in ``ed``: those edition ``to`` (each other
    edition if None) renumbered, changed, added or deleted, with that edition's key and the status.

    Returns dicts ``{key, laws_edition, other_key, other_edition, status, verified, note}``, one per
    (trail key, correspondence), in the order of the trail; keys the tables do not hold and keys
    that stay the same (or are only reworded) are left out.

    >>> [(d["key"], d["other_key"], d["status"]) for d in changed_on_trail(["27B1a", "16D", "27A1"], "2007")]
    [('27B1a', '27B1a', 'changed'), ('16D', '16C', 'renumbered')]
    >>> changed_on_trail(["16B3"], "2017")
    []
    """
    e = check_edition(ed)
    targets = [check_edition(to)] if to is not None else [x for x in editions() if x != e]
    out, seen = [], set()
    for k in keys:
        ks = str(k)
        if ks in seen:
            continue
        seen.add(ks)
        for t_ed in targets:
            for c in corresponding(e, ks, t_ed, tbl):
                if c.status in CHANGED_STATUSES:
                    out.append({"key": ks, "laws_edition": e, "other_key": c.key, "other_edition": c.laws_edition,
                                "status": c.status, "verified": c.verified, "note": c.note or None})
    return out


def others(ed) -> list[str]:
    """The editions other than ``ed``, the one in force first, then the nearest to ``ed``.

    >>> others("2007")
    ['2017']
    """
    e = check_edition(ed)
    ids = editions()
    now = in_force()
    rest = [x for x in ids if x != e]
    return sorted(rest, key=lambda x: (x != now, abs(ids.index(x) - ids.index(e)), -ids.index(x)))


# -- lineage: "the same provision" in every edition ------------------------------------------------
def lineage(ed, key) -> str:
    """The stable id of the provision ``ed:key`` across editions: the edition-qualified key of its
    oldest ancestor along the chain of tables, following one-to-one rows (same, reworded,
    renumbered or changed: the provision evolved, it is still the one readers know); a provision
    new in its edition, or one that splits or merges, starts a lineage of its own. So
    ``2017:16C`` and ``2007:16D`` share ``2007:16D``, and a 2027 provision that keeps 2017 16C
    will share it too.

    >>> lineage("2017", "16C"), lineage("2007", "16D"), lineage("2017", "75D")
    ('2007:16D', '2007:16D', '2017:75D')
    """
    return _lineage(check_edition(ed), str(key), tuple(id(t) for t in tables().values()))


@lru_cache(maxsize=16384)
def _lineage(ed: str, key: str, _tables: tuple) -> str:
    e, k = ed, key
    ids = editions()
    while ids.index(e) > 0:
        prev = ids[ids.index(e) - 1]
        back = [c for c in corresponding(e, k, prev) if c.key]
        if len(back) != 1:
            break
        if len([c for c in corresponding(prev, back[0].key, e) if c.key]) != 1:
            break  # split: the older provision has several successors
        e, k = prev, back[0].key
    return f"{e}:{k}"


def same_provision(ed, key) -> dict:
    """``{edition: key}`` for every edition holding the lineage of ``ed:key`` (see :func:`lineage`).

    >>> same_provision("2007", "16D")
    {'2007': '16D', '2017': '16C'}
    """
    lin = lineage(ed, key)
    e0, k0 = lin.split(":", 1)
    out = {e0: k0}
    ids = editions()
    e, k = e0, k0
    while ids.index(e) + 1 < len(ids):
        nxt = ids[ids.index(e) + 1]
        fwd = [c for c in corresponding(e, k, nxt) if c.key]
        if len(fwd) != 1 or lineage(nxt, fwd[0].key) != lin:
            break
        e, k = nxt, fwd[0].key
        out[e] = k
    return out


def known_keys(ed, corpus=None) -> frozenset:
    """Every key edition ``ed`` is known to have: the keys its texts hold (in ``corpus``, by default
    the loaded corpus) and the keys its side of the correspondence tables names, so that a tree may
    cite a key of that edition no text of the corpus holds. Keys are :mod:`laws.keys` objects."""
    e = check_edition(ed)
    c = corpus if corpus is not None else load()
    out = set(c.keys(e))
    for t in tables().values():
        if e in t.editions:
            out |= {K.from_canonical(r.key(e)) for r in t.rows if r.key(e)}
    return frozenset(out)


# -- the check of `rulebook check` -----------------------------------------------------------------
def check_table(corpus) -> list:
    """Findings on the registry and the tables against the corpus:

    - the registry, ``publications.yaml`` and every table load (``file:line`` on any problem);
    - coverage: every key some text holds, and every key a text cites, has a row on the side of its
      edition in each table touching that edition (regulations, no part of any edition, excepted);
    - no row contradicts the texts: a key a table names in an edition whose text holds the whole law
      must be in that text (or inside a provision the text prints without labels), and a row that
      keeps the key (same, reworded) cannot join two provisions whose texts have different parts.
    """
    try:
        read_registry()
        read_publications()
        tabs = [read_table(table_file(a, b)) for a, b in consecutive()]
    except TableError as e:
        return [Finding.of("editions", e)]
    out = []
    for t in tabs:
        where = lambda r, t=t: f"{t.file}:{r.line}"  # noqa: E731
        need = [(e, k, "held") for e, k in corpus.qualified_keys() if e in t.editions] + \
               [(e, k, "cited") for e, k in corpus.absent_cited_qualified() if e in t.editions]
        for e, k, why in need:
            if not isinstance(k, K.LawKey) or t.of(e, k):
                continue
            oth = t.newer if e == t.older else t.older
            if why == "held":
                detail = "held by the " + ", ".join(corpus.langs_of(k, e)) + " text"
            else:
                detail = "cited by " + ", ".join(sorted({f"{p.key.display} ({p.lang})" for p, _ in corpus.cited_by(k, edition=e)}))
            out.append(Finding("error", "editions", t.file,
                               f"{e}:{k} ({detail}) has no row in the correspondence table "
                               f"(add a row with its {oth} counterpart, or new/deleted)"))
        complete = {}  # (edition, law) -> the languages whose text holds the whole law
        for p in corpus.provisions():
            if isinstance(p.key, K.LawKey) and p.key.parent is None and not p.excerpt:
                complete.setdefault((p.laws_edition, p.key.law), []).append(p.lang)
        for r in t.rows:
            for e, ks in r.keys:
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
                k = K.from_canonical(r.older)
                a, b = corpus.get(k, edition=t.older), corpus.get(k, edition=t.newer)
                if a is not None and b is not None and a.children and b.children:
                    if [str(c)[len(str(k)):] for c in a.children] != [str(c)[len(str(k)):] for c in b.children]:
                        out.append(Finding("error", "editions", where(r),
                                           f"the row says {r.status}, but {t.older} {k.display} ({a.lang}) has the parts "
                                           f"{', '.join(c.display for c in a.children)} and {t.newer} {k.display} ({b.lang}) "
                                           f"{', '.join(c.display for c in b.children)} (renumbered or changed?)"))
    return out


def reset() -> None:
    """Forget the loaded tables (after the data changed, or another data folder was chosen)."""
    _table.cache_clear()
