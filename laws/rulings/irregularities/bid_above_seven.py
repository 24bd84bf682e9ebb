"""Law 38: a bid above the level of seven (a call the record can hold, never a legal one)."""
from __future__ import annotations

from i18n import N_

from .base import Unit, register

KIND = "bid_above_seven"


@register
class BidAboveSeven(Unit):
    kinds = (KIND,)
    laws = {KIND: "38"}
    labels = {KIND: N_("bid above the level of seven")}
    priority = 10

    def classify(self, rp, e, ctx) -> bool:
        if not (e.call.is_bid and e.call.level > 7):
            return False
        rp.hold(rp.new_irreg(KIND, e, self.laws[KIND], **ctx.common), e)
        return True
