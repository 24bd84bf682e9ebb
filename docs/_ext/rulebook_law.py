"""A small Sphinx domain for the Laws: the official texts inserted from ``laws/``, linked.

``.. law:: 27B1(a)``
    Inserts provision 27B1(a) as the *build's language* holds it: its label and heading, its
    verbatim text (marked untranslatable: ``<div class="law-text" lang="es" translate="no">``),
    its notes, every citation in it as a link that shows the cited text on hover, what cites it,
    the same provision in the other language sites and the decision trees resting on it. A
    provision that this language's text lacks is shown as "not in this language's text", with
    links to the sites that have it. The element carries the provision's element id
    (``art_27__para_B__subpara_1__point_a``) as its anchor. Options: ``:noheading:`` (the
    section title already shows the heading), ``:tail:`` (insert only the text that follows
    the provision's children, where the page places it).

``:law:`27B1(a)```, ``:law:`the insufficient bid rule <27B1a>```
    Links to a provision from anywhere; the link's title is the cited text (the hover preview).
    A provision cited by the corpus but held by no text (Law 90) renders as "not in the
    corpus", never as a guess; any other unknown key is a dangling reference, a warning, and
    so a failed build under ``-W``.

**Editions.** A provision is (edition of the Laws, key): ``.. law:: 2007:16D`` and ``:law:`2017:16C```
name one edition (a bare key is read in the site's edition, see :func:`default_edition`). Each
(edition, key) has its anchor: the element id (``art_16__para_D``) for the site's edition, or the
only edition whose texts hold the key, and ``e2017-art_16__para_D`` for the other; every
provision also carries its qualified anchor ``e<edition>-<eid>``. Citations in a text link inside
the edition of that text; a citation of a provision that no text of its edition holds is shown as
absent, labelled with its edition, and points to its correspondence in the other edition (from
the table ``laws/data/editions/2007-2017.yaml``), never to the other edition's text as if it were it.

The domain (``law``) keeps ``{qualified key: (docname, anchor, status)}``, gives an index of provisions
(``law-provisions``, reachable as ``:ref:`law-provisions```) and resolves the references.
Everything it writes itself goes through gettext (``i18n.translator``, domain "docs").
The law data a page shows is recorded as a dependency of that page, so that an incremental
build re-reads exactly the pages whose provisions, citations or trees changed.
"""
from __future__ import annotations

import re
from functools import lru_cache

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.domains import Domain, Index, IndexEntry, ObjType
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode

from i18n import N_, language_name, translator
from laws import citations as CIT
from laws import corpus as C
from laws import editions as E
from laws import keys as K
from laws.rulings.trees import all_trees, resting_on, trees

logger = logging.getLogger(__name__)

SITE_LANGS = ("es", "nl", "it", "en")     # one site per language; en for the project's own pages
ENV_VERSION = 5                            # bump when the domain data or the rendering changes
PREVIEW_CHARS = 700                        # longest hover preview (cut at a word, marked "…")

LAW_TITLE = N_("Law {number}")
NOT_HERE = N_("Not in this language's text.")
NOT_IN_CORPUS = N_("{key}: not in the corpus (no text of the corpus holds it)")
NOT_IN_EDITION = N_("{edition} {key}: not in the corpus (no text of the {edition} Laws holds it)")
CORRESPONDS = N_("It corresponds to {edition} {key} ({status}).")
OTHER_EDITION = N_("A provision of the {edition} Laws, which the text of this site does not follow.")
DANGLING = N_("law: {target} is not a provision of the corpus, nor one that the corpus cites")
OBJECT_NAME = N_("provision")
EDITION_LAWS = N_("{edition} Laws")


# -- the corpus and the trees, once per process ---------------------------------------------------
def corpus() -> C.Corpus:
    return C.load()


