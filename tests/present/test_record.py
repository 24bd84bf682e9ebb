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
