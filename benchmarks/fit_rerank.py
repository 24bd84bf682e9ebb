"""Fit the search's second stage (graph/search/rerank.py) on its labelled queries, and measure it.

    PYTHONPATH=. .venv/bin/python benchmarks/fit_rerank.py [--cv [--folds K] [--seed S]] [--write]

The training data is the package's labelled queries (``graph/search/data/labelled/``, one file per
writer's set; the search's own authors' three files are one writer), never the frozen test split
(``benchmarks/search_heldout33-36.yaml``, :mod:`search_harness`). For every query the first stage gives
its first ``N`` candidates; each candidate's features are computed exactly as the search computes them,
with the query's own writer left out of the memory (as a new writer's query would be), and labelled by
whether it is one of the query's targets. The model is a score of the standardised features: linear, plus
:data:`HIDDEN` tanh units (how features weigh together), fitted by a softmax over each query's candidates
(maximising the probability of its targets), with an L2 penalty, by full-batch Adam from a seeded start
(deterministic).

``--cv`` measures it on what it was fitted on, honestly: leave one writer out (of the fitting and of
the memory), fit on the others, measure recall@1 and @3 on the one left out (the same provision in two
editions takes one place, as on the search's lines). ``--folds K`` groups the writers into K folds instead
(each writer in one, left out of the fitting with its fold and of the memory alone: quicker, for screening
an idea before the full measure); ``--seed S`` starts the fitting elsewhere: on 8 folds, three seeds gave
recall@1 within 0.3 points of each other, the noise a change must clear.
``--write`` fits on every writer
and writes ``graph/search/data/model.yaml``. The frozen split is never read here.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

# one thread for the matrix products: on a shared machine of two cores, BLAS's threads cost more than they give
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from graph import search as S  # noqa: E402
from graph.search import data as D  # noqa: E402
from graph.search import labelled as LAB  # noqa: E402
from graph.search import memory as MEM  # noqa: E402
from graph.search import rank as RANK  # noqa: E402
from graph.search import keys as KEYS  # noqa: E402
from graph.search import rerank as RR  # noqa: E402
from laws import registry as REG  # noqa: E402

HIDDEN = 8      # hidden units (0: a linear model)
L2 = 1e-3
STEPS = 400
RATE = 0.02     # Adam's step
SEED = 0


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
            cited = _key_answer(idx, x)
            if cited is not None:   # a key asked: the search answers it by the key's path, as a user sees it
                rows.append((x, None, None, cited))
                continue
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
            feats = RR.features(idx, q, cand, parts, x.lang, account, near, exclude={writer})
            X = np.array([[f[n] for n in names] for f in feats])
            y = np.array([float(any(MEM.target_matches(t, k) for t in x.targets)) for k, _ in cand])
            rows.append((x, X, y, [k for k, _ in cand]))
        out[writer] = rows
    return out


def _key_answer(idx, x) -> list | None:
    """The ``EDITION:KEY`` of the first three answers when the query is a provision's key («Articolo 17 D 2»),
    as the search answers it (graph.search.run); None for a query that is not a key."""
    asked, bare = REG.split_qualified(" ".join(x.q.split()))
    key = KEYS.key_of_query(bare)
    found = KEYS.citation_hits(idx, key, x.lang, 3, asked) if key is not None else None
    if found is None:
        return None
    return [f"{h.laws_edition}:{h.key}" for h in found[0][:3]]


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


def fit(rows, seed: int = SEED) -> tuple:
    """``(mean, sd, linear weights, hidden units)`` fitted on ``rows``; each hidden unit ``(bias, out, weights)``.
    The candidates of every query are one matrix (queries x N rows, padding masked out of the softmax), so
    that each step is a few matrix products (about a third faster than per-query sums, the same model to
    the last printed digit)."""
    X, mask, y = _stack(rows)
    flat = X[mask]
    mu, sd = flat.mean(0), flat.std(0) + 1e-9
    Q, N, F = X.shape
    Z = ((X - mu) / sd * mask[..., None]).reshape(Q * N, F)
    pad = np.where(mask, 0.0, -np.inf)
    rng = np.random.default_rng(seed)
    P = {"w": np.zeros(F), "W1": rng.normal(0, 1 / np.sqrt(F), (F, HIDDEN)), "b1": np.zeros(HIDDEN),
         "w2": np.zeros(HIDDEN)}
    m1 = {k: np.zeros_like(v) for k, v in P.items()}
    m2 = {k: np.zeros_like(v) for k, v in P.items()}
    for t in range(1, STEPS + 1):
        A = np.tanh(Z @ P["W1"] + P["b1"])
        s = (Z @ P["w"] + A @ P["w2"]).reshape(Q, N) + pad
        p = np.exp(s - s.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        pos = p * y
        pos /= pos.sum(1, keepdims=True)
        g = ((p - pos) / Q).reshape(Q * N)             # d loss / d score
        dA = (g[:, None] * P["w2"]) * (1 - A ** 2)
        grads = {"w": g @ Z + L2 * P["w"], "w2": g @ A + L2 * P["w2"],
                 "W1": Z.T @ dA + L2 * P["W1"], "b1": dA.sum(0)}
        for k, gr in grads.items():
            m1[k] = 0.9 * m1[k] + 0.1 * gr
            m2[k] = 0.999 * m2[k] + 0.001 * gr ** 2
            P[k] -= RATE * (m1[k] / (1 - 0.9 ** t)) / (np.sqrt(m2[k] / (1 - 0.999 ** t)) + 1e-8)
    hidden = tuple((float(P["b1"][h]), float(P["w2"][h]), tuple(float(v) for v in P["W1"][:, h])) for h in range(HIDDEN))
    return mu, sd, P["w"], hidden


def score(model, X) -> list:
    """The model's score of each candidate (the rows of ``X``), as :func:`graph.search.rerank.score_rows` gives it."""
    mu, sd, w, hidden = model
    Z = (X - mu) / sd
    s = Z @ w
    for b, o, ws in hidden:
        s = s + o * np.tanh(b + Z @ np.array(ws))
    return list(s)


