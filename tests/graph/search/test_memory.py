"""The second stage's memory (graph/search/memory.py): the nearest labelled queries, found the same way with
and without its arrays (a long-lived process reads it into arrays, a command-line search does not)."""
from __future__ import annotations

import dataclasses
import math

import pytest

from graph import search as S
from graph.search import labelled as LAB
from graph.search import memory as MEM
from graph.search import store


@pytest.fixture(scope="module")
def memories():
    idx = store.materialize(S.load_index())
    plain = dataclasses.replace(idx.memory, arrays=None)
    assert idx.memory.arrays and plain.arrays is None
    return idx, plain


QUERIES = [(x.q, x.lang) for x in LAB.load()[::25]] + [("insufficient bid", "en"), ("pase fuera de turno", "es")]


@pytest.mark.parametrize("dense", [MEM.DENSE, 0])
def test_the_arrays_find_the_same_nearest_queries_to_the_last_digit(memories, monkeypatch, dense):
    """Also with every first occurrence found by sorting (``dense`` 0: a query of very many words)."""
    idx, plain = memories
    monkeypatch.setattr(MEM, "DENSE", dense)
    compared = 0
    for text, lang in QUERIES:
        try:
            q = S.analyse(idx, text, lang)
        except S.SearchError:
            continue
        for exclude in ((), {"set07", LAB.OWN_WRITER}):
            fast, slow = MEM.neighbours(idx.memory, q, exclude), MEM.neighbours(plain, q, exclude)
            assert fast == slow, (text, exclude)
            compared += bool(slow)
    assert compared > 100


def test_a_query_of_no_known_feature_has_no_neighbours(memories):
    idx, plain = memories
    q = S.analyse(idx, "insufficient bid", "en")
    nothing = dataclasses.replace(q, groups=[dataclasses.replace(g, tokens={"xx:nowhere": 1.0}) for g in q.groups])
    assert MEM.neighbours(idx.memory, nothing) == MEM.neighbours(plain, nothing) == []


def _query(*features):
    """A query of one word per feature, each weighing the same."""
    from types import SimpleNamespace
    return SimpleNamespace(groups=[SimpleNamespace(tokens={f: 1.0}, weight=1.0) for f in features])


def _memory():
    """Three labelled queries: writer a asks 17D1 in «habl»; writer b asks 17D2 twice, in «izquierd» and «habl»."""
    mem = MEM.Memory(["a", "b", "b"], [("17D1",), ("17D2", "17D"), ("2007:17D2",)], {})
    for n, feats in enumerate((["es:habl"], ["es:izquierd"], ["es:habl"])):
        for w, k in enumerate(feats):
            mem.postings.setdefault(k, []).append(((n << MEM.SHIFT) | w, n << MEM.SHIFT, 1.0))
    return mem


def test_the_labelled_queries_favour_the_provision_they_answered_in_the_query_s_words():
    keys = ["2007:17D1", "2007:17D2", "2007:17D3"]
    lab = MEM.lab_scores(_memory(), _query("es:izquierd"), keys)
    assert lab[1] > 0 > lab[0]          # 17D2's queries say it (bare and qualified targets), 17D1's does not
    assert lab[2] == 0.0                # no labelled query answered 17D3: no evidence either way


def test_a_writer_left_out_gives_no_evidence_and_the_remembered_counts_are_the_same():
    mem = _memory()
    keys = ["2007:17D1", "2007:17D2"]
    left_out = MEM.lab_scores(mem, _query("es:izquierd"), keys, exclude={"b"})
    assert left_out[1] == 0.0 and left_out[0] < 0   # 17D2 was asked only by b; a's 17D1 query does not say it
    q = _query("es:habl", "es:izquierd")
    first = MEM.lab_scores(mem, q, keys)
    assert mem.lab_memo                  # remembered for the next query
    assert MEM.lab_scores(mem, q, keys) == first == MEM.lab_scores(mem, q, keys, exclude={"nobody"})


def test_the_prior_counts_how_often_a_provision_was_asked_about_whatever_the_words():
    mem = _memory()
    keys = ["2007:17D1", "2007:17D2", "2007:17D3"]
    pr = MEM.prior(mem, keys)
    assert pr[1] > pr[0] > pr[2]        # 17D2 answered twice (bare and qualified), 17D1 once, 17D3 never
    assert pr[2] == pytest.approx(math.log(MEM.PRIOR_HALF))
    left_out = MEM.prior(mem, keys, exclude={"b"})
    assert left_out[1] == pr[2] and left_out[0] == pr[0]   # b's queries were all 17D2's
    assert MEM.prior(None, keys) == [0.0, 0.0, 0.0]
