"""The pages of the Streamlit app (``app.py`` builds ``st.navigation`` from them).

One module per page, each with a ``page()`` function; :mod:`app_pages.common` holds what they
share: the interface language, the resources loaded once per process (corpus, citation graph,
glossary, search index), links to provisions and the rendering of law texts with their
cross-references. Every page is a few calls into :mod:`laws`, :mod:`graph` and the neutral
module :mod:`present` (shared with the CLI); no law logic lives here.

The package is not called ``pages/``: Streamlit would take a ``pages/`` directory next to
``app.py`` for its file-based navigation.
"""
