"""Citation graph: the neighbourhood of a provision (click a node to open it), and the chain of
citations between two provisions. Calls :mod:`graph.queries` on the graph of :mod:`graph.build`.

Deep links: ``graph?law=27D&depth=2``, ``graph?law=27B1a&to=16D``.
"""
from __future__ import annotations

import networkx as nx
import streamlit as st

from graph import queries as Q
from graph.build import sort_nodes
from laws.corpus import LANGS as TEXT_LANGS

from . import common

LAW_KEY, DEPTH_KEY, PARTS_KEY, TO_KEY, OPEN_KEY, SEEN_KEY = ("graph_law", "graph_depth", "graph_parts", "graph_to",
                                                           "graph_open", "_graph_url")
DIST_COLOURS = ("#f4a261", "#ffe08a", "#e8f1fb", "#f4f4f4")


def _url() -> tuple:
    qp = st.query_params
    return qp.get("law") or "", qp.get("depth") or "", qp.get("to") or ""


def _write_url() -> None:
    ss = st.session_state
    common.update_url(law=(ss.get(LAW_KEY) or "").strip() or None, to=(ss.get(TO_KEY) or "").strip() or None,
                      depth=str(ss.get(DEPTH_KEY, 1)), lang=common.lang())
    ss[SEEN_KEY] = _url()


def _sync(t) -> None:
    ss = st.session_state
    url = _url()
    if ss.get(SEEN_KEY) == url and LAW_KEY in ss and TO_KEY in ss:
        return
    law, depth, to = url
    ss[LAW_KEY] = law or ss.get(LAW_KEY) or "27B1a"
    ss[TO_KEY] = to
    try:
        ss[DEPTH_KEY] = min(max(int(depth), 1), 4) if depth else ss.get(DEPTH_KEY, 1)
    except ValueError:
        ss["_graph_bad_depth"] = depth
    ss[SEEN_KEY] = url


def _node(text: str, t):
    """The graph node of a key written in any usual form, or an error message."""
    from present import UserError
    from present.graph import resolve_node

    try:
        return resolve_node(text, t, common.citation_graph()), None
    except UserError as e:
        return None, e.message


def _heading(G, n, ui) -> str | None:
    texts = G.nodes[n]["texts"]
    if ui in texts and texts[ui]["heading"]:
        return texts[ui]["heading"]
    return next((x["heading"] for x in texts.values() if x["heading"]), None)


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def neighbourhood_dot(G, centre: str, dist: dict, t, path_edges: set | None = None) -> str:
    """DOT of a neighbourhood: nodes coloured by distance, absent provisions dashed, each node a
    link that opens the provision; citations solid, containment dotted."""
    ui = common.lang()
    text_lang = ui if ui in TEXT_LANGS else None
    lines = ["digraph neighbourhood {", "rankdir=LR;", 'bgcolor="transparent";',
             'node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=11, color="#8a8a8a"];',
             'edge [fontname="Helvetica", fontsize=9, color="#8a8a8a"];']
    for n in sort_nodes(G, dist):
        a = G.nodes[n]
        head = _heading(G, n, ui)
        label = a["display"] + ("\n" + (head if len(head) <= 34 else head[:33] + "…") if head else "")
        if not a["present"]:
            label += "\n" + t.gettext("(absent)")
        colour = DIST_COLOURS[min(dist[n], len(DIST_COLOURS) - 1)]
        style = 'style="rounded,filled,dashed", fontcolor="#777777"' if not a["present"] else ""
        attrs = [f"label={_q(label)}", f'fillcolor="{colour}"',
                 f"tooltip={_q(common.preview(a['key'], text_lang, t, 200, edition=a['laws_edition']))}",
                 f"URL={_q(common.law_href(n))}", 'target="_top"']
        if n == centre:
            attrs.append("penwidth=2.5")
        if style:
            attrs.append(style)
        lines.append(f"{_q(n)} [{', '.join(attrs)}];")
    sub = G.subgraph(dist)
    cites_word = t.gettext("cites")
    for u, v, k, d in sub.edges(keys=True, data=True):
        if k == "cites":
            hot = path_edges is not None and (u, v) in path_edges
            words = "; ".join(w for ws in d.get("words", {}).values() for w in ws[:1])
            extra = ', color="#b8860b", penwidth=2.5' if hot else ""
            lines.append(f"{_q(u)} -> {_q(v)} [tooltip={_q(words or cites_word)}{extra}];")
        else:
            lines.append(f'{_q(u)} -> {_q(v)} [style=dotted, arrowhead=empty, color="#b0b0b0"];')
    lines.append("}")
    return "\n".join(lines)


def _picked() -> None:
    st.session_state["_graph_goto"] = st.session_state.get(OPEN_KEY)
    st.session_state[OPEN_KEY] = None


