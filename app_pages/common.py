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
    "practice": N_("Practice"),
}
# Material Symbols (bundled with Streamlit: no emoji font needed on the tablet)
PAGE_ICONS = {"read": ":material/menu_book:", "ruling": ":material/gavel:", "graph": ":material/hub:",
              "search": ":material/search:", "practice": ":material/school:", "glossary": ":material/translate:", "score": ":material/calculate:"}

CSS = """
<style>
.law-text p {margin: 0 0 .55em 0; line-height: 1.6; font-size: 1.04rem;}
.law-text a.xref {text-decoration: underline; text-decoration-style: dotted; text-underline-offset: 3px;}
.st-key-rb_nav {display: none;}
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
.rl-head {margin: 0 0 .3em 0; line-height: 1.45;}
.rl-head p.trail, .rl-head .trail {display: inline; margin: 0;}
.rl-q {font-size: 1.15rem; font-weight: 600; line-height: 1.35; margin: .2em 0 .4em 0;}
.rl-card-head {font-size: 1.15rem; font-weight: 700; margin: 0 0 .2em 0;}
table.rl-rows {width: 100%; border-collapse: collapse;}
table.rl-rows td {padding: .2em .6em .2em 0; vertical-align: top; border-bottom: 1px solid rgba(128,128,128,.2);}
ol.rl-steps li {margin-bottom: .3em;}
.st-key-rl_question button, .st-key-pr_choices button {text-align: left; justify-content: flex-start;
  min-height: 2.6rem;}
[class*="st-key-rl_kp_"] button {min-width: 2.5rem; min-height: 2.6rem; font-size: 1.1rem; padding: 0 .55rem;}
.st-key-rl_kp_levels, .st-key-rl_kp_strains, .st-key-rl_kp_calls {gap: .3rem !important;}
.st-key-rl_kp_H button, .st-key-rl_kp_D button {color: #c0392b;}
/* Streamlit's own chrome: no Deploy button, no main menu */
[data-testid="stAppDeployButton"], [data-testid="stMainMenu"], #MainMenu {display: none !important;}
@media (max-width: 640px) {
  .block-container, [data-testid="stMainBlockContainer"] {padding: 3rem .75rem 2rem .75rem !important;}
  h1 {font-size: 1.6rem !important;}
  .law-text p {font-size: 1rem;}
}
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
        warning(t.gettext("“{lang}” is not a language of this app: use en, es, nl or it.").format(lang=bad), st.sidebar)


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
    "score": ("result", "vul", "adjust", "against", "adjust_vul", "tab"),
    "practice": ("source",),
}


_NAV_LOCK = __import__("threading").Lock()


def navigation(pages: dict):
    """``st.navigation`` over ``pages``, and whether the browser asked for a path that is no page
    of the app. Streamlit would show its own English "Page not found" dialog and run the default
    page; the app shows its own page instead (:func:`not_found_page`), in the interface language."""
    import streamlit.commands.navigation as stnav

    missed = []
    original = getattr(stnav, "send_page_not_found", None)
    with _NAV_LOCK:
        if original is not None:
            stnav.send_page_not_found = lambda ctx: missed.append(True)
        try:
            nav = st.navigation(list(pages.values()), position="sidebar", expanded=True)
        finally:
            if original is not None:
                stnav.send_page_not_found = original
    return nav, bool(missed)


def _requested_name() -> str:
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    ctx = get_script_run_ctx()
    return (ctx.pages_manager.intended_page_name if ctx is not None else "") or ""


def not_found_page(t) -> None:
    """An unknown path: say so, and offer the search (in place of silently showing Read)."""
    set_title(t.gettext("Page not found"))
    st.title(t.gettext("Page not found"))
    name = _requested_name()
    info(t.gettext("This app has no page “{path}”. Look for a provision or for words:").format(path=name))
    q = st.text_input(t.gettext("Provision or words"), key="nf_query",
                      placeholder=t.gettext("e.g. 27B1(a), artikel 16B1, Norma 8ª, or words such as: insufficient bid"))
    if (q or "").strip():
        switch_to("read", law=q.strip()) if parse_key(q.strip()) is not None else switch_to("search", q=q.strip())
    st.markdown(" · ".join(page_link_html(pid if pid != "read" else "", t.gettext(PAGE_TITLES[pid]))
                           for pid in PAGE_TITLES), unsafe_allow_html=True)


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
    """Text for HTML: ``<``, ``>``, ``&`` and quotes escaped."""
    return html.escape(s or "", quote=True)


# Every ASCII punctuation character may be backslash-escaped in CommonMark; escaping them all
# leaves no link, image, emphasis, HTML, directive (``:red[...]``), emoji shortcode or autolink
# (``https\://evil\.example``) for Streamlit's Markdown to find.
_MD_SPECIAL = re.compile(r"([!\"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~])")


_AUTOLINK = re.compile(r"(?i)(?::/|\bwww\.|@)")


def md(s) -> str:
    r"""Text for Markdown (``st.error``, ``st.markdown``, labels): shown exactly as written, never
    as a link, emphasis or HTML. The one escaping helper for whatever contains user input.

    >>> print(md("[Login expired, click here](https://evil.example/login)").replace("\u2060", "|"))
    \[Login expired\, click here\]\(https\:|\/\/evil\.example\/login\)
    """
    text = str(s or "")
    # GFM finds autolinks (https://…, www.…, name@host) after the escapes are gone: a word joiner
    # (U+2060, invisible) keeps them apart
    text = _AUTOLINK.sub(lambda m: m[0][:-1] + "\u2060" + m[0][-1], text)
    return "  \n".join(_MD_SPECIAL.sub(r"\\\1", line) for line in text.split("\n"))


def error(msg) -> None:
    """``st.error`` of a plain-text message (user input inside it shown as typed)."""
    st.error(md(msg))


def warning(msg, where=None) -> None:
    (where or st).warning(md(msg))


def info(msg) -> None:
    st.info(md(msg))


def caption(msg) -> None:
    st.caption(md(msg))


def set_title(*parts) -> None:
    """The browser tab's title: ``16B1 · Read the laws · bridge-rulebook``."""
    title = " · ".join([str(p) for p in parts if p] + ["bridge-rulebook"])
    try:
        st.set_page_config(page_title=title)
    except Exception:  # an older Streamlit allows one set_page_config per run
        pass


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
    """``NBB 2017 · 2017 Laws`` for a provision: the publication (authority and its year) and the
    edition of the Laws its text follows, which the year alone does not say (FIGB 2017 · 2007 Laws)."""
    return tr().gettext("{authority} {year} · {edition} Laws").format(
        authority=p.pub.authority, year=p.pub.edition, edition=p.laws_edition)


