#!/usr/bin/env python3
"""Generate scenarios.yaml: ruling scenarios for the 2017 Laws of Duplicate Bridge (auction period).

Written by a tournament director from the 2017 text (see README.md for the sources per law), never from the
engine. Every scenario is written here with North dealing; three of every four are then turned by one to three
seats (dealer, seat prefixes of the record, expected seats, the {N}/{E}/{S}/{W} marks of the note), so that
every seat deals. A scenario that says how the auction stands after the rectification (`settled`: the legal
calls in rotation from the dealer, a pass the law deems made written as P) is checked here by an independent
count: whose turn it is, whether the auction has ended, the contract and the declarer must agree with `expect`.

    python3 gen.py            # writes scenarios.yaml next to this file and prints the counts per law
"""
from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
SEATS = "NESW"
NO_IRR = "no_irregularity"
REST, NEXT = "rest_of_auction", "next_turn"
OUT: list[dict] = []
# findings for an insufficient bid that is natural: replaced by the lowest bid in its strain, or by another call
LOWEST = {"artificial": "no", "same_denomination": "yes"}
OTHER = {"artificial": "no", "same_denomination": "no", "comparable": "no"}
# an artificial insufficient bid replaced by a call of another strain that the director finds comparable
ART_COMPARABLE = {"artificial": "yes", "same_denomination": "no", "comparable": "yes"}


def R(id, basis, note, auction, facts=None, settled=None, turn=True, debatable=None, prior=None, **expect):
    """One scenario, North dealing. prior: how the 2007 Laws rule the same record (a difference worth testing)."""
    sc = {"id": id, "law_basis": basis, "note": note, "dealer": "N", "auction": auction,
          "facts": dict(facts or {}), "expect": expect}
    if settled is not None:
        sc["settled"] = settled
    if prior:
        sc["prior_edition"] = prior
    if debatable:
        sc["debatable"] = True
        sc["why_debatable"] = debatable
    sc["_turn"] = turn
    OUT.append(sc)


# ----------------------------------------------------------------------------------------------------------
# Law 22: the end of the auction (no irregularity)
R("22B-passed-out", "22B", "four passes: no contract, no redeal", "P P P P", settled="P P P P",
  status=NO_IRR, next=None, contract=None, passed_out=True)
R("22-three-passes-only", "22B", "three passes: the fourth player ({W}) still calls", "P P P", settled="P P P",
  status=NO_IRR, next="W", contract=None)
R("22A-game", "22A", "three passes after the last bid: 4S by the opener", "1S P 2S P 4S P P P",
  settled="1S P 2S P 4S P P P", status=NO_IRR, next=None, contract="4S", declarer="N")
R("22A-first-to-name", "22A", "the declarer is the partner who first named the strain ({S} named hearts)",
  "1C P 1H P 2H P P P", settled="1C P 1H P 2H P P P", status=NO_IRR, contract="2H", declarer="S")
R("22A-redoubled", "22A", "the contract carries the redouble", "1H X XX P P P", settled="1H X XX P P P",
  status=NO_IRR, contract="1HXX", declarer="N")
R("22A-second-seat", "22A", "a pass, then an opening: not a pass-out", "P 1H P P P", settled="P 1H P P P",
  status=NO_IRR, contract="1H", declarer="E")

# ----------------------------------------------------------------------------------------------------------
# Law 27: insufficient bid (23 for the comparable call, 26 for the lead restrictions)
R("27A1-lho-bids-over", "27A1", "the LHO ({S}) bids over {E}'s insufficient 1D: accepted, no question to ask",
  "1H 1D 2D", settled="1H 1D! 2D", law="27A1", offender="E", next="W",
  partner_must_pass="no", offender_must_pass="no", lead_restrictions=False)
R("27A1-lho-passes", "27A1", "a pass by the LHO is a call: it accepts the insufficient bid", "1S 1H P",
  settled="1S 1H! P", law="27A1", offender="E", next="W", partner_must_pass="no", lead_restrictions=False)
R("27A1-lho-doubles", "27A1", "a double by the LHO accepts the insufficient bid (and doubles it)", "1NT 1S X",
  settled="1NT 1S! X", law="27A1", offender="E", next="W", partner_must_pass="no")
R("27A1-accepted-becomes-contract", "27A1",
  "accepted, the insufficient 1H is treated as legal; three passes follow it, so it is the contract",
  "1S 1H P P P", settled="1S 1H! P P P", law="27A1", offender="E", next=None, contract="1H", declarer="E",
  lead_restrictions=False)
R("27A1-asked-accepts", "27A1", "director called at once: the LHO is offered the option first and accepts",
  "1H 1D TD", facts={"accepted": "yes"}, settled="1H 1D!", law="27A1", offender="E", next="S",
  partner_must_pass="no", offender_must_pass="no", lead_restrictions=False)
R("27B-asked-refuses", "27B",
  "the LHO declines: the insufficient bid must be replaced by a legal call, the offender ({E}) calls again",
  "1H 1D TD", facts={"accepted": "no"}, settled="1H", law="27B", offender="E", next="E")
R("27A1-lho-calls-after-td", "27A1",
  "after the director explains the options, the LHO ({S}) calls: he has accepted; nothing to ask",
  "1S 1H TD S:P", settled="1S 1H! P", law="27A1", offender="E", next="W", partner_must_pass="no")
R("27B1a-natural-lowest", "27B1a", "natural 1D replaced by 2D, the lowest bid in the same strain",
  "1H 1D TD E:2D", facts=LOWEST, settled="1H 2D", law="27B1a", offender="E", next="S",
  partner_must_pass="no", offender_must_pass="no", lead_restrictions=False)
R("27B1a-later-round", "27B1a", "later in the auction: {W}'s natural 1D over 1H corrected to 2D",
  "1C P 1H 1D TD W:2D", facts=LOWEST, settled="1C P 1H 2D", law="27B1a", offender="W",
  next="N", partner_must_pass="no", lead_restrictions=False)
R("27B1a-notrump", "27B1a", "natural 1NT over 2H corrected to 2NT", "2H 1NT TD E:2NT", facts=LOWEST,
  settled="2H 2NT", law="27B1a", offender="E", next="S", partner_must_pass="no")
R("27B1a-over-1NT", "27B1a", "natural 1S over 1NT corrected to 2S", "1NT 1S TD E:2S", facts=LOWEST,
  settled="1NT 2S", law="27B1a", offender="E", next="S", partner_must_pass="no")
R("27B1a-offender-defends", "26A",
  "corrected to the lowest bid in the suit; the offender then defends 4S: no lead restriction (26B excluded)",
  "1S 1H TD E:2H 4S P P P", facts=LOWEST, settled="1S 2H 4S P P P", law="27B1a", offender="E",
  contract="4S", declarer="N", next=None, lead_restrictions=False)
R("27B1a-offender-declares", "27B1a", "corrected 2D is passed out: the offender declares", "1H 1D TD E:2D P P P",
  facts=LOWEST, settled="1H 2D P P P", law="27B1a", offender="E", contract="2D", declarer="E",
  lead_restrictions=False)
R("27B1a-artificial-same-strain", "27B1a",
  "{S}'s 2D (a transfer to hearts) is insufficient over the 2S overcall; in their methods over it 2NT and 3C "
  "show the minors and 3D shows hearts: 3D is the lowest sufficient bid showing the strain 2D showed",
  "1NT 2S 2D TD S:3D", facts={"artificial": "yes", "same_denomination": "yes", "comparable": "yes"},
  settled="1NT 2S 3D", law="27B1a", offender="S", next="W", partner_must_pass="no", lead_restrictions=False,
  prior="27B1(a) needed both bids incontrovertibly not artificial: the 2007 Laws rule it under 27B1(b)")
