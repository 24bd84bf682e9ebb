"""Practice exercises for players who study the Laws: the decision trees' worked examples and
auctions generated at random, each with the rectifications to choose from.

An exercise is plain data (dealer and auction, or a tree; the facts the director established);
its ruling always comes from :func:`laws.rulings.rule.rule`, never from here, and it stays in the
edition of the tree it comes from (the directory of the tree, ``laws/trees/<edition>/``). The choices are the distinct
rectifications of that tree's rulings (:func:`present.ruling.tree_rectifications`).
"""
from __future__ import annotations

import random

from laws.rulings import auction as A
from laws.rulings import rule as RU
from laws.rulings import trees as R

from . import ruling as PR

STRAINS = ("C", "D", "H", "S", "NT")
MAX_CHOICES = 4


def _exercise(source: str, ident: str, title: str | None, dealer, auction, facts: dict, tree: str | None,
              edition: str | None = None) -> dict:
    return {"source": source, "id": ident, "title": title, "dealer": dealer, "auction": auction,
            "facts": dict(facts or {}), "tree": tree, "edition": edition}


def solve(ex: dict) -> dict:
    """The engine's ruling on an exercise (untranslated), by the exercise's edition (default: the edition in force)."""
    if ex.get("auction"):
        return RU.rule(ex["dealer"], ex["auction"], ex["facts"], None, ex.get("edition"))
    return RU.rule(None, None, ex["facts"], ex["tree"], ex.get("edition"))


def worked_examples(edition: str | None = None) -> list[dict]:
    """The worked examples that end in a ruling of the trees of ``edition`` (every edition when None), in the trees'
    order; each exercise keeps its tree's edition."""
    out = []
    regs = R.all_trees() if edition is None else {edition: R.trees(edition)}
    for ed, reg in regs.items():
        for tid, tree in sorted(reg.items()):
            for i, ex in enumerate(tree.examples):
                if (ex.get("expect") or {}).get("status") != "ruling":
                    continue
                e = _exercise("example", f"{ed}/{tid}#{i}", ex.get("title"),
                              ex.get("dealer", "N") if ex.get("auction") else None, ex.get("auction"),
                              ex.get("facts") or {}, None if ex.get("auction") else tid, ed)
                out.append(e)
    return out


def _bid_rank(level: int, strain: str) -> int:
    return (level - 1) * 5 + STRAINS.index(strain)


def _bid(rank: int) -> str:
    return f"{rank // 5 + 1}{STRAINS[rank % 5]}"


def _walk_facts(ex: dict, rng: random.Random) -> dict | None:
    """Answer the engine's questions at random until it rules; the ruling, or None."""
    for _ in range(12):
        try:
            d = solve(ex)
        except (A.AuctionError, RU.RulingError):
            return None
        if d["status"] == "ruling":
            return d
        if d["status"] != "needs" or not d.get("options"):
            return None
        ex["facts"][d["fact"]] = rng.choice(list(d["options"]))
    return None


def generated(seed: int, edition: str | None = None) -> tuple[dict, dict]:
    """A generated exercise (an insufficient bid, or a call out of rotation) and its ruling, by ``edition`` (default:
    the edition in force)."""
    rng = random.Random(seed)
    for _ in range(50):
        dealer = rng.choice(A.SEATS)
        opening = rng.randrange(2, 15)  # 1NT .. 3S
        kind = rng.choice(("insufficient", "insufficient", "out_of_rotation", "pass_out_of_rotation"))
        seats = list(A.SEATS)
        i = seats.index(dealer)
        if kind == "insufficient":
            low = rng.randrange(0, opening)
            offender = seats[(i + 1) % 4]
            after = rng.choice(("", f"{offender}:{_bid(opening + rng.randrange(1, 6))}",
                                f"{offender}:P", ""))
            auction = f"{_bid(opening)} {_bid(low)} TD {after}".strip()
        elif kind == "out_of_rotation":
            offender = seats[(i + 2) % 4]
            auction = f"{_bid(opening)} {offender}:{_bid(opening + rng.randrange(1, 5))} TD"
        else:
            offender = seats[(i + rng.choice((1, 3))) % 4]
            auction = f"{offender}:P TD"
        ex = _exercise("generated", f"g{seed}", None, dealer, auction, {}, None, edition)
        d = _walk_facts(ex, rng)
        if d is not None and d.get("irregularity"):
            return ex, d
    raise RuntimeError("no exercise could be generated")  # pragma: no cover - the generators always succeed


def choices(d: dict, seed: int) -> list[tuple]:
    """The rectifications to choose from: the right one and up to three others of the same tree
    (and the trees it goes to), in a shuffled order."""
    right = PR.rectification(d)
    tree_id = RU.TREE_OF_KIND.get(d.get("irregularity"), d.get("tree")) or d.get("tree")
    # the other choices differ from the right one in what the law decides (who must pass, and how long), not only by
    # a clause (lead restrictions, Law 23, an adjusted score): one choice per pair of obligations
    others, pairs = [], {right[:2]}
    for r in PR.tree_rectifications(tree_id or d.get("tree"), d.get("laws_edition")):
        if r[:2] not in pairs:
            pairs.add(r[:2])
            others.append(r)
    rng = random.Random(seed)
    rng.shuffle(others)
    out = [right] + others[:MAX_CHOICES - 1]
    rng.shuffle(out)
    return out


def director_facts(ex: dict, d: dict) -> list[tuple[str, str]]:
    """The facts of the exercise the record does not show: what the director established."""
    from_record = d.get("facts_from_record") or {}
    used = d.get("facts_used") or {}
    return [(k, v) for k, v in ex["facts"].items() if k in used and k not in from_record]