@lru_cache(maxsize=1)
def _absent() -> frozenset:
    """Qualified keys (``2007:16D``) an edition is known to have that no text of it holds: cited by a
    text of that edition, named by the correspondence tables, or listed by a decision tree of that
    edition as knowingly absent; and the laws and parts that hold such a provision (2017 72C is
    known, so 2017 Law 72 exists)."""
    c = corpus()
    known = {(e, k) for e, k in c.absent_cited_qualified()}
    for e in E.editions():
        known |= {(e, k) for k in E.known_keys(e, c)}
    for e, reg in all_trees().items():   # the keys a tree lists as knowingly absent from its edition's texts
        known |= {(e, K.parse_key(k)) for t in reg.values() for k in getattr(t, "knowingly_absent", ())}
    out = set()
    for e, k in known:
        while k is not None and not c.has(k, edition=e):
            out.add(E.qualified(e, k))
            k = k.parent
    return frozenset(out)


def site_edition(lang: str | None) -> str | None:
    """The edition of the Laws the text of a site follows (None for the English site)."""
    return corpus().edition_of(lang) if lang in C.LANGS else None


def default_edition(key, lang: str | None) -> str | None:
    """The edition a bare key means in the site of ``lang``: the site's edition if its texts hold
    the key, else the first edition whose texts hold it, else the site's edition if its texts
    cite it, else the first edition citing it (None: neither held nor cited)."""
    c = corpus()
    own = site_edition(lang)
    held = c.editions_of(key)
    if own in held:
        return own
    if held:
        return held[0]
    cited = [e for e in E.editions() if E.qualified(e, key) in _absent()]
    return own if own in cited else (cited[0] if cited else None)


def split_target(target: str, lang: str | None):
    """``(edition, key)`` of a reference target (``2007:16D`` or a bare key, read in the site's
    edition); raises :class:`laws.keys.KeyError_`."""
    ed, rest = E.split_qualified(target)
    key = K.parse_key(rest)
    return ed or default_edition(key, lang), key


def anchor_of(edition: str, key, lang: str | None) -> str:
    """The anchor of ``edition:key`` in the site of ``lang``: the element id for the site's
    edition (or the first edition whose texts hold the key), ``e<edition>-<eid>`` for the other.

    >>> anchor_of("2007", K.parse_key("40B3"), "es"), anchor_of("2017", K.parse_key("40B3"), "es")
    ('art_40__para_B__subpara_3', 'e2017-art_40__para_B__subpara_3')
    >>> anchor_of("2017", K.parse_key("40B3"), "nl"), anchor_of("2017", K.parse_key("16D"), "es")
    ('art_40__para_B__subpara_3', 'art_16__para_D')
    """
    held = corpus().editions_of(key)
    own = site_edition(lang)
    primary = own if own in held else (held[0] if held else edition)
    return key.eid if edition == primary else qualified_anchor(edition, key)


def qualified_anchor(edition: str, key) -> str:
    """The anchor every provision of an edition carries in every site: ``e2007-art_16__para_D``."""
    return f"e{edition}-{key.eid}"


@lru_cache(maxsize=1)
def tree_registry() -> dict:
    """Every tree of every edition, ``{(edition, tree id): Tree}``, the editions oldest first
    (``laws.rulings.trees.all_trees()``): each has its own page, ``trees/<edition>/<id>``."""
    return {(ed, tid): tr for ed, reg in all_trees().items() for tid, tr in reg.items()}


def tree_edition(tree) -> str | None:
    """The edition of the Laws a tree follows: its directory's (``laws/trees/<edition>/``)."""
    return getattr(tree, "edition", None)


def tree_key(text: str, tree) -> str | None:
    """A key a tree names (``16D``, or qualified ``2017:16C``), qualified with the tree's edition."""
    ed, rest = E.split_qualified(text)
    try:
        key = K.parse_key(rest)
    except K.KeyError_:
        return None
    ed = ed or tree_edition(tree)
    return E.qualified(ed, key) if ed else str(key)


@lru_cache(maxsize=1)
def trees_resting_on() -> dict:
    """``{qualified key: [(edition, tree id) of the trees resting on it]}``, every edition's
    :func:`laws.rulings.trees.resting_on` (the engine's one answer, also the app's: a node's law, or a provision a
    ruling sends the director on from, 2017 27D -> correction_damage), each key qualified with the tree's edition."""
    out: dict = {}
    for ed in all_trees():
        for key, ids in resting_on(ed).items():
            out.setdefault(E.qualified(ed, key), []).extend((ed, tid) for tid in ids)
    return out