R("27B2-artificial-other-strain", "27B2",
  "same record, but in their methods 3D is natural: it shows diamonds, not the transfer's hearts, and is not "
  "comparable", "1NT 2S 2D TD S:3D", facts={"artificial": "yes", "same_denomination": "no", "comparable": "no"},
  settled="1NT 2S 3D", law="27B2", offender="S", next="W", partner_must_pass=REST, offender_must_pass="no",
  lead_restrictions=True)
R("27B1b-cue-same-purpose", "27B1b",
  "Stayman 2C insufficient over 2D; the 3D cue bid asks for majors too (same purpose, 23A3)",
  "1NT 2D 2C TD S:3D", facts=ART_COMPARABLE,
  settled="1NT 2D 3D", law="27B1b", offender="S", next="W", partner_must_pass="no", lead_restrictions=False,
  prior="the 2007 test was the same or a more precise meaning (fact same_meaning), not a comparable call")
R("27B1b-double-comparable", "27B1b",
  "a double may replace the insufficient bid when it is comparable (27B3 excepts B1(b)): a double asking "
  "for the majors instead of Stayman",
  "1NT 2D 2C TD S:X", facts=ART_COMPARABLE,
  settled="1NT 2D X", law="27B1b", offender="S", next="W", partner_must_pass="no", lead_restrictions=False)
R("27B1b-offender-defends", "26A",
  "{E}'s artificial strong 2C (he had missed the 2S opening) replaced by a comparable call; {E} then "
  "defends 4S: no lead restriction",
  "2S 2C TD E:3S 4S P P P", facts=ART_COMPARABLE,
  settled="2S 3S 4S P P P", law="27B1b", offender="E", contract="4S", declarer="N", next=None,
  lead_restrictions=False)
R("27B3-double-not-comparable", "27B3",
  "a takeout double put in place of a natural 1H overcall is not comparable: it is cancelled, the offender "
  "calls again and his partner is silenced",
  "1S 1H TD E:X", facts=OTHER, settled="1S", law="27B3", offender="E", next="E",
  partner_must_pass=REST, lead_restrictions=True)
R("27B2-jump", "27B2", "1H replaced by a jump to 3H that is not comparable", "1S 1H TD E:3H",
  facts=OTHER, settled="1S 3H", law="27B2", offender="E", next="S", partner_must_pass=REST,
  offender_must_pass="no", lead_restrictions=True)
R("27B2-other-suit", "27B2", "1H replaced by 2C, another suit, not comparable", "1S 1H TD E:2C",
  facts=OTHER, settled="1S 2C", law="27B2", offender="E", next="S", partner_must_pass=REST,
  lead_restrictions=True)
R("27B2-pass", "27B2", "1H replaced by a pass (not comparable to an overcall)", "1S 1H TD E:P",
  facts=OTHER, settled="1S P", law="27B2", offender="E", next="S", partner_must_pass=REST,
  offender_must_pass="no", lead_restrictions=True)
R("27B2-pass-ends-auction", "27B2",
  "fourth hand's insufficient 1H replaced by a pass: 1S P P P ends the auction; the offender defends",
  "1S P P 1H TD W:P", facts=OTHER, settled="1S P P P", law="27B2", offender="W", next=None,
  contract="1S", declarer="N", lead_restrictions=True)
R("27B2-offender-declares", "26B",
  "non-comparable 3D, the partner passes as he must, and {E} declares 3D: no lead restrictions",
  "1H 1D TD E:3D P P P", facts=OTHER, settled="1H 3D P P P", law="27B2", offender="E",
  contract="3D", declarer="E", next=None, lead_restrictions=False)
R("27B2-offender-dummy", "26B",
  "{E}'s insufficient 2S over 3H replaced by 4S (not comparable); 4S is played by {W}, who named spades "
  "first: the offender is dummy, no lead restrictions",
  "1C P 1H 1S 3H 2S TD E:4S P P P", facts=OTHER, settled="1C P 1H 1S 3H 4S P P P",
  law="27B2", offender="E", contract="4S", declarer="W", next=None, lead_restrictions=False)
R("27B2-offender-defends", "26B", "non-comparable 3D, then {N}-{S} play 4H: the offender defends",
  "1H 1D TD E:3D 4H P P P", facts=OTHER, settled="1H 3D 4H P P P", law="27B2", offender="E",
  contract="4H", declarer="N", next=None, lead_restrictions=True)
R("27B2-28A-pass-ends-auction", "28A",
  "the silenced {W} must pass; {N} passes at {W}'s turn: in rotation (28A), {W}'s pass counts, and with "
  "{S}'s pass the auction is over: 3D by {E}",
  "1H 1D TD E:3D P N:P", facts=OTHER, settled="1H 3D P P P", law=["27B2", "28A"],
  offender="E", contract="3D", declarer="E", next=None, passed_out=False, lead_restrictions=False)
R("27B2-28A-then-defends", "28A",
  "{N} passes at the silenced {W}'s turn (28A) and {E} passes: 4S by {N}; the offender defends",
  "1S 1H TD E:3H 4S N:P P", facts=OTHER, settled="1S 3H 4S P P P", law=["27B2", "28A"],
  offender="E", contract="4S", declarer="N", next=None, lead_restrictions=True)
R("27B4-second-insufficient-refused", "27B4",
  "the offender tries another insufficient bid (1D); the LHO declines it: ruled as 27B3",
  "1S 1H TD E:1D TD", facts={"accepted": "no"}, settled="1S", law=["27B4", "27B3"], offender="E", next="E",
  partner_must_pass=REST, lead_restrictions=True)
R("27B4-second-insufficient-accepted", "27B4",
  "the LHO ({S}) calls over the second insufficient bid: he has accepted it", "1S 1H TD E:1D P",
  settled="1S 1D! P", law=["27B4", "27A1"], offender="E", next="W")
R("27C-premature-lowest", "27C",
  "{E} replaces his insufficient bid before the director rules; the LHO does not accept 1H: 2H stands and "
  "is ruled as B1(a)",
  "1S 1H E:2H", facts={"unintended": "no", "accepted": "no", **LOWEST}, settled="1S 2H",
  law=["27C", "27B1a"], offender="E", next="S", partner_must_pass="no", lead_restrictions=False)
R("27C-premature-other", "27C", "premature replacement by a non-comparable 3H: it stands, ruled as B2",
  "1S 1H E:3H", facts={"unintended": "no", "accepted": "no", **OTHER}, settled="1S 3H",
  law=["27C", "27B2"], offender="E", next="S", partner_must_pass=REST, lead_restrictions=True)
R("27C-premature-lho-accepts", "27C",
  "premature replacement, but the LHO accepts the insufficient 1H: it stands, the replacement is withdrawn",
  "1S 1H E:2H", facts={"unintended": "no", "accepted": "yes"}, settled="1S 1H!", law=["27A1", "27C"],
  offender="E", next="S")
R("27A2-out-of-rotation", "27A2",
  "{S}'s 1H is insufficient and at his RHO's turn: Law 31 governs; the LHO declines; back to {E}",
  "1S S:1H TD", facts={"accepted": "no"}, settled="1S", law=["27A2", "31A", "29B"], offender="S", next="E")
R("27A2-then-comparable", "27A2",
  "after the cancelled insufficient bid out of rotation, {E} bids and {S}'s 2H is comparable: 31A2(a)",
  "1S S:1H TD E:2C S:2H", facts={"comparable": "yes"}, settled="1S 2C 2H", law=["31A2a", "27A2"],
  offender="S", next="W", partner_must_pass="no", lead_restrictions=False)

