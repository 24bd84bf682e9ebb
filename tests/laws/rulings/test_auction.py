"""The auction model (laws/rulings/auction.py) and ``rulebook auction``.

Every case is written from the text of the corpus edition (AEB 2007, Laws 17-40); the
comment of each names the provision it checks. Seats rotate N -> E -> S -> W; with dealer N,
E's RHO is N, his LHO S and his partner W.
"""
from __future__ import annotations

import json

import pytest

from laws.rulings import auction as A
from laws.rulings.auction import AuctionError, Call, replay


# these tests are of the 2007 engine: a ruling asked without an edition follows the 2007 Laws here
pytestmark = pytest.mark.usefixtures("the_2007_engine")


def kinds(s):
    return [i.kind for i in s.irregularities]


def obligations(s, status=("in_force",)):
    return [(o.seat, o.must, o.scope, o.law) for o in s.obligations if o.status in status]


def statuses(s):
    return [(c.seat, str(c.call), c.status) for c in s.calls]


# -- calls: Law 18 --------------------------------------------------------------------------------
@pytest.mark.parametrize("text,expect", [
    ("P", "P"), ("pass", "P"), ("X", "X"), ("dbl", "X"), ("XX", "XX"), ("Rdbl", "XX"),
    ("1c", "1C"), ("1D", "1D"), ("2h", "2H"), ("3S", "3S"), ("3nt", "3NT"), ("3N", "3NT"),
    ("4♠", "4S"), ("4♥", "4H"), ("5♦", "5D"), ("6♣", "6C"), ("7♤", "7S"), ("8S", "8S"), ("12NT", "12NT"),
])
def test_call_parse(text, expect):
    assert str(Call.parse(text)) == expect


def test_denomination_rank_18E():
    # 18E: NT > S > H > D > C; 18B: same level, higher denomination, or higher level
    order = [Call.parse(x) for x in ("1C", "1D", "1H", "1S", "1NT", "2C", "7NT")]
    for lower, higher in zip(order, order[1:]):
        assert higher.supersedes(lower) and not lower.supersedes(higher)
    assert not Call.parse("1S").supersedes(Call.parse("1S"))        # 18D: not superseding = insufficient
    assert Call.parse("1C").supersedes(None)
    assert not Call.parse("P").supersedes(Call.parse("1C"))           # 18A: pass is a call, not a bid


# -- malformed tokens ------------------------------------------------------------------------------
@pytest.mark.parametrize("record,position,token,why", [
    ("1S 1Z", 2, "1Z", "unknown denomination “Z”"),
    ("0S", 1, "0S", "level of at least 1"),
    ("P Q:1S", 2, "Q:1S", "unknown seat “Q”"),
    ("1S XXX", 2, "XXX", "not a call"),
    ("1S D", 2, "D", "D is diamonds, not double"),
    ("1S 2SA", 2, "2SA", "unknown denomination “SA”"),
    ("1S 2", 2, "2", "needs a denomination"),
    ("hello", 1, "hello", "not a call"),
    ("1S S:", 2, "S:", "must be followed by a call"),
    ("S:TD", 1, "S:TD", "takes no seat prefix"),
    ("1S N:AP", 2, "N:AP", "takes no seat prefix"),
    ("1S * P", 3, "P", "must be the last token"),
    ("=1= 1S", 1, "=1=", "must follow the call"),
    ("1S ^I TD", 2, "^I", "right before the insufficient bid"),
    ("1S ^I", 2, "^I", "right before the insufficient bid"),
    ("1S ^I P", 2, "^I", "right before the insufficient bid"),
    ("1S ^R 2S", 2, "^R", "unknown irregularity mark"),
])
def test_malformed_tokens_name_the_token_position_and_why(record, position, token, why):
    with pytest.raises(AuctionError) as e:
        replay(record, "N")
    assert e.value.position == position and e.value.token == token
    assert why in str(e.value) and token in str(e.value) and str(position) in str(e.value)


def test_empty_record_and_bad_dealer_and_bad_facts():
    with pytest.raises(AuctionError, match="empty"):
        replay("   ", "N")
    with pytest.raises(AuctionError, match="dealer"):
        replay("P", "Q")
    with pytest.raises(AuctionError, match="Unknown fact"):
        replay("P", "N", {"psychic": "yes"})
    with pytest.raises(AuctionError, match="yes or no"):
        replay("P", "N", {"artificial": "maybe"})
    assert replay("P P P P", "north").dealer == "N"


@pytest.mark.parametrize("record,why", [
    ("1S TD", "no irregularity here"),                # TD with nothing just committed
    ("1H 1D 2D TD", "no irregularity here"),          # 27A1: already accepted by the LHO
    ("1S ^I 2S", "not insufficient"),                 # ^I on a sufficient bid
    ("1S AP AP", "already over"),
    ("1S ^S", "must be followed by the call"),
    ("1S ^S TD", "must be followed by the call"),
    ("1S ^S W:2S", "made by S"),
    ("^S ^S ^S ^S 1S", "at most three"),
])
def test_records_that_contradict_themselves(record, why):
    with pytest.raises(AuctionError, match=why):
        replay(record, "N")


# -- ordinary auctions: Laws 17, 19, 22 -----------------------------------------------------------
def test_ordinary_auction_contract_declarer_next():
    # 17B dealer first, 17C clockwise; 22A2 three passes after the last bid end the auction
    s = replay("1S P 2S P 4S P P P", "N")
    assert s.complete and not s.passed_out and str(s.contract) == "4S" and s.declarer == "N" and s.next is None
    assert [c.seat for c in s.calls] == list("NESWNESW")
    assert not s.irregularities and all(c.status == "legal" for c in s.calls)


def test_auction_in_progress_next_seat():
    s = replay("1S P 2S", "E")       # dealer E: E, S, W called; N next
    assert not s.complete and s.next == "N" and s.contract is None and s.declarer is None


def test_passed_out_22A1():
    s = replay("P P P P", "W")
    assert s.complete and s.passed_out and s.contract is None and s.declarer is None and s.next is None
    assert not replay("P P P", "W").complete      # 22A1 needs all four players


