"""The words of a text or a query (graph/search/text.py): Snowball stems, read from the index's table of
the words it knows when it has them, the same either way."""
from __future__ import annotations

import pytest

from graph import search as S
from graph.glossary import fold
from graph.search import labelled as LAB
from graph.search import text as T


@pytest.fixture(scope="module")
def index():
    return S.load_index()


WORDS = ["Declaraciones", "insuficientes", "después", "gedekte", "uitkomsten", "passo", "Überbieten", "ÁRBITRO", "l'arbitro"]


def test_the_known_stems_are_the_stemmers_stems():
    known = T.known_stems(WORDS + ["27", "3"])
    assert set(known) == set(T.QUERY_LANGS)
    for lg in T.QUERY_LANGS:
        assert "27" not in known[lg]                      # digits are their own stem
        for w in WORDS:
            f = fold(w)
            if f in known[lg]:
                assert known[lg][f] == T.Analyzer(lg).stem_folded(f), (lg, w)
    assert known["es"][fold("Declaraciones")] == "declar"


def test_the_index_knows_the_words_of_most_queries_and_reads_them_as_the_stemmer_does(index):
    queries = [x.q for x in LAB.load()[::20]]
    for lg in T.QUERY_LANGS:
        plain, seeded = T.Analyzer(lg), T.Analyzer(lg)
        seeded.known = index.word_stems[lg]
        for q in queries:
            assert seeded.tokens(q) == plain.tokens(q), (lg, q)
        assert plain._stemmer is not None
    table = index.word_stems["es"]
    assert table.get("declaraciones") == "declar" and table.get("no-such-word") is None


def test_a_known_word_is_not_stemmed_again():
    a = T.Analyzer("es")
    a.known = {"insuficiente": "INSUF"}
    assert a.stem("Insuficiente".lower()) == "INSUF" and a._stemmer is None   # the stemmers never loaded
    assert a.stem("declaraciones") == "declar" and a._stemmer is not None


def test_what_an_analyzer_remembers_is_bounded(monkeypatch):
    monkeypatch.setattr(T, "STEM_MEMO", 5)
    a = T.Analyzer("nl")
    for n in range(40):
        a.stem(f"woord{'e' * n}n")
        assert len(a._cache) <= 5
    assert a.stem("uitkomsten") == "uitkomst"