# ----------------------------------------------------------------------------------------------------------
# Law 25: changes of call (and 30B2, 31C, 32C, which send a later call at the LHO's turn to it)
R("25A1-slip", "25A1", "{N} meant to open 1S and pulled the 1H card; he says so: the intended 1S stands",
  "1H N:1S TD", facts={"unintended": "yes"},
  settled="1S", law=["25A1", "25A2"], offender="N", next="E", partner_must_pass="no", offender_must_pass="no",
  lead_restrictions=False)
R("25A1-after-pause", "25A1",
  "an unintended call replaced after a pause for thought: the 2017 text has no pause condition",
  "1D N:1H TD", facts={"unintended": "yes", "pause": "yes"}, settled="1H", law=["25A1", "25A2"], offender="N",
  next="E", partner_must_pass="no", offender_must_pass="no", lead_restrictions=False,
  prior="25A allowed the change only without pause for thought: 2007 sends it to 25B")
R("25A1-however-aware", "25A1",
  "the player noticed his slip only when his partner reached for the alert card; however he became "
  "aware, he may replace it (25A3)", "1C N:1NT TD", facts={"unintended": "yes", "pause": "yes"},
  settled="1NT", law=["25A1", "25A2", "25A3"], offender="N", next="E", partner_must_pass="no",
  lead_restrictions=False)
R("25A1-to-pass", "25A1", "the dealer meant to pass and pulled 1S: the pass stands", "1S N:P TD",
  facts={"unintended": "yes"}, settled="P", law=["25A1", "25A2"], offender="N", next="E",
  partner_must_pass="no", offender_must_pass="no")
R("25A6-lho-passed-over", "25A6",
  "{N} corrects his unintended 1C at {S}'s turn ({S} has not called); {E}, who passed over 1C, may take "
  "his pass back", "1C P N:1D TD", facts={"unintended": "yes"}, law=["25A1", "25A6"], offender="N",
  partner_must_pass="no", offender_must_pass="no", lead_restrictions=False)
R("25A6-lho-overcalled", "25A6",
  "as above, {E} had overcalled 1S over the unintended 1C: he may withdraw it", "1C 1S N:1D TD",
  facts={"unintended": "yes"}, law=["25A1", "25A6"], offender="N", partner_must_pass="no",
  lead_restrictions=False)
R("25A4-partner-has-called", "25A4",
  "{N} claims his 1H was unintended, but {S} has called since: no substitution; the LHO declines {N}'s 2H, "
  "a bid at his RHO's turn (31A) or a substitution A does not permit (25B2): either way 1H stands, {W} calls",
  "1H P 1S N:2H TD", facts={"unintended": "yes", "accepted": "no"}, settled="1H P 1S",
  law=["31A", "29B", "25B2"], offender="N", next="W")
R("25A5-final-pass", "25A5",
  "{W}'s unintended final pass is replaced before the opening lead is faced: the auction goes on",
  "1S P P P W:2H TD", facts={"unintended": "yes", "auction_ended": "no"}, settled="1S P P 2H",
  law=["25A1", "25A5"], offender="W", next="N", contract=None, lead_restrictions=False)
R("25A5-pass-out", "25A5",
  "four passes, but the fourth was unintended and is replaced at once: 22B yields to Law 25",
  "P P P P W:1H TD", facts={"unintended": "yes", "auction_ended": "no"}, settled="P P P 1H",
  law=["25A1", "25A5"], offender="W", next="N", passed_out=False)
R("25B1-lho-doubles", "25B3",
  "a change of mind; the LHO ({E}) doubles the new call: accepted, 1H withdrawn, 2H stands",
  "1H N:2H X", facts={"unintended": "no"}, settled="2H X", law="25B1", offender="N", next="S",
  partner_must_pass="no", offender_must_pass="no", lead_restrictions=True, cites=["16C"])
R("25B1-lho-passes", "25B1", "the LHO's pass over the substituted call accepts it", "1D N:1H P",
  facts={"unintended": "no"}, settled="1H P", law="25B1", offender="N", next="S", partner_must_pass="no")
R("25B1-asked-accepts", "25B1", "change of mind, director called at once; the LHO accepts the 2H",
  "1H N:2H TD", facts={"unintended": "no", "accepted": "yes"}, settled="2H", law="25B1", offender="N",
  next="E", partner_must_pass="no", lead_restrictions=True)
R("25B2-asked-refuses", "25B2", "change of mind, the LHO declines: 2H is cancelled, 1H stands",
  "1H N:2H TD", facts={"unintended": "no", "accepted": "no"}, settled="1H", law="25B2", offender="N",
  next="E", partner_must_pass="no", offender_must_pass="no", lead_restrictions=True, cites=["16C"])
R("25B1-offender-declares", "25B1", "the accepted 2H is passed out: {N} declares, no lead restrictions",
  "1H N:2H P P P", facts={"unintended": "no"}, settled="2H P P P", law="25B1", offender="N", contract="2H",
  declarer="N", next=None, lead_restrictions=False)
R("25B2-offender-defends", "26B",
  "the LHO declined the 2H, so 1H stood; {E}-{W} play 4S: the offender defends",
  "1H N:2H TD E:1S P 4S P P P", facts={"unintended": "no", "accepted": "no"}, settled="1H 1S P 4S P P P", law="25B2",
  offender="N", contract="4S", declarer="E", next=None, lead_restrictions=True)
R("31C-later-bid-unintended", "31C",
  "{N} bids again at his LHO's turn: a change of call (Law 25); it was a slip: 2S stands",
  "1C P 1H P 1S N:2S TD", facts={"unintended": "yes"}, settled="1C P 1H P 2S", law=["25A1", "25A2"],
  offender="N", next="E", partner_must_pass="no", lead_restrictions=False)
R("31C-later-bid-mind", "31C", "the same, a change of mind the LHO declines: 1S stands",
  "1C P 1H P 1S N:2S TD", facts={"unintended": "no", "accepted": "no"}, settled="1C P 1H P 1S", law="25B2",
  offender="N", next="E", partner_must_pass="no")
R("30B2-pass-at-lho-unintended", "30B2",
  "a pass at the LHO's turn by a player who has called is a change of call: the dealer meant to pass",
  "1H N:P TD", facts={"unintended": "yes"}, settled="P", law=["25A1", "25A2"], offender="N", next="E",
  partner_must_pass="no", offender_must_pass="no")
R("30B2-pass-at-lho-mind", "30B2", "the same pass as a change of mind, declined: 1H stands",
  "1H N:P TD", facts={"unintended": "no", "accepted": "no"}, settled="1H", law="25B2", offender="N", next="E",
  partner_must_pass="no", offender_must_pass="no")
R("32C-double-at-lho-unintended", "32C",
  "{E} passed, then doubles at his LHO's turn: a change of call; the pass was a slip: the double stands",
  "1H P E:X TD", facts={"unintended": "yes"}, settled="1H X", law=["25A1", "25A2"], offender="E", next="S",
  partner_must_pass="no", lead_restrictions=False)
R("32C-double-at-lho-mind", "32C", "the same double as a change of mind, declined: the pass stands",
  "1H P E:X TD", facts={"unintended": "no", "accepted": "no"}, settled="1H P", law="25B2", offender="E",
  next="S", partner_must_pass="no")
R("32C-double-at-lho-accepted", "32C", "the LHO ({S}) bids over the substituted double: accepted",
  "1H P E:X 1S", facts={"unintended": "no"}, settled="1H X 1S", law="25B1", offender="E", next="W",
  partner_must_pass="no", lead_restrictions=True)

# ----------------------------------------------------------------------------------------------------------
# Law 28: calls considered in rotation
R("28A-after-30A", "28A",
  "{E} must pass after his pass at {N}'s turn (30A); {S} bids at {E}'s turn: in rotation",
  "E:P TD N:1H S:1S", facts={"artificial": "no"}, settled="1H P 1S", law=["30A", "28A"], offender="E",
  next="W")
