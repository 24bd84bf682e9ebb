"""Search (graph/search/, cli/cmd_search.py): citation queries, queries across languages, typo
tolerance, headings ranked above body text, marked snippets, clear errors for bad queries, the CLI's
JSON. (Its recall is measured in benchmarks/bench_search.py, on the frozen split; the store of the
index in tests/graph/search/test_store.py.)"""
import json
import re

import pytest

from graph import glossary as G
from graph import search as S
from graph.search import query as Q
from graph.search import rank as RANK
from graph.search import results as R
from graph.search import text as TX
from laws import keys as K


@pytest.fixture(scope="session")
def index():
    return S.load_index()


def keys(query, lang=None, limit=3):
    return [h.key for h in S.search(query, lang, limit)]


# -- citations ------------------------------------------------------------------------------
@pytest.mark.parametrize("query,lang,key", [
    ("27b1a", None, "27B1a"),
    ("art. 16 B 1", "nl", "16B1"),
    ("artikel 75C", "nl", "75C"),
    ("Artículo 27B1(a)", "es", "27B1a"),
    ("Norma 8ª", "es", "AEB-AL.A.8"),
    ("40B2(c)(i)", "es", "40B2ci"),
])
def test_a_citation_goes_straight_to_its_provision(index, query, lang, key):
    hits = S.search(query, lang, 5)
    assert hits[0].key == key and hits[0].via == "citation"
    # then what it cites and what cites it, through the graph
    assert all(h.via in ("citation", "graph") for h in hits)
    assert {h.through for h in hits if h.via == "graph"} <= {key}


def test_a_citation_gives_the_other_languages_right_after():
    hits = S.search("Articolo 17 D 2", "it", 5)
    assert [(h.key, h.lang) for h in hits[:2]] == [("17D2", "it"), ("17D2", "es")]
    hits = S.search("17D2", "es", 5)
    assert [(h.key, h.lang) for h in hits[:2]] == [("17D2", "es"), ("17D2", "it")]
    assert hits[2].via == "graph"


def test_a_citation_of_an_absent_provision_gives_what_cites_it():
    res = S.run("artículo 90", "es")
    assert res.absent and res.key == "90"
    assert [h.key for h in res.hits] == ["17D4"] and res.hits[0].through == "90"


def test_a_citation_inside_words_is_boosted():
    hits = S.search("voz insuficiente, ver artículo 27C", "es", 3)
    assert hits[0].key == "27C" and hits[0].via == "citation"


# -- across languages -------------------------------------------------------------------------
@pytest.mark.parametrize("query,lang,targets", [
    ("onvoldoende bod", "nl", {"27", "27B"}),           # Law 27 is only in the Spanish text
    ("bieding voor de beurt", "nl", {"29", "29B"}),
    ("chiamata fuori turno", "it", {"29", "29B"}),
    ("licita insufficiente", "it", {"27", "27B"}),
    ("attacco coperto", "it", {"41A"}),                # Law 41 is only in the Dutch text
    ("alternativa lógica", "es", {"16B1a", "16B1b"}),   # so is Law 16
    ("insufficient bid", "en", {"27", "27B"}),         # no English text at all
])
def test_a_query_finds_a_law_only_another_language_holds(query, lang, targets):
    hits = S.search(query, lang, 3)
    assert targets & {h.key for h in hits}
    assert all(h.lang != lang for h in hits if h.key in targets)


def test_the_query_language_is_not_a_filter_but_comes_first_when_equally_good():
    # 17B is in the Spanish and the Italian texts: each query shows its own language's text
    assert [(h.key, h.lang) for h in S.search("dador", "es", 1)] == [("17B", "es")]
    assert [(h.key, h.lang) for h in S.search("distributore", "it", 1)] == [("17B", "it")]
    # a Dutch query gets Spanish provisions when only they answer
    assert {h.lang for h in S.search("ontoelaatbaar doublet", "nl", 5)} == {"es"}


