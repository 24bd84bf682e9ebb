"""The multilingual glossary (laws/data/glossary.yaml, graph/glossary.py): terms with status
``found`` found verbatim in their texts, ``federation`` terms with the source that shows them,
``usual`` ones never presented as the federation's, a label in every language, provisions found
automatically, definitions translated, clear errors for a bad file."""
import re
import unicodedata

import pytest

from graph import glossary as Gl
from i18n import translator
from laws.corpus import LANGS

REQUIRED = [
    "call", "bid", "pass", "double", "redouble", "insufficient-bid", "call-out-of-rotation", "offender",
    "lho", "rho", "partner", "director", "declarer", "dummy", "defender", "opening-lead", "face-down-lead",
    "lead-restrictions", "board", "auction", "auction-period", "clarification-period", "final-pass",
    "contract", "denomination", "unauthorized-information", "authorized-information", "logical-alternative",
    "misinformation", "mistaken-explanation", "mistaken-call", "adjusted-score", "artificial-adjusted-score",
    "assigned-adjusted-score", "artificial-call", "alert", "system-card", "partnership-understanding",
    "psychic-call", "revoke", "penalty-card", "withdrawn-call", "cancelled-call", "change-of-call",
    "unintended-call", "inadmissible-call", "regulating-authority", "procedural-penalty", "rectification",
    "non-offending-side", "offending-side", "vulnerable", "trick", "level", "rank-of-denominations",
    "doubled-contract", "screen", "convention", "special-partnership-understanding",
    "review-of-the-auction", "explanation", "hesitation",
]


@pytest.fixture(scope="module")
def g(corpus):
    return Gl.load(corpus=corpus)


@pytest.fixture(scope="module")
def texts(corpus):
    """Each language's texts: headings, provisions and notes."""
    return {lg: "\n".join("\n".join([p.heading or "", p.text, p.tail] + [n.text for n in p.notes])
                          for p in corpus.provisions(lg)) for lg in LANGS}


def test_at_least_70_concepts_with_the_required_ones(g):
    assert len(g) >= 70
    ids = [c.id for c in g]
    assert len(ids) == len(set(ids))
    assert not [r for r in REQUIRED if r not in ids]
    for c in g:
        assert re.fullmatch(r"[a-z][a-z0-9-]*", c.id) and c.en and c.definition


def test_every_found_label_is_found_verbatim_in_its_language(g, texts):
    """Case-insensitive, whole words, accents as written: the term exactly as the text uses it."""
    checked = 0
    for c in g:
        for lg in LANGS:
            for t in c.terms.get(lg, []):
                if not t.found:
                    continue
                pat = r"(?<![\w-])" + r"\s+".join(map(re.escape, t.text.split())) + r"(?![\w-])"
                assert re.search(pat, texts[lg], re.IGNORECASE), f"{c.id}: {lg} {t.text!r} is not in the {lg} texts"
                checked += 1
    assert checked > 150
    assert g.check() == []


def test_the_verbatim_check_can_fail(g, texts):
    # "onvoldoende bod" is the NBB's usual term but not in the Dutch laws of the corpus
    assert not Gl.verbatim_pattern("onvoldoende bod").search(texts["nl"])
    assert not Gl.verbatim_pattern("arbitro").search("llamar al árbitro")  # accents count
    assert not Gl.verbatim_pattern("overtredende partij").search("de niet-overtredende partij")
    bad = Gl.Glossary([Gl.Concept("x", "x", (), {"es": [Gl.Term("declaración supersónica", "es", "found", True)]}, "d")], g.corpus)
    assert bad.check() == [("x", "es", "declaración supersónica")]