def tree_files() -> list[str]:
    from laws.rulings.trees import TREES

    return sorted(str(p) for p in TREES.glob("*/*.yaml"))


# -- names of pages and anchors -------------------------------------------------------------------
def page_of(key) -> str:
    """The docname of the page that holds a provision in every site: ``laws/27``, ``laws/AEB-AL``.

    >>> page_of(K.parse_key("27B1(a)")), page_of(K.parse_key("AEB-AL.A.8"))
    ('laws/27', 'laws/AEB-AL')
    """
    return f"laws/{key.law_key}"


def tree_page(edition: str, tree_id: str) -> str:
    """The docname of a tree's page in every site: one page per (edition, tree id).

    >>> tree_page("2017", "insufficient_bid")
    'trees/2017/insufficient_bid'
    """
    return f"trees/{edition}/{tree_id}"


TREES_INDEX = "trees/index"      # the trees of every edition, and what each edition covers

# Pages only the English site has: the reference and the contributors' guide (``docs/guide/``). The language
# switcher of such a page offers the other sites' home pages.
ENGLISH_ONLY = "guide/"


def in_every_site(docname: str) -> bool:
    """Whether every language site has a page of that name (the English-only guide does not).

    >>> in_every_site("laws/27"), in_every_site("guide/reference-cli")
    (True, False)
    """
    return not docname.startswith(ENGLISH_ONLY)


def site_url(fromdoc: str, lang: str, docname: str, anchor: str = "") -> str:
    """The relative URL, from page ``fromdoc`` of one site, of ``docname`` in the site of ``lang``
    (the sites are siblings: ``html/es/``, ``html/nl/``...).

    >>> site_url("laws/27", "nl", "laws/16", "art_16__para_D")
    '../../nl/laws/16.html#art_16__para_D'
    """
    up = "../" * (fromdoc.count("/") + 1)
    return f"{up}{lang}/{docname}.html" + (f"#{anchor}" if anchor else "")


def label_of(key, lang: str | None = None) -> str:
    """How a provision is named on a page: ``27B1(a)``; a regulation by the label its text uses
    (``Norma 8ª``) when it has one."""
    c = corpus()
    for lg in ([lang] if lang in C.LANGS else []) + list(C.LANGS):
        p = c.get(key, lg) if c.edition_of(lg) else None
        if p is not None and p.cite_as:
            return f"{p.cite_as} ({key.display})"
    return key.display


def edition_of(lang: str) -> str:
    for pub in corpus().publications():
        if pub.lang == lang:
            return f"{pub.authority} {pub.edition}"
    return ""


def t_for(env):
    return translator(env.config.language or "en")


def site_lang(env) -> str:
    lang = env.config.language or "en"
    return lang if lang in SITE_LANGS else "en"


# -- hover previews ---------------------------------------------------------------------------------
PARA = "\u2029"   # PARAGRAPH SEPARATOR: separates the heading and the paragraphs of a preview (kept in a title)


def _cut(text: str, n: int = PREVIEW_CHARS) -> str:
    text = re.sub(r"[ \t]+", " ", text).strip()
    if len(text) > n:
        text = text[:n].rsplit(" ", 1)[0] + " …"
    return text.replace("\n", PARA)


