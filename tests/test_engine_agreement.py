"""``rule`` and ``auction`` cannot disagree: a property over random auction records.

Records are built from legal calls with irregular ones mixed in (seat prefixes for calls out of
rotation, insufficient bids, inadmissible doubles, bids above seven, calls after the final pass,
changes of call) and ``TD`` markers. For every record the ruling (``laws.rulings.rule.rule``) and
the replay (``laws.rulings.auction.replay``, what ``rulebook auction`` prints) must agree on every
call's status, the obligations, ``next``, the contract and the declarer; the ruling's own fields
(who calls next by law, who must pass, what is cancelled) must be what the replay applied; and a
question is never one the record answers.

The CI profile runs a few hundred examples; ``benchmarks/bench_engine.py`` runs thousands.
"""
from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from laws.rulings import auction as A
from laws.rulings import trees as R
from laws.rulings.rule import rule


# these tests are of the 2007 engine: a ruling asked without an edition follows the 2007 Laws here
pytestmark = pytest.mark.usefixtures("the_2007_engine")

SEATS = A.SEATS
LEGAL_ISH = ["P", "P", "P", "P", "1C", "1D", "1H", "1S", "1NT", "2C", "2H", "2S", "3NT", "4H", "4S", "X", "XX"]
ODD = ["8C", "7NT", "1C", "1D", "P", "X", "XX", "2C"]
RANK = {"no": 0, "next_turn": 1, "rest_of_auction": 2}
MAX_IRREGULARITIES = int(os.environ.get("ENGINE_MAX_IRREGULARITIES", "6"))


@st.composite
def records(draw):
    dealer = draw(st.sampled_from(SEATS))
    toks = []
    for _ in range(draw(st.integers(1, 10))):
        kind = draw(st.integers(0, 9))
        if kind <= 5:
            toks.append(draw(st.sampled_from(LEGAL_ISH)))
        elif kind == 6:
            toks.append(draw(st.sampled_from(SEATS)) + ":" + draw(st.sampled_from(LEGAL_ISH)))
        elif kind == 7:
            toks.append(draw(st.sampled_from(ODD)))
        elif kind == 8:
            toks.append("TD")
        else:
            toks.append("AP")
    facts = {k: draw(st.sampled_from(["yes", "no"])) for k in ("artificial", "same_meaning", "unintended", "pause")}
    return dealer, " ".join(toks), facts


def _statuses(d):
    return [(c["seat"], c["call"], c["status"]) for c in d["calls"]]


def check_agreement(dealer: str, record: str, facts: dict) -> None:
    try:
        state = A.replay(record, dealer, facts)
    except A.AuctionError:
        return                                   # a record that contradicts itself: both refuse it
    irrs = state.irregularities
    if not irrs:
        d = rule(dealer, record, facts)
        assert d["status"] == "no_irregularity" and d["next"] == state.next
        return
    if len(irrs) > MAX_IRREGULARITIES:
        return                    # a bound on the size of the example, not on its kind (piled irregularities included)
    d = rule(dealer, record, facts)
    # the auction the ruling reports is the replay of the record as given: what `rulebook auction` prints for it,
    # `next` included (a record that stops at an irregularity nobody has dealt with: the offender's LHO, who may
    # still call over it, with `awaiting` saying so)
    sd = state.to_dict()
    if d["awaiting"] == "director":           # 36A, 38D: next, contract, declarer as the director's ruling leaves them
        assert sd["after_director"]["next"] == sd["next"] == d["next"] == d["next_after_ruling"]
        assert sd["recorded"] is not None
    assert _statuses(d["auction"]) == _statuses(sd)
    assert d["auction"]["obligations"] == sd["obligations"]
    assert (d["next"], d["contract"], d["declarer"], d["complete"]) == \
        (sd["next"], sd["contract"], sd["declarer"], sd["complete"])
    assert d["awaiting"] == (A.replay(record, dealer, facts).irregularities[-1].awaiting if d["td_assumed"] else None)
    # the ruling itself is the director's, called now: the auction after it is the record with TD added
    replayed = A.replay(record + " TD", dealer, facts) if d["td_assumed"] else state
    rd = replayed.to_dict()
    after = d["after_ruling"] or d
    assert _statuses(after["auction"]) == _statuses(rd)
    assert after["auction"]["obligations"] == rd["obligations"]
    assert (after["next"], after["contract"], after["declarer"], after["complete"]) == \
        (rd["next"], rd["contract"], rd["declarer"], rd["complete"])
    assert d["next_after_ruling"] == rd["next"]
    if d["status"] == "needs":
        assert d["fact"] not in d["facts_from_record"], (record, d["fact"])
        return
    if d.get("tree") is None:                    # obligation_breached: no tree of its own
        return
    n = R.trees()[d["tree"]].nodes[d["node"]]
    node = n.ruling if n.ruling is not None else n.effect    # effect: the ruling while the RHO's call is awaited
    irr_no = next(k for k, i in enumerate(rd["irregularities"]) if i["index"] == d["call"]["index"])
    later = any(c["index"] > d["call"]["index"] and not c["synthetic"] for c in rd["calls"])
    # the ruling's own next, unless the auction it leaves is then reverted by Law 17E2 (a ruling of its own)
    reverted_after = any(i["resolution"] == "reverted" and max(i["cancelled"], default=-1) > d["call"]["index"]
                         for i in rd["irregularities"])
    if not later and not rd["complete"] and not reverted_after:
        assert d["next_seat_by_law"] == d["next_after_ruling"], (record, d["tree"], d["node"])
    made = [o for o in rd["obligations"] if o["irregularity"] == irr_no and o["must"] == "pass"
            and o["status"] in ("in_force", "fulfilled", "breached")]
    for field, seat in (("offender_must_pass", d["offender"]), ("partner_must_pass", A.partner(d["offender"]))):
        scope = max((o["scope"] for o in made if o["seat"] == seat), key=RANK.get, default="no")
        law = node.get(field, "no")
        if node.get("cancelled") == "none" and scope == "no":
            # the call stands and the ruling restates an obligation already in force (37A): none is made anew
            assert _in_force_before(rd, seat, law, d["call"]["index"]), (record, facts, d["node"], field, law)
        else:
            assert law == scope, (record, facts, d["tree"], d["node"], field, law, scope)
    for c in d["cancelled_calls"]:
        assert rd["calls"][c["index"]]["status"] in ("cancelled", "replaced"), (record, c)
    # the replay applied this very ruling: the provisions it records are the ones the tree's ruling applies
    applied = rd["irregularities"][irr_no]["provisions"]
    for key in node.get("applies", []):
        assert key in applied, (record, facts, d["tree"], d["node"], key, applied)
    assert d["law"] in applied, (record, facts, d["law"], applied)


