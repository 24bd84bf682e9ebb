"""``rulebook import``: a federation's own pages, as saved from its site, into the corpus format.

:func:`run` reads the pages (HTML or text; UTF-8 or Latin-1), checks they are a law text in the
publication's language, reads them with the reader of the federation's site (:mod:`.aeb`,
:mod:`.nbb`, :mod:`.figb`: chosen by ``pages:`` in ``publications.yaml``, else by the authority),
applies the publication's reviewed corrections (:mod:`.corrections`), validates every law file as
the corpus does, resolves the citations in the publication's edition, and writes one file per law
into ``<out>/<publication>/`` (atomically; nothing is written over different data without
``force``). What it made and what it left out is in the :class:`Result`.

The committed corpus is what this makes of ``laws/data/sources/`` (a test regenerates it).
"""
from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from .. import citations, registry
from .. import corpus as C
from .. import keys as K
from ..datafile import DataError, data_dir, read_yaml, shown, write_atomic
from . import aeb, figb, nbb
from . import corrections as CR
from .model import file_stem, fold_lone_parts, to_yaml
from .pages import Line, Page, PageError, language, read_page
from .shapes import Skipped

SHAPES = {"aeb": aeb, "nbb": nbb, "figb": figb}
WORDS = {"es": "Artículo 17.- Título", "nl": "Artikel 16", "it": "Art. 17 – TITOLO"}
# a reference the citations of the language did not resolve: an article word and a number not cited
_NO = r"\s*(?:n[º°o]\.?|nr\.?|num\.?|n\.)?\s*"   # «Artículo nº 90», «artikel nr. 90»
_NUM = r"\d{1,3}(?:[A-Z]\d{0,2})?(?:\([a-z]\)|[a-z](?![a-z]))?"
_REF = {"es": rf"\b(?:[Aa]rt[íi]culos?|Art\.){_NO}{_NUM}", "nl": rf"\b(?:[Aa]rtikel(?:en)?|[Aa]rt\.){_NO}{_NUM}",
        "it": rf"\b(?:[Aa]rticol[oi]|[Aa]rtt?\.){_NO}{_NUM}", "en": rf"\b(?:[Ll]aws?){_NO}{_NUM}"}


@dataclass
class Result:
    publication: str
    facts: dict
    files: list
    provisions: list = field(default_factory=list)   # laws.corpus.Provision
    laws: list = field(default_factory=list)         # model.Node
    texts: dict = field(default_factory=dict)        # law file path -> its text
    skipped: list = field(default_factory=list)      # (file, line, text, why)
    applied: list = field(default_factory=list)
    not_applicable: list = field(default_factory=list)
    corrections_file: str = ""
    written: list = field(default_factory=list)
    unchanged: list = field(default_factory=list)
    clashes: list = field(default_factory=list)      # (path or key, why)
    folded: list = field(default_factory=list)       # keys that took their lone (unlabelled) part's text
    unresolved: list = field(default_factory=list)   # (key, words)
    encodings: dict = field(default_factory=dict)
    sources_added: list = field(default_factory=list)   # pages kept in <out>/sources/ as sources of the publication
    also_read: list = field(default_factory=list)       # the publication's other sources, read with the pages
    dropped: dict = field(default_factory=dict)
    out: str = ""

    # -- what the report says --------------------------------------------------------------------
    @property
    def reconstructed(self) -> list:
        return [p for p in self.provisions if p.reconstructed]

    @property
    def notes(self) -> int:
        return sum(len(p.notes) for p in self.provisions)

    def cites(self, held: set) -> tuple[list, list]:
        """``(resolved, absent)``: the cited keys a text of the edition holds, and those it does not."""
        res, absent = [], []
        for p in self.provisions:
            for c in p.citations:
                for k in c.keys:
                    (res if k in held else absent).append((p.key, k, c.words))
        return res, absent

    def not_encoded(self) -> list:
        return [s for s in self.skipped if s[3] == "not encoded"]

    def to_dict(self, held: set | None = None) -> dict:
        held = held if held is not None else {p.key for p in self.provisions}
        res, absent = self.cites(held)
        provs = []
        for p in self.provisions:
            d = p.to_dict()
            d["cites_absent"] = [str(k) for k in p.cites if k not in held]
            provs.append(d)
        return {
            "publication": self.publication,
            "provisions": provs,
            "report": {
                "laws_edition": self.facts["laws_edition"], "files": self.files, "also_read": self.also_read,
                "encodings": self.encodings,
                "provisions": len(self.provisions), "laws": [str(n.key) for n in self.laws],
                "labels_reconstructed": [str(p.key) for p in self.reconstructed], "notes": self.notes,
                "lone_parts_folded": [str(k) for k in self.folded],
                "citations": {"resolved": len(res), "absent": sorted({str(k) for _, k, _ in absent}, key=_sort),
                              "unresolved": [{"in": str(k), "words": w} for k, w in self.unresolved]},
                "corrections": {"file": self.corrections_file, "applied": self.applied,
                                "not_applicable": self.not_applicable},
                "left_out": [{"file": f, "line": n, "text": t, "why": w} for f, n, t, w in self.skipped],
                "not_encoded": [{"file": f, "line": n, "text": t} for f, n, t, _ in self.not_encoded()],
                "dropped_elements": self.dropped,
                "out": self.out, "written": self.written, "unchanged": self.unchanged,
                "clashes": [{"where": w, "why": y} for w, y in self.clashes],
            },
        }