def test_the_citation_graph_brings_the_provisions_a_hit_cites(index):
    found = 0
    for q, lang in [("onjuiste informatie", "nl"), ("informatie van een andere tafel", "nl"),
                    ("voz insuficiente", "es"), ("revisión de la subasta", "es")]:
        hits = S.search(q, lang, 20)
        graph = [h for h in hits if h.via == "graph"]
        found += len(graph)
        assert all(h.through in {x.key for x in hits if x.via != "graph"} for h in graph)
        # a neighbour is always of the edition of the hit it was found through: the Spanish 20C2
        # (2007) cites 41C, which the 2007 Laws' texts of the corpus do not hold: never the Dutch 41C (2017)
        for h in graph:
            assert h.qualified in index.neighbours[f"{h.laws_edition}:{h.through}"]
        assert ("2017:41C", "2007:20C2") not in {(h.qualified, f"2007:{h.through}") for h in graph}
    assert found


def test_glossary_concepts_are_reported(index):
    hit = S.search("gedekte uitkomst", "nl", 1)[0]
    assert hit.key == "41A" and "face-down-lead" in hit.concepts
    assert S.concept_label("face-down-lead", "nl", index) == "gedekte uitkomst"


@pytest.mark.parametrize("query,lang", [
    ("doblo fuera de turno", "es"), ("voz insuficiente", "es"), ("gedekte uitkomst", "nl"),
    ("board sbagliato", "it"), ("onvoldoende bod", "nl"), ("chiamata fuori turno", "it"),
])
def test_director_vocabulary(query, lang):
    expected = {"doblo fuera de turno": {"32"}, "voz insuficiente": {"27", "27B"}, "gedekte uitkomst": {"41A"},
                "board sbagliato": {"17D", "17D1"}, "onvoldoende bod": {"27", "27B"},
                "chiamata fuori turno": {"29", "29B"}}[query]
    assert expected & set(keys(query, lang))


# -- text analysis and typos ----------------------------------------------------------------
def test_folding_and_stemming():
    a = TX.Analyzer("es")
    assert [t.stem for t in a.tokens("DECLARACIONES Insuficientes") if not t.stop] == \
           [t.stem for t in a.tokens("declaración insuficiente")]
    assert [t.word for t in a.tokens("la voz del Árbitro") if not t.stop] == ["voz", "arbitro"]
    assert all(t.stop for t in TX.Analyzer("nl").tokens("de het van een"))
    assert not TX.Analyzer("it").tokens("contro")[0].stop  # a double, not "against"


@pytest.mark.parametrize("query,lang,target,typo", [
    ("declaracion insuficente", "es", {"27", "27B", "18D"}, "insuficente"),
    ("borad sbagliato", "it", {"17D"}, "borad"),
    ("gedekte uitkomts", "nl", {"41A"}, "uitkomts"),
    ("voces simlutáneas", "es", {"33"}, "simlutaneas"),
])
def test_typo_tolerance(query, lang, target, typo):
    res = S.run(query, lang, 3)
    assert target & {h.key for h in res.hits}
    assert typo in res.corrections


def test_correction_and_distance(index):
    assert TX.edit_distance("kitten", "sitting") == 3 and TX.edit_distance("abc", "acb") == 1
    assert Q.correct(index, "insuficente", "es") == "insuficiente"
    assert Q.correct(index, "xqzvw", "es") is None
    assert Q.detect_lang(index, "la voz fuera de turno") == "es"


def test_headings_rank_above_body_text():
    # «Voces simultáneas» heads Law 33; other provisions only say «voces» in their text
    hits = S.search("voces simultáneas", "es", 5)
    assert hits[0].key == "33" and hits[0].heading == "Voces simultáneas"
    # a heading the query says entirely comes before the sections that only repeat its words
    hits = S.search("gedekte uitkomst", "nl", 3)
    assert hits[0].key == "41A" and hits[0].heading == "Gedekte uitkomst"


def test_abbreviations_in_capitals():
    # «OI» is the LHO: 27A1 (the LHO accepts), right after or before 27B, the law of the insufficient bid
    # not accepted, whose parts all match and whose situations say «el OI rechaza la puja insuficiente»
    assert "27A1" in keys("el OI acepta la voz insuficiente", "es", 2)
    assert "@lho" in S.analyse(S.load_index(), "el OI acepta la voz insuficiente", "es").weights


def test_a_level_above_seven():
    # Law 38 has only a heading: its parts answer in its place (38B, 38C...), and it follows them
    for query, lang in [("apertura de 8 picas", "es"), ("bod boven zeven", "nl")]:
        got = keys(query, lang, 3)
        assert any(k == "38" or k.startswith("38") for k in got), (query, got)
    assert "38" in keys("bod boven zeven", "nl", 5)


