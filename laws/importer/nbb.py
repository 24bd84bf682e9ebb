"""The NBB's pages: the Spelregels, one page per article or per part of an article.

A page starts with its title, ``Artikel 16`` or ``ARTIKEL 16`` (a whole law; its heading on the next
line, or on the title's: ``Artikel 16 - Heading``) or ``Artikel 16B1`` (a part), and the page of a
part repeats its label (``B1.``, ``B. Heading``, ``B2b. Text``). The site's list labels are lost:
every list item is a bullet (``-``) or a number the browser gives it, and the structure is read
back from what is left:

- the site's navigation (``Home Artikelengroep 24--40``) and a line with no word are left out; a
  table of contents (``Artikel 17 De biedperiode`` lines, no text) is left out as such, and so are
  the definitions (``Definities``) and introductory pages: terms and prose, not provisions;
- the first line of a whole law's page, without a full stop, is the law's heading; the lines
  before its first bullet are its text;
- an item of an ordered list as the browser shows it (``  1. text``, indented) is read as a bullet:
  the numbers are the renderer's (Law 35's A to D show as 1 to 4); a list nested in a list item,
  shown indented further, holds that item's parts;
- a bullet without a full stop that starts with a capital is a section's heading (the page's own
  heading repeated as a bullet is left out); the line after it that is no bullet is its text;
- the other bullets are the parts of the section (or of the page's part); after a bullet ending
  in ``:``, the bullets that start in lower case are its items;
- an empty bullet is a part whose items follow; a later bullet that refers to that part as
  being above (``zie 1. hierboven``) is its next sibling;
- a section's heading and its paragraph as two items of one list (help.bridge.nl's Artikel 17):
  the paragraph is a part of its own only when the list shows several (a list of one item is the
  section's own text: :func:`laws.importer.model.fold_lone_parts`, reported);
- ``Opmerking 2: ...`` at a paragraph's end: the site's remark, a note of the provision;
- on a part's page, the line after the label that has no full stop is the heading of the section.

Labels read back so are reconstructed (and recorded as such); the labels a page names (``16B1``
names B and B1) are not. When the same text is on the page of a whole law and on the page of one
of its parts, the part's page decides its structure and the text is encoded once; a part whose law
has no page of its own makes an excerpt of that law. ``(Noot: ...)``, the Bondsbestuur's
footnotes, are kept as notes of their provision, anchored where they stood.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .. import citations
from .. import keys as K
from .model import Node, Note, norm
from .shapes import Parsed, Skipped, add_child, anchor, front_matter, inline_notes

TITLE = re.compile(r"^(?i:Artikel)\s+(\d{1,3}(?:[A-Z](?:\d{1,2}(?:[a-z](?:i{1,3}|iv|v|vi{0,3})?)?)?)?)\s*\.?"
                   r"(?:\s*[-–—:]\s*(?P<heading>\S.*[^?!]))?$")
BULLET = re.compile(r"^[-•·–]\s*(.*)$")
# an item of an ordered list as a browser shows it, indented: the site's numbers are the renderer's, not the
# law's (Law 35's A-D show as 1.-4.): read as a bullet, its label reconstructed from the structure
OL_ITEM = re.compile(r"^(?:\d{1,2}|[a-zA-Z]|[ivx]{1,4})[.)]\s+(\S.*)$")
CHROME = [re.compile(p, re.I) for p in (r"^Home\b", r"Artikelengroep", r"^(Vorige|Volgende|Terug|Inhoud|Top)\b",
                                         r"^Spelregels( voor wedstrijdbridge)?$", r"^Print\b")]
CHAPTER = re.compile(r"^(?i:hoofdstuk)\s+[IVXL\d]{1,6}\b(?!.*[.;]$)")
TERMINAL = (".", ":", ";", "?", "!", ")", "]")
NOOT = re.compile(r"\((Noot(?:\s+\d{1,2})?):")
# the site's remark on a passage, at the end of a paragraph: «... een overtreding.   Opmerking 2: over het
# onderstreepte gedeelte van dit artikel» (a note of the provision, labelled as the page labels it)
# a table of contents: «Artikel 17 De biedperiode» (a law's number and heading, no text)
CONTENTS = re.compile(r"^(?i:Artikel)\s+\d{1,3}[A-Z]?\d{0,2}\s*[-–—:.]?\s+[A-Z][^.;:!?]{2,80}$")
REMARK = re.compile(r"(?:(?<=[.;:!?)\]])\s+|^)(Opmerking(?:\s+\d{1,2})?)\s*:\s*(\S.*)$")


@dataclass
class Unit:
    kind: str       # "bullet", "plain"
    text: str
    line: int
    indent: int = 0  # the list's depth as the page shows it (HTML lists nested in lists)


def _is_heading(u: Unit) -> bool:
    t = u.text
    return bool(t) and not t.endswith(TERMINAL) and t[0].isupper() and len(t) < 100 and not NOOT.search(t)


def _pages(page, out: Parsed) -> list:
    """``[(key, label line or None, [Unit])]``, one per ``Artikel`` page."""
    pages, cur, matter = [], None, None
    for ln in page.lines:
        if ln.no in page.starts:     # another saved page
            cur = matter = None
        t = ln.text
        if not t:
            continue
        m = TITLE.match(t)
        if m:
            try:
                key = K.from_canonical(m[1])
            except K.KeyError_:
                key = None
            if isinstance(key, K.LawKey):
                cur, matter = [key, None, [], ln.no], None
                pages.append(cur)
                if m["heading"]:   # «Artikel 17 - De biedperiode»: the heading on the title's line
                    cur[2].append(Unit("plain", norm(m["heading"]), ln.no))
                else:
                    out.skip(ln, "title")
                continue
        if CONTENTS.match(t) and not t.endswith(TERMINAL):
            out.skip(ln, "contents")
            continue
        if CHAPTER.match(t):
            out.skip(ln, "chapter")
            continue
        if not BULLET.match(t) and front_matter(t):
            cur, matter = None, front_matter(t)
        if matter:
            out.skip(ln, matter)
            continue
        if cur is None or any(p.search(t) for p in CHROME) or not re.search(r"\w|^-$", t):
            out.skip(ln, "chrome")
            continue
        b = BULLET.match(t) or (OL_ITEM.match(t) if ln.indent else None)
        cur[2].append(Unit("bullet", norm(b[1]), ln.no, ln.indent) if b else Unit("plain", norm(t), ln.no))
    return pages


class _Tree:
    """A law's tree as the units of its pages are placed in it."""

    def __init__(self, law: Node, named: set):
        self.law = law
        self.named = named

    def node(self, key) -> Node:
        """The node of ``key``, with its ancestors, made if missing."""
        n = self.law.find(key)
        if n is not None:
            return n
        parent = self.node(key.parent)
        label = str(key)[len(str(parent.key)):].lstrip(".")
        n = add_child(parent, label, 0, reconstructed=key not in self.named)
        return n


