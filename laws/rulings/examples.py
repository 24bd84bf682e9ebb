"""The worked examples of the decision trees: each tree's ``examples:`` are run through
:func:`laws.rulings.rule.rule` (with the auction record when the example has one, from its facts
alone otherwise) by the tests and by ``rulebook check``."""
from __future__ import annotations

from ..datafile import Finding
from .rule import rule
from .trees import Tree, TreeError, _norm_answer, all_trees, outcome_dict, walk


def _matches(expected, actual) -> bool:
    if isinstance(expected, bool) or isinstance(actual, bool):
        return _norm_answer(expected) == _norm_answer(actual)
    if isinstance(expected, list) and isinstance(actual, list):
        return [str(x) for x in expected] == [str(x) for x in actual]
    return str(expected) == str(actual)


def run_example(tree: Tree, ex: dict, rule_fn=rule) -> list[str]:
    """Run a worked example; return the differences from what it expects (empty: it passes).

    An example with ``auction`` (and ``dealer``) goes through ``rule_fn(dealer, auction, facts,
    None, edition)`` (the auction-aware ruling, by the tree's edition); one without walks the tree
    from its facts alone (the pure walk of :mod:`laws.rulings.trees`).
    """
    facts = {k: _norm_answer(v) for k, v in (ex.get("facts") or {}).items()}
    try:
        if ex.get("auction") is not None:
            got = rule_fn(ex.get("dealer", "N"), ex["auction"], facts, None, tree.edition)
        else:
            got = outcome_dict(walk(tree, facts), tree)
    except Exception as e:  # an example that cannot run is a failing example, with its reason
        return [f"raised {type(e).__name__}: {e}"]
    diffs = []
    for k, v in (ex.get("expect") or {}).items():
        if k not in got:
            diffs.append(f"{k}: expected {v!r}, the outcome has no such field")
        elif not _matches(v, got[k]):
            diffs.append(f"{k}: expected {v!r}, got {got[k]!r}")
    return diffs


def check_examples(corpus=None) -> list:
    out = []
    try:
        regs = all_trees()
    except TreeError:
        return out  # reported by check_trees
    for t in (t for reg in regs.values() for t in reg.values()):
        if not t.examples:
            out.append(Finding("error", "examples", f"{t.file}:{t.line}", f"{t.id}: a tree needs worked examples"))
        for i, ex in enumerate(t.examples, 1):
            for d in run_example(t, ex):
                out.append(Finding("error", "examples", f"{t.file}:{ex.get('line')}",
                                   f"{t.edition}/{t.id}, example {i} ({ex.get('title', '')}): {d}"))
    return out
