"""The decision trees of the irregularities that need no auction record (laws/trees/, domain "trees").

Each tree is walked for scenarios written from the law text (not copies of the trees' own worked
examples): the provision that decides, the ruling fields, the question asked when a fact is missing,
and the error for a value the question does not allow. Structural tests: every leaf has a worked
example, every cited provision is in the text the tree follows, every explanation cites its provision,
and the translations keep the provisions they cite.
"""
import re

import pytest

from laws import keys as K
from laws.rulings import examples as E
from laws.rulings import trees as R


# these tests are of the 2007 engine: a ruling asked without an edition follows the 2007 Laws here
pytestmark = pytest.mark.usefixtures("the_2007_engine")

MINE = ("wrong_board", "card_exposed", "lead_restrictions", "unauthorized_information",
        "withdrawn_action_information", "information_from_other_source", "misinformation",
        "change_of_play_misinformation", "face_down_lead", "adjusted_score", "change_of_call")
LANG_OF = {"2007": "es", "2017": "nl"}
EDITION_WORDS = {"2007": "AEB text of the 2007 Laws", "2017": "NBB text of the 2017 Laws"}


# the ids whose trees were written for the 2017 Laws first: these tests are of their 2017 trees (their 2007 trees have
# their own tests, tests/laws/rulings/test_trees_without_record_2007.py); the other ids' tests are of their 2007 trees
FIRST_WRITTEN_FOR_2017 = ("unauthorized_information", "withdrawn_action_information", "information_from_other_source",
                          "misinformation", "change_of_play_misinformation", "face_down_lead", "adjusted_score")


def tree(tid):
    """The tree ``tid`` these tests are about: the oldest edition's, or the newest for FIRST_WRITTEN_FOR_2017."""
    regs = list(R.all_trees().values())
    if tid in FIRST_WRITTEN_FOR_2017:
        regs.reverse()
    return next(reg[tid] for reg in regs if tid in reg)


def rule(tid, **facts):
    """Walk a tree; return its outcome as the flat record the CLI prints."""
    return R.outcome_dict(R.walk(tree(tid), facts))


# -- structure ---------------------------------------------------------------------------------
@pytest.mark.parametrize("tid", MINE)
def test_tree_has_no_structural_or_example_error(tid, corpus):
    t = tree(tid)
    findings = [f for f in R.check_trees(corpus) + E.check_examples(corpus)
                if f.level == "error" and (t.file in f.where or f.where == tid or f.message.startswith(tid))]
    assert findings == []


@pytest.mark.parametrize("tid", MINE)
def test_every_leaf_has_a_worked_example(tid):
    t = tree(tid)
    reached = set()
    for ex in t.examples:
        o = R.walk(t, ex.get("facts") or {})
        reached.update(node for tree_id, node in o.path if tree_id == tid)
    leaves = {n.id for n in t.nodes.values() if n.ruling is not None or n.goto is not None}
    assert leaves - reached == set()


@pytest.mark.parametrize("tid", MINE)
def test_every_provision_is_in_the_text_the_tree_follows(tid, corpus):
    t = tree(tid)
    lang = LANG_OF[t.edition]
    missing = [n.law for n in t.nodes.values()
               if corpus.get(K.parse_key(n.law), lang) is None and n.law not in t.knowingly_absent]
    assert missing == []


@pytest.mark.parametrize("tid", MINE)
def test_summary_names_the_edition_followed(tid):
    t = tree(tid)
    assert EDITION_WORDS[t.edition] in t.summary


@pytest.mark.parametrize("tid", MINE)
def test_every_explanation_cites_the_provision_of_its_node(tid):
    t = tree(tid)
    for n in t.nodes.values():
        if n.ruling is not None:
            display = K.parse_key(n.law).display
            assert re.search(rf"\bLaws? {re.escape(display)}(?![0-9A-Z])", n.ruling["explanation"]), (n.id, display)


def test_local_facts_are_declared_once_and_asked():
    facts = R.all_facts()
    asked = {n.ask for tid in MINE for n in tree(tid).nodes.values() if n.ask}
    for tid in MINE:
        for key, f in tree(tid).facts.items():
            assert facts[key] == f         # declared alike wherever (in any edition) it is declared
            assert key in asked, key
            assert re.fullmatch(r"[a-z][a-z0-9_]*", key)