def _label_of(key) -> str:
    """``16B1`` -> ``B1``: what the page of a part writes before its text."""
    return str(key)[len(str(key.law)):]


def _parse_units(tree: _Tree, root: Node, units: list, heading_done: bool, out: Parsed, splices: list) -> list:
    """Place ``units`` under ``root``; returns ``[(key, role, text, line)]`` in document order (what a
    page of a part says of its structure, for the page of the whole law)."""
    placed = []
    law_page = root.key.parent is None
    section = None if law_page else root       # the list's owner: the section (law page) or the part
    cur: Node = root                           # the node the last text went to
    container: Node | None = None              # an empty bullet's node, whose items follow
    colon: Node | None = None                  # a bullet ending in ':' whose lower-case items follow
    base = None                                # the indentation of the page's outermost list
    prev = None                                # (indentation, node) of the bullet before
    owners: dict = {}                          # indentation -> the node whose items stand at it
    i = 0
    while i < len(units):
        u = units[i]
        sp = _match_splice(units, i, splices)
        if sp is not None:
            n_units, seq = sp
            for (key, role, text), uu in zip(seq, units[i:i + n_units]):
                node = tree.node(key)
                node.lines.append(uu.line)
                if role == "heading":
                    node.heading = text
                elif role == "text":
                    node.paras.append(text)
                placed.append((key, role, text, uu.line))
            top = seq[0][0]
            section = tree.node(K.LawKey(top.law, top.sec)) if law_page and top.sec else section
            cur, container, colon = tree.node(seq[-1][0]), None, None
            prev, owners = None, {}
            i += n_units
            continue
        i += 1
        if u.kind == "plain":
            if law_page and section is None and not root.children:
                if root.heading is None and not root.paras and _is_heading(u) and not heading_done:
                    root.heading = u.text
                    placed.append((root.key, "heading", u.text, u.line))
                else:
                    root.paras.append(u.text)
                    placed.append((root.key, "text", u.text, u.line))
                root.lines.append(u.line)
                continue
            if not law_page and root.heading is None and cur is root and not root.paras and not root.children \
                    and _is_heading(u) and not heading_done:
                sec = tree.node(K.LawKey(root.key.law, root.key.sec))
                sec.heading = u.text
                sec.lines.append(u.line)
                placed.append((sec.key, "heading", u.text, u.line))
                continue
            target = cur if not cur.children else cur
            (target.tail if target.children else target.paras).append(u.text)
            target.lines.append(u.line)
            placed.append((target.key, "text", u.text, u.line))
            continue
        # a bullet: nested deeper than the bullet before (a list inside a list item), it is an item of it
        if base is None:
            base = u.indent
        nest = None
        if prev is not None and u.indent > prev[0]:
            nest = prev[1]
        elif prev is not None and u.indent < prev[0] and u.indent in owners:
            nest = owners[u.indent]
            container = colon = None
        elif prev is not None and u.indent == prev[0] and u.indent > base and u.indent in owners:
            nest = owners[u.indent]          # the next item of a nested list: its owner's
        if not u.text:
            owner = nest or section or root
            container = add_child(owner, None, u.line)
            owners[u.indent], prev = owner, (u.indent, container)
            cur, colon = container, None
            placed.append((container.key, "empty", "", u.line))
            continue
        if law_page and _is_heading(u) and u.indent <= base:
            section = add_child(root, None, u.line)
            section.heading = u.text
            cur, container, colon = section, None, None
            owners, prev = {u.indent: root}, (u.indent, section)
            placed.append((section.key, "heading", u.text, u.line))
            continue
        if not law_page and _is_heading(u) and u.text in (root.heading, _section_heading(tree, root)):
            out.skipped.append(_skip(u, "duplicate"))
            continue
        if nest is not None:
            owner = nest
        elif colon is not None and u.text[:1].islower():
            owner = colon
        else:
            colon = None
            if container is not None and _refers_above(u.text, container):
                container = None
            owner = container or section or root
        node = add_child(owner, None, u.line)
        owners[u.indent], prev = owner, (u.indent, node)
        node.paras.append(u.text)
        cur = node
        placed.append((node.key, "text", u.text, u.line))
        if u.text.endswith(":"):
            colon = node
    return placed


