"""The reStructuredText sources of each site, generated from the knowledge base.

Every site has the same pages, so that the language switcher can always offer the same page
in another language (the English-only guide aside):

``index``
    what the site holds, and the tables of contents
``about``
    the project's own page: the texts, the keys, what is absent
``glossary``
    the glossary as a Sphinx glossary, in the site's language, linked to provisions
``laws/<law>``
    one page per law (``laws/27``, ``laws/AEB-AL``): every provision of the law that some text
    holds, through the ``law`` directive (``docs/_ext/rulebook_law.py``)
``trees/index``
    the decision trees of every edition, and what each edition rules on (a coverage table)
``trees/<edition>/<id>``
    one page per decision tree of each edition: its diagram (Graphviz), its steps and its worked
    examples
``guide/...``
    the English site only: the reference and the contributors' guide, every ``docs/guide/*.rst``
    (the Reference) and ``docs/guide/contributing/*.rst`` (the Contributors' guide), taken as they
    are; a new file is a new page (:func:`guide_pages`)

The sources hold only the structure and the words the project writes (translated through the
"docs" gettext domain, and the "rulings"/"trees"/"graph" domains for the trees and the
glossary); the official texts are inserted by the ``law`` directive at build time.
Generating is a pure function of the knowledge base: :func:`pages` returns ``{docname: text}``.
"""
from __future__ import annotations

import re
import sys
import textwrap
from functools import lru_cache
from pathlib import Path

from docutils.nodes import make_id

from i18n import N_, language_name, translator
from laws import corpus as C
from laws import editions as E
from laws import keys as K

sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))
import rulebook_law as RL  # noqa: E402  (the extension's names for pages, anchors and labels)

SITE_LANGS = RL.SITE_LANGS
_PUNCT = re.compile(r"([!-/:-@\[-`{-~])")

YES_NO_LABELS = {"yes": N_("yes"), "no": N_("no")}

# The reference and the contributors' guide: reStructuredText files written by hand, in English, in the English site.
GUIDE = Path(__file__).resolve().parent / "guide"    # docs/guide/*.rst: the Reference
CONTRIB = "contributing"                             # docs/guide/contributing/*.rst: the Contributors' guide
GUIDE_LANG = "en"
GUIDE_INDEX = "guide/index"
CONTRIB_INDEX = f"guide/{CONTRIB}/index"
CONTRIBUTORS_GUIDE = N_("Contributors' guide")
# The pages that open each part, in this order when they exist; every other file follows, by name.
GUIDE_FIRST = ("reference-cli", "reference-data", "reference-notation", "rulings", "calls-2017", "rotation-2017",
               "search", "app", "pbn", "reference-open-data", "editions", "import", "reference-docs",
               "reference-hardening", "benchmarks")
CONTRIB_FIRST = ("start", "architecture", "rules", "import-a-page", "add-a-tree", "translate", "tests-and-benchmarks")


# -- reStructuredText helpers --------------------------------------------------------------------------
def esc(text: str) -> str:
    r"""Text as reStructuredText that means exactly that text (every ASCII punctuation escaped).

    >>> esc("*27B1(a)* `x`")
    '\\*27B1\\(a\\)\\* \\`x\\`'
    """
    return _PUNCT.sub(r"\\\1", " ".join(text.split()))


def title(text: str, char: str = "=") -> str:
    t = esc(text)
    return f"{t}\n{char * max(len(t), 4)}\n"


def law_role(key, title_text: str | None = None) -> str:
    if title_text:
        return f":law:`{esc(title_text)} <{key}>`"
    return f":law:`{key}`"


def doc_role(docname: str) -> str:
    return f":doc:`/{docname}`"


def field(name: str, body: str) -> str:
    """A line of a field list: ``:name: body`` (the body is reStructuredText already)."""
    return f":{esc(name)}: {body}"


def gettext_var(t, message: str) -> str:
    """Translate a message held in a variable (extracted where it is defined, with N_)."""
    return t.gettext(message) if message else message


def must_pass(t, value: str) -> str:
    from laws.rulings.rule import MUST_PASS_LABELS

    return gettext_var(t, MUST_PASS_LABELS[value])


def indent(text: str, n: int = 3) -> str:
    return textwrap.indent(text, " " * n)


# -- the knowledge base ---------------------------------------------------------------------------------
def laws_of(corpus: C.Corpus) -> list:
    """Every law (or regulation) some text holds, in the order of the Laws."""
    return sorted({k.law_key for k in corpus.keys()}, key=K.sort_key)


def children(corpus: C.Corpus, key, edition: str | None = None) -> list:
    """The children of a provision in every text (of ``edition``) that holds it, in order."""
    out = set()
    for lg in corpus.langs_of(key, edition):
        out.update(corpus.get(key, lg, edition).children)
    return sorted(out, key=K.sort_key)


