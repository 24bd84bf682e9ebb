"""A ruling: the auction record replayed, its most recent irregularity found, the facts the record
gives read off it (by the irregularity's unit), the rest taken from the director, and the
irregularity's decision tree of the edition followed walked, once: the result is one typed
:class:`~laws.rulings.ruling.Ruling`.

:func:`rule` is what ``rulebook rule`` and the app call. It is a pure function of its arguments.
When the record stops at an irregularity nobody has dealt with yet, the ruling is the director's,
called now: the record is replayed with ``TD`` after it, so that the ruling's ``next``, contract,
declarer and calls are those of the auction as ``rulebook auction`` replays it with the director
called there. Everything the record shows is read off it and never asked; a fact given that
contradicts the record is an error naming the call that contradicts it, and an unknown fact key
an error naming the nearest keys.

>>> r = rule("N", "1H 1D TD E:2D", {"artificial": "no"}, edition="2007")
>>> r["status"], r["irregularity"], r["offender"], r["law"], r["partner_must_pass"], r["next"]
('ruling', 'insufficient_bid', 'E', '27B1a', 'no', 'S')
>>> rule("N", "1H 1D TD", edition="2007")["fact"]      # the LHO's option first (27A1)
'accepted'
>>> rule("N", "1H 1D TD", {"accepted": "no"}, edition="2007")["fact"]
'replacement'
"""
from __future__ import annotations

import difflib
import re
from functools import lru_cache

from i18n import N_

from .. import editions as E
from ..datafile import data_dir
from . import auction as A
from . import irregularities as U
from . import trees as R
from .facts import DIRECTOR_FACTS
from .replay import DirectorTooSoon, admissible_after
from .ruling import Ruling

#: kind -> the tree that starts the ruling (the units say; ``Ruling.start_tree`` is the one a ruling started from)
TREE_OF_KIND = {k: k for k, u in U.UNITS.items() if u.has_tree}

SEAT_NAMES = {"N": N_("North"), "E": N_("East"), "S": N_("South"), "W": N_("West")}
KIND_LABELS = {"simultaneous_call": N_("simultaneous calls"), "change_of_call": N_("change of call"),
               "second_insufficient_bid": N_("second insufficient bid")}
MUST_PASS_LABELS = {"no": N_("no obligation"), "next_turn": N_("must pass at the next turn"),
                    "rest_of_auction": N_("must pass for the rest of the auction")}
EDITION_LABEL = N_("the {edition} Laws")
#: a ruling whose adjusted_score is set: the laws that bring the director there say he awards one (12C1, 23C, 27D...)
ADJUSTED_SCORE_AWARDED = N_("The director awards an adjusted score.")
#: ... unless the provision leaves it to him (``adjusted_score_may``: 12C1(d), an artificial adjusted score)
ADJUSTED_SCORE_MAY = N_("The director may award an artificial adjusted score.")


def adjusted_score_line(d) -> str | None:
    """The line a front end shows of a ruling's adjusted score (an English msgid), or None when it awards none."""
    if not d.get("adjusted_score"):
        return None
    return ADJUSTED_SCORE_MAY if d.get("adjusted_score_may") else ADJUSTED_SCORE_AWARDED
#: a ruling's follow_up (laws.rulings.trees.follow_up): the tree the director walks at the end of the play; {laws}: its
#: provisions ("23C / 27D"), followed by the command (CLI) or a link (app)
FOLLOW_UP_LABEL = N_("At the end of the play, if the non-offending side may have been damaged (Law {laws})")


#: why a fact given was not used (Ruling.facts_ignored_why): Law 25A1's findings once the partner has called since the
#: call they concern; any other fact the walk did not turn on
SUBSTITUTION_FACTS = ("unintended", "pause")
IGNORED_PARTNER_CALLED = N_("the offender's partner has called since the call it concerns, which can no longer be "
                            "changed (Law {law})")
IGNORED_NOT_ASKED = N_("no step of this ruling turns on it (the {edition} Laws ask it at Law {law})")
IGNORED_NOT_IN_EDITION = N_("the {edition} Laws do not ask it")
IGNORED_LINE = N_("Given but not used: {fact}={value}: {reason}")
#: the record stops at the irregularity and the ruling leaves the offender's LHO nothing to accept (the call replaced an
#: unintended one under 25A1, or the LHO declined the option): his turn, or the director
LHO_NEXT_NOTHING_TO_ACCEPT = N_("Not yet dealt with: {seat}, the offender's LHO, calls next, or the director be called.")
#: 25A4/25A6: who calls next, depending on whether the LHO withdraws the call he made over the unintended call
NEXT_IF_WITHDRAWN = N_("{seat} if he withdraws the call he made over the unintended call; if he keeps it, {other}")
#: 25A6 (2007 25A4) with an intended call judged anew (review session 4 #18: '1NT 2S E:P N:1S TD'): the LHO's call made
#: over the unintended call, which he may withdraw, its information authorized for his side only
WITHDRAWABLE_LINE = N_("{seat} may withdraw the call he made over the unintended call ({call}) or keep it (Law {law}); "
                       "withdrawn, what it showed is authorized information for his side and unauthorized for the "
                       "other side.")
