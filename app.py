"""bridge-rulebook, the Streamlit app: look up a provision, follow its cross-references, step
through a ruling, practise rulings, explore the citation graph, search, the glossary and the
score of a board, in English, Spanish, Dutch and Italian.

Run with ``python3 run.py app``. The pages are functions in :mod:`app_pages`; this file is the
frame around them: the interface language (``?lang=``, else the one picked, else the
browser's), the language picker, ``st.navigation``, links followed in place
(:func:`app_pages.common.follow_link`) and a "not found" page for an unknown path. Deep links:
``?lang=nl&law=16B1`` opens Law 16B1 in Dutch; ``ruling?dealer=N&auction=1H+1D+TD`` starts a ruling.
"""
from __future__ import annotations

import streamlit as st

from app_pages import common
from app_pages.glossary_page import page as glossary_page
from app_pages.graph_page import page as graph_page
from app_pages.pbn_page import page as pbn_page
from app_pages.practice_page import page as practice_page
from app_pages.read_page import page as read_page
from app_pages.ruling_page import page as ruling_page
from app_pages.score_page import page as score_page
from app_pages.search_page import page as search_page

PAGE_FUNCTIONS = {"read": read_page, "ruling": ruling_page, "practice": practice_page, "search": search_page,
                  "graph": graph_page, "glossary": glossary_page, "score": score_page, "pbn": pbn_page}


def main() -> None:
    common.init_lang()
    t = common.tr()
    st.set_page_config(page_title=t.gettext("Laws of Duplicate Bridge"), page_icon=":material/gavel:", layout="wide",
                       menu_items={"Get help": None, "Report a bug": None, "About": None})
    st.html(common.CSS)
    common.begin_run()
    pages = {pid: st.Page(common.with_url_memory(pid, fn), title=t.gettext(common.PAGE_TITLES[pid]),
                          icon=common.PAGE_ICONS[pid], url_path=pid, default=(pid == "read"))
             for pid, fn in PAGE_FUNCTIONS.items()}
    common.register_pages(pages)
    nav, not_found = common.navigation(pages)
    current = next((pid for pid, p in pages.items() if p is nav), None)
    common.follow_link(pages, current)
    common.language_picker()
    st.sidebar.caption(t.gettext("Spanish text: AEB 2007 · Dutch text: NBB 2017 · Italian text: FIGB 2017"))
    try:
        if not_found:
            common.not_found_page(t)
        else:
            common.set_title(t.gettext(common.PAGE_TITLES[current]) if current else None)
            nav.run()
    finally:
        common.mount_nav()


main()
