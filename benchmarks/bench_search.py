"""How well and how fast ``rulebook search`` finds the governing provision (graph/search.py).

    cd /work/main && PYTHONPATH=. .venv/bin/python benchmarks/bench_search.py [--set tuning|heldout|heldout2|...|heldout36]
        [--repeat N] [--misses] [--without-situations] [--without-rerank]

Runs every query of ``benchmarks/search_eval.yaml`` (or of a held-out set; written the way directors speak, in es, nl
and it, some across languages) through the search and through a plain substring search (a
Ctrl-F of the whole query, case and accents folded) in the same run, and reports recall@1 and
recall@3 of both (and the search's recall@5), by language; then the latency of a query with the index loaded (median and
p95 over all eval queries, each run ``--repeat`` times), and the time to build and to load the
index. Prints figures only; nothing here asserts a speed.
"""
from __future__ import annotations

import argparse
import pickle
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from graph import search as S  # noqa: E402
from graph import search_rerank as RR  # noqa: E402
from laws import corpus as C  # noqa: E402


SETS = {"tuning": S.EVAL, "heldout": S.HELDOUT,
        **{f"heldout{n}": getattr(S, f"HELDOUT{n}") for n in range(2, 37)}}


def percentile(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    i = min(len(xs) - 1, max(0, int(round(p / 100 * len(xs) + 0.5)) - 1))
    return xs[i]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=20, help="runs of each query for the latency")
    ap.add_argument("--misses", action="store_true", help="list the queries missed at 3")
    ap.add_argument("--without-situations", action="store_true",
                    help="index without the situations (graph/situations/): what they add")
    ap.add_argument("--without-rerank", action="store_true",
                    help="the first stage alone (no graph/search_rerank.py): what the second stage adds")
    ap.add_argument("--set", choices=tuple(SETS), default="tuning",
                    help="the tuning set (search_eval.yaml) or a held-out set (search_heldoutN.yaml; which were "
                         "studied, which the second stage learnt from and which measure it: each file's header "
                         "and the README's Search section); a set of the second stage's memory is left out of it")
    args = ap.parse_args(argv)

    if args.without_rerank:
        S.RERANK = False
    corpus = C.load()
    t0 = time.perf_counter()
    idx = S.build(corpus, situations={} if args.without_situations else None)
    t_build = time.perf_counter() - t0
    blob = pickle.dumps(idx, protocol=pickle.HIGHEST_PROTOCOL)
    loads = []
    for _ in range(5):
        t0 = time.perf_counter()
        pickle.loads(blob)
        loads.append(time.perf_counter() - t0)
    t_load = statistics.median(loads)
    S._INDEX = idx

    queries = S.load_eval(SETS[args.set])
    langs = ["es", "nl", "it", "en"]
    # a set the second stage learnt from is in its memory: leave it out there, so it is measured as if new
    # (its model weights were still fitted on it: fit_rerank.py --cv gives the honest figure for those sets)
    in_memory = idx.memory is not None and SETS[args.set].stem in set(idx.memory.sets)
    with RR.leave_out(SETS[args.set]):
        ours = S.evaluate(queries, lambda q, lg: S.search_keys(q, lg, 3, idx))
        ours["recall@5"] = S.evaluate(queries, lambda q, lg: S.search_keys(q, lg, 5, idx), ks=(5,))["recall@5"]
        base = S.evaluate(queries, lambda q, lg: S.substring_search(q, lg, 3, corpus))
        by_lang = {}
        for lg in langs + ["cross"]:
            sub = [q for q in queries if (q["cross"] if lg == "cross" else q["lang"] == lg)]
            if sub:
                by_lang[lg] = (len(sub), S.evaluate(sub, lambda q, l: S.search_keys(q, l, 5, idx), ks=(1, 3, 5)),
                               S.evaluate(sub, lambda q, l: S.substring_search(q, l, 3, corpus)))

        times = []
        for _ in range(max(1, args.repeat)):
            for item in queries:
                t0 = time.perf_counter()
                try:
                    S.search(item["q"], item["lang"], 10, index=idx)
                except S.SearchError:
                    pass
                times.append((time.perf_counter() - t0) * 1000)

    n_docs = len(idx.docs)
    print(f"index: {n_docs} provision texts, {len(idx.concept_labels)} glossary concepts, "
          f"{len(idx.postings)} index terms; built in {t_build * 1000:.0f} ms, "
          f"loaded from its cache in {t_load * 1000:.1f} ms (median of 5; {len(blob) / 1e6:.1f} MB)")
    print(f"eval set ({args.set}): {len(queries)} queries ({', '.join(f'{lg} {by_lang[lg][0]}' for lg in by_lang)})")
    if in_memory:
        print("  (a set the second stage was fitted on: left out of its memory here; its weights still saw it)")
    print()
    print("| queries | search recall@1 | search recall@3 | search recall@5 | substring recall@1 | substring recall@3 |")
    print("| --- | --- | --- | --- | --- | --- |")
    print(f"| all {ours['n']} | {ours['recall@1']:.0%} | {ours['recall@3']:.0%} | {ours['recall@5']:.0%} | "
          f"{base['recall@1']:.0%} | {base['recall@3']:.0%} |")
    for lg, (n, o, b) in by_lang.items():
        name = "across languages" if lg == "cross" else lg
        print(f"| {name} ({n}) | {o['recall@1']:.0%} | {o['recall@3']:.0%} | {o['recall@5']:.0%} | "
              f"{b['recall@1']:.0%} | {b['recall@3']:.0%} |")
    print(f"\nlatency, index loaded, {len(times)} queries ({args.repeat} runs of each eval query, limit 10): "
          f"median {statistics.median(times):.2f} ms, p95 {percentile(times, 95):.2f} ms, max {max(times):.2f} ms")
    if args.misses:
        print("\nmissed at 3:")
        for item, keys in ours["misses"]:
            print(f"  [{item['lang']}] {item['q']!r}: want {item['targets']}, got {keys}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
