"""Rulings on records where Law 25A1 (an unintended call replaced by the intended one) meets the law of the
irregular call, in both editions: the defects the director's review found (#11, #15, #16) and the 2007 25A1
question before the LHO's option. Each edition's ruling cites its own provisions."""
from __future__ import annotations

import pytest

from laws.rulings.rule import rule

BOTH = ("2017", "2007")
#: the director's findings that make an insufficient bid unintended under each edition's 25A1 (2007: without pause)
UNINTENDED = {"2017": {"unintended": "yes"}, "2007": {"unintended": "yes", "pause": "no"}}


# -- review #11: the director called to an insufficient bid the offender says was unintended -------------------------
@pytest.mark.parametrize("edition", BOTH)
def test_unintended_insufficient_bid_after_the_director_is_25A1_not_the_option(edition):
    r = rule("N", "1H 1D TD", UNINTENDED[edition], edition=edition)
    assert (r.status, r.law, r.offender, r.next) == ("ruling", "25A1", "E", "E")
    assert r.cancelled == ["1D"] and r.partner_must_pass == "no" and not r.lead_restrictions
    assert "accepted" not in r.facts_used and r.path[-1] == ["insufficient_bid", "intended_call"]


@pytest.mark.parametrize("edition", BOTH)
def test_unintended_insufficient_bid_replaced_after_the_director(edition):
    r = rule("N", "1H 1D TD E:2D", UNINTENDED[edition], edition=edition)
    assert (r.status, r.law, r.next, r.partner_must_pass) == ("ruling", "25A1", "S", "no")


@pytest.mark.parametrize("edition", BOTH)
def test_after_the_director_unintended_is_not_asked_but_listed(edition):
    r = rule("N", "1H 1D TD", edition=edition)
    assert (r.status, r.fact) == ("needs", "accepted")
    assert {"fact": "unintended", "law": "25A1"} in r.facts_unasked


def test_2007_unintended_after_a_pause_for_thought_is_law_27():
    r = rule("N", "1H 1D TD", {"unintended": "yes", "pause": "yes"}, edition="2007")
    assert (r.status, r.fact) == ("needs", "accepted")


@pytest.mark.parametrize("edition", BOTH)
@pytest.mark.parametrize("call", ["2D", "X"])
def test_the_offenders_call_right_after_his_insufficient_bid_replaces_it_while_25A1_is_asked(edition, call):
    # read as the insufficient bid's replacement (never a call of its own, e.g. a double of his own bid, 36)
    r = rule("N", f"1H 1D E:{call}", edition=edition)
    assert (r.status, r.fact, r.irregularity) == ("needs", "unintended", "insufficient_bid")


# -- 2007 25A1 before the option: the offender's own call right after his insufficient bid --------------------------
def test_2007_asks_25A1_before_the_option_when_the_offender_replaces_at_once():
    r = rule("N", "1H 1D E:2D", edition="2007")
    assert (r.status, r.fact, r.offender) == ("needs", "unintended", "E")
    r = rule("N", "1H 1D E:2D", {"unintended": "yes"}, edition="2007")
    assert (r.status, r.fact) == ("needs", "pause")
    r = rule("N", "1H 1D E:2D", {"unintended": "yes", "pause": "no"}, edition="2007")
    assert (r.status, r.law, r.next) == ("ruling", "25A1", "S")
    r = rule("N", "1H 1D E:2D", {"unintended": "no"}, edition="2007")
    assert (r.status, r.fact) == ("needs", "accepted")


# -- dead facts: no tree asks them, so the record no longer gives them ---------------------------------------------
@pytest.mark.parametrize("edition", BOTH)
@pytest.mark.parametrize("record, facts", [("1H 1D TD 1C P", {"accepted": "no"}), ("1H N:2H E:P", {"unintended": "no"})])
def test_the_lhos_option_is_one_fact(edition, record, facts):
    from laws.rulings import trees as R
    r = rule("N", record, facts, edition=edition)
    assert r.status == "ruling"
    for dead in ("second_accepted", "substitution_accepted"):
        assert dead not in R.all_facts(edition) and dead not in r.facts_from_record


