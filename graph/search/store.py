"""Where the search index lives between processes, and how a process opens it.

The index is built once (:func:`graph.search.index.build`: about ten seconds, most of it reading the
labelled queries of the memory) and kept in one SQLite file, ``search-<fingerprint>.sqlite``, whose
name and ``meta`` row carry the fingerprint of everything it was built from: the corpus, the
glossary and its translations, the situations, the labelled queries, the model and this package's
code (:func:`fingerprint`). Opening it reads one small row (the words, the idf, the graph: a few
milliseconds); the rest (postings, documents, the typo tables, the memory's postings) is read row by
row as queries need it (:class:`Table`), so that a command-line search costs little more than
starting Python. :func:`warm` reads everything into memory, for a long-lived process (the app).

Where it is looked for, in order: the user's cache (``$RULEBOOK_CACHE``, else
``~/.cache/bridge-rulebook``), the package's ``_index/`` directory (written by ``python3 run.py
setup``, through ``python -m graph.search build``), and a per-user directory of the system's temporary
files. A missing, stale or broken file costs one build, written to the first of the cache and the
temporary directory that can be written (atomically: a temporary file renamed), so that the next
process opens it; never a build per call.
"""
from __future__ import annotations

import hashlib
import importlib.util
import marshal
import os
import sqlite3
import sys
from collections.abc import Mapping
from pathlib import Path

from laws import corpus as _corpus
from laws.datafile import data_path

from .. import glossary as G
from . import data as D
from . import memory as MEM
from . import rerank as RR
from . import text as TEXT
from .index import Doc, Entry, Index

VERSION = "search-store-3"   # change it whenever the stored layout changes
HERE = Path(__file__).resolve().parent
BUILT = HERE / "_index"      # written at set-up (python -m graph.search build)
# the parts of the index read row by row (the others are read at once): name -> how a row is kept
_LAZY = ("docs", "postings")
_LAZY_BY_LANG = ("deletes", "stem_deletes", "word_stems")
_PARTS = ("sit_vocab",)        # read whole, when first needed


def inputs() -> list[Path]:
    """The files the index is built from (beyond the corpus's, which its own fingerprint covers): the
    glossary and its translations, the seats' names, this package's code and data, the stemmers."""
    po = sorted((D.ROOT / "i18n" / "locale").glob("*/LC_MESSAGES/graph.po"))
    return [G.glossary_file(), HERE.parent / "glossary.py", D.ROOT / "laws" / "notation.py",
            *sorted(data_path("editions").glob("*.yaml")),
            *sorted(HERE.glob("*.py")), *D.situation_paths(), *D.labelled_paths(), D.MODEL, *po, *_stemmers()]


def _stemmers() -> list[Path]:
    """The Snowball stemmers' files (found, not imported): the index keeps their stems."""
    spec = importlib.util.find_spec("snowballstemmer")
    where = Path(spec.origin).parent if spec is not None and spec.origin else None
    if where is None:
        return []
    return [where / "__init__.py", where / "basestemmer.py", where / "among.py",
            *(where / f"{name}_stemmer.py" for name in TEXT.STEMMERS.values())]


def corpus_inputs() -> list[Path]:
    """What the corpus is read from (:mod:`laws.corpus`): its law files, the registry and the publications'
    facts, and its code."""
    return [*_corpus._files(), *_corpus._meta_files(), *sorted(Path(_corpus.__file__).parent.glob("*.py"))]


def fingerprint() -> str:
    """What the index was built from: the corpus's files and every file of :func:`inputs` (path, size and
    time of change: nothing is parsed, so that a search opens its index without reading YAML), the
    corpus's and the store's layouts and the Python that reads them."""
    h = hashlib.sha256(f"{VERSION}:{_corpus.CACHE_VERSION}:{sys.version_info[:2]}:{marshal.version}\n".encode())
    for f, name in [*((f, str(f)) for f in corpus_inputs()), *((f, f.name) for f in inputs())]:
        if f.exists():
            st = f.stat()
            h.update(f"{name}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def _fallback_dir() -> Path:
    # tempfile is read only here, when neither the cache nor the set-up's directory holds the index
    import tempfile

    uid = os.getuid() if hasattr(os, "getuid") else "user"
    return Path(tempfile.gettempdir()) / f"bridge-rulebook-{uid}"


def dirs():
    """Where an index is looked for, in order (see the module's docstring)."""
    yield _corpus._cache_dir()
    yield BUILT
    yield _fallback_dir()


def file_name(fp: str) -> str:
    return f"search-{fp[:16]}.sqlite"


# -- reading ------------------------------------------------------------------------------------------
_MISSING = object()


class Table(Mapping):
    """One part of the index in the store, read a row at a time and remembered (``decode`` turns a
    stored row into what the search reads)."""

    def __init__(self, conn: sqlite3.Connection, name: str, decode=None):
        self._conn, self._name, self._decode = conn, name, decode
        self._memo: dict = {}

    def __getitem__(self, key):
        v = self._memo.get(key, _MISSING)
        if v is _MISSING:
            row = self._conn.execute("SELECT v FROM rows WHERE t = ? AND k = ?", (self._name, key)).fetchone()
            v = _MISSING if row is None else marshal.loads(row[0])
            if v is not _MISSING and self._decode is not None:
                v = self._decode(v)
            self._memo[key] = v
        if v is _MISSING:
            raise KeyError(key)
        return v

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key) -> bool:
        return self.get(key, _MISSING) is not _MISSING

    def __iter__(self):
        return iter(self.load())

    def __len__(self) -> int:
        return self._conn.execute("SELECT count(*) FROM rows WHERE t = ?", (self._name,)).fetchone()[0]

    def load(self) -> dict:
        """Every row, as a dict."""
        out = {}
        for k, v in self._conn.execute("SELECT k, v FROM rows WHERE t = ?", (self._name,)):
            v = marshal.loads(v)
            out[k] = self._decode(v) if self._decode is not None else v
        return out