def test_all_pass_token():
    assert statuses(replay("AP", "S")) == [("S", "P", "legal"), ("W", "P", "legal"), ("N", "P", "legal"),
                                           ("E", "P", "legal")]
    s = replay("1NT AP", "E")
    assert str(s.contract) == "1NT" and s.declarer == "E" and len(s.calls) == 4


def test_doubled_and_redoubled_contracts_19D():
    # 19A1 E doubles N's bid; 19B1 S redoubles E's double; 19D the risk stays with the contract
    s = replay("1H P 2H P P X XX P P P", "N")
    assert str(s.contract) == "2HXX" and s.declarer == "N"
    s = replay("1H P 2H P P X P P P", "N")
    assert str(s.contract) == "2HX"
    s = replay("1C P P X P P XX AP", "N")          # X in the pass-out seat, XX by the doubled side
    assert str(s.contract) == "1CXX" and s.declarer == "N"
    s = replay("3NT X P P XX P P P", "N")
    assert str(s.contract) == "3NTXX"


def test_double_superseded_by_a_later_bid_19C():
    s = replay("1H X 2H P P P", "N")
    assert str(s.contract) == "2H" and s.declarer == "N"


def test_declarer_is_first_of_side_to_name_the_denomination():
    # the first player of the declaring side to name the contract's denomination (22A2 contract)
    assert replay("1H P 2H P P P", "N").declarer == "N"
    assert replay("1C P 1H P 1S P 1NT P 3NT AP", "N").declarer == "S"
    assert replay("1D P 1H P 1S P 2H P 4H AP", "N").declarer == "S"
    assert replay("P 1S 2H 2S P 4S AP", "N").declarer == "E"          # E opened spades, W raised
    assert replay("1S 2H P 3H 4S AP", "N").declarer == "N"
    assert replay("1C 1S 2C 2S 3C 3S AP", "N").declarer == "E"


def test_bids_above_seven_can_be_recorded():
    assert str(replay("8S", "N").calls[0].call) == "8S"
    assert replay("8S", "N").irregularities[0].kind == "bid_above_seven"


def test_seat_prefix_and_unprefixed_calls():
    s = replay("N:1S E:P S:2S W:P N:P E:P", "N")     # every prefix in rotation: no irregularity
    assert not s.irregularities and s.complete and s.declarer == "N"
    s = replay("1S P 2S W:P P", "N")                 # prefixes and unprefixed calls mix
    assert not s.irregularities and [c.seat for c in s.calls] == list("NESWN")


# -- admissibility of doubles and redoubles: 19A1, 19B1, 36 --------------------------------------
@pytest.mark.parametrize("record", [
    "X",                 # no bid to double (19A1)
    "1S P X",            # S doubles his partner's bid (19A1: made by an opponent)
    "1S X X",            # already doubled: another call intervenes (19A1: only passes intervening)
    "1S X XX P P XX",    # a second redouble (19B1)
    "1S X P XX",         # W redoubles his partner's double (19B1: made by an opponent)
    "1S XX",             # nothing to redouble (19B1)
    "1S P P X P XX",     # E redoubles W's double: his partner's (19B1)
])
def test_inadmissible_doubles(record):
    s = replay(record, "N")
    assert "inadmissible_double" in kinds(s)


def test_admissible_doubles_and_redoubles():
    # 19A1 the last bid, by an opponent, only passes since; 19B1 the last double, by an opponent
    for record in ("1S X", "1S P P X", "1S X XX", "1S X P P XX", "1S P P X XX", "1S P P X P P XX", "1S X P"):
        assert not replay(record, "N").irregularities, record


def test_inadmissible_double_in_rotation_36B():
    # 36B1 the double is cancelled; 36B2 offender substitutes any legal call, partner passes rest
    s = replay("1S P X TD 2S", "N")
    i = s.irregularities[0]
    assert (i.kind, i.offender, i.law, i.td_called) == ("inadmissible_double", "S", "36", True)
    assert i.provisions == ["36B1", "36B2"] and i.cancelled == [2]
    assert s.calls[3].seat == "S" and s.calls[3].status == "legal"       # unprefixed after TD: offender
    assert obligations(s) == [("N", "pass", "rest_of_auction", "36B2")]


def test_inadmissible_double_lho_calls_36A():
    # 36A: the LHO calls before rectification: the double and all later calls are cancelled when
    # the director comes, the auction reverts to the player whose turn it was, no lead restriction
    s = replay("1S P X P 2S", "N")
    i = s.irregularities[0]
    assert i.lho_called and not i.accepted and i.resolution == "awaiting_director" and i.provisions == ["36A"]
    s = replay("1S P X P 2S TD", "N")
    i = s.irregularities[0]
    assert i.td_called and i.cancelled == [2, 3, 4] and "no_26" in i.notes
    assert [c.status for c in s.calls] == ["legal", "legal", "cancelled", "cancelled", "cancelled"]
    assert s.next == "S" and not s.obligations


def test_inadmissible_double_out_of_rotation_36B4():
    # S doubles his partner's 1H at E's turn: inadmissible (not a double out of rotation, 32 preamble)
    s = replay("1H S:X TD P", "N")
    i = s.irregularities[0]
    assert (i.kind, i.at_turn_of, i.out_of_rotation) == ("inadmissible_double", "RHO", True)
    assert i.provisions == ["36B1", "36B4"]
    assert s.calls[2].seat == "E"                     # the auction returns to the player whose turn it was
    assert obligations(s) == [("N", "pass", "rest_of_auction", "36B4")]


# -- insufficient bid: Law 27 --------------------------------------------------------------------
def test_insufficient_bid_accepted_27A1():
    # dealer N: E's 1D is insufficient; S calls 2D: accepted, treated as legal
    s = replay("1H 1D 2D P P P", "N")
    i = s.irregularities[0]
    assert (i.kind, i.offender, i.index, i.law) == ("insufficient_bid", "E", 1, "27")
    assert i.accepted and i.lho_called and not i.td_called and i.provisions == ["27A1"]
    assert s.calls[1].status == "accepted_irregular"
    assert str(s.contract) == "2D" and s.declarer == "S"


def test_insufficient_bid_accepted_can_become_the_contract():
    s = replay("1H 1D AP", "N")
    assert str(s.contract) == "1D" and s.declarer == "E"


