"""A query read: its words (typos corrected, near stems, compounds split), the same words in the other
languages' texts (cognates), the glossary's concepts and the lexicon's notions it names, and how
telling each word is (:func:`analyse`).

**Words.** A query word the index does not know is corrected to the nearest word of the query's
language (edit distance 1, 2 for words of eight letters or more), or read as the word it is the
clipped start of («info»); a stem also meets the stems one edit away or one the prefix of the other
(«corrigió» and «corregir», «ontoelaatbaar» and «ontoelaatbare»), at half weight. A Dutch compound
the index does not know is read as its two known parts («biedingskaart»), and a word that says
"again" by its prefix as its known rest and the notion «again» («rigioco», «herspelen», «replay»).

**Concepts.** The query's words are matched against the glossary's terms of every language (a
term's words said close together; the longer term wins where it adds a negation: «informazione non
autorizzata» is not «informazione autorizzata»), so that a Dutch query finds a law only the Spanish
text holds. The words of a call named in a query («1 corazón», «3SA», «drie harten») weigh little:
a call tells the situation, not the topic (except right after a double: «doblo dos corazones»).
"""
from __future__ import annotations

import bisect
import math
import re
from dataclasses import dataclass

from laws import notation as NT

from ..glossary import fold
from . import lexicon as LEX
from .text import QUERY_LANGS, Tok, analyzer, deletes, edit_distance, max_typos, negate, negated, sit_token, words_of

CORRECTED = 0.7        # weight of a word found by typo correction
COGNATE = 0.3          # weight of a query word matched in another language's text
NEAR = 0.5             # weight of a near stem (one edit away, or a longer/shorter form)
CONCEPT_LANG = {"same": 1.0, "en": 0.8, "other": 0.6}
PARTIAL_MIN = 2        # a partial match of a term needs at least two of its words (so a term of three or more)
FUZZY_TERM = 6         # a stem this long or longer may meet a glossary term's stem one edit away («dacht» is not «dicht»)
QUERY_WINDOW = 1       # a glossary term's words in a query within its length plus this many content words
APART = 0.5            # strength of a term whose words the query says further apart
SITUATION = 0.3        # weight of the words of a call named in a query («1 corazón»): a situation, not a topic
DISCRIMINATOR = 1.3    # weight of a word that tells neighbouring provisions apart (LHO, RHO, partner, before, after, again)
SIT_WEIGHT = 0.6       # weight of a query word found in a provision's situations (its text's words: 1)
NEG_PLAIN = 0.5        # a negated word's weight in its plain (not negated) form


def correct(idx, word: str, lang: str) -> str | None:
    """The word of ``lang``'s vocabulary nearest to an unknown ``word`` (None: none near).

    >>> from graph.search import load_index
    >>> correct(load_index(), "insuficente", "es")
    'insuficiente'
    """
    n = max_typos(word)
    if not n:
        return None
    table = idx.deletes[lang]
    cands = set()
    for d in deletes(word, n):
        cands.update(table.get(d, ()))
    best, best_d = None, n + 1
    for c in sorted(cands):
        dist = edit_distance(word, c, n)
        if dist < best_d or (dist == best_d and best is not None and abs(len(c) - len(word)) < abs(len(best) - len(word))):
            best, best_d = c, dist
    return best if best_d <= min(n, max_typos(best or "")) else None


def clipped(idx, word: str, lang: str) -> str | None:
    """The word of ``lang``'s vocabulary that an unknown ``word`` of four to six letters is the
    clipped start of, when every word it starts has one stem («info»: «informatie»).

    >>> from graph.search import load_index
    >>> clipped(load_index(), "info", "nl")
    'informatie'
    """
    if not 4 <= len(word) <= 6 or not word.isalpha():
        return None
    words = idx.derived.get("sorted_vocab")
    if words is None:
        words = idx.derived["sorted_vocab"] = {lg: sorted(v) for lg, v in idx.vocab.items()}
    ws = words.get(lang, [])
    n = bisect.bisect_left(ws, word)
    found = []
    while n < len(ws) and ws[n].startswith(word) and len(found) <= 20:
        found.append(ws[n])
        n += 1
    stems = {idx.vocab[lang][w] for w in found}
    if len(stems) != 1 or f"{lang}:{next(iter(stems))}" not in idx.idf:
        return None
    return min(found, key=len)