@lru_cache(maxsize=None)
def preview(target: str, lang: str) -> str:
    """The text a link to ``target`` (``2007:27D`` or a bare key) shows on hover, in the site of
    ``lang``: the provision's label, heading and verbatim text (its children's texts when it has
    none of its own), from this language's text or, when this language lacks it, from the first
    text of the same edition that has it (named in brackets), never from the other edition.
    Paragraphs are separated by U+2029, which ``rulebook.js`` lays out.

    >>> preview("2007:27D", "es").split("\u2029")[0]
    '27D · Bando inocente perjudicado'
    >>> preview("2007:16D", "en").split("\u2029")[0]
    '2007 16D: not in the corpus (no text of the 2007 Laws holds it) It corresponds to 2017 16C (renumbered).'
    """
    ed, key = split_target(target, lang)
    c = corpus()
    p = c.get(key, lang, ed) if lang in C.LANGS and ed and c.edition_of(lang) == ed else None
    other = p is None
    if p is None and ed:
        p = c.get(key, edition=ed)
    if p is None:
        return absent_text(ed, key, lang)
    head = label_of(key, p.lang) + (f" · {p.heading}" if p.heading else "")
    if other:
        head += f" [{p.lang} · {p.pub.authority} {p.pub.edition} · {ed}]"
    body = p.own_text
    if not body:
        parts = []
        for d in c.descendants(key, p.lang):
            if d.own_text or d.heading:
                parts.append(f"{d.key.display} " + " ".join(x for x in (d.heading, d.own_text) if x))
        body = "\n".join(parts)
    return head + (PARA + _cut(body) if body else "")


def absent_text(edition, key, lang: str) -> str:
    """``2007 16D: not in the corpus (...) It corresponds to 2017 16C (renumbered).``"""
    t = translator(lang)
    if not edition:
        return t.gettext(NOT_IN_CORPUS).format(key=key.display)
    out = t.gettext(NOT_IN_EDITION).format(edition=edition, key=key.display)
    for c in correspondences(edition, key):
        out += " " + t.gettext(CORRESPONDS).format(edition=c.laws_edition, key=K.from_canonical(c.key).display,
                                                   status=t.gettext(STATUS[c.status]))
    return out


STATUS = {"same": N_("same"), "reworded": N_("reworded"), "renumbered": N_("renumbered"),
          "changed": N_("changed"), "new": N_("new"), "deleted": N_("deleted")}


def correspondences(edition, key) -> list:
    """The table's correspondences of ``edition:key`` that name a key (regulations have none)."""
    if not isinstance(key, K.LawKey):
        return []
    return [c for c in E.corresponding(edition, key) if c.key]


# -- nodes --------------------------------------------------------------------------------------------
class law_text(nodes.General, nodes.Element):
    """The verbatim text of a provision in one language: untranslatable, with its language."""


def visit_law_text_html(self, node):
    self.body.append(self.starttag(node, "div", "", CLASS="law-text", lang=node["lang"], translate="no"))


def depart_law_text_html(self, node):
    self.body.append("</div>\n")


def _skip(self, node):
    pass


def _xref(key, words: str, classes=("law-cite",), edition: str | None = None) -> addnodes.pending_xref:
    target = E.qualified(edition, key) if edition else str(key)
    ref = addnodes.pending_xref("", refdomain="law", reftype="law", reftarget=target, refexplicit=True,
                                refwarn=True)
    ref += nodes.inline(words, words, classes=list(classes))
    return ref


def text_nodes(text: str, lang: str, key, edition: str | None = None) -> list[nodes.Node]:
    """Paragraphs of a verbatim text with each citation in it turned into a pending reference,
    in ``edition`` (the edition of the text: a citation never leaves it)."""
    cits = CIT.find(text, lang, key)
    out = []
    start = 0
    for para in text.split("\n"):
        end = start + len(para)
        p = nodes.paragraph(translatable=False)
        cur = start
        for c in cits:
            if c.start < start or c.end > end:
                continue
            if c.start > cur:
                p += nodes.Text(text[cur:c.start])
            wcur = c.start
            for a, b, k in c.spans:    # laws.citations.key_spans: where each key is written
                if a > wcur:
                    p += nodes.Text(text[wcur:a])
                p += _xref(k, text[a:b], edition=edition)
                wcur = b
            if wcur < c.end:
                p += nodes.Text(text[wcur:c.end])
            cur = c.end
        if cur < end:
            p += nodes.Text(text[cur:end])
        out.append(p)
        start = end + 1
    return out


