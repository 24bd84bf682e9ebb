"""What a search returns: :class:`Hit` (one provision, in the query's language when its text is
there), :class:`Results` (the hits and how the query was read), and each hit's snippet: a window of
the provision's text around the words that matched, marked «like this».

``--json`` rows (:meth:`Hit.to_dict`): ``key``, ``display``, ``lang``, ``langs``, ``score``,
``snippet``, ``via`` (:data:`VIAS`), ``heading``, ``section``, ``authority``, ``edition`` (the
publication's year), ``laws_edition`` (the WBF edition), ``qualified`` (``2007:27B1a``),
``concepts``, and where they apply ``through``, ``status``, ``situation``, ``editions`` (the same
provision in the other edition, shown on the same line: ``[{laws_edition, lang, snippet}]``).
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

# how a result was found (the ``via`` of a hit)
VIAS = ("citation", "text", "glossary", "situation", "graph", "correspondence")
SNIPPET_WORDS = 28


@dataclass
class Hit:
    """One provision found: where, how, and the words of its text that matched."""

    key: str
    display: str
    lang: str
    langs: list
    score: float
    snippet: str
    via: str
    heading: str | None
    section: str | None
    authority: str
    edition: int                   # the publication's year
    concepts: list = field(default_factory=list)
    through: str | None = None     # the key (of the same edition) it was found through
    laws_edition: str = ""         # the WBF edition the provision belongs to (an edition of laws.editions)
    status: str | None = None      # via "correspondence": the table's status (renumbered, changed...)
    situation: str | None = None   # via "situation": the project's phrase that matched (graph/search/situations.py)
    editions: list = field(default_factory=list)   # the same provision in other editions (:func:`same_provision`)

    @property
    def qualified(self) -> str:
        return f"{self.laws_edition}:{self.key}"

    def to_dict(self) -> dict:
        d = {"key": self.key, "display": self.display, "lang": self.lang, "langs": list(self.langs),
             "score": round(self.score, 3), "snippet": self.snippet, "via": self.via,
             "heading": self.heading, "section": self.section, "authority": self.authority,
             "edition": self.edition, "laws_edition": self.laws_edition, "qualified": self.qualified,
             "concepts": list(self.concepts)}
        if self.through:
            d["through"] = self.through
        if self.status:
            d["status"] = self.status
        if self.situation:
            d["situation"] = self.situation
        if self.editions:
            d["editions"] = [dict(e) for e in self.editions]
        return d


@dataclass
class Results:
    """What a search found: the hits, best first, and how the query was read."""

    query: str
    lang: str | None               # the query's language (given, or guessed; None: any)
    hits: list
    corrections: dict = field(default_factory=dict)   # typed word -> word of the index
    key: str | None = None         # the provision key the query names, if it names one
    absent: bool = False           # that key is not in the corpus (in the edition asked)
    edition: str | None = None     # the edition the query named ("2007:16D"), if it named one
    editions: dict = field(default_factory=dict)  # for a key: edition -> what that edition has of it


def plain_hit(idx, d, score: float, via: str, through: str | None = None, status: str | None = None) -> Hit:
    """A hit found by its key (or through the citation graph or the correspondence table from one)."""
    return Hit(d.key, d.display, d.lang, idx.doc_langs(d.qkey), score, snippet(d, set()), via, d.heading,
               d.section, d.authority, d.edition, [], through, d.laws_edition, status)


def same_provision(hit: Hit) -> dict:
    """What a line shows of a provision found in another edition too (the same provision, by its lineage
    in :mod:`laws.editions`): its edition, key, language, heading and snippet."""
    return {"laws_edition": hit.laws_edition, "key": hit.key, "display": hit.display, "qualified": hit.qualified,
            "lang": hit.lang, "langs": list(hit.langs), "authority": hit.authority, "heading": hit.heading,
            "snippet": hit.snippet}


def situation_of(situations, matched: set, lang: str | None, phrases=None) -> str | None:
    """The phrase of ``situations`` (a document's, in the query's language) that holds most of the matched
    words (ties: the first): how a result found through its situations says why. ``phrases``: the tokens of
    each phrase as sets, if they are at hand (:attr:`graph.search.index.Index.doc_sets`)."""
    best, best_n = None, 0
    for k, (lg, ph, ts) in enumerate(situations):
        if lang not in (None, lg):
            continue
        n = len(phrases[k] & matched) if phrases is not None else len({t for t, _, _ in ts if t in matched})
        if n > best_n:
            best, best_n = ph, n
    return best


def snippet(d, matched: set) -> str:
    """A window of the provision's text around the words that matched, marked «like this».

    The heading comes first when it matched; without any match, the text's beginning.
    """
    def marks(f):
        spans = [(a, b) for t, a, b in d.toks[f] if t in matched]
        spans += [(a, b) for c, a, b in d.spans[f] if c in matched and a >= 0]
        return _merge(spans, d.fields[f])

    text_spans = marks("text")
    body_f = "text" if text_spans or not marks("notes") else "notes"
    if not d.fields[body_f]:
        body_f = "text" if d.fields["text"] else "notes"
    body = d.fields[body_f]
    spans = text_spans if body_f == "text" else marks(body_f)
    toks = d.toks[body_f]
    if toks and len(toks) > SNIPPET_WORDS:
        # the window of SNIPPET_WORDS words holding the most marks; the marks are apart and in order, so
        # those inside a window are a run of them: from the first starting in it to the last ending in it
        starts = [a for _, a, _ in toks]
        firsts, lasts = [x for x, _ in spans], [y for _, y in spans]
        best, best_n = 0, -1
        for i in range(0, len(toks) - SNIPPET_WORDS + 1):
            n = max(0, bisect_right(lasts, toks[i + SNIPPET_WORDS - 1][2]) - bisect_left(firsts, starts[i]))
            if n > best_n:
                best, best_n = i, n
        a = 0 if best == 0 else starts[best]
        b = len(body) if best + SNIPPET_WORDS >= len(toks) else toks[best + SNIPPET_WORDS - 1][2]
    else:
        a, b = 0, len(body)
    out = ("…" if a > 0 else "") + _mark(body, spans, a, b) + ("…" if b < len(body) else "")
    head_spans = marks("heading")
    if d.fields["heading"] and (head_spans or not body):
        head = _mark(d.fields["heading"], head_spans, 0, len(d.fields["heading"]))
        out = head + (" — " + out if body else "")
    return " ".join(out.split())


def _merge(spans, text) -> list:
    spans = sorted(set(spans))
    out: list = []
    for a, b in spans:
        if out and (a <= out[-1][1] or not text[out[-1][1]:a].strip()):
            out[-1] = (out[-1][0], max(b, out[-1][1]))
        else:
            out.append((a, b))
    return out


def _mark(text: str, spans, a: int, b: int) -> str:
    parts, pos = [], a
    for x, y in spans:
        if x < a or y > b:
            continue
        parts.append(text[pos:x])
        parts.append("«" + text[x:y] + "»")
        pos = y
    parts.append(text[pos:b])
    return "".join(parts)
