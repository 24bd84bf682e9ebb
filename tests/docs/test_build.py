"""The Sphinx sites (docs/): built once per session, then checked page by page, and in a browser.

The four sites (es, nl, it, en) are built into a temporary directory by ``docs.build.build`` with
``-W -n`` (a warning fails the build), in parallel processes. The checks: no warning; every
provision anchored, with its verbatim text, in each site that has its text (and at least as a
"not in this language's text" entry everywhere else); every internal link of every page and
diagram resolves, to a file and to an anchor in it; nothing is loaded from the network; the
glossary, the trees' diagrams and worked examples, the language switcher, the search language and
the translations are there; a dangling ``:law:`` reference fails a build. The browser test opens a
built page in headless Chromium (driven over the DevTools protocol on a pipe), checks the text, the
links and the hover preview of a citation, and saves a screenshot under ``tests/artifacts/``.
"""
from __future__ import annotations

import base64
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from docs import build as B
from i18n import translator
from laws import corpus as C
from laws.keys import parse_key
from laws.rulings.trees import all_trees

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
SITES = B.SITE_LANGS
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
LINK_ATTRS = {"a": "href", "link": "href", "script": "src", "img": "src", "object": "data", "iframe": "src",
              "source": "src", "embed": "src"}


# -- the build, once ----------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def built(tmp_path_factory):
    if shutil.which("dot") is None:
        pytest.fail("Graphviz's dot is not installed: the sites draw the decision trees with it "
                    "(Debian: apt-get install -y graphviz; python3 run.py test installs it when run as root)")
    out = tmp_path_factory.mktemp("docs")
    results = B.build(SITES, out=out)
    return out, {r.lang: r for r in results}


@pytest.fixture(scope="session")
def html(built):
    out, results = built
    failed = {lg: r.warnings for lg, r in results.items() if not r.ok}
    if failed:
        pytest.fail(f"the docs build failed: {failed}")
    return out / "html"


@pytest.fixture(scope="session")
def corpus():
    return C.load()


