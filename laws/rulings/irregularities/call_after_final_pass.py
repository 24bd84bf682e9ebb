"""Law 39: a call made after the final pass of the auction (22A); it is cancelled and, except a pass by a
defender or a call by the declaring side, rectified without the director being needed (39A, 39B)."""
from __future__ import annotations

from i18n import N_

from ..calls import partner
from .base import Unit, register

KIND = "call_after_final_pass"
TREE = "call_after_final_pass"


def after_end(rp, e, kind: str, law: str, own: bool):
    """The irregularity of a call made after the auction ended, with what the record shows of it: the auction
    passed out or not, the kind of call, whether its caller is a defender. The call is cancelled at once; the ruling
    (or a change of the final pass) decides what follows."""
    p, c = e.seat, e.call
    irr = rp.new_irreg(kind, e, law, turn=None)
    irr.change_of_call = own
    irr.facts["after_final_pass"] = "yes"
    irr.facts["passed_out"] = "yes" if not any(s.call.is_bid for s in rp.standing) else "no"
    irr.facts["call_kind"] = "pass" if c.is_pass else "bid" if c.is_bid else "double"
    contract = rp.contract()
    if contract is not None:
        declarer = rp.declarer(contract)
        irr.facts["by_defender"] = "no" if p in (declarer, partner(declarer)) else "yes"
    e.status, e.law, e.in_rotation = "cancelled", CANCELLED_BY, False
    rp.pending = irr
    return irr


CANCELLED_BY = "39A"


@register
class CallAfterFinalPass(Unit):
    kinds = (KIND,)
    laws = {KIND: "39"}
    labels = {KIND: N_("call after the final pass")}
    priority = 90
    lho_may_accept = False

    def classify_after_end(self, rp, e) -> bool:
        irr = after_end(rp, e, KIND, self.laws[KIND], own=False)
        irr._add(CANCELLED_BY)
        irr.cancelled = [e.index]
        return True

    def respond(self, rp, irr, e) -> bool:
        rp.settle(irr)
        if irr.lho_called and rp.complete:
            # the LHO's call over it, itself after the final pass, is part of this irregularity (39B): cancelled with
            # it, not an irregularity of its own
            e.status, e.law, e.in_rotation = "cancelled", CANCELLED_BY, False
        return True

    def director(self, rp, irr) -> None:
        irr.td_called = True
        rp.settle(irr)

    def at_record_end(self, rp, irr) -> None:
        """The law applies without the director: the call is cancelled as its tree rules."""
        out, _ = rp.walk(irr)
        if out is not None and out.status == "ruling" and out.tree == TREE:
            rp.pending = None
            rp.settle(irr)