def editions_of_law(corpus: C.Corpus, law_key, lang: str) -> list[str]:
    """The editions whose texts hold some provision of the law: the site's edition first."""
    eds = [e for e in corpus.editions() if law_key in corpus.by_edition.get(e, {})
           or any(k.law_key == law_key for k in corpus.keys(e))]
    own = corpus.edition_of(lang) if lang in C.LANGS else None
    return sorted(eds, key=lambda e: (e != own, e))


def publications_of(corpus: C.Corpus, edition: str) -> str:
    """``AEB 2007, FIGB 2017``: the publications that follow an edition."""
    return ", ".join(f"{p.authority} {p.edition}" for p in corpus.publications() if p.laws_edition == edition)


_LAWS_BY_LANG: dict = {}


def has_law(corpus: C.Corpus, law_key, lang: str) -> bool:
    """Whether the text of ``lang`` holds some provision of the law."""
    cached = _LAWS_BY_LANG.get(id(corpus))
    if cached is None or cached[0] is not corpus:
        by_lang: dict = {}
        for p in corpus.provisions():
            by_lang.setdefault(p.lang, set()).add(p.key.law_key)
        cached = _LAWS_BY_LANG[id(corpus)] = (corpus, by_lang)
    return law_key in cached[1].get(lang, set())


def law_title(corpus: C.Corpus, law_key, lang: str, t) -> str:
    if isinstance(law_key, K.LawKey):
        head = t.gettext(RL.LAW_TITLE).format(number=law_key.law)
    else:
        head = str(law_key)
    p = corpus.get(law_key, lang) if lang in C.LANGS and corpus.edition_of(lang) else None
    return f"{head} · {p.heading}" if p is not None and p.heading else head


@lru_cache(maxsize=1)
def _tree_laws() -> dict:
    """``{law key: [(edition, tree id)]}``: the trees that name the law or rest a step on one of its provisions."""
    out: dict = {}
    for ref, tr in RL.tree_registry().items():
        for x in list(tr.laws) + [n.law for n in tr.nodes.values()]:
            try:
                lk = K.parse_key(E.split_qualified(x)[1]).law_key
            except K.KeyError_:
                continue
            refs = out.setdefault(lk, [])
            if ref not in refs:
                refs.append(ref)
    return out


def trees_on_law(law_key) -> list:
    """The trees (``(edition, tree id)``) that rest on a law: named in their ``laws`` or with a step on a provision
    of it, oldest edition first."""
    order = {e: i for i, e in enumerate(E.editions())}
    return sorted(_tree_laws().get(law_key, []), key=lambda r: order.get(r[0], len(order)))


def tree_title(tree, t) -> str:
    """A tree's title with its edition: ``Insufficient bid (Law 27) · 2017 Laws`` (one tree id, one page per
    edition)."""
    return gettext_var(t, tree.title) + " · " + t.gettext(RL.EDITION_LAWS).format(edition=tree.edition)


# -- pages ----------------------------------------------------------------------------------------------
def law_page(corpus: C.Corpus, law_key, lang: str, t) -> str:
    out = [title(law_title(corpus, law_key, lang, t))]
    if lang in C.LANGS and not has_law(corpus, law_key, lang):
        langs = ", ".join(language_name(lg, lang, title=False) for lg in C.LANGS
                          if has_law(corpus, law_key, lg))
        out.append(esc(t.gettext("The text in {language} of the corpus does not hold this law. It is in: "
                                 "{languages}.").format(language=language_name(lang, lang, title=False),
                                                        languages=langs)) + "\n")
    elif lang not in C.LANGS:
        langs = ", ".join(language_name(lg, lang, title=False) for lg in C.LANGS if has_law(corpus, law_key, lg))
        out.append(esc(t.gettext("The official texts of this law in the corpus: {languages}. Each provision below "
                                 "links to them.").format(languages=langs)) + "\n")
    trees = trees_on_law(law_key)
    if trees:
        out.append(esc(t.gettext("Decision trees on this law:")) + " " + " · ".join(
            doc_role(RL.tree_page(*ref)) for ref in trees) + "\n")

    eds = editions_of_law(corpus, law_key, lang)
    both = len(eds) > 1
    if isinstance(law_key, K.LawKey):
        out.append(esc(t.gettext("Edition of the Laws on this page: {editions}. A provision is identified by its edition "
                                 "and its key: the same number in the other edition may be another provision.").format(
            editions="; ".join(f"{e} ({publications_of(corpus, e)})" for e in eds))) + "\n")

    def walk(key, ed):
        p = corpus.get(key, lang, ed) if lang in C.LANGS and corpus.edition_of(lang) == ed else None
        if key.depth == 1:
            head = RL.label_of(key, lang) + (f" · {p.heading}" if p is not None and p.heading else "")
            out.append(title(head, "~" if both else "-"))
        opts = "   :noheading:\n" if key.depth <= 1 else ""
        out.append(f".. law:: {ed}:{key}\n{opts}")
        for ch in children(corpus, key, ed):
            walk(ch, ed)
        if any(corpus.get(key, lg, ed).tail for lg in corpus.langs_of(key, ed)):
            out.append(f".. law:: {ed}:{key}\n   :tail:\n")

    for ed in eds:
        if both:
            out.append(title(t.gettext("The {edition} Laws").format(edition=ed) + f" ({publications_of(corpus, ed)})", "-"))
        roots = [law_key] if corpus.has(law_key, edition=ed) else \
            sorted({k for k in corpus.keys(ed) if k.law_key == law_key and not corpus.has(k.parent, edition=ed)},
                   key=K.sort_key)
        for r in roots:
            walk(r, ed)
    return "\n".join(out)