def preview(key, text_lang: str | None, t, limit: int | None = None, edition: str | None = None) -> str:
    """The cited text as one line (``limit`` characters at most, None: all of it): the provision
    in ``text_lang`` if that text holds it, else in another text of the same edition of the Laws
    (``edition``, by default the edition ``text_lang``'s text follows): never the other edition's."""
    pv = preview_data(key, text_lang, t, edition)
    body = " ".join(pv["body"].split())
    if limit is not None and len(body) > limit:
        body = body[:limit].rsplit(" ", 1)[0] + " …"
    return f"{pv['head']}: {body}" if body else pv["head"]


def preview_data(key, text_lang: str | None, t, edition: str | None = None) -> dict:
    """The whole cited text for a preview: ``head`` (key, language, publication, heading) and
    ``body`` (its text and its parts' texts, verbatim, one paragraph a line)."""
    from present.ruling import edition_of_lang, in_edition

    c = corpus()
    p = in_edition(c, key, text_lang if text_lang in TEXT_LANGS else None, edition)
    if p is None:
        ed = edition or edition_of_lang(c, text_lang)
        if ed and c.has(key):  # held only by a text of the other edition
            from laws.editions import corresponding

            body = t.gettext("{key}: no text of the {edition} Laws holds this provision; the texts of the other edition "
                             "number their provisions differently, so theirs is not shown in its place.").format(
                key=key.display, edition=ed)
            corr = [f"{x.laws_edition} {x.key}" for x in corresponding(ed, str(key)) if x.key]
            if corr:
                body += " " + t.gettext("It corresponds to: {keys}.").format(keys=", ".join(corr))
            return {"key": key.display, "head": key.display, "body": body}
        return {"key": key.display, "head": key.display, "body": t.gettext(
            "{key}: no text of the corpus holds this provision (it is cited, not encoded).").format(key=key.display)}
    lines = [p.text] if p.text else []
    for d in c.descendants(key, p.lang):
        if d.own_text:
            lines.append(f"{d.key.display} {d.own_text}")
    if p.tail:
        lines.append(p.tail)
    head = f"{key.display} [{p.lang} · {pub_label(p)}]" + (f" {p.heading}" if p.heading else "")
    return {"key": key.display, "head": head, "body": "\n".join(x.strip() for x in lines if x and x.strip())}


# -- in-place navigation and previews -------------------------------------------------------------
# A link to a page of the app (``./?lang=nl&law=16A``) carries ``data-nav``: a script (a custom
# component without frame, mounted once per run) catches the click, pushes the link's URL to the
# browser's history and tells Streamlit as the Back button does ("popstate"): Streamlit runs the
# page of that path with its query parameters in this session. No reload, no new session; the
# address bar shows the link, and Back returns. (Should that fail, the script sends the link to
# Python, which switches the page: :func:`follow_link`.) Links with ``data-pv`` open a preview of the whole cited
# text on hover, or on the first tap on a touch screen (a second tap, or "Open", follows the link).
NAV_KEY = "rb_nav"
GOTO_KEY = "_rb_goto"
PREVIEWS_KEY = "_rb_previews"