def _sort(s: str):
    return K.sort_key(K.from_canonical(s))


def publication_facts(pub_id: str, out: Path) -> dict:
    """The facts of ``pub_id``: from ``<out>/publications.yaml`` when it has them, else the data in use."""
    own = out / "publications.yaml"
    pubs = registry.read_publications(own) if own.is_file() else {}
    if pub_id in pubs:
        return pubs[pub_id]
    pubs = registry.publications()
    if pub_id not in pubs:
        raise DataError(registry.publications_file(), None, f"{pub_id!r} is not a publication: use one of {', '.join(pubs)}",
                        "or add it to publications.yaml (lang, authority, year, laws_edition, source_title, source, evidence)")
    return pubs[pub_id]


def sources_of(pub_id: str, facts: dict, out: Path) -> list[Path]:
    """The pages a publication is made from (``source:`` in ``publications.yaml``), each in the
    ``sources/`` of ``out``, else of the data in use (else the project's): importing them again
    regenerates the publication (after a correction, say)."""
    found = []
    for name in facts.get("sources") or [facts["source"]]:
        own = out / "sources" / name
        path = own if own.exists() else C.source_path(name)
        if not path.exists():
            raise PageError(name, f"{pub_id}: its source {name!r} is in no sources/ folder",
                            "name the saved pages: rulebook import FILE... --publication ID")
        found.append(path)
    return found


def shape_of(facts: dict, pub_id: str):
    name = str(facts.get("pages") or facts["authority"]).lower()
    if name not in SHAPES:
        raise DataError(registry.publications_file(), facts.get("line"),
                        f"{pub_id}: no reader for the pages of {facts['authority']!r}",
                        f"write pages: one of {', '.join(SHAPES)} (the site whose pages look like this one's)")
    return SHAPES[name]


def _combine(pages: list) -> tuple[Page, list]:
    """One page of all the files' lines (numbered on), and the way back to (file, line)."""
    lines, where, starts = [], [], set()
    for pg in pages:
        starts.add(len(where) + 1)
        for ln in pg.lines:
            where.append((pg.file, ln.no))
            lines.append(Line(len(where), ln.raw))
    return Page("+".join(p.file for p in pages), lines, starts=frozenset(starts)), where


def _check_language(pg: Page, lang: str) -> None:
    found, scores = language("\n".join(ln.text for ln in pg.lines))
    if found and found != lang and scores[found] > 1.5 * scores.get(lang, 0.0):
        raise PageError(pg.file, f"the page is written in {found}, the publication's language is {lang}",
                        "import it as a publication in that language, with its own --publication")