def test_insufficient_bid_lowest_sufficient_same_denomination_27B1a():
    # 27B1(a): the lowest sufficient bid in the same denomination, both calls not artificial
    s = replay("1H 1D TD 2D", "N", {"accepted": "no", "artificial": "no"})
    i = s.irregularities[0]
    assert i.provisions == ["27B", "27B1a"] and i.facts["replacement"] == "lowest_same"
    assert not s.obligations and s.next == "S"
    assert s.calls[1].status == "replaced" and s.calls[2].substitute_for == 1


def test_insufficient_bid_27B1a_undetermined_without_the_fact():
    # the model cannot know "not artificial": the 27B2 obligation waits for the fact
    s = replay("1H 1D TD 2D", "N", {"accepted": "no"})
    i = s.irregularities[0]
    assert i.facts_needed == ["artificial"]
    assert obligations(s, ("undetermined",)) == [("W", "pass", "rest_of_auction", "27B2")]
    assert s.obligations[0].pending_fact == "artificial"
    assert not s.in_force[0].in_force


def test_insufficient_bid_artificial_then_same_meaning_27B1b():
    s = replay("1H 1D TD 2D", "N", {"accepted": "no", "artificial": "yes", "same_meaning": "yes"})
    assert s.irregularities[0].provisions == ["27B", "27B1b"] and not s.obligations
    s = replay("1H 1D TD 2D", "N", {"accepted": "no", "artificial": "yes", "same_meaning": "no"})
    assert obligations(s) == [("W", "pass", "rest_of_auction", "27B2")]


def test_insufficient_bid_other_replacement_27B1b_27B2():
    # 27B1(b) same meaning: no rectification; otherwise 27B2 partner passes for the rest of the auction
    assert not replay("1H 1D TD 3D", "N", {"accepted": "no", "same_meaning": "yes"}).obligations
    s = replay("1H 1D TD 3D", "N", {"accepted": "no", "same_meaning": "no"})
    assert s.irregularities[0].provisions == ["27B", "27B2"] and "26" in s.irregularities[0].notes
    assert obligations(s) == [("W", "pass", "rest_of_auction", "27B2")]
    s = replay("1H 1D TD P", "N", {"accepted": "no"})            # 27B2 also for a pass; undetermined without the fact
    assert s.irregularities[0].facts["replacement"] == "pass"
    assert obligations(s, ("undetermined",)) == [("W", "pass", "rest_of_auction", "27B2")]
    # per-call facts override the global ones
    s = replay("1H 1D TD 3D", "N", {"accepted": "no", "same_meaning": "yes", 1: {"same_meaning": "no"}})
    assert obligations(s) == [("W", "pass", "rest_of_auction", "27B2")]


def test_insufficient_bid_replaced_by_double_27B3():
    # 27B3: the double is cancelled, the offender corrects again, partner passes for the rest
    s = replay("1H 1D TD X", "N", {"accepted": "no"})
    i = s.irregularities[0]
    assert "27B3" in i.provisions and s.calls[2].status == "cancelled" and s.next == "E"
    assert obligations(s) == [("W", "pass", "rest_of_auction", "27B3")]
    s = replay("1H 1D TD X 2D P", "N", {"accepted": "no"})
    assert s.calls[3].status == "legal" and s.calls[1].replaced_by == 3 and s.next == "W"
    # with the fact that the double has the same meaning, 27B1(b) lets it stand
    s = replay("1H 1D TD X", "N", {"accepted": "no", "same_meaning": "yes"})
    assert s.irregularities[0].provisions == ["27B", "27B1b"] and s.calls[2].status == "legal"


def test_insufficient_replaced_by_insufficient_27B4():
    # 27B4: a new insufficient bid; the LHO may accept it (27A) ...
    s = replay("1H 1D TD 1C P", "N", {"accepted": "no"})
    assert kinds(s) == ["insufficient_bid", "insufficient_bid"]
    assert s.irregularities[1].provisions == ["27B4", "27A1"] and s.irregularities[1].accepted
    assert not s.obligations
    # ... or not: ruled as in 27B3
    s = replay("1H 1D TD 1C TD 2D", "N", {"accepted": "no"})
    assert "27B3" in s.irregularities[0].provisions
    assert obligations(s) == [("W", "pass", "rest_of_auction", "27B4")] and s.next == "S"   # as 27B3


def test_premature_substitution_27C():
    # 27C: the offender replaces the insufficient bid before the director's rectification (not an unintended call
    # replaced under 25A1, which the director is asked first)
    s = replay("1H 1D E:2D", "N", {"artificial": "no", "unintended": "no"})
    i = s.irregularities[0]
    assert i.provisions == ["27C", "27B1a"] and i.resolution == "substituted" and not i.td_called
    assert s.calls[1].status == "replaced" and s.calls[2].status == "legal" and s.next == "S"


def test_insufficient_bid_out_of_rotation_27A2():
    # 27A2: an insufficient bid out of rotation is ruled under Law 31
    s = replay("1S W:1H TD", "N", {"accepted": "no"})
    i = s.irregularities[0]
    assert (i.kind, i.law, i.insufficient, i.at_turn_of) == ("bid_out_of_rotation", "31", True, "partner")
    assert i.provisions[:2] == ["27A2", "29B"] and "31B" in i.provisions


def test_insufficient_mark_from_pbn():
    s = replay("1S ^I 1H P", "N")
    assert s.irregularities[0].kind == "insufficient_bid" and s.irregularities[0].accepted


# -- calls out of rotation: Laws 28, 29 ------------------------------------------------------------
def test_call_by_the_player_whose_turn_it_was_28B():
    # dealer N: E bids at N's (his RHO's) turn; N calls before rectification: in rotation,
    # E's bid is cancelled, no rectification (28B), 16D2
    s = replay("E:1S N:1H", "N")
    i = s.irregularities[0]
    assert (i.kind, i.at_turn_of, i.resolution, i.provisions) == ("bid_out_of_rotation", "RHO", "forfeited", ["28B"])
    assert s.calls[0].status == "cancelled" and s.calls[1].status == "legal" and s.next == "E"
    assert "16D2" in i.notes and not s.obligations


