"""What the pages share: the interface language, resources loaded once per process, links to
provisions with a preview of the cited text, and law texts rendered with their cross-references.

Law texts are shown verbatim, HTML-escaped; the only markup added is a link on the words of each
cross-reference (found by :func:`laws.citations.find`, the corpus's own parser) and the labels
of notes and children.
"""
from __future__ import annotations

import html
import re
from urllib.parse import urlencode

import streamlit as st

from i18n import LANGS, N_, language_name, translator
from laws import keys as K
from laws.corpus import LANGS as TEXT_LANGS

LANG_KEY = "ui_lang"          # session_state key of the language picker (and the current language)
BAD_LANG_KEY = "_bad_lang"    # a ?lang= value that is not one of the interface languages
PAGES_KEY = "_nav_pages"      # the st.Page objects of this session, by page id

# page id -> (url path, title). The default page (Read) lives at the root, so that the deep link
# ``?lang=nl&law=16B1`` opens it.
PAGE_TITLES = {
    "read": N_("Read the laws"),
    "ruling": N_("Ruling assistant"),
    "graph": N_("Citation graph"),
    "search": N_("Search"),
    "glossary": N_("Glossary"),
    "score": N_("Score"),
}
# Material Symbols (bundled with Streamlit: no emoji font needed on the tablet)
PAGE_ICONS = {"read": ":material/menu_book:", "ruling": ":material/gavel:", "graph": ":material/hub:",
              "search": ":material/search:", "glossary": ":material/translate:", "score": ":material/calculate:"}

CSS = """
<style>
.law-text p {margin: 0 0 .55em 0; line-height: 1.6; font-size: 1.04rem;}
.law-text a.xref {text-decoration: underline; text-decoration-style: dotted; text-underline-offset: 3px;}
.law-text a.xref-absent {text-decoration: line-through; opacity: .75;}
.law-child {margin: .35em 0 .35em .9em; padding-left: .8em; border-left: 2px solid rgba(128,128,128,.35);}
.law-label {font-weight: 600; margin-bottom: .15em;}
.law-label a {text-decoration: none;}
.law-note {margin: .4em 0 .6em 0; padding: .3em .7em; border-left: 3px solid #c9a227;
           background: rgba(201,162,39,.08); font-size: .95rem;}
.law-recon {opacity: .6; cursor: help;}
.law-absent {opacity: .8; font-style: italic;}
.crumbs {font-size: .92rem; margin-bottom: .4em;}
.crumbs a {text-decoration: none;}
.pub-label {font-size: .85rem; opacity: .75;}
.trail a {font-weight: 600;}
table.glossary td {vertical-align: top;}
table.glossary details summary {cursor: pointer; opacity: .75;}
</style>
"""


# -- the interface language -------------------------------------------------------------------
def supported(code: str | None) -> str | None:
    """``nl-BE`` -> ``nl``; None for a language the interface does not speak."""
    if not code:
        return None
    c = code.replace("-", "_").split("_")[0].strip().lower()
    return c if c in LANGS else None


def accept_language(header: str | None) -> str | None:
    """The best interface language of an ``Accept-Language`` header (by q-value, then order).

    >>> accept_language("fr-FR,fr;q=0.9,nl;q=0.8,en;q=0.7")
    'nl'
    >>> accept_language("de") is None
    True
    """
    if not header:
        return None
    ranked = []
    for i, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        m = re.search(r"q\s*=\s*([0-9.]+)", params)
        if m:
            try:
                q = float(m[1])
            except ValueError:
                q = 0.0
        ranked.append((-q, i, tag))
    for _, _, tag in sorted(ranked):
        code = supported(tag)
        if code:
            return code
    return None


def browser_lang() -> str:
    """The browser's language (``navigator.language``, then ``Accept-Language``), or English."""
    try:
        loc = st.context.locale
    except Exception:  # outside a session
        loc = None
    code = supported(loc)
    if code:
        return code
    try:
        header = st.context.headers.get("Accept-Language")
    except Exception:
        header = None
    return accept_language(header) or "en"


