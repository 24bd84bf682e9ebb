"""The replay core: a record walked call by call, every irregularity detected where it happens by the
irregularity units (:mod:`laws.rulings.irregularities`), and what each one's decision tree rules applied to
the calls that follow.

The core knows no irregularity and no provision. It keeps the auction (the calls that stand, whose turn it
is, the obligations in force), asks the units, in their order, whether a new call is theirs, reads off the
record through them what a later call establishes, walks the irregularity's tree of the edition followed
(``laws/trees/<edition>/``) and enacts the ruling field by field (:meth:`Replay.enact`): which calls are
cancelled, withdrawn or stand, the pass put in place of a cancelled call, who calls next, who must pass and
for how long, what must be repeated. The public entry points and the reading of the record are described
in :mod:`laws.rulings.auction`.

Everything here is a pure function of its arguments: no I/O, no global state.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from i18n import N_

from . import irregularities as U
from . import trees as R
from .calls import (CALL_PASS, DOUBLE, REDOUBLE, AuctionError, Call, Contract, lho, normalize_seat, partner, relation,
                    rho, seat_at)
from .record import Record, Token, parse_record
from .state import AuctionState, CallEntry, Irregularity, Obligation, normalize_facts

#: the seats of an obligation's scope, weakest first
SCOPES = ("no", "next_turn", "rest_of_auction")


class DirectorTooSoon(AuctionError):
    """``TD`` where the replay, on the facts it has, finds nothing to rectify (perhaps because a fact the director has
    not given yet would make the call before it irregular)."""


@dataclass
class Context:
    """What the core knows of a new call before the units classify it."""

    entry: CallEntry
    turn: str | None
    in_turn: bool
    bid_before: bool
    sufficient: bool
    breached: list = field(default_factory=list)      # obligations the call breaks (next turn)
    rest_pass: bool = False                            # the caller must pass for the rest of the auction and did not

    @property
    def common(self) -> dict:
        """The attributes every irregularity detected on this call starts with."""
        return dict(turn=self.turn, bid_before=self.bid_before, out_of_rotation=not self.in_turn,
                    at_turn_of=None if self.in_turn else relation(self.entry.seat, self.turn))


class Replay:
    """One replay of a record: the units call back into it (:meth:`hold`, :meth:`settle`, :meth:`new_irreg`...)."""

    def __init__(self, dealer: str, facts: Mapping | None, edition: str | None = None):
        self.edition = R.default_edition() if edition is None else edition
        self.dealer = normalize_seat(dealer)
        self.glob, self.per = normalize_facts(facts)
        self.calls: list[CallEntry] = []
        self.irregs: list[Irregularity] = []
        self.obls: list[Obligation] = []
        self.standing: list[CallEntry] = []
        self.turn: str | None = self.dealer
        self.complete = False
        self.pending: Irregularity | None = None
        self.deferred: list[Irregularity] = []
        self.waiting: list[Irregularity] = []     # rulings that wait for later calls of the record
        self.last_caller: str | None = None
        self.auto: Irregularity | None = None      # resolved by itself on the last token
        self.unit_state: dict[str, Any] = {}       # what a unit keeps between calls (a replacement awaited...)
        self.facts_def = R.all_facts(self.edition)
        self.marked_accepted: set[int] = set()   # calls marked ^I: insufficient bids the opponents accepted (PBN)
        self.unread_from: int | None = None       # the token from which the record waits on the LHO's option

    # -- helpers -----------------------------------------------------------------------------
    def fact(self, irr: Irregularity, key: str) -> str | None:
        if key in irr.facts:   # what the record establishes is never taken from the director
            return irr.facts[key]
        return self.per.get(irr.index, {}).get(key, self.glob.get(key))

    def last_bid(self, upto: int | None = None) -> Call | None:
        for e in reversed(self.standing if upto is None else self.standing[:upto]):
            if e.call.is_bid:
                return e.call
        return None

    def sufficient(self, call: Call) -> bool:
        return call.supersedes(self.last_bid())

    def admissible(self, seat: str, call: Call, standing: list | None = None) -> bool:
        """Whether a double or a redouble by ``seat`` is admissible against the calls that stand (or ``standing``):
        :func:`admissible_after`."""
        return admissible_after(seat, call, [(e.seat, e.call) for e in (self.standing if standing is None else standing)])

    def must_pass(self, seat: str) -> bool:
        return any(o.seat == seat and o.must == "pass" and o.status == "in_force" for o in self.obls)

    def irr_index(self, irr: Irregularity) -> int:
        return next(i for i, r in enumerate(self.irregs) if r is irr)

    def oblige(self, seat: str, must: str, scope: str, law: str, irr: Irregularity, *, call: Call | None = None,
               status: str = "in_force", pending_fact: str | None = None) -> Obligation:
        n = self.irr_index(irr)
        for o in self.obls:
            if (o.seat, o.must, o.scope, o.law, o.status, o.irregularity) == (seat, must, scope, law, status, n):
                return o
        o = Obligation(seat, must, scope, law, n, len(self.calls) - 1, status, str(call) if call else None,
                       pending_fact)
        self.obls.append(o)
        return o

    def new_irreg(self, kind: str, e: CallEntry, law: str, **kw) -> Irregularity:
        irr = Irregularity(kind=kind, offender=e.seat, index=e.index, position=e.position, law=law, **kw)
        if irr.at_turn_of:
            irr.facts["turn_of"] = irr.at_turn_of.lower()
        self.irregs.append(irr)
        return irr


    # -- the law, from the decision trees ------------------------------------------------------
    @property
    def irregularities(self) -> list:
        """The irregularities found so far (the name :class:`~laws.rulings.state.AuctionState` gives them)."""
        return self.irregs

    def walk(self, irr: Irregularity, **assume):
        """The irregularity's decision tree (of the edition followed) walked with the facts the record establishes
        so far, the director's facts and the readings the replay takes (``irr.assumed``, ``assume``):
        ``(outcome, registry)``; the outcome is None when the edition has no tree for it."""
        facts = {**self.glob, **self.per.get(irr.index, {}), **irr.assumed, **assume,
                 **U.record_facts(irr, self)}
        reg = R.trees(self.edition)
        tree = reg.get(U.tree_id(irr))
        return (R.walk(tree, facts, reg) if tree is not None else None), reg

    def settle(self, irr: Irregularity, *, event: bool = True, defer: bool = False, **assume) -> bool:
        """Walk the irregularity's tree and apply what it rules (:meth:`enact`). ``event``: the ruling is given now
        (the director is called, or the offender's LHO calls), so its ``next`` applies; otherwise it is reached on
        later calls the record already holds, and only its obligations apply. ``defer``: a ruling that cancels
        calls already made over the irregular call is the director's act: it waits for him. While the tree waits
        for a fact that later calls of the record will give (the RHO's call...), the ``effect`` of the node where
        it waits applies, its obligations undetermined. True when a ruling was reached."""
        out, reg = self.walk(irr, **assume)
        if out is None:     # the edition has no tree for it: nothing is rectified (rule() says so)
            irr._note("no_tree")
            irr.awaiting, irr.resolution = None, "no_tree"
            return False
        if out.status == "ruling" and defer and out.ruling.get("cancelled") == "irregular_and_later":
            irr._add(out.law)
            irr._note(*out.ruling.get("notes", ()))
            irr.resolution, irr.awaiting = "awaiting_director", "director"
            self.deferred.append(irr)
            return False
        for tid, nid in out.path:     # the provisions applied and pointed to, as the trees record them
            n = reg[tid].nodes[nid]
            for r in (n.effect, n.ruling):
                if r:
                    irr._add(*r.get("applies", ()))
                    irr._note(*r.get("notes", ()))
        if out.status == "ruling":
            if irr in self.waiting:
                self.waiting.remove(irr)
            irr.awaiting = None
            self.enact(irr, out.law, out.ruling, event=event, governing=U.governing_law(reg[out.tree]))
            return True
        node = reg[out.tree].nodes[out.node]
        fact = self.facts_def.get(out.fact)
        if getattr(fact, "source", "") == "director" and out.fact not in irr.facts_needed:
            irr.facts_needed.append(out.fact)     # the director's finding the rectification waits for
        if node.effect is not None and getattr(fact, "source", "") == "auction":
            irr.awaiting = fact.awaits or "offender_call"
            if irr not in self.waiting and U.unit(irr).waits_on(out.fact):
                self.waiting.append(irr)
            self.enact(irr, node.law, node.effect, event=event, waiting=irr.awaiting)
        return False

    def seat_of(self, irr: Irregularity, who: str | None) -> str | None:
        o = irr.offender
        if who == "skipped":
            right = self.calls[irr.index]._skipped_with_right
            return right[0] if right else irr.turn
        return {"offender": o, "partner": partner(o), "lho": lho(o), "rho": rho(o), "turn": irr.turn}.get(who)

    def has_pass(self, seat: str, scope: str) -> bool:
        rank = {"next_turn": 1, "rest_of_auction": 2}
        return any(o.seat == seat and o.must == "pass" and o.status == "in_force" and rank[o.scope] >= rank[scope]
                   for o in self.obls)

    def enact(self, irr: Irregularity, law: str, r: dict, *, event: bool = True, waiting: str | None = None,
              governing: str | None = None) -> None:
        """Apply to the auction what a tree states (a ruling, or the ``effect`` of the node where it waits for
        later calls): which calls are cancelled, withdrawn or stand, the pass put in place of a cancelled call, who
        calls next, who must pass and for how long, what must be repeated. The one place where the replay changes
        the auction for a rectification: every change is a field of the trees (``laws/rulings/trees.py``,
        ``RULING_FIELDS``), applied the same way whatever the law."""
        o, oe = irr.offender, self.calls[irr.index]
        applies = r.get("applies") or [law]
        if r.get("resolution"):
            irr.resolution = r["resolution"]
        cancel = r.get("cancelled")
        sp = None
        if cancel == "none":
            if oe.status == "pending":
                irr.accepted = True
                if not r.get("resolution"):
                    irr.resolution = "accepted"
                oe.status, oe.law = "accepted_irregular", irr.provisions[-1] if irr.provisions else law
                if not oe.in_rotation:
                    oe.skipped = tuple(irr.skipped)
                self.on_stand(oe)
        elif cancel == "previous_call":
            if oe.status != "accepted_irregular":
                self.withdraw_previous(irr, oe, r.get("withdrawn") == "calls_over", applies, governing or irr.law,
                                       anew=bool(r.get("judged_anew")))
        elif cancel in ("irregular_and_later", "later_calls"):
            if event and (oe.stands or any(c.stands for c in self.after(irr.index))):
                self.cancel_from(irr, applies[0])
                sp = self.cancel_call(irr, oe, r, applies)
        elif cancel in ("irregular_call", "replacement"):
            target = self.calls[irr.substitute] if cancel == "replacement" and irr.substitute is not None else oe
            if target.stands:
                sp = self.cancel_call(irr, target, r, applies)
        if event and r.get("next") not in (None, "auction", "none"):
            self.turn = self.seat_of(irr, r["next"])
        status = "undetermined" if waiting else "in_force"
        n = self.irr_index(irr)
        for field_, seat in (("offender_must_pass", o), ("partner_must_pass", partner(o))):
            scope = r.get(field_, "no")
            pend = [ob for ob in self.obls if ob.irregularity == n and ob.seat == seat and ob.status == "undetermined"
                    and ob.must == "pass"]
            for ob in pend:     # what was undetermined while the tree waited is now ruled
                if waiting:
                    continue
                if scope == "no":
                    ob.status, ob.pending_fact = "cancelled", None
                else:
                    ob.scope, ob.law, ob.status, ob.pending_fact = scope, law, "in_force", None
            if scope != "no" and not pend and not (cancel == "none" and self.has_pass(seat, scope)):
                self.oblige(seat, "pass", scope, law, irr, status=status, pending_fact=waiting if waiting else None)
        if r.get("offender_must_repeat"):
            self.oblige(o, "repeat", "next_turn", law, irr, call=oe.call)
        if r.get("partner_may_not_double", "no") != "no":
            self.oblige(partner(o), "not_double", r["partner_may_not_double"], applies[-1], irr)
        if sp is not None:
            self.on_stand(sp)
        if not self.complete and self.turn is None:     # reopened with no seat ruled: rotation from the last call
            self.turn = lho(self.standing[-1].seat) if self.standing else self.dealer
        if event:
            self.check_end()

    def after(self, idx: int) -> list[CallEntry]:
        """The calls in the auction made after call ``idx`` (a substituted pass stands where the call it replaces was
        made; the call being read is not in it yet)."""
        return [c for c in self.standing if _made_at(c) > idx]

    def cancel_call(self, irr: Irregularity, oe: CallEntry, r: dict, applies: list) -> CallEntry | None:
        """The irregular call leaves the auction: cancelled, or replaced by a pass (``substitute_pass``)."""
        self.remove(oe)
        if oe.index not in irr.cancelled:
            irr.cancelled.insert(0, oe.index) if oe.index == irr.index else irr.cancelled.append(oe.index)
        irr.accepted = False
        if r.get("substitute_pass"):
            oe.law = applies[0]
            return self.synthetic_pass(irr.offender, applies[-1], oe)
        oe.status, oe.law = "cancelled", applies[0]
        self.restore_consumed(oe)
        return None

    def withdraw_previous(self, irr: Irregularity, oe: CallEntry, calls_over: bool, applies: list,
                          law: str, anew: bool = False) -> None:
        """The offender's new call stands in place of his previous one, which is withdrawn (``law``: the law of the
        tree that rules so); with ``calls_over``, the calls made over the previous call are withdrawn with it; with
        ``anew``, the new call is then judged as his call in rotation (:meth:`judge_anew`)."""
        o = irr.offender
        prev = next((s for s in reversed(self.standing) if s.seat == o and s is not oe), None)
        if oe not in self.standing:      # a change after the final pass, within the auction period
            self.complete = False
            self.standing.append(oe)
        if prev is not None:
            k = self.standing.index(prev)
            if calls_over:
                for w in [s for s in self.standing[k + 1:] if s is not oe]:
                    w.status, w.law = "cancelled", applies[-1]
                    self.restore_consumed(w)
                    self.remove(w)
            prev.status, prev.replaced_by, prev.law = "replaced", oe.index, law
            oe.substitute_for = prev.index
            self.remove(prev)
        irr.accepted = True
        if irr.resolution == "pending":
            irr.resolution = "accepted"
        oe.status, oe.law, oe.in_rotation = "accepted_irregular", applies[0], True
        oe._skipped_with_right, irr.skipped = (), []    # made in place of his own call, at its turn: nobody skipped
        self.turn = lho(o)
        if anew and self.judge_anew(irr, oe):
            return
        self.on_stand(oe)

    def judge_anew(self, irr: Irregularity, e: CallEntry) -> bool:
        """The intended call that replaced an unintended one (25A1) is subject to the law that applies to it: read again
        by the units as the player's call in rotation, against the auction without the call it replaced. True when it
        is an irregularity of its own (an insufficient bid, an inadmissible double...), held for the LHO's option or
        the director. The earlier call was found unintended, and this one is the call the player meant."""
        standing = list(self.standing)
        self.remove(e)
        ctx = Context(e, e.seat, True, any(s.call.is_bid for s in self.standing),
                      not e.call.is_bid or self.sufficient(e.call))
        for u in U.ordered():
            if u.classify(self, e, ctx):
                new = next((r for r in reversed(self.irregs) if r.index == e.index and r is not irr), None)
                if new is not None:
                    irr.facts["unintended"], new.facts["unintended"] = "yes", "no"
                return True
        self.standing = standing
        return False

    def replaceable(self, seat: str) -> CallEntry | None:
        """The player's own last call that a call of his at his partner's turn may replace (25A1: until his partner
        calls, an unintended call may be replaced by the intended one): None when his partner has called since, or
        he has not called."""
        own = [s for s in self.standing if s.seat == seat and not s.synthetic]
        if not own or any(s.seat == partner(seat) and not s.synthetic
                          for s in self.standing[self.standing.index(own[-1]) + 1:]):
            return None
        return own[-1]

    def own_last(self, seat: str) -> bool:
        """Whether the last call that stands is ``seat``'s own (so that a new call by him, before his LHO
        calls, changes it)."""
        return bool(self.standing) and self.standing[-1].seat == seat and not self.standing[-1].synthetic

    def remove(self, e: CallEntry) -> None:
        self.standing = [s for s in self.standing if s is not e]

    def restore_consumed(self, e: CallEntry) -> None:
        """The call ``e`` is cancelled and its caller calls again at that turn: the next-turn
        obligations it used up apply again."""
        for o in self.obls:
            if o.consumed_by == e.index and o.status in ("fulfilled", "breached"):
                o.status, o.consumed_by = "in_force", None

    def synthetic_pass(self, seat: str, law: str, replaced: CallEntry) -> CallEntry:
        e = CallEntry(len(self.calls), seat, CALL_PASS, None, replaced.turn, synthetic=True, law=law,
                      substitute_for=replaced.index, in_rotation=replaced.in_rotation)
        replaced.status, replaced.replaced_by = "replaced", e.index
        self.calls.append(e)
        self.standing.append(e)
        return e

    def default_caller(self) -> str:
        if self.pending is not None:
            return lho(self.pending.offender)
        if self.complete or self.turn is None:
            return lho(self.last_caller) if self.last_caller else self.dealer
        return self.turn

    # -- the walk ----------------------------------------------------------------------------
    def run(self, tokens: Sequence[Token]) -> None:
        skip = 0
        skip_tok: Token | None = None
        for tok in tokens:
            prev_auto, self.auto = self.auto, None
            if tok.kind == "skip":
                skip += 1
                skip_tok = skip_tok or tok
                if skip > 3:
                    raise AuctionError(N_("Token {position} “{token}”: “^S” can skip at most three players."),
                                       position=tok.position, token=tok.text)
                continue
            if skip and tok.kind != "call":
                raise AuctionError(N_("Token {position} “{token}”: “^S” must be followed by the call out of "
                                      "rotation that skipped the player."), position=skip_tok.position,
                                   token=skip_tok.text)
            if tok.kind == "end":
                continue
            if tok.kind == "td":
                self.director(tok, prev_auto)
                continue
            if tok.kind == "ap":
                if self.complete:
                    raise AuctionError(N_("Token {position} “{token}”: the auction is already over."),
                                       position=tok.position, token=tok.text)
                for _ in range(16):
                    self.call(self.default_caller(), CALL_PASS, tok)
                    if self.complete:
                        break
                else:  # pragma: no cover - passes in rotation always end the auction
                    raise AssertionError("AP did not end the auction")
                continue
            if tok.seat is None and self.pending is not None and self.pending.awaiting == "lho_option":
                # the director offered the LHO his option: whose call this is (the LHO's, accepting; or the next
                # player's once the call is cancelled) is the LHO's answer, which the record does not show and the
                # director gives; until then the rest of the record cannot be read
                self.unread_from = tok.position
                break
            expected = seat_at(self.default_caller(), skip)
            seat = tok.seat or expected
            if skip and tok.seat and tok.seat != expected:
                raise AuctionError(N_("Token {position} “{token}”: after “^S” the call is made by {seat}, the player "
                                      "after the skipped one."), position=tok.position, token=tok.text,
                                   seat=expected)
            skip, skip_tok = 0, None
            self.call(seat, tok.call, tok)
        if skip:
            raise AuctionError(N_("Token {position} “{token}”: “^S” must be followed by the call out of rotation that "
                                  "skipped the player."), position=skip_tok.position, token=skip_tok.text)
        if self.pending is not None:
            U.unit(self.pending).at_record_end(self, self.pending)

    # -- a call ------------------------------------------------------------------------------
    def call(self, seat: str, call: Call, tok: Token) -> None:
        e = CallEntry(len(self.calls), seat, call, tok.position, self.turn, annotations=tok.annotations)
        for d in list(self.deferred):     # the table went on before the director came: the ruling that waited lapses
            fact = U.unit(d).deferral_lapses(self, d, e)
            if fact is not None:
                self.deferred.remove(d)
                d.assumed[fact] = "no"
                self.settle(d)
        self.calls.append(e)
        self.last_caller = seat
        if self.pending is not None:
            before = self.pending
            self.respond(e)
            if e.status == "cancelled":     # the ruling on the pending irregularity withdrew this call
                return
            if self.pending is not None and self.pending is not before and self.pending.index < e.index:
                # the ruling made an earlier call an irregularity of its own (25A1: the intended call judged anew):
                # this call answers it (the LHO's call over it accepts it)
                self.respond(e)
                if e.status == "cancelled":
                    return
        e.turn = None if self.complete else self.turn
        if tok.marked_insufficient and not (call.is_bid and not self.complete and not self.sufficient(call)):
            raise AuctionError(N_("Token {position} “{token}”: “^I” marks {call} as an insufficient bid, but it is "
                                  "not insufficient."), position=tok.position, token=tok.text, call=str(call))
        if tok.marked_insufficient:
            self.marked_accepted.add(e.index)
        self.classify(e)

    def respond(self, e: CallEntry) -> None:
        """A call made while ``self.pending`` awaits acceptance or rectification: what it establishes is read off the
        record (whether the offender's LHO called over it; what the irregularity's unit reads from it) and the tree
        rules: the LHO's call accepts it where the law lets him (the ruling decides), any other call leaves it to be
        rectified."""
        irr = self.pending
        self.pending = None
        offered, irr.awaiting = irr.awaiting == "lho_option", None
        # the LHO's call over it accepts it; so does any other player's next call over a bid the record marks as an
        # insufficient bid the opponents accepted (PBN ^I), the players skipped (^S) having lost their turn
        irr.lho_called = e.seat == lho(irr.offender) or (irr.index in self.marked_accepted and e.seat != irr.offender)
        irr.facts["accepted"] = "yes" if irr.lho_called else "no"
        irr.assumed.pop("accepted", None)
        if offered and (not irr.lho_called or e.seat == irr.turn):
            # the director offered the LHO his option and another player called, or the LHO called at what is his
            # turn once the call is cancelled (a call out of rotation at his turn): the option was declined, and the
            # rectification the director's call brings applies before this call is read
            irr.lho_called, irr.facts["accepted"] = False, "no"
            U.unit(irr).director(self, irr)
            return
        if U.unit(irr).respond(self, irr, e):
            return
        if irr.lho_called:
            self.settle(irr, defer=True)
            return
        self.rectify(irr, td=False)

    # -- classification of a new call ---------------------------------------------------------
    def classify(self, e: CallEntry) -> None:
        """Whose is the new call: the units are asked in their order; a call no unit claims stands."""
        if self.complete:
            for u in U.ordered():
                if u.classify_after_end(self, e):
                    return
            raise AssertionError("no unit took a call made after the end of the auction")  # pragma: no cover
        p, c, t = e.seat, e.call, self.turn
        in_turn = p == t or any(u.deems_in_rotation(self, e, t) for u in U.ordered())
        e.in_rotation = in_turn
        ctx = Context(e, t, in_turn, any(s.call.is_bid for s in self.standing), not c.is_bid or self.sufficient(c))
        if in_turn:
            self.check_obligations(e, ctx)
        for u in U.ordered():
            if u.classify(self, e, ctx):
                return
        self.stand(e)

    def check_obligations(self, e: CallEntry, ctx: Context) -> None:
        """The caller's obligations at his turn: each next-turn obligation is fulfilled or breached by this call; a
        rest-of-auction obligation to pass is breached by anything but a pass (``ctx.rest_pass``)."""
        p, c = e.seat, e.call
        for o in self.obls:
            if o.seat == p and o.status == "undetermined" and o.must == "pass" and not c.is_pass and \
                    self.reading(o.pending_fact) is not None:
                # bound to pass on the replay's reading of a fact the director has not given: the call is ruled as
                # the breach it is on that reading, and the director is asked the fact (rule())
                ctx.rest_pass = ctx.rest_pass or o.scope == "rest_of_auction"
                if o.scope == "next_turn":
                    ctx.breached.append(o)
                continue
            if o.seat != p or o.status != "in_force":
                continue
            ok = (c.is_pass if o.must == "pass" else not c.is_double if o.must == "not_double"
                  else str(c) == o.call)
            if o.must == "pass" and o.scope == "rest_of_auction":
                ctx.rest_pass = ctx.rest_pass or not ok
                continue
            o.status, o.consumed_by = ("fulfilled" if ok else "breached"), e.index
            if not ok:
                ctx.breached.append(o)

    def reading(self, fact: str | None) -> str | None:
        """The value the replay reads a director's fact as while he has not given it (``Fact.reading``)."""
        f = self.facts_def.get(fact) if fact else None
        return getattr(f, "reading", None)

    def stand(self, e: CallEntry) -> None:
        """A call that stands, in rotation."""
        e.status = "legal"
        self.standing.append(e)
        self.turn = lho(e.seat)
        self.on_stand(e)
        self.check_end()

    def hold(self, irr: Irregularity, e: CallEntry) -> None:
        """An irregular call: provisionally in the auction until accepted or rectified."""
        e.status = "pending"
        self.standing.append(e)
        self.turn = lho(e.seat)
        self.pending = irr

    def rule_with_director_facts(self, irr: Irregularity) -> None:
        """Settle ``irr``; when its tree still asks the director a question, what every answer rules alike is applied
        now and the obligations the answers rule differently stay undetermined on that fact. When the answers differ
        on the calls themselves, the replay's reading (``Fact.reading``) is applied and recorded as assumed."""
        if self.settle(irr):
            return
        out, reg = self.walk(irr)
        if out is None or out.status != "needs" or self.reading(out.fact) is None:
            return        # a fact a later call will give, or one the replay takes no reading of
        fact = out.fact
        if fact not in irr.facts_needed:
            irr.facts_needed.append(fact)
        rulings = self.answers(irr, {}, 0)
        mech = {tuple(r.get(k) for k in ("cancelled", "substitute_pass", "withdrawn", "next")) for _, r in rulings}
        if len(mech) > 1:
            irr.assumed[fact] = self.reading(fact)
            self.settle(irr)
            return
        law, common = rulings[0]
        common = dict(common)
        scopes = {}
        for f in ("offender_must_pass", "partner_must_pass"):
            found = {r.get(f, "no"): lw for lw, r in rulings}
            if len(found) > 1:
                strongest = max(found, key=SCOPES.index)
                scopes[f] = (strongest, found[strongest])
                common[f] = "no"
        common["applies"], common["notes"] = [], []
        self.enact(irr, law, common)
        o = irr.offender
        for f, (scope, lw) in scopes.items():
            seat = o if f == "offender_must_pass" else partner(o)
            self.oblige(seat, "pass", scope, lw, irr, status="undetermined", pending_fact=fact)
        if scopes:
            irr.assumed.setdefault(fact, self.reading(fact))     # the reading a later call is ruled on (classify)

    def answers(self, irr: Irregularity, given: dict, depth: int) -> list:
        """Every ruling the director's answers can lead to: ``[(law, ruling), ...]``."""
        out, reg = self.walk(irr, **given)
        if out is None:
            return []
        if out.status == "ruling":
            return [(out.law, out.ruling)]
        if depth > 3:
            return []
        return [x for opt in out.options for x in self.answers(irr, {**given, out.fact: opt}, depth + 1)]

    # -- rectification (the director is called, or the law applies without him) ----------------
    def rectify(self, irr: Irregularity, td: bool) -> None:
        irr.td_called = irr.td_called or td
        irr.resolution = "rectified"
        irr.awaiting = None
        U.unit(irr).rectify(self, irr)

    # -- things that happen when a call comes to stand -----------------------------------------
    def on_stand(self, e: CallEntry) -> None:
        """A call comes to stand: whether it fulfils a call to repeat, and what it establishes for a ruling that waits
        for later calls (read by the irregularity's unit); then the tree rules."""
        for ob in self.obls:     # the offender repeated (or not) the call a ruling required him to repeat
            if ob.must == "repeat" and ob.consumed_by == e.index:
                src = self.irregs[ob.irregularity]
                src.facts["offender_repeats"] = "yes" if ob.status == "fulfilled" else "no"
                if ob.status == "fulfilled":
                    src._note("repeat_ok")
        for irr in list(self.waiting):
            if e.index <= irr.index or irr not in self.waiting:
                continue
            if U.unit(irr).later_call(self, irr, e):
                self.settle(irr, event=False)

    def check_end(self) -> None:
        """The auction ends after three passes following a bid, or four passes (unless a unit's law says otherwise
        for the passes that end it)."""
        if self.pending is not None or self.complete:
            return
        st = self.standing
        k = 0
        for s in reversed(st):
            if not s.call.is_pass:
                break
            k += 1
        has_bid = any(s.call.is_bid for s in st)
        if not ((has_bid and k >= 3) or (not has_bid and len(st) >= 4)):
            return
        for u in U.ordered():
            if u.at_auction_end(self):
                return
        self.complete = True
        self.turn = None

    # -- the director ------------------------------------------------------------------------
    def director(self, tok: Token, prev_auto: Irregularity | None) -> None:
        if self.deferred:
            irr = self.deferred.pop(0)
            # whether the offender's partner had called when the director came (25A1's limit): the calls made after
            # his ruling do not change it
            irr.facts.setdefault("partner_called", "yes" if any(
                c.seat == partner(irr.offender) and not c.synthetic for c in self.calls[irr.index + 1:]) else "no")
            irr.td_called = True
            irr.resolution = "rectified"
            self.settle(irr)
            return
        if self.pending is not None:
            irr = self.pending
            if U.unit(irr).option_open(irr) and self.option_asked(irr) and irr.awaiting != "lho_option":
                given = self.given(irr, "accepted")
                if given is None and self.option_decides(irr):
                    # the director offers the LHO his option: the irregular call waits for the LHO's answer (his call
                    # over it accepts it; another player's call shows it declined), which the director may give
                    irr.td_called, irr.awaiting, irr.resolution = True, "lho_option", "lho_option"
                    irr.assumed["accepted"] = "no"
                    return
                if given == "yes":        # offered the option, the LHO accepts the call
                    self.pending = None
                    irr.facts["accepted"], irr.td_called, irr.awaiting = "yes", True, None
                    self.settle(irr)
                    return
            self.pending = None
            U.unit(irr).director(self, irr)
            return
        if prev_auto is not None:
            prev_auto.td_called = True
            return
        for u in U.ordered():
            if u.director_unprompted(self, tok):
                return
        raise DirectorTooSoon(N_("Token {position} “{token}”: there is no irregularity here for the director to "
                              "rectify (TD stands right after the irregular call, before the offender's left-hand "
                              "opponent calls)."), position=tok.position, token=tok.text)

    def option_decides(self, irr: Irregularity) -> bool:
        """Whether the LHO's option is what the tree turns on next, on the director's findings so far: not when the
        tree rules before it (an unintended call replaced by the intended one, which is no call to accept)."""
        out, _ = self.walk(irr)
        return out is None or "accepted" in out.used_facts or (out.status == "needs" and out.fact == "accepted")

    def given(self, irr: Irregularity, key: str) -> str | None:
        """A fact the director gave for this irregularity (or for every one), not read off the record."""
        return self.per.get(irr.index, {}).get(key, self.glob.get(key))

    def option_asked(self, irr: Irregularity) -> bool:
        """Whether the tree that rules on ``irr`` asks the LHO's option when the director is called before the LHO
        calls (``acceptance: asked``), rather than reading the director's call as the option declined."""
        tree = R.trees(self.edition).get(U.tree_id(irr))
        return tree is not None and tree.acceptance == "asked"

    def deemed_pass(self, seat: str, law: str, before: CallEntry) -> CallEntry:
        """The pass of a player whose turn was taken by a call deemed in rotation, counted where his turn was."""
        p = CallEntry(len(self.calls), seat, CALL_PASS, None, seat, synthetic=True, law=law, made_before=before.index)
        self.calls.append(p)
        self.standing.append(p)
        return p

    def cancel_from(self, irr: Irregularity, law: str) -> None:
        """The calls made after the irregular one leave the auction with it: their obligations and irregularities go
        with them. The irregular call itself is then dealt with as the ruling says."""
        idx = irr.index
        later = [c for c in self.after(idx) if c.stands]
        for c in later:
            c.status, c.law = "cancelled", law
            self.restore_consumed(c)
        irr.cancelled = [idx] + [c.index for c in later]
        gone = set(irr.cancelled)
        for o in self.obls:     # what the rectification of a cancelled call, or a cancelled call, imposed goes with it
            src = self.irregs[o.irregularity]
            made_by_gone = o.since in gone and not self.calls[o.since].synthetic
            if o.status in ("in_force", "undetermined") and src is not irr and (src.index in gone or made_by_gone):
                o.status = "cancelled"
        for r in self.irregs:     # their calls are gone: so is what was ruled on them
            if r.index > idx:
                if r.resolution in ("pending", "awaiting_director") or r.awaiting:
                    r.resolution, r.awaiting = "cancelled", None
                r._note("superseded")
        self.deferred = [d for d in self.deferred if d.index < idx]
        self.waiting = [w for w in self.waiting if w.index < idx]
        for u in U.ordered():
            u.cancel_from(self, idx)
        self.pending = None
        self.complete = False
        self.standing = [s for s in self.standing if s.index <= idx]

    # -- the outcome -------------------------------------------------------------------------
    def contract(self) -> Contract | None:
        if not self.complete:
            return None
        risk = ""
        for e in reversed(self.standing):
            if e.call.kind == REDOUBLE and not risk:
                risk = "XX"
            elif e.call.kind == DOUBLE and not risk:
                risk = "X"
            elif e.call.is_bid:
                return Contract(e.call.level, e.call.denomination, risk)
        return None

    def declarer(self, contract: Contract) -> str | None:
        last = next(e for e in reversed(self.standing) if e.call.is_bid)
        side = (last.seat, partner(last.seat))
        for e in self.standing:
            if e.call.is_bid and e.seat in side and e.call.denomination == contract.denomination:
                return e.seat
        return None  # pragma: no cover

    def state(self, unfinished: bool) -> AuctionState:
        contract = self.contract()
        declarer = self.declarer(contract) if contract else None
        passed_out = self.complete and contract is None
        for irr in self.irregs:
            if irr.facts.get("accepted") is None and U.unit(irr).option_open(irr) and "accepted" not in irr.assumed:
                irr.facts["accepted"] = "yes" if irr.lho_called else "no"
        return AuctionState(self.dealer, tuple(self.calls), tuple(self.irregs), tuple(self.obls), self.complete,
                            passed_out, contract, declarer, None if self.complete else self.default_caller(),
                            unfinished, edition=self.edition)


