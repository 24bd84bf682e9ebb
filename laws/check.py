"""``rulebook check``: every validation of the corpus (and, as they are added, of the trees).

Each check returns findings; a finding of level ``error`` makes ``rulebook check`` fail.
``info`` findings (a citation of a provision that no text of the corpus holds) are reported,
not failed: such citations are kept on purpose.
"""
from __future__ import annotations

import string

from i18n import N_

from . import keys as K
from . import provenance
from .corpus import Corpus, CorpusError, load
from .datafile import Finding
from .editions import check_table, corresponding
from .rulings.examples import check_examples
from .rulings.trees import check_trees


CHECKS = {
    "load": N_("every data file parses and is well-formed"),
    "provenance": N_("every text is found verbatim in its source, every source paragraph is encoded"),
    "structure": N_("labels follow each other, no provision is empty"),
    "citations": N_("every citation resolves to a provision key"),
    "editions": N_("the correspondence tables between editions of the Laws cover every key and agree with the texts"),
    "catalogs": N_("every string the project writes is translated in es, nl and it"),
}


def _structure(corpus: Corpus) -> list[Finding]:
    out = []
    for p in corpus.provisions():
        if not (p.text or p.heading or p.children or p.notes):
            out.append(Finding("error", "structure", f"{p.file}:{p.line}",
                               f"{p.key.display} ({p.lang}) has no heading, text, notes or children"))
        if p.excerpt or not isinstance(p.key, K.LawKey):
            continue
        labels = [c for c in p.children]
        secs = [c.sec for c in labels if c.parent == p.key and c.sec and not c.sub and p.key.depth == 0]
        if secs:
            expected = list(string.ascii_uppercase[: len(secs)])
            if secs != expected:
                out.append(Finding("error", "structure", f"{p.file}:{p.line}",
                                   f"the sections of {p.key.display} ({p.lang}) are {''.join(secs)}, expected {''.join(expected)}"))
        subs = [c.sub for c in labels if c.sub and not c.item]
        if subs and subs != list(range(1, len(subs) + 1)):
            out.append(Finding("error", "structure", f"{p.file}:{p.line}",
                               f"the subsections of {p.key.display} ({p.lang}) are {subs}, expected 1..{len(subs)}"))
        items = [c.item for c in labels if c.item and not c.rom]
        if items and items != list(string.ascii_lowercase[: len(items)]):
            out.append(Finding("error", "structure", f"{p.file}:{p.line}",
                               f"the items of {p.key.display} ({p.lang}) are {items}, expected (a)..."))
    return out


def _citations(corpus: Corpus) -> list[Finding]:
    out = []
    for e, k in corpus.absent_cited_qualified():
        by = sorted({f"{p.key.display} ({p.lang})" for p, _ in corpus.cited_by(k, edition=e)})
        corr = ", ".join(f"{c.laws_edition} {c.key} ({c.status})" for c in corresponding(e, k) if c.key) \
            if isinstance(k, K.LawKey) else ""
        out.append(Finding("info", "citations", f"{e}:{k}",
                           f"{e} {k.display} is cited by {', '.join(by)} but no text of the {e} Laws holds it "
                           f"(kept as absent)" + (f"; corresponds to {corr}" if corr else "")))
    return out


def _catalogs() -> list[Finding]:
    try:
        from i18n import build
    except ImportError:  # pragma: no cover - babel missing
        return [Finding("error", "catalogs", "i18n", "Babel is not installed")]
    return [Finding("error", "catalogs", p.split(": ", 1)[0], p.split(": ", 1)[-1]) for p in build.problems()]


def run(corpus: Corpus | None = None, with_catalogs: bool = True) -> list[Finding]:
    findings: list[Finding] = []
    try:
        corpus = corpus or load()
    except CorpusError as e:
        return [Finding("error", "load", f"{e.file}:{e.line}" if e.line else e.file,
                        e.message + (f" ({e.fix})" if e.fix else ""))]
    findings += [Finding("error", "provenance", p.where, p.message) for p in provenance.check(corpus)]
    findings += _structure(corpus)
    findings += _citations(corpus)
    # checks contributed by other modules (decision trees, glossary, ...): laws.check.EXTRA
    for name, fn in EXTRA.items():
        try:
            findings += fn(corpus)
        except Exception as e:  # a broken check is itself a finding, never a traceback
            findings.append(Finding("error", name, name, f"the check failed: {e!r}"))
    if with_catalogs:
        try:
            findings += _catalogs()
        except Exception as e:  # noqa: BLE001 - e.g. a source file that does not parse
            findings.append(Finding("error", "catalogs", "i18n", f"the check failed: {e!r}"))
    return findings


# name -> function(corpus) -> list[Finding]; other parts of the project register their checks here
EXTRA: dict = {}


def register(name: str, fn) -> None:
    """Add the check of a data kind (trees, glossary, correspondences...): ``fn(corpus)`` returns
    findings naming ``file:line``. It runs in ``rulebook check`` and, when a command fails on broken
    data, in the CLI's data-error report; an exception it raises is itself a finding."""
    EXTRA.setdefault(name, fn)


register("trees", check_trees)
register("examples", check_examples)
register("editions", check_table)