# -- the directive ------------------------------------------------------------------------------------
class LawDirective(SphinxDirective):
    """``.. law:: KEY``: a provision of the corpus, as the build's language holds it."""

    has_content = False
    required_arguments = 1
    final_argument_whitespace = True
    option_spec = {"noheading": directives.flag, "tail": directives.flag}

    def run(self):
        t = t_for(self.env)
        lang = site_lang(self.env)
        raw = self.arguments[0]
        try:
            ed, key = split_target(raw, lang)
        except K.KeyError_:
            raise self.error(t.gettext("law: {text!r} is not a provision key (expected something like 27B1(a))")
                             .format(text=raw)) from None
        c = corpus()
        if ed is None or not c.has(key, edition=ed):
            if ed and E.qualified(ed, key) in _absent():
                raise self.error(t.gettext("law: {key} is cited by the corpus but no text holds it: there is no "
                                           "text to insert").format(key=f"{ed} {key.display}"))
            raise self.error(t.gettext("law: {key} is not a provision of the corpus").format(key=key.display))
        here = c.get(key, lang, ed) if lang in C.LANGS and c.edition_of(lang) == ed else None
        self._note_dependencies(key)
        if "tail" in self.options:
            if here is None or not here.tail:
                return []
            box = law_text(lang=lang)
            box += text_nodes(here.tail, lang, key, ed)
            return [nodes.container("", box, classes=["law-provision", "law-tail", f"law-depth-{key.depth}"])]

        docname = self.env.current_document.docname
        domain = self.env.domains["law"]
        anchor = anchor_of(ed, key, lang)
        domain.note_provision(E.qualified(ed, key), docname, anchor, "text" if here else "elsewhere", self.lineno)

        ids = [anchor] + ([qualified_anchor(ed, key)] if anchor != qualified_anchor(ed, key) else [])
        box = nodes.container(ids=ids, classes=[
            "law-provision", f"law-depth-{key.depth}", "law-here" if here else "law-elsewhere", f"law-edition-{ed}"])
        head = nodes.paragraph(classes=["law-head"])
        label = nodes.reference("", "", internal=True, refid=anchor, classes=["law-label"])
        label += nodes.strong(text=label_of(key, lang))
        head += label
        if key.depth == 0 or site_edition(lang) != ed:
            head += nodes.Text(" ")
            ed_label = t.gettext(EDITION_LAWS).format(edition=ed)
            head += nodes.inline("", f"[{ed_label}]", classes=["law-edition"])
        if here is not None and here.heading and "noheading" not in self.options:
            head += nodes.Text(" ")
            head += nodes.inline(here.heading, here.heading, classes=["law-heading"], translatable=False)
        box += head

        if here is not None:
            text = law_text(lang=lang)
            if here.text:
                text += text_nodes(here.text, lang, key, ed)
            for note in here.notes:
                np_ = nodes.container(classes=["law-note"])
                paras = text_nodes(note.text, lang, key, ed)
                paras[0].insert(0, nodes.Text(" "))
                paras[0].insert(0, nodes.strong(text=note.label))
                np_ += paras
                text += np_
            if len(text):
                box += text
            absent = [k for k in here.cites if not c.has(k, edition=ed)]
            if absent:
                p = nodes.paragraph(classes=["law-meta", "law-absent-note"])
                p += nodes.Text(t.gettext("Cites provisions that are not in the corpus: {keys}.").format(
                    keys=", ".join(k.display for k in absent)))
                for k in absent:   # each points to its correspondence in the other edition
                    for x in correspondences(ed, k):
                        other = K.from_canonical(x.key)
                        p += nodes.Text(" ")
                        p += nodes.Text(f"{ed} {k.display} → ")
                        if c.has(other, edition=x.laws_edition) or x.qualified in _absent():
                            p += _xref(other, f"{x.laws_edition} {other.display}", classes=("law-correspondence",),
                                       edition=x.laws_edition)
                        else:
                            p += nodes.Text(f"{x.laws_edition} {other.display}")
                        status = t.gettext(STATUS[x.status])
                        p += nodes.Text(f" ({status}).")
                box += p
        else:
            p = nodes.paragraph(classes=["law-meta", "law-not-here"])
            if site_edition(lang) not in (None, ed):
                p += nodes.emphasis(text=t.gettext(OTHER_EDITION).format(edition=ed))
            else:
                p += nodes.emphasis(text=t.gettext(NOT_HERE))
            box += p

        box += self._other_languages(ed, key, lang, here is not None, docname, t)
        box += self._corresponds(ed, key, lang, t)
        box += self._cited_by(ed, key, lang, docname, t)
        box += self._trees(ed, key, t)
        return [box]

    # -- parts ---------------------------------------------------------------------------------
    def _note_dependencies(self, key) -> None:
        c = corpus()
        files = {c.get(key, lg).file for lg in c.langs_of(key)}
        files |= {p.file for p, _ in c.cited_by(key)}
        files |= set(tree_files())
        for f in sorted(files):
            self.env.note_dependency(f)

    def _other_languages(self, ed, key, lang, here: bool, docname: str, t) -> list:
        c = corpus()
        others = [lg for lg in c.langs_of(key, ed) if lg != lang]  # the same provision: the same edition
        if not others:
            return []
        p = nodes.paragraph(classes=["law-meta", "law-langs"])
        p += nodes.Text(t.gettext("In the other language sites:") if here else
                        t.gettext("Read it in:"))
        for i, lg in enumerate(others):
            p += nodes.Text(" " if i == 0 else " · ")
            op = c.get(key, lg, ed)
            words = f"{language_name(lg, lang)} ({op.pub.authority} {op.pub.edition})"
            if not here and op.heading:
                words += f": {op.heading}"
            ref = nodes.reference(words, words, refuri=site_url(docname, lg, page_of(key), anchor_of(ed, key, lg)),
                                  classes=["law-other-lang"], reftitle=preview(E.qualified(ed, key), lg))
            p += ref
        return [p]

    def _corresponds(self, ed, key, lang, t) -> list:
        """The provisions of the other edition this one corresponds to (from the table)."""
        corr = correspondences(ed, key)
        if not corr:
            return []
        para = nodes.paragraph(classes=["law-meta", "law-corresponds"])
        para += nodes.Text(t.gettext("In the {edition} Laws:").format(edition=corr[0].laws_edition) + " ")
        for i, x in enumerate(corr):
            if i:
                para += nodes.Text(", ")
            k = K.from_canonical(x.key)
            if corpus().has(k, edition=x.laws_edition) or x.qualified in _absent():
                para += _xref(k, k.display, classes=("law-correspondence",), edition=x.laws_edition)
            else:  # a provision no text of the corpus holds or cites: named, not linked
                para += nodes.inline(k.display, k.display, classes=["law-correspondence", "law-unknown"])
            status = t.gettext(STATUS[x.status])
            para += nodes.Text(f" ({status})")
        return [para]

    def _cited_by(self, ed, key, lang, docname: str, t) -> list:
        c = corpus()
        mine, others = [], []
        for p, _ in c.cited_by(key, edition=ed):
            if p.lang == lang:
                if p.key not in mine:
                    mine.append(p.key)
            elif (p.key, p.lang) not in others:
                others.append((p.key, p.lang))
        out = []
        if mine:
            para = nodes.paragraph(classes=["law-meta", "law-cited-by"])
            para += nodes.Text(t.gettext("Cited by:") + " ")
            for i, k in enumerate(sorted(mine, key=K.sort_key)):
                if i:
                    para += nodes.Text(", ")
                para += _xref(k, k.display, classes=("law-backlink",), edition=ed)
            out.append(para)
        if others:
            para = nodes.paragraph(classes=["law-meta", "law-cited-by-other"])
            para += nodes.Text((t.gettext("Cited by, in the other texts:") if lang in C.LANGS
                                else t.gettext("Cited by:")) + " ")
            for i, (k, lg) in enumerate(sorted(others, key=lambda x: (K.sort_key(x[0]), x[1]))):
                if i:
                    para += nodes.Text(", ")
                words = f"{k.display} ({lg})"
                para += nodes.reference(words, words, refuri=site_url(docname, lg, page_of(k), anchor_of(ed, k, lg)),
                                        classes=["law-other-lang"], reftitle=preview(E.qualified(ed, k), lg))
            out.append(para)
        return out

    def _trees(self, ed, key, t) -> list:
        ids = trees_resting_on().get(E.qualified(ed, key))
        if not ids:
            return []
        para = nodes.paragraph(classes=["law-meta", "law-trees"])
        para += nodes.Text(t.gettext("Decision trees resting on it:") + " ")
        reg = tree_registry()
        for i, (ted, tid) in enumerate(ids):
            if i:
                para += nodes.Text(" · ")
            title = t.gettext(reg[ted, tid].title)
            if ted != ed:    # a tree of another edition citing this provision by its qualified key
                title += " (" + t.gettext(EDITION_LAWS).format(edition=ted) + ")"
            ref = addnodes.pending_xref("", refdomain="std", reftype="doc", reftarget="/" + tree_page(ted, tid),
                                        refexplicit=True, refwarn=True)
            ref += nodes.inline(title, title)
            para += ref
        return [para]