def _in_force_before(rd: dict, seat: str, scope: str, index: int) -> bool:
    """Whether an obligation at least as strong as ``scope`` bound ``seat`` before call ``index``."""
    if scope == "no":
        return True
    return any(o["seat"] == seat and o["must"] == "pass" and RANK[o["scope"]] >= RANK[scope]
               and rd["irregularities"][o["irregularity"]]["index"] < index for o in rd["obligations"])


PROFILE = settings(max_examples=int(os.environ.get("ENGINE_EXAMPLES", "300")), deadline=None,
                   suppress_health_check=[HealthCheck.too_slow])


@PROFILE
@given(records())
def test_rule_and_auction_agree(rec):
    check_agreement(*rec)


def test_agreement_on_the_issue_records():
    for dealer, record, facts in [
        ("N", "7NT P P 8C TD", {}), ("N", "1H W:1S TD 2H TD", {}), ("N", "1H 1D TD 1C TD", {}),
        ("N", "1H N:1S E:P", {"unintended": "no"}), ("N", "1H P P P W:2C TD", {"unintended": "yes", "pause": "no"}),
        ("N", "1H W:1S TD XX", {}), ("N", "P P P P E:1S TD", {}), ("N", "1H P W:X TD P X", {}),
        ("N", "7NT P P 8C", {}), ("N", "1H 1D", {}), ("N", "1H N:1S", {"unintended": "no"}),
        ("N", "1H S:P TD 1S S:2C", {"artificial": "yes"}), ("N", "E:P TD 1H S:2H TD", {}),
        ("N", "1H 1S N:2H TD", {"unintended": "yes", "pause": "no"}), ("N", "P P E:P TD", {"artificial": "no"}),
        ("S", "1H 1NT S:X", {"artificial": "yes", "unintended": "yes", "pause": "no"}),
    ]:
        check_agreement(dealer, record, facts)


def test_rule_and_auction_agree_on_next_for_a_record_that_stops_at_an_irregularity():
    """Nobody has dealt with 8C yet: both say North (the offender's LHO) may call over it or the director be
    called; after the director's ruling (38C, the pass substituted) the auction is over: 7NT by North."""
    state = A.replay("7NT P P 8C", "N")
    d = rule("N", "7NT P P 8C")
    assert d["next"] == state.next == "N" and d["awaiting"] == "lho_or_director" and d["contract"] is None
    assert d["next_after_ruling"] is None and d["after_ruling"]["contract"] == "7NT"
    assert d["after_ruling"]["declarer"] == "N" and d["after_ruling"]["complete"] is True