R("28A-after-30A-pass", "28A",
  "{S} must pass (30A); {W} passes at {S}'s turn: in rotation, next is {N}",
  "1H S:P TD E:1S W:P", facts={"artificial": "no", "pass_over_artificial": "no"}, settled="1H 1S P P",
  law=["30A", "28A"], offender="S", next="N")
R("28A-31A2b-ends-auction", "28A",
  "{W} must pass once (31A2(b)); {N} passes at {W}'s turn: with {S}'s pass that is three passes after 2C",
  "E:1S TD N:1H E:2C S:P N:P", facts={"comparable": "no"}, settled="1H 2C P P P", law=["31A2b", "28A"],
  offender="E", contract="2C", declarer="E", next=None, lead_restrictions=False)
R("28A-31A2b-continues", "28A",
  "{N} raises at the barred {W}'s turn: in rotation; {E} is next", "E:1S TD N:1H E:2C S:2H N:3H",
  facts={"comparable": "no"}, settled="1H 2C 2H P 3H", law=["31A2b", "28A"], offender="E", next="E",
  partner_must_pass=NEXT)
R("28B-bid", "28B",
  "{E} bids at {N}'s turn and {N}, whose turn it was, calls before any ruling: {E}'s 1S is as if not made",
  "E:1S N:1H", settled="1H", law="28B", offender="E", next="E", partner_must_pass="no",
  offender_must_pass="no", lead_restrictions=False, cites=["16C"])
R("28B-pass", "28B", "the same with a pass out of rotation: no obligation remains", "E:P N:1H", settled="1H",
  law="28B", offender="E", next="E", partner_must_pass="no", offender_must_pass="no", lead_restrictions=False)
R("28B-double", "28B", "{W} doubles at {S}'s turn; {S} calls in turn: the double is as if not made",
  "1H P W:X S:P", settled="1H P P", law="28B", offender="W", next="W", partner_must_pass="no",
  offender_must_pass="no", lead_restrictions=False)
R("28B-later-round", "28B", "{S} bids at {E}'s turn; {E} calls: no rectification", "1H S:1S E:2C",
  settled="1H 2C", law="28B", offender="S", next="S", partner_must_pass="no", lead_restrictions=False)

# ----------------------------------------------------------------------------------------------------------
# Law 29: procedure after a call out of rotation (acceptance first)
R("29A-lho-bids", "29A", "{E} bids at {N}'s turn; {E}'s LHO ({S}) bids over it: accepted; {N} loses his turn",
  "E:1S 2H", settled=None, law="29A", offender="E", next="W", partner_must_pass="no",
  offender_must_pass="no", lead_restrictions=False)
R("29A-pass-accepted", "29A", "{S} passes at {N}'s turn; {W} opens over it: accepted", "S:P 1H", law="29A",
  offender="S", next="N", partner_must_pass="no", offender_must_pass="no")
R("29A-asked-accepts", "29A", "director called at once; the LHO accepts the bid out of rotation", "E:1S TD",
  facts={"accepted": "yes"}, law="29A", offender="E", next="S", partner_must_pass="no", lead_restrictions=False)
R("29B-asked-refuses", "29B", "the LHO declines: cancelled, back to the dealer; 31A will govern",
  "E:1S TD", facts={"accepted": "no"}, settled="", law=["29B", "31A"], offender="E", next="N")
R("29C-artificial-repeated", "29C",
  "{E}'s strong artificial 2C at {N}'s turn; {N} passes and {E} repeats the 2C: no rectification",
  "E:2C TD N:P E:2C", settled="P 2C", law="31A1", offender="E", next="S", partner_must_pass="no",
  lead_restrictions=False)
R("32-accepted-by-redouble", "29A", "{E} doubles at {N}'s turn; {S} redoubles over it: accepted",
  "1H P 1S P E:X XX", law="29A", offender="E", next="W", partner_must_pass="no")

# ----------------------------------------------------------------------------------------------------------
# Law 30: pass out of rotation
R("30A-first-call", "30A", "{E} passes at the dealer's turn; declined: {E} must pass at his next turn",
  "E:P TD", facts={"accepted": "no", "artificial": "no"}, settled="", law="30A", offender="E", next="N",
  offender_must_pass=NEXT, partner_must_pass="no")
R("30A-accepted", "29A", "the same pass accepted by the LHO", "E:P TD", facts={"accepted": "yes"}, law="29A",
  offender="E", next="S", offender_must_pass="no")
R("30A-after-a-bid", "30A", "{S} passes at {E}'s turn after the opening; declined: {S} passes once",
  "1H S:P TD", facts={"accepted": "no", "artificial": "no", "pass_over_artificial": "no"}, settled="1H",
  law="30A", offender="S", next="E", offender_must_pass=NEXT, partner_must_pass="no",
  prior="2007 numbers this 30B1 (a pass at RHO's turn after a bid); 2017 30A covers any pass at RHO's turn")
R("30A-offender-dummy", "30A", "{S} passes as he must; 1H is passed out, {S} is dummy",
  "1H S:P TD E:P S:P W:P", facts={"artificial": "no", "pass_over_artificial": "no"}, settled="1H P P P",
  law="30A", offender="S", contract="1H", declarer="N", next=None, lead_restrictions=False)
R("30A-one-turn-only", "30A",
  "after passing at his next turn as required, {E} is free: his later 2S is legal",
  "E:P TD N:1H E:P S:1S W:P N:2H E:2S", facts={"artificial": "no"}, settled="1H P 1S P 2H 2S", law="30A",
  offender="E", next="S", offender_must_pass=NEXT)
R("30B1a-partners-turn", "30B1a",
  "{S} passes at his partner's (the dealer's) turn; declined: {N} may call freely (16C2), {S} too",
  "S:P TD", facts={"accepted": "no", "artificial": "no"}, settled="", law=["30B1a", "30B1"], offender="S",
  next="N", partner_must_pass="no", offender_must_pass="no", cites=["16C"],
  prior="2007 30A (before any bid) made the offender pass at his next turn")
R("30B1a-lho-is-dealer", "30B1a",
  "{W}, who has not called, passes at the dealer's turn (his LHO's): 30B1, not a change of call",
  "W:P TD", facts={"accepted": "no", "artificial": "no"}, settled="", law=["30B1a", "30B1"], offender="W",
  next="N", partner_must_pass="no", offender_must_pass="no")
R("30B1bi-comparable", "30B1b(i)",
  "after the cancelled pass, {S}'s 1NT response (6-9) defines a subset of the pass's hands (23A2)",
  "S:P TD N:1H E:P S:1NT", facts={"artificial": "no", "comparable": "yes"}, settled="1H P 1NT",
  law="30B1(b)(i)", offender="S", next="W", partner_must_pass="no", lead_restrictions=False, cites=["23C"])
R("30B1bi-pass-again", "30B1b(i)", "{S} passes at his turn: the director finds the pass comparable",
  "S:P TD N:1H E:P S:P", facts={"artificial": "no", "comparable": "yes"}, settled="1H P P",
  law="30B1(b)(i)", offender="S", next="W", partner_must_pass="no", lead_restrictions=False)
R("30B1bii-not-comparable", "30B1b(ii)", "{S}'s 2S jump is not comparable: {N} passes at his next turn",
  "S:P TD N:1H E:P S:2S", facts={"artificial": "no", "comparable": "no"}, settled="1H P 2S",
  law="30B1(b)(ii)", offender="S", next="W", partner_must_pass=NEXT, offender_must_pass="no",
  lead_restrictions=True)
R("30B1bii-offender-declares", "30B1b(ii)", "{S} bids 3NT, {N} passes as he must: {S} declares",
  "S:P TD N:1H E:P S:3NT P P P", facts={"artificial": "no", "comparable": "no"}, settled="1H P 3NT P P P",
  law="30B1(b)(ii)", offender="S", contract="3NT", declarer="S", next=None, lead_restrictions=False)
