"""What a page becomes: a tree of :class:`Node` (one per provision), and its law file.

A node carries what the page says, verbatim (whitespace inside a paragraph collapsed), and where it
said it (the source lines); :func:`to_yaml` writes it in the corpus format of :mod:`laws.corpus`.
The labels of a node's children follow the Laws' ladder: law > section ``A`` > subsection ``1`` >
item ``a`` > sub-item ``i`` (a numbered subsection directly under a law is ``35.1``); a regulation
numbers its parts freely (``AEB-AL.A.4.1``).
"""
from __future__ import annotations

import re
import string
from dataclasses import dataclass, field

from .. import keys as K

ROMANS = K.ROMANS


def norm(s: str) -> str:
    """Whitespace inside a paragraph collapsed (the corpus stores paragraphs so)."""
    return re.sub(r"\s+", " ", s.replace("\u00a0", " ")).strip()


@dataclass
class Note:
    label: str
    text: str
    after: str | None = None   # the text the note follows, for a footnote inside a sentence
    line: int = 0


@dataclass
class Node:
    key: object                     # laws.keys.LawKey | RegKey
    heading: str | None = None
    paras: list = field(default_factory=list)   # text paragraphs, in order
    tail: list = field(default_factory=list)    # paragraphs after the children
    notes: list = field(default_factory=list)   # Note
    children: list = field(default_factory=list)
    reconstructed: bool = False
    cite_as: str | None = None
    excerpt: bool = False          # a law of which the page holds only some parts
    lines: list = field(default_factory=list)   # source line numbers
    closed: bool = False           # a list item that takes no further paragraph

    def add_para(self, text: str, line: int, tail: bool = False) -> None:
        t = norm(text)
        if t:
            (self.tail if tail else self.paras).append(t)
            self.lines.append(line)

    def walk(self):
        yield self
        for c in self.children:
            yield from c.walk()

    def find(self, key) -> "Node | None":
        return next((n for n in self.walk() if n.key == key), None)

    def child(self, key) -> "Node | None":
        return next((c for c in self.children if c.key == key), None)

    @property
    def text_units(self) -> list[str]:
        return ([self.heading] if self.heading else []) + self.paras + self.tail + [n.text for n in self.notes]


# -- labels ---------------------------------------------------------------------------------------
def level_of(key) -> str:
    """What a child of ``key`` is: ``section``, ``sub``, ``item``, ``roman`` or ``reg``."""
    if isinstance(key, K.RegKey):
        return "reg"
    if key.rom:
        raise K.KeyError_(f"{key.display} has no children in the Laws' ladder")
    if key.item:
        return "roman"
    if key.sub:
        return "item"
    if key.sec:
        return "sub"
    return "section"


def nth_label(key, n: int, bare: bool = False) -> str:
    """The label of the ``n``-th child (from 1) of ``key``: ``A``, ``1``, ``a``, ``i`` (``bare``: a
    number directly under a law)."""
    lv = level_of(key)
    if lv == "section" and not bare:
        return string.ascii_uppercase[n - 1]
    if lv in ("section", "sub", "reg"):
        return str(n)
    if lv == "item":
        return string.ascii_lowercase[n - 1]
    return ROMANS[n - 1]


def child_key(key, label: str):
    """The key of ``key``'s child labelled ``label``."""
    if isinstance(key, K.RegKey):
        return key.child(label)
    if not key.sec and not key.sub and label.isdigit():
        return K.LawKey(key.law, "", int(label))
    return key.child(label)


def ordinal(key) -> int:
    """The position (from 1) a key's own label gives it among its siblings."""
    if isinstance(key, K.RegKey):
        last = key.path[-1]
        return int(last) if last.isdigit() else string.ascii_uppercase.index(last) + 1 if len(last) == 1 else 0
    if key.rom:
        return ROMANS.index(key.rom) + 1
    if key.item:
        return string.ascii_lowercase.index(key.item) + 1
    if key.sub:
        return key.sub
    if key.sec:
        return string.ascii_uppercase.index(key.sec) + 1
    return key.law


