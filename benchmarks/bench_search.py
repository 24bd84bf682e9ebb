"""How well and how fast ``rulebook search`` finds the governing provision (graph/search/).

    PYTHONPATH=. .venv/bin/python benchmarks/bench_search.py [--misses] [--without-rerank] [--without-situations]
        [--repeat N] [--no-cli] [--latency]

Reports, in one run:

- **recall** on the frozen test split (``search_harness.FROZEN``: sets 33-36, 600 queries by four writers
  who never saw the search, never studied, never in the second stage's memory or fitting): recall@1, @3, @5
  overall, by language, across languages, by style (the laws' words, a director's account, colloquial),
  and on its *novel* queries (no near twin among the labelled queries the search learns from); beside it,
  in the same run, two peers over the same texts: SQLite's FTS5 with its BM25 ranking, and a Ctrl-F of the
  whole query;
- **the index**: the time to build it, its size, the time to open it;
- **latency in the process**: median and p95 of a query with the index read whole as ``graph.search.warm``
  reads it for the app (``store.materialize``: every part in memory, the memory of labelled queries in
  arrays, the known words' stems), wall time and the process's CPU time (what the machine's load adds
  little to): each query the first time the process sees it, then ``--repeat`` more times; and of the
  first query after opening the index lazily (a command-line search);
- **the command line** (unless ``--no-cli``): ``rulebook search`` against ``rulebook show 27B1a``, medians
  of five runs each, warm (the index in the set-up's directory, the cache warm) and with an empty cache
  (``RULEBOOK_CACHE`` a new empty directory, as on a fresh clone after ``python3 run.py setup``).

``--latency`` measures the index and the latencies only (no recall: the frozen split's queries are timed,
their answers never scored), for working on speed without reading the frozen split's figures.

Prints figures only; nothing here asserts a speed or a recall (the tests do not read the frozen split's
figures either: it is measured here, once per change of mechanism).
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import search_harness as H  # noqa: E402

from graph import search as S  # noqa: E402
from graph.search import build as B  # noqa: E402
from graph.search import store  # noqa: E402
from laws import corpus as C  # noqa: E402

ROOT = H.ROOT
STYLES = {"a": "laws' words", "b": "director's account", "c": "colloquial"}
CLI_QUERIES = ["insufficient bid", "mi compañero tardó mucho en pasar y luego subí",
               "Norte abre 1♣ y antes de que Este hable, Oeste dice paso"]


def percentile(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, int(round(p / 100 * len(xs) + 0.5)) - 1))]


def timed(item: dict, idx, clock=time.perf_counter) -> float:
    """Milliseconds of one search of ``item`` (limit 10) on ``idx``, by ``clock`` (wall or this process's CPU)."""
    t0 = clock()
    try:
        S.search(item["q"], item["lang"], 10, idx)
    except S.SearchError:
        pass
    return (clock() - t0) * 1000


def _cli(args: list[str], env: dict, n: int = 5, cpu: bool = False) -> float:
    """The median of ``n`` runs of ``rulebook ARGS``: wall time, or the command's CPU time (``cpu``)."""
    times = []
    for _ in range(n):
        r0, t0 = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
        subprocess.run([str(ROOT / ".venv" / "bin" / "rulebook"), *args], env=env, cwd=ROOT,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append((r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) if cpu else time.perf_counter() - t0)
    return statistics.median(times)


def cli_latency() -> list[str]:
    """``rulebook show`` and ``rulebook search``, warm and with an empty cache (medians of five)."""
    out = []
    env = dict(os.environ)
    show, show_cpu = _cli(["show", "27B1a"], env), _cli(["show", "27B1a"], env, cpu=True)
    out.append(f"warm cache (load average {os.getloadavg()[0]:.1f}): rulebook show 27B1a {show * 1000:.0f} ms "
               f"(CPU {show_cpu * 1000:.0f} ms)")
    for q in CLI_QUERIES:
        t, c = _cli(["search", q], env), _cli(["search", q], env, cpu=True)
        out.append(f"  rulebook search {q!r}: {t * 1000:.0f} ms ({t / show:.2f} x show; CPU {c * 1000:.0f} ms, "
                   f"{c / show_cpu:.2f} x show)")
    firsts_show, firsts_search = [], []
    for _ in range(5):
        with tempfile.TemporaryDirectory(prefix="rulebook-fresh-") as d:
            fresh = dict(os.environ, RULEBOOK_CACHE=d)
            firsts_show.append(_cli(["show", "27B1a"], fresh, 1))
        with tempfile.TemporaryDirectory(prefix="rulebook-fresh-") as d:
            fresh = dict(os.environ, RULEBOOK_CACHE=d)
            firsts_search.append(_cli(["search", CLI_QUERIES[0]], fresh, 1))
    fs, fq = statistics.median(firsts_show), statistics.median(firsts_search)
    where = "found" if store.file_name(store.fingerprint()) in {p.name for p in store.BUILT.glob("*.sqlite")} else \
        "NOT found (run python3 run.py setup)"
    out.append(f"empty cache (the set-up's index {where}): first rulebook show {fs * 1000:.0f} ms, first rulebook "
               f"search {fq * 1000:.0f} ms ({fq / fs:.2f} x show); medians of five, each in a new empty cache")
    return out


def recall_table(queries, rankers: dict) -> tuple[list[str], dict]:
    """A table of recall@1/@3/@5 of each ranker over ``queries`` and its parts."""
    parts = [("all", queries)]
    for lg in ("es", "nl", "it", "en"):
        sub = [q for q in queries if q["lang"] == lg]
        if sub:
            parts.append((lg, sub))
    parts.append(("across languages", [q for q in queries if q["cross"]]))
    for st, name in STYLES.items():
        parts.append((name, [q for q in queries if q.get("style") == st]))
    parts.append(("novel (no near twin in the labelled queries)", H.novel(queries)))
    head = "| queries | " + " | ".join(f"{n} @1 | {n} @3 | {n} @5" for n in rankers) + " |"
    lines = [head, "| --- " * (1 + 3 * len(rankers)) + "|"]
    results = {n: {} for n in rankers}
    for label, sub in parts:
        row = [f"{label} ({len(sub)})"]
        for n, r in rankers.items():
            ev = H.evaluate(sub, r)
            results[n][label] = ev
            row += [f"{ev['recall@1']:.1%}", f"{ev['recall@3']:.1%}", f"{ev['recall@5']:.1%}"]
        lines.append("| " + " | ".join(row) + " |")
    return lines, results


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs of each query for the in-process latency")
    ap.add_argument("--misses", action="store_true", help="list the frozen queries missed at 3")
    ap.add_argument("--without-situations", action="store_true", help="index without the situations")
    ap.add_argument("--without-rerank", action="store_true", help="the first stage alone")
    ap.add_argument("--no-cli", action="store_true", help="skip the command-line timings")
    ap.add_argument("--latency", action="store_true", help="the index and the latencies only: no recall measured")
    ap.add_argument("--final", action="store_true",
                    help="also measure search_frozen_en.yaml (English): once, on the final state")
    args = ap.parse_args(argv)

    corpus = C.load()
    t0 = time.perf_counter()
    idx = B.build(corpus, situations={} if args.without_situations else None, fingerprint=store.fingerprint())
    t_build = time.perf_counter() - t0
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "search.sqlite"
        t0 = time.perf_counter()
        store.save(idx, path)
        t_save = time.perf_counter() - t0
        size = path.stat().st_size
        t0 = time.perf_counter()
        lazy = store._open(path, idx.fingerprint)
        t_open = time.perf_counter() - t0
        queries = H.frozen()
        # the first query of a process, the index opened lazily (a command-line search)
        firsts = [timed(item, store._open(path, idx.fingerprint)) for item in queries[::10]]
        del lazy
    if args.without_rerank:
        idx.model = None
    print(f"index: {len(idx.meta)} provision texts, {len(idx.concept_labels)} glossary concepts, {len(idx.idf)} index "
          f"terms, memory of {len(idx.memory.targets) if idx.memory else 0} labelled queries; built in {t_build:.1f} s, "
          f"written in {t_save:.1f} s ({size / 1e6:.1f} MB), opened in {t_open * 1000:.1f} ms")

    store.materialize(idx)       # as warm() reads it for the app
    if not args.latency:
        rankers = {"search": H.search_ranker(idx), "FTS5 BM25": H.FTS5(corpus), "Ctrl-F": H.substring_ranker(corpus)}
        print(f"\nfrozen test split: {len(queries)} queries ({', '.join(H.FROZEN)}), measured in this run"
              + (" (first stage alone)" if args.without_rerank else "")
              + (" (without the situations)" if args.without_situations else ""))
        lines, results = recall_table(queries, rankers)
        print("\n".join(lines))
        if args.final and H.FROZEN_EN.is_file():
            english = H.load_set(H.FROZEN_EN)
            print(f"\n{H.FROZEN_EN.name}: {len(english)} queries, measured once, on the final state")
            print("\n".join(recall_table(english, rankers)[0]))

    print(f"\nlatency in the process, the index read whole as warm() reads it (limit 10; load average "
          f"{os.getloadavg()[0]:.1f}):")
    if args.latency:   # otherwise the recall tables above have seen every query already
        first = [timed(item, idx) for item in queries]
        print(f"  each query the first time the process sees it ({len(first)}): wall median "
              f"{statistics.median(first):.2f} ms, p95 {percentile(first, 95):.2f} ms, max {max(first):.1f} ms")
    runs = max(1, args.repeat)
    times, cpu = [], []
    for _ in range(runs):
        for item in queries:
            times.append(timed(item, idx))
            cpu.append(timed(item, idx, time.process_time))
    print(f"  {len(times)} searches ({runs} runs of each query): wall median {statistics.median(times):.2f} ms, "
          f"p95 {percentile(times, 95):.2f} ms, max {max(times):.1f} ms; CPU median {statistics.median(cpu):.2f} ms, "
          f"p95 {percentile(cpu, 95):.2f} ms, max {max(cpu):.1f} ms; load average {os.getloadavg()[0]:.1f}")
    print(f"first query after opening the index lazily ({len(firsts)} queries, each in a newly opened index): "
          f"median {statistics.median(firsts):.1f} ms, p95 {percentile(firsts, 95):.1f} ms")
    if not args.no_cli:
        print("\n" + "\n".join(cli_latency()))
    if args.misses:
        print("\nmissed at 3:")
        for item, keys in H.evaluate(queries, H.search_ranker(idx), ks=(3,))["misses"]:
            print(f"  [{item['lang']} {item.get('style')}] {item['q']!r}: want {item['targets']}, got {keys}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