WITHDRAWABLE_LABEL = N_("Call over the unintended call")      # the card's row for it


def withdrawable_lines(d, t, seat_name) -> list[str]:
    """The ruling's ``withdrawable`` calls as the front ends show them (``seat_name(seat, t)``: the seat's name)."""
    return [t.gettext(WITHDRAWABLE_LINE).format(seat=seat_name(w["seat"], t), call=w["call"], law=w["law"])
            for w in d.get("withdrawable") or ()]


def follow_up_command(follow_up: dict) -> str:
    """The command that walks a ruling's follow-up tree: ``rulebook rule --tree correction_damage --edition E``."""
    return f"rulebook rule --tree {follow_up['tree']} --edition {follow_up['edition']}"


def follow_up_label(follow_up: dict, t) -> str:
    """:data:`FOLLOW_UP_LABEL` in the words of ``t``, with the follow-up's provisions."""
    return t.gettext(FOLLOW_UP_LABEL).format(laws=" / ".join(follow_up["laws"]))   # the edition is the registry's id (laws/data), never written here


class RulingError(ValueError):
    """Bad input to a ruling: a msgid with parameters, translated by the front end."""

    def __init__(self, msgid: str, **params):
        self.msgid, self.params = msgid, params
        super().__init__(msgid.format(**params))

    def translate(self, t) -> str:
        return t.gettext(self.msgid).format(**self.params)


def _seat(sym: str | None, irr, state) -> str | None:
    if sym is None or irr is None:
        return None
    off = irr.offender
    if sym == "skipped" and state is not None:   # 17E2: the first player the call skipped who has the right to call
        right = getattr(state.calls[irr.index], "_skipped_with_right", ())
        return right[0] if right else irr.turn
    return {"offender": off, "partner": A.partner(off), "lho": A.lho(off), "rho": A.rho(off),
            "turn": irr.turn or off, "auction": state.next if state else None, "none": None}.get(sym)


def _previous_call(irr, state):
    """The offender's call that his irregular call changes (Law 25): his last call before it."""
    for c in state.calls:
        if c.replaced_by == irr.index and c.seat == irr.offender:
            return c
    for c in reversed(state.calls[: irr.index]):
        if c.seat == irr.offender and c.stands:
            return c
    return None


def _cancelled(sym: str, irr, state) -> list:
    """The calls the ruling cancels, as entries of the record."""
    if irr is None or state is None:
        return []
    calls = list(state.calls)
    if sym == "previous_call":
        prev = _previous_call(irr, state)
        return [prev] if prev is not None else []
    elif sym == "none":
        idx = []
    elif sym == "replacement" and irr.cancelled:
        idx = [i for i in irr.cancelled if i != irr.index] or [irr.index]
    elif irr.cancelled and sym != "irregular_call":
        idx = sorted(set(irr.cancelled))
    elif sym == "irregular_call":
        idx = [irr.index]
    elif sym == "irregular_and_later":
        idx = list(range(irr.index, len(calls)))
    elif sym == "later_calls":
        idx = list(range(irr.index + 1, len(calls)))
    elif sym == "replacement" and irr.substitute is not None:
        idx = [irr.substitute]
    else:
        idx = []
    return [calls[i] for i in idx if 0 <= i < len(calls) and not getattr(calls[i], "synthetic", False)]


def _known_facts() -> set:
    return set(R.all_facts())


def _normalise(facts: dict) -> dict:
    """Facts with their keys checked (an unknown key is an error naming the nearest keys) and their
    values normalised. Integer keys (facts of one call of the record) pass through."""
    known = _known_facts()
    out = {}
    for k, v in (facts or {}).items():
        if isinstance(k, int):
            out[k] = v
            continue
        key = str(k).strip()
        if key not in known:
            near = difflib.get_close_matches(key[:60], sorted(known), n=3, cutoff=0.6)
            key = key if len(key) <= 60 else key[:59] + "…"
            if near:
                raise RulingError(N_("unknown fact {fact}: did you mean {nearest}? (rulebook facts lists them all)"),
                                  fact=key, nearest=" or ".join(near))
            raise RulingError(N_("unknown fact {fact}: rulebook facts lists the facts a ruling may ask"), fact=key)
        out[key] = R._norm_answer(v)
    return out


def _split_facts(facts: dict) -> tuple[dict, dict]:
    """(facts the replay understands, all facts normalised)."""
    norm = _normalise(facts)
    replay = {k: v for k, v in norm.items() if k in DIRECTOR_FACTS or isinstance(k, int)}
    if "same_denomination" in norm:   # 29C: the director's finding for an artificial call out of rotation
        replay.setdefault("repeats_denomination", norm["same_denomination"])
    return replay, {k: v for k, v in norm.items() if not isinstance(k, int)}


_RANK = {"no": 0, "next_turn": 1, "rest_of_auction": 2}


