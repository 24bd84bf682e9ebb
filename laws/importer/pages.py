"""Reading a saved page: its bytes to text (UTF-8, else Latin-1 / Windows-1252), HTML to lines, and
the language it is written in.

A page saved from a federation's site is either the HTML or the text a browser shows. HTML is
turned into the lines a reader sees, the way the text form of the same page has them: a block per
line, list items with their marker (``-`` for an unordered item, the number or letter its ordered
list gives it, indented two spaces per level), the contents of ``script``, ``style``, ``noscript``,
``template`` and ``head`` dropped and counted. Each line keeps the line of the file it came from.
"""
from __future__ import annotations

import re
import string
import unicodedata
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from .. import keys as K


class PageError(ValueError):
    """A page that cannot be read as a law text: ``file``, ``message`` and the ``fix``."""

    def __init__(self, file, message: str, fix: str = "", line: int | None = None):
        self.file, self.message, self.fix, self.line = str(file), message, fix, line
        super().__init__(f"{file}: {message}" + (f" ({fix})" if fix else ""))


@dataclass
class Line:
    no: int          # the line of the file it came from
    raw: str         # as read (leading spaces kept: they are list indentation)

    @property
    def text(self) -> str:
        return self.raw.replace("\u00a0", " ").strip()

    @property
    def indent(self) -> int:
        s = self.raw.replace("\u00a0", " ")
        return len(s) - len(s.lstrip(" "))


@dataclass
class Page:
    file: str
    lines: list
    encoding: str = "utf-8"
    html: bool = False
    dropped: dict = field(default_factory=dict)   # element -> how many were dropped (script, style...)
    starts: frozenset = frozenset()   # the lines where another saved file begins (pages read together)