# -- Law 17D: cards from a wrong board ------------------------------------------------------------------
def test_17D2_call_cancelled_and_made_again_when_lho_has_not_called():
    d = rule("wrong_board", wrong_board_played_later="no", lho_called_after_wrong_board="no")
    assert (d["law"], d["cancelled"], d["next"], d["adjusted_score"]) == ("17D2", "irregular_call", "offender", False)


def test_17D2_partner_having_called_decides_whatever_the_new_call():
    d = rule("wrong_board", wrong_board_played_later="no", lho_called_after_wrong_board="yes",
             partner_called_after_wrong_board="yes", new_call_differs="no")
    assert (d["law"], d["node"], d["adjusted_score"]) == ("17D2", "artificial_partner_called", True)
    assert "new_call_differs" not in d["facts_used"]


def test_17D2_same_call_lets_the_auction_proceed():
    d = rule("wrong_board", wrong_board_played_later="no", lho_called_after_wrong_board="yes",
             partner_called_after_wrong_board="no", new_call_differs="no")
    assert (d["law"], d["adjusted_score"], d["next"]) == ("17D2", False, "lho")
    assert "FIGB" in tree("wrong_board").nodes["same_call"].ruling["note"]


def test_17D3_different_call_on_the_board_played_later():
    d = rule("wrong_board", wrong_board_played_later="yes", new_call_differs="yes")
    assert (d["law"], d["adjusted_score"], d["trail"]) == ("17D3", True, ["17D", "17D3"])


def test_17D_questions():
    o = R.walk(tree("wrong_board"), {})
    assert (o.status, o.fact) == ("needs", "wrong_board_played_later")
    assert o.question.startswith("Is the board now in play the one")
    o = R.walk(tree("wrong_board"), {"wrong_board_played_later": "yes"})
    assert o.fact == "new_call_differs" and o.question.startswith("On this board, does the offender's call differ")
    o = R.walk(tree("wrong_board"), {"wrong_board_played_later": "no"})
    assert o.fact == "lho_called_after_wrong_board" and o.question == R.all_facts()[o.fact].question


def test_17D_invalid_value():
    with pytest.raises(R.FactError) as e:
        R.walk(tree("wrong_board"), {"wrong_board_played_later": "no", "lho_called_after_wrong_board": "perhaps"})
    assert (e.value.fact, e.value.value, e.value.options) == ("lho_called_after_wrong_board", "perhaps", ["yes", "no"])


# -- Law 24: card exposed during the auction -------------------------------------------------------------
@pytest.mark.parametrize("kind,law,partner,law23", [
    ("low_card", "24A", "no", False),            # 24A: no further rectification
    ("honour_or_lead", "24B", "next_turn", True),  # 24B: partner passes at his next turn, see Law 23
    ("two_or_more", "24C", "next_turn", True),     # 24C: the same for two or more cards
])
def test_24_during_the_auction(kind, law, partner, law23):
    d = rule("card_exposed", cards_exposed=kind, auction_over="no")
    assert (d["law"], d["partner_must_pass"], d["law_23"], d["offender_must_pass"]) == (law, partner, law23, "no")
    assert "penalty card" in d["explanation"] and "Law 50" in d["explanation"]


def test_24_penalty_card_only_for_a_defender():
    defender = rule("card_exposed", cards_exposed="two_or_more", auction_over="yes", offender_defender="yes")
    declarer = rule("card_exposed", cards_exposed="two_or_more", auction_over="yes", offender_defender="no")
    assert defender["law"] == declarer["law"] == "24C"
    assert "penalty card" in defender["explanation"] and "returned to his hand" in declarer["explanation"]


def test_24_questions_and_invalid_value():
    o = R.walk(tree("card_exposed"), {"cards_exposed": "low_card"})
    assert (o.fact, o.options) == ("auction_over", ["yes", "no"])
    o = R.walk(tree("card_exposed"), {"cards_exposed": "low_card", "auction_over": "yes"})
    assert o.fact == "offender_defender"
    with pytest.raises(R.FactError) as e:
        R.walk(tree("card_exposed"), {"cards_exposed": "one_card"})
    assert e.value.options == ["low_card", "honour_or_lead", "two_or_more"]
    assert "one_card" in str(e.value)


