"""Fit the search's second stage (graph/search_rerank.py) on the evaluation sets, and measure it.

    cd /work/main && PYTHONPATH=. .venv/bin/python benchmarks/fit_rerank.py [--cv] [--write]

For every query of the training sets (:data:`TRAIN`: the tuning set and the held-out sets 1-32, all
measured by now), the first stage gives its first ``N`` candidates; each candidate's features are
computed exactly as the search computes them, and labelled by whether it is one of the query's targets.
The training sets are also the model's memory (features ``mem_best``, ``mem_sum``: how the nearest
labelled queries vote); a query's own set is left out of the memory when its features are computed,
as a new query's would be.
The model is a linear score of the standardised features, fitted by a softmax over each query's
candidates (maximising the probability of its targets), with an L2 penalty, by full-batch gradient
descent from zero (deterministic).

``--cv`` measures it honestly on what it was fitted on: leave one set out, fit on the others, measure
recall@3 on the one left out (first stage alone, and with the second stage). ``--write`` fits on all
the training sets and writes ``graph/rerank.yaml`` (with the list of its memory's sets). Sets that must
measure the search later (the held-out sets written after the model, 33 on) are never read here.
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
from graph import search_rerank as RR  # noqa: E402

TRAIN = {"tuning": S.EVAL, "heldout": S.HELDOUT, **{f"heldout{n}": getattr(S, f"HELDOUT{n}") for n in range(2, 33)}}
L2 = 1e-2
STEPS = 400
RATE = 0.5


def remember(idx, sets: dict) -> None:
    """Give the index the memory of ``sets`` (the training sets), whatever graph/rerank.yaml says now."""
    mdl = RR.Model((), (), (), (), tuple(str(p.relative_to(RR.ROOT)) for p in sets.values()))
    idx.memory = RR.memory_of(idx, mdl)


def candidates(idx, sets: dict) -> dict:
    """Per set: ``[(query, features (N x F), labels (N), candidate keys)]`` for the queries the second stage
    applies to. A query's memory features come from the other sets (its own is left out, as a new query's
    would be)."""
    heads = S.heading_only(idx)
    names = list(RR.FEATURES)
    out = {}
    for name, path in sets.items():
        rows = []
        for item in S.load_eval(path):
            lang = item["lang"]
            try:
                q, ranked, parts, via, _ = S._rank(idx, " ".join(item["q"].split()), lang, rerank=False)
            except S.SearchError:
                rows.append((item, None, None, None))
                continue
            if not RR.applies(idx, lang, bool(via)):
                rows.append((item, None, None, None))
                continue
            account = RR.account_of(q, lang)
            near = RR.near_of(idx, q, exclude={path.stem})
            cand = RR.candidates(ranked, account, near)
            feats = RR.features(idx, q, cand, parts, lang, S.SIT_PREFIX, heads, account, near)
            X = np.array([[f[n] for n in names] for f in feats])
            y = np.array([float(any(S._target_in(t, [k.split(":", 1)[1], k]) for t in item["targets"]))
                          for k, _ in cand])
            rows.append((item, X, y, [k for k, _ in cand]))
        out[name] = rows
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


def recall(idx, rows, model=None, k: int = 3) -> float:
    """Queries of ``rows`` with a target in the first ``k`` (those the second stage applies to)."""
    hit, heads = 0, S.heading_only(idx)
    for _, X, y, keys in rows:
        if X is None:
            continue   # counted apart: the first stage's answer
        if model is None:
            order = list(range(len(y)))
        else:
            order = RR.arrange(idx, keys, list(((X - model[0]) / model[1]) @ model[2]), heads)
        hit += bool(y[order[:k]].sum() > 0)
    return hit


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cv", action="store_true", help="leave one set out: recall@3 without and with the model")
    ap.add_argument("--write", action="store_true", help="fit on every training set and write graph/rerank.yaml")
    args = ap.parse_args(argv)
    idx = S.load_index()
    t0 = time.perf_counter()
    remember(idx, TRAIN)
    data = candidates(idx, TRAIN)
    print(f"features of {sum(len(v) for v in data.values())} queries in {time.perf_counter() - t0:.1f} s")
    names = list(RR.FEATURES)
    if args.cv:
        print("\n| set left out | queries | first stage recall@3 | with the second stage |\n| --- | --- | --- | --- |")
        tot = [0, 0, 0]
        for held in data:
            m = fit([r for nm in data if nm != held for r in data[nm]])
            rows = data[held]
            # a query the second stage does not apply to keeps the first stage's answer
            extra = 0
            for item, X, _, _ in rows:
                if X is None:
                    try:
                        keys = S.search_keys(item["q"], item["lang"], 3, idx)
                    except S.SearchError:
                        keys = []
                    extra += any(S._target_in(t, keys) for t in item["targets"])
            b, r = recall(idx, rows) + extra, recall(idx, rows, m) + extra
            tot = [tot[0] + len(rows), tot[1] + b, tot[2] + r]
            print(f"| {held} | {len(rows)} | {b / len(rows):.1%} | {r / len(rows):.1%} |")
        print(f"| all, each left out once | {tot[0]} | {tot[1] / tot[0]:.1%} | {tot[2] / tot[0]:.1%} |")
    if args.write:
        mu, sd, w = fit([r for v in data.values() for r in v])
        when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        lines = [
            "# The search's second stage (graph/search_rerank.py): a linear score of each candidate's features,",
            "# standardised by their mean and spread. Written by benchmarks/fit_rerank.py --write; do not edit by hand.",
            f"# Fitted {when} on {', '.join(TRAIN)} ({sum(len(v) for v in data.values())} queries,",
            f"# the first {RR.N} candidates of each), softmax over each query's candidates, L2 {L2}, {STEPS} steps.",
            "# How well it generalises: python benchmarks/fit_rerank.py --cv (leave one set out), and the held-out",
            f"# sets written after it (benchmarks/search_heldout{len(TRAIN)}.yaml on), never read by the fitting.",
            "features:",
        ]
        for n, a, b, c in zip(names, mu, sd, w):
            lines.append(f"  - {{name: {n}, mean: {a:.6g}, sd: {b:.6g}, weight: {c:.6g}}}")
        lines.append("# the memory (features mem_best, mem_sum): the labelled queries of these sets, read with the index")
        lines.append("memory:")
        lines += [f"  - {p.relative_to(RR.ROOT)}" for p in TRAIN.values()]
        RR.MODEL_PATH.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {RR.MODEL_PATH}")
        for n, c in sorted(zip(names, w), key=lambda x: -abs(x[1])):
            print(f"  {n:16s} {c:+.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