# -- reading built pages ---------------------------------------------------------------------------------
class Page(HTMLParser):
    """The ids, the links and the text of one HTML page (and the text of each element with an id)."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, str, str]] = []     # (tag, attribute, value)
        self.starts: list[tuple[str, dict]] = []
        self.texts: dict[str, list[str]] = {}           # id -> text inside that element
        self._open: list[tuple[str, str | None]] = []    # (tag, id) of the open elements
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.starts.append((tag, a))
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("name"):
            self.ids.add(a["name"])
        attr = LINK_ATTRS.get(tag)
        if attr and a.get(attr) is not None:
            self.links.append((tag, attr, a[attr]))
        if tag not in VOID:
            self._open.append((tag, a.get("id")))
            if a.get("id"):
                self.texts.setdefault(a["id"], [])

    def handle_endtag(self, tag):
        for i in range(len(self._open) - 1, -1, -1):
            if self._open[i][0] == tag:
                del self._open[i:]
                break

    def handle_data(self, data):
        for _, ident in self._open:
            if ident:
                self.texts[ident].append(data)

    def text_of(self, ident: str) -> str:
        return " ".join("".join(self.texts.get(ident, [])).split())


_pages: dict[Path, Page] = {}


def page(path: Path) -> Page:
    if path not in _pages:
        _pages[path] = Page(path.read_text(encoding="utf-8"))
    return _pages[path]


def svg_links(path: Path) -> list[str]:
    root = ET.parse(path).getroot()
    href = "{http://www.w3.org/1999/xlink}href"
    return [el.attrib[href] for el in root.iter() if href in el.attrib]


def svg_ids(path: Path) -> set[str]:
    return {el.attrib["id"] for el in ET.parse(path).getroot().iter() if "id" in el.attrib}


def norm(s: str) -> str:
    return " ".join(s.split())


# -- the build -----------------------------------------------------------------------------------------------
def test_every_site_builds_without_a_warning(built):
    out, results = built
    assert set(results) == set(SITES)
    for lang, r in results.items():
        assert r.ok and r.warnings == [], f"{lang}: {r.warnings or r.log[-2000:]}"
        assert (out / "html" / lang / "index.html").is_file()


def test_every_provision_is_anchored_with_its_verbatim_text(html, corpus):
    checked = 0
    for lang in C.LANGS:
        for p in corpus.provisions(lang):
            f = html / lang / "laws" / f"{p.key.law_key}.html"
            pg = page(f)
            assert p.key.eid in pg.ids, f"{lang} {p.key.display}: no anchor {p.key.eid} in {f.name}"
            text = pg.text_of(p.key.eid)
            for para in (p.text.split("\n") if p.text else []) + [n.text for n in p.notes]:
                assert norm(para) in text, f"{lang} {p.key.display}: text not found verbatim: {para[:80]!r}"
            if p.heading:
                assert norm(p.heading) in norm(pg.text_of(p.key.eid) + " " + " ".join(
                    "".join(v) for v in pg.texts.values())), f"{lang} {p.key.display}: heading missing"
            checked += 1
    assert checked == sum(1 for _ in corpus.provisions())


def test_every_site_has_an_entry_for_every_provision_of_the_corpus(html, corpus):
    """One anchor per (edition, key) in every site: e2007-<eid> / e2017-<eid>, and the element
    id itself for the site's edition (or the only edition holding the key)."""
    for lang in SITES:
        for key in corpus.keys():
            pg = page(html / lang / "laws" / f"{key.law_key}.html")
            assert key.eid in pg.ids, f"{lang}: {key.display} has no anchor"
            for ed in corpus.editions_of(key):
                assert f"e{ed}-{key.eid}" in pg.ids, f"{lang}: {ed} {key.display} has no anchor"
    # both editions hold 40B3, two different provisions: two anchors on the page, the site's own first
    es, nl = page(html / "es" / "laws" / "40.html"), page(html / "nl" / "laws" / "40.html")
    eid = parse_key("40B3").eid
    es_40b3 = corpus.get(parse_key("40B3"), "es").text
    assert norm(es_40b3) in es.text_of(eid)  # (e2007-<eid> is an alias of this element: an empty span)
    assert norm(es_40b3) not in es.text_of("e2017-" + eid) and norm(es_40b3) not in nl.text_of(eid)
    t = translator("nl")  # in the NBB site (2017 Laws) the 2007 40B3 is named as the other edition's, linked
    assert t.gettext("A provision of the {edition} Laws, which the text of this site does not follow.").format(
        edition="2007") in nl.text_of("e2007-" + eid)


def test_a_provision_absent_from_a_language_links_to_the_languages_that_have_it(html, corpus):
    key = parse_key("27B1a")
    assert corpus.langs_of(key) == ["es"]
    t = translator("nl")
    pg = page(html / "nl" / "laws" / "27.html")
    # the Dutch text follows the 2017 Laws: 27B1(a) here is the 2007 provision, named as such
    assert t.gettext("A provision of the {edition} Laws, which the text of this site does not follow.").format(
        edition="2007") in pg.text_of(key.eid)
    assert ("a", "href", f"../../es/laws/27.html#{key.eid}") in pg.links
    # and the Dutch text of Law 16 is in the Dutch site, not as an absent entry
    assert t.gettext("Not in this language's text.") not in page(html / "nl" / "laws" / "16.html").text_of("art_16__para_D")


def test_a_provision_cited_but_not_in_the_corpus_is_shown_as_absent(html, corpus):
    key = parse_key("17D4")
    assert any(str(k) == "90" for k in corpus.get(key, "es").cites) and not corpus.has(parse_key("90"))
    t = translator("es")
    src = (html / "es" / "laws" / "17.html").read_text(encoding="utf-8")
    m = next((x for x in re.finditer(r'<abbr class="law-absent" title="([^"]*)">([^<]*)</abbr>', src)
              if "90" in x.group(2)), None)
    assert m, "no absent citation marked on Law 17"
    assert m.group(1).startswith(t.gettext("{edition} {key}: not in the corpus (no text of the {edition} Laws holds it)")
                                 .format(edition="2007", key="90"))
    assert "90" in m.group(2)
    assert t.gettext("Cites provisions that are not in the corpus: {keys}.").format(keys="90") \
        in page(html / "es" / "laws" / "17.html").text_of(key.eid)
    assert not (html / "es" / "laws" / "90.html").exists()