def run(files, pub_id: str, out=None, force: bool = False, use_corrections: bool = True) -> Result:
    """Import ``files`` as publication ``pub_id`` into ``out`` (default: the data folder in use);
    no file: the publication's own sources (:func:`sources_of`), which regenerates it.

    When the publication is already in ``out``, its other sources are read with the pages (first,
    in their order), as regenerating it will: a law the pages touch comes out as the publication's
    sources make it, whole (a part's page with its law's page, the first page of a law that two
    pages hold); the laws the pages do not touch are neither reported nor written.

    Raises :class:`~laws.importer.pages.PageError` (a page that is not a law text in the
    publication's language, a file that is not text) or :class:`~laws.datafile.DataError` (an
    unknown publication, a correction that does not fit, a law the corpus would refuse). With
    clashes (a file that exists with other contents, a law another publication of the same language
    and edition holds) nothing is written unless ``force``; they are in the result."""
    out = Path(out) if out is not None else data_dir()
    facts = publication_facts(pub_id, out)
    shape = shape_of(facts, pub_id)
    given = list(files) or sources_of(pub_id, facts, out)
    res = Result(pub_id, facts, [str(f) for f in given], out=str(out))
    res.also_read = [str(f) for f in _other_sources(out, pub_id, facts, given)] if files else []
    pages = [read_page(f) for f in res.also_read + given]
    for pg in pages:
        res.encodings[pg.file] = pg.encoding
        for k, v in pg.dropped.items():
            res.dropped[k] = res.dropped.get(k, 0) + v
        _check_language(pg, facts["lang"])
    page, where = _combine(pages)
    parsed = shape.parse(page, facts)
    _drop_empty_and_repeated(parsed, page)
    mine = {str(f) for f in given}
    touched = [law for law in parsed.laws if any(where[no - 1][0] in mine for n in law.walk() for no in n.lines if no)]
    _left_out(res, parsed, page, where, mine)
    if not touched:
        raise PageError(res.files[0] if len(res.files) == 1 else page.file, *_no_law(parsed, facts, bool(parsed.laws)))
    for law in touched:
        res.folded.extend(fold_lone_parts(law))
    if use_corrections:
        cf = CR.corrections_file(pub_id)
        res.corrections_file = shown(cf) if cf.exists() else ""
        res.applied, res.not_applicable = CR.apply(touched, CR.read(pub_id), str(cf))
    res.laws = touched
    pub = C.Publication(facts["lang"], facts["authority"], facts["year"], facts["source_title"], facts["source"],
                        facts["laws_edition"], " ".join(str(facts["evidence"]).split()))
    folder = out / pub_id
    sources, kept, copies = _plan_sources(out, given, facts | {"_id": pub_id})
    named = [(str(kept.get(f, f)), n) for f, n in where]   # each line, in the file its page is kept as
    for law in touched:
        path = folder / f"{file_stem(law.key)}.yaml"
        text = to_yaml(law, _header(law, facts, pub_id, named, res.corrections_file))
        provs = C.law_provisions(read_yaml(path, text), pub, path)
        for p in provs:
            p.citations = citations.for_provision(p)
        res.provisions.extend(provs)
        res.texts[str(path)] = text
        res.unresolved.extend(_unresolved(provs, facts["lang"]))
    _clashes(res, out, folder, facts)
    if res.clashes and not force:
        return res
    for path, text in res.texts.items():
        p = Path(path)
        if p.exists() and p.read_text(encoding="utf-8") == text:
            res.unchanged.append(shown(p))
            continue
        write_atomic(p, text)
        res.written.append(shown(p))
    _keep(copies)
    res.sources_added = [x for x in sources if x not in facts.get("sources", [facts["source"]])]
    _register(out, pub_id, facts, sources)
    C.reset()  # the data changed: what this process read of it (corpus, registry) is read again
    return res


def _other_sources(out: Path, pub_id: str, facts: dict, given: list) -> list[Path]:
    """The sources of ``pub_id`` in ``out`` besides ``given`` (none when ``out`` does not hold the
    publication yet: a folder of one's own starts with the pages one imports)."""
    own = out / "publications.yaml"
    if not (own.is_file() and re.search(rf"^{re.escape(pub_id)}:", own.read_text(encoding="utf-8"), re.M)):
        return []
    digests = {hashlib.sha256(Path(f).read_bytes()).hexdigest() for f in given if Path(f).is_file()}
    return [p for p in sources_of(pub_id, facts, out) if hashlib.sha256(p.read_bytes()).hexdigest() not in digests]