def test_lho_calls_over_a_call_out_of_rotation_29A():
    # 29A: the offender's LHO (for E, S) calls: rectification forfeited, the call stands, N lost his turn
    s = replay("E:1S S:P", "N")
    i = s.irregularities[0]
    assert i.accepted and i.provisions == ["29A"] and i.skipped == ["N"]
    assert s.calls[0].status == "accepted_irregular" and s.next == "W"
    # the unprefixed call after an irregular call is the LHO's: acceptance
    assert replay("E:1S P", "N").irregularities[0].accepted


def test_call_out_of_rotation_at_lho_turn_first_call_28B():
    # W (dealer's RHO) opens at N's turn; N, whose turn it was and who is W's LHO, calls: 28B
    s = replay("W:1S N:P", "N")
    assert s.irregularities[0].provisions == ["28B"] and s.calls[0].status == "cancelled"


def test_call_out_of_rotation_td_29B_auction_returns():
    # 29B: cancelled, the auction returns to the player whose turn it was
    s = replay("E:1S TD", "N", {"accepted": "no"})
    assert s.calls[0].status == "cancelled" and s.calls[0].law == "29B" and s.next == "N"


# -- pass out of rotation: Law 30 ------------------------------------------------------------------
def test_pass_out_of_rotation_before_any_bid_30A():
    s = replay("E:P TD P", "N", {"accepted": "no"})
    i = s.irregularities[0]
    assert (i.kind, i.law, i.bid_before, i.at_turn_of) == ("pass_out_of_rotation", "30", False, "RHO")
    assert i.provisions == ["29B", "30A"]
    assert obligations(s) == [("E", "pass", "next_turn", "30A")] and s.next == "E"
    # at partner's turn, before any bid: 30A as well
    s = replay("S:P TD", "N", {"accepted": "no"})
    assert s.irregularities[0].provisions == ["29B", "30A"] and s.next == "N"


def test_pass_out_of_rotation_obligation_enforced_37():
    # E must pass at his next turn (30A); he bids: Law 37
    s = replay("E:P TD P 1S", "N", {"accepted": "no"})
    assert kinds(s) == ["pass_out_of_rotation", "call_when_required_to_pass"]
    i = s.irregularities[1]
    assert (i.offender, i.law, i.facts["rest_of_auction"]) == ("E", "37", "no")
    assert s.obligations[0].status == "breached"
    s = replay("E:P TD P P", "N", {"accepted": "no"})
    assert s.obligations[0].status == "fulfilled" and len(s.irregularities) == 1


def test_pass_out_of_rotation_at_rho_turn_after_a_bid_30B1():
    s = replay("1S S:P TD 2H", "N", {"accepted": "no"})          # S passes at E's turn (E is S's RHO)
    i = s.irregularities[0]
    assert i.bid_before and i.at_turn_of == "RHO" and i.provisions == ["29B", "30B1"]
    assert obligations(s) == [("S", "pass", "next_turn", "30B1")] and s.next == "S"


def test_pass_out_of_rotation_at_partner_turn_30B2():
    # W passes at E's turn: 30B2(a) W passes for the rest; 30B2(b) E may not double at that turn
    s = replay("1S W:P TD", "N", {"accepted": "no"})
    i = s.irregularities[0]
    assert i.at_turn_of == "partner" and i.provisions == ["29B", "30B2a", "30B2b"]
    assert obligations(s) == [("W", "pass", "rest_of_auction", "30B2a"), ("E", "not_double", "next_turn", "30B2b")]
    s = replay("1S W:P TD X", "N", {"accepted": "no"})
    assert kinds(s)[-1] == "obligation_breached" and s.irregularities[-1].law == "30B2b"
    s = replay("1S W:P TD 2H P 3H P P 3S", "N", {"accepted": "no"})       # W bids later: Law 37
    assert kinds(s)[-1] == "call_when_required_to_pass" and s.irregularities[-1].facts["rest_of_auction"] == "yes"


def test_pass_out_of_rotation_at_lho_turn_is_a_change_of_call_30B3():
    # W bids 2H, then passes at N's (his LHO's) turn: treated as a change of call, Law 25
    s = replay("1S P P 2H W:P", "N", {"accepted": "no"})
    i = s.irregularities[0]
    assert i.change_of_call and i.at_turn_of == "LHO" and i.provisions == ["30B3"] and "25" in i.notes
    # 25B1: the LHO calls: the substitution is accepted, 2H withdrawn, the pass stands
    s = replay("1S P P 2H W:P N:P", "N")
    assert s.calls[3].status == "replaced" and s.calls[4].status == "accepted_irregular"
    assert "25B1" in s.irregularities[0].provisions and str(s.contract) == "1S"
    # 25B2: not accepted, the substitution is cancelled, the original call stands
    s = replay("1S P P 2H W:P TD", "N", {"accepted": "no"})
    assert s.irregularities[0].provisions == ["30B3", "25B2"] and s.calls[3].status == "legal"
    assert s.next == "N" and not s.obligations
    # 25A1 when the director finds the change unintended
    s = replay("1S P P 2H W:P TD", "N", {"accepted": "no", "unintended": "yes"})
    assert "25A1" in s.irregularities[0].provisions and s.complete and str(s.contract) == "1S"


def test_pass_out_of_rotation_that_would_end_the_auction_17E2():
    # 17E2 / 34: N passes at W's turn after 1S P P: the auction does not end, returns to W
    s = replay("1S P P N:P", "N")
    i = s.irregularities[0]
    assert (i.kind, i.law, i.resolution) == ("pass_out_of_rotation", "17E2", "reverted")
    assert not s.complete and s.next == "W" and s.calls[3].status == "cancelled"
    assert "16D" in i.notes and "34" in i.notes and not s.obligations
    s = replay("1S P P N:P 2S P P P", "N")           # the unprefixed call is W's
    assert s.calls[4].seat == "W" and str(s.contract) == "2S" and s.declarer == "W"
    s = replay("1S P P N:P TD P", "N")                # TD may follow
    assert s.irregularities[0].td_called and str(s.contract) == "1S" and s.complete


