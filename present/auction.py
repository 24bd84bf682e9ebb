"""An auction as the front ends show it: seats, calls, contracts, the status of each call, the
irregularities and the obligations of a replayed record (:mod:`laws.rulings.auction`)."""
from __future__ import annotations

from laws import notation as N
from laws.rulings import auction as A
from laws.rulings import trees as R

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def seat_name(seat: str | None, t, notation=None) -> str:
    """The seat's name in the language of ``t``; with ``notation`` (:mod:`laws.notation`), the
    name that notation's language gives it (``Oeste``, ``Zuid``...)."""
    if seat is None:
        return "-"
    if notation is not None:
        return N.format_seat(seat, notation, full=True)
    return {"N": t.pgettext("seat", "North"), "E": t.pgettext("seat", "East"),
            "S": t.pgettext("seat", "South"), "W": t.pgettext("seat", "West")}[seat]


def call_text(call: A.Call, t, notation=None) -> str:
    """``1♥``, ``3NT``/``3ST``, Pass...: in the language of ``t``; with ``notation``, the words of
    that notation (``Paso``, ``Contro``, ``3SA``)."""
    if notation is not None:
        return N.format_call(call, notation)
    if call.kind == A.PASS:
        return t.pgettext("call", "Pass")
    if call.kind == A.DOUBLE:
        return t.pgettext("call", "Double")
    if call.kind == A.REDOUBLE:
        return t.pgettext("call", "Redouble")
    d = t.pgettext("denomination", "NT") if call.denomination == "NT" else SUIT_SYMBOLS[call.denomination]
    return f"{call.level}{d}"


def contract_text(c: A.Contract, t, notation=None) -> str:
    if notation is not None:
        return N.format_contract(c, notation)
    d = t.pgettext("denomination", "NT") if c.denomination == "NT" else SUIT_SYMBOLS[c.denomination]
    return f"{c.level}{d}{c.risk}"


def key_text(key: str) -> str:
    from laws.keys import parse_key

    try:
        return parse_key(key).display
    except ValueError:
        return key


def call_status(e: A.CallEntry, t) -> str:
    if e.synthetic:
        return t.gettext("pass substituted ({law})").format(law=key_text(e.law))
    if "28A" in e.notes:
        return t.gettext("deemed in rotation ({law})").format(law=key_text("28A"))
    if e.status == "legal":
        return ""
    if e.status == "cancelled" and (e.law or "").startswith("27B"):
        # under 27B the insufficient bid is corrected by a substituted call: it awaits its replacement
        return t.gettext("to be replaced ({law})").format(law=key_text(e.law))
    label = t.gettext(A.STATUS_LABELS[e.status])
    return f"{label} ({key_text(e.law)})" if e.law else label


def obligation_text(o: A.Obligation, t, notation=None) -> str:
    seat = seat_name(o.seat, t, notation)
    if o.must == "pass" and o.scope == "rest_of_auction":
        s = t.gettext("{seat} must pass for the rest of the auction").format(seat=seat)
    elif o.must == "pass":
        s = t.gettext("{seat} must pass at the next turn to call").format(seat=seat)
    elif o.must == "not_double":
        s = t.gettext("{seat} may not double or redouble at the next turn to call").format(seat=seat)
    else:
        s = t.gettext("{seat} must repeat {call} at the next turn to call").format(
            seat=seat, call=call_text(A.parse_call(o.call), t, notation))
    status = t.gettext(A.OBLIGATION_STATUS_LABELS[o.status])
    if o.status == "undetermined" and o.pending_fact:
        status = t.gettext("undetermined until it is known {fact}").format(
            fact=t.gettext(A.PENDING_FACT_LABELS[o.pending_fact]))
    return t.gettext("{obligation} ({law}): {status}.").format(obligation=s, law=key_text(o.law), status=status)


def turn_sentence(irr: A.Irregularity, t, notation=None) -> str | None:
    if not irr.out_of_rotation or irr.turn is None:
        return None
    seat = seat_name(irr.turn, t, notation)
    return {
        "partner": t.gettext("Made at the turn of {seat}, the offender's partner."),
        "RHO": t.gettext("Made at the turn of {seat}, the offender's right-hand opponent (RHO)."),
        "LHO": t.gettext("Made at the turn of {seat}, the offender's left-hand opponent (LHO)."),
    }[irr.at_turn_of].format(seat=seat)