def index_page(corpus: C.Corpus, lang: str, t) -> str:
    out = [title(t.gettext("Laws of Duplicate Bridge"))]
    if lang in C.LANGS:
        pub = next(p for p in corpus.publications() if p.lang == lang)
        out.append(esc(t.gettext("This site holds the official text in {language} of the Laws of Duplicate Bridge published "
                                 "by the {authority} ({edition}), as the corpus holds it: «{title}». The law texts are "
                                 "verbatim and are not translations; everything around them (titles, links, the "
                                 "glossary's definitions, the decision trees) is the project's own and is "
                                 "translated.").format(language=language_name(lang, lang, title=False),
                                                       authority=pub.authority, edition=pub.edition,
                                                       title=pub.source_title)) + "\n")
    else:
        texts = ", ".join(f"{language_name(p.lang, lang)} ({p.authority} {p.edition})" for p in corpus.publications())
        out.append(esc(t.gettext("The Laws of Duplicate Bridge as a cross-referenced knowledge base, in the official "
                                 "texts of the federations: {texts}, each in its own site. This English site holds the "
                                 "project's own pages: the decision trees, the glossary and a page per law linking to "
                                 "the official texts.").format(texts=texts)) + "\n")
    out.append(esc(t.gettext("Every provision has its own anchor; every citation in a text is a link that shows the "
                             "cited text when the pointer rests on it; each provision lists what cites it, the same "
                             "provision in the other language sites and the decision trees resting on it.")) + "\n")
    mine = [lk for lk in laws_of(corpus) if lang in C.LANGS and has_law(corpus, lk, lang)]
    others = [lk for lk in laws_of(corpus) if lk not in mine]

    def toc(caption: str, docs: list[str]) -> None:
        if docs:
            out.append(".. toctree::\n   :maxdepth: 1\n   :caption: " + " ".join(caption.split()) + "\n\n"
                       + "".join(f"   {d}\n" for d in docs))

    toc(t.gettext("Laws in this text"), [RL.page_of(lk) for lk in mine if isinstance(lk, K.LawKey)])
    toc(t.gettext("Regulations in this text"), [RL.page_of(lk) for lk in mine if isinstance(lk, K.RegKey)])
    toc(t.gettext("Laws and regulations in the other texts") if mine else t.gettext("Laws and regulations"),
        [RL.page_of(lk) for lk in others])
    toc(t.gettext("Decision trees"), [RL.TREES_INDEX])
    if lang == GUIDE_LANG:
        toc(t.gettext("Reference"), [GUIDE_INDEX, "glossary", "about"])
        toc(t.gettext(CONTRIBUTORS_GUIDE), [CONTRIB_INDEX])
    else:
        toc(t.gettext("Reference"), ["glossary", "about"])
        out.append(esc(t.gettext("In English: the reference of the project (every command, the data formats, the "
                                 "rulings, the search, the open data, the benchmarks) and the contributors' guide "
                                 "(how the parts fit, how to import a publication, add an edition, a tree or a "
                                 "translation).")) + " "
                   + f"`{esc(t.gettext('Reference'))} <../{GUIDE_LANG}/{GUIDE_INDEX}.html>`__ · "
                   + f"`{esc(t.gettext(CONTRIBUTORS_GUIDE))} <../{GUIDE_LANG}/{CONTRIB_INDEX}.html>`__\n")
    out.append(":ref:`law-provisions` · :ref:`genindex` · :ref:`search`\n")
    return "\n".join(out)


