"""Decision trees as data, and the pure engine that walks them.

A tree (``laws/trees/<edition>/<id>.yaml``) is one irregularity's rectification by one edition of the
Laws, node by node, each node citing the provision it rests on in that edition (the edition is the
directory's: ``laws/trees/2007/insufficient_bid.yaml`` rules by the 2007 Laws). The same tree id names
the same irregularity in every edition. The whole format, for tree writers: ``laws/trees/README.md``::

    id: insufficient_bid
    irregularity: insufficient_bid
    title: "Insufficient bid"
    laws: ["27"]
    start: accepted
    nodes:
      - id: accepted
        law: "27A1"
        ask: accepted                # a fact key of laws/facts.py
        answers: {"yes": accepted_stands, "no": in_rotation}
      - id: accepted_stands
        law: "27A1"
        ruling:
          cancelled: none            # none | irregular_call | irregular_and_later | later_calls | replacement
          next: lho                  # offender | partner | lho | rho | turn | declarer_lho | none
          offender_must_pass: "no"   # no | next_turn | rest_of_auction
          partner_must_pass: "no"
          lead_restrictions: false   # whether Law 26 may apply
          law_23: false              # whether Law 23 may apply
          explanation: "..."         # English, translated through the "rulings" catalog
      - id: to_law_31
        law: "27A2"
        goto: bid_out_of_rotation    # continue in another tree
    examples:                        # worked examples, run by the tests and by `rulebook check`
      - title: "..."
        dealer: N
        auction: "1H 1D TD E:2D"
        facts: {artificial: "no"}
        expect: {status: ruling, law: 27B1a, partner_must_pass: "no"}

:func:`walk` is a pure function from (tree, facts) to the next question or to a ruling, with the
trail of provisions it passed. Structural checks (:func:`check_trees`) run in ``rulebook check``.
"""
from __future__ import annotations

import hashlib
import os
import pickle
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from i18n import N_

from .. import editions as E
from .. import keys as K
from ..corpus import _cache_dir
from ..datafile import DataError, Finding, data_dir, read_yaml
from ..registry import read_registry, registry_file
from .facts import FACTS, Fact
from .ruling import Ruling

TREES = Path(__file__).resolve().parent.parent / "trees"


def editions() -> tuple:
    """The editions of the Laws, oldest first, as the registry (``laws/data/editions/editions.yaml``) knows them.

    The ids are kept in the cache folder with the trees, keyed by the registry file's path, size and time: a process
    that needs only them (a ruling; the search reading a director's account) neither imports YAML nor parses the
    registry (about 12 ms of a command). An edited registry has another key, and so is read again."""
    f = registry_file()
    try:
        st = f.stat()
    except OSError:
        return tuple(E.editions())      # no registry file: the registry's own error
    stamp = f"{f}:{st.st_size}:{st.st_mtime_ns}"
    ids = _EDITION_IDS.get(stamp)
    if ids is None:
        name = f"editions-{hashlib.sha256(stamp.encode()).hexdigest()[:20]}.pickle"
        ids = _cached(name, lambda: tuple(read_registry(f).ids), _is_ids)
        _EDITION_IDS[stamp] = ids
    return ids


_EDITION_IDS: dict = {}     # registry file stamp -> edition ids (see editions())


def _is_ids(x) -> bool:
    return isinstance(x, tuple) and bool(x) and all(isinstance(e, str) for e in x)


def _cached(name: str, build, valid=lambda x: True):
    """What ``build()`` returns, kept as ``name`` in the cache folder (``RULEBOOK_CACHE``): read back when it is there
    and ``valid``, else built and written atomically (a read-only cache folder: built every time). ``build``'s errors
    (a data error naming file and line) pass through, and nothing is cached."""
    cached = _cache_dir() / name
    try:
        with open(cached, "rb") as fh:
            out = pickle.load(fh)
        if valid(out):
            return out
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, ValueError, TypeError):
        pass
    out = build()
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(f".{os.getpid()}.tmp")
        with open(tmp, "wb") as fh:
            pickle.dump(out, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, cached)
    except OSError:
        pass
    return out


def default_edition(lang: str | None = None) -> str:
    """The edition a ruling follows when none is asked for: the edition in force (the registry's data,
    ``laws/data/editions/editions.yaml``: the WBF's, or with ``lang`` that of the federation of that language), once
    its trees rule on every irregularity the trees of the earlier editions rule on; until then the newest edition
    whose trees do (every ruling names its edition). A front end may always ask for an edition."""
    key = ("default", lang, str(data_dir()))
    if _TREES is not None and key in _DERIVED:
        return _DERIVED[key]
    ed = str(E.in_force_for_lang(lang) if lang else E.in_force())
    complete = complete_editions()
    ed = ed if ed in complete or not complete else complete[-1]
    _DERIVED[key] = ed
    return ed


