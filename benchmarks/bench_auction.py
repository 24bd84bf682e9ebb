"""How fast auction records are parsed and replayed (laws/rulings/auction.py).

    cd /work/main && PYTHONPATH=. .venv/bin/python benchmarks/bench_auction.py [--repeat N] [--n N]

Three workloads: ordinary auctions generated at random (seeded), a fixed set of records with
irregularities and director's calls, and PBN parsing. Prints figures only; nothing here
asserts a speed.
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
from laws.rulings import pbn as PB  # noqa: E402

IRREGULAR = [
    "1H 1D 2D P P P", "1H 1D TD 2D P P P", "1H 1D TD X 2D AP", "1H 1D TD 1C TD 2D AP", "E:1S N:1H AP",
    "E:1S S:P AP", "E:1S TD P 1S AP", "E:1S TD 1H 3C AP", "S:1S TD AP", "W:1S TD AP", "E:P TD P P AP",
    "1S W:P TD P AP", "1S P P 2H W:P N:P", "1S P P N:P 2S AP", "1S W:X TD AP", "1H P W:X TD 2H AP",
    "1S P X P 2S TD AP", "1H W:1S TD 2H TD AP", "1S P 8S P TD AP", "1S P P P 2H", "1D ^S ^I 1C AP",
]


def random_auction(rng: random.Random) -> str:
    """A legal auction: bids rise, doubles only where Law 19 allows, ends with three passes."""
    calls: list[str] = []
    last = None           # (level, denomination index)
    since_bid: list[str] = []
    while True:
        r = rng.random()
        if last is not None and len(since_bid) >= 3 and all(c == "P" for c in since_bid[-3:]):
            break
        if last is None and len(calls) == 4:
            break
        if r < 0.45 or (last is not None and last[0] == 7 and last[1] == 4):
            calls.append("P")
            since_bid.append("P")
            continue
        if r < 0.52 and last is not None and since_bid in ([], ["P", "P"]):
            calls.append("X")
            since_bid.append("X")
            continue
        level, den = last or (1, -1)
        options = [(lv, d) for lv in range(level, min(level + 2, 7) + 1) for d in range(5)
                   if (lv, d) > (level, den)]
        if not options:
            calls.append("P")
            since_bid.append("P")
            continue
        lv, d = rng.choice(options)
        calls.append(f"{lv}{A.DENOMINATIONS[d]}")
        last, since_bid = (lv, d), []
    return " ".join(calls)


def timed(fn, repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--n", type=int, default=2000, help="number of random auctions")
    args = ap.parse_args(argv)

    rng = random.Random(20070101)
    dealers = A.SEATS
    records = [(random_auction(rng), dealers[i % 4]) for i in range(args.n)]
    calls = sum(len(r.split()) for r, _ in records)
    parsed = [A.parse_record(r) for r, _ in records]
    irregular = [A.parse_record(r) for r in IRREGULAR]
    pbn = "\n\n".join(f'[Board "{i}"]\n[Dealer "{d}"]\n[Auction "{d}"]\n' + r.replace(" P", " Pass")
                      for i, (r, d) in enumerate(records[:500], 1))

    def parse_all():
        for r, _ in records:
            A.parse_record(r)

    def replay_all():
        for rec, (_, d) in zip(parsed, records):
            A.replay(rec, d)

    def both():
        for r, d in records:
            A.replay(r, d)

    def irregular_all():
        for _ in range(50):
            for rec in irregular:
                A.replay(rec, "N")

    def pbn_all():
        PB.parse_pbn(pbn)

    print(f"{args.n} random legal auctions, {calls} calls, best/median of {args.repeat} runs")
    for label, fn, units, unit in [
        ("parse", parse_all, args.n, "records"),
        ("replay (parsed)", replay_all, args.n, "records"),
        ("parse + replay", both, args.n, "records"),
        ("irregular records x50", irregular_all, 50 * len(IRREGULAR), "records"),
        ("parse_pbn (500 boards)", pbn_all, 500, "boards"),
    ]:
        best, med = timed(fn, args.repeat)
        print(f"  {label:<24} best {best * 1e3:8.1f} ms  median {med * 1e3:8.1f} ms  "
              f"{units / best:10.0f} {unit}/s  {best / units * 1e6:7.1f} µs each")
    if args.n:
        best, _ = timed(both, 1)
        print(f"  calls per second (parse + replay): {calls / best:,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