def _must_pass(seat: str, state) -> str:
    """The strongest obligation to pass in force on ``seat`` at the end of the replayed record."""
    best = "no"
    for o in state.obligations:
        if o.seat == seat and o.must == "pass" and o.status == "in_force" and _RANK[o.scope] > _RANK[best]:
            best = o.scope
    return best


def _awaiting(irr) -> bool:
    """Whether the record stops before anybody dealt with ``irr`` (the director has not been called)."""
    return irr.resolution in ("pending", "awaiting_director") and irr.awaiting in ("lho_or_director", "director")


def _tree_walk(tree, facts: dict):
    try:
        return R.walk(tree, facts)
    except R.FactError as e:
        raise RulingError(e.msgid, **e.params) from None


def _no_tree(tree_id: str, ed: str, state=None, irr=None) -> Ruling:
    """The status of a ruling the edition has no tree for: said plainly, never another edition's tree."""
    r = Ruling(status="no_tree", laws_edition=ed, tree=tree_id, irregularity=irr.kind if irr else tree_id,
               offender=irr.offender if irr else None,
               explanation=N_("The {edition} Laws have no decision tree here for this irregularity ({tree}): no "
                              "ruling is given by that edition."),
               explanation_params={"edition": ed, "tree": tree_id},
               editions_with_tree=[e for e, reg in R.all_trees().items() if tree_id in reg])
    if state is not None:
        _auction(r, state)
        r.next_after_ruling = state.next
    if irr is not None:
        r.call = _call(irr, state)
    return r


def _call(irr, state) -> dict:
    return {"index": irr.index, "seat": irr.offender, "call": str(state.calls[irr.index].call)}


def _auction(r: Ruling, state, with_next: bool = True) -> None:
    """The auction the ruling leaves: next, complete, contract, declarer and the replayed record."""
    if with_next:
        r.next = state.next
    r.complete = state.complete
    r.contract = str(state.contract) if state.contract else None
    r.declarer, r.auction = state.declarer, state.to_dict()


def rule(dealer: str | None, auction: str | None, facts: dict | None = None, tree_id: str | None = None,
         edition: str | None = None) -> Ruling:
    """Rule on the most recent irregularity of ``auction`` (dealt by ``dealer``), or walk the tree
    ``tree_id`` from ``facts`` alone when there is no auction, by the trees of ``edition`` (by default
    the edition in force, :func:`laws.rulings.trees.default_edition`).

    Returns the typed :class:`~laws.rulings.ruling.Ruling` (English strings; the front end translates
    ``explanation`` and ``question``); its ``to_dict()`` is what ``rulebook rule --json`` prints.
    """
    try:
        ed = R.default_edition() if edition is None else R.check_tree_edition(edition)
    except R.EditionUnknown as e:
        raise RulingError(e.msgid, **e.params) from None
    replay_facts, norm = _split_facts(dict(facts or {}))
    reg = R.trees(ed)
    if tree_id is not None and tree_id not in reg:
        if any(tree_id in r for r in R.all_trees().values()):
            return _no_tree(tree_id, ed)
        raise RulingError(N_("unknown tree {tree}: the trees are {trees}"), tree=tree_id,
                          trees=", ".join(sorted({t for r in R.all_trees().values() for t in r})))
    state = irr = recorded = recorded_irr = None
    td_assumed = False
    if auction is not None and auction.strip():
        if dealer is None:
            raise RulingError(N_("give the dealer (N, E, S or W) with the auction"))
        try:
            state = A.replay(auction, dealer, replay_facts, ed)  # AuctionError propagates: the front end translates it
        except DirectorTooSoon as e:
            # the director called to a call that is irregular only on a finding he has not given yet: that question
            # first (asked on the record without this TD); called after the record settled an irregularity: the
            # ruling on the record as it stands; otherwise the TD is misplaced
            asked = _question_before_the_director(dealer, auction, facts, e, ed)
            if asked is None:
                raise
            return asked
        # the irregularities still in the auction (not those a later rectification swept away)
        live = [i for i in state.irregularities if "superseded" not in i.notes]
        irr = live[-1] if live else None
        recorded, recorded_irr = state, irr
        blocked = [i for i in state.irregularities if "no_tree" in i.notes]
        if blocked and tree_id is None:   # the edition has no tree for an irregularity: nothing after it is ruled
            return _no_tree(U.tree_id(blocked[0]), ed, state, blocked[0])
        if irr is not None and _awaiting(irr):
            # the director is called now: rule on the auction as it stands with TD after the irregularity
            try:
                applied = A.replay(auction + " TD", dealer, replay_facts, ed)
            except A.AuctionError:
                applied = None
            if applied is not None and len(applied.irregularities) >= len(state.irregularities):
                # the irregularity the director deals with first (an earlier one awaiting him may cancel the later
                # calls): the one the added TD rectified (his ruling may make a call an irregularity of its own, 25A1:
                # the intended call judged anew)
                done = [b for a, b in zip(state.irregularities, applied.irregularities) if b.td_called and not a.td_called]
                state, irr, td_assumed = applied, (done[0] if done else applied.irregularities[-1]), True
    if irr is None and tree_id is None:
        r = Ruling(status="no_irregularity", laws_edition=ed, explanation=N_("The record shows no irregularity."))
        if state is not None:
            _auction(r, state)
        r.next_after_ruling = r.next
        return r
    r = None
    if tree_id is None:
        r = _earlier_question(irr, state, norm, replay_facts, dealer, auction, ed)
        if r is None and not U.unit(irr).has_tree:
            r = _obligation_breached(irr, state, ed)
    if r is None:
        tid = tree_id if tree_id is not None else U.tree_id(irr)
        if tid not in reg:
            nt = _no_tree(tid, ed, state, irr)
            nt.td_assumed = td_assumed
            return _finish(nt, td_assumed, recorded, recorded_irr)
        r = _walk_tree(reg[tid], irr, state, norm, ed)
    r.other_edition = other_edition(r)
    return _finish(r, td_assumed, recorded, recorded_irr, norm)


