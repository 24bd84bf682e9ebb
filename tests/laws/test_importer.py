"""rulebook import (laws/importer/): the committed corpus is what the importer makes of its sources,
pages of the three sites in their other shapes (HTML, Latin-1, other pages of a site), and bad
input that is reported and loses nothing. Every page here is made from the project's own sources."""
import json
import os
import shutil
from pathlib import Path

import pytest
import yaml

from laws import corpus as C
from laws import datafile
from laws import importer as I
from laws import registry as R
from laws.importer.pages import PageError, decode, language

SOURCES = datafile.PROJECT_DATA / "sources"
PUBLICATIONS = R.read_publications(datafile.PROJECT_DATA / "publications.yaml")
# the seed documents, the raw material of the pages built here: each publication's first source
SEEDS = {"es-aeb-2007": "000_21cbd990b7dc001e.txt", "nl-nbb-2017": "002_f9cce6a10a56f325.txt",
         "it-figb-2017": "004_945fbd73cb0c2825.txt"}
FIELDS = ("key", "parent", "heading", "text", "notes", "cites")


def _fields(rows):
    return {r["key"]: {f: r[f] for f in FIELDS} for r in rows}


def _of(corpus, pub, law=None):
    return _fields(p.to_dict(corpus) for p in corpus.provisions() if p.pub.id == pub and (law is None or p.key.law == law))


def test_the_seeds_are_the_first_sources():
    assert {p: f["source"] for p, f in PUBLICATIONS.items() if p in SEEDS} == SEEDS


# -- the committed corpus is the importer's ----------------------------------------------------
@pytest.mark.parametrize("pub", sorted(PUBLICATIONS))
def test_the_publications_regenerate_exactly(tmp_path, corpus, pub):
    """Every publication of publications.yaml, read again from all its sources (no FILE given)."""
    res = I.run([], pub, out=tmp_path)
    assert res.files == [str(C.source_path(x)) for x in PUBLICATIONS[pub]["sources"]]
    want = _of(corpus, pub)
    got = _fields(res.to_dict()["provisions"])
    assert got == want
    # and the files themselves, byte for byte
    for f in sorted((datafile.PROJECT_DATA / pub).glob("*.yaml")):
        assert (tmp_path / pub / f.name).read_text(encoding="utf-8") == f.read_text(encoding="utf-8"), f.name
    assert not res.not_encoded() and not res.clashes


def test_import_json_is_list_json(run_cli, tmp_path):
    """`rulebook import --json` gives the fields of `rulebook list --json`; `--data` reads the folder."""
    for pub in PUBLICATIONS:
        code, out, err = run_cli("import", "--publication", pub, "--out", tmp_path, "--json")
        assert code == 0, err
        d = json.loads(out)
        assert d["publication"] == pub and d["report"]["not_encoded"] == []
        code, out2, _ = run_cli("list", "--json")
        listed = [r for r in json.loads(out2) if r["publication"] == pub]
        assert _fields(d["provisions"]) == _fields(listed)
    code, out, err = run_cli("--data", tmp_path, "list", "--json")
    assert code == 0, err
    code2, out2, _ = run_cli("list", "--json")
    assert _fields(json.loads(out)) == _fields(json.loads(out2))
    assert datafile.data_dir() == datafile.PROJECT_DATA  # --data lasts one command


def test_the_report_says_what_was_made_and_left_out(run_cli, tmp_path):
    code, out, _ = run_cli("import", SOURCES / SEEDS["es-aeb-2007"], "--publication", "es-aeb-2007", "--out", tmp_path)
    assert code == 0
    assert "provisions: 240" in out and "labels reconstructed: 14" in out and "31A2a" in out
    assert "corrections applied: 3" in out and "lines 1-6, 721" in out and "chapter headings" in out
    assert "16D" in out and "not encoded: 0" in out
    code, out, _ = run_cli("import", SOURCES / SEEDS["nl-nbb-2017"], "--publication", "nl-nbb-2017", "--out", tmp_path)
    assert "repeated on the page of a part" in out and "lines 4, 19-20, 22-23, 64-67, 70-75" in out


