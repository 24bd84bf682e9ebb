"""Building the search index (:class:`graph.search.index.Index`) from the corpus, the glossary, the
situations, the labelled queries and the second stage's model: :func:`build`.

Every occurrence of an official glossary term in a text is indexed as the concept itself
(``@insufficient-bid``), every notion of the lexicon too (``~partner-turn``); a term of two or three
words also where a sentence says its words close together in any order («informatie van de partner
... is ongeoorloofd»). The situations are a field of their own, one bag per language.
"""
from __future__ import annotations

import math
import re
from collections import Counter

from i18n import LANGS as UI_LANGS
from i18n import language_name, translator
from laws import corpus as _corpus
from laws import editions as E

from .. import glossary as G
from . import labelled as LAB
from . import lexicon as LEX
from . import memory as MEM
from . import rerank as RR
from . import situations as SIT
from .index import FIELD_WEIGHT, FIELDS, K1, Doc, Entry, Index
from .model import load_model
from .text import QUERY_LANGS, SIT_PREFIX, TOKEN_RE, analyzer, deletes, known_stems, max_typos, negate, negated, sit_token

FIELD_B = {"heading": 0.5, "text": 0.75, "notes": 0.75, "context": 0.5}
SIT_B = 0.5            # length normalisation of the situations
LOOSE_WINDOW = 8       # content words within which a glossary term's words stand for it, in any order
INTRO_WORDS = 20       # a parent's own text of at most this many words, ending without a full stop, only leads into its parts


def _ancestor_headings(corpus, p) -> list[str]:
    out = []
    k = p.key.parent
    while k is not None:
        a = corpus.get(k, p.lang)
        if a is not None and a.heading:
            out.append(a.heading)
        k = k.parent
    return out


def _term_entries(glossary) -> list[Entry]:
    """The query side's terms: every concept's terms in every language and status, the lexicon's."""
    raw: list[tuple[str, str, str, bool]] = []
    for c in glossary.concepts:
        cid = "@" + c.id
        raw.append((cid, "en", c.en, True))
        raw += [(cid, "en", a, True) for a in c.en_alt]
        for lg, terms in c.terms.items():
            raw += [(cid, lg, t.text, t.official) for t in terms]
        for lg, variants in c.avoid.items():   # variants a director may still type (termbase)
            raw += [(cid, lg, v.lstrip("="), False) for v in variants]
        for lg, terms in LEX.EXTRA_TERMS.get(c.id, {}).items():
            raw += [(cid, lg, t, False) for t in terms]
    for nid, by_lang in LEX.PHRASES.items():
        for lg, terms in by_lang.items():
            raw += [("~" + nid, lg, t, True) for t in terms]
    out, seen = [], set()
    for cid, lg, text, official in raw:
        abbrev = text.isupper() and len(text) <= 4
        if abbrev:
            stems = (G.fold(text),)
        else:
            toks = analyzer(lg).tokens(text)
            content = tuple(t.stem for t in toks if not t.stop)
            if len(toks) >= 2 and len(content) < 2:
                # a term of several words of which one alone is no stop word needs them all:
                # «otra mesa» is not any «mesa», «a la vez» not any «vez» (stop words as written)
                stems = tuple(t.word if t.stop else t.stem for t in toks)
            else:
                stems = content or tuple(t.stem for t in toks)
        if not stems or (cid, lg, stems) in seen:
            continue
        seen.add((cid, lg, stems))
        out.append(Entry(cid, lg, text, stems, abbrev, official))
    return out


def _concept_patterns(glossary, doc_langs):
    """Per language of a text: the patterns of the official terms and the lexicon's notions, and
    the terms of two or three content words that also stand loosely in a sentence."""
    pats = {lg: [("@" + c.id, G.term_pattern(t.text, lg)) for c in glossary.concepts
                 for t in c.official_terms(lg)] for lg in doc_langs}
    for nid, by_lang in LEX.PHRASES.items():
        for lg in doc_langs:
            pats[lg] += [("~" + nid, G.term_pattern(t, lg)) for t in by_lang.get(lg, [])]
    loose = {lg: [] for lg in doc_langs}
    for c in glossary.concepts:
        for lg in doc_langs:
            for t in c.official_terms(lg):
                st = tuple(dict.fromkeys(x.stem for x in analyzer(lg).tokens(t.text) if not x.stop))
                if 2 <= len(st) <= 3:
                    loose[lg].append(("@" + c.id, frozenset(st)))
    return pats, loose