def ranked_keys(idx, row, model=None) -> list:
    """The lines of one row's candidates, best first (by the model's order, or the first stage's), each the
    keys it shows: as the search shows them, the same provision in two editions takes one line."""
    x, X, y, keys = row
    if X is not None and model is not None:
        keys = [keys[j] for j in RR.arrange(idx, keys, score(model, X))]
    return lines(idx, keys)


def lines(idx, keys: list) -> list[tuple]:
    """``keys`` (best first) as the search's lines: a provision whose lineage an earlier key has joins its line."""
    out: dict = {}
    for k in keys:
        out.setdefault(idx.lineage.get(k, k), []).append(k)
    return [tuple(v) for v in out.values()]


def place(row, lines_: list) -> int | None:
    """The place (1-based) of the first line showing one of the row's query's targets, or None."""
    x = row[0]
    return next((n for n, line in enumerate(lines_, 1)
                 if any(MEM.target_matches(t, k) for t in x.targets for k in line)), None)


def recall(idx, rows, model=None, k: int = 3) -> int:
    """Queries of ``rows`` with a target in the first ``k``: by the model's order, or the first stage's."""
    return sum(1 for r in rows if (p := place(r, ranked_keys(idx, r, model))) is not None and p <= k)


def write_model(mu, sd, w, hidden, n_queries: int, writers: list) -> None:
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "# The search's second stage (graph/search/rerank.py): a score of each candidate's features, standardised",
        "# by their mean and spread: linear, plus the hidden units below. Written by benchmarks/fit_rerank.py --write;",
        "# do not edit by hand.",
        f"# Fitted {when} on the labelled queries of graph/search/data/labelled/ ({n_queries} queries, {len(writers)}",
        f"# writers, each query's writer left out of the memory), the first {RR.N} candidates of each; softmax over",
        f"# each query's candidates, {HIDDEN} hidden units, L2 {L2}, {STEPS} steps of Adam ({RATE}), seed {SEED}.",
        "# Measured: fit_rerank.py --cv (leave one writer out) and",
        "# the frozen test split, never read by the fitting (benchmarks/bench_search.py).",
        "features:",
    ]
    for n, a, b, c in zip(RR.FEATURES, mu, sd, w):
        lines.append(f"  - {{name: {n}, mean: {a:.6g}, sd: {b:.6g}, weight: {c:.6g}}}")
    if hidden:
        lines.append("hidden:   # each unit: out * tanh(bias + the standardised features times weights, in their order)")
        for b, o, ws in hidden:
            lines.append(f"  - {{bias: {b:.6g}, out: {o:.6g}, weights: [{', '.join(f'{v:.6g}' for v in ws)}]}}")
    D.MODEL.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cv", action="store_true", help="leave one writer out: recall@1 and @3 without and with the model")
    ap.add_argument("--write", action="store_true", help="fit on every writer and write graph/search/data/model.yaml")
    ap.add_argument("--folds", type=int, metavar="K", help="with --cv: K folds of writers (each writer in one) "
                    "instead of leaving out one writer at a time: quicker, for screening")
    ap.add_argument("--seed", type=int, default=SEED, help="with --cv: the seed of the fitting's start")
    ap.add_argument("--misses", metavar="FILE", help="with --cv: write the queries not first (and where their "
                    "target stood, and the first three) to FILE, for the analysis of what decided first place")
    args = ap.parse_args(argv)
    idx = S.warm()
    t0 = time.perf_counter()
    groups = by_writer(LAB.load())
    data = candidates(idx, groups)
    print(f"features of {sum(len(v) for v in data.values())} queries of {len(data)} writers in "
          f"{time.perf_counter() - t0:.1f} s")
    if args.cv:
        print("\n| writer left out | queries | first stage @1 / @3 | with the second stage @1 / @3 |\n"
              "| --- | --- | --- | --- |")
        tot = [0, 0, 0, 0, 0]
        missed = []
        writers = list(data)
        folds = ([writers[f::args.folds] for f in range(args.folds)] if args.folds
                 else [[w] for w in writers])
        for held in folds:
            m = fit([r for nm in data if nm not in held for r in data[nm]], args.seed)
            rows = [r for nm in held for r in data[nm]]
            b1, b3, r1, r3 = (recall(idx, rows, mm, k) for mm in (None, m) for k in (1, 3))
            tot = [a + b for a, b in zip(tot, (len(rows), b1, b3, r1, r3))]
            print(f"| {', '.join(held)} | {len(rows)} | {b1 / len(rows):.1%} / {b3 / len(rows):.1%} | "
                  f"{r1 / len(rows):.1%} / {r3 / len(rows):.1%} |")
            for nm in held:
                for row in data[nm]:
                    keys = ranked_keys(idx, row, m)
                    p = place(row, keys)
                    if p != 1:
                        missed.append((nm, row[0], p, keys[:3]))
        n = tot[0]
        print(f"| all, each left out once | {n} | {tot[1] / n:.1%} / {tot[2] / n:.1%} | "
              f"{tot[3] / n:.1%} / {tot[4] / n:.1%} |")
        if args.misses:
            with open(args.misses, "w", encoding="utf-8") as f:
                for held, x, p, top in sorted(missed, key=lambda m: (m[2] or 99, m[0])):
                    f.write(f"{p or '-'}\t{held}\t{x.lang}\t{'/'.join(x.targets)}\t{' '.join('+'.join(line) for line in top)}\t{x.q}\n")
            print(f"wrote {len(missed)} queries not first to {args.misses}")
    if args.write:
        mu, sd, w, hidden = fit([r for v in data.values() for r in v])
        write_model(mu, sd, w, hidden, sum(len(v) for v in data.values()), list(data))
        print(f"wrote {D.MODEL}")
        for n, c in sorted(zip(RR.FEATURES, w), key=lambda x: -abs(x[1])):
            print(f"  {n:16s} {c:+.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