# -- other shapes of the same pages ----------------------------------------------------------------
def _html_nbb(text: str) -> str:
    """The NBB's text as an HTML page: a title per article, bullets as list items, chrome and scripts."""
    out = ["<!DOCTYPE html><html><head><title>Spelregels</title><style>li{color:red}</style>",
           "<script>var artikel = 'Artikel 99';</script></head><body><nav><ul><li>Home</li></ul></nav>"]
    inlist = False
    for line in text.split("\n"):
        if line.startswith("-"):
            if not inlist:
                out.append("<ul>")
                inlist = True
            out.append(f"<li>{line[1:].strip()}</li>")
            continue
        if inlist:
            out.append("</ul>")
            inlist = False
        if line.startswith("Artikel "):
            out.append(f"<h1>{line}</h1>")
        elif line.strip():
            out.append(f"<p>{line}</p>")
    out.append("</ul></body></html>" if inlist else "</body></html>")
    return "\n".join(out)


def test_an_html_page_reads_as_its_text(tmp_path, seed_corpus):
    """Scripts, styles and the menu go; list items are bullets; the same provisions come out."""
    src = (SOURCES / SEEDS["nl-nbb-2017"]).read_text(encoding="utf-8")
    page = tmp_path / "spelregels.html"
    page.write_text(_html_nbb(src).replace("<li>Home</li>", ""), encoding="utf-8")
    res = I.run([page], "nl-nbb-2017", out=tmp_path / "out")
    want = _of(seed_corpus, "nl-nbb-2017")
    assert _fields(res.to_dict()["provisions"]) == want
    assert res.dropped == {"head": 1, "style": 1, "script": 1} and "Artikel 99" not in json.dumps(res.to_dict())


def _html_aeb(text: str) -> str:
    """The AEB's chapter as its HTML: paragraphs, &nbsp; separators, bulleted and numbered lists."""
    import html
    import re

    out, mode = ["<html><head><script>var x = 1;</script></head><body>"], None
    for line in text.split("\n"):
        ul, ol = re.match(r"^\s+•\s*(.*)$", line), re.match(r"^\s+\d+\.\s+(.*)$", line)
        kind = "ul" if ul else "ol" if ol else None
        if kind != mode:
            out += ([f"</{mode}>"] if mode else []) + ([f"<{kind}>"] if kind else [])
            mode = kind
        if kind:
            out.append(f"<li>{html.escape((ul or ol)[1])}</li>")
        elif not line.strip() and "\u00a0" in line:
            out.append("<p>&nbsp;</p>")
        elif line.strip():
            out.append(f"<p>{html.escape(line)}</p>")
    return "\n".join(out + ["</body></html>"])


def test_the_aeb_chapter_as_html(tmp_path, seed_corpus):
    page = tmp_path / "capitulo3.html"
    page.write_text(_html_aeb((SOURCES / SEEDS["es-aeb-2007"]).read_text(encoding="utf-8")), encoding="utf-8")
    res = I.run([page], "es-aeb-2007", out=tmp_path / "out")
    want = _of(seed_corpus, "es-aeb-2007")
    assert _fields(res.to_dict()["provisions"]) == want and res.dropped == {"head": 1, "script": 1}


def test_the_pages_of_one_site_in_several_files_merge(tmp_path, seed_corpus):
    """Artikel 21 and Artikel 21B saved as two files: encoded once, B named by the part's page."""
    lines = (SOURCES / SEEDS["nl-nbb-2017"]).read_text(encoding="utf-8").split("\n")
    whole, part = tmp_path / "21.txt", tmp_path / "21B.txt"
    whole.write_text("\n".join(lines[94:104]), encoding="utf-8")
    part.write_text("\n".join(lines[67:75]), encoding="utf-8")
    res = I.run([part, whole], "nl-nbb-2017", out=tmp_path / "out")
    got = {str(p.key): p for p in res.provisions}
    assert sorted(got) == sorted(_of(seed_corpus, "nl-nbb-2017", 21))
    assert not got["21B"].reconstructed and got["21A"].reconstructed and got["21B1a"].reconstructed
    assert [s[1] for s in res.skipped if s[3] == "duplicate"][:2] == [3, 4]  # the part's lines, in its own file


