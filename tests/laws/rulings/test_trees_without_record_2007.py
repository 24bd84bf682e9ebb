"""The 2007 trees of the irregularities that need no record and that were first written for the 2017 Laws
(laws/trees/2007/: adjusted_score, unauthorized_information, withdrawn_action_information,
information_from_other_source, misinformation, change_of_play_misinformation, face_down_lead).

Each test states what the 2007 Laws rule where they differ from the 2017 Laws (the numbering of Law 16, 12C1's
parts, the after-the-first-call case of 16C, the AEB's 21B1 and 21B2, 47E1), through ``rule()`` with the edition
named, against the same facts ruled by the 2017 tree; the structural tests check every cited key against the
2007 edition's known keys and the corpus's 2007 texts.
"""
import re

import pytest

from laws import editions as Ed
from laws import keys as K
from laws.rulings import trees as R
from laws.rulings.rule import rule

IDS = ("adjusted_score", "unauthorized_information", "withdrawn_action_information", "information_from_other_source",
       "misinformation", "change_of_play_misinformation", "face_down_lead")
OLD, NEW = R.tree_editions()[0], R.tree_editions()[-1]


def ruled(tid, edition, **facts):
    return rule(None, None, facts, tid, edition)


def tree(tid):
    return R.trees(OLD)[tid]


# -- every id rules in the old edition, by its own provisions ------------------------------------------------------
@pytest.mark.parametrize("tid", IDS)
def test_the_old_edition_has_a_tree_of_its_own(tid):
    d = ruled(tid, OLD)
    assert d["status"] == "needs" and d["laws_edition"] == OLD
    assert tree(tid).edition == OLD and f"/{OLD}/" in tree(tid).file


@pytest.mark.parametrize("tid", IDS)
def test_every_cited_key_is_a_key_of_the_old_edition(tid):
    known = {str(k) for k in Ed.known_keys(OLD)}
    cited = {n.law for n in tree(tid).nodes.values()}
    assert cited - known == set()


@pytest.mark.parametrize("tid", IDS)
def test_every_explanation_cites_the_provision_of_its_node(tid):
    for n in tree(tid).nodes.values():
        if n.ruling is not None:
            display = K.parse_key(n.law).display
            assert re.search(rf"\bLaws? {re.escape(display)}(?![0-9A-Z])", n.ruling["explanation"]), (n.id, display)


@pytest.mark.parametrize("tid", IDS)
def test_the_summary_names_the_edition_and_says_when_its_text_is_absent(tid, corpus):
    t = tree(tid)
    assert f"{OLD} Laws" in t.summary
    absent = [n.law for n in t.nodes.values() if corpus.get(K.parse_key(n.law), "es") is None]
    assert (not absent) or "not in the corpus" in t.summary, absent


# -- Law 12C1 ---------------------------------------------------------------------------------------------------
def test_12C1b_is_the_self_inflicted_damage_in_the_old_edition():
    facts = {"damaged": "yes", "results_assessable": "yes", "serious_error": "yes"}
    assert ruled("adjusted_score", OLD, **facts)["law"] == "12C1b"
    assert ruled("adjusted_score", NEW, **facts)["law"] == "12C1e"


@pytest.mark.parametrize("answer,law", [("no", "12C1c"), ("yes", "12C1e")])
def test_12C1c_weighting_or_the_regulating_authoritys_12C1e(answer, law):
    facts = {"damaged": "yes", "results_assessable": "yes", "serious_error": "no", "several_likely_results": "yes"}
    asked = ruled("adjusted_score", OLD, **facts)
    assert (asked["status"], asked["fact"]) == ("needs", "regulation_replaces_weighting")
    d = ruled("adjusted_score", OLD, **facts, regulation_replaces_weighting=answer)
    assert (d["law"], d["adjusted_score"]) == (law, True)
    assert ruled("adjusted_score", NEW, **facts)["law"] == "12C1c"      # no such option in the new edition


def test_12C1c_weighting_has_no_legal_outcome_condition_in_the_old_edition():
    facts = {"damaged": "yes", "results_assessable": "yes", "serious_error": "no", "several_likely_results": "yes"}
    old = ruled("adjusted_score", OLD, **facts, regulation_replaces_weighting="no")["explanation"]
    new = ruled("adjusted_score", NEW, **facts)["explanation"]
    assert "taking into account only results that could have been obtained in a legal manner" in new
    assert "does not limit the weighted results" in old


# -- Law 16 -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("tid,facts,old,new", [
    ("withdrawn_action_information", {"player_on_offending_side": "no"}, "16D1", "16C1"),
    ("withdrawn_action_information", {"player_on_offending_side": "yes", "logical_alternative": "yes",
                                      "demonstrably_suggested": "yes", "damaged": "no"}, "16A4", "16C3"),
    ("information_from_other_source", {"ui_other_source": "yes", "before_first_call": "yes",
                                       "likely_to_interfere": "yes", "other_source_measure": "redeal"}, "16C2b", "16D2b"),
    ("information_from_other_source", {"ui_other_source": "no"}, "16C1", "16D1"),
    ("unauthorized_information", {"ui_from_partner": "yes", "logical_alternative": "no"}, "16B1b", "16B1b"),
])
def test_law_16_is_numbered_by_its_edition(tid, facts, old, new):
    assert ruled(tid, OLD, **facts)["law"] == old
    assert ruled(tid, NEW, **facts)["law"] == new