R("30B1bii-offender-defends", "26B", "non-comparable 2D; {E}-{W} play 4S: {S} defends",
  "S:P TD N:1H E:1S S:2D 4S P P P", facts={"artificial": "no", "comparable": "no"},
  settled="1H 1S 2D 4S P P P", law="30B1(b)(ii)", offender="S", contract="4S", declarer="E", next=None,
  lead_restrictions=True)
R("30B1bii-lho-dealer", "30B1b(ii)",
  "{W}'s pass at the dealer's turn was cancelled; later {W} bids 2C (not comparable): {E} passes once",
  "W:P TD N:1H E:P S:P W:2C", facts={"artificial": "no", "comparable": "no"}, settled="1H P P 2C",
  law="30B1(b)(ii)", offender="W", next="N", partner_must_pass=NEXT, lead_restrictions=True)
R("30B1-offender-free", "30B1b(ii)",
  "{W} passed at his partner's turn after the opening; his later 2C is legal (not comparable: {E} passes once)",
  "1H W:P TD E:P S:P W:2C", facts={"artificial": "no", "comparable": "no"}, settled="1H P P 2C",
  law="30B1(b)(ii)", offender="W", next="N", partner_must_pass=NEXT, offender_must_pass="no",
  lead_restrictions=True,
  prior="2007 30B2(a) barred the offender for the whole auction: his 2C would be a Law 37 infraction")
R("30C-over-partners-artificial", "30C",
  "{S} passes at {E}'s turn over his partner's strong artificial 1C: Law 31 governs; declined",
  "1C S:P TD", facts={"accepted": "no", "artificial": "no", "pass_over_artificial": "yes"}, settled="1C",
  law=["30C", "31A", "29B"], offender="S", next="E")
R("30C-rho-passes-repeat", "30C", "{E} passes; {S} repeats his pass: no rectification (31A1)",
  "1C S:P TD E:P S:P", facts={"artificial": "no", "pass_over_artificial": "yes"}, settled="1C P P",
  law=["31A1", "30C"], offender="S", next="W", partner_must_pass="no", lead_restrictions=False)
R("30C-rho-bids-not-comparable", "30C",
  "{E} overcalls; {S}'s pass now is not comparable to the cancelled one: {N} passes once",
  "1C S:P TD E:1S S:P", facts={"artificial": "no", "pass_over_artificial": "yes", "comparable": "no"},
  settled="1C 1S P", law=["31A2b", "30C"], offender="S", next="W", partner_must_pass=NEXT,
  lead_restrictions=True, prior="2007 31A2(b) silenced the partner for the rest of the auction")
R("30C-rho-bids-comparable", "30C", "the same record; the director finds the pass comparable",
  "1C S:P TD E:1S S:P", facts={"artificial": "no", "pass_over_artificial": "yes", "comparable": "yes"},
  settled="1C 1S P", law=["31A2a", "30C"], offender="S", next="W", partner_must_pass="no",
  lead_restrictions=False)
R("30C-artificial-opening-pass", "30C",
  "{E}'s pass at the dealer's turn is artificial (a strong pass): Law 31; declined",
  "E:P TD", facts={"accepted": "no", "artificial": "yes"}, settled="", law=["30C", "31A", "29B"],
  offender="E", next="N")
R("30C-artificial-pass-comparable", "30C",
  "{N} opens and {E} doubles, comparable with his strong pass: no rectification",
  "E:P TD N:1H E:X", facts={"artificial": "yes", "comparable": "yes"}, settled="1H X", law=["31A2a", "30C"],
  offender="E", next="S", partner_must_pass="no", lead_restrictions=False, cites=["23C"])
R("30C-artificial-pass-repeated", "30C", "{N} passes; {E} repeats his artificial pass: no rectification",
  "E:P TD N:P E:P", facts={"artificial": "yes"}, settled="P P", law=["31A1", "30C"], offender="E", next="S",
  partner_must_pass="no")
R("30C-fork-artificial", "30C",
  "{S}'s pass at {E}'s turn was artificial, so {S}'s 2C after {E}'s 1S is legal (31A2); not comparable",
  "1H S:P TD E:1S S:2C", facts={"artificial": "yes", "pass_over_artificial": "no", "comparable": "no"},
  settled="1H 1S 2C", law=["31A2b", "30C"], offender="S", next="W", partner_must_pass=NEXT,
  offender_must_pass="no", lead_restrictions=True)

R("37B-fork-natural", "37B",
  "the same record with a natural pass: {S} had to pass once (30A), so his 2C is a call by a player "
  "required to pass", "1H S:P TD E:1S S:2C", facts={"artificial": "no", "pass_over_artificial": "no"},
  settled="1H 1S P", law=["37B", "37B1", "37B2"], offender="S", next="W", partner_must_pass=REST,
  offender_must_pass=REST, lead_restrictions=True)

# ----------------------------------------------------------------------------------------------------------
# Law 31: bid out of rotation
R("31A-pending", "31A", "{S} bids at {E}'s turn; declined: back to {E}", "1H S:1S TD", facts={"accepted": "no"},
  settled="1H", law=["31A", "29B"], offender="S", next="E")
R("31A1-repeat", "31A1", "{N} passes, {E} repeats his 1S: no rectification", "E:1S TD N:P E:1S",
  settled="P 1S", law="31A1", offender="E", next="S", partner_must_pass="no", lead_restrictions=False)
R("31A1-repeat-later", "31A1", "{E} passes, {S} repeats his 1S", "1H S:1S TD E:P S:1S", settled="1H P 1S",
  law="31A1", offender="S", next="W", partner_must_pass="no", lead_restrictions=False)
R("31A2a-same-bid-comparable", "31A2a", "{N} opens 1H; {E}'s 1S overcall is comparable with his 1S opening",
  "E:1S TD N:1H E:1S", facts={"comparable": "yes"}, settled="1H 1S", law="31A2a", offender="E", next="S",
  partner_must_pass="no", lead_restrictions=False, cites=["23C"],
  prior="2007 31A2(a): repeating the strain made the partner pass once")
R("31A2b-same-bid-not-comparable", "31A2b", "the same record; the director finds the 1S not comparable",
  "E:1S TD N:1H E:1S", facts={"comparable": "no"}, settled="1H 1S", law="31A2b", offender="E", next="S",
  partner_must_pass=NEXT, lead_restrictions=True)
R("31A2b-other", "31A2b", "{E}'s 2C is not comparable: {W} passes at his next turn only",
  "E:1S TD N:1H E:2C", facts={"comparable": "no"}, settled="1H 2C", law="31A2b", offender="E", next="S",
  partner_must_pass=NEXT, offender_must_pass="no", lead_restrictions=True,
  prior="2007 31A2(b): the partner passes for the rest of the auction")
R("31A2b-offender-declares", "31A2b", "{E} bids 2S, {W} passes as he must: {E} declares",
  "E:1S TD N:1H E:2S P P P", facts={"comparable": "no"}, settled="1H 2S P P P", law="31A2b", offender="E",
  contract="2S", declarer="E", next=None, lead_restrictions=False)
R("31A2b-offender-defends", "26B", "non-comparable 2C; {N}-{S} play 4H: {E} defends",
  "E:1S TD N:1H E:2C 4H P P P", facts={"comparable": "no"}, settled="1H 2C 4H P P P", law="31A2b",
  offender="E", contract="4H", declarer="N", next=None, lead_restrictions=True)
R("31A2b-one-turn-only", "31A2b",
  "{W} passed at his next turn as required; at his following turn his 3NT is legal",
  "E:1S TD N:1H E:2C 2H P P 3C P 3NT", facts={"comparable": "no"}, settled="1H 2C 2H P P 3C P 3NT",
  law="31A2b", offender="E", next="N", partner_must_pass=NEXT,
  prior="2007 silenced the partner for the rest of the auction: 3NT would be a Law 37 infraction")
