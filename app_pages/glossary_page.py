"""Glossary: the concepts of the Laws side by side in four languages, each term as its country's
official text writes it (a term the text does not use is marked as usual, not official), with
the definition and the provisions where the concept is used, a card per concept (a phone
shows it whole). Calls :mod:`graph.glossary`.

Deep link: ``glossary?term=OI`` (a term in any language, or a concept id).
"""
from __future__ import annotations

import streamlit as st

from graph import glossary as Gl
from laws.corpus import LANGS as TEXT_LANGS

from . import common

TERM_KEY, SEEN_KEY = "gl_term", "_gl_url"
COLUMNS = ("en",) + TEXT_LANGS


def _on_term() -> None:
    v = (st.session_state.get(TERM_KEY) or "").strip()
    common.update_url(term=v or None)
    st.session_state[SEEN_KEY] = v


def _cell(d: dict, lg: str, t) -> str:
    lab = d["labels"].get(lg)
    if not lab:
        none = t.gettext("no term in this text")
        return f'<span class="law-absent">{common.esc(none)}</span>'
    if lg == "en":
        out = f"<b>{common.esc(lab['label'])}</b>"
        if lab.get("alt"):
            out += f"<br><span class='pub-label'>{common.esc(', '.join(lab['alt']))}</span>"
        return out
    if lab.get("official"):
        out = f"<b>{common.esc(lab['label'])}</b>"
    else:
        why = t.gettext("This text does not use the term: the usual one is given.")
        usual = t.gettext("usual, not in the official text")
        out = (f"<i>{common.esc(lab['label'])}</i> <span class='pub-label' title=\"{common.esc(why)}\">"
               f"({common.esc(usual)})</span>")
    alts = list(lab.get("alt") or [])
    if alts:
        out += f"<br><span class='pub-label'>{common.esc(', '.join(alts))}</span>"
    if lab.get("unofficial"):
        also = t.gettext("also said:")
        out += (f"<br><span class='pub-label'><i>{common.esc(also)} "
                f"{common.esc(', '.join(lab['unofficial']))}</i></span>")
    return out


SHOWN = 6  # provisions listed before the rest are folded away


def _provisions(d: dict, t) -> str:
    links = []
    for p in d["provisions"]:
        k = common.parse_key(p["key"])
        if k is None:
            continue
        langs = p["langs"]
        link = common.law_link(k, p["display"], langs[0] if langs else None, t)
        if langs:
            link += f"<sup class='pub-label'>{' '.join(langs)}</sup>"
        links.append(link)
    if len(links) <= SHOWN + 1:
        return ", ".join(links) or "—"
    more = t.ngettext("{n} more", "{n} more", len(links) - SHOWN).format(n=len(links) - SHOWN)
    return (", ".join(links[:SHOWN]) + f"<details><summary>{common.esc(more)}</summary>"
            + ", ".join(links[SHOWN:]) + "</details>")


@st.cache_data(show_spinner=False, max_entries=64)
def _cards(ids: tuple, lang: str) -> str:
    """The HTML cards of the concepts ``ids`` in interface language ``lang`` (cached: the
    glossary and the texts do not change while the app runs)."""
    from i18n import translator

    g = common.glossary()
    return concepts_html([g.get(i) for i in ids], translator(lang))


def concepts_html(concepts, t) -> str:
    """A card per concept: its term in each language (a grid that folds to the screen's width),
    the definition, the provisions where it is used. Never wider than the screen."""
    g = common.glossary()
    provisions = t.gettext("Provisions")
    cards = []
    for c in concepts:
        d = Gl.to_dict(g, c, t)
        terms = "".join(f"<div><div class='gl-lang'>{common.esc(common.lang_label(lg, t))}</div>{_cell(d, lg, t)}</div>"
                        for lg in COLUMNS)
        note = f"<br><span class='pub-label'>{common.esc(d['note'])}</span>" if d.get("note") else ""
        cards.append(f"<section class='gl-card' id='{common.esc(c.id)}'><div class='gl-terms'>{terms}</div>"
                     f"<div class='gl-def'>{common.esc(d['definition'])}{note}</div>"
                     f"<div><span class='gl-lang'>{common.esc(provisions)}</span> {_provisions(d, t)}</div></section>")
    return "".join(cards)


def page() -> None:
    t = common.tr()
    common.set_title((st.query_params.get("term") or "")[:40] or None, t.gettext("Glossary"))
    st.title(t.gettext("Glossary"), anchor=False)
    url = st.query_params.get("term") or ""
    if TERM_KEY not in st.session_state or st.session_state.get(SEEN_KEY) != url:
        st.session_state[TERM_KEY] = url
        st.session_state[SEEN_KEY] = url
    g = common.glossary()
    term = st.text_input(t.gettext("Term, in any of the four languages"), key=TERM_KEY, on_change=_on_term,
                         live=True, placeholder=t.gettext("e.g. OI, LT, onvoldoende bod, surcontro"))
    common.caption(t.gettext("Each term as its country's official text writes it ({texts}). A term in italics is the "
                             "usual one, where the text has none.").format(texts=common.texts_line(t, "; ")))
    term = (term or "").strip()
    if term:
        concepts = g.lookup(term)
        if not concepts:
            e = Gl.TermNotFound(term, g.suggestions(term))
            msg = t.gettext(e.msgid).format(term=term)
            if e.suggestions:
                labels = ", ".join(g.get(s).label(common.lang()) or g.get(s).en for s in e.suggestions)
                msg += " " + t.gettext("Did you mean: {terms}?").format(terms=labels)
            common.error(msg)
            return
    else:
        concepts = list(g)
    st.caption(t.ngettext("{n} concept", "{n} concepts", len(concepts)).format(n=len(concepts)))
    common.show_html(_cards(tuple(c.id for c in concepts), t.lang))
