"""Editions of the Laws (issue 10): a provision is (edition, key); citations resolve in the edition of
the text they stand in; the correspondence table 2007 <-> 2017 is reviewed data, loaded with
file:line errors and checked against the texts; `show`, `refs`, the graph and the ELI export carry
the edition; nothing crosses editions but the table's correspondences (laws/editions.py).

The examples of a provision absent from an edition (2007 16D, cited by the AEB's text; 2017 17D,
cited by the NBB's) are facts of the seed documents: those tests read the seed corpus (the
``seed_corpus`` fixture), so that a page imported into the project's corpus does not make them false.
The properties (the table covers every key, no citation crosses editions) hold on the corpus as it is."""
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from laws import datafile
from laws import editions as E
from laws.keys import parse_key as k

APP = str(Path(__file__).resolve().parents[2] / "app.py")


# -- publications -----------------------------------------------------------------------------------
def test_every_publication_records_the_edition_it_follows(corpus):
    """The FIGB Codice carries 2017 but its Articolo 17 has the 2007 structure."""
    assert E.edition_of_publication("es-aeb-2007") == "2007"
    assert E.edition_of_publication("nl-nbb-2017") == "2017"
    assert E.edition_of_publication("it-figb-2017") == "2007"
    it = corpus.get(k("17"), "it")
    assert it.pub.edition == 2017 and it.laws_edition == "2007" and "Articolo 16" in it.pub.evidence
    # the evidence, from the text itself: 17D the wrong board, 17E the end of the auction period,
    # 17E2 sends cancelled calls to 16D (2017: 15A, 17D, 16C)
    assert corpus.get(k("17D"), "it").heading == "Carte da un board sbagliato"
    assert corpus.get(k("17E"), "it").heading == "Fine del periodo licitativo"
    assert [q for c in corpus.get(k("17E2"), "it").citations for q in c.qualified_keys] == ["2007:16D"]
    with pytest.raises(E.EditionError):
        E.edition_of_publication("fr-ffb-2017")


def test_a_publication_file_error_names_file_and_line(tmp_path):
    f = tmp_path / "publications.yaml"
    f.write_text('es-aeb-2007:\n  lang: "es"\n  authority: "AEB"\n  year: 2007\n  laws_edition: "2009"\n'
                 '  source_title: "x"\n  source: "x"\n  evidence: "x"\n')
    with pytest.raises(E.TableError) as e:
        E.read_publications(f)
    assert e.value.line == 2 and "2009" in e.value.message and e.value.fix


# -- identity and citations --------------------------------------------------------------------------
@pytest.mark.parametrize("lang,citing,words,cited", [
    ("es", "27B1a", "Artículo 16D", "2007:16D"),      # «El Artículo 16D no se aplica»
    ("es", "17E2", "Artículo 16D", "2007:16D"),
    ("es", "21B2", "Artículo 16D", "2007:16D"),
    ("es", "25B3", "Artículo 16D", "2007:16D"),
    ("es", "26A1", "Artículo 16D", "2007:16D"),
    ("es", "28B", "Artículo 16D2", "2007:16D2"),
    ("it", "17E2", "Articolo 16 del Codice di Gara paragrafo D", "2007:16D"),
    ("nl", "21B1a", "artikel 17D", "2017:17D"),       # «zie artikel 17D»: the 2017 end of the auction period
    ("nl", "16A1b", "C", "2017:16C"),
    ("es", "20F4", "40B4", "2007:40B4"),
])
def test_cross_edition_citations_resolve_in_their_texts_edition(corpus, lang, citing, words, cited):
    p = corpus.get(k(citing), lang)
    found = {q: c.words for c in p.citations for q in c.qualified_keys}
    assert cited in found and words in found[cited], found


@pytest.mark.parametrize("cited,present,corr", [
    ("2007:16D", False, [("16C", "2017", "renumbered")]),
    ("2007:16D2", False, [("16C2", "2017", "renumbered")]),
    ("2017:17D", False, [("17E", "2007", "changed"), ("22B", "2007", "renumbered")]),
    ("2007:40B4", True, [("40B3", "2017", "renumbered"), ("40B3a", "2017", "renumbered")]),
    ("2007:17E", True, [("17D", "2017", "changed")]),
])
def test_absent_or_present_in_its_edition_with_its_correspondence(seed_corpus, cited, present, corr):
    ed, key = E.split_qualified(cited)
    assert seed_corpus.has(k(key), edition=ed) is present
    assert [(c.key, c.laws_edition, c.status) for c in E.corresponding(ed, key)] == corr


