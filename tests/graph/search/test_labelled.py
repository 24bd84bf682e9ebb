"""The labelled queries the second stage learns from (graph/search/labelled.py, data/labelled/): reviewed,
and never the frozen test split (benchmarks/search_harness.py), whose writers they do not share."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from graph.search import labelled as LAB

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "benchmarks"))
import search_harness as H  # noqa: E402


def test_the_labelled_queries_pass_their_review(corpus):
    assert LAB.check(corpus) == []
    queries = LAB.load()
    assert len(queries) > 4000 and {x.lang for x in queries} >= {"es", "nl", "it"}
    assert all(x.targets and x.q for x in queries)


def test_the_frozen_split_is_never_learnt_from():
    """No file of the frozen split is labelled data, and no writer of the labelled data wrote one of its sets
    (each set of the split is its own writer's)."""
    names = {p.stem for p in LAB.paths()}
    writers = {LAB.writer_of(p) for p in LAB.paths()}
    for name, path in H.FROZEN.items():
        assert path.is_file() and path.stem not in names and name not in writers
        assert not (LAB.DIR / path.name).exists()


@pytest.mark.parametrize("text,line,what", [
    ('queries:\n  - {q: "voz insuficiente", lang: xx, targets: ["27B"]}\n', 2, "unknown language"),
    ('queries:\n  - {q: "voz insuficiente", lang: es}\n', 2, "no targets"),
    ('queries: [\n', None, "not valid YAML"),
    ('other: 1\n', 1, "no list of queries"),
])
def test_a_bad_file_says_where_and_how_to_fix_it(tmp_path, text, line, what):
    p = tmp_path / "set99.yaml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(LAB.LabelledError) as e:
        LAB.parse(p)
    assert what in e.value.message and e.value.fix
    if line is not None:
        assert e.value.line == line


def test_a_target_no_edition_knows_is_reported(tmp_path, corpus):
    (tmp_path / "set99.yaml").write_text('queries:\n  - {q: "voz insuficiente", lang: es, targets: ["27Q"]}\n',
                                         encoding="utf-8")
    problems = LAB.check(corpus, tmp_path)
    assert len(problems) == 1 and "27Q" in problems[0]


def test_a_set_translated_is_its_own_writer_s():
    """A set's version in another language is left out of the fitting with the set it translates."""
    assert LAB.writer_of(LAB.DIR / "set27-en.yaml") == LAB.writer_of(LAB.DIR / "set27.yaml") == "set27"
    assert LAB.writer_of(LAB.DIR / "set01-en.yaml") == LAB.OWN_WRITER
    assert LAB.writer_of(LAB.DIR / "set28.yaml") == "set28"
