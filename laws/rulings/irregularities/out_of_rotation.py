"""Laws 28-32 (and 34): a call out of rotation -- a pass, a bid or a double or redouble made when it was
not the caller's turn. Detected here for every kind of call (a change of call at the LHO's turn, Law 25, starts
from the same reading: :mod:`.change_of_call`); the LHO's acceptance (29A), the call of the player whose turn it
was (28B), the RHO's call and the offender's next call (31A, 32B) are read off the record; a call at the turn of a
RHO required to pass is deemed in rotation (28A); a pass out of rotation among the passes that would end the
auction makes it revert (34; the edition's tree says by which provision)."""
from __future__ import annotations

from i18n import N_

from ..calls import lho, partner, rho
from .base import Unit, register

PASS_KIND, BID_KIND, DOUBLE_KIND = "pass_out_of_rotation", "bid_out_of_rotation", "double_out_of_rotation"
DEEMED = "28A"             # a call at the turn of a RHO required to pass is deemed in rotation
INSUFFICIENT = "27A2"      # an insufficient bid out of rotation is ruled as a call out of rotation
ACCEPTED_INSUFFICIENT = ("29A", "27A1")   # accepted, it is an insufficient bid accepted
CHANGE = "25"


def kind_of(call) -> str:
    return PASS_KIND if call.is_pass else BID_KIND if call.is_bid else DOUBLE_KIND


def detect(rp, e, ctx, kind: str, change: bool, treated_as: tuple = ()) -> None:
    """A call out of rotation (``kind``; ``change``: one the laws treat as a change of call, by the provisions
    ``treated_as``): the irregularity, with what the record shows of it, held for the LHO's option or the director (a
    pass that would end the auction is ruled at once, :func:`_reverts`)."""
    p, c, t = e.seat, e.call, ctx.turn
    common = ctx.common
    at = common["at_turn_of"]
    called_before = any(s.seat == p for s in rp.standing)
    law = CHANGE if change else OutOfRotation.laws[kind]
    irr = rp.new_irreg(kind, e, law, insufficient=not ctx.sufficient, **common)
    if c.is_pass:
        pc = [s for s in rp.standing if s.seat == partner(p) and not s.synthetic]
        if not pc or pc[-1].call.is_pass:
            irr.facts["pass_over_artificial"] = "no"    # 30C: no call of partner's to pass over
    irr.facts.update({"turn_of": at.lower(), "any_bid": "yes" if common["bid_before"] else "no",
                      "called_before": "yes" if called_before else "no"})
    if at == "RHO":
        irr.facts["rho_must_pass"] = "no"
    if at == "partner":
        # 25A1: a call at the partner's turn after one's own call (the partner not having called since) may be
        # the substitution of an intended call for an unintended one
        own = rp.replaceable(p)
        # (a bid, a double or redouble, or a pass in place of a call of his that was not a pass)
        may = own is not None and (not c.is_pass or not own.call.is_pass)
        irr.facts["may_change"] = "yes" if may else "no"
        if may:
            irr.facts.update({"partner_called": "no", "auction_ended": "no", "after_final_pass": "no"})
            irr.assumed["unintended"] = rp.fact(irr, "unintended") or "no"   # read as a call out of rotation
    if c.is_double:
        irr.facts["inadmissible"] = "no"
    irr.assumed["artificial"] = rp.fact(irr, "artificial") or "no"
    if c.is_pass:
        irr.assumed["pass_over_artificial"] = rp.fact(irr, "pass_over_artificial") or "no"
    if not ctx.sufficient:
        irr._add(INSUFFICIENT)
        irr._note(INSUFFICIENT)
    irr.change_of_call = change
    if change:
        irr._add(*treated_as)
        irr._note(CHANGE)
        irr.facts.update({"partner_called": "no", "auction_ended": "no", "after_final_pass": "no"})
        irr.assumed.update({"unintended": rp.fact(irr, "unintended") or "no", "pause": rp.fact(irr, "pause") or "no"})
    # the players who lose their turn if the call stands
    skipped, s = [], t
    while s != p:
        skipped.append(s)
        s = lho(s)
    irr.skipped = skipped if at != "LHO" else []
    with_right = tuple(x for x in irr.skipped if not rp.must_pass(x))
    e._skipped_with_right = with_right
    # a pass out of rotation that would end the auction (34)
    if c.is_pass and not change and with_right:
        n = len(rp.standing)
        k = 0
        for s_ in reversed(rp.standing):
            if not s_.call.is_pass:
                break
            k += 1
        if k >= 2 and n >= 3:
            irr.facts["ends_auction"] = "yes"
            rp.hold(irr, e)
            rp.auto = irr
            _reverts(rp, irr)
            return
    if c.is_pass:
        irr.facts["ends_auction"] = "no"
    rp.hold(irr, e)


