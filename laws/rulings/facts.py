"""The facts a ruling may need, with stable keys (``rulebook facts --json`` lists them).

A fact is either read off the auction record (``source="auction"``: whose turn it was, whether
anyone had bid, whether the offender's LHO called since, what the offender called after the
rectification, ...) or asked of the director (``source="director"``), one question at a time.
The keys ``artificial``, ``same_meaning``, ``unintended`` and ``pause`` are fixed by the project's
interface; the others are named here. Values are ``yes``/``no`` unless ``options`` says otherwise.
A fact given that a ruling does not need is ignored.

A fact belongs to the editions of the Laws whose trees ask it (or read it off the record):
:func:`laws.rulings.trees.facts_of_edition` lists them per edition, with the provisions of that
edition that ask them (``rulebook facts --edition E``), so that no edition is written here. ``law``
is the provision the question was first written for, in the edition of the trees that ask it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from i18n import N_

YES_NO = ("yes", "no")
OPTION_WORDS = [N_("yes"), N_("no")]


@dataclass(frozen=True)
class Fact:
    key: str
    question: str                     # English; translated through the "rulings" catalog
    options: tuple[str, ...] = YES_NO
    source: str = "director"          # "director" | "auction" (read off the record when there is one)
    law: str = ""                     # the provision the question rests on
    help: str = ""                    # what the director should consider (English, translated)
    option_labels: dict = field(default_factory=dict)  # option -> English label
    implies: dict = field(default_factory=dict)        # option -> {other fact: value it establishes}
    without_record: str | None = None                  # the value taken when neither the record nor the director
                                                       # gives it (never asked: another question covers it)
    reading: str | None = None                         # the value the replay reads it as while the director has not
                                                       # given it, when the answers would treat the calls differently
    awaits: str | None = None                          # read off a later call of the record: "rho_call" (the
                                                       # offender's RHO's) or "offender_call"


def _f(key, question, options=YES_NO, source="director", law="", help="", labels=None, without_record=None,
       implies=None, reading=None, awaits=None):
    return Fact(key, question, tuple(options), source, law, help, labels or {}, implies or {},
                without_record=without_record, reading=reading, awaits=awaits)


FACTS: dict[str, Fact] = {f.key: f for f in [
    # -- fixed keys ------------------------------------------------------------------------------
    _f("artificial", N_("Is the irregular call in question artificial?"), law="27B1a",
       help=N_("For an insufficient bid: the insufficient bid or its replacement (Law 27B1(a)); "
               "for a call out of rotation: the call itself (Laws 29C and 30C)."), reading="no"),
    _f("same_meaning", N_("Does the replacement call have the same meaning as the insufficient bid, or a more "
                          "precise one (its meaning wholly contained in the insufficient bid's possible meanings)?"),
       law="27B1b", reading="no"),
    _f("comparable", N_("Is the call that replaces the withdrawn (or cancelled) call a comparable call: one with the same "
                        "or a similar meaning, one whose possible meanings are a subset of the withdrawn call's, or one "
                        "with the same purpose (Law 23A)?"), law="23A",
       help=N_("A call is comparable to the withdrawn call when it has the same or a similar meaning as the meaning "
               "attributable to it, when it defines a subset of those possible meanings, or when it has the same "
               "purpose (for example an asking or relay call) as the meaning attributable to it. The director "
               "judges it from the partnership's agreements."), reading="no"),
    _f("unintended", N_("Was the call the player changed unintended (not the call he meant to make), the new call "
                        "being the one he intended, rather than a change of mind?"),
       law="25A1", reading="no"),
    _f("pause", N_("Did the player pause for thought before changing (or trying to change) the call?"), law="25A1", reading="no"),
    # -- read off the auction record when there is one --------------------------------------------
    _f("accepted", N_("Did the offender's left-hand opponent call over the irregular call (accepting it) before "
                      "the director was called?"), source="auction", law="29A"),
    _f("lho_called", N_("Had the offender's left-hand opponent called over the irregular call before anything else "
                        "was done about it?"), source="auction", law="27A1", without_record="no"),
    _f("in_rotation", N_("Was the irregular call made at the offender's own turn?"), source="auction", law="27A2"),
    _f("turn_player_called", N_("Before the director was called, did the player whose turn it was call (over the "
                                "call out of rotation)?"), source="auction", law="28B"),
    _f("premature", N_("Did the offender replace the insufficient bid before the director ruled on it?"),
       source="auction", law="27C"),
    _f("turn_of", N_("Whose turn was it to call when the offender called out of rotation?"),
       options=("partner", "rho", "lho"), source="auction", law="28",
       labels={"partner": N_("the offender's partner"), "rho": N_("the offender's right-hand opponent"),
               "lho": N_("the offender's left-hand opponent")}),
    _f("rho_must_pass", N_("Was the offender's right-hand opponent, whose turn it was, required by law to pass?"),
       source="auction", law="28A"),
    _f("any_bid", N_("Had any player bid before the irregular call?"), source="auction", law="30A"),
    _f("called_before", N_("Had the offender called before in this auction?"), source="auction", law="31B"),
    _f("replacement", N_("What call does the offender make in place of the insufficient bid?"),
       options=("lowest_same", "other_bid", "pass", "double", "insufficient"), source="auction", law="27B",
       labels={"lowest_same": N_("the lowest sufficient bid in the same denomination"),
               "other_bid": N_("another sufficient bid"), "pass": N_("pass"),
               "double": N_("double or redouble"), "insufficient": N_("another insufficient bid")}, awaits="offender_call"),
    _f("replacement_legal", N_("Is the double or redouble put in place of the insufficient bid permitted by Law 19 "
                               "(a legal call)?"), source="auction", law="27B1b", without_record="yes"),
    _f("out_of_rotation", N_("Was the call made out of rotation?"), source="auction", law="28",
       without_record="no"),
    _f("rho_action", N_("After the call out of rotation was cancelled, what did the offender's right-hand opponent do "
                        "at his turn?"), options=("pass", "call"), source="auction", law="31A",
       labels={"pass": N_("passed"), "call": N_("bid, doubled or redoubled")}, awaits="rho_call"),
    _f("offender_called", N_("After the call out of rotation was cancelled, has the offender made his call at his own "
                             "turn (the call whose comparability decides the rectification)?"),
       source="auction", law="29B", awaits="offender_call"),
    _f("offender_bid_again", N_("At his own turn, after the call out of rotation was cancelled, did the offender make a "
                                "bid (not a pass, double or redouble)?"), source="auction", law="31A2",
       awaits="offender_call"),
    _f("offender_repeats", N_("At his turn, did the offender repeat the call he made out of rotation?"),
       source="auction", law="31A1", awaits="offender_call"),
    _f("same_denomination", N_("Does the offender's later call specify the same denomination(s) as the call it is "
                               "compared with (the insufficient bid it replaced, or his bid out of rotation; for an "
                               "artificial bid, what it specified rather than the denomination it named)?"),
       source="auction", law="31A2a", awaits="offender_call", reading="no"),
    _f("inadmissible", N_("Was the double or redouble out of rotation inadmissible (not permitted by Law 19)?"),
       source="auction", law="32"),
    _f("ends_auction", N_("Would the pass out of rotation have ended the auction (a call followed by three passes, "
                          "one of them out of rotation)?"), source="auction", law="17E2"),
    _f("by_defender", N_("Was the call after the final pass made by a (future) defender?"), source="auction", law="39B"),
    _f("call_kind", N_("What kind of call was it?"), options=("pass", "bid", "double"), source="auction", law="39B",
       labels={"pass": N_("pass"), "bid": N_("bid"), "double": N_("double or redouble")}, awaits="offender_call"),
    _f("after_final_pass", N_("Was the new call made after the final pass of the auction (Law 22A)?"),
       source="auction", law="22A", without_record="no"),
    _f("passed_out", N_("Had all four players passed (Law 22A1), so that there is no contract and no defender?"),
       source="auction", law="22A1", without_record="no"),
    _f("second_insufficient", N_("Is this insufficient bid the offender's attempt to replace an earlier insufficient "
                                 "bid (Law 27B4)?"), source="auction", law="27B4"),
    _f("rest_of_auction", N_("Was the offender required to pass for the rest of the auction (not only at one turn)?"),
       source="auction", law="37A"),
    # -- asked of the director --------------------------------------------------------------------
    _f("simultaneous_with", N_("With whose call, made in rotation, did the offender's call coincide?"),
       options=("rho", "partner", "lho"), law="33",
       labels={"rho": N_("his right-hand opponent's"), "partner": N_("his partner's"),
               "lho": N_("his left-hand opponent's")},
       implies={"partner": {"turn_of": "rho"}, "lho": {"turn_of": "partner"}},
       help=N_("The offender's call is deemed made after that call. After his RHO's call it is his own turn; after "
               "his partner's call it is his RHO's turn; after his LHO's call it is his partner's turn.")),
    _f("repeats_denomination", N_("Does the offender's call repeat a denomination that his artificial bid out of "
                                  "rotation specified (Law 29C)?"), law="29C"),
    _f("pass_over_artificial", N_("Was the pass out of rotation made over an artificial call of the offender's "
                                  "partner (Law 30C)?"), law="30C",
       help=N_("Answer no when the offender's partner had made no call other than pass: the record then answers "
               "it."), reading="no"),
    _f("may_change", N_("Had the offender called before, his partner not having called since (so that this call may "
                        "replace an unintended call of his: Law 25A1)?"), source="auction", law="25A1",
       without_record="no"),
    _f("partner_called", N_("Has the player's partner called since the call to be changed?"), source="auction",
       law="25A2"),
    _f("lho_called_over", N_("Had the offender's left-hand opponent already called over the unintended call?"),
       law="25A4"),
    _f("auction_ended", N_("Has the auction period ended (the opening lead faced)?"), source="auction", law="25A3"),
    _f("lho_called_after_wrong_board", N_("Had the offender's left-hand opponent called over the cancelled call?"),
       law="17D2"),
    _f("new_call_differs", N_("Does the offender's new call differ from the cancelled one (a very different meaning, "
                              "or a psychic call)?"), law="17D2"),
    _f("partner_called_after_wrong_board", N_("Had the offender's partner called over the cancelled call?"), law="17D2"),
    _f("cards_exposed", N_("Which cards could the offender's partner have seen?"),
       options=("low_card", "honour_or_lead", "two_or_more"), law="24",
       labels={"low_card": N_("a single card below the rank of an honour, not prematurely led"),
               "honour_or_lead": N_("a single card of honour rank, or any card prematurely led"),
               "two_or_more": N_("two or more cards")}),
    _f("offender_defender", N_("Did the offender become a defender?"), law="24"),
    _f("auction_over", N_("Has the auction ended, so that it is known whether the offender is declarer, dummy or a "
                          "defender?"), law="22A",
       help=N_("Until then each exposed card stays face up on the table and the ruling covers what happens at the end "
               "of the auction. If all four players passed, the cards go back into the board: answer 'yes', and 'no' "
               "to whether the offender became a defender.")),
    _f("withdrawn_call_suits", N_("Did the withdrawn call relate to one or more specified suits?"), law="26A"),
    _f("suits_specified_legally", N_("Was each of those suits specified by the same player in the legal auction?"),
       law="26A1"),
    _f("ui_from_partner", N_("Did the player receive extraneous information from his partner (a remark, an "
                             "unexpected alert or failure to alert, hesitation, unwonted speed, special emphasis, "
                             "gesture...) that could suggest a call or play?"), law="16B1"),
    _f("logical_alternative", N_("Was there a logical alternative to the action chosen (one that a significant "
                                 "proportion of the player's peers would seriously consider, some of whom would "
                                 "choose it)?"), law="16B1b"),
    _f("demonstrably_suggested", N_("Could the action chosen demonstrably have been suggested over that alternative "
                                    "by the unauthorized information?"), law="16B1a"),
    _f("damaged", N_("Did the non-offending side obtain a less favourable result than it would have without the "
                     "infraction (damage)?"), law="12C1a"),
    _f("ui_other_source", N_("Did a player accidentally receive information about the board from another source "
                             "(another table, a wrong hand, a card seen before the auction)?"), law="16D1"),
    _f("before_first_call", N_("Was the information received before any call was made on the board?"), law="16D2"),
    _f("misinformation", N_("Did the explanation given differ from the partnership agreement (or was an alert "
                            "required and not given)?"), law="75B1"),
    _f("agreement_proven", N_("Is there sufficient evidence of what the partnership agreement is?"), law="75D3"),
    _f("auction_still_open", N_("Is it still before the end of the auction period, with the player's partner not "
                                "having called since?"), law="21B1a"),
    _f("call_influenced", N_("Could the call to be changed well have been influenced by the misinformation?"),
       law="21B1a"),
    _f("lead_faced", N_("Has the opening lead been faced?"), law="41C"),
    _f("played_on_misinformation", N_("Was the card played because of a mistaken explanation of an opponent's call "
                                      "or play, before it was corrected?"), law="47E2a"),
    _f("card_played_to_trick_since", N_("Has a card been played to that trick since (or, for the opening lead, has "
                                        "dummy faced a card)?"), law="47E2a"),
    _f("told_its_turn", N_("Did an opponent mistakenly tell the player it was his turn to lead or play?"),
       law="47E1"),
    # each edition's own test is its tree's question (2017 23C/27D: "could well have been"; 2007 27D: "could have been"):
    # rulebook facts --edition shows it (laws.rulings.trees.edition_question)
    _f("outcome_could_differ", N_("At the end of the play: without the help the infraction gave, could the outcome of "
                                  "the board have been different?"), law="23C"),
    _f("results_assessable", N_("Can the director assess the likely results without the infraction (not too "
                                "numerous or unclear)?"), law="12C1d"),
    _f("serious_error", N_("After the infraction, did the non-offending side contribute to its own damage by a "
                           "serious error unrelated to it, or by a wild or gambling action?"), law="12C1e"),
    # -- facts asked by the trees of several editions, whose provisions differ: each edition's tree names its own
    #    provision at the node that asks (the node's own question where the wording differs)
    _f("several_likely_results", N_("Are there several results that could each well have been obtained without the "
                                    "infraction?"), law="12C1c"),
    _f("player_on_offending_side", N_("Is the player who may have used the information a member of the offending side "
                                      "(the side whose irregularity led to the withdrawal)?"), law="16C",
       help=N_("The side that committed the irregularity is the offending side, whichever side's call or play was "
               "withdrawn; its opponents are the non-offending side.")),
    _f("likely_to_interfere", N_("Does the director consider that the information would likely interfere with normal "
                                 "play of the board?"), law="16D2"),
    _f("other_source_measure", N_("Which measure does the director take?"),
       options=("adjust_positions", "redeal", "complete_play", "adjusted_score"), law="16D2",
       labels={"adjust_positions": N_("adjust the players' positions, so that the player with information about a hand "
                                      "will hold that hand"),
               "redeal": N_("have the board redealt for these contestants"),
               "complete_play": N_("allow the play of the board to be completed"),
               "adjusted_score": N_("award an adjusted score")},
       help=N_("Positions may be adjusted only if the type of contest and the scoring permit it, and the board redealt "
               "only if the form of competition permits it. For teams, see Law 86B.")),
    _f("complete_play_after_first_call", N_("The information came after the first call: does the director let the play "
                                            "of the board be completed, rather than award an adjusted score at once?"),
       law="16D3"),
    _f("information_affected_result", N_("Could the extraneous information have affected the result of the board?"),
       law="16D2c"),
    _f("first_turn_to_play", N_("Is it the player's first turn to play, before he has played a card?"), law="41B",
       help=N_("Declarer's first turn to play is normally from dummy, unless he accepts an opening lead out of turn.")),
]}


#: the director's yes/no findings, which the replay of a record takes when given (``rulebook auction --fact``); with
#: them ``accepted`` (when the director is called before the offender's LHO calls and the tree asks the LHO's option,
#: ``acceptance: asked``, the LHO's answer is the director's to give) and ``same_denomination`` (read off the record
#: where it can be, the director's finding where the bids are artificial) and ``auction_ended`` (read off an open
#: auction; whether the opening lead was faced, once the record's auction is over, is the director's finding)
DIRECTOR_FACTS = tuple(k for k, f in FACTS.items() if f.source == "director" and f.options == YES_NO) + (
    "accepted", "same_denomination", "auction_ended")


def describe(t) -> list[dict]:
    """Every fact, translated with ``t`` (an i18n.Translator), for ``rulebook facts --json``."""
    return [{"key": f.key, "question": t.gettext(f.question), "options": list(f.options),
             "option_labels": {o: t.gettext(f.option_labels.get(o) or o) for o in f.options},
             "source": f.source, "law": f.law, "help": t.gettext(f.help) if f.help else ""}
            for f in FACTS.values()]