NAV_JS = r"""
export default function(component) {
  const { data, setTriggerValue } = component;
  const w = window;
  w.__rbGo = setTriggerValue;
  w.__rbPv = Object.assign(w.__rbPv || {}, (data && data.previews) || {});
  w.__rbOpen = (data && data.open) || "Open";
  if (w.__rbNavReady) return;
  w.__rbNavReady = true;
  const canHover = () => w.matchMedia("(hover: hover)").matches;
  let box = null, hideTimer = null;
  const ensureBox = () => {
    if (box) return box;
    box = document.createElement("div");
    box.id = "rb-preview";
    box.setAttribute("role", "tooltip");
    box.style.cssText = "position:absolute;z-index:999999;display:none;max-width:min(34rem,calc(100vw - 16px));" +
      "max-height:50vh;overflow:auto;padding:.6rem .8rem;border-radius:.5rem;border:1px solid rgba(128,128,128,.45);" +
      "background:var(--st-background-color,#fff);color:var(--st-text-color,#222);box-shadow:0 6px 24px rgba(0,0,0,.18);" +
      "font-size:.92rem;line-height:1.45;white-space:pre-line;";
    box.addEventListener("mouseenter", () => clearTimeout(hideTimer));
    box.addEventListener("mouseleave", () => schedule());
    document.body.appendChild(box);
    return box;
  };
  const hide = () => { if (box) box.style.display = "none"; };
  const schedule = () => { clearTimeout(hideTimer); hideTimer = setTimeout(hide, 250); };
  const show = (a) => {
    const pv = w.__rbPv[a.getAttribute("data-pv")];
    if (!pv) return false;
    const b = ensureBox();
    b.textContent = "";
    const head = document.createElement("div");
    head.style.cssText = "font-weight:600;margin-bottom:.3rem;";
    head.textContent = pv.head;
    const body = document.createElement("div");
    body.className = "rb-preview-body";
    body.textContent = pv.body;
    b.append(head, body);
    if (!canHover()) {
      const open = document.createElement("a");
      open.href = a.getAttribute("href");
      open.setAttribute("data-nav", "1");
      open.style.cssText = "display:inline-block;margin-top:.5rem;font-weight:600;";
      open.textContent = w.__rbOpen + " " + pv.key + " →";
      b.append(open);
    }
    b.style.display = "block";
    const r = a.getBoundingClientRect();
    const left = Math.max(8, Math.min(r.left + w.scrollX, w.scrollX + w.innerWidth - b.offsetWidth - 8));
    let top = r.bottom + w.scrollY + 6;
    if (r.bottom + b.offsetHeight + 12 > w.innerHeight && r.top > b.offsetHeight + 12) top = r.top + w.scrollY - b.offsetHeight - 6;
    b.style.left = left + "px";
    b.style.top = top + "px";
    return true;
  };
  // Navigate as the browser's Back does: a new history entry, then "popstate", on which Streamlit
  // runs the page of the URL's path with its query, in this session. (A page switched from Python
  // would leave the address bar one step behind.)
  const go = (href) => {
    try {
      const url = new URL(href, w.location.href);
      if (url.origin !== w.location.origin) return;
      w.history.pushState({}, "", url.pathname + url.search);
      w.dispatchEvent(new PopStateEvent("popstate", { state: {} }));
    } catch (err) {
      w.__rbGo("go", href);
    }
  };
  const linkOf = (e, sel) => (e.target && e.target.closest) ? e.target.closest(sel) : null;
  document.addEventListener("mouseover", (e) => {
    if (!canHover()) return;
    const a = linkOf(e, "a[data-pv]");
    if (a) { clearTimeout(hideTimer); show(a); }
  }, true);
  document.addEventListener("mouseout", (e) => {
    if (canHover() && linkOf(e, "a[data-pv]")) schedule();
  }, true);
  const hrefOf = (a) => a.getAttribute("href") || a.getAttribute("xlink:href") ||
    a.getAttributeNS("http://www.w3.org/1999/xlink", "href") || "";
  document.addEventListener("click", (e) => {
    let a = linkOf(e, "a[data-nav]");
    if (!a) {  // a node of a diagram (Graphviz SVG) that links to a page of the app
      const g = linkOf(e, "[data-testid=stGraphVizChart] a");
      if (g && hrefOf(g).startsWith("./")) a = g;
    }
    if (!a) { if (box && !box.contains(e.target)) hide(); return; }
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    const inBox = box && box.contains(a);
    if (!canHover() && a.hasAttribute("data-pv") && !inBox && !(box && box.style.display === "block" && box.dataset.for === a.getAttribute("data-pv"))) {
      if (show(a)) { box.dataset.for = a.getAttribute("data-pv"); return; }
    }
    hide();
    if (box) box.dataset.for = "";
    go(hrefOf(a));
  }, true);
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") hide(); });
}
"""