# -- Law 26: lead restrictions ------------------------------------------------------------------------------
def test_26A2_declarer_may_require_or_prohibit_the_suit():
    d = rule("lead_restrictions", different_call_chosen="yes", offender_defender="yes", withdrawn_call_suits="yes",
             suits_specified_legally="no")
    assert (d["law"], d["lead_restrictions"]) == ("26A2", True)
    assert "26A2(a)" in d["explanation"] and "26A2(b)" in d["explanation"]


def test_26B_any_one_suit_may_be_prohibited():
    d = rule("lead_restrictions", different_call_chosen="yes", offender_defender="yes", withdrawn_call_suits="no")
    assert (d["law"], d["lead_restrictions"]) == ("26B", True)


@pytest.mark.parametrize("facts,law", [
    ({"different_call_chosen": "no", "offender_defender": "yes"}, "26"),
    ({"different_call_chosen": "yes", "offender_defender": "no", "withdrawn_call_suits": "no"}, "26"),
    ({"different_call_chosen": "yes", "offender_defender": "yes", "withdrawn_call_suits": "yes",
      "suits_specified_legally": "yes"}, "26A1"),
])
def test_26_no_lead_restriction(facts, law):
    d = rule("lead_restrictions", **facts)
    assert (d["law"], d["lead_restrictions"]) == (law, False)


# -- Law 16B: unauthorized information from partner -------------------------------------------------------
def test_16B_suggested_action_with_advantage_goes_to_12C1():
    d = rule("unauthorized_information", ui_from_partner="yes", logical_alternative="yes",
             demonstrably_suggested="yes", damaged="yes", results_assessable="yes", serious_error="yes")
    assert (d["tree"], d["law"], d["adjusted_score"]) == ("adjusted_score", "12C1e", True)
    assert d["trail"][:4] == ["16B1", "16B1b", "16B1a", "16B3"]


def test_16B_advantage_question_is_the_16B3_wording():
    o = R.walk(tree("unauthorized_information"),
               {"ui_from_partner": "yes", "logical_alternative": "yes", "demonstrably_suggested": "yes"})
    assert (o.fact, o.node) == ("damaged", "advantage")
    assert o.question.startswith("Did the infraction result in an advantage for the offending side")


def test_16B_no_logical_alternative_no_infraction():
    d = rule("unauthorized_information", ui_from_partner="yes", logical_alternative="no", demonstrably_suggested="yes")
    assert (d["law"], d["adjusted_score"]) == ("16B1b", False)
    assert "demonstrably_suggested" not in d["facts_used"]


def test_16B_invalid_value():
    with pytest.raises(R.FactError):
        R.walk(tree("unauthorized_information"), {"ui_from_partner": "hesitation"})


# -- Law 16C: withdrawn actions ------------------------------------------------------------------------------
def test_16C1_authorized_for_the_non_offending_side():
    d = rule("withdrawn_action_information", player_on_offending_side="no", logical_alternative="yes")
    assert (d["law"], d["adjusted_score"], d["trail"]) == ("16C1", False, ["16C", "16C1"])


def test_16C3_damage_leads_to_an_artificial_score_when_results_are_unclear():
    d = rule("withdrawn_action_information", player_on_offending_side="yes", logical_alternative="yes",
             demonstrably_suggested="yes", damaged="yes", results_assessable="no")
    assert (d["tree"], d["law"], d["adjusted_score"]) == ("adjusted_score", "12C1d", True)


def test_16C_question_for_the_side():
    o = R.walk(tree("withdrawn_action_information"), {})
    assert o.fact == "player_on_offending_side"
    assert o.question == R.all_facts()["player_on_offending_side"].question


# -- Law 16D: information from other sources -------------------------------------------------------------------
def test_16D3_after_the_first_call_only_16D2c_or_16D2d():
    d = rule("information_from_other_source", ui_other_source="yes", before_first_call="no",
             complete_play_after_first_call="yes", information_affected_result="no")
    assert (d["law"], d["adjusted_score"]) == ("16D2c", False)
    assert d["trail"] == ["16D1", "16D2", "16D3", "16D2c"]
    o = R.walk(tree("information_from_other_source"), {"ui_other_source": "yes", "before_first_call": "no"})
    assert (o.fact, o.options) == ("complete_play_after_first_call", ["yes", "no"])