def about_page(corpus: C.Corpus, lang: str, t) -> str:
    out = [title(t.gettext("About these sites"))]
    out.append(esc(t.gettext("Each federation publishes its own text of the Laws, with its own notes and, for some, "
                             "its own regulations; each text follows one edition of the WBF Laws (the table below). "
                             "None is a translation of another, so each site shows its own federation's text, and "
                             "the texts are aligned by provision key within one edition, never merged.")) + "\n")
    out.append(title(t.gettext("The texts"), "-"))
    head = [t.gettext("Language"), t.gettext("Authority"), t.gettext("Edition"), t.gettext("Title"),
            t.gettext("Laws and regulations")]
    rows = []
    for pub in corpus.publications():
        laws = [lk for lk in laws_of(corpus) if has_law(corpus, lk, pub.lang)]
        rows.append([language_name(pub.lang, lang), pub.authority,
                     f"{pub.edition} ({t.gettext('{edition} Laws').format(edition=pub.laws_edition)})", pub.source_title,
                     ", ".join(str(lk) for lk in laws)])
    out.append(".. list-table::\n   :header-rows: 1\n\n" + "".join(
        "   * " + "\n     ".join(f"- {esc(cell)}" for cell in row) + "\n" for row in [head] + rows))
    out.append(title(t.gettext("Provision keys"), "-"))
    out.append(esc(t.gettext("A provision is named by its key, the citation people use: 27, 27B, 27B1, 27B1(a), "
                             "40B2(c)(i); a numbered item directly under a law is written with a dot (35.1), and the "
                             "AEB regulations have their own keys (AEB-AL.A.8 is Norma 8ª of the alert procedure). "
                             "Each provision's anchor on its page is its element id, e.g. "
                             "art_27__para_B__subpara_1__point_a for 27B1(a), the same in every site.")) + "\n")
    out.append(title(t.gettext("Editions of the Laws"), "-"))
    moved = [r for t_ in E.tables().values() for r in t_.rows if r.status == "renumbered"][:3]
    examples = "; ".join(f"{r.keys[0][0]} {r.older} {'→'} {r.keys[1][0]} {r.newer}" for r in moved)
    out.append(esc(t.gettext("The WBF publishes the Laws in editions ({editions}; in force: {in_force}), and the "
                             "numbering moves between them ({examples}). A provision is identified by its edition and "
                             "its key. A citation in a text is a citation in that text's edition, and the "
                             "correspondence between consecutive editions comes from a reviewed table, labelled with "
                             "its status.").format(editions=", ".join(E.editions()), in_force=E.in_force(),
                                                   examples=examples)) + "\n")
    out.append(title(t.gettext("Provisions cited but not in the corpus"), "-"))
    absent = corpus.absent_cited_qualified()
    out.append(esc(t.gettext("These provisions are cited by the texts of the corpus, but no text of the corpus holds "
                             "them; they are shown as absent, never guessed:")) + " "
               + ", ".join(law_role(f"{e}:{k}", f"{e} {k.display}") for e, k in absent) + "\n")
    out.append(title(t.gettext("Translations"), "-"))
    out.append(esc(t.gettext("Everything the project writes itself (titles, labels, explanations, the glossary's "
                             "definitions, the decision trees) is translated through gettext catalogs; the law texts "
                             "are never translated. Search in each site uses the stemming of its language.")) + "\n")
    return "\n".join(out)


_GLOSSARY: dict = {}


def _glossary(corpus: C.Corpus):
    """The glossary with the provisions found in ``corpus`` (found once per process and corpus)."""
    from graph import glossary as G

    g = G.load(corpus=corpus)
    cached = _GLOSSARY.get(id(corpus))
    if cached is None or cached[0] is not corpus or cached[1].concepts != g.concepts:
        g.found()
        cached = _GLOSSARY[id(corpus)] = (corpus, g)
    return cached[1]