def _walk_tree(tree, irr, state, norm: dict, ed: str) -> Ruling:
    """The irregularity's tree walked with what the record shows of it and the director's facts."""
    merged = dict(norm)
    from_record = {}
    if irr is not None:
        from_record = U.record_facts(irr, state)
        # a fact given for the whole record that holds of another irregularity of it (the director's answer to that
        # one's question, e.g. the LHO declining the option on an earlier call) is not contradicted by this one's
        answered_elsewhere = {(k, o.facts.get(k)) for o in state.irregularities if o is not irr for k in norm}
        for k, v in norm.items():
            if k in from_record and from_record[k] != v and (k, v) not in answered_elsewhere:
                c = U.witness(k, irr, state.calls)
                why = U.unit(irr).contradiction(k, irr, state.calls)
                if why:     # the unit's own words for it (a msgid with the same params)
                    raise RulingError(why, fact=k, value=v, number=c.index + 1, seat=c.seat, call=str(c.call))
                raise RulingError(N_("the fact {fact}={value} contradicts the record: call {number} ({seat} {call}) "
                                     "shows {fact}={actual}"), fact=k, value=v, actual=from_record[k],
                                  number=c.index + 1, seat=c.seat, call=str(c.call))
        merged.update(from_record)
    unasked = {k: v for k, v in (U.unit(irr).unasked(irr) if irr is not None else {}).items() if k not in merged}
    r = Ruling.from_outcome(_tree_walk(tree, {**merged, **unasked}), ed, tree.id)
    reg = R.trees(ed)
    for k in unasked:       # taken, not given: listed as not asked, at the node that would ask it
        if r.facts_used.pop(k, None) is not None:
            law = next(reg[t].nodes[n].law for t, n in r.path if t in reg and reg[t].nodes[n].ask == k)
            r.facts_unasked.append({"fact": k, "law": law})
    if r.status == "needs" and irr is not None:
        _rule_while_waiting(r, R.trees(ed), ed)
    r.irregularity = irr.kind if irr is not None else tree.irregularity
    if r.irregularity == "obligation_breached":
        r.irregularity = "call_when_required_to_pass"
    r.offender = irr.offender if irr is not None else None
    r.facts_from_record = from_record
    r.facts_ignored = sorted(k for k in norm if k not in r.facts_used and k not in from_record)
    if irr is not None and r.facts_ignored:
        # a finding that decided an earlier irregularity of the record is used (review session 4 #13)
        elsewhere = _used_elsewhere(irr, state, norm, ed)
        r.facts_ignored = [k for k in r.facts_ignored if k not in elsewhere]
    # while a question is asked, the rest of the walk may still turn on them (review session 4 #3)
    partner_called = r.facts_used.get("partner_called") == "yes"    # the walk found it (25A2/25A4: too late)
    r.facts_ignored_why = ([_why_ignored(k, norm[k], irr, state, ed, tree, partner_called) for k in r.facts_ignored]
                           if r.status == "ruling" else [])
    if irr is not None:
        # a 25A1 finding the replay read as "no" without asking (a double that would replace the player's own
        # unintended call: '1NT 2S N:X'): the director gives it when the table raises it
        for k in SUBSTITUTION_FACTS:
            if irr.assumed.get(k) and k not in norm and k not in r.facts_used \
                    and not any(u["fact"] == k for u in r.facts_unasked) and R.asked_at(k, ed):
                r.facts_unasked.append({"fact": k, "law": R.asked_at(k, ed)})
    if irr is not None:
        r.call = _call(irr, state)
        r.turn = irr.turn
    if r.status == "ruling":
        sym_next = r.next_by_law
        if state is None:
            r.next = None if sym_next in ("none", "auction") else sym_next
        else:
            r.next_seat_by_law = _seat(sym_next, irr, state) if sym_next != "auction" else state.next
            facts_def = R.all_facts(ed)
            ahead = [k for k in r.facts_used if k not in from_record and k not in DIRECTOR_FACTS
                     and getattr(facts_def.get(k), "source", "") == "auction"]
            # the replay applied the ruling: the auction as it now stands; unless the director answered for calls
            # the record does not hold yet (the replacement of an insufficient bid, the RHO's call...): then the
            # ruling's own next, after those calls
            r.next = r.next_seat_by_law if ahead else state.next
            if ahead:
                r.facts_ahead_of_record = ahead
            # an obligation to pass already in force stays in force
            for f, seat in (("offender_must_pass", irr.offender), ("partner_must_pass", A.partner(irr.offender))):
                if _RANK[_must_pass(seat, state)] > _RANK[getattr(r, f)]:
                    setattr(r, f, _must_pass(seat, state))
        listed = _cancelled(r.cancelled_kind, irr, state)
        listed += [c for c in U.cancelled_with(irr, state) if c not in listed] if irr is not None else []
        r.cancelled_calls = [{"index": c.index, "seat": c.seat, "call": str(c.call)} for c in listed]
        r.next_if_kept = _next_if_kept(r, irr, state)
        r.withdrawable = _withdrawable(irr, state)
    else:
        r.next = state.next if state is not None else None
    if state is not None:
        _auction(r, state, with_next=False)
    return r