def test_citations_link_to_the_cited_provision_with_its_text_as_preview(html, corpus):
    pg = page(html / "es" / "laws" / "27.html")
    src = (html / "es" / "laws" / "27.html").read_text(encoding="utf-8")
    # 27B1(a): "... pero ver el punto D a continuación" -> 27D, on the same page
    m = re.search(r'<a class="[^"]*law-ref[^"]*" href="#art_27__para_D" title="([^"]*)">', src)
    assert m, "no link from 27B1(a) to 27D"
    d = corpus.get(parse_key("27D"), "es")
    assert d.own_text[:60] in m.group(1).replace("&quot;", '"')
    # «El Artículo 16D no se aplica» cites the 2007 16D, which no 2007 text holds: shown as absent,
    # never linked to the NBB's 2017 16D; it points to its correspondence, 2017 16C (renumbered)
    assert ("a", "href", "16.html#art_16__para_D") not in pg.links
    m = re.search(r'<abbr class="law-absent" title="([^"]*)">Artículo 16D</abbr>', src)
    assert m and "2007 16D" in m.group(1) and "2017 16C" in m.group(1)
    eid = parse_key("27B1a").eid
    assert "2007 16D → 2017 16C" in pg.text_of(eid)
    assert re.search(r'href="16.html#art_16__para_C"[^>]*><span class="law-correspondence">2017 16C</span>', src)


def test_cited_by_other_languages_and_trees_on_each_provision(html, corpus):
    t = translator("es")
    pg = page(html / "es" / "laws" / "27.html")
    eid = parse_key("27D").eid
    text = pg.text_of(eid)
    assert t.gettext("Cited by:") in text and "27B1(a)" in text and "27B1(b)" in text
    eid = parse_key("27B1a").eid
    assert t.gettext("Decision trees resting on it:") in pg.text_of(eid)
    assert ("a", "href", "../trees/2007/insufficient_bid.html") in pg.links   # the tree of the provision's edition
    # the same provision in the other language sites: 17E2 is in es and it
    it = page(html / "es" / "laws" / "17.html")
    assert ("a", "href", f"../../it/laws/17.html#{parse_key('17E2').eid}") in it.links


def test_every_internal_link_resolves(html):
    files = sorted(html.rglob("*.html")) + sorted(html.rglob("*.svg"))
    broken, checked, external = [], 0, []
    ids_cache: dict[Path, set] = {}

    def ids(p: Path) -> set:
        if p not in ids_cache:
            ids_cache[p] = svg_ids(p) if p.suffix == ".svg" else page(p).ids
        return ids_cache[p]

    for f in files:
        links = svg_links(f) if f.suffix == ".svg" else [v for _, _, v in page(f).links]
        for v in links:
            parts = urlsplit(v)
            if parts.scheme or parts.netloc:
                external.append((f.relative_to(html), v))
                continue
            target = (f.parent / unquote(parts.path)).resolve() if parts.path else f
            checked += 1
            if not target.exists() or not str(target).startswith(str(html.resolve())):
                broken.append(f"{f.relative_to(html)}: {v} (no file)")
            elif parts.fragment and target.suffix in (".html", ".svg") and parts.fragment not in ids(target):
                broken.append(f"{f.relative_to(html)}: {v} (no anchor)")
    assert not broken, f"{len(broken)} broken links, e.g. {broken[:10]}"
    assert not external, f"links out of the sites: {external[:10]}"
    assert checked > 10_000


def test_nothing_is_loaded_from_the_network(html):
    for f in html.rglob("*.html"):
        for tag, attr, v in page(f).links:
            if tag != "a":
                assert not urlsplit(v).scheme and not v.startswith("//"), f"{f}: {tag} {attr}={v}"
    for f in html.rglob("*.css"):
        assert not re.search(r"url\(\s*['\"]?(?:https?:)?//", f.read_text(encoding="utf-8")), f


def test_the_law_texts_are_marked_untranslatable_in_their_language(html):
    for lang in C.LANGS:
        src = (html / lang / "laws" / "17.html").read_text(encoding="utf-8") if lang != "nl" else \
            (html / lang / "laws" / "16.html").read_text(encoding="utf-8")
        assert f'<div class="law-text" lang="{lang}" translate="no">' in src
    assert 'class="law-text"' not in (html / "en" / "laws" / "27.html").read_text(encoding="utf-8")