def complete_editions() -> tuple:
    """The editions whose trees rule on every irregularity the trees of every earlier edition rule on (oldest first)."""
    out, seen = [], set()
    for e in editions():
        ids = set(trees(e))
        if ids >= seen:
            out.append(e)
        seen |= ids
    return tuple(out)


def tree_editions() -> tuple:
    """The editions that have a directory of trees (``laws/trees/<edition>/``), in the registry's order (read once per
    load of the trees)."""
    key = ("tree_editions", str(TREES), str(data_dir()))
    if _TREES is not None and key in _DERIVED:
        return _DERIVED[key]
    dirs = {p.name for p in TREES.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))}
    out = tuple(e for e in editions() if e in dirs)
    if _TREES is not None:
        _DERIVED[key] = out
    return out


def check_tree_edition(edition) -> str:
    """``edition`` as an edition id of the registry, or :class:`EditionUnknown` naming the editions."""
    e = str(edition).strip()
    if e not in editions():
        raise EditionUnknown(e, editions())
    return e


def edition_of(publication: str | None) -> str | None:
    """The WBF edition a publication follows (``es-aeb-2007`` -> its edition); an edition id is its own edition."""
    if publication is None:
        return None
    if publication in editions():
        return publication
    return E.edition_of_publication(publication)

MUST_PASS = ("no", "next_turn", "rest_of_auction")
NEXT = ("offender", "partner", "lho", "rho", "turn", "none", "auction", "skipped")
# next: who calls next -- the offender, his partner, LHO or RHO; "turn": the player whose turn it was when the
# irregularity happened; "auction": whoever is next as the record stands (nothing changes the rotation); "none": the
# auction is over (or the ruling is not about who calls next); "skipped": the auction reverts to the first player the
# call out of rotation skipped who has the right to call (17E2)
CANCELLED = ("none", "irregular_call", "irregular_and_later", "later_calls", "replacement", "previous_call")
# cancelled: "previous_call" is the offender's call that his new call replaces (a change of call, Law 25)
RULING_FIELDS = {"cancelled", "next", "offender_must_pass", "partner_must_pass", "lead_restrictions",
                 "law_23", "explanation", "adjusted_score", "adjusted_score_may", "procedural_penalty", "note",
                 "offender_must_repeat", "substitute_pass", "withdrawn", "partner_may_not_double", "applies", "notes",
                 "resolution", "judged_anew"}
# judged_anew: with cancelled "previous_call", the call that now stands in place of the offender's previous one (25A1:
# the intended call in place of an unintended one) is subject to the law that applies to it: the replay reads it again
# as his call in rotation, against the auction without the call it replaced (an insufficient bid, an inadmissible
# double... is then an irregularity of its own)
# offender_must_repeat: at his next turn the offender must repeat the call he made out of rotation (31A1, 32B1);
# substitute_pass: a pass is put in place of the cancelled call (37B2, 38C); withdrawn: "calls_over", the calls made
# over the withdrawn previous call are withdrawn with it (25A4); partner_may_not_double: the offender's partner may
# not double or redouble at his next turn (30B2(b)); applies / notes: the provisions the rectification applies and
# those it points to (keys of NOTE_LABELS), as the replay records them; resolution: a key of RESOLUTION_LABELS.
# The replay (laws/rulings/auction.py, _Replay.enact) applies every one of these fields as ruled here, and nothing else.
EFFECT_FIELDS = {"cancelled", "next", "offender_must_pass", "partner_must_pass", "offender_must_repeat",
                 "substitute_pass", "withdrawn", "partner_may_not_double", "applies", "notes", "resolution", "explanation"}
# effect: what a question node already does to the auction while the ruling waits for later calls the record will
# give (29B cancels the call out of rotation before the RHO calls, 31A / 32B; 27B before the replacement); with an
# explanation, it is the ruling the director gives from a record that stops there (rule(): the rest follows from the
# calls the record will hold)
WITHDRAWN = ("none", "calls_over")
NODE_FIELDS = {"id", "law", "ask", "answers", "ruling", "goto", "question", "note", "effect", "unasked", "__line__"}
# unasked: on a question node, the answer taken when neither the record nor the director gives the fact: the question
# is then not asked (the director gives the fact when the table raises it: an offender who says, once the director is
# called, that his insufficient bid was unintended, 25A1); the ruling lists the fact under facts_unasked
ACCEPTANCE = ("read", "asked")
#: the irregularity of the lead restrictions trees: their ``condition`` is every edition's own Law 26 condition
LEAD_RESTRICTIONS = "withdrawn_call_lead"
# acceptance: how the LHO's option to accept the irregular call (27A1, 29A, 25B1) is known when the director is called
# before the LHO has called: "read" -- the director's call is read as the option declined; "asked" -- the director
# offers the option and is asked the LHO's answer (fact 'accepted'), unless a later call of the record shows it
TREE_FIELDS = {"acceptance", "id", "irregularity", "title", "laws", "start", "nodes", "examples", "summary",
               "knowingly_absent", "facts", "condition", "pointed_from", "__line__"}
