"""The AEB's pages: «Reglamento del Bridge Duplicado y Normas AEB», one page per chapter.

What such a page holds, and what becomes of it:

- the site's chrome (slideshow, menus, the breadcrumb, the footer with the address) and the
  chapter's heading (``III.- LA SUBASTA``): left out, reported;
- an index (``Art. 17.- El periodo de subasta`` lines): a table of contents, left out, reported;
- ``Artículo 17.- El periodo de subasta`` (or ``Artículo 30 – ...``, ``ARTÍCULO 17.- ...``, or
  ``Artículo 17`` with its heading on the next line): a law and its heading;
- ``DEFINICIONES`` (and an introduction, ``Prólogo``...): terms and prose, not provisions, left out
  up to the next article or chapter and reported as such;
- ``A.- Comienzo: El período ...`` (also ``A..-``, ``A.-Texto``): a section, its heading up to the
  first ``:`` (or the first sentence) and its text;
- ``1.   texto`` or ``3   texto``: a numbered subsection (directly under a law: ``35.1``); it may
  open an item on the same line, ``5   (a) texto``;
- ``(a) texto``, ``(i) texto``: an item, a sub-item;
- a bulleted paragraph (``•``): the next paragraph of the provision, or, after a text ending in
  ``:``, an item of a list whose labels the page lost (reconstructed and recorded as such; a list
  of one item is the provision's next paragraph);
- ``(*) texto``, ``(1) texto`` after the text that carries the mark: a footnote, a note of the
  provision whose text carries its mark (:class:`laws.importer.shapes.Footnotes`);
- an indented ordered list (``  1. repite ...``) after a text ending in ``:``: items whose labels
  the page renders as numbers (reconstructed: ``(a)``, ``(b)``);
- ``Nota AEB: ...``, ``• Nota AEB: ...``, ``Nota: ...``, ``(Nota de la AEB: ...)``, ``(La AEB ...)``
  and ``Notas de la AEB:`` followed by ``1.- ...``: the AEB's notes, kept as notes of the provision
  they follow (of the whole law when a blank separator comes before them at the end of a law);
- ``NORMAS AEB SOBRE ...`` (its heading in capitals over several lines): one of the AEB's own
  regulations, in the namespace ``AEB``: ``A.- Normas generales`` its parts, ``Norma 1ª: ...`` its
  rules (cited as such), ``Alertas.- ...`` its headed paragraphs (numbered, reconstructed),
  ``1.- ...`` the items of a rule, and the paragraphs after them the rule's tail.
"""
from __future__ import annotations

import re
import unicodedata

from .. import keys as K
from .model import Node, Note, norm
from .shapes import ROMAN, Footnotes, Parsed, add_child, front_matter, inline_notes, law_node, next_section