class Part(Mapping):
    """A part of the index kept whole in one row and read only when a query first needs it (the words of
    the situations, for guessing a query's language)."""

    def __init__(self, conn: sqlite3.Connection, name: str):
        self._conn, self._name, self._data = conn, name, None

    def _load(self) -> dict:
        if self._data is None:
            row = self._conn.execute("SELECT v FROM rows WHERE t = 'part' AND k = ?", (self._name,)).fetchone()
            self._data = marshal.loads(row[0]) if row is not None else {}
        return self._data

    def __getitem__(self, key):
        return self._load()[key]

    def __iter__(self):
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())


class Rows(Table):
    """A part of the index that is a sequence (the documents, by id): iterated in order, row by row."""

    def __iter__(self):
        return iter(self[i] for i in range(len(self)))


def _doc(row) -> Doc:
    return Doc(*row)


def _open(path: Path, fp: str) -> Index | None:
    """The index of ``path`` if it holds fingerprint ``fp``; None for a missing, stale or broken file."""
    if not path.is_file():
        return None
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        meta = dict(conn.execute("SELECT k, v FROM meta"))
        if meta.get("fingerprint") != fp or meta.get("version") != VERSION:
            conn.close()
            return None
        core = marshal.loads(conn.execute("SELECT v FROM core").fetchone()[0])
    except (sqlite3.Error, ValueError, EOFError, TypeError):
        return None
    core["docs"] = Rows(conn, "docs", _doc)
    core["sits"] = Rows(conn, "sits")
    core["doc_sets"] = Rows(conn, "doc_sets")
    for name in _PARTS:
        core[name] = Part(conn, name)
    core["postings"] = Table(conn, "postings")
    for name in _LAZY_BY_LANG:
        core[name] = {lg: Table(conn, f"{name}:{lg}") for lg in core.pop(name + ":langs")}
    core["entries"] = [Entry(*e) for e in core["entries"]]
    core["entry_by_stem"] = {tuple(k.split("\x00", 1)): v for k, v in core["entry_by_stem"].items()}
    core["concept_docs"] = {tuple(k.split("\x00", 1)): v for k, v in core["concept_docs"].items()}
    core["concept_df"] = {tuple(k.split("\x00", 1)): v for k, v in core["concept_df"].items()}
    core["nb"] = {lg: (Table(conn, f"nb:{lg}"), totals, n) for lg, (totals, n) in core["nb"].items()}
    model, mem = core.pop("model"), core.pop("memory")
    idx = Index(**core)
    idx.model = RR.Model(*model) if model else None
    if mem is not None:
        writers, targets, per_target = mem
        idx.memory = MEM.Memory(writers, targets, Table(conn, "memory"), lab_targets=per_target)
    idx.derived["conn"] = conn
    TEXT.seed(idx.word_stems)
    return idx


def materialize(idx: Index) -> Index:
    """Read every lazy part of ``idx`` into memory, and the memory of labelled queries into arrays
    (:func:`graph.search.memory.vectorise`): for a long-lived process, no more reads, faster queries."""
    for name in ("docs", "sits", "doc_sets"):
        if isinstance(getattr(idx, name), Table):
            setattr(idx, name, [v for _, v in sorted(getattr(idx, name).load().items())])
    for name in _PARTS:
        if isinstance(getattr(idx, name), Part):
            setattr(idx, name, dict(getattr(idx, name)))
    if isinstance(idx.postings, Table):
        idx.postings = idx.postings.load()
    for name in _LAZY_BY_LANG:
        setattr(idx, name, {lg: t.load() if isinstance(t, Table) else t for lg, t in getattr(idx, name).items()})
    idx.nb = {lg: (c.load() if isinstance(c, Table) else c, tot, n) for lg, (c, tot, n) in idx.nb.items()}
    if idx.memory is not None and isinstance(idx.memory.postings, Table):
        idx.memory.postings = idx.memory.postings.load()
    MEM.vectorise(idx.memory)
    TEXT.seed(idx.word_stems)
    return idx


