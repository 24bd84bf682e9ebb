"""The typed ruling: what :func:`laws.rulings.rule.rule` returns, and what the CLI, the app, the docs and
the ruling record read. Every field is written once, where the ruling is made; :meth:`Ruling.to_dict`
is the JSON of ``rulebook rule --json`` (its keys are stable: front ends and the scenario harness read
them), and a ruling can be read like that mapping (``ruling["law"]``).

The ``status`` is ``ruling`` (the rectification), ``needs`` (a question for the director: ``fact``,
``question``, ``options``), ``no_irregularity``, or ``no_tree`` (the edition of the Laws followed has
no tree for the irregularity; never another edition's). ``path`` is the walk, node by node (``[tree,
node]``), so that no front end walks a tree a second time.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields


from .calls import partner

#: the rectification's fields, as a tree's ruling writes them (laws/trees/README.md), with their defaults
RECTIFICATION = {"offender_must_pass": "no", "partner_must_pass": "no", "lead_restrictions": False, "law_23": False,
                 "adjusted_score": False, "adjusted_score_may": False, "procedural_penalty": False, "offender_must_repeat": False,
                 "substitute_pass": False, "withdrawn": "none", "partner_may_not_double": "no"}


@dataclass
class Ruling(Mapping):
    status: str                                  # ruling | needs | no_irregularity | no_tree
    laws_edition: str | None                     # the edition of the Laws it follows
    irregularity: str | None = None              # the kind of irregularity
    offender: str | None = None
    law: str | None = None                       # the provision that decides it
    trail: list = field(default_factory=list)    # the provisions passed, in order
    path: list = field(default_factory=list)     # the nodes passed: [tree id, node id]
    tree: str | None = None                      # the tree (and node) where the walk ended
    node: str | None = None
    start_tree: str | None = None                # the irregularity's own tree, where the walk started
    explanation: str = ""                        # English msgid (with explanation_params), translated by front ends
    explanation_params: dict | None = None
    # a question for the director (status "needs")
    fact: str | None = None
    question: str | None = None
    options: list | None = None
    # the rectification (status "ruling")
    cancelled_kind: str = "none"                 # what the tree cancels (laws/trees/README.md)
    cancelled_calls: list = field(default_factory=list)   # those calls of the record: {index, seat, call}
    next_by_law: str | None = None               # who calls next, as the tree says (offender, lho, turn...)
    next_seat_by_law: str | None = None          # that seat
    offender_must_pass: str = "no"               # no | next_turn | rest_of_auction
    partner_must_pass: str = "no"
    lead_restrictions: bool = False              # Law 26 may apply (and does, when the auction is over, only if
    lead_restrictions_by_tree: bool = False      # the offender is a defender); what the tree says
    law_26_condition: str | None = None
    law_23_key: str | None = None                # the provision the law_23 flag points to in the edition
    law_23: bool = False
    notes: list = field(default_factory=list)    # the provisions the ruling points to (the tree's ``notes``: 27D, 16C...)
    follow_up: dict | None = None                # the tree the director walks later, at the end of the play (23C/27D:
                                                 # correction_damage): {tree, edition, laws}; laws.rulings.trees.follow_up
    adjusted_score: bool = False
    adjusted_score_may: bool = False             # the provision leaves it to the director (12C1(d): he may award an
                                                 # artificial adjusted score); else he awards one
    procedural_penalty: bool = False
    offender_must_repeat: bool = False
    substitute_pass: bool = False
    withdrawn: str = "none"
    partner_may_not_double: str = "no"
    awaiting_call: str | None = None             # ruled now; the rest follows from a later call giving this fact
    # the auction
    call: dict | None = None                     # the irregular call: {index, seat, call}
    turn: str | None = None                      # whose turn it was
    next: str | None = None
    complete: bool | None = None
    contract: str | None = None
    declarer: str | None = None
    auction: dict | None = None                  # the replayed record (laws.rulings.state.AuctionState.to_dict)
    td_assumed: bool = False                     # the record stopped at the irregularity: the director called now
    awaiting: str | None = None                  # lho_or_director | director: nobody had dealt with it yet
    after_ruling: dict | None = None             # then: next, contract, declarer, complete, auction after the ruling
    next_after_ruling: str | None = None
    withdrawable: list = field(default_factory=list)   # 25A6/25A4 with the intended call judged anew: the calls the
                                                 # offender's LHO made over the unintended call, which he may withdraw
                                                 # ({index, seat, call, law}; rule._withdrawable)
    next_if_kept: str | None = None              # 25A4/25A6: who calls next if the offender's LHO keeps the call he
                                                 # made over the unintended call (``next``: if he withdraws it)
    # the facts
    facts_used: dict = field(default_factory=dict)
    facts_from_record: dict = field(default_factory=dict)
    facts_ignored: list = field(default_factory=list)
    facts_ignored_why: list = field(default_factory=list)   # [{fact, value, reason, params}]: why each was not used
                                                 # (reason: an English msgid with params; laws.rulings.rule)
    facts_ahead_of_record: list | None = None    # answered for calls the record does not hold yet
    facts_unasked: list = field(default_factory=list)   # [{fact, law}]: not asked, its unasked answer taken (the
                                                 # director gives it when the table raises it: laws/trees/README.md)
    earlier_irregularity: bool = False           # the question is about an earlier irregularity
    other_edition: list = field(default_factory=list)   # provisions the other edition(s) changed
    editions_with_tree: list | None = None       # for no_tree: the editions that have one

    @property
    def edition(self) -> str | None:
        return self.laws_edition

    @property
    def cancelled(self) -> list[str]:
        """The calls the ruling cancels, as written (``["1D"]``)."""
        return [c["call"] for c in self.cancelled_calls]

    @property
    def obligations(self) -> list[dict]:
        """Who must pass and how long: ``[{"seat": "W", "who": "partner", "scope": "rest_of_auction"}]``."""
        out = []
        if self.offender:
            for who, seat, scope in (("offender", self.offender, self.offender_must_pass),
                                     ("partner", partner(self.offender), self.partner_must_pass)):
                if scope != "no":
                    out.append({"seat": seat, "who": who, "scope": scope})
        return out

    def set_rectification(self, r: dict) -> None:
        """The rectification's fields from a tree's ruling (or a node's effect), defaults for those it omits."""
        for k, default in RECTIFICATION.items():
            v = r.get(k, default)
            setattr(self, k, bool(v) if isinstance(default, bool) else v)
        self.lead_restrictions_by_tree = self.lead_restrictions
        self.law_26_condition = None      # the edition's own condition: laws.rulings.rule (the lead restrictions tree)

    @classmethod
    def from_outcome(cls, out, ed: str | None, start_tree: str | None = None) -> "Ruling":
        """A ruling (or a question) as a tree's walk ends (:class:`laws.rulings.trees.Outcome`): its trail, path,
        rectification and explanation."""
        r = cls(status=out.status, laws_edition=ed, tree=out.tree, node=out.node, trail=list(out.trail),
                path=[list(p) for p in out.path], facts_used=dict(out.used_facts), start_tree=start_tree,
                facts_unasked=[{"fact": f, "law": law} for f, law in out.unasked])
        if out.status == "ruling":
            ru = out.ruling or {}
            r.law = out.law
            r.set_rectification(ru)
            r.cancelled_kind = ru.get("cancelled", "none")
            r.next_by_law = ru.get("next", "none")
            r.explanation = ru.get("explanation", "")
            r.notes = [str(k) for k in ru.get("notes") or ()]
        else:
            r.fact, r.question, r.options = out.fact, out.question, list(out.options or [])
        return r

    def to_dict(self) -> dict:
        """The JSON of ``rulebook rule --json``."""
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        d["path"] = [list(p) for p in self.path]
        d["edition"] = self.laws_edition
        d["cancelled"] = self.cancelled
        d["obligations"] = self.obligations
        return d

    # -- read like its JSON ----------------------------------------------------------------------
    _COMPUTED = ("edition", "cancelled", "obligations")

    def __getitem__(self, key):
        if key in self._COMPUTED or key in self.__dataclass_fields__:
            return getattr(self, key)
        raise KeyError(key)

    def __iter__(self):
        yield from self.__dataclass_fields__
        yield from self._COMPUTED

    def __len__(self) -> int:
        return len(self.__dataclass_fields__) + len(self._COMPUTED)