def glossary_page(corpus: C.Corpus, lang: str, t) -> str:
    g = _glossary(corpus)
    found = g.found()
    out = [title(t.gettext("Glossary"))]
    if lang in C.LANGS:
        out.append(esc(t.gettext("The terms of the Laws as the text in {language} uses them, with a definition written by the "
                                 "project (it explains, it does not replace the law), the terms of the other texts and "
                                 "the provisions where the term is used.").format(
                                     language=language_name(lang, lang, title=False))) + "\n")
    else:
        out.append(esc(t.gettext("The terms of the Laws in English, with a definition written by the project (it "
                                 "explains, it does not replace the law), the terms of the official texts and the "
                                 "provisions where each is used.")) + "\n")
    # the terms of this page, unique (Sphinx glossary terms must be): a clash is told apart by the English term
    entries = []
    for c in g:
        own = c.label(lang)
        entries.append((c, own if own else c.en, own is not None))
    counts: dict = {}
    for _, term, _ in entries:
        counts[term.lower()] = counts.get(term.lower(), 0) + 1
    used = set()
    out.append(".. glossary::\n   :sorted:\n")
    for c, term, own in entries:
        terms = [term if counts[term.lower()] == 1 else f"{term} ({c.en})"]
        if lang in C.LANGS:
            terms += [x.text for x in (c.terms.get(lang) or [])[1:]]
        else:
            terms += list(c.en_alt)
        lines = []
        for x in terms:
            if x.lower() not in used and not (x is not terms[0] and counts.get(x.lower())):
                used.add(x.lower())
                lines.append(x)
        body = [esc(t.gettext(c.definition))]
        if c.note:
            body.append(esc(t.gettext(c.note)))
        fields = []
        if lang in C.LANGS and own and not c.is_official(lang):
            fields.append(esc(t.gettext("Not the term of the official text in {language}: the usual term.").format(
                language=language_name(lang, lang, title=False))))
        if lang in C.LANGS and not own:
            fields.append(esc(t.gettext("The text in {language} of the corpus has no term for this concept.").format(
                language=language_name(lang, lang, title=False))))
        field_list = []
        for lg in ("en",) + C.LANGS:
            if lg == lang:
                continue
            lab = c.label(lg)
            if not lab:
                continue
            text = lab
            if lg != "en" and not c.is_official(lg):
                text += " (" + t.gettext("usual term, not the official text's") + ")"
            field_list.append(field(language_name(lg, lang), esc(text)))
        keys = g.provisions(c.id)
        here = [k for k in keys if lang in found[c.id].get(k, {}) or (k in c.see_also and corpus.has(k, lang))]
        rest = [k for k in keys if k not in here]

        def qrole(k, langs, c=c) -> str:  # a key where a text uses the concept: in that text's edition
            eds = list(dict.fromkeys(corpus.edition_of(lg) for lg in langs if corpus.edition_of(lg)))
            if not eds and k in c.see_also:  # a see_also key: in the edition the glossary names
                eds = [q.split(":", 1)[0] for q in c.see_also_qualified(corpus) if q.split(":", 1)[1] == str(k)]
            return law_role(f"{eds[0]}:{k}") if len(eds) == 1 else law_role(k)
        if here:
            field_list.append(field(t.gettext("Provisions"), ", ".join(qrole(k, [lang]) for k in here)))
        if rest:
            name = t.gettext("In the other texts") if lang in C.LANGS else t.gettext("Provisions")
            field_list.append(field(name, ", ".join(qrole(k, found[c.id].get(k, {})) for k in rest)))
        block = "\n\n".join(body + fields) + ("\n\n" + "\n".join(field_list) if field_list else "")
        out.append(indent("\n".join(esc(x) for x in lines)) + "\n" + indent(block, 6) + "\n")
    return "\n".join(out)


# -- decision trees -------------------------------------------------------------------------------------
def _order(tree) -> list:
    """The steps of a tree, breadth first from its start."""
    seen, queue = [], [tree.start]
    while queue:
        nid = queue.pop(0)
        if nid in seen or nid not in tree.nodes:
            continue
        seen.append(nid)
        queue.extend(tree.nodes[nid].answers.values())
    return seen + [n for n in tree.nodes if n not in seen]


def _target(tree_id: str, node_id: str) -> str:
    return f"tree-{tree_id}-{node_id}"


def _dot_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _wrap(s: str, width: int = 34) -> str:
    return "\n".join(textwrap.wrap(s, width)) or s


def _answer_label(facts: dict, ask: str, option: str, t) -> str:
    f = facts.get(ask)
    label = (f.option_labels.get(option) if f else None) or YES_NO_LABELS.get(option) or option
    return t.gettext(label)


def _display(law: str) -> str:
    try:
        ed, rest = E.split_qualified(law)
        return (f"{ed}:" if ed else "") + K.parse_key(rest).display
    except K.KeyError_:
        return law


