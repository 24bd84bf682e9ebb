"""Law 27: an insufficient bid (one that does not supersede the last bid, 18D), and its replacement.

Detected on a bid in rotation that is not sufficient (out of rotation it is a call out of rotation, 27A2). The
LHO's call accepts it (27A1); otherwise the offender replaces it, and the record shows with what: the lowest
sufficient bid in the same denomination, another sufficient bid, a pass, a double or redouble (legal or not),
another insufficient bid (27B4, an irregularity of its own that the LHO may accept), or a replacement made before
the director ruled (27C). The trees rule on what the replacement is worth.
"""
from __future__ import annotations

from dataclasses import dataclass

from i18n import N_

from ..calls import Call, lho, lowest_sufficient, partner
from ..state import Irregularity
from .base import Unit, register

KIND = "insufficient_bid"
SECOND_TREE = "second_insufficient_bid"
PREMATURE = "27C"                  # replaced before the director's rectification
RULED_AS_B3 = ("27B4", "27B3")     # another insufficient bid in replacement is ruled as an illegal replacement
RULED_AS_B3_NOTES = ("26", "23")


@dataclass(eq=False)
class Replacement:
    """What the replay keeps while the offender must replace his insufficient bid."""

    irr: Irregularity
    bid: Call
    last_bid: Call | None      # the last bid before the insufficient bid
    after_b3: bool = False     # the replacement was cancelled: he must replace it again
    b4: Irregularity | None = None   # another insufficient bid put in its place, awaiting the LHO or the director


def _pending(rp) -> Replacement | None:
    return rp.unit_state.get(KIND)


def _await_replacement(rp, irr) -> None:
    rp.unit_state[KIND] = Replacement(irr, rp.calls[irr.index].call, rp.last_bid())


def _kind_of_replacement(rp, sub: Replacement, c: Call) -> str:
    """What kind of replacement the call ``c`` is (the fact ``replacement``), read off the record."""
    if c.is_bid and not rp.sufficient(c):
        return "insufficient"
    if c.is_double:
        return "double"
    if c.is_bid and c.denomination == sub.bid.denomination and c.level == lowest_sufficient(sub.last_bid,
                                                                                            sub.bid.denomination):
        return "lowest_same"
    return "pass" if c.is_pass else "other_bid"


def substitution(rp, e, sub: Replacement) -> None:
    """The offender's call that replaces his insufficient bid: what kind of replacement it is, read off the record;
    the tree rules."""
    irr, c, o = sub.irr, e.call, e.seat
    ins = rp.calls[irr.index]
    e.substitute_for = irr.index
    ins.status, ins.replaced_by = "replaced", e.index
    irr.substitute = e.index
    irr.awaiting = None
    kind = None if sub.after_b3 else _kind_of_replacement(rp, sub, c)
    if kind is not None:
        out, _ = rp.walk(irr, replacement=kind)
        if out is not None and out.status == "ruling" and out.ruling.get("judged_anew"):
            # the call the player meant, in place of his unintended insufficient bid (25A1): the tree rules the
            # substitution, and the intended call is subject to the law that applies to it: an insufficient bid of its
            # own (Law 27 anew, the LHO's option first, not 27B4), an inadmissible double (Law 36)...
            irr.facts["replacement"] = kind
            rp.unit_state[KIND] = None
            rp.settle(irr, event=False)
            if not rp.judge_anew(irr, e):
                rp.stand(e)
            return
    if c.is_bid and not rp.sufficient(c):
        # another insufficient bid: an irregularity of its own that the LHO may accept
        b4 = rp.new_irreg(KIND, e, InsufficientBid.laws[KIND], turn=o, insufficient=True, bid_before=True)
        b4.facts["in_rotation"] = "yes"
        b4.facts["second_insufficient"] = "yes"
        if kind is not None:
            irr.facts["replacement"] = kind
        sub.b4 = b4
        rp.hold(b4, e)
        return
    rp.unit_state[KIND] = None
    if sub.after_b3:          # the correction the ruling required: the ruling was given
        rp.stand(e)
        return
    irr.facts["replacement"] = kind
    if kind == "double":
        irr.facts["replacement_legal"] = "yes" if rp.admissible(o, c) else "no"
    rp.stand(e)
    rp.rule_with_director_facts(irr)
    if e.status == "cancelled":
        # the replacement is cancelled and the offender must correct his insufficient bid again
        sub.after_b3 = True
        rp.unit_state[KIND] = sub
        irr.awaiting = "offender_call"