def _partner_called_since_own_call(irr, state) -> bool:
    """Whether the offender's partner called after the offender's last call before ``irr`` (Law 25A1's limit)."""
    own = [c for c in state.calls[: irr.index] if c.seat == irr.offender and not c.synthetic]
    return bool(own) and any(c.seat == A.partner(irr.offender) and not c.synthetic
                             for c in state.calls[own[-1].index + 1: irr.index])


def _used_elsewhere(irr, state, norm: dict, ed: str) -> set:
    """The director's facts the trees of the record's other irregularities turn on (walked with those facts and what
    the record shows of each)."""
    used: set = set()
    reg = R.trees(ed)
    for o in state.irregularities:
        tree = reg.get(U.tree_id(o)) if o is not irr else None
        if tree is None:
            continue
        try:
            used |= set(R.walk(tree, {**norm, **U.record_facts(o, state)}, reg).used_facts)
        except (R.FactError, R.TreeError):
            continue
    return used


def _why_ignored(fact: str, value, irr, state, ed: str, tree=None, partner_called: bool = False) -> dict:
    """Why the fact ``fact`` given was not used by the ruling: an English msgid with its params (the provision at
    which the ruling's own tree asks it, else the edition's first). ``partner_called``: the ruling's walk found that
    the offender's partner had called since the call (review session 4 #4: 2007 pause, like unintended, is then moot)."""
    if fact in SUBSTITUTION_FACTS and irr is not None and state is not None and (
            partner_called or _partner_called_since_own_call(irr, state)):
        law = R.asked_at("partner_called", ed) or R.asked_at(fact, ed) or ""
        return {"fact": fact, "value": value, "reason": IGNORED_PARTNER_CALLED, "params": {"law": law}}
    own = [n.law for n in (tree.nodes.values() if tree is not None else ()) if n.ask == fact]
    law = own[0] if own else R.asked_at(fact, ed)
    if law is None:
        return {"fact": fact, "value": value, "reason": IGNORED_NOT_IN_EDITION, "params": {"edition": ed}}
    return {"fact": fact, "value": value, "reason": IGNORED_NOT_ASKED, "params": {"edition": ed, "law": law}}


def _next_if_kept(r: Ruling, irr, state) -> str | None:
    """25A4/25A6: the ruling lets the offender's LHO withdraw the call he made over the unintended call (``withdrawn:
    calls_over``) and gives him the turn: if he keeps it, the offender's partner calls next (he had not called)."""
    if r.withdrawn != "calls_over" or irr is None or state is None or r.next != A.lho(irr.offender):
        return None
    own = [c for c in state.calls[: irr.index] if c.seat == irr.offender and not c.synthetic]
    over = [c for c in state.calls[own[-1].index + 1: irr.index] if not c.synthetic] if own else []
    if [c.seat for c in over] != [A.lho(irr.offender)]:
        return None
    # he may keep it only if it is still a legal call over the intended one (review session 4 #7: '1H 1D S:X E:P',
    # South's double would double his partner's 1H; '1H 1D S:1S E:2S', his 1S would be insufficient)
    before = [(c.seat, c.call) for c in state.calls[: own[-1].index]
              if not c.synthetic and c.status in ("legal", "accepted_irregular")]
    seq = before + [(irr.offender, state.calls[irr.index].call)]
    return A.partner(irr.offender) if _legal_over(over[0].seat, over[0].call, seq) else None


