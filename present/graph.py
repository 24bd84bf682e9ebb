"""The citation graph as the front ends use it: one graph per process, and a key in any usual
form resolved to its node."""
from __future__ import annotations

from . import UserError

_GRAPH = None


def graph():
    """The citation graph of the corpus, built once per process."""
    global _GRAPH
    if _GRAPH is None:
        from graph.build import build

        _GRAPH = build()
    return _GRAPH


def resolve_node(text: str, t, G=None) -> str:
    """The graph node of a key written in any usual form, or a UserError naming the nearest
    (in ``G``, by default the process's :func:`graph`)."""
    from laws.corpus import load

    from .provision import resolve_key

    corpus = load()
    key = resolve_key(text, t)
    G = graph() if G is None else G
    if str(key) not in G:
        near = [k.display for k in corpus.nearest(text)]
        raise UserError(t.gettext("{key} is neither in the corpus nor cited by it. Nearest: {near}").format(
            key=key.display, near=", ".join(near) or "-"), {"key": str(key), "suggestions": near})
    return str(key)