def test_17E2_with_four_passes():
    s = replay("P P P N:P", "N")                      # W never called: not passed out
    assert not s.complete and s.next == "W" and s.irregularities[0].law == "17E2"


def test_17E2_with_an_accepted_pass_out_of_rotation_34():
    # W passes at E's turn, N accepts (29A), E passes: 1S followed by three passes, one of them out
    # of rotation: the auction returns to E and the passes that followed are cancelled (34, 17E2)
    s = replay("1S W:P N:P P", "N")
    i = s.irregularities[0]
    assert i.law == "17E2" and i.provisions == ["29A", "17E2"] and "34" in i.notes and i.cancelled == [1, 2, 3]
    assert not s.complete and s.next == "E"


# -- bid out of rotation: Law 31 -------------------------------------------------------------------
def test_bid_out_of_rotation_at_rho_turn_rho_passes_31A1():
    s = replay("E:1S TD P", "N", {"accepted": "no"})
    i = s.irregularities[0]
    assert i.provisions == ["29B", "31A", "31A1"] and i.facts["rho_action"] == "pass"
    assert [(o.seat, o.must, o.call) for o in s.in_force] == [("E", "repeat", "1S")]
    s = replay("E:1S TD P 1S", "N", {"accepted": "no"})                   # repeated: no rectification
    assert s.obligations[0].status == "fulfilled" and "repeat_ok" in s.irregularities[0].notes
    s = replay("E:1S TD P 2S", "N", {"accepted": "no"})                   # not repeated
    assert kinds(s)[-1] == "obligation_breached" and s.irregularities[-1].law == "31A1"


def test_bid_out_of_rotation_at_rho_turn_rho_bids_31A2():
    # 31A2(a): the offender repeats the denomination: partner passes at his next turn
    s = replay("E:1S TD 1H 2S", "N", {"accepted": "no"})
    assert s.irregularities[0].provisions[-1] == "31A2a"
    assert obligations(s) == [("W", "pass", "next_turn", "31A2a")]
    s = replay("E:1S TD 1H 2S P P", "N", {"accepted": "no"})
    assert s.obligations[0].status == "fulfilled"
    # 31A2(b): another denomination: partner passes for the rest of the auction (+26)
    s = replay("E:1S TD 1H 3C", "N", {"accepted": "no"})
    assert s.irregularities[0].provisions[-1] == "31A2b" and "26" in s.irregularities[0].notes
    assert obligations(s) == [("W", "pass", "rest_of_auction", "31A2b")]
    # before the offender calls, the obligation is undetermined
    s = replay("E:1S TD 1H", "N", {"accepted": "no"})
    assert s.obligations[0].status == "undetermined" and s.obligations[0].pending_fact == "offender_call"
    assert s.irregularities[0].awaiting == "offender_call"
    # 29C: an artificial bid out of rotation: the denomination specified is a fact
    s = replay("E:1S TD 1H 2S", "N", {"accepted": "no", "artificial": "yes"})
    assert s.obligations[0].status == "undetermined" and "repeats_denomination" in s.irregularities[0].facts_needed
    s = replay("E:1S TD 1H 2S", "N", {"accepted": "no", "artificial": "yes", "repeats_denomination": "no"})
    assert obligations(s) == [("W", "pass", "rest_of_auction", "31A2b")]


def test_bid_out_of_rotation_at_partner_turn_31B():
    s = replay("S:1S TD", "N", {"accepted": "no"})
    i = s.irregularities[0]
    assert i.at_turn_of == "partner" and i.provisions == ["29B", "31B"]
    assert obligations(s) == [("N", "pass", "rest_of_auction", "31B")] and s.next == "N"
    s = replay("1H W:1S TD 2H", "N", {"accepted": "no"})                  # E must pass (31B) and bids: Law 37
    assert kinds(s) == ["bid_out_of_rotation", "call_when_required_to_pass"]


def test_bid_out_of_rotation_at_lho_turn_31B():
    # W, not having called, opens at N's (his LHO's) turn: 31B
    s = replay("W:1S TD", "N", {"accepted": "no"})
    i = s.irregularities[0]
    assert i.at_turn_of == "LHO" and not i.change_of_call and i.provisions == ["29B", "31B"]
    assert obligations(s) == [("E", "pass", "rest_of_auction", "31B")]
    # a later bid at LHO's turn by a player who has called: a change of call (31B, Law 25)
    s = replay("1S P P 2H W:3H N:P", "N")
    i = s.irregularities[0]
    assert i.change_of_call and i.provisions == ["31B", "25B1"] and s.calls[3].status == "replaced"


def test_partner_calls_at_his_turn_after_a_call_out_of_rotation():
    # S bids at N's turn; N (S's partner, whose turn it was) calls before the director: the call out
    # of rotation is cancelled (29B: the LHO did not call) and 31B binds N
    s = replay("S:1S N:1H", "N")
    assert kinds(s) == ["bid_out_of_rotation", "call_when_required_to_pass"]
    assert s.irregularities[0].provisions == ["29B", "31B"] and not s.irregularities[0].td_called


# -- double or redouble out of rotation: Law 32 -----------------------------------------------------
def test_double_out_of_rotation_at_partner_turn_32A():
    s = replay("1S W:X TD", "N", {"accepted": "no"})
    i = s.irregularities[0]
    assert (i.kind, i.law, i.at_turn_of) == ("double_out_of_rotation", "32", "partner")
    assert i.provisions == ["29B", "32A"] and "26B" in i.notes
    assert obligations(s) == [("E", "pass", "rest_of_auction", "32A")]


def test_double_out_of_rotation_at_rho_turn_32B():
    # W doubles N's 1H at S's (his RHO's) turn
    s = replay("1H P W:X TD P", "N", {"accepted": "no"})                  # 32B1: S passes, W must repeat the double
    assert s.irregularities[0].provisions == ["29B", "32B", "32B1"]
    assert [(o.seat, o.must, o.call) for o in s.in_force] == [("W", "repeat", "X")]
    s = replay("1H P W:X TD P X", "N", {"accepted": "no"})
    assert s.obligations[0].status == "fulfilled" and len(s.irregularities) == 1
    s = replay("1H P W:X TD 2H", "N", {"accepted": "no"})                 # 32B2: S bids, partner passes for the rest
    assert s.irregularities[0].provisions[-1] == "32B2"
    assert obligations(s) == [("E", "pass", "rest_of_auction", "32B2")]


