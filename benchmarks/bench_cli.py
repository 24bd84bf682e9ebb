"""How long `rulebook show 27B1a` takes as a whole process (issue: well under half a second).

    python3 run.py bench            # all benchmarks
    .venv/bin/python benchmarks/bench_cli.py [--runs N]

Measures wall-clock time of the full process (interpreter start, imports, corpus load, output),
cold (no corpus cache on disk) and warm (cache present), and the in-process corpus parse.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def command() -> list[str]:
    script = Path(sys.executable).parent / "rulebook"
    return [str(script)] if script.exists() else [sys.executable, "-m", "cli"]


def timed(cmd, env) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args()
    cache = tempfile.mkdtemp(prefix="rulebook-bench-")
    env = dict(os.environ, RULEBOOK_CACHE=cache, PYTHONPATH=str(ROOT))
    cmd = command() + ["show", "27B1a", "--json"]
    cold = []
    for _ in range(max(3, args.runs // 4)):
        shutil.rmtree(cache, ignore_errors=True)
        cold.append(timed(cmd, env))
    warm = [timed(cmd, env) for _ in range(args.runs)]
    sys.path.insert(0, str(ROOT))
    from laws import corpus

    parse = []
    for _ in range(5):
        t0 = time.perf_counter()
        corpus.parse_all()
        parse.append(time.perf_counter() - t0)
    shutil.rmtree(cache, ignore_errors=True)
    ms = lambda xs: f"median {statistics.median(xs) * 1000:.0f} ms, max {max(xs) * 1000:.0f} ms"
    print(f"rulebook show 27B1a (whole process, warm cache, {len(warm)} runs): {ms(warm)}")
    print(f"rulebook show 27B1a (whole process, cold cache, {len(cold)} runs): {ms(cold)}")
    print(f"corpus parse + citation resolution in process (5 runs): {ms(parse)}")


if __name__ == "__main__":
    main()