def init_lang() -> str:
    """Settle the interface language for this run: ``?lang=`` wins, then the language picked in
    this session, then the browser's. Called by ``app.py`` before the picker is drawn."""
    raw = st.query_params.get("lang")
    st.session_state.pop(BAD_LANG_KEY, None)
    if raw is not None:
        code = supported(raw)
        if code is None:
            st.session_state[BAD_LANG_KEY] = raw
        elif st.session_state.get(LANG_KEY) != code:
            st.session_state[LANG_KEY] = code
    if st.session_state.get(LANG_KEY) not in LANGS:
        st.session_state[LANG_KEY] = browser_lang()
    return st.session_state[LANG_KEY]


def lang() -> str:
    """The interface language of this run."""
    code = st.session_state.get(LANG_KEY)
    return code if code in LANGS else init_lang()


def tr():
    """The translator of the interface language."""
    return translator(lang())


def _lang_changed() -> None:
    st.query_params["lang"] = st.session_state[LANG_KEY]


def language_picker() -> None:
    """The language switch, in the sidebar: each language named in itself (Babel's names)."""
    t = tr()
    st.sidebar.selectbox(":material/language: " + t.gettext("Language of the interface"), LANGS, key=LANG_KEY,
                         format_func=lambda c: language_name(c, c), on_change=_lang_changed)
    bad = st.session_state.get(BAD_LANG_KEY)
    if bad is not None:
        st.sidebar.warning(t.gettext("“{lang}” is not a language of this app: use en, es, nl or it.").format(lang=bad))


def lang_label(code: str, t=None) -> str:
    """The name of a language in the interface language (``Neerlandés``)."""
    return language_name(code, (t or tr()).lang)


# -- widgets whose options are shown translated -------------------------------------------------
# A widget keeps its identity (its key) when the interface language changes, but the browser
# does not redraw the translated option labels of a radio or a selectbox (it shows the radio
# unselected and the selectbox's old label). Such widgets get a key per language, and their
# value lives under a canonical session key: ``widget_key`` before the widget, ``keep`` as (or
# in) its on_change callback.
def widget_key(name: str, default=None) -> str:
    """The key of the widget for ``name`` in the current language, set to ``name``'s value."""
    key = f"{name}.{lang()}"
    if name not in st.session_state and default is not None:
        st.session_state[name] = default
    if name in st.session_state:
        st.session_state[key] = st.session_state[name]
    return key


def keep(name: str) -> None:
    """Callback: store the widget's new value under its canonical name."""
    st.session_state[name] = st.session_state.get(f"{name}.{lang()}")


# -- resources, loaded once per process ---------------------------------------------------------
@st.cache_resource(show_spinner=False)
def corpus():
    from laws.corpus import load

    return load()


@st.cache_resource(show_spinner=False)
def citation_graph():
    from graph.build import build

    return build(corpus())


@st.cache_resource(show_spinner=False)
def glossary():
    from graph import glossary as Gl

    g = Gl.load(corpus=corpus())
    g.found()  # where each concept is used: computed once
    return g


@st.cache_resource(show_spinner=False)
def trees():
    from laws.rulings import trees as R

    return R.trees()


# -- pages and links ----------------------------------------------------------------------------
def register_pages(pages: dict) -> None:
    st.session_state[PAGES_KEY] = pages


def switch_to(page_id: str, **params) -> None:
    """Open another page of the app (in this session), with query parameters."""
    pages = st.session_state.get(PAGES_KEY) or {}
    query = {"lang": lang(), **{k: str(v) for k, v in params.items() if v is not None}}
    st.switch_page(pages[page_id], query_params=query)


