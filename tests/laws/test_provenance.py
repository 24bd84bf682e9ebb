"""Provenance: every encoded text is in its source and every source paragraph is encoded
(laws/provenance.py) — and the check fails when either is broken."""
import dataclasses

from laws import provenance
from laws.keys import parse_key as k


def test_corpus_matches_its_sources(corpus):
    assert provenance.check(corpus) == []


def test_a_changed_word_is_caught(corpus):
    p = corpus.get(k("27B2"), "es")
    original = p.text
    try:
        p.text = original.replace("resto de la subasta", "resto del carteo")
        problems = provenance.check(corpus)
    finally:
        p.text = original
    assert any("27B2" in x.message and "not found verbatim" in x.message for x in problems)
    # ... and the source paragraph it came from is now reported as not encoded
    assert any("source paragraph not encoded" in x.message and "Salvo lo indicado en el punto B1 anterior" in x.message for x in problems)


def test_a_dropped_paragraph_is_caught(corpus):
    p = corpus.get(k("24"), "es")
    original = p.text
    try:
        p.text = "\n".join(original.split("\n")[:-1])  # drop the third paragraph of Law 24
        problems = provenance.check(corpus)
    finally:
        p.text = original
    assert any("Si el infractor acaba siendo declarante" in x.message for x in problems)


def test_a_footnote_moved_is_caught(corpus):
    p = corpus.get(k("41B"), "nl")
    original = p.notes
    try:
        p.notes = (dataclasses.replace(original[0], after="De tegenspelers"),) + original[1:]
        problems = provenance.check(corpus)
    finally:
        p.notes = original
    assert any("41B" in x.message for x in problems)


def test_source_lines_skip_chrome_only():
    lines = [s for _, s in provenance.source_lines("000_21cbd990b7dc001e.txt")]
    assert not any(s.startswith(("Slideshow", "Calendario", "Asociación Española de Bridge. C/")) for s in lines)
    assert any(s.startswith("Artículo 17.- El periodo de subasta") for s in lines)
    nl = [s for _, s in provenance.source_lines("002_f9cce6a10a56f325.txt")]
    assert "Artikel 47E" not in nl and "E." not in nl and "-" not in nl
