"""The NBB's article pages (laws/importer/nbb.py) in the shapes help.bridge.nl gives them: the title in
capitals, the heading on the next line or on the title's, the site's navigation, the law as ordered
lists whose numbers are the browser's (a section's heading and its lone paragraph as two items of one
list, its parts as a list nested in an item), remarks at a paragraph's end, tables of contents and
pages of definitions. Every page is made of the NBB seed document's own lines, rearranged."""
import html

import pytest

from laws import datafile
from laws.importer.pages import PageError

SEED = (datafile.PROJECT_DATA / "sources" / "002_f9cce6a10a56f325.txt").read_text(encoding="utf-8").split("\n")


def line(n: int) -> str:
    """Line ``n`` (from 1) of the seed, without its bullet."""
    return SEED[n - 1].removeprefix("- ").strip()


# Artikel 16 as help.bridge.nl lists it: (depth, seed line); depth 1 is the outer list
ART16 = [(1, 36), (2, 37), (3, 38), (3, 39), (3, 40), (3, 41), (2, 42),
         (1, 43), (2, 44), (3, 45), (3, 46), (2, 47), (2, 48),
         (1, 49), (1, 50), (2, 51), (2, 52), (2, 53),
         (1, 54), (2, 55), (2, 56), (3, 57), (3, 58), (3, 59), (3, 60), (2, 61)]


def as_text(title: str, heading: str | None, items: list) -> str:
    """The page as a browser shows it: ordered lists numbered by the browser, nested ones indented."""
    out, count = [title, ""] + ([heading, "", ""] if heading else []) + ["Home Artikelengroep 12--16", ""], {}
    for depth, text in items:
        count = {d: c for d, c in count.items() if d <= depth}
        count[depth] = count.get(depth, 0) + 1
        out.append("  " * depth + f"{count[depth]}. {text}")
    return "\n".join(out + ["", "."]) + "\n"


def as_html(title: str, heading: str | None, items: list) -> str:
    """The page's HTML: nested <ol> inside the item they belong to, the site's navigation, a script."""
    out = ["<!DOCTYPE html><html><head><script>var t = 'ARTIKEL 99';</script></head><body>",
           f"<h1>{title}</h1>" + (f"<p>{heading}</p>" if heading else ""), "<nav>Home Artikelengroep 12--16</nav>"]
    depth = 0
    for i, (d, text) in enumerate(items):
        if d > depth:
            out.append("<ol>" * (d - depth))
        else:
            out.append("</li>" + "</ol></li>" * (depth - d))
        out.append(f"<li>{html.escape(text)}")
        depth = d
    out.append("</li>" + "</ol></li>" * (depth - 1) + "</ol><p>.</p></body></html>")
    return "\n".join(out)


@pytest.fixture
def page(imported):
    return lambda name, text: imported("nl-nbb-2017", text, name)


@pytest.fixture
def want(seed_law):
    return lambda law: seed_law("nl-nbb-2017", law)


@pytest.mark.parametrize("form", ["text", "html", "heading on the title's line"])
def test_an_article_as_nested_ordered_lists(form, page, want, fields):
    """A section's heading and its lone paragraph are two items of the outer list (16C: its text, then
    its parts nested in that item); the parts of a part nest deeper (16A1(a)-(d), 16B1(a)-(b))."""
    items = [(d, line(n)) for d, n in ART16]
    if form == "html":
        res = page("artikel-16.html", as_html("ARTIKEL 16", line(35), items))
        assert res.dropped == {"head": 1, "script": 1}
    elif form == "text":
        res = page("artikel-16.txt", as_text("ARTIKEL 16", line(35), items))
    else:
        res = page("artikel-16.txt", as_text(f"Artikel 16 - {line(35)}", None, items))
    got = fields(r for r in res.to_dict()["provisions"])
    assert got == want(16)
    assert [str(k) for k in res.folded] == ["16C"]          # the one list of one item: 16C's own text
    assert not res.not_encoded() and "16C1" in {str(p.key) for p in res.reconstructed}
    why = {s[3] for s in res.skipped}
    assert why <= {"title", "chrome"} and ("title" in why) == (form != "heading on the title's line")


def test_sections_without_parts(page, want, fields):
    """Artikel 41 on the site: four sections, each a heading and one paragraph, all items of one list:
    41A-D hold their text (no 41A1: the Laws have none), and a remark at a paragraph's end is a note."""
    items = [(1, line(n)) for n in range(10, 18)]
    items[-1] = (1, items[-1][1] + "   Opmerking 1: " + "Het Bondsbestuur heeft dit niet verboden.")
    res = page("artikel-41.txt", as_text("ARTIKEL 41", None, items))
    got = {str(p.key): p for p in res.provisions}
    assert sorted(got) == ["41", "41A", "41B", "41C", "41D"] and [str(k) for k in res.folded] == ["41A", "41B", "41C", "41D"]
    want = want(41)
    assert {k: v["text"] for k, v in fields(r for r in res.to_dict()["provisions"]).items()} == \
        {k: v["text"] for k, v in want.items()}
    (note,) = got["41D"].notes
    assert (note.label, note.text) == ("Opmerking 1", "Het Bondsbestuur heeft dit niet verboden.")
    assert got["41D"].own_text.endswith(note.after) and "Opmerking" not in got["41D"].own_text


def test_a_table_of_contents(page):
    toc = ["Hoofdstuk 3", "Artikelengroep 12--16", "Artikel 12 " + line(26).rstrip("."), "Artikel 16 " + line(35),
           "Artikel 21 " + line(96)]
    with pytest.raises(PageError) as e:
        page("artikelen.txt", "\n".join(toc) + "\n")
    assert "table of contents" in e.value.message
    # a table of contents above an article: its lines are left out as such, the article imported
    res = page("artikelen.txt", "\n".join(toc + SEED[79:94]) + "\n")
    assert [str(n.key) for n in res.laws] == ["75"]
    assert [(s[1], s[3]) for s in res.skipped if s[3] == "contents"] == [(3, "contents"), (4, "contents"), (5, "contents")]


def test_a_page_of_definitions(tmp_path, page):
    """Definitions are terms, not provisions: a page of them writes nothing, and says why; beside an
    article they are left out, reported with their lines."""
    defs = ["Definities", "- Logisch alternatief", line(46)]
    with pytest.raises(PageError) as e:
        page("definities.txt", "\n".join(defs) + "\n")
    assert "definitions" in e.value.message and "not provisions" in e.value.message
    assert not (tmp_path / "out").exists()
    res = page("definities.txt", "\n".join(defs + SEED[79:94]) + "\n")
    assert [str(n.key) for n in res.laws] == ["75"] and [s[1] for s in res.skipped if s[3] == "definitions"] == [1, 2, 3]
