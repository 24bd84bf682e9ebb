"""The AEB's chapter pages of the «Reglamento del Bridge Duplicado 2007 y Normas AEB»
(laws/importer/aeb.py) in other shapes than the seed's: the index above a chapter, an article's title in
capitals or with its heading on the next line, a list of one item, footnotes by their marks at the
page's end, a page of definitions. Every page is made of the AEB seed document's own lines, rearranged."""
import pytest

from laws import datafile
from laws.importer.pages import PageError

SEED = (datafile.PROJECT_DATA / "sources" / "000_21cbd990b7dc001e.txt").read_text(encoding="utf-8").split("\n")
CHROME, CHAPTER = SEED[:6], SEED[7]          # the site's menus and breadcrumb; «III.- LA SUBASTA»
LAW33, LAW35, LAW37 = SEED[369:376], SEED[385:399], SEED[419:430]


@pytest.fixture
def page(imported):
    return lambda lines: imported("es-aeb-2007", lines, "capitulo.txt")


@pytest.fixture
def want(seed_law):
    return lambda *laws: seed_law("es-aeb-2007", *laws)


def test_the_index_above_a_chapter(page, want, fields):
    """The site's index (ÍNDICE, the chapters with their buttons, «Art. 33.- ...» lines) is a table of
    contents: alone it is no law text; above a chapter it is left out, reported as such."""
    index = ["ÍNDICE", "", CHAPTER + "     Botón 3", "", LAW33[0].replace("Artículo", "Art."),
             LAW35[0].replace("Artículo", "Art.")]
    with pytest.raises(PageError) as e:
        page(CHROME + index)
    assert "table of contents" in e.value.message
    res = page(CHROME + index + ["", CHAPTER, ""] + LAW33 + LAW35)
    assert fields(res.to_dict()["provisions"]) == want(33, 35)
    assert [s[3] for s in res.skipped if s[1] in (11, 12)] == ["contents", "contents"] and not res.not_encoded()


@pytest.mark.parametrize("title", ["capitals", "heading below"])
def test_an_articles_title(title, page, want, fields):
    law = list(LAW35)
    if title == "capitals":
        law[0] = law[0].replace("Artículo", "ARTÍCULO")
    else:
        law[0:1] = ["Artículo 35", "", "Voces inadmisibles"]
    res = page(["CAPÍTULO III", CHAPTER, ""] + LAW33 + law)
    assert fields(res.to_dict()["provisions"]) == want(33, 35)
    assert [s[3] for s in res.skipped][:2] == ["chapter", "chapter"]


def test_a_list_of_one_item_is_the_provisions_text(page, want):
    """37B's text ends in «:» and two bullets follow: its parts 37B1, 37B2 (labels reconstructed). With one
    bullet, the bullet is 37B's next paragraph: no 37B1 the page does not show."""
    res = page([CHAPTER, ""] + LAW37[:9])
    got = {str(p.key): p for p in res.provisions}
    assert sorted(got) == ["37", "37A", "37B"] and [str(k) for k in res.folded] == ["37B"]
    assert got["37B"].own_text.split("\n") == [want(37)["37B"]["text"], LAW37[8].strip()[2:]]


def test_footnotes_at_the_pages_end(page):
    """Marks in the text, «(*)» and «(1)», and their notes after the chapter: each a note of the provision
    that carries its mark, even two laws further up."""
    law33, law35 = list(LAW33), list(LAW35)
    law33[4] = law33[4].replace("turno se considera", "turno(*) se considera")
    law35[10] = law35[10].replace("siete.", "siete(1).")
    res = page([CHAPTER, ""] + law33 + law35 + ["", "(*) " + LAW35[6][9:], "(1) " + LAW35[8][9:]])
    notes = {str(p.key): [(n.label, n.text) for n in p.notes] for p in res.provisions if p.notes}
    assert notes == {"33": [("(*)", LAW35[6][9:].strip())], "35.3": [("(1)", LAW35[8][9:].strip())]}


def test_definitions_are_no_provisions(tmp_path, page, want, fields):
    defs = ["DEFINICIONES", "", "Declaración insuficiente", SEED[49][28:]]
    with pytest.raises(PageError) as e:
        page(CHROME + defs)
    assert "definitions" in e.value.message and not (tmp_path / "out").exists()
    res = page(CHROME + defs + ["", CHAPTER, ""] + LAW33)
    assert fields(res.to_dict()["provisions"]) == want(33)
    assert [s[1] for s in res.skipped if s[3] == "definitions"] == [7, 9, 10]


def test_sections_labelled_without_the_dash(page, want, fields):
    """«A. Comienzo: ...» as another page prints «A.- Comienzo: ...»: read in the sections' order (a
    paragraph that opened with another capital and a full stop would stay a paragraph)."""
    law17 = [x.replace(".- ", ". ", 1) if x[:3] in ("A.-", "B.-", "C.-", "D.-", "E.-") else x for x in SEED[11:36]]
    assert law17 != SEED[11:36]
    res = page([CHAPTER, ""] + law17)
    assert fields(res.to_dict()["provisions"]) == want(17)


def test_a_citation_no_form_reads_is_reported(page):
    """«Artículo nº 90» is no form of a citation the parser knows: reported as not resolved, with the
    provision it stands in, never dropped silently nor guessed."""
    law17 = [x.replace("(Artículo 90)", "(Artículo nº 90)") for x in SEED[11:36]]
    assert law17 != SEED[11:36]
    res = page([CHAPTER, ""] + law17)
    assert [(str(k), w) for k, w in res.unresolved] == [("17D4", "Artículo nº 90")]
    assert res.to_dict()["report"]["citations"]["unresolved"] == [{"in": "17D4", "words": "Artículo nº 90"}]