def _withdrawable(irr, state) -> list:
    """The calls the offender's LHO made over an unintended call that the intended call, judged anew as an
    irregularity of its own (``irr``: an insufficient bid...), replaced: he may withdraw them (2017 25A6, 2007 25A4),
    which the replay reads as done; the ruling on the intended call reports them (review session 4 #18)."""
    if irr is None or state is None or not any(o is not irr and o.index == irr.index for o in state.irregularities):
        return []          # not an intended call judged anew: the change of call's own ruling says it (next_if_kept)
    prev = next((c for c in state.calls if c.replaced_by == irr.index), None)
    if prev is None:
        return []
    return [{"index": c.index, "seat": c.seat, "call": str(c.call), "law": c.law}
            for c in state.calls[prev.index + 1: irr.index]
            if not c.synthetic and c.status == "cancelled" and c.seat == A.lho(irr.offender) and c.law]


def _legal_over(seat: str, call, seq: list) -> bool:
    """Whether ``call`` by ``seat`` is legal after the calls ``seq`` ([(seat, call)]): a bid that supersedes the last
    bid, a double of an opponent's bid or a redouble of an opponent's double with only passes since (Law 19)."""
    if call.is_pass:
        return True
    if call.is_bid:
        return call.supersedes(next((c for _, c in reversed(seq) if c.is_bid), None))
    return admissible_after(seat, call, seq)


def _question_before_the_director(dealer, auction, facts, err, ed) -> Ruling | None:
    """A final ``TD`` where the replay finds nothing left for the director on the facts given: the question that
    decides whether the call before it is irregular; or, the director being called after the record had settled an
    irregularity (the LHO called over it, 27A1/29A/25B1/39B; the player whose turn it was called, 28B; the offender
    replaced his insufficient bid at once, 27C), the ruling on the record as it stands, which he gives. None when the
    record holds no irregularity (the TD is then misplaced)."""
    toks = auction.split()
    if not toks or toks[-1].upper() != "TD" or err.position != len(toks):
        return None
    r = rule(dealer, " ".join(toks[:-1]), facts, None, ed)
    return r if r.status in ("needs", "ruling") else None


def _finish(r: Ruling, td_assumed: bool, recorded, recorded_irr, given=()) -> Ruling:
    """The record as recorded: when it stops at an irregularity nobody has dealt with, over which the offender's
    LHO may still call (``awaiting: lho_or_director``), ``next``, the contract, the declarer and the calls are
    those ``rulebook auction`` prints for it; the auction after the director's ruling is ``after_ruling``. When the
    LHO has already called and the law leaves the director no choice (``awaiting: director``), the calls are the
    record's and ``next``, the contract and the declarer those after his ruling, in both ``rule`` and ``auction``
    (which keeps the record's own as ``recorded``)."""
    r.td_assumed = td_assumed
    r.awaiting = recorded_irr.awaiting if td_assumed and recorded_irr is not None else None
    if r.awaiting == "lho_or_director" and "accepted" in given and "accepted" in r.facts_used \
            and _director_at_the_call(recorded, recorded_irr):
        # an irregularity the director's own ruling made (25A1: the intended call judged anew) while he is at the
        # table: he offers the LHO the option there and then, and has given the answer: nothing is awaited
        r.awaiting = None
    if td_assumed and r.awaiting in ("lho_or_director", "director"):
        r.after_ruling = {"next": r.next, "contract": r.contract, "declarer": r.declarer, "complete": r.complete,
                          "auction": r.auction}
        r.next_after_ruling = r.next
        _auction(r, recorded)
    else:
        r.after_ruling, r.next_after_ruling = None, r.next
    _lead_restrictions_in_the_final_auction(r)
    return r


def _director_at_the_call(state, irr) -> bool:
    """Whether the director was called to another irregularity of the same call as ``irr`` (his ruling on it made
    ``irr``: 25A1's intended call judged anew)."""
    return state is not None and irr is not None and any(
        o is not irr and o.index == irr.index and o.td_called for o in state.irregularities)


def _lead_restrictions_in_the_final_auction(r: Ruling) -> None:
    """Law 26 applies only if the offender becomes a defender: when the auction the ruling leaves is over, the lead
    restrictions the tree says may apply are reported only if the offender's side defends (none when it was passed
    out). ``lead_restrictions_by_tree`` keeps what the tree said."""
    r.law_26_condition = R.condition_of(R.LEAD_RESTRICTIONS, r.laws_edition) if r.lead_restrictions else None
    r.law_23_key = R.law_23_key(r.laws_edition) if r.law_23 else None
    r.follow_up = R.follow_up(r.notes, r.law_23_key, r.laws_edition) if r.status == "ruling" else None
    final = r.after_ruling or {"complete": r.complete, "contract": r.contract, "declarer": r.declarer}
    if not (r.lead_restrictions and r.offender and final.get("complete")):
        return
    declarer = final.get("declarer")
    if final.get("contract") is None or declarer in (r.offender, A.partner(r.offender)):
        r.lead_restrictions, r.law_26_condition = False, None


