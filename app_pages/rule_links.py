"""From a provision to its ruling, in one tap: the decision trees of an edition that rule on a
provision, and the link that opens the ruling assistant on one of them (walk #7: a director who
found a provision by searching gets to its ruling at once).

Which tree rests on which provision is the engine's (:func:`laws.rulings.trees.resting_on`: the
provisions the nodes of each tree decide by); this module chooses among them for a provision the
reader found: the trees resting on it; else on its parts (Law 27 -> the trees of 27A1, 27B...);
else on the nearest provision above it. A key means nothing without its edition: the trees are those
of the edition of the text the provision was found in; the link opens the ruling page on that tree
(the same id in every edition) in the edition the director rules by, the one in force for that
text's federation, and says so; the page lets him switch.
"""
from __future__ import annotations

from laws import editions as E
from laws.rulings import trees as R

from .lang import lang, tr
from .links import page_href, parse_key
from .resources import trees
from .ui import esc

MAX_TREES = 3  # a provision many trees pass through (25A1: five) offers the closest few


def _above(key):
    """The provisions above ``key``, nearest first (27B1(a) -> 27B1, 27B, 27)."""
    p = key.parent
    while p is not None:
        yield p
        p = p.parent


def trees_for(key, edition: str | None) -> list[str]:
    """The ids of the trees of ``edition`` that rule on ``key``, the closest first, at most
    :data:`MAX_TREES`; empty when the edition has no trees or none of them touches the provision.
    Among several, a tree whose first law is the provision's law comes first (25A1: the change of
    call before the trees that pass through 25A1), then the one more of whose nodes decide by the
    provision or its parts, then the trees' order."""
    if key is None or edition is None or edition not in R.tree_editions():
        return []
    resting = R.resting_on(edition)
    reg = trees(edition)
    k = str(key)
    found: dict[str, int] = {}
    if k in resting:
        found = {tid: 1 for tid in resting[k]}
    if not found:  # its parts
        for part, ids in resting.items():
            pk = parse_key(part)
            if pk is not None and k in {str(a) for a in _above(pk)}:
                for tid in ids:
                    found[tid] = found.get(tid, 0) + 1
    if not found:  # the nearest provision above it that a tree rests on
        above = next((str(a) for a in _above(key) if str(a) in resting), None)
        found = {tid: 1 for tid in resting.get(above, ())}
    law = str(key.law_key)
    order = list(found)
    ranked = sorted(order, key=lambda tid: (not (reg[tid].laws and str(reg[tid].laws[0]) == law), -found[tid],
                                            order.index(tid)))
    return ranked[:MAX_TREES]


def tree_link_html(tree_id: str, edition: str, words: str) -> str:
    """A link (a 44 px button's outline) that opens the ruling assistant on the tree ``tree_id`` of ``edition``."""
    href = page_href("ruling", tree=tree_id, edition=edition)
    return (f'<a class="rb-rule" href="{esc(href)}" target="_self" data-nav="1" data-tree="{esc(tree_id)}" '
            f'data-edition="{esc(edition)}">{esc(words)} →</a>')


def rule_edition(authority: str | None) -> str:
    """The edition a director rules by: the one in force for the federation whose text the provision was
    found in (the AEB applies the 2017 Laws, though its text follows the 2007 Laws); without a text, the one
    in force for the federation of the reader's language."""
    return str(E.in_force(authority) if authority else E.in_force_for_lang(lang()))


def offers(ids, found: str, authority: str | None) -> list[tuple[str, str]]:
    """``[(tree id, edition to rule by)]`` for the trees ``ids`` of the edition ``found`` (the provision's, see
    :func:`trees_for`): each in the edition in force (:func:`rule_edition`; the same tree id in every edition),
    else, when that edition has no such tree, in ``found``."""
    force = rule_edition(authority)
    reg = trees(force) if force in R.tree_editions() else {}
    return [(tid, force if tid in reg else found) for tid in ids]


def rule_links_html(ids, found: str | None, authority: str | None = None, t=None) -> str:
    """The links to the ruling assistant on the trees ``ids`` that rule on a provision of the edition ``found``,
    each in the edition in force for the text's federation (``authority``; :func:`offers`), named by the tree's
    title and the edition it rules by: "Rule: Insufficient bid (Law 27) · 2017 Laws (this provision: 2007 Laws)";
    "... · 2007 Laws (no such tree in the 2017 Laws)" when the edition in force has no such tree. Empty for none."""
    if not ids or found is None:
        return ""
    t = t or tr()
    laws = t.gettext("{edition} Laws")
    force = rule_edition(authority)
    out = []
    for tid, ed in offers(ids, found, authority):
        words = t.gettext("Rule: {tree} · {laws}").format(tree=t.gettext(trees(ed)[tid].title), laws=laws.format(edition=ed))
        if ed != found:
            words += " " + t.gettext("(this provision: {laws})").format(laws=laws.format(edition=found))
        elif ed != force:
            words += " " + t.gettext("(no such tree in the {laws})").format(laws=laws.format(edition=force))
        out.append(tree_link_html(tid, ed, words))
    return "".join(out)