def test_the_api_keeps_working_with_a_language(seed_corpus):
    """get(key, lang) is that language's edition: never the other edition's text."""
    corpus = seed_corpus
    assert corpus.get(k("16D"), "es") is None and corpus.get(k("16D"), "nl").laws_edition == "2017"
    assert corpus.get(k("16D"), edition="2007") is None
    assert corpus.has(k("16D")) and not corpus.has(k("16D"), "es") and not corpus.has(k("16D"), edition="2007")
    assert corpus.langs_of(k("17D"), "2007") == ["es", "it"] and corpus.langs_of(k("17D"), "2017") == []
    assert corpus.langs_of(k("40B3"), "2007") == ["es"] and corpus.langs_of(k("40B3"), "2017") == ["nl"]
    assert {p.key.display for p, _ in corpus.cited_by(k("16D"), edition="2007")} == \
        {"17E2", "21B2", "25B3", "26A1", "27B1(a)"}
    assert corpus.cited_by(k("16D"), edition="2017") == []
    assert ("2007", k("16D")) in corpus.absent_cited_qualified()
    assert ("2017", k("16D")) not in corpus.absent_cited_qualified()


def test_no_citation_crosses_editions(corpus):
    """A property over every citation of the corpus: it carries its text's edition."""
    for p in corpus.provisions():
        for c in p.citations:
            assert c.edition == p.laws_edition == E.edition_of_publication(p.pub.id)


# -- the correspondence table ----------------------------------------------------------------------
def test_the_table_covers_every_key_held_and_cited(corpus):
    t = E.read_table()
    for ed, key in corpus.qualified_keys() + corpus.absent_cited_qualified():
        if key.__class__.__name__ == "LawKey":
            assert t.of(ed, key), f"{ed}:{key}"
    assert E.check_table(corpus) == []


def test_the_table_agrees_with_the_texts(corpus):
    """es 40B4 (damage from non-disclosure) is the NBB's 40B3 (which has (a) and (b)); es 40B3 (RA may
    forbid varying agreements) is another provision: no row joins the two 40B3 as the same."""
    t = E.read_table()
    rows_40b3 = [(r.older, r.newer, r.status) for r in t.rows if "40B3" in (r.older, r.newer)]
    assert ("40B4", "40B3", "renumbered") in rows_40b3
    assert not any(a == b == "40B3" for a, b, _ in rows_40b3)
    es40b4, nl40b3a = corpus.get(k("40B4"), "es"), corpus.get(k("40B3a"), "nl")
    assert "puntuación ajustada" in es40b4.text and "arbitrale score" in nl40b3a.text
    unverified = [r for r in t.rows if not r.verified]
    assert unverified and all(r.note for r in unverified)
    assert all(s in t.sources for r in t.rows for s in r.source)


def _table(tmp_path, rows: str):
    f = tmp_path / "t.yaml"
    f.write_text('editions: ["2007", "2017"]\nsources:\n  X: "https://example.org"\nrows:\n' + rows)
    return f


@pytest.mark.parametrize("row,message", [
    ('  - {"2007": "16D", "2017": "16C", status: same, source: "X"}', "does not fit"),
    ('  - {"2007": "16D", "2017": "16C", status: moved, source: "X"}', "unknown status"),
    ('  - {"2007": "16D", "2017": "16C", status: renumbered, source: "Y"}', "unknown source"),
    ('  - {"2007": "16D", "2017": "16C", status: renumbered}', "no source"),
    ('  - {"2007": "16D", "2017": "16C", status: renumbered, source: "X", verified: false}', "note"),
    ('  - {"2007": "16 D x", "2017": "16C", status: renumbered, source: "X"}', "canonical"),
    ('  - {"2007": "16D", status: deleted, source: "X"}', 'no "2017"'),
])
def test_a_bad_row_is_refused_with_file_line_and_fix(tmp_path, row, message):
    f = _table(tmp_path, '  - {"2007": "17A", "2017": "17A", status: same, source: "X"}\n' + row + "\n")
    with pytest.raises(E.TableError) as e:
        E.read_table(f)
    assert e.value.line == 6 and message in e.value.message and e.value.fix and str(f) in str(e.value)