# -- snippets -------------------------------------------------------------------------------
def test_snippet_marks_the_matched_words_verbatim(corpus):
    for query, lang in [("doblo fuera de turno", "es"), ("gedekte uitkomst", "nl"), ("board sbagliato", "it"),
                        ("pasó fuera de turno antes de que nadie abriera", "es")]:
        hits = S.search(query, lang, 3)
        assert re.findall(r"«([^»]+)»", hits[0].snippet), (query, hits[0].key, hits[0].snippet)
        for h in hits:
            if h.via == "graph":  # found through a neighbour: nothing of its own to mark
                continue
            marked = re.findall(r"«([^»]+)»", h.snippet)
            # found through its words: they are marked; through a situation or a heading it stands for, maybe none
            assert marked or h.via != "text", (query, h.key, h.snippet)
            p = corpus.get(K.from_canonical(h.key), h.lang)
            source = " ".join(" ".join([p.heading or "", p.own_text] + [n.text for n in p.notes]).split())
            for m in marked:
                assert m in source
            plain = h.snippet.replace("«", "").replace("»", "")
            for piece in re.split(r" — |…", plain):
                assert piece.strip() in source


def test_snippet_of_a_long_text_is_a_window_around_the_match():
    hit = next(h for h in S.search("cartones", "es", 5) if h.key == "AEB-AL.B.3")
    assert "«cartones»" in hit.snippet and len(hit.snippet.split()) <= R.SNIPPET_WORDS + 12


# -- bad queries ----------------------------------------------------------------------------
def test_a_query_of_mostly_unknown_words_is_still_searched():
    """A director's words are never refused for being unknown: what matches ranks, and only a
    query of which nothing matches says so."""
    hits = S.search("qzpx vvbnm klpq wxrt zzqe doblo ghtk mnbq pqoe", "es", 3)
    assert hits
    for q, lang in [("per ongeluk verkeerde biedkaart uit de box gepakt", "nl"),
                    ("paar vergeet steeds hun afspraken te melden, straffen?", "nl")]:
        assert S.search(q, lang, 3)


@pytest.mark.parametrize("query,error", [
    ("", S.EmptyQuery),
    ("   ", S.EmptyQuery),
    ("de la que", S.OnlyStopWords),
    ("¿?! … ;;", S.NoWords),
    ("zzyzx qwxkj", S.NoMatch),
    ("x" * 1500, S.TooLong),
    ("27Q", S.AbsentKey),
])
def test_bad_queries_raise_clear_errors(query, error):
    with pytest.raises(error) as e:
        S.search(query, "es")
    assert e.value.msgid.format(**e.value.params) == str(e.value)


def test_five_hundred_characters_of_noise(run_cli):
    import random

    rnd = random.Random(5)
    noise = " ".join("".join(rnd.choice("bcdfghjklmnpqrstvwxz") for _ in range(rnd.randint(3, 9)))
                     for _ in range(90))[:500]
    code, out, err = run_cli("search", noise, "--lang", "es")
    assert code == 2 and out == "" and "Traceback" not in err and "error" in err.lower() or "fout" in err


@pytest.mark.parametrize("argv,english", [
    (["search", "de", "la", "que"], "has only common words"),
    (["search"], "The query is empty"),
    (["search", "?!"], "has no words"),
    (["search", "voz", "--limit", "0"], "--limit must be between 1 and 100"),
    (["search", "27Q"], "27Q is not in the corpus"),
])
def test_cli_errors(run_cli, argv, english):
    code, out, err = run_cli(*argv)
    assert code == 2 and out == "" and english in err and "Traceback" not in err


def test_cli_errors_are_translated(run_cli):
    # only common words of each language («la» is a Dutch word: a drawer, which the situations use)
    for lang, words in (("es", ("de", "la", "que")), ("nl", ("de", "het", "een")), ("it", ("di", "la", "che"))):
        code, out, err = run_cli("search", *words, "--lang", lang)
        assert code == 2 and err and "has only common words" not in err and "Traceback" not in err
    code, out, err = run_cli("search", "de", "la", "que", "--lang", "es", "--json")
    assert code == 2 and json.loads(err)["query"] == "de la que"


