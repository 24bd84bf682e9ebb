"""bridge-rulebook, the Streamlit app (first page: look up a provision).

Run with ``python3 run.py app``. The full app (ruling assistant, graph, search, glossary,
score) is built on the same calls into ``laws`` and ``graph``.
"""
from __future__ import annotations

import streamlit as st

from i18n import LANGS, language_name, normalize_lang, translator
from laws import keys as K
from laws.corpus import load


@st.cache_resource
def corpus():
    return load()


def main() -> None:
    params = st.query_params
    lang = normalize_lang(params.get("lang") or "en")
    lang = st.sidebar.selectbox(
        "🌐", LANGS, index=LANGS.index(lang), format_func=lambda c: language_name(c, c))
    t = translator(lang)
    st.title(t.gettext("Laws of Duplicate Bridge"))
    st.caption(t.gettext("Spanish text: AEB 2007 · Dutch text: NBB 2017 · Italian text: FIGB 2017"))
    c = corpus()
    query = st.text_input(t.gettext("Provision (e.g. 27B1(a))"), value=params.get("law") or "")
    if not query:
        return
    try:
        key = K.parse_key(query)
    except K.KeyError_:
        key = None
    if key is None or not c.has(key):
        near = ", ".join(k.display for k in c.nearest(query))
        st.error(t.gettext("{text} is not in the corpus. Nearest: {near}").format(text=query, near=near))
        return
    st.query_params.update({"lang": lang, "law": str(key)})
    for lg in ("es", "nl", "it"):
        p = c.get(key, lg)
        if p is None:
            st.info(t.gettext("{key}: not in the {language} text").format(key=key.display, language=language_name(lg, lang, title=False)))
            continue
        st.subheader(f"{key.display} · {p.pub.authority} {p.pub.edition} ({language_name(lg, lang)})")
        if p.heading:
            st.markdown(f"**{p.heading}**")
        for para in p.own_text.split("\n"):
            if para:
                st.write(para)
        for d in c.descendants(key, lg):
            st.markdown(f"**{d.key.display}** {d.heading or ''}")
            for para in d.own_text.split("\n"):
                if para:
                    st.write(para)


main()
