"""The reviewed corrections of a publication: what needed a human decision, each with its reason.

``laws/data/corrections/<publication>.yaml``::

    publication: es-aeb-2007
    corrections:
      - op: rename            # a provision (with its parts) takes another key
        key: AEB-PA
        to: AEB-AL
        reason: "..."
      - op: move_notes        # the notes of a provision belong to another one
        key: "21"
        to: "21B1"
        reason: "..."
      - op: note              # a paragraph is a note of its provision
        key: "20F1"
        starts: "En el juego con pantallas"
        label: "Nota AEB"
        reason: "..."
      - op: paragraph         # a note is a paragraph of its provision
        key: "..."
        starts: "..."
        reason: "..."
      - op: move              # a provision goes under another parent (it takes the next free label)
        key: "..."
        to: "..."
        reason: "..."
      - op: fold              # a lone part is its parent's own text (its parts become the parent's)
        key: "17A1"
        reason: "..."
      - op: unfold            # the reverse: from this paragraph on, a provision's text is its part
        key: "17A"
        starts: "..."
        reason: "..."

The importer itself folds a part the page did not label when it is its provision's only one (a list
of one item: :func:`laws.importer.model.fold_lone_parts`); ``unfold`` undoes that where the Laws
do have a lone part.

A correction applies to the laws the pages hold: one whose law is not among them is reported as
not applicable, never an error (importing another chapter of the same publication). A correction
whose law is imported but which does not fit (no such paragraph, no such provision) is an error
naming its line: the corrections are kept in step with the importer.
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import keys as K
from ..datafile import DataError, data_path, read_yaml
from .model import Node, Note, child_key, fold, nth_label, ordinal, relabel

OPS = {"rename": {"to"}, "move_notes": {"to"}, "note": {"starts", "label"}, "paragraph": {"starts"}, "move": {"to"},
       "fold": set(), "unfold": {"starts"}}
FIELDS = {"op", "key", "reason", "to", "starts", "label", "__line__"}


@dataclass
class Correction:
    op: str
    key: str
    reason: str
    args: dict
    line: int


def corrections_file(pub_id: str):
    return data_path("corrections", f"{pub_id}.yaml")


def read(pub_id: str, path=None) -> list:
    """The corrections of a publication (none when it has no file), validated."""
    path = path or corrections_file(pub_id)
    if not path.exists():
        return []
    doc = read_yaml(path)
    if not isinstance(doc, dict) or doc.get("publication") != pub_id or not isinstance(doc.get("corrections"), list):
        raise DataError(path, 1, f"a corrections file has 'publication: {pub_id}' and a list 'corrections'",
                        "see laws/importer/corrections.py")
    out = []
    for d in doc["corrections"]:
        if not isinstance(d, dict):
            raise DataError(path, doc["__line__"], "a correction must be a mapping", "write - op: ..., key: ..., reason: ...")
        line = d["__line__"]
        unknown = set(d) - FIELDS
        if unknown:
            raise DataError(path, line, f"unknown field(s) {sorted(unknown)}", f"allowed: {sorted(FIELDS - {'__line__'})}")
        op = d.get("op")
        if op not in OPS:
            raise DataError(path, line, f"unknown op {op!r}", f"use one of {', '.join(OPS)}")
        if not str(d.get("reason") or "").strip():
            raise DataError(path, line, "a correction needs its reason", "write reason: why a person decided so")
        missing = OPS[op] - set(d)
        if missing or "key" not in d:
            raise DataError(path, line, f"{op} needs {sorted(missing | ({'key'} - set(d)))}", "see laws/importer/corrections.py")
        try:
            K.from_canonical(str(d["key"]))
            if op in ("rename", "move_notes", "move"):
                K.from_canonical(str(d["to"]))
        except K.KeyError_ as e:
            raise DataError(path, line, str(e), "write keys in canonical form, e.g. 21B1 or AEB-AL") from None
        out.append(Correction(op, str(d["key"]), " ".join(str(d["reason"]).split()),
                              {k: str(v) for k, v in d.items() if k in ("to", "starts", "label")}, line))
    return out


def _find(laws: list, key) -> tuple[Node | None, Node | None]:
    """``(node, its parent)`` of ``key`` among ``laws``."""
    for law in laws:
        if law.key == key:
            return law, None
        for n in law.walk():
            for c in n.children:
                if c.key == key:
                    return c, n
    return None, None


def apply(laws: list, corrections: list, file: str) -> tuple[list, list]:
    """Apply ``corrections`` to ``laws`` (in place); returns ``(applied, not applicable)`` as dicts."""
    applied, skipped = [], []
    held = {law.key.law_key if hasattr(law.key, "law_key") else law.key for law in laws}
    for c in corrections:
        key = K.from_canonical(c.key)
        d = {"op": c.op, "key": c.key, "reason": c.reason, **c.args}
        if key.law_key not in held:
            skipped.append(d)
            continue
        node, parent = _find(laws, key)
        if node is None:
            raise DataError(file, c.line, f"{c.op}: the pages hold no {key.display}", "correct or remove the correction")
        if c.op == "rename":
            relabel(node, K.from_canonical(c.args["to"]))
        elif c.op == "move_notes":
            target, _ = _find(laws, K.from_canonical(c.args["to"]))
            if target is None or not node.notes:
                raise DataError(file, c.line, f"move_notes: {key.display} has no notes or {c.args['to']} is not imported",
                                "correct or remove the correction")
            target.notes.extend(node.notes)
            target.lines.extend(n.line for n in node.notes)
            node.notes = []
        elif c.op == "note":
            where = node.paras if any(p.startswith(c.args["starts"]) for p in node.paras) else node.tail
            hit = [p for p in where if p.startswith(c.args["starts"])]
            if len(hit) != 1:
                raise DataError(file, c.line, f"note: {key.display} has {len(hit)} paragraphs starting {c.args['starts']!r}",
                                "quote the start of exactly one paragraph")
            where.remove(hit[0])
            node.notes.append(Note(c.args["label"], hit[0]))
        elif c.op == "paragraph":
            hit = [n for n in node.notes if n.text.startswith(c.args["starts"])]
            if len(hit) != 1:
                raise DataError(file, c.line, f"paragraph: {key.display} has {len(hit)} notes starting {c.args['starts']!r}",
                                "quote the start of exactly one note")
            node.notes.remove(hit[0])
            node.paras.append(hit[0].text)
        elif c.op == "move":
            target, _ = _find(laws, K.from_canonical(c.args["to"]))
            if target is None or parent is None:
                raise DataError(file, c.line, f"move: {c.args['to']} is not imported (or {key.display} is a whole law)",
                                "correct or remove the correction")
            parent.children.remove(node)
            n = ordinal(target.children[-1].key) + 1 if target.children else 1
            relabel(node, child_key(target.key, nth_label(target.key, n)))
            node.reconstructed = True
            target.children.append(node)
        elif c.op == "fold":
            if parent is None or len(parent.children) != 1:
                raise DataError(file, c.line, f"fold: {key.display} is not the only part of its provision"
                                if parent is not None else f"fold: {key.display} is a whole law", "correct or remove the correction")
            fold(parent)
        elif c.op == "unfold":
            hit = [i for i, p in enumerate(node.paras) if p.startswith(c.args["starts"])]
            if len(hit) != 1 or node.children:
                raise DataError(file, c.line, f"unfold: {key.display} has {len(hit)} paragraphs starting "
                                f"{c.args['starts']!r}" + (" and parts already" if node.children else ""),
                                "quote the start of exactly one paragraph of a provision without parts")
            part = Node(child_key(node.key, nth_label(node.key, 1)), paras=node.paras[hit[0]:], reconstructed=True)
            node.paras = node.paras[:hit[0]]
            moved = "\n".join(part.paras)   # the notes anchored in the moved text go with it
            part.notes = [n for n in node.notes if n.after and n.after in moved]
            node.notes = [n for n in node.notes if n not in part.notes]
            node.children.append(part)
        applied.append(d)
    return applied, skipped