def test_labels_in_each_language(g):
    n = {lg: sum(1 for c in g if c.is_official(lg)) for lg in LANGS}
    assert n["es"] >= 70 and n["nl"] >= 40 and n["it"] >= 15, n
    c = g.get("lho")
    assert c.label("en") == "left-hand opponent" and "LHO" in c.en_alt
    assert c.label("es") == "oponente de la izquierda" and "OI" in [t.text for t in c.terms["es"]]
    assert c.label("nl") == "LT" and c.is_official("nl")
    assert [(t.text, t.status) for t in c.terms["nl"]] == [("LT", "found"), ("linkertegenstander", "usual")]
    assert c.label("it") == "avversario di sinistra" and c.is_official("it")
    rho = g.get("rho")
    assert "OD" in [t.text for t in rho.terms["es"]] and rho.status("nl") == "federation" and rho.label("nl") == "RT"
    ib = g.get("insufficient-bid")
    assert (ib.label("es"), ib.status("es")) == ("declaración insuficiente", "found")
    # the NBB's and FIGB's own terms, in laws this corpus does not hold: official, not "usual"
    assert (ib.label("nl"), ib.status("nl"), ib.is_official("nl")) == ("onvoldoende bod", "federation", True)
    assert (ib.label("it"), ib.status("it"), ib.is_official("it")) == ("licita insufficiente", "federation", True)
    assert g.get("denomination").label("nl") == "speelsoort" and "denominatie" in g.get("denomination").avoided("nl")
    assert g.get("psychic-call").status("nl") == "usual" and not g.get("psychic-call").is_official("nl")
    assert g.get("director").label("it") == "Arbitro" and g.get("director").is_official("it")
    assert g.get("revoke").official_terms() == []


def test_every_concept_has_a_label_in_every_language(g):
    for c in g:
        for lg in ("en", *LANGS):
            assert c.label(lg), (c.id, lg)
            assert c.status(lg) in Gl.STATUSES


def test_federation_terms_name_a_source_that_exists(g):
    sources = Gl.sources()
    n = 0
    for c in g:
        for lg in LANGS:
            for t in c.terms.get(lg, []):
                assert (t.source in sources) if t.status == "federation" else t.source is None, (c.id, lg, t)
                n += t.status == "federation"
    assert n >= 40
    assert all(s["url"].startswith("http") and s["title"] for s in sources.values())
    d = Gl.to_dict(g, g.get("insufficient-bid"), translator("en"))
    assert d["labels"]["nl"]["status"] == "federation" and d["labels"]["nl"]["source"]["url"].startswith("https://keesboek.com")


@pytest.mark.parametrize("entry,error", [
    ("{label: x, status: official}", "unknown status 'official'"),
    ("{label: x, status: federation}", "no source"),
    ("{label: x, status: federation, source: nowhere}", "unknown source 'nowhere'"),
    ("{label: x, source: nbb}", "a source only goes with status federation"),
    ("{label: x, status: usual, usual: [y]}", "'usual' terms only go next to"),
])
def test_bad_status_or_source_is_reported_with_line_and_fix(tmp_path, entry, error):
    f = tmp_path / "glossary.yaml"
    f.write_text("sources:\n  nbb: {title: NBB, url: \"https://example.org\"}\nconcepts:\n"
                 f"- id: a\n  en: a\n  nl: {entry}\n  definition: \"d\"\n", encoding="utf-8")
    with pytest.raises(Gl.GlossaryError) as e:
        Gl.parse(f)
    assert error in str(e.value) and ":6" in str(e.value)


def test_unofficial_terms_are_never_presented_as_official(g):
    t = translator("en")
    for c in g:
        d = Gl.to_dict(g, c, t)
        for lg in LANGS:
            ts = c.terms.get(lg)
            if not ts:
                assert lg not in d["labels"]
                continue
            lab = d["labels"][lg]
            assert lab["official"] == ts[0].official
            official = {x.text for x in ts if x.official}
            assert ({lab["label"], *lab["alt"]} <= official) if lab["official"] else not ({lab["label"], *lab["alt"]} & official)
            assert not set(lab["unofficial"]) & official


def _fold(s):
    return "".join(ch for ch in unicodedata.normalize("NFD", s) if unicodedata.category(ch) != "Mn").lower()


