"""The irregularities of the auction period, one unit each (or a small family), registered by kind.

Each module of this package defines :class:`~laws.rulings.irregularities.base.Unit` subclasses: the detection of
its irregularity from the record, the facts the record answers about it, and the tree that rules on it (its
trees per edition are the YAML files ``laws/trees/<edition>/<tree id>.yaml``, with their worked examples). Every
module of the package is loaded and its units registered, so that adding an irregularity is adding a module and
its trees. The replay core (:mod:`laws.rulings.replay`) names none of them.

>>> sorted(UNITS)[:3]
['bid_above_seven', 'bid_out_of_rotation', 'call_after_final_pass']
"""
from __future__ import annotations

import importlib
import pkgutil

from ..calls import lho, rho
from .base import _ORDER, UNITS, Unit, register  # noqa: F401  (the registry, filled by the modules below)

def ordered() -> list[Unit]:
    """Every unit, in the order of detection."""
    return _ORDER


def unit(irr) -> Unit:
    """The unit of an irregularity (or of a kind)."""
    return UNITS[irr if isinstance(irr, str) else irr.kind]


def tree_id(irr) -> str:
    """The decision tree that rules on an irregularity."""
    return unit(irr).tree_id(irr)


def law_of(kind: str) -> str | None:
    return unit(kind).laws.get(kind)


def governing_law(tree) -> str | None:
    """The law that governs the irregularity a tree rules on (its unit's), else the first law the tree names."""
    u = UNITS.get(tree.irregularity)
    law = u.laws.get(tree.irregularity) if u is not None else None
    return law or (tree.laws[0] if tree.laws else None)


def kind_labels() -> dict:
    """kind -> label (English msgid), for every registered kind."""
    return {k: u.labels[k] for k, u in UNITS.items()}


def _yn(b) -> str:
    return "yes" if b else "no"


def _norm(v) -> str:
    if v is True:
        return "yes"
    if v is False:
        return "no"
    return str(v).strip().lower()


def record_facts(irr, state) -> dict:
    """The facts the record establishes about ``irr`` (``state``: anything with the replayed ``calls``): those the
    replay set, those every irregularity has (whether the LHO called over it, whose turn it was, whether a bid
    stood before it, what kind of call it was), and those its unit reads."""
    f = {k: _norm(v) for k, v in irr.facts.items()}
    if "accepted" not in irr.assumed:      # the LHO's option, asked of the director (acceptance: asked), stays open
        f.setdefault("accepted", _yn(irr.accepted or irr.lho_called))
    f.setdefault("lho_called", _yn(irr.lho_called))
    f.setdefault("in_rotation", _yn(not irr.out_of_rotation))
    f.setdefault("out_of_rotation", _yn(irr.out_of_rotation))
    if irr.at_turn_of:
        f.setdefault("turn_of", irr.at_turn_of.lower())
    f.setdefault("any_bid", _yn(irr.bid_before))
    unit(irr).record_facts(irr, state.calls, f)
    f.setdefault("premature", "no")
    f.setdefault("turn_player_called", _yn(irr.resolution == "forfeited"))
    f.setdefault("ends_auction", "no")
    if irr.out_of_rotation:
        f.setdefault("rho_must_pass", "no")   # a call at the turn of a RHO required to pass is deemed in rotation
        before = [c for c in state.calls[: irr.index] if c.seat == irr.offender and not c.synthetic]
        f.setdefault("called_before", _yn(bool(before)))
    if not state.complete and not any("auction_ended" in o.assumed for o in state.irregularities):
        # the auction (so the auction period) is still open; not so after a change of the final pass, open again only
        # on the reading that the period had not ended: whether the opening lead was faced is then the director's
        # finding, for every irregularity of the record, never the record's (review 4 #15; bench_engine)
        f.setdefault("auction_ended", "no")
    call = state.calls[irr.index].call
    f.setdefault("call_kind", "pass" if call.is_pass else "bid" if call.is_bid else "double")
    return f


def cancelled_with(irr, state) -> list:
    """Calls of the record the ruling on ``irr`` cancels besides those its tree names (its unit says which)."""
    return unit(irr).cancelled_with(irr, state.calls)


def witness(key: str, irr, calls):
    """The call of the record that establishes the fact ``key`` about ``irr`` (for an error naming it)."""
    who = {"accepted": "lho", "lho_called": "lho", **unit(irr).witness}.get(key)
    o = irr.offender
    seat = {"lho": lho(o), "rho": rho(o), "offender": o, "turn": irr.turn}.get(who)
    if seat is not None:
        for c in calls[irr.index + 1:]:
            if c.seat == seat and not c.synthetic:
                return c
    return calls[irr.index]


for _m in pkgutil.iter_modules(__path__):
    if _m.name != "base":
        importlib.import_module(f"{__name__}.{_m.name}")
