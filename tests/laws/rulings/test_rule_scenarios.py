"""Director's scenarios for the ruling engine, written from the AEB text of Laws 17-39 (2007 Laws).

Each scenario is an auction record (seats N E S W, the dealer given) with the facts a director would
decide; the expected fields are read from the text of the law that governs it, not from the trees.
``asked`` lists the questions the engine may put (none of them answered by the record), in order.
"""
from __future__ import annotations

import pytest

from laws.rulings import trees as R
from laws.rulings.rule import RulingError, rule


# these tests are of the 2007 engine: a ruling asked without an edition follows the 2007 Laws here
pytestmark = pytest.mark.usefixtures("the_2007_engine")

# (dealer, record, facts, expected fields)
SCENARIOS = [
    # Law 27: insufficient bid
    ("N", "1S 1H 2H", {}, dict(law="27A1", offender="E", next="W", cancelled=[])),            # 27A1: LHO calls
    ("N", "1S 1H TD 2H", {"accepted": "no", "artificial": "no"}, dict(law="27B1a", next="S", partner_must_pass="no")),
    ("N", "1S 1H TD 2H", {"accepted": "no", "artificial": "yes", "same_meaning": "yes"}, dict(law="27B1b", partner_must_pass="no")),
    ("N", "1S 1H TD 3H", {"accepted": "no", "same_meaning": "no"}, dict(law="27B2", partner_must_pass="rest_of_auction",
                                                       lead_restrictions=True, law_23=True, next="S")),
    ("N", "1S 1H TD P", {"accepted": "no", "same_meaning": "no"}, dict(law="27B2", partner_must_pass="rest_of_auction")),
    ("N", "1S 1H TD X", {"accepted": "no", "same_meaning": "no"}, dict(law="27B3", next="E", cancelled=["X"],
                                                      partner_must_pass="rest_of_auction")),
    ("N", "1NT P 1S TD X", {"accepted": "no", "same_meaning": "yes"}, dict(law="27B3", next="S")),               # X of partner: 19A1
    ("N", "1NT 1S E:2S", {"accepted": "no", "artificial": "no", "unintended": "no"}, dict(law="27B1a", next="S")),  # 27C, then 27B1(a)
    ("N", "1H 1D TD 1C TD", {"accepted": "no"}, dict(law="27B4", next="E", cancelled=["1C"], partner_must_pass="rest_of_auction")),
    ("N", "1H 1D TD 1C P", {"accepted": "no"}, dict(law="27B4", next="W", partner_must_pass="no")),
    ("N", "1H 1D TD 1C TD 2D", {"accepted": "no"}, dict(law="27B4", next="S", partner_must_pass="rest_of_auction")),
    # Laws 28-31: bid out of rotation
    ("N", "E:1H N:1S", {}, dict(law="28B", next="E", offender="E")),                            # 28B
    ("N", "E:1H S:P", {}, dict(law="29A", next="W")),                                           # 29A
    ("N", "E:1H TD P", {"accepted": "no"}, dict(law="31A1", next="E")),
    ("N", "E:1H TD P 1H", {"accepted": "no"}, dict(law="31A1", next="S", partner_must_pass="no", lead_restrictions=False)),
    ("N", "E:1H TD 1S 2H", {"accepted": "no", "artificial": "no"}, dict(law="31A2a", partner_must_pass="next_turn", law_23=True)),
    ("N", "E:1H TD 1S 1NT", {"accepted": "no", "artificial": "no"}, dict(law="31A2b", partner_must_pass="rest_of_auction", lead_restrictions=True)),
    ("N", "S:1H TD", {"accepted": "no"}, dict(law="31B", next="N", partner_must_pass="rest_of_auction", lead_restrictions=True)),
    ("N", "W:1H TD", {"accepted": "no"}, dict(law="31B", next="N", partner_must_pass="rest_of_auction")),    # LHO's turn, first call
    ("N", "1S P P 2H W:3H TD", {"accepted": "no", "unintended": "no"}, dict(law="25B2", next="N", cancelled=["3H"])),   # 31B ( ) -> 25
    ("N", "1H N:1S E:P", {"unintended": "no"}, dict(law="25B1", irregularity="change_of_call", next="S",
                                                    cancelled=["1H"], lead_restrictions=True)),
    ("N", "1H N:1S TD", {"unintended": "yes", "pause": "no"}, dict(law="25A4", next="E", cancelled=["1H"])),
    ("N", "1H N:1S TD", {"accepted": "no", "unintended": "yes", "pause": "yes"}, dict(law="25B2", next="E", cancelled=["1S"])),
    # Law 30: pass out of rotation
    ("N", "E:P TD", {"accepted": "no", "artificial": "no"}, dict(law="30A", next="N", offender_must_pass="next_turn", law_23=True)),
    ("N", "W:P TD", {"accepted": "no", "artificial": "no"}, dict(law="30A", next="N")),
    ("N", "1C S:P TD", {"accepted": "no", "artificial": "no", "pass_over_artificial": "no"},
     dict(law="30B1", next="E", offender_must_pass="next_turn")),
    ("N", "1C W:P TD", {"accepted": "no", "artificial": "no", "pass_over_artificial": "no"},
     dict(law="30B2a", next="E", offender_must_pass="rest_of_auction", law_23=True)),
    ("N", "1C P P 1H S:P TD", {"accepted": "no", "artificial": "no", "pass_over_artificial": "yes"}, dict(law="31B", next="N")),
    ("N", "1S P P 2H W:P TD", {"accepted": "no", "unintended": "no"}, dict(law="25B2", next="N")),               # 30B3
    ("N", "1S P P N:P", {}, dict(law="17E2", next="W", cancelled=["P"])),                      # 34, 17E2
    # Law 32: double out of rotation
    ("N", "1H W:X TD", {"accepted": "no"}, dict(law="32A", next="E", partner_must_pass="rest_of_auction", lead_restrictions=True)),
    ("N", "1H P W:X TD P", {"accepted": "no"}, dict(law="32B1", next="W", lead_restrictions=False)),
    ("N", "1H P W:X TD 2H", {"accepted": "no"}, dict(law="32B2", next="W", partner_must_pass="rest_of_auction")),
    # Law 36: inadmissible double
    ("N", "1H P X TD", {}, dict(law="36B2", next="S", partner_must_pass="rest_of_auction")),
    ("N", "1H S:X TD", {}, dict(law="36B4", next="E", partner_must_pass="rest_of_auction")),
    ("N", "1H P X W:P", {}, dict(law="36A", cancelled=["X", "P"], next="S")),
    ("N", "1H W:1S TD XX", {"accepted": "no"}, dict(law="36B2", offender="E", offender_must_pass="rest_of_auction",
                                    partner_must_pass="rest_of_auction")),                   # 31B kept
    # Law 37: call by a player required to pass
    ("N", "1H W:1S TD 2H TD", {"accepted": "no"}, dict(law="37B2", next="S", offender_must_pass="rest_of_auction",
                                       partner_must_pass="rest_of_auction")),
    ("N", "1H W:1S TD 2H P", {"accepted": "no"}, dict(law="37A", offender_must_pass="rest_of_auction", lead_restrictions=False)),
    ("N", "1H P N:2H TD S:P W:2C N:P E:P S:2H TD", {},
     dict(law="37B2", next=None, complete=True, contract="2C", declarer="W")),              # the pass ends it
    # Law 38: bid above seven
    ("N", "1S P 8S TD", {}, dict(law="38C", next="W", offender_must_pass="rest_of_auction")),
    ("N", "7NT P P 8C TD", {}, dict(law="38C", next=None, complete=True, contract="7NT", declarer="N")),
    ("N", "1S P 8S P", {}, dict(law="38D", lead_restrictions=False, law_23=False)),
    # Law 39: call after the final pass
    ("N", "1S P P P E:2H TD", {}, dict(law="39C", lead_restrictions=True, next=None, contract="1S")),
    ("N", "1S P P P S:2S TD", {}, dict(law="39B", lead_restrictions=False)),
    ("N", "1S P P P E:P TD", {}, dict(law="39B")),
    ("N", "P P P P E:1S TD", {}, dict(law="39A", lead_restrictions=False, next=None)),          # 22A1: nobody defends
    ("N", "1H P P P W:2C TD", {"unintended": "yes", "pause": "no"},
     dict(law="25A4", irregularity="change_of_call", next="N", cancelled=["P"], complete=False)),  # 25A3
    ("N", "1H P P P W:2C TD", {"unintended": "no"}, dict(law="39C", next=None, contract="1H", declarer="N")),
    ("N", "P P P P W:1S TD", {"unintended": "yes", "pause": "no"}, dict(law="25A4", next="N")),   # 22A1: see 25
]


