"""Search and glossary across editions: a key absent from the edition asked is explained in the
interface's language, words included (the correspondence table's status), and a glossary concept's
hand-added provisions (``see_also``) stand in the edition the glossary names."""
import json
import re

import pytest

from graph import glossary as G
from graph import search as S

STATUS = {"es": "renumerado", "nl": "hernummerd", "it": "rinumerato", "en": "renumbered"}


@pytest.mark.parametrize("lang", ["es", "nl", "it", "en"])
def test_a_key_absent_from_the_edition_asked_is_explained_in_the_interface_language(run_cli, lang):
    code, out, err = run_cli("--lang", lang, "search", "2007:16C")
    assert code == 2 and out == "" and "Traceback" not in err
    assert f"2017:16D ({STATUS[lang]})" in err
    if lang != "en":
        assert "renumbered" not in err and "is not a provision" not in err


def test_the_error_keeps_its_english_message_and_its_statuses():
    with pytest.raises(S.AbsentInEdition) as e:
        S.run("2007:16C")
    assert "2017:16D (renumbered)" in str(e.value)
    assert e.value.statuses == (("2017:16D", "renumbered"),)

    class Upper:  # any translator: the status words go through it
        def gettext(self, s):
            return s.upper() if s == "renumbered" else s

    assert "(RENUMBERED)" in e.value.message(Upper())


def test_see_also_keys_are_edition_qualified():
    g = G.load()
    c = g.get("penalty-card")
    assert c.see_also_editions == {"50": "2007"}
    assert c.see_also_qualified(g.corpus) == ["2007:50"]
    assert g.get("sufficient-bid").see_also_qualified(g.corpus) == ["2007:18B"]
    assert not g.check(), g.check()


def test_a_bare_see_also_key_stands_in_every_edition_holding_or_citing_it(tmp_path):
    path = tmp_path / "glossary.yaml"
    path.write_text("concepts:\n- id: a\n  en: a\n  definition: d\n  see_also: [\"16C\", \"2017:16D\"]\n",
                    encoding="utf-8")
    g = G.Glossary(G.parse(path))
    c = g.get("a")
    # 16C: held by the 2017 text, cited (absent) by the 2007 texts; 2017:16D as written
    assert set(c.see_also_qualified(g.corpus)) >= {"2017:16C", "2017:16D"}
    assert all(q.split(":")[0] in ("2007", "2017") for q in c.see_also_qualified(g.corpus))


def test_an_unknown_edition_in_see_also_is_a_clear_error(tmp_path):
    path = tmp_path / "glossary.yaml"
    path.write_text("concepts:\n- id: a\n  en: a\n  definition: d\n  see_also: [\"1997:16C\"]\n",
                    encoding="utf-8")
    with pytest.raises(G.GlossaryError) as e:
        G.parse(path)
    assert "see_also" in str(e.value) and "1997:16C" in str(e.value)


def test_the_glossary_shows_a_see_also_key_with_its_edition(run_cli):
    code, out, _ = run_cli("glossary", "penalty-card")
    assert code == 0 and "2007:50" in out
    code, out, _ = run_cli("glossary", "penalty-card", "--json")
    provs = {p["key"]: p for p in json.loads(out)["concepts"][0]["provisions"]}
    assert provs["50"]["see_also"] and provs["50"]["qualified"] == ["2007:50"]
    assert provs["24"]["qualified"] == ["2007:24"]  # found in the Spanish (2007) text


def test_the_search_index_puts_a_see_also_concept_in_its_edition_only(index):
    spans = {d.qkey: {c for c, a, _ in d.spans["text"] if a < 0} for d in index.docs}
    assert "@sufficient-bid" in spans["2007:18B"]
    assert not any("@sufficient-bid" in v for k, v in spans.items() if k.startswith("2017:18B"))


@pytest.fixture(scope="module")
def index():
    return S.load_index()


def test_the_same_provision_in_two_editions_takes_one_line_with_both_texts(index):
    """es 2007 40B2(b) and nl 2017 40B2(b) are one provision (laws.editions.lineage): one place, both texts."""
    hits = S.search("mag de blinde de systeemkaart inzien tijdens de uitlegperiode", "nl", 5, index)
    lines = [(h.qualified, *(e["qualified"] for e in h.editions)) for h in hits]
    both = [line for line in lines if {"2007:40B2b", "2017:40B2b"} <= set(line)]
    assert len(both) == 1, lines
    flat = [k for line in lines for k in line]
    assert len(flat) == len(set(flat))       # never twice
    hit = hits[lines.index(both[0])]
    other = hit.editions[0]
    assert other["laws_edition"] != hit.laws_edition and other["snippet"] and other["lang"] != hit.lang
    assert hit.to_dict()["editions"][0]["qualified"] == other["qualified"]


def test_the_cli_shows_the_other_editions_text_on_the_same_line(run_cli):
    code, out, _ = run_cli("--lang", "nl", "search", "--lang", "nl", "systeemkaart", "inzien", "tijdens", "de",
                           "uitlegperiode", "--limit", "3")
    # the 2007 text sits under the 2017 hit, on a line of its own without a rank (the words of that line are
    # the catalog's: assert on the key, the edition and the publication, not on the translation)
    ranked = re.compile(r"^\s*\d+\.\s")
    other = [line for line in out.splitlines()
             if not ranked.match(line) and "2007" in line and "40B2(b)" in line and "AEB" in line]
    assert code == 0 and len(other) == 1, out
    assert not any(ranked.match(line) and "AEB" in line and "40B2(b) " in line for line in out.splitlines()), out
