"""Read: look up a provision by key (any usual form) or by words; its text in the chosen language
with breadcrumb, notes and children, every cross-reference a link with a preview of the cited
text, what it cites and what cites it, and the same provision side by side in the other texts.

Deep link: ``?lang=nl&law=16B1`` (``?q=words`` searches).
"""
from __future__ import annotations

import streamlit as st

from i18n import language_name
from laws.corpus import LANGS as TEXT_LANGS

from . import common
from .rule_links import rule_links_html, trees_for

QUERY_KEY = "read_query"
SEEN_KEY = "_read_url"
EXAMPLES = ("16B1", "27B1(a)", "40B2(c)(i)", "21B1", "Norma 8ª", "17")


def _url_query() -> str:
    return st.query_params.get("law") or st.query_params.get("q") or ""


def _set_url(value: str) -> None:
    value = value.strip()
    is_key = bool(value) and common.parse_key(value) is not None
    common.update_url(law=value if is_key else None, q=value if value and not is_key else None, lang=common.lang())
    st.session_state[SEEN_KEY] = _url_query()


def _on_query() -> None:
    _set_url(st.session_state.get(QUERY_KEY) or "")


def open_key(key: str) -> None:
    """Callback: show another provision on this page (same session, no reload)."""
    st.session_state[QUERY_KEY] = str(key)
    _set_url(str(key))


def _sync_input() -> None:
    """The input follows the URL when the URL changed (a deep link, a link, a button)."""
    url = _url_query()
    if QUERY_KEY not in st.session_state or st.session_state.get(SEEN_KEY) != url:
        st.session_state[QUERY_KEY] = url
        st.session_state[SEEN_KEY] = url


def page() -> None:
    t = common.tr()
    st.title(t.gettext("Laws of Duplicate Bridge"), anchor=False)
    _sync_input()
    query = st.text_input(
        t.gettext("Provision or words"), key=QUERY_KEY, on_change=_on_query,
        placeholder=t.gettext("e.g. 27B1(a), artikel 16B1, Norma 8ª, or words such as: insufficient bid"))
    query = (query or "").strip()
    if not query:  # the help in words (a tooltip's icon is labelled in English by Streamlit)
        common.caption(t.gettext("A key in any usual form (27B1a, 27 B 1 a, Law 27B1(a), Artículo 27B1(a), artikel 16B1, "
                                 "Norma 8ª), or words to search for in the three texts."))
        _welcome(t)
        return
    key = common.parse_key(query)
    if key is None:
        _words(query, t)
        return
    show_provision(key, t)


def _welcome(t) -> None:
    st.markdown(t.gettext("Look up a provision by its key, or search the texts by words. Every cross-reference "
                          "is a link: point at it (or tap it) to preview the cited text."))
    st.caption(t.gettext("Examples:"))
    with st.container(horizontal=True, gap="small", key="read_examples"):  # a row that wraps: two lines on a phone
        for ex in EXAMPLES:
            st.button(ex, key=f"read_ex_{ex}", on_click=open_key, args=(ex,))
    st.subheader(t.gettext("The texts"), anchor=False)
    c = common.corpus()
    cards = []
    for pub in common.publications():  # a card each (a table of five columns breaks its words on a phone)
        n = sum(1 for _ in c.provisions(pub.lang))
        head = f"{common.lang_label(pub.lang, t)} · {common.publication_label(pub)}"  # its year and the edition it follows
        count = t.ngettext("{n} provision", "{n} provisions", n).format(n=n)
        cards.append(f"<li class='rb-text'><div><b>{common.esc(head)}</b> · {common.esc(count)}</div>"
                     f"<div class='rb-text-title'>{common.esc(pub.source_title)}</div></li>")
    common.show_html("<ul class='rb-texts'>" + "".join(cards) + "</ul>")
    st.caption(t.gettext("Each text is the official publication of its federation, shown verbatim; texts are "
                         "aligned by provision key, never translated."))


def _words(query: str, t) -> None:
    """A query that is not a key: search, if the search module is there."""
    from .search_page import render_results

    try:
        results = common.search(query, None, limit=10)  # the search guesses the language of the words
    except ValueError as e:  # graph.search.SearchError: the query cannot be searched, and why
        common.error(common.error_text(e, t))
        _suggestions([k.display for k in common.corpus().nearest(query)], t)
        return
    if not results:
        common.warning(t.gettext("Nothing found for “{text}”.").format(text=query))
        return
    render_results(results, t)


