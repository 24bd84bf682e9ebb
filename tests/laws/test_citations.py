"""The citation parser: every form the issue names, in es, nl, it and en, relative references,
absent provisions, and the reviewed list of every edge of the corpus (laws/citations.py)."""
from pathlib import Path

import pytest

from laws import citations as CIT
from laws.keys import parse_key as k


def keys(text, lang, ctx=None):
    return [str(x) for c in CIT.find(text, lang, k(ctx) if ctx else None) for x in c.keys]


@pytest.mark.parametrize("text,lang,ctx,expected", [
    ("ver Artículo 16D", "es", None, ["16D"]),
    ("zie artikel 21B1(b)", "nl", None, ["21B1b"]),
    ("se puede aplicar el Art. 16B1.", "es", None, ["16B1"]),
    ("los Artículos 30, 31 ó 32", "es", None, ["30", "31", "32"]),
    ("(Ver Artículos 41B y 41C)", "es", None, ["41B", "41C"]),
    ("(zie artikel 20F2 en artikel 20F3)", "nl", None, ["20F2", "20F3"]),
    ("L’Articolo 16 del Codice di Gara paragrafo D viene applicato", "it", None, ["16D"]),
    ("(Articolo 90 del Codice di Gara)", "it", None, ["90"]),
    ("El Árbitro aplicará Artículo 21B o el 40B4.", "es", None, ["21B", "40B4"]),
    ("según proceda el Artículos 21 o el 47E", "es", None, ["21", "47E"]),
    ("los artículos 19A1 o 19B1", "es", None, ["19A1", "19B1"]),
    ("(Ver 12C1 si una revisión no corregida causa perjuicio)", "es", None, ["12C1"]),
    ("pero ver Artículo 40B2(b).", "es", None, ["40B2b"]),
    ("see Law 27B1(a) and Laws 30, 31 or 32", "en", None, ["27B1a", "30", "31", "32"]),
    # relative references
    ("pero ver el punto D a continuación", "es", "27B1a", ["27D"]),
    ("Salvo lo indicado en el punto B1 anterior", "es", "27B2", ["27B1"]),
    ("Salvo lo indicado en el punto B1(b) anterior", "es", "27B3", ["27B1b"]),
    ("(pero ver el punto 3 a continuación)", "es", "27B", ["27B3"]),
    ("no se acepta, (ver A) debe ser corregida", "es", "27B", ["27A"]),
    ("Si el apartado A no es aplicable:", "es", "36B", ["36A"]),
    ("Además de las rectificaciones de los puntos 2 y 3 anteriores", "es", "17D4", ["17D2", "17D3"]),
    ("Oltre alle rettifiche di cui ai punti 2 e 3 precedenti", "it", "17D4", ["17D2", "17D3"]),
    ("(zie C2 hieronder)", "nl", "12C1d", ["12C2"]),
    ("een overtreding van C2 hierboven", "nl", "16C3", ["16C2"]),
    ("(zie C)", "nl", "16A1b", ["16C"]),
    ("(zie B)", "nl", "41C", ["41B"]),
    ("zie C hieronder", "nl", "16A", ["16C"]),
    ("beslist als in 2(c) of 2(d) hierboven", "nl", "16D3", ["16D2c", "16D2d"]),
    ("(zie 1. hierboven)", "nl", "21B2", ["21B1"]),
    ("(zoals bepaald in B1 of D2)", "nl", "75D3", ["75B1", "75D2"]),
    ("herstel volgens (a), kan", "nl", "47E2b", ["47E2a"]),
    ("see C below", "en", "16A", ["16C"]),
    # regulations
    ("con las excepciones expuestas en las normas 2ª y 3ª", "es", "AEB-AL.A.1", ["AEB-AL.A.2", "AEB-AL.A.3"]),
    ("Pese a lo especificado en la norma anterior", "es", "AEB-AL.A.4", ["AEB-AL.A.3"]),
    ("(La AEB sí las restringe, ver Normas sobre voces falsas más adelante)", "es", "40B2d", ["AEB-VF"]),
])
def test_forms(text, lang, ctx, expected):
    assert keys(text, lang, ctx) == expected