# -- review #15: the intended call that replaces an unintended one is itself insufficient: Law 27 rules on it -------
@pytest.mark.parametrize("edition", BOTH)
@pytest.mark.parametrize("record", ["1D 1H E:1C TD", "1H 1D TD E:1C"])
def test_an_intended_insufficient_bid_is_ruled_under_law_27(edition, record):
    # 1D 1H E:1C: East meant 1C, not the 1H he pulled; 1H 1D TD E:1C: he meant 1C, not 1D (both insufficient)
    r = rule("N", record, UNINTENDED[edition], edition=edition)
    assert (r.status, r.fact, r.irregularity, r.call["call"]) == ("needs", "accepted", "insufficient_bid", "1C")
    r = rule("N", record + " S:P", UNINTENDED[edition], edition=edition)        # the LHO calls over it: accepted
    assert (r.status, r.law, r.next) == ("ruling", "27A1", "W")
    r = rule("N", record + " TD E:2C", {**UNINTENDED[edition], "accepted": "no", "artificial": "no"}, edition=edition)
    assert (r.status, r.law, r.next, r.partner_must_pass) == ("ruling", "27B1a", "S", "no")


# -- review #16: a double that replaces the player's unintended call is judged without that call -----------------
@pytest.mark.parametrize("edition", BOTH)
def test_an_intended_double_is_judged_against_the_auction_without_the_unintended_call(edition):
    # dealer E: 1S 2NT P, then South, at his partner's turn, doubles: he meant to double 1S, not bid 2NT
    r = rule("E", "1S 2NT P S:X TD", UNINTENDED[edition], edition=edition)
    assert (r.status, r.irregularity, r.next, r.partner_must_pass) == ("ruling", "double_out_of_rotation", "W", "no")
    assert r.law.startswith("25A") and r.cancelled == ["2NT"] and not r.lead_restrictions
    r = rule("E", "1S 2NT P S:X TD", edition=edition)       # not unintended: a double of his own side's bid (36B4)
    assert (r.irregularity, r.law) == ("inadmissible_double", "36B4")


# -- 2007 29C: an artificial bid out of rotation is compared by the denomination(s) it specified --------------------
def test_2007_asks_whether_the_bid_out_of_rotation_was_artificial():
    # dealer N: South's 2D out of rotation (a transfer: hearts), cancelled; after East's double South bids 2H
    record = "1NT S:2D TD X S:2H"
    r = rule("N", record, {"accepted": "no"}, edition="2007")
    assert (r.status, r.fact, r.trail[-1]) == ("needs", "artificial", "29C")
    r = rule("N", record, {"accepted": "no", "artificial": "yes"}, edition="2007")
    assert (r.status, r.fact) == ("needs", "same_denomination")
    r = rule("N", record, {"accepted": "no", "artificial": "yes", "same_denomination": "yes"}, edition="2007")
    assert (r.law, r.partner_must_pass, r.next) == ("31A2a", "next_turn", "W")
    r = rule("N", record, {"accepted": "no", "artificial": "no"}, edition="2007")      # natural: the record compares
    assert (r.law, r.partner_must_pass) == ("31A2b", "rest_of_auction")


# -- review #7: the end of the play after a correction without rectification (2017 23C / 27D; 2007 27D) ------------
@pytest.mark.parametrize("edition, law", [("2017", "23C"), ("2007", "27D")])
def test_the_end_of_play_tree_of_each_edition(edition, law):
    r = rule(None, None, {}, "correction_damage", edition)
    assert (r.status, r.fact, r.trail) == ("needs", "outcome_could_differ", [law])
    r = rule(None, None, {"outcome_could_differ": "no"}, "correction_damage", edition)
    assert (r.status, r.law, r.adjusted_score) == ("ruling", law, False)
    r = rule(None, None, {"outcome_could_differ": "yes", "damaged": "yes"}, "correction_damage", edition)
    if edition == "2017":     # 23C: an adjusted score by Law 12C1
        assert r.trail[:2] == [law, "12B1"] and r.tree == "adjusted_score"
    else:                     # 27D sets its own standard (review session 3 #5(c))
        assert r.trail == [law] and r.tree == "correction_damage"