# pointed_from: the provisions (keys of the tree's edition) that send the director to this tree later, at the end of the
# play: a ruling whose notes, or whose law_23 flag's key, name one of them carries a pointer to the tree (the ruling's
# ``follow_up``; correction_damage: 23C and 27D)
# condition: when the tree's rectification applies at all, in the project's words (translated); the lead restrictions
# tree's is shown with every ruling whose lead restrictions may apply (the ruling's law_26_condition)
FACT_FIELDS = {"key", "question", "options", "labels", "law", "help", "implies", "__line__"}


class TreeError(Exception):
    """A problem in a tree file: file, line, what is wrong and how to fix it."""

    def __init__(self, file, line, message, fix=""):
        self.file, self.line, self.message, self.fix = str(file), line, message, fix
        super().__init__(f"{file}:{line}: {message}" + (f" ({fix})" if fix else ""))


class EditionUnknown(ValueError):
    """An edition the registry does not know (msgid + params, translated by the caller)."""

    msgid = N_("unknown edition of the Laws {edition}: use {editions}")

    def __init__(self, edition: str, known):
        self.params = {"edition": edition, "editions": ", ".join(known)}
        super().__init__(self.msgid.format(**self.params))


class FactError(ValueError):
    """A fact given with a value that the question does not allow (msgid + params, translated by the caller)."""

    msgid = N_("the fact {fact}={value} is not valid: use one of {options}")

    def __init__(self, fact: str, value: str, options):
        self.fact, self.value, self.options = fact, value, list(options)
        self.params = {"fact": fact, "value": value, "options": ", ".join(self.options)}
        super().__init__(self.msgid.format(**self.params))


class FactContradiction(FactError):
    """Two facts given that cannot both hold (one implies the other's value, e.g. Law 33)."""

    msgid = N_("the fact {fact}={value} contradicts {other}={given}: with {fact}={value}, {other} is {implied}")

    def __init__(self, fact: str, value: str, other: str, given: str, implied: str):
        self.fact, self.value, self.options = fact, value, []
        self.params = {"fact": fact, "value": value, "other": other, "given": given, "implied": implied}
        ValueError.__init__(self, self.msgid.format(**self.params))


@dataclass
class Node:
    id: str
    law: str
    line: int
    ask: str | None = None
    question: str | None = None
    answers: dict = field(default_factory=dict)
    ruling: dict | None = None
    goto: str | None = None
    note: str | None = None
    effect: dict | None = None
    unasked: str | None = None       # the answer taken when the fact is not given (never asked: NODE_FIELDS)


@dataclass
class Tree:
    id: str
    irregularity: str
    title: str
    edition: str                     # the edition of the Laws it rules by: its directory's
    laws: list
    start: str
    nodes: dict
    examples: list
    file: str
    line: int
    summary: str = ""
    knowingly_absent: list = field(default_factory=list)
    facts: dict = field(default_factory=dict)   # facts this tree declares (key -> laws.rulings.facts.Fact)
    acceptance: str = "read"                    # see ACCEPTANCE
    condition: str = ""                         # see TREE_FIELDS
    pointed_from: list = field(default_factory=list)   # see TREE_FIELDS

    @property
    def follows(self) -> str:
        """The edition the tree rules by (the name of the field trees had before they lived in edition directories)."""
        return self.edition


@dataclass
class Outcome:
    status: str                      # "ruling" | "needs"
    tree: str
    node: str
    trail: list                      # provision keys passed, in order
    path: list                       # (tree id, node id) passed, in order
    law: str | None = None           # for a ruling: the provision that decides it
    ruling: dict | None = None
    fact: str | None = None          # for "needs": the fact asked
    question: str | None = None
    options: list | None = None
    used_facts: dict = field(default_factory=dict)
    edition: str | None = None       # the edition of the Laws of the trees walked
    unasked: list = field(default_factory=list)   # [(fact, law)]: passed on a node's ``unasked`` answer, not given


def _clean(obj):
    """Drop the loader's line numbers from nested mappings."""
    if isinstance(obj, dict):
        return {k: _clean(v) for k, v in obj.items() if k != "__line__"}
    if isinstance(obj, list):
        return [_clean(v) for v in obj]
    return obj


def _norm_answer(v: Any) -> str:
    if v is True:
        return "yes"
    if v is False:
        return "no"
    return str(v).strip().lower()