# -- the command line -----------------------------------------------------------------------
def test_cli_json_fields(run_cli):
    code, out, err = run_cli("search", "doblo", "fuera", "de", "turno", "--lang", "es", "--json", "--limit", "5")
    assert code == 0, err
    rows = json.loads(out)
    assert isinstance(rows, list) and 1 <= len(rows) <= 5 and rows[0]["key"] == "32"
    for r in rows:
        assert {"key", "display", "lang", "langs", "score", "snippet", "via", "heading", "authority",
                "edition", "concepts"} <= set(r)
        assert r["via"] in ("citation", "text", "glossary", "graph") and r["lang"] in r["langs"]
    assert [r["score"] for r in rows] == sorted((r["score"] for r in rows), reverse=True)
    assert rows[0]["authority"] == "AEB" and rows[0]["edition"] == 2007 and "«" in rows[0]["snippet"]


def test_cli_text(run_cli):
    code, out, err = run_cli("search", "board", "sbagliato", "--lang", "it", "--limit", "2")
    assert code == 0 and "17D" in out and "«board sbagliato»" in out
    code, out, err = run_cli("search", "declaracion", "insuficente", "--limit", "2")
    assert code == 0 and "insuficente → insuficiente" in out
    code, out, err = run_cli("search", "artikel", "90")
    assert code == 0 and "17D4" in out


# -- the index ------------------------------------------------------------------------------
def test_index_covers_provisions_notes_and_concepts(index, corpus):
    indexed = {(d.key, d.lang) for d in index.docs}
    with_words = {(str(p.key), p.lang) for p in corpus.provisions() if p.heading or p.own_text or p.notes}
    assert indexed == with_words
    assert len(index.concept_labels) == len(G.load().concepts) >= 100
    # a note is indexed: the NBB's «Noot» on 16B2, first by its words (the second stage may prefer 40A3 for so
    # general a sentence: the labelled queries ask of the Regulating Authority's prohibitions there)
    ranked = RANK.first_stage(index, "Het Bondsbestuur heeft dit niet verboden", "nl")[1]
    assert ranked[0][0] == "2017:16B2"
    assert "16B2" in keys("Het Bondsbestuur heeft dit niet verboden", "nl", 5)


# -- through the termbase: every language's terms, whatever their status ------------------------
@pytest.mark.parametrize("q,lang,target", [
    ("bod boven zeven", "nl", "38"),            # a Dutch director, Law 38 only in the Spanish text
    ("bieding hoger dan 7", "nl", "38"),
    ("licita oltre il livello di sette", "it", "38"),
    ("voorspeelbeperkingen", "nl", "26"),       # the NBB's term outside the corpus (status federation)
    ("restrizioni d'attacco", "it", "26"),
    ("pas buiten de beurt", "nl", "30"),        # a variant the termbase avoids is still understood
])
def test_cross_lingual_search_through_the_termbase(q, lang, target):
    got = keys(q, lang)[:3]
    assert any(k == target or k.startswith(target) for k in got), got


# -- editions: a provision is (edition, key) -------------------------------------------------------
def test_every_hit_carries_its_edition(run_cli):
    for q, lang in [("doblo fuera de turno", "es"), ("gedekte uitkomst", "nl"), ("board sbagliato", "it")]:
        for h in S.search(q, lang, 5):
            assert h.laws_edition == {"es": "2007", "nl": "2017", "it": "2007"}[h.lang]
            assert h.to_dict()["laws_edition"] == h.laws_edition and h.qualified == f"{h.laws_edition}:{h.key}"
    code, out, err = run_cli("search", "27B1(a)", "--limit", "1")
    assert code == 0 and "27B1(a)" in out and "[es · AEB · 2007 Laws]" in out