# -- each page's state in the URL, kept while the director visits other pages -------------------
# The sidebar navigation clears the query parameters. A page whose URL carries none of its own
# parameters gets back those it had when it was last shown in this session (the provision read,
# the ruling under way), so that looking something up elsewhere never loses the work.
PAGE_PARAMS = {
    "read": ("law", "q"),
    "ruling": ("dealer", "auction", "tree", "fact"),
    "graph": ("law", "depth", "to"),
    "search": ("q",),
    "glossary": ("term",),
    "score": ("result", "vul", "adjust", "against", "adjust_vul"),
}


def with_url_memory(page_id: str, fn):
    """Wrap a page function: restore its URL parameters if the URL has none of them, and
    remember them when the page has run."""
    names = PAGE_PARAMS[page_id]
    mem = f"_url.{page_id}"

    def run() -> None:
        qp = st.query_params
        if not any(n in qp for n in names):
            for n, values in (st.session_state.get(mem) or {}).items():
                qp[n] = values if len(values) > 1 else values[0]
        try:
            fn()
        finally:
            st.session_state[mem] = {n: qp.get_all(n) for n in names if n in qp}

    run.__name__ = run.__qualname__ = getattr(fn, "__name__", page_id)
    return run


def law_param(key, edition: str | None = None, lang_code: str | None = None) -> str:
    """The ``?law=`` value of a provision: its key, qualified with its edition (``2007:16D``) only
    when the Read page would otherwise open the other edition's provision for a reader of
    ``lang_code`` (the edition of that reader's text, see :func:`present.provision.choose_edition`)."""
    from laws.editions import split_qualified

    if isinstance(key, str):
        qual, rest = split_qualified(key)
        edition, key = edition or qual, parse_key(rest) or rest
    if not edition or isinstance(key, str):
        return str(key)
    from present.provision import choose_edition

    ui = lang_code or lang()
    default = choose_edition(corpus(), key, ui if ui in TEXT_LANGS else None, None)[0]
    return str(key) if default == edition else f"{edition}:{key}"


def law_href(key, lang_code: str | None = None, edition: str | None = None) -> str:
    """The deep link that opens a provision on the Read page: ``./?lang=nl&law=16B1``; with the
    edition of the Laws when the reader's language would open the other one: ``./?lang=nl&law=2007:16D``."""
    return "./?" + urlencode({"lang": lang_code or lang(), "law": law_param(key, edition, lang_code)})


def page_href(path: str, **params) -> str:
    return f"./{path}?" + urlencode({"lang": lang(), **{k: str(v) for k, v in params.items()}})


def esc(s: str) -> str:
    return html.escape(s or "", quote=True)


def parse_key(text: str):
    """A key in any usual form (also with its edition, ``2007:16D``: see :func:`edition_in`), or None."""
    from laws.editions import split_qualified

    try:
        return K.parse_key(split_qualified(text)[1])
    except (K.KeyError_, ValueError):
        return None


def edition_in(text: str) -> str | None:
    """The edition a key is written with (``2007:16D`` -> ``2007``), or None."""
    from laws.editions import split_qualified

    return split_qualified(text or "")[0]


def text_edition(text_lang: str | None) -> str | None:
    """The edition of the Laws the text in ``text_lang`` follows (None for none)."""
    return corpus().edition_of(text_lang) if text_lang in TEXT_LANGS else None


def key_display(key: str) -> str:
    k = parse_key(key) if isinstance(key, str) else key
    return k.display if k is not None else str(key)


def pub_label(p) -> str:
    """``NBB 2017`` for a provision."""
    return f"{p.pub.authority} {p.pub.edition}"