@pytest.mark.parametrize("text,lang,ctx", [
    ("en 1 ronda", "es", "27B"),                   # a bare number after "en" is not a reference
    ("Una voz dada simultáneamente", "es", "33"),
    ("de 1 a 7 niveles", "es", "18A"),
    ("abrir de 2§ Albarran", "es", "AEB-VF.3"),
    ("in 3ª posición", "es", "AEB-AL.A.7"),
])
def test_no_false_positives(text, lang, ctx):
    assert keys(text, lang, ctx) == []


def test_words_and_offsets():
    text = "Se aplica el Artículo 16D a las voces retiradas"
    [c] = CIT.find(text, "es")
    assert c.words == "Artículo 16D" and text[c.start:c.end] == c.words and not c.relative


def test_absent_citations_are_kept(corpus):
    p = corpus.get(k("17D4"), "es")
    assert k("90") in p.cites and not corpus.has(k("90"))
    assert k("90") in corpus.absent_cited()
    assert ("2007", k("90")) in corpus.absent_cited_qualified()


def test_citations_resolve_in_the_edition_of_their_text(corpus):
    """es 27B1(a) «El Artículo 16D no se aplica» cites 2007:16D, which no 2007 text holds: absent in
    2007, although the NBB's 2017 text holds a (different) 16D."""
    p = corpus.get(k("27B1a"), "es")
    assert "2007:16D" in [q for c in p.citations for q in c.qualified_keys]
    assert all(c.edition == "2007" for c in p.citations)
    assert not corpus.has(k("16D"), edition="2007") and corpus.has(k("16D"), edition="2017")
    assert p.to_dict(corpus)["cites_absent"] == ["16D"]
    assert all(c.edition == "2017" for q in corpus.provisions("nl") for c in q.citations)


def test_citations_in_notes_are_kept(corpus):
    p = corpus.get(k("21B1"), "es")
    notes = [c for c in p.citations if c.where == "note"]
    assert [str(x) for c in notes for x in c.keys] == ["AEB-AL.A.8"]


def test_every_edge_of_the_corpus(corpus):
    """The whole citation graph against the list reviewed by hand against the sources."""
    gold = set()
    for line in (Path(__file__).parents[1] / "data" / "citation_edges.tsv").read_text().splitlines():
        if line and not line.startswith("#"):
            gold.add(tuple(line.split("\t")))
    found = {(p.lang, p.qualified, q) for p in corpus.provisions() for c in p.citations for q in c.qualified_keys}
    assert found - gold == set(), "new edges: review them and add them to tests/data/citation_edges.tsv"
    assert gold - found == set(), "edges lost"


@pytest.mark.parametrize("text,lang,ctx,expected", [
    # ranges of laws, in each language's words
    ("se aplican los Artículos 30 a 32", "es", None, ["30", "31", "32"]),
    ("ver los Artículos del 30 al 32", "es", None, ["30", "31", "32"]),
    ("zie artikelen 16 tot en met 20", "nl", None, ["16", "17", "18", "19", "20"]),
    ("zie artikel 16 t/m 18", "nl", None, ["16", "17", "18"]),
    ("vedi gli Articoli da 30 a 32", "it", None, ["30", "31", "32"]),
    ("vedi Art. 16 e 17", "it", None, ["16", "17"]),
    ("see Laws 30 to 32", "en", None, ["30", "31", "32"]),
    ("el Artículo 25 a 3 jugadores", "es", None, ["25"]),          # no range backwards
    # the FIGB's «paragrafo» with several parts
    ("(vedi Articolo 20 del Codice di Gara paragrafo F2 e F3)", "it", None, ["20F2", "20F3"]),
    ("(vedi Articolo 47 del Codice di Gara paragrafo E2)", "it", None, ["47E2"]),
    # relative references
    ("pero ver el punto D siguiente", "es", "27B1a", ["27D"]),
    ("como en el apartado B precedente", "es", "27C", ["27B"]),
    ("zie B hierboven", "nl", "41C", ["41B"]),
    ("vedi il paragrafo C", "it", "41B", ["41C"]),
    ("(vedi la lettera B precedente)", "it", "41C", ["41B"]),
    ("di cui alla lettera A", "it", "41C", ["41A"]),
])
def test_more_forms(text, lang, ctx, expected):
    assert keys(text, lang, ctx) == expected
