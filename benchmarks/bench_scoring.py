"""How long scoring takes: every possible result (2940), IMPs, weighted adjusted scores.

    cd /work/main && PYTHONPATH=. .venv/bin/python benchmarks/bench_scoring.py [--repeat N]

Prints figures only; nothing here asserts a speed.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from laws import scoring as S  # noqa: E402


def _notation(c: S.Contract, tricks: int) -> str:
    diff = tricks - c.tricks_needed
    return f"{c}" + ("=" if diff == 0 else f"{diff:+d}")


def timed(fn, repeat: int) -> tuple[float, float]:
    """(best, median) wall time of ``fn()`` in seconds over ``repeat`` runs."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args(argv)

    cases = [(c, n, vul) for c, n in S.all_results() for vul in (False, True)]
    texts = [(_notation(c, n), vul) for c, n, vul in cases]
    assert len(cases) == 2940
    diffs = list(range(-8000, 8001, 10))
    components = ["4S=:100/3", "4S-1:100/3", "5SX-2:100/3"]

    rows = [
        ("score(): all 2940 results", len(cases),
         lambda: [S.score(c, n, vul).total for c, n, vul in cases]),
        ("parse + score: all 2940 results as text", len(texts),
         lambda: [S.score_result(t, vulnerable=vul).total for t, vul in texts]),
        ("to_dict(): all 2940 results", len(cases),
         lambda: [S.score(c, n, vul).to_dict() for c, n, vul in cases]),
        (f"imps(): {len(diffs)} differences", len(diffs), lambda: [S.imps(d) for d in diffs]),
        ("adjusted_score(): 3 components, IMPs against 420", 1000,
         lambda: [S.adjusted_score(components, against=420).weighted_imps for _ in range(1000)]),
    ]
    print(f"Python {sys.version.split()[0]}, best and median of {args.repeat} runs")
    print(f"{'what':<52} {'n':>6} {'best ms':>9} {'median ms':>10} {'µs each':>9}")
    for name, n, fn in rows:
        best, median = timed(fn, args.repeat)
        print(f"{name:<52} {n:>6} {best * 1e3:>9.2f} {median * 1e3:>10.2f} {best / n * 1e6:>9.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
