"""The search index between processes (graph/search/store.py): opened lazily from the first place that
holds the current one, built once when none does (a missing, stale, broken or unwritable cache costs one
build, never one per call), written atomically; read row by row or whole, with the same answers."""
from __future__ import annotations

import dataclasses
import os
import subprocess
import sys

import pytest

from graph import search as S
from graph.search import store

ROOT = store.D.ROOT


@pytest.fixture(scope="module")
def built():
    """The index of the package's data, built once here (the one a build would give)."""
    return S.load_index()


@pytest.fixture
def places(tmp_path, monkeypatch, built):
    """An empty cache, an empty set-up directory and an empty fallback directory; builds are counted and
    give the index already built."""
    cache, setup, fallback = tmp_path / "cache", tmp_path / "setup", tmp_path / "tmp"
    monkeypatch.setenv("RULEBOOK_CACHE", str(cache))
    monkeypatch.setattr(store, "BUILT", setup)
    monkeypatch.setattr(store, "_fallback_dir", lambda: fallback)
    builds = []

    def fake_build(fp, progress=None):
        builds.append(fp)
        return dataclasses.replace(store.materialize(built), fingerprint=fp)

    monkeypatch.setattr(store, "_build", fake_build)
    store.reset()
    yield cache, setup, fallback, builds
    store.reset()


def test_a_missing_index_is_built_once_and_opened_after(places):
    cache, _, _, builds = places
    store.open_index()
    assert len(builds) == 1 and [p.name for p in cache.glob("search-*.sqlite")] == [store.file_name(builds[0])]
    store.reset()
    idx = store.open_index()
    assert len(builds) == 1 and isinstance(idx.docs, store.Table)   # opened, lazily: not built again


def test_the_set_ups_index_is_found_with_an_empty_cache(places):
    cache, setup, _, builds = places
    path = store.build_into(setup)
    assert builds and path.parent == setup
    store.reset()
    store.open_index()
    assert len(builds) == 1 and not list(cache.glob("*.sqlite"))


@pytest.mark.parametrize("payload", [b"", b"garbage", b"SQLite format 3\x00" + b"\x00" * 200])
def test_a_broken_file_is_built_again_once(places, payload):
    cache, _, _, builds = places
    cache.mkdir(parents=True)
    (cache / store.file_name(store.fingerprint())).write_bytes(payload)
    store.open_index()
    store.reset()
    store.open_index()
    assert len(builds) == 1


def test_a_stale_index_is_never_read(places, built, tmp_path):
    cache, _, _, builds = places
    fp = store.fingerprint()
    stale = tmp_path / "stale.sqlite"
    store.save(dataclasses.replace(store.materialize(built), fingerprint="0" * 64), stale)
    cache.mkdir(parents=True)
    stale.rename(cache / store.file_name(fp))     # the right name, another fingerprint inside
    store.open_index()
    assert builds == [fp]


def test_an_unwritable_cache_costs_one_build(places, monkeypatch):
    cache, _, fallback, builds = places
    monkeypatch.setenv("RULEBOOK_CACHE", "/proc/no-cache-here")
    store.open_index()
    store.reset()
    store.open_index()
    assert len(builds) == 1 and list(fallback.glob("search-*.sqlite"))


def test_lazy_rows_answer_like_a_dict(built, tmp_path):
    whole = store.materialize(built)
    path = tmp_path / "i.sqlite"
    store.save(whole, path)
    lazy = store._open(path, whole.fingerprint)
    tok = next(iter(whole.postings))
    assert lazy.postings[tok] == whole.postings[tok] and tok in lazy.postings
    assert "no:such-token" not in lazy.postings and lazy.postings.get("no:such-token", 7) == 7
    with pytest.raises(KeyError):
        lazy.postings["no:such-token"]
    assert len(lazy.docs) == len(whole.docs) and [d.qkey for d in lazy.docs][:5] == [d.qkey for d in whole.docs][:5]
    for q, lang in [("doblo fuera de turno", "es"), ("gedekte uitkomst", "nl"), ("insufficient bid", "en"),
                    ("Ovest apre 1♣ e Sud passa prima che Nord abbia parlato", "it")]:
        assert [h.to_dict() for h in S.search(q, lang, 5, lazy)] == [h.to_dict() for h in S.search(q, lang, 5, whole)]


def test_warm_reports_its_progress_and_reads_the_index_whole(places):
    seen = []
    idx = S.warm(lambda fraction, stage: seen.append((fraction, stage)))
    assert seen[-1] == (1.0, "ready") and [f for f, _ in seen] == sorted(f for f, _ in seen)
    assert isinstance(idx.postings, dict) and isinstance(idx.docs, list)


def test_processes_building_at_once_leave_one_whole_file(tmp_path):
    """Two processes with an empty cache and no set-up index: both answer, one whole file is left."""
    env = dict(os.environ, RULEBOOK_CACHE=str(tmp_path / "cache"), PYTHONPATH=str(ROOT))
    code = ("from graph.search import store; store.BUILT = store.BUILT.parent / 'no-such-dir'; "
            "from graph import search as S; print(S.search('doblo fuera de turno', 'es', 1)[0].key)")
    procs = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env=env, cwd=ROOT) for _ in range(2)]
    outs = [p.communicate(timeout=600) for p in procs]
    assert all(p.returncode == 0 for p in procs), outs
    assert {o.strip() for o, _ in outs} == {"32"}
    files = list((tmp_path / "cache").iterdir())
    assert [p.suffix for p in files if p.name.startswith("search-")] == [".sqlite"]
    assert not [p for p in files if p.name.endswith(".tmp")]


def test_a_command_line_search_loads_no_stemmer_yaml_or_numpy(built):
    """With its index stored, a search of known words reads their stems from it: the Snowball stemmers, the
    YAML parser (the fingerprint only looks at files) and numpy (the app's arrays) stay unloaded."""
    store.open_index()   # stored in this run's cache, for the process below
    code = ("import sys; from graph import search as S; h = S.search('insufficient bid', 'en', 3); "
            "print(h[0].key, sorted(m for m in ('snowballstemmer', 'yaml', 'numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=600,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert out.returncode == 0, out.stderr
    assert out.stdout.split(" ", 1)[1].strip() == "[]", out.stdout


def test_the_fingerprint_follows_the_corpus_files_and_the_stemmers(tmp_path, monkeypatch):
    law = tmp_path / "law.yaml"
    law.write_text("a")
    monkeypatch.setattr(store, "corpus_inputs", lambda: [law])
    before = store.fingerprint()
    assert store.fingerprint() == before
    law.write_text("ab")
    assert store.fingerprint() != before
    stemmers = store._stemmers()
    assert stemmers and all(p.is_file() for p in stemmers) and set(stemmers) <= set(store.inputs())


def test_the_corpus_files_are_those_the_corpus_is_read_from():
    files = store.corpus_inputs()
    assert set(store._corpus._files()) <= set(files) and store._corpus.R.registry_file() in files
    assert store.D.ROOT / "laws" / "corpus.py" in files