@pytest.mark.parametrize("call", ["P", "X"])
def test_2007_29C_is_not_asked_when_the_offender_does_not_bid_again(call):
    # a pass or a double repeats no denomination (31A2(b)), however the bid out of rotation was meant
    r = rule("N", f"1H S:1S TD 2C S:{call}", {"accepted": "no"}, edition="2007")
    assert (r.status, r.law, r.partner_must_pass) == ("ruling", "31A2b", "rest_of_auction")


@pytest.mark.parametrize("edition", BOTH)
def test_a_pass_at_the_partners_turn_may_replace_an_unintended_call(edition):
    # dealer N: North pulled 1S meaning to pass, and passes at once, before South calls (review #16 (a))
    r = rule("N", "1S P N:P TD", edition=edition)
    assert (r.status, r.fact) == ("needs", "unintended")
    r = rule("N", "1S P N:P TD", UNINTENDED[edition], edition=edition)
    assert (r.status, r.next, r.cancelled) == ("ruling", "E", ["1S"]) and r.law.startswith("25A")


# -- review of session 3: #2 the LHO accepts the intended insufficient bid; #3 an intended inadmissible double -------
@pytest.mark.parametrize("edition", BOTH)
def test_the_lho_accepts_the_intended_insufficient_bid(edition):
    r = rule("N", "2H 1D E:1S", {**UNINTENDED[edition], "accepted": "yes"}, edition=edition)
    assert (r.law, r.next, r.call["call"], r.cancelled) == ("27A1", "S", "1S", [])


@pytest.mark.parametrize("edition", BOTH)
def test_an_intended_inadmissible_double_is_law_36(edition):
    r = rule("N", "1S 1D TD E:XX", UNINTENDED[edition], edition=edition)
    assert (r.irregularity, r.law) == ("inadmissible_double", "36B2")


# -- #4: 2007, after the RHO called, the offender's call is awaited, not asked --------------------------------------
def test_2007_the_director_rules_while_the_offenders_call_is_awaited():
    r = rule("N", "E:2D TD N:1S", {"accepted": "no"}, edition="2007")
    assert (r.status, r.law, r.awaiting_call) == ("ruling", "31A2", "offender_bid_again")


# -- review of session 3: #1 an unintended insufficient bid the LHO called over, before the partner calls -----------
@pytest.mark.parametrize("edition", BOTH)
@pytest.mark.parametrize("lho_call", ["P", "2C"])
def test_the_lho_called_over_an_unintended_insufficient_bid(edition, lho_call):
    # 25A1 until the partner calls: the intended call replaces 1D, the LHO's call goes with it (2017 25A6, 2007 25A4)
    r = rule("N", f"1H 1D S:{lho_call} TD", UNINTENDED[edition], edition=edition)
    assert (r.status, r.law, r.next, r.cancelled) == ("ruling", "25A1", "E", ["1D", lho_call])
    assert ("25A6" if edition == "2017" else "25A4") in r.explanation
    r = rule("N", f"1H 1D S:{lho_call} TD E:2D", UNINTENDED[edition], edition=edition)
    assert (r.law, r.next, r.cancelled) == ("25A1", "S", ["1D", lho_call])


@pytest.mark.parametrize("edition", BOTH)
def test_the_lho_called_over_an_insufficient_bid_27A1_stands(edition):
    # nothing said, or the partner has called too (2017 25A4, 2007 25A2): the LHO's call accepted it
    assert rule("N", "1H 1D S:P TD", edition=edition).law == "27A1"
    r = rule("N", "1H 1D S:P W:P TD", UNINTENDED[edition], edition=edition)
    assert (r.law, r.next, r.cancelled) == ("27A1", "N", [])
    if edition == "2007":
        assert rule("N", "1H 1D S:P TD", {"unintended": "yes", "pause": "yes"}, edition=edition).law == "27A1"