def _suggestions(keys: list[str], t, first: list[dict] = ()) -> None:
    """The nearest provisions as buttons; ``first``: links to put before them (:func:`_absent`)."""
    if not keys and not first:
        return
    st.caption(t.gettext("Nearest provisions:"))
    if first:
        common.show_html('<ul class="rb-bridges">' + "".join(
            f'<li><a class="rb-target" href="{common.esc(b["href"])}" target="_self" data-nav="1">'
            f'{common.esc(b["label"])}</a></li>' for b in first) + "</ul>")
    with st.container(horizontal=True, gap="small"):
        for k in keys[:6]:
            ed = common.edition_in(k)
            label = (f"{common.key_display(k)} · " + t.gettext("{edition} Laws").format(edition=ed)) if ed else k
            st.button(label, key=f"read_near_{k}", on_click=open_key, args=(k if ed else str(common.parse_key(k) or k),))


def _absent(key, data: dict, t) -> None:
    """A provision that no text of its edition holds (a 2017 key the corpus has no 2017 text of):
    information, not an error. The corresponding provisions of the other edition that a text holds
    come first, as links labelled as the other edition's text (never shown as this one's)."""
    ed = data["laws_edition"]
    common.set_title(key.display, t.gettext("Read the laws"))
    st.header(f"{key.display} · " + t.gettext("{edition} Laws").format(edition=ed), anchor=False)
    msg = t.gettext("No text in this app holds {key} of the {edition} Laws.").format(key=key.display, edition=ed)
    if data.get("cited_by"):
        msg += " " + t.gettext("It is cited by {citing}.").format(citing=", ".join(data["cited_by"]))
    bridges = common.bridges(key, ed, common.lang())
    if bridges:
        msg += " " + t.gettext("The corresponding provision of the other edition is below: it is that edition's text, "
                               "not the text of the {edition} Laws.").format(edition=ed)
    common.info(msg)
    rule = rule_links_html(trees_for(key, ed), ed, None, t)  # its ruling, whether or not a text of its edition holds it
    if rule:
        common.show_html(f"<div class='rb-rules'>{rule}</div>")
    shown = {f"{b['edition']}:{b['key']}" for b in bridges}
    _suggestions([k for k in data.get("suggestions") or [] if k not in shown], t, first=bridges)


def show_provision(key, t) -> None:
    from present import UserError
    from present.provision import show_data

    ui = common.lang()
    want = ui if ui in TEXT_LANGS else None
    asked = common.edition_in(st.query_params.get("law") or "")  # ?law=2007:16D: that edition of the Laws
    try:
        data = show_data(key, want, t, edition=asked)
    except UserError as e:
        if e.data.get("absent") and e.data.get("laws_edition"):
            _absent(key, e.data, t)
        else:
            common.error(e.message)
            _suggestions(e.data.get("suggestions") or [], t)
        return
    c = common.corpus()
    ed = data["laws_edition"]
    canonical = f"{asked}:{key}" if asked else str(key)
    if st.query_params.get("law") != canonical:
        common.update_url(law=canonical)
        st.session_state[SEEN_KEY] = canonical
    if data["provision"] is None:
        pub = {p.lang: p for p in common.publications()}[want]
        st.info(t.gettext("{key} is not in the {language} text ({publication}); shown in: {languages}.").format(
            key=key.display, language=language_name(want, ui, title=False),
            publication=common.publication_label(pub),
            languages=", ".join(common.lang_label(lg, t) for lg in data["available_langs"])))
        data = show_data(key, data["available_langs"][0], t, edition=ed)
    shown = data["lang"]
    p = c.get(key, shown, ed)

    crumbs = [common.law_link(common.parse_key(b["key"]), b["display"], shown, t) for b in data["breadcrumb"]]
    if crumbs:
        st.markdown('<div class="crumbs law-text">' + " › ".join(crumbs + [common.esc(key.display)]) + "</div>",
                    unsafe_allow_html=True)
    common.set_title(key.display, t.gettext("Read the laws"))
    st.header(key.display + (f" — {common.md(p.heading)}" if p.heading else ""), anchor=False)
    common.show_html(common.provision_html(p, t))  # the text first: on the first screen, sideways too
    st.markdown(f'<span class="pub-label">{common.esc(common.lang_label(shown, t))} · '
                f'{common.esc(common.pub_label(p))} · {common.esc(p.pub.source_title)}</span>', unsafe_allow_html=True)
    _edition_info(data, t)
    rule = rule_links_html(trees_for(key, ed), ed, p.pub.authority, t)  # its ruling, by the Laws its federation applies
    if rule:
        common.show_html(f"<div class='rb-rules'>{rule}</div>")

    left, right = st.columns(2)
    with left:
        _cites(data, t)
    with right:
        _cited_by(data, t)
    _concepts(key, t)
    _other_languages(key, data, t)
    b1, b2, _ = st.columns([1, 1, 2])
    if b1.button(t.gettext("Citation graph of {key}").format(key=key.display), key="read_to_graph", width="stretch"):
        common.switch_to("graph", law=canonical)
    if b2.button(t.gettext("Search for {key}").format(key=key.display), key="read_to_search", width="stretch"):
        common.switch_to("search", q=key.display)