@pytest.mark.parametrize("dealer,record,facts,expected", SCENARIOS)
def test_scenario(dealer, record, facts, expected):
    d = rule(dealer, record, facts)
    assert d["status"] == "ruling", (d.get("fact"), d["trail"])
    for k, v in expected.items():
        assert d[k] == v, (k, d[k], v, d["trail"])
    assert d["law"] in d["trail"] and d["laws_edition"] == "2007"
    if d["lead_restrictions"]:
        assert d["law_26_condition"].startswith("Law 26 applies only if")


# (dealer, record, the questions asked one after the other, with the answers given)
QUESTIONS = [
    ("N", "1H N:1S", [("unintended", "no"), ("accepted", "no")]),            # 25: not partner_called, auction_ended
    ("N", "1H N:1S TD", [("unintended", "yes"), ("pause", "no")]),
    ("N", "1H 1D TD 2D", [("accepted", "no"), ("artificial", "no")]),        # the LHO's option first; then the
                                                                             # replacement read off the record
    ("N", "1H 1D TD 1C TD", [("accepted", "no")]),                           # 27B4: the option only
    ("N", "E:1H TD P", [("accepted", "no")]),
    ("N", "1C S:P TD", [("accepted", "no"), ("artificial", "no"), ("pass_over_artificial", "no")]),  # 30C's two cases, the partner bid
    ("N", "E:P TD", [("accepted", "no"), ("artificial", "no")]),                                 # partner has not called: 30C answered
    ("N", "P P P P E:1S TD", []),                                            # 22A1: who defends is not asked
    ("N", "1S P P P W:X TD", [("unintended", "no")]),
]