@pytest.mark.parametrize("measure,law,adjusted", [("adjust_positions", "16D2a", False), ("redeal", "16D2b", False),
                                                  ("adjusted_score", "16D2d", True)])
def test_16D2_measures_before_any_call(measure, law, adjusted):
    d = rule("information_from_other_source", ui_other_source="yes", before_first_call="yes", likely_to_interfere="yes",
             other_source_measure=measure)
    assert (d["law"], d["adjusted_score"]) == (law, adjusted)


def test_16D2_measure_options_and_invalid_value():
    facts = {"ui_other_source": "yes", "before_first_call": "yes", "likely_to_interfere": "yes"}
    o = R.walk(tree("information_from_other_source"), facts)
    assert o.options == ["adjust_positions", "redeal", "complete_play", "adjusted_score"]
    with pytest.raises(R.FactError) as e:
        R.walk(tree("information_from_other_source"), facts | {"other_source_measure": "swap"})
    assert e.value.fact == "other_source_measure"


# -- Laws 21 and 75: misinformation ------------------------------------------------------------------------------
def test_75C_mistaken_call_result_stands():
    d = rule("misinformation", own_misunderstanding="no", agreement_proven="yes", misinformation="no", damaged="yes")
    assert (d["law"], d["adjusted_score"]) == ("75C", False)
    assert "75A" in d["explanation"]


def test_21B1b_without_evidence_a_mistaken_explanation_is_presumed():
    d = rule("misinformation", own_misunderstanding="no", agreement_proven="no", auction_still_open="no", damaged="no")
    assert (d["law"], d["node"]) == ("21B3", "no_advantage")
    assert "misinformation" not in d["facts_used"]


def test_21B2_changed_call_and_the_lho():
    d = rule("misinformation", own_misunderstanding="no", agreement_proven="yes", misinformation="yes",
             auction_still_open="yes", call_influenced="yes", player_changes_call="yes")
    assert d["law"] == "21B2" and "16C" in d["explanation"]


def test_21B3_too_late_with_advantage_adjusts_through_75D3():
    d = rule("misinformation", own_misunderstanding="no", agreement_proven="yes", misinformation="yes",
             auction_still_open="no", damaged="yes", results_assessable="yes", serious_error="no",
             several_likely_results="no")
    assert (d["tree"], d["law"]) == ("adjusted_score", "12C1b")
    assert d["trail"].index("21B3") < d["trail"].index("75D3") < d["trail"].index("12B1")
    assert d["facts_used"]["damaged"] == "yes"


def test_21_questions():
    o = R.walk(tree("misinformation"), {"own_misunderstanding": "no"})
    assert o.fact == "agreement_proven"
    o = R.walk(tree("misinformation"), {"own_misunderstanding": "no", "agreement_proven": "yes", "misinformation": "yes",
                                        "auction_still_open": "no"})
    assert o.fact == "damaged" and o.question.startswith("Could the offending side have gained an advantage")
    with pytest.raises(R.FactError):
        R.walk(tree("misinformation"), {"own_misunderstanding": "sometimes"})


# -- Law 47E: change of play on misinformation -------------------------------------------------------------------
def test_47E1_told_it_was_his_turn_decides_first():
    d = rule("change_of_play_misinformation", told_its_turn="yes", played_on_misinformation="no")
    assert (d["law"], d["trail"]) == ("47E1", ["47E1"])
    assert "63A1" in d["explanation"]


def test_47E2a_in_time_and_47E2b_too_late():
    d = rule("change_of_play_misinformation", told_its_turn="no", played_on_misinformation="yes",
             card_played_to_trick_since="no")
    assert d["law"] == "47E2a" and d["adjusted_score"] is False
    o = R.walk(tree("change_of_play_misinformation"), {"told_its_turn": "no", "played_on_misinformation": "yes",
                                                       "card_played_to_trick_since": "yes"})
    assert (o.fact, o.node) == ("damaged", "too_late")


# -- Law 41: face-down opening lead -------------------------------------------------------------------------------
@pytest.mark.parametrize("who,node", [("leader_partner", "may_ask_before"), ("presumed_declarer", "may_ask_before"),
                                      ("presumed_dummy", "no_right_before"), ("opening_leader", "no_right_before")])
