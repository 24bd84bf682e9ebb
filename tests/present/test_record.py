"""The ruling record's facts table (present/record.py): each fact with the question that established it."""
from i18n import translator
from laws.rulings.rule import rule
from present import record as REC


def test_a_fact_is_recorded_with_the_question_the_tree_asked():
    """2017 27A1: the director offered the LHO his option; the record says so, in the tree's words, not with the
    general question of the fact ('did the LHO call over it?')."""
    d = rule("N", "1H 1D TD", {"accepted": "yes"}, None, "2017").to_dict()
    rows = REC.facts_table(d, [("accepted", "yes")], translator("en"))
    row = next(r for r in rows if r["fact"] == "accepted")
    assert row["established_by"] == "director" and "offers" in row["question"] and "(Law 27A1)" in row["question"]
    d7 = rule("N", "1H 1D TD", {"artificial": "no"}, None, "2007").to_dict()
    rows = REC.facts_table(d7, [], translator("en"))
    assert all(r["question"] for r in rows)


def test_a_governing_provision_no_text_of_the_edition_holds_is_said_to_be_absent(corpus):
    """2017 27B1(a): no 2017 text of Law 27 in the corpus: the record says so (Markdown and print view), and shows no
    other edition's text as the governing one."""
    t = translator("en")
    d = rule("N", "1S 1H TD E:2H", {"accepted": "no", "artificial": "no"}, None, "2017").to_dict()
    rec = REC.build(d, {"dealer": "N", "auction": "1S 1H TD E:2H"}, [("accepted", "no"), ("artificial", "no")], {}, t,
                    corpus)
    assert "governing_provision" not in rec and rec["governing_absent"]["key"] == "27B1a"
    assert "is not in the corpus" in REC.to_markdown(rec, t) and "is not in the corpus" in REC.to_html(rec, t)