@pytest.mark.parametrize("edition", BOTH)
def test_the_offender_replaces_his_unintended_insufficient_bid_after_the_lho_called(edition):
    # no director yet: the intended call at the partner's turn replaces 1D (the change of call tree), South's pass goes
    r = rule("N", "1H 1D S:P E:2D", UNINTENDED[edition], edition=edition)
    assert (r.irregularity, r.cancelled) == ("bid_out_of_rotation", ["1D"]) and r.law.startswith("25A")


# -- #7: 2007, a bid at the partner's turn replacing the player's own unintended call: 25A1 before the LHO's option ---
def test_2007_a_bid_at_the_partners_turn_asks_25A1_before_29A():
    r = rule("N", "1H 1S N:2H TD", edition="2007")
    assert (r.status, r.fact) == ("needs", "unintended")
    r = rule("N", "1H 1S N:2H TD", {**UNINTENDED["2007"], "accepted": "yes"}, edition="2007")
    assert (r.law, r.next, r.cancelled) == ("25A4", "E", ["1H"])
    r = rule("N", "1H 1S N:2H TD", {"unintended": "yes", "pause": "yes", "accepted": "yes"}, edition="2007")
    assert (r.law, r.cancelled) == ("29A", [])
    r = rule("N", "1H 1S N:2H TD", {"unintended": "no", "accepted": "no"}, edition="2007")
    assert (r.law, r.partner_must_pass) == ("31B", "rest_of_auction")


# -- review session 3, note after #8: the LHO called over a premature replacement (27C) ---------------------------
@pytest.mark.parametrize("edition", BOTH)
def test_the_lho_called_over_the_premature_replacement_the_replacement_stands(edition):
    """'1H 1D E:2D S:P': East replaced his insufficient bid before the director came, and South called over 2D. Law
    27C: the replacement stands unless the insufficient bid was accepted; 1D is no longer there for South to accept:
    no 27A1 option, the director applies 27B to 2D."""
    r = rule("N", "1H 1D E:2D S:P", {"unintended": "no"}, edition=edition)
    assert (r.status, r.fact) == ("needs", "artificial") and r.facts_from_record["accepted"] == "no"
    assert "27C" in r.trail
    r = rule("N", "1H 1D E:2D S:P", {"unintended": "no", "artificial": "no"}, edition=edition)
    assert (r.status, r.law, r.next, r.partner_must_pass) == ("ruling", "27B1a", "W", "no")
    with pytest.raises(ValueError, match="accepted=yes contradicts the record"):
        rule("N", "1H 1D E:2D S:P", {"unintended": "no", "accepted": "yes"}, edition=edition)
    # before South calls, the director still offers him the option (27C: unless it was accepted)
    assert rule("N", "1H 1D E:2D", {"unintended": "no"}, edition=edition).fact == "accepted"


# -- review session 3 #5: the pointer to correction_damage (23C/27D), and its rulings ------------------------------
@pytest.mark.parametrize("edition", BOTH)
@pytest.mark.parametrize("replacement,facts,law", [
    ("2D", {"artificial": "no", "same_denomination": "yes"}, "27B1a"),
    ("2H", {"artificial": "no", "same_meaning": "yes", "comparable": "yes"}, "27B1b"),
])
def test_a_correction_without_rectification_points_to_correction_damage(edition, replacement, facts, law):
    r = rule("N", f"1H 1D TD E:{replacement}", {"accepted": "no", "unintended": "no", **facts}, edition=edition)
    assert (r.status, r.law) == ("ruling", law)
    assert r.follow_up["tree"] == "correction_damage" and r.follow_up["edition"] == edition
    assert "27D" in r.follow_up["laws"] and r.to_dict()["follow_up"] == r.follow_up


def test_2017_a_comparable_call_points_to_23C_and_2007_law_23_does_not():
    r = rule("N", "1H 1D TD E:2H", {"accepted": "no", "unintended": "no", "artificial": "no", "comparable": "yes"},
             edition="2017")
    assert r.follow_up["laws"] == ["23C", "27D"]
    # 2007 Law 23 (awareness of potential damage) is another test: no pointer to 27D's tree
    r = rule("N", "1H 1D TD E:3D", {"accepted": "no", "unintended": "no", "artificial": "no", "same_meaning": "no"},
             edition="2007")
    assert (r.law, r.law_23, r.follow_up) == ("27B2", True, None)