# -- writing ------------------------------------------------------------------------------------------
def _pairs(d: dict) -> dict:
    return {"\x00".join(k): v for k, v in d.items()}


def save(idx: Index, path: Path) -> None:
    """Write ``idx`` to ``path`` (a temporary file renamed: readers never see half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)
    try:
        conn = sqlite3.connect(tmp)
        conn.executescript("CREATE TABLE meta(k TEXT PRIMARY KEY, v TEXT);"
                           "CREATE TABLE core(v BLOB);"
                           "CREATE TABLE rows(t TEXT, k, v BLOB, PRIMARY KEY (t, k)) WITHOUT ROWID;")
        rows = [("docs", i, marshal.dumps(d.row())) for i, d in enumerate(idx.docs)]
        rows += [("sits", i, marshal.dumps(x)) for i, x in enumerate(idx.sits)]
        rows += [("doc_sets", i, marshal.dumps(x)) for i, x in enumerate(idx.doc_sets)]
        rows += [("postings", t, marshal.dumps(ps)) for t, ps in idx.postings.items()]
        for name in _LAZY_BY_LANG:
            for lg, table in getattr(idx, name).items():
                rows += [(f"{name}:{lg}", k, marshal.dumps(v)) for k, v in table.items()]
        for lg, (counts, _, _) in idx.nb.items():
            rows += [(f"nb:{lg}", k, marshal.dumps(v)) for k, v in counts.items()]
        rows += [("part", name, marshal.dumps(getattr(idx, name))) for name in _PARTS]
        mem = idx.memory
        if mem is not None:
            rows += [("memory", t, marshal.dumps(ps)) for t, ps in mem.postings.items()]
        conn.executemany("INSERT INTO rows VALUES (?, ?, ?)", rows)
        skip = {"docs", "sits", "doc_sets", "postings", "model", "memory", "derived", "nb", "entries", "entry_by_stem", "concept_docs",
                "concept_df", *_LAZY_BY_LANG, *_PARTS}
        core = {k: v for k, v in vars(idx).items() if k not in skip}
        core.update({f"{n}:langs": list(getattr(idx, n)) for n in _LAZY_BY_LANG})
        core["entries"] = [(e.cid, e.lang, e.text, e.stems, e.abbrev, e.official) for e in idx.entries]
        core["entry_by_stem"] = _pairs(idx.entry_by_stem)
        core["concept_docs"] = _pairs(idx.concept_docs)
        core["concept_df"] = _pairs(idx.concept_df)
        core["nb"] = {lg: (totals, n) for lg, (_, totals, n) in idx.nb.items()}
        core["model"] = idx.model.row() if idx.model is not None else None
        core["memory"] = (mem.writers, [tuple(t) for t in mem.targets], mem.lab_targets) if mem else None
        conn.execute("INSERT INTO core VALUES (?)", (marshal.dumps(core),))
        conn.executemany("INSERT INTO meta VALUES (?, ?)", [("fingerprint", idx.fingerprint), ("version", VERSION)])
        conn.commit()
        conn.close()
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    for old in path.parent.glob("search-*.sqlite"):
        if old != path:
            old.unlink(missing_ok=True)


# -- the index of this process --------------------------------------------------------------------------
_INDEX: Index | None = None


def open_index(progress=None) -> Index:
    """The index of this process: opened from the first place holding the current one, else built once
    and written for the next process (see the module's docstring). ``progress(fraction, stage)`` is
    called while building (:func:`graph.search.index.build`)."""
    global _INDEX
    if _INDEX is not None:
        return _INDEX
    fp = fingerprint()
    name = file_name(fp)
    for d in dirs():
        idx = _open(d / name, fp)
        if idx is not None:
            _INDEX = idx
            return idx
    idx = _build(fp, progress)
    for d in (_corpus._cache_dir(), _fallback_dir()):
        try:
            save(idx, d / name)
            break
        except (OSError, sqlite3.Error):
            continue
    _INDEX = idx
    return idx


def build_into(directory: Path = BUILT, progress=None) -> Path:
    """Build the index and write it to ``directory`` (the set-up's step); returns the file."""
    fp = fingerprint()
    path = directory / file_name(fp)
    if _open(path, fp) is None:
        save(_build(fp, progress), path)
    return path


def _build(fp: str, progress=None) -> Index:
    # the builder and the readers of its data are imported only when a build is needed: a process
    # that finds its index stored does not pay for them (no import circle: build does not import store)
    from .build import build

    return build(fingerprint=fp, progress=progress)


def reset() -> None:
    """Forget the index of this process (the next :func:`open_index` opens the store again)."""
    global _INDEX
    _INDEX = None