def tree_dot(tree, lang: str, t) -> str:
    """The tree as a Graphviz digraph: a box per step (questions, rulings, continuations), edges
    labelled with the answers; each box links to its step on the page."""
    from laws.rulings import trees as R

    facts = R.all_facts()
    reg = RL.tree_registry()
    order = _order(tree)
    num = {nid: i + 1 for i, nid in enumerate(order)}
    lines = [f"digraph {_dot_str(tree.id)} {{",
             '  graph [rankdir=TB, bgcolor="transparent", nodesep=0.35, ranksep=0.45];',
             '  node [shape=box, style="rounded,filled", fillcolor="#eef3f8", color="#5b7083", fontsize=10, '
             'margin="0.12,0.06", target="_top"];',
             '  edge [fontsize=9, color="#5b7083"];']
    page = tree.id + ".html"
    for nid in order:
        n = tree.nodes[nid]
        url = f"{page}#{make_id(_target(tree.id, nid))}"
        head = f"{num[nid]}. {_display(n.law)}"
        if n.ruling is not None:
            r = n.ruling
            bits = [t.gettext("Ruling")]
            if r.get("partner_must_pass", "no") != "no":
                bits.append(t.gettext("Partner: {what}").format(what=must_pass(t, r["partner_must_pass"])))
            if r.get("offender_must_pass", "no") != "no":
                bits.append(t.gettext("Offender: {what}").format(what=must_pass(t, r["offender_must_pass"])))
            if r.get("adjusted_score"):
                bits.append(t.gettext("adjusted score"))
            label = head + "\n" + "\n".join(_wrap(b) for b in bits)
            attrs = 'fillcolor="#e3f4e1", color="#4f7f4a"'
        elif n.goto:
            label = head + "\n" + _wrap("→ " + gettext_var(t, reg[tree.edition, n.goto].title))
            attrs = 'style="rounded,dashed,filled", fillcolor="#fbf3e4", color="#a0702a"'
        else:
            f = facts.get(n.ask)
            q = n.question or (f.question if f else n.ask)
            label = head + "\n" + _wrap(gettext_var(t, q))
            attrs = ""
        lines.append(f"  n{num[nid]} [label={_dot_str(label)}, URL={_dot_str(url)}, "
                     f"tooltip={_dot_str(head)}{', ' + attrs if attrs else ''}];")
    for nid in order:
        n = tree.nodes[nid]
        for opt, target in n.answers.items():
            if target in num:
                lines.append(f"  n{num[nid]} -> n{num[target]} [label={_dot_str(_wrap(_answer_label(facts, n.ask, opt, t), 22))}];")
    lines.append("}")
    return "\n".join(lines)


def _outcome(tree, ex: dict) -> dict:
    from laws.rulings import rule as RU
    from laws.rulings.trees import _norm_answer

    facts = {k: _norm_answer(v) for k, v in (ex.get("facts") or {}).items()}
    if ex.get("auction") is not None:
        return RU.rule(ex.get("dealer", "N"), ex["auction"], facts, None, tree.edition)
    return RU.rule(None, None, facts, tree.id, tree.edition)


def tree_page_rst(tree, lang: str, t) -> str:
    from laws.rulings import rule as RU
    from laws.rulings import trees as R

    facts = R.all_facts()
    order = _order(tree)
    num = {nid: i + 1 for i, nid in enumerate(order)}
    out = [title(tree_title(tree, t))]
    if tree.summary:
        out.append(esc(gettext_var(t, tree.summary)) + "\n")
    fields = [field(t.gettext("Follows"), esc(t.gettext(RU.EDITION_LABEL).format(edition=tree.edition)))]
    laws = []
    for x in tree.laws:
        q = RL.tree_key(x, tree)  # a tree's keys are in the edition it follows
        if q is not None:
            laws.append(q)
    if laws:
        fields.append(field(t.gettext("Laws"), ", ".join(law_role(k) for k in laws)))
    if fields:
        out.append("\n".join(fields) + "\n")
    out.append(title(t.gettext("Diagram"), "-"))
    alt = t.gettext("Decision tree: {title}").format(title=gettext_var(t, tree.title))
    out.append(".. graphviz::\n   :align: center\n   :alt: " + " ".join(alt.split()) + "\n\n"
               + indent(tree_dot(tree, lang, t)) + "\n")
    out.append(title(t.gettext("Steps"), "-"))
    for nid in order:
        n = tree.nodes[nid]
        out.append(f".. _{_target(tree.id, nid)}:\n")
        lead = f"**{num[nid]}.** {law_role(RL.tree_key(n.law, tree))} —"
        if n.ruling is not None:
            r = n.ruling
            word, explanation = t.gettext("Ruling"), gettext_var(t, r.get("explanation") or "")
            out.append(f"{lead} **{esc(word)}:** {esc(explanation)}\n")
            yes, no = t.gettext("yes"), t.gettext("no")
            items = [t.gettext("Offender: {what}").format(what=must_pass(t, r.get("offender_must_pass") or "no")),
                     t.gettext("Offender's partner: {what}").format(
                         what=must_pass(t, r.get("partner_must_pass") or "no")),
                     t.gettext("Lead restrictions (Law 26) may apply: {v}").format(v=yes if r.get("lead_restrictions") else no),
                     t.gettext("Law 23 may apply: {v}").format(v=yes if r.get("law_23") else no)]
            line = RU.adjusted_score_line(r)    # the engine's words: he awards (23C, 27D); he may (12C1(d))
            if line:
                items.append(t.gettext(line))
            if r.get("procedural_penalty"):
                items.append(t.gettext("A procedural penalty may be imposed."))
            out.append("".join(f"- {esc(x)}\n" for x in items))
        elif n.goto:
            words = t.gettext("Continues in:")
            out.append(f"{lead} {esc(words)} {doc_role(RL.tree_page(tree.edition, n.goto))}\n")
        else:
            f = facts.get(n.ask)
            q = n.question or (f.question if f else n.ask)
            out.append(f"{lead} {esc(gettext_var(t, q))}\n")
            if f is not None and f.help:
                out.append(indent("*" + esc(gettext_var(t, f.help)) + "*") + "\n")
            for opt, target in n.answers.items():
                step = t.gettext("step {n}").format(n=num[target])
                out.append(f"- {esc(_answer_label(facts, n.ask, opt, t))} → "
                           f":ref:`{esc(step)} <{_target(tree.id, target)}>`\n")
    if tree.examples:
        out.append(title(t.gettext("Worked examples"), "-"))
    for i, ex in enumerate(tree.examples, 1):
        head = t.gettext("Example {n}: {title}").format(n=i, title=gettext_var(t, ex.get("title") or ""))
        out.append(".. rubric:: " + esc(head) + "\n   :class: rulebook-example\n")
        rows = []
        if ex.get("auction") is not None:
            dealer = RU.SEAT_NAMES.get(ex.get("dealer", "N"), ex.get("dealer", "N"))
            rows.append(field(t.gettext("Dealer"), esc(gettext_var(t, dealer))))
            rows.append(field(t.gettext("Auction"), f"``{ex['auction']}``"))
        given = ex.get("facts") or {}
        if given:
            rows.append(field(t.gettext("Facts"), ", ".join(f"``{k}={R._norm_answer(v)}``" for k, v in given.items())))
        d = RU.translate(_outcome(tree, ex), t)
        if d["status"] == "ruling":
            rows.append(field(t.gettext("Ruling"), f"{law_role(RL.tree_key(d['law'], tree))} — {esc(d['explanation'])}"))
        elif d["status"] == "needs":
            rows.append(field(t.gettext("The director must establish"), esc(d["question"]["text"])))
        else:
            rows.append(field(t.gettext("Ruling"), esc(d.get("explanation") or "")))
        if d.get("trail"):
            rows.append(field(t.gettext("Provisions passed"), " › ".join(law_role(RL.tree_key(x, tree)) for x in d["trail"])))
        out.append("\n".join(rows) + "\n")
    return "\n".join(out)