def test_glossary_in_every_site(html):
    from graph import glossary as G

    g = G.load()
    for lang in SITES:
        pg = page(html / lang / "glossary.html")
        dl = [a for tag, a in pg.starts if tag == "dl" and "glossary" in a.get("class", "")]
        assert dl, f"{lang}: no Sphinx glossary"
        entries = [a for tag, a in pg.starts if tag == "dd"]
        assert len(entries) >= len(g)
        terms = [a["id"] for tag, a in pg.starts if tag == "dt" and a.get("id", "").startswith("term-")]
        assert len(terms) >= len(g)
        assert any(v.startswith("laws/") for _, _, v in pg.links), f"{lang}: glossary not linked to provisions"
    es = page(html / "es" / "glossary.html")
    text = " ".join("".join(v) for v in es.texts.values())
    assert "declaración insuficiente" in text
    assert translator("es").gettext(g.get("insufficient-bid").definition) in norm(text)


def test_a_page_per_tree_and_edition_with_its_diagram_and_worked_examples(html):
    reg = all_trees()
    assert len(reg) > 1 and all(reg.values())
    t = translator("nl")
    for lang in SITES:
        for ed, trees_ in reg.items():
            for tid, tree in trees_.items():
                f = html / lang / "trees" / ed / f"{tid}.html"
                pg = page(f)
                svgs = [v for tag, _, v in pg.links if tag == "object" and v.endswith(".svg")]
                assert len(svgs) == 1, f"{lang} {ed} {tid}: no diagram"
                svg = (f.parent / svgs[0]).resolve()
                root = ET.parse(svg).getroot()
                assert root.tag.endswith("svg")
                nodes_ = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.attrib.get("class") == "node"]
                assert len(nodes_) == len(tree.nodes), f"{lang} {tid}: {len(nodes_)} boxes for {len(tree.nodes)} steps"
                examples = [a for tag, a in pg.starts if tag == "p" and "rulebook-example" in a.get("class", "")]
                assert len(examples) == len(tree.examples), f"{lang} {ed} {tid}"
    # each page says its edition, in its title, and its gotos stay in that edition
    pg = page(html / "nl" / "trees" / "2017" / "bid_out_of_rotation.html")
    heading = " ".join("".join(v) for v in pg.texts.values())
    assert t.gettext("{edition} Laws").format(edition="2017") in heading
    assert ("a", "href", "change_of_call.html") in pg.links


def test_the_coverage_table_says_what_each_edition_rules_on(html):
    """trees/index: a row per tree id, a column per edition: the tree's page, or a dash where the edition has none;
    the records of its worked examples, or that it needs only the director's answers."""
    reg = all_trees()
    ids = {tid for trees_ in reg.values() for tid in trees_}
    t = translator("es")
    for lang in SITES:
        pg = page(html / lang / "trees" / "index.html")
        links = {v for tag, _, v in pg.links if tag == "a"}
        for ed, trees_ in reg.items():
            for tid in trees_:
                assert f"{ed}/{tid}.html" in links, f"{lang}: no link to {ed}/{tid}"
    src = (html / "es" / "trees" / "index.html").read_text(encoding="utf-8")
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", src, re.S)
    assert len(rows) == len(ids) + 1
    missing = [(ed, tid) for ed, trees_ in reg.items() for tid in ids if tid not in trees_]
    if missing:
        ed, tid = missing[0]
        row = next(r for r in rows if f"<span class=\"pre\">{tid}</span>" in r)
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        col = list(reg).index(ed) + 1
        assert "—" in cells[col] and ".html" not in cells[col]
    else:   # every edition has every tree today: the table's source, with one tree taken away, shows the dash
        _a_missing_tree_is_a_dash(reg)
    text = norm(re.sub(r"<[^>]+>", "", src))
    assert t.gettext("From the record:") in text and "1H 1D TD" in text
    assert t.gettext("From the director's answers (no auction record).") in text