# -- the role -----------------------------------------------------------------------------------------
class LawRole(XRefRole):
    """``:law:`27B1(a)```: a link to a provision, with the cited text as its hover preview."""

    innernodeclass = nodes.inline

    def __init__(self):
        super().__init__(warn_dangling=True)

    def run(self):
        self.refdomain, self.reftype = "law", "law"
        self.classes = ["law-cite"]
        return self.create_xref_node()

    def process_link(self, env, refnode, has_explicit_title, title, target):
        try:
            ed, key = split_target(target, site_lang(env))
        except K.KeyError_:
            return title, target            # left unresolved: a dangling reference
        c = corpus()
        for lg in c.langs_of(key):           # the preview shows that text
            env.note_dependency(c.get(key, lg).file)
        name = E.qualified(ed, key) if ed else str(key)
        return (title if has_explicit_title else label_of(key, site_lang(env))), name


# -- the index ----------------------------------------------------------------------------------------
class ProvisionIndex(Index):
    """Every provision of the site, law by law, with the languages whose text holds it."""

    name = "provisions"
    localname = "Index of provisions"    # translated in config-inited
    shortname = "provisions"

    def generate(self, docnames=None):
        t = t_for(self.domain.env)
        lang = site_lang(self.domain.env)
        c = corpus()
        content: dict = {}
        for name, (docname, anchor, status, _line) in sorted(
                self.domain.provisions.items(), key=lambda kv: _qsort(kv[0])):
            if docnames and docname not in docnames:
                continue
            ed, key = split_target(name, lang)
            lk = key.law_key
            letter = t.gettext(LAW_TITLE).format(number=lk.law) if isinstance(lk, K.LawKey) else str(lk)
            p = c.get(key, lang, ed) if lang in C.LANGS and c.edition_of(lang) == ed else None
            heading = (p.heading if p is not None else None) or ""
            langs = f"{ed}: " + " · ".join(c.langs_of(key, ed))
            sub = 1 if key.depth == 0 else 2
            if status != "text":
                heading = t.gettext("not in this language's text")
            content.setdefault(letter, []).append(
                IndexEntry(label_of(key, lang), sub, docname, anchor, langs, "", heading))
        return list(content.items()), False