def load_tree(path: Path, edition: str | None = None) -> Tree:
    """One tree file; its edition is ``edition``, by default the name of its directory."""
    edition = edition or path.parent.name
    try:
        doc = read_yaml(path)   # YAML with line numbers and clear errors
    except DataError as e:
        raise TreeError(path, e.line, e.message, e.fix) from None
    if not isinstance(doc, dict):
        raise TreeError(path, 1, "a tree file must be a mapping", "start with 'id: ...'")
    if "follows" in doc:
        raise TreeError(path, doc["__line__"], "the field 'follows' is gone: a tree rules by the edition of its "
                        "directory", f"remove it (this file is in laws/trees/{edition}/)")
    unknown = set(doc) - TREE_FIELDS
    if unknown:
        raise TreeError(path, doc["__line__"], f"unknown field(s) {sorted(unknown)}", f"allowed: {sorted(TREE_FIELDS - {'__line__'})}")
    if doc.get("acceptance", "read") not in ACCEPTANCE:
        raise TreeError(path, doc["__line__"], f"acceptance: {doc['acceptance']!r} is not one of {list(ACCEPTANCE)}",
                        "write 'acceptance: asked' (the LHO's option is asked when the director is called first) or "
                        "leave it out")
    for req in ("id", "irregularity", "title", "start", "nodes"):
        if req not in doc:
            raise TreeError(path, doc["__line__"], f"the field {req!r} is missing", f"add '{req}: ...'")
    if doc["id"] != path.stem:
        raise TreeError(path, doc["__line__"], f"the tree {doc['id']!r} must live in {doc['id']}.yaml", "rename the file or the id")
    nodes: dict[str, Node] = {}
    for n in doc["nodes"] or []:
        if not isinstance(n, dict) or "id" not in n:
            raise TreeError(path, doc["__line__"], "every node needs an 'id'", "write '- id: name'")
        unknown = set(n) - NODE_FIELDS
        if unknown:
            raise TreeError(path, n["__line__"], f"node {n['id']}: unknown field(s) {sorted(unknown)}",
                            f"allowed: {sorted(NODE_FIELDS - {'__line__'})}")
        if n["id"] in nodes:
            raise TreeError(path, n["__line__"], f"the node id {n['id']!r} is used twice", "give each node its own id")
        if "law" not in n:
            raise TreeError(path, n["__line__"], f"node {n['id']} cites no provision", "add 'law: <key>'")
        answers = {_norm_answer(k): v for k, v in (n.get("answers") or {}).items() if k != "__line__"}
        ruling = n.get("ruling")
        if ruling is not None:
            ruling = _clean(ruling)
            for k in ("offender_must_pass", "partner_must_pass"):
                if k in ruling:
                    ruling[k] = _norm_answer(ruling[k])
        nodes[n["id"]] = Node(id=n["id"], law=str(n["law"]), line=n["__line__"], ask=n.get("ask"),
                              question=n.get("question"), answers=answers, ruling=ruling, goto=n.get("goto"),
                              note=n.get("note"), effect=_clean(n["effect"]) if n.get("effect") else None,
                              unasked=_norm_answer(n["unasked"]) if n.get("unasked") is not None else None)
    local = {}
    for f in doc.get("facts") or []:
        if not isinstance(f, dict) or "key" not in f or "question" not in f:
            raise TreeError(path, doc["__line__"], "a fact needs 'key' and 'question'", "write '- key: name' and 'question: ...'")
        bad = set(f) - FACT_FIELDS
        if bad:
            raise TreeError(path, f["__line__"], f"fact {f['key']}: unknown field(s) {sorted(bad)}", f"allowed: {sorted(FACT_FIELDS - {'__line__'})}")
        if f["key"] in FACTS:
            raise TreeError(path, f["__line__"], f"the fact {f['key']!r} is already defined in laws/facts.py", "use it without redefining it")
        opts = tuple(_norm_answer(o) for o in (f.get("options") or ("yes", "no")))
        labels = {_norm_answer(k): v for k, v in (f.get("labels") or {}).items() if k != "__line__"}
        implies = {_norm_answer(k): {kk: _norm_answer(vv) for kk, vv in v.items() if kk != "__line__"}
                   for k, v in (f.get("implies") or {}).items() if k != "__line__"}
        local[f["key"]] = Fact(f["key"], f["question"], opts, "director", str(f.get("law", "")), f.get("help", ""), labels,
                               implies)
    examples = [_clean(e) | {"line": e.get("__line__")} for e in (doc.get("examples") or [])]
    return Tree(id=doc["id"], irregularity=doc["irregularity"], title=doc["title"], edition=edition,
                laws=[str(x) for x in doc.get("laws") or []], start=doc["start"], nodes=nodes, examples=examples,
                file=str(path), line=doc["__line__"], summary=doc.get("summary", ""),
                knowingly_absent=[str(x) for x in doc.get("knowingly_absent") or []], facts=local,
                acceptance=doc.get("acceptance", "read"), condition=doc.get("condition", ""),
                pointed_from=[str(x) for x in doc.get("pointed_from") or []])


_TREES: dict[str, dict[str, Tree]] | None = None   # per edition, loaded on first use (None: nothing loaded)
_DERIVED: dict = {}     # what is derived from the trees and the registry (facts per edition, the default edition)


