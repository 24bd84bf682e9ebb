"""What ``rulebook check`` verifies of the search's data (``graph/search/data/``): the situations, the
labelled queries and the model load (else an error with the file, line and fix); the situations cover
every provision in every language of their files; every target of a labelled query is a provision an
edition knows, and no query is given two answers that share nothing."""
from __future__ import annotations

from laws import corpus as _corpus
from laws.corpus import CorpusError

from . import data as D
from . import labelled as LAB
from . import situations as SIT
from .model import load_model


def _model() -> list:
    load_model()
    return []


def findings(corpus=None) -> list[tuple[str, str, str, str]]:
    """``(level, kind, where, problem)`` for each problem found."""
    corpus = corpus if corpus is not None else _corpus.load()
    checks = (("situations", "info", lambda: SIT.check(corpus), D.SITUATIONS),
              ("labelled", "error", lambda: LAB.check(corpus), D.LABELLED),
              ("model", "error", _model, D.MODEL))
    out = []
    for kind, level, run, where in checks:
        try:
            out += [(level, kind, D.rel(where), p) for p in run()]
        except CorpusError as e:
            out.append(("error", kind, f"{e.file}:{e.line}" if e.line else str(e.file),
                        e.message + (f" ({e.fix})" if e.fix else "")))
    return out