# -- the trees of every edition ---------------------------------------------------------------------------
MAX_RECORDS = 4      # records of worked examples shown per tree in the coverage table


def _records(tree, t) -> list[str]:
    """The distinct auction records of a tree's worked examples, as ``1H 1D TD (dealer North)``."""
    from laws.rulings import rule as RU

    out = []
    for ex in tree.examples:
        if ex.get("auction") is None:
            continue
        dealer = gettext_var(t, RU.SEAT_NAMES.get(ex.get("dealer", "N"), ex.get("dealer", "N")))
        rec = t.gettext("{record} (dealer {seat})").format(record=f"``{ex['auction']}``", seat=esc(dealer))
        if rec not in out:
            out.append(rec)
    return out


def trees_index_page(lang: str, t) -> str:
    """The decision trees of every edition, and a table of what each edition rules on."""
    from laws.rulings import trees as R

    reg = RL.tree_registry()
    eds = [e for e in E.editions() if any(ed == e for ed, _ in reg)]
    out = [title(t.gettext("Decision trees by edition"))]
    out.append(esc(t.gettext(
        "A ruling follows one edition of the Laws: each edition has its own decision trees, every step citing a "
        "provision of that edition, and the same irregularity has the same tree id in every edition. An edition "
        "without a tree for an irregularity does not borrow another edition's: a ruling by that edition says that "
        "it has none. Without a choice of edition, a ruling follows the {edition} Laws (the edition in force, once "
        "its trees rule on every irregularity the earlier editions' trees rule on; until then the newest edition "
        "whose trees do).").format(edition=R.default_edition())) + "\n")
    out.append(esc(t.gettext(
        "The table: for each tree and edition, its page, and the auction records of its worked examples (the "
        "engine reads the irregularity from such a record and asks only what the record cannot show), or, for a "
        "tree that needs no record, the director's answers alone.")) + "\n")
    ids = sorted({tid for _, tid in reg}, key=lambda tid: next(
        gettext_var(t, reg[e, tid].title) for e in reversed(eds) if (e, tid) in reg).lower())
    head = [t.gettext("Tree")] + [t.gettext(RL.EDITION_LAWS).format(edition=e) for e in eds]
    rows = []
    for tid in ids:
        row = [f"``{tid}``"]
        for e in eds:
            tree = reg.get((e, tid))
            if tree is None:
                row.append("—")
                continue
            cell = f":doc:`{esc(gettext_var(t, tree.title))} </{RL.tree_page(e, tid)}>`"
            recs = _records(tree, t)
            if recs:
                more = " …" if len(recs) > MAX_RECORDS else ""
                cell += "\n\n" + esc(t.gettext("From the record:")) + " " + " · ".join(recs[:MAX_RECORDS]) + more
            else:
                cell += "\n\n" + esc(t.gettext("From the director's answers (no auction record)."))
            row.append(cell)
        rows.append(row)
    out.append(".. list-table::\n   :header-rows: 1\n   :class: rulebook-coverage\n\n" + "".join(
        "   * " + "\n     ".join("- " + cell.replace("\n", "\n       ") for cell in row) + "\n"
        for row in [[esc(h) for h in head]] + rows))
    counts = [t.gettext("{edition} Laws: {n} trees, {m} of them read from an auction record.").format(
        edition=e, n=sum(1 for ed, _ in reg if ed == e),
        m=sum(1 for (ed, tid), tr in reg.items() if ed == e and _records(tr, t))) for e in eds]
    out.append("".join(f"- {esc(c)}\n" for c in counts))
    for e in eds:
        docs = [RL.tree_page(e, tid) for tid in ids if (e, tid) in reg]
        out.append(".. toctree::\n   :maxdepth: 1\n   :caption: " + t.gettext(RL.EDITION_LAWS).format(edition=e)
                   + "\n\n" + "".join(f"   /{d}\n" for d in docs))
    return "\n".join(out)


