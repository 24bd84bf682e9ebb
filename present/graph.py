"""The citation graph as the front ends use it: one graph per process, and a key in any usual
form resolved to its node.

Nodes are provisions of one edition of the Laws (``2007:16D``). A key written with its edition
(``2007:16D``) names its node; a bare key is read in the ``edition`` given (``--edition``), else
in the edition of the ``lang`` text given (default: the translator's language) if that edition has
the node, else in the only edition
that has it, else (both have it) in the edition chosen as :func:`present.provision.choose_edition`
does for ``show``: the one whose text holds it, and if both hold it the edition of the first text
(es, nl, it) holding it. The node id carries the edition, so the answer always says which.
"""
from __future__ import annotations

from . import UserError

_GRAPH = None


def graph():
    """The citation graph of the corpus in use, built once per process (and per corpus folder)."""
    global _GRAPH
    from laws.corpus import load

    corpus = load()
    if _GRAPH is None or _GRAPH[0] is not corpus:
        from graph.build import build  # networkx, loaded only by the commands that need the graph

        _GRAPH = (corpus, build(corpus))
    return _GRAPH[1]


def resolve_node(text: str, t, G=None, edition: str | None = None, lang: str | None = None) -> str:
    """The graph node of a key written in any usual form (``27B1(a)``, ``2007:16D``), or a
    UserError naming the nearest (in ``G``, by default the process's :func:`graph`)."""
    from laws import editions as E
    from laws.corpus import load

    from .provision import check_edition, choose_edition, resolve_qualified

    corpus = load()
    qual, key = resolve_qualified(text, t)
    asked = check_edition(edition, t)
    if qual and asked and qual != asked:
        raise UserError(t.gettext("{key} names the {a} edition but --edition says {b}").format(key=text, a=qual, b=asked),
                        {"key": str(key)})
    G = graph() if G is None else G
    lang = lang or getattr(t, "lang", None)  # the reader's language: its text's edition first
    ed = qual or asked
    if ed is None:
        have = [e for e in E.editions() if E.qualified(e, key) in G]
        lang_ed = corpus.edition_of(lang) if lang in ("es", "nl", "it") else None
        if lang_ed in have:
            ed = lang_ed
        elif len(have) == 1:
            ed = have[0]
        elif have:
            ed = choose_edition(corpus, key, None, None)[0] or have[0]
    n = E.qualified(ed, key) if ed else None
    if n is None or n not in G:
        near = [k.display for k in corpus.nearest(str(key))]
        where = t.gettext(" in the {edition} Laws").format(edition=ed) if ed else ""
        raise UserError(t.gettext("{key} is neither in the corpus nor cited by it{where}. Nearest: {near}").format(
            key=key.display, where=where, near=", ".join(near) or "-"),
            {"key": str(key), "laws_edition": ed, "suggestions": near})
    return n