R("31A2a-offender-defends", "26A", "comparable 1S; {N}-{S} play 4H: no lead restrictions for {E}",
  "E:1S TD N:1H E:1S 4H P P P", facts={"comparable": "yes"}, settled="1H 1S 4H P P P", law="31A2a",
  offender="E", contract="4H", declarer="N", next=None, lead_restrictions=False)
R("31A2a-partner-free-after", "31A2a",
  "{E}'s 1S was comparable, so {W} is free: his 2C is no infraction",
  "E:1S TD N:1H E:1S S:P W:2C", facts={"comparable": "yes"}, settled="1H 1S P 2C", law="31A2a",
  offender="E", next="N", partner_must_pass="no", lead_restrictions=False)
R("37B-after-31A2b-same-record", "37B",
  "the same record, {E}'s 1S not comparable: {W} had to pass at this turn, his 2C becomes a pass and "
  "{E}-{W} are silenced", "E:1S TD N:1H E:1S S:P W:2C", facts={"comparable": "no"}, settled="1H 1S P P",
  law=["37B", "37B1", "37B2"], offender="W", next="N", partner_must_pass=REST, offender_must_pass=REST,
  lead_restrictions=True)
R("23A1-similar-meaning", "23A1", "{E}'s 1NT opening out of turn, then a 1NT overcall of the same strength",
  "E:1NT TD N:1D E:1NT", facts={"comparable": "yes"}, settled="1D 1NT", law="31A2a", offender="E", next="S",
  partner_must_pass="no", lead_restrictions=False)
R("31B1-partners-turn", "31B1", "{S} bids at his partner's turn; declined: {N} calls freely (16C2)",
  "S:1S TD", facts={"accepted": "no"}, settled="", law=["31B", "31B1", "29B"], offender="S", next="N",
  partner_must_pass="no", cites=["16C"],
  prior="2007 31B silenced the partner for the rest of the auction")
R("31B1-lho-dealer", "31B1", "{W}, who has not called, bids at the dealer's turn (his LHO's); declined",
  "W:1S TD", facts={"accepted": "no"}, settled="", law=["31B", "31B1", "29B"], offender="W", next="N",
  partner_must_pass="no")
R("31B-later-round", "31B1", "{W} bids at his partner's turn in the second round; declined: back to {E}",
  "1C P 1H P 1S W:2H TD", facts={"accepted": "no"}, settled="1C P 1H P 1S", law=["31B", "31B1", "29B"],
  offender="W", next="E", partner_must_pass="no")
R("31B2-comparable", "31B2", "{S}'s 1NT opening out of turn; after two passes he opens 1NT: comparable",
  "S:1NT TD N:P E:P S:1NT", facts={"comparable": "yes"}, settled="P P 1NT", law=["31B2", "31A2a"],
  offender="S", next="W", partner_must_pass="no", lead_restrictions=False)
R("31B2-not-comparable", "31B2", "{S}'s 1S response is not comparable to his 1S opening: {N} passes once",
  "S:1S TD N:1H E:P S:1S", facts={"comparable": "no"}, settled="1H P 1S", law=["31B2", "31A2b"],
  offender="S", next="W", partner_must_pass=NEXT, lead_restrictions=True)
R("23A2-partner-free-game", "23A2",
  "{S}'s strong 2S jump is a subset of his 1S opening out of turn; {N} freely bids game, {S} declares",
  "S:1S TD N:1H E:P S:2S W:P N:4S P P P", facts={"comparable": "yes"}, settled="1H P 2S P 4S P P P",
  law=["31B2", "31A2a"], offender="S", contract="4S", declarer="S", next=None, partner_must_pass="no",
  lead_restrictions=False, prior="2007 31B silenced the partner: his 4S would be a Law 37 infraction")
R("31B2-offender-dummy", "26B", "non-comparable 2H, {N} passes once: 2H by {N}, the offender is dummy",
  "S:1S TD N:1H E:P S:2H P P P", facts={"comparable": "no"}, settled="1H P 2H P P P",
  law=["31B2", "31A2b"], offender="S", contract="2H", declarer="N", next=None, lead_restrictions=False)
R("31B2-lho-offender-defends", "31B2",
  "{W} bid at the dealer's turn; later his 2S is not comparable, {E} passes once; 3H by {N}: {W} defends",
  "W:1S TD N:1H E:P S:P W:2S 3H P P P", facts={"comparable": "no"}, settled="1H P P 2S 3H P P P",
  law=["31B2", "31A2b"], offender="W", contract="3H", declarer="N", next=None, lead_restrictions=True)

# ----------------------------------------------------------------------------------------------------------
# Law 32: double or redouble out of rotation
R("32A-pending", "32A", "{E} doubles 1S at {N}'s turn; declined: back to {N}", "1H P 1S P E:X TD",
  facts={"accepted": "no"}, settled="1H P 1S P", law=["32A", "29B"], offender="E", next="N")
R("32A1-repeat", "32A1", "{N} passes and {E} doubles again: no rectification", "1H P 1S P E:X TD N:P E:X",
  settled="1H P 1S P P X", law="32A1", offender="E", next="S", partner_must_pass="no", lead_restrictions=False)
R("32A2a-comparable", "32A2a", "{N} rebids 2H; {E}'s takeout double of 2H is comparable",
  "1H P 1S P E:X TD N:2H E:X", facts={"comparable": "yes"}, settled="1H P 1S P 2H X", law="32A2a",
  offender="E", next="S", partner_must_pass="no", lead_restrictions=False, cites=["23C"])
R("32A2b-not-comparable", "32A2b", "{E} passes instead: not comparable, {W} passes once",
  "1H P 1S P E:X TD N:2H E:P", facts={"comparable": "no"}, settled="1H P 1S P 2H P", law="32A2b",
  offender="E", next="S", partner_must_pass=NEXT, lead_restrictions=True)
R("32A2b-offender-defends", "32A2b", "the same; 2H is passed out: {E} defends",
  "1H P 1S P E:X TD N:2H E:P P P", facts={"comparable": "no"}, settled="1H P 1S P 2H P P P", law="32A2b",
  offender="E", contract="2H", declarer="N", next=None, lead_restrictions=True)
R("32B-pending", "32B", "{W} doubles at his partner's turn; declined: {E} calls freely", "1H W:X TD",
  facts={"accepted": "no"}, settled="1H", law=["32B", "32B1", "29B"], offender="W", next="E",
  partner_must_pass="no")
R("32B2-comparable", "32B2", "{E} and {S} pass; {W} doubles 1H again: comparable", "1H W:X TD E:P S:P W:X",
  facts={"comparable": "yes"}, settled="1H P P X", law=["32B2", "32A2a"], offender="W", next="N",
  partner_must_pass="no", lead_restrictions=False)
R("32B2-not-comparable", "32B2", "{W}'s pass over 1NT is not comparable to his double: {E} passes once",
  "1H W:X TD E:P S:1NT W:P", facts={"comparable": "no"}, settled="1H P 1NT P", law=["32B2", "32A2b"],
  offender="W", next="N", partner_must_pass=NEXT, lead_restrictions=True)
R("32B2-offender-dummy", "32B2", "{E} bids 2C freely; {W} passes (not comparable): 2C by {E}, {W} dummy",
  "1H W:X TD E:2C S:P W:P N:P", facts={"comparable": "no"}, settled="1H 2C P P P", law=["32B2", "32A2b"],
  offender="W", contract="2C", declarer="E", next=None, lead_restrictions=False)
