"""Law 37: a call other than pass by a player a rectification requires to pass; and a call that breaks another
obligation of a rectification (to repeat a call, not to double or redouble), which the laws give no rectification
of its own: the replay cancels it and the player calls again, unless the offender's LHO called over it."""
from __future__ import annotations

from i18n import N_

from .base import Unit, register

KIND = "call_when_required_to_pass"
BREACH = "obligation_breached"


@register
class CallWhenRequiredToPass(Unit):
    kinds = (KIND,)
    laws = {KIND: "37"}
    labels = {KIND: N_("call by a player required to pass")}
    priority = 40
    breaks_obligation = True

    def classify(self, rp, e, ctx) -> bool:
        pass_breach = [o for o in ctx.breached if o.must == "pass"]
        if not (ctx.in_turn and not e.call.is_pass and (ctx.rest_pass or pass_breach)):
            return False
        irr = rp.new_irreg(KIND, e, self.laws[KIND], **ctx.common)
        irr.facts["rest_of_auction"] = "yes" if ctx.rest_pass else "no"
        rp.hold(irr, e)
        return True

    def record_facts(self, irr, calls, f) -> None:
        f.setdefault("inadmissible", "no")


@register
class ObligationBreached(Unit):
    kinds = (BREACH,)
    laws = {BREACH: None}      # the provision of the obligation breached
    labels = {BREACH: N_("call that breaks an obligation of the rectification")}
    priority = 50
    breaks_obligation = True
    has_tree = False

    def classify(self, rp, e, ctx) -> bool:
        other = [o for o in ctx.breached if o.must != "pass"]
        if not (ctx.in_turn and other):
            return False
        ob = other[0]
        irr = rp.new_irreg(BREACH, e, ob.law, **ctx.common)
        irr._add(ob.law)
        if ob.must == "repeat":
            irr.facts["offender_repeats"] = "no"
        rp.hold(irr, e)
        return True

    def respond(self, rp, irr, e) -> bool:
        super().respond(rp, irr, e)
        if irr.lho_called:        # no tree of its own: the call stands
            rp.enact(irr, irr.law, {"cancelled": "none", "next": "auction"})
            return True
        return False

    def rectify(self, rp, irr) -> None:
        """Cancelled: the player calls again at that turn, as the rectification already applied requires."""
        oe = rp.calls[irr.index]
        rp.remove(oe)
        oe.status, oe.law = "cancelled", irr.law
        irr.cancelled = [oe.index]
        rp.restore_consumed(oe)
        rp.turn = irr.offender