def test_check_finds_a_key_without_row_and_a_row_against_the_texts(corpus, tmp_path, monkeypatch):
    """`rulebook check` fails on a held key that no row covers, and on a row naming a key that a
    complete text of its edition does not have (the AEB text holds all of Law 27: no 27E)."""
    from laws import check

    src = E.table_file("2007", "2017").read_text(encoding="utf-8")
    bad = src.replace('  - {"2007": "27D", "2017": "27D"', '  - {"2007": "27E", "2017": "27E"', 1)
    assert bad != src
    f = tmp_path / "2007-2017.yaml"
    f.write_text(bad, encoding="utf-8")
    monkeypatch.setattr(E, "table_file", lambda a, b: f)
    found = [x for x in E.check_table(corpus) if x.level == "error"]
    assert any("2007:27D" in x.message and "no row" in x.message for x in found)
    assert any("2007:27E" in x.message and "has no 27E" in x.message and x.where.startswith(str(f)) for x in found)
    assert "editions" in check.EXTRA


# -- the functions rulings call ---------------------------------------------------------------------
def test_changed_on_trail():
    out = E.changed_on_trail(["27A1", "27B1a", "16D", "27B1a"], "2007")
    assert [(d["key"], d["other_key"], d["other_edition"], d["status"]) for d in out] == [
        ("27B1a", "27B1a", "2017", "changed"), ("16D", "16C", "2017", "renumbered")]
    assert E.changed_on_trail(["27A1", "18A"], "2007") == []
    assert [d["other_key"] for d in E.changed_on_trail(["21B1a"], "2017")] == ["21B1a"] or \
        E.changed_on_trail(["21B1a"], "2017") == []  # reworded only: not listed
    with pytest.raises(E.EditionError):
        E.changed_on_trail(["16D"], "2011")


@given(st.sampled_from(E.read_table().rows))
@settings(max_examples=60, deadline=None)
def test_correspondence_is_symmetric(row):
    """Every row reads both ways: the older key corresponds to the newer key and back."""
    (old, a), (new, b) = row.keys
    if a and b:
        assert (b, row.status) in [(c.key, c.status) for c in E.corresponding(old, a, new)]
        assert (a, row.status) in [(c.key, c.status) for c in E.corresponding(new, b, old)]
    else:
        ed = old if a else new
        assert (None, row.status) in [(c.key, c.status) for c in E.corresponding(ed, row.key(ed))]


@given(st.sampled_from(["2007", "2017", 2007, " 2017 "]), st.text(alphabet="0123456789ABCDabcd", min_size=1, max_size=5))
def test_qualified_keys_round_trip(edition, key):
    ed = E.check_edition(edition)
    assert E.split_qualified(E.qualified(ed, key)) == (ed, key)


# -- the command line ------------------------------------------------------------------------------
def _on(run_cli, data):
    """The CLI reading the corpus of ``data``."""
    return lambda *a: run_cli("--data", data, *a)


def test_show_40B3_in_each_edition_gives_two_texts(run_cli, seed_data, seed_corpus):
    corpus, run = seed_corpus, lambda *a: run_cli("--data", seed_data, *a)
    code, out, _ = run("show", "40B3", "--edition", "2007", "--json")
    d07 = json.loads(out)
    code2, out, _ = run("show", "40B3", "--edition", "2017", "--json")
    d17 = json.loads(out)
    assert code == code2 == 0 and d07["laws_edition"] == "2007" and d17["laws_edition"] == "2017"
    assert d07["lang"] == "es" and d17["lang"] == "nl" and d07["available_langs"] == ["es"]
    assert d07["provision"]["text"] == corpus.get(k("40B3"), "es").own_text
    assert [c["key"] for c in d17["children"]] == ["40B3a", "40B3b"]
    assert d07["other_languages"]["nl"] is None and d17["other_languages"]["es"] is None
    assert [(c["key"], c["status"]) for c in d17["corresponds"]] == [("40B4", "renumbered")]
    # without --edition: both hold it; the edition of the first text (es) is shown, and said
    code, out, _ = run("show", "40B3", "--json")
    d = json.loads(out)
    assert d["laws_edition"] == "2007" and d["edition_choice"] == "first_text"
    code, out, _ = run_cli("show", "2017:40B3")
    assert code == 0 and "NBB" in out and "2017" in out


def test_show_an_absent_provision_of_an_edition(run_cli, seed_data):
    run_cli = _on(run_cli, seed_data)
    code, out, err = run_cli("show", "16D", "--edition", "2007", "--json")
    d = json.loads(err)
    assert code == 2 and out == "" and d["absent"] is True and d["laws_edition"] == "2007"
    assert "27B1(a) (es)" in d["cited_by"] and "17E2 (it)" in d["cited_by"]
    assert all(c["laws_edition"] == "2007" for c in d["cited_by_detail"])
    assert [(c["key"], c["laws_edition"], c["status"], c["langs"]) for c in d["corresponds"]] == \
        [("16C", "2017", "renumbered", ["nl"])]
    code, _, err = run_cli("show", "2007:16D")
    assert code == 2 and "2017 16C" in err and "renumbered" in err
    code, _, err = run_cli("show", "17D", "--lang", "nl")
    assert code == 2 and "2007 17E" in err
    code, _, err = run_cli("show", "16D", "--edition", "2011")
    assert code == 2 and "2011" in err


