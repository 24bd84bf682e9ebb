"""The whole decision tree of a ruling as a diagram (Graphviz DOT), drawn on demand under the
ruling page: the trees the walk passed through, the path taken highlighted, the current step in
orange. The path is the ruling's own (``path`` of :func:`laws.rulings.rule.rule`): no second walk."""
from __future__ import annotations

import textwrap

import streamlit as st

from present import ruling as PR

from . import common


def path_of(d: dict) -> list[tuple[str, str]]:
    """The nodes the engine walked to this step (the ruling's own ``path``: no second walk)."""
    path = [tuple(p) for p in d.get("path") or []]
    return path or ([(d["tree"], d["node"])] if d.get("tree") else [])


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _wrap(s: str, width: int = 30) -> str:
    return "\n".join(textwrap.wrap(s, width)) or s


def tree_dot(d: dict, t) -> tuple[str, list]:
    """DOT of the trees the walk passed through, the path taken highlighted; and the path."""
    reg = common.trees(PR.laws_edition(d))
    path = path_of(d)
    on_path = set(path)
    steps = set(zip(path, path[1:]))
    tree_ids = list(dict.fromkeys(tid for tid, _ in path))
    current = path[-1]
    ruling_word = t.gettext("Ruling").upper()
    lines = ["digraph ruling {", "rankdir=LR;", "nodesep=0.15;", "ranksep=0.35;", 'bgcolor="transparent";',
             'node [shape=box, style="rounded,filled", fillcolor="#ffffff", color="#8a8a8a", fontname="Helvetica", '
             'fontsize=10];', 'edge [color="#9a9a9a", fontname="Helvetica", fontsize=9];']

    def nid(tid, node):
        return _q(f"{tid}/{node}")

    for tid in tree_ids:
        tree = reg[tid]
        lines.append(f"subgraph {_q('cluster_' + tid)} {{")
        title = t.gettext(tree.title)
        lines.append(f"label={_q(_wrap(title, 40))}; fontname=\"Helvetica\"; fontsize=11; "
                     f"color=\"#c0c0c0\"; style=\"rounded\";")
        for node in tree.nodes.values():
            law = common.key_display(node.law)
            if node.ask:
                text = t.gettext(node.question) if node.question else PR.question_text(node.ask, t)
                label = f"{law}\n{_wrap(text)}"
            elif node.goto:
                label = law + "\n→ " + _wrap(t.gettext(reg[node.goto].title))
            else:
                label = law + "\n" + ruling_word
            attrs = [f"label={_q(label)}", f"tooltip={_q(law)}"]
            if node.ruling is not None:
                attrs.append('shape=box, style="filled", fillcolor="#eef3fb"')
            if (tid, node.id) in on_path:
                attrs.append('fillcolor="#ffe08a", color="#b8860b", penwidth=2')
            if (tid, node.id) == current:
                attrs.append('fillcolor="#f4a261", color="#8b3a00", penwidth=3')
            lines.append(f"{nid(tid, node.id)} [{', '.join(attrs)}];")
        lines.append("}")
    for tid in tree_ids:
        tree = reg[tid]
        for node in tree.nodes.values():
            for value, target in node.answers.items():
                hot = ((tid, node.id), (tid, target)) in steps
                style = ', color="#b8860b", penwidth=2.5, fontcolor="#8b3a00"' if hot else ""
                lines.append(f"{nid(tid, node.id)} -> {nid(tid, target)} "
                             f"[label={_q(_wrap(PR.option_label(node.ask, value, t), 22))}{style}];")
            if node.goto:
                target_tree = reg[node.goto]
                if node.goto in tree_ids:
                    target = (node.goto, target_tree.start)
                    hot = ((tid, node.id), target) in steps
                    style = ', color="#b8860b", penwidth=2.5' if hot else ""
                    lines.append(f"{nid(tid, node.id)} -> {nid(*target)} [style=dashed{style}];")
    lines.append("}")
    return "\n".join(lines), path


def diagram(d: dict, t) -> None:
    dot, path = tree_dot(d, t)
    st.subheader(t.gettext("The decision tree"), anchor=False)
    st.caption(t.gettext("The path taken is highlighted; the current step is in orange."))
    st.graphviz_chart(dot, width="stretch")
