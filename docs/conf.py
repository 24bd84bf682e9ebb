"""Sphinx configuration shared by the four sites (es, nl, it, en); the language comes from the
command line (``-D language=es``), as ``docs/build.py`` runs it. The sources are generated from
the knowledge base by ``docs/sources.py``; titles and the search language are set per language
by the ``rulebook_law`` extension (``docs/_ext``)."""
from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
for p in (str(ROOT), str(DOCS / "_ext")):
    if p not in sys.path:
        sys.path.insert(0, p)

project = "bridge-rulebook"
author = "bridge-rulebook"
copyright = "bridge-rulebook (code); the law texts belong to their federations (AEB, NBB, FIGB)"
language = "en"
extensions = ["sphinx.ext.graphviz", "sphinx.ext.autodoc", "rulebook_law"]
# The reference (docs/guide/, English site) shows some modules' docstrings where they are the one place a format
# is written down (``.. automodule:: laws.notation``). Their Python cross-references (:func:`reading`) are not a
# published API: they render as code, unresolved without a warning; every other reference stays strict.
nitpick_ignore_regex = [(r"py:.*", r".*")]
# Every site has the same pages: the index of provisions, not a Python module index (only the English guide shows
# modules, and a page only one site has would break the language switcher).
html_domain_indices = ["law-provisions"]
root_doc = "index"
exclude_patterns: list[str] = []
templates_path = [str(DOCS / "_templates")]
html_static_path = [str(DOCS / "_static")]

# the official texts are inserted verbatim: no typographic rewriting of their quotes and dashes
smartquotes = False
nitpicky = True

html_theme = "alabaster"
html_theme_options = {
    "show_powered_by": False,
    "show_relbars": True,
    "sidebar_width": "230px",
    "page_width": "1100px",
    "font_family": "'DejaVu Serif', Georgia, serif",
    "head_font_family": "'DejaVu Sans', Helvetica, Arial, sans-serif",
}
html_sidebars = {"**": ["languages.html", "searchbox.html", "navigation.html", "relations.html"]}
html_show_sphinx = False
html_show_sourcelink = False
html_copy_source = False
html_last_updated_fmt = None
html_use_opensearch = ""

graphviz_output_format = "svg"
graphviz_dot_args = ["-Gfontname=DejaVu Sans", "-Nfontname=DejaVu Sans", "-Efontname=DejaVu Sans"]


# -- site search -----------------------------------------------------------------------------------------
# Sphinx's searchtools.js counts the results with Documentation.ngettext, which indexes the catalog's
# (singular, plural) pair with the language's plural expression. Sphinx's Dutch catalog gives "(n != 1)",
# a boolean, and leaves the pair empty: translated[true] is undefined and `.replace` threw a TypeError on
# every query (the result count never appeared). rulebook.js makes ngettext index with a number and fall
# back to a non-empty string; the result count itself comes from our own catalog (the docs domain).
from i18n import N_  # noqa: E402  (sys.path is set above)

# What the site's language does not hold is folded: in the navigation, the toctree of the other texts'
# laws; in the index of provisions, the entries "not in this language's text" (rulebook.js).
FOLD_CAPTIONS = (N_("Laws and regulations in the other texts"),)
NOT_HERE = N_("not in this language's text")
SHOW_FOLDED = N_("Show the {n} provisions of the other texts")
HIDE_FOLDED = N_("Hide the provisions of the other texts")

SEARCH_MESSAGES = (
    (N_("Search finished, found one page matching the search query."),
     N_("Search finished, found ${resultCount} pages matching the search query.")),
)


def _search_messages(app, pagename, templatename, context, doctree) -> None:
    import json

    from i18n import translator

    t = translator(app.config.language or "en")
    msgs = {one: [t.gettext(one), t.gettext(many)] for one, many in SEARCH_MESSAGES}
    context["rulebook_search_messages"] = json.dumps(msgs, ensure_ascii=False).replace("</", "<\\/")
    fold = {"captions": [t.gettext(c) for c in FOLD_CAPTIONS], "absent": t.gettext(NOT_HERE),
            "show": t.gettext(SHOW_FOLDED), "hide": t.gettext(HIDE_FOLDED)}
    context["rulebook_fold"] = json.dumps(fold, ensure_ascii=False).replace("</", "<\\/")


def setup(app):
    app.connect("html-page-context", _search_messages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