def _a_missing_tree_is_a_dash(reg):
    from docs import sources as S

    ed = next(iter(reg))
    tid = sorted(reg[ed])[0]
    full = S.RL.tree_registry()
    less = {k: v for k, v in full.items() if k != (ed, tid)}
    mp = pytest.MonkeyPatch()
    try:
        mp.setattr(S.RL, "tree_registry", lambda: less)
        src = S.trees_index_page("es", translator("es"))
    finally:
        mp.undo()
    row = src.split(f"``{tid}``", 1)[1].split("   * ", 1)[0]
    cells = [c.strip() for c in row.split("\n     - ")[1:]]
    assert cells[list(reg).index(ed)].startswith("—"), cells


def test_language_switcher_on_every_page(html):
    for lang in SITES:
        for f in (html / lang).rglob("*.html"):
            rel = f.relative_to(html / lang).as_posix()
            pg = page(f)
            navs = [a for tag, a in pg.starts if tag == "nav" and a.get("class") == "rulebook-languages"]
            assert navs, f"{lang}/{rel}: no language switcher"
            up = "../" * (rel.count("/") + 1)
            same = rel if not rel.startswith("guide/") else "index.html"   # the guide is in English only
            for other in SITES:
                if other != lang:
                    assert ("a", "href", f"{up}{other}/{same}") in pg.links, f"{lang}/{rel}: no link to {other}"


def test_the_reference_and_the_guide_are_in_the_english_site_linked_from_every_site(html):
    from docs import sources as S

    guide = html / "en" / "guide"
    for f in sorted(S.GUIDE.glob("*.rst")):
        assert (guide / f"{f.stem}.html").is_file(), f"{f.name}: not in the English site"
        assert ("a", "href", f"{f.stem}.html") in page(guide / "index.html").links, f"{f.name}: not in the Reference"
    for f in sorted((S.GUIDE / S.CONTRIB).glob("*.rst")):
        assert ("a", "href", f"{f.stem}.html") in page(guide / S.CONTRIB / "index.html").links, f.name
    assert not (html / "es" / "guide").exists()
    for lang in SITES:
        links = [v for tag, _, v in page(html / lang / "index.html").links if tag == "a"]
        up = "" if lang == "en" else "../en/"
        assert f"{up}guide/index.html" in links and f"{up}guide/contributing/index.html" in links, lang


def test_a_new_guide_file_is_a_new_page_with_no_code_change(tmp_path, monkeypatch):
    from docs import sources as S

    (tmp_path / "contributing").mkdir()
    (tmp_path / "zz-new-topic.rst").write_text("New topic\n=========\n\nText.\n", encoding="utf-8")
    (tmp_path / "reference-cli.rst").write_text("CLI\n===\n", encoding="utf-8")
    (tmp_path / "contributing" / "zz-new-task.rst").write_text("Task\n====\n", encoding="utf-8")
    monkeypatch.setattr(S, "GUIDE", tmp_path)
    pages = S.guide_pages()
    assert pages["guide/zz-new-topic"].startswith("New topic") and "guide/contributing/zz-new-task" in pages
    toc = pages[S.GUIDE_INDEX]
    assert ":glob:" in toc and toc.index("reference-cli") < toc.index("   *")   # the named first, then every other
    (tmp_path / "index.rst").write_text("x\n", encoding="utf-8")
    with pytest.raises(ValueError, match="index"):
        S.guide_pages()


def test_search_uses_the_language_of_each_site(html):
    stemmers = {"es": "SpanishStemmer", "nl": "DutchStemmer", "it": "ItalianStemmer"}
    for lang, stemmer in stemmers.items():
        assert f"LANGUAGE: '{lang}'" in (html / lang / "_static" / "documentation_options.js").read_text()
        assert stemmer in (html / lang / "_static" / "language_data.js").read_text()
        assert (html / lang / "searchindex.js").stat().st_size > 10_000
    src = (html / "es" / "searchindex.js").read_text(encoding="utf-8")
    assert '"arbitr' in src       # Spanish stems of the law texts ("Árbitro")


def test_what_the_project_writes_is_translated(html):
    for lang in ("es", "nl", "it"):
        t = translator(lang)
        for msgid in ("Decision trees", "Laws in this text", "About these sites"):
            assert t.gettext(msgid) != msgid, f"{lang}: {msgid!r} is not translated"
        text = " ".join("".join(v) for v in page(html / lang / "index.html").texts.values())
        assert t.gettext("Decision trees") in text
        title = page(html / lang / "laws" / "17.html")
        assert any(t.gettext("Law {number}").format(number=17) in "".join(v) for v in title.texts.values())