def test_redouble_out_of_rotation_is_double_out_of_rotation():
    s = replay("1S X W:XX", "N")                      # W redoubles his partner's double: 36, not 32
    assert kinds(s) == ["inadmissible_double"]
    s = replay("1S X N:XX", "N")                      # N redoubles E's double at S's (partner's) turn
    assert kinds(s) == ["double_out_of_rotation"] and s.irregularities[0].at_turn_of == "partner"


def test_double_out_of_rotation_accepted_29A():
    s = replay("1H P W:X N:P", "N")
    assert s.irregularities[0].accepted and s.irregularities[0].skipped == ["S"]
    assert s.calls[2].status == "accepted_irregular"


# -- Law 28A and Law 37 -------------------------------------------------------------------------------
def test_call_at_rho_turn_when_rho_must_pass_is_in_rotation_28A():
    # N must pass for the rest of the auction (31B); E calls at N's turn: deemed in rotation
    s = replay("S:1S TD E:P", "N")
    assert len(s.irregularities) == 1 and s.calls[1].in_rotation and "28A" in s.calls[1].notes
    assert s.next == "S"


def test_call_when_required_to_pass_37B():
    # 37B1 cancelled; 37B2 replaced by pass, both offenders pass for the rest of the auction
    s = replay("1H W:1S TD 2H TD", "N", {"accepted": "no"})
    i = s.irregularities[1]
    assert (i.kind, i.offender, i.provisions) == ("call_when_required_to_pass", "E", ["37B1", "37B2"])
    assert s.calls[2].status == "replaced" and s.calls[3].synthetic and str(s.calls[3].call) == "P"
    assert ("E", "pass", "rest_of_auction", "37B2") in obligations(s)
    assert ("W", "pass", "rest_of_auction", "37B2") in obligations(s)
    assert s.next == "S"


def test_call_when_required_to_pass_lho_calls_37A():
    # 37A: the LHO calls before rectification: the calls stand; the rest-of-auction obligation stays
    s = replay("1H W:1S TD 2H P", "N", {"accepted": "no"})
    i = s.irregularities[1]
    assert i.provisions == ["37A"] and i.accepted and i.resolution == "valid" and "no_26" in i.notes
    assert s.calls[2].status == "accepted_irregular"
    assert ("E", "pass", "rest_of_auction", "31B") in obligations(s)


def test_inadmissible_double_by_a_player_required_to_pass_is_36_not_37():
    # 37A excludes actions contrary to 19A1/19B1: Law 36
    s = replay("1H W:1S TD X", "N", {"accepted": "no"})                   # E, required to pass (31B), doubles N's 1H: 37
    assert kinds(s)[-1] == "call_when_required_to_pass"
    s = replay("1H W:1S TD XX", "N", {"accepted": "no"})                  # E redoubles, with no double to redouble: 36
    assert kinds(s)[-1] == "inadmissible_double"


# -- Law 38 and Law 39 ----------------------------------------------------------------------------------
def test_bid_above_seven_38():
    s = replay("1S P 8S TD", "N")
    i = s.irregularities[0]
    assert (i.kind, i.law, i.provisions) == ("bid_above_seven", "38", ["38B", "38C"])
    assert s.calls[2].status == "replaced" and s.calls[3].synthetic
    assert obligations(s) == [("S", "pass", "rest_of_auction", "38C"), ("N", "pass", "rest_of_auction", "38C")]
    # 38C: the pass that replaces it may end the auction
    s = replay("1S P P 8S TD", "N")
    assert s.complete and str(s.contract) == "1S"


def test_bid_above_seven_lho_called_38B_38D():
    s = replay("1S P 8S P", "N")
    assert s.irregularities[0].provisions == ["38D"] and s.irregularities[0].awaiting == "director"
    s = replay("1S P 8S P TD", "N")       # 38B: cancelled with every later call; 38D: no 23/26
    i = s.irregularities[0]
    assert i.cancelled == [2, 3] and "no_23_26" in i.notes and s.next == "W"
    assert [c.status for c in s.calls] == ["legal", "legal", "replaced", "cancelled", "legal"]


def test_call_after_final_pass_39():
    s = replay("1S P P P 2H", "N")        # by the declarer: 39A cancelled, 39B no more rectification
    i = s.irregularities[0]
    assert (i.kind, i.law, i.provisions) == ("call_after_final_pass", "39", ["39A", "39B"])
    assert s.complete and str(s.contract) == "1S" and s.calls[4].status == "cancelled"
    s = replay("1S P P P E:X", "N")       # 39C: a double by a defender, the LHO not having called
    assert s.irregularities[0].provisions == ["39A", "39C"] and "26" in s.irregularities[0].notes
    s = replay("1S P P P E:X S:P", "N")   # E's LHO calls: 39B
    assert s.irregularities[0].provisions == ["39A", "39B"] and s.irregularities[0].lho_called
    s = replay("1S P P P E:P", "N")       # a defender's pass: 39B
    assert s.irregularities[0].provisions == ["39A", "39B"]
    s = replay("P P P P 1S", "N")         # passed out: 39A
    assert s.irregularities[0].provisions == ["39A"] and s.passed_out


# -- record notation: ^S and PBN ---------------------------------------------------------------------
def test_skip_marks_pbn_3_9():
    # PBN 2.1, 3.9 examples with West dealer
    s = replay("^S 1D P", "W")           # North opens at West's turn, East accepts
    i = s.irregularities[0]
    assert (i.offender, i.at_turn_of, i.accepted) == ("N", "RHO", True)
    s = replay("1D ^S 2D P", "W")        # East bids at North's turn
    assert (s.irregularities[0].offender, s.irregularities[0].at_turn_of) == ("E", "RHO")
    s = replay("1D ^S ^S 2D P", "W")     # South bids at North's turn (his partner's)
    assert (s.irregularities[0].offender, s.irregularities[0].at_turn_of) == ("S", "partner")
    s = replay("1D ^S ^I 1C P", "W")     # East bids 1C, insufficient and out of rotation
    i = s.irregularities[0]
    assert (i.kind, i.offender, i.insufficient, i.accepted) == ("bid_out_of_rotation", "E", True, True)


