"""The FIGB's pages: the Codice di Gara, one page per article.

- the page's title (``Articolo 17 del Codice di Gara``) and the blog's chrome after the text
  (``Pubblicato``, ``in``, ``da``, ``Tag:``): left out, reported;
- ``Art. 17 – IL PERIODO LICITATIVO``: a law and its heading, in capitals as printed;
- ``A. Inizio del periodo licitativo: il periodo ...``: a section, its heading up to the first
  ``:`` and its text (``D. Carte da un board sbagliato:`` is a heading alone);
- ``1. testo`` (indented or not): a numbered subsection (directly under a law: ``35.1``);
- ``(a) testo``, ``a) testo``, an indented ``a. testo``: an item; ``(i) testo``: a sub-item;
- ``(*): testo``: a footnote, kept as a note of the provision whose text carries its mark
  ``(*)`` (the law's when none does); ``Nota: testo`` a note of the provision before it.
"""
from __future__ import annotations

import re

from .. import keys as K
from .aeb import split_heading
from .model import Note, norm
from .shapes import ROMAN, Parsed, add_child, law_node

TITLE = re.compile(r"^Articolo\s+\d{1,3}\s+del\s+Codice\s+di\s+Gara\s*$", re.I)
ARTICLE = re.compile(r"^Art(?:icolo|\.)\s*(\d{1,3})\s*(?:[–—-]|\.\s*-|\.)\s*(\S.*)$", re.I)
SECTION = re.compile(r"^([A-Z])\s*[.)]\s+(\S.*)$")
SUB = re.compile(r"^(\d{1,2})\s*[.)]\s+(\S.*)$")
ITEM = re.compile(r"^(?:\(([a-z])\)|([a-z])[.)])\s+(\S.*)$")
FOOTNOTE = re.compile(r"^(\(\*{1,3}\)|\*{1,3})\s*:?\s*(\S.*)$")
NOTE = re.compile(r"^Nota\s*:\s*(\S.*)$", re.I)
CHROME = [re.compile(p, re.I) for p in (r"^Pubblicato$", r"^in$", r"^da$", r"^Tag\s*:", r"^Categori[ae]\s*:",
                                         r"^Condividi", r"^Stampa$", r"^Leggi tutto", r"^Home\b.*>")]


def parse(page, pub: dict) -> Parsed:
    out = Parsed(page.file)
    law = sec = sub = item = cur = None
    footnotes = []
    for ln in page.lines:
        t = ln.text
        if not t:
            continue
        if TITLE.match(t):
            out.skip(ln, "title")
            continue
        if any(p.search(t) for p in CHROME):
            out.skip(ln, "chrome")
            continue
        m = ARTICLE.match(t)
        if m:
            law = law_node(K.LawKey(int(m[1])), ln.no)
            law.heading = norm(m[2])
            out.laws.append(law)
            sec = sub = item = None
            cur = law
            continue
        if law is None:
            out.skip(ln, "chrome")
            continue
        m = FOOTNOTE.match(t)
        if m:
            footnotes.append((law, m[1] if m[1].startswith("(") else f"({m[1]})", norm(m[2]), ln.no))
            continue
        m = NOTE.match(t)
        if m:
            cur.notes.append(Note("Nota", norm(m[1]), line=ln.no))
            continue
        m = SECTION.match(t)
        if m and ln.indent == 0:
            sec = add_child(law, m[1], ln.no)
            sub = item = None
            h, rest = split_heading(m[2])
            sec.heading = h
            if rest:
                sec.add_para(rest, ln.no)
            cur = sec
            continue
        m = SUB.match(t)
        if m:
            sub = add_child(sec or law, m[1], ln.no, bare=sec is None)
            item = None
            cur = sub
            im = ITEM.match(m[2])
            if im:  # «1. (a) Dopo che ...»: the subsection opens with its first item
                item = cur = add_child(sub, im[1] or im[2], ln.no)
                item.add_para(im[3], ln.no)
            else:
                sub.add_para(m[2], ln.no)
            continue
        m = ROMAN.match(t)
        if m and item is not None and not (m[1] == "i" and item.key.item == "h"):
            cur = add_child(item, m[1], ln.no)
            cur.add_para(m[2], ln.no)
            continue
        m = ITEM.match(t)
        if m and sub is not None:
            item = add_child(sub, m[1] or m[2], ln.no)
            item.add_para(m[3], ln.no)
            cur = item
            continue
        cur.add_para(t, ln.no, tail=bool(cur.children))
    for law, mark, text, line in footnotes:
        holder = next((n for n in law.walk() if any(mark in p for p in n.paras + n.tail)), law)
        holder.notes.append(Note(mark, text, line=line))
        holder.lines.append(line)
    return out
