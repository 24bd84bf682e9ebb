"""The pages of the Streamlit app and the frame around them (``app.py`` lists the pages).

One module per page (``*_page.py``), each with a ``page()`` function; :mod:`app_pages.nav` is the
frame (the page the URL names, the bar, the URL state), :mod:`app_pages.server` the app's web
server around Streamlit's, and :mod:`app_pages.common` the names the pages share (each lives in
the module of its topic: ui, lang, resources, links, edition, browser). Every page is a few calls
into :mod:`laws`, :mod:`graph` and the neutral module :mod:`present` (shared with the CLI); no law
logic lives here. The scripts and styles of the browser are static files (``app_pages/static/``).

The package is not called ``pages/``: Streamlit would take a ``pages/`` directory next to
``app.py`` for its file-based navigation. See ``docs/guide/app.rst``.
"""