def trees(edition: str | None = None) -> dict[str, Tree]:
    """The trees of one edition (``laws/trees/<edition>/*.yaml``; by default :func:`default_edition`), by id, loaded
    once per process. An edition the registry knows without a directory of trees has none (an empty mapping)."""
    global _TREES
    if _TREES is not None and edition in _TREES:      # loaded (and so checked) before
        return _TREES[edition]
    ed = default_edition() if edition is None else check_tree_edition(edition)
    if _TREES is None:
        _TREES = {}
        _DERIVED.clear()
    if ed not in _TREES:
        folder = TREES / ed
        _TREES[ed] = _load_edition(ed, folder) if folder.is_dir() else {}
    return _TREES[ed]


def _load_edition(ed: str, folder: Path) -> dict:
    """The trees of one directory, parsed once and kept in the cache folder (``RULEBOOK_CACHE``), keyed by the files'
    sizes and times and by the loader's own code, so that a process does not parse every YAML file again (a TreeError
    names the file and line, and nothing is cached)."""
    files = sorted(folder.glob("*.yaml"))
    h = hashlib.sha256(b"trees-1")
    for f in files + [Path(__file__), Path(__file__).with_name("facts.py")]:
        st = f.stat()
        h.update(f"{f}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    return _cached(f"trees-{ed}-{h.hexdigest()[:20]}.pickle",
                   lambda: {p.stem: load_tree(p, ed) for p in files}, lambda x: isinstance(x, dict))


def all_trees() -> dict[str, dict[str, Tree]]:
    """Every edition's trees: ``{edition: {tree id: Tree}}``. A directory of ``laws/trees`` that is not an edition of
    the registry is an error naming it."""
    known = set(editions())
    for p in sorted(TREES.iterdir()):
        if p.is_dir() and not p.name.startswith((".", "_")) and p.name not in known:
            raise TreeError(p, None, f"laws/trees/{p.name}/ is not an edition of the Laws",
                            f"trees live in laws/trees/<edition>/, the editions being {', '.join(editions())}")
    return {ed: trees(ed) for ed in tree_editions()}


def all_facts(edition: str | None = None) -> dict:
    """The facts of laws/rulings/facts.py and those the trees declare, by key: the trees of ``edition``, or of every
    edition when None."""
    key = ("facts", edition)
    if _TREES is not None and key in _DERIVED:
        return _DERIVED[key]
    out = dict(FACTS)
    regs = all_trees().values() if edition is None else [trees(edition)]
    for reg in regs:
        for t in reg.values():
            for k, f in t.facts.items():
                if k in out and out[k] != f:
                    raise TreeError(t.file, t.line, f"the fact {k!r} is declared differently by two trees", "declare it once")
                out[k] = f
    _DERIVED[key] = out
    return out


def facts_of_edition(edition: str) -> dict:
    """The facts a ruling by ``edition`` may need: those its trees ask (or read off the record), by key, each with the
    provisions of the nodes that ask it: ``{key: (Fact, [law, ...])}`` (derived once per load of the trees: read it,
    never change it)."""
    key = ("facts_of", edition)
    if _TREES is not None and key in _DERIVED:
        return _DERIVED[key]
    facts = all_facts(edition)
    out: dict = {}
    for t in trees(edition).values():
        for n in t.nodes.values():
            if n.ask and n.ask in facts:
                laws = out.setdefault(n.ask, (facts[n.ask], []))[1]
                if n.law not in laws:
                    laws.append(n.law)
    _DERIVED[key] = out
    return out


def edition_question(key: str, edition: str) -> str | None:
    """The fact ``key`` in the words of ``edition``: the question of the one node of its trees that asks it, when only
    one does and words it itself (2017 23C/27D and 2007 27D word outcome_could_differ differently); None otherwise
    (the fact's own question then serves)."""
    asking = [n for t in trees(edition).values() for n in t.nodes.values() if n.ask == key]
    return asking[0].question if len(asking) == 1 and asking[0].question else None


def fact_editions() -> dict:
    """``{fact key: [the editions whose trees ask it]}`` for every fact (an empty list: no tree asks it yet)."""
    out = {k: [] for k in all_facts()}
    for ed in tree_editions():
        for k in facts_of_edition(ed):
            out.setdefault(k, []).append(ed)
    return out


def by_irregularity(name: str, edition: str | None = None) -> Tree | None:
    for t in trees(edition).values():
        if t.irregularity == name:
            return t
    return None


def asked_at(fact: str, edition: str | None) -> str | None:
    """The provision at which the edition's trees first ask ``fact`` (e.g. ``passed_out``: the law that says four
    passes end the auction), None when none asks it."""
    if edition is None or edition not in tree_editions():
        return None
    found = facts_of_edition(edition).get(fact)
    return found[1][0] if found else None


