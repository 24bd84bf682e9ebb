"""The search index: every provision of the corpus in each language that holds it, the glossary's
concepts, the situations, and the second stage's tables, built by :func:`build`.

A provision in one language is a :class:`Doc`: its heading, its own text, its notes and the headings
of the sections above it (the BM25F fields), their tokens and the glossary concepts found in them,
and its situations (:mod:`graph.search.situations`). Every occurrence of an official glossary term
in a text is indexed as the concept itself (``@insufficient-bid``), every notion of the lexicon too
(``~partner-turn``); a term of two or three words also where a sentence says its words close
together in any order («informatie van de partner ... is ongeoorloofd»).

The index is plain data (dicts, lists, tuples and strings; :class:`Doc`, :class:`Entry` and the
memory are read from tuples), built by :mod:`graph.search.build` and kept by
:mod:`graph.search.store` in SQLite, which reads only what a query needs.
"""
from __future__ import annotations

from dataclasses import dataclass, field

FIELDS = ("heading", "text", "notes", "context")
FIELD_WEIGHT = {"heading": 3.0, "text": 1.0, "notes": 0.7, "context": 0.5}
K1 = 1.2               # BM25's saturation of a token's frequency


@dataclass
class Doc:
    """One provision in one language, as indexed."""

    key: str
    display: str
    lang: str
    authority: str
    edition: int                        # the publication's year
    heading: str | None
    section: str | None                 # the nearest heading above it
    fields: dict                        # field -> raw text
    toks: dict                          # field -> [(token, start, end)]
    spans: dict                         # field -> [(concept token, start, end)]
    present: frozenset = frozenset()    # every token of the document
    laws_edition: str = ""              # the WBF edition the text follows
    situations: tuple = ()              # (lang, phrase, [(token, start, end)]): data/situations/*.yaml

    @property
    def qkey(self) -> str:
        """The provision's identity: ``EDITION:KEY`` (``2007:16D``)."""
        return f"{self.laws_edition}:{self.key}"

    def row(self) -> tuple:
        """What the store keeps of it for a query: all but ``present`` and ``situations`` (kept apart,
        :attr:`Index.doc_sets` and :attr:`Index.sits`, read only for the candidates that need them)."""
        return (self.key, self.display, self.lang, self.authority, self.edition, self.heading, self.section,
                self.fields, self.toks, self.spans, frozenset(), self.laws_edition, ())


@dataclass
class Entry:
    """A term of a concept (or of a lexicon notion) as the query side matches it."""

    cid: str            # "@concept-id" or "~notion"
    lang: str
    text: str
    stems: tuple        # content stems, in order
    abbrev: bool        # an abbreviation: match only when written in capitals
    official: bool


@dataclass
class Index:
    """What the search reads. The mappings marked *lazy* may be read row by row from the store."""

    fingerprint: str
    meta: list                          # doc id -> (qualified key, lang): every document, small
    docs: object                        # lazy: doc id -> Doc
    postings: object                    # lazy: token -> ((doc id, BM25 share), ...)
    idf: dict                           # token -> idf (every token of the index)
    vocab: dict                         # lang -> {folded word: stem}
    stems: dict                         # lang -> set of stems present in docs (or terms)
    deletes: dict                       # lang -> lazy {word less at most one letter: [words]}
    doc_stems: dict                     # lang -> set of the stems of the texts and the glossary's terms
    stem_deletes: dict                  # lang -> lazy {stem less at most one letter: [stems]}
    stem_prefixes: dict                 # lang -> {first six letters: [stems]}
    entries: list                       # Entry
    entry_by_stem: dict                 # (lang, stem) -> [entry ids]
    concept_docs: dict                  # (concept token, lang) -> {stem: count} (labels + definition)
    concept_df: dict                    # (lang, stem) -> number of concept docs with it
    concept_labels: dict                # concept token -> {lang: label}
    by_key: dict                        # "EDITION:KEY" -> {lang: doc id}
    neighbours: dict                    # "EDITION:KEY" -> sorted neighbours (citations, both ways, same edition)
    ancestors: dict                     # "EDITION:KEY" -> qualified keys of the provisions above it
    cited_absent: dict                  # absent "EDITION:KEY" -> qualified keys citing it (same edition)
    n_docs: dict                        # lang -> number of docs ("*" for all)
    held: dict                          # "EDITION:KEY" -> languages whose text holds it (even empty)
    sit_vocab: dict                     # lang -> {folded word: stem} of the situations
    lang_editions: dict                 # lang of a text -> the edition its text follows
    editions: list                      # the editions of the Laws, oldest first (laws.editions)
    corresponds: dict                   # "EDITION:KEY" -> its correspondences [(key, edition, status, verified)]
    lineage: dict                       # "EDITION:KEY" -> "the same provision" across editions (laws.editions.lineage)
    sits: object                        # lazy: doc id -> its situations ((lang, phrase, [(token, start, end)]), ...)
    doc_sets: object                    # lazy: doc id -> (its text's tokens, its situations', each phrase's)
    heading_only: frozenset             # "EDITION:KEY" of the provisions that only lead into their parts
    lang_names: dict = field(default_factory=dict)   # "code:interface language" -> the query language's name (CLDR)
    word_stems: dict = field(default_factory=dict)   # lang -> lazy {folded word: its stem}: every word the index knows (text.seed)
    nb: dict = field(default_factory=dict)   # lang -> (lazy counts by "EDITION:KEY", totals, vocabulary size)
    memory: object = None               # the second stage's labelled queries (memory.Memory)
    model: object = None                # the second stage's model (rerank.Model)
    derived: dict = field(default_factory=dict)   # what queries compute once from the above (memo)

    def doc_langs(self, qkey: str) -> list[str]:
        """The languages whose text holds the provision ``EDITION:KEY``."""
        by_lang = self.by_key.get(qkey, {})
        return [lg for lg in self.lang_editions if lg in by_lang]