def _section_heading(tree: _Tree, root: Node) -> str | None:
    if isinstance(root.key, K.LawKey) and root.key.sec:
        s = tree.law.find(K.LawKey(root.key.law, root.key.sec))
        return s.heading if s else None
    return None


def _skip(u: Unit, why: str) -> Skipped:
    return Skipped(u.line, u.text, why)


def _refers_above(text: str, container: Node) -> bool:
    """Whether ``text`` refers to ``container`` as a provision above it (``zie 1. hierboven``): then it
    is no item of the container but its next sibling."""
    for c in citations.find(text, "nl", container.key):
        if c.relative and container.key in c.keys:
            return True
    return False


def _match_splice(units: list, i: int, splices: list):
    """Whether the units from ``i`` on are those of a part's page: ``(how many, its placements)``."""
    for sp in splices:
        seq = sp["seq"]
        if sp["used"] or not seq or i + len(seq) > len(units):
            continue
        if all(u.text == s[2] for u, s in zip(units[i:i + len(seq)], seq)):
            sp["used"] = True
            return len(seq), seq
    return None


def parse(page, pub: dict) -> Parsed:
    out = Parsed(page.file)
    pages = _pages(page, out)
    whole = {}
    parts = []
    for key, _label, units, line in pages:
        (parts if key.parent is not None else whole.setdefault(key.law, [])).append((key, units, line))
        if key.parent is not None:
            out.parts.append(key)
    laws: dict = {}
    part_seqs: dict = {}   # law -> list of splices
    for key, units, line in parts:
        named = set()
        k = key
        while k is not None:
            named.add(k)
            k = k.parent
        law = Node(K.LawKey(key.law), lines=[line], excerpt=True)
        tree = _Tree(law, named)
        root = tree.node(key)
        root.lines.append(line)
        units = list(units)
        heading_done = False
        label_line = line
        if units and units[0].kind == "plain":
            label_line = units[0].line
            m = re.match(rf"^{re.escape(_label_of(key))}\.\s*(.*)$", units[0].text)
            if m:
                rest = m[1]
                if not rest:
                    out.skipped.append(_skip(units[0], "label"))
                if rest and key.depth == 1 and _is_heading(Unit("plain", rest, 0)):
                    root.heading = rest
                    heading_done = True
                elif rest:
                    root.paras.append(rest)
                root.lines.append(units[0].line)
                units = units[1:]
        seq = ([(root.key, "heading", root.heading)] if root.heading else []) + \
              ([(root.key, "text", p) for p in root.paras])
        lines = [label_line] * len(seq)
        placed = _parse_units(tree, root, units, heading_done, out, [])
        seq += [p[:3] for p in placed]
        lines += [p[3] for p in placed]
        part_seqs.setdefault(key.law, []).append({"key": key, "seq": seq, "tree": law, "used": False,
                                                 "lines": lines})
    for num, found in whole.items():
        for key, units, line in found:
            if num in laws:
                out.skipped.extend(_skip(u, "duplicate") for u in units)
                continue
            law = Node(K.LawKey(num), lines=[line])
            tree = _Tree(law, {law.key} | {sp["key"] for sp in part_seqs.get(num, [])}
                         | {a for sp in part_seqs.get(num, []) for a in _ancestors(sp["key"])})
            splices = part_seqs.get(num, [])
            _parse_units(tree, law, units, False, out, splices)
            for sp in splices:
                if not sp["used"]:
                    out.skipped.append(_skip(Unit("plain", f"the page of {sp['key'].display} differs from "
                                                  f"Artikel {num}: encoded as Artikel {num} has it", sp["lines"][0]
                                                  if sp["lines"] else 0), "not encoded"))
                else:
                    out.skipped.extend(_skip(Unit("plain", s[2] or "-", ln), "duplicate")
                                       for s, ln in zip(sp["seq"], sp["lines"]))
            laws[num] = law
    for num, sps in part_seqs.items():
        if num in laws:
            continue
        law = sps[0]["tree"]
        for sp in sps[1:]:
            _graft(law, sp["tree"])
        laws[num] = law
    for law in laws.values():
        inline_notes(law, NOOT)
        _remarks(law)
    out.laws = [laws[k] for k in sorted(laws)]
    return out