def _after_negation(ts: list, start: int) -> bool:
    """Whether the words of a text starting at ``start`` follow a negation (over stop words at most two
    words back): «no se acepta», «niet geaccepteerd»."""
    before = [t for t in ts if t.end <= start][-3:]
    for t in reversed(before):
        if t.word in LEX.NEGATIONS:
            return True
        if not t.stop:
            return False
    return False


def _spans(txt: str, ts: list, pats: list, loose: list) -> list:
    """The concepts a field's text holds: ``[(concept token, start, end)]`` (-1 for a loose one); one a
    negation governs is its negated token (``~!accept`` for «no se acepta»)."""
    folded, where = G.fold_with_map(txt)
    sp = []
    for cid, pat in pats:
        for m in pat.finditer(folded):
            a = where[m.start()]
            sp.append((negate(cid) if _after_negation(ts, a) else cid, a, where[m.end() - 1] + 1))
    have = {c for c, _, _ in sp}
    content = [x for x in ts if not x.stop]
    for cid, st in loose:
        if cid in have:
            continue
        for n, x in enumerate(content):
            if x.stem not in st:
                continue
            window = content[n:n + LOOSE_WINDOW]
            cut = next((m for m, y in enumerate(window) if m and re.search(r"[.;:]", txt[window[m - 1].end:y.start])), None)
            window = window[:cut] if cut else window
            if st <= {y.stem for y in window}:
                sp.append((cid, -1, -1))
                have.add(cid)
                break
    return sp


def _docs(corpus, glossary, situations, vocab, sit_vocab) -> list[Doc]:
    """One :class:`Doc` per provision and language (those with words)."""
    doc_langs = tuple(dict.fromkeys(p.lang for p in corpus.provisions()))
    pats, loose = _concept_patterns(glossary, doc_langs)
    see_also: dict = {}   # "EDITION:KEY" -> concept tokens (a see_also key stands in its edition only)
    for c in glossary.concepts:
        for qk in c.see_also_qualified(corpus):
            see_also.setdefault(qk, []).append("@" + c.id)
    docs = []
    for p in corpus.provisions():
        heads = _ancestor_headings(corpus, p)
        fields = {"heading": p.heading or "", "text": p.own_text,
                  "notes": "\n".join(n.text for n in p.notes), "context": " · ".join(heads)}
        if not (fields["heading"] or fields["text"] or fields["notes"]):
            continue
        an = analyzer(p.lang)
        toks, spans = {}, {}
        for f, txt in fields.items():
            ts = an.tokens(txt)
            neg = negated(ts)   # a word a negation governs is its own token: «no aceptada» is not «aceptada»
            toks[f] = [(f"{p.lang}:{'!' if n in neg else ''}{t.stem}", t.start, t.end)
                       for n, t in enumerate(ts) if not t.stop]
            for t in ts:
                vocab[p.lang].setdefault(t.word, t.stem)
            spans[f] = _spans(txt, ts, pats[p.lang], loose[p.lang])
        qk = f"{p.laws_edition}:{p.key}"
        spans["text"] += [(cid, -1, -1) for cid in see_also.get(qk, [])]
        sits = []
        for lg, phrases in situations.get(qk, {}).items():
            for ph in phrases:
                ts = analyzer(lg).tokens(ph)
                for t in ts:
                    sit_vocab[lg].setdefault(t.word, t.stem)
                neg = negated(ts)
                sits.append((lg, ph, [(sit_token(lg, t.stem, n in neg), t.start, t.end)
                                      for n, t in enumerate(ts) if not t.stop]))
        present = frozenset(t for f in FIELDS for t, _, _ in toks[f]) | frozenset(
            c for f in FIELDS for c, _, _ in spans[f]) | frozenset(t for _, _, ts in sits for t, _, _ in ts)
        docs.append(Doc(str(p.key), p.key.display, p.lang, p.pub.authority, p.pub.edition, p.heading,
                        heads[0] if heads else None, fields, toks, spans, present, p.laws_edition, tuple(sits)))
    return docs