def _premature(irr, calls) -> int | None:
    """The index of the offender's replacement of his insufficient bid made before the director ruled (27C), if any."""
    return next((c.index for c in calls[irr.index + 1:] if c.seat == irr.offender and not c.synthetic
                 and (c.index == irr.substitute or c.law == PREMATURE)), None)


def _over_a_cancelled_premature_replacement(rp, e, sub: Replacement) -> bool:
    """The offender's LHO called, at his turn as the table stood, over a replacement made before the director came
    (27C) that the rectification cancels (27B3: a double or redouble): his call goes with the call it answered, it is
    withdrawn and the offender replaces his insufficient bid ('1H 1D E:X S:P', review session 4 #16)."""
    irr = sub.irr
    rep = irr.substitute
    if not (sub.after_b3 and irr.facts.get("premature") == "yes" and rep is not None and e.seat == lho(irr.offender)
            and rp.calls[rep].status == "cancelled"):
        return False
    if any(not c.synthetic for c in rp.calls[rep + 1: e.index]):
        return False
    e.status, e.law, e.in_rotation = "cancelled", rp.calls[rep].law, False
    if e.index not in irr.cancelled:
        irr.cancelled.append(e.index)
    return True


@register
class Replacing(Unit):
    """The offender's call that replaces his insufficient bid (before any other detection but a bid above seven)."""

    priority = 20

    def classify(self, rp, e, ctx) -> bool:
        sub = _pending(rp)
        if sub is not None and _over_a_cancelled_premature_replacement(rp, e, sub):
            return True
        if not (ctx.in_turn and sub is not None and sub.irr.offender == e.seat and sub.b4 is None):
            return False
        substitution(rp, e, sub)
        return True

    def cancel_from(self, rp, idx: int) -> None:
        sub = _pending(rp)
        if sub is not None and sub.irr.index > idx:
            rp.unit_state[KIND] = None