def detect_lang(idx, query: str) -> str | None:
    """The language a query is most likely written in (None when it cannot be told).

    >>> from graph.search import load_index
    >>> detect_lang(load_index(), "gedekte uitkomst"), detect_lang(load_index(), "board sbagliato")
    ('nl', 'it')
    """
    scores = {}
    ws = words_of(query)
    for lg in QUERY_LANGS:
        toks = analyzer(lg).read(ws)
        sv = idx.sit_vocab.get(lg, {})
        scores[lg] = sum(1.0 if t.stop else 1.0 if t.word in idx.vocab[lg] or t.word in sv else 0.0 for t in toks)
    ranked = sorted(scores.items(), key=lambda kv: -kv[1])
    if ranked[0][1] == 0 or ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0]


def _match_entries(idx, toks: list, lang: str, own: bool = False) -> dict:
    """{concept token: (strength, words covered)} for the terms of ``lang`` found among the tokens.

    A term matches when all its content words are in the query (and its stop words, for a term
    with a single content word: «otra mesa»); a term of three content words or more also when all
    but a minor one are (strength by the share of the term's weight present), a negation never
    being the minor one.
    """
    stop = analyzer(lang).stop
    by_stem: dict = {}
    where: dict = {}           # stem -> places (content word index) in the query
    n = 0
    for t in toks:
        if t.stop:             # a stop word, as written, for the terms that need one («otra mesa»)
            by_stem.setdefault(t.word, []).append(t.word)
            where.setdefault(t.word, []).append(n)
            continue
        by_stem.setdefault(t.stem, []).append(t.word)
        where.setdefault(t.stem, []).append(n)
        for s in (fuzzy_stems(idx, lang, t.stem) if len(t.stem) >= FUZZY_TERM else ()):
            by_stem.setdefault(s, []).append(t.word)
            where.setdefault(s, []).append(n)
        n += 1
    # an abbreviation is read in capitals («OI», «LT»), or, in the query's own language, a
    # two-letter one in small letters («wl halen», «el oi acepta»; never a stop word: Italian «ad»)
    uppers = {t.word for t in toks if t.upper or (own and not t.stop and len(t.word) == 2 and t.word.isalpha())}
    cands = set()
    for s in by_stem:
        cands.update(idx.entry_by_stem.get((lang, s), ()))
    for w in uppers:
        cands.update(idx.entry_by_stem.get((lang, w), ()))
    out: dict = {}
    for i in cands:
        e = idx.entries[i]
        if e.abbrev:
            if e.stems[0] not in uppers:
                continue
            strength, words = 1.0, {e.stems[0]}
        else:
            have = [s for s in e.stems if s in by_stem]
            if len(have) == len(e.stems):
                # a term's words said far apart in the query are not the term: «abre fuera de
                # turno ... y este pasa» does not say «paso fuera de turno»
                strength = 1.0 if _close(where, have, len(e.stems) + QUERY_WINDOW) else APART
                if not strength:
                    continue
            else:
                if len(have) < PARTIAL_MIN or len(have) < len(e.stems) - 1 or any(x in stop for x in e.stems):
                    continue
                # a negation is never the minor word: «bando infractor» is not «bando no infractor»
                if any(x in LEX.NEGATIONS for x in e.stems if x not in by_stem):
                    continue
                w = {s: _stem_weight(idx, lang, s) for s in e.stems}
                share = sum(w[s] for s in have) / sum(w.values())
                if share < 0.7:
                    continue
                strength = 0.8 * share
            words = {x for s in have for x in by_stem[s]}
        if strength > out.get(e.cid, (0.0,))[0]:
            out[e.cid] = (strength, words)
    return out


def _close(where: dict, stems: list, span: int) -> bool:
    """Whether the query says each of ``stems`` within ``span`` content words of each other."""
    if len(stems) < 2:
        return True
    first, rest = stems[0], stems[1:]
    return any(all(any(abs(p - a) < span for p in where[s]) for s in rest) for a in where[first])


