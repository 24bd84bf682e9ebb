"""How well the account reader (graph/search/account.py) reads directors' accounts as auction records.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_account.py CORPUS [--half dev|test|both] [--misses]

``CORPUS``: a YAML list of accounts, each ``{id, lang, text, dealer, record, provision_2007}`` (``record`` and
``dealer`` null for a story that tells no auction to rule: an explanation, a hesitation, the play), written by a
writer who never read the reader. Ids ending in an even number are the **development half** (read, worked on);
the others the **test half**, measured once on a final state and never read: ``--half test`` prints its figures
only, never its accounts, and ``--misses`` lists development accounts only.

Reports per half and language:

- **auction stories**: how many the reader reads at all, how many as the very record and dealer the writer
  gives, and how often the engine's decisive provision from the reader (``Account.decisive``, in the 2007
  edition, through the correspondence tables when another edition's trees ruled) is the writer's 2007 provision;
- **other stories**: how many the reader wrongly reads as an auction (a wrong record is worse than none: the
  engine then rules on a false auction).

The reader is called as the search calls it, with the editions of the trees in the order tried for the
account's language (the edition of that language's text first). Prints figures only; asserts nothing.
"""
from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from graph import search as S  # noqa: E402
from graph.search import account as ACC  # noqa: E402
from laws.rulings import auction as A  # noqa: E402

EDITION = "2007"     # the edition of the writer's decisive provision


def calls_of(record: str, dealer: str) -> tuple:
    """The record as the writer and the reader may both write it: each call with its caller (a call in rotation
    may or may not carry its seat, «AP» is the three passes that end the auction), a TD at the end left out
    (the director called after the last call told)."""
    out, seat = [], dealer
    for tok in record.split():
        if tok == "TD":
            out.append(("TD", ""))
            continue
        if ":" in tok:
            seat, tok = tok.split(":", 1)
        for call in ("P", "P", "P") if tok == "AP" else (tok,):
            out.append((seat, call))
            seat = A.lho(seat)
    while out and out[-1][0] == "TD":
        out.pop()
    return tuple(out)


def same(a, item: dict) -> bool:
    return calls_of(a.record, a.dealer) == calls_of(item["record"], item["dealer"])


def half_of(item: dict) -> str:
    """``dev`` for an id ending in an even number, ``test`` otherwise."""
    digits = "".join(c for c in str(item["id"]) if c.isdigit())
    return "dev" if digits and int(digits[-1]) % 2 == 0 else "test"


def score(items: list, idx) -> dict:
    """Per language (and ``all``): the counts of the report, and the development misses."""
    out: dict = defaultdict(lambda: defaultdict(int))
    misses = []
    for it in items:
        lang = it["lang"]
        mine = idx.lang_editions.get(lang)
        editions = ([mine] if mine else []) + [e for e in idx.editions if e != mine]
        a = ACC.read(it["text"], lang, editions)
        want = it.get("record")
        if (want is None) != (a is None) or (a is not None and want is not None and not same(a, it)):
            misses.append((it, a))
        for key in (lang, "all"):
            c = out[key]
            if it.get("record") is None:
                c["other"] += 1
                c["other_read"] += a is not None
                continue
            c["auction"] += 1
            if a is None:
                continue
            c["read"] += 1
            c["record"] += same(a, it)
            decisive = {k.split(":", 1)[1] for k in a.qualified(idx.corresponds, a.decisive())
                        if k.startswith(EDITION + ":")}
            c["decisive"] += it.get("provision_2007") in decisive
    return {"counts": out, "misses": misses}


def report(name: str, res: dict) -> list[str]:
    rows = [f"\n{name}\n", "| lang | auction stories | read | same record | decisive 2007 | other stories | read as an auction |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    for lang in ("es", "nl", "it", "en", "all"):
        c = res["counts"].get(lang)
        if not c:
            continue
        n = c["auction"] or 1
        rows.append(f"| {lang} | {c['auction']} | {c['read']} ({100 * c['read'] / n:.0f}%) | "
                    f"{c['record']} ({100 * c['record'] / n:.0f}%) | {c['decisive']} ({100 * c['decisive'] / n:.0f}%) | "
                    f"{c['other']} | {c['other_read']} |")
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus", type=Path, help="the accounts (YAML list, or a mapping with an 'accounts' list)")
    ap.add_argument("--half", choices=("dev", "test", "both"), default="dev",
                    help="dev: the even ids (default); test: the odd ids, figures only, once on a final state")
    ap.add_argument("--misses", action="store_true", help="list the development accounts not read as written")
    args = ap.parse_args(argv)
    data = yaml.safe_load(args.corpus.read_text(encoding="utf-8"))
    items = data["accounts"] if isinstance(data, dict) else data
    idx = S.load_index()
    halves = ("dev", "test") if args.half == "both" else (args.half,)
    for h in halves:
        res = score([it for it in items if half_of(it) == h], idx)
        print("\n".join(report(f"{h} half ({'development' if h == 'dev' else 'test: figures only'})", res)))
        if args.misses and h == "dev":
            for it, a in res["misses"]:
                got = f"{a.record} | {a.dealer} | {','.join(a.decisive())} ({a.edition})" if a else "-"
                print(f"- {it['id']} want {it.get('record')} | {it.get('dealer')} | {it.get('provision_2007')}"
                      f"\n  got  {got}\n  {it['text']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
