"""Law 25: a change of call. A second call by the same player before his LHO calls (also after the final pass,
22A1 "but see Law 25", 25A3: within the auction period), and at the LHO's turn a pass after a bid, a bid by a
player who had called before or a double or redouble, which the laws treat as a change of call (by the provisions the
tree of that call out of rotation names in each edition: 30B3 and 31B of the 2007 Laws, 30B2, 31C and 32C of the 2017
Laws)."""
from __future__ import annotations

from i18n import N_

from .. import trees as R
from . import call_after_final_pass as after_final
from . import out_of_rotation as oor
from .base import Unit, register

KIND = "change_of_call"


@register
class ChangeOfCall(Unit):
    kinds = (KIND,)
    laws = {KIND: "25"}
    labels = {KIND: N_("change of call")}
    priority = 55

    def classify_after_end(self, rp, e) -> bool:
        if not rp.own_last(e.seat):
            return False
        irr = after_final.after_end(rp, e, KIND, self.laws[KIND], own=True)
        irr.facts["partner_called"] = "no"
        # whether the auction period is over (the opening lead faced, 25A5/25A3) the record of calls cannot show: the
        # director's finding, read as "not yet" until he gives it
        irr.assumed.update({"unintended": rp.fact(irr, "unintended") or "no", "pause": rp.fact(irr, "pause") or "no",
                            "auction_ended": rp.fact(irr, "auction_ended") or "no"})
        return True

    def classify(self, rp, e, ctx) -> bool:
        if ctx.in_turn:
            return False
        c, p = e.call, e.seat
        at = ctx.common["at_turn_of"]
        called_before = any(s.seat == p for s in rp.standing)
        # before any bid a pass at LHO's turn is a pass out of rotation, never a change (30B3 applies "after some
        # player has bid")
        change = at == "LHO" and not (c.is_pass and not ctx.bid_before) and (
            rp.own_last(p) or (ctx.bid_before if c.is_pass else called_before if c.is_bid else True))
        if not change:
            return False
        oor.detect(rp, e, ctx, KIND, change=True, treated_as=self.treated_as(rp, c, called_before))
        return True

    def treated_as(self, rp, call, called_before: bool) -> tuple:
        """The provisions by which the edition followed treats ``call``, made at the LHO's turn, as a change of call:
        those of the node of the tree of that call out of rotation (pass, bid, double) that goes to this tree at the
        LHO's turn; Law 25 itself when that tree names none."""
        tree = R.trees(rp.edition).get(oor.kind_of(call))
        known = {"turn_of": "lho", "called_before": "yes" if called_before else "no", "may_change": "no",
                 "in_rotation": "no", "out_of_rotation": "yes", "rho_must_pass": "no"}
        nodes = R.gotos_reached(tree, KIND, known) if tree is not None else []
        if not nodes:
            return (self.laws[KIND],)
        return tuple((nodes[0].effect or {}).get("applies") or [nodes[0].law])

    def unasked(self, irr) -> dict:
        # a change of the final pass: whether the opening lead was faced (the auction period over, 25A5 / 2007 25A3)
        # the record of calls cannot show: "not yet" until the director says (review session 4 #15)
        return {"auction_ended": irr.assumed["auction_ended"]} if "auction_ended" in irr.assumed else {}

    def option_open(self, irr) -> bool:
        # a change after the final pass is a call after the final pass (39): the LHO has no option to accept
        return irr.facts.get("after_final_pass") != "yes"

    def respond(self, rp, irr, e) -> bool:
        if irr.facts.get("after_final_pass") == "yes":
            rp.settle(irr)
            out, _ = rp.walk(irr)
            if irr.lho_called and out is not None and out.status == "ruling" and out.tree == after_final.TREE:
                # not a change the law permits but a call after the final pass: the LHO's call over it, itself after
                # the final pass, is part of this irregularity (39B), cancelled with it, not one of its own
                e.status, e.law, e.in_rotation = "cancelled", after_final.CANCELLED_BY, False
            return True
        return False

    def director(self, rp, irr) -> None:
        if irr.facts.get("after_final_pass") == "yes":
            irr.td_called = True
            rp.settle(irr)
            return
        rp.rectify(irr, td=True)

    def at_record_end(self, rp, irr) -> None:
        if irr.facts.get("after_final_pass") != "yes":
            return
        out, _ = rp.walk(irr)
        if out is None or out.status != "ruling":
            return
        if out.tree == after_final.TREE:      # not a change the law permits: a call after the final pass (39)
            rp.pending = None
            rp.settle(irr)
        else:    # a change of the final pass that the law permits: the auction period goes on
            rp.complete = False