@register
class InsufficientBid(Unit):
    kinds = (KIND,)
    laws = {KIND: "27"}
    labels = {KIND: N_("insufficient bid")}
    priority = 70

    def tree_id(self, irr) -> str:
        return SECOND_TREE if irr.facts.get("second_insufficient") == "yes" else KIND

    def classify(self, rp, e, ctx) -> bool:
        if ctx.sufficient:
            return False
        irr = rp.new_irreg(KIND, e, self.laws[KIND], insufficient=True, **ctx.common)
        irr.facts["in_rotation"] = "yes"
        irr.facts["second_insufficient"] = "no"
        rp.hold(irr, e)
        return True

    def respond(self, rp, irr, e) -> bool:
        sub = _pending(rp)
        b4 = sub is not None and sub.b4 is irr
        if irr.lho_called:
            if b4:
                rp.unit_state[KIND] = None
            return False
        if e.seat != irr.offender:
            return False
        # the offender replaces his insufficient bid before the rectification: this call is the replacement
        if b4:      # another insufficient bid is ruled as an illegal replacement however the offender goes on
            rp.rectify(irr, td=False)
            return True
        if rp.option_asked(irr):
            # the replacement stands unless the LHO accepts the insufficient bid: his option, which the record cannot
            # show (he has not called yet), is the director's to give; not when the bid was unintended and this call
            # replaces it (25A1: no option over it; an 'accepted' given is then the answer about the intended call)
            given = rp.given(irr, "accepted")
            readings = {k: rp.reading(k) for k in ("unintended", "pause") if rp.fact(irr, k) is None}
            out, _ = rp.walk(irr, premature="yes", **{k: v for k, v in readings.items() if v is not None})
            if out is not None and "accepted" not in out.used_facts and not (out.status == "needs"
                                                                               and out.fact == "accepted"):
                given = None
            if given == "yes":      # accepted: the insufficient bid stands and its premature replacement goes
                irr.facts["accepted"] = "yes"
                rp.settle(irr)
                e.status, e.law = "cancelled", PREMATURE
                return True
            if given is None:
                irr.facts.pop("accepted", None)
                irr.assumed["accepted"] = "no"
        irr.facts["premature"] = "yes"
        # whether it replaces an unintended bid (25A1) or is a replacement before the rectification (27C), this call
        # takes the insufficient bid's place: while the director has not said, the replay's reading applies
        rp.rule_with_director_facts(irr)
        _await_replacement(rp, irr)
        return True

    def rectify(self, rp, irr) -> None:
        sub = _pending(rp)
        if sub is not None and sub.b4 is irr:   # ruled as an illegal replacement, on the first insufficient bid too
            orig = sub.irr
            orig._add(*RULED_AS_B3)
            orig._note(*RULED_AS_B3_NOTES)
            rp.settle(irr)
            sub.after_b3, sub.b4 = True, None
        else:
            rp.settle(irr)                        # the replacement is awaited
            _await_replacement(rp, irr)

    def deferral_lapses(self, rp, irr, e) -> str | None:
        # the LHO called over a bid said to be unintended (25A1 with 25A6/25A4 awaiting the director): if the table goes
        # on before the director comes, the LHO's call accepted it (27A1) and a later call of the offender's is ruled
        # by its own law (a call at his partner's turn replacing the unintended one: the change of call tree)
        return "unintended"

    def waits_on(self, fact: str) -> bool:
        return fact != "replacement"              # read by :func:`substitution`

    def cancelled_with(self, irr, calls) -> list:
        # the insufficient bid accepted, the offender's premature replacement goes (27C): the ruling lists it (review
        # session 4 #9)
        return [c for c in calls[irr.index + 1:] if c.seat == irr.offender and not c.synthetic
                and c.status == "cancelled" and c.law == PREMATURE]

    def contradiction(self, key: str, irr, calls) -> str | None:
        at = _premature(irr, calls) if key == "accepted" else None
        if at is not None and (calls[at].law == PREMATURE or irr.resolution == "substituted" or PREMATURE in irr.provisions):
            # review session 4 #12(a): '1H 1D E:2D S:P', the LHO's pass shows nothing: the replacement came first
            return N_("the fact {fact}={value} contradicts the record: the offender replaced his insufficient bid "
                      "before anybody called over it (Law 27C), so no insufficient bid was left to accept; call "
                      "{number} ({seat} {call}) was made over the replacement")
        return None

    def record_facts(self, irr, calls, f) -> None:
        f.setdefault("premature", "yes" if irr.resolution == "substituted" or PREMATURE in irr.provisions else "no")
        f.setdefault("second_insufficient", "no")
        premature = _premature(irr, calls)
        if premature is not None and any(c.seat == lho(irr.offender) and not c.synthetic
                                         for c in calls[premature + 1:]):
            # 27C: replaced before the director came, the insufficient bid is no longer there to accept: the LHO who
            # then called did so over the replacement, which stands (the 27A1 option went with the insufficient bid;
            # an acceptance given for it contradicts the record)
            f["accepted"] = "no"
        # whether the offender's partner has called over it since (25A1: an unintended call may be replaced until then)
        f.setdefault("partner_called", "yes" if any(c.seat == partner(irr.offender) and not c.synthetic
                                                    for c in calls[irr.index + 1:]) else "no")