def _stem_weight(idx, lang: str, stem: str) -> float:
    """How telling a stem is in a language: its idf in the texts, else among the concepts."""
    tok = f"{lang}:{stem}"
    if tok in idx.idf:
        return idx.idf[tok]
    n = len(idx.concept_labels)
    return math.log(1 + n / (1 + idx.concept_df.get((lang, stem), 0)))


def _concept_doc_match(idx, toks: list, lang: str) -> dict:
    """{concept token: (strength, words)} for the concepts whose terms and definition (in the
    query's language) hold most of a query of three words or more; the two best at most."""
    content = {}
    for t in toks:
        if not t.stop:
            content.setdefault(t.stem, set()).add(t.word)
    if len(content) < 3:
        return {}
    n = len(idx.concept_labels)
    w = {s: math.log(1 + n / (1 + idx.concept_df.get((lang, s), 0))) for s in content}
    total = sum(w.values())
    hits: dict = {}          # concept -> the query's stems its bag holds, in the query's order
    for s in content:
        for cid in _concepts_holding(idx, lang, s):
            hits.setdefault(cid, []).append(s)
    found = []
    for cid, hit in hits.items():
        if len(hit) >= 3:
            cover = sum(w[s] for s in hit) / total
            if cover >= 0.75:
                found.append((cover, cid, {x for s in hit for x in content[s]}))
    found.sort(key=lambda x: (-x[0], x[1]))
    return {cid: (0.3 * cover, words) for cover, cid, words in found[:2]}


def _concepts_holding(idx, lang: str, stem: str) -> tuple:
    """The concepts whose terms and definition in ``lang`` hold ``stem`` (remembered per stem)."""
    memo = idx.derived.setdefault("concepts_holding", {})
    out = memo.get((lang, stem))
    if out is None:
        if len(memo) >= 50_000:   # bounded: a long-lived process meets any word
            memo.clear()
        out = memo[(lang, stem)] = tuple(cid for cid in idx.concept_labels
                                         if stem in (idx.concept_docs.get((cid, lang)) or ()))
    return out


def _known_stem(idx, lang: str, stem: str) -> bool:
    """Whether a stem is in ``lang``'s texts or among its glossary terms."""
    return f"{lang}:{stem}" in idx.idf or (lang, stem) in idx.entry_by_stem


def split_compound(idx, lang: str, word: str) -> tuple[str, str] | None:
    """The two known parts of a compound word the index does not know (``None``: not one), the
    longest known last part first; the parts are four letters or more, joined by nothing or by
    one of the language's joining letters (:data:`graph.search.lexicon.COMPOUNDING`).

    >>> from graph.search import load_index
    >>> split_compound(load_index(), "nl", "biedingskaart")
    ('bieding', 'kaart')
    """
    joins = LEX.COMPOUNDING.get(lang)
    if joins is None or len(word) < 7 or not word.isalpha():
        return None
    an = analyzer(lang)
    for cut in range(4, len(word) - 3):
        head = word[cut:]
        if head in an.stop or not _known_stem(idx, lang, an.stem(head)):
            continue
        for j in sorted(joins, key=len, reverse=True):
            mod = word[:cut - len(j)] if j else word[:cut]
            if (not j or word[cut - len(j):cut] == j) and len(mod) >= 4 and mod not in an.stop \
                    and _known_stem(idx, lang, an.stem(mod)):
                return mod, head
    return None


def split_again(idx, lang: str, word: str) -> tuple[str, str] | None:
    """A word the index does not know that says "again" by its prefix (:data:`graph.search.lexicon.ITERATIVE`),
    as its known rest (four letters or more) and the word of the "again" notion; ``None``: not one.

    >>> from graph.search import load_index
    >>> split_again(load_index(), "it", "rigioco")
    ('gioco', 'nuovamente')
    """
    pre, again = LEX.ITERATIVE.get(lang, ("", ""))
    rest = word[len(pre):]
    if not pre or not word.startswith(pre) or len(rest) < 4 or not rest.isalpha():
        return None
    an = analyzer(lang)
    return (rest, again) if rest not in an.stop and _known_stem(idx, lang, an.stem(rest)) else None


