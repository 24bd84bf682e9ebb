"""The words of a text or a query: folding, tokens, Snowball stems, negation, edit distance.

Text is folded (case, accents: :func:`graph.glossary.fold`), split into words, the stop words of
its language marked, and each word stemmed, without its accents, with the Snowball stemmer of its
language (so «despues» is «después»). The index and the query read words the same way, here.

The index keeps the stems of every word it knows in every query language (:func:`seed`): a query whose
words it knows is read without the stemmers (pure Python: a command-line search does not even load
them, and the app never stems a known word twice).
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import NamedTuple

from ..glossary import fold
from . import lexicon as LEX

QUERY_LANGS = ("es", "nl", "it", "en")        # the languages a query may be written in
STEMMERS = {"es": "spanish", "nl": "dutch", "it": "italian", "en": "english"}
SIT_PREFIX = "s:"                             # the situations' tokens: "s:es:stem" (situations.py)

TOKEN_RE = re.compile(r"[0-9a-z]+")
STEM_MEMO = 50_000                            # words an analyzer remembers (then it starts again)
_FOLDED: dict[str, str] = {}                  # character -> its fold (most texts repeat few characters)


def fold_with_map(s: str) -> tuple[str, list[int]]:
    """:func:`graph.glossary.fold` of ``s`` and, for each folded character, its index in ``s``
    (the glossary's fold, one character at a time, remembered per character).

    >>> f, m = fold_with_map("Voz retirada. Información")
    >>> f[14:], "Voz retirada. Información"[m[14]:]
    ('informacion', 'Información')
    """
    if s.isascii():
        return s.lower(), list(range(len(s)))
    out, idx = [], []
    for i, ch in enumerate(s):
        f = _FOLDED.get(ch)
        if f is None:
            f = _FOLDED[ch] = fold(ch)
        out.append(f)
        if len(f) == 1:
            idx.append(i)
        else:
            idx.extend([i] * len(f))
    return "".join(out), idx


class Tok(NamedTuple):
    word: str     # folded surface form
    stem: str     # folded stem
    stop: bool
    start: int
    end: int
    upper: bool   # written in capitals (an abbreviation: OI, LT, TD)


def words_of(text: str) -> list[tuple]:
    """The words of ``text`` as every language reads them, before stemming: ``(folded word, the word in
    lower case, start, end, written in capitals)`` (a query read in four languages is split once)."""
    folded, where = fold_with_map(text)
    out = []
    for m in TOKEN_RE.finditer(folded):
        w = m.group()
        if len(w) < 2 and not w.isdigit():
            continue
        a, b = where[m.start()], where[m.end() - 1] + 1
        raw = text[a:b]
        out.append((w, raw.lower(), a, b, raw.isupper() and len(raw) > 1))
    return out


class Analyzer:
    """Tokenizer, stop words and Snowball stemmer of one language.

    >>> a = Analyzer("es")
    >>> [t.stem for t in a.tokens("Las declaraciones insuficientes") if not t.stop]
    ['declar', 'insuficient']
    >>> [t.stem for t in Analyzer("nl").tokens("gedekte uitkomsten")]
    ['dek', 'uitkomst']
    """

    def __init__(self, lang: str):
        self.lang = lang
        self.stop = LEX.STOP[lang]
        self.known: Mapping = {}            # folded word -> its stem, from the index (:func:`seed`)
        self._stemmer = None
        self._cache: dict[str, str] = {}

    def stem(self, word: str) -> str:
        """The folded stem of a word (given in lower case, with its accents if it has any)."""
        s = self._cache.get(word)
        if s is None:
            if word.isdigit():
                s = word
            else:
                f = fold(word)
                s = self.known.get(f)
                if s is None:
                    s = self.stem_folded(f)
            if len(self._cache) >= STEM_MEMO:
                self._cache.clear()
            self._cache[word] = s
        return s

    def stem_folded(self, folded: str) -> str:
        """The Snowball stem of an already folded word (the stemmer is loaded when first needed)."""
        if self._stemmer is None:
            import snowballstemmer   # here: a search whose words the index knows never loads the stemmers

            self._stemmer = snowballstemmer.stemmer(STEMMERS[self.lang])
        return self._stemmer.stemWord(folded)

    def tokens(self, text: str) -> list[Tok]:
        """The words of ``text`` with their stems and their places in ``text``."""
        return self.read(words_of(text))

    def read(self, ws: list) -> list[Tok]:
        """:meth:`tokens` of a text already split by :func:`words_of`."""
        cache, stem, stop = self._cache, self.stem, self.stop
        out = []
        for w, low, a, b, up in ws:
            s = cache.get(low)
            out.append(Tok(w, stem(low) if s is None else s, w in stop, a, b, up))
        return out


_ANALYZERS: dict = {}


def analyzer(lang: str) -> Analyzer:
    """The analyzer of ``lang``, made once per process."""
    a = _ANALYZERS.get(lang)
    if a is None:
        a = _ANALYZERS[lang] = Analyzer(lang)
    return a


def seed(known: dict) -> None:
    """Let each analyzer read the stems of the words an index knows (``known``: lang -> {folded word: its
    stem}, as :func:`known_stems` made them) before stemming a word itself."""
    for lg, table in known.items():
        analyzer(lg).known = table


def known_stems(words) -> dict:
    """``lang -> {folded word: its stem}`` for each query language and each of ``words`` (folded or not),
    digits aside: what the index keeps for :func:`seed`."""
    folded = sorted({f for f in map(fold, words) if f and not f.isdigit()})
    return {lg: {f: analyzer(lg).stem_folded(f) for f in folded} for lg in QUERY_LANGS}


def negated(toks: list) -> set[int]:
    """The places of the content words a negation governs: the first one after it («no acepto la
    insuficiente»: «acepto»). A situation's negated word matches only a query that negates it too."""
    out, pending = set(), False
    for n, t in enumerate(toks):
        if t.word in LEX.NEGATIONS:
            pending = True
        elif not t.stop and pending:
            out.add(n)
            pending = False
    return out


def negate(token: str) -> str:
    """The negated form of a concept's or notion's token: ``~accept`` -> ``~!accept``."""
    return token[0] + "!" + token[1:]


def sit_token(lang: str, stem: str, negated: bool = False) -> str:
    """A situation's index token: ``s:es:acept``, negated ``s:es:!acept``."""
    return f"{SIT_PREFIX}{lang}:{'!' if negated else ''}{stem}"


def deletes(word: str, n: int) -> set[str]:
    """``word`` and every string made from it by deleting at most ``n`` letters."""
    out, frontier = {word}, {word}
    for _ in range(n):
        frontier = {w[:i] + w[i + 1:] for w in frontier for i in range(len(w))}
        out |= frontier
    return out


def edit_distance(a: str, b: str, limit: int = 3) -> int:
    """Damerau-Levenshtein distance (adjacent transpositions), stopping early above ``limit``.

    >>> edit_distance("insuficente", "insuficiente"), edit_distance("borad", "board")
    (1, 1)
    """
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1]


def max_typos(word: str) -> int:
    """How many typing errors a word of this length may carry and still be read."""
    return 0 if len(word) < 4 else 1 if len(word) < 8 else 2