def test_2007_correction_damage_adjusts_by_27D_not_12C1e():
    r = rule(None, None, {"outcome_could_differ": "yes", "damaged": "yes"}, "correction_damage", edition="2007")
    assert (r.status, r.law, r.tree, r.adjusted_score) == ("ruling", "27D", "correction_damage", True)
    assert "12C1(e)" not in r.explanation and "insufficient bid not occurred" in r.explanation
    r = rule(None, None, {"outcome_could_differ": "yes", "damaged": "no"}, "correction_damage", edition="2007")
    assert (r.law, r.adjusted_score) == ("27D", False)


def test_2017_no_damage_after_23C_does_not_list_other_laws():
    r = rule(None, None, {"outcome_could_differ": "yes", "damaged": "no"}, "correction_damage", edition="2017")
    assert (r.law, r.adjusted_score) == ("12B1", False) and "16B3" not in r.explanation


# -- review session 3 #8 ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("edition", BOTH)
def test_a_25A1_finding_after_the_partner_called_is_ignored_with_its_reason(edition):
    r = rule("E", "1S 2NT P N:P S:X TD", {"unintended": "yes"}, edition=edition)
    assert r.law == "36B4" and r.facts_ignored == ["unintended"]
    why = r.facts_ignored_why[0]
    assert (why["fact"], why["value"]) == ("unintended", "yes") and "partner has called" in why["reason"]
    assert why["params"]["law"].startswith("25A")


@pytest.mark.parametrize("edition", BOTH)
def test_next_to_call_after_25A_says_whether_the_lho_withdraws(edition):
    r = rule("E", "1S 2NT P S:X TD", UNINTENDED[edition], edition=edition)
    assert (r.next, r.next_if_kept) == ("W", "N")
    assert rule("N", "1H 1D S:P TD", UNINTENDED[edition], edition=edition).next_if_kept is None


def test_2007_29A_given_by_the_director_reads_as_an_acceptance_on_offer():
    r = rule("N", "1H 1S N:2H TD", {"unintended": "no", "accepted": "yes"}, edition="2007")
    assert r.law == "29A" and "when the director offered him the option" in r.explanation


@pytest.mark.parametrize("edition", BOTH)
def test_the_partner_calling_after_the_directors_25A1_ruling_does_not_undo_it(edition):
    """bench_engine (2017): '3NT 2C 2S TD AP', dealer E, the 2C unintended: when the director came, North had not
    called; the calls after his ruling (South's intended pass, then the others) leave it a 25A1 ruling."""
    from tests.laws.rulings.test_rule_agreement import check_agreement

    r = rule("E", "3NT 2C 2S TD AP", UNINTENDED[edition], edition=edition)
    assert (r.law, r.facts_from_record["partner_called"]) == ("25A1", "no") and r.cancelled == ["2C", "2S"]
    check_agreement("E", "3NT 2C 2S TD AP", {**UNINTENDED[edition], "pause": "no"}, edition)


def test_a_fact_the_edition_never_asks_says_so():
    r = rule("E", "3NT 2C 2S TD AP", {"unintended": "yes", "pause": "no"}, edition="2017")
    why = {w["fact"]: w for w in r.facts_ignored_why}
    assert why["pause"]["params"] == {"edition": "2017"} and "do not ask it" in why["pause"]["reason"]


def test_the_intended_call_judged_anew_the_director_at_the_table_gives_the_lhos_answer():
    """2017b b-25a1-intended-call-insufficient: '1NT 2S N:1S TD', dealer W, North meant 1S (25A1). The director, at
    the table, offers East the option on the insufficient 1S; East declines: North must replace it (27B), next
    North, not 'East may still call over it'."""
    r = rule("W", "1NT 2S N:1S TD", {"unintended": "yes", "accepted": "no"}, edition="2017")
    assert (r.law, r.next, r.awaiting, r.after_ruling) == ("27B", "N", None, None)
    # not given, the option is asked
    assert rule("W", "1NT 2S N:1S TD", {"unintended": "yes"}, edition="2017").fact == "accepted"