_nav_component = st.components.v2.component("rulebook_nav", js=NAV_JS, isolate_styles=False)


def begin_run() -> None:
    st.session_state[PREVIEWS_KEY] = {}


def _on_go() -> None:
    value = st.session_state.get(NAV_KEY)
    href = value.get("go") if hasattr(value, "get") else getattr(value, "go", None)
    if href:
        target = parse_href(str(href))
        if target is not None:
            st.session_state[GOTO_KEY] = target


def parse_href(href: str):
    """``./graph?law=27D&lang=nl`` -> ``("graph", {"law": "27D", "lang": "nl"})``; None if not a page of the app."""
    from urllib.parse import parse_qsl, urlsplit

    parts = urlsplit(href)
    if parts.scheme or parts.netloc:
        return None
    path = parts.path.strip().lstrip(".").strip("/") or "read"
    if path not in PAGE_PARAMS:
        return None
    return path, dict(parse_qsl(parts.query))


def follow_link(pages: dict, current: str | None) -> None:
    """A link caught in the browser (see :data:`NAV_JS`): open its page with its parameters, in
    this session. Called by ``app.py`` before the page runs."""
    target = st.session_state.pop(GOTO_KEY, None)
    if not target:
        return
    page_id, params = target
    if page_id == current:
        st.query_params.from_dict(params)  # one change of the URL: one entry in the browser's history
    else:
        st.switch_page(pages[page_id], query_params=params)


def mount_nav() -> None:
    """The script that catches links and shows previews (no visible element)."""
    t = tr()
    _nav_component(key=NAV_KEY, data={"previews": st.session_state.get(PREVIEWS_KEY) or {},
                                      "open": t.gettext("Open")},
                   on_go_change=_on_go)


def law_link(key, words: str | None = None, text_lang: str | None = None, t=None, css: str = "xref",
             target: str = "_self", edition: str | None = None) -> str:
    """An HTML link to a provision that opens it in place, with a preview of the whole cited text;
    in the edition of the Laws of ``text_lang``'s text (or ``edition``), so that a link never lands
    in the other edition."""
    t = t or tr()
    c = corpus()
    ed = edition or text_edition(text_lang)
    present = c.has(key, edition=ed) if ed else c.has(key)
    cls = css if present else f"{css} xref-absent"
    pid = f"{ed or ''}:{key}|{text_lang or ''}"
    previews = st.session_state.setdefault(PREVIEWS_KEY, {})
    if pid not in previews:
        previews[pid] = preview_data(key, text_lang, t, ed)
    return (f'<a class="{cls}" href="{esc(law_href(key, edition=ed))}" target="_self" data-nav="1" '
            f'data-pv="{esc(pid)}">{esc(words or key.display)}</a>')


def page_link_html(path: str, words: str, **params) -> str:
    """An HTML link to a page of the app, followed in place."""
    return f'<a href="{esc(page_href(path, **params))}" target="_self" data-nav="1">{esc(words)}</a>'


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


# -- search ------------------------------------------------------------------------------------------
@st.cache_resource(show_spinner=False)
def search_index():
    """The search index of :mod:`graph.search`, loaded once per process."""
    from graph.search import load_index

    return load_index()


def search(query: str, query_lang: str | None, limit: int = 10) -> list[dict]:
    """Results of :func:`graph.search.search`, best first: dicts with ``key``, ``lang``, ``score``,
    ``snippet`` (matched words marked «like this»), ``display``, ``heading``. ``query_lang`` is the
    language the query is written in (None: guessed). Raises :class:`graph.search.SearchError`
    (``msgid`` and ``params``, see :func:`error_text`) for a query it cannot search."""
    from graph.search import search as run_search

    return [h.to_dict() for h in run_search(query, query_lang, limit, index=search_index())]


def error_text(e: Exception, t) -> str:
    """The message of an exception that carries an English ``msgid`` and ``params``, translated."""
    msgid = getattr(e, "msgid", None)
    if not msgid:
        return str(e)
    try:
        if callable(getattr(e, "message", None)):  # graph.search.SearchError: its words translated too
            return e.message(t)
        return t.gettext(msgid).format(**(getattr(e, "params", None) or {}))
    except (KeyError, IndexError, ValueError):
        return str(e)