R("32B-redouble-pending", "32B", "{N} redoubles at his partner's turn; declined: {S} calls freely",
  "1H X N:XX TD", facts={"accepted": "no"}, settled="1H X", law=["32B", "32B1", "29B"], offender="N", next="S",
  partner_must_pass="no")

# ----------------------------------------------------------------------------------------------------------
# Law 33: simultaneous calls (the record shows them in the deemed order)
R("33-with-rho", "33", "{E}'s 1S, made together with the dealer's 1H, counts as made after it: legal",
  "1H 1S", settled="1H 1S", status=NO_IRR, next="S")
R("33-with-partner", "33",
  "{S}'s 1S, made together with his partner's 1H, counts as made after it: at {E}'s turn (31A)",
  "1H S:1S TD", facts={"accepted": "no"}, settled="1H", law=["31A", "29B"], offender="S", next="E")
R("33-with-lho", "33",
  "{W}'s 1D, made together with the dealer's pass, counts as made after it: at his partner's turn (31B)",
  "P W:1D TD", facts={"accepted": "no"}, settled="P", law=["31B", "31B1", "29B"], offender="W", next="E")

# ----------------------------------------------------------------------------------------------------------
# Laws 17D3 and 34: a pass out of rotation among the three final passes
R("17D3-basic", "17D3",
  "{W} passes at {S}'s turn, {N} passes over it: three passes after 1H, but {S} never called: back to {S}",
  "1H P W:P P", settled="1H P", law=["17D3", "34"], offender="W", next="S", partner_must_pass="no",
  offender_must_pass="no", cites=["16C"])
R("17D3-director-called", "34", "the same, the director called at the end", "1H P W:P P TD", settled="1H P",
  law=["17D3", "34"], offender="W", next="S", contract=None)
R("17D3-declarer-side", "17D3",
  "{N} passes at {W}'s turn after his partner's raise; {E} and {S} pass: back to {W}",
  "1H P 2H N:P P P", settled="1H P 2H", law=["17D3", "34"], offender="N", next="W", contract=None)
R("17D3-pass-out", "17D3",
  "four passes, one of them {W}'s at {S}'s turn: {S} never called, the board is not passed out",
  "P P W:P P", settled="P P", law=["17D3", "34"], offender="W", next="S", passed_out=False)

# ----------------------------------------------------------------------------------------------------------
# Laws 35-36: inadmissible doubles and redoubles
R("36B-double-partner", "36B", "{S} doubles his partner's 1H at his own turn: cancelled; {N} silenced",
  "1H P X TD", settled="1H P", law=["36B", "36B1", "36B2"], offender="S", next="S", partner_must_pass=REST,
  offender_must_pass="no", lead_restrictions=True)
R("36B-redouble-partner", "35A", "{W} redoubles his partner's double: inadmissible; {E} silenced",
  "1H X P XX TD", settled="1H X P", law=["36B", "36B1", "36B2"], offender="W", next="W",
  partner_must_pass=REST, lead_restrictions=True)
R("36A-lho-called", "36A",
  "{W} calls over the inadmissible double before any ruling: both cancelled, back to {S}, no rectification",
  "1H P X 1S", settled="1H P", law="36A", offender="S", next="S", partner_must_pass="no",
  offender_must_pass="no", lead_restrictions=False)
R("36B4-out-of-rotation", "36B4",
  "{S} doubles his partner's 1H at {E}'s turn: never acceptable (no option for the LHO); back to {E}, "
  "{N} silenced", "1H S:X TD", settled="1H", law="36B4", offender="S", next="E", partner_must_pass=REST,
  lead_restrictions=True)
R("36A-out-of-rotation-lho-called", "36A",
  "the same double out of rotation; {W} bids over it: both cancelled, back to {E}", "1H S:X 1S",
  settled="1H", law="36A", offender="S", next="E", partner_must_pass="no", lead_restrictions=False)
R("36C-after-opening-lead", "36C",
  "the inadmissible double is noticed only after the opening lead was faced: scored as 1H undoubled",
  "1H P X P P P TD", facts={"auction_ended": "yes"}, law="36C", offender="S", contract="1H", declarer="N",
  next=None, lead_restrictions=False)
R("36A-before-opening-lead", "36A",
  "the same double noticed before the opening lead: {W} called over it, so it and every later call go; "
  "back to {S}", "1H P X P P P TD", facts={"auction_ended": "no"}, settled="1H P", law="36A", offender="S",
  next="S", contract=None, lead_restrictions=False)
R("36-silenced-player-doubles-partner", "36B",
  "{W}, silenced by 27B2, doubles his partner's 3D: a Law 19 double, so Law 36 (not 37)",
  "1H 1D TD E:3D P W:X TD", facts=OTHER, settled="1H 3D P", law=["36B", "36B1", "36B2"],
  offender="W", next="W", partner_must_pass=REST, offender_must_pass=REST, lead_restrictions=True,
  debatable="35A (a double Law 19 forbids) and 35B (a call by a player required to pass) both fit; 37A's "
            "own exclusion of 19A1/19B1 actions points to Law 36, which is the reading taken here")

# ----------------------------------------------------------------------------------------------------------
# Law 37: action violating an obligation to pass
R("37B-silenced-partner-bids", "37B",
  "{W}, silenced by 27B2, bids 4D; {N} has not called: 4D becomes a pass, both {E} and {W} silenced",
  "1H 1D TD E:3D P W:4D TD", facts=OTHER, settled="1H 3D P P", law=["37B", "37B1", "37B2"],
  offender="W", next="N", partner_must_pass=REST, offender_must_pass=REST, lead_restrictions=True)
R("37A-lho-called", "37A",
  "{N} passes over {W}'s illegal 4D before any ruling: 4D and the pass stand, {W} stays silenced",
  "1H 1D TD E:3D P W:4D P", facts=OTHER, settled="1H 3D P 4D P", law="37A", offender="W",
  next="E", offender_must_pass=REST)
R("37B-after-30A", "37B", "{E} had to pass (30A) and bids 2C: a pass instead, {E}-{W} silenced",
  "E:P TD N:1H E:2C TD", facts={"artificial": "no"}, settled="1H P", law=["37B", "37B1", "37B2"],
  offender="E", next="S", partner_must_pass=REST, offender_must_pass=REST, lead_restrictions=True)
R("37B-after-31A2b", "37B", "{W} had to pass once (31A2(b)) and bids 2D: a pass instead, both silenced",
  "E:1S TD N:1H E:2C S:P W:2D TD", facts={"comparable": "no"}, settled="1H 2C P P", law=["37B", "37B1", "37B2"],
  offender="W", next="N", partner_must_pass=REST, offender_must_pass=REST, lead_restrictions=True)
R("37B-ends-auction", "37B",
  "{W} had to pass (30A); his 2C becomes the third pass after 1H: the auction is over and {W} defends",
  "1H P W:P TD S:P W:2C TD", facts={"artificial": "no"}, settled="1H P P P", law=["37B", "37B1", "37B2"],
  offender="W", contract="1H", declarer="N", next=None, lead_restrictions=True)

# ----------------------------------------------------------------------------------------------------------
# Law 38: bid of more than seven
R("38-ends-auction", "38C", "{W}'s 8C is cancelled and becomes the third pass: 7NT by {N}", "7NT P P 8C TD",
  settled="7NT P P P", law=["38C", "38B"], offender="W", contract="7NT", declarer="N", next=None,
  lead_restrictions=True)
R("38D-lho-called", "38D",
  "{N} passed over the 8C before any ruling: no lead restrictions (38D); 7NT stands", "7NT P P 8C P",
  settled="7NT P P P", law=["38D", "38B", "38C"], offender="W", contract="7NT", declarer="N", next=None,
  lead_restrictions=False)