# -- bytes to text --------------------------------------------------------------------------------
def decode(data: bytes, file: str = "") -> tuple[str, str]:
    """``(text, encoding)``: UTF-8 (with or without BOM), else Windows-1252 / Latin-1; anything else
    (UTF-16, a binary file, a PDF) is a :class:`PageError`."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    if b"\x00" in data or data.startswith((b"%PDF", b"PK\x03\x04", b"\xff\xfe", b"\xfe\xff")):
        raise PageError(file, "neither UTF-8 nor Latin-1 text (a binary file, a PDF or UTF-16?)",
                        "save the page from the browser as HTML or text, in UTF-8")
    try:
        text, enc = data.decode("cp1252"), "windows-1252"
    except UnicodeDecodeError:
        text, enc = data.decode("latin-1"), "latin-1"
    controls = sum(1 for ch in text if unicodedata.category(ch) == "Cc" and ch not in "\t\n\r\f")
    if controls > max(2, len(text) // 200):
        raise PageError(file, f"neither UTF-8 nor Latin-1 text ({controls} control characters)",
                        "save the page from the browser as HTML or text, in UTF-8")
    return text, enc


# -- HTML to lines --------------------------------------------------------------------------------
_DROP = {"script", "style", "noscript", "template", "head", "svg", "iframe", "object"}
_BLOCK = {"p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "li", "tr", "table", "ul", "ol", "section", "article",
          "blockquote", "dt", "dd", "dl", "pre", "header", "footer", "nav", "aside", "main", "form", "hr", "center",
          "address", "figure", "figcaption", "caption", "tbody", "thead"}
_VOID = {"br", "img", "hr", "meta", "link", "input", "wbr", "area", "base", "col", "embed", "source", "track"}


def _marker(kind: str, n: int) -> str:
    if kind in ("a", "A"):
        s = string.ascii_lowercase[(n - 1) % 26]
        return (s.upper() if kind == "A" else s) + "."
    if kind in ("i", "I"):
        s = K.ROMANS[(n - 1) % len(K.ROMANS)]
        return (s.upper() if kind == "I" else s) + "."
    return f"{n}."


class _Lines(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out: list[tuple[int, str]] = []
        self.buf: list[str] = []
        self.buf_line = 1
        self.drop = 0
        self.dropped: dict = {}
        self.lists: list[list] = []   # [kind, counter]
        self.prefix = ""

    def flush(self):
        s = "".join(self.buf)
        self.buf = []
        if s.strip():
            self.out.append((self.buf_line, self.prefix + re.sub(r"[ \t\r\n\f]+", " ", s).strip()))
        elif self.prefix:  # an empty list item is a part of its own (its items follow)
            self.out.append((self.buf_line, self.prefix.rstrip()))
        elif "\u00a0" in s:  # an empty paragraph (&nbsp;): a separator some sites put between articles
            self.out.append((self.buf_line, "\u00a0"))
        self.prefix = ""

    def handle_starttag(self, tag, attrs):
        if tag in _DROP:
            if self.drop == 0:
                self.flush()
            self.drop += 1
            self.dropped[tag] = self.dropped.get(tag, 0) + 1
            return
        if self.drop:
            return
        if tag == "br":
            self.flush()
            return
        if tag in _BLOCK:
            self.flush()
        if tag in ("ul", "ol"):
            a = dict(attrs)
            kind = "-" if tag == "ul" else (a.get("type") or "1")
            start = int(a["start"]) - 1 if tag == "ol" and str(a.get("start", "")).isdigit() else 0
            self.lists.append([kind, start])
        elif tag == "li":
            depth = len(self.lists)
            if self.lists:
                lst = self.lists[-1]
                lst[1] += 1
                mark = "-" if lst[0] == "-" else _marker(lst[0], lst[1])
            else:
                mark = "-"
            self.prefix = "  " * depth + mark + " "
        if tag in ("td", "th"):
            self.buf.append(" ")
        if not self.buf:
            self.buf_line = self.getpos()[0]

    def handle_endtag(self, tag):
        if tag in _DROP:
            self.drop = max(self.drop - 1, 0)
            return
        if self.drop:
            return
        if tag in _BLOCK:
            self.flush()
        if tag in ("ul", "ol") and self.lists:
            self.lists.pop()

    def handle_startendtag(self, tag, attrs):
        if tag == "br" and not self.drop:
            self.flush()

    def handle_data(self, data):
        if self.drop:
            return
        if not self.buf:
            self.buf_line = self.getpos()[0]
        self.buf.append(data)


def is_html(text: str) -> bool:
    head = text[:4000].lower()
    return bool(re.search(r"<!doctype html|<html[\s>]|<body[\s>]|<(p|div|h[1-6]|li|table|span)[\s>]", head))


def html_lines(text: str) -> tuple[list[Line], dict]:
    p = _Lines()
    p.feed(text)
    p.close()
    p.flush()
    return [Line(no, raw) for no, raw in p.out], p.dropped


def read_page(path) -> Page:
    """The lines of a saved page (HTML or text)."""
    f = Path(path)
    try:
        data = f.read_bytes()
    except FileNotFoundError:
        raise PageError(f, "no such file", "give the path of a page saved from the federation's site") from None
    except IsADirectoryError:
        raise PageError(f, "a folder, not a page", "give the saved page's file") from None
    except OSError as e:
        raise PageError(f, f"cannot be read ({e.strerror})") from None
    text, enc = decode(data, str(f))
    if is_html(text):
        lines, dropped = html_lines(text)
        return Page(str(f), lines, enc, True, dropped)
    lines = [Line(i, raw.rstrip("\r")) for i, raw in enumerate(text.split("\n"), 1)]
    return Page(str(f), lines, enc)


# -- the language of a page -----------------------------------------------------------------------
_WORDS = {
    "es": "el la los las de del que y en un una por con para se su al es lo como más pero sus le ya o este sí "
          "porque esta entre cuando muy sin sobre también hasta hay donde quien desde todo nos durante "
          "voz jugador árbitro subasta bando compañero puede debe",
    "nl": "de het een en van in is dat op te zijn met voor niet aan er die om ook als bij of door hij maar "
          "wordt worden zijn dan wanneer mag moet speler wedstrijdleider bieding partij",
    "it": "il lo la i gli le di del della che e in un una per con non da dei delle al alla si è come più "
          "anche sono nel nella questo quando giocatore arbitro licita chiamata colpevole deve può",
    "en": "the of and to in a is that for it as with be by on not this are or his an at which from "
          "player director call shall may when if any",
    "fr": "le la les de des du et en un une est que qui pour dans par sur pas au aux il elle joueur arbitre "
          "enchère peut doit",
    "de": "der die das und in den von zu mit ist des sich nicht auf für dem ein eine als auch es an "
          "spieler turnierleiter gebot kann muss",
}
_SETS = {lg: set(w.split()) for lg, w in _WORDS.items()}


def language(text: str) -> tuple[str | None, dict]:
    """The language a text is most likely written in, and each language's share of its words that are
    among that language's commonest (None: too few words to say)."""
    words = re.findall(r"[a-zà-ÿ]+", text.lower())
    if len(words) < 30:
        return None, {}
    scores = {lg: sum(1 for w in words if w in s) / len(words) for lg, s in _SETS.items()}
    best = max(scores, key=scores.get)
    return best, scores