# -- the reference and the contributors' guide (English site) ---------------------------------------------
def _toctree(first: tuple, names: list[str], caption: str) -> str:
    """A toctree of the pages ``first`` (those that exist, in that order), then every other page of the folder
    (Sphinx's glob: a new file is picked up with no change here)."""
    lines = [f"   {n}\n" for n in first if n in names]
    if set(names) - set(first):
        lines.append("   *\n")
    return f".. toctree::\n   :maxdepth: 2\n   :caption: {caption}\n   :glob:\n\n" + "".join(lines) if lines else ""


def guide_pages() -> dict[str, str]:
    """The reference (``docs/guide/*.rst``) and the contributors' guide (``docs/guide/contributing/*.rst``) as pages
    ``guide/<name>`` and ``guide/contributing/<name>``, each file as it is, with the two pages that open them."""
    out: dict[str, str] = {}
    parts = ((GUIDE, "guide"), (GUIDE / CONTRIB, f"guide/{CONTRIB}"))
    for folder, prefix in parts:
        for f in sorted(folder.glob("*.rst")) if folder.is_dir() else []:
            if f.stem == "index":
                raise ValueError(f"{f}: 'index' is the name of the page the docs build writes for this folder; "
                                 "rename the file")
            out[f"{prefix}/{f.stem}"] = f.read_text(encoding="utf-8")
    ref = sorted(d.split("/", 1)[1] for d in out if d.count("/") == 1)
    contrib = sorted(d.rsplit("/", 1)[1] for d in out if d.startswith(f"guide/{CONTRIB}/"))
    out[GUIDE_INDEX] = "\n".join([
        title("Reference"),
        "What bridge-rulebook does and how, part by part: every command with its options and real output, the data "
        "formats, the rulings, the search, the app, the open data, the editions of the Laws, the hardening and the "
        "benchmarks with their figures. For the people who change the project, the "
        f":doc:`/{CONTRIB_INDEX}`.\n",
        _toctree(GUIDE_FIRST, ref, "Reference"),
    ])
    out[CONTRIB_INDEX] = "\n".join([
        title("Contributors' guide"),
        "How the parts of bridge-rulebook fit, where each fact lives, and how to do the usual tasks step by step: "
        "import a federation's publication, add an edition of the Laws, add an irregularity or a decision tree, add "
        "or translate a string, run the tests and the benchmarks. The reference of each part is in the "
        f":doc:`/{GUIDE_INDEX}`.\n",
        _toctree(CONTRIB_FIRST, contrib, "Contributors' guide"),
    ])
    return out


# -- all pages of a site ----------------------------------------------------------------------------------
def pages(lang: str, corpus: C.Corpus | None = None) -> dict[str, str]:
    """``{docname: reStructuredText}`` of the site of ``lang`` (es, nl, it or en)."""
    if lang not in SITE_LANGS:
        raise ValueError(f"no site for {lang!r}: the sites are {', '.join(SITE_LANGS)}")
    c = corpus if corpus is not None else C.load()
    t = translator(lang)
    out = {"index": index_page(c, lang, t), "about": about_page(c, lang, t), "glossary": glossary_page(c, lang, t)}
    for lk in laws_of(c):
        out[RL.page_of(lk)] = law_page(c, lk, lang, t)
    out[RL.TREES_INDEX] = trees_index_page(lang, t)
    for (ed, tid), tree in RL.tree_registry().items():
        out[RL.tree_page(ed, tid)] = tree_page_rst(tree, lang, t)
    if lang == GUIDE_LANG:
        out.update(guide_pages())
    return out
