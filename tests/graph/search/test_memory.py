"""The second stage's memory (graph/search/memory.py): the nearest labelled queries, found the same way with
and without its arrays (a long-lived process reads it into arrays, a command-line search does not)."""
from __future__ import annotations

import dataclasses

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


def test_the_arrays_find_the_same_nearest_queries_to_the_last_digit(memories):
    idx, plain = memories
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
