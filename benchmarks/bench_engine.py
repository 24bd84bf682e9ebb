"""The ruling engine at scale: ``rule`` against ``auction`` over thousands of random records, and timings.

    cd /work/main && PYTHONPATH=. .venv/bin/python benchmarks/bench_engine.py [--n 5000] [--seed 2007] [--edition E]

Runs the agreement property of ``tests/laws/rulings/test_rule_agreement.py`` (the ruling and the replay agree on
every call's status, the obligations, next, contract and declarer; the tree's next and obligations are
what the replay applied; no question the record answers) over ``--n`` seeded random records, and
prints how many records, irregularities, rulings and questions it saw, the questions per ruling, and
the time per ``rule`` call. Nothing here asserts a speed; a disagreement is printed and exits 1.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from laws.rulings import auction as A  # noqa: E402
from laws.rulings import trees as R  # noqa: E402
from laws.rulings.rule import rule  # noqa: E402
from tests.laws.rulings.test_rule_agreement import LEGAL_ISH, ODD, check_agreement  # noqa: E402


def record(rng: random.Random) -> tuple[str, str, dict]:
    toks = []
    for _ in range(rng.randint(1, 10)):
        k = rng.randint(0, 9)
        if k <= 5:
            toks.append(rng.choice(LEGAL_ISH))
        elif k == 6:
            toks.append(rng.choice(A.SEATS) + ":" + rng.choice(LEGAL_ISH))
        elif k == 7:
            toks.append(rng.choice(ODD))
        elif k == 8:
            toks.append("TD")
        else:
            toks.append("AP")
    facts = {k: rng.choice(["yes", "no"]) for k in ("artificial", "same_meaning", "unintended", "pause")}
    return rng.choice(A.SEATS), " ".join(toks), facts


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=2007)
    ap.add_argument("--edition", default=None, help="the edition of the Laws to rule by (default: the default edition)")
    args = ap.parse_args()
    ed = args.edition or R.default_edition()
    rng = random.Random(args.seed)
    seen = valid = rulings = needs = 0
    times, bad = [], []
    for _ in range(args.n):
        dealer, rec, facts = record(rng)
        seen += 1
        try:
            state = A.replay(rec, dealer, facts, ed)
        except A.AuctionError:
            continue
        valid += 1
        if state.irregularities:
            t0 = time.perf_counter()
            try:
                d = rule(dealer, rec, facts, None, ed)
            except Exception as e:  # noqa: BLE001 - reported, not raised
                bad.append((dealer, rec, facts, repr(e)))
                continue
            times.append(time.perf_counter() - t0)
            rulings += d["status"] == "ruling"
            needs += d["status"] == "needs"
        try:
            check_agreement(dealer, rec, facts, ed)
        except AssertionError as e:
            bad.append((dealer, rec, facts, str(e)))
    print(f"edition {ed}: records {seen}, valid {valid}, ruled {len(times)} (rulings {rulings}, questions {needs})")
    if times:
        print(f"rule(): median {statistics.median(times) * 1e3:.2f} ms, max {max(times) * 1e3:.2f} ms")
    for b in bad[:20]:
        print("DISAGREE", b)
    print("disagreements:", len(bad))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