def _drop_empty_and_repeated(parsed, page) -> None:
    """A law with no text (its number and heading: a table of contents, a menu) is left out as
    ``contents``; a law a page holds again (two chapter pages with Artículo 17) is encoded once, from
    the first page, the other's lines left out as ``duplicate``."""
    seen = set()
    for law in list(parsed.laws):
        if not (law.paras or law.tail or law.children or law.notes):
            why = "contents"
        elif law.key in seen:
            why = "duplicate"
        else:
            seen.add(law.key)
            continue
        parsed.laws.remove(law)
        nos = sorted({no for n in law.walk() for no in n.lines + [x.line for x in n.notes] if no})
        parsed.skipped.extend(Skipped(no, page.lines[no - 1].text, why) for no in nos)


def _left_out(res: Result, parsed, page, where: list, mine: set) -> None:
    """The lines of the given pages no provision holds: why each was left out, or not encoded."""
    used = set()
    for law in parsed.laws:
        for n in law.walk():
            used.update(n.lines)
            used.update(x.line for x in n.notes)
    for s in parsed.skipped:
        used.add(s.line)
        f, n = where[s.line - 1] if 0 < s.line <= len(where) else (page.file, s.line)
        if f in mine or not 0 < s.line <= len(where):
            res.skipped.append((f, n, s.text, s.why))
    for ln in page.lines:
        if ln.text and ln.no not in used and where[ln.no - 1][0] in mine:
            f, n = where[ln.no - 1]
            res.skipped.append((f, n, ln.text, "not encoded"))
    res.skipped.sort(key=lambda x: (x[0], x[1]))


def _no_law(parsed, facts: dict, elsewhere: bool = False) -> tuple[str, str]:
    """Why pages that hold no law are not imported, and what to do: ``(message, fix)``."""
    why = {s.why for s in parsed.skipped}
    like = f"a page of {facts['authority']}'s Laws starts its articles like «{WORDS.get(facts['lang'], 'Law 17')}»"
    if elsewhere and "duplicate" in why:
        return ("every law these pages hold is already encoded from another source of the publication",
                "to replace a source, remove it from the publication's source: list in publications.yaml")
    if "definitions" in why:
        return ("a page of definitions: terms of the Laws, not provisions (the glossary, laws/data/glossary.yaml, "
                "holds the project's terms); no law file is written from it", like)
    if "introduction" in why:
        return "an introduction to the Laws, no article's text", like
    if "contents" in why:
        return "a table of contents, no article's text", like
    return "not a law text: no article found", like


LAW_WORD = {"es": "Artículo", "nl": "Artikel", "it": "Articolo"}


def _header(law, facts: dict, pub_id: str, where: list, corr: str) -> list[str]:
    what = f"{LAW_WORD.get(facts['lang'], 'Law')} {law.key}" if isinstance(law.key, K.LawKey) else str(law.key)
    nums: dict = {}
    for n in law.walk():
        for no in list(n.lines) + [x.line for x in n.notes]:
            if 0 < no <= len(where):
                f, line = where[no - 1]
                nums.setdefault(f, set()).add(line)
    src = "; ".join(f"{shown(f)} lines {min(v)}-{max(v)}" for f, v in sorted(nums.items()))
    return [f"{what} — {law.heading}" if law.heading else what,
            f"{pub_id}, written by `rulebook import` from {src}" + (f" and {corr}" if corr else "") + ":",
            "correct the source or the corrections, not this file."]


def lines_text(nums: list) -> str:
    out, start, prev = [], None, None
    for n in nums + [None]:
        if start is not None and (n is None or n != prev + 1):
            out.append(str(start) if start == prev else f"{start}-{prev}")
            start = None
        if n is not None:
            start = n if start is None else start
            prev = n
    return ", ".join(out)


def _unresolved(provs: list, lang: str) -> list:
    pat = re.compile(_REF.get(lang, _REF["en"]))
    out = []
    for p in provs:
        for part, where in ((p.own_text, "text"),) + tuple((n.text, "note") for n in p.notes):
            spans = [(c.start, c.end) for c in citations.find(part, p.lang, p.key)]
            for m in pat.finditer(part):
                if not any(a <= m.start() < b for a, b in spans):
                    out.append((p.key, m.group(0)))
    return out


