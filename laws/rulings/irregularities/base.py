"""The shape of an irregularity unit: what the replay core asks of it.

A unit is one irregularity (or a small family of them): the kinds it registers, the law that governs each and
its label, how it is detected on a new call, what later calls of the record establish about it, the facts the
record answers for its trees, and which tree (``laws/trees/<edition>/<tree id>.yaml``) rules on it. The core
(:mod:`laws.rulings.replay`) asks every unit, in the order of ``priority``, whether a call is its, and calls back
the unit of an irregularity for what concerns that irregularity. Every hook has a neutral default, so that a
unit says only what its law needs.
"""
from __future__ import annotations

from ..calls import rho


class Unit:
    #: the kinds of irregularity it registers (an empty tuple: a step of detection with no kind of its own)
    kinds: tuple = ()
    #: kind -> the law that governs it (its provision key, in the engine's reading of the record)
    laws: dict = {}
    #: kind -> its label (an English msgid, domain "auction")
    labels: dict = {}
    #: the order in which the units are asked (smaller first)
    priority: int = 100
    #: whether the offender's LHO may accept it by calling over it (the fact ``accepted`` is read off the record)
    lho_may_accept: bool = True
    #: a call that breaks an obligation a rectification created
    breaks_obligation: bool = False
    #: whether a tree rules on it (False: the unit's own ruling, :mod:`laws.rulings.rule`)
    has_tree: bool = True
    #: fact -> whose later call shows it ("lho", "rho", "offender", "turn"): named in an error when a fact given
    #: contradicts the record
    witness: dict = {"rho_action": "rho",
                     "offender_repeats": "offender", "same_denomination": "offender",
                     "offender_bid_again": "offender", "turn_player_called": "turn"}

    # -- identity ------------------------------------------------------------------------------
    def option_open(self, irr) -> bool:
        """Whether the LHO has the option to accept ``irr`` (by default :attr:`lho_may_accept`)."""
        return self.lho_may_accept

    def tree_id(self, irr) -> str:
        """The tree that rules on ``irr`` (one id per irregularity, the same in every edition)."""
        return irr.kind

    # -- detection -----------------------------------------------------------------------------
    def deems_in_rotation(self, rp, e, turn) -> bool:
        """Whether a call made when it was not the caller's turn is deemed to be in rotation."""
        return False

    def classify(self, rp, e, ctx) -> bool:
        """Claim the new call ``e`` (detect the irregularity and hold or rule on it): True if claimed."""
        return False

    def classify_after_end(self, rp, e) -> bool:
        """Claim a call made after the auction ended: True if claimed."""
        return False

    # -- what later calls establish ------------------------------------------------------------
    def respond(self, rp, irr, e) -> bool:
        """A call ``e`` made while ``irr`` awaited acceptance or rectification (``irr.lho_called`` and the fact
        ``accepted`` are set): read what it establishes; True if the unit dealt with it entirely, False to let the
        core go on (the LHO's call: the tree rules, deferred when it cancels calls already made; any other call: the
        rectification applies). By default: for a call made out of rotation, whether the player whose turn it was
        called over it (``turn_player_called``)."""
        if irr.out_of_rotation and e.seat == irr.turn and irr.at_turn_of in ("RHO", "LHO"):
            irr.facts["turn_player_called"] = "yes"
        return False

    def later_call(self, rp, irr, e) -> bool:
        """A later call ``e`` came to stand while ``irr``'s ruling waits for the record: read what it establishes;
        True when the tree may rule again. By default the facts a tree waits for after a call out of rotation: what
        the offender's RHO did at his turn (``rho_action``), then whether the offender's next call repeats the
        denomination of his bid (``same_denomination``; for an artificial bid, the director's finding
        ``repeats_denomination``, which the record cannot show)."""
        o = irr.offender
        if e.seat == o and irr.awaiting == "offender_call" and "offender_called" not in irr.facts:
            irr.facts["offender_called"] = "yes"     # the offender's call at his own turn, after the cancellation
        if e.seat == rho(o) and "rho_action" not in irr.facts:
            irr.facts["rho_action"] = "pass" if e.call.is_pass else "call"
            return True
        if e.seat == o and "rho_action" in irr.facts and "same_denomination" not in irr.facts:
            irr.facts["offender_bid_again"] = "yes" if e.call.is_bid else "no"
            call = rp.calls[irr.index].call
            if call.is_bid and e.call.is_bid and rp.fact(irr, "artificial") == "yes":   # a pass repeats nothing
                rd = rp.fact(irr, "repeats_denomination")
                if rd is None:
                    for ob in rp.obls:
                        if rp.irregs[ob.irregularity] is irr and ob.status == "undetermined":
                            ob.pending_fact = "repeats_denomination"
                    if "repeats_denomination" not in irr.facts_needed:
                        irr.facts_needed.append("repeats_denomination")
                    rp.waiting.remove(irr)
                    irr.awaiting = None
                    return False
                irr.facts["same_denomination"] = rd
            else:
                same = call.is_bid and e.call.is_bid and e.call.denomination == call.denomination
                irr.facts["same_denomination"] = "yes" if same else "no"
            return True
        return False

    def deferral_lapses(self, rp, irr, e) -> str | None:
        """A call ``e`` is made while the ruling on ``irr`` waits for the director (deferred): the fact that then
        decides it instead of the director's finding (``"unintended"``: taken as ``no``), or None to keep waiting."""
        return None

    def waits_on(self, fact: str) -> bool:
        """Whether the core keeps ``irr`` waiting for later calls to give ``fact`` (False: the unit reads it)."""
        return True

    # -- rectification -------------------------------------------------------------------------
    def rectify(self, rp, irr) -> None:
        """The rectification, the director called or the law applying without him."""
        rp.settle(irr)

    def director(self, rp, irr) -> None:
        """The director is called while ``irr`` is pending."""
        rp.rectify(irr, td=True)

    def director_unprompted(self, rp, tok) -> bool:
        """The director is called with no irregularity pending: True if the unit has one to rule on."""
        return False

    def at_auction_end(self, rp) -> bool:
        """The calls that stand would end the auction: True if the unit's law says they do not (and ruled)."""
        return False

    def at_record_end(self, rp, irr) -> None:
        """The record has no more calls, and ``irr`` is pending."""

    def cancel_from(self, rp, idx: int) -> None:
        """The calls after call ``idx`` were cancelled: forget what the unit kept about them."""

    def unasked(self, irr) -> dict:
        """Facts of ``irr`` a ruling on the record takes without asking, the record of calls being unable to show them
        (the director gives them when the table raises it): ``{fact: the answer taken}``; the ruling lists them as
        not asked. A tree walked without a record asks them."""
        return {}

    def cancelled_with(self, irr, calls) -> list:
        """Calls of the record that the ruling on ``irr`` cancels besides those its tree names (the entries of
        ``calls``), which the ruling lists with them."""
        return []

    # -- facts ---------------------------------------------------------------------------------
    def contradiction(self, key: str, irr, calls) -> str | None:
        """The error when a fact given says otherwise than the record about ``key`` of ``irr``, in the unit's words:
        an English msgid (params ``fact``, ``value``, and ``number``, ``seat``, ``call``: the call of the record that
        shows it), or None (the error then names that call only)."""
        return None

    def record_facts(self, irr, calls, f: dict) -> None:
        """Add to ``f`` the facts the record establishes about ``irr`` that only this unit reads (``calls``: every
        call of the replay)."""


UNITS: dict[str, Unit] = {}
_ORDER: list[Unit] = []


def register(cls):
    """Class decorator: register a unit under each of its kinds, and in the order of detection."""
    u = cls()
    for k in u.kinds:
        if k in UNITS:
            raise ValueError(f"the kind {k!r} is registered twice ({type(UNITS[k]).__name__}, {cls.__name__})")
        UNITS[k] = u
    _ORDER.append(u)
    _ORDER.sort(key=lambda x: x.priority)
    return cls