def _postings(docs: list[Doc]) -> tuple[dict, dict, dict]:
    """BM25F postings (``tf' = sum over fields of weight * tf / (1 - b + b * len / avglen)``, kept as each
    document's BM25 share of the token: ``idf * tf' (K1 + 1) / (K1 + tf')``), the situations as a field of
    their own (one bag per language), the idf of every token, and the number of documents per language."""
    avglen = {f: max(1.0, sum(len(d.toks[f]) for d in docs) / max(1, sum(1 for d in docs if d.toks[f])))
              for f in FIELDS}
    postings: dict = {}
    for i, d in enumerate(docs):
        acc: dict = {}
        for f in FIELDS:
            norm = 1 - FIELD_B[f] + FIELD_B[f] * max(1, len(d.toks[f])) / avglen[f]
            counts = Counter(t for t, _, _ in d.toks[f]) + Counter(c for c, _, _ in d.spans[f])
            for t, n in counts.items():
                acc[t] = acc.get(t, 0.0) + FIELD_WEIGHT[f] * n / norm
        for t, v in acc.items():
            postings.setdefault(t, []).append((i, v))
    bags = [{} for _ in docs]
    for i, d in enumerate(docs):
        for lg, _, ts in d.situations:
            bags[i].setdefault(lg, []).extend(t for t, _, _ in ts)
    sit_avg = {}
    for lg in {lg for b in bags for lg in b}:
        lens = [len(b[lg]) for b in bags if b.get(lg)]
        sit_avg[lg] = max(1.0, sum(lens) / len(lens))
    for i, by_lang in enumerate(bags):
        for lg, bag in by_lang.items():
            norm = 1 - SIT_B + SIT_B * max(1, len(bag)) / sit_avg[lg]
            for t, n in Counter(bag).items():
                postings.setdefault(t, []).append((i, n / norm))
    n_docs = dict(Counter(d.lang for d in docs))
    n_docs["*"] = len(docs)
    idf = {}
    for t, ps in postings.items():
        n = n_docs["*"] if t[0] in "@~" or t.startswith(SIT_PREFIX) else n_docs[t.split(":", 1)[0]]
        idf[t] = math.log(1 + (n - len(ps) + 0.5) / (len(ps) + 0.5))
    # what a query word standing for the token adds, by its weight: idf * tf' (K1 + 1) / (K1 + tf')
    return {t: tuple((i, idf[t] * tf * (K1 + 1) / (K1 + tf)) for i, tf in ps) for t, ps in postings.items()}, idf, n_docs


def _concepts(glossary, vocab) -> tuple[dict, dict, dict]:
    """One small document per concept and language (its terms and its definition), the document
    frequency of their stems, and each concept's label per language."""
    concept_docs, concept_df, labels = {}, Counter(), {}
    for c in glossary.concepts:
        cid = "@" + c.id
        labels[cid] = {lg: c.label(lg) for lg in QUERY_LANGS if c.label(lg)}
        for lg in QUERY_LANGS:
            definition = c.definition if lg == "en" else translator(lg).gettext(c.definition)
            terms = [c.en, *c.en_alt] if lg == "en" else [t.text for t in c.terms.get(lg, [])]
            toks = analyzer(lg).tokens(" ".join(terms) + "\n" + definition)
            bag = Counter(t.stem for t in toks if not t.stop)
            for t in toks:
                vocab[lg].setdefault(t.word, t.stem)
            concept_docs[(cid, lg)] = dict(bag)
            for s in bag:
                concept_df[(lg, s)] += 1
    return concept_docs, dict(concept_df), labels