def test_provisions_are_found_by_the_official_terms(g, corpus):
    found = g.found()
    for c in g:
        for key, by_lang in found[c.id].items():
            for lg, words in by_lang.items():
                p = corpus.get(key, lg)
                body = "\n".join([p.heading or "", p.own_text] + [n.text for n in p.notes])
                assert c.official_terms(lg) and all(w in body for w in words), (c.id, key, lg, words)
                assert all(any(Gl.term_pattern(t.text, lg).fullmatch(_fold(w)) for t in c.official_terms(lg)) for w in words)
    ids = lambda cid: [str(k) for k in g.provisions(cid)]  # noqa: E731
    assert {"18D", "27A1", "27B1a"} <= set(ids("insufficient-bid"))
    assert "25B3" in ids("withdrawn-call")  # "las voces retiradas": plural, inflected adjective
    k = next(k for k in found["unauthorized-information"] if str(k) == "19A3")
    assert found["unauthorized-information"][k] == {"es": ["información no autorizada"]}  # as the text writes it
    assert "AEB-AL.A.7" in ids("director")  # "al Arbitro" without its accent
    assert "16C1" not in ids("offending-side")  # only "niet-overtredende partij" there
    assert "16C1" in ids("non-offending-side")
    assert "17D2" in ids("cancelled-call") and found["cancelled-call"][next(k for k in found["cancelled-call"] if str(k) == "17D2")].keys() == {"es", "it"}
    assert "41A" in ids("face-down-lead") and "12C1d" in ids("artificial-adjusted-score")
    assert "50" in ids("penalty-card")  # see_also: the absent Law 50
    assert ids("revoke") == []


def test_about_is_the_inverse_of_provisions(g, corpus):
    for key in ["27B1a", "16B1a", "17D2", "AEB-AL.A.8"]:
        k = next(x for x in corpus.keys() if str(x) == key)
        about = g.about(k)
        assert about and all(k in g.provisions(cid) for cid in about)
        assert {c.id for c in g if k in g.provisions(c.id)} == set(about)


def test_term_patterns_handle_plurals_and_folding():
    cases = [("voz", "es", "las voces anteriores", True), ("declaración insuficiente", "es", "DECLARACIONES INSUFICIENTES", True),
             ("bieding", "nl", "de biedingen", True), ("afspraak", "nl", "afspraken", True),
             ("chiamata", "it", "chiamate", True), ("colpevole", "it", "i colpevoli", True),
             ("paso", "es", "pasaporte", False), ("OI", "es", "el oido", False), ("pas", "nl", "aan te passen", False)]
    for term, lang, text, hit in cases:
        assert bool(Gl.term_pattern(term, lang).search(Gl.fold(text))) is hit, (term, text)


def test_definitions_are_translated(g):
    for lg in LANGS:
        t = translator(lg)
        for c in g:
            assert t.gettext(c.definition) != c.definition, (lg, c.id)
            if c.note:
                assert t.gettext(c.note) != c.note, (lg, c.id)


def test_lookup(g):
    assert [c.id for c in g.lookup("OI")] == ["lho"]
    assert [c.id for c in g.lookup("insufficient-bid")] == ["insufficient-bid"]
    assert [c.id for c in g.lookup("Declaración Insuficiente")] == ["insufficient-bid"]
    assert [c.id for c in g.lookup("wedstrijdleider")] == ["director"]
    assert "adjusted-score" in [c.id for c in g.lookup("arbitrale", "nl")]
    assert g.lookup("arbitrale", "es") == []
    with pytest.raises(Gl.TermNotFound) as e:
        g.find("insuficent bid")
    assert "insufficient-bid" in e.value.suggestions


@pytest.mark.parametrize("body,message", [
    ("concepts:\n- id: a\n  en: a\n", "no definition"),
    ("concepts:\n- id: a\n  en: a\n  definition: d\n- id: a\n  en: b\n  definition: d\n", "used twice"),
    ("concepts:\n- id: a\n  en: a\n  definition: d\n  colour: red\n", "unknown field"),
    ("concepts:\n- id: Bad Id\n  en: a\n  definition: d\n", "bad or missing id"),
    ("concepts:\n- id: a\n  en: a\n  definition: d\n  es: {alt: [x]}\n", "no label"),
    ("concepts:\n- id: a\n  en: a\n  definition: d\n  es: {label: x, official: false}\n", "unknown field(s) ['official']"),
    ("concepts:\n- id: a\n  en: a\n  definition: d\n  see_also: [Law twenty]\n", "see_also"),
    ("concepts: 3\n", "list 'concepts'"),
])
def test_bad_glossary_files_are_reported_with_their_line(tmp_path, body, message):
    f = tmp_path / "glossary.yaml"
    f.write_text(body, encoding="utf-8")
    with pytest.raises(Gl.GlossaryError) as e:
        Gl.parse(f)
    assert message in str(e.value) and str(f) in str(e.value)