def _split_compounds(idx, lang: str, toks: list) -> list:
    """The tokens with each compound replaced by its two parts (same place in the query), and each word
    that says "again" by its prefix by its rest and the notion's word: a word that no text, term, near
    stem or typo correction knows."""
    out = []
    an = analyzer(lang)
    pre = LEX.ITERATIVE.get(lang, ("",))[0]
    joins = lang in LEX.COMPOUNDING
    for t in toks:
        word = t.word
        # only a word of a compound's length, or one starting with the prefix, may split: the others are
        # never looked up here (the typo correction is not run twice)
        if not ((joins and len(word) >= 7) or (pre and word.startswith(pre) and len(word) >= len(pre) + 4)):
            out.append(t)
            continue
        known = (t.stop or _known_stem(idx, lang, t.stem) or fuzzy_stems(idx, lang, t.stem)
                 or correct(idx, t.word, lang) is not None)
        parts = None if known else (split_again(idx, lang, t.word)
                                    or (split_compound(idx, lang, t.word) if joins else None))
        if parts is None:
            out.append(t)
        else:
            out += [Tok(w, an.stem(w), False, t.start, t.end, False) for w in parts]
    return out


def fuzzy_stems(idx, lang: str, stem: str) -> list[str]:
    """Stems of ``lang``'s texts and situations near ``stem``: one edit away (stems of five letters
    or more), or one the prefix of the other (six letters or more, up to three letters apart), so
    that «corrigió» meets «corregir» and «ontoelaatbaar» meets «ontoelaatbare».

    >>> from graph.search import load_index
    >>> {"correg", "corrigi"} <= set(fuzzy_stems(load_index(), "es", "corrig"))
    True
    """
    if len(stem) < 5 or stem.isdigit():
        return []
    memo = idx.derived.setdefault("fuzzy", {})
    found = memo.get((lang, stem))
    if found is None:
        found = memo[(lang, stem)] = _fuzzy_stems(idx, lang, stem)
    return found


def _fuzzy_stems(idx, lang: str, stem: str) -> list[str]:
    out = set()
    table = idx.stem_deletes[lang]
    for d in deletes(stem, 1):
        for c in table.get(d, ()):
            if c != stem and edit_distance(stem, c, 1) <= 1:
                out.add(c)
    if len(stem) >= 6:
        for n in range(1, 4):
            if len(stem) - n >= 6 and stem[:-n] in idx.doc_stems[lang]:
                out.add(stem[:-n])
        for c in idx.stem_prefixes[lang].get(stem[:6], ()):
            if c.startswith(stem) and 0 < len(c) - len(stem) <= 3:
                out.add(c)
    return sorted(out)


@dataclass
class Group:
    """One word of the query and the index tokens that stand for it."""

    word: str
    weight: float                  # how telling the word is (idf)
    tokens: dict                   # token -> weight


@dataclass
class Query:
    """A query analysed: the weighted tokens it looks for, and what was recognised."""

    text: str
    lang: str | None
    weights: dict                  # token -> weight
    groups: list                   # Group, one per content word
    corrections: dict              # typed word -> corrected word
    concepts: dict                 # concept token -> strength
    content: int                   # content words in the query
    known: int                     # of which recognised
    pairs: list                    # (group index, group index) of words next to each other
    negated: frozenset = frozenset()   # the words a negation governs


def _seat_words() -> frozenset:
    """The seats' names in every notation, folded («oeste», «noord», «ovest»): never typos of another word
    («oeste» is not «este», which is East)."""
    return frozenset(fold(name).lower() for n in NT.NOTATIONS.values() for name in n.seat_names.values())


_SEAT_WORDS = _seat_words()