def _rule_while_waiting(r: Ruling, reg: dict, ed: str) -> None:
    """A record that stops where the tree waits for a call the record will hold (the RHO's call after a call out of
    rotation...): the director rules now, as the node's ``effect`` states (its explanation says what follows from
    the later call); the later call is not asked. ``awaiting_call`` names the fact the later call gives."""
    node = reg[r.tree].nodes[r.node]
    eff = node.effect or {}
    fact = R.all_facts(ed).get(r.fact)
    if not eff.get("explanation") or getattr(fact, "source", "") != "auction":
        return
    r.awaiting_call = r.fact
    r.fact = r.question = r.options = None
    r.status, r.law = "ruling", node.law
    r.set_rectification({**eff, "lead_restrictions": False, "law_23": False, "adjusted_score": False,
                         "procedural_penalty": False})
    r.cancelled_kind = eff.get("cancelled", "none")
    r.next_by_law = eff.get("next", "none")
    r.explanation = eff["explanation"]
    r.notes = [str(k) for k in eff.get("notes") or ()]


def _earlier_question(irr, state, norm: dict, replay_facts: dict, dealer=None, record=None, ed=None) -> Ruling | None:
    """The question the director must settle first: a fact about an earlier irregularity that the replay could not
    read off the record (it took a reading, or left it open) and that decides whether a later call is irregular at
    all (a call by a player bound to pass only on one reading, Law 37; a call at the turn of a player bound to pass
    only on one reading, 28A). Found by replaying the record with each answer: when the irregular calls after the
    earlier irregularity differ, its tree's question is asked before any ruling on a later call (irregular on
    every reading, the replay's reading stands). None when nothing is to be asked."""
    reg = R.trees(ed)
    live = [i for i in state.irregularities if "superseded" not in i.notes and i.index < irr.index]
    for n, src in enumerate(state.irregularities):
        if src not in live:
            continue
        per = replay_facts.get(src.index, {})
        open_facts = [f for f in dict.fromkeys([*src.assumed, *src.facts_needed])
                      if f in DIRECTOR_FACTS and f not in norm and f not in per]
        tree = reg.get(U.tree_id(src))
        if not open_facts or tree is None:
            continue
        side = (irr.offender, A.partner(irr.offender))
        for fact in open_facts:
            # an obligation to pass on the offender's side left open on this fact: the ruling's "who must pass"
            # depends on it, whatever the later calls are
            binds = any(o.irregularity == n and o.status == "undetermined" and o.pending_fact == fact
                        and o.seat in side for o in state.obligations)
            shapes = _shapes(src, n, {fact: None}, per, norm, replay_facts, dealer, record, ed, state)
            if len(shapes) < 2 and not binds:
                continue       # every answer leaves the later calls as they are: the replay's reading stands
            out = _tree_walk(tree, {**norm, **per, **U.record_facts(src, state)})
            if out.status != "needs":
                continue
            r = Ruling.from_outcome(out, ed, tree.id)
            r.irregularity, r.offender = src.kind, src.offender
            r.call, r.turn = _call(src, state), src.turn
            r.facts_from_record = U.record_facts(src, state)
            r.earlier_irregularity = True
            _auction(r, state)
            return r
    return None


def _shapes(src, n: int, ask: dict, per: dict, norm: dict, replay_facts: dict, dealer, record, ed, state,
            depth: int = 0) -> set:
    """The irregular calls after ``src`` (the ``n``-th irregularity) on every answer to the director's facts about it:
    the fact in ``ask`` (key -> None), then any further finding of his that answer leaves the rectification waiting
    for (27B: whether the calls are artificial, then whether the replacement is comparable), up to three deep.
    ``None`` stands for a record the director's ruling would not follow on that answer."""
    fact = next(k for k, v in ask.items() if v is None)
    out = set()
    for answer in R.all_facts(ed)[fact].options:
        given = {**{k: v for k, v in ask.items() if v is not None}, fact: answer}
        try:
            alt = A.replay(record, dealer, {**replay_facts, src.index: {**per, **given}}, ed)
        except A.AuctionError:
            # asked only when the rectification left an obligation open on that fact
            if any(o.irregularity == n and o.status == "undetermined" for o in state.obligations):
                out.add(None)
            continue
        again = next((i for i in alt.irregularities if i.index == src.index), None)
        more = [f for f in (again.facts_needed if again is not None else ())
                if f in DIRECTOR_FACTS and f not in norm and f not in per and f not in given]
        if more and depth < 2:
            out |= _shapes(src, n, {**given, more[0]: None}, per, norm, replay_facts, dealer, record, ed, state,
                           depth + 1)
            continue
        out.add(tuple(i.index for i in alt.irregularities if i.index > src.index and "superseded" not in i.notes))
    return out