def test_an_incremental_build_with_nothing_changed_rewrites_nothing(built, html):
    out, _ = built
    if (out / "doctrees" / "it" / B.STAMP).read_text() != B._fingerprint("it"):
        pytest.skip("the code or the catalogs changed while the tests ran: the next build is rightly a full one")
    index = html / "it" / "laws" / "17.html"
    before = index.stat().st_mtime_ns
    r = B.build_site("it", out, incremental=True)
    assert r.ok, r.warnings
    assert not r.full and r.written == 0
    assert index.stat().st_mtime_ns == before


def test_the_docstring_examples_of_the_docs_modules():
    import doctest

    from docs import sources
    import rulebook_law

    for mod in (sources, rulebook_law):
        res = doctest.testmod(mod)
        assert res.attempted > 0 and res.failed == 0, mod.__name__


def test_a_dangling_reference_fails_the_build(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "index.rst").write_text("Test\n====\n\nSee :law:`99Z` and :law:`90`.\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-W", "-n", "-q", "-D", "language=en",
                           "-c", str(ROOT / "docs"), str(src), str(tmp_path / "out")],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    assert proc.returncode != 0
    warnings = [x for x in proc.stderr.splitlines() if "WARNING" in x or "ERROR" in x]
    assert len(warnings) == 1, proc.stderr       # 90 is cited by the corpus: shown as absent, not dangling
    assert "99Z" in warnings[0] and "[ref.law]" in warnings[0]
    # and an unknown key in the directive is an error too
    (src / "index.rst").write_text("Test\n====\n\n.. law:: 99Z\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-W", "-n", "-q", "-D", "language=en",
                           "-c", str(ROOT / "docs"), "-E", str(src), str(tmp_path / "out")],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    assert proc.returncode != 0 and "99Z" in proc.stderr


# -- a real browser ------------------------------------------------------------------------------------------
def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser"):
        p = shutil.which(name)
        if p:
            return p
    return None


def _high_fd(fd: int) -> int:
    import fcntl

    new = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(fd)
    return new