ARTICLE = re.compile(r"^(?i:Art[íi]culo)\s+(\d{1,3})\s*(?:(?:\.\s*-|–|—|-|\.|:)\s*(.*))?$")
CONTENTS = re.compile(r"^Art\.\s*\d{1,3}\s*\.?\s*-\s*\S")
CHAPTER = re.compile(r"^(?:[IVXL]{1,6}\s*\.\s*-\s*\S|(?i:cap[íi]tulo)\s+[IVXL\d]{1,6}\b)")
SECTION = re.compile(r"^([A-Z])\s?\.{1,2}\s*-\s*(.*)$")
# another page's way with a section: «A. Comienzo: ...», «A) ...» (believed in the order of the sections)
SECTION_ALT = re.compile(r"^([A-Z])\s?[.)]\s+(\S.*)$")
SUB = re.compile(r"^(\d{1,2})(?:\.(?![-\d])\s*|\s{2,}|\s+(?=\())(.*)$")
ITEM = re.compile(r"^\(([a-z])\)\s*(.*)$")
BULLET = re.compile(r"^[•·▪◦\-–]\s+(.*)$")
OL = re.compile(r"^(\d{1,2}|[a-z])[.)]\s+(.*)$")
NOTE = re.compile(r"^\.?\s*(Nota(?:s)?(?: de la)? AEB|Nota)\s*:\s*(.+)$", re.I)
NOTE_PAREN = re.compile(r"^\(\s*(Nota(?: de la)? AEB)\s*:\s*(.+?)\s*\)\.?$", re.I)
AEB_PAREN = re.compile(r"^\(La AEB\b.*\)\.?$")
INLINE_NOTE = re.compile(r"\((Nota(?: de la)? AEB)\s*:\s*")
NOTES_HEAD = re.compile(r"^Notas de la AEB\s*:?$", re.I)
NOTE_ITEM = re.compile(r"^(\d{1,2})\s*\.\s*-\s*(.+)$")
NORMAS = re.compile(r"^NORMAS\s+(?:DE\s+LA\s+)?AEB\b(.*)$")
NORMA = re.compile(r"^(Norma\s+(\d{1,2})\s*[ªº])\s*[:.-]*\s*(.*)$")
HEADED = re.compile(r"^([A-ZÁÉÍÓÚÑ¿][^.:]{2,90}?)\s*\.\s*-\s*(.+)$")
CHROME = [re.compile(p, re.I) for p in (
    r"^Slideshow image", r"^(Calendario|Torneos Recientes|Resultados|Puntos y rankings|Cómo aprender|Histórico|Otros)$",
    r"^men[úu] principal$", r"^(Información institucional|Estatutos y Reglamentos)\s*>", r"^Asociación Española de Bridge\.",
    r"Tel[ée]fono\s*:", r"@aebridge", r"^Botón \d+$", r"^(Volver|Anterior|Siguiente|Inicio|Imprimir|Subir|Índice)$",
)]
STOP = {"DE", "DEL", "LA", "LAS", "EL", "LOS", "Y", "O", "U", "E", "SOBRE", "EN", "A", "AL", "PARA", "POR", "CON"}


def split_heading(rest: str) -> tuple[str | None, str]:
    """``Comienzo: El período ...`` -> (``Comienzo``, ``El período ...``); a first sentence followed by
    more text is the heading (kept with its full stop); a line alone is all heading."""
    rest = norm(rest)
    m = re.match(r"^(.+?)\s*:\s+(\S.*)$", rest)
    if m and len(m[1]) <= 160:
        return m[1], m[2]
    m = re.match(r"^(.+?[.])\s+([A-ZÁÉÍÓÚÑ¿¡(].*)$", rest)
    if m and len(m[1]) <= 160:
        return m[1], m[2]
    return (rest.rstrip(":") or None), ""


def namespace_id(heading: str) -> str:
    """A regulation's key from its heading: the initials of its first two words after «SOBRE»
    (``VOCES FALSAS ...`` -> ``VF``); a correction may name it otherwise."""
    s = "".join(c for c in unicodedata.normalize("NFD", heading.upper()) if unicodedata.category(c) != "Mn")
    words = re.findall(r"[A-Z]+", s.split("SOBRE", 1)[-1])
    sig = [w for w in words if w not in STOP and w not in ("NORMAS", "AEB")]
    return "".join(w[0] for w in sig[:2]) or "R"


class _State:
    def __init__(self, parsed: Parsed):
        self.parsed = parsed
        self.law: Node | None = None
        self.sec = self.sub = self.item = self.rom = None
        self.cur: Node | None = None        # the node the last paragraph went to
        self.reg = False
        self.headed: Node | None = None     # a regulation's headed paragraph (its numbered items go under it)
        self.norma: Node | None = None
        self.notes_to: Node | None = None   # inside «Notas de la AEB:»
        self.sep = False                    # a blank separator (&nbsp;) since the last line
        self.list_of: Node | None = None    # the node whose bulleted list is being read
        self.heading_lines: list = []


