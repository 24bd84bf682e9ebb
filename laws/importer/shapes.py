"""What every page shape shares: the parse result, the report of what was left out, and the growing
of a tree of nodes (a child with its label, or the next label reconstructed)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .. import keys as K
from .model import Node, Note, child_key, nth_label, norm, ordinal

#: a footnote as a page prints it, after the text that carries its mark: ``(*): text``, ``(**) text``,
#: ``* text``, ``(1) text``, ``[1] text``
FOOTNOTE = re.compile(r"^(\(\*{1,3}\)|\*{1,3}|\(\d{1,2}\)|\[\d{1,2}\])\s*:?\s*(\S.*)$")
#: a sub-item's label as the sites print it: ``(i)`` ... ``(xii)``
ROMAN = re.compile(r"^\((i|ii|iii|iv|v|vi|vii|viii|ix|x|xi|xii)\)\s*(\S.*)$")


#: the headings of the parts of a book that are no law: its definitions (terms, which the glossary holds,
#: not provisions) and its introductory matter; what follows such a heading, up to the next law, is
#: left out and reported as such
FRONT_MATTER = {
    "definitions": re.compile(r"^(?i:definiciones|definities|begripsomschrijvingen|definizioni|definitions)\s*:?$"),
    "introduction": re.compile(r"^(?i:introducci[óo]n|pr[óo]logo|prefacio|inleiding|voorwoord|introduzione|prefazione|"
                               r"introduction|foreword|preface)(?:\s.{0,60})?$"),
}


def front_matter(text: str) -> str | None:
    """``definitions`` or ``introduction`` for the heading of such a part of the book, else None."""
    t = text.strip()
    if t.endswith((".", ";")) and len(t.split()) > 2:   # a sentence, not a heading
        return None
    t = t.strip(".:").strip()
    return next((why for why, pat in FRONT_MATTER.items() if pat.match(t)), None)


@dataclass
class Skipped:
    line: int
    text: str
    why: str            # "chrome", "chapter", "contents", "title", "duplicate", "definitions", "introduction",
    #                     "not encoded"

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


def next_section(law: Node, label: str) -> bool:
    """Whether ``label`` is the section that comes next in ``law`` (``A`` first, then the letter after
    the last section's): a looser form of a section's label is believed only in that order."""
    last = [c.key.sec for c in law.children if isinstance(c.key, K.LawKey) and c.key.sec]
    return label == (chr(ord(last[-1]) + 1) if last else "A")


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


def footnote(text: str, before: str) -> tuple[str, str] | None:
    """``(mark, text)`` when ``text`` is a footnote: a line opening with a mark (``(*)``, ``(**)``, ``*``)
    or with a number in brackets that stands in ``before`` (the page's text up to it), where it refers
    to this note (``... diverso(1)``); else None."""
    m = FOOTNOTE.match(text)
    if not m:
        return None
    mark = m[1] if m[1][0] in "([" else f"({m[1]})"
    if mark[1].isdigit() and not re.search(r"\S" + re.escape(mark), before):
        return None
    return mark, norm(m[2])


def attach_footnotes(laws: list, notes: list) -> None:
    """Each footnote ``(mark, text, line)`` becomes a note of the provision whose text carries its mark,
    the nearest before it on the page (the law before it when no text does)."""
    for mark, text, line in notes:
        before = [n for law in laws for n in law.walk() if n.lines and min(n.lines) < line]
        if not before:
            continue
        carry = [n for n in before if any(mark in p for p in ([n.heading] if n.heading else []) + n.paras + n.tail)]
        holder = max(carry, key=lambda n: min(n.lines)) if carry else \
            max((law for law in laws if law.lines and min(law.lines) < line), key=lambda n: min(n.lines))
        holder.notes.append(Note(mark, text, line=line))
        holder.lines.append(line)


class Footnotes:
    """The footnotes of a page as a reader meets its lines: :meth:`take` keeps a line that is one
    (and remembers the text before it, where a numbered mark must stand), :meth:`attach` makes
    them notes of the provisions that carry their marks."""

    def __init__(self):
        self.found: list = []     # (mark, text, line)
        self._before = ""

    def take(self, text: str, line: int) -> bool:
        fn = footnote(text, self._before)
        if fn:
            self.found.append((*fn, line))
            return True
        self._before += "\n" + text
        return False

    def attach(self, laws: list) -> None:
        attach_footnotes(laws, self.found)