@pytest.mark.parametrize("dealer,record,steps", QUESTIONS)
def test_only_what_the_record_does_not_show_is_asked(dealer, record, steps):
    facts: dict = {}
    for fact, answer in steps:
        d = rule(dealer, record, facts)
        assert d["status"] == "needs" and d["fact"] == fact, (d.get("fact"), fact)
        assert fact not in d["facts_from_record"]
        facts[fact] = answer
    assert rule(dealer, record, facts)["status"] == "ruling"


def test_27B4_reports_the_bid_before_it():
    d = rule("N", "1H 1D TD 1C TD", {"accepted": "no"})
    assert d["facts_from_record"]["any_bid"] == "yes" and d["law"] == "27B4"


def test_law_33_derives_the_turn_and_refuses_a_contradiction():
    d = rule(None, None, {"simultaneous_with": "lho", "call_kind": "bid", "accepted": "no"}, "simultaneous_call")
    assert d["law"] == "31B" and d["facts_used"]["turn_of"] == "partner"
    with pytest.raises(RulingError, match="turn_of"):
        rule(None, None, {"simultaneous_with": "lho", "turn_of": "rho", "call_kind": "bid"}, "simultaneous_call")


def test_every_ruling_names_its_edition_and_the_trees_follow_a_publication():
    for ed, reg in R.all_trees().items():
        for t in reg.values():
            assert t.edition == ed and t.file.endswith(f"/{ed}/{t.id}.yaml"), t.id
    assert rule(None, None, {"player_on_offending_side": "no"}, "withdrawn_action_information",
                "2017")["laws_edition"] == "2017"


@pytest.mark.parametrize("record", ["1" + "9" * 5000 + "S", "1S " + "7" * 4400 + "NT"])
def test_a_level_of_thousands_of_digits_is_a_clear_error(record):
    from laws.rulings.auction import AuctionError

    with pytest.raises(AuctionError, match="digits is not a bid"):
        rule("N", record, {})


def test_rule_reads_a_latin1_pbn_file(run_cli, tmp_path):
    f = tmp_path / "board.pbn"
    f.write_bytes('[Event "Torneo de Campeón"]\n[Dealer "N"]\n[Auction "N"]\n1S 1H 2H\n'.encode("latin-1"))
    code, out, err = run_cli("rule", "--pbn", f, "--json")
    assert code == 0, err
    import json

    assert json.loads(out)["games"][0]["rulings"][0]["ruling"]["law"] == "27A1"   # every irregular call (issue 27)


def test_cli_fact_with_a_huge_call_number_is_a_clear_error(run_cli):
    code, out, err = run_cli("auction", "--dealer", "N", "1H 1D TD 2D", "--fact", "9" * 5000 + ":artificial=no")
    assert code == 2 and "Traceback" not in err


@pytest.mark.parametrize("tree,facts,law", [
    ("insufficient_bid", {"accepted": "no", "in_rotation": "yes", "premature": "no", "replacement": "double",
                          "same_meaning": "no"}, "27B3"),
    ("call_after_final_pass", {"accepted": "no", "by_defender": "yes", "call_kind": "bid"}, "39C"),
    ("bid_above_seven", {"accepted": "no"}, "38C"),
    ("change_of_call", {"unintended": "no", "accepted": "no"}, "25B2"),
    ("pass_out_of_rotation", {"ends_auction": "no", "turn_of": "rho", "rho_must_pass": "no", "turn_player_called": "no",
                              "accepted": "no", "artificial": "no", "pass_over_artificial": "no", "any_bid": "yes"},
     "30B1"),
])
def test_walks_without_a_record_ask_nothing_only_a_record_shows(tree, facts, law):
    """A fact only a record gives (a change after the final pass, a passed-out auction, a double Law 19 forbids,
    a bid above seven out of rotation) takes its usual value in a walk from facts alone: never asked."""
    d = rule(None, None, facts, tree)
    assert d["status"] == "ruling" and d["law"] == law
