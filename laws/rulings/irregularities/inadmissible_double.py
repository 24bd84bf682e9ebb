"""Law 36: an inadmissible double or redouble (one Law 19 does not permit)."""
from __future__ import annotations

from i18n import N_

from .base import Unit, register

KIND = "inadmissible_double"


@register
class InadmissibleDouble(Unit):
    kinds = (KIND,)
    laws = {KIND: "36"}
    labels = {KIND: N_("inadmissible double or redouble")}
    priority = 30

    def classify(self, rp, e, ctx) -> bool:
        if not (e.call.is_double and not rp.admissible(e.seat, e.call)):
            return False
        irr = rp.new_irreg(KIND, e, self.laws[KIND], **ctx.common)
        irr.facts["inadmissible"] = "yes"
        rp.hold(irr, e)
        return True
