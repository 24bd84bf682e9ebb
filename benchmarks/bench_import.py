"""How long `rulebook import` takes on the corpus's publications, and whether it regenerates them.

    python benchmarks/bench_import.py [--runs 5]

For each publication of publications.yaml: the median time of importing all its sources into a
temporary folder (in process, the corpus already loaded), and the number of differences between the
imported provisions and the committed ones (key, parent, heading, text, notes, cites: 0 expected).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from laws import corpus as C  # noqa: E402
from laws import importer as I  # noqa: E402
from laws import registry as R  # noqa: E402

FIELDS = ("key", "parent", "heading", "text", "notes", "cites")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    corpus = C.load()
    for pub, facts in R.publications().items():
        times, cpu = [], []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as d:
                t0, c0 = time.perf_counter(), time.process_time()
                res = I.run([], pub, out=d)   # no page named: the publication's own sources
                times.append(time.perf_counter() - t0)
                cpu.append(time.process_time() - c0)
        want = {p.to_dict(corpus)["key"]: p.to_dict(corpus) for p in corpus.provisions() if p.pub.id == pub}
        got = {d["key"]: d for d in res.to_dict()["provisions"]}
        diff = sum(1 for k in set(want) | set(got)
                   if k not in want or k not in got or any(want[k][f] != got[k][f] for f in FIELDS))
        print(f"{pub}: {len(got)} provisions, median {statistics.median(times) * 1000:.0f} ms wall, "
              f"{statistics.median(cpu) * 1000:.0f} ms CPU over {args.runs} runs, {diff} differences from the committed corpus")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