def relabel(node: Node, new_key) -> None:
    """Give ``node`` the key ``new_key``, its descendants following (their labels unchanged)."""
    old = node.key
    node.key = new_key
    for c in node.children:
        label = str(c.key)[len(str(old)):].lstrip(".") if isinstance(c.key, K.LawKey) else c.key.path[-1]
        relabel(c, child_key(new_key, label))


def fold(parent: Node) -> Node:
    """Fold ``parent``'s only child into it: the child's text becomes the parent's own (after the
    parent's), its notes the parent's, its parts the parent's (relabelled one level up); returns the
    child folded. A lone paragraph under a heading is the provision's own text, not a part of it."""
    (child,) = parent.children
    parent.children = []
    parent.paras.extend(child.paras)
    parent.notes.extend(child.notes)
    parent.lines.extend(child.lines)
    tail = parent.tail
    if child.children:
        parent.tail = child.tail + tail
        for i, c in enumerate(child.children, 1):
            relabel(c, child_key(parent.key, nth_label(parent.key, i)))
            parent.children.append(c)
    else:
        parent.paras.extend(child.tail + tail)
        parent.tail = []
    return child


def lone_part(node: Node) -> bool:
    """Whether ``node``'s only child is a part the page did not label (a reconstructed label, no
    heading of its own): a list of one item, which :func:`fold` makes the node's own text."""
    return len(node.children) == 1 and node.children[0].reconstructed and not node.children[0].heading \
        and not node.children[0].cite_as


def fold_lone_parts(law: Node) -> list:
    """Fold every lone part of ``law`` (deepest first); returns the keys of the provisions that took
    their lone part's text."""
    done = []
    for c in law.children:
        done.extend(fold_lone_parts(c))
    if lone_part(law):
        fold(law)
        done.append(law.key)
    return done


# -- the law file ---------------------------------------------------------------------------------
def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _block(paras: list, indent: str) -> list[str]:
    out = ["|-"]
    for i, p in enumerate(paras):
        if i:
            out.append("")
        out.append(indent + p)
    return out


def _label(node: Node, parent) -> str:
    if isinstance(node.key, K.RegKey):
        return node.key.path[-1]
    return str(node.key)[len(str(parent)):].lstrip(".")


def _fields(node: Node, ind: str) -> list[str]:
    out = []
    if node.reconstructed:
        out.append(f"{ind}reconstructed: true")
    if node.cite_as:
        out.append(f"{ind}cite_as: {_q(node.cite_as)}")
    if node.heading:
        out.append(f"{ind}heading: {_q(node.heading)}")
    if node.paras:
        b = _block(node.paras, ind + "  ")
        out.append(f"{ind}text: {b[0]}")
        out.extend(x if x else "" for x in b[1:])
    if node.notes:
        out.append(f"{ind}notes:")
        for n in node.notes:
            out.append(f"{ind}  - label: {_q(n.label)}")
            if n.after:
                out.append(f"{ind}    after: {_q(n.after)}")
            b = _block([n.text], ind + "      ")
            out.append(f"{ind}    text: {b[0]}")
            out.extend(b[1:])
    if node.children:
        out.append(f"{ind}children:")
        for c in node.children:
            sub = _fields(c, ind + "    ")
            out.append(f"{ind}  - label: {_q(_label(c, node.key))}")
            out.extend(sub)
    if node.tail:
        b = _block(node.tail, ind + "  ")
        out.append(f"{ind}tail: {b[0]}")
        out.extend(b[1:])
    return out


def to_yaml(law: Node, header: list[str]) -> str:
    """The law file of ``law`` (one file per law), with ``header`` as its opening comment lines."""
    out = [f"# {h}" if h else "#" for h in header]
    if law.excerpt:
        out.append("excerpt: true")
    out.append(f"key: {_q(str(law.key))}")
    out.extend(_fields(law, ""))
    return "\n".join(out) + "\n"


def file_stem(key) -> str:
    """The name of a law's file: ``27`` -> ``27``, ``7`` -> ``07``, a regulation by its key."""
    return f"{key.law:02d}" if isinstance(key, K.LawKey) else str(key)