def parse(page, pub: dict) -> Parsed:
    out = Parsed(page.file)
    st = _State(out)
    started, matter = False, None
    footnotes = Footnotes()
    lines = page.lines
    i = 0
    while i < len(lines):
        ln = lines[i]
        i += 1
        if ln.no in page.starts:     # another saved page: what it holds before its first article is its chrome
            started, matter, st.law, st.reg = False, None, None, False
        t = ln.text
        if not t:
            if "\u00a0" in ln.raw:
                st.sep = True
            continue
        if any(p.search(t) for p in CHROME):
            out.skip(ln, "chrome")
            continue
        if CONTENTS.match(t):
            out.skip(ln, "contents")
            continue
        if CHAPTER.match(t):
            out.skip(ln, "chapter")
            started, matter = True, None
            st.reg = False
            continue
        m = NORMAS.match(t)
        if m:
            started, matter = True, None
            heading, nos = [t], []
            while i < len(lines) and (not lines[i].text or _caps(lines[i].text)):
                if lines[i].text:
                    heading.append(lines[i].text)
                    nos.append(lines[i].no)
                i += 1
            _open_regulation(st, " ".join(heading), ln.no, pub)
            st.law.lines.extend(nos)
            continue
        m = ARTICLE.match(t)
        if m:
            started, matter = True, None
            st.reg = False
            st.law = law_node(K.LawKey(int(m[1])), ln.no)
            st.law.heading = norm(m[2] or "") or None
            out.laws.append(st.law)
            st.sec = st.sub = st.item = st.rom = None
            st.cur, st.notes_to, st.list_of, st.sep = st.law, None, None, False
            continue
        if front_matter(t):
            matter, st.law = front_matter(t), None
        if matter:
            out.skip(ln, matter)
            continue
        if not started or st.law is None:
            out.skip(ln, "chrome")
            continue
        if st.law.heading is None and st.cur is st.law and not st.law.paras and not st.law.children \
                and not st.reg and _heading_line(t):
            st.law.heading = t       # «Artículo 12» with its heading on the next line
            st.law.lines.append(ln.no)
            continue
        if footnotes.take(t, ln.no):
            continue
        (_regulation_line if st.reg else _law_line)(st, ln)
        st.sep = False
    for law in out.laws:
        inline_notes(law, INLINE_NOTE)
    footnotes.attach(out.laws)
    return out


def _heading_line(t: str) -> bool:
    """A line that can only be a heading: short, no full stop or colon at its end, no label."""
    return len(t) <= 100 and not t.endswith((".", ":", ";", ")")) and t[:1].isupper() and not (
        SECTION.match(t) or SUB.match(t) or ITEM.match(t) or BULLET.match(t) or NOTE.match(t))


def _caps(t: str) -> bool:
    letters = [c for c in t if c.isalpha()]
    return bool(letters) and all(c.isupper() for c in letters) and not ARTICLE.match(t)


def _open_regulation(st: _State, heading: str, line: int, pub: dict) -> None:
    ns = re.sub(r"[^A-Z]", "", str(pub.get("authority", "AEB")).upper()) or "AEB"
    st.reg = True
    st.law = law_node(K.RegKey(ns, (namespace_id(heading),)), line)
    st.law.heading = norm(heading)
    st.parsed.laws.append(st.law)
    st.sec = st.sub = st.item = st.rom = st.headed = st.norma = st.list_of = st.notes_to = None
    st.cur = st.law


def _note(st: _State, label: str, text: str, line: int) -> None:
    target = st.law if (st.sep or st.cur is None) else st.cur
    target.notes.append(Note(label, norm(text), line=line))
    target.lines.append(line)


def _para(st: _State, text: str, line: int) -> None:
    """A paragraph with no label: the next paragraph of the provision being read (or, after a closed
    list item, of the provision the list belongs to, after its items)."""
    cur = st.cur or st.law
    if cur.closed:
        parent = _parent_of(st, cur)
        parent.add_para(text, line, tail=True)
        st.cur = parent
        return
    cur.add_para(text, line, tail=bool(cur.children))


def _parent_of(st: _State, node: Node) -> Node:
    for n in st.law.walk():
        if node in n.children:
            return n
    return st.law


