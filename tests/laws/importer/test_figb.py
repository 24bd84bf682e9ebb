"""The FIGB's pages of the Codice di Gara (laws/importer/figb.py) in the shapes its sites give them: a
section's heading alone with its text on the next line, the article's title in capitals, a preamble
before A, several footnotes by their marks, the index link and the blog's chrome, a page of the index
only, a page of definitions. Every page is made of the FIGB seed document's own lines, rearranged."""
import pytest

from laws import datafile
from laws.importer.pages import PageError

SEED = (datafile.PROJECT_DATA / "sources" / "004_945fbd73cb0c2825.txt").read_text(encoding="utf-8").split("\n")


@pytest.fixture
def page(imported):
    return lambda lines, name="articolo-17.txt": imported("it-figb-2017", lines, name)


@pytest.fixture
def want(seed_law):
    return seed_law("it-figb-2017", 17)


def test_headings_alone_with_their_text_below(want, page, fields):
    """bridgeditalia's shape: «A. Heading» on its line, the text on the next; the index link at the end."""
    head, text = SEED[4].split(":\xa0", 1)
    lines = [SEED[2], "", head, text] + SEED[6:24] + ["", "Indice Articoli del Codice di Gara"]
    res = page(lines)
    assert fields(res.to_dict()["provisions"]) == want
    assert [(s[1], s[3]) for s in res.skipped] == [(len(lines), "chrome")]


def test_the_title_in_capitals_and_the_blogs_chrome(want, page, fields):
    """A chapter's heading (``CAPITOLO V``) above the article is left out as such."""
    lines = [SEED[0], "", "CAPITOLO V", "", SEED[2].replace("Art. 17", "ARTICOLO 17")] + SEED[3:]
    res = page(lines)
    assert fields(res.to_dict()["provisions"]) == want and not res.not_encoded()
    assert [(s[1], s[3]) for s in res.skipped][:2] == [(1, "title"), (3, "chapter")]


def test_several_footnotes_by_their_marks(page):
    """(*) and (**) at the page's end, and a numbered note (1) whose mark stands in the text, each a note
    of the provision that carries its mark; a «(2)» line no text refers to stays text."""
    lines = list(SEED[:25])
    lines[14] = lines[14].replace("differisca18", "differisca(**)")
    lines[20] = lines[20].replace("del Codice di Gara.", "del Codice di Gara(1).")
    lines += ["(**):\xa0" + SEED[23].split("\xa0", 1)[1], "(1) " + SEED[12].strip()[3:], "(2) " + SEED[15].strip()[3:]]
    res = page(lines)
    notes = {str(p.key): [n.label for n in p.notes] for p in res.provisions if p.notes}
    assert notes == {"17D2": ["(*)"], "17D3": ["(**)"], "17E1": ["(1)"]}
    assert any(p.tail.startswith("(2) ") or "\n(2) " in p.text for p in res.provisions)


def test_a_preamble_before_a(page):
    """Text between the article's title and its A is the article's own text (Art. 43's «Ad esclusione
    di quanto premesso ...:» shape)."""
    pre = SEED[15].strip()[3:]
    lines = SEED[:4] + [pre, ""] + SEED[4:15] + SEED[16:]
    res = page(lines)
    got = {str(p.key): p for p in res.provisions}
    assert got["17"].own_text == pre and "17D4" not in got and [str(c) for c in got["17D"].children] == \
        ["17D1", "17D2", "17D3"]


def test_the_index_and_the_definitions_are_not_laws(tmp_path, page):
    with pytest.raises(PageError) as e:
        page(["Indice", "", SEED[2], "", "Indice Articoli del Codice di Gara"], "indice.txt")
    assert "table of contents" in e.value.message
    with pytest.raises(PageError) as e:
        page(["Definizioni", "", "Chiamata", SEED[6][3:]], "definizioni.txt")
    assert "definitions" in e.value.message and not (tmp_path / "out").exists()
    res = page(["Definizioni", "", "Chiamata", SEED[6][3:], ""] + SEED[2:])
    assert [s[3] for s in res.skipped][:3] == ["definitions"] * 3 and [str(n.key) for n in res.laws] == ["17"]


def test_sections_labelled_with_a_dash(want, page, fields):
    lines = [x.replace(". ", ".- ", 1) if x[:2] in ("A.", "B.", "C.", "D.", "E.") else x for x in SEED]
    assert lines != SEED
    res = page(lines)
    assert fields(res.to_dict()["provisions"]) == want