def _made_at(c: CallEntry) -> float:
    """Where a call stands in the order of the auction: a substituted pass where the call it replaces was made, a
    deemed pass just before the call that took its turn."""
    if c.synthetic and c.substitute_for is not None:
        return c.substitute_for
    if c.made_before is not None:
        return c.made_before - 0.5
    return c.index


def replay(record: "str | Record | Iterable[Token]", dealer: str, facts: Mapping | None = None,
           edition: str | None = None) -> AuctionState:
    """Replay an auction record and detect its irregularities.

    Parameters
    ----------
    record : str, Record or iterable of Token
        The record, in the notation of :mod:`laws.rulings.record` (or already parsed).
    dealer : str
        ``'N'``, ``'E'``, ``'S'`` or ``'W'`` (the player who makes the first call).
    facts : mapping, optional
        The director's findings the rectification depends on (:data:`laws.rulings.facts.DIRECTOR_FACTS`,
        values ``'yes'``/``'no'``); a key that is an integer call index holds the facts of the irregularity at
        that call. Missing facts leave the dependent obligations ``undetermined``.
    edition : str, optional
        The edition of the Laws whose trees rule (``laws/trees/<edition>/``); by default the edition in force
        (:func:`laws.rulings.trees.default_edition`). An irregularity the edition has no tree for is detected and
        left unrectified (note ``no_tree``).

    Returns
    -------
    AuctionState

    Raises
    ------
    AuctionError
        A malformed token, an unknown dealer or fact, or a record that contradicts itself (``^I`` on a sufficient
        bid, ``TD`` with no irregularity to rectify, ``AP`` after the end).
    """
    if isinstance(record, str):
        rec = parse_record(record)
        tokens, unfinished = rec.tokens, rec.unfinished
    elif isinstance(record, Record):
        tokens, unfinished = record.tokens, record.unfinished
    else:
        tokens = tuple(record)
        unfinished = any(t.kind == "end" for t in tokens)
        if not tokens:
            raise AuctionError(N_("The auction record is empty."))
    r = Replay(dealer, facts, edition)
    r.run(tokens)
    state = r.state(unfinished)
    live = [i for i in state.irregularities if "superseded" not in i.notes]
    last = live[-1] if live else None
    if last is not None and last.resolution in ("pending", "awaiting_director") and \
            last.awaiting in ("lho_or_director", "director"):
        after_director = recorded = None
        changes = {}
        if last.awaiting == "director":
            try:
                after = replay(tuple(tokens) + tuple(parse_record("TD").tokens), dealer, facts, r.edition)
            except AuctionError:
                after = None
            if after is not None:
                after_director = {"next": after.next, "complete": after.complete, "declarer": after.declarer,
                                  "contract": str(after.contract) if after.contract else None}
                # the law leaves the director no choice: the auction's next, contract and declarer are his ruling's
                recorded = {"next": state.next, "complete": state.complete, "declarer": state.declarer,
                            "contract": str(state.contract) if state.contract else None}
                changes = {"next": after.next, "complete": after.complete, "contract": after.contract,
                           "declarer": after.declarer, "passed_out": after.passed_out}
        state = dataclasses.replace(state, awaiting=last.awaiting, after_director=after_director, recorded=recorded,
                                    **changes)
    return state


def admissible_after(seat: str, call: Call, earlier: Sequence) -> bool:
    """Whether a double by ``seat`` (of the last bid, an opponent's, with only passes since) or a redouble (of the
    last double, an opponent's, with only passes since) is admissible after ``earlier`` (``[(seat, call)]``, the
    calls that stand, oldest first): Law 19."""
    for who, c in reversed(earlier):
        if c.is_pass:
            continue
        if call.kind == DOUBLE:
            return c.is_bid and relation(seat, who) in ("LHO", "RHO")
        return c.kind == DOUBLE and relation(seat, who) in ("LHO", "RHO")
    return False