def _typo_tables(vocab: dict, postings: dict, entries: list) -> tuple[dict, dict, dict, dict]:
    """For typo correction and near stems: the words less one letter, the stems of the texts, the
    situations and the terms, those stems less one letter and by their first six letters."""
    dels: dict = {lg: {} for lg in QUERY_LANGS}
    for lg in QUERY_LANGS:
        for w in vocab[lg]:
            if not w.isdigit() and max_typos(w):
                for d in deletes(w, 1):
                    dels[lg].setdefault(d, []).append(w)
    doc_stems = {lg: set() for lg in QUERY_LANGS}
    for t in postings:
        if t[0] not in "@~":
            lg, st = t.removeprefix(SIT_PREFIX).split(":", 1)
            doc_stems[lg].add(st.lstrip("!"))
    for e in entries:
        if not e.abbrev:
            doc_stems[e.lang].update(e.stems)
    stem_dels: dict = {lg: {} for lg in QUERY_LANGS}
    prefixes: dict = {lg: {} for lg in QUERY_LANGS}
    for lg, sts in doc_stems.items():
        for st in sorted(sts):
            if len(st) >= 4 and not st.isdigit():
                for d in deletes(st, 1):
                    stem_dels[lg].setdefault(d, []).append(st)
            if len(st) >= 6:
                prefixes[lg].setdefault(st[:6], []).append(st)
    return dels, doc_stems, stem_dels, prefixes


def _graph(corpus) -> tuple[dict, dict, dict, dict]:
    """The citation graph per edition (a citation resolves in the edition of the text it stands in:
    no edge crosses editions), the absent provisions cited, the provisions above each, and the
    languages holding each provision."""
    neighbours: dict = {}
    cited_absent: dict = {}
    for p in corpus.provisions():
        ed = p.laws_edition
        for k in p.cites:
            a, b = f"{ed}:{p.key}", f"{ed}:{k}"
            if corpus.has(k, edition=ed):
                neighbours.setdefault(a, set()).add(b)
                neighbours.setdefault(b, set()).add(a)
            else:
                cited_absent.setdefault(b, set()).add(a)
    order = {f"{e}:{k}": i for i, (e, k) in enumerate(corpus.qualified_keys())}
    neighbours = {k: sorted(v - {k}, key=lambda x: order.get(x, 0)) for k, v in neighbours.items()}
    cited_absent = {k: sorted(v, key=lambda x: order.get(x, 0)) for k, v in cited_absent.items()}
    ancestors = {}
    for e, k in corpus.qualified_keys():
        up, a = [], k.parent
        while a is not None:
            up.append(f"{e}:{a}")
            a = a.parent
        ancestors[f"{e}:{k}"] = up
    held: dict = {}
    for p in corpus.provisions():
        held.setdefault(f"{p.laws_edition}:{p.key}", []).append(p.lang)
    return neighbours, cited_absent, ancestors, held


def _corresponds(corpus) -> dict:
    """What each provision an edition knows corresponds to in the neighbouring editions (laws.editions'
    tables): ``"EDITION:KEY" -> [(key or None, edition, status, verified)]``, read once here."""
    out = {}
    for ed in E.editions():
        for k in sorted(E.known_keys(ed, corpus), key=str):
            found = [(c.key, c.laws_edition, c.status, c.verified) for c in E.corresponding(ed, str(k))]
            if found:
                out[f"{ed}:{k}"] = found
    return out


def _doc_sets(d: Doc) -> tuple:
    """What the second stage compares with a query: the tokens of the document's texts, of its situations,
    and of each situation phrase."""
    phrases = tuple(frozenset(t for t, _, _ in ts) for _, _, ts in d.situations)
    sit = frozenset().union(*phrases) if phrases else frozenset()
    return d.present - sit, sit, phrases


def introduces(text: str) -> bool:
    """Whether a provision's own text only leads into its parts: none, or a short clause ending
    with a colon or without a full stop («La subasta termina cuando:»)."""
    t = text.strip()
    return not t or (len(t.split()) <= INTRO_WORDS and t[-1] not in ".)»\"")


def _heading_only(docs: list[Doc], by_key: dict, ancestors: dict) -> frozenset:
    """The provisions ("EDITION:KEY") that have parts and only a heading, or a short clause that
    leads into the parts, in every language: a group heading such as 75B or 38, or 22A."""
    parents = {a for up in ancestors.values() for a in up}
    return frozenset(qk for qk, by_lang in by_key.items()
                     if qk in parents and all(introduces(docs[i].fields["text"]) and not docs[i].fields["notes"].strip()
                                              for i in by_lang.values()))