def _obligation_breached(irr, state, ed: str) -> Ruling:
    """A call that does not do what an earlier rectification required (repeat the call; not double or
    redouble). The laws give no rectification of their own for it: the replay cancels it and the player calls
    again, unless the offender's LHO called over it."""
    stands = irr.accepted or irr.lho_called
    explanation = (N_("This call does not do what the rectification already applied requires ({law}). The offender's "
                      "LHO called over it, so it stands and the auction continues.") if stands else
                   N_("This call does not do what the rectification already applied requires ({law}): it is cancelled "
                      "and the player must call again as that rectification requires."))
    cancelled = [] if stands else [state.calls[irr.index]]
    r = Ruling(status="ruling", laws_edition=ed, irregularity=irr.kind, offender=irr.offender, law=irr.law,
               trail=[irr.law], facts_from_record=U.record_facts(irr, state), call=_call(irr, state), turn=irr.turn,
               cancelled_calls=[{"index": c.index, "seat": c.seat, "call": str(c.call)} for c in cancelled],
               cancelled_kind="none" if stands else "irregular_call",
               next_by_law="auction" if stands else "offender",
               offender_must_pass=_must_pass(irr.offender, state),
               partner_must_pass=_must_pass(A.partner(irr.offender), state),
               explanation=explanation, explanation_params={"law": irr.law})
    _auction(r, state)
    return r


_LAW_KEY = re.compile(r"\b([1-9]\d?[A-H](?:\d+|\([a-z]\)|[a-z])*)")
_LAW_NUMBER = re.compile(r"\bLaws? ([1-9]\d?)\b")


@lru_cache(maxsize=4)
def _other_edition_mention(ids: tuple) -> re.Pattern:
    """A key of another edition named in an explanation ("Law 16C in the 2017 Laws"); built when first needed, from
    the registry's editions (not at import)."""
    return re.compile(r"\bLaws? [0-9A-Za-z()]+ in the (?:" + "|".join(map(re.escape, ids)) + ") Laws")


def ruling_keys(d: dict) -> list[str]:
    """The provisions a ruling rests on or names: its trail, its law, and the keys its (English) explanation and
    Law 26 condition cite, in the tree's edition, in order, without repeats."""
    keys = [str(k) for k in (d.get("trail") or [])] + ([str(d["law"])] if d.get("law") else [])
    for text in (d.get("explanation"), d.get("law_26_condition")):
        if text:
            text = _other_edition_mention(R.editions()).sub("", text)   # names the other edition's key
            keys += [m.replace("(", "").replace(")", "") for m in _LAW_KEY.findall(text)]
            keys += _LAW_NUMBER.findall(text)
    out = []
    for k in keys:
        k = E.split_qualified(k)[1] if ":" in k else k
        if k not in out:
            out.append(k)
    return out


def other_edition(d: dict) -> list[dict]:
    """Issue 10: the provisions of the ruling that the other edition of the Laws renumbered, changed, added or
    deleted (``laws.editions.changed_on_trail``), with the other edition's key and status."""
    if not d.get("laws_edition"):
        return []
    return [dict(c) for c in _changed_on_trail(tuple(ruling_keys(d)), d["laws_edition"], str(data_dir()))]


@lru_cache(maxsize=4096)
def _changed_on_trail(keys: tuple, ed: str, data: str) -> tuple:
    """The correspondence tables' answer, once per trail and data folder (``data``: the cache's key)."""
    return tuple(E.changed_on_trail(list(keys), ed))


def _asked_by(d) -> str | None:
    """The provision of the node that asks the ruling's question, in the tree's edition (a fact's own ``law`` is
    only where the fact was first written)."""
    ed, tid, nid = d.get("laws_edition"), d.get("tree"), d.get("node")
    if not (ed and tid and nid) or ed not in R.tree_editions():
        return None
    tree = R.trees(ed).get(tid)
    node = tree.nodes.get(nid) if tree is not None else None
    return node.law if node is not None else None


def _why_text(why: dict, t) -> dict:
    """A ``facts_ignored_why`` entry with its reason in the words of ``t`` (``text``)."""
    reason = why["reason"]
    return {**why, "text": t.gettext(reason).format(**why["params"])}


def translate(d, t) -> dict:
    """The ruling's JSON with its words in the language of ``t`` (explanation, question, options)."""
    out = d.to_dict() if isinstance(d, Ruling) else dict(d)
    explanation = d.get("explanation")
    if explanation:
        out["explanation"] = t.gettext(explanation)
        if d.get("explanation_params"):
            out["explanation"] = out["explanation"].format(**d["explanation_params"])
    if d.get("facts_ignored_why"):
        out["facts_ignored_why"] = [_why_text(w, t) for w in d["facts_ignored_why"]]
    if d.get("status") == "needs":
        facts = R.all_facts(d.get("laws_edition"))
        f = facts.get(d.get("fact"))
        question = d.get("question") or ""
        out["question"] = {
            "fact": d.get("fact"),
            "text": t.gettext(question) if question else "",
            "options": [{"value": o, "label": t.gettext((f.option_labels.get(o) if f else None) or o)}
                        for o in (d.get("options") or [])],
            "law": _asked_by(d) or (f.law if f else None),
            "help": t.gettext(f.help) if f and f.help else "",
        }
    condition = d.get("law_26_condition")
    if condition:
        out["law_26_condition"] = t.gettext(condition)
    ed = d.get("laws_edition")
    out["edition_label"] = t.gettext(EDITION_LABEL).format(edition=ed) if ed else None
    return out