def _clashes(res: Result, out: Path, folder: Path, facts: dict) -> None:
    for path, text in res.texts.items():
        p = Path(path)
        if p.exists() and p.read_text(encoding="utf-8") != text:
            res.clashes.append((shown(p), "exists with other contents"))
    own = out / "publications.yaml"
    try:
        pubs = registry.read_publications(own) if own.is_file() else {}
    except DataError:
        pubs = {}
    keys = {str(n.key) for n in res.laws}
    for other, f in pubs.items():
        if other == res.publication or f["lang"] != facts["lang"] or f["laws_edition"] != facts["laws_edition"]:
            continue
        for k in sorted(keys):
            stem = file_stem(K.from_canonical(k))
            if (out / other / f"{stem}.yaml").exists():
                res.clashes.append((f"{other}/{stem}.yaml", f"{k} is already encoded by {other} "
                                    f"({facts['lang']}, the {facts['laws_edition']} Laws)"))


def _plan_sources(out: Path, files, facts: dict) -> tuple[list[str], dict, list]:
    """The publication's sources once these pages are among them: ``(names, kept, copies)``. A page
    that is not already one of them (byte for byte) is to be kept in ``<out>/sources/`` (provenance
    checks the texts against it); ``kept`` maps each page to the file it is kept as (the name law
    files give it, so that regenerating the publication writes the same), ``copies`` what to write."""
    own_pubs = out / "publications.yaml"
    registered = own_pubs.is_file() and re.search(rf"^{re.escape(facts['_id'])}:", own_pubs.read_text(encoding="utf-8"), re.M)
    known = list(facts.get("sources") or [facts["source"]]) if registered else []
    have, kept, copies = {}, {}, []
    for name in dict.fromkeys(list(facts.get("sources") or [facts["source"]])):
        own = out / "sources" / name
        path = own if own.exists() else C.source_path(name)
        if path.exists():
            have[hashlib.sha256(path.read_bytes()).hexdigest()] = (name, path)
    for f in files:
        data = Path(f).read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        if digest not in have:
            dest = out / "sources" / Path(f).name
            if dest.exists() and dest.read_bytes() != data:
                dest = dest.with_name(f"{dest.stem}-{digest[:8]}{dest.suffix}")
            if not dest.exists():
                copies.append((data, dest))
            have[digest] = (dest.name, dest)
        name, path = have[digest]
        kept[str(f)] = path
        if name not in known:
            known.append(name)
    return known, kept, copies


def _keep(copies: list) -> None:
    for data, dest in copies:
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_name(f".{dest.name}.tmp{os.getpid()}")
        tmp.write_bytes(data)
        tmp.replace(dest)


def _register(out: Path, pub_id: str, facts: dict, sources: list) -> None:
    """The folder gets the publication's facts (with its sources), so that ``rulebook --data`` reads it."""
    own = out / "publications.yaml"
    value = _yaml_value(sources[0]) if len(sources) == 1 else "[" + ", ".join(_yaml_value(x) for x in sources) + "]"
    text = own.read_text(encoding="utf-8") if own.is_file() else \
        "# The publications of this corpus (see laws/data/publications.yaml of bridge-rulebook)\n"
    block = re.search(rf"^{re.escape(pub_id)}:\n(?:(?:[ \t]+.*|[ \t]*)\n)*", text + "\n", re.M)
    if block:
        body = block.group(0)
        # the one line «source: ...», or a list written as lines «- ...» below it
        new = re.sub(r"^(  source:)[^\n]*\n(?:[ \t]+-[^\n]*\n|-[^\n]*\n)*", lambda m: f"{m[1]} {value}\n", body,
                     count=1, flags=re.M)
        if new != body:
            write_atomic(own, text[:block.start()] + new + text[block.end():].rstrip("\n") + ("\n" if text[block.end():].strip() else ""))
        return
    entry = [f"{pub_id}:"] + [f"  {k}: {_yaml_value(facts[k])}" if k != "source" else f"  source: {value}" for k in
                              ("lang", "authority", "year", "laws_edition", "source_title", "source", "evidence", "pages")
                              if k in facts]
    write_atomic(own, text.rstrip("\n") + "\n" + "\n".join(entry) + "\n")


def _yaml_value(v) -> str:
    if isinstance(v, int):
        return str(v)
    return '"' + " ".join(str(v).split()).replace("\\", "\\\\").replace('"', '\\"') + '"'