def test_a_part_alone_is_an_excerpt_with_named_and_reconstructed_labels(tmp_path):
    lines = (SOURCES / SEEDS["nl-nbb-2017"]).read_text(encoding="utf-8").split("\n")
    page = tmp_path / "16B1.txt"
    page.write_text("\n".join(lines[61:67]), encoding="utf-8")
    res = I.run([page], "nl-nbb-2017", out=tmp_path / "out")
    got = {str(p.key): p for p in res.provisions}
    assert sorted(got) == ["16", "16B", "16B1", "16B1a", "16B1b"]
    assert got["16"].excerpt and got["16B"].heading.startswith("Anderszins") and not got["16B1"].reconstructed
    assert got["16B1a"].reconstructed and "excerpt: true" in (tmp_path / "out" / "nl-nbb-2017" / "16.yaml").read_text()


def test_another_chapter_of_the_aeb(tmp_path):
    """A chapter page holding Law 35 alone (chrome, chapter heading, footer): the numbers under a law are
    35.1...; the corrections of Laws it does not hold are not applicable, not errors."""
    lines = (SOURCES / SEEDS["es-aeb-2007"]).read_text(encoding="utf-8").split("\n")
    page = tmp_path / "cap.txt"
    page.write_text("\n".join(lines[:8] + lines[385:400] + lines[-1:]), encoding="utf-8")
    res = I.run([page], "es-aeb-2007", out=tmp_path / "out")
    assert [str(p.key) for p in res.provisions] == ["35", "35.1", "35.2", "35.3", "35.4"]
    assert res.applied == [] and len(res.not_applicable) == 3 and not res.not_encoded()


def test_a_latin1_page_reads_as_utf8(tmp_path, seed_corpus):
    src = (SOURCES / SEEDS["it-figb-2017"]).read_text(encoding="utf-8")
    page = tmp_path / "art17.txt"
    page.write_bytes(src.encode("cp1252"))
    res = I.run([page], "it-figb-2017", out=tmp_path / "out")
    assert res.encodings[str(page)] == "windows-1252"
    assert _fields(res.to_dict()["provisions"]) == _of(seed_corpus, "it-figb-2017")


# -- bad input loses nothing -----------------------------------------------------------------------
def _snapshot(d: Path) -> dict:
    return {str(p.relative_to(d)): p.read_bytes() for p in sorted(d.rglob("*")) if p.is_file()}


@pytest.fixture
def seeded(tmp_path):
    """A corpus folder with the three publications imported."""
    out = tmp_path / "corpus"
    for pub, src in SEEDS.items():
        I.run([SOURCES / src], pub, out=out)
    return out


@pytest.mark.parametrize("case", ["not a law text", "other language", "unknown publication", "utf-16",
                                  "binary", "no such file", "table of contents"])
def test_bad_input_is_reported_and_nothing_is_written(run_cli, seeded, tmp_path, case):
    before = _snapshot(seeded)
    pub, page = "es-aeb-2007", tmp_path / "page.txt"
    if case == "not a law text":
        shutil.copy(SOURCES / "001_8c1ea7e1fd54f1bd.txt", page)    # a course text, no article
    elif case == "other language":
        shutil.copy(SOURCES / SEEDS["nl-nbb-2017"], page)
    elif case == "unknown publication":
        shutil.copy(SOURCES / SEEDS["es-aeb-2007"], page)
        pub = "fr-ffb-2017"
    elif case == "utf-16":
        page.write_bytes((SOURCES / SEEDS["es-aeb-2007"]).read_text(encoding="utf-8").encode("utf-16"))
    elif case == "binary":
        page.write_bytes(bytes(range(256)) * 40)
    elif case == "table of contents":
        page.write_text("Reglamento\n\nÍNDICE\n\nArt. 17.- El periodo de subasta\n\nArt. 18.- Declaraciones\n",
                        encoding="utf-8")
    else:
        page = tmp_path / "missing.txt"
    code, out, err = run_cli("import", page, "--publication", pub, "--out", seeded)
    assert code == 2 and out == "" and "Traceback" not in err and "cannot import" in err
    assert {"not a law text": "no article", "other language": "written in nl", "unknown publication": "fr-ffb-2017",
            "utf-16": "neither UTF-8 nor Latin-1", "binary": "neither UTF-8 nor Latin-1",
            "no such file": "no such file", "table of contents": "table of contents"}[case] in err
    assert _snapshot(seeded) == before
    code, _, err = run_cli("import", page, "--publication", pub, "--out", seeded, "--json")
    assert code == 2 and json.loads(err)["error"]