R("38C-mid-auction", "38C", "{W}'s 8H becomes a pass; {E}-{W} pass for the rest of the auction",
  "1S 2H 3S 8H TD", settled="1S 2H 3S P", law=["38C", "38B"], offender="W", next="N", partner_must_pass=REST,
  offender_must_pass=REST, lead_restrictions=True)
R("38C-responder", "38C", "{S}'s 8C becomes a pass; {N}-{S} silenced", "1C P 8C TD", settled="1C P P",
  law=["38C", "38B"], offender="S", next="W", partner_must_pass=REST, offender_must_pass=REST)

# ----------------------------------------------------------------------------------------------------------
# Law 39: calls after the final pass
R("39C-defender-doubles", "39C", "a defender doubles after the final pass: cancelled; 26B may apply",
  "1S P P P E:X TD", settled="1S P P P", law=["39C", "39A"], offender="E", contract="1S", declarer="N",
  next=None, lead_restrictions=True)
R("39B-dummy-bids", "39B", "the dummy-to-be bids after the final pass: cancelled, nothing more",
  "1S P P P S:2S TD", settled="1S P P P", law="39B", offender="S", contract="1S", declarer="N", next=None,
  lead_restrictions=False)
R("39B-declarer-bids", "39B", "the declarer bids after the final pass: cancelled, nothing more",
  "1S P 2S P P P N:3S TD", settled="1S P 2S P P P", law="39B", offender="N", contract="2S", declarer="N",
  next=None, lead_restrictions=False)
R("39B-defender-passes", "39B", "a defender's pass after the final pass: nothing more", "1S P P P E:P TD",
  settled="1S P P P", law="39B", offender="E", contract="1S", declarer="N", next=None, lead_restrictions=False)
R("39B-lho-called", "39B", "{S} redoubles over the defender's late double: no further rectification",
  "1S P P P E:X XX", settled="1S P P P", law="39B", offender="E", contract="1S", declarer="N", next=None,
  lead_restrictions=False)
R("39-after-pass-out", "39A", "after four passes a bid by a player whose partner had called since: cancelled",
  "P P P P E:1H TD", settled="P P P P", law=["39A", "39B"], offender="E", passed_out=True, next=None,
  lead_restrictions=False)
R("39C-final-pass-intended", "39C",
  "{W} claims nothing unintended: his 2H after the final pass is a defender's bid (contrast 25A5)",
  "1S P P P W:2H TD", facts={"unintended": "no"}, settled="1S P P P", law=["39C", "39A"], offender="W",
  contract="1S", declarer="N", next=None, lead_restrictions=True)


# ----------------------------------------------------------------------------------------------------------
def rotate_seat(s, k):
    return SEATS[(SEATS.index(s) + k) % 4] if s in SEATS else s


def rotate(sc, k):
    if k == 0:
        return sc
    sc = dict(sc)
    sc["dealer"] = rotate_seat(sc["dealer"], k)
    toks = []
    for t in sc["auction"].split():
        if len(t) > 2 and t[1] == ":" and t[0] in SEATS:
            t = rotate_seat(t[0], k) + t[1:]
        toks.append(t)
    sc["auction"] = " ".join(toks)
    ex = dict(sc["expect"])
    for key in ("next", "offender", "declarer"):
        if ex.get(key):
            ex[key] = rotate_seat(ex[key], k)
    sc["expect"] = ex
    sc["note"] = re.sub(r"\{([NESW])\}", lambda m: "{" + rotate_seat(m.group(1), k) + "}", sc["note"])
    return sc


def bid_rank(c):
    m = re.fullmatch(r"([1-7])(C|D|H|S|NT)", c)
    return (int(m.group(1)), "CDHSNT".index(m.group(2)) if m.group(2) != "NT" else 4) if m else None


def count(dealer, settled):
    """Independent count of an auction in rotation: (ended, passed_out, contract, declarer, next)."""
    accepted = {i for i, c in enumerate(settled.split()) if c.endswith("!")}
    calls = [c.rstrip("!") for c in settled.split()]
    seats = [SEATS[(SEATS.index(dealer) + i) % 4] for i in range(len(calls))]
    last_bid = None
    for i, c in enumerate(calls):
        r = bid_rank(c)
        if r:
            if last_bid is not None and r <= bid_rank(calls[last_bid]) and i not in accepted:
                raise ValueError(f"insufficient {c} in settled auction {settled!r}")
            last_bid = i
    nxt = SEATS[(SEATS.index(dealer) + len(calls)) % 4]
    if last_bid is None:
        out = len(calls) >= 4
        return out, out, None, None, (None if out else nxt)
    trailing = len(calls) - 1 - last_bid
    if trailing < 3 or any(c != "P" for c in calls[-3:]):
        return False, False, None, None, nxt
    strain = calls[last_bid][1:]
    side = {seats[last_bid], SEATS[(SEATS.index(seats[last_bid]) + 2) % 4]}
    declarer = next(seats[i] for i, c in enumerate(calls) if bid_rank(c) and c[1:] == strain and seats[i] in side)
    mark = "".join(c for c in calls[last_bid + 1:] if c in ("X", "XX"))[-2:]
    return True, False, calls[last_bid] + ("XX" if mark == "XX" else "X" if mark else ""), declarer, None


def check(sc):
    if "settled" not in sc or sc["settled"] is None:
        return []
    ended, passed_out, contract, declarer, nxt = count(sc["dealer"], sc["settled"])
    ex, errs = sc["expect"], []
    if "next" in ex and ex["next"] != nxt:
        errs.append(f"next {ex['next']!r}, the count says {nxt!r}")
    if "contract" in ex and ex["contract"] != contract:
        errs.append(f"contract {ex['contract']!r}, the count says {contract!r}")
    if "declarer" in ex and ex["declarer"] != declarer:
        errs.append(f"declarer {ex['declarer']!r}, the count says {declarer!r}")
    if "passed_out" in ex and ex["passed_out"] != passed_out:
        errs.append(f"passed_out {ex['passed_out']!r}, the count says {passed_out!r}")
    return errs


def main():
    out, errors, k = [], [], 0
    seen = set()
    for sc in OUT:
        if sc["id"] in seen:
            errors.append(f"{sc['id']}: duplicate id")
        seen.add(sc["id"])
        turn = sc.pop("_turn")
        sc = rotate(sc, (k % 4) if turn else 0)
        k += 1
        sc["note"] = re.sub(r"\{([NESW])\}", r"\1", sc["note"])
        errors += [f"{sc['id']}: {e}" for e in check(sc)]
        out.append(sc)
    if errors:
        print("\n".join(errors), file=sys.stderr)
        return 1
    header = (HERE / "header.txt").read_text(encoding="utf-8")
    body = yaml.safe_dump(out, sort_keys=False, allow_unicode=True, width=120, default_flow_style=None)
    (HERE / "scenarios.yaml").write_text(header + body, encoding="utf-8")
    per_law = Counter(re.match(r"\d+", sc["law_basis"]).group(0) for sc in out)
    print(f"{len(out)} scenarios; per law (law_basis): " + ", ".join(
        f"{law}: {n}" for law, n in sorted(per_law.items(), key=lambda x: int(x[0]))))
    ruled = Counter()
    for sc in out:
        laws = sc["expect"].get("law") or []
        laws = laws if isinstance(laws, list) else [laws]
        for law in {re.match(r"\d+", x).group(0) for x in laws}:
            ruled[law] += 1
    print("rulings that may carry a key of law: " + ", ".join(
        f"{law}: {n}" for law, n in sorted(ruled.items(), key=lambda x: int(x[0]))))
    print("dealers: " + ", ".join(f"{d}: {n}" for d, n in sorted(Counter(s["dealer"] for s in out).items())))
    print(f"ruled otherwise by the prior edition: {sum('prior_edition' in s for s in out)}; debatable: "
          f"{sum(bool(s.get('debatable')) for s in out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