def preview(key, text_lang: str | None, t, limit: int = 320, edition: str | None = None) -> str:
    """The cited text, for a link's title (hover) and for the previews on tap: the provision in
    ``text_lang`` if that text holds it, else in the first text that does."""
    c = corpus()
    ed = edition or text_edition(text_lang)  # a citation is in the edition of its text, never the other's
    p = (c.get(key, text_lang, ed) if text_lang in TEXT_LANGS else None) or c.get(key, edition=ed)
    if p is None:
        return t.gettext("{key}: no text of the corpus holds this provision (it is cited, not encoded).").format(
            key=key.display)
    body = p.own_text
    if not body:
        body = " ".join(f"{d.key.display} {d.own_text}" for d in c.descendants(key, p.lang) if d.own_text)
    body = " ".join(body.split())
    if len(body) > limit:
        body = body[:limit].rsplit(" ", 1)[0] + " …"
    head = f"{key.display} [{p.lang} · {pub_label(p)}]" + (f" {p.heading}" if p.heading else "")
    return f"{head}: {body}" if body else head


def law_link(key, words: str | None = None, text_lang: str | None = None, t=None, css: str = "xref",
             target: str = "_self", edition: str | None = None) -> str:
    """An HTML link to a provision, titled with a preview of its text; in the edition of the Laws
    of ``text_lang``'s text (or ``edition``), so that a link never lands in the other edition."""
    t = t or tr()
    c = corpus()
    ed = edition or text_edition(text_lang)
    present = c.has(key, edition=ed) if ed else c.has(key)
    cls = css if present else f"{css} xref-absent"
    return (f'<a class="{cls}" href="{esc(law_href(key, edition=ed))}" target="{target}" '
            f'title="{esc(preview(key, text_lang, t, edition=ed))}">{esc(words or key.display)}</a>')


def _candidates(k) -> list[str]:
    """The ways a key may be written inside the words of a citation (``30``, ``D``, ``B1(b)``, ``4ª``)."""
    out = [k.display, str(k)]
    if isinstance(k, K.LawKey):
        law = str(k.law)
        rest = k.display[len(law):]
        if rest:
            out.append(rest.lstrip("."))
            if k.sec:
                inner = rest[len(k.sec):]
                if inner:
                    out.append(inner)
            if k.item:
                out.append(f"({k.item})")
    else:
        out += [f"{k.path[-1]}ª", k.path[-1]]
    return [x for x in dict.fromkeys(out) if x]


def _spans(words: str, keys) -> list | None:
    """Where each key is written in ``words``, left to right; None if one cannot be placed."""
    spans, pos = [], 0
    for k in keys:
        best = None
        for cand in _candidates(k):
            m = re.compile(r"(?<![A-Za-z0-9])" + re.escape(cand) + r"(?![A-Za-z0-9])").search(words, pos)
            if m and (best is None or m.start() < best[0] or (m.start() == best[0] and m.end() > best[1])):
                best = (m.start(), m.end())
        if best is None:
            return None
        spans.append((best[0], best[1], k))
        pos = best[1]
    return spans


def cite_html(words: str, keys, text_lang: str, t) -> str:
    """The words of a cross-reference with a link on each provision they cite."""
    if len(keys) == 1:
        return law_link(keys[0], words, text_lang, t)
    spans = _spans(words, keys)
    if spans is None:
        return law_link(keys[0], words, text_lang, t) + "".join(
            " [" + law_link(k, k.display, text_lang, t) + "]" for k in keys[1:])
    out, pos = [], 0
    for a, b, k in spans:
        out.append(esc(words[pos:a]))
        out.append(law_link(k, words[a:b], text_lang, t))
        pos = b
    out.append(esc(words[pos:]))
    return "".join(out)


def linked_text(text: str, text_lang: str, ctx_key, t) -> str:
    """A verbatim text as HTML paragraphs, with its cross-references as links."""
    from laws.citations import find

    out, pos = [], 0
    for c in find(text, text_lang, ctx_key):
        if c.start < pos:
            continue
        out.append(esc(text[pos:c.start]))
        out.append(cite_html(text[c.start:c.end], c.keys, text_lang, t))
        pos = c.end
    out.append(esc(text[pos:]))
    return "".join(f"<p>{para}</p>" for para in "".join(out).split("\n") if para.strip())