def analyse(idx, query: str, lang: str | None) -> Query:
    """Turn a query into weighted index tokens: its words (typos corrected, near stems), the
    same words in the other languages' texts (cognates), and the glossary concepts they name."""
    qlangs = [lang] if lang else list(QUERY_LANGS)
    ws = words_of(query)
    toks_by_lang = {lg: analyzer(lg).read(ws) for lg in QUERY_LANGS}
    groups: dict = {}          # folded word -> Group
    corrections: dict = {}
    concepts: dict = {}

    def group(word: str) -> Group:
        g = groups.get(word)
        if g is None:
            g = groups[word] = Group(word, 0.0, {})
        return g

    def add(g: Group, tok: str, w: float) -> None:
        if tok in idx.idf and w > g.tokens.get(tok, 0.0):
            g.tokens[tok] = w

    def add_text(g: Group, lg: str, stem: str, w: float, neg: bool) -> None:
        if neg:
            add(g, f"{lg}:!{stem}", w)
            w *= NEG_PLAIN
        add(g, f"{lg}:{stem}", w)

    for lg in qlangs:
        if lg in LEX.COMPOUNDING or lg in LEX.ITERATIVE:
            toks_by_lang[lg] = _split_compounds(idx, lg, toks_by_lang[lg])
    order: list = []
    negated_words: set = set()      # the words a negation governs («no acepta»: «acepta»)
    for lg in qlangs:
        fixed = []
        neg = negated(toks_by_lang[lg])
        negated_words |= {t.word for n, t in enumerate(toks_by_lang[lg]) if n in neg}
        for n, t in enumerate(toks_by_lang[lg]):
            if t.stop:
                fixed.append(t)
                continue
            g = group(t.word)
            if t.word not in order:
                order.append(t.word)
            stem = own = t.stem
            if not (t.word in idx.vocab[lg] or t.stem in idx.stems[lg] or t.word.isdigit() or t.word in _SEAT_WORDS):
                c = correct(idx, t.word, lg) or clipped(idx, t.word, lg)
                if c is not None:
                    corrections[t.word] = c
                    stem = idx.vocab[lg][c]
                    t = Tok(t.word, stem, False, t.start, t.end, t.upper)
            fixed.append(t)
            # the word in the texts and the situations of its language (an English word has no text); a
            # negated word is the texts' negated word, and the plain one only weakly («no acepta»)
            base = CORRECTED if t.word in corrections else 1.0
            add_text(g, lg, stem, base, n in neg)
            add(g, sit_token(lg, stem, n in neg), base * SIT_WEIGHT)
            if own != stem:   # a word the texts do not know, but the situations say as written («info»)
                add(g, sit_token(lg, own, n in neg), SIT_WEIGHT)
            for s in fuzzy_stems(idx, lg, stem):
                add_text(g, lg, s, NEAR * base, n in neg)
                add(g, sit_token(lg, s, n in neg), NEAR * base * SIT_WEIGHT)
        toks_by_lang[lg] = fixed
    # cognates: the query's words in the other languages' texts
    if lang:
        for lg in idx.lang_editions:
            if lg == lang:
                continue
            for t in toks_by_lang[lg]:
                if t.stop or len(t.word) < 4 or t.word not in groups:
                    continue
                g = groups[t.word]
                add_text(g, lg, t.stem, COGNATE, t.word in negated_words)
                for s in fuzzy_stems(idx, lg, t.stem):
                    add_text(g, lg, s, COGNATE * NEAR, t.word in negated_words)
    # concepts: the glossary's terms of every language, the query's own first
    matched: dict = {}
    for lg in QUERY_LANGS:
        if lang is None or lg == lang:
            lw = CONCEPT_LANG["same"]
        elif lg == "en":
            lw = CONCEPT_LANG["en"]
        else:
            lw = CONCEPT_LANG["other"]
        found = _match_entries(idx, toks_by_lang[lg], lg, own=lg == lang)
        if lang is None or lg == lang:
            for cid, v in _concept_doc_match(idx, toks_by_lang[lg], lg).items():
                found.setdefault(cid, v)
        for cid, (s, words) in found.items():
            s *= lw
            if s > matched.get(cid, (0.0,))[0]:
                matched[cid] = (s, frozenset(words))
    # the longest term wins: a concept whose words are all part of another concept's fully
    # matched term gives way to it («informazione non autorizzata» is not «informazione autorizzata»)
    full = [(cid, ws) for cid, (s, ws) in matched.items() if s >= CONCEPT_LANG["other"]]
    negations = {w for w in groups if w in LEX.NEGATIONS}
    for cid, (s, words) in matched.items():
        if any(words < ws and (ws - words) & negations for other, ws in full if other != cid):
            continue
        concepts[cid] = s
        # a concept a negation governs (not one whose term holds it: «niet-overtredende partij»)
        neg = bool(words & negated_words) and not words & LEX.NEGATIONS
        for w in words:
            if w in groups:
                if neg:
                    add(groups[w], negate(cid), s)
                add(groups[w], cid, s * NEG_PLAIN if neg else s)
    for w in order:
        if w in LEX.NUMBERS or any(w.startswith(n) and w[len(n):] in LEX.LEVEL_WORDS for n in LEX.NUMBERS):
            concepts["@bid-above-seven"] = 1.0
            add(groups[w], "@bid-above-seven", 1.0)
    # how telling each word is: the idf of its best token; a call's words weigh little
    weak, doubled = _call_words(toks_by_lang, qlangs)
    for w in doubled:
        if w in groups:
            concepts["@denomination"] = 1.0
            add(groups[w], "@denomination", 1.0)
    for g in groups.values():
        g.weight = max((idx.idf[t] for t in g.tokens), default=0.0)
        # a word that tells neighbours apart: a seat, whose turn, before/after, whose it is, or a negated word
        if DISCRIMINATOR != 1.0 and (g.word in negated_words or any(t in LEX.DISCRIMINATORS for t in g.tokens)):
            g.weight *= DISCRIMINATOR
            g.tokens = {t: w * DISCRIMINATOR for t, w in g.tokens.items()}
        if g.word in weak:
            g.weight *= SITUATION
            g.tokens = {t: w * SITUATION for t, w in g.tokens.items()}
    gl = [groups[w] for w in order]
    weights: dict = {}
    for g in gl:
        for t, w in g.tokens.items():
            weights[t] = max(weights.get(t, 0.0), w)
    known = sum(1 for g in gl if g.tokens)
    pairs = [(i, i + 1) for i in range(len(gl) - 1) if gl[i].tokens and gl[i + 1].tokens]
    return Query(query, lang, weights, gl, corrections, concepts, len(gl), known, pairs, frozenset(negated_words))