def _remarks(law: Node) -> None:
    """A remark the site puts at the end of a paragraph (``Opmerking 2: ...``): a note of the provision,
    anchored after the words it follows."""
    for n in law.walk():
        for where in (n.paras, n.tail):
            for j, para in enumerate(where):
                m = REMARK.search(para)
                if m:
                    where[j] = para[:m.start()].rstrip()
                    n.notes.append(Note(m[1], m[2], after=anchor(where[j], "\n".join(n.paras)) if where[j] else None))
        n.paras[:] = [p for p in n.paras if p]
        n.tail[:] = [p for p in n.tail if p]


def _ancestors(key) -> list:
    out, k = [], key.parent
    while k is not None:
        out.append(k)
        k = k.parent
    return out


def _graft(law: Node, other: Node) -> None:
    """Put the nodes of ``other`` (another excerpt of the same law) into ``law``."""
    for c in other.children:
        mine = law.child(c.key)
        if mine is None:
            law.children.append(c)
            law.children.sort(key=lambda n: K.sort_key(n.key))
        else:
            mine.heading = mine.heading or c.heading
            mine.paras = mine.paras or c.paras
            mine.notes = mine.notes or c.notes
            mine.reconstructed = mine.reconstructed and c.reconstructed
            _graft(mine, c)
