"""Search: find the provision from a director's words, in any of the three texts.

The search itself is :mod:`graph.search` (its own module, written separately); this page only
calls it, and says so clearly when it is not available. Deep link: ``search?q=doblo+fuera+de+turno``.
"""
from __future__ import annotations

import html
import re

import streamlit as st

from i18n import language_name
from laws import notation as N
from laws.corpus import LANGS as TEXT_LANGS
from laws.rulings import auction as A

from . import common
from .rule_links import rule_links_html, trees_for

QUERY_KEY = "search_q"
LANG_KEY = "search_lang"
SEEN_KEY = "_search_url"
ANY = "any"
LIMIT = 20


def _on_query() -> None:
    v = (st.session_state.get(QUERY_KEY) or "").strip()
    common.update_url(q=v or None)
    st.session_state[SEEN_KEY] = v


def snippet_html(snippet: str) -> str:
    """A result's snippet as HTML: the text escaped, the matched words (marked by the search as
    ``«…»``; also ``<mark>…</mark>`` or ``**…**``) highlighted."""
    s = html.escape(snippet or "", quote=False)
    s = re.sub(r"&lt;(/?)(?:mark|b|em|strong)&gt;", lambda m: f"<{m[1]}mark>", s)
    s = re.sub(r"\*\*(.+?)\*\*", r"<mark>\1</mark>", s)
    s = re.sub(r"«(.+?)»", r"<mark>\1</mark>", s)
    return s.replace("\n", " ")


def other_text_note(p, ui: str, t) -> str:
    """Why a result is in another language (walk #7): the provision is in a text of another language
    (the 2007 Laws exist here only in the AEB's Spanish) and the text of the interface's language
    holds no provision of that key. Empty when there is no such reason to give: the result is in the
    interface's language, or the interface's language has no text here at all (English), or its
    text holds the provision too."""
    c = common.corpus()
    if p is None or p.lang == ui or ui not in TEXT_LANGS or c.get(p.key, ui) is not None:
        return ""
    # the line's label already names the text (language, federation, edition): this says why it is that one
    return t.gettext("Shown in {language}: this provision has no text in {ui_language} here.").format(
        language=language_name(p.lang, ui, title=False), ui_language=language_name(ui, ui, title=False))


def render_results(results: list[dict], t) -> None:
    """Search results, best first: each a link to its provision, with its heading, the text it
    was found in (and why, when it is not the interface language's) and the matched words. The
    ruling on the best result a tree rules on comes first, above the list (on the first screen,
    sideways too, even when the first results are definitions no tree rests on); a result with
    another tree offers it on its line."""
    c = common.corpus()
    ui = common.lang()
    st.caption(t.ngettext("{n} result", "{n} results", len(results)).format(n=len(results)))
    items, top = [], ""
    offered: set = set()  # a tree is offered once, for the best result it rules on
    for r in results:
        key = common.parse_key(str(r.get("key")))
        if key is None:
            continue
        lg = r.get("lang")
        p = c.get(key, lg) if lg in TEXT_LANGS else c.get(key)
        heading = r.get("heading") if r.get("heading") is not None else (p.heading if p else None)
        where = f"{common.lang_label(lg, t)} · {common.pub_label(p)}" if p is not None and lg in TEXT_LANGS else ""
        why = other_text_note(p, ui, t) if where else ""
        rule = _rule_html(key, _result_edition(r, p), p.pub.authority if p is not None else None, offered, t)
        if rule and not top:
            top, rule = rule, ""
        items.append(
            "<li style='margin-bottom:.6em'>"
            + common.law_link(key, r.get("display") or key.display, lg if lg in TEXT_LANGS else None, t)
            + (f" — {common.esc(heading)}" if heading else "")
            + (f" <span class='pub-label'>[{common.esc(where)}]</span>" if where else "")
            + (f"<br><span class='pub-label rb-other-text'>{common.esc(why)}</span>" if why else "")
            + (f"<br><span style='font-size:.95rem'>{snippet_html(str(r.get('snippet') or ''))}</span>"
               if r.get("snippet") else "")
            + (f"<br><span class='situation' style='font-size:.85rem; opacity:.8'>"
               + common.esc(t.gettext("Found through the situation “{phrase}” (our index, not the law's text)")
                            .format(phrase=r["situation"])) + "</span>"
               if r.get("situation") else "")
            + (f"<br>{rule}" if rule else "")
            + "</li>")
    common.show_html((f"<div class='rb-rules rb-rules-top'>{top}</div>" if top else "") + "<ol>" + "".join(items) + "</ol>")