@pytest.mark.parametrize("edition,law", [("2017", "25A5"), ("2007", "25A3")])
def test_the_auction_period_over_is_the_directors_finding_not_contradicted_by_the_record(edition, law):
    """'1H P P P W:X': West changes his unintended final pass, but the opening lead was already faced (the record of
    calls cannot show it): too late, 1H by North stands (2017 25A5, 2007 25A3). It was refused as contradicting the
    record."""
    r = rule("N", "1H P P P W:X", {**UNINTENDED[edition], "auction_ended": "yes"}, edition=edition)
    assert (r.law, r.next_after_ruling) == (law, None) and (r.after_ruling or {}).get("contract") == "1H"
    # not given: the auction period goes on, the change is permitted
    assert rule("N", "1H P P P W:X", UNINTENDED[edition], edition=edition).law != law


# -- review session 4 -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("edition", BOTH)
def test_the_slip_2S_for_double_is_25A1_not_36(edition):
    """#17: '1NT 2S N:X TD' dealer W, North meant to double 1NT: 25A1, the double stands in 2S's place, no bar."""
    r = rule("W", "1NT 2S N:X TD", UNINTENDED[edition], edition=edition)
    assert (r.irregularity, r.next, r.partner_must_pass, r.lead_restrictions) == ("change_of_call", "E", "no", False)
    assert r.cancelled == ["2S"] and r.law.startswith("25A")
    # nothing said: Law 36, and the 25A1 question listed as not asked (#8)
    r = rule("W", "1NT 2S N:X TD", edition=edition)
    assert r.law == "36B4" and {"fact": "unintended", "law": "25A1"} in r.facts_unasked
    r = rule("E", "1S 2NT P S:X TD", edition=edition)
    assert r.law == "36B4" and {"fact": "unintended", "law": "25A1"} in r.facts_unasked


@pytest.mark.parametrize("edition,facts", [("2017", {"comparable": "no"}), ("2007", {"same_meaning": "no"})])
def test_the_lhos_call_over_a_premature_double_goes_with_it(edition, facts):
    """Review session 4 #16: '1H 1D E:X S:P': 27B3 cancels East's double; South's pass, made at his turn over it, is
    withdrawn with it (South is no offender, West has no 29A option): East replaces his insufficient bid."""
    r = rule("N", "1H 1D E:X S:P", {"unintended": "no", **facts}, edition=edition)
    assert (r.irregularity, r.offender, r.law, r.next) == ("insufficient_bid", "E", "27B3", "E")
    assert r.cancelled == ["X", "P"] and r.partner_must_pass == "rest_of_auction"


@pytest.mark.parametrize("edition", BOTH)
@pytest.mark.parametrize("record,kept", [("1H 1D S:X E:P", None), ("1H 1D S:1S E:2S", None), ("1H 1D S:P E:2D", "W")])
def test_the_lho_may_keep_only_a_call_still_legal_over_the_intended_one(edition, record, kept):
    """Review session 4 #7: after East's 25A1 substitution, South's double would double his partner's 1H and his 1S
    would be insufficient under 2S: no 'if he keeps it'; his pass he may keep (West calls then)."""
    r = rule("N", record, UNINTENDED[edition], edition=edition)
    assert (r.next, r.next_if_kept) == ("S", kept)


def test_a_finding_that_decided_an_earlier_irregularity_is_not_called_unused():
    """Review session 4 #13 and #3: the facts that made West's obligation (27B2) are used; a question still open
    lists none as unused."""
    r = rule("N", "1H 1D E:3D S:P W:2NT", {"unintended": "no", "artificial": "no", "comparable": "no"}, edition="2017")
    assert r.law == "37B2" and r.facts_ignored == [] and r.facts_ignored_why == []
    r = rule("N", "1H 1D TD", {"artificial": "no"}, edition="2017")
    assert r.status == "needs" and r.facts_ignored_why == []


