"""Law 36: an inadmissible double or redouble (one Law 19 does not permit)."""
from __future__ import annotations

from i18n import N_

from .base import Unit, register

KIND = "inadmissible_double"


def replaces_unintended(rp, e, ctx) -> bool:
    """A double at the partner's turn that the director finds to be the player's intended call in place of his own
    unintended last call (25A1; the fact ``unintended``, never read off the record): judged against the auction
    without that call and the calls made over it, where it may be admissible (review #16)."""
    prev = rp.replaceable(e.seat) if not ctx.in_turn and ctx.common["at_turn_of"] == "partner" else None
    given = rp.per.get(e.index, {}).get("unintended", rp.glob.get("unintended"))
    if prev is None or given != "yes":
        return False
    return rp.admissible(e.seat, e.call, rp.standing[:rp.standing.index(prev)])


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
        rp.hold(irr, e)
        return True
