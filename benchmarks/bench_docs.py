"""How long the Sphinx sites take to build: all four sites from scratch, an incremental build
with nothing changed, and an incremental build after one law file is touched.

    cd /work/main && PYTHONPATH=. .venv/bin/python benchmarks/bench_docs.py [--repeat N] [--law FILE]

The sites are built into a temporary directory (as ``python -m docs.build`` does into
docs/_build), in parallel processes, with ``-W -n``. "Touching" a law sets the modification time
of its YAML file to now (its content is unchanged) and puts the old time back afterwards; the
incremental build then re-reads the pages that show that law's provisions, cite them or are cited
by them, in every site. Prints figures only; nothing here asserts a speed.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from docs import build as B  # noqa: E402

DEFAULT_LAW = ROOT / "laws" / "data" / "es-aeb-2007" / "27.yaml"


def run(out: Path, incremental: bool) -> tuple[float, list]:
    t0 = time.perf_counter()
    results = B.build(B.SITE_LANGS, out=out, incremental=incremental)
    seconds = time.perf_counter() - t0
    bad = [r for r in results if not r.ok]
    if bad:
        raise SystemExit(f"the docs build failed: {[(r.lang, r.warnings[:3]) for r in bad]}")
    return seconds, results


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="incremental builds timed (median reported)")
    ap.add_argument("--law", type=Path, default=DEFAULT_LAW, help="the law file to touch")
    args = ap.parse_args(argv)
    repeat = max(1, args.repeat)
    cpus = os.cpu_count()
    with tempfile.TemporaryDirectory(prefix="rulebook-docs-bench-") as tmp:
        out = Path(tmp)
        full, results = run(out, incremental=False)
        pages = sum(1 for r in results for _ in r.html.rglob("*.html"))
        print(f"docs: full build of {len(results)} sites ({pages} HTML pages), {cpus} CPUs: {full:.1f} s "
              f"({', '.join(f'{r.lang} {r.seconds:.1f} s' for r in results)})")
        same = []
        for _ in range(repeat):
            s, results = run(out, incremental=True)
            assert not any(r.full for r in results), "an incremental build was full: code or catalogs changed meanwhile"
            same.append(s)
        print(f"docs: incremental build, nothing changed: median {statistics.median(same):.1f} s "
              f"(max {max(same):.1f} s, {repeat} runs)")
        law = args.law.resolve()
        st = law.stat()
        touched = []
        try:
            for _ in range(repeat):
                os.utime(law, None)
                s, results = run(out, incremental=True)
                touched.append(s)
        finally:
            os.utime(law, ns=(st.st_atime_ns, st.st_mtime_ns))
        print(f"docs: incremental build after touching {law.relative_to(ROOT)}: median "
              f"{statistics.median(touched):.1f} s (max {max(touched):.1f} s, {repeat} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
