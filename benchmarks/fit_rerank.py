"""Fit the search's second stage (graph/search/rerank.py) on its labelled queries, and measure it.

    PYTHONPATH=. .venv/bin/python benchmarks/fit_rerank.py [--cv] [--write]

The training data is the package's labelled queries (``graph/search/data/labelled/``, one file per
writer's set; the search's own authors' three files are one writer), never the frozen test split
(``benchmarks/search_heldout33-36.yaml``, :mod:`search_harness`). For every query the first stage gives
its first ``N`` candidates; each candidate's features are computed exactly as the search computes them,
with the query's own writer left out of the memory (as a new writer's query would be), and labelled by
whether it is one of the query's targets. The model is a linear score of the standardised features,
fitted by a softmax over each query's candidates (maximising the probability of its targets), with an
L2 penalty, by full-batch gradient descent from zero (deterministic).

``--cv`` measures it on what it was fitted on, honestly: leave one writer out (of the fitting and of
the memory), fit on the others, measure recall@3 on the one left out. ``--write`` fits on every writer
and writes ``graph/search/data/model.yaml``. The frozen split is never read here.
"""
from __future__ import annotations

import argparse
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from graph import search as S  # noqa: E402
from graph.search import data as D  # noqa: E402
from graph.search import labelled as LAB  # noqa: E402
from graph.search import memory as MEM  # noqa: E402
from graph.search import rank as RANK  # noqa: E402
from graph.search import rerank as RR  # noqa: E402

L2 = 1e-2
STEPS = 400
RATE = 0.5


def by_writer(queries) -> dict:
    out: dict = {}
    for x in queries:
        out.setdefault(x.writer, []).append(x)
    return out


def candidates(idx, groups: dict) -> dict:
    """Per writer: ``[(query, features (N x F), labels (N), candidate keys)]``; ``X`` is None for a query the
    second stage does not apply to (it keeps the first stage's answer)."""
    names = list(RR.FEATURES)
    out = {}
    for writer, queries in groups.items():
        rows = []
        for x in queries:
            try:
                q, ranked, parts, via, _ = RANK.first_stage(idx, x.q, x.lang)
            except S.SearchError:
                rows.append((x, None, None, []))
                continue
            if not RR.applies(idx, x.lang, bool(via)):
                rows.append((x, None, None, [k for k, _ in ranked[:3]]))
                continue
            account = RR.account_of(idx, q, x.lang)
            near = MEM.neighbours(idx.memory, q, exclude={writer})
            cand = RR.candidates(idx, ranked, account, near)
            feats = RR.features(idx, q, cand, parts, x.lang, account, near)
            X = np.array([[f[n] for n in names] for f in feats])
            y = np.array([float(any(MEM.target_matches(t, k) for t in x.targets)) for k, _ in cand])
            rows.append((x, X, y, [k for k, _ in cand]))
        out[writer] = rows
    return out


def _stack(rows):
    """Queries with a target among their candidates, padded to N: X (Q, N, F), mask, labels."""
    rows = [(X, y) for _, X, y, _ in rows if X is not None and y.sum() > 0]
    F = rows[0][0].shape[1]
    Xs = np.zeros((len(rows), RR.N, F))
    mask = np.zeros((len(rows), RR.N), dtype=bool)
    ys = np.zeros((len(rows), RR.N))
    for n, (X, y) in enumerate(rows):
        Xs[n, :len(y)], mask[n, :len(y)], ys[n, :len(y)] = X, True, y
    return Xs, mask, ys


def fit(rows) -> tuple:
    X, mask, y = _stack(rows)
    flat = X[mask]
    mu, sd = flat.mean(0), flat.std(0) + 1e-9
    Z = (X - mu) / sd * mask[..., None]
    w = np.zeros(X.shape[2])
    for _ in range(STEPS):
        s = np.where(mask, Z @ w, -np.inf)
        p = np.exp(s - s.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        pos = p * y
        pos /= pos.sum(1, keepdims=True)
        grad = np.einsum("qn,qnf->f", p - pos, Z) / len(Z) + L2 * w
        w -= RATE * grad
    return mu, sd, w


def recall(idx, rows, model=None, k: int = 3) -> int:
    """Queries of ``rows`` with a target in the first ``k``: by the model's order, or the first stage's."""
    hit = 0
    for x, X, y, keys in rows:
        if X is None:
            hit += any(MEM.target_matches(t, kk) for t in x.targets for kk in keys[:k])
            continue
        order = list(range(len(y))) if model is None else RR.arrange(idx, keys, list(((X - model[0]) / model[1]) @ model[2]))
        hit += bool(y[order[:k]].sum() > 0)
    return hit


def write_model(mu, sd, w, n_queries: int, writers: list) -> None:
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "# The search's second stage (graph/search/rerank.py): a linear score of each candidate's features,",
        "# standardised by their mean and spread. Written by benchmarks/fit_rerank.py --write; do not edit by hand.",
        f"# Fitted {when} on the labelled queries of graph/search/data/labelled/ ({n_queries} queries, {len(writers)}",
        f"# writers, each query's writer left out of the memory), the first {RR.N} candidates of each; softmax over",
        f"# each query's candidates, L2 {L2}, {STEPS} steps. Measured: fit_rerank.py --cv (leave one writer out) and",
        "# the frozen test split, never read by the fitting (benchmarks/bench_search.py).",
        "features:",
    ]
    for n, a, b, c in zip(RR.FEATURES, mu, sd, w):
        lines.append(f"  - {{name: {n}, mean: {a:.6g}, sd: {b:.6g}, weight: {c:.6g}}}")
    D.MODEL.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cv", action="store_true", help="leave one writer out: recall@3 without and with the model")
    ap.add_argument("--write", action="store_true", help="fit on every writer and write graph/search/data/model.yaml")
    args = ap.parse_args(argv)
    idx = S.warm()
    t0 = time.perf_counter()
    groups = by_writer(LAB.load())
    data = candidates(idx, groups)
    print(f"features of {sum(len(v) for v in data.values())} queries of {len(data)} writers in "
          f"{time.perf_counter() - t0:.1f} s")
    if args.cv:
        print("\n| writer left out | queries | first stage recall@3 | with the second stage |\n| --- | --- | --- | --- |")
        tot = [0, 0, 0]
        for held in data:
            m = fit([r for nm in data if nm != held for r in data[nm]])
            rows = data[held]
            b, r = recall(idx, rows), recall(idx, rows, m)
            tot = [tot[0] + len(rows), tot[1] + b, tot[2] + r]
            print(f"| {held} | {len(rows)} | {b / len(rows):.1%} | {r / len(rows):.1%} |")
        print(f"| all, each left out once | {tot[0]} | {tot[1] / tot[0]:.1%} | {tot[2] / tot[0]:.1%} |")
    if args.write:
        mu, sd, w = fit([r for v in data.values() for r in v])
        write_model(mu, sd, w, sum(len(v) for v in data.values()), list(data))
        print(f"wrote {D.MODEL}")
        for n, c in sorted(zip(RR.FEATURES, w), key=lambda x: -abs(x[1])):
            print(f"  {n:16s} {c:+.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
