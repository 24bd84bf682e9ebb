"""Issue 14: corrupted data and caches never crash a command.

The data is copied to a temporary directory and the modules are pointed at the copy
(``laws.datafile.use_data``, ``laws.rulings.TREES``, ``i18n.LOCALE``), then broken on purpose."""
from __future__ import annotations

import json
import os
import pickle
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _clean(code, err):
    assert code in (0, 1, 2), err
    assert "Traceback" not in err


# -- the corpus cache ------------------------------------------------------------------------
@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    from laws import corpus as C

    monkeypatch.setenv("RULEBOOK_CACHE", str(tmp_path))
    C.reset()
    yield tmp_path
    C.reset()


def _cache_file(d: Path) -> Path:
    from laws import corpus as C

    C.load()
    C.reset()
    files = list(d.glob("corpus-*.pickle"))
    assert len(files) == 1
    return files[0]


@pytest.mark.parametrize("payload", [
    pickle.dumps({}), pickle.dumps([]), pickle.dumps(None), pickle.dumps("corpus"),
    pickle.dumps({"version": "corpus-0", "fingerprint": "x", "corpus": {}}),
    b"", b"garbage", b"\x80\x05\x95",  # truncated pickle
])
def test_corpus_cache_of_the_wrong_type_is_rebuilt(fresh_cache, payload, run_cli):
    from laws import corpus as C

    f = _cache_file(fresh_cache)
    good = f.read_bytes()
    f.write_bytes(payload if payload else good[: len(good) // 2])
    c = C.load()
    assert isinstance(c, C.Corpus) and len(list(c.provisions())) > 300
    C.reset()
    code, out, err = run_cli("show", "27A")
    assert code == 0 and "Traceback" not in err
    box = pickle.loads(f.read_bytes())  # rewritten whole
    assert box["version"] == C.CACHE_VERSION and isinstance(box["corpus"], C.Corpus)


def test_corpus_cache_written_atomically_under_concurrency(fresh_cache):
    """Eight processes load the corpus at once into an empty cache: every one succeeds, the cache is
    one whole file, no temporary file is left."""
    code = ("import sys; sys.path.insert(0, %r); from laws import corpus as C; "
            "print(len(list(C.load().provisions())))" % str(ROOT))
    env = dict(os.environ, RULEBOOK_CACHE=str(fresh_cache))
    procs = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env=env) for _ in range(8)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert all(p.returncode == 0 for p in procs), outs
    assert len({o for o, _ in outs}) == 1
    assert [p.name for p in fresh_cache.iterdir()] and all(p.suffix == ".pickle" for p in fresh_cache.iterdir())
    from laws import corpus as C

    box = pickle.loads(next(fresh_cache.glob("corpus-*.pickle")).read_bytes())
    assert isinstance(box["corpus"], C.Corpus)


# -- law files -----------------------------------------------------------------------------
@pytest.fixture
def data_copy(tmp_path, monkeypatch, fresh_cache):
    """A copy of laws/data that the corpus, the glossary and check read."""
    from laws import corpus as C
    from laws import datafile

    d = tmp_path / "data"
    shutil.copytree(datafile.PROJECT_DATA, d, ignore=shutil.ignore_patterns("sources"))
    os.symlink(datafile.PROJECT_DATA / "sources", d / "sources")
    datafile.use_data(d)
    _reset_graph()
    try:
        yield d
    finally:
        datafile.use_data(None)
        C.reset()
        _reset_graph()


def _reset_graph():
    import present.graph as PG
    from graph import glossary as Gl
    from laws import corpus as C

    C.reset()
    PG._GRAPH = None
    for name in dir(Gl):
        fn = getattr(Gl, name)
        if hasattr(fn, "cache_clear"):
            fn.cache_clear()


BREAKAGES = {
    "invalid YAML": lambda s: s + "\n  - label: [\n",
    "not UTF-8": None,
    "a tab": lambda s: s.replace("\n", "\n\t", 1),
    "a mapping instead of a file": lambda s: "- 1\n- 2\n",
    "an unknown field": lambda s: s + "\nfoo: bar\n",
    "empty": lambda s: "",
}


@pytest.mark.parametrize("how", sorted(BREAKAGES))
def test_a_broken_law_file_is_a_data_error_never_a_traceback(data_copy, run_cli, how):
    f = data_copy / "es-aeb-2007" / "27.yaml"
    if BREAKAGES[how] is None:
        f.write_bytes(f.read_bytes() + "\n# caf\xe9\n".encode("latin-1"))
    else:
        f.write_text(BREAKAGES[how](f.read_text(encoding="utf-8")), encoding="utf-8")
    for argv in (["show", "27A"], ["refs", "27"], ["search", "bid"], ["glossary", "call"], ["list"],
                 ["rule", "--dealer", "N", "--auction", "1H 1D"], ["trees", "insufficient_bid"]):
        _reset_graph()
        code, out, err = run_cli(*argv)
        _clean(code, err)
        if code:
            assert "27.yaml" in err or "error" in err
    _reset_graph()
    code, out, err = run_cli("check", "--no-catalogs", "--json")
    assert code == 1 and "Traceback" not in err
    d = json.loads(out)
    assert d["ok"] is False and any("27.yaml" in x["where"] for x in d["findings"])
    _reset_graph()
    code, out, err = run_cli("check", "--no-catalogs")
    assert code == 1 and "27.yaml" in out


def test_a_broken_law_file_names_file_and_line(data_copy, run_cli):
    f = data_copy / "es-aeb-2007" / "27.yaml"
    f.write_text(f.read_text(encoding="utf-8") + "\n  - label: [\n", encoding="utf-8")
    code, out, err = run_cli("show", "27A")
    assert code == 1 and re.search(r"27\.yaml:\d+", err) and "Traceback" not in err


# -- decision trees (loaded by laws/rulings/trees.py; handled generically in cli/main.py)
@pytest.fixture
def trees_copy(tmp_path, monkeypatch):
    from laws.rulings import trees as R

    d = tmp_path / "trees"
    shutil.copytree(R.TREES, d)
    monkeypatch.setattr(R, "TREES", d)
    monkeypatch.setattr(R, "_TREES", None)
    yield d
    R._TREES = None


def _break_tree(d: Path, how: str) -> Path:
    """Break the tree wrong_board of every edition (the commands rule by the edition in force), in one way."""
    files = sorted(d.glob("*/wrong_board.yaml"))
    for f in files:
        _break_one(f, how)
    return files[0]


def _break_one(f: Path, how: str) -> None:
    s = f.read_text(encoding="utf-8")
    if how == "cycle":
        s = s.replace("answers: {\"yes\": later_differs", "answers: {\"yes\": which_board")
        s = re.sub(r"(- id: which_board\n(?:.*\n)*?\s+answers: \{[^}]*?\"yes\": )(\w+)", r"\1which_board", s, count=1)
    elif how == "no start":
        s = re.sub(r"start: \w+", "start: nowhere", s)
    elif how == "unknown fact":
        s = re.sub(r"ask: \w+", "ask: no_such_fact", s, count=1)
    elif how == "unknown node":
        s = re.sub(r"(answers: \{[^}]*?: )(\w+)", r"\1no_such_node", s, count=1)
    elif how == "invalid YAML":
        s += "\n  - : [\n"
    elif how == "not UTF-8":
        f.write_bytes(s.encode() + "\n# caf\xe9\n".encode("latin-1"))
        return
    f.write_text(s, encoding="utf-8")


TREE_ARGVS = [
    ["rule", "--tree", "wrong_board"],
    ["rule", "--tree", "wrong_board", "--fact", "wrong_board_played_later=yes", "--fact", "new_call_differs=yes",
     "--fact", "lho_called_after_wrong_board=no"],
    ["trees", "wrong_board"], ["trees"], ["facts"],
    ["rule", "--dealer", "N", "--auction", "1H 1D"],
]


@pytest.mark.parametrize("how", ["cycle", "no start", "unknown fact", "unknown node", "invalid YAML", "not UTF-8"])
def test_a_broken_tree_never_crashes_a_command(trees_copy, run_cli, how):
    f = _break_tree(trees_copy, how)
    seen_error = False
    for argv in TREE_ARGVS:
        code, out, err = run_cli(*argv)
        _clean(code, err)
        if code == 1:
            assert "wrong_board.yaml" in err and "error in the data" in err
            seen_error = True
    code, out, err = run_cli("check", "--no-catalogs", "--json")
    assert code == 1 and "Traceback" not in err
    findings = json.loads(out)["findings"]
    assert any(f.name in x["where"] for x in findings if x["level"] == "error")
    if how in ("no start", "unknown fact", "invalid YAML", "not UTF-8"):
        assert seen_error


@pytest.mark.parametrize("how", ["invalid YAML", "not UTF-8"])
def test_the_extractor_survives_a_broken_tree(tmp_path, how):
    from i18n.extract import extract_yaml

    f = tmp_path / "t.yaml"
    f.write_bytes(b"title: x\n  - : [\n" if how == "invalid YAML" else "title: caf\xe9\n".encode("latin-1"))
    with open(f, "rb") as fh:
        assert list(extract_yaml(fh, [], [], {"keys": "title"})) == []


# -- catalogs ------------------------------------------------------------------------------
@pytest.fixture
def locale_copy(tmp_path, monkeypatch):
    import i18n
    from i18n import build

    d = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE, d, ignore=shutil.ignore_patterns("*.mo"))
    monkeypatch.setattr(i18n, "LOCALE", d)
    monkeypatch.setattr(build, "LOCALE", d)
    i18n.translator.cache_clear()
    yield d
    i18n.translator.cache_clear()