def test_show_json_items_carry_their_edition(run_cli, seed_data):
    run_cli = _on(run_cli, seed_data)
    code, out, _ = run_cli("show", "27B1a", "--json")
    d = json.loads(out)
    assert d["laws_edition"] == "2007" and d["publication"]["id"] == "es-aeb-2007"
    cites = {c["key"]: c for c in d["cites"]}
    assert cites["16D"]["laws_edition"] == "2007" and cites["16D"]["present"] is False and cites["16D"]["langs"] == []
    assert [(x["key"], x["status"]) for x in cites["16D"]["corresponds"]] == [("16C", "renumbered")]
    assert cites["27D"]["present"] and cites["27D"]["langs"] == ["es"]
    assert all(c["laws_edition"] == "2007" for c in d["cited_by"])
    code, out, _ = run_cli("show", "16D", "--json")  # only 2017 holds it
    d = json.loads(out)
    assert d["laws_edition"] == "2017" and d["lang"] == "nl" and d["edition_choice"] == "only"
    assert d["cited_by"] == [] and d["other_edition"]["present"] is False
    assert {c["key"] for c in d["other_edition"]["cited_by"]} >= {"27B1a", "17E2"}


def test_list_rows_carry_laws_edition(run_cli):
    code, out, _ = run_cli("list", "--json")
    rows = json.loads(out)
    assert rows and all(r["laws_edition"] == E.edition_of_publication(r["publication"]) for r in rows)


# -- graph and open data ---------------------------------------------------------------------------
def test_graph_nodes_and_edges_per_edition(seed_data, seed_corpus):
    from graph.build import build

    with datafile.using_data(seed_data):
        G = build(seed_corpus)
    assert not G.nodes["2007:16D"]["present"] and G.nodes["2017:16D"]["present"]
    assert G.nodes["2007:40B3"]["texts"]["es"]["text"] != G.nodes["2017:40B3"]["texts"].get("es", {}).get("text")
    for u, v, key in G.edges(keys=True):
        same = G.nodes[u]["laws_edition"] == G.nodes[v]["laws_edition"]
        assert same or key == "corresponds", (u, v, key)
    assert G.has_edge("2007:27B1a", "2007:16D", key="cites") and not G.has_edge("2007:27B1a", "2017:16D")
    assert G.has_edge("2017:21B1a", "2017:17D", key="cites") and not G.has_edge("2017:21B1a", "2007:17D")


def test_eli_export_has_no_cites_across_editions(corpus):
    from rdflib import URIRef

    from graph import rdf
    from graph.namespaces import ELI, RB

    g = rdf.to_rdf(corpus=corpus, glossary=False)
    ed = {s: str(o) for s, o in g.subject_objects(RB.lawsEdition)}
    cites = list(g.subject_objects(ELI.cites))
    assert cites and all(ed[s] == ed[o] for s, o in cites)
    base = "https://w3id.org/bridge-rulebook/law/"
    assert (URIRef(base + "2007/27/B/1/a"), ELI.cites, URIRef(base + "2007/16/D")) in g
    assert (URIRef(base + "2007/16/D"), RB.correspondsTo, URIRef(base + "2017/16/C")) in g


# -- the app ---------------------------------------------------------------------------------------
def test_app_links_and_previews_stay_in_their_edition(seed_data, monkeypatch):
    """In the Dutch interface (2017), the Spanish 27B1(a)'s «Artículo 16D» links to 2007:16D and
    previews it as absent, never the NBB's 16D."""
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv(datafile.ENV_DATA, str(seed_data))
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = "nl"
    at.query_params["law"] = "27B1a"
    at.run()
    assert not at.exception
    md = "\n".join(m.value for m in at.markdown)
    assert "law=2007%3A16D" in md
    assert "Ingeval een bieding" not in md            # the 2017 16C text is not previewed as 16D
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = "nl"
    at.query_params["law"] = "2007:16D"
    at.run()
    # absent in 2007 (information, not an error); the 2017 16C offered only as the other edition's provision
    assert not at.error and "16D" in at.info[0].value and "2007" in at.info[0].value
    md = "\n".join(m.value for m in at.markdown)
    bridge = [line for line in md.split("<li>") if "law=16C" in line]
    assert bridge and all("2017" in line and "andere uitgave" in line for line in bridge), md[-2000:]
