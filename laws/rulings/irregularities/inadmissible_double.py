"""Law 36: an inadmissible double or redouble (one Law 19 does not permit)."""
from __future__ import annotations

from i18n import N_

from .base import Unit, register

KIND = "inadmissible_double"


def replaces_unintended(rp, e, ctx) -> bool:
    """A double at the partner's turn (or at the LHO's turn, right after his own call) that the director finds to be the
    player's intended call in place of his own unintended last call (25A1; the fact ``unintended``, never read off the record): judged against the auction
    without that call and the calls made over it, where it may be admissible (review #16)."""
    at = ctx.common["at_turn_of"]
    # at his partner's turn, or at his LHO's turn straight after his own call (a second call before the LHO calls:
    # '1NT 2S N:X', the slip "2S for Double", review session 4 #17)
    prev = rp.replaceable(e.seat) if not ctx.in_turn and (at == "partner" or (at == "LHO" and rp.own_last(e.seat))) \
        else None
    given = rp.per.get(e.index, {}).get("unintended", rp.glob.get("unintended"))
    if prev is None or given == "no":
        return False
    candidate = rp.admissible(e.seat, e.call, rp.standing[:rp.standing.index(prev)])
    if candidate and given is None:
        e.unasked_substitution = True     # 25A1 would take it, were the director told: listed as not asked
    return candidate and given == "yes"


@register
class InadmissibleDouble(Unit):
    kinds = (KIND,)
    laws = {KIND: "36"}
    labels = {KIND: N_("inadmissible double or redouble")}
    priority = 30

    def classify(self, rp, e, ctx) -> bool:
        if not (e.call.is_double and not rp.admissible(e.seat, e.call)):
            return False
        if replaces_unintended(rp, e, ctx):
            return False          # the intended double in place of the player's unintended call: Law 25A1 (32)
        irr = rp.new_irreg(KIND, e, self.laws[KIND], **ctx.common)
        irr.facts["inadmissible"] = "yes"
        if getattr(e, "unasked_substitution", False):
            irr.assumed["unintended"] = "no"   # not asked: the ruling lists it (rule: facts_unasked)
        rp.hold(irr, e)
        return True
