"""The frame around the pages: which page the URL asks for, the navigation bar, the language
menu, each page's state in the URL, and the "not found" page.

**Pages by query.** The app is one Streamlit script; the page is the ``page`` query parameter
(none: the default page, Read). ``/?page=ruling&dealer=N&auction=1H+1D+TD`` is the ruling page
with its record; a deep link written as a path (``/ruling?...``) is redirected to it by the
server (:mod:`app_pages.server`). Links carry the path form (``./ruling?lang=es``), which works
anywhere (a new tab, a bookmark); the browser script (``static/nav.js``) follows them in place.
Every change of the URL is made at once (:func:`set_url`), so that the browser's history holds
one entry per step and Back always shows what the address bar says.

**The bar.** Every page is one tap away: a bar that stays in view (at the bottom of a phone held
upright, on the left of a phone turned sideways, at the top of a large screen), with the language
menu at its end. There is no sidebar.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

import streamlit as st

from i18n import LANGS, language_name

from . import browser, server
from .lang import bad_lang, init_lang, lang, tr
from .links import page_href, page_link_html, parse_key, texts_line
from .ui import esc, info, set_title, warning

PAGE_PARAM = "page"
DEFAULT_PAGE = "read"
MEMORY = "_url."  # session key prefix: the parameters each page had when it was last shown


@dataclass(frozen=True)
class Page:
    """A page of the app: its id (its path), the function that draws it, its title and its short
    name in the bar (msgids; the short name's context is :data:`BAR`), its icon (a Material Symbols name, a font Streamlit serves itself)
    and the query parameters that are its state (kept while the reader visits other pages)."""

    id: str
    run: Callable[[], None]
    title: str
    short: str
    icon: str
    params: tuple[str, ...] = field(default=())


REGISTRY: dict[str, Page] = {}
BAR = "bar"  # the context (msgctxt) of the pages' short names in the bar


def pgettext(context: str, message: str) -> str:
    """``N_`` with a context: marks ``message`` for extraction under ``context`` (``msgctxt``) and
    returns it, translated later by ``t.pgettext``. The pages' short names in the bar are marked
    ``pgettext("bar", ...)``, entries of their own: a language may shorten a page's name in a 49 px
    slot ("Puntos" for "Puntuación") without changing its title."""
    return message


@lru_cache(maxsize=None)
def _css() -> str:
    return "<style>" + (server.STATIC / "app.css").read_text(encoding="utf-8") + "</style>"


# -- the URL ----------------------------------------------------------------------------------------
def _norm(params: dict) -> dict[str, list[str]]:
    out = {}
    for k, v in params.items():
        if v is None or v == "" or v == []:
            continue
        out[k] = [str(x) for x in v] if isinstance(v, (list, tuple)) else [str(v)]
    return out


def set_url(params: dict) -> None:
    """Make the query string ``params`` (None or empty: left out) in one change of the URL, and
    only if it changes: one entry in the browser's history per step."""
    target = _norm(params)
    now = {k: st.query_params.get_all(k) for k in st.query_params}
    if now != target:
        st.query_params.from_dict({k: v if len(v) > 1 else v[0] for k, v in target.items()})


def update_url(**params) -> None:
    """Change some parameters of the URL (None removes one), in one change."""
    now = {k: st.query_params.get_all(k) for k in st.query_params}
    set_url({**now, **params})


def switch_to(page_id: str, **params) -> None:
    """Open another page of the app, in this session, with query parameters."""
    set_url({PAGE_PARAM: None if page_id == DEFAULT_PAGE else page_id, "lang": lang(), **params})
    st.rerun()


def current() -> tuple[Page | None, str]:
    """The page the URL asks for (None: no such page) and the name asked for."""
    asked = (st.query_params.get(PAGE_PARAM) or "").strip().strip("/")
    return REGISTRY.get(asked or DEFAULT_PAGE), asked


def remembered(page: Page) -> dict[str, list[str]]:
    return st.session_state.get(MEMORY + page.id) or {}


def _run_page(page: Page) -> None:
    """Run a page: if the URL carries none of its parameters, it gets back those it had when it
    was last shown in this session (the provision read, the ruling under way), so that looking
    something up elsewhere never loses the work; they are remembered when it has run."""
    qp = st.query_params
    if page.params and not any(n in qp for n in page.params) and remembered(page):
        update_url(**remembered(page))
    try:
        page.run()
    finally:  # (a run stopped by the next one may already see the next page's URL: not this page's state)
        if current()[0] is page:
            st.session_state[MEMORY + page.id] = {n: qp.get_all(n) for n in page.params if n in qp}


def page_link(page: Page, **params) -> str:
    """The deep link of a page (``./ruling?lang=es&...``), with its state: the URL's for the page
    shown, the remembered one for the others."""
    here = current()[0] is page
    state = {k: (v if len(v) > 1 else v[0]) for k, v in
             ({n: st.query_params.get_all(n) for n in page.params if n in st.query_params} if here
              else remembered(page)).items()}
    return page_href("" if page.id == DEFAULT_PAGE else page.id, **{**state, **params})


# -- the bar ------------------------------------------------------------------------------------------
def _icon(name: str) -> str:
    return f'<span class="rb-ic" aria-hidden="true">{esc(name)}</span>'


def _language_menu(page: Page | None, t) -> str:
    here = lang()
    qs = {k: st.query_params.get_all(k) for k in st.query_params if k not in ("lang", PAGE_PARAM)}
    path = "" if page is None or page.id == DEFAULT_PAGE else page.id
    items = []
    for code in LANGS:
        href = page_href(path, **{k: v if len(v) > 1 else v[0] for k, v in qs.items()}, lang=code)
        cur = ' aria-current="true" class="rb-on"' if code == here else ""
        items.append(f'<a href="{esc(href)}" data-nav="1" hreflang="{code}" lang="{code}"{cur}>'
                     f"{esc(language_name(code, code))}</a>")
    texts = texts_line(t)
    label = t.gettext("Language of the interface")
    return (f'<details class="rb-lang"><summary class="rb-tab" aria-label="{esc(label)}" title="{esc(label)}">'
            f'{_icon("language")}<span class="rb-lb">{esc(here.upper())}</span></summary>'
            f'<div class="rb-lang-menu"><div class="rb-lang-title">{esc(label)}</div>{"".join(items)}'
            f'<div class="rb-lang-note">{esc(texts)}</div></div></details>')


def bar(pages: list[Page], page: Page | None, t) -> None:
    """The navigation bar: every page one tap away, the current one marked, and the language menu."""
    links = []
    for p in pages:
        title = t.gettext(p.title)
        on = ' aria-current="page"' if page is not None and p.id == page.id else ""
        links.append(f'<a class="rb-tab" href="{esc(page_link(p, lang=lang()))}" data-nav="1" title="{esc(title)}" '
                     f'aria-label="{esc(title)}"{on}>{_icon(p.icon)}<span class="rb-lb">{esc(t.pgettext(BAR, p.short))}'
                     "</span></a>")
    name = t.gettext("Pages")
    with st.container(key="rb_bar"):
        st.markdown(f'<nav class="rb-bar" aria-label="{esc(name)}">{"".join(links)}'
                    f"{_language_menu(page, t)}</nav>", unsafe_allow_html=True)
        browser.mount_links(t)


# -- the page the URL does not name -------------------------------------------------------------------
def not_found_page(pages: list[Page], asked: str, t) -> None:
    """An unknown page: say so, and offer the search (in place of silently showing another page)."""
    set_title(t.gettext("Page not found"))
    st.title(t.gettext("Page not found"), anchor=False)
    info(t.gettext("This app has no page “{path}”. Look for a provision or for words:").format(path=asked))
    q = st.text_input(t.gettext("Provision or words"), key="nf_query",
                      placeholder=t.gettext("e.g. 27B1(a), artikel 16B1, Norma 8ª, or words such as: insufficient bid"))
    if (q or "").strip():
        q = q.strip()
        switch_to("read", law=q) if parse_key(q) is not None else switch_to("search", q=q)
    st.markdown(" · ".join(page_link_html("" if p.id == DEFAULT_PAGE else p.id, t.gettext(p.title)) for p in pages),
                unsafe_allow_html=True)


# -- one run of the script ---------------------------------------------------------------------------
def run(pages: list[Page]) -> None:
    """Draw the page the URL asks for, in the interface language, inside the frame."""
    REGISTRY.clear()
    REGISTRY.update((p.id, p) for p in pages)
    init_lang()
    t = tr()
    st.set_page_config(page_title=t.gettext("Laws of Duplicate Bridge"), page_icon=str(server.STATIC / "favicon.png"),
                       layout="wide", initial_sidebar_state="collapsed",
                       menu_items={"Get help": None, "Report a bug": None, "About": None})
    st.html(_css())
    browser.begin_run()
    page, asked = current()
    bar(pages, page, t)
    bad = bad_lang()
    if bad is not None:
        warning(t.gettext("“{lang}” is not a language of this app: use en, es, nl or it.").format(lang=bad))
    try:
        if page is None:
            not_found_page(pages, asked, t)
        else:
            set_title(t.gettext(page.title))
            _run_page(page)
    finally:
        browser.mount_previews()