def test_41B_before_the_lead_is_faced(who, node):
    d = rule("face_down_lead", opening_lead_request="review_or_explanation", lead_faced="no", asking_player=who)
    assert (d["law"], d["node"]) == ("41B", node)


def test_41B_first_turn_to_play_and_41C_later():
    base = {"opening_lead_request": "review_or_explanation", "lead_faced": "yes", "asking_player": "opening_leader"}
    assert rule("face_down_lead", **base, first_turn_to_play="yes")["node"] == "review_first_turn"
    later = rule("face_down_lead", **base, first_turn_to_play="no")
    assert later["law"] == "41C" and "not by whom" in later["explanation"]


def test_41A_withdrawal_only_on_the_directors_instruction():
    base = {"opening_lead_request": "withdraw_lead", "lead_faced": "no"}
    assert rule("face_down_lead", **base, lead_withdrawal_instructed="no")["node"] == "lead_stays"
    assert rule("face_down_lead", **base, lead_withdrawal_instructed="yes")["node"] == "lead_withdrawn"
    o = R.walk(tree("face_down_lead"), {"opening_lead_request": "withdraw_lead", "lead_faced": "yes"})
    assert (o.tree, o.fact) == ("change_of_play_misinformation", "told_its_turn")
    with pytest.raises(R.FactError):
        R.walk(tree("face_down_lead"), {"opening_lead_request": "change_suit"})


# -- Law 12C1: adjusted score -------------------------------------------------------------------------------------
@pytest.mark.parametrize("facts,law,adjusted", [
    ({"damaged": "no"}, "12B1", False),
    ({"damaged": "yes", "results_assessable": "no", "serious_error": "yes"}, "12C1d", True),
    ({"damaged": "yes", "results_assessable": "yes", "serious_error": "yes", "several_likely_results": "yes"}, "12C1e", True),
    ({"damaged": "yes", "results_assessable": "yes", "serious_error": "no", "several_likely_results": "yes"}, "12C1c", True),
    ({"damaged": "yes", "results_assessable": "yes", "serious_error": "no", "several_likely_results": "no"}, "12C1b", True),
])
def test_12C1(facts, law, adjusted):
    d = rule("adjusted_score", **facts)
    assert (d["law"], d["adjusted_score"]) == (law, adjusted)


def test_12C1e_splits_the_score():
    d = rule("adjusted_score", damaged="yes", results_assessable="yes", serious_error="yes")
    assert "12C1(e)(i)" in d["explanation"] and "12C1(e)(ii)" in d["explanation"]


# -- Law 25: change of call (reviewed model tree) -------------------------------------------------------------------
def test_25A2_no_change_after_partner_called():
    d = rule("change_of_call", unintended="yes", partner_called="yes", pause="no")
    assert (d["law"], d["cancelled"]) == ("25A2", "replacement")


def test_25B1_change_of_mind_accepted_brings_lead_restrictions():
    d = rule("change_of_call", unintended="no", accepted="yes")
    assert (d["law"], d["lead_restrictions"]) == ("25B1", True)


def test_25_question_after_an_unintended_call():
    o = R.walk(tree("change_of_call"), {"unintended": "yes"})
    assert o.fact == "partner_called"


# -- translations --------------------------------------------------------------------------------------------------
# provision keys cited in a string (two digits: bids such as 2C or 1D are written with suit symbols in translations)
CITED = re.compile(r"\b\d{2}[A-F](?:\d{1,2})?(?:\([a-e]\))?(?:\([iv]+\))?")


def _catalog(lang):
    from babel.messages.pofile import read_po

    from i18n import build

    with open(build.LOCALE / lang / "LC_MESSAGES" / "trees.po", "rb") as f:
        return read_po(f)


def test_trees_catalogs_complete():
    from i18n import build

    assert build.problems(["trees"]) == []


@pytest.mark.parametrize("lang", ["es", "nl", "it"])
def test_translations_keep_the_provisions_they_cite(lang):
    bad = []
    for m in _catalog(lang):
        if m.id and m.string:
            want, got = set(CITED.findall(m.id)), set(CITED.findall(m.string))
            if want - got:
                bad.append((m.id[:60], sorted(want - got)))
    assert bad == []
