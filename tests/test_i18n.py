"""The i18n plumbing: every catalog complete (no untranslated or fuzzy entry), the translator,
the YAML extractor, and language names from Babel."""
import io

import pytest

from i18n import build, extract, language_name, normalize_lang, translator


def test_every_catalog_is_complete():
    assert build.problems() == []


def test_completeness_check_can_fail(tmp_path, monkeypatch):
    lc = tmp_path / "es" / "LC_MESSAGES"
    lc.mkdir(parents=True)
    (lc / "core.po").write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                                '#, fuzzy\nmsgid "options"\nmsgstr "opciones"\n\nmsgid "usage: "\nmsgstr ""\n')
    monkeypatch.setattr(build, "LOCALE", tmp_path)
    monkeypatch.setattr(build, "TARGET_LANGS", ("es",))
    probs = build.problems(["core"])
    assert any("fuzzy 'options'" in p for p in probs)
    assert any("untranslated 'usage: '" in p for p in probs)
    assert any("is not in the catalog" in p for p in probs)


@pytest.mark.parametrize("lang,expected", [("es", "Citado por: {keys}"), ("nl", "Aangehaald in: {keys}"),
                                           ("it", "Citato da: {keys}"), ("en", "Cited by: {keys}")])
def test_translator(lang, expected):
    assert translator(lang).gettext("Cited by: {keys}") == expected


def test_normalize_lang():
    assert [normalize_lang(x) for x in ("es_ES", "nl-BE", "IT", None, "fr", "en-GB")] == ["es", "nl", "it", "en", "en", "en"]


def test_language_names_from_babel():
    assert language_name("nl", "es") == "Neerlandés"
    assert language_name("es", "nl") == "Spaans"
    assert language_name("it", "it") == "Italiano"


def test_yaml_extractor():
    src = io.BytesIO("""
id: insufficient_bid
title: Insufficient bid
nodes:
  - id: q1
    question: Was the replacement the lowest sufficient bid?
    options: [yes, no]
    law: 27B1a
""".encode())
    got = list(extract.extract_yaml(src, [], [], {"keys": "title,question"}))
    assert [(m, c) for _, _, m, c in got] == [("Insufficient bid", ["title of insufficient_bid"]),
                                              ("Was the replacement the lowest sufficient bid?", ["question of q1"])]
    assert got[1][0] == 6