def test_a_clash_writes_nothing_without_force(run_cli, seeded):
    f = seeded / "es-aeb-2007" / "27.yaml"
    f.write_text(f.read_text(encoding="utf-8").replace("Declaración insuficiente", "Declaración corregida a mano", 1),
                 encoding="utf-8")
    before = _snapshot(seeded)
    code, out, _ = run_cli("import", SOURCES / SEEDS["es-aeb-2007"], "--publication", "es-aeb-2007", "--out", seeded)
    assert code == 1 and "Nothing written" in out and "27.yaml" in out and _snapshot(seeded) == before
    code, out, _ = run_cli("import", SOURCES / SEEDS["es-aeb-2007"], "--publication", "es-aeb-2007", "--out", seeded, "--force")
    assert code == 0 and "Written: 1 file in" in out and "Declaración corregida" not in f.read_text(encoding="utf-8")


def test_a_key_another_publication_holds_is_a_clash(run_cli, seeded):
    """A second Spanish publication of the 2007 Laws holding Law 27 would encode 2007:27 twice in Spanish."""
    pubs = seeded / "publications.yaml"
    pubs.write_text(pubs.read_text(encoding="utf-8") + 'es-aeb-2008:\n  lang: "es"\n  authority: "AEB"\n  year: 2008\n'
                    '  laws_edition: "2007"\n  source_title: "x"\n  source: "000_21cbd990b7dc001e.txt"\n  evidence: "x"\n'
                    '  pages: "aeb"\n', encoding="utf-8")
    before = _snapshot(seeded)
    code, out, _ = run_cli("import", SOURCES / SEEDS["es-aeb-2007"], "--publication", "es-aeb-2008", "--out", seeded)
    assert code == 1 and "27 is already encoded by es-aeb-2007" in out and _snapshot(seeded) == before


def test_writes_are_atomic(tmp_path, monkeypatch):
    f = tmp_path / "x.yaml"
    f.write_text("old", encoding="utf-8")

    def boom(self, target):
        raise OSError("disk full")

    monkeypatch.setattr(Path, "replace", boom)
    with pytest.raises(OSError):
        datafile.write_atomic(f, "new")
    assert f.read_text(encoding="utf-8") == "old" and [p.name for p in tmp_path.iterdir()] == ["x.yaml"]


def test_a_correction_that_does_not_fit_names_its_line(tmp_path, monkeypatch):
    from laws.importer import corrections as CR

    bad = tmp_path / "es-aeb-2007.yaml"
    bad.write_text('publication: es-aeb-2007\ncorrections:\n  - op: note\n    key: "20F1"\n    starts: "No hay tal"\n'
                   '    label: "Nota AEB"\n    reason: "x"\n', encoding="utf-8")
    monkeypatch.setattr(CR, "corrections_file", lambda pub: bad)
    with pytest.raises(datafile.DataError) as e:
        I.run([SOURCES / SEEDS["es-aeb-2007"]], "es-aeb-2007", out=tmp_path / "out")
    assert e.value.line == 3 and "No hay tal" in e.value.message
    bad.write_text('publication: es-aeb-2007\ncorrections:\n  - op: note\n    key: "20F1"\n', encoding="utf-8")
    with pytest.raises(datafile.DataError) as e:
        I.run([SOURCES / SEEDS["es-aeb-2007"]], "es-aeb-2007", out=tmp_path / "out")
    assert "reason" in e.value.message


def test_decode_and_language():
    assert decode("Artículo".encode("utf-8"))[1] == "utf-8"
    assert decode("Artículo".encode("latin-1"))[0] == "Artículo"
    with pytest.raises(PageError):
        decode("Artículo 17".encode("utf-16"))
    nl = (SOURCES / SEEDS["nl-nbb-2017"]).read_text(encoding="utf-8")
    es = (SOURCES / SEEDS["es-aeb-2007"]).read_text(encoding="utf-8")
    it = (SOURCES / SEEDS["it-figb-2017"]).read_text(encoding="utf-8")
    assert [language(x)[0] for x in (nl, es, it)] == ["nl", "es", "it"]
    assert language("kort")[0] is None


