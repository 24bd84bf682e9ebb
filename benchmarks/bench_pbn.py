"""How fast a whole PBN file is read, replayed and checked against its tags (laws/rulings/pbn.py, pbn_check.py),
against replaying its games one by one as ``rulebook auction --pbn FILE --board N --game K`` does
(each call reads the file again).

    cd /work/main && PYTHONPATH=. .venv/bin/python benchmarks/bench_pbn.py [--games 7500] [--one-by-one 40]
    ... benchmarks/bench_pbn.py --write session.pbn      # keep the generated file

The file is synthetic and seeded: a club or BBO session as the results programs write it (Event,
Board, the four players, Dealer, Vulnerable, Deal, Declarer, Contract, Result, Score, the
auction), twelve tables per board, about 2 MB for 7,500 games. A few games carry what real files carry: the passes before the first bid left out (every
40th game), a Contract tag without the double (every 90th), an accepted insufficient bid marked
``^I`` (every 150th), an unfinished auction ``+`` (every 500th), ``#`` inheritance of the Event.

Three figures: the whole file in one pass (read + replay + checks, the work of ``rulebook auction
--pbn FILE --json``, without the JSON), its parts, and the games one by one: for ``--one-by-one``
games picked evenly, the file read and the game replayed each time; the total for every game is
that mean times the number of games (stated as an extrapolation). Prints figures only.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_auction import random_auction  # noqa: E402

from laws import scoring as SC  # noqa: E402
from laws.rulings import auction as A  # noqa: E402
from laws.rulings import pbn as PB  # noqa: E402
from laws.rulings import pbn_check as PC  # noqa: E402

VUL = ["None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS", "All", "None", "NS", "EW"]
NAMES = ["Ana", "Bram", "Chiara", "Dirk", "Elena", "Femke", "Giulia", "Hugo", "Inés", "Joost", "Karel", "Lucía",
         "Marco", "Noor", "Óscar", "Pieter", "Rosa", "Sanne", "Tomás", "Valentina"]


def _deal(rng: random.Random, dealer: str) -> str:
    cards = [s + r for s in "SHDC" for r in "AKQJT98765432"]
    rng.shuffle(cards)
    hands = []
    for h in range(4):
        hand = cards[13 * h: 13 * h + 13]
        hands.append(".".join("".join(r for r in "AKQJT98765432" if s + r in hand) for s in "SHDC"))
    return f"{dealer}:{' '.join(hands)}"


def game_text(i: int, rng: random.Random, tables: int) -> str:
    board = i // tables + 1
    dealer = A.SEATS[(board - 1) % 4]
    vul = VUL[(board - 1) % 16]
    record = random_auction(rng)
    state = A.replay(record, dealer)
    contract = str(state.contract) if state.contract else "Pass"
    declarer = state.declarer or ""
    written = record
    if i % 40 == 7 and state.contract:           # a converter that drops the passes before the first bid
        calls = record.split()
        while calls and calls[0] == "P":
            calls.pop(0)
        written = " ".join(calls)
    if i % 90 == 11 and contract.endswith("X"):    # a Contract tag without the double
        contract = contract.rstrip("X")
    result = score = ""
    if i % 150 == 13:                             # an accepted insufficient bid, PBN 3.9
        written, contract, declarer = "1S ^I 1H P P P", "1H", A.lho(dealer)
    elif i % 500 == 17 and state.contract:        # an unfinished auction, the contract in the tags
        written = " ".join(written.split()[:-2] + ["+"])
    elif state.contract:
        tricks = max(0, min(13, state.contract.level + 6 + rng.choice([-2, -1, 0, 0, 0, 1, 1, 2])))
        c = SC.Contract(state.contract.level, state.contract.denomination, len(state.contract.risk), state.declarer)
        pts = SC.score(c, tricks, c.side in SC.parse_vulnerability(vul)).total
        side = c.side
        result, score = str(tricks), f"{side} {pts}"
    calls = written.split()
    lines = [" ".join(calls[k:k + 4]) for k in range(0, len(calls), 4)]
    players = rng.sample(NAMES, 4)
    event = '"Club session 2024.03.12"' if i % tables == 0 else '"#"'
    return "\n".join([
        f"[Event {event}]", f'[Board "{board}"]',
        f'[West "{players[0]}"]', f'[North "{players[1]}"]', f'[East "{players[2]}"]', f'[South "{players[3]}"]',
        f'[Dealer "{dealer}"]', f'[Vulnerable "{vul}"]', f'[Deal "{_deal(rng, dealer)}"]',
        f'[Declarer "{declarer}"]', f'[Contract "{contract}"]', f'[Result "{result}"]', f'[Score "{score}"]',
        f'[Auction "{dealer}"]', *lines, ""])


def make_file(games: int, seed: int = 27, tables: int = 12) -> str:
    rng = random.Random(seed)
    return "% PBN 2.1\n% EXPORT\n" + "\n".join(game_text(i, rng, tables) for i in range(games))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=7500)
    p.add_argument("--one-by-one", type=int, default=40, metavar="N",
                   help="games replayed one by one, each with the file read again (default 40)")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--write", metavar="FILE", help="also write the generated file there")
    args = p.parse_args(argv)
    text = make_file(args.games)
    if args.write:
        Path(args.write).write_text(text, encoding="utf-8")
    size = len(text.encode("utf-8"))
    print(f"file: {args.games} games, {size / 1e6:.2f} MB (synthetic, seed 27)")
    best_read = best_all = float("inf")
    reports = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        pbn = PB.read_pbn(text)
        t1 = time.perf_counter()
        reports = PC.replay_file(pbn)
        t2 = time.perf_counter()
        best_read, best_all = min(best_read, t1 - t0), min(best_all, t2 - t0)
    warned = sum(1 for r in reports if r.findings)
    print(f"whole file, one pass: {best_all:.2f} s (read {best_read:.2f} s, replay and checks "
          f"{best_all - best_read:.2f} s); best of {args.repeat}; {len(reports)} games, {warned} with findings")
    n = max(1, min(args.one_by_one, args.games))
    picks = [round(k * (args.games - 1) / max(n - 1, 1)) for k in range(n)]
    t0 = time.perf_counter()
    for k in picks:
        game = PB.read_pbn(text).games[k]      # as a --board N --game K call: the file read again
        PC.check_game(game)
    each = (time.perf_counter() - t0) / n
    print(f"one by one: {each:.2f} s a game (mean of {n}); every game so: {each * args.games:.0f} s "
          f"(extrapolated; {each * args.games / best_all:.0f}x the one pass)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