def _law_line(st: _State, ln) -> None:
    t, no = ln.text, ln.no
    if st.notes_to is not None:
        m = NOTE_ITEM.match(t)
        if m:
            st.notes_to.notes.append(Note("Nota AEB", norm(m[2]), line=no))
            st.notes_to.lines.append(no)
            return
        st.notes_to = None
    if NOTES_HEAD.match(t):
        st.notes_to = st.law if (st.sep or st.cur is None) else st.cur
        st.parsed.skip(ln, "notes heading")
        return
    m = NOTE_PAREN.match(t)
    if m:
        _note(st, "Nota AEB", m[2], no)
        return
    m = NOTE.match(t)
    if m:
        _note(st, "Nota AEB" if "AEB" in m[1].upper() else "Nota", m[2], no)
        return
    if AEB_PAREN.match(t):
        (st.cur or st.law).notes.append(Note("AEB", norm(t), line=no))
        return
    m = BULLET.match(t)
    if m and not SECTION.match(t):
        body = m[1]
        nm = NOTE.match(body)
        if nm:
            (st.cur or st.law).notes.append(Note("Nota AEB" if "AEB" in nm[1].upper() else "Nota", norm(nm[2]), line=no))
            return
        _list_item(st, body, no)
        return
    if ln.indent >= 1:
        m = OL.match(t)
        if m and st.cur is not None and (st.list_of is not None or (st.cur.paras and st.cur.paras[-1].endswith(":"))):
            _list_item(st, m[2], no)
            return
    m = SECTION.match(t) or (SECTION_ALT.match(t) if isinstance(st.law.key, K.LawKey) else None)
    if m and (m.re is SECTION or next_section(st.law, m[1])):
        st.sec = add_child(st.law, m[1], no)
        st.sub = st.item = st.rom = st.list_of = None
        h, rest = split_heading(m[2])
        st.sec.heading = h
        if rest:
            st.sec.add_para(rest, no)
        st.cur = st.sec
        return
    m = SUB.match(t)
    if m:
        parent = st.sec or st.law
        st.sub = add_child(parent, m[1], no, bare=st.sec is None)
        st.item = st.rom = st.list_of = None
        st.cur = st.sub
        rest = m[2]
        im = ITEM.match(rest)
        if im:
            st.item = add_child(st.sub, im[1], no)
            st.item.add_para(im[2], no)
            st.cur = st.item
        elif rest:
            st.sub.add_para(rest, no)
        return
    m = ROMAN.match(t)
    if m and st.item is not None and not (m[1] == "i" and st.item.key.item == "h"):
        st.rom = add_child(st.item, m[1], no)
        st.rom.add_para(m[2], no)
        st.cur = st.rom
        return
    m = ITEM.match(t)
    if m and st.sub is not None:
        st.item = add_child(st.sub, m[1], no)
        st.rom = st.list_of = None
        st.item.add_para(m[2], no)
        st.cur = st.item
        return
    _para(st, t, no)


def _list_item(st: _State, body: str, no: int) -> None:
    """A bulleted (or renumbered) paragraph: an item of a list whose labels the page lost, when the
    provision before it ends in ``:`` (or such a list is being read); else its next paragraph."""
    owner = st.list_of
    if owner is None and st.cur is not None and not st.cur.children and st.cur.paras and st.cur.paras[-1].endswith(":"):
        owner = st.cur
    if owner is None:
        _para(st, body, no)
        return
    st.list_of = owner
    item = add_child(owner, None, no)
    item.add_para(body, no)
    item.closed = True
    st.cur = item


def _regulation_line(st: _State, ln) -> None:
    t, no = ln.text, ln.no
    m = SECTION.match(t)
    if m:
        st.sec = add_child(st.law, m[1], no)
        h, rest = split_heading(m[2])
        st.sec.heading = h
        if rest:
            st.sec.add_para(rest, no)
        st.cur, st.headed, st.norma = st.sec, None, None
        return
    parent = st.sec or st.law
    m = NORMA.match(t)
    if m:
        st.norma = add_child(parent, m[2], no)
        st.norma.cite_as = norm(m[1])
        st.norma.add_para(m[3], no)
        st.cur, st.headed = st.norma, None
        return
    m = NOTE_ITEM.match(t)
    if m and (st.norma or st.headed):
        owner = st.norma or st.headed
        item = add_child(owner, m[1], no)
        item.add_para(m[2], no)
        item.closed = True
        st.cur = item
        return
    m = SUB.match(t)
    if m:
        owner = st.headed or parent
        item = add_child(owner, m[1], no)
        h = HEADED.match(m[2])
        if h:
            item.heading = norm(h[1])
            item.add_para(h[2], no)
        else:
            item.add_para(m[2], no)
        st.cur = item
        return
    m = HEADED.match(t)
    if m and not NOTE.match(t):
        st.headed = add_child(parent, None, no)
        st.headed.heading = norm(m[1])
        st.headed.add_para(m[2], no)
        st.cur, st.norma = st.headed, None
        return
    _para(st, t, no)
