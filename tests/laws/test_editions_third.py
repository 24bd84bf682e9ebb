"""A third edition of the Laws is data: a test fixture (never shipped) adds "2027" to the registry, a
table 2017 -> 2027 and a Dutch publication following it (imported from the NBB source of this
project), and `check`, `show`, `refs` and the export work on it through `rulebook --data`."""
import json
import shutil

import pytest

from laws import datafile
from laws import editions as E
from laws import importer as I
from laws.corpus import load

FIXTURE = datafile.PROJECT_DATA.parent.parent / "tests" / "fixtures" / "third_edition"


def _table(corpus, older: str, newer: str) -> str:
    """Every key the older and the newer texts hold or cite, kept as it is (status same)."""
    keys = set()
    for ed in (older, newer):
        keys |= {str(k) for e, k in corpus.qualified_keys() + corpus.absent_cited_qualified()
                 if e == ed and k.__class__.__name__ == "LawKey"}
    rows = "".join(f'  - {{"{older}": "{k}", "{newer}": "{k}", status: same, source: "FIX"}}\n' for k in sorted(keys))
    return f'editions: ["{older}", "{newer}"]\nsources:\n  FIX: "test fixture"\nrows:\n{rows}'


@pytest.fixture(scope="module")
def third(tmp_path_factory):
    d = tmp_path_factory.mktemp("third") / "data"
    shutil.copytree(datafile.PROJECT_DATA, d, ignore=shutil.ignore_patterns("sources"))
    (d / "sources").symlink_to(datafile.PROJECT_DATA / "sources")
    shutil.copy(FIXTURE / "editions.yaml", d / "editions" / "editions.yaml")
    with open(d / "publications.yaml", "a", encoding="utf-8") as f:
        f.write((FIXTURE / "publication.yaml").read_text(encoding="utf-8"))
    with datafile.using_data(d):
        res = I.run([datafile.PROJECT_DATA / "sources" / "002_f9cce6a10a56f325.txt"], "nl-nbb-2027")
        assert res.written and not res.clashes
        (d / "editions" / "2017-2027.yaml").write_text(_table(load(), "2017", "2027"), encoding="utf-8")
    yield d


def test_the_registry_reads_the_third_edition(third):
    with datafile.using_data(third):
        assert E.editions() == ["2007", "2017", "2027"] and E.in_force() == "2017"
        assert E.consecutive() == [("2007", "2017"), ("2017", "2027")]
        assert E.edition_of_lang("nl") == "2017"          # the NBB applies 2017: its 2017 text stays the default
        assert E.publications_of_lang("nl") == ["nl-nbb-2017", "nl-nbb-2027"]
        # the tables chain: 2007 16D -> 2017 16C -> 2027 16C, and the lineage is one
        assert [(c.key, c.status) for c in E.corresponding("2007", "16D", "2027")] == [("16C", "renumbered")]
        assert [(c.key, c.status) for c in E.corresponding("2027", "16C", "2007")] == [("16D", "renumbered")]
        assert E.lineage("2027", "16C") == E.lineage("2007", "16D") == "2007:16D"
        assert E.same_provision("2017", "16C") == {"2007": "16D", "2017": "16C", "2027": "16C"}
        assert E.others("2027") == ["2017", "2007"]
        c = load()
        assert c.editions() == ["2007", "2017", "2027"] and c.editions_of_lang("nl") == ["2017", "2027"]
        assert c.get(c.keys("2027")[0], "nl", "2027").pub.id == "nl-nbb-2027"
    assert E.editions() == ["2007", "2017"]                # the project's own data is untouched


def test_check_show_refs_and_export_on_the_third_edition(third, run_cli):
    code, out, err = run_cli("--data", third, "check", "--no-catalogs", "--json")
    d = json.loads(out)
    assert code == 0, [f for f in d["findings"] if f["level"] == "error"][:5]
    code, out, err = run_cli("--data", third, "show", "2027:16C", "--json")
    d = json.loads(out)
    assert code == 0 and d["laws_edition"] == "2027" and d["publication"]["id"] == "nl-nbb-2027"
    assert d["lineage"] == "2007:16D" and [o["laws_edition"] for o in d["other_editions"]] == ["2017", "2007"]
    code, out, _ = run_cli("--data", third, "show", "16C", "--lang", "nl", "--json")
    assert json.loads(out)["laws_edition"] == "2017"
    code, out, err = run_cli("--data", third, "refs", "2027:16C", "--json")
    assert code == 0, err
    assert "2027:16C" in out and "2027:47E1" in out and "2017:" not in out.split("corresponds")[0]
    code, out, err = run_cli("--data", third, "export", "--format", "ttl")
    assert code == 0, err
    assert "law/2027/16/C" in out and "lineage/2007/16/D" in out and "correspondence/2017-2027/" in out
    code, out, _ = run_cli("show", "2027:16C")                 # without --data: no such edition
    assert code == 2