def _words(idx: Index, labelled) -> set[str]:
    """Every word the index knows, in any language (those of its texts, terms, concepts and situations), the
    stop words, and the words of the labelled queries (how directors write): the words of most queries."""
    out = {w for table in (*idx.vocab.values(), *idx.sit_vocab.values()) for w in table}
    out.update(w for stop in LEX.STOP.values() for w in stop)
    for item in labelled:
        out.update(TOKEN_RE.findall(G.fold(item.q)))
    return out


# the stages of a build, with the share of its time each takes (for a progress bar)
STAGES = (("corpus", 0.05), ("texts", 0.25), ("index", 0.1), ("memory", 0.6))


def build(corpus=None, glossary=None, situations=None, labelled=None, model=None, fingerprint: str = "",
          progress=None) -> Index:
    """Build the index of ``corpus``, ``glossary``, ``situations``, the second stage's ``labelled``
    queries (its memory) and ``model`` (default: those of the corpus and the package's data;
    ``situations={}`` for none, ``labelled=[]`` for no memory). ``progress(fraction, stage)``, if given,
    is called as the build goes (``stage``: one of :data:`STAGES`' names)."""
    done = 0.0

    def step(stage: str) -> None:
        nonlocal done
        if progress is not None:
            progress(done, stage)
        done += dict(STAGES)[stage]

    step("corpus")
    corpus = corpus if corpus is not None else _corpus.load()
    glossary = glossary if glossary is not None else G.load(corpus=corpus)
    situations = situations if situations is not None else SIT.load(corpus)
    step("texts")
    vocab: dict = {lg: {} for lg in QUERY_LANGS}
    sit_vocab: dict = {lg: {} for lg in QUERY_LANGS}   # the situations' words (their own: no correction to them)
    docs = _docs(corpus, glossary, situations, vocab, sit_vocab)
    step("index")
    postings, idf, n_docs = _postings(docs)
    entries = _term_entries(glossary)
    entry_by_stem: dict = {}
    for i, e in enumerate(entries):
        for s in set(e.stems):
            entry_by_stem.setdefault((e.lang, s), []).append(i)
        if not e.abbrev:
            for t in analyzer(e.lang).tokens(e.text):
                vocab[e.lang].setdefault(t.word, t.stem)
    concept_docs, concept_df, labels = _concepts(glossary, vocab)
    dels, doc_stems, stem_dels, prefixes = _typo_tables(vocab, postings, entries)
    stems = {lg: set(vocab[lg].values()) for lg in QUERY_LANGS}
    by_key: dict = {}
    lang_editions: dict = {}
    for i, d in enumerate(docs):
        by_key.setdefault(d.qkey, {})[d.lang] = i
        lang_editions.setdefault(d.lang, d.laws_edition)
    neighbours, cited_absent, ancestors, held = _graph(corpus)
    idx = Index(fingerprint, [(d.qkey, d.lang) for d in docs], docs, postings, idf, vocab, stems, dels, doc_stems,
                stem_dels, prefixes, entries, entry_by_stem, concept_docs, concept_df, labels, by_key, neighbours,
                ancestors, cited_absent, n_docs, held, sit_vocab, lang_editions, E.editions(), _corresponds(corpus),
                {qk: E.lineage(*qk.split(":", 1)) for qk in by_key},
                [d.situations for d in docs], [_doc_sets(d) for d in docs], _heading_only(docs, by_key, ancestors))
    # the query languages' names in each interface language (Babel's CLDR data, read here once rather
    # than by every command-line search)
    idx.lang_names = {f"{code}:{ui}": language_name(code, ui, title=False) for code in QUERY_LANGS for ui in UI_LANGS}
    idx.nb = RR.nb_tables(docs)
    idx.model = model if model is not None else load_model()
    step("memory")
    labelled = LAB.load() if labelled is None else labelled
    idx.memory = MEM.memory_of(idx, labelled)
    idx.word_stems = known_stems(_words(idx, labelled))
    if progress is not None:
        progress(1.0, "memory")
    return idx