def _result_edition(r: dict, p) -> str | None:
    """The edition of the Laws a result follows: its text's (a key means nothing without its edition), else the
    edition its key is written with (``2017:27B``), else None."""
    if p is not None:
        return p.laws_edition
    return common.edition_in(str(r.get("key") or "")) or common.text_edition(r.get("lang"))


def _rule_html(key, found: str | None, authority: str | None, offered: set, t) -> str:
    """The result's way to its ruling: the ruling assistant on the tree closest to it (of the edition ``found``, the
    one its text follows), in the edition the text's federation applies, unless a better result already offers
    that tree (``offered``: the tree ids offered so far, updated)."""
    ids = [tid for tid in trees_for(key, found)[:1] if tid not in offered]
    offered.update(ids)
    return rule_links_html(ids, found, authority, t)


_BID_TOKEN = re.compile(r"^[1-7][A-Za-z♣♦♥♠]{1,2}$")


def bids_read(query: str, notation: str) -> list[tuple[str, str]]:
    """The bids a query names, as the interface language's notation reads them (``1C`` is one
    heart in Spanish): ``[("1C", "1♥")]``; words that are not bids are left alone."""
    from laws import notation as N
    from laws.rulings.auction import AuctionError

    out = []
    for token in query.split():
        if _BID_TOKEN.match(token):
            try:
                out.append((token, N.format_call(N.read_call(token, notation), notation)))
            except AuctionError:
                continue
    return out


def auction_asked(query: str, notation: str, dealer: str = "N") -> str | None:
    """The neutral auction record a query is, when the whole query is an auction record in the
    notation that calls the director (``TD``): the director's next step is its ruling, not a search.

    >>> auction_asked("1C 1D TD", "es"), auction_asked("1H 1R TD", "nl"), auction_asked("1C 1D", "es")
    ('1H 1D TD', '1H 1D TD', None)
    >>> auction_asked("onvoldoende bod TD", "nl") is None
    True
    """
    if "TD" not in query.upper().split():
        return None
    try:
        neutral = N.to_neutral(query, notation)
        A.replay(neutral, dealer)
    except (A.AuctionError, ValueError):
        return None
    return neutral


def _rule_link(neutral: str, t) -> None:
    """The link to the ruling on the auction record the query is (dealer North, changed there)."""
    href = common.page_href("ruling", dealer="N", auction=neutral)
    words = t.gettext("Rule on this auction (dealer {dealer}): {record}").format(
        dealer=common.seat("N", t), record=N.reading(neutral, common.notation(), short=True))
    common.show_html(f'<p><a class="rb-target rb-action" href="{common.esc(href)}" target="_self" data-nav="1">'
                     f'{common.esc(words)} →</a></p>')


def page() -> None:
    t = common.tr()
    st.title(t.gettext("Search"), anchor=False)
    url = st.query_params.get("q") or ""
    if QUERY_KEY not in st.session_state or st.session_state.get(SEEN_KEY) != url:
        st.session_state[QUERY_KEY] = url
        st.session_state[SEEN_KEY] = url
    lang_widget = common.widget_key(LANG_KEY, ANY)  # by default the search guesses the language of the words
    left, right = st.columns([3, 1])
    query = left.text_input(
        t.gettext("What happened, in your words"), key=QUERY_KEY, on_change=_on_query, live=True,
        placeholder=t.gettext("e.g. doblo fuera de turno, onvoldoende bod, board sbagliato"))
    qlang = right.selectbox(
        t.gettext("Words in"), (ANY,) + TEXT_LANGS, key=lang_widget, on_change=common.keep, args=(LANG_KEY,),
        format_func=lambda c: t.gettext("any language") if c == ANY else common.lang_label(c, t),
        placeholder=t.gettext("any language"))
    query = (query or "").strip()
    common.set_title(query[:40] if query else None, t.gettext("Search"))
    if not query:
        st.info(t.gettext("Type what happened at the table, or a provision's key. The best matches of the three "
                          "texts come first."))
        return
    neutral = auction_asked(query, common.notation())
    if neutral is not None:
        _rule_link(neutral, t)
    bids = bids_read(query, common.notation())
    if bids:  # a bid in the query, echoed as the notation of the interface reads it
        common.caption(t.gettext("Bids read as: {bids}").format(bids=", ".join(f"{a} → {b}" for a, b in bids)))
    try:
        results = common.search(query, None if qlang == ANY else qlang, limit=LIMIT)
    except ValueError as e:  # graph.search.SearchError: an empty, absurd or unknown query, with its reason
        common.error(common.error_text(e, t))
        return
    if not results:
        common.warning(t.gettext("Nothing found for “{text}”.").format(text=query))
        return
    render_results(results, t)