# -- the state -----------------------------------------------------------------------------------------
def test_to_dict_is_json_and_complete():
    s = replay("1H 1D TD 3D", "N", {"accepted": "no", "same_meaning": "no"})
    d = json.loads(json.dumps(s.to_dict()))
    assert set(d) >= {"complete", "passed_out", "contract", "declarer", "next", "irregularities", "calls",
                      "obligations", "dealer"}
    i = d["irregularities"][0]
    assert set(i) >= {"kind", "offender", "index", "law", "provisions", "turn", "at_turn_of", "bid_before",
                      "accepted", "td_called", "cancelled", "facts_needed", "notes", "facts"}
    assert d["obligations"][0] == {"seat": "W", "must": "pass", "scope": "rest_of_auction", "law": "27B2",
                                   "irregularity": 0, "since": 2, "status": "in_force", "call": None,
                                   "pending_fact": None, "consumed_by": None}


def test_replay_is_pure():
    a = replay("E:1S TD 1H 3C", "N").to_dict()
    b = replay("E:1S TD 1H 3C", "N").to_dict()
    assert a == b
    rec = A.parse_record("E:1S TD 1H 3C")
    assert replay(rec, "N").to_dict() == a and replay(list(rec), "N").to_dict() == a


def test_every_provision_the_model_cites_is_in_the_corpus(corpus):
    from laws.keys import parse_key

    records = ["1H 1D 2D", "1H 1D TD 2D", "1H 1D TD X 2D", "1H 1D TD 1C TD 2D", "1H 1D E:3D", "E:1S N:1H",
               "E:1S S:P", "E:1S TD P 1S", "E:1S TD 1H 2S", "E:1S TD 1H 3C", "S:1S TD", "W:1S TD",
               "E:P TD P", "1S S:P TD", "1S W:P TD", "1S P P 2H W:P N:P", "1S P P 2H W:P TD", "1S P P N:P",
               "1S W:P N:P P", "1S W:X TD", "1H P W:X TD P", "1H P W:X TD 2H", "1S P X TD", "1S P X P TD",
               "1H S:X TD", "1H W:1S TD 2H TD", "1H W:1S TD 2H P", "1S P 8S TD", "1S P 8S P TD",
               "1S P P P 2H", "1S P P P E:X", "1S W:P TD X TD", "S:1S TD E:P"]
    # the LHO's option as the director finds it when called first (asked: 27A1, 29A, 25B1), then declined
    facts = [None] + [{"accepted": "no", **f} for f in ({}, {"artificial": "no"}, {"same_meaning": "yes"},
                                                         {"same_meaning": "no"}, {"unintended": "yes"},
                                                         {"unintended": "no", "artificial": "no"})]
    seen = set()
    for r in records:
        for f in facts:
            s = replay(r, "N", f)
            for i in s.irregularities:
                seen.update(i.provisions + [i.law])
                seen.update(n for n in i.notes if n[0].isdigit())
            seen.update(o.law for o in s.obligations)
            seen.update(c.law for c in s.calls if c.law)
    assert {"27A1", "27B1a", "27B2", "27B3", "27B4", "27C", "28B", "29A", "29B", "30A", "30B1", "30B2a", "30B2b",
            "30B3", "31A1", "31A2a", "31A2b", "31B", "32A", "32B1", "32B2", "36A", "36B2", "36B4", "37A", "37B2",
            "38C", "39B", "39C", "17E2", "25B1", "25B2", "25A1", "28A"} <= seen
    missing = [k for k in seen if not corpus.has(parse_key(k))]
    assert not missing, missing


def test_labels_cover_every_key():
    assert set(A.KIND_LABELS) == set(A.KINDS)
    s = replay("1H W:1S TD 2H P 3H P P P 4H", "N")
    for i in s.irregularities:
        assert i.resolution in A.RESOLUTION_LABELS and all(n in A.NOTE_LABELS for n in i.notes)


# -- the command -------------------------------------------------------------------------------------------
def test_cli_json(run_cli):
    code, out, err = run_cli("auction", "--dealer", "N", "1S P 2S P 4S P P P", "--json")
    assert code == 0, err
    d = json.loads(out)
    assert (d["complete"], d["passed_out"], d["contract"], d["declarer"], d["next"]) == (True, False, "4S", "N", None)
    assert d["irregularities"] == [] and len(d["calls"]) == 8 and d["obligations"] == []


def test_cli_irregularities_json(run_cli):
    code, out, _ = run_cli("auction", "--dealer", "N", "1H", "1D", "TD", "3D", "--fact", "same_meaning=no", "--json", "--fact", "accepted=no")
    d = json.loads(out)
    i = d["irregularities"][0]
    assert (i["kind"], i["offender"], i["index"], i["law"]) == ("insufficient_bid", "E", 1, "27")
    assert d["obligations"][0]["law"] == "27B2" and d["next"] == "S" and d["contract"] is None
    # a fact for one call only: N:KEY=VALUE with the call number as the text shows it
    code, out, _ = run_cli("auction", "--dealer", "N", "1H 1D TD 3D", "--fact", "2:same_meaning=no", "--json", "--fact", "accepted=no")
    assert json.loads(out)["obligations"][0]["status"] == "in_force"


def test_cli_text_translated(run_cli):
    code, out, _ = run_cli("auction", "--dealer", "N", "1H 1D 2D P P P")
    assert code == 0 and "Contract: 2♦ by South." in out and "insufficient bid" in out and "27A1" in out
    code, out, _ = run_cli("auction", "--dealer", "N", "1H 1D 2D P P P", "--lang", "es")
    assert "Contrato: 2♦ por Sur." in out and "declaración insuficiente" in out and "Paso" in out
    code, out, _ = run_cli("auction", "--dealer", "N", "1H W:1S TD 2H", "--lang", "nl", "--fact", "accepted=no")
    assert "Oost" in out and "(artikel 37)" in out and "wedstrijdleider" in out
    code, out, _ = run_cli("auction", "--dealer", "N", "P P P P", "--lang", "it")
    assert "Passo" in out and "22A1" in out