def page() -> None:
    t = common.tr()
    goto = st.session_state.pop("_graph_goto", None)
    if goto:
        common.switch_to("read", law=goto)
    _sync(t)
    st.title(t.gettext("Citation graph"), anchor=False)
    bad = st.session_state.pop("_graph_bad_depth", None)
    if bad is not None:
        common.error(t.gettext("The depth must be a whole number from 1 to 4, not “{value}”.").format(value=bad))
    G = common.citation_graph()
    c1, c2, c3 = st.columns([3, 2, 2])
    text = c1.text_input(t.gettext("Provision"), key=LAW_KEY, on_change=_write_url)
    with c1:  # the help in words, not in a tooltip (whose icon Streamlit labels in English)
        common.caption(t.gettext("A key in any usual form, e.g. 27D or Artículo 27B1(a)."))
    # buttons for the thumb (a slider's knob and a switch are smaller than a finger)
    depth = c2.segmented_control(t.gettext("Citation steps"), (1, 2, 3, 4), key=DEPTH_KEY, required=True,
                                 on_change=_write_url) or 1
    st.session_state.setdefault(PARTS_KEY, False)
    parts = c3.segmented_control(t.gettext("Also parent and parts"), (False, True), key=PARTS_KEY, required=True,
                                 format_func=lambda v: t.gettext("yes") if v else t.gettext("no"))
    with c3:
        common.caption(t.gettext("Also step from a provision to the one it is part of, and to its parts."))
    if not (text or "").strip():
        st.info(t.gettext("Enter a provision to see what it cites and what cites it."))
        return
    n, err = _node(text.strip(), t)
    if err:
        common.error(err)
        return
    dist = Q.distances(G, n, depth, containment=parts)
    a = G.nodes[n]
    head = _heading(G, n, common.lang())
    common.set_title(a["display"], t.gettext("Citation graph"))
    st.subheader(a["display"] + (f" — {common.md(head)}" if head else ""), anchor=False)
    if not a["present"]:
        common.warning(t.gettext("No text of the corpus holds this provision; it is known because it is cited."))
    cites, cited_by = Q.cites(G, n), Q.cited_by(G, n)
    st.caption(t.gettext("{cites}, {cited_by}; {within}.").format(
        cites=t.ngettext("Cites {n} provision", "Cites {n} provisions", len(cites)).format(n=len(cites)),
        cited_by=t.ngettext("cited by {n}", "cited by {n}", len(cited_by)).format(n=len(cited_by)),
        within=t.gettext("{provisions} {within_steps}").format(
            provisions=t.ngettext("{n} provision", "{n} provisions", len(dist)).format(n=len(dist)),
            within_steps=t.ngettext("within {d} step", "within {d} steps", depth).format(d=depth))
        if len(dist) != 1 else t.gettext("no other provision")))
    st.graphviz_chart(neighbourhood_dot(G, n, dist, t), width="stretch")
    st.caption(t.gettext("Click a node to open the provision. Solid arrows: cites; dotted: is part of. "
                         "Dashed boxes: provisions no text holds."))
    others = [m for m in sort_nodes(G, dist) if m != n]
    if others:
        st.pills(t.gettext("Open a provision of this graph"), others, key=OPEN_KEY, on_change=_picked,
                 format_func=lambda m: G.nodes[m]["display"])
    _path(G, n, t)


def _path(G, source: str, t) -> None:
    st.subheader(t.gettext("Chain of citations"), anchor=False)
    target_text = st.text_input(t.gettext("From {key} to").format(key=G.nodes[source]["display"]), key=TO_KEY,
                                on_change=_write_url, placeholder="16D")
    if not (target_text or "").strip():
        st.caption(t.gettext("Enter a second provision to find the shortest chain of citations between them."))
        return
    target, err = _node(target_text.strip(), t)
    if err:
        common.error(err)
        return
    try:
        steps = Q.citation_path(G, source, target, containment="auto")
    except nx.NetworkXNoPath:
        common.warning(t.gettext("No chain of citations, even through containment, leads from {a} to {b}.").format(
            a=G.nodes[source]["display"], b=G.nodes[target]["display"]))
        return
    if not steps:
        st.info(t.gettext("The same provision."))
        return
    kinds = {"cites": t.gettext("cites"), "part_of": t.gettext("is part of"), "has_part": t.gettext("contains")}
    items = []
    for u, v, k in steps:
        words = ""
        if k == "cites":
            d = G.edges[u, v, "cites"]
            words = "; ".join(f"«{w}» [{lg}]" for lg, ws in d["words"].items() for w in ws[:1])
        items.append(f"<li>{common.law_link(G.nodes[u]['key'], G.nodes[u]['display'], None, t, edition=G.nodes[u]['laws_edition'])} "
                     f"<i>{common.esc(kinds[k])}</i> "
                     f"{common.law_link(G.nodes[v]['key'], G.nodes[v]['display'], None, t, edition=G.nodes[v]['laws_edition'])}"
                     + (f" <span class='pub-label'>{common.esc(words)}</span>" if words else "") + "</li>")
    st.markdown(common.esc(t.ngettext("{n} step:", "{n} steps:", len(steps)).format(n=len(steps))))
    common.show_html("<ol>" + "".join(items) + "</ol>")
    nodes = {x for u, v, _ in steps for x in (u, v)}
    dist = {m: (0 if m in (source, target) else 1) for m in nodes}
    st.graphviz_chart(neighbourhood_dot(G, source, dist, t, {(u, v) for u, v, _ in steps}), width="stretch")
