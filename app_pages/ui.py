"""Text on the page: escaped for HTML (:func:`esc`) or for Markdown (:func:`md`, whatever holds
user input), the messages (error, warning, info, caption), an HTML block, the browser tab's title."""
from __future__ import annotations

import html
import re

import streamlit as st

# Every ASCII punctuation character may be backslash-escaped in CommonMark; escaping them all
# leaves no link, image, emphasis, HTML, directive (``:red[...]``), emoji shortcode or autolink
# (``https\://evil\.example``) for Streamlit's Markdown to find.
_MD_SPECIAL = re.compile(r"([!\"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~])")
_AUTOLINK = re.compile(r"(?i)(?::/|\bwww\.|@)")


def esc(s: str) -> str:
    """Text for HTML: ``<``, ``>``, ``&`` and quotes escaped."""
    return html.escape(s or "", quote=True)


def md(s) -> str:
    r"""Text for Markdown (``st.error``, ``st.markdown``, labels): shown exactly as written, never
    as a link, emphasis or HTML. The one escaping helper for whatever contains user input.

    >>> print(md("[Login expired, click here](https://evil.example/login)").replace("\u2060", "|"))
    \[Login expired\, click here\]\(https\:|\/\/evil\.example\/login\)
    """
    text = str(s or "")
    # GFM finds autolinks (https://…, www.…, name@host) after the escapes are gone: a word joiner
    # (U+2060, invisible) keeps them apart
    text = _AUTOLINK.sub(lambda m: m[0][:-1] + "\u2060" + m[0][-1], text)
    return "  \n".join(_MD_SPECIAL.sub(r"\\\1", line) for line in text.split("\n"))


def error(msg) -> None:
    """``st.error`` of a plain-text message (user input inside it shown as typed)."""
    st.error(md(msg))


def warning(msg, where=None) -> None:
    (where or st).warning(md(msg))


def info(msg) -> None:
    st.info(md(msg))


def caption(msg) -> None:
    st.caption(md(msg))


def show_html(body: str) -> None:
    """Render an HTML block (no blank line inside, so that Markdown leaves it alone)."""
    st.markdown(f'<div class="law-text">{body}</div>'.replace("\n", " "), unsafe_allow_html=True)


def table(rows: list[dict]) -> None:
    """A small table (the keys of the first row are its columns) as escaped HTML that wraps to the
    screen: never wider than a phone, and none of ``st.dataframe``'s English toolbar."""
    st.markdown(table_html(rows), unsafe_allow_html=True)


def table_html(rows: list[dict]) -> str:
    """
    >>> table_html([{"Call": "<b>1♥</b>", "#": 2}])
    '<table class="rb-table"><thead><tr><th>Call</th><th>#</th></tr></thead><tbody><tr><td>&lt;b&gt;1♥&lt;/b&gt;</td><td class="rb-num">2</td></tr></tbody></table>'
    """
    if not rows:
        return ""
    cols = list(rows[0])
    cell = lambda v: (f'<td class="rb-num">{esc(str(v))}</td>' if isinstance(v, (int, float))  # noqa: E731
                      else f"<td>{esc(str(v))}</td>")
    return ('<table class="rb-table"><thead><tr>' + "".join(f"<th>{esc(str(c))}</th>" for c in cols) + "</tr></thead><tbody>"
            + "".join("<tr>" + "".join(cell(r.get(c, "")) for c in cols) + "</tr>" for r in rows) + "</tbody></table>")


def set_title(*parts) -> None:
    """The browser tab's title: ``16B1 · Read the laws · bridge-rulebook``."""
    title = " · ".join([str(p) for p in parts if p] + ["bridge-rulebook"])
    st.set_page_config(page_title=title)