def _cites(data, t) -> None:
    st.subheader(t.gettext("Cites"), anchor=False)
    if not data["cites"]:
        st.caption(t.gettext("This provision cites no other provision."))
        return
    lines = []
    for cit in data["cites"]:
        k = common.parse_key(cit["key"])
        absent = "" if cit["present"] else " " + common.esc(t.gettext("(absent)"))
        lines.append(f"<li>{common.law_link(k, cit['display'], cit['lang'], t)}{absent} "
                     f"<span class='pub-label'>«{common.esc(cit['words'])}» [{cit['lang']}]</span></li>")
    common.show_html("<ul>" + "".join(lines) + "</ul>")


def _cited_by(data, t) -> None:
    st.subheader(t.gettext("Cited by"), anchor=False)
    items = data["cited_by"]
    if not items and not data["cited_by_through_children"]:
        st.caption(t.gettext("No provision cites this one."))
        return
    lines = []
    for cit in items:
        k = common.parse_key(cit["key"])
        lines.append(f"<li>{common.law_link(k, cit['display'], cit['lang'], t)} "
                     f"<span class='pub-label'>«{common.esc(cit['words'])}» [{cit['lang']}]</span></li>")
    if lines:
        common.show_html("<ul>" + "".join(lines) + "</ul>")
    through = data["cited_by_through_children"]
    if through:
        links = ", ".join(
            common.law_link(common.parse_key(x["key"]), x["display"], x["lang"], t)
            + f" → {common.esc(common.key_display(x['target']))}" for x in through)
        intro = t.gettext("Cited through its parts by:")
        common.show_html(f"<p class='pub-label'>{common.esc(intro)} {links}</p>")


def _concepts(key, t) -> None:
    g = common.glossary()
    ids = g.about(key)
    if not ids:
        return
    ui = common.lang()
    links = []
    for cid in ids:
        concept = g.get(cid)
        label = concept.label(ui) or concept.label("en")
        links.append(common.page_link_html("glossary", label, term=cid))
    intro = t.gettext("Glossary concepts used here:")
    common.show_html(f"<p class='pub-label'>{common.esc(intro)} "
                     + " · ".join(links) + "</p>")


def _other_languages(key, data, t) -> None:
    c = common.corpus()
    pubs = {p.lang: p for p in common.publications()}
    others = [lg for lg in TEXT_LANGS if lg != data["lang"]]
    st.subheader(t.gettext("In the other texts"), anchor=False)
    absent = t.gettext("Not in this language’s text.")
    cols = st.columns(len(others))
    for col, lg in zip(cols, others):
        pub = pubs[lg]
        with col:
            with st.container(border=True):
                st.markdown(f"**{common.esc(common.lang_label(lg, t))}** · {common.esc(common.publication_label(pub))}")
                op = c.get(key, lg, data["laws_edition"])  # the same provision: the same edition only
                if op is None:
                    st.markdown(f'<span class="law-absent">{common.esc(absent)}</span>', unsafe_allow_html=True)
                    continue
                if op.heading:
                    st.markdown(f"*{common.esc(op.heading)}*")
                common.show_html(common.provision_html(op, t))


def _edition_info(data, t) -> None:
    """Which edition of the Laws this text follows, and the corresponding provisions of the other
    edition (from the correspondence table), labelled with their edition and status."""
    from present.provision import correspondence_text, edition_line

    line = common.esc(edition_line(data, t))
    corr = data.get("corresponds") or []
    if corr:
        other = data["other_edition"]["laws_edition"]
        items = []
        for x in corr:
            label = common.esc(correspondence_text(x, t))
            if x["key"] and x["present"]:
                label = (f'<a class="xref" href="{common.esc(common.law_href(x["key"], edition=x["laws_edition"]))}" '
                         f'target="_self">{label}</a>')
            items.append(label)
        line += "<br>" + common.esc(t.gettext("In the {edition} Laws: {list}").format(edition=other, list="")) + "; ".join(items)
    common.show_html(f'<p class="pub-label">{line}</p>')
