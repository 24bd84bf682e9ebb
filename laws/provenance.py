"""Provenance: every encoded text is found in its source, and every paragraph of law text in a
source is encoded somewhere.

The sources are kept verbatim in ``laws/data/sources`` (web-page text as received, page chrome
included). Comparison is made on whitespace-normalised text. Two directions:

* **encoded → source**: every heading, text paragraph, tail and note of every provision is a
  substring of its source. A footnote that stood inside a sentence (the NBB's "(Noot: ...)", the
  site's remark "Opmerking 2: ..." at a paragraph's end) is put back at its ``after`` anchor before
  comparing, so the sentence around it is checked whole.
* **source → encoded**: every line of a source that is law text (not page chrome, not a bare
  label) is found, once its label is stripped, inside some encoded unit of the same publication.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from . import registry as R
from .corpus import Corpus, Provision, source_path
from .importer import shape_of
from .importer.pages import read_page

#: what the page readers leave out that is not law text (laws/importer: they know each site's pages)
LEFT_OUT = {"chrome", "title", "chapter", "contents", "label", "notes heading"}
# label prefixes stripped from a source line before it is looked for in the encoded units
LABEL = re.compile(
    r"^(?:Artículo \d+\s*(?:\.-|–)\s*|Art\. \d+ – |[A-Z]\.\.?-\s*|[A-E]\.\s+|[A-Z]\d[a-z]?\.\s+|\d+\.-?\s+|\d+\s+"
    r"|\([a-z]+\)\s*|\(\*\):\s*|Norma \d+ª:\s*|-\s+|•\s*|\.?Nota AEB:\s*|Nota:\s*)"
)


def norm(s: str) -> str:
    return re.sub(r"\s+", " ", s).strip()


def squash(s: str) -> str:
    return re.sub(r"\s+", "", s)


@dataclass
class Problem:
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


def _facts_of(source: str) -> tuple[str, dict]:
    for pid, f in R.publications().items():
        if source in f["sources"]:
            return pid, f
    raise R.EditionError(f"{source!r} is the source of no publication of publications.yaml")


def _page(source: str):
    return read_page(source_path(source))


def source_lines(source: str) -> list[tuple[int, str]]:
    """The law-text lines of a source, as (line number, normalised text): every line but those the
    reader of its site leaves out (page chrome, titles, chapter headings, contents, bare labels)."""
    pid, facts = _facts_of(source)
    page = _page(source)
    parsed = shape_of(facts, pid).parse(page, facts)
    skip = {x.line for x in parsed.skipped if x.why in LEFT_OUT}
    out = []
    for ln in page.lines:
        s = norm(ln.text)
        if s and ln.no not in skip and re.search(r"\w", s):
            out.append((ln.no, s))
    return out


#: how a page prints a note that stood inside (or at the end of) a paragraph: the NBB's «(Noot: ...)»
#: and the AEB's «(Nota AEB: ...)» in brackets, the NBB site's remarks «Opmerking 2: ...» bare
NOTE_FORMS = (" ({label}: {text})", " {label}: {text}")


def _with_notes(p: Provision, para: str, form: str = NOTE_FORMS[0]) -> str:
    """A paragraph with its inline footnotes put back where the source has them, in ``form``."""
    for n in p.notes:
        if n.after and n.after in para:
            i = para.index(n.after) + len(n.after)
            para = para[:i] + form.format(label=n.label, text=n.text) + para[i:]
    return para


def base_units(p: Provision) -> list[tuple[str, ...]]:
    """The encoded strings of a provision, each with the forms a page may print it in: heading,
    paragraphs (their notes put back, in each form), notes."""
    paras = (p.text.split("\n") if p.text else []) + (p.tail.split("\n") if p.tail else [])
    out = ([(p.heading,)] if p.heading else []) + [tuple(dict.fromkeys(_with_notes(p, x, f) for f in NOTE_FORMS))
                                                   for x in paras]
    return out + [(n.text,) for n in p.notes if not n.after]


def units(p: Provision) -> list[str]:
    """The encoded strings of a provision, in the forms a source may print them."""
    out: list[str] = []
    paras = [x for x in (p.text.split("\n") if p.text else [])]
    paras += p.tail.split("\n") if p.tail else []
    out.extend(dict.fromkeys(_with_notes(p, x, f) for x in paras for f in NOTE_FORMS))
    paras = [_with_notes(p, x) for x in paras]
    if p.heading:
        out.append(p.heading)
        if paras:
            for sep in (": ", ".- ", " ", ". "):
                out.append(p.heading + sep + paras[0])
    for n in p.notes:
        if not n.after:
            out.append(n.text)
    return out


def check(corpus: Corpus) -> list[Problem]:
    problems: list[Problem] = []
    by_pub: dict[str, list[Provision]] = {}
    for p in corpus.provisions():
        by_pub.setdefault(p.pub.id, []).append(p)
    for provs in by_pub.values():
        sources = provs[0].pub.sources or (provs[0].pub.source,)
        text = "\n".join("\n".join(ln.raw for ln in _page(src).lines) for src in sources)
        flat = norm(text)
        flat_sq = squash(text)
        source = ", ".join(sources)
        all_units = []
        # encoded -> source
        for p in provs:
            all_units.extend(units(p))
            for forms in base_units(p):
                if not any(norm(u) in flat or squash(u) in flat_sq for u in forms):
                    problems.append(Problem(f"{p.file}:{p.line}",
                                            f"{p.key.display} ({p.lang}): text not found verbatim in {source}: {forms[0][:80]!r}"))
        # source -> encoded
        hay = [squash(u) for u in all_units]
        for path, lineno, line in ((source_path(src), n, x) for src in sources for n, x in source_lines(src)):
            body = line
            for _ in range(3):
                stripped = LABEL.sub("", body, count=1)
                if stripped == body:
                    break
                body = stripped
            if not body:
                continue
            sq = squash(body.rstrip(":"))
            if not any(sq in h for h in hay):
                problems.append(Problem(f"{path}:{lineno}", f"source paragraph not encoded anywhere: {line[:90]!r}"))
    return problems
