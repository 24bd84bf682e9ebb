"""The words of the replay (English msgids, domain ``auction``): the status of a call, how an irregularity
ended, the notes a tree's ruling points to, the status of an obligation, the facts a rectification still
waits for. The kinds of irregularity are labelled by their units (:mod:`laws.rulings.irregularities`).
Trees name notes and resolutions by these keys (``laws/trees/README.md``)."""
from __future__ import annotations

from i18n import N_

STATUS_LABELS = {
    "legal": N_("legal"),
    "accepted_irregular": N_("irregular, stands"),
    "cancelled": N_("cancelled"),
    "replaced": N_("replaced"),
    "pending": N_("irregular, not yet dealt with"),
}

RESOLUTION_LABELS = {
    "pending": N_("Not yet dealt with: the offender's LHO may call (accepting it where the law allows) or the "
                  "director may be called."),
    "accepted": N_("Accepted: the offender's LHO called over it; the call stands."),
    "valid": N_("The offender's LHO called before the rectification: the call and all later calls stand (37A)."),
    "awaiting_director": N_("The offender's LHO called before the rectification; when the director is called, "
                            "the irregular call and all later calls are cancelled."),
    "rectified": N_("Rectified."),
    "deemed_in_rotation": N_("Made at the turn of a RHO required by law to pass: deemed to be in rotation, no "
                             "rectification (28A)."),
    "forfeited": N_("The player whose turn it was called before the rectification: the call out of rotation is "
                    "cancelled and the right to rectification is forfeited (28B)."),
    "substituted": N_("The offender replaced it before the director's rectification (27C)."),
    "reverted": N_("The auction does not end: it returns to the player who missed his turn and the passes that "
                   "followed are cancelled."),
    "cancelled": N_("Cancelled."),
    "lho_option": N_("The director offers the offender's LHO the option of accepting it: the LHO's call over it "
                     "accepts it; another player's call shows it declined."),
    "no_tree": N_("Not ruled: the edition of the Laws followed has no decision tree for this irregularity."),
}

NOTE_LABELS = {
    "16D": N_("Law 16D applies to the withdrawn calls."),
    "16D2": N_("Law 16D2 applies to the offending side."),
    "16C": N_("Law 16C applies to the withdrawn calls."),
    "16C2": N_("Law 16C2 applies to the offending side."),
    "23C": N_("Law 23C may apply (an adjusted score if the outcome could well have been different)."),
    "23": N_("Law 23 may apply."),
    "26": N_("The lead restrictions of Law 26 may apply."),
    "26B": N_("The lead restrictions of Law 26B may apply."),
    "no_26": N_("The lead restrictions of Law 26 do not apply."),
    "no_23_26": N_("Laws 23 and 26 do not apply (38D)."),
    "72C": N_("Law 72C may apply: awareness of potential damage."),
    "no_72C_26B": N_("Laws 26B and 72C do not apply (38D)."),
    "no_26B": N_("The lead restrictions of Law 26B do not apply."),
    "27D": N_("Law 27D may apply at the end of the play."),
    "25": N_("Treated as a change of call: Law 25 applies."),
    "27A2": N_("An insufficient bid out of rotation: Law 31 applies (27A2)."),
    "28A": N_("Deemed in rotation: the right-hand opponent, whose turn it was, was required to pass (28A)."),
    "34": N_("Three passes followed a call, one of them out of rotation: the auction does not end there (34)."),
    "substitute": N_("The offender must replace the cancelled call by a legal call."),
    "repeat_ok": N_("The offender repeated the call out of rotation: no rectification."),
    "superseded": N_("The rectification of an earlier irregularity cancelled this call."),
    "no_tree": N_("The edition of the Laws followed has no decision tree for this irregularity: nothing is rectified."),
}

OBLIGATION_STATUS_LABELS = {
    "in_force": N_("in force"),
    "undetermined": N_("undetermined"),
    "fulfilled": N_("fulfilled"),
    "breached": N_("breached"),
    "cancelled": N_("void"),      # created by calls that a later rectification cancelled (36A, 38B)
}

#: what a rectification still waits for (``Irregularity.facts_needed``): a director's fact, or a later call
PENDING_FACT_LABELS = {
    "artificial": N_("whether the calls are artificial"),
    "same_meaning": N_("whether the replacement has the same meaning as the insufficient bid"),
    "unintended": N_("whether the change of call was unintended"),
    "pause": N_("whether the player paused for thought before changing his call"),
    "pass_over_artificial": N_("whether the pass out of rotation was made over an artificial call of the offender's "
                               "partner (30C)"),
    "repeats_denomination": N_("whether the offender's call repeats the denomination specified by the artificial "
                               "bid out of rotation (29C)"),
    "offender_call": N_("what the offender calls next"),
    "comparable": N_("whether the replacement is a comparable call (Law 23A)"),
    "same_denomination": N_("whether the replacement specifies the same denomination(s) as the insufficient bid"),
}