def test_a_key_absent_from_one_edition_points_to_its_correspondence(run_cli):
    res = S.run("2007:16D")
    assert res.absent and res.edition == "2007"
    first = res.hits[0]
    assert (first.qualified, first.via, first.status) == ("2017:16C", "correspondence", "renumbered")
    # the provisions citing 2007:16D are of the 2007 Laws only
    assert all(h.laws_edition == "2007" for h in res.hits[1:]) and "27B1a" in {h.key for h in res.hits}
    # a bare key held by one edition: that edition's provision, and what the other edition has
    res = S.run("16C", "es")
    assert res.hits[0].qualified == "2017:16C" and not res.editions["2007"]["present"]
    assert [(c["key"], c["status"]) for c in res.editions["2017"]["corresponds"]] == [("16D", "renumbered")]
    with pytest.raises(S.AbsentInEdition) as e:
        S.run("2007:16C")
    assert "2017:16C" in str(e.value) and "2017:16D (renumbered)" in str(e.value)
    code, out, err = run_cli("search", "2007:16D", "--limit", "3")
    assert code == 0 and "2007:16D" in out and "2017:16C (renumbered)" in out


def test_a_key_of_both_editions_gives_both_provisions_labelled():
    # 40B3 is two different provisions: es (2007, varying agreements) and nl (2017, its parts a, b)
    hits = S.search("40B3", None, 10)
    eds = {(h.laws_edition, h.key) for h in hits if h.via == "citation"}
    assert ("2007", "40B3") in eds and ("2017", "40B3a") in eds
    assert [h.laws_edition for h in S.search("2017:40B3", None, 5) if h.via == "citation"] == ["2017", "2017"]


def test_no_graph_edge_crosses_editions(index):
    for a, ns in index.neighbours.items():
        assert all(n.split(":")[0] == a.split(":")[0] for n in ns), a
    for a, ns in index.cited_absent.items():
        assert all(n.split(":")[0] == a.split(":")[0] for n in ns), a


# -- ranking: whose turn it was, and a term's words close together -------------------------------
@pytest.mark.parametrize("q,lang,target", [
    ("declaración fuera de turno en el turno del compañero", "es", "31B"),
    ("bod voor de beurt op de beurt van partner", "nl", "31B"),
    ("licita fuori turno al turno del compagno", "it", "31B"),
])
def test_at_partners_turn(q, lang, target):
    assert target in keys(q, lang)[:3]


def test_a_term_said_in_other_words_of_one_sentence(index):
    # the NBB's 16B1: «informatie van de partner ... is ongeoorloofd»
    text, _, _ = index.doc_sets[index.by_key["2017:16B1"]["nl"]]
    assert "@unauthorized-information" in text
    assert {"16B1", "16B"} & set(keys("unauthorized information from partner", "en")[:3])


@pytest.mark.parametrize("query, lang, targets", [
    # director vocabulary (usual terms of the glossary), never the texts' words
    ("gelijktijdig geboden door twee spelers", "nl", {"33"}),
    ("un lapsus al dar la voz", "es", {"25A", "25A1"}),
    ("bod te laag", "nl", {"27", "27B", "18D"}),
    # notions of the search lexicon, across languages
    ("passo fuori turno prima di ogni licita", "it", {"30A"}),
    ("tres pasos seguidos", "es", {"17E2", "22A2", "34"}),
    # 16D has only a heading: its parts 16D1 and 16D2 answer in its place
    ("informatie van een andere tafel over dit spel", "nl", {"16D", "16D1", "16D2"}),
])
def test_director_words_and_notions_find_the_provision(query, lang, targets):
    assert targets & set(keys(query, lang, 3))


def test_a_usual_term_is_read_but_never_shown_as_official(index):
    # «lapsus» is a usual term of the unintended call: the query reads it, the label stays the AEB's
    q = S.analyse(index, "lapsus", "es")
    assert "@unintended-call" in q.concepts
    assert S.concept_label("unintended-call", "es", index) == "voz no intencionada"


@pytest.mark.parametrize("query, lang", [("el bando infractor", "es"), ("de overtredende partij", "nl"),
                                         ("la linea colpevole", "it")])
def test_a_term_with_a_negation_needs_the_negation(index, query, lang):
    concepts = S.analyse(index, query, lang).concepts
    assert "@offending-side" in concepts and "@non-offending-side" not in concepts


@pytest.mark.parametrize("query,lang", [("Oeste pone la salida boca arriba", "es"), ("Ovest passa fuori turno", "it"),
                                        ("Zuid opent en West past", "nl")])
def test_a_seat_is_never_read_as_another_word(query, lang):
    # «oeste» is not a typo of «este» (East): the reading shown to the director would name the wrong seat
    r = S.run(query, lang, 3)
    assert not set(r.corrections) & {"oeste", "ovest", "zuid", "west"}, r.corrections
