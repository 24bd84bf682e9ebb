"""What every page shape shares: the parse result, the report of what was left out, and the growing
of a tree of nodes (a child with its label, or the next label reconstructed)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .. import keys as K
from .model import Node, child_key, nth_label, ordinal

#: a sub-item's label as the sites print it: ``(i)`` ... ``(xii)``
ROMAN = re.compile(r"^\((i|ii|iii|iv|v|vi|vii|viii|ix|x|xi|xii)\)\s*(\S.*)$")


@dataclass
class Skipped:
    line: int
    text: str
    why: str            # "chrome", "chapter", "contents", "title", "duplicate", "not encoded"

    def to_dict(self) -> dict:
        return {"line": self.line, "text": self.text, "why": self.why}


@dataclass
class Parsed:
    """What a shape makes of one page: its laws (and regulations), and the lines it left out."""

    file: str
    laws: list = field(default_factory=list)      # Node, one per law or regulation
    skipped: list = field(default_factory=list)   # Skipped
    parts: list = field(default_factory=list)     # keys of the pages' own parts (NBB: 41B, 16B1...)

    def skip(self, line, why: str) -> None:
        self.skipped.append(Skipped(line.no, line.text, why))


def add_child(parent: Node, label: str | None, line: int, reconstructed: bool = False, bare: bool = False) -> Node:
    """A new child of ``parent``: labelled ``label``, or the next label after its last child (then
    ``reconstructed``). A label the parent already has gets the next free one, reconstructed."""
    if label is None:
        n = ordinal(parent.children[-1].key) + 1 if parent.children else 1
        label = nth_label(parent.key, n, bare=bare)
        reconstructed = True
    key = child_key(parent.key, label)
    if parent.child(key) is not None:
        n = ordinal(parent.children[-1].key) + 1
        key = child_key(parent.key, nth_label(parent.key, n, bare=bare))
        reconstructed = True
    node = Node(key, reconstructed=reconstructed, lines=[line])
    parent.children.append(node)
    return node


def law_node(key, line: int) -> Node:
    return Node(key, lines=[line])


def parse_key_or_none(text: str):
    try:
        return K.parse_key(text)
    except K.KeyError_:
        return None
