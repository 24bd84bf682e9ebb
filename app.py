"""bridge-rulebook, the Streamlit app: look up a provision, follow its cross-references, step
through a ruling, practise rulings, explore the citation graph, search, the glossary and the
score of a board, in English, Spanish, Dutch and Italian.

Run with ``python3 run.py app`` (``streamlit run app.py``). This file is two things:

- **the script** Streamlit runs for every session (``__name__ == "__main__"``): the pages, each a
  function of a module of :mod:`app_pages`, drawn in the frame of :func:`app_pages.nav.run` (the
  interface language, the navigation bar, the page the URL names: ``/?page=ruling&...``);
- **the server** ``streamlit run`` finds here (``app = st.App(...)``): Streamlit's, with the app's
  static files and its deep links (``/ruling?dealer=N&auction=1H+1D+TD``, ``/?lang=nl&law=16B1``),
  see :mod:`app_pages.server`.

A page is registered with one line of ``PAGES``: its id (its path), its function, its title and
short name in the bar (msgids of the ``app`` domain, the short name in the context "bar"), its icon
(a Material Symbols name) and the query parameters that are its state.
"""
from __future__ import annotations

import streamlit as st

if __name__ == "__main__":
    from i18n import N_
    from app_pages import nav
    from app_pages import (glossary_page, graph_page, pbn_page, practice_page, read_page, ruling_page, score_page,
                           search_page)

    PAGES = [
        nav.Page("read", read_page.page, N_("Read the laws"), nav.pgettext("bar", "Read"), "menu_book", ("law", "q")),
        nav.Page("ruling", ruling_page.page, N_("Ruling assistant"), nav.pgettext("bar", "Rule"), "gavel",
                 ("dealer", "auction", "tree", "fact", "edition")),
        nav.Page("practice", practice_page.page, N_("Practice"), nav.pgettext("bar", "Practice"), "school", ("source",)),
        nav.Page("search", search_page.page, N_("Search"), nav.pgettext("bar", "Search"), "search", ("q",)),
        nav.Page("glossary", glossary_page.page, N_("Glossary"), nav.pgettext("bar", "Glossary"), "translate", ("term",)),
        nav.Page("score", score_page.page, N_("Score"), nav.pgettext("bar", "Score"), "calculate",
                 ("result", "vul", "adjust", "against", "adjust_vul", "tab")),
        nav.Page("graph", graph_page.page, N_("Citation graph"), nav.pgettext("bar", "Graph"), "hub", ("law", "depth", "to")),
        nav.Page("pbn", pbn_page.page, pbn_page.TITLE, nav.pgettext("bar", "PBN"), "table_view", ("show",)),
    ]
    nav.run(PAGES)
else:
    from app_pages import server

    app = st.App(__file__, routes=server.routes(), middleware=server.middleware(), lifespan=server.lifespan)