def irregularity_lines(n: int, irr: A.Irregularity, state: A.AuctionState, t, notation=None) -> list[str]:
    e = state.calls[irr.index]
    law = key_text(irr.law)
    head = t.gettext("{n}. Call {number}, {seat} {call}: {kind} (Law {law}).").format(
        n=n, number=irr.index + 1, seat=seat_name(irr.offender, t, notation), call=call_text(e.call, t, notation),
        kind=t.gettext(A.KIND_LABELS[irr.kind]), law=law)
    lines = [head]
    more = []
    turn = turn_sentence(irr, t, notation)
    if turn:
        more.append(turn)
    if irr.kind == "pass_out_of_rotation":
        more.append(t.gettext("A player had bid before.") if irr.bid_before
                    else t.gettext("No player had bid before."))
    if irr.lho_called and not irr.accepted and irr.resolution not in ("awaiting_director", "forfeited"):
        more.append(t.gettext("The offender's LHO called before any rectification."))
    if irr.td_called:
        more.append(t.gettext("The director was called."))
    more.append(t.gettext(A.RESOLUTION_LABELS[irr.resolution]))
    if irr.accepted and irr.skipped:
        more.append(t.gettext("Lost their turn: {seats}.").format(
            seats=", ".join(seat_name(s, t, notation) for s in irr.skipped)))
    if irr.provisions:
        more.append(t.gettext("Provisions applied: {keys}.").format(keys=", ".join(key_text(k) for k in irr.provisions)))
    if irr.cancelled:
        more.append(t.gettext("Calls cancelled: {numbers}.").format(numbers=", ".join(str(i + 1) for i in irr.cancelled)))
    for note in irr.notes:
        more.append(t.gettext(A.NOTE_LABELS[note]))
    if irr.facts_needed:
        more.append(t.gettext("For the director to decide: {facts}.").format(
            facts="; ".join(t.gettext(A.PENDING_FACT_LABELS[f]) for f in irr.facts_needed)))
    lines += ["   " + m for m in more]
    return lines


def render(state: A.AuctionState, t, notation=None) -> str:
    """The replayed auction as text; ``notation`` writes calls and seats in that notation."""
    out = [t.gettext("Auction, dealer {seat}").format(seat=seat_name(state.dealer, t, notation))]
    rows = [(str(e.index + 1), seat_name(e.seat, t, notation), call_text(e.call, t, notation),
             "  ".join(x for x in (call_status(e, t), " ".join(e.annotations)) if x)) for e in state.calls]
    widths = [max(len(r[i]) for r in rows) if rows else 0 for i in range(3)]
    for r in rows:
        line = f"  {r[0]:>{widths[0]}}  {r[1]:<{widths[1]}}  {r[2]:<{widths[2]}}"
        out.append((line + "  " + r[3]).rstrip())
    out.append("")
    if getattr(state, "awaiting", None) == "director" and getattr(state, "recorded", None):
        # 36A / 38D: the LHO called over it and the law leaves the director no choice: what follows is his ruling
        out.append(t.gettext("The director must be called; the law leaves him no choice, and after his "
                             "rectification:"))
    if state.passed_out:
        law = R.asked_at("passed_out", state.edition)      # the edition's own provision (its trees ask the fact)
        out.append(t.gettext("Passed out ({law}).").format(law=key_text(law)) if law else t.gettext("Passed out."))
    elif state.complete:
        out.append(t.gettext("Contract: {contract} by {seat}.").format(
            contract=contract_text(state.contract, t, notation), seat=seat_name(state.declarer, t, notation)))
    else:
        out.append(t.gettext("The auction is not over. Next to call: {seat}.").format(seat=seat_name(state.next, t, notation)))
    if state.complete and any(i.awaiting == "lho_or_director" for i in state.irregularities):
        out.append(t.gettext("An irregularity is still to be dealt with: the director's rectification may change "
                             "this result."))
    if state.unfinished:
        out.append(t.gettext("The record ends unfinished."))
    if state.irregularities:
        out.append("")
        out.append(t.gettext("Irregularities:"))
        for n, irr in enumerate(state.irregularities, 1):
            out.extend("  " + line for line in irregularity_lines(n, irr, state, t, notation))
    if state.obligations:
        out.append("")
        out.append(t.gettext("Obligations:"))
        for o in state.obligations:
            out.append("  - " + obligation_text(o, t, notation))
    if not state.irregularities:
        out.append(t.gettext("No irregularity."))
    return "\n".join(out)

