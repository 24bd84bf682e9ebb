"""benchmarks/fit_rerank.py: the fitting of the search's second stage (on made-up candidates: what it
learns, that it is deterministic, and that its score is the search's)."""
from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import fit_rerank as FR  # noqa: E402

from graph.search import rerank as RR  # noqa: E402


def _rows(n_queries: int, seed: int) -> list:
    """Queries of made-up candidates: three features, the target the one with the highest first feature
    (the second is noise, the third a copy of the first with noise); some queries with fewer candidates."""
    rng = np.random.default_rng(seed)
    rows = []
    for q in range(n_queries):
        n = RR.N if q % 3 else 5
        X = rng.normal(size=(n, 3))
        X[:, 2] = X[:, 0] + rng.normal(scale=2.0, size=n)
        y = np.zeros(n)
        y[int(np.argmax(X[:, 0]))] = 1.0
        rows.append((None, X, y, [f"k{j}" for j in range(n)]))
    return rows


def _first(model, rows) -> float:
    return sum(1 for _, X, y, _ in rows if y[int(np.argmax(FR.score(model, X)))] == 1) / len(rows)


def test_the_fitting_learns_which_feature_decides_and_ranks_unseen_queries_by_it():
    model = FR.fit(_rows(300, 1))
    assert _first(model, _rows(200, 2)) > 0.9
    mu, sd, w, hidden = model
    assert abs(w[0]) > abs(w[1]) and len(hidden) == FR.HIDDEN


def test_the_fitting_is_deterministic_for_a_seed_and_moves_with_another():
    rows = _rows(120, 3)
    a, b, c = FR.fit(rows), FR.fit(rows), FR.fit(rows, seed=FR.SEED + 1)
    assert np.array_equal(a[2], b[2]) and a[3] == b[3]
    assert a[3] != c[3]


def test_the_fitted_score_is_the_searchs_score_of_the_same_model():
    mu, sd, w, hidden = FR.fit(_rows(100, 4))
    mdl = RR.Model(("a", "b", "c"), tuple(mu), tuple(sd), tuple(w), hidden)
    X = _rows(1, 5)[0][1]
    got = RR.score_rows(mdl, [dict(zip(mdl.names, x)) for x in X])
    assert all(math.isclose(g, s, rel_tol=1e-9, abs_tol=1e-9) for g, s in zip(got, FR.score((mu, sd, w, hidden), X)))


def test_a_key_asked_is_judged_by_the_answer_the_search_gives_it():
    """«Articolo 17 D 2» is answered by the key's path, not by the ranking: the measure counts what a user sees."""
    from graph import search as S
    from graph.search import labelled as LAB

    idx = S.load_index()
    asked = LAB.Labelled(q="Articolo 17 D 2", lang="it", targets=("17D2",), writer="test")
    words = LAB.Labelled(q="carte prese dal board sbagliato", lang="it", targets=("17D1",), writer="test")
    rows = FR.candidates(idx, {"test": [asked, words]})["test"]
    assert FR._key_answer(idx, words) is None and rows[1][1] is not None
    assert rows[0][1] is None and FR.place(rows[0], FR.ranked_keys(idx, rows[0])) == 1