def _edit_po(d: Path, lang: str, domain: str, msgid: str, msgstr: str) -> Path:
    po = d / lang / "LC_MESSAGES" / f"{domain}.po"
    s = po.read_text(encoding="utf-8")
    pat = re.compile(r'(msgid "' + re.escape(msgid) + r'"\nmsgstr )"(?:[^"\\]|\\.)*"')
    assert pat.search(s), msgid
    po.write_text(pat.sub(lambda m: m.group(1) + '"' + msgstr + '"', s, count=1), encoding="utf-8")
    return po


@pytest.mark.parametrize("msgstr, word", [
    ("error: {mensaje}", "{mensaje}"),                 # a placeholder the message does not have
    ("error: {message", "do not parse"),               # braces that do not parse
    ("error: sin mensaje", "leaves out"),              # a placeholder lost
])
def test_a_wrong_placeholder_is_caught_by_check_and_the_command_still_runs(locale_copy, run_cli, msgstr, word):
    from i18n import build

    po = _edit_po(locale_copy, "es", "core", "error: {message}", msgstr)
    probs = build.problems(["core"])
    assert any(po.name in p and word in p and re.search(r"core\.po:\d+", p) for p in probs), probs
    # every command in that language degrades to the English message for that entry
    code, out, err = run_cli("--lang", "es", "show", "99Z")
    assert code == 2 and "Traceback" not in err
    if "{mensaje}" in msgstr or "{message" == msgstr[-9:]:
        assert err.startswith("error: ")