def law_23_key(edition: str | None) -> str:
    """The provision a ruling's ``law_23`` flag points to in ``edition``: Law 23C where the edition's Law 23 has it
    (2017: an adjusted score if the outcome could well have been different without the infraction), else Law 23
    itself (2007: awareness of potential damage). Read from the edition's known keys."""
    known = {str(k) for k in E.known_keys(edition)} if edition is not None and edition in editions() else set()
    return "23C" if "23C" in known else "23"


def resting_on(edition: str) -> dict:
    """``{str(key): (tree ids, in the order of trees(edition))}``: the trees of ``edition`` with a node that rests on
    the provision ``key`` (its ``law``), or that a ruling resting on ``key`` sends the director to (``pointed_from``:
    2017 27D -> correction_damage), for a "rule on this" from a provision (the app's search results and cards)."""
    out: dict = {}
    for tid, tr in trees(edition).items():
        for law in [n.law for n in tr.nodes.values()] + list(tr.pointed_from):
            try:
                key = str(K.parse_key(law))
            except K.KeyError_:
                continue
            ids = out.setdefault(key, [])
            if tid not in ids:
                ids.append(tid)
    return {k: tuple(v) for k, v in out.items()}


def follow_up(notes, law_23_key: str | None, edition: str | None) -> dict | None:
    """The tree a ruling sends the director to later (its ``follow_up``): the first tree of ``edition`` whose
    ``pointed_from`` names a provision of the ruling's ``notes`` or its ``law_23_key`` (2017 23C and 27D, 2007 27D:
    ``correction_damage``), with the edition and those provisions; None when there is none."""
    if edition is None or edition not in tree_editions():
        return None
    keys = [str(k) for k in notes or ()] + ([law_23_key] if law_23_key else [])
    for t in trees(edition).values():
        hit = [k for k in t.pointed_from if k in keys]
        if hit:
            return {"tree": t.id, "edition": edition, "laws": hit}
    return None


def condition_of(irregularity: str, edition: str | None) -> str | None:
    """The ``condition`` of the edition's tree for ``irregularity`` (e.g. when Law 26's lead restrictions apply at
    all, in that edition's words): None when the edition has no such tree or it states none."""
    t = by_irregularity(irregularity, edition) if edition is not None else None
    return (t.condition or None) if t is not None else None


def ruling_node(tree: Tree, law: str) -> Node | None:
    """The first node of ``tree`` (in its file's order) that gives a ruling by the provision ``law``."""
    return next((n for n in tree.nodes.values() if n.ruling is not None and n.law == law), None)


def gotos_reached(tree: Tree, target: str, known: dict) -> list[Node]:
    """The nodes of ``tree`` that go to the tree ``target`` and that a walk can reach when the facts ``known`` hold
    (a question on a known fact takes its answer; any other question, every answer), in the file's order. The
    provisions of such a node are the tree's own account of why an irregularity of its kind is ruled by ``target``
    (a later call at the LHO's turn treated as a change of call...)."""
    seen, found, todo = set(), [], [tree.start]
    while todo:
        nid = todo.pop()
        if nid in seen:
            continue
        seen.add(nid)
        n = tree.nodes[nid]
        if n.goto is not None:
            if n.goto == target:
                found.append(n)
            continue
        if n.ask is not None:
            v = known.get(n.ask)
            todo.extend([n.answers[v]] if v in n.answers else n.answers.values())
    order = list(tree.nodes)
    return sorted(found, key=lambda n: order.index(n.id))


def walk(tree: Tree, facts: dict, registry: dict | None = None) -> Outcome:
    """Walk ``tree`` with ``facts`` (fact key -> value) to the next question or to a ruling.

    Pure: the same tree and facts give the same outcome. Facts the walk does not need are
    ignored. A fact with a value the question does not allow raises :class:`FactError`; a fact
    whose answer establishes another (``implies``, e.g. Law 33's simultaneous call fixes whose
    turn it was) fills it in, and raises :class:`FactContradiction` when it was given otherwise.
    """
    registry = registry if registry is not None else trees(tree.edition)
    facts = {k: _norm_answer(v) for k, v in (facts or {}).items()}
    trail: list[str] = []
    path: list = []
    used: dict = {}
    unasked: list = []
    cur, node = tree, tree.nodes[tree.start]
    for _ in range(1000):
        path.append((cur.id, node.id))
        if node.law not in trail:
            trail.append(node.law)
        if node.goto:
            cur = registry[node.goto]
            node = cur.nodes[cur.start]
            continue
        if node.ruling is not None:
            return Outcome("ruling", cur.id, node.id, trail, path, law=node.law, ruling=node.ruling, used_facts=used,
                           edition=tree.edition, unasked=unasked)
        value = facts.get(node.ask)
        fact = FACTS.get(node.ask) or _tree_fact(registry, node.ask)
        if value is None and getattr(fact, "without_record", None) is not None:
            value = fact.without_record   # never asked: the record gives it, or another question covers it
        if value is None and node.unasked is not None:
            # not asked: the director gives it when the table raises it (the ruling lists it, facts_unasked)
            unasked.append((node.ask, node.law))
            node = cur.nodes[node.answers[node.unasked]]
            continue
        if value is None:
            return Outcome("needs", cur.id, node.id, trail, path, fact=node.ask,
                           question=node.question or fact.question, options=list(node.answers), used_facts=used,
                           edition=tree.edition, unasked=unasked)
        if value not in node.answers:
            raise FactError(node.ask, value, node.answers)
        used[node.ask] = value
        for other, implied in (getattr(fact, "implies", None) or {}).get(value, {}).items():
            if facts.get(other) not in (None, implied):   # e.g. Law 33: the turn follows from the simultaneous call
                raise FactContradiction(node.ask, value, other, facts[other], implied)
            facts[other] = implied
        node = cur.nodes[node.answers[value]]
    raise RuntimeError(f"tree {tree.id} loops")  # pragma: no cover - check_trees forbids cycles


