"""What a replay of the record finds: every call with its status (:class:`CallEntry`), every
:class:`Irregularity`, every :class:`Obligation` a rectification creates, and the outcome
(:class:`AuctionState`). Plain data, with their JSON form (``to_dict``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from i18n import N_

from .calls import AuctionError, Call, Contract
from .facts import DIRECTOR_FACTS


# -- the state ---------------------------------------------------------------------------------
@dataclass(eq=False)
class CallEntry:
    """One call of the replayed auction.

    ``index`` is its place in :attr:`AuctionState.calls`; ``position`` the token it came from
    (1-based; None for a pass that a rectification substitutes, ``synthetic``). ``turn`` is
    the seat whose turn it was (None after the end of the auction), ``in_rotation`` whether
    the caller was that player (or deemed so, Law 28A). ``status``: ``'legal'``,
    ``'accepted_irregular'`` (irregular but it stands), ``'cancelled'``, ``'replaced'``
    (cancelled and replaced by another call, ``replaced_by``) or ``'pending'`` (irregular,
    not yet dealt with). ``law`` is the provision that gave it that status.
    """

    index: int
    seat: str
    call: Call
    position: int | None
    turn: str | None
    status: str = "legal"
    in_rotation: bool = True
    synthetic: bool = False
    law: str | None = None
    substitute_for: int | None = None
    replaced_by: int | None = None
    skipped: tuple[str, ...] = ()
    annotations: tuple[str, ...] = ()
    notes: list[str] = field(default_factory=list)
    _skipped_with_right: tuple[str, ...] = ()
    made_before: int | None = None    # a pass deemed made (28A): the call that took the player's turn

    @property
    def stands(self) -> bool:
        """Whether the call is (still) part of the auction."""
        return self.status in ("legal", "accepted_irregular", "pending")

    def to_dict(self) -> dict:
        return {"index": self.index, "position": self.position, "seat": self.seat, "call": str(self.call),
                "status": self.status, "turn": self.turn, "in_rotation": self.in_rotation,
                "synthetic": self.synthetic, "law": self.law, "substitute_for": self.substitute_for,
                "replaced_by": self.replaced_by, "skipped": list(self.skipped),
                "annotations": list(self.annotations), "notes": list(self.notes), "made_before": self.made_before}


@dataclass(eq=False)
class Irregularity:
    """An irregularity detected in the record, with the facts the record establishes.

    Attributes
    ----------
    kind : str
        A kind of irregularity registered by its unit (:mod:`laws.rulings.irregularities`).
    offender : str
        The seat of the offender.
    index, position : int
        The offending call in :attr:`AuctionState.calls`, and its token in the record.
    law : str
        The law that governs it (``'27'``, ``'30'``, ``'31'``, ``'32'``, ``'36'``, ``'37'``,
        ``'38'``, ``'39'``; ``'17E2'`` for a pass out of rotation that would have ended the
        auction, Law 34; for ``obligation_breached`` the provision of the obligation).
    provisions : list of str
        The provisions applied, in order (``['29B', '31A', '31A2', '31A2b']``).
    turn : str or None
        Whose turn it was. ``at_turn_of``: where that player sits relative to the offender
        (``'partner'``, ``'RHO'``, ``'LHO'``; None when the offender called at his own turn).
    bid_before : bool
        Whether any bid stood in the auction before the call (30A against 30B).
    accepted : bool
        The irregular call stands because the offender's LHO called over it (27A1, 29A,
        25B1, 37A).
    lho_called : bool
        The offender's LHO called before any rectification.
    td_called : bool
        The director was called (``TD``) for it.
    resolution : str
        A key of :data:`RESOLUTION_LABELS`.
    cancelled : list of int
        Indices of the calls the rectification cancelled.
    skipped : list of str
        Players who lost their turn (an accepted call out of rotation).
    insufficient, out_of_rotation, change_of_call : bool
        An insufficient bid; a call not made at the caller's turn; a call at LHO's turn by
        the player who made the previous call (30B3, 31B: treated as a change of call, Law 25).
    substitute : int or None
        The call that replaced the irregular one.
    facts_needed : list of str
        Facts for the director that the rectification still depends on.
    assumed : dict
        Facts the replay assumed (the standard reading), e.g. ``{'artificial': 'no'}``.
    awaiting : str or None
        What the rectification still waits for: ``'lho_or_director'``, ``'director'``,
        ``'rho_call'``, ``'offender_call'``.
    notes : list of str
        Keys of :data:`NOTE_LABELS`.
    facts : dict
        What the record establishes, under the fact keys of ``laws/facts.py``
        (``accepted``, ``turn_of``, ``any_bid``, ``called_before``, ``replacement``, ...).
    """

    kind: str
    offender: str
    index: int
    position: int | None
    law: str
    turn: str | None = None
    at_turn_of: str | None = None
    bid_before: bool = False
    provisions: list[str] = field(default_factory=list)
    accepted: bool = False
    lho_called: bool = False
    td_called: bool = False
    resolution: str = "pending"
    cancelled: list[int] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    insufficient: bool = False
    out_of_rotation: bool = False
    change_of_call: bool = False
    substitute: int | None = None
    facts_needed: list[str] = field(default_factory=list)
    assumed: dict = field(default_factory=dict)
    awaiting: str | None = "lho_or_director"
    notes: list[str] = field(default_factory=list)
    facts: dict = field(default_factory=dict)

    def _add(self, *keys: str) -> None:
        for k in keys:
            if k not in self.provisions:
                self.provisions.append(k)

    def _note(self, *keys: str) -> None:
        for k in keys:
            if k not in self.notes:
                self.notes.append(k)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "offender": self.offender, "index": self.index, "position": self.position,
                "law": self.law, "provisions": list(self.provisions), "turn": self.turn,
                "at_turn_of": self.at_turn_of, "bid_before": self.bid_before, "accepted": self.accepted,
                "lho_called": self.lho_called, "td_called": self.td_called, "resolution": self.resolution,
                "cancelled": list(self.cancelled), "skipped": list(self.skipped),
                "insufficient": self.insufficient, "out_of_rotation": self.out_of_rotation,
                "change_of_call": self.change_of_call, "substitute": self.substitute,
                "facts_needed": list(self.facts_needed), "assumed": dict(self.assumed),
                "awaiting": self.awaiting, "notes": list(self.notes), "facts": dict(self.facts)}


@dataclass(eq=False)
class Obligation:
    """What a rectification requires of a player.

    ``must`` is ``'pass'``, ``'not_double'`` (may not double or redouble, 30B2b) or
    ``'repeat'`` (must repeat ``call``, 31A1 and 32B1); ``scope`` ``'next_turn'`` or
    ``'rest_of_auction'``; ``law`` the provision; ``irregularity`` its index in
    :attr:`AuctionState.irregularities`; ``since`` the index of the last call when it was
    created. ``status``: ``'in_force'``, ``'undetermined'`` (it depends on ``pending_fact``),
    ``'fulfilled'``, ``'breached'`` or ``'cancelled'``.
    """

    seat: str
    must: str
    scope: str
    law: str
    irregularity: int
    since: int
    status: str = "in_force"
    call: str | None = None
    pending_fact: str | None = None
    consumed_by: int | None = None

    @property
    def in_force(self) -> bool:
        return self.status == "in_force"

    def to_dict(self) -> dict:
        return {"seat": self.seat, "must": self.must, "scope": self.scope, "law": self.law,
                "irregularity": self.irregularity, "since": self.since, "status": self.status,
                "call": self.call, "pending_fact": self.pending_fact, "consumed_by": self.consumed_by}



@dataclass(frozen=True)
class AuctionState:
    """The result of :func:`replay`.

    ``calls`` are all the calls of the record in order (with the passes that a rectification
    substitutes); ``irregularities`` and ``obligations`` everything detected and created.
    ``complete``: the auction has ended (Law 22A); ``passed_out``: by four passes (22A1);
    ``contract`` and ``declarer`` (the first player of the declaring side to name the
    contract's denomination, counting only calls that stand) when it ended with a bid;
    ``next`` the seat to call, None when complete. ``unfinished``: the record ended with
    ``*`` or ``+``.
    """

    dealer: str
    calls: tuple[CallEntry, ...]
    irregularities: tuple[Irregularity, ...]
    obligations: tuple[Obligation, ...]
    complete: bool
    passed_out: bool
    contract: Contract | None
    declarer: str | None
    next: str | None
    unfinished: bool = False
    #: the record stops at an irregularity nobody has dealt with: ``'lho_or_director'`` (the offender's LHO may
    #: still call over it, or the director be called) or ``'director'`` (the LHO called; the law leaves the
    #: director no choice, 36A/38D); None otherwise
    awaiting: str | None = None
    #: for ``awaiting == 'director'``: ``next``, ``contract``, ``declarer``, ``complete`` after his ruling
    after_director: dict | None = None
    #: for ``awaiting == 'director'`` (the LHO called over an irregularity the law leaves the director no choice
    #: about, 36A / 38D): ``next``, ``complete``, ``contract`` and ``declarer`` are those after his ruling (as
    #: ``rulebook rule`` gives them); these are the same as the record stands, before he is called
    recorded: dict | None = None
    #: the edition of the Laws whose trees ruled (``laws/trees/<edition>/``)
    edition: str | None = None

    @property
    def standing(self) -> list[CallEntry]:
        """The calls that stand, in the auction's order (a pass deemed made, 28A, where its turn was)."""
        return sorted((c for c in self.calls if c.stands),
                      key=lambda c: c.made_before - 0.5 if c.made_before is not None else c.index)

    @property
    def in_force(self) -> list[Obligation]:
        """The obligations in force (or undetermined) at the end of the record."""
        return [o for o in self.obligations if o.status in ("in_force", "undetermined")]

    def to_dict(self) -> dict:
        return {"dealer": self.dealer, "complete": self.complete, "passed_out": self.passed_out,
                "contract": str(self.contract) if self.contract else None, "declarer": self.declarer,
                "next": self.next, "unfinished": self.unfinished, "awaiting": self.awaiting,
                "after_director": dict(self.after_director) if self.after_director else None,
                "recorded": dict(self.recorded) if self.recorded else None,
                "calls": [c.to_dict() for c in self.calls],
                "irregularities": [i.to_dict() for i in self.irregularities],
                "obligations": [o.to_dict() for o in self.obligations]}


# -- facts -------------------------------------------------------------------------------------
def normalize_facts(facts: Mapping | None) -> tuple[dict, dict]:
    """Split ``facts`` into (global facts, facts per call index) and check them.

    Keys are the director's yes/no facts (:data:`laws.rulings.facts.DIRECTOR_FACTS`); values ``'yes'``/``'no'`` (or booleans). An integer key holds
    the facts of the irregularity at that call index: ``{3: {'same_meaning': 'no'}}``.

    >>> normalize_facts({"artificial": True, 2: {"same_meaning": "no"}})
    ({'artificial': 'yes'}, {2: {'same_meaning': 'no'}})
    """
    glob: dict = {}
    per: dict = {}

    def check(d, into):
        for k, v in d.items():
            if k not in DIRECTOR_FACTS:
                raise AuctionError(N_("Unknown fact “{key}”; the facts are: {known}."), key=k,
                                   known=", ".join(DIRECTOR_FACTS))
            if isinstance(v, bool):
                v = "yes" if v else "no"
            v = str(v).strip().lower()
            if v not in ("yes", "no"):
                raise AuctionError(N_("The fact “{key}” is yes or no, not “{value}”."), key=k, value=v)
            into[k] = v

    for k, v in (facts or {}).items():
        if isinstance(k, int):
            if not isinstance(v, Mapping):
                raise AuctionError(N_("The facts of call {index} must be a mapping of fact to yes or no."), index=k)
            per[k] = {}
            check(v, per[k])
        else:
            check({k: v}, glob)
    return glob, per