class Chromium:
    """Headless Chromium driven through the DevTools protocol over a pipe (``--remote-debugging-pipe``):
    chromium reads JSON commands, each ending with a NUL byte, on fd 3 and answers on fd 4."""

    FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync"]

    def __init__(self, exe: str, width: int = 1200, height: int = 900):
        self.profile = tempfile.mkdtemp(prefix="rulebook-chromium-")
        # the pipe ends the child gets are moved above fd 10 first, so that bash's "3<&x 4>&y"
        # cannot overwrite one with the other (dash does not take fd numbers above 9)
        to_r, self.w = map(_high_fd, os.pipe())
        self.r, from_w = map(_high_fd, os.pipe())
        self.proc = subprocess.Popen(
            [shutil.which("bash") or "/bin/bash", "-c", f'exec "$@" 3<&{to_r} 4>&{from_w}', "bash", exe, *self.FLAGS,
             f"--user-data-dir={self.profile}", "--remote-debugging-pipe", f"--window-size={width},{height}",
             "about:blank"],
            pass_fds=(to_r, from_w), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_r)
        os.close(from_w)
        self.buf, self.next_id, self.events = b"", 0, []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=width, height=height,
                  deviceScaleFactor=1, mobile=False)

    def _read(self, timeout: float) -> dict:
        end = time.monotonic() + timeout
        while b"\0" not in self.buf:
            left = end - time.monotonic()
            if left <= 0 or not select.select([self.r], [], [], left)[0]:
                raise TimeoutError("chromium did not answer in time")
            chunk = os.read(self.r, 1 << 16)
            if not chunk:
                raise EOFError("chromium closed the DevTools pipe")
            self.buf += chunk
        msg, _, self.buf = self.buf.partition(b"\0")
        return json.loads(msg)

    def call(self, method: str, session: bool = False, timeout: float = 30, **params):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params}
        if session:
            msg["sessionId"] = self.session
        os.write(self.w, json.dumps(msg).encode() + b"\0")
        while True:
            m = self._read(timeout)
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})
            self.events.append(m)

    def open(self, url: str, timeout: float = 30) -> None:
        self.events.clear()
        self.call("Page.navigate", session=True, url=url)
        end = time.monotonic() + timeout
        while not any(e.get("method") == "Page.loadEventFired" for e in self.events):
            self.events.append(self._read(max(0.01, end - time.monotonic())))

    def js(self, expression: str):
        r = self.call("Runtime.evaluate", session=True, expression=expression, returnByValue=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def hover(self, x: float, y: float) -> None:
        self.call("Input.dispatchMouseEvent", session=True, type="mouseMoved", x=x, y=y)

    def screenshot(self, path: Path) -> None:
        data = self.call("Page.captureScreenshot", session=True, format="png")["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self.w)
        os.close(self.r)
        shutil.rmtree(self.profile, ignore_errors=True)


@pytest.fixture(scope="module")
def browser():
    exe = chromium_path()
    if exe is None:
        pytest.skip("Chromium is not installed (Debian: apt-get install -y chromium; "
                    "python3 run.py test installs it when run as root)")
    b = Chromium(exe)
    yield b
    b.close()


def test_a_built_page_in_a_real_browser(html, corpus, browser):
    ARTIFACTS.mkdir(exist_ok=True)
    key = parse_key("27B1a")
    target = parse_key("27D")
    f = html / "es" / "laws" / "27.html"
    browser.open(f.resolve().as_uri() + "#" + key.eid)
    # the text: the provision's verbatim text is shown, in its element, with the page in Spanish
    assert browser.js("document.documentElement.lang") == "es"
    shown = browser.js(f"document.getElementById('{key.eid}').innerText")
    assert norm(corpus.get(key, "es").text) in norm(shown)
    # the links: the citation of 27D points at its anchor, which exists on the page
    href = browser.js(f"document.querySelector('#{key.eid} a.law-ref[href=\"#{target.eid}\"]').href")
    assert href.endswith("#" + target.eid)
    assert browser.js(f"!!document.getElementById('{target.eid}')")
    switch = browser.js("Array.from(document.querySelectorAll('nav.rulebook-languages a')).map(a => a.href)")
    assert any(u.endswith("/nl/laws/27.html") for u in switch)
    # the hover preview: rest the pointer on the citation, the tooltip shows the cited text
    box = browser.js(f"""(() => {{ const a = document.querySelector('#{key.eid} a.law-ref[href="#{target.eid}"]');
        a.scrollIntoView({{block: 'center'}}); const r = a.getBoundingClientRect();
        return [r.left + r.width / 2, r.top + r.height / 2]; }})()""")
    assert browser.js("document.getElementById('law-tooltip').hidden") is True
    browser.hover(*box)
    deadline = time.monotonic() + 5
    while browser.js("document.getElementById('law-tooltip').hidden") and time.monotonic() < deadline:
        time.sleep(0.05)
    tip = browser.js("(() => { const t = document.getElementById('law-tooltip'); "
                     "return [t.hidden, getComputedStyle(t).display, t.innerText, t.getBoundingClientRect().height]; })()")
    assert tip[0] is False and tip[1] != "none" and tip[3] > 10
    assert corpus.get(target, "es").own_text[:60] in norm(tip[2])
    browser.screenshot(ARTIFACTS / "docs-es-27B1a-hover.png")
    assert (ARTIFACTS / "docs-es-27B1a-hover.png").stat().st_size > 10_000
    # moving away hides it
    browser.hover(5, 5)
    time.sleep(0.05)
    assert browser.js("document.getElementById('law-tooltip').hidden") is True


def test_a_tree_page_in_a_real_browser(html, browser):
    f = html / "nl" / "trees" / "2007" / "insufficient_bid.html"
    browser.open(f.resolve().as_uri())
    t = translator("nl")
    assert browser.js("document.documentElement.lang") == "nl"
    assert t.gettext("Worked examples") in browser.js("document.body.innerText")
    size = browser.js("(() => { const o = document.querySelector('object.graphviz'); "
                      "const r = o.getBoundingClientRect(); return [r.width, r.height]; })()")
    assert size[0] > 200 and size[1] > 200
    browser.screenshot(ARTIFACTS / "docs-nl-tree-insufficient_bid.png")


@pytest.mark.parametrize("lang,query", [("es", "declaración insuficiente"), ("nl", "onvoldoende bod"),
                                        ("it", "insufficiente"), ("en", "insufficient")])
def test_site_search_in_a_real_browser(html, browser, lang, query):
    """The site search finds pages and says how many, in the site's language, with no script error
    (Sphinx's Dutch catalog made searchtools.js throw a TypeError on every query: docs/conf.py)."""
    from urllib.parse import quote

    browser.call("Page.addScriptToEvaluateOnNewDocument", session=True,
                 source="window.__errors = []; window.addEventListener('error', e => window.__errors.push(String(e.message)));")
    browser.open((html / lang / "search.html").resolve().as_uri() + "?q=" + quote(query))
    summary = ""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        summary = browser.js("(() => { const s = document.querySelector('#search-results .search-summary'); "
                             "return s ? s.innerText : ''; })()") or ""
        if summary.strip():
            break
        time.sleep(0.1)
    assert browser.js("window.__errors") == []
    n = re.search(r"\d+", summary)
    assert n and int(n[0]) > 0, summary
    t = translator(lang)
    assert summary == t.gettext("Search finished, found ${resultCount} pages matching the search query.").replace(
        "${resultCount}", n[0])
    assert browser.js("document.querySelectorAll('#search-results ul.search li').length") > 0


def test_phone_layout_search_box_and_law_text_near_the_top(html, browser):
    browser.call("Emulation.setDeviceMetricsOverride", session=True, width=390, height=844, deviceScaleFactor=1,
                 mobile=True)
    try:
        browser.open((html / "nl" / "laws" / "27.html").resolve().as_uri())
        top = browser.js("(() => { const q = document.querySelector('form.rulebook-top-search input[name=q]'); "
                         "const p = document.querySelector('div.law-provision'); "
                         "return [q.getBoundingClientRect().top, p.getBoundingClientRect().top]; })()")
        assert top[0] < 150 and top[1] < 844, top
        browser.screenshot(ARTIFACTS / "docs-nl-27-phone.png")
    finally:
        browser.call("Emulation.clearDeviceMetricsOverride", session=True)


def test_what_the_language_does_not_hold_is_folded(html, browser):
    """The index of provisions and the navigation show this language's text first; the rest is folded."""
    t = translator("nl")
    browser.open((html / "nl" / "law-provisions.html").resolve().as_uri())
    absent = t.gettext("not in this language's text")
    state = browser.js(f"""(() => {{
        const rows = Array.from(document.querySelectorAll('table.indextable tr'));
        const absent = rows.filter(r => r.cells.length && r.cells[r.cells.length - 1].innerText.trim() === {json.dumps(absent)});
        const visible = absent.filter(r => getComputedStyle(r).display !== 'none');
        const b = document.querySelector('button.rulebook-fold-toggle');
        return [absent.length, visible.length, b ? b.innerText : null]; }})()""")
    assert state[0] > 50 and state[1] == 0, state
    assert state[2] == t.gettext("Show the {n} provisions of the other texts").format(n=state[0])
    browser.js("document.querySelector('button.rulebook-fold-toggle').click()")
    assert browser.js("document.querySelectorAll('tr.rulebook-hidden').length") == 0
    browser.open((html / "nl" / "index.html").resolve().as_uri())
    folded = browser.js("Array.from(document.querySelectorAll('details.rulebook-folded:not([open]) summary'))"
                        ".map(s => s.innerText)")
    assert folded and all(s.startswith(t.gettext("Laws and regulations in the other texts")) for s in folded)


def test_the_trees_a_provision_offers_are_the_engines_resting_on():
    """docs/_ext/rulebook_law.trees_resting_on reads laws.rulings.trees.resting_on (one place): a node's law, and a
    provision a ruling sends the director on from (pointed_from, 2017 27D -> correction_damage)."""
    from docs import sources  # noqa: F401  (puts docs/_ext on the path)
    import rulebook_law

    on = rulebook_law.trees_resting_on()
    assert ("2007", "insufficient_bid") in on["2007:27B1a"] and ("2017", "insufficient_bid") in on["2017:27B1a"]
    assert ("2017", "correction_damage") in on["2017:27D"]
    assert all(ed == key.split(":")[0] for key, refs in on.items() for ed, _ in refs)