def test_16C2d_is_an_artificial_adjusted_score_in_the_old_edition():
    facts = {"ui_other_source": "yes", "before_first_call": "yes", "likely_to_interfere": "yes",
             "other_source_measure": "adjusted_score"}
    d = ruled("information_from_other_source", OLD, **facts)
    assert (d["law"], d["adjusted_score"]) == ("16C2d", True) and "artificial adjusted score" in d["explanation"]


@pytest.mark.parametrize("affected,law,adjusted", [("yes", "16A4", True), ("no", "16A3", False)])
def test_after_the_first_call_the_old_edition_plays_on_under_16A(affected, law, adjusted):
    """2017 16D3 (information received after the first call) is new: in 2007 the board is played on under 16A3/16A4
    unless no rectification permits normal play (12A2)."""
    base = {"ui_other_source": "yes", "before_first_call": "no"}
    asked = ruled("information_from_other_source", OLD, **base)
    assert asked["fact"] == "complete_play_after_first_call" and "12A2" in asked["question"]
    asked = ruled("information_from_other_source", OLD, **base, complete_play_after_first_call="yes")
    assert asked["fact"] == "information_affected_result"
    d = ruled("information_from_other_source", OLD, **base, complete_play_after_first_call="yes",
              information_affected_result=affected)
    assert (d["law"], d["adjusted_score"]) == (law, adjusted) and "16D3" not in d["trail"]
    assert "16D2(c)" in ruled("information_from_other_source", NEW, **base)["question"]


def test_after_the_first_call_an_artificial_score_at_once_is_12A2_in_the_old_edition():
    facts = {"ui_other_source": "yes", "before_first_call": "no", "complete_play_after_first_call": "no"}
    old, new = ruled("information_from_other_source", OLD, **facts), ruled("information_from_other_source", NEW, **facts)
    assert (old["law"], old["adjusted_score"]) == ("12A2", True) and "artificial" in old["explanation"]
    assert (new["law"], new["adjusted_score"]) == ("16D2d", True)


def test_the_interference_question_is_the_old_editions_could():
    d = ruled("information_from_other_source", OLD, ui_other_source="yes", before_first_call="yes")
    assert d["fact"] == "likely_to_interfere" and "could interfere" in d["question"]
    assert "would likely" in ruled("information_from_other_source", NEW, ui_other_source="yes",
                                   before_first_call="yes")["question"]


def test_16B_damage_goes_through_the_old_editions_12C1():
    d = ruled("unauthorized_information", OLD, ui_from_partner="yes", logical_alternative="yes",
              demonstrably_suggested="yes", damaged="yes", results_assessable="no")
    assert (d["tree"], d["law"], d["laws_edition"]) == ("adjusted_score", "12C1d", OLD)
    assert d["trail"][:4] == ["16B1", "16B1b", "16B1a", "16B3"]


# -- Laws 21 and 75 ---------------------------------------------------------------------------------------------
def test_the_aeb_21B1_is_cited_as_printed_and_its_text_is_in_the_corpus(corpus):
    laws = {n.law for n in tree("misinformation").nodes.values() if n.law.startswith("21")}
    assert laws == {"21A", "21B1", "21B2", "21B3"}
    assert all(corpus.get(K.parse_key(k), "es") is not None for k in laws)


def test_21B2_applies_16D_in_the_old_edition():
    facts = {"own_misunderstanding": "no", "agreement_proven": "yes", "misinformation": "yes",
             "auction_still_open": "yes", "call_influenced": "yes", "player_changes_call": "yes"}
    old, new = ruled("misinformation", OLD, **facts), ruled("misinformation", NEW, **facts)
    assert old["law"] == new["law"] == "21B2"
    assert "Law 16D" in old["explanation"] and "16C" not in old["explanation"]
    assert "Law 16C" in new["explanation"]


def test_75C_mistaken_call_and_no_75D_in_the_old_edition():
    d = ruled("misinformation", OLD, own_misunderstanding="no", agreement_proven="yes", misinformation="no")
    assert (d["law"], d["adjusted_score"]) == ("75C", False) and "75A" in d["explanation"]
    too_late = ruled("misinformation", OLD, own_misunderstanding="no", agreement_proven="yes", misinformation="yes",
                     auction_still_open="no", damaged="yes", results_assessable="no")
    assert "75D3" not in too_late["trail"] and too_late["trail"][:4] == ["21A", "21B1", "75B", "21B3"]


# -- Laws 47E and 41 --------------------------------------------------------------------------------------------
def test_47E1_the_card_may_be_retracted_in_the_old_edition():
    old, new = ruled("change_of_play_misinformation", OLD, told_its_turn="yes"), \
        ruled("change_of_play_misinformation", NEW, told_its_turn="yes")
    assert old["law"] == new["law"] == "47E1"
    assert "may be taken back" in old["explanation"] and "16D" in old["explanation"]
    assert "63A1" not in old["explanation"] and "63A1" in new["explanation"]


def test_41_a_faced_lead_goes_to_the_old_editions_47E():
    d = ruled("face_down_lead", OLD, opening_lead_request="withdraw_lead", lead_faced="yes", told_its_turn="no",
              played_on_misinformation="yes", card_played_to_trick_since="no")
    assert (d["tree"], d["law"], d["laws_edition"]) == ("change_of_play_misinformation", "47E2a", OLD)
    assert "16D" in d["explanation"]


@pytest.mark.parametrize("who,node", [("presumed_dummy", "no_right_before"), ("leader_partner", "may_ask_before")])
def test_41B_before_the_lead_is_faced(who, node):
    d = ruled("face_down_lead", OLD, opening_lead_request="review_or_explanation", lead_faced="no", asking_player=who)
    assert (d["law"], d["node"]) == ("41B", node)
