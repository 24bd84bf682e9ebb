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
                                           ("it", "Citata da: {keys}"), ("en", "Cited by: {keys}")])
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


# -- the termbase: every msgstr of every domain speaks the federation's language -------------------
def _messages():
    """(lang, domain, msgid, msgstr) of every translated message (plural forms each)."""
    from babel.messages.pofile import read_po

    out = []
    for lang in build.TARGET_LANGS:
        for po in sorted((build.LOCALE / lang / "LC_MESSAGES").glob("*.po")):
            with open(po, "rb") as f:
                cat = read_po(f)
            for m in cat:
                if not m.id:
                    continue
                mid = m.id if isinstance(m.id, str) else m.id[0]
                for s in (m.string if isinstance(m.string, tuple) else (m.string,)):
                    out.append((lang, po.stem, mid, s or ""))
    return out


@pytest.fixture(scope="module")
def messages():
    return _messages()


@pytest.fixture(scope="module")
def tb():
    from graph import termbase

    return termbase.load()


def test_no_msgstr_uses_a_variant_to_avoid(messages, tb):
    bad = [f"{lang}/{dom}: «{v.variant}» (use «{v.term}», concept {v.concept}) in {s[:90]!r}"
           for lang, dom, _, s in messages for v in tb.violations(s, lang)]
    assert not bad, "\n".join(bad)


def test_the_variant_check_can_fail(tb):
    assert [v.term for v in tb.violations("pas buiten de beurt", "nl")] == ["pas voor de beurt"]
    assert [v.term for v in tb.violations("Uitkomstbeperkingen (artikel 26)", "nl")] == ["voorspeelbeperkingen"]
    assert {v.term for v in tb.violations("il Mazziere chiede al giocante una dichiarazione", "it")} == {
        "distributore", "dichiarante", "licita"}
    assert [v.variant for v in tb.violations("avisar al árbitro", "es")] == ["árbitro"]
    assert tb.violations("avisar al Árbitro; punteggio arbitrale", "es") == []


# concepts that a message naming them in English must name with one of their terms in every language
SAME_TERM = ["director", "insufficient-bid", "sufficient-bid", "call-out-of-rotation", "double-out-of-rotation",
             "lead-restrictions", "denomination", "dealer", "declarer", "offender", "procedural-penalty",
             "adjusted-score", "assigned-adjusted-score", "artificial-adjusted-score", "offending-side",
             "non-offending-side", "unauthorized-information", "logical-alternative", "final-pass", "penalty-card",
             "mistaken-explanation", "mistaken-call", "hesitation", "alert", "inadmissible-call", "rectification",
             "dummy", "defender", "lho", "rho", "bid-above-seven", "system-card", "regulating-authority"]


def test_the_same_term_for_the_same_concept_in_every_domain(messages, tb):
    from graph.glossary import fold, term_pattern

    bad = []
    for cid in SAME_TERM:
        en = tb.entry(cid, "en")
        pats = [term_pattern(t, "en") for t in en.terms() if not (t.isupper() and len(t) <= 4)]
        for lang, dom, mid, s in messages:
            if any(p.search(fold(mid)) for p in pats) and not tb.names(s, cid, lang):
                bad.append(f"{lang}/{dom}: {cid} → «{tb.entry(cid, lang).term}» missing in {s[:100]!r}")
    assert not bad, "\n".join(bad)


def test_one_register_per_language(messages):
    from graph.termbase import register_breaks

    bad = [f"{lang}/{dom}: {w!r} in {s[:90]!r}" for lang, dom, _, s in messages for w in register_breaks(s, lang)]
    assert not bad, "\n".join(bad)
    assert register_breaks("een feit schrijf je als", "nl") == ["je"]
    assert register_breaks("Forse cercavi: {terms}?", "it") == ["cercavi"]


def test_bid_notation_in_the_federations_letters(messages):
    """No «3SA» in Spanish (the AEB writes ST), no untranslated «8NT» titles."""
    import re

    bad = [(lang, dom, s) for lang, dom, _, s in messages
           if (lang == "es" and re.search(r"\b[1-8]SA\b", s)) or re.search(r"^\d(NT|[SHDC]),", s)]
    assert not bad, bad