_CALL_RE = re.compile(r"[1-7](?:nt|sa|st|ns|[cdhsptkrqfo])")


def _call_words(toks_by_lang: dict, langs) -> tuple[set[str], set[str]]:
    """The folded words of the calls a query names (a level and a suit or no trump: «1 corazón»,
    «dos picas», «drie harten»; a call in one word: «3SA», «1NT», «2C»; a suit named alone), and
    the suits of those named right after a double («doblo dos corazones»: what was doubled).

    >>> [sorted(x) for x in _call_words({"es": analyzer("es").tokens("1 trébol, luego 3SA")}, ["es"])]
    [['1', '3sa', 'trebol'], []]
    >>> [sorted(x) for x in _call_words({"es": analyzer("es").tokens("doblo dos corazones")}, ["es"])]
    [[], ['corazones']]
    """
    weak: set[str] = set()
    doubled: set[str] = set()
    for lg in langs:
        toks = [t for t in toks_by_lang.get(lg, []) if not t.stop or t.word in LEX.LEVELS.get(lg, ())]
        suits, levels = LEX.SUITS.get(lg, frozenset()), LEX.LEVELS.get(lg, frozenset())
        for n, t in enumerate(toks):
            if _CALL_RE.fullmatch(t.word):
                weak.add(t.word)
            elif t.word in suits and t.word not in LEX.NEGATIONS:
                m = n
                if n and (toks[n - 1].word in levels or re.fullmatch(r"[1-7]", toks[n - 1].word)):
                    m = n - 1
                if m and toks[m - 1].word.startswith(LEX.DOUBLES.get(lg, ())):
                    doubled.add(t.word)
                else:
                    weak.update({t.word, toks[m].word})
    return weak - doubled, doubled