def _tree_fact(registry, key):
    for t in registry.values():
        if key in t.facts:
            return t.facts[key]
    raise KeyError(key)


# -- structural checks -----------------------------------------------------------------------
def check_trees(corpus=None) -> list:
    """Every edition's trees: acyclic, every node reachable, every leaf a ruling, every fact known and every answer
    covered, every cited key known in the tree's edition (a text of the corpus in that edition, the registry's known
    keys, or listed under ``knowingly_absent``), every goto a tree of the same edition."""
    try:
        regs = all_trees()
    except TreeError as e:
        return [Finding("error", "trees", f"{e.file}:{e.line}", e.message + (f" ({e.fix})" if e.fix else ""))]
    try:
        known_facts = all_facts()
    except TreeError as e:
        return [Finding("error", "trees", f"{e.file}:{e.line}", e.message)]
    out = []
    for ed, reg in regs.items():
        out += _check_edition(ed, reg, known_facts, corpus)
    return out


def _known_keys(edition: str, corpus) -> set:
    """The keys a tree of ``edition`` may cite without listing them as knowingly absent: the registry's known keys of
    the edition (its texts and its correspondence rows), and the keys the corpus's texts of that edition cite."""
    out = {str(k) for k in E.known_keys(edition, corpus)}
    if corpus is not None:
        out |= {str(k) for k in corpus.absent_cited(edition)}
    return out