def label_html(p, t, link: bool = True) -> str:
    """The label line of a provision: its key (a link), a mark if the label was reconstructed,
    and its heading."""
    label = law_link(p.key, p.key.display, p.lang, t, css="xref") if link else esc(p.key.display)
    if p.reconstructed:
        why = t.gettext("The label is not in the source: it was reconstructed from the structure of the Laws.")
        label += f' <span class="law-recon" title="{esc(why)}">†</span>'
    if p.heading:
        label += f" — {esc(p.heading)}"
    return f'<div class="law-label">{label}</div>'


def provision_html(p, t, with_children: bool = True) -> str:
    """A provision's text, its children (recursively) and its notes, as one HTML block."""
    c = corpus()
    parts = []
    if p.text:
        parts.append(linked_text(p.text, p.lang, p.key, t))
    if with_children:
        for ck in p.children:
            cp = c.get(ck, p.lang)
            if cp is not None:
                parts.append(f'<div class="law-child">{label_html(cp, t)}{provision_html(cp, t)}</div>')
    if p.tail:
        parts.append(linked_text(p.tail, p.lang, p.key, t))
    for n in p.notes:
        parts.append(f'<div class="law-note"><b>{esc(n.label)}</b> {linked_text(n.text, p.lang, p.key, t)}</div>')
    return "".join(parts)


def show_html(body: str) -> None:
    """Render an HTML block (no blank line inside, so that Markdown leaves it alone)."""
    st.markdown(f'<div class="law-text">{body}</div>'.replace("\n", " "), unsafe_allow_html=True)


def seat(s: str | None, t) -> str:
    from present.auction import seat_name

    return seat_name(s, t)


# -- search (graph/search.py, written separately: guarded) --------------------------------------
class SearchUnavailable(RuntimeError):
    """graph.search is missing or does not offer the expected function."""


@st.cache_resource(show_spinner=False)
def _search_module():
    try:
        import graph.search as S
    except Exception:  # missing, or broken while it is being written
        return None
    return S


@st.cache_resource(show_spinner=False)
def search_index():
    """The search index of :mod:`graph.search`, loaded once per process (None without search)."""
    mod = _search_module()
    load_index = getattr(mod, "load_index", None) if mod is not None else None
    return load_index() if load_index is not None else None


def search(query: str, query_lang: str | None, limit: int = 10) -> list[dict]:
    """Results of :func:`graph.search.search`, best first: dicts with ``key``, ``lang``, ``score``,
    ``snippet`` (matched words marked «like this»), ``display``, ``heading``. ``query_lang`` is the
    language the query is written in (None: guessed). Raises :class:`SearchUnavailable` if the
    module is missing or its API differs, and the module's own ``SearchError`` (``msgid`` and
    ``params``, see :func:`error_text`) for a query it cannot search."""
    mod = _search_module()
    fn = getattr(mod, "search", None) if mod is not None else None
    if fn is None:
        raise SearchUnavailable("graph.search.search is not available")
    idx = search_index()
    try:
        results = fn(query, query_lang, limit, index=idx) if idx is not None else fn(query, query_lang, limit)
    except TypeError as e:
        raise SearchUnavailable(str(e)) from None
    out = []
    for r in results or []:
        d = r if isinstance(r, dict) else (r.to_dict() if hasattr(r, "to_dict") else dict(vars(r)))
        if "key" not in d:
            raise SearchUnavailable("search results carry no key")
        out.append(d)
    return out


def error_text(e: Exception, t) -> str:
    """The message of an exception that carries an English ``msgid`` and ``params``, translated."""
    msgid = getattr(e, "msgid", None)
    if not msgid:
        return str(e)
    try:
        return t.gettext(msgid).format(**(getattr(e, "params", None) or {}))
    except (KeyError, IndexError, ValueError):
        return str(e)