def _qsort(name: str) -> tuple:
    ed, rest = E.split_qualified(name)
    return (K.sort_key(K.from_canonical(rest)), ed or "")


# -- the domain ---------------------------------------------------------------------------------------
class LawDomain(Domain):
    """The ``law`` domain: provisions as objects, ``:law:`` references, an index."""

    name = "law"
    label = "Laws"
    object_types = {"provision": ObjType("provision", "law")}
    directives = {"provision": LawDirective}
    roles = {"law": LawRole()}
    indices = [ProvisionIndex]
    initial_data = {"provisions": {}}
    dangling_warnings = {"law": DANGLING.replace("{target}", "%(target)s")}   # translated in config-inited
    data_version = ENV_VERSION

    @property
    def provisions(self) -> dict:
        return self.data.setdefault("provisions", {})

    def note_provision(self, name: str, docname: str, anchor: str, status: str, line: int) -> None:
        if name in self.provisions and self.provisions[name][0] != docname:
            other = self.provisions[name][0]
            logger.warning(t_for(self.env).gettext("law: {key} is inserted twice, also in {doc}").format(
                key=name, doc=other), location=(docname, line))
        self.provisions[name] = (docname, anchor, status, line)

    def clear_doc(self, docname: str) -> None:
        for name, entry in list(self.provisions.items()):
            if entry[0] == docname:
                del self.provisions[name]

    def merge_domaindata(self, docnames, otherdata) -> None:
        for name, entry in otherdata["provisions"].items():
            if entry[0] in docnames:
                self.provisions[name] = entry

    def get_objects(self):
        for name, (docname, anchor, status, _line) in self.provisions.items():
            ed, rest = E.split_qualified(name)
            yield name, f"{ed} {K.from_canonical(rest).display}", "provision", docname, anchor, 1 if status == "text" else 0

    def _resolve(self, builder, fromdocname, target, contnode):
        lang = site_lang(self.env)
        try:
            ed, key = split_target(target, lang)
        except K.KeyError_:
            return None
        name = E.qualified(ed, key) if ed else str(key)
        entry = self.provisions.get(name)
        if entry is not None:
            ref = make_refnode(builder, fromdocname, entry[0], entry[1], contnode, title=preview(name, lang))
            ref["classes"].append("law-ref")
            return ref
        if name in _absent():
            # absent from its edition: said in the title, with its correspondence in the other edition
            # (the provision's "cites provisions not in the corpus" line links to it); the verbatim
            # text itself gets nothing inserted
            return nodes.abbreviation(contnode.astext(), contnode.astext(), explanation=absent_text(ed, key, lang),
                                      classes=["law-absent"])
        return None

    def resolve_xref(self, env, fromdocname, builder, typ, target, node, contnode):
        return self._resolve(builder, fromdocname, target, contnode)

    def resolve_any_xref(self, env, fromdocname, builder, target, node, contnode):
        ref = self._resolve(builder, fromdocname, target, contnode)
        return [("law:law", ref)] if ref is not None else []


