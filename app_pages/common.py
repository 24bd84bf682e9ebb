"""What the pages share, in one import (``from . import common``): each name lives in the
module of its topic.

- :mod:`app_pages.ui`: text escaped for HTML or Markdown, messages, the browser tab's title;
- :mod:`app_pages.lang`: the interface language, its translator and notation, translated widgets;
- :mod:`app_pages.resources`: the corpus, graph, glossary, trees and search index, loaded once;
- :mod:`app_pages.links`: keys, links to provisions with their previews, law texts as HTML;
- :mod:`app_pages.nav`: the pages, the URL, the bar; :mod:`app_pages.browser`: the app's scripts.
"""
from __future__ import annotations

from .browser import scroll_to
from .lang import keep, lang, lang_label, notation, tr, widget_key
from .links import (bridges, edition_in, key_display, law_href, law_link, page_href, page_link_html, parse_key, preview,
                    preview_data, provision_html, pub_label, publication_label, seat, text_edition, texts_line)
from .nav import set_url, switch_to, update_url
from .resources import citation_graph, corpus, error_text, glossary, publications, search, trees
from .ui import caption, error, esc, info, md, set_title, show_html, table, warning

__all__ = ["scroll_to", "keep", "lang", "lang_label", "notation", "tr", "widget_key", "bridges", "edition_in", "key_display",
           "law_href", "law_link", "page_href", "page_link_html", "parse_key", "preview", "preview_data",
           "provision_html", "pub_label", "publication_label", "seat", "text_edition", "texts_line", "set_url", "switch_to", "update_url",
           "citation_graph", "corpus", "error_text", "glossary", "publications", "search", "trees", "caption", "error", "esc", "info",
           "md", "set_title", "show_html", "table", "warning"]