def _check_edition(ed: str, reg: dict, known_facts: dict, corpus) -> list:
    out = []
    absent_ok = _known_keys(ed, corpus)
    for t in reg.values():
        where = lambda n: f"{t.file}:{n.line}"
        if t.start not in t.nodes:
            out.append(Finding("error", "trees", f"{t.file}:{t.line}", f"{t.id}: start node {t.start!r} does not exist"))
            continue
        for k in t.pointed_from:
            if k not in absent_ok and not (corpus is not None and corpus.has(K.parse_key(k), edition=ed)):
                out.append(Finding("error", "trees", f"{t.file}:{t.line}", f"{t.id}: pointed_from {k!r} is no provision "
                                   f"known of the {ed} Laws"))
        for n in t.nodes.values():
            kinds = sum(x is not None and x != {} for x in (n.ask, n.ruling, n.goto))
            if kinds != 1:
                out.append(Finding("error", "trees", where(n), f"{t.id}/{n.id}: a node asks a fact, gives a ruling or goes to a tree (exactly one)"))
            try:
                key = K.parse_key(n.law)
            except K.KeyError_:
                out.append(Finding("error", "trees", where(n), f"{t.id}/{n.id}: {n.law!r} is not a provision key"))
                key = None
            if key is not None and corpus is not None and not corpus.has(key, edition=ed) \
                    and str(key) not in t.knowingly_absent and str(key) not in absent_ok:
                out.append(Finding("error", "trees", where(n), f"{t.id}/{n.id}: {key.display} is in no text of the "
                                   f"{ed} Laws in the corpus (list it under knowingly_absent if that is intended)"))
            if n.ask is not None:
                if n.ask not in known_facts:
                    out.append(Finding("error", "trees", where(n), f"{t.id}/{n.id}: unknown fact {n.ask!r} (declare it under 'facts:' or in laws/facts.py)"))
                else:
                    opts = set(known_facts[n.ask].options)
                    if set(n.answers) != opts:
                        out.append(Finding("error", "trees", where(n), f"{t.id}/{n.id}: answers {sorted(n.answers)} must be exactly {sorted(opts)}"))
                if n.unasked is not None and n.unasked not in n.answers:
                    out.append(Finding("error", "trees", where(n), f"{t.id}/{n.id}: unasked: {n.unasked!r} must be one "
                                       f"of its answers {sorted(n.answers)}"))
                for target in n.answers.values():
                    if target not in t.nodes:
                        out.append(Finding("error", "trees", where(n), f"{t.id}/{n.id}: answer leads to unknown node {target!r}"))
            if n.goto is not None and n.goto not in reg:
                # a trail keeps to one edition (2007 16D and 2017 16D are different provisions): goto names a tree of
                # the same directory
                out.append(Finding("error", "trees", where(n), f"{t.id}/{n.id}: goto unknown tree {n.goto!r} (the "
                                   f"trees of the {ed} Laws are {', '.join(sorted(reg))})"))
            if n.ruling is not None:
                r = n.ruling
                bad = set(r) - RULING_FIELDS
                if bad:
                    out.append(Finding("error", "trees", where(n), f"{t.id}/{n.id}: unknown ruling field(s) {sorted(bad)}"))
            for r, what in ((n.ruling, "ruling"), (n.effect, "effect")):
                if r is None:
                    continue
                if what == "effect":
                    bad = set(r) - EFFECT_FIELDS
                    if bad:
                        out.append(Finding("error", "trees", where(n), f"{t.id}/{n.id}: unknown effect field(s) {sorted(bad)}"))
                    if not n.ask and set(r) - {"applies", "notes"}:
                        out.append(Finding("error", "trees", where(n), f"{t.id}/{n.id}: only a question node has an effect "
                                           "on the auction (a goto node may only record what it applies)"))
                for f, allowed in (("offender_must_pass", MUST_PASS), ("partner_must_pass", MUST_PASS),
                                   ("next", NEXT), ("cancelled", CANCELLED), ("withdrawn", WITHDRAWN),
                                   ("partner_may_not_double", MUST_PASS)):
                    if r.get(f, allowed[0]) not in allowed:
                        out.append(Finding("error", "trees", where(n), f"{t.id}/{n.id}: {f}={r.get(f)!r} must be one of {list(allowed)}"))
                for f in ("applies", "notes"):
                    if f in r and not (isinstance(r[f], list) and all(isinstance(x, str) for x in r[f])):
                        out.append(Finding("error", "trees", where(n), f"{t.id}/{n.id}: {f} must be a list of keys"))
            if n.ruling is not None:
                r = n.ruling
                for f in ("lead_restrictions", "law_23", "adjusted_score", "adjusted_score_may", "procedural_penalty",
                          "judged_anew"):
                    if f in r and not isinstance(r[f], bool):
                        out.append(Finding("error", "trees", where(n), f"{t.id}/{n.id}: {f} must be true or false"))
                if not r.get("explanation"):
                    out.append(Finding("error", "trees", where(n), f"{t.id}/{n.id}: a ruling needs an explanation"))
        # reachability and cycles (within the tree)
        seen, stack, on_path = set(), [], set()

        def dfs(nid):
            if nid in on_path:
                out.append(Finding("error", "trees", f"{t.file}:{t.nodes[nid].line}", f"{t.id}: cycle through {nid!r}"))
                return
            if nid in seen or nid not in t.nodes:
                return
            seen.add(nid)
            on_path.add(nid)
            for target in t.nodes[nid].answers.values():
                dfs(target)
            on_path.discard(nid)

        dfs(t.start)
        for nid, n in t.nodes.items():
            if nid not in seen:
                out.append(Finding("error", "trees", where(n), f"{t.id}: node {nid!r} cannot be reached from {t.start!r}"))
    # gotos between trees must not loop
    def goto_cycle(tid, chain):
        for n in reg[tid].nodes.values():
            if n.goto in reg:
                if n.goto in chain:
                    return chain + [n.goto]
                c = goto_cycle(n.goto, chain + [n.goto])
                if c:
                    return c
        return None

    for tid in reg:
        c = goto_cycle(tid, [tid])
        if c:
            out.append(Finding("error", "trees", tid, f"trees go to each other in a cycle: {' > '.join(c)}"))
            break
    return out


# -- outcomes as data, and the worked examples ------------------------------------------------
def outcome_dict(o: Outcome, tree: Tree | None = None) -> dict:
    """An outcome as a flat record: the typed ruling's JSON (:mod:`laws.rulings.ruling`) of a tree walked from facts
    alone, with ``next`` and ``cancelled`` as the tree writes them (``offender``, ``irregular_call``): there is no
    record to name seats and calls."""
    r = Ruling.from_outcome(o, o.edition or (tree.edition if tree is not None else None))
    if r.lead_restrictions:
        r.law_26_condition = condition_of(LEAD_RESTRICTIONS, r.laws_edition)
    r.law_23_key = law_23_key(r.laws_edition) if r.law_23 else None
    r.follow_up = follow_up(r.notes, r.law_23_key, r.laws_edition) if o.status == "ruling" else None
    d = r.to_dict()
    if o.status == "ruling":
        d["next"], d["cancelled"] = r.next_by_law, r.cancelled_kind
    return d