def test_cli_errors(run_cli):
    code, out, err = run_cli("auction", "--dealer", "N", "1S 1Z")
    assert code == 2 and out == "" and "1Z" in err and "Z" in err and "2" in err
    code, out, err = run_cli("auction", "--dealer", "N", "1S XXX", "--json")
    assert code == 2 and json.loads(err)["token"] == "XXX" and json.loads(err)["position"] == 2
    code, out, err = run_cli("auction", "1S P")
    assert code == 2 and "--dealer" in err
    code, out, err = run_cli("auction", "--dealer", "N")
    assert code == 2
    code, out, err = run_cli("auction", "--dealer", "N", "P", "--fact", "psychic=yes")
    assert code == 2 and "psychic" in err
    code, out, err = run_cli("auction", "--dealer", "N", "P", "--fact", "artificial")
    assert code == 2 and "KEY=VALUE" in err
    code, out, err = run_cli("auction", "--dealer", "N", "1S P 1Z", "--lang", "es")
    assert code == 2 and "1Z" in err and "denominación" in err


# -- properties ------------------------------------------------------------------------------------------
def _random_legal_auction(rng):
    """A legal auction built call by call from Laws 18 and 19 (independently of the replay)."""
    calls, last, since = [], None, []
    while not ((last is not None and since[-3:] == ["P"] * 3) or (last is None and len(calls) == 4)):
        r = rng.random()
        opp_bid = last is not None and since in ([], ["P", "P"])
        doubled = last is not None and since in (["X"], ["X", "P", "P"])
        if r < 0.08 and opp_bid:
            call = "X"
        elif r < 0.12 and doubled:
            call = "XX"
        elif r < 0.55 or last == (7, 4):
            call = "P"
        else:
            lv, d = rng.choice([(lv, d) for lv in range(1, 8) for d in range(5) if last is None or (lv, d) > last][:8])
            call, last, since = f"{lv}{A.DENOMINATIONS[d]}", (lv, d), []
            calls.append(call)
            continue
        calls.append(call)
        since.append(call)
    return calls


def test_random_legal_auctions_have_no_irregularity():
    import random

    rng = random.Random(2007)
    for n in range(400):
        calls = _random_legal_auction(rng)
        dealer = A.SEATS[n % 4]
        s = replay(" ".join(calls), dealer)
        assert not s.irregularities and s.complete, calls
        bids = [c for c in calls if c[0].isdigit()]
        if not bids:
            assert s.passed_out and len(calls) == 4
            continue
        assert str(s.contract).startswith(bids[-1])
        # the declarer named the denomination first for his side (22A2, Law 18)
        seats = [A.SEATS[(A.SEATS.index(dealer) + i) % 4] for i in range(len(calls))]
        last_seat = seats[max(i for i, c in enumerate(calls) if c[0].isdigit())]
        side = (last_seat, A.partner(last_seat))
        denom = bids[-1].lstrip("0123456789")
        first = next(seats[i] for i, c in enumerate(calls) if c[0].isdigit() and c.lstrip("0123456789") == denom
                     and seats[i] in side)
        assert s.declarer == first


def test_error_messages_translate():
    from i18n import translator

    with pytest.raises(AuctionError) as e:
        replay("1S 1Z", "N")
    es = e.value.translate(translator("es"))
    assert "denominación desconocida «Z»" in es and "1Z" in es and "2" in es
    assert e.value.to_dict() == {"message": str(e.value), "position": 2, "token": "1Z"}


def test_pass_out_of_rotation_at_lho_turn_before_any_bid_30A():
    # W (dealer's RHO) passes first, at N's (his LHO's) turn: before any bid 30A applies whatever the turn
    s = replay("W:P TD", "N", {"accepted": "no"})
    i = s.irregularities[0]
    assert (i.at_turn_of, i.bid_before, i.change_of_call, i.provisions) == ("LHO", False, False, ["29B", "30A"])
    assert obligations(s) == [("W", "pass", "next_turn", "30A")] and s.next == "N"


def test_bid_out_of_rotation_at_rho_turn_after_a_bid_31A2a():
    # S bids 2C at E's (his RHO's) turn after N's 1H; E overcalls, S repeats clubs: N passes once (31A2a)
    s = replay("1H S:2C TD 2D 3C P", "N", {"accepted": "no"})
    i = s.irregularities[0]
    assert (i.at_turn_of, i.bid_before) == ("RHO", True)
    assert i.provisions == ["29B", "31A", "31A2", "31A2a"] and i.facts["same_denomination"] == "yes"
    assert [(o.seat, o.law, o.status) for o in s.obligations] == [("N", "31A2a", "in_force")]
    s = replay("1H S:2C TD 2D 3C P P", "N", {"accepted": "no"})
    assert s.obligations[0].status == "fulfilled"
    s = replay("1H S:2C TD 2D 3C P 3H", "N", {"accepted": "no"})      # N bids at the turn he had to pass: Law 37
    assert kinds(s)[-1] == "call_when_required_to_pass" and s.irregularities[-1].offender == "N"


def test_third_player_calls_before_rectification():
    # after E's insufficient bid, W (not the LHO) calls: 27B applies as written (E must replace his
    # bid), and W's call, made at E's turn, is itself out of rotation (at partner's turn)
    s = replay("1H 1D W:1S", "N")
    assert kinds(s) == ["insufficient_bid", "bid_out_of_rotation"]
    assert s.irregularities[0].provisions == ["27B"] and not s.irregularities[0].td_called
    assert s.irregularities[1].at_turn_of == "partner"


def test_an_insufficient_bid_awaiting_its_correction_is_shown_as_to_be_replaced(run_cli):
    # 27B: the insufficient bid is corrected by a substituted call, not simply cancelled
    code, out, _ = run_cli("auction", "--dealer", "N", "1H 1D TD", "--fact", "accepted=no")
    assert code == 0 and "to be replaced (27B)" in out
    code, out, _ = run_cli("--lang", "it", "auction", "--dealer", "N", "1H 1D TD 2D", "--fact", "accepted=no")
    assert "sostituita (27B)" in out and "da sostituire" not in out