def test_no_temporary_files_are_left(seeded):
    assert not [p for p in seeded.rglob("*") if ".tmp" in p.name]
    assert os.path.isfile(seeded / "publications.yaml")
    C.reset()


def test_a_folder_of_ones_own_keeps_its_pages_as_sources(run_cli, tmp_path):
    """The pages imported into a folder are its publication's sources: `check` verifies the texts
    against them both ways (provenance), and a page already known is not copied again."""
    lines = (SOURCES / SEEDS["nl-nbb-2017"]).read_text(encoding="utf-8").split("\n")
    page = tmp_path / "16B1.txt"
    page.write_text("\n".join(lines[61:67]) + "\n", encoding="utf-8")
    out = tmp_path / "corpus"
    res = I.run([page], "nl-nbb-2017", out=out)
    assert res.sources_added == ["16B1.txt"] and (out / "sources" / "16B1.txt").read_bytes() == page.read_bytes()
    assert 'source: "16B1.txt"' in (out / "publications.yaml").read_text(encoding="utf-8")
    code, out_, err = run_cli("--data", out, "check", "--no-catalogs", "--json")
    mine = [f for f in json.loads(out_)["findings"] if f["level"] == "error"
            and f["check"] in ("load", "provenance", "structure", "citations", "editions")]
    assert mine == []   # (the project's own search sets are checked against the project's corpus)
    I.run([page], "nl-nbb-2017", out=out)
    assert sorted(p.name for p in (out / "sources").iterdir()) == ["16B1.txt"]


def test_a_page_of_the_nbb_site_with_its_lists_nested(tmp_path, seed_corpus):
    """Artikel 75 as help.bridge.nl shows it: the title in capitals, the site's navigation, the sections
    and their parts as nested numbered lists (the numbers are the browser's, the labels are rebuilt),
    a lone full stop at the end. The same provisions come out as from the seed."""
    lines = (SOURCES / SEEDS["nl-nbb-2017"]).read_text(encoding="utf-8").split("\n")[79:94]
    page = ["ARTIKEL 75", lines[1], "Home Artikelengroep 74--93", lines[2]]
    n = 0
    for i, line in enumerate(lines[3:], 3):
        if i in (3, 5, 9, 11):           # a section's heading: the outer list
            n, m = n + 1, 0
            page.append(f"  {n}. {line[2:]}")
        elif line.startswith("- "):      # a part of the section: the inner list
            m += 1
            page.append(f"    {m}. {line[2:]}")
        else:
            page.append(line)
    f = tmp_path / "Art.75.txt"
    f.write_text("\n".join(page + ["."]) + "\n", encoding="utf-8")
    res = I.run([f], "nl-nbb-2017", out=tmp_path / "out")
    assert _fields(res.to_dict()["provisions"]) == _of(seed_corpus, "nl-nbb-2017", 75)
    assert [(s[1], s[3]) for s in res.skipped] == [(1, "title"), (3, "chrome"), (len(page) + 1, "chrome")]


