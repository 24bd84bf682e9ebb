"""What every page shape shares: the parse result, the report of what was left out, and the growing
of a tree of nodes (a child with its label, or the next label reconstructed)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .. import keys as K
from .model import Node, Note, child_key, nth_label, norm, ordinal

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


def inline_notes(law: Node, opener: re.Pattern) -> None:
    """Footnotes printed inside a sentence, ``(Noot: ...)``, ``(Nota AEB: ...)`` (``opener`` matches
    their opening and captures the label), out of the text into notes anchored where they stood."""
    for n in law.walk():
        for where in (n.paras, n.tail):
            for j, para in enumerate(where):
                m = opener.search(para)
                while m:
                    a, depth, b = m.start(), 0, m.start()
                    while b < len(para):
                        depth += {"(": 1, ")": -1}.get(para[b], 0)
                        if depth == 0:
                            break
                        b += 1
                    note = norm(para[m.end():b])
                    before, after = para[:a].rstrip(), para[b + 1:].lstrip()
                    if before.endswith((".", "!", "?")) and after.startswith(".") and not after.startswith(".."):
                        after = after[1:].lstrip()  # «Norte. (Nota AEB: ...).»: the note's own full stop
                    sep = "" if not after or after[0] in ".,;:)]" or not before else " "
                    para = before + sep + after
                    n.notes.append(Note(m.group(1), note, after=before))
                    m = opener.search(para)
                where[j] = para
        full = "\n".join(n.paras)
        for note in n.notes:
            if note.after is not None:
                note.after = anchor(note.after, full)


def anchor(before: str, full: str) -> str:
    """The shortest ending of ``before`` (whole words, at least three) found once in ``full``."""
    words = before.split()
    for k in range(3, len(words) + 1):
        cand = " ".join(words[-k:])
        if full.count(cand) == 1:
            return cand
    return before