def test_a_syntax_error_in_a_catalog_is_caught_and_english_is_used(locale_copy, run_cli):
    from i18n import build

    po = locale_copy / "es" / "LC_MESSAGES" / "core.po"
    s = po.read_text(encoding="utf-8")
    po.write_text(s.replace('msgid "error: {message}"', 'msgid "error: {message}\nmsgstr', 1), encoding="utf-8")
    probs = build.problems(["core"])
    assert any(re.search(r"core\.po:\d+: not valid catalog syntax", p) for p in probs), probs
    code, out, err = run_cli("--lang", "es", "show", "99Z")
    assert code == 2 and "Traceback" not in err
    code, out, err = run_cli("--lang", "es", "imps", "420")
    assert code == 0 and "IMP" in out


def test_an_unreadable_catalog_is_english(locale_copy, run_cli):
    po = locale_copy / "nl" / "LC_MESSAGES" / "scoring.po"
    po.write_bytes(b"\xff\xfe\x00garbage\x00" * 50)
    code, out, err = run_cli("--lang", "nl", "imps", "420")
    assert code == 0 and "Traceback" not in err and "IMPs" in out


def test_the_translator_never_returns_a_broken_entry():
    import gettext

    from i18n import Translator

    class Cat(gettext.NullTranslations):
        def gettext(self, m):
            return {"{n} rows": "{filas} filas", "ok {x}": "bien {x}", "%(prog)s: error": "%(prog)s: fallo %s"}.get(m, m)

        def ngettext(self, s, p, n):
            return "una fila" if n == 1 else "{n} filas"

    t = Translator("es", Cat())
    assert t.gettext("{n} rows") == "{n} rows"
    assert t.gettext("ok {x}") == "bien {x}"
    assert t.gettext("%(prog)s: error") == "%(prog)s: error"
    assert t.ngettext("{n} row", "{n} rows", 1) == "una fila"   # a plural form may leave out the number
    assert t.ngettext("{n} row", "{n} rows", 2).format(n=2) == "2 filas"


def test_check_reports_a_broken_catalog(locale_copy, run_cli):
    _edit_po(locale_copy, "it", "scoring", "WBF IMP scale.", "{scala}")
    code, out, err = run_cli("check", "--json")
    assert code == 1 and "Traceback" not in err
    assert any("scoring.po" in f["where"] and "{scala}" in f["message"] for f in json.loads(out)["findings"])