def test_a_new_process_after_an_import_reads_the_new_sources(tmp_path):
    """`rulebook import` into the corpus in use, then another process: the corpus it reads (from the
    on-disk cache) has the publication's sources as publications.yaml now lists them. (The importing
    process had read publications.yaml before writing it: what it cached must not pass for the new
    data.)"""
    import subprocess
    import sys

    data = tmp_path / "data"   # the project's data, its NBB publication made of the seed without Artikel 75
    shutil.copytree(datafile.PROJECT_DATA, data, ignore=shutil.ignore_patterns("sources"))
    seed = (SOURCES / SEEDS["nl-nbb-2017"]).read_text(encoding="utf-8").split("\n")
    (data / "sources").mkdir()
    (data / "sources" / "nl.txt").write_text("\n".join(seed[:79] + seed[94:]), encoding="utf-8")
    pubs = data / "publications.yaml"
    facts = {p: {k: v for k, v in f.items() if k not in ("line", "sources")} | {"source": f["sources"]}
             for p, f in R.read_publications(pubs).items()}
    facts["nl-nbb-2017"]["source"] = "nl.txt"
    pubs.write_text(yaml.safe_dump(facts, allow_unicode=True, sort_keys=False), encoding="utf-8")
    (data / "nl-nbb-2017" / "75.yaml").unlink()
    page = tmp_path / "artikel-75.txt"
    page.write_text("\n".join(seed[79:94]) + "\n", encoding="utf-8")
    env = dict(os.environ, RULEBOOK_DATA=str(data), RULEBOOK_CACHE=str(tmp_path / "cache"))
    root = datafile.PROJECT_DATA.parent.parent
    run = lambda *a: subprocess.run([sys.executable, *a], cwd=root, env=env, capture_output=True, text=True)
    done = run("-m", "cli", "import", str(page), "--publication", "nl-nbb-2017")
    assert done.returncode == 0, done.stderr
    assert (data / "sources" / page.name).exists() and not (SOURCES / page.name).exists()
    assert R.read_publications(pubs)["nl-nbb-2017"]["sources"] == ["nl.txt", "artikel-75.txt"]
    seen = run("-c", "from laws import corpus as C; print(C.load().get(C.K.parse_key('75A'), 'nl').pub.sources)")
    assert seen.returncode == 0, seen.stderr
    assert "artikel-75.txt" in seen.stdout, seen.stdout


def test_a_page_added_to_a_publication_is_what_regenerating_it_makes(tmp_path):
    """Importing a page into a folder that holds its publication reads the publication's other sources
    with it: the report and the files are about the laws the page touches, and regenerating the
    publication from all its sources afterwards writes nothing new. A page whose every law another
    source already holds is refused, with the reason."""
    out = tmp_path / "corpus"
    seed = (SOURCES / SEEDS["nl-nbb-2017"]).read_text(encoding="utf-8").split("\n")
    first, page = tmp_path / "nl.txt", tmp_path / "artikel-75.txt"
    first.write_text("\n".join(seed[:79] + seed[94:]), encoding="utf-8")      # the seed without Artikel 75
    page.write_text("\n".join(seed[79:94]) + "\n", encoding="utf-8")
    I.run([first], "nl-nbb-2017", out=out)
    res = I.run([page], "nl-nbb-2017", out=out)
    assert [str(n.key) for n in res.laws] == ["75"] and res.written == [str(out / "nl-nbb-2017" / "75.yaml")]
    assert res.also_read == [str(out / "sources" / "nl.txt")] and {s[0] for s in res.skipped} == {str(page)}
    before = _snapshot(out)
    again = I.run([], "nl-nbb-2017", out=out)
    assert again.written == [] and _snapshot(out) == before
    part = tmp_path / "41B.txt"
    part.write_text("\n".join(seed[17:20]) + "\n", encoding="utf-8")        # Artikel 41B: 41 is encoded already
    with pytest.raises(PageError) as e:
        I.run([part], "nl-nbb-2017", out=out)
    assert "already encoded from another source" in e.value.message and _snapshot(out) == before


@pytest.mark.parametrize("written", ['  source: "a.txt"\n', '  source: ["a.txt"]\n', "  source:\n  - a.txt\n",
                                     "  source:\n    - a.txt\n"])
def test_the_sources_list_is_kept_in_any_yaml_form(tmp_path, written):
    """publications.yaml is written by people too: a new source is added to its list whatever form it has."""
    from laws.importer import _register

    f = tmp_path / "publications.yaml"
    f.write_text('nl-nbb-2017:\n  lang: "nl"\n' + written + '  evidence: "x"\nit-figb-2017:\n  lang: "it"\n', encoding="utf-8")
    _register(tmp_path, "nl-nbb-2017", {}, ["a.txt", "b.txt"])
    assert yaml.safe_load(f.read_text(encoding="utf-8")) == {
        "nl-nbb-2017": {"lang": "nl", "source": ["a.txt", "b.txt"], "evidence": "x"}, "it-figb-2017": {"lang": "it"}}