def _reverts(rp, irr) -> None:
    """Three passes after a call, one of them out of rotation and depriving a player of his turn: the auction does not
    end (34). Ruled at once by the tree; the irregularity is governed by the provision its ruling rests on (the
    edition's: 17E2 of the 2007 Laws, 17D3 of the 2017 Laws)."""
    if rp.settle(irr):
        out, _ = rp.walk(irr)
        if out is not None and out.status == "ruling":
            irr.law = out.law


@register
class OutOfRotation(Unit):
    kinds = (PASS_KIND, BID_KIND, DOUBLE_KIND)
    laws = {PASS_KIND: "30", BID_KIND: "31", DOUBLE_KIND: "32"}
    labels = {PASS_KIND: N_("pass out of rotation"), BID_KIND: N_("bid out of rotation"),
              DOUBLE_KIND: N_("double or redouble out of rotation")}
    priority = 60

    def deems_in_rotation(self, rp, e, turn) -> bool:
        """28A: a call at the turn of the offender's RHO, when the RHO is required to pass, is in rotation: the RHO's
        turn counts as his pass (among the passes that end the auction) and fulfils his next-turn obligation."""
        if not (turn == rho(e.seat) and rp.must_pass(turn)):
            return False
        e.notes.append(DEEMED)
        e.law = DEEMED
        p = rp.deemed_pass(turn, DEEMED, e)
        for o in rp.obls:
            if o.seat == turn and o.status == "in_force" and o.scope == "next_turn":
                o.status, o.consumed_by = "fulfilled", p.index
        return True

    def classify(self, rp, e, ctx) -> bool:
        if ctx.in_turn:
            return False
        detect(rp, e, ctx, kind_of(e.call), change=False)
        return True

    def respond(self, rp, irr, e) -> bool:
        super().respond(rp, irr, e)
        if irr.lho_called and irr.insufficient and irr.facts.get("turn_player_called") != "yes":
            irr._add(*ACCEPTED_INSUFFICIENT)
        return False

    def at_auction_end(self, rp) -> bool:
        """34: an accepted pass out of rotation among the last three passes, which skipped a player who had the
        right to call: the auction does not end, it reverts to him."""
        for s in rp.standing[-3:]:
            if s.status == "accepted_irregular" and s.call.is_pass and s._skipped_with_right:
                irr = next((r for r in rp.irregs if r.index == s.index), None)
                if irr is not None:
                    irr.facts["ends_auction"] = "yes"
                    rp.auto = irr
                    _reverts(rp, irr)
                    return True
        return False

    def director_unprompted(self, rp, tok) -> bool:
        """The director called to a call made at the turn of a RHO required to pass: deemed in rotation (28A)."""
        last = next((c for c in reversed(rp.calls) if not c.synthetic), None)
        if last is None or last.law != DEEMED or not last.stands or any(r.index == last.index for r in rp.irregs):
            return False
        irr = rp.new_irreg(kind_of(last.call), last, DEEMED, turn=rho(last.seat), at_turn_of="RHO",
                           out_of_rotation=True,
                           bid_before=any(s.call.is_bid for s in rp.standing if s.index < last.index))
        irr.facts.update({"rho_must_pass": "yes", "accepted": "no", "ends_auction": "no"})
        irr.resolution, irr.awaiting, irr.td_called = "deemed_in_rotation", None, True
        rp.settle(irr)
        return True

    def later_call(self, rp, irr, e) -> bool:
        """The offender's call at his own turn, when the tree waits for it (``offender_called``: the 2017 trees then
        ask whether it is a comparable call, 23A); otherwise what the base reads (the RHO's call, the denomination)."""
        if e.seat == irr.offender and irr.awaiting == "offender_call" and "offender_called" not in irr.facts:
            out, _ = rp.walk(irr)
            if out is not None and out.status == "needs" and out.fact == "offender_called":
                irr.facts["offender_called"] = "yes"
                return True
        return super().later_call(rp, irr, e)

    def record_facts(self, irr, calls, f) -> None:
        if irr.kind == DOUBLE_KIND:
            f.setdefault("inadmissible", "no")
