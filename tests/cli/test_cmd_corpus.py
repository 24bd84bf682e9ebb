"""`rulebook list`, `show` and `check` (cli/cmd_corpus.py): JSON fields, key forms, languages,
and clear errors with exit status 2 and no traceback."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_list_json_fields(run_cli, corpus):
    code, out, err = run_cli("list", "--json")
    rows = json.loads(out)
    assert code == 0 and len(rows) == sum(1 for _ in corpus.provisions())
    for r in rows:
        assert {"key", "lang", "authority", "edition", "heading", "text", "parent", "cites", "notes"} <= set(r)
        assert isinstance(r["cites"], list) and isinstance(r["notes"], list)
    r = next(r for r in rows if r["key"] == "17D4" and r["lang"] == "it")
    assert r["parent"] == "17D" and r["authority"] == "FIGB" and r["edition"] == 2017
    assert r["laws_edition"] == "2007"  # the FIGB Codice (2017) follows the 2007 Laws
    assert {(r["lang"], r["laws_edition"]) for r in rows} == {("es", "2007"), ("it", "2007"), ("nl", "2017")}
    assert r["cites"] == ["17D2", "17D3", "90"] and r["cites_absent"] == ["90"]


@pytest.mark.parametrize("lang,n", [("es", None), ("nl", None), ("it", None)])
def test_list_filters_by_language(run_cli, corpus, lang, n):
    code, out, _ = run_cli("list", "--lang", lang, "--json")
    rows = json.loads(out)
    assert code == 0 and rows and {r["lang"] for r in rows} == {lang}
    assert len(rows) == sum(1 for _ in corpus.provisions(lang))


@pytest.mark.parametrize("form", ["27B1a", "27B1(a)", "27 B 1 a", "Law 27B1(a)", "Artículo 27B1(a)"])
def test_show_accepts_usual_forms(run_cli, form):
    code, out, _ = run_cli("show", form, "--json")
    d = json.loads(out)
    assert code == 0 and d["key"] == "27B1a" and d["provision"]["text"].startswith("Si la declaración insuficiente")


def test_show_children_citations_other_languages(run_cli):
    code, out, _ = run_cli("show", "artikel 16B1", "--lang", "nl", "--json")
    d = json.loads(out)
    assert d["lang"] == "nl" and [c["key"] for c in d["children"]] == ["16B1a", "16B1b"]
    assert {c["key"] for c in d["cites"]} == {"16A"}
    assert d["other_languages"]["es"] is None and d["other_languages"]["it"] is None
    # es 20F3 cites the 2007 16B1, another provision: not a backlink of the 2017 16B1
    assert {(c["key"], c["lang"], c["laws_edition"]) for c in d["cited_by"]} == {("16A1c", "nl", "2017")}
    assert d["laws_edition"] == "2017" and d["other_edition"]["cited_by"][0]["key"] == "20F3"
    code, out, _ = run_cli("show", "17D", "--json")
    d = json.loads(out)
    assert d["lang"] == "es" and d["other_languages"]["it"]["authority"] == "FIGB"
    assert [c["key"] for c in d["children"]] == ["17D1", "17D2", "17D3", "17D4"]
    assert d["other_languages"]["nl"] is None


def test_show_in_a_language_that_lacks_it(run_cli):
    code, out, _ = run_cli("show", "27B1a", "--lang", "it", "--json")
    d = json.loads(out)
    assert code == 0 and d["provision"] is None and d["available_langs"] == ["es"] and d["laws_edition"] == "2007"
    # the Spanish text (2007 Laws) cites 16B1, which no 2007 text holds: absent, not the NBB's 2017 16B1
    code, out, err = run_cli("show", "16B1", "--lang", "es", "--json")
    d = json.loads(err)
    assert code == 2 and d["absent"] and d["laws_edition"] == "2007" and d["cited_by"] == ["20F3 (es)"]
    assert [(c["key"], c["laws_edition"]) for c in d["corresponds"]] == [("16B1", "2017")]


def test_unknown_key_suggests_nearest(run_cli):
    code, out, err = run_cli("show", "27B9")
    assert code == 2 and out == "" and "27B9" in err and "27B1" in err and "Traceback" not in err
    code, out, err = run_cli("show", "90", "--json")
    d = json.loads(err)
    assert code == 2 and d["absent"] and "17D4 (it)" in d["cited_by"]


def test_errors_are_translated(run_cli):
    code, _, err = run_cli("--lang", "nl", "show", "27B9")
    assert code == 2 and "staat niet in het corpus" in err
    code, _, err = run_cli("show", "bla", "--lang", "es")
    assert code == 2 and "no es una clave de disposición" in err
    code, _, err = run_cli("show", "16", "--lang", "xx")
    assert code == 2 and "unknown language xx" in err


def test_check_passes(run_cli):
    code, out, err = run_cli("check", "--json")
    d = json.loads(out)
    assert code == 0 and d["ok"] and d["provisions"] > 300, [f for f in d["findings"] if f["level"] == "error"]
    assert any(f["level"] == "info" and f["where"] == "2007:90" for f in d["findings"])


def test_console_script_process_has_no_traceback():
    """A user's mistake through a real process: stderr message, exit 2."""
    r = subprocess.run([sys.executable, "-m", "cli", "show", "Artículo 99Z"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2 and "Traceback" not in r.stderr and "99Z" in r.stderr
    r = subprocess.run([sys.executable, "-m", "cli", "show"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_show_does_not_import_heavy_front_ends():
    code = ("import sys; from cli.main import main; main(['show','27B1a','--json']); "
            "bad=[m for m in ('streamlit','sphinx','rdflib','networkx') if m in sys.modules]; "
            "sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