# -- the site around it -------------------------------------------------------------------------------
def config_inited(app, config) -> None:
    lang = config.language or "en"
    t = translator(lang)
    title = t.gettext("Laws of Duplicate Bridge")
    config.project = title
    config.html_title = title
    config.html_short_title = title
    if lang in ("es", "nl", "it", "en"):
        config.html_search_language = lang
    LawDomain.dangling_warnings = {"law": t.gettext(DANGLING).replace("{target}", "%(target)s")}
    LawDomain.object_types = {"provision": ObjType(t.gettext(OBJECT_NAME), "law")}
    ProvisionIndex.localname = t.gettext("Index of provisions")
    ProvisionIndex.shortname = t.gettext("provisions")


def page_context(app, pagename, templatename, context, doctree) -> None:
    """The language switcher: the same page in every site (an English-only page: the other sites' home)."""
    lang = site_lang(app.env)
    t = translator(lang)
    context["rulebook_switcher_label"] = t.gettext("Language")
    same = in_every_site(pagename)
    context["rulebook_languages"] = [
        {"code": lg, "name": language_name(lg, lg), "url": site_url(pagename, lg, pagename if same else "index"),
         "current": lg == lang} for lg in SITE_LANGS]
    context["rulebook_lang"] = lang


def setup(app):
    app.add_node(law_text, html=(visit_law_text_html, depart_law_text_html),
                 text=(_skip, _skip), latex=(_skip, _skip), man=(_skip, _skip), texinfo=(_skip, _skip))
    app.add_domain(LawDomain)
    app.add_directive("law", LawDirective)
    app.add_role("law", LawRole())
    app.connect("config-inited", config_inited)
    app.connect("html-page-context", page_context)
    app.add_css_file("rulebook.css")
    app.add_js_file("rulebook.js")
    return {"version": str(ENV_VERSION), "env_version": ENV_VERSION,
            "parallel_read_safe": True, "parallel_write_safe": True}