# -- review session 4 #14, #15: a change of the final pass, and the auction period ------------------------------------
@pytest.mark.parametrize("edition", BOTH)
def test_whether_the_auction_period_ended_is_the_directors_finding_not_the_records(edition):
    """#15: '1H P P P W:X', West's X meant in place of his final pass: whether the opening lead was faced the record of
    calls cannot show; the ruling takes 'not yet' unasked and says so (25A5 / 2007 25A3), never as read off it."""
    r = rule("N", "1H P P P W:X", UNINTENDED[edition], edition=edition)
    assert r.status == "ruling" and r.law == UNINTENDED_LAW[edition]
    assert "auction_ended" not in r.facts_from_record
    assert [u["fact"] for u in r.facts_unasked] == ["auction_ended"] and r.facts_unasked[0]["law"] == TOO_LATE[edition]
    given = rule("N", "1H P P P W:X", {**UNINTENDED[edition], "auction_ended": "no"}, edition=edition)
    assert given.law == r.law and given.facts_unasked == [] and given.facts_used["auction_ended"] == "no"


@pytest.mark.parametrize("edition", BOTH)
def test_a_change_of_the_final_pass_too_late_cancels_the_new_call(edition):
    """#14: the opening lead faced, the unintended pass stands and West's X, a call after the final pass, is
    cancelled (39A): the ruling lists it, and the auction is over (nobody calls next)."""
    r = rule("N", "1H P P P W:X", {**UNINTENDED[edition], "auction_ended": "yes"}, edition=edition)
    assert r.status == "ruling" and r.law == TOO_LATE[edition] and r.cancelled == ["X"]
    assert r.next_after_ruling is None and r.after_ruling["contract"] == "1H" and r.after_ruling["declarer"] == "N"
    assert not r.lead_restrictions


UNINTENDED_LAW = {"2017": "25A1", "2007": "25A4"}
TOO_LATE = {"2017": "25A5", "2007": "25A3"}


# -- review session 4 #9, #12(a): the premature replacement (27C) ---------------------------------------------------
@pytest.mark.parametrize("edition", BOTH)
def test_an_accepted_insufficient_bid_lists_the_premature_replacement_it_cancels(edition):
    """#9: '1H 1D E:2D TD', the LHO accepts 1D when the director offers it: 2D goes (27C), and the ruling says so."""
    r = rule("N", "1H 1D E:2D TD", {"unintended": "no", "accepted": "yes"}, edition=edition)
    assert (r.status, r.law, r.next) == ("ruling", "27A1", "S")
    assert r.cancelled == ["2D"] and r.cancelled_calls[0]["index"] == 2


@pytest.mark.parametrize("edition", BOTH)
def test_an_acceptance_after_a_premature_replacement_is_refused_with_the_reason(edition):
    """#12(a): '1H 1D E:2D S:P', accepted=yes: South's pass accepts nothing; the error says the replacement came
    first (27C), not that the pass 'shows accepted=no'."""
    from laws.rulings.rule import RulingError

    with pytest.raises(RulingError) as e:
        rule("N", "1H 1D E:2D S:P", {"unintended": "no", "accepted": "yes"}, edition=edition)
    assert "27C" in str(e.value) and "call 4 (S P)" in str(e.value) and "shows accepted" not in str(e.value)


# -- review session 4 #18: the LHO's call over an unintended call, the intended call judged anew ---------------------
def test_the_lhos_right_to_withdraw_his_call_is_reported_when_the_intended_call_is_itself_irregular():
    """2017 '1NT 2S E:P N:1S TD' (dealer W), unintended=yes, accepted=no: 27B on the intended 1S, and East's pass over
    the unintended 2S, which he may withdraw or keep (25A6), is reported; a legal intended call (N:X) says it through
    its own 25A1 ruling (next_if_kept) and lists nothing here."""
    r = rule("W", "1NT 2S E:P N:1S TD", {"unintended": "yes", "accepted": "no"}, edition="2017")
    assert (r.status, r.law, r.offender) == ("ruling", "27B", "N")
    assert r.withdrawable == [{"index": 2, "seat": "E", "call": "P", "law": "25A6"}]
    legal = rule("W", "1NT 2S E:P N:X TD", {"unintended": "yes"}, edition="2017")
    assert legal.law == "25A1" and legal.withdrawable == [] and legal.next_if_kept == "S"
