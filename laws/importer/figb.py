"""The FIGB's pages: the Codice di Gara, one page per article.

- the page's title (``Articolo 17 del Codice di Gara``), the blog's chrome after the text
  (``Pubblicato``, ``in``, ``da``, ``Tag:``) and the link to the index (``Indice Articoli del
  Codice di Gara``): left out, reported; a page of the index alone is a table of contents, and the
  definitions (``Definizioni``) are terms, not provisions;
- ``Art. 17 – IL PERIODO LICITATIVO`` (or ``ARTICOLO 17 – ...``): a law and its heading, in
  capitals as printed; text before its ``A.`` is the law's own (``Ad esclusione di ...:``);
- ``A. Inizio del periodo licitativo: il periodo ...``: a section, its heading up to the first
  ``:`` and its text (``D. Carte da un board sbagliato:`` is a heading alone; the text may follow
  on the next line, ``B. Ricapitolazione ...`` then ``Prima che ...``);
- ``1. testo`` (indented or not): a numbered subsection (directly under a law: ``35.1``);
- ``(a) testo``, ``a) testo``, an indented ``a. testo``: an item; ``(i) testo``: a sub-item;
- ``(*): testo``, ``(**): testo``, ``(1) testo``: footnotes, each kept as a note of the provision
  whose text carries its mark (the law's when none does; a number in brackets only when the text
  carries it); ``Nota: testo`` a note of the provision before it.
"""
from __future__ import annotations

import re

from .. import keys as K
from .aeb import split_heading
from .model import Note, norm
from .shapes import ROMAN, Footnotes, Parsed, add_child, front_matter, law_node, next_section

CHAPTER = re.compile(r"^(?i:capitolo)\s+[IVXL\d]{1,6}\b(?!.*[.;]$)")
TITLE = re.compile(r"^Articolo\s+\d{1,3}\s+del\s+Codice\s+di\s+Gara\s*$", re.I)
ARTICLE = re.compile(r"^Art(?:icolo|\.)\s*(\d{1,3})\s*(?:[–—-]|\.\s*-|\.)\s*(\S.*)$", re.I)
SECTION = re.compile(r"^([A-Z])\s*[.)]\s+(\S.*)$")
SECTION_ALT = re.compile(r"^([A-Z])\s?\.{1,2}\s*-\s*(\S.*)$")   # «A.- ...», believed in the sections' order
SUB = re.compile(r"^(\d{1,2})\s*[.)]\s+(\S.*)$")
ITEM = re.compile(r"^(?:\(([a-z])\)|([a-z])[.)])\s+(\S.*)$")
NOTE = re.compile(r"^Nota\s*:\s*(\S.*)$", re.I)
CHROME = [re.compile(p, re.I) for p in (r"^Pubblicato$", r"^in$", r"^da$", r"^Tag\s*:", r"^Categori[ae]\s*:",
                                         r"^Condividi", r"^Stampa$", r"^Leggi tutto", r"^Home\b.*>",
                                         r"^Indice (?:degli )?Articoli del Codice di Gara$", r"^Torna all'indice",
                                         r"^(?:Articolo )?(?:precedente|successivo)$")]


def parse(page, pub: dict) -> Parsed:
    out = Parsed(page.file)
    law = sec = sub = item = cur = matter = None
    footnotes = Footnotes()
    for ln in page.lines:
        if ln.no in page.starts:     # another saved page
            law = matter = None
        t = ln.text
        if not t:
            continue
        if TITLE.match(t):
            out.skip(ln, "title")
            continue
        if CHAPTER.match(t):
            out.skip(ln, "chapter")
            continue
        if any(p.search(t) for p in CHROME):
            out.skip(ln, "chrome")
            continue
        m = ARTICLE.match(t)
        if m:
            law, matter = law_node(K.LawKey(int(m[1])), ln.no), None
            law.heading = norm(m[2])
            out.laws.append(law)
            sec = sub = item = None
            cur = law
            continue
        if front_matter(t):
            matter, law = front_matter(t), None
        if matter:
            out.skip(ln, matter)
            continue
        if law is None:
            out.skip(ln, "chrome")
            continue
        if footnotes.take(t, ln.no):
            continue
        m = NOTE.match(t)
        if m:
            cur.notes.append(Note("Nota", norm(m[1]), line=ln.no))
            continue
        m = SECTION.match(t) or SECTION_ALT.match(t)
        if m and ln.indent == 0 and (m.re is SECTION or next_section(law, m[1])):
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
    footnotes.attach(out.laws)
    return out
