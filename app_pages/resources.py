"""What the app loads once per process and shares between sessions: the corpus, the citation
graph, the glossary, the decision trees, the search index; and the search itself."""
from __future__ import annotations

import streamlit as st


@st.cache_resource(show_spinner=False)
def corpus():
    from laws.corpus import load

    return load()


@st.cache_resource(show_spinner=False)
def publications() -> tuple:
    """The corpus's publications (computed once: the corpus does not change while the app runs)."""
    return tuple(corpus().publications())


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


def trees(edition: str | None = None) -> dict:
    """The decision trees of an edition (by default the engine's default edition), by id
    (:func:`laws.rulings.trees.trees` loads each edition once per process)."""
    from laws.rulings import trees as R

    return R.trees(edition)


@st.cache_resource(show_spinner=False)
def search_index():
    """The search index of :mod:`graph.search`, opened once per process and read whole into memory
    (:func:`graph.search.warm`: built first if no current one is stored), so that every search,
    the first one included, is in-process work only. The server's warm start
    (:func:`app_pages.server.warm`) calls it before the first reader comes."""
    from graph.search import warm

    return warm()


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
